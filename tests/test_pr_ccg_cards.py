"""Power Rangers CCG (2008) card data: the pool, the shipped decks, clear errors."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tabletop_tui import cards as cards_module
from tabletop_tui.cards import CardDataError, shipped_root
from tabletop_tui.cli import main
from tabletop_tui.games.pr_ccg_2008.cards import (
    DECK_SIZE,
    ERAS,
    GAME_ID,
    RARITIES,
    load_card_set,
    load_cards,
)
from tabletop_tui.games.pr_ccg_2008.models import Config

#: the pool may name the show's characters, Zords and villains as facts, but never a
#: company that made or sold the show or its toys
COMPANIES = re.compile(r"bandai|saban|hasbro|disney|toei|fox kids", re.IGNORECASE)


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


def test_names_name_no_company_and_are_unique(card_set):
    texts = [e.name for e in card_set.elements]
    for deck in card_set.decks:
        texts += [deck.info.name, deck.info.blurb]
    texts += [c.name for c in card_set.pool]
    assert [t for t in texts if COMPANIES.search(t)] == []
    names = [c.name for c in card_set.pool]
    assert len(names) == len(set(names))


def test_the_company_check_catches_the_makers():
    for name in ("Bandai Ranger", "Saban's hero", "Hasbro Zord"):
        assert COMPANIES.search(name), name


# -- the pool --------------------------------------------------------------------------
def test_the_pool_has_120_cards_across_every_era_and_rarity(card_set):
    pool = card_set.pool
    assert len(pool) >= 120
    assert len({c.id for c in pool}) == len(pool)
    assert {c.era for c in pool} == set(ERAS)
    assert {c.rarity for c in pool} == set(RARITIES)
    assert {c.hand_cost for c in pool} >= {0, 1, 2, 3, 4, 5}
    for element in card_set.element_ids:
        assert sum(element in c.battle_elements for c in pool) >= 20, element
    rares = sum(c.rarity == "rare" for c in pool)
    commons = sum(c.rarity == "common" for c in pool)
    assert commons > len(pool) // 3 and 0 < rares < commons


def test_each_era_is_one_pool_file(card_set):
    for path in sorted((shipped_root() / GAME_ID).glob("pool-*.toml")):
        era = path.stem.removeprefix("pool-")
        assert era in ERAS, path.name
    assert all(c.copies == 1 for c in card_set.pool)


def test_every_deck_card_is_a_pool_card(card_set):
    pool = {c.id: c for c in card_set.pool}
    for deck in card_set.decks:
        for card in deck.cards:
            assert card.model_copy(update={"copies": 1}) == pool[card.id], card.id


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


def test_load_cards_lists_the_pool(card_set):
    assert load_cards() == card_set.pool


# -- broken files ----------------------------------------------------------------
def _edit(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _first_pool_card(card_set, folder: Path):
    """The first pool file of a folder and its first card (so a first match edits that card)."""
    path = sorted(folder.glob("pool-*.toml"))[0]
    era = path.stem.removeprefix("pool-")
    return path, next(c for c in card_set.pool if c.era == era)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda c: (f"hand_cost = {c.hand_cost}", 'hand_cost = "two"'), "hand_cost"),
        (lambda c: (f"damage = {c.damage}", "damage = 0"), "damage"),
        (lambda c: (f"values = {{ beast = {c.values['beast']}, ", "values = { "), "values"),
        (lambda c: ("battle_elements = [", 'battle_elements = ["lava", '), "battle_elements"),
        (lambda c: (f"damage = {c.damage}", f"damage = {c.damage}\nspeed = 3"), "speed"),
        (lambda c: (f'rarity = "{c.rarity}"', 'rarity = "mythic"'), "rarity"),
        (lambda c: (f'rarity = "{c.rarity}"', ""), "rarity"),
        (lambda c: (f'era = "{c.era}"', 'era = "space-patrol"'), "era"),
        (lambda c: (f"damage = {c.damage}", f"damage = {c.damage}\ncopies = 2"), "copies"),
    ],
    ids=[
        "not a number",
        "out of range",
        "missing value",
        "unknown element",
        "unknown field",
        "bad rarity",
        "no rarity",
        "unknown era",
        "copies in the pool",
    ],
)
def test_a_broken_pool_card_names_the_file_the_card_and_the_field(
    card_set, tmp_path, change, field
):
    folder = copy_cards(tmp_path)
    path, card = _first_pool_card(card_set, folder)
    old, new = change(card)
    _edit(path, old, new)
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    message = str(info.value)
    assert str(path) in message and card.name in message and f"'{field}'" in message, message


def test_a_bad_rarity_or_era_says_what_is_allowed(card_set, tmp_path):
    folder = copy_cards(tmp_path)
    path, card = _first_pool_card(card_set, folder)
    _edit(path, f'rarity = "{card.rarity}"', 'rarity = "mythic"')
    with pytest.raises(CardDataError, match="'common', 'uncommon' or 'rare'"):
        load_card_set(folder)
    folder2 = copy_cards(tmp_path / "2")
    path2, _ = _first_pool_card(card_set, folder2)
    _edit(path2, f'era = "{card.era}"', 'era = "space-patrol"')
    with pytest.raises(CardDataError, match="unknown era 'space-patrol' .known: mighty-morphin, "):
        load_card_set(folder2)


def test_a_deck_of_19_cards_is_rejected(tmp_path):
    deck_id = Config().decks[1]
    folder = copy_cards(tmp_path)
    path = _edit(folder / f"deck-{deck_id}.toml", " = 2  #", " = 1  #")
    with pytest.raises(CardDataError, match="has 19 cards; a deck has exactly 20") as info:
        load_card_set(folder)
    assert str(path) in str(info.value)


def test_a_deck_naming_a_card_not_in_the_pool_is_rejected(card_set, tmp_path):
    deck_id = Config().decks[0]
    first = card_set.deck(deck_id).cards[0].id
    folder = copy_cards(tmp_path)
    path = _edit(folder / f"deck-{deck_id}.toml", f"{first} = ", "NOPE-99 = ")
    with pytest.raises(CardDataError, match="'NOPE-99': no card of the pool") as info:
        load_card_set(folder)
    assert str(path) in str(info.value)
    folder2 = copy_cards(tmp_path / "2")
    _edit(folder2 / f"deck-{deck_id}.toml", f"{first} = ", f'{first} = "two"  # ')
    with pytest.raises(CardDataError, match="copies must be a whole number"):
        load_card_set(folder2)


def test_duplicate_ids_and_bad_toml(card_set, tmp_path):
    folder = copy_cards(tmp_path)
    paths = sorted(folder.glob("pool-*.toml"))
    other = next(c for c in card_set.pool if c.era == paths[1].stem.removeprefix("pool-")).id
    path, card = _first_pool_card(card_set, folder)
    _edit(path, f'id = "{card.id}"', f'id = "{other}"')
    with pytest.raises(CardDataError, match=f"'id': {other} is also used"):
        load_card_set(folder)
    folder2 = copy_cards(tmp_path / "2")
    path = _edit(sorted(folder2.glob("pool-*.toml"))[0], "[[card]]", "[[card")
    with pytest.raises(CardDataError, match="not valid TOML") as info:
        load_card_set(folder2)
    assert str(path) in str(info.value)


# -- the CLI -------------------------------------------------------------------------
def test_cli_validates_the_shipped_cards_and_a_broken_copy(card_set, tmp_path, capsys):
    assert main(["cards", "validate", GAME_ID]) == 0
    out = capsys.readouterr().out
    assert f"{len(load_cards())} cards valid" in out
    folder = copy_cards(tmp_path)
    path, card = _first_pool_card(card_set, folder)
    _edit(path, f"damage = {card.damage}", "damage = -1")
    assert main(["cards", "validate", GAME_ID, str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tabletop-tui: error: ") and "\n" not in err
    assert str(path) in err and card.name in err and "'damage'" in err


def test_cli_schema_describes_the_elements_and_the_pool(capsys):
    assert main(["cards", "schema", GAME_ID]) == 0
    schema = json.loads(capsys.readouterr().out)
    files = schema["files"]
    assert set(files) == {"elements.toml", "pool-*.toml", "deck-*.toml"}
    assert files["elements.toml"]["required"] == ["element"]
    card = files["pool-*.toml"]["$defs"]["Card"]
    assert {"id", "name", "hand_cost", "battle_elements", "values", "damage"} <= set(
        card["properties"]
    )
    assert {"rarity", "era"} <= set(card["required"])
    assert card["properties"]["rarity"]["enum"] == list(RARITIES)
    assert "exactly 20" in card["description"] and "[deck.cards]" in card["description"]
