"""Heroes of the Grid data, loaded from card_data/hotg/*.toml and validated.

* rangers.toml: `[[ranger]]` records with their 10-card combat decks (`[[ranger.card]]`).
* enemies.toml: `[[deck]]` enemy decks (`[[deck.card]]`) and `[[nemesis]]` Psycho Ranger
  deployment cards with their [PSYCHO] effects.
* board.toml: `[dice]`, `[[location]]`, `[[zord]]`, `[[megazord]]`, `[[fs_deployment]]`.
* schemes.toml (Mastermind Mode): `[[scheme]]` Scheme cards and `[mastermind_deployment]`.

Errors name the file, the record and the field (tabletop_tui.cards.validate_records).
Card instances in a game are named "<card id>#<copy>", e.g. "jason:block#2",
"bones:skeleton-sword#1", so actions can name one physical card.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...cards import (
    CardDataError,
    cached_catalog,
    card_dir,
    cards_override,
    read_toml,
    validate_records,
)
from ...engine import Model
from .effects import (
    BOOSTS,
    SCHEME_TIMING_OF,
    SCHEME_TIMING_TEXT,
    Ability,
    EnemyEffect,
    Passive,
    RangerEffect,
    SchemeEffect,
    SchemeTiming,
    ZordAbility,
    card_text,
    enemy_text,
    mastermind_deployment_text,
    scheme_effect_text,
)

GAME_ID = "hotg"
CardType = Literal["attack", "maneuver", "reaction"]
Trigger = Literal[
    "damage", "own_reveal", "any_reveal", "after_attack", "battle_start", "roll_miss", "attack"
]


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


# Values worked out from a card's (frozen) fields, kept per card object: the rules and the
# views ask for a card's text and option millions of times in a bot's rollouts.
_DERIVED: dict[tuple[int, str], tuple[object, object]] = {}


def _derived(card: object, what: str, make):
    got = _DERIVED.get((id(card), what))
    if got is not None and got[0] is card:
        return got[1]
    value = make()
    _DERIVED[(id(card), what)] = (card, value)
    return value


class CombatCard(Model):
    name: str = Field(min_length=1, max_length=40)
    count: int = Field(ge=1, le=4)
    type: CardType
    #: an energy cost, or "X" (the player chooses X; it counts as the card's cost)
    cost: int | Literal["X"] = Field(default=0)
    shields: int = Field(ge=0, le=9)
    dice: int = Field(default=0, ge=0, le=9)
    hits: int = Field(default=0, ge=0, le=9)
    trigger: Trigger | None = None
    effects: tuple[RangerEffect, ...] = ()
    #: ★ special defence: resolves when the card is revealed for defence
    defense: tuple[RangerEffect, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> "CombatCard":
        if isinstance(self.cost, int) and not 0 <= self.cost <= 6:
            raise ValueError("cost is 0-6 or 'X'")
        if (self.type == "reaction") != (self.trigger is not None):
            raise ValueError("a reaction needs a trigger, and only reactions have one")
        if sum(e.do in BOOSTS for e in self.effects) > 1:
            raise ValueError("a card has at most one optional boost")
        return self

    @property
    def boost(self) -> RangerEffect | None:
        return _derived(
            self, "boost", lambda: next((e for e in self.effects if e.do in BOOSTS), None)
        )

    @property
    def text(self) -> str:
        return _derived(self, "text", lambda: card_text(self.effects, self.defense))


class RangerDef(Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    title: str
    color: Literal["red", "yellow", "blue", "pink", "black", "green"]
    team: Literal["mighty_morphin", "space"]
    ability: Ability
    ability_name: str
    zord: str
    card: tuple[CombatCard, ...]

    @model_validator(mode="after")
    def _deck(self) -> "RangerDef":
        total = sum(c.count for c in self.card)
        if total != 10:
            raise ValueError(f"a combat deck has 10 cards, not {total}")
        return self


class EnemyCard(Model):
    name: str
    count: int = Field(ge=1, le=4)
    health: int = Field(ge=0, le=12)
    #: "fs_here": health equals the number of foot soldier figures at the location
    health_x: Literal["fs_here"] | None = None
    keywords: tuple[Literal["FAST", "GUARD", "PASSIVE"], ...] = ()
    effects: tuple[EnemyEffect, ...] = ()
    passive: Passive | None = None
    #: Psycho deck only: the Psycho Ranger this weapon or Path card belongs to
    psycho: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> "EnemyCard":
        if self.passive and "PASSIVE" not in self.keywords:
            raise ValueError("a card with a passive effect has the PASSIVE keyword")
        if self.health == 0 and self.health_x is None:
            raise ValueError("health 0 needs health_x")
        return self

    @property
    def text(self) -> str:
        return _derived(self, "text", lambda: enemy_text(self.effects, self.passive))


class EnemyDeck(Model):
    id: str
    name: str
    kind: Literal["foot_soldier", "monster", "boss", "nemesis"]
    locations: tuple[str, ...] = ()
    card: tuple[EnemyCard, ...]


class Nemesis(Model):
    id: str
    name: str
    color: str
    psycho: tuple[EnemyEffect, ...]

    @property
    def text(self) -> str:
        return enemy_text(self.psycho)


class LocationDef(Model):
    id: str
    name: str
    figure_limit: int = Field(ge=1, le=12)
    foot_soldier: str
    b_label: str
    b_effect: Literal[
        "recover_9",
        "end_round_fs_moves",
        "battle_start_draw_put_back",
        "hand_size_minus_2",
        "move_discard_to_bottom",
        "move_discard_top",
    ]


class ZordDef(Model):
    id: str
    name: str
    ranger: str | None = None
    team: str | None = None
    ability: ZordAbility
    n: int = 0


class FsDeployment(Model):
    """The five foot soldier deployment cards of one type with one location back."""

    foot_soldier: str
    back: str
    #: figures on each card, the default reading (RULINGS.md 2)
    figures: tuple[Annotated[int, Field(ge=1, le=3)], ...] = Field(min_length=1)
    #: the other reading, `Config(heavy_deployments=True)`; empty = the same as `figures`
    heavy_figures: tuple[Annotated[int, Field(ge=1, le=3)], ...] = ()

    @model_validator(mode="after")
    def _one_number_per_card(self) -> "FsDeployment":
        if self.heavy_figures and len(self.heavy_figures) != len(self.figures):
            raise ValueError(
                f"heavy_figures has {len(self.heavy_figures)} numbers and figures "
                f"{len(self.figures)}: one number per card in both"
            )
        return self

    def cards(self, heavy: bool) -> tuple[int, ...]:
        """Figures per card under the reading the game was set up with."""
        return (self.heavy_figures or self.figures) if heavy else self.figures


class SchemeDef(Model):
    """A Scheme card (Mastermind Mode): when it may be played and what it does."""

    name: str
    count: int = Field(ge=1, le=4)
    timing: SchemeTiming
    effect: SchemeEffect

    @model_validator(mode="after")
    def _fits(self) -> "SchemeDef":
        if self.timing not in SCHEME_TIMING_OF[self.effect.do]:
            raise ValueError(f"a '{self.effect.do}' Scheme cannot be played at '{self.timing}'")
        return self

    @property
    def timing_text(self) -> str:
        return SCHEME_TIMING_TEXT[self.timing]

    @property
    def text(self) -> str:
        return scheme_effect_text(self.effect)


class MastermindDeployment(Model):
    count: int = Field(default=4, ge=1, le=8)
    figures: int = Field(default=2, ge=1, le=4)

    @property
    def text(self) -> str:
        return mastermind_deployment_text(self.figures)


class Dice(Model):
    faces: tuple[int, ...] = Field(min_length=6, max_length=6)


@dataclass
class Catalog:
    rangers: dict[str, RangerDef] = field(default_factory=dict)
    #: combat card id ("jason:block") -> card
    combat: dict[str, CombatCard] = field(default_factory=dict)
    decks: dict[str, EnemyDeck] = field(default_factory=dict)
    #: enemy card id ("bones:skeleton-sword") -> card
    enemy: dict[str, EnemyCard] = field(default_factory=dict)
    #: enemy card id -> deck id
    enemy_deck_of: dict[str, str] = field(default_factory=dict)
    nemeses: dict[str, Nemesis] = field(default_factory=dict)
    locations: dict[str, LocationDef] = field(default_factory=dict)
    zords: dict[str, ZordDef] = field(default_factory=dict)
    megazords: dict[str, ZordDef] = field(default_factory=dict)
    fs_deployments: list[FsDeployment] = field(default_factory=list)
    dice: tuple[int, ...] = (0, 1, 1, 0, 1, 2)
    #: Scheme id ("toughen-up") -> Scheme
    schemes: dict[str, SchemeDef] = field(default_factory=dict)
    mastermind_deployment: MastermindDeployment = field(default_factory=MastermindDeployment)
    # instance id -> card, filled as the rules look cards up (millions of times a game)
    _by_instance: dict = field(default_factory=dict, repr=False, compare=False)
    _enemy_by_instance: dict = field(default_factory=dict, repr=False, compare=False)
    # (kind, deck) -> the instance ids of a Ranger's or enemy deck (every new game asks)
    _instances: dict = field(default_factory=dict, repr=False, compare=False)

    def scheme(self, instance: str) -> SchemeDef:
        return self.schemes[instance.split("#", 1)[0].split(":", 1)[1]]

    def scheme_instances(self) -> tuple[str, ...]:
        return tuple(
            f"scheme:{sid}#{k}" for sid, sc in self.schemes.items() for k in range(1, sc.count + 1)
        )

    def card(self, instance: str) -> CombatCard:
        got = self._by_instance.get(instance)
        if got is None:
            got = self._by_instance[instance] = self.combat[instance.split("#", 1)[0]]
        return got

    def enemy_card(self, instance: str) -> EnemyCard:
        got = self._enemy_by_instance.get(instance)
        if got is None:
            got = self._enemy_by_instance[instance] = self.enemy[instance.split("#", 1)[0]]
        return got

    def deck_instances(self, ranger: str) -> tuple[str, ...]:
        got = self._instances.get(("ranger", ranger))
        if got is None:
            got = self._instances["ranger", ranger] = _instances(ranger, self.rangers[ranger].card)
        return got

    def enemy_instances(self, deck: str) -> tuple[str, ...]:
        got = self._instances.get(("enemy", deck))
        if got is None:
            got = self._instances["enemy", deck] = _instances(deck, self.decks[deck].card)
        return got


def _instances(deck: str, cards) -> tuple[str, ...]:
    return tuple(f"{deck}:{slug(c.name)}#{k}" for c in cards for k in range(1, c.count + 1))


def load_catalog(folder: Path) -> Catalog:
    cat = Catalog()
    path = folder / "rangers.toml"
    for r in validate_records(path, read_toml(path).get("ranger", []), RangerDef, "ranger"):
        cat.rangers[r.id] = r
        for c in r.card:
            cat.combat[f"{r.id}:{slug(c.name)}"] = c
    path = folder / "enemies.toml"
    data = read_toml(path)
    for d in validate_records(path, data.get("deck", []), EnemyDeck, "deck"):
        cat.decks[d.id] = d
        for c in d.card:
            cid = f"{d.id}:{slug(c.name)}"
            cat.enemy[cid] = c
            cat.enemy_deck_of[cid] = d.id
    for n in validate_records(path, data.get("nemesis", []), Nemesis, "nemesis"):
        cat.nemeses[n.id] = n
    path = folder / "board.toml"
    data = read_toml(path)
    try:
        cat.dice = Dice.model_validate(data.get("dice", {})).faces
    except Exception as exc:  # noqa: BLE001 - reported with the file name
        raise CardDataError(f"{path}: [dice]: {exc}") from None
    for loc in validate_records(path, data.get("location", []), LocationDef, "location"):
        cat.locations[loc.id] = loc
    for z in validate_records(path, data.get("zord", []), ZordDef, "zord"):
        cat.zords[z.id] = z
    for z in validate_records(path, data.get("megazord", []), ZordDef, "megazord"):
        cat.megazords[z.id] = z
    cat.fs_deployments = validate_records(
        path, data.get("fs_deployment", []), FsDeployment, "fs_deployment"
    )
    path = folder / "schemes.toml"
    if path.exists():
        data = read_toml(path)
        for sc in validate_records(path, data.get("scheme", []), SchemeDef, "scheme"):
            cat.schemes[slug(sc.name)] = sc
        try:
            cat.mastermind_deployment = MastermindDeployment.model_validate(
                data.get("mastermind_deployment", {})
            )
        except Exception as exc:  # noqa: BLE001 - reported with the file name
            raise CardDataError(f"{path}: [mastermind_deployment]: {exc}") from None
    _cross_check(cat, folder)
    return cat


def _cross_check(cat: Catalog, folder: Path) -> None:
    """References between files: zords name Rangers, locations name foot soldier decks..."""
    for r in cat.rangers.values():
        if r.zord not in cat.zords:
            raise CardDataError(
                f"{folder}/rangers.toml: ranger '{r.id}', field 'zord': unknown Zord '{r.zord}'"
            )
    for loc in cat.locations.values():
        if loc.foot_soldier not in cat.decks:
            raise CardDataError(
                f"{folder}/board.toml: location '{loc.id}', field 'foot_soldier': unknown deck"
            )
    for d in cat.decks.values():
        for loc in d.locations:
            if loc not in cat.locations:
                raise CardDataError(
                    f"{folder}/enemies.toml: deck '{d.id}', field 'locations': unknown '{loc}'"
                )
        for c in d.card:
            if c.psycho is not None and c.psycho not in cat.nemeses:
                raise CardDataError(
                    f"{folder}/enemies.toml: deck '{d.id}' card '{c.name}', field 'psycho': unknown '{c.psycho}'"
                )
    for f in cat.fs_deployments:
        if f.back not in cat.locations or cat.locations[f.back].foot_soldier != f.foot_soldier:
            raise CardDataError(
                f"{folder}/board.toml: fs_deployment '{f.back}', field 'back': not a location of {f.foot_soldier}"
            )


@cache
def _catalog_at(folder: str) -> Catalog:
    return cached_catalog(GAME_ID, Path(folder), load_catalog, __file__)


_by_key: dict[tuple, Catalog] = {}


def catalog(folder: str | None = None) -> Catalog:
    """The catalog of a card folder (default: the shipped one, or the `--cards` override);
    memoised per (folder, override) because rules look it up on every call."""
    key = (folder, cards_override())
    cat = _by_key.get(key)
    if cat is None:
        cat = _by_key[key] = _catalog_at(str(Path(folder) if folder else card_dir(GAME_ID)))
    return cat


def load_cards(folder: Path) -> list:
    """Boards, Rangers and enemies of a folder, validated and cross-checked together (for
    `cards validate`)."""
    cat = load_catalog(folder)
    return [
        *cat.rangers.values(),
        *cat.combat.values(),
        *cat.decks.values(),
        *cat.enemy.values(),
        *cat.nemeses.values(),
        *cat.locations.values(),
        *cat.zords.values(),
        *cat.megazords.values(),
    ]
