"""How far the hard ZOOBOTZ bot plays its rollouts out (issue 38: hard above normal at 3 and
4 players too).

With one opponent a rollout plays 3 turns after the choice: the opponent, the bot's own next
turn, the opponent's answer. A fixed 3 turns at a table of four ended before the bot's own
next turn, so nothing it set up showed in the score (the hard seat won 35% of 4-player games
among normal seats, fair share 25%); the same shape at a bigger table is 2 x players - 1.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.common import with_seat
from tabletop_tui.engine.fast import evolve
from tabletop_tui.games import get_rules
from tabletop_tui.games.zoobotz.bot_hard import HORIZON, ZoobotzHardBot
from tabletop_tui.games.zoobotz.models import EndTurn
from tabletop_tui.selfplay import game_config

GAME = "zoobotz"


def main_phase(players: int, seed: int = 1):
    """The first Main Phase with no question open of a game of `players` hard bots:
    (rules, state, active seat)."""
    rules = get_rules(GAME)
    state = rules.new_game(game_config(rules, None, seats=players), seed)
    hard = ZoobotzHardBot()
    while state.phase != "main" or state.decision is not None:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        pick = hard.choose(rules.view(state, seat), legal, seat, random.Random(0))
        state, _ = rules.apply(state, seat, pick)
    return rules, state, state.active


def test_two_players_keep_the_three_turn_rollout():
    rules, state, seat = main_phase(2)
    assert ZoobotzHardBot().rollout_turns(rules.view(state, seat)) == HORIZON == 3


def test_bigger_tables_play_until_every_opponent_answered_the_next_turn():
    bot = ZoobotzHardBot()
    for players, turns in ((3, 5), (4, 7)):
        rules, state, seat = main_phase(players)
        assert bot.rollout_turns(rules.view(state, seat)) == turns
    # two of four out: one opponent left, the two-player rollout again
    rules, state, seat = main_phase(4)
    for gone in [s for s in range(4) if s != seat][:2]:
        state = with_seat(state, gone, evolve(state.seats[gone], out=True))
    assert bot.rollout_turns(rules.view(state, seat)) == 3


def test_a_four_player_rollout_reaches_the_bot_s_own_next_turn():
    rules, state, seat = main_phase(4)
    bot = ZoobotzHardBot()
    turns = bot.rollout_turns(rules.view(state, seat))
    after, _ = rules.apply(state, seat, EndTurn())
    end = bot._play_on(rules, after, state.turn, 0, turns)
    assert end.outcome is None  # nobody reaches 10 RESEARCH in the first two rounds
    assert end.turn == state.turn + turns + 1  # stopped as the next turn began
    assert end.turn > state.turn + 4  # past the bot's own next turn (4 seats later)
