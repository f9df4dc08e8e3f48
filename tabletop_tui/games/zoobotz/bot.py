"""A heuristic ZOOBOTZ bot that plays from its own View and the legal actions only.

Each call looks at the table afresh and returns the first step of a short plan:

1. a RESEARCH that reaches 10 wins at once: take it;
2. invest once a turn while more invested cards would be put to work (the card least worth
   playing now, a little less when it is too dear to play soon);
3. HACK where the trade is good: kill a Bot (best of all a SHIELD that stops my RESEARCH)
   without losing a better one; with two or more opponents left, HACK only the leader, and
   only once it is within `leader_gap` RESEARCH of winning (a HACK spends my Bot's turn and
   RISK to weaken one opponent, which helps the others as much as me: measured in
   benchmarks/bot_strength.py, hacking at will won a normal seat among three easy ones 28%
   of 4-player games, hacking only a leader near 10 won it 38%);
4. play cards: Botz while the table is small, otherwise only with the invested cards my
   Botz can't RESEARCH with this turn; removal when it kills, UNUSE-opposing on a SHIELD;
5. SHIELD with my toughest Bot when it would RESEARCH little anyway, or when no opposing
   Bot can break that SHIELD in one HACK and the opponents' next RESEARCH is worth more
   than what it would RESEARCH now (or they are close to 10); RESEARCH with the rest,
   biggest value first;
6. end the turn.

Questions (targets, order, "gain RESEARCH?") are answered from the prompt and the Botz on
the table. Card abilities are public knowledge: the bot reads them from the card pool.
Everything is arithmetic over a handful of Botz, well under a millisecond a decision.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .cards import Card, catalog
from .effects import DealRisk, DeleteRisk, Draw, ExtraInvest, GainResearch, MoveRisk, Unuse
from .models import (
    Bottom,
    BotView,
    Choose,
    EndTurn,
    Hack,
    Invest,
    Keep,
    Play,
    Research,
    SeatView,
    Shield,
    View,
)

_AMOUNT = re.compile(r"(?:deal|move) (\d+) RISK")


@dataclass(frozen=True)
class Params:
    #: play Botz with every invested card while I have fewer Botz than this
    build_botz: int = 3
    #: a SHIELD is raised when it denies at least this many RESEARCH (times the factor)
    shield_factor: float = 0.15
    #: how much a point of RESEARCH now is worth against a point of Bot value in play
    research_weight: float = 1.0
    #: the same for a SHIELD that no single opposing Bot can send to the discard
    safe_shield_factor: float = 1.0
    #: how much a SHIELD is worth per point of value of my USED Botz it keeps from HACKs
    protect: float = 0.0
    #: a HACK is made when its score (value killed minus value lost, roughly) passes this
    hack_threshold: float = 0.5
    #: how much less a card is worth keeping when it costs more than 2 over my budget
    far_penalty: float = 1.0
    #: with this many cards in hand, invest whatever the table looks like
    spare_hand: int = 3
    #: with two or more opponents left, HACK only the one with the most RESEARCH, and only
    #: once it is this close to the goal (a HACK helps every other opponent too)
    leader_gap: int = 3


DEFAULT = Params()


def _card(card_id: str) -> Card | None:
    try:
        return catalog().cards.get(card_id)
    except Exception:  # pragma: no cover - a card folder the bot can't read
        return None


def _remaining(bot: BotView) -> int:
    """RISK the Bot can still take before it goes to the discard."""
    return bot.value - bot.risk


class ZoobotzBot:
    """Invest every turn, build a board, HACK good trades, SHIELD when it pays, RESEARCH."""

    name = "heuristic"

    def __init__(self, params: Params = DEFAULT) -> None:
        self.params = params

    # -- entry point -------------------------------------------------------------------------
    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        if not legal:
            return EndTurn()
        if view.phase == "mulligan":
            return self._mulligan(view.seats[seat], legal)
        if view.decision is not None:
            return self._answer(view, legal, seat)
        action = self._main(view, legal, seat)
        return action if action in legal else legal[-1]

    # -- setup -------------------------------------------------------------------------------
    @staticmethod
    def _mulligan(me: SeatView, legal: list):
        """Keep a hand with a cheap Bot; otherwise send the dearest cards to the bottom."""
        cheap_bot = any(f.kind == "bot" and f.cost <= 2 for _, f in me.hand)
        if not cheap_bot:
            dear = sorted(((f.cost, i) for i, f in me.hand if f.cost >= 4), reverse=True)
            if dear:
                action = Bottom(card=dear[0][1])
                if action in legal:
                    return action
        return Keep()

    # -- questions ---------------------------------------------------------------------------
    def _answer(self, view: View, legal: list, seat: int):
        decision = view.decision
        assert decision is not None
        if decision.kind == "confirm":
            return Choose(option="yes") if Choose(option="yes") in legal else legal[0]
        if decision.kind == "order":
            return legal[0]
        botz = {b.instance: (s, b) for s, sv in enumerate(view.seats) for b in sv.botz}
        options = [(o.id, botz.get(o.id)) for o in decision.options]
        prompt = decision.prompt
        if any(v is not None and v[0] != seat for _, v in options):
            # an opposing Bot: UNUSE its SHIELD, or put RISK where it kills
            if "UNUSE" in prompt:
                key = lambda item: (item[1][1].shielding, item[1][1].value)  # noqa: E731
            else:
                m = _AMOUNT.search(prompt)
                amount = int(m.group(1)) if m else 1

                def key(item):
                    bot = item[1][1]
                    dealt = max(0, amount - bot.armor) if "deal" in prompt else amount
                    kills = bot.risk + dealt >= bot.value
                    return (kills, bot.shielding, bot.value if kills else -_remaining(bot))

        else:
            if "UNUSE" in prompt:  # my own Bot to use again: the biggest
                key = lambda item: (not item[1][1].shielding, item[1][1].value)  # noqa: E731
            else:  # delete / move RISK from my Bot: the one closest to the discard
                key = lambda item: (item[1][1].risk, -_remaining(item[1][1]))  # noqa: E731
        known = [item for item in options if item[1] is not None]
        if not known:
            return legal[0]
        best = max(known, key=key)
        return Choose(option=best[0])

    # -- the main part of a turn -------------------------------------------------------------
    def _main(self, view: View, legal: list, seat: int):
        me = view.seats[seat]
        foes = [s for i, s in enumerate(view.seats) if i != seat and not s.out]
        researches = [a for a in legal if isinstance(a, Research)]
        # 1. win now
        if researches:
            best = max(researches, key=lambda a: a.cards)
            if me.research + best.cards >= view.goal:
                return best
        # 2. invest, while more invested cards would be put to work
        invests = [a for a in legal if isinstance(a, Invest)]
        if invests and self._wants_invest(me):
            return self._invest(view, seat, me, invests)
        # 3. HACK
        hack = self._best_hack(view, legal, seat, me)
        if hack is not None:
            return hack
        # 4. play cards
        play = self._best_play(view, legal, seat, me, foes, researches)
        if play is not None:
            return play
        # 5. SHIELD and RESEARCH
        return self._use_botz(view, legal, me, foes, researches)

    def _wants_invest(self, me: SeatView) -> bool:
        """Invest while my Botz (and the ones in hand) could RESEARCH with more cards, or
        while the hand is full enough to spare a card."""
        if me.hand_count >= self.params.spare_hand:
            return True
        if me.hand_count == 0:
            return False
        values = sum(b.value for b in me.botz)
        in_hand = sorted(((f.value or 0) for _, f in me.hand if f.kind == "bot"), reverse=True)
        if me.hand_count == 1:
            # the last card: keep a Bot I could play soon, invest anything else
            face = me.hand[0][1]
            if face.kind == "bot" and face.cost <= me.invested_count + 1:
                return False
            return me.invested_count < values + 1 or face.kind != "bot"
        return me.invested_count < values + (in_hand[0] if in_hand else 0) + 1

    def _invest(self, view: View, seat: int, me: SeatView, invests: list):
        """Invest the card least worth keeping: weak, or too dear to play for a while."""
        budget = me.invested_count + 1
        hand = dict(me.hand)

        def keep(action: Invest) -> float:
            face = hand[action.card]
            card = _card(face.id)
            if card is None:  # a card the bot can't read: keep the bigger Botz
                return float(face.value or 2)
            worth = self._play_score(view, seat, me, card)
            if face.cost > budget + 2:
                worth -= self.params.far_penalty
            return worth

        return min(invests, key=keep)

    def _best_hack(self, view: View, legal: list, seat: int, me: SeatView):
        hacks = [a for a in legal if isinstance(a, Hack)]
        live = [i for i, s in enumerate(view.seats) if i != seat and not s.out]
        if len(live) > 1 and hacks:
            lead = max(view.seats[i].research for i in live)
            leaders = {
                b.instance
                for i in live
                if view.seats[i].research == lead >= view.goal - self.params.leader_gap
                for b in view.seats[i].botz
            }
            hacks = [a for a in hacks if a.target in leaders]
        if not hacks:
            return None
        mine = {b.instance: b for b in me.botz}
        theirs = {b.instance: b for i, s in enumerate(view.seats) if i != seat for b in s.botz}
        blocked = not any(isinstance(a, Research) for a in legal) and any(
            s.shielded for i, s in enumerate(view.seats) if i != seat
        )
        best, best_score = None, self.params.hack_threshold
        for a in hacks:
            attacker, target = mine[a.bot], theirs[a.target]
            dealt = max(0, attacker.value + attacker.hack - target.armor)
            taken = max(0, target.value - attacker.armor)
            kills = target.risk + dealt >= target.value
            dies = attacker.risk + taken >= attacker.value
            score = 0.0
            if kills:
                score += 2 * target.value + (3 if target.shielding and blocked else 0)
            elif target.shielding and blocked:
                score += 0.6 * dealt
            else:
                score += 0.2 * dealt
            if dies:
                score -= 2 * attacker.value
            else:
                score -= 0.2 * taken
            if score > best_score:
                best, best_score = a, score
        return best

    def _play_score(self, view: View, seat: int, me: SeatView, card: Card) -> float:
        """What playing the card is worth now (<= 0: not worth it)."""
        foes_botz = [b for i, s in enumerate(view.seats) if i != seat and not s.out for b in s.botz]
        shields = [b for b in foes_botz if b.shielding]
        score = 0.0
        if card.kind == "bot":
            score += card.value or 0
        elif card.kind == "module":
            score += 2.5
        for trig in ("on_play", "start_of_turn", "end_of_turn"):
            repeat = 1.0 if trig == "on_play" else 1.5
            for e in getattr(card, trig):
                if isinstance(e, DealRisk):
                    if e.target == "each_opposing":
                        score += repeat * 0.7 * sum(1 for _ in foes_botz)
                    elif foes_botz:
                        kills = [
                            b for b in foes_botz if b.risk + max(0, e.amount - b.armor) >= b.value
                        ]
                        score += repeat * (
                            2 * max(b.value for b in kills) if kills else 0.6 * e.amount
                        )
                elif isinstance(e, DeleteRisk):
                    hurt = sum(min(e.amount, b.risk) for b in me.botz)
                    score += repeat * (0.8 * hurt if card.kind != "bot" else 0.3 + 0.5 * hurt)
                elif isinstance(e, MoveRisk):
                    score += repeat * (
                        0.8 * min(e.amount, max((b.risk for b in me.botz), default=0))
                        if foes_botz
                        else 0
                    )
                elif isinstance(e, Unuse):
                    if e.target == "chosen_opposing":
                        score += 3.0 if shields else 0.0
                    elif e.target == "chosen_yours":
                        used = [b for b in me.botz if b.used and not b.shielding]
                        score += max((b.value for b in used), default=0) * 0.8
                    else:
                        score += 0.5
                elif isinstance(e, Draw):
                    score += repeat * e.count * (0.8 if me.deck_count > 8 else -1.0)
                elif isinstance(e, ExtraInvest):
                    score += repeat * (0.8 if me.hand_count > 2 else 0.0)
                elif isinstance(e, GainResearch):
                    score += repeat * 1.5 * e.amount * self.params.research_weight
        for trig in ("when_dealt_risk", "when_you_delete_risk"):
            for e in getattr(card, trig):
                score += 0.8 if isinstance(e, Draw) else 1.2
        for mod in card.ongoing:
            amount = getattr(mod, "amount", 1)
            scope = getattr(mod, "scope", "all_yours")
            n = 1 if scope == "this" else max(1, len(me.botz))
            score += 0.8 * amount * n
        if card.kind == "program" and score <= 0.5:
            return 0.0
        return score

    def _best_play(self, view, legal, seat, me: SeatView, foes, researches):
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return None
        costs = dict(zip((c for c, _ in me.hand), me.costs, strict=False))
        unused = me.invested_unused
        # invested cards my ready Botz could RESEARCH with this turn
        ready = {a.bot: a.cards for a in researches}
        reserve = min(unused, sum(ready.values())) if ready else 0
        building = (
            len(me.botz) < self.params.build_botz
            or sum(b.value for b in me.botz) < me.invested_count
        )
        best, best_score = None, 0.0
        for a in plays:
            card = _card(a.card.split("#", 1)[0])
            if card is None:
                continue
            cost = costs.get(a.card, card.cost)
            spare = unused - reserve
            if cost > spare and not (building and card.kind == "bot"):
                continue
            score = self._play_score(view, seat, me, card)
            if card.kind == "bot":
                score += 0.5 * (card.value or 0) if building else 0
            score -= 0.1 * cost
            if score > best_score:
                best, best_score = a, score
        return best

    def _use_botz(self, view: View, legal: list, me: SeatView, foes, researches):
        shields = [a for a in legal if isinstance(a, Shield)]
        if not shields and not researches:
            return EndTurn()
        mine = {b.instance: b for b in me.botz}
        unused = me.invested_unused
        already = me.shielded
        if shields and not already:
            # what the opponents could RESEARCH on their next turns
            threat = max(
                (min(f.invested_count + 1, sum(b.value for b in f.botz)) for f in foes),
                default=0,
            )
            near = max((f.research for f in foes), default=0)
            if near + threat >= view.goal:
                threat *= 3
            tough = max(
                shields,
                key=lambda a: (_remaining(mine[a.bot]) + 2 * mine[a.bot].armor, -mine[a.bot].value),
            )
            # what that Bot would RESEARCH now instead
            others = sorted(
                (mine[b].value for b in {r.bot for r in researches} if b != tough.bot), reverse=True
            )
            own = min(unused, mine[tough.bot].value)
            lost = max(
                0, min(unused, sum(others) + mine[tough.bot].value) - min(unused, sum(others))
            )
            lost = min(lost, own) if researches else 0
            # a SHIELD also keeps HACKs off my other USED Botz: those an opposing Bot could kill
            attack = max((b.value + b.hack for f in foes for b in f.botz), default=0)
            exposed = [mine[b] for b in {r.bot for r in researches} if b != tough.bot]
            exposed += [b for b in me.botz if b.used and not b.shielding]
            protect = self.params.protect * sum(
                b.value for b in exposed if _remaining(b) + b.armor <= attack
            )
            # a SHIELD no opposing Bot can send to the discard in one HACK holds for a turn
            guard = mine[tough.bot]
            safe = _remaining(guard) + guard.armor > attack
            factor = self.params.safe_shield_factor if safe else self.params.shield_factor
            if (threat > 0 or protect > 0) and threat * factor + protect >= lost:
                return tough
        if researches and unused > 0:
            bots = {a.bot for a in researches}
            biggest = max(sorted(bots), key=lambda b: mine[b].value)  # ties: by id, not hash
            best = max((a for a in researches if a.bot == biggest), key=lambda a: a.cards)
            return best
        return EndTurn()
