"""Army Of Zero through the UI: whole games with keys, curtains, reveals, undo, saves."""

import json
import re

from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games.army_of_zero.models import ChooseCombat
from tabletop_tui.paths import autosave_path
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screenshots import fast_forward

from .helpers import past_curtains, play_to_end, saved_app, screen_name, screen_text, settle

HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]


async def test_whole_game_from_the_launcher_with_keys_by_the_cards():
    """Launcher -> setup -> a full game against the bot -> game over, keys only. Issue 20
    (done when): the human seat plays to the end from what the screen shows; no list ever
    offers more than MOVE_LIST_CAP moves. (One whole game for both: they were two games.)"""
    from tabletop_tui.ui.widgets.card_menu import MOVE_LIST_CAP

    from .helpers import play_by_the_cards

    app = TabletopApp(bot_delay=0, seed=4)  # (seed 4: one of the shorter games)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Army Of Zero is first
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        await pilot.press("ctrl+s")  # seat 1 human, seat 2 heuristic bot by default
        await settle(pilot, 3)
        assert screen_name(app) in ("ArmyOfZeroScreen", "RevealScreen")
        most, by_card = await play_by_the_cards(pilot, ("r", "a", "d"))
        assert screen_name(app) == "GameOverScreen"
        game = app.screen_stack[-2]
        outcome = game.match.outcome()
        assert outcome is not None
        assert most <= MOVE_LIST_CAP and by_card > 0  # (a card's one move is made at once)
        assert "wins" in screen_text(app) or "draw" in screen_text(app)
        # the autosave holds the finished game and replays to the same outcome
        saved = Match.load(autosave_path("army-of-zero"))
        assert saved.outcome() == outcome


async def test_hot_seat_curtains_hide_each_squad():
    """Two humans: a curtain before each seat's secret ordering; Bob never sees Alice's pile."""
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "Pass to Alice" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        alice_pile = [c.name.split()[-1] for c in game.match.view(0).seats[0].unplaced]
        assert any(name in screen_text(app) for name in alice_pile)  # Alice sees her own
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        text = screen_text(app)
        assert "Pass to Bob" in text
        assert not any(name in text for name in alice_pile)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        bob_pile = [c.name.split()[-1] for c in game.match.view(1).seats[1].unplaced]
        assert any(name in text for name in bob_pile)
        assert not any(name in text for name in alice_pile)


async def test_secret_choice_locked_in_then_one_reveal():
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for key in ("enter", "r", "enter", "r"):
            await pilot.press(key)
            await settle(pilot)
        # Both piles down: the fighters are revealed; Bob is on screen and chooses first.
        game = (
            app.screen_stack[-1] if screen_name(app) == "ArmyOfZeroScreen" else app.screen_stack[-2]
        )
        assert game.match.view(None).phase == "battle"
        await pilot.press("d")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        curtain = screen_text(app)
        assert "DEFEND" not in curtain.upper().replace("DEFENDED", "")
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "card face down" in text  # Alice sees that Bob chose, not what
        assert "locked in: DEFEND" not in text
        await pilot.press("a")
        await settle(pilot)
        assert screen_name(app) == "RevealScreen"
        text = screen_text(app)
        assert "ATTACK" in text and "DEFEND" in text


async def test_illegal_action_names_the_rule_and_changes_nothing():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("a")  # still ordering: no combat cards yet
        await settle(pilot)
        assert "Playing The Game" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        # Attack twice (close each reveal), then a third attack must be refused by step 1.
        attacks = 0
        while attacks < 2:
            before = game.match.view(0).seats[0]
            await pilot.press("a")
            await settle(pilot)
            while screen_name(app) == "RevealScreen":
                await pilot.press("enter")
                await settle(pilot)
            after = game.match.view(0).seats[0]
            if after.fighter != before.fighter or game.match.outcome():
                return  # a fighter fell; the rule is covered in the rules tests
            attacks += 1
        state = game.match.state
        count = len(game.match.actions)
        await pilot.press("a")
        await settle(pilot)
        assert "Step 1" in screen_text(app)
        assert game.match.state is state
        assert len(game.match.actions) == count
        assert game.match.check(0, ChooseCombat(card="attack")) is not None


async def test_undo_takes_back_a_placement_but_not_a_reveal():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("enter")  # place one character
        await settle(pilot)
        placed = len(game.match.view(0).seats[0].squad)
        assert placed == 1
        await pilot.press("u")
        await settle(pilot)
        assert len(game.match.view(0).seats[0].squad) == 0
        await pilot.press("r")
        await settle(pilot)
        count = len(game.match.actions)
        await pilot.press("u")
        await settle(pilot)
        assert len(game.match.actions) == count
        assert "undo stops at revealed information" in screen_text(app)


async def test_save_key_writes_a_loadable_file(_home):
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        saves = list((_home / "saves").glob("army-of-zero_*.json"))
        assert len(saves) == 1
        loaded = Match.load(saves[0])
        assert loaded.state == app.screen.match.state
        # QA session 14: the note said where, never how to open it again (the launcher's
        # Resume lists autosaves only)
        notes = " ".join(str(n.message) for n in app._notifications)
        assert "tabletop-tui play army-of-zero --load" in notes


async def test_quit_asks_first():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert screen_name(app) == "ConfirmQuit"
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        await pilot.press("q", "y")
        await settle(pilot)
    assert app.return_code == 0 or app.return_code is None
    assert autosave_path("army-of-zero").exists()  # quitting loses nothing


async def test_broken_save_shows_message_and_app_keeps_running(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-tui-save", "version": 1, "game": "army-of-zero", "conf')
    before = bad.read_bytes()
    app = TabletopApp(load=bad, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        messages = [str(n.message) for n in app._notifications]
        assert any(str(bad) in m and "JSON" in m for m in messages)
    assert bad.read_bytes() == before


async def test_resume_continues_the_autosave():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=9, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        state = app.screen.match.state
    data = json.loads(autosave_path("army-of-zero").read_text())
    assert data["seed"] == 9
    app = TabletopApp(load=autosave_path("army-of-zero"), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        # the bot moved after the last move of the seat resuming: a recap of it comes first
        assert screen_name(app) == "RecapScreen"
        assert "Squad Pile" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        assert app.screen.match.state == state


async def test_help_shows_our_rules_reference():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        text = screen_text(app)
        assert "Attack" in text and "rules and help" in text
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"


async def test_mouse_clicks_play_too():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.click("#btn-rest")
        await settle(pilot)
        assert game.match.view(0).seats[0].laid_down
        count = len(game.match.actions)
        await pilot.click(".hand-defend")
        await settle(pilot)
        assert len(game.match.actions) > count


async def test_the_lay_down_button_works_from_the_keyboard_and_not_when_disabled():
    """The "Lay down rest (r)" button does what r does on Enter; while the seat has nothing
    to do it is disabled and neither a click nor Enter plays anything."""
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        button = game.query_one("#btn-rest")
        button.disabled = True
        await pilot.click("#btn-rest")
        await settle(pilot)
        assert not game.match.view(0).seats[0].laid_down
        button.disabled = False
        button.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert game.match.view(0).seats[0].laid_down


async def test_two_bots_play_a_whole_demo_game():
    seats = [SeatSpec(name="A", kind="heuristic"), SeatSpec(name="B", kind="random")]
    app = TabletopApp(
        game="army-of-zero", seats=seats, seed=13, demo_delay=0.0, exit_at_end=True, autosave=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await pilot.pause(0.01)
            if app.return_value is not None:
                break
    assert app.return_value is not None  # the Outcome


async def test_locked_in_is_announced_on_the_curtain():
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "r")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "Alice is locked in" in screen_text(app)


async def test_no_color_is_fully_playable(monkeypatch):
    """NO_COLOR: seats, ranks and cards still carry glyphs and letters, and a game can be played."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        await pilot.press("r")
        await settle(pilot)
        text = screen_text(app)
        for glyph in ("▲1", "●2", "[A⚔]", "[D◊]"):
            assert glyph in text
        assert any(f"[{code}]" in text for code in ("LD", "GN", "CM", "GD", "TH"))
        # a character's abilities each carry their letter (S C W A), never colour alone
        assert re.search(r"S[+-]\d C[+-]\d W[+-]\d A[+-]\d", text)
        game = app.screen
        count = len(game.match.actions)
        await pilot.press("d")
        await settle(pilot)
        assert len(game.match.actions) > count


async def _mid_game(pilot, fallen: int = 1) -> None:
    """Squad laid down by key, then the bots fight on the engine until `fallen` characters
    are defeated (and a fight is on); the screen shows that position."""
    from .helpers import engine_until

    await settle(pilot)
    await pilot.press("r")
    await settle(pilot)
    app = pilot.app
    await engine_until(
        pilot,
        lambda v: (
            sum(len(s.defeated) for s in v.seats) >= fallen and all(s.fighter for s in v.seats)
        ),
    )
    while screen_name(app) != "ArmyOfZeroScreen":
        await pilot.press("enter")
        await settle(pilot)


async def test_inspector_reads_every_public_card_and_no_hidden_one():
    """Issue 20: the focus walks over every card on the table; the inspector shows each in
    full (rank, clan, all four abilities, where, whose); the bot's squad stays hidden."""
    from .walk import assert_nothing_hidden_shown, hidden_names, walk_cards

    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await _mid_game(pilot)
        game = app.screen
        view = game.match.view(0)
        walked = await walk_cards(pilot)
        characters = {
            c.id: c
            for s in view.seats
            for c in (*s.squad, *s.survivors, *s.defeated, *([s.fighter] if s.fighter else ()))
        }
        keys = [info.key for info, _ in walked]
        # every character the View shows is on the table (the bot's squad is not in the View)
        assert set(characters) <= set(keys)
        assert "their-pile" in keys
        assert {"defend", "attack-0"} & set(keys)  # my hand of Combat Cards
        for info, text in walked:
            if info.key in characters:
                c = characters[info.key]
                assert c.name in text and f"{c.rank} · {c.clan} Clan" in text
                for label, ability in (("SPD", c.speed), ("CBT", c.combat), ("WPN", c.weapon)):
                    assert f"{label} {ability:+3d}" in text
                assert "Where: " in text and "Owner: " in text
            elif info.key == "their-pile":
                assert "Face down" in text and "Robo" in text
        await assert_nothing_hidden_shown(
            pilot, walked, hidden_names(game.rules, game.match.state, 0)
        )


async def test_a_key_while_the_bot_orders_its_squad_is_played_at_once():
    """Issue 20: `r` pressed while the bot orders its squad is never lost. Both players order
    their Squad Piles at the same time (rulebook, "Setting Up": each arranges their ten
    cards, then puts the pile face down), so the bot's pause holds nobody's keys back."""
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=30, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert game._thinking == 1  # the bot is ordering its squad (a long pause)
        assert not game.waiting  # ...and my own squad is mine to order meanwhile
        await pilot.press("r")
        await settle(pilot)
        assert game.match.view(0).seats[0].laid_down
        assert not game.match.view(1).seats[1].laid_down  # the bot is still at it
        assert "locked in" in screen_text(app)
        await pilot.press("r")  # nothing of mine to choose now: the wait is said out loud
        await settle(pilot)
        assert "Wait: Robo (bot) is ordering its squad" in screen_text(app)


async def test_the_cursor_does_not_carry_over_to_the_next_seat():
    """Issue 20: Alice's place in her squad is not where Bob's screen opens."""
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the curtain: Alice
        await settle(pilot)
        await pilot.press("down", "down", "down")
        await settle(pilot)
        assert app.focused.info.key == app.screen.match.view(0).seats[0].unplaced[3].id
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        await pilot.press("enter")  # Bob
        await settle(pilot, 3)
        bob = app.screen.match.view(1).seats[1]
        assert app.focused.info.key == bob.unplaced[0].id


async def test_game_over_summary_speaks_to_a_seat_named_you():
    """QA session 12: the game-over box read "Robo has defeated all ten of You's characters";
    like the log and the title, its summary line is said to the player named You."""
    seats = [SeatSpec(name="You"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await fast_forward(pilot, "army-of-zero", 3000)  # the engine plays all but the end
        await play_to_end(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert "You's" in app.screen_stack[-2].match.outcome().summary  # the rules' words
        text = str(app.screen.summary)  # the box wraps it: read the text it shows
        assert "Robo has defeated all ten of your characters." in text


async def test_card_box_says_your_to_a_seat_named_you():
    """QA session 12: with the guided game's seat named You the card box read "the fight:
    You's fighter" and "You's winners"; said to that player they read "your"."""
    from .walk import walk_cards

    seats = [SeatSpec(name="You"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await _mid_game(pilot, fallen=2)
        zones = {info.zone for info, _ in await walk_cards(pilot)}
        assert "the fight: your fighter" in zones and "the fight: Robo's fighter" in zones
        assert not [z for z in zones if "You's" in z]


async def test_status_line_says_who_acts_in_full_at_80_columns():
    """QA session 12: at 80x24 the status line was cut to "to act: ▲1 Player" when both
    players choose a Combat Card at once; it now says "both", which fits."""
    from .helpers import screen_lines

    seats = [SeatSpec(name="Player 1"), SeatSpec(name="Player 2")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):  # both squads laid down, behind a curtain each
            if screen_name(app) == "ArmyOfZeroScreen" and app.screen.match.view(None).phase == (
                "battle"
            ):
                break
            await pilot.press("enter" if screen_name(app) == "CurtainScreen" else "r")
            await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        assert app.screen.match.view(None).to_act == (0, 1)
        assert screen_lines(app)[0].rstrip().endswith("to act: both")


async def test_hand_and_refusal_stay_on_screen_at_80x24_after_a_big_round(tmp_path):
    """QA session 14: at 80x24, after a round with three dice tests (steps 4 and 5 of
    Playing The Game), the board overflowed: the hand of Combat Cards and the message
    refusing a third attack (step 1) were drawn below the screen. The pile gives way."""
    from tabletop_tui.games import get_rules
    from tabletop_tui.games.army_of_zero.models import PlaceRest

    from .helpers import screen_lines

    rules = get_rules("army-of-zero")
    match = Match(rules, rules.default_config(), 145, seats=HUMANS)
    match.play(0, PlaceRest())
    match.play(1, PlaceRest())
    for _ in range(2):  # both attack twice; seed 145's second round goes to step 5
        match.play(0, ChooseCombat(card="attack"))
        match.play(1, ChooseCombat(card="attack"))
    assert len(match.view(None).last.tests) == 3
    app = saved_app(match, tmp_path / "big-round.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        await pilot.press("a")  # a third attack in a row
        await settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "Hand: " in text
        assert "Step 1: No character may attack more than twice" in text
