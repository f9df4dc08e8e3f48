"""Power Rangers CCG (2008): config, state, actions and views."""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...engine import Model, Outcome, Rng
from ...engine.shared_models import CustomDeck
from .cards import Card

Phase = Literal["select", "element", "over"]

#: in sealed play, a seat whose deck is built by the sealed heuristic from its own packs
AUTO_DECK = "auto"


DeckChoice = str | CustomDeck


class Config(Model):
    names: tuple[str, str] = ("Player 1", "Player 2")
    #: the deck each seat plays: a shipped deck id (card_data/pr-ccg-2008/deck-*.toml) or a
    #: CustomDeck; in sealed play a CustomDeck from the seat's packs, or any id ("auto"):
    #: then the sealed heuristic builds the seat's deck from its packs
    decks: tuple[DeckChoice, DeckChoice] = ("guardians", "invaders")
    #: house rule "opening hand N": cards drawn before the first round (the rulebook: 0)
    opening_hand: int = Field(default=0, ge=0, le=10)
    #: sealed play (RULINGS 9): booster packs each player opens (0: constructed decks)
    sealed_packs: int = Field(default=0, ge=0, le=8)
    cards_dir: str | None = None

    @model_validator(mode="after")
    def _sealed_decks(self) -> "Config":
        if self.sealed_packs == 1:
            raise ValueError("sealed play opens at least 2 packs: a deck has 20 cards")
        if not self.sealed_packs and AUTO_DECK in self.decks:
            raise ValueError("an 'auto' deck is built from sealed packs: set sealed_packs")
        return self

    def auto_deck(self, seat: int) -> bool:
        """Sealed play: the seat's deck is built from its packs by the sealed heuristic (any
        deck given by id; a shipped deck is not made of the player's packs)."""
        return bool(self.sealed_packs) and not isinstance(self.decks[seat], CustomDeck)


# -- actions -------------------------------------------------------------------
class SelectCard(Model):
    """Step 2: choose the card to play in battle (face down)."""

    kind: Literal["select"] = "select"
    card: str


class PayCard(Model):
    """Step 3: move another card from hand to the discard pile towards the Hand Cost."""

    kind: Literal["pay"] = "pay"
    card: str


class CancelSelection(Model):
    """Take the selected card back before its Hand Cost is fully paid."""

    kind: Literal["cancel"] = "cancel"


class PlayNothing(Model):
    """Step 4's bluff: put nothing down on the count of three."""

    kind: Literal["nothing"] = "nothing"


class ChooseElement(Model):
    """Step 6A: pick which of your card's Battle Elements the opponent must use."""

    kind: Literal["element"] = "element"
    element: str


Action = Annotated[
    SelectCard | PayCard | CancelSelection | PlayNothing | ChooseElement,
    Field(discriminator="kind"),
]


# -- state ---------------------------------------------------------------------
class SeatState(Model):
    deck: tuple[str, ...] = ()  # top first
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: the card chosen at step 2 (secret until the reveal)
    selected: str | None = None
    #: cards set aside to pay the Hand Cost (secret until the reveal)
    paid: tuple[str, ...] = ()
    #: committed for this round: a fully paid card, or nothing (a bluff)
    locked: bool = False
    #: the element chosen at step 6A for the opponent (secret until the second reveal)
    element: str | None = None


class Battle(Model):
    """What the last reveal showed, for the screen and the log."""

    round: int
    cards: tuple[str | None, str | None]
    paid: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: element each seat had to use (chosen by the other seat's card)
    elements: tuple[str | None, str | None] = (None, None)
    powers: tuple[int | None, int | None] = (None, None)
    winner: int | None = None
    damage: int = 0
    #: how many cards the loser drew as damage
    drawn: int = 0
    text: str = ""


class State(Model):
    config: Config
    rng: Rng
    phase: Phase = "select"
    round: int = 1
    seats: tuple[SeatState, SeatState]
    last: Battle | None = None
    outcome: Outcome | None = None


# -- views ---------------------------------------------------------------------
class SeatView(Model):
    name: str
    deck_name: str
    deck_count: int
    hand_count: int
    discard: tuple[Card, ...]
    #: the owner's hand (empty for anyone else)
    hand: tuple[tuple[str, Card], ...] = ()
    selected: tuple[str, Card] | None = None
    paid: tuple[tuple[str, Card], ...] = ()
    locked: bool = False
    #: the element choice, shown only to its owner until the reveal
    element: str | None = None
    element_pending: bool = False


class View(Model):
    viewer: int | None
    phase: Phase
    round: int
    seats: tuple[SeatView, SeatView]
    elements: tuple[tuple[str, str, str], ...]  # (id, name, letter)
    #: during step 6A: both cards on the table, face up
    battle_cards: tuple[Card | None, Card | None] = (None, None)
    last: Battle | None = None
    last_cards: tuple[Card | None, Card | None] = (None, None)
    to_act: tuple[int, ...] = ()
    outcome: Outcome | None = None
