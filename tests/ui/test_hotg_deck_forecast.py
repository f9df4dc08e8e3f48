"""The side panel counts the deployment deck for the players (base rules §4.1: each phase's
revealed foot soldier cards go face up to a discard pile and then under the deck, so a table
that remembers them knows which cards the next phases draw)."""

from __future__ import annotations

from collections import Counter

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.games.hotg.panels import deck_forecast, info_text


def _view_in_round(target: int, seed: int = 5):
    rules = get_rules("hotg")
    state = rules.new_game(rules.default_config(), seed)
    bot = make_bot("hotg", "heuristic")
    for step in range(5000):
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        if view.round == target and view.phase == "action":
            return state, view
        choice = bot.choose(view, rules.legal_actions(state, seat), seat, bot_rng(seed, step, seat))
        state, _ = rules.apply(state, seat, choice)
    raise AssertionError(f"round {target} never came")


def test_the_forecast_lists_the_top_cards_by_back_and_the_seen_ones_under_them():
    state, view = _view_in_round(2)
    text = deck_forecast(view).plain
    top, *under = view.deploy_segments
    assert f"Top {len(top)} cards" in text
    assert f"(+{view.deploy_villains} villain)" in text
    # the figures listed are exactly the top segment's, back by back
    for back, count in Counter(b for _, b in top).items():
        line = next(x for x in text.splitlines() if x.strip().startswith(_name(view, back)))
        assert len(line.split(":")[1].split()) - 1 == count, line
    assert f"then {sum(map(len, under))} seen in the last {len(under)} phase(s)" in text
    # and it is what the engine's deck holds on top, order aside
    deck = state.deploy_deck
    fs_top = sorted(
        (c.figures, c.back) for c in deck[: len(top) + view.deploy_villains] if c.kind == "fs"
    )
    assert fs_top == sorted(top)
    assert "Top" in info_text(view).plain


def _name(view, back: str) -> str:
    from tabletop_tui.ui.games.hotg.cards import place_name

    return place_name(view, back)
