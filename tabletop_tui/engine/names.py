"""Names, never ids (issue 36): a move in the words a player reads.

A game's `describe(action)` knows only the action, so it says the ids the action carries
("place AOZ-67 next on the Squad Pile", "choose data-dodo#2.1"). The seat that makes the
move sees those cards in its View, named: `describe_seen` says the move with every id that
View names replaced by the name. The walk knows no game (any pydantic model with a string
`id` and `name` is named by it, and so is an `(instance id, card)` pair), so every game's
F2 list and replay titles read the same way, and a View never names a card its seat may not
see.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

#: a token that may be an id: letters, digits and the joints ids use (`-`, `#`, `.`, `:`, `_`)
_ID = re.compile(r"[\w][\w#.:'-]*[\w]|\w")


def _is_pair(value: object) -> bool:
    """An (instance id, card) pair, as hands list their cards."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], BaseModel)
        and isinstance(getattr(value[1], "name", None), str)
    )


def names_in(view: Any) -> dict[str, str]:
    """Every id `view` names, mapped to its name (cards, places, instance ids)."""
    names: dict[str, str] = {}
    stack = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, BaseModel):
            ident, name = getattr(value, "id", None), getattr(value, "name", None)
            if isinstance(ident, str) and isinstance(name, str) and name and ident != name:
                names[ident] = name
            stack.extend(getattr(value, f) for f in type(value).model_fields)
        elif isinstance(value, (list, tuple)):
            if _is_pair(value):
                names[value[0]] = value[1].name
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
    return names


def _name(token: str, names: dict[str, str]) -> str:
    name = names.get(token)
    if name is not None:
        return name
    where, colon, ident = token.rpartition(":")  # a place before the id: "hand:card#2"
    if colon and ident in names:
        return f"{names[ident]} ({where.replace('_', ' ')})"
    return token


def named(text: str, names: dict[str, str]) -> str:
    """`text` with every id in `names` replaced by its name."""
    if not names:
        return text
    return _ID.sub(lambda m: _name(m.group(0), names), text)


def describe_seen(rules: Any, action: Any, view: Any) -> str:
    """`rules.describe(action)`, each id the seat's `view` names said by its name."""
    return named(rules.describe(action), names_in(view))


def describe_all_seen(rules: Any, actions: list, view: Any) -> list[str]:
    """`describe_seen` for a seat's legal moves, the View walked once."""
    names = names_in(view)
    return [named(rules.describe(a), names) for a in actions]
