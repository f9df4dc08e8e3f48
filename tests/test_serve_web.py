"""`tabletop-tui serve web` with a real HTTP + websocket client on loopback."""

from __future__ import annotations

import asyncio
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


async def test_serve_web_shows_the_launcher_in_a_websocket(tmp_path):
    port = free_port()
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path / "home")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tabletop_tui",
        "serve",
        "web",
        "--port",
        str(port),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20)) as http:
            deadline = time.monotonic() + 30
            while True:
                try:
                    async with http.get(base + "/") as response:
                        page = await response.text()
                        break
                except aiohttp.ClientConnectorError:
                    assert time.monotonic() < deadline, "the web server did not start"
                    assert server.returncode is None
                    await asyncio.sleep(0.1)
            assert response.status == 200 and "tabletop-tui" in page
            seen = b""
            async with http.ws_connect(f"{base}/ws?width=80&height=24") as ws:
                await ws.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))
                deadline = time.monotonic() + 30
                while "Army Of Zero" not in plain(seen):
                    assert time.monotonic() < deadline, plain(seen)[-500:]
                    message = await asyncio.wait_for(ws.receive(), 30)
                    if message.type == aiohttp.WSMsgType.BINARY:
                        seen += message.data
                    elif message.type != aiohttp.WSMsgType.TEXT:
                        raise AssertionError(f"websocket closed: {message}")
                apps = descendants(server.pid)
                assert apps
                await ws.send_str(json.dumps(["stdin", "q"]))  # quit from the launcher
            await wait_pids_gone(apps, timeout=15)
        assert (tmp_path / "home" / "web").is_dir()  # web players' saves
    finally:
        if server.returncode is None:
            server.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(server.wait(), 15)
            except TimeoutError:
                server.kill()
                await server.wait()
