"""The same seed and the same moves give the same game in every process.

Python salts the hash of strings per process, so iterating a set of card ids can change
the order in which the seeded RNG is used. A save replayed in another process (resume,
load, the SSH server) must not drift: two processes with different hash salts play the
same bot games and must agree move by move. (Heroes of the Grid once shuffled the enemy
decks after a battle in set order.)"""

import os
import subprocess
import sys

import pytest

from tabletop_tui.games import engine_ids

SCRIPT = """
import hashlib, sys
from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.games import get_rules, make_bot
rules = get_rules(sys.argv[1], unfinished=True)
for seed in range(2):
    state = rules.new_game(rules.default_config(), seed)
    bot = make_bot(rules.game_id, "heuristic")
    moves = []
    for step in range(int(sys.argv[2])):
        if rules.outcome(state) is not None or not rules.to_act(state):
            break
        seat = min(rules.to_act(state))
        action = bot.choose(
            rules.view(state, seat), rules.legal_actions(state, seat), seat,
            bot_rng(seed, step, seat),
        )
        moves.append(rules.describe(action))
        state, _ = rules.apply(state, seat, action)
    print(seed, len(moves), hashlib.sha256("|".join(moves).encode()).hexdigest()[:16])
"""


#: the HotG seat bot searches every decision: 120 steps cover setup, deployments and a
#: battle (where sets of enemies and cards are iterated) at a third of the CPU
STEPS = {"hotg": 120}


def _play(game_id: str, salt: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": salt}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, game_id, str(STEPS.get(game_id, 300))],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("game_id", engine_ids())
def test_bot_games_agree_across_hash_salts(game_id):
    first = _play(game_id, "1")
    assert first.count("\n") == 2
    assert _play(game_id, "2") == first
