"""`tabletop-tui cards validate|schema hotg`: the shipped data passes, a broken copy is named."""

import json
import shutil
import tomllib

import pytest

from tabletop_tui.cards import shipped_root
from tabletop_tui.cli import main


def test_validate_the_shipped_hotg_data(capsys):
    assert main(["cards", "validate", "hotg"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hotg: ") and " cards valid in " in out


def test_a_broken_copy_names_the_file_and_the_problem(capsys, tmp_path):
    folder = tmp_path / "hotg"
    shutil.copytree(shipped_root() / "hotg", folder)
    board = folder / "board.toml"
    board.write_text(board.read_text(encoding="utf-8") + "\n[[location]]\nid = 7\n", "utf-8")
    assert main(["cards", "validate", "hotg", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "board.toml" in err and "location" in err


def test_the_schema_fits_every_shipped_table(capsys):
    assert main(["cards", "schema", "hotg"]) == 0
    schemas = json.loads(capsys.readouterr().out)["files"]
    jsonschema = pytest.importorskip("jsonschema")
    root = shipped_root() / "hotg"
    checked = 0
    for name, schema in schemas.items():
        file, _, _ = name.partition(" ")
        with open(root / file, "rb") as fh:
            data = tomllib.load(fh)
        key = next(iter(schema["properties"]))
        jsonschema.validate({key: data[key]}, schema)
        checked += 1
    assert checked == 5


def test_a_lost_co_op_game_is_a_loss_in_selfplay_json(capsys):
    """§3 Victory and defeat: the Rangers win or lose together; a game with no winner is a
    loss, never a draw (issue 15: `selfplay --json` said "draw")."""
    # (random seats: the labels are the point, and these games end in a blink)
    bots = ["--bots", "random,random,random,random"]
    assert main(["selfplay", "hotg", "--games", "3", "--seed", "0", "--json", *bots]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records and all(r["outcome"] in ("win", "loss") for r in records)
    assert any(r["outcome"] == "loss" and r["winners"] == [] for r in records)
    assert main(["selfplay", "hotg", "--games", "3", "--seed", "0", *bots]) == 0
    text = capsys.readouterr().out
    assert "draws: 0 " in text and "losses (co-operative):" in text
