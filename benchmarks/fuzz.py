"""Fuzzing figures: `python benchmarks/fuzz.py` prints one JSON document.

The long form of tests/test_properties.py, as a plain loop: the same random games
(`fuzz_game` in tests/conformance.py: a random configuration and style of play per seed),
each checked for the legal-play invariants (state contract, undo, save/load/replay) and
bombarded with illegal actions (numbers out of range, swapped ids, other games' actions,
stale actions, wrong seats). Games go round-robin over the registry, seeds counting up
from --seed, until --seconds or --games runs out.

Printed: games, actions, mutations (illegal actions tried, each refused with the state
unchanged), undos, saves, failures, per game, and for each failure the game, seed and
error. Reproduce one with `--only GAME --seed SEED --games 1`.

Options: --seconds S (default 60), --games N (total, default unlimited), --seed K
(first seed, default 0), --only id[,id...].
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
import traceback
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from conformance import FuzzCounts, fuzz_game  # noqa: E402

from tabletop_tui.games import engine_ids, get_rules  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=0, help="stop after this many (0: no cap)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    args = parser.parse_args(argv)
    ids = [g for g in args.only.split(",") if g] or engine_ids()
    rules = {g: get_rules(g, unfinished=True) for g in ids}
    unknown = [g for g, r in rules.items() if r is None]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    per_game = {g: FuzzCounts() for g in ids}
    failures: list[dict] = []
    started = time.perf_counter()
    seed, played = args.seed, 0
    with tempfile.TemporaryDirectory() as folder:
        while time.perf_counter() - started < args.seconds and (
            not args.games or played < args.games
        ):
            game_id = ids[played % len(ids)]
            counts = per_game[game_id]
            try:
                fuzz_game(rules[game_id], seed, Path(folder), counts)
            except Exception as exc:  # a failure is a finding: record it and go on
                last = traceback.extract_tb(exc.__traceback__)[-1]
                failures.append(
                    {
                        "game": game_id,
                        "seed": seed,
                        "error": f"{type(exc).__name__}: {str(exc).splitlines()[0][:300]}",
                        "at": f"{Path(last.filename).name}:{last.lineno}",
                    }
                )
            played += 1
            if played % len(ids) == 0:
                seed += 1
    seconds = time.perf_counter() - started
    total = FuzzCounts()
    for counts in per_game.values():
        for key, value in asdict(counts).items():
            setattr(total, key, getattr(total, key) + value)
    report = {
        **asdict(total),
        "failures": len(failures),
        "seconds": round(seconds, 1),
        "seeds": [args.seed, seed],
        "per_game": {g: asdict(c) for g, c in per_game.items()},
        "failed": failures,
        "python": platform.python_version(),
    }
    print(json.dumps(report, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
