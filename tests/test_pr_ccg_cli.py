"""The command line for PR CCG decks (issue 40): `play pr-ccg-2008 --decks/--sealed`, and
`cards validate`/`cards schema` covering the deck files (RULINGS.md ruling 8: exactly 20
cards; at most 3 of a common, 2 of an uncommon, 1 of a rare)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import tabletop_tui.cli as cli
from tabletop_tui import cards as cards_module
from tabletop_tui.cli import main
from tabletop_tui.decklists.pr_ccg_2008 import deck_toml, decks_dir
from tabletop_tui.games.pr_ccg_2008.cards import catalog
from tabletop_tui.games.pr_ccg_2008.models import CustomDeck

GAME = "pr-ccg-2008"
ERROR = "tabletop-tui: error: "


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(home))
    yield home
    cards_module.set_cards_dir(None)


@pytest.fixture
def started(monkeypatch):
    calls: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: calls.append(kwargs) or 0)
    monkeypatch.setattr(cli, "_run_plain", lambda **kwargs: calls.append(kwargs) or 0)
    return calls


def _pool():
    return {c.id: c for c in catalog().card_set.pool}


def _save(name: str, cards: dict[str, int]) -> Path:
    decks_dir().mkdir(parents=True, exist_ok=True)
    from tabletop_tui.decklists.pr_ccg_2008 import deck_path

    path = deck_path(name)
    path.write_text(deck_toml(name, cards, _pool()), encoding="utf-8")
    return path


def _commons(n: int, copies: int = 2) -> dict[str, int]:
    ids = [c.id for c in _pool().values() if c.rarity == "common"][:n]
    return {c: copies for c in ids}


def _one_line_error(capsys, *argv) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err, (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(ERROR), err
    return lines[0]


def test_play_with_shipped_and_saved_decks(capsys, home, started):
    _save("Dino Rush", _commons(10))
    assert main(["play", GAME, "--seats", "human,bot", "--decks", "swarm,Dino Rush"]) == 0
    decks = started[-1]["config"]["decks"]
    assert decks[0] == "swarm"
    assert isinstance(decks[1], CustomDeck) and decks[1].name == "Dino Rush"
    assert dict(decks[1].cards) == _commons(10)
    # the file name works as well as the deck's name
    assert main(["play", GAME, "--decks", "dino-rush,colossi"]) == 0
    assert started[-1]["config"]["decks"][1] == "colossi"


def test_play_refuses_a_deck_breaking_ruling_8_in_one_line(capsys, home, started):
    _save("Nineteen", {**_commons(9), "X": 0} | {list(_commons(10))[-1]: 1})
    line = _one_line_error(capsys, "play", GAME, "--decks", "nineteen,swarm")
    assert "Deck size (ruling 8): a deck has exactly 20 cards, this one 19" in line
    _save("Four Of One", {**_commons(8), list(_commons(9))[-1]: 4})
    line = _one_line_error(capsys, "play", GAME, "--decks", "four-of-one,swarm")
    assert "Copies (ruling 8): at most 3 of a common card" in line
    line = _one_line_error(capsys, "play", GAME, "--decks", "nope,swarm")
    assert "no deck 'nope'" in line and "guardians" in line
    line = _one_line_error(capsys, "play", GAME, "--decks", "swarm")
    assert "2 seats need 2 decks, not 1" in line
    assert started == []


def test_play_sealed(capsys, home, started):
    assert main(["play", GAME, "--seats", "human,bot", "--sealed", "--seed", "4"]) == 0
    assert started[-1]["config"] == {"sealed_packs": 4}
    assert started[-1]["dealt"] is None  # the human builds a deck first: no deal handed on
    line = _one_line_error(capsys, "play", GAME, "--sealed", "--plain")
    assert "full screen" in line
    assert main(["play", GAME, "--seats", "bot,bot", "--sealed", "--plain"]) == 0
    assert started[-1]["config"] == {"sealed_packs": 4}
    line = _one_line_error(capsys, "play", GAME, "--sealed", "--decks", "swarm,swarm")
    assert "drop --decks or --sealed" in line
    line = _one_line_error(capsys, "play", "zoobotz", "--sealed")
    assert "for pr-ccg-2008" in line


def _copy_cards(tmp_path: Path) -> Path:
    root = tmp_path / "my-cards"
    shutil.copytree(cards_module.card_dir(GAME), root / GAME)
    return root


def test_cards_validate_checks_the_decks_copies_rule(capsys, tmp_path, home):
    root = _copy_cards(tmp_path)
    code = main(["cards", "validate", GAME, str(root / GAME)])
    out, _ = capsys.readouterr()
    assert code == 0 and "deck-*.toml" in out
    # Swarm's first card is a common at 2 copies: 3 is the limit, 4 is one over it
    path = root / GAME / "deck-swarm.toml"
    text = path.read_text()
    first = next(line for line in text.splitlines() if line.startswith("SWM-"))
    card_id = first.split("=")[0].strip()
    donor = next(line for line in text.splitlines() if line.startswith("SWM-") and line != first)
    path.write_text(
        text.replace(first, f"{card_id} = 3").replace(donor, donor.split("=")[0] + "= 1")
    )
    assert main(["cards", "validate", GAME, str(root / GAME)]) == 0
    capsys.readouterr()
    path.write_text(text.replace(first, f"{card_id} = 4").replace(donor, "# " + donor))
    line = _one_line_error(capsys, "cards", "validate", GAME, str(root / GAME))
    assert "Copies (ruling 8): at most 3 of a common card, not 4" in line


def test_cards_schema_covers_the_deck_files(capsys):
    assert main(["cards", "schema", GAME]) == 0
    schema = json.loads(capsys.readouterr().out)
    deck = schema["files"]["deck-*.toml"]
    assert deck["properties"]["deck"]["$ref"].endswith("DeckTable")
    table = deck["$defs"]["DeckTable"]
    assert set(table["properties"]) == {"id", "name", "blurb", "cards"}
    assert table["properties"]["cards"]["additionalProperties"]["type"] == "integer"
