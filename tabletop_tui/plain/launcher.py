"""The launcher by text (`tabletop-tui --plain`): numbered lines for the games, the games in
progress and the finished games; a number starts plain play, resume or replay.

Like the full launcher it asks what a new game needs (the seats, and a game's mode where
it has several), each as a numbered list or one typed line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from ..engine.match import SeatSpec
from .play import WIDTH, Printer, run_plain
from .terminal import line_mode

#: a game's modes, as (label, Config fields) in the order offered; the first is the default
MODES: dict[str, tuple[tuple[str, dict], ...]] = {
    "hotg": (
        ("Standard: the Rangers together against the game", {"mode": "standard"}),
        ("Mastermind: the last seat plays the forces of evil", {"mode": "mastermind"}),
        ("Psycho Assault: the Psycho Rangers come", {"mode": "psycho_assault"}),
    ),
}
#: the fewest seats a mode takes, where more than the game's own fewest
MODE_SEATS = {"mastermind": 2}
KIND_WORDS = "human, bot (or bot:easy, bot:hard), random"


@dataclass
class Entry:
    what: str  # "play", "resume" or "replay"
    label: str
    target: object


class PlainLauncher(Printer):
    def __init__(self, inp: TextIO, out: TextIO, width: int = WIDTH, autosave: bool = True):
        super().__init__(inp, out, width)
        self.autosave = autosave

    def entries(self) -> list[Entry]:
        from ..games import GAMES
        from ..paths import finished_games, unfinished_games

        found = [
            Entry("play", f"New game: {g.title} ({g.players} players)", g.id)
            for g in GAMES.values()
            if g.playable
        ]
        for saved in unfinished_games():
            if saved.problem is None:
                found.append(Entry("resume", f"Resume: {_plain(saved.label())}", saved.path))
        for saved in finished_games(limit=9):
            if saved.problem is None:
                result = f" ({saved.result})" if saved.result else ""
                found.append(
                    Entry("replay", f"Replay: {_plain(saved.label())}{result}", saved.path)
                )
        return found

    def run(self) -> int:
        self.say("Tabletop games, played by text. Type a number, list, or quit.")
        shown = False
        while True:
            entries = self.entries()
            if not shown:
                self.say(*(f"{i}. {e.label}" for i, e in enumerate(entries, 1)))
                shown = True
            line = self.read("launcher> ")
            if line is None or line.lower() in ("quit", "q"):
                return 0
            if line.lower() in ("list", "l", "look", "help"):
                shown = False
                continue
            if not line.isdigit() or not 1 <= int(line) <= len(entries):
                if line:
                    self.say(f"Type a number from 1 to {len(entries)}, list, or quit.")
                continue
            entry = entries[int(line) - 1]
            code = self.start(entry)
            if code is None:
                continue
            self.say("", "Back at the launcher.")
            shown = False

    def start(self, entry: Entry) -> int | None:
        if entry.what == "resume":
            return run_plain(load=entry.target, inp=self.inp, out=self.out)  # type: ignore[arg-type]
        if entry.what == "replay":
            from ..engine.match import Match
            from ..tables.replay import Replay
            from .replay import PlainReplay

            replay = Replay(Match.load(entry.target))  # type: ignore[arg-type]
            return PlainReplay(replay, self.inp, self.out, self.width).run()
        return self.new_game(str(entry.target))

    def choose(self, question: str, options: list[str]) -> int | None:
        """A numbered question; the index chosen, or None (Enter: back)."""
        self.say(question, *(f"  {i}. {o}" for i, o in enumerate(options, 1)))
        while True:
            line = self.read(f"Choose 1-{len(options)} (Enter: the first)> ")
            if line is None:
                return None
            if line == "":
                return 0
            if line.isdigit() and 1 <= int(line) <= len(options):
                return int(line) - 1
            self.say(f"Type a number from 1 to {len(options)}.")

    def new_game(self, game_id: str) -> int | None:
        from ..engine.levels import canonical_kind
        from ..games import get_rules

        rules = get_rules(game_id)
        if rules is None:
            return None
        config: dict = {}
        modes = MODES.get(game_id, ())
        if modes:
            picked = self.choose("Which mode?", [label for label, _ in modes])
            if picked is None:
                return None
            config = dict(modes[picked][1])
        low = max(rules.min_seats, MODE_SEATS.get(str(config.get("mode")), 0))
        high = rules.max_seats
        self.say(
            f"Seats: {low} to {high}, as kinds separated by commas ({KIND_WORDS}).",
            "Enter: you against " + ("the game." if low == 1 else "bots."),
        )
        while True:
            line = self.read("seats> ")
            if line is None:
                return None
            words = [w.strip() for w in line.split(",") if w.strip()] or (
                ["human"] + ["bot"] * (low - 1)
            )
            try:
                kinds = [canonical_kind(w) for w in words]
            except ValueError as exc:
                self.say(f"{exc}.")
                continue
            if not low <= len(kinds) <= high:
                self.say(f"This game takes {low} to {high} seats; that was {len(kinds)}.")
                continue
            break
        seats, humans, bots = [], 0, 0
        for kind in kinds:
            if kind == "human":
                humans += 1
                seats.append(SeatSpec(name=f"Player {humans}", kind=kind))
            else:
                bots += 1
                seats.append(SeatSpec(name=f"Bot {bots}", kind=kind))
        return run_plain(
            game=game_id,
            seats=seats,
            inp=self.inp,
            out=self.out,
            autosave=self.autosave,
            config=config,
        )


def run_plain_launcher(inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """`tabletop-tui --plain`: served over SSH to a plain login, shared tables come first."""
    inp, out = inp or sys.stdin, out or sys.stdout
    from ..tables.remote import TablesLink

    link = TablesLink.from_env()
    with line_mode(inp):
        if link is not None:  # served: the server's shared tables (and `local` for this one)
            from .tables import run_plain_tables

            return run_plain_tables(link, inp, out, local=lambda i, o: PlainLauncher(i, o).run())
        return PlainLauncher(inp, out).run()


def _plain(label: str) -> str:
    """A save's label read aloud: commas, not middle dots."""
    return label.replace(" · ", ", ")
