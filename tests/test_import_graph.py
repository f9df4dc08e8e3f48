"""No import circles in the package (issue 35): a module never imports one that imports it
back, however far round, counting imports made inside functions too (a late import is
still a dependency; it only hides the circle until the day it runs first)."""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop_tui

ROOT = Path(tabletop_tui.__file__).resolve().parent


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules `name` imports: `from . import x` names the submodule x (the
    package itself is always imported first, which is no circle)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            subs = {f"{target}.{a.name}" for a in node.names} & set(known)
            found |= subs
            if len(subs) < len(node.names) and target in known:
                found.add(target)
    found.discard(name)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_finder_sees_a_circle_made_of_late_imports():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_package_imports_itself_round_a_circle():
    known = modules()
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert len(graph) > 100 and graph["tabletop_tui.ui.app"]  # the walk found the package
    assert circles(graph) == []


def test_outside_the_ui_only_the_app_its_screenshots_and_the_session_are_reached_in_it():
    """The command line and the plain-text table start the UI, nothing more: what they need
    that has no Textual (such as PR CCG's saved decks for `--decks`) lives outside `ui/`."""
    known = modules()
    allowed = {"tabletop_tui.ui", "tabletop_tui.ui.app", "tabletop_tui.ui.screenshots"}
    allowed.add("tabletop_tui.ui.session")  # (plain/play.py drives a game as the screen does)
    reached = {
        (name, target)
        for name, path in known.items()
        if not name.startswith("tabletop_tui.ui")
        for target in imports_of(name, path, known)
        if target.startswith("tabletop_tui.ui") and target not in allowed
    }
    assert reached == set()
    cli = imports_of("tabletop_tui.cli", known["tabletop_tui.cli"], known)
    assert "tabletop_tui.decklists.pr_ccg_2008" in cli
