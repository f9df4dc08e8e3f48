"""Why a Zeo move is good, in the seat's own cards and numbers (engine/coach.py).

Every card named here is read from the seat's View (its hand, its slots, The Grid, the
stacks' face-up tops), so the coach can never name a card the seat cannot see. What a card
gives (Shards, Energy, a price) is the printed face the View carries; the card a question
places (its instance is in the View's decision) is looked up in the public card set.
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from ...engine.grammar import plural
from .cards import CardFace, catalog
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
    """`text` on one line, cut to `room` with "…"; a closing full stop is dropped, as the
    reason goes on after it ("Heal 2; play all 5 ...")."""
    text = " ".join(text.split()).rstrip(".")
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


def _ability(text: str) -> str:
    """What an Activate ability does: the words after "Activate (N Energy):" up to the
    next part of the card's text; the whole text when it has no such ability."""
    _before, found, rest = text.partition("Activate (")
    if not found:
        return text
    _cost, colon, effect = rest.partition("):")
    return effect.split("|")[0].strip() if colon else text


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
            foes = sum(1 for x in view.grid if x.card is not None and x.adversary)
            if foes:
                many = f"{foes} adversar{'y' if foes == 1 else 'ies'}"
                why += f"; {many} in The Grid: 1 damage each as your turn ends"
            if reward:
                why += f"; reward: {_short(reward, 40)}"
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
            what = _short(_ability(face.text))
            why = f"{why}: {what}" if why else what
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
    """A question's answer, with a reason from the view for every kind of question (never
    the question's own prompt: that is the rules' wording, not a reason)."""
    d = view.decision
    option = action.option
    label = option
    if d is not None:
        label = next((o.label for o in d.options if o.id == option), option)
    kind = d.kind if d is not None else ""
    if kind == "block":
        attack = view.attack.text if view.attack is not None else "the Attack"
        if option == "decline":
            return Reason("Do not Block", f"keep the Energy; the Attack: {_short(attack, 60)}")
        return Reason(f"Block: {label}", f"it answers {_short(attack, 60)}")
    if kind in ("destroy", "discard"):
        if option == "none":
            return Reason(f"{kind.capitalize()} nothing", "every card offered helps your deck")
        return Reason(
            f"{kind.capitalize()} {label}",
            "the card that helps your deck least (Stuns, then Starters)",
            label.split(" (", 1)[0],
        )
    why = _answer_why(view, seat, kind, option, label)
    name = label.split(":", 1)[0] if kind in ("copy", "order") else label
    headline = {
        "copy": f"Copy {name}",
        "order": f"Resolve {name} first",
        "ready": f"Ready {label}",
        "attach_grid": f"Attach {label} from The Grid",
        "discard_attached": f"Discard {label}",
        "refresh": "Only refill The Grid" if option == "refill" else f"Replace {label}",
        "first": label,
        "target": f"Target {label}",
        "character": f"Choose {label}",
        "slot": f"Choose {label}",
    }.get(kind, f"Choose {label}")
    card = name if kind in ("copy", "ready", "attach_grid", "discard_attached") else None
    if kind == "refresh" and option != "refill":
        card = label
    return Reason(headline, why, card)


def _answer_why(view: View, seat: int, kind: str, option: str, label: str) -> str:
    """Why this answer, in numbers the view shows."""
    if kind == "refresh":
        empty = sum(1 for g in view.grid if g.card is None)
        if option == "refill":
            return f"every Grid card stays; {plural(empty, 'empty space')} filled"
        g = _grid(view, option)
        if g is not None and g.card is not None:
            price = g.price if g.price is not None else g.card.cost
            return f"{g.card.name} ({plural(price or 0, 'Shard')}) goes; a new card takes its place"
    if kind == "attach_grid":
        g = _grid(view, option)
        if g is not None and g.card is not None:
            return f"it costs {plural(g.card.cost or 0, 'Shard')} to buy; attached for free"
    if kind == "slot" and ":" in option:
        return _slot_why(view, seat, option, view.decision.card if view.decision else "")
    if kind in ("target", "character", "first") and option.isdigit():
        who = int(option)
        if 0 <= who < len(view.seats):
            s = view.seats[who]
            team = view.teams[s.team]
            if kind == "first":
                return f"{s.name} takes the Villains' first turn"
            side = "a foe" if s.team != view.seats[seat].team else "your team"
            return f"{side}: {team.name} at {team.hp} HP, {plural(s.hand_count, 'card')} in hand"
    if kind == "copy":
        text = label.split(":", 1)[1].strip() if ":" in label else label
        return f"it does what that card does: {_short(text, 60)}"
    if kind == "order":
        return "the other start-of-turn effects follow it this turn"
    if kind == "ready":
        return f"{label} is exhausted; readied, its ability can be used again"
    if kind == "discard_attached":
        return "one attached card must go; its slot is then free for another"
    return f"one of the {plural(len(view.decision.options) if view.decision else 1, 'answer')}"


def _grid(view: View, option: str):
    if option.isdigit() and int(option) < len(view.grid):
        return view.grid[int(option)]
    return None


def _slot_why(view: View, seat: int, option: str, instance: str) -> str:
    """A slot for a card (the decision's own card, printed in the public card set): its
    colour matches, or how many of the slot owner's visible cards are of that colour."""
    who, _, k = option.partition(":")
    target = view.seats[int(who)]
    if target.character is None or not k.isdigit() or int(k) >= len(target.character.slots):
        return ""
    colour = target.character.slots[int(k)].colour
    card = catalog().cards.get(instance.split("#", 1)[0]) if instance else None
    if card is not None and int(who) == seat and card.colour == colour:
        return f"a {colour} slot for {card.name}, a {colour} card"
    seen = [f.colour for f in target.discard] + [f.colour for _, f in target.hand]
    count = seen.count(colour)
    where = "your" if int(who) == seat else f"{target.name}'s"
    if int(who) == seat:
        return f"{count} of {where} cards in hand and discard pile are {colour}"
    return f"{count} of {where} discarded cards are {colour}: a slot they would use"


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
