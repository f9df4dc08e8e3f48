"""A game in progress: the log of actions is the save file.

`Match` keeps every state it has passed through (states are immutable and share
structure, so this is cheap), which makes undo and replay exact.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from .core import Event, IllegalAction, Model, Outcome, Rejection, Rules, Seat

SAVE_FORMAT = "tabletop-tui-save"
SAVE_VERSION = 1

SeatKind = Literal["human", "random", "heuristic"]


class SeatSpec(Model):
    name: str
    kind: SeatKind = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


class LoggedAction(Model):
    seat: Seat
    action: dict[str, Any]


class SaveFile(BaseModel):
    format: Literal["tabletop-tui-save"] = SAVE_FORMAT
    version: int = SAVE_VERSION
    game: str
    rules_version: int = 1
    config: dict[str, Any]
    seed: int
    seats: list[SeatSpec]
    actions: list[LoggedAction] = []


class SaveError(Exception):
    """A save file that cannot be loaded; the message names the file and the problem."""


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside `path`, then rename: a crash leaves the old file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Match:
    def __init__(
        self,
        rules: Rules,
        config: BaseModel,
        seed: int,
        seats: list[SeatSpec] | None = None,
        autosave: Path | None = None,
    ):
        self.rules = rules
        self.config = config
        self.seed = seed
        if seats is None:
            count = rules.seat_count(config)
            names = getattr(config, "names", None) or [f"Player {i + 1}" for i in range(count)]
            seats = [SeatSpec(name=n) for n in names]
        self.seats = list(seats)
        self.autosave_path = Path(autosave) if autosave else None
        self.states = [rules.new_game(config, seed)]
        self.actions: list[LoggedAction] = []
        self.events: list[tuple[Event, ...]] = [
            (Event(text=f"New game of {rules.title}, seed {seed}.", kind="start", barrier=True),)
        ]

    # -- reading -------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    def to_act(self) -> frozenset[Seat]:
        return self.rules.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def view(self, seat: Seat | None):
        return self.rules.view(self.state, seat)

    def legal_actions(self, seat: Seat) -> list:
        return self.rules.legal_actions(self.state, seat)

    def log_lines(self) -> Iterator[Event]:
        for batch in self.events:
            yield from batch

    # -- playing -------------------------------------------------------------
    def check(self, seat: Seat, action) -> Rejection | None:
        return self.rules.check(self.state, seat, action)

    def play(self, seat: Seat, action) -> tuple[Event, ...]:
        """Apply a legal action (raises IllegalAction, leaving everything as it was)."""
        state, events = self.rules.apply(self.state, seat, action)
        self.states.append(state)
        self.actions.append(LoggedAction(seat=seat, action=self.rules.dump_action(action)))
        self.events.append(events)
        self._autosave()
        return events

    def undoable(self, seat: Seat | None = None, bots: frozenset[Seat] = frozenset()) -> int:
        """How many actions `undo` would take back (0 when blocked).

        Undo walks back over bot actions to the last action of `seat`, but never
        past an action that revealed information (a draw, shuffle, roll or reveal).
        """
        count = 0
        for logged, events in zip(reversed(self.actions), reversed(self.events), strict=False):
            if any(e.barrier for e in events):
                return 0
            count += 1
            if seat is None or logged.seat == seat:
                return count
            if logged.seat not in bots:
                return 0
        return 0

    def undo(self, seat: Seat | None = None, bots: frozenset[Seat] = frozenset()) -> int:
        count = self.undoable(seat, bots)
        for _ in range(count):
            self.states.pop()
            self.actions.pop()
            self.events.pop()
        if count:
            self._autosave()
        return count

    # -- saving --------------------------------------------------------------
    def to_save(self) -> SaveFile:
        return SaveFile(
            game=self.rules.game_id,
            rules_version=self.rules.version,
            config=self.config.model_dump(mode="json"),
            seed=self.seed,
            seats=self.seats,
            actions=self.actions,
        )

    def save(self, path: Path) -> None:
        write_atomic(Path(path), self.to_save().model_dump_json(indent=1))

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)

    @classmethod
    def from_save(cls, data: SaveFile, rules: Rules, source: str = "save") -> Match:
        if data.game != rules.game_id:
            raise SaveError(f"{source}: is a save of '{data.game}', not '{rules.game_id}'")
        if data.rules_version != rules.version:
            raise SaveError(
                f"{source}: written for {rules.title} rules version {data.rules_version}; "
                f"this build plays version {rules.version}"
            )
        try:
            config = rules.config_type.model_validate(data.config)
        except ValidationError as exc:
            raise SaveError(f"{source}: bad game settings: {_first_error(exc)}") from None
        seats = rules.seat_count(config)
        if len(data.seats) != seats:
            raise SaveError(f"{source}: has {len(data.seats)} seats; this game has {seats}")
        from ..cards import CardDataError  # late, like the registry: generic card loading

        try:
            match = cls(rules, config, data.seed, seats=data.seats)
        except CardDataError as exc:  # e.g. the --cards folder it was saved with is gone
            raise SaveError(f"{source}: cannot set up the game: {exc}") from None
        for number, logged in enumerate(data.actions, 1):
            try:
                action = rules.parse_action(logged.action)
            except ValidationError as exc:
                raise SaveError(
                    f"{source}: action #{number} is not a {rules.title} action: {_first_error(exc)}"
                ) from None
            try:
                match.play(logged.seat, action)
            except IllegalAction as exc:
                raise SaveError(
                    f"{source}: action #{number} (seat {logged.seat + 1}: "
                    f"{rules.describe(action)}) is illegal: {exc.rejection}"
                ) from None
        return match

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None) -> Match:
        """Load and re-validate a save by replaying it; SaveError explains any problem."""
        from ..games import get_rules, unknown_game_message  # late: the engine knows no game

        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(f"{path}: no such save file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"{path}: cannot be read ({exc})") from None
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(
                f"{path}: not a save file, or cut short (JSON error at line {exc.lineno}, "
                f"column {exc.colno}: {exc.msg})"
            ) from None
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise SaveError(f"{path}: not a tabletop-tui save file")
        if raw.get("version") != SAVE_VERSION:
            raise SaveError(
                f"{path}: save format version {raw.get('version')!r}; "
                f"this build reads version {SAVE_VERSION}"
            )
        try:
            data = SaveFile.model_validate(raw)
        except ValidationError as exc:
            raise SaveError(f"{path}: damaged save: {_first_error(exc)}") from None
        rules = get_rules(data.game)
        if rules is None:
            raise SaveError(f"{path}: {unknown_game_message(data.game)}")
        match = cls.from_save(data, rules, source=str(path))
        match.autosave_path = Path(autosave) if autosave else None
        return match

    def replay(self) -> Iterator:
        """Rebuild every state from the seed and the log (it must equal `states`)."""
        state = self.rules.new_game(self.config, self.seed)
        yield state
        for logged in self.actions:
            state, _ = self.rules.apply(state, logged.seat, self.rules.parse_action(logged.action))
            yield state


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "(top)"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {err.get('msg')}{more}"
