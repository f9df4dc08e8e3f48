"""The engine remembers the last legal_actions answer and the action objects it has
screened (see Rules.apply and Rules.screen_action). Neither shortcut may let an illegal
or foreign move through."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import IllegalAction
from tabletop_tui.games import get_rules


def _next_state(rules, seed: int = 3):
    state = rules.new_game(rules.default_config(), seed)
    seat = min(rules.to_act(state))
    legal = rules.legal_actions(state, seat)
    return state, seat, legal


@pytest.mark.parametrize("game_id", ["zoobotz", "zeo-dbg", "army-of-zero"])
def test_asking_again_gives_the_same_list_and_callers_may_change_theirs(game_id):
    rules = get_rules(game_id)
    state, seat, legal = _next_state(rules)
    first = list(legal)
    legal.clear()  # a caller's own list: the remembered answer is not touched
    again = rules.legal_actions(state, seat)
    assert again == first and again
    again.append("junk")
    assert rules.legal_actions(state, seat) == first


@pytest.mark.parametrize("game_id", ["zoobotz", "zeo-dbg", "army-of-zero"])
def test_a_move_from_an_older_answer_is_checked_against_the_new_state(game_id):
    """Engine contract: apply checks first. A move object listed for one state and then
    played in a later state where it is illegal is refused, even though legal_actions
    handed out that very object."""
    rules = get_rules(game_id)
    rng = random.Random(5)
    state = rules.new_game(rules.default_config(), 5)
    refused = 0
    for _ in range(300):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = rules.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        after, _ = rules.apply(state, seat, action)
        if rules.to_act(after):
            next_seat = min(rules.to_act(after))  # the memo still holds the old state
            for old in legal:
                if rules.check(after, next_seat, old) is not None:
                    with pytest.raises(IllegalAction):
                        rules.apply(after, next_seat, old)
                    refused += 1
                    break
        state = after
    assert refused > 10


def test_an_action_screened_by_one_game_is_still_foreign_to_another():
    """Every game refuses another game's moves ("not a move of ..."), remembered or not."""
    zeo, zoo = get_rules("zeo-dbg"), get_rules("zoobotz")
    state, seat, legal = _next_state(zeo)
    assert zeo.check(state, seat, legal[0]) is None  # screened and remembered by Zeo
    zstate, zseat, _ = _next_state(zoo)
    rejection = zoo.check(zstate, zseat, legal[0])
    assert rejection is not None and "not a move of ZOOBOTZ" in rejection.reason


def test_a_remembered_action_is_checked_for_another_seat():
    rules = get_rules("army-of-zero")
    state = rules.new_game(rules.default_config(), 1)
    seats = sorted(rules.to_act(state))
    legal = rules.legal_actions(state, seats[0])
    others = [s for s in range(2) if s not in rules.to_act(state)] or [seats[0] + 7]
    with pytest.raises(IllegalAction):
        rules.apply(state, others[0], legal[0])
