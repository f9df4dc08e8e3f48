"""States and views the rules build without validation (`engine.fast.make`, for speed at
start-up and on every move) must be the very models validation would give: the same
field types (a tuple, not a list; an int, not a bool) and the same JSON. Checked on the
states and every seat's view along seeded random games of every game."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games import get_rules, playable_ids


def _same_as_validated(model) -> None:
    again = type(model).model_validate(model.model_dump())
    assert again == model, f"{type(model).__name__} differs from its validated copy"
    assert again.model_dump_json() == model.model_dump_json()


@pytest.mark.parametrize("game_id", playable_ids())
def test_built_states_and_views_equal_validated_ones(game_id):
    rules = get_rules(game_id)
    config = rules.default_config()
    for seed in range(2):
        rng = random.Random(seed)
        state = rules.new_game(config, seed)
        for step in range(40):
            _same_as_validated(state)
            for seat in (None, *range(rules.seat_count(config))):
                _same_as_validated(rules.view(state, seat))
            seats = rules.to_act(state)
            if not seats:
                break
            seat = min(seats)
            legal = rules.legal_actions(state, seat)
            state, _ = rules.apply(state, seat, legal[rng.randrange(len(legal))])
            assert step < 39 or rules.to_act(state) is not None
