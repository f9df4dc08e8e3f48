"""What reaches `check` from outside: other games' actions and odd objects.

Issue 17 item 10: ZOOBOTZ's check raised AttributeError on an object that is not one of its
actions. The engine screens every action before a game's own check (Rules.screen): it must
be one of the game's action models, with every field of the right type and inside the
bounds its model declares, even when it was built with `model_construct`.
"""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest
from conformance import (
    as_json,
    choose,
    expect_rejected,
    find_legal,
    other_games_actions,
    seat_range,
)

from tabletop_tui.engine import Rejection
from tabletop_tui.games import engine_ids, get_rules

GAME_IDS = engine_ids()


def _states(rules, seed: int = 5, every: int = 6) -> list:
    """States along an eager random game: setup, the middle and the end."""
    rng = random.Random(seed)
    state = rules.new_game(rules.default_config(), seed)
    states = [state]
    while rules.to_act(state):
        seat = rng.choice(sorted(rules.to_act(state)))
        state, _ = rules.apply(state, seat, choose(rules.legal_actions(state, seat), rng, True))
        states.append(state)
    return states[::every] + states[-1:]


def _numeric_fields(cls) -> list[tuple[str, Any]]:
    out = []
    for name, info in cls.model_fields.items():
        args = set(typing.get_args(info.annotation)) - {type(None)}
        base = args.pop() if len(args) == 1 else info.annotation
        inner = set(typing.get_args(base)) - {Ellipsis}
        if base is int or (typing.get_origin(base) is tuple and inner and inner <= {int}):
            out.append((name, info))
    return out


def _sample(cls) -> Any:
    """A well-formed instance of an action model (the field values need not be legal)."""
    values: dict[str, Any] = {}
    for name, info in cls.model_fields.items():
        if not info.is_required():
            continue
        annotation = info.annotation
        if typing.get_origin(annotation) is typing.Literal:
            values[name] = typing.get_args(annotation)[0]
        elif annotation is str:
            values[name] = "x"
        elif annotation is bool:
            values[name] = False
        elif typing.get_origin(annotation) is tuple:
            values[name] = tuple("x" for a in typing.get_args(annotation) if a is str)
        else:
            values[name] = 0
    return cls.model_validate(values)


# -- issue 17 item 10: not this game's action -------------------------------------------------
class _Stranger:
    kind = "end"
    card = "a"
    bot = "b"


def _strangers(game_id: str) -> list:
    """Objects that are not actions of `game_id`: odd values and every other game's actions."""
    own = sorted(get_rules(game_id, unfinished=True).action_classes(), key=lambda c: c.__name__)
    sneaky = type("Sneaky", (own[0],), {})  # a subclass is not one of the game's models
    return [
        None,
        0,
        "end",
        {"kind": "end"},
        [],
        _Stranger(),
        sneaky.model_construct(),
        *other_games_actions(game_id)[::7],
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_other_games_actions_and_odd_objects_are_refused_cleanly(game_id):
    """Issue 17 item 10: every game answers a foreign object with a Rejection, never a crash,
    at every stage of a game, and the state stays byte-identical."""
    rules = get_rules(game_id, unfinished=True)
    strangers = _strangers(game_id)
    assert len(strangers) > 10
    tried = 0
    for state in _states(rules):
        before = as_json(state)
        for seat in seat_range(rules, state):
            for obj in strangers:
                rejection = expect_rejected(rules, state, seat, obj, before)
                assert rejection.rule == "Moves"
                assert rules.title in rejection.reason
                tried += 1
    assert tried > 100


def test_zoobotz_own_check_refuses_another_games_action_in_the_main_phase():
    """Issue 17 item 10 as reported: in the main phase ZOOBOTZ's check read `.bot` from any
    action that was not one of its first kinds. Its own check (under the engine's screen)
    now refuses too."""
    rules = get_rules("zoobotz", unfinished=True)
    match, seat, _ = find_legal(rules, lambda a: a.kind == "invest")
    from tabletop_tui.games.zeo_dbg.models import Play as ZeoPlay

    zeo_play = ZeoPlay(card="zeo-blaster#1")  # has a card, no bot
    own_check = type(rules).check.__wrapped__
    for obj in (zeo_play, _Stranger(), None):
        assert isinstance(own_check(rules, match.state, seat, obj), Rejection)
        assert isinstance(rules.check(match.state, seat, obj), Rejection)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seats_that_are_not_numbers_are_refused(game_id):
    rules = get_rules(game_id, unfinished=True)
    state = rules.new_game(rules.default_config(), 2)
    seat = min(rules.to_act(state))
    action = rules.legal_actions(state, seat)[0]
    before = as_json(state)
    for bad in ("0", None, True, 0.0, -1, 99, 10**40):
        expect_rejected(rules, state, bad, action, before)
