"""Headless bot-against-bot games, for benchmarks and tests (no UI imports).

Every seat is a bot from the registry; each bot gets only its seat's View and legal
actions, and its own dice from `bot_rng(seed, step, seat)`, so a seed replays exactly.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel

from .engine.bots import bot_rng
from .games import get_rules, make_bot, unknown_game_message


class SelfplayResult(BaseModel):
    seed: int
    game: str
    #: "loss": a co-operative game (Rules.cooperative) ended with no winner
    outcome: Literal["win", "draw", "loss", "unfinished"]
    winners: list[int] = []
    winner_names: list[str] = []
    #: how many actions were played
    actions: int
    #: wall time in milliseconds
    ms: float


def play_headless(
    game_id: str,
    seed: int,
    kinds: list[str],
    max_steps: int = 200_000,
    config: dict | None = None,
) -> SelfplayResult:
    """Play one game with a bot of `kinds[i]` ("random", "heuristic") in seat i.

    `config` (e.g. {"decks": ["guardians", "invaders"]}) is merged into the game's
    default config; without it the default config is used.
    """
    rules = get_rules(game_id)
    if rules is None:
        raise ValueError(unknown_game_message(game_id))
    started = time.perf_counter()
    config = game_config(rules, config, seats=len(kinds))
    state = rules.new_game(config, seed)
    bots = [make_bot(game_id, kind) for kind in kinds]
    step = 0
    while step < max_steps:
        to_act = rules.to_act(state)
        if not to_act:
            break
        # Simultaneous secret choices: each seat decides in seat order. A seat's View
        # hides the others' face-down choices, so acting second reveals nothing.
        for seat in sorted(to_act):
            if step >= max_steps:
                break
            if seat not in rules.to_act(state):
                continue
            legal = rules.legal_actions(state, seat)
            action = bots[seat].choose(
                rules.view(state, seat), legal, seat, bot_rng(seed, step, seat)
            )
            state, _ = rules.apply(state, seat, action)
            step += 1
    outcome = rules.outcome(state)
    names = rules.seat_names(state)
    if outcome is None:
        kind, winners = "unfinished", []
    else:
        kind, winners = ("draw" if outcome.is_draw else "win"), list(outcome.winners)
        if not winners and getattr(rules, "cooperative", False):
            kind = "loss"  # no winner in a co-operative game: the team lost together
    return SelfplayResult(
        seed=seed,
        game=game_id,
        outcome=kind,
        winners=winners,
        winner_names=[names[w] for w in winners],
        actions=step,
        ms=(time.perf_counter() - started) * 1000,
    )


def game_config(rules, overrides: dict | None = None, seats: int | None = None):
    """The game's default config for `seats` players (default: its own default count) with
    `overrides` merged in (validated by its Config model)."""
    config = rules.default_config()
    if seats is not None and rules.seat_count(config) != seats:
        config = rules.default_config([f"Bot {i + 1}" for i in range(seats)])
    if not overrides:
        return config
    return rules.config_type.model_validate({**config.model_dump(), **overrides})


def run_many(
    game_id: str, games: int, seed: int, kinds: list[str], config: dict | None = None
) -> Iterator[SelfplayResult]:
    """`games` headless games with seeds seed, seed + 1, ... (`config` as in play_headless)."""
    for offset in range(games):
        yield play_headless(game_id, seed + offset, kinds, config=config)
