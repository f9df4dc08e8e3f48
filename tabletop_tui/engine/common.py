"""Rules plumbing the games share: one action object per move, two seats choosing at once,
a rule's refusal and the refusals every `check` starts with, one seat's part of a state
replaced, the end of a game, and hidden cards re-dealt for `hidden_variant`.

Actions are frozen values, so one object per distinct move serves every state: a game's
`legal_actions` hands out the same objects again (cheap to build, and `Rules.apply` knows
an action it handed out by identity).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from .core import Event, Outcome, Rejection, Seat, event, replace_at
from .fast import evolve, make

M = TypeVar("M")
S = TypeVar("S")

#: the other seat of a two-seat game
OTHER: tuple[Seat, Seat] = (1, 0)

_PAIRS = {
    (a, b): frozenset(i for i, waits in enumerate((a, b)) if waits)
    for a in (False, True)
    for b in (False, True)
}


def waiting_pair(first: bool, second: bool) -> frozenset[Seat]:
    """`to_act` of a two-seat game whose seats may each still owe a choice."""
    return _PAIRS[first, second]


def interned(kind: type[M]) -> Callable[..., M]:
    """A maker of `kind` actions from its fields' values, in the model's field order (the
    `kind` tag left out), giving the same object for the same values."""
    names = tuple(n for n in kind.model_fields if n != "kind")  # type: ignore[attr-defined]

    @cache
    def one(*values: Any) -> M:
        return kind(**dict(zip(names, values, strict=True)))

    return one


def refused(rule: str, reason: str) -> Rejection:
    """`Rejection(rule=rule, reason=reason)` for two strings the rules wrote, unvalidated
    (a game's `check` and `legal_actions` build many)."""
    return make(Rejection, rule=rule, reason=reason)


@dataclass(frozen=True)
class Closed:
    """What a game's `check` refuses before reading its own rules, in that game's words:
    any move once the game has an outcome (under the rule `over`), and a seat the table
    does not have (under the rule `seats`; `no_seat` says why, `{number}` standing for the
    seat as players count it). A game keeps one and calls it first."""

    over: str
    seats: str
    no_seat: str

    def __call__(self, state: Any, seat: Seat) -> Rejection | None:
        if state.outcome is not None:
            return refused(self.over, "The game is over")
        if not 0 <= seat < len(state.seats):
            return refused(self.seats, self.no_seat.format(number=seat + 1))
        return None


def with_seat(state: S, seat: Seat, new: Any) -> S:
    """`state` with the part of seat `seat` in `state.seats` replaced by `new` (states are
    frozen: the other seats are shared, not copied)."""
    return evolve(state, seats=replace_at(state.seats, seat, new))  # type: ignore[attr-defined]


def game_over(state: S, outcome: Outcome, **changes: Any) -> tuple[S, Event]:
    """The game ends with `outcome`: `state` in its "over" phase holding it (with any other
    `changes`), and the event that tells everyone (new information: undo stops there)."""
    over = evolve(state, phase="over", outcome=outcome, **changes)  # type: ignore[type-var]
    return over, event(text=outcome.summary, kind="over", barrier=True)


def redeal(rng: random.Random, *piles: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The cards of `piles` shuffled together and dealt back into piles of the same sizes:
    another seat's hidden cards as a seat that cannot see them might believe them to be."""
    pool = [card for pile in piles for card in pile]
    rng.shuffle(pool)
    out = []
    start = 0
    for pile in piles:
        out.append(tuple(pool[start : start + len(pile)]))
        start += len(pile)
    return tuple(out)
