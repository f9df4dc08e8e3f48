"""The Zeo table: constants and the small state primitives every phase uses (draw, damage,
heal, Stuns, the Zord Bay and The Lair, flips, triggers, the Grid refill)."""

from __future__ import annotations

from ...engine import Event, Outcome, replace_at
from ...engine.common import refused
from ...engine.fast import make
from .cards import SLOT_TAKES, Card, Catalog, catalog
from .models import (
    HAND_SIZE,
    HEROES,
    MAX_ENERGY,
    MAX_HP,
    TEAM_NAMES,
    Attached,
    Job,
    State,
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
LAIR_HEAL = 1
#: 2v1: the lone player's team starts with this much Energy (Villains, Heroes)
LONE_ENERGY = (14, 6)
LAIR_TEXT = f"When a Master is attached here, Heal {LAIR_HEAL}. Both Villains control its Masters."
SERPENTERA = ("serpentera-tail", "serpentera-scales", "serpentera-head")
ZM_COST, ZM_DISCOUNT = 7, 2

#: a rule's refusal (checks.py builds them under this name)
_no = refused


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
                make(
                    Event,
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
            make(
                Event,
                text=f"{_name(state, seat)} draws {drawn}",
                kind="draw",
                seat=seat,
                barrier=True,
            )
        )
    state = state.model_copy(update={"rng": rng})
    return _pl(state, seat, deck=tuple(deck), hand=tuple(hand), discard=discard)


def hurt(state: State, team: int, n: int, ev: list, why: str = "") -> State:
    hp = max(0, state.teams[team].hp - n)
    state = _team(state, team, hp=hp)
    ev.append(
        make(
            Event,
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
            make(
                Event,
                text=f"{TEAM_NAMES[team]} Heal {new - old} ({new} HP)",
                kind="heal",
                seat=seat,
            )
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
    ev.append(make(Event, text=f"{len(stuns)} Stun(s) return to the Stun stack", seat=seat))
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
    ev.append(make(Event, text=f"{_name(state, seat)} gains a Stun", seat=seat))
    return _pl(state, seat, discard=state.players[seat].discard + (top,))


def destroy(state: State, inst: str, ev: list) -> State:
    """To the destroyed pile; a destroyed Zeo Blaster returns to the bottom of its stack."""
    if inst.startswith("zeo-blaster#"):
        ev.append(make(Event, text="a Zeo Blaster returns to the bottom of its stack"))
        return state.model_copy(update={"blasters": state.blasters + (inst,)})
    ev.append(make(Event, text=f"{_card_name(state, inst)} is destroyed"))
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
            make(
                Event,
                text=f"{_card_name(state, inst)}: the Zord Bay is full, so it goes to "
                "the discard pile",
            )
        )
        if seat is None:
            seat = state.active
        return _pl(state, seat, discard=state.players[seat].discard + (inst,))
    state = state.model_copy(update={"bay": state.bay + (make(Attached, card=inst, ready=True),)})
    ev.append(make(Event, text=f"{_card_name(state, inst)} attaches to the Zord Bay", kind="zord"))
    return settle_bay(state, ev)


def settle_bay(state: State, ev: list) -> State:
    """Red Battlezord at 3 Zords (exhaust them all; never flips back), Zeo Megazord at 5
    (reverts to the Red Battlezord below 5)."""
    n, side = len(state.bay), state.bay_side
    if side == "bay" and n >= 3:
        ev.append(make(Event, text="The Zord Bay flips to the Red Battlezord", kind="zord"))
        state = state.model_copy(
            update={
                "bay_side": "battlezord",
                "bay": tuple(z.model_copy(update={"ready": False}) for z in state.bay),
            }
        )
        side = "battlezord"
    if side == "battlezord" and n >= 5:
        ev.append(make(Event, text="The Zeo Megazord is built!", kind="zord"))
        state = state.model_copy(update={"bay_side": "megazord"})
    elif side == "megazord" and n < 5:
        ev.append(
            make(
                Event, text="The Zeo Megazord comes apart: back to the Red Battlezord", kind="zord"
            )
        )
        state = state.model_copy(update={"bay_side": "battlezord"})
    return state


def attach_master_to_lair(state: State, seat: int, inst: str, ev: list) -> State:
    state = state.model_copy(update={"lair": state.lair + (inst,)})
    ev.append(make(Event, text=f"{_card_name(state, inst)} attaches to The Lair", seat=seat))
    return heal(state, seat, LAIR_HEAL, ev)


def settle_flips(state: State, ev: list) -> State:
    """Four filled slots flip a character (never back); a Hero gains their own Zord."""
    for seat, p in enumerate(state.players):
        if p.character and not p.flipped and all(s is not None for s in p.slots):
            ch = _cat(state).characters[p.character]
            state = _pl(state, seat, flipped=True)
            ev.append(
                make(
                    Event, text=f"{_name(state, seat)} flips to {ch.side_b}", kind="flip", seat=seat
                )
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
    return push(state, [make(Job, seat=seat, effects=ch.trigger_effects, source=ch.name)])


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
                        make(
                            Event,
                            text="The main deck cannot refill The Grid: the game ends "
                            "after this turn",
                            kind="warning",
                        )
                    )
                last = True
                break
            grid[i] = deck.pop(0)
            ev.append(
                make(
                    Event,
                    text=f"{_card_name(state, grid[i])} enters The Grid",
                    kind="grid",
                    barrier=True,
                )
            )
    return state.model_copy(
        update={"grid": tuple(grid), "main_deck": tuple(deck), "last_turn": last}
    )


def _bottom_foes(state: State, job: Job) -> list[int]:
    return [job.target] if job.target is not None else foes(state, job.seat)
