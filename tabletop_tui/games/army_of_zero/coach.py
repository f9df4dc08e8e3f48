"""Why an Army Of Zero move is good, from the seat's View (engine/coach.py).

The squad order and the combat odds are arithmetic on stat lines the seat can see: its own
unplaced characters, its fighter and the foe's fighter once both are face up, and how many
Attack Cards each side holds (public). The foe's squad order is never named.
"""

from __future__ import annotations

from ...engine.coach import Reason
from .bot import confrontation, line, strength
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
