"""Key presses a round costs at one keyboard: every game played hot-seat through its screen.

Each game is played to its end by the suite's key-only driver (tests/ui/helpers.py
`play_to_end`: the same choices a player's keys make), and every press is counted by the
screen it went to: a curtain, a reveal, a recap, or the table (a decision). Prints the
presses per round so a change to the flow shows what it saved. Numbers, not a test:

    .venv/bin/python benchmarks/hotseat_presses.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("TABLETOP_TUI_HOME", tempfile.mkdtemp(prefix="presses-"))

from ui.helpers import play_to_end, screen_name  # noqa: E402

from tabletop_tui.engine.match import SeatSpec  # noqa: E402
from tabletop_tui.ui.app import TabletopApp  # noqa: E402

#: (label, game, seat names, config, what a round is, how many there were)
GAMES = [
    ("Army Of Zero", "army-of-zero", ["Ann", "Bob"], {}, "exchange"),
    ("PR CCG 2008", "pr-ccg-2008", ["Ann", "Bob"], {}, "round"),
    ("ZOOBOTZ", "zoobotz", ["Ann", "Bob"], {}, "turn"),
    ("Zeo 1v1", "zeo-dbg", ["Ann", "Bob"], {}, "turn"),
    ("HotG Mastermind", "hotg", ["Ann", "Max"], {"mode": "mastermind"}, "round"),
]

KINDS = {"CurtainScreen": "curtain", "RevealScreen": "reveal", "RecapScreen": "recap"}


def rounds(game: str, match) -> int:
    """How many rounds the game took, in the game's own unit."""
    view = match.view(None)
    if game == "army-of-zero":
        return sum(1 for e in match.log_lines() if e.kind == "reveal" and "cards" in e.data)
    if game == "pr-ccg-2008":
        return view.round
    if game in ("zoobotz", "zeo-dbg"):
        return view.turn
    return getattr(view, "round", 1)


async def one(game: str, names: list[str], config: dict, seed: int) -> tuple[Counter, int]:
    app = TabletopApp(
        game=game,
        seats=[SeatSpec(name=n) for n in names],
        seed=seed,
        bot_delay=0,
        autosave=False,
        config=config,
    )
    counts: Counter = Counter()
    async with app.run_test(size=(120, 40)) as pilot:
        press = pilot.press

        async def counted(*keys: str) -> None:
            counts[KINDS.get(screen_name(app), "decision")] += len(keys)
            await press(*keys)

        pilot.press = counted  # type: ignore[method-assign]
        for _ in range(5):
            await pilot.pause()
        await play_to_end(pilot, limit=20000)
        screen = next(s for s in reversed(app.screen_stack) if hasattr(s, "match"))
        return counts, rounds(game, screen.match)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these game ids")
    args = parser.parse_args()
    print(f"{'game':<17} {'unit':<9} {'rounds':>6} {'presses':>8} {'/round':>7}  by screen")
    for label, game, names, config, unit in GAMES:
        if args.game and game not in args.game:
            continue
        total: Counter = Counter()
        played = 0
        for seed in range(1, args.seeds + 1):
            counts, n = asyncio.run(one(game, names, config, seed))
            total += counts
            played += n
        presses = sum(total.values())
        per = presses / max(played, 1)
        parts = " ".join(f"{k} {v / max(played, 1):.2f}" for k, v in sorted(total.items()))
        print(f"{label:<17} {unit:<9} {played:>6} {presses:>8} {per:>7.2f}  {parts}")


if __name__ == "__main__":
    main()
