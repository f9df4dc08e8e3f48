"""SSH demo server benchmark: `python benchmarks/ssh_bench.py` prints one JSON document.

Starts the real command (`tabletop-tui serve ssh --port 0`, with `--game GAME` for a game
screen) in its own process with a throwaway data folder, then for each screen (the launcher
and one game screen in play per game, see SCREENS) and each level of concurrency (default
1, 10 and 30 sessions):

- connects that many asyncssh clients at once, each with an 80x24 pty, and times how long
  until every one of them shows its first screen (`all_ready_s`);
- walks every session to the screen measured with that screen's setup keys, and after the
  start and after each key waits until the app processes are idle (`settle_s`): on two
  cores, 30 apps starting a game at once are busy for seconds after their output goes
  quiet, and that work is not a key's;
- memory: RSS and PSS (RSS with shared pages split between the processes sharing them) of
  each session's app process, and the server's own RSS;
- CPU time per key press of the server and of the app processes (while keys are pressed);
- key-to-echo latency: every client presses the screen's two probe keys in turn (on the
  launcher `j` / `k` move the highlight down and up; on a game screen they move the focus
  between cards, as a player reading the table does; each probe changes its screen on
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
    #: keys sent, each followed by a settled screen (its answer drawn, then every app
    #: process idle): ctrl+s starts the game set up with the setup screen's defaults (seat 1
    #: a human, the others bots), then a move or two
    setup: tuple[bytes, ...]
    #: the probe keys, pressed in turn; every one changes the screen
    probe: tuple[bytes, bytes]
    what: str
    #: text every session must draw after the last setup key, so the probes are timed on
    #: the screen `what` names; while it has not come, that key is pressed again (as a player
    #: would when a bot was still busy and the key was refused), at most RETRIES times
    expect: str = ""


#: how often a last setup key is pressed again while its screen has not come
RETRIES = 10


CTRL_S, SHIFT_TAB = b"\x13", b"\x1b[Z"
#: The probes move the focus between cards with the table kit's keys, as a player reading
#: the table does; each is the focus key on the screen's busiest zone that a new game opens.
#: (Until 2026-12, HotG's probe was `?` opening and closing help, and Army Of Zero's `r` was
#: sent while the bot still ordered its squad, so it was refused and j/k moved in the squad
#: order list with the bot's moves landing during the probes.)
SCREENS: dict[str, BenchScreen] = {
    "launcher": BenchScreen(None, (), (b"j", b"k"), "the launcher, j/k move the highlight"),
    "army-of-zero": BenchScreen(
        "army-of-zero",
        (CTRL_S, b"r"),
        (b"j", b"k"),
        "the bot's squad laid down, ours laid down as dealt (r), the first confrontation: "
        "j/k move between the Combat Cards of the hand",
        expect="Confrontation 1",
    ),
    "pr-ccg-2008": BenchScreen(
        "pr-ccg-2008",
        (CTRL_S,),
        (b"\t", SHIFT_TAB),
        "round 1, choosing a card: tab/shift+tab move the focus between the hand's only "
        "card and the log (the default hand of one card has no neighbour for j/k)",
    ),
    "zoobotz": BenchScreen(
        "zoobotz",
        (CTRL_S, b"e"),
        (b"j", b"k"),
        "starting hand kept (e), turn 1: j/k move between the hand's cards",
    ),
    "zeo-dbg": BenchScreen(
        "zeo-dbg",
        (CTRL_S, b"1"),
        (b"j", b"k"),
        "turn 1 Main Phase after playing a card (1): j/k move between the hand's cards",
    ),
    "hotg": BenchScreen(
        "hotg",
        (CTRL_S,),
        (b"j", b"k"),
        "round 1 Action Phase: j/k move between the locations of the board",
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


#: an app process is idle below this much CPU per second: a game screen at rest uses about
#: 1 ms, the setup form 7 (its cursor blinks), a bot placing a card every 0.4 s 10 to 25
IDLE_CPU_MS_PER_S = 4.0
#: the same before any key: the launcher or the setup form on screen
IDLE_CPU_MS_PER_S_FIRST = 10.0


def _run_ns(pid: int) -> int:
    """Nanoseconds a process's threads have run (the scheduler's count: /proc's CPU times
    tick in 10 ms, too coarse to see a bot's small moves)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


async def _apps_idle(server_pid: int, limit: float, timeout: float = 120.0) -> float:
    """Wait until the app processes use less than `limit` ms of CPU per second each, two
    seconds running; the seconds waited. With many sessions on two cores, output going
    quiet does not mean an app is done (it may wait its turn for a core for longer than any
    quiet spell), and a bot's moves may still be coming: work left over from the start or
    the setup would be counted against the probes, and the keys would queue behind it."""
    started = time.monotonic()
    calm = 0
    while time.monotonic() - started < timeout and calm < 2:
        pids = _children(server_pid)
        before = sum(_run_ns(p) for p in pids)
        await asyncio.sleep(1.0)
        used_ms = (sum(_run_ns(p) for p in pids) - before) / 1e6
        calm = calm + 1 if used_ms <= limit * max(1, len(pids)) else 0
    return time.monotonic() - started


async def _until(term: Term, key: bytes, text: str, start: int) -> int:
    """Press `key` again until `text` has been drawn since `start`; the presses it took."""
    for press in range(RETRIES + 1):
        try:
            await term.wait_for(text, 5.0, start)
            return press
        except AssertionError:
            if press == RETRIES:
                raise
            await _settle(term, key)
    return RETRIES


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
    settle_s = await _apps_idle(server_pid, IDLE_CPU_MS_PER_S_FIRST)
    retried = 0
    for number, key in enumerate(screen.setup):  # every session the same way there
        marks = [term.mark() for _, term in clients]
        await asyncio.gather(*(_settle(term, key) for _, term in clients))
        settle_s += await _apps_idle(server_pid, IDLE_CPU_MS_PER_S)
        if screen.expect and number == len(screen.setup) - 1:
            presses = await asyncio.gather(
                *(
                    _until(term, key, screen.expect, at)
                    for (_, term), at in zip(clients, marks, strict=True)
                )
            )
            retried = sum(presses)
            if retried:
                settle_s += await _apps_idle(server_pid, IDLE_CPU_MS_PER_S)
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
        # waiting for the apps to go idle after starting and after each setup key
        "settle_s": round(settle_s, 1),
        # last setup keys pressed again (refused while a bot was busy), all sessions
        "setup_keys_retried": retried,
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
