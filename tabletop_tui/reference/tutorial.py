"""The guided first game of each game: a fixed seed, seats, and hints shown as play reaches them.

`<game-id>.tutorial.toml` beside the reference. A hint appears the first time the learner's
help topics (the pending decision, the phase) include its topic, in file order, and stays on
screen until the next one replaces it. Pure Python: the screen only shows `HintState.current`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class Hint(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    topic: str = Field(min_length=1)
    text: str = Field(min_length=1, max_length=800)
    #: shown only once at least this many actions have been played in the game
    after: int = Field(default=0, ge=0)
    #: the reference section `?` opens while this hint is up
    section: str | None = None


class Tutorial(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int = Field(ge=0, le=2**63)
    seats: tuple[Literal["human", "bot", "heuristic", "random"], ...] = Field(min_length=1)
    names: tuple[str, ...] = Field(min_length=1)
    config: dict = Field(default_factory=dict)
    hint: tuple[Hint, ...] = Field(min_length=1)


class TutorialError(ValueError):
    pass


def parse_tutorial(text: str, source: str) -> Tutorial:
    try:
        tutorial = Tutorial.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"{source}: not valid TOML: {exc}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TutorialError(f"{source}: {where}: {first['msg']}") from None
    if len(tutorial.names) != len(tutorial.seats):
        raise TutorialError(
            f"{source}: {len(tutorial.names)} names for {len(tutorial.seats)} seats"
        )
    return tutorial


@cache
def load_tutorial(game_id: str) -> Tutorial | None:
    """The shipped guided game of a game, or None when it has none."""
    try:
        text = resources.files(__package__).joinpath(f"{game_id}.tutorial.toml").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return None
    return parse_tutorial(text, f"tabletop_tui/reference/{game_id}.tutorial.toml")


class HintState:
    """Which hints the learner has seen; `update` moves on as the game reaches new topics."""

    def __init__(self, tutorial: Tutorial):
        self.tutorial = tutorial
        self.shown: set[int] = set()
        self.current: int | None = None

    def update(self, topics: tuple[str, ...], actions_played: int) -> bool:
        """Show the first unseen hint that fits now; True when the hint on screen changed."""
        for index, hint in enumerate(self.tutorial.hint):
            if index in self.shown:
                continue
            if hint.topic in topics and actions_played >= hint.after:
                self.shown.add(index)
                self.current = index
                return True
        return False

    @property
    def hint(self) -> Hint | None:
        return None if self.current is None else self.tutorial.hint[self.current]

    def label(self) -> str:
        if self.current is None:
            return ""
        return f"Hint {self.current + 1}/{len(self.tutorial.hint)}"
