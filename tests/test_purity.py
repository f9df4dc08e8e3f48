"""The engine and every game package are pure Python: they never import textual or rich.

Checked two ways: statically (an AST scan of every source file under
tabletop_tui/engine/ and tabletop_tui/games/) and dynamically (a fresh interpreter
imports the engine and every registered game's modules, then looks at sys.modules).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tabletop_tui"
FORBIDDEN = ("textual", "rich")
PURE_DIRS = (PACKAGE / "engine", PACKAGE / "games")


def pure_sources() -> list[Path]:
    return sorted(p for d in PURE_DIRS for p in d.rglob("*.py"))


def forbidden_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) for every absolute import of textual/rich, including import_module('...')."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found += [(node.lineno, n) for n in names if n.split(".")[0] in FORBIDDEN]
    return found


def registered_modules() -> list[str]:
    """The rules module of every registered game, and its bot module where one exists."""
    modules = []
    for info in GAMES.values():
        for path in (info.rules_path, info.bot_path):
            if path:
                module = path.partition(":")[0]
                rel = module.removeprefix("tabletop_tui.").replace(".", "/") + ".py"
                if (PACKAGE / rel).exists():
                    modules.append(module)
    return modules


def test_scanner_catches_every_form_of_import():
    source = (
        "import os\n"
        "import textual.app\n"
        "from rich.text import Text\n"
        "from . import rich\n"  # a sibling module called rich: allowed
        "import importlib\n"
        "importlib.import_module('textual.widgets')\n"
        "def f():\n"
        "    import rich\n"
        "import richer\n"
    )
    assert forbidden_imports(source) == [
        (2, "textual.app"),
        (3, "rich.text"),
        (6, "textual.widgets"),
        (8, "rich"),
    ]


def test_scan_covers_the_engine_and_every_game_module():
    files = {p.relative_to(PACKAGE).as_posix() for p in pure_sources()}
    for name in ("core.py", "rng.py", "match.py", "bots.py"):
        assert f"engine/{name}" in files
    playable = [g for g in GAMES.values() if g.rules_path]
    assert playable
    for info in playable:
        module = info.rules_path.partition(":")[0]
        rel = module.removeprefix("tabletop_tui.").replace(".", "/") + ".py"
        assert rel in files, f"{rel} of {info.id} is not scanned"
        package = rel.rsplit("/", 1)[0]
        for sibling in ("models.py", "cards.py"):
            if (PACKAGE / package / sibling).exists():
                assert f"{package}/{sibling}" in files


@pytest.mark.parametrize("path", pure_sources(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_source_does_not_import_textual_or_rich(path):
    found = forbidden_imports(path.read_text(encoding="utf-8"))
    assert found == [], f"{path.relative_to(ROOT)} imports {found}: the engine must stay pure"


def test_importing_the_engine_and_games_loads_no_textual_or_rich():
    modules = ["tabletop_tui.engine", "tabletop_tui.engine.match", "tabletop_tui.games"]
    modules += registered_modules()
    assert any(m.endswith(".rules") for m in modules)
    script = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "from tabletop_tui.games import engine_ids, get_rules\n"
        "for g in engine_ids():\n"
        "    r = get_rules(g, unfinished=True)\n"
        "    r.view(r.new_game(r.default_config(), 1), 0)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(json.dumps({'bad': bad, 'loaded': sorted(sys.modules)}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["bad"] == [], f"importing the engine/games pulled in {report['bad']}"
    for m in modules:
        assert m in report["loaded"]
