"""Power Rangers CCG (2008) through the UI: keys only, curtains, the hand-cost picker, reveals."""

from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games.pr_ccg_2008.models import SelectCard
from tabletop_tui.paths import autosave_path
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screenshots import fast_forward

from .helpers import past_curtains, play_to_end, saved_app, screen_name, screen_text, settle

HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="random")]


def _app(seats=VS_BOT, seed=2, opening=5, **kw):
    return TabletopApp(
        game="pr-ccg-2008",
        seats=seats,
        seed=seed,
        bot_delay=0,
        config={"opening_hand": opening},
        **kw,
    )


async def test_whole_game_from_the_launcher_with_keys_by_the_cards():
    """Launcher -> setup (deck choice) -> a full game against the bot -> game over. Issue 20
    (done when): the human seat plays to the end from what the screen shows (keys only); no
    list ever offers more than MOVE_LIST_CAP moves. (One whole game for both.)"""
    from tabletop_tui.ui.widgets.card_menu import MOVE_LIST_CAP

    from .helpers import play_by_the_cards

    app = TabletopApp(bot_delay=0, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")  # the second game: pr-ccg-2008
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        assert "Deck" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        most, by_card = await play_by_the_cards(pilot, ("1", "n"))
        assert screen_name(app) == "GameOverScreen"
        game = app.screen_stack[-2]
        outcome = game.match.outcome()
        assert outcome is not None
        assert 0 < most <= MOVE_LIST_CAP and by_card > 0
        assert Match.load(autosave_path("pr-ccg-2008")).outcome() == outcome


async def test_two_humans_hot_seat_game_to_the_end():
    """Two humans at one keyboard, behind curtains, to the end: by keys for the first rounds
    (both seats act), the middle of the game on the engine, by keys again to the end."""
    app = _app(seats=HUMANS, seed=4, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        await play_to_end(pilot, until=lambda a: {x.seat for x in a.screen.match.actions} == {0, 1})
        await fast_forward(pilot, "pr-ccg-2008", 3000)
        await play_to_end(pilot)
        assert screen_name(app) == "GameOverScreen"


async def test_hand_is_hidden_behind_the_curtain():
    app = _app(seats=HUMANS, seed=4, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Alice takes the keyboard
        await settle(pilot)
        game = app.screen
        alice = [c.name[:18] for _, c in game.match.view(0).seats[0].hand]
        bob = [c.name[:18] for _, c in game.match.view(1).seats[1].hand]
        only_alice = [n for n in alice if n not in bob]
        assert only_alice and all(n in screen_text(app) for n in only_alice)
        # Alice bluffs: locked in at once (Bob's curtain follows, where u takes it back)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert not any(n in screen_text(app) for n in alice)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        only_bob = [n for n in bob if n not in alice]
        assert all(n in text for n in only_bob)
        assert not any(n in text for n in only_alice)
        assert "locked in" in text  # Bob sees that Alice committed, not what


async def test_hand_cost_picker_pays_card_by_card_and_cancel_returns_them():
    app = _app(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        hand = game.match.view(0).seats[0].hand
        costly = next(i for i, (_, c) in enumerate(hand) if c.hand_cost >= 1)
        for _ in range(costly):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        me = game.match.view(0).seats[0]
        assert me.selected is not None and not me.locked
        assert "Step 3: pay" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        me = game.match.view(0).seats[0]
        assert me.selected is None and me.paid == ()
        assert len(me.hand) == len(hand)


async def test_unpayable_card_is_refused_with_the_rule():
    app = _app(opening=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        card = game.match.view(0).seats[0].hand[0]
        if card[1].hand_cost == 0:
            return  # this seed dealt a free card; the rule is covered by the rules tests
        state = game.match.state
        game.submit(SelectCard(card=card[0]))
        await settle(pilot)
        assert "Step 3" in screen_text(app)
        assert game.match.state is state


async def test_a_free_card_is_locked_in_only_with_a_confirming_key():
    """Issue 20: Enter on a cost-0 card committed it at once; now it asks first."""
    from tabletop_tui.games.pr_ccg_2008.models import CancelSelection  # noqa: F401

    for seed in range(1, 40):
        app = _app(seed=seed, autosave=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            game = app.screen
            hand = game.match.view(0).seats[0].hand
            free = [n for n, (_, c) in enumerate(hand) if c.hand_cost == 0]
            if not free:
                continue
            zone = game.query_one("#pr-hand")
            zone.focus_card(hand[free[0]][0])
            await settle(pilot)
            count = len(game.match.actions)
            await pilot.press("enter")
            await settle(pilot)
            assert screen_name(app) == "CardMenu"
            assert "Lock in" in screen_text(app)
            assert len(game.match.actions) == count  # nothing committed yet
            await pilot.press("escape")
            await settle(pilot)
            assert len(game.match.actions) == count and not game.match.view(0).seats[0].locked
            await pilot.press("enter", "y")
            await settle(pilot)
            assert game.match.view(0).seats[0].locked or screen_name(app) == "RevealScreen"
            return
    raise AssertionError("no seed in 1-39 dealt a free card")


async def test_unaffordable_cards_can_be_read_and_say_why():
    """Issue 20: a card whose Hand Cost can't be paid is focusable and gives its reason."""
    from .walk import walk_cards

    app = _app(opening=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        walked = dict((info.key, (info, text)) for info, text in await walk_cards(pilot))
        me = game.match.view(0).seats[0]
        for cid, card in me.hand:
            info, text = walked[cid]
            assert card.name in text
            if card.hand_cost > len(me.hand) - 1:
                assert not info.actionable and "✘ Step" in text  # the rule, in the inspector
                game.query_one("#pr-hand").focus_card(cid)
                await settle(pilot)
                await pilot.press("enter")
                await settle(pilot)
                assert "Nothing to do with this card now" in " ".join(screen_text(app).split())
                await pilot.press("escape")
                await settle(pilot)


async def test_inspector_reads_every_public_card_and_no_hidden_one():
    """Issue 20: mid-game, the focus walks every card on the table (hand, battle, both
    discard piles); the inspector shows each in full; the bot's hand is never shown."""
    from .helpers import play_some
    from .walk import assert_nothing_hidden_shown, hidden_names, walk_cards

    app = _app(seed=3, autosave=False)
    async with app.run_test(size=(120, 48)) as pilot:
        await settle(pilot)
        await play_some(pilot, 12)
        game = app.screen
        assert screen_name(app) == "PrCcgScreen"
        view = game.match.view(0)
        walked = await walk_cards(pilot)
        cards = {}
        for cid, card in view.seats[0].hand:
            cards[cid] = card
        for seat, s in enumerate(view.seats):
            for n, card in enumerate(reversed(s.discard)):
                cards[f"discard-{seat}-{len(s.discard) - n}"] = card
        assert any(k.startswith("discard-") for k in cards), "mid-game: some cards discarded"
        keys = {info.key for info, _ in walked}
        assert set(cards) <= keys
        for info, text in walked:
            card = cards.get(info.key)
            if card is None:
                continue
            assert card.name in text
            assert f"Hand Cost {card.hand_cost} · Damage {card.damage}" in text
            values = " ".join(f"{letter}{card.values[e]}" for e, _n, letter in view.elements)
            assert values in text
            assert "Where: " in text and "Owner: " in text
        await assert_nothing_hidden_shown(
            pilot, walked, hidden_names(game.rules, game.match.state, 0)
        )


async def test_game_over_summary_speaks_to_a_seat_named_you():
    """QA session 12: the game-over box said "You must draw 1 but has 0 card(s) left"; its
    summary line is said to the player named You, as the log and the title are."""
    seats = [SeatSpec(name="You"), SeatSpec(name="Robo", kind="random")]
    app = _app(seats=seats, seed=3, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await play_to_end(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert "but has" in app.screen_stack[-2].match.outcome().summary  # the rules' words
        text = str(app.screen.summary)  # the box wraps it: read the text it shows
        assert "You must draw 1 but have 0 card(s) left: Robo wins." in text


async def test_card_box_says_your_discard_pile_to_a_seat_named_you():
    """QA session 12: with a seat named You the card box read "You's discard pile"."""
    from .helpers import play_some
    from .walk import walk_cards

    seats = [SeatSpec(name="You"), SeatSpec(name="Robo", kind="random")]
    app = _app(seats=seats, seed=3, autosave=False)
    async with app.run_test(size=(120, 48)) as pilot:
        await settle(pilot)
        await play_some(pilot, 12)
        assert app.screen.match.view(0).seats[0].discard
        zones = {info.zone for info, _ in await walk_cards(pilot)}
        assert "Your discard pile (1 from the top)" in zones
        assert not [z for z in zones if "You's" in z]


async def test_hand_and_refusal_stay_on_screen_at_80x24(tmp_path):
    """QA session 14: at 80x24 the player bars wrapped ("⌫ discard" / "0") and the board
    overflowed: while paying a Hand Cost (Step 3) the third card of a 3-card hand was below
    the screen, and a refusal ("Step 2: No card is selected") was never seen."""
    from tabletop_tui.games import get_rules
    from tabletop_tui.games.pr_ccg_2008.models import PayCard, PlayNothing

    from .helpers import screen_lines

    rules = get_rules("pr-ccg-2008")
    seats = [SeatSpec(name="Player 1"), SeatSpec(name="Player 2")]
    match = Match(rules, rules.default_config(), 3, seats=seats)
    match.play(0, PlayNothing())
    match.play(1, SelectCard(card="INV-02#2"))  # cost 0: locked in; Player 1 draws 1 Damage
    hand = [card for card, _ in match.view(0).seats[0].hand]
    assert len(hand) == 3 and hand[0] == "GRD-09#1"  # Dawn Paladin, Hand Cost 2
    match.play(0, SelectCard(card=hand[0]))
    match.play(0, PayCard(card=hand[1]))
    app = saved_app(match, tmp_path / "paying.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains(pilot)
        text = "\n".join(screen_lines(app))
        assert "Step 3: pay" in text
        names = [c.name for _, c in match.view(0).seats[0].hand]
        assert all(name in text.split("Your hand:")[1] for name in names)
        await pilot.press("c")  # the selection taken back
        await pilot.press("c")  # nothing to cancel now
        await settle(pilot)
        assert "Step 2: No card is selected" in "\n".join(screen_lines(app))


async def test_the_element_choice_bar_stays_on_two_lines_at_80x24(tmp_path):
    """QA session 14: in Step 6A the bar read "... ⌫ discard 14  … choosing an" / "element"
    at 80 columns, a third line pushing the hand down; it says "… choosing" as in step 2."""
    import random

    from tabletop_tui.games import get_rules

    from .helpers import screen_lines

    rules = get_rules("pr-ccg-2008")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]
    match = Match(rules, rules.default_config(["Ann", "Ben"]), 0, seats=seats)
    rng = random.Random(0)
    while match.state.phase != "element":  # seed 0: round 9, Ben picks COSMIC or BEAST
        seat = min(match.to_act())
        legal = match.legal_actions(seat)
        match.play(seat, rng.choice([a for a in legal if a.kind != "nothing"] or legal))
    assert match.to_act() == {1}
    app = saved_app(match, tmp_path / "element.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains(pilot)
        lines = screen_lines(app)
        # (issue 36: your own bar is one line at 80 columns, the help under it says what
        # you are choosing)
        bar = next(i for i, line in enumerate(lines) if "●2 Ben  ▤ deck" in line)
        assert "◫ hand" in lines[bar] and "⌫ discard" in lines[bar]
        assert lines[bar + 1].lstrip().startswith("Step 6A")


async def test_the_reveal_says_draw_only_for_cards_drawn():
    """QA session 14: the reveal's result row said "draw" / "draw" when nobody played a card
    (Step 5: nothing happens) and for equal values (Step 6B), beside "draws 2" meaning cards
    drawn as Damage; it says what happened instead."""
    import io

    from rich.console import Console

    from tabletop_tui.games.pr_ccg_2008.models import PlayNothing

    app = _app(seats=HUMANS, seed=3, opening=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen_stack[-2] if screen_name(app) == "CurtainScreen" else app.screen
        game.match.play(0, PlayNothing())
        game.match.play(1, PlayNothing())
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(game._battle_table(game.match.view(0)))
        shown = console.export_text()
        assert "nothing happens" in shown and " draw " not in f"{shown} "


async def test_nothing_to_undo_names_this_games_barriers():
    """QA session 14: PR CCG's "Nothing to undo" listed Army Of Zero's barriers ("a roll or a
    laid-down pile"); it names this game's: a draw, a reveal, another player's locked-in card."""
    app = _app(seats=HUMANS, seed=3, opening=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if screen_name(app) == "CurtainScreen":
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("u")  # at the deal: nothing to take back
        await settle(pilot)
        said = app.screen.message.plain
        assert said.startswith("Nothing to undo") and "locked-in card" in said
        assert "laid-down pile" not in said
