"""A heuristic bot for the Power Rangers CCG (2008) that plays from its own View only.

Element choice (step 6A) is a calculation, not a guess: my element decides only the
opponent's power and theirs decides only mine, so whatever they pick, the best answer is
the element of my card in which their (face-up) card is weakest.

Card choice (steps 2-4) is a secret simultaneous choice. Deck lists are public, so the
opponent's unseen cards are their deck list minus their discard pile; with their hand size
that gives the chance they hold each card they can afford. The bot scores each card it can
pay for by the expected Damage it deals minus the Damage it takes against that spread
(step 6, with both elements chosen as above), counts a win that empties a deck as a game
win, and charges every card it spends (the card and its Hand Cost) at the value of a card
in hand, which falls as the game nears its end. Playing nothing is scored the same way.

It bluffs: now and then, when it holds a card with a Hand Cost, it plays nothing or its
cheapest card instead of its best one, and near-equal options are picked at random, so
its play cannot be read from its hand. Everything is plain arithmetic over at most 20
cards, a few tens of microseconds a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, catalog
from .models import ChooseElement, PayCard, PlayNothing, SeatView, SelectCard, View


@dataclass(frozen=True)
class Params:
    #: value of one card in hand early in the game, in cards of Damage
    card_value: float = 0.35
    #: how likely the opponent is taken to play nothing
    opponent_nothing: float = 0.1
    #: value of a blow that wins the game, in cards of Damage
    game_win: float = 12.0
    #: chance to bluff when holding a card with a Hand Cost
    bluff: float = 0.08
    #: options this close to the best are picked at random
    tie: float = 0.05


DEFAULT = Params()


# -- battles -------------------------------------------------------------------
def element_against(mine: Card, theirs: Card) -> str:
    """The Battle Element of my card in which their card is weakest (my best pick)."""
    return min(mine.battle_elements, key=lambda e: theirs.values[e])


def powers(mine: Card, theirs: Card) -> tuple[int, int]:
    """(my power, their power) when both players pick their elements well."""
    return mine.values[element_against(theirs, mine)], theirs.values[element_against(mine, theirs)]


_RESULT: dict[tuple[int, int], tuple[Card, Card, int]] = {}


def result(mine: Card, theirs: Card) -> int:
    """+1 if my card wins the battle, -1 if it loses, 0 for a draw (cached per pair)."""
    key = (id(mine), id(theirs))
    hit = _RESULT.get(key)
    if hit is None:
        a, b = powers(mine, theirs)
        if len(_RESULT) > 100_000:  # views rebuilt from JSON bring new card objects
            _RESULT.clear()
        # the cards are kept in the entry, so their ids cannot be reused while cached
        hit = _RESULT[key] = (mine, theirs, (a > b) - (a < b))
    return hit[2]


# -- what the opponent may hold ------------------------------------------------
def _deck_list(deck_name: str) -> tuple[Card, ...] | None:
    for deck in catalog().card_set.decks:
        if deck.info.name == deck_name:
            return deck.cards
    return None


def unseen_cards(seat: SeatView) -> list[tuple[Card, int]]:
    """The cards of a seat's deck list not yet in its discard pile, with their counts."""
    cards = _deck_list(seat.deck_name)
    if cards is None:  # a deck from a card folder the bot cannot see: guess from the discards
        cards = tuple({c.id: c for c in seat.discard}.values())
        return [(c, 1) for c in cards]
    counts = {c.id: c.copies for c in cards}
    for c in seat.discard:
        if c.id in counts:
            counts[c.id] -= 1
    return [(c, counts[c.id]) for c in cards if counts[c.id] > 0]


def _p_hold(copies: int, pool: int, hand: int) -> float:
    """Chance that a random hand of `hand` cards from `pool` holds one of `copies` cards."""
    if hand >= pool:
        return 1.0
    miss = 1.0
    for i in range(hand):
        miss *= (pool - copies - i) / (pool - i)
        if miss <= 0.0:
            return 1.0
    return 1.0 - miss


def opponent_spread(
    unseen: Sequence[tuple[Card, int]], hand: int, nothing: float
) -> tuple[list[tuple[Card, float]], float]:
    """(card, chance they play it) for every card they could pay for, and P(nothing)."""
    pool = sum(n for _, n in unseen)
    affordable = [(c, _p_hold(n, pool, hand)) for c, n in unseen if c.hand_cost <= hand - 1]
    total = sum(w for _, w in affordable)
    if total <= 0.0:
        return [], 1.0
    return [(c, (1.0 - nothing) * w / total) for c, w in affordable], nothing


# -- choosing a card ---------------------------------------------------------
def card_value(params: Params, hand: int, rounds_left: int) -> float:
    """What one more card in hand is worth: less when the hand outlasts the game."""
    return params.card_value * min(1.0, (rounds_left + 1) / max(1, hand))


def blow(damage: int, their_deck: int, my_deck: int, params: Params) -> float:
    """The worth of dealing `damage`: a game win when it empties their deck first."""
    if damage > their_deck or (damage == their_deck and my_deck > 0):
        return params.game_win
    return float(damage)


def score_cards(
    hand: Sequence[Card],
    my_deck: int,
    their_hand: int,
    their_deck: int,
    unseen: Sequence[tuple[Card, int]],
    params: Params = DEFAULT,
) -> tuple[list[float | None], float]:
    """The score of playing each card of my hand (None: cannot be paid) and of nothing."""
    spread, nothing = opponent_spread(unseen, their_hand, params.opponent_nothing)
    # what each of their cards costs me when it wins
    hurt = [(c, p, blow(c.damage, my_deck, their_deck, params)) for c, p in spread]
    lam = card_value(params, len(hand), min(my_deck, their_deck))
    scores: list[float | None] = []
    done: dict[int, float] = {}
    for card in hand:
        if card.hand_cost > len(hand) - 1:
            scores.append(None)
            continue
        key = id(card)
        if key not in done:
            gain = blow(card.damage, their_deck, my_deck, params)
            total = nothing * gain
            for theirs, p, loss in hurt:
                r = result(card, theirs)
                if r > 0:
                    total += p * gain
                elif r < 0:
                    total -= p * loss
            done[key] = total - lam * (card.hand_cost + 1)
        scores.append(done[key])
    return scores, -sum(p * loss for _, p, loss in hurt)


def keep_order(
    cards: Sequence[Card], unseen: Sequence[tuple[Card, int]], their_hand: int
) -> list[int]:
    """Indexes of `cards` from the one least worth keeping to the most (for paying)."""
    spread, _ = opponent_spread(unseen, their_hand, 0.0)

    def worth(card: Card) -> float:
        edge = sum(p * result(card, theirs) for theirs, p in spread)
        return edge * card.damage - 0.3 * card.hand_cost

    return sorted(range(len(cards)), key=lambda i: (worth(cards[i]), cards[i].id))


def pick(
    hand: Sequence[Card],
    my_deck: int,
    their_hand: int,
    their_deck: int,
    unseen: Sequence[tuple[Card, int]],
    rng: random.Random,
    params: Params = DEFAULT,
) -> int | None:
    """Index of the card to play, or None to play nothing."""
    scores, nothing = score_cards(hand, my_deck, their_hand, their_deck, unseen, params)
    playable = [i for i, s in enumerate(scores) if s is not None]
    if playable and rng.random() < params.bluff and any(hand[i].hand_cost for i in playable):
        # a bluff: hold the strong card back, show nothing or the cheapest card
        if rng.random() < 0.5:
            return None
        return min(playable, key=lambda i: (hand[i].hand_cost, hand[i].damage, i))
    best = max([nothing, *(s for s in scores if s is not None)])
    near: list[int | None] = [i for i in playable if scores[i] >= best - params.tie]  # type: ignore[operator]
    if nothing >= best - params.tie:
        near.append(None)
    return near[rng.randrange(len(near))] if len(near) > 1 else near[0]


# -- the bot -------------------------------------------------------------------
class PrCcgBot:
    """Expected-Damage card choice against the opponent's unseen cards, with bluffs."""

    name = "heuristic"

    def __init__(self, params: Params = DEFAULT) -> None:
        self.params = params

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        me, them = view.seats[seat], view.seats[1 - seat]
        if view.phase == "element":
            return self._element(view, legal, seat)
        if view.phase != "select" or not legal:
            return legal[0] if legal else PlayNothing()
        unseen = unseen_cards(them)
        if me.selected is not None:
            return self._pay(me, legal, unseen, them.hand_count)
        hand = [c for _, c in me.hand]
        index = pick(
            hand, me.deck_count, them.hand_count, them.deck_count, unseen, rng, self.params
        )
        action = PlayNothing() if index is None else SelectCard(card=me.hand[index][0])
        return action if action in legal else legal[-1]

    @staticmethod
    def _pay(me: SeatView, legal: list, unseen, their_hand: int):
        """Pay with the free card least worth keeping; never take the selection back."""
        payable = {a.card for a in legal if isinstance(a, PayCard)}
        free = [(i, c) for i, c in me.hand if i in payable]
        if not free:
            return legal[-1]  # nothing to pay with (cannot happen): take the card back
        order = keep_order([c for _, c in free], unseen, their_hand)
        return PayCard(card=free[order[0]][0])

    @staticmethod
    def _element(view: View, legal: list, seat: int):
        mine, theirs = view.battle_cards[seat], view.battle_cards[1 - seat]
        if mine is None or theirs is None:
            return legal[0]
        choice = ChooseElement(element=element_against(mine, theirs))
        return choice if choice in legal else legal[0]


# -- the hard level ------------------------------------------------------------------------
#: sampled opponent hands per card choice (a few milliseconds a decision)
HARD_SAMPLES = 120


def sample_hand(unseen: Sequence[tuple[Card, int]], size: int, rng: random.Random) -> list[Card]:
    """A hand of `size` cards drawn at random from the unseen cards (with their counts)."""
    pool = [c for c, n in unseen for _ in range(n)]
    return rng.sample(pool, min(size, len(pool)))


class PrCcgHardBot(PrCcgBot):
    """Reads the opponent as a player who weighs its cards the way the normal bot does.

    For each card choice it deals the opponent `samples` hands from the cards they may hold
    (their deck list less their discard pile: public), works out what a careful player
    would play with each (the normal bot's scoring from their seat: my deck list, my
    discards and counts, all on the table), and plays the card with the most expected Damage
    against that spread of answers, less what the card and its Hand Cost are worth in hand.
    It plays its best card (ties broken at random), where the normal bot picks among those
    near the best: measured, that lost a few points against the normal bot."""

    name = "hard"

    def __init__(
        self, params: Params = DEFAULT, samples: int = HARD_SAMPLES, tie: float = 0.0
    ) -> None:
        super().__init__(params)
        self.samples = samples
        self.tie = tie

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        me, them = view.seats[seat], view.seats[1 - seat]
        if view.phase != "select" or not legal or me.selected is not None:
            return super().choose(view, legal, seat, rng)
        hand = [c for _, c in me.hand]
        playable = [i for i, c in enumerate(hand) if c.hand_cost <= len(hand) - 1]
        if not playable:
            return super().choose(view, legal, seat, rng)
        answers = self._answers(me, them, rng)
        gains = {
            i: blow(hand[i].damage, them.deck_count, me.deck_count, self.params) for i in playable
        }
        lam = card_value(self.params, len(hand), min(me.deck_count, them.deck_count))
        scores: dict[int | None, float] = {i: -lam * (hand[i].hand_cost + 1) for i in playable}
        scores[None] = 0.0
        for theirs, p in answers:
            loss = (
                0.0
                if theirs is None
                else blow(theirs.damage, me.deck_count, them.deck_count, self.params)
            )
            scores[None] -= p * loss
            for i in playable:
                r = 1 if theirs is None else result(hand[i], theirs)
                scores[i] += p * (gains[i] if r > 0 else -loss if r < 0 else 0.0)
        best = max(scores.values())
        near = [i for i, s in scores.items() if s >= best - self.tie - 1e-9]
        index = near[rng.randrange(len(near))] if len(near) > 1 else near[0]
        action = PlayNothing() if index is None else SelectCard(card=me.hand[index][0])
        return action if action in legal else super().choose(view, legal, seat, rng)

    def _answers(
        self, me: SeatView, them: SeatView, rng: random.Random
    ) -> list[tuple[Card | None, float]]:
        """How often the opponent plays each card (None: nothing) over the sampled hands."""
        their_unseen = unseen_cards(them)
        my_unseen = unseen_cards(me)  # what they may think I hold: my list less my discards
        counts: dict = {}
        by_id: dict[str, Card] = {}
        for _ in range(self.samples):
            their_hand = sample_hand(their_unseen, them.hand_count, rng)
            index = pick(
                their_hand,
                them.deck_count,
                me.hand_count,
                me.deck_count,
                my_unseen,
                rng,
                self.params,
            )
            key = None if index is None else their_hand[index].id
            if key is not None:
                by_id[key] = their_hand[index]
            counts[key] = counts.get(key, 0) + 1
        return [(None if k is None else by_id[k], n / self.samples) for k, n in counts.items()]
