"""The Action Phase's plan picked by short rollouts on the engine (issue 15, session 11).

The team planner (bot_planner.py) scores plans with a crude model of the battles; here its
few best plans are also played on the real engine. Once a round, at the first decision
that consults the planner (standard games, the boss not on the board), the bot rebuilds
`plan_rollouts` States from its View (`search.view_to_state`, with the deployment deck's
villains put back into the piles they were shuffled into, base rules §2.4), and for each
candidate plays the heuristic bot to the next round's Action Phase, i.e. through this
round's battles and the Deployment Phase after them. Candidate 0 is the default (the
planner re-planning after every action, as it does without this); the others are the
planner's next best plans, each followed for the rest of the round. Every candidate is
played on the same sampled States with the same policy seeds (common random numbers).
The end state is scored by `search.round_score` minus `plan_risk_w` times the chance that
the Deployment Phase after it panics every location (`threat.loss_chance`); a lost game
scores -1000. The default is kept unless another plan's mean beats it by `plan_margin`.
The bot then follows the chosen plan for the rest of the round. The work is capped in
rollout steps (`ROLLOUT_STEPS`), so a seeded game plays the same moves on any machine.

Off by default (`plan_rollouts` = 0); measured in card_data/hotg/AUDIT.md, session 11.
"""

from __future__ import annotations

import random

from .models import DeployCard, State, View
from .state_ops import upd

#: rollout steps one planned decision may spend (measured: at most 1.5 s of CPU a
#: decision here, the battle search included)
ROLLOUT_STEPS = 6000

#: the deployment deck as dealt (base rules §2.4): piles A, B, C, D of 5 foot soldier
#: cards each, a monster shuffled into B and into C, the boss into D
PILE_FS = 5


def villain_piles(v: View, top: str = "", rng: random.Random | None = None) -> list:
    """The villains still to come, each with the pile it was shuffled into (1 = B, 2 = C,
    3 = D). Monsters fill B then C, so a lone monster still to come is C's; of two, the
    one on top of the deck (`top`) is B's, else either (`rng`)."""
    placed = set(v.defeated_villains) | set(v.hq_villains)
    for lo in v.locations:
        placed |= set(lo.villains)
    monsters = [x for x in v.monsters if x not in placed]
    if len(monsters) == 2 and (
        top == monsters[1] or (top not in monsters and rng and rng.random() < 0.5)
    ):
        monsters.reverse()
    out = [(x, 3 - len(monsters) + i) for i, x in enumerate(monsters)]
    if v.boss == "rita_repulsa" and v.boss not in placed:
        out.append((v.boss, 3))
    return out


def pile_deploy_deck(state: State, v: View, rng: random.Random) -> State:
    """`state` with the villains still to come moved to places their piles allow.

    `view_to_state` shuffles them anywhere in the deployment deck, so Rita would come a
    round late most of the time; the dealt deck keeps each in its pile, so she comes
    with one of six known deployments (as `threat.villain_slots` assumes). Only for the
    standard game's Action Phase; other states come back unchanged."""
    if v.mode != "standard" or v.phase != "action" or len(v.monsters) != 2:
        return state
    deck = list(state.deploy_deck)
    top = deck[0] if deck and deck[0].kind != "fs" else None
    pending = villain_piles(v, top.enemy if top is not None else "", rng)
    if not pending:
        return state
    placed = len(v.monsters) + 1 - len(pending)
    drawn = v.round * v.deployments_per_round + placed  # dealt cards already revealed
    villains = {c.enemy: c for c in deck if c.kind != "fs"}
    if set(villains) != {x for x, _ in pending}:
        return state
    fs = [c for c in deck if c.kind == "fs"]
    places: dict[int, DeployCard] = {}
    if top is not None:
        places[0] = top
    for x, pile in pending:
        if top is not None and x == top.enemy:
            continue
        first = pile * (PILE_FS + 1) - 1  # the pile's first place in the dealt deck
        slots = [k - drawn for k in range(first, first + PILE_FS + 1) if k - drawn >= 1]
        slots = [k for k in slots if k not in places and k < len(deck)]
        if not slots:
            return state  # the View does not fit the dealt piles (another setup)
        places[rng.choice(slots)] = villains[x]
    out: list[DeployCard] = []
    it = iter(fs)
    for k in range(len(deck)):
        out.append(places[k] if k in places else next(it))
    return upd(state, deploy_deck=tuple(out))


_STOP_RULES: list = []


def _rollout_action_phase(state: State, policy, rng: random.Random, limit: int = 3000) -> State:
    """Play `state` with `policy` to the end of its Action Phase: the State the coming
    Deployment Phase would start from (before the end-of-round effects), in phase
    "deployment" with the round unchanged (or a finished game)."""
    from .search import play_on

    if not _STOP_RULES:
        from .rules import HotgRules

        class _StopAtRoundEnd(HotgRules):
            """The engine, except that the round's end only marks the State."""

            def _end_round(self, s: State, ev: list) -> State:
                return upd(s, phase="deployment")

        _STOP_RULES.append(_StopAtRoundEnd())
    return play_on(_STOP_RULES[0], state, policy, rng, lambda s: s.phase == "deployment", limit)


class RolloutPlanner:
    """Mixed into the bot: which plan the Action Phase follows (`_plan_for`). The bot
    says which bot plays the rollouts (`rollout_policy`): this module never imports it."""

    def rollout_policy(self):  # pragma: no cover - the bot's own
        raise NotImplementedError

    #: sampled States per candidate plan (0: off, the planner alone)
    plan_rollouts = 0
    #: candidate plans: the default and the planner's next best
    plan_candidates = 4
    #: how much more (mean end score) a plan needs to replace the default
    plan_margin = 3.0
    #: the end score's weight on the chance that the following Deployment Phase is lost
    plan_risk_w = 200.0
    #: the first round searched
    plan_rollout_from = 1
    #: the candidates differ in shape (how many Rangers end where), not just in who goes
    plan_shapes = False
    #: where a rollout stops: "deployment" (after the next Deployment Phase, the chance
    #: of losing the one after it weighed) or "action" (at the end of this Action Phase,
    #: the chance of losing the coming Deployment Phase weighed, `threat.loss_chance`)
    plan_horizon = "deployment"
    #: how long a picked plan is followed: "round", or "moves" (until the Rangers it sends
    #: have moved; then the planner plans again)
    plan_follow = "round"
    #: a plan replaces the default only if its mean gain is this many standard errors
    #: (paired over the samples) above zero too (0: the margin alone)
    plan_z = 0.0

    #: other switches of the planner to try for a whole round, e.g. ((("risk_w", 80.0),),
    #: (("villain_defeat_w", 6.0),)): a round follows the default or one of them
    plan_styles: tuple = ()
    #: try them in the boss's rounds too
    plan_boss_styles = False

    _style: tuple | None = None  # (round, switches) set on this bot for that round
    _styled_round = -1
    _fixed_plan: tuple | None = None  # (round, location per seat) being followed
    _planned_round = -1  # the round whose plan was searched
    last_rollout: tuple = ()  # the last search: (means, samples scored, chosen index)

    def _plan_for(self, v: View):
        """(value, plan) for `_action_phase`: a plan fixed for this round if there is one,
        else the search's pick once a round (when it is on), else the planner's."""
        fixed = self._fixed_plan
        if fixed is not None and fixed[0] == v.round:
            plan = self._fixed_assign(v, fixed[1])
            if self.plan_follow == "round" or any(m for _, m in plan):
                return 0.0, plan
            self._fixed_plan = None  # its moves are made: the planner takes over
        if (
            self.plan_rollouts
            and self._planned_round != v.round
            and v.round >= self.plan_rollout_from
            and v.mode == "standard"
            and v.boss == "rita_repulsa"
            and v.phase == "action"
            and self._boss_location(v) is None
        ):
            self._planned_round = v.round
            got = self._rollout_pick(v)
            if got is not None:
                self._fixed_plan = (v.round, got)
                return 0.0, self._fixed_assign(v, got)
        return self._team_plan(v)

    def _fixed_assign(self, v: View, locs: tuple) -> tuple:
        """The fixed plan as `_team_plan` gives it, for the board now: a Ranger who cannot
        move any more (one token) or whose target has been cleared stays where it is."""
        out = []
        ids = {lo.id: lo for lo in v.locations}
        for p, loc in zip(v.players, locs, strict=True):
            here = p.location if p.location in ids else None
            if loc is None or loc == p.location:
                out.append((loc, 0))
            elif p.tokens >= 2 and ids[loc].figures > 0:
                out.append((loc, 1))
            else:
                out.append((here, 0))
        return tuple(out)

    def _rollout_pick(self, v: View):
        """The plan (a location per seat) to follow, or None to keep the default."""
        plans = self._team_plans(v, self.plan_candidates, self.plan_shapes)
        if len(plans) < 2:
            return None
        cands: list = [None] + [tuple(loc for loc, _ in plan) for _, plan in plans[1:]]
        return self._rollout_best(v, [(c, ()) for c in cands])[0]

    def _rollout_best(self, v: View, cands: list) -> tuple:
        """The candidate, (plan or None, style), with the best mean rollout score, if it
        beats the first (the default) clearly; else the first."""
        from . import bot_rollout
        from .rules import HotgRules
        from .search import STEPS, view_to_state

        rules = HotgRules()
        key = (
            v.round,
            v.locations,
            tuple((p.location, p.tokens, p.hand, p.deck_count) for p in v.players),
        )
        rng = random.Random(repr(key))  # the same board, the same samples on any seat
        budget = bot_rollout.ROLLOUT_STEPS
        vals: list[list[float]] = [[] for _ in cands]
        done = 0
        start = STEPS[0]
        widest = 0  # the most steps one sample has taken
        for k in range(self.plan_rollouts):
            spent = STEPS[0] - start
            if k and spent + widest > budget:
                break  # another sample might not finish within the budget
            base = view_to_state(v, random.Random(rng.getrandbits(64)))
            base = pile_deploy_deck(base, v, random.Random(rng.getrandbits(64)))
            got = [self._rollout_value(rules, base, c, st, v.round, k) for c, st in cands]
            widest = max(widest, STEPS[0] - start - spent)
            for row, g in zip(vals, got, strict=True):
                row.append(g)
            done += 1
        if not done:
            return cands[0]
        means = [sum(row) / done for row in vals]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        gain = means[best] - means[0]
        chosen = best if best and gain > self.plan_margin else 0
        if chosen and self.plan_z > 0:
            diffs = [a - b for a, b in zip(vals[best], vals[0], strict=True)]
            var = sum((d - gain) ** 2 for d in diffs) / max(1, done - 1)
            if done < 2 or gain <= self.plan_z * (var / done) ** 0.5:
                chosen = 0
        self.last_rollout = (tuple(means), done, chosen)
        return cands[chosen]

    def _round_style(self, v: View) -> None:
        """At the round's first Action Phase decision (with `plan_styles`): the planner's
        switches for this round, the default's or one of `plan_styles`, by rollouts; last
        round's style is dropped first."""
        style = self._style
        if style is not None and style[0] != v.round:
            for name, _ in style[1]:
                self.__dict__.pop(name, None)
            self._style = None
        if (
            not self.plan_styles
            or not self.plan_rollouts
            or self._styled_round == v.round
            or v.round < self.plan_rollout_from
            or v.mode != "standard"
            or v.boss != "rita_repulsa"
            or v.phase != "action"
            or (self._boss_location(v) is not None and not self.plan_boss_styles)
        ):
            return
        self._styled_round = v.round
        cands = [(None, ())] + [(None, tuple(st)) for st in self.plan_styles]
        _, chosen = self._rollout_best(v, cands)
        if chosen:
            for name, value in chosen:
                setattr(self, name, value)
            self._style = (v.round, chosen)

    def _rollout_value(self, rules, base: State, plan, style, rnd: int, k: int) -> float:
        """Play `base` with the heuristic (following `plan` for this round, if given; with
        the switches of `style`) to the horizon and score where it ends."""
        from .search import rollout_round, round_score

        policy = self.rollout_policy()
        policy.plan_rollouts = 0
        policy._risk_cache = self._risk_cache
        if plan is not None:
            policy._fixed_plan = (rnd, plan)
        for name, value in style:
            setattr(policy, name, value)
        if self.plan_horizon == "action":
            s = _rollout_action_phase(base, policy, random.Random(k))
        else:
            s = rollout_round(rules, base, policy, random.Random(k), rnd)
        score = round_score(s)
        if s.outcome is not None or s.phase not in ("action", "deployment"):
            return score
        v2 = rules.view(s, 0)
        targs = self._threat_args(v2)
        if targs is None:
            return score
        now = tuple(
            (float(sum(n for _, n in lo.foot_soldiers)), lo.panicked) for lo in v2.locations
        )
        return score - self.plan_risk_w * self._risk(v2, now, targs)
