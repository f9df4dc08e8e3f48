"""Loading card data: TOML files validated by pydantic, with errors that name the
file, the card and the field, so a player editing their own cards can fix them.

Parsing and validating every card file on each start cost a game screen several ms of its
first frame, so validated records are cached on disk (see `validate_records`): keyed by
the records themselves and by the code of the models, rebuilt whenever either changes.
Only records that validated are cached: a broken file always takes the full path and its
error names the file, the card and the field.

A game's whole catalog is cached too (`cached_catalog`): one pickle read instead of a parse,
a validation lookup and a model copy per file, keyed on the size and modification time of
every file of the card folder and of the code the models come from.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .engine.core import GameSetupError
from .files import FileProblem, decode_text, read_limited

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

_override: Path | None = None


class CardDataError(GameSetupError):
    """A card file or folder that cannot be read or does not validate (names the file)."""


def set_cards_dir(path: Path | None) -> None:
    """Play with a user's own card files (`--cards DIR`) instead of the shipped ones."""
    global _override
    _override = Path(path) if path else None


def cards_override() -> Path | None:
    """The `--cards` folder in force, if any."""
    return _override


def shipped_root() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "card_data", here.parent / "card_data"):
        if candidate.is_dir():
            return candidate
    raise CardDataError(f"card data folder not found beside {here}")


def card_dir(game_id: str, override: Path | None = None) -> Path:
    """The folder holding a game's card files; an override may be the game's folder or its parent."""
    root = override or _override
    if root is None:
        return shipped_root() / game_id
    root = Path(root)
    return root / game_id if (root / game_id).is_dir() else root


#: a card file larger than this is refused before parsing (the shipped ones are far smaller)
MAX_CARD_FILE_BYTES = 4 * 2**20


def read_toml(path: Path) -> dict:
    """A card file's TOML; CardDataError names the file and what is wrong with it.

    Only a regular UTF-8 file of at most MAX_CARD_FILE_BYTES is read: a folder named like a
    file, a FIFO, a symlink loop, an unreadable, UTF-16 or binary file each get a reason.
    """
    try:
        raw = read_limited(path, MAX_CARD_FILE_BYTES)
        text = decode_text(raw)
    except FileProblem as exc:
        if str(exc) == "no such file":
            raise CardDataError(f"{path}: file not found") from None
        raise CardDataError(f"{path}: cannot be read: {exc}") from None
    digest = hashlib.sha256(f"toml {_CACHE_FORMAT} {sys.version_info[:2]} ".encode() + raw)
    cache_file = cards_cache_dir() / f"toml-{digest.hexdigest()[:40]}.pickle"
    cached = _load_cached(cache_file, dict)
    if cached is not None:  # this very file parsed before
        return cached
    import tomllib  # (a few ms of imports, needed only when the cache misses)

    try:
        data = tomllib.loads(text)
        _store_cached(cache_file, data)
        return data
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise CardDataError(f"{path}: not valid TOML (nested too deeply)") from None
    except ValueError as exc:  # e.g. an integer thousands of digits long
        first = (str(exc).splitlines() or ["bad value"])[0].split(";")[0]
        if "integer string conversion" in first:
            first = "a number thousands of digits long"
        raise CardDataError(f"{path}: not valid TOML ({first})") from None


def validate_records(path: Path, records: list, model: type[M], key: str = "card") -> list[M]:
    """Validate a TOML array of tables; the error names the file, the card and the field.

    A list that validated before, against the same model code, comes from the cache."""
    cache_file = _cache_file(records, model, key)
    if cache_file is not None:
        cached = _load_cached(cache_file, list)
        if cached is not None:
            return cached
    out = _validate_records(path, records, model, key)
    if cache_file is not None:
        _store_cached(cache_file, out)
    return out


def _validate_records(path: Path, records: list, model: type[M], key: str) -> list[M]:
    out: list[M] = []
    if not isinstance(records, list):
        raise CardDataError(f"{path}: expected an array of [[{key}]] tables")
    for index, record in enumerate(records, 1):
        label = record.get("name") or record.get("id") if isinstance(record, dict) else None
        try:
            out.append(model.model_validate(record))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err.get("loc", ())) or "(record)"
            who = f"{key} #{index}" + (f" '{label}'" if label else "")
            raise CardDataError(f"{path}: {who}, field '{field}': {err['msg']}") from None
    return out


# -- the cache of validated records -----------------------------------------------------------
#: bumped when the cache's own format changes
_CACHE_FORMAT = 1
_code_hashes: dict[str, str] = {}


def cards_cache_dir() -> Path:
    """Where validated card records are kept between runs (under the data folder)."""
    from .paths import data_dir

    return data_dir() / "cache" / "cards"


def _code_hash(model: type) -> str:
    """A hash of the code a model's records depend on: every module of the package that
    defines the model (its nested models and effect vocabularies live beside it), this
    module, the engine's base model, and the pydantic version."""
    folder = Path(sys.modules[model.__module__].__file__ or "").parent
    known = _code_hashes.get(str(folder))
    if known is None:
        import pydantic

        digest = hashlib.sha256(f"{_CACHE_FORMAT} {pydantic.VERSION}".encode())
        here = Path(__file__).resolve().parent
        for source in (*sorted(folder.glob("*.py")), Path(__file__), here / "engine" / "core.py"):
            digest.update(source.name.encode())
            digest.update(source.read_bytes())
        known = _code_hashes[str(folder)] = digest.hexdigest()
    return known


def _cache_file(records: object, model: type, key: str) -> Path | None:
    """The cache file for these records validated by `model`, or None (no caching)."""
    try:
        data = pickle.dumps(records, protocol=5)
        digest = hashlib.sha256(data)
        digest.update(f"{model.__module__}.{model.__qualname__} {key}".encode())
        digest.update(_code_hash(model).encode())
        return cards_cache_dir() / f"{digest.hexdigest()[:40]}.pickle"
    except Exception:  # records pickle cannot take, a model without a source file
        return None


def _load_cached(path: Path, kind: type = list):
    try:
        with open(path, "rb") as handle:
            value = pickle.load(handle)
    except Exception:  # missing, half written, or written by another version: rebuild
        return None
    return value if isinstance(value, kind) else None


def _store_cached(path: Path, value: object) -> None:
    """Written atomically; a cache that cannot be written is simply not used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_bytes(pickle.dumps(value, protocol=5))
        os.replace(temp, path)
    except Exception:
        return


# -- the cache of whole catalogs --------------------------------------------------------------
def cached_catalog(game_id: str, folder: Path, build: Callable[[Path], T], code: str) -> T:
    """`build(folder)`, or what it built before from the same files with the same code.

    The key is the name, size and modification time (ns) of every file of `folder`, of the
    game package holding the models (`code`, a module's `__file__`) and of the engine,
    plus the Python, pydantic and package versions; it is stored inside the cache file and
    compared whole, so a changed, added or removed file rebuilds. A cache file that cannot
    be read (half written, another version's, not a pickle) is ignored and rewritten; what
    `build` raises (a broken card file) is raised as it is, and nothing is stored."""
    place = os.path.abspath(folder)
    key = _files_key(place, Path(code).parent)
    if key is None:
        return build(folder)
    import zlib

    where = zlib.crc32(os.fsencode(place))
    path = cards_cache_dir() / f"catalog-{game_id}-{where:08x}.pickle"
    cached = _load_cached(path, tuple)
    if cached is not None and len(cached) == 2 and cached[0] == key:
        return cached[1]
    value = build(folder)
    _store_cached(path, (key, value))
    return value


def _files_key(folder: str, code_folder: Path) -> tuple | None:
    """What the cache of a catalog is keyed on (see `cached_catalog`); None: no caching."""
    from pydantic.version import VERSION

    from . import __version__

    here = Path(__file__).resolve().parent
    entries: list[tuple[str, str, int, int]] = []
    try:
        for where in (Path(folder), code_folder, here / "engine", here):
            with os.scandir(where) as found:
                for entry in found:
                    if where == here and entry.name != "cards.py":
                        continue
                    if entry.is_file():
                        info = entry.stat()
                        entries.append((str(where), entry.name, info.st_mtime_ns, info.st_size))
    except OSError:  # a folder that cannot be listed: load without the cache
        return None
    entries.sort()
    versions = (_CACHE_FORMAT, tuple(sys.version_info[:3]), VERSION, __version__)
    return (versions, folder, tuple(entries))
