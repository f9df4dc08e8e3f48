"""The conformance kit (tests/conformance.py) run against every playable game."""

from __future__ import annotations

import pytest
from conformance import (
    Playout,
    action_pool,
    check_determinism,
    check_illegal_rejected,
    check_save_load_replay,
    check_views_do_not_leak,
    profile,
    random_playout,
)

from tabletop_tui.games import GAMES, engine_ids, get_rules

SEEDS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 42, 12345)
GAME_IDS = engine_ids()

_cache: dict[str, list[Playout]] = {}


def playouts(game_id: str) -> list[Playout]:
    """Random playouts of a game, once per test session (the contract is checked as they go)."""
    if game_id not in _cache:
        rules = get_rules(game_id, unfinished=True)
        _cache[game_id] = [random_playout(rules, seed) for seed in SEEDS]
    return _cache[game_id]


def test_registry_has_playable_games():
    assert GAME_IDS, "no playable game in the registry"
    assert set(GAME_IDS) <= set(GAMES)
    for game_id in GAMES:
        rules = get_rules(game_id, unfinished=True)
        assert (rules is not None) == (game_id in GAME_IDS)
        if rules is not None:
            assert rules.game_id == game_id
            assert 1 <= rules.min_seats <= rules.max_seats


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_reach_an_outcome(game_id):
    rules = get_rules(game_id, unfinished=True)
    bound = profile(game_id).step_bound
    for p in playouts(game_id):
        final = p.states[-1]
        assert rules.outcome(final) is not None
        assert rules.to_act(final) == frozenset()
        assert len(p.log) <= bound
        # not over before the end
        assert all(rules.outcome(s) is None for s in p.states[:-1])
        for seat in range(len(rules.seat_names(final))):
            assert rules.legal_actions(final, seat) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_different_seeds_give_different_games(game_id):
    starts = {str(p.states[0].model_dump(mode="json")) for p in playouts(game_id)}
    assert len(starts) == len(SEEDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_are_rejected_and_change_nothing(game_id):
    rules = get_rules(game_id, unfinished=True)
    ps = playouts(game_id)
    pool = action_pool(rules, ps)
    tried = sum(check_illegal_rejected(rules, p, pool) for p in ps)
    assert tried > 100


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_and_actions_give_the_same_game(game_id):
    rules = get_rules(game_id, unfinished=True)
    for p in playouts(game_id):
        check_determinism(rules, p)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_load_and_replay_reproduce_the_state(game_id, tmp_path):
    rules = get_rules(game_id, unfinished=True)
    for p in playouts(game_id)[:3]:
        check_save_load_replay(rules, p, tmp_path)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_do_not_leak_hidden_information(game_id):
    rules = get_rules(game_id, unfinished=True)
    altered = sum(check_views_do_not_leak(rules, p, every=2) for p in playouts(game_id))
    if profile(game_id).has_hidden_info:
        assert altered > 0, "hidden_variant never changed anything: the leak check is vacuous"
