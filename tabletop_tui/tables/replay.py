"""Stepping through a saved game: the same log a table writes, read back state by state.

While a game is still going, a replay shows what a watcher may see (the public view and
the log lines, not which secret choice was made). Once the game is over nothing is
secret any more: every seat's view, and every action by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..engine import Event, Seat
from ..engine.match import Match


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
            what = f"{self.names[step.seat]}: {step.action}"
        else:
            what = f"{self.names[step.seat]} acts"
        return f"Step {index}/{last}: {what}"

    def text(self, index: int, viewer: Seat | None = None) -> str:
        """One step as plain text: heading, its log lines, then the view it shows."""
        step = self.steps[index]
        lines = [self.heading(index), f"Seen by {self.viewer_name(viewer)}", ""]
        lines += [f"» {e.text}" for e in step.events] or ["» (nothing to log)"]
        if index == len(self.steps) - 1 and self.finished:
            outcome = self.match.outcome()
            lines.append(f"» Game over: {outcome.summary if outcome else ''}")
        lines.append("")
        lines += outline(self.view(index, viewer))
        return "\n".join(lines)


def outline(value: Any, indent: int = 0) -> list[str]:
    """A pydantic View as an indented list: every game's view reads without its own screen."""
    pad = "  " * indent
    if isinstance(value, BaseModel):
        lines: list[str] = []
        for name in type(value).model_fields:
            item = getattr(value, name)
            if item is None or item == () or item == [] or item == {} or item == "":
                continue
            label = name.replace("_", " ")
            if _flat(item):
                lines.append(f"{pad}{label}: {_scalar(item)}")
            else:
                lines.append(f"{pad}{label}:")
                lines += outline(item, indent + 1)
        return lines
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if _flat(item):
                lines.append(f"{pad}{key}: {_scalar(item)}")
            else:
                lines.append(f"{pad}{key}:")
                lines += outline(item, indent + 1)
        return lines
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
