"""The search bot hands the turn in a battle only to a teammate the heuristic rates higher
(issue 38: two Rangers with empty hands handed it back and forth for thousands of moves,
and a game never ended)."""

from __future__ import annotations

import random

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import HotgBot
from tabletop_tui.games.hotg.models import Battle, Config, Slot
from tabletop_tui.games.hotg.rules import HotgRules, upd

R = HotgRules()
SP = "super_putty_patrollers"
PUMMEL = f"{SP}:putty-pummel#1"
CHARGE = "jason:lead-the-charge#1"  # an attack of 2 dice, cost 0


def _battle(hands: tuple[tuple[str, ...], tuple[str, ...]]) -> m.State:
    """Seats 0 and 1 in a battle at the first location (seat 0's turn), with these hands."""
    s = R.new_game(Config(rangers=("zack", "jason", "billy", "trini")), 2)
    loc = s.locations[0].id
    players = list(s.players)
    for i in (0, 1):
        players[i] = upd(players[i], location=loc, hand=hands[i], stored=0)
    s = upd(s, players=tuple(players))
    b = Battle(
        location=loc,
        participants=(0, 1),
        lead=0,
        lead_ranger=s.players[0].rangers[0],
        slots=(Slot(card=PUMMEL, row=0, col=0),),
        pool=0,
        turn="rangers",
    )
    return upd(s, phase="battle", battle=b, focus=0, decision=None, queue=())


def _focus_candidates(s: m.State) -> list:
    legal = R.legal_actions(s, 0)
    assert m.Focus(seat=1) in legal  # the rules allow it: the bot must choose not to
    return [a for a in HotgBot()._candidates(R.view(s, 0), legal, 0) if isinstance(a, m.Focus)]


def test_with_two_empty_hands_the_search_does_not_hand_the_turn_on():
    assert _focus_candidates(_battle(((), ()))) == []


def test_a_teammate_holding_an_attack_may_get_the_turn():
    assert _focus_candidates(_battle(((), (CHARGE,)))) == [m.Focus(seat=1)]


def test_the_turn_is_not_handed_back_and_forth():
    """Both bots decide from their own views: after seat 0 hands the turn to seat 1, seat 1
    does not hand it straight back."""
    s = _battle(((), (CHARGE,)))
    bot = HotgBot()
    for _ in range(2):
        seat = s.focus
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(0))
        if not isinstance(a, m.Focus):
            break
        assert a.seat != seat
        s, _ = R.apply(s, seat, a)
    assert not (isinstance(a, m.Focus) and a.seat == 0)
