"""One card look for all games: a coloured type band that also carries a letter."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Group
from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True)
class CardFace:
    title: str
    #: one letter naming the card's type, shown beside its colour (never colour alone)
    letter: str
    kind: str = "neutral"
    subtitle: str = ""
    stats: tuple[tuple[str, int | str], ...] = ()
    note: str = ""
    hidden: bool = False
    #: more lines of card text (str or rich Text, e.g. with a highlighted value)
    extra: tuple = field(default=())


def _signed(value: int | str) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def _stat_style(value: int | str) -> str:
    if not isinstance(value, int) or value == 0:
        return "bold"
    return "bold green" if value > 0 else "bold red"


def render_face(face: CardFace, width: int = 0):
    if face.hidden:
        return Text("▒▒ face down ▒▒", style="dim", justify="center")
    head = Text.assemble((f"[{face.letter}]", "bold reverse"), " ", (face.title, "bold"))
    lines = [head]
    if face.subtitle:
        lines.append(Text(face.subtitle, style="italic"))
    if face.stats:
        row = Text()
        for i, (label, value) in enumerate(face.stats):
            if i and i % 2 == 0:
                lines.append(row)
                row = Text()
            row.append(f"{label} ")
            row.append(f"{_signed(value):>3}", style=_stat_style(value))
            row.append("  ")
        lines.append(row)
    for line in face.extra:
        lines.append(line if isinstance(line, Text) else Text(line))
    if face.note:
        lines.append(Text(face.note, style="dim"))
    return Group(*lines)


class CardView(Static):
    """A bordered card. Kind sets the border colour through CSS class `kind-<kind>`."""

    DEFAULT_CSS = """
    CardView { border: round $secondary; padding: 0 1; height: auto; width: 1fr; }
    CardView.-empty { border: round $panel; color: $text-muted; }
    """

    def __init__(self, face: CardFace | None = None, **kwargs):
        super().__init__(**kwargs)
        self.face = face
        self._shown_once = False
        self._empty = ""

    def on_mount(self) -> None:
        self.show(self.face)

    def show(self, face: CardFace | None, empty: str = "—") -> None:
        if (face, empty) == (self.face, self._empty) and self._shown_once:
            return
        self._shown_once = True
        self._empty = empty
        if self.face is not None:
            self.remove_class(f"kind-{self.face.kind}")
        self.face = face
        self.set_class(face is None, "-empty")
        if face is None:
            self.update(Text(empty, justify="center"))
            self.border_title = None
            return
        self.add_class(f"kind-{face.kind}")
        self.border_title = face.subtitle.split(" · ")[0] if face.subtitle else face.letter
        self.update(render_face(face))
