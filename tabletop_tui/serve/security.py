"""The safety pieces of the demo server, free of asyncssh so they are quick to test.

- `safe_user_folder_name`: an SSH user name as a folder name, with no path tricks;
- `RateLimiter`: new connections per address in a sliding window;
- `is_loopback`: whether a --host binds only to this machine;
- `load_passwords` / `check_password`: the --password-file (`USER:PASSWORD` lines);
- `load_authorized_keys`: the --authorized-keys file, each key bound to its user names;
- `ensure_host_key`: the server's host key, generated on first run with owner-only access;
- `clean_term` / `clamp_size`: what a client may choose for its terminal;
- `LenientUtf8`: client keys as valid UTF-8 whatever bytes arrive;
- `EscapeCap` / `InputBucket`: typed input bounded before the app parses it (the length of
  one escape sequence, bytes per second);
- `table_identity`: who a login is at the shared tables (one login, one identity);
- `app_environment`: the fixed environment of every served app.
"""

from __future__ import annotations

import codecs
import hashlib
import hmac
import ipaddress
import os
import re
import socket
import stat
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: longest user folder name (a sanitised name plus, when it was changed, a short hash)
MAX_USER_NAME = 32
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"
#: a client may not ask for a bigger terminal than this (Textual allocates per cell)
MAX_COLS, MAX_ROWS = 500, 200
DEFAULT_SIZE = (80, 24)


class ServeError(Exception):
    """A problem with how the server was asked to run: one line, exit status 2."""


# -- user names -------------------------------------------------------------------------------
def safe_user_folder_name(username: str) -> str:
    """A folder name for an SSH user: only [A-Za-z0-9_-], at most MAX_USER_NAME characters.

    A name that is already safe (and short enough) is kept as it is. Any other name is
    cleaned and gets a short hash of the original appended, so "a.b" and "a_b" (or two long
    names with the same start) never share a save folder. ".", "..", "/", NUL and the like
    cannot survive, so the result is always one plain path component.
    """
    if username and len(username) <= MAX_USER_NAME and not _UNSAFE.search(username):
        return username
    digest = hashlib.sha256(username.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    cleaned = _UNSAFE.sub("_", username).strip("_-")[: MAX_USER_NAME - 9]
    return f"{cleaned or 'user'}-{digest}"


#: the longest table identity kept as typed (a longer name is cut and gets a hash)
MAX_IDENTITY = 64
#: marks an identity that is not a name as typed: a name holding it is never kept as it is
IDENTITY_MARK = "~"


def _digest(text: str, size: int = 12) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:size]


def table_identity(username: str) -> str:
    """Who a login name is at the shared tables: exactly one name, one identity.

    A name of printable characters (no `~`), at most MAX_IDENTITY long, is its own identity.
    Any other name is cleaned (other characters become `?`, the rest cut) and gets `~` and a
    hash of the whole original, so two names that differ anywhere (past the cut, or only
    in an unprintable character) are never one player; and no typed name can equal a
    cleaned one, since a typed `~` is never kept. Shortening for display is the screen's
    business, never the identity's.
    """
    if (
        username
        and len(username) <= MAX_IDENTITY
        and IDENTITY_MARK not in username
        and username.isprintable()
        and username.strip() == username
    ):
        return username
    cleaned = "".join(ch if ch.isprintable() and ch != IDENTITY_MARK else "?" for ch in username)
    cleaned = cleaned.strip()[: MAX_IDENTITY - 13] or "user"
    return f"{cleaned}{IDENTITY_MARK}{_digest(username)}"


def key_identity(fingerprint: str) -> str:
    """The table identity of a key that may log in under any name: the key itself."""
    return f"{IDENTITY_MARK}key-{fingerprint}"


def printable(text: str, limit: int = 64) -> str:
    """A client-chosen string made safe for one log line (no control characters)."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text[:limit])
    return text + ("..." if len(text) >= limit else "")


# -- terminals --------------------------------------------------------------------------------
def clean_term(term_type: str | None) -> str:
    """The client's TERM if it looks like a terminal name, else xterm-256color."""
    if term_type and _TERM.fullmatch(term_type):
        return term_type
    return DEFAULT_TERM


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A terminal size within bounds; 0 (unknown) means the 80x24 default."""
    cols = DEFAULT_SIZE[0] if cols <= 0 else min(cols, MAX_COLS)
    rows = DEFAULT_SIZE[1] if rows <= 0 else min(rows, MAX_ROWS)
    return cols, rows


# -- the app's environment --------------------------------------------------------------------
def package_root() -> str:
    """The folder holding the `tabletop_tui` package (put on the app's PYTHONPATH)."""
    return str(Path(__file__).resolve().parent.parent.parent)


#: the PATH of every served app, whatever the server's own is (a folder of the server's
#: user early in its PATH must not choose the programs an app may start)
APP_PATH = "/usr/local/bin:/usr/bin:/bin"


def app_environment(home: Path, term: str = DEFAULT_TERM) -> dict[str, str]:
    """The whole environment of a served app: fixed, so nothing of the server's own
    (tokens, keys, passwords, its PATH) reaches a remote player's app."""
    pythonpath = os.pathsep.join(p for p in (package_root(), os.environ.get("PYTHONPATH", "")) if p)
    return {
        "PATH": APP_PATH,
        "PYTHONPATH": pythonpath,
        "PYTHONIOENCODING": "utf-8",
        "LANG": "C.UTF-8",
        "TERM": term,
        "HOME": str(home),
        "TABLETOP_TUI_HOME": str(home),
    }


# -- addresses --------------------------------------------------------------------------------
def is_loopback(host: str) -> bool:
    """True when binding `host` listens only on this machine (127.0.0.0/8, ::1, localhost)."""
    if host in ("", "*"):
        return False  # every interface
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except OSError:
        return False
    addrs = {info[4][0] for info in infos}
    return bool(addrs) and all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addrs)


class RateLimiter:
    """At most `limit` new connections per address in any `window` seconds."""

    def __init__(
        self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ):
        self.limit = limit
        self.window = window
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        if self.limit <= 0:
            return True
        now = self.clock()
        if len(self._seen) > 10_000:
            self._prune(now)
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True

    def _prune(self, now: float) -> None:
        for address in [a for a, t in self._seen.items() if not t or now - t[-1] >= self.window]:
            del self._seen[address]


# -- passwords --------------------------------------------------------------------------------
def _read_option_file(path: Path, option: str) -> str:
    """The text of a file named on the command line; a ServeError names the option."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ServeError(f"cannot read {option} {path}: {exc}") from None


def load_passwords(path: Path) -> dict[str, str]:
    """Read a password file: one `USER:PASSWORD` per line; USER `*` matches every user.

    Blank lines and lines starting with `#` are skipped. The password is everything after
    the first colon (it may contain colons). Raises ServeError for an unreadable or empty
    file, or a line without a colon.
    """
    text = _read_option_file(path, "--password-file")
    passwords: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        user, sep, password = line.partition(":")
        if not sep or not user or not password:
            raise ServeError(
                f"{path}:{number}: expected USER:PASSWORD (USER may be * for every user)"
            )
        passwords[user] = password
    if not passwords:
        raise ServeError(f"--password-file {path} has no USER:PASSWORD lines")
    return passwords


def check_password(passwords: dict[str, str], username: str, password: str) -> bool:
    """Constant-time comparison against the user's own line, else the `*` line."""
    expected = passwords.get(username, passwords.get("*"))
    if expected is None:
        # compare anyway, so an unknown user takes as long as a known one
        hmac.compare_digest(password.encode(), password.encode())
        return False
    return hmac.compare_digest(expected.encode(), password.encode())


def loose_permissions(path: Path) -> bool:
    """True when group or others may read or write the file."""
    try:
        return bool(path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO))
    except OSError:
        return False


# -- authorized keys --------------------------------------------------------------------------
@dataclass(frozen=True)
class AuthorizedKey:
    """One key of --authorized-keys: the names it may log in as (none: any name, with a
    save folder of the key's own), and a folder name made from the key itself."""

    names: frozenset[str]
    fingerprint: str
    folder: str


#: authorized_keys flags that only take something away: accepted (this server allows
#: nothing of the kind anyway)
_HARMLESS_FLAGS = {
    "restrict",
    "no-agent-forwarding",
    "no-port-forwarding",
    "no-pty",
    "no-user-rc",
    "no-X11-forwarding",
    "no-x11-forwarding",
}


def _split_options(text: str) -> tuple[list[str], str]:
    """`opt,opt="a b" key...` -> the options and the rest; quotes may hold spaces, commas."""
    options, current, quoted, escaped = [], "", False, False
    for index, ch in enumerate(text):
        if escaped:
            current += ch
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif quoted:
            current += ch
        elif ch in " \t":
            options.append(current)
            return options, text[index:].strip()
        elif ch == ",":
            options.append(current)
            current = ""
        else:
            current += ch
    raise ValueError("unbalanced quotes" if quoted else "no key after the options")


def _parse_key(text: str):
    import asyncssh

    try:
        return asyncssh.import_public_key(text)
    except (asyncssh.KeyImportError, ValueError):
        return None


def load_authorized_keys(path: Path) -> dict[bytes, AuthorizedKey]:
    """Read --authorized-keys: OpenSSH `authorized_keys` lines, each key optionally bound
    to the user names it may log in as with `user="NAME"` options.

    Returns the keys by their public key bytes. Raises ServeError, naming the file and
    line, for an unreadable file, a line that is not a key, an option other than user=
    (and the no-... flags, which change nothing here), a NAME that is not a plain folder
    name (A-Z a-z 0-9 _ -), a key given twice, or a file without keys.
    """
    text = _read_option_file(path, "--authorized-keys")
    keys: dict[bytes, AuthorizedKey] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path}:{number}"
        key, options = _parse_key(line), []
        if key is None:
            try:
                options, rest = _split_options(line)
            except ValueError as exc:
                raise ServeError(f"{where}: not a public key line ({exc})") from None
            key = _parse_key(rest)
            if key is None:
                raise ServeError(f"{where}: not a public key line")
        names = set()
        for option in options:
            name, has_value, value = option.partition("=")
            if name.lower() == "user" and has_value:
                if not value or safe_user_folder_name(value) != value:
                    raise ServeError(
                        f'{where}: bad user="{printable(value)}": a name of A-Z a-z 0-9 _ - '
                        f"(at most {MAX_USER_NAME} characters)"
                    )
                names.add(value)
            elif option not in _HARMLESS_FLAGS:
                raise ServeError(
                    f"{where}: option '{printable(name)}' is not supported here "
                    '(only user="NAME", and no-... flags)'
                )
        blob = bytes(key.public_data)
        if blob in keys:
            raise ServeError(f"{where}: this key is given twice (give it all its user= names once)")
        keys[blob] = AuthorizedKey(
            names=frozenset(names),
            fingerprint=key.get_fingerprint(),
            folder=hashlib.sha256(blob).hexdigest()[:16],
        )
    if not keys:
        raise ServeError(f"--authorized-keys {path} has no keys")
    return keys


# -- the host key -----------------------------------------------------------------------------
def ensure_host_key(path: Path) -> bool:
    """Create an Ed25519 host key at `path` (owner-only, 0600) unless one exists.

    Returns True when a new key was written. The key is written to a fresh file opened
    with O_EXCL and mode 0600, so it is never readable by others, not even for a moment;
    two servers starting at once both end up using the same key.
    """
    if path.exists():
        return False
    import asyncssh

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    data = asyncssh.generate_private_key("ssh-ed25519").export_private_key()
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(tmp, path)  # fails if another server won the race: keep theirs
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return True


# -- input ------------------------------------------------------------------------------------
class LenientUtf8:
    """Turns a client's key stream into valid UTF-8, piece by piece.

    The app's input decoder is strict: one stray byte (an 8-bit Meta key, a Latin-1
    terminal) would end the session. Every byte that is not part of a valid UTF-8 sequence
    becomes U+FFFD; a sequence split across two pieces is held until it is complete.
    """

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed(self, data: bytes) -> bytes:
        return self._decoder.decode(data).encode("utf-8")


#: the longest escape sequence passed on to an app (a terminal's longest reply, a colour
#: report, is well under 100 bytes)
MAX_ESCAPE = 256
_ESC, _BEL, _CAN, _SUB = 0x1B, 0x07, 0x18, 0x1A
_GROUND, _ESCAPE, _CSI, _STRING, _STRING_ESC, _SS3 = range(6)


class EscapeCap:
    """Cuts every escape sequence in a key stream to at most `limit` bytes.

    The app's input parser holds a whole sequence until it ends, and the cost of that grows
    with its length: an unterminated OSC of 100 KB or a CSI of 40 KB kept an app busy for
    many seconds. Bytes of one sequence past the limit are dropped; its final byte (or
    string terminator) still goes through, so the app's parser ends the shortened sequence
    where the client's ended. A plain ESC key and short sequences pass unchanged and at
    once (nothing is held back)."""

    def __init__(self, limit: int = MAX_ESCAPE):
        self.limit = limit
        self.state = _GROUND
        self.length = 0
        #: bytes dropped so far (for the log)
        self.dropped = 0

    def feed(self, data: bytes) -> bytes:
        out = bytearray()
        for byte in data:
            self._byte(byte, out)
        return bytes(out)

    def _keep(self, byte: int, out: bytearray) -> None:
        self.length += 1
        if self.length <= self.limit:
            out.append(byte)
        else:
            self.dropped += 1

    def _byte(self, byte: int, out: bytearray) -> None:
        state = self.state
        if state == _STRING_ESC:
            if byte == 0x5C:  # ESC \ (ST) ends the string
                out += b"\x1b\\"
                self.state = _GROUND
                return
            out.append(_ESC)  # an ESC inside a string ends it and begins a new sequence
            self.state, self.length = _ESCAPE, 1
            state = _ESCAPE
        if byte == _ESC and state != _STRING:
            out.append(byte)
            self.state, self.length = _ESCAPE, 1
            return
        if byte in (_CAN, _SUB):  # cancel any sequence
            out.append(byte)
            self.state = _GROUND
            return
        if state == _GROUND:
            out.append(byte)
        elif state == _ESCAPE:
            out.append(byte)
            self.length += 1
            if byte == 0x5B:  # [
                self.state = _CSI
            elif byte in (0x5D, 0x50, 0x5F, 0x5E, 0x58):  # ] P _ ^ X: strings
                self.state = _STRING
            elif byte == 0x4F:  # O: one more byte (SS3)
                self.state = _SS3
            else:
                self.state = _GROUND  # a two-byte sequence (Alt+key)
        elif state == _SS3:
            out.append(byte)
            self.state = _GROUND
        elif state == _CSI:
            if 0x40 <= byte <= 0x7E:  # the final byte
                out.append(byte)
                self.state = _GROUND
            elif 0x20 <= byte <= 0x3F:
                self._keep(byte, out)
            elif byte < 0x20:  # a control inside a CSI acts on its own
                out.append(byte)
            else:  # not a CSI after all
                out.append(byte)
                self.state = _GROUND
        else:  # _STRING
            if byte == _BEL:
                out.append(byte)
                self.state = _GROUND
            elif byte == _ESC:
                self.state = _STRING_ESC
            else:
                self._keep(byte, out)


class InputBucket:
    """Bytes per second a session's app may be sent, with a burst: a token bucket. The
    caller holds back what does not fit (and stops reading the client) until `wait()`."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = max(1, burst)
        self.clock = clock
        self.tokens = float(self.burst)
        self.last = clock()

    def available(self) -> int:
        """Bytes that may go now (a great many when there is no limit)."""
        if self.rate <= 0:
            return 1 << 62
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        return int(self.tokens)

    def spend(self, count: int) -> None:
        if self.rate > 0:
            self.tokens -= count

    def wait(self, wanted: int) -> float:
        """Seconds until `wanted` bytes (at most a burst) may go."""
        if self.rate <= 0:
            return 0.0
        need = min(wanted, self.burst) - self.tokens
        return max(0.0, need / self.rate)
