"""Heroes of the Grid: the shortcuts the rules take for speed give the answers of the slow,
general path they stand for.

Random playouts spend most of their moves in the Action Phase (base rules §4.2: each Ranger
flips a token to MOVE, BATTLE or RECOVER, or hands the turn on), so `legal_actions` reads
those moves straight off the state instead of checking every candidate. Here both paths
run side by side over many states of every mode and headquarters.
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.models import Config
from tabletop_tui.games.hotg.rules import HotgRules
from tabletop_tui.games.hotg.state_ops import shared

R = HotgRules()

CONFIGS = {
    "standard, four players": Config(),
    "two players with two Rangers each": Config(names=("A", "B")),
    "Command Center Assault": Config(
        names=("A", "B", "C"), headquarters="command_center_assault", boss="psycho_rangers"
    ),
    "Astro Megaship, six players": Config(
        names=("A", "B", "C", "D", "E", "F"), headquarters="astro_megaship", psycho_monsters=1
    ),
    "Mastermind Mode": Config(names=("A", "B", "C", "Evil"), mode="mastermind"),
    "Psycho Assault Mode": Config(names=("A", "B", "C", "D"), mode="psycho_assault"),
    "four deployments, two players": Config(names=("A", "B"), deployments_per_round=4),
}


def _checked(state, seat):
    """The general path: every candidate that passes the checks."""
    return [a for a in R._candidates(state, seat) if R._check(state, seat, a) is None]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_hotg_fast_legal_moves_match_the_checks(name):
    """§4.2 Taking actions and §5.3 the Rangers' turn in a battle: the moves the shortcuts
    list are exactly the candidates that pass `check`, in the same order, wherever random
    games go (tokens spent, enemies at the Command Center, Zords summoned, locations full,
    X costs, GUARD)."""
    config = CONFIGS[name]
    compared = battles = 0
    kinds: set[str] = set()
    for seed in range(25):
        rng = random.Random(seed)
        state = R.new_game(config, seed)
        for _ in range(400):
            seats = R.to_act(state)
            if not seats:
                break
            seat = min(seats)
            if state.decision is None and state.phase == "action":
                fast = R._legal_action_phase(state, seat)
                assert fast == _checked(state, seat), (name, seed)
                kinds.update(type(a).__name__ for a in fast)
                compared += 1
            if state.decision is None and state.phase == "battle":
                fast = R._legal_battle(state, seat)
                assert fast == _checked(state, seat), (name, seed)
                kinds.update(type(a).__name__ for a in fast)
                battles += 1
            legal = R.legal_actions(state, seat)
            state, _ = R.apply(state, seat, legal[rng.randrange(len(legal))])
    assert compared > 100 and battles > 10
    # the comparison saw every kind of Action Phase move, and card plays, at least once
    assert {"Move", "StartBattle", "Recover", "EndPhase", "PlayCard"} <= kinds


def test_hotg_fast_path_refuses_what_the_checks_refuse():
    """§4.2: a Ranger with no unused token may not MOVE, BATTLE or RECOVER; the shortcut
    leaves those moves out exactly as `check` rejects them."""
    state = R.new_game(Config(names=("A", "B")), 4)
    assert state.phase == "action" and state.decision is None
    seat = state.focus
    players = list(state.players)
    players[seat] = players[seat].model_copy(update={"tokens": 0})
    spent = state.model_copy(update={"players": tuple(players)})
    fast = R._legal_action_phase(spent, seat)
    assert not any(isinstance(a, (m.Move, m.StartBattle, m.Recover)) for a in fast)
    assert R.check(spent, seat, shared(m.Recover)) is not None
    assert fast == _checked(spent, seat)
    assert shared(m.EndPhase) in fast


def test_shared_actions_are_validated_once_and_equal_fresh_ones():
    """Moves offered state after state are one shared frozen object each; they equal a
    freshly validated action, and a bad field still fails validation on first use."""
    a = shared(m.Move, to="hq", power_up=True)
    assert a is shared(m.Move, to="hq", power_up=True)
    assert a == m.Move(to="hq", power_up=True)
    with pytest.raises(ValueError):
        shared(m.Draw, count=-1)


@pytest.mark.parametrize(
    "name", ["standard, four players", "Command Center Assault", "Mastermind Mode"]
)
def test_hotg_figures_placed_together_land_as_one_at_a_time(name):
    """§4.1 Deployment: foot soldiers arrive one at a time, a full location sending the
    next clockwise (and panicking as it fills). Placing n figures in one call (figures bound
    for the same location go in together) gives the state and the log of n single
    placements, from states all over random games, with overflow and panic."""
    config = CONFIGS[name]
    seen_overflow = seen_panic = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = R.new_game(config, seed)
        for _ in range(60):
            seats = R.to_act(state)
            if not seats:
                break
            for where in range(4):
                target = state.locations[where].id
                kind = state.config.foot_soldiers[where % 2]
                for n in (2, 3, 5):
                    together: list = []
                    one_by_one: list = []
                    got = R._place_fs(state, target, kind, n, together)
                    want = state
                    for _ in range(n):
                        want = R._place_fs(want, target, kind, 1, one_by_one)
                        if want.outcome:
                            break
                    assert got == want, (name, seed, target, n)
                    assert [e.model_dump() for e in together] == [
                        e.model_dump() for e in one_by_one
                    ]
                    seen_overflow += any("overflow" in e.text for e in together)
                    seen_panic += any("PANIC" in e.text for e in together)
            seat = min(seats)
            legal = R.legal_actions(state, seat)
            state, _ = R.apply(state, seat, legal[rng.randrange(len(legal))])
    assert seen_panic
    if config.headquarters != "command_center_assault":  # there a full location's figures
        assert seen_overflow  # go to the Command Center (§7) instead of overflowing


def test_hotg_default_config_is_validated_once_and_equals_a_fresh_one():
    """The default config (base rules §2: four players, the default team) is built once
    and shared; it is the config validation gives, and named players still get their own."""
    first, again = R.default_config(), R.default_config()
    assert first is again
    assert first == Config() and first.model_dump_json() == Config().model_dump_json()
    assert R.default_config(["A", "B"]) == Config(names=("A", "B"))


def test_hotg_remembered_slot_answers_match_fresh_ones():
    """§5.6 GUARD and adjacency, and the PASSIVE effects in play: the answers remembered
    for a battle's enemy cards (shared between slot tuples of the same cards, places and
    defeats) are the ones worked out afresh, at every battle step of random games."""
    from tabletop_tui.games.hotg.state_ops import SlotInfo, _cat, slot_info

    compared = 0
    for name in ("standard, four players", "Mastermind Mode", "Psycho Assault Mode"):
        config = CONFIGS[name]
        for seed in range(12):
            rng = random.Random(seed)
            state = R.new_game(config, seed)
            for _ in range(300):
                if state.battle is not None and state.battle.slots:
                    got = slot_info(state)
                    fresh = SlotInfo(state.battle.slots, _cat(state))
                    assert got.slots is state.battle.slots
                    assert (got.adjacent, got.guarded, got.passives) == (
                        fresh.adjacent,
                        fresh.guarded,
                        fresh.passives,
                    )
                    compared += 1
                seats = R.to_act(state)
                if not seats:
                    break
                seat = min(seats)
                legal = R.legal_actions(state, seat)
                state, _ = R.apply(state, seat, legal[rng.randrange(len(legal))])
    assert compared > 50


def test_hotg_dice_rolled_in_a_row_match_one_die_at_a_time():
    """An attack rolls one die per dice icon (base rules, attacking). The rules draw a roll's
    dice through one Deal: the faces and the generator after them are those of rolling the
    state's generator one d6 at a time."""
    from tabletop_tui.games.hotg.state_ops import _cat

    state = R.new_game(Config(), 11)
    faces = _cat(state).dice
    for n in range(7):
        rolled, after = R._roll(state, n)
        rng, expected = state.rng, []
        for _ in range(n):
            v, rng = rng.d6()
            expected.append(faces[v - 1])
        assert rolled == tuple(expected)
        assert after.rng == rng
        assert after.model_dump() == state.model_copy(update={"rng": rng}).model_dump()
