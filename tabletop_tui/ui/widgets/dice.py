"""Dice with their faces and totals: "⚄ 5 +2 = 7"."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

FACES = "⚀⚁⚂⚃⚄⚅"


@dataclass(frozen=True)
class DiceRoll:
    label: str
    die: int
    modifier: int = 0
    won: bool | None = None

    @property
    def total(self) -> int:
        return self.die + self.modifier


def render_roll(roll: DiceRoll) -> Text:
    mark = {True: ("✔ ", "bold green"), False: ("✘ ", "bold red"), None: ("= ", "bold")}[roll.won]
    return Text.assemble(
        (f"{roll.label} ", ""),
        (f"{FACES[roll.die - 1]} {roll.die}", "bold"),
        (f" {roll.modifier:+d} = ", ""),
        (f"{roll.total}", "bold"),
        (" ", ""),
        mark,
    )


class DiceView(Static):
    DEFAULT_CSS = "DiceView { height: auto; }"

    def show(self, lines: list[Text | str]) -> None:
        self.update(self.compose_lines(lines))

    @staticmethod
    def compose_lines(lines: list[Text | str]) -> Text:
        out = Text()
        for i, line in enumerate(lines):
            if i:
                out.append("\n")
            out.append(line if isinstance(line, Text) else Text(line))
        return out
