"""Play by text (issue 41): the moves offered match the screen's, zones by name, follow-up
questions, replay --plain, the launcher --plain, and the 80-column bound."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import playable_ids
from tabletop_tui.plain import PlainGame
from tabletop_tui.plain.moves import Move
from tabletop_tui.plain.zones import ZONES, zones_of
from tabletop_tui.ui.session import Session

ROOT = Path(__file__).resolve().parent.parent


def two_seats(game_id: str) -> list[SeatSpec]:
    """Ann at the keyboard; Bob a bot (no curtain before Ann's first command)."""
    if game_id == "hotg":
        return [SeatSpec(name="Ann")]
    return [SeatSpec(name="Ann"), SeatSpec(name="Bob", kind="heuristic")]


def screen_actions(game, seat) -> list:
    """The moves the full screen offers the seat, derived as it derives them: F2's list
    (`GameScreen.action_all_moves`) is every legal action, one row each; HotG's move panel
    (`ui/games/hotg/moves.py`) lists a copy of a card once (`dedupe_copies`)."""
    match = game.match
    legal = match.legal_actions(seat)
    if match.rules.game_id == "hotg":
        from tabletop_tui.ui.games.hotg.moves import card_names, dedupe_copies

        legal = dedupe_copies(legal, card_names(match.view(seat)))
    return legal


@pytest.mark.parametrize("game_id", playable_ids())
def test_plain_offers_the_moves_the_screen_offers(game_id):
    rng, compared, seed = random.Random(2), 0, 5
    while compared < 40:  # a quick game (HotG lost early) is followed by another
        session = Session.new(game_id, two_seats(game_id), seed, autosave=False)
        compared += compare_moves(session, rng)
        seed += 1


def compare_moves(session, rng) -> int:
    game = PlainGame(session, io.StringIO(), io.StringIO())
    match, compared = session.match, 0
    for _ in range(120):
        if match.outcome() is not None:
            break
        seat = sorted(match.to_act())[0]
        moves = game.moves(seat)
        legal = match.legal_actions(seat)
        # every move offered is a legal action, numbered 1..n once each
        assert [m.number for m in moves] == list(range(1, len(moves) + 1))
        assert all(any(m.action == a for a in legal) for m in moves)
        # the same moves as the screen's rows: each row's move, told in plain's words, is
        # offered once (two copies of a card in hand, in the very same words, are one move)
        view = match.view(seat)
        rows = {game.words(seat, view, a) for a in screen_actions(game, seat)}
        assert Counter(m.text for m in moves) == Counter(dict.fromkeys(rows, 1))
        # and the words name what the screen names: no id is left in them
        assert not [m.text for m in moves if re.search(r"#\d|\b[a-z]+_[a-z]+\b", m.text)]
        compared += 1
        match.play(seat, rng.choice(legal))
    return compared


def test_zeo_table_kit_menus_cover_exactly_the_moves_offered():
    """Zeo's cards open menus of their legal actions (`ui/games/zeo_dbg/moves.menu_for`,
    a follow-up per slot): all the menus together hold what plain lists."""
    from tabletop_tui.ui.games.zeo_dbg.moves import FollowUp, card_key, menu_for

    session = Session.new("zeo-dbg", two_seats("zeo-dbg"), 4, autosave=False)
    game = PlainGame(session, io.StringIO(), io.StringIO())
    match, rng = session.match, random.Random(3)
    checked = 0
    for _ in range(150):
        if match.outcome() is not None:
            break
        seat = sorted(match.to_act())[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        by_card: dict = {}
        for action in legal:
            by_card.setdefault(card_key(view, seat, action), []).append(action)
        offered = []
        for actions in by_card.values():
            for entry in menu_for(view, seat, actions):
                if isinstance(entry.action, FollowUp):
                    offered += [e.action for e in entry.action.entries]
                else:
                    offered.append(entry.action)
        plain = {m.text for m in game.moves(seat)}
        assert {game.words(seat, view, a) for a in offered} == plain
        checked += 1
        match.play(seat, rng.choice(legal))
    assert checked > 50


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_zone_is_told_by_name_and_listed_in_help(game_id):
    assert zones_of(game_id), "each game names its zones"
    session = Session.new(game_id, two_seats(game_id), 2, autosave=False)
    out = io.StringIO()
    script = io.StringIO("\n".join(["help", *ZONES[game_id], "quit"]) + "\n")
    PlainGame(session, script, out).run()
    text = out.getvalue()
    assert "This game's zones (type the name):" in text
    for name in ZONES[game_id]:
        reply = text.split(f"> {name}\n", 1)[1].split("> ", 1)[0]
        assert "is not a command" not in reply and reply.strip(), name
    assert max(len(line) for line in text.splitlines()) <= 80


def test_zeo_grid_names_the_cards_and_their_prices():
    session = Session.new("zeo-dbg", two_seats("zeo-dbg"), 2, autosave=False)
    match = session.match
    while not match.view(0).grid:  # (the characters are picked first)
        seat = sorted(match.to_act())[0]
        match.play(seat, match.legal_actions(seat)[0])
    view = match.view(0)
    out = io.StringIO()
    PlainGame(session, io.StringIO("grid\nquit\n"), out).run()
    reply = out.getvalue().split("> grid\n", 1)[1]
    first = view.grid[0]
    assert f"1. {first.card.name}: " in reply and f"price {first.price}" in reply
    assert first.card.id not in reply  # ids are told by name


def test_an_ambiguous_move_is_a_numbered_follow_up_question():
    session = Session.new("zeo-dbg", two_seats("zeo-dbg"), 2, autosave=False)
    game = PlainGame(session, io.StringIO("3\n2\n"), out := io.StringIO())
    moves = [Move(1, "a", "buy Zeo Blaster", None), Move(2, "b", "buy Zedd's Wrath", None)]
    assert game.ask("Which one?", moves) is moves[1]  # 3 is refused, then 2 is taken
    text = out.getvalue()
    assert "  1. buy Zeo Blaster\n  2. buy Zedd's Wrath\n" in text
    assert "'3' is not one of these: answer with a number from 1 to 2" in text
    game = PlainGame(session, io.StringIO("zedd\n"), io.StringIO())
    assert game.ask("Which one?", moves) is moves[1]  # words narrow the choice
    game = PlainGame(session, io.StringIO("\n"), out := io.StringIO())
    assert game.ask("Which one?", moves) is None and "Nothing chosen." in out.getvalue()


def test_typed_words_matching_two_moves_ask_which():
    session = Session.new("army-of-zero", two_seats("army-of-zero"), 2, autosave=False)
    out = io.StringIO()
    PlainGame(session, io.StringIO("place\n1\nquit\n"), out).run()
    text = out.getvalue()
    assert "'place' could be several moves. Which one?" in text
    assert "Choose 1-" in text
    assert [a.seat for a in session.match.actions].count(0) == 1  # the answer made the move


def _env(tmp_path) -> dict:
    return dict(os.environ, TABLETOP_TUI_HOME=str(tmp_path), NO_COLOR="1")


def _cli(args: list[str], stdin: str, tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabletop_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=120,
    )


def test_the_launcher_by_text_plays_resumes_and_replays(tmp_path):
    # a bot game to its end (a finished game), and a human game left unfinished
    first = _cli(["--plain"], "3\nbot,bot\n1\n\nlook\nquit\nquit\n", tmp_path)
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "1. New game: Army Of Zero" in out and "3. New game: ZOOBOTZ" in out
    assert "Game over." in out and "Back at the launcher." in out
    assert "\x1b" not in out
    listed = _cli(["--plain"], "quit\n", tmp_path).stdout
    assert "Resume: Army Of Zero: Player 1, Bot 1" in listed
    assert "Replay: ZOOBOTZ: Bot 1, Bot 2" in listed
    lines = listed.splitlines()
    resume = next(x for x in lines if "Resume: Army Of Zero" in x).split(".")[0]
    replay = next(x for x in lines if "Replay: ZOOBOTZ" in x).split(".")[0]
    again = _cli(["--plain"], f"{resume}\nrecap\nquit\n{replay}\nend\nquit\nquit\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Resumed after " in again.stdout
    assert "Replay of ZOOBOTZ: Bot 1, Bot 2;" in again.stdout
    assert "wins" in again.stdout.split("> end\n", 1)[1]
    for text in (out, listed, again.stdout):
        assert max(len(line) for line in text.splitlines()) <= 80


def test_hotg_modes_are_asked_at_the_launcher(tmp_path):
    result = _cli(["--plain"], "5\n2\nhuman,bot\nschemes\nquit\nquit\n", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Which mode?" in result.stdout and "2. Mastermind" in result.stdout
    assert "Mode: mastermind." in result.stdout


def test_replay_by_text_steps_and_keeps_a_game_in_progress_public(tmp_path):
    from tabletop_tui.engine.match import Match
    from tabletop_tui.games import get_rules
    from tabletop_tui.plain.replay import PlainReplay
    from tabletop_tui.tables.replay import Replay

    rules = get_rules("pr-ccg-2008")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
    match = Match(rules, rules.config_type(names=("Ann", "Bob")), 4, seats=seats)
    for _ in range(6):
        seat = sorted(match.to_act())[0]
        match.play(seat, match.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    match.save(path)
    hands = {c.name for s in (0, 1) for _, c in match.view(s).seats[s].hand}
    out = io.StringIO()
    script = io.StringIO("\nnext\nback\ngo 3\ngo 99\nas Ann\nhand\nlook\nbattle\nend\n\nquit\n")
    PlainReplay(Replay(Match.load(path)), script, out).run()
    raw = out.getvalue()
    text = " ".join(raw.split())
    assert "Replay of Power Rangers" in text and "still going: the public view only" in text
    assert "Step 1/6:" in text and "Step 2/6:" in text and "Step 3/6:" in text
    assert "The game has steps 0 to 6." in text
    assert "A game still going shows only the public view" in text
    assert "That was the last step" in text
    # no hand is told in a replay of a game still going
    told = raw.split("> as Ann\n", 1)[1]
    assert not [n for n in hands if n in told.split("> battle\n")[0]]
    assert max(len(line) for line in raw.splitlines()) <= 80


def test_replay_plain_on_the_command_line(tmp_path):
    first = _cli(
        ["play", "army-of-zero", "--plain", "--seats", "bot,bot", "--seed", "3"], "", tmp_path
    )
    assert first.returncode == 0, first.stderr
    history = list((tmp_path).rglob("*.json"))
    finished = [p for p in history if "history" in str(p)]
    assert finished, history
    result = _cli(["replay", str(finished[0]), "--plain"], "end\nas Bot 1\nsquad\nquit\n", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Game over." in result.stdout and "Now as Bot 1 saw the table." in result.stdout
    assert "\x1b" not in result.stdout


def test_a_move_in_words_not_legal_now_gets_the_rules_reason():
    """Zeo, seed 7: 4 Shards in play, so Sword of Damocles (5) cannot be bought; the Rules
    say so, naming the rule (Buying Cards). Before any buy is offered, a card named in
    the typed words is said to have no move now."""
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    session = Session.new("zeo-dbg", seats, 7, autosave=False)
    script = "1\nbuy regroup\n" + "play cog\n" * 4 + "play dark\nbuy sword\nbuy zedd\nquit\n"
    out = io.StringIO()
    PlainGame(session, io.StringIO(script), out).run()
    text = " ".join(out.getvalue().split())
    assert "> buy regroup No move of yours uses Regroup Drill now." in text
    assert (
        "> buy sword Not allowed: Sword of Damocles costs 5 Shards; you have 4 "
        "(rule: Buying Cards)." in text
    )
    assert "> buy zedd Ann buys Zedd's Revenge." in text


def test_the_readme_example_is_what_the_game_prints():
    """README's Play by text example is a real run: its lines come out, in order."""
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Play by text", 1)[1].split("## Demo server", 1)[0]
    example = section.split("```text\n")[2].split("```", 1)[0].splitlines()
    typed = [line.split("> ", 1)[1] for line in example if line.startswith("Ann> ")]
    assert typed[:2] == ["grid", "moves"]
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    session = Session.new("zeo-dbg", seats, 7, autosave=False)
    script = "1\ngrid\nmoves\n" + "play cog\n" * 4 + "play dark\nbuy sword\nmoves\nbuy zedd\nquit\n"
    out = io.StringIO()
    PlainGame(session, io.StringIO(script), out).run()
    printed = out.getvalue().splitlines()
    at = 0
    for line in example:
        if line == "...":
            continue
        assert line in printed[at:], line
        at = printed.index(line, at) + 1


def test_the_curtain_clears_a_terminal_and_scrollback_but_never_a_pipe():
    from tabletop_tui.plain.play import CLEAR

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for out, cleared in ((Terminal(), True), (io.StringIO(), False)):
        seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
        session = Session.new("army-of-zero", seats, 2, autosave=False)
        PlainGame(session, io.StringIO("\n"), out).run()  # Enter at Ann's curtain, then EOF
        text = out.getvalue()
        assert "Pass to Ann." in text
        assert (CLEAR in text.split("Pass to Ann.")[0]) is cleared


def test_a_name_one_seat_learned_never_names_an_id_for_the_next_seat():
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
    session = Session.new("pr-ccg-2008", seats, 3, autosave=False)
    game = PlainGame(session, io.StringIO(), io.StringIO())
    session.on_screen = 0
    game.describer.learn(session.match.view(0))
    inst, card = session.match.view(0).seats[0].hand[0]
    assert game.describer.named(f"a card {inst}") == f"a card {card.name}"
    session.on_screen = 1  # Bob at the keyboard: Ann's hand is not his to read
    game.describer.learn(session.match.view(1))
    assert inst not in {i for i, _ in session.match.view(1).seats[1].hand}
    assert game.describer.named(f"a card {inst}") == f"a card {inst}"


def _long_list(game_id: str = "zoobotz"):
    """A ZOOBOTZ moment with more moves than the top level lists one by one."""
    from tabletop_tui.plain.moves import FOLD_OVER

    for seed in range(20):
        session = Session.new(game_id, two_seats(game_id), seed, autosave=False)
        game = PlainGame(session, io.StringIO(), io.StringIO())
        match, rng = session.match, random.Random(seed)
        for _ in range(200):
            if match.outcome() is not None:
                break
            seat = sorted(match.to_act())[0]
            if seat == 0 and len(game.moves(seat)) > FOLD_OVER:
                return session, game
            match.play(seat, rng.choice(match.legal_actions(seat)))
    raise AssertionError("no long list of moves found")


def test_a_long_list_lists_a_card_once_and_asks_which_of_its_moves():
    from tabletop_tui.plain.moves import FOLD_AT, entries

    session, game = _long_list()
    moves = game.moves(0)
    numbered = entries(moves)
    folded = next(e for e in numbered if len(e.moves) > 1)
    assert len(folded.moves) > FOLD_AT and len(numbered) < len(moves)
    # every move is in exactly one entry, in the grouped order
    assert [m for e in numbered for m in e.moves] == moves
    listed = game.list_moves(0)
    assert f"{folded.number}. {folded.card}: {len(folded.moves)} moves (type " in "\n".join(listed)
    # the number asks which (a numbered follow-up); its answer makes that move
    before = len(session.match.actions)
    game.inp, game.out = io.StringIO("2\n"), io.StringIO()
    game.play(0, str(folded.number))
    assert f"{folded.card}: which move?" in game.out.getvalue()
    assert session.match.actions[before].action == session.match.rules.dump_action(
        folded.moves[1].action
    )


def test_number_dot_number_plays_a_folded_cards_move_directly():
    from tabletop_tui.plain.moves import entries

    session, game = _long_list()
    folded = next(e for e in entries(game.moves(0)) if len(e.moves) > 1)
    before = len(session.match.actions)
    game.out = io.StringIO()
    game.play(0, f"{folded.number}.9999")
    assert "There is no move" in game.out.getvalue() and len(session.match.actions) == before
    game.play(0, f"{folded.number}.3")
    assert session.match.actions[before].action == session.match.rules.dump_action(
        folded.moves[2].action
    )
