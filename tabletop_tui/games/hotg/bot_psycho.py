"""The cooperative bot in Psycho Assault Mode: where the Psycho Rangers will stand.

In that mode each Psycho follows the Ranger holding its card at the end of the round, and
two Psychos in one location panic it; in 18 of 40 traced bot games (AUDIT.md session 11)
the last location fell that way, often as Rangers walked their Psychos into the same clean
location. Mixed into the bot class ahead of the team planner; other modes are unchanged.
"""

from __future__ import annotations

from collections import Counter

from .cards import catalog
from .models import PSYCHOS, View

#: all four outer locations panicked by the Psychos' move: the game is lost
ALL_PANICKED = 1000.0


class PsychoAssaultPlanner:
    #: what each location the Psychos' end-of-round move would panic costs the team
    #: planner (0: off, the planner as in standard mode)
    psycho_spread = 0.0
    #: what each battle at a location holding Psycho Rangers is worth besides the planner's
    #: own estimate (two cards under a Psycho defeat it, three experience; 0: off)
    psycho_hunt_w = 0.0
    #: count a location that the Psychos' move would fill as panicked too (False: only
    #: two Psychos together)
    psycho_full = False
    #: a Psycho card with no Ranger of its colour goes first to a Ranger whose own
    #: colour's Psycho is not still to come (False: the most cards left, as before)
    psycho_attach_spread = False

    def _psycho_cost(self, v: View, plan: tuple) -> float:
        """Panics that the end-of-round move would cause if the Rangers end where `plan`
        puts them ((location or None, moved) per seat; None: where they are now)."""
        end = {}
        for p, (loc, _moved) in zip(v.players, plan, strict=True):
            for r in p.rangers:
                end[r.id] = loc or p.location
        count: Counter[str] = Counter()
        for n in v.nemeses:
            if n.status != "deployed" or not n.attached_to:
                continue
            here = next((lo.id for lo in v.locations if n.id in lo.villains), None)
            if here is None:
                continue
            to = end.get(n.attached_to, "hq")
            count[here if to == "hq" else to] += 1
        battling = {loc for loc, _moved in plan if loc}
        new = 0
        panicked = 0
        for lo in v.locations:
            arriving = count[lo.id] - sum(1 for x in lo.villains if x in PSYCHOS)
            fs = sum(k for _, k in lo.foot_soldiers)
            full = (
                self.psycho_full
                and lo.id not in battling
                and arriving > 0
                and fs + count[lo.id] >= lo.figure_limit
            )
            if lo.panicked:
                panicked += 1
            elif count[lo.id] >= 2 or full:
                new += 1
                panicked += 1
        cost = self.psycho_spread * new
        if new and panicked == len(v.locations):
            cost += ALL_PANICKED
        return cost

    def _team_plan(self, v: View, keep: list | None = None):
        if v.mode != "psycho_assault" or self.psycho_spread <= 0 or v.psycho_boss_deployed:
            return super()._team_plan(v, keep)
        scored: list = []
        super()._team_plan(v, scored)
        stay = tuple((None, 0) for _ in v.players)
        base = self._psycho_cost(v, stay)
        best = (0.0, None)
        for total, order, plan in scored:
            t = total - (self._psycho_cost(v, plan) - base)
            if keep is not None:
                keep.append((t, order, plan))
            if t > best[0] + 1e-9:
                best = (t, plan)
        return best

    def _group_round(self, v: View, lo, seats: tuple, tokens: int, cards: float, hq: int):
        gain, spent, battles = super()._group_round(v, lo, seats, tokens, cards, hq)
        if (
            v.mode == "psycho_assault"
            and self.psycho_hunt_w
            and any(x in PSYCHOS for x in lo.villains)
        ):
            gain += self.psycho_hunt_w * battles
        return gain, spent, battles

    def _decision(self, v: View, legal: list, seat: int):
        d = v.decision
        if not (self.psycho_attach_spread and d is not None and d.kind == "psycho_attach"):
            return super()._decision(v, legal, seat)
        cat = catalog()
        pending = {cat.nemeses[n.id].color for n in v.nemeses if n.status == "set_aside"}
        owner = {r.id: (p, r) for p in v.players for r in p.rangers}
        choices = [a for a in legal if a.kind == "psycho_attach"]

        def key(a):
            p, r = owner[a.ranger]
            return (
                r.color not in pending,  # no second card coming to this Ranger by colour
                p.deck_count + p.hand_count,
                -choices.index(a),
            )

        return max(choices, key=key)
