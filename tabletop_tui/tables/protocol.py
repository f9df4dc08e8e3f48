"""The table protocol: one JSON object per line, each a pydantic-typed message.

Everything a client sends is untrusted, so it is parsed like a broken save: size first,
then JSON, then a strict model (unknown fields, wrong types and out-of-range numbers are
refused with a reason). What the service sends is typed the same way so a client can
check it too. No game type appears here: views and actions travel as JSON objects and
the game's own models validate them at either end.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .limits import DEFAULT_LIMITS, Limits  # noqa: F401 - the service's caps, named here too

#: a table's short code: letters a player can read out without confusing them
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5
MAX_NAME = 24
#: the most actions a table may hold its watchers back
MAX_WATCH_DELAY = 20
#: the longest a table may let a dropped player's seat wait before a bot plays it
MAX_BOT_AFTER = 30 * 86400


class Message(BaseModel):
    # (built on first use: a local game imports the protocol but never sends a message)
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, defer_build=True)


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=r"^[^\x00-\x1f\x7f]+$")]
Code = Annotated[str, Field(min_length=CODE_LENGTH, max_length=CODE_LENGTH, pattern=r"^[A-Z]+$")]
SeatNo = Annotated[int, Field(ge=0, lt=16)]
Ref = Annotated[int, Field(ge=0, lt=2**31)]


# -- client to service ---------------------------------------------------------------------------
class Hello(Message):
    """Proves who the client is with a ticket the server issued (e.g. per SSH login)."""

    type: Literal["hello"]
    ticket: Annotated[str, Field(min_length=8, max_length=128)]


class ListTables(Message):
    type: Literal["list"]


class SeatRequest(Message):
    name: Name
    #: open: a human takes it; otherwise the service's bot of that kind plays it (heuristic
    #: is the normal level, engine/levels.py)
    kind: Literal["open", "heuristic", "random", "bot:easy", "bot:hard"] = "open"


class Create(Message):
    type: Literal["create"]
    game: Annotated[str, Field(min_length=1, max_length=40)]
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=8)]
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    #: game settings merged into its Config (validated by it); never a file path
    options: dict[str, Any] = {}
    #: sit the creator here straight away (None: create only)
    sit: SeatNo | None = None
    #: start by itself once every seat is taken; False: the creator starts it (`Start`)
    auto_start: bool = True
    #: watchers see the table this many actions behind (0: as it happens); once the game
    #: is over they see the end
    watch_delay: Annotated[int, Field(ge=0, le=MAX_WATCH_DELAY)] = 0
    #: a seat whose player is away (or that was left for good) this many seconds into the
    #: game is played by a bot until a player sits there again (0: it waits for them)
    bot_after: Annotated[int, Field(ge=0, le=MAX_BOT_AFTER)] = 0
    #: the players may ask the coach (the hard bot's move and why); off unless allowed
    coach: bool = False


class Join(Message):
    """Take a seat (a given one, or your own again, or the first open one) or watch."""

    type: Literal["join"]
    table: Code
    seat: SeatNo | None = None
    watch: bool = False


class Start(Message):
    """The creator starts a table whose seats are all taken (by players or bots)."""

    type: Literal["start"]


class Leave(Message):
    type: Literal["leave"]


class Act(Message):
    type: Literal["action"]
    action: dict[str, Any]
    #: the table revision this action was chosen at: refused as stale if the table moved on
    expect: Annotated[int, Field(ge=0)] | None = None
    ref: Ref | None = None
    #: the coach suggested this move: the log marks it for everyone
    coached: bool = False


class Undo(Message):
    """Ask to take back to before your last action (the other players must agree)."""

    type: Literal["undo"]


class UndoReply(Message):
    type: Literal["undo_reply"]
    accept: bool


class LeaveForGood(Message):
    """Give up your seat at a table for good: it becomes open for anyone to take."""

    type: Literal["leave_for_good"]
    table: Code


class HandToBot(Message):
    """Give a seat whose player has been gone past the timeout to a bot."""

    type: Literal["hand_to_bot"]
    seat: SeatNo
    kind: Literal["heuristic", "random", "bot:easy", "bot:hard"] = "heuristic"


class GetReplay(Message):
    """Ask for a finished table's whole log, to step through it (nothing is secret then)."""

    type: Literal["get_replay"]
    table: Code


ClientMessage = Annotated[
    Hello
    | ListTables
    | Create
    | Join
    | Start
    | Leave
    | Act
    | Undo
    | UndoReply
    | HandToBot
    | LeaveForGood
    | GetReplay,
    Field(discriminator="type"),
]


# -- service to client ---------------------------------------------------------------------------
class SeatInfo(Message):
    name: str
    kind: str
    user: str | None = None
    connected: bool = False
    #: this seat is one the game waits for now
    to_act: bool = False
    #: seconds it has been this seat's move (None: not its move, or not told)
    waited: float | None = None
    #: a bot plays the seat while its player is away (the table's `bot_after`)
    stand_in: bool = False


class TableInfo(Message):
    code: str
    game: str
    title: str
    seats: list[SeatInfo]
    spectators: int = 0
    started: bool = False
    over: bool = False
    step: int = 0
    #: who made the table (and, unless it starts by itself, starts it)
    creator: str = ""
    auto_start: bool = True
    #: seconds a dropped player's seat waits before the others may give it to a bot
    seat_timeout: float = 120.0
    #: actions the watchers' view is behind the game
    watch_delay: int = 0
    #: seconds a dropped player's seat waits before a bot plays it for them (0: no bot)
    bot_after: int = 0
    #: the table's maker allowed the coach
    coach: bool = False


class Welcome(Message):
    type: Literal["welcome"] = "welcome"
    user: str


class Tables(Message):
    type: Literal["tables"] = "tables"
    tables: list[TableInfo]


class EventLine(Message):
    text: str
    kind: str = "info"
    seat: int | None = None
    barrier: bool = False
    #: the step this line led to (an undo back past it takes it out of the log)
    step: int = 0


class Joined(Message):
    type: Literal["joined"] = "joined"
    table: TableInfo
    #: your seat, or None when watching
    seat: int | None
    #: the game's settings (public; never the seed, which would deal every hidden card)
    config: dict[str, Any] = {}
    #: the newest log lines so far (a player who comes back sees what happened meanwhile)
    log: list[EventLine] = []


class ViewUpdate(Message):
    """What one seat (or a spectator) may see now, and what that seat may do."""

    type: Literal["view"] = "view"
    table: str
    seat: int | None
    #: bumps on every change (actions and undos): `Act.expect` names one
    revision: int
    #: actions in the log: step n is the state after n actions
    step: int
    view: dict[str, Any]
    #: the public view too (a seat's screen shows what everyone sees, e.g. the phase, from
    #: it); None in a watcher's message, whose view is the public one
    public: dict[str, Any] | None = None
    legal: list[dict[str, Any]] = []
    #: the rules' refusals of the moves a screen may ask about ({"action", "rule", "reason"})
    refused: list[dict[str, Any]] = []
    to_act: list[int] = []
    started: bool = True
    outcome: dict[str, Any] | None = None
    #: an undo waiting for this seat's answer: the seat that asked
    undo_asked_by: int | None = None
    #: and the log lines of the moves it would take back (public: every seat was told them)
    undo_moves: list[str] = []


class Events(Message):
    """The log lines of one change (the same public lines hot-seat shows everyone)."""

    type: Literal["event"] = "event"
    table: str
    step: int
    events: list[EventLine]


class Ok(Message):
    type: Literal["ok"] = "ok"
    ref: int | None = None


class UndoResult(Message):
    type: Literal["undo_result"] = "undo_result"
    by: int
    accepted: bool
    steps: int = 0
    reason: str = ""


class TableUpdate(Message):
    """Someone sat down, dropped, came back, or a seat went to a bot."""

    type: Literal["table"] = "table"
    table: TableInfo


class Error(Message):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: int | None = None


class Turns(Message):
    """Sent to every connection of a user at hello and whenever the tables where it is
    that user's move change: those tables, the longest waiting first."""

    type: Literal["turns"] = "turns"
    tables: list[TableInfo]


class ReplayData(Message):
    """A finished table's save (the same JSON as its file), sent only once the game is over."""

    type: Literal["replay"] = "replay"
    table: str
    save: dict[str, Any]


ServerMessage = Annotated[
    Welcome
    | Tables
    | Joined
    | ViewUpdate
    | Events
    | Ok
    | UndoResult
    | TableUpdate
    | Error
    | Turns
    | ReplayData,
    Field(discriminator="type"),
]


class ProtocolError(Exception):
    """A message that is not one: `code` and a reason a client developer can act on."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def encode(message: Message) -> bytes:
    return message.model_dump_json().encode() + b"\n"


@cache
def _adapter(kind: str) -> TypeAdapter:
    return TypeAdapter(ClientMessage if kind == "client" else ServerMessage)


def _parse(adapter: TypeAdapter, line: bytes, limit: int):
    if len(line) > limit:
        raise ProtocolError("too-large", f"message of {len(line)} bytes; the limit is {limit}")
    try:
        return adapter.validate_json(line)
    except ValidationError as exc:
        err = exc.errors()[0]
        if err.get("type") == "json_invalid":
            raise ProtocolError("bad-json", f"not JSON: {err.get('msg')}") from None
        where = ".".join(str(p) for p in err.get("loc", ())) or "(top)"
        raise ProtocolError("bad-message", f"{where}: {err.get('msg')}") from None


def parse_client(line: bytes, limits: Limits = DEFAULT_LIMITS):
    """A client's line as a ClientMessage, or ProtocolError saying what is wrong."""
    return _parse(_adapter("client"), line, limits.max_line)


def parse_server(line: bytes, limits: Limits = DEFAULT_LIMITS):
    return _parse(_adapter("server"), line, limits.max_server_line)
