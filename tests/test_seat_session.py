"""One seat logic for a local and a remote session (issue 19: one code path).

The same two-human Army Of Zero position, reached once at a hot-seat table and once as
seen by a remote seat, answers "who acts here" and "does a curtain fall" by the same code:
the two sessions differ only in which seats sit at this terminal.
"""

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import get_rules
from tabletop_tui.games.army_of_zero.models import PlaceRest
from tabletop_tui.tables.protocol import Joined, SeatInfo, TableInfo, ViewUpdate
from tabletop_tui.tables.remote import RemoteSession
from tabletop_tui.tables.seat_session import SeatSession
from tabletop_tui.ui.session import Session


def _remote(seat, state, rules):
    info = TableInfo(
        code="ABCDE",
        game="army-of-zero",
        title=rules.title,
        seats=[SeatInfo(name="P0", kind="human"), SeatInfo(name="P1", kind="human")],
    )
    session = RemoteSession(
        None, rules, Joined(table=info, seat=seat, config={"names": ["P0", "P1"]})
    )  # type: ignore[arg-type]
    session.receive(
        ViewUpdate(
            table="ABCDE",
            seat=seat,
            revision=1,
            step=1,
            view=rules.view(state, seat).model_dump(mode="json"),
            to_act=sorted(rules.to_act(state)),
            started=True,
        )
    )
    return session


def test_a_local_and_a_remote_seat_share_the_seat_rules():
    rules = get_rules("army-of-zero")
    seats = [SeatSpec(name="P0", kind="human"), SeatSpec(name="P1", kind="human")]
    local = Session.new("army-of-zero", seats, 4, autosave=False)
    local.on_screen = 0
    local.act(0, PlaceRest())
    state = local.match.state
    assert rules.to_act(state) == frozenset({1})
    assert issubclass(Session, SeatSession) and issubclass(RemoteSession, SeatSession)
    # at the hot-seat table both seats share the keyboard: seat 1 gets it behind a curtain
    assert local.at_this_terminal == [0, 1]
    assert local.next_human() == 1 and local.needs_curtain() == 1
    # seat 0 at its own terminal: nothing for it to do, no curtain, its own view
    zero = _remote(0, state, rules)
    assert zero.at_this_terminal == [0]
    assert zero.next_human() is None and zero.needs_curtain() is None
    assert zero.viewer() == 0 and zero.next_bot() is None
    # seat 1 at its own terminal: its turn, straight away
    one = _remote(1, state, rules)
    assert one.next_human() == 1 and one.needs_curtain() is None
    assert one.humans == local.humans == [0, 1]
