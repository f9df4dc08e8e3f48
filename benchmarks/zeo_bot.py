"""Zeo: the heuristic bot against RandomBot, and engine speed in a 2v2 game.

    python benchmarks/zeo_bot.py [--games 400] [--seed 0] [--workers 2] [--speed-games 20]

Plays `--games` 1v1 games of ZeoBot against RandomBot through the real rules engine, each
bot seeing only its View and the legal actions; even-numbered games give the bot the
Villain seat and odd-numbered ones the Hero seat, characters dealt at random (deal 2, pick
1). Prints the bot's win rate (goal: at least 70%). Then plays `--speed-games` 2v2 games of
RandomBot and measures engine actions per second (apply + legal_actions + to_act; goal:
at least 5,000/s). Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.bots import RandomBot, bot_rng  # noqa: E402
from tabletop_tui.games import get_rules  # noqa: E402
from tabletop_tui.games.zeo_dbg.bot import ZeoBot  # noqa: E402
from tabletop_tui.games.zeo_dbg.models import Config  # noqa: E402

GAME = "zeo-dbg"
STEP_BOUND = 20_000


def play(seed: int, bots: list, fmt: str = "1v1") -> tuple[int | None, int]:
    """One game: (winning team or None, actions played)."""
    rules = get_rules(GAME, unfinished=True)
    state = rules.new_game(Config(format=fmt), seed)
    step = 0
    while rules.outcome(state) is None and step < STEP_BOUND:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal, seat, bot_rng(seed, step, seat))
        state, _ = rules.apply(state, seat, action)
        step += 1
    out = rules.outcome(state)
    if out is None or not out.winners:
        return None, step
    return state.config.teams[out.winners[0]], step


def vs_random(seed: int) -> tuple[bool | None, int]:
    bot_team = seed % 2  # 0: the bot plays the Villains
    bots = [ZeoBot(), RandomBot()] if bot_team == 0 else [RandomBot(), ZeoBot()]
    winner, steps = play(seed, bots)
    return (None if winner is None else winner == bot_team), steps


def speed(games: int, seed: int) -> float:
    rules = get_rules(GAME, unfinished=True)
    bot = RandomBot()
    actions, spent = 0, 0.0
    for g in range(games):
        state = rules.new_game(Config(format="2v2"), seed + g)
        step = 0
        t0 = time.perf_counter()
        while rules.outcome(state) is None and step < STEP_BOUND:
            seat = min(rules.to_act(state))
            legal = rules.legal_actions(state, seat)
            action = bot.choose(None, legal, seat, bot_rng(seed + g, step, seat))
            state, _ = rules.apply(state, seat, action)
            step += 1
        spent += time.perf_counter() - t0
        actions += step
    return actions / spent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--speed-games", type=int, default=20)
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.time()
    with get_context("fork").Pool(args.workers) as pool:
        results = pool.map(vs_random, seeds, chunksize=10)
    wins = sum(1 for r, _ in results if r)
    unfinished = sum(1 for r, _ in results if r is None)
    rate = wins / len(results)
    as_villain = [r for s, (r, _) in zip(seeds, results, strict=True) if s % 2 == 0]
    as_hero = [r for s, (r, _) in zip(seeds, results, strict=True) if s % 2 == 1]
    print(
        f"heuristic vs random, {len(results)} 1v1 games: bot wins {rate:.1%} "
        f"(as Villains {sum(bool(r) for r in as_villain) / max(1, len(as_villain)):.1%}, "
        f"as Heroes {sum(bool(r) for r in as_hero) / max(1, len(as_hero)):.1%}; "
        f"unfinished/draws {unfinished}) in {time.time() - t0:.0f}s"
    )
    aps = speed(args.speed_games, args.seed) if args.speed_games else 0.0
    if args.speed_games:
        print(f"engine speed, {args.speed_games} random 2v2 games: {aps:,.0f} actions/s")
    print(
        json.dumps(
            {
                "games": len(results),
                "bot_win_rate": round(rate, 4),
                "unfinished": unfinished,
                "actions_per_s_2v2": round(aps),
            }
        )
    )


if __name__ == "__main__":
    main()
