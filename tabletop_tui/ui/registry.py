"""Where each game's screens live: every game's UI is a package `ui/games/<game>/` with the
same file names for the same roles (screen.py and its screen.tcss; cards.py, moves.py,
widgets.py where the game has them). Imported by the app and by the screens that open a
game (setup, lobby), so none of them needs the app's module."""

from __future__ import annotations

import importlib
from pathlib import Path

#: a game's package under ui/games/ (the same name as its rules' package under games/)
PACKAGES = {
    "army-of-zero": "army_of_zero",
    "pr-ccg-2008": "pr_ccg_2008",
    "zoobotz": "zoobotz",
    "zeo-dbg": "zeo_dbg",
    "hotg": "hotg",
}
#: each game's screen class, in its package's screen.py
SCREENS = {
    "army-of-zero": "ArmyOfZeroScreen",
    "pr-ccg-2008": "PrCcgScreen",
    "zoobotz": "ZoobotzScreen",
    "zeo-dbg": "ZeoScreen",
    "hotg": "HotgScreen",
}
#: games whose players build their own decks: the screen for it (launcher `b`, setup Ctrl+B)
DECK_BUILDERS = {
    "zoobotz": "tabletop_tui.ui.games.zoobotz.decks:DeckBuilderScreen",
    "pr-ccg-2008": "tabletop_tui.ui.games.pr_ccg_2008.decks:PrCcgDeckBuilder",
}
#: a game's setup choices kept outside its screen class (else the screen's SETUP_OPTIONS)
SETUP_OPTIONS = {
    "pr-ccg-2008": "tabletop_tui.ui.games.pr_ccg_2008.options:SETUP_OPTIONS",
}
#: a step between Start and the game (sealed deck building): called with (app, game id,
#: seats, seed, replace, options, seed_given), it returns True when it takes the start over
PREGAME = {
    "pr-ccg-2008": "tabletop_tui.ui.games.pr_ccg_2008.sealed:start_sealed",
}
GAMES_UI = "tabletop_tui.ui.games."
HERE = Path(__file__).resolve().parent


def screen_module(game_id: str) -> str:
    return f"{GAMES_UI}{PACKAGES[game_id]}.screen"


def game_screen_class(game_id: str):
    return getattr(importlib.import_module(screen_module(game_id)), SCREENS[game_id])


def deck_builder_class(game_id: str):
    return _load(DECK_BUILDERS[game_id])


def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def setup_options(game_id: str):
    """A game's setup choices: its registered ones, else its screen class's SETUP_OPTIONS."""
    if game_id in SETUP_OPTIONS:
        return _load(SETUP_OPTIONS[game_id])
    return getattr(game_screen_class(game_id), "SETUP_OPTIONS", ())


def pregame(game_id: str):
    """The step a game takes between Start and its first state, if any (PREGAME)."""
    return _load(PREGAME[game_id]) if game_id in PREGAME else None


def game_css(module: str) -> Path | None:
    """The stylesheet of the game a module belongs to (`ui/games/<game>/screen.tcss`), None
    for a module of no game. Read when the game first shows a screen, so the launcher and
    the other games never parse it."""
    if not module.startswith(GAMES_UI):
        return None
    package = module[len(GAMES_UI) :].partition(".")[0]
    if package not in PACKAGES.values():
        return None
    return HERE / "games" / package / "screen.tcss"


def every_game_css() -> list[Path]:
    return [HERE / "games" / package / "screen.tcss" for package in PACKAGES.values()]
