"""Table service benchmark: `python benchmarks/tables_bench.py` prints one JSON document.

The service runs in its own process (as it will inside `serve ssh`), with autosave on, on a
unix socket in a throwaway folder. This process opens one socket client per player:
--tables tables (default 10) of three players each, every table a Zeo 2v1 game (the
three-seat format, and the largest views of the five games). At each table the player to
act waits --think seconds (+-50%, a human pace), picks a random legal action from the view
it was sent, and sends it; the clock runs from sending the action until each OTHER player
at the table has received its updated view (a new revision), parsed as a client must. A
finished game is replaced by a new one at the same table. p50, p95 and max over every
(action, other player) pair.

Goal (issue 19): p95 <= 200 ms with 10 tables of 3 players on this machine. Both processes
share the machine's cores with whatever else runs. Options: --tables, --actions (per table),
--think S, --seed.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.tables.client import TableClient  # noqa: E402
from tabletop_tui.tables.protocol import ViewUpdate  # noqa: E402

GOAL_P95_MS = 200.0
SEATS = [("Villain A", "open"), ("Hero B", "open"), ("Villain C", "open")]


# -- the service process ----------------------------------------------------------------------------
async def _serve(socket: Path, save_dir: Path, users: list[str]) -> None:
    from tabletop_tui.tables.service import TableService

    service = TableService(save_dir)
    await service.start(socket)
    tickets = {user: service.issue_ticket(user) for user in users}
    print(json.dumps(tickets), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until closed
    await service.close()


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


# -- the players --------------------------------------------------------------------------------------
class Seat:
    def __init__(self, client: TableClient):
        self.client = client
        self.arrived: dict[int, float] = {}  # revision -> when its view was parsed here
        self.event = asyncio.Event()

    def record(self, message) -> None:
        if isinstance(message, ViewUpdate):
            self.arrived.setdefault(message.revision, time.perf_counter())
            self.event.set()

    async def until(self, revision: int, timeout: float = 30.0) -> float:
        deadline = time.perf_counter() + timeout
        while revision not in self.arrived:
            self.event.clear()
            if revision in self.arrived:
                break
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no view for revision {revision}")
            await asyncio.wait_for(self.event.wait(), left)
        return self.arrived[revision]


async def _table(
    number: int, socket: Path, tickets: dict[str, str], args, samples: list[float]
) -> int:
    rng = random.Random(args.seed * 1000 + number)
    users = [f"t{number}p{i}" for i in range(3)]
    seats = []
    for user in users:
        seat = Seat(None)  # type: ignore[arg-type]
        seat.client = await TableClient.connect(socket, tickets[user], on_message=seat.record)
        seats.append(seat)
    acted = 0
    game = 0
    while acted < args.actions:
        for seat in seats:
            seat.arrived.clear()
        joined = await seats[0].client.create(
            "zeo-dbg", SEATS, seed=args.seed + 100 * number + game, options={"format": "2v1"}, sit=0
        )
        game += 1
        code = joined.table.code
        for i in (1, 2):
            await seats[i].client.join(code, seat=i)
        for seat in seats:
            await seat.client.wait_view(lambda v, code=code: v.started and v.table == code)
        while acted < args.actions:
            view = seats[0].client.view
            assert view is not None
            revision = view.revision
            await asyncio.gather(*(s.until(revision) for s in seats))
            view = seats[0].client.view
            if view.outcome is not None or not view.to_act:
                break
            actor = rng.choice(view.to_act)
            update = seats[actor].client.view
            assert update is not None and update.revision == revision
            if args.think:
                await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
            sent = time.perf_counter()
            error = await seats[actor].client.act(rng.choice(update.legal), expect=revision)
            if error is not None:
                raise RuntimeError(f"table {number}: refused: {error.message}")
            acted += 1
            for i, seat in enumerate(seats):
                if i != actor:
                    arrived = await seat.until(revision + 1)
                    samples.append((arrived - sent) * 1000)
        for seat in seats:
            await seat.client.leave()
    for seat in seats:
        await seat.client.close()
    return game


async def _bench(args) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="tt-bench-"))
    socket = folder / "tables.sock"
    users = [f"t{n}p{i}" for n in range(args.tables) for i in range(3)]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        str(socket),
        str(folder / "saves"),
        *users,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stdin is not None
    tickets = json.loads(await asyncio.wait_for(proc.stdout.readline(), 60))
    cpu_before = _cpu_seconds(proc.pid)
    samples: list[float] = []
    started = time.perf_counter()
    games = await asyncio.gather(
        *(_table(n, socket, tickets, args, samples) for n in range(args.tables))
    )
    wall = time.perf_counter() - started
    cpu_after = _cpu_seconds(proc.pid)
    proc.stdin.close()
    await asyncio.wait_for(proc.wait(), 30)
    samples.sort()
    p95 = samples[max(0, int(len(samples) * 0.95) - 1)] if samples else None
    actions = args.tables * args.actions
    return {
        "benchmark": "tables",
        "game": "zeo-dbg 2v1 (3 players)",
        "tables": args.tables,
        "players": args.tables * 3,
        "actions": actions,
        "games_started": sum(games),
        "think_s": args.think,
        "samples": len(samples),
        "action_to_other_views_ms": {
            "p50": round(statistics.median(samples), 2) if samples else None,
            "p95": round(p95, 2) if p95 is not None else None,
            "max": round(samples[-1], 2) if samples else None,
            "mean": round(statistics.fmean(samples), 2) if samples else None,
        },
        "goal_p95_ms": GOAL_P95_MS,
        "goal_met": p95 is not None and p95 <= GOAL_P95_MS,
        "actions_per_s": round(actions / wall, 1),
        "service_cpu_ms_per_action": (
            round((cpu_after - cpu_before) * 1000 / actions, 2)
            if cpu_before is not None and cpu_after is not None
            else None
        ),
        "wall_s": round(wall, 2),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:
        asyncio.run(_serve(Path(argv[1]), Path(argv[2]), argv[3:]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--actions", type=int, default=60, help="actions per table (60)")
    parser.add_argument("--think", type=float, default=0.2, help="seconds before acting (0.2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(_bench(args)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
