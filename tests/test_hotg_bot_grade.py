"""The HotG coach grades the player's own attack against the bot's best (issue 38: where a
bot scores its options, the coach may grade the last move, on request only)."""

from __future__ import annotations

from tabletop_tui.engine.coach import grade
from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import kill_chance
from tabletop_tui.games.hotg.models import Battle, Config, Slot
from tabletop_tui.games.hotg.rules import HotgRules, upd

R = HotgRules()
SP = "super_putty_patrollers"
PUMMEL = f"{SP}:putty-pummel#1"  # health 3
REGROW = f"{SP}:regrow#1"  # health 2: deploys a figure if left alone
CHARGE = "jason:lead-the-charge#1"  # an attack of 2 dice, cost 0


def _battle(cards: list[str], hand: list[str]) -> m.State:
    """Jason alone in a battle at the first location against `cards`, `hand` in hand."""
    s = R.new_game(Config(rangers=("jason", "zack", "billy", "trini")), 2)
    loc = s.locations[0].id
    players = list(s.players)
    players[0] = upd(players[0], location=loc, hand=tuple(hand))
    s = upd(s, players=tuple(players))
    b = Battle(
        location=loc,
        participants=(0,),
        lead=0,
        lead_ranger=s.players[0].rangers[0],
        slots=tuple(Slot(card=c, row=0, col=k) for k, c in enumerate(cards)),
        pool=2,
        turn="rangers",
    )
    return upd(s, phase="battle", battle=b, focus=0, decision=None, queue=())


def _graded(s: m.State, played) -> str | None:
    return grade("hotg", R.view(s, 0), 0, played, R.legal_actions(s, 0), step=0)


def test_an_attack_on_the_harder_target_is_graded_against_the_likelier_defeat():
    """Attacking enemies (§5.6): 2 dice against Putty Pummel's 3 health defeat it less often
    than against Regrow's 2; the grade names both attacks and their exact chances."""
    s = _battle([PUMMEL, REGROW], [CHARGE])
    played = m.PlayCard(card=CHARGE, target=0)
    assert played in R.legal_actions(s, 0)
    said = _graded(s, played)
    assert said is not None
    assert said.startswith("Lead the Charge at Putty Pummel had ")
    assert f"a {kill_chance(2, 0, 3):.0%} chance to defeat it" in said
    assert f"Lead the Charge at Regrow had {kill_chance(2, 0, 2):.0%}" in said


def test_the_bot_s_own_best_attack_and_other_moves_are_not_graded():
    s = _battle([PUMMEL, REGROW], [CHARGE])
    assert _graded(s, m.PlayCard(card=CHARGE, target=1)) is None
    assert _graded(s, m.Pass()) is None
