"""A game's whole card catalog is cached between runs (tabletop_tui.cards.cached_catalog;
issue 36: a game screen's first frame). The cache must never change what a game loads: an
edited, added or removed card file, or changed model code, builds afresh; a damaged cache
file is ignored; a broken card file still names the file, the card and the field."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tabletop_tui.cards import CardDataError, cached_catalog, cards_cache_dir, shipped_root
from tabletop_tui.games.zoobotz import cards as zoobotz_cards


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    copy = tmp_path / "zoobotz"
    shutil.copytree(shipped_root() / "zoobotz", copy)
    return copy


class Builds:
    """load_catalog, counting its calls."""

    def __init__(self):
        self.calls = 0

    def __call__(self, folder: Path):
        self.calls += 1
        return zoobotz_cards.load_catalog(folder)


def load(folder: Path, build, code: str = zoobotz_cards.__file__):
    return cached_catalog("zoobotz", folder, build, code)


def test_a_second_load_comes_from_the_cache_and_equals_the_first(folder):
    build = Builds()
    first = load(folder, build)
    assert build.calls == 1
    assert list(cards_cache_dir().glob("catalog-zoobotz-*.pickle")), "nothing was cached"
    second = load(folder, build)
    assert build.calls == 1, "built again although cached"
    assert second.cards == first.cards and second.decks == first.decks
    assert type(second) is zoobotz_cards.Catalog


def test_an_edited_card_file_is_read_afresh(folder):
    build = Builds()
    load(folder, build)
    path = folder / "botz.toml"
    text = path.read_text("utf-8")
    old = next(line for line in text.splitlines() if line.startswith("name = "))
    path.write_text(text.replace(old, 'name = "Cache Test Bot"', 1), "utf-8")
    names = {card.name for card in load(folder, build).cards.values()}
    assert build.calls == 2
    assert "Cache Test Bot" in names and old.split('"')[1] not in names


def test_a_same_size_edit_with_a_new_time_is_read_afresh(folder):
    build = Builds()
    load(folder, build)
    path = folder / "botz.toml"
    info = path.stat()
    text = path.read_text("utf-8")
    old = next(line for line in text.splitlines() if line.startswith("name = "))
    new = "name = " + '"' + "Q" * (len(old) - len('name = ""')) + '"'
    path.write_text(text.replace(old, new, 1), "utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1))  # one ns later, same size
    assert path.stat().st_size == info.st_size
    assert new.split('"')[1] in {card.name for card in load(folder, build).cards.values()}


def test_an_added_or_removed_file_builds_afresh(folder):
    build = Builds()
    load(folder, build)
    (folder / "notes.txt").write_text("a file the loader does not read", "utf-8")
    load(folder, build)
    assert build.calls == 2
    (folder / "notes.txt").unlink()
    load(folder, build)
    assert build.calls == 3


def test_changed_model_code_builds_afresh(folder, tmp_path):
    code = tmp_path / "pkg" / "models.py"
    code.parent.mkdir()
    code.write_text("# version 1\n", "utf-8")
    build = Builds()
    load(folder, build, str(code))
    load(folder, build, str(code))
    assert build.calls == 1
    code.write_text("# version 2, longer\n", "utf-8")
    load(folder, build, str(code))
    assert build.calls == 2


def test_a_damaged_cache_file_is_ignored_and_rewritten(folder):
    build = Builds()
    first = load(folder, build)
    cached = list(cards_cache_dir().glob("catalog-zoobotz-*.pickle"))
    assert cached
    for path in cached:
        path.write_bytes(b"not a pickle")
    assert load(folder, build).cards == first.cards
    assert build.calls == 2
    load(folder, build)
    assert build.calls == 2, "the damaged file was not rewritten"


def test_a_broken_file_still_names_file_card_and_field_after_a_good_load(folder):
    build = Builds()
    load(folder, build)  # the good catalog is cached now
    path = folder / "botz.toml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("value = ", "value = -", 1), "utf-8")
    with pytest.raises(CardDataError) as caught:
        load(folder, build)
    message = str(caught.value)
    assert str(path) in message and "field 'value'" in message
    with pytest.raises(CardDataError):  # nothing stored: still refused the next time
        load(folder, build)


def test_a_missing_folder_is_still_named(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    with pytest.raises(CardDataError, match="no such card folder"):
        load(tmp_path / "nowhere", zoobotz_cards.load_catalog)
