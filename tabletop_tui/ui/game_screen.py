"""What every game screen shares: the hot-seat loop, bots' pace, undo, save, quit, help.

A game screen subclasses `GameScreen`, renders the View it is given in `show_view`
and turns keys into Actions with `submit`. It never touches the State.

At a shared table (`tables.remote.RemoteSession`, `session.remote` true) the same screen
plays over the table service: `submit` sends the action and waits, and `table_changed`
redraws when the service pushes a new view, whoever acted.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Footer

from ..engine import Event, Rejection
from ..engine.grammar import second_person
from ..engine.levels import LEVEL_KINDS
from ..engine.names import describe_all_seen
from ..files import os_problem
from ..paths import new_save_path
from .screens.base import BaseScreen
from .screens.curtain import CurtainScreen
from .seats import seat_tag
from .session import Session
from .textual_internals import active, event_clock, prime_default_css, system_widgets
from .widgets.log import LogPanel
from .widgets.quiet import update_static

if TYPE_CHECKING:  # (imported where used: a first frame needs none of them, issue 36)
    from ..engine.coach import Advice
    from ..tables.recap import Recap
    from .widgets.moves_panel import MovesPanel


# The coach (C), the recap (w, a curtain), the dialogs and F2's list are imported when
# first used, not before a game's first frame: each module is a ms or two of start-up.
def advise(*args, **kwargs):
    """engine.coach.advise (tests replace this name to slow the coach down)."""
    from ..engine.coach import advise as coach_advise

    return coach_advise(*args, **kwargs)


def grade_last(match, seat: int) -> str | None:
    from ..engine.coach import grade_last as coach_grade_last

    return coach_grade_last(match, seat)


def _public_text(recap):
    from .recap import public_text

    return public_text(recap)


def _dialogs():
    from .screens import dialogs

    return dialogs


def _kit_widgets() -> tuple[type, ...]:
    """The widget classes every game's table shows in its first frame."""
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Static

    from .widgets.footer import TableFooter
    from .widgets.inspector import Inspector
    from .widgets.table import TableCard, Zone

    return (Static, Horizontal, Vertical, TableFooter, Inspector, LogPanel, Zone, TableCard)


class GameScreen(BaseScreen):
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("q", "quit_game", "Quit"),
        Binding("f2", "all_moves", "All moves", show=False),
        Binding("w", "recap", "While away", show=False),
    ]
    #: keys listed in help, (key, meaning), added to by each game
    HELP_KEYS: list[tuple[str, str]] = []
    #: scales the bots' pause: games whose turns hold many small actions play them quicker
    BOT_PACE: float = 1.0
    #: the keys only a seat has a use for: a watcher's footer does not offer them (each game
    #: adds its own moves' keys)
    SEAT_ACTIONS: frozenset[str] = frozenset({"undo", "save", "wide_undo", "wide_save", "coach"})
    #: the bot level the coach asks (engine/coach.py's COACH_KIND, the hard bot; tests may
    #: ask a quicker one)
    COACH_KIND = LEVEL_KINDS["hard"]
    #: the widget classes a game's first frame mounts besides the table kit's: the default
    #: CSS of all of them goes into the stylesheet as the screen is registered, so it is
    #: parsed once, not once per class met (ui/textual_internals.py `css_prime`, issue 36)
    FIRST_FRAME_WIDGETS: tuple[type, ...] = ()

    def __init__(
        self, session: Session, delay: float = 0.4, demo: bool = False, exit_at_end: bool = False
    ):
        super().__init__()
        # the coach's key last in the footer, after the game's own keys (which keep their
        # places); C is free in every game (h j k l move on the table)
        self._bindings.bind("C", "coach", "Coach")
        self.session = session
        self.delay = delay * self.BOT_PACE
        self.demo = demo
        self.exit_at_end = exit_at_end
        self.waiting = False  # a curtain, reveal or bot turn is in progress
        #: keys made before this time are dropped (see `_passed`)
        self.keys_from = -math.inf
        #: the bot whose move is on a timer (a simultaneous choice lets the seat on screen
        #: act meanwhile: its keys are not held back while a bot "thinks")
        self._thinking: int | None = None
        self.message: Text | str = ""
        self._over_shown = False
        self._shown: dict[str, object] = {}
        self._moves_panel: MovesPanel | None = None
        # the layout's classes before the first styling: set after mounting, they made
        # Textual style every widget of the table a second time before the first frame
        compact = self.compact
        self.set_class(compact, "-compact", update=False)
        self.set_class(not compact, "-wide", update=False)
        #: seat -> the step at which it was last told what it missed (the recap, `w`)
        self._recap_told: dict[int, int] = {}
        # no focus until the first frame is drawn (then Textual's as usual, and the table
        # kit's where the seat's move is): Textual's first pick is the first focusable
        # widget, a table's scroll container, whose focus restyles every card in it
        self.AUTO_FOCUS = ""

    def _post_register(self, app) -> None:
        super()._post_register(app)
        prime_default_css(app, (*system_widgets(), *_kit_widgets(), *self.FIRST_FRAME_WIDGETS))

    @property
    def match(self):
        return self.session.match

    @property
    def read_only(self) -> bool:
        """A replay (screens/replay.py): the table is shown, nothing is played."""
        return bool(getattr(self.session, "read_only", False))

    @property
    def remote(self) -> bool:
        """A seat at a shared table: the service plays bots, undo asks the others."""
        return bool(getattr(self.session, "remote", False))

    @property
    def watching(self) -> bool:
        """A watcher's chair at a shared table: no seat, so no moves, undo or save."""
        return self.remote and self.session.on_screen is None

    def check_action(self, action: str, parameters) -> bool | None:
        """A watcher's footer offers the keys a watcher can use, not a player's (and the
        coach's key only where the coach may be asked: not in a replay, nor at a shared
        table whose maker did not allow it)."""
        if action == "coach" and (self.read_only or not self.coach_allowed):
            return False
        return not (self.watching and action in self.SEAT_ACTIONS)

    def table_changed(self, note: Text | str | None = None) -> None:
        """The table moved on without a key here (a view pushed by the table service):
        show it, and what happened, then carry on as after any move."""
        if not self.is_attached:
            return
        panel = self._moves_panel
        if panel is not None and panel.sending and not getattr(self.session, "pending", False):
            panel.close()  # (F2's list, waiting for this answer: the redraw below shows it)
        refused = getattr(self.session, "refused", None)
        if refused is not None:
            self.session.refused = None
            note = Text(f"✘ {refused.message}", style="bold red")
        self.waiting = bool(getattr(self.session, "pending", False))
        if note is not None:
            self.message = note
        if self.waiting:
            self.redraw()
        else:
            self.advance()  # (which redraws: once per change is all a screen needs)

    @property
    def rules(self):
        return self.session.match.rules

    # -- F2's list at a shared table (widgets/moves_panel.py) -------------------------------------
    def set_focus(self, widget, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """While F2's list is up the keyboard stays there: an update's focus placement on the
        table (landing after its redraw) must not take the keys from under the player."""
        panel = self._moves_panel
        if panel is not None and not from_app_focus and panel.holds(widget):
            return
        super().set_focus(widget, scroll_visible, from_app_focus)

    def on_mouse_down(self, event) -> None:
        """A click on the table closes F2's list (the click then does what it does)."""
        panel = self._moves_panel
        widget = getattr(event, "widget", None)
        if panel is not None and panel.is_open and not panel.sending and panel.holds(widget):
            panel.close()

    # -- layout: compact below 120x36, wide above ------------------------------------------
    @property
    def compact(self) -> bool:
        w, h = self.app.size
        return w < 120 or h < 36

    def apply_layout(self) -> bool:
        """Set the -compact / -wide classes for the terminal's size; True when they changed."""
        compact = self.compact
        if self._shown.get("layout") == (compact, self.app.size):
            return False
        self._shown["layout"] = (compact, self.app.size)
        self.set_class(compact, "-compact")
        self.set_class(not compact, "-wide")
        for footer in self.query(Footer):
            footer.compact = compact
        return True

    def on_resize(self, event) -> None:
        panel = self._moves_panel
        if panel is not None and panel.is_open and not panel.sending:
            panel.close()  # (placed for the old size; under 80x24 only the notice shows)
        if self.is_mounted and self._shown.get("layout", (None, None))[1] != self.app.size:
            self._shown.clear()
            self.layout_changed()
            self.redraw()

    def layout_changed(self) -> None:
        """The terminal was resized: drop whatever a screen caches by size."""

    # -- for subclasses --------------------------------------------------------
    def show_view(self, view, seat) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def reveal_body(self, events: tuple[Event, ...]):
        """A renderable for the shared reveal screen, or None when nothing was revealed."""
        return None

    def summary(self) -> Text:
        return Text(self.outcome_line())

    def outcome_line(self) -> str:
        """The rules' one-line outcome, said to a seat named You (engine.grammar)."""
        return second_person(self.match.outcome().summary)

    def seat_mark(self, seat: int) -> str:
        """How the table marks a seat besides its colour (the curtain says it the same way)."""
        return seat_tag(seat)

    def move_labels(self, legal: list, seat) -> list[str]:
        """The F2 list's words for each legal move: the rules' words, each id said by the name
        the seat's View gives it (issue 36). A screen whose moves point at places (a Grid
        space) may say them by the card there instead."""
        return describe_all_seen(self.rules, legal, self.match.view(seat))

    def headline(self, outcome) -> str:
        """The game-over title: who won, or a draw (a co-operative game says win or lose)."""
        if outcome.is_draw:
            return "A draw"
        names = [self.session.name(w) for w in outcome.winners]
        verb = " win" if len(names) > 1 else " wins"  # (a team of two wins together: "win")
        return second_person(" & ".join(names) + verb)

    # -- the loop ----------------------------------------------------------------
    def on_mount(self) -> None:
        if self.session.tutorial is not None:
            footers = list(self.query(Footer))
            from .widgets.hint import HintBar

            bar = HintBar(id="tutorial-hint")
            if footers:
                self.mount(bar, before=footers[0])
            else:
                self.mount(bar)
        for panel in self.query(LogPanel):
            panel.show_seed = self.session.seed_given
        self.redraw()
        self.call_after_refresh(self._first_frame_drawn)
        self.call_after_refresh(self.advance)

    def _first_frame_drawn(self) -> None:
        del self.AUTO_FOCUS  # the class's (the app's) choice from now on

    def _on_screen_resume(self, event) -> None:
        """Shown for the first time, every widget was styled as it mounted a moment ago:
        Textual's restyle of the whole screen on resuming it is skipped then (override
        `quiet_resume`, ui/textual_internals.py). Shown again (after a curtain, a dialog),
        the screen restyles as usual. (Runs before Textual's own handler.)"""
        if not getattr(self, "_resumed", False):
            self._resumed = True
            if active("quiet_resume"):
                event.refresh_styles = False

    def redraw(self) -> None:
        seat = self.session.viewer()
        view = self.match.view(seat)
        self.show_view(view, seat)
        if self.session.tutorial is not None:
            self._update_hint(view)

    def _update_hint(self, view) -> None:
        """The guided game moves on to the next hint when play reaches its topic."""
        hints = self.session.tutorial
        if self.session.on_screen is None or self.session.over:
            topics = ("over",) if self.session.over else ()
        else:
            topics = self.help_topics(view)
        if hints.update(topics, len(self.match.actions)) and hints.hint is not None:
            from .widgets.hint import HintBar

            for bar in self.query(HintBar):
                bar.show_hint(hints.label(), hints.hint.text)

    def put(self, selector: str, content) -> None:
        """Update a Static only when its content changed, and lay the screen out again only
        when its size changed: redraws stay cheap."""
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            update_static(self.query_one(selector), content)

    def set_message(self, message: Text | str) -> None:
        """Say something on the table; before the screen is built (a shared table's line
        arriving as it opens) the first frame shows it."""
        self.message = message
        if self.is_mounted:
            self.redraw()

    def advance(self) -> None:
        """Decide what happens next: game over, a bot's move, a curtain, or wait for a key."""
        if self.waiting or not self.is_attached:
            return
        if self.read_only:  # (a replay: its own keys move it on)
            self.redraw()
            return
        if self.session.over:
            self.redraw()
            self._game_over()
            return
        bot = self.session.next_bot()
        if bot is not None:
            # Held back only when the seat on screen has nothing to choose meanwhile: in a
            # simultaneous choice (a squad's order, a secret card) its keys go through.
            seat = self.session.on_screen
            self.waiting = seat is None or seat not in self.match.to_act()
            if self._thinking is None:
                self._thinking = bot
                if self.delay:
                    self.set_timer(self.delay, lambda: self._bot_turn(bot))
                else:
                    self.call_later(self._bot_turn, bot)
            self.redraw()  # show the last move while the bot "thinks"
            return
        seat = self.session.needs_curtain()
        if seat is not None:
            self.waiting = True
            self.keys_from = math.inf  # (until this seat's screen is shown: `_passed`)
            note = self.message if isinstance(self.message, str) else self.message.plain
            recap = self.recap_for(seat)
            last = self.session.on_screen
            undoable = last is not None and self.session.can_take_back(last)
            self.app.push_screen(
                CurtainScreen(
                    self.session.name(seat),
                    seat,
                    note,
                    self.match.autosave_error,
                    recap=_public_text(recap) if recap.events else None,
                    take_back=self.session.name(last) if undoable else None,
                    tag=self.seat_mark(seat),
                ),
                lambda answer: self._taken_back(last) if answer else self._passed(seat, recap),
            )
            return
        self._offer_recap()
        self.redraw()

    def seat_changed(self) -> None:
        """Another seat takes the keyboard: forget cursors (one seat's place is not the next's)."""

    def _passed(self, seat: int, recap: Recap | None = None) -> None:
        """`seat` has the keyboard now. `recap`: its recap, when its curtain made it already."""
        if seat != self.session.on_screen:
            self.seat_changed()
        self.session.on_screen = seat
        self.waiting = False
        # (the public lines were on the curtain: here, what this seat alone may read)
        private = (recap or self.recap_for(seat)).private_line(names=3)
        self.message = Text(f"{private} (w: what happened)", style="bold") if private else ""
        self._recap_told[seat] = len(self.match.actions)
        # Keys typed in the same burst as the one that cleared the curtain were typed before
        # this seat could see its screen: the app drops every key older than its first frame.
        self.call_after_refresh(self._keys_open)
        self.redraw()
        self.advance()

    def _taken_back(self, seat: int) -> None:
        """`u` on the curtain: the player who just moved takes it back, on their own screen."""
        self.waiting = False
        self.keys_from = event_clock()
        if self.session.undo():
            self.message = Text("↶ Taken back: choose again.", style="bold")
        self.redraw()
        self.advance()

    def take_back_follows(self, seat: int) -> bool:
        """A move of `seat` now leaves it a way back: another seat at this keyboard chooses
        next, behind a curtain that offers `u` (so the move needs no question first)."""
        if not self.shared_keyboard:
            return False
        waiting = self.match.to_act() & frozenset(self.session.at_this_terminal)
        return any(other != seat for other in waiting)

    def _keys_open(self) -> None:
        self.keys_from = event_clock()

    def _bot_turn(self, seat: int) -> None:
        self._thinking = None
        if not self.is_attached:
            return
        if seat not in self.match.to_act():  # (an undo meanwhile took its turn away)
            self.waiting = False
            self.advance()
            return
        events = self.session.play_bot(seat)
        self.waiting = False
        if getattr(self, "_busy_note", False):
            self._busy_note = False
            self.message = ""
        self._after(events)

    def bot_doing(self, seat: int) -> str:
        """What a bot is busy with, for the 'wait' note (a game may say more)."""
        return "playing"

    def busy(self) -> None:
        """A key came while a bot acts or a screen is pending: say so, never drop it silently."""
        bot = self.session.next_bot()
        if bot is not None:
            note = f"Wait: {self.session.name(bot)} (bot) is {self.bot_doing(bot)}…"
        else:
            note = "Wait a moment: the table is still moving…"
        self._busy_note = True
        self.set_message(Text(note, style="bold yellow"))

    def submit(self, action) -> bool:
        """Play an action for the seat on screen; an illegal one shows the rule and changes nothing."""
        if self.read_only:
            self.set_message(Text("A replay: nothing is played here (←→ step).", style="bold"))
            return False
        if self.waiting:
            self.busy()
            return False
        seat = self.session.on_screen
        if self.watching:
            self.set_message(Text("You are watching this table: no moves.", style="bold yellow"))
            return False
        if seat is None or seat not in self.match.to_act():
            self.set_message(Text("It is not your turn to act.", style="bold red"))
            return False
        coached = self._coach_play is not None and action == self._coach_play
        self._coach_play = None
        # (the mark goes with the move: the log says "(coached)" to everyone at the table)
        result = (
            self.session.act(seat, action, coached=True)
            if coached
            else self.session.act(seat, action)
        )
        if isinstance(result, Rejection):
            stop = "" if result.reason.endswith((".", "!", "?")) else "."  # (some end with one)
            self.set_message(Text(f"✘ {result.rule}: {result.reason}{stop}", style="bold red"))
            self.app.bell()
            return False
        if getattr(self.session, "pending", False):  # the table answers with a new view
            self.waiting = True
            return True
        waiting = self.match.to_act()
        # A secret choice made while others still choose: say so, and say it on the curtain.
        self.message = (
            second_person(f"▣ {self.session.name(seat)} is locked in.")
            if seat not in waiting and waiting
            else ""
        )
        self._after(result)
        return True

    def _after(self, events: tuple[Event, ...]) -> None:
        body = self.reveal_body(events)
        if body is not None:
            public = self.public_moment()
            self.redraw()
            self.waiting = True
            auto = self.delay * 4 if (self.demo or not self.session.humans) else None
            # Everyone watched the reveal on a neutral table: its key hands the keyboard on
            # (one press, not a dismissal and then a curtain)
            hand_to = self._next_hand() if public else None
            name = self.session.name(hand_to) if hand_to is not None else None
            self.app.push_screen(
                _dialogs().RevealScreen(
                    "Reveal", body, auto_close=auto, hand_to=hand_to, name=name
                ),
                lambda _: self._revealed(hand_to),
            )
            return
        self.advance()

    # -- public moments ------------------------------------------------------------
    @property
    def shared_keyboard(self) -> bool:
        """Several people share this keyboard: a seat's private screen is theirs alone."""
        return not self.remote and len(self.session.at_this_terminal) > 1

    def public_moment(self) -> bool:
        """A moment everyone at the keyboard watches (a reveal, the game's end): the table
        shows the public view, never one seat's hand. True when the view changed to it;
        the next private choice then comes behind a curtain (or the moment's own key)."""
        if not self.shared_keyboard:
            return False
        if self.session.on_screen is not None:
            self.session.on_screen = None
            self.seat_changed()
        return True

    def _next_hand(self) -> int | None:
        """The seat at this keyboard that acts next, when no bot acts before it."""
        if self.session.over or self.session.next_bot() is not None:
            return None
        return self.session.next_human()

    def _revealed(self, hand_to: int | None = None) -> None:
        self.waiting = False
        if hand_to is not None and hand_to == self._next_hand() and not self.session.over:
            self._passed(hand_to)  # (the reveal's key was the curtain's)
            return
        self.redraw()
        self.advance()

    def _game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        outcome = self.match.outcome()
        headline = self.headline(outcome)
        if self.public_moment():  # the board behind the box (and `v`) shows what all may see
            self.redraw()
        if self.exit_at_end:
            self.set_timer(max(self.delay * 4, 0.5), lambda: self.app.exit(outcome))
            return
        over = _dialogs().GameOverScreen(headline, self.summary())
        self.app.push_screen(over, self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if self.remote and choice in ("new", "launcher"):
            self.session.leave()  # back to the lobby of tables
            return
        if choice == "new":
            self.app.open_setup(self.rules.game_id, replace=True)  # type: ignore[attr-defined]
        elif choice == "launcher":
            self.app.open_launcher()  # type: ignore[attr-defined]
        elif choice == "quit":
            self.app.leave_game()  # type: ignore[attr-defined]

    # -- the recap: what the seat taking the keyboard missed (ui/recap.py) ----------------------
    def recap_hand(self, view) -> tuple[str, ...]:
        """The card names in the viewing seat's own hand, from its View: the recap names
        the cards new there (tables.recap.hand_names reads the games whose seats hold a
        hand of cards; a game with another shape names its own)."""
        from ..tables.recap import hand_names

        return hand_names(view)

    def recap_for(self, seat: int) -> Recap:
        """Since `seat`'s last move: the log's lines, and the cards new in its hand."""
        from ..tables.recap import recap_for

        return recap_for(self.session, seat, self.recap_hand)

    def _offer_recap(self) -> None:
        """The seat on screen gets the keyboard back after bots moved (or on resume): say so
        once, in a line; `w` shows it all. A resumed game opens with the recap box."""
        seat = self.session.on_screen
        # (a shared table's line says each step as it comes: its recap is `w`)
        if seat is None or seat not in self.match.to_act() or self.remote:
            return
        step = len(self.match.actions)
        if self._recap_told.get(seat) == step:
            return
        first = seat not in self._recap_told
        self._recap_told[seat] = step
        if first and self.session.resumed:
            recap = self.recap_for(seat)
            if not recap.empty:
                self.app.push_screen(_dialogs().RecapScreen(recap))
            return
        mark = self.session.recap_mark(seat)
        if mark is None:
            return
        moved = len(self.match.actions) - (mark[0] + 1)  # (all the others': it is the last own)
        if moved < self.RECAP_AFTER:
            return
        recap = self.recap_for(seat)
        who = ", ".join(self.session.movers_since(mark[0] + 1)) or "the others"
        note = Text(f"While you were away: {who} made {moved} move(s)", style="bold")
        if recap.new_cards:
            count = len(recap.new_cards)
            note.append(f" · {count} new card{'s' * (count != 1)} in your hand")
        note.append(" · w: read it all", style="dim")
        self.message = note

    def action_recap(self) -> None:
        seat = self.session.on_screen
        if seat is None:
            self.set_message(Text("The recap is for a seat: watchers read the log.", style="bold"))
            return
        self.app.push_screen(_dialogs().RecapScreen(self.recap_for(seat)))

    # -- the coach (engine/coach.py): the hard bot's move for the seat on screen, and why ----------
    #: (seat, step) of the question on its way to the coach, None when none is
    _coach_asked: tuple[int, int] | None = None
    #: the move the coach suggested and the player took (Enter): `submit` marks it coached
    _coach_play: object | None = None

    @property
    def coach_allowed(self) -> bool:
        """Locally always; at a shared table when its maker allowed the coach."""
        return bool(getattr(self.session, "coach_allowed", True))

    def coach_problem(self) -> str | None:
        """Why the coach cannot be asked now, or None."""
        if self.read_only:
            return "A replay: the coach helps with a game in play."
        if self.watching:
            return "You are watching: the coach helps a seat."
        if not self.coach_allowed:
            return "The coach is off at this table: its maker did not allow it."
        seat = self.session.on_screen
        if self.waiting or seat is None or seat not in self.match.to_act():
            return "No move of yours is open now: ask the coach on your move."
        return None

    def action_coach(self) -> None:
        """Ask the hard bot what it would play here, off the UI thread (a search may take
        a couple of seconds): the table stays live meanwhile, and an answer that comes
        after the table moved on is dropped."""
        problem = self.coach_problem()
        if problem is not None:
            self.set_message(Text(problem, style="bold yellow"))
            return
        seat = self.session.on_screen
        step = len(self.match.actions)
        if self._coach_asked == (seat, step):
            return  # (asked already: its answer is on its way)
        # the seat's own view and moves: all the coach is ever given
        view = self.match.view(seat)
        legal = list(self.match.legal_actions(seat))
        game, describe, kind = self.rules.game_id, self.rules.describe, self.COACH_KIND
        self._coach_asked = (seat, step)
        self.set_message(Text("✦ Coach: thinking…", style="bold"))
        app = self.app

        def think() -> None:
            try:
                advice = advise(game, describe, view, legal, seat, step, kind)
            except Exception as exc:  # noqa: BLE001 - said on the table, never a crash
                app.call_from_thread(self._coach_failed, seat, step, str(exc))
                return
            app.call_from_thread(self._coach_answered, seat, step, advice)

        self.run_worker(think, thread=True, group="coach", exit_on_error=False)

    def _coach_current(self, seat: int, step: int) -> bool:
        """The question (seat, step) is still the table's: nobody moved since."""
        return (
            self.is_attached
            and self._coach_asked == (seat, step)
            and self.session.on_screen == seat
            and len(self.match.actions) == step
            and not self.waiting
        )

    def _coach_failed(self, seat: int, step: int, problem: str) -> None:
        if self._coach_current(seat, step):
            self._coach_asked = None
            self.set_message(Text(f"✘ The coach could not answer: {problem}", style="bold red"))

    def _coach_answered(self, seat: int, step: int, advice: Advice | None) -> None:
        if not self._coach_current(seat, step):
            if self._coach_asked == (seat, step):
                self._coach_asked = None
            return
        self._coach_asked = None
        if advice is None:
            self.set_message(Text("✦ Coach: no move to suggest.", style="bold"))
            return
        card = self.coach_highlight(advice)
        self.set_message(Text(f"✦ Coach: {advice.text}", style="bold"))
        if self.app.screen is not self:  # (a menu or help is open: the line says it)
            return
        from .screens.coach import CoachScreen

        level = self.COACH_KIND.removeprefix("bot:")
        low = card is not None and card.region.y > self.app.size.height // 2
        self.app.push_screen(
            CoachScreen(advice.text, level, top=low, grade=self.coach_grade),
            lambda play: self._coach_done(advice, play),
        )

    def coach_highlight(self, advice: Advice):
        """Put the table's focus on the card the move acts on (the table kit's highlight,
        and the inspector reads it) and return its chip; a move on no card leaves the focus
        where it is (None)."""
        name = advice.reason.card
        if not name:
            return None
        from .widgets.table import TableCard

        cards = [
            c
            for c in self.query(TableCard)
            if c.display and c.can_focus and not c.info.hidden and c.info.face.title == name
        ]
        if not cards:
            return None
        card = next((c for c in cards if c.info.actionable), cards[0])
        card.focus_now()
        return card

    def coach_grade(self) -> str:
        """On request (`g` on the advice): the seat's own last move against the coach's pick
        from the view it had then, where the game's bot scores its options."""
        seat = self.session.on_screen
        if seat is None or not hasattr(self.match, "states"):  # (a shared table keeps no past)
            return "the coach measures moves in a game played here."
        if self.match.last_move_of(seat) is None:
            return "you have not moved yet."
        said = grade_last(self.match, seat)
        return said or "the coach has no measure for it here (or agrees with it)."

    def _coach_done(self, advice: Advice, play: bool | None) -> None:
        if not play:
            self.set_message("")
            return
        if self.session.on_screen != advice.seat or len(self.match.actions) != advice.step:
            self.set_message(Text("The table moved on: ask the coach again.", style="bold"))
            return
        self._coach_play = advice.action
        try:
            self.submit(advice.action)
        finally:
            self._coach_play = None

    # -- keys --------------------------------------------------------------------
    def action_help(self) -> None:
        common = [
            ("?", "this help"),
            ("w", "what happened since your last move (the recap)"),
            ("C", "the coach: the hard bot's move for you, and why (Enter plays it)"),
            ("u", "undo (stops at revealed information)"),
            ("s", "save"),
            ("q", "quit (autosaved)"),
        ]
        if self.watching:
            common = [("?", "this help"), ("q", "stop watching: back to the lobby")]
        from .screens.help import HelpScreen  # Markdown is slow to import: only when asked

        topics = self.help_topics()
        hints = self.session.tutorial
        if hints is not None and hints.hint is not None and hints.hint.section:
            topics = (f"#{hints.hint.section}", *topics)  # the guided game's step first
        self.app.push_screen(
            HelpScreen(self.rules.title, self.HELP_KEYS + common, self.rules.game_id, topics)
        )

    def help_topics(self, view=None) -> tuple[str, ...]:
        """What the seat on screen faces now, most specific first: the pending decision's kind,
        then the phase. The rules reference opens at the first section listing one of them.
        `view`: the seat's View when the caller has it already (a redraw)."""
        from ..reference import moment_topics  # (the reference: asked for, not at start)

        if view is None:
            view = self.match.view(self.session.viewer())
        return moment_topics(view)

    async def action_all_moves(self) -> None:
        """Every legal move of the seat on screen as one plain list (any game, any table)."""
        seat = self.session.on_screen
        if self.watching:
            self.set_message(Text("No move of yours: you are watching.", style="bold yellow"))
            return
        if self.waiting or seat is None or seat not in self.match.to_act():
            self.set_message(Text("No move of yours is open now.", style="bold yellow"))
            return
        from .screens.lobby import MovesScreen

        legal = list(self.match.legal_actions(seat))
        # names, never ids: the cards as this seat's View names them (issue 36)
        labels = self.move_labels(legal, seat)

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(legal):
                self.submit(legal[index])

        def send(index: int) -> bool:
            """At a shared table: send the move, True while its answer is on its way."""
            return 0 <= index < len(legal) and self.submit(legal[index]) and self.waiting

        if self.remote:  # drawn over the table, in this screen (see widgets/moves_panel.py)
            panel = self._moves_panel
            if panel is None:  # (mounted the first time, then kept)
                from .widgets.moves_panel import MovesPanel

                panel = self._moves_panel = MovesPanel(id="moves-panel")
                await self.mount(panel, before=0)
            panel.open(self.session.name(seat), labels, send)
            return
        self.app.push_screen(MovesScreen(self.session.name(seat), labels), chosen)

    #: the others' moves since the seat's last one that earn a "while you were away" line
    #: (fewer: a simultaneous choice, or a reply, that the seat watched as it happened)
    RECAP_AFTER = 3

    #: what ends undo in this game, in its players' words (the "Nothing to undo" note)
    UNDO_STOPS = "a reveal, a roll or a laid-down pile"

    def action_undo(self) -> None:
        if self.waiting:
            return
        if self.remote:
            self.set_message(Text(self.session.ask_undo(), style="bold"))
            return
        if self.session.undo():
            self.set_message(Text("↶ Undone.", style="bold"))
        else:
            self.set_message(
                Text(
                    f"Nothing to undo: undo stops at revealed information ({self.UNDO_STOPS}).",
                    style="bold yellow",
                )
            )

    def action_save(self) -> None:
        if self.remote:
            self.set_message(Text("This table is saved by the server after every move."))
            return
        path = new_save_path(self.rules.game_id, [s.name for s in self.match.seats])
        try:
            self.session.save_to(path)
        except OSError as exc:
            problem = f"Could not save to {path}: {os_problem(exc)}. Nothing changed; play on."
            self.set_message(Text(f"✘ {problem}", style="bold red"))
            self.notify(problem, title="Save failed", severity="error", timeout=10)
            return
        self.set_message(Text(f"Saved to {path}", style="bold green"))
        # (Resume lists the autosaves; a copy saved here opens from the command line)
        self.notify(
            f"Saved to {path}\nOpen it later: tabletop-tui play {self.rules.game_id} --load FILE"
        )

    def action_quit_game(self) -> None:
        remote = self.remote

        def done(yes: bool | None) -> None:
            if yes and remote:
                self.session.leave()
            elif yes:
                self.app.leave_game()  # type: ignore[attr-defined]

        if remote:
            detail = (
                "Back to the lobby: you stop watching this table."
                if self.watching
                else "Back to the lobby: your seat stays yours, and you may come back to it."
            )
            self.app.push_screen(_dialogs().ConfirmQuit(detail), done)
            return
        self.app.push_screen(_dialogs().ConfirmQuit.for_game(self.match.autosave_error), done)
