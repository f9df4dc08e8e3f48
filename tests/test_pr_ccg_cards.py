"""Power Rangers CCG (2008) card data: the shipped decks, original names, clear errors."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tabletop_tui import cards as cards_module
from tabletop_tui.cards import CardDataError, shipped_root
from tabletop_tui.cli import main
from tabletop_tui.games.pr_ccg_2008.cards import DECK_SIZE, GAME_ID, load_card_set, load_cards
from tabletop_tui.games.pr_ccg_2008.models import Config

#: words of the show's trademarks and its characters, villains, seasons and devices; the
#: set is original and only the game's own title may name the show
TRADEMARKS = re.compile(
    r"ranger|zord|morph|power|mighty|\bzeo\b|turbo|putty|tengu|\brita\b|zedd|goldar|"
    r"\brito\b|\bivan\b|ooze|divatox|astronema|dark specter|lothor|mesogog|venjix|dai shi|"
    r"grumm|gruumm|\bspd\b|s\.p\.d|lightspeed|time force|wild force|ninja storm|"
    r"dino thunder|dino charge|jungle fury|mystic force|lost galaxy|overdrive|samurai|"
    r"megaforce|battlizer|sentai|bandai|saban|hasbro|\bgrid\b|psycho",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def card_set():
    return load_card_set()


@pytest.fixture(autouse=True)
def _no_override():
    yield
    cards_module.set_cards_dir(None)


def copy_cards(tmp_path: Path) -> Path:
    folder = tmp_path / GAME_ID
    shutil.copytree(shipped_root() / GAME_ID, folder)
    return folder


# -- the shipped set -----------------------------------------------------------
def test_at_least_four_decks_of_exactly_20_cards(card_set):
    assert len(card_set.decks) >= 4
    for deck in card_set.decks:
        assert sum(c.copies for c in deck.cards) == DECK_SIZE == 20, deck.info.id
        assert len(deck.instances()) == len(set(deck.instances())) == 20


def test_default_decks_are_shipped(card_set):
    ids = {d.info.id for d in card_set.decks}
    assert set(Config().decks) <= ids
    assert Config().decks[0] != Config().decks[1]


def test_deck_ids_names_and_card_ids_are_unique(card_set):
    assert len({d.info.id for d in card_set.decks}) == len(card_set.decks)
    assert len({d.info.name for d in card_set.decks}) == len(card_set.decks)
    ids = [c.id for d in card_set.decks for c in d.cards]
    assert len(ids) == len(set(ids))


def test_every_card_has_a_value_for_every_element(card_set):
    elements = set(card_set.element_ids)
    assert len(elements) == 4
    for deck in card_set.decks:
        for card in deck.cards:
            assert set(card.values) == elements, card.id
            assert set(card.battle_elements) <= elements, card.id
            assert card.hand_cost <= DECK_SIZE - 1 and card.damage >= 1


def test_names_are_original(card_set):
    texts = [e.name for e in card_set.elements]
    for deck in card_set.decks:
        texts += [deck.info.name, deck.info.blurb, *(c.name for c in deck.cards)]
    bad = [t for t in texts if TRADEMARKS.search(t)]
    assert bad == []
    files = sorted((shipped_root() / GAME_ID).glob("*.toml"))
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(("name", "blurb")):
                assert not TRADEMARKS.search(line), f"{path.name}: {line}"


def test_the_trademark_check_catches_the_show(card_set):
    for name in (
        "Red Ranger",
        "Dragonzord",
        "Power Blaster",
        "Morphin Grid",
        "Lord Zedd",
        "Putty Patroller",
    ):
        assert TRADEMARKS.search(name), name


def test_decks_play_differently(card_set):
    """The decks are not copies of each other: their shapes differ."""
    shapes = set()
    for deck in card_set.decks:
        cards = [c for c in deck.cards for _ in range(c.copies)]
        shapes.add(
            (
                sum(c.hand_cost for c in cards),
                sum(c.damage for c in cards),
                sum(len(c.battle_elements) for c in cards),
                sum(max(c.values.values()) - min(c.values.values()) for c in cards),
            )
        )
    assert len(shapes) == len(card_set.decks)


def test_load_cards_lists_every_record(card_set):
    assert load_cards() == tuple(c for d in card_set.decks for c in d.cards)


# -- broken files ----------------------------------------------------------------
def _edit(folder: Path, deck: str, old: str, new: str) -> Path:
    path = folder / f"deck-{deck}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _first_card(card_set, deck_id: str):
    return card_set.deck(deck_id).cards[0]


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda c: (f"hand_cost = {c.hand_cost}", 'hand_cost = "two"'), "hand_cost"),
        (lambda c: (f"damage = {c.damage}", "damage = 0"), "damage"),
        (lambda c: (f"values = {{ beast = {c.values['beast']}, ", "values = { "), "values"),
        (lambda c: ("battle_elements = [", 'battle_elements = ["lava", '), "battle_elements"),
        (lambda c: (f"damage = {c.damage}", f"damage = {c.damage}\nspeed = 3"), "speed"),
    ],
    ids=["not a number", "out of range", "missing value", "unknown element", "unknown field"],
)
def test_a_broken_deck_names_the_file_the_card_and_the_field(card_set, tmp_path, change, field):
    deck_id = Config().decks[0]
    card = _first_card(card_set, deck_id)
    folder = copy_cards(tmp_path)
    old, new = change(card)
    path = _edit(folder, deck_id, old, new)
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    message = str(info.value)
    assert str(path) in message and card.name in message and f"'{field}'" in message, message


def test_a_deck_of_19_cards_is_rejected(tmp_path):
    deck_id = Config().decks[1]
    folder = copy_cards(tmp_path)
    path = _edit(folder, deck_id, "copies = 2", "copies = 1")
    with pytest.raises(CardDataError, match="has 19 cards; a deck has exactly 20") as info:
        load_card_set(folder)
    assert str(path) in str(info.value)


def test_duplicate_ids_and_bad_toml(card_set, tmp_path):
    a, b = Config().decks
    folder = copy_cards(tmp_path)
    other = _first_card(card_set, b).id
    _edit(folder, a, f'id = "{_first_card(card_set, a).id}"', f'id = "{other}"')
    with pytest.raises(CardDataError, match=f"'id': {other} is also used"):
        load_card_set(folder)
    folder2 = copy_cards(tmp_path / "2")
    path = _edit(folder2, a, "[[card]]", "[[card")
    with pytest.raises(CardDataError, match="not valid TOML") as info:
        load_card_set(folder2)
    assert str(path) in str(info.value)


# -- the CLI -------------------------------------------------------------------------
def test_cli_validates_the_shipped_cards_and_a_broken_copy(card_set, tmp_path, capsys):
    assert main(["cards", "validate", GAME_ID]) == 0
    out = capsys.readouterr().out
    assert f"{len(load_cards())} cards valid" in out
    folder = copy_cards(tmp_path)
    card = _first_card(card_set, Config().decks[0])
    path = _edit(folder, Config().decks[0], f"damage = {card.damage}", "damage = -1")
    assert main(["cards", "validate", GAME_ID, str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tabletop-tui: error: ") and "\n" not in err
    assert str(path) in err and card.name in err and "'damage'" in err


def test_cli_schema_describes_both_files(capsys):
    assert main(["cards", "schema", GAME_ID]) == 0
    schema = json.loads(capsys.readouterr().out)
    files = schema["files"]
    assert set(files) == {"elements.toml", "deck-*.toml"}
    assert files["elements.toml"]["required"] == ["element"]
    card = files["deck-*.toml"]["$defs"]["Card"]
    assert {"id", "name", "hand_cost", "battle_elements", "values", "damage"} <= set(
        card["properties"]
    )
    assert "exactly 20" in card["description"]
