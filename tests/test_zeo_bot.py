"""The Zeo heuristic bot: plays whole games from its View, and beats RandomBot."""

from __future__ import annotations

from tabletop_tui.engine.bots import RandomBot, bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.zeo_dbg.bot import ZeoBot
from tabletop_tui.games.zeo_dbg.models import Config

RULES = get_rules("zeo-dbg", unfinished=True)


def play(config: Config, seed: int, bots: list) -> tuple[int | None, int]:
    state = RULES.new_game(config, seed)
    steps = 0
    while RULES.outcome(state) is None and steps < 20_000:
        seat = min(RULES.to_act(state))
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, seat, bot_rng(seed, steps, seat))
        assert RULES.check(state, seat, action) is None
        state, _ = RULES.apply(state, seat, action)
        steps += 1
    out = RULES.outcome(state)
    assert out is not None, "a bot game did not finish"
    return (state.config.teams[out.winners[0]] if out.winners else None), steps


def test_registry_gives_the_heuristic_bot():
    assert isinstance(make_bot("zeo-dbg", "heuristic"), ZeoBot)


def test_heuristic_bot_beats_random_bot():
    wins = 0
    for seed in range(8):
        bot_team = seed % 2
        bots = [ZeoBot(), RandomBot()] if bot_team == 0 else [RandomBot(), ZeoBot()]
        winner, _ = play(Config(), seed, bots)
        wins += winner == bot_team
    assert wins >= 7


def test_bots_finish_2v2_2v1_and_serpentera_games():
    for config in (
        Config(format="2v2"),
        Config(format="2v1", lone="villains"),
        Config(format="2v1", serpentera=True, characters=("venjix", "", "")),
    ):
        winner, steps = play(config, 3, [ZeoBot()] * len(config.names))
        assert steps > 50
