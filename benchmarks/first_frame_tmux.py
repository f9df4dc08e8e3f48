"""Startup as a player sees it: wall time from starting the command in a real terminal
(a tmux pane) until its content is on the screen, bare Textual app and ours alternating.

`benchmarks/run.py` times the first frame inside the process (headless, the frame handed to
the driver); a player also waits for the interpreter, the terminal's set-up and the frame's
trip through the pty. Here each run opens a pane in a tmux server of this benchmark's own,
starts the command in it and follows what the pane receives until a marker only the
finished first screen shows has arrived:

    python benchmarks/first_frame_tmux.py [--runs N] [--size 120x40] [--only launcher,hotg]
        [--floor]

`--floor` also times, for each game, the bare app after the engine work every screen of
that game needs (FLOOR_APP): the least ratio a screen of that game can reach.

Like with like: both are started as a player starts them, the same interpreter running a
script file: the bare app from a file, ours through the `tabletop-tui` console script of
this interpreter's environment (`--via module` runs `python -m tabletop_tui` instead).

How the pane is followed matters on a shared two-core machine. Reading the pane every few
ms with `tmux capture-pane` started a tmux client per look (1.6 ms CPU each, ~60 of them
in a 250 ms start), CPU taken from the app being timed, the longer start paying more; a
tmux control-mode client
instead is told each piece of output as the pane gets it (`%output`), so nothing polls.
A server of our own (`tmux -L`) is started once, with `-f /dev/null` and the environment
given here: a start never pays for a server starting, and no other user's server is
involved. A server's environment goes to its panes: the shared server here holds
PYTHONDONTWRITEBYTECODE=1, with which every module edited since its .pyc was written is
compiled again at each start (launcher 1.02x -> 1.12x of the bare app with ten such
modules, 5 runs, Dec 2026); it is left out, as an installed copy has its .pyc files.

Measured Dec 7 2026 (`--runs 9 --floor`, 120x40, load 0.8-0.9 on two cores; bare app
0.237 s). The screen's own share is the game's ratio less its floor:

| target | launcher | Army Of Zero | PR CCG | ZOOBOTZ | Zeo | Heroes of the Grid |
|---|---|---|---|---|---|---|
| ratio (budget 1.2 / 1.5) | 1.11 | 1.57 | 1.49 | 1.59 | 1.74 | 1.72 |
| floor: engine work only | - | 1.25 | 1.29 | 1.28 | 1.33 | 1.36 |
| the screen's share | - | 0.32 | 0.20 | 0.31 | 0.41 | 0.36 |

Of each floor, pydantic's import alone is about 0.29 of the bare app (a bare app that
imports pydantic and defines one model: 1.29, 9 runs). Even PR CCG's screen, the cheapest
here (0.20), would leave Zeo at 1.53 and Heroes of the Grid at 1.56.

Prints one JSON document: medians per target, the ratio of each to the bare app's median in
the same run, the budgets of issue 36 (launcher <= 1.2x, each game screen <= 1.5x), the
commands, and the load average before and after. Never asserted in tests: a shared
machine's load moves wall times.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import select
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
BARE_MARKER = "Hello from a bare Textual app"

#: `--floor`: the bare app, after doing the engine work no screen of a game can skip (pydantic
#: and the game's rules imported, the game dealt, the first seat's View made, as `play` does
#: for the first seat). Its ratio to the bare app is the least any screen of that game can
#: reach with this engine, however cheap the screen; what a screen costs is the rest.
FLOOR_APP = (
    """
import sys
from tabletop_tui.engine.match import deal
from tabletop_tui.games import get_rules

rules = get_rules(sys.argv[1])
config = rules.config_type(names=("Alice", "Bob"))
dealt = deal(rules, config, 1)
view = rules.view(dealt.state, 0)
"""
    + BARE_APP
)
LAUNCHER_MARKER = "Army Of Zero"
#: tmux's control mode writes a pane's output with bytes below 32 and backslashes as \ooo
_OCTAL = re.compile(rb"\\([0-7]{3})")


def console_script() -> Path:
    """The `tabletop-tui` script installed beside this interpreter (a venv's bin/)."""
    return Path(sys.executable).parent / "tabletop-tui"


def _command(target: str, via: str, bare_file: Path) -> tuple[str, str]:
    """(the shell command, the marker its finished first screen shows)."""
    python = shlex.quote(sys.executable)
    if target == "bare":
        return f"{python} {shlex.quote(str(bare_file))}", BARE_MARKER
    if target.startswith("floor:"):
        floor_file = shlex.quote(str(bare_file.with_name("floor_app.py")))
        return f"{python} {floor_file} {target.partition(':')[2]}", BARE_MARKER
    ours = f"{python} -m tabletop_tui" if via == "module" else shlex.quote(str(console_script()))
    if target == "launcher":
        return ours, LAUNCHER_MARKER
    seats = "--names Alice,Bob --seats human,bot --seed 1"
    return f"{ours} play {target} {seats}", GAME_MARKERS[target]


class Terminal:
    """A tmux server of this run's own; each start gets a new window followed by a control
    client, so the time a frame arrives is read from tmux's notices, not by polling."""

    def __init__(self, size: tuple[int, int], env: dict[str, str]):
        self.socket = f"ffbench{os.getpid()}"
        self.size = size
        self.env = env
        self._tmux("-f", "/dev/null", "new-session", "-d", "-s", "hold", "sleep 100000")

    def _tmux(self, *args: str) -> None:
        subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, env=self.env, capture_output=True
        )

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)

    def first_screen_seconds(self, shell: str, marker: str, timeout: float = 30) -> float:
        """Seconds from starting `shell` in a new pane to `marker` arriving on it."""
        name = f"run{time.monotonic_ns()}"
        cols, rows = self.size
        # the pane's shell waits until the control client is following it
        held = f"tmux -L {self.socket} wait-for {name}; {shell}"
        self._tmux("new-session", "-d", "-s", name, "-x", str(cols), "-y", str(rows), held)
        client = subprocess.Popen(
            ["tmux", "-L", self.socket, "-C", "attach-session", "-t", name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=self.env,
            bufsize=0,
        )
        assert client.stdin is not None and client.stdout is not None
        lines = _Lines(client.stdout.fileno(), time.monotonic() + timeout)
        try:
            while not lines.next().startswith(b"%end"):  # attached
                pass
            start = time.perf_counter()
            client.stdin.write(f"wait-for -S {name}\n".encode())
            seen = b""
            wanted = marker.encode()
            while True:
                line = lines.next()
                if line.startswith(b"%output "):
                    data = line.split(b" ", 2)[2]
                    seen = (seen + _OCTAL.sub(lambda m: bytes([int(m[1], 8)]), data))[-65536:]
                    if wanted in seen:
                        return time.perf_counter() - start
        finally:
            client.kill()
            client.wait()
            subprocess.run(
                ["tmux", "-L", self.socket, "kill-session", "-t", name], capture_output=True
            )


class _Lines:
    """Lines read from a pipe as they arrive, until a deadline."""

    def __init__(self, fd: int, deadline: float):
        self.fd = fd
        self.deadline = deadline
        self.buffer = b""

    def next(self) -> bytes:
        while b"\n" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise RuntimeError(f"nothing arrived in time (last: {self.buffer[-200:]!r})")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise RuntimeError("the tmux control client ended")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line


def run(targets: list[str], runs: int, size: tuple[int, int], via: str = "script") -> dict:
    times: dict[str, list[float]] = {t: [] for t in ["bare", *targets]}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as home:
        bare_file = Path(home) / "bare_app.py"
        bare_file.write_text(BARE_APP)
        bare_file.with_name("floor_app.py").write_text(FLOOR_APP)
        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        # The warm-up run writes the .pyc files an installed copy has: with this set, each
        # run would compile again every module edited since its .pyc was written
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(TERM="xterm-256color", TABLETOP_TUI_HOME=home, PYTHONPATH=str(ROOT))
        commands = {t: _command(t, via, bare_file) for t in times}
        shells = {t: f"cd {shlex.quote(str(ROOT))} && exec {c}" for t, (c, _) in commands.items()}
        terminal = Terminal(size, env)
        try:
            for target in times:  # warm the file cache and the .pyc files
                terminal.first_screen_seconds(shells[target], commands[target][1])
            for _ in range(runs):  # alternating, so each sees the same load
                for target in times:
                    seconds = terminal.first_screen_seconds(shells[target], commands[target][1])
                    times[target].append(seconds)
        finally:
            terminal.close()
    bare = statistics.median(times["bare"])
    report: dict = {
        "what": "wall seconds from starting the command in a tmux pane to its first screen "
        "arriving on the pane, medians; ratio = median / bare Textual app's median in the "
        "same run",
        "size": f"{size[0]}x{size[1]}",
        "runs": runs,
        "load_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "commands": {t: c.replace(str(home), "$TMP") for t, (c, _) in commands.items()},
        "bare_s": round(bare, 3),
        "bare_runs_s": [round(t, 3) for t in times["bare"]],
        "targets": {},
    }
    for target in targets:
        median = statistics.median(times[target])
        row = {"median_s": round(median, 3), "ratio": round(median / bare, 2)}
        if not target.startswith("floor:"):  # a floor is a measure, not a screen
            budget = BUDGETS["launcher" if target == "launcher" else "game"]
            row |= {"budget": budget, "within": median / bare <= budget}
        report["targets"][target] = row | {"runs_s": [round(t, 3) for t in times[target]]}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--only", default="", help="comma-separated: launcher and game ids")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also time floor:GAME for each game timed: the bare app after the engine work "
        "every screen of that game needs (its least possible ratio)",
    )
    parser.add_argument(
        "--via",
        choices=("script", "module"),
        default="script",
        help="ours through the tabletop-tui console script (as a player) or python -m",
    )
    args = parser.parse_args(argv)
    if shutil.which("tmux") is None:
        print(json.dumps({"error": "tmux is not installed"}))
        return 1
    if args.via == "script" and not console_script().exists():
        print(json.dumps({"error": f"no console script at {console_script()}: --via module"}))
        return 1
    targets = ["launcher", *GAME_MARKERS]
    if args.only:
        targets = [t for t in args.only.split(",") if t]
    if args.floor:
        targets += [f"floor:{t}" for t in targets if t in GAME_MARKERS]
    cols, rows = (int(x) for x in args.size.split("x"))
    print(json.dumps(run(targets, args.runs, (cols, rows), args.via), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
