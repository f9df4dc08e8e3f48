"""The Army Of Zero heuristic bot: legal, view-only, and stronger than RandomBot."""

from __future__ import annotations

import inspect
import random
import typing

import pytest

from tabletop_tui.engine.bots import RandomBot, bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.army_of_zero import bot as bot_module
from tabletop_tui.games.army_of_zero.bot import (
    ArmyOfZeroBot,
    confrontation,
    line,
    round_odds,
    solve_matrix,
    strength,
)
from tabletop_tui.games.army_of_zero.models import ChooseCombat, PlaceCharacter, State, View
from tabletop_tui.selfplay import run_many

GAME = "army-of-zero"


@pytest.fixture(scope="module")
def rules():
    return get_rules(GAME)


def bot_game(rules, seed: int, kinds=("heuristic", "heuristic")):
    """Play one game, yielding (state, seat, view, legal, action) for every heuristic move."""
    bots = [make_bot(GAME, k) for k in kinds]
    state = rules.new_game(rules.default_config(), seed)
    step = 0
    while rules.to_act(state):
        for seat in sorted(rules.to_act(state)):
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
            if isinstance(bots[seat], ArmyOfZeroBot):
                yield state, seat, view, legal, action
            state, _ = rules.apply(state, seat, action)
            step += 1


def test_registry_makes_the_heuristic_bot():
    bot = make_bot(GAME, "heuristic")
    assert isinstance(bot, ArmyOfZeroBot)
    assert bot.name == "heuristic"


def test_only_legal_actions_in_every_phase(rules):
    phases = set()
    for seed in range(6):
        for _, _, view, legal, action in bot_game(rules, seed, ("heuristic", "random")):
            assert action in legal
            phases.add((view.phase, view.phase_number > 1))
    # squad ordering in the first and in a later phase, and battles
    assert {("order", False), ("order", True), ("battle", False)} <= phases


def test_bot_sees_a_view_and_nothing_else():
    params = inspect.signature(ArmyOfZeroBot.choose).parameters
    assert list(params) == ["self", "view", "legal", "seat", "rng"]
    hints = typing.get_type_hints(ArmyOfZeroBot.choose)
    assert hints["view"] is View
    assert hints["rng"] is random.Random
    # the module never touches the game State
    assert all(value is not State for value in vars(bot_module).values())


def test_same_view_same_choice_whatever_is_hidden(rules):
    """A state with the other seat's hidden cards and choice re-dealt gives the same move."""
    checked = 0
    shuffler = random.Random(7)
    for state, seat, view, legal, _action in bot_game(rules, 3):
        variant = rules.hidden_variant(state, seat, shuffler)
        assert rules.view(variant, seat) == view
        again = ArmyOfZeroBot().choose(
            rules.view(variant, seat), rules.legal_actions(variant, seat), seat, random.Random(1)
        )
        first = ArmyOfZeroBot().choose(view, legal, seat, random.Random(1))
        assert again == first
        checked += 1
    assert checked > 20


def test_orders_strongest_first(rules):
    state = rules.new_game(rules.default_config(), 11)
    view = rules.view(state, 0)
    action = ArmyOfZeroBot().choose(view, rules.legal_actions(state, 0), 0, random.Random(0))
    assert isinstance(action, PlaceCharacter)
    best = max(view.seats[0].unplaced, key=lambda c: strength(line(c)))
    assert action.card == best.id


def test_forced_defend_after_two_attacks():
    mine, theirs = (2, 0, 0, -2), (-2, 0, 2, 0)
    table = confrontation(mine, theirs)
    assert all(table[0, y][1] == 0.0 for y in (0, 1, 2))
    assert all(0.0 <= p <= 1.0 for _, p in table.values())


def test_round_odds_follow_the_rulebook():
    # Equal fighters: a draw favours the attacker, so a landed blow kills 21/36 of the time.
    odds = round_odds((0, 0, 0, 0), (0, 0, 0, 0))
    assert odds["attack", "defend"] == pytest.approx(((21 / 36) ** 2, 0.0, 0.0))
    assert odds["defend", "defend"] == (0.0, 0.0, 0.0)
    win, lose, both = odds["attack", "attack"]
    assert win == pytest.approx(lose)
    assert both == pytest.approx(6 / 36 * (21 / 36) ** 2)


def test_solve_matrix():
    assert solve_matrix([[1.0, -1.0], [-1.0, 1.0]]) == pytest.approx((0.0, 0.5))
    assert solve_matrix([[2.0, 1.0], [0.0, 0.0]]) == (1.0, 1.0)  # a saddle point
    assert solve_matrix([[0.5, 0.2]]) == (0.2, 1.0)
    assert solve_matrix([[0.3], [0.4]]) == (0.4, 0.0)


def test_combat_choice_is_sampled_from_the_mix(rules):
    state = next(s for s, *_ in bot_game(rules, 5) if s.phase == "battle")
    view = rules.view(state, 0)
    legal = rules.legal_actions(state, 0)
    picks = {ArmyOfZeroBot().choose(view, legal, 0, random.Random(i)) for i in range(200)}
    assert picks <= set(legal)
    assert picks <= {ChooseCombat(card="attack"), ChooseCombat(card="defend")}


def test_beats_random_bot_more_often_than_not():
    """60 seeded games, the heuristic bot in seat 0 for half and seat 1 for the rest."""
    wins = 0
    for seat, start in ((0, 500), (1, 530)):
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        wins += sum(seat in r.winners for r in run_many(GAME, 30, start, kinds))
    assert wins > 30, f"heuristic won only {wins} of 60 against RandomBot"


def test_random_bot_is_the_fallback():
    assert isinstance(make_bot(GAME, "random"), RandomBot)
