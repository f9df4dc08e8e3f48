"""Shared fixtures."""

import dataclasses

import pytest

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
