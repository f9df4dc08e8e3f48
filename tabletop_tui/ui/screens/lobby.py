"""The lobby of shared tables, reached from the launcher when the app runs under `serve ssh`.

Players at their own terminals meet here: make a table (a game, its options, which seats
are open to players and which are bots), see the tables of the server, join one from the
list or by its five-letter code, take an open seat or watch, and replay a finished game.
At the table the usual game screen plays, fed by the table service (`TablePlay`), with no
curtain: this terminal only ever receives its own seat's view.

Games may last for days: the lobby lists a player's own tables first, those where it is
their move at the top (with the game, the other players and how long it has waited), `x`
leaves one for good, and `TurnBell` (on from the launcher's first frame) says at login
where it is their move and rings when another table becomes it, wherever they are.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...games import GAMES, get_rules
from ...tables.client import ClientError
from ...tables.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Error,
    Joined,
    Message,
    TableInfo,
    TableUpdate,
    Turns,
    UndoResult,
    ViewUpdate,
)
from ...tables.remote import RemoteSession, TablesLink
from ..seats import seat_tag
from .base import BackModal, BaseModal, BaseScreen
from .setup import SetupScreen

#: seconds between refreshes of the list of tables
REFRESH = 2.0


def seat_line(info: TableInfo, me: str | None) -> Text:
    """Who sits where: a glyph and a word for every state, never colour alone."""
    text = Text()
    for i, seat in enumerate(info.seats):
        if i:
            text.append("  ")
        text.append(f"{seat_tag(i)} {seat.name}: ", style="bold")
        if seat.kind in ("heuristic", "random"):
            text.append("⚙ bot")
        elif seat.stand_in:
            text.append(f"⚙ bot while {seat.user} is away" if seat.user else "⚙ bot (open seat)")
        elif seat.user is None:
            text.append("○ open", style="bold")
        elif seat.connected:
            text.append(f"● {seat.user}" + (" (you)" if seat.user == me else ""))
        else:
            text.append(
                f"◌ {seat.user} (away" + ("; yours: Enter" if seat.user == me else "") + ")"
            )
    return text


def away_seat_table(tables: list[TableInfo], me: str | None) -> str | None:
    """The code of an unfinished table where `me` holds a seat but is not connected: one
    where it is their move if there is one."""
    away = [
        info
        for info in tables
        if not info.over and any(s.user == me and not s.connected for s in info.seats)
    ]
    away.sort(key=lambda info: not my_move(info, me))
    return away[0].code if away else None


def my_move(info: TableInfo, me: str | None) -> bool:
    """It is `me`'s move at this table (not a bot's playing for them)."""
    return not info.over and any(s.user == me and s.to_act and not s.stand_in for s in info.seats)


def waited(info: TableInfo, me: str | None) -> float:
    """How long the table has waited for `me` (0 when it does not)."""
    return max((s.waited or 0.0 for s in info.seats if s.user == me and s.to_act), default=0.0)


def span(seconds: float) -> str:
    """A wait in words: "just now", "12 min", "5 h", "3 days"."""
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60:.0f} min"
    if seconds < 86400:
        return f"{seconds // 3600:.0f} h"
    days = seconds // 86400
    return f"{days:.0f} day" + ("s" if days > 1 else "")


def others(info: TableInfo, me: str | None) -> str:
    """The other players at a table: their logins, a seat's name for a bot or an open seat."""
    names = []
    for seat in info.seats:
        if seat.user == me:
            continue
        if seat.kind in ("heuristic", "random"):
            names.append(f"{seat.name} (bot)")
        else:
            names.append(seat.user or f"{seat.name} (open)")
    return ", ".join(names) or "nobody"


def turn_line(info: TableInfo, me: str | None) -> str:
    """One table where it is `me`'s move: "KJUSF ZOOBOTZ with bob, cat (waited 1 day)"."""
    wait = waited(info, me)
    since = f" (waited {span(wait)})" if wait >= 60 else ""
    return f"{info.code} {info.title} with {others(info, me)}{since}"


def turns_text(tables: list[TableInfo], me: str | None) -> str:
    if len(tables) == 1:
        return f"Your move at {turn_line(tables[0], me)}."
    lines = "\n".join(f"  ▶ {turn_line(info, me)}" for info in tables[:5])
    more = f"\n  … and {len(tables) - 5} more" if len(tables) > 5 else ""
    return f"Your move at {len(tables)} tables:\n{lines}{more}"


def seated_here(app, link: TablesLink) -> str | None:
    """The code of the table this app sits at now (a watcher sits nowhere)."""
    client = link.client
    if client is not None and client.table is not None and client.seat is not None:
        return client.table.code  # (joined; its game screen may not be open yet)
    for screen in app.screen_stack:
        play = getattr(screen, "play", None) if isinstance(screen, LobbyScreen) else None
        if play is not None and not play.closed and play.session.on_screen is not None:
            return play.info.code
    return None


class TurnBell:
    """Where it is this player's move, said once per change wherever the app is (the
    launcher, the lobby, a game at another table, a game at this terminal): at login a
    notice (and a line on the launcher), later the terminal's bell and a notice each time
    a table becomes their move. The table on screen says it itself."""

    def __init__(self, app, link: TablesLink):
        self.app = app
        self.link = link
        #: the tables where it was their move, as last told (None: nothing heard yet)
        self.known: set[str] | None = None
        link.listen(self.on_message)
        if link.last_turns is not None:  # (the link connected before the bell was on)
            self.on_message(link.last_turns)

    def on_message(self, message: Message) -> None:
        if not isinstance(message, Turns):
            return
        client = self.link.client
        me = client.user if client is not None else None
        before, self.known = self.known, {info.code for info in message.tables}
        self._launcher_line(message.tables, me)
        if before is None:  # just logged in (or the app's first connection)
            if message.tables:
                self.app.notify(
                    turns_text(message.tables, me) + "\no: the tables.",
                    title="Your move",
                    timeout=20,
                )
            return
        here = seated_here(self.app, self.link)
        new = [info for info in message.tables if info.code not in before and info.code != here]
        if new:
            self.app.bell()
            self.app.notify(turns_text(new, me), title="Your move", timeout=15)

    def _launcher_line(self, tables: list[TableInfo], me: str | None) -> None:
        """The launcher's second line names the tables where it is their move."""
        for screen in self.app.screen_stack:
            for line in screen.query("#launcher-sub").results(Static):
                if tables:
                    text = turns_text(tables, me).splitlines()[0]
                    line.update(Text(f"▶ {text.rstrip(':')} · o: tables", style="bold"))
                else:
                    line.update("Five tabletop games, hot-seat at one keyboard.")


def watch_turns(app) -> TurnBell | None:
    """From the launcher's first frame in a served app: the link to the tables, connected,
    and the bell that says where it is this player's move (once per app)."""
    if app.tables_link is None:
        return None
    if not isinstance(app.tables_link, TablesLink):
        app.tables_link = TablesLink.from_env()
    link = app.tables_link
    if link is None:
        return None
    if link.turn_bell is None:
        link.turn_bell = TurnBell(app, link)

        async def connect() -> None:
            try:
                await link.connect()
            except Exception:  # (no service: the lobby says so when it is opened)
                return

        app.run_worker(connect(), group="tables-login")
    return link.turn_bell


def table_state(info: TableInfo) -> str:
    if info.over:
        return "finished: replay"
    if info.started:
        return f"playing, step {info.step}"
    open_seats = sum(1 for s in info.seats if s.user is None and s.kind == "human")
    return f"waiting: {open_seats} open" if open_seats else "ready to start"


# -- small dialogs -----------------------------------------------------------------------------
class CodeScreen(BackModal):
    """Type a table's code; dismisses with it (upper case) or None."""

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text("Join a table by its code", style="bold"))
            yield Input(
                placeholder=f"{CODE_LENGTH} letters, e.g. {CODE_ALPHABET[:CODE_LENGTH]}",
                max_length=CODE_LENGTH,
                restrict=r"[A-Za-z]*",
                id="table-code",
            )
            yield Static(Text("Enter: join · Esc: back", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#table-code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip().upper()
        if len(code) == CODE_LENGTH:
            self.dismiss(code)


class GamePickScreen(BackModal):
    """Which game the new table plays; dismisses with its id or None."""

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text("A new table: which game?", style="bold"))
            options = [
                Option(Text.assemble(("▶ ", "bold"), info.title, f"  ({info.players})"), id=gid)
                for gid, info in GAMES.items()
                if info.playable
            ]
            yield OptionList(*options, id="table-games")
            yield Static(Text("Enter: choose · Esc: back", style="dim"))

    def on_mount(self) -> None:
        games = self.query_one("#table-games", OptionList)
        games.focus()
        games.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class AskScreen(BaseModal):
    """A yes/no question from the table (an undo to agree to, a seat to give to a bot)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, title: str, body: str):
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(self.body)
            yield Static(Text("y: yes · n: no", style="dim"))

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def retire(self) -> None:
        """The question is over (answered elsewhere, or its reason gone): close it now if it
        is on top, else as soon as it would show (closing a screen pops the top one)."""
        self._retired = True
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        if getattr(self, "_retired", False):
            self.dismiss(None)


class MovesScreen(BackModal):
    """Every legal move of a seat as one list (F2 on a game screen at a local table): the
    same for every game, so any table can be played from it. Dismisses with the index
    chosen, or None. (A shared table draws it over the table: `widgets.moves_panel`.)"""

    DEFAULT_CSS = """
    MovesScreen { background: $background; }
    MovesScreen .dialog { width: 90; }
    MovesScreen #moves-all { height: auto; max-height: 18; }
    """

    def __init__(self, name: str, labels: list[str]):
        super().__init__()
        self.player = name
        self.labels = labels

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text(f"Your moves, {self.player}", style="bold"), id="moves-title")
            options = [
                Option(f"{n}. {label}", id=str(n - 1)) for n, label in enumerate(self.labels, 1)
            ]
            yield OptionList(*options, id="moves-all")
            yield Static(Text("↑↓ choose · Enter: make the move · Esc: back", style="dim"))

    def on_mount(self) -> None:
        options = self.query_one("#moves-all", OptionList)
        options.focus()
        options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))


#: how far behind the watchers of a new table are (a watcher cannot tip off a player)
WATCH_DELAYS = [
    ("each move at once", 0),
    ("2 moves late", 2),
    ("5 moves late", 5),
    ("10 moves late", 10),
]
#: what happens to the seat of a player who drops (or leaves it for good) mid-game: it
#: waits for them, or a bot plays it after so long until a player sits there again
BOT_AFTER = [
    ("the seat waits", 0),
    ("a bot after 10 min", 600),
    ("a bot after 1 hour", 3600),
    ("a bot after 1 day", 86400),
]
#: whether the players may ask the coach (the hard bot's move, and why): off unless allowed
COACH = [("off", 0), ("allowed (moves it suggests are marked)", 1)]


class TableSetupScreen(SetupScreen):
    """The setup form, for a shared table: a Human seat is open to a player (the first one is
    the creator's), a bot seat is played by the service."""

    def __init__(self, game_id: str, lobby: LobbyScreen):
        rules = get_rules(game_id)
        open_seats = rules.min_seats if rules is not None else 2
        memory: dict = {f"kind-{i}": "human" for i in range(open_seats)}  # open to players
        memory["name-0"] = lobby.user or "Player 1"
        super().__init__(game_id, memory=memory)
        self.lobby = lobby

    def on_mount(self) -> None:
        super().on_mount()
        # no seed at a shared table: whoever chose it could deal every hidden card in their head
        seed = self.query_one("#seed", Input)
        seed.value = ""
        if seed.parent is not None:
            seed.parent.display = False
            delay = Select(
                WATCH_DELAYS,
                value=0,
                allow_blank=False,
                id="watch-delay",
                classes="option-select",
            )
            row = Horizontal(Label("Watchers see", classes="seat-label"), delay)
            row.add_class("seat-row")
            away = Select(
                BOT_AFTER, value=0, allow_blank=False, id="bot-after", classes="option-select"
            )
            row2 = Horizontal(Label("If one drops", classes="seat-label"), away)
            row2.add_class("seat-row")
            coach = Select(COACH, value=0, allow_blank=False, id="coach", classes="option-select")
            row3 = Horizontal(Label("Coach (C)", classes="seat-label"), coach)
            row3.add_class("seat-row")
            seed.parent.parent.mount(row, row2, row3, after=seed.parent)  # type: ignore[union-attr]
        title = self.query_one("#setup-title", Static)
        title.update(
            Text.assemble(
                (f"New table: {GAMES[self.game_id].title}", "bold"),
                "\nHuman seats are open to players (yours is the first); bots play the others.",
            )
        )

    def action_start(self) -> None:
        seats = self.seats()
        error = self.query_one("#setup-error", Static)
        names = [s.name for s in seats]
        if len({n.casefold() for n in names}) != len(names):
            self._error(error, Text("Each seat needs a different name.", style="bold red"))
            return
        humans = [i for i, s in enumerate(seats) if not s.is_bot]
        if not humans:
            self._error(error, Text("Keep one Human seat for yourself.", style="bold red"))
            return
        try:
            config = self.config()
        except ValueError as exc:
            self._error(error, Text(f"✘ {exc}", style="bold red"))
            return
        config.pop("cards_dir", None)
        request = [(s.name, "open" if not s.is_bot else s.kind) for s in seats]
        delays = self.query("#watch-delay")
        delay = int(delays.first(Select).value) if delays else 0  # type: ignore[arg-type]
        aways = self.query("#bot-after")
        bot_after = int(aways.first(Select).value) if aways else 0  # type: ignore[arg-type]
        coaches = self.query("#coach")
        coach = bool(coaches.first(Select).value) if coaches else False

        async def create(client):
            return await client.create(
                self.game_id,
                request,
                options=config,
                sit=humans[0],
                auto_start=False,
                watch_delay=delay,
                bot_after=bot_after,
                coach=coach,
            )

        self.remember()
        self.app.pop_screen()
        self.lobby.enter(create)


# -- a seat (or a watcher's chair) at one table --------------------------------------------------
class TablePlay:
    """One table this app sits at: the RemoteSession its game screen reads, fed from the
    link; undo questions and away players become questions on screen."""

    def __init__(self, lobby: LobbyScreen, joined: Joined):
        self.lobby = lobby
        self.app = lobby.app
        self.client = lobby.link.client
        rules = get_rules(joined.table.game)
        assert rules is not None and self.client is not None
        self.session = RemoteSession(self.client, rules, joined)
        self.session.on_leave = self.leave
        self.info = joined.table
        self.screen = None
        self.room: TableRoom | None = None
        self._asking = False
        #: the open question about an undo (closed when its result comes first)
        self._undo_dialog: AskScreen | None = None
        self._opening = False
        self._refresh_due = False
        self._away_timers: dict[int, object] = {}
        #: seats whose player was asked about while away this time, and the open question
        self._offered: set[int] = set()
        self._away_dialogs: dict[int, AskScreen] = {}
        self.closed = False
        lobby.link.listen(self.on_message)
        self.app.run_worker(self._watch_connection(), group="table-connection")

    async def _watch_connection(self) -> None:
        """The service went away (the server stopped): say so, rather than wait forever."""
        await self.client.closed.wait()  # type: ignore[union-attr]
        if not self.closed:
            self.app.notify(
                "The connection to the tables was lost: your seat is kept on the server.",
                title="Tables",
                severity="error",
                timeout=10,
            )
            self.leave(send=False)

    @property
    def started(self) -> bool:
        update = self.session.update
        return update is not None and update.started

    def show(self) -> None:
        """The game screen once the table has started, the waiting room before."""
        if self.started or self.info.over:
            self._open_game()
        else:
            self.room = TableRoom(self)
            self.app.push_screen(self.room)

    def _open_game(self) -> None:
        from ..registry import game_screen_class

        if self.screen is not None or self.closed:
            return
        screen = game_screen_class(self.info.game)(self.session, delay=0.0)
        screen.message = self.session.note  # (where the table is: "↻ step 12 · ...")
        self.screen = screen
        if self.room is not None and self.room.is_current:
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)
        self.room = None

    def on_message(self, message: Message) -> None:
        if self.closed:
            return
        if isinstance(message, TableUpdate) and message.table.code == self.info.code:
            before, self.info = self.info, message.table
            self._say_who_came_and_went(before)
            self._watch_away()
            if self.room is not None:
                self.room.refresh_info()
        if isinstance(message, Error) and message.code in ("moved", "closed"):
            self.app.notify(message.message, title="Left the table", severity="warning")
            self.leave(send=False)
            return
        changed = self.session.receive(message)
        if isinstance(message, UndoResult):
            # answered (or refused by another player, or the game moved on): the question
            # is over; the view it came with still names it until the next one arrives
            self._asking = False
            dialog, self._undo_dialog = self._undo_dialog, None
            if dialog is not None:
                dialog.retire()
        elif isinstance(message, ViewUpdate) and self._undo_dialog is None:
            self._asking = message.undo_asked_by is not None and self._asking
        if self.room is not None:
            if isinstance(message, ViewUpdate) and message.started and not self._opening:
                self._opening = True
                self.app.call_later(self._open_game)
            elif isinstance(message, Error):
                self.room.say(Text(f"✘ {message.message}", style="bold red"))
            return
        if self.screen is None:
            return
        if isinstance(message, Error) and message.ref is None:
            self.screen.set_message(Text(f"✘ {message.message}", style="bold red"))
        if changed and not self._refresh_due:  # changes that queue up are drawn once
            self._refresh_due = True
            self.app.call_later(self._refresh)
        if self.session.undo_asked_by is not None and not self._asking:
            self._ask_undo(self.session.undo_asked_by)

    def _refresh(self) -> None:
        self._refresh_due = False
        if self.screen is not None and not self.closed:
            self.screen.table_changed(self.session.note)

    def _ask_undo(self, by: int) -> None:
        self._asking = True
        moves = self.session.undo_moves

        def answered(yes: bool | None) -> None:
            self._undo_dialog = None
            # (still asking until the result comes: the view held now names the question)
            if yes is not None and not self.closed and self.session.undo_asked_by is not None:
                self.session.reply_undo(bool(yes))

        if moves:
            shown = moves[-4:]
            what = f"Take back {'these moves' if len(moves) > 1 else 'this move'}?\n" + "\n".join(
                f"  ↶ {line}" for line in (["…"] if len(moves) > len(shown) else []) + shown
            )
        else:
            what = "Take back their last move?"
        dialog = AskScreen(
            f"{self.session.name(by)} asks to undo",
            f"{what}\nUndo stops at revealed information, and every player must agree.",
        )
        self._undo_dialog = dialog
        self.app.push_screen(dialog, answered)

    def _say_who_came_and_went(self, before: TableInfo) -> None:
        """A player dropped or came back: one line in the game, for everyone at the table."""
        if self.screen is None or len(before.seats) != len(self.info.seats):
            return
        notes = []
        for seat, (was, now) in enumerate(zip(before.seats, self.info.seats, strict=True)):
            if seat == self.session.on_screen:
                continue
            if now.stand_in and not was.stand_in:
                who = f"while {now.user} is away" if now.user else "until a player sits there"
                notes.append(f"⚙ a bot plays seat {seat + 1} ({now.name}) {who}")
            if was.user is not None and now.user is None and now.kind == "human":
                notes.append(f"○ {was.user} left for good: seat {seat + 1} ({now.name}) is open")
                continue
            if now.user is None or now.user != was.user:
                if now.user is not None and now.connected:
                    notes.append(f"● {now.user} took seat {seat + 1} ({now.name})")
                continue
            if was.connected and not now.connected:
                wait = f"{self.info.seat_timeout:.0f} s"
                later = f" (after {wait} the others may give it to a bot)"
                if self.info.bot_after:
                    later = f" (after {span(self.info.bot_after)} a bot plays it meanwhile)"
                notes.append(
                    f"◌ {now.user} dropped: seat {seat + 1} ({now.name}) waits for them"
                    + (later if self.started else "")
                )
            elif now.connected and not was.connected:
                notes.append(f"● {now.user} is back at seat {seat + 1} ({now.name})")
                dialog = self._away_dialogs.pop(seat, None)
                if dialog is not None:
                    dialog.retire()
        if notes:
            self.session.note = " · ".join(notes)
            self.screen.set_message(Text(self.session.note, style="bold"))

    def _watch_away(self) -> None:
        """A player who dropped: after the timeout the others are asked about a bot, once
        per absence (asked again only if they come back and drop again)."""
        mine = self.session.on_screen
        for seat, info in enumerate(self.info.seats):
            # (a table whose maker chose a bot after a while gives the seat to one itself)
            away = (
                info.user is not None
                and not info.connected
                and seat != mine
                and not info.stand_in
                and not self.info.bot_after
            )
            if not away:
                self._offered.discard(seat)
                if seat in self._away_timers:
                    self._away_timers.pop(seat).stop()  # type: ignore[attr-defined]
                dialog = self._away_dialogs.pop(seat, None)
                if dialog is not None:
                    dialog.retire()  # (back, or a bot has the seat now)
                continue
            if (
                seat not in self._away_timers
                and seat not in self._offered
                and self.started
                and mine is not None
            ):
                timer = self.app.set_timer(
                    self.info.seat_timeout + 1, lambda s=seat: self._offer_bot(s)
                )
                self._away_timers[seat] = timer

    def _offer_bot(self, seat: int) -> None:
        self._away_timers.pop(seat, None)
        info = self.info.seats[seat]
        if self.closed or info.connected or info.user is None or self.info.over:
            return
        if seat in self._offered:
            return
        self._offered.add(seat)

        def answered(yes: bool | None) -> None:
            self._away_dialogs.pop(seat, None)
            if yes and not self.closed:
                self.client.hand_to_bot(seat)  # type: ignore[union-attr]

        dialog = AskScreen(
            f"{info.user} is away",
            f"{info.user} left seat {seat + 1} ({info.name}) a while ago. Give the seat to "
            "a bot so the game goes on? (If they come back first, they take it again.)",
        )
        self._away_dialogs[seat] = dialog
        self.app.push_screen(dialog, answered)

    def leave(self, send: bool = True) -> None:
        """Back to the lobby; a player's seat stays theirs to come back to."""
        if self.closed:
            return
        self.closed = True
        self.lobby.link.unlisten(self.on_message)
        for timer in self._away_timers.values():
            timer.stop()  # type: ignore[attr-defined]
        if self.client is not None:
            self.client.table = self.client.seat = None  # (sits nowhere now)
        if send and self.client is not None and not self.client.closed.is_set():
            from ...tables.protocol import Leave

            self.client.send(Leave(type="leave"))
        self.lobby.back_here()


class TableRoom(BaseScreen):
    """Waiting for players: the code to share, who sits where, Start for the creator."""

    DEFAULT_CSS = """
    TableRoom #room { padding: 1 2; }
    TableRoom #room-seats { margin: 1 0; }
    """
    BINDINGS = [
        Binding("s", "start", "Start"),
        Binding("b", "bot", "Bot for an open seat"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, play: TablePlay):
        super().__init__()
        self.play = play

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(id="room"):
            yield Static(id="room-head")
            yield Static(id="room-seats")
            yield Static(id="room-message")
        yield Footer()

    def on_mount(self) -> None:
        self._check_size()
        self.refresh_info()

    def refresh_info(self) -> None:
        if not self.query("#room-head"):  # not composed yet (or gone): nothing to show it on
            return
        info = self.play.info
        head = Text()
        head.append(f"Table {info.code}", style="bold reverse")
        head.append(f"  {info.title} · made by {info.creator}\n")
        head.append(f"Others join with the code {info.code} (lobby: / then the code).")
        self.query_one("#room-head", Static).update(head)
        self.query_one("#room-seats", Static).update(seat_line(info, self.play.lobby.user))
        me = self.play.lobby.user == info.creator
        full = all(s.user is not None or s.kind != "human" for s in info.seats)
        if me:
            note = (
                "Every seat is taken: s starts the game."
                if full
                else "Waiting for players; b gives an open seat to a bot."
            )
        else:
            note = f"Waiting for {info.creator} to start the game."
        self.say(Text(note, style="bold"))

    def say(self, text: Text) -> None:
        # `is_mounted` is still False while on_mount runs: the widgets decide
        for message in self.query("#room-message").results(Static):
            message.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start and bots are the maker's (the service refuses them to anyone else): the
        footer offers them to the maker only."""
        if action in ("start", "bot"):
            return self.play.lobby.user == self.play.info.creator
        return True

    def action_start(self) -> None:
        self.play.client.start()  # type: ignore[union-attr]

    def action_bot(self) -> None:
        info = self.play.info
        open_seats = [i for i, s in enumerate(info.seats) if s.user is None and s.kind == "human"]
        if not open_seats:
            self.say(Text("No seat is open.", style="bold yellow"))
            return
        self.play.client.hand_to_bot(open_seats[0])  # type: ignore[union-attr]

    def action_leave(self) -> None:
        self.play.leave()


# -- the lobby ------------------------------------------------------------------------------------
class LobbyScreen(BaseScreen):
    DEFAULT_CSS = """
    LobbyScreen #lobby { padding: 1 2; }
    LobbyScreen #lobby-tables { height: 1fr; }
    LobbyScreen #lobby-message { height: auto; }
    """
    BINDINGS = [
        Binding("enter", "sit", "Sit / replay", show=True),
        Binding("w", "watch", "Watch"),
        Binding("c", "create", "New table"),
        Binding("slash", "code", "Join by code"),
        Binding("r", "refresh", "Refresh"),
        Binding("x", "leave_for_good", "Leave table for good"),
        Binding("q,escape", "close", "Back"),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

    def __init__(self, link: TablesLink, back_to: str | None = None):
        super().__init__()
        self.link = link
        #: a table this player dropped out of: sat at again as soon as the lobby is connected
        self.back_to = back_to
        self.user: str | None = None
        self.tables: list[TableInfo] = []
        self.play: TablePlay | None = None
        self._busy = False

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(id="lobby"):
            yield Static(Text("Tables: play with other people on this server", style="bold"))
            yield Static(id="lobby-who")
            with Horizontal(id="lobby-main"):
                yield OptionList(id="lobby-tables")
            yield Static(id="lobby-message")
        yield Footer()

    def on_mount(self) -> None:
        self._check_size()
        self.query_one("#lobby-tables", OptionList).focus()
        self.say("Connecting to the tables…")
        self.run_worker(self._connect(), exclusive=True)
        self.set_interval(REFRESH, self._tick)

    async def _connect(self) -> None:
        try:
            client = await self.link.connect()
        except (OSError, ClientError, TimeoutError) as exc:
            self.say(Text(f"✘ The tables are not available: {exc}", style="bold red"))
            return
        self.user = client.user
        self.query_one("#lobby-who", Static).update(
            Text(f"You are {self.user}. c: new table · /: join by code · Enter: sit", style="dim")
        )
        await self.refresh_tables()
        code, self.back_to = self.back_to, None
        if code is not None and code == away_seat_table(self.tables, self.user):
            self.say(f"Back to table {code}: your seat waited for you.")
            self.enter(lambda c: c.join(code))

    def _tick(self) -> None:
        """The list again, while the lobby is on top. (Not `is_current`: Textual counts the
        screen under the top one as current, so every seated player's lobby kept asking the
        service for the list, and redrawing it into the game screen, every 2 seconds.)"""
        if self.app.screen is self and self.link.client is not None and not self._busy:
            self.run_worker(self.refresh_tables(), group="refresh", exclusive=True)

    async def refresh_tables(self) -> None:
        client = self.link.client
        if client is None or client.closed.is_set():
            return
        try:
            tables = await client.list_tables()
        except (ClientError, ConnectionError, TimeoutError) as exc:
            self.say(Text(f"✘ {exc}", style="bold red"))
            return
        me = self.user

        def order(info: TableInfo) -> tuple:
            # yours first: those where it is your move at the top, the longest waiting first
            mine = any(s.user == me for s in info.seats)
            return (not my_move(info, me), not mine, info.over, info.started, -waited(info, me))

        self.tables = sorted(tables, key=order)
        self._show_tables()

    def _show_tables(self) -> None:
        found = self.query("#lobby-tables").results(OptionList)
        options = next(found, None)
        if options is None:  # the list came back after the lobby closed: nothing to show
            return
        keep = options.highlighted
        options.clear_options()
        if not self.tables:
            self.say("No tables yet: c makes one.")
            return
        for info in self.tables:
            mine = any(s.user == self.user for s in info.seats)
            label = Text()
            label.append(f"{'★' if mine else '▶'} {info.code} ", style="bold")
            label.append(f"{info.title} · ")
            if my_move(info, self.user):
                wait = waited(info, self.user)
                label.append("▶ your move", style="bold reverse")
                label.append(f" (waited {span(wait)})" if wait >= 60 else "")
                label.append(f" · with {others(info, self.user)}")
            elif mine and not info.over:
                label.append(f"{table_state(info)} · with {others(info, self.user)}")
            else:
                label.append(table_state(info))
            if info.spectators:
                label.append(f" · {info.spectators} watching")
            if info.watch_delay:
                label.append(f" · watchers see it {info.watch_delay} moves late")
            if info.coach:
                label.append(" · coach allowed")
            label.append("\n  ")
            label.append_text(seat_line(info, self.user))
            options.add_option(Option(label, id=info.code))
        options.highlighted = min(keep or 0, len(self.tables) - 1)
        turns = [info for info in self.tables if my_move(info, self.user)]
        if turns:
            self.say(Text(turns_text(turns, self.user).splitlines()[0], style="bold"))
        else:
            self.say(
                f"{len(self.tables)} table(s). Enter: sit (or replay a finished one) · w: watch"
            )

    def say(self, text: Text | str) -> None:
        for message in self.query("#lobby-message").results(Static):  # (see TableRoom.say)
            message.update(text)

    def _highlighted(self) -> TableInfo | None:
        options = self.query_one("#lobby-tables", OptionList)
        if options.highlighted is None or not self.tables:
            return None
        return self.tables[options.highlighted]

    # -- going to a table ---------------------------------------------------------------------
    def enter(self, request: Callable[..., Awaitable[Joined]]) -> None:
        """Join (or make) a table: `request(client)` sends it and returns the Joined."""
        if self._busy:
            return
        self._busy = True
        self.run_worker(self._enter(request), group="enter")

    async def _enter(self, request) -> None:
        try:
            client = await self.link.connect()
            heard: list[Message] = []
            self.link.listen(heard.append)  # what comes right after the Joined (the first view)
            try:
                joined = await request(client)
            finally:
                self.link.unlisten(heard.append)
        except ClientError as exc:
            self.say(Text(f"✘ {exc.error.message}", style="bold red"))
            return
        except (OSError, ConnectionError, TimeoutError) as exc:
            self.say(Text(f"✘ The tables are not available: {exc}", style="bold red"))
            return
        finally:
            self._busy = False
        play = self.play = TablePlay(self, joined)
        at = next((i for i, m in enumerate(heard) if m is joined), len(heard))
        after = heard[at + 1 :]
        for message in after:
            play.session.receive(message)
        play.show()

    def back_here(self) -> None:
        """Leave whatever table screens are open; the lobby is on top again."""
        self.play = None
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()
        self.run_worker(self.refresh_tables(), group="refresh", exclusive=True)

    def action_sit(self) -> None:
        info = self._highlighted()
        if info is None:
            return
        if info.over:
            self.run_worker(self._replay(info.code), group="replay", exclusive=True)
            return
        open_seat = any(s.user is None and s.kind == "human" for s in info.seats)
        mine = any(s.user == self.user for s in info.seats)
        if not (open_seat or mine):
            self.say(f"Table {info.code} has no open seat: watching it.")
            self.enter(lambda c: c.join(info.code, watch=True))
            return
        self.enter(lambda c: c.join(info.code))

    def action_watch(self) -> None:
        info = self._highlighted()
        if info is not None:
            self.enter(lambda c: c.join(info.code, watch=True))

    def action_code(self) -> None:
        def chosen(code: str | None) -> None:
            if code:
                self.enter(lambda c: c.join(code))

        self.app.push_screen(CodeScreen(), chosen)

    def action_create(self) -> None:
        def chosen(game_id: str | None) -> None:
            if game_id:
                self.app.push_screen(TableSetupScreen(game_id, self))

        self.app.push_screen(GamePickScreen(), chosen)

    def action_refresh(self) -> None:
        self.run_worker(self.refresh_tables(), group="refresh", exclusive=True)

    def action_leave_for_good(self) -> None:
        """Give up your seat at the highlighted table, once you say yes: it becomes open for
        anyone to take (a player who only stepped away keeps theirs: Enter goes back)."""
        info = self._highlighted()
        if info is None:
            return
        seat = next((i for i, s in enumerate(info.seats) if s.user == self.user), None)
        if seat is None or info.over:
            self.say(f"You hold no seat at table {info.code} to leave.")
            return
        code, name = info.code, info.seats[seat].name

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._leave_for_good(code), group="leave", exclusive=True)

        self.app.push_screen(
            AskScreen(
                f"Leave table {code} for good?",
                f"Your seat {seat + 1} ({name}) at {info.title} becomes open for anyone to "
                "take, and you cannot come back to it unless it is still open.",
            ),
            answered,
        )

    async def _leave_for_good(self, code: str) -> None:
        try:
            client = await self.link.connect()
            await client.leave_for_good(code)
        except ClientError as exc:
            self.say(Text(f"✘ {exc.error.message}", style="bold red"))
            return
        except (OSError, ConnectionError, TimeoutError) as exc:
            self.say(Text(f"✘ The tables are not available: {exc}", style="bold red"))
            return
        await self.refresh_tables()
        self.say(Text(f"You left table {code} for good: your seat is open.", style="bold"))

    async def _replay(self, code: str) -> None:
        from ...engine.match import Match, SaveError, SaveFile
        from ...tables.replay import Replay
        from .replay import replay_screen

        try:
            client = await self.link.connect()
            data = await client.get_replay(code)
            save = SaveFile.model_validate(data.save)
            rules = get_rules(save.game)
            if rules is None:
                raise SaveError(f"table {code}: unknown game {save.game}")
            match = Match.from_save(save, rules, source=f"table {code}")
        except ClientError as exc:
            self.say(Text(f"✘ {exc.error.message}", style="bold red"))
            return
        except (SaveError, ValueError, OSError, TimeoutError) as exc:
            self.say(Text(f"✘ Cannot replay table {code}: {exc}", style="bold red"))
            return
        self.app.push_screen(replay_screen(Replay(match)))

    def action_cursor_down(self) -> None:
        self.query_one("#lobby-tables", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#lobby-tables", OptionList).action_cursor_up()

    def action_close(self) -> None:
        self.app.pop_screen()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_sit()
