"""Play by text (issue 41): whole games through the plain front end, fed a script on stdin."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import get_rules, playable_ids
from tabletop_tui.plain import PlainGame
from tabletop_tui.plain.moves import find, number_moves
from tabletop_tui.ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
#: commands read before a game must be over (each move is a `moves` and a choice)
BOUND = 2500
ITEM = re.compile(r"^\s*(\d+)\. (.*)$")
#: how a folded card's entry ends (its moves are asked about next)
FOLDED = " moves (type "


class Script(io.TextIOBase):
    """stdin for a plain game: a look, a hand, a bad command and a move number that does not
    exist first; then, for ever, `moves` and the first move, except once a move the seat
    was offered earlier has gone from the list: its words, which the rules must refuse."""

    def __init__(self, out: io.StringIO, opening: list[str] | None = None):
        self.out = out
        self.queue = list(opening if opening is not None else ["look", "hand", "frobnicate", "999"])
        self.reads = 0
        self.seen: list[str] = []
        self.tried_gone: str | None = None
        self.after_moves = False

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:  # noqa: ARG002
        self.reads += 1
        if self.reads > BOUND:
            return ""
        text = self.out.getvalue()
        if text.rstrip("\n").endswith("press Enter to take the keyboard."):
            return "\n"
        if text.endswith("(Enter: none)> "):  # a folded card's moves: its first
            return "1\n"
        if self.queue:
            return self.queue.pop(0) + "\n"
        if not self.after_moves:
            self.after_moves = True
            return "moves\n"
        self.after_moves = False
        listing = text[text.rfind("> moves\n") :].splitlines()[1:]
        current = [
            m.group(2) for line in listing if (m := ITEM.match(line)) and FOLDED not in m.group(2)
        ]
        if self.tried_gone is None:
            gone = [t for t in self.seen if t not in current]
            if gone:
                self.tried_gone = gone[0]
                return gone[0] + "\n"
        self.seen += [t for t in current if t not in self.seen]
        return "1\n"


def seats_for(game_id: str) -> list[SeatSpec]:
    if game_id == "hotg":  # co-op: one Ranger player against the game's own enemies
        return [SeatSpec(name="Ann")]
    return [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]


def play_script(game_id: str, seats: list[SeatSpec], opening=None, seed: int = 1):
    session = Session.new(game_id, seats, seed, autosave=False)
    out = io.StringIO()
    script = Script(out, opening)
    code = PlainGame(session, script, out).run()
    return session, out.getvalue(), script, code


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_whole_game_by_text_against_the_bots(game_id):
    session, text, script, code = play_script(game_id, seats_for(game_id))
    assert code == 0
    assert session.match.outcome() is not None, text[-2000:]
    assert "Game over." in text
    assert script.reads < BOUND
    # look, hand and moves answered in sentences and numbered lines
    assert "Ann (you):" in text
    assert "> moves\n1. " in text or "> moves\n" in text and re.search(r"\n  1\. ", text)
    # a bad command and a move number that does not exist are explained
    assert "'frobnicate' is not a command" in text
    assert "There is no move 999: your moves are numbered 1 to" in text
    # a move that is no longer legal, typed in words: the rules' reason and the rule's name
    assert script.tried_gone is not None
    reply = text.split(f"> {script.tried_gone}\n", 1)[1].split("> ", 1)[0]
    reply = " ".join(reply.split())
    assert reply.startswith("Not allowed: ") and "(rule: " in reply, reply
    # no line is wider than the terminal's 80 columns
    assert max(len(line) for line in text.splitlines()) <= 80


def test_hot_seat_passes_the_keyboard_and_hides_the_last_hand():
    rules = get_rules("army-of-zero")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
    session = Session.new("army-of-zero", seats, 4, autosave=False)
    ann_cards = [c.name for c in session.match.view(0).seats[0].unplaced]
    bob_cards = [c.name for c in session.match.view(1).seats[1].unplaced]
    assert rules is not None and not set(ann_cards) & set(bob_cards)
    out = io.StringIO()

    class Feed(Script):
        def readline(self, size: int = -1) -> str:
            text = self.out.getvalue()
            if text.rstrip("\n").endswith("press Enter to take the keyboard."):
                self.queue = ["hand"]
                return "\n"
            if text.count("Pass to ") >= 2 and text.endswith("> "):
                return "quit\n" if "> hand\n" in text.split("Pass to ")[-1] else "hand\n"
            return self.queue.pop(0) + "\n" if self.queue else "1\n"

    PlainGame(session, Feed(out, []), out).run()
    text = out.getvalue()
    assert "Pass to Ann. Ann: press Enter" in text
    assert "Pass to Bob. Bob: press Enter" in text
    before, bob = text.split("Pass to Bob.", 1)
    assert "\n" * 40 in before[-200:]  # the curtain scrolls Ann's lines away
    bob = bob.split("Pass to ", 1)[0]
    assert any(name in bob for name in bob_cards)
    assert not [name for name in ann_cards if name in bob]


def test_numbers_are_stable_and_words_abbreviate():
    actions = ["a", "b", "c", "d"]
    texts = ["play Repair Bay", "buy Zedd's Revenge", "play Zedd's Revenge", "end the turn"]
    moves = number_moves(actions, texts, {"Repair Bay", "Zedd's Revenge"})
    assert [(m.number, m.text) for m in moves] == [
        (1, "play Repair Bay"),
        (2, "buy Zedd's Revenge"),
        (3, "play Zedd's Revenge"),
        (4, "end the turn"),
    ]
    assert number_moves(actions, texts, {"Repair Bay", "Zedd's Revenge"}) == moves
    assert [m.number for m in find("play rep", moves)] == [1]
    assert [m.number for m in find("BUY ZEDD", moves)] == [2]
    assert [m.number for m in find("zedd", moves)] == [2, 3]  # ambiguous: both offered
    assert [m.number for m in find("end", moves)] == [4]
    assert find("fly", moves) == []


def test_plain_play_never_imports_textual_or_rich(tmp_path):
    code = (
        "import io, json, sys\n"
        "from tabletop_tui.engine.match import SeatSpec\n"
        "from tabletop_tui.plain import run_plain\n"
        "seats = [SeatSpec(name='Ann'), SeatSpec(name='Bot', kind='heuristic')]\n"
        "inp = io.StringIO('look\\nhand\\nmoves\\n1\\nrecap\\nlog 3\\nrules\\nhelp\\nquit\\n')\n"
        "run_plain('zoobotz', seats, 1, inp=inp, out=io.StringIO(), autosave=False)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('textual', 'rich'))))\n"
    )
    env = dict(os.environ, TABLETOP_TUI_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == []
    for path in (ROOT / "tabletop_tui" / "plain").glob("*.py"):
        assert not re.search(r"^\s*(from|import) (textual|rich)\b", path.read_text(), re.M)


def test_the_command_line_plays_by_text_from_a_pipe(tmp_path):
    env = dict(os.environ, TABLETOP_TUI_HOME=str(tmp_path), NO_COLOR="1")
    argv = [sys.executable, "-m", "tabletop_tui", "play", "pr-ccg-2008", "--plain"]
    argv += ["--seed", "2", "--seats", "human,bot"]
    result = subprocess.run(
        argv,
        input="look\nmoves\n1\nsave\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Player 1 to move" in result.stdout
    assert "Saved to " in result.stdout
    assert "\x1b" not in result.stdout  # no colour, no alternate screen, no cursor moves
    resumed = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "resume", "--plain"],
        input="recap\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "Resumed after " in resumed.stdout


def test_the_game_over_line_speaks_to_a_seat_named_you():
    """A guided game's seat is named You: its game-over line speaks to it ("You had to draw
    from an empty deck and lose", not "... and loses"), as the full screen does
    (engine.grammar.second_person). Seed 1: the seat named You runs out of cards."""
    seats = [SeatSpec(name="You"), SeatSpec(name="Bot", kind="heuristic")]
    session, text, _, _ = play_script("pr-ccg-2008", seats, seed=1)
    assert session.match.outcome().summary.endswith("and loses.")
    line = text[text.index("Game over.") :].splitlines()[0]
    assert line == "Game over. You had to draw from an empty deck and lose.", line
