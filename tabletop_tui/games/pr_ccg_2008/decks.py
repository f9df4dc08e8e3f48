"""Deck building for the Power Rangers CCG (2008): what makes a deck legal, and a Config's deck
choice (a shipped deck id or a CustomDeck) as a list of pool cards.

The rules of building (card_data/pr-ccg-2008/RULINGS.md, ruling 8; the rulebook's page says
nothing about building a deck):

- a deck has exactly DECK_SIZE (20) cards, the game's deck size: each player's deck is their
  life, and every shipped deck has 20;
- at most the copies the pool allows of one card: COPIES by rarity (common 3, uncommon 2,
  rare 1), which every shipped deck keeps;
- in sealed play (ruling 9) only the cards the player opened, no more copies than opened.

Each problem names its rule, so a screen or the command line can show it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import COPIES, DECK_SIZE, Card, Catalog
from .models import Config, CustomDeck, DeckChoice

__all__ = ["COPIES", "DECK_SIZE", "deck_problems", "deck_list", "instances", "max_copies"]
RULE_SIZE = "Deck size (ruling 8)"
RULE_COPIES = "Copies (ruling 8)"
RULE_SEALED = "Sealed (ruling 9)"


def max_copies(card: Card) -> int:
    return COPIES[card.rarity]


def _entries(cards: Mapping[str, int] | Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    return list(cards.items()) if isinstance(cards, Mapping) else list(cards)


def deck_problems(
    cards: Mapping[str, int] | Iterable[tuple[str, int]],
    pool: Mapping[str, Card],
    opened: Mapping[str, int] | None = None,
) -> list[str]:
    """Why a deck list cannot be played (empty: a legal deck). `opened`: in sealed play, the
    copies of each card the player opened, the only cards the deck may use."""
    problems: list[str] = []
    counts: dict[str, int] = {}
    for card_id, copies in _entries(cards):
        counts[card_id] = counts.get(card_id, 0) + copies
    total = 0
    for card_id, copies in counts.items():
        card = pool.get(card_id)
        if card is None:
            problems.append(f"no card of the pool has the id '{card_id}'")
            continue
        if copies < 1:
            problems.append(f"{card.name}: copies must be at least 1, not {copies}")
            continue
        total += copies
        limit = max_copies(card)
        if copies > limit:
            problems.append(
                f"{RULE_COPIES}: at most {limit} of a {card.rarity} card; {copies} × {card.name}"
            )
        if opened is not None and copies > opened.get(card_id, 0):
            have = opened.get(card_id, 0)
            problems.append(
                f"{RULE_SEALED}: only cards you opened; {copies} × {card.name}, opened {have}"
            )
    if total != DECK_SIZE:
        problems.append(f"{RULE_SIZE}: a deck has exactly {DECK_SIZE} cards, this one {total}")
    return problems


def deck_list(
    cat: Catalog, choice: DeckChoice, opened: Mapping[str, int] | None = None
) -> tuple[str, tuple[tuple[str, int], ...]]:
    """(name, (card id, copies) pairs) of a deck choice; ValueError naming the rule if unusable."""
    if isinstance(choice, CustomDeck):
        pool = {c.id: c for c in cat.card_set.pool}
        problems = deck_problems(choice.cards, pool, opened)
        if problems:
            raise ValueError(f"deck '{choice.name}': " + "; ".join(problems))
        return choice.name, choice.cards
    try:
        deck = cat.card_set.deck(choice)
    except KeyError:
        known = ", ".join(d.info.id for d in cat.card_set.decks)
        raise ValueError(f"unknown deck '{choice}' (known: {known})") from None
    return deck.info.name, tuple((c.id, c.copies) for c in deck.cards)


def instances(entries: Iterable[tuple[str, int]]) -> tuple[str, ...]:
    """One id per physical card: 'card-id#n', in list order (the order a deck is shuffled from)."""
    return tuple(f"{card_id}#{n}" for card_id, copies in entries for n in range(1, copies + 1))


def deck_name(config: Config, seat: int, cat: Catalog) -> str:
    """The name of the deck a seat plays, as the table shows it."""
    choice = config.decks[seat]
    if isinstance(choice, CustomDeck):
        return choice.name
    if config.auto_deck(seat):
        return "Sealed deck"
    try:
        return cat.card_set.deck(choice).info.name
    except KeyError:
        return choice


def curve(entries: Iterable[tuple[str, int]], pool: Mapping[str, Card]) -> dict[int, int]:
    """Cards of each Hand Cost in a deck list."""
    out: dict[int, int] = {}
    for card_id, copies in entries:
        card = pool.get(card_id)
        if card is not None:
            out[card.hand_cost] = out.get(card.hand_cost, 0) + copies
    return dict(sorted(out.items()))


def element_spread(
    entries: Iterable[tuple[str, int]], pool: Mapping[str, Card], elements: Iterable[str]
) -> dict[str, int]:
    """Cards naming each Battle Element (a card naming two counts for both)."""
    out = {e: 0 for e in elements}
    for card_id, copies in entries:
        card = pool.get(card_id)
        if card is not None:
            for e in card.battle_elements:
                out[e] = out.get(e, 0) + copies
    return out
