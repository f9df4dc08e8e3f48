"""The broad Action Phase planner (games/hotg/bot_broad.py, issue 15 session 13): each
Ranger's programs for the rest of the round (base rules §4.2: a token per MOVE, BATTLE or
RECOVER; a battle only where enemy figures are; power up on moving to the Command Center),
the order its plan is played in, and the two-phase model of the deployments (§4.1: figures
go where the next card's back says, overflow clockwise, a villain panics where it lands;
§3: all four panicked loses)."""

from __future__ import annotations

from tabletop_tui.games.hotg.bot import HotgHeuristicBot
from tabletop_tui.games.hotg.bot_broad import (
    end_location,
    first_action,
    plan_groups,
    play_phase,
    programs,
    respond,
    two_phase,
)
from tabletop_tui.games.hotg.models import (
    ALL_RANGERS,
    Config,
    Move,
    StartBattle,
)
from tabletop_tui.games.hotg.rules import HotgRules

OUTER = ("a", "b", "c", "d")
R = HotgRules()


def test_programs_battle_only_where_figures_are_and_use_every_token_at_most_once():
    progs = programs(2, "a", OUTER, ("a", "b"), power_up=True, recover=False)
    assert (("B", "a"), ("B", "a")) in progs  # stay and battle twice
    assert (("M", "b"), ("B", "b")) in progs  # move, then battle there
    assert (("M", "c"),) in progs  # c holds no enemy: a move there is only a move
    assert (("B", "a"), ("M", "c")) in progs  # battle, then get in place for next round
    assert (("B", "a"), ("P",)) in progs  # battle, then power up
    assert (("P",), ("M", "d")) in progs  # power up and come back out
    assert (("M", "c"), ("B", "c")) not in progs
    assert all(len(p) <= 2 for p in progs)
    assert len(set(progs)) == len(progs)


def test_programs_without_tokens_or_at_the_command_center():
    assert programs(0, "a", OUTER, OUTER, True, True) == [()]
    at_hq = programs(2, "hq", OUTER, ("a",), power_up=True, recover=False)
    assert (("P",),) not in at_hq  # staying at the Command Center is no power up
    assert not any(p and p[0] == ("B", "hq") for p in at_hq)
    assert (("M", "a"), ("B", "a")) in at_hq
    one = programs(1, "a", OUTER, ("a",), power_up=False, recover=True)
    assert (("B", "a"),) in one and (("R",),) in one
    assert not any(step == ("P",) for p in one for step in p)


def test_plan_groups_and_where_rangers_end():
    plan = ((("B", "a"), ("B", "a")), (("M", "a"), ("B", "a")), (("B", "b"), ("M", "c")), ())
    assert plan_groups(plan, (0, 1, 2, 3)) == {"a": ((0, 2), (1, 1)), "b": ((2, 1),)}
    assert end_location("b", plan[2]) == "c"
    assert end_location("b", (("B", "a"), ("P",))) == "hq"
    assert end_location("d", ()) == "d"


def test_first_action_gathers_the_group_before_it_battles_and_repositions_last():
    plan = ((("B", "a"), ("M", "c")), (("M", "a"), ("B", "a")), ())
    at = {0: "a", 1: "hq", 2: "b"}
    tokens = {0: 2, 1: 2, 2: 0}
    assert first_action(plan, (0, 1, 2), {"a": 1.0}, at, tokens) == (1, Move(to="a"))
    plan = ((("B", "a"), ("M", "c")), (("B", "a"),), ())
    at[1] = "a"
    # both may lead the battle at a: the one with more tokens left leads
    assert first_action(plan, (0, 1, 2), {"a": 1.0}, at, tokens) == (0, StartBattle())
    plan = ((("M", "c"),), (), ())
    assert first_action(plan, (0, 1, 2), {}, at, tokens) == (0, Move(to="c"))
    assert first_action(((), (), ()), (0, 1, 2), {}, at, tokens) is None


def _board():
    # limits 5 each; three locations panicked and full with a villain, the fourth empty
    figs, vill = [4, 4, 4, 0], [1, 1, 1, 0]
    return figs, vill, [True, True, True, False], [5, 5, 5, 5], [False] * 4


def test_play_phase_overflows_past_full_locations_and_loses_when_all_panic():
    figs, vill, panicked, limits, locked = _board()
    cards = ((3, 0), (2, 0), (9, 0))  # 3 then 2 figures, both aimed at full location 0
    lost, boss = play_phase(figs, vill, panicked, limits, locked, cards, 0, 1, [], -1, 0)
    assert not lost and figs[3] == 3 and not boss  # overflow clockwise into location 3
    lost, _ = play_phase(figs, vill, panicked, limits, locked, cards, 1, 1, [], -1, 1)
    assert lost and figs[3] == 5


def test_play_phase_a_villain_panics_the_next_unpanicked_location():
    figs, vill, panicked, limits, locked = (
        [0, 0, 0, 0],
        [0] * 4,
        [True, False] + [False] * 2,
        [5] * 4,
        [False] * 4,
    )
    cards = ((1, 2), (1, 0))  # deployment 1 aims at location 0 (panicked): Rita goes on
    lost, boss = play_phase(figs, vill, panicked, limits, locked, cards, 0, 1, [1], 1, 0)
    assert not lost and boss and vill == [0, 1, 0, 0] and panicked[1]


def test_respond_clears_where_the_rangers_stand_and_the_boss_draws_them_away():
    figs, vill, panicked, limits = [0.0, 0.0, 0.0, 3.0], [1, 1, 1, 0], [True] * 3 + [False], [5] * 4
    respond(figs, vill, panicked, limits, [(3, 8)], boss_down=False)
    assert figs[3] == 0.0  # two battles where it stands: 2 figures, then the last one
    figs = [0.0, 0.0, 0.0, 3.0]
    respond(figs, vill, panicked, limits, [(-1, 8)], boss_down=False)
    assert figs[3] == 1.0  # it had to move first: one battle
    figs = [0.0, 0.0, 0.0, 1.0]
    respond(figs, vill, panicked, limits, [(3, 8)], boss_down=True)
    assert figs[3] == 1.0  # the boss is down and the last location has room: no clearing


def test_two_phase_a_ranger_left_where_the_figures_come_saves_the_second_phase():
    board = ((4, 1, True, False), (4, 1, True, False), (4, 1, True, False), (0, 0, False, False))
    limits = (5, 5, 5, 4)
    # phase 1: 3 figures at location 3; phase 2: 3 more (n = 1 deployment a phase)
    samples = ((((3, 3), (3, 3), (1, 3)), (0.0, 0.0, 0.0)),)
    at_hq = two_phase(board, limits, ((-1, 8),), (), -1, False, 0, 1, samples)
    there = two_phase(board, limits, ((3, 8),), (), -1, False, 0, 1, samples)
    # from the Command Center one battle leaves 1 figure (room 3: one deployment from
    # panic), and 1 + 3 fills the limit of 4; standing there, two battles leave none
    assert at_hq == (0.0, 1.0, 1.0)
    assert there == (0.0, 0.0, 0.0)
    lost_now = two_phase(board, (5, 5, 5, 3), ((3, 8),), (), -1, False, 0, 1, samples)
    assert lost_now[0] == 1.0 and lost_now[1] == 0.0


def _first_action(style: str):
    rules = HotgRules()
    s = rules.new_game(Config(names=("P1", "P2", "P3", "P4"), rangers=ALL_RANGERS[:4]), 0)
    seat = next(iter(rules.to_act(s)))
    bot = HotgHeuristicBot()
    bot.planner_style = style
    return (
        bot,
        rules.view(s, seat),
        bot.choose(rules.view(s, seat), rules.legal_actions(s, seat), seat, None),
    )


def test_the_switch_puts_the_broad_plan_in_charge():
    bot, v, act = _first_action("broad")
    _, plan = bot._broad_plan(v)
    assert len(plan) == 4 and all(len(p) <= v.players[i].tokens for i, p in enumerate(plan))
    seat, want = first_action(
        plan,
        tuple(p.seat for p in v.players),
        {lo.id: bot._loc_score(v, lo) for lo in v.locations},
        {p.seat: p.location for p in v.players},
        {p.seat: p.tokens for p in v.players},
    )
    assert act == want if seat == 0 else act.seat == seat
    assert HotgHeuristicBot.planner_style == ""  # off by default


def _boss_round_state():
    """The first Action Phase decision with Rita on the board, from a heuristic game."""
    bot = HotgHeuristicBot()
    for seed in range(8):
        s = R.new_game(Config(names=("P1", "P2", "P3", "P4"), rangers=ALL_RANGERS[:4]), seed)
        while s.outcome is None:
            seat = next(iter(R.to_act(s)))
            v = R.view(s, seat)
            if v.phase == "action" and v.decision is None and bot._boss_location(v) is not None:
                return s
            s, _ = R.apply(s, seat, bot.choose(v, R.legal_actions(s, seat), seat, None))
    raise AssertionError("no game of seeds 0-7 reached Rita's round")


def test_broad_boss_hands_the_boss_round_to_the_broad_plan():
    s = _boss_round_state()
    bot = HotgHeuristicBot()
    bot.planner_style = "broad"
    bot.broad_boss = True
    followed = 0
    rnd = s.round
    while s.outcome is None and s.round == rnd and s.phase == "action":
        seat = next(iter(R.to_act(s)))
        v, legal = R.view(s, seat), R.legal_actions(s, seat)
        got = bot.choose(v, legal, seat, None)
        if v.decision is None and isinstance(got, (Move, StartBattle)):  # not a pre-step
            _, plan = bot._broad_plan(v)
            to, want = first_action(
                plan,
                tuple(p.seat for p in v.players),
                {lo.id: bot._loc_score(v, lo) for lo in v.locations},
                {p.seat: p.location for p in v.players},
                {p.seat: p.tokens for p in v.players},
            )
            assert (to, want) == (seat, got)
            followed += got != HotgHeuristicBot().choose(v, legal, seat, None)
        s, _ = R.apply(s, seat, got)
    assert followed  # somewhere in the round the broad plan and the boss mode differ
