"""The Army Of Zero bots' first decision costs no table of the whole deck (issue 38: hard
thinks at most 2 s a decision, the first of a process and the coach's first answer too).

`fresh_value` of every pair of the deck's 84 stat lines and each line's `strength` come from
the shipped fresh_values.json, checked here against the computation to the last bit; the
value iteration's hot loop (`_solve_cells`) is checked against `solve_matrix`; the hard
bot's first squad placement solves no confrontation at all.
"""

from __future__ import annotations

import json
import random

import pytest

from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.army_of_zero import bot as bot_module
from tabletop_tui.games.army_of_zero.bot import (
    TABLE_FILE,
    _solve_cells,
    computed_strength,
    fresh_value,
    solve_matrix,
    solved_fresh_value,
    strength,
)
from tabletop_tui.games.army_of_zero.cards import all_stat_lines
from tabletop_tui.games.army_of_zero.models import PlaceCharacter

GAME = "army-of-zero"


def _shipped() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


def test_the_shipped_table_is_the_computation_to_the_last_bit():
    """If this fails, the combat model changed: `python -m tabletop_tui.games.army_of_zero.bot`
    writes the file afresh."""
    shipped = _shipped()
    lines = sorted(all_stat_lines())
    assert shipped["lines"] == [",".join(str(n) for n in me) for me in lines]
    assert len(lines) == 84 and sum(len(row) for row in shipped["fresh"]) == 84 * 85 // 2
    for i, me in enumerate(lines):
        for j, them in enumerate(lines[i:]):
            solved = solved_fresh_value(me, them)
            assert shipped["fresh"][i][j] == solved, (me, them)  # exact, not approx
            assert fresh_value(me, them) == solved and fresh_value(them, me) == -solved
        assert shipped["strength"][i] == computed_strength(me), me
        assert strength(me) == shipped["strength"][i]


def test_a_line_off_the_table_is_computed():
    # 0/0/0/0 is a legal character (the four add up to 0) but no line of the deck
    assert "0,0,0,0" not in _shipped()["lines"]
    assert strength((0, 0, 0, 0)) == computed_strength((0, 0, 0, 0))
    assert fresh_value((0, 0, 0, 0), (2, 0, -2, 0)) == solved_fresh_value(
        (0, 0, 0, 0), (2, 0, -2, 0)
    )


def _cells(m: list[list[float]]) -> tuple[int, int, tuple, list[float]]:
    """`m` as _solve_cells' cells: payoff m[r][c], nobody dies, state 0 worth 0."""
    return len(m), len(m[0]), tuple((x, 1.0, 0) for row in m for x in row), [0.0]


@pytest.mark.parametrize(
    "m",
    [
        [[1.0, -1.0], [-1.0, 1.0]],  # mixed
        [[2.0, 1.0], [0.0, 0.0]],  # saddle point
        [[0.0, 0.0], [0.0, 0.0]],  # all equal: ties go the way min() and max() go
        [[0.5, 0.5], [0.5, 0.2]],
        [[0.5, 0.2]],
        [[0.2, 0.2]],
        [[0.3], [0.4]],
        [[0.4], [0.4]],
        [[-0.7]],
    ],
)
def test_hot_loop_solves_like_solve_matrix(m):
    assert _solve_cells(*_cells(m)) == solve_matrix(m)


def test_hot_loop_solves_like_solve_matrix_at_random():
    rng = random.Random(38)
    for _ in range(2000):
        h, w = rng.choice((1, 2)), rng.choice((1, 2))
        m = [[rng.choice((-1.0, -0.5, 0.0, 0.25, 1.0, rng.uniform(-1, 1))) for _ in range(w)]]
        m += [[rng.uniform(-1, 1) for _ in range(w)] for _ in range(h - 1)]
        assert _solve_cells(*_cells(m)) == solve_matrix(m), m


def test_first_placement_solves_nothing():
    """A fresh process: no confrontation solved yet. The hard bot's first placement reads
    every value it needs from the table (it used to solve every pair of the deck: 84 x 85 / 2
    = 3,570 value iterations, 2 to 6 seconds)."""
    bot_module.weighted_confrontation.cache_clear()
    bot_module.confrontation.cache_clear()
    bot_module.strength.cache_clear()
    rules = get_rules(GAME)
    state = rules.new_game(rules.default_config(), 7)
    view = rules.view(state, 0)
    action = make_bot(GAME, "bot:hard").choose(
        view, rules.legal_actions(state, 0), 0, random.Random(1)
    )
    assert isinstance(action, PlaceCharacter)
    assert bot_module.weighted_confrontation.cache_info().currsize == 0
