"""A plain seat at a shared table: the same table protocol as the full screen's seats.

Served over SSH to a plain login (`ssh -p PORT NAME+plain@HOST`), the launcher by text
lists the server's tables; a number joins one (or watches it when its seats are taken),
`new N` opens a table of game N. At the table the seat reads and plays with the same
commands as at a local game: `tables.remote.RemoteSession` stands in for the hot-seat
Session (its own seat's View only, its actions checked by the service), and the log's lines
are printed as the table's messages bring them.

Typed lines are read by one thread into a queue, so the table's news is printed while the
player thinks, and both the table and the local launcher read from the same queue.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from ..engine import Rejection, Seat
from ..engine.grammar import second_person
from ..tables.protocol import Error, Message, TableInfo
from ..tables.remote import RemoteSession, TablesLink
from .play import WIDTH, PlainGame, Printer
from .zones import zones_of

TABLE_HELP = """\
At a shared table:
  undo          asks the other players; they answer agree or refuse
  agree, refuse answer another player's undo
  leave         get up (quit too); your seat is kept for you"""
#: what a watcher may type (no seat: no hand, no moves)
WATCHER_COMMANDS = frozenset({"", "help", "look", "log", "card", "rules"})
#: how often the table waits for a typed line between looks at its messages (seconds)
POLL = 0.05


class LineQueue:
    """stdin read by a daemon thread: `readline` blocks, `ready` says whether a line (or the
    end of input, "") is waiting."""

    def __init__(self, inp: TextIO):
        self.inp = inp
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True, name="plain-input").start()

    def _read(self) -> None:
        while True:
            try:
                line = self.inp.readline()
            except (OSError, ValueError):
                line = ""
            self.lines.put(line)
            if not line:
                return

    def isatty(self) -> bool:
        return self.inp.isatty()

    def ready(self) -> bool:
        return not self.lines.empty()

    def readline(self) -> str:
        line = self.lines.get()
        if not line:
            self.lines.put("")  # the end of input stays the end for every later reader
        return line


def table_line(number: int, info: TableInfo, me: str | None) -> str:
    seats = []
    for seat in info.seats:
        who = seat.name
        if seat.user is not None and seat.user == me:
            who += " (you)"
        elif seat.user is None and seat.kind in ("open", "human"):
            who += " (open)"
        elif seat.kind not in ("open", "human"):
            who += " (bot)"
        seats.append(who)
    state = "over" if info.over else f"step {info.step}" if info.started else "waiting"
    return f"{number}. Table {info.code}: {info.title}; {', '.join(seats)}; {state}."


class RemoteGame(PlainGame):
    """The plain game at one seat of a shared table."""

    def __init__(self, session: RemoteSession, inp: LineQueue, out: TextIO, width: int = WIDTH):
        super().__init__(session, inp, out, width)  # type: ignore[arg-type]
        self.remote: RemoteSession = session
        self.changed = asyncio.Event()
        self._printed = 0
        self._asked_undo: Seat | None = None

    def receive(self, message: Message) -> None:
        if self.remote.receive(message) or isinstance(message, Error):
            self.changed.set()

    def undo(self, seat: Seat) -> None:
        self.say(self.remote.ask_undo())

    def commands(self, seat: Seat, rest: str):
        commands = super().commands(seat, rest)
        game_help = commands["help"]
        commands["help"] = lambda: (game_help(), self.say(TABLE_HELP))
        commands["agree"] = lambda: self.answer_undo(True)
        commands["refuse"] = lambda: self.answer_undo(False)
        return commands

    def answer_undo(self, accept: bool) -> None:
        if self.remote.undo_asked_by is None:
            self.say("Nobody is asking to undo.")
            return
        self.remote.reply_undo(accept)
        self.say("You agreed to the undo." if accept else "You refused the undo.")

    def news(self) -> None:
        """The log's new lines, the service's refusal, an undo asked: printed once."""
        lines = [e for e in self.match.log_lines() if e.kind != "start"]
        if len(lines) < self._printed:  # an undo took lines back
            self._printed = len(lines)
        for e in lines[self._printed :]:
            self.say(self.describer.sentence(e.text))
        self._printed = len(lines)
        if self.remote.refused is not None:
            reason = self.describer.named(self.remote.refused.message)
            self.say(f"Not allowed: {reason}")
            self.remote.refused = None
        asker = self.remote.undo_asked_by
        if asker is not None and asker != self._asked_undo and asker != self.remote.on_screen:
            moves = "; ".join(self.describer.named(m) for m in self.remote.undo_moves)
            self.say(f"{self.name(asker)} asks to undo ({moves}). Type agree or refuse.")
        self._asked_undo = asker

    async def play_remote(self) -> int:
        seat = self.remote.on_screen
        watching = seat is None
        self.say(
            f"{self.rules.title} at table {self.remote.code}: "
            + ("you are watching." if watching else f"you are {self.name(seat)}.")
            + " Type help for the commands, leave to get up."
        )
        self._printed = max(0, len([e for e in self.match.log_lines() if e.kind != "start"]) - 5)
        prompt_open, draw, waiting_said = False, True, False
        while True:
            if self.changed.is_set() or draw:
                self.changed.clear()
                if prompt_open:
                    self.out.write("\n")
                    prompt_open = False
                draw = False
                self.news()
                outcome = self.match.outcome()
                if outcome is not None:
                    self.say(f"Game over. {second_person(self.describer.named(outcome.summary))}")
                    return 0
                update = self.remote.update
                started = update is not None and update.started
                if not started and not waiting_said:
                    waiting_said = True
                    self.say("The table waits for its players: it starts when every seat is taken.")
                if started and waiting_said:
                    waiting_said = False
                    self.say("Every seat is taken: the game starts.")
                if not watching and not self.remote.pending and seat in self.match.to_act():
                    if self._announced != (seat, len(self.match.actions)):
                        self._announced = (seat, len(self.match.actions))
                        count = len(self.moves(seat))
                        self.say(
                            f"Your move, {self.name(seat)}: {count} move{'s' * (count != 1)} (type moves)."
                        )
                if not self.remote.pending:  # (the table's answer first, then the prompt)
                    self.out.write(f"{self.name(seat) if seat is not None else 'watching'}> ")
                    self.out.flush()
                    prompt_open = True
            if self.remote.client.closed.is_set():
                self.say("", "The connection to the tables was lost: your seat is kept.")
                return 1
            if not self.inp.ready():  # type: ignore[attr-defined]
                try:
                    await asyncio.wait_for(self.changed.wait(), POLL)
                except TimeoutError:
                    pass
                continue
            line = self.inp.readline()
            prompt_open, draw, waiting_said = False, True, False
            if not line:
                self.out.write("\n")
                return 0
            if not self.inp.isatty():
                self.out.write(line if line.endswith("\n") else line + "\n")
            line = line.strip()
            if line.lower() in ("leave", "quit"):
                self.say("You got up; your seat is kept for you at this table.")
                return 0
            word = line.split(" ")[0].lower()
            if watching and word not in WATCHER_COMMANDS | set(zones_of(self.rules.game_id)):
                self.say("You are watching: look, log, card NAME and the zones work.")
                continue
            self.command(seat, line)  # type: ignore[arg-type]

    def act(self, seat: Seat, action: object) -> None:
        result = self.session.act(seat, action)
        if isinstance(result, Rejection):
            self.refused(result)


class PlainLobby(Printer):
    def __init__(
        self,
        link: TablesLink,
        inp: LineQueue,
        out: TextIO,
        width: int = WIDTH,
        local: Callable[[TextIO, TextIO], int] | None = None,
    ):
        super().__init__(inp, out, width)  # type: ignore[arg-type]
        self.link = link
        #: `local`: the launcher at this terminal alone, given this lobby's input and output
        self.local = local

    async def aread(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        while not self.inp.ready():  # type: ignore[attr-defined]
            await asyncio.sleep(POLL)
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        if not self.inp.isatty():
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    async def run(self) -> int:
        from ..games import GAMES

        client = await self.link.connect()
        me = client.user
        games = [g for g in GAMES.values() if g.playable]
        self.say(
            "Shared tables, played by text. A number joins that table (or watches it when "
            "its seats are taken); new N opens a table of game N; watch N watches; local "
            "plays at this terminal alone; list shows the tables again; quit ends."
        )
        shown = False
        while True:
            tables = await client.list_tables()
            if not shown:
                self.say(*(table_line(i, t, me) for i, t in enumerate(tables, 1)))
                if not tables:
                    self.say("No tables yet.")
                self.say(
                    "Games for new N: "
                    + "; ".join(f"{i}. {g.title}" for i, g in enumerate(games, 1))
                    + "."
                )
                shown = True
            line = await self.aread("tables> ")
            if line is None or line.lower() in ("quit", "q"):
                return 0
            word, _, rest = line.lower().partition(" ")
            if word == "":
                continue
            if word in ("list", "l", "help", "look"):
                shown = False
                continue
            if word == "local" and self.local is not None:
                await asyncio.to_thread(self.local, self.inp, self.out)  # type: ignore[arg-type]
                shown = False
                continue
            try:
                if word == "new" and rest.isdigit() and 1 <= int(rest) <= len(games):
                    joined = await self.new_table(client, games[int(rest) - 1].id, me)
                elif word.isdigit() and 1 <= int(word) <= len(tables):
                    info = tables[int(word) - 1]
                    mine = any(s.user == me for s in info.seats)
                    free = any(s.kind in ("open", "human") and s.user is None for s in info.seats)
                    joined = await client.join(info.code, watch=not (mine or free))
                elif word == "watch" and rest.isdigit() and 1 <= int(rest) <= len(tables):
                    joined = await client.join(tables[int(rest) - 1].code, watch=True)
                else:
                    self.say(f"Type a table's number (1 to {len(tables)}), new N, list or quit.")
                    continue
            except Exception as exc:  # the service's refusal (ClientError), a timeout
                self.say(f"The tables said no: {getattr(exc, 'message', exc)}.")
                continue
            if joined is None:
                continue
            await self.sit(client, joined)
            shown = False

    async def new_table(self, client, game_id: str, me: str | None):
        from ..games import get_rules

        rules = get_rules(game_id)
        assert rules is not None
        self.say(
            f"Seats: {rules.min_seats} to {rules.max_seats}, separated by commas: you (your "
            "seat, first), open (a seat for another player), bot. Enter: you and open.",
        )
        line = await self.aread("seats> ")
        if line is None:
            return None
        words = [w.strip().lower() for w in line.split(",") if w.strip()] or ["you", "open"]
        if words[0] != "you" or not rules.min_seats <= len(words) <= rules.max_seats:
            self.say("The first seat is yours (you), then open or bot for each other seat.")
            return None
        seats = []
        for i, word in enumerate(words):
            if word in ("you", "open"):
                seats.append((f"Player {i + 1}" if i else (me or "Player 1")[:20], "open"))
            elif word == "bot":
                seats.append((f"Bot {i + 1}", "heuristic"))
            else:
                self.say(f"'{word}' is not you, open or bot.")
                return None
        return await client.create(game_id, seats, sit=0)

    async def sit(self, client, joined) -> None:
        from ..games import get_rules

        rules = get_rules(joined.table.game)
        assert rules is not None
        session = RemoteSession(client, rules, joined)
        game = RemoteGame(session, self.inp, self.out, self.width)  # type: ignore[arg-type]
        self.link.listen(game.receive)
        try:
            if client.view is not None and client.view.table == joined.table.code:
                session.receive(client.view)
            await game.play_remote()
        finally:
            self.link.unlisten(game.receive)
            try:
                await client.leave()
            except Exception:
                pass
            self.say("", "Back at the tables.")


def run_plain_tables(
    link: TablesLink,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    local: Callable[[TextIO, TextIO], int] | None = None,
) -> int:
    lines = LineQueue(inp or sys.stdin)
    return asyncio.run(PlainLobby(link, lines, out or sys.stdout, local=local).run())
