"""Stepping through a saved game: the same log a table writes, read back state by state.

While a game is still going, a replay shows what a watcher may see (the public view and
the log lines, not which secret choice was made). Once the game is over nothing is
secret any more: every seat's view, and every action by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..engine import Event, Rejection, Seat
from ..engine.grammar import second_person
from ..engine.match import Match
from ..engine.names import named, names_in


@dataclass(frozen=True)
class ReplayStep:
    #: 0 is the deal; step n is the state after n actions
    index: int
    state: Any
    events: tuple[Event, ...]
    #: who acted to reach this step (None at the deal)
    seat: Seat | None = None
    #: the action, spelled out (None at the deal, and while the game is not over)
    action: str | None = None


class Replay:
    def __init__(self, match: Match):
        self.match = match
        self.rules = match.rules
        self.names = [s.name for s in match.seats]
        self.finished = match.outcome() is not None
        steps = [ReplayStep(0, match.states[0], match.events[0])]
        for n, logged in enumerate(match.actions, 1):
            action = None
            if self.finished:
                action = self.rules.describe(self.rules.parse_action(logged.action))
            steps.append(ReplayStep(n, match.states[n], match.events[n], logged.seat, action))
        self.steps = steps
        #: step -> its action in the words its seat read (`action_words`)
        self._words: dict[int, str] = {}

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read and re-validate a save (SaveError names the file and what is wrong)."""
        return cls(Match.load(Path(path)))

    def __len__(self) -> int:
        return len(self.steps)

    def viewers(self) -> list[Seat | None]:
        """Whose eyes the replay may show: the public view, and every seat once it is over."""
        return [None, *range(len(self.names))] if self.finished else [None]

    def view(self, index: int, viewer: Seat | None = None):
        if viewer not in self.viewers():
            raise ValueError("a seat's own view is shown only once the game is over")
        return self.rules.view(self.steps[index].state, viewer)

    def viewer_name(self, viewer: Seat | None) -> str:
        return "everyone (public view)" if viewer is None else self.names[viewer]

    def heading(self, index: int) -> str:
        step = self.steps[index]
        last = len(self.steps) - 1
        if step.seat is None:
            what = "the deal"
        elif step.action is not None:
            what = f"{self.names[step.seat]}: {self.action_words(index)}"
        else:
            what = f"{self.names[step.seat]} acts"
        return f"Step {index}/{last}: {what}"

    def action_words(self, index: int) -> str | None:
        """Step `index`'s action as its seat read it when it chose: names, never ids
        ("choose Data Dodo", not "choose data-dodo#2.1"; issue 36). The ids are named from
        that seat's own view of the step before, so the words name only cards it saw. Made
        when first asked (a View per step of a long game is not built up front)."""
        step = self.steps[index]
        if step.action is None or step.seat is None:
            return step.action
        words = self._words.get(index)
        if words is None:
            view = self.rules.view(self.steps[index - 1].state, step.seat)
            words = self._words[index] = named(step.action, names_in(view))
        return words

    def text(self, index: int, viewer: Seat | None = None) -> str:
        """One step as plain text: heading, its log lines, then the view it shows (said to a
        seat named You, as the table says it)."""
        step = self.steps[index]
        lines = [self.heading(index), f"Seen by {self.viewer_name(viewer)}", ""]
        lines += [f"» {e.text}" for e in step.events] or ["» (nothing to log)"]
        if index == len(self.steps) - 1 and self.finished:
            outcome = self.match.outcome()
            lines.append(f"» Game over: {outcome.summary if outcome else ''}")
        lines.append("")
        lines += outline(self.view(index, viewer))
        return second_person("\n".join(lines))


#: the View fields that count a game's turns, finest last: PageUp/PageDown jump by the first
#: one a game's View has (Army Of Zero by confrontation, ZOOBOTZ and Zeo by turn, PR CCG and
#: Heroes of the Grid by round)
TURN_FIELDS = ("turn", "round", "confrontation")


class ReplayMatch:
    """A replay at one step, shaped like the Match a game screen reads: its views, its log up
    to that step, who is to act. It cannot be played: no legal moves, every move refused.
    The screen renders it as it renders a live game (ARCHITECTURE: replays use the same
    screens)."""

    REFUSAL = Rejection(rule="Replay", reason="this is a replay: nothing can be played here")

    def __init__(self, replay: Replay, index: int = 0):
        self.replay = replay
        self.rules = replay.rules
        self.seats = list(replay.match.seats)
        self.config = replay.match.config
        #: a finished game's seed may be shown; one in progress keeps it hidden
        self.seed = replay.match.seed if replay.finished else "kept hidden"
        self.autosave_error: str | None = None
        self.spoken_to = replay.match.spoken_to
        self.guided = False
        #: step -> its turn (`turn_of`)
        self._turns: dict[int, int] = {}
        self.index = 0
        self.at(index)

    def at(self, index: int) -> None:
        self.index = max(0, min(index, len(self.replay) - 1))

    # -- what a screen reads ---------------------------------------------------------------------
    @property
    def state(self):
        return self.replay.steps[self.index].state

    @property
    def actions(self) -> list:
        return self.replay.match.actions[: self.index]

    def view(self, seat: Seat | None):
        return self.replay.view(self.index, seat)

    def to_act(self) -> frozenset[Seat]:
        return self.rules.to_act(self.state)

    def outcome(self):
        return self.rules.outcome(self.state)

    def legal_actions(self, seat: Seat) -> list:
        return []

    def could_play(self, seat: Seat) -> list:
        """The moves the seat had at this step: for a table's marks only (Zeo's "✓ can buy"
        on a Grid card), so a replay shows what the live table showed; still never played."""
        return self.rules.legal_actions(self.state, seat)

    def check(self, seat: Seat, action) -> Rejection:
        return self.REFUSAL

    def log_lines(self):
        for step in self.replay.steps[: self.index + 1]:
            yield from step.events

    def events_since(self, step: int) -> list[Event]:
        return [e for s in self.replay.steps[step + 1 : self.index + 1] for e in s.events]

    def last_move_of(self, seat: Seat) -> int | None:
        return None

    def undoable(self, seat: Seat | None = None, bots: frozenset[Seat] = frozenset()) -> int:
        return 0

    # -- moving through it -----------------------------------------------------------------------
    def turn_of(self, index: int):
        """The turn (or round) a step belongs to, by the first turn field the View has
        (kept: a jump walks step by step, and a replay's steps never change)."""
        known = self._turns.get(index)
        if known is not None:
            return known
        view = self.replay.view(index, None)
        turn = next((v for n in TURN_FIELDS if isinstance(v := getattr(view, n, None), int)), index)
        self._turns[index] = turn
        return turn

    def next_turn(self, index: int, direction: int) -> int:
        """The first step of the next (direction 1) or this/previous turn (-1)."""
        last = len(self.replay) - 1
        if direction > 0:
            here = self.turn_of(index)
            n = index
            while n < last and self.turn_of(n) == here:
                n += 1
            return n
        n = index
        if n > 0 and self.turn_of(n - 1) != self.turn_of(n):
            n -= 1  # at a turn's first step: go to the one before it
        here = self.turn_of(n)
        while n > 0 and self.turn_of(n - 1) == here:
            n -= 1
        return n


def outline(value: Any, indent: int = 0) -> list[str]:
    """A pydantic View as an indented list: every game's view reads without its own screen."""
    pad = "  " * indent
    if isinstance(value, BaseModel):
        items = ((name, getattr(value, name)) for name in type(value).model_fields)
        shown = [
            (name.replace("_", " "), item)
            for name, item in items
            if not (item is None or item == () or item == [] or item == {} or item == "")
        ]
        return _labelled(shown, indent)
    if isinstance(value, dict):
        return _labelled(value.items(), indent)
    if isinstance(value, (list, tuple)):
        if all(_flat(v) for v in value):
            return [f"{pad}{_scalar(value)}"]
        lines = []
        for item in value:
            if isinstance(item, BaseModel) and all(_flat(v) for v in dict(item).values()):
                lines.append(f"{pad}- {_one_line(item)}")  # a card: one line, not ten
                continue
            sub = outline(item, indent + 1)
            if sub:
                lines.append(f"{pad}- {sub[0].strip()}")
                lines += sub[1:]
        return lines
    return [f"{pad}{_scalar(value)}"]


def _labelled(items: Iterable[tuple[Any, Any]], indent: int) -> list[str]:
    """A model's fields and a dict's keys alike: `label: value` on one line when the value
    is flat, else the label and the value's outline below it."""
    pad = "  " * indent
    lines: list[str] = []
    for label, item in items:
        if _flat(item):
            lines.append(f"{pad}{label}: {_scalar(item)}")
        else:
            lines.append(f"{pad}{label}:")
            lines += outline(item, indent + 1)
    return lines


def _one_line(model: BaseModel) -> str:
    shown = [(k, v) for k, v in dict(model).items() if v not in (None, (), [], "")]
    return " · ".join(f"{k.replace('_', ' ')} {_scalar(v)}" for k, v in shown)


def _flat(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return all(not isinstance(v, (BaseModel, dict, list, tuple)) for v in value)
    return not isinstance(value, (BaseModel, dict))


def _scalar(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_scalar(v) for v in value) if value else "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
