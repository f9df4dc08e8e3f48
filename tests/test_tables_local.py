"""A game at one terminal is a table too (issue 19: one code path for local and remote seats).

The hot-seat `Session` plays every action, its bots' included, and every undo through its
`Table`, the same `Table.play` a shared table's seats and bots go through: the rules check
it there, and whoever listens at the table is told. So a local game can be watched through
the table's messages exactly as a shared one is (a watcher gets the public view only).
"""

from __future__ import annotations

from tabletop_tui.engine import Rejection
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.tables.client import LocalSeat
from tabletop_tui.tables.protocol import ViewUpdate
from tabletop_tui.tables.table import HERE
from tabletop_tui.ui.session import Session


def _session(kinds, game="army-of-zero", seed=4) -> Session:
    seats = [SeatSpec(name=f"P{i}", kind=k) for i, k in enumerate(kinds)]
    return Session.new(game, seats, seed, autosave=False)


def _views(seat: LocalSeat) -> list[ViewUpdate]:
    return [m for m in seat.heard if isinstance(m, ViewUpdate)]  # type: ignore[attr-defined]


def _watch(session: Session) -> LocalSeat:
    watcher = LocalSeat(session.table, "eve")
    watcher.heard = []  # type: ignore[attr-defined]
    watcher.on_message = watcher.heard.append  # type: ignore[attr-defined]
    watcher.watch()
    return watcher


def test_a_hot_seat_table_holds_every_human_seat_here_and_is_started():
    s = _session(["human", "human"])
    table = s.table
    assert table.match is s.match
    assert [slot.user for slot in table.slots] == [HERE, HERE]
    assert table.started and table.revision == 0
    assert not table.bots, "the screen plays the bots at a readable pace, not the table"


def test_every_move_goes_through_the_table_and_a_watcher_sees_the_public_view():
    s = _session(["human", "heuristic"])
    watcher = _watch(s)
    rules = s.match.rules
    assert _views(watcher)[-1].view == rules.view(s.match.state, None).model_dump(mode="json")
    legal = s.match.legal_actions(0)
    events = s.act(0, legal[0])
    assert isinstance(events, tuple)  # (a secret placement tells the log nothing)
    assert s.table.revision == 1 and len(s.match.actions) == 1
    bot = s.next_bot()
    assert bot == 1
    s.play_bot(bot)  # the bot's move takes the same road
    assert s.table.revision == 2 and [a.seat for a in s.match.actions] == [0, 1]
    views = _views(watcher)
    assert [v.step for v in views[-2:]] == [1, 2]
    for update in views:
        assert update.seat is None and update.legal == [] and update.public is None
    assert views[-1].view == rules.view(s.match.state, None).model_dump(mode="json")


def test_an_illegal_move_is_refused_by_the_rules_at_the_table_and_changes_nothing():
    s = _session(["human", "human"])
    while len(s.match.to_act()) != 1:
        seat = min(s.match.to_act())
        s.act(seat, s.match.legal_actions(seat)[0])
    (acting,) = s.match.to_act()
    idle = 1 - acting
    revision = s.table.revision
    watcher = _watch(s)
    heard = len(watcher.heard)  # type: ignore[attr-defined]
    before = s.match.state
    result = s.act(idle, s.match.legal_actions(acting)[0])  # not that seat's turn
    assert isinstance(result, Rejection) and result.rule and result.reason
    assert s.match.state is before and s.table.revision == revision
    assert len(watcher.heard) == heard, "nothing was sent for a refused move"  # type: ignore[attr-defined]


def test_undo_at_the_terminal_takes_back_through_the_table():
    s = _session(["human", "human"])
    watcher = _watch(s)
    s.on_screen = 0
    s.act(0, s.match.legal_actions(0)[0])
    assert s.undo() == 1
    assert not s.match.actions and s.table.revision == 2
    assert _views(watcher)[-1].step == 0
    assert s.undo() == 0  # nothing left: the table does not move
    assert s.table.revision == 2
