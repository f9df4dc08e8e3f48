"""Shared tables over SSH, end to end: `python benchmarks/tables_ssh_bench.py` prints JSON.

The real SSH server (DemoServer, with its table service) runs in its own process on loopback;
--tables tables (default 10) of three players each, every player a real asyncssh client
with its own app process (80x24 by default, --size to change), every table a Zeo 2v1 game
(the three-seat format and the largest views). Each player logs in, opens the lobby (o)
and joins their table by its code; the creator starts it. Then at each table the seat to
act waits --think seconds (+-50%, a human pace), opens its move list (F2), and presses
Enter (or End, Enter: a scripted mix of first and last moves). The clock runs from that
last key leaving the client until each OTHER player's terminal has received the redrawn
screen that shows the new step: key, SSH, the actor's app, the table service, the other
apps' redraws, SSH back. p50, p95 and max over every (move, other player) pair.

Think time: 3 s by default, a brisk human pace for one action here (open the list, read a
handful of moves, pick one); players of online card games take a few seconds per action,
and 1 s for every player at every table at once (10 moves a second on the server) is a
stress test rather than play. Run --think 1 and --think 5 too, to see both sides.

Whose turn it is comes from one watcher connection per table (the public view), as any
spectator would see it. Goal (issue 19): p95 <= 200 ms with 10 tables of 3 players on this
machine, where the server, the 30 app processes and this process's 30 clients share the
cores (with whatever else runs). Options: --tables, --actions (per table), --think S,
--size COLSxROWS.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from serve_client import Term, connect, plain  # noqa: E402

from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig  # noqa: E402
from tabletop_tui.tables.client import TableClient  # noqa: E402
from tabletop_tui.tables.protocol import Create, SeatRequest, TableUpdate  # noqa: E402

GOAL_P95_MS = 200.0
F2, END, ENTER = b"\x1bOQ", b"\x1b[F", b"\r"
NAMES = ["Villain A", "Hero B", "Villain C"]


class TimedTerm(Term):
    """A terminal that remembers when each chunk of output arrived, and waits for text only
    when output arrives (no polling: 30 terminals share the clients' loop)."""

    def __init__(self, process):
        self.arrivals: list[tuple[int, float]] = []  # (end offset, perf_counter)
        super().__init__(process)

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    break
                self.data.extend(chunk)
                self.arrivals.append((len(self.data), time.perf_counter()))
                self.output.set()
        except Exception:
            pass
        finally:
            self.closed.set()
            self.output.set()

    async def arrival_of(self, needle: str, start: int, timeout: float = 60.0) -> float:
        """When the output that completed `needle` (after offset `start`) arrived."""
        deadline = time.monotonic() + timeout
        first = bisect.bisect_right(self.arrivals, (start, float("inf")))
        while True:
            for index in range(first, len(self.arrivals)):
                end, when = self.arrivals[index]
                if needle in plain(bytes(self.data[start:end])):
                    return when
            first = len(self.arrivals)
            if self.closed.is_set():
                raise ConnectionError(f"closed before {needle!r}")
            self.output.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {needle!r}")
            await asyncio.wait_for(self.output.wait(), left)


async def _player(port: int, user: str, size: tuple[int, int]) -> TimedTerm:
    conn = await connect(port, username=user)
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    term = TimedTerm(process)
    term.conn = conn  # type: ignore[attr-defined]
    await term.arrival_of("o: tables", 0, timeout=180)
    return term


async def _join(term: TimedTerm, code: str) -> None:
    mark = term.mark()
    term.send(b"o")
    await term.arrival_of("Tables: play with", mark)
    term.send(b"/")
    await term.arrival_of("Join a table by its code", mark)
    term.send(code.encode() + ENTER)


async def _table(
    n: int, setup: dict, args, samples: list[float], output: list[int], ready, finished
) -> int:
    code = setup["codes"][n]
    seats: dict[str, object] = {}

    def heard(message) -> None:
        if isinstance(message, TableUpdate):
            seats["info"] = message.table

    watcher = await TableClient.connect(Path(setup["socket"]), setup["ticket"], heard)
    await watcher.join(code, watch=True)  # whose turn it is, and the step: the public view
    terms = [await _player(setup["port"], f"t{n}p{i}", args.size) for i in range(3)]
    for seat, term in enumerate(terms):
        await _join(term, code)
        deadline = time.monotonic() + 60
        while not _seated(seats.get("info"), seat):
            if time.monotonic() > deadline:
                raise TimeoutError(f"t{n}p{seat} never sat down")
            await asyncio.sleep(0.02)
    await terms[0].arrival_of("s starts the game", 0)
    terms[0].send(b"s")
    await watcher.wait_view(lambda v: v.started, timeout=60)
    await ready()  # every table is seated before the clock starts anywhere
    sizes = [len(t.data) for t in terms]
    rng = random.Random(n)
    acted = 0
    while acted < args.actions:
        view = watcher.view
        if view is None or view.outcome is not None or not view.to_act:
            break
        step, seat = view.step, min(view.to_act)
        actor = terms[seat]
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
        mark = actor.mark()
        actor.send(F2)
        await actor.arrival_of(f"Your moves, {NAMES[seat]}", mark)
        marks = [t.mark() for t in terms]
        sent = time.perf_counter()
        actor.send(ENTER if step % 3 == 0 else END + ENTER)
        for i, term in enumerate(terms):
            when = await term.arrival_of(f"step {step + 1} ", marks[i])
            if i != seat:
                samples.append((when - sent) * 1000)
        await watcher.wait_view(lambda v, s=step: v.step > s, timeout=60)
        acted += 1
    output.append(sum(len(t.data) - n for t, n in zip(terms, sizes, strict=True)))
    await finished()  # (the apps' CPU is counted before any of them ends)
    for term in terms:
        term.conn.close()  # type: ignore[attr-defined]
    await watcher.close()
    return acted


def _seated(table, seat: int) -> bool:
    return table is not None and table.seats[seat].connected


# -- the server, in its own process ---------------------------------------------------------------
def _profiled_child(folder: str, argv: list[str]) -> int:
    """An app process under cProfile (--profile-apps): its stats go to FOLDER/<pid>.prof when
    its session hangs up (SIGHUP) or it ends."""
    import cProfile
    import signal

    from tabletop_tui.serve import child

    profiler = cProfile.Profile()

    def dump(*_args) -> None:
        # (the session's SIGTERM a second after its SIGHUP cut the file short)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        profiler.disable()
        path = Path(folder) / f"{os.getpid()}.prof"
        profiler.dump_stats(str(path.with_suffix(".part")))
        os.replace(path.with_suffix(".part"), path)
        os._exit(0)

    signal.signal(signal.SIGHUP, dump)
    profiler.enable()
    try:
        return child.main(argv)
    finally:
        dump()


async def _serve(tables: int, profile_apps: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tt-tables-ssh-"))
    server = DemoServer(
        SSHServeConfig(
            host="127.0.0.1",
            port=0,
            data_dir=folder,
            max_sessions=tables * 3 + 5,
            max_per_address=0,
            rate_limit=0,
            max_startups=tables * 3 + 5,
            child_argv=(
                [sys.executable, "-P", __file__, "--profiled-child", profile_apps]
                if profile_apps
                else None
            ),
        )
    )
    await server.start()
    service = server.tables
    assert service is not None
    codes = []
    for n in range(tables):
        request = Create(
            type="create",
            game="zeo-dbg",
            seats=[SeatRequest(name=name) for name in NAMES],
            seed=15 + n,
            options={"format": "2v1"},
            auto_start=False,
        )
        codes.append(service.create_table(f"t{n}p0", request).code)
    setup = {
        "port": server.port,
        "socket": str(service.socket_path),
        "ticket": service.issue_ticket("bench-watcher"),
        "codes": codes,
    }
    print(json.dumps(setup), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until closed
    await server.close()


def _cpu_of_tree(root: int, alone: bool = False) -> float:
    """CPU seconds used so far by `root` and every process under it (the server and its
    apps), from /proc; `alone`: by `root` only."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            pid = int(stat.parent.name)
            parents[pid] = int(fields[1])
            used[pid] = (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, IndexError, ValueError):
            continue
    tree = {root}
    grew = not alone
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(used.get(pid, 0.0) for pid in tree)


async def _bench(args) -> dict:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        str(args.tables),
        *(["--profile-apps", args.profile_apps] if args.profile_apps else []),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stdin is not None
    setup = json.loads(await asyncio.wait_for(proc.stdout.readline(), 120))
    samples: list[float] = []
    output: list[int] = []  # bytes the three terminals of each table received while timed
    seated = 0
    all_seated = asyncio.Event()
    clock: dict[str, float] = {}

    async def ready() -> None:
        nonlocal seated
        seated += 1
        if seated == args.tables:
            clock["start"] = time.perf_counter()
            clock["server"] = _cpu_of_tree(proc.pid)
            clock["server_alone"] = _cpu_of_tree(proc.pid, alone=True)
            clock["clients"] = time.process_time()
            all_seated.set()
        await all_seated.wait()

    done = 0
    all_done = asyncio.Event()

    async def finished() -> None:
        nonlocal done
        done += 1
        if done == args.tables:
            clock["wall"] = time.perf_counter() - clock["start"]
            clock["server"] = _cpu_of_tree(proc.pid) - clock["server"]
            clock["server_alone"] = _cpu_of_tree(proc.pid, alone=True) - clock["server_alone"]
            clock["clients"] = time.process_time() - clock["clients"]
            all_done.set()
        await all_done.wait()

    try:
        acted = await asyncio.gather(
            *(_table(n, setup, args, samples, output, ready, finished) for n in range(args.tables))
        )
    finally:
        proc.stdin.close()
        await asyncio.wait_for(proc.wait(), 90)
    samples.sort()
    p95 = samples[max(0, int(len(samples) * 0.95) - 1)] if samples else None
    return {
        "benchmark": "tables over ssh",
        "game": "zeo-dbg 2v1 (3 players)",
        "tables": args.tables,
        "players": args.tables * 3,
        "terminal": f"{args.size[0]}x{args.size[1]}",
        "moves": sum(acted),
        "think_s": args.think,
        "samples": len(samples),
        "key_to_other_screens_ms": {
            "p50": round(statistics.median(samples), 1) if samples else None,
            "p95": round(p95, 1) if p95 is not None else None,
            "max": round(samples[-1], 1) if samples else None,
            "mean": round(statistics.fmean(samples), 1) if samples else None,
        },
        "goal_p95_ms": GOAL_P95_MS,
        "goal_met": p95 is not None and p95 <= GOAL_P95_MS,
        "wall_s": round(clock["wall"], 1),
        # CPU per move, of the server with its 30 apps, and of this process's 30 clients:
        # the machine's capacity is cpus x 1000 ms per second of wall time
        "server_and_apps_cpu_ms_per_move": round(clock["server"] * 1000 / max(1, sum(acted)), 1),
        # of that, the server process alone (SSH, the ptys, the table service)
        "server_cpu_ms_per_move": round(clock["server_alone"] * 1000 / max(1, sum(acted)), 1),
        "clients_cpu_ms_per_move": round(clock["clients"] * 1000 / max(1, sum(acted)), 1),
        # what the three terminals of a table received per move (the F2 list included)
        "terminal_bytes_per_move": round(sum(output) / max(1, sum(acted))),
        "cpu_used_of_machine": round(
            (clock["server"] + clock["clients"]) / (clock["wall"] * (os.cpu_count() or 1)), 2
        ),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }


def _size(text: str) -> tuple[int, int]:
    cols, _, rows = text.partition("x")
    return int(cols), int(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--actions", type=int, default=20, help="moves per table (20)")
    parser.add_argument("--think", type=float, default=3.0, help="seconds before a move (3.0)")
    parser.add_argument("--size", type=_size, default=(80, 24), help="terminal, COLSxROWS")
    parser.add_argument(
        "--profile-apps", metavar="DIR", help="cProfile every app process into DIR/<pid>.prof"
    )
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--profiled-child"]:
        return _profiled_child(argv[1], argv[2:])
    args = parser.parse_args(argv)
    if args.serve is not None:
        asyncio.run(_serve(args.serve, args.profile_apps))
        return 0
    print(json.dumps(asyncio.run(_bench(args)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
