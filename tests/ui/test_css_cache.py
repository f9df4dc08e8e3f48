"""Parsed stylesheets are kept between runs (ui/css_cache.py): read back instead of parsed
again, and never served for a sheet, theme or flag that differs from the one parsed."""

from __future__ import annotations

import pytest
import textual.css.stylesheet as stylesheet_module
from textual.css.stylesheet import Stylesheet

from tabletop_tui.ui import css_cache

SHEET = "#board { height: 1fr; color: $primary; }\n.seat-0 { color: $error; }\n"
WHERE = ("/games/example.tcss", "")
THEME = {"primary": "#0178D4", "error": "#ba3c5b"}


@pytest.fixture
def parses(monkeypatch, tmp_path):
    """Counts Textual's real parses, with the cache in a fresh data folder."""
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    css_cache.install()
    calls: list[str] = []
    real = stylesheet_module.parse

    def counting(scope, css, *args, **kwargs):
        calls.append(css)
        return real(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting)
    return calls


def _rules(css: str = SHEET, variables: dict | None = None, where=WHERE) -> list[str]:
    sheet = Stylesheet(variables=dict(variables or THEME))
    return [rule.css for rule in sheet._parse_rules(css, where, False, 0, "")]


def test_a_sheet_parsed_in_an_earlier_run_is_read_back_the_same(parses):
    first = _rules()
    assert len(parses) == 1
    again = _rules()  # a new Stylesheet: as in the next run
    assert again == first and "#0178D4" in " ".join(first).upper()
    assert len(parses) == 1
    assert list(css_cache.css_cache_dir().glob("*.pickle"))


def test_a_changed_sheet_theme_or_place_is_parsed_again(parses):
    _rules()
    changed = _rules(SHEET.replace("1fr", "2fr"))
    assert "2fr" in " ".join(changed) and len(parses) == 2
    themed = _rules(variables={**THEME, "primary": "#ff0000"})
    assert "#FF0000" in " ".join(themed).upper() and len(parses) == 3
    _rules(where=("/games/other.tcss", ""))
    assert len(parses) == 4
    assert _rules(SHEET.replace("1fr", "2fr")) == changed  # kept in place of the first


def test_a_broken_cache_file_is_parsed_again_and_replaced(parses):
    first = _rules()
    for path in css_cache.css_cache_dir().glob("*.pickle"):
        path.write_bytes(b"not a pickle")
    assert _rules() == first and len(parses) == 2
    assert _rules() == first and len(parses) == 2


def test_a_sheet_with_errors_is_not_kept(parses):
    bad = "#board { height: banana; }\n"
    sheet = Stylesheet(variables=dict(THEME))
    rules = sheet._parse_rules(bad, WHERE, False, 0, "")
    assert any(rule.errors for rule in rules)
    assert not list(css_cache.css_cache_dir().glob("*.pickle"))
