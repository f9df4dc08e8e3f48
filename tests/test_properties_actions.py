"""What reaches `check` from outside: other games' actions, odd objects, numbers out of range.

Issue 17 item 10 (ZOOBOTZ's check raised AttributeError on an object that is not one of its
actions) and issue 15 item 2 (a negative X on Blade Blaster passed check and raised the
energy pool). The engine screens every action before a game's own check (Rules.screen):
it must be one of the game's action models, with every field of the right type and inside
the bounds its model declares, even when it was built with `model_construct`.
"""

from __future__ import annotations

import json
import random
import typing
from typing import Annotated, Any

import pytest
from conformance import (
    as_json,
    choose,
    expect_rejected,
    find_legal,
    other_games_actions,
    seat_range,
)
from pydantic import TypeAdapter, ValidationError

from tabletop_tui.engine import IllegalAction, Rejection
from tabletop_tui.engine.match import Match, SaveError
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
        inner = {
            typing.get_args(a)[0] if hasattr(a, "__metadata__") else a
            for a in typing.get_args(base)
        }
        inner -= {Ellipsis}
        if base is int or (typing.get_origin(base) is tuple and inner and inner <= {int}):
            out.append((name, info))
    return out


def _limits(info) -> tuple[int, int]:
    """A number's bounds: on the field, or on the items of a tuple of numbers."""
    metadata = list(info.metadata)
    for item in typing.get_args(info.annotation):
        metadata += getattr(item, "__metadata__", ())
    for meta in list(metadata):
        metadata += getattr(meta, "metadata", ())  # a FieldInfo inside Annotated
    lows = [m.ge for m in metadata if getattr(m, "ge", None) is not None]
    highs = [m.le for m in metadata if getattr(m, "le", None) is not None]
    assert lows and highs, f"{info} has no bounds"
    return lows[0], highs[0]


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


# -- issue 15 item 2: every number of every action is range-checked ---------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_number_in_every_action_has_bounds_and_names_its_rule(game_id):
    """A negative or absurd number is refused by the model itself, so a save holding one
    does not even parse; each bounded field names the rule that limits it."""
    rules = get_rules(game_id, unfinished=True)
    fields = [(c, n, i) for c in rules.action_classes() for n, i in _numeric_fields(c)]
    for cls, name, info in fields:
        assert info.metadata or typing.get_origin(info.annotation) is tuple, (
            f"{cls.__name__}.{name} has no bounds: declare them with engine.bounded(...)"
        )
        bounded_type = (
            Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
        )
        adapter = TypeAdapter(bounded_type)
        is_tuple = typing.get_origin(info.annotation) is tuple
        for bad in (-1, 10**20):
            with pytest.raises(ValidationError):
                adapter.validate_python((bad,) if is_tuple else bad)
        extra = info.json_schema_extra
        assert isinstance(extra, dict) and extra.get("rule"), f"{cls.__name__}.{name} names no rule"
    if game_id in ("zoobotz", "zeo-dbg", "hotg"):
        assert fields, f"{game_id} has numbered actions"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_numbers_out_of_range_are_refused_even_in_unvalidated_actions(game_id):
    """`model_construct` skips validation; `check` still refuses each number outside its
    bounds (with the field's rule) and each number of the wrong type, at every stage."""
    rules = get_rules(game_id, unfinished=True)
    tried = 0
    for state in _states(rules, every=15):
        before = as_json(state)
        seat = min(rules.to_act(state), default=0)
        for cls in sorted(rules.action_classes(), key=lambda c: c.__name__):
            base = _sample(cls)
            for name, info in _numeric_fields(cls):
                lo, hi = _limits(info)
                is_tuple = typing.get_origin(info.annotation) is tuple
                for bad in (lo - 1, hi + 1, -(2**63), 10**5000):
                    action = cls.model_construct(
                        **{**base.__dict__, name: (bad,) if is_tuple else bad}
                    )
                    rejection = expect_rejected(rules, state, seat, action, before)
                    assert rejection.rule == info.json_schema_extra["rule"]
                    tried += 1
                for wrong in (True, 1.0, "1", [1]):
                    action = cls.model_construct(**{**base.__dict__, name: wrong})
                    expect_rejected(rules, state, seat, action, before)
                    tried += 1
    if game_id in ("zoobotz", "zeo-dbg", "hotg"):
        assert tried > 0


def _blade_blaster():
    rules = get_rules("hotg", unfinished=True)
    return rules, *find_legal(rules, lambda a: a.kind == "play" and "blade-blaster" in a.card)


def test_blade_blaster_with_a_negative_x_is_refused_and_the_pool_keeps_its_energy():
    """Issue 15 item 2, as reported: X is the energy paid for an X cost (base rules, X-cost
    cards), so it is never below 0; PlayCard x=-5 was accepted and added 5 to the pool."""
    rules, match, seat, legal = _blade_blaster()
    state, pool = match.state, match.state.battle.pool
    before = as_json(state)
    for x in (-5, -1):
        bad = legal.model_copy(update={"x": x})  # model_copy does not validate either
        rejection = expect_rejected(rules, state, seat, bad, before)
        assert rejection.rule == "Energy (§5.5)"
        assert f"not {x}" in rejection.reason
        with pytest.raises(IllegalAction):
            match.play(seat, bad)
        assert match.state.battle.pool == pool
    with pytest.raises(ValidationError):
        rules.parse_action({**rules.dump_action(legal), "x": -5})
    # the same card with an X the pool can pay is still fine
    assert rules.check(state, seat, legal) is None


def test_a_save_holding_a_negative_x_does_not_load(tmp_path):
    """Issue 15 item 2: "a save holding it loads" - no more: the file is refused, naming the
    action and the field."""
    rules, match, seat, legal = _blade_blaster()
    path = tmp_path / "hotg.json"
    match.save(path)
    data = json.loads(path.read_text("utf-8"))
    data["actions"].append({"seat": seat, "action": {**rules.dump_action(legal), "x": -5}})
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SaveError) as err:
        Match.load(path)
    message = str(err.value)
    assert f"action #{len(data['actions'])}" in message and "x" in message


def test_zeo_grid_index_minus_one_no_longer_buys_the_last_grid_card():
    """Buying names one of the 6 Grid spaces (0-5). An unvalidated index -1 used to reach
    `grid[-1]`, the last space, and pass the check."""
    rules = get_rules("zeo-dbg", unfinished=True)
    # a state where the last space (5) can be bought, so -1 would name a buyable card
    match, seat, buy = find_legal(
        rules, lambda a: a.kind == "buy" and a.source == "grid" and a.index == 5
    )
    bad = type(buy).model_construct(**{**buy.__dict__, "index": -1})
    rejection = expect_rejected(rules, match.state, seat, bad, as_json(match.state))
    assert rejection.rule == "Buying Cards"


def test_zoobotz_research_with_minus_one_card_is_refused():
    """RESEARCH USEs a Bot and up to its value in UNUSED invested cards: never fewer than 0."""
    rules = get_rules("zoobotz", unfinished=True)
    match, seat, research = find_legal(rules, lambda a: a.kind == "research")
    bad = research.model_copy(update={"cards": -1})
    rejection = expect_rejected(rules, match.state, seat, bad, as_json(match.state))
    assert rejection.rule == "RESEARCH"


# -- found by fuzzing: naming an illegal action must not crash ---------------------------------
@pytest.mark.parametrize(
    ("game_id", "data"),
    [
        # benchmarks/fuzz.py, hotg seed 1125 and zeo-dbg seed 1343: a save whose last action
        # names another game's card, or battles nothing, crashed the loader while it named
        # the illegal action
        ("hotg", {"kind": "play", "card": "zeo-blaster#4"}),
        ("hotg", {"kind": "scheme", "card": "x"}),
        ("zeo-dbg", {"kind": "battle"}),
    ],
)
def test_a_save_ending_in_an_action_the_game_cannot_word_is_refused_by_name(
    game_id, data, tmp_path
):
    rules = get_rules(game_id, unfinished=True)
    match = Match(rules, rules.default_config(), 1)
    path = tmp_path / "game.json"
    match.save(path)
    saved = json.loads(path.read_text("utf-8"))
    saved["actions"].append({"seat": 0, "action": data})
    path.write_text(json.dumps(saved), "utf-8")
    with pytest.raises(SaveError) as err:
        Match.load(path)
    assert "action #1" in str(err.value) and data["kind"] in str(err.value)
    assert rules.describe(rules.parse_action(data)).startswith(data["kind"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_describe_words_anything_without_crashing(game_id):
    rules = get_rules(game_id, unfinished=True)
    for obj in _strangers(game_id):
        assert isinstance(rules.describe(obj), str)


class _CheckMixin:
    def check(self, state, seat, action):
        return None

    def describe(self, action):
        return action.card.upper()


def test_rules_assembled_from_mixins_are_screened_too():
    """A game whose check and describe live in mixins (HotG and Zeo split their rules so)
    still gets the engine's screen and describe fallback."""
    from tabletop_tui.engine import Rules

    rules_cls = get_rules("army-of-zero", unfinished=True).__class__
    toy = type("Toy", (_CheckMixin, rules_cls), {})()
    rejection = toy.check(None, 0, None)
    assert isinstance(rejection, Rejection) and rejection.rule == "Moves"
    assert toy.describe(None) == "None"
    assert type(toy).check.screened and issubclass(type(toy), Rules)
