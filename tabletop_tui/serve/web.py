"""`tabletop-tui serve web`: the games in a browser with textual-serve (the `web` extra).

Every browser tab gets its own app process (textual-serve runs the command per websocket).
There is no login: keep it on loopback, or put it behind something that authenticates.
Web players share one save folder, `web/` inside the server's data folder.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from .security import ServeError, is_loopback

INSTALL_HINT = "serve web needs textual-serve: pip install '.[web]' (or pip install textual-serve)"


def app_command(game: str | None, app_args: list[str]) -> str:
    argv = [sys.executable, "-P", "-m", "tabletop_tui", *app_args]
    if game:
        argv += ["play", game]
    return shlex.join(argv)


def non_loopback_warning(host: str) -> str | None:
    if is_loopback(host):
        return None
    bar = "!" * 78
    return (
        f"{bar}\n"
        f"WARNING: serving the web UI on {host or 'every interface'}: there is no login,\n"
        "so ANYONE who can reach this address can start games on this machine.\n"
        f"{bar}"
    )


def run_web(
    host: str = "127.0.0.1",
    port: int = 8000,
    game: str | None = None,
    app_args: list[str] | None = None,
    data_dir: Path | None = None,
) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        raise ServeError(INSTALL_HINT) from None
    if data_dir is None:
        from ..paths import data_dir as default_data_dir

        data_dir = default_data_dir()
    home = Path(data_dir) / "web"
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    # textual-serve passes its own environment on to every app process
    os.environ["TABLETOP_TUI_HOME"] = str(home)
    root = str(Path(__file__).resolve().parent.parent.parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH", "")) if p
    )
    warning = non_loopback_warning(host)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    shown = host if ":" not in host else f"[{host}]"
    print(f"tabletop-tui: web server on http://{shown}:{port}/ (Ctrl+C stops it)", flush=True)
    Server(app_command(game, app_args or []), host=host, port=port, title="tabletop-tui").serve()
    return 0
