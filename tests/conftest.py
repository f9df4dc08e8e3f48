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
