"""Power Rangers Deck-Building Game: Zeo - config, state, actions, pending decisions, views.

Seats and turn order (rulebook "Setup"): seat 0 is a Villain and, unless the two Villains
choose the other one to go first (State.order), holds turn token 1; the sequence of play
is Villain-Hero-Villain-Hero, as the four turn slots of `turn_order`:

    1v1                 seats [Villain, Hero]            slots 0, 1, 0, 1
    2v2                 seats [V1, H1, V2, H2]           slots 0, 1, 2, 3
    2v1 (lone Hero)     seats [V1, Hero, V2]             slots 0, 1, 2, 1
    2v1 (lone Villain)  seats [Villain, H1, H2]          slots 0, 1, 0, 2

Card instances are "card-id#N" strings, unique across the table.
Team 0 is the Villains, team 1 the Heroes.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from ...engine import Model, Outcome, Rng, bounded
from ...engine.shared_models import Option
from .cards import CardFace
from .effects import Effect

Format = Literal["1v1", "2v1", "2v2"]
Phase = Literal["setup", "main", "end", "over"]
VILLAINS, HEROES = 0, 1
TEAM_NAMES = ("Villains", "Heroes")
MAX_HP, MAX_ENERGY, GRID_SIZE, HAND_SIZE = 30, 20, 6, 5
#: "deal 2 and pick 1" in Config.characters
DEAL = ""


def seat_teams(fmt: str, lone: str = "heroes") -> tuple[int, ...]:
    if fmt == "1v1":
        return (VILLAINS, HEROES)
    if fmt == "2v2":
        return (VILLAINS, HEROES, VILLAINS, HEROES)
    return (VILLAINS, HEROES, VILLAINS) if lone == "heroes" else (VILLAINS, HEROES, HEROES)


def turn_order(fmt: str, lone: str = "heroes") -> tuple[int, int, int, int]:
    if fmt == "1v1":
        return (0, 1, 0, 1)
    if fmt == "2v2":
        return (0, 1, 2, 3)
    return (0, 1, 2, 1) if lone == "heroes" else (0, 1, 0, 2)


class Config(Model):
    names: tuple[str, ...] = ("Villain", "Hero")
    format: Format = "1v1"
    #: in 2v1, which team has the lone player (15 HP to start, draws 4, takes both turn slots)
    lone: Literal["heroes", "villains"] = "heroes"
    #: 2v1: the lone team also starts with Energy (14 for a lone Villain, 6 for a lone Hero),
    #: a balance setting of ours; the rulebook starts every team at 0 (DESIGN.md Ruling 1)
    lone_head_start: bool = False
    #: per seat: a character id, or "" to be dealt 2 of your team's characters and pick 1
    characters: tuple[str, ...] = ()
    #: the Serpentera promo: General Venjix joins the Villains and may buy Serpentera Sections
    serpentera: bool = False
    cards_dir: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _fill(cls, data):
        if isinstance(data, dict):
            names = data.get("names")
            if names and "format" not in data:
                data = {**data, "format": {2: "1v1", 3: "2v1", 4: "2v2"}.get(len(names), "1v1")}
            if not names:
                teams = seat_teams(data.get("format", "1v1"), data.get("lone", "heroes"))
                names = tuple(f"{('Villain', 'Hero')[t]} {i + 1}" for i, t in enumerate(teams))
                data = {**data, "names": names}
            if not data.get("characters"):
                data = {**data, "characters": (DEAL,) * len(names)}
        return data

    @model_validator(mode="after")
    def _seats(self) -> "Config":
        need = {"1v1": 2, "2v1": 3, "2v2": 4}[self.format]
        if len(self.names) != need:
            raise _problem(f"a {self.format} game has {need} players, not {len(self.names)}")
        if len(self.characters) != need:
            raise _problem(f"{need} players need {need} character choices")
        self._check_characters()
        return self

    def _check_characters(self) -> None:
        problem = character_problem(
            self.characters, self.teams, self.names, self.serpentera, self.cards_dir
        )
        if problem:
            raise _problem(problem)

    @property
    def teams(self) -> tuple[int, ...]:
        return seat_teams(self.format, self.lone)

    @property
    def order(self) -> tuple[int, int, int, int]:
        return turn_order(self.format, self.lone)


def character_problem(
    characters: tuple[str, ...],
    teams: tuple[int | None, ...],
    names: tuple[str, ...] = (),
    serpentera: bool = True,
    cards_dir: str | None = None,
) -> str:
    """What is wrong with the chosen characters, in a player's words ("" if nothing): each
    exists, belongs to its seat's team (None: not known yet), is chosen once, and is a promo
    character only with the promo on."""
    from ...cards import CardDataError
    from .cards import catalog

    try:
        cat = catalog(cards_dir)
    except CardDataError:
        return ""  # the card folder itself is the problem; setting up the game says so
    chosen = [c for c in characters if c != DEAL]
    for seat, (cid, team) in enumerate(zip(characters, teams, strict=True)):
        if cid == DEAL:
            continue
        who = f"player {seat + 1}" + (f" ({names[seat]})" if seat < len(names) else "")
        ch = cat.characters.get(cid)
        if ch is None:
            known = ", ".join(sorted(cat.characters))
            return f"{who} plays '{cid}', which is not a Zeo character ({known})"
        if team is not None and (ch.team == "heroes") != (team == HEROES):
            return f"{who} plays {ch.name}, who is not on the {TEAM_NAMES[team]} team"
        if ch.promo and not serpentera:
            return f"{ch.name} needs the Serpentera promo option"
        if chosen.count(cid) > 1:
            return f"{ch.name} is chosen by two players"
    return ""


def _problem(message: str) -> PydanticCustomError:
    """A settings error whose message is shown as it is (no "Value error," in front)."""
    return PydanticCustomError("zeo_settings", message)


# -- actions ------------------------------------------------------------------------------------
class Pick(Model):
    """Setup: choose 1 of the 2 characters you were dealt."""

    kind: Literal["pick"] = "pick"
    character: str


class Play(Model):
    """Play a card from hand for its Shards and Energy (Starter/Stun text takes effect)."""

    kind: Literal["play"] = "play"
    card: str


class Buy(Model):
    """Buy: a Grid card (`index`), the Zeo Blaster on top, your Signature Item, your own
    Zord/Master, the top of the Zord/Master stack, or the top Serpentera Section."""

    kind: Literal["buy"] = "buy"
    source: Literal["grid", "blaster", "item", "own", "stack", "serpentera"]
    index: int = bounded(0, 5, rule="Buying Cards", default=0)


class Attach(Model):
    """Attach a card from hand to an empty matching slot (0-3) of your character."""

    kind: Literal["attach"] = "attach"
    card: str
    slot: int = bounded(0, 3, rule="Attaching Cards")


class AttachTile(Model):
    """Re-attach a Zord (to the Zord Bay) or a Master (yours to your orange slot, others to
    The Lair) drawn from your deck."""

    kind: Literal["attach_tile"] = "attach_tile"
    card: str


class Battle(Model):
    """Battle an adversary in The Grid (`index`), or (`slot`) a Defector/Singing Zap attached
    to your own character."""

    kind: Literal["battle"] = "battle"
    index: int | None = bounded(0, 5, rule="Battling Adversary Cards", default=None)
    slot: int | None = bounded(0, 3, rule="Battling Adversary Cards", default=None)


class Activate(Model):
    """Activate an ability: your flipped character, a ready attached card (`index` = slot), a
    ready Zord in the Zord Bay (`index`), the Zord Bay itself, or Serpentera."""

    kind: Literal["activate"] = "activate"
    source: Literal["character", "slot", "zord", "bay", "serpentera"]
    index: int = bounded(0, 4, rule="Activated Abilities", default=0)


class DestroyBlaster(Model):
    """Destroy a Zeo Blaster you played this turn for its ability."""

    kind: Literal["destroy_blaster"] = "destroy_blaster"
    card: str


class DiscardAttached(Model):
    """Discard an attached card: ready ones in the Main Phase, any in the End Phase."""

    kind: Literal["discard_attached"] = "discard_attached"
    slot: int = bounded(0, 3, rule="Attaching Cards")


class EndMain(Model):
    """End the Main Phase: end-of-turn effects, then 1 damage per adversary in The Grid."""

    kind: Literal["end_main"] = "end_main"


class EndTurn(Model):
    """Finish the End Phase: discard played cards and hand, draw up, next player."""

    kind: Literal["end_turn"] = "end_turn"


class Choose(Model):
    """Answer the pending Decision with one of its options."""

    kind: Literal["choose"] = "choose"
    option: str


Action = Annotated[
    Pick
    | Play
    | Buy
    | Attach
    | AttachTile
    | Battle
    | Activate
    | DestroyBlaster
    | DiscardAttached
    | EndMain
    | EndTurn
    | Choose,
    Field(discriminator="kind"),
]


# -- state --------------------------------------------------------------------------------------
class Attached(Model):
    card: str
    ready: bool = True
    #: Defector / Singing Zap: only its character's owner can remove it, only by Battle
    stuck: bool = False


class Player(Model):
    character: str = ""
    #: Ranger / Empowered side
    flipped: bool = False
    slots: tuple[Attached | None, ...] = (None, None, None, None)
    deck: tuple[str, ...] = ()  # top first
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: cards played this turn (the play area)
    played: tuple[str, ...] = ()
    #: Ongoing Locations in play in front of this player
    locations: tuple[str, ...] = ()
    #: setup: the 2 characters dealt
    offer: tuple[str, ...] = ()
    item_gained: bool = False
    own_gained: bool = False
    #: the flipped character's ability was used this turn
    char_used: bool = False
    serpentera: int = 0
    serpentera_ready: bool = True


class Team(Model):
    hp: int = MAX_HP
    energy: int = 0


class Job(Model):
    """Effects on their way: whose, from where, how far, and (inside an Attack) against whom."""

    seat: int
    effects: tuple[Effect, ...]
    step: int = 0
    source: str = ""
    #: inside an Attack: the target foe's seat (None = the opposing team)
    target: int | None = None
    #: the attached slot the ability came from (Love Arrows discards itself)
    slot: int | None = None
    #: for "each foe" effects: how many foes are done
    sub: int = 0
    #: "discard N": how many cards the current foe has discarded so far
    done: int = 0
    #: internal steps: "start" (a start-of-turn effect, ordered by the player),
    #: "adversaries" (end-phase damage), "trey:<seat>:<slot>" (destroy after an Attack)
    marker: str = ""
    ordered: bool = False


class Decision(Model):
    """A question one seat must answer (with `Choose`) before anything else happens."""

    kind: Literal[
        "target",
        "block",
        "destroy",
        "discard",
        "discard_attached",
        "ready",
        "attach_grid",
        "slot",
        "copy",
        "character",
        "refresh",
        "order",
        "first",
    ]
    seat: int
    prompt: str
    options: tuple[Option, ...]
    #: the card the question is about (Defector being attached; the card a "slot" question
    #: places: option ids are "<seat>:<slot>")
    card: str = ""


class PendingAttack(Model):
    """An Attack waiting for Blocks: defenders decide one at a time, in `waiting` order."""

    attacker: int
    source: str
    #: where the attacking card is attached ("slot:2") for Trey of Triforia's destroy
    source_ref: str = ""
    effects: tuple[Effect, ...]
    if_negated: tuple[Effect, ...] = ()
    #: one Attack per entry: a target seat, or None for the whole team (non-targeted)
    parts: tuple[int | None, ...]
    #: seats still to decide, and for which part (index into parts)
    waiting: tuple[tuple[int, int], ...]
    negated: tuple[bool, ...]
    forced: bool = False
    destroy_source: bool = False


class State(Model):
    config: Config
    rng: Rng
    phase: Phase = "setup"
    turn: int = 0
    #: position in the 4-slot turn order
    slot: int = 0
    #: the turn order once the Villains have chosen who goes first (empty: Config.order)
    order: tuple[int, ...] = ()
    active: int = 0
    players: tuple[Player, ...]
    teams: tuple[Team, Team] = (Team(), Team())
    grid: tuple[str | None, ...] = ()
    main_deck: tuple[str, ...] = ()
    main_discard: tuple[str, ...] = ()
    destroyed: tuple[str, ...] = ()
    blasters: tuple[str, ...] = ()
    blaster_up: bool = True
    stuns: tuple[str, ...] = ()
    zord_stack: tuple[str, ...] = ()
    zord_up: bool = True
    master_stack: tuple[str, ...] = ()
    master_up: bool = True
    bay: tuple[Attached, ...] = ()
    bay_side: Literal["bay", "battlezord", "megazord"] = "bay"
    bay_used: bool = False
    zord_acts: int = 0
    lair: tuple[str, ...] = ()
    shards: int = 0
    #: HP the active player's team has healed this turn (Stuns: "Heal 2+" in total)
    healed: int = 0
    #: attached cards and Zords whose activated ability was used this turn: once per turn,
    #: even if they are readied again
    used: tuple[str, ...] = ()
    battle_draws: tuple[int, ...] = ()
    #: the main deck could not refill The Grid: the game ends after this turn
    last_turn: bool = False
    jobs: tuple[Job, ...] = ()
    decision: Decision | None = None
    attack: PendingAttack | None = None
    #: (Villain HP, Hero HP) at the start of each turn, for the game-over chart
    hp_history: tuple[tuple[int, int], ...] = ()
    outcome: Outcome | None = None


# -- views --------------------------------------------------------------------------------------
class GridCardView(Model):
    index: int
    card: CardFace | None
    #: an adversary of the viewer's team (Battle it, may not buy it)
    adversary: bool = False
    #: the price this viewer would pay now (after discounts), buy or Battle
    price: int | None = None


class SlotView(Model):
    #: red (Hero), purple (Villain), blue (Equipment), green (Maneuver), orange (own Master),
    #: rainbow (any type but Villains: Jason Lee Scott)
    colour: str
    card: CardFace | None = None
    instance: str = ""
    ready: bool = True
    stuck: bool = False
    #: a stuck Defector / Singing Zap: what its character's owner pays to Battle it
    price: int | None = None


class CharacterView(Model):
    id: str
    name: str
    #: the side showing: Teenager/Scheming, or Ranger/Empowered once flipped
    side_name: str
    flipped: bool
    #: the text of the side showing, and of the other side
    text: str
    other_text: str
    ability_cost: int | None = None
    ability_used: bool = False
    slots: tuple[SlotView, ...]


class SeatView(Model):
    name: str
    team: int
    character: CharacterView | None = None
    hand_count: int = 0
    #: the hand (instance, face), seen by its own seat and its teammate; empty for foes
    hand: tuple[tuple[str, CardFace], ...] = ()
    deck_count: int = 0
    discard: tuple[CardFace, ...] = ()
    played: tuple[tuple[str, CardFace], ...] = ()
    locations: tuple[CardFace, ...] = ()
    #: Signature Item and own Zord/Master set aside (None once gained)
    item: CardFace | None = None
    own: CardFace | None = None
    serpentera: int = 0
    #: setup: the 2 characters dealt (own team only) and whether a pick was made
    offer: tuple[CardFace, ...] = ()
    #: for each dealt character, its Signature Item and its Zord (Hero) or Master (Villain),
    #: to look at before choosing (rulebook "Setup")
    offer_cards: tuple[tuple[CardFace, CardFace], ...] = ()
    picked: bool = False


class TeamView(Model):
    name: str
    hp: int
    max_hp: int = MAX_HP
    energy: int
    max_energy: int = MAX_ENERGY


class StackView(Model):
    count: int
    #: the face-up top card, if any (None if face down or empty)
    top: CardFace | None = None


class ZordBayView(Model):
    #: "bay" (Zeo Zord Bay, 1 activation), "battlezord" (Red Battlezord, 3), "megazord" (5)
    side: str
    side_name: str
    text: str
    ability_cost: int
    ability_used: bool
    activations_left: int
    slots: tuple[SlotView, ...]


class AttackView(Model):
    attacker: int
    source: str
    text: str
    parts: tuple[int | None, ...]
    waiting_on: int | None


class View(Model):
    """Everything the screen may show to `viewer` (None = spectator). Widgets read only this.

    Answering: the seats in `to_act` must act; a seat's keys come from
    `Rules.legal_actions(state, seat)` (each action has `Rules.describe`). A pending question
    (`decision`, answered with `Choose(option=id)`) is shown in full only to its own seat;
    everyone else gets `decision_seat` and `decision_prompt` ("Hero 2 decides whether to
    Block"), so a Block prompt can sit behind the defender's curtain. The log is not kept
    here: use the events `Rules.apply` / `Match.play` return (`Match.events`).
    """

    #: the seat this view is for (None: a spectator, no hand shown)
    viewer: int | None
    #: "1v1", "2v1" or "2v2"
    format: str
    #: "setup" (characters being picked), "main", "end" (End Phase: discard attached cards,
    #: then EndTurn) or "over"
    phase: Phase
    #: turns started so far (1 = the first Villain turn)
    turn: int
    #: whose turn it is
    active: int
    #: the four turn slots (seat per slot, Villain-Hero-Villain-Hero) and the current slot
    turn_order: tuple[int, int, int, int]
    turn_slot: int
    #: one per seat: name, team (0 Villains, 1 Heroes), character with 4 slots, hand (own
    #: team only; foes get hand_count), deck_count, discard (public), played (the play
    #: area), locations (Ongoing, in play), the set-aside Signature Item / own Zord-Master
    #: (None once gained), Serpentera Sections bought, setup offer (own team only)
    seats: tuple[SeatView, ...]
    #: the two status trackers: teams[0] Villains, teams[1] Heroes (hp/max_hp, energy/max)
    teams: tuple[TeamView, TeamView]
    #: the 6 Grid spaces, left to right; card None = empty until the next Start Phase;
    #: `adversary` and `price` are from the viewer's side (Battle cost for adversaries)
    grid: tuple[GridCardView, ...]
    #: main deck: count only (face down)
    main_deck: StackView
    #: the main deck discard pile (Battled and replaced Grid cards), public
    main_discard: tuple[CardFace, ...]
    #: the destroyed pile (count)
    destroyed_count: int
    #: Zeo Blaster stack (top shown when face up: one may be bought a turn)
    blasters: StackView
    #: Stun stack (face up)
    stuns: StackView
    #: Zord and Master stacks beside The Grid (top shown when face up)
    zords: StackView
    masters: StackView
    #: Serpentera Sections left (promo, only with General Venjix in play)
    serpentera: StackView | None = None
    #: the Heroes' Zord Bay: side (bay / Red Battlezord / Zeo Megazord), its text, the ready
    #: ability's cost and whether it was used, Zord activations left, up to 5 Zord slots
    bay: ZordBayView
    #: the Villains' Lair: Masters attached there (both Villains control them) and its text
    lair: tuple[CardFace, ...]
    lair_text: str
    #: the active player's unspent Shards
    shards: int
    #: the question for the viewer (None if the viewer has none to answer)
    decision: Decision | None = None
    #: who must answer the pending question (any viewer may see who), and its prompt
    decision_seat: int | None = None
    decision_prompt: str = ""
    #: an Attack waiting for Blocks: attacker, source card, text, target seats (None = the
    #: whole team) and which seat is deciding now
    attack: AttackView | None = None
    #: the main deck could not refill The Grid: the game ends after this turn
    last_turn: bool = False
    #: (Villain HP, Hero HP) at the start of every turn, for the game-over chart
    hp_history: tuple[tuple[int, int], ...] = ()
    to_act: tuple[int, ...] = ()
    outcome: Outcome | None = None
