"""Hard levels that are more than a game's normal bot (games/__init__.py LEVEL_BOTS)."""

from __future__ import annotations


def hotg_hard():
    """Heroes of the Grid: the seat bot's rollout search with twice the sampled hidden
    states per battle decision and more card plays kept; its thinking stays within the same
    step budget (hotg/bot.py THINK_STEPS), so a decision takes no longer than the normal
    bot's worst."""
    from .hotg.bot import SEARCH, TOP_K, HotgBot

    return HotgBot(search=2 * SEARCH, top_k=TOP_K + 1)
