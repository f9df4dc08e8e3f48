"""Headless self-play: deterministic per seed, reaches an outcome, counts actions."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.selfplay import SelfplayResult, play_headless, run_many

GAME = "army-of-zero"


def without_time(result: SelfplayResult) -> dict:
    return result.model_dump(exclude={"ms"})


def reference_count(seed: int, kinds: list[str]) -> tuple[int, tuple[int, ...]]:
    """The same protocol written out by hand: seats in to_act act in seat order."""
    rules = get_rules(GAME)
    bots = [make_bot(GAME, k) for k in kinds]
    state = rules.new_game(rules.default_config(), seed)
    step = 0
    while rules.to_act(state):
        for seat in sorted(rules.to_act(state)):
            legal = rules.legal_actions(state, seat)
            action = bots[seat].choose(
                rules.view(state, seat), legal, seat, bot_rng(seed, step, seat)
            )
            state, _ = rules.apply(state, seat, action)
            step += 1
    return step, rules.outcome(state).winners


def test_same_seed_same_game():
    for kinds in (["random", "random"], ["heuristic", "random"], ["heuristic", "heuristic"]):
        first = play_headless(GAME, 42, kinds)
        second = play_headless(GAME, 42, kinds)
        assert without_time(first) == without_time(second)


def test_reaches_an_outcome_and_counts_actions():
    kinds = ["heuristic", "random"]
    result = play_headless(GAME, 7, kinds)
    assert result.outcome in ("win", "draw")
    assert result.game == GAME and result.seed == 7
    assert result.ms >= 0
    if result.outcome == "win":
        assert len(result.winners) == 1
        assert result.winner_names == [f"Player {result.winners[0] + 1}"]
    steps, winners = reference_count(7, kinds)
    assert result.actions == steps
    assert tuple(result.winners) == winners


def test_step_limit_leaves_the_game_unfinished():
    result = play_headless(GAME, 1, ["random", "random"], max_steps=5)
    assert result.outcome == "unfinished"
    assert result.actions == 5
    assert result.winners == [] and result.winner_names == []


def test_run_many_uses_consecutive_seeds():
    results = list(run_many(GAME, 3, 100, ["random", "heuristic"]))
    assert [r.seed for r in results] == [100, 101, 102]
    assert all(r.outcome != "unfinished" for r in results)
    assert without_time(results[1]) == without_time(
        play_headless(GAME, 101, ["random", "heuristic"])
    )


def test_unknown_game_is_explained():
    with pytest.raises(ValueError, match="unknown game"):
        play_headless("no-such-game", 1, ["random"])
