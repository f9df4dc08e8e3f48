"""The app process of one served session: `python -m tabletop_tui.serve.child [CLI ARGS]`.

The SSH server starts it in a new session (setsid) with a pty slave as stdin, stdout and
stderr. This makes that pty its controlling terminal (TIOCSCTTY), so the kernel sends it
SIGWINCH when the client's window changes and SIGHUP when the session is hung up, then
runs the ordinary `tabletop-tui` command line. Saves are made owner-only (umask 077).

A remote player must never see a traceback (it shows the server's install paths), so
whatever the app writes to `sys.stderr` (where Textual prints the error that ended it) is
held back and goes to the server: to the file descriptor named by TABLETOP_TUI_CRASH_FD,
else to the real stderr (which `serve web` keeps on the server). If it is a crash (a
traceback, or a failing exit status), the player gets one line and the exit status is
CRASH_STATUS; a one-line `tabletop-tui: error:` is the player's own and is shown.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import sys
import termios
from collections.abc import Callable

from .crash_report import CRASH_FD_VARIABLE, CRASH_MESSAGE, CRASH_STATUS, MAX_REPORT


def _is_user_error(text: str) -> bool:
    """A one-line error meant for the player (a bad option, a broken save)."""
    lines = text.strip().splitlines()
    return (
        len(lines) == 1
        and lines[0].startswith("tabletop-tui: error: ")
        and "internal error" not in lines[0]
    )


def _report(text: str) -> None:
    data = text.encode("utf-8", "replace")[:MAX_REPORT]
    fd_text = os.environ.get(CRASH_FD_VARIABLE, "")
    if fd_text.isdigit():
        with contextlib.suppress(OSError):
            os.write(int(fd_text), data)
            os.close(int(fd_text))
            return
    with contextlib.suppress(OSError, ValueError):
        sys.__stderr__.buffer.write(data)
        sys.__stderr__.flush()


def run_reported(run: Callable[[], int]) -> int:
    """Run the app with its error output held back; a crash is reported, never shown."""
    held = io.StringIO()
    sys.stderr = held  # Textual draws on sys.__stderr__, and prints its errors on sys.stderr
    try:
        try:
            code = run()
        except BaseException as exc:  # even SystemExit: the report must go out
            if isinstance(exc, SystemExit) and not held.getvalue():
                raise
            import traceback

            traceback.print_exc(file=held)
            code = CRASH_STATUS
    finally:
        sys.stderr = sys.__stderr__
    text = held.getvalue()
    if not text.strip():
        return code
    if _is_user_error(text):
        sys.stderr.write(text)
        sys.stderr.flush()
        return code
    _report(text)  # the server logs it, a crash or not (a warning, say)
    if code == 0 and "Traceback" not in text:
        return code
    with contextlib.suppress(OSError, ValueError):
        if sys.stdout.isatty():  # (under `serve web` stdout carries the app's packets)
            sys.stdout.write("\r\n" + CRASH_MESSAGE + "\r\n")
            sys.stdout.flush()
    return CRASH_STATUS


def main(argv: list[str]) -> int:
    os.umask(0o077)
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    def run() -> int:
        from ..cli import main as cli_main  # (inside: even an import error is reported)

        return cli_main(argv)

    return run_reported(run)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
