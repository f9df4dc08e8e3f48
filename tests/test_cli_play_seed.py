"""`tabletop-tui play GAME` without --seed deals once (issue 36's start-up budget): the
command line draws the seed the app would draw, checks the card files with that deal and
hands it on; the seed stays the app's secret (not shown as the players' own)."""

from __future__ import annotations

import pytest

import tabletop_tui.cli as cli


@pytest.fixture
def started(monkeypatch, tmp_path) -> list[dict]:
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    calls: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: calls.append(kwargs) or 0)
    return calls


def test_a_drawn_seed_is_dealt_once_and_not_given(started):
    assert cli.main(["play", "zoobotz", "--seats", "human,bot"]) == 0
    (kwargs,) = started
    assert 1 <= kwargs["seed"] < 100000
    assert kwargs["seed_given"] is False
    assert kwargs["dealt"] is not None and kwargs["dealt"].seed == kwargs["seed"]


def test_without_seats_the_setup_screen_gets_no_seed(started):
    assert cli.main(["play", "zoobotz"]) == 0
    (kwargs,) = started
    assert kwargs["seats"] is None and kwargs["seed"] is None and kwargs["dealt"] is None


def test_sealed_play_draws_no_seed_and_hands_no_deal(started):
    assert cli.main(["play", "pr-ccg-2008", "--seats", "human,bot", "--sealed"]) == 0
    (kwargs,) = started
    assert kwargs["seed"] is None and kwargs["dealt"] is None


def test_the_app_keeps_a_drawn_seed_off_screen():
    from tabletop_tui.ui.app import TabletopApp

    assert TabletopApp(seed=5, seed_given=False).start_seed_given is False
    assert TabletopApp(seed=5).start_seed_given is True
    assert TabletopApp().start_seed_given is False
