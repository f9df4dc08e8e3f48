"""Heroes of the Grid: the rules issue 15 found played wrong, one scenario each.

Sources: the expansion rulebook (../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt,
cited by its section headings) and the base rules digest
(../shared/research/heroes-of-the-grid-base-rules.md, cited "§N"); readings of our own are
card_data/hotg/RULINGS.md ("Ruling N").
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_rules import FODDER, LEAP, LEAP2, battle, card, game, give  # noqa: E402

R = HotgRules()


def _dice_rolled(events: list) -> list[int]:
    return [len(e.data["dice"]) for e in events if e.kind == "dice" and "dice" in e.data]


# ============================================================== next-attack bonuses (§9)
def test_an_attack_card_s_next_attack_bonus_reaches_the_following_attack():
    """§9 Jason: Power Sword gives the next attack by any Ranger in the battle +2 dice;
    Power Daggers lets a chosen Ranger play a card at once (issue: Daggers, Sword, then
    Reckless Blow rolled 2 dice instead of 4)."""
    s = game(names=("a", "b", "c", "d"))  # jason, zack, billy, trini
    s = battle(s, [[LEAP, LEAP2, FODDER]], seats=(0, 1, 3), pool=9)
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    daggers, sword = card("trini", "power-daggers"), card("jason", "power-sword")
    blow = card("zack", "reckless-blow")
    s = give(s, 3, hand=[daggers])
    s = give(s, 0, hand=[sword])
    s = give(s, 1, hand=[blow])
    s, _ = R.apply(s, 0, m.Focus(seat=3))
    s, ev = R.apply(s, 3, m.PlayCard(card=daggers, target=0))
    assert _dice_rolled(ev) == [4]
    s, _ = R.apply(s, s.focus, m.Focus(seat=0)) if s.focus != 0 else (s, ())
    s, ev = R.apply(s, 0, m.PlayCard(card=sword, target=0))
    assert _dice_rolled(ev) == [5]  # the Daggers gave no bonus: the Sword rolls its own 5
    assert s.battle.buffs.dice == 2
    # the next Rangers' turn: Zack's Reckless Blow takes the Sword's +2
    s = upd(
        s,
        battle=upd(s.battle, turn="rangers", played=False, extra=None),
        queue=(),
        decision=None,
        focus=1,
    )
    s, ev = R.apply(s, 1, m.PlayCard(card=blow, target=0))
    assert _dice_rolled(ev) == [4]
    assert s.battle.buffs.dice == 0  # used up


def test_lead_the_charge_and_pierce_defenses_wait_for_the_next_attack():
    """§9 Jason's Lead the Charge (+1 die to the next attack) and the Space Red deck's
    Pierce Defenses (the next attack ignores GUARD): both are attacks whose bonus waits."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=9)
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    charge = card("jason", "lead-the-charge")
    s = give(s, 0, hand=[charge])
    s, ev = R.apply(s, 0, m.PlayCard(card=charge, target=0))
    assert _dice_rolled(ev) == [2] and s.battle.buffs.dice == 1
    s2 = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "ashley"))
    s2 = battle(s2, [[LEAP, LEAP2]], seats=(0,), pool=9)
    s2 = upd(s2, battle=upd(s2.battle, slots=tuple(upd(sl, hits=-50) for sl in s2.battle.slots)))
    pierce = card("andros", "pierce-defenses")
    s2 = give(s2, 0, hand=[pierce])
    s2, _ = R.apply(s2, 0, m.PlayCard(card=pierce, target=0))
    assert s2.battle.buffs.ignore_guard
