"""The ZOOBOTZ card pool and ready-made decks, loaded from card_data/zoobotz/.

Every `*.toml` file whose name does not start with `deck-` holds `[[card]]` records (the
pool); every `deck-*.toml` holds one deck: a `[deck]` table with `id`, `name`, `plan` and a
`[deck.cards]` table of card id = copies. Errors name the file, the card (or deck) and
the field. A deck has at least 40 cards and at most 4 copies of any card.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from ...cards import CardDataError, cached_catalog, card_dir, read_toml, validate_records
from ...engine import Model
from .effects import (
    REACTION_EFFECTS,
    REACTIONS,
    TRIGGERS,
    DeleteRisk,
    Effect,
    Modifier,
    MoveRisk,
    Unuse,
    card_text,
)
from .models import CardFace, CustomDeck, DeckChoice

GAME_ID = "zoobotz"
MIN_DECK = 40
MAX_COPIES = 4


class Card(Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)
    name: str = Field(min_length=1, max_length=40)
    kind: Literal["bot", "program", "module"]
    #: Botz cost 1-6; programs and modules 0-6
    cost: int = Field(ge=0, le=6)
    #: Botz only, 1-6: how much RESEARCH it can make, the RISK it deals and can take
    value: int | None = Field(default=None, ge=1, le=6, validate_default=True)
    #: the zoo animal it is built after (Botz), or any words of flavour
    flavor: str = ""
    on_play: tuple[Effect, ...] = Field(default=(), validate_default=True)
    start_of_turn: tuple[Effect, ...] = ()
    end_of_turn: tuple[Effect, ...] = ()
    when_dealt_risk: tuple[Effect, ...] = ()
    when_you_delete_risk: tuple[Effect, ...] = ()
    #: checked last, so its validator sees every other field
    ongoing: tuple[Modifier, ...] = Field(default=(), validate_default=True)

    # Each check is a field validator, so an error names the field at fault.
    @field_validator("cost")
    @classmethod
    def _bot_cost(cls, cost: int, info: ValidationInfo) -> int:
        if info.data.get("kind") == "bot" and cost < 1:
            raise ValueError("a Bot costs 1-6")
        return cost

    @field_validator("value")
    @classmethod
    def _bot_value(cls, value: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("kind")
        if kind == "bot" and value is None:
            raise ValueError("a Bot needs a value (1-6)")
        if kind in ("program", "module") and value is not None:
            raise ValueError(f"a {kind} has no value: only Botz do")
        return value

    @field_validator(*TRIGGERS)
    @classmethod
    def _abilities(cls, effects: tuple, info: ValidationInfo) -> tuple:
        kind, trigger = info.data.get("kind"), info.field_name
        if kind == "program" and trigger == "on_play" and not effects:
            raise ValueError("a program needs at least one on_play effect")
        if not effects or kind is None:
            return effects
        if kind == "program" and trigger != "on_play":
            raise ValueError("a program resolves once and goes to the discard: only on_play")
        if trigger == "when_dealt_risk" and kind != "bot":
            raise ValueError(f"'this Bot' is dealt RISK: only a Bot has it, not a {kind}")
        for effect in effects:
            if kind != "bot" and _targets_this(effect):
                raise ValueError(f"{effect.do} names 'this' Bot, but a {kind} is no Bot")
            if trigger in REACTIONS and (
                effect.do not in REACTION_EFFECTS or getattr(effect, "optional", False)
            ):
                raise ValueError(
                    "can fire on another player's turn, so only draw and gain_research with "
                    "optional = false (no choices) are allowed"
                )
        return effects

    @field_validator("ongoing")
    @classmethod
    def _ongoing(cls, ongoing: tuple, info: ValidationInfo) -> tuple:
        kind = info.data.get("kind")
        if kind == "program":
            if ongoing:
                raise ValueError("a program resolves once: it has no ongoing effects")
        if kind == "module":
            triggered = any(info.data.get(t) for t in TRIGGERS[1:])
            if not (ongoing or triggered):
                raise ValueError("a module stays in play: give it an ongoing or triggered ability")
        for mod in ongoing:
            if kind != "bot" and getattr(mod, "scope", "all_yours") != "all_yours":
                raise ValueError(f"{mod.mod}: a {kind} has no 'this' Bot: use scope 'all_yours'")
        return ongoing

    @property
    def text(self) -> str:
        return card_text(self)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


def _targets_this(effect) -> bool:
    if isinstance(effect, DeleteRisk | Unuse):
        return effect.target == "this"
    if isinstance(effect, MoveRisk):
        return effect.source == "this"
    return False


class DeckList(Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    #: the plan in a few words (research rush, hacking, ...)
    plan: str = ""
    blurb: str = ""
    cards: dict[str, int]

    @property
    def size(self) -> int:
        return sum(self.cards.values())


def deck_problems(
    cards: dict[str, int] | tuple[tuple[str, int], ...], pool: dict[str, Card]
) -> list[str]:
    """Why a deck list is not a legal ZOOBOTZ deck (empty when it is)."""
    entries = list(cards.items()) if isinstance(cards, dict) else list(cards)
    problems = []
    seen: set[str] = set()
    for card_id, copies in entries:
        if card_id not in pool:
            problems.append(f"unknown card '{card_id}'")
        if card_id in seen:
            problems.append(f"'{card_id}' is listed twice")
        seen.add(card_id)
        if copies > MAX_COPIES:
            problems.append(f"{copies} copies of '{card_id}': at most {MAX_COPIES}")
        if copies < 1:
            problems.append(f"{copies} copies of '{card_id}': at least 1")
    total = sum(n for _, n in entries)
    if total < MIN_DECK:
        problems.append(f"{total} cards: a deck needs at least {MIN_DECK}")
    return problems


@dataclass(eq=False)
class Catalog:
    """The card pool and decks of one card folder, with fast lookups by instance id.

    Compared and hashed by identity, so its `card` lookup can key the rules' caches."""

    cards: dict[str, Card]
    decks: dict[str, DeckList]
    _faces: dict[str, CardFace] = field(default_factory=dict)
    _by_instance: dict[str, Card] = field(default_factory=dict)
    _instances: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)

    def card(self, instance: str) -> Card:
        hit = self._by_instance.get(instance)
        if hit is None:
            hit = self._by_instance[instance] = self.cards[instance.split("#", 1)[0]]
        return hit

    def face(self, instance: str) -> CardFace:
        card = self.card(instance)
        hit = self._faces.get(card.id)
        if hit is None:
            hit = self._faces[card.id] = CardFace(
                id=card.id,
                name=card.name,
                kind=card.kind,
                cost=card.cost,
                value=card.value,
                text=card.text,
                flavor=card.flavor,
            )
        return hit

    def deck_list(self, choice: DeckChoice) -> tuple[str, tuple[tuple[str, int], ...]]:
        """(name, (card id, copies) pairs) of a config's deck choice; ValueError if unusable."""
        if isinstance(choice, CustomDeck):
            problems = deck_problems(choice.cards, self.cards)
            if problems:
                raise ValueError(f"deck '{choice.name}': " + "; ".join(problems))
            return choice.name, choice.cards
        deck = self.decks.get(choice)
        if deck is None:
            raise ValueError(f"unknown deck '{choice}' (known: {', '.join(sorted(self.decks))})")
        return deck.name, tuple(deck.cards.items())

    def instances(self, choice: DeckChoice, seat: int) -> tuple[str, ...]:
        """One id per physical card of a seat's deck: 'card-id#S.N' (a shipped deck's, worked
        out once: every new game deals them)."""
        key = (choice, seat) if isinstance(choice, str) else None
        got = self._instances.get(key) if key is not None else None
        if got is None:
            _, entries = self.deck_list(choice)
            got = tuple(
                f"{card_id}#{seat + 1}.{n}"
                for card_id, copies in entries
                for n in range(1, copies + 1)
            )
            if key is not None:
                self._instances[key] = got
        return got


def load_pool(folder: Path) -> dict[str, Card]:
    pool: dict[str, Card] = {}
    where: dict[str, Path] = {}
    paths = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("deck-"))
    if not paths:
        raise CardDataError(f"{folder}: no card files (*.toml with [[card]] records)")
    for path in paths:
        for card in validate_records(path, read_toml(path).get("card", []), Card):
            if card.id in pool:
                raise CardDataError(
                    f"{path}: card '{card.name}', field 'id': '{card.id}' is also used in {where[card.id]}"
                )
            pool[card.id] = card
            where[card.id] = path
    names = [c.name for c in pool.values()]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise CardDataError(f"{folder}: two cards share the name '{twice[0]}' (field 'name')")
    return pool


def load_decks(folder: Path, pool: dict[str, Card]) -> dict[str, DeckList]:
    decks: dict[str, DeckList] = {}
    for path in sorted(folder.glob("deck-*.toml")):
        raw = read_toml(path).get("deck", {})
        (deck,) = validate_records(path, [raw], DeckList, key="deck")
        who = f"{path}: deck '{deck.name}'"
        for card_id, copies in deck.cards.items():
            if card_id not in pool:
                raise CardDataError(f"{who}, field 'cards.{card_id}': no such card in the pool")
            if not 1 <= copies <= MAX_COPIES:
                raise CardDataError(
                    f"{who}, field 'cards.{card_id}': {copies} copies; 1 to {MAX_COPIES} allowed"
                )
        if deck.size < MIN_DECK:
            raise CardDataError(
                f"{who}, field 'cards': {deck.size} cards; a deck needs at least {MIN_DECK}"
            )
        if deck.id in decks:
            raise CardDataError(f"{who}, field 'id': '{deck.id}' is used by another deck")
        decks[deck.id] = deck
    return decks


def load_catalog(folder: Path | None = None) -> Catalog:
    folder = Path(folder) if folder else card_dir(GAME_ID)
    if not folder.is_dir():
        raise CardDataError(f"{folder}: no such card folder")
    pool = load_pool(folder)
    return Catalog(cards=pool, decks=load_decks(folder, pool))


def load_cards(folder: Path | None = None) -> tuple[Card, ...]:
    """Every card of the pool, validated, decks checked too (for `cards validate`)."""
    return tuple(load_catalog(folder).cards.values())


@cache
def catalog(cards_dir: str | None = None) -> Catalog:
    folder = Path(cards_dir) if cards_dir else card_dir(GAME_ID)
    return cached_catalog(GAME_ID, folder, load_catalog, __file__)
