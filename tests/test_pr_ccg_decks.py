"""Deck building and sealed play for the Power Rangers CCG (2008).

The rulebook's page covers play only; the deck rules are card_data/pr-ccg-2008/RULINGS.md
ruling 8 (exactly 20 cards, the game's deck size; copies by rarity: common 3, uncommon 2,
rare 1) and ruling 9 (sealed: 4 packs of 6 common, 3 uncommon, 1 rare; a deck only from the
cards opened). Each test hits the exact boundary of its rule.
"""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Rng
from tabletop_tui.games.pr_ccg_2008.cards import DECK_SIZE, catalog
from tabletop_tui.games.pr_ccg_2008.decks import (
    COPIES,
    RULE_COPIES,
    RULE_SEALED,
    RULE_SIZE,
    deck_problems,
)
from tabletop_tui.games.pr_ccg_2008.models import Config, CustomDeck
from tabletop_tui.games.pr_ccg_2008.rules import PrCcgRules
from tabletop_tui.games.pr_ccg_2008.sealed import (
    DEFAULT_PACKS,
    PACK_MIX,
    PACK_SIZE,
    build_deck,
    open_pack,
    opened_counts,
    sealed_pools,
)

RULES = PrCcgRules()


@pytest.fixture(scope="module")
def cat():
    return catalog()


@pytest.fixture(scope="module")
def pool(cat):
    return {c.id: c for c in cat.card_set.pool}


def _of(pool, rarity: str, n: int) -> list[str]:
    return [c.id for c in pool.values() if c.rarity == rarity][:n]


def _commons(pool, total: int, per_card: int = 2, but: str = "") -> list[tuple[str, int]]:
    """`total` cards made of commons (not `but`), `per_card` copies each."""
    out, left = [], total
    for card_id in _of(pool, "common", 40):
        if left <= 0:
            break
        if card_id == but:
            continue
        take = min(per_card, left)
        out.append((card_id, take))
        left -= take
    return out


# -- ruling 8: deck size -------------------------------------------------------------------
def test_ruling_8_a_deck_of_exactly_20_is_legal(pool):
    assert DECK_SIZE == 20
    assert deck_problems(_commons(pool, 20), pool) == []


@pytest.mark.parametrize("size", [19, 21])
def test_ruling_8_one_card_short_or_over_names_the_deck_size_rule(pool, size):
    problems = deck_problems(_commons(pool, size), pool)
    assert problems == [f"{RULE_SIZE}: a deck has exactly 20 cards, this one {size}"]


# -- ruling 8: copies by rarity ------------------------------------------------------------
@pytest.mark.parametrize("rarity", ["common", "uncommon", "rare"])
def test_ruling_8_copies_limit_at_the_boundary(pool, rarity):
    limit = COPIES[rarity]
    assert limit == {"common": 3, "uncommon": 2, "rare": 1}[rarity]
    card = _of(pool, rarity, 1)[0]
    at_limit = [(card, limit), *_commons(pool, 20 - limit, but=card)]
    assert sum(n for _, n in at_limit) == 20
    assert deck_problems(at_limit, pool) == []
    over = [(card, limit + 1), *_commons(pool, 19 - limit, but=card)]
    assert sum(n for _, n in over) == 20
    problems = deck_problems(over, pool)
    assert len(problems) == 1 and problems[0].startswith(f"{RULE_COPIES}: at most {limit} of")


def test_every_shipped_deck_keeps_ruling_8(cat, pool):
    for deck in cat.card_set.decks:
        assert deck_problems([(c.id, c.copies) for c in deck.cards], pool) == [], deck.info.id


def test_an_unknown_card_is_named(pool):
    problems = deck_problems([("NOPE-1", 1), *_commons(pool, 19)], pool)
    assert "no card of the pool has the id 'NOPE-1'" in problems


# -- a built deck in a game ----------------------------------------------------------------
def test_a_custom_deck_plays_and_its_name_is_shown(pool):
    deck = CustomDeck(name="My Rangers", cards=tuple(_commons(pool, 20)))
    state = RULES.new_game(Config(decks=(deck, "guardians")), 5)
    view = RULES.view(state, 0)
    assert view.seats[0].deck_name == "My Rangers"
    assert view.seats[1].deck_name == "Guardians"
    # 20 cards: one drawn at step 1 of round 1, 19 left
    assert view.seats[0].deck_count == 19 and view.seats[0].hand_count == 1
    mine = {c.split("#")[0] for c in state.seats[0].deck + state.seats[0].hand}
    assert mine == {card_id for card_id, _ in deck.cards}


def test_an_illegal_custom_deck_is_refused_naming_the_rule(pool):
    deck = CustomDeck(name="Short", cards=tuple(_commons(pool, 19)))
    with pytest.raises(ValueError, match=r"Deck size \(ruling 8\).*this one 19"):
        RULES.new_game(Config(decks=(deck, "guardians")), 5)


# -- ruling 9: sealed packs ----------------------------------------------------------------
def test_ruling_9_a_pack_holds_the_rarity_mix_without_repeats(cat, pool):
    assert PACK_MIX == {"common": 6, "uncommon": 3, "rare": 1} and PACK_SIZE == 10
    rng = Rng(seed=3)
    for _ in range(20):
        pack, rng = open_pack(cat, rng)
        assert len(pack) == 10 and len(set(pack)) == 10
        rarities = [pool[c].rarity for c in pack]
        assert {r: rarities.count(r) for r in PACK_MIX} == PACK_MIX


def test_ruling_9_packs_come_from_the_seed(cat):
    a = sealed_pools(cat, 11, DEFAULT_PACKS)
    assert a == sealed_pools(cat, 11, DEFAULT_PACKS)
    assert a != sealed_pools(cat, 12, DEFAULT_PACKS)
    assert [len(p) for p in a] == [40, 40] and a[0] != a[1]


def test_ruling_9_the_bot_builds_a_legal_deck_from_its_packs(cat, pool):
    for seed in range(30):
        for opened in sealed_pools(cat, seed, DEFAULT_PACKS):
            deck = build_deck(cat, opened)
            assert deck_problems(deck, pool, opened_counts(opened)) == [], seed
            costs = [pool[c].hand_cost for c, n in deck for _ in range(n)]
            free = sum(
                min(n, COPIES[pool[c].rarity])
                for c, n in opened_counts(opened).items()
                if pool[c].hand_cost == 0
            )
            # it plays a card in the first rounds: 8 cards of Hand Cost 0, or all it opened
            assert costs.count(0) >= min(8, free), seed


def test_ruling_9_a_sealed_game_deals_the_decks_built_from_the_packs(cat):
    state = RULES.new_game(Config(sealed_packs=4), 21)
    pools = sealed_pools(cat, 21, 4)
    for seat in (0, 1):
        s = state.seats[seat]
        dealt = opened_counts(c.split("#")[0] for c in s.deck + s.hand)
        assert dealt == dict(build_deck(cat, pools[seat]))
    assert RULES.view(state, 1).seats[0].deck_name == "Sealed deck"


def test_ruling_9_a_card_not_opened_is_refused_at_the_boundary(cat, pool):
    opened = opened_counts(sealed_pools(cat, 8, 4)[0])
    built = dict(build_deck(cat, sealed_pools(cat, 8, 4)[0]))
    ok = CustomDeck(name="Mine", cards=tuple(built.items()))
    RULES.new_game(Config(sealed_packs=4, decks=(ok, "auto")), 8)  # exactly what was opened
    # one more copy than opened of a card (within the rarity limit): refused, ruling 9
    card = next(c for c in built if built[c] == opened[c] and opened[c] < COPIES[pool[c].rarity])
    other = next(c for c in built if c != card)
    bad = dict(built)
    bad[card] += 1
    bad[other] -= 1
    bad = {c: n for c, n in bad.items() if n}
    deck = CustomDeck(name="Greedy", cards=tuple(bad.items()))
    with pytest.raises(ValueError, match=rf"{RULE_SEALED.split(' (')[0]} \(ruling 9\)"):
        RULES.new_game(Config(sealed_packs=4, decks=(deck, "auto")), 8)


def test_auto_decks_need_sealed_play():
    with pytest.raises(ValueError, match="sealed"):
        Config(decks=("auto", "guardians"))


# -- saves and playouts --------------------------------------------------------------------
def test_a_sealed_game_with_a_built_deck_saves_loads_and_replays(cat, tmp_path):
    """The decks travel in the Config, so a save replays the same sealed game."""
    import random

    from tabletop_tui.engine.match import Match

    opened = sealed_pools(cat, 31, 4)[0]
    mine = CustomDeck(name="Ann's sealed deck", cards=build_deck(cat, opened))
    config = Config(names=("Ann", "Bot"), sealed_packs=4, decks=(mine, "auto"))
    match = Match(RULES, config, 31)
    chooser = random.Random(4)
    for _ in range(40):
        to_act = sorted(RULES.to_act(match.state))
        if not to_act:
            break
        seat = to_act[0]
        match.play(seat, chooser.choice(RULES.legal_actions(match.state, seat)))
    path = tmp_path / "sealed.json"
    match.save(path)
    again = Match.load(path)
    assert again.state == match.state
    assert again.config.decks[0] == mine and again.config.sealed_packs == 4


def test_random_sealed_playouts_reach_an_outcome(cat):
    import random

    for seed in range(15):
        state = RULES.new_game(Config(sealed_packs=4), seed)
        chooser = random.Random(seed)
        for _ in range(2000):
            to_act = sorted(RULES.to_act(state))
            if not to_act:
                break
            seat = chooser.choice(to_act)
            state, _ = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
        assert RULES.outcome(state) is not None, seed
