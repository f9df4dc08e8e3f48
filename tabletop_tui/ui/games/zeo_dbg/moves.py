"""Zeo's legal moves, sorted onto the cards they use.

Every legal action belongs to one card on the table (a Grid card, a hand card, a slot, a
Zord, a stack's top) or to nobody (ending a phase, answering a question). A card's menu
lists its moves once each; a card that could go to several slots gets one "Attach…" whose
slot is a follow-up prompt. The move panel lists cards, not moves: one row per card (copies
of a card in hand share a row), folded into one row per zone past `MOVE_CAP` rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from ....games.zeo_dbg.models import (
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
from ...widgets.card_menu import MenuEntry
from .cards import SLOT_FITS, card_stats

#: the most rows the move panel shows at the top level of any decision
MOVE_CAP = 15
#: each kind of move keeps one letter in every card's menu
MOVE_KEYS = {
    "play": "p",
    "destroy_blaster": "k",
    "buy": "b",
    "battle": "t",
    "attach": "a",
    "attach_tile": "a",
    "activate": "x",
    "discard_attached": "d",
    "pick": "c",
}
#: where each zone of the table is, for the rows that stand for a whole zone
ZONE_NAMES = {
    "hand": "Your hand",
    "grid": "The Grid",
    "stacks": "Stacks and set-aside cards",
    "seat": "Your character and slots",
    "bay": "The Zord Bay",
    "lair": "The Lair",
    "played": "Your play area",
    "offer": "Dealt characters",
    "table": "The table",
}


@dataclass(frozen=True)
class FollowUp:
    """A choice that needs one more answer (which slot, which of many): a second menu."""

    title: str
    entries: tuple[MenuEntry, ...]


@dataclass(frozen=True)
class Row:
    """One line of the move panel: a card to open, a move to make, or a zone to go to."""

    ident: str
    label: Text
    card: str | None = None
    action: object | None = None
    zone: str | None = None


def card_key(view: View, seat: int, action) -> str | None:
    """The table card a legal action uses (None: it uses no card)."""
    me = view.seats[seat]
    match action:
        case Play() | DestroyBlaster() | Attach() | AttachTile():
            return action.card
        case Buy():
            return {
                "grid": f"grid-{action.index}",
                "blaster": "stack-blasters",
                "item": f"item-{seat}",
                "own": f"own-{seat}",
                "stack": "stack-zords" if me.team == 1 else "stack-masters",
                "serpentera": "stack-serpentera",
            }[action.source]
        case Battle():
            if action.index is not None:
                return f"grid-{action.index}"
            return f"slot-{seat}-{action.slot}"
        case Activate():
            return {
                "character": f"char-{seat}",
                "slot": f"slot-{seat}-{action.index}",
                "zord": f"bay-{action.index}",
                "bay": "bay",
                "serpentera": f"char-{seat}",
            }[action.source]
        case DiscardAttached():
            return f"slot-{seat}-{action.slot}"
        case Pick():
            for n, face in enumerate(me.offer):
                if face.id == action.character:
                    return f"offer-{seat}-{n}"
        case Choose():
            return option_card(view, seat, action.option)
    return None


def option_card(view: View, seat: int, option: str) -> str | None:
    """The card a question's option names, when it names one on the table."""
    decision = view.decision
    if decision is None:
        return None
    kind = decision.kind
    if kind in ("destroy", "discard", "target") and option not in ("none", "decline"):
        known = {i for s in view.seats for i, _ in (*s.hand, *s.played)}
        if option in known:
            return option
        if kind == "target" and option.isdigit():
            return f"char-{option}"
        return None
    head, _, tail = option.partition(":")
    if head == "slot" and tail.isdigit():
        return f"slot-{seat}-{tail}"
    if head == "zord" and tail.isdigit():
        return f"bay-{tail}"
    if head == "lair" and tail.isdigit():
        return f"lair-{tail}"
    if kind == "slot" and head.isdigit() and tail.isdigit():
        return f"slot-{head}-{tail}"
    if kind in ("attach_grid", "refresh") and option.isdigit():
        return f"grid-{option}"
    return None


def zone_of(view: View, seat: int, key: str) -> str:
    if key.startswith("grid-"):
        return "grid"
    if key.startswith(("stack-", "item-", "own-")):
        return "stacks"
    if key.startswith(("char-", "slot-", "loc-")):
        return "seat"
    if key == "bay" or key.startswith("bay-"):
        return "bay"
    if key.startswith("lair"):
        return "lair"
    if key.startswith("offer-"):
        return "offer"
    if any(inst == key for inst, _ in view.seats[seat].hand):
        return "hand"
    if any(inst == key for s in view.seats for inst, _ in s.played):
        return "played"
    return "table"


def _slot_name(view: View, seat: int, k: int) -> str:
    ch = view.seats[seat].character
    if ch is None:
        return str(k + 1)
    letter, fits = SLOT_FITS.get(ch.slots[k].colour, ("?", "?"))
    return f"{k + 1}{letter} ({fits})"


def _card_name(view: View, seat: int, key: str) -> str:
    me = view.seats[seat]
    for inst, face in (*me.hand, *me.played):
        if inst == key:
            return face.name
    return ""


def entry_for(view: View, seat: int, action) -> MenuEntry:
    """One move on a card's menu: its words, its letter, and a question if it throws
    something away."""
    me = view.seats[seat]
    kind = action.kind
    key = MOVE_KEYS.get(kind, "")
    match action:
        case Play():
            face = dict(me.hand).get(action.card)
            stats = card_stats(face) if face else ""
            return MenuEntry(Text(f"▶ Play it {stats}".rstrip()), action, ident=kind, key=key)
        case DestroyBlaster():
            return MenuEntry(Text("✸ Destroy it for its ability"), action, ident=kind, key=key)
        case Buy():
            price = _price(view, seat, action)
            return MenuEntry(
                Text(f"$ Buy it{f' for {price}◆' if price is not None else ''}"),
                action,
                ident=kind,
                key=key,
            )
        case Battle():
            if action.index is not None:
                price = view.grid[action.index].price
            else:
                ch = me.character
                price = ch.slots[action.slot].price if ch else None
            return MenuEntry(
                Text(f"⚔ Battle it{f' for {price}◆' if price is not None else ''}"),
                action,
                ident=kind,
                key=key,
            )
        case Attach():
            return MenuEntry(
                Text(f"⊕ Attach it to slot {_slot_name(view, seat, action.slot)}"),
                action,
                ident=f"attach-{action.slot}",
                key=str(action.slot + 1),
            )
        case AttachTile():
            where = "the Zord Bay" if me.team == 1 else "its slot or The Lair"
            return MenuEntry(Text(f"⊕ Attach it to {where}"), action, ident=kind, key=key)
        case Activate():
            return MenuEntry(
                Text(f"✦ Activate its ability{_ability_cost(view, seat, action)}"),
                action,
                ident=kind,
                key=key,
            )
        case DiscardAttached():
            ch = me.character
            slot = ch.slots[action.slot] if ch else None
            name = slot.card.name if slot and slot.card else "it"
            question = (
                f"Discard {name} from slot {_slot_name(view, seat, action.slot)}? "
                "It goes to your discard pile and its ability is gone until you draw it again."
            )
            return MenuEntry(
                Text("⌫ Discard it from its slot"), action, ident=kind, key=key, confirm=question
            )
        case Pick():
            return MenuEntry(Text("☞ Choose this character"), action, ident=kind, key=key)
        case Choose():
            return MenuEntry(Text(f"☞ {option_label(view, action.option)}"), action)
    return MenuEntry(Text(kind), action)


def option_label(view: View, option: str) -> str:
    if view.decision is not None:
        for o in view.decision.options:
            if o.id == option:
                return o.label
    return option


def _price(view: View, seat: int, action: Buy) -> int | None:
    me = view.seats[seat]
    if action.source == "grid":
        g = view.grid[action.index]
        return g.price if g.price is not None else (g.card.cost if g.card else None)
    card = {
        "blaster": view.blasters.top,
        "item": me.item,
        "own": me.own,
        "stack": view.zords.top if me.team == 1 else view.masters.top,
        "serpentera": view.serpentera.top if view.serpentera else None,
    }.get(action.source)
    return card.cost if card else None


def _ability_cost(view: View, seat: int, action: Activate) -> str:
    ch = view.seats[seat].character
    cost = None
    if action.source == "character" and ch is not None:
        cost = ch.ability_cost
    elif action.source == "slot" and ch is not None:
        card = ch.slots[action.index].card
        cost = card.ability_cost if card else None
    elif action.source == "zord":
        card = view.bay.slots[action.index].card
        cost = card.ability_cost if card else None
    elif action.source == "bay":
        cost = view.bay.ability_cost
    elif action.source == "serpentera":
        return " (Serpentera, 4⚡)"
    return f" ({cost}⚡)" if cost is not None else ""


def menu_for(view: View, seat: int, actions: Sequence) -> list[MenuEntry]:
    """A card's menu: each kind of move once; several slots to attach to become one entry
    with a follow-up prompt."""
    attach = [a for a in actions if isinstance(a, Attach)]
    out: list[MenuEntry] = []
    for action in actions:
        if isinstance(action, Attach):
            if action is not attach[0]:
                continue
            if len(attach) == 1:
                entry = entry_for(view, seat, action)
                out.append(MenuEntry(entry.label, action, ident="attach", key="a"))
                continue
            name = _card_name(view, seat, action.card) or "it"
            slots = ", ".join(_slot_name(view, seat, a.slot).split(" ")[0] for a in attach)
            follow = FollowUp(
                f"Attach {name} to which slot?",
                tuple(entry_for(view, seat, a) for a in attach),
            )
            out.append(
                MenuEntry(Text(f"⊕ Attach it… (choose a slot: {slots})"), follow, "attach", "a")
            )
            continue
        out.append(entry_for(view, seat, action))
    return out


def end_question(view: View, action, legal: Sequence = ()) -> str:
    """Ending the Main Phase with Shards unspent throws them away: ask once, while the
    Shards could still buy or Battle something (`legal`: the seat's legal moves, which hold
    a Buy or a Battle only when its price is within the Shards). Other moves left (a card
    to play, an ability paid in Energy) spend no Shards, so they raise no question."""
    spendable = any(isinstance(a, (Buy, Battle)) for a in legal)
    if isinstance(action, EndMain) and view.shards > 0 and spendable:
        return (
            f"End the Main Phase with {view.shards}◆ unspent? Shards are lost at the end of "
            "the turn (nothing can be bought in the End Phase)."
        )
    return ""


def end_label(action) -> Text:
    if isinstance(action, EndMain):
        return Text("» End the Main Phase (adversaries in The Grid deal damage)", style="bold")
    if isinstance(action, EndTurn):
        return Text("» End the turn (discard, draw up)", style="bold")
    return Text(str(action))
