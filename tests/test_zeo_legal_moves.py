"""Zeo's legal_actions takes shortcuts for speed (it leaves out moves whose first check fails
on sight and skips the checks every move of the phase passes). These tests hold it to the
plain definition of the engine contract: every move of the game that `check` accepts, in
the fixed order the moves are listed.
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.zeo_dbg.models import (
    GRID_SIZE,
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    Config,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
)
from tabletop_tui.games.zeo_dbg.rules import ZeoRules

R = ZeoRules()


def every_move(state, seat) -> list:
    """All moves of the seat's situation, legal or not, in legal_actions' order."""
    if state.phase == "setup" and state.decision is None:
        return [Pick(character=c) for c in state.players[seat].offer]
    if state.attack is not None:
        return [Choose(option=o.id) for o in R.block_options(state, seat)]
    if state.decision is not None:
        return [Choose(option=o.id) for o in state.decision.options]
    p = state.players[seat]
    if state.phase == "end":
        return [DiscardAttached(slot=i) for i in range(4)] + [EndTurn()]
    out: list = [Play(card=c) for c in p.hand]
    for c in p.hand:
        out += [Attach(card=c, slot=i) for i in range(4)]
        out.append(AttachTile(card=c))
    out += [Buy(source="grid", index=i) for i in range(GRID_SIZE)]
    out += [Buy(source=s) for s in ("blaster", "item", "own", "stack", "serpentera")]
    out += [Battle(index=i) for i in range(GRID_SIZE)]
    out += [Battle(slot=i) for i in range(4)]
    out += [Activate(source=s) for s in ("character", "bay", "serpentera")]
    out += [Activate(source="slot", index=i) for i in range(4)]
    out += [Activate(source="zord", index=i) for i in range(len(state.bay))]
    out += [DestroyBlaster(card=c) for c in p.played if c.startswith("zeo-blaster#")]
    out += [DiscardAttached(slot=i) for i in range(4)]
    out.append(EndMain())
    return out


CONFIGS = [
    Config(),
    Config(format="2v2"),
    Config(format="2v1", lone="villains", serpentera=True),
    Config(format="2v1", lone="heroes"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.format}-{c.lone}-{c.serpentera}")
def test_legal_actions_are_every_move_check_accepts(config):
    """Engine contract: legal_actions lists every legal action. Checked in every state of
    seeded random games, for every seat (those not to act must get an empty list)."""
    states = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = R.new_game(config, seed)
        while R.to_act(state) and states < 4000:
            to_act = R.to_act(state)
            for seat in range(len(state.players)):
                got = R.legal_actions(state, seat)
                if seat not in to_act:
                    assert got == []
                    continue
                want = [a for a in every_move(state, seat) if R.check(state, seat, a) is None]
                assert got == want, (seed, state.phase, seat)
            seat = min(to_act)
            legal = R.legal_actions(state, seat)
            state, _ = R.apply(state, seat, legal[rng.randrange(len(legal))])
            states += 1
    assert states > 400  # the games went deep enough to reach many kinds of turn
