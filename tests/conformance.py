"""A reusable conformance kit for the engine contract (ARCHITECTURE.md, "Tests").

Every check takes a `Rules` object and works for any game in the registry; the
per-game knobs are in `GameProfile`. `tests/test_conformance.py` runs the kit
against every playable game.
"""

from __future__ import annotations

import json
import random
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_tui.engine import IllegalAction, Rejection, Rules
from tabletop_tui.engine.match import LoggedAction, Match, SaveError, SaveFile
from tabletop_tui.games import engine_ids, get_rules


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
        own_describe = getattr(type(rules).describe, "__wrapped__", type(rules).describe)
        for action in legal:
            assert rules.check(state, seat, action) is None, (
                f"legal action {action!r} for seat {seat} rejected: "
                f"{rules.check(state, seat, action)}"
            )
            # the game's own words (not the engine's fallback) describe every legal action
            assert own_describe(rules, action)
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


# -- property machinery (tests/test_properties*.py and benchmarks/fuzz.py) ------------------------
#
# Everything below draws from a `random.Random`, so a failure is reproduced from its seeds.

#: action kinds that end a turn or a phase: an "eager" chooser avoids them, so random games
#: reach battles, HACKs and Blocks instead of passing their way to a quick loss
ENDING_KINDS = frozenset({"end", "end_main", "end_phase", "end_turn", "pass"})


def _zoobotz_custom_deck() -> dict:
    """A player-built deck (the config carries its list), copied from a shipped one."""
    import tomllib

    path = Path(__file__).resolve().parents[1] / "card_data" / "zoobotz" / "deck-balanced.toml"
    cards = tomllib.loads(path.read_text("utf-8"))["deck"]["cards"]
    return {"name": "Home made", "cards": [[card, n] for card, n in cards.items()]}


def _hotg_config(rng: random.Random) -> dict:
    mode = rng.choice(["standard", "standard", "psycho_assault", "mastermind"])
    players = rng.randint(1, 6)
    names = [f"P{i + 1}" for i in range(players + (mode == "mastermind"))]
    config: dict[str, Any] = {
        "names": names,
        "mode": mode,
        "headquarters": rng.choice(["command_center", "command_center_assault", "astro_megaship"]),
        "deployments_per_round": rng.choice([4, 5]),
        "heavy_deployments": rng.random() < 0.3,
        "hidden_hands": rng.random() < 0.3,
        "megazord": rng.choice(["auto", "dino_megazord", "mega_voyager"]),
        "witch_curse_all_cards": rng.random() < 0.3,
        "foot_soldiers": rng.sample(["putty_patrollers", "super_putty_patrollers", "quantrons"], 2),
    }
    if mode != "psycho_assault":
        villains = rng.choice(["monsters", "psycho_monsters", "psycho_boss"])
        if villains == "psycho_monsters":
            config["psycho_monsters"] = rng.randint(1, 2)
        elif villains == "psycho_boss":
            config["boss"] = "psycho_rangers"
    return config


def random_config_data(game_id: str, rng: random.Random) -> dict:
    """A random but valid configuration of a game (as data for its Config model).

    Covers what each Config offers: seat counts, formats, decks, modes and house rules.
    """
    if game_id == "pr-ccg-2008":
        decks = ["guardians", "invaders", "colossi", "prism", "swarm"]
        return {"decks": [rng.choice(decks), rng.choice(decks)], "opening_hand": rng.randint(0, 10)}
    if game_id == "zoobotz":
        seats = rng.randint(2, 6)
        shipped = ["balanced", "research-rush", "hacking", "shields-control"]
        decks: list[Any] = [rng.choice(shipped) for _ in range(seats)]
        if rng.random() < 0.25:
            decks[rng.randrange(seats)] = _zoobotz_custom_deck()
        return {"names": [f"P{i + 1}" for i in range(seats)], "decks": decks}
    if game_id == "zeo-dbg":
        fmt = rng.choice(["1v1", "2v1", "2v2"])
        seats = {"1v1": 2, "2v1": 3, "2v2": 4}[fmt]
        return {
            "names": [f"P{i + 1}" for i in range(seats)],
            "format": fmt,
            "lone": rng.choice(["heroes", "villains"]),
            "serpentera": rng.random() < 0.3,
        }
    if game_id == "hotg":
        return _hotg_config(rng)
    return {}


def random_config(rules: Rules, rng: random.Random) -> Any:
    return rules.config_type.model_validate(random_config_data(rules.game_id, rng))


def choose(legal: list, rng: random.Random, eager: bool) -> Any:
    """A random legal action: uniform, or (eager) a uniform kind first, rarely an ending one."""
    if not eager:
        return rng.choice(legal)
    kinds = sorted({a.kind for a in legal})
    going_on = [k for k in kinds if k not in ENDING_KINDS]
    kind = rng.choice(going_on if going_on and rng.random() < 0.8 else kinds)
    return rng.choice([a for a in legal if a.kind == kind])


def as_json(state: Any) -> str:
    """The state byte for byte: a rejected action must leave exactly this unchanged."""
    return state.model_dump_json()


# -- mutated actions -------------------------------------------------------------------------------
def _numeric_kind(annotation: Any) -> str | None:
    """'int', 'bool' or 'ints' (a tuple of ints) for the number-carrying fields of an action."""
    args = set(typing.get_args(annotation)) if isinstance(annotation, types.UnionType) else set()
    base = (args - {type(None)}).pop() if len(args - {type(None)}) == 1 else annotation
    if base is bool:
        return "bool"
    if base is int:
        return "int"
    items = {
        typing.get_args(a)[0] if hasattr(a, "__metadata__") else a for a in typing.get_args(base)
    }
    if typing.get_origin(base) is tuple and items and items <= {int, Ellipsis}:
        return "ints"
    return None


def _bounds(info: Any) -> tuple[int | None, int | None]:
    lo = hi = None
    for meta in info.metadata:
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
    return lo, hi


#: far outside any range: negative, past 32 and 64 bits, and a number too long to print
FAR_VALUES = (-1, -5, -(2**31), 2**31, 2**63, 10**5000)
#: the wrong type in a number's place (only an action built with model_construct holds these)
WRONG_TYPES: tuple[Any, ...] = (True, False, 1.0, 2.5, "1", None, [0])


def numeric_mutations(action: Any, rng: random.Random) -> list[tuple[str, Any, bool]]:
    """(field, value, well_typed) for every number of `action` pushed out of its range.

    Each number goes one past its neighbours, past its static bounds, far away, and to
    values of the wrong type; well_typed says the value fits the field's type, so the
    mutated action can be compared with the legal ones.
    """
    out: list[tuple[str, Any, bool]] = []
    for name, info in type(action).model_fields.items():
        kind = _numeric_kind(info.annotation)
        value = getattr(action, name)
        if kind == "bool":
            out += [
                (name, not value, True),
                (name, 2, False),
                (name, -1, False),
                (name, None, False),
            ]
        elif kind == "int":
            lo, hi = _bounds(info)
            near = {-1, 0, 1} if value is None else {value - 1, value + 1, value + 7}
            edges = {b for b in (lo, hi) if b is not None} | {
                b + d for b, d in ((lo, -1), (hi, 1)) if b is not None
            }
            for v in sorted(near | edges | set(FAR_VALUES)):
                if v != value:
                    out.append((name, v, True))
            out += [(name, w, False) for w in rng.sample(WRONG_TYPES, 3) if w is not value]
            if value is not None and _optional(info.annotation):
                out.append((name, None, True))
        elif kind == "ints":
            ints = tuple(value)
            out += [(name, (*ints, -1), True), (name, (*ints, 10**9), True)]
            if ints:
                i = rng.randrange(len(ints))
                out += [
                    (name, (*ints[:i], ints[i] + 1, *ints[i + 1 :]), True),
                    (name, (*ints[:i], -1, *ints[i + 1 :]), True),
                    (name, ints[:-1], True),
                    (name, list(ints), False),
                ]
    return out


def _optional(annotation: Any) -> bool:
    return isinstance(annotation, types.UnionType) and type(None) in typing.get_args(annotation)


def mutate(action: Any, name: str, value: Any) -> Any:
    """The action with one field replaced, built WITHOUT validation (as careless code might)."""
    return type(action).model_construct(**{**action.__dict__, name: value})


def string_fields(action: Any) -> list[str]:
    return [n for n, v in action.__dict__.items() if n != "kind" and isinstance(v, str)]


def swapped_ids(action: Any, foreign_ids: list[str], rng: random.Random, count: int = 2) -> list:
    """The action with a string field (a card, a Bot, a location) set to another game's id."""
    out = []
    for name in string_fields(action):
        for value in rng.sample(foreign_ids, min(count, len(foreign_ids))):
            out.append(mutate(action, name, value))
    return out


def foreign_ids(actions: list) -> list[str]:
    """The string ids named by some actions (used to swap them into another game's actions)."""
    return sorted({v for a in actions for n in string_fields(a) for v in [getattr(a, n)]})


def well_formed(rules: Rules, action: Any) -> bool:
    """One of the game's action models, every field of the right type and within bounds."""
    if type(action) not in rules.action_classes():
        return False
    try:
        type(action).model_validate(action.__dict__, strict=True)
    except ValueError:
        return False
    return True


def shown(action: Any) -> str:
    """repr for a failure message (an int of thousands of digits cannot be printed)."""
    try:
        return repr(action)
    except ValueError:
        return f"{type(action).__name__} holding a huge number"


def expect_rejected(rules: Rules, state: Any, seat: int, action: Any, before: str) -> Rejection:
    """`check` names a rule, `apply` raises that same rejection, the state is unchanged."""
    rejection = rules.check(state, seat, action)
    assert isinstance(rejection, Rejection), (
        f"{rules.game_id}: seat {seat!r}: {shown(action)} is not a legal action, but check gave "
        f"{rejection!r}"
    )
    assert rejection.rule and rejection.reason
    try:
        rules.apply(state, seat, action)
    except IllegalAction as exc:
        assert exc.rejection == rejection
    else:
        raise AssertionError(f"{rules.game_id}: apply accepted {shown(action)} for seat {seat!r}")
    assert as_json(state) == before, f"{rules.game_id}: rejecting {shown(action)} changed the state"
    return rejection


# -- one fuzzed game: every invariant at once -----------------------------------------------------
@dataclass
class FuzzCounts:
    """What fuzzing did: games played, actions applied, illegal actions refused, and probes."""

    games: int = 0
    actions: int = 0
    mutations: int = 0
    undos: int = 0
    saves: int = 0


_OTHERS: dict[str, list] = {}


def other_games_actions(game_id: str) -> list:
    """Actions of every OTHER game, from a short random game of each (computed once)."""
    if not _OTHERS:
        for gid in engine_ids():
            rules = get_rules(gid, unfinished=True)
            rng = random.Random(99)
            state = rules.new_game(rules.default_config(), 99)
            seen: dict[str, Any] = {}
            for _ in range(300):
                if not rules.to_act(state):
                    break
                seat = rng.choice(sorted(rules.to_act(state)))
                legal = rules.legal_actions(state, seat)
                for a in legal:
                    seen.setdefault(action_key(rules, a), a)
                state, _ = rules.apply(state, seat, choose(legal, rng, eager=True))
            _OTHERS[gid] = list(seen.values())
    return [a for gid in sorted(_OTHERS) if gid != game_id for a in _OTHERS[gid]]


def _has_numbers(action: Any) -> bool:
    return any(_numeric_kind(i.annotation) for i in type(action).model_fields.values())


#: seats that do not exist or are not numbers
BAD_SEATS: tuple[Any, ...] = (-1, 7, 10**30, True, "0", None, 1.0)


def probe_illegal(
    rules: Rules,
    match: Match,
    seat: int,
    legal: list,
    stale: list[tuple[int, Any]],
    rng: random.Random,
    *,
    save_probe: bool = False,
) -> int:
    """Throw every kind of illegal action at the current state; each must be refused cleanly.

    Numbers pushed out of range, another game's ids in this game's actions, other games'
    actions, actions legal in earlier states, other seats, seats that do not exist. With
    `save_probe`, a save whose log ends in one of them must not load. Returns how many
    illegal actions were tried.
    """
    state = match.state
    before = as_json(state)
    legal_keys = {action_key(rules, a) for a in legal}
    others = other_games_actions(rules.game_id)
    tried = 0
    bad_for_save: list[Any] = []

    def refuse(action: Any, seat: Any = seat, savable: bool = False) -> None:
        nonlocal tried
        if seat == seat_now and well_formed(rules, action):
            if action_key(rules, action) in legal_keys:
                return  # the mutation happens to be legal: nothing to refuse
        expect_rejected(rules, state, seat, action, before)
        tried += 1
        if savable and seat == seat_now:
            bad_for_save.append(action)

    seat_now = seat
    numeric = [a for a in legal if _has_numbers(a)]
    for action in rng.sample(numeric, min(3, len(numeric))):
        for name, value, typed in numeric_mutations(action, rng):
            refuse(mutate(action, name, value), savable=typed)
    named = [a for a in legal if string_fields(a)]
    for action in rng.sample(named, min(2, len(named))):
        for swapped in swapped_ids(action, foreign_ids(others), rng):
            refuse(swapped, savable=well_formed(rules, swapped))
    for action in rng.sample(others, min(3, len(others))):
        refuse(action)
    for _, action in rng.sample(stale, min(4, len(stale))):
        refuse(action, savable=True)
    to_act = rules.to_act(state)
    idle = [s for s in seat_range(rules, state) if s not in to_act]
    if idle:
        for action in rng.sample(legal, min(2, len(legal))):
            refuse(action, seat=rng.choice(idle))
    for bad_seat in BAD_SEATS:
        refuse(rng.choice(legal), seat=bad_seat)
    if save_probe and bad_for_save:
        check_save_refuses(rules, match, seat, rng.choice(bad_for_save))
    return tried


def check_save_refuses(rules: Rules, match: Match, seat: int, action: Any) -> None:
    """A save whose log ends in an illegal action does not load; the error names the action."""
    data = match.to_save()
    bad = LoggedAction(seat=seat, action=rules.dump_action(action))
    data = data.model_copy(update={"actions": [*data.actions, bad]})
    try:
        Match.from_save(data, rules, source="fuzzed.json")
    except SaveError as exc:
        assert f"action #{len(data.actions)}" in str(exc), str(exc)
    else:
        raise AssertionError(f"{rules.game_id}: a save ending in {shown(action)} loaded")


def probe_undo(rules: Rules, match: Match, history: list[str], rng: random.Random) -> int:
    """Undo stops at a barrier, restores the exact earlier state, and redoing returns here."""
    last = match.actions[-1].seat
    seats = list(range(len(match.seats)))
    bots = frozenset(rng.sample(seats, rng.randint(0, len(seats))))
    if any(e.barrier for e in match.events[-1]):
        assert match.undoable(last, bots) == 0, "undo would take back revealed information"
        assert match.undo(last, bots) == 0 and as_json(match.state) == history[-1]
        return 0
    count = match.undoable(last, bots)
    if not count:
        return 0
    assert not any(e.barrier for batch in match.events[-count:] for e in batch)
    undone = match.actions[-count:]
    assert match.undo(last, bots) == count
    assert as_json(match.state) == history[-1 - count], "undo did not restore the earlier state"
    assert len(match.actions) == len(history) - 1 - count
    for logged in undone:
        match.play(logged.seat, rules.parse_action(logged.action))
    assert as_json(match.state) == history[-1], "redoing the undone actions gave another state"
    return 1


def check_save_round_trip(rules: Rules, match: Match, history: list[str], folder: Path) -> None:
    """Save, load (which replays), replay: the same states byte for byte, the same file."""
    path = folder / f"{rules.game_id}-{match.seed}.json"
    match.save(path)
    if get_rules(rules.game_id) is None:
        loaded = Match.from_save(
            SaveFile.model_validate_json(path.read_text("utf-8")), rules, source=str(path)
        )
    else:
        loaded = Match.load(path)
    assert loaded.config == match.config and loaded.seed == match.seed
    assert [as_json(s) for s in loaded.states] == history
    assert [as_json(s) for s in loaded.replay()] == history
    again = folder / f"{rules.game_id}-{match.seed}-again.json"
    loaded.save(again)
    assert again.read_bytes() == path.read_bytes(), "a loaded game saves to another file"


def fuzz_game(
    rules: Rules,
    seed: int,
    folder: Path,
    counts: FuzzCounts,
    *,
    invariants: bool = True,
    illegal: bool = True,
    contract_every: int = 5,
    illegal_every: int = 4,
) -> None:
    """One random game of a random configuration, checking what its flags ask for.

    invariants: the state contract, undo probes, and save/load/replay at the end.
    illegal: every `illegal_every` states, `probe_illegal` (and once a save probe).
    Everything follows from `seed`, so a failure is replayed from the seed alone.
    """
    rng = random.Random(seed)
    config = random_config(rules, rng)
    eager = rng.random() < 0.6
    match = Match(rules, config, seed)
    history = [as_json(match.state)]
    stale: list[tuple[int, Any]] = []
    save_probe_from = rng.randrange(0, 60)
    save_probed = False
    bound = profile(rules.game_id).step_bound
    for step in range(bound + 1):
        state = match.state
        if invariants and step % contract_every == 0:
            check_state_contract(rules, state)
        to_act = rules.to_act(state)
        if not to_act:
            break
        seat = rng.choice(sorted(to_act))
        legal = rules.legal_actions(state, seat)
        if illegal and step % illegal_every == 0:
            probe_save = not save_probed and step >= save_probe_from
            save_probed = save_probed or probe_save
            counts.mutations += probe_illegal(
                rules, match, seat, legal, stale, rng, save_probe=probe_save
            )
        action = choose(legal, rng, eager)
        for pair in [(seat, action), (seat, rng.choice(legal))]:
            if len(stale) < 300:
                stale.append(pair)
            else:
                stale[rng.randrange(300)] = pair
        match.play(seat, action)
        counts.actions += 1
        history.append(as_json(match.state))
        if invariants and rng.random() < 0.15:
            counts.undos += probe_undo(rules, match, history, rng)
    else:
        raise AssertionError(f"{rules.game_id}: seed {seed}: no outcome after {bound} actions")
    check_state_contract(rules, match.state)
    if invariants:
        check_save_round_trip(rules, match, history, folder)
        counts.saves += 1
    counts.games += 1


def find_legal(
    rules: Rules, wanted: Any, seeds: range = range(300), config: Any = None
) -> tuple[Match, int, Any]:
    """The first (match, seat, action) of eager random games where `wanted(action)` is legal.

    Scenario tests use it to reach a real state (a battle with Blade Blaster in hand, a full
    Grid) without building one by hand.
    """
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(rules, config or rules.default_config(), seed)
        for _ in range(profile(rules.game_id).step_bound):
            to_act = rules.to_act(match.state)
            if not to_act:
                break
            seat = rng.choice(sorted(to_act))
            legal = rules.legal_actions(match.state, seat)
            found = [a for a in legal if wanted(a)]
            if found:
                return match, seat, found[0]
            match.play(seat, choose(legal, rng, eager=True))
    raise AssertionError(f"{rules.game_id}: no wanted action in {len(seeds)} random games")
