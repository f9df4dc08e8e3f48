"""Power Rangers Deck-Building Game: Zeo - every rule of its rulebook ("Setup", "Playing the
Game", the three phases in detail, "Other Card Types", "Miscellaneous Rules" and the Zeo
clarifications). Rejections name the rulebook section they come from.

Flow: setup (deal 2 and pick 1, if asked) -> turns in the order Villain, Hero, Villain,
Hero. A turn is Start Phase (refill The Grid, flip stack tops, ready attached cards,
start-of-turn effects in the player's order), Main Phase (play, buy, attach, Battle,
activate, discard a ready attached card, in any order, until EndMain), End Phase
(end-of-turn effects, 1 damage per adversary in The Grid, discard attached cards at will,
then EndTurn: discard played cards and hand, draw up to 5).

Card abilities are data (effects.py) run by a small interpreter here: a stack of `Job`s
inside the State. A choice inside an effect is a `Decision` for one seat; an Attack is a
`PendingAttack` that makes each defending seat act in turn with a Block prompt. Every
defender always gets the prompt (with only "decline" when no Block is possible), so
declining never reveals whether a Block was available.

Rulings where the rulebook is silent are in card_data/zeo-dbg/DESIGN.md ("Rulings").
"""

from __future__ import annotations

import random

from ...engine import Event, Outcome, Rejection, Rng, Rules, Seat, replace_at
from .cards import SLOT_TAKES, Card, Catalog, catalog
from .effects import Attack, Damage, Draw, Ready, effects_text
from .models import (
    DEAL,
    GRID_SIZE,
    HAND_SIZE,
    HEROES,
    MAX_ENERGY,
    MAX_HP,
    TEAM_NAMES,
    VILLAINS,
    Action,
    Activate,
    Attach,
    Attached,
    AttachTile,
    AttackView,
    Battle,
    Buy,
    CharacterView,
    Choose,
    Config,
    Decision,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    GridCardView,
    Job,
    Option,
    PendingAttack,
    Pick,
    Play,
    Player,
    SeatView,
    SlotView,
    StackView,
    State,
    Team,
    TeamView,
    View,
    ZordBayView,
)

#: Zord Bay sides: (name, Zord activations per turn, ready-ability Energy cost, text)
BAY = {
    "bay": ("Zeo Zord Bay", 1, 1, "Activate (1 Energy): ready 1 Zord. 1 Zord activation a turn."),
    "battlezord": (
        "Red Battlezord",
        3,
        2,
        "Attach 3 Zords. Activate (2 Energy): ready all Zords. 3 Zord activations a turn.",
    ),
    "megazord": (
        "Zeo Megazord",
        5,
        3,
        "Attach 5 Zords. Activate (3 Energy): ready all Zords and deal 4 unblockable damage. "
        "5 Zord activations a turn.",
    ),
}
LAIR_HEAL = 2
LAIR_TEXT = f"When a Master is attached here, Heal {LAIR_HEAL}. Both Villains control its Masters."
SERPENTERA = ("serpentera-tail", "serpentera-scales", "serpentera-head")
ZM_COST, ZM_DISCOUNT = 7, 2


def _no(rule: str, reason: str) -> Rejection:
    return Rejection(rule=rule, reason=reason)


def _cat(state: State) -> Catalog:
    return catalog(state.config.cards_dir)


def team_of(state: State, seat: int) -> int:
    return state.config.teams[seat]


def turn_order(state: State) -> tuple[int, ...]:
    return state.order or state.config.order


def foes(state: State, seat: int) -> list[int]:
    t = state.config.teams[seat]
    return [s for s, x in enumerate(state.config.teams) if x != t]


def mates(state: State, seat: int) -> list[int]:
    t = state.config.teams[seat]
    return [s for s, x in enumerate(state.config.teams) if x == t and s != seat]


def is_lone(state: State, seat: int) -> bool:
    return state.config.format == "2v1" and not mates(state, seat)


def hand_size(state: State, seat: int) -> int:
    return HAND_SIZE - 1 if is_lone(state, seat) else HAND_SIZE


def _pl(state: State, seat: int, **update) -> State:
    return state.model_copy(
        update={
            "players": replace_at(
                state.players, seat, state.players[seat].model_copy(update=update)
            )
        }
    )


def _team(state: State, team: int, **update) -> State:
    teams = list(state.teams)
    teams[team] = teams[team].model_copy(update=update)
    return state.model_copy(update={"teams": tuple(teams)})


def _name(state: State, seat: int) -> str:
    return state.config.names[seat]


def _card_name(state: State, inst: str) -> str:
    return _cat(state).card(inst).name


# -- small table primitives (each returns a new state and appends events) -----------------------
def draw(state: State, seat: int, n: int, ev: list) -> State:
    """Draw from your own deck; shuffle the discard pile only at the moment a draw needs it."""
    p = state.players[seat]
    deck, hand, discard, rng = list(p.deck), list(p.hand), p.discard, state.rng
    drawn = 0
    for _ in range(n):
        if not deck:
            if not discard:
                break
            shuffled, rng = rng.shuffled(discard)
            deck, discard = list(shuffled), ()
            ev.append(
                Event(
                    text=f"{_name(state, seat)} shuffles their discard pile into a deck",
                    kind="shuffle",
                    seat=seat,
                    barrier=True,
                )
            )
        hand.append(deck.pop(0))
        drawn += 1
    if drawn:
        ev.append(
            Event(text=f"{_name(state, seat)} draws {drawn}", kind="draw", seat=seat, barrier=True)
        )
    state = state.model_copy(update={"rng": rng})
    return _pl(state, seat, deck=tuple(deck), hand=tuple(hand), discard=discard)


def hurt(state: State, team: int, n: int, ev: list, why: str = "") -> State:
    hp = max(0, state.teams[team].hp - n)
    state = _team(state, team, hp=hp)
    ev.append(
        Event(
            text=f"{TEAM_NAMES[team]} take {n} damage{why} ({hp} HP)",
            kind="damage",
            data={"team": team, "amount": n},
        )
    )
    if hp <= 0 and state.outcome is None:
        winners = tuple(s for s, t in enumerate(state.config.teams) if t != team)
        state = state.model_copy(
            update={
                "outcome": Outcome(
                    winners=winners,
                    summary=f"The {TEAM_NAMES[1 - team]} win: the {TEAM_NAMES[team]} are at 0 HP",
                ),
                "phase": "over",
                "decision": None,
                "attack": None,
                "jobs": (),
            }
        )
    return state


def heal(state: State, seat: int, n: int, ev: list) -> State:
    team = team_of(state, seat)
    old = state.teams[team].hp
    new = min(MAX_HP, old + n)
    state = _team(state, team, hp=new)
    if new > old:  # at full HP a Heal does not resolve as healing: nothing to tell
        ev.append(
            Event(text=f"{TEAM_NAMES[team]} Heal {new - old} ({new} HP)", kind="heal", seat=seat)
        )
    if new > old and seat == state.active:
        # Stun Cards: healing 2+ HP in the turn counts every Heal of the turn, a single
        # effect being only the shortest way there
        state = state.model_copy(update={"healed": state.healed + new - old})
        if state.healed >= 2:
            state = return_stuns(state, seat, ev)
    return state


def return_stuns(state: State, seat: int, ev: list) -> State:
    """Stuns: Heal 2+ HP in the turn you play them and they go back to the Stun stack."""
    p = state.players[seat]
    stuns = tuple(c for c in p.played if c.startswith("stun#"))
    if not stuns:
        return state
    ev.append(Event(text=f"{len(stuns)} Stun(s) return to the Stun stack", seat=seat))
    state = _pl(state, seat, played=tuple(c for c in p.played if c not in stuns))
    return state.model_copy(update={"stuns": state.stuns + stuns})


def gain_energy(state: State, team: int, n: int) -> State:
    return _team(state, team, energy=max(0, min(MAX_ENERGY, state.teams[team].energy + n)))


def gain_stun(state: State, seat: int, ev: list) -> State:
    """If the Stun stack is empty, ignore the effect."""
    if not state.stuns:
        return state
    top = state.stuns[0]
    state = state.model_copy(update={"stuns": state.stuns[1:]})
    ev.append(Event(text=f"{_name(state, seat)} gains a Stun", seat=seat))
    return _pl(state, seat, discard=state.players[seat].discard + (top,))


def destroy(state: State, inst: str, ev: list) -> State:
    """To the destroyed pile; a destroyed Zeo Blaster returns to the bottom of its stack."""
    if inst.startswith("zeo-blaster#"):
        ev.append(Event(text="a Zeo Blaster returns to the bottom of its stack"))
        return state.model_copy(update={"blasters": state.blasters + (inst,)})
    ev.append(Event(text=f"{_card_name(state, inst)} is destroyed"))
    return state.model_copy(update={"destroyed": state.destroyed + (inst,)})


def controls_own(state: State, seat: int) -> bool:
    """This seat controls its personal Zord (in the Zord Bay) / Master (in its orange slot)."""
    ch = state.players[seat].character
    if not ch:
        return False
    own = _cat(state).characters[ch].own
    if team_of(state, seat) == HEROES:
        return any(z.card.split("#")[0] == own for z in state.bay)
    s = state.players[seat].slots[3]
    return s is not None and s.card.split("#")[0] == own


def masters_controlled(state: State, seat: int) -> list[str]:
    out = list(state.lair)
    s = state.players[seat].slots[3]
    if s is not None and _cat(state).card(s.card).kind == "master":
        out.insert(0, s.card)
    return out


def zm_price(state: State, seat: int) -> int:
    price = ZM_COST
    if any(controls_own(state, m) for m in mates(state, seat)):
        price -= ZM_DISCOUNT
    ch = _cat(state).characters.get(state.players[seat].character)
    if ch and ch.static == "master_discount" and not state.players[seat].flipped:
        price -= 1
    return price


def battle_price(state: State, seat: int, card: Card) -> int:
    price = card.battle_cost or 0
    ch = _cat(state).characters.get(state.players[seat].character)
    if ch and ch.static == "battle_discount" and not state.players[seat].flipped:
        price = max(1, price - 1)
    return price


def adversary(state: State, seat: int, card: Card) -> bool:
    """Heroes in The Grid are adversaries of the Villains, Villains of the Heroes."""
    return card.kind == ("villain" if team_of(state, seat) == HEROES else "hero")


def open_slots(state: State, seat: int) -> list[int]:
    """The character's empty slots other than the orange (own Master) one."""
    p = state.players[seat]
    colours = _cat(state).characters[p.character].slots
    return [k for k, s in enumerate(p.slots) if s is None and colours[k] != "orange"]


def slot_accepts(state: State, seat: int, slot: int, card: Card) -> bool:
    ch = _cat(state).characters[state.players[seat].character]
    colour = ch.slots[slot]
    if colour == "orange":
        return False
    if colour == "rainbow":
        # "any card type (aside from Villains)"; Zords and Masters have their own places
        # (the Zord Bay, the orange slot, The Lair), Locations and Sections never reach a hand
        return card.kind not in ("villain", "zord", "master", "location", "section")
    return card.any_colour or SLOT_TAKES.get(colour) == card.kind


def place_in_bay(state: State, inst: str, ev: list, seat: int | None = None) -> State:
    if len(state.bay) >= 5:
        ev.append(
            Event(
                text=f"{_card_name(state, inst)}: the Zord Bay is full, so it goes to "
                "the discard pile"
            )
        )
        if seat is None:
            seat = state.active
        return _pl(state, seat, discard=state.players[seat].discard + (inst,))
    state = state.model_copy(update={"bay": state.bay + (Attached(card=inst, ready=True),)})
    ev.append(Event(text=f"{_card_name(state, inst)} attaches to the Zord Bay", kind="zord"))
    return settle_bay(state, ev)


def settle_bay(state: State, ev: list) -> State:
    """Red Battlezord at 3 Zords (exhaust them all; never flips back), Zeo Megazord at 5
    (reverts to the Red Battlezord below 5)."""
    n, side = len(state.bay), state.bay_side
    if side == "bay" and n >= 3:
        ev.append(Event(text="The Zord Bay flips to the Red Battlezord", kind="zord"))
        state = state.model_copy(
            update={
                "bay_side": "battlezord",
                "bay": tuple(z.model_copy(update={"ready": False}) for z in state.bay),
            }
        )
        side = "battlezord"
    if side == "battlezord" and n >= 5:
        ev.append(Event(text="The Zeo Megazord is built!", kind="zord"))
        state = state.model_copy(update={"bay_side": "megazord"})
    elif side == "megazord" and n < 5:
        ev.append(
            Event(text="The Zeo Megazord comes apart: back to the Red Battlezord", kind="zord")
        )
        state = state.model_copy(update={"bay_side": "battlezord"})
    return state


def attach_master_to_lair(state: State, seat: int, inst: str, ev: list) -> State:
    state = state.model_copy(update={"lair": state.lair + (inst,)})
    ev.append(Event(text=f"{_card_name(state, inst)} attaches to The Lair", seat=seat))
    return heal(state, seat, LAIR_HEAL, ev)


def settle_flips(state: State, ev: list) -> State:
    """Four filled slots flip a character (never back); a Hero gains their own Zord."""
    for seat, p in enumerate(state.players):
        if p.character and not p.flipped and all(s is not None for s in p.slots):
            ch = _cat(state).characters[p.character]
            state = _pl(state, seat, flipped=True)
            ev.append(
                Event(text=f"{_name(state, seat)} flips to {ch.side_b}", kind="flip", seat=seat)
            )
            if team_of(state, seat) == HEROES and not p.own_gained:
                state = _pl(state, seat, own_gained=True)
                state = place_in_bay(state, f"{ch.own}#0", ev, seat)
    return state


def attach_trigger(state: State, seat: int, card: Card) -> State:
    return _trigger(state, seat, "attach", card.kind)


def _trigger(state: State, seat: int, what: str, kind: str) -> State:
    """A starting-side triggered ability ("When you ..."): only its own player triggers it."""
    p = state.players[seat]
    if not p.character or p.flipped:
        return state
    ch = _cat(state).characters[p.character]
    if ch.trigger != what or (ch.trigger_kind not in ("any", kind) and what != "battle"):
        return state
    return push(state, [Job(seat=seat, effects=ch.trigger_effects, source=ch.name)])


def push(state: State, jobs: list[Job]) -> State:
    """New jobs resolve before the ones already waiting, in the order given."""
    jobs = [j for j in jobs if j.effects or j.marker]
    if not jobs:
        return state
    return state.model_copy(update={"jobs": (*jobs, *state.jobs)})


def refill_grid(state: State, ev: list) -> State:
    grid, deck = list(state.grid), list(state.main_deck)
    last = state.last_turn
    for i, c in enumerate(grid):
        if c is None:
            if not deck:
                if not last:
                    ev.append(
                        Event(
                            text="The main deck cannot refill The Grid: the game ends "
                            "after this turn",
                            kind="warning",
                        )
                    )
                last = True
                break
            grid[i] = deck.pop(0)
            ev.append(
                Event(
                    text=f"{_card_name(state, grid[i])} enters The Grid", kind="grid", barrier=True
                )
            )
    return state.model_copy(
        update={"grid": tuple(grid), "main_deck": tuple(deck), "last_turn": last}
    )


def _bottom_foes(state: State, job: Job) -> list[int]:
    return [job.target] if job.target is not None else foes(state, job.seat)


# -- the rules ----------------------------------------------------------------------------------
class ZeoRules(Rules[Config, State, Action, View]):
    game_id = "zeo-dbg"
    title = "Power Rangers Deck-Building Game: Zeo"
    min_seats = 2
    max_seats = 4
    config_type = Config
    state_type = State
    view_type = View
    action_type = Action

    # -- setup ---------------------------------------------------------------------------------
    def new_game(self, config: Config, seed: int) -> State:
        """Setup: choose characters (or deal 2 of your team's and pick 1), then the table."""
        cat = catalog(config.cards_dir)
        rng = Rng(seed=seed)
        teams = config.teams
        # the chosen characters were checked by Config (models.py), in the players' words
        chosen = [c for c in config.characters if c != DEAL]
        players = [Player(character=c if c != DEAL else "") for c in config.characters]
        for team in (VILLAINS, HEROES):
            pool = [
                c
                for c in cat.team_characters(TEAM_NAMES[team].lower(), config.serpentera)
                if c not in chosen
            ]
            pool_shuffled, rng = rng.shuffled(pool)
            deck = list(pool_shuffled)
            for i, c in enumerate(config.characters):
                if c == DEAL and teams[i] == team:
                    players[i] = players[i].model_copy(update={"offer": tuple(deck[:2])})
                    deck = deck[2:]
        state = State(config=config, rng=rng, players=tuple(players))
        if all(p.character for p in state.players):
            state = self._characters_chosen(state, [])
        return state

    def _characters_chosen(self, state: State, ev: list) -> State:
        """Setup: with two Villain players, they choose which of them goes first (the
        Villain side always does); then the table is dealt."""
        villains = [s for s, t in enumerate(state.config.teams) if t == VILLAINS]
        if len(villains) < 2:
            return self._setup_table(state, ev)
        return self._ask(
            state,
            villains[0],
            "first",
            "Which Villain goes first?",
            [Option(id=str(s), label=f"{_name(state, s)} goes first") for s in villains],
        )

    def _setup_table(self, state: State, ev: list) -> State:
        cat = _cat(state)
        cfg = state.config
        rng = state.rng
        players = list(state.players)
        for i, p in enumerate(players):
            team = "heroes" if cfg.teams[i] == HEROES else "villains"
            starters = [
                f"{c.id}#{i}.{k}"
                for c in cat.of_kind("starter")
                if c.team == team
                for k in range(c.copies)
            ]
            deck, rng = rng.shuffled(starters)
            players[i] = p.model_copy(update={"deck": deck, "offer": ()})
        state = state.model_copy(update={"players": tuple(players), "rng": rng})
        for i in range(len(players)):
            state = draw(state, i, hand_size(state, i), ev)
        rng = state.rng
        main = [
            f"{c.id}#{k}"
            for c in cat.cards.values()
            if c.kind in ("hero", "villain", "equipment", "maneuver", "crystal", "location")
            for k in range(c.copies)
        ]
        main_deck, rng = rng.shuffled(sorted(main))
        # the opening Grid: at most 2 cards of any type; set extras aside, then shuffle them back
        grid, aside, deck = [], [], list(main_deck)
        while len(grid) < GRID_SIZE and deck:
            c = deck.pop(0)
            kind = cat.card(c).kind
            if sum(cat.card(g).kind == kind for g in grid) >= 2:
                aside.append(c)
            else:
                grid.append(c)
        if aside:
            deck, rng = rng.shuffled(deck + aside)
            deck = list(deck)
        in_play = [p.character for p in players]
        heroes_in = [c for c in in_play if cat.characters[c].team == "heroes"]
        villains_in = [c for c in in_play if cat.characters[c].team == "villains"]
        zords = sorted(
            c.id for c in cat.of_kind("zord") if not c.promo and c.owner not in heroes_in
        )
        masters = sorted(
            c.id for c in cat.of_kind("master") if not c.promo and c.owner not in villains_in
        )
        zords_s, rng = rng.shuffled([f"{z}#0" for z in zords])
        masters_s, rng = rng.shuffled([f"{m}#0" for m in masters])
        zords_s = zords_s[: 5 if len(heroes_in) == 1 else 4]
        masters_s = masters_s[: 5 if len(villains_in) == 1 else 4]
        hp = [MAX_HP, MAX_HP]
        if cfg.format == "2v1":
            hp[HEROES if cfg.lone == "heroes" else VILLAINS] = 15
        state = state.model_copy(
            update={
                "rng": rng,
                "grid": tuple(grid),
                "main_deck": tuple(deck),
                "blasters": tuple(f"zeo-blaster#{k}" for k in range(12)),
                "stuns": tuple(f"stun#{k}" for k in range(12)),
                "zord_stack": zords_s,
                "master_stack": masters_s,
                "teams": (Team(hp=hp[0]), Team(hp=hp[1])),
                "slot": 0,
            }
        )
        ev.append(Event(text="The Grid is dealt", kind="grid", barrier=True))
        return self._start_turn(state, ev, first=True)

    # -- turns ---------------------------------------------------------------------------------
    def _start_turn(self, state: State, ev: list, first: bool = False) -> State:
        active = turn_order(state)[state.slot]
        state = state.model_copy(
            update={
                "active": active,
                "phase": "main",
                "turn": state.turn + 1,
                "shards": 0,
                "bay_used": False,
                "zord_acts": 0,
                "healed": 0,
                "used": (),
                "battle_draws": (),
                "hp_history": state.hp_history + ((state.teams[0].hp, state.teams[1].hp),),
            }
        )
        p = state.players[active]
        ev.append(
            Event(text=f"Turn {state.turn}: {_name(state, active)}", kind="turn", seat=active)
        )
        # Start Phase: refill The Grid, flip stack tops, ready attached cards (not Zords)
        if not first:
            state = refill_grid(state, ev)
        for key, stack, label in (
            ("blaster_up", state.blasters, "Zeo Blaster"),
            ("zord_up", state.zord_stack, "Zord"),
            ("master_up", state.master_stack, "Master"),
        ):
            if not getattr(state, key) and stack:
                ev.append(
                    Event(text=f"The top {label} is flipped face up", kind="grid", barrier=True)
                )
        state = state.model_copy(update={"blaster_up": True, "zord_up": True, "master_up": True})
        slots = tuple(
            s.model_copy(update={"ready": True}) if s is not None else None for s in p.slots
        )
        state = _pl(state, active, slots=slots, char_used=False, serpentera_ready=True)
        # "start of turn" effects, in the order the player chooses
        cat = _cat(state)
        jobs = []
        for s in slots:
            if s is not None and s.stuck:
                card = cat.card(s.card)
                jobs.append(Job(seat=active, effects=card.burden, source=card.name, marker="start"))
        if team_of(state, active) == VILLAINS:
            for m in masters_controlled(state, active):
                card = cat.card(m)
                jobs.append(
                    Job(seat=active, effects=card.start_of_turn, source=card.name, marker="start")
                )
        for loc in p.locations:
            card = cat.card(loc)
            jobs.append(
                Job(seat=active, effects=card.start_of_turn, source=card.name, marker="start")
            )
        state = push(state, jobs)
        return self._run(state, ev)

    def _end_phase(self, state: State, ev: list) -> State:
        cat = _cat(state)
        seat = state.active
        jobs = [
            Job(seat=seat, effects=cat.card(loc).end_of_turn, source=cat.card(loc).name)
            for loc in state.players[seat].locations
        ]
        jobs.append(Job(seat=seat, effects=(), marker="adversaries"))
        state = state.model_copy(update={"phase": "end"})
        return self._run(push(state, jobs), ev)

    def _finish_turn(self, state: State, ev: list) -> State:
        seat = state.active
        p = state.players[seat]
        state = _pl(state, seat, discard=p.discard + p.played + p.hand, played=(), hand=())
        state = draw(state, seat, hand_size(state, seat), ev)
        if state.last_turn:
            return self._game_over_by_deck(state, ev)
        state = state.model_copy(update={"slot": (state.slot + 1) % 4})
        return self._start_turn(state, ev)

    def _game_over_by_deck(self, state: State, ev: list) -> State:
        v, h = state.teams
        if v.hp != h.hp:
            win = VILLAINS if v.hp > h.hp else HEROES
            why = "more Hit Points"
        elif v.energy != h.energy:
            win = VILLAINS if v.energy > h.energy else HEROES
            why = "equal HP, more Energy"
        else:
            win, why = None, "equal HP and Energy"
        winners = (
            () if win is None else tuple(s for s, t in enumerate(state.config.teams) if t == win)
        )
        summary = (
            "The main deck ran out: a draw (" + why + ")"
            if win is None
            else f"The main deck ran out: the {TEAM_NAMES[win]} win ({why})"
        )
        ev.append(Event(text=summary, kind="over"))
        return state.model_copy(
            update={"phase": "over", "outcome": Outcome(winners=winners, summary=summary)}
        )

    # -- the interpreter -----------------------------------------------------------------------
    def _run(self, state: State, ev: list) -> State:
        while state.outcome is None and state.decision is None and state.attack is None:
            if not state.jobs:
                state = settle_flips(state, ev)
                break
            job = state.jobs[0]
            if job.marker == "start" and job.step == 0 and not job.ordered:
                rivals = [
                    j for j in state.jobs if j.marker == "start" and not j.ordered and j.step == 0
                ]
                if len({(j.source, j.effects) for j in rivals}) > 1:
                    state = state.model_copy(
                        update={
                            "decision": Decision(
                                kind="order",
                                seat=job.seat,
                                prompt="Resolve which start-of-turn effect next?",
                                options=tuple(
                                    Option(
                                        id=str(k), label=f"{j.source}: {effects_text(j.effects)}"
                                    )
                                    for k, j in enumerate(state.jobs)
                                    if j in rivals
                                ),
                            )
                        }
                    )
                    break
            if job.step >= len(job.effects):
                state = state.model_copy(update={"jobs": state.jobs[1:]})
                state = self._after_job(state, job, ev)
                continue
            state = self._step(state, job, job.effects[job.step], ev)
        return state

    def _after_job(self, state: State, job: Job, ev: list) -> State:
        if job.marker == "adversaries":
            n = sum(
                1
                for c in state.grid
                if c is not None and adversary(state, job.seat, _cat(state).card(c))
            )
            if n:
                state = hurt(
                    state,
                    team_of(state, job.seat),
                    n,
                    ev,
                    f" from {n} adversar{'y' if n == 1 else 'ies'} in The Grid",
                )
        elif job.marker.startswith("trey:"):
            _, seat, slot = job.marker.split(":")
            s = state.players[int(seat)].slots[int(slot)]
            if s is not None and not s.stuck:
                p = state.players[int(seat)]
                state = _pl(state, int(seat), slots=replace_at(p.slots, int(slot), None))
                ev.append(Event(text="Trey of Triforia: the attacking card is destroyed"))
                state = destroy(state, s.card, ev)
        return state

    def _advance(self, state: State, job: Job, **update) -> State:
        new = job.model_copy(update={"step": job.step + 1, "sub": 0, "done": 0, **update})
        return state.model_copy(update={"jobs": (new, *state.jobs[1:])})

    def _ask(self, state: State, seat: int, kind: str, prompt: str, options, card: str = ""):
        return state.model_copy(
            update={
                "decision": Decision(
                    kind=kind, seat=seat, prompt=prompt, options=tuple(options), card=card
                )
            }
        )

    def _step(self, state: State, job: Job, e, ev: list) -> State:
        """Resolve one effect of the front job (or ask the question it needs)."""
        seat = job.seat
        team = team_of(state, seat)
        cat = _cat(state)
        match e.do:
            case "attack":
                return self._begin_attack(state, job, e, ev)
            case "damage":
                why = f" from {job.source}" if job.source else ""
                if job.target is not None:
                    state = hurt(state, team_of(state, job.target), e.amount, ev, why)
                else:
                    state = hurt(state, 1 - team, e.amount, ev, why)
            case "lose_hp":
                state = hurt(state, team, e.amount, ev, f" from {job.source}" if job.source else "")
            case "heal":
                state = heal(state, seat, e.amount, ev)
            case "energy":
                state = gain_energy(state, team, e.amount)
                ev.append(Event(text=f"{TEAM_NAMES[team]} gain {e.amount} Energy", seat=seat))
            case "drain_energy":
                state = gain_energy(state, 1 - team, -e.amount)
                ev.append(Event(text=f"{TEAM_NAMES[1 - team]} lose {e.amount} Energy"))
            case "draw":
                state = draw(state, seat, e.count, ev)
            case "shards":
                state = state.model_copy(update={"shards": state.shards + e.amount})
                ev.append(
                    Event(
                        text=f"{_name(state, seat)} gains {e.amount} Shard"
                        f"{'s' if e.amount > 1 else ''} ({job.source})",
                        seat=seat,
                    )
                )
            case "give_stun":
                for f in _bottom_foes(state, job):
                    state = gain_stun(state, f, ev)
            case "gain_blaster":
                if state.blasters:
                    top = state.blasters[0]
                    state = state.model_copy(update={"blasters": state.blasters[1:]})
                    state = _pl(state, seat, discard=state.players[seat].discard + (top,))
                    ev.append(Event(text=f"{_name(state, seat)} gains a Zeo Blaster", seat=seat))
            case "battle_draw":
                state = state.model_copy(update={"battle_draws": state.battle_draws + (e.count,)})
            case "gain_zm":
                state = self._gain_zm(state, seat, ev)
            case "foe_discard":
                targets = _bottom_foes(state, job)
                if job.sub < len(targets):
                    f = targets[job.sub]
                    hand = state.players[f].hand
                    if hand and job.done < e.count:
                        left = e.count - job.done
                        return self._ask(
                            state,
                            f,
                            "discard",
                            f"Discard {left} card{'s' if left > 1 else ''} from your hand"
                            + (f" ({job.done + 1} of {e.count})" if e.count > 1 else ""),
                            [Option(id=c, label=_card_name(state, c)) for c in hand],
                        )
                    new = job.model_copy(update={"sub": job.sub + 1, "done": 0})
                    return state.model_copy(update={"jobs": (new, *state.jobs[1:])})
            case "foe_discard_attached":
                targets = _bottom_foes(state, job)
                if job.sub < len(targets):
                    f = targets[job.sub]
                    opts = self._forced_discard_options(state, f)
                    if opts:
                        return self._ask(
                            state, f, "discard_attached", "Discard 1 attached card", opts
                        )
                    new = job.model_copy(update={"sub": job.sub + 1})
                    return state.model_copy(update={"jobs": (new, *state.jobs[1:])})
            case "destroy":
                p = state.players[seat]
                pools = {
                    "hand": p.hand,
                    "discard": p.discard,
                    "hand_or_discard": p.hand + p.discard,
                    "played": p.played,
                }[e.where]
                opts = [
                    Option(
                        id=c,
                        label=f"{_card_name(state, c)} "
                        f"({'hand' if c in p.hand else 'discard' if c in p.discard else 'played'})",
                    )
                    for c in dict.fromkeys(pools)
                ]
                if opts:
                    if e.optional:
                        opts.append(Option(id="none", label="Destroy nothing"))
                    return self._ask(state, seat, "destroy", "Destroy 1 card", opts)
            case "ready":
                opts = self._ready_options(state, seat, e.what, job.slot)
                if e.what == "all_zords":
                    state = state.model_copy(
                        update={
                            "bay": tuple(z.model_copy(update={"ready": True}) for z in state.bay)
                        }
                    )
                    ev.append(Event(text="All Zords ready", kind="zord"))
                elif opts:
                    return self._ask(state, seat, "ready", "Ready which card?", opts)
            case "attach_from_grid":
                opts = self._attach_grid_options(state, seat, e.kind, job.slot)
                if opts:
                    return self._ask(
                        state, seat, "attach_grid", "Attach which card from The Grid?", opts
                    )
                state = self._discard_source(state, job, ev)
            case "copy":
                opts = self._copy_options(state, seat, job)
                if opts:
                    return self._ask(state, seat, "copy", "Copy which ability?", opts)
            case "refresh_grid":
                opts = [
                    Option(id=str(i), label=cat.card(c).name)
                    for i, c in enumerate(state.grid)
                    if c is not None and not adversary(state, seat, cat.card(c))
                ]
                if None in state.grid:
                    opts.append(Option(id="refill", label="Only refill the empty spaces"))
                if opts:
                    return self._ask(
                        state, seat, "refresh", "Zeo Blaster: replace which Grid card?", opts
                    )
        if state.outcome is not None:
            return state
        return self._advance(state, job)

    def _simple_trigger(self, state: State, seat: int, what: str, kind: str, ev: list):
        """Resolve a starting-side trigger at once (its effects need no choice)."""
        before = len(state.jobs)
        state = _trigger(state, seat, what, kind)
        if len(state.jobs) == before:
            return state
        trig = state.jobs[0]
        for eff in trig.effects:
            state = self._step(
                state.model_copy(update={"jobs": (trig, *state.jobs[1:])}), trig, eff, ev
            )
            if state.outcome is not None:
                return state
        return state.model_copy(update={"jobs": state.jobs[1:]})

    def _discard_source(self, state: State, job: Job, ev: list) -> State:
        """Love Arrows / Power Disc discard themselves as part of the action."""
        if job.slot is None:
            return state
        p = state.players[job.seat]
        s = p.slots[job.slot]
        if s is None or s.stuck:
            return state
        ev.append(Event(text=f"{_card_name(state, s.card)} is discarded", seat=job.seat))
        return _pl(
            state,
            job.seat,
            slots=replace_at(p.slots, job.slot, None),
            discard=p.discard + (s.card,),
        )

    def _gain_zm(self, state: State, seat: int, ev: list) -> State:
        """Zeo Sub-Crystal 5: gain your own Zord/Master, else the stack's top. Its
        clarification (Specific Card Clarifications) says this gain is outside the
        one-per-turn limit, so it leaves the stack's face as it was: a face-up stack stays
        buyable this turn, and a face-down top (bought earlier this turn) may still be gained."""
        cat = _cat(state)
        p = state.players[seat]
        ch = cat.characters[p.character]
        hero = team_of(state, seat) == HEROES
        if not p.own_gained:
            state = _pl(state, seat, own_gained=True)
            return self._place_zm(state, seat, f"{ch.own}#0", own=True, ev=ev)
        stack = state.zord_stack if hero else state.master_stack
        if not stack:
            return state
        key = "zord" if hero else "master"
        if not getattr(state, f"{key}_up"):
            # a face-down card comes to light: undo stops here
            ev.append(Event(text=f"The face-down top {key.title()} is revealed", barrier=True))
        state = state.model_copy(update={f"{key}_stack": stack[1:]})
        return self._place_zm(state, seat, stack[0], own=False, ev=ev)

    def _place_zm(self, state: State, seat: int, inst: str, own: bool, ev: list) -> State:
        if team_of(state, seat) == HEROES:
            return place_in_bay(state, inst, ev, seat)
        if own:
            p = state.players[seat]
            state = _pl(state, seat, slots=replace_at(p.slots, 3, Attached(card=inst)))
            ev.append(
                Event(text=f"{_card_name(state, inst)} attaches to the orange slot", seat=seat)
            )
            return state
        return attach_master_to_lair(state, seat, inst, ev)

    # -- option lists for decisions ----------------------------------------------------------------
    def _forced_discard_options(self, state: State, seat: int) -> list[Option]:
        """ "Discard 1 attached card": from your character; if none, a Zord/Master you control.
        Defector and Singing Zap never leave this way."""
        cat = _cat(state)
        p = state.players[seat]
        opts = [
            Option(id=f"slot:{i}", label=cat.card(s.card).name)
            for i, s in enumerate(p.slots)
            if s is not None and not s.stuck and cat.card(s.card).kind != "master"
        ]
        if opts:
            return opts
        if team_of(state, seat) == HEROES:
            return [
                Option(id=f"zord:{i}", label=cat.card(z.card).name) for i, z in enumerate(state.bay)
            ]
        out = []
        s = p.slots[3]
        if s is not None and cat.card(s.card).kind == "master":
            out.append(Option(id="slot:3", label=cat.card(s.card).name))
        out += [Option(id=f"lair:{i}", label=cat.card(m).name) for i, m in enumerate(state.lair)]
        return out

    def _ready_options(self, state: State, seat: int, what: str, own_slot) -> list[Option]:
        cat = _cat(state)
        if what == "zord":
            return [
                Option(id=f"zord:{i}", label=cat.card(z.card).name)
                for i, z in enumerate(state.bay)
                if not z.ready
            ]
        return [
            Option(id=f"slot:{i}", label=cat.card(s.card).name)
            for i, s in enumerate(state.players[seat].slots)
            if s is not None and not s.ready and i != own_slot
        ]

    def _attach_grid_options(self, state: State, seat: int, kind: str, own_slot) -> list[Option]:
        cat = _cat(state)
        p = state.players[seat]
        empty = [
            i
            for i, s in enumerate(p.slots)
            if s is None
            and i != own_slot
            and _cat(state).characters[p.character].slots[i] != "orange"
        ]
        if not empty:
            return []
        return [
            Option(id=str(i), label=cat.card(c).name)
            for i, c in enumerate(state.grid)
            if c is not None and cat.card(c).kind == kind
        ]

    def _copy_options(self, state: State, seat: int, job: Job) -> list[Option]:
        """Robocupid, Zedd's Revenge, Impursonator: another card's activated ability in play
        (attached to any character, or a Zord in the Zord Bay); never another copier."""
        cat = _cat(state)
        out = []
        for s_i, p in enumerate(state.players):
            for i, s in enumerate(p.slots):
                if s is None or (s_i == seat and i == job.slot):
                    continue
                c = cat.card(s.card)
                if c.ability and not any(x.do == "copy" for x in c.ability.effects):
                    out.append(
                        Option(
                            id=f"{s_i}:{i}", label=f"{c.name}: {effects_text(c.ability.effects)}"
                        )
                    )
        for i, z in enumerate(state.bay):
            c = cat.card(z.card)
            if c.ability:
                out.append(
                    Option(id=f"zord:{i}", label=f"{c.name}: {effects_text(c.ability.effects)}")
                )
        # a flipped character card is a card in play with an activated ability too
        for s_i, p in enumerate(state.players):
            if p.character and p.flipped:
                ch = cat.characters[p.character]
                out.append(
                    Option(
                        id=f"char:{s_i}",
                        label=f"{ch.side_b}: {effects_text(ch.ability.effects)}",
                    )
                )
        return out

    # -- attacks and blocks --------------------------------------------------------------------
    def _begin_attack(self, state: State, job: Job, e: Attack, ev: list) -> State:
        fs = foes(state, job.seat)
        if e.each:
            parts = tuple(fs)
        elif e.targeted:
            if len(fs) > 1:
                return self._ask(
                    state,
                    job.seat,
                    "target",
                    "Target which foe?",
                    [Option(id=str(f), label=_name(state, f)) for f in fs],
                )
            parts = (fs[0],)
        else:
            parts = (None,)
        return self._open_attack(state, job, e, parts, ev)

    def _open_attack(self, state: State, job: Job, e: Attack, parts, ev: list) -> State:
        fs = foes(state, job.seat)
        waiting = []
        for i, part in enumerate(parts):
            waiting += [(part, i)] if part is not None else [(f, i) for f in fs]
        ref = f"{job.seat}:{job.slot}" if job.slot is not None else ""
        ev.append(
            Event(
                text=f"{_name(state, job.seat)} Attacks with {job.source}",
                kind="attack",
                seat=job.seat,
            )
        )
        return state.model_copy(
            update={
                "attack": PendingAttack(
                    attacker=job.seat,
                    source=job.source,
                    source_ref=ref,
                    effects=e.effects,
                    if_negated=e.if_negated,
                    parts=tuple(parts),
                    waiting=tuple(waiting),
                    negated=(False,) * len(parts),
                    forced=e.forced_block,
                )
            }
        )

    def block_options(self, state: State, seat: int) -> list[Option]:
        """The Block prompt for `seat`: affordable Blocks in hand (hand icon), ready attached
        Blocks, ready Zord Blocks (Heroes), and "decline" unless forced (Defender Wheel)."""
        att = state.attack
        if att is None or not att.waiting or att.waiting[0][0] != seat:
            return []
        cat = _cat(state)
        energy = state.teams[team_of(state, seat)].energy
        p = state.players[seat]
        hand, forced_ok = [], []
        for c in dict.fromkeys(p.hand):
            b = cat.card(c).block
            if b and b.from_hand and b.cost <= energy:
                hand.append(
                    Option(
                        id=f"hand:{c}",
                        label=f"Block with {cat.card(c).name} from hand ({b.cost} Energy)",
                    )
                )
        for i, s in enumerate(p.slots):
            if s is not None and s.ready:
                b = cat.card(s.card).block
                if b and b.cost <= energy:
                    forced_ok.append(
                        Option(
                            id=f"slot:{i}",
                            label=f"Block with {cat.card(s.card).name} ({b.cost} Energy)",
                        )
                    )
        if team_of(state, seat) == HEROES:
            for i, z in enumerate(state.bay):
                b = cat.card(z.card).block
                if z.ready and b and b.cost <= energy:
                    forced_ok.append(
                        Option(
                            id=f"zord:{i}",
                            label=f"Block with {cat.card(z.card).name} ({b.cost} Energy)",
                        )
                    )
        # Robocupid / Zedd's Revenge / Impursonator copying another card's Block ability
        for i, s in enumerate(p.slots):
            if s is None or not s.ready or s.stuck:
                continue
            c = cat.card(s.card)
            if not (c.ability and any(e.do == "copy" for e in c.ability.effects)):
                continue
            if c.ability.cost > energy:
                continue
            for ref, src in self._block_sources(state, exclude=(seat, i)):
                forced_ok.append(
                    Option(
                        id=f"copy:{i}:{ref}",
                        label=f"Block with {c.name} copying {src.name} ({c.ability.cost} Energy)",
                    )
                )
        opts = hand + forced_ok
        if not (att.forced and forced_ok):
            opts.append(Option(id="decline", label="Do not Block"))
        return opts

    def _block_sources(self, state: State, exclude: tuple[int, int]) -> list[tuple[str, Card]]:
        """Block abilities in play a copier may copy: attached cards and Zords."""
        cat = _cat(state)
        out = []
        for s_i, p in enumerate(state.players):
            for j, s in enumerate(p.slots):
                if s is not None and (s_i, j) != exclude and cat.card(s.card).block:
                    out.append((f"{s_i}:{j}", cat.card(s.card)))
        for j, z in enumerate(state.bay):
            if cat.card(z.card).block:
                out.append((f"zord:{j}", cat.card(z.card)))
        return out

    def _answer_block(self, state: State, seat: int, option: str, ev: list) -> State:
        att = state.attack
        _, part = att.waiting[0]
        waiting = att.waiting[1:]
        if option == "decline":
            ev.append(Event(text=f"{_name(state, seat)} does not Block", seat=seat))
            state = state.model_copy(update={"attack": att.model_copy(update={"waiting": waiting})})
        else:
            cat = _cat(state)
            where, _, ref = option.partition(":")
            p = state.players[seat]
            cost = None
            #: a Block that says "discard this card" leaves its place now but reaches the
            #: discard pile only after its reward, the order the text is written in
            spent = None
            if where == "copy":
                i, _, src_ref = ref.partition(":")
                i = int(i)
                copier = cat.card(p.slots[i].card)
                card = dict(self._block_sources(state, exclude=(seat, i)))[src_ref]
                cost = copier.ability.cost
                gone = card.block.discard
                spent = p.slots[i].card if gone else None
                state = _pl(
                    state,
                    seat,
                    slots=replace_at(
                        p.slots, i, None if gone else p.slots[i].model_copy(update={"ready": False})
                    ),
                )
                ev.append(Event(text=f"{copier.name} copies {card.name}'s Block", seat=seat))
            elif where == "hand":
                card = cat.card(ref)
                spent = ref
                state = _pl(state, seat, hand=tuple(c for c in p.hand if c != ref))
            elif where == "slot":
                i = int(ref)
                card = cat.card(p.slots[i].card)
                if card.block.discard:
                    spent = p.slots[i].card
                    state = _pl(state, seat, slots=replace_at(p.slots, i, None))
                else:
                    state = _pl(
                        state,
                        seat,
                        slots=replace_at(
                            p.slots, i, p.slots[i].model_copy(update={"ready": False})
                        ),
                    )
            else:
                i = int(ref)
                card = cat.card(state.bay[i].card)
                state = state.model_copy(
                    update={
                        "bay": replace_at(
                            state.bay, i, state.bay[i].model_copy(update={"ready": False})
                        )
                    }
                )
            b = card.block
            state = gain_energy(state, team_of(state, seat), -(b.cost if cost is None else cost))
            ev.append(
                Event(text=f"{_name(state, seat)} Blocks with {card.name}", kind="block", seat=seat)
            )
            negated = replace_at(att.negated, part, True)
            waiting = tuple(w for w in waiting if w[1] != part)
            state = state.model_copy(
                update={
                    "attack": att.model_copy(
                        update={
                            "waiting": waiting,
                            "negated": negated,
                            "destroy_source": att.destroy_source or b.destroy_attacker,
                        }
                    )
                }
            )
            # the Block's reward, resolved now (simple effects only: validated in cards.py)
            reward = Job(seat=seat, effects=b.reward, source=card.name)
            for eff in b.reward:
                state = self._step(
                    state.model_copy(update={"jobs": (reward, *state.jobs)}), reward, eff, ev
                )
                state = state.model_copy(update={"jobs": state.jobs[1:]})
                if state.outcome is not None:
                    return state
            if spent is not None:
                state = _pl(state, seat, discard=state.players[seat].discard + (spent,))
        if not state.attack.waiting:
            state = self._close_attack(state, ev)
        return self._run(state, ev)

    def _close_attack(self, state: State, ev: list) -> State:
        att = state.attack
        jobs = [
            Job(seat=att.attacker, effects=att.effects, source=att.source, target=part)
            for part, neg in zip(att.parts, att.negated, strict=True)
            if not neg
        ]
        if any(att.negated):
            ev.append(Event(text=f"{att.source}: the Attack is negated", kind="block"))
            jobs.append(Job(seat=att.attacker, effects=att.if_negated, source=att.source))
        if att.destroy_source and att.source_ref:
            jobs.append(Job(seat=att.attacker, effects=(), marker=f"trey:{att.source_ref}"))
        state = state.model_copy(update={"attack": None})
        front = state.jobs[0]
        state = self._advance(state, front)
        return push(state, jobs)

    # -- the contract ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[Seat]:
        if state.outcome is not None:
            return frozenset()
        if state.phase == "setup" and state.decision is None:
            return frozenset(i for i, p in enumerate(state.players) if not p.character)
        if state.attack is not None:
            return frozenset({state.attack.waiting[0][0]})
        if state.decision is not None:
            return frozenset({state.decision.seat})
        return frozenset({state.active})

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [a for a in self._candidates(state, seat) if self.check(state, seat, a) is None]

    def _candidates(self, state: State, seat: int) -> list:
        if state.phase == "setup" and state.decision is None:
            return [Pick(character=c) for c in state.players[seat].offer]
        if state.attack is not None:
            return [Choose(option=o.id) for o in self.block_options(state, seat)]
        if state.decision is not None:
            return [Choose(option=o.id) for o in state.decision.options]
        p = state.players[seat]
        if state.phase == "end":
            return [DiscardAttached(slot=i) for i in range(4)] + [EndTurn()]
        out: list = [Play(card=c) for c in p.hand]
        for c in p.hand:
            out += [Attach(card=c, slot=i) for i in range(4)]
            out.append(AttachTile(card=c))
        out += [Buy(source="grid", index=i) for i in range(GRID_SIZE)]
        out += [Buy(source=s) for s in ("blaster", "item", "own", "stack", "serpentera")]
        out += [Battle(index=i) for i in range(GRID_SIZE)]
        out += [Battle(slot=i) for i in range(4)]
        out += [Activate(source="character"), Activate(source="bay"), Activate(source="serpentera")]
        out += [Activate(source="slot", index=i) for i in range(4)]
        out += [Activate(source="zord", index=i) for i in range(len(state.bay))]
        out += [DestroyBlaster(card=c) for c in p.played if c.startswith("zeo-blaster#")]
        out += [DiscardAttached(slot=i) for i in range(4)]
        out.append(EndMain())
        return out

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        if state.outcome is not None:
            return _no("How to Win", "The game is over")
        if not 0 <= seat < len(state.players):
            return _no("Setup", f"There is no seat {seat}")
        if state.phase == "setup" and state.decision is None:
            if not isinstance(action, Pick):
                return _no("Setup", "Every player must choose a character first")
            p = state.players[seat]
            if p.character:
                return _no("Setup", "You have already chosen your character")
            if action.character not in p.offer:
                return _no("Setup", "Choose 1 of the 2 characters you were dealt")
            return None
        if isinstance(action, Pick):
            if state.phase == "setup":
                return _no("Setup", "Every character is chosen; answer the question first")
            return _no("Setup", "Characters are chosen during setup only")
        if state.attack is not None:
            if seat != state.attack.waiting[0][0]:
                return _no("Blocks", "An Attack is waiting for a foe's Block decision")
            if not isinstance(action, Choose):
                return _no("Blocks", "Decide whether to Block the Attack first")
            if action.option not in {o.id for o in self.block_options(state, seat)}:
                if action.option == "decline":
                    return _no(
                        "Defender Wheel",
                        "You must Block this Attack: you have an "
                        "attached, Zord or character Block you can pay for",
                    )
                return _no(
                    "Blocks",
                    "That is not a Block you can use now (hand icon, ready "
                    "attached card or Zord, and enough Energy)",
                )
            return None
        if state.decision is not None:
            if seat != state.decision.seat:
                return _no("Golden Rule", "Another player is answering a card's question")
            if not isinstance(action, Choose):
                return _no("Golden Rule", f"Answer first: {state.decision.prompt}")
            if action.option not in {o.id for o in state.decision.options}:
                return _no("Golden Rule", "That is not one of the choices")
            return None
        if isinstance(action, Choose):
            return _no("Golden Rule", "There is no question to answer")
        if seat != state.active:
            return _no("Playing the Game", "It is not your turn")
        p = state.players[seat]
        cat = _cat(state)
        if state.phase == "end":
            if isinstance(action, EndTurn):
                return None
            if isinstance(action, DiscardAttached):
                return self._check_discard_attached(state, p, action.slot, end_phase=True)
            return _no(
                "End Phase in Detail",
                "In the End Phase you may only discard attached cards, then end your turn",
            )
        if isinstance(action, EndTurn):
            return _no("End Phase in Detail", "End the Main Phase first")
        if isinstance(action, EndMain):
            return None
        if isinstance(action, Play):
            if action.card not in p.hand:
                return _no("Playing Cards", "That card is not in your hand")
            if cat.card(action.card).kind in ("zord", "master"):
                return _no(
                    "Miscellaneous Rules",
                    "A Zord or Master drawn from your deck can only be re-attached",
                )
            return None
        if isinstance(action, Attach):
            return self._check_attach(state, seat, action)
        if isinstance(action, AttachTile):
            if action.card not in p.hand:
                return _no("Attaching Cards", "That card is not in your hand")
            card = cat.card(action.card)
            if card.kind == "zord":
                if len(state.bay) >= 5:
                    return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
                return None
            if card.kind == "master":
                own = cat.characters[p.character].own
                if card.id == own and p.slots[3] is not None:
                    return _no("Master Cards", "Your orange slot is taken")
                return None
            return _no(
                "Attaching Cards", "Only Zords and Masters attach to the Zord Bay or The Lair"
            )
        if isinstance(action, Buy):
            return self._check_buy(state, seat, action)
        if isinstance(action, Battle):
            return self._check_battle(state, seat, action)
        if isinstance(action, Activate):
            return self._check_activate(state, seat, action)
        if isinstance(action, DestroyBlaster):
            if action.card not in p.played or not action.card.startswith("zeo-blaster#"):
                return _no("Zeo Blasters", "Destroy a Zeo Blaster you played this turn")
            return None
        if isinstance(action, DiscardAttached):
            return self._check_discard_attached(state, p, action.slot, end_phase=False)
        return _no("Golden Rule", "Unknown action")  # pragma: no cover

    def _check_discard_attached(
        self, state: State, p: Player, slot: int, end_phase: bool
    ) -> Rejection | None:
        """Any attached card in the End Phase; only a ready one in the Main Phase."""
        s = p.slots[slot]
        if s is None:
            return _no("Discarding Attached Cards", "That slot is empty")
        if s.stuck:
            return _no(
                "Specific Card Clarifications",
                "Defector and Singing Zap leave only when Battled",
            )
        if _cat(state).card(s.card).kind == "master":
            return _no(
                "Discarding Attached Cards",
                "You may not voluntarily discard your Zords or Masters",
            )
        if not end_phase and not s.ready:
            return _no(
                "Discarding Attached Cards",
                "In the Main Phase you may discard only "
                "a ready card; exhausted ones in the End Phase",
            )
        return None

    def _check_attach(self, state: State, seat: int, action: Attach) -> Rejection | None:
        p = state.players[seat]
        cat = _cat(state)
        if action.card not in p.hand:
            return _no("Attaching Cards", "That card is not in your hand")
        if p.slots[action.slot] is not None:
            return _no("Attaching Cards", "That slot is not empty")
        card = cat.card(action.card)
        if not slot_accepts(state, seat, action.slot, card):
            colour = cat.characters[p.character].slots[action.slot]
            if colour == "rainbow":
                return _no(
                    "Specific Card Clarifications",
                    "Jason Lee Scott takes any card type but Villains "
                    "(Zords and Masters attach to the Zord Bay, the orange slot or The Lair)",
                )
            if colour == "orange":
                return _no("Master Cards", "The orange slot holds only your own Master")
            return _no("Attaching Cards", f"A {card.kind} does not match a {colour} slot")
        return None

    def _check_buy(self, state: State, seat: int, action: Buy) -> Rejection | None:
        p = state.players[seat]
        cat = _cat(state)
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src != "grid" and action.index:
            return _no("Buying Cards", "Only Grid cards have an index")
        if src == "grid":
            c = state.grid[action.index] if action.index < len(state.grid) else None
            if c is None:
                return _no("Buying Cards", "That Grid space is empty until the next turn")
            card = cat.card(c)
            if adversary(state, seat, card):
                return _no(
                    "Buying Cards",
                    "Villains may not buy Heroes: Battle them instead"
                    if not hero
                    else "Heroes may not buy Villains: Battle them instead",
                )
            if card.cost > state.shards:
                return _no(
                    "Buying Cards", f"{card.name} costs {card.cost} Shards; you have {state.shards}"
                )
            if card.attach_to_character and not self._open_characters(state):
                return _no(
                    "Specific Card Clarifications",
                    f"{card.name} has no legal target: no character has an open slot",
                )
            return None
        if src == "blaster":
            if not state.blasters or not state.blaster_up:
                return _no(
                    "Zeo Blasters", "You may buy only the face-up top Zeo Blaster, one a turn"
                )
            if cat.card(state.blasters[0]).cost > state.shards:
                return _no("Buying Cards", "Not enough Shards for a Zeo Blaster")
            return None
        if src == "item":
            if p.item_gained:
                return _no("Signature Item Cards", "You have already gained your Signature Item")
            item = cat.cards[cat.characters[p.character].item]
            if item.cost > state.shards:
                return _no("Buying Cards", f"{item.name} costs {item.cost} Shards")
            return None
        if src in ("own", "stack"):
            price = zm_price(state, seat)
            if src == "own" and p.own_gained:
                return _no(
                    "Zords" if hero else "Master Cards",
                    "You have already gained your " + ("Zord" if hero else "Master"),
                )
            if src == "stack":
                if not p.own_gained:
                    return _no(
                        "Zords" if hero else "Master Cards",
                        "Buy your own " + ("Zord" if hero else "Master") + " before any other",
                    )
                stack = state.zord_stack if hero else state.master_stack
                up = state.zord_up if hero else state.master_up
                if not stack or not up:
                    return _no(
                        "Zords" if hero else "Master Cards",
                        "The top of the stack is face down until the next turn (one a turn)",
                    )
                if hero and len(state.bay) >= 5:
                    return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
            if src == "own" and hero and len(state.bay) >= 5:
                return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
            if price > state.shards:
                return _no("Buying Cards", f"It costs {price} Shards")
            return None
        if src == "serpentera":
            if not (state.config.serpentera and p.character == "venjix"):
                return _no(
                    "Serpentera Section Promo Rules",
                    "Only General Venjix may buy Serpentera Sections",
                )
            if p.serpentera >= 3:
                return _no("Serpentera Section Promo Rules", "Serpentera is complete")
            cost = cat.cards[SERPENTERA[p.serpentera]].cost
            if cost > state.shards:
                return _no("Buying Cards", f"The next Section costs {cost} Shards")
            return None
        return _no("Buying Cards", "Unknown source")  # pragma: no cover

    def _open_characters(self, state: State) -> list[int]:
        cat = _cat(state)
        out = []
        for i, p in enumerate(state.players):
            colours = cat.characters[p.character].slots
            if any(s is None and colours[k] != "orange" for k, s in enumerate(p.slots)):
                out.append(i)
        return out

    def _check_battle(self, state: State, seat: int, action: Battle) -> Rejection | None:
        cat = _cat(state)
        if (action.index is None) == (action.slot is None):
            return _no("Battling Adversary Cards", "Battle one Grid card or one attached card")
        if action.index is not None:
            c = state.grid[action.index] if action.index < len(state.grid) else None
            if c is None:
                return _no("Battling Adversary Cards", "That Grid space is empty")
            card = cat.card(c)
        else:
            s = state.players[seat].slots[action.slot]
            if s is None or not s.stuck:
                return _no(
                    "Specific Card Clarifications",
                    "Only a Defector or Singing Zap "
                    "attached to your own character can be Battled there",
                )
            card = cat.card(s.card)
        if not adversary(state, seat, card):
            return _no("Battling Adversary Cards", "You may only Battle adversary cards")
        price = battle_price(state, seat, card)
        if price > state.shards:
            return _no("Battling Adversary Cards", f"Battling {card.name} costs {price} Shards")
        return None

    def _check_activate(self, state: State, seat: int, action: Activate) -> Rejection | None:
        cat = _cat(state)
        p = state.players[seat]
        energy = state.teams[team_of(state, seat)].energy
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src != "slot" and src != "zord" and action.index:
            return _no("Activated Abilities", "Only slots and Zords have an index")
        if src == "character":
            ch = cat.characters[p.character]
            if not p.flipped:
                return _no(
                    "Anatomy of a Character Card",
                    f"The activated ability is on the flipped side ({ch.side_b})",
                )
            if p.char_used:
                return _no(
                    "Activated Abilities", "Activated abilities may only be used once per turn"
                )
            cost = ch.ability.cost
        elif src == "slot":
            s = p.slots[action.index] if action.index < 4 else None
            if s is None:
                return _no("Activated Abilities", "That slot is empty")
            card = cat.card(s.card)
            if card.ability is None:
                return _no(
                    "Activated Abilities",
                    f"{card.name} has no activated ability"
                    + (" (its Block is used when you are Attacked)" if card.block else ""),
                )
            if card.kind == "blaster":
                return _no("Zeo Blasters", "Destroy a played Zeo Blaster for its ability")
            if not s.ready:
                return _no(
                    "Activated Abilities",
                    "That card is exhausted: it readies at the start of your next turn",
                )
            if s.card in state.used:
                return _no(
                    "Activated Abilities",
                    "Activated abilities may only be used once per turn, even after readying",
                )
            cost = card.ability.cost
        elif src == "zord":
            if not hero:
                return _no("Zords", "Only Heroes use the Zords")
            if action.index >= len(state.bay):
                return _no("Zeo Zord Bay", "There is no Zord there")
            z = state.bay[action.index]
            card = cat.card(z.card)
            if card.ability is None:
                return _no("Zeo Zord Bay", f"{card.name} is a Block: use it when Attacked")
            if not z.ready:
                return _no(
                    "Zeo Zord Bay",
                    "Zords do not ready at the start of your turn: use "
                    "the Zord Bay's ready ability",
                )
            if z.card in state.used:
                return _no(
                    "Activated Abilities",
                    "Activated abilities may only be used once per turn, even after readying",
                )
            if state.zord_acts >= BAY[state.bay_side][1]:
                return _no(
                    "Red Battlezord and Zeo Megazord",
                    f"Only {BAY[state.bay_side][1]} Zord activation(s) a turn",
                )
            cost = card.ability.cost
        elif src == "bay":
            if not hero:
                return _no("Zeo Zord Bay", "Only Heroes use the Zord Bay")
            if state.bay_used:
                return _no(
                    "Zeo Zord Bay",
                    "The Zord Bay's ability may be used once a turn, even after an upgrade",
                )
            if state.bay_side == "bay" and not any(not z.ready for z in state.bay):
                return _no("Zeo Zord Bay", "There is no exhausted Zord to ready")
            if state.bay_side == "battlezord" and all(z.ready for z in state.bay):
                return _no("Zeo Zord Bay", "There is no exhausted Zord to ready")
            cost = BAY[state.bay_side][2]
        else:  # serpentera
            if p.serpentera < 3:
                return _no("Serpentera Section Promo Rules", "Serpentera is not complete")
            if not p.serpentera_ready:
                return _no("Serpentera Section Promo Rules", "Serpentera has been used this turn")
            cost = cat.cards["serpentera-scales"].ability.cost
        if cost > energy:
            return _no("Activated Abilities", f"It costs {cost} Energy; your team has {energy}")
        return None

    # -- applying ------------------------------------------------------------------------------
    def _resolve(self, state: State, seat: Seat, action: Action):
        ev: list[Event] = []
        state = self._do(state, seat, action, ev)
        return state, tuple(ev)

    def _do(self, state: State, seat: int, action, ev: list) -> State:
        cat = _cat(state)
        if isinstance(action, Pick):
            state = _pl(state, seat, character=action.character)
            ev.append(Event(text=f"{_name(state, seat)} has chosen", seat=seat))
            if all(p.character for p in state.players):
                for i, p in enumerate(state.players):
                    ev.append(
                        Event(
                            text=f"{_name(state, i)} plays {cat.characters[p.character].name}",
                            seat=i,
                        )
                    )
                state = self._characters_chosen(state, ev)
            return state
        if isinstance(action, Choose):
            if state.attack is not None:
                return self._answer_block(state, seat, action.option, ev)
            return self._answer(state, seat, action.option, ev)
        p = state.players[seat]
        team = team_of(state, seat)
        if isinstance(action, Play):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(state, seat, hand=tuple(hand), played=p.played + (action.card,))
            state = state.model_copy(update={"shards": state.shards + card.shards})
            state = gain_energy(state, team, card.energy)
            ev.append(Event(text=f"{_name(state, seat)} plays {card.name}", kind="play", seat=seat))
            if card.kind == "stun" and state.healed >= 2:
                state = return_stuns(state, seat, ev)
            state = push(state, [Job(seat=seat, effects=card.on_play, source=card.name)])
            state = _trigger(state, seat, "play", card.kind)
            return self._run(state, ev)
        if isinstance(action, Attach):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(
                state,
                seat,
                hand=tuple(hand),
                slots=replace_at(p.slots, action.slot, Attached(card=action.card)),
            )
            ev.append(
                Event(text=f"{_name(state, seat)} attaches {card.name}", kind="attach", seat=seat)
            )
            state = attach_trigger(state, seat, card)
            return self._run(state, ev)
        if isinstance(action, AttachTile):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(state, seat, hand=tuple(hand))
            if card.kind == "zord":
                state = place_in_bay(state, action.card, ev, seat)
            elif card.id == cat.characters[p.character].own:
                state = self._place_zm(state, seat, action.card, own=True, ev=ev)
            else:
                state = attach_master_to_lair(state, seat, action.card, ev)
            return self._run(state, ev)
        if isinstance(action, Buy):
            return self._buy(state, seat, action, ev)
        if isinstance(action, Battle):
            return self._battle(state, seat, action, ev)
        if isinstance(action, Activate):
            return self._activate(state, seat, action, ev)
        if isinstance(action, DestroyBlaster):
            state = _pl(state, seat, played=tuple(c for c in p.played if c != action.card))
            state = destroy(state, action.card, ev)
            state = push(
                state,
                [
                    Job(
                        seat=seat,
                        effects=cat.card(action.card).ability.effects,
                        source="Zeo Blaster",
                    )
                ],
            )
            return self._run(state, ev)
        if isinstance(action, DiscardAttached):
            s = p.slots[action.slot]
            state = _pl(
                state,
                seat,
                slots=replace_at(p.slots, action.slot, None),
                discard=p.discard + (s.card,),
            )
            ev.append(
                Event(text=f"{_name(state, seat)} discards {cat.card(s.card).name}", seat=seat)
            )
            return state
        if isinstance(action, EndMain):
            ev.append(Event(text=f"{_name(state, seat)} ends the Main Phase", seat=seat))
            return self._end_phase(state, ev)
        if isinstance(action, EndTurn):
            return self._finish_turn(state, ev)
        raise AssertionError(action)  # pragma: no cover

    def _buy(self, state: State, seat: int, action: Buy, ev: list) -> State:
        cat = _cat(state)
        p = state.players[seat]
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src == "grid":
            inst = state.grid[action.index]
            card = cat.card(inst)
            state = state.model_copy(
                update={
                    "shards": state.shards - card.cost,
                    "grid": replace_at(state.grid, action.index, None),
                }
            )
            ev.append(Event(text=f"{_name(state, seat)} buys {card.name}", kind="buy", seat=seat))
            if card.attach_to_character:
                opts = [
                    Option(
                        id=str(i),
                        label=f"{_name(state, i)} "
                        f"({cat.characters[state.players[i].character].name})",
                    )
                    for i in self._open_characters(state)
                ]
                state = self._ask(
                    state,
                    seat,
                    "character",
                    f"Attach {card.name} to which character?",
                    opts,
                    card=inst,
                )
            elif card.kind == "location":
                state = _pl(state, seat, locations=p.locations + (inst,))
            else:
                state = _pl(state, seat, discard=p.discard + (inst,))
            state = _trigger(state, seat, "buy", card.kind)
            return self._run(state, ev)
        if src == "blaster":
            inst = state.blasters[0]
            state = state.model_copy(
                update={
                    "shards": state.shards - cat.card(inst).cost,
                    "blasters": state.blasters[1:],
                    "blaster_up": False,
                }
            )
            ev.append(Event(text=f"{_name(state, seat)} buys a Zeo Blaster", kind="buy", seat=seat))
            return _pl(state, seat, discard=p.discard + (inst,))
        if src == "item":
            ch = cat.characters[p.character]
            item = cat.cards[ch.item]
            inst = f"{item.id}#0"
            state = state.model_copy(update={"shards": state.shards - item.cost})
            empty = open_slots(state, seat)
            ev.append(Event(text=f"{_name(state, seat)} buys {item.name}", kind="buy", seat=seat))
            if len(empty) > 1:
                # "any empty slot ... no matter its color": which one is the player's call
                state = _pl(state, seat, item_gained=True)
                return self._ask_slot(state, seat, seat, empty, inst)
            if empty:
                state = _pl(
                    state,
                    seat,
                    item_gained=True,
                    slots=replace_at(p.slots, empty[0], Attached(card=inst)),
                )
                state = attach_trigger(state, seat, item)
            else:
                state = _pl(state, seat, item_gained=True, discard=p.discard + (inst,))
            return self._run(state, ev)
        if src in ("own", "stack"):
            price = zm_price(state, seat)
            state = state.model_copy(update={"shards": state.shards - price})
            if src == "own":
                inst = f"{cat.characters[p.character].own}#0"
                state = _pl(state, seat, own_gained=True)
            else:
                key = "zord" if hero else "master"
                stack = state.zord_stack if hero else state.master_stack
                inst = stack[0]
                state = state.model_copy(update={f"{key}_stack": stack[1:], f"{key}_up": False})
            ev.append(
                Event(
                    text=f"{_name(state, seat)} buys {cat.card(inst).name}", kind="buy", seat=seat
                )
            )
            state = self._place_zm(state, seat, inst, own=src == "own", ev=ev)
            return self._run(state, ev)
        # serpentera
        sid = SERPENTERA[p.serpentera]
        state = state.model_copy(update={"shards": state.shards - cat.cards[sid].cost})
        state = _pl(state, seat, serpentera=p.serpentera + 1)
        ev.append(
            Event(text=f"{_name(state, seat)} buys {cat.cards[sid].name}", kind="buy", seat=seat)
        )
        if p.serpentera + 1 == 3:
            ev.append(Event(text="Serpentera is complete!", kind="flip", seat=seat))
        return state

    def _battle(self, state: State, seat: int, action: Battle, ev: list) -> State:
        """Battle: pay, resolve the reward first, then to the main deck discard pile. No
        refill until the next turn. Then "when you Battle" effects (Regroup draws 2)."""
        cat = _cat(state)
        p = state.players[seat]
        if action.index is not None:
            inst = state.grid[action.index]
            state = state.model_copy(update={"grid": replace_at(state.grid, action.index, None)})
        else:
            inst = p.slots[action.slot].card
            state = _pl(state, seat, slots=replace_at(p.slots, action.slot, None))
        card = cat.card(inst)
        price = battle_price(state, seat, card)
        state = state.model_copy(
            update={
                "shards": state.shards - price,
                "main_discard": state.main_discard + (inst,),
            }
        )
        reward = effects_text(card.battle_reward).rstrip(".")
        ev.append(
            Event(
                text=f"{_name(state, seat)} Battles {card.name} for {price} Shards"
                + (f"; reward: {reward}" if reward else ""),
                kind="battle",
                seat=seat,
            )
        )
        jobs = [Job(seat=seat, effects=card.battle_reward, source=card.name)]
        ch = cat.characters[p.character]
        if ch.trigger == "battle" and not p.flipped:
            jobs.append(Job(seat=seat, effects=ch.trigger_effects, source=ch.name))
        for loc in p.locations:
            jobs.append(Job(seat=seat, effects=cat.card(loc).on_battle, source=cat.card(loc).name))
        if state.battle_draws:
            jobs.append(
                Job(seat=seat, effects=(Draw(count=state.battle_draws[0]),), source="Regroup")
            )
            state = state.model_copy(update={"battle_draws": state.battle_draws[1:]})
        # Queen Machina: her Battle ability works on the foes' turns too (once per Master,
        # resolved by a Villain who controls her)
        seen: set[str] = set()
        for f in foes(state, seat):
            if team_of(state, f) != VILLAINS:
                continue
            for m in masters_controlled(state, f):
                if cat.card(m).on_foe_battle and m not in seen:
                    seen.add(m)
                    jobs.append(
                        Job(seat=f, effects=cat.card(m).on_foe_battle, source=cat.card(m).name)
                    )
        state = push(state, jobs)
        return self._run(state, ev)

    def _activate(self, state: State, seat: int, action: Activate, ev: list) -> State:
        cat = _cat(state)
        p = state.players[seat]
        team = team_of(state, seat)
        src = action.source
        if src == "character":
            ch = cat.characters[p.character]
            state = gain_energy(state, team, -ch.ability.cost)
            state = _pl(state, seat, char_used=True)
            job = Job(seat=seat, effects=ch.ability.effects, source=ch.side_b)
        elif src == "slot":
            s = p.slots[action.index]
            card = cat.card(s.card)
            state = gain_energy(state, team, -card.ability.cost)
            state = _pl(
                state,
                seat,
                slots=replace_at(p.slots, action.index, s.model_copy(update={"ready": False})),
            )
            state = state.model_copy(update={"used": state.used + (s.card,)})
            job = Job(seat=seat, effects=card.ability.effects, source=card.name, slot=action.index)
        elif src == "zord":
            z = state.bay[action.index]
            card = cat.card(z.card)
            state = gain_energy(state, team, -card.ability.cost)
            state = state.model_copy(
                update={
                    "zord_acts": state.zord_acts + 1,
                    "used": state.used + (z.card,),
                    "bay": replace_at(
                        state.bay, action.index, z.model_copy(update={"ready": False})
                    ),
                }
            )
            job = Job(seat=seat, effects=card.ability.effects, source=card.name)
        elif src == "bay":
            name, _, cost, _ = BAY[state.bay_side]
            state = gain_energy(state, team, -cost)
            state = state.model_copy(update={"bay_used": True})
            effects: tuple = (
                (Ready(what="zord"),) if state.bay_side == "bay" else (Ready(what="all_zords"),)
            )
            if state.bay_side == "megazord":
                effects += (Damage(amount=4),)
            job = Job(seat=seat, effects=effects, source=name)
        else:
            ab = cat.cards["serpentera-scales"].ability
            state = gain_energy(state, team, -ab.cost)
            state = _pl(state, seat, serpentera_ready=False)
            job = Job(seat=seat, effects=ab.effects, source="Serpentera")
        ev.append(
            Event(text=f"{_name(state, seat)} activates {job.source}", kind="activate", seat=seat)
        )
        return self._run(push(state, [job]), ev)

    def _answer(self, state: State, seat: int, option: str, ev: list) -> State:
        d = state.decision
        state = state.model_copy(update={"decision": None})
        cat = _cat(state)
        if d.kind == "order":
            k = int(option)
            jobs = list(state.jobs)
            chosen = jobs.pop(k).model_copy(update={"ordered": True})
            return self._run(state.model_copy(update={"jobs": (chosen, *jobs)}), ev)
        if d.kind == "first":
            first = int(option)
            order = tuple(
                first if s == d.seat else d.seat if s == first else s for s in turn_order(state)
            )
            ev.append(Event(text=f"{_name(state, first)} goes first", kind="turn", seat=first))
            return self._setup_table(state.model_copy(update={"order": order}), ev)
        if d.kind == "character":
            target = int(option)
            empty = open_slots(state, target)
            if len(empty) > 1:
                return self._ask_slot(state, seat, target, empty, d.card)
            return self._run(self._stick(state, seat, target, empty[0], d.card, ev), ev)
        if d.kind == "slot":
            target, _, slot = option.partition(":")
            target, slot = int(target), int(slot)
            card = cat.card(d.card)
            if card.kind == "signature":
                p = state.players[seat]
                state = _pl(state, seat, slots=replace_at(p.slots, slot, Attached(card=d.card)))
                ev.append(
                    Event(text=f"{card.name} attaches to slot {slot + 1}", kind="attach", seat=seat)
                )
                return self._run(attach_trigger(state, seat, card), ev)
            if card.attach_to_character:
                return self._run(self._stick(state, seat, target, slot, d.card, ev), ev)
            job = state.jobs[0]
            return self._attach_from_grid(state, job, state.grid.index(d.card), slot, ev)
        job = state.jobs[0]
        e = job.effects[job.step]
        if d.kind == "target":
            return self._open_attack(state, job, e, (int(option),), ev)
        if d.kind == "discard":
            f = d.seat
            fp = state.players[f]
            hand = list(fp.hand)
            hand.remove(option)
            state = _pl(state, f, hand=tuple(hand), discard=fp.discard + (option,))
            ev.append(Event(text=f"{_name(state, f)} discards {cat.card(option).name}", seat=f))
            # "Discard N": the same foe is asked again until N cards are gone (or the hand is)
            new = job.model_copy(update={"done": job.done + 1})
            return self._run(state.model_copy(update={"jobs": (new, *state.jobs[1:])}), ev)
        if d.kind == "discard_attached":
            state = self._discard_attached_forced(state, d.seat, option, ev)
            new = job.model_copy(update={"sub": job.sub + 1})
            return self._run(state.model_copy(update={"jobs": (new, *state.jobs[1:])}), ev)
        if d.kind == "destroy":
            if option != "none":
                p = state.players[seat]
                if option in p.hand:
                    hand = list(p.hand)
                    hand.remove(option)
                    state = _pl(state, seat, hand=tuple(hand))
                elif option in p.discard:
                    disc = list(p.discard)
                    disc.remove(option)
                    state = _pl(state, seat, discard=tuple(disc))
                else:
                    state = _pl(state, seat, played=tuple(c for c in p.played if c != option))
                state = destroy(state, option, ev)
            return self._run(self._advance(state, job), ev)
        if d.kind == "ready":
            where, _, i = option.partition(":")
            if where == "zord":
                state = state.model_copy(
                    update={
                        "bay": replace_at(
                            state.bay, int(i), state.bay[int(i)].model_copy(update={"ready": True})
                        )
                    }
                )
            else:
                p = state.players[seat]
                state = _pl(
                    state,
                    seat,
                    slots=replace_at(
                        p.slots, int(i), p.slots[int(i)].model_copy(update={"ready": True})
                    ),
                )
            ev.append(Event(text="A card is readied", seat=seat))
            return self._run(self._advance(state, job), ev)
        if d.kind == "attach_grid":
            gi = int(option)
            empty = [k for k in open_slots(state, seat) if k != job.slot]
            if len(empty) > 1:
                return self._ask_slot(state, seat, seat, empty, state.grid[gi])
            return self._attach_from_grid(state, job, gi, empty[0], ev)
        if d.kind == "copy":
            if option.startswith("char:"):
                ch = cat.characters[state.players[int(option[5:])].character]
                name, effects = ch.side_b, ch.ability.effects
            else:
                if option.startswith("zord:"):
                    inst = state.bay[int(option[5:])].card
                else:
                    s_i, i = option.split(":")
                    inst = state.players[int(s_i)].slots[int(i)].card
                name, effects = cat.card(inst).name, cat.card(inst).ability.effects
            ev.append(Event(text=f"{job.source} copies {name}", seat=seat))
            state = self._advance(state, job)
            copied = Job(
                seat=seat,
                effects=effects,
                source=f"{job.source} ({name})",
                slot=job.slot,
            )
            return self._run(push(state, [copied]), ev)
        if d.kind == "refresh":
            if option != "refill":
                gi = int(option)
                inst = state.grid[gi]
                state = state.model_copy(
                    update={
                        "grid": replace_at(state.grid, gi, None),
                        "main_discard": state.main_discard + (inst,),
                    }
                )
            state = refill_grid(state, ev)
            return self._run(self._advance(state, job), ev)
        raise AssertionError(d.kind)  # pragma: no cover

    def _ask_slot(self, state: State, seat: int, target: int, slots: list[int], inst: str) -> State:
        """`seat` picks which of `target`'s empty slots takes `inst`."""
        colours = _cat(state).characters[state.players[target].character].slots
        whose = "" if target == seat else f"{_name(state, target)}'s "
        return self._ask(
            state,
            seat,
            "slot",
            f"Attach {_card_name(state, inst)} to which {whose}slot?",
            [Option(id=f"{target}:{k}", label=f"slot {k + 1} ({colours[k]})") for k in slots],
            card=inst,
        )

    def _stick(self, state: State, seat: int, target: int, slot: int, inst: str, ev: list):
        """Defector / Singing Zap attach to the chosen character, to stay until Battled."""
        tp = state.players[target]
        state = _pl(
            state, target, slots=replace_at(tp.slots, slot, Attached(card=inst, stuck=True))
        )
        ev.append(
            Event(
                text=f"{_card_name(state, inst)} attaches to {_name(state, target)}'s character "
                f"(slot {slot + 1})",
                kind="attach",
                seat=seat,
            )
        )
        return state

    def _attach_from_grid(self, state: State, job: Job, gi: int, slot: int, ev: list) -> State:
        """Love Arrows / Power Disc: the Grid card goes to the chosen slot; an attach trigger
        (Kat) resolves, then a fourth filled slot flips the character, then the card that did
        it is discarded (Specific Card Clarifications)."""
        seat = job.seat
        inst = state.grid[gi]
        kind = _cat(state).card(inst).kind
        p = state.players[seat]
        state = state.model_copy(update={"grid": replace_at(state.grid, gi, None)})
        state = _pl(state, seat, slots=replace_at(p.slots, slot, Attached(card=inst)))
        ev.append(
            Event(
                text=f"{_name(state, seat)} attaches {_card_name(state, inst)} from The Grid",
                kind="attach",
                seat=seat,
            )
        )
        state = self._simple_trigger(state, seat, "attach", kind, ev)
        state = settle_flips(state, ev)
        state = self._discard_source(state, job, ev)
        return self._run(self._advance(state, job), ev)

    def _discard_attached_forced(self, state: State, seat: int, option: str, ev: list) -> State:
        cat = _cat(state)
        where, _, i = option.partition(":")
        p = state.players[seat]
        if where == "slot":
            inst = p.slots[int(i)].card
            state = _pl(state, seat, slots=replace_at(p.slots, int(i), None))
        elif where == "zord":
            inst = state.bay[int(i)].card
            state = state.model_copy(update={"bay": state.bay[: int(i)] + state.bay[int(i) + 1 :]})
            state = settle_bay(state, ev)
        else:
            inst = state.lair[int(i)]
            state = state.model_copy(
                update={"lair": state.lair[: int(i)] + state.lair[int(i) + 1 :]}
            )
        p = state.players[seat]
        state = _pl(state, seat, discard=p.discard + (inst,))
        ev.append(Event(text=f"{_name(state, seat)} discards {cat.card(inst).name}", seat=seat))
        return state

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> View:
        cat = _cat(state)
        seats = []
        for i, p in enumerate(state.players):
            # Playing the Game, Pro Tip: teammates may look at each other's hands (and, at
            # setup, coordinate their picks), so a seat sees its teammate's cards as its own
            mine = seat is not None and team_of(state, seat) == team_of(state, i)
            ch_view = None
            everyone = all(q.character for q in state.players)
            if p.character and (state.phase != "setup" or everyone or mine):
                ch = cat.characters[p.character]
                ch_view = CharacterView(
                    id=ch.id,
                    name=ch.name,
                    side_name=ch.side_b if p.flipped else ch.side_a,
                    flipped=p.flipped,
                    text=ch.text_b if p.flipped else ch.text_a,
                    other_text=ch.text_a if p.flipped else ch.text_b,
                    ability_cost=ch.ability.cost,
                    ability_used=p.char_used,
                    slots=tuple(
                        SlotView(
                            colour=ch.slots[k],
                            card=cat.face(s.card) if s else None,
                            instance=s.card if s else "",
                            ready=s.ready if s else True,
                            stuck=s.stuck if s else False,
                            price=battle_price(state, i, cat.card(s.card))
                            if s is not None and s.stuck
                            else None,
                        )
                        for k, s in enumerate(p.slots)
                    ),
                )
            item = own_face = None
            if p.character and state.phase != "setup":
                ch = cat.characters[p.character]
                item = None if p.item_gained else cat.face(ch.item)
                own_face = None if p.own_gained else cat.face(ch.own)
            seats.append(
                SeatView(
                    name=state.config.names[i],
                    team=state.config.teams[i],
                    character=ch_view,
                    hand_count=len(p.hand),
                    hand=tuple((c, cat.face(c)) for c in p.hand) if mine else (),
                    deck_count=len(p.deck),
                    discard=tuple(cat.face(c) for c in p.discard),
                    played=tuple((c, cat.face(c)) for c in p.played),
                    locations=tuple(cat.face(c) for c in p.locations),
                    item=item,
                    own=own_face,
                    serpentera=p.serpentera,
                    offer=tuple(cat.character_face(c) for c in p.offer) if mine else (),
                    offer_cards=tuple(
                        (cat.face(cat.characters[c].item), cat.face(cat.characters[c].own))
                        for c in p.offer
                    )
                    if mine
                    else (),
                    picked=bool(p.character),
                )
            )
        grid = []
        for i, c in enumerate(state.grid):
            if c is None:
                grid.append(GridCardView(index=i, card=None))
                continue
            card = cat.card(c)
            adv = seat is not None and adversary(state, seat, card)
            price = None
            if seat is not None:
                price = battle_price(state, seat, card) if adv else card.cost
            grid.append(GridCardView(index=i, card=cat.face(c), adversary=adv, price=price))
        name, acts, cost, text = BAY[state.bay_side]
        bay = ZordBayView(
            side=state.bay_side,
            side_name=name,
            text=text,
            ability_cost=cost,
            ability_used=state.bay_used,
            activations_left=max(0, acts - state.zord_acts),
            slots=tuple(
                SlotView(colour="white", card=cat.face(z.card), instance=z.card, ready=z.ready)
                for z in state.bay
            ),
        )
        decision = None
        prompt = ""
        dseat = None
        if state.attack is not None and state.attack.waiting:
            dseat = state.attack.waiting[0][0]
            prompt = f"{state.config.names[dseat]} decides whether to Block"
            if seat == dseat:
                decision = Decision(
                    kind="block",
                    seat=dseat,
                    prompt=f"Block {state.attack.source}?",
                    options=tuple(self.block_options(state, dseat)),
                )
        elif state.decision is not None:
            dseat = state.decision.seat
            prompt = state.decision.prompt
            if seat == dseat:
                decision = state.decision
        attack = None
        if state.attack is not None:
            att = state.attack
            attack = AttackView(
                attacker=att.attacker,
                source=att.source,
                text=effects_text(att.effects)
                + (f" If negated: {effects_text(att.if_negated)}" if att.if_negated else ""),
                parts=att.parts,
                waiting_on=dseat,
            )
        venjix = any(p.character == "venjix" for p in state.players)
        serp = None
        if state.config.serpentera and venjix:
            n = next(p.serpentera for p in state.players if p.character == "venjix")
            serp = StackView(count=3 - n, top=cat.face(SERPENTERA[n]) if n < 3 else None)

        def stack(cards, up):
            return StackView(count=len(cards), top=cat.face(cards[0]) if cards and up else None)

        return View(
            viewer=seat,
            format=state.config.format,
            phase=state.phase,
            turn=state.turn,
            active=state.active,
            turn_order=turn_order(state),
            turn_slot=state.slot,
            seats=tuple(seats),
            teams=tuple(
                TeamView(name=TEAM_NAMES[t], hp=state.teams[t].hp, energy=state.teams[t].energy)
                for t in (0, 1)
            ),
            grid=tuple(grid),
            main_deck=StackView(count=len(state.main_deck)),
            main_discard=tuple(cat.face(c) for c in state.main_discard),
            destroyed_count=len(state.destroyed),
            blasters=stack(state.blasters, state.blaster_up),
            stuns=stack(state.stuns, True),
            zords=stack(state.zord_stack, state.zord_up),
            masters=stack(state.master_stack, state.master_up),
            serpentera=serp,
            bay=bay,
            lair=tuple(cat.face(m) for m in state.lair),
            lair_text=LAIR_TEXT,
            shards=state.shards,
            decision=decision,
            decision_seat=dseat,
            decision_prompt=prompt,
            attack=attack,
            last_turn=state.last_turn,
            hp_history=state.hp_history,
            to_act=tuple(sorted(self.to_act(state))),
            outcome=state.outcome,
        )

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def describe(self, action: Action) -> str:
        def nm(inst: str) -> str:
            try:
                return catalog().card(inst).name
            except Exception:
                return inst

        match action:
            case Pick():
                return f"choose {action.character}"
            case Play():
                return f"play {nm(action.card)}"
            case Buy():
                return f"buy {action.source}" + (
                    f" {action.index + 1}" if action.source == "grid" else ""
                )
            case Attach():
                return f"attach {nm(action.card)} to slot {action.slot + 1}"
            case AttachTile():
                return f"re-attach {nm(action.card)}"
            case Battle():
                return (
                    f"Battle Grid card {action.index + 1}"
                    if action.index is not None
                    else f"Battle the card in slot {action.slot + 1}"
                )
            case Activate():
                return f"activate {action.source}" + (
                    f" {action.index + 1}" if action.source in ("slot", "zord") else ""
                )
            case DestroyBlaster():
                return "destroy a Zeo Blaster"
            case DiscardAttached():
                return f"discard the card in slot {action.slot + 1}"
            case EndMain():
                return "end the Main Phase"
            case EndTurn():
                return "end the turn"
            case Choose():
                return f"choose {action.option}"
        return str(action)

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal the foes' hands and decks (keeping counts) and the face-down cards; the
        observer's own and teammate's hands are seen, so they stay."""
        players = list(state.players)
        for i, p in enumerate(state.players):
            if observer is not None and team_of(state, observer) == team_of(state, i):
                continue
            pool = list(p.hand + p.deck)
            rng.shuffle(pool)
            players[i] = p.model_copy(
                update={"hand": tuple(pool[: len(p.hand)]), "deck": tuple(pool[len(p.hand) :])}
            )
        deck = list(state.main_deck)
        rng.shuffle(deck)
        upd = {"players": tuple(players), "main_deck": tuple(deck)}
        for key, up in (
            ("blasters", state.blaster_up),
            ("zord_stack", state.zord_up),
            ("master_stack", state.master_up),
        ):
            cards = list(getattr(state, key))
            keep = cards[:1] if up else []
            rest = cards[len(keep) :]
            rng.shuffle(rest)
            upd[key] = tuple(keep + rest)
        return state.model_copy(update=upd)


__all__ = ["ZeoRules"]
