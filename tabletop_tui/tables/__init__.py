"""Tables: one authoritative Match per table, seats that are local, remote or bots.

- `protocol`: the typed messages (one JSON object per line) and the service's `Limits`.
- `table`: a `Table` (its Match, seats, watchers, bots, autosave, undo by consent).
- `service`: `TableService`, every table plus the unix socket the app processes use.
- `client`: `TableClient` (the socket end) and `LocalSeat` (the same, in-process).
- `seat_match`: `SeatMatch`, the reading half of Match that a remote screen renders from.
- `replay`: stepping through a save, public while the game is on, open once it is over.

Wiring it in (for the sessions that do that):

- `serve ssh`: start one `TableService(save_dir)` in the server's loop with
  `await service.start(socket_path)`; for each login call `service.issue_ticket(user)`
  and pass the socket path and ticket to that login's app process (environment), and
  `revoke_ticket` when it ends.
- a game screen at a remote seat: `client = await TableClient.connect(path, ticket,
  on_message=...)`, `await client.join(code)`, build `SeatMatch(rules, joined)` and feed it
  every message; the screen reads the SeatMatch where it read the Match, and sends its
  actions with `await client.act(action, rules, expect=seat_match.update.revision)` (an
  `Error` back is shown like a Rejection). No curtain: the connection only ever holds
  its own seat's view.
"""
