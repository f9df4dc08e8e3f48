"""Shared fixtures."""

import dataclasses

import pytest
from hypothesis import HealthCheck, settings

from tabletop_tui import games


@pytest.fixture
def unfinished_game(monkeypatch):
    """Every game is built now; this marks one as "coming soon" again (rules, no screen) so
    the refusals for unfinished games stay tested. Returns its id."""
    game_id = "hotg"
    monkeypatch.setitem(
        games.GAMES, game_id, dataclasses.replace(games.GAMES[game_id], ready=False)
    )
    games.get_rules.cache_clear()
    yield game_id
    games.get_rules.cache_clear()


# hypothesis profiles (tests/test_properties.py): "quick" runs in the suite, the same games on
# every run; "long" is run by hand (`--hypothesis-profile=long`) and explores new seeds
settings.register_profile(
    "quick",
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("quick")


#: the files whose tests drive whole games (or many of their moments) through Textual, real
#: SSH servers or every snapshot: the full suite runs them, `pytest -m 'not slow'` is the
#: quick loop while working (issue 35). A test elsewhere can take the mark itself.
SLOW_FILES = frozenset(
    {
        "tests/ui/test_snapshots.py",
        "tests/ui/test_public_moments.py",
        "tests/ui/test_replay_screen.py",
        "tests/ui/test_help_and_tutorial.py",
        "tests/ui/test_tables_games.py",
        "tests/ui/test_lobby.py",
        "tests/ui/test_army_of_zero_screen.py",
        "tests/ui/test_zoobotz_screen.py",
        "tests/ui/test_zeo_screen.py",
        "tests/ui/test_pr_ccg_screen.py",
        "tests/ui/test_hotg_table.py",
        "tests/ui/test_hotg_screen.py",
        "tests/ui/test_first_frame_costs.py",
        "tests/ui/test_recap.py",
        "tests/test_tables_ssh.py",
        "tests/test_serve_ssh.py",
        "tests/test_serve_trust.py",
        "tests/test_determinism.py",
        "tests/test_hotg_bot_rollout.py",
        # every game to its end by typed commands, and shared tables on a real table server
        "tests/test_plain_modes.py",
        "tests/test_plain_tables.py",
        "tests/ui/test_tables_at_the_table.py",
        # every snapshot (issue 35): the wide tables', Zeo's boards' and the card frames'
        "tests/ui/test_snapshots_wide_tables.py",
        "tests/ui/test_zeo_snapshots.py",
        "tests/ui/test_board_frame_snapshots.py",
        # each Textual override against Textual's own way: two games driven twice per override
        "tests/ui/test_textual_internals.py",
    }
)

#: single tests elsewhere that play a whole game, or a sealed build and its game, through
#: Textual (the slowest of the quick loop, Dec 2026: 12-28 s each on two loaded cores)
SLOW_TESTS = frozenset(
    {
        "tests/ui/test_shell.py::test_a_refused_setup_names_the_problem_in_plain_words",
        "tests/ui/test_shell.py::test_hotg_setup_lets_each_seat_choose_a_ranger",
        "tests/ui/test_shell.py::test_new_game_after_a_game_keeps_names_seats_and_decks",
        "tests/ui/test_pr_ccg_decks.py::test_a_sealed_game_through_the_curtain_keeps_each_pool_private",
        "tests/ui/test_pr_ccg_decks.py::test_building_a_deck_with_keys_saves_a_legal_deck_and_opens_it",
        "tests/ui/test_resume_list.py::test_a_guided_game_resumes_with_its_hints_where_it_left_them",
    }
)


def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        path = str(item.path.relative_to(root))
        if path in SLOW_FILES or f"{path}::{item.name}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
