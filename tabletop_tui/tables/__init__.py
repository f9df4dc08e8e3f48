"""Tables: one authoritative Match per table, seats that are local, remote or bots.

- `protocol`: the typed messages (one JSON object per line) and the service's `Limits`.
- `table`: a `Table` (its Match, seats, watchers, bots, autosave, undo by consent).
- `service`: `TableService`, every table plus the unix socket the app processes use.
- `client`: `TableClient` (the socket end) and `LocalSeat` (the same, in-process).
- `seat_match`: `SeatMatch`, the reading half of Match that a remote screen renders from.
- `replay`: stepping through a save, public while the game is on, open once it is over.
- `remote`: `TablesLink` (an app's connection, from the environment `serve ssh` sets) and
  `RemoteSession`, which a game screen plays through instead of the hot-seat Session.

`Table.play` is the one place an action changes a table, whoever chose it: a remote seat
(through `Table.act`, which checks who sent it), a bot the table runs, or a seat of a game
at one terminal: the hot-seat `ui.session.Session` plays its seats' and bots' moves and its
undo through `Table.at_this_terminal(match)`, a table whose human seats are all held there
(its screen still paces the bots and keeps the curtains between seats). A table's watchers
may see it `watch_delay` actions late (the end once the game is over).

How it is wired in:

- `serve ssh` (`serve/ssh.py`) runs one `TableService` in the server's loop, its socket in
  the data folder and its tables saved under `<data folder>/tables/`; each session's app
  gets the socket path and a ticket for its user (TABLETOP_TUI_TABLES and
  TABLETOP_TUI_TABLE_TICKET), revoked when the session ends.
- the launcher offers `o` (tables) only then; `ui/screens/lobby.py` makes, lists, joins and
  watches tables, and opens the game's usual screen on a `RemoteSession`: the screen reads
  its `SeatMatch`, an action goes to the service, and every view the service pushes is
  drawn by `GameScreen.table_changed`. No curtain: the connection only ever holds its own
  seat's view (and the public one).
"""
