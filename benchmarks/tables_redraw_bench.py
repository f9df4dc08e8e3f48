"""One app's cost of a pushed table update: `python benchmarks/tables_redraw_bench.py` prints JSON.

The SSH benchmark (tables_ssh_bench.py) measures the whole path with 30 app processes; this one
isolates the part that dominated it: what one player's app does when the table service pushes
a new view (the message parsed into the game's View, `GameScreen.table_changed`, the screen's
update and Textual's layout and paint). A Pilot app (headless, --size, 80x24 by default) sits
at seat 2 of a Zeo 2v1 table in a table service of this process; the two other seats are
socket clients that play the same script as the SSH benchmark (first legal move every third
step, the last one otherwise); on its own turns the app presses F2 and Enter.

Printed: the app's CPU ms per pushed update, and per move of its own (F2, the list, Enter, its
screen showing the step) (the escape sequences for the terminal are made
and counted, as a served app makes them; --no-paint skips them as Pilot does) (the process's CPU over the run, less what the
service and the other clients used, measured apart), the wall ms from a move sent to the
app's screen showing its step, and with --profile the top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from tabletop_tui.tables.client import TableClient  # noqa: E402
from tabletop_tui.tables.service import TableService  # noqa: E402

NAMES = [("Villain A", "open"), ("Hero B", "open"), ("Villain C", "open")]


def _message(app) -> str:
    from tabletop_tui.ui.game_screen import GameScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            shown = screen._shown.get("#zeo-message", "")
            return getattr(shown, "plain", str(shown)) + " "
    return ""


async def _quiet() -> None:
    """Let the app finish what the update started (its paint runs on a timer) without asking
    it anything: Pilot's pause sends every widget a message, which would be counted too."""
    await asyncio.sleep(0.06)


def _list_open(app) -> bool:
    """F2's list is up over the game screen (widgets/moves_panel.py)."""
    panel = getattr(app.screen, "_moves_panel", None)
    return panel is not None and panel.is_open


def _keys(app, *keys: str) -> None:
    """Keys as the terminal sends them (Pilot's press also sends every widget a message)."""
    from textual import events

    chars = {"enter": "\r"}
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)


async def _until(pilot, test, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.002)


class _Written:
    """Bytes the app would have sent its terminal."""

    count = 0


def _paint_for_real() -> None:
    """Make the headless driver take the terminal output (and count it) instead of skipping
    it: turning the screen into escape sequences is part of what an update costs."""
    from textual.drivers.headless_driver import HeadlessDriver

    def write(self, data: str) -> None:
        _Written.count += len(data.encode())

    HeadlessDriver.is_headless = property(lambda self: False)  # type: ignore[method-assign]
    HeadlessDriver.write = write  # type: ignore[method-assign]
    HeadlessDriver.flush = lambda self: None  # type: ignore[method-assign]


async def _run(args) -> dict:
    from tabletop_tui.ui.app import TabletopApp

    if args.paint:
        _paint_for_real()

    folder = Path(tempfile.mkdtemp(prefix="tt-redraw-"))
    service = TableService(None)
    await service.start(folder / "t.sock")
    os.environ["TABLETOP_TUI_TABLES"] = str(service.socket_path)
    os.environ["TABLETOP_TUI_TABLE_TICKET"] = service.issue_ticket("ann")
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    cy = await TableClient.connect(service.socket_path, service.issue_ticket("cy"))
    joined = await bob.create("zeo-dbg", NAMES, seed=args.seed, options={"format": "2v1"}, sit=0)
    code = joined.table.code
    table = service.tables[code]
    app = TabletopApp()
    walls: list[float] = []
    profiler = cProfile.Profile() if args.profile else None
    cpu_app = 0.0
    written = 0
    own = own_written = 0
    own_cpu = 0.0
    list_cpu = 0.0
    list_written = 0
    updates = 0
    async with app.run_test(size=args.size) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await _until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "lobby")
        await pilot.press("slash")
        await pilot.pause(0.1)
        await pilot.press(*code, "enter")
        await _until(pilot, lambda: table.slots[1].listener is not None, "seated")
        await cy.join(code, seat=2)
        await _until(pilot, lambda: type(app.screen).__name__ == "ZeoScreen", "game screen")
        await _until(pilot, lambda: not app.screen.waiting, "settled")
        clients = {0: bob, 2: cy}
        for _ in range(args.actions):
            if table.over:
                break
            step = len(table.match.actions)
            seat = min(table.match.to_act())
            if seat == 1:
                await _until(pilot, lambda: not app.screen.waiting, "ann's turn")
                await pilot.pause()
                cpu0, bytes0 = time.process_time(), _Written.count
                _keys(app, "f2")
                await _until(pilot, lambda: _list_open(app), "moves")
                await _quiet()
                list_cpu += time.process_time() - cpu0
                list_written += _Written.count - bytes0
                _keys(app, *(("enter",) if step % 3 == 0 else ("end", "enter")))
                await _until(pilot, lambda s=step: len(table.match.actions) > s, "ann's move")
                await _until(pilot, lambda s=step: f"step {s + 1} " in _message(app), "drawn")
                await _quiet()
                own_cpu += time.process_time() - cpu0
                own_written += _Written.count - bytes0
                own += 1
                continue
            client = clients[seat]
            view = await client.wait_view(lambda v: v.revision == table.revision)
            legal = view.legal
            await pilot.pause()  # the app is idle: what follows is the update alone
            wall0, cpu0, bytes0 = time.perf_counter(), time.process_time(), _Written.count
            if profiler is not None:
                profiler.enable()
            error = await client.act(legal[0] if step % 3 == 0 else legal[-1])
            assert error is None, error
            await _until(pilot, lambda s=step: f"step {s + 1} " in _message(app), "drawn")
            walls.append((time.perf_counter() - wall0) * 1000)
            await _quiet()  # and the paint that follows the update
            if profiler is not None:
                profiler.disable()
            cpu_app += time.process_time() - cpu0
            written += _Written.count - bytes0
            updates += 1
    await bob.close()
    await cy.close()
    await service.close()
    shutil.rmtree(folder, ignore_errors=True)
    result = {
        "benchmark": "one app's pushed table update (in-process)",
        "game": "zeo-dbg 2v1",
        "terminal": f"{args.size[0]}x{args.size[1]}",
        "updates": updates,
        # (this includes the service's work for the move and the acting client's: small)
        "cpu_ms_per_update": round(cpu_app * 1000 / max(1, updates), 1),
        "terminal_bytes_per_update": round(written / max(1, updates)) if args.paint else None,
        # the app's own moves: F2, the list, Enter, and its screen showing the new step
        "own_moves": own,
        "own_move_cpu_ms": round(own_cpu * 1000 / max(1, own), 1),
        "own_move_terminal_bytes": round(own_written / max(1, own)) if args.paint else None,
        # of which F2 and its list drawn (the move list, before Enter)
        "own_move_list_cpu_ms": round(list_cpu * 1000 / max(1, own), 1),
        "own_move_list_bytes": round(list_written / max(1, own)) if args.paint else None,
        "wall_ms": {
            "p50": round(statistics.median(walls), 1) if walls else None,
            "p95": round(sorted(walls)[max(0, int(len(walls) * 0.95) - 1)], 1) if walls else None,
        },
    }
    if profiler is not None:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(args.sort).print_stats(args.profile)
        result["profile"] = out.getvalue()
    return result


def _size(text: str) -> tuple[int, int]:
    cols, _, rows = text.partition("x")
    return int(cols), int(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40, help="moves at the table (40)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--size", type=_size, default=(80, 24), help="terminal, COLSxROWS")
    parser.add_argument(
        "--no-paint", dest="paint", action="store_false", help="skip the terminal output"
    )
    parser.add_argument("--profile", type=int, default=0, help="print the top N functions")
    parser.add_argument("--sort", default="cumulative")
    args = parser.parse_args(argv)
    result = asyncio.run(_run(args))
    profile = result.pop("profile", None)
    print(json.dumps(result, indent=2))
    if profile:
        print(profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
