"""`tabletop-tui serve web` with a real HTTP + websocket client on loopback.

Each test runs the real command in its own process and drives it as a browser would (a
page load, then a websocket), including as a foreign web page would (another Origin).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
from pathlib import Path

import pytest

import tabletop_tui

pytest.importorskip("textual_serve", reason="the 'web' extra (textual-serve) is not installed")
aiohttp = pytest.importorskip("aiohttp")

from serve_client import plain, wait_pids_gone  # noqa: E402

ROOT = Path(tabletop_tui.__file__).resolve().parent.parent
SECRET = "do-not-leak-7f3a"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def environ(pid: int) -> dict[str, str]:
    data = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.split(b"=", 1) for item in data.split(b"\0") if b"=" in item)
    return {k.decode(): v.decode("utf-8", "replace") for k, v in pairs}


@contextlib.asynccontextmanager
async def web_server(tmp_path: Path, *options: str):
    """The real `serve web` command, with a secret in its environment; yields (base, process)."""
    port = free_port()
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path / "home"), "SERVER_SECRET": SECRET}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tabletop_tui",
        "serve",
        "web",
        "--port",
        str(port),
        *options,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the web server did not start"
                assert server.returncode is None, "the web server ended"
                await asyncio.sleep(0.1)
        yield base, server
    finally:
        if server.returncode is None:
            server.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(server.wait(), 15)
            except TimeoutError:
                server.kill()
                await server.wait()


async def read_until(ws, needle: str) -> str:
    seen = b""
    deadline = time.monotonic() + 30
    while needle not in plain(seen):
        assert time.monotonic() < deadline, plain(seen)[-500:]
        message = await asyncio.wait_for(ws.receive(), 30)
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
        elif message.type != aiohttp.WSMsgType.TEXT:
            raise AssertionError(f"websocket closed: {message}")
    return plain(seen)


async def refused(http, url: str, **kw) -> int:
    """The HTTP status with which a websocket handshake was refused."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        async with http.ws_connect(url, **kw):
            pass
    return caught.value.status


async def test_serve_web_shows_the_launcher_with_a_fixed_environment(tmp_path):
    """Issue 17, item 1: the app gets none of the server's environment."""
    async with (
        web_server(tmp_path) as (base, server),
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20)) as http,
    ):
        async with http.get(base + "/") as response:
            page = await response.text()
        assert response.status == 200 and "tabletop-tui" in page
        async with http.ws_connect(f"{base}/ws?width=80&height=24", origin=base) as ws:
            await ws.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))
            await read_until(ws, "Army Of Zero")
            apps = descendants(server.pid)
            assert apps
            for pid in apps:
                env = environ(pid)
                assert SECRET not in "".join(env.values()), sorted(env)
                assert "SERVER_SECRET" not in env
                assert env["TABLETOP_TUI_HOME"] == str(tmp_path / "home" / "web")
            # input that is not text, or not JSON, is ignored: the app carries on
            await ws.send_bytes(b"\xff\xfe")
            await ws.send_str("not json")
            await ws.send_str(json.dumps(["stdin", "\ud800"]))
            await ws.send_str(json.dumps(["resize", {"width": "wide"}]))
            await ws.send_str(json.dumps(["stdin", "j"]))
            await asyncio.sleep(0.3)
            assert all(Path(f"/proc/{pid}").exists() for pid in apps)
            await ws.send_str(json.dumps(["stdin", "q"]))  # quit from the launcher
        await wait_pids_gone(apps, timeout=15)
    assert (tmp_path / "home" / "web").is_dir()  # web players' saves


async def test_a_foreign_page_cannot_open_an_app_and_apps_are_capped(tmp_path):
    """Issue 17, item 1: the websocket needs this server's own Origin (a page elsewhere,
    or no page at all, is refused before any app starts), and --max-sessions holds."""
    async with (
        web_server(tmp_path, "--max-sessions", "1") as (base, server),
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20)) as http,
    ):
        url = f"{base}/ws?width=80&height=24"
        assert await refused(http, url, origin="http://evil.example") == 403
        assert await refused(http, url, origin="http://127.0.0.1:1") == 403
        assert await refused(http, url, origin="null") == 403
        assert await refused(http, url) == 403  # no Origin
        # a page that resolves its own name to this machine (DNS rebinding)
        evil = "http://evil.example:" + base.rsplit(":", 1)[1]
        assert await refused(http, url, origin=evil, headers={"Host": evil[7:]}) == 403
        assert not descendants(server.pid)
        async with http.ws_connect(url, origin=base) as ws:
            await read_until(ws, "Army Of Zero")
            apps = descendants(server.pid)
            assert await refused(http, url, origin=base) == 503  # one app at most
            assert descendants(server.pid) == apps
            await ws.send_str(json.dumps(["stdin", "q"]))
        await wait_pids_gone(apps, timeout=15)
        async with http.ws_connect(url, origin=base) as ws:  # the place is free again
            await read_until(ws, "Army Of Zero")


async def test_a_token_guards_the_page_and_the_websocket(tmp_path):
    """Issue 17, item 1: with --auth token only a browser that opened ?token=... gets in."""
    token_file = tmp_path / "token"
    token_file.write_text("s3cret-token-for-the-demo\n")
    jar = aiohttp.CookieJar(unsafe=True)  # (cookies for an IP address)
    async with (
        web_server(tmp_path, "--auth", "token", "--token-file", str(token_file)) as (base, server),
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20), cookie_jar=jar) as http,
    ):
        url = f"{base}/ws?width=80&height=24"
        async with http.get(base + "/") as response:
            assert response.status == 401
            assert "token" in await response.text()
        async with http.get(base + "/?token=wrong") as response:
            assert response.status == 401
        assert await refused(http, url, origin=base) == 401
        assert not descendants(server.pid)
        token_url = base + "/?token=s3cret-token-for-the-demo"
        async with http.get(token_url, allow_redirects=False) as response:
            assert response.status == 302 and response.headers["Location"] == "/"
            cookie = response.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        async with http.get(base + "/") as response:  # the cookie now opens the page
            assert response.status == 200
        async with http.ws_connect(url, origin=base) as ws:
            await read_until(ws, "Army Of Zero")
            apps = descendants(server.pid)
            await ws.send_str(json.dumps(["stdin", "q"]))
        await wait_pids_gone(apps, timeout=15)
