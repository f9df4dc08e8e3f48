"""The app process of one SSH session: `python -m tabletop_tui.serve.child [CLI ARGS]`.

The server starts it in a new session (setsid) with a pty slave as stdin, stdout and
stderr. This makes that pty its controlling terminal (TIOCSCTTY), so the kernel sends it
SIGWINCH when the client's window changes and SIGHUP when the session is hung up, then
runs the ordinary `tabletop-tui` command line. Saves are made owner-only (umask 077).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import termios


def main(argv: list[str]) -> int:
    os.umask(0o077)
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    from ..cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
