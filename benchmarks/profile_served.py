"""Where a served session's CPU goes: `python benchmarks/profile_served.py SCREEN`.

Starts the app process exactly as `serve ssh` does (`python -m tabletop_tui.serve.child`,
on its own 80x24 pty, the served environment), walks it to one of ssh_bench.py's SCREENS
with the same setup keys, then presses the screen's probe keys at a human pace with
cProfile on for the probes only (switched by signals), and prints the CPU per key of the
app process and the top of the profile. --keys N, --think S, --size COLSxROWS, --sort
cumulative|tottime, --top N, --out FILE (the raw stats, for pstats or snakeviz).
A measuring tool, not a benchmark: cProfile itself slows the code it watches (about 2x),
so judge the shares, and take CPU per key from ssh_bench.py.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pstats
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks", ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from serve_client import Screen  # noqa: E402
from ssh_bench import SCREENS, _cpu_s  # noqa: E402

from tabletop_tui.serve.pty_session import PtyProcess  # noqa: E402
from tabletop_tui.serve.security import app_environment  # noqa: E402

#: run in the app process: the served child, with a profiler that SIGUSR1 starts and
#: SIGUSR2 stops and writes out (to the file named by the first argument)
CHILD = r"""
import cProfile, signal, sys
out = sys.argv.pop(1)
profiler = cProfile.Profile()
def start(*_):
    profiler.enable()
def stop(*_):
    profiler.disable()
    profiler.dump_stats(out)
signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
from tabletop_tui.serve.child import main
sys.exit(main(sys.argv[1:]))
"""


class Output:
    def __init__(self) -> None:
        self.data = bytearray()
        self.last = time.monotonic()
        self.arrived = asyncio.Event()

    def __call__(self, chunk: bytes) -> None:
        self.data += chunk
        self.last = time.monotonic()
        self.arrived.set()

    async def quiet(self, seconds: float, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() - self.last < seconds:
            if time.monotonic() > deadline:
                raise RuntimeError("the app never went quiet")
            await asyncio.sleep(0.05)


async def profile(
    name: str,
    keys: int,
    think: float,
    size: tuple[int, int],
    out: str,
    profiled: bool = True,
    show: bool = False,
) -> float:
    """Profile the probes of one screen into `out`; the app's CPU ms per key."""
    screen = SCREENS[name]
    argv = [sys.executable, "-P", "-c", CHILD, out]
    if screen.game:
        argv += ["play", screen.game]
    with tempfile.TemporaryDirectory() as home:
        env = app_environment(Path(home), "xterm-256color")
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env["PYTHONPATH"]) if p)
        output = Output()
        pty = PtyProcess(argv, env=env, cwd=home, size=size, on_output=output)
        await pty.start()
        try:
            while not output.data:  # (the first frame, then quiet)
                await asyncio.sleep(0.05)
            await output.quiet(1.0)
            for key in screen.setup:  # as ssh_bench.py's _settle: an answer, then quiet
                size = len(output.data)
                pty.write(key)
                while len(output.data) == size:
                    await asyncio.sleep(0.05)
                await output.quiet(0.5)
            pid = pty.pid
            assert pid is not None
            if profiled:
                os.kill(pid, signal.SIGUSR1)
            await asyncio.sleep(0.2)
            cpu = _cpu_s(pid)
            for number in range(keys):
                pty.write(screen.probe[number % 2])
                await asyncio.sleep(think)
            await output.quiet(0.5)
            cpu = _cpu_s(pid) - cpu
            idle = _cpu_s(pid)
            await asyncio.sleep(2.0)
            idle = _cpu_s(pid) - idle
            if show:
                picture = Screen()
                picture.feed(bytes(output.data))
                cols_, rows_ = picture.size()
                for row in range(1, rows_ + 1):
                    print("".join(picture.cells.get((row, c), " ") for c in range(1, cols_ + 1)))
                print(f"idle CPU: {idle * 500:.1f} ms per s")
            if profiled:
                os.kill(pid, signal.SIGUSR2)
                await asyncio.sleep(1.0)
        finally:
            await pty.terminate()
    return cpu * 1000 / keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("screen", choices=list(SCREENS))
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--out", default="")
    parser.add_argument("--no-profile", action="store_true", help="CPU per key only")
    parser.add_argument("--show", action="store_true", help="print the screen at the end")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    out = args.out or tempfile.mktemp(suffix=".prof")
    ms = asyncio.run(
        profile(
            args.screen, args.keys, args.think, (cols, rows), out, not args.no_profile, args.show
        )
    )
    print(f"{args.screen}: app CPU {ms:.1f} ms per key ({args.keys} keys)")
    if not args.no_profile:
        pstats.Stats(out).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
