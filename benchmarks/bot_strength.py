"""How strong is the Army Of Zero heuristic bot? Prints JSON.

    python benchmarks/bot_strength.py [--games 400] [--seed 0]

Heuristic against random: the heuristic bot sits in seat 0 for the first half of the
seeds and in seat 1 for the second half, so any seat advantage cancels out. Heuristic
against heuristic: how often seat 0 wins (near 0.5 means the seats are fair).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.selfplay import run_many  # noqa: E402

GAME = "army-of-zero"


def against_random(games: int, seed: int) -> dict:
    half = games // 2
    wins = draws = unfinished = 0
    for bot_seat, start, count in ((0, seed, half), (1, seed + half, games - half)):
        kinds = ["random", "random"]
        kinds[bot_seat] = "heuristic"
        for result in run_many(GAME, count, start, kinds):
            wins += bot_seat in result.winners
            draws += result.outcome == "draw"
            unfinished += result.outcome == "unfinished"
    return {
        "games": games,
        "heuristic_wins": wins,
        "heuristic_win_rate": round(wins / games, 4),
        "draws": draws,
        "unfinished": unfinished,
    }


def mirror(games: int, seed: int) -> dict:
    seat0 = draws = unfinished = 0
    for result in run_many(GAME, games, seed, ["heuristic", "heuristic"]):
        seat0 += 0 in result.winners
        draws += result.outcome == "draw"
        unfinished += result.outcome == "unfinished"
    return {
        "games": games,
        "seat0_wins": seat0,
        "seat0_win_rate": round(seat0 / games, 4),
        "draws": draws,
        "unfinished": unfinished,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    report = {
        "game": GAME,
        "seed": args.seed,
        "heuristic_vs_random": against_random(args.games, args.seed),
        "heuristic_vs_heuristic": mirror(args.games, args.seed),
    }
    report["seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
