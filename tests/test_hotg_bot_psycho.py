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


# ---------------------------------------------------------------- session 13: psycho_plan
# Rules (expansion rulebook, "Psycho Assault Mode"): End of the Round - each Psycho goes to
# the location of the Ranger holding its card; Deployment - two or more Psychos in one
# location panic it, and a Psycho's deployment goes to its Ranger's location. Base rules /
# Ruling 12: a panicked location left with no enemy figure is no longer panicked. Ruling
# PA4: a Psycho whose Ranger is at the Command Center stays where it is.


def _planner() -> HotgHeuristicBot:
    bot = HotgHeuristicBot()
    bot.psycho_plan = True
    return bot


def test_the_psycho_plan_switch_is_off_by_default():
    assert HotgHeuristicBot.psycho_plan is False
    assert HotgHeuristicBot.psycho_boss_eve == 0.0
    v = R.view(_two_psychos(), 0)
    assert not HotgHeuristicBot()._pa_on(v)
    assert _planner()._pa_on(v)
    assert not _planner()._pa_on(upd(v, mode="standard"))


def test_pa_move_two_psychos_meeting_panic_the_location_and_cost_its_value():
    """Both Psychos follow their Rangers (Jason and Zack) to the third location: two there
    panic it (Deployment, "two or more Psycho Rangers"); the model says so and prices it."""
    s = _two_psychos()
    v = R.view(s, 0)
    c = s.locations[2].id
    bot = _planner()
    board, count, delta, lost = bot._pa_move(v, {"jason": c, "zack": c})
    assert count == [0, 0, 2, 0]
    assert board[2][1] is True and not lost
    assert delta < -5.0  # an unpanicked location lost (UNPANICKED = 8)
    # Zack at the Command Center: his Psycho stays (Ruling PA4), no pair, no panic
    board2, count2, delta2, _ = bot._pa_move(v, {"jason": c, "zack": "hq"})
    assert count2 == [0, 1, 1, 0]
    assert board2[2][1] is False
    assert delta2 > delta


def test_pa_move_a_location_a_psycho_leaves_empty_calms_down():
    """Psycho Red stands alone on a panicked location with no foot soldier; when it walks to
    Jason, the location holds no enemy figure and is no longer panicked (Ruling 12)."""
    s = _two_psychos()
    s = upd(s, locations=(upd(s.locations[0], panicked=True), *s.locations[1:]))
    v = R.view(s, 0)
    d = s.locations[3].id
    board, count, delta, _ = _planner()._pa_move(v, {"jason": d, "zack": "hq"})
    assert count == [0, 1, 0, 1]
    assert board[0][1] is False and board[3][1] is False
    assert delta > 0.0


def test_pa_move_a_psycho_that_fills_a_location_panics_it_and_the_last_one_loses():
    """A Psycho counts toward the figure limit (Ruling PA3): one arriving where only one
    place is left fills it, and a full location panics; the fourth panicked loses."""
    s = _two_psychos()
    d = s.locations[3]
    limit = R.view(s, 0).locations[3].figure_limit
    s = upd(
        s,
        locations=(
            upd(s.locations[0], panicked=True, fs=(("putty_patrollers", 1),)),
            upd(s.locations[1], panicked=True),
            upd(s.locations[2], panicked=True),
            upd(d, fs=(("putty_patrollers", limit - 1),)),
        ),
    )
    v = R.view(s, 0)
    board, count, _, lost = _planner()._pa_move(v, {"jason": d.id, "zack": "hq"})
    assert count[3] == 1 and board[3][1] is True and lost


def test_the_planner_with_the_switch_keeps_the_pair_apart():
    """Jason and Zack (each hunted by one Psycho) stand together at the third location,
    with foot soldiers there; the plain planner keeps them there to battle (the two Psychos
    then meet and panic it); with the switch the plan ends with them apart."""
    s = _two_psychos()
    s = upd(s, players=tuple(upd(p, tokens=2) for p in s.players))
    v = R.view(s, 0)
    _, plain = HotgHeuristicBot()._team_plan(v)
    bot = _planner()
    ends = lambda plan: {  # noqa: E731
        r.id: (loc or p.location)
        for p, (loc, _) in zip(v.players, plan, strict=True)
        for r in p.rangers
    }
    assert bot._pa_move(v, ends(plain))[1].count(2) == 1  # the default lets them meet
    _, plan = bot._team_plan(v)
    assert plan is not None
    assert 2 not in bot._pa_move(v, ends(plan))[1]


def test_a_leftover_token_takes_a_ranger_to_the_command_center_to_keep_psychos_apart():
    """Jason and Zack at the third location with their battles done; Zack keeps one token:
    ending the round at the Command Center keeps Psycho Black where it is (Ruling PA4)."""
    s = _two_psychos()
    s = upd(
        s,
        locations=tuple(upd(lo, fs=()) for lo in s.locations),
        players=tuple(upd(p, tokens=1 if p.rangers == ("zack",) else 0) for p in s.players),
    )
    seat = next(i for i, p in enumerate(s.players) if p.rangers == ("zack",))
    s = upd(s, focus=seat)
    v, legal = R.view(s, seat), R.legal_actions(s, seat)
    assert legal
    got = _planner()._action_phase(v, legal, seat)
    assert isinstance(got, m.Move) and got.to == "hq"
    assert not isinstance(HotgHeuristicBot()._action_phase(v, legal, seat), m.Move)


def test_the_attach_pick_sends_the_deployment_where_it_harms_least():
    """Deployment: Psycho Pink (no Pink Ranger) may go to Billy or Trini, and lands with its
    foot soldiers at that Ranger's location. Trini stands at a clean location, Billy at one
    already panicked: with the switch Billy takes it; the default picks the most cards."""
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
    a, b, c = (lo.id for lo in s.locations[:3])
    s = upd(
        s,
        players=tuple(upd(p, deck=p.deck[:3]) if p.rangers == ("billy",) else p for p in s.players),
        locations=(
            s.locations[0],
            upd(s.locations[1], panicked=True, fs=(("putty_patrollers", 2),)),
            *s.locations[2:],
        ),
    )
    billy = next(i for i, p in enumerate(s.players) if p.rangers == ("billy",))
    trini = next(i for i, p in enumerate(s.players) if p.rangers == ("trini",))
    s = at(at(s, billy, b), trini, c)
    s = _deploy(s, FS(a), NEM("psycho_pink"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert s.decision is not None and s.decision.kind == "psycho_attach"
    seat = next(iter(R.to_act(s)))
    v, legal = R.view(s, seat), R.legal_actions(s, seat)
    assert HotgHeuristicBot()._decision(v, legal, seat).ranger == "trini"
    assert _planner()._decision(v, legal, seat).ranger == "billy"


def test_boss_eve_counts_locations_left_after_a_gathering():
    """Boss Deployment: the Psychos gather at an unpanicked location (it stays panicked);
    a location that held only Psychos is left empty and calms down (Ruling 12)."""
    s = _two_psychos()
    v = upd(R.view(s, 0), round=3)
    bot = _planner()
    clean = [(0.0, False)] * 4
    assert bot._pa_safe_after_gathering(v, clean, [1, 1, 0, 0]) == 3
    one = [(0.0, True), (2.0, True), (1.0, True), (0.0, False)]
    # the first holds only Psycho Red: it calms; the gathering takes the fourth
    assert bot._pa_safe_after_gathering(v, one, [1, 1, 0, 0]) == 1
    assert bot._pa_safe_after_gathering(v, one, [0, 1, 0, 0]) == 1  # empty, panicked
    assert bot._pa_safe_after_gathering(upd(v, round=2), one, [1, 1, 0, 0]) == 2


def test_the_psycho_battle_model_defeats_the_psycho_closest_to_defeat_first():
    """Defeating Psycho Rangers: two cards under a Psycho's deployment card defeat it. Psycho
    Red already has one; a group's battles there defeat it before Psycho Black (none), and
    a defeated Psycho does not walk at the round's end."""
    s = _two_psychos()
    red = s.nemeses[0]
    card = next(c for c in s.psycho_aside if "psycho" in c)
    s = upd(
        s,
        nemeses=(upd(red, under=(card,)), s.nemeses[1]),
        locations=(
            upd(s.locations[0], villains=("psycho_red", "psycho_black")),
            upd(s.locations[1], villains=()),
            *s.locations[2:],
        ),
    )
    v = R.view(s, 0)
    bot = _planner()
    bot.psycho_battle = True
    lo = v.locations[0]
    gain, _, n = bot._group_round(v, lo, (0, 1), 1, 10.0, v.hq_energy)
    assert n == 1 and bot._last_fallen == ("psycho_red",)
    assert gain > 0.0
    _, count, _, _ = bot._pa_move(v, {"jason": "hq", "zack": "hq"}, gone={"psycho_red"})
    assert count[0] == 1  # only Psycho Black is left there
    off = _planner()
    off._group_round(v, lo, (0, 1), 1, 10.0, v.hq_energy)
    assert off._last_fallen == ()  # the switch off: the monster model, nothing defeated


def test_two_psychos_defeated_in_one_modelled_battle_clear_the_foot_soldiers():
    """Defeating Psycho Rangers: if two or more are defeated in a single battle, the
    remaining foot soldiers leave the location."""
    s = _two_psychos()
    cards = [c for c in s.psycho_aside if "psycho" in c][:2]
    s = upd(
        s,
        nemeses=tuple(upd(n, under=(c,)) for n, c in zip(s.nemeses, cards, strict=True)),
        locations=(
            upd(
                s.locations[0],
                villains=("psycho_red", "psycho_black"),
                fs=(("putty_patrollers", 3),),
                panicked=True,
            ),
            upd(s.locations[1], villains=()),
            *s.locations[2:],
        ),
    )
    v = R.view(s, 0)
    bot = _planner()
    bot.psycho_battle = True
    bot._group_round(v, v.locations[0], (0, 1, 2, 3), 1, 20.0, v.hq_energy)
    assert set(bot._last_fallen) == {"psycho_red", "psycho_black"}
    assert bot._last_end == (0.0, False)  # no figure left: no longer panicked


def test_the_threat_switch_weighs_the_gathering_in_this_mode():
    """With the switch the planner's deployment threat (threat.py) runs in Psycho Assault
    Mode: the boss card (pile D) may come with deployment 15-20 and panics the first
    unpanicked location clockwise (Boss Deployment: the location becomes panicked)."""
    s = _two_psychos()
    v = upd(R.view(s, 0), round=3)
    off = HotgHeuristicBot()
    assert off._threat_args(v) is None
    on = HotgHeuristicBot()
    on.psycho_threat = True
    args = on._threat_args(v)
    assert args is not None and args[0] == ((16, 17, 18, 19, 20),)
    assert on._threat_args(upd(v, psycho_boss_deployed=True))[0] == ()
    # one unpanicked location left and the gathering due: a loss in every sample that
    # brings it this phase
    board = tuple((0.0, k != 3) for k in range(4))
    assert on._risk(v, board, args) > 0.5


def _gathered() -> m.State:
    """After the boss deployment: the five Psychos at the first location, panicked and full
    for the rest of the game (Boss Deployment); four of them defeated already, the last
    (Psycho Red) with one card under its deployment card."""
    ids = ("psycho_red", "psycho_black", "psycho_blue", "psycho_yellow", "psycho_pink")
    s = with_psychos(pa_calm(pa_game(names=("A", "B", "C", "D"))), *ids)
    card = next(c for c in s.psycho_aside if "psycho" in c)
    nem = tuple(
        upd(n, status="deployed" if n.id == "psycho_red" else "defeated", attached_to="jason")
        for n in s.nemeses
    )
    nem = (upd(nem[0], under=(card,)), *nem[1:])
    return upd(
        s,
        nemeses=nem,
        psycho_boss_deployed=True,
        locations=(
            upd(s.locations[0], villains=("psycho_red",), panicked=True, locked_full=True),
            *s.locations[1:],
        ),
    )


def test_the_siege_model_counts_the_last_card_at_the_gathering_as_the_win():
    """Boss Battle: the Rangers win once every Psycho is defeated; one more card under
    Psycho Red defeats the last. With the switch a group's battle there is worth the win;
    a lone Ranger with no cards left to take the damage is defeated there."""
    s = _gathered()
    v = R.view(s, 0)
    lo = v.locations[0]
    bot = HotgHeuristicBot()
    bot.psycho_siege = True
    gain, _, n = bot._group_round(v, lo, (0, 1, 2), 3, 20.0, v.hq_energy)
    assert n == 1 and gain >= 1000.0  # one battle, and it wins the game
    off = HotgHeuristicBot()
    assert off._group_round(v, lo, (0, 1, 2), 3, 20.0, v.hq_energy)[0] < 1000.0
    # two Psychos left with nothing under: a lone Ranger with 3 cards cannot win it and
    # runs out of cards there
    s2 = upd(
        s,
        nemeses=(upd(s.nemeses[0], under=()), upd(s.nemeses[1], status="deployed"), *s.nemeses[2:]),
        locations=(upd(s.locations[0], villains=("psycho_red", "psycho_black")), *s.locations[1:]),
    )
    v2 = R.view(s2, 0)
    g2, _, _ = bot._group_round(v2, v2.locations[0], (0,), 1, 3.0, v2.hq_energy)
    assert g2 < 0.0  # the defeat (a Command Center energy) outweighs the card it takes


def test_the_psycho_battle_model_counts_a_ranger_who_runs_out_of_cards():
    """Psycho Assault Mode, Battle: two Psychos bring four of their cards to the battle. A
    lone Ranger with three cards cannot take them: the model counts the defeat (a Command
    Center energy), and with no energy left it counts the loss."""
    s = _two_psychos()
    s = upd(
        s,
        locations=(
            upd(s.locations[0], villains=("psycho_red", "psycho_black")),
            upd(s.locations[1], villains=()),
            *s.locations[2:],
        ),
    )
    v = R.view(s, 0)
    bot = _planner()
    bot.psycho_battle = True
    gain, _, n = bot._group_round(v, v.locations[0], (0,), 1, 3.0, v.hq_energy)
    assert n == 1 and gain < 0.0
    broke = upd(v, hq_energy=0)
    assert bot._group_round(broke, broke.locations[0], (0,), 1, 3.0, 0)[0] <= -1000.0
