"""A row of cards a player may pick from, by key or by mouse."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message

from .card import CardFace, CardView


class HandCard(CardView):
    # sized in app.tcss: a DEFAULT_CSS here would lose to CardView's `width: 1fr`

    def __init__(self, face: CardFace, card_id: str, enabled: bool, **kwargs):
        super().__init__(face, **kwargs)
        self.card_id = card_id
        self.set_class(not enabled, "-disabled")

    def show(self, face, empty: str = "—") -> None:
        super().show(face, empty)
        self.border_title = None  # the letter is already on the card's one line

    def on_click(self) -> None:
        if not self.has_class("-disabled"):
            self.post_message(HandView.Picked(self.card_id))


class HandView(Horizontal):
    """Cards shown compactly (letter + name); `Picked` carries the chosen card's id."""

    DEFAULT_CSS = "HandView { height: 3; width: auto; }"

    class Picked(Message):
        def __init__(self, card_id: str):
            super().__init__()
            self.card_id = card_id

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._shown: tuple = ()

    def compose(self) -> ComposeResult:
        return iter(())

    def show(self, cards: list[tuple[str, CardFace, bool]]) -> None:
        """`cards` are (id, face, enabled); rebuilt only when something changed."""
        key = tuple((i, f, e) for i, f, e in cards)
        if key == self._shown:
            return
        self._shown = key
        self.remove_children()
        self.mount_all(
            HandCard(face, card_id, enabled, classes=f"hand-{card_id}")
            for card_id, face, enabled in cards
        )
