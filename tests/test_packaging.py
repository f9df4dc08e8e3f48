"""The wheel ships the card data and our rules reference, and an installed copy finds them.

Builds the wheel from this checkout, installs it (no dependencies) into a throwaway virtual
environment that borrows this interpreter's installed packages, and runs the installed
`tabletop-tui` from another folder, so the repository's card_data/ cannot be what it finds.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = "army-of-zero"

pytestmark = pytest.mark.skipif(
    not (ROOT / "pyproject.toml").is_file(), reason="needs the source checkout"
)


def _pip(*args: str, cwd: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pip", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("hatchling", reason="the test extra installs hatchling")
    out = tmp_path_factory.mktemp("wheel")
    _pip("wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q", "-w", str(out), cwd=out)
    wheels = list(out.glob("tabletop_tui-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_contains_card_data_the_rules_reference_and_the_command(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert "tabletop_tui/card_data/army-of-zero/characters.toml" in names
        assert "tabletop_tui/reference/army-of-zero.md" in names
        # the publishers' rulebooks are never shipped (issue 14): only our own summary
        assert not any("rulebooks/" in n for n in names)
        assert "tabletop_tui/cli.py" in names and "tabletop_tui/__main__.py" in names
        # every card file of the checkout is in the wheel
        for path in (ROOT / "card_data").rglob("*.toml"):
            assert f"tabletop_tui/card_data/{path.relative_to(ROOT / 'card_data')}" in names
        for path in (ROOT / "tabletop_tui" / "reference").glob("*.*"):
            if path.suffix in (".md", ".toml"):
                assert f"tabletop_tui/reference/{path.name}" in names
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        text = zf.read(entry_points).decode()
        assert "[console_scripts]" in text
        assert "tabletop-tui = tabletop_tui.cli:main" in text
        assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_finds_its_own_cards_from_another_folder(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    purelib = Path(
        subprocess.check_output(
            [py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    _pip("--python", str(py), "install", "--no-deps", "-q", str(wheel), cwd=tmp_path)
    # then borrow the dependencies (textual, pydantic, ...) installed beside this interpreter
    # (after the install, or pip would find a tabletop-tui there and skip the wheel); the
    # venv's own site-packages comes first on sys.path, so the wheel's tabletop_tui wins
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "_borrowed_deps.pth").write_text("\n".join(sorted(borrowed)) + "\n")

    env = {
        k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}
    }
    env["TABLETOP_TUI_HOME"] = str(tmp_path / "home")
    where = tmp_path / "elsewhere"
    where.mkdir()

    def run(*argv: str | Path) -> str:
        proc = subprocess.run(
            [str(a) for a in argv], capture_output=True, text=True, cwd=where, env=env, timeout=60
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    installed = (purelib / "tabletop_tui").resolve()
    root = run(py, "-c", "import tabletop_tui.cards as c; print(c.shipped_root().resolve())")
    assert Path(root.strip()) == installed / "card_data"

    out = run(env_dir / "bin" / "tabletop-tui", "cards", "validate", GAME)
    assert "84 characters" in out
    assert str(installed / "card_data" / GAME) in out
    assert str(ROOT) not in out

    out = run(env_dir / "bin" / "tabletop-tui", "list")
    assert GAME in out
    title = run(
        py, "-c", "from tabletop_tui.reference import load; print(load('army-of-zero').title)"
    )
    assert title.strip() == "Army Of Zero"
