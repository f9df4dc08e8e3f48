"""Benchmarks: `python benchmarks/run.py` prints one JSON document.

Every figure of issue 18's table, measured in one run (never asserted in tests); `table`
at the top lists each figure beside its goal, the parts below hold the raw runs:

- startup: wall time from spawning a process to its first frame, and the CPU time the
  process used by then, for the launcher (the app alone, and through the `tabletop-tui`
  command with no arguments, which imports the command line first), for each game
  screen with two human seats (the app started on it, and `tabletop-tui play GAME`), and
  for a bare Textual app, in alternating subprocesses; the ratios of the medians to the
  bare app.
  The goal is judged on CPU (as the engine's is): wall time on a shared machine also
  counts the time other processes held the cores. Goals: launcher <= 1.2, each game
  screen <= 1.5.
- engine: actions per second for every playable game of the registry under seeded random
  playouts (to_act + legal_actions + apply, and apply alone). The goal is judged on CPU
  time (the machine is shared: wall time also counts the time other processes held the
  cores); wall-clock rates are reported beside it. Goals: 40,000 for Army Of Zero, PR CCG
  and ZOOBOTZ, 15,000 for Zeo and Heroes of the Grid.
- key_to_screen: time from a key press to the updated screen (Pilot: press, then pause until
  the screen has re-rendered) in an Army Of Zero game between two humans, against a bare
  Textual app whose key handler updates a Static; the ratio of the medians. Goal: <= 2.0.
- focus_keys (part "cards"): down/up moving the focus between cards on each game's
  table (a human seat against a bot) at 80x24 and 160x48: ms to the last frame and CPU ms per
  key, sent as a terminal sends keys ("direct") and through Pilot's press+pause ("pilot",
  whose waits cost CPU per widget on screen), against a bare Textual app. Goal: <= 2.0 both.
  Beside them (direct): the CPU to the frame, and the ms of the keys whose frame came with
  no core taken by another process (a shared machine's wall/CPU gap: no key sleeps between
  its press and its frame, slept_share shows it), with the share of keys preempted.
- ssh: benchmarks/ssh_bench.py at 30 sessions, on the launcher and on one game screen in
  play per game: key-to-echo p95 (goal <= 150 ms) and the CPU per key press of the server
  and of the app processes.

A part that fails (say the UI is unfinished) reports its error instead of a number.
Options: --quick (fewer runs, no SSH part unless named in --parts), --runs N (startup runs
per app), --seconds S (engine time per game), --parts startup,engine,keys,ssh.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SMALL_GAMES = ("army-of-zero", "pr-ccg-2008", "zoobotz")
#: the games of the focus-key part: every table-kit screen
TABLE_GAMES = (*SMALL_GAMES, "zeo-dbg", "hotg")
GOALS: dict[str, float] = {
    "startup_ratio_max": 1.2,
    "game_screen_ratio_max": 1.5,
    "key_to_screen_ratio_max": 2.0,
    "ssh_p95_ms_at_30_max": 150.0,
    **{f"{g}_actions_per_s": 40_000 for g in SMALL_GAMES},
    "zeo-dbg_actions_per_s": 15_000,
    "hotg_actions_per_s": 15_000,
}

# -- startup: a child process that exits at its first frame -------------------------------------
FIRST_FRAME_CHILD = r"""
import os, re, sys, time
T0 = float(os.environ["BENCH_T0"])
which = sys.argv[1]
# a game's screen counts once its seat's table is drawn (the frame shows this text), at the
# size benchmarks/first_frame_tmux.py measures
MARKER = os.environ.get("BENCH_MARKER", "")
GAME_SIZE = tuple(int(n) for n in os.environ.get("BENCH_GAME_SIZE", "120x40").split("x"))


def shows_marker(console, renderable):
    text = "".join(str(s) for s in renderable.render_segments(console))
    return MARKER in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
if which == "bare":
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Base(App):
        def compose(self):
            yield Header()
            yield Static("Hello from a bare Textual app")
            yield Footer()

    app = Base()

    def wanted(screen):
        return True
elif which == "launcher":
    from tabletop_tui.ui.app import TabletopApp

    app = TabletopApp()

    def wanted(screen):
        return type(screen).__name__ == "LauncherScreen"
elif which.startswith("command"):
    # `tabletop-tui` itself (the console script imports the command line first), alone
    # ("command": the launcher) or `tabletop-tui play GAME` with a human and a bot, the
    # human's table drawn first, as first_frame_tmux.py starts it ("command:GAME")
    import tabletop_tui.cli as cli
    import tabletop_tui.ui.app as ui_app

    game = which.partition(":")[2]
    argv = ["play", game, "--names", "Alice,Bob", "--seats", "human,bot", "--seed", "1"]

    App, display, run = ui_app.TabletopApp, ui_app.TabletopApp._display, ui_app.TabletopApp.run

    def first_frame(self, screen, renderable):
        if (
            renderable is not None
            and not self._batch_count  # (a frame in a batch is never written)
            and (type(screen).__name__ == "LauncherScreen") != bool(game)
            and (not game or shows_marker(self.console, renderable))
        ):
            if hasattr(renderable, "render_segments"):
                renderable.render_segments(self.console)
            wall, cpu = (time.time() - T0) * 1000, time.process_time() * 1000
            sys.stdout.write(f"{wall:.3f} {cpu:.3f} {type(screen).__name__}\n")
            sys.stdout.flush()
            os._exit(0)
        display(self, screen, renderable)

    App._display = first_frame  # on the class: cli's _run_app makes the app
    size = GAME_SIZE if game else (80, 24)
    App.run = lambda self, *args, **kwargs: run(self, headless=True, size=size)
    cli.main(argv if game else [])
    os._exit(3)
else:  # game:<id>: the app alone (no command line), Alice at the table, Bob a bot
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp

    game = which.split(":", 1)[1]
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    app = TabletopApp(game=game, seats=seats, seed=1, autosave=False)

    def wanted(screen):
        return type(screen).__name__ != "LauncherScreen"


_display = app._display


def timed_display(screen, renderable):
    # Only a frame Textual writes counts: App._display skips one rendered while a batch is
    # open (its start-up runs in one), and a screen pushed from on_mount was rendered there
    # first, thrown away, then rendered again; timing that first render left the second out
    if renderable is not None and not app._batch_count and wanted(screen):
        if MARKER and not shows_marker(app.console, renderable):
            _display(screen, renderable)  # (not the seat's table yet)
            return
        if hasattr(renderable, "render_segments"):
            renderable.render_segments(app.console)  # the terminal output of the frame
        wall, cpu = (time.time() - T0) * 1000, time.process_time() * 1000
        sys.stdout.write(f"{wall:.3f} {cpu:.3f} {type(screen).__name__}\n")
        sys.stdout.flush()
        os._exit(0)
    _display(screen, renderable)


app._display = timed_display
app.run(headless=True, size=GAME_SIZE if which.startswith("game:") else (80, 24))
os._exit(3)
"""


def _child_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    # The warm-up run writes the .pyc files an installed copy has: with this set, every
    # measured run would compile the project's sources again (tens of ms per start).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["TABLETOP_TUI_HOME"] = home
    return env


def _first_frame_ms(which: str, env: dict[str, str]) -> tuple[float, float, str]:
    """(ms to the first frame, CPU ms the child used by then, the screen it showed)."""
    env = {**env, "BENCH_T0": repr(time.time())}
    game = which.partition(":")[2]
    if game:  # the seat's table, as benchmarks/first_frame_tmux.py waits for it
        from first_frame_tmux import GAME_MARKERS

        env["BENCH_MARKER"] = GAME_MARKERS[game]
    if which.startswith("command:"):  # `play` autosaves: away from the launcher's folder
        env["TABLETOP_TUI_HOME"] = os.path.join(env["TABLETOP_TUI_HOME"], which.split(":")[1])
    proc = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME_CHILD, which],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr.strip().splitlines() or ["no frame was drawn"])[-1]
        raise RuntimeError(f"{which}: exit status {proc.returncode}: {tail}")
    ms, cpu, screen = lines[-1].split(" ", 2)
    return float(ms), float(cpu), screen


def bench_startup(runs: int, games: list[str]) -> dict[str, Any]:
    apps = [
        "bare",
        "launcher",
        "command",
        *(f"game:{g}" for g in games),
        *(f"command:{g}" for g in games),
    ]
    times: dict[str, list[float]] = {a: [] for a in apps}
    cpus: dict[str, list[float]] = {a: [] for a in apps}
    screens: dict[str, str] = {}
    errors: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as home:
        env = _child_env(home)
        for which in apps:  # warm the file cache and .pyc files
            try:
                _first_frame_ms(which, env)
            except Exception as exc:
                errors[which] = _error(exc)
        live = [a for a in apps if a not in errors]
        for _ in range(runs):  # alternate, so every app sees the same machine load
            for which in live:
                ms, cpu, screen = _first_frame_ms(which, env)
                times[which].append(ms)
                cpus[which].append(cpu)
                screens[which] = screen
    if "bare" in errors:
        raise RuntimeError(f"the bare Textual app drew no frame: {errors['bare']}")
    bare = statistics.median(times["bare"])
    bare_cpu = statistics.median(cpus["bare"])

    def against_bare(which: str, goal: float) -> dict[str, Any]:
        if which in errors:
            return errors[which]
        median = statistics.median(times[which])
        cpu = statistics.median(cpus[which])
        return {
            "screen": screens[which],
            "ms_median": round(median, 1),
            "ratio": round(median / bare, 3),
            "cpu_ms_median": round(cpu, 1),
            "cpu_ratio": round(cpu / bare_cpu, 3),
            "goal_ratio_max": goal,
            # judged on CPU, as the engine's rates are: on a shared machine the wall time
            # also counts the time other processes held the cores
            "meets_goal": cpu / bare_cpu <= goal,
            "ms": [round(x, 1) for x in times[which]],
            "cpu_ms": [round(x, 1) for x in cpus[which]],
        }

    launcher = against_bare("launcher", GOALS["startup_ratio_max"])
    command = against_bare("command", GOALS["startup_ratio_max"])
    return {
        "what": "ms from spawning the process to its first frame (80x24, headless), and the "
        "CPU ms the process used by then; ratios are to the bare Textual app's medians in "
        "the same run, the goal judged on the CPU ratio",
        "runs": runs,
        "bare_ms_median": round(bare, 1),
        "bare_ms": [round(x, 1) for x in times["bare"]],
        "bare_cpu_ms_median": round(bare_cpu, 1),
        "bare_cpu_ms": [round(x, 1) for x in cpus["bare"]],
        # the launcher's figures also at the top level, as before
        "launcher_ms_median": launcher.get("ms_median"),
        "ratio": launcher.get("ratio"),
        "cpu_ratio": launcher.get("cpu_ratio"),
        "goal_ratio_max": GOALS["startup_ratio_max"],
        "meets_goal": launcher.get("meets_goal"),
        "launcher": launcher,
        # the same launcher through the `tabletop-tui` command (its own imports first)
        "command": command,
        "game_screens": {
            g: against_bare(f"game:{g}", GOALS["game_screen_ratio_max"]) for g in games
        },
        # the same screens through `tabletop-tui play GAME --names Alice,Bob --seats
        # human,human --seed 1` (its checks, the app's autosave)
        "game_screens_by_command": {
            g: against_bare(f"command:{g}", GOALS["game_screen_ratio_max"]) for g in games
        },
    }


# -- engine: random playouts -------------------------------------------------------------------
def _playout(rules, seed: int, max_steps: int = 100_000) -> tuple[int, float, float, float]:
    """One seeded random game: (actions, wall seconds and CPU seconds for the whole loop,
    wall seconds inside apply)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    start, cpu = clock(), time.process_time()
    state = rules.new_game(rules.default_config(), seed)
    in_apply = 0.0
    actions = 0
    while actions < max_steps:
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)  # simultaneous choices: seats commit one after another
        legal = rules.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        t = clock()
        state, _ = rules.apply(state, seat, action)
        in_apply += clock() - t
        actions += 1
    return actions, clock() - start, time.process_time() - cpu, in_apply


def bench_engine(seconds: float) -> dict[str, Any]:
    from tabletop_tui.games import get_rules, playable_ids

    out: dict[str, Any] = {}
    for game_id in playable_ids():
        try:
            rules = get_rules(game_id)
            _playout(rules, 10_000)  # warm caches (card files, adapters)
            actions = games = 0
            total = cpu = applying = 0.0
            while cpu < seconds:
                n, dt, dc, da = _playout(rules, games)
                actions, games = actions + n, games + 1
                total, cpu, applying = total + dt, cpu + dc, applying + da
            result: dict[str, Any] = {
                "playouts": games,
                "actions": actions,
                "cpu_seconds": round(cpu, 3),
                "wall_seconds": round(total, 3),
                "actions_per_s": round(actions / cpu),
                "wall_actions_per_s": round(actions / total),
                "apply_only_wall_actions_per_s": round(actions / applying),
                "actions_per_game": round(actions / games, 1),
            }
            goal = GOALS.get(f"{game_id}_actions_per_s")
            if goal:
                result["goal_actions_per_s_min"] = goal
                result["meets_goal"] = actions / cpu >= goal
            out[game_id] = result
        except Exception as exc:
            out[game_id] = _error(exc)
    return out


# -- key to screen: Pilot, game screen vs a bare app ---------------------------------------------
def _bare_app():
    from textual.app import App
    from textual.widgets import Footer, Static

    class Bare(App):
        BINDINGS = [("r", "bump", "Bump"), ("j", "bump", "Down"), ("k", "bump", "Up")]

        def compose(self):
            yield Static("0", id="counter")
            yield Footer()

        def action_bump(self) -> None:
            self.count = getattr(self, "count", 0) + 1
            self.query_one("#counter", Static).update(f"pressed {self.count} times")

    return Bare()


def _game_app():
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp

    return TabletopApp(
        game="army-of-zero", seats=[SeatSpec(name="Alice"), SeatSpec(name="Bob")], seed=1
    )


def _switches() -> tuple[int, int]:
    """This thread's (voluntary, involuntary) context switches so far: a voluntary one is a
    sleep (waiting on a timer or input), an involuntary one a core taken by another process
    (Linux; (0, 0) where the count is missing)."""
    try:
        import resource

        usage = resource.getrusage(resource.RUSAGE_THREAD)
    except (ImportError, AttributeError, OSError):
        return 0, 0
    return usage.ru_nvcsw, usage.ru_nivcsw


def _watch_frames(app, stamps: list[tuple[float, int, int]] | None = None) -> list[float]:
    """Record when each frame is drawn (and draw it into terminal output, as a terminal would);
    `stamps` also gets the process's CPU time and the thread's context switches then."""
    frames: list[float] = []
    display = app._display

    def timed_display(screen, renderable):
        if renderable is not None:
            if hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)
            frames.append(time.perf_counter())
            if stamps is not None:
                stamps.append((time.process_time(), *_switches()))
        display(screen, renderable)

    app._display = timed_display
    return frames


async def _press_ms(pilot, key: str, frames: list[float]) -> tuple[float, float]:
    """(ms to the last frame drawn for the key, ms until the app is idle again)."""
    frames.clear()
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    idle = time.perf_counter()
    last = max(frames, default=idle)
    return (last - start) * 1000, (idle - start) * 1000


async def _ready(pilot) -> str:
    """Settle the first screen; pass a "Pass to NAME" curtain if one is up."""
    for _ in range(3):
        await pilot.pause()
    for _ in range(3):
        if "Curtain" not in type(pilot.app.screen).__name__:
            break
        await pilot.press("enter")
        await pilot.pause()
    return type(pilot.app.screen).__name__


async def _one_action(make_app, key: str) -> tuple[float, float, str]:
    app = make_app()
    frames = _watch_frames(app)
    async with app.run_test(size=(80, 24)) as pilot:
        before = await _ready(pilot)
        to_frame, to_idle = await _press_ms(pilot, key, frames)
        after = type(app.screen).__name__
    return to_frame, to_idle, f"{before} -> {after}"


async def _cursor_moves(make_app, presses: int) -> list[tuple[float, float]]:
    app = make_app()
    frames = _watch_frames(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(pilot)
        return [await _press_ms(pilot, "jk"[i % 2], frames) for i in range(presses)]


def _compare(bare: list[tuple[float, float]], game: list[tuple[float, float]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for index, label in ((0, "to_frame"), (1, "to_idle")):
        b = statistics.median(x[index] for x in bare)
        g = statistics.median(x[index] for x in game)
        out[label] = {
            "bare_ms_median": round(b, 2),
            "game_ms_median": round(g, 2),
            "ratio": round(g / b, 3),
            "bare_ms": [round(x[index], 2) for x in bare],
            "game_ms": [round(x[index], 2) for x in game],
        }
    return out


async def _bench_keys(apps: int, presses: int) -> dict[str, Any]:
    bare_action, game_action = [], []
    screens = set()
    for _ in range(apps):  # alternate fresh apps: the action key ("r", lay down the squad)
        to_frame, to_idle, _ = await _one_action(_bare_app, "r")
        bare_action.append((to_frame, to_idle))
        to_frame, to_idle, change = await _one_action(_game_app, "r")
        game_action.append((to_frame, to_idle))
        screens.add(change)
    bare_cursor = await _cursor_moves(_bare_app, presses)
    game_cursor = await _cursor_moves(_game_app, presses)
    action = _compare(bare_action, game_action)
    ratio = action["to_idle"]["ratio"]
    return {
        "what": "ms from pilot.press(key) until pilot.pause() finds the app idle with the "
        "screen re-rendered (to_idle: the goal's measure; Pilot's idle wait adds a near-constant "
        "~80 ms to both apps), and to the last frame drawn for the key (to_frame)",
        "game": "army-of-zero, two humans, seed 1, 80x24",
        "ratio": ratio,
        "to_frame_ratio": action["to_frame"]["ratio"],
        "goal_ratio_max": GOALS["key_to_screen_ratio_max"],
        "meets_goal": ratio <= GOALS["key_to_screen_ratio_max"],
        "action_key": {"key": "r (lay down the squad)", "screens": sorted(screens)} | action,
        "cursor_keys": {"keys": "j/k (move in the squad list)"}
        | _compare(bare_cursor, game_cursor),
    }


# -- focus keys on each table-kit screen: latency and CPU per key against the bare app --------
def _bare_focus_app():
    from textual.app import App
    from textual.widgets import Footer, Static

    class BareFocus(App):
        BINDINGS = [("down", "bump(1)", "Down"), ("up", "bump(-1)", "Up")]

        def compose(self):
            yield Static("0", id="counter")
            yield Footer()

        def action_bump(self, step: int) -> None:
            self.count = getattr(self, "count", 0) + step
            self.query_one("#counter", Static).update(f"at {self.count}")

    return BareFocus()


def _table_app(game: str):
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp

    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    config = {"opening_hand": 5} if game == "pr-ccg-2008" else None  # a hand to move in
    return lambda: TabletopApp(
        game=game, seats=seats, seed=1, bot_delay=0, autosave=False, config=config
    )


#: the widgets on the screen of the last app measured by _focus_moves (each is a message pump
#: that Pilot's waits visit)
_WIDGETS: dict[str, int] = {}


async def _focus_moves(
    make_app, presses: int, size: tuple[int, int], direct: bool
) -> list[tuple[float, ...]]:
    """(ms, CPU ms of the process, CPU ms of Pilot's screen waits, CPU ms to the last frame,
    the thread's voluntary and involuntary context switches to it) per key: down/up
    alternately, which move the focus between cards (or bump the bare app's counter).

    direct: the key goes in as a terminal's would (the driver's queue), then the app is left
    until idle; ms is to the last frame drawn for the key, and the last three figures are taken
    to that frame too (the CPU ms until idle also counts Textual's idle polls, ~0.8 ms for
    either app). A frame's wall/CPU gap is time another process held the core (an
    involuntary switch; at load 8 on two cores a 4-8 ms wait, the scheduler's tick), which
    hits a 4 ms frame about twice as often as a 2 ms one. Otherwise Pilot's press + pause,
    whose waits post a callback to every widget of the screen (a harness cost that grows with
    the number of widgets); ms is then to the idle screen. (Pilot's press and pause are
    spelled out here, in Textual 8.2's order, to time those waits apart.)"""
    from textual._wait import wait_for_idle

    app = make_app()
    stamps: list[tuple[float, int, int]] = []
    frames = _watch_frames(app, stamps)
    async with app.run_test(size=size) as pilot:
        await _ready(pilot)
        for key in ("down", "up"):  # warm the first moves (style caches, first renders)
            await pilot.press(key)
            await pilot.pause()
        out = []
        for i in range(presses):
            key = ("down", "up")[i % 2]
            frames.clear()
            stamps.clear()
            switches = _switches()
            start, cpu = time.perf_counter(), time.process_time()
            waits = 0.0
            if direct:
                await app._press_keys([key])
                end = max(frames, default=time.perf_counter())
                to_frame, *at_frame = stamps[-1] if stamps else (time.process_time(), *switches)
            else:
                await app._press_keys([key])  # pilot.press: the key, then the screen waits
                before = time.process_time()
                await pilot._wait_for_screen()
                await pilot._wait_for_screen()  # pilot.pause: again, then idle, then a frame
                waits = time.process_time() - before
                await wait_for_idle(0)
                app.screen._on_timer_update()
                end = time.perf_counter()
                to_frame, at_frame = time.process_time(), list(switches)
            out.append(
                (
                    (end - start) * 1000,
                    (time.process_time() - cpu) * 1000,
                    waits * 1000,
                    (to_frame - cpu) * 1000,
                    at_frame[0] - switches[0],
                    at_frame[1] - switches[1],
                )
            )
        _WIDGETS[type(app).__name__] = len(list(app.screen.walk_children(with_self=True)))
        return out


def _focus_figures(runs: list[tuple[float, ...]], pilot: bool, widgets: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ms_median": round(statistics.median(x[0] for x in runs), 2),
        "cpu_ms_median": round(statistics.median(x[1] for x in runs), 2),
    }
    if not pilot:  # to the frame: its CPU, and the keys no other process held up
        out["cpu_to_frame_ms_median"] = round(statistics.median(x[3] for x in runs), 2)
        out["slept_share"] = round(sum(x[4] > 0 for x in runs) / len(runs), 2)
        out["preempted_share"] = round(sum(x[5] > 0 for x in runs) / len(runs), 2)
        kept = [x[0] for x in runs if x[5] == 0] or [x[0] for x in runs]
        out["ms_unpreempted_median"] = round(statistics.median(kept), 2)
    if pilot:  # what Pilot's per-widget waits took of that CPU
        out["pilot_waits_cpu_ms_median"] = round(statistics.median(x[2] for x in runs), 2)
        out["widgets_on_screen"] = widgets
    return out


async def _bench_table_keys(games: list[str], presses: int, rounds: int) -> dict[str, Any]:
    sizes = {"80x24": (80, 24), "160x48": (160, 48)}
    out: dict[str, Any] = {
        "what": "down/up moving the focus between cards (human seat vs a bot, seed 1), medians "
        "per key and their ratios to a bare Textual app whose keys update a Static, apps "
        "alternating in one run. direct: the key sent as a terminal would, ms to the last "
        "frame drawn, CPU ms until idle, and to that frame: its CPU (cpu_to_frame_ratio) and "
        "the ms of the keys whose frame came with no core taken by another process "
        "(ms_unpreempted_median, unpreempted_ratio: what a quiet machine shows; "
        "preempted_share: the keys that lost the core before their frame, slept_share: "
        "those that slept, on a timer or input, before it); "
        "pilot: Pilot press+pause, ms to the idle screen, CPU "
        "including Pilot's per-widget waits (pilot_waits_cpu_ms_median: the part its two "
        "screen waits took, about 60 us per widget on screen each; a Pilot row's goal is judged "
        "on the CPU without those waits, which no player's key pays; the total is printed "
        "beside it)",
        "goal_ratio_max": GOALS["key_to_screen_ratio_max"],
    }
    goal = GOALS["key_to_screen_ratio_max"]
    for label, size in sizes.items():
        for how in ("direct", "pilot"):
            runs: dict[str, list[tuple[float, ...]]] = {
                "bare": [],
                **{g: [] for g in games},
            }
            widgets: dict[str, int] = {}
            for _ in range(rounds):  # alternate: every app sees the same machine load
                runs["bare"] += await _focus_moves(_bare_focus_app, presses, size, how == "direct")
                widgets["bare"] = _WIDGETS.get("BareFocus", 0)
                for game in games:
                    runs[game] += await _focus_moves(
                        _table_app(game), presses, size, how == "direct"
                    )
                    widgets[game] = _WIDGETS.get("TabletopApp", 0)

            pilot = how == "pilot"
            bare = _focus_figures(runs["bare"], pilot, widgets["bare"])
            bare_ms, bare_cpu = bare["ms_median"], bare["cpu_ms_median"]
            part: dict[str, Any] = {"bare": bare}
            for game in games:
                fig = _focus_figures(runs[game], pilot, widgets[game])
                ms, cpu = fig["ms_median"], fig["cpu_ms_median"]
                cpu_ratio = cpu / bare_cpu
                part[game] = fig | {
                    "ratio": round(ms / bare_ms, 3),
                    "cpu_ratio": round(cpu_ratio, 3),
                }
                if not pilot:  # the same two figures to the frame, off the machine's load
                    part[game]["cpu_to_frame_ratio"] = round(
                        fig["cpu_to_frame_ms_median"] / bare["cpu_to_frame_ms_median"], 3
                    )
                    part[game]["unpreempted_ratio"] = round(
                        fig["ms_unpreempted_median"] / bare["ms_unpreempted_median"], 3
                    )
                if pilot:
                    # The app's CPU per key: Pilot's own waits visit every widget on screen
                    # (the bare app has 6, a table 36-81), a cost no player's key pays.
                    cpu_ratio = (cpu - fig["pilot_waits_cpu_ms_median"]) / (
                        bare_cpu - bare["pilot_waits_cpu_ms_median"]
                    )
                    part[game]["cpu_ratio_without_pilot_waits"] = round(cpu_ratio, 3)
                part[game]["meets_goal"] = max(ms / bare_ms, cpu_ratio) <= goal
            out[f"{label} {how}"] = part
    return out


def bench_table_keys(games: list[str], presses: int, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("TABLETOP_TUI_HOME")
        os.environ["TABLETOP_TUI_HOME"] = home
        try:
            return asyncio.run(_bench_table_keys(games, presses, rounds))
        finally:
            if old is None:
                os.environ.pop("TABLETOP_TUI_HOME", None)
            else:
                os.environ["TABLETOP_TUI_HOME"] = old


def bench_keys(apps: int, presses: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("TABLETOP_TUI_HOME")
        os.environ["TABLETOP_TUI_HOME"] = home  # autosaves go to a throwaway folder
        try:
            return asyncio.run(_bench_keys(apps, presses))
        finally:
            if old is None:
                os.environ.pop("TABLETOP_TUI_HOME", None)
            else:
                os.environ["TABLETOP_TUI_HOME"] = old


def _error(exc: BaseException) -> dict[str, Any]:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return {"error": f"{type(exc).__name__}: {exc}".strip(), "where": where}


def bench_ssh(sessions: int, keys: int, think: float, screens: list[str]) -> dict[str, Any]:
    """benchmarks/ssh_bench.py's measurement at one level of concurrency, on the launcher
    and on one game screen in play per game (each screen with a server of its own)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import ssh_bench

    result = asyncio.run(ssh_bench.run([sessions], keys, think, screens))

    def figures(level: dict[str, Any]) -> dict[str, Any]:
        p95 = level["key_to_echo_ms"]["p95"]
        return {
            "p95_ms": p95,
            "meets_goal": p95 <= GOALS["ssh_p95_ms_at_30_max"] if sessions == 30 else None,
            "cpu_ms_per_key": {
                "apps": level["apps_cpu_ms_per_key"],
                "server": level["server_cpu_ms_per_key"],
            },
        }

    per_screen = {
        name: {"what": part["what"], **figures(part["levels"][0]), "level": part["levels"][0]}
        for name, part in result["screens"].items()
    }
    launcher = per_screen.get("launcher", {})
    return {
        "what": f"{sessions} SSH sessions per screen, probe keys every {think} s (+-50%), "
        f"{keys} keys each: ms from writing a key to the first byte of the answer",
        "sessions": sessions,
        "p95_ms": launcher.get("p95_ms"),
        "goal_p95_ms_max": GOALS["ssh_p95_ms_at_30_max"],
        "meets_goal": launcher.get("meets_goal"),
        "cpu_ms_per_key": launcher.get("cpu_ms_per_key"),
        "screens": per_screen,
        "machine": result["machine"],
    }


def _table(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Issue 18's table: one row per figure, its value in this run, its goal, met or not."""
    rows: list[dict[str, Any]] = []

    def row(figure: str, part: str, value: Any, goal: str, met: Any, note: str = "") -> None:
        entry = {"figure": figure, "value": value, "goal": goal, "met": met}
        if part not in report:
            entry |= {"value": None, "met": None, "note": f"part '{part}' not run"}
        elif note:
            entry["note"] = note
        rows.append(entry)

    startup = report.get("startup", {})

    def wall(fig: dict[str, Any]) -> str:
        return fig.get("error", "") or f"wall-clock ratio {fig.get('ratio')}"

    row(
        "launcher first frame / bare Textual app (CPU)",
        "startup",
        startup.get("cpu_ratio"),
        f"<= {GOALS['startup_ratio_max']}",
        startup.get("meets_goal"),
        wall(startup) if "launcher" in startup else startup.get("error", ""),
    )
    if "command" in startup:
        row(
            "launcher first frame through the tabletop-tui command / bare (CPU)",
            "startup",
            startup["command"].get("cpu_ratio"),
            f"<= {GOALS['startup_ratio_max']}",
            startup["command"].get("meets_goal"),
            wall(startup["command"]),
        )
    for game_id, fig in startup.get("game_screens", {}).items():
        row(
            f"{game_id} screen first frame (two humans) / bare (CPU)",
            "startup",
            fig.get("cpu_ratio"),
            f"<= {GOALS['game_screen_ratio_max']}",
            fig.get("meets_goal"),
            wall(fig),
        )
    for game_id, fig in report.get("engine", {}).items():
        goal = GOALS.get(f"{game_id}_actions_per_s")
        row(
            f"{game_id} random playouts, actions/s (CPU time)",
            "engine",
            fig.get("actions_per_s"),
            f">= {goal:,.0f}" if goal else "-",
            fig.get("meets_goal"),
            fig.get("error", ""),
        )
    for game_id, fig in startup.get("game_screens_by_command", {}).items():
        row(
            f"{game_id} screen first frame through tabletop-tui play / bare (CPU)",
            "startup",
            fig.get("cpu_ratio"),
            f"<= {GOALS['game_screen_ratio_max']}",
            fig.get("meets_goal"),
            wall(fig),
        )
    keys = report.get("key_to_screen", {})
    row(
        "key to screen, Army Of Zero / bare (Pilot)",
        "key_to_screen",
        keys.get("ratio"),
        f"<= {GOALS['key_to_screen_ratio_max']}",
        keys.get("meets_goal"),
        keys.get("error", ""),
    )
    for label, part in report.get("focus_keys", {}).items():
        if not isinstance(part, dict) or "bare" not in part:
            continue
        for game_id, fig in part.items():
            if game_id == "bare":
                continue
            value = [fig.get("ratio"), fig.get("cpu_ratio")]
            what = "ms / bare, CPU / bare"
            if "cpu_ratio_without_pilot_waits" in fig:
                value.append(fig["cpu_ratio_without_pilot_waits"])
                what += ", CPU without Pilot's waits / bare (judged)"
            if "unpreempted_ratio" in fig:
                value += [fig["unpreempted_ratio"], fig["cpu_to_frame_ratio"]]
                what += ", ms of keys not preempted / bare, CPU to the frame / bare"
            row(
                f"focus key between cards, {game_id} {label}: {what}",
                "focus_keys",
                value,
                f"<= {GOALS['key_to_screen_ratio_max']} both",
                fig.get("meets_goal"),
            )
    ssh = report.get("ssh", {})
    row(
        f"ssh_bench key-to-echo p95 at {ssh.get('sessions', 30)} sessions, ms (goal at 30)",
        "ssh",
        ssh.get("p95_ms"),
        f"<= {GOALS['ssh_p95_ms_at_30_max']:.0f}",
        ssh.get("meets_goal"),
        ssh.get("error", "")
        or (
            "not run: --parts ...,ssh (or python benchmarks/ssh_bench.py)"
            if "ssh" not in report
            else f"launcher; app CPU {ssh.get('cpu_ms_per_key', {}).get('apps')} ms per key"
        ),
    )
    for name, fig in ssh.get("screens", {}).items():
        if name == "launcher":
            continue
        row(
            f"ssh_bench {name} screen key-to-echo p95 at {ssh.get('sessions')} sessions, ms",
            "ssh",
            fig.get("p95_ms"),
            f"<= {GOALS['ssh_p95_ms_at_30_max']:.0f}",
            fig.get("meets_goal"),
            f"app CPU {fig['cpu_ms_per_key']['apps']} ms per key; {fig['what']}",
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a smoke test")
    parser.add_argument("--runs", type=int, help="startup runs per app (default 9, quick 3)")
    parser.add_argument("--seconds", type=float, help="engine CPU seconds per game (default 3)")
    parser.add_argument(
        "--parts",
        help="default startup,engine,keys,cards,ssh (quick: startup,engine,keys,cards)",
    )
    parser.add_argument("--games", help="games of the 'cards' part (default: all five)")
    parser.add_argument("--ssh-sessions", type=int, default=30, help="SSH sessions (30)")
    parser.add_argument("--ssh-keys", type=int, help="keys per SSH session (20, quick 5)")
    parser.add_argument(
        "--ssh-screens",
        help="screens of benchmarks/ssh_bench.py (default: the launcher and every game)",
    )
    args = parser.parse_args(argv)
    default_parts = "startup,engine,keys,cards" if args.quick else "startup,engine,keys,cards,ssh"
    parts = set((args.parts or default_parts).split(","))
    runs = args.runs or (3 if args.quick else 9)
    seconds = args.seconds or (0.5 if args.quick else 3.0)
    ssh_keys = args.ssh_keys or (5 if args.quick else 20)

    import textual

    from tabletop_tui.games import playable_ids

    ssh_screens = (args.ssh_screens or "launcher," + ",".join(playable_ids())).split(",")

    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "textual": getattr(textual, "__version__", "?"),
            # the machine may be shared: a load well above the cores makes wall times noisy
            "loadavg_1min_before": round(os.getloadavg()[0], 2),
        },
        "goals": GOALS,
    }
    jobs = [
        ("startup", "startup", lambda: bench_startup(runs, playable_ids())),
        ("engine", "engine", lambda: bench_engine(seconds)),
        (
            "keys",
            "key_to_screen",
            lambda: bench_keys(3 if args.quick else 7, 10 if args.quick else 30),
        ),
        ("ssh", "ssh", lambda: bench_ssh(args.ssh_sessions, ssh_keys, 0.25, ssh_screens)),
        (
            "cards",
            "focus_keys",
            lambda: bench_table_keys(
                (args.games or ",".join(TABLE_GAMES)).split(","),
                10 if args.quick else 20,
                1 if args.quick else 2,
            ),
        ),
    ]
    for part, name, job in jobs:
        if part not in parts:
            continue
        try:
            report[name] = job()
        except Exception as exc:
            report[name] = _error(exc)
    report["machine"]["loadavg_1min_after"] = round(os.getloadavg()[0], 2)
    table = _table(report)
    report = {"table": table, **report}
    report["goals_met"] = {row["figure"]: row["met"] for row in table}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
