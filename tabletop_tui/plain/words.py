"""A move's words where the Rules' own `describe` points rather than names: "buy grid 2"
becomes "buy Zedd's Revenge (4 Shards)", "Target card 3" becomes "Target Putty Patroller
(card 3)", "seat 2" the seat's name. Read from the seat's View only, so nothing hidden is
named; anything unexpected keeps the Rules' words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Words = Callable[[object, int, object, str, list[str]], str]


def _name(card: object) -> str:
    """A card's name (a card, or a name already)."""
    if isinstance(card, str):
        return card
    return str(getattr(card, "name", "") or "")


def zeo(view, seat: int, action, text: str, seats: list[str]) -> str:
    kind = getattr(action, "kind", "")
    me = view.seats[seat]
    grid = getattr(view, "grid", ())
    index = getattr(action, "index", None)
    slot = getattr(action, "slot", None)
    if kind == "buy":
        source = action.source
        if source == "grid" and index is not None and index < len(grid) and grid[index]:
            spot = grid[index]
            return f"buy {_name(spot.card)} ({spot.price} Shards)"
        top = {
            "blaster": _name(getattr(view.blasters, "top", None)),
            "item": _name(me.item),
            "own": _name(me.own),
            "stack": _name(getattr(view.zords if me.team == 1 else view.masters, "top", None)),
        }.get(source)
        if top:
            where = {
                "blaster": "a Blaster",
                "item": "your Signature Item",
                "own": "your own",
                "stack": "the top of the stack",
            }[source]
            return f"buy {top} ({where})"
    if kind == "battle":
        if index is not None and index < len(grid) and grid[index]:
            spot = grid[index]
            return f"battle {_name(spot.card)} ({spot.price} Shards)"
    if slot is not None and me.character is not None and slot < len(me.character.slots):
        held = me.character.slots[slot].card
        place = f"slot {slot + 1} ({me.character.slots[slot].colour})"
        if kind == "activate" and held is not None:
            return f"activate {_name(held)} in {place}"
        if kind == "discard_attached" and held is not None:
            return f"discard {_name(held)} from {place}"
        if kind == "attach":
            return re.sub(r"slot \d+$", place, text)
    if kind == "choose" and view.decision is not None:
        for option in view.decision.options:
            if option.id == action.option:
                return f"choose {option.label}"
    return text


def hotg(view, seat: int, action, text: str, seats: list[str]) -> str:
    battle = getattr(view, "battle", None)
    if battle is not None:
        names = {c.slot: c.name for c in battle.cards}

        def enemy(m: re.Match) -> str:
            slot = int(m.group(1)) - 1
            return f"{names[slot]} (card {slot + 1})" if slot in names else m.group(0)

        text = re.sub(r"\bcard (\d+)\b", enemy, text)
    return text


#: per game, its move words (a game not here: the Rules' words, with names for ids)
WORDS: dict[str, Words] = {"zeo-dbg": zeo, "hotg": hotg}


def move_words(game_id: str, view, seat: int, action, text: str, seats: list[str]) -> str:
    """`text` (the Rules' words, ids named) told with the names the View holds."""
    target = getattr(action, "seat", None)
    if isinstance(target, int) and not isinstance(target, bool) and 0 <= target < len(seats):
        text = re.sub(rf"\bseat {target + 1}\b", seats[target], text)
    words = WORDS.get(game_id)
    if words is None:
        return text
    try:
        return words(view, seat, action, text, seats)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return text  # a View shaped otherwise than expected: the Rules' words
