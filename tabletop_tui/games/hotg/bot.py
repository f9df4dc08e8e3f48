"""The Heroes of the Grid bots: one package a newcomer can read in this order.

- `bot_planner.py` (`TeamPlanner`): the Action Phase, planned for the whole team on every
  call, so whichever seat is asked reaches the same plan and hands the turn to the Ranger
  who should act. Each plan (every Ranger stays or moves to one outer location, or
  RECOVERs) is scored by a cheap simulation of the groups' battles there and the board it
  leaves, less `risk_w` times the change it makes in the chance that the next Deployment
  Phase panics all four locations (`threat.py`). Once the boss is on the board the whole
  team goes there and battles it with every token.
- `bot_battle.py` (`BattleChoices`): what to play in a battle. An attack is scored by the
  exact chance to defeat its target times what defeating it is worth; reactions cut
  damage; damage goes to the Ranger with the deepest deck.
- `bot_decisions.py` (`DecisionChoices`): the engine's questions (prep draws, targets...).
- `search.py` (with `search_modes.py` for the expansion's modes): the rollout search. On a
  Rangers' turn in battle, `HotgBot` rebuilds sampled States from its View
  (`search.view_to_state`: hidden deck orders, enemy decks, the deployment deck below its
  top), applies each candidate (the heuristic's choice, the `top_k` best card plays, Pass,
  stored energy, a token flip, handing the turn to a teammate the heuristic rates higher,
  Zords, abilities), plays the battle out with the heuristic, and keeps the candidate
  with the best total `search.battle_value`, within `THINK_STEPS` rollout steps a
  decision.
- `mastermind_bot.py`: the Mastermind's seat in Mastermind Mode.

The levels (games/__init__.py LEVEL_BOTS): easy is `HotgHeuristicBot` (no search), normal
`HotgBot` (search 3, top 5), hard `HotgBot` with twice the samples (games/levels_hard.py).
Many planners and switches were tried in issue 15 (rollouts of the Action Phase's plan, a
broad and a multi-round planner, a Psycho Assault planner, searched prep draws, a plan
search to the next round); none won more games, and those no level used were removed in
issue 38. Their measurements stay in card_data/hotg/AUDIT.md (sessions 3-14); the switches
still here are documented where they are defined and are off unless said otherwise.
"""

from __future__ import annotations

import random

from ...engine import IllegalAction
from .bot_battle import FOCUS_GAIN, BattleChoices, kill_chance
from .bot_decisions import DecisionChoices
from .bot_planner import TeamPlanner
from .models import (
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Pass,
    PlayCard,
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


class HotgHeuristicBot(DecisionChoices, TeamPlanner, BattleChoices):
    """The heuristic alone (fast: the easy level, the rollout policy of the search, and the
    tests')."""

    name = "heuristic"

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

    def __init__(self, search: int = 0, top_k: int = 4) -> None:
        """`search` = sampled hidden states per battle decision (0: the heuristic alone);
        `top_k` = card plays kept for rollouts (besides Pass, energy, Focus, the heuristic's)."""
        self.search = search
        self.top_k = top_k
        self._risk_cache: dict = {}
        self._last_end: tuple = (0.0, False)
        self._incoming_for: tuple = (None, {})
        if search:
            self.name = f"search{search}"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        if view.mastermind_seat == seat:  # Mastermind Mode: the evil seat has its own bot
            from .mastermind_bot import HotgMastermindBot

            return HotgMastermindBot().choose(view, legal, seat, rng)
        if view.decision is not None:
            return self._decision(view, legal, seat)
        if view.phase == "action":
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
            elif isinstance(a, Focus):
                # only to a teammate the heuristic rates higher (`_estimate`: the same for
                # every seat), as the heuristic itself hands the turn on: handing it to
                # anyone the rollouts liked let two Rangers with empty hands pass it back
                # and forth for thousands of moves (a game that never ended, issue 38)
                if self._estimate(v, a.seat) > self._estimate(v, seat) + FOCUS_GAIN:
                    out.append(a)
            elif isinstance(a, (Pass, FlipToken, GiveEnergy, UseZord, UseAbility)):
                out.append(a)
        if self.prune_idle:
            scored = [t for t in scored if t[0] > 0]
        scored.sort(key=lambda t: (-t[0], t[1]))
        out += [a for _, _, a in scored[: self.top_k]]
        return _unique(out)

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

    def __init__(self, search: int = SEARCH, top_k: int = TOP_K) -> None:
        super().__init__(search=search, top_k=top_k)
