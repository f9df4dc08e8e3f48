"""Startup as a player sees it: wall time from starting the command in a real terminal
(a tmux pane) until its content is on the screen, bare Textual app and ours alternating.

`benchmarks/run.py` times the first frame inside the process (headless, the frame handed to
the driver); a player also waits for the interpreter, the terminal's set-up and the frame's
trip through the pty. Here each run starts a fresh tmux session with the command, then reads
the pane every few milliseconds until a marker only the finished first screen shows is there.

    python benchmarks/first_frame_tmux.py [--runs N] [--size 120x40] [--only launcher,hotg]

Prints one JSON document: medians per target, the ratio of each to the bare app's median in
the same run, and the budgets of issue 36 (launcher <= 1.2x, each game screen <= 1.5x).
Never asserted in tests: a shared machine's load moves wall times.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGETS = {"launcher": 1.2, "game": 1.5}

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello from a bare Textual app")
        yield Footer()


Bare().run()
"""

#: what each game's first screen shows only once it is drawn (a seat's own table)
GAME_MARKERS = {
    "army-of-zero": "Order your squad",
    "pr-ccg-2008": "choose a card",
    "zoobotz": "Starting hand",
    "zeo-dbg": "Dealt to you",
    "hotg": "Deployment deck",
}


def _command(target: str) -> tuple[str, str]:
    """(the shell command, the marker its finished first screen shows)."""
    python = shlex.quote(sys.executable)
    if target == "bare":
        return f"{python} -c {shlex.quote(BARE_APP)}", "Hello from a bare Textual app"
    if target == "launcher":
        return f"{python} -m tabletop_tui", "Army Of Zero"
    seats = "--names Alice,Bob --seats human,bot --seed 1"
    return f"{python} -m tabletop_tui play {target} {seats}", GAME_MARKERS[target]


def _pane(name: str) -> str:
    done = subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True
    )
    return done.stdout


def first_screen_seconds(target: str, size: tuple[int, int], home: str) -> float:
    """Seconds from starting the command in a new tmux pane to its marker on screen."""
    command, marker = _command(target)
    name = f"ffbench{os.getpid()}"
    env = f"TERM=xterm-256color TABLETOP_TUI_HOME={shlex.quote(home)} "
    env += f"PYTHONPATH={shlex.quote(str(ROOT))} "
    # The warm-up run writes the .pyc files an installed copy has: with this set (tmux's
    # server passes on its own environment, often with it), each run would compile again
    # every module edited since its .pyc was written (as benchmarks/run.py does too)
    unset = "unset PYTHONDONTWRITEBYTECODE && "
    shell = f"cd {shlex.quote(str(ROOT))} && {unset}{env}{command}"
    start = time.perf_counter()
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]), shell],
        check=True,
    )
    try:
        deadline = start + 30
        while time.perf_counter() < deadline:
            if marker in _pane(name):
                return time.perf_counter() - start
            time.sleep(0.004)
        raise RuntimeError(f"{target}: '{marker}' never showed:\n{_pane(name)}")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def run(targets: list[str], runs: int, size: tuple[int, int]) -> dict:
    times: dict[str, list[float]] = {t: [] for t in ["bare", *targets]}
    with tempfile.TemporaryDirectory() as home:
        for target in times:  # warm the file cache and the .pyc files
            first_screen_seconds(target, size, home)
        for _ in range(runs):  # alternating, so each sees the same load
            for target in times:
                times[target].append(first_screen_seconds(target, size, home))
    bare = statistics.median(times["bare"])
    report: dict = {
        "what": "wall seconds from starting the command in a tmux pane to its first screen "
        "on the pane, medians; ratio = median / bare Textual app's median in the same run",
        "size": f"{size[0]}x{size[1]}",
        "runs": runs,
        "bare_s": round(bare, 3),
        "targets": {},
    }
    for target in targets:
        median = statistics.median(times[target])
        budget = BUDGETS["launcher" if target == "launcher" else "game"]
        report["targets"][target] = {
            "median_s": round(median, 3),
            "ratio": round(median / bare, 2),
            "budget": budget,
            "within": median / bare <= budget,
            "runs_s": [round(t, 3) for t in times[target]],
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--only", default="", help="comma-separated: launcher and game ids")
    args = parser.parse_args(argv)
    if shutil.which("tmux") is None:
        print(json.dumps({"error": "tmux is not installed"}))
        return 1
    targets = ["launcher", *GAME_MARKERS]
    if args.only:
        targets = [t for t in args.only.split(",") if t]
    cols, rows = (int(x) for x in args.size.split("x"))
    print(json.dumps(run(targets, args.runs, (cols, rows)), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
