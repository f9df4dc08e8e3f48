"""The hard Zeo bot (issue 38, "Levels"): legal moves only, from its seat's view only, and
where it leaves the normal bot's plan it does so for a reason the table shows."""

from __future__ import annotations

import random

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.zeo_dbg.bot import ZeoBot
from tabletop_tui.games.zeo_dbg.bot_hard import ZeoHardBot
from tabletop_tui.games.zeo_dbg.models import (
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Config,
    Play,
)

RULES = get_rules("zeo-dbg", unfinished=True)


def game(config: Config, seed: int, bots: list):
    """Yield (state, seat, legal, view, step) before every move; bots[seat] plays it."""
    state = RULES.new_game(config, seed)
    step = 0
    while RULES.outcome(state) is None and step < 20_000:
        seat = min(RULES.to_act(state))
        legal = RULES.legal_actions(state, seat)
        view = RULES.view(state, seat)
        yield state, seat, legal, view, step
        action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
        state, _ = RULES.apply(state, seat, action)
        step += 1
    assert RULES.outcome(state) is not None, "a bot game did not finish"


def test_the_hard_level_is_the_hard_bot():
    bot = make_bot("zeo-dbg", "bot:hard")
    assert isinstance(bot, ZeoHardBot)
    assert bot.name == "hard"
    assert type(make_bot("zeo-dbg", "bot:normal")) is ZeoBot


def test_the_hard_bot_plays_only_legal_moves_in_every_format():
    hard = ZeoHardBot()
    checked = 0
    for config in (Config(), Config(format="2v2"), Config(format="2v1", lone="villains")):
        seats = len(config.names)
        bots = [hard if s % 2 == 0 else ZeoBot() for s in range(seats)]
        for state, seat, legal, view, step in game(config, 4, bots):
            if bots[seat] is hard:
                action = hard.choose(view, legal, seat, bot_rng(4, step, seat))
                assert action in legal
                assert RULES.check(state, seat, action) is None
                checked += 1
    assert checked > 300


def test_the_hard_bot_decides_from_the_view_only():
    """The same choice when the cards the seat cannot see (foes' hands, every deck) are
    dealt otherwise."""
    hard = ZeoHardBot()
    changed = 0
    for state, seat, legal, view, step in game(Config(), 9, [hard, hard]):
        if step % 7:
            continue
        rng = bot_rng(9, step, seat)
        action = hard.choose(view, legal, seat, random.Random(rng.random()))
        for k in range(2):
            other = RULES.hidden_variant(state, seat, random.Random(k))
            changed += other != state
            assert RULES.view(other, seat) == view
            again = hard.choose(
                RULES.view(other, seat),
                RULES.legal_actions(other, seat),
                seat,
                random.Random(rng.random()),
            )
            assert again == action
    assert changed, "no hidden card was ever re-dealt: the test proved nothing"


def test_the_hard_bot_battles_the_adversaries_the_normal_bot_leaves_to_hurt_it():
    """The normal bot, a little ahead in its race, buys and leaves two or more adversaries
    in The Grid, each dealing 1 damage to its team in the End Phase of each of its turns
    (rulebook "Battling Adversary Cards"); the hard bot Battles one of them."""
    hard, normal = ZeoHardBot(), ZeoBot()
    found = 0
    for seed in range(3):
        for _state, seat, legal, view, step in game(Config(), seed, [normal, hard]):
            adversaries = sum(1 for g in view.grid if g.card is not None and g.adversary)
            if adversaries < 2 or not any(isinstance(a, Battle) for a in legal):
                continue
            if any(isinstance(a, (Play, Attach, AttachTile, Activate)) for a in legal):
                continue  # (only Shards left to spend: Buy, Battle or end the Main Phase)
            rng = bot_rng(seed, step, seat)
            if isinstance(normal.choose(view, legal, seat, rng), Buy):
                found += 1
                assert isinstance(hard.choose(view, legal, seat, rng), Battle)
    assert found >= 3


def winner(seed: int, bots: list) -> int | None:
    """The winning seat of a 1v1 game played out by `bots` (None: a draw)."""
    state = RULES.new_game(Config(), seed)
    step = 0
    while RULES.outcome(state) is None and step < 20_000:
        seat = min(RULES.to_act(state))
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, seat, bot_rng(seed, step, seat))
        state, _ = RULES.apply(state, seat, action)
        step += 1
    out = RULES.outcome(state)
    assert out is not None
    return out.winners[0] if out.winners else None


def test_the_hard_bot_beats_the_normal_bot_with_seats_swapped():
    """A small sample of benchmarks/bot_strength.py (400 seeds there): seeds 0-9, each
    played twice with the seats swapped."""
    wins = 0
    for seed in range(10):
        for hard_seat in (0, 1):
            bots = [ZeoBot(), ZeoBot()]
            bots[hard_seat] = ZeoHardBot()
            wins += winner(seed, bots) == hard_seat
    assert wins >= 13


def test_every_coach_suggestion_has_a_reason_of_its_own():
    """Issue 38: the Zeo coach gave some answers with only the question's own wording (its
    prompt) as the reason. Every move the hard bot picks, questions included, now has a
    reason, and never the prompt."""
    from tabletop_tui.engine.bots import RandomBot
    from tabletop_tui.games.zeo_dbg.coach import reason

    hard, odd = ZeoHardBot(), RandomBot()
    kinds = set()
    for config in (Config(), Config(format="2v2")):
        bots = [hard] * len(config.names)
        for _state, seat, legal, view, step in game(config, 2, bots):
            action = hard.choose(view, legal, seat, bot_rng(2, step, seat))
            said = reason(view, seat, action, legal)
            assert said.why, (action, said)
            if view.decision is not None:
                kinds.add(view.decision.kind)
                assert said.why != view.decision.prompt, said
            # every move of any kind gets its reason too (a random one, for variety)
            other = odd.choose(view, legal, seat, random.Random(step))
            assert reason(view, seat, other, legal).why
    assert len(kinds) >= 4, kinds
