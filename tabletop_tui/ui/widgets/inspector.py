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
from .scrolling import draw_scrollbars_now
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


class _Body(Static):
    """The inspector's text. Its size is set by the layout that a new card's height asked
    for; Textual would then ask for a second layout only to record that size (a second
    frame per focus key), which nothing in a fixed-size inspector needs."""

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class Inspector(VerticalScroll):
    """Shows one card in full; `show` is cheap when the card did not change, and a card
    shown before costs no measuring (its height is remembered per width)."""

    DEFAULT_CSS = """
    Inspector { border: round $panel; border-title-align: left; height: auto; max-height: 100%;
                padding: 0 1; scrollbar-size-vertical: 1; }
    Inspector > Static { width: 100%; }
    """

    #: heights remembered per (card, width); a table shows far fewer cards than this
    HEIGHTS_KEPT = 512

    def __init__(self, empty: str = "Move to a card to read it.", **kwargs):
        super().__init__(**kwargs)
        self.can_focus = False
        self.border_title = "Card"
        self.empty = empty
        self.info: CardInfo | None = None
        self._shown = False
        self._body: Static | None = None
        #: (card key, width) -> (the card as measured, its height)
        self._heights: dict[tuple[str | None, int], tuple[CardInfo | None, int]] = {}

    def compose(self):
        yield _Body(inspect_text(None, self.empty), classes="inspector-body")

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # a fixed-size box whose scrollable size follows its body's: see _Body. (Textual is
        # pinned below 8.3: these are its private hooks.)
        fixed = self.styles.height is not None and not self.styles.height.is_auto
        changed = super()._size_updated(
            size, virtual_size, container_size, layout=layout and not fixed
        )
        if changed and fixed:
            draw_scrollbars_now(self)
        return changed

    def _height(self, body: Static, info: CardInfo | None, width: int) -> int:
        key = (info.key if info is not None else None, width)
        known = self._heights.get(key)
        if known is not None and known[0] == info:  # (a card's info may change: compared)
            return known[1]
        if len(self._heights) >= self.HEIGHTS_KEPT:
            self._heights.clear()
        height = body.get_content_height(self.size, self.app.size, width)
        self._heights[key] = (info, height)
        return height

    def show(self, info: CardInfo | None) -> None:
        if self._shown and info == self.info:
            return
        self._shown = True
        self.info = info
        body = self._body
        if body is None:
            body = self._body = self.query_one(".inspector-body", Static)
        content = inspect_text(info, self.empty)
        # a layout reflows the whole screen: ask for one only when the text's height changed
        body.update(content, layout=False)
        width = body.size.width
        if width and self.display:  # (hidden, or not laid out yet: its next layout sizes it)
            height = self._height(body, info, width)
            # a screen that gives its inspector a fixed size and the body `min-height: 100%`
            # keeps the body one size for every card that fits
            floor = self.scrollable_content_region.height if body.styles.min_height else 0
            fits = height <= floor == body.size.height
            if height != body.size.height and not fits:
                body.refresh(layout=True)
        if self.scroll_y:
            self.scroll_home(animate=False)
