"""Zeo: how long do bot-against-bot games last? Prints the median length in turns.

    python benchmarks/zeo_length.py [--games 100] [--seed 0] [--format 1v1]
        [--bots bot:normal,bot:normal] [--bot-class module:Class]

Plays `--games` games through the real rules engine, each seat a bot from the registry
(`--bots`, the seat kinds of `selfplay`) or, with `--bot-class`, every seat an instance of
that class (to measure an older bot kept in a file). A turn is one player's turn (State.turn
at the end), so a 1v1 game of 27 turns gave the Villains 14 and the Heroes 13. Games cut off
at 20,000 actions count as unfinished and are left out of the median.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.bots import bot_rng  # noqa: E402
from tabletop_tui.games import get_rules, make_bot  # noqa: E402
from tabletop_tui.games.zeo_dbg.models import Config  # noqa: E402

GAME = "zeo-dbg"
STEP_BOUND = 20_000


def load_class(spec: str):
    """`path/to/file.py:Class` or `package.module:Class`."""
    where, _, name = spec.partition(":")
    if where.endswith(".py"):
        loaded = importlib.util.spec_from_file_location("zeo_bot_under_test", where)
        module = importlib.util.module_from_spec(loaded)
        sys.modules["zeo_bot_under_test"] = module
        loaded.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    return getattr(module, name)


def play(seed: int, bots: list, fmt: str) -> tuple[int | None, int, tuple[int, int]]:
    """One game: (turns or None if unfinished, actions, final HP of Villains and Heroes)."""
    rules = get_rules(GAME)
    state = rules.new_game(Config(format=fmt), seed)
    step = 0
    while rules.outcome(state) is None and step < STEP_BOUND:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal, seat, bot_rng(seed, step, seat))
        state, _ = rules.apply(state, seat, action)
        step += 1
    hp = (state.teams[0].hp, state.teams[1].hp)
    return (state.turn if rules.outcome(state) is not None else None), step, hp


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--format", default="1v1", choices=["1v1", "2v1", "2v2"])
    ap.add_argument("--bots", default="bot:normal,bot:normal")
    ap.add_argument("--bot-class", default=None)
    args = ap.parse_args()
    seats = {"1v1": 2, "2v1": 3, "2v2": 4}[args.format]
    started = time.perf_counter()
    turns, actions = [], []
    unfinished = 0
    for seed in range(args.seed, args.seed + args.games):
        if args.bot_class:
            cls = load_class(args.bot_class)
            bots = [cls() for _ in range(seats)]
        else:
            kinds = args.bots.split(",")  # repeated round the table when shorter
            bots = [make_bot(GAME, kinds[i % len(kinds)]) for i in range(seats)]
        t, n, _ = play(seed, bots, args.format)
        actions.append(n)
        if t is None:
            unfinished += 1
        else:
            turns.append(t)
    print(
        json.dumps(
            {
                "games": args.games,
                "format": args.format,
                "bots": args.bot_class or args.bots,
                "median_turns": statistics.median(turns) if turns else None,
                "mean_turns": round(statistics.mean(turns), 1) if turns else None,
                "max_turns": max(turns) if turns else None,
                "median_actions": statistics.median(actions),
                "unfinished": unfinished,
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
