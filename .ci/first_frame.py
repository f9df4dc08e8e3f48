#!/usr/bin/env python3
"""Run the README's play command under a pseudo-terminal until the launcher's first frame, then quit.

  python3 .ci/first_frame.py [DIR]     (DIR: a clean checkout, default the current folder)

The play command is read from README.md (the line starting `python3 -m venv .venv`) and run
with bash in DIR exactly as a new player would paste it. Passes when the launcher's title and
a game's name appear on the terminal and `q` then ends the program with status 0.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

INSTALL_TIMEOUT = 600.0  # seconds for the venv, the install and the first frame together
QUIT_TIMEOUT = 30.0
MARKERS = (b"tabletop-tui", b"Army Of Zero")


def play_command(readme: Path) -> str:
    for line in readme.read_text("utf-8").splitlines():
        if line.startswith("python3 -m venv .venv") and "'.[test]'" not in line:
            return line
    raise SystemExit("first_frame: README.md has no play line starting 'python3 -m venv .venv'")


def main() -> int:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    command = play_command(folder / "README.md")
    print(f"first_frame: {command}", flush=True)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL")}
    env["TERM"] = "xterm-256color"
    pid, fd = pty.fork()
    if pid == 0:  # the child: a new player's shell in the checkout
        os.chdir(folder)
        os.execvpe("bash", ["bash", "-c", command], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    deadline = time.monotonic() + INSTALL_TIMEOUT
    quit_sent_at: float | None = None
    last_q = 0.0
    status = None
    while True:
        now = time.monotonic()
        if quit_sent_at is None and now > deadline:
            break
        if quit_sent_at is not None and now > quit_sent_at + QUIT_TIMEOUT:
            break
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            seen += chunk
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
            break
        plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen)
        if quit_sent_at is None and all(m in plain for m in MARKERS):
            print("first_frame: the launcher is on screen; pressing q", flush=True)
            quit_sent_at = last_q = time.monotonic()
            os.write(fd, b"q")
        elif quit_sent_at is not None and now - last_q > 2.0:
            os.write(fd, b"q")  # a key sent while the app was still starting may be missed
            last_q = now
    end = time.monotonic() + QUIT_TIMEOUT
    while status is None and time.monotonic() < end:  # the terminal closed: wait for the exit
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
        else:
            time.sleep(0.1)
    if status is None:  # still running after a time-out: end it
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    tail = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen)[-1500:].decode("utf-8", "replace")
    if quit_sent_at is None:
        print(f"first_frame: FAILED, the launcher never appeared. Last output:\n{tail}")
        return 1
    if status is None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        print(f"first_frame: FAILED, q did not end the launcher cleanly ({status}):\n{tail}")
        return 1
    print("first_frame: clone -> launcher -> quit: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
