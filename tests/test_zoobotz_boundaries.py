"""ZOOBOTZ: rules held at their exact boundary, each named for the rule a small mutant of
the rules modules (benchmarks/mutants.py, issue 35) changed without any other rules test
noticing. Rulings are card_data/zoobotz/RULINGS.md's (the rulebook,
../shared/seeds/zoobotz-rules.txt, and its FAQ, paraphrased). The test cards are
zoobotz_helpers.py's."""

from __future__ import annotations

import zoobotz_helpers as kit
from zoobotz_helpers import END, bot, bot_at, c, ids, play, seat, table, texts

from tabletop_tui.games.zoobotz.models import Play

# the kit's pytest fixtures, by their names
cards_dir, cfg = kit.cards_dir, kit.cfg


def test_boundary_moving_risk_from_a_bot_with_exactly_one(cfg):
    """Ruling 10, moving RISK: Passer moves 1 RISK at the end of its turn; a Bot holding
    exactly 1 RISK moves it (and is left with none)."""
    state = table(cfg, seat(0, botz=[bot("move-this", risk=1)]), seat(1, botz=[bot("shell", 1)]))
    state, events = play(state, 0, END)
    assert bot_at(state, 0, 0).risk == 0 and bot_at(state, 1, 0).risk == 1
    assert "no RISK to move" not in texts(events)


def test_boundary_a_bot_with_no_risk_has_none_to_move(cfg):
    """Ruling 10 / Ruling 13: with no RISK on the Bot there is nothing to move: the log says
    so and no Bot's RISK changes (not a move of 0 RISK)."""
    state = table(cfg, seat(0, botz=[bot("move-this", risk=0)]), seat(1, botz=[bot("shell", 1)]))
    state, events = play(state, 0, END)
    assert bot_at(state, 0, 0).risk == 0 and bot_at(state, 1, 0).risk == 0
    assert "no RISK to move" in texts(events)


def test_a_bot_enters_play_with_no_risk_and_the_next_one_point_sends_a_value_one_bot_away(cfg):
    """RISK is dealt to a Bot in play; a Bot just played carries none. So a value 1 Bot
    stays in play when played (with 1 RISK, equal to its value, it would go straight to
    the discard)."""
    one, three = c("v1"), c("v3")
    state = table(cfg, seat(0, hand=[one, three], invested=4), seat(1))
    state, _ = play(state, 0, Play(card=one), Play(card=three))
    assert ids(state, 0) == [one, three]
    assert [b.risk for b in state.seats[0].botz] == [0, 0]
