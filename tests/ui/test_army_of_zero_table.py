"""Army Of Zero drawn as the table (issue 36): the two fighters face to face as card frames
with their four abilities in full, the Combat Cards and every step's dice between them, each
roll named by the ability it tests (a blow is WEAPON against ARMOUR); out of the fight by
side, each character fallen or waiting with all its numbers at 80 columns; the squads as
card frames where the room allows; the F2 list names the characters."""

from __future__ import annotations

import re

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.games.army_of_zero.screen import stat_marks
from tabletop_tui.ui.widgets.table import Zone

from .helpers import saved_app, screen_lines, screen_name, settle


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def region_text(app, widget) -> str:
    """What the screen shows inside `widget`'s region."""
    r = widget.region
    return "\n".join(line[r.x : r.right] for line in screen_lines(app)[r.y : r.bottom])


SEATS = [SeatSpec(name="You"), SeatSpec(name="Bot", kind="heuristic")]


def _match(stop) -> Match:
    """Both seats played by the heuristic bot on the engine until `stop(view)` holds with
    the human seat to choose a Combat Card."""
    rules = get_rules("army-of-zero")
    config = rules.default_config().model_copy(update={"names": ("You", "Bot")})
    match = Match(rules, config, 7, seats=SEATS)
    bot = make_bot("army-of-zero", "heuristic")
    for _ in range(3000):
        view = match.view(None)
        if view.phase == "battle" and 0 in match.to_act() and stop(view):
            return match
        seat = sorted(match.to_act())[0]
        rng = bot_rng(match.seed, len(match.actions), seat)
        match.play(seat, bot.choose(match.view(seat), match.legal_actions(seat), seat, rng))
    raise AssertionError("no such position")


def _blow(view) -> bool:
    """A round whose dice include a blow (WEAPON against ARMOUR) in the fight on now."""
    return view.exchange > 0 and any(t.kind == "weapon" for t in view.last.tests)


def _fallen_and_waiting(view) -> bool:
    return (
        all(s.defeated or s.survivors for s in view.seats)
        and sum(len(s.defeated) + len(s.survivors) for s in view.seats) >= 4
    )


async def _open(pilot) -> object:
    await settle(pilot, 3)
    app = pilot.app
    for _ in range(10):
        if screen_name(app) == "ArmyOfZeroScreen":
            break
        await pilot.press("enter")
        await settle(pilot)
    assert screen_name(app) == "ArmyOfZeroScreen"
    return app.screen


async def test_the_fighters_face_each_other_as_frames_with_the_dice_between(tmp_path):
    match = _match(_blow)
    app = saved_app(match, tmp_path / "blow.json")
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await _open(pilot)
        them = screen.query_one("#aoz-fight-them", Zone)
        me = screen.query_one("#aoz-fight-me", Zone)
        dice = screen.query_one("#aoz-dice")
        left, right = them.cards[0], me.cards[0]
        assert left.framed and right.framed
        # face to face: one row, their fighter left, the dice between, yours right
        assert left.region.y == right.region.y
        assert left.region.right <= dice.region.x < dice.region.right <= right.region.x
        view = match.view(0)
        text = screen_text(app)
        for seat, card in ((1, left), (0, right)):
            fighter = view.seats[seat].fighter
            assert card.info.key == fighter.id
            assert card.outer_size.height >= 7  # name, rank and clan, 2 lines of numbers, who
            for ability in ("speed", "combat", "weapon", "armour"):
                assert f"{ability.upper():<6} {fighter.stat(ability):+d}" in text
        # between them: what each played and each step's dice, the defender's die ARMOUR
        middle = region_text(app, dice)
        test = next(t for t in view.last.tests if t.kind == "weapon")
        assert "ARMOUR" in middle and "WEAPON" in middle and f"Step {test.step}" in middle
        for card in view.last.cards:
            assert card.upper() in middle


async def test_the_armour_die_is_labelled_armour_at_80_columns(tmp_path):
    match = _match(_blow)
    app = saved_app(match, tmp_path / "blow.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        test = next(t for t in match.view(0).last.tests if t.kind == "weapon")
        lines = region_text(app, screen.query_one("#aoz-dice")).splitlines()
        line = next(x.strip() for x in lines if x.strip().startswith(f"Step {test.step} "))
        attacker, defender = test.rolls
        assert "WEAPON" in line and "ARMOUR" in line
        assert line.index("WEAPON") < line.index("ARMOUR")
        assert f"{'▲●'[defender.seat]}{defender.seat + 1} ARMOUR" in line
        assert not re.search(r"Step \d WEAPON", line)  # (today: "Step 6 WEAPON" for both)
        assert line in screen_text(app)  # the whole line, not cut at 80 columns


async def test_out_of_the_fight_by_side_fallen_or_waiting_readable_at_80(tmp_path):
    match = _match(_fallen_and_waiting)
    app = saved_app(match, tmp_path / "out.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        view = match.view(0)
        text = screen_text(app)
        for seat, s in enumerate(view.seats):
            zone = screen.query_one(f"#aoz-out-{seat}", Zone)
            title = str(zone._title.render())
            assert f"{s.name}" in title and f"✝{len(s.defeated)}" in title
            marks = {c.info.key: c.info.marks for c in zone.cards}
            assert set(marks) == {c.id for c in (*s.survivors, *s.defeated)}
            for c in s.survivors:
                assert marks[c.id].startswith("⧖ waiting")
            for c in s.defeated:
                assert marks[c.id].startswith("✝ fallen")
            # the first card of each side is on screen whole: its state and all four numbers
            first = zone.cards[0]
            short = first.info.face.title
            assert f"{short} {marks[first.info.key].splitlines()[0]}" in text
            assert (
                stat_marks(next(c for c in (*s.survivors, *s.defeated) if c.id == first.info.key))
                in text
            )


async def test_the_squads_are_card_frames_on_a_wide_screen_and_chips_at_80(tmp_path):
    match = _match(lambda v: True)
    path = tmp_path / "pile.json"
    for size, framed in (((120, 40), True), ((80, 24), False)):
        app = saved_app(match, path)
        async with app.run_test(size=size) as pilot:
            screen = await _open(pilot)
            pile = screen.query_one("#aoz-pile", Zone)
            their = screen.query_one("#aoz-their", Zone)
            assert pile.cards and all(c.framed is framed for c in pile.cards)
            assert all(c.framed is framed for c in their.cards)
            top = pile.cards[0]
            assert top.outer_size.height == (6 if framed else 1)
            text = screen_text(app)
            if framed:  # its place in the pile on the frame, its owner on the border
                assert "1st from the top" in text and "SPEED" in text
                assert "owner-0" in top.classes


async def test_the_f2_list_names_each_character():
    from tabletop_tui.ui.app import TabletopApp

    app = TabletopApp(game="army-of-zero", seats=SEATS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("f2")
        await settle(pilot)
        assert screen_name(app) == "MovesScreen"
        text = screen_text(app)
        first = screen.match.view(0).seats[0].unplaced[0]
        assert f"place {first.name} next on the Squad Pile" in text
        assert not re.search(r"AOZ-\d", text)


async def test_the_reveal_shows_the_round_face_to_face_with_the_armour_die(tmp_path):
    """The reveal's box: both sides' cards and each step's dice face to face as the board
    draws them (the bot ●2 left, you ▲1 right), the defender's die named ARMOUR, then what
    each step decided in words."""
    import io

    from rich.console import Console

    match = _match(_blow)
    batch = next(
        b
        for b in reversed(match.events)
        if any(e.kind == "reveal" and "cards" in e.data for e in b)
    )
    app = saved_app(match, tmp_path / "blow.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        console = Console(width=70, record=True, file=io.StringIO())
        console.print(screen.reveal_body(batch))
        shown = console.export_text()
    last = match.view(None).last
    lines = shown.splitlines()
    assert any(
        "▲1 You" in line and "●2 Bot" in line and line.index("●2 Bot") < line.index("▲1 You")
        for line in lines
    )
    played = next(line for line in lines if f"Round {last.number}" in line)
    assert played.rindex(last.cards[0].upper()) > played.index(last.cards[1].upper())
    test = next(t for t in last.tests if t.kind == "weapon")
    row = next(line for line in lines if f"Step {test.step} " in line and "✘" in line)
    attacker, defender = test.rolls
    left, right = row.split(f"Step {test.step}")
    assert ("ARMOUR" in left) == (defender.seat == 1) and ("ARMOUR" in right) == (
        defender.seat == 0
    )
    assert "WEAPON" in (right if attacker.seat == 0 else left)
    verdict = test.text.rpartition(": ")[2]
    assert f"⚄ Step {test.step}: {verdict}" in shown
