"""How much stronger is each bot level than the one below it? Prints JSON.

    python benchmarks/bot_strength.py [--seeds 400] [--seed 0] [--games army-of-zero,...]
        [--workers 1]

For every two-player game (ZOOBOTZ with two players, Zeo 1v1) and every pair of adjacent
levels (random below easy, easy below normal, normal below hard), each seed is played twice
with the seats swapped, so a seat advantage cancels out. A level's win rate against the
level below is its wins over all those games; a draw counts half, an unfinished game
(200,000 actions) counts for neither. The goal (issue 38) is at least 60% for each level
over at least 400 seeds. Numbers are printed, never asserted; this is no test.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.selfplay import play_headless  # noqa: E402

TWO_PLAYER = ("army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg")
#: (lower, upper) seat kinds: each upper level against the level below
PAIRS = (("random", "bot:easy"), ("bot:easy", "bot:normal"), ("bot:normal", "bot:hard"))


def one(job: tuple[str, str, str, int]) -> tuple[float, bool, float]:
    """(the upper level's score in this game: 1, 0.5 or 0; finished; seconds)."""
    game, lower, upper, seed = job
    upper_seat = seed % 2
    kinds = [lower, lower]
    kinds[upper_seat] = upper
    result = play_headless(game, seed // 2, kinds)
    if result.outcome == "unfinished":
        return 0.0, False, result.ms / 1000
    if result.outcome == "draw":
        return 0.5, True, result.ms / 1000
    return float(upper_seat in result.winners), True, result.ms / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400, help="seeds per pair (2 games each)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default=",".join(TWO_PLAYER))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    report: dict = {"seeds": args.seeds, "seed": args.seed, "games": {}}
    for game in args.games.split(","):
        rows = {}
        for lower, upper in PAIRS:
            # game n: seed seed + n // 2, the upper level in seat n % 2
            jobs = [(game, lower, upper, 2 * args.seed + n) for n in range(2 * args.seeds)]
            if args.workers > 1:
                with get_context("fork").Pool(args.workers) as pool:
                    results = pool.map(one, jobs, chunksize=4)
            else:
                results = [one(job) for job in jobs]
            finished = [r for r in results if r[1]]
            score = sum(r[0] for r in finished)
            rows[f"{upper} vs {lower}"] = {
                "games": len(results),
                "win_rate": round(score / len(finished), 3) if finished else None,
                "unfinished": len(results) - len(finished),
                "max_game_s": round(max(r[2] for r in results), 2),
            }
            print(game, upper, "vs", lower, rows[f"{upper} vs {lower}"], file=sys.stderr)
        report["games"][game] = rows
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
