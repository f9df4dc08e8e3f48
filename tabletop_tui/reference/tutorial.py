"""The guided first game of each game: a fixed seed, seats, and hints shown as play reaches them.

`<game-id>.tutorial.toml` beside the reference. A hint appears the first time the learner's
help topics (the pending decision, the phase, and what the table shows: `screen_topics`)
include its topic and everything it `needs`, in file order, and stays on screen until the
next one replaces it, at the earliest once a move was played under it. Pure Python: the
screen only shows `HintState.current`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import moment_topics


class Hint(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    topic: str = Field(min_length=1)
    #: more topics that must be on screen too: what the text points at ("dice": a roll is
    #: shown), so a hint never describes something that is not there yet
    needs: tuple[str, ...] = ()
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


def screen_topics(game_id: str, view) -> tuple[str, ...]:
    """What the learner's table shows beyond the phase and the pending decision, as topics a
    hint `needs` (read from the seat's View, duck-typed: this module knows no game's models).
    Army Of Zero: "dice" (a roll of this fight is in the dice panel), "table" (an Attack
    Card of yours lies on the table), "fallen" (a character has fallen), "later-phase" (a
    Squad Pile ran out and a new phase began)."""
    if game_id != "army-of-zero":
        return ()
    out = []
    viewer = getattr(view, "viewer", None)
    if view.phase == "battle" and view.last is not None and view.last.tests:
        out.append("dice")
    if viewer is not None and view.seats[viewer].table:
        out.append("table")
    if any(s.defeated for s in view.seats):
        out.append("fallen")
    if view.phase_number > 1:
        out.append("later-phase")
    return tuple(out)


def view_topics(game_id: str, view) -> tuple[str, ...]:
    """A seat's topics as its game screen gives them (`GameScreen.help_topics`: the pending
    decision's kind, then the phase), then `screen_topics`."""
    return (*moment_topics(view), *screen_topics(game_id, view))


class HintState:
    """Which hints the learner has seen; `update` moves on as the game reaches new topics.

    Hints are numbered in the order they appeared ("Hint 3"), with no total: which ones come
    depends on the game (a Block, a card that destroys), so a "3/12" would skip numbers when
    a later hint's moment comes first and promise hints that may never show."""

    def __init__(self, tutorial: Tutorial):
        self.tutorial = tutorial
        #: the indexes of the hints shown so far, in the order they appeared
        self.shown: list[int] = []
        self.current: int | None = None
        #: the actions played when the current hint appeared: it stays up until one more
        #: is played, so two hints never replace each other unseen within one moment
        self.shown_at = 0
        #: a state rebuilt for a resumed game: its first `update` shows the current hint
        self.resumed = False

    def update(self, topics: tuple[str, ...], actions_played: int) -> bool:
        """Show the first unseen hint that fits now; True when the hint on screen changed
        (or, resumed, the first time: the current hint is to be shown again)."""
        resumed, self.resumed = self.resumed, False
        if self.current is None or actions_played > self.shown_at:
            for index, hint in enumerate(self.tutorial.hint):
                if index in self.shown:
                    continue
                if (
                    hint.topic in topics
                    and all(need in topics for need in hint.needs)
                    and actions_played >= hint.after
                ):
                    self.shown.append(index)
                    self.current = index
                    self.shown_at = actions_played
                    return True
        return resumed and self.current is not None

    @property
    def hint(self) -> Hint | None:
        return None if self.current is None else self.tutorial.hint[self.current]

    def label(self) -> str:
        if self.current is None:
            return ""
        return f"Hint {self.shown.index(self.current) + 1}"


def resume_hints(match) -> HintState | None:
    """The hints of a guided game opened from its save (`match.guided`), fast-forwarded as
    the screen would have moved them: the learner's topics after every action of the log.
    None for any other game, or when the game's tutorial cannot be read."""
    if not getattr(match, "guided", False):
        return None
    rules = match.rules
    try:
        tutorial = load_tutorial(rules.game_id)
    except TutorialError:
        return None
    if tutorial is None:
        return None
    humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
    seat = humans[0] if humans else None
    hints = HintState(tutorial)
    for step, state in enumerate(match.states):
        if rules.outcome(state) is not None:
            topics: tuple[str, ...] = ("over",)
        elif seat is None:
            topics = ()
        else:
            topics = view_topics(rules.game_id, rules.view(state, seat))
        hints.update(topics, step)
    hints.resumed = True
    return hints
