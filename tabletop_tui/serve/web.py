"""`tabletop-tui serve web`: the games in a browser with textual-serve (the `web` extra).

Every browser tab gets its own app process (`python -m tabletop_tui.serve.child`, one per
websocket). What keeps it to the people it is meant for:

- the websocket must come from a page of this server: its Origin must name the host the
  request was sent to, and that host must be one this server answers as (the --host,
  localhost names on loopback, the --public-url), so a page elsewhere, or one that made
  its own name point here (DNS rebinding), can neither start an app nor read one;
- `--max-sessions` apps at once; one more websocket is refused (503);
- every app gets the same small fixed environment as under `serve ssh`, none of the server's;
- `--auth token` (the default beyond loopback): the page and the websocket need the token,
  given once as `/?token=...` and then kept in an HttpOnly, SameSite=Strict cookie.

Web players share one save folder, `web/` inside the server's data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import secrets
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .security import ServeError, app_environment, clamp_size, is_loopback, printable

INSTALL_HINT = "serve web needs textual-serve: pip install '.[web]' (or pip install textual-serve)"
AUTH_MODES = ("none", "token")
COOKIE = "tabletop_tui_token"
#: what textual-serve sets for its apps, kept from its environment (the rest is ours)
TEXTUAL_SERVE_VARIABLES = (
    "TEXTUAL_DRIVER",
    "TEXTUAL_FPS",
    "TEXTUAL_COLOR_SYSTEM",
    "TERM_PROGRAM",
    "TERM_PROGRAM_VERSION",
    "COLUMNS",
    "ROWS",
)
#: the longest message from a browser that is read
MAX_MESSAGE = 64 * 1024
MIN_TOKEN = 16

log = logging.getLogger("tabletop_tui.serve.web")


@dataclass
class WebServeConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    game: str | None = None
    app_args: list[str] | None = None
    #: the server's own folder (`web/` saves); None: data_dir()
    data_dir: Path | None = None
    max_sessions: int = 20
    #: "none" or "token"; None: token unless --host is loopback
    auth: str | None = None
    #: a file whose first line is the token; None: a new random token each start
    token_file: Path | None = None
    #: the address browsers use, when it is not http://HOST:PORT (behind a proxy)
    public_url: str | None = None


def app_command(game: str | None, app_args: list[str]) -> str:
    argv = [sys.executable, "-P", "-m", "tabletop_tui.serve.child", *app_args]
    if game:
        argv += ["play", game]
    return shlex.join(argv)


def resolve_auth(host: str, auth: str | None) -> str:
    if auth is None:
        return "none" if is_loopback(host) else "token"
    if auth not in AUTH_MODES:
        raise ServeError(f"bad --auth '{auth}': use one of {', '.join(AUTH_MODES)}")
    return auth


def read_token(path: Path) -> str:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ServeError(f"cannot read --token-file {path}: {exc}") from None
    token = lines[0].strip() if lines else ""
    if len(token) < MIN_TOKEN or not token.isascii() or not token.isprintable() or " " in token:
        raise ServeError(
            f"--token-file {path}: the first line must be a token of at least {MIN_TOKEN} "
            "printable ASCII characters without spaces"
        )
    return token


def _host_port(host: str, port: int) -> str:
    host = host.strip("[]").lower()
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    return f"{host}:{port}"


def allowed_hosts(host: str, port: int, public_url: str | None) -> set[str] | None:
    """The `host:port` names browsers may reach this server by; None: any (every interface)."""
    names: set[str] = set()
    if public_url:
        names.add(public_host(public_url) or "")
    if host in ("", "*", "0.0.0.0", "::"):
        return None
    names.add(_host_port(host, port))
    if is_loopback(host):
        names |= {_host_port(h, port) for h in ("localhost", "127.0.0.1", "::1")}
    return names


def public_host(public_url: str | None) -> str | None:
    if not public_url:
        return None
    url = urlsplit(public_url)
    return _host_port(url.hostname or "", url.port or (443 if url.scheme == "https" else 80))


def host_allowed(host_header: str | None, allowed: set[str] | None) -> bool:
    """Whether a request's Host is a name of this server (without a port: on any of its
    ports, as a proxy may leave the port out)."""
    if allowed is None:
        return True
    url = urlsplit(f"//{host_header or ''}")
    try:
        port = url.port
    except ValueError:
        return False
    if port is not None:
        return _host_port(url.hostname or "", port) in allowed
    name = _host_port(url.hostname or "", 0).rsplit(":", 1)[0]
    return any(entry.rsplit(":", 1)[0] == name for entry in allowed)


def origin_problem(
    origin: str | None,
    host_header: str | None,
    allowed: set[str] | None,
    public: str | None = None,
) -> str | None:
    """Why a websocket from a page at `origin`, sent to `host_header`, is refused (or None).
    `public`: the --public-url's host:port, a page's origin behind a proxy that may pass
    on another Host."""
    if not origin or origin == "null":
        return "no Origin"
    url = urlsplit(origin)
    if url.scheme not in ("http", "https") or not url.hostname:
        return f"Origin {printable(origin)}"
    try:
        port = url.port or (443 if url.scheme == "https" else 80)
    except ValueError:
        return f"Origin {printable(origin)}"
    if not host_header:
        return "no Host"
    sent_to = urlsplit(f"//{host_header}")
    try:
        sent_port = sent_to.port or port
    except ValueError:
        return f"Host {printable(host_header)}"
    page, server = _host_port(url.hostname, port), _host_port(sent_to.hostname or "", sent_port)
    if page != server and page != public:
        return f"Origin {printable(origin)} is another site than {printable(host_header)}"
    if allowed is not None and server not in allowed:
        return f"Host {printable(host_header)} is not a name of this server"
    return None


def non_loopback_warning(host: str, auth: str) -> str | None:
    if is_loopback(host) or auth != "none":
        return None
    bar = "!" * 78
    return (
        f"{bar}\n"
        f"WARNING: serving the web UI on {host or 'every interface'} with --auth none:\n"
        "ANYONE who can reach this address can start games on this machine.\n"
        f"{bar}"
    )


def _make_server(config: WebServeConfig, home: Path, token: str | None):
    """textual-serve's Server, with our checks in front of the page and the websocket."""
    from aiohttp import WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    allowed = allowed_hosts(config.host, config.port, config.public_url)
    env = app_environment(home)
    secure = bool(config.public_url and config.public_url.startswith("https"))

    class FixedEnvAppService(AppService):
        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            theirs = super()._build_environment(width, height)
            return {**env, **{k: theirs[k] for k in TEXTUAL_SERVE_VARIABLES if k in theirs}}

    def token_ok(request: web.Request) -> bool:
        if token is None:
            return True
        given = request.cookies.get(COOKIE) or request.query.get("token") or ""
        return hmac.compare_digest(given.encode(), token.encode())

    class GuardedServer(Server):
        #: the app services running now
        apps: set[Any]

        def request_exit(self) -> None:
            log.info("stopping: ending %d apps", len(self.apps))
            super().request_exit()

        def initialize_logging(self) -> None:
            super().initialize_logging()
            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

        async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
            if not host_allowed(request.host, allowed):
                log.info("refused %s: Host %s", request.remote, printable(request.host))
                return web.Response(status=403, text="Unknown host name.\n")
            if request.path == "/ws":
                return await handler(request)
            given = request.query.get("token")
            if token is not None and request.path == "/" and given is not None:
                if not hmac.compare_digest(given.encode(), token.encode()):
                    return web.Response(status=401, text="Wrong token.\n")
                response = web.Response(status=302, headers={"Location": "/"})
                response.set_cookie(
                    COOKIE, token, httponly=True, samesite="Strict", path="/", secure=secure
                )
                return response
            if not token_ok(request):
                return web.Response(
                    status=401,
                    text="This server needs its token: open the address with ?token=... "
                    "that it printed when it started.\n",
                )
            return await handler(request)

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()

            @web.middleware
            async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
                return await self.guard(request, handler)

            app.middlewares.append(guard)
            return app

        async def handle_index(self, request: web.Request) -> Any:
            if config.public_url is None:  # the ws:// address as the browser reached us
                self.public_url = f"http://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            problem = origin_problem(
                request.headers.get("Origin"), request.host, allowed, public_host(config.public_url)
            )
            if problem is not None:
                log.info("refused a websocket from %s: %s", request.remote, problem)
                return web.Response(status=403, text="Not from a page of this server.\n")
            if not token_ok(request):
                log.info("refused a websocket from %s: no token", request.remote)
                return web.Response(status=401, text="No token.\n")
            if len(self.apps) >= config.max_sessions:
                log.info("full: refused a websocket from %s", request.remote)
                return web.Response(
                    status=503, text="The server is full: please try again later.\n"
                )
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            width, height = clamp_size(
                to_int(request.query.get("width", "80"), 80),
                to_int(request.query.get("height", "24"), 24),
            )
            service = FixedEnvAppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.apps.add(service)
            try:
                await websocket.prepare(request)
                await service.start(width, height)
                log.info(
                    "app started for %s (%d/%d)",
                    request.remote,
                    len(self.apps),
                    config.max_sessions,
                )
                await self._serve_messages(websocket, service, WSMsgType.TEXT)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await websocket.close()
            except Exception as exc:
                log.error("websocket of %s failed: %s", request.remote, printable(str(exc), 200))
            finally:
                with contextlib.suppress(Exception):
                    await service.stop()
                self.apps.discard(service)
            return websocket

        async def _serve_messages(self, websocket, service, text_type) -> None:
            """Messages from the browser; anything malformed is skipped, never fatal."""
            async for message in websocket:
                if message.type != text_type:
                    continue
                try:
                    envelope = json.loads(message.data)
                    kind, data = envelope[0], envelope[1]
                except (ValueError, TypeError, IndexError, KeyError):
                    continue
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8", "replace"))
                elif kind == "resize" and isinstance(data, dict):
                    width, height = data.get("width"), data.get("height")
                    if isinstance(width, int) and isinstance(height, int):
                        await service.set_terminal_size(*clamp_size(width, height))
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()

    server = GuardedServer(
        app_command(config.game, config.app_args or []),
        host=config.host,
        port=config.port,
        title="tabletop-tui",
        public_url=config.public_url,
    )
    server.apps = set()
    return server


def run_web(config: WebServeConfig) -> int:
    try:
        import textual_serve.server  # noqa: F401
    except ImportError:
        raise ServeError(INSTALL_HINT) from None
    auth = resolve_auth(config.host, config.auth or ("token" if config.token_file else None))
    token = None
    if auth == "token":
        token = read_token(config.token_file) if config.token_file else secrets.token_urlsafe(18)
    elif config.token_file is not None:
        raise ServeError("--token-file needs --auth token")
    data_dir = config.data_dir
    if data_dir is None:
        from ..paths import data_dir as default_data_dir

        data_dir = default_data_dir()
    home = Path(data_dir) / "web"
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    server = _make_server(config, home, token)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s tabletop-tui serve web: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    warning = non_loopback_warning(config.host, auth)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    shown = config.host if ":" not in config.host else f"[{config.host}]"
    address = config.public_url or f"http://{shown}:{config.port}"
    where = f"{address.rstrip('/')}/" + (f"?token={token}" if token else "")
    print(
        f"tabletop-tui: web server on {address} (auth {auth}, at most "
        f"{config.max_sessions} apps; Ctrl+C stops it)\n  open: {where}",
        flush=True,
    )
    try:
        server.serve()
    finally:
        log.removeHandler(handler)
    return 0
