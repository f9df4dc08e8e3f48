"""The hard Zeo bot: the normal bot's plan, reading the race only where it pays.

The normal bot (bot.py) reads a race from the HP history both teams can see and uses it
three ways: it presses with Attack abilities when ahead, it skips a heal that cannot change
who wins the race, and when ahead it spends its Shards on cards rather than on Battles.
Measured bot against bot (issue 38, seeds with the seats swapped), only the first pays:

- skipping heals loses games: the race is an estimate from a few turns of HP, and the HP
  a heal keeps is worth more than the estimate says;
- buying instead of Battling leaves adversaries in The Grid, and each of them costs the
  team 1 HP in the End Phase of every one of its turns (rulebook "Battling Adversary
  Cards");
- pressing with Attacks when ahead wins as often as not pressing, and ends games sooner.

So the hard bot presses with its Attacks when ahead, heals whenever the plain heuristic
would (a heal-only ability once its team is below 28 HP), Battles adversaries by the plain rule (two or more in The
Grid, its team hurt, or no card worth its Shards) and scores buys without the race. It
decides from its View and the legal actions only, as the normal bot does, and thinks well
under a millisecond a decision.
"""

from __future__ import annotations

from .bot import Params, Race, ZeoBot, race
from .models import View


class _Pressing(Race):
    """The race read only to press: any heal counts."""

    def heal_matters(self, amount: int) -> bool:
        return True


class ZeoHardBot(ZeoBot):
    """The normal bot's plan, the race used only to press with Attacks (module notes)."""

    name = "hard"

    def __init__(self, params: Params | None = None):
        super().__init__(params)

    def _race(self, view: View, seat: int, use: str) -> Race | None:
        if use != "ability" or not self.p.race:
            return None
        now = race(view, seat, self.p.race_window)
        if now is None:
            return None
        return _Pressing(now.my_hp, now.foe_hp, now.dealt, now.taken)


__all__ = ["ZeoHardBot"]
