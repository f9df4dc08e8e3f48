"""The ZOOBOTZ rules tests' kit: a small card folder with one card per effect kind, its
fixtures, and builders for a table in a known position."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_tui.engine import IllegalAction, Rejection, Rng
from tabletop_tui.games.zoobotz.models import (
    BotInPlay,
    Config,
    EndTurn,
    Keep,
    SeatState,
    State,
)
from tabletop_tui.games.zoobotz.rules import ZoobotzRules

RULES = ZoobotzRules()
END = EndTurn()
KEEP = Keep()

# -- the test card folder -----------------------------------------------------------------------
#: one TOML record per line: plain Botz, then one card per effect kind and trigger
KIT = """
[[card]]
id = "v1"
name = "Vanilla One"
kind = "bot"
cost = 1
value = 1

[[card]]
id = "v2"
name = "Vanilla Two"
kind = "bot"
cost = 2
value = 2

[[card]]
id = "v3"
name = "Vanilla Three"
kind = "bot"
cost = 3
value = 3

[[card]]
id = "v4"
name = "Vanilla Four"
kind = "bot"
cost = 4
value = 4

[[card]]
id = "v6"
name = "Vanilla Six"
kind = "bot"
cost = 6
value = 6

[[card]]
id = "deal"
name = "Dealer"
kind = "bot"
cost = 2
value = 2
on_play = [{ do = "deal_risk", amount = 2, target = "chosen_opposing" }]

[[card]]
id = "deal-each"
name = "Storm"
kind = "program"
cost = 1
on_play = [{ do = "deal_risk", amount = 1, target = "each_opposing" }]

[[card]]
id = "heal-this"
name = "Self Repair"
kind = "bot"
cost = 3
value = 3
start_of_turn = [{ do = "delete_risk", amount = 1, target = "this" }]

[[card]]
id = "heal-one"
name = "Patch"
kind = "program"
cost = 0
on_play = [{ do = "delete_risk", amount = 2, target = "chosen_yours" }]

[[card]]
id = "heal-all"
name = "Sweep"
kind = "program"
cost = 0
on_play = [{ do = "delete_risk", amount = 1, target = "each_yours" }]

[[card]]
id = "move"
name = "Shift"
kind = "program"
cost = 0
on_play = [{ do = "move_risk", amount = 2, source = "chosen_yours" }]

[[card]]
id = "move-this"
name = "Passer"
kind = "bot"
cost = 4
value = 4
end_of_turn = [{ do = "move_risk", amount = 1, source = "this" }]

[[card]]
id = "unuse-mine"
name = "Reset"
kind = "program"
cost = 0
on_play = [{ do = "unuse", target = "chosen_yours" }]

[[card]]
id = "unuse-theirs"
name = "Breach"
kind = "program"
cost = 0
on_play = [{ do = "unuse", target = "chosen_opposing" }]

[[card]]
id = "unuse-this"
name = "Nightly"
kind = "bot"
cost = 2
value = 2
end_of_turn = [{ do = "unuse", target = "this" }]

[[card]]
id = "draw"
name = "Dump"
kind = "program"
cost = 0
on_play = [{ do = "draw", count = 2 }]

[[card]]
id = "extra"
name = "Funding"
kind = "program"
cost = 0
on_play = [{ do = "extra_invest", count = 1 }]

[[card]]
id = "idea"
name = "Idea"
kind = "program"
cost = 0
on_play = [{ do = "gain_research", amount = 2, optional = true }]

[[card]]
id = "grant"
name = "Grant"
kind = "module"
cost = 0
start_of_turn = [{ do = "gain_research", amount = 1, optional = false }]

[[card]]
id = "reader"
name = "Reader"
kind = "module"
cost = 0
start_of_turn = [{ do = "draw", count = 1 }]

[[card]]
id = "watch"
name = "Watch"
kind = "module"
cost = 0
end_of_turn = [{ do = "deal_risk", amount = 1, target = "chosen_opposing" }]

[[card]]
id = "alarm"
name = "Alarm"
kind = "bot"
cost = 3
value = 3
when_dealt_risk = [{ do = "draw", count = 1 }]

[[card]]
id = "guard"
name = "Guard"
kind = "bot"
cost = 3
value = 3
ongoing = [{ mod = "armor", amount = 1, scope = "this" }]
when_dealt_risk = [{ do = "draw", count = 1 }]

[[card]]
id = "recycler"
name = "Recycler"
kind = "module"
cost = 0
when_you_delete_risk = [{ do = "draw", count = 1 }]

[[card]]
id = "chip"
name = "Chip"
kind = "module"
cost = 0
ongoing = [{ mod = "value_bonus", amount = 1, scope = "all_yours" }]

[[card]]
id = "coach"
name = "Coach"
kind = "bot"
cost = 2
value = 2
ongoing = [{ mod = "value_bonus", amount = 1, scope = "other_yours" }]

[[card]]
id = "shell"
name = "Shell"
kind = "bot"
cost = 3
value = 3
ongoing = [{ mod = "armor", amount = 1, scope = "this" }]

[[card]]
id = "fang"
name = "Fang"
kind = "bot"
cost = 2
value = 2
ongoing = [{ mod = "hack_bonus", amount = 1, scope = "this" }]

[[card]]
id = "line"
name = "Line"
kind = "module"
cost = 0
ongoing = [{ mod = "cost_discount", amount = 1, cards = "botz" }]
"""

DECK = """
[deck]
id = "kit"
name = "Kit"
plan = "tests"

[deck.cards]
v1 = 4
v2 = 4
v3 = 4
v4 = 4
v6 = 4
deal = 4
heal-this = 4
alarm = 4
shell = 4
fang = 4
"""


def write_card_folder(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kit.toml").write_text(KIT)
    (folder / "deck-kit.toml").write_text(DECK)
    return folder


@pytest.fixture(scope="module")
def cards_dir(tmp_path_factory) -> str:
    return str(write_card_folder(tmp_path_factory.mktemp("zoobotz-cards")))


@pytest.fixture(scope="module")
def cfg(cards_dir) -> Config:
    return Config(cards_dir=cards_dir, decks=("kit", "kit"))


@pytest.fixture(scope="module")
def cfg3(cards_dir) -> Config:
    return Config(names=("Ann", "Bo", "Cy"), cards_dir=cards_dir, decks=("kit",) * 3)


# -- helpers -------------------------------------------------------------------------------------
_serial = iter(range(1, 1_000_000))


def c(card_id: str, seat: int = 0) -> str:
    """A fresh physical card of `card_id` belonging to `seat`."""
    return f"{card_id}#{seat + 1}.{next(_serial)}"


def filler(seat: int, n: int) -> tuple[str, ...]:
    return tuple(c("v1", seat) for _ in range(n))


def bot(card_id: str, seat: int = 0, *, risk=0, used=False, shielding=False, played_turn=0):
    return BotInPlay(
        card=c(card_id, seat), risk=risk, used=used or shielding, shielding=shielding,
        played_turn=played_turn,
    )  # fmt: skip


def seat(n: int, *, hand=(), botz=(), invested=0, used=0, deck=None, modules=(), research=0,
         discard=(), out=False) -> SeatState:  # fmt: skip
    return SeatState(
        deck=filler(n, 10) if deck is None else tuple(deck),
        hand=tuple(hand),
        botz=tuple(botz),
        modules=tuple(modules),
        invested=filler(n, invested),
        invested_used=used,
        research=research,
        discard=tuple(discard),
        out=out,
        mulligan_done=True,
    )


def table(config: Config, *seats: SeatState, active=0, turn=5, invests_left=1) -> State:
    """The main part of `active`'s turn `turn` (every Bot on the table was played earlier)."""
    return State(
        config=config,
        rng=Rng(seed=0),
        phase="main",
        turn=turn,
        active=active,
        first_player=0,
        seats=tuple(seats),
        invests_left=invests_left,
    )


def play(state: State, seat_: int, *actions):
    events = []
    for action in actions:
        state, new = RULES.apply(state, seat_, action)
        events.extend(new)
    return state, events


def ends(state: State, times: int = 1):
    """Whoever is active ends their turn, `times` times."""
    for _ in range(times):
        state, _ = RULES.apply(state, state.active, END)
    return state


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def rejected(state: State, seat_: int, action, rule: str) -> Rejection:
    """Refused for `rule` by check and by apply; the state is untouched; not a legal action."""
    before = state.model_dump(mode="json")
    rejection = RULES.check(state, seat_, action)
    assert rejection is not None, f"{action!r} should be illegal for seat {seat_}"
    assert rejection.rule == rule, rejection
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, seat_, action)
    assert info.value.rejection == rejection
    assert state.model_dump(mode="json") == before
    assert action not in RULES.legal_actions(state, seat_)
    return rejection


def legal(state: State, seat_: int, action) -> None:
    assert RULES.check(state, seat_, action) is None, RULES.check(state, seat_, action)
    assert action in RULES.legal_actions(state, seat_)


def bot_at(state: State, seat_: int, index: int) -> BotInPlay:
    return state.seats[seat_].botz[index]


def ids(state: State, seat_: int) -> list[str]:
    return [b.card for b in state.seats[seat_].botz]
