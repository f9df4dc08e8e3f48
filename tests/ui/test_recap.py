"""The recap for whoever takes the keyboard (issue 33; ARCHITECTURE "Hot-seat rules").

What a seat missed since its last move: the log's lines (public: they may stand on the
curtain, which everyone sees) and the cards new in its own hand (private: only behind the
curtain, in its message line and its recap box, `w`).
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import Event
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.tables.recap import build_recap, new_cards
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.recap import full_text, public_text

from .helpers import screen_name, screen_text, settle
from .test_public_moments import private_names


def test_new_cards_counts_copies():
    assert new_cards(["Putty", "Putty", "Zord"], ["Putty", "Zord", "Putty", "Putty"]) == ("Putty",)
    assert new_cards(["Zord"], []) == ()


def test_the_curtain_part_never_holds_the_private_part():
    events = [Event(text=f"Bob plays card {n}.") for n in range(12)]
    recap = build_recap("Ann", events, ("Old Card",), ("Old Card", "Secret Card"))
    public = public_text(recap, limit=8).plain
    assert "Secret Card" not in public
    assert "Bob plays card 11." in public and "Bob plays card 3." not in public
    assert "4 earlier" in public  # 12 lines, the last 8 shown
    assert "Secret Card" in full_text(recap).plain
    assert recap.new_cards == ("Secret Card",)


def test_an_unknown_hand_before_gives_no_private_part():
    recap = build_recap("Ann", [Event(text="x", kind="start")], None, ("Card A",))
    assert recap.empty  # the game's first line is not retold, and nothing is known as new


#: (game, config, the number of bot moves before the position is saved)
GAMES = [
    ("army-of-zero", {}, 30),
    ("pr-ccg-2008", {"opening_hand": 5}, 12),
    ("zoobotz", {}, 40),
    ("zeo-dbg", {}, 40),
    ("hotg", {"mode": "mastermind"}, 60),
]


def midgame(game_id: str, config: dict, moves: int) -> tuple[Match, int]:
    """Two human seats, played by bots for about `moves` moves and on until the keyboard must
    change hands: (the match, the seat that takes it next)."""
    rules = get_rules(game_id)
    names = ("Ann Seat", "Bob Seat")
    cfg = rules.config_type(names=names, **config)
    match = Match(rules, cfg, 7, seats=[SeatSpec(name=n) for n in names])
    bots = [make_bot(game_id, "quick") for _ in names]
    rng = random.Random(7)
    for step in range(5000):
        waiting = match.to_act()
        assert waiting, "the game ended before the hand-over"
        seat = min(waiting)
        last = match.actions[-1].seat if match.actions else None
        if step >= moves and last is not None and last != seat:
            return match, seat
        legal = match.legal_actions(seat)
        match.play(seat, bots[seat].choose(match.view(seat), legal, seat, rng))
    raise AssertionError("no hand-over found")


@pytest.mark.parametrize(("game_id", "config", "moves"), GAMES, ids=[g[0] for g in GAMES])
async def test_the_seat_taking_the_keyboard_gets_its_recap(tmp_path, game_id, config, moves):
    match, seat = midgame(game_id, config, moves)
    path = tmp_path / "mid.json"
    match.save(path)
    app = TabletopApp(load=path, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) == "CurtainScreen"
        screen = app.screen_stack[-2]
        recap = screen.recap_for(app.screen.seat)
        assert recap.events, "the other seat moved since: something to retell"
        curtain = screen_text(app)
        assert recap.events[-1].text[:30] in curtain  # the latest public line, on the curtain
        # nothing private on the curtain: no seat's hidden names, not the new cards
        for s in range(len(match.seats)):
            assert [n for n in private_names(screen.match, s) if n in curtain] == []
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) != "CurtainScreen"
        on = screen.session.on_screen
        if recap.new_cards:
            assert "New in your hand" in str(screen.message)
        await pilot.press("w")
        await settle(pilot)
        assert screen_name(app) == "RecapScreen"
        text = screen_text(app)
        assert "While you were away" in text and screen.session.name(on)[:8] in text
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == type(screen).__name__


async def test_a_resumed_game_against_a_bot_opens_on_the_recap(tmp_path):
    rules = get_rules("zeo-dbg")
    names = ("Ann", "Bot")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    match = Match(rules, rules.config_type(names=names), 5, seats=seats)
    bot = make_bot("zeo-dbg", "quick")
    rng = random.Random(5)
    moved_by_bot = 0
    while match.to_act() != frozenset({0}) or moved_by_bot < 3:
        seat = min(match.to_act())
        if seat == 1:
            moved_by_bot += 1
        elif moved_by_bot:
            moved_by_bot = 0
        legal = match.legal_actions(seat)
        match.play(seat, bot.choose(match.view(seat), legal, seat, rng))
    path = tmp_path / "bot.json"
    match.save(path)
    app = TabletopApp(load=path, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) == "RecapScreen"
        assert "Bot" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
