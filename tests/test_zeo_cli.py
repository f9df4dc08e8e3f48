"""`tabletop-tui cards validate|schema zeo-dbg`: the shipped set passes, a broken copy is named."""

import json
import shutil
import tomllib

import pytest

from tabletop_tui.cards import shipped_root
from tabletop_tui.cli import main


def test_validate_the_shipped_zeo_cards(capsys):
    assert main(["cards", "validate", "zeo-dbg"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("zeo-dbg: ") and " cards valid in " in out


def test_a_broken_copy_names_the_file_and_the_card(capsys, tmp_path):
    folder = tmp_path / "zeo"
    shutil.copytree(shipped_root() / "zeo-dbg", folder)
    deck = folder / "main-deck.toml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("cost = 5", "cost = 9", 1), encoding="utf-8")
    assert main(["cards", "validate", "zeo-dbg", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "main-deck.toml" in err and "Trey of Triforia" in err and "cost" in err


def test_the_schema_fits_every_shipped_file(capsys):
    assert main(["cards", "schema", "zeo-dbg"]) == 0
    schemas = json.loads(capsys.readouterr().out)["files"]
    jsonschema = pytest.importorskip("jsonschema")
    for path in sorted((shipped_root() / "zeo-dbg").glob("*.toml")):
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        for key, schema in (("card", "*.toml [[card]]"), ("character", "*.toml [[character]]")):
            if key in data:
                jsonschema.validate({key: data[key]}, schemas[schema])
