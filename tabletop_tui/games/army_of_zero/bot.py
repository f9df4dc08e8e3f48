"""A heuristic Army Of Zero bot that plays from its own View only.

Combat: each confrontation is a small stochastic zero-sum game. Its state is how many
Attack Cards each side still holds (0, 1 or 2: "no more than twice in a row"), each
round is a 2x2 matrix game (attack/defend against attack/defend) whose entries are the
exact two-d6 odds of each kill, plus the value of the state the round leads to when
nobody dies. Solving it by value iteration gives the equilibrium mix for every state;
the bot samples that mix with its own rng, so it cannot be read and exploited the way
a fixed best response could.

Squad order: each character's strength is its equilibrium value against every stat
line of the deck; the strongest go on top, because when squads are of unequal size
the bottom of the bigger pile sits the phase out, and it should be the weakest who do.
"""

from __future__ import annotations

import random
from functools import cache

from .cards import Character, all_stat_lines
from .models import ChooseCombat, PlaceCharacter, PlaceRest, View

Line = tuple[int, int, int, int]  # speed, combat, weapon, armour
Hands = tuple[int, int]  # Attack Cards in hand: mine, theirs

#: the difference of two d6 (mine - theirs): d occurs (6 - |d|) times in 36
_DIFF = {d: (6 - abs(d)) / 36 for d in range(-5, 6)}
_STATES: tuple[Hands, ...] = tuple((x, y) for x in (2, 1, 0) for y in (2, 1, 0))


def _at_least(k: int) -> float:
    """P(my d6 - their d6 >= k)."""
    return sum(p for d, p in _DIFF.items() if d >= k)


def line(c: Character) -> Line:
    return (c.speed, c.combat, c.weapon, c.armour)


def round_odds(me: Line, them: Line) -> dict[tuple[str, str], tuple[float, float, float]]:
    """Per card pair: P(only they die), P(only I die), P(both die) in one round (steps 2-6)."""
    s1, c1, w1, a1 = me
    s2, c2, w2, a2 = them
    kill_me = _at_least(a1 - w2)  # their WEAPON >= my ARMOUR, a draw kills (step 6)
    kill_them = _at_least(a2 - w1)
    faster = _at_least(s2 - s1 + 1)  # strictly more SPEED (step 4)
    slower = _at_least(s1 - s2 + 1)
    tie = 1.0 - faster - slower  # step 5: both blows land, both may die
    return {
        ("attack", "defend"): (_at_least(c2 - c1) * kill_them, 0.0, 0.0),  # step 3: a draw hits
        ("defend", "attack"): (0.0, _at_least(c1 - c2) * kill_me, 0.0),
        ("defend", "defend"): (0.0, 0.0, 0.0),  # step 2
        ("attack", "attack"): (
            faster * kill_them + tie * kill_them * (1 - kill_me),
            slower * kill_me + tie * kill_me * (1 - kill_them),
            tie * kill_them * kill_me,
        ),
    }


def _cards(attacks: int) -> tuple[str, ...]:
    return ("attack", "defend") if attacks > 0 else ("defend",)


def _after(attacks: int, card: str) -> int:
    """Step 7: a Defend Card picks every card up; an Attack Card stays on the table."""
    return attacks - 1 if card == "attack" else 2


def solve_matrix(m: list[list[float]]) -> tuple[float, float]:
    """Value and the row player's probability of row 0 in a zero-sum game of at most 2x2."""
    if len(m) == 1:
        return min(m[0]), 1.0
    if len(m[0]) == 1:
        return (m[0][0], 1.0) if m[0][0] >= m[1][0] else (m[1][0], 0.0)
    (a, b), (c, d) = m
    lower = max(min(a, b), min(c, d))  # best pure row
    upper = min(max(a, c), max(b, d))  # best pure column
    if lower >= upper - 1e-12:  # saddle point: a pure strategy is optimal
        return lower, 1.0 if min(a, b) >= min(c, d) else 0.0
    denom = a - b - c + d
    p = (d - c) / denom
    return (a * d - b * c) / denom, min(1.0, max(0.0, p))


def _plan() -> list[tuple[Hands, list[list[tuple[tuple[str, str], int]]]]]:
    """For every state: its matrix of (card pair, index of the state it leads to)."""
    index = {s: i for i, s in enumerate(_STATES)}
    return [
        (
            (x, y),
            [[((a, b), index[_after(x, a), _after(y, b)]) for b in _cards(y)] for a in _cards(x)],
        )
        for x, y in _STATES
    ]


_PLAN = _plan()


@cache
def confrontation(me: Line, them: Line) -> dict[Hands, tuple[float, float]]:
    """Equilibrium (value, P(attack)) for me in every hand state of one confrontation.

    Value is +1 when only their character dies, -1 when only mine does, 0 for both.
    Shapley value iteration: each sweep re-solves every state's matrix game with the
    values of the states a round without a death leads to.
    """
    odds = round_odds(me, them)
    entry = {k: (w - lose, 1.0 - w - lose - both) for k, (w, lose, both) in odds.items()}
    plan = [[[(*entry[pair], nxt) for pair, nxt in row] for row in rows] for _, rows in _PLAN]
    value = [0.0] * len(_STATES)
    mix = [1.0] * len(_STATES)
    for _ in range(500):
        delta = 0.0
        for i, rows in enumerate(plan):
            m = [[pay + on * value[nxt] for pay, on, nxt in row] for row in rows]
            v, mix[i] = solve_matrix(m)
            delta = max(delta, abs(v - value[i]))
            value[i] = v
        if delta < 1e-7:
            break
    return {s: (value[i], mix[i] if s[0] > 0 else 0.0) for i, s in enumerate(_STATES)}


def fresh_value(me: Line, them: Line) -> float:
    """My equilibrium value when a confrontation starts (both hold two Attack Cards).

    The game is zero-sum and symmetric in its seats, so each unordered pair is solved once.
    """
    if me > them:
        return -fresh_value(them, me)
    return confrontation(me, them)[2, 2][0]


@cache
def strength(me: Line) -> float:
    """Mean equilibrium value of a fresh confrontation against every stat line of the deck."""
    pool = sorted(all_stat_lines())
    return sum(fresh_value(me, other) for other in pool) / len(pool)


class ArmyOfZeroBot:
    """Equilibrium combat play, strongest characters on top of the squad pile."""

    name = "heuristic"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        me = view.seats[seat]
        if view.phase == "order":
            return self._place(me.unplaced, legal)
        if view.phase == "battle" and me.fighter is not None:
            foe = view.seats[1 - seat]
            if foe.fighter is not None:
                return self._fight(me.fighter, me.attacks_in_hand, foe, legal, rng)
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def _place(unplaced: tuple[Character, ...], legal: list):
        """Put the strongest unplaced character next (ties: the first in the hand)."""
        allowed = {a.card for a in legal if isinstance(a, PlaceCharacter)}
        choices = [c for c in unplaced if c.id in allowed]
        if not choices:
            return next((a for a in legal if isinstance(a, PlaceRest)), legal[0])
        pick = max(choices, key=lambda c: strength(line(c)))
        return PlaceCharacter(card=pick.id)

    @staticmethod
    def _fight(mine: Character, attacks: int, foe, legal: list, rng: random.Random):
        """Sample the equilibrium mix for the current hands (theirs is public)."""
        hands = (min(attacks, 2), min(foe.attacks_in_hand, 2))
        _, p_attack = confrontation(line(mine), line(foe.fighter))[hands]
        card = "attack" if rng.random() < p_attack else "defend"
        action = ChooseCombat(card=card)
        return action if action in legal else legal[0]
