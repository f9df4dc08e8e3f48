"""A seat's bot is made at its first move, not before the table's first frame (issue 36's
startup budget), and plays exactly as the bot made at once would."""

from __future__ import annotations

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.session import LazyBot, Session


def test_the_bot_is_made_at_its_first_move_and_chooses_as_the_made_bot_does():
    rules = get_rules("army-of-zero")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    match = Match(rules, rules.config_type(names=("Ann", "Bot")), 7, seats=seats)
    session = Session.for_match(match)
    lazy = session.bots[1]
    assert isinstance(lazy, LazyBot) and lazy._bot is None
    view, legal = match.view(1), match.legal_actions(1)
    made = make_bot("army-of-zero", "heuristic")
    expected = made.choose(view, legal, 1, bot_rng(7, 0, 1))
    assert lazy.choose(view, legal, 1, bot_rng(7, 0, 1)) == expected
    assert type(lazy._bot) is type(made)
    assert lazy.name == made.name  # (what else a bot offers comes from the made bot)
