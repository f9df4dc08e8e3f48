"""ZOOBOTZ: config, state, actions, pending decisions and views.

Cards are named by instance ids "card-id#S.N" (seat S, copy N), unique across the table,
so a Bot in play can be named in an action (HACK it) whoever owns it.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...engine import Model, Outcome, Rng, bounded
from ...engine.shared_models import CustomDeck, Option

MIN_SEATS, MAX_SEATS = 2, 6
#: the shipped decks seats get by default, in turn
DEFAULT_DECKS = ("balanced", "research-rush", "hacking", "shields-control")
HAND_SIZE = 6

Phase = Literal["mulligan", "start", "main", "end", "over"]


DeckChoice = str | CustomDeck


class Config(Model):
    names: tuple[str, ...] = ("Player 1", "Player 2")
    #: one per seat: a shipped deck id (card_data/zoobotz/deck-*.toml) or a CustomDeck;
    #: left out, seats get DEFAULT_DECKS in turn
    decks: tuple[DeckChoice, ...] = ()
    cards_dir: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_decks(cls, data):
        if isinstance(data, dict) and not data.get("decks"):
            names = data.get("names") or ("Player 1", "Player 2")
            data = {
                **data,
                "decks": tuple(DEFAULT_DECKS[i % len(DEFAULT_DECKS)] for i in range(len(names))),
            }
        return data

    @model_validator(mode="after")
    def _seats(self) -> "Config":
        if not MIN_SEATS <= len(self.names) <= MAX_SEATS:
            raise ValueError(
                f"ZOOBOTZ is for {MIN_SEATS}-{MAX_SEATS} players, not {len(self.names)}"
            )
        if len(self.decks) != len(self.names):
            raise ValueError(
                f"{len(self.names)} players need {len(self.names)} decks, not {len(self.decks)}"
            )
        return self


# -- actions -----------------------------------------------------------------------------------
class Bottom(Model):
    """Setup: send a card from the starting hand to the bottom of the deck (under the last one)."""

    kind: Literal["bottom"] = "bottom"
    card: str


class Keep(Model):
    """Setup: done sending cards to the bottom; draw back to 6 cards."""

    kind: Literal["keep"] = "keep"


class Invest(Model):
    """Once per turn: the card goes from hand to your invested cards, face down and UNUSED."""

    kind: Literal["invest"] = "invest"
    card: str


class Play(Model):
    """Play a card from hand, USING that many UNUSED invested cards (its COST)."""

    kind: Literal["play"] = "play"
    card: str


class Research(Model):
    """USE a Bot and `cards` UNUSED invested cards (at most its value): +1 RESEARCH each."""

    kind: Literal["research"] = "research"
    bot: str
    cards: int = bounded(0, 99, rule="RESEARCH")


class Shield(Model):
    """USE a Bot to SHIELD: it keeps shielding while it stays USED."""

    kind: Literal["shield"] = "shield"
    bot: str


class Hack(Model):
    """USE a Bot to HACK an opposing Bot: each deals RISK equal to its value to the other."""

    kind: Literal["hack"] = "hack"
    bot: str
    target: str


class EndTurn(Model):
    kind: Literal["end"] = "end"


class Choose(Model):
    """Answer the pending Decision with one of its options."""

    kind: Literal["choose"] = "choose"
    option: str


Action = Annotated[
    Bottom | Keep | Invest | Play | Research | Shield | Hack | EndTurn | Choose,
    Field(discriminator="kind"),
]


# -- state -------------------------------------------------------------------------------------
class BotInPlay(Model):
    card: str
    risk: int = 0
    used: bool = False
    #: USED to SHIELD (it stops shielding when it is UNUSED)
    shielding: bool = False
    #: the turn it was played: it can't be USED that turn
    played_turn: int = 0


class SeatState(Model):
    deck: tuple[str, ...] = ()  # top first
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    botz: tuple[BotInPlay, ...] = ()
    #: non-Bot cards with ongoing effects, in play
    modules: tuple[str, ...] = ()
    #: invested cards, face down; the first `invested_used` of them are USED
    invested: tuple[str, ...] = ()
    invested_used: int = 0
    research: int = 0
    out: bool = False
    mulligan_done: bool = False
    #: cards sent to the bottom at setup (a public count)
    bottomed: int = 0

    @property
    def invested_unused(self) -> int:
        return len(self.invested) - self.invested_used


#: when a card's ability fires (the card's fields of the same names hold its effects)
Trigger = Literal[
    "on_play", "start_of_turn", "end_of_turn", "when_dealt_risk", "when_you_delete_risk"
]


class Job(Model):
    """A triggered ability on its way: the card, whose it is, and how far it has got."""

    source: str
    controller: int
    trigger: Trigger
    #: index of the next effect of the ability to resolve
    step: int = 0
    #: answers given so far to the questions of that effect
    picks: tuple[str, ...] = ()


class Decision(Model):
    """A question the active player must answer (with `Choose`) before anything else."""

    kind: Literal["order", "target", "confirm"]
    seat: int
    prompt: str
    options: tuple[Option, ...]


class State(Model):
    config: Config
    rng: Rng
    phase: Phase = "mulligan"
    #: turns started so far (the first turn is 1)
    turn: int = 0
    active: int = 0
    first_player: int | None = None
    seats: tuple[SeatState, ...]
    #: invests the active player may still make this turn
    invests_left: int = 0
    #: the ability resolving now, the triggered ones waiting, and the open question
    current: Job | None = None
    queue: tuple[Job, ...] = ()
    decision: Decision | None = None
    outcome: Outcome | None = None


# -- views -------------------------------------------------------------------------------------
class CardFace(Model):
    """What a player reads on a card."""

    id: str
    name: str
    kind: Literal["bot", "program", "module"]
    cost: int
    value: int | None = None
    text: str = ""
    flavor: str = ""


class BotView(Model):
    instance: str
    card: CardFace
    #: value with ongoing modifiers counted (the printed one is card.value)
    value: int
    risk: int
    used: bool
    shielding: bool
    #: played this turn: can't be USED yet
    fresh: bool
    armor: int = 0
    hack: int = 0


class SeatView(Model):
    name: str
    deck_name: str
    deck_count: int
    hand_count: int
    #: the owner's own hand (instance, face); empty for anyone else
    hand: tuple[tuple[str, CardFace], ...] = ()
    discard: tuple[CardFace, ...] = ()
    botz: tuple[BotView, ...] = ()
    modules: tuple[tuple[str, CardFace], ...] = ()
    invested_count: int = 0
    invested_unused: int = 0
    #: faces of the invested cards, for their owner only
    invested: tuple[CardFace, ...] = ()
    research: int = 0
    out: bool = False
    mulligan_done: bool = False
    bottomed: int = 0
    #: a Bot of this seat is USED to SHIELD
    shielded: bool = False
    #: COST of each card in the owner's hand after discounts (owner only)
    costs: tuple[int, ...] = ()


class View(Model):
    viewer: int | None
    phase: Phase
    turn: int
    active: int
    first_player: int | None
    seats: tuple[SeatView, ...]
    invests_left: int = 0
    decision: Decision | None = None
    goal: int = 10
    to_act: tuple[int, ...] = ()
    outcome: Outcome | None = None
