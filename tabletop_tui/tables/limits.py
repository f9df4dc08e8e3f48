"""The caps of a table service (`Limits`): plain data, free of pydantic, so a table played
at one terminal sets its own without importing the message models of `protocol`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Caps that keep one client, or one table, from using up the service."""

    #: bytes in one line from a client (an action or a create is far smaller)
    max_line: int = 16 * 1024
    #: bytes in one line from the service (a view of a big game is ~15 KB)
    max_server_line: int = 4 * 1024 * 1024
    max_tables: int = 100
    #: unfinished tables one user may have made (so one player cannot fill the service)
    max_tables_per_user: int = 5
    #: unfinished tables made from one source (the connecting address; under `--auth keys`
    #: the key), however many names it logs in under; 0: no limit
    max_tables_per_source: int = 10
    #: tables of bots alone one source may make per hour (each plays to its end in the
    #: server process); 0: none at all
    bot_tables_per_hour: int = 6
    #: seconds an unfinished table may go without anyone connected before it is removed
    #: (0: never)
    table_expiry: float = 14 * 86400.0
    #: finished tables kept in the archive (replayable from the lobby): for this many
    #: seconds after their last move (0: no age limit), and at most this many (0: none kept)
    keep_finished: float = 30 * 86400.0
    max_finished: int = 500
    #: seconds between the service's rounds of archiving and expiring
    sweep_interval: float = 60.0
    max_connections: int = 200
    #: connections one ticket (one login's app) may hold open at once
    max_connections_per_ticket: int = 4
    #: seconds a new connection has to say hello with its ticket
    hello_timeout: float = 10.0
    max_spectators: int = 20
    #: actions a table may log before it refuses more (real games end far sooner)
    max_actions: int = 20_000
    #: refused messages one connection may send before it is closed
    max_errors: int = 20
    #: messages per second one connection may send on average, and in one burst
    rate: float = 100.0
    burst: int = 400
    #: messages waiting for a client that does not read before it is dropped
    max_outbox: int = 512
    #: bytes waiting for a client (queued or in the socket's buffer) before it is dropped:
    #: a watcher far behind costs at most this much memory
    max_outbox_bytes: int = 1024 * 1024
    #: seconds a dropped player's seat waits before the others may hand it to a bot
    seat_timeout: float = 120.0
    #: seconds between bot moves (0: as fast as the service can)
    bot_delay: float = 0.0
    #: log lines a joining client is sent (the newest ones)
    max_log: int = 500


DEFAULT_LIMITS = Limits()
