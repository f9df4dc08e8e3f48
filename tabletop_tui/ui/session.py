"""Hot-seat flow for any game: the local session, whose table lives in this process.

Who acts next and when the curtain falls are `tables.seat_session.SeatSession`'s, shared
with a remote seat; here actions, bots' turns and undo go to the in-process table. Kept
free of Textual so the rules of passing the keyboard are tested on their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine import Event, Rejection, Seat
from ..engine.bots import bot_rng
from ..engine.core import IllegalAction
from ..engine.match import Dealt, Match, SeatSpec
from ..games import get_rules, make_bot
from ..paths import history_dir, new_autosave_path
from ..tables.seat_session import SeatSession
from ..tables.table import Table, TableError


class LazyBot:
    """A seat's bot, made when it first moves: making one (Heroes of the Grid's search bot)
    imports modules the table's first frame does not need, ~50 ms of a game's start."""

    def __init__(self, game_id: str, kind: str) -> None:
        self.game_id = game_id
        self.kind = kind
        self._bot = None

    @property
    def bot(self):
        if self._bot is None:
            self._bot = make_bot(self.game_id, self.kind)
        return self._bot

    def choose(self, view, legal, seat, rng):
        return self.bot.choose(view, legal, seat, rng)

    def __getattr__(self, name: str):  # (anything else a bot offers, from the made bot)
        if name.startswith("__") or name == "_bot":
            raise AttributeError(name)
        return getattr(self.bot, name)


@dataclass
class Session(SeatSession):
    """A table in this process: every human seat at this terminal, bots played here."""

    match: Match
    #: the seat whose private view is on screen (None: nobody's yet, or a spectator)
    on_screen: Seat | None = None
    bots: dict[Seat, object] = field(default_factory=dict)
    #: seats with nothing hidden from each other (co-op Rangers with open hands) share a group
    #: number: the keyboard passes between them without a curtain. None: always a curtain
    groups: dict[Seat, int] | None = None
    #: the guided first game's hints (a `reference.tutorial.HintState`), None in a normal game
    tutorial: object | None = None
    #: the players chose the seed: it may be shown. A random seed stays off screen until the
    #: game is over (knowing it, a second copy of the game shows every hand and future draw)
    seed_given: bool = False
    #: the table the match is played at: every action (a seat's, a bot's) and every undo
    #: goes through it, as at a shared table; the seats all sit at this terminal
    table: Table = field(default=None, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.table is None or self.table.match is not self.match:
            self.table = Table.at_this_terminal(self.match)

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        seed: int,
        autosave: bool = True,
        seed_given: bool = False,
        dealt: Dealt | None = None,
        save_now: bool = True,
        **config,
    ) -> Session:
        """`dealt`: this game dealt already (`tabletop-tui play --seed N` deals it in its
        checks); the match starts from it if it is the same game. `save_now=False` leaves
        the first autosave to the caller (the app writes it once the table is drawn: the
        write's sync to disk cost 12-25 ms of wall time before the first frame)."""
        rules = get_rules(game_id)
        if rules is None:
            raise ValueError(f"{game_id} is not playable yet")
        cfg = rules.config_type(names=tuple(s.name for s in seats), **config)
        path = new_autosave_path(game_id, [s.name for s in seats]) if autosave else None
        history = history_dir() if autosave else None
        match = Match(rules, cfg, seed, seats=seats, autosave=path, history=history, dealt=dealt)
        if save_now:
            match.autosave()  # a failure is kept in match.autosave_error: the game still starts
        session = cls.for_match(match)
        session.seed_given = seed_given
        return session

    @classmethod
    def for_match(cls, match: Match) -> Session:
        bots = {
            i: LazyBot(match.rules.game_id, s.kind) for i, s in enumerate(match.seats) if s.is_bot
        }
        session = cls(match=match, bots=bots)
        humans = session.humans
        session.on_screen = humans[0] if len(humans) == 1 else None
        return session

    # -- seats -----------------------------------------------------------------
    # (who acts, curtains, whose view: `SeatSession`, shared with a remote seat)
    @property
    def bot_seats(self) -> frozenset[Seat]:
        return frozenset(self.bots)

    def recap_mark(self, seat: Seat) -> tuple[int, object | None] | None:
        """Read from the match itself, so a resumed game recaps as well as a live one."""
        last = self.match.last_move_of(seat)
        if last is None:
            return None
        return last, self.match.rules.view(self.match.states[last], seat)

    # -- acting ----------------------------------------------------------------
    def act(self, seat: Seat, action, coached: bool = False) -> Rejection | tuple[Event, ...]:
        """`coached`: the coach suggested this move (its log line says so)."""
        try:
            return self.table.play(seat, action, coached=coached)
        except IllegalAction as exc:
            return exc.rejection
        except TableError as exc:  # (a game over, or past the table's limits)
            return Rejection(rule="Table", reason=exc.message)

    def play_bot(self, seat: Seat) -> tuple[Event, ...]:
        bot = self.bots[seat]
        view = self.match.view(seat)
        legal = self.match.legal_actions(seat)
        rng = bot_rng(self.match.seed, len(self.match.actions), seat)
        return self.table.play(seat, bot.choose(view, legal, seat, rng))  # type: ignore[attr-defined]

    def movers_since(self, step: int) -> list[str]:
        return list(dict.fromkeys(self.name(a.seat) for a in self.match.actions[step:]))

    def can_take_back(self, seat: Seat) -> bool:
        """Whether `seat`'s last move can still be undone (nothing revealed since)."""
        return self.match.undoable(seat, self.bot_seats) > 0

    def undo(self) -> int:
        """Undo needs no one's consent here: everyone at the table is at this terminal."""
        seat = self.on_screen if self.humans else None
        return self.table.take_back(seat, self.bot_seats)

    def save_to(self, path: Path) -> None:
        """Save a copy (`s`); raises OSError, changing nothing, and retries a failed autosave."""
        self.match.save(path)
        if self.match.autosave_error is not None:
            self.match.autosave()

    def autosave_warning(self, error: str | None) -> str:
        """What to tell the players when the autosave fails, or works again."""
        if error is None:
            return "Autosave works again: every move so far is saved."
        behind = self.match.autosave_behind()
        kept = (
            "no autosave of this game exists yet"
            if not self.match.has_autosave
            else "the last good autosave is kept"
            + (f", {behind} move{'s' * (behind != 1)} behind" if behind else "")
        )
        return (
            f"Autosave failed ({error}). Play on: {kept}; it is retried after every move, "
            "and s saves a copy."
        )
