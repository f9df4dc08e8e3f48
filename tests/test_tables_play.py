"""Tables over the unix socket (issue 19): real asyncio clients, each at its own seat, play
whole games; each only ever receives its own seat's View; a killed client comes back to its
seat; the autosave replays to the live game action by action."""

from __future__ import annotations

import asyncio
import random

import pytest
from tables_helpers import Harness, check_views, play_out, replayed_states

from tabletop_tui.tables.protocol import Joined, TableUpdate, ViewUpdate
from tabletop_tui.tables.replay import Replay
from tabletop_tui.tables.seat_match import NotYourSeat, SeatMatch
from tabletop_tui.tables.table import SEED_TEXT


async def test_zeo_2v1_three_clients_play_to_the_end_and_a_killed_one_resumes(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, cat = [await h.connect(u) for u in ("ann", "bob", "cat")]
        joined = await ann.client.create(
            "zeo-dbg",
            [("Vil Ann", "open"), ("Hero Bob", "open"), ("Vil Cat", "open")],
            seed=11,
            options={"format": "2v1"},
            sit=0,
        )
        code = joined.table.code
        assert joined.seat == 0 and not joined.table.started
        assert (await bob.client.join(code)).seat == 1
        assert (await cat.client.join(code)).seat == 2
        table = h.service.tables[code]
        assert table.started and table.rules.game_id == "zeo-dbg"
        players = {0: ann, 1: bob, 2: cat}
        killed: dict = {}

        async def kill_bob_once(sent: int) -> None:
            if sent != 12 or killed:
                return
            killed["views"] = list(bob.views)
            bob.client.abort()  # like a crashed app: no goodbye
            for _ in range(500):
                if table.slots[1].listener is None:
                    break
                await asyncio.sleep(0.005)
            assert table.slots[1].user == "bob", "a dropped player keeps the seat"
            await ann.client.wait_view(lambda v: True)
            seen = [m for m in ann.messages if isinstance(m, TableUpdate)]
            assert not seen[-1].table.seats[1].connected
            # bob comes back as the same user, from a new process and a new ticket
            again = await h.connect("bob")
            rejoined = await again.client.join(code)
            assert isinstance(rejoined, Joined) and rejoined.seat == 1
            update = await again.client.wait_view(lambda v: True)
            assert update.seat == 1 and update.revision == table.revision
            players[1] = again
            killed["again"] = again

        await play_out(table, players, random.Random(5), on_step=kill_bob_once)
        assert killed, "the game ended before the kill"
        assert table.over and table.match.outcome() is not None
        loaded, states = await replayed_states(table)

        altered = 0
        for seat, player in [(0, ann), (2, cat), (1, killed["again"])]:
            altered += check_views(table.rules, states, player.views, seat)
            assert player.views[-1].revision == table.revision  # everyone saw the end
        altered += check_views(table.rules, states, killed["views"], 1)
        assert altered > 0, "no variant re-dealt anything: the leak check proved nothing"
        # each connected client saw every change while it sat: live updates, no gaps
        revisions = {v.revision for v in ann.views}
        assert set(range(min(revisions), table.revision + 1)) <= revisions
        replay = Replay(loaded)
        assert len(replay) == len(table.match.actions) + 1 and replay.finished


async def test_army_of_zero_two_players_and_a_spectator(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, eve = [await h.connect(u) for u in ("ann", "bob", "eve")]
        code = (
            await ann.client.create(
                "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=3, sit=0
            )
        ).table.code
        joined = await eve.client.join(code, watch=True)
        assert joined.seat is None
        await bob.client.join(code, seat=1)
        table = h.service.tables[code]
        assert table.info().spectators == 1
        await play_out(table, {0: ann, 1: bob}, random.Random(8))
        loaded, states = await replayed_states(table)
        await eve.client.wait_view(lambda v: v.revision == table.revision)
        altered = check_views(table.rules, states, ann.views, 0)
        altered += check_views(table.rules, states, bob.views, 1)
        assert altered > 0
        # the watcher: public views only, never a legal action, every change seen
        check_views(table.rules, states, eve.views, None)
        assert eve.views and all(v.seat is None and not v.legal for v in eve.views)
        assert eve.views[-1].outcome is not None
        # secret squads: the watcher's views never list a squad's cards while it is hidden
        hidden = [v for v in eve.views if v.view["phase"] == "order"]
        assert hidden and all(s.get("squad", []) == [] for v in hidden for s in v.view["seats"])
        # the log lines arrived too, the same for a player and the watcher
        assert [e.events for e in eve.events][-3:] == [e.events for e in ann.events][-3:]


async def test_a_bot_seat_is_played_by_the_service(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann = await h.connect("ann")
        code = (
            await ann.client.create(
                "army-of-zero", [("Ann", "open"), ("Robo", "heuristic")], seed=2, sit=0
            )
        ).table.code
        table = h.service.tables[code]
        assert table.started  # the bot's seat needs nobody
        await play_out(table, {0: ann}, random.Random(1))
        loaded, states = await replayed_states(table)
        bot_moves = [a for a in table.match.actions if a.seat == 1]
        assert len(bot_moves) > 10
        check_views(table.rules, states, ann.views, 0)
        assert loaded.seats[1].kind == "heuristic"


async def test_reconnecting_as_another_user_does_not_get_the_seat(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create("army-of-zero", [("Ann", "open"), ("Bob", "open")], sit=0)
        ).table.code
        await bob.client.join(code)
        bob.client.abort()
        table = h.service.tables[code]
        for _ in range(500):
            if table.slots[1].listener is None:
                break
            await asyncio.sleep(0.005)
        mallory = await h.connect("mallory")
        try:
            await mallory.client.join(code, seat=1)
        except Exception as exc:
            assert "held by bob" in str(exc)
        else:
            raise AssertionError("another user took bob's seat")
        assert not [v for v in mallory.views if isinstance(v, ViewUpdate) and v.seat == 1]


async def test_a_seat_match_gives_a_screen_what_match_gives_it_and_nothing_more(tmp_path):
    """The wiring piece: a remote screen reads a SeatMatch fed by its connection's messages."""
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create(
                "pr-ccg-2008", [("Ann", "open"), ("Bob", "open")], seed=7, sit=0
            )
        ).table.code
        table = h.service.tables[code]
        rules = table.rules
        box: dict = {}
        checked = []

        def feed(message) -> None:
            bob.record(message)
            if isinstance(message, Joined):
                box["m"] = SeatMatch(rules, message)
            elif "m" in box and box["m"].receive(message) and isinstance(message, ViewUpdate):
                seat_match = box["m"]
                state = table.match.states[message.step]
                assert seat_match.view(1) == rules.view(state, 1)
                assert seat_match.legal_actions(1) == rules.legal_actions(state, 1)
                assert seat_match.legal_actions(0) == []
                assert seat_match.to_act() == rules.to_act(state)
                assert len(seat_match.actions) == message.step
                checked.append(message.step)

        bob.client.on_message = feed
        await bob.client.join(code)
        await play_out(table, {0: ann, 1: bob}, random.Random(4))
        await bob.client.wait_view(lambda v: v.revision == table.revision)
        seat_match = box["m"]
        assert seat_match.outcome() == table.match.outcome() and len(checked) > 10
        with pytest.raises(NotYourSeat):
            seat_match.view(0)
        # beside its own view a seat gets the public one (what every screen may show)
        assert seat_match.view(None) == rules.view(table.match.state, None)
        assert seat_match.view(None) != seat_match.view(1)
        # the same lines, less the seed (it would deal every hidden card)
        sent = [SEED_TEXT.sub("", e.text) for e in table.match.log_lines()]
        assert [e.text for e in seat_match.log_lines()] == sent
        assert f"seed {table.match.seed}" in next(table.match.log_lines()).text
        assert seat_match.config == table.match.config
        assert not hasattr(seat_match, "state") and seat_match.seed != table.match.seed
        with pytest.raises(NotImplementedError):
            seat_match.play(1, seat_match.legal_actions(1))


@pytest.mark.parametrize("game_id", ["pr-ccg-2008", "zoobotz", "hotg"])
async def test_the_other_games_play_over_the_socket_without_leaks(game_id, tmp_path):
    """The service knows no game: the same checks hold for the other three."""
    async with Harness(tmp_path / "saves") as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create(game_id, [("Ann", "open"), ("Bob", "open")], seed=2, sit=0)
        ).table.code
        await bob.client.join(code)
        table = h.service.tables[code]
        await play_out(table, {0: ann, 1: bob}, random.Random(9))
        _, states = await replayed_states(table)
        for seat, player in ((0, ann), (1, bob)):
            await player.client.wait_view(lambda v: v.revision == table.revision)
            check_views(table.rules, states, player.views, seat)
            assert player.views[-1].outcome is not None


async def test_after_a_service_restart_the_tables_come_back_and_players_resume(tmp_path):
    saves = tmp_path / "saves"
    async with Harness(saves) as h:
        ann, bob = await h.connect("ann"), await h.connect("bob")
        code = (
            await ann.client.create(
                "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=12, sit=0
            )
        ).table.code
        await bob.client.join(code)
        table = h.service.tables[code]
        rng = random.Random(2)
        for _ in range(25):
            seat = rng.choice(sorted(table.match.to_act()))
            player = (ann, bob)[seat]
            update = await player.client.wait_view(lambda v: v.revision == table.revision)
            assert await player.client.act(rng.choice(update.legal)) is None
        await table.flush()
        before = [s.model_dump(mode="json") for s in table.match.states]
    (saves / "junk.table.json").write_text("{ not a table", "utf-8")  # logged and skipped
    async with Harness(saves) as h2:
        assert h2.service.restore() == [code]
        back = h2.service.tables[code]
        assert [s.model_dump(mode="json") for s in back.match.states] == before
        assert [s.user for s in back.slots] == ["ann", "bob"] and back.started
        assert all(s.listener is None for s in back.slots)
        mallory = await h2.connect("mallory")
        with pytest.raises(Exception, match="held by ann"):
            await mallory.client.join(code, seat=0)
        ann2, bob2 = await h2.connect("ann"), await h2.connect("bob")
        assert (await ann2.client.join(code)).seat == 0
        assert (await bob2.client.join(code)).seat == 1
        await play_out(back, {0: ann2, 1: bob2}, random.Random(3))
        _, states = await replayed_states(back)
        check_views(back.rules, states, ann2.views, 0)
        assert len(states) > 26


def test_the_seat_that_acted_hears_of_its_move_last():
    """Issue 19's latency is the other players' screens: their apps are told first and start
    redrawing while the actor's (which knows it moved, and has the most to redraw) waits."""
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.games import get_rules
    from tabletop_tui.tables.client import LocalSeat
    from tabletop_tui.tables.protocol import Events, ViewUpdate
    from tabletop_tui.tables.table import Table

    rules = get_rules("zeo-dbg")
    names = ["Vil A", "Hero B", "Vil C"]
    config = rules.config_type(names=tuple(names), format="2v1")
    table = Table("ORDER", rules, config, 15, [SeatSpec(name=n) for n in names])
    heard: list[tuple[str, int | None]] = []
    seats = []
    for i in range(3):
        seat = LocalSeat(table, f"user{i}")
        seat.on_message = lambda m, i=i: heard.append((type(m).__name__, i))
        seat.sit(i)
        seats.append(seat)
    assert table.started
    for _ in range(6):
        actor = min(table.match.to_act())
        legal = table.match.legal_actions(actor)
        heard.clear()
        assert seats[actor].act(legal[0]) is None
        views = [i for kind, i in heard if kind == ViewUpdate.__name__]
        events = [i for kind, i in heard if kind == Events.__name__]
        assert sorted(views) == [0, 1, 2] and views[-1] == actor
        assert not events or events[-1] == actor
