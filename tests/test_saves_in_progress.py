"""One autosave per game in progress; finished games go to the history (issue #16, Saves).

Starting a new game used to replace the only autosave of that game: a long hot-seat game
was lost to a one-move game against a bot. Now every game has its own file, named by
game, players and start time; `resume` and the launcher list them; nothing in progress is
replaced or deleted.
"""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path

import pytest
from test_cli import assert_one_line_error

import tabletop_tui.cli as cli
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.paths import (
    autosave_dir,
    autosave_for,
    history_dir,
    new_autosave_path,
    new_save_path,
    saves_dir,
    unfinished_games,
)
from tabletop_tui.ui.session import Session

GAME = "army-of-zero"
HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(home))
    return home


def play(match: Match, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if not match.to_act():
            return
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))


def in_progress() -> list[Path]:
    return sorted(p for p in autosave_dir().iterdir())


def test_a_new_game_never_replaces_a_game_in_progress():
    long_game = Session.new(GAME, HUMANS, 5)
    play(long_game.match, 40)
    kept = long_game.match.autosave_path.read_bytes()
    short = Session.new(GAME, VS_BOT, 6)
    play(short.match, 1)
    assert long_game.match.autosave_path != short.match.autosave_path
    assert len(in_progress()) == 2
    assert long_game.match.autosave_path.read_bytes() == kept
    reloaded = Match.load(long_game.match.autosave_path)
    assert reloaded.state == long_game.match.state and len(reloaded.actions) == 40


def test_the_same_players_starting_again_in_the_same_second_get_a_second_file():
    when = datetime(2026, 12, 1, 14, 5, 9)
    first = new_autosave_path(GAME, ["Alice", "Bob"], when)
    first.parent.mkdir(parents=True)
    first.write_text("{}")
    second = new_autosave_path(GAME, ["Alice", "Bob"], when)
    assert first.name == "army-of-zero_Alice+Bob_20261201-140509.json"
    assert second.name == "army-of-zero_Alice+Bob_20261201-140509-2.json"


def test_a_file_name_holds_only_safe_parts_of_the_names():
    when = datetime(2026, 1, 2, 3, 4, 5)
    path = new_autosave_path("zeo-dbg", ["Zoë", "../../etc", "a b_c", "!!!", "x" * 40], when)
    assert path.parent == autosave_dir()
    assert path.name == ("zeo-dbg_Zoë+etc+a-b-c+player+xxxxxxxxxxxxxxxx_20260102-030405.json")


def test_saving_a_copy_twice_in_one_second_keeps_both():
    when = datetime(2026, 12, 1, 14, 5, 9)
    first = new_save_path(GAME, ["Alice", "Robo"], when)
    assert first.parent == saves_dir()
    first.parent.mkdir(parents=True)
    first.write_text("the first copy")
    assert new_save_path(GAME, ["Alice", "Robo"], when) != first
    assert first.read_text() == "the first copy"


def test_a_finished_game_moves_to_the_history_under_the_same_name():
    session = Session.new(GAME, VS_BOT, 3)
    name = session.match.autosave_path.name
    play(session.match, 5000)
    assert session.match.outcome() is not None
    assert list(autosave_dir().iterdir()) == []
    assert [p.name for p in history_dir().iterdir()] == [name]
    assert session.match.current_save_path == history_dir() / name
    finished = Match.load(history_dir() / name)
    assert finished.outcome() == session.match.outcome()
    assert unfinished_games() == []


def test_a_game_undone_after_its_end_moves_back(monkeypatch):
    session = Session.new(GAME, VS_BOT, 3)
    match = session.match
    name = match.autosave_path.name
    over = {"now": True}
    real = Match.outcome
    monkeypatch.setattr(
        Match, "outcome", lambda self: real(self) or (object() if over["now"] else None)
    )
    play(match, 1)
    assert [p.name for p in history_dir().iterdir()] == [name] and not match.autosave_path.exists()
    over["now"] = False
    match.autosave()
    assert list(history_dir().iterdir()) == [] and match.autosave_path.exists()


def _autosave_of(seats, seed, moves, when: float) -> Path:
    session = Session.new(GAME, seats, seed)
    play(session.match, moves, seed)
    path = session.match.autosave_path
    os.utime(path, (when, when))
    return path


def test_unfinished_games_are_listed_played_last_first_with_problems_named(tmp_path):
    older = _autosave_of(HUMANS, 1, 3, 1_000_000)
    newer = _autosave_of(VS_BOT, 2, 6, 2_000_000)
    broken = autosave_dir() / "broken.json"
    broken.write_text('{"format": "tabletop-tui-save", "ver')
    os.utime(broken, (1_500_000, 1_500_000))
    (autosave_dir() / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (autosave_dir() / "pipe.json").mkdir()
    games = unfinished_games()
    assert [g.path for g in games] == [newer, broken, older]
    assert games[0].players == ("Alice", "Robo") and games[0].moves == 6
    assert games[0].game == GAME and games[0].problem is None
    assert "Army Of Zero" in games[0].label() and "6 moves" in games[0].label()
    assert "cut short" in games[1].problem and "cannot be resumed" in games[1].label()
    assert games[2].players == ("Alice", "Bob") and games[2].moves == 3
    assert unfinished_games("zoobotz") == []


def test_a_loaded_copy_continues_in_a_new_autosave_an_autosave_in_itself(tmp_path):
    copy = tmp_path / "copy.json"
    copy.write_text("{}")
    auto = _autosave_of(VS_BOT, 2, 1, 2_000_000)
    assert autosave_for(auto, GAME, ["Alice", "Robo"]) == auto
    assert autosave_for(history_dir() / auto.name, GAME, ["Alice", "Robo"]) == auto
    fresh = autosave_for(copy, GAME, ["Alice", "Robo"])
    assert fresh.parent == autosave_dir() and fresh != auto and not fresh.exists()


# -- the command line ---------------------------------------------------------------------------
@pytest.fixture
def started(monkeypatch) -> list[dict]:
    calls: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: calls.append(kw) or 0)
    return calls


def three_games() -> tuple[Path, Path, Path]:
    return (
        _autosave_of(HUMANS, 1, 3, 3_000_000),
        _autosave_of(VS_BOT, 2, 6, 2_000_000),
        _autosave_of(VS_BOT, 4, 2, 1_000_000),
    )


def test_resume_picks_the_game_played_last_and_says_which(capsys, started):
    newest, _, _ = three_games()
    assert cli.main(["resume"]) == 0
    out = capsys.readouterr().out
    assert started == [{"game": GAME, "load": newest}]
    assert out.startswith("Resuming Army Of Zero: Alice, Bob") and str(newest) in out


def test_resume_list_numbers_the_games_and_resume_n_picks_one(capsys, started):
    newest, middle, oldest = three_games()
    assert cli.main(["resume", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:5] == ["#", "GAME", "PLAYERS", "MOVES", "LAST"]
    for number, path in enumerate((newest, middle, oldest), 1):
        assert lines[number].split()[0] == str(number) and lines[number].endswith(path.name)
    assert "Alice, Robo" in lines[2] and " 6 " in lines[2]
    assert "resume N" in lines[-1]
    assert started == []
    assert cli.main(["resume", "3"]) == 0
    assert started[-1]["load"] == oldest


def test_resume_a_game_id_picks_its_last_game(capsys, started):
    three_games()
    assert cli.main(["resume", "zoobotz"]) == 2
    assert "no autosaved game of zoobotz" in capsys.readouterr().err
    assert cli.main(["resume", GAME]) == 0


@pytest.mark.parametrize(
    "argv, needles",
    [
        (["resume", "4"], ["no game #4", "3 unfinished games", "resume --list"]),
        (["resume", "0"], ["no game #0"]),
        (["resume", "chess"], ["unknown game 'chess'"]),
        (["resume", "2", "--list"], ["--list alone"]),
    ],
)
def test_resume_refuses_what_is_not_there(capsys, started, argv, needles):
    three_games()
    assert_one_line_error(*_run(capsys, argv), *needles)
    assert started == []


def _run(capsys, argv):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_resume_list_with_nothing_in_progress(capsys):
    assert cli.main(["resume", "--list"]) == 0
    assert capsys.readouterr().out.startswith("No unfinished games in ")


def test_a_damaged_game_in_the_list_is_refused_by_number_and_named(capsys, started):
    three_games()
    broken = autosave_dir() / "broken.json"
    broken.write_text(json.dumps({"format": "tabletop-tui-save", "version": 1, "game": 5}))
    os.utime(broken, (2_500_000, 2_500_000))
    assert cli.main(["resume", "--list"]) == 0
    line = capsys.readouterr().out.splitlines()[2]
    assert "(cannot be resumed)" in line and line.endswith("broken.json: damaged save (game)")
    assert_one_line_error(*_run(capsys, ["resume", "2"]), str(broken), "damaged")
    assert started == []


def test_the_list_names_what_it_can_see_without_replaying(tmp_path):
    good = _autosave_of(VS_BOT, 2, 3, 2_000_000)
    data = json.loads(good.read_text())
    for name, change in {
        "chess.json": {"game": "chess"},
        "old-rules.json": {"rules_version": 99},
        "bad-seed.json": {"seed": -1},
    }.items():
        (autosave_dir() / name).write_text(json.dumps({**data, **change}))
    problems = {g.path.name: g.problem for g in unfinished_games()}
    assert "unknown game 'chess'" in problems["chess.json"]
    assert "rules version 99" in problems["old-rules.json"]
    assert problems["bad-seed.json"] == "damaged save (seed)"
    assert problems[good.name] is None


def test_a_demo_is_not_autosaved_so_it_never_joins_the_games_in_progress(started):
    assert cli.main(["demo", GAME, "--seed", "3"]) == 0
    assert started[0]["autosave"] is False and started[0]["game"] == GAME


def test_listing_again_reads_only_what_changed(monkeypatch):
    import tabletop_tui.paths as paths

    first = _autosave_of(VS_BOT, 2, 3, 2_000_000)
    second = _autosave_of(HUMANS, 1, 1, 1_000_000)
    read: list[Path] = []
    real = paths.read_saved_game
    monkeypatch.setattr(paths, "read_saved_game", lambda p, w: read.append(p) or real(p, w))
    paths._seen.clear()
    assert [g.moves for g in unfinished_games()] == [3, 1]
    assert sorted(read) == sorted([first, second])
    read.clear()
    unfinished_games()
    assert read == []
    data = json.loads(second.read_text())
    data["actions"] = data["actions"] * 2
    second.write_text(json.dumps(data))
    os.utime(second, (3_000_000, 3_000_000))
    assert [g.moves for g in unfinished_games()] == [2, 3]
    assert read == [second]


def test_a_file_name_that_is_not_utf8_is_listed_not_a_crash(tmp_path):
    """File names are bytes; printing one that is not UTF-8 ended `resume --list`."""
    import subprocess
    import sys

    from test_cli import child_env

    _autosave_of(VS_BOT, 2, 3, 2_000_000)
    odd = os.fsdecode(bytes(autosave_dir()) + b"/\xff-game.json")
    Match.load(next(autosave_dir().iterdir())).save(odd)
    env = {**child_env(), "TABLETOP_TUI_HOME": os.environ["TABLETOP_TUI_HOME"]}
    env["PYTHONIOENCODING"] = "utf-8"  # strict, as in a UTF-8 terminal
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "resume", "--list"],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"\\udcff-game.json" in proc.stdout and proc.stderr == b""
