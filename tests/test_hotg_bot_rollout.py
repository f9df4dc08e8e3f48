"""Issue 15, session 11: the Action Phase's plan chosen by short rollouts on the engine
(games/hotg/bot_rollout.py): the planner's best plans, the deployment deck's piles in the
sampled States, reproducible searches, and the bots' moves unchanged with it switched off."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from tabletop_tui.games.hotg import bot_rollout
from tabletop_tui.games.hotg.bot import HotgBot, HotgHeuristicBot
from tabletop_tui.games.hotg.bot_rollout import pile_deploy_deck, villain_piles
from tabletop_tui.games.hotg.models import Config, Move, Recover
from tabletop_tui.games.hotg.rules import HotgRules
from tabletop_tui.games.hotg.search import view_to_state

R = HotgRules()
MOVES = Path(__file__).parent / "data" / "hotg_bot_moves.json"


def _first_action_views(seed: int, rounds: int = 3) -> list:
    """The View at the first Action Phase decision of each of the first `rounds` rounds of
    a heuristic game (with the State it came from)."""
    bot = HotgHeuristicBot()
    s = R.new_game(Config(), seed)
    out: list = []
    seen: set[int] = set()
    k = 0
    while s.outcome is None and s.round <= rounds:
        seat = next(iter(R.to_act(s)))
        if s.phase == "action" and s.decision is None and s.round not in seen:
            seen.add(s.round)
            out.append((s, R.view(s, seat)))
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(k))
        s, _ = R.apply(s, seat, a)
        k += 1
    return out


def _moves(bot, seed: int) -> list[str]:
    s = R.new_game(Config(), seed)
    out: list[str] = []
    while s.outcome is None and len(out) < 5000:
        seat = next(iter(R.to_act(s)))
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(len(out)))
        out.append(f"{seat}:{a!r}")
        s, _ = R.apply(s, seat, a)
    return out


@pytest.mark.parametrize(
    "name", ["heuristic-0", "heuristic-1", "heuristic-2", "heuristic-3", "search-0", "search-1"]
)
def test_with_the_plan_rollouts_off_the_bots_play_the_moves_they_played_before(name):
    """The switch is off by default, and off it changes no move: the same action sequence
    as the code before it (recorded in tests/data/hotg_bot_moves.json)."""
    assert HotgHeuristicBot.plan_rollouts == 0 and HotgBot().plan_rollouts == 0
    want = json.loads(MOVES.read_text())[name]
    kind, seed = name.split("-")
    bot = HotgBot() if kind == "search" else HotgHeuristicBot()
    got = _moves(bot, int(seed))
    assert len(got) == want["actions"]
    assert hashlib.sha256("\n".join(got).encode()).hexdigest() == want["sha256"]


def test_the_planner_s_best_plans_are_distinct_and_the_first_is_its_plan():
    bot = HotgHeuristicBot()
    checked = 0
    for seed in (0, 1, 2):
        for _, v in _first_action_views(seed):
            plans = bot._team_plans(v, 5)
            value, plan = bot._team_plan(v)
            if plan is None:
                assert plans == []
                continue
            checked += 1
            assert plans[0] == (value, plan)
            assert len({p for _, p in plans}) == len(plans) >= 2
            assert all(t > 0 for t, _ in plans)
            rest = [t for t, _ in plans[1:]]
            assert rest == sorted(rest, reverse=True) and max(rest) <= value + 1e-9
            # one plan per shape: how many Rangers end at each location
            shaped = bot._team_plans(v, 5, shapes=True)
            assert shaped[0] == (value, plan)
            shapes = [bot._plan_shape(p) for _, p in shaped]
            assert len(set(shapes)) == len(shapes)
            assert all(t <= value + 1e-9 for t, _ in shaped)
    assert checked >= 3


def _pile_places(v) -> dict[int, set[int]]:
    """Where in the deck (0 = top) each pile's villain may be now: pile 1 = B, 2 = C,
    3 = D, six places each in the dealt deck, less the cards already revealed."""
    placed = 3 - len(villain_piles(v))
    drawn = v.round * v.deployments_per_round + placed
    return {q: {k - drawn for k in range(q * 6 - 1, q * 6 + 5) if k >= drawn} for q in (1, 2, 3)}


def test_the_sampled_deployment_deck_keeps_each_villain_in_its_pile():
    """Base rules §2.4: the deployment deck is dealt as piles A, B, C, D of five foot
    soldier cards with a monster shuffled into B and into C and the boss into D. The true
    deck of a game always fits the places the sampler may deal, and a sampled deck holds
    the same cards with every villain in those places."""
    checked = 0
    for seed in range(6):
        for s, v in _first_action_views(seed):
            pending = villain_piles(v)
            places = _pile_places(v)
            piles = sorted(q for _, q in pending)
            true = sorted(k for k, c in enumerate(s.deploy_deck) if c.kind != "fs")
            assert len(true) == len(piles)
            assert all(k in places[q] for k, q in zip(true, piles, strict=True))
            for k in range(4):
                base = view_to_state(v, random.Random(k))
                fixed = pile_deploy_deck(base, v, random.Random(k))
                assert sorted(map(repr, fixed.deploy_deck)) == sorted(map(repr, base.deploy_deck))
                assert R.view(fixed, 0) == R.view(base, 0)
                got = {c.enemy: i for i, c in enumerate(fixed.deploy_deck) if c.kind != "fs"}
                at = sorted(got.values())
                assert all(i in places[q] for i, q in zip(at, piles, strict=True))
                if v.boss in got:
                    assert got[v.boss] in places[3]
                checked += 1
    assert checked >= 20


def test_a_plan_search_is_the_same_for_the_same_board(monkeypatch):
    """Reproducible per seed (the step budget, not a clock): two bots searching the same
    View find the same means and pick the same plan."""
    monkeypatch.setattr(HotgHeuristicBot, "plan_rollouts", 2)
    monkeypatch.setattr(bot_rollout, "ROLLOUT_STEPS", 10**6)
    _, v = _first_action_views(1)[1]
    got = []
    for _ in range(2):
        bot = HotgHeuristicBot()
        pick = bot._rollout_pick(v)
        got.append((pick, bot.last_rollout))
    assert got[0] == got[1]
    means, samples, chosen = got[0][1]
    assert samples == 2 and len(means) >= 2
    assert (got[0][0] is None) == (chosen == 0)


def test_a_plan_search_stops_within_its_step_budget(monkeypatch):
    """Issue 15's 2 s a decision: with the budget spent by one sample, no second starts."""
    monkeypatch.setattr(HotgHeuristicBot, "plan_rollouts", 5)
    monkeypatch.setattr(bot_rollout, "ROLLOUT_STEPS", 1)
    _, v = _first_action_views(1)[1]
    bot = HotgHeuristicBot()
    bot._rollout_pick(v)
    assert bot.last_rollout[1] == 1


def test_a_chosen_plan_is_followed_for_the_rest_of_its_round():
    """Once a plan is fixed for the round, the Action Phase follows it: its first move
    sends a Ranger where that plan says; next round the plan is the planner's again."""
    bot = HotgHeuristicBot()
    tried = 0
    for seed in range(4):
        for _, v in _first_action_views(seed):
            v = v.model_copy(update={"hq_tokens": 0})  # no free RECOVER before the plan
            other = next((p for _, p in bot._team_plans(v, 6)[1:] if any(m for _, m in p)), None)
            if other is None:
                continue
            bot._fixed_plan = (v.round, tuple(loc for loc, _ in other))
            assert bot._plan_for(v) == (0.0, other)
            legal = R.legal_actions(view_to_state(v, random.Random(0)), v.focus)
            a = bot._action_phase(v, legal, v.focus)
            movers = {p.seat: loc for p, (loc, m) in zip(v.players, other, strict=True) if m}
            if isinstance(a, Recover) or (a.kind == "focus" and a.seat not in movers):
                # a step before any plan (a Ranger too weak to fight recovers first)
                assert a == HotgHeuristicBot()._action_phase(v, legal, v.focus)
                continue
            if a.kind == "focus":
                assert a.seat in movers
            else:
                assert a == Move(to=movers[v.focus])
            later = v.model_copy(update={"round": v.round + 1})
            assert bot._plan_for(later) == bot._team_plan(later)
            tried += 1
    assert tried >= 3


def test_an_action_phase_rollout_stops_where_the_deployment_phase_would_begin():
    """The short horizon ("action"): the same moves as the engine's own play up to the end
    of the Action Phase, then it stops, the round not yet over and no card deployed."""
    from tabletop_tui.games.hotg.bot_rollout import _rollout_action_phase
    from tabletop_tui.games.hotg.search import rollout_round

    class Recording(HotgHeuristicBot):
        def __init__(self):
            super().__init__()
            self.moves: list[str] = []

        def choose(self, view, legal, seat, rng):
            a = super().choose(view, legal, seat, rng)
            if len(legal) > 1:  # (the short rollout plays forced moves without asking)
                self.moves.append(repr(a))
            return a

    checked = 0
    for s, _ in _first_action_views(2):
        short, full = Recording(), Recording()
        end = _rollout_action_phase(s, short, random.Random(3))
        after = rollout_round(R, s, full, random.Random(3), s.round)
        if end.outcome is not None:
            continue
        assert end.phase == "deployment" and end.round == s.round
        assert end.deploy_deck == s.deploy_deck
        assert full.moves[: len(short.moves)] == short.moves
        assert after.round == s.round + 1 or after.outcome is not None
        assert after.deploy_deck != s.deploy_deck
        checked += 1
    assert checked >= 2


def test_a_plan_followed_for_its_moves_goes_back_to_the_planner_once_they_are_made(
    monkeypatch,
):
    monkeypatch.setattr(HotgHeuristicBot, "plan_follow", "moves")
    bot = HotgHeuristicBot()
    _, v = _first_action_views(1)[0]
    here = tuple(p.location if p.location != "hq" else None for p in v.players)
    bot._fixed_plan = (v.round, here)  # nobody left to move
    assert bot._plan_for(v) == bot._team_plan(v)
    assert bot._fixed_plan is None
    monkeypatch.setattr(HotgHeuristicBot, "plan_follow", "round")
    bot._fixed_plan = (v.round, here)
    assert bot._plan_for(v) == (0.0, tuple((loc, 0) for loc in here))


def test_a_round_style_holds_for_its_round_only(monkeypatch):
    """A style (planner switches) picked by the rollouts is the bot's for that round; the
    search runs once a round, and the next round starts from the default switches."""
    monkeypatch.setattr(HotgHeuristicBot, "plan_rollouts", 2)
    monkeypatch.setattr(HotgHeuristicBot, "plan_styles", ((("risk_w", 80.0),),))
    bot = HotgHeuristicBot()
    asked: list[int] = []

    def pick(v, cands, which=1):
        asked.append(len(cands))
        return cands[which]

    monkeypatch.setattr(bot, "_rollout_best", pick)
    _, v = _first_action_views(1)[1]
    bot._round_style(v)
    assert bot.risk_w == 80.0 and asked == [2]
    bot._round_style(v)
    assert asked == [2]  # once a round
    monkeypatch.setattr(bot, "_rollout_best", lambda v, cands: pick(v, cands, 0))
    bot._round_style(v.model_copy(update={"round": v.round + 1}))
    assert asked == [2, 2]
    assert bot.risk_w == HotgHeuristicBot.risk_w == 40.0
