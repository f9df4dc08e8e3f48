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


# Heroes of the Grid in the modes whose set-up and battles take other paths
_HOTG_MODES = (
    {"names": ("A", "B", "C", "Evil"), "mode": "mastermind"},
    {"names": ("A", "B", "C", "D"), "mode": "psycho_assault"},
    {"names": ("A", "B", "C"), "headquarters": "command_center_assault", "boss": "psycho_rangers"},
)


@pytest.mark.parametrize(
    ("game_id", "fields"),
    [*((g, {}) for g in playable_ids()), *(("hotg", f) for f in _HOTG_MODES)],
)
def test_every_unvalidated_build_equals_validation(game_id, fields, monkeypatch):
    """Each model `make` or `event` builds and each copy `evolve` makes along random games
    (events, rejections, sub-states: not only the states the test above compares) is the
    model validation gives for the same fields: a list where a tuple is declared, or a
    field validation would change, fails here, naming the model."""
    from tabletop_tui.engine import fast

    set_private = fast._set_private  # the last step of the builders (core.event's: fast.built)
    checked: list[str] = []

    def checking(new, value) -> None:
        set_private(new, value)
        again = type(new).model_validate(dict(new.__dict__))
        assert again == new, f"{type(new).__name__} built unvalidated differs: {new!r}"
        checked.append(type(new).__name__)

    monkeypatch.setattr(fast, "_set_private", checking)
    rules = get_rules(game_id)
    config = rules.config_type(**fields)
    for seed in range(12 if game_id == "hotg" else 2):  # a random Heroes game is short
        rng = random.Random(seed)
        state = rules.new_game(config, seed)
        for _ in range(300):
            seats = rules.to_act(state)
            if not seats:
                break
            seat = min(seats)
            legal = rules.legal_actions(state, seat)
            state, _ = rules.apply(state, seat, legal[rng.randrange(len(legal))])
    assert "Event" in checked and len(checked) > 100
