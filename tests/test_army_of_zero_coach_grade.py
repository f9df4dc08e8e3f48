"""The Army Of Zero coach grades the seat's own move against the hard bot's (issue 38: where
a bot scores its options, the coach may grade the last move, on request only).

A placement is measured in the hard bot's numbers (its sampled piles: expected fights won
less lost this phase), a combat card by its worth in this confrontation against the foe's
equilibrium mix (+1 only their fighter falls, -1 only mine).
"""

from __future__ import annotations

from tabletop_tui.engine.coach import advise, grade
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.army_of_zero.bot import confrontation, line
from tabletop_tui.games.army_of_zero.coach import card_worths
from tabletop_tui.games.army_of_zero.models import ChooseCombat, PlaceCharacter
from tabletop_tui.selfplay import bot_rng

GAME = "army-of-zero"


def moments(seed: int):
    """(view, seat, legal, step) at every decision of a game between random bots."""
    rules = get_rules(GAME)
    bots = [make_bot(GAME, "random"), make_bot(GAME, "random")]
    state = rules.new_game(rules.default_config(), seed)
    step = 0
    while rules.to_act(state):
        for seat in sorted(rules.to_act(state)):
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            yield view, seat, legal, step
            action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
            state, _ = rules.apply(state, seat, action)
            step += 1


def test_a_placement_below_the_best_is_measured_against_the_coach_s_pick():
    rules = get_rules(GAME)
    state = rules.new_game(rules.default_config(), 4)
    view, legal = rules.view(state, 0), rules.legal_actions(state, 0)
    advice = advise(GAME, rules.describe, view, legal, 0, step=0)
    assert advice is not None and isinstance(advice.action, PlaceCharacter)
    # the coach's own pick, graded with the same dice, gives up nothing
    assert grade(GAME, view, 0, advice.action, legal, 0) is None
    names = {c.id: c.name for c in view.seats[0].unplaced}
    graded = {
        a.card: grade(GAME, view, 0, a, legal, 0) for a in legal if isinstance(a, PlaceCharacter)
    }
    worse = {card: said for card, said in graded.items() if said is not None}
    assert worse, "every placement as good as the coach's"
    pick = names[advice.action.card]
    for card, said in worse.items():
        assert said.startswith(f"Placing {names[card]} next gave up ")
        assert f"against {pick}" in said  # the pick, by name, from the seat's own hand
        gap = float(said.split("gave up ")[1].split(" ")[0])
        assert gap >= 0.05


def test_a_combat_card_is_measured_against_the_better_card():
    checked = 0
    for view, seat, legal, step in moments(4):
        worth = card_worths(view, seat)
        if len(worth) < 2 or abs(worth["attack"] - worth["defend"]) < 0.05:
            continue
        best = max(worth, key=lambda c: worth[c])
        other = "defend" if best == "attack" else "attack"
        said = grade(GAME, view, seat, ChooseCombat(card=other), legal, step)
        gap = worth[best] - worth[other]
        assert said is not None
        assert said.startswith(f"The {other.title()} Card gave up {gap:.2f} against the ")
        assert view.seats[1 - seat].fighter.name in said  # both fighters are face up
        assert grade(GAME, view, seat, ChooseCombat(card=best), legal, step) is None
        checked += 1
    assert checked >= 3


def test_cards_of_one_equilibrium_mix_are_worth_the_same():
    """With as many characters left on each side a double kill is worth 0 to both and the
    fight is zero-sum: where the equilibrium mixes, either card is worth the state's value,
    and neither is graded."""
    checked = 0
    for view, seat, legal, step in moments(4):
        me, foe = view.seats[seat], view.seats[1 - seat]
        if me.fighter is None or foe.fighter is None or me.alive != foe.alive:
            continue
        hands = (min(me.attacks_in_hand, 2), min(foe.attacks_in_hand, 2))
        value, p_attack = confrontation(line(me.fighter), line(foe.fighter))[hands]
        if not 0.0 < p_attack < 1.0:
            continue
        worth = card_worths(view, seat)
        assert abs(worth["attack"] - value) < 1e-6 and abs(worth["defend"] - value) < 1e-6
        for card in ("attack", "defend"):
            assert grade(GAME, view, seat, ChooseCombat(card=card), legal, step) is None
        checked += 1
    assert checked >= 2


def test_the_grade_s_dice_are_the_coach_s():
    """The same moment graded twice reads the same (coach_rng: move number and seat)."""
    rules = get_rules(GAME)
    state = rules.new_game(rules.default_config(), 9)
    view, legal = rules.view(state, 1), rules.legal_actions(state, 1)
    places = [a for a in legal if isinstance(a, PlaceCharacter)]
    said = [grade(GAME, view, 1, a, legal, 3) for a in places]
    assert any(said) and said == [grade(GAME, view, 1, a, legal, 3) for a in places]
