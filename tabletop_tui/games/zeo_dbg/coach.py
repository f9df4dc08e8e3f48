"""Why a Zeo move is good, in the seat's own cards and numbers (engine/coach.py).

Every card named here is read from the seat's View (its hand, its slots, The Grid, the
stacks' face-up tops), so the coach can never name a card the seat cannot see. What a card
gives (Shards, Energy, a price) is the printed face the View carries.
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from ...engine.grammar import plural
from .cards import CardFace
from .models import (
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
    View,
)


def _gives(face: CardFace) -> str:
    parts = []
    if face.shards:
        parts.append(f"+{face.shards} Shard{'s' * (face.shards != 1)}")
    if face.energy:
        parts.append(f"+{face.energy} Energy")
    return ", ".join(parts)


def _hand_face(view: View, seat: int, instance: str) -> CardFace | None:
    for inst, face in view.seats[seat].hand:
        if inst == instance:
            return face
    return None


def _slot_face(view: View, seat: int, source: str, index: int) -> CardFace | None:
    if source == "slot":
        character = view.seats[seat].character
        if character is not None and 0 <= index < len(character.slots):
            return character.slots[index].card
    if source == "zord" and 0 <= index < len(view.bay.slots):
        return view.bay.slots[index].card
    return None


def _buy_face(view: View, seat: int, action: Buy) -> CardFace | None:
    me = view.seats[seat]
    if action.source == "grid" and 0 <= action.index < len(view.grid):
        return view.grid[action.index].card
    if action.source == "item":
        return me.item
    if action.source == "own":
        return me.own
    if action.source == "blaster":
        return view.blasters.top
    if action.source == "stack":
        return view.zords.top if me.team == 1 else view.masters.top
    if action.source == "serpentera" and view.serpentera is not None:
        return view.serpentera.top
    return None


def _short(text: str, room: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


def _energy(view: View, seat: int) -> int:
    return view.teams[view.seats[seat].team].energy


def reason(view: View, seat: int, action, legal: list) -> Reason:
    me = view.seats[seat]
    if isinstance(action, Pick):
        offer = {f.id: f for f in me.offer}
        face = offer.get(action.character)
        name = face.name if face else action.character
        return Reason(f"Choose {name}", "one of the two characters you were dealt", name)
    if isinstance(action, Play):
        face = _hand_face(view, seat, action.card)
        name = face.name if face else "a card"
        plays = sum(1 for a in legal if isinstance(a, Play))
        gain = _gives(face) if face else ""
        why = f"{gain} for this turn" if gain else ""
        if not why and face is not None and face.text:
            why = _short(face.text, 60)
        if plays > 1:
            why += ("; " if why else "") + f"play all {plays} playable cards before you buy"
        return Reason(f"Play {name}", why, name)
    if isinstance(action, Buy):
        face = _buy_face(view, seat, action)
        name = face.name if face else "a card"
        price = view.grid[action.index].price if action.source == "grid" else None
        price = price if price is not None else (face.cost if face else None)
        why = []
        if price is not None:
            why.append(f"{plural(price, 'Shard')} of your {view.shards}")
        if face is not None and _gives(face):
            why.append(f"it gives {_gives(face)} each time you play it")
        if action.source == "grid":
            dearer = [
                g.price
                for g in view.grid
                if g.card is not None
                and not g.adversary
                and g.price is not None
                and g.price <= view.shards
            ]
            if price is not None and dearer and price >= max(dearer):
                why.append("the dearest card you can afford in The Grid")
        elif action.source in ("own", "item"):
            why.append("your character's own card, set aside for you")
        return Reason(f"Buy {name}", ", ".join(why), name)
    if isinstance(action, Battle):
        if action.index is not None and 0 <= action.index < len(view.grid):
            g = view.grid[action.index]
            name = g.card.name if g.card else "the adversary"
            reward = g.card.battle_text if g.card and g.card.battle_text else ""
            why = f"{plural(g.price or 0, 'Shard')} of your {view.shards}"
            if reward:
                why += f"; reward: {_short(reward, 50)}"
            return Reason(f"Battle {name}", why, name)
        face = _slot_face(view, seat, "slot", action.slot or 0)
        name = face.name if face else "the stuck card"
        return Reason(f"Battle {name}", "it frees the slot it is stuck in", name)
    if isinstance(action, Activate):
        face = _slot_face(view, seat, action.source, action.index)
        if action.source == "character" and me.character is not None:
            name = me.character.name
            cost = me.character.ability_cost
        elif action.source == "bay":
            name, cost = view.bay.side_name, view.bay.ability_cost
        else:
            name = face.name if face else action.source
            cost = face.ability_cost if face else None
        why = f"{cost} of your team's {_energy(view, seat)} Energy" if cost is not None else ""
        if face is not None and face.text:
            why = f"{why}: {_short(face.text)}" if why else _short(face.text)
        return Reason(f"Activate {name}", why, name)
    if isinstance(action, Attach):
        face = _hand_face(view, seat, action.card)
        name = face.name if face else "a card"
        why = f"slot {action.slot + 1}; once attached its ability can be used every turn"
        if face is not None and face.block_cost is not None:
            why += f", and it can Block for {face.block_cost} Energy"
        return Reason(f"Attach {name}", why, name)
    if isinstance(action, AttachTile):
        return Reason("Re-attach the card", "it goes back to its slot")
    if isinstance(action, DestroyBlaster):
        return Reason("Destroy a Zeo Blaster", "an empty Grid space is refilled by it")
    if isinstance(action, DiscardAttached):
        face = _slot_face(view, seat, "slot", action.slot)
        name = face.name if face else f"the card in slot {action.slot + 1}"
        return Reason(f"Discard {name}", "the slot is free for a better card", name)
    if isinstance(action, EndMain):
        return Reason(
            "End the Main Phase",
            f"{plural(view.shards, 'Shard')} and {_energy(view, seat)} Energy left: "
            "nothing open is worth more to the coach than keeping them",
        )
    if isinstance(action, EndTurn):
        return Reason("End the turn", "nothing else is open now")
    if isinstance(action, Choose):
        return _choice(view, seat, action)
    return Reason(str(action))


def _choice(view: View, seat: int, action: Choose) -> Reason:
    d = view.decision
    label = action.option
    if d is not None:
        label = next((o.label for o in d.options if o.id == action.option), action.option)
    if d is not None and d.kind == "block":
        attack = view.attack.text if view.attack is not None else "the Attack"
        if action.option == "decline":
            return Reason("Do not Block", f"keep the Energy; the Attack: {_short(attack, 60)}")
        return Reason(f"Block: {label}", f"it answers {_short(attack, 60)}")
    if d is not None and d.kind in ("destroy", "discard"):
        return Reason(
            f"{d.kind.capitalize()} {label}",
            "the card that helps your deck least (Stuns, then Starters)",
        )
    prompt = d.prompt if d is not None else "the question"
    return Reason(f"Choose {label}", prompt)


def grade(view: View, seat: int, played, legal: list, rng: random.Random) -> str | None:
    """A Buy measured by price against the dearest card the coach would buy (the Zeo bot
    scores Buys mostly by the price printed on the card)."""
    if not isinstance(played, Buy) or played.source != "grid":
        return None
    mine = _buy_face(view, seat, played)
    buys = [a for a in legal if isinstance(a, Buy) and a.source == "grid"]
    best = max(buys, key=lambda a: view.grid[a.index].price or 0, default=None)
    if best is None or best == played or mine is None:
        return None
    other = _buy_face(view, seat, best)
    gap = (view.grid[best.index].price or 0) - (view.grid[played.index].price or 0)
    if other is None or gap <= 0:
        return None
    return (
        f"Buying {mine.name} ({view.grid[played.index].price}) left {other.name} "
        f"({view.grid[best.index].price}), {plural(gap, 'Shard')} dearer, in The Grid"
    )
