"""Zeo, issue 37: the lone 2v1 team starts as the rulebook says.

Source: the Zeo rulebook (../shared/seeds/zeo-deck-building-game-rulebook.txt), "Additional
Notes" on 2v1: the lone player gets 15 HP and draws a 4-card hand; starting Energy is not
changed for anyone. Our head start (card_data/zeo-dbg/DESIGN.md Ruling 1) is a named setting.
"""

from __future__ import annotations

import pytest
from zeo_helpers import R, choose, game

from tabletop_tui.games.zeo_dbg.models import HEROES, VILLAINS, Config
from tabletop_tui.games.zeo_dbg.table import LONE_ENERGY


@pytest.mark.parametrize(("lone", "team_id"), [("heroes", HEROES), ("villains", VILLAINS)])
def test_the_lone_2v1_team_starts_at_zero_energy_by_default(lone, team_id):
    """2v1 notes: 15 HP and a 4-card hand for the lone player, and nothing about Energy,
    so both teams start at 0 unless the head start is chosen."""
    chars = (
        ("gearwright", "renn", "voltara") if lone == "heroes" else ("gearwright", "renn", "mara")
    )
    state = game("2v1", chars=chars, lone=lone)
    assert state.teams[team_id].hp == 15
    assert [t.energy for t in state.teams] == [0, 0]


@pytest.mark.parametrize(("lone", "team_id"), [("heroes", HEROES), ("villains", VILLAINS)])
def test_the_head_start_is_a_named_setting(lone, team_id):
    """DESIGN.md Ruling 1: `lone_head_start` gives the lone team 14 (Villain) or 6 (Hero)."""
    chars = (
        ("gearwright", "renn", "voltara") if lone == "heroes" else ("gearwright", "renn", "mara")
    )
    cfg = Config(format="2v1", lone=lone, characters=chars, lone_head_start=True)
    state = R.new_game(cfg, 0)
    if state.decision is not None and state.decision.kind == "first":
        state = choose(state, "0")  # two Villains: the first seat goes first
    assert state.teams[team_id].energy == LONE_ENERGY[team_id] > 0
    assert state.teams[1 - team_id].energy == 0
    assert Config().lone_head_start is False
