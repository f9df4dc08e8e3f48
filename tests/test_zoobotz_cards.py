"""ZOOBOTZ card data (the original pool and the ready-made decks, clear errors) and the
heuristic bot (legal, view-only, beats RandomBot, finishes games for 2-6 players)."""

from __future__ import annotations

import inspect
import random
import shutil
import typing
from pathlib import Path

import pytest

from tabletop_tui import cards as cards_module
from tabletop_tui.cards import CardDataError, shipped_root
from tabletop_tui.engine.bots import RandomBot, bot_rng
from tabletop_tui.games import GAMES, get_rules, make_bot
from tabletop_tui.games.zoobotz import bot as bot_module
from tabletop_tui.games.zoobotz.bot import ZoobotzBot
from tabletop_tui.games.zoobotz.cards import (
    GAME_ID,
    MAX_COPIES,
    MIN_DECK,
    deck_problems,
    load_cards,
    load_catalog,
)
from tabletop_tui.games.zoobotz.effects import TRIGGERS
from tabletop_tui.games.zoobotz.models import DEFAULT_DECKS, Config, State, View

PLANS = {"research rush", "hacking", "shields and control", "balanced"}


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(autouse=True)
def _no_override():
    yield
    cards_module.set_cards_dir(None)


def copy_cards(tmp_path: Path) -> Path:
    folder = tmp_path / GAME_ID
    shutil.copytree(shipped_root() / GAME_ID, folder)
    return folder


# -- the shipped pool ------------------------------------------------------------------------
def test_at_least_40_distinct_original_cards(cat):
    assert len(cat.cards) >= 40
    names = [c.name for c in cat.cards.values()]
    assert len(set(names)) == len(names)
    kinds = {c.kind for c in cat.cards.values()}
    assert kinds == {"bot", "program", "module"}
    assert sum(c.kind == "bot" for c in cat.cards.values()) >= 25


def test_botz_cost_and_value_1_to_6_and_are_zoo_animals(cat):
    for card in cat.cards.values():
        if card.kind == "bot":
            assert 1 <= card.cost <= 6 and 1 <= card.value <= 6, card.id
            assert card.flavor, f"{card.id}: name the animal in the flavour text"
        else:
            assert card.value is None and 0 <= card.cost <= 6


def test_the_pool_uses_every_word_of_the_vocabulary(cat):
    """deal / delete / move RISK, UNUSE, draw, extra invest, gain RESEARCH; every trigger and
    every ongoing modifier appear on some card."""
    effects, triggers, mods = set(), set(), set()
    for card in cat.cards.values():
        for trigger in TRIGGERS:
            for effect in getattr(card, trigger):
                effects.add(effect.do)
                triggers.add(trigger)
        mods |= {m.mod for m in card.ongoing}
    assert effects == {
        "deal_risk", "delete_risk", "move_risk", "unuse", "draw", "extra_invest", "gain_research"
    }  # fmt: skip
    assert triggers == set(TRIGGERS)
    assert mods == {"value_bonus", "armor", "hack_bonus", "cost_discount"}


def test_card_text_is_generated_for_every_card(cat):
    for card in cat.cards.values():
        has_ability = card.ongoing or any(getattr(card, t) for t in TRIGGERS)
        assert bool(card.text) == bool(has_ability), card.id
        assert "None" not in card.text


def test_four_ready_made_40_card_decks_with_different_plans(cat):
    assert len(cat.decks) >= 4
    assert {d.plan for d in cat.decks.values()} >= PLANS
    for deck in cat.decks.values():
        assert deck.size == MIN_DECK == 40, deck.id
        assert max(deck.cards.values()) <= MAX_COPIES == 4
        assert set(deck.cards) <= set(cat.cards)
        assert deck_problems(deck.cards, cat.cards) == []
    assert set(DEFAULT_DECKS) <= set(cat.decks)


def test_load_cards_for_cards_validate(cat):
    assert {c.id for c in load_cards()} == set(cat.cards)


def test_the_default_config_deals_every_seat_a_shipped_deck():
    for n in range(2, 7):
        config = Config(names=tuple(f"P{i}" for i in range(n)))
        assert len(config.decks) == n and config.decks[0] != config.decks[1]


# -- errors name the file, the card and the field -----------------------------------------------
def _break(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = copy_cards(tmp_path)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    "name, old, new, needles",
    [
        ("botz.toml", "cost = 1\nvalue = 1", "cost = 1\nvalue = 7", ["botz.toml", "'Servo Sparrow'", "field 'value'"]),
        ("botz.toml", "cost = 1\nvalue = 1\n", "cost = 1\n", ["'Servo Sparrow'", "field 'value'", "needs a value"]),
        ("botz.toml", 'do = "draw", count = 1', 'do = "zap", count = 1', ["'Servo Sparrow'", "field 'on_play.0'", "zap"]),
        ("botz.toml", 'amount = 1, target = "chosen_opposing" }]\n\n[[card]]\nid = "laser-lynx"',
         'amount = 9, target = "chosen_opposing" }]\n\n[[card]]\nid = "laser-lynx"',
         ["'Piranha Packet'", "field 'on_play.0.deal_risk.amount'"]),
        ("botz.toml", 'when_dealt_risk = [{ do = "draw", count = 1 }]',
         'when_dealt_risk = [{ do = "deal_risk", amount = 1 }]', ["'Mantis Malware'", "field 'when_dealt_risk'", "another player's turn"]),
        ("programs.toml", 'on_play = [{ do = "unuse", target = "chosen_yours" }]',
         'on_play = [{ do = "unuse", target = "this" }]', ["programs.toml", "'Overclock'", "field 'on_play'", "no Bot"]),
        ("modules.toml", 'scope = "all_yours" }]\n\n[[card]]\nid = "attack-script"',
         'scope = "this" }]\n\n[[card]]\nid = "attack-script"', ["'Armor Plating'", "field 'ongoing'"]),
        ("programs.toml", 'id = "data-dump"', 'id = "overclock"', ["programs.toml", "field 'id'", "also used"]),
        ("deck-hacking.toml", "piranha-packet = 3", "piranha-packet = 5", ["deck-hacking.toml", "deck 'Hacking'", "field 'cards.piranha-packet'", "1 to 4"]),
        ("deck-hacking.toml", "piranha-packet = 3", "piranha-pocket = 3", ["deck 'Hacking'", "field 'cards.piranha-pocket'", "no such card"]),
        ("deck-hacking.toml", "piranha-packet = 3", "piranha-packet = 2", ["deck 'Hacking'", "field 'cards'", "39 cards"]),
        ("deck-hacking.toml", 'id = "hacking"', 'id = "Hacking!"', ["deck-hacking.toml", "field 'id'"]),
    ],
)  # fmt: skip
def test_bad_card_data_is_reported_with_file_card_and_field(tmp_path, name, old, new, needles):
    folder = _break(tmp_path, name, old, new)
    with pytest.raises(CardDataError) as info:
        load_catalog(folder)
    message = str(info.value)
    for needle in needles:
        assert needle in message, message


def test_a_config_deck_must_be_a_legal_deck(cat):
    from tabletop_tui.games.zoobotz.models import CustomDeck

    rules = get_rules("zoobotz", unfinished=True)
    with pytest.raises(ValueError, match="unknown deck 'nope'"):
        rules.new_game(Config(decks=("nope", "hacking")), 1)
    mine = CustomDeck(name="Mine", cards=tuple(cat.decks["hacking"].cards.items()))
    state = rules.new_game(Config(decks=(mine, "balanced")), 1)
    assert rules.view(state, 0).seats[0].deck_name == "Mine"


# -- the bot ---------------------------------------------------------------------------------------
def test_registry_lists_zoobotz_rules_bot_and_screen():
    info = GAMES["zoobotz"]
    assert info.rules_path and info.bot_path and info.ready and info.playable
    assert get_rules("zoobotz") is not None
    assert isinstance(make_bot("zoobotz", "heuristic"), ZoobotzBot)


def test_bot_sees_a_view_and_nothing_else():
    params = inspect.signature(ZoobotzBot.choose).parameters
    assert list(params) == ["self", "view", "legal", "seat", "rng"]
    hints = typing.get_type_hints(ZoobotzBot.choose)
    assert hints["view"] is View and hints["rng"] is random.Random
    assert all(value is not State for value in vars(bot_module).values())


def _game(seed: int, bots: list, decks: tuple[str, ...]):
    rules = get_rules("zoobotz", unfinished=True)
    config = Config(names=tuple(f"P{i}" for i in range(len(decks))), decks=decks)
    state = rules.new_game(config, seed)
    step = 0
    while rules.to_act(state):
        assert step < 3000, "the game did not finish"
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal, seat, bot_rng(seed, step, seat))
        assert action in legal, f"the bot chose an illegal action {action!r}"
        state, _ = rules.apply(state, seat, action)
        step += 1
    return rules.outcome(state)


def test_bot_beats_random_in_two_player_games(cat):
    """Issue #4: the heuristic bot beats RandomBot in at least 65% of two-player games (the
    400-game figure is in benchmarks/zoobotz_balance.py; 120 games here)."""
    decks = sorted(cat.decks)
    wins = 0
    games = 120
    for n in range(games):
        me = n % 2
        bots = [ZoobotzBot(), RandomBot()] if me == 0 else [RandomBot(), ZoobotzBot()]
        outcome = _game(n, bots, (decks[n % 4], decks[(n // 4) % 4]))
        wins += me in outcome.winners
    assert wins / games >= 0.65


@pytest.mark.parametrize("players", [3, 4, 6])
def test_bots_finish_multiplayer_games(cat, players):
    decks = tuple(sorted(cat.decks)[i % 4] for i in range(players))
    for seed in range(3):
        outcome = _game(seed, [ZoobotzBot() for _ in range(players)], decks)
        assert outcome is not None and len(outcome.winners) == 1


def test_cards_validate_and_schema_from_the_command_line(capsys):
    """`tabletop-tui cards validate zoobotz` checks the pool and decks; the schema fits them."""
    import json
    import tomllib

    from tabletop_tui.cli import main

    assert main(["cards", "validate", "zoobotz"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("zoobotz: ") and " cards valid in " in out
    assert main(["cards", "schema", "zoobotz"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema = pytest.importorskip("jsonschema")
    for path in sorted((shipped_root() / GAME_ID).glob("*.toml")):
        if not path.name.startswith("deck-"):
            with open(path, "rb") as fh:
                jsonschema.validate(tomllib.load(fh), schema)
