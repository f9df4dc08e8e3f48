"""Heroes of the Grid: boss battles on their own, replayed with paired dice.

    python benchmarks/hotg_battle_bench.py [--seeds 40] [--seed-from 0] [--replays 2]
        [--set search.W_DEFEAT=4.0 ...] [--easier-deployments]

Whole games separate nothing under 3-4 wins in 40 (issue 15, AUDIT session 11), so this
measures what battle play controls directly. It plays the seat bot's games on the seeds,
keeps the state at the start of every boss battle (the Rangers' boss battles decide
whether the Command Center's energy lasts), then replays each start `--replays` times
with new dice (the state's seed replaced; the same seeds for both bots), once with the
default bot and once with `--set` applied (module or class attributes of
`tabletop_tui.games.hotg`: `search.W_DEFEAT=4.0`, `bot:HotgHeuristicBot.search_refine=6`).
Prints, per bot, Rita's cards taken and Rangers defeated a battle (a defeat that loses the
game counts as one) and the paired differences with one standard error. Nothing asserted.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.rng import Rng  # noqa: E402
from tabletop_tui.games.hotg.bot import HotgBot  # noqa: E402
from tabletop_tui.games.hotg.models import ALL_RANGERS, Config, State  # noqa: E402
from tabletop_tui.games.hotg.rules import HotgRules  # noqa: E402

RULES = HotgRules()


def boss_starts(config: Config, seed: int) -> list[State]:
    """The seat bot's game on `seed`; the state at the start of each boss battle."""
    bot = HotgBot()
    s = RULES.new_game(config, seed)
    out = []
    steps = 0
    while s.outcome is None and steps < 20_000:
        seat = next(iter(RULES.to_act(s)))
        a = bot.choose(
            RULES.view(s, seat), RULES.legal_actions(s, seat), seat, random.Random(steps)
        )
        before = s
        s, _ = RULES.apply(s, seat, a)
        if before.battle is None and s.battle is not None:
            here = next(lo for lo in before.locations if lo.id == s.battle.location)
            if before.boss in here.villains:
                out.append(s)
        steps += 1
    return out


def replay(s0: State, seed: int, cpu: list[float]) -> tuple[int, int]:
    """One boss battle from `s0` with the dice of `seed`: (Rita's cards taken, defeats)."""
    s = s0.model_copy(update={"rng": Rng(seed=seed)})
    bot = HotgBot()
    n = 0
    while s.outcome is None and s.battle is not None and n < 3000:
        seat = next(iter(RULES.to_act(s)))
        legal = RULES.legal_actions(s, seat)
        t = time.process_time()
        a = bot.choose(RULES.view(s, seat), legal, seat, random.Random(n))
        cpu.append(time.process_time() - t)
        s, _ = RULES.apply(s, seat, a)
        n += 1

    def cards(st: State) -> int:
        return sum(len(c) for d, c in st.enemy_discards if d == st.boss)

    lost = s.outcome is not None and not s.outcome.summary.startswith("The Rangers win")
    defeats = sum(p.defeats for p in s.players) - sum(p.defeats for p in s0.players)
    return cards(s) - cards(s0), defeats + lost


def apply_settings(settings: list[str]) -> list[tuple[object, str, object]]:
    """Set each `module.ATTR=value` (or `module:Class.ATTR=value`); returns the old values."""
    old = []
    for item in settings:
        key, value = item.split("=", 1)
        mod, attr = key.rsplit(".", 1)
        cls = None
        if ":" in mod:
            mod, cls = mod.split(":")
        obj = importlib.import_module("tabletop_tui.games.hotg." + mod)
        if cls:
            obj = getattr(obj, cls)
        if not hasattr(obj, attr):
            raise SystemExit(f"--set {item}: {key} does not exist")
        old.append((obj, attr, getattr(obj, attr)))
        setattr(obj, attr, json.loads(value))
    return old


def run(starts: list[State], replays: int) -> tuple[list[tuple[int, int]], list[float]]:
    cpu: list[float] = []
    rows = [
        replay(s, 1_000_003 * i + r + 7, cpu) for i, s in enumerate(starts) for r in range(replays)
    ]
    return rows, sorted(cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--seed-from", type=int, default=0)
    parser.add_argument("--replays", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], help="module.ATTR=json value")
    parser.add_argument("--easier-deployments", action="store_true")
    args = parser.parse_args()
    kw = {"heavy_deployments": False} if args.easier_deployments else {}
    config = Config(names=tuple(f"P{i + 1}" for i in range(4)), rangers=ALL_RANGERS[:4], **kw)
    starts = [
        s
        for seed in range(args.seed_from, args.seed_from + args.seeds)
        for s in boss_starts(config, seed)
    ]
    base, base_cpu = run(starts, args.replays)
    old = apply_settings(args.set)
    got, got_cpu = run(starts, args.replays)
    for obj, attr, value in old:
        setattr(obj, attr, value)
    n = max(1, len(base))

    def mean(v: list[float]) -> float:
        return sum(v) / max(1, len(v))

    def se(v: list[float]) -> float:
        m = mean(v)
        return math.sqrt(sum((x - m) ** 2 for x in v) / max(1, len(v) - 1) / max(1, len(v)))

    dc = [float(b[0] - a[0]) for a, b in zip(base, got, strict=True)]
    dd = [float(b[1] - a[1]) for a, b in zip(base, got, strict=True)]
    print(
        json.dumps(
            {
                "boss_battle_starts": len(starts),
                "replays": args.replays,
                "set": args.set,
                "default": {
                    "cards_a_battle": round(sum(a for a, _ in base) / n, 3),
                    "defeats_a_battle": round(sum(d for _, d in base) / n, 3),
                    "think_cpu_s_max": round(base_cpu[-1], 3) if base_cpu else 0.0,
                },
                "with_set": {
                    "cards_a_battle": round(sum(a for a, _ in got) / n, 3),
                    "defeats_a_battle": round(sum(d for _, d in got) / n, 3),
                    "think_cpu_s_max": round(got_cpu[-1], 3) if got_cpu else 0.0,
                },
                "paired_cards_diff": [round(mean(dc), 3), round(se(dc), 3)],
                "paired_defeats_diff": [round(mean(dd), 3), round(se(dd), 3)],
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
