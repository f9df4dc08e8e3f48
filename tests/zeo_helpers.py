"""Helpers for the Zeo rules and card tests: build a table in a known position."""

from __future__ import annotations

from itertools import count

from tabletop_tui.engine import IllegalAction
from tabletop_tui.games.zeo_dbg.models import (
    Attached,
    Choose,
    Config,
    State,
)
from tabletop_tui.games.zeo_dbg.rules import ZeoRules

R = ZeoRules()
_ids = count(1)


def game(
    fmt: str = "1v1",
    chars: tuple[str, ...] | None = None,
    seed: int = 0,
    lone: str = "heroes",
    serpentera: bool = False,
    first: str = "0",
) -> State:
    """A game past setup with fixed characters: turn 1, Villain seat 0 in its Main Phase."""
    if chars is None:
        chars = {
            "1v1": ("gearwright", "renn"),
            "2v2": ("gearwright", "renn", "voltara", "mara"),
            "2v1": ("gearwright", "renn", "voltara")
            if lone == "heroes"
            else ("gearwright", "renn", "mara"),
        }[fmt]
    state = R.new_game(Config(format=fmt, lone=lone, characters=chars, serpentera=serpentera), seed)
    if state.decision is not None and state.decision.kind == "first":
        state = choose(state, first)  # two Villains: seat `first` goes first
    return state


def inst(card_id: str) -> str:
    return f"{card_id}#t{next(_ids)}"


def player(state: State, seat: int, **update) -> State:
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=update)
    return state.model_copy(update={"players": tuple(players)})


def team(state: State, t: int, **update) -> State:
    teams = list(state.teams)
    teams[t] = teams[t].model_copy(update=update)
    return state.model_copy(update={"teams": tuple(teams)})


def hand(state: State, seat: int, *card_ids: str) -> tuple[State, list[str]]:
    """Replace the seat's hand with fresh copies of these cards."""
    cards = [inst(c) for c in card_ids]
    return player(state, seat, hand=tuple(cards)), cards


def attach(
    state: State, seat: int, slot: int, card_id: str, ready: bool = True, stuck: bool = False
) -> tuple[State, str]:
    card = inst(card_id)
    slots = list(state.players[seat].slots)
    slots[slot] = Attached(card=card, ready=ready, stuck=stuck)
    return player(state, seat, slots=tuple(slots)), card


def grid(state: State, *card_ids: str | None) -> State:
    cells = [inst(c) if c else None for c in card_ids]
    cells += [None] * (6 - len(cells))
    return state.model_copy(update={"grid": tuple(cells)})


def energy(state: State, t: int, n: int) -> State:
    return team(state, t, energy=n)


def act(state: State, seat: int, action) -> State:
    new, _ = R.apply(state, seat, action)
    return new


def events(state: State, seat: int, action) -> tuple[State, list[str]]:
    new, ev = R.apply(state, seat, action)
    return new, [e.text for e in ev]


def choose(state: State, option: str) -> State:
    (seat,) = R.to_act(state)
    return act(state, seat, Choose(option=option))


def decline_all(state: State) -> State:
    while state.attack is not None:
        state = choose(state, "decline")
    return state


def rejected(state: State, seat: int, action) -> str:
    rej = R.check(state, seat, action)
    assert rej is not None, f"{action} should be illegal"
    try:
        R.apply(state, seat, action)
    except IllegalAction:
        pass
    else:  # pragma: no cover
        raise AssertionError("apply accepted an illegal action")
    return f"{rej.rule}: {rej.reason}"
