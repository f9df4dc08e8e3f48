"""What the lobby and the remote game screens rely on (issue 19): the creator starts a table,
an open seat may go to a bot first, simultaneous secret choices are not refused as stale,
a finished table is sent for replay (and only then), a remote seat's session, and the
service inside `serve ssh` (tickets in each app's environment, tables back after a restart)."""

from __future__ import annotations

import asyncio

import pytest
from tables_helpers import Harness, replayed_states

from tabletop_tui.engine import Rejection
from tabletop_tui.engine.match import Match, SaveFile
from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig
from tabletop_tui.tables.client import ClientError
from tabletop_tui.tables.protocol import Create, Error, SeatRequest, ViewUpdate
from tabletop_tui.tables.remote import SOCKET_VARIABLE, TICKET_VARIABLE, RemoteSession
from tabletop_tui.tables.seat_match import SeatMatch


async def _errors(player, after: int) -> list[Error]:
    for _ in range(400):
        found = [m for m in player.messages[after:] if isinstance(m, Error)]
        if found:
            return found
        await asyncio.sleep(0.005)
    raise AssertionError("no error came back")


async def test_the_creator_starts_once_every_seat_is_taken(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        joined = await ann.client.create(
            "zeo-dbg",
            [("Ann", "open"), ("Bob", "open"), ("Cy", "open")],
            seed=3,
            options={"format": "2v1"},
            sit=0,
            auto_start=False,
        )
        code = joined.table.code
        table = h.service.tables[code]
        await bob.client.join(code)
        mark = len(bob.messages)
        bob.client.start()  # not bob's table to start
        assert (await _errors(bob, mark))[0].code == "not-creator"
        mark = len(ann.messages)
        ann.client.start()  # seat 3 is still open
        error = (await _errors(ann, mark))[0]
        assert error.code == "open-seats" and "seat 3" in error.message
        assert not table.started
        before = table.revision
        ann.client.hand_to_bot(2)  # nobody came: a bot takes it, still no start by itself
        await ann.client.wait_view(lambda v: v.revision > before)
        assert table.slots[2].is_bot and not table.started
        ann.client.start()
        update = await ann.client.wait_view(lambda v: v.started)
        assert table.started and update.to_act
        assert table.info().creator == "ann" and not table.info().auto_start


async def test_simultaneous_choices_chosen_at_one_revision_both_count(tmp_path):
    """Army Of Zero's squads are laid down in secret at once (rulebook: both players arrange
    their squads at the same time): the second choice, sent against the revision both saw,
    still counts, since the other's choice changed nothing this seat could do."""
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create(
                "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=5, sit=0
            )
        ).table.code
        await bob.client.join(code)
        table = h.service.tables[code]
        seen_a = await ann.client.wait_view(lambda v: v.started)
        seen_b = await bob.client.wait_view(lambda v: v.revision == seen_a.revision)
        assert {0, 1} <= set(seen_a.to_act)
        assert await ann.client.act(seen_a.legal[0], expect=seen_a.revision) is None
        assert await bob.client.act(seen_b.legal[0], expect=seen_b.revision) is None
        assert len(table.match.actions) == 2
        # but a choice made before this seat's own options changed is stale
        now = await ann.client.wait_view(lambda v: v.revision == table.revision)
        assert now.legal and now.legal != seen_a.legal
        error = await ann.client.act(now.legal[0], expect=seen_a.revision)
        assert error is not None and error.code == "stale"


async def test_a_finished_table_is_sent_for_replay_and_not_before(tmp_path):
    import random

    from tables_helpers import play_out

    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create(
                "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=2, sit=0
            )
        ).table.code
        await bob.client.join(code)
        with pytest.raises(ClientError, match="not-over"):
            await bob.client.get_replay(code)
        table = h.service.tables[code]
        await play_out(table, {0: ann, 1: bob}, random.Random(2))
        data = await bob.client.get_replay(code)
        match = Match.from_save(SaveFile.model_validate(data.save), table.rules)
        loaded, states = await replayed_states(table)
        assert match.actions == table.match.actions
        assert match.state.model_dump() == table.match.state.model_dump()


async def test_a_remote_session_sends_only_legal_moves_and_shows_refusals(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        joined = await ann.client.create(
            "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=7, sit=0
        )
        code = joined.table.code
        await bob.client.join(code)
        table = h.service.tables[code]
        update = await ann.client.wait_view(lambda v: v.started)
        session = RemoteSession(ann.client, table.rules, joined)
        assert session.receive(update) and session.match.update is update
        assert session.next_bot() is None and session.needs_curtain() is None
        legal = session.match.legal_actions(0)
        # another seat's move never leaves this process
        assert isinstance(session.act(1, legal[0]), Rejection)
        # one not on the list goes to the service, whose rules name the rule that refuses it
        # (QA session 14: the screen said only "that move is not open to your seat now")
        other = table.rules.legal_actions(table.match.state, 1)[0]
        assert other not in legal
        mark = len(ann.messages)
        assert session.act(0, other) == () and session.pending
        (refusal,) = await _errors(ann, mark)
        assert session.receive(refusal) and not session.pending
        assert session.refused.code == "illegal" and "(Setting Up)" in session.refused.message
        assert table.revision == update.revision
        assert session.act(0, legal[0]) == () and session.pending
        assert isinstance(session.act(0, legal[0]), Rejection)  # one move at a time
        view = await ann.client.wait_view(lambda v: v.revision > update.revision)
        assert session.receive(view) and not session.pending
        assert f"step {view.step}" in session.note
        # a refusal by the service comes back to the screen by its ref
        session.pending, session._pending_ref = True, 99
        assert session.receive(Error(code="stale", message="look again", ref=99))
        assert not session.pending and session.refused.code == "stale"
        assert isinstance(session.match, SeatMatch)


async def test_serve_ssh_runs_the_tables_and_brings_them_back_after_a_restart(tmp_path):
    data = tmp_path / "server"
    server = DemoServer(SSHServeConfig(host="127.0.0.1", port=0, data_dir=data))
    await server.start()
    try:
        service = server.tables
        assert service is not None and service.socket_path is not None
        assert service.socket_path.exists()
        ticket = service.issue_ticket("ann")
        env = server.app_env("xterm", data / "ssh-users" / "ann", {}, ticket)
        assert env[SOCKET_VARIABLE] == str(service.socket_path) and env[TICKET_VARIABLE] == ticket
        assert service.user_for(ticket) == "ann"
        request = Create(
            type="create",
            game="army-of-zero",
            seats=[SeatRequest(name="Ann"), SeatRequest(name="Bob")],
            seed=4,
            auto_start=False,
        )
        table = service.create_table("ann", request)
        table.slots[0].user = "ann"
        table.save_now()
        code = table.code
    finally:
        await server.close()
    assert (data / "tables" / f"{code}.json").exists()  # its own folder, not autosave/
    assert not list((data / "ssh-users").glob("*/autosave/*"))
    again = DemoServer(SSHServeConfig(host="127.0.0.1", port=0, data_dir=data))
    await again.start()
    try:
        restored = again.tables.tables[code]
        assert restored.slots[0].user == "ann" and restored.creator == "ann"
        assert not restored.auto_start and not restored.started
    finally:
        await again.close()
    # no table service: no socket, and an app gets no ticket
    plain = DemoServer(SSHServeConfig(host="127.0.0.1", port=0, data_dir=data, tables=False))
    await plain.start()
    try:
        assert plain.tables is None
        assert SOCKET_VARIABLE not in plain.app_env("xterm", data / "x", {}, "t" * 20)
    finally:
        await plain.close()


def test_a_view_message_for_another_seat_is_refused_by_the_session():
    """The screen's SeatMatch never takes another seat's view, even if one arrived."""
    from tabletop_tui.games import get_rules
    from tabletop_tui.tables.protocol import Joined, SeatInfo, TableInfo
    from tabletop_tui.tables.seat_match import NotYourSeat

    rules = get_rules("army-of-zero")
    info = TableInfo(
        code="ABCDE",
        game="army-of-zero",
        title=rules.title,
        seats=[SeatInfo(name="A", kind="human"), SeatInfo(name="B", kind="human")],
    )
    joined = Joined(table=info, seat=0, config={"names": ["A", "B"]})
    session = RemoteSession(None, rules, joined)  # type: ignore[arg-type]
    state = rules.new_game(session.match.config, 1)
    wrong = ViewUpdate(
        table="ABCDE", seat=1, revision=1, step=0, view=rules.view(state, 1).model_dump(mode="json")
    )
    with pytest.raises(NotYourSeat):
        session.receive(wrong)


async def test_one_user_cannot_fill_the_service_with_tables(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann = await h.connect("ann")
        limit = h.service.limits.max_tables_per_user
        for _ in range(limit):
            await ann.client.create("army-of-zero", [("Ann", "open"), ("Bob", "open")])
        with pytest.raises(ClientError, match="unfinished tables"):
            await ann.client.create("army-of-zero", [("Ann", "open"), ("Bob", "open")])
        bob = await h.connect("bob")  # someone else still may
        await bob.client.create("army-of-zero", [("Bob", "open"), ("Ann", "open")])
        assert len(h.service.tables) == limit + 1


async def test_an_open_seat_under_its_default_name_takes_the_sitting_players_name(tmp_path):
    """The table form names an open seat "Player 2"; when bob sits there, the game calls
    that seat bob (a name chosen on the form is kept, and so is a name another seat has)."""
    async with Harness(tmp_path / "saves") as h:
        ann, bob, cy = await h.connect("ann"), await h.connect("bob"), await h.connect("Cy")
        joined = await ann.client.create(
            "zeo-dbg",
            [("ann", "open"), ("Player 2", "open"), ("Cy", "open")],
            seed=3,
            options={"format": "2v1"},
            sit=0,
            auto_start=False,
        )
        code = joined.table.code
        table = h.service.tables[code]
        await bob.client.join(code)
        await cy.client.join(code)
        ann.client.start()
        await ann.client.wait_view(lambda v: v.started)
        assert [s.spec.name for s in table.slots] == ["ann", "bob", "Cy"]
        assert list(table.rules.seat_names(table.match.state)) == ["ann", "bob", "Cy"]
        assert [s.name for s in table.info().seats] == ["ann", "bob", "Cy"]
        # the save holds the new names: a restart brings the table back as it is
        assert table.match.to_save().config["names"] == ["ann", "bob", "Cy"]


async def test_a_seat_keeps_the_name_chosen_on_the_form(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        joined = await ann.client.create(
            "army-of-zero", [("ann", "open"), ("Robert", "open")], seed=3, sit=0
        )
        table = h.service.tables[joined.table.code]
        await bob.client.join(joined.table.code)
        await ann.client.wait_view(lambda v: v.started)
        assert [s.spec.name for s in table.slots] == ["ann", "Robert"]


async def test_a_remote_card_menu_hears_the_rule_that_refuses_a_card(tmp_path):
    """QA session 14: Enter on an unaffordable card at a shared table said "table: not one
    of your legal moves right now"; hot-seat names Step 3 (Hand Cost). The view message now
    carries the rules' refusals of the moves a screen asks about (`probe_actions`)."""
    from tabletop_tui.games.pr_ccg_2008.models import SelectCard

    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        joined = await ann.client.create(
            "pr-ccg-2008", [("Ann", "open"), ("Bob", "open")], seed=3, sit=0
        )
        await bob.client.join(joined.table.code)
        update = await ann.client.wait_view(lambda v: v.started)
        session = RemoteSession(ann.client, h.service.tables[joined.table.code].rules, joined)
        session.receive(update)
        hand = session.match.view(0).seats[0].hand
        card, face = hand[0]
        assert face.hand_cost > len(hand) - 1  # seed 3: Dawn Paladin, Hand Cost 2, alone
        refusal = session.match.check(0, SelectCard(card=card))
        assert refusal is not None and refusal.rule == "Step 3" and "Hand Cost" in refusal.reason
        assert all(set(r) == {"action", "rule", "reason"} for r in update.refused)


@pytest.mark.parametrize("game", ["army-of-zero", "pr-ccg-2008", "zoobotz"])
def test_probe_actions_are_the_seats_own_moves_and_check_answers_them(game):
    """Along a random game: every probe is an action of the game that `check` answers (a rule
    or None) and that survives the wire; a legal probe needs no refusal."""
    import random

    from tabletop_tui.engine.match import Match
    from tabletop_tui.games import get_rules

    rules = get_rules(game)
    match = Match(rules, rules.default_config(), 5)
    rng = random.Random(5)
    probed = 0
    for _ in range(60):
        acting = sorted(match.to_act())
        if not acting:
            break
        for seat in range(len(rules.seat_names(match.state))):
            legal = match.legal_actions(seat)
            for action in rules.probe_actions(match.state, seat):
                why = rules.check(match.state, seat, action)
                assert (why is None) == (action in legal), (action, why)
                assert rules.parse_action(rules.dump_action(action)) == action
                probed += 1
        match.play(acting[0], rng.choice(match.legal_actions(acting[0])))
    assert probed > 0
