"""Heroes of the Grid: config, state, actions, pending decisions and the View.

Seats are players (1-6). A player controls 1 Ranger, or 2 Rangers who share one
20-card deck, one hand (size 7) and move together (the base rulebook's 2-player mode).
The game is co-operative: `State.focus` is the one seat acting for the team; any seat
hands the turn to a teammate with `Focus` (the team chooses who acts). Enemy turns,
deployment and every automatic effect are resolved by the rules, each narrated by an
event.

Card instances are "<card id>#<copy>" (see cards.py). Enemy figures are counted per
type at each location; monsters, bosses and Psycho Rangers are named figures.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...engine import Model, Outcome, Rng, bounded

HQ = "hq"  # the Command Center (or the Astro Megaship that replaces it)
ALL_RANGERS = (
    "jason",
    "zack",
    "billy",
    "trini",
    "kimberly",
    "andros",
    "carlos",
    "tj",
    "ashley",
    "cassie",
)
FOOT_SOLDIERS = ("putty_patrollers", "super_putty_patrollers", "quantrons")
MONSTERS = ("bones", "knasty_knight", "madame_woe", "pudgy_pig")
PSYCHOS = (
    "psycho_red",
    "psycho_black",
    "psycho_blue",
    "psycho_yellow",
    "psycho_pink",
    "psycho_green",
)


MODES = ("standard", "psycho_assault", "mastermind")
#: the named difficulties (issue 38): each sets the two settings that make the game easier or
#: leave it as printed; any other mix of the two is a custom difficulty
DIFFICULTIES: dict[str, dict[str, object]] = {
    "easier": {"deployments_per_round": 4, "heavy_deployments": False},
    "standard": {"deployments_per_round": 5, "heavy_deployments": True},
}


class Config(Model):
    #: one name per player (seat), 1-6 Ranger players; in Mastermind Mode the LAST name is
    #: the Mastermind player (reorder the names to choose who), the others play the Rangers
    names: tuple[str, ...] = ("Player 1", "Player 2", "Player 3", "Player 4")
    #: "standard"; "psycho_assault" (expansion: the Psycho Rangers replace the monsters and
    #: the boss); "mastermind" (expansion: one player controls the forces of evil)
    mode: Literal["standard", "psycho_assault", "mastermind"] = "standard"
    #: the Rangers in play (2-6), dealt to players in order; empty = a default team.
    #: 1 or 2 Rangers per player (2 per player: shared deck, hand size 7)
    rangers: tuple[str, ...] = ()
    #: the setup form's choice per seat ("" = none), used only when `rangers` is empty:
    #: each seat gets its pick as its first Ranger, the rest come from the default team
    ranger_picks: tuple[str, ...] = ()
    #: always exactly 2 foot soldier types; they pick the 4 outer locations
    foot_soldiers: tuple[str, str] = ("putty_patrollers", "super_putty_patrollers")
    #: the 2 normal monsters (empty: 2 at random, unseen)
    monsters: tuple[str, ...] = ()
    #: how many Psycho Rangers (0-2) replace normal monsters (expansion, "Monster Version")
    psycho_monsters: int = Field(default=0, ge=0, le=2)
    boss: Literal["rita_repulsa", "psycho_rangers"] = "rita_repulsa"
    headquarters: Literal["command_center", "command_center_assault", "astro_megaship"] = (
        "command_center"
    )
    #: outer locations played on their B side (location ids)
    b_sides: tuple[str, ...] = ()
    #: deployments per round: 5, or 4 for an easier game
    deployments_per_round: int = Field(default=5, ge=4, le=5)
    #: the foot soldier deployment cards show 1, 2, 2, 2 and 3 figures per location back
    #: (True: the likeliest printed reading, the default), or 1, 1, 1, 2 and 3 (False: the
    #: easier setting); RULINGS.md 2
    heavy_deployments: bool = True
    #: hands open to the whole team (default), or shown only to their owner
    hidden_hands: bool = False
    #: "auto": Dino Megazord for an all Mighty Morphin team, Mega Voyager for all Space
    #: Rangers, else random
    megazord: Literal["auto", "dino_megazord", "mega_voyager"] = "auto"
    #: Rita's Witch's Curse raises the cost of attack cards only (DB) or all cards (TTS)
    witch_curse_all_cards: bool = False
    #: Psycho Assault Mode: a Psycho Ranger's deployment never panics the location it fills
    #: (False: the expansion's sentence read literally, RULINGS PA3), or panics a location it
    #: brings to its figure limit as any full location (True: the reading before issue 37)
    psycho_fill_panics: bool = False
    cards_dir: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_rangers(cls, data):
        """Deal the Rangers when none are named: each seat's pick first (base rules, Setup:
        each player picks a Ranger), then the default team in order, skipping those taken."""
        if not isinstance(data, dict) or data.get("rangers"):
            return data
        n = len(data.get("names") or ("", "", "", ""))
        if data.get("mode") == "mastermind":
            n -= 1
        per = 2 if n <= 2 else 1
        picks = (tuple(data.get("ranger_picks") or ()) + ("",) * n)[: max(n, 0)]
        pool = iter(r for r in ALL_RANGERS if r not in picks)
        rangers: list[str] = []
        for pick in picks:
            rangers.append(pick or next(pool, ""))
            rangers.extend(next(pool, "") for _ in range(per - 1))
        return {**data, "rangers": tuple(r for r in rangers if r)}

    @model_validator(mode="after")
    def _check(self) -> "Config":
        p, r = len(self.ranger_names), len(self.rangers)
        if self.mode == "mastermind" and len(self.names) < 2:
            raise ValueError("Mastermind Mode needs a Mastermind player and 1-6 Ranger players")
        if self.mode == "psycho_assault" and (self.psycho_monsters or self.boss != "rita_repulsa"):
            raise ValueError("in Psycho Assault Mode the Psycho Rangers are the only villains")
        if not 1 <= p <= 6:
            raise ValueError(f"Heroes of the Grid is for 1-6 players, not {p}")
        if not 2 <= r <= 6:
            raise ValueError(f"2-6 Rangers play, not {r}")
        if r not in (p, 2 * p):
            raise ValueError(f"{p} players run 1 or 2 Rangers each, not {r} Rangers")
        if len(set(self.rangers)) != r or not set(self.rangers) <= set(ALL_RANGERS):
            raise ValueError(f"Rangers must be distinct, from {', '.join(ALL_RANGERS)}")
        if len(set(self.foot_soldiers)) != 2 or not set(self.foot_soldiers) <= set(FOOT_SOLDIERS):
            raise ValueError("choose 2 different foot soldier types")
        if self.psycho_monsters and self.boss == "psycho_rangers":
            raise ValueError("the Psycho Rangers are either monsters or the boss, not both")
        if not set(self.monsters) <= set(MONSTERS) or len(self.monsters) not in (
            0,
            2 - self.psycho_monsters,
        ):
            raise ValueError(
                f"name {2 - self.psycho_monsters} monsters from {', '.join(MONSTERS)}, or none"
            )
        return self

    @property
    def ranger_names(self) -> tuple[str, ...]:
        """The names of the Ranger players (every seat but the Mastermind's)."""
        return self.names[:-1] if self.mode == "mastermind" else self.names

    @property
    def mastermind_seat(self) -> int | None:
        """Mastermind Mode: the Mastermind's seat (always the last); else None."""
        return len(self.names) - 1 if self.mode == "mastermind" else None

    @property
    def per_player(self) -> int:
        return len(self.rangers) // len(self.ranger_names)


# -- state ---------------------------------------------------------------------------------
class Player(Model):
    """One seat: its Ranger(s) and their shared gear."""

    name: str
    rangers: tuple[str, ...]
    location: str = HQ
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: stored (personal) energy, at most 1 per Ranger
    stored: int = 1
    #: unused (face-up) action tokens, and how many the player has in all
    tokens: int = 2
    max_tokens: int = 2
    zords: tuple[str, ...] = ()
    defeats: int = 0


class Location(Model):
    id: str
    #: foot soldier figures by type
    fs: tuple[tuple[str, int], ...] = ()
    #: monster / boss / Psycho Ranger figures here (enemy deck or nemesis ids)
    villains: tuple[str, ...] = ()
    panicked: bool = False
    side_b: bool = False
    #: Psycho Rangers boss location: at its figure limit for the rest of the game
    locked_full: bool = False

    @property
    def fs_count(self) -> int:
        n = 0
        for _, k in self.fs:  # a loop: deployment asks for this for every figure placed
            n += k
        return n

    @property
    def figures(self) -> int:
        n = len(self.villains)
        for _, k in self.fs:
            n += k
        return n


class DeployCard(Model):
    """A deployment card. Foot soldier cards show a type and a count and have a location
    on the back; monster / boss / Psycho cards have their own backs."""

    #: "mm": a Mastermind deployment card (Mastermind Mode): the Mastermind deploys any 2
    #: foot soldier figures; its back shows no location (the Mastermind chooses one)
    kind: Literal["fs", "monster", "boss", "nemesis", "psycho_boss", "mm"]
    fs_type: str = ""
    figures: int = 0
    #: the back: an outer location id for foot soldier cards, else the kind
    back: str = ""
    #: the monster / boss / nemesis it deploys
    enemy: str = ""


class Slot(Model):
    """A card of the combat sequence at (row, col); rows are read top to bottom."""

    card: str
    row: int
    col: int
    hits: int = 0
    defeated: bool = False
    resolved: bool = False
    #: Toughen Up! (Scheme) attached: +1 health each
    toughened: int = 0


class NextAttack(Model):
    """Bonuses waiting for the next attack of this battle."""

    dice: int = 0
    hits: int = 0
    ignore_guard: bool = False
    reroll: bool = False
    #: trade up to this many dice for 1 fixed hit each (Level Headed)
    dice_for_hits: int = 0
    #: trade 1 die for this many hits (Mega V3)
    die_for_hits: int = 0


class Extra(Model):
    """A card lets a Ranger play 1 more card right away."""

    seats: tuple[int, ...]
    reroll: bool = False
    dice_to_hits: bool = False
    #: Double Strike: only a card of this name
    name: str = ""
    #: Double Strike: the Ranger whose ability it is
    ability_of: str = ""


class Attack(Model):
    """An attack being resolved (kept in the state so reactions can join it)."""

    seat: int
    card: str = ""  # card instance, "" for a granted attack
    target: int
    dice: int = 0
    hits: int = 0
    rolled: tuple[int, ...] = ()
    ignore_guard: bool = False
    reroll: bool = False
    dice_to_hits: bool = False
    boost: bool = False
    x: int = 0
    defeated_target: bool = False
    splash: int = 0
    #: Blade Blaster: every target chosen up front (the first is `target`)
    targets: tuple[int, ...] = ()
    #: Mega V3: once the roll is final, 1 die comes off for this many hits
    die_for_hits: int = 0


class Battle(Model):
    location: str
    participants: tuple[int, ...]
    #: the seat holding the lead Ranger token, and which of its Rangers
    lead: int
    lead_ranger: str
    #: "grid": Mastermind Mode's 3x3 combat grid (slots at any (row, col) of 0-2)
    layout: Literal["standard", "psycho_boss", "grid"] = "standard"
    slots: tuple[Slot, ...] = ()
    pool: int = 0
    turn: Literal["prep", "rangers", "enemies", "over"] = "prep"
    #: the Rangers' last turn after the last enemy card has resolved
    final: bool = False
    played: bool = False
    extra: Extra | None = None
    granted: tuple[int, int, int] | None = None  # (seat, dice, splash)
    buffs: NextAttack = NextAttack()
    attack: Attack | None = None
    used_abilities: tuple[str, ...] = ()
    #: seats that have played a card this battle (Path of Cruelty)
    have_played: tuple[int, ...] = ()
    #: (seat, card) of the maneuver or reaction just played: Mega V1 may answer it until
    #: another card is played or the turn ends (Ruling 27)
    mega_v1_card: tuple[int, str] | None = None
    #: Psycho Rangers in this battle and the Ranger their deployment card is attached to
    attached: tuple[tuple[str, str], ...] = ()
    #: villains fighting here (their cards are in the sequence)
    villains: tuple[str, ...] = ()
    last_roll: tuple[int, ...] = ()
    round_started: int = 0
    #: Mastermind Mode (3x3 combat grid): enemy cards drawn, waiting for the Mastermind to
    #: place them (the first is being placed now)
    to_place: tuple[str, ...] = ()
    #: Mastermind Mode: the slot under the combat marker (-1: not placed yet)
    marker: int = -1
    #: Mastermind Mode: the before-the-grid Scheme window has been offered
    grid_window_done: bool = False
    #: Mastermind Mode: the Mastermind passes every Scheme window left in this battle
    schemes_held: bool = False
    #: the foot soldier figures the lead Ranger picked to fight, in drawing order (types)
    fs_order: tuple[str, ...] = ()
    fs_picked: bool = False


class Nemesis(Model):
    id: str
    #: "set_aside": not deployed yet; "deployed": its figure is on the board;
    #: "defeated": its deployment card is face down
    status: Literal["set_aside", "deployed", "defeated"] = "set_aside"
    under: tuple[str, ...] = ()
    #: boss version: the Ranger its deployment card is attached to
    attached_to: str = ""


class Power(Model):
    #: defeated foot soldier figures on the experience track (6 summon a Zord)
    experience: int = 0
    #: the power marker 0-6(7)
    level: int = 0
    zord_deck: tuple[str, ...] = ()
    megazord: str = ""  # summoned Megazord id, "" before
    megazord_token: str = ""  # Dino Megazord: the location with the token
    voyager: int = 0  # Mega Voyager energy
    exhausted: tuple[str, ...] = ()
    #: summoned Zords whose Ranger is not in the game, until the team names who receives
    #: them (`give_zord`, asked once the work in hand settles); the team may use them
    unclaimed: tuple[str, ...] = ()


class Step(Model):
    """Queued work: an enemy effect, a damage instance, an attack stage..."""

    kind: Literal[
        "effect",
        "damage",
        "reveal",
        "end_enemy_turn",
        "roll",
        "hits",
        "after_attack",
        "card_done",
        "end_ranger_turn",
        "start_turns",
        "scheme_window",
        "targets",  # Blade Blaster: choose more targets before the roll
        "ask",  # put a question to a player (`ref` says which) when its turn in the queue comes
        "window",  # a reaction window (`ref` = the trigger)
    ]
    effect: dict | None = None
    seat: int | None = None
    amount: int = 0
    source: str = ""
    slot: int = -1
    #: the Ranger (for "attached" targets) or the card played
    ref: str = ""


class Decision(Model):
    """A question the rules wait on; `asked` seats answer in turn (the first is to act)."""

    kind: Literal[
        "assign_damage",
        "damage_window",
        "reveal_window",
        "reaction_window",
        "prep_draw",
        # draw one card at a time, or stop: a 2-Ranger player's token flip (up to the hand
        # size), Saber-Toothed Tiger (up to 2 each), Mega V4 (any number)
        "draw_more",
        "choose_ranger",  # Mega V4 / Knowledge Is Power: which Ranger (`then` says what)
        "tutor",  # Knowledge Is Power: take a card of your choice from your deck, or pass
        "to_top",  # Tenacity, Triceratops...: put discarded cards on top, one at a time
        "add_target",  # Blade Blaster: add a target (before the roll), or pass
        "divide_hits",  # Blade Blaster: give the next hit to one of the chosen targets
        "discard_some",  # Mega V2: discard up to `amount` cards from hand, one at a time
        # Billy's Strategize: put a card from hand on top of the deck (`optional`: any
        # number of them, one at a time, or none: Rising Moon)
        "hand_to_top",
        # Strategic Defense: `picked` are the 2 top cards of the deck of `seat`; Pick the one
        # that goes on top (`options`: the seats asked next, `held`: the window it answered)
        "peek_top",
        # Meteor Smash, after its discard: Pick(`card`, the card played) for +`amount`
        # energy instead of the +1 die, or Pass to keep the die
        "energy_or_die",
        # Mega V1 used: the player of `card` may put it from their discard pile on the
        # bottom of their deck (Pick it) or leave it (Pass); `held`: the window it answered
        "bottom_deck",
        # a drain, pool empty (§5.5 step 2): ChooseRanger among `options` (Rangers in the
        # battle with stored energy) to lose the next stored energy; `amount` still owed
        "drain_stored",
        # Surf Spot B, a Ranger moving to or from it (`seat`): Pick a card of their discard
        # pile for the bottom of their deck, or Pass; the move then goes on to `trigger`
        # (`then`: "from" if leaving, "to" if arriving)
        "surf_spot",
        "fs_pick",  # the lead Ranger picks which foot soldiers fight, in drawing order
        "recover",
        "cyber_slash",
        # discard `amount` cards of your choice from hand, one at a time: Angel Grove High
        # B's hand-size trim, Meteor Smash's and Lunar Lance's optional discards
        "discard_from_hand",
        # give `amount` hits to an enemy card of your choice among `options` (slots): a
        # splash (`then` = splash_adjacent / splash_far), Quick Shot, Hip-Hop Kido
        "choose_target",
        # Mastermind Mode (the Mastermind answers these)
        "mm_location",  # choose the outer location of this deployment
        "mm_figures",  # choose 2 foot soldier figures (a Mastermind deployment card)
        "grid_place",  # place `card` on an empty space of the 3x3 combat grid
        "marker",  # place (or move) the combat marker: `options` are legal slots
        "scheme_window",  # play a Scheme now (timing `trigger`) or pass
        "scheme_discard",  # discard down to 3 Schemes
        "dark_tactics",  # return the peeked cards `picked` to the top / bottom
        "order_effects",  # a Scheme and a Ranger effect at once: the Mastermind orders them
        # the team answers these
        "deploy_window",  # between deployments: use the Mastodon (FAQ) or pass
        "hq_power_up",  # Command Center Assault cleared: each Ranger there may power up
        "strategize",  # Astro Megaship RECOVER: choose a Ranger to strategize, or pass
        "strategize_draw",  # that Ranger draws 0-3 cards
        "strategize_put",  # ... and puts as many cards from hand on top of the deck
        # Angel Grove Park B at the end of the round (`trigger`: the location), two foot
        # soldier types there: ChooseFigure, the type whose figure moves on
        "park_figure",
        # a summoned Zord whose Ranger is not in the game (`source`: its id): ChooseRanger,
        # the player who receives it (§6)
        "give_zord",
        # Psycho Assault Mode (the team answers)
        "psycho_attach",  # several Rangers may take a Psycho's deployment card: choose one
        # the attacker's own choices (choices.py): which dice to reroll (`source` names the
        # card or ability that allows it, `then` the sources still to ask), which 2 dice
        # Power Axe splashes with; Optimism now or later; the card Shadow Binding leaves
        "reroll",
        "axe_dice",
        "optimism",
        "keep_one",
    ]
    asked: tuple[int, ...]
    prompt: str
    #: assign_damage: the seats that may take it
    options: tuple[int, ...] = ()
    seat: int = -1  # the Ranger suffering the damage / recovering
    amount: int = 0
    card: str = ""  # the revealed card
    trigger: str = ""
    limit: int = 0  # recover: shield limit
    picked: tuple[str, ...] = ()
    source: str = ""
    double: bool = False
    to_hand: bool = False
    #: Mastermind Mode: what to do once this decision is answered
    then: str = ""
    #: Mastermind Mode: the reveal a Scheme window interrupts, kept to be resumed
    held: "Decision | None" = None
    #: Shatter Defenses: shields taken off the revealed card
    malus: int = 0
    #: psycho_attach: the Rangers who may take the Psycho's deployment card
    rangers: tuple[str, ...] = ()
    #: order_effects answered: the Scheme resolved first
    scheme_first: bool = True
    #: draw_more: draw only while the hand is below its size (a token flip)
    hand_cap: bool = False
    #: draw_more: any Ranger, in a battle or not (Mega V4 "at any time")
    anyone: bool = False
    #: draw_more: `limit` cards per Ranger, so twice as many for a 2-Ranger player
    #: (Saber-Toothed Tiger, "each Ranger")
    per_ranger: bool = False
    #: to_top / discard_some: the player may stop before `amount` (Pass)
    optional: bool = False


class State(Model):
    config: Config
    rng: Rng
    round: int = 1
    phase: Literal["deployment", "action", "battle", "over"] = "deployment"
    players: tuple[Player, ...]
    #: the four outer locations in clockwise order
    locations: tuple[Location, ...]
    hq_energy: int
    hq_tokens: int = 0
    hq_tokens_max: int = 0
    #: enemy figures at the Command Center (Command Center Assault)
    hq_enemies: tuple[tuple[str, int], ...] = ()
    hq_villains: tuple[str, ...] = ()
    deploy_deck: tuple[DeployCard, ...]
    deploy_discard: tuple[DeployCard, ...] = ()
    deployments_done: int = 0
    enemy_decks: tuple[tuple[str, tuple[str, ...]], ...]
    enemy_discards: tuple[tuple[str, tuple[str, ...]], ...] = ()
    monsters: tuple[str, ...]
    boss: str
    #: villains defeated so far
    defeated: tuple[str, ...] = ()
    nemeses: tuple[Nemesis, ...] = ()
    power: Power = Power()
    battle: Battle | None = None
    queue: tuple[Step, ...] = ()
    decision: Decision | None = None
    focus: int = 0
    outcome: Outcome | None = None
    #: (round, panicked locations, Command Center energy) at the end of each deployment
    history: tuple[tuple[int, int, int], ...] = ()
    #: the cards each Deployment Phase put under the deployment deck, oldest first (the
    #: counted deck, `state_ops.deck_segments`): usually one a deployment, one fewer when
    #: a deployment discarded none (a Psycho card on top of the deck). Saves from before
    #: it load with () and their phases count as full batches
    deploy_batches: tuple[int, ...] = ()
    #: the first Deployment Phase of the game, as log lines (it runs inside new_game, before
    #: any action, so the match log cannot hold it): how the board came to be
    opening: tuple[str, ...] = ()
    #: a deployment in progress (waiting for the Mastermind's choices): its cards, the
    #: target location ("" until chosen) and the chosen figures
    deploying: tuple[DeployCard, ...] = ()
    deploy_target: str = ""
    deploy_figures: tuple[str, ...] = ()
    #: the deployment (deployments_done) whose Mastodon window has been offered (-1: none)
    deploy_window: int = -1
    #: Psycho Assault Mode: the Ranger the team chose for this deployment's Psycho card
    deploy_ranger: str = ""
    #: Mastermind Mode: the Scheme hand (hidden from the Rangers), deck and discard pile
    schemes: tuple[str, ...] = ()
    scheme_deck: tuple[str, ...] = ()
    scheme_discard: tuple[str, ...] = ()
    #: Psycho Assault Mode: weapon and Path cards set aside (public), and whether the Psycho
    #: Rangers boss deployment card has been revealed
    psycho_aside: tuple[str, ...] = ()
    psycho_boss_deployed: bool = False


# -- actions -------------------------------------------------------------------------------
#: static bounds of action numbers (the rules check the exact ones against the state): a
#: seat (up to 6 Ranger players and the Mastermind), a 3x3 combat grid, and a cap on any
#: index, count or energy that no game reaches; X has no cap of its own (§5.5: the player
#: chooses X): the rules bound it by the pool that pays it
LAST_SEAT, GRID_LAST, CAP, MAX_X = 6, 2, 99, 99


class Focus(Model):
    """Hand the turn to a teammate (the team chooses who acts)."""

    kind: Literal["focus"] = "focus"
    seat: int = bounded(0, LAST_SEAT, rule="Taking actions (§4.2)")


class Move(Model):
    """Action phase, 1 action token: teleport to a location. `power_up` at the Command Center."""

    kind: Literal["move"] = "move"
    to: str
    power_up: bool = False


class StartBattle(Model):
    """Action phase, 1 action token: battle the enemies at your location."""

    kind: Literal["battle"] = "battle"


class Recover(Model):
    """Action phase, 1 action token (or a Command Center token with 4 players)."""

    kind: Literal["recover"] = "recover"
    hq_token: bool = False


class EndPhase(Model):
    """The team is done: end the Action Phase (unused tokens are kept until it ends)."""

    kind: Literal["end_phase"] = "end_phase"


class PlayCard(Model):
    """Play a combat card from hand: attacks and maneuvers on a Ranger turn, reactions
    in a reaction window. `target` is a slot index of the combat sequence; `x` the energy
    paid for an X cost; `boost` takes the card's optional mode."""

    kind: Literal["play"] = "play"
    card: str
    target: int | None = bounded(0, CAP, rule="Attacking enemies (§5.6)", default=None)
    x: int = bounded(0, MAX_X, rule="Energy (§5.5)", default=0)
    boost: bool = False


class GrantedAttack(Model):
    """Orbital Dropkick: the free attack instead of playing a card."""

    kind: Literal["granted_attack"] = "granted_attack"
    target: int = bounded(0, CAP, rule="Attacking enemies (§5.6)")


class Pass(Model):
    """End the Rangers' turn (or decline a reaction, an extra play, a draw)."""

    kind: Literal["pass"] = "pass"


class HoldSchemes(Model):
    """Mastermind Mode: pass this Scheme window and every other one until the battle ends
    (the keyboard need not come back to the Mastermind for each). Private: the Rangers see
    the same as after a `Pass` (Ruling MM6)."""

    kind: Literal["hold_schemes"] = "hold_schemes"


class FlipToken(Model):
    """In a battle you take part in: flip an unused action token for 2 energy (3 with 2 Rangers)."""

    kind: Literal["flip_token"] = "flip_token"


class GiveEnergy(Model):
    """In a battle: move your stored energy into the shared pool."""

    kind: Literal["give_energy"] = "give_energy"


class UseZord(Model):
    """Exhaust a Zord. `location`: where the Mastodon takes a figure or the Dino Megazord's
    token goes; `figure`: the Mastodon's foot soldier type there (the team's pick)."""

    kind: Literal["zord"] = "zord"
    zord: str
    location: str = ""
    figure: str = ""


class UseAbility(Model):
    kind: Literal["ability"] = "ability"
    ranger: str


class ChooseRanger(Model):
    """Answer assign_damage: which player's Ranger suffers it."""

    kind: Literal["choose"] = "choose"
    seat: int = bounded(0, LAST_SEAT, rule="Damage to Rangers (§5.7)")


class Draw(Model):
    """Battle preparation: draw this many cards (up to the hand size)."""

    kind: Literal["draw"] = "draw"
    count: int = bounded(0, CAP, rule="Ranger preparation (§5.1)")


class PowerUp(Model):
    """Command Center Assault: the last enemy at the Command Center is defeated; a Ranger
    there powers up at once (Pass declines)."""

    kind: Literal["power_up"] = "power_up"


class Target(Model):
    """Blade Blaster: add this enemy card (slot) to the targets, or give it the next hit."""

    kind: Literal["target"] = "target"
    slot: int = bounded(0, CAP, rule="Attacking enemies (§5.6)")


class FightFigures(Model):
    """Enemy preparation, two foot soldier types here: the lead Ranger picks the figures
    that fight (at most 4) as a list of types in the order their cards are drawn."""

    kind: Literal["fight"] = "fight"
    figures: tuple[str, ...]


class Pick(Model):
    """RECOVER: take this discarded card back (within the shield limit); Discard: Cyber Slash."""

    kind: Literal["pick"] = "pick"
    card: str


class Dice(Model):
    """An attack's dice, by their place in the roll: the dice to reroll (a reroll question)
    or the 2 dice whose hits Power Axe deals to each adjacent card."""

    kind: Literal["dice"] = "dice"
    dice: tuple[Annotated[int, Field(ge=0, le=CAP)], ...] = Field(
        json_schema_extra={"rule": "Attacking enemies (§5.6)"}
    )


# -- Mastermind Mode actions (the Mastermind seat) -------------------------------------------
class ChooseLocation(Model):
    """Deployment: the next card is a Mastermind deployment card, so the Mastermind picks
    the outer location (id) for the current deployment."""

    kind: Literal["mm_location"] = "mm_location"
    location: str


class DeployFigures(Model):
    """A Mastermind deployment card: the 2 foot soldier figures to deploy (type ids, sorted)."""

    kind: Literal["mm_figures"] = "mm_figures"
    figures: tuple[str, str]


class PlaceCard(Model):
    """Enemy preparation: put the enemy card being placed on the empty grid space (row, col),
    0-2 each, row 0 at the top."""

    kind: Literal["place"] = "place"
    row: int = bounded(0, GRID_LAST, rule="Mastermind Mode, Battle")
    col: int = bounded(0, GRID_LAST, rule="Mastermind Mode, Battle")


class PlaceMarker(Model):
    """Place the combat marker on a card (slot index), or move it after an enemy turn."""

    kind: Literal["marker"] = "marker"
    slot: int = bounded(0, (GRID_LAST + 1) ** 2 - 1, rule="Mastermind Mode, Battle")


class PlayScheme(Model):
    """Play a Scheme card (instance id) at its timing. `target`: an enemy slot (Toughen Up!);
    `seat`: a Ranger seat in the battle (Insidious Doubt); `deck`: an enemy deck id (Dark
    Tactics)."""

    kind: Literal["scheme"] = "scheme"
    card: str
    target: int | None = bounded(0, CAP, rule="Mastermind Mode, Scheme Cards", default=None)
    seat: int | None = bounded(0, LAST_SEAT, rule="Mastermind Mode, Scheme Cards", default=None)
    deck: str = ""


class DiscardScheme(Model):
    """Hand limit: discard this Scheme (down to 3)."""

    kind: Literal["discard_scheme"] = "discard_scheme"
    card: str


class Arrange(Model):
    """Dark Tactics: the peeked cards to put back on top (first = top) and on the bottom
    (first = nearest the top of the bottom part)."""

    kind: Literal["arrange"] = "arrange"
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()


class AttachPsycho(Model):
    """Psycho Assault Mode, Deployment: the Ranger (id) who takes the Psycho Ranger's
    deployment card, when several may (the team's choice)."""

    kind: Literal["psycho_attach"] = "psycho_attach"
    ranger: str


class ChooseFigure(Model):
    """Angel Grove Park B, end of the round: the foot soldier type (id) whose figure moves
    on, when more than one type stands there (the team's pick)."""

    kind: Literal["figure"] = "figure"
    figure: str


class OrderEffects(Model):
    """A Scheme and a Ranger card effect resolve at once: the Mastermind picks the order."""

    kind: Literal["order"] = "order"
    scheme_first: bool


Action = Annotated[
    Focus
    | Move
    | StartBattle
    | Recover
    | EndPhase
    | PlayCard
    | GrantedAttack
    | Pass
    | HoldSchemes
    | FlipToken
    | GiveEnergy
    | UseZord
    | UseAbility
    | ChooseRanger
    | Draw
    | Pick
    | Dice
    | PowerUp
    | FightFigures
    | Target
    | ChooseLocation
    | DeployFigures
    | PlaceCard
    | PlaceMarker
    | PlayScheme
    | DiscardScheme
    | Arrange
    | OrderEffects
    | AttachPsycho
    | ChooseFigure,
    Field(discriminator="kind"),
]


# -- the view ------------------------------------------------------------------------------
class CardView(Model):
    """A combat card as a player sees it."""

    id: str  # instance id, used in PlayCard/Pick
    name: str
    type: str  # attack | maneuver | reaction
    cost: str  # "0".."6" or "X"
    shields: int
    dice: int
    hits: int
    text: str  # generated from the effect data; ★ marks special defence
    trigger: str = ""  # reactions: damage | own_reveal | any_reveal | after_attack | battle_start | roll_miss | attack


class RangerView(Model):
    id: str
    name: str
    title: str
    color: str
    ability_name: str
    ability_text: str
    ability_used: bool  # this battle (once-per-battle abilities)
    zord: str  # the Ranger's own Zord id (summoned or not)
    psycho_attached: tuple[str, ...]  # Psycho Ranger deployment cards attached to this Ranger
    #: Psycho Assault Mode: attached Psycho deployment cards that are face down (defeated)
    psycho_face_down: tuple[str, ...] = ()
    #: Psycho Assault Mode: (psycho id, enemy card names beneath its deployment card)
    psycho_under: tuple[tuple[str, tuple[str, ...]], ...] = ()


class PlayerView(Model):
    """The Ranger panel of one seat."""

    seat: int
    name: str
    rangers: tuple[RangerView, ...]
    location: str  # "hq" or an outer location id
    hand: tuple[CardView, ...] | None  # None when hidden from the viewer (hidden_hands)
    hand_count: int
    hand_size: int  # maximum hand size here
    deck_count: int
    discard: tuple[CardView, ...]  # discard piles are public, top card last
    stored_energy: int
    max_stored: int
    tokens: int  # unused action tokens
    max_tokens: int
    zords: tuple[str, ...]  # Zord ids this seat holds
    in_battle: bool
    is_lead: bool
    defeats: int


class EnemyCardView(Model):
    slot: int
    row: int
    col: int
    name: str
    deck: str  # enemy deck id (foot soldier type, monster, boss, "psycho")
    health: int  # current health (with Path of Stone / Phalanx Formation applied)
    hits: int
    keywords: tuple[str, ...]
    text: str
    defeated: bool
    resolved: bool
    active: bool  # the next card to resolve on the enemies' turn (Mastermind: under the marker)
    targetable: bool  # may be chosen as an attack target now (GUARD applied)
    psycho: str = ""  # Psycho weapon/Path owner
    toughened: int = 0  # Toughen Up! Schemes attached (+1 health each, already in `health`)
    adjacent: tuple[int, ...] = ()  # slots adjacent to this one (orthogonal, no gap): GUARD links
    card: str = ""  # the enemy card's instance id (public: the card lies face up)


class SchemeView(Model):
    """A Scheme card (Mastermind Mode), text generated from its data."""

    id: str  # instance id, used in PlayScheme / DiscardScheme
    name: str
    timing: (
        str  # before_grid | before_first_turn | defense_reveal | ranger_attack | end_ranger_turn
    )
    timing_text: str  # "Before the combat grid is prepared." ...
    text: str  # the effect, generated from data
    playable: bool  # its timing is the open Scheme window's (has a legal PlayScheme now)


class GridCell(Model):
    """One space of the 3x3 combat grid (Mastermind Mode)."""

    row: int
    col: int
    slot: int  # index into BattleView.cards, -1 when empty
    legal: bool  # the card being placed may go here now (a PlaceCard(row, col) is legal)
    marker: bool  # the combat marker is here
    marker_option: bool  # a PlaceMarker(slot) to here is legal now


class GridView(Model):
    """The Mastermind's 3x3 combat grid (replaces the combat sequence)."""

    cells: tuple[GridCell, ...]  # 9 cells, row-major: (0,0) (0,1) ... (2,2)
    placing: str  # name of the enemy card being placed now ("" when none)
    placing_text: str
    placing_keywords: tuple[str, ...]
    to_place: int  # cards drawn and still to place (including the one being placed)
    marker: int  # slot under the combat marker, -1 before it is placed


class BattleView(Model):
    location: str
    layout: str  # "standard" (villain rows above the foot soldier row) | "psycho_boss" (2x3)
    rows: int
    cols: int
    cards: tuple[EnemyCardView, ...]
    pool: int  # the shared energy pool
    turn: str  # prep | rangers | enemies | over
    final_turn: bool
    played: bool  # a card was played this Ranger turn
    extra_play_seats: tuple[int, ...]  # seats that may play an extra card now
    granted_attack: bool
    next_attack: NextAttack
    last_roll: tuple[int, ...]  # hits per die of the latest roll (0 = miss)
    participants: tuple[int, ...]
    lead: int
    lead_ranger: str
    attached: tuple[tuple[str, str], ...]  # (psycho id, ranger id)
    villains: tuple[str, ...]
    grid: GridView | None = None  # Mastermind Mode: the 3x3 combat grid (layout "grid")
    # -- public battle bookkeeping (for bots that rebuild a State from a View) ----------
    extra: Extra | None = None  # the extra play granted now (seats, reroll, dice-to-hits...)
    granted: tuple[int, int, int] | None = None  # a granted attack: (seat, dice, splash)
    attack: Attack | None = None  # the attack being resolved, if any
    have_played: tuple[int, ...] = ()  # seats that have played a card this battle
    round_started: int = 0  # the round the battle began in


class LocationView(Model):
    id: str
    name: str
    position: int  # 0-3 clockwise
    figure_limit: int
    figures: int
    foot_soldiers: tuple[tuple[str, int], ...]  # (type id, count)
    villains: tuple[str, ...]  # monster / boss / Psycho figure ids
    panicked: bool
    full: bool
    side: str  # "A" or "B"
    b_label: str
    b_text: str  # "" on the A side
    rangers: tuple[str, ...]  # Ranger ids here
    megazord_token: bool
    locked_full: bool = False  # counts as full whatever its figures (a location effect)


class DecisionView(Model):
    kind: str
    prompt: str
    asked: tuple[int, ...]
    seat: int
    amount: int
    card: CardView | None
    options: tuple[int, ...]
    picked: tuple[str, ...]
    limit: int
    #: tutor: the cards of the deck (first copy of each), only in the searching seat's view
    deck_cards: tuple[CardView, ...] = ()
    #: Mastermind Mode decisions
    trigger: str = ""  # scheme_window: the timing open now
    locations: tuple[str, ...] = ()  # mm_location: the outer locations to choose from
    figure_options: tuple[tuple[str, str], ...] = ()  # mm_figures: DeployFigures choices
    peeked: tuple[str, ...] = ()  # dark_tactics: the peeked enemy card names (Mastermind only)
    malus: int = 0  # Shatter Defenses: shields taken off the revealed card
    rangers: tuple[str, ...] = ()  # psycho_attach: the Rangers who may take the card
    psycho: str = ""  # psycho_attach: the Psycho Ranger whose card it is
    #: choose_ranger: what the named Ranger then does (tutor, draw_more, telekinesis...)
    then: str = ""


class View(Model):
    """Everything a screen needs, as seen by `seat` (None: a spectator).

    The expansion's modes (`mode`):

    * Mastermind Mode (`mastermind_seat` is the last seat). The Mastermind acts only through
      decisions (`decision.asked == (mastermind_seat,)`, also `to_act`); their legal actions:
      - `mm_location`: `ChooseLocation(location)` for each id in `decision.locations`;
      - `mm_figures`: `DeployFigures(figures)` for each pair in `decision.figure_options`
        (`deploy_target` is where they go);
      - `grid_place`: `PlaceCard(row, col)` on a `battle.grid.cells` cell with `legal`;
        the card being placed is `battle.grid.placing` (+ `placing_text`/`_keywords`);
      - `marker`: `PlaceMarker(slot)` on a cell with `marker_option` (first placement: any
        card; after an enemy turn: the nearest unresolved cards);
      - `scheme_window` (timing `decision.trigger`): `PlayScheme(card, target|seat|deck)`
        for a `schemes` card with `playable`, or `Pass()`; Toughen Up! takes `target` (an
        undefeated slot), Insidious Doubt `seat` (a Ranger in the battle), Dark Tactics
        `deck` (an enemy deck id); `decision.malus` is Shatter Defenses already applied;
      - `scheme_discard`: `DiscardScheme(card)` (`decision.amount` still to discard);
      - `dark_tactics`: `Arrange(top, bottom)`; `decision.peeked` names the cards (empty
        for everybody but the Mastermind, like `schemes`);
      - `order_effects`: `OrderEffects(scheme_first)`.
      `schemes` is the Scheme hand in the Mastermind's own view only (None for the Rangers
      and spectators: show `scheme_count`). `battle.layout == "grid"` with `battle.grid` set
      replaces the combat sequence; `EnemyCardView.adjacent` gives the GUARD links and
      `active` the card under the combat marker.
    * Psycho Assault Mode: `nemeses` (status, `attached_to`, `under`),
      `RangerView.psycho_attached` / `psycho_face_down` / `psycho_under` for the cards in
      front of each Ranger, `psycho_aside` and `psycho_boss_deployed`.
    """

    seat: int | None
    round: int
    phase: str  # deployment | action | battle | over
    focus: int  # the seat acting for the team now
    to_act: tuple[int, ...]
    headquarters: str  # command_center | command_center_assault | astro_megaship
    hq_energy: int  # Command Center energy (respawns)
    hq_tokens: int  # 4 players: Command Center action tokens (RECOVER only)
    hq_enemies: tuple[tuple[str, int], ...]  # Command Center Assault: foot soldiers there
    hq_villains: tuple[str, ...]  # Command Center Assault: monster / boss figures there
    hq_rangers: tuple[str, ...]
    locations: tuple[LocationView, ...]  # clockwise
    deploy_count: int
    next_deploy_back: str  # the back of the next deployment card: location id, "monster", "boss", "nemesis", "psycho_boss"
    deploy_discard: int
    deployments_per_round: int
    heavy_deployments: bool = True  # Config.heavy_deployments (RULINGS.md 2)
    #: the first Deployment Phase, as log lines (State.opening)
    opening: tuple[str, ...] = ()
    experience: int  # 0-6 on the experience track
    experience_max: int
    power: int  # power track 0-6
    power_max: int
    zord_deck: int  # cards left in the Zord deck
    megazord: str
    megazord_token: str
    voyager_energy: int
    exhausted_zords: tuple[str, ...]
    zord_names: tuple[tuple[str, str, str], ...]  # (id, name, text) of Zords in play
    #: (id, name, PSYCHO effect) of the Psycho Ranger deployment cards in play or being dealt
    psycho_texts: tuple[tuple[str, str, str], ...] = ()
    monsters: tuple[str, ...]
    boss: str
    defeated_villains: tuple[str, ...]
    boss_progress: int  # defeated boss cards (Rita: 6 win) or Psycho Rangers defeated
    boss_goal: int
    nemeses: tuple[Nemesis, ...]
    players: tuple[PlayerView, ...]
    battle: BattleView | None
    decision: DecisionView | None
    outcome: Outcome | None
    history: tuple[tuple[int, int, int], ...]  # (round, panicked, hq energy) per round
    deploy_batches: tuple[int, ...] = ()  # State.deploy_batches: cards put under per phase
    # -- the expansion's modes -------------------------------------------------------
    mode: str = "standard"  # standard | psycho_assault | mastermind
    mastermind_seat: int | None = None  # Mastermind Mode: the Mastermind's seat (the last)
    #: the viewer's Scheme hand: only in the Mastermind's own view (None for everyone else)
    schemes: tuple[SchemeView, ...] | None = None
    scheme_count: int = 0  # Schemes in the Mastermind's hand (public)
    scheme_deck: int = 0  # Scheme deck size
    scheme_discard: tuple[SchemeView, ...] = ()  # public discard pile, top card last
    #: the deployment waiting for the Mastermind: its card kinds ("fs", "mm", "monster"...),
    #: the chosen location ("" before) - shown with the mm_location / mm_figures decisions
    deploying: tuple[str, ...] = ()
    deploy_target: str = ""
    #: Psycho Assault Mode: the Psycho deployment cards attached to Rangers are in
    #: `nemeses` (attached_to = Ranger id, status "deployed" face up / "defeated" face down,
    #: `under` = the enemy card ids beneath); RangerView.psycho_attached lists the face-up
    #: ones, `psycho_face_down` the face-down ones per Ranger
    psycho_aside: tuple[str, ...] = ()  # weapon / Path card names set aside
    psycho_boss_deployed: bool = False  # the boss deployment happened: defeat all to win
    # -- public card counts (face-up piles and deck sizes; for bots / monster progress) ---
    #: every enemy deck's discard pile, instance ids, top card last (monster progress: a
    #: monster with 4 cards here at clean-up is defeated; the boss with 6)
    enemy_discards: tuple[tuple[str, tuple[str, ...]], ...] = ()
    enemy_deck_counts: tuple[tuple[str, int], ...] = ()  # cards left in each enemy deck
    #: the deployment deck as a table that remembers the revealed cards knows it
    #: (`state_ops.deck_segments`): per segment, top first, its foot soldier / Mastermind
    #: cards as sorted (figures, back) pairs; their order within a segment is unknown
    deploy_segments: tuple[tuple[tuple[int, str], ...], ...] = ()
    #: villain deployment cards still in the deck (all in the top segment, places unknown)
    deploy_villains: int = 0
