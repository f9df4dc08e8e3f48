"""A reusable conformance kit for the engine contract (ARCHITECTURE.md, "Tests").

Every check takes a `Rules` object and works for any game in the registry; the
per-game knobs are in `GameProfile`. `tests/test_conformance.py` runs the kit
against every playable game.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_tui.engine import IllegalAction, Rejection, Rules
from tabletop_tui.engine.match import Match, SaveFile
from tabletop_tui.games import get_rules


@dataclass(frozen=True)
class GameProfile:
    """What the kit may assume about a game."""

    #: a random playout must end within this many actions
    step_bound: int = 5000
    #: the game hides something from somebody, so `hidden_variant` must change something
    has_hidden_info: bool = True


PROFILES: dict[str, GameProfile] = {
    "army-of-zero": GameProfile(step_bound=3000),
    # co-op with open hands by default: only deck orders are hidden, from everyone alike
    "hotg": GameProfile(has_hidden_info=False),
}


def profile(game_id: str) -> GameProfile:
    return PROFILES.get(game_id, GameProfile())


@dataclass
class Playout:
    """A finished random game: every state passed through and the actions between them."""

    seed: int
    states: list[Any] = field(default_factory=list)
    #: (seat, action) played from states[i] to reach states[i + 1]
    log: list[tuple[int, Any]] = field(default_factory=list)


def seat_range(rules: Rules, state: Any) -> range:
    return range(len(rules.seat_names(state)))


def action_key(rules: Rules, action: Any) -> str:
    """A hashable, order-independent identity for an action."""
    return json.dumps(rules.dump_action(action), sort_keys=True)


def dump(state: Any) -> dict:
    return state.model_dump(mode="json")


def random_playout(rules: Rules, seed: int, *, check_each_step: bool = True) -> Playout:
    """Play a game with uniformly random legal actions, checking the contract at every step.

    Checks per state: `to_act` is empty exactly when `outcome` is set; a seat that
    need not act has no legal actions; a seat that must act has some, and each passes
    `check`; `view` works for every seat and for a spectator (None).
    """
    config = rules.default_config()
    bound = profile(rules.game_id).step_bound
    chooser = random.Random(seed * 7919 + 1)
    state = rules.new_game(config, seed)
    playout = Playout(seed=seed, states=[state])
    for _ in range(bound):
        if check_each_step:
            check_state_contract(rules, state)
        to_act = rules.to_act(state)
        if rules.outcome(state) is not None:
            return playout
        seat = chooser.choice(sorted(to_act))
        legal = rules.legal_actions(state, seat)
        action = chooser.choice(legal)
        before = dump(state)
        if check_each_step and len(playout.states) % 3 == 0:
            for other in legal:  # every legal action applies, without touching its input
                rules.apply(state, seat, other)
        state, events = rules.apply(state, seat, action)
        assert isinstance(events, tuple), "apply returns (state, events-tuple)"
        assert dump(playout.states[-1]) == before, "apply changed the state it was given"
        playout.states.append(state)
        playout.log.append((seat, action))
    raise AssertionError(
        f"{rules.game_id}: seed {seed}: no outcome after {bound} random actions "
        f"(to_act={sorted(rules.to_act(state))})"
    )


def check_state_contract(rules: Rules, state: Any) -> None:
    to_act = rules.to_act(state)
    outcome = rules.outcome(state)
    assert isinstance(to_act, frozenset)
    assert (not to_act) == (outcome is not None), (
        f"to_act={sorted(to_act)} but outcome={outcome!r}: to_act must be empty exactly "
        "when the game is over"
    )
    seats = seat_range(rules, state)
    assert to_act <= set(seats), f"to_act {sorted(to_act)} names a seat that does not exist"
    for seat in seats:
        legal = rules.legal_actions(state, seat)
        if seat not in to_act:
            assert legal == [], f"seat {seat} is not to act but has legal actions {legal}"
            continue
        assert legal, f"seat {seat} must act but has no legal action"
        keys = [action_key(rules, a) for a in legal]
        assert len(keys) == len(set(keys)), f"duplicate legal actions for seat {seat}"
        for action in legal:
            assert rules.check(state, seat, action) is None, (
                f"legal action {action!r} for seat {seat} rejected: "
                f"{rules.check(state, seat, action)}"
            )
        rules.view(state, seat)
    spectator = rules.view(state, None)
    assert spectator is not None


def action_pool(rules: Rules, playouts: list[Playout]) -> dict[str, Any]:
    """Every action that was legal for some seat in some state of the playouts."""
    pool: dict[str, Any] = {}
    for p in playouts:
        for state in p.states[::3]:
            for seat in seat_range(rules, state):
                for action in rules.legal_actions(state, seat):
                    pool.setdefault(action_key(rules, action), action)
    return pool


def check_illegal_rejected(
    rules: Rules, playout: Playout, pool: dict[str, Any], *, every: int = 4, per_seat: int = 6
) -> int:
    """Actions legal elsewhere but not here are rejected and change nothing.

    Returns how many illegal actions were tried (so callers can assert it is not 0).
    """
    pick = random.Random(playout.seed)
    keys = sorted(pool)
    tried = 0
    for state in playout.states[::every] + playout.states[-1:]:
        before = dump(state)
        for seat in seat_range(rules, state):
            legal = {action_key(rules, a) for a in rules.legal_actions(state, seat)}
            illegal = [k for k in keys if k not in legal]
            for key in pick.sample(illegal, min(per_seat, len(illegal))):
                action = pool[key]
                rejection = rules.check(state, seat, action)
                assert isinstance(rejection, Rejection), (
                    f"{action!r} is not legal for seat {seat} but check returned {rejection!r}"
                )
                assert rejection.rule and rejection.reason
                try:
                    rules.apply(state, seat, action)
                except IllegalAction as exc:
                    assert exc.rejection == rejection
                else:
                    raise AssertionError(f"apply accepted illegal {action!r} for seat {seat}")
                assert dump(state) == before, "a rejected action changed the state"
                tried += 1
    return tried


def check_determinism(rules: Rules, playout: Playout) -> None:
    """The same seed and the same actions give the same states."""
    config = rules.default_config()
    state = rules.new_game(config, playout.seed)
    assert dump(state) == dump(playout.states[0])
    for (seat, action), expected in zip(playout.log, playout.states[1:], strict=True):
        state, _ = rules.apply(state, seat, action)
        assert state == expected
        assert dump(state) == dump(expected)


def check_save_load_replay(rules: Rules, playout: Playout, folder: Path) -> None:
    """Match save/load and Match.replay() rebuild the same final state."""
    config = rules.default_config()
    match = Match(rules, config, playout.seed)
    for seat, action in playout.log:
        match.play(seat, action)
    assert dump(match.state) == dump(playout.states[-1])
    path = folder / f"{rules.game_id}-{playout.seed}.json"
    match.save(path)
    if get_rules(rules.game_id) is None:
        # rules landed before the screen (GameInfo.ready=False): Match.load refuses such
        # saves for players, so replay the file through the same validating path directly
        loaded = Match.from_save(
            SaveFile.model_validate_json(path.read_text("utf-8")), rules, source=str(path)
        )
    else:
        loaded = Match.load(path)
    assert loaded.rules.game_id == rules.game_id
    assert loaded.seed == playout.seed
    assert loaded.config == config
    assert len(loaded.actions) == len(playout.log)
    assert dump(loaded.state) == dump(playout.states[-1])
    replayed = list(loaded.replay())
    assert len(replayed) == len(playout.states)
    assert [dump(s) for s in replayed] == [dump(s) for s in playout.states]
    assert rules.outcome(loaded.state) == rules.outcome(playout.states[-1])


def check_views_do_not_leak(
    rules: Rules, playout: Playout, *, every: int = 5, variants: int = 3
) -> int:
    """A hidden variant of the state looks the same to the observer.

    Returns how many (state, observer, variant) triples changed what ANOTHER seat sees:
    that is the proof the check is not vacuous (the variant really re-dealt hidden
    things).
    """
    altered = 0
    for state in playout.states[::every]:
        seats = list(seat_range(rules, state))
        for observer in [*seats, None]:
            seen = rules.view(state, observer)
            for k in range(variants):
                variant = rules.hidden_variant(state, observer, random.Random(k))
                assert rules.view(variant, observer) == seen, (
                    f"seat {observer} can tell the state from a variant with re-dealt hidden "
                    "cards: its view leaks hidden information"
                )
                others = [s for s in seats if s != observer]
                if any(rules.view(variant, o) != rules.view(state, o) for o in others):
                    altered += 1
    return altered
