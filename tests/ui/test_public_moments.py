"""Public moments at one keyboard (issue 33; ARCHITECTURE "Hot-seat rules for the UI").

A reveal or the game's end is watched by everyone at the keyboard: while its box is up, the
table behind it shows the public view, so no seat's private card name is drawn anywhere on
the screen. The reveal's key then hands the keyboard to the next seat (one press: the
reveal doubles as that seat's curtain).
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.app import TabletopApp

from .helpers import past_curtains, screen_name, screen_text, settle


def strings(data, out: set[str]) -> set[str]:
    if isinstance(data, dict):
        for value in data.values():
            strings(value, out)
    elif isinstance(data, list | tuple):
        for value in data:
            strings(value, out)
    elif isinstance(data, str):
        out.add(data)
    return out


def private_names(match, seat: int) -> set[str]:
    """Names (two words or more) in `seat`'s view that the public view does not hold: its
    hand, its squad order, its secret choices."""
    own = strings(match.view(seat).model_dump(mode="json"), set())
    public = strings(match.view(None).model_dump(mode="json"), set())
    return {s for s in own - public if " " in s and 5 <= len(s) <= 40 and "\n" not in s}


def leaked(app, match) -> list[str]:
    """Private names on screen, less those the public log told everyone (a card revealed
    as it was invested is public, though its twin may still sit in the hand)."""
    text = screen_text(app)
    said = " ".join(e.text for e in match.log_lines())
    return sorted(
        n
        for seat in range(len(match.seats))
        for n in private_names(match, seat)
        if n in text and n not in said
    )


def game_screen(app):
    return next(s for s in reversed(app.screen_stack) if hasattr(s, "session"))


async def test_army_of_zero_reveal_draws_no_squad_and_hands_on_in_one_press(tmp_path):
    app = TabletopApp(
        game="army-of-zero",
        seats=[SeatSpec(name="Ann"), SeatSpec(name="Bob")],
        seed=3,
        bot_delay=0,
        autosave=False,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ["enter", "r", "enter", "r"]:  # both squads laid down as dealt
            await pilot.press(key)
            await settle(pilot)
        for _ in range(6):  # Attack for whoever holds the keyboard, until the reveal
            if screen_name(app) == "RevealScreen":
                break
            await pilot.press("enter" if screen_name(app) == "CurtainScreen" else "a")
            await settle(pilot)
        assert screen_name(app) == "RevealScreen"
        screen = game_screen(app)
        names = private_names(screen.match, 0) | private_names(screen.match, 1)
        assert names, "each squad's hidden order must be private"
        assert leaked(app, screen.match) == []
        assert screen.session.on_screen is None  # the public view behind the box
        nxt = app.screen.hand_to
        assert nxt is not None and "Next:" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        # no curtain after the reveal: its key was the curtain's
        assert screen_name(app) == "ArmyOfZeroScreen"
        assert screen.session.on_screen == nxt


def pr_ccg_app() -> TabletopApp:
    return TabletopApp(
        game="pr-ccg-2008",
        seats=[SeatSpec(name="Ann"), SeatSpec(name="Bob")],
        seed=11,
        bot_delay=0,
        autosave=False,
    )


async def to_pr_ccg_reveal(app, pilot) -> None:
    """Both seats play nothing in round 1 (each behind its curtain): the reveal is up."""
    await settle(pilot)
    for key in ["enter", "n", "y", "enter", "n", "y"]:
        await pilot.press(key)
        await settle(pilot)
    assert screen_name(app) == "RevealScreen"


async def test_pr_ccg_reveal_shows_neither_hand_nor_the_inspected_card(tmp_path):
    """The play-testers' case: the second seat's hand and its inspector behind the reveal."""
    app = pr_ccg_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_pr_ccg_reveal(app, pilot)
        screen = game_screen(app)
        assert private_names(screen.match, 1), "Bob holds cards of his own"
        assert leaked(app, screen.match) == []
        await pilot.press("enter")
        await settle(pilot)
        # the next round is a private choice: it opens on one seat's screen, handed over
        assert screen_name(app) == "PrCcgScreen"
        assert screen.session.on_screen == app.screen_stack[-1].session.on_screen is not None


async def test_a_click_closes_the_reveal_as_its_key_does(tmp_path):
    """A reveal box is read and closed with a key or a click (screens/dialogs.py `Notice`):
    the click hands the keyboard on exactly as Enter does in the test above."""
    app = pr_ccg_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_pr_ccg_reveal(app, pilot)
        screen = game_screen(app)
        await pilot.click(offset=(60, 20))
        await settle(pilot)
        assert screen_name(app) == "PrCcgScreen"
        assert screen.session.on_screen is not None


GAMES_AT_THE_END = [
    ("army-of-zero", {}, 2, 5),
    ("pr-ccg-2008", {}, 2, 5),
    ("zoobotz", {}, 2, 5),
    ("zeo-dbg", {}, 2, 5),
    ("hotg", {}, 2, 5),
    ("hotg", {"mode": "mastermind"}, 2, 4),
]


def near_the_end(game_id: str, config: dict, seats: int, seed: int):
    """A game played by bots to its end: (the match one move short, that last move, seat)."""
    rules = get_rules(game_id)
    names = [f"P{i + 1} Seat" for i in range(seats)]
    cfg = rules.config_type(names=tuple(names), **config)
    match = Match(rules, cfg, seed)
    bots = [make_bot(game_id, "quick") for _ in range(seats)]
    rng = random.Random(seed)
    for _ in range(20000):
        if match.outcome() is not None:
            break
        seat = min(match.to_act())
        legal = match.legal_actions(seat)
        match.play(seat, bots[seat].choose(match.view(seat), legal, seat, rng))
    assert match.outcome() is not None
    last = match.actions[-1]
    short = Match(rules, cfg, seed, seats=[SeatSpec(name=n) for n in names])
    for logged in match.actions[:-1]:
        short.play(logged.seat, rules.parse_action(logged.action))
    return short, rules.parse_action(last.action), last.seat


@pytest.mark.parametrize(("game_id", "config", "seats", "seed"), GAMES_AT_THE_END)
async def test_the_game_over_box_sits_on_the_public_table(tmp_path, game_id, config, seats, seed):
    short, last, seat = near_the_end(game_id, config, seats, seed)
    path = tmp_path / "end.json"
    short.save(path)
    app = TabletopApp(load=path, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_curtains(pilot)
        screen = game_screen(app)
        if screen.session.on_screen != seat:  # (a group sharing a hand passes without one)
            screen.session.on_screen = seat
        assert screen.submit(last)
        await settle(pilot, 4)
        while screen_name(app) == "RevealScreen":  # (the last blow's reveal comes first)
            assert leaked(app, screen.match) == []
            await pilot.press("enter")
            await settle(pilot, 4)
        assert screen_name(app) == "GameOverScreen"
        match = screen.match
        if screen.shared_keyboard:
            assert screen.session.on_screen is None
        assert leaked(app, match) == []


#: (game, seat names, config, keys): a hot-seat game played by keys for this many presses
WALKS = [
    ("army-of-zero", ["Ann Seat", "Bob Seat"], {}, 70),
    ("pr-ccg-2008", ["Ann Seat", "Bob Seat"], {"opening_hand": 4}, 70),
    ("zoobotz", ["Ann Seat", "Bob Seat"], {}, 90),
    ("zeo-dbg", ["Ann Seat", "Bob Seat"], {}, 90),
    ("hotg", ["Ann Seat", "Max Seat"], {"mode": "mastermind"}, 120),
]


@pytest.mark.parametrize(("game_id", "names", "config", "keys"), WALKS, ids=[w[0] for w in WALKS])
async def test_no_curtain_reveal_or_end_shows_a_private_name(game_id, names, config, keys):
    """Every shared moment of a game played at one keyboard: whenever a curtain, a reveal or
    the game-over box is up, no seat's private name is anywhere on the screen."""
    from .helpers import play_to_end

    app = TabletopApp(
        game=game_id,
        seats=[SeatSpec(name=n) for n in names],
        seed=4,
        bot_delay=0,
        autosave=False,
        config=config,
    )
    checked: dict[str, int] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        press = pilot.press

        async def watched(*keys: str) -> None:
            name = screen_name(app)
            if name in ("CurtainScreen", "RevealScreen", "GameOverScreen"):
                match = game_screen(app).match
                assert leaked(app, match) == [], f"{name} at step {len(match.actions)}"
                checked[name] = checked.get(name, 0) + 1
            await press(*keys)

        pilot.press = watched  # type: ignore[method-assign]
        await settle(pilot)
        try:
            await play_to_end(pilot, limit=keys)
        except AssertionError as exc:  # (no game over within the walk: that is fine)
            if "step" in str(exc):
                raise
    assert checked.get("CurtainScreen", 0) >= 3, checked
