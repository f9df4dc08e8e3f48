"""Heroes of the Grid on the table kit's card frames (issue 36): the enemies of a battle as
frames with their health and hits, move keys that keep their meaning, a footer readable at
80x24, the Schemes played, and log lines that name the card behind them."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import settle


def _app(players=2, seed=5, **config) -> TabletopApp:
    seats = [SeatSpec(name=n, kind="human") for n in ("Ann", "Ben", "Cy", "Dee")[:players]]
    return TabletopApp(
        game="hotg", seats=seats, seed=seed, bot_delay=0, autosave=False, config=config
    )


async def test_a_key_pressed_twice_never_makes_a_second_different_move():
    """Playtest: "4 → MOVE to Ernie's Juice Bar" became "4 → MOVE to Command Center and power
    up" after one action, so a double press did something else. A freed key waits."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        move = next(g for g in screen.groups if g.actions[0].kind == "move" and len(g.actions) == 1)
        key = screen.key_of(move)
        before = {g.ident: screen.key_of(g) for g in screen.groups}
        await pilot.press(key)
        await settle(pilot, 3)
        after = {g.ident: screen.key_of(g) for g in screen.groups}
        assert move.ident not in after  # the move is made: it is no longer offered
        # the moves still offered keep their keys; no other move took the freed key
        assert all(after[i] == k for i, k in before.items() if i in after)
        assert key not in after.values(), after
        # new moves (the Command Center, BATTLE here) have keys never used this turn
        new = {i: k for i, k in after.items() if i not in before}
        assert new and all(k and k not in before.values() for k in new.values()), new
        # so the second press says no move has that key, and makes none
        made = len(screen.match.actions)
        await pilot.press(key)
        await settle(pilot)
        assert len(screen.match.actions) == made


def test_a_new_move_takes_a_fresh_key_and_the_key_just_pressed_rests():
    from tabletop_tui.ui.games.hotg.keys import LastingKeys

    keys = LastingKeys("1234")
    assert keys.assign(["a", "b", "c"]) == {"a": "1", "b": "2", "c": "3"}
    # a leaves (its key 1 pressed), d comes: d takes 4, never used, not a's 1
    assert keys.assign(["b", "c", "d"], resting="1") == {"b": "2", "c": "3", "d": "4"}
    # e comes while 1 rests: no key yet; once 1 has rested, e takes it
    assert keys.assign(["b", "c", "d", "e"], resting="1") == {"b": "2", "c": "3", "d": "4"}
    assert keys.assign(["b", "c", "d", "e"])["e"] == "1"
    # a move back on the list takes its key of before when it is free
    assert keys.assign(["b", "c", "d"]) == {"b": "2", "c": "3", "d": "4"}
    assert keys.assign(["b", "c", "d", "a"])["a"] == "1"
    # a list with none of the moves before is numbered afresh, in order
    assert keys.assign(["x", "y"]) == {"x": "1", "y": "2"}
    assert keys.assign(["z", "w"], resting="1") == {"z": "2", "w": "3"}


def _footer(app) -> list[tuple[str, int, int]]:
    """Each footer key shown: its label, where it starts and how wide it is drawn."""
    return [
        (f"{k.key_display} {k.description}", k.region.x, k.region.width)
        for k in app.screen.query(FooterKey)
        if k.display and k.region.width
    ]


async def test_the_80x24_footer_shows_every_label_whole():
    """Playtest: at 80x24 the footer read "b Batt r Reco ... e End/"."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        keys = _footer(app)
        assert len(keys) >= 8, keys
        for label, x, width in keys:
            assert x + width <= 80, (label, x, width)
            assert width >= len(label), (label, width)
        # the keys of the Action Phase are all there, and undo and save are named
        labels = " ".join(label for label, _, _ in keys)
        for key in ("m ", "b ", "r ", "p ", "f ", "e ", "u ", "s "):
            assert key in labels, labels


def _drawn(app, region) -> str:
    """The screen's text inside a region (a card's frame)."""
    from .helpers import screen_lines

    lines = screen_lines(app)
    rows = lines[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


async def _battle(pilot) -> None:
    from .test_hotg_table import _to

    await _to(pilot, lambda s: s._view is not None and s._view.battle is not None)
    await settle(pilot, 3)


async def test_the_enemies_of_a_battle_are_frames_in_combat_order_with_health_and_hits():
    """Playtest: "[M] Ravenous Hunger ✔ ♥5" hid ⚔2 and "[M] Butter Knife Cutter" showed
    neither. On a wide screen each enemy card is a frame saying both, in words too."""
    from tabletop_tui.ui.widgets.table import Zone

    for size in ((120, 40), (160, 48)):
        app = _app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 3)
            await _battle(pilot)
            screen = app.screen
            battle = screen._view.battle
            zone = screen.query_one("#hg-enemies", Zone)
            cards = zone.cards
            assert len(cards) == len(battle.cards) >= 1
            places = []
            for card, enemy in zip(cards, battle.cards, strict=True):
                assert card.framed, size
                card.scroll_visible(animate=False, immediate=True)
                await settle(pilot)
                drawn = _drawn(app, card.region)
                assert f"♥{enemy.health} health ⚔{enemy.hits} hits" in drawn, drawn
                assert enemy.name[:12] in drawn, drawn
                assert "[" in drawn.splitlines()[0]  # the type letter on the border
                places.append((card.virtual_region.y, card.virtual_region.x))
            assert places == sorted(places)  # the combat order, left to right


async def test_at_80x24_each_enemy_line_shows_health_and_hits():
    from tabletop_tui.ui.widgets.table import Zone

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await _battle(pilot)
        screen = app.screen
        battle = screen._view.battle
        zone = screen.query_one("#hg-enemies", Zone)
        for card, enemy in zip(zone.cards, battle.cards, strict=True):
            assert not card.framed
            card.scroll_visible(animate=False, immediate=True)
            await settle(pilot)
            assert card.region.height == 1
            drawn = _drawn(app, card.region)
            assert f"♥{enemy.health} ⚔{enemy.hits}" in drawn, drawn


async def test_a_battles_footer_lists_play_and_pass_and_fits_80_columns():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        from .test_hotg_table import _rangers_turn, _to

        await _to(pilot, _rangers_turn)
        keys = _footer(app)
        labels = " ".join(label for label, _, _ in keys)
        assert "p Play" in labels and "e Pass" in labels and "m Move" not in labels, labels
        assert all(x + width <= 80 for _, x, width in keys), keys


async def test_schemes_played_lists_the_schemes_played_not_those_discarded(tmp_path):
    """Playtest: two Sap Energy discarded for the Scheme hand limit showed under "Schemes
    played". The pile holds both; the zone shows only those the Mastermind played."""
    import random

    from tabletop_tui.engine.match import Match
    from tabletop_tui.games import get_rules
    from tabletop_tui.games.hotg.models import Config, DiscardScheme, PlayScheme
    from tabletop_tui.ui.widgets.table import Zone

    from .helpers import past_curtains, saved_app

    rules = get_rules("hotg")
    seats = [SeatSpec(name=n) for n in ("Ann", "Ben", "Mal")]
    for seed in range(1, 30):  # a game where Schemes were discarded and one was played
        match = Match(rules, Config(names=("Ann", "Ben", "Mal"), mode="mastermind"), seed, seats)
        rng = random.Random(seed)
        discarded, played = set(), set()
        for _ in range(400):
            if match.outcome() is not None or (discarded and played):
                break
            seat = sorted(match.to_act())[0]
            legal = match.legal_actions(seat)
            action = next((a for a in legal if isinstance(a, PlayScheme)), None)
            action = action or rng.choice(legal)
            if isinstance(action, DiscardScheme):
                discarded.add(action.card)
            elif isinstance(action, PlayScheme):
                played.add(action.card)
            match.play(seat, action)
        if discarded and played:
            break
    assert discarded and played
    names = {sc.id: sc.name for sc in match.view(None).scheme_discard}
    assert set(names) >= discarded | played  # one pile
    app = saved_app(match, tmp_path / "schemes.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await past_curtains(pilot)
        zone = app.screen.query_one("#hg-scheme-discard", Zone)
        shown = [c.info.face.title for c in zone.cards]
        assert sorted(shown) == sorted(names[i] for i in played), (shown, discarded)


async def test_a_key_that_answered_a_question_does_not_answer_the_next():
    """Two damage questions in a row: "1 ▶ Play Block" answered the first and, pressed twice,
    would have answered the second too (and the list still showed the first one's keys). A
    question's moves are its own; the key rests."""
    from .test_hotg_table import _to

    app = _app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)

        def asked(screen) -> bool:  # a damage question a reaction may answer
            kinds = {g.actions[0].kind for g in screen.groups}
            return screen.mode == "decision" and {"pass", "play"} <= kinds

        await _to(pilot, asked)
        screen = app.screen
        first = screen._view.decision.prompt
        # a reaction played: the next question may list the same moves (another Block, Pass)
        chosen = next(g for g in screen.groups if g.actions[0].kind == "play")
        key = screen.key_of(chosen)
        assert key
        await pilot.press(key)
        await settle(pilot, 3)
        assert all(screen.key_of(g) != key for g in screen.groups), (
            first,
            screen._view.decision.prompt if screen._view.decision else None,
            {g.ident: screen.key_of(g) for g in screen.groups},
        )
        # and the list shows the keys the moves have now (not those of the question before)
        from textual.widgets import OptionList

        options = screen.query_one("#hg-list", OptionList)
        shown = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        for n, group in enumerate(screen.groups):
            assert shown[n].startswith(f"{screen.key_of(group) or ' '} "), (shown, n)


async def test_the_list_shows_the_keys_of_the_next_question_not_the_last():
    """Seed 7: a Block answers "Ann will suffer 4 damage"; the next question ("1 damage")
    lists the same moves. The key that played the Block rests, and the list says so (it kept
    showing "1 ▶ Play Block": its rows were rebuilt only when their labels changed)."""
    from textual.widgets import OptionList

    app = _app(seed=7)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("4")  # MOVE to Industrial District
        await settle(pilot, 3)
        await pilot.press("b")
        await settle(pilot, 3)
        block = next(g for g in screen.groups if g.actions[0].kind == "play")
        assert "4 damage" in screen._view.decision.prompt and screen.key_of(block) == "1"
        await pilot.press("1")
        await settle(pilot, 3)
        assert "1 damage" in screen._view.decision.prompt
        options = screen.query_one("#hg-list", OptionList)
        shown = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert all(screen.key_of(g) != "1" for g in screen.groups)
        for n, group in enumerate(screen.groups):
            assert shown[n].startswith(f"{screen.key_of(group)} "), (shown, n)
