"""Write the broken-save and broken-card-file corpora of tests/data/ (issue #17).

    python tests/data/make_corpora.py

Every file is made here from one good Army Of Zero save (seed 5) or the shipped Army Of Zero
card file, broken in one way; `corpora.json` records the words the CLI's one-line error must
hold for each. tests/test_corpora.py runs every file through the command. Files too big to
commit (16 MB saves, 200,000 nested brackets) and things git cannot hold (FIFOs, symlink
loops, unreadable files) are made at test time in tests/test_save_files.py and
tests/test_card_files.py instead.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tabletop_tui.cards import shipped_root  # noqa: E402
from tabletop_tui.engine.match import Match  # noqa: E402
from tabletop_tui.games import get_rules  # noqa: E402

GAME = "army-of-zero"
SAVES = HERE / "broken-saves"
CARDS = HERE / "broken-cards"
MANIFEST = HERE / "corpora.json"


def good_save() -> str:
    rules = get_rules(GAME)
    match = Match(rules, rules.default_config(["Ann", "Bob"]), 5)
    rng = random.Random(5)
    for _ in range(12):
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match.to_save().model_dump_json(indent=1)


def edited(change: Callable[[dict], object]) -> Callable[[str], str]:
    def make(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1)

    return make


def raw_seed(new: str) -> Callable[[str], str]:
    """The seed written as text json.dumps would not write (huge numbers, NaN)."""
    return lambda text: edited(lambda d: d.update(seed="@@"))(text).replace('"@@"', new)


def nested(depth: int) -> Callable[[str], str]:
    def make(text: str) -> str:
        data = json.loads(text)
        data["actions"][0]["action"] = "@@"
        return json.dumps(data).replace('"@@"', "[" * depth + "]" * depth)

    return make


def surrogate(where: str) -> Callable[[str], str]:
    def make(text: str) -> str:
        return text.replace(where, where[:-1] + '\\ud800"', 1)

    return make


def _illegal(data: dict) -> None:
    data["actions"][5]["action"] = {"kind": "combat", "card": "attack"}


SAVE_CASES: dict[str, tuple[Callable[[str], str | bytes], list[str]]] = {
    "truncated": (lambda t: t[: len(t) // 2], ["cut short"]),
    "empty": (lambda t: "", ["cut short"]),
    "binary": (lambda t: b"\x00\x01\x02\xff" * 64, ["binary data"]),
    "utf16": (lambda t: t.encode("utf-16"), ["UTF-16"]),
    "latin1-name": (lambda t: t.replace('"Ann"', '"Zo\xeb"').encode("latin-1"), ["not UTF-8"]),
    "not-an-object": (lambda t: "[1, 2, 3]", ["not a tabletop-tui save file"]),
    "other-program": (lambda t: '{"hello": "world"}', ["not a tabletop-tui save file"]),
    "format-missing": (edited(lambda d: d.pop("format")), ["not a tabletop-tui save file"]),
    "version-99": (edited(lambda d: d.update(version=99)), ["format version 99"]),
    "version-text": (edited(lambda d: d.update(version="1")), ["format version '1'"]),
    "rules-version-7": (edited(lambda d: d.update(rules_version=7)), ["rules version 7"]),
    "unknown-game": (edited(lambda d: d.update(game="chess")), ["unknown game 'chess'"]),
    "game-number": (edited(lambda d: d.update(game=5)), ["damaged save: game"]),
    "seed-negative": (edited(lambda d: d.update(seed=-3)), ["seed", "greater than"]),
    "seed-5000-digits": (raw_seed("9" * 5000), ["thousands of digits"]),
    "seed-past-64-bits": (edited(lambda d: d.update(seed=2**64)), ["seed", "out of range"]),
    "seed-text": (edited(lambda d: d.update(seed="five")), ["seed"]),
    "seed-nan": (raw_seed("NaN"), ["NaN"]),
    "seed-infinity": (raw_seed("-Infinity"), ["-Infinity"]),
    "seed-1e400": (raw_seed("1e400"), ["seed", "out of range"]),
    "seats-missing": (edited(lambda d: d.pop("seats")), ["seats"]),
    "seats-one": (edited(lambda d: d.update(seats=d["seats"][:1])), ["has 1 seats"]),
    "seat-name-surrogate": (surrogate('"name": "Ann"'), ["seats.0.name", "U+D800"]),
    "seat-name-escape-char": (
        edited(lambda d: d["seats"][0].update(name="Ann\x1b[31m")),
        ["seats.0.name", "U+001B"],
    ),
    "seat-name-empty": (edited(lambda d: d["seats"][1].update(name=" ")), ["empty"]),
    "seat-name-long": (edited(lambda d: d["seats"][1].update(name="B" * 30)), ["24 characters"]),
    "seat-kind-unknown": (edited(lambda d: d["seats"][1].update(kind="god")), ["seats.1.kind"]),
    "action-seat-9": (edited(lambda d: d["actions"][0].update(seat=9)), ["for seat 10"]),
    "action-seat-negative": (edited(lambda d: d["actions"][0].update(seat=-1)), ["actions.0"]),
    "action-seat-huge": (
        edited(lambda d: d["actions"][0].update(seat=10**40)),
        ["actions.0.seat", "out of range"],
    ),
    "action-unknown-kind": (
        edited(lambda d: d["actions"][2].update(action={"kind": "fly"})),
        ["action #3 is not a"],
    ),
    "action-illegal": (edited(_illegal), ["action #6"]),
    "action-not-an-object": (edited(lambda d: d["actions"].__setitem__(0, "x")), ["actions.0"]),
    "actions-not-a-list": (edited(lambda d: d.update(actions={"a": 1})), ["actions"]),
    "action-long-text": (
        edited(lambda d: d["actions"][1]["action"].update(card="c" * 5000)),
        ["5,000 characters"],
    ),
    "key-surrogate": (surrogate('"format"'), ["a key", "U+D800"]),
    "config-bad-names": (edited(lambda d: d["config"].update(names=5)), ["settings"]),
    "config-unknown-field": (edited(lambda d: d["config"].update(hat=1)), ["settings", "hat"]),
    "config-cards-gone": (
        edited(lambda d: d["config"].update(cards_dir="/nonexistent/tabletop-tui-cards")),
        ["cannot set up the game", "characters.toml"],
    ),
    "nested-40": (nested(40), ["nested more than 32 levels"]),
}


def card_text() -> str:
    return (shipped_root() / GAME / "characters.toml").read_text(encoding="utf-8")


def first_only(old: str, new: str) -> Callable[[str], str]:
    def make(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return make


CARD_CASES: dict[str, tuple[Callable[[str], str | bytes], list[str]]] = {
    "empty": (lambda t: "", ["0 characters", "at least 20"]),
    "binary": (lambda t: b"\x00\xff\xfe\x01" * 64, ["binary data"]),
    "utf16": (lambda t: t.encode("utf-16"), ["UTF-16"]),
    "utf16-no-bom": (lambda t: t.encode("utf-16-le"), ["UTF-16"]),
    "latin1": (lambda t: t.replace("Lord Aldmere", "Lord \xc6ldmere").encode("latin-1"), ["0xc6"]),
    "zero-byte": (first_only("Lord Aldmere", "Lord\x00Aldmere"), ["binary data"]),
    "bad-toml": (first_only("[[character]]", "[[character"), ["not valid TOML"]),
    "not-an-array": (lambda t: "character = 5\n", ["array"]),
    "missing-field": (first_only('clan = "Panda"\n', ""), ["#1", "clan"]),
    "out-of-range": (first_only("speed = 2", "speed = 7"), ["#1", "speed"]),
    "wrong-type": (first_only("speed = 2", 'speed = "fast"'), ["#1", "speed"]),
    "not-zero-sum": (first_only("armour = -2", "armour = 0"), ["add up to 0"]),
    "unknown-field": (first_only('clan = "Panda"', 'clan = "Panda"\nhat = 1'), ["hat"]),
    "duplicate-id": (first_only('id = "AOZ-02"', 'id = "AOZ-01"'), ["used twice"]),
    "too-few": (lambda t: "[[character]]".join(t.split("[[character]]")[:6]), ["5 characters"]),
    "number-5000-digits": (first_only("speed = 2", "speed = " + "9" * 5000), ["thousands"]),
    "nested-5000": (lambda t: "x = " + "[" * 5000 + "]" * 5000 + "\n", ["nested too deeply"]),
    "escaped-surrogate": (first_only('"Lord Aldmere"', '"Lord \\ud800"'), ["not valid TOML"]),
}


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


def main() -> None:
    for folder in (SAVES, CARDS):
        if folder.exists():
            shutil.rmtree(folder)
    base = good_save()
    manifest: dict[str, dict[str, list[str]]] = {"saves": {}, "cards": {}}
    for name, (make, needles) in SAVE_CASES.items():
        _write(SAVES / f"{name}.json", make(base))
        manifest["saves"][f"{name}.json"] = needles
    cards = card_text()
    for name, (make, needles) in CARD_CASES.items():
        _write(CARDS / name / GAME / "characters.toml", make(cards))
        manifest["cards"][name] = needles
    MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=True) + "\n")
    print(f"{len(SAVE_CASES)} broken saves in {SAVES}, {len(CARD_CASES)} card folders in {CARDS}")


if __name__ == "__main__":
    main()
