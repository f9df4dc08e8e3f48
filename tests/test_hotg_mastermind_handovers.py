"""Mastermind Mode: fewer hand-overs of the keyboard (issues 15 and 33).

The expansion rulebook (Mastermind Mode, Scheme Cards) lets the Mastermind play a Scheme
whenever its timing comes in a battle, and passing is always allowed. Each question to the
Mastermind is a curtain in a hot-seat game, so (Ruling MM6):

* a Scheme window opens only when a Scheme in the Mastermind's hand can be played there
  (issue 33); one with nothing playable closes by itself, with no hand-over;
* at an open window the Mastermind may pass every window left in the battle at once
  (issue 15), a private choice that leaves no trace the Rangers can see (issue 33).

The Scheme discard pile is face up (Ruling MM11): what is discarded is public.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_modes import (  # noqa: E402
    CAT,
    MM,
    Q,
    calm,
    grid_battle,
    mm_game,
    qcard,
    qgame,
    settle,
)

R = HotgRules()
SAP = "scheme:sap-energy#1"
SHATTER = ("scheme:shatter-defenses#1", "scheme:shatter-defenses#2")
FOUL = "scheme:foul-the-odds#1"
TOUGH = "scheme:toughen-up#1"


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
    assert not any("Scheme" in e.text or "hold" in e.text for e in ev)  # private (issue 33)
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


# ============================================= issue 33: a window only when a Scheme fits
def _attack(s: m.State) -> m.State:
    """Seat 0 plays an attack card that rolls dice; the Rangers decline their reactions."""
    attack = next(
        a
        for a in R.legal_actions(s, 0)
        if isinstance(a, m.PlayCard) and CAT.card(a.card).type == "attack" and CAT.card(a.card).dice
    )
    s, _ = R.apply(s, 0, attack)
    return settle(s)


def _attack_battle(hand: tuple[str, ...]) -> m.State:
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades"), (0, 1): qcard("q-blades", 2)})
    return upd(s, schemes=hand, battle=upd(s.battle, pool=6))


def test_an_attack_hands_nothing_over_when_no_scheme_in_hand_fits_it():
    """Ruling MM6: two Shatter Defenses (played on a defence reveal) cannot answer a Ranger's
    attack, so the attack's window stays shut: the Mastermind is never the seat to act."""
    s = _attack(_attack_battle(SHATTER))
    assert s.battle is not None and s.battle.attack is None  # the attack resolved
    assert MM not in R.to_act(s)
    assert s.decision is None or s.decision.kind != "scheme_window"


def test_an_attack_hands_over_when_one_scheme_in_hand_fits_it():
    """The boundary of Ruling MM6: the same attack with one Foul the Odds in hand (played
    when a Ranger makes an attack) opens the window and asks the Mastermind."""
    s = _attack(_attack_battle((FOUL, SHATTER[0])))
    d = s.decision
    assert d.kind == "scheme_window" and d.trigger == "ranger_attack"
    assert R.to_act(s) == {MM}
    assert m.PlayScheme(card=FOUL) in R.legal_actions(s, MM)
    assert not any(getattr(a, "card", "") == SHATTER[0] for a in R.legal_actions(s, MM))


def test_a_defence_reveal_asks_only_for_a_scheme_that_fits_it():
    """Ruling MM6 on the defence reveal (the window holds the Rangers' reveal reactions):
    with only Foul the Odds in hand the reveal goes on without the Mastermind; with Shatter
    Defenses the Mastermind is asked."""
    base = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    shut = R._reveal(upd(base, schemes=(FOUL,)), 0, 2, "test", [])
    assert MM not in R.to_act(shut)
    assert shut.decision is None or shut.decision.kind != "scheme_window"
    assert len(shut.players[0].deck) == len(base.players[0].deck) - 1  # the card was revealed
    asked = R._reveal(upd(base, schemes=(FOUL, SHATTER[0])), 0, 2, "test", [])
    assert asked.decision.kind == "scheme_window" and asked.decision.trigger == "defense_reveal"
    assert R.to_act(asked) == {MM}


def test_the_end_of_a_ranger_turn_asks_only_for_sap_energy():
    """Ruling MM6 at the end of a Ranger turn: Toughen Up! (before the first turn) cannot be
    played there, so the turn passes to the enemies with no hand-over for a Scheme."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s, _ = R.apply(upd(s, schemes=(TOUGH,)), 0, m.Pass())
    assert s.decision is None or s.decision.kind != "scheme_window"
    assert s.battle is None or s.battle.turn != "rangers"


def test_every_open_scheme_window_offers_a_scheme_to_play():
    """Over seeded random Mastermind games: each time the keyboard goes to the Mastermind
    for a Scheme window, at least one Scheme can be played there."""
    windows = 0
    for seed in (1, 2):
        s = mm_game(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            to_act = R.to_act(s)
            if not to_act:
                break
            seat = min(to_act)
            legal = R.legal_actions(s, seat)
            if s.decision is not None and s.decision.kind == "scheme_window":
                windows += 1
                assert any(isinstance(a, m.PlayScheme) for a in legal), s.decision.trigger
            s, _ = R.apply(s, seat, rng.choice(legal))
    assert windows  # the playouts did meet open windows


# ================================== issue 33: the log tells the Rangers only what is public
def _texts(events) -> list[str]:
    return [e.text for e in events]


def test_holding_the_schemes_looks_like_a_pass_to_the_rangers():
    """Holding the Schemes for the battle is the Mastermind's private choice: no event names
    it, and every Ranger seat and the public view see exactly what a single Pass shows."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=(SAP,), battle=upd(s.battle, pool=3))
    s, _ = R.apply(s, 0, m.Pass())
    assert s.decision.kind == "scheme_window"
    held, held_ev = R.apply(s, MM, m.HoldSchemes())
    passed, passed_ev = R.apply(s, MM, m.Pass())
    assert _texts(held_ev) == _texts(passed_ev)
    for text in _texts(held_ev):
        assert "Scheme" not in text and "hold" not in text.lower()
    for seat in (0, 1, 2, None):
        assert R.view(held, seat) == R.view(passed, seat)


def test_no_public_event_after_declining_names_the_masterminds_schemes():
    """A battle played out after the Mastermind declines: no event text says that they hold,
    keep or decline their Schemes (the log is shown to every seat)."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=(SAP, TOUGH), battle=upd(s.battle, pool=3))
    s, _ = R.apply(s, 0, m.Pass())
    s, ev = R.apply(s, MM, m.HoldSchemes())
    texts = _texts(ev)
    for _ in range(200):
        if s.battle is None or s.outcome is not None:
            break
        seat = min(R.to_act(s))
        legal = R.legal_actions(s, seat)
        s, ev = R.apply(s, seat, next((a for a in legal if isinstance(a, m.Pass)), legal[0]))
        texts += _texts(ev)
    for text in texts:
        low = text.lower()
        assert "scheme" not in low and "hold" not in low and "declin" not in low, text


# ======================================= Ruling MM11: the Scheme discard pile is face up
def test_discarded_schemes_are_public():
    """Ruling MM11: a Scheme discarded down to the hand limit goes face up on the discard
    pile; every seat and the public view see it and the log names it, while the hand itself
    stays the Mastermind's secret."""
    s = calm(mm_game(), schemes=())
    s = upd(s, schemes=CAT.scheme_instances()[:3], scheme_deck=CAT.scheme_instances()[3:])
    s = R._start_action_phase(s, [])
    assert s.decision.kind == "scheme_discard"
    gone = s.schemes[0]
    name = CAT.scheme(gone).name
    s, ev = R.apply(s, MM, m.DiscardScheme(card=gone))
    assert any(name in e.text for e in ev)
    for seat in (0, 1, 2, None):
        v = R.view(s, seat)
        assert [c.id for c in v.scheme_discard] == [gone]
        assert v.scheme_discard[0].name == name
        assert v.schemes is None and v.scheme_count == len(s.schemes)
    assert [c.id for c in R.view(s, MM).schemes] == list(s.schemes)


def test_a_played_scheme_lands_face_up_on_the_discard_pile():
    """Ruling MM11: a played Scheme is revealed and stays visible on the discard pile."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=(SAP, TOUGH), battle=upd(s.battle, pool=3))
    s, _ = R.apply(s, 0, m.Pass())
    s, ev = R.apply(s, MM, m.PlayScheme(card=SAP))
    assert any("Sap Energy" in e.text for e in ev)
    for seat in (0, None):
        v = R.view(s, seat)
        assert [c.id for c in v.scheme_discard] == [SAP] and v.schemes is None
