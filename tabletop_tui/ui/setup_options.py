"""Per-game choices on the setup screen (decks, house rules), declared as data.

A game screen lists its options; the setup screen draws them and turns the answers
into the game's Config fields. Games without options show names, seats and seed only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SetupOption:
    #: the Config field it sets
    key: str
    label: str
    #: (label, value) pairs; a callable is evaluated when the setup screen opens
    choices: tuple[tuple[str, str], ...] | Callable[[], tuple[tuple[str, str], ...]] = ()
    #: one answer per seat (collected into a tuple), or one for the game
    per_seat: bool = False
    #: default value, or per-seat defaults
    default: object = None
    help: str = ""
    extra: dict = field(default_factory=dict)
    #: turns the answers (a tuple for a per-seat option) into the Config value; may raise
    #: ValueError with a message for the player (e.g. a saved deck that broke since)
    convert: Callable[[object], object] | None = None
    #: problems to report when the setup screen opens (e.g. unreadable saved decks)
    warnings: Callable[[], list[str]] | None = None
    #: a one-line description of a choice (a deck's style), shown under its select
    describe: Callable[[object], str] | None = None
    #: a named mix of other options (a difficulty): choice value -> {option key: value}. Such
    #: an option is no Config field: choosing it sets those options, and changing them shows
    #: the name their answers match ("custom" when none does)
    presets: dict[str, dict[str, str]] | None = None

    def options(self) -> tuple[tuple[str, str], ...]:
        return self.choices() if callable(self.choices) else self.choices

    def problems(self) -> list[str]:
        return list(self.warnings()) if self.warnings else []


def options_for(game_id: str) -> list[SetupOption]:
    from .registry import setup_options

    return list(setup_options(game_id))
