"""The Zeo card set, loaded from card_data/zeo-dbg/*.toml and validated.

Files hold `[[card]]` records (any kind) and `[[character]]` records. Errors name the
file, the card and the field. After loading, the whole set is checked against the
rulebook's structure (75 main deck cards costing 2-5, 2 copies of each Hero, Villain,
Equipment and Maneuver, 5 unique Zeo Sub-Crystals, unique Locations, 10 Starters per
player, 12 Stuns, 12 Zeo Blasters, 6 Zords, 6 Masters, 12 characters with their
Signature Items and Zords/Masters).
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
from .effects import Ability, Block, Effect, ability_text, block_text, effects_text

GAME_ID = "zeo-dbg"

Kind = Literal[
    "hero",
    "villain",
    "equipment",
    "maneuver",
    "crystal",
    "location",
    "starter",
    "stun",
    "blaster",
    "signature",
    "zord",
    "master",
    "section",
]
MAIN_KINDS = ("hero", "villain", "equipment", "maneuver", "crystal", "location")
LETTER = {
    "hero": "H",
    "villain": "V",
    "equipment": "E",
    "maneuver": "M",
    "crystal": "C",
    "location": "L",
    "starter": "S",
    "stun": "X",
    "blaster": "B",
    "signature": "I",
    "zord": "Z",
    "master": "O",
    "section": "P",
}
COLOUR = {
    "hero": "red",
    "villain": "purple",
    "equipment": "blue",
    "maneuver": "green",
    "crystal": "rainbow",
    "location": "gold",
    "starter": "grey",
    "stun": "grey",
    "blaster": "grey",
    "signature": "rainbow",
    "zord": "white",
    "master": "orange",
    "section": "purple",
}
SlotColour = Literal["red", "purple", "blue", "green", "orange", "rainbow"]
#: effects that need no choice (a Block's reward resolves inside the Attack)
SIMPLE_EFFECTS = (
    "damage",
    "lose_hp",
    "heal",
    "energy",
    "drain_energy",
    "draw",
    "shards",
    "give_stun",
    "gain_blaster",
)
SLOT_TAKES = {"red": "hero", "purple": "villain", "blue": "equipment", "green": "maneuver"}


class CardFace(Model):
    """What a player reads on a card.

    `letter` is the type letter (H Hero, V Villain, E Equipment, M Maneuver, C Zeo Crystal,
    L Location, S Starter, X Stun, B Zeo Blaster, I Signature Item, Z Zord, O Master,
    P Serpentera Section); `colour` the type colour (red, purple, blue, green, rainbow, gold,
    grey, white, orange)."""

    id: str
    name: str
    kind: str
    letter: str
    colour: str
    #: Shard cost to buy (None: cannot be bought)
    cost: int | None = None
    shards: int = 0
    energy: int = 0
    #: Energy cost of its activated ability (None: no ability)
    ability_cost: int | None = None
    block_cost: int | None = None
    #: the hand icon: usable as a Block from the hand
    block_from_hand: bool = False
    #: Heroes/Villains: the Shard cost to Battle it, and the reward text
    battle_cost: int | None = None
    battle_text: str = ""
    ongoing: bool = False
    text: str = ""


class Card(Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=48)
    name: str = Field(min_length=1, max_length=48)
    kind: Kind
    #: Shard cost (None: cannot be bought, like Starters and Stuns)
    cost: int | None = Field(default=None, ge=0, le=10)
    shards: int = Field(default=0, ge=0, le=5)
    energy: int = Field(default=0, ge=0, le=5)
    ability: Ability | None = None
    block: Block | None = None
    battle_cost: int | None = Field(default=None, ge=1, le=8)
    battle_reward: tuple[Effect, ...] = ()
    #: text that takes effect when played (Starters)
    on_play: tuple[Effect, ...] = ()
    #: Ongoing (Masters, Locations): at the start of the controller's turn
    start_of_turn: tuple[Effect, ...] = ()
    end_of_turn: tuple[Effect, ...] = ()
    #: Locations: when you Battle
    on_battle: tuple[Effect, ...] = ()
    #: Queen Machina: whenever a foe Battles (on any player's turn)
    on_foe_battle: tuple[Effect, ...] = ()
    #: Defector / Singing Zap: bought, it attaches to a character with an empty slot
    attach_to_character: bool = False
    #: while stuck on a character: at the start of that character's turn
    burden: tuple[Effect, ...] = ()
    #: main deck copies
    copies: int = Field(default=1, ge=1, le=12)
    #: Signature Item / Zord / Master: the character it belongs to
    owner: str = ""
    #: Starters: which team's starting deck, and copies per player
    team: Literal["heroes", "villains", ""] = ""
    promo: bool = False
    flavor: str = ""

    @field_validator("cost")
    @classmethod
    def _cost(cls, cost, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind in MAIN_KINDS and (cost is None or not 2 <= cost <= 5):
            raise ValueError("every Grid card costs 2-5 Shards")
        return cost

    @field_validator("battle_cost")
    @classmethod
    def _battle(cls, value, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind in ("hero", "villain") and value is None:
            raise ValueError("Heroes and Villains need a Battle cost")
        if kind not in ("hero", "villain") and value is not None:
            raise ValueError("only Heroes and Villains can be Battled")
        return value

    @field_validator("copies")
    @classmethod
    def _copies(cls, copies, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind in ("hero", "villain", "equipment", "maneuver") and copies != 2:
            raise ValueError("there are 2 copies of each Hero, Villain, Equipment and Maneuver")
        if kind in ("crystal", "location") and copies != 1:
            raise ValueError("Locations and Zeo Crystals are unique")
        return copies

    @field_validator("start_of_turn")
    @classmethod
    def _ongoing(cls, value, info: ValidationInfo):
        if value and info.data.get("kind") not in ("location", "master"):
            raise ValueError("only Ongoing cards (Locations, Masters) have start-of-turn text")
        return value

    @field_validator("block")
    @classmethod
    def _block(cls, block):
        if block is not None:
            for e in block.reward:
                if e.do not in SIMPLE_EFFECTS:
                    raise ValueError(
                        f"a Block's reward resolves at once: '{e.do}' needs a "
                        f"choice (allowed: {', '.join(SIMPLE_EFFECTS)})"
                    )
        return block

    @property
    def letter(self) -> str:
        return LETTER[self.kind]

    @property
    def colour(self) -> str:
        return COLOUR[self.kind]

    @property
    def any_colour(self) -> bool:
        """Signature Items and Zeo Sub-Crystals match every slot colour."""
        return self.kind in ("signature", "crystal")

    @property
    def ongoing(self) -> bool:
        return self.kind in ("location", "master")

    @property
    def text(self) -> str:
        parts = []
        if self.on_play:
            parts.append("When played: " + effects_text(self.on_play))
        if self.kind == "stun":
            parts.append("No effect. If you Heal 2+ HP this turn, return this to the Stun stack.")
        if self.kind == "blaster":
            parts.append("If destroyed, return it to the bottom of the Zeo Blaster stack.")
        if self.attach_to_character:
            parts.append(
                "When bought, attach to an empty slot of any character; only that character's "
                "owner can remove it, only by Battle."
            )
        if self.burden:
            parts.append(
                "While attached, at the start of its owner's turn: " + effects_text(self.burden)
            )
        if self.start_of_turn:
            parts.append("Ongoing. At the start of your turn: " + effects_text(self.start_of_turn))
        if self.end_of_turn:
            parts.append("At the end of your turn: " + effects_text(self.end_of_turn))
        if self.on_battle:
            parts.append("When you Battle: " + effects_text(self.on_battle))
        if self.on_foe_battle:
            parts.append("Whenever a foe Battles (any turn): " + effects_text(self.on_foe_battle))
        if self.ability and self.kind == "blaster":
            parts.append(
                "Destroy this card during the turn you play it: "
                + effects_text(self.ability.effects)
            )
        elif self.ability:
            parts.append(ability_text(self.ability))
        if self.block:
            parts.append(block_text(self.block))
        if self.kind in ("zord", "master"):
            parts.append(
                "Costs 2 less if your teammate controls their own "
                + ("Zord." if self.kind == "zord" else "Master.")
            )
        if self.any_colour:
            parts.append("Matches any slot colour.")
        if self.kind == "location":
            parts.append("When gained, put it into play.")
        if self.kind == "section":
            parts.insert(
                0,
                "Serpentera Section: only General Venjix may buy it; keep it near "
                "your character. With all 3, Serpentera's ability may be used "
                "(once a turn, it readies at the start of your turn).",
            )
        return " ".join(parts)

    @property
    def battle_text(self) -> str:
        return effects_text(self.battle_reward)


class Character(Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=48)
    name: str = Field(min_length=1, max_length=48)
    team: Literal["heroes", "villains"]
    #: Teenager/Scheming side name and Ranger/Empowered side name
    side_a: str
    side_b: str
    slots: tuple[SlotColour, SlotColour, SlotColour, SlotColour]
    #: starting side: a triggered ability ("When you attach/play/Battle/buy a <kind>") ...
    trigger: Literal["attach", "play", "battle", "buy"] | None = None
    trigger_kind: str = "any"
    trigger_effects: tuple[Effect, ...] = ()
    #: ... or a static one
    static: Literal["battle_discount", "master_discount"] | None = None
    #: flipped side: an activated ability (once per turn; the character does not exhaust)
    ability: Ability
    item: str
    own: str
    promo: bool = False
    flavor: str = ""

    @field_validator("slots")
    @classmethod
    def _slots(cls, slots, info: ValidationInfo):
        team = info.data.get("team")
        if team == "villains" and slots[3] != "orange":
            raise ValueError("a Villain's fourth (bottom) slot is the orange Master slot")
        if team == "heroes" and "orange" in slots:
            raise ValueError("only Villains have the orange Master slot")
        return slots

    @property
    def text_a(self) -> str:
        parts = []
        if "rainbow" in self.slots:
            parts.append("Any card type but Villains attaches to any of your slots.")
        if self.trigger:
            kind = (
                "card"
                if self.trigger_kind == "any"
                else _KIND_WORD.get(self.trigger_kind, self.trigger_kind)
            )
            if self.trigger == "battle":
                head = "When you Battle"
            else:
                head = f"When you {self.trigger} {_a(kind)}"
            parts.append(f"{head}: {effects_text(self.trigger_effects)}")
        if self.static == "battle_discount":
            parts.append("Battling costs you 1 Shard less (minimum 1).")
        if self.static == "master_discount":
            parts.append("Masters cost you 1 Shard less.")
        return " ".join(parts)

    @property
    def text_b(self) -> str:
        return ability_text(self.ability)


_KIND_WORD = {
    "hero": "Hero",
    "villain": "Villain",
    "equipment": "Equipment",
    "maneuver": "Maneuver",
    "crystal": "Zeo Crystal",
}


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


@dataclass
class Catalog:
    cards: dict[str, Card]
    characters: dict[str, Character]
    _faces: dict[str, CardFace] = field(default_factory=dict)

    def card(self, instance: str) -> Card:
        return self.cards[instance.split("#", 1)[0]]

    def face(self, instance: str) -> CardFace:
        cid = instance.split("#", 1)[0]
        hit = self._faces.get(cid)
        if hit is None:
            c = self.cards[cid]
            hit = self._faces[cid] = CardFace(
                id=c.id,
                name=c.name,
                kind=c.kind,
                letter=c.letter,
                colour=c.colour,
                cost=c.cost,
                shards=c.shards,
                energy=c.energy,
                ability_cost=c.ability.cost if c.ability else None,
                block_cost=c.block.cost if c.block else None,
                block_from_hand=bool(c.block and c.block.from_hand),
                battle_cost=c.battle_cost,
                battle_text=c.battle_text,
                ongoing=c.ongoing,
                text=c.text,
            )
        return hit

    def character_face(self, cid: str) -> CardFace:
        ch = self.characters[cid]
        return CardFace(
            id=ch.id,
            name=ch.name,
            kind="character",
            letter="H" if ch.team == "heroes" else "V",
            colour="gold" if ch.team == "heroes" else "purple",
            ability_cost=ch.ability.cost,
            text=f"{ch.side_a}: {ch.text_a} | {ch.side_b}: {ch.text_b}",
        )

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == kind]

    def team_characters(self, team: str, promo: bool) -> list[str]:
        return [c.id for c in self.characters.values() if c.team == team and (promo or not c.promo)]


def structure_problems(cat: Catalog) -> list[str]:
    """Why the set does not have the rulebook's structure (empty when it does)."""
    out = []
    main = [c for c in cat.cards.values() if c.kind in MAIN_KINDS]
    total = sum(c.copies for c in main)
    if total != 75:
        out.append(f"the main deck has {total} cards, not 75")
    crystals = [c for c in main if c.kind == "crystal"]
    if len(crystals) != 5:
        out.append(f"{len(crystals)} Zeo Sub-Crystals, not 5")
    for team in ("heroes", "villains"):
        n = sum(
            c.copies for c in cat.cards.values() if c.kind == "starter" and c.team in (team, "")
        )
        if n != 10:
            out.append(f"{team} Starter decks have {n} cards, not 10")
    for kind, need in (("stun", 12), ("blaster", 12)):
        n = sum(c.copies for c in cat.of_kind(kind))
        if n != need:
            out.append(f"{n} {kind} cards, not {need}")
    base = [ch for ch in cat.characters.values() if not ch.promo]
    if len(base) != 12 or sum(ch.team == "heroes" for ch in base) != 6:
        out.append("the box has 12 characters: 6 Heroes and 6 Villains")
    for kind in ("zord", "master"):
        n = sum(1 for c in cat.of_kind(kind) if not c.promo)
        if n != 6:
            out.append(f"{n} {kind}s, not 6")
    for ch in cat.characters.values():
        item, own = cat.cards.get(ch.item), cat.cards.get(ch.own)
        if item is None or item.kind != "signature" or item.owner != ch.id:
            out.append(f"{ch.id}: Signature Item '{ch.item}' missing or not owned by it")
        want = "zord" if ch.team == "heroes" else "master"
        if own is None or own.kind != want or own.owner != ch.id:
            out.append(f"{ch.id}: {want} '{ch.own}' missing or not owned by it")
    return out


def load_catalog(folder: Path) -> Catalog:
    cards: dict[str, Card] = {}
    chars: dict[str, Character] = {}
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise CardDataError(f"{folder}: no card files (*.toml)")
    for path in files:
        data = read_toml(path)
        for card in validate_records(path, data.get("card", []), Card):
            if card.id in cards:
                raise CardDataError(f"{path}: card '{card.id}' is defined twice")
            cards[card.id] = card
        for ch in validate_records(path, data.get("character", []), Character, key="character"):
            if ch.id in chars:
                raise CardDataError(f"{path}: character '{ch.id}' is defined twice")
            chars[ch.id] = ch
    cat = Catalog(cards=cards, characters=chars)
    problems = structure_problems(cat)
    if problems:
        raise CardDataError(f"{folder}: " + "; ".join(problems))
    return cat


def catalog(cards_dir: str | None = None) -> Catalog:
    # (one cache entry for the default folder: `catalog()` and the rules' `catalog(None)`
    # were two, so a game's first frame read and checked every card file twice)
    return _catalog(cards_dir or None)


@cache
def _catalog(cards_dir: str | None) -> Catalog:
    folder = card_dir(GAME_ID, Path(cards_dir) if cards_dir else None)
    return cached_catalog(GAME_ID, folder, load_catalog, __file__)


def load_cards(folder: Path) -> list:
    """Every card and character of a folder, validated together (for `cards validate`)."""
    cat = load_catalog(folder)
    return [*cat.cards.values(), *cat.characters.values()]
