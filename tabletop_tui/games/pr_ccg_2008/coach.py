"""Why a PR CCG move is good, from the seat's View (engine/coach.py).

Deck lists are public, so "the cards they may still hold" is the opponent's deck list less
their discard pile: the same count the bot reads, never their actual hand.
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from .bot import element_against, opponent_spread, result, score_cards, unseen_cards
from .cards import Card
from .models import CancelSelection, ChooseElement, PayCard, PlayNothing, SelectCard, View


def _element_name(view: View, element: str) -> str:
    return next((name for eid, name, _ in view.elements if eid == element), element)


def _beats(view: View, seat: int, card: Card) -> tuple[int, int]:
    """(cards it beats, cards counted) among those the opponent may still pay for."""
    them = view.seats[1 - seat]
    spread, _ = opponent_spread(unseen_cards(them), them.hand_count, 0.0)
    return sum(1 for c, _ in spread if result(card, c) > 0), len(spread)


def reason(view: View, seat: int, action, legal: list) -> Reason:
    me = view.seats[seat]
    hand = dict(me.hand)
    if isinstance(action, SelectCard):
        card = hand.get(action.card)
        if card is None:
            return Reason("Select a card for battle")
        wins, counted = _beats(view, seat, card)
        why = f"{card.damage} Damage if it wins"
        if counted:
            why += (
                f"; it beats {wins} of the {counted} cards they may still pay for "
                "(their deck list less their discards)"
            )
        if card.hand_cost:
            why += f"; Hand Cost {card.hand_cost}"
        return Reason(f"Play {card.name}", why, card.name)
    if isinstance(action, PlayNothing):
        if me.hand_count == 1:  # (not "all 1 cards")
            return Reason(
                "Play nothing this round", "you keep your one card, and they do not see it"
            )
        return Reason(
            "Play nothing this round",
            f"you keep all {me.hand_count} cards in hand, and they see none of them",
        )
    if isinstance(action, PayCard):
        card = hand.get(action.card)
        if card is None:
            return Reason("Pay the Hand Cost")
        wins, counted = _beats(view, seat, card)
        why = "the card in your hand least worth keeping"
        if counted:
            why += f": it beats only {wins} of the {counted} cards they may still pay for"
        return Reason(f"Pay with {card.name}", why, card.name)
    if isinstance(action, CancelSelection):
        return Reason("Take the selected card back", "its Hand Cost is too dear now")
    if isinstance(action, ChooseElement):
        mine, theirs = view.battle_cards[seat], view.battle_cards[1 - seat]
        name = _element_name(view, action.element)
        if mine is None or theirs is None:
            return Reason(f"Choose {name}")
        best = element_against(mine, theirs)
        why = f"their {theirs.name} is weakest there ({theirs.values[action.element]})"
        if best != action.element:
            why = f"their {theirs.name} has {theirs.values[action.element]} there"
        return Reason(f"Choose {name}", why, theirs.name)
    return Reason(str(action))


def grade(view: View, seat: int, played, legal: list, rng: random.Random) -> str | None:
    """A card chosen for battle against the best score the bot gives a card of this hand
    (expected Damage dealt less Damage taken, less the cards spent)."""
    if not isinstance(played, (SelectCard, PlayNothing)) or view.phase != "select":
        return None
    me, them = view.seats[seat], view.seats[1 - seat]
    cards = [c for _, c in me.hand]
    scores, nothing = score_cards(
        cards, me.deck_count, them.hand_count, them.deck_count, unseen_cards(them)
    )
    options = [(s, c.name) for s, c in zip(scores, cards, strict=True) if s is not None]
    options.append((nothing, "nothing"))
    best, best_name = max(options)
    if isinstance(played, PlayNothing):
        got, name = nothing, "nothing"
    else:
        ids = [i for i, _ in me.hand]
        index = ids.index(played.card) if played.card in ids else -1
        if index < 0 or scores[index] is None:
            return None
        got, name = scores[index], cards[index].name
    gap = best - got
    if gap < 0.05:
        return None
    return f"Playing {name} gave up {gap:.1f} expected Damage against {best_name}"
