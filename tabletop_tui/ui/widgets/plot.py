"""A text line chart for game-over screens: a few series (HP per turn, panic per round).

Each series has its own glyph as well as its own colour, so the chart reads the same
under NO_COLOR and in a monochrome SSH session. Where two series meet, the cell shows `*`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text


@dataclass(frozen=True)
class Series:
    label: str
    values: list[int]
    glyph: str
    style: str = ""


def _columns(length: int, width: int) -> list[int | None]:
    """Which sample each column shows: short games are spaced out, long ones thinned evenly."""
    if length <= width:
        step = max(1, (width - 1) // max(1, length - 1)) if length > 1 else 1
        cols: list[int | None] = [None] * ((length - 1) * step + 1)
        for i in range(length):
            cols[i * step] = i
        return cols
    return [round(i * (length - 1) / (width - 1)) for i in range(width)]


def line_plot(
    series: list[Series],
    *,
    height: int = 8,
    width: int = 48,
    x_label: str = "turn",
    y_max: int | None = None,
) -> Text:
    """Plot the series on a shared axis; x counts samples from 1, y from 0 to the maximum."""
    length = max((len(s.values) for s in series), default=0)
    if length == 0:
        return Text("(nothing to plot yet)", style="dim")
    top = y_max if y_max is not None else max(max(s.values, default=0) for s in series)
    top = max(top, 1)
    height = max(2, height)
    columns = _columns(length, max(2, width))
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * len(columns) for _ in range(height)]
    for s in series:
        for col, sample in enumerate(columns):
            if sample is None or sample >= len(s.values):
                continue
            value = max(0, min(top, s.values[sample]))
            row = height - 1 - round(value * (height - 1) / top)
            old = grid[row][col][0]
            grid[row][col] = ("*", "bold") if old not in (" ", s.glyph) else (s.glyph, s.style)
    label_width = len(str(top))
    out = Text()
    for r, cells in enumerate(grid):
        level = round(top * (height - 1 - r) / (height - 1))
        shown = r == 0 or r == height - 1 or r == (height - 1) // 2
        out.append(f"{level:>{label_width}} ┤" if shown else " " * label_width + " │", style="dim")
        for glyph, style in cells:
            out.append(glyph, style=style)
        out.append("\n")
    out.append(" " * label_width + " └" + "─" * len(columns) + "\n", style="dim")
    last = str(length)
    gap = max(1, len(columns) - 1 - len(last))
    out.append(" " * (label_width + 2) + "1" + " " * gap + last + f"  {x_label}\n", style="dim")
    for i, s in enumerate(series):
        if i:
            out.append("   ")
        out.append(s.glyph, style=s.style)
        out.append(f" {s.label}")
    if len(series) > 1:
        out.append("   * both")
    return out
