"""The game-over title's grammar: one winner wins, a team of two win."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop_tui.ui.game_screen import GameScreen

NAMES = {0: "Hugh", 1: "Hal", 2: "You"}


def _headline(winners, draw=False) -> str:
    screen = SimpleNamespace(session=SimpleNamespace(name=NAMES.__getitem__))
    outcome = SimpleNamespace(winners=winners, is_draw=draw)
    return GameScreen.headline(screen, outcome)  # type: ignore[arg-type]


def test_a_team_of_two_win_and_one_player_wins():
    assert _headline((0, 1)) == "Hugh & Hal win"
    assert _headline((0,)) == "Hugh wins"
    assert _headline((2,)) == "You win"
    assert _headline((), draw=True) == "A draw"
