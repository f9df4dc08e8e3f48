"""The ZOOBOTZ coach grades the seat's own Main Phase move against the hard bot's pick
(issue 38: where a bot scores its options, the coach may grade the last move, on request).

The measure is the hard bot's own: both moves played out by the normal bot on tables rebuilt
from the seat's View, scored a few turns on; a gap under the hard bot's margin is no gap.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.coach import advise, grade
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.zoobotz.bot_hard import MARGIN
from tabletop_tui.games.zoobotz.coach import reason
from tabletop_tui.games.zoobotz.models import Keep
from tabletop_tui.selfplay import bot_rng, game_config

GAME = "zoobotz"


def moments(seed: int, limit: int = 400):
    """(state, view, seat, legal, step, the easy bot's move) at each decision of a game
    between easy bots (a blunder now and then: moves worth grading)."""
    rules = get_rules(GAME)
    bots = [make_bot(GAME, "bot:easy"), make_bot(GAME, "bot:easy")]
    state = rules.new_game(game_config(rules, None, seats=2), seed)
    for step in range(limit):
        if not rules.to_act(state):
            return
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        view = rules.view(state, seat)
        action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
        yield state, view, seat, legal, step, action
        state, _ = rules.apply(state, seat, action)


def test_a_move_below_the_coach_s_pick_is_measured_against_it():
    rules = get_rules(GAME)
    graded = 0
    for _, view, seat, legal, step, action in moments(4, limit=120):
        said = grade(GAME, view, seat, action, legal, step)
        advice = advise(GAME, rules.describe, view, legal, seat, step)
        assert advice is not None
        if action == advice.action:
            assert said is None  # the coach's own pick gives up nothing
            continue
        if said is None:
            continue
        played = reason(view, seat, action, legal).headline
        pick = reason(view, seat, advice.action, legal).headline
        assert said.startswith(f"{played} gave up ")
        assert f" against {pick} (" in said  # the advice the coach gives, by name
        assert float(said.split(" gave up ")[1].split(" ")[0]) >= MARGIN
        graded += 1
    assert graded >= 3


def test_the_mulligan_and_questions_are_not_graded():
    rules = get_rules(GAME)
    state = rules.new_game(game_config(rules, None, seats=2), 4)
    seat = min(rules.to_act(state))
    view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
    assert view.phase == "mulligan"
    assert grade(GAME, view, seat, Keep(), legal, 0) is None
    asked = next(m for m in moments(4) if m[1].decision is not None)
    _, view, seat, legal, step, action = asked
    assert grade(GAME, view, seat, action, legal, step) is None


def test_the_same_grade_whatever_the_hidden_cards():
    """The grade reads the seat's View only: re-deal what the seat cannot see, same words."""
    rules = get_rules(GAME)
    checked = 0
    for state, view, seat, legal, step, action in moments(6, limit=150):
        said = grade(GAME, view, seat, action, legal, step)
        if said is None:
            continue
        for k in range(2):
            variant = rules.hidden_variant(state, seat, random.Random(k))
            assert rules.view(variant, seat) == view
            again = grade(GAME, rules.view(variant, seat), seat, action, legal, step)
            assert again == said
        checked += 1
        if checked >= 2:
            return
    assert checked, "no move below the coach's pick to grade"
