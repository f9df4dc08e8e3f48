"""Test helpers for the SSH demo server: a real asyncssh client, a tiny screen, pid checks.

Everything is on loopback and bounded in time.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import asyncssh

_ESCAPES = re.compile(
    rb"\x1b(?:\[[0-9;?<>=$ ]*[A-Za-z~@`{|}]|\][^\x07\x1b]*(?:\x07|\x1b\\)|P[^\x1b]*\x1b\\|[()][A-Z0-9]|[=>78cDEHMNOZ])"
)
_CURSOR = re.compile(rb"\x1b\[(\d*);?(\d*)H")


def plain(data: bytes) -> str:
    """Terminal output without escape sequences (Textual writes each styled run whole)."""
    return _ESCAPES.sub(b"", data).decode("utf-8", "replace")


class Screen:
    """Just enough of a terminal for Textual's output: absolute cursor moves, CR, LF and
    text; every other escape sequence is ignored. Records which cells were written."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 1

    def feed(self, data: bytes) -> None:
        pos = 0
        for match in _ESCAPES.finditer(data):
            self._text(data[pos : match.start()])
            cursor = _CURSOR.fullmatch(match.group())
            if cursor:
                self.row = int(cursor.group(1) or 1)
                self.col = int(cursor.group(2) or 1)
            pos = match.end()
        self._text(data[pos:])

    def _text(self, chunk: bytes) -> None:
        for ch in chunk.decode("utf-8", "replace"):
            if ch == "\r":
                self.col = 1
            elif ch == "\n":
                self.row += 1
            elif ch.isprintable():
                self.cells[(self.row, self.col)] = ch
                self.col += 1

    def size(self) -> tuple[int, int]:
        """(columns, rows) of the area written."""
        if not self.cells:
            return (0, 0)
        return max(c for _, c in self.cells), max(r for r, _ in self.cells)

    def rows_written(self) -> set[int]:
        return {r for r, _ in self.cells}


async def connect(port: int, username: str = "demo", **options) -> asyncssh.SSHClientConnection:
    options.setdefault("client_keys", None)
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            known_hosts=None,
            agent_path=None,
            config=None,
            connect_timeout=15,
            **options,
        ),
        20,
    )


class Term:
    """One interactive session: everything the server sent, and ways to wait for text."""

    def __init__(self, process: asyncssh.SSHClientProcess):
        self.process = process
        self.data = bytearray()
        self.closed = asyncio.Event()
        #: set whenever output arrives (clear it, then wait on it)
        self.output = asyncio.Event()
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def open(
        cls, conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24), **kw
    ) -> Term:
        process = await asyncio.wait_for(
            conn.create_process(
                term_type=kw.pop("term_type", "xterm-256color"),
                term_size=size,
                encoding=None,
                **kw,
            ),
            20,
        )
        return cls(process)

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    break
                self.data.extend(chunk)
                self.output.set()
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()

    def text(self, start: int = 0) -> str:
        return plain(bytes(self.data[start:]))

    def mark(self) -> int:
        return len(self.data)

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def wait_for(self, needle: str, timeout: float = 30.0, start: int = 0) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.text(start):
            if self.closed.is_set() and needle not in self.text(start):
                raise AssertionError(f"session closed before {needle!r}: {self.text()[-600:]!r}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {needle!r} within {timeout} s: {self.text()[-600:]!r}")
            await asyncio.sleep(0.02)

    async def wait_quiet(self, quiet: float = 0.4, timeout: float = 10.0) -> None:
        """Until nothing has arrived for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            size = len(self.data)
            await asyncio.sleep(quiet)
            if len(self.data) == size:
                return
        raise AssertionError("the output never went quiet")

    async def wait_closed(self, timeout: float = 15.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)


def pid_gone(pid: int) -> bool:
    """True once the process no longer exists, not even as a zombie (so it was reaped)."""
    return not Path(f"/proc/{pid}").exists()


async def wait_pids_gone(pids, timeout: float = 8.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(pid_gone(p) for p in pids):
        if time.monotonic() > deadline:
            alive = [p for p in pids if not pid_gone(p)]
            raise AssertionError(f"processes still there after {timeout} s: {alive}")
        await asyncio.sleep(0.05)
