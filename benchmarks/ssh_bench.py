"""SSH demo server benchmark: `python benchmarks/ssh_bench.py` prints one JSON document.

Starts the real command (`tabletop-tui serve ssh --port 0`, with `--game GAME` for a game
screen) in its own process with a throwaway data folder, then for each screen (the launcher
and one game screen in play per game, see SCREENS) and each level of concurrency (default
1, 10 and 30 sessions):

- connects that many asyncssh clients at once, each with an 80x24 pty, and times how long
  until every one of them shows the launcher (`all_ready_s`);
- memory: RSS and PSS (RSS with shared pages split between the processes sharing them) of
  each session's app process, and the server's own RSS;
- CPU time per key press of the server and of the app processes (while keys are pressed);
- key-to-echo latency: every client presses the screen's two probe keys in turn (on the
  launcher `j` / `k` move the highlight down and up; each probe pair changes its screen on
  every key) at a human pace, one key every --think seconds (+-50% jitter, all clients at
  once), and times from writing the key to the first byte of the answer arriving back over
  SSH. p50, p95 and max over all keys.

Goal (issue 8): p95 <= 150 ms with 30 sessions on a 2-core machine. Loopback only. The
clients run in this process, the server in another: both share the machine's cores.
Options: --levels 1,10,30, --keys N (per session), --think S, --screens launcher,zeo-dbg,...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import asyncssh  # noqa: E402
from serve_client import Term, connect  # noqa: E402

GOAL_P95_MS_AT_30 = 150.0


@dataclass(frozen=True)
class BenchScreen:
    """Where a session goes before its keys are timed, and the keys timed there."""

    #: the game opened by `serve ssh --game` (None: the launcher)
    game: str | None
    #: keys sent, each followed by a settled screen: ctrl+s starts the game set up with
    #: the setup screen's defaults (seat 1 a human, the others bots), then a move or two
    setup: tuple[bytes, ...]
    #: the probe keys, pressed in turn; every one changes the screen
    probe: tuple[bytes, bytes]
    what: str


CTRL_S, SHIFT_TAB = b"\x13", b"\x1b[Z"
SCREENS: dict[str, BenchScreen] = {
    "launcher": BenchScreen(None, (), (b"j", b"k"), "the launcher, j/k move the highlight"),
    "army-of-zero": BenchScreen(
        "army-of-zero",
        (CTRL_S, b"r"),
        (b"j", b"k"),
        "squad laid down (r), the fight under way: j/k move between cards",
    ),
    "pr-ccg-2008": BenchScreen(
        "pr-ccg-2008",
        (CTRL_S,),
        (b"\t", SHIFT_TAB),
        "round 1, choosing a card: tab/shift+tab move the focus between cards",
    ),
    "zoobotz": BenchScreen(
        "zoobotz",
        (CTRL_S, b"e"),
        (b"j", b"k"),
        "starting hand kept (e), turn 1: j/k move in the move list",
    ),
    "zeo-dbg": BenchScreen(
        "zeo-dbg",
        (CTRL_S, b"1"),
        (b"j", b"k"),
        "turn 1 Main Phase after playing a card (1): j/k move in the move list",
    ),
    "hotg": BenchScreen(
        "hotg",
        (CTRL_S,),
        (b"?", b"?"),
        "round 1 Action Phase: ? opens and closes the help (j/k change nothing there)",
    ),
}


def _kib(pid: int, path: str, field: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/{path}").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _start_server(
    home: str, game: str | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "TABLETOP_TUI_HOME": home}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tabletop_tui",
        "serve",
        "ssh",
        *(("--game", game) if game else ()),
        "--port",
        "0",
        "--max-sessions",
        "100",
        "--idle-timeout",
        "0",
        "--rate-limit",
        "0",
        # every client comes from 127.0.0.1 and they all connect at once
        "--max-per-address",
        "0",
        "--max-startups",
        "100",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
    port = int(line.split("127.0.0.1:")[1].split()[0])
    return proc, port


async def _settle(term: Term, key: bytes) -> None:
    """Send a key and wait until its answer has been drawn and the screen is quiet."""
    size = len(term.data)
    term.send(key)
    deadline = time.monotonic() + 120
    while len(term.data) == size:
        if time.monotonic() > deadline:
            raise RuntimeError(f"no answer to {key!r} within 120 s")
        await asyncio.sleep(0.05)
    await term.wait_quiet(0.5, timeout=120)


async def _press_keys(
    term: Term, keys: int, think: float, rng: random.Random, probe: tuple[bytes, bytes]
) -> list[float]:
    latencies = []
    await asyncio.sleep(rng.uniform(0, think))  # clients do not press in lockstep
    for number in range(keys):
        term.output.clear()
        start = time.perf_counter()
        term.send(probe[number % 2])
        try:
            await asyncio.wait_for(term.output.wait(), 10)
        except TimeoutError:
            raise RuntimeError("no answer to a key within 10 s") from None
        latencies.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    return latencies


async def _level(
    port: int, server_pid: int, sessions: int, keys: int, think: float, screen: BenchScreen
) -> dict:
    rng = random.Random(sessions)
    started = time.perf_counter()

    async def open_one(number: int):
        conn = await connect(port, username=f"bench{number}")
        term = await Term.open(conn, size=(80, 24))
        await term.wait_for("Army Of Zero" if screen.game is None else "Seat 1", timeout=120)
        return conn, term

    clients = await asyncio.gather(*(open_one(n) for n in range(sessions)))
    ready = time.perf_counter() - started
    for _, term in clients:
        await term.wait_quiet(0.3, timeout=30)
    for key in screen.setup:  # every session the same way to the screen measured
        await asyncio.gather(*(_settle(term, key) for _, term in clients))
    pids = _children(server_pid)
    rss = [v for v in (_kib(p, "status", "VmRSS") for p in pids) if v]
    pss = [v for v in (_kib(p, "smaps_rollup", "Pss") for p in pids) if v]
    cpu_before = (_cpu_s(server_pid), sum(_cpu_s(p) for p in pids))
    results = await asyncio.gather(
        *(
            _press_keys(term, keys, think, random.Random(rng.random()), screen.probe)
            for _, term in clients
        )
    )
    cpu_after = (_cpu_s(server_pid), sum(_cpu_s(p) for p in pids))
    latencies = [ms for per_client in results for ms in per_client]
    server_rss = _kib(server_pid, "status", "VmRSS")
    for conn, _ in clients:
        conn.close()
    deadline = time.monotonic() + 30
    while _children(server_pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return {
        "sessions": sessions,
        "all_ready_s": round(ready, 2),
        "app_processes": len(pids),
        "rss_per_session_mib": round(statistics.mean(rss) / 1024, 1) if rss else None,
        "pss_per_session_mib": round(statistics.mean(pss) / 1024, 1) if pss else None,
        "server_rss_mib": round(server_rss / 1024, 1) if server_rss else None,
        "keys": len(latencies),
        # CPU per key press while the keys were pressed (includes the apps' idle work)
        "server_cpu_ms_per_key": round((cpu_after[0] - cpu_before[0]) * 1000 / len(latencies), 2),
        "apps_cpu_ms_per_key": round((cpu_after[1] - cpu_before[1]) * 1000 / len(latencies), 2),
        "key_to_echo_ms": {
            "p50": round(_pct(latencies, 0.50), 1),
            "p95": round(_pct(latencies, 0.95), 1),
            "max": round(max(latencies), 1),
        },
        "left_behind": len(_children(server_pid)),
    }


async def run_screen(name: str, levels: list[int], keys: int, think: float) -> list[dict[str, Any]]:
    """The levels measured on one screen of SCREENS, with a server of its own."""
    screen = SCREENS[name]
    with tempfile.TemporaryDirectory() as home:
        server, port = await _start_server(home, screen.game)
        try:
            return [await _level(port, server.pid, n, keys, think, screen) for n in levels]
        finally:
            server.terminate()
            await asyncio.wait_for(server.wait(), 30)


async def run(
    levels: list[int], keys: int, think: float, screens: list[str] | None = None
) -> dict[str, Any]:
    """`levels` (the launcher's, as before) and `screens`: each screen's levels and what
    was measured there (default: the launcher only)."""
    load_before = os.getloadavg()[0]
    per_screen: dict[str, Any] = {}
    for name in screens or ["launcher"]:
        per_screen[name] = {
            "what": SCREENS[name].what,
            "levels": await run_screen(name, levels, keys, think),
        }
    results = per_screen.get("launcher", {}).get("levels", [])
    at_30 = next((r for r in results if r["sessions"] == 30), None)
    return {
        "benchmark": "ssh",
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "asyncssh": asyncssh.__version__,
            # other work on the machine skews the numbers: check the load was low
            "loadavg_1min_before": round(load_before, 2),
        },
        "load": f"each session presses a key every {think} s (+-50%), {keys} keys per session",
        "levels": results,
        "screens": per_screen,
        "loadavg_1min_after": round(os.getloadavg()[0], 2),
        "goal": {
            "p95_ms_at_30_sessions_max": GOAL_P95_MS_AT_30,
            "met": None if at_30 is None else at_30["key_to_echo_ms"]["p95"] <= GOAL_P95_MS_AT_30,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1,10,30", help="sessions per level (1,10,30)")
    parser.add_argument("--keys", type=int, default=30, help="keys per session (30)")
    parser.add_argument("--think", type=float, default=0.25, help="seconds between keys (0.25)")
    parser.add_argument(
        "--screens",
        default=",".join(SCREENS),
        help=f"screens measured (default all: {','.join(SCREENS)})",
    )
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    screens = args.screens.split(",")
    unknown = [s for s in screens if s not in SCREENS]
    if unknown:
        parser.error(f"unknown screen(s) {', '.join(unknown)}: use {', '.join(SCREENS)}")
    print(json.dumps(asyncio.run(run(levels, args.keys, args.think, screens)), indent=2))


if __name__ == "__main__":
    main()
