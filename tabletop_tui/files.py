"""Reading the files a player hands us (saves, card files) without trusting them.

A path may name a folder, a FIFO that never delivers, a device, a dangling or looping
symlink, a file we may not read or one far too big to parse. Each of these is refused with
a short reason in player words before any parsing starts; the caller adds the file's name.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path


class FileProblem(Exception):
    """Why a file cannot be used, in a few words (without its name)."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def os_problem(exc: OSError, path: Path | str | None = None) -> str:
    """An OSError in player words."""
    code = exc.errno
    if code == errno.ENOENT:
        if path is not None and os.path.islink(path):
            return "a symlink to a file that does not exist"
        return "no such file"
    if code == errno.ELOOP:
        return "a symlink loop"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.EISDIR:
        return "a folder, not a file"
    if code == errno.ENOTDIR:
        return "a folder in its path is a file"
    if code == errno.ENOSPC:
        return "no space left on the disk"
    if code == errno.EROFS:
        return "the folder is read-only"
    return (exc.strerror or type(exc).__name__).lower()


def _size_words(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 1024} KB"


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileProblem otherwise.

    Opened without blocking (a FIFO with no writer would wait forever) and checked with
    fstat on the open file, so what is checked is what is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileProblem(os_problem(exc, path)) from None
    try:
        info = os.fstat(fd)
        for test, kind in _KINDS:
            if test(info.st_mode):
                raise FileProblem(f"{kind}, not a regular file")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("not a regular file")
        if info.st_size > limit:
            raise FileProblem(
                f"too large ({info.st_size:,} bytes; the limit is {_size_words(limit)})"
            )
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while we read
            raise FileProblem(f"too large (over the limit of {_size_words(limit)})")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(os_problem(exc, path)) from None
    finally:
        os.close(fd)


def decode_text(data: bytes) -> str:
    """UTF-8 text (a leading byte-order mark is allowed); FileProblem names other encodings."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem("it is UTF-16 text, not UTF-8: save it as UTF-8")
    zeros = data.count(b"\x00")
    if zeros:  # never in JSON or TOML text
        if zeros * 3 >= len(data):
            raise FileProblem("not UTF-8 text (it looks like UTF-16: save it as UTF-8)")
        raise FileProblem(f"not UTF-8 text (a zero byte at offset {data.index(0)}: binary data)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint = f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not UTF-8"
        raise FileProblem(f"not UTF-8 text ({hint})") from None


def fsync_folder(folder: Path | str) -> None:
    """Make a rename inside `folder` durable; a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: a temporary file of another target older than this belongs to a writer that died
STALE_TEMP_SECONDS = 60


def temp_files(folder: Path, target: str | None = None) -> list[Path]:
    """Temporary files `write_atomic` made in `folder` (for `target` only, if given)."""
    prefix = f".{target}." if target else "."
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [folder / n for n in names if n.startswith(prefix) and n.endswith(".tmp")]


def clean_temp_files(folder: Path, target: str | None = None) -> int:
    """Remove what a killed writer left: every temporary of `target` (one writer per file),
    and any other one older than STALE_TEMP_SECONDS (another process may be writing it)."""
    removed = 0
    now = time.time()
    for path in temp_files(Path(folder)):
        try:
            info = path.lstat()
            mine = target is not None and path.name.startswith(f".{target}.")
            if (mine or now - info.st_mtime > STALE_TEMP_SECONDS) and stat.S_ISREG(info.st_mode):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed
