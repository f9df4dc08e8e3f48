"""Elements, the card pool and decks, loaded from card_data/pr-ccg-2008/.

elements.toml lists the Battle Elements; each pool-*.toml holds [[card]] records of the pool
(one file per era of the show); each deck-*.toml holds one 20-card deck: a [deck] table and
a [deck.cards] table naming pool cards by id with their copies.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

import dataclasses
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from ...cards import CardDataError, cached_catalog, card_dir, read_toml, validate_records
from ...engine import Model

GAME_ID = "pr-ccg-2008"
DECK_SIZE = 20
RARITIES = ("common", "uncommon", "rare")
#: the copies of one card a deck may hold, by the card's rarity (RULINGS.md, ruling 8)
COPIES: dict[str, int] = {"common": 3, "uncommon": 2, "rare": 1}
#: the show's eras the pool draws on, in broadcast order: id -> the name shown
ERAS: dict[str, str] = {
    "mighty-morphin": "Mighty Morphin",
    "zeo": "Zeo",
    "turbo": "Turbo",
    "in-space": "In Space",
    "lost-galaxy": "Lost Galaxy",
    "lightspeed-rescue": "Lightspeed Rescue",
    "time-force": "Time Force",
    "wild-force": "Wild Force",
    "ninja-storm": "Ninja Storm",
    "dino-thunder": "Dino Thunder",
    "spd": "S.P.D.",
    "mystic-force": "Mystic Force",
    "operation-overdrive": "Operation Overdrive",
    "jungle-fury": "Jungle Fury",
}


class Element(Model):
    id: str = Field(pattern=r"^[a-z]+$")
    name: str = Field(min_length=1)
    #: one letter shown beside the colour, so the element never relies on colour alone
    letter: str = Field(min_length=1, max_length=1)


class Card(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    hand_cost: int = Field(ge=0, le=6)
    #: the element(s) the OPPONENT must use in battle against this card
    battle_elements: tuple[str, ...] = Field(min_length=1)
    #: this card's value in each element
    values: dict[str, int]
    damage: int = Field(ge=1, le=10)
    #: how scarce the card is in a booster: common, uncommon or rare
    rarity: Literal["common", "uncommon", "rare"]
    #: the season of the show the card comes from (an id of ERAS)
    era: str
    #: set by the deck that holds the card ([deck.cards]); pool records leave it out
    copies: int = Field(default=1, ge=1, le=20)

    @field_validator("era")
    @classmethod
    def _known_era(cls, era: str) -> str:
        if era not in ERAS:
            raise ValueError(f"unknown era '{era}' (known: {', '.join(ERAS)})")
        return era

    @model_validator(mode="after")
    def _distinct_elements(self) -> "Card":
        if len(set(self.battle_elements)) != len(self.battle_elements):
            raise ValueError("battle_elements names an element twice")
        for element, value in self.values.items():
            if not 0 <= value <= 99:
                raise ValueError(f"value {value} for {element} is outside 0..99")
        return self


class DeckInfo(Model):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=1)
    blurb: str = ""


class DeckTable(DeckInfo):
    """A deck file's [deck] table (deck-<id>.toml, or a deck saved by the deck builder):
    id, name, blurb and [deck.cards], pool card id = copies; exactly 20 cards, at most
    3 copies of a common, 2 of an uncommon, 1 of a rare (ruling 8)."""

    id: str = Field(default="", pattern=r"^[a-z0-9-]*$")
    #: pool card id = copies
    cards: dict[str, int] = Field(min_length=1)


class Deck(Model):
    info: DeckInfo
    cards: tuple[Card, ...]

    def instances(self) -> tuple[str, ...]:
        """One id per physical card: 'card-id#n'."""
        return tuple(f"{c.id}#{n}" for c in self.cards for n in range(1, c.copies + 1))


class CardSet(Model):
    elements: tuple[Element, ...]
    #: every card of the pool, in file then record order
    pool: tuple[Card, ...]
    decks: tuple[Deck, ...]

    @property
    def element_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.elements)

    def deck(self, deck_id: str) -> Deck:
        for d in self.decks:
            if d.info.id == deck_id:
                return d
        raise KeyError(deck_id)


@dataclass(frozen=True)
class Catalog:
    """A loaded card set plus a lookup from a physical card ('id#n') to its Card."""

    card_set: CardSet
    index: dict[str, Card]
    #: physical card id ('id#n') -> Card, filled as cards are looked up
    by_instance: dict[str, Card] = dataclasses.field(default_factory=dict)

    def card(self, instance: str) -> Card:
        hit = self.by_instance.get(instance)
        if hit is None:
            hit = self.by_instance[instance] = self.index[instance.split("#", 1)[0]]
        return hit


def _check_card(path: Path, card: Card, elements: tuple[str, ...]) -> None:
    where = f"{path}: card '{card.name}'"
    for e in card.battle_elements:
        if e not in elements:
            raise CardDataError(
                f"{where}, field 'battle_elements': unknown element '{e}' (known: {', '.join(elements)})"
            )
    missing = [e for e in elements if e not in card.values]
    extra = [e for e in card.values if e not in elements]
    if missing:
        raise CardDataError(f"{where}, field 'values': no value for {', '.join(missing)}")
    if extra:
        raise CardDataError(f"{where}, field 'values': unknown element {', '.join(extra)}")


def _load_pool(folder: Path, element_ids: tuple[str, ...]) -> tuple[Card, ...]:
    pool: list[Card] = []
    seen: dict[str, Path] = {}
    paths = sorted(folder.glob("pool-*.toml"))
    if not paths:
        raise CardDataError(f"{folder}: no pool-*.toml files")
    for path in paths:
        records = read_toml(path).get("card", [])
        for record in records if isinstance(records, list) else ():
            if isinstance(record, dict) and "copies" in record:
                who = record.get("name") or record.get("id")
                raise CardDataError(
                    f"{path}: card '{who}', field 'copies': copies belong in a deck's "
                    "[deck.cards], not in the pool"
                )
        for card in validate_records(path, records, Card):
            _check_card(path, card, element_ids)
            if card.id in seen:
                raise CardDataError(
                    f"{path}: card '{card.name}', field 'id': {card.id} is also used in {seen[card.id]}"
                )
            seen[card.id] = path
            pool.append(card)
    return tuple(pool)


def _load_deck(path: Path, index: dict[str, Card]) -> Deck:
    table = read_toml(path).get("deck", {})
    if not isinstance(table, dict):
        raise CardDataError(f"{path}: expected a [deck] table")
    table = dict(table)
    entries = table.pop("cards", None)
    info = validate_records(path, [table], DeckInfo, key="deck")[0]
    if not isinstance(entries, dict) or not entries:
        raise CardDataError(f"{path}: deck '{info.name}' needs a [deck.cards] table of id = copies")
    cards: list[Card] = []
    for card_id, copies in entries.items():
        where = f"{path}: deck '{info.name}', [deck.cards] '{card_id}'"
        if card_id not in index:
            raise CardDataError(f"{where}: no card of the pool has this id")
        if type(copies) is not int or not 1 <= copies <= DECK_SIZE:
            raise CardDataError(f"{where}: copies must be a whole number from 1 to {DECK_SIZE}")
        cards.append(index[card_id].model_copy(update={"copies": copies}))
    total = sum(c.copies for c in cards)
    if total != DECK_SIZE:
        raise CardDataError(
            f"{path}: deck '{info.name}' has {total} cards; a deck has exactly {DECK_SIZE}"
        )
    return Deck(info=info, cards=tuple(cards))


def load_card_set(folder: Path | None = None) -> CardSet:
    folder = Path(folder) if folder else card_dir(GAME_ID)
    elements_path = folder / "elements.toml"
    elements = tuple(
        validate_records(
            elements_path, read_toml(elements_path).get("element", []), Element, key="element"
        )
    )
    if len(elements) < 2:
        raise CardDataError(f"{elements_path}: at least two [[element]] records are needed")
    element_ids = tuple(e.id for e in elements)
    pool = _load_pool(folder, element_ids)
    index = {c.id: c for c in pool}
    paths = sorted(folder.glob("deck-*.toml"))
    if len(paths) < 1:
        raise CardDataError(f"{folder}: no deck-*.toml files")
    decks = [_load_deck(path, index) for path in paths]
    for field in ("id", "name"):
        values = [getattr(d.info, field) for d in decks]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise CardDataError(
                f"{folder}: two decks share the {field} '{twice[0]}' ([deck] field '{field}')"
            )
    return CardSet(elements=elements, pool=pool, decks=tuple(decks))


def load_cards(folder: Path | None = None) -> tuple[Card, ...]:
    """Every card of the pool in a card folder, validated with its decks (for `cards validate`),
    the decks also against the copies rule (ruling 8; a test folder may break it to build
    positions, so loading a folder to play does not check it)."""
    folder = Path(folder) if folder else card_dir(GAME_ID)
    card_set = load_card_set(folder)
    for deck in card_set.decks:
        for card in deck.cards:
            if card.copies > COPIES[card.rarity]:
                raise CardDataError(
                    f"{folder / f'deck-{deck.info.id}.toml'}: deck '{deck.info.name}', "
                    f"[deck.cards] '{card.id}': Copies (ruling 8): at most "
                    f"{COPIES[card.rarity]} of a {card.rarity} card, not {card.copies}"
                )
    return card_set.pool


@cache
def catalog(cards_dir: str | None = None) -> Catalog:
    folder = Path(cards_dir) if cards_dir else card_dir(GAME_ID)
    return cached_catalog(GAME_ID, folder, _build_catalog, __file__)


def _build_catalog(folder: Path) -> Catalog:
    card_set = load_card_set(folder)
    return Catalog(card_set, {c.id: c for c in card_set.pool})
