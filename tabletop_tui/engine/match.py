"""A game in progress: the log of actions is the save file.

`Match` keeps every state it has passed through (states are immutable and share
structure, so this is cheap), which makes undo and replay exact.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..files import (  # noqa: F401 - the temporaries' helpers are the engine's too
    STALE_TEMP_SECONDS,
    FileProblem,
    clean_temp_files,
    decode_text,
    fsync_folder,
    os_problem,
    read_limited,
    temp_files,
)
from ..limits import MAX_NAME, MAX_SEED, name_problem  # noqa: F401 - the engine's bounds too
from .core import (
    Event,
    GameSetupError,
    IllegalAction,
    Model,
    Outcome,
    Rejection,
    Rules,
    Seat,
)
from .fast import make
from .grammar import YOU, article, second_person
from .levels import canonical_kind

SAVE_FORMAT = "tabletop-tui-save"
SAVE_VERSION = 1

#: bounds on what a save file may hold, checked before anything is built from it
MAX_SAVE_BYTES = 16 * 2**20
MAX_DEPTH = 32
MAX_NUMBER = 2**63 - 1
MAX_TEXT = 4096
#: far more than any game takes; a save claiming more is refused before it is validated
MAX_ACTIONS = 100_000

#: "human", "random", "heuristic" (the normal bot), "bot:easy", "bot:hard" (engine/levels.py)
SeatKind = str

_SURROGATE = re.compile("[\ud800-\udfff]")


class SeatSpec(Model):
    name: str
    kind: SeatKind = "human"

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
        return name

    @field_validator("kind", mode="before")
    @classmethod
    def _known_kind(cls, kind: object) -> str:
        """Older saves' "bot" and a typed "bot:normal" are the normal bot, "heuristic"."""
        if not isinstance(kind, str):
            raise ValueError("a seat kind is a word such as human or bot:hard")
        return canonical_kind(kind)

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


class LoggedAction(Model):
    seat: Seat = Field(ge=0)
    action: dict[str, Any]


class SaveFile(BaseModel):
    # built on the first save or load, not when a game screen starts
    model_config = ConfigDict(defer_build=True)

    format: Literal["tabletop-tui-save"] = SAVE_FORMAT
    version: int = SAVE_VERSION
    game: str
    rules_version: int = 1
    config: dict[str, Any]
    seed: int = Field(ge=0, le=MAX_SEED)
    seats: list[SeatSpec]
    actions: list[LoggedAction] = Field(default=[], max_length=MAX_ACTIONS)
    #: a guided first game (its hints come back on resume); older saves have none: False
    guided: bool = False
    #: the game's outcome once it is over (the finished games list reads it without
    #: replaying); a check, not the truth: loading replays the actions
    result: str | None = None


class SaveError(Exception):
    """A save file that cannot be loaded; the message names the file and the problem."""


def _said_to_you(event: Event) -> Event:
    text = second_person(event.text)
    return event if text is event.text else event.model_copy(update={"text": text})


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside `path`, then rename: a crash leaves the old file.

    Leftovers of a killed writer are removed first, and the folder is synced after the
    rename so the new name survives a power cut too.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_temp_files(path.parent, path.name)
    data = text.encode("utf-8")  # before the temporary exists: nothing to clean if it fails
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(path.parent)


@dataclass(frozen=True)
class Dealt:
    """A game dealt before its Match exists: `tabletop-tui play` deals it to report bad card
    files before the UI starts, and hands it to the app, whose Match starts from that very
    state instead of dealing again (states are immutable: both may hold it)."""

    rules: Rules
    config: BaseModel
    seed: int
    state: Any

    def fits(self, rules: Rules, config: BaseModel, seed: int) -> bool:
        """Is this the game `rules.new_game(config, seed)` would deal?"""
        return (
            self.rules is rules
            and type(self.seed) is type(seed)
            and self.seed == seed
            and type(self.config) is type(config)
            and self.config == config
        )


def deal(rules: Rules, config: BaseModel, seed: int) -> Dealt:
    return Dealt(rules, config, seed, rules.new_game(config, seed))


class Match:
    def __init__(
        self,
        rules: Rules,
        config: BaseModel,
        seed: int,
        seats: list[SeatSpec] | None = None,
        autosave: Path | None = None,
        history: Path | None = None,
        dealt: Dealt | None = None,
    ):
        """`dealt`: this game dealt already (by the command line's checks); used only if it
        is the game of these rules, config and seed."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            # a game whose autosave could not be loaded again must not start
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        self.rules = rules
        self.config = config
        self.seed = seed
        if seats is None:
            count = rules.seat_count(config)
            names = getattr(config, "names", None) or [f"Player {i + 1}" for i in range(count)]
            seats = [SeatSpec(name=n) for n in names]
        self.seats = list(seats)
        self.autosave_path = Path(autosave) if autosave else None
        #: where the autosave moves, under the same name, once the game is over
        self.history_dir = Path(history) if history else None
        #: why the last autosave failed (None: it worked, or there was none to do)
        self.autosave_error: str | None = None
        #: called with the new autosave_error whenever it changes (failed, or works again)
        self.on_autosave_change: Callable[[str | None], None] | None = None
        #: the log as the autosave file holds it: its length and last entry
        self._saved: tuple[int, LoggedAction | None] | None = None
        fits = dealt is not None and dealt.fits(rules, config, seed)
        self.states = [dealt.state if fits else rules.new_game(config, seed)]  # type: ignore[union-attr]
        #: a seat named "You" (a guided game) is spoken to: "You play", not "You plays"
        self.spoken_to = YOU in rules.seat_names(self.states[0])
        #: a guided first game (the UI's hints): saved with it, so it resumes with them
        self.guided = False
        self.actions: list[LoggedAction] = []
        self.events: list[tuple[Event, ...]] = [
            (
                make(
                    Event,
                    text=f"New game of {rules.title}, seed {seed}.",
                    kind="start",
                    barrier=True,
                ),
            )
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

    def events_since(self, step: int) -> list[Event]:
        """The log's events of the actions after the first `step` (a recap's lines)."""
        return [e for batch in self.events[step + 1 :] for e in batch]

    def last_move_of(self, seat: Seat) -> int | None:
        """The index of `seat`'s last action in the log (None: it has not acted yet)."""
        for i in range(len(self.actions) - 1, -1, -1):
            if self.actions[i].seat == seat:
                return i
        return None

    # -- playing -------------------------------------------------------------
    def check(self, seat: Seat, action) -> Rejection | None:
        return self.rules.check(self.state, seat, action)

    def play(self, seat: Seat, action) -> tuple[Event, ...]:
        """Apply a legal action (raises IllegalAction, leaving everything as it was)."""
        state, events = self.rules.apply(self.state, seat, action)
        if self.spoken_to:
            events = tuple(_said_to_you(e) for e in events)
        self.states.append(state)
        self.actions.append(LoggedAction(seat=seat, action=self.rules.dump_action(action)))
        self.events.append(events)
        self.autosave()
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
            self.autosave()
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
            guided=self.guided,
            result=getattr(self.outcome(), "summary", None),
        )

    def save(self, path: Path) -> None:
        write_atomic(Path(path), self.to_save().model_dump_json(indent=1))

    def autosave(self) -> bool:
        """Write the autosave now; False (and `autosave_error` set) when the write failed.

        A failed autosave never stops the game and never changes the Match: the action
        that was played stays played, and the file on disk stays the last one written
        whole (write_atomic never leaves half a file). So the disk holds an earlier point
        of this same game, `autosave_behind()` moves back, until a later write works; every
        action retries. An explicit `save(path)` raises instead, changing nothing.
        """
        if self.autosave_path is None:
            return True
        target = self.current_save_path
        try:
            self.save(target)
            other = self.autosave_path if target != self.autosave_path else self._history_path()
            if other is not None and other.exists():  # moved: finished, or un-finished by undo
                other.unlink()
                fsync_folder(other.parent)
        except (OSError, UnicodeError) as exc:
            error = f"{target}: {os_problem(exc) if isinstance(exc, OSError) else exc}"
        else:
            error = None
            self._saved = (len(self.actions), self.actions[-1] if self.actions else None)
        changed = error != self.autosave_error
        self.autosave_error = error
        if changed and self.on_autosave_change is not None:
            self.on_autosave_change(error)
        return error is None

    def _history_path(self) -> Path | None:
        if self.history_dir is None or self.autosave_path is None:
            return None
        return self.history_dir / self.autosave_path.name

    @property
    def current_save_path(self) -> Path | None:
        """Where this game autosaves now: its autosave, or its history file once it is over."""
        history = self._history_path()
        if history is not None and self.outcome() is not None:
            return history
        return self.autosave_path

    @property
    def has_autosave(self) -> bool:
        """Whether an autosave of this game was ever written whole."""
        return self._saved is not None

    def autosave_behind(self) -> int | None:
        """How many actions the autosave file lacks (0: up to date); None when it holds
        actions since undone, or was never written."""
        if self._saved is None:
            return None
        count, last = self._saved
        if count > len(self.actions) or (count and self.actions[count - 1] is not last):
            return None
        return len(self.actions) - count

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
        try:
            match = cls(rules, config, data.seed, seats=data.seats)
        except GameSetupError as exc:  # e.g. the --cards folder it was saved with is gone
            raise SaveError(f"{source}: cannot set up the game: {exc}") from None
        except Exception as exc:  # settings the game's model let through but cannot deal
            # a game's ValueError is written for players; anything else names its type
            kind = "" if isinstance(exc, ValueError) else f"{type(exc).__name__}: "
            raise SaveError(f"{source}: cannot set up the game: {kind}{_first_line(exc)}") from None
        match.guided = data.guided
        for number, logged in enumerate(data.actions, 1):
            if logged.seat >= seats:
                raise SaveError(
                    f"{source}: action #{number} is for seat {logged.seat + 1}; "
                    f"this game has {seats} seats"
                )
            try:
                action = rules.parse_action(logged.action)
            except ValidationError as exc:
                raise SaveError(
                    f"{source}: action #{number} is not {article(rules.title)} {rules.title} action: "
                    f"{_first_error(exc)}"
                ) from None
            try:
                match.play(logged.seat, action)
            except IllegalAction as exc:
                raise SaveError(
                    f"{source}: action #{number} (seat {logged.seat + 1}: "
                    f"{rules.describe(action)}) is illegal: {exc.rejection}"
                ) from None
            except Exception as exc:  # a rules bug met by odd input: still one line
                raise SaveError(
                    f"{source}: action #{number} cannot be replayed: "
                    f"{type(exc).__name__}: {_first_line(exc)}"
                ) from None
        return match

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None, history: Path | None = None) -> Match:
        """Load and re-validate a save by replaying it; SaveError explains any problem."""
        from ..games import get_rules, unknown_game_message  # late: the engine knows no game

        path = Path(path)
        raw = read_save_json(path)
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise SaveError(f"{path}: not a tabletop-tui save file")
        if raw.get("version") != SAVE_VERSION:
            raise SaveError(
                f"{path}: save format version {raw.get('version')!r}; "
                f"this build reads version {SAVE_VERSION}"
            )
        actions = raw.get("actions")
        if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
            raise SaveError(
                f"{path}: damaged save: {len(actions):,} actions; a save holds at most "
                f"{MAX_ACTIONS:,}"
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
        match.history_dir = Path(history) if history else None
        return match

    def replay(self) -> Iterator:
        """Rebuild every state from the seed and the log (it must equal `states`)."""
        state = self.rules.new_game(self.config, self.seed)
        yield state
        for logged in self.actions:
            state, _ = self.rules.apply(state, logged.seat, self.rules.parse_action(logged.action))
            yield state


def read_save_json(path: Path) -> Any:
    """The JSON of a save file, refused with a SaveError before it can cost much.

    Only a regular file of at most MAX_SAVE_BYTES is read; the JSON may nest at most
    MAX_DEPTH deep, every number is finite and within 64 bits, and every string is
    valid Unicode (no lone surrogates) and at most MAX_TEXT characters.
    """
    try:
        text = decode_text(read_limited(path, MAX_SAVE_BYTES))
    except FileProblem as exc:
        if str(exc) == "no such file":
            raise SaveError(f"{path}: no such save file") from None
        raise SaveError(f"{path}: cannot be read: {exc}") from None
    try:
        raw = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}: not a save file, or cut short (JSON error at line {exc.lineno}, "
            f"column {exc.colno}: {_json_problem(exc.msg)})"
        ) from None
    except RecursionError:
        raise SaveError(f"{path}: damaged save: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # an integer of thousands of digits, NaN, Infinity
        problem = _first_line(exc)
        if "integer string conversion" in problem:
            problem = "it holds a number thousands of digits long"
        raise SaveError(f"{path}: damaged save: {problem}") from None
    problem = json_problem(raw)
    if problem:
        raise SaveError(f"{path}: damaged save: {problem}")
    return raw


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save may hold")


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip() or type(exc).__name__).splitlines()[0]


def json_problem(raw: Any) -> str | None:
    """What in parsed JSON is out of bounds (see `read_save_json`), or None.

    A quick pass looks for any problem; only when there is one does a second pass work out
    where it is (building every path up front tripled the time for a large save).
    """
    if _json_ok(raw):
        return None
    return _json_problem_at(raw)


def _json_ok(raw: Any) -> bool:
    stack: list[tuple[Any, int]] = [(raw, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        kind = type(value)
        if kind is str:
            if len(value) > MAX_TEXT or _SURROGATE.search(value):
                return False
        elif kind is dict:
            if depth >= MAX_DEPTH and value:
                return False
            for key, item in value.items():
                if len(key) > MAX_TEXT or _SURROGATE.search(key):
                    return False
                push((item, depth + 1))
        elif kind is list:
            if depth >= MAX_DEPTH and value:
                return False
            for item in value:
                push((item, depth + 1))
        elif kind is int:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                return False
        elif kind is float:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:  # False for NaN and infinities too
                return False
    return True


def _json_problem_at(raw: Any) -> str | None:
    stack: list[tuple[Any, int, str]] = [(raw, 1, "(top)")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} levels deep at {where}"
        if isinstance(value, dict):
            for key, item in value.items():
                problem = _text_problem(key)
                if problem:
                    return f"a key in {where}: {problem}"
                stack.append((item, depth + 1, key if where == "(top)" else f"{where}.{key}"))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                here = str(index) if where == "(top)" else f"{where}.{index}"
                stack.append((item, depth + 1, here))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                shown = str(value)
                shown = shown if len(shown) <= 24 else f"{shown[:12]}...({len(shown)} digits)"
                return f"{where}: the number {shown} is out of range"
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                return f"{where}: the number {value} is out of range"
        elif isinstance(value, str):
            problem = _text_problem(value)
            if problem:
                return f"{where}: {problem}"
    return None


def _text_problem(text: str) -> str | None:
    if len(text) > MAX_TEXT:
        return f"a text of {len(text):,} characters (at most {MAX_TEXT:,})"
    found = _SURROGATE.search(text)
    if found:
        return f"a text holding U+{ord(found.group()):04X}, half of a character (not valid Unicode)"
    return None


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    message = str(err.get("msg", "")).removeprefix("Value error, ")
    return f"{where}: {message}{more}" if where else f"{message}{more}"


#: the JSON parser's messages in a player's words (its own ones end "... starting at", the
#: place it means being given apart)
_JSON_PROBLEMS = {
    "Unterminated string starting at": "an unfinished text",
    "Expecting value": "a value missing",
    "Expecting ',' delimiter": "a comma missing",
    "Expecting ':' delimiter": "a colon missing",
    "Expecting property name enclosed in double quotes": "a name not in double quotes",
    "Extra data": "more after the end",
    "Invalid control character at": "a control character inside a text",
}


def _json_problem(message: str) -> str:
    known = _JSON_PROBLEMS.get(message)
    if known is not None:
        return known
    return message.removesuffix(" starting at").removesuffix(" at")
