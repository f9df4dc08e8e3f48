"""One app process on its own pseudo-terminal, driven from an asyncio loop.

The child gets the pty slave as stdin, stdout and stderr (Textual draws on stderr), runs in
a new session with the pty as its controlling terminal (see `tabletop_tui.serve.child`), so
a size change set on the master (TIOCSWINSZ) reaches it as SIGWINCH. The master is read
without blocking; output goes to `on_output`, input is written with a bounded buffer.
Ending it: SIGHUP, then SIGTERM, then SIGKILL to its process group, each after a short
wait, and the process is always reaped. With `crash_report`, the child also gets a pipe
(its number in TABLETOP_TUI_CRASH_FD) for a crash report that the player never sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import termios
import tty
from collections.abc import Callable, Sequence

from .crash_report import CRASH_FD_VARIABLE, MAX_REPORT

#: (signal, seconds to wait for the exit) when ending a child
TERMINATE_STEPS: tuple[tuple[signal.Signals, float], ...] = (
    (signal.SIGHUP, 1.0),
    (signal.SIGTERM, 1.0),
    (signal.SIGKILL, 5.0),
)
READ_CHUNK = 65536
#: input held back while the child is not reading; above it the client is paused
MAX_PENDING_INPUT = 64 * 1024
#: at most one size change per interval reaches the child (the last one always does)
RESIZE_INTERVAL = 0.05
#: after the child exits, how long to wait for the last of its output
DRAIN_TIMEOUT = 0.5


def set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def get_winsize(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


def _prepare_slave(fd: int) -> None:
    """Raw input from the start (no echo, no signals from keys, no XON/XOFF), so keys typed
    while the app starts neither echo nor send SIGINT/SIGTSTP, and Ctrl+S is a key.
    Output processing (\\n -> \\r\\n) stays on for any plain text the child prints."""
    tty.setraw(fd, termios.TCSANOW)
    attrs = termios.tcgetattr(fd)
    attrs[1] |= termios.OPOST | termios.ONLCR
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


class PtyProcess:
    """A child process on a fresh pty. Call `start`, then `write`, `resize`, `wait`,
    `terminate`. `on_output(bytes)` receives everything the child writes.
    `on_input_blocked(bool)` (optional) is told when too much input is waiting."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: dict[str, str],
        cwd: str | os.PathLike[str] | None,
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_input_blocked: Callable[[bool], None] | None = None,
        crash_report: bool = False,
    ):
        self.argv = list(argv)
        self.env = env
        self.cwd = cwd
        self.size = size
        self.on_output = on_output
        self.on_input_blocked = on_input_blocked or (lambda blocked: None)
        self.proc: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.returncode: int | None = None
        self._loop = asyncio.get_running_loop()
        self._reading = False
        self._paused = False
        self._eof = asyncio.Event()
        self._pending = bytearray()
        self._blocked = False
        self._want_size = size
        self._resize_timer: asyncio.TimerHandle | None = None
        self._done: asyncio.Future[int] | None = None
        self._want_report = crash_report
        self._report_fd: int | None = None
        self._report_done = asyncio.Event()
        #: what the child sent on its crash report pipe
        self.crash_report = bytearray()

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    # -- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        master, slave = os.openpty()
        env, pass_fds = self.env, ()
        report_r = report_w = None
        if self._want_report:
            report_r, report_w = os.pipe()
            env = {**env, CRASH_FD_VARIABLE: str(report_w)}
            pass_fds = (report_w,)
        try:
            set_winsize(master, *self.size)
            _prepare_slave(slave)
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=self.cwd,
                start_new_session=True,  # its own session, so its own controlling tty
                pass_fds=pass_fds,
            )
        except BaseException:
            os.close(master)
            if report_r is not None:
                os.close(report_r)
            raise
        finally:
            os.close(slave)  # else reading the master never reports the end
            if report_w is not None:
                os.close(report_w)  # the child holds the only write end
        if report_r is None:
            self._report_done.set()
        else:
            os.set_blocking(report_r, False)
            self._report_fd = report_r
            self._loop.add_reader(report_r, self._read_report)
        self.master = master
        os.set_blocking(master, False)
        self._start_reading()
        self._done = asyncio.ensure_future(self._wait())

    async def _wait(self) -> int:
        assert self.proc is not None
        code = await self.proc.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._eof.wait(), DRAIN_TIMEOUT)
        with contextlib.suppress(TimeoutError):  # (a grandchild may still hold the pipe)
            await asyncio.wait_for(self._report_done.wait(), DRAIN_TIMEOUT)
        self._close_report()
        self._close_master()
        self.returncode = code
        return code

    async def wait(self) -> int:
        """The exit status (negative: killed by that signal), once the output is drained."""
        assert self._done is not None, "start() first"
        return await asyncio.shield(self._done)

    async def terminate(self) -> int | None:
        """End the child (SIGHUP, SIGTERM, SIGKILL to its process group) and reap it."""
        if self._done is None or self.proc is None:
            return None
        for sig, timeout in TERMINATE_STEPS:
            if self._done.done() or self.proc.returncode is not None:
                break
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, sig)
            try:
                await asyncio.wait_for(asyncio.shield(self._done), timeout)
                break
            except TimeoutError:
                continue
        return await asyncio.shield(self._done)

    def _close_master(self) -> None:
        if self.master is None:
            return
        self._stop_reading()
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_writer(self.master)
        if self._resize_timer is not None:
            self._resize_timer.cancel()
            self._resize_timer = None
        os.close(self.master)
        self.master = None
        self._eof.set()
        if self._blocked:
            self._blocked = False
            self.on_input_blocked(False)

    def _read_report(self) -> None:
        assert self._report_fd is not None
        try:
            data = os.read(self._report_fd, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._close_report()
            return
        self.crash_report += data[: MAX_REPORT - len(self.crash_report)]

    def _close_report(self) -> None:
        if self._report_fd is not None:
            self._loop.remove_reader(self._report_fd)
            os.close(self._report_fd)
            self._report_fd = None
        self._report_done.set()

    # -- output --------------------------------------------------------------------------
    def _start_reading(self) -> None:
        if self.master is not None and not self._reading and not self._eof.is_set():
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self.master is not None:
            self._loop.remove_reader(self.master)
        self._reading = False

    def _read(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the slave has closed it
            data = b""
        if not data:
            self._stop_reading()
            self._eof.set()
            return
        self.on_output(data)

    def pause_output(self) -> None:
        """Stop reading the child's output (the client is slow); the child then blocks."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._start_reading()

    # -- input ---------------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        if self.master is None or not data:
            return
        if self._pending:
            self._pending += data
        else:
            try:
                written = os.write(self.master, data)
            except BlockingIOError:
                written = 0
            except OSError:
                return  # the child is gone
            if written == len(data):
                return
            self._pending += data[written:]
            self._loop.add_writer(self.master, self._flush)
        if len(self._pending) > MAX_PENDING_INPUT and not self._blocked:
            self._blocked = True
            self.on_input_blocked(True)

    def _flush(self) -> None:
        assert self.master is not None
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            written = len(self._pending)
        del self._pending[:written]
        if not self._pending:
            self._loop.remove_writer(self.master)
        if self._blocked and len(self._pending) <= MAX_PENDING_INPUT // 2:
            self._blocked = False
            self.on_input_blocked(False)

    # -- size ----------------------------------------------------------------------------
    def resize(self, cols: int, rows: int) -> None:
        """Set the terminal size; a storm of changes reaches the child at most every
        RESIZE_INTERVAL seconds, and the last size always arrives."""
        self._want_size = (cols, rows)
        if self._resize_timer is None:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_timer = None
        if self.master is None or self._want_size == self.size:
            return
        self.size = self._want_size
        with contextlib.suppress(OSError):
            set_winsize(self.master, *self.size)  # the kernel sends the child SIGWINCH
        self._resize_timer = self._loop.call_later(RESIZE_INTERVAL, self._apply_size)
