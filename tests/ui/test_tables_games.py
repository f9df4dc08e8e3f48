"""PR CCG, ZOOBOTZ and Heroes of the Grid at a shared table (issue 19), on their own game
screens: a Pilot app made the table's seat 1 from the lobby and plays a bot of the service
to the end (F2, the list of every legal move, a seeded choice), and another app watches two
bots play. The screen must never show a card name only other seats could see at that step
(the hidden-variant check of walk.py, less names the public log has told everyone); the
playing seat's screen must show its own hidden cards at some point, so the check means
something. Army Of Zero and Zeo are played the same way in test_lobby.py and over SSH."""

from __future__ import annotations

import dataclasses
import html
import random

import pytest

from tabletop_tui.engine.names import describe_all_seen
from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.limits import DEFAULT_LIMITS
from tabletop_tui.tables.protocol import Limits
from tabletop_tui.ui.app import TabletopApp

from . import test_lobby
from .helpers import play_to_end, screen_name, screen_text, settle
from .test_lobby import moves_panel, sit_from_the_lobby, wait_for
from .walk import card_names, hidden_names

#: (game, seed, screen, options): seeds whose seeded random moves against the heuristic bot
#: end the game in a few dozen actions. Heroes of the Grid in Mastermind Mode (the last seat
#: plays evil, its schemes hidden): co-op Rangers keep no secrets from each other
GAMES = [
    ("pr-ccg-2008", 3, "PrCcgScreen", {}),
    ("zoobotz", 2, "ZoobotzScreen", {}),
    ("hotg", 3, "HotgScreen", {"mode": "mastermind"}),
]


#: the table service in the test's loop, the app's environment pointing at it
service = test_lobby.service


def _shown(app) -> str:
    return html.unescape(screen_text(app))


def _said(table) -> str:
    """Every log line so far: what the rules told everyone (a revealed card is public)."""
    return " ".join(e.text for e in table.match.log_lines())


def _update(app):
    session = getattr(app.screen, "session", None)
    return getattr(session, "update", None)


@pytest.mark.parametrize(("game", "seed", "screen", "options"), GAMES)
async def test_a_seat_plays_a_bot_to_the_end_at_a_shared_table(
    service, game, seed, screen, options
):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    seats = [("Ann", "open"), ("Robo", "heuristic")]
    joined = await bob.create(game, seats, seed=seed, options=options)
    table = service.tables[joined.table.code]
    rules = table.rules
    app = TabletopApp()
    rng = random.Random(seed)
    checked = owned = moves = recaps = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await sit_from_the_lobby(pilot, table)  # sit at the first open seat: Ann's
        await wait_for(pilot, lambda: screen_name(app) == screen, "the game screen", 400)
        assert table.started and table.slots[0].user == "ann"
        for _ in range(300):
            if table.over:
                break

            def my_turn() -> bool:
                update = _update(app)
                return (
                    table.over
                    or screen_name(app) == screen
                    and not app.screen.waiting
                    and update is not None
                    and update.revision == table.revision
                    and 0 in update.to_act
                )

            await wait_for(pilot, my_turn, "ann's turn", 400)
            if table.over:
                break
            state = table.match.state
            shown = _shown(app)
            said = _said(table)
            hidden = {n for n in hidden_names(rules, state, 0) if n not in said}
            leaked = sorted(n for n in hidden if n in shown)
            assert not leaked, f"step {len(table.match.actions)}: ann was shown {leaked}"
            checked += len(hidden)
            own = card_names(rules.view(state, 0)) - card_names(rules.view(state, None))
            owned += any(n in shown for n in own)
            if moves == 3:  # the recap (w), from this seat's own view only (issue 33)
                await pilot.press("w")
                await wait_for(pilot, lambda: screen_name(app) == "RecapScreen", "the recap")
                box = _shown(app)
                assert "While you were away" in box
                assert not sorted(n for n in hidden if n in box)
                recap = app.screen_stack[-2].recap_for(0)
                if recap.events:
                    assert recap.events[-1].text[:20] in box
                await pilot.press("escape")
                await wait_for(pilot, lambda: screen_name(app) == screen, "back to the table")
                recaps += 1
            step = len(table.match.actions)
            await pilot.press("f2")
            await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
            labels = moves_panel(app).labels
            # (names, never ids: the seat's own view names the cards, issue 36)
            legal = table.match.legal_actions(0)
            assert labels == describe_all_seen(rules, legal, rules.view(table.match.state, 0))
            moves_panel(app).choose(rng.randrange(len(labels)))
            await wait_for(pilot, lambda s=step: len(table.match.actions) > s, "ann's move")
            moves += 1
        assert table.over, "the game did not end"
        await wait_for(pilot, lambda: screen_name(app) == "GameOverScreen", "game over", 400)
        assert _update(app) is None or _update(app).outcome is not None
    await bob.close()
    assert moves > 3 and recaps == 1
    assert checked > 0, "nothing was hidden from ann: the check proved nothing"
    assert owned > 0, "ann's screen never showed her own hidden cards"
    # the autosave replays to the same game, action by action
    await table.flush()
    from tabletop_tui.engine.match import Match

    assert Match.load(table.save_path).actions == table.match.actions


@pytest.mark.parametrize("service", [Limits(bot_delay=0.04)], indirect=True)
@pytest.mark.parametrize(("game", "seed", "screen", "options"), GAMES)
async def test_a_watcher_sees_two_bots_play_and_nothing_hidden(
    service, game, seed, screen, options
):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    seats = [("Robo A", "heuristic"), ("Robo B", "heuristic")]
    joined = await bob.create(game, seats, seed=seed, options=options, auto_start=False)
    table = service.tables[joined.table.code]
    await bob.join(table.code, watch=True)  # the maker watches too, and starts it
    rules = table.rules
    app = TabletopApp()
    checked = looks = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: table.code in screen_text(app), "the table listed")
        await pilot.press("w")
        await wait_for(pilot, lambda: len(table.spectators) == 2, "ann watching")
        bob.start()
        await wait_for(pilot, lambda: screen_name(app) == screen, "the game screen", 400)
        seen = -1
        for _ in range(2000):
            update = _update(app)
            if screen_name(app) == "GameOverScreen":
                break
            if update is None or update.step == seen or app.screen.waiting:
                await pilot.pause(0.02)
                continue
            seen = update.step
            assert update.seat is None and update.legal == []
            state = table.match.states[update.step]
            said = " ".join(e.text for e in list(table.match.log_lines()))
            hidden = {n for n in hidden_names(rules, state, None) if n not in said}
            shown = _shown(app)
            if _update(app) is not update:  # the screen moved on while it was read
                continue
            leaked = sorted(n for n in hidden if n in shown)
            assert not leaked, f"step {update.step}: the watcher was shown {leaked}"
            checked += len(hidden)
            looks += 1
        assert table.over
        await wait_for(pilot, lambda: screen_name(app) == "GameOverScreen", "game over", 400)
    await bob.close()
    assert looks > 2, "the watcher's screen was looked at too rarely to mean anything"
    assert checked > 0, "nothing was hidden from the watcher: the check proved nothing"


@pytest.mark.parametrize(("game", "seed", "screen", "options"), GAMES)
async def test_the_games_own_keys_play_a_shared_table_to_the_end(
    service, game, seed, screen, options
):
    """The screen's own keys (cards, menus, questions), not only F2: a screen that asks its
    match for more than a seat at a shared table may know (a State, another seat's moves)
    fails here."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    seats = [("Ann", "open"), ("Robo", "heuristic")]
    joined = await bob.create(game, seats, seed=seed, options=options)
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == screen, "the game screen", 400)
        await play_to_end(pilot)
        assert table.over
        ann = [a for a in table.match.actions if a.seat == 0]
        assert len(ann) > 3, "ann's keys made too few moves to mean anything"
    await bob.close()


@pytest.mark.parametrize(
    "service", [dataclasses.replace(DEFAULT_LIMITS, max_errors=3)], indirect=True
)
async def test_a_refused_key_at_a_shared_table_names_the_rule(service):
    """QA session 14: at a shared table every refused key said "Tables: that move is not
    open to your seat now", never the rule (hot-seat says "Step 2: No card is selected").
    The move goes to the service, whose rules name the rule; a player's own tries are not
    counted as a misbehaving client's junk (the rate limit still bounds them)."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create("pr-ccg-2008", [("Ann", "open"), ("Robo", "heuristic")], seed=3)
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == "PrCcgScreen", "the game screen", 400)
        await wait_for(pilot, lambda: 0 in table.match.to_act(), "Ann to choose")
        for _ in range(service.limits.max_errors + 1):  # c: cancel, with nothing selected
            await pilot.press("c")
            await wait_for(pilot, lambda: "No card is selected" in _shown(app), "the rule")
            assert "No card is selected (Step 2)" in _shown(app)
            app.screen.set_message("")
        assert table.slots[0].listener is not None  # still connected
        assert all(logged.seat != 0 for logged in table.match.actions)  # Ann played nothing
