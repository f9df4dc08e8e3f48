"""Mastermind Mode: fewer hand-overs of the keyboard (issue 15).

The expansion rulebook (Mastermind Mode, Scheme Cards) lets the Mastermind play a Scheme
whenever its timing comes in a battle, and passing is always allowed. So instead of being
asked at every window (each one a curtain in a hot-seat game), the Mastermind may pass
every Scheme window left in the battle at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_modes import MM, Q, calm, grid_battle, qcard, qgame  # noqa: E402

R = HotgRules()
SAP = "scheme:sap-energy#1"


def test_the_mastermind_may_hold_every_scheme_window_of_a_battle():
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=(SAP,), battle=upd(s.battle, pool=3))
    s, _ = R.apply(s, 0, m.Pass())
    d = s.decision
    assert d.kind == "scheme_window" and d.asked == (MM,)
    assert m.HoldSchemes() in R.legal_actions(s, MM)
    assert R.check(s, 0, m.HoldSchemes()) is not None  # the Mastermind's answer only
    s, ev = R.apply(s, MM, m.HoldSchemes())
    assert s.battle.schemes_held and s.schemes == (SAP,)  # nothing played, the hand kept
    assert any("holds" in e.text for e in ev)
    # the rest of the battle never hands the keyboard back for a Scheme window
    for _ in range(200):
        if s.battle is None or s.outcome is not None:
            break
        assert s.decision is None or s.decision.kind != "scheme_window"
        seat = next(iter(R.to_act(s)))
        assert seat != MM or s.decision.kind != "scheme_window"
        legal = R.legal_actions(s, seat)
        s, _ = R.apply(s, seat, next((a for a in legal if isinstance(a, m.Pass)), legal[0]))
    assert s.battle is None or s.outcome is not None  # the battle ended without a window


def test_holding_lasts_one_battle():
    """The next battle asks again: holding is for the battle in progress only."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=(SAP,), battle=upd(s.battle, schemes_held=True))
    for _ in range(200):  # play the held battle out
        if s.battle is None or s.outcome is not None:
            break
        seat = next(iter(R.to_act(s)))
        legal = R.legal_actions(s, seat)
        s, _ = R.apply(s, seat, next((a for a in legal if isinstance(a, m.Pass)), legal[0]))
    assert s.battle is None and s.outcome is None
    here = s.players[0].location
    loc = next(k for k, lo in enumerate(s.locations) if lo.id == here)
    s = calm(s, schemes=(SAP,))
    s = upd(
        s,
        locations=tuple(
            upd(lo, fs=((Q, 2),)) if k == loc else lo for k, lo in enumerate(s.locations)
        ),
        players=tuple(upd(p, tokens=2) for p in s.players),
    )
    s, _ = R.apply(s, 0, m.StartBattle())
    asked = False
    for _ in range(100):
        if s.decision is not None and s.decision.kind == "scheme_window":
            asked = True
            break
        seat = next(iter(R.to_act(s)))
        legal = R.legal_actions(s, seat)
        s, _ = R.apply(s, seat, next((a for a in legal if isinstance(a, m.Draw)), legal[0]))
    assert asked and not s.battle.schemes_held
