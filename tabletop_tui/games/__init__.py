"""The registry: the five games by id. CLI, UI, tests and benchmarks all go through it."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the launcher lists games without paying for pydantic
    from ..engine import Rules


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    players: str
    blurb: str
    #: "module:Class" of the Rules, or None while the game is not built yet
    rules_path: str | None = None
    #: "module:Class" of the heuristic bot
    bot_path: str | None = None
    #: False while the rules exist but the screen does not: engine tests run, players can't start it
    ready: bool = True

    @property
    def playable(self) -> bool:
        return self.rules_path is not None and self.ready

    @property
    def status(self) -> str:
        return "playable" if self.playable else "coming soon"


GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in [
        GameInfo(
            "army-of-zero",
            "Army Of Zero",
            "2",
            "Secret squad order, secret Attack/Defend, dice decide every blow.",
            "tabletop_tui.games.army_of_zero.rules:ArmyOfZeroRules",
            "tabletop_tui.games.army_of_zero.bot:ArmyOfZeroBot",
        ),
        GameInfo(
            "pr-ccg-2008",
            "Power Rangers Collectible Card Game (2008)",
            "2",
            "Secret simultaneous card choice with bluffing and hand cost.",
            "tabletop_tui.games.pr_ccg_2008.rules:PrCcgRules",
            "tabletop_tui.games.pr_ccg_2008.bot:PrCcgBot",
        ),
        GameInfo(
            "zoobotz",
            "ZOOBOTZ",
            "2-6",
            "Constructed decks: invest, play, USE Botz to RESEARCH, HACK and SHIELD.",
            "tabletop_tui.games.zoobotz.rules:ZoobotzRules",
            "tabletop_tui.games.zoobotz.bot:ZoobotzBot",
        ),
        GameInfo(
            "zeo-dbg",
            "Power Rangers Deck-Building Game: Zeo",
            "2-4",
            "Teams, the Grid, Attacks and Blocks, Zord Bay and The Lair.",
            "tabletop_tui.games.zeo_dbg.rules:ZeoRules",
            "tabletop_tui.games.zeo_dbg.bot:ZeoBot",
        ),
        GameInfo(
            "hotg",
            "Heroes of the Grid + Rise of the Psycho Rangers",
            "1-6",
            "Co-operative board game: locations, battles, Psycho Rangers.",
            "tabletop_tui.games.hotg.rules:HotgRules",
            "tabletop_tui.games.hotg.bot:HotgBot",
        ),
    ]
}


def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def unknown_game_message(game_id: str) -> str:
    if game_id in GAMES:
        return f"{GAMES[game_id].title} ('{game_id}') is coming soon and cannot be played yet"
    return f"unknown game '{game_id}' (known: {', '.join(GAMES)})"


@cache
def get_rules(game_id: str, unfinished: bool = False) -> Rules | None:
    """The game's rules; `unfinished=True` also gives rules whose screen is not built yet."""
    info = GAMES.get(game_id)
    if info is None or info.rules_path is None or not (info.ready or unfinished):
        return None
    return _load(info.rules_path)()


def playable_ids() -> list[str]:
    return [g.id for g in GAMES.values() if g.playable]


def engine_ids() -> list[str]:
    """Every game with rules, finished or not: the conformance kit runs over these."""
    return [g.id for g in GAMES.values() if g.rules_path is not None]


#: bots that decide without searching ahead, for scripted scenes and long test games; a game
#: not listed here has no search, so its heuristic bot is already quick
QUICK_BOTS = {"hotg": "tabletop_tui.games.hotg.bot:HotgHeuristicBot"}

#: per game, the bot of each level other than normal (the game's `bot_path`): "module:Class"
#: or "module:function", built with no arguments; a game not listed here gets the generic
#: levels below (benchmarks/bot_strength.py has the measured order)
LEVEL_BOTS: dict[str, dict[str, str]] = {
    "army-of-zero": {"hard": "tabletop_tui.games.army_of_zero.bot:ArmyOfZeroHardBot"},
    "pr-ccg-2008": {"hard": "tabletop_tui.games.pr_ccg_2008.bot:PrCcgHardBot"},
    "zoobotz": {"hard": "tabletop_tui.games.zoobotz.bot_hard:ZoobotzHardBot"},
    "zeo-dbg": {"hard": "tabletop_tui.games.zeo_dbg.bot_hard:ZeoHardBot"},
    "hotg": {
        "easy": "tabletop_tui.games.hotg.bot:HotgHeuristicBot",
        "hard": "tabletop_tui.games.levels_hard:hotg_hard",
    },
}
#: the generic easy level: the normal bot, but a legal move picked at random this often
EASY_BLUNDERS = 0.3
#: ... or this often in these games, where a random move costs less (measured in
#: benchmarks/bot_strength.py so that easy beats random and normal beats easy by 60%)
EASY_BLUNDERS_BY_GAME: dict[str, float] = {"army-of-zero": 0.5, "pr-ccg-2008": 0.6}


def make_bot(game_id: str, kind: str):
    """A bot for a seat of kind `kind`: 'random' works everywhere; 'heuristic', 'bot' and
    'bot:normal' are the game's own bot (the normal level), 'bot:easy' and 'bot:hard' its
    other levels (engine/levels.py); 'quick' is the game's own bot without search
    (screenshots, long tests). A level a game has no own bot for: easy is the normal bot
    with `EASY_BLUNDERS` random moves, hard is the normal bot."""
    from ..engine.bots import RandomBot
    from ..engine.levels import Blunders, level_of

    info = GAMES[game_id]
    if kind == "quick":
        path = QUICK_BOTS.get(game_id, info.bot_path)
        return _load(path)() if path else RandomBot()
    level = level_of(kind)
    if level is None or not info.bot_path:
        return RandomBot()
    own = LEVEL_BOTS.get(game_id, {}).get(level)
    if own:
        bot = _load(own)()
    elif level == "easy":
        bot = Blunders(_load(info.bot_path)(), EASY_BLUNDERS_BY_GAME.get(game_id, EASY_BLUNDERS))
    else:
        bot = _load(info.bot_path)()
    if level != "normal":
        bot.name = level
    return bot
