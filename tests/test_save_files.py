"""Save files that are not what they seem: refused in one line, never read in full, never hung on.

Issue #17, Files 6-7: a FIFO, a folder, a dangling symlink, a huge file, a 5,000-digit seed,
deeply nested brackets and a seat name holding half a character all become one
`tabletop-tui: error:` line with exit status 2, and the file is left as it was.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, child_env, sha

from tabletop_tui.cli import main
from tabletop_tui.engine.match import MAX_SAVE_BYTES, Match, SaveError, SeatSpec
from tabletop_tui.games import get_rules

GAME = "army-of-zero"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(home))
    monkeypatch.delenv("TABLETOP_TUI_DEBUG", raising=False)
    return home


def good_data(moves: int = 12) -> dict:
    rules = get_rules(GAME)
    match = Match(rules, rules.default_config(), 5)
    rng = random.Random(5)
    for _ in range(moves):
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return json.loads(match.to_save().model_dump_json())


def write(path: Path, data: dict | str | bytes) -> Path:
    if isinstance(data, dict):
        data = json.dumps(data)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    path.write_bytes(data)
    return path


def load_fails(capsys, path: Path, *needles: str) -> str:
    before = sha(path) if path.is_file() else None
    code = main(["play", GAME, "--load", str(path)])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err, str(path), *needles)
    if before is not None:
        assert sha(path) == before
    return line


def test_a_fifo_given_to_load_is_refused_at_once(capsys, tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    load_fails(capsys, fifo, "named pipe")
    assert fifo.exists()


def test_a_fifo_given_to_the_real_command_does_not_hang(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "play", GAME, "--load", str(fifo)],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=60,
    )
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "named pipe")


def test_a_folder_given_to_load_is_refused(capsys, tmp_path):
    folder = tmp_path / "game.json"
    folder.mkdir()
    load_fails(capsys, folder, "a folder")


def test_a_dangling_symlink_given_to_load_says_so(capsys, tmp_path):
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "gone.json")
    load_fails(capsys, link, "symlink", "does not exist")


def test_a_symlink_loop_given_to_load_says_so(capsys, tmp_path):
    link = tmp_path / "game.json"
    link.symlink_to(link)
    load_fails(capsys, link, "symlink loop")


def test_an_unreadable_save_says_permission_denied(capsys, tmp_path, monkeypatch):
    path = write(tmp_path / "game.json", good_data())
    real_open = os.open

    def denied(name, *args, **kwargs):  # chmod 0 does not stop root, so deny the open itself
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    load_fails(capsys, path, "permission denied")


def test_a_huge_save_is_refused_by_its_size_before_parsing(capsys, tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse: no disk used, and never parsed
        fh.truncate(MAX_SAVE_BYTES + 1)
    parsed = []
    monkeypatch.setattr(json, "loads", lambda *a, **k: parsed.append(1))
    load_fails(capsys, path, "too large", "16 MB")
    assert parsed == []


def test_a_save_at_the_size_limit_is_still_read(tmp_path):
    data = good_data()
    text = json.dumps(data)
    path = write(tmp_path / "padded.json", text + " " * (MAX_SAVE_BYTES - len(text)))
    assert path.stat().st_size == MAX_SAVE_BYTES
    assert len(Match.load(path).actions) == 12


@pytest.mark.parametrize(
    "edit, needles",
    [
        (lambda d: d.update(seed="SEED"), ["thousands of digits"]),
        (lambda d: d.update(seed=2**64), ["seed", "out of range"]),
        (lambda d: d.update(seed=-4), ["seed", "greater than or equal to 0"]),
        (lambda d: d["actions"][0].update(seat=10**30), ["actions.0.seat", "out of range"]),
        (lambda d: d["actions"][0].update(seat=7), ["action #1", "seat 8", "2 seats"]),
        (lambda d: d["actions"][0].update(seat=-1), ["actions.0.seat"]),
        (lambda d: d.update(seed=1e300), ["seed"]),
        (lambda d: d.update(seed="NAN"), ["NaN"]),
        (lambda d: d.update(seed="INF"), ["Infinity"]),
        (lambda d: d["actions"][1].update(action="NEST"), ["nested"]),
        (lambda d: d["actions"][1].update(action="DEEP"), ["nested more than 32 levels"]),
        (lambda d: d["seats"][0].update(name="LONE"), ["seats.0.name", "U+D800"]),
        (lambda d: d["config"].update(names=["Ann\udfff", "Bob"]), ["config.names.0", "U+DFFF"]),
        (lambda d: d["seats"][1].update(name="Bell\x07"), ["seats.1.name", "U+0007"]),
        (lambda d: d["seats"][1].update(name="x" * 25), ["seats.1.name", "24 characters"]),
        (lambda d: d["seats"][1].update(name="x" * 5000), ["seats.1.name", "5,000 characters"]),
    ],
    ids=[
        "5000-digit seed",
        "seed past 64 bits",
        "negative seed",
        "huge seat number",
        "seat past the table",
        "negative seat",
        "float seed",
        "NaN",
        "Infinity",
        "200000 nested brackets",
        "33 nested lists",
        "lone surrogate in a seat name",
        "lone surrogate in the settings",
        "control character in a name",
        "long name",
        "very long name",
    ],
)
def test_out_of_bounds_save_is_one_line_and_untouched(capsys, tmp_path, edit, needles):
    data = good_data()
    edit(data)
    text = json.dumps(data)  # lone surrogates as \u escapes, as a hand edit would write them
    text = text.replace('"SEED"', "9" * 5000).replace('"NAN"', "NaN").replace('"INF"', "Infinity")
    text = text.replace('"NEST"', "[" * 200_000 + "]" * 200_000)
    text = text.replace('"DEEP"', "[" * 33 + "]" * 33).replace('"LONE"', '"A\\ud800"')
    path = write(tmp_path / "game.json", text)
    load_fails(capsys, path, *needles)


def test_lone_surrogate_name_never_reaches_a_move(tmp_path):
    """It passed --load and crashed on the first move's autosave; now the load refuses it."""
    data = good_data(0)
    path = write(tmp_path / "game.json", json.dumps(data).replace('"Player 1"', '"P\\udc80"', 1))
    with pytest.raises(SaveError, match="U\\+DC80"):
        Match.load(path, autosave=tmp_path / "auto.json")
    assert not (tmp_path / "auto.json").exists()


def test_seat_names_are_checked_where_they_enter(capsys):
    with pytest.raises(ValueError, match="U\\+D800"):
        SeatSpec(name="A\ud800")
    with pytest.raises(ValueError, match="empty"):
        SeatSpec(name="  ")
    code = main(["play", GAME, "--names", "Ann,B\udcffb", "--seats", "human,bot"])
    out, err = capsys.readouterr()
    assert_one_line_error(code, out, err, "--names", "U+DCFF")


def test_a_dangling_symlink_in_the_autosave_folder_does_not_stop_resume(
    capsys, home, tmp_path, monkeypatch
):
    import tabletop_tui.cli as cli

    folder = home / "autosave"
    folder.mkdir(parents=True)
    (folder / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    code = main(["resume"])
    out, err = capsys.readouterr()
    assert_one_line_error(code, out, err, "no autosaved game")
    good = write(folder / f"{GAME}.json", good_data())
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert main(["resume"]) == 0
    assert started and Path(started[0]["load"]) == good


def test_a_save_claiming_more_actions_than_any_game_takes_is_refused_first(
    capsys, tmp_path, monkeypatch
):
    import tabletop_tui.engine.match as match_module

    monkeypatch.setattr(match_module, "MAX_ACTIONS", 10)  # 100,000 in play; 12 here
    path = write(tmp_path / "game.json", good_data(12))
    load_fails(capsys, path, "12 actions", "at most 10")


@pytest.mark.parametrize("seed", [-1, 2**63, 10**30])
def test_a_game_whose_seed_a_save_could_not_hold_does_not_start(seed):
    """The setup screen takes any digits; a seed past 64 bits would autosave a file that
    loading refuses, so the game is refused at the start (setup shows the ValueError)."""
    rules = get_rules(GAME)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to"):
        Match(rules, rules.default_config(), seed)
    assert Match(rules, rules.default_config(), 2**63 - 1).seed == 2**63 - 1


@pytest.mark.parametrize(
    "game, key, value, needles",
    [
        (
            "zeo-dbg",
            "characters",
            ["nobody", "x"],
            ["bad game settings", "'nobody'", "not a Zeo character"],
        ),
        ("zoobotz", "decks", ["nope", "balanced"], ["unknown deck 'nope'"]),
        ("hotg", "rangers", ["jason", "nobody", "billy", "trini"], ["settings: Rangers must"]),
        ("hotg", "deployments_per_round", 10**6, ["deployments_per_round", "less than"]),
        ("pr-ccg-2008", "opening_hand", 10**9, ["opening_hand"]),
    ],
)
def test_bad_settings_of_every_game_are_named_in_player_words(
    capsys, tmp_path, game, key, value, needles
):
    """Issue #16: "an unknown character" rather than an internal error or a type name."""
    rules = get_rules(game)
    data = json.loads(Match(rules, rules.default_config(), 1).to_save().model_dump_json())
    data["config"][key] = value
    path = write(tmp_path / "game.json", data)
    before = sha(path)
    code = main(["play", game, "--load", str(path)])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err, str(path), *needles)
    assert "Error:" not in line and "Value error" not in line
    assert sha(path) == before


def test_a_save_cut_short_inside_a_text_says_so_in_whole_words(tmp_path):
    """QA: a save cut off inside a string read "(JSON error at line 22, column 2:
    Unterminated string starting at)", the position the parser names left dangling."""
    path = tmp_path / "cut.json"
    path.write_text('{"format": "tabletop-tui-save", "game": "zeo-d', "utf-8")
    with pytest.raises(SaveError) as err:
        Match.load(path)
    message = str(err.value)
    assert "cut short" in message and "an unfinished text" in message
    assert "starting at" not in message, message
