"""A log line a character's trigger causes names that character (issue 36: "· Villains gain 1
Energy" came from Hexcoil's buy trigger and did not say so)."""

from __future__ import annotations

from zeo_helpers import events, game, grid, player

from tabletop_tui.games.zeo_dbg.models import Buy

V = 0


def test_hexcoils_buy_trigger_names_hexcoil_in_the_log():
    state = grid(game(), "cogsoldier-squad").model_copy(update={"shards": 10})
    state = player(state, V, flipped=False, character="hexcoil")
    state, lines = events(state, V, Buy(source="grid", index=0))
    gain = [line for line in lines if "gain 1 Energy" in line]
    assert gain, lines
    assert all("Hexcoil" in line for line in gain), gain
