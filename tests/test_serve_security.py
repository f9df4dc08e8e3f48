"""The safety pieces of the demo server, and the `serve` command's refusals of bad options."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop_tui
from tabletop_tui.cli import main
from tabletop_tui.serve.security import (
    MAX_USER_NAME,
    LenientUtf8,
    RateLimiter,
    ServeError,
    check_password,
    clamp_size,
    clean_term,
    ensure_host_key,
    is_loopback,
    load_authorized_keys,
    load_passwords,
    printable,
    safe_user_folder_name,
)
from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig, non_loopback_warning

ROOT = Path(tabletop_tui.__file__).resolve().parent.parent
ERROR = "tabletop-tui: error: "


@pytest.mark.parametrize("name", ["demo", "Alice_01", "a-b", "x" * MAX_USER_NAME])
def test_safe_user_names_are_kept(name):
    assert safe_user_folder_name(name) == name


@pytest.mark.parametrize(
    "name",
    [
        "",
        ".",
        "..",
        "../../etc/passwd",
        "/root",
        "a/b",
        "a\\b",
        "a.b",
        "a b",
        "nul\x00byte",
        "new\nline",
        "émile",
        "ユーザー",
        "-",
        "x" * 500,
        "~root",
        "$(reboot)",
    ],
)
def test_user_names_are_sanitised(name, tmp_path):
    safe = safe_user_folder_name(name)
    assert safe and len(safe) <= MAX_USER_NAME
    assert all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in safe)
    assert safe not in (".", "..")
    assert (tmp_path / safe).parent == tmp_path  # always one plain path component
    assert safe_user_folder_name(name) == safe  # stable across visits


def test_different_names_never_share_a_folder():
    names = ["a.b", "a_b", "a b", "a/b", "x" * 40, "x" * 41, "A.B"]
    assert len({safe_user_folder_name(n) for n in names}) == len(names)


def test_printable_log_fields():
    assert printable("bob\r\nfake log line\x1b[2J") == "bob??fake log line?[2J"
    assert len(printable("x" * 1000)) <= 67


def test_terminal_type_and_size_from_the_client():
    assert clean_term("xterm-256color") == "xterm-256color"
    assert clean_term("screen.xterm-256color") == "screen.xterm-256color"
    for bad in (None, "", "../../x", "a b", "x" * 100, "\x1b[31m"):
        assert clean_term(bad) == "xterm-256color"
    assert clamp_size(0, 0) == (80, 24)
    assert clamp_size(120, 40) == (120, 40)
    assert clamp_size(65535, 65535) == (500, 200)


def test_rate_limiter_sliding_window():
    now = [0.0]
    limiter = RateLimiter(3, window=60, clock=lambda: now[0])
    assert [limiter.allow("1.2.3.4") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("5.6.7.8")  # per address
    now[0] = 59.0
    assert not limiter.allow("1.2.3.4")
    now[0] = 60.5
    assert limiter.allow("1.2.3.4")
    assert RateLimiter(0).allow("x")  # 0: no limit


def test_loopback_detection_without_binding():
    for host in ("127.0.0.1", "127.3.4.5", "::1", "[::1]", "localhost"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "", "192.168.1.10", "10.0.0.1"):
        assert not is_loopback(host), host


def test_loud_warning_for_open_servers_without_auth():
    warning = non_loopback_warning("0.0.0.0", "none")
    assert warning and "WARNING" in warning and "--auth" in warning
    assert non_loopback_warning("127.0.0.1", "none") is None
    assert non_loopback_warning("0.0.0.0", "password") is None
    assert non_loopback_warning("0.0.0.0", "keys") is None


def test_password_file(tmp_path):
    path = tmp_path / "pw"
    path.write_text("# comment\n\nalice:one:two\n*:shared\n")
    passwords = load_passwords(path)
    assert passwords == {"alice": "one:two", "*": "shared"}
    assert check_password(passwords, "alice", "one:two")
    assert not check_password(passwords, "alice", "shared")  # her own line wins
    assert check_password(passwords, "bob", "shared")
    assert not check_password({"alice": "x"}, "bob", "x")
    for text in ("", "# nothing\n", "justapassword\n", ":nouser\n", "user:\n"):
        path.write_text(text)
        with pytest.raises(ServeError):
            load_passwords(path)


def test_host_key_is_made_once_owner_only(tmp_path):
    path = tmp_path / "data" / "ssh_host_ed25519_key"
    assert ensure_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    first = path.read_bytes()
    assert b"PRIVATE KEY" in first
    assert not ensure_host_key(path)
    assert path.read_bytes() == first
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left


def test_the_app_environment_leaks_nothing_of_the_server(tmp_path, monkeypatch):
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "hunter2")
    server = DemoServer(SSHServeConfig(data_dir=tmp_path))
    env = server.app_env(
        "xterm", tmp_path / "u", {"COLORTERM": "truecolor", "NO_COLOR": "1", "LD_PRELOAD": "x"}
    )
    assert "AWS_SECRET_ACCESS_KEY" not in env and "LD_PRELOAD" not in env
    assert env["TABLETOP_TUI_HOME"] == str(tmp_path / "u")
    assert env["COLORTERM"] == "truecolor" and env["NO_COLOR"] == "1"
    assert env["TERM"] == "xterm"
    assert server.app_env("xterm", tmp_path, {"COLORTERM": "$(x)"}).get("COLORTERM") is None


# -- the command's refusals ---------------------------------------------------------------------
@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["serve"], "{ssh,web}"),
        (["serve", "ssh", "--port", "70000"], "bad port"),
        (["serve", "ssh", "--port", "x"], "bad port"),
        (["serve", "ssh", "--max-sessions", "0"], "bad number of sessions"),
        (["serve", "ssh", "--idle-timeout", "-1"], "bad idle timeout"),
        (["serve", "ssh", "--rate-limit", "-3"], "bad rate limit"),
        (["serve", "ssh", "--max-startups", "0"], "bad number of connections"),
        (["serve", "ssh", "--login-grace", "0"], "bad login grace time"),
        (["serve", "ssh", "--max-per-address", "-1"], "bad number per address"),
        (["serve", "ssh", "--auth", "magic"], "invalid choice"),
        (["serve", "ssh", "--auth", "password"], "--password-file"),
        (["serve", "ssh", "--auth", "keys"], "--authorized-keys"),
        (["serve", "ssh", "--password-file", "/nonexistent/pw"], "is not a file"),
        (["serve", "ssh", "--game", "chess"], "chess"),
        (["serve", "web", "--port", "0"], "fixed port"),
        (["serve", "web", "--max-sessions", "0"], "bad number of sessions"),
        (["serve", "web", "--auth", "open"], "invalid choice"),
        (["serve", "web", "--public-url", "ftp://example.org"], "bad public URL"),
        (["serve", "web", "--public-url", "https://example.org/games"], "bad public URL"),
        (["serve", "web", "--game", "chess"], "chess"),
    ],
)
def test_serve_refuses_bad_options_in_one_line(argv, needle, capsys, home):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.startswith(ERROR) and err.count("\n") == 1, err
    assert needle in err
    assert not home.exists() or not any(home.iterdir())  # no host key made on the way


def test_serve_refuses_mismatched_auth_files(tmp_path, capsys, home):
    pw = tmp_path / "pw"
    pw.write_text("a:b\n")
    assert main(["serve", "ssh", "--auth", "keys", "--password-file", str(pw)]) == 2
    assert "--password-file needs --auth password" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.write_text("")
    assert main(["serve", "ssh", "--password-file", str(empty)]) == 2
    assert "no USER:PASSWORD lines" in capsys.readouterr().err


def test_serve_ssh_bad_host_key_or_busy_port_is_one_line(tmp_path, capsys, home):
    garbage = tmp_path / "key"
    garbage.write_text("not a key\n")
    assert main(["serve", "ssh", "--port", "0", "--host-key", str(garbage)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(ERROR) and err.count("\n") == 1 and "cannot read the host key" in err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "ssh", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(ERROR) and err.count("\n") == 1 and "cannot listen on" in err
    key = home / "ssh_host_ed25519_key"  # made on the way, owner-only
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_serve_web_without_textual_serve_says_what_to_install(monkeypatch, capsys, home):
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve", "web"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(ERROR) and err.count("\n") == 1
    assert "pip install '.[web]'" in err


def test_list_does_not_import_the_servers():
    code = (
        "import sys; from tabletop_tui.cli import main; main(['list']); "
        "bad = [m for m in ('asyncssh', 'textual_serve') if m in sys.modules]; "
        "assert not bad, bad"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr


def test_lenient_utf8_replaces_stray_bytes_and_keeps_split_sequences():
    """Issue 17, item 4: any byte stream becomes valid UTF-8, keys in order."""
    decoder = LenientUtf8()
    assert decoder.feed(b"a\xffb") == "a\ufffdb".encode()
    assert decoder.feed(b"\xc3") == b""  # half of an e-acute: held back...
    assert decoder.feed(b"\xa9\x1b[A") == "\u00e9\x1b[A".encode()  # ...until complete
    assert decoder.feed(b"\xe1q") == "\ufffdq".encode()  # a sequence cut short
    for chunk in (bytes([n]) for n in range(256)):
        decoder.feed(chunk).decode("utf-8")  # never anything the app's decoder refuses


def _public(key) -> str:
    return key.export_public_key().decode().strip()


def test_authorized_keys_bind_names(tmp_path):
    """Issue 17, item 3: `user="NAME"` options bind a key to names; a bare key has none."""
    import asyncssh

    ann, shared, bare = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    path = tmp_path / "keys"
    path.write_text(
        "# players\n"
        f'user="ann" {_public(ann)} ann@laptop\n'
        f'restrict,user="sam",user="kim" {_public(shared)}\n'
        f"\n{_public(bare)} spare key\n"
    )
    keys = load_authorized_keys(path)
    by_key = {bytes(k.convert_to_public().public_data): k for k in (ann, shared, bare)}
    assert {keys[b].names for b in by_key} == {
        frozenset({"ann"}),
        frozenset({"sam", "kim"}),
        frozenset(),
    }
    folders = {entry.folder for entry in keys.values()}
    assert len(folders) == 3 and all(f == safe_user_folder_name(f) for f in folders)


@pytest.mark.parametrize(
    "line, needle",
    [
        ('user="../etc" KEY', "bad user="),
        ('user="" KEY', "bad user="),
        ('from="10.0.0.1" KEY', "option 'from' is not supported"),
        ('command="sh" KEY', "option 'command' is not supported"),
        ('user="ann KEY', "not a public key line"),
        ("ssh-ed25519 AAAAnot-base64", "not a public key line"),
        ('KEY\nuser="bob" KEY', "given twice"),
    ],
)
def test_bad_authorized_keys_lines_name_the_line(tmp_path, line, needle):
    import asyncssh

    key = _public(asyncssh.generate_private_key("ssh-ed25519"))
    path = tmp_path / "keys"
    path.write_text("# first line\n" + line.replace("KEY", key) + "\n")
    with pytest.raises(ServeError, match=needle) as caught:
        load_authorized_keys(path)
    assert f"{path}:2" in str(caught.value) or f"{path}:3" in str(caught.value)


def test_authorized_keys_without_keys_is_refused(tmp_path):
    path = tmp_path / "keys"
    path.write_text("# nothing yet\n")
    with pytest.raises(ServeError, match="has no keys"):
        load_authorized_keys(path)


@pytest.mark.parametrize(
    "origin, host, problem",
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", None),
        ("http://localhost:8000", "localhost:8000", None),
        ("http://[::1]:8000", "[::1]:8000", None),
        ("http://LOCALHOST:8000", "localhost:8000", None),
        (None, "127.0.0.1:8000", "no Origin"),
        ("null", "127.0.0.1:8000", "no Origin"),
        ("http://evil.example", "127.0.0.1:8000", "another site"),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", "another site"),
        ("https://127.0.0.1", "127.0.0.1:8000", "another site"),  # port 443
        ("file://", "127.0.0.1:8000", "Origin"),
        ("http://evil.example:8000", "evil.example:8000", "not a name of this server"),
        ("http://127.0.0.1:8000", None, "no Host"),
    ],
)
def test_websocket_origin_must_be_this_server(origin, host, problem):
    """Issue 17, item 1: only a page of this server may open a websocket."""
    from tabletop_tui.serve.web import allowed_hosts, origin_problem

    found = origin_problem(origin, host, allowed_hosts("127.0.0.1", 8000, None))
    assert (found is None) if problem is None else (problem in found), found


def test_behind_a_proxy_the_public_url_is_the_page_origin():
    from tabletop_tui.serve.web import allowed_hosts, host_allowed, origin_problem, public_host

    public = "https://games.example.org"
    allowed = allowed_hosts("127.0.0.1", 8000, public)
    # the proxy passes Host 127.0.0.1:8000 on; the page is at the public address
    assert origin_problem(public, "127.0.0.1:8000", allowed, public_host(public)) is None
    assert origin_problem(public, "games.example.org", allowed, public_host(public)) is None
    assert origin_problem("https://evil.example", "127.0.0.1:8000", allowed, public_host(public))
    assert host_allowed("games.example.org", allowed) and host_allowed("127.0.0.1:8000", allowed)
    assert not host_allowed("evil.example", allowed) and not host_allowed("127.0.0.1:9", allowed)
    assert not host_allowed("127.0.0.1:x", allowed) and host_allowed("anything", None)


def test_web_hosts_and_auth_defaults(tmp_path):
    from tabletop_tui.serve.web import allowed_hosts, read_token, resolve_auth

    assert allowed_hosts("0.0.0.0", 8000, None) is None  # any name: the token guards it
    assert allowed_hosts("10.1.2.3", 8000, "https://games.example.org") == {
        "10.1.2.3:8000",
        "games.example.org:443",
    }
    assert resolve_auth("127.0.0.1", None) == "none"
    assert resolve_auth("0.0.0.0", None) == "token"  # beyond loopback: a token by default
    assert resolve_auth("0.0.0.0", "none") == "none"
    token = tmp_path / "token"
    token.write_text("short\n")
    with pytest.raises(ServeError, match="at least 16"):
        read_token(token)
    token.write_text("a-long-enough-token-1234\nignored\n")
    assert read_token(token) == "a-long-enough-token-1234"


def test_without_asyncssh_only_serve_ssh_is_missing():
    """asyncssh is optional (the serve extra): the CLI, the web server's modules and the
    app child load without it, and `serve ssh` says in one line what to install."""
    code = (
        "import sys; sys.modules['asyncssh'] = None\n"
        "import tabletop_tui.serve.web, tabletop_tui.serve.child, tabletop_tui.serve.pty_session\n"
        "from tabletop_tui.cli import main\n"
        "assert main(['list']) == 0\n"
        "sys.exit(main(['serve', 'ssh', '--port', '0']))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(ERROR) and proc.stderr.count("\n") == 1
    assert "asyncssh" in proc.stderr
