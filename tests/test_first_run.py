"""The first five minutes: the README's two set-up lines work on a stock Python.

A distribution Python refuses `pip install` outside a virtual environment, so both lines make
`.venv` first; playing needs no server packages. `.ci/run` runs the play line up to the
launcher's first frame on a clean clone (a pip install is too slow for the suite).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text("utf-8")


def _setup_lines() -> list[str]:
    return [line for line in README.splitlines() if line.startswith("python3 -m venv .venv && ")]


def test_readme_has_exactly_a_play_line_and_a_test_line_both_in_a_venv():
    play, test = _setup_lines()
    assert play == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/tabletop-tui"
    assert test.startswith("python3 -m venv .venv && .venv/bin/pip install '.[test]' && ")
    assert ".venv/bin/pytest" in test
    # no bare `pip install` a newcomer might copy into a system Python
    bare = [ln for ln in README.splitlines() if ln.startswith("pip install")]
    assert bare == []


def test_ci_runs_the_readme_lines_it_documents():
    # .ci/run reads the test line by this pattern and hands the play line to first_frame.py
    assert "^python3 -m venv \\.venv && \\.venv/bin/pip install '\\.\\[test\\]' && " in CI_RUN
    assert ".ci/first_frame.py" in CI_RUN
    sys.path.insert(0, str(ROOT / ".ci"))
    try:
        import first_frame
    finally:
        sys.path.pop(0)
    assert first_frame.play_command(ROOT / "README.md") == _setup_lines()[0]


def test_playing_needs_no_server_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    runtime = " ".join(project["dependencies"])
    for server_only in ("asyncssh", "cryptography", "textual-serve"):
        assert server_only not in runtime
        assert any(dep.startswith(server_only) for dep in project["optional-dependencies"]["serve"])
        assert any(dep.startswith(server_only) for dep in project["optional-dependencies"]["test"])


def test_serve_ssh_without_the_serve_extra_prints_the_install_hint(tmp_path):
    # a real process in which asyncssh cannot be imported, as after the README's play line
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('asyncssh', 'cryptography'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from tabletop_tui.cli import main\n"
        "sys.exit(main(['serve', 'ssh', '--port', '0']))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_TUI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("tabletop-tui: error: serve ssh needs the 'serve' extra")
    assert "pip install '.[serve]'" in proc.stderr and "missing: asyncssh" in proc.stderr
