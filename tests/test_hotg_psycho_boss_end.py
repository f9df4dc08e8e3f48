"""Psycho Assault Mode after the Psycho Rangers boss deployment: the game must still end.

The expansion rulebook, "Psycho Assault Mode", section "End of the Round", moves every Psycho
Ranger to its attached Ranger at the end of each round, and the mode gives no exception once
the boss card is out ("Boss Deployment" only gathers them once and keeps the gathering place
panicked and at its limit "regardless of the number of remaining Psycho Rangers"). The engine
used to stop the move back after the boss deployment (an old Ruling PA4), so Rangers who kept
away from the gathering place never met a Psycho again and some bot games ran forever.
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games import make_bot
from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.models import ALL_RANGERS, Config
from tabletop_tui.games.hotg.rules import HotgRules, upd

CAT = catalog()
R = HotgRules()


class NoDeploy(HotgRules):
    """The next Deployment Phase is left undone, to look at the end of the round alone."""

    def _deployment_phase(self, s, ev, **kw):
        return upd(s, **kw)


ND = NoDeploy()


def after_boss(ranger_locs: tuple[int, ...]) -> m.State:
    """Three Rangers; the boss deployment done: Psycho Red (Jason's) at location 0, the
    gathering place (panicked, at its limit); the Rangers at the given locations."""
    s = ND.new_game(Config(names=("A", "B", "C"), mode="psycho_assault"), 1)
    red = m.Nemesis(id="psycho_red", status="deployed", attached_to="jason")
    locs = tuple(
        upd(
            lo,
            fs=(),
            villains=("psycho_red",) if k == 0 else (),
            panicked=k == 0,
            locked_full=k == 0,
        )
        for k, lo in enumerate(s.locations)
    )
    players = tuple(upd(p, location=locs[ranger_locs[i]].id) for i, p in enumerate(s.players))
    return upd(
        s,
        phase="action",
        decision=None,
        queue=(),
        battle=None,
        nemeses=(red,),
        psycho_aside=(),
        psycho_boss_deployed=True,
        locations=locs,
        players=players,
    )


def test_after_the_boss_deployment_a_psycho_still_follows_its_ranger():
    """ "End of the Round" (no exception after "Boss Deployment"): Jason is at location 1, so
    at the end of the round Psycho Red leaves the gathering place for location 1; the
    gathering place stays panicked and at its limit though empty ("Boss Deployment")."""
    s = after_boss((1, 1, 1))
    s = ND._end_round_rest(s, [])
    assert "psycho_red" in s.locations[1].villains
    assert "psycho_red" not in s.locations[0].villains
    assert s.locations[0].panicked and s.locations[0].locked_full
    assert s.outcome is None


def test_boundary_a_psycho_whose_ranger_is_at_the_gathering_place_stays():
    """The boundary: Jason at the gathering place itself, so Psycho Red is already with its
    Ranger and does not move."""
    s = after_boss((0, 1, 1))
    s = ND._end_round_rest(s, [])
    assert s.locations[0].villains == ("psycho_red",)
    assert not s.locations[1].villains


def test_a_psycho_following_into_the_gathering_place_goes_on_clockwise():
    """ "End of the Round" with "Boss Deployment": the gathering place counts as at its
    figure limit and holds no foot soldier to move away, so Psycho Red, following Jason
    there from location 3, goes on clockwise to the next location below its limit (1 is
    full of foot soldiers, so 2)."""
    s = after_boss((0, 2, 2))
    full = CAT.locations[s.locations[1].id].figure_limit
    s = upd(
        s,
        locations=tuple(
            upd(
                lo,
                villains=("psycho_red",) if k == 3 else (),
                fs=(("putty_patrollers", full),) if k == 1 else (),
            )
            for k, lo in enumerate(s.locations)
        ),
    )
    s = ND._end_round_rest(s, [])
    assert "psycho_red" not in s.locations[0].villains
    assert "psycho_red" in s.locations[2].villains


@pytest.mark.parametrize("seed", [0])
def test_easier_psycho_assault_bot_game_ends_after_the_boss(seed):
    """Psycho Assault Mode with the easier settings (four deployments a round, the lighter
    foot soldier cards) and four bot Rangers: seed 0 used to pass 350 rounds with no
    outcome after the boss deployment; now it ends within 40 rounds."""
    cfg = Config(
        names=("P1", "P2", "P3", "P4"),
        rangers=ALL_RANGERS[:4],
        mode="psycho_assault",
        deployments_per_round=4,
        heavy_deployments=False,
    )
    s = R.new_game(cfg, seed)
    bot = make_bot("hotg", "bot")
    boss_seen = False
    for step in range(6000):
        if s.outcome is not None:
            break
        seat = min(R.to_act(s))
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(step))
        s, _ = R.apply(s, seat, a)
        boss_seen = boss_seen or s.psycho_boss_deployed
    assert s.outcome is not None, f"no outcome by round {s.round}"
    assert boss_seen and s.round <= 40
