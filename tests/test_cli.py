"""The `tabletop-tui` command: every non-UI command, and every bad input.

Bad input means one line on stderr, `tabletop-tui: error: ...`, exit status 2, no traceback.
Commands that open the UI are tested only up to the point where they refuse bad input.
TABLETOP_TUI_HOME points into tmp_path so no test touches the real home.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tabletop_tui
from tabletop_tui import cards as cards_module
from tabletop_tui.cards import shipped_root
from tabletop_tui.cli import main
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import GAMES, get_rules

GAME = "army-of-zero"
ERROR = "tabletop-tui: error: "


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(home))
    monkeypatch.delenv("TABLETOP_TUI_DEBUG", raising=False)
    yield home
    cards_module.set_cards_dir(None)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def child_env(**extra: str) -> dict[str, str]:
    """The environment for a child Python that imports this same tabletop_tui."""
    env = {**os.environ, **extra}
    root = str(Path(tabletop_tui.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


def run_process(*argv: str, cwd: Path | None = None):
    """The command as a user runs it (`python -m tabletop_tui` is the console script's main)."""
    return subprocess.run(
        [sys.executable, "-m", "tabletop_tui", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=child_env(),
        timeout=120,
    )


def run_python(code: str, cwd: Path | None = None):
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=child_env(),
        timeout=120,
    )


def assert_one_line_error(code: int, out: str, err: str, *needles: str) -> str:
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(ERROR), err
    assert out == "", out
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def play_some(seed: int = 3, moves: int = 30) -> Match:
    rules = get_rules(GAME)
    match = Match(rules, rules.default_config(), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not match.to_act():
            break
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match


def copy_cards(tmp_path: Path) -> Path:
    """A user's own card folder (the parent of the game's folder, like the shipped one)."""
    root = tmp_path / "my-cards"
    shutil.copytree(shipped_root() / GAME, root / GAME)
    return root


# -- --version, list --------------------------------------------------------------------------
def test_version():
    proc = run_process("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"tabletop-tui {tabletop_tui.__version__}"


def test_list_shows_every_game_with_its_status(capsys, unfinished_game):
    code, out, err = run(capsys, "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "TITLE", "PLAYERS", "STATUS"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg"}
    for game_id, info in GAMES.items():
        assert rows[game_id].rstrip().endswith("playable" if info.playable else "coming soon")
    assert rows["army-of-zero"].rstrip().endswith("playable")
    assert rows["zeo-dbg"].rstrip().endswith("playable")
    assert rows[unfinished_game].rstrip().endswith("coming soon")
    for game_id, info in GAMES.items():
        assert info.title in rows[game_id] and f" {info.players} " in rows[game_id]


def test_list_and_selfplay_do_not_import_textual():
    code = (
        "import sys; from tabletop_tui.cli import main; "
        "main(['list']); main(['selfplay', 'army-of-zero', '--games', '1', '--bots', "
        "'random,random', '--json']); "
        "assert 'textual' not in sys.modules and 'rich' not in sys.modules, 'UI imported'"
    )
    proc = run_python(code)
    assert proc.returncode == 0, proc.stderr


def test_python_dash_m_runs_the_command(tmp_path):
    proc = run_process("list", cwd=tmp_path)
    assert proc.returncode == 0 and "army-of-zero" in proc.stdout


# -- bad input: one line, exit status 2 --------------------------------------------------------
BAD_INPUT = [
    (["play", "chess"], ["unknown game 'chess'", "army-of-zero"]),
    (["play", "hotg", "--seats", "human"], ["hotg", "coming soon"]),
    (["play"], ["GAME"]),
    (["play", GAME, "--seats", "human,bot,random"], ["2 seats", "gives 3"]),
    (["play", GAME, "--seats", "human"], ["2 seats", "gives 1"]),
    (
        ["play", GAME, "--seats", "human,robot"],
        ["robot", "human, bot, bot:easy, bot:normal, bot:hard, random"],
    ),
    (["play", GAME, "--seats", "human,bot:expert"], ["'expert'", "easy, normal, hard"]),
    (["play", GAME, "--seats", "human,,bot"], ["--seats"]),
    (["play", GAME, "--seats", ""], ["--seats"]),
    (["play", GAME, "--names", "Ann,Ann"], ["different name"]),
    (["play", GAME, "--names", "Ann,Bob,Cy"], ["2 seats", "gives 3"]),
    (["play", GAME, "--seats", "human,bot", "--names", "Ann"], ["1 names for 2 seats"]),
    (["play", GAME, "--seed", "-1"], ["bad seed '-1'"]),
    (["play", GAME, "--seed", "banana"], ["bad seed 'banana'"]),
    (["play", GAME, "--seed", "1.5"], ["bad seed '1.5'"]),
    (["play", GAME, "--seed", str(2**64)], ["bad seed"]),
    (["play", GAME, "--load", "no-such-save.json"], ["no-such-save.json", "no such save file"]),
    (["resume"], ["no autosaved game to resume"]),
    (["selfplay", "chess", "--games", "2"], ["unknown game 'chess'"]),
    (["selfplay", "hotg", "--games", "2"], ["hotg", "coming soon"]),
    (["selfplay", GAME, "--games", "0"], ["bad number of games '0'"]),
    (["selfplay", GAME, "--games", "-4"], ["bad number of games '-4'"]),
    (["selfplay", GAME, "--games", "many"], ["bad number of games 'many'"]),
    (["selfplay", GAME, "--seed", "-7"], ["bad seed '-7'"]),
    (
        ["selfplay", GAME, "--bots", "human,random"],
        ["human", "bot, bot:easy, bot:normal, bot:hard, random"],
    ),
    (["selfplay", GAME, "--bots", "random"], ["2 seats", "gives 1"]),
    (["demo", "chess"], ["unknown game 'chess'"]),
    (["demo", "hotg"], ["coming soon"]),
    (["demo", GAME, "--seed", "-2"], ["bad seed '-2'"]),
    (["demo", GAME, "--delay", "soon"], ["bad delay 'soon'"]),
    (["demo", GAME, "--delay", "-1"], ["bad delay '-1'"]),
    (["cards"], ["validate,schema"]),
    (["cards", "validate", "chess"], ["unknown game 'chess'"]),
    (["cards", "validate", GAME, "no-such-folder"], ["no-such-folder", "no such folder"]),
    (["cards", "schema", "chess"], ["unknown game 'chess'"]),
    (["--cards", "no-such-folder", "list"], ["--cards", "'no-such-folder' is not a folder"]),
    (["play", GAME, "--cards", "no-such-folder"], ["--cards", "is not a folder"]),
    (["frobnicate"], ["frobnicate"]),
    (["list", "--bogus"], ["--bogus"]),
]


@pytest.mark.parametrize(
    "argv, needles", BAD_INPUT, ids=[" ".join(argv) or "(none)" for argv, _ in BAD_INPUT]
)
def test_bad_input_is_one_line_and_exit_status_2(capsys, argv, needles, unfinished_game):
    assert_one_line_error(*run(capsys, *argv), *needles)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "chess"],
        ["play", GAME, "--seats", "human,bot,bot"],
        ["play", GAME, "--seed", "-1"],
        ["selfplay", GAME, "--games", "0"],
        ["cards", "validate", GAME, "no-such-folder"],
    ],
)
def test_bad_input_from_the_real_command_has_no_traceback(argv):
    proc = run_process(*argv)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr)


def test_internal_errors_are_one_line_too(capsys, monkeypatch):
    import tabletop_tui.cli as cli

    def broken(args):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(cli, "cmd_list", broken)
    line = assert_one_line_error(*run(capsys, "list"), "RuntimeError: boom")
    assert "TABLETOP_TUI_DEBUG" in line


# -- broken saves: one line, the file untouched ---------------------------------------------
def _broken_saves(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good = play_some()
    path = tmp_path / "good.json"
    good.save(path)
    text = path.read_text()
    data = json.loads(text)
    saves: dict[str, tuple[bytes | str, str]] = {}
    saves["truncated"] = (text[: len(text) // 2], "cut short")
    saves["not json"] = ("\x00\x01 definitely not a save", "binary data")
    saves["other program"] = (json.dumps({"hello": "world"}), "not a tabletop-tui save file")
    saves["other version"] = (json.dumps({**data, "version": 99}), "version 99")
    saves["other rules version"] = (json.dumps({**data, "rules_version": 7}), "rules version 7")
    hand_edited = json.loads(text)
    hand_edited["actions"][5]["action"] = {"kind": "combat", "card": "attack"}
    saves["illegal action"] = (json.dumps(hand_edited), "action #6")
    bad_action = json.loads(text)
    bad_action["actions"][2]["action"] = {"kind": "fly"}
    saves["unknown action"] = (json.dumps(bad_action), "action #3")
    saves["other game"] = (json.dumps({**data, "game": "chess"}), "unknown game 'chess'")
    saves["bad config"] = (json.dumps({**data, "config": {"names": 5}}), "settings")
    saves["binary"] = (b"\xff\xfe\x00garbage", "cannot be read")
    out = {}
    for name, (content, needle) in saves.items():
        target = tmp_path / f"{name.replace(' ', '-')}.json"
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)
        out[name] = (target, needle)
    return out


def test_play_with_a_broken_save_exits_2_and_leaves_the_file_byte_identical(capsys, tmp_path):
    for name, (path, needle) in _broken_saves(tmp_path).items():
        before = sha(path)
        line = assert_one_line_error(*run(capsys, "play", GAME, "--load", str(path)), needle)
        assert str(path) in line, (name, line)
        assert sha(path) == before, name
        assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"


def test_play_broken_save_from_the_real_command(tmp_path):
    path, needle = _broken_saves(tmp_path)["illegal action"]
    before = sha(path)
    proc = run_process("play", GAME, "--load", str(path))
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, str(path), needle)
    assert sha(path) == before


def test_play_load_refuses_seats_with_a_save(capsys, tmp_path):
    path = tmp_path / "good.json"
    play_some().save(path)
    assert_one_line_error(
        *run(capsys, "play", GAME, "--load", str(path), "--seats", "human,bot"), "--load"
    )


def test_resume_with_a_broken_autosave_names_it_and_keeps_it(capsys, home, tmp_path):
    path, needle = _broken_saves(tmp_path)["truncated"]
    autosave = home / "autosave" / f"{GAME}.json"
    autosave.parent.mkdir(parents=True)
    shutil.copy(path, autosave)
    before = sha(autosave)
    assert_one_line_error(*run(capsys, "resume"), str(autosave), needle)
    assert sha(autosave) == before


def test_resume_with_an_empty_autosave_folder(capsys, home):
    (home / "autosave").mkdir(parents=True)
    assert_one_line_error(*run(capsys, "resume"), str(home / "autosave"))


# -- selfplay -------------------------------------------------------------------------------
def _selfplay_json(capsys, *extra: str) -> list[dict]:
    code, out, err = run(capsys, "selfplay", GAME, "--json", *extra)
    assert code == 0 and err == "", err
    return [json.loads(line) for line in out.splitlines()]


def test_selfplay_json_is_one_parseable_line_per_game_and_deterministic(capsys):
    args = ("--games", "3", "--seed", "41", "--bots", "random,heuristic")
    first = _selfplay_json(capsys, *args)
    second = _selfplay_json(capsys, *args)
    assert [r["seed"] for r in first] == [41, 42, 43]
    for record in first:
        assert record["game"] == GAME
        assert record["outcome"] in {"win", "draw"}
        assert isinstance(record["actions"], int) and record["actions"] > 0
        assert isinstance(record["ms"], float | int) and record["ms"] >= 0
        assert set(record["winners"]) <= {0, 1}

    def timeless(rows):
        return [{k: v for k, v in r.items() if k != "ms"} for r in rows]

    assert timeless(first) == timeless(second)
    other = _selfplay_json(capsys, "--games", "3", "--seed", "1000", "--bots", "random,heuristic")
    assert timeless(other) != timeless(first)


def test_selfplay_json_from_the_real_command():
    proc = run_process("selfplay", GAME, "--games", "2", "--seed", "5", "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    assert [json.loads(line)["seed"] for line in lines] == [5, 6]


def test_selfplay_summary_counts_wins_per_seat(capsys):
    code, out, err = run(
        capsys, "selfplay", GAME, "--games", "6", "--seed", "0", "--bots", "heuristic,random"
    )
    assert code == 0 and err == ""
    assert "6 games" in out and "heuristic vs random" in out
    counts = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("seat ") or line.startswith("draws:"):
            counts.append(int(line.split(":")[1].split()[0]))
    assert len(counts) == 3 and sum(counts) == 6, out
    results = _selfplay_json(capsys, "--games", "6", "--seed", "0", "--bots", "heuristic,random")
    assert counts[0] == sum(0 in r["winners"] for r in results)
    assert counts[1] == sum(1 in r["winners"] for r in results)


def test_selfplay_bot_means_heuristic(capsys):
    a = _selfplay_json(capsys, "--games", "2", "--bots", "bot,random")
    b = _selfplay_json(capsys, "--games", "2", "--bots", "heuristic,random")
    assert [r["actions"] for r in a] == [r["actions"] for r in b]


# -- cards ----------------------------------------------------------------------------------
def test_cards_validate_the_shipped_cards(capsys):
    code, out, err = run(capsys, "cards", "validate", GAME)
    assert code == 0 and err == ""
    assert "84 characters" in out
    assert str((shipped_root() / GAME).resolve()) in out


def test_cards_validate_a_folder(capsys, tmp_path):
    root = copy_cards(tmp_path)
    for folder in (root, root / GAME):  # the game's folder, or its parent
        code, out, err = run(capsys, "cards", "validate", GAME, str(folder))
        assert code == 0 and err == ""
        assert "84 characters" in out and str((root / GAME).resolve()) in out


def _break(root: Path, old: str, new: str, count: int = 1) -> Path:
    path = root / GAME / "characters.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))
    return path


def _first_character(root: Path) -> dict:
    with open(root / GAME / "characters.toml", "rb") as fh:
        return tomllib.load(fh)["character"][0]


@pytest.mark.parametrize(
    "edit, field",
    [
        (lambda first: (f"speed = {first['speed']}", "speed = 7"), "speed"),
        (lambda first: (f"speed = {first['speed']}", 'speed = "fast"'), "speed"),
        (lambda first: (f'clan = "{first["clan"]}"', ""), "clan"),
        (lambda first: (f'rank = "{first["rank"]}"', 'rank = "Emperor"'), "rank"),
        (lambda first: (f"armour = {first['armour']}", "armour = 0"), "add up to 0"),
        (lambda first: (f'clan = "{first["clan"]}"', 'clan = "X"\nhat = 1'), "hat"),
    ],
    ids=["out of range", "not a number", "missing", "bad rank", "not zero-sum", "unknown field"],
)
def test_cards_validate_a_broken_copy_names_file_card_and_field(capsys, tmp_path, edit, field):
    root = copy_cards(tmp_path)
    first = _first_character(root)
    old, new = edit(first)
    path = _break(root, old, new)
    before = sha(path)
    line = assert_one_line_error(*run(capsys, "cards", "validate", GAME, str(root)))
    assert str(path) in line, line
    assert first["name"] in line and "#1" in line, line
    assert field in line, line
    assert sha(path) == before


def test_cards_validate_duplicate_ids_and_bad_toml(capsys, tmp_path):
    root = copy_cards(tmp_path)
    path = _break(root, 'id = "AOZ-02"', 'id = "AOZ-01"')
    assert_one_line_error(*run(capsys, "cards", "validate", GAME, str(root)), str(path), "'id'")
    root2 = copy_cards(tmp_path / "2")
    path2 = _break(root2, "[[character]]", "[[character", 1)
    assert_one_line_error(*run(capsys, "cards", "validate", GAME, str(root2)), str(path2), "TOML")
    (root2 / GAME / "characters.toml").unlink()
    assert_one_line_error(
        *run(capsys, "cards", "validate", GAME, str(root2)), "characters.toml", "not found"
    )


def test_cards_schema_is_json_schema_of_the_card_file(capsys):
    code, out, err = run(capsys, "cards", "schema", GAME)
    assert code == 0 and err == ""
    schema = json.loads(out)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["type"] == "object" and schema["required"] == ["character"]
    array = schema["properties"]["character"]
    assert array["type"] == "array" and array["items"] == {"$ref": "#/$defs/Character"}
    character = schema["$defs"]["Character"]
    assert set(character["required"]) == {
        "id",
        "rank",
        "name",
        "clan",
        "speed",
        "combat",
        "weapon",
        "armour",
    }
    assert character["additionalProperties"] is False
    for ability in ("speed", "combat", "weapon", "armour"):
        assert character["properties"][ability]["minimum"] == -2
        assert character["properties"][ability]["maximum"] == 2
    assert "add up to 0" in character["description"]


def test_cards_schema_accepts_the_shipped_cards(capsys):
    jsonschema = pytest.importorskip("jsonschema")
    run(capsys, "cards", "schema", GAME)
    code, out, _ = run(capsys, "cards", "schema", GAME)
    with open(shipped_root() / GAME / "characters.toml", "rb") as fh:
        jsonschema.validate(tomllib.load(fh), json.loads(out))


# -- --cards DIR: a user's own card folder -----------------------------------------------------
def test_global_cards_folder_is_honoured(tmp_path):
    root = copy_cards(tmp_path)
    for argv in (
        ["--cards", str(root), "cards", "validate", GAME],
        ["cards", "validate", GAME, "--cards", str(root)],
    ):
        proc = run_process(*argv, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert str((root / GAME).resolve()) in proc.stdout
        assert str(shipped_root()) not in proc.stdout


def test_global_cards_folder_is_played_with(tmp_path):
    root = copy_cards(tmp_path)
    # a valid deck of the user's own: only 20 characters, renamed
    with open(root / GAME / "characters.toml", "rb") as fh:
        chars = tomllib.load(fh)["character"][:20]
    lines = []
    for c in chars:
        lines.append("[[character]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in c.items() if k != "name"]
        lines.append(f'name = "Homemade {c["id"]}"')
    (root / GAME / "characters.toml").write_text("\n".join(lines) + "\n")
    code = (
        "import sys; from tabletop_tui.cli import main; "
        f"rc = main(['--cards', {str(root)!r}, 'selfplay', 'army-of-zero', '--games', '1', "
        "'--bots', 'random,random', '--json']); "
        "from tabletop_tui.games.army_of_zero.cards import shipped_characters; "
        "print(len(shipped_characters()), shipped_characters()[0].name); sys.exit(rc)"
    )
    proc = run_python(code, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].startswith("20 Homemade ")


def test_a_broken_user_card_folder_stops_play_before_the_ui(tmp_path):
    root = copy_cards(tmp_path)
    path = _break(root, "speed = ", "speed = 9 #", 1)
    for argv in (
        ["--cards", str(root), "selfplay", GAME, "--games", "1"],
        ["--cards", str(root), "play", GAME, "--seats", "human,bot"],
        ["--cards", str(root), "demo", GAME],
    ):
        proc = run_process(*argv, cwd=tmp_path)
        assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, str(path), "'speed'")


def test_play_rejects_bad_seats_before_touching_saves(capsys, home):
    assert_one_line_error(*run(capsys, "play", GAME, "--seats", "human,bot,bot"))
    assert not home.exists()


def test_seat_specs_defaults():
    from tabletop_tui.cli import seat_specs

    rules = get_rules(GAME)
    assert seat_specs(rules, None, None) is None
    assert seat_specs(rules, "human,bot", None) == [
        SeatSpec(name="Player 1", kind="human"),
        SeatSpec(name="Bot 2", kind="heuristic"),
    ]
    assert seat_specs(rules, None, "Ann, Bob") == [
        SeatSpec(name="Ann", kind="human"),
        SeatSpec(name="Bob", kind="human"),
    ]
    assert seat_specs(rules, "Random,HUMAN", "Ann,Bob") == [
        SeatSpec(name="Ann", kind="random"),
        SeatSpec(name="Bob", kind="human"),
    ]


def test_selfplay_builds_the_config_for_the_seats_asked(capsys):
    """Heroes of the Grid's default is 4 players; `selfplay` with 1 or 2 bots plays 1 or 2."""
    code, out, err = run(capsys, "selfplay", "hotg", "--games", "1")
    assert code == 0 and err == "" and "seat 1 (heuristic)" in out and "seat 2" not in out
    code, out, err = run(capsys, "selfplay", "hotg", "--games", "1", "--bots", "random,random")
    assert code == 0 and "seat 2 (random)" in out


def test_play_deals_the_game_once(monkeypatch, tmp_path):
    """`play --seed N` deals the game before the UI starts (bad card files are one line
    there) and hands that deal to the app, whose match starts from it instead of dealing
    again. Without --seed the command line draws the seed the app would (kept off screen,
    seed_given False) and hands that deal on too."""
    import tabletop_tui.cli as cli
    from tabletop_tui.ui.session import Session

    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    rules = get_rules(GAME)
    dealt: list[int] = []
    real = type(rules).new_game

    def counting(self, config, seed):
        dealt.append(seed)
        return real(self, config, seed)

    monkeypatch.setattr(type(rules), "new_game", counting)
    started: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: started.append(kwargs) or 0)
    assert main(["play", GAME, "--names", "Ann,Bo", "--seed", "7"]) == 0
    assert dealt == [7]
    kwargs = started[-1]
    assert kwargs["dealt"] is not None and kwargs["dealt"].seed == 7
    session = Session.new(GAME, kwargs["seats"], 7, autosave=False, dealt=kwargs["dealt"])
    assert dealt == [7]  # the app's match did not deal again
    assert session.match.state is kwargs["dealt"].state
    assert session.match.state == real(rules, rules.config_type(names=("Ann", "Bo")), 7)
    # a deal is only the game of its own rules, config and seed
    seats = kwargs["seats"]
    Session.new(GAME, seats, 8, autosave=False, dealt=kwargs["dealt"])
    Session.new(GAME, [SeatSpec(name="Ann"), SeatSpec(name="Cy")], 7, dealt=kwargs["dealt"])
    assert dealt == [7, 8, 7]
    assert started[-1]["seed_given"] is True
    # no --seed: the check deals a drawn seed, and the app plays that deal (dealt once)
    assert main(["play", GAME, "--names", "Ann,Bo"]) == 0
    drawn = started[-1]["seed"]
    assert 1 <= drawn < 100000 and started[-1]["seed_given"] is False
    assert dealt == [7, 8, 7, drawn] and started[-1]["dealt"].seed == drawn
