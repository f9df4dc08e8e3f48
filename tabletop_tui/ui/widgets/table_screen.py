"""What a game screen adds to use the table kit: the inspector follows focus and the mouse,
Enter or a click on a card offers that card's legal moves (or says why there are none).

A screen mixes `CardTable` in before `GameScreen` and answers `card_moves(info)`.

Where the focus lands after an update has one owner, the screen: a zone whose focused card
changed asks to keep the focus at that card's place (`request_focus(..., keep=True)`), the
screen's own placement (a question on the move list, a new turn on the hand) asks plainly,
and one callback after the redraw lands the focus once: the screen's placement if it made
one, else the zone's. Two delayed refocuses no longer race each other.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import Reactive

from ..textual_internals import (
    active,
    layout_pending,
    set_compositor,
    settled_refresh_layout,
    update_focus_styles,
)
from .card_menu import CardMenu, MenuEntry, StableKeys
from .compositor import TableCompositor
from .inspector import Inspector
from .table import CardInfo, TableCard, Zone


class CardTable:
    """Mixin for a GameScreen that shows its cards with the table kit."""

    #: Textual's Screen repaints every widget when the focus moves; on a table of cards the
    #: two cards whose focus changed repaint themselves (and any :focus style), so a move
    #: between cards redraws those two and the inspector, not the screen
    focused: Reactive = Reactive(None, repaint=False)

    #: the inspector's selector
    INSPECTOR = "#inspector"
    #: one legal move and nothing to confirm: Enter makes it at once (no one-line menu)
    DIRECT_SINGLE = True

    _hovered: CardInfo | None = None
    _focused_info: CardInfo | None = None
    _menu_keys: StableKeys | None = None
    #: a new seat took the keyboard: its screen opens on its own first card
    _fresh_seat: bool = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: a focus move's two cards and the inspector are drawn as separate small areas
        set_compositor(self, TableCompositor())

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        """Textual's layout, without the second one it asks for: each widget given a new
        size also sets its reactive `virtual_size`, which asks for another layout of the
        whole screen, though the one running has just placed everything by those sizes. (A
        scrollbar that comes or goes still asks, as it should; Textual's own fast path for
        scrolling sets sizes this way. See ui/textual_internals.py: `settled_layout`.)"""
        parent = super()._refresh_layout  # type: ignore[misc]
        settled_refresh_layout(lambda: parent(size, scroll))

    # -- for the screen --------------------------------------------------------------------
    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:  # pragma: no cover
        """The card's legal moves, and why there are none (a Rejection's words) if so."""
        raise NotImplementedError

    def why_not(self, action) -> str:
        """The rule that refuses `action` for the seat on screen, or ""."""
        seat = self.session.on_screen  # type: ignore[attr-defined]
        if seat is None:
            return "you are watching: no seat of yours acts"
        rejection = self.match.check(seat, action)  # type: ignore[attr-defined]
        return f"{rejection.rule}: {rejection.reason}" if rejection else ""

    def inspector(self) -> Inspector:
        return self.query_one(self.INSPECTOR, Inspector)  # type: ignore[attr-defined]

    def inspect_now(self) -> None:
        self.inspector().show(self._hovered or self._focused_info)

    def inspect_current(self) -> None:
        """The card the inspector reads, as the table shows it now: a card read a move ago
        may have gained or lost its moves since (the keys left it for a list, a question)."""
        keys = {getattr(self._focused_info, "key", None), getattr(self._hovered, "key", None)}
        keys.discard(None)
        if not keys:
            return
        now = {
            card.info.key: card.info
            for zone in self.query(Zone)  # type: ignore[attr-defined]
            for card in zone.cards
            if card.info.key in keys
        }
        changed = False
        for name in ("_focused_info", "_hovered"):
            info = getattr(self, name)
            fresh = now.get(info.key) if info is not None else None
            if fresh is not None and fresh != info:
                setattr(self, name, fresh)
                changed = True
        if changed:
            self.inspect_now()

    def focused_card(self) -> TableCard | None:
        """The card with focus, if it is still on the table and shown."""
        focused = self.focused  # type: ignore[attr-defined]
        if not isinstance(focused, TableCard) or not focused.is_attached:
            return None
        if not all(getattr(n, "display", True) for n in focused.ancestors_with_self):
            return None
        return focused

    def forget_cards(self) -> None:
        """Another seat takes the keyboard: no card of the last seat stays focused or shown."""
        self._hovered = None
        self._focused_info = None
        self._menu_keys = StableKeys()
        self._fresh_seat = True
        for zone in self.query(Zone):  # type: ignore[attr-defined]
            zone.last_key = None
        self.drop_kept_focus()
        if self.focused_card() is not None:
            self.set_focus(None)  # type: ignore[attr-defined]
        for inspector in self.query(self.INSPECTOR):  # type: ignore[attr-defined]
            inspector.show(None)  # (it read a card of the last seat's hand)

    def focus_zone(self, zone: Zone, others: tuple[Zone, ...] = ()) -> None:
        """Put the focus where the seat's move is, unless the player is already on a card
        (of this zone, or of a zone not in `others`, the zones this one takes over from)."""
        card = self.focused_card()
        if self._fresh_seat or card is None or card.parent in others:
            self._fresh_seat = False
            self.request_focus(zone.focus_card)

    # -- where the focus lands after an update -----------------------------------------------
    #: the placements asked for since the last landing: "screen" and "keep" -> (callable, args)
    _focus_plan: dict | None = None

    def request_focus(self, place, *args, keep: bool = False) -> None:
        """Ask for `place(*args)` to put the focus once this update is drawn. `keep`: a zone
        keeping the focus at its card's place, which gives way to any placement the screen
        asks for (the last request of each kind counts)."""
        plan = self._focus_plan
        if plan is None:
            plan = self._focus_plan = {}
            self.call_after_refresh(self._land_focus)  # type: ignore[attr-defined]
        plan["keep" if keep else "screen"] = (place, args)

    def focus_now(self, widget) -> None:
        """The screen puts the focus on `widget` at once: no zone takes it back afterwards."""
        if self._focus_plan is not None:
            self._focus_plan.pop("keep", None)
        widget.focus()

    def drop_kept_focus(self) -> None:
        """Forget the zones' requests to keep the focus (the screen let go of it on purpose)."""
        if self._focus_plan is not None:
            self._focus_plan.pop("keep", None)

    def _land_focus(self) -> None:
        plan, self._focus_plan = self._focus_plan, None
        if not plan:
            return
        place, args = plan.get("screen") or plan["keep"]
        place(*args)

    # -- a focus move between two cards -------------------------------------------------------
    def set_focus(self, widget, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """From one card to another, the focus moves here at once. Textual would post Blur and
        Focus, each card's DescendantBlur/Focus would bubble through every container up to the
        screen, both cards would be restyled for `:focus` (the chips draw their own highlight)
        and the keys re-announced: most of a focus key's cost, for two chips to redraw. Any
        other move (to or from a list, an input, nothing) goes Textual's way."""
        old = self.focused  # type: ignore[attr-defined]
        if (
            from_app_focus
            or widget is old
            or not isinstance(widget, TableCard)
            or not isinstance(old, TableCard)
            or not widget.focusable
            or not active("card_focus")
        ):
            super().set_focus(widget, scroll_visible, from_app_focus)  # type: ignore[misc]
            return
        self.set_reactive(CardTable.focused, widget)  # type: ignore[attr-defined]
        old.has_focus = False
        widget.has_focus = True
        update_focus_styles(self, widget, old)  # (:focus-within)
        if scroll_visible:
            if layout_pending(self):  # (regions not known yet)
                self.call_later(self._scroll_to_card, widget)  # type: ignore[attr-defined]
            else:
                self._scroll_to_card(widget)
        if widget.parent is not old.parent:  # another zone: its keys may differ
            self.refresh_bindings()  # type: ignore[attr-defined]
        widget.took_focus()

    def _scroll_to_card(self, card: TableCard) -> None:
        if self.focused is card and not self.can_view_entire(card):  # type: ignore[attr-defined]
            self.scroll_to_center(card, origin_visible=True)  # type: ignore[attr-defined]

    # -- messages ----------------------------------------------------------------------------
    def card_focused(self, info: CardInfo) -> None:
        """Called by the card itself as it takes focus (before its message bubbles up)."""
        self._focused_info = info
        self.inspect_now()

    def card_hovered(self, info: CardInfo | None) -> None:
        self._hovered = info
        self.inspect_now()

    def on_table_card_focused(self, event: TableCard.Focused) -> None:
        # only the card that holds the focus now (its own event may still be on its way)
        if event.card.is_attached and event.card is self.focused:  # type: ignore[attr-defined]
            self.card_focused(event.info)

    def on_table_card_chosen(self, event: TableCard.Chosen) -> None:
        self.open_card(event.info)

    def open_card(self, info: CardInfo) -> None:
        if self.waiting:  # type: ignore[attr-defined]
            self.busy()  # type: ignore[attr-defined]
            return
        entries, reason = self.card_moves(info)
        if self.DIRECT_SINGLE and len(entries) == 1 and not entries[0].confirm:
            self.submit(entries[0].action)  # type: ignore[attr-defined]
            return
        if self._menu_keys is None:
            self._menu_keys = StableKeys()
        title = "▒▒▒ a face-down card" if info.hidden else f"[{info.face.letter}] {info.face.title}"
        self.app.push_screen(  # type: ignore[attr-defined]
            CardMenu(title, entries, reason, self._menu_keys, ask=len(entries) == 1),
            self._menu_done,
        )

    def confirm(self, question: str, action, key: str, label: str) -> None:
        """Ask once before a move that cannot be taken back or throws something away."""
        entry = MenuEntry(Text(label), action, key=key, confirm=question)
        self.app.push_screen(  # type: ignore[attr-defined]
            CardMenu(label, [entry], ask=True), self._menu_done
        )

    def _menu_done(self, action) -> None:
        if action is not None:
            self.submit(action)  # type: ignore[attr-defined]
