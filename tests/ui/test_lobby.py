"""The lobby of shared tables (issue 19), driven with keys in a Pilot app whose table service
runs in the test's loop; the other players are plain socket clients."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.protocol import DEFAULT_LIMITS, Limits
from tabletop_tui.tables.service import TableService
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_lines, screen_name, screen_text, settle


@pytest.fixture
async def service(tmp_path, monkeypatch, request):
    folder = Path(tempfile.mkdtemp(prefix="tt-lobby-"))
    limits = getattr(request, "param", DEFAULT_LIMITS)
    service = TableService(tmp_path / "tables", limits)
    await service.start(folder / "t.sock")
    monkeypatch.setenv("TABLETOP_TUI_TABLES", str(service.socket_path))
    monkeypatch.setenv("TABLETOP_TUI_TABLE_TICKET", service.issue_ticket("ann"))
    yield service
    await service.close()
    shutil.rmtree(folder, ignore_errors=True)


async def wait_for(pilot, test, what: str, tries: int = 200) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}: {screen_text(pilot.app)[-400:]}")


async def open_table_form(pilot) -> None:
    """From the launcher: the lobby, a new table, the first game (Army Of Zero), its form."""
    app = pilot.app
    await pilot.press("o")
    await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
    await pilot.press("c")
    await wait_for(pilot, lambda: screen_name(app) == "GamePickScreen", "the game list")
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen_name(app) == "TableSetupScreen", "the table form")


async def test_the_waiting_room_shows_the_table_before_anyone_joins(service):
    """Its text used to be skipped while on_mount ran (is_mounted is still False there), so
    the room stayed blank until someone joined."""
    app = TabletopApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_table_form(pilot)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        await settle(pilot)
        table = next(iter(service.tables.values()))
        text = screen_text(app)
        assert f"Table {table.code}" in text, text
        assert "Waiting for players" in text, text


async def test_only_the_maker_is_offered_start_and_bots_in_the_waiting_room(service):
    """A player who joined someone else's table cannot start it or seat bots (the service
    refuses both): the room's footer does not offer them (QA session 14: it showed "s
    Start" to everyone), and s starts nothing."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    seats = [("Bob", "open"), ("Ann", "open"), ("Cy", "open")]
    joined = await bob.create("zoobotz", seats, sit=0, auto_start=False)
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        await wait_for(pilot, lambda: "Waiting for bob" in screen_text(app), "the room's note")
        footer = screen_lines(app)[-1]
        assert "Leave" in footer and "Start" not in footer and "Bot" not in footer, footer
        await pilot.press("s", "b")
        await settle(pilot)
        assert not table.started and not any(s.is_bot for s in table.slots)
    await bob.close()


async def sit_from_the_lobby(pilot, table) -> None:
    """From the launcher: the lobby (o), then Enter on `table` once it is listed: the
    first open seat there."""
    await settle(pilot)
    await pilot.press("o")
    await wait_for(pilot, lambda: table.code in screen_text(pilot.app), "the table listed")
    await pilot.press("enter")


def moves_panel(app):
    """F2's list at a shared table, when it is open over the game screen."""
    panel = getattr(app.screen, "_moves_panel", None)
    return panel if panel is not None and panel.is_open else None


def shown_message(app) -> str:
    """The game screen's message line as it was last drawn."""
    from tabletop_tui.ui.game_screen import GameScreen

    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    message = screen._shown.get("#aoz-message", "")
    return getattr(message, "plain", str(message)) + " "


async def test_lobby_create_join_start_play_and_replay(service, monkeypatch):
    # the service draws the seed (the form offers none); this one makes a short game when
    # each seat to act (the lowest) takes its first legal move
    monkeypatch.setattr(service, "draw_seed", lambda: 32)
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await open_table_form(pilot)
        # no seed to choose at a shared table (it would deal every hidden card)
        assert not app.screen.query_one("#seed").parent.display
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        table = next(iter(service.tables.values()))
        assert table.slots[0].user == "ann" and not table.started
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        await bob.join(table.code)
        await wait_for(pilot, lambda: "s starts the game" in screen_text(app), "start offer")
        await pilot.press("s")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        assert table.started
        assert table.match.seed == 32
        for _ in range(400):
            if table.over:
                break
            revision = table.revision
            seat = min(table.match.to_act())
            if seat == 0:
                await wait_for(pilot, lambda: not app.screen.waiting, "ann's screen to settle")
                await pilot.press("f2")
                await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
                await pilot.press("enter")
            else:
                legal = bob.view.legal
                assert await bob.act(legal[0], expect=bob.view.revision) is None
            await wait_for(pilot, lambda r=revision: table.revision > r, "the move")
            step = len(table.match.actions)
            # ann's screen shows the new step live, whoever moved
            await wait_for(pilot, lambda n=step: f"step {n} " in shown_message(app), f"step {step}")
        assert table.over
        await wait_for(pilot, lambda: screen_name(app) == "GameOverScreen", "game over")
        await settle(pilot)  # (the box takes keys typed once it is drawn)
        await pilot.press("l")  # back to the lobby; the finished table is in its history
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby again")
        await wait_for(pilot, lambda: "finished" in screen_text(app), "the finished table")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app).startswith("Replay"), "the replay")
        replay = app.screen.replay
        assert replay.finished and len(replay) == len(table.match.actions) + 1
        assert [a.action for a in replay.match.actions] == [a.action for a in table.match.actions]
        await bob.close()


async def test_undo_at_a_table_asks_the_other_player_both_ways(service):
    """Undo at a shared table needs the other seats' consent (issue 19): ann's u is put to
    bob, and bob's request is a question on ann's screen, answered with y."""
    from tabletop_tui.tables.protocol import UndoResult

    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        heard: list = []
        bob.on_message = heard.append
        joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], seed=6, sit=0)
        table = service.tables[joined.table.code]
        await pilot.press("o")
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await wait_for(pilot, lambda: joined.table.code in screen_text(app), "the table listed")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        assert table.started and table.slots[1].user == "ann"
        # ann moves, then asks to take it back: bob is asked and agrees
        await pilot.press("f2")
        await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.match.actions) == 1, "ann's move")
        await wait_for(pilot, lambda: not app.screen.waiting, "ann's screen")
        await pilot.press("u")
        await wait_for(pilot, lambda: table.undo_ask is not None, "the undo question")
        assert bob.view.undo_asked_by == 1 and len(table.match.actions) == 1
        bob.reply_undo(True)
        await wait_for(pilot, lambda: not table.match.actions, "the undo")
        await wait_for(pilot, lambda: "undo: 1 step" in shown_message(app), "ann told")
        assert any(isinstance(m, UndoResult) and m.accepted for m in heard)
        # bob moves and asks: ann's screen puts the question, y agrees
        legal = bob.view.legal
        assert await bob.act(legal[0]) is None
        bob.undo()
        await wait_for(pilot, lambda: screen_name(app) == "AskScreen", "ann asked")
        assert app.screen.title_text == "Bob asks to undo"
        await pilot.press("y")
        await wait_for(pilot, lambda: not table.match.actions, "bob's undo")
        await bob.close()


@pytest.mark.parametrize("service", [Limits(seat_timeout=0.3)], indirect=True)
async def test_a_player_away_past_the_timeout_may_be_given_to_a_bot(service):
    """A seat left empty past the timeout: the others are asked, and a bot plays it on."""
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], sit=0)
        table = service.tables[joined.table.code]
        await pilot.press("o")
        await wait_for(pilot, lambda: joined.table.code in screen_text(app), "the table listed")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        bob.abort()  # bob's line drops
        await wait_for(pilot, lambda: screen_name(app) == "AskScreen", "the question", 400)
        assert app.screen.title_text == "bob is away"
        await pilot.press("y")
        await wait_for(pilot, lambda: table.slots[0].is_bot, "the bot")
        assert table.match.seats[0].kind == "heuristic" and table.slots[1].user == "ann"
        # the bot plays bob's part inside the service: the game goes on without him
        await wait_for(pilot, lambda: 0 not in table.match.to_act(), "the bot's move")


async def test_f2_lists_every_legal_move_in_a_hot_seat_game_too():
    """The move list of F2 is the base game screen's: it works on one terminal as well."""
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.engine.names import describe_all_seen

    seats = [SeatSpec(name="Ann"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=5, autosave=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        match = app.screen.match
        legal = match.legal_actions(0)
        await pilot.press("f2")
        await wait_for(pilot, lambda: screen_name(app) == "MovesScreen", "the move list")
        labels = app.screen.labels
        # (names, never ids: each character as Ann's own view names it, issue 36)
        assert labels == describe_all_seen(match.rules, legal, match.view(0))
        assert not any("AOZ-" in label for label in labels)
        await pilot.press("end", "enter")  # the last move on the list
        mine = lambda: [a.action for a in match.actions if a.seat == 0]  # noqa: E731
        await wait_for(pilot, lambda: mine(), "ann's move")
        assert mine()[0] == match.rules.dump_action(legal[-1])


async def test_the_table_form_sets_how_late_watchers_see_the_game(service):
    """A short delay for watchers is a table option (issue 19): chosen on the form, listed in
    the lobby; the service holds the watchers back (tests/test_tables_watch_delay.py)."""
    from textual.widgets import Select

    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await open_table_form(pilot)
        await wait_for(pilot, lambda: bool(app.screen.query("#watch-delay")), "the delay field")
        delay = app.screen.query_one("#watch-delay", Select)
        assert delay.value == 0
        await settle(pilot)
        # the shown choice fits on the field's one line (a long one wrapped out of the box)
        assert delay.region.height == 3, delay.region
        delay.focus()
        await wait_for(pilot, lambda: app.focused is delay, "the field's focus")
        await pilot.press("enter")
        await wait_for(pilot, lambda: delay.expanded, "the choices")
        await pilot.press("down", "down", "enter")  # "5 moves late"
        await wait_for(pilot, lambda: delay.value == 5, "the choice")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        table = next(iter(service.tables.values()))
        assert table.watch_delay == 5 and table.info().watch_delay == 5
        await pilot.press("escape")  # leave the room: the lobby lists the table with its delay
        await wait_for(pilot, lambda: "5 moves late" in screen_text(app), "the listed delay")


def test_a_table_list_that_comes_back_after_the_lobby_closed_is_dropped(tmp_path):
    """The list is fetched in a worker; when the answer arrives after the lobby's widgets are
    gone (the player left it meanwhile), it is dropped instead of failing the app."""
    from tabletop_tui.tables.remote import TablesLink
    from tabletop_tui.ui.screens.lobby import LobbyScreen

    lobby = LobbyScreen(TablesLink(tmp_path / "socket", "ticket"))
    lobby.tables = []
    assert lobby._show_tables() is None  # no widgets: returns quietly, raises nothing


# -- games that last for days (issue 34) ------------------------------------------------------
async def seated_client(service, user: str, code: str, seat: int | None = None) -> TableClient:
    """`user` at `code` from another terminal (connected: the app is not taken back there)."""
    client = await TableClient.connect(service.socket_path, service.issue_ticket(user))
    await client.join(code, seat)
    return client


async def test_the_lobby_lists_your_move_first_with_the_game_the_others_and_the_wait(service):
    import time

    now = [time.time()]
    service.clock = lambda: now[0]
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    dan = await TableClient.connect(service.socket_path, service.issue_ticket("dan"))
    three = [("Bob", "open"), ("Ann", "open"), ("Cy", "open")]
    others = (await dan.create("army-of-zero", [("Dan", "open"), ("Eve", "open")], sit=0)).table
    waiting = (await bob.create("zoobotz", three, sit=0)).table  # not started: nobody's move
    mine = (await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], sit=0)).table
    ann1 = await seated_client(service, "ann", waiting.code)
    ann2 = await seated_client(service, "ann", mine.code)
    assert service.tables[mine.code].started
    now[0] += 86400 + 120
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: others.code in screen_text(app), "the tables listed")
        lobby = app.screen
        assert [t.code for t in lobby.tables] == [mine.code, waiting.code, others.code]
        text = "\n".join(screen_lines(app))
        assert f"{mine.code} Army Of Zero · ▶ your move (waited 1 day) · with bob" in text, text
        assert f"Your move at {mine.code} Army Of Zero with bob (waited 1 day)" in text
        assert f"{waiting.code} ZOOBOTZ · waiting: 1 open · with bob, Cy (open)" in text
        assert text.index(mine.code) < text.index(waiting.code) < text.index(others.code)
    for client in (bob, dan, ann1, ann2):
        await client.close()


async def test_a_player_who_logs_in_sees_at_once_where_it_is_their_move(service):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    table = (await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], sit=0)).table
    ann = await seated_client(service, "ann", table.code)  # (at it from another terminal)
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        line = lambda: "\n".join(screen_lines(app))  # noqa: E731
        await wait_for(pilot, lambda: f"Your move at {table.code}" in line(), "the launcher line")
        assert screen_name(app) == "LauncherScreen"
        said = f"Your move at {table.code} Army Of Zero with bob"
        notes = lambda: [str(n.message) for n in app._notifications]  # noqa: E731
        await wait_for(pilot, lambda: any(said in n for n in notes()), "the notice")
    await ann.close()
    await bob.close()


def noticed(app, words: str) -> bool:
    return any(words in str(n.message) for n in app._notifications)


async def test_a_table_becoming_your_move_rings_once_while_you_play_another(service):
    """ann's app plays at one table; at another (her seat held by her other terminal) each
    time it becomes her move the bell rings once, with a notice; never for the table on
    screen, and never again for the same turn."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    dan = await TableClient.connect(service.socket_path, service.issue_ticket("dan"))
    two = [("Ann", "open"), ("Bob", "open")]
    far = service.tables[(await bob.create("army-of-zero", two, seed=5, sit=1)).table.code]
    ann = await seated_client(service, "ann", far.code)
    near = (await dan.create("army-of-zero", [("Dan", "open"), ("Ann", "open")], sit=0)).table
    app = TabletopApp()
    bells: list[str] = []
    app.bell = lambda: bells.append("ding")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await pilot.press("slash")
        await wait_for(pilot, lambda: screen_name(app) == "CodeScreen", "the code box")
        await pilot.press(*near.code.lower(), "enter")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the other game")
        await settle(pilot)
        assert bells == []  # her move at both tables since she came: no change, no bell
        rings = 0
        for _ in range(120):
            if far.over or rings == 2:
                break
            before = 0 in far.match.to_act()
            seat = min(far.match.to_act())
            player = (ann, bob)[seat]
            revision = far.revision
            update = await player.wait_view(lambda v, r=revision: v.revision == r)
            assert await player.act(update.legal[0], expect=update.revision) is None
            if not before and 0 in far.match.to_act():
                rings += 1
                await wait_for(pilot, lambda n=rings: len(bells) == n, f"bell {rings}")
                await wait_for(pilot, lambda: noticed(app, f"Your move at {far.code}"), "notice")
            await settle(pilot)
            assert len(bells) == rings, "the bell rang without a new turn"
        assert rings == 2, "the far table never became her move again"
        assert screen_name(app) == "ArmyOfZeroScreen"  # she plays on where she was
    for client in (bob, dan, ann):
        await client.close()


async def test_the_table_form_chooses_whether_a_dropped_seat_waits_or_a_bot_plays_it(service):
    from textual.widgets import Select

    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await open_table_form(pilot)
        await wait_for(pilot, lambda: bool(app.screen.query("#bot-after")), "the bot field")
        away = app.screen.query_one("#bot-after", Select)
        assert away.value == 0  # by default the seat waits
        await settle(pilot)
        assert away.region.height == 3, away.region
        away.focus()
        await wait_for(pilot, lambda: app.focused is away, "the field's focus")
        await pilot.press("enter")
        await wait_for(pilot, lambda: away.expanded, "the choices")
        await pilot.press("down", "down", "enter")  # "a bot after 1 hour"
        await wait_for(pilot, lambda: away.value == 3600, "the choice")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        table = next(iter(service.tables.values()))
        assert table.bot_after == 3600 and table.info().bot_after == 3600


async def test_x_in_the_lobby_leaves_a_table_for_good_once_confirmed(service):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    code = (await bob.create("zoobotz", [("Bob", "open"), ("Ann", "open")], sit=0)).table.code
    table = service.tables[code]
    ann = await seated_client(service, "ann", code)
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: code in screen_text(app), "the table listed")
        await pilot.press("x")
        await wait_for(pilot, lambda: screen_name(app) == "AskScreen", "the question")
        assert app.screen.title_text == f"Leave table {code} for good?"
        await pilot.press("n")
        await settle(pilot)
        assert table.slots[1].user == "ann"
        await pilot.press("x")
        await wait_for(pilot, lambda: screen_name(app) == "AskScreen", "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: table.slots[1].user is None, "the seat given up")
        await wait_for(pilot, lambda: "left table" in screen_text(app), "the lobby's word")
        assert "○ open" in screen_text(app)
        # anyone may take it: cy does
        cy = await seated_client(service, "cy", code)
        assert table.slots[1].user == "cy"
        await cy.close()
    await ann.close()
    await bob.close()
