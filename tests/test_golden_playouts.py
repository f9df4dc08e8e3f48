"""Speed work on the small games must not change what they do.

Seeded random playouts of every game (Heroes of the Grid in its modes and headquarters
too) are reduced to one digest per playout: every state's JSON, every event, every seat's
legal actions, every view (each seat and a spectator) and the rejection of one foreign
action per step. The digests in tests/data/golden_playouts.json were computed from the
engine before its hot paths were rewritten (model_construct instead of validating copies,
shared sub-states; for Heroes of the Grid, before its deployment and set-up shortcuts), so
any drift in states, texts, views, action order or rejection reasons shows up as a changed
digest.

Regenerate only when a rules change is meant to change behaviour:
    .venv/bin/python tests/test_golden_playouts.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from tabletop_tui.games import get_rules

DATA = Path(__file__).parent / "data" / "golden_playouts.json"
SEEDS = range(12)
#: (game id, config label, config fields): defaults plus the variants that take other paths
CASES: list[tuple[str, str, dict]] = [
    ("army-of-zero", "default", {}),
    ("pr-ccg-2008", "default", {}),
    ("pr-ccg-2008", "prism-vs-swarm-hand3", {"decks": ("prism", "swarm"), "opening_hand": 3}),
    ("pr-ccg-2008", "colossi-vs-guardians", {"decks": ("colossi", "guardians")}),
    ("zoobotz", "default", {}),
    ("zoobotz", "hacking-vs-shields", {"decks": ("hacking", "shields-control")}),
    ("zoobotz", "three-players", {"names": ("A", "B", "C")}),
    ("zoobotz", "four-players", {"names": ("A", "B", "C", "D")}),
    ("zeo-dbg", "default", {}),
    ("zeo-dbg", "2v2", {"format": "2v2"}),
    (
        "zeo-dbg",
        "2v1-lone-villain-serpentera",
        {"format": "2v1", "lone": "villains", "serpentera": True},
    ),
    ("hotg", "default", {}),
    ("hotg", "two-players", {"names": ("A", "B")}),
    ("hotg", "mastermind", {"names": ("A", "B", "C", "Evil"), "mode": "mastermind"}),
    ("hotg", "psycho-assault", {"names": ("A", "B", "C", "D"), "mode": "psycho_assault"}),
    (
        "hotg",
        "cc-assault-psycho-boss",
        {
            "names": ("A", "B", "C"),
            "headquarters": "command_center_assault",
            "boss": "psycho_rangers",
        },
    ),
    (
        "hotg",
        "six-players-megaship",
        {
            "names": ("A", "B", "C", "D", "E", "F"),
            "headquarters": "astro_megaship",
            "psycho_monsters": 1,
        },
    ),
]
STEP_BOUND = 3000


def _dump(rules, action) -> str:
    return json.dumps(rules.dump_action(action), sort_keys=True)


def playout_digest(game_id: str, fields: dict, seed: int) -> str:
    """Play one seeded random game and hash everything a player or a save could observe."""
    rules = get_rules(game_id, unfinished=True)
    config = rules.config_type(**fields)
    chooser = random.Random(seed * 1_000_003 + 17)
    h = hashlib.sha256()

    def feed(text: str) -> None:
        h.update(text.encode())
        h.update(b"\n")

    state = rules.new_game(config, seed)
    seats = range(len(rules.seat_names(state)))
    seen: list = []  # actions legal somewhere earlier: tried where they may be illegal
    for _ in range(STEP_BOUND):
        feed(state.model_dump_json())
        for seat in (*seats, None):
            feed(rules.view(state, seat).model_dump_json())
        to_act = rules.to_act(state)
        feed(repr(sorted(to_act)))
        if not to_act:
            feed(rules.outcome(state).model_dump_json())
            break
        for seat in seats:
            legal = rules.legal_actions(state, seat)
            feed(f"{seat}: " + "|".join(_dump(rules, a) for a in legal))
            if seat in to_act:
                for action in legal[:: max(1, len(legal) // 4)]:
                    feed(rules.describe(action))
        if seen:
            other = chooser.choice(seen)
            other_seat = chooser.choice(list(seats))
            rejection = rules.check(state, other_seat, other)
            feed("ok" if rejection is None else rejection.model_dump_json())
        seat = chooser.choice(sorted(to_act))
        legal = rules.legal_actions(state, seat)
        action = chooser.choice(legal)
        seen.append(action)
        if len(seen) > 200:
            seen.pop(chooser.randrange(len(seen)))
        state, events = rules.apply(state, seat, action)
        for event in events:
            feed(event.model_dump_json())
    else:
        raise AssertionError(f"{game_id} seed {seed}: no outcome in {STEP_BOUND} actions")
    return h.hexdigest()[:24]


def compute() -> dict[str, dict[str, str]]:
    return {
        f"{game_id}/{label}": {str(s): playout_digest(game_id, fields, s) for s in SEEDS}
        for game_id, label, fields in CASES
    }


def _golden() -> dict[str, dict[str, str]]:
    return json.loads(DATA.read_text("utf-8"))


@pytest.mark.parametrize(
    ("game_id", "label", "fields"), CASES, ids=[f"{g}/{lbl}" for g, lbl, _ in CASES]
)
def test_seeded_playouts_match_the_golden_digests(game_id, label, fields):
    expected = _golden()[f"{game_id}/{label}"]
    assert sorted(expected, key=int) == [str(s) for s in SEEDS]
    got = {str(s): playout_digest(game_id, fields, s) for s in SEEDS}
    drift = [s for s in expected if got[s] != expected[s]]
    assert not drift, f"{game_id}/{label}: seeds {drift} play differently than the golden run"


def test_digests_tell_games_apart():
    """Guard against a digest that ignores its input: every seed gives its own game."""
    for case, digests in _golden().items():
        assert len(set(digests.values())) == len(digests), case


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/test_golden_playouts.py --write")
    DATA.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {DATA}")
