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
        return _shuffled(self.seed, counter, items), evolve(self, counter=counter + 1)


def _shuffled(seed: int, counter: int, items: Sequence[T]) -> tuple[T, ...]:
    """`Rng(seed=seed, counter=counter).shuffled(items)[0]`."""
    out = list(items)
    top = len(out)
    if top > 1:
        value = _splitmix64((seed * 0x2545F4914F6CDD1D + counter) & _MASK)  # Rng._next
        bits = _MT(value).getrandbits
        while top > 1:  # `random.shuffle`'s j = randbelow(n) for n = top, top - 1, ..., 2,
            k = top.bit_length()  # in runs of one bit length k (no bit_length per card)
            low = 1 << (k - 1)
            for n in range(top, low - 1, -1):
                j = bits(k)
                while j >= n:
                    j = bits(k)
                i = n - 1
                out[i], out[j] = out[j], out[i]
            top = low - 1
    return tuple(out)


class Deal:
    """Draws in a row from one Rng (setting up a game takes a dozen shuffles) without a
    new Rng per draw: each gives what the same call on the Rng would, and `rng` is the
    Rng after all of them."""

    __slots__ = ("_start", "_seed", "counter")

    def __init__(self, rng: Rng):
        self._start, self._seed, self.counter = rng, rng.seed, rng.counter

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        self.counter += 1
        return _shuffled(self._seed, self.counter - 1, items)

    def skip(self) -> Deal:
        """A Deal for the next draw alone, and this one moved past it: a draw whose result
        may go unused (only its place in the sequence counts) is made only if needed."""
        later = Deal(self._start)
        later.counter = self.counter
        self.counter += 1
        return later

    def randint(self, low: int, high: int) -> int:
        self.counter += 1
        value = _splitmix64((self._seed * 0x2545F4914F6CDD1D + self.counter - 1) & _MASK)
        return low + value % (high - low + 1)

    @property
    def rng(self) -> Rng:
        start = self._start
        return start if self.counter == start.counter else evolve(start, counter=self.counter)
