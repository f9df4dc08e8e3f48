"""The plain front end's loop: print lines, read one command per line.

The hot-seat flow (who acts, when the keyboard passes, bots) is `ui.session.Session`'s, the
same the full screen plays through; this module only says things and reads commands.
"""

from __future__ import annotations

import random
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from pydantic import BaseModel

from ..engine import Event, Rejection, Seat
from ..engine.grammar import second_person
from ..engine.match import Match, SeatSpec
from ..reference import load as load_reference
from ..reference import moment_topics, plain_text
from ..tables.recap import recap_for
from ..ui.session import Session
from .describe import Describer
from .hint import HINT_HELP, hint
from .moves import Move, entries, entry_listing, find, number_moves
from .words import move_words
from .zones import Zone, tell_zone, zone_help, zones_of

WIDTH = 79
#: blank lines printed by the curtain, so the last seat's hand scrolls off the screen
CURTAIN_BLANKS = 60
#: on a terminal the curtain also clears the screen and its scrollback (ignored where the
#: terminal does not know the last part); never into a pipe or a file
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
RULE = "-" * 40

HELP = """\
Commands (one per line):
  look          the whole table, as your seat sees it
  hand          your cards, with their full text
  card NAME     the full text of a card you can see
  moves         your legal moves, numbered (grouped by card)
  NUMBER        play that move; or type the move in words, abbreviated:
                each word may be cut short (play rep = play Repair Bay)
  log N         the last N lines of the game's log (default 10)
  recap         what happened since your last move
  ZONE          one part of the table by name (listed below)
  rules TOPIC   the rules reference on TOPIC (rules alone: the rules for now)
  undo          take back your last move (not past a draw, roll or reveal)
  save          save a copy of the game
  quit          stop; the game is autosaved (tabletop-tui resume goes on)
  help          this list"""


#: a move in words not legal now is explained from variants of moves offered before: at
#: most this many ids and numbers per field, and variants in all
EXPLAIN_IDS, EXPLAIN_NUMBERS, EXPLAIN_TRIES = 400, 10, 4000

#: commands that take no argument: with one, the line may be a move's words ("hand over")
BARE = frozenset({"look", "hand", "moves", "recap", "undo", "save", "help"})


class Printer:
    """Lines out, wrapped to the width; one typed line in (echoed from a pipe)."""

    def __init__(self, inp: TextIO, out: TextIO, width: int = WIDTH):
        self.inp, self.out, self.width = inp, out, width

    def say(self, *lines: str) -> None:
        for text in lines:
            for line in text.split("\n"):
                indent = len(line) - len(line.lstrip(" "))
                wrapped = textwrap.wrap(
                    line, self.width, subsequent_indent=" " * (indent + 2), break_on_hyphens=False
                )
                self.out.write("\n".join(wrapped or [""]) + "\n")
        self.out.flush()

    def read(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        if not self.inp.isatty():  # echo a piped command, so the transcript reads as played
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()


class PlainGame(Printer):
    def __init__(self, session: Session, inp: TextIO, out: TextIO, width: int = WIDTH):
        super().__init__(inp, out, width)
        self.session = session
        self.match: Match = session.match  # type: ignore[assignment]
        self.rules = self.match.rules
        #: per seat on screen, its own names for ids (learned only from that seat's views:
        #: a name one seat may read never names an id for the next seat at the keyboard)
        self._describers: dict[Seat | None, Describer] = {}
        #: (seat, moves done) last announced, so a seat hears "your move" once per decision
        self._announced: tuple[Seat, int] | None = None
        #: per seat, every move it has been offered, by its words (to explain a move that is
        #: no longer legal with the rule's own reason)
        self._offered: dict[Seat, dict[str, object]] = {}

    @property
    def describer(self) -> Describer:
        seat = self.session.on_screen
        found = self._describers.get(seat)
        if found is None:
            names = [s.name for s in self.match.seats]
            found = self._describers[seat] = Describer(self.rules.game_id, names)
        return found

    def events(self, events: tuple[Event, ...] | list[Event]) -> None:
        if events:  # (the cards they name as the seat on screen now sees them)
            self.describer.learn(self.match.view(self.session.on_screen))
        for e in events:
            if e.kind != "start":
                self.say(self.describer.sentence(e.text))

    def name(self, seat: Seat) -> str:
        return self.session.name(seat)

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        seats = ", ".join(f"{s.name} ({'bot' if s.is_bot else 'human'})" for s in self.match.seats)
        self.say(f"{self.rules.title}. Seats: {seats}.", "Type help for the commands.")
        if self.match.actions:
            self.say(f"Resumed after {len(self.match.actions)} moves.")
        while True:
            outcome = self.match.outcome()
            if outcome is not None:
                self.say(RULE, f"Game over. {second_person(self.describer.named(outcome.summary))}")
                return 0
            bot = self.session.next_bot()
            if bot is not None:
                self.events(self.session.play_bot(bot))
                continue
            seat = self.session.next_human()
            if seat is None:
                self.say("Nobody at this keyboard can move now.")
                return 1
            passing = self.session.needs_curtain()
            if passing is not None:
                if not self.curtain(passing):
                    return self.end_of_input()
                continue
            self.session.on_screen = seat
            if self._announced != (seat, len(self.match.actions)):
                self._announced = (seat, len(self.match.actions))
                count = len(self.moves(seat))
                phase = getattr(self.match.view(seat), "phase", None)
                at = f" ({str(phase).replace('_', ' ')})" if phase else ""
                self.say(
                    f"{self.name(seat)} to move{at}: {count} move{'s' * (count != 1)} (type moves to list)."
                )
            line = self.read(f"{self.name(seat)}> ")
            if line is None:
                return self.end_of_input()
            if self.command(seat, line) == "quit":
                return 0

    def end_of_input(self) -> int:
        self.say("End of input: the game is autosaved (tabletop-tui resume goes on).")
        return 0

    def curtain(self, seat: Seat) -> bool:
        """The plain curtain: the last seat's lines scroll away, the next seat takes the
        keyboard with an empty line. False: the input ended."""
        who = self.name(seat)
        self.out.write("\n" * CURTAIN_BLANKS)
        if _is_terminal(self.out):
            self.out.write(CLEAR)
        self.say("=" * self.width, f"Pass to {who}. {who}: press Enter to take the keyboard.")
        while True:
            line = self.read("")
            if line is None:
                return False
            if line == "":
                break
            self.say(f"Waiting for {who}: press Enter on an empty line.")
        self.session.on_screen = seat
        self.say("=" * self.width)
        self.recap(seat, quiet=True)
        return True

    # -- commands --------------------------------------------------------------------------
    def commands(self, seat: Seat, rest: str) -> dict[str, Callable[[], object]]:
        """Every command word and what it does (a new command is one more entry; a game's
        zones by name come last, so a command word is never shadowed by a zone)."""
        commands: dict[str, Callable[[], object]] = {
            "help": lambda: self.say(HELP, HINT_HELP, *zone_help(self.rules.game_id)),
            "look": lambda: self.say(*self.look(seat)),
            "hand": lambda: self.say(*self.describer.hand(self.match.view(seat), seat)),
            "card": lambda: self.card(seat, rest),
            "moves": lambda: self.say(*self.list_moves(seat)),
            "log": lambda: self.log(rest),
            "recap": lambda: self.recap(seat),
            "rules": lambda: self.rules_text(seat, rest),
            "undo": lambda: self.undo(seat),
            "save": self.save,
            "hint": lambda: hint(self, seat, rest),  # the coach (plain/hint.py)
        }
        for name, zone in zones_of(self.rules.game_id).items():
            commands.setdefault(name, lambda zone=zone: self.zone(seat, zone))
        return commands

    def command(self, seat: Seat, line: str) -> str | None:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        commands = self.commands(seat, rest)
        if not line:
            return None
        if word == "quit":
            self.say("Stopped. The game is autosaved: tabletop-tui resume goes on from here.")
            return "quit"
        if word in zones_of(self.rules.game_id) and not rest and self._is_move(seat, line):
            self.play(seat, line)  # a move whose whole words are a zone's name: the move
            return None
        if word in commands and (word not in self.bare() or not rest):
            commands[word]()
            return None
        self.play(seat, line)
        return None

    def _is_move(self, seat: Seat, line: str) -> bool:
        if seat not in self.match.to_act():
            return False
        return any(m.text.lower() == line.lower() for m in self.moves(seat))

    def bare(self) -> frozenset[str]:
        return BARE | frozenset(zones_of(self.rules.game_id))

    def zone(self, seat: Seat, zone: Zone) -> None:
        self.say(*tell_zone(self.describer, self.match.view(seat), seat, zone))

    def look(self, seat: Seat) -> list[str]:
        lines = self.describer.look(self.match.view(seat), seat)
        acting = sorted(self.match.to_act())
        if not acting:
            return [*lines, "Nobody is to move: the game is over."]
        waiting = ", ".join(self.name(s) for s in acting)
        return [*lines, f"Waiting for: {waiting}."]

    def card(self, seat: Seat, query: str) -> None:
        if not query:
            self.say("Say which card: card NAME (the start of its name is enough).")
            return
        found = self.describer.card(self.match.view(seat), query)
        self.say(*(found or [f"No card you can see is called '{query}'."]))

    def moves(self, seat: Seat) -> list[Move]:
        legal = self.match.legal_actions(seat)
        view = self.match.view(seat)
        self.describer.learn(view)
        texts = [self.words(seat, view, a) for a in legal]
        offered = self._offered.setdefault(seat, {})
        for text, action in zip(texts, legal, strict=True):
            offered.setdefault(text.lower(), action)
        cards = set(self.describer.names.values())
        return number_moves(legal, texts, cards)

    def words(self, seat: Seat, view, action) -> str:
        """A move in words: the Rules' own, ids told by name, places and targets by name."""
        text = self.describer.named(self.rules.describe(action))
        return move_words(self.rules.game_id, view, seat, action, text, self.describer.seat_names)

    def list_moves(self, seat: Seat) -> list[str]:
        moves = self.moves(seat)
        return entry_listing(entries(moves)) if moves else ["You have no moves now."]

    def play(self, seat: Seat, typed: str) -> None:
        moves = self.moves(seat)
        numbered = entries(moves)
        number, dot, sub = typed.strip().partition(".")
        if number.isdigit():  # an entry's number (a folded card's: then which of its moves)
            entry = next((e for e in numbered if e.number == int(number)), None)
            if entry is None or (dot and not (sub.isdigit() and 0 < int(sub) <= len(entry.moves))):
                self.not_a_move(seat, typed, len(numbered))
                return
            if dot:
                chosen: Move | None = entry.moves[int(sub) - 1]
            elif len(entry.moves) == 1:
                chosen = entry.moves[0]
            else:
                chosen = self.ask(f"{entry.card}: which move?", list(entry.moves))
            if chosen is not None:
                self.act(seat, chosen.action)
            return
        found = find(typed, moves)
        if len(found) > 1:
            chosen = self.ask(f"'{typed}' could be several moves. Which one?", found)
            if chosen is None:
                return
            found = [chosen]
        if not found:
            self.not_a_move(seat, typed, len(moves))
            return
        self.act(seat, found[0].action)

    def ask(self, question: str, options: list[Move]) -> Move | None:
        """A follow-up question (which target, slot, X, copy): the choices numbered from 1,
        answered by a number or words; an empty line asks nothing more."""
        self.say(question)
        self.say(*(f"  {i}. {m.text}" for i, m in enumerate(options, 1)))
        while True:
            line = self.read(f"Choose 1-{len(options)} (Enter: none)> ")
            if not line:
                self.say("Nothing chosen.")
                return None
            if line.isdigit() and 1 <= int(line) <= len(options):
                return options[int(line) - 1]
            narrowed = find(
                line, [Move(i, m.action, m.text, m.card) for i, m in enumerate(options, 1)]
            )
            if len(narrowed) == 1:
                return options[narrowed[0].number - 1]
            self.say(
                f"'{line}' is not one of these: answer with a number from 1 to {len(options)}, "
                "or Enter for none."
            )

    def act(self, seat: Seat, action: object) -> None:
        result = self.session.act(seat, action)
        if isinstance(result, Rejection):
            self.refused(result)
        else:
            self.events(result)

    def refused(self, rejection: Rejection) -> None:
        reason = self.describer.named(rejection.reason)
        self.say(f"Not allowed: {reason} (rule: {rejection.rule}).")

    def not_a_move(self, seat: Seat, typed: str, count: int) -> None:
        if typed.replace(".", "", 1).isdigit():
            self.say(
                f"There is no move {typed}: your moves are numbered 1 to {count} "
                "(type moves to list them)."
            )
            return
        # a move this seat was offered before: the rules say why it is not legal now
        earlier = [a for text, a in self._offered.get(seat, {}).items() if text == typed.lower()]
        if not earlier:
            from .moves import matches

            earlier = [a for t, a in self._offered.get(seat, {}).items() if matches(typed, t)]
        if len(earlier) == 1:
            rejection = self.match.check(seat, earlier[0])
            if rejection is not None:
                self.refused(rejection)
                return
        rejection = self.explain(seat, typed)
        if rejection is not None:
            self.refused(rejection)
            return
        card = self.card_named(typed)
        if card is not None:
            self.say(f"No move of yours uses {card} now. Type moves for the moves you have.")
            return
        self.say(f"'{typed}' is not a command or one of your moves. Type help, or moves.")

    def card_named(self, typed: str) -> str | None:
        """The one card the typed words name after their first (`buy regr`), if any."""
        from .moves import matches

        _, _, rest = typed.partition(" ")
        if not rest.strip():
            return None
        found = {n for n in self.describer.names.values() if matches(rest, n)}
        return found.pop() if len(found) == 1 else None

    def explain(self, seat: Seat, typed: str) -> Rejection | None:
        """The rules' reason for a move in words that is not legal now: moves of the kinds
        this seat has been offered, with one field changed (another card, place or number),
        whose words the typed words abbreviate, checked by the rules."""
        from .moves import matches

        templates: dict[str, BaseModel] = {}
        for action in self._offered.get(seat, {}).values():
            if isinstance(action, BaseModel):
                templates.setdefault(str(getattr(action, "kind", type(action).__name__)), action)
        ids = list(self.describer.names)[:EXPLAIN_IDS]
        view = self.match.view(seat)
        tried = 0
        for template in templates.values():
            for field, value in template:
                if isinstance(value, bool) or field == "kind":
                    continue
                if isinstance(value, int):
                    variants: list = list(range(EXPLAIN_NUMBERS))
                elif isinstance(value, str):
                    variants = ids
                else:
                    continue
                for variant in variants:
                    if variant == value or tried > EXPLAIN_TRIES:
                        continue
                    tried += 1
                    candidate = template.model_copy(update={field: variant})
                    try:
                        text = self.words(seat, view, candidate)
                        if not matches(typed, text):
                            continue
                        rejection = self.match.check(seat, candidate)
                    except Exception:  # a variant the rules cannot even read
                        continue
                    if rejection is not None:
                        return rejection
        return None

    def log(self, rest: str) -> None:
        count = int(rest) if rest.isdigit() else 10
        lines = [e for e in self.match.log_lines() if e.kind != "start"][-count:] if count else []
        self.describer.learn(self.match.view(self.session.on_screen))
        if not lines:
            self.say("The log is empty.")
        for e in lines:
            self.say(self.describer.sentence(e.text))

    def recap(self, seat: Seat, quiet: bool = False) -> None:
        """What happened since `seat`'s last move (public lines), and its new cards."""
        recap = recap_for(self.session, seat, lambda view: self._hand_names(view, seat))
        self.describer.learn(self.match.view(seat))
        if not recap.events and quiet:
            return
        moved = self.session.recap_mark(seat) is not None
        self.say(f"Since your last move, {self.name(seat)}:" if moved else "So far:")
        if not recap.events:
            self.say("  Nothing has happened.")
        for e in recap.events:
            self.say("  " + self.describer.sentence(e.text))
        if recap.new_cards:
            self.say(recap.private_line())

    def _hand_names(self, view, seat: Seat) -> list[str]:
        own = self.describer.own_seat(view, seat)
        hand = getattr(own, "hand", None) or ()
        return [c[1].name if isinstance(c, (tuple, list)) else c.name for c in hand]

    def rules_text(self, seat: Seat, topic: str) -> None:
        reference = load_reference(self.rules.game_id)
        if reference is None:
            self.say("This game has no rules reference.")
            return
        if topic:
            hits = reference.search(topic)
            section = hits[0] if hits else None
        else:
            section = reference.for_topics(moment_topics(self.match.view(seat)))
        if section is None:
            titles = ", ".join(s.title for s in reference.sections if s.level == 2)
            self.say(f"No section on '{topic}'. The chapters: {titles}.")
            return
        self.say(section.title, "", plain_text(section.body))
        others = [s.title for s in (reference.search(topic)[1:6] if topic else [])]
        if others:
            self.say("", f"See also: {', '.join(others)}.")

    def undo(self, seat: Seat) -> None:
        if not self.session.can_take_back(seat):
            self.say("Nothing to undo: undo stops at a draw, a shuffle, a roll or a reveal.")
            return
        count = self.session.undo()
        self.say(f"Took back {count} move{'s' * (count != 1)}.")

    def save(self) -> None:
        from ..paths import new_save_path

        path = new_save_path(self.rules.game_id, [s.name for s in self.match.seats])
        try:
            self.session.save_to(path)
        except OSError as exc:
            self.say(f"Could not save: {exc}")
            return
        self.say(f"Saved to {path}.")


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def default_seats(rules) -> list[SeatSpec]:
    """No --seats: you against the game's bots, as few seats as it takes."""
    count = rules.min_seats
    return [SeatSpec(name="Player 1")] + [
        SeatSpec(name=f"Bot {i + 1}", kind="heuristic") for i in range(1, count)
    ]


def run_plain(
    game: str | None = None,
    seats: list[SeatSpec] | None = None,
    seed: int | None = None,
    load: Path | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    autosave: bool = True,
    config: dict | None = None,
) -> int:
    """Play one game by text (`tabletop-tui play GAME --plain`, `resume --plain`)."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    if load is not None:
        from ..paths import autosave_for, history_dir

        match = Match.load(load)
        if autosave:
            names = [s.name for s in match.seats]
            match.autosave_path = autosave_for(load, match.rules.game_id, names)
            match.history_dir = history_dir()
        session = Session.for_match(match)
        session.resumed = True
        match.autosave()
    else:
        from ..games import get_rules

        rules = get_rules(game or "")
        if rules is None:
            raise ValueError(f"{game} is not playable")
        seats = seats or default_seats(rules)
        given = seed is not None
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        session = Session.new(
            rules.game_id, seats, seed, autosave=autosave, seed_given=given, **(config or {})
        )
    from .terminal import line_mode

    with line_mode(inp):
        return PlainGame(session, inp, out).run()
