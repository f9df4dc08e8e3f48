"""The terminal in line mode for the plain front end.

A terminal left raw (as `serve ssh` hands each app its pty, ready for the full screen)
neither echoes what is typed nor ends a line at Enter; a plain player needs the terminal's
own line editing: echo, Backspace, Enter as the end of a line, Ctrl+C. Restored on exit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TextIO


@contextlib.contextmanager
def line_mode(stream: TextIO) -> Iterator[None]:
    try:
        import termios

        fd = stream.fileno()
        if not stream.isatty():
            raise OSError
        before = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError, AttributeError):
        yield  # a pipe, a file, a test's StringIO, or no termios: nothing to set
        return
    attrs = termios.tcgetattr(fd)
    attrs[0] |= termios.ICRNL
    attrs[3] |= termios.ICANON | termios.ECHO | termios.ECHOE | termios.ISIG | termios.IEXTEN
    try:
        termios.tcsetattr(fd, termios.TCSANOW, attrs)
        yield
    finally:
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(fd, termios.TCSANOW, before)
