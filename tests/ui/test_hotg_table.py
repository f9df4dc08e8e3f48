"""Heroes of the Grid as a table (issue 20, item 3): every card focusable and readable, a
card's moves from the card with follow-up prompts, a short move list with stable keys,
nothing hidden shown to the wrong seat, and a whole game played with keys only."""

from __future__ import annotations

from dataclasses import replace

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.reference import keyword_text
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.games.hotg.moves import TOP_LEVEL_CAP
from tabletop_tui.ui.widgets.inspector import inspect_plain
from tabletop_tui.ui.widgets.table import TableCard, Zone

from .helpers import drain_menus, hotg_key, screen_lines, screen_name, settle
from .walk import assert_nothing_hidden_shown, hidden_names, walk_cards


def _app(seats=("Ann", "Ben"), bots=(), seed=5, **config) -> TabletopApp:
    specs = [SeatSpec(name=n, kind="heuristic" if n in bots else "human") for n in seats]
    return TabletopApp(
        game="hotg", seats=specs, seed=seed, bot_delay=0, autosave=False, config=config
    )


def _rangers_turn(screen) -> bool:
    seat = screen.session.on_screen
    view = screen.match.view(seat)
    return (
        view.battle is not None
        and view.battle.turn == "rangers"
        and view.decision is None
        and seat in view.to_act
        and any(c.resolved for c in view.battle.cards)
    )


async def _to(pilot, done, limit: int = 400) -> None:
    """Play with keys (curtains and questions answered with Enter) until `done(screen)`."""
    app = pilot.app
    for _ in range(limit):
        name = screen_name(app)
        if name in ("CurtainScreen", "RevealScreen", "CardMenu"):
            await pilot.press("enter")
            await settle(pilot)
            continue
        screen = app.screen
        if not screen.waiting and screen.session.on_screen is not None and done(screen):
            await _quiet(pilot)
            return
        await hotg_key(pilot)
        await pilot.pause()
    raise AssertionError("the state was never reached")


async def _quiet(pilot, limit: int = 20) -> None:
    """Pause until the focus has stood still for three pauses (a redraw hands it on one or
    two refreshes later), so a test acts on the screen a player would see."""
    still, last = 0, object()
    for _ in range(limit):
        await pilot.pause()
        now = pilot.app.focused
        still = still + 1 if now is last else 0
        last = now
        if still >= 3:
            return


def _focused(app) -> TableCard | None:
    return app.focused if isinstance(app.focused, TableCard) else None


async def test_arrows_move_within_a_zone_tab_between_zones_and_a_click_moves_there():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _quiet(pilot)
        screen = app.screen
        start = _focused(app)
        assert start is not None and start.info.key == "loc-hq"  # where Ann's Rangers stand
        assert "Where: the board" in inspect_plain(screen.inspector().info)
        await pilot.press("down")
        assert _focused(app).parent is start.parent and _focused(app) is not start
        await pilot.press("tab")
        moved = _focused(app)
        assert moved is not None and moved.parent is not start.parent
        await pilot.press("shift+tab")
        assert _focused(app).parent is start.parent  # back to the zone, its last card
        # the mouse: hovering reads a card, a click on a location offers (here: makes) the MOVE
        view = screen.match.view(0)
        target = next(loc for loc in view.locations if loc.figures)
        chip = screen.query_one(f".card-loc-{target.id}", TableCard)
        await pilot.hover(f".card-loc-{target.id}")
        await settle(pilot)
        assert target.name in inspect_plain(screen.inspector().info)
        before = len(screen.match.actions)
        await pilot.click(f".card-loc-{target.id}")
        await drain_menus(pilot)
        await settle(pilot)
        assert len(screen.match.actions) == before + 1
        last = screen.match.actions[-1].action
        assert last["kind"] == "move" and last["to"] == target.id, last
        assert chip.info.key == f"loc-{target.id}"


async def test_the_inspector_reads_an_enemy_card_with_its_keyword_meaning():
    """Base rules, enemy keywords: GUARD keeps the cards next to it from being targeted. The
    card says so in the inspector, so an attack is never wasted on a card that cannot be hit."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, _rangers_turn)
        screen = app.screen
        enemies = screen.query_one("#hg-enemies", Zone)
        assert enemies.cards
        enemies.focus_card()
        await settle(pilot)
        guarded = protected = None
        for n in range(len(enemies.cards)):
            if n:
                await pilot.press("down")
            info = _focused(app).info
            text = inspect_plain(screen.inspector().info)
            assert info.face.title in text and "Where: the battle at" in text
            if "GUARD" in info.keywords:
                guarded = text
            if "cannot target it now" in text:
                protected = text
        assert guarded is not None, "this battle has no GUARD card"
        meaning = keyword_text("hotg", "GUARD")
        assert meaning and meaning.split(".")[0][:40] in " ".join(guarded.split())
        assert protected is not None  # the card GUARD protects says it cannot be targeted
        assert "Owner: the enemies" in guarded


async def test_blade_blaster_asks_x_then_the_target_and_is_listed_once():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, _rangers_turn)
        screen = app.screen
        legal = screen.match.legal_actions(0)
        blaster = [a for a in legal if getattr(a, "card", "").startswith("jason:blade-blaster")]
        assert len(blaster) >= 6  # one per X value and target (and copy)
        tops = [g for g in screen.groups if "Blade Blaster" in g.label.plain]
        assert len(tops) == 1 and len(screen.groups) <= TOP_LEVEL_CAP
        await pilot.press("p")  # to the hand: the first card with a move
        await settle(pilot)
        assert "Blade Blaster" in _focused(app).info.face.title
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        menu = app.screen
        assert "Choose X" in menu.title_text
        assert [e.label.plain for e in menu.entries][:2] == ["X = 0", "X = 1"]
        assert menu.key_of(menu.entries[2]) == "2"  # X = 2 is the key 2
        await pilot.press("2")
        await settle(pilot)
        menu = app.screen
        assert screen_name(app) == "CardMenu" and "Choose the target" in menu.title_text
        view = screen.match.view(0)
        targetable = {e.name for e in view.battle.cards if e.targetable}
        offered = [e.label.plain for e in menu.entries]
        assert all("X=2" in label for label in offered)
        assert {label.split(" → ")[1].split(" ", 1)[1] for label in offered} == targetable
        swarm = next(e for e in menu.entries if "Swarm Attack" in e.label.plain)
        slot = next(e.slot for e in view.battle.cards if e.name == "Swarm Attack")
        before = len(screen.match.actions)
        await pilot.press(menu.key_of(swarm))
        await drain_menus(pilot)
        await settle(pilot)
        assert len(screen.match.actions) == before + 1
        made = screen.match.actions[-1].action
        assert made["kind"] == "play" and made["x"] == 2 and made["target"] == slot, made


async def test_keys_stay_with_their_moves_and_ending_with_tokens_left_asks_once():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        keys = {g.ident: screen.key_of(g) for g in screen.groups}
        assert sorted(keys.values()) == [str(n) for n in range(1, len(keys) + 1)]
        # e with action tokens left asks; Esc takes it back, y makes it
        before = len(screen.match.actions)
        await pilot.press("e")
        await settle(pilot)
        assert screen_name(app) == "CardMenu" and "unused" in str(
            app.screen.query_one(".card-menu-note").render()
        )
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.match.actions) == before
        # a move that leaves the list: every other move keeps its number
        await _to(pilot, _rangers_turn)
        keys = {g.ident: screen.key_of(g) for g in screen.groups}
        energy = next(g for g in screen.groups if g.actions[0].kind == "give_energy")
        before = len(screen.match.actions)
        await pilot.press(screen.key_of(energy))
        await drain_menus(pilot)
        await settle(pilot)
        assert len(screen.match.actions) == before + 1
        after = {g.ident: screen.key_of(g) for g in screen.groups}
        kept = set(keys) & set(after)
        assert len(kept) >= 3
        assert all(keys[i] == after[i] for i in kept), (keys, after)


async def test_every_public_card_is_readable_and_hidden_hands_stay_hidden():
    """Setup option "Hands: hidden": walking the focus over every card of a battle shows
    each in full, and no card of the other seat's hand ever reaches this screen."""
    app = _app(hidden_hands=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, _rangers_turn)
        screen = app.screen
        seat = screen.session.on_screen
        walked = await walk_cards(pilot)
        zones = {z.id for z in screen.query(Zone) if z.cards and z.display}
        assert {"hg-enemies", "hg-hand", f"hg-panel-{seat}"} <= zones
        for info, text in walked:
            if info.hidden:
                assert "Face down" in text and info.owner in text
                continue
            assert info.face.title in text, (info.key, text)
            assert f"Where: {info.zone}" in text
            for line in info.face.extra:  # the full card text
                plain = line.plain if hasattr(line, "plain") else line
                assert " ".join(plain.split())[:50] in " ".join(text.split()), (info.key, plain)
        other = screen.match.view(seat).players[1 - seat]
        assert other.hand is None  # hidden: their panel gives the count only
        assert f"◫{other.hand_count}/" in "\n".join(screen_lines(app))
        secret = hidden_names(screen.rules, screen.match.state, seat)
        await assert_nothing_hidden_shown(pilot, walked, secret)


async def test_the_mastermind_reads_its_schemes_and_the_rangers_never_do():
    """Mastermind Mode: the Scheme hand (with each Scheme's timing and effect) is on the
    Mastermind's screen only; a Ranger sees the backs."""
    app = _app(seats=("Ann", "Ben", "Mal"), seed=3, mode="mastermind")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, lambda s: s.session.on_screen == 2)
        screen = app.screen
        view = screen.match.view(2)
        zone = screen.query_one("#hg-schemes", Zone)
        assert [c.info.face.title for c in zone.cards] == [sc.name for sc in view.schemes]
        walked = await walk_cards(pilot)
        texts = {info.key: text for info, text in walked}
        for sc in view.schemes:
            text = " ".join(texts[f"scheme-{sc.id}"].split())
            assert sc.timing_text[:30] in text and " ".join(sc.text.split())[:30] in text
        secret = hidden_names(screen.rules, screen.match.state, 2)
        if secret:  # the Rangers' hands are the Mastermind's secret
            await assert_nothing_hidden_shown(pilot, walked, secret)
        await _to(pilot, lambda s: s.session.on_screen in (0, 1) and s.mode != "wait")
        screen = app.screen
        seat = screen.session.on_screen
        walked = await walk_cards(pilot)
        backs = [i for i, _ in walked if i.key.startswith("scheme-back-")]
        assert len(backs) == screen.match.view(seat).scheme_count > 0
        secret = hidden_names(screen.rules, screen.match.state, seat)
        assert secret & {sc.name for sc in view.schemes}
        await assert_nothing_hidden_shown(pilot, walked, secret)


async def test_a_whole_game_with_keys_only_humans_against_a_bot_mastermind():
    """The Rangers (two humans at the keyboard) against a bot Mastermind, to the end, with
    keys only; the move list's top level never passes its cap nor lists a card twice."""
    app = _app(seats=("Ann", "Ben", "Mal"), bots=("Mal",), seed=4, mode="mastermind")
    most_legal = most_shown = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(6000):
            name = screen_name(app)
            if name == "GameOverScreen":
                break
            if name in ("CurtainScreen", "RevealScreen"):
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = app.screen
            if name == "HotgScreen" and not screen.waiting and screen.mode != "wait":
                groups = screen.groups
                assert len(groups) <= TOP_LEVEL_CAP
                cards = [g.card_key for g in groups if g.card_key]
                names = [g.label.plain for g in groups if g.card_key]
                assert len(set(names)) == len(cards), names
                seat = screen.session.on_screen
                most_legal = max(most_legal, len(screen.match.legal_actions(seat)))
                most_shown = max(most_shown, len(groups))
            await hotg_key(pilot)
            await pilot.pause()
        assert screen_name(app) == "GameOverScreen", "\n".join(screen_lines(app))
    assert most_legal > most_shown  # the grouping did fold moves together
    print(f"most legal actions {most_legal}, most top-level entries {most_shown}")


async def test_the_combat_grids_cursor_is_read_by_the_inspector():
    """Mastermind Mode's 3x3 grid is part of the table: the card under its cursor (or, on an
    empty space, the card being placed) is what the inspector shows."""
    from tabletop_tui.ui.widgets.combat_grid import CombatGrid

    app = _app(seats=("Ann", "Ben", "Mal"), bots=("Ann", "Ben"), seed=3, mode="mastermind")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)

        def placing_second(screen) -> bool:
            view = screen.match.view(2)
            d = view.decision
            return (
                d is not None
                and d.kind == "grid_place"
                and sum(c.slot >= 0 for c in view.battle.grid.cells) >= 1
            )

        await _to(pilot, placing_second)
        screen = app.screen
        grid = screen.query_one("#hg-grid", CombatGrid)
        assert grid.has_focus
        view = screen.match.view(2)
        assert view.battle.grid.placing in inspect_plain(screen.inspector().info)
        filled = {
            (c.row, c.col): view.battle.cards[c.slot].name
            for c in view.battle.grid.cells
            if c.slot >= 0
        }
        for n in range(9):  # right, right, down, ...: every space once, until a placed card
            if grid.cursor in filled:
                break
            await pilot.press("down" if n % 3 == 2 else "right")
            await settle(pilot)
        assert grid.cursor in filled
        text = inspect_plain(screen.inspector().info)
        assert filled[grid.cursor] in text and "Where: the battle at" in text


async def test_a_card_with_no_move_says_why():
    """Base rules "Action phase": combat cards are played in battles, so Enter on a hand
    card before any battle opens a menu that names the rule instead of a move."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        hand = screen.query_one("#hg-hand", Zone)
        assert hand.cards and not any(c.info.actionable for c in hand.cards)
        hand.focus_card()
        await settle(pilot)
        before = len(screen.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        note = str(app.screen.query_one(".card-menu-note").render())
        assert "Nothing to do with this card now:" in note
        assert note.split(":", 1)[1].strip(" .\n")  # a reason follows
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "HotgScreen" and len(screen.match.actions) == before


async def test_keys_move_at_the_start_of_a_game_on_the_board_and_on_the_move_list():
    """Reported: at the start of a game j/k and the arrows did nothing. On the board they
    step between the cards of a zone; when the game opens on a question (a Mastermind game:
    the move list has the focus) they move the list's highlight, j/k as well as the arrows."""
    app = _app(seats=("Ann", "Ben"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await _quiet(pilot)
        seen = [_focused(app).info.key]
        for key in ("j", "down", "l", "k", "up", "h"):
            await pilot.press(key)
            await settle(pilot)
            assert _focused(app) is not None
            seen.append(_focused(app).info.key)
        assert seen[1] != seen[0] and seen[2] != seen[1] and seen[3] != seen[2]
        assert seen[4] == seen[2] and seen[5] == seen[1] and seen[6] == seen[0]

    app = _app(seats=("Ann", "Ben", "Mal"), mode="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(3):
            if screen_name(app) == "CurtainScreen":
                await pilot.press("enter")
                await settle(pilot)
        await _quiet(pilot)
        screen = app.screen
        options = screen.query_one("#hg-list")
        assert screen.mode == "decision" and app.focused is options
        assert options.option_count > 2
        marks = [options.highlighted]
        for key in ("j", "j", "k", "down", "up"):
            await pilot.press(key)
            await settle(pilot)
            marks.append(options.highlighted)
        assert marks == [0, 1, 2, 1, 2, 1]


async def test_a_battle_opens_on_the_cards_of_the_battle_not_the_board():
    """Base rules, battles: when a battle begins the Rangers' business is the enemy cards
    and their combat hand, so the focus (and the inspector) leaves the board for them."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, lambda s: s.mode == "battle")
        screen = app.screen
        card = _focused(app)
        assert card is not None, app.focused
        zone = card.parent
        assert zone.id in ("hg-hand", "hg-enemies"), zone.id
        text = inspect_plain(screen.inspector().info)
        assert card.info.face.title in text
        if zone.id == "hg-enemies":
            assert "Where: the battle at" in text


async def test_a_question_that_opens_a_battle_shows_what_it_is_about():
    """Base rules, foot soldiers: with more than four present the lead Ranger picks which
    fight. That question comes before any card of the battle is drawn, so the inspector
    shows the location fought over instead of the board card the keys were last on."""
    app = _app(seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, lambda s: s.match.view(s.session.on_screen).battle is not None)
        screen = app.screen
        view = screen.match.view(screen.session.on_screen)
        assert view.decision is not None and view.decision.kind == "fs_pick"
        where = next(lo.name for lo in view.locations if lo.id == view.battle.location)
        text = inspect_plain(screen.inspector().info)
        assert where in text.splitlines()[0], text


async def test_the_command_center_says_why_a_ranger_standing_there_cannot_move_to_it():
    """Base rules §4.2: MOVE takes a Ranger to another location. Enter on the Command Center
    while there named no rule ("no legal move uses it now")."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        hq = next(
            c.info
            for c in screen.query(TableCard)
            if isinstance(c.info.data, tuple) and c.info.data == ("place", "hq")
        )
        assert "MOVE (§4.2)" in screen._no_move_reason(hq)


async def test_the_inspector_shows_a_card_as_it_is_now_not_as_it_was_when_read():
    """QA: a Block read in the hand said "no move plays it now" while the question below
    offered to play it (the damage it reacts to had come). The inspector keeps the card the
    keys left, but shows it as the table shows it now."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, _rangers_turn)
        screen = app.screen
        await pilot.press("p")  # to the hand
        await settle(pilot)
        card = _focused(app)
        assert card is not None and card.info.actionable
        await pilot.press("o")  # to the move list: the inspector keeps the card
        await settle(pilot)
        assert screen.inspector().info.key == card.info.key
        screen._focused_info = replace(card.info, actionable=False, reason="stale")
        screen.inspect_now()  # (as it was read before the table changed)
        assert screen.inspector().info.reason == "stale"
        screen.redraw()
        shown = screen.inspector().info
        assert shown.key == card.info.key and shown.reason != "stale" and shown.actionable
        assert "stale" not in inspect_plain(shown)


async def test_the_log_shows_its_newest_lines_when_a_wide_screen_comes_back():
    """QA: moves made while the terminal was narrow (the log hidden) left the log, wide
    again, scrolled where it had been: its newest lines out of sight."""
    from tabletop_tui.ui.widgets.log import LogPanel

    app = _app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        log = app.screen.query_one("#hg-log", LogPanel)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await _to(pilot, _rangers_turn)  # a move, a battle: many new lines
        await pilot.resize_terminal(160, 48)
        await settle(pilot, 3)
        assert log.display and log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y


async def test_the_battle_line_shows_a_roll_with_the_faces_of_the_log_and_the_reroll_menu():
    """QA: the battle line read "roll ✖ ⚄2 ⚄2" (✖ is also the log's damage mark) while the log
    and the reroll question showed the same dice as "○ ¤¤ ¤¤"."""
    from tabletop_tui.games.hotg.models import PlayCard
    from tabletop_tui.ui.games.hotg.moves import DIE_FACES

    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, _rangers_turn)
        screen = app.screen
        plays = [a for a in screen.match.legal_actions(0) if isinstance(a, PlayCard)]
        with_x = {a.card for a in plays if a.x}
        attack = next(a for a in plays if a.target is not None and a.card not in with_x)
        screen.submit(attack)
        await settle(pilot, 3)
        roll = screen.match.view(0).battle.last_roll
        assert roll, "the attack rolled no dice"
        faces = " ".join(DIE_FACES[h] for h in roll)
        head = screen.query_one("#hg-battle-head").render().plain
        assert f"roll {faces}" in head, head
        assert "✖" not in head


async def test_the_masterminds_footer_offers_no_ranger_keys():
    """Mastermind Mode: the villains' player has no Rangers to MOVE, BATTLE, RECOVER or hand
    the turn to, and no hand; QA: the footer still offered m Move, b Battle, r Recover,
    p Play and f Hand over on the Mastermind's screen."""
    app = _app(seats=("Ann", "Ben", "Mal"), seed=3, mode="mastermind")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        await _to(pilot, lambda s: s.session.on_screen == 2 and s.mode == "decision")
        screen = app.screen
        shown = {k for k, b in screen.active_bindings.items() if b.binding.show and b.enabled}
        assert not shown & {"m", "b", "r", "p", "f"}, shown
        assert screen.check_action("kind", ("move",)) is False
        await _to(pilot, lambda s: s.session.on_screen in (0, 1) and s.mode == "act")
        shown = {k for k, b in app.screen.active_bindings.items() if b.binding.show and b.enabled}
        # (the footer lists the keys of the moment: p Play in a battle, issue 36)
        assert {"m", "b", "r", "f"} <= shown, shown


async def test_tab_never_stops_on_the_scrolling_table_itself():
    """QA (80x24, NO_COLOR): one Tab in each round put the focus on the table's scrolling
    container: no card marked, the inspector showing the card left a key before."""
    from textual.containers import VerticalScroll

    app = _app(seats=("Ann", "Ben"), bots=("Ben",), seed=11, mode="psycho_assault")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(16):
            await pilot.press("tab")
            await settle(pilot)
            assert not isinstance(app.focused, VerticalScroll), app.focused
