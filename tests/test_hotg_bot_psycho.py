"""The bot's Psycho Assault switches (bot_psycho.py; AUDIT.md session 11). They are off by
default (none won a game more in 40 seeds); these tests pin what each does when on, so a
later session can try them again.

Rules behind them: expansion rulebook, "Psycho Assault Mode" - End of the Round (each
Psycho goes to its Ranger's location), Deployment (two Psychos in one location panic it;
a card with no Ranger of its colour goes to a Ranger without one).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import HotgHeuristicBot
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_modes import FS, NEM, _deploy, at, pa_calm, pa_game, with_psychos  # noqa: E402

R = HotgRules()


def _two_psychos(names=("A", "B", "C", "D")) -> m.State:
    """Psycho Red (Jason's) at the first location, Psycho Black (Zack's) at the second;
    Jason and Zack both stand at the third, which holds foot soldiers."""
    s = with_psychos(pa_calm(pa_game(names=names)), "psycho_red", "psycho_black")
    c = s.locations[2].id
    s = upd(
        s,
        nemeses=(
            upd(s.nemeses[0], status="deployed", attached_to="jason"),
            upd(s.nemeses[1], status="deployed", attached_to="zack"),
        ),
        locations=(
            upd(s.locations[0], villains=("psycho_red",)),
            upd(s.locations[1], villains=("psycho_black",)),
            upd(s.locations[2], fs=(("putty_patrollers", 2),)),
            *s.locations[3:],
        ),
    )
    return at(at(s, 0, c), 1, c)


def test_psycho_cost_counts_a_location_two_psychos_would_panic():
    """End of the Round: both Psychos follow their Rangers to the third location, and two
    Psychos there panic it; Zack ending elsewhere keeps them apart."""
    s = _two_psychos()
    v = R.view(s, 0)
    bot = HotgHeuristicBot()
    bot.psycho_spread = 7.0
    c, d = s.locations[2].id, s.locations[3].id
    together = ((c, 0), (c, 0), (None, 0), (None, 0))
    apart = ((c, 0), (d, 1), (None, 0), (None, 0))
    assert bot._psycho_cost(v, together) == 7.0
    assert bot._psycho_cost(v, apart) == 0.0


def test_psycho_cost_adds_the_loss_when_it_panics_the_last_location():
    s = _two_psychos()
    c = s.locations[2].id
    s = upd(
        s,
        locations=tuple(
            upd(lo, panicked=True) if k != 2 else lo for k, lo in enumerate(s.locations)
        ),
    )
    bot = HotgHeuristicBot()
    bot.psycho_spread = 7.0
    together = ((c, 0), (c, 0), (None, 0), (None, 0))
    assert bot._psycho_cost(R.view(s, 0), together) == 1007.0


def test_psycho_cost_with_the_full_switch_counts_a_location_a_psycho_would_fill():
    """A Psycho counts toward the figure limit: one more at a location one short of its
    limit fills it (and a full location panics), unless a battle is planned there."""
    s = _two_psychos()
    d = s.locations[3].id
    limit = R.view(s, 0).locations[3].figure_limit
    s = upd(
        s,
        locations=(*s.locations[:3], upd(s.locations[3], fs=(("putty_patrollers", limit - 1),))),
    )
    v = R.view(s, 0)
    c = s.locations[2].id
    zack_away = ((c, 0), (d, 1), (None, 0), (None, 0))
    bot = HotgHeuristicBot()
    bot.psycho_spread = 7.0
    assert bot._psycho_cost(v, zack_away) == 0.0  # he battles there: not counted
    bot.psycho_full = True
    assert bot._psycho_cost(v, zack_away) == 0.0
    # Zack already at d with no battle planned there: his Psycho fills it
    jason_only = ((c, 0), (None, 0), (None, 0), (None, 0))
    s2 = at(s, 1, d)
    v2 = R.view(s2, 0)
    assert bot._psycho_cost(v2, jason_only) == 7.0
    bot.psycho_full = False
    assert bot._psycho_cost(v2, jason_only) == 0.0


def test_the_spread_switch_keeps_psycho_hunters_apart_and_is_off_by_default():
    """With the switch on, the planner's pick no longer ends with both hunted Rangers in
    one location; off, the planner is the standard one."""
    s = _two_psychos()
    s = upd(s, players=tuple(upd(p, tokens=2) for p in s.players))
    v = R.view(s, 0)
    off = HotgHeuristicBot()
    assert off.psycho_spread == 0.0
    on = HotgHeuristicBot()
    on.psycho_spread = 50.0
    _, plan = on._team_plan(v)
    assert plan is not None
    assert on._psycho_cost(v, plan) == 0.0
    _, plain = off._team_plan(v)
    assert on._psycho_cost(v, plain) > 0.0  # the default walks both Psychos together


def test_the_hunt_switch_values_battles_against_psychos_in_this_mode_only():
    s = _two_psychos()
    v = R.view(s, 0)
    lo = v.locations[0]  # Psycho Red alone
    plain = HotgHeuristicBot()
    hunt = HotgHeuristicBot()
    hunt.psycho_hunt_w = 3.0
    g0, _, n0 = plain._group_round(v, lo, (0, 1), 4, 10.0, v.hq_energy)
    g1, _, n1 = hunt._group_round(v, lo, (0, 1), 4, 10.0, v.hq_energy)
    assert n0 == n1 > 0 and g1 == g0 + 3.0 * n1
    std = upd(v, mode="standard")
    assert hunt._group_round(std, lo, (0, 1), 4, 10.0, v.hq_energy)[0] == g0


def test_the_attach_switch_prefers_a_ranger_whose_colour_is_not_coming():
    """Deployment: Psycho Pink has no Ranger of its colour; it may go to Billy or Trini.
    Psycho Yellow (Trini's colour) is still to come, Psycho Blue is not in this game, so
    with the switch on Billy takes Pink and Trini stays free for her own Psycho."""
    s = with_psychos(pa_calm(pa_game(names=("A", "B", "C", "D"))), "psycho_pink", "psycho_yellow")
    s = upd(
        s,
        nemeses=(
            s.nemeses[0],
            s.nemeses[1],
            m.Nemesis(id="psycho_red", attached_to="jason"),
            m.Nemesis(id="psycho_black", attached_to="zack"),
        ),
    )
    a = s.locations[0].id
    # Trini holds more cards, so the default (most cards left) would pick her
    s = upd(
        s,
        players=tuple(upd(p, deck=p.deck[:3]) if p.rangers == ("billy",) else p for p in s.players),
    )
    s = _deploy(s, FS(a), NEM("psycho_pink"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert s.decision is not None and s.decision.kind == "psycho_attach"
    seat = next(iter(R.to_act(s)))
    v, legal = R.view(s, seat), R.legal_actions(s, seat)
    assert {a.ranger for a in legal if a.kind == "psycho_attach"} == {"billy", "trini"}
    assert HotgHeuristicBot()._decision(v, legal, seat).ranger == "trini"
    on = HotgHeuristicBot()
    on.psycho_attach_spread = True
    assert on._decision(v, legal, seat).ranger == "billy"
