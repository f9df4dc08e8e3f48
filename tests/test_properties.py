"""Property-based tests (hypothesis) over every game and its configurations (issue 17).

Each example is one random game, fixed by a seed that also picks the configuration (seat
counts, formats, decks, modes, house rules) and the style of play. Along the way:

- legal play: the state contract at many states; undo stops at revealed information,
  restores the exact earlier state, and redoing the undone actions comes back byte for
  byte; save, load (a replay) and `replay` give the same states and the same file;
- illegal play: every number of a legal action pushed out of range (or to the wrong type,
  built without validation), another game's ids in this game's actions, other games'
  actions, actions legal in earlier states, seats that are not to act or do not exist:
  each is refused with a named rule and the state is byte-identical; a save whose log
  ends in one does not load.

Profiles (tests/conftest.py): "quick" by default (a few games per test, the same ones on
every run), "long" by hand: `pytest tests/test_properties.py --hypothesis-profile=long`.
`benchmarks/fuzz.py` runs the same games in a loop and prints the figures.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from conformance import FuzzCounts, fuzz_game
from hypothesis import given
from hypothesis import strategies as st

from tabletop_tui.games import engine_ids, get_rules

GAME_IDS = engine_ids()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(seed=SEEDS)
def test_random_games_undo_save_load_and_replay_exactly(game_id, seed):
    rules = get_rules(game_id, unfinished=True)
    counts = FuzzCounts()
    with tempfile.TemporaryDirectory() as folder:
        fuzz_game(rules, seed, Path(folder), counts, invariants=True, illegal=False)
    assert counts.games == 1 and counts.saves == 1 and counts.actions > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(seed=SEEDS)
def test_mutated_stale_and_foreign_actions_are_refused_and_change_nothing(game_id, seed):
    rules = get_rules(game_id, unfinished=True)
    counts = FuzzCounts()
    with tempfile.TemporaryDirectory() as folder:
        fuzz_game(rules, seed, Path(folder), counts, invariants=False, illegal=True)
    assert counts.games == 1 and counts.mutations > 0


@pytest.mark.parametrize(("game_id", "seed"), [("hotg", 1593)])
def test_games_the_long_fuzz_run_caught(game_id, seed):
    """Found by `benchmarks/fuzz.py`: in a HotG damage window, Mega V5 named with a location
    (a field that Zord does not take) passed `check` though no such move is legal."""
    rules = get_rules(game_id, unfinished=True)
    counts = FuzzCounts()
    with tempfile.TemporaryDirectory() as folder:
        fuzz_game(rules, seed, Path(folder), counts)  # both halves, as the run did
    assert counts.games == 1 and counts.mutations > 0
