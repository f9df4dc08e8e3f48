"""The hard ZOOBOTZ bot: the normal bot's choices checked by rollouts on sampled tables.

At a Main Phase choice with no question open, the bot rebuilds `samples` tables from its
View (`view_to_state`): everything on the table is public (Botz with their RISK, modules,
discard piles, RESEARCH, counts); what it cannot see (the other players' hands, invested
cards and decks, and the order of its own deck) is dealt at random from the cards of each
seat's deck list that are not visible anywhere. On each sampled table it applies every
candidate (the normal bot's choice first, then the other legal actions, at most
`max_candidates`), lets the normal bot play every seat until each opponent has answered the
bot's own next turn (`horizon` turns with one opponent, 2 x players - 1 at a bigger table:
see `rollout_turns`), and scores the table it reaches (`score`: RESEARCH against the best opponent's, and the Botz that will
RESEARCH next, a win or a loss counted in full). The candidate with the best total wins;
another must beat the normal bot's choice by `margin` a sample, so the bot leaves the
heuristic only where the rollouts clearly say so. The true State is never read.
"""

from __future__ import annotations

import random

from ...engine import Rng
from .bot import ZoobotzBot
from .cards import catalog
from .models import BotInPlay, Config, SeatState, State, View

#: sampled tables per decision, candidates tried, turns played out after the choice (with
#: one opponent; see rollout_turns for bigger tables)
SAMPLES = 4
MAX_CANDIDATES = 6
HORIZON = 3
#: a candidate must beat the normal bot's choice by this much a sample
MARGIN = 0.5
#: what a win (or a loss) is worth in the score
WIN = 30.0


def view_to_state(view: View, seat: int, rng: random.Random) -> State | None:
    """A State that shows `seat` exactly `view`, its hidden cards dealt at random; None when
    the View cannot be rebuilt (a deck the shipped catalog does not know, an open question,
    counts that do not add up)."""
    if view.decision is not None or view.phase not in ("main", "start", "end"):
        return None
    cat = catalog()
    by_name = {deck.name: deck_id for deck_id, deck in cat.decks.items()}
    decks = []
    for s in view.seats:
        deck_id = by_name.get(s.deck_name)
        if deck_id is None:
            return None
        decks.append(deck_id)
    config = Config(names=tuple(s.name for s in view.seats), decks=tuple(decks))
    seats = []
    for i, s in enumerate(view.seats):
        pool = list(cat.instances(decks[i], i))
        left = set(pool)

        left -= {b.instance for b in s.botz}
        modules = [m for m, _ in s.modules]
        hand = [c for c, _ in s.hand] if i == seat else []
        left -= {*modules, *hand}
        discard = _take_faces(pool, left, [f.id for f in s.discard])
        invested = _take_faces(pool, left, [f.id for f in s.invested]) if i == seat else []
        if discard is None or invested is None:
            return None
        rest = [x for x in pool if x in left]
        rng.shuffle(rest)
        if i != seat:
            need = s.hand_count + s.invested_count + s.deck_count
            if need != len(rest):
                return None
            hand = rest[: s.hand_count]
            invested = rest[s.hand_count : s.hand_count + s.invested_count]
            deck = rest[s.hand_count + s.invested_count :]
        else:
            if len(rest) != s.deck_count or len(invested) != s.invested_count:
                return None
            deck = rest
        seats.append(
            SeatState(
                deck=tuple(deck),
                hand=tuple(hand),
                discard=tuple(discard),
                botz=tuple(
                    BotInPlay(
                        card=b.instance,
                        risk=b.risk,
                        used=b.used,
                        shielding=b.shielding,
                        played_turn=view.turn if b.fresh else 0,
                    )
                    for b in s.botz
                ),
                modules=tuple(modules),
                invested=tuple(invested),
                invested_used=s.invested_count - s.invested_unused,
                research=s.research,
                out=s.out,
                mulligan_done=s.mulligan_done,
                bottomed=s.bottomed,
            )
        )
    return State(
        config=config,
        rng=Rng(seed=rng.getrandbits(62)),
        phase=view.phase,
        turn=view.turn,
        active=view.active,
        first_player=view.first_player,
        seats=tuple(seats),
        invests_left=view.invests_left,
    )


def _take_faces(pool: list[str], left: set[str], card_ids: list[str]) -> list[str] | None:
    """Instances for cards seen without their instance (discards, own invested), taken
    from `left`; None if a card has no instance left."""
    out = []
    for card_id in card_ids:
        hit = next((x for x in pool if x in left and x.split("#", 1)[0] == card_id), None)
        if hit is None:
            return None
        left.discard(hit)
        out.append(hit)
    return out


def score(state: State, seat: int) -> float:
    """How good the table is for `seat`: a win or loss in full, else its RESEARCH less the
    best opponent's, plus a little for each ready Bot and for invested cards."""
    if state.outcome is not None:
        if seat in state.outcome.winners:
            return WIN
        return -WIN if state.outcome.winners else 0.0
    me = state.seats[seat]
    others = [s for i, s in enumerate(state.seats) if i != seat and not s.out]
    best = max((s.research for s in others), default=0)

    def board(s: SeatState) -> float:
        return 0.5 * len(s.botz) + 0.2 * len(s.invested)

    return me.research - best + board(me) - max((board(s) for s in others), default=0.0)


class ZoobotzHardBot(ZoobotzBot):
    """The normal bot, its Main Phase choices checked by rollouts (module notes)."""

    name = "hard"

    def __init__(
        self,
        samples: int = SAMPLES,
        max_candidates: int = MAX_CANDIDATES,
        horizon: int = HORIZON,
        margin: float = MARGIN,
    ) -> None:
        super().__init__()
        self.samples = samples
        self.max_candidates = max_candidates
        self.horizon = horizon
        self.margin = margin
        self.policy = ZoobotzBot()

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        own = super().choose(view, legal, seat, rng)
        if len(legal) < 2 or view.decision is not None or view.phase != "main":
            return own
        others = [a for a in legal if a != own]
        rng.shuffle(others)
        cands = [own, *others[: self.max_candidates - 1]]
        totals = self.rollout_totals(view, seat, cands, rng)
        if totals is None:
            return own
        totals[0] += self.margin * self.samples
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]

    def rollout_totals(
        self, view: View, seat: int, cands: list, rng: random.Random
    ) -> list[float] | None:
        """Each candidate's `score` summed over `samples` sampled tables, `rollout_turns` on
        (an illegal one -1e6 a table); None when the View cannot be rebuilt."""
        from .rules import ZoobotzRules

        rules = ZoobotzRules()
        totals = [0.0] * len(cands)
        turns = self.rollout_turns(view)
        for k in range(self.samples):
            base = view_to_state(view, seat, random.Random(rng.getrandbits(64)))
            if base is None:
                return None
            for i, action in enumerate(cands):
                if rules.check(base, seat, action) is not None:
                    totals[i] -= 1e6
                    continue
                after, _ = rules.apply(base, seat, action)
                totals[i] += score(self._play_on(rules, after, view.turn, k, turns), seat)
        return totals

    def rollout_turns(self, view: View) -> int:
        """Turns a rollout plays after the choice: with one opponent `horizon` (3: the
        opponent, my next turn, the opponent's answer); with more live players the same
        shape, 2 x players - 1 turns. A fixed 3 ended a 4-player rollout before the bot's
        own next turn, so the gain of an Invest, a Bot played or a HACK avoided (measured
        for issue 38: 35% of 4-player games among normal seats with 3 turns, 47.5% with 7
        on the same 40 games) never showed."""
        live = sum(1 for s in view.seats if not s.out)
        return self.horizon if live <= 2 else max(self.horizon, 2 * live - 1)

    def _play_on(self, rules, state: State, turn: int, k: int, turns: int) -> State:
        """The normal bot plays every seat until `turns` turns after `turn` begin."""
        step = 0
        while state.outcome is None and state.turn <= turn + turns and step < 400:
            to_act = rules.to_act(state)
            if not to_act:
                break
            who = min(to_act)
            legal = rules.legal_actions(state, who)
            pick = self.policy.choose(
                rules.view(state, who), legal, who, random.Random(k * 1000 + step)
            )
            state, _ = rules.apply(state, who, pick)
            step += 1
        return state


__all__ = ["ZoobotzHardBot", "score", "view_to_state"]
