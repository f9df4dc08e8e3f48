"""Bot levels and the seat kinds that name them (saves, `--seats`, `selfplay --bots`, setup).

A seat kind as saved is one of `SEAT_KINDS`. The normal level keeps the name it had before
levels existed, "heuristic", so a save with a normal bot reads the same in older versions;
the other levels are "bot:easy" and "bot:hard". What players may type is wider: "bot" and
"bot:normal" mean the normal level, "bot:easy" / "bot:hard" the others, "random" the bot
that picks any legal move, and a save with any of these loads (`canonical_kind`).
"""

from __future__ import annotations

import random
from typing import Any

from .core import Seat

LEVELS = ("easy", "normal", "hard")
#: level -> the seat kind a save holds
LEVEL_KINDS = {"easy": "bot:easy", "normal": "heuristic", "hard": "bot:hard"}
BOT_KINDS = ("bot:easy", "heuristic", "bot:hard", "random")
SEAT_KINDS = ("human", *BOT_KINDS)
#: how each bot kind reads on screen and in default seat names
KIND_LABELS = {
    "human": "Human",
    "bot:easy": "Bot (easy)",
    "heuristic": "Bot (normal)",
    "bot:hard": "Bot (hard)",
    "random": "Bot (random)",
}


def canonical_kind(text: str, bots_only: bool = False) -> str:
    """The saved form of a seat kind as typed or as an older save holds it; ValueError
    (naming the bad word and the choices) for anything else."""
    word = text.strip().lower()
    if word in ("bot", "heuristic"):
        return "heuristic"
    if word.startswith("bot:"):
        level = word.removeprefix("bot:")
        if level not in LEVELS:
            raise ValueError(
                f"unknown bot level '{level}' in '{text}': the levels are {', '.join(LEVELS)}"
            )
        return LEVEL_KINDS[level]
    allowed = BOT_KINDS if bots_only else SEAT_KINDS
    if word in allowed:
        return word
    typed = ("bot", "bot:easy", "bot:normal", "bot:hard", "random")
    choices = typed if bots_only else ("human", *typed)
    raise ValueError(f"unknown seat kind '{text}': each seat is one of {', '.join(choices)}")


def level_of(kind: str) -> str | None:
    """The level a bot seat kind plays at; None for a human or the random bot."""
    kind = canonical_kind(kind)
    return next((level for level, k in LEVEL_KINDS.items() if k == kind), None)


class Blunders:
    """An easier bot: the game's own bot, but with chance `chance` (drawn from the bot's own
    rng, so a seed replays) it plays a legal action picked at random instead."""

    name = "easy"

    def __init__(self, bot: Any, chance: float) -> None:
        self.bot = bot
        self.chance = chance

    def choose(self, view: Any, legal: list, seat: Seat, rng: random.Random) -> Any:
        if len(legal) > 1 and rng.random() < self.chance:
            return legal[rng.randrange(len(legal))]
        return self.bot.choose(view, legal, seat, rng)
