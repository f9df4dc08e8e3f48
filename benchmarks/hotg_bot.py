"""Heroes of the Grid: the cooperative bot's win rate and the engine's speed.

    python benchmarks/hotg_bot.py [--seeds 200] [--rangers 4] [--speed-seconds 5]

1. Win rate: every seat played by HotgBot in standard 4-Ranger games (4 players, Rita
   Repulsa, 2 random monsters), one game per seed; prints wins, losses by cause and the
   average number of rounds (goal: >= 25% wins).
2. Engine speed in bot-played 4-Ranger games: actions/s counting only the engine's time
   (new_game + to_act + legal_actions + apply; the bot's thinking and its view() are not
   counted), goal >= 3,000/s; the apply-only rate too. Printed as JSON; nothing asserted.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.games.hotg.bot import HotgBot  # noqa: E402
from tabletop_tui.games.hotg.models import ALL_RANGERS, Config  # noqa: E402
from tabletop_tui.games.hotg.rules import HotgRules  # noqa: E402


def bot_game(rules: HotgRules, config: Config, seed: int) -> tuple[str, int, int]:
    bot = HotgBot()
    state = rules.new_game(config, seed)
    steps = 0
    while state.outcome is None and steps < 20_000:
        seat = next(iter(rules.to_act(state)))
        action = bot.choose(
            rules.view(state, seat), rules.legal_actions(state, seat), seat, random.Random(steps)
        )
        state, _ = rules.apply(state, seat, action)
        steps += 1
    summary = state.outcome.summary if state.outcome else "unfinished"
    return summary, state.round, steps


def win_rate(seeds: int, rangers: int) -> dict:
    rules = HotgRules()
    config = Config(names=tuple(f"P{i + 1}" for i in range(rangers)), rangers=ALL_RANGERS[:rangers])
    causes: collections.Counter[str] = collections.Counter()
    rounds = 0
    wins = 0
    t0 = time.perf_counter()
    for seed in range(seeds):
        summary, rnd, _ = bot_game(rules, config, seed)
        rounds += rnd
        if summary.startswith("The Rangers win"):
            wins += 1
        causes[summary.split(". ", 1)[-1][:60]] += 1
    return {
        "games": seeds,
        "wins": wins,
        "win_rate": round(wins / seeds, 3),
        "goal": 0.25,
        "avg_rounds": round(rounds / seeds, 2),
        "endings": dict(causes.most_common()),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def speed(seconds: float) -> dict:
    """Engine time only (new_game, to_act, legal_actions, apply) in bot-played 4-Ranger games."""
    rules = HotgRules()
    config = Config()
    bot = HotgBot()
    clock = time.perf_counter
    actions = 0
    engine = 0.0
    applying = 0.0
    seed = 0
    while engine < seconds:
        t = clock()
        state = rules.new_game(config, seed)
        engine += clock() - t
        seed += 1
        while state.outcome is None and actions < 10**7:
            t = clock()
            seat = next(iter(rules.to_act(state)))
            legal = rules.legal_actions(state, seat)
            engine += clock() - t
            action = bot.choose(rules.view(state, seat), legal, seat, random.Random(actions))
            t = clock()
            state, _ = rules.apply(state, seat, action)
            dt = clock() - t
            engine += dt
            applying += dt
            actions += 1
    return {
        "games": seed,
        "actions": actions,
        "actions_per_s": round(actions / engine),
        "apply_only_per_s": round(actions / applying),
        "goal": 3000,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--rangers", type=int, default=4)
    parser.add_argument("--speed-seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(json.dumps({"speed": speed(args.speed_seconds)}, indent=2))
    print(json.dumps({"bot": win_rate(args.seeds, args.rangers)}, indent=2))


if __name__ == "__main__":
    main()
