"""Why an Army Of Zero move is good, from the seat's View (engine/coach.py).

The squad order and the combat odds are arithmetic on stat lines the seat can see: its own
unplaced characters, its fighter and the foe's fighter once both are face up, and how many
Attack Cards each side holds (public). The foe's squad order is never named.

`grade` measures the seat's own move against the hard bot's, in the hard bot's own numbers:
a placement by the expected confrontations won less lost over the phase (the hard bot's
sampled piles of the characters the seat has not seen, the strongest leading), a combat card
by what it is worth in this confrontation against the foe's equilibrium mix.
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from .bot import (
    ArmyOfZeroHardBot,
    _after,
    _cards,
    best_order,
    confrontation,
    double_kill_worth,
    line,
    round_odds,
    strength,
    weighted_confrontation,
)
from .cards import Character
from .models import ChooseCombat, PlaceCharacter, PlaceRest, View


def _stats(c: Character) -> str:
    """Speed, combat, weapon and armour, as on the card: "S+1 C-2 W+0 A+1"."""
    return f"S{c.speed:+d} C{c.combat:+d} W{c.weapon:+d} A{c.armour:+d}"


def reason(view: View, seat: int, action, legal: list) -> Reason:
    me = view.seats[seat]
    if isinstance(action, PlaceCharacter):
        pick = next((c for c in me.unplaced if c.id == action.card), None)
        if pick is None:
            return Reason("Place the next character")
        ranked = sorted(me.unplaced, key=lambda c: strength(line(c)), reverse=True)
        place = ranked.index(pick) + 1 if pick in ranked else 0
        why = _stats(pick)
        if place == 1 and len(ranked) > 1:
            why += f": the strongest of your {len(ranked)} still to place, so it fights first"
        elif len(ranked) > 1:
            why += (
                f": number {place} of {len(ranked)} by strength, set to meet a weaker foe "
                "if theirs lead with their best"
            )
        return Reason(f"Place {pick.name} next", why, pick.name)
    if isinstance(action, PlaceRest):
        return Reason("Lay down the rest", "the order shown keeps the strongest on top")
    if isinstance(action, ChooseCombat):
        foe = view.seats[1 - seat]
        mine, theirs = me.fighter, foe.fighter
        card = "Attack" if action.card == "attack" else "Defend"
        if mine is None or theirs is None:
            return Reason(f"Play the {card} Card")
        hands = (min(me.attacks_in_hand, 2), min(foe.attacks_in_hand, 2))
        _, p_attack = confrontation(line(mine), line(theirs))[hands]
        if me.attacks_in_hand == 0:
            why = "you hold no Attack Card: the Defend Card picks them all up again"
        else:
            share = round(100 * p_attack)
            against = f"against {theirs.name} ({_stats(theirs)})"
            cards = f"Attack Cards {me.attacks_in_hand} v {foe.attacks_in_hand}"
            pure = {100: "attack", 0: "defend"}.get(share)
            if pure is None:
                why = (
                    f"{against}: attack {share}% of the time at random ({cards}), "
                    "so you cannot be read"
                )
            elif pure == action.card:
                why = f"{against} the best card whatever they play ({cards})"
            else:  # (the hard level weighs a double kill by what it does to the game)
                why = f"{against} ({cards}), weighing what losing both fighters does to you"
        return Reason(f"Play the {card} Card", why, mine.name)
    return Reason(str(action))


# -- grading the seat's own move -----------------------------------------------------------
#: a gap smaller than this is no gap: two cards of one equilibrium mix, or (placements)
#: the noise of the sampled piles
CARD_TOLERANCE = 0.02
PLACE_TOLERANCE = 0.05


def grade(view: View, seat: int, played, legal: list, rng: random.Random) -> str | None:
    """The seat's placement or combat card against the hard bot's best; None when it is as
    good (or the move is neither)."""
    if isinstance(played, PlaceCharacter) and view.phase == "order":
        return _grade_place(view, seat, played, legal, rng)
    if isinstance(played, ChooseCombat) and view.phase == "battle":
        return _grade_card(view, seat, played)
    return None


def _assigned(total: list[list[float]], rows: list[int], first: int) -> float:
    """The best total of `rows` placed at positions `first` onwards (`best_order`)."""
    values = [total[r][first:] for r in rows]
    if not values or not values[0]:
        return 0.0
    order = best_order(values)
    return sum(values[row][pos] for pos, row in enumerate(order))


def _grade_place(view: View, seat: int, played: PlaceCharacter, legal: list, rng) -> str | None:
    bot = ArmyOfZeroHardBot()
    scored = bot.order_values(view, seat, legal, rng)
    if scored is None:
        return None
    mine, total = scored
    ids = [c.id for c in mine]
    if played.card not in ids:
        return None
    rows = range(len(mine))
    got = {r: total[r][0] + _assigned(total, [o for o in rows if o != r], 1) for r in rows}
    best = max(rows, key=lambda r: got[r])
    gap = (got[best] - got[ids.index(played.card)]) / bot.samples
    if gap < PLACE_TOLERANCE:
        return None
    return (
        f"Placing {mine[ids.index(played.card)].name} next gave up {gap:.2f} fights won "
        f"(less lost) this phase against {mine[best].name}, if their strongest lead"
    )


def card_worths(view: View, seat: int) -> dict[str, float]:
    """What each combat card I may play is worth in this confrontation (+1 only their
    fighter falls, -1 only mine, a double kill as the hard bot weighs it) when the foe plays
    its equilibrium mix; {} when no two fighters face each other."""
    me, foe = view.seats[seat], view.seats[1 - seat]
    if me.fighter is None or foe.fighter is None:
        return {}
    mine, theirs = line(me.fighter), line(foe.fighter)
    x, y = min(me.attacks_in_hand, 2), min(foe.attacks_in_hand, 2)
    both_mine = double_kill_worth(me.alive, foe.alive)
    values = weighted_confrontation(mine, theirs, both_mine)
    their_attack = weighted_confrontation(theirs, mine, double_kill_worth(foe.alive, me.alive))
    q = their_attack[y, x][1] if y > 0 else 0.0
    odds = round_odds(mine, theirs)
    worth = {}
    for a in _cards(x):
        total = 0.0
        for b in _cards(y):
            share = q if b == "attack" else 1.0 - q
            win, lose, both = odds[a, b]
            after = values[_after(x, a), _after(y, b)][0]
            total += share * (win - lose + both * both_mine + (1 - win - lose - both) * after)
        worth[a] = total
    return worth


def _grade_card(view: View, seat: int, played: ChooseCombat) -> str | None:
    worth = card_worths(view, seat)
    if played.card not in worth:
        return None
    best = max(worth, key=lambda c: worth[c])
    gap = worth[best] - worth[played.card]
    if gap < CARD_TOLERANCE:
        return None
    me, foe = view.seats[seat], view.seats[1 - seat]
    return (
        f"The {played.card.title()} Card gave up {gap:.2f} against the {best.title()} Card "
        f"in this fight (+1: only {foe.fighter.name} falls, -1: only {me.fighter.name}), "
        "against their best mix"
    )
