"""Rules plumbing the games share: one action object per move, two seats choosing at once.

Actions are frozen values, so one object per distinct move serves every state: a game's
`legal_actions` hands out the same objects again (cheap to build, and `Rules.apply` knows
an action it handed out by identity).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from .core import Seat

M = TypeVar("M")

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
    def make(*values: Any) -> M:
        return kind(**dict(zip(names, values, strict=True)))

    return make
