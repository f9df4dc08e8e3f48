"""Tables: one authoritative Match per table, seats that are local, remote or bots.

`protocol` holds the typed messages, `table` the Table, `service` the TableService and
its unix socket, `client` both ends a screen can sit at, `replay` stepping through a log.
"""
