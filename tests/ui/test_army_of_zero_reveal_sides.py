"""Army Of Zero's reveal faces the same way as the board behind it (issue 36): the seat on
screen on the right, its opponent on the left; on a shared keyboard the reveal is a public
moment and both the board and the box are seen from ▲1's chair (●2 left, ▲1 right).
Played through the screen with keys: a Combat Card, then the reveal's box."""

from __future__ import annotations

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.widgets.table import Zone

from .helpers import saved_app, screen_lines, screen_name, settle


def _match(seats) -> Match:
    """The heuristic bot plays both seats on the engine until a fight's second round, both
    seats to choose their Combat Card."""
    rules = get_rules("army-of-zero")
    config = rules.default_config().model_copy(update={"names": ("You", "Bot")})
    match = Match(rules, config, 7, seats=seats)
    bot = make_bot("army-of-zero", "heuristic")
    for _ in range(3000):
        view = match.view(None)
        if view.phase == "battle" and match.to_act() == {0, 1} and view.exchange > 0:
            return match
        seat = sorted(match.to_act())[0]
        rng = bot_rng(match.seed, len(match.actions), seat)
        match.play(seat, bot.choose(match.view(seat), match.legal_actions(seat), seat, rng))
    raise AssertionError("no such position")


async def _until(pilot, name: str, limit: int = 12) -> None:
    """Enter through curtains and recaps until the screen `name` is up."""
    for _ in range(limit):
        await settle(pilot)
        if screen_name(pilot.app) == name:
            return
        await pilot.press("enter")
    raise AssertionError(f"never reached {name}: on {screen_name(pilot.app)}")


def _reveal_names(app) -> str:
    """The reveal box's line naming both fighters' players (read inside the box's body,
    not the board behind it), its spacing squeezed."""
    body = app.screen.query_one("#reveal-body").region
    lines = [x[body.x : body.right] for x in screen_lines(app)[body.y : body.bottom]]
    line = next(x for x in lines if "▲1 You" in x and "●2 Bot" in x)
    return " ".join(line.split())


def _board_left_seat(screen) -> int:
    """The seat whose fighter the board draws on the left of the fight."""
    them = screen.query_one("#aoz-fight-them", Zone)
    me = screen.query_one("#aoz-fight-me", Zone)
    assert them.cards and me.cards
    assert them.cards[0].region.x < me.cards[0].region.x  # (the "them" frame is the left one)
    return them.cards[0].info.seat


async def test_against_a_bot_the_reveal_puts_the_opponent_left_as_the_board_does(tmp_path):
    match = _match([SeatSpec(name="You"), SeatSpec(name="Bot", kind="heuristic")])
    app = saved_app(match, tmp_path / "bot.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(pilot, "ArmyOfZeroScreen")
        board = app.screen
        assert _board_left_seat(board) == 1  # the bot's fighter faces you from the left
        await pilot.press("a")
        await _until(pilot, "RevealScreen", limit=1)
        names = _reveal_names(app)
        # (today the box put ▲1 You on the left whatever the board showed)
        assert names.index("●2 Bot") < names.index("▲1 You")


async def test_on_a_shared_keyboard_board_and_reveal_are_seen_from_the_first_seat(tmp_path):
    match = _match([SeatSpec(name="You"), SeatSpec(name="Bot")])  # two people, one keyboard
    app = saved_app(match, tmp_path / "two.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(pilot, "ArmyOfZeroScreen")
        screen = app.screen
        first = screen.session.on_screen
        await pilot.press("a")  # locked in: the curtain passes the keyboard on
        await _until(pilot, "ArmyOfZeroScreen")
        assert screen.session.on_screen == 1 - first
        # the second seat to choose sees its own fighter on the right
        assert _board_left_seat(screen) == first
        await pilot.press("d")
        await _until(pilot, "RevealScreen", limit=1)
        assert screen.session.on_screen is None  # a public moment: the neutral table
        assert _board_left_seat(screen) == 1  # behind the box: ●2 left, ▲1 right
        names = _reveal_names(app)
        assert names.index("●2 Bot") < names.index("▲1 You")


async def test_at_80_columns_the_dice_name_the_opponent_first_as_drawn_above(tmp_path):
    """The narrow board has the opponent's fighter above yours: its round line names them
    first, as the reveal's box has them on the left."""
    match = _match([SeatSpec(name="You"), SeatSpec(name="Bot", kind="heuristic")])
    app = saved_app(match, tmp_path / "bot.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, "ArmyOfZeroScreen")
        dice = app.screen.query_one("#aoz-dice").region
        lines = [x[dice.x : dice.right] for x in screen_lines(app)[dice.y : dice.bottom]]
        played = next(x for x in lines if x.strip().startswith("Round "))
        assert played.index("Bot ") < played.index("You ")  # (today: You first)
        await pilot.press("a")
        await _until(pilot, "RevealScreen", limit=1)
        names = _reveal_names(app)
        assert names.index("●2 Bot") < names.index("▲1 You")
