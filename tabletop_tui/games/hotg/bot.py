"""A cooperative heuristic bot for Heroes of the Grid: it plays whichever seat the team
hands it, from that seat's View and the legal actions only (with hidden hands it plans
from hand counts).

The bot is split by concern: `bot_planner.py` (the Action Phase: team planner, boss round,
deployment threat), `bot_battle.py` (what to play in battle), `bot_decisions.py` (the
engine's questions); this module holds the rollout search and the two bot classes.

Action phase, planned for the whole team on every call (so whichever seat is asked
reaches the same plan and hands the turn to the Ranger who should act):
1. the free Command Center RECOVER tokens go to the Ranger with the biggest discard pile;
   a Ranger too weak to fight RECOVERs first;
2. every Ranger with tokens stays or moves to one outer location; each plan is scored by
   a cheap simulation of the groups' battles there (cards in hand and drawable, tokens,
   foot soldier cards defeated per card played, damage taken) and the board it leaves
   (unpanicked locations and their room, monster / boss progress). Monsters are fought
   only by groups: one battle against a monster costs about one Ranger defeat;
3. the best plan is executed moves first (most urgent location first), then battles;
4. leftover tokens RECOVER or bring Rangers from the Command Center into place.
The boss decides the game: it lands on an unpanicked location, so with both monsters
still up three locations are panicked for good and the next deployments fill the fourth.
Once it is on the board the whole team goes there (a Ranger low on cards powers up on the
way) and battles it with every token. (Keeping tokens to power up the round before it
comes, or counting on a monster's defeat to clear its location, lost more games to the
boss's own deployment: clearing foot soldiers then matters more.)

Issue 15, session 7: the last unpanicked location is the team's life. Room there counts
2.5 times once the villains still to come would leave at most one location unpanicked
(`last_safe_scale`), and in the boss round, while it has 3 or fewer free places, a Ranger
clears it before the rest take on the boss (`guard_room`). Tried and off by default
(measured on 20 seeds, no gain): searching the preparation draw of villain battles
(`search_prep`), hunting the monsters with the whole team before the boss comes
(`hunt_from`: monsters fall, but the board fills elsewhere).

Issue 15, session 8: the deployment threat. `threat.loss_chance` plays the next Deployment
Phase on a plain model of the board (48 fixed sampled decks, the villains still to come at
their possible places in piles B-D) and gives the chance that it panics all four locations.
The team planner subtracts `risk_w` times the change in that chance its plan makes, and in
the boss round a battle that lowers it by `safety_gain` or more comes before the boss (never
a Ranger alone against a monster). Measured in card_data/hotg/AUDIT.md, session 8.

Issue 15, session 9: a battle at a monster's location before the boss comes defeats about
one Ranger (traced: 0.75 defeats in 0.9 such battles a game in round 3), and each defeat
spends one of the Command Center energy the boss battles need, so the team planner counts
`villain_defeat_w` for each one when that is switched on (off by default: fewer
games were lost to the Command Center's energy, but no more were won). Measured in
card_data/hotg/AUDIT.md, session 9.

Issue 15, session 10: how much is left to gain. An oracle that foresees every die
(benchmarks/hotg_oracle.py, never a seat bot) playing the battles beside this planner wins
26 of 80 games (seeds 0-79), against 5 of 40 for this bot on seeds 0-39; twice the search
work bought nothing (1 of 40). Measured in card_data/hotg/AUDIT.md, session 10.

Issue 15, session 11: the Action Phase's plan picked by short rollouts on the engine
(bot_rollout.py: the planner's next best plans, or other planner switches for a round,
played by the heuristic to the end of the Action Phase or of the next Deployment Phase on
sampled States); switched off (`plan_rollouts` = 0) as no variant won more games than the
default. Measured in card_data/hotg/AUDIT.md, session 11.

Issue 15, session 11: the battle search's value and sifting. Replayed with paired dice
(benchmarks/hotg_battle_bench.py), the search takes half as many again of Rita's cards per
boss battle as the heuristic alone; pricing a defeat (`search.W_DEFEAT`), weights fitted
on outcomes (`search.BOSS_ROUND`), a margin for the heuristic's play (`search_margin`),
twice the samples in boss battles (`boss_search`), refining the two best plays
(`search_refine`), more candidates or none that defeat nothing (`prune_idle`) each move a
boss battle by 0.06 of a card or less and won no more games: all off. A deeper deck at a
boss battle's preparation (`DRAW_KEEP_BOSS` 4) costs a quarter of a Ranger less a battle
but takes fewer of Rita's cards over a game, and won fewer (3 and 13 of 40 against 5 and
17). Measured in card_data/hotg/AUDIT.md, session 11.

Issue 15, session 12: card counting. The View shows the deployment deck as a table that
remembers the revealed cards knows it (`deploy_segments`); with `count_cards` the threat
samples the next phase from those segments (a sharper estimate in phases 4 and 5 of a
cycle), with `incoming_w` the planner's location value prices the figures the next phase
is expected to send beyond a location's room. Neither won more games: both off. Measured
in card_data/hotg/AUDIT.md, session 12.

Issue 15, session 13: a broader Action Phase planner (bot_broad.py, `planner_style` =
"broad"): a program per Ranger for the round (battle, move, battle then move, power up,
RECOVER), every combination scored by the team planner's battle model and the threat,
the best distinct plans again by a two-phase model of the deployments (the next phase,
the team's next round from where the plan leaves it, the phase after). 5-7 of 40 wins
against 5 (seeds 0-39): off. Measured in card_data/hotg/AUDIT.md, session 13.

Session 12: the battle search in the expansion's modes (`search_modes`). Its sampled States
are built there too (search_modes.py); in Mastermind Mode the rollouts play the Mastermind
with HotgMastermindBot on sampled Schemes. On in Mastermind Mode (7 of 40 wins against 0),
off in Psycho Assault (0 of 40 either way). `boss_modes` (off) sends the team after the
boss in those modes too. Measured in card_data/hotg/AUDIT.md, session 12.

Session 13: the Psycho Assault part of the planner (bot_psycho.py: the Psychos' move at
the round's end on the planned board, their battles, the threat of their gathering, the
fight there after it), all off: no fair game won (the dice-seeing oracle won 2 of 20 with
it, 0 without). Measured in card_data/hotg/AUDIT.md, session 13.

Battles: the attack to play is scored by the exact chance to defeat its target (the die
of board.toml) times what defeating it is worth: a foot soldier figure off the board, a
monster or boss card, plus the harm the card would still do (damage, drain, discards,
Regrow's new figure, Flanking, Teleport's shield). One scoring for every participant, so
the turn goes to the teammate with the best play. Reactions cut damage, damage goes to
the Ranger with the deepest deck, prep draws leave 2 cards in the deck (4 against a
monster or the boss).

Search (`HotgBot`, the seat bot: search 3, top 5; `HotgHeuristicBot` is the heuristic
alone, the rollout policy): on a Rangers' turn in battle the
bot rebuilds N States from its View (`search.view_to_state`: hidden deck orders, enemy
decks and the deployment deck below its top sampled from the catalog), applies each
candidate (the heuristic's choice, the `top_k` best card plays by the heuristic score,
Pass, stored energy, an action token flip, handing the turn to a teammate, Zords,
abilities) and plays the battle out with the heuristic; the candidate with the best total
`search.battle_value` (figures off the board, unpanicked locations, monster / boss cards
in their discard piles, Ranger cards left, tokens, Command Center energy, win / loss) is
played, thinking at most `THINK_STEPS` rollout steps a decision. `plan_search=N` does
the same for action-phase choices (each Ranger's battle, moves to the neediest locations, a move to join a teammate, RECOVER, power up) with
rollouts to the next round's action phase, from round `plan_from` on (slower, and worse:
7 wins in 200 games planned from round 3 against 19 without, measured with the heavy
deployment cards, so off by default).
"""

from __future__ import annotations

import random

from ...engine import IllegalAction
from .bot_battle import BattleChoices, kill_chance
from .bot_broad import BroadPlanner
from .bot_decisions import DecisionChoices
from .bot_planner import TeamPlanner
from .bot_psycho import PsychoAssaultPlanner
from .bot_rollout import RolloutPlanner
from .models import (
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Move,
    Pass,
    PlayCard,
    Recover,
    StartBattle,
    UseAbility,
    UseZord,
    View,
)

__all__ = ["HotgBot", "HotgHeuristicBot", "kill_chance"]

#: rollout steps one searched decision may play (about 1 s of one core here, well under
#: the 2 s a decision the issue allows; a step count keeps bot games reproducible)
THINK_STEPS = 2500


def _unique(items: list) -> list:
    """`items` without repeats (compared by repr: actions are models), first kept."""
    seen: set[str] = set()
    out = []
    for x in items:
        if repr(x) not in seen:
            seen.add(repr(x))
            out.append(x)
    return out


def _best_by_rollouts(
    v: View,
    cands: list,
    samples: int,
    rng: random.Random,
    score,
    budget: int | None = None,
    margin: float = 0.0,
    refine: int = 0,
):
    """The candidate with the best total `score(state, candidate, k)` over `samples` States
    sampled from `v`; a None score (not legal in that sample) counts -1e6. Ties: the first.

    Thinking stops within `budget` rollout steps (a clock would make games differ from run
    to run): no new sample starts that would not finish in time, and a sample cut short
    compares only the candidates it scored (the first candidate, the heuristic's own
    choice, is always scored). `margin` per sample is added to the first candidate's total:
    another choice must beat the heuristic's by that much on average. `refine` more samples
    then score only the two best candidates (within a second `budget`), so the final pick
    between close rivals rests on more samples than the first sifting."""
    from .search import STEPS, view_to_state

    if budget is None:
        budget = THINK_STEPS
    totals = [0.0] * len(cands)

    def add(i: int, got: float | None) -> None:
        """A sample's score: not legal there counts -1e6; the heuristic's gets the margin."""
        totals[i] += -1e6 if got is None else got + (margin if i == 0 else 0.0)

    start = STEPS[0]
    scored = len(cands)
    for k in range(samples):
        base = view_to_state(v, random.Random(rng.getrandbits(64)))
        for i, c in enumerate(cands):
            if i and STEPS[0] - start > budget:
                scored = min(scored, i)
                break
            add(i, score(base, c, k))
        spent = STEPS[0] - start
        if scored < len(cands) or spent * (k + 2) / (k + 1) > budget:
            break
    if refine and scored > 1:
        top = sorted(range(scored), key=lambda i: (-totals[i], i))[:2]
        start = STEPS[0]
        for k in range(samples, samples + refine):
            base = view_to_state(v, random.Random(rng.getrandbits(64)))
            for i in top:
                add(i, score(base, cands[i], k))
            spent = STEPS[0] - start
            if spent * (k - samples + 2) / (k - samples + 1) > budget:
                break
        return cands[max(top, key=lambda i: (totals[i], -i))]
    return cands[max(range(scored), key=lambda i: (totals[i], -i))]


class HotgHeuristicBot(
    PsychoAssaultPlanner, DecisionChoices, RolloutPlanner, BroadPlanner, TeamPlanner, BattleChoices
):
    """The heuristic alone (fast: the rollout policy of the search, and the tests')."""

    name = "heuristic"

    def rollout_policy(self) -> HotgHeuristicBot:
        """A fresh heuristic to play a planner's rollouts (`bot_rollout`)."""
        return HotgHeuristicBot()

    #: search the preparation draw of monster / boss battles too (with `search`)
    search_prep = False
    #: in the boss round, clear the last unpanicked location first while it has at most
    #: this much room (-1: never)
    guard_room = 3
    #: room at unpanicked locations, times this when at most one stays safe (1.0: off)
    last_safe_scale = 2.5
    #: from this round on (0: never), before the boss lands, the whole team hunts a monster
    #: as it does the boss (a defeated monster clears its location)
    hunt_from = 0
    #: what losing in the next Deployment Phase costs in the team planner, times its chance
    #: (`threat.loss_chance`; 0: off)
    risk_w = 40.0
    #: in the boss round, a battle that lowers that chance by this much comes first (0: off)
    safety_gain = 0.2
    #: hunt only while the chance of losing in the next Deployment Phase stays this low
    hunt_risk = 0.0
    #: from this round on, a token left at the end of the round powers up (0: never)
    leftover_power_up = 0
    #: the Mastodon between deployments goes where it most lowers that chance
    mastodon_threat = False
    #: at most this many Rangers take on the boss (0: the whole team)
    boss_group = 0
    #: what each battle at a monster's location costs the team planner besides cards: it
    #: defeats about one Ranger (one Command Center energy, which the boss battles need);
    #: 6 kept that energy but won 8 of 200 held-out games against 10 of 200 without (off)
    villain_defeat_w = 0.0
    #: battle search: another play must beat the heuristic's by this much `battle_value`
    #: per sampled state (0: the best total wins)
    search_margin = 0.0
    #: battle search in boss battles: sampled states per decision (0: `search`) and rollout
    #: steps a decision may play there (0: THINK_STEPS)
    boss_search = 0
    boss_think_steps = 0
    #: battle search: this many more samples for the two best candidates (0: off)
    search_refine = 0
    #: battle search: leave out card plays the heuristic scores 0 or less (they defeat
    #: nothing: e.g. Blade Blaster with X = 0), unless the heuristic itself picks one
    prune_idle = False
    #: the next Deployment Phase's cards sampled from the counted deployment deck (the
    #: View's `deploy_segments`: each phase's revealed cards go under the deck) instead of
    #: from all the foot soldier cards (AUDIT.md session 12)
    count_cards = False
    #: `_loc_value` less this much per figure the next phase is expected to send to a
    #: location beyond its room (`threat.incoming`; counted with `count_cards`; 0: off)
    incoming_w = 0.0
    #: the modes whose Rangers' battle decisions are searched (search_modes.py builds the
    #: sampled States of the expansion's modes; in Mastermind Mode the rollouts play the
    #: Mastermind's seat with HotgMastermindBot on the sampled Schemes). Session 12, seeds
    #: 40-79: Mastermind Mode 7 of 40 against 0; Psycho Assault 0 of 40 either way (games
    #: 0.7 round longer), so it is left out
    search_modes: tuple[str, ...] = ("standard", "mastermind")

    def __init__(
        self,
        search: int = 0,
        top_k: int = 4,
        plan_search: int = 0,
        plan_from: int = 1,
    ) -> None:
        """`search` = sampled hidden states per battle decision (0: the heuristic alone);
        `top_k` = card plays kept for rollouts (besides Pass, energy, Focus, the heuristic's);
        `plan_search` = sampled states per action-phase decision, each candidate played out
        to the next round's action phase (0: the team planner alone), from round
        `plan_from` on."""
        self.search = search
        self.top_k = top_k
        self.plan_search = plan_search
        self.plan_from = plan_from
        self._pending: tuple | None = None  # plan search: ((seat, signature), action)
        self._risk_cache: dict = {}
        self._last_end: tuple = (0.0, False)
        self._incoming_for: tuple = (None, {})
        if search:
            self.name = f"search{search}"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        if view.mastermind_seat == seat:  # Mastermind Mode: the evil seat has its own bot
            from .mastermind_bot import HotgMastermindBot

            return HotgMastermindBot().choose(view, legal, seat, rng)
        d = view.decision
        if d is not None:
            if (
                d.kind == "prep_draw"
                and self.search
                and self.search_prep
                and view.mode == "standard"
                and view.battle is not None
                and view.battle.villains
                and len(legal) > 1
            ):
                return self._search_prep(view, legal, seat, rng)
            return self._decision(view, legal, seat)
        if view.phase == "action":
            if self.plan_search and view.mode == "standard" and view.round >= self.plan_from:
                return self._search_action(view, legal, seat, rng)
            return self._action_phase(view, legal, seat)
        if view.phase == "battle":
            if self.search and view.mode in self.search_modes and view.battle is not None:
                return self._search_battle(view, legal, seat, rng)
            return self._battle(view, legal, seat)
        return legal[0]

    # ------------------------------------------------------------------ search
    def _candidates(self, v: View, legal: list, seat: int) -> list:
        me = v.players[seat]
        cards = {c.slot: c for c in v.battle.cards}
        hand = {c.id: c for c in (me.hand or ())}
        out = [self._battle(v, legal, seat)]
        scored = []
        for a in legal:
            if isinstance(a, PlayCard) and a.card in hand:
                scored.append((self._play_score(v, hand[a.card], a, cards), repr(a), a))
            elif isinstance(a, GrantedAttack):
                scored.append((self._attack_score(v, cards.get(a.target), 3, 0), repr(a), a))
            elif isinstance(a, (Pass, FlipToken, GiveEnergy, Focus, UseZord, UseAbility)):
                out.append(a)
        if self.prune_idle:
            scored = [t for t in scored if t[0] > 0]
        scored.sort(key=lambda t: (-t[0], t[1]))
        out += [a for _, _, a in scored[: self.top_k]]
        return _unique(out)

    def _search_action(self, v: View, legal: list, seat: int, rng: random.Random):
        from .rules import HotgRules
        from .search import rollout_round, round_score

        sig = (v.round, tuple(p.tokens for p in v.players), v.hq_tokens)
        pending = self._pending
        if pending is not None and pending[0] == (seat, sig):
            self._pending = None
            if any(repr(a) == repr(pending[1]) for a in legal):
                return pending[1]
        h = self._action_phase(v, legal, seat)
        macros: list[tuple] = [(h,)]
        ranked = sorted(v.locations, key=lambda lo: -self._loc_score(v, lo))
        for p in v.players:
            if p.tokens < 1:
                continue
            acts: list = []
            at = next((lo for lo in v.locations if lo.id == p.location), None)
            if at is not None and at.figures > 0:
                acts.append(StartBattle())
            if p.tokens >= 2:
                acts += [Move(to=lo.id) for lo in ranked[:3] if lo.id != p.location][:2]
            else:  # a last token: join a teammate who can still start a battle there
                acts += [
                    Move(to=q.location)
                    for q in v.players
                    if q.seat != p.seat and q.tokens > 0 and q.location not in ("hq", p.location)
                ][:1]
            if len(p.discard) >= 3:
                acts.append(Recover())
                if p.location != "hq" and v.headquarters != "astro_megaship":
                    acts.append(Move(to="hq", power_up=True))
            for a in acts:
                macros.append((a,) if p.seat == seat else (Focus(seat=p.seat), a))
        uniq = _unique(macros)
        if len(uniq) == 1:
            return h
        rules = HotgRules()
        policy = HotgHeuristicBot()

        def score(base, mac, k):
            s1 = base
            try:
                who = seat
                for a in mac:
                    s1, _ = rules.apply(s1, who, a)
                    if isinstance(a, Focus):
                        who = a.seat
            except IllegalAction:  # not legal in this sampled state
                return None
            return round_score(rollout_round(rules, s1, policy, random.Random(k), v.round))

        mac = _best_by_rollouts(v, uniq, self.plan_search, rng, score)
        if not any(repr(mac[0]) == repr(a) for a in legal):
            return h
        if len(mac) == 2:  # hand the turn over, and remember what that seat should do
            self._pending = ((mac[0].seat, sig), mac[1])
        return mac[0]

    def _rollouts(self, v: View, cands: list, seat: int, rng: random.Random):
        from .rules import HotgRules
        from .search import battle_value, rollout_battle

        if len(cands) == 1:
            return cands[0]
        rules = HotgRules()
        policy = HotgHeuristicBot()

        def score(base, a, k):
            try:
                s1, _ = rules.apply(base, seat, a)
            except IllegalAction:  # not legal in this sampled state
                return None
            return battle_value(base, rollout_battle(rules, s1, policy, random.Random(k)))

        samples, budget = self.search, None
        if self.boss_search and self._boss_battle(v):
            samples, budget = self.boss_search, self.boss_think_steps or None
        return _best_by_rollouts(
            v,
            cands,
            samples,
            rng,
            score,
            budget=budget,
            margin=self.search_margin,
            refine=self.search_refine,
        )

    @staticmethod
    def _boss_battle(v: View) -> bool:
        b = v.battle
        return b is not None and any(
            lo.id == b.location and v.boss in lo.villains for lo in v.locations
        )

    def _search_prep(self, v: View, legal: list, seat: int, rng: random.Random):
        """Against a monster or the boss, one more card in hand (attack) or left in the deck
        (defence): both played out, the heuristic's pick first."""
        h = self._decision(v, legal, seat)
        return self._rollouts(v, _unique([h, *legal]), seat, rng)

    def _search_battle(self, v: View, legal: list, seat: int, rng: random.Random):
        """The Rangers' turn: the heuristic's play, the top card plays, Pass, energy and
        Focus, each applied to sampled states and the battle played out."""
        return self._rollouts(v, self._candidates(v, legal, seat), seat, rng)

    # ------------------------------------------------------------------ decisions


SEARCH = 3  # sampled hidden states per battle decision of the default bot
TOP_K = 5  # card plays kept for its rollouts


class HotgBot(HotgHeuristicBot):
    """The seat bot (`bot` / `heuristic` seats, `selfplay`): the strongest we have, the
    heuristic with rollout search of the Rangers' battle decisions (benchmarks/hotg_bot.py
    measures it; well under 2 s of thinking per decision)."""

    def __init__(
        self, search: int = SEARCH, top_k: int = TOP_K, plan_search: int = 0, plan_from: int = 1
    ) -> None:
        super().__init__(search=search, top_k=top_k, plan_search=plan_search, plan_from=plan_from)
