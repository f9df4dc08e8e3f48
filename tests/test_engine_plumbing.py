"""The Rules plumbing and models the games share (engine/core.py, common.py, shared_models.py):
each piece is written once, so each is held here once, at its edges."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from tabletop_tui.engine import Event, Outcome, Rejection, Rules
from tabletop_tui.engine.common import Closed, game_over, redeal, refused, with_seat
from tabletop_tui.engine.shared_models import CustomDeck, Option
from tabletop_tui.games import get_rules
from tabletop_tui.games.army_of_zero.models import Action as AozAction
from tabletop_tui.games.army_of_zero.models import Config, State, View
from tabletop_tui.games.army_of_zero.rules import ArmyOfZeroRules
from tabletop_tui.games.pr_ccg_2008 import models as pr
from tabletop_tui.games.zeo_dbg import models as zeo
from tabletop_tui.games.zoobotz import models as zoo


class _Table:
    """A state as Closed reads it: its outcome and its seats."""

    def __init__(self, seats: int, outcome: Outcome | None = None) -> None:
        self.seats = (None,) * seats
        self.outcome = outcome


_closed = Closed(over="End", seats="Seats", no_seat="No seat {number}")


def test_closed_lets_every_seat_of_a_running_game_through():
    assert [_closed(_Table(3), seat) for seat in range(3)] == [None, None, None]


def test_closed_names_the_first_seat_past_the_table_as_players_count():
    assert _closed(_Table(3), 3) == Rejection(rule="Seats", reason="No seat 4")
    assert _closed(_Table(3), -1) == Rejection(rule="Seats", reason="No seat 0")


def test_closed_refuses_every_move_once_there_is_an_outcome():
    table = _Table(2, Outcome(winners=(0,)))
    assert _closed(table, 0) == Rejection(rule="End", reason="The game is over")
    # a draw is an outcome too
    assert _closed(_Table(2, Outcome()), 1) == Rejection(rule="End", reason="The game is over")


def test_redeal_keeps_every_card_and_every_pile_size():
    hand, deck, invested = ("a", "b"), ("c", "d", "e"), ("f",)
    got = redeal(random.Random(5), hand, deck, invested)
    assert [len(p) for p in got] == [2, 3, 1]
    assert sorted(c for p in got for c in p) == list("abcdef")


def test_redeal_deals_as_one_shuffle_of_the_piles_in_order():
    """The games' hidden variants shuffled hand + deck (+ invested) as one list and cut it:
    the helper must draw the same numbers from the same RNG, or the bots' samples move."""
    hand, deck = ("a", "b", "c"), ("d", "e", "f", "g")
    pool = list(hand + deck)
    random.Random(11).shuffle(pool)
    assert redeal(random.Random(11), hand, deck) == (tuple(pool[:3]), tuple(pool[3:]))


def test_redeal_of_empty_piles_is_empty_piles():
    assert redeal(random.Random(0), (), ()) == ((), ())


def test_a_rules_class_takes_its_four_types_from_its_parameters():
    assert ArmyOfZeroRules.config_type is Config
    assert ArmyOfZeroRules.state_type is State
    assert ArmyOfZeroRules.view_type is View
    assert ArmyOfZeroRules.action_type is AozAction


def test_a_type_the_class_sets_itself_wins_over_its_parameter():
    class Own(ArmyOfZeroRules):
        view_type = State  # nonsense, only to tell the two apart

    assert Own.view_type is State
    assert Own.config_type is Config  # inherited from the parameters of its base


def test_unparameterised_rules_get_no_types():
    class Bare(Rules):  # type: ignore[type-arg]
        pass

    assert not hasattr(Bare, "config_type")


@pytest.mark.parametrize("game", ["army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg"])
def test_outcome_is_the_states_own(game):
    rules = get_rules(game)
    state = rules.new_game(rules.default_config(), 3)
    assert rules.outcome(state) is None
    over = state.model_copy(update={"outcome": Outcome(winners=(0,), summary="won")})
    assert rules.outcome(over) is over.outcome


@pytest.mark.parametrize(
    ("game", "rule", "reason"),
    [
        ("army-of-zero", "The Rules", "There is no seat 3: Army Of Zero is for two players"),
        ("pr-ccg-2008", "Turn Flow", "There is no seat 3: this game is for two players"),
        ("zoobotz", "GAME_OVERVIEW", "There is no seat 3 in this game"),
    ],
)
def test_each_game_refuses_the_seat_past_its_table_in_its_own_words(game, rule, reason):
    rules = get_rules(game)
    state = rules.new_game(rules.default_config(), 1)
    action = next(a for s in sorted(rules.to_act(state)) for a in rules.legal_actions(state, s))
    assert rules.check(state, 2, action) == Rejection(rule=rule, reason=reason)


def test_both_deck_builders_carry_one_deck_list_model():
    assert pr.CustomDeck is CustomDeck and zoo.CustomDeck is CustomDeck
    assert CustomDeck(name="x" * 60, cards=()).name == "x" * 60  # the longest name
    for name in ("", "x" * 61):
        with pytest.raises(ValidationError):
            CustomDeck(name=name, cards=())


def test_zeo_and_zoobotz_decisions_offer_one_option_model():
    assert zeo.Option is Option and zoo.Option is Option
    assert zoo.Decision.model_fields["options"].annotation == tuple[Option, ...]


def test_with_seat_replaces_one_seat_and_shares_the_others():
    rules = get_rules("pr-ccg-2008")
    state = rules.new_game(rules.default_config(), 2)
    new = state.seats[1].model_copy(update={"hand": ()})
    after = with_seat(state, 1, new)
    assert after.seats[1] is new
    assert after.seats[0] is state.seats[0]
    assert state.seats[1].hand != ()  # the state it was given is unchanged
    assert after.model_copy(update={"seats": state.seats}) == state


def test_refused_is_the_rejection_validation_would_build():
    made = refused("COST", "That card is not in your hand")
    checked = Rejection(rule="COST", reason="That card is not in your hand")
    assert made == checked
    assert made.model_dump_json() == checked.model_dump_json()
    assert made.model_fields_set == checked.model_fields_set


def test_game_over_sets_the_phase_the_outcome_and_says_so_once():
    rules = get_rules("army-of-zero")
    state = rules.new_game(rules.default_config(), 4)
    won = Outcome(winners=(1,), summary="Bob wins.")
    after, said = game_over(state, won, phase_number=9)
    assert (after.phase, after.outcome, after.phase_number) == ("over", won, 9)
    assert rules.to_act(after) == frozenset()
    assert said == Event(text="Bob wins.", kind="over", barrier=True)
    assert state.outcome is None  # the state it was given is unchanged
