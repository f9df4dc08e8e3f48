"""ZOOBOTZ engine speed: actions per second in seeded random games (goal: >= 5,000 at 4 players).

    python benchmarks/zoobotz_speed.py [--players 4] [--seconds 5]

Each step is what a random player costs the engine: to_act + legal_actions + apply (as in
benchmarks/run.py); the apply-only rate and the rate with a view() per step (what a bot or
the screen adds) are printed too, as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.games import get_rules  # noqa: E402
from tabletop_tui.games.zoobotz.models import Config  # noqa: E402

GOAL = 5_000


def playout(rules, config, seed: int, with_view: bool) -> tuple[int, float, float]:
    rng = random.Random(seed)
    clock = time.perf_counter
    start = clock()
    state = rules.new_game(config, seed)
    applying = 0.0
    actions = 0
    while actions < 20_000:
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = rules.legal_actions(state, seat)
        if with_view:
            rules.view(state, seat)
        action = legal[rng.randrange(len(legal))]
        t = clock()
        state, _ = rules.apply(state, seat, action)
        applying += clock() - t
        actions += 1
    return actions, clock() - start, applying


def measure(players: int, seconds: float, with_view: bool) -> dict:
    rules = get_rules("zoobotz", unfinished=True)
    config = Config(names=tuple(f"P{i + 1}" for i in range(players)))
    actions = games = 0
    total = applying = 0.0
    while total < seconds:
        n, dt, da = playout(rules, config, games, with_view)
        actions, total, applying, games = actions + n, total + dt, applying + da, games + 1
    return {
        "players": players,
        "playouts": games,
        "actions": actions,
        "actions_per_game": round(actions / games, 1),
        "actions_per_s": round(actions / total),
        "apply_only_actions_per_s": round(actions / applying),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    result = measure(args.players, args.seconds, with_view=False)
    result["goal_actions_per_s_min"] = GOAL
    result["meets_goal"] = result["actions_per_s"] >= GOAL
    result["with_view_per_step"] = measure(args.players, args.seconds / 2, with_view=True)[
        "actions_per_s"
    ]
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
