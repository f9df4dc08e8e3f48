"""Seeded chance that lives inside the game state.

A state carries (seed, counter); every draw is a pure function of both, so the
same seed and the same actions always give the same game, and saving the seed
plus the action log is enough to rebuild any state.
"""

from __future__ import annotations

from _random import Random as _MT
from collections.abc import Sequence
from typing import TypeVar

from .core import Model
from .fast import evolve

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng(Model):
    seed: int
    counter: int = 0

    def _next(self) -> tuple[int, Rng]:
        value = _splitmix64((self.seed * 0x2545F4914F6CDD1D + self.counter) & _MASK)
        return value, evolve(self, counter=self.counter + 1)

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """A whole number in [low, high], and the advanced generator."""
        value, nxt = self._next()
        return low + value % (high - low + 1), nxt

    def d6(self) -> tuple[int, Rng]:
        return self.randint(1, 6)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """`random.Random(value).shuffle` (Python 3.11's Fisher-Yates over getrandbits), spelt
        out so the hot path skips the Python layers of `random`, and seeds no generator for
        one item or none (where the order cannot change). The order is pinned here: saves
        replay the same on a Python whose `random.shuffle` draws differently."""
        counter = self.counter
        value = _splitmix64((self.seed * 0x2545F4914F6CDD1D + counter) & _MASK)  # _next
        nxt = evolve(self, counter=counter + 1)
        out = list(items)
        if len(out) > 1:
            bits = _MT(value).getrandbits
            for i in range(len(out) - 1, 0, -1):
                n = i + 1
                k = n.bit_length()
                j = bits(k)
                while j >= n:
                    j = bits(k)
                out[i], out[j] = out[j], out[i]
        return tuple(out), nxt
