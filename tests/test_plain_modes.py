"""Play by text (issue 41): every game and every mode played to its end by typed commands,
hot-seat, with no card a seat may not see printed while that seat holds the keyboard.

Each scripted player types `moves`, then one of the numbered moves (seeded, so the game is
the same every run), and passes the keyboard on every curtain. Between two of its reads
the output must name no card that only the other seats see at that moment (their views'
card names, less the reader's own view and the public log), checked by whole words.
"""

from __future__ import annotations

import io
import random
import re

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.plain import PlainGame
from tabletop_tui.ui.session import Session

ITEM = re.compile(r"^\s*(\d+)\. (.*)$")
BOUND = 6000


def card_names(view) -> set[str]:
    names: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, dict):
            if "id" in node and isinstance(node.get("name"), str):
                names.add(node["name"])
            for value in node.values():
                visit(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                visit(value)

    visit(view.model_dump(mode="json"))
    return names


class Players(io.TextIOBase):
    """stdin for a hot-seat table: Enter at each curtain, else `moves` then a numbered move;
    at every read, the lines printed since the last read are checked for hidden names."""

    def __init__(self, out: io.StringIO, session: Session, seed: int):
        self.out, self.session, self.rng = out, session, random.Random(seed)
        self.reads, self.checked, self.mark = 0, 0, 0
        self.leaks: list[tuple[str, str]] = []
        self.curtains = 0
        #: reads at which some card was hidden from the seat on screen (the check bites)
        self.guarded = 0
        self.asked = False

    def isatty(self) -> bool:
        return False

    def hidden(self) -> set[str]:
        match, seat = self.session.match, self.session.on_screen
        if seat is None:
            return set()
        rules = match.rules
        mine = card_names(match.view(seat)) | card_names(match.view(None))
        others: set[str] = set()
        for other in range(len(match.seats)):
            if other != seat:
                others |= card_names(rules.view(match.state, other))
        public = " ".join(e.text for e in match.log_lines())
        return {n for n in others - mine if len(n) > 3 and n not in public}

    def check(self) -> None:
        text = self.out.getvalue()
        chunk = text[self.mark :]
        self.mark = len(text)
        self.checked += 1
        hidden = self.hidden()
        self.guarded += bool(hidden)
        for name in hidden:
            if re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", chunk):
                self.leaks.append((name, chunk[-400:]))

    def readline(self, size: int = -1) -> str:  # noqa: ARG002
        self.reads += 1
        if self.reads > BOUND:
            return ""
        self.check()
        text = self.out.getvalue()
        if text.rstrip("\n").endswith("press Enter to take the keyboard."):
            self.curtains += 1
            return "\n"
        if text.endswith("(Enter: none)> "):  # a folded card's moves: one of them
            asked = text[: text.rfind("\n")].rsplit(": which move?\n", 1)[-1]
            options = [m.group(1) for line in asked.splitlines() if (m := ITEM.match(line))]
            return self.rng.choice(options) + "\n"
        if not self.asked:
            self.asked = True
            return "moves\n"
        self.asked = False
        listing = text[text.rfind("> moves\n") :].splitlines()[1:]
        numbers = [m.group(1) for line in listing if (m := ITEM.match(line))]
        return (self.rng.choice(numbers) if numbers else "look") + "\n"


#: every seat plays on one team with open hands: nothing is kept from anyone
CO_OP = {("hotg", "standard"), ("hotg", "psycho_assault")}
CASES = [
    ("army-of-zero", {}, ["human", "human"]),
    ("pr-ccg-2008", {}, ["human", "human"]),
    ("zoobotz", {}, ["human", "human", "human"]),
    ("zeo-dbg", {"format": "1v1"}, ["human", "human"]),
    ("zeo-dbg", {"format": "2v1"}, ["human", "human", "heuristic"]),
    ("zeo-dbg", {"format": "2v2"}, ["human", "human", "human", "human"]),
    ("hotg", {"mode": "standard"}, ["human", "human"]),
    ("hotg", {"mode": "mastermind"}, ["human", "human"]),
    ("hotg", {"mode": "psycho_assault"}, ["human"]),
]


@pytest.mark.parametrize(
    ("game_id", "config", "kinds"),
    CASES,
    ids=[f"{g}-{c.get('mode') or c.get('format') or len(k)}" for g, c, k in CASES],
)
def test_every_game_and_mode_to_the_end_by_typed_commands(game_id, config, kinds):
    seats = [
        SeatSpec(name=f"{'Bot' if k != 'human' else 'Seat'} {i + 1}", kind=k)
        for i, k in enumerate(kinds)
    ]
    session = Session.new(game_id, seats, 3, autosave=False, **config)
    out = io.StringIO()
    players = Players(out, session, seed=7)
    code = PlainGame(session, players, out).run()
    text = out.getvalue()
    assert code == 0
    assert players.reads < BOUND, text[-1500:]
    outcome = session.match.outcome()
    assert outcome is not None and "Game over." in text
    assert not players.leaks, players.leaks[:2]
    if sum(k == "human" for k in kinds) > 1:
        assert players.curtains > 0  # the keyboard passed, behind a curtain
    if (game_id, config.get("mode")) not in CO_OP:
        assert players.guarded > 0  # and there was something to keep from each seat
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "\x1b" not in text


def test_the_privacy_check_catches_a_name_printed_out_of_turn():
    """The check above could fail: a name from the other seat's hand, printed while the
    first seat holds the keyboard, is caught."""
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]
    session = Session.new("pr-ccg-2008", seats, 3, autosave=False)
    out = io.StringIO()
    players = Players(out, session, seed=7)
    session.on_screen = 0
    bobs = [c.name for _, c in session.match.view(1).seats[1].hand]
    assert bobs and not set(bobs) & card_names(session.match.view(0))
    out.write(f"a careless line about {bobs[0]}\n")
    players.check()
    assert [name for name, _ in players.leaks] == [bobs[0]]
