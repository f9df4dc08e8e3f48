"""Power Rangers CCG (2008): settings and rules held at their exact boundary, each named for
the rule a small mutant of the rules modules (benchmarks/mutants.py, issue 35) changed
without any other rules test noticing. Sections are the rulebook's
(../shared/seeds/power-rangers-ccg-2008-rules.txt) or our RULINGS
(card_data/pr-ccg-2008/RULINGS.md), paraphrased."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop_tui.games.pr_ccg_2008.cards import catalog
from tabletop_tui.games.pr_ccg_2008.decks import RULE_SEALED, deck_problems
from tabletop_tui.games.pr_ccg_2008.models import Config
from tabletop_tui.games.pr_ccg_2008.sealed import DEFAULT_PACKS, sealed_pools

POOL = {c.id: c for c in catalog().card_set.pool}
#: a legal 20-card deck: ten commons, two copies each (RULINGS 8)
COMMONS = [c.id for c in POOL.values() if c.rarity == "common"][:11]
LEGAL = [(card_id, 2) for card_id in COMMONS[:10]]


@pytest.mark.parametrize("packs", [0, 2, 4, 8])
def test_boundary_sealed_play_takes_zero_or_two_to_eight_packs(packs):
    """RULINGS 9, sealed play: 0 packs is constructed play (given explicitly too, as a save
    writes it), and a sealed game opens 2 to 8 packs (the setup screen offers 4)."""
    assert Config(sealed_packs=packs).sealed_packs == packs


@pytest.mark.parametrize(
    ("packs", "why"),
    [(-1, "greater than or equal to 0"), (1, "at least 2 packs"), (9, "less than or equal to 8")],
)
def test_boundary_one_pack_or_nine_are_refused(packs, why):
    """RULINGS 9: one pack is refused (a deck needs 20 cards: one pack holds 10), and so is
    a ninth pack or a negative number."""
    with pytest.raises(ValidationError, match=why):
        Config(sealed_packs=packs)


@pytest.mark.parametrize("hand", [0, 10])
def test_boundary_the_opening_hand_house_rule_runs_from_0_to_10(hand):
    """RULINGS 6: the rulebook deals no opening hand (0, given explicitly as a save writes
    it); the house rule's setting takes up to 10 (the setup screen offers 0-7)."""
    assert Config(opening_hand=hand).opening_hand == hand


@pytest.mark.parametrize(("hand", "why"), [(-1, "greater than or equal"), (11, "less than")])
def test_boundary_an_opening_hand_outside_0_to_10_is_refused(hand, why):
    """RULINGS 6: an opening hand below 0 or above 10 is not a setting the game takes."""
    with pytest.raises(ValidationError, match=why):
        Config(opening_hand=hand)


def test_boundary_a_deck_line_of_zero_copies_is_refused():
    """RULINGS 8, building a deck: a card listed takes at least 1 copy. A legal 20-card deck
    with one more line of 0 copies is refused naming it; at 1 copy the count rule speaks."""
    assert deck_problems(LEGAL, POOL) == []
    name = POOL[COMMONS[10]].name
    zero = deck_problems([*LEGAL, (COMMONS[10], 0)], POOL)
    assert zero == [f"{name}: copies must be at least 1, not 0"]
    one = deck_problems([*LEGAL, (COMMONS[10], 1)], POOL)
    assert len(one) == 1 and "exactly 20 cards, this one 21" in one[0]


def test_boundary_sealed_a_single_copy_of_a_card_never_opened_is_refused():
    """RULINGS 9, sealed play: the deck uses only cards the player opened. Opened twice,
    two copies are fine; never opened, even one copy is refused naming the rule."""
    opened = {card_id: 2 for card_id in COMMONS[:10]}
    assert deck_problems(LEGAL, POOL, opened) == []
    swapped = [*LEGAL[:9], (COMMONS[9], 1), (COMMONS[10], 1)]
    problems = deck_problems(swapped, POOL, opened)
    assert len(problems) == 1 and problems[0].startswith(RULE_SEALED)
    assert problems[0].endswith("opened 0")


def test_sealed_play_opens_four_packs_of_ten_a_player():
    """RULINGS 9: each player opens 4 booster packs of 10 cards, 40 cards to build from."""
    assert DEFAULT_PACKS == 4
    pools = sealed_pools(catalog(), 5, DEFAULT_PACKS)
    assert [len(p) for p in pools] == [40, 40]


def test_sealed_play_opens_the_two_seats_packs_and_draws_nothing_more():
    """RULINGS 9: seat 1's packs are opened first, then seat 2's, from the game's seeded RNG,
    and then the decks are shuffled: the RNG goes on from exactly the 8th pack opened."""
    from tabletop_tui.engine import Rng
    from tabletop_tui.games.pr_ccg_2008.sealed import open_pack, open_packs

    cat = catalog()
    pools, after = open_packs(cat, Rng(seed=3), DEFAULT_PACKS)
    rng, opened = Rng(seed=3), []
    for _ in range(2 * DEFAULT_PACKS):
        pack, rng = open_pack(cat, rng)
        opened += pack
    assert pools == (tuple(opened[:40]), tuple(opened[40:])) and after == rng
