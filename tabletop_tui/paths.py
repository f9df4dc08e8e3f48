"""Where saves live, and which games are still in progress.

Everything is under $TABLETOP_TUI_HOME, else the XDG data folder:

- `autosave/`: one file per game in progress, named by game, players and start time, so
  starting a new game never replaces another;
- `history/`: a finished game's autosave moves here, under the same name;
- `saves/`: copies saved with `s`, never replacing an earlier copy.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path


def data_dir() -> Path:
    env = os.environ.get("TABLETOP_TUI_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tabletop-tui"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_dir() -> Path:
    return data_dir() / "history"


def shown(text: object) -> str:
    """A path or message as it can be shown: a file name that is not UTF-8 holds surrogate
    escapes, which no terminal can print; they become backslash escapes."""
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")


# -- naming ---------------------------------------------------------------------------------
_NOT_NAME = re.compile(r"[\W_]+")


def _slug(name: str) -> str:
    """A player's name as part of a file name: letters and digits, at most 16 of them."""
    return _NOT_NAME.sub("-", name).strip("-")[:16].strip("-") or "player"


def unused_path(folder: Path, stem: str) -> Path:
    """`folder/stem.json`, or `stem-2.json` and so on when that name is taken."""
    path = folder / f"{stem}.json"
    number = 2
    while os.path.lexists(path):
        path = folder / f"{stem}-{number}.json"
        number += 1
    return path


def game_file_stem(game_id: str, names: list[str], when: datetime | None = None) -> str:
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return f"{game_id}_{'+'.join(_slug(n) for n in names)}_{stamp}"


def new_autosave_path(game_id: str, names: list[str], when: datetime | None = None) -> Path:
    """A new game's own autosave: game, players and start time, never an existing file."""
    return unused_path(autosave_dir(), game_file_stem(game_id, names, when))


def new_save_path(game_id: str, names: list[str], when: datetime | None = None) -> Path:
    """Where `s` saves a copy: like an autosave's name, in `saves/`, never replacing one."""
    return unused_path(saves_dir(), game_file_stem(game_id, names, when))


def is_inside(path: Path, folder: Path) -> bool:
    try:
        return Path(path).resolve().parent == folder.resolve()
    except OSError:
        return False


def autosave_for(path: Path, game_id: str, names: list[str]) -> Path:
    """The autosave a loaded file continues in: itself when it is an autosave (or a finished
    game's history file), else a new one, so a loaded copy never replaces a game in progress."""
    if is_inside(path, autosave_dir()) or is_inside(path, history_dir()):
        return autosave_dir() / Path(path).name
    return new_autosave_path(game_id, names)


# -- games in progress ----------------------------------------------------------------------
@dataclass(frozen=True)
class SavedGame:
    """An autosave as the resume list shows it, read without replaying it."""

    path: Path
    modified: float
    game: str = ""
    players: tuple[str, ...] = ()
    moves: int = 0
    #: why it cannot be resumed (damaged, another version); None when it looks fine
    problem: str | None = None
    #: a guided first game: it resumes with its hints
    guided: bool = False
    #: a finished game's outcome as its save says it (None: in progress, or an older save)
    result: str | None = None

    @property
    def title(self) -> str:
        from .games import GAMES

        info = GAMES.get(self.game)
        return info.title if info is not None else self.game or "?"

    @property
    def when(self) -> str:
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    def label(self) -> str:
        if self.problem is not None:
            return shown(f"{self.path.name}: cannot be resumed ({self.problem})")
        moves = f"{self.moves} move{'s' * (self.moves != 1)}"
        title = f"{self.title} (guided first game)" if self.guided else self.title
        return f"{title}: {', '.join(self.players)} · {moves} · {self.when}"


#: what read_saved_game found, by (path, modification time, size): the launcher asks again
#: each time it is shown, and an unchanged file need not be read twice
_seen: dict[tuple[Path, float, int], SavedGame] = {}


def _regular_files(folder: Path) -> list[tuple[float, Path]]:
    """`*.json` regular files in `folder` with their times; dangling or looping symlinks,
    folders, FIFOs and the like are skipped (and never opened)."""
    found = []
    try:
        paths = list(folder.glob("*.json"))
    except OSError:
        return []
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    return found


def read_saved_game(path: Path, modified: float) -> SavedGame:
    """What the resume list shows of a file: read and checked field by field, not replayed
    (a problem only a replay finds is reported when the game is opened)."""
    from pydantic import ValidationError

    from .engine.match import SAVE_FORMAT, SAVE_VERSION, SaveError, SaveFile, read_save_json
    from .games import get_rules, unknown_game_message

    try:
        raw = read_save_json(path)
    except SaveError as exc:
        problem = str(exc).removeprefix(f"{path}: ")
        return SavedGame(path, modified, problem=problem)
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        return SavedGame(path, modified, problem="not a tabletop-tui save file")
    if raw.get("version") != SAVE_VERSION:
        return SavedGame(path, modified, problem=f"save format version {raw.get('version')!r}")
    try:
        data = SaveFile.model_validate(raw)
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0].get("loc", ()))
        return SavedGame(path, modified, problem=f"damaged save ({where})")
    names = tuple(s.name for s in data.seats)
    found = SavedGame(
        path, modified, data.game, names, len(data.actions), guided=data.guided, result=data.result
    )
    rules = get_rules(data.game)
    if rules is None:
        return replace(found, problem=unknown_game_message(data.game))
    if data.rules_version != rules.version:
        return replace(found, problem=f"written for rules version {data.rules_version}")
    return found


def unfinished_games(game_id: str | None = None) -> list[SavedGame]:
    """The games in progress, most recently played first (optionally of one game only)."""
    return _saved_games(autosave_dir(), game_id)


def finished_games(limit: int = 50) -> list[SavedGame]:
    """The finished games of the history folder (and games put away), newest first."""
    return _saved_games(history_dir(), None)[:limit]


def _saved_games(folder: Path, game_id: str | None) -> list[SavedGame]:
    found = sorted(_regular_files(folder), key=lambda item: item[0], reverse=True)
    games = []
    for when, path in found:
        try:
            key = (path, when, path.stat().st_size)
        except OSError:
            continue
        if key not in _seen:
            if len(_seen) > 1000:
                _seen.clear()
            _seen[key] = read_saved_game(path, when)
        games.append(_seen[key])
    if game_id is not None:
        games = [g for g in games if g.game == game_id]
    return games


def put_away(path: Path) -> Path:
    """Move a game in progress out of the resume list into the history (asked first by the
    caller); nothing is deleted, and no history file is replaced."""
    from .files import fsync_folder

    target = unused_path(history_dir(), Path(path).stem)
    target.parent.mkdir(parents=True, exist_ok=True)
    os.rename(path, target)  # same file system: both folders are under data_dir()
    fsync_folder(target.parent)
    fsync_folder(Path(path).parent)
    return target


def autosave_path(game_id: str) -> Path:
    """The newest autosave of `game_id`, in progress or finished (for tests and scripts);
    when there is none, the name an old build used."""
    found = [
        item
        for folder in (autosave_dir(), history_dir())
        for item in _regular_files(folder)
        if item[1].name == f"{game_id}.json" or item[1].name.startswith(f"{game_id}_")
    ]
    return max(found)[1] if found else autosave_dir() / f"{game_id}.json"


def clean_leftovers() -> int:
    """Remove temporary files of writers killed mid-save (kill -9, power cut) from our folders."""
    from .files import clean_temp_files

    return sum(clean_temp_files(folder) for folder in (autosave_dir(), saves_dir(), history_dir()))
