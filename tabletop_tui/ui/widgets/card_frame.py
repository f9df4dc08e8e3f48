"""A card drawn as a small bordered card: the table kit's chip when the room allows.

A zone made with `frames=True` shows its cards as frames on a wide screen (the game screen's
`-wide` class: 120x36 and up) and as one-line chips otherwise, so 80x24 stays playable. The
frame's border carries the card's type letter and cost on top and its owner's seat tag below,
in the owner's colour (`owner-N`); everything the chip says is inside as well, so nothing a
frame shows depends on colour or on the room.
"""

from __future__ import annotations

from rich.text import Text

#: the frame's outer width in cells (border and padding included) unless a screen sets another
FRAME_WIDTH = 24
#: inner lines at most (a card's longer text is the inspector's)
FRAME_LINES = 6
#: the look of a face-down card inside its frame
BACK = "▒" * 14


def plain_label(text: str) -> str:
    """A border label is markup: every bracket in it is text here."""
    return text.replace("[", "\\[")


def frame_title(info) -> str:
    """The border's top label: type letter, then cost when the card has one (or the label
    the card's game gave it)."""
    if getattr(info, "label", ""):
        return plain_label(info.label)
    letter = info.face.letter if not info.hidden else "?"
    title = f"[{letter}] {info.cost}" if info.cost else f"[{letter}]"
    return plain_label(title)


def _stats_line(stats) -> Text:
    line = Text()
    for label, value in stats:
        if line:
            line.append(" ")
        shown = f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else value
        line.append(f"{label}", style="dim")
        line.append(f"{shown}", style="bold")
    return line


def frame_text(info, focused: bool = False, width: int = FRAME_WIDTH - 4) -> Text:
    """What a frame shows inside its border: name, subtitle, the numbers, the state."""
    head = Text("▶" if focused else ("▸" if info.actionable else " "), style="bold")
    if info.hidden:
        head.append(info.face.title, style="dim italic")
        body = Text("\n").join([head, Text(BACK[: max(1, width)], style="dim")])
        body.no_wrap = True
        body.overflow = "ellipsis"
        return body
    face = info.face
    head.append(face.title, style="bold")
    lines: list[Text] = [head]
    own = getattr(info, "frame", None)
    if own is not None:  # the game's own lines under the name
        # (copies: truncating to the frame's width must not cut the card's own lines; each
        # stands under the name, after the head's marker column)
        lines += [Text(" ") + (line if isinstance(line, Text) else Text(str(line))) for line in own]
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        body = Text("\n").join(lines[:FRAME_LINES])
        body.no_wrap = True
        return body
    if face.subtitle:
        lines.append(Text(face.subtitle, style="italic"))
    if face.stats:
        lines.append(_stats_line(face.stats))
    for extra in face.extra:
        if len(lines) >= FRAME_LINES - (1 if info.marks else 0):
            break
        lines.append(extra.copy() if isinstance(extra, Text) else Text(str(extra)))
    if info.marks:
        lines = lines[: FRAME_LINES - 1]
        lines.append(Text(info.marks, style="bold"))
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    body = Text("\n").join(lines[:FRAME_LINES])
    body.no_wrap = True
    return body
