"""The inspector: the full text of the focused or hovered card, whatever it is.

It reads only the `CardInfo` a screen built from the seat's View, so a hidden card shows
only that it is face down, where it lies and whose it is. Keyword meanings come from the
game's rules reference (`keyword_text`), so each rule has one text.
"""

from __future__ import annotations

from rich.console import Group
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from .card import render_face
from .table import FACE_DOWN, CardInfo


def keyword_text(game_id: str, keyword: str) -> str | None:
    """The rules reference's meaning of a keyword. The reference (its parser, its regular
    expressions, importlib.resources) is imported when a card first names a keyword, not
    before every game screen's first frame (~3 ms)."""
    from ...reference import keyword_text as meaning

    return meaning(game_id, keyword)


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


class Inspector(ScrollView):
    """Shows one card in full, drawing and scrolling its own lines (Textual's line API).

    A focus move puts another card here: its lines are drawn once per width and kept, only
    the rows that changed are repainted, and the box keeps its size whatever the text's
    length (the screens give it a fixed height), so a new card never lays out the screen.
    The scrollbar is drawn here too, in the column Textual's own would take: Textual's comes
    and goes by a layout of the whole screen, each time a card's text starts or stops
    overflowing. The mouse wheel scrolls a long text, a click on the bar pages it."""

    DEFAULT_CSS = """
    Inspector { border: round $panel; border-title-align: left; height: auto; max-height: 100%;
                padding: 0 1; scrollbar-size-vertical: 1; overflow-x: hidden; overflow-y: hidden; }
    """

    #: cards whose drawn lines are kept; a table shows far fewer cards than this
    KEPT = 256

    def __init__(self, empty: str = "Move to a card to read it.", **kwargs):
        super().__init__(**kwargs)
        self.can_focus = False
        self.border_title = "Card"
        self.empty = empty
        self.info: CardInfo | None = None
        self._lines: list[Strip] = []
        #: the scrollbar's width while the text overflows, else 0
        self.bar = 0
        self._bar_drawn: tuple | None = None
        #: (card key, width, style) -> (the card as drawn, its lines at that width)
        self._drawn: dict[tuple, tuple[CardInfo | None, list[Strip]]] = {}

    def on_mount(self) -> None:
        self._fit()

    def _draw(self, info: CardInfo | None, width: int) -> list[Strip]:
        style = self.visual_style
        key = (info.key if info is not None else None, width, style)
        known = self._drawn.get(key)
        if known is not None and known[0] == info:  # (a card's info may change: compared)
            return known[1]
        if len(self._drawn) >= self.KEPT:
            self._drawn.clear()
        visual = visualize(self, inspect_text(info, self.empty), markup=False)
        lines = Visual.to_strips(self, visual, width, None, style)
        self._drawn[key] = (info, lines)
        return lines

    def _fit(self, redraw: bool = True) -> None:
        """Draw the card's lines for the box as it is, beside a scrollbar if they overflow;
        `redraw`: all of it (else only the rows that changed, when nothing else did)."""
        width, height = self.container_size  # (inside the border and padding)
        if width <= 0:
            return
        lines = self._draw(self.info, width)
        bar = self.styles.scrollbar_size_vertical
        was_bar = self.bar
        self.bar = bar if len(lines) > height and bar and width > bar else 0
        if self.bar:
            lines = self._draw(self.info, width - self.bar)
        before, self._lines = self._lines, lines
        size = Size(width - self.bar, len(lines))
        auto = self.styles.height is None or self.styles.height.is_auto
        if size != self.virtual_size and not (
            redraw or auto or self.bar or was_bar or self.scroll_y
        ):
            # Another card's text, longer or shorter, in a box of fixed height with no
            # scrollbar: nothing moves but the rows, so only the rows whose text changed are
            # drawn (a focus key at 160x48 drew all 23 rows of ZOOBOTZ's box, issue 36)
            self.set_reactive(Widget.virtual_size, size)
        elif size != self.virtual_size or redraw or was_bar != self.bar:
            self.set_reactive(Widget.virtual_size, size)
            self.set_reactive(Widget.scroll_y, self.validate_scroll_y(self.scroll_y))
            if auto and self.is_attached:
                self.refresh(layout=True)
            self.refresh()
            return
        # the same box and scrollbar: repaint only the rows whose text changed
        top = self.scroll_offset.y
        rows = []
        for y in range(height):
            old = before[top + y] if top + y < len(before) else None
            new = lines[top + y] if top + y < len(lines) else None
            if old != new:
                rows.append(Region(0, y, width, 1))  # (content coordinates)
        if rows:
            self.refresh(*rows)

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        changed = super()._size_updated(size, virtual_size, container_size, layout=layout)
        if changed:
            self._fit()
        return changed

    def _bar_cells(self, height: int) -> tuple[list[Segment], RichStyle]:
        """The scrollbar's cell on each row, coloured as Textual's own scrollbar, and the
        style of the blank between a short line and the bar (kept while nothing changes)."""
        key = (height, self.virtual_size.height, self.scroll_offset.y, self.visual_style)
        if self._bar_drawn is not None and self._bar_drawn[0] == key:
            return self._bar_drawn[1]
        styles = self.styles
        back, color = styles.scrollbar_background, styles.scrollbar_color
        if back.a < 1:
            back = self.background_colors[0] + back
        color = back + color
        total = self.virtual_size.height
        cells = ScrollBarRender.render_bar(
            size=height,
            virtual_size=total,
            window_size=height if height < total else 0,
            position=self.scroll_offset.y,
            thickness=self.bar,
            vertical=True,
            back_color=back.rich_color,
            bar_color=color.rich_color,
        ).segments
        base = self.visual_style.rich_style
        cells = [Segment(cell.text, base + cell.style.clear_meta_and_links()) for cell in cells]
        under, background = self.background_colors
        drawn = cells, TextualStyle(background=under + background).rich_style
        self._bar_drawn = (key, drawn)
        return drawn

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        text_width = width - self.bar
        if 0 <= index < len(self._lines):
            # (a short line is padded by Textual, as a Static's; beside the bar, here)
            line = self._lines[index]
            if line.cell_length > text_width:
                line = line.crop(0, text_width)
        else:
            line = Strip.blank(text_width, style)
        if not self.bar:
            return line
        cells, blank = self._bar_cells(self.scrollable_content_region.height)
        if line.cell_length < text_width:
            line = line.extend_cell_length(text_width, blank)
        return Strip.join([line, Strip([cells[y]] if y < len(cells) else [], self.bar)])

    def show(self, info: CardInfo | None) -> None:
        if info == self.info and self._lines:
            return
        self.info = info
        scrolled = bool(self.scroll_y)
        if scrolled:
            self.set_reactive(Widget.scroll_y, 0.0)
            self.set_reactive(Widget.scroll_target_y, 0.0)
        self._fit(redraw=scrolled)

    # -- the mouse over a long text ------------------------------------------------------------
    def _wheel(self, event, rows: int) -> None:
        if self.bar and not (event.ctrl or event.shift):
            y = self.validate_scroll_y(self.scroll_y + rows)
            if y != self.scroll_y:
                self.scroll_to(y=y, animate=False, force=True, immediate=True)
                event.stop()

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, max(1, round(self.app.scroll_sensitivity_y)))

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, -max(1, round(self.app.scroll_sensitivity_y)))

    #: while the thumb is held: how far below the thumb's top it was grabbed (rows)
    _grab: float | None = None

    def _on_bar(self, offset) -> bool:
        return (
            bool(self.bar)
            and offset is not None
            and (offset.x >= self.container_size.width - self.bar)
        )

    def _thumb(self) -> tuple[float, float]:
        """The thumb's top and size on the bar, in rows."""
        height = self.scrollable_content_region.height
        total = max(1, self.virtual_size.height)
        return self.scroll_y * height / total, max(1.0, height * height / total)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """On the bar: the thumb is grabbed for dragging, above or below it pages."""
        offset = event.get_content_offset(self)
        if not self._on_bar(offset):
            return
        top, size = self._thumb()
        if top <= offset.y < top + size:
            self._grab = offset.y - top
            self.capture_mouse()
            event.stop()
            return
        height = self.scrollable_content_region.height
        self._wheel(event, -height if offset.y < top else height)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._grab is None:
            return
        offset = event.get_content_offset_capture(self)
        height = max(1, self.scrollable_content_region.height)
        y = (offset.y - self._grab) * self.virtual_size.height / height
        y = self.validate_scroll_y(round(y))
        if y != self.scroll_y:
            self.scroll_to(y=y, animate=False, force=True, immediate=True)
        event.stop()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._grab is not None:
            self._grab = None
            self.release_mouse()
            event.stop()
