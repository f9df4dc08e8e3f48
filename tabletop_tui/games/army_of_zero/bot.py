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

import json
import random
from functools import cache
from pathlib import Path

from .cards import Character, all_stat_lines, shipped_characters
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


def _solve_cells(
    height: int, width: int, cells: tuple[tuple[float, float, int], ...], value: list[float]
) -> tuple[float, float]:
    """`solve_matrix` of one state's matrix (each cell: payoff now + chance nobody dies x the
    value of the next state), written out for the value iteration's hot loop: the same
    arithmetic and comparisons, so the same numbers, about twice as fast."""
    if height == 1:
        pa, oa, na = cells[0]
        a = pa + oa * value[na]
        if width == 1:
            return a, 1.0
        pb, ob, nb = cells[1]
        b = pb + ob * value[nb]
        return (b if b < a else a), 1.0
    (pa, oa, na), *rest = cells
    a = pa + oa * value[na]
    if width == 1:
        pc, oc, nc = rest[0]
        c = pc + oc * value[nc]
        return (a, 1.0) if a >= c else (c, 0.0)
    (pb, ob, nb), (pc, oc, nc), (pd, od, nd) = rest
    b = pb + ob * value[nb]
    c = pc + oc * value[nc]
    d = pd + od * value[nd]
    row0 = b if b < a else a  # min(a, b): the first of equals, as min() returns
    row1 = d if d < c else c
    lower = row1 if row1 > row0 else row0  # max(), likewise
    col0 = c if c > a else a
    col1 = d if d > b else b
    upper = col1 if col1 < col0 else col0
    if lower >= upper - 1e-12:  # saddle point: a pure strategy is optimal
        return lower, 1.0 if row0 >= row1 else 0.0
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
    return weighted_confrontation(me, them, 0.0)


@cache
def weighted_confrontation(
    me: Line, them: Line, both_dead: float
) -> dict[Hands, tuple[float, float]]:
    """`confrontation` where a round that kills both characters is worth `both_dead`
    (between -1 and +1) instead of 0: what a double kill means depends on how many
    characters each side has left (the hard level's `game_value`)."""
    odds = round_odds(me, them)
    entry = {
        k: (w - lose + both * both_dead, 1.0 - w - lose - both)
        for k, (w, lose, both) in odds.items()
    }
    # each state's cells, row by row: (payoff now, chance nobody dies, the next state)
    plan = [
        (len(rows), len(rows[0]), tuple((*entry[pair], nxt) for row in rows for pair, nxt in row))
        for _, rows in _PLAN
    ]
    value = [0.0] * len(_STATES)
    mix = [1.0] * len(_STATES)
    for _ in range(500):
        delta = 0.0
        for i, (height, width, cells) in enumerate(plan):
            v, mix[i] = _solve_cells(height, width, cells, value)
            diff = abs(v - value[i])
            if diff > delta:
                delta = diff
            value[i] = v
        if delta < 1e-7:
            break
    return {s: (value[i], mix[i] if s[0] > 0 else 0.0) for i, s in enumerate(_STATES)}


def solved_fresh_value(me: Line, them: Line) -> float:
    """My equilibrium value when a confrontation starts (both hold two Attack Cards),
    solved by value iteration. The game is zero-sum and symmetric in its seats, so each
    unordered pair is solved once."""
    if me > them:
        return -solved_fresh_value(them, me)
    return confrontation(me, them)[2, 2][0]


#: `fresh_value` of every pair of the deck's 84 stat lines and each line's `strength`,
#: worked out once (`write_table`) and shipped: all 3,570 pairs take about a second of value
#: iteration (two before it was written out), and the first placement of a process (the
#: coach's first answer too) needs the strength of every line, or 740 pairs of them
TABLE_FILE = Path(__file__).with_name("fresh_values.json")


def _key(me: Line) -> str:
    return ",".join(str(n) for n in me)


@cache
def _shipped() -> tuple[dict[tuple[Line, Line], float], dict[Line, float]]:
    """(fresh value of each pair, smaller line first; strength of each line) from
    `TABLE_FILE`; empty when the file cannot be read (everything is then solved as needed)."""
    try:
        data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
        lines = [tuple(int(n) for n in key.split(",")) for key in data["lines"]]
        pairs = {
            (me, them): v
            for i, (me, row) in enumerate(zip(lines, data["fresh"], strict=True))
            for them, v in zip(lines[i:], row, strict=True)
        }
        return pairs, dict(zip(lines, data["strength"], strict=True))
    except (OSError, ValueError, KeyError, TypeError):
        return {}, {}


def fresh_value(me: Line, them: Line) -> float:
    """`solved_fresh_value`, read from the shipped table when the pair is there (the same
    numbers to the last bit: tests/test_army_of_zero_bot_speed.py checks every pair)."""
    if me > them:
        return -fresh_value(them, me)
    shipped = _shipped()[0].get((me, them))
    return shipped if shipped is not None else solved_fresh_value(me, them)


def computed_strength(me: Line) -> float:
    """Mean equilibrium value of a fresh confrontation against every stat line of the deck."""
    pool = sorted(all_stat_lines())
    return sum(solved_fresh_value(me, other) for other in pool) / len(pool)


@cache
def strength(me: Line) -> float:
    """`computed_strength`, read from the shipped table when the line is there."""
    shipped = _shipped()[1].get(me)
    return shipped if shipped is not None else computed_strength(me)


def write_table(path: Path = TABLE_FILE) -> None:
    """Work out `TABLE_FILE` afresh: `python -m tabletop_tui.games.army_of_zero.bot`."""
    lines = sorted(all_stat_lines())
    table = {
        "about": "Army Of Zero: fresh_value of each pair of stat lines (row i against lines "
        "i onwards) and each line's strength; written by bot.write_table",
        "lines": [_key(me) for me in lines],
        "strength": [computed_strength(me) for me in lines],
        "fresh": [
            [solved_fresh_value(me, them) for them in lines[i:]] for i, me in enumerate(lines)
        ],
    }
    rows = ",\n".join(json.dumps(row) for row in table.pop("fresh"))  # a line a row
    head = json.dumps(table, indent=1)[:-2]
    path.write_text(f'{head},\n "fresh": [\n{rows}\n]\n}}\n', encoding="utf-8")


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


# -- the hard level ------------------------------------------------------------------------
#: sampled opponent piles per placement (about 40 ms a decision)
SAMPLES = 600


def best_order(values: list[list[float]]) -> list[int]:
    """The assignment of my cards (rows) to pile positions (columns) with the largest total
    value, by dynamic programming over the subsets of cards (at most 2^10 of them): the
    result gives, for each position in turn, the row placed there."""
    n, positions = len(values), len(values[0]) if values else 0
    best: dict[int, tuple[float, int]] = {0: (0.0, -1)}
    for mask in range(1 << n):
        if mask not in best:
            continue
        pos = bin(mask).count("1")
        if pos == positions:
            continue
        base = best[mask][0]
        for row in range(n):
            if mask & (1 << row):
                continue
            nxt = mask | (1 << row)
            value = base + values[row][pos]
            if nxt not in best or value > best[nxt][0]:
                best[nxt] = (value, row)
    full = max(
        (m for m in best if bin(m).count("1") == min(n, positions)), key=lambda m: best[m][0]
    )
    order = []
    while full:
        row = best[full][1]
        order.append(row)
        full &= ~(1 << row)
    return order[::-1]


#: the chance a confrontation ends with both characters dead (about that, averaged over
#: the deck at equilibrium), for `game_value`
DOUBLE_KILL = 0.1


@cache
def game_value(mine: int, theirs: int) -> float:
    """My chance of winning with `mine` characters alive against `theirs`, if every
    confrontation were a coin toss that kills both now and then: enough to see that a double
    kill wins the game for the side with more characters left and loses it for the other."""
    if mine <= 0 or theirs <= 0:
        return 0.5 if mine <= 0 and theirs <= 0 else float(mine > 0)
    one = (1.0 - DOUBLE_KILL) / 2
    return (
        one * game_value(mine, theirs - 1)
        + one * game_value(mine - 1, theirs)
        + DOUBLE_KILL * game_value(mine - 1, theirs - 1)
    )


def double_kill_worth(mine: int, theirs: int) -> float:
    """What a confrontation that kills both fighters is worth to me with `mine` characters
    alive against `theirs`, scaled so that a win is +1 and a loss -1 (`game_value`)."""
    win = game_value(mine, theirs - 1)
    lose = game_value(mine - 1, theirs)
    both = game_value(mine - 1, theirs - 1)
    return round(2 * (both - lose) / (win - lose) - 1, 2) if win > lose else 0.0


class ArmyOfZeroHardBot(ArmyOfZeroBot):
    """The normal bot's equilibrium combat, with a squad order that reads the opponent.

    Squad order decides who meets whom: the i-th character of my pile fights the i-th of
    theirs. The bot assumes the opponent leads with its strongest (as the normal bot does,
    and as most players do), samples the piles the opponent may hold from the characters it
    has not seen elsewhere (its view shows its own characters and every fallen or revealed
    one), ranks each sample by strength, and gives each of its characters the position where
    its expected confrontation value is largest in total: the classic horse-race trick of
    sacrificing a weak character to their best and winning the matches below it. Against an
    opponent who orders at random every order is as good, so nothing is lost there.
    """

    name = "hard"

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples
        #: the opponent's characters this bot has seen fight in this game (what a player
        #: remembers from the table; a fresh bot, e.g. the coach, starts without it)
        self.remembered: set[str] = set()

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        foe = view.seats[1 - seat]
        if view.phase_number == 1 and view.confrontation == 0:
            self.remembered = set()  # a new game
        if foe.fighter is not None:
            self.remembered.add(foe.fighter.id)
        if view.phase == "order" and any(isinstance(a, PlaceCharacter) for a in legal):
            pick = self._order(view, seat, legal, rng)
            if pick is not None:
                return pick
        me = view.seats[seat]
        if view.phase == "battle" and me.fighter is not None and foe.fighter is not None:
            return self._weighed_fight(me, foe, legal, rng)
        return super().choose(view, legal, seat, rng)

    @staticmethod
    def _weighed_fight(me, foe, legal: list, rng: random.Random):
        """Equilibrium combat where a double kill counts as what it does to the game."""
        both_dead = double_kill_worth(me.alive, foe.alive)
        hands = (min(me.attacks_in_hand, 2), min(foe.attacks_in_hand, 2))
        table = weighted_confrontation(line(me.fighter), line(foe.fighter), both_dead)
        card = "attack" if rng.random() < table[hands][1] else "defend"
        action = ChooseCombat(card=card)
        return action if action in legal else legal[0]

    def _order(self, view: View, seat: int, legal: list, rng: random.Random):
        scored = self.order_values(view, seat, legal, rng)
        if scored is None:
            return None
        mine, total = scored
        order = best_order(total)
        return PlaceCharacter(card=mine[order[0]].id)

    def order_values(
        self, view: View, seat: int, legal: list, rng: random.Random
    ) -> tuple[list[Character], list[list[float]]] | None:
        """The characters I may place next and, for each, its summed confrontation value at
        each pile position still to fill (over `samples` sampled opponent piles); None when
        the order cannot matter or their pile cannot be sampled."""
        me, foe = view.seats[seat], view.seats[1 - seat]
        allowed = {a.card for a in legal if isinstance(a, PlaceCharacter)}
        mine = [c for c in me.unplaced if c.id in allowed]
        placed = len(me.squad)
        their_size = foe.unplaced_count + foe.squad_count
        if not mine or their_size <= placed:
            return None  # my remaining characters sit out whatever their order
        seen = {
            c.id
            for s in view.seats
            for c in (*s.unplaced, *s.squad, *s.survivors, *s.defeated)
            if c is not None
        } | {s.fighter.id for s in view.seats if s.fighter is not None}
        index = {c.id: c for c in shipped_characters()}
        # remembered survivors are surely in their pile; the rest are drawn from the unseen
        known = [index[i] for i in self.remembered - seen if i in index][:their_size]
        unseen = [c for c in index.values() if c.id not in seen and c.id not in self.remembered]
        if len(unseen) < their_size - len(known):
            return None
        # their pile, strongest first; I face positions placed .. their_size - 1
        positions = min(len(mine), their_size - placed)
        total = [[0.0] * positions for _ in mine]
        lines = [line(c) for c in mine]
        for _ in range(self.samples):
            pile = sorted(
                (line(c) for c in known + rng.sample(unseen, their_size - len(known))),
                key=strength,
                reverse=True,
            )
            for row, mine_line in enumerate(lines):
                out = total[row]
                for pos in range(positions):
                    out[pos] += fresh_value(mine_line, pile[placed + pos])
        return mine, total


if __name__ == "__main__":
    write_table()
    print(f"wrote {TABLE_FILE}")
