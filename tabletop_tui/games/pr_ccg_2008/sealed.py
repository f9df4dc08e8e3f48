"""Sealed play for the Power Rangers CCG (2008) (card_data/pr-ccg-2008/RULINGS.md, ruling 9):
each player opens booster packs from the game's seeded RNG, builds a 20-card deck from what
they opened, and plays it.

A booster holds PACK_SIZE cards of the pool: PACK_MIX gives how many of each rarity
(6 common, 3 uncommon, 1 rare); no card twice in one pack, though two packs may repeat a
card. Seat 1's packs are opened first, then seat 2's, from Rng(seed): the same seed always
opens the same packs, before the shuffle of the decks.

`build_deck` is the heuristic a bot (and the "suggest" key of the builder) uses to build a
sealed deck: every card is scored by the Damage it is expected to win or lose in one battle
against a card drawn as boosters draw them, less a charge for its Hand Cost; the best
cards fill a curve that can play a card every round (CURVE), then the best of the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...engine import Rng
from .cards import DECK_SIZE, Card, Catalog
from .decks import max_copies

#: cards of each rarity in one booster pack
PACK_MIX: dict[str, int] = {"common": 6, "uncommon": 3, "rare": 1}
PACK_SIZE = sum(PACK_MIX.values())
#: packs each player opens in sealed play
DEFAULT_PACKS = 4
#: the curve a built deck aims for: at least this many cards of each Hand Cost (3 = 3 or more,
#: at most CURVE[3] + 2 of those)
CURVE = {0: 8, 1: 5, 2: 4, 3: 3}
#: what one card of Hand Cost is taken to cost, in cards of Damage
COST_CHARGE = 0.45


def open_pack(cat: Catalog, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """One booster: card ids of the pool, PACK_MIX of each rarity, rarest last."""
    out: list[str] = []
    for rarity, count in PACK_MIX.items():
        ids = [c.id for c in cat.card_set.pool if c.rarity == rarity]
        shuffled, rng = rng.shuffled(ids)
        out += shuffled[:count]
    return tuple(out), rng


def open_packs(cat: Catalog, rng: Rng, packs: int) -> tuple[tuple[tuple[str, ...], ...], Rng]:
    """Both seats' packs, seat 1's first: ((seat 1's card ids), (seat 2's)), and the RNG after."""
    seats = []
    for _ in range(2):
        cards: list[str] = []
        for _ in range(packs):
            pack, rng = open_pack(cat, rng)
            cards += pack
        seats.append(tuple(cards))
    return (seats[0], seats[1]), rng


def sealed_pools(cat: Catalog, seed: int, packs: int) -> tuple[tuple[str, ...], ...]:
    """What each seat opens in a sealed game of this seed (the same as the game's new_game)."""
    return open_packs(cat, Rng(seed=seed), packs)[0]


def opened_counts(ids: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for card_id in ids:
        out[card_id] = out.get(card_id, 0) + 1
    return out


# -- the heuristic deck builder ------------------------------------------------------------
def _powers(mine: Card, theirs: Card) -> tuple[int, int]:
    """(my power, theirs) when each names the element of its card the other is weakest in."""
    mine_names = min(mine.battle_elements, key=lambda e: theirs.values[e])
    theirs_names = min(theirs.battle_elements, key=lambda e: mine.values[e])
    return mine.values[theirs_names], theirs.values[mine_names]


#: id(card set) -> (the card set, its field), so a card set is weighed once
_FIELDS: dict[int, tuple[object, tuple[tuple[Card, float], ...]]] = {}


def _field_weights(cat: Catalog) -> tuple[tuple[Card, float], ...]:
    """Every pool card with the chance a booster slot holds it (its rarity's share)."""
    hit = _FIELDS.get(id(cat.card_set))
    if hit is not None and hit[0] is cat.card_set:
        return hit[1]
    pool = cat.card_set.pool
    by_rarity = {r: sum(1 for c in pool if c.rarity == r) for r in PACK_MIX}
    field = tuple((c, PACK_MIX[c.rarity] / (by_rarity[c.rarity] * PACK_SIZE)) for c in pool)
    _FIELDS[id(cat.card_set)] = (cat.card_set, field)
    return field


def card_score(card: Card, field: Sequence[tuple[Card, float]]) -> float:
    """Expected Damage dealt minus taken in a battle against the field, less the Hand Cost."""
    total = weight = 0.0
    for theirs, w in field:
        a, b = _powers(card, theirs)
        if a > b:
            total += w * card.damage
        elif a < b:
            total -= w * theirs.damage
        weight += w
    return total / (weight or 1.0) - COST_CHARGE * card.hand_cost


def build_deck(
    cat: Catalog, opened: Mapping[str, int] | Iterable[str]
) -> tuple[tuple[str, int], ...]:
    """A legal 20-card deck from the cards a player opened: (card id, copies), by id.

    Raises ValueError when the cards opened cannot make 20 within the copies rule."""
    counts = dict(opened) if isinstance(opened, Mapping) else opened_counts(opened)
    index = {c.id: c for c in cat.card_set.pool}
    field = _field_weights(cat)
    copies: list[tuple[float, str, int]] = []  # (score, id, hand cost) per usable copy
    for card_id, n in counts.items():
        card = index[card_id]
        score = card_score(card, field)
        copies += [(score, card_id, card.hand_cost)] * min(n, max_copies(card))
    if len(copies) < DECK_SIZE:
        raise ValueError(f"the packs hold only {len(copies)} usable cards: a deck has {DECK_SIZE}")
    copies.sort(key=lambda c: (-c[0], c[1]))
    chosen: list[int] = []  # indexes into copies
    for cost, want in CURVE.items():
        chosen += [i for i, c in enumerate(copies) if min(c[2], 3) == cost][:want]
    heavy = sum(1 for i in chosen if copies[i][2] >= 3)
    for cap in (CURVE[3] + 2, DECK_SIZE):  # then, for a pool too heavy for the cap, any card
        for i, c in enumerate(copies):
            if len(chosen) >= DECK_SIZE:
                break
            if i in chosen or (c[2] >= 3 and heavy >= cap):
                continue
            heavy += c[2] >= 3
            chosen.append(i)
    out: dict[str, int] = {}
    for i in chosen[:DECK_SIZE]:
        card_id = copies[i][1]
        out[card_id] = out.get(card_id, 0) + 1
    return tuple(sorted(out.items()))
