"""The coach's key in every game (issue 38, "A coach"): C asks the hard bot, the advice
shows its reason in a line over the table with the move's card focused, Enter plays that very
move (marked "(coached)" in the log), any other key leaves the table as it was."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tabletop_tui.engine.coach import advise
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.registry import game_screen_class
from tabletop_tui.ui.widgets.table import STEP_KEYS, TableCard

from .helpers import past_curtains, screen_name, screen_text, settle

#: game -> (seats, seed): one human seat against the normal bot (HotG: the Rangers, co-op)
GAMES = {
    "army-of-zero": (2, 5),
    "pr-ccg-2008": (2, 3),
    "zoobotz": (2, 11),
    "zeo-dbg": (2, 3),
    "hotg": (1, 5),
}


def _app(game: str) -> TabletopApp:
    count, seed = GAMES[game]
    seats = [SeatSpec(name="Ann")] + [
        SeatSpec(name=f"Bot {i}", kind="heuristic") for i in range(1, count)
    ]
    return TabletopApp(game=game, seats=seats, seed=seed, bot_delay=0, autosave=False)


async def _to_my_move(pilot) -> GameScreen:
    """Settle until the human seat has a move (bots have played theirs)."""
    for _ in range(50):
        await past_curtains(pilot)
        if screen_name(pilot.app) == "RevealScreen":  # (everyone watched it: go on)
            await pilot.press("enter")
            continue
        screen = pilot.app.screen
        if (
            isinstance(screen, GameScreen)
            and not screen.waiting
            and screen.session.on_screen in screen.match.to_act()
        ):
            return screen
        await pilot.pause()
    raise AssertionError(f"never the human's move; on {screen_name(pilot.app)}")


async def _ask(pilot) -> None:
    await pilot.press("C")
    await pilot.app.workers.wait_for_complete()
    await settle(pilot, 3)


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_coach_gives_a_reason_and_enter_plays_its_move(game):
    app = _app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_my_move(pilot)
        seat, step = screen.session.on_screen, len(screen.match.actions)
        rules = screen.rules
        expected = advise(
            game,
            rules.describe,
            screen.match.view(seat),
            screen.match.legal_actions(seat),
            seat,
            step,
        )
        await _ask(pilot)
        assert screen_name(app) == "CoachScreen"
        shown = str(app.screen.query_one("#coach-advice", Static).render())
        assert expected.reason.headline in shown
        assert expected.text in " ".join(shown.split()) or expected.reason.why[:20] in shown
        if expected.reason.card and any(
            c.info.face.title == expected.reason.card and c.display for c in screen.query(TableCard)
        ):  # the card the move acts on has the table's focus
            assert screen.focused.info.face.title == expected.reason.card
        await pilot.press("enter")
        await settle(pilot, 3)
        assert len(screen.match.actions) > step
        played = screen.match.actions[step]
        assert (played.seat, played.action) == (seat, rules.dump_action(expected.action))
        assert screen.match.events[step + 1][0].text.endswith("(coached)")


async def test_any_other_key_dismisses_the_advice_and_plays_nothing():
    app = _app("zeo-dbg")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_my_move(pilot)
        step = len(screen.match.actions)
        await _ask(pilot)
        assert screen_name(app) == "CoachScreen"
        await pilot.press("x")
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
        assert len(screen.match.actions) == step


async def test_a_burst_of_keys_over_the_advice_closes_it_once_and_keeps_the_table():
    """Play-test at 80x24: two keys read at once ("x" and "m", as a terminal hands over keys
    typed fast) both reached the coach's box; the second dismiss popped the game screen
    under it, and the app went blank and answered no key. Only the box closes."""
    from textual import events

    app = _app("zeo-dbg")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_my_move(pilot)
        step = len(screen.match.actions)
        await _ask(pilot)
        assert screen_name(app) == "CoachScreen"
        app.post_message(events.Key("x", "x"))
        app.post_message(events.Key("m", "m"))
        await settle(pilot, 4)
        assert [type(s).__name__ for s in app.screen_stack][1:] == ["ZeoScreen"]
        assert len(screen.match.actions) == step
        await pilot.press("question_mark")  # the table still answers its keys
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"


async def test_the_key_is_in_the_footer_and_free_in_every_game():
    app = _app("army-of-zero")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_my_move(pilot)
        keys = {b.action: b for _, b, _, _ in screen.active_bindings.values() if b.show}
        assert keys["coach"].key == "C"
    # no game's own keys take C (and h j k l stay the table's movement keys)
    for game in GAMES:
        cls = game_screen_class(game)
        own = [b for b in cls.BINDINGS if "coach" not in b.action]  # (a game's own way to it)
        assert all("C" not in b.key.split(",") for b in own), cls.__name__
    assert {"h", "j", "k", "l"} <= set(STEP_KEYS)


async def test_an_answer_after_the_table_moved_on_is_dropped():
    app = _app("pr-ccg-2008")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_my_move(pilot)
        seat, step = screen.session.on_screen, len(screen.match.actions)
        screen._coach_asked = (seat, step)
        screen._coach_answered(seat, step + 1, None)  # (asked at another step)
        await settle(pilot)
        assert screen_name(app) == "PrCcgScreen"


async def test_g_on_the_advice_measures_the_last_move_on_request():
    """PR CCG: Ann makes a move below the bot's best; asked later, the coach's box says
    nothing about it until g, then measures it (expected Damage against the best card)."""
    from tabletop_tui.engine.coach import grade
    from tabletop_tui.engine.match import Match
    from tabletop_tui.games import get_rules
    from tabletop_tui.games.pr_ccg_2008.models import PlayNothing, SelectCard

    rules = get_rules("pr-ccg-2008")
    found = None
    for seed in range(40):  # a first round where a free move (no Hand Cost) is below the best
        match = Match(rules, rules.config_type(), seed)
        view, legal = match.view(0), match.legal_actions(0)
        hand = dict(view.seats[0].hand)
        for action in legal:
            free = isinstance(action, PlayNothing) or (
                isinstance(action, SelectCard) and hand[action.card].hand_cost == 0
            )
            said = grade("pr-ccg-2008", view, 0, action, legal, 0) if free else None
            if said is not None:
                found = seed, action, said
                break
        if found:
            break
    assert found, "no deal with a weaker free move"
    seed, weaker, said = found
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    app = TabletopApp(game="pr-ccg-2008", seats=seats, seed=seed, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_my_move(pilot)
        assert screen.submit(weaker)
        await settle(pilot, 3)
        screen = await _to_my_move(pilot)
        await _ask(pilot)
        assert screen_name(app) == "CoachScreen"
        box = app.screen.query_one("#coach-advice", Static)
        assert "Your last move" not in str(box.render())  # only on request
        await pilot.press("g")
        await settle(pilot)
        assert screen_name(app) == "CoachScreen"  # g is not a dismissal
        shown = " ".join(str(box.render()).split())
        assert f"Your last move: {said}" in shown


async def test_the_advice_reads_whole_at_80x24_without_colour(monkeypatch):
    """The box fits an 80x24 screen with its reason and keys, in words and a glyph (no
    colour needed), and never covers the card it highlights."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = _app("zeo-dbg")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_my_move(pilot)
        await _ask(pilot)
        assert screen_name(app) == "CoachScreen"
        box = app.screen.query_one("#coach-advice", Static)
        assert box.region.height <= 6 and box.region.width <= 80
        text = screen_text(app)
        assert "✦ Coach:" in text and "Enter: play it" in text
        card = screen.focused
        if isinstance(card, TableCard):  # the highlighted card is not under the box
            assert not box.region.overlaps(card.region)
