"""Zeo balance: how often the Heroes win between heuristic bots, in 1v1, 2v1 and 2v2.

    python benchmarks/zeo_balance.py [--games 1000] [--seed 0] [--workers 2]
                                     [--formats 1v1,2v1,2v1-villains,2v2]
                                     [--write card_data/zeo-dbg/BALANCE.md]

Every seat is a ZeoBot (seeing only its View and legal actions); characters are dealt at
random (deal 2, pick 1). Target: each team wins 40%-60% of the games in each format.
Also prints each character's win rate and the mean game length. Numbers are printed (and
written with --write), never asserted.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections import defaultdict
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.bots import bot_rng  # noqa: E402
from tabletop_tui.games import get_rules  # noqa: E402
from tabletop_tui.games.zeo_dbg.bot import ZeoBot  # noqa: E402
from tabletop_tui.games.zeo_dbg.models import Config  # noqa: E402

GAME = "zeo-dbg"
STEP_BOUND = 20_000


def play(job: tuple[str, int]) -> dict:
    fmt, seed = job
    rules = get_rules(GAME, unfinished=True)
    # "2v1" has a lone Hero, "2v1-villains" a lone Villain
    base, _, lone = fmt.partition("-")
    state = rules.new_game(Config(format=base, lone=lone or "heroes"), seed)
    bot = ZeoBot()
    step = 0
    while rules.outcome(state) is None and step < STEP_BOUND:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = bot.choose(rules.view(state, seat), legal, seat, bot_rng(seed, step, seat))
        state, _ = rules.apply(state, seat, action)
        step += 1
    out = rules.outcome(state)
    winner = None if out is None or not out.winners else state.config.teams[out.winners[0]]
    return {
        "fmt": fmt,
        "winner": winner,
        "turns": state.turn,
        "steps": step,
        "chars": [p.character for p in state.players],
        "teams": list(state.config.teams),
        "by_deck": out is not None and "main deck" in out.summary,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--formats", default="1v1,2v1,2v1-villains,2v2")
    ap.add_argument("--write", default="")
    args = ap.parse_args()
    jobs = [(fmt, args.seed + i) for fmt in args.formats.split(",") for i in range(args.games)]
    t0 = time.time()
    with get_context("fork").Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=10)
    rows = []
    summary = {}
    for fmt in args.formats.split(","):
        rs = [r for r in results if r["fmt"] == fmt]
        heroes = sum(r["winner"] == 1 for r in rs)
        draws = sum(r["winner"] is None for r in rs)
        turns = sum(r["turns"] for r in rs) / len(rs)
        deck = sum(r["by_deck"] for r in rs)
        rate = heroes / len(rs)
        summary[fmt] = {
            "games": len(rs),
            "hero_win_rate": round(rate, 4),
            "draws": draws,
            "mean_turns": round(turns, 1),
            "ended_by_main_deck": deck,
        }
        rows.append(
            f"| {fmt} | {len(rs)} | {rate:.1%} | {1 - rate - draws / len(rs):.1%} | "
            f"{draws} | {turns:.1f} | {deck} | "
            f"{'yes' if 0.40 <= rate <= 0.60 and 0.40 <= 1 - rate - draws / len(rs) else 'no'} |"
        )
    per_char: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        for c, t in zip(r["chars"], r["teams"], strict=True):
            per_char[c][1] += 1
            per_char[c][0] += r["winner"] == t
    table = [
        "| format | games | Heroes win | Villains win | draws | mean turns | "
        "ended by main deck | in 40-60% |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    chars = ["| character | games | win rate |", "|---|---|---|"] + [
        f"| {c} | {n} | {w / n:.1%} |" for c, (w, n) in sorted(per_char.items())
    ]
    print("\n".join(table))
    print()
    print("\n".join(chars))
    print(json.dumps(summary))
    print(f"({time.time() - t0:.0f}s)")
    if args.write:
        text = (
            "# Zeo balance (heuristic bot vs heuristic bot)\n\n"
            f"Measured {dt.date.today().isoformat()} with `python benchmarks/zeo_balance.py "
            f"--games {args.games} --seed {args.seed}`: every seat a ZeoBot, characters dealt "
            "at random (deal 2, pick 1), Villains first as the rulebook says (2v1: a lone "
            "Hero, 2v1-villains: a lone Villain). Target: each team wins 40%-60% in each "
            "format.\n\n" + "\n".join(table) + "\n\n## Per character\n\n" + "\n".join(chars) + "\n"
        )
        Path(args.write).write_text(text, "utf-8")


if __name__ == "__main__":
    main()
