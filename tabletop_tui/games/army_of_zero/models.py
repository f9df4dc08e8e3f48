"""Army Of Zero: config, state, actions and the per-seat view."""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field

from ...engine import Model, Outcome, Rng
from .cards import Character

CombatCard = Literal["attack", "defend"]
Phase = Literal["order", "battle", "over"]


class Config(Model):
    names: tuple[str, str] = ("Player 1", "Player 2")
    #: a user's own card folder (`--cards DIR`); None plays the shipped cards
    cards_dir: str | None = None


# -- actions -------------------------------------------------------------------
class PlaceCharacter(Model):
    """Put a character next on the squad pile (top first)."""

    kind: Literal["place"] = "place"
    card: str


class PlaceRest(Model):
    """Lay down the remaining characters in the order shown."""

    kind: Literal["place_rest"] = "place_rest"


class ChooseCombat(Model):
    """Step 1: put a Combat Card face down."""

    kind: Literal["combat"] = "combat"
    card: CombatCard


Action = Annotated[PlaceCharacter | PlaceRest | ChooseCombat, Field(discriminator="kind")]


# -- state ---------------------------------------------------------------------
class SeatState(Model):
    #: characters still to be placed on the squad pile (ordering phase)
    unplaced: tuple[str, ...] = ()
    #: the squad pile, top card first; fixed once laid down
    squad: tuple[str, ...] = ()
    laid_down: bool = False
    fighter: str | None = None
    survivors: tuple[str, ...] = ()
    defeated: tuple[str, ...] = ()
    attacks_in_hand: int = 2
    defend_in_hand: bool = True
    #: Combat Cards left on the table by step 7, oldest first
    table: tuple[CombatCard, ...] = ()
    #: the secret choice of step 1, until both have chosen
    choice: CombatCard | None = None

    @property
    def alive(self) -> int:
        return (
            len(self.unplaced) + len(self.squad) + len(self.survivors) + (self.fighter is not None)
        )


class Roll(Model):
    seat: int
    ability: str
    modifier: int
    die: int

    @property
    def total(self) -> int:
        return self.die + self.modifier


class Test(Model):
    """One test of abilities: the step it belongs to, both rolls and what it decided."""

    step: int
    kind: Literal["combat", "speed", "weapon"]
    rolls: tuple[Roll, Roll]
    #: the seat that won the test (None: a tie in a speed roll)
    winner: int | None
    text: str


class Exchange(Model):
    number: int
    cards: tuple[CombatCard, CombatCard]
    tests: tuple[Test, ...] = ()
    killed: tuple[int, ...] = ()
    steps: tuple[int, ...] = ()


class State(Model):
    config: Config
    rng: Rng
    phase: Phase = "order"
    phase_number: int = 1
    confrontation: int = 0
    exchange: int = 0
    seats: tuple[SeatState, SeatState]
    last: Exchange | None = None
    outcome: Outcome | None = None


# -- views ---------------------------------------------------------------------
class SeatView(Model):
    name: str
    #: own unplaced characters (ordering) - only for the owner
    unplaced: tuple[Character, ...] = ()
    #: own squad pile in order - only for the owner
    squad: tuple[Character, ...] = ()
    squad_count: int = 0
    unplaced_count: int = 0
    laid_down: bool = False
    fighter: Character | None = None
    survivors: tuple[Character, ...] = ()
    defeated: tuple[Character, ...] = ()
    attacks_in_hand: int = 2
    defend_in_hand: bool = True
    table: tuple[CombatCard, ...] = ()
    has_chosen: bool = False
    #: the chosen card, shown only to its owner until the reveal
    choice: CombatCard | None = None
    alive: int = 0


class View(Model):
    viewer: int | None
    phase: Phase
    phase_number: int
    confrontation: int
    exchange: int
    seats: tuple[SeatView, SeatView]
    last: Exchange | None = None
    to_act: tuple[int, ...] = ()
    outcome: Outcome | None = None
