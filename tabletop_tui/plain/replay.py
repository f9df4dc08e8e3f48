"""A saved game stepped through by text (`tabletop-tui replay FILE --plain`).

The same `tables.replay.Replay` the full screen's replay reads: a game still going shows
only the public view; a finished one may be read as any seat saw it (`as NAME`).
"""

from __future__ import annotations

from typing import TextIO

from ..engine.grammar import second_person
from ..tables.replay import Replay
from .describe import Describer
from .play import WIDTH, Printer
from .zones import tell_zone, zone_help, zones_of

HELP = """\
Commands (one per line):
  Enter, next   the next step          back       the step before
  go N          step N (0 is the deal)  end        the last step
  look          the table at this step, as the chosen eyes see it
  hand          the chosen seat's cards (after as NAME)
  as NAME       see through a seat's eyes (a finished game only); as public
  log N         the last N lines up to this step
  quit          stop the replay
  help          this list"""


class PlainReplay(Printer):
    def __init__(self, replay: Replay, inp: TextIO, out: TextIO, width: int = WIDTH):
        super().__init__(inp, out, width)
        self.replay = replay
        self.rules = replay.rules
        self.describer = Describer(self.rules.game_id, replay.names)
        self.index = 0
        self.viewer: int | None = None

    def run(self, at: int = 0) -> int:
        last = len(self.replay) - 1
        state = "finished" if self.replay.finished else "still going: the public view only"
        self.say(
            f"Replay of {self.rules.title}: {', '.join(self.replay.names)}; {last} moves, {state}.",
            "Enter steps on; type help for the commands.",
        )
        self.show(at)
        while True:
            line = self.read(f"step {self.index}> ")
            if line is None or line.lower() in ("quit", "q"):
                return 0
            self.command(line)

    def show(self, index: int) -> None:
        self.index = max(0, min(index, len(self.replay) - 1))
        self.describer.learn(self.replay.view(self.index, self.viewer))
        self.say(self.describer.named(self.replay.heading(self.index)) + ".")
        for e in self.replay.steps[self.index].events:
            if e.kind != "start":
                self.say("  " + self.describer.sentence(e.text))
        if self.index == len(self.replay) - 1 and self.replay.finished:
            outcome = self.replay.match.outcome()
            if outcome is not None:
                self.say(f"Game over. {second_person(self.describer.named(outcome.summary))}")

    def command(self, line: str) -> None:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        last = len(self.replay) - 1
        zones = zones_of(self.rules.game_id)
        if word in ("", "next", "n"):
            if self.index == last:
                self.say("That was the last step (back, go N, or quit).")
            else:
                self.show(self.index + 1)
        elif word in ("back", "b"):
            if self.index == 0:
                self.say("This is the deal, the first step.")
            else:
                self.show(self.index - 1)
        elif word == "go" and rest.isdigit():
            if int(rest) > last:
                self.say(f"The game has steps 0 to {last}.")
            else:
                self.show(int(rest))
        elif word == "end":
            self.show(last)
        elif word == "look":
            view = self.replay.view(self.index, self.viewer)
            self.say(*self.describer.look(view, self.viewer))
        elif word == "hand":
            if self.viewer is None:
                self.say("The public view shows no hand: as NAME first (a finished game).")
            else:
                view = self.replay.view(self.index, self.viewer)
                self.say(*self.describer.hand(view, self.viewer))
        elif word in zones:
            view = self.replay.view(self.index, self.viewer)
            self.say(*tell_zone(self.describer, view, self.viewer, zones[word]))
        elif word == "as":
            self.eyes(rest)
        elif word == "log":
            count = int(rest) if rest.isdigit() else 10
            lines = [
                e
                for s in self.replay.steps[: self.index + 1]
                for e in s.events
                if e.kind != "start"
            ]
            for e in lines[-count:] if count else []:
                self.say(self.describer.sentence(e.text))
        elif word == "help":
            self.say(HELP, *zone_help(self.rules.game_id))
        else:
            self.say(f"'{line}' is not a replay command. Type help.")

    def eyes(self, name: str) -> None:
        if not name or name.lower() in ("public", "everyone"):
            self.viewer = None
            self.say("Now the public view, as a watcher sees it.")
            return
        if not self.replay.finished:
            self.say("A game still going shows only the public view: no seat's hand.")
            return
        found = [i for i, n in enumerate(self.replay.names) if n.lower().startswith(name.lower())]
        if len(found) != 1:
            self.say(f"Say one of: {', '.join(self.replay.names)}, or public.")
            return
        self.viewer = found[0]
        self.say(f"Now as {self.replay.names[found[0]]} saw the table.")


def run_plain_replay(
    replay: Replay, at: int = 0, inp: TextIO | None = None, out: TextIO | None = None
) -> int:
    import sys

    from .terminal import line_mode

    inp = inp or sys.stdin
    with line_mode(inp):
        return PlainReplay(replay, inp, out or sys.stdout).run(at)
