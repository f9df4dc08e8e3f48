"""Start-up stays lean (issue 18): the launcher's first frame needs no game rules, no card
data and no pydantic, and a game started from the command line loads its own rules only.

Each case runs the real app headless in a fresh process and lists the modules loaded at the
moment its first frame is drawn (the same moment benchmarks/run.py times).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tabletop_tui.games import GAMES, playable_ids

CHILD = r"""
import json, os, sys
which = sys.argv[1]
from tabletop_tui.ui.app import TabletopApp
if which == "launcher":
    app = TabletopApp()
else:
    from tabletop_tui.engine.match import SeatSpec
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
    app = TabletopApp(game=which, seats=seats, seed=1, autosave=False)
display = app._display

def first_frame(screen, renderable):
    if renderable is not None and (which == "launcher") == (type(screen).__name__ == "LauncherScreen"):
        print(json.dumps({"screen": type(screen).__name__, "modules": sorted(sys.modules)}))
        sys.stdout.flush()
        os._exit(0)
    display(screen, renderable)

app._display = first_frame
app.run(headless=True, size=(80, 24))
os._exit(3)
"""


def _package(game_id: str) -> str:
    """The rules package of a game, from the registry's 'module:Class' path."""
    return GAMES[game_id].rules_path.split(":")[0].rsplit(".", 1)[0]


def _first_frame_modules(which: str, tmp_path) -> tuple[str, set[str]]:
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, which], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    return data["screen"], set(data["modules"])


def test_launcher_first_frame_loads_no_game_rules_cards_or_pydantic(tmp_path):
    screen, modules = _first_frame_modules("launcher", tmp_path)
    assert screen == "LauncherScreen"
    games = sorted(m for m in modules if any(m.startswith(_package(g)) for g in GAMES))
    assert games == [], f"the launcher imported game rules: {games}"
    for heavy in ("pydantic", "tomllib", "tabletop_tui.engine", "tabletop_tui.cards"):
        assert heavy not in modules, f"the launcher imported {heavy}"


def test_games_in_progress_are_read_after_the_launchers_first_frame(tmp_path, monkeypatch):
    """A player with games in progress gets the launcher as fast as a new player: the resume
    list checks each save against its game's rules (pydantic, the models) once it is up."""
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.paths import unfinished_games
    from tabletop_tui.ui.session import Session

    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]
    match = Session.new("army-of-zero", seats, 3).match
    match.play(0, match.legal_actions(0)[0])
    assert [g.path for g in unfinished_games()] == [match.autosave_path]
    screen, modules = _first_frame_modules("launcher", tmp_path)
    assert screen == "LauncherScreen"
    assert "pydantic" not in modules and "tabletop_tui.engine" not in modules


#: the `tabletop-tui` command itself (the console script imports tabletop_tui.cli, then calls
#: main): its own imports come first, then the launcher's
CLI_CHILD = r"""
import json, os, sys
import tabletop_tui.cli as cli
imported = sorted(sys.modules)
from tabletop_tui.ui.app import TabletopApp
display = TabletopApp._display

def first_frame(self, screen, renderable):
    if renderable is not None and type(screen).__name__ == "LauncherScreen":
        print(json.dumps({"cli": imported, "modules": sorted(sys.modules)}))
        sys.stdout.flush()
        os._exit(0)
    display(self, screen, renderable)

TabletopApp._display = first_frame
run = TabletopApp.run
TabletopApp.run = lambda self, *a, **k: run(self, headless=True, size=(80, 24))
sys.exit(cli.main([]))
"""


def test_the_command_alone_draws_the_launcher_without_the_engine(tmp_path):
    """`tabletop-tui` with no arguments: the command line's own imports (argument checks, the
    registry, the bounds on seeds and names) and then the launcher load no engine, no
    pydantic and no card loader; those come with the commands that need them."""
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", CLI_CHILD], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    for when in ("cli", "modules"):
        loaded = set(data[when])
        for heavy in ("pydantic", "tomllib", "tabletop_tui.engine", "tabletop_tui.cards"):
            assert heavy not in loaded, f"{heavy} was imported ({when})"
    assert "textual" not in set(data["cli"]), "the command line imported Textual itself"


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_game_screen_loads_only_its_own_rules(game_id, tmp_path):
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert _package(game_id) in modules
    others = sorted(m for m in modules for g in GAMES if g != game_id and m.startswith(_package(g)))
    assert others == [], f"{game_id} also imported other games: {others}"


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_game_screen_with_its_cards_cached_parses_no_toml(game_id, tmp_path):
    """The second start of a game reads its card files from the cache of parsed and
    validated records: no TOML parser is imported before its first frame."""
    _first_frame_modules(game_id, tmp_path)  # fills the cache
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert "tomllib" not in modules


@pytest.mark.parametrize("game_id", ["army-of-zero", "hotg"])
def test_a_game_at_one_terminal_builds_no_table_messages(game_id, tmp_path):
    """A hot-seat game plays through a table in this process that has no one to send a
    message to: the protocol's message models (tables.protocol) and the launcher's screen
    wait until they are needed, after the first frame."""
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert "tabletop_tui.tables.table" in modules
    assert "tabletop_tui.tables.protocol" not in modules
    assert "tabletop_tui.ui.screens.launcher" not in modules


@pytest.mark.parametrize("game_id", ["army-of-zero", "hotg"])
def test_a_first_frame_naming_no_keyword_loads_no_rules_reference(game_id, tmp_path):
    """The inspector asks the rules reference for a keyword's meaning only when a card it
    shows names one: a first frame with no card inspected yet imports no reference parser."""
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert "tabletop_tui.ui.widgets.inspector" in modules
    assert "tabletop_tui.reference" not in modules


def test_shared_widgets_are_imported_when_asked_for(tmp_path):
    """`tabletop_tui.ui.widgets` names every shared widget, and a screen importing one of
    them (or another widget module of the package) imports only that one's module: Heroes
    of the Grid's first frame loads no dice, pile or tracker widget."""
    import tabletop_tui.ui.widgets as widgets

    for name in widgets.__all__:
        assert getattr(widgets, name).__name__ == name
    screen, modules = _first_frame_modules("hotg", tmp_path)
    assert screen == "HotgScreen"
    assert "tabletop_tui.ui.widgets.log" in modules
    for unused in ("dice", "pile", "tracker"):
        assert f"tabletop_tui.ui.widgets.{unused}" not in modules


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_game_screen_with_plugins_off_imports_no_package_metadata(game_id, tmp_path):
    """Pydantic's plugin loader imports `importlib.metadata` (several ms) before it reads
    the switch that turns plugins off; with the switch on (the engine's default), a stand-in
    answers for it and nothing before the first frame imports the metadata package."""
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert "importlib.metadata" not in modules


PLUGINS_CHILD = r"""
import json, os, sys
import tabletop_tui.engine
from pydantic import BaseModel
class First(BaseModel):
    x: int

First(x=1)
off = {"loader": getattr(sys.modules["pydantic.plugin._loader"], "__file__", None)}
os.environ["PYDANTIC_DISABLE_PLUGINS"] = ""  # plugins asked for again, while running

class Second(BaseModel):
    y: int

Second(y=2)
from pydantic.plugin._loader import get_plugins
print(json.dumps({"off": off, "loader": sys.modules["pydantic.plugin._loader"].__file__,
                  "metadata": "importlib.metadata" in sys.modules,
                  "plugins": list(map(str, get_plugins()))}))
"""


def test_the_plugin_loader_stand_in_hands_over_to_pydantics_when_plugins_are_on(tmp_path):
    """With the switch off, models build through pydantic's own loader (which searches the
    installed distributions), exactly as without the stand-in."""
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path), "PYDANTIC_DISABLE_PLUGINS": "__all__"}
    proc = subprocess.run(
        [sys.executable, "-c", PLUGINS_CHILD], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["off"]["loader"] is None  # the stand-in answered while the switch was on
    assert data["loader"].endswith(os.path.join("pydantic", "plugin", "_loader.py"))
    assert data["metadata"] is True
    assert data["plugins"] == []  # (no pydantic plugin is installed here)


@pytest.mark.parametrize("game_id", ["zeo-dbg", "hotg"])
def test_the_game_over_plot_is_imported_when_a_game_ends(game_id, tmp_path):
    """The line plot draws only the game-over summary: no first frame imports it (the
    game-over snapshots draw it)."""
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    assert "tabletop_tui.ui.widgets.plot" not in modules


#: modules a game's first frame has no use for (issue 36): the coach (C), the recap (w and
#: the curtain's), the dialogs (a reveal, the game's end, quitting) and F2's list
NOT_BEFORE_THE_FIRST_FRAME = (
    "tabletop_tui.engine.coach",
    "tabletop_tui.tables.recap",
    "tabletop_tui.ui.recap",
    "tabletop_tui.ui.screens.dialogs",
    "tabletop_tui.ui.widgets.moves_panel",
    "tabletop_tui.ui.widgets.hint",
)


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_first_frame_loads_no_coach_recap_dialogs_or_move_list(game_id, tmp_path):
    screen, modules = _first_frame_modules(game_id, tmp_path)
    assert screen != "LauncherScreen"
    loaded = [m for m in NOT_BEFORE_THE_FIRST_FRAME if m in modules]
    assert loaded == [], f"{game_id}'s first frame imported {loaded}"
    coaches = sorted(m for m in modules if m.endswith(".coach"))
    assert coaches == [], f"{game_id}'s first frame imported a coach: {coaches}"


def test_the_screens_coach_level_is_the_coachs():
    """GameScreen names the coach's bot level without importing the coach."""
    from tabletop_tui.engine.coach import COACH_KIND
    from tabletop_tui.ui.game_screen import GameScreen

    assert GameScreen.COACH_KIND == COACH_KIND
