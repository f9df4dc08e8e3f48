"""A seat's View told in sentences, walked generically from its pydantic models.

The walk knows no game: a model with a `name` is a card (or a place, or a player) and is
called by that name; its id anywhere else (a list of ids, a move's words) is replaced by the
name. Per-game touches (`TOUCHES`) only rename, hide or pick fields where the generic walk
reads badly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pydantic import BaseModel

#: fields never told: the reader knows who they are, the outcome and the waiting seats are
#: told on their own lines, flavour text is for the full screen
SKIP = frozenset({"viewer", "to_act", "outcome", "flavor", "history", "opening", "focus", "letter"})
#: fields whose whole numbers are seats: told as the seat's name
SEAT_FIELDS = frozenset(
    {
        "active",
        "first_player",
        "turn_order",
        "viewer",
        "seat",
        "winner",
        "attacker",
        "defender",
        "mastermind_seat",
        "decision_seat",
    }
)
#: where a seat's own cards are, for `hand` (a game not listed: its seat's `hand`)
HAND_FIELDS: dict[str, tuple[str, ...]] = {
    "army-of-zero": ("unplaced", "squad", "fighter", "table"),
    "zeo-dbg": ("hand", "offer", "offer_cards"),
}
#: per game: top-level fields to leave out of `look` (told badly, or said elsewhere)
LOOK_SKIP: dict[str, frozenset[str]] = {
    "pr-ccg-2008": frozenset({"elements"}),
    "hotg": frozenset({"deploy_batches", "deploy_segments", "zord_names", "psycho_texts"}),
}
#: per game: fields whose words are ids of things with no name in the View (HotG's enemies
#: and places), told title-cased as their names are printed
TITLED: dict[str, frozenset[str]] = {
    "hotg": frozenset(
        {
            "monsters",
            "boss",
            "villains",
            "foot_soldiers",
            "hq_enemies",
            "hq_villains",
            "defeated_villains",
            "nemeses",
            "headquarters",
            "enemy_deck_counts",
            "enemy_discards",
            "megazord",
            "psycho_aside",
            "deploying",
        }
    )
}
_COPY = re.compile(r"#\d+(?:\.\d+)*$")
#: a card holder's own ids, never told once it is called by its card's name
HOLDER_IDS = frozenset({"instance", "id", "index", "uid"})
_ID = re.compile(r"[\w][\w#.:'-]*[\w]|\w")


def label(name: str) -> str:
    """`deck_count` -> `Deck count`."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def clause(said: str) -> str:
    """A value told after its label: without the brackets of a nested model, without a
    full stop of its own (the sentence adds one)."""
    if said.startswith("(") and said.endswith(")"):
        depth, closes = 0, -1
        for i, ch in enumerate(said):
            depth += (ch == "(") - (ch == ")")
            if depth == 0:
                closes = i
                break
        if closes == len(said) - 1:  # the first bracket closes at the very end
            said = said[1:-1]
    return said.rstrip(".")


def is_card(value: object) -> bool:
    return isinstance(value, BaseModel) and isinstance(getattr(value, "name", None), str)


def _is_pair(value: object) -> bool:
    """An (instance id, card) pair, as hands list their cards."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and isinstance(value[0], str)
        and is_card(value[1])
    )


@dataclass
class Describer:
    """Tells one game's Views; `names` maps every id seen so far to its name."""

    game_id: str
    seat_names: list[str]
    names: dict[str, str] = field(default_factory=dict)

    # -- names -----------------------------------------------------------------------------
    def learn(self, view: object) -> None:
        """Remember the name of every id in `view` (cards, places, instance ids)."""
        stack = [view]
        while stack:
            value = stack.pop()
            if isinstance(value, BaseModel):
                ident, name = getattr(value, "id", None), getattr(value, "name", None)
                if isinstance(ident, str) and isinstance(name, str) and name:
                    self.names[ident] = name
                stack.extend(getattr(value, f) for f in type(value).model_fields)
            elif isinstance(value, (list, tuple)):
                if _is_pair(value):
                    self.names[value[0]] = value[1].name
                stack.extend(value)
            elif isinstance(value, dict):
                stack.extend(value.values())

    def named(self, text: str) -> str:
        """`text` with every known id replaced by its name: a card's copy (`zedd#2`) by the
        card's name, a choice's place (`hand:zedd#2`) after it, a snake_case id in words."""
        return _ID.sub(lambda m: self.name_of(m.group(0)), text)

    def sentence(self, text: str) -> str:
        """A log line as one sentence: named, ending in a full stop."""
        said = self.named(text).strip()
        return said + "." if said and (said[-1].isalnum() or said[-1] in ")'\"") else said

    def name_of(self, token: str) -> str:
        known = self.names.get(token)
        if known is not None:
            return known
        place, colon, rest = token.partition(":")
        if colon and rest and place.isalpha():
            named = self.name_of(rest)
            if named == rest and re.fullmatch(r"[a-z]+(?:-[a-z]+)+", rest):
                named = rest.replace("-", " ").title()  # a slug the View gives no name
            return f"{named} ({place})" if named != rest else token
        base = _COPY.sub("", token)
        if base != token and base in self.names:
            return self.names[base]
        if "_" in token and token.replace("_", "").isalpha() and token.islower():
            return token.replace("_", " ").title()
        return token

    def seat_name(self, seat: object) -> str:
        if (
            isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < len(self.seat_names)
        ):
            return self.seat_names[seat]
        return str(seat)

    # -- values ----------------------------------------------------------------------------
    def inline(self, value: object, key: str = "") -> str:
        """A value in a few words ("" for nothing worth saying)."""
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else ""
        if key in SEAT_FIELDS and isinstance(value, int):
            return self.seat_name(value)
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, str):
            named = self.name_of(value)
            if named != value:
                return named
            if " " in value:
                return value
            said = value.replace("_", " ")
            return said.title() if key in TITLED.get(self.game_id, ()) else said
        if is_card(value):
            return value.name  # type: ignore[attr-defined]
        if _is_pair(value):
            return value[1].name  # type: ignore[index]
        if isinstance(value, BaseModel):
            parts = []
            title, used = self.holder_title(value)
            for name in type(value).model_fields:
                if name in SKIP or name in used:
                    continue
                said = self.inline(getattr(value, name), name)
                if said:
                    parts.append(
                        label(name).lower() if said == "yes" else f"{label(name).lower()} {said}"
                    )
            if title:
                return f"{title} ({'; '.join(parts)})" if parts else title
            return "(" + "; ".join(parts) + ")" if parts else ""
        if isinstance(value, dict):
            return ", ".join(
                f"{self.inline(k, key)} {self.inline(v)}".strip() for k, v in value.items()
            )
        if isinstance(value, (list, tuple)):
            if key in SEAT_FIELDS:
                return ", ".join(self.seat_name(v) for v in value)
            if value and all(isinstance(v, (str, int)) for v in value) and len(value) <= 3:
                if any(isinstance(v, int) for v in value) and any(
                    isinstance(v, str) for v in value
                ):
                    titled = key if key in TITLED.get(self.game_id, ()) else ""
                    return " ".join(self.inline(v, titled) for v in value)  # ("putties", 2)
            said = [
                self.inline(v, key if key in TITLED.get(self.game_id, ()) else "") for v in value
            ]
            return ", ".join(s for s in said if s)
        return str(value)

    def holder_title(self, value: BaseModel) -> tuple[str, set[str]]:
        """A model that holds a card (a Bot in play, a Grid slot) is called by that card's
        name; its instance id is not told. ("", nothing) for any other model."""
        fields = type(value).model_fields
        for name in fields:
            held = getattr(value, name)
            if is_card(held):
                return held.name, {name, *(f for f in fields if f in HOLDER_IDS)}  # type: ignore[attr-defined]
            if name in ("card", "card_id") and isinstance(held, str) and held in self.names:
                return self.names[held], {name, *(f for f in fields if f in HOLDER_IDS)}
        return "", set()

    def card_text(self, card: object) -> str:
        """A card's full text in one sentence: its name, its numbers, then its words."""
        if _is_pair(card):
            card = card[1]  # type: ignore[index]
        if not isinstance(card, BaseModel):
            return self.inline(card)
        facts, words = [], []
        for name in type(card).model_fields:
            if name in SKIP or name in ("id", "name"):
                continue
            value = getattr(card, name)
            if name in ("text", "ability_text", "battle_text", "b_text") and value:
                words.append(str(value))
                continue
            said = self.inline(value, name)
            if said:
                facts.append(
                    label(name).lower() if said == "yes" else f"{label(name).lower()} {said}"
                )
        line = getattr(card, "name", "card")
        if facts:
            line += " (" + ", ".join(facts) + ")"
        if words:
            line += ": " + " ".join(words)
        return line

    # -- the table -------------------------------------------------------------------------
    def look(self, view: BaseModel, viewer: int | None) -> list[str]:
        """The whole table in a fixed order: the view's own fields in their order, each list
        of players or places as a paragraph per item."""
        self.learn(view)
        skip = SKIP | LOOK_SKIP.get(self.game_id, frozenset())
        lines: list[str] = []
        for name in type(view).model_fields:
            if name in skip:
                continue
            value = getattr(view, name)
            if (
                isinstance(value, (list, tuple))
                and value
                and all(isinstance(v, BaseModel) for v in value)
                and not all(is_card(v) and not _has_lists(v) for v in value)
            ):
                for i, item in enumerate(value):
                    lines += self.paragraph(item, name, i, viewer)
                continue
            said = self.inline(value, name)
            if said:
                lines.append(f"{label(name)}: {clause(said)}.")
        return lines

    def paragraph(self, item: BaseModel, group: str, index: int, viewer: int | None) -> list[str]:
        seat = getattr(item, "seat", index if group in ("seats", "players") else None)
        title = getattr(item, "name", None) or f"{label(group)} {index + 1}"
        if group in ("seats", "players") and seat == viewer and viewer is not None:
            title += " (you)"
        lines = [f"{title}:"]
        for name in type(item).model_fields:
            if name in SKIP or name in ("name", "id", "seat", "position", "index"):
                continue  # (a place's position: the paragraphs come in its order)
            said = self.inline(getattr(item, name), name)
            if said:
                lines.append(f"  {label(name)}: {clause(said)}.")
        return lines

    def own_seat(self, view: BaseModel, viewer: int | None) -> BaseModel | None:
        if viewer is None:
            return None
        for group in ("seats", "players"):
            items = getattr(view, group, None)
            if not isinstance(items, (list, tuple)):
                continue
            for i, item in enumerate(items):
                if getattr(item, "seat", i) == viewer:
                    return item
        return None

    def hand(self, view: BaseModel, viewer: int | None) -> list[str]:
        """The seat's own cards, each with its full text."""
        self.learn(view)
        seat = self.own_seat(view, viewer)
        if seat is None:
            return ["You have no hand here."]
        lines: list[str] = []
        for name in HAND_FIELDS.get(self.game_id, ("hand",)):
            value = getattr(seat, name, None)
            cards = _cards(value)
            if not cards:
                continue
            lines.append(f"{label(name)} ({len(cards)}):")
            lines += [f"  {self.card_text(c)}" for c in cards]
        return lines or ["Your hand is empty."]

    def card(self, view: BaseModel, query: str) -> list[str]:
        """The full text of every card in the view whose name starts with `query`."""
        self.learn(view)
        q = query.lower().strip()
        seen: dict[str, str] = {}
        for card in _all_cards(view):
            name = card.name  # type: ignore[attr-defined]
            if name.lower().startswith(q) and name not in seen:
                seen[name] = self.card_text(card)
        return list(seen.values())


def _has_lists(model: BaseModel) -> bool:
    return any(isinstance(getattr(model, f), (list, tuple)) for f in type(model).model_fields)


def _cards(value: object) -> list:
    if value is None:
        return []
    if is_card(value) or _is_pair(value):
        return [value]
    if isinstance(value, (list, tuple)):
        out: list = []
        for v in value:
            out += _cards(v)
        return out
    return []


def _all_cards(view: object) -> Iterable[BaseModel]:
    stack = [view]
    while stack:
        value = stack.pop(0)
        if isinstance(value, BaseModel):
            if is_card(value):
                yield value
            stack.extend(getattr(value, f) for f in type(value).model_fields)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
