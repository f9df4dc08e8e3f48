"""Replays (issue 19, "Spectate and replay"): a save steps back through every state; while
the game is on only the public view shows, once it is over every hand does; the `replay`
command and its screen read the same log."""

from __future__ import annotations

import random
import re

import pytest

from tabletop_tui.cli import main
from tabletop_tui.engine.match import Match
from tabletop_tui.games import get_rules
from tabletop_tui.tables.replay import Replay, outline


def _army(seed: int, actions: int | None = None) -> Match:
    rules = get_rules("army-of-zero")
    match = Match(rules, rules.default_config(), seed)
    rng = random.Random(seed)
    while match.to_act() and (actions is None or len(match.actions) < actions):
        seat = rng.choice(sorted(match.to_act()))
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match


def test_a_finished_game_replays_state_by_state_with_every_hand_shown(tmp_path):
    live = _army(3)
    path = tmp_path / "done.json"
    live.save(path)
    replay = Replay.load(path)
    assert replay.finished and len(replay) == len(live.actions) + 1
    for step, state in zip(replay.steps, live.states, strict=True):
        assert step.state == state
    assert replay.viewers() == [None, 0, 1]
    # once it is over each seat's own view may be shown, at any step
    assert replay.view(5, 1) == live.rules.view(live.states[5], 1)
    last = replay.steps[-1]
    assert last.action == live.rules.describe(live.rules.parse_action(live.actions[-1].action))
    assert "Game over" in replay.text(len(replay) - 1)


def test_a_game_in_progress_shows_only_what_a_watcher_may_see(tmp_path):
    live = _army(3, actions=6)  # still ordering the secret squads
    path = tmp_path / "going.json"
    live.save(path)
    replay = Replay.load(path)
    assert not replay.finished and replay.viewers() == [None]
    with pytest.raises(ValueError):
        replay.view(3, 0)
    assert replay.heading(3).endswith(" acts")  # which card went where stays secret
    text = replay.text(6)
    placed = {live.rules.parse_action(a.action).model_dump().get("card") for a in live.actions}
    placed.discard(None)
    assert placed and not any(card in text for card in placed)


def test_outline_reads_any_view():
    rules = get_rules("zeo-dbg")
    state = rules.new_game(rules.config_type(format="2v1"), 2)
    lines = outline(rules.view(state, None))
    assert any(line.startswith("seats:") for line in lines)
    assert all(isinstance(line, str) and line.strip() for line in lines)


def test_replay_command_prints_every_step_and_names_a_bad_file(tmp_path, capsys):
    live = _army(4)
    path = tmp_path / "g.json"
    live.save(path)
    assert main(["replay", str(path), "--print"]) == 0
    out = capsys.readouterr().out
    headings = re.findall(r"^Step (\d+)/(\d+):", out, flags=re.M)
    assert [int(n) for n, _ in headings] == list(range(len(live.actions) + 1))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-tui-save", "version": 1, "game": "army-of-zero"', "utf-8")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and err.count("\n") == 1


async def test_replay_screen_steps_with_left_right_and_reveals_hands_at_the_end(tmp_path):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.replay import ReplayBar

    live = _army(5)
    app = TabletopApp(replay=Replay(live), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "ReplayArmyOfZeroScreen" and screen.rmatch.index == 0
        await pilot.press("right", "right", "l", "left")
        assert screen.rmatch.index == 2
        await pilot.press("end")
        assert screen.rmatch.index == len(live.actions)
        await pilot.press("tab")
        assert screen.session.on_screen == 0
        await pilot.pause()
        assert "seen by Player 1" in str(screen.query_one(ReplayBar).render())
        await pilot.press("home", "left")
        assert screen.rmatch.index == 0
        await pilot.press("q")
    assert app.return_code in (0, None)


async def test_an_unfinished_replay_keeps_to_the_public_view_on_screen():
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.replay import ReplayBar

    app = TabletopApp(replay=Replay(_army(5, actions=4)), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "tab")
        assert app.screen.session.on_screen is None
        await pilot.pause()
        assert "public view only" in str(app.screen.query_one(ReplayBar).render())
