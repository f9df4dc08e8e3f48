"""Counting the deployment deck (HotG View `deploy_segments`, threat.py's counted samples).

Base rules §2.4 and §4.1: the foot soldier deployment cards are revealed face up during a
Deployment Phase and go to a face-up discard pile, which is shuffled and put under the
deployment deck at the end of the phase. So a table that remembers the revealed cards
knows the deck as segments of known cards in unknown order: the cards never revealed
(with the villain cards) on top, then each phase's batch in turn.
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.hotg.models import Config, EndPhase
from tabletop_tui.games.hotg.rules import HotgRules
from tabletop_tui.games.hotg.search import view_to_state
from tabletop_tui.games.hotg.state_ops import deck_segments, upd
from tabletop_tui.games.hotg.threat import counted_samples, loss_chance

R = HotgRules()


def _pairs(cards) -> list:
    return sorted((c.figures, c.back) for c in cards if c.kind in ("fs", "mm"))


def _first_fs(deck, n: int) -> list:
    """The first `n` foot soldier cards of a deck: the cards the next phase reveals."""
    return [c for c in deck if c.kind == "fs"][:n]


def _phases(seed: int, n: int, upto: int) -> list:
    """The State at the start of each Action Phase, rounds 1..`upto`. The Rangers only end
    their Action Phases and the figures are taken off the board meanwhile (a state edit,
    the villains counted as defeated, so that the game lasts): the deck is all this reads."""
    s = R.new_game(Config(deployments_per_round=n), seed)
    out = [s]
    while len(out) < upto:
        assert s.outcome is None and s.phase == "action"
        gone = tuple(x for lo in s.locations for x in lo.villains)
        clear = tuple(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations)
        s = upd(s, locations=clear, defeated=(*s.defeated, *gone))
        rnd = s.round
        while s.phase == "action" and s.round == rnd and s.outcome is None:
            s, _ = R.apply(s, s.focus, EndPhase())
        while s.outcome is None and (s.phase != "action" or s.round == rnd):
            seat = min(R.to_act(s))
            s, _ = R.apply(s, seat, R.legal_actions(s, seat)[-1])
        out.append(s)
    return out


@pytest.mark.parametrize("n", [5, 4])
def test_the_segments_follow_the_discards_put_under_the_deck(n):
    """§4.1: after k Deployment Phases the deck is the never revealed cards (while any are
    left) and then the batches of the last phases, each the cards one phase revealed."""
    states = _phases(7, n, 5)
    fs_total = 20
    for k in (1, 2, 4, 5):
        s = states[k - 1]
        v = R.view(s, 0)
        assert len(s.history) == k
        # sizes: the never revealed cards on top while any are left, then k batches of n
        unseen = fs_total - k * n
        want = ([unseen] if unseen > 0 else []) + [n] * min(k, fs_total // n)
        if unseen < 0:  # the first batches come up again: only the last ones stay whole
            want = [n] * (fs_total // n)
        got = [len(seg) for seg in v.deploy_segments]
        assert got == want
        # each segment is the multiset of the deck's cards at its place, top first
        at = 0
        villains = 0
        for seg, size in zip(v.deploy_segments, deck_segments(s), strict=True):
            part = s.deploy_deck[at : at + size]
            assert list(seg) == _pairs(part)
            villains += sum(c.kind != "fs" for c in part)
            at += size
        assert v.deploy_villains == villains
        # the bottom batch is what this phase revealed: the first n cards of the deck
        # the previous Action Phase saw (the first phase: counted by elimination)
        if k > 1:
            before = states[k - 2].deploy_deck
            assert list(v.deploy_segments[-1]) == _pairs(_first_fs(before, n))
    # a batch keeps its cards as later batches go under it: phase 2's is second from the
    # bottom after phase 3 and second from the top after phase 5 (n = 5)
    if n == 5:
        after2 = R.view(states[1], 0).deploy_segments[-1]
        assert R.view(states[4], 0).deploy_segments[0] == after2
        # the villains are all revealed once the never revealed cards are gone
        assert R.view(states[3], 0).deploy_villains == 0
        assert R.view(states[0], 0).deploy_villains == 3


def test_the_order_within_a_segment_is_not_in_the_view():
    """Two States that differ only in the order of the cards within segments give the same
    View field; moving a card to another segment changes it."""
    s = _phases(11, 5, 2)[1]
    seen = R.view(s, 0).deploy_segments
    rng = random.Random(3)
    for _ in range(5):
        deck, at = [], 0
        for size in deck_segments(s):
            part = list(s.deploy_deck[at : at + size])
            rng.shuffle(part)
            deck += part
            at += size
        assert R.view(upd(s, deploy_deck=tuple(deck)), 0).deploy_segments == seen
    # swap the top card with a different one of the bottom batch: the counts tell
    deck = list(s.deploy_deck)
    j = next(i for i in range(len(deck) - 5, len(deck)) if _pairs([deck[i]]) != _pairs([deck[0]]))
    deck[0], deck[j] = deck[j], deck[0]
    assert R.view(upd(s, deploy_deck=tuple(deck)), 0).deploy_segments != seen


def test_hidden_variants_keep_the_segments():
    """The re-deal of what nobody sees shuffles within segments only (the top card's back
    shows), so every seat's View is unchanged."""
    s = _phases(5, 5, 3)[2]
    for k in range(4):
        variant = R.hidden_variant(s, 0, random.Random(k))
        assert R.view(variant, 0) == R.view(s, 0)
        assert variant.deploy_deck[0] == s.deploy_deck[0]
    assert any(
        R.hidden_variant(s, 0, random.Random(k)).deploy_deck != s.deploy_deck for k in range(4)
    )


# ------------------------------------------------------------------ threat sampling
def test_counted_samples_draw_each_card_from_its_segment():
    """A sampled next phase takes the top segment's cards first (the first with the back
    that shows), then the next segment's; never a card from elsewhere."""
    top = ((1, "a"), (2, "b"), (3, "c"))
    second = ((2, "d"), (2, "e"), (3, "f"), (1, "g"))
    for cards, _ in counted_samples((top, second), "b", 5):
        assert len(cards) == 6
        assert cards[0] == (2, "b")
        assert sorted(cards[:3]) == sorted(top)
        assert set(cards[3:]) <= set(second)
    orders = {cards for cards, _ in counted_samples((top, second), "b", 5)}
    assert len(orders) > 1  # the order within segments is sampled
    # the same draw every time, not only the same cached object: sampled again, uncached
    first = counted_samples((top, second), "b", 5)
    counted_samples.cache_clear()
    again = counted_samples((top, second), "b", 5)
    assert again is not first and again == first


def test_counting_changes_the_threat_when_the_heavy_cards_are_past():
    """A board that the next phase's 3-figure cards could fill is safe when counting shows
    them to be at the bottom of the deck (the next phase reveals 1- and 2-figure cards)."""
    ids = ("ernies_juice_bar", "angel_grove_park", "industrial_district", "angel_grove_high")
    fs = ("putty_patrollers", "super_putty_patrollers")
    locs = (
        (ids[0], 4, 1, True, False),
        (ids[1], 4, 1, True, False),
        (ids[2], 3, 1, True, False),
        (ids[3], 0, 0, False, False),
    )
    light = tuple((f, b) for f in (1, 2) for b in ids)[:6]
    heavy = tuple((3, b) for b in ids)
    uncounted = loss_chance(locs, (), 20, 5, fs, True)
    counted = loss_chance(locs, (), 20, 5, fs, True, segments=(light, heavy), next_back=ids[0])
    assert counted < uncounted


# ------------------------------------------------------------------ the bot's switches
def test_count_cards_switch_hands_the_counted_deck_to_the_threat():
    """Off (the default): the threat samples all the cards in play; on: the View's segments
    and the back that shows."""
    from tabletop_tui.games.hotg.bot import HotgHeuristicBot

    s = _phases(5, 5, 2)[1]
    v = R.view(s, 0)
    bot = HotgHeuristicBot()
    assert bot._threat_args(v)[-2:] == (None, "")
    bot.count_cards = True
    assert bot._threat_args(v)[-2:] == (v.deploy_segments, v.next_deploy_back)


def test_incoming_follows_the_counted_backs():
    """Each deployment's figures go to the back of the card after it (§4.1): with the next
    cards all showing one back, every figure but the first card's is aimed there."""
    ids = ("ernies_juice_bar", "angel_grove_park", "industrial_district", "angel_grove_high")
    fs = ("putty_patrollers", "super_putty_patrollers")
    from tabletop_tui.games.hotg.threat import incoming

    top = ((2, ids[1]), (2, ids[1]), (2, ids[1]), (3, ids[1]), (1, ids[1]), (3, ids[1]))
    got = incoming(ids, 5, fs, True, (top,), ids[1])
    assert got[0] == got[2] == got[3] == 0.0
    assert 0 < got[1] <= 2 + 2 + 2 + 3 + 3
    even = incoming(ids, 5, fs, True)  # uncounted: every location some of the time
    assert all(x > 0 for x in even)


def test_incoming_w_makes_a_location_about_to_overflow_worth_less():
    from tabletop_tui.games.hotg.bot import HotgHeuristicBot

    s = _phases(5, 5, 2)[1]
    v = R.view(s, 0)
    bot = HotgHeuristicBot()
    lo = v.locations[0]
    plain = bot._loc_value(v, lo, float(lo.figure_limit - 1), 0, False)
    bot.incoming_w, bot.count_cards = 1.0, True
    assert bot._loc_value(v, lo, float(lo.figure_limit - 1), 0, False) < plain
    assert bot._loc_value(v, lo, 0.0, 0, False) == HotgHeuristicBot()._loc_value(
        v, lo, 0.0, 0, False
    )


# ------------------------------------------------------------------ a phase short of a card
class _NoDeploy(HotgRules):
    """Setup only: the first Deployment Phase left undone, to read the deck as dealt."""

    def _deployment_phase(self, s, ev):
        return s


def test_a_psycho_on_top_of_pile_a_makes_the_first_batch_one_card_short():
    """Psycho Assault Mode, Game Setup: one Psycho card is shuffled into pile A, so it can
    be the deck's first card. Then the first deployment is the Psycho alone (no foot
    soldier card to discard, base rules §4.1 step 4), and the phase puts four cards under
    the deck, not five: the bottom segment is those four, and the card above them (never
    revealed) stays in the top segment, its figures unknown to the table."""
    config = Config(names=("A", "B", "C", "D"), mode="psycho_assault")
    seed = 1
    dealt = _NoDeploy().new_game(config, seed).deploy_deck
    assert dealt[0].kind == "nemesis"  # the case under test
    s = R.new_game(config, seed)
    assert s.phase == "action" and len(s.history) == 1
    v = R.view(s, 0)
    assert deck_segments(s) == (21, 4)  # 16 foot soldier cards and 5 villain cards on top
    assert [len(seg) for seg in v.deploy_segments] == [16, 4]
    assert list(v.deploy_segments[-1]) == _pairs(_first_fs(dealt, 4))
    # the re-deal of hidden cards and the search's guessed state keep that cut
    assert R.view(R.hidden_variant(s, 1, random.Random(0)), 0) == v
    guess = view_to_state(v, random.Random(0))
    assert R.view(guess, 0).deploy_segments == v.deploy_segments
    # a save from before the batches were recorded still loads (every batch taken as full)
    old = s.model_dump()
    old.pop("deploy_batches")
    assert deck_segments(type(s).model_validate(old)) == (len(s.deploy_deck) - 5, 5)
