"""Army Of Zero, scenario by scenario from the rulebook (Point Zero Games; our summary is
tabletop_tui/reference/army-of-zero.md).

Each test's docstring names the rulebook section it checks. Dice are fixed by
giving the state an `Rng` found by `dice()` to roll exactly the wanted faces, and
every test also asserts on the rolls recorded in `state.last.tests`, so a wrong
helper cannot make a test pass.
"""

from __future__ import annotations

from functools import cache

import pytest

from tabletop_tui.engine import IllegalAction, Rng
from tabletop_tui.games.army_of_zero.cards import all_stat_lines, shipped_characters
from tabletop_tui.games.army_of_zero.models import (
    ChooseCombat,
    Config,
    PlaceCharacter,
    PlaceRest,
    SeatState,
    State,
)
from tabletop_tui.games.army_of_zero.rules import ArmyOfZeroRules

RULES = ArmyOfZeroRules()
DECK = shipped_characters()
BY_ID = {c.id: c for c in DECK}
BY_NAME = {c.name: c for c in DECK}
ATTACK = ChooseCombat(card="attack")
DEFEND = ChooseCombat(card="defend")


# -- helpers -----------------------------------------------------------------------
def line(c) -> tuple[int, int, int, int]:
    return (c.speed, c.combat, c.weapon, c.armour)


def char(speed: int, combat: int, weapon: int, armour: int) -> str:
    """The id of the character with this SPEED/COMBAT/WEAPON/ARMOUR line (lines are unique)."""
    (found,) = [c.id for c in DECK if line(c) == (speed, combat, weapon, armour)]
    return found


def filler(n: int, *, avoid: tuple[str, ...] = ()) -> tuple[str, ...]:
    """n character ids not in `avoid`, for squads, survivors and the defeated."""
    return tuple(c.id for c in DECK if c.id not in avoid)[:n]


@cache
def dice(*faces: int) -> Rng:
    """An Rng whose next d6 rolls are exactly `faces`."""
    for seed in range(200 * 6 ** len(faces)):
        rng = Rng(seed=seed)
        for face in faces:
            die, rng = rng.d6()
            if die != face:
                break
        else:
            return Rng(seed=seed)
    raise AssertionError(f"no Rng seed rolls {faces}: is Rng.d6 broken?")


def battle(
    fighters: tuple[str, str],
    *,
    squads: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    survivors: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    defeated: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    rng: Rng | None = None,
) -> State:
    """A confrontation in progress: both squads laid down, the two fighters face up."""
    seats = tuple(
        SeatState(
            fighter=fighters[i],
            squad=squads[i],
            survivors=survivors[i],
            defeated=defeated[i],
            laid_down=True,
        )
        for i in range(2)
    )
    return State(
        config=Config(), rng=rng or Rng(seed=0), phase="battle", confrontation=1, seats=seats
    )


def with_dice(state: State, *faces: int) -> State:
    return state.model_copy(update={"rng": dice(*faces)})


def exchange(state: State, card0: str, card1: str, *faces: int) -> State:
    """Both players put down a Combat Card (seat 0 first); the dice then roll `faces`."""
    if faces:
        state = with_dice(state, *faces)
    state, _ = RULES.apply(state, 0, ChooseCombat(card=card0))
    state, _ = RULES.apply(state, 1, ChooseCombat(card=card1))
    return state


def rolls(state: State) -> list[tuple[str, int, int, int, int]]:
    """(ability, seat, die, modifier, total) of every roll in the last exchange."""
    return [
        (r.ability, r.seat, r.die, r.modifier, r.total) for t in state.last.tests for r in t.rolls
    ]


def test_dice_helper_rolls_the_faces_asked_for():
    rng = dice(6, 1, 2, 3)
    got = []
    for _ in range(4):
        die, rng = rng.d6()
        got.append(die)
    assert got == [6, 1, 2, 3]


# -- Setting Up ----------------------------------------------------------------------
def test_setting_up_84_characters_with_every_zero_sum_stat_line():
    """Setting Up / Abilities: 84 Character Cards, four abilities rated -2..+2.

    The real deck has every SPEED/COMBAT/WEAPON/ARMOUR line summing to 0 once, except 0/0/0/0.
    """
    assert len(DECK) == 84
    assert len({c.id for c in DECK}) == 84
    assert len({c.name for c in DECK}) == 84
    lines = [line(c) for c in DECK]
    for c in DECK:
        assert all(-2 <= v <= 2 for v in line(c)), c
        assert sum(line(c)) == 0, c
    assert len(set(lines)) == 84, "two characters share a stat line"
    assert (0, 0, 0, 0) not in lines
    independent = {
        (s, c, w, a)
        for s in range(-2, 3)
        for c in range(-2, 3)
        for w in range(-2, 3)
        for a in range(-2, 3)
        if s + c + w + a == 0 and (s, c, w, a) != (0, 0, 0, 0)
    }
    assert len(independent) == 84
    assert set(lines) == independent == all_stat_lines()


def test_setting_up_rulebook_characters_ceznor_and_burnley():
    """Abilities (the rulebook example): Thegn Ceznor's WEAPON is 2, Guardian Burnley's ARMOUR -1."""
    assert BY_NAME["Thegn Ceznor"].weapon == 2
    assert BY_NAME["Guardian Burnley"].armour == -1


@pytest.mark.parametrize("seed", [0, 1, 99, 2024])
def test_setting_up_deal_ten_each_the_rest_unused(seed):
    """Setting Up: shuffle, deal 10 face down to each player, the rest are not used.

    Each player holds two Attack Cards and one Defend Card."""
    state = RULES.new_game(Config(), seed)
    hands = [s.unplaced for s in state.seats]
    assert [len(h) for h in hands] == [10, 10]
    assert len(set(hands[0]) | set(hands[1])) == 20
    assert set(hands[0]) | set(hands[1]) <= set(BY_ID)
    in_play = {
        c
        for s in state.seats
        for c in (*s.unplaced, *s.squad, *s.survivors, *s.defeated, s.fighter)
        if c
    }
    assert len(set(BY_ID) - in_play) == 64
    for s in state.seats:
        assert s.squad == () and not s.laid_down and s.fighter is None
        assert s.attacks_in_hand == 2 and s.defend_in_hand and s.table == ()
    assert state.phase == "order"
    assert RULES.to_act(state) == {0, 1}
    assert RULES.outcome(state) is None


def test_boundary_introduction_exactly_two_players():
    """Introduction: a combat game for two players, no fewer and no more."""
    assert RULES.min_seats == 2 and RULES.max_seats == 2


def test_setting_up_the_deck_is_shuffled():
    """Setting Up: "shuffle them well": different seeds deal different squads."""
    deals = {RULES.new_game(Config(), seed).seats[0].unplaced for seed in range(20)}
    assert len(deals) == 20
    first_ten = tuple(c.id for c in DECK[:10])
    assert first_ten not in deals


def test_setting_up_arrange_in_any_order_top_card_first():
    """Setting Up: arrange your 10 in whatever order you want, then the Squad Pile.

    Playing The Game: the top card of each pile is the one flipped to fight first."""
    state = RULES.new_game(Config(), 5)
    wanted = tuple(reversed(state.seats[0].unplaced))
    for card in wanted[:9]:
        assert state.seats[0].laid_down is False
        state, events = RULES.apply(state, 0, PlaceCharacter(card=card))
    # the last card has only one place to go: the pile is down
    assert state.seats[0].squad == wanted
    assert state.seats[0].laid_down and state.seats[0].unplaced == ()
    assert any(e.barrier for e in events)
    assert RULES.to_act(state) == {1}
    state, _ = RULES.apply(state, 1, PlaceRest())
    assert state.phase == "battle"
    assert state.seats[0].fighter == wanted[0]
    assert state.seats[0].squad == wanted[1:]
    assert state.confrontation == 1


def test_setting_up_place_rest_keeps_the_order_shown():
    """Setting Up: lay the squad down in the order arranged so far plus the rest as shown."""
    state = RULES.new_game(Config(), 8)
    dealt = state.seats[1].unplaced
    state, _ = RULES.apply(state, 1, PlaceCharacter(card=dealt[4]))
    state, _ = RULES.apply(state, 1, PlaceRest())
    assert state.seats[1].squad == (dealt[4], *dealt[:4], *dealt[5:])
    assert state.seats[1].laid_down


def test_setting_up_only_your_own_characters_can_be_placed():
    """Setting Up: only the ten cards dealt to you form your squad (not the opponent's, not unused)."""
    state = RULES.new_game(Config(), 3)
    theirs = state.seats[1].unplaced[0]
    unused = next(c for c in BY_ID if c not in state.seats[0].unplaced + state.seats[1].unplaced)
    for card in (theirs, unused):
        rejection = RULES.check(state, 0, PlaceCharacter(card=card))
        assert rejection is not None and rejection.rule == "Setting Up"


def test_setting_up_order_cannot_change_once_laid_down():
    """Setting Up: a pile that is face down on the table keeps its order."""
    state = RULES.new_game(Config(), 11)
    state, _ = RULES.apply(state, 0, PlaceRest())
    pile = state.seats[0].squad
    assert RULES.legal_actions(state, 0) == []
    for action in (PlaceRest(), PlaceCharacter(card=pile[3])):
        rejection = RULES.check(state, 0, action)
        assert rejection is not None and rejection.rule == "Setting Up"
        with pytest.raises(IllegalAction):
            RULES.apply(state, 0, action)
    state, _ = RULES.apply(state, 1, PlaceRest())
    assert state.phase == "battle"
    rejection = RULES.check(state, 0, PlaceCharacter(card=pile[3]))
    assert rejection is not None and rejection.rule == "Setting Up"
    assert "order" in rejection.reason


def test_setting_up_the_order_is_secret():
    """Setting Up: cards are dealt face down and the Squad Pile's order is known only to its owner."""
    state = RULES.new_game(Config(), 4)
    hand = state.seats[0].unplaced
    state, events = RULES.apply(state, 0, PlaceCharacter(card=hand[2]))
    names = [BY_ID[c].name for c in hand]
    for e in events:  # the shared log does not say which card went down
        assert not any(n in e.text for n in names) and hand[2] not in str(e.data)
    mine, theirs, table = RULES.view(state, 0), RULES.view(state, 1), RULES.view(state, None)
    assert [c.id for c in mine.seats[0].squad] == [hand[2]]
    assert {c.id for c in mine.seats[0].unplaced} == set(hand) - {hand[2]}
    for view in (theirs, table):
        assert view.seats[0].squad == () and view.seats[0].unplaced == ()
        assert view.seats[0].squad_count == 1 and view.seats[0].unplaced_count == 9
    state, _ = RULES.apply(state, 0, PlaceRest())
    state, _ = RULES.apply(state, 1, PlaceRest())
    # in battle: the fighter is face up for both, the rest of the pile only for its owner
    theirs = RULES.view(state, 1)
    assert theirs.seats[0].fighter.id == hand[2]
    assert theirs.seats[0].squad == () and theirs.seats[0].squad_count == 9
    assert len(RULES.view(state, 0).seats[0].squad) == 9


# -- Step 1 ------------------------------------------------------------------------------
def test_step1_both_choose_attack_or_defend_secretly():
    """Step 1: each selects a Combat Card and puts it face down; turned up together."""
    a, b = char(0, 0, 2, -2), char(0, 0, -2, 2)
    state = battle((a, b))
    assert RULES.to_act(state) == {0, 1}
    for seat in (0, 1):
        assert RULES.legal_actions(state, seat) == [ATTACK, DEFEND]
    state, events = RULES.apply(state, 0, ATTACK)
    assert RULES.to_act(state) == {1}
    assert all("attack" not in e.text.lower() for e in events)
    theirs = RULES.view(state, 1)
    assert theirs.seats[0].has_chosen and theirs.seats[0].choice is None
    assert theirs.seats[0].table == () and theirs.seats[0].attacks_in_hand == 2
    assert RULES.view(state, 0).seats[0].choice == "attack"
    rejection = RULES.check(state, 0, DEFEND)
    assert rejection is not None and rejection.rule == "Step 1"
    state = exchange_second(state, "defend", 6, 1)
    assert state.last.cards == ("attack", "defend")


def exchange_second(state: State, card1: str, *faces: int) -> State:
    state = with_dice(state, *faces)
    state, _ = RULES.apply(state, 1, ChooseCombat(card=card1))
    return state


def test_step1_no_more_than_two_attacks_in_a_row():
    """Step 1 / Step 7: after attacking twice in a row a character must defend; the attack
    cards stay on the table until a Defend Card is played."""
    weak, strong = char(2, -2, 2, -2), char(-2, 2, -2, 2)
    state = battle((weak, strong))
    # seat 0 attacks, seat 1 defends and fends it off (COMBAT 1-2 vs 1+2): step 7
    state = exchange(state, "attack", "defend", 1, 1)
    assert state.last.steps == (1, 3, 7)
    assert state.seats[0].table == ("attack",) and state.seats[0].attacks_in_hand == 1
    assert state.seats[1].table == () and state.seats[1].defend_in_hand
    assert RULES.legal_actions(state, 0) == [ATTACK, DEFEND]
    state = exchange(state, "attack", "defend", 1, 1)
    assert state.last.steps == (1, 3, 7)
    assert state.seats[0].table == ("attack", "attack")
    assert state.seats[0].attacks_in_hand == 0
    # third attack in a row: refused, naming the rule
    assert RULES.legal_actions(state, 0) == [DEFEND]
    rejection = RULES.check(state, 0, ATTACK)
    assert rejection is not None and rejection.rule == "Step 1"
    assert "twice in a row" in rejection.reason
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, 0, ATTACK)
    assert info.value.rejection == rejection
    # the other seat (who defended) may attack
    assert RULES.legal_actions(state, 1) == [ATTACK, DEFEND]


def test_step7_defend_picks_all_combat_cards_back_up():
    """Step 7: a player who just played a Defend Card picks up all their Combat Cards;
    the other player's Attack Card stays on the table."""
    weak, strong = char(2, -2, 2, -2), char(-2, 2, -2, 2)
    state = battle((weak, strong))
    state = exchange(state, "attack", "defend", 1, 1)
    state = exchange(state, "attack", "defend", 1, 1)
    assert state.seats[0].table == ("attack", "attack")
    # seat 0 must defend; strong attacks and is fended off: COMBAT 1+2=3 vs 6-2=4
    state = exchange(state, "defend", "attack", 1, 6)
    assert state.last.steps == (1, 3, 7)
    assert state.seats[0].table == () and state.seats[0].attacks_in_hand == 2
    assert state.seats[0].defend_in_hand
    assert state.seats[1].table == ("attack",) and state.seats[1].attacks_in_hand == 1
    assert RULES.legal_actions(state, 0) == [ATTACK, DEFEND]


def test_step7_both_defend_both_pick_up():
    """Step 2 then step 7: both played Defend, so both pick up every Combat Card."""
    weak, strong = char(2, -2, 2, -2), char(-2, 2, -2, 2)
    state = battle((weak, strong))
    state = exchange(state, "attack", "defend", 1, 1)
    state = exchange(state, "attack", "defend", 1, 1)
    state = exchange(state, "defend", "defend")
    assert state.last.steps == (1, 2, 7)
    for s in state.seats:
        assert s.table == () and s.attacks_in_hand == 2 and s.defend_in_hand
    assert RULES.legal_actions(state, 0) == [ATTACK, DEFEND]


# -- Step 2 --------------------------------------------------------------------------------
def test_step2_both_defend_no_dice_no_one_dies():
    """Step 2: both played Defend: no combat takes place, skip to step 7."""
    a, b = char(0, 0, 2, -2), char(0, 0, -2, 2)
    state = battle((a, b), rng=Rng(seed=42, counter=3))
    after = exchange(state, "defend", "defend")
    assert after.last.cards == ("defend", "defend")
    assert after.last.steps == (1, 2, 7)
    assert after.last.tests == () and after.last.killed == ()
    assert after.rng == state.rng, "dice were rolled"
    assert [s.fighter for s in after.seats] == [a, b]
    assert after.confrontation == 1 and after.exchange == 1
    for s in after.seats:
        assert s.defeated == () and s.table == () and s.defend_in_hand


# -- Step 3 --------------------------------------------------------------------------------
def test_step3_a_draw_goes_to_the_attacker():
    """Step 3: if the attacker's COMBAT total equals the defender's, a blow lands (step 6)."""
    att, dfn = char(0, 1, 1, -2), char(1, 1, -2, 0)  # both COMBAT +1
    state = battle((att, dfn))
    # COMBAT 4+1 vs 4+1: a draw, the attacker lands a blow; WEAPON 1+1 vs ARMOUR 6+0: holds
    state = exchange(state, "attack", "defend", 4, 4, 1, 6)
    assert rolls(state)[:2] == [("combat", 0, 4, 1, 5), ("combat", 1, 4, 1, 5)]
    assert state.last.tests[0].winner == 0
    assert state.last.steps == (1, 3, 6, 7)
    assert rolls(state)[2:] == [("weapon", 0, 1, 1, 2), ("armour", 1, 6, 0, 6)]


def test_step3_attacker_on_seat_two_ties_and_kills():
    """Step 3 then step 6: the attacker (either seat) wins a COMBAT draw and the blow lands."""
    dfn, att = char(1, 1, -2, 0), char(0, 1, 1, -2)
    state = battle((dfn, att), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    state = exchange(state, "defend", "attack", 3, 3, 5, 6)
    assert rolls(state) == [
        ("combat", 1, 3, 1, 4),
        ("combat", 0, 3, 1, 4),
        ("weapon", 1, 5, 1, 6),
        ("armour", 0, 6, 0, 6),
    ]
    assert state.last.steps == (1, 3, 6, 8)
    assert state.last.killed == (0,)
    assert state.seats[0].defeated == (dfn,)


def test_step3_defender_higher_goes_to_step7():
    """Step 3: if the defender's total is greater, the attack fails: go to step 7."""
    att, dfn = char(0, 1, 1, -2), char(1, 1, -2, 0)
    state = battle((att, dfn))
    state = exchange(state, "attack", "defend", 3, 4)
    assert rolls(state) == [("combat", 0, 3, 1, 4), ("combat", 1, 4, 1, 5)]
    assert state.last.tests[0].winner == 1
    assert state.last.steps == (1, 3, 7)
    assert state.last.killed == ()
    assert state.seats[0].table == ("attack",)  # step 7: the attack card stays down
    assert state.seats[1].table == ()  # the defender picked up


# -- Step 4 --------------------------------------------------------------------------------
def test_step4_higher_speed_lands_the_blow():
    """Step 4: both attack; the higher SPEED total lands a blow (step 6); the victim cannot defend."""
    slow, fast = char(-2, 0, 0, 2), char(2, 0, 0, -2)
    state = battle((slow, fast), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    # SPEED 5-2=3 vs 2+2=4: seat 1 strikes first; WEAPON 3+0 vs ARMOUR 1+2: a draw kills
    state = exchange(state, "attack", "attack", 5, 2, 3, 1)
    assert rolls(state) == [
        ("speed", 0, 5, -2, 3),
        ("speed", 1, 2, 2, 4),
        ("weapon", 1, 3, 0, 3),
        ("armour", 0, 1, 2, 3),
    ]
    assert state.last.tests[0].winner == 1
    assert state.last.steps == (1, 4, 6, 8)
    assert state.last.killed == (0,)


def test_step4_the_first_player_faster_strikes_first():
    """Step 4 from the other seat: when the first player's SPEED total is the higher, it is
    the first player's blow that lands (step 6)."""
    fast, slow = char(2, 0, 0, -2), char(-2, 0, 0, 2)
    state = battle((fast, slow), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    # SPEED 2+2=4 vs 5-2=3: seat 0 strikes first; WEAPON 6+0 vs ARMOUR 1+2
    state = exchange(state, "attack", "attack", 2, 5, 6, 1)
    assert state.last.tests[0].winner == 0
    assert state.last.tests[1].rolls[0].seat == 0 and state.last.killed == (1,)


def test_step4_speed_tie_goes_to_step5():
    """Step 4: if both SPEED totals are the same, go straight to step 5 (both blows land)."""
    a, b = char(1, 0, 0, -1), char(0, 1, 0, -1)
    state = battle((a, b))
    # SPEED 3+1 vs 4+0: tie; then WEAPON 1+0 vs ARMOUR 6-1, WEAPON 1+0 vs ARMOUR 6-1
    state = exchange(state, "attack", "attack", 3, 4, 1, 6, 1, 6)
    assert state.last.tests[0].kind == "speed" and state.last.tests[0].winner is None
    assert state.last.steps[:3] == (1, 4, 5)
    assert [t.kind for t in state.last.tests] == ["speed", "weapon", "weapon"]


def test_boundary_each_dice_test_carries_its_rulebook_step():
    """Playing The Game, steps 3 to 6: every dice test is recorded under the step that calls
    for it: COMBAT under 3, SPEED under 4, each of the two blows of a SPEED tie under 5,
    a single blow (after a won COMBAT or the faster SPEED) under 6."""

    def steps(*args) -> list[tuple[str, int]]:
        state = exchange(battle((args[0], args[1])), *args[2:])
        return [(t.kind, t.step) for t in state.last.tests]

    att, dfn = char(0, 1, 1, -2), char(1, 1, -2, 0)
    assert steps(att, dfn, "attack", "defend", 4, 4, 1, 6) == [("combat", 3), ("weapon", 6)]
    assert steps(dfn, att, "defend", "attack", 4, 4, 1, 6) == [("combat", 3), ("weapon", 6)]
    slow, fast = char(-2, 0, 0, 2), char(2, 0, 0, -2)
    assert steps(slow, fast, "attack", "attack", 5, 2, 1, 6) == [("speed", 4), ("weapon", 6)]
    assert steps(fast, slow, "attack", "attack", 2, 5, 1, 6) == [("speed", 4), ("weapon", 6)]
    a, b = char(1, 0, 0, -1), char(0, 1, 0, -1)
    tie = [("speed", 4), ("weapon", 5), ("weapon", 5)]
    assert steps(a, b, "attack", "attack", 3, 4, 1, 6, 1, 6) == tie


# -- Step 5 --------------------------------------------------------------------------------
def test_step5_both_characters_can_die_in_the_same_exchange():
    """Step 5: first player's WEAPON vs second's ARMOUR, then second's WEAPON vs first's
    ARMOUR; both can be killed. Step 8 then sets up the next confrontation."""
    a, b = char(0, 0, 2, -2), char(0, 1, 1, -2)
    next0, next1 = char(0, 0, 1, -1), char(0, 0, -1, 1)
    state = battle((a, b), squads=((next0,), (next1,)))
    state = exchange(state, "attack", "attack", 2, 2, 1, 3, 4, 6)
    assert rolls(state) == [
        ("speed", 0, 2, 0, 2),
        ("speed", 1, 2, 0, 2),
        ("weapon", 0, 1, 2, 3),
        ("armour", 1, 3, -2, 1),
        ("weapon", 1, 4, 1, 5),
        ("armour", 0, 6, -2, 4),
    ]
    assert sorted(state.last.killed) == [0, 1]
    assert state.last.steps == (1, 4, 5, 8)
    assert state.seats[0].defeated == (a,) and state.seats[1].defeated == (b,)
    assert state.seats[0].survivors == () and state.seats[1].survivors == ()
    assert [s.fighter for s in state.seats] == [next0, next1]


def test_step5_draws_kill_on_both_sides():
    """Step 5: "if it's a draw, the attacker wins": an equal WEAPON/ARMOUR kills, both ways."""
    a, b = char(0, 0, 2, -2), char(0, 0, -2, 2)
    state = battle((a, b), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    # WEAPON 2+2=4 vs ARMOUR 2+2=4; WEAPON 6-2=4 vs ARMOUR 6-2=4
    state = exchange(state, "attack", "attack", 1, 1, 2, 2, 6, 6)
    assert [r[4] for r in rolls(state)[2:]] == [4, 4, 4, 4]
    assert sorted(state.last.killed) == [0, 1]


def test_step5_neither_dies_then_step7_keeps_attack_cards_down():
    """Step 5: if neither dies, carry on (step 7): both played Attack, so nothing is picked up."""
    a, b = char(0, 0, -2, 2), char(0, 0, -1, 1)
    state = battle((a, b))
    # WEAPON 1-2 vs ARMOUR 1+1; WEAPON 1-1 vs ARMOUR 1+2
    state = exchange(state, "attack", "attack", 1, 1, 1, 1, 1, 1)
    assert state.last.killed == ()
    assert state.last.steps == (1, 4, 5, 7)
    assert len(state.last.tests) == 3
    for s in state.seats:
        assert s.table == ("attack",) and s.attacks_in_hand == 1 and s.defend_in_hand
    assert [s.fighter for s in state.seats] == [a, b]


# -- Step 6 --------------------------------------------------------------------------------
def test_step6_weapon_equal_to_armour_kills():
    """Step 6: if the WEAPON total is equal to or higher than the ARMOUR total, the defender dies."""
    att, dfn = char(0, 2, 0, -2), char(0, -2, 0, 2)
    state = battle((att, dfn), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    # COMBAT 6+2 vs 1-2 hits; WEAPON 5+0 vs ARMOUR 3+2 = 5: a draw, the blow kills
    state = exchange(state, "attack", "defend", 6, 1, 5, 3)
    assert rolls(state)[2:] == [("weapon", 0, 5, 0, 5), ("armour", 1, 3, 2, 5)]
    assert state.last.killed == (1,)
    assert state.last.steps == (1, 3, 6, 8)


def test_step6_armour_higher_survives():
    """Step 6: a higher ARMOUR total means the blow did no harm: on to step 7."""
    att, dfn = char(0, 2, 0, -2), char(0, -2, 0, 2)
    state = battle((att, dfn))
    state = exchange(state, "attack", "defend", 6, 1, 5, 4)
    assert rolls(state)[2:] == [("weapon", 0, 5, 0, 5), ("armour", 1, 4, 2, 6)]
    assert state.last.killed == ()
    assert state.last.steps == (1, 3, 6, 7)
    assert [s.fighter for s in state.seats] == [att, dfn]
    assert state.seats[0].table == ("attack",) and state.seats[1].table == ()


def test_rulebook_worked_example_ceznor_slays_burnley():
    """Abilities (worked example): Ceznor (WEAPON +2) rolls 2 = 4; Burnley (ARMOUR -1) rolls
    3 = 2; Ceznor's total is greater, the weapon strikes home and Burnley is out of the game."""
    ceznor, burnley = BY_NAME["Thegn Ceznor"].id, BY_NAME["Guardian Burnley"].id
    state = battle((ceznor, burnley), squads=((char(0, 0, 1, -1),), (char(0, 0, -1, 1),)))
    # Ceznor lands a blow (COMBAT 6-1=5 vs 1+1=2), then the example's WEAPON/ARMOUR roll
    state = exchange(state, "attack", "defend", 6, 1, 2, 3)
    weapon_test = state.last.tests[1]
    w, a = weapon_test.rolls
    assert (w.die, w.modifier, w.total) == (2, 2, 4)
    assert (a.die, a.modifier, a.total) == (3, -1, 2)
    assert weapon_test.winner == 0
    assert state.last.killed == (1,)
    assert state.seats[1].defeated == (burnley,)
    assert state.seats[0].survivors == (ceznor,)


# -- Step 8 and the next confrontation -------------------------------------------------------
def test_step8_defeated_out_survivor_aside_next_tops_revealed():
    """Step 8: defeated out of the game, survivors set aside, all Combat Cards picked up;
    both turn over the next card of their Squad Pile."""
    att, dfn = char(0, 2, 0, -2), char(0, -2, 0, 2)
    squad0 = (char(0, 0, 1, -1), char(1, 0, 0, -1))
    squad1 = (char(0, 0, -1, 1), char(0, 1, 0, -1))
    state = battle((att, dfn), squads=(squad0, squad1))
    state = exchange(state, "attack", "defend", 2, 2, 1, 1)  # dfn fends off: att's card stays
    assert state.seats[0].table == ("attack",)
    state = exchange(state, "attack", "defend", 6, 1, 5, 3)  # hit; 5 vs 5 kills dfn
    assert state.last.killed == (1,)
    assert state.seats[0].survivors == (att,)
    assert state.seats[1].defeated == (dfn,)
    assert [s.fighter for s in state.seats] == [squad0[0], squad1[0]]
    assert [s.squad for s in state.seats] == [squad0[1:], squad1[1:]]
    assert state.confrontation == 2 and state.exchange == 0
    for s in state.seats:
        assert s.table == () and s.attacks_in_hand == 2 and s.defend_in_hand and s.choice is None
    assert RULES.to_act(state) == {0, 1}
    view = RULES.view(state, 1)
    assert [c.id for c in view.seats[0].survivors] == [att]


# -- phases ----------------------------------------------------------------------------------
def test_phase_ends_when_a_squad_pile_is_empty_survivors_and_unused_regather():
    """Playing The Game: when either Squad Pile is empty, each player gathers survivors and
    unused characters into a new pile and secretly orders it again."""
    att, dfn = char(0, 2, 0, -2), char(0, -2, 0, 2)
    old_survivor = char(1, 1, -2, 0)
    unused = (char(0, 0, 1, -1), char(1, 0, 0, -1))
    their_survivors = (char(0, 0, -1, 1), char(0, 1, 0, -1))
    state = battle((att, dfn), squads=(unused, ()), survivors=((old_survivor,), their_survivors))
    state = exchange(state, "attack", "defend", 6, 1, 5, 3)
    assert state.last.killed == (1,)
    assert state.phase == "order" and state.phase_number == 2
    assert RULES.outcome(state) is None
    assert set(state.seats[0].unplaced) == {old_survivor, att, *unused}
    assert set(state.seats[1].unplaced) == set(their_survivors)
    for s in state.seats:
        assert s.squad == () and s.survivors == () and s.fighter is None and not s.laid_down
    assert state.seats[1].defeated == (dfn,)
    assert RULES.to_act(state) == {0, 1}
    # reordered in secret
    theirs = RULES.view(state, 1).seats[0]
    assert theirs.unplaced == () and theirs.squad == () and theirs.unplaced_count == 4
    assert len(RULES.view(state, 0).seats[0].unplaced) == 4
    # a new order, any order
    state, _ = RULES.apply(state, 0, PlaceCharacter(card=unused[1]))
    state, _ = RULES.apply(state, 0, PlaceRest())
    state, _ = RULES.apply(state, 1, PlaceCharacter(card=their_survivors[1]))
    assert state.seats[1].laid_down  # the last card went down by itself
    assert state.phase == "battle"
    assert [s.fighter for s in state.seats] == [unused[1], their_survivors[1]]


def test_uneven_piles_bottom_cards_of_the_larger_pile_go_unused():
    """Playing The Game: after the first phase piles may be uneven (3 vs 1): cards towards the
    bottom of the larger pile do not get used in that round and go back into the next pile."""
    a, b, c = char(0, -2, 0, 2), char(0, 0, 1, -1), char(1, 0, 0, -1)
    x = char(0, 2, 0, -2)
    state = State(
        config=Config(),
        rng=Rng(seed=0),
        phase="order",
        phase_number=2,
        seats=(
            SeatState(unplaced=(c, b, a)),
            SeatState(squad=(x,), laid_down=True, defeated=filler(9, avoid=(a, b, c, x))),
        ),
    )
    assert RULES.to_act(state) == {0}
    state, _ = RULES.apply(state, 0, PlaceCharacter(card=a))
    state, _ = RULES.apply(state, 0, PlaceRest())
    assert state.seats[0].squad == (c, b) and state.seats[0].fighter == a
    assert state.seats[1].fighter == x and state.seats[1].squad == ()
    # x attacks and kills a: COMBAT 6+2 vs 1-2, WEAPON 6+0 vs ARMOUR 1+2
    state = exchange(state, "defend", "attack", 6, 1, 6, 1)
    assert state.last.killed == (0,)
    # seat 1's pile is empty: the round ends; c and b never fought
    assert state.phase == "order" and state.phase_number == 3
    assert set(state.seats[0].unplaced) == {b, c}
    assert state.seats[0].defeated == (a,)
    # seat 1 has one character: their pile is put down at once
    assert state.seats[1].squad == (x,) and state.seats[1].laid_down
    assert RULES.to_act(state) == {0}


def test_a_confrontation_lasts_until_one_character_is_defeated():
    """Playing The Game: take the steps until one character is defeated (step 7 back to step 1)."""
    a, b = char(0, 0, -2, 2), char(0, 0, 2, -2)
    state = battle((a, b))
    for n in range(1, 4):
        state = exchange(state, "defend", "defend")
        assert state.exchange == n and state.confrontation == 1
        assert [s.fighter for s in state.seats] == [a, b]
        assert RULES.to_act(state) == {0, 1}


# -- Victory ---------------------------------------------------------------------------------
def test_victory_when_all_ten_opposing_characters_are_defeated():
    """Victory: whoever has beaten every one of the other side's characters wins."""
    last, champion = char(0, -2, 0, 2), char(0, 2, 0, -2)
    gone = filler(9, avoid=(last, champion))
    state = battle((last, champion), defeated=(gone, ()), squads=((), (char(0, 1, 0, -1),)))
    state = exchange(state, "defend", "attack", 6, 1, 6, 1)
    assert state.last.killed == (0,)
    assert len(state.seats[0].defeated) == 10
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and not outcome.is_draw
    assert state.phase == "over"
    assert RULES.to_act(state) == frozenset()
    assert RULES.legal_actions(state, 0) == [] == RULES.legal_actions(state, 1)
    rejection = RULES.check(state, 1, ATTACK)
    assert rejection is not None and rejection.rule == "Victory"


def test_victory_goes_to_the_first_player_too():
    """Victory, seen from the other side: the first player wins when the second has lost all
    ten (the winner is whoever still has characters, whichever seat that is)."""
    champion, last = char(0, 2, 0, -2), char(0, -2, 0, 2)
    gone = filler(9, avoid=(last, champion))
    state = battle((champion, last), defeated=((), gone), squads=((char(0, 1, 0, -1),), ()))
    state = exchange(state, "attack", "defend", 6, 1, 6, 1)
    assert state.last.killed == (1,)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and not outcome.is_draw


def test_no_victory_while_the_opponent_still_has_characters():
    """Victory needs ALL opposing characters defeated: a survivor set aside keeps the game on."""
    last, champion = char(0, -2, 0, 2), char(0, 2, 0, -2)
    survivor = char(0, 0, 1, -1)
    gone = filler(8, avoid=(last, champion, survivor))
    state = battle((last, champion), defeated=(gone, ()), survivors=((survivor,), ()))
    state = exchange(state, "defend", "attack", 6, 1, 6, 1)
    assert state.last.killed == (0,)
    assert RULES.outcome(state) is None
    assert state.phase in ("order", "battle")
    assert state.seats[0].alive == 1


def test_a_draw_when_the_last_characters_fall_together():
    """Victory with step 5: if the last characters on both sides kill each other, nobody wins."""
    a, b = char(0, 0, 2, -2), char(0, 1, 1, -2)
    gone0 = filler(9, avoid=(a, b))
    gone1 = filler(9, avoid=(a, b, *gone0))
    state = battle((a, b), defeated=(gone0, gone1))
    state = exchange(state, "attack", "attack", 2, 2, 1, 3, 4, 6)
    assert sorted(state.last.killed) == [0, 1]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_draw and outcome.winners == ()
    assert RULES.to_act(state) == frozenset()
    assert all(len(s.defeated) == 10 for s in state.seats)
