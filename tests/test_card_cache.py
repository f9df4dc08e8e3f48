"""Validated card records are cached between runs (tabletop_tui.cards; issue 18: start-up).
The cache must never change what a game loads: an edited file is read afresh, and a broken
file still names the file, the card and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop_tui.cards import CardDataError, cards_cache_dir, shipped_root
from tabletop_tui.games.zoobotz.cards import Card, load_pool


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    copy = tmp_path / "zoobotz"
    shutil.copytree(shipped_root() / "zoobotz", copy)
    return copy


def test_a_second_load_comes_from_the_cache_and_equals_the_first(folder, monkeypatch):
    first = load_pool(folder)
    assert list(cards_cache_dir().glob("*.pickle")), "nothing was cached"

    def refuse(*args, **kwargs):
        raise AssertionError("validated again although cached")

    monkeypatch.setattr(Card, "model_validate", refuse)
    second = load_pool(folder)
    assert second == first
    assert all(type(card) is Card for card in second.values())


def test_an_edited_card_file_is_read_afresh(folder):
    load_pool(folder)
    path = folder / "botz.toml"
    text = path.read_text("utf-8")
    old = next(line for line in text.splitlines() if line.startswith("name = "))
    path.write_text(text.replace(old, 'name = "Cache Test Bot"', 1), "utf-8")
    names = {card.name for card in load_pool(folder).values()}
    assert "Cache Test Bot" in names
    assert old.split('"')[1] not in names


def test_a_broken_file_still_names_file_card_and_field_after_a_good_load(folder):
    load_pool(folder)  # the good records are cached now
    path = folder / "botz.toml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("value = ", "value = -", 1), "utf-8")
    with pytest.raises(CardDataError) as caught:
        load_pool(folder)
    message = str(caught.value)
    assert str(path) in message and "field 'value'" in message


def test_a_damaged_cache_file_is_rebuilt(folder):
    first = load_pool(folder)
    for cached in cards_cache_dir().glob("*.pickle"):
        cached.write_bytes(b"not a pickle")
    assert load_pool(folder) == first
