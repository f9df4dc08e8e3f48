"""Replays on the game's own table (issue 39; ARCHITECTURE "Replays use the same screens").

A finished game of each game (and each Heroes of the Grid mode) is stepped through on the
replay screen; at sampled steps its table shows the same cards as the live game's screen at
that step for the same seat. A game in progress never shows a private card in replay.
"""

from __future__ import annotations

import pytest

from tabletop_tui.engine.match import Match
from tabletop_tui.tables.replay import Replay
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.widgets.table import Zone

from .helpers import screen_name, screen_text, settle
from .test_public_moments import near_the_end, private_names

GAMES = [
    ("army-of-zero", {}, 2, 5),
    ("pr-ccg-2008", {}, 2, 5),
    ("zoobotz", {}, 2, 5),
    ("zeo-dbg", {}, 2, 5),
    ("hotg", {}, 2, 5),
    ("hotg", {"mode": "mastermind"}, 2, 4),
    ("hotg", {"mode": "psycho_assault"}, 2, 3),
]
IDS = ["aoz", "pr", "zoobotz", "zeo", "hotg", "hotg-mastermind", "hotg-psycho"]


def finished(game_id: str, config: dict, seats: int, seed: int) -> Match:
    short, last, seat = near_the_end(game_id, config, seats, seed)
    short.play(seat, last)
    assert short.outcome() is not None
    return short


def cards_shown(screen) -> list[tuple]:
    """Every card on the table as the screen drew it: zone, key, title, marks."""
    return [
        (zone.id, card.info.key, card.info.face.title, card.info.marks, card.info.zone)
        for zone in screen.query(Zone)
        for card in zone.cards
    ]


def at_step(match: Match, n: int) -> Match:
    """The same game after its first n actions, as a live match."""
    out = Match(match.rules, match.config, match.seed, seats=list(match.seats))
    for logged in match.actions[:n]:
        out.play(logged.seat, match.rules.parse_action(logged.action))
    return out


@pytest.mark.parametrize(("game_id", "config", "seats", "seed"), GAMES, ids=IDS)
async def test_each_step_shows_what_the_live_table_showed(tmp_path, game_id, config, seats, seed):
    match = finished(game_id, config, seats, seed)
    last = len(match.actions)
    steps = sorted({1, last // 2, last - 1})
    live_cards: dict[tuple[int, int], list] = {}
    for n in steps:  # the live game at step n, opened from its save, every seat human
        path = tmp_path / f"step{n}.json"
        at_step(match, n).save(path)
        live_app = TabletopApp(load=path, bot_delay=0, autosave=False)
        async with live_app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            live = next(s for s in live_app.screen_stack if hasattr(s, "session"))
            assert len(live.match.actions) == n
            for seat in range(seats):
                live.session.on_screen = seat  # (as its curtain would hand it over)
                live.seat_changed()
                live.redraw()
                await settle(pilot)
                live_cards[n, seat] = cards_shown(live)
    replay_app = TabletopApp(replay=Replay(match), autosave=False)
    async with replay_app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = replay_app.screen
        assert screen_name(replay_app).startswith("Replay")
        for n in steps:
            for seat in range(seats):
                screen.go_to(n)
                while screen.session.on_screen != seat:
                    await pilot.press("tab")  # whose eyes: everyone, then each seat
                await settle(pilot)
                assert screen.rmatch.index == n
                shown = cards_shown(screen)
                assert shown, f"step {n}: an empty table"
                assert shown == live_cards[n, seat], f"step {n}, seat {seat}"
        await pilot.press("end")
        await settle(pilot)
        assert screen.rmatch.index == last and screen_name(replay_app).startswith("Replay")
        # nothing can be played: a move refused, the step unchanged
        assert not screen.submit(object())
        assert screen.rmatch.index == last


#: the co-op modes with hands hidden from teammates (open hands hide nothing from a watcher
#: that the team does not see: the Rangers' hands are dealt open by default)
def with_secrets(game_id: str, config: dict) -> dict:
    if game_id == "hotg" and config.get("mode", "standard") != "mastermind":
        return {**config, "hidden_hands": True}
    return config


SECRETS = [(g, with_secrets(g, c), n, s) for g, c, n, s in GAMES]


@pytest.mark.parametrize(("game_id", "config", "seats", "seed"), SECRETS, ids=IDS)
async def test_a_game_in_progress_shows_no_private_card_in_replay(game_id, config, seats, seed):
    match = finished(game_id, config, seats, seed)
    middle = at_step(match, len(match.actions) // 2)
    assert middle.outcome() is None
    replay = Replay(middle)
    assert replay.viewers() == [None]
    app = TabletopApp(replay=replay, autosave=False)
    checked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        for n in sorted({0, len(replay) // 2, len(replay) - 1}):
            screen.go_to(n)
            await pilot.press("tab")  # asks for another seat's eyes: still the public view
            await settle(pilot)
            assert screen.session.on_screen is None
            step_match = at_step(middle, n)
            said = " ".join(e.text for e in step_match.log_lines())
            text = screen_text(app)
            for seat in range(seats):
                names = private_names(step_match, seat)
                checked += len(names)
                assert [x for x in names if x in text and x not in said] == [], (n, seat)
    assert checked, "nothing was private: the check proved nothing"


async def test_replay_opens_at_a_bookmark_and_plays_back(tmp_path):
    match = finished("army-of-zero", {}, 2, 5)
    app = TabletopApp(replay=Replay(match), replay_at=12, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.rmatch.index == 12
        assert "step 12/" in screen_text(app)
        await pilot.press("pagedown")
        assert screen.rmatch.index > 12
        turn = screen.rmatch.turn_of(screen.rmatch.index)
        assert turn != screen.rmatch.turn_of(screen.rmatch.index - 1)  # a new turn's first step
        at = screen.rmatch.index
        for _ in range(3):
            await pilot.press("plus")  # faster: 0.25 s, then 0.1 s a step
        await pilot.press("space")
        await pilot.pause(0.6)
        await pilot.press("space")
        assert screen.rmatch.index > at + 1  # it played on by itself
        stopped = screen.rmatch.index
        await pilot.pause(0.3)
        assert screen.rmatch.index == stopped  # and stops when asked


async def test_the_launcher_lists_finished_games_and_replays_one(tmp_path):
    from tabletop_tui.paths import history_dir

    match = finished("pr-ccg-2008", {}, 2, 5)
    history_dir().mkdir(parents=True, exist_ok=True)
    match.save(history_dir() / "pr-done.json")
    (history_dir() / "broken.json").write_text("{not json", "utf-8")
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert screen_name(app) == "FinishedScreen"
        text = screen_text(app)
        assert "Power Rangers Collectible Card Game" in text
        assert match.outcome().summary[:30] in text
        before = (history_dir() / "pr-done.json").read_bytes()
        await pilot.press("enter")
        await settle(pilot, 3)
        assert screen_name(app) == "ReplayPrCcgScreen"
        await pilot.press("q")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
    assert (history_dir() / "pr-done.json").read_bytes() == before  # replaying writes nothing
