"""The table kit: every card on the table is a focusable widget inside a zone.

A screen builds `CardInfo`s from the seat's View only and hands each zone its list;
a zone reuses its card widgets and a card redraws only when its info changed. Arrows
move within a zone, Tab / Shift+Tab jump between zones (and the screen's other
focusable widgets), a click focuses, hovering previews. Focus, hover and Enter/click
post messages the screen answers (the inspector, the card's moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual.binding import Binding
from textual.color import Color
from textual.containers import Container
from textual.dom import NoScreen
from textual.events import Key
from textual.geometry import Region
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Static

from ..textual_internals import (
    active,
    render_cache,
    reset_focus,
    use_render_cache,
)
from .card import CardFace
from .card_frame import FRAME_WIDTH, frame_text, frame_title, plain_label

#: how a face-down card looks wherever it lies
FACE_DOWN = "▒▒▒"
#: chips drawn so far, by look (TableCard._look): Textual's render cache of one chip, shared
DRAWN: dict[tuple, object] = {}
#: looks kept at most (a full table shows a few hundred)
DRAWN_MAX = 2048
#: the component class of a chip's focused look
FOCUS_LOOK = frozenset({"table-card--focus"})
#: the keys that move within a zone, and which way
STEP_KEYS = {"right": 1, "down": 1, "l": 1, "j": 1, "left": -1, "up": -1, "h": -1, "k": -1}


@dataclass(frozen=True)
class CardInfo:
    """One card as a seat may see it: built from the View, never from the State."""

    #: unique on the table (an instance id, or a made-up one for a pile)
    key: str
    face: CardFace
    game_id: str = ""
    #: where it lies ("▲1 Alice's squad pile") and who owns it ("▲1 Alice"; "" for nobody)
    zone: str = ""
    owner: str = ""
    cost: str = ""
    keywords: tuple[str, ...] = ()
    #: short status after the name on the chip (value, RISK, USED ...): glyphs and letters
    marks: str = ""
    #: something can be done with it now (a ▸ on the chip)
    actionable: bool = False
    #: why nothing can be done with it now (shown by the inspector), "" when unknown
    reason: str = ""
    #: the owning seat's number (its colour on a card frame's border), None for nobody
    seat: int | None = None
    #: a game's own lines for the frame under the card's name, in place of the face's
    #: subtitle, numbers, text and marks (None: those; (): the name alone)
    frame: tuple | None = None
    #: the frame's top border label in place of type letter and cost ("" : those)
    label: str = ""
    #: a look of the game's own: the card carries the CSS class `tone-<tone>` (a slot's
    #: colour, say), which a screen's stylesheet may give a frame border
    tone: str = ""
    #: anything else the screen wants back when the card is chosen
    data: object = field(default=None, compare=False)

    @property
    def hidden(self) -> bool:
        return self.face.hidden


def chip_text(info: CardInfo, focused: bool = False) -> Text:
    """The card on the table in one line: ▸[L] Name marks (face down: ▒▒▒ and its title)."""
    text = Text("▶" if focused else ("▸" if info.actionable else " "), style="bold")
    if info.hidden:
        text.append(f"{FACE_DOWN} ", style="dim")
        text.append(info.face.title, style="dim italic")
        return text
    text.append(f"[{info.face.letter}]", style="bold reverse")
    text.append(" ")
    text.append(info.face.title, style="bold")
    if info.marks:
        text.append(f" {info.marks}")
    return text


def _frame_lines(info: CardInfo) -> int:
    """How many lines a frame of the card shows inside its border (cut, never wrapped, so the
    same at any width)."""
    return frame_text(info, False, FRAME_WIDTH).plain.count("\n") + 1


def take_focus(widget: Widget, scroll: bool = True) -> None:
    """Focus `widget` now. (Textual's `focus()` waits a turn of the event loop, and a focus
    asked for earlier that lands later would undo a placement made meanwhile.)"""
    try:
        widget.screen.set_focus(widget, scroll_visible=scroll)
    except NoScreen:
        pass


def card_class(key: str) -> str:
    """A CSS class naming the card (`card-<key>`), for clicks and queries."""
    return "card-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)


class TableCard(Widget, can_focus=True):
    """A card chip. Enter or a click chooses it; focus and hover ask for the inspector."""

    # A card's lines never wrap: a chip wider than its room ends in "…" on its one line (a
    # wrapped chip showed its first words only, the rest on a line cut off), and a frame is
    # as tall as its lines even when laid out narrower than it was last drawn (its lines are
    # cut to the width it was drawn at, and wrapped they made the frame a row taller).
    # The focus highlight is drawn by the chip itself (`visual_style`), not by a `:focus`
    # rule: a pseudo-class change restyles the widget through the stylesheet, a sizeable part
    # of a focus move's cost, for a colour that never changes while the theme does not.
    DEFAULT_CSS = """
    TableCard {
        height: 1; width: auto; max-width: 100%; padding: 0 1 0 0;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    TableCard.-hidden { color: $text-muted; }
    TableCard:hover { background: $boost; }
    TableCard > .table-card--focus { background: $accent 30%; text-style: bold; }
    .-wide Zone.-frames > TableCard {
        width: 1fr; height: auto; min-height: 4; padding: 0 1;
        border: round $foreground 40%; border-title-align: left; border-subtitle-align: right;
    }
    .-wide Zone.-frames > TableCard.owner-0 { border: round $error; }
    .-wide Zone.-frames > TableCard.owner-1 { border: round $primary; }
    .-wide Zone.-frames > TableCard.owner-2 { border: round $success; }
    .-wide Zone.-frames > TableCard.owner-3 { border: round $warning; }
    .-wide Zone.-frames > TableCard.owner-4 { border: round $accent; }
    .-wide Zone.-frames > TableCard.owner-5 { border: round $secondary; }
    .-wide Zone.-frames > TableCard:focus { border: heavy $accent; }
    """
    COMPONENT_CLASSES = set(FOCUS_LOOK)
    #: the frame rules name the screen's -wide class, outside the card (every rule here starts
    #: from TableCard or a zone, so unscoped they select what scoped ones did)
    SCOPED_CSS = False
    BINDINGS = [Binding("enter,space", "choose", "Card's moves", show=False)]
    #: a chip's text holds no links: no link style to look up and lay over each drawing
    auto_links: Reactive[bool] = Reactive(False)

    class Focused(Message):
        """The card took focus (to a screen without a `card_focused` hook), or the focused
        card's info changed."""

        def __init__(self, card: TableCard):
            super().__init__()
            self.card = card
            self.info = card.info

    class Hovered(Message):
        """The mouse is over the card (info) or left it (None)."""

        def __init__(self, card: TableCard, info: CardInfo | None):
            super().__init__()
            self.card = card
            self.info = info

    class Chosen(Message):
        def __init__(self, card: TableCard):
            super().__init__()
            self.card = card
            self.info = card.info

    def __init__(self, info: CardInfo, **kwargs):
        super().__init__(**kwargs)
        self.info = info
        # (no styling yet: the card is styled once, as it mounts)
        self.set_class(info.hidden, "-hidden", update=False)
        self._label_frame(info, None)

    def _label_frame(self, info: CardInfo, old: CardInfo | None) -> None:
        """The frame's border labels and owner colour (drawn only where a frame shows)."""
        if old is not None and old.seat != info.seat and old.seat is not None:
            self.remove_class(f"owner-{old.seat}", update=False)
        if info.seat is not None:
            self.add_class(f"owner-{info.seat}", update=False)
        if old is None:  # (styled when mounted)
            if info.tone:
                self.add_class(f"tone-{info.tone}", update=False)
        elif old.tone != info.tone:  # (a tone's rules restyle the card)
            if old.tone:
                self.remove_class(f"tone-{old.tone}")
            if info.tone:
                self.add_class(f"tone-{info.tone}")
        self.border_title = frame_title(info)
        self.border_subtitle = plain_label(info.owner) if info.owner else None

    @property
    def framed(self) -> bool:
        """Drawn as a card frame: its zone asks for frames and the screen has the room."""
        zone = self.parent
        return isinstance(zone, Zone) and zone.framed

    def _start_messages(self) -> None:
        # The card's own class is given once the chip is styled (Textual styles a widget as
        # it mounts, just before this hook): no rule names it, and chips mounted together
        # that differ only in it then share one styling instead of each working out its own.
        # (Textual's private hook: it is pinned below 8.3.)
        self.add_class(card_class(self.info.key), update=False)
        super()._start_messages()

    def render(self) -> Text:
        if self.framed:
            return frame_text(self.info, self.has_focus, max(1, self.content_size.width))
        return chip_text(self.info, self.has_focus)

    def get_content_height(self, container, viewport, width: int) -> int:
        # A zone of even frames draws them all as tall as its tallest: one short frame in a
        # row of taller ones left a gap under it (a grid row is as tall as its tallest cell)
        # A frame's lines are cut, never wrapped: its height is its line count at any width,
        # counted here without drawing it. (Drawn now, `render` would ask for the card's
        # content size in the middle of a layout, which makes Textual work out the whole
        # screen's previous map, tens of ms of a Zeo table's first frame, issue 36.)
        zone = self.parent
        if isinstance(zone, Zone) and zone.framed:
            return zone.even_lines or _frame_lines(self.info)
        return super().get_content_height(container, viewport, width)

    def _look(self) -> tuple:
        """Everything the chip's drawing depends on: what `render` shows, the size, the
        style, and the rules Textual lays text out by."""
        info, face, styles = self.info, self.info.face, self.styles
        return (
            self.has_focus,
            info.actionable,
            info.hidden,
            face.letter,
            face.title,
            info.marks,
            self.size,
            self.visual_style,
            styles.text_align,
            styles.text_overflow,
            styles.text_wrap,
            styles.line_pad,
            styles.content_align,
        )

    def _render_content(self) -> None:
        # Chips that look the same (a hand of face-down cards, the same card in two places,
        # a chip losing the focus and taking it again) draw once: the drawing is kept under
        # its look, for every chip, until the look changes. (Textual's private hook: it is
        # pinned below 8.3.)
        # (a selection is drawn for this chip only)
        if self.text_selection is not None or not active("chip_drawing") or self.framed:
            super()._render_content()
            return
        look = self._look()
        drawn = DRAWN.get(look)
        if drawn is None:
            super()._render_content()
            if len(DRAWN) >= DRAWN_MAX:
                DRAWN.clear()
            DRAWN[look] = render_cache(self)
        else:
            use_render_cache(self, drawn)

    #: a frame's lines as drawn, by everything they depend on (render_lines)
    _frames_drawn: dict[tuple, list[Strip]] | None = None
    #: the info those drawings show
    _frames_info: CardInfo | None = None
    #: the card's style rules, as a key of `_frames_drawn` (None: worked out again)
    _rules_key: tuple | None = None

    def notify_style_update(self) -> None:
        self._rules_key = None
        super().notify_style_update()

    def _style_rules_key(self) -> tuple | None:
        key = self._rules_key
        if key is None:
            rules = self.styles.get_render_rules()
            try:
                key = tuple(
                    sorted(
                        (name, tuple(value.items()) if isinstance(value, dict) else value)
                        for name, value in rules.items()
                    )
                )
                hash(key)
            except TypeError:  # (a rule whose value can't be a key: never kept)
                return None
            self._rules_key = key
        return key

    def render_lines(self, crop: Region) -> list[Strip]:
        """A card frame that looks as it did before is not drawn again. A focus key at
        160x48 drew two frames, border, labels and text, each time (3-4 ms of a 4.5 ms
        frame, Zeo and Army Of Zero, against 1.2 ms for the bare app's): each frame now
        keeps its last few drawings of its info, under its focus, size, style rules, colours,
        border labels and theme (issue 36)."""
        if not active("chip_drawing") or self.text_selection is not None or not self.framed:
            return super().render_lines(crop)
        rules = self._style_rules_key()
        if rules is None:
            return super().render_lines(crop)
        app = self.app
        key = (
            crop,
            self.has_focus,
            self.size,
            self.content_region.size,
            rules,
            self.visual_style,
            self.background_colors,
            str(self.border_title),
            str(self.border_subtitle),
            self.opacity,
            app.theme,
            app.ansi_color,
            app.current_theme.dark,
        )
        drawn = self._frames_drawn
        if drawn is None or self._frames_info != self.info:  # (an info holds Text: no key)
            drawn = self._frames_drawn = {}
            self._frames_info = self.info
        lines = drawn.get(key)
        if lines is None:
            lines = super().render_lines(crop)
            if len(drawn) >= 8:
                drawn.clear()
            drawn[key] = lines
        return list(lines)

    def _focused_style(self) -> VisualStyle:
        return self.get_visual_style("table-card--focus")

    @property
    def visual_style(self) -> VisualStyle:
        if self.has_focus:
            return self._focused_style()
        return super().visual_style

    @property
    def background_colors(self) -> tuple[Color, Color]:
        base, background = super().background_colors
        if self.has_focus:  # (the blank cell after the name takes the highlight too)
            background = self._focused_style().background
        return base, background

    def watch_has_focus(self, has_focus: bool) -> None:
        # (Textual restyles the widget here, for :focus rules: the chip draws its own)
        self.refresh()

    def set_info(self, info: CardInfo) -> None:
        """Show another card, or the same one changed (a zone reuses its chips in place). The
        screen is laid out again only when the chip's width changes."""
        if info == self.info:
            return
        old = self.info
        if info.key != old.key:  # (no stylesheet rule names a card: no restyling)
            self.remove_class(card_class(old.key), update=False)
            self.add_class(card_class(info.key), update=False)
        self.info = info
        self.set_class(info.hidden, "-hidden")
        if (info.seat, info.owner, info.cost, info.face.letter, info.label, info.tone) != (
            old.seat,
            old.owner,
            old.cost,
            old.face.letter,
            old.label,
            old.tone,
        ):
            self._label_frame(info, old)
        resized = self.framed or chip_text(info).cell_len != chip_text(old).cell_len
        self.refresh(layout=resized)
        if self.screen.focused is self:
            self.post_message(self.Focused(self))

    def retire(self) -> None:
        """Leave the table but stay mounted, hidden, for the zone to reuse (a chip mounted
        later costs its styling, its mount and a second layout of the screen). A retired
        chip names no card and takes no focus."""
        self.remove_class(card_class(self.info.key), update=False)
        self.can_focus = False  # (Textual's first-focus and focus queries skip it)
        self.display = False

    def revive(self, info: CardInfo) -> None:
        """Come back as `info`'s chip (shown again: one layout, no mount)."""
        self.add_class(card_class(self.info.key), update=False)  # named as before `retire`
        self.set_info(info)
        self.can_focus = True
        self.display = True
        # the screen hears of the layout now, not at this chip's next idle: what waits for
        # the update's frame (the focus landing, its scrolling) then waits for the layout
        self._check_refresh()

    def focus_now(self) -> None:
        """Focus this card at once (a table screen moves the focus between two cards itself,
        see `CardTable.set_focus`), with the inspector told in the same step."""
        screen = self.screen
        if getattr(screen, "card_focused", None) is not None:
            take_focus(self)
            if screen.focused is not self:  # (not focusable now)
                return
            screen.card_focused(self.info)  # type: ignore[attr-defined]
        else:
            self.focus()

    def on_focus(self) -> None:
        self.refresh()
        if self.screen.focused is not self:
            return  # the focus moved on before this event arrived: nothing to tell anyone
        self.took_focus()

    def took_focus(self) -> None:
        """The card has the focus now: its zone remembers it, the inspector reads it."""
        zone = self.parent
        if isinstance(zone, Zone):
            zone.last_key = self.info.key
        # the inspector in this frame: the message reaches the screen only after it has
        # bubbled through every container, a frame or two later (so a screen that takes the
        # call gets no message as well: bubbling it costs more than the rest of a focus move)
        hook = getattr(self.screen, "card_focused", None)
        if hook is not None:
            hook(self.info)
        else:
            self.post_message(self.Focused(self))

    def on_blur(self) -> None:
        self.refresh()

    def on_enter(self) -> None:
        self._hovered(self.info)

    def on_leave(self) -> None:
        self._hovered(None)

    def _hovered(self, info: CardInfo | None) -> None:
        hook = getattr(self.screen, "card_hovered", None)
        if hook is not None:
            hook(info)
        self.post_message(self.Hovered(self, info))

    def on_key(self, event: Key) -> None:
        # The zone's arrows, answered here: Textual would pass the key up through every
        # container to the app, and only then find the zone's binding (the nearest, so the
        # one that runs; priority bindings were already tried before the card saw the key).
        zone = self.parent
        if isinstance(zone, Zone):
            step = STEP_KEYS.get(event.key)
            if step is not None:
                event.stop()
                event.prevent_default()
                zone.action_step(step)

    def on_click(self) -> None:
        self.focus()
        self.post_message(self.Chosen(self))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self))


class Zone(Container):
    """A row, column or grid of cards: a squad, a hand, a battle area, a seat's Botz.

    `show(cards)` reuses its chips in place and keeps the focus on the focused card while it
    stays; when it leaves, focus goes to the card now at its place, never to the first. Chips
    no longer needed stay mounted, hidden, until cards come back to fill them.
    """

    DEFAULT_CSS = """
    Zone { height: auto; width: 1fr; layout: horizontal; }
    Zone.-vertical { layout: vertical; }
    Zone.-wrap { layout: grid; grid-size: 3; grid-gutter: 0 1; grid-rows: 1; }
    Zone > .zone-title { width: auto; height: 1; color: $text-muted; padding: 0 1 0 0; }
    Zone.-vertical > .zone-title { width: 100%; }
    Zone > .zone-empty { width: auto; height: 1; color: $text-muted; }
    .-wide Zone.-frames { layout: grid; grid-size: 4; grid-gutter: 0 1; grid-rows: auto; }
    """
    SCOPED_CSS = False  # (as TableCard's)
    BINDINGS = [
        Binding(
            ",".join(k for k, n in STEP_KEYS.items() if n > 0), "step(1)", "Next card", show=False
        ),
        Binding(
            ",".join(k for k, n in STEP_KEYS.items() if n < 0),
            "step(-1)",
            "Previous card",
            show=False,
        ),
        Binding("tab", "zone(1)", "Next zone", show=False),
        Binding("shift+tab", "zone(-1)", "Previous zone", show=False),
    ]

    def __init__(
        self,
        title: str = "",
        vertical: bool = False,
        empty: str = "—",
        frames: bool = False,
        frame_width: int = FRAME_WIDTH,
        even: bool = False,
        **kwargs,
    ) -> None:
        """`even`: its frames all as tall as the tallest (a row of cards of one size)."""
        super().__init__(**kwargs)
        self.even = even
        #: the inner lines of its tallest frame, when `even` (0: each frame its own height)
        self.even_lines = 0
        self.title = title
        #: cards drawn as frames (on a wide screen) this many cells wide, so many to a row
        self.set_class(frames, "-frames", update=False)
        self.frame_width = frame_width
        self.empty = empty
        self.set_class(vertical, "-vertical", update=False)  # (styled when mounted)
        self._keys: tuple[str, ...] = ()
        self._cards: list[TableCard] = []
        #: chips that left (hidden, in order after the cards): the next cards reuse them
        self._spares: list[TableCard] = []
        #: the card last focused here, so Tab back returns to it
        self.last_key: str | None = None
        # The title and the "empty" line are widgets only while a zone needs them: every
        # widget is a message pump that each frame's idle checks (and a test harness's
        # waits) visit, and most zones are untitled or never empty.
        self._title: Static | None = None
        self._empty: Static | None = None
        #: shown: the zone has not been given its cards yet (an empty zone says so)
        self._shown = False

    def compose(self):
        if self.title and self._title is None:  # (not if set_title made it before)
            self._title = Static(self.title, classes="zone-title")
            yield self._title

    def on_mount(self) -> None:
        # (a screen gives every zone its cards before its first frame; one it does not
        # says it is empty a frame later)
        self.call_after_refresh(self._never_shown)

    @property
    def framed(self) -> bool:
        """Cards show as frames here now (chips on a screen without the room)."""
        if not self.has_class("-frames"):
            return False
        try:
            return self.screen.has_class("-wide")
        except NoScreen:
            return False

    def on_resize(self) -> None:
        if not self.has_class("-frames"):
            return
        columns = max(1, (self.size.width + 1) // (self.frame_width + 1))
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns
        for part in (self._title, self._empty):
            if part is not None:
                part.styles.column_span = columns

    def _never_shown(self) -> None:
        if not self._shown:
            self._show_empty(True)

    @property
    def cards(self) -> list[TableCard]:
        """The card widgets in order (not those on their way out)."""
        return list(self._cards)

    def set_title(self, title: str) -> None:
        if title == self.title:
            return
        self.title = title
        if self._title is not None:
            self._title.update(title)
            self._title.display = bool(title)
        elif title:
            self._title = Static(title, classes="zone-title")
            if self.children:
                self.mount(self._title, before=0)
            else:
                self.mount(self._title)

    def _show_empty(self, empty: bool) -> None:
        """Show the "empty" line (made when first needed: a zone filled from the start
        never holds it), or hide it."""
        line = self._empty
        if empty:
            if line is None:
                line = self._empty = Static(self.empty, classes="zone-empty")
                self.mount(line)
            elif not line.display:
                line.display = True
        elif line is not None and line.display:
            line.display = False

    def show(self, infos: Sequence[CardInfo]) -> None:
        """Show these cards. The chips already here are reused in order (a chip whose card
        is unchanged is not touched; one showing another card now repaints). When the count
        changes, chips left over are hidden and kept, and more cards show on the hidden ones
        first: a chip is mounted only when the zone holds more cards than ever before."""
        keys = tuple(i.key for i in infos)
        cards = self._cards
        if self.even:
            tallest = max((_frame_lines(info) for info in infos), default=0)
            if tallest != self.even_lines:
                self.even_lines = tallest
                self.refresh(layout=True)
        if keys == self._keys and self._shown:
            for card, info in zip(cards, infos, strict=True):
                card.set_info(info)
            return
        self._keys = keys
        now = self.screen.focused  # (has_focus follows a step later, by event)
        focused = next((n for n, c in enumerate(cards) if c is now), None)
        focused_key = cards[focused].info.key if focused is not None else None
        for card, info in zip(cards, infos, strict=False):
            card.set_info(info)
        spares = self._spares
        if len(cards) > len(infos):
            gone = cards[len(infos) :]
            del cards[len(infos) :]
            if now in gone:  # (as Textual does for a focused widget it removes)
                reset_focus(self.screen, now, gone + spares)
            for card in gone:
                card.retire()
            spares[:0] = gone
        elif len(infos) > len(cards):
            more = infos[len(cards) :]
            back, spares[: len(more)] = spares[: len(more)], []
            for card, info in zip(back, more, strict=False):
                card.revive(info)
            cards.extend(back)
            new = [TableCard(info) for info in more[len(back) :]]
            if new:
                self._mount_chips(new)
            cards.extend(new)
        self._show_empty(not infos)
        self._shown = True
        if focused is not None and infos:
            at = keys.index(focused_key) if focused_key in keys else min(focused, len(keys) - 1)
            request = getattr(self.screen, "request_focus", None)
            if request is not None:  # the screen decides where the focus lands (CardTable)
                request(self._focus_at, at, keys[at], keep=True)
            else:
                self.call_after_refresh(self._focus_at, at, keys[at])
        elif focused is not None:  # the zone emptied under the focus: let the screen choose
            self.screen.set_focus(None)

    def _mount_chips(self, new: list[TableCard]) -> None:
        """Mount chips after the cards shown and before the hidden spares (so the spares,
        shown again, come next in order)."""
        cards = self._cards
        if self._spares:
            self.mount_all(new, before=self._spares[0])
        elif cards:
            self.mount_all(new, after=cards[-1])
        elif self._title is not None:
            self.mount_all(new, after=self._title)
        elif self._empty is not None:
            self.mount_all(new, before=self._empty)
        else:
            self.mount_all(new)

    def _focus_at(self, index: int, key: str | None = None) -> None:
        cards = self.cards
        if not cards:
            return
        if key is not None:
            for card in cards:
                if card.info.key == key:
                    take_focus(card)
                    return
        take_focus(cards[min(index, len(cards) - 1)])

    def focus_card(self, key: str | None = None, scroll: bool = True) -> bool:
        """Focus the card with this key (or the one last focused here, or the first);
        `scroll`: scroll it into view (a zone that never scrolls need not)."""
        cards = self.cards
        if not cards:
            return False
        want = key or self.last_key
        target = next((c for c in cards if c.info.key == want), cards[0])
        target.focus(scroll_visible=scroll)
        return True

    def on_table_card_focused(self, event: TableCard.Focused) -> None:
        self.last_key = event.info.key

    def action_step(self, step: int) -> None:
        cards = self.cards
        if not cards:
            return
        now = self.screen.focused
        here = next((n for n, c in enumerate(cards) if c is now), None)
        n = 0 if here is None else max(0, min(len(cards) - 1, here + step))
        if cards[n] is not now:
            cards[n].focus_now()

    def action_zone(self, step: int) -> None:
        """Tab between zones: a zone is one stop, the screen's other widgets are one each."""
        stops: list[Widget] = []
        for widget in self.screen.focus_chain:
            stop = widget.parent if isinstance(widget, TableCard) else widget
            if stop is not None and (not stops or stops[-1] is not stop) and stop not in stops:
                stops.append(stop)  # type: ignore[arg-type]
        if self not in stops:
            return
        target = stops[(stops.index(self) + step) % len(stops)]
        if isinstance(target, Zone):
            target.focus_card()
        else:
            target.focus()
