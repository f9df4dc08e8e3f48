"""The battle search's value and how it weighs the heuristic's own play (issue 15, session
11): what a Ranger's defeat costs, and the margin another play must win by."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.hotg import search
from tabletop_tui.games.hotg.bot import _best_by_rollouts
from tabletop_tui.games.hotg.models import Config
from tabletop_tui.games.hotg.rules import HotgRules
from tabletop_tui.games.hotg.state_ops import pl

R = HotgRules()


def _about_to_be_defeated():
    """Player 1's Ranger has spent every card: nothing in deck or hand, all in the discard."""
    s = R.new_game(Config(), 5)
    p = s.players[0]
    return pl(s, 0, deck=(), hand=(), discard=p.deck + p.hand + p.discard)


def test_a_defeat_refills_the_deck_and_spends_command_center_energy():
    """Base rules §4.3: a Ranger with an empty deck is defeated, spends one Command Center
    energy and respawns there with the whole deck shuffled and a new hand."""
    s = _about_to_be_defeated()
    after = R._check_defeat(s, 0, [])
    assert after.hq_energy == s.hq_energy - 1
    assert after.players[0].defeats == s.players[0].defeats + 1
    assert len(after.players[0].deck) + len(after.players[0].hand) == len(s.players[0].discard)


def test_with_the_defeat_weight_a_defeat_scores_lower_than_the_same_state_without_it(
    monkeypatch,
):
    """Base rules §4.3: the respawn gives the Ranger back every card, which the value counts
    (W_CARD), so the defeat's price is its energy minus those cards. W_DEFEAT adds a price of
    its own: the defeated state then scores below the same state before the defeat by at
    least the energy and that price less the refilled cards."""
    s = _about_to_be_defeated()
    after = R._check_defeat(s, 0, [])
    monkeypatch.setattr(search, "W_DEFEAT", 0.0)
    plain = search.battle_value(s, after)
    monkeypatch.setattr(search, "W_DEFEAT", 4.0)
    priced = search.battle_value(s, after)
    assert priced == pytest.approx(plain - 4.0)
    assert priced < 0
    refill = search.W_CARD * len(s.players[0].discard)
    assert priced <= -(search.W_HQ_ENERGY + 4.0) + refill + search.W_STORED * 1 + 1e-9


def test_another_play_must_beat_the_heuristic_s_by_the_margin_per_sample():
    """With a margin, a play the rollouts rate a little higher than the heuristic's own
    does not replace it; one that wins by more than the margin does."""
    view = R.view(R.new_game(Config(), 3), 0)
    values = {"heuristic": 1.0, "slightly": 2.5, "clearly": 4.0}

    def score(base, cand, k):
        return values[cand]

    pick = _best_by_rollouts
    rng = random.Random
    assert pick(view, ["heuristic", "slightly"], 3, rng(0), score, 10**9) == "slightly"
    assert pick(view, ["heuristic", "slightly"], 3, rng(0), score, 10**9, margin=2.0) == "heuristic"
    assert pick(view, ["heuristic", "clearly"], 3, rng(0), score, 10**9, margin=2.0) == "clearly"


def test_a_boss_battle_may_get_a_bigger_search_than_other_battles(monkeypatch):
    """Base rules §3: the boss stands on a location until defeated; a battle there is a
    boss battle. With `boss_search` set, only those battles get its samples and budget."""
    from tabletop_tui.games.hotg import bot as bot_module
    from tabletop_tui.games.hotg.bot import HotgBot
    from tabletop_tui.games.hotg.models import Battle, Slot
    from tabletop_tui.games.hotg.rules import upd

    s = R.new_game(Config(), 4)
    here = s.locations[0]
    b = Battle(
        location=here.id,
        participants=(0,),
        lead=0,
        lead_ranger=s.players[0].rangers[0],
        slots=(Slot(card="super_putty_patrollers:regrow#1", row=0, col=0),),
        pool=2,
        turn="rangers",
    )
    s = upd(s, phase="battle", battle=b, focus=0, decision=None, queue=())
    asked: list[tuple] = []

    def record(v, cands, samples, rng, score, budget=None, **kw):
        asked.append((samples, budget))
        return cands[0]

    monkeypatch.setattr(bot_module, "_best_by_rollouts", record)
    bot = HotgBot(search=3)
    monkeypatch.setattr(HotgBot, "boss_search", 6)
    monkeypatch.setattr(HotgBot, "boss_think_steps", 6000)
    legal = R.legal_actions(s, 0)
    bot._rollouts(R.view(s, 0), legal[:2], 0, random.Random(0))
    boss_here = upd(s, locations=(upd(here, villains=(s.boss,)), *s.locations[1:]))
    bot._rollouts(R.view(boss_here, 0), legal[:2], 0, random.Random(0))
    assert asked == [(3, None), (6, 6000)]


def test_refining_gives_the_two_best_more_samples_and_only_them():
    """After the first samples, `refine` more samples go to the two leading plays only,
    and the pick between them uses every sample they got."""
    view = R.view(R.new_game(Config(), 3), 0)
    calls: list[tuple[str, int]] = []

    def score(base, cand, k):
        calls.append((cand, k))
        return {"lucky": 5.0 if k < 3 else 0.0, "steady": 4.0, "weak": 0.0}[cand]

    cands = ["lucky", "steady", "weak"]
    assert _best_by_rollouts(view, cands, 3, random.Random(0), score, 10**9) == "lucky"
    calls.clear()
    got = _best_by_rollouts(view, cands, 3, random.Random(0), score, 10**9, refine=3)
    assert got == "steady"
    assert [c for c, k in calls if k >= 3] == ["lucky", "steady"] * 3


def test_the_boss_round_weights_apply_only_while_the_boss_is_on_the_board(monkeypatch):
    """Base rules §3: once the boss is deployed the game is won only by defeating it, so the
    switch `BOSS_ROUND` reweighs the value then (cards kept count more, figures less); before
    the boss comes the usual weights hold."""
    from tabletop_tui.games.hotg.rules import upd

    s = R.new_game(Config(), 6)
    p = s.players[0]
    spent = pl(s, 0, hand=p.hand[1:], discard=(*p.discard, p.hand[0]))
    monkeypatch.setattr(search, "BOSS_ROUND", dict(search.BOSS_ROUND_FITTED))
    assert search.battle_value(s, spent) == pytest.approx(-search.W_CARD)
    here = s.locations[0]
    with_boss = upd(s, locations=(upd(here, villains=(s.boss,)), *s.locations[1:]))
    spent_boss = upd(spent, locations=with_boss.locations)
    got = search.battle_value(with_boss, spent_boss)
    assert got == pytest.approx(-search.BOSS_ROUND_FITTED["card"])
    monkeypatch.setattr(search, "BOSS_ROUND", None)
    assert search.battle_value(with_boss, spent_boss) == pytest.approx(-search.W_CARD)


def test_pruning_leaves_out_plays_that_defeat_nothing(monkeypatch):
    """With `prune_idle`, card plays the heuristic scores 0 (no chance to defeat anything)
    are not among the searched candidates; without it the best-scored plays always are."""
    from tabletop_tui.games.hotg.bot import HotgBot
    from tabletop_tui.games.hotg.models import Battle, PlayCard, Slot
    from tabletop_tui.games.hotg.rules import upd

    s = R.new_game(Config(rangers=("jason", "zack", "billy", "trini")), 2)
    here = s.locations[0]
    hand = ("jason:lead-the-charge#1", "jason:power-sword#1")
    s = pl(s, 0, location=here.id, hand=hand)
    b = Battle(
        location=here.id,
        participants=(0,),
        lead=0,
        lead_ranger="jason",
        slots=(Slot(card="super_putty_patrollers:regrow#1", row=0, col=0),),
        pool=2,
        turn="rangers",
    )
    s = upd(s, phase="battle", battle=b, focus=0, decision=None, queue=())
    legal = R.legal_actions(s, 0)
    assert any(isinstance(a, PlayCard) for a in legal)
    monkeypatch.setattr(HotgBot, "_play_score", lambda self, v, c, a, cards: 0.0)
    bot = HotgBot()
    plain = bot._candidates(R.view(s, 0), legal, 0)
    assert any(isinstance(a, PlayCard) for a in plain)
    monkeypatch.setattr(HotgBot, "prune_idle", True)
    pruned = bot._candidates(R.view(s, 0), legal, 0)
    assert not any(isinstance(a, PlayCard) for a in pruned)
