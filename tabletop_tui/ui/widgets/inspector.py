"""The inspector: the full text of the focused or hovered card, whatever it is.

It reads only the `CardInfo` a screen built from the seat's View, so a hidden card shows
only that it is face down, where it lies and whose it is. Keyword meanings come from the
game's rules reference (`keyword_text`), so each rule has one text.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...reference import keyword_text
from .card import render_face
from .table import FACE_DOWN, CardInfo


def inspect_text(info: CardInfo | None, empty: str = "Move to a card to read it.") -> Group:
    """Everything the inspector shows about one card, as a renderable."""
    if info is None:
        return Group(Text(empty, style="dim"))
    parts: list = []
    if info.hidden:
        parts.append(Text(f"{FACE_DOWN} {info.face.title}", style="bold"))
        parts.append(Text("Face down: its face is hidden from you.", style="italic"))
    else:
        parts.append(render_face(info.face))
        if info.cost:
            parts.append(Text.assemble(("Cost ", "bold"), info.cost))
    where = Text()
    if info.zone:
        where.append("Where: ", style="bold")
        where.append(info.zone)
    if info.owner:
        where.append("  ·  " if info.zone else "")
        where.append("Owner: ", style="bold")
        where.append(info.owner)
    if where.plain:
        parts.append(where)
    if info.reason:
        parts.append(Text(f"✘ {info.reason}", style="yellow"))
    elif info.actionable:
        parts.append(Text("▸ Enter or click: what you can do with it", style="dim"))
    if not info.hidden:  # last: the meanings can be long, where and whose come first
        unexplained = []
        for word in info.keywords:
            meaning = keyword_text(info.game_id, word)
            if meaning:
                parts.append(Text.assemble((f"◆ {word}", "bold"), f": {meaning}"))
            else:
                unexplained.append(word)
        if unexplained:  # named on one line; their rules are in ? help
            parts.append(
                Text.assemble(
                    ("◆ " + " · ".join(unexplained), "bold"), (" (? for the rules)", "dim")
                )
            )
    return Group(*parts)


def inspect_plain(info: CardInfo | None) -> str:
    """The inspector's text without styles (for tests and the compact line)."""
    import io

    from rich.console import Console

    console = Console(width=200, no_color=True, file=io.StringIO())
    with console.capture() as capture:
        console.print(inspect_text(info))
    return capture.get()


class Inspector(VerticalScroll):
    """Shows one card in full; `show` is cheap when the card did not change."""

    DEFAULT_CSS = """
    Inspector { border: round $panel; border-title-align: left; height: auto; max-height: 100%;
                padding: 0 1; scrollbar-size-vertical: 1; }
    Inspector > Static { width: 100%; }
    """

    def __init__(self, empty: str = "Move to a card to read it.", **kwargs):
        super().__init__(**kwargs)
        self.can_focus = False
        self.border_title = "Card"
        self.empty = empty
        self.info: CardInfo | None = None
        self._shown = False

    def compose(self):
        yield Static(inspect_text(None, self.empty), classes="inspector-body")

    def show(self, info: CardInfo | None) -> None:
        if self._shown and info == self.info:
            return
        self._shown = True
        self.info = info
        body = self.query_one(".inspector-body", Static)
        content = inspect_text(info, self.empty)
        # a layout reflows the whole screen: ask for one only when the text's height changed
        body.update(content, layout=False)
        width = body.size.width
        if width and self.display:  # (hidden, or not laid out yet: its next layout sizes it)
            height = body.get_content_height(self.size, self.app.size, width)
            # a screen that gives its inspector a fixed size and the body `min-height: 100%`
            # keeps the body one size for every card that fits
            floor = self.scrollable_content_region.height if body.styles.min_height else 0
            fits = height <= floor == body.size.height
            if height != body.size.height and not fits:
                body.refresh(layout=True)
        if self.scroll_y:
            self.scroll_home(animate=False)
