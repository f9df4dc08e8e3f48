"""One table: a Match, its seats, its watchers, and the only code that changes its state.

A table is authoritative. It never trusts a seat number from a client: the seat comes
from who is sitting where, and every action is checked by the rules against that seat.
Whoever listens (a socket connection, or an in-process seat) gets only messages built
for it: its own seat's View, or the public View for a watcher.

Everything here runs on one asyncio loop; methods that change the table are plain
functions (no awaits inside), so two changes never interleave. Saving to disk and bot
pacing happen in tasks beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from ..engine import Event, IllegalAction, Rules, Seat
from ..engine.bots import bot_rng
from ..engine.match import Match, SaveError, SeatSpec, write_atomic
from ..games import make_bot
from ..limits import name_problem
from .limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:  # built in `_messages()`, when a table first sends a message
    from .protocol import Error, EventLine, Joined, Message, TableInfo, ViewUpdate

log = logging.getLogger("tabletop_tui.tables")


def _messages():
    """The protocol's message models, imported when a table first builds a message: a table
    played at one terminal sends none until an undo, and a game's first frame need not
    build their thirty-odd classes."""
    from . import protocol

    return protocol


#: who holds the human seats of a table played at one terminal
HERE = "(this terminal)"
#: a game at one terminal is as long as its players like
LOCAL_LIMITS = Limits(max_actions=10**9)


class Listener(Protocol):
    """Someone at the table: a socket connection or an in-process seat."""

    user: str

    def send(self, message: Message) -> None:
        """Queue a message; never blocks (a listener that cannot keep up drops itself)."""

    def detach(self, reason: str) -> None:
        """The table let go of this listener (the same user sat down elsewhere)."""


class TableError(Exception):
    """A request the table refuses: `code` for programs, `message` for players."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_error(self, ref: int | None = None) -> Error:
        return _messages().Error(code=self.code, message=self.message, ref=ref)


class TableMeta(BaseModel):
    """What a save file does not hold: the table's code and who holds each seat."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["tabletop-tui-table"] = "tabletop-tui-table"
    code: str
    creator: str = ""
    users: list[str | None]
    started: bool = False
    auto_start: bool = True
    watch_delay: int = 0
    #: where the table was made from (an address or a key): the service's caps count it
    source: str = ""
    #: seconds into an absence after which a bot plays the seat (0: the seat waits)
    bot_after: int = 0
    #: the players may ask the coach (its maker allowed it)
    coach: bool = False
    #: per seat, wall-clock time its holder left (or it was left for good), None if present
    away_since: list[float | None] = []
    #: per seat, wall-clock time it became that seat's move (None: not its move)
    turn_since: list[float | None] = []


@dataclass
class SeatSlot:
    spec: SeatSpec
    #: the user who holds this seat (kept while they are away, so they can come back)
    user: str | None = None
    listener: Listener | None = None
    #: the table's clock time the holder dropped (or left the seat for good), None while
    #: connected
    dropped_at: float | None = None
    #: a bot plays this seat until its player (or a new one) sits here again
    stand_in: bool = False

    @property
    def is_bot(self) -> bool:
        return self.spec.is_bot


@dataclass
class UndoAsk:
    by: Seat
    steps: int
    revision: int
    waiting: set[Seat]


class Table:
    def __init__(
        self,
        code: str,
        rules: Rules,
        config: BaseModel,
        seed: int,
        seats: list[SeatSpec],
        save_path: Path | None = None,
        limits: Limits = DEFAULT_LIMITS,
        creator: str = "",
        match: Match | None = None,
        auto_start: bool = True,
        run_bots: bool = True,
        watch_delay: int = 0,
        bot_after: int = 0,
        clock: Callable[[], float] = time.time,
        coach: bool = False,
    ):
        self.code = code
        #: the players may ask the coach (the table's maker allowed it); a move it suggested
        #: is marked "(coached)" in the log
        self.coach = coach
        #: the wall clock of absences and turns (the service's, which tests move on)
        self.clock = clock
        #: a seat whose player has been away this long is played by a bot meanwhile
        self.bot_after = bot_after
        #: called when the seats whose move it is change, or who holds them (the service
        #: tells each player where it is their move)
        self.on_turns: Callable[[Table], None] | None = None
        self.rules = rules
        self.limits = limits
        self.creator = creator
        #: start once every seat is taken; False: when the creator says so
        self.auto_start = auto_start
        #: the watchers see the game this many actions late (a spectator cannot tip off a
        #: player about what just happened); `_watched`: the step they were last sent
        self.watch_delay = watch_delay
        self._watched = 0
        #: what a delayed watcher was last sent, and how many frames: its `revision`
        #: counts those, never the live game's changes
        self._watch_frame: tuple | None = None
        self._watch_frames = 0
        #: where the table was made from (set by the service; kept in the meta file)
        self.source = ""
        # autosaved by the table itself, off the loop (a restored table brings its own Match)
        self.match = match if match is not None else Match(rules, config, seed, seats=seats)
        seats = list(self.match.seats)
        self.slots = [SeatSlot(spec=s) for s in seats]
        #: the bots this table plays itself (a hot-seat table leaves them to its screen,
        #: which shows each bot's move at a readable pace)
        self.bots = (
            {i: make_bot(rules.game_id, s.kind) for i, s in enumerate(seats) if s.is_bot}
            if run_bots
            else {}
        )
        self.spectators: list[Listener] = []
        self.revision = 0
        self.started = False
        self.undo_ask: UndoAsk | None = None
        #: each seat's legal actions as last sent, and the revision they last changed at:
        #: an action chosen before another seat's move stays good while its choices did not change
        self._legal_sent: dict[Seat, list] = {}
        self._legal_since: dict[Seat, int] = {}
        self.save_path = save_path
        self._dirty = False
        self._saver: asyncio.Task | None = None
        self._bot_task: asyncio.Task | None = None
        self._closed = False
        #: when the table last moved on or someone came or went (monotonic): the SSH
        #: server's idle timeout counts it as activity of everyone at the table
        self.active_at = time.monotonic()
        self._update_started()
        #: the seats to act as last told, and when each became one (the table's clock)
        self._acting: frozenset[Seat] = frozenset()
        self.turn_since: dict[Seat, float] = {}
        self._track_turns()

    @classmethod
    def at_this_terminal(cls, match: Match) -> Table:
        """The table of a game played at one terminal (hot-seat, or against bots): every
        human seat is held here, so it starts at once; the bots are left to the screen,
        which plays each at a readable pace through `play` like any seat."""
        table = cls(
            "LOCAL",
            match.rules,
            match.config,
            match.seed,
            list(match.seats),
            match=match,
            limits=LOCAL_LIMITS,
            run_bots=False,
        )
        for slot in table.slots:
            if not slot.is_bot:
                slot.user = HERE
        table._update_started()
        return table

    @classmethod
    def resume(
        cls,
        meta_path: Path,
        limits: Limits = DEFAULT_LIMITS,
        clock: Callable[[], float] = time.time,
    ) -> Table:
        """A table from its two files, after the service restarted: the save replays (and is
        validated) as any save does; every seat holder is away until they come back (since
        they left, or since the restart if they were there), and each turn has waited since
        it began."""
        meta = TableMeta.model_validate_json(Path(meta_path).read_bytes())
        save_path = Path(meta_path).with_name(f"{meta.code}.json")
        match = Match.load(save_path)  # SaveError names the file and the problem
        if len(meta.users) != len(match.seats):
            raise SaveError(
                f"{meta_path}: names {len(meta.users)} seats; the save has {len(match.seats)}"
            )
        table = cls(
            meta.code,
            match.rules,
            match.config,
            match.seed,
            match.seats,
            save_path,
            limits,
            meta.creator,
            match=match,
            auto_start=meta.auto_start,
            watch_delay=meta.watch_delay,
            bot_after=meta.bot_after,
            clock=clock,
            coach=meta.coach,
        )
        now = clock()
        away = list(meta.away_since) + [None] * len(table.slots)
        for i, (slot, user) in enumerate(zip(table.slots, meta.users, strict=True)):
            if not slot.is_bot:
                slot.user, slot.dropped_at = user, away[i] or now
        table.started = meta.started or table.started
        table._update_started()
        since = list(meta.turn_since) + [None] * len(table.slots)
        table._acting = frozenset()
        table._track_turns()
        table.turn_since = {s: since[s] or now for s in table._acting}
        return table

    @property
    def meta_path(self) -> Path | None:
        return self.save_path.with_name(f"{self.code}.table.json") if self.save_path else None

    def _meta(self) -> str:
        return TableMeta(
            code=self.code,
            creator=self.creator,
            users=[s.user for s in self.slots],
            started=self.started,
            auto_start=self.auto_start,
            watch_delay=self.watch_delay,
            source=self.source,
            bot_after=self.bot_after,
            coach=self.coach,
            away_since=[s.dropped_at if s.listener is None else None for s in self.slots],
            turn_since=[self.turn_since.get(i) for i in range(len(self.slots))],
        ).model_dump_json()

    # -- reading --------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.match.outcome() is not None

    def info(self, live: bool = True) -> TableInfo:
        """The table as listed; `live=False`: as someone not seated here may see it, at the
        watchers' step (a delayed watcher must not learn the live move count, nor whose
        move it is now, nor since when)."""
        if not self.started:
            acting: frozenset[Seat] = frozenset()
        elif live or self._watch_step() == len(self.match.actions):
            acting = self._acting
        else:
            acting = frozenset(self.rules.to_act(self.match.states[self._watch_step()]))
        now = self.clock()
        return _messages().TableInfo(
            code=self.code,
            game=self.rules.game_id,
            title=self.rules.title,
            seats=[
                _messages().SeatInfo(
                    name=s.spec.name,
                    kind=s.spec.kind,
                    user=s.user,
                    connected=s.listener is not None,
                    to_act=i in acting,
                    waited=max(0.0, now - self.turn_since[i])
                    if live and i in acting and i in self.turn_since
                    else None,
                    stand_in=s.stand_in,
                )
                for i, s in enumerate(self.slots)
            ],
            spectators=len(self.spectators),
            started=self.started,
            over=self.over,
            step=len(self.match.actions) if live else self._watch_step(),
            creator=self.creator,
            auto_start=self.auto_start,
            seat_timeout=self.limits.seat_timeout,
            watch_delay=self.watch_delay,
            bot_after=self.bot_after,
            coach=self.coach,
        )

    def your_turn(self, user: str) -> bool:
        """It is `user`'s move here: they hold a seat the game waits for (not one a bot
        plays for them meanwhile)."""
        return any(
            i in self._acting and s.user == user and not s.stand_in
            for i, s in enumerate(self.slots)
        )

    def joined(self, seat: Seat | None) -> Joined:
        config = self.match.config.model_dump(mode="json")
        config.pop("cards_dir", None)  # a path on the server, nothing a player needs
        last = len(self.match.actions) if seat is not None else self._watch_step()
        lines = [(n, e) for n, batch in enumerate(self.match.events[: last + 1]) for e in batch]
        log = [_line(e, n) for n, e in lines[-self.limits.max_log :]]
        info = self.info(live=seat is not None)
        return _messages().Joined(table=info, seat=seat, config=config, log=log)

    def seat_of(self, listener: Listener) -> Seat | None:
        for i, slot in enumerate(self.slots):
            if slot.listener is listener:
                return i
        return None

    def view_for(self, seat: Seat | None, public: dict | None = None) -> ViewUpdate:
        """The one message a seat (or a watcher, seat None) may see: built from its View and
        the public View only. `public`: the public view's dump, when the caller has it."""
        match = self.match
        if public is None:
            public = match.view(None).model_dump(mode="json")
        outcome = match.outcome()
        legal: list = []
        refused: list = []
        if seat is not None and self.started and seat not in self.bots:
            legal = [self.rules.dump_action(a) for a in match.legal_actions(seat)]
            for action in self.rules.probe_actions(match.state, seat):
                why = self.rules.check(match.state, seat, action)
                if why is not None:
                    action = self.rules.dump_action(action)
                    refused.append({"action": action, "rule": why.rule, "reason": why.reason})
            if self._legal_sent.get(seat) != legal:
                self._legal_sent[seat] = legal
                self._legal_since[seat] = self.revision
        ask = self.undo_ask
        return _messages().ViewUpdate(
            table=self.code,
            seat=seat,
            revision=self.revision,
            step=len(match.actions),
            view=match.view(seat).model_dump(mode="json") if seat is not None else public,
            public=public if seat is not None else None,
            legal=legal,
            refused=refused,
            to_act=sorted(match.to_act()),
            started=self.started,
            outcome=outcome.model_dump(mode="json") if outcome is not None else None,
            undo_asked_by=ask.by if ask is not None and seat in ask.waiting else None,
            undo_moves=self._undo_moves(ask) if ask is not None and seat in ask.waiting else [],
        )

    def _undo_moves(self, ask: UndoAsk) -> list[str]:
        """The steps an undo would take back, one line each, in the words every seat was
        sent when they happened (so the question tells nobody anything new): a secret move
        with no public line is named only as a move of its seat."""
        match = self.match
        last = len(match.actions)
        lines = []
        for n in range(max(1, last - ask.steps + 1), last + 1):
            said = " ".join(_line(e, n).text for e in match.events[n] if e.text)
            if not said:
                seat = match.actions[n - 1].seat
                said = f"a move of {self.slots[seat].spec.name} (secret)"
            lines.append(f"step {n} · {said}")
        return lines

    def _watch_step(self) -> int:
        """The step watchers see: `watch_delay` actions back, the end once the game is over."""
        now = len(self.match.actions)
        if not self.watch_delay or self.over:
            return now
        return max(0, now - self.watch_delay)

    def _watcher_view(self, public: dict | None = None) -> ViewUpdate:
        """The watchers' message: the public view, of the step they may see."""
        step = self._watch_step()
        if step == len(self.match.actions):
            live = self.view_for(None, public)
            if not self.watch_delay:
                return live
            return live.model_copy(update={"revision": self._watch_frames})
        state = self.match.states[step]
        return _messages().ViewUpdate(
            table=self.code,
            seat=None,
            revision=self._watch_frames,
            step=step,
            view=self.rules.view(state, None).model_dump(mode="json"),
            to_act=sorted(self.rules.to_act(state)),
            started=self.started,
        )

    def _tell_watchers(self, public: dict | None = None) -> None:
        """Bring the watchers to the step they may see: its log lines, then its view."""
        step = self._watch_step()
        if step > self._watched:
            lines = [
                _line(e, n)
                for n in range(self._watched + 1, step + 1)
                for e in self.match.events[n]
            ]
            if lines:
                message = _messages().Events(table=self.code, step=step, events=lines)
                for listener in list(self.spectators):
                    listener.send(message)
        self._watched = step
        if self.watch_delay:  # held back: a frame only when what they see moves
            frame = (step, self.started, self.match.states[step])
            last = self._watch_frame
            if last is not None and last[:2] == frame[:2] and last[2] is frame[2]:
                return
            self._watch_frame = frame
            self._watch_frames += 1
        message = self._watcher_view(public)  # one message for every watcher
        for listener in list(self.spectators):
            listener.send(message)

    # -- who sits where ---------------------------------------------------------------------------
    def sit(self, listener: Listener, seat: Seat | None = None) -> Seat:
        """Seat a user: their own seat again if they hold one, else `seat` or the first open one."""
        user = listener.user
        mine = [i for i, s in enumerate(self.slots) if s.user == user]
        if mine and seat is not None and seat not in mine:
            raise TableError("seated", f"you already hold seat {mine[0] + 1} at this table")
        if mine:
            seat = mine[0]
        elif seat is None:
            open_seats = [i for i, s in enumerate(self.slots) if s.user is None and not s.is_bot]
            if not open_seats:
                raise TableError("full", f"table {self.code} has no open seat: you may watch")
            seat = open_seats[0]
        elif not 0 <= seat < len(self.slots):
            raise TableError("no-seat", f"table {self.code} has seats 1 to {len(self.slots)}")
        elif self.slots[seat].is_bot:
            raise TableError("taken", f"seat {seat + 1} is played by a bot")
        elif self.slots[seat].user is not None:
            raise TableError("taken", f"seat {seat + 1} is held by {self.slots[seat].user}")
        self._forget(listener)
        slot = self.slots[seat]
        old = slot.listener
        slot.user, slot.listener, slot.dropped_at = user, listener, None
        if slot.stand_in:  # the bot that played the seat meanwhile gives it back
            slot.stand_in = False
            self.bots.pop(seat, None)
            self._legal_sent.pop(seat, None)
            self.revision += 1
        if old is not None and old is not listener:
            old.detach(f"you sat down at table {self.code} from another connection")
        was_started = self.started
        self._update_started()
        self._announce()
        listener.send(self.joined(seat))
        self._save_soon()  # who holds which seat survives a restart of the service
        if self.started and not was_started:
            self.revision += 1  # the last seat is taken: everyone may act now
            self._send_views()
        else:
            listener.send(self.view_for(seat))
        self._kick_bots()
        self._tell_turns()
        self.check_stand_ins()  # someone is here: a seat long away may be played for them
        return seat

    def watch(self, listener: Listener) -> None:
        if listener in self.spectators:
            return
        if len(self.spectators) >= self.limits.max_spectators:
            raise TableError(
                "full", f"table {self.code} has its {self.limits.max_spectators} watchers"
            )
        self._forget(listener)
        if not self.spectators:  # (else they are up to date: every change told them)
            self._watched = self._watch_step()
        self.spectators.append(listener)
        self._announce()
        listener.send(self.joined(None))
        listener.send(self._watcher_view())
        if self.watch_delay:  # (what every watcher has now: no frame again until it moves)
            step = self._watch_step()
            self._watch_frame = (step, self.started, self.match.states[step])

    def drop(self, listener: Listener) -> None:
        """A listener left or its connection died: a player keeps the seat for later."""
        if self._forget(listener):
            self._announce()

    def _forget(self, listener: Listener) -> bool:
        if listener in self.spectators:
            self.spectators.remove(listener)
            return True
        seat = self.seat_of(listener)
        if seat is None:
            return False
        slot = self.slots[seat]
        slot.listener, slot.dropped_at = None, self.clock()
        self._save_soon()  # (since when they are away survives a restart)
        return True

    def leave_for_good(self, user: str) -> Seat:
        """`user` gives up their seat: it is open for anyone to take (a bot plays it
        meanwhile if the table says so). Returns the seat."""
        if self.over:
            raise TableError("over", "the game is over: it stays listed, to replay")
        mine = [i for i, s in enumerate(self.slots) if s.user == user and not s.is_bot]
        if not mine:
            raise TableError("not-seated", f"you hold no seat at table {self.code}")
        seat = mine[0]
        slot = self.slots[seat]
        listener = slot.listener
        slot.user, slot.listener, slot.dropped_at = None, None, self.clock()
        if listener is not None:  # (another connection of the same player sat there)
            listener.detach(f"you left table {self.code} for good")
        if not self.started and user == self.creator:
            self.auto_start = True  # nobody else may start it: it starts once every seat is taken
        ask = self.undo_ask
        if ask is not None and seat in ask.waiting:
            ask.waiting.discard(seat)
            if not ask.waiting:
                self._do_undo()
        log.info("table %s: %s left seat %d for good", self.code, user, seat + 1)
        self._announce()
        self._save_soon()
        self._tell_turns()
        self.check_stand_ins()
        return seat

    def check_stand_ins(self) -> list[Seat]:
        """A seat away for `bot_after` seconds (its player dropped, or left it for good) is
        played by a bot while someone else is at the table, until a player sits there: the
        others are not held up by an absence, and the bots never play a game on alone.
        Returns the seats a bot took now."""
        if not self.bot_after or not self.started or self.over or self._closed:
            return []
        present = {i for i, s in enumerate(self.slots) if s.listener is not None}
        now = self.clock()
        taken = []
        for i, slot in enumerate(self.slots):
            if slot.is_bot or slot.stand_in or slot.listener is not None or not present - {i}:
                continue
            if slot.dropped_at is None or now - slot.dropped_at < self.bot_after:
                continue
            slot.stand_in = True
            self.bots[i] = make_bot(self.rules.game_id, "heuristic")
            taken.append(i)
            log.info(
                "table %s: a bot plays seat %d while %s is away",
                self.code,
                i + 1,
                slot.user or "nobody holds it",
            )
        if taken:
            self._announce()
            self._changed(())
            self._tell_turns()
        return taken

    def hand_to_bot(self, listener: Listener, seat: Seat, kind: str) -> None:
        if self.seat_of(listener) is None:
            raise TableError("not-seated", "only a player at this table may hand a seat to a bot")
        if not 0 <= seat < len(self.slots):
            raise TableError("no-seat", f"table {self.code} has seats 1 to {len(self.slots)}")
        slot = self.slots[seat]
        if slot.is_bot:
            raise TableError("taken", f"seat {seat + 1} is already a bot")
        if slot.listener is not None:
            raise TableError("taken", f"{slot.user} is at seat {seat + 1}")
        away = self.clock() - (slot.dropped_at or 0.0)
        if slot.user is not None and away < self.limits.seat_timeout:
            raise TableError(
                "too-soon",
                f"{slot.user} may still come back: seat {seat + 1} can go to a bot after "
                f"{self.limits.seat_timeout:.0f} s away ({away:.0f} s so far)",
            )
        slot.spec = SeatSpec(name=slot.spec.name, kind=kind)  # type: ignore[arg-type]
        slot.user, slot.stand_in = None, False
        self.match.seats[seat] = slot.spec
        self.bots[seat] = make_bot(self.rules.game_id, kind)
        self._update_started()
        self._announce()
        self._changed(())

    @property
    def filled(self) -> bool:
        return all(s.is_bot or s.user is not None for s in self.slots)

    def _update_started(self) -> None:
        if not self.started and (self.auto_start or self.match.actions) and self.filled:
            self._name_the_seats()
            self.started = True

    def _name_the_seats(self) -> None:
        """Before the first move, an open seat still under the form's name for it ("Player
        2") takes the name of the player who sat there: the game says bob, not Player 2. A
        name chosen on the form, or one another seat has, is kept."""
        if self.match.actions:
            return
        names = [s.spec.name for s in self.slots]
        for i, slot in enumerate(self.slots):
            user = slot.user
            if slot.is_bot or user in (None, HERE) or names[i] != f"Player {i + 1}":
                continue
            if user not in names and not name_problem(user):
                names[i] = user
        if names == [s.spec.name for s in self.slots]:
            return
        old = self.match
        try:
            config = self.rules.config_type.model_validate(
                {**old.config.model_dump(), "names": names}
            )
        except ValidationError:
            return  # the game refuses these names: the form's stay
        seats = [
            s.spec.model_copy(update={"name": n}) for s, n in zip(self.slots, names, strict=True)
        ]
        self.match = Match(
            self.rules,
            config,
            old.seed,
            seats=seats,
            autosave=old.autosave_path,
            history=old.history_dir,
        )
        for slot, spec in zip(self.slots, seats, strict=True):
            slot.spec = spec

    def begin(self, listener: Listener) -> None:
        """The creator starts the game: every seat must be taken, by a player or a bot."""
        if self.started:
            raise TableError("started", "the game has started already")
        if listener.user != self.creator:
            raise TableError("not-creator", f"only {self.creator}, who made the table, starts it")
        empty = [i + 1 for i, s in enumerate(self.slots) if not s.is_bot and s.user is None]
        if empty:
            seats = ", ".join(str(n) for n in empty)
            raise TableError(
                "open-seats", f"seat {seats} is still open: wait for a player, or give it to a bot"
            )
        self._name_the_seats()
        self.started = True
        self.revision += 1
        self._announce()
        self._send_views()
        self._save_soon()
        self._kick_bots()

    # -- playing ------------------------------------------------------------------------------------
    def act(
        self, listener: Listener, data: dict, expect: int | None = None, coached: bool = False
    ) -> None:
        """Play an action for the listener's own seat, or raise TableError saying why not.
        `coached`: the coach suggested it (refused where the table's maker did not allow
        the coach)."""
        seat = self.seat_of(listener)
        if seat is None:
            raise TableError("not-seated", "watchers cannot act: take a seat first")
        if coached and not self.coach:
            raise TableError(
                "no-coach", "the coach is off at this table: its maker did not allow it"
            )
        self._check_open()
        if expect is not None and not (self._legal_since.get(seat, 0) <= expect <= self.revision):
            # (a simultaneous choice made while another seat chose stays good: what this
            # seat may do did not change)
            raise TableError("stale", "the table changed since you chose: look again")
        try:
            action = self.rules.parse_action(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ())) or "(top)"
            raise TableError(
                "bad-action", f"not a {self.rules.title} action: {where}: {err.get('msg')}"
            ) from None
        try:
            self.play(seat, action, coached=coached)
        except IllegalAction as exc:
            raise TableError("illegal", str(exc.rejection)) from None

    def _check_open(self) -> None:
        if not self.started:
            raise TableError("not-started", "the table is waiting for players to take every seat")
        if self.over:
            raise TableError("over", "the game is over")
        if len(self.match.actions) >= self.limits.max_actions:
            raise TableError("limit", f"this table reached its {self.limits.max_actions} actions")

    def play(self, seat: Seat, action, coached: bool = False) -> tuple[Event, ...]:
        """The one place an action changes a table, whoever chose it: a remote seat (through
        `act`, which has checked who sent it), a bot of the table, or a seat at the
        terminal of a hot-seat game. The rules check it (IllegalAction names the rule);
        everyone listening is told; the events come back for the caller's own screen.
        `coached`: the coach suggested the move, and the log says so to everyone."""
        self._check_open()
        events = self.match.play(seat, action)
        if coached:
            events = coached_events(events, self.slots[seat].spec.name, seat)
            self.match.events[-1] = events
        self._changed(events, seat)
        return events

    def take_back(self, seat: Seat | None, keep: frozenset[Seat]) -> int:
        """Undo at once, for a terminal whose players agree among themselves (hot-seat):
        back to before `seat`'s last action, stopping at revealed information. Returns the
        steps taken back."""
        steps = self.match.undo(seat, keep)
        if steps:
            self.revision += 1
            if seat is not None:
                self._broadcast(_messages().UndoResult(by=seat, accepted=True, steps=steps))
            self._send_views()
        return steps

    def _changed(self, events: tuple[Event, ...], actor: Seat | None = None) -> None:
        """Tell everyone; `actor`'s own connection hears last (it knows it acted, and its
        screen has the most to redraw: the others' apps start on theirs first)."""
        self.revision += 1
        ask = self.undo_ask
        if ask is not None:
            self.undo_ask = None
            self._broadcast(
                _messages().UndoResult(by=ask.by, accepted=False, reason="the game moved on")
            )
        if events and any(s.listener is not None for s in self.slots):
            message = _messages().Events(
                table=self.code,
                step=len(self.match.actions),
                events=[_line(e, len(self.match.actions)) for e in events],
            )
            for i in self._seats_in_order(actor):  # (watchers: when they reach the step)
                listener = self.slots[i].listener
                if listener is not None:
                    listener.send(message)
        self._send_views(actor)
        self._save_soon()
        self._kick_bots()

    def _seats_in_order(self, last: Seat | None) -> list[Seat]:
        seats = [i for i in range(len(self.slots)) if i != last]
        return seats + [last] if last is not None and 0 <= last < len(self.slots) else seats

    def _listened(self) -> bool:
        """Anyone to tell (a hot-seat table nobody joined from elsewhere has no one)."""
        return bool(self.spectators) or any(s.listener is not None for s in self.slots)

    def _track_turns(self) -> None:
        """Note when each seat to act became one; tell the service when they change."""
        acting = frozenset(self.match.to_act()) if self.started and not self.over else frozenset()
        if acting == self._acting:
            return
        now = self.clock()
        self.turn_since = {
            s: self.turn_since.get(s, now) if s in self._acting else now for s in acting
        }
        self._acting = acting
        self._tell_turns()

    def _tell_turns(self) -> None:
        if self.on_turns is not None:
            self.on_turns(self)

    def _send_views(self, last: Seat | None = None) -> None:
        self.active_at = time.monotonic()
        self._track_turns()
        if not self._listened():
            return
        public = self.match.view(None).model_dump(mode="json")  # built once for everyone
        for i in self._seats_in_order(last):
            listener = self.slots[i].listener
            if listener is not None:
                listener.send(self.view_for(i, public))
        if self.spectators:
            self._tell_watchers(public)

    def _broadcast(self, message: Message) -> None:
        for slot in self.slots:
            if slot.listener is not None:
                slot.listener.send(message)
        for listener in list(self.spectators):
            listener.send(message)

    def _announce(self) -> None:
        self.active_at = time.monotonic()
        message = _messages().TableUpdate(table=self.info())
        for slot in self.slots:
            if slot.listener is not None:
                slot.listener.send(message)
        if self.spectators:  # at the watchers' step, not the live one
            message = _messages().TableUpdate(table=self.info(live=False))
            for listener in list(self.spectators):
                listener.send(message)

    # -- undo by consent ------------------------------------------------------------------------------
    def _others(self, seat: Seat) -> frozenset[Seat]:
        return frozenset(i for i in range(len(self.slots)) if i != seat)

    def request_undo(self, listener: Listener) -> None:
        seat = self.seat_of(listener)
        if seat is None:
            raise TableError("not-seated", "watchers cannot undo")
        if self.over:
            raise TableError("over", "the game is over")
        if self.undo_ask is not None:
            raise TableError("undo-pending", "an undo is already waiting for answers")
        steps = self.match.undoable(seat, self._others(seat))
        if not steps:
            raise TableError(
                "undo-blocked",
                "nothing to take back: undo stops at a draw, shuffle, roll or reveal, "
                "and at the start",
            )
        waiting = {
            i
            for i, s in enumerate(self.slots)
            if i != seat and not s.is_bot and not s.stand_in and s.user is not None
        }
        self.undo_ask = UndoAsk(by=seat, steps=steps, revision=self.revision, waiting=waiting)
        if not waiting:
            self._do_undo()
            return
        for i in waiting:
            if self.slots[i].listener is not None:
                self.slots[i].listener.send(self.view_for(i))  # type: ignore[union-attr]

    def reply_undo(self, listener: Listener, accept: bool) -> None:
        seat = self.seat_of(listener)
        ask = self.undo_ask
        if ask is None or seat is None or seat not in ask.waiting:
            raise TableError("no-undo", "no undo is waiting for your answer")
        if not accept:
            self.undo_ask = None
            name = self.slots[seat].spec.name
            self._broadcast(
                _messages().UndoResult(by=ask.by, accepted=False, reason=f"{name} said no")
            )
            self._send_views()
            self._kick_bots()
            return
        ask.waiting.discard(seat)
        if not ask.waiting:
            self._do_undo()

    def _do_undo(self) -> None:
        ask = self.undo_ask
        assert ask is not None
        self.undo_ask = None
        steps = self.match.undo(ask.by, self._others(ask.by))
        self.revision += 1
        self._broadcast(_messages().UndoResult(by=ask.by, accepted=True, steps=steps))
        self._send_views()
        self._save_soon()
        self._kick_bots()

    # -- bots -------------------------------------------------------------------------------------
    def start(self) -> None:
        """Let the bots move if it is their turn (the service calls it once a table exists)."""
        self._kick_bots()

    def _kick_bots(self) -> None:
        if self._closed or not self.bots or (self._bot_task and not self._bot_task.done()):
            return
        if not self.started or not (self.match.to_act() & self.bots.keys()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a plain script): play the bots' turns right away
            while self._bot_step():
                pass
            return
        self._bot_task = loop.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while not self._closed:
            await asyncio.sleep(self.limits.bot_delay)  # a pause, and a turn for other tables
            if not self._bot_step():
                return

    def _bot_step(self) -> bool:
        """One bot move, if a bot is to act; the bot sees only its seat's View."""
        if self.over or len(self.match.actions) >= self.limits.max_actions:
            return False
        waiting = sorted(self.match.to_act() & self.bots.keys())
        if not waiting or self.undo_ask is not None:
            return False
        seat = waiting[0]
        match = self.match
        rng = bot_rng(match.seed, len(match.actions), seat)
        choice = self.bots[seat].choose(match.view(seat), match.legal_actions(seat), seat, rng)  # type: ignore[attr-defined]
        self.play(seat, choice)
        return True

    # -- saving -----------------------------------------------------------------------------------
    def _save_soon(self) -> None:
        """Autosave after every change: the file is written in a thread, newest state wins."""
        if self.save_path is None or self._closed:  # (closed: its last save is written)
            return
        self._dirty = True
        if self._saver is None or self._saver.done():
            try:
                self._saver = asyncio.get_running_loop().create_task(self._save_loop())
            except RuntimeError:
                self.save_now()

    async def _save_loop(self) -> None:
        while self._dirty:
            self._dirty = False
            texts = (self.match.to_save().model_dump_json(indent=1), self._meta())
            try:
                await asyncio.to_thread(self._write, *texts)
            except OSError as exc:
                log.warning("table %s: autosave to %s failed: %s", self.code, self.save_path, exc)

    def _write(self, save: str, meta: str) -> None:
        write_atomic(self.save_path, save)  # type: ignore[arg-type]
        write_atomic(self.meta_path, meta)  # type: ignore[arg-type]

    def save_now(self) -> None:
        if self.save_path is not None:
            self._dirty = False
            self._write(self.match.to_save().model_dump_json(indent=1), self._meta())

    async def flush(self) -> None:
        """Wait until the autosave holds every change so far."""
        while self._saver is not None and not self._saver.done():
            await asyncio.shield(self._saver)
        if self._dirty:
            self.save_now()

    async def close(self) -> None:
        self._closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bot_task
        await self.flush()


#: what a move the coach suggested says in the log, after its first line
COACHED = " (coached)"


def coached_events(events: tuple[Event, ...], name: str, seat: Seat) -> tuple[Event, ...]:
    """The move's log lines, the first marked as the coach's suggestion; a secret move that
    says nothing in the log (a squad's order) gets a line saying only that it was coached."""
    if not events:
        return (Event(text=f"{name} made the coach's move{COACHED}", seat=seat),)
    first = events[0]
    return (first.model_copy(update={"text": first.text + COACHED}), *events[1:])


#: ", seed 1814674638" in the engine's "New game of ..., seed N." line
SEED_TEXT = re.compile(r",? seed \d+")


def _line(event: Event, step: int) -> EventLine:
    """A log line as sent: its `data` stays here, since it may name hidden cards, and so does
    the seed (from it and the public settings every hidden card can be dealt again)."""
    return _messages().EventLine(
        text=SEED_TEXT.sub("", event.text),
        kind=event.kind,
        seat=event.seat,
        barrier=event.barrier,
        step=step,
    )
