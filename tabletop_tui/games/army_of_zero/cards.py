"""The 84 character cards, loaded from card_data/army-of-zero/characters.toml."""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from functools import cache
from itertools import product
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...cards import CardDataError, cached_catalog, card_dir, read_toml, validate_records
from ...engine import Model

GAME_ID = "army-of-zero"
ABILITIES = ("speed", "combat", "weapon", "armour")
Stat = Annotated[int, Field(ge=-2, le=2)]


class Character(Model):
    id: str = Field(min_length=1)
    rank: Literal["Lord", "General", "Commander", "Guardian", "Thegn"]
    name: str = Field(min_length=1)
    clan: str = Field(min_length=1)
    speed: Stat
    combat: Stat
    weapon: Stat
    armour: Stat

    @model_validator(mode="after")
    def _zero_sum(self) -> "Character":
        total = self.speed + self.combat + self.weapon + self.armour
        if total != 0:
            raise ValueError(
                f"the four abilities (speed {self.speed}, combat {self.combat}, weapon "
                f"{self.weapon}, armour {self.armour}) must add up to 0, they add up to {total}"
            )
        return self

    def stat(self, ability: str) -> int:
        return getattr(self, ability)


def all_stat_lines() -> set[tuple[int, int, int, int]]:
    """Every zero-sum line in -2..+2 except 0/0/0/0: the real deck's 84 lines."""
    return {line for line in product(range(-2, 3), repeat=4) if sum(line) == 0 and any(line)}


def load_characters(folder: Path | None = None) -> tuple[Character, ...]:
    folder = Path(folder) if folder else card_dir(GAME_ID)
    path = folder / "characters.toml"
    data = read_toml(path)
    chars = validate_records(path, data.get("character", []), Character, key="character")
    seen: dict[str, str] = {}
    for c in chars:
        if c.id in seen:
            raise CardDataError(f"{path}: character '{c.name}', field 'id': {c.id} is used twice")
        seen[c.id] = c.name
    if len(chars) < 20:
        raise CardDataError(
            f"{path}: {len(chars)} characters; at least 20 are needed to deal 10 to each player"
        )
    return tuple(chars)


@cache
def shipped_characters() -> tuple[Character, ...]:
    return cached_catalog(GAME_ID, card_dir(GAME_ID), load_characters, __file__)


@cache
def character_index(folder: str | None = None) -> dict[str, Character]:
    if folder:
        chars = cached_catalog(GAME_ID, Path(folder), load_characters, __file__)
    else:
        chars = shipped_characters()
    return {c.id: c for c in chars}
