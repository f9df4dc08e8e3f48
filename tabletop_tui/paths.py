"""Where saves and autosaves live: $TABLETOP_TUI_HOME, else the XDG data folder."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def data_dir() -> Path:
    env = os.environ.get("TABLETOP_TUI_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tabletop-tui"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def autosave_path(game_id: str) -> Path:
    return autosave_dir() / f"{game_id}.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def latest_autosave() -> Path | None:
    folder = autosave_dir()
    if not folder.is_dir():
        return None
    found = []
    for path in folder.glob("*.json"):
        try:
            info = path.stat()  # follows symlinks: a dangling or looping one is skipped
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    return max(found)[1] if found else None


def history_dir() -> Path:
    return data_dir() / "history"


def clean_leftovers() -> int:
    """Remove temporary files of writers killed mid-save (kill -9, power cut) from our folders."""
    from .engine.match import clean_temp_files

    return sum(clean_temp_files(folder) for folder in (autosave_dir(), saves_dir(), history_dir()))
