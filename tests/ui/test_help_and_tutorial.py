"""Issue 14 through the screen: `?` opens our rules reference at the section for the moment,
in two different phases of every game, and every game's guided first game plays to its end
with its hints on screen."""

from __future__ import annotations

import re

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import GAMES
from tabletop_tui.reference import load
from tabletop_tui.reference.tutorial import load_tutorial
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screenshots import fast_forward
from tabletop_tui.ui.widgets.hint import HintBar

from .helpers import play_to_end, screen_lines, screen_name, screen_text, settle

VS_BOT = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot", kind="heuristic")]

#: per game: (seats, seed, [(a help topic that must be current, the section `?` opens)]);
#: the topic "over" is reached by playing to the end and looking at the board (`v`)
MOMENTS = {
    "army-of-zero": (VS_BOT, 3, {}, [("order", "setup"), ("battle", "phase-battle")]),
    "pr-ccg-2008": (VS_BOT, 3, {}, [("select", "phase-select"), ("over", "winning")]),
    "zoobotz": (
        VS_BOT,
        20,
        {"decks": ["balanced", "research-rush"]},
        [("mulligan", "setup"), ("main", "phase-main")],
    ),
    "zeo-dbg": (VS_BOT, 17, {"format": "1v1"}, [("main", "phase-main"), ("over", "winning")]),
    "hotg": (
        [SeatSpec(name="Ann", kind="human")],
        0,
        {"rangers": ["jason", "kimberly"]},
        [("action", "phase-action"), ("over", "winning")],
    ),
}


async def _help_opens(pilot, section_id: str) -> None:
    app = pilot.app
    game_screen = app.screen
    await pilot.press("question_mark")
    await settle(pilot)
    assert screen_name(app) == "HelpScreen"
    assert app.screen.shown_section == section_id, (game_screen.help_topics(), section_id)
    ref = load(game_screen.rules.game_id)
    title = ref.section(section_id).title
    assert title in screen_text(app)
    await pilot.press("escape")
    await settle(pilot)
    assert app.screen is game_screen


@pytest.mark.parametrize("game_id", sorted(MOMENTS))
async def test_help_opens_at_the_section_for_the_phase(game_id):
    seats, seed, config, moments = MOMENTS[game_id]
    app = TabletopApp(
        game=game_id, seats=seats, seed=seed, bot_delay=0, autosave=False, config=config
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for topic, section_id in moments:
            if topic == "over":
                await fast_forward(pilot, game_id, 3000)
                await play_to_end(pilot)
                await pilot.press("v")
                await settle(pilot)
            else:
                await play_to_end(
                    pilot, until=lambda a, t=topic: a.screen.help_topics()[:1] == (t,)
                )
            await _help_opens(pilot, section_id)


async def test_help_search_and_keywords_from_the_keyboard():
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("g")  # the glossary
        await settle(pilot)
        assert app.screen.shown_section == "keywords"
        await pilot.press("slash", *"armour", "enter")
        await settle(pilot)
        assert app.screen.shown_section == "kw-armour"
        assert "ARMOUR" in screen_text(app)
        await pilot.press("escape")  # clears the search, keeps help open
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"


async def test_launcher_help_shows_the_highlighted_games_reference():
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "question_mark")  # the second game
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        second = list(GAMES)[1]
        assert app.screen.reference is not None and app.screen.reference.game_id == second


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_the_guided_first_game_runs_to_its_end_with_hints(game_id):
    tutorial = load_tutorial(game_id)
    assert tutorial is not None
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press(*["down"] * list(GAMES).index(game_id), "t")  # from the launcher
        await settle(pilot, 3)
        screen = app.screen
        assert screen.session.tutorial is not None
        assert screen.match.seed == tutorial.seed
        hints = screen.session.tutorial
        first = tutorial.hint[hints.current].text
        bar = screen.query_one(HintBar)
        assert first.split()[0] in str(bar.render())
        assert "You's" not in screen_text(app)  # the guided player is spoken to: "Your hand"
        # a seat named You is not marked twice ("You (you)"); the bars are read as drawn
        assert "You (you)" not in "\n".join(screen_lines(app))
        # the opening by keys until a second hint shows, the middle on the engine, the end
        # by keys again (the game-over hint)
        await play_to_end(pilot, limit=6000, until=lambda a: len(hints.shown) >= 2)
        await fast_forward(pilot, game_id, 6000)
        await play_to_end(pilot, limit=6000)
        assert screen_name(app) == "GameOverScreen"
        said = [e.text for e in screen.match.log_lines()]
        assert not [t for t in said if re.search(r"\bYou (plays|draws|has|is|takes)\b|You's", t)]
        assert len(hints.shown) >= 2
        if any(h.topic == "over" for h in tutorial.hint):
            assert tutorial.hint[hints.current].topic == "over"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_long_hint_is_read_to_its_end(size):
    """QA session 14: ZOOBOTZ's first hint ("... Press e to keep it.  (? rules for this
    step)") was cut after three lines, at 80x24 and at 100x30 alike."""
    from .helpers import screen_lines

    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press(*["down"] * list(GAMES).index("zoobotz"), "t")
        await settle(pilot, 3)
        bar = app.screen.query_one(HintBar)
        assert "starting hand of 6" in str(bar.render())
        text = " ".join(line.strip() for line in screen_lines(app))
        assert "Press e to keep it." in text and "(? rules for this step)" in text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_hint_fits_its_bar_at_80_columns(game_id):
    """Playtest at 80x24: the hint bar (at most 5 lines of text under its rule) cut the
    first HotG hint mid-sentence ("Each round you have 3 action"), and nothing scrolls it.
    Each hint, with its longest label and the "? rules" note, wraps to 5 lines or fewer."""
    import io

    from rich.console import Console

    from tabletop_tui.ui.widgets.hint import HINT_LINES, hint_body

    tutorial = load_tutorial(game_id)
    console = Console(width=80, file=io.StringIO())
    label = f"Hint {len(tutorial.hint)}"  # (numbered as they appear: see HintState)
    too_long = []
    for n, hint in enumerate(tutorial.hint, 1):
        lines = hint_body(label, hint.text).wrap(console, 78)  # (less the bar's padding)
        if len(lines) > HINT_LINES:
            too_long.append((n, len(lines)))
    assert not too_long, too_long


async def test_the_footer_does_not_cover_the_last_line_of_a_hint():
    """Playtest: the hint bar and the footer were both docked at the bottom, the footer on
    top of the bar's last line: every hint lost its end (HotG's first: "Press m and MOVE to
    Angel Grove Park", cut after "MOVE") at 80 columns and at 160."""
    from textual.widgets import Footer

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_tutorial("hotg")
        await settle(pilot, 4)
        bar = app.screen.query_one(HintBar)
        footer = app.screen.query_one(Footer)
        assert bar.region.bottom <= footer.region.y, (bar.region, footer.region)
        assert "foot soldiers wait" in " ".join(screen_text(app).split())


async def _record_hints(pilot, monkeypatch, keys: int, order_key: str = "r") -> list:
    """Play the guided game on screen with keys (ordering with `order_key`), recording each
    hint as the bar shows it with the learner's View at that moment."""
    shown: list = []
    app = pilot.app
    real = HintBar.show_hint

    def show_hint(bar, label: str, text: str) -> None:
        shown.append((label, text, app.screen.match.view(0)))
        real(bar, label, text)

    monkeypatch.setattr(HintBar, "show_hint", show_hint)
    await settle(pilot)
    app.start_tutorial("army-of-zero")
    await settle(pilot, 3)
    for pressed in range(keys):
        name = screen_name(app)
        if name == "GameOverScreen":
            break
        if name != "ArmyOfZeroScreen":
            await pilot.press("enter")
        elif app.screen.waiting:
            await pilot.pause()
            continue
        elif app.screen.match.view(0).phase == "order":
            await pilot.press(order_key)
        else:
            attack = app.screen.match.view(0).seats[0].attacks_in_hand > 0
            await pilot.press("a" if attack and pressed % 3 else "d")
        await pilot.pause()
    return shown


@pytest.mark.parametrize("order_key", ["enter", "r"])
async def test_army_of_zero_hints_count_up_and_show_only_what_is_on_the_table(
    monkeypatch, order_key
):
    """Issue #33: with the squad laid down one character at a time (Enter), the dice hint
    ("Read the dice panel") came up before any roll, and the counter went from 1/8 to 3/8.
    Now each hint waits for what it describes (a roll in the dice panel, your Attack Card on
    the table, a fallen character, a new phase), a hint stays up at least until a move is
    played under it, and they are numbered as they appear: 1, 2, 3, ... with no gap."""
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        shown = await _record_hints(pilot, monkeypatch, 400, order_key)
    labels = [label for label, _, _ in shown]
    assert labels == [f"Hint {n}" for n in range(1, len(labels) + 1)], labels
    assert len(labels) >= 5, labels
    for _, text, view in shown:
        if text.startswith("Read the dice panel"):
            assert view.phase == "battle" and view.last is not None and view.last.tests
        if text.startswith("Attack Cards you play stay on the table"):
            assert view.seats[0].table, "no Attack Card of yours on the table yet"
        if text.startswith("A fight lasts until someone falls"):
            assert any(s.defeated for s in view.seats)
        if text.startswith("A Squad Pile ran out"):
            assert view.phase_number > 1
    texts = [text for _, text, _ in shown]
    assert any(t.startswith("Read the dice panel") for t in texts), labels


def test_a_hint_stays_up_until_a_move_is_played_under_it():
    """Two hints whose moments come together (the dice and the table, after one reveal) do
    not replace each other within one moment: the second waits for the next move."""
    from tabletop_tui.reference.tutorial import HintState

    hints = HintState(load_tutorial("army-of-zero"))
    assert hints.update(("order",), 0) and hints.label() == "Hint 1"
    assert hints.update(("battle",), 10) and hints.label() == "Hint 2"
    assert hints.hint.needs == ()
    now = ("battle", "dice", "table")
    assert hints.update(now, 12) and hints.hint.needs == ("dice",)
    assert not hints.update(now, 12)  # the same moment redrawn: hint 3 stays
    assert hints.update(now, 13) and hints.hint.needs == ("table",)
    assert hints.label() == "Hint 4"


def test_zeos_end_phase_hint_claims_no_damage_that_did_not_happen():
    """Issue #33: Zeo's End Phase hint said every adversary in The Grid 'has just cost your
    team 1 ♥' after the learner had Battled the only one. It now states the rule for both
    cases (each adversary left took 1 ♥; none left, nothing lost)."""
    hint = next(h for h in load_tutorial("zeo-dbg").hint if h.topic == "end")
    assert "has just cost" not in hint.text
    assert "none left, nothing lost" in hint.text
