"""The Power Rangers CCG (2008) deck builder and sealed play through the UI (issue 40).

Deck rules: card_data/pr-ccg-2008/RULINGS.md ruling 8 (exactly 20 cards; copies by rarity:
common 3, uncommon 2, rare 1) and ruling 9 (sealed: only the cards a player opened, built
behind the player's curtain)."""

from __future__ import annotations

from tabletop_tui.decklists.pr_ccg_2008 import (
    deck_toml,
    decks_dir,
    read_deck,
    resolve_choice,
    saved_decks,
)
from tabletop_tui.games.pr_ccg_2008.cards import catalog
from tabletop_tui.games.pr_ccg_2008.models import CustomDeck
from tabletop_tui.games.pr_ccg_2008.sealed import opened_counts, sealed_pools
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle


def _pool():
    return {c.id: c for c in catalog().card_set.pool}


async def _to_builder(pilot):
    await settle(pilot)
    await pilot.press("down", "b")  # the second game of the launcher: PR CCG
    await settle(pilot)
    assert screen_name(pilot.app) == "PrCcgDeckBuilder"
    return pilot.app.screen


async def test_building_a_deck_with_keys_saves_a_legal_deck_and_opens_it():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        builder = await _to_builder(pilot)
        text = screen_text(app)
        assert "✘" in text and "Deck size (ruling 8)" in text
        builder.query_one("#pc-rarity").value = "common"  # commons: 3 copies each
        await settle(pilot)
        await pilot.press("plus", "plus", "plus")
        await settle(pilot)
        first = next(iter(builder.counts))
        assert builder.counts[first] == 3
        await pilot.press("plus")  # a fourth copy of a common is refused, naming the rule
        await settle(pilot)
        assert builder.counts[first] == 3
        assert "Copies (ruling 8): at most 3 of a common card" in screen_text(app)
        await pilot.press("ctrl+s")  # 3 cards: not saved, and why
        await settle(pilot)
        assert "Not saved" in screen_text(app) and not decks_dir().exists()
        for _ in range(5):  # 5 more commons at 3 copies, then 2: 20 cards
            await pilot.press("down", "plus", "plus", "plus")
        await pilot.press("down", "plus", "plus")
        await settle(pilot)
        assert builder.deck_size == 20 and builder.problems() == []
        assert "✔ 20 cards" in screen_text(app)
        await pilot.press("down", "plus")  # a 21st card is refused
        await settle(pilot)
        assert builder.deck_size == 20 and "remove one first" in screen_text(app)
        builder.query_one("#pc-name").value = "Jungle Rush"
        await pilot.press("ctrl+s")
        await settle(pilot)
        path = decks_dir() / "jungle-rush.toml"
        assert path.is_file()
        saved = read_deck(path, _pool())
        assert saved.ok and saved.size == 20 and saved.name == "Jungle Rush"
        assert dict(saved.cards) == builder.counts
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert builder.deck_size == 0
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert screen_name(app) == "OpenDeckScreen" and "Jungle Rush" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "PrCcgDeckBuilder"
        assert builder.counts == dict(saved.cards)


async def test_the_builder_filters_and_sorts_and_shows_curve_and_elements():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await _to_builder(pilot)
        pool = _pool()
        assert len(builder.filtered()) == len(pool) == 140
        for widget, value, test in [
            ("#pc-era", "jungle-fury", lambda c: c.era == "jungle-fury"),
            ("#pc-element", "mystic", lambda c: "mystic" in c.battle_elements),
            ("#pc-cost", "2", lambda c: c.hand_cost == 2),
            ("#pc-rarity", "rare", lambda c: c.rarity == "rare"),
        ]:
            builder.query_one(widget).value = value
            await settle(pilot)
            hits = builder.filtered()
            assert hits and all(test(c) for c in hits), widget
            assert len(hits) == sum(1 for c in pool.values() if test(c))
            builder.query_one(widget).value = "all" if widget != "#pc-cost" else "any"
            await settle(pilot)
        builder.query_one("#pc-sort").value = "power"
        await settle(pilot)
        powers = [sum(c.values.values()) for c in builder.filtered()]
        assert powers == sorted(powers, reverse=True)
        # the curve and the element spread follow the deck
        builder.counts = {"SWM-02": 2}  # Cogs: Hand Cost 0, names Cosmic
        builder.refresh_lists()
        await settle(pilot)
        text = screen_text(app)
        assert "0: ██ 2" in text and "[C] Cosmic  ▪▪ 2" in text


async def test_setup_offers_a_saved_deck_and_the_game_plays_it():
    pool = _pool()
    commons = [c.id for c in pool.values() if c.rarity == "common"][:10]
    decks_dir().mkdir(parents=True)
    (decks_dir() / "my-zords.toml").write_text(
        deck_toml("My Zords", {c: 2 for c in commons}, pool), encoding="utf-8"
    )
    (decks_dir() / "broken.toml").write_text(
        deck_toml("Broken", {commons[0]: 4}, pool), encoding="utf-8"
    )
    [ok] = [d for d in saved_decks(pool) if d.ok]
    app = TabletopApp(autosave=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        setup = app.screen
        assert screen_name(app) == "SetupScreen"
        values = [v for _, v in setup.query_one("#opt-decks-0")._options]
        assert ok.choice in values and "saved:broken" not in values
        # the broken file is named with its rule
        assert "broken.toml" in screen_text(app) or "Copies (ruling 8)" in str(
            setup.query_one("#setup-warnings").render()
        )
        setup.query_one("#opt-decks-0").value = ok.choice
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert screen_name(app) != "SetupScreen"
        game = next(s for s in app.screen_stack if type(s).__name__ == "PrCcgScreen")
        deck = game.match.config.decks[0]
        assert isinstance(deck, CustomDeck) and deck.name == "My Zords"
        assert resolve_choice(ok.choice, pool) == deck


async def test_a_sealed_game_through_the_curtain_keeps_each_pool_private():
    """Ruling 9: both humans build from their own packs, each behind a curtain; the curtain
    and the next builder never show a card only the other player opened."""
    app = TabletopApp(autosave=False, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#name-0").value = "Ann"
        setup.query_one("#name-1").value = "Bob"
        setup.query_one("#kind-1").value = "human"
        setup.query_one("#opt-sealed_packs-0").value = "4"
        setup.query_one("#seed").value = "77"
        await pilot.press("ctrl+s")
        await settle(pilot)
        pools = sealed_pools(catalog(), 77, 4)
        pool = _pool()
        names = [{pool[c].name for c in p} for p in pools]
        only_ann, only_bob = names[0] - names[1], names[1] - names[0]
        assert only_ann and only_bob
        assert screen_name(app) == "CurtainScreen" and "Pass to Ann" in screen_text(app)
        assert not any(n in screen_text(app) for n in only_ann | only_bob)
        await pilot.press("enter")
        await settle(pilot)
        builder = app.screen
        assert screen_name(app) == "PrCcgDeckBuilder" and "Sealed: Ann" in screen_text(app)
        assert builder.sealed[1] == opened_counts(pools[0])
        assert set(builder.pool) == set(opened_counts(pools[0]))
        # the title counts every copy opened, the list each card once, and says so (play-test)
        kinds, copies = len(builder.pool), sum(opened_counts(pools[0]).values())
        assert f"({copies} cards)" in screen_text(app)
        assert f"each card once ({kinds} of {kinds})" in screen_text(app)
        await pilot.press("ctrl+s")  # nothing built yet: refused, naming the rule
        await settle(pilot)
        assert screen_name(app) == "PrCcgDeckBuilder" and "Not locked in" in screen_text(app)
        await pilot.press("ctrl+a")  # the bot's suggestion from Ann's packs
        await settle(pilot)
        assert builder.deck_size == 20 and builder.problems() == []
        ann_deck = builder.deck()
        await pilot.press("ctrl+s")
        await settle(pilot)
        # Bob's curtain: nothing Ann opened (and Bob did not) is on screen
        assert screen_name(app) == "CurtainScreen" and "Pass to Bob" in screen_text(app)
        assert not any(n in screen_text(app) for n in only_ann)
        await pilot.press("enter")
        await settle(pilot)
        builder = app.screen
        assert screen_name(app) == "PrCcgDeckBuilder" and "Sealed: Bob" in screen_text(app)
        assert set(builder.pool) == set(opened_counts(pools[1]))
        shown = screen_text(app)
        assert not any(n in shown for n in only_ann)
        await pilot.press("ctrl+a", "ctrl+s")
        await settle(pilot, 3)
        game = next(s for s in app.screen_stack if type(s).__name__ == "PrCcgScreen")
        config = game.match.config
        assert config.sealed_packs == 4 and config.decks[0] == ann_deck
        assert isinstance(config.decks[1], CustomDeck)
        assert "Bob" in config.decks[1].name


async def test_a_sealed_game_against_a_bot_builds_the_bot_deck_in_the_rules():
    app = TabletopApp(autosave=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#opt-sealed_packs-0").value = "4"
        setup.query_one("#seed").value = "5"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "PrCcgDeckBuilder"  # one human: no curtain needed
        await pilot.press("ctrl+a", "ctrl+s")
        await settle(pilot, 3)
        game = next(s for s in app.screen_stack if type(s).__name__ == "PrCcgScreen")
        assert game.match.config.decks[1] == "auto"


async def test_under_no_color_rarity_and_legality_keep_their_glyphs(monkeypatch):
    """Accessibility: rarity is ○ ◇ ★ and legality ✘/✔ beside any colour; NO_COLOR builds."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        builder = await _to_builder(pilot)
        builder.query_one("#pc-sort").value = "rarity"  # rares first
        await settle(pilot)
        text = screen_text(app)
        assert "★" in text and "✘ Not a legal deck yet" in text
        await pilot.press("plus")
        await settle(pilot)
        first = next(iter(builder.counts))
        assert _pool()[first].rarity == "rare" and builder.counts[first] == 1
        await pilot.press("plus")  # one copy of a rare
        await settle(pilot)
        assert builder.counts[first] == 1
        assert "Copies (ruling 8): at most 1 of a rare card" in screen_text(app)


async def test_the_curtain_before_a_sealed_game_promises_no_autosave():
    """Play-test: the curtain before sealed building said "the game is autosaved", but no
    game exists yet; it says nothing is saved, and so does its quit question."""
    app = TabletopApp(autosave=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#kind-1").value = "human"
        setup.query_one("#opt-sealed_packs-0").value = "4"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        text = screen_text(app)
        assert "autosaved" not in text and "nothing is saved yet" in text
        await pilot.press("q")
        await settle(pilot)
        assert screen_name(app) == "ConfirmQuit"
        assert "Nothing is saved yet" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"


async def test_play_sealed_on_the_command_line_keeps_sealed_on_the_setup_form():
    """Play-test: `tabletop-tui play pr-ccg-2008 --sealed` (no --seats) opened the setup form
    on "Constructed decks", and Ctrl+S started a constructed game: --sealed was dropped."""
    app = TabletopApp(game="pr-ccg-2008", config={"sealed_packs": 4}, autosave=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        assert app.screen.query_one("#opt-sealed_packs-0").value == "4"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "PrCcgDeckBuilder" and "Sealed" in screen_text(app)
