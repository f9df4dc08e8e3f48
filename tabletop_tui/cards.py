"""Loading card data: TOML files validated by pydantic, with errors that name the
file, the card and the field, so a player editing their own cards can fix them."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .files import FileProblem, decode_text, read_limited

M = TypeVar("M", bound=BaseModel)

_override: Path | None = None


class CardDataError(Exception):
    pass


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
        text = decode_text(read_limited(path, MAX_CARD_FILE_BYTES))
    except FileProblem as exc:
        if str(exc) == "no such file":
            raise CardDataError(f"{path}: file not found") from None
        raise CardDataError(f"{path}: cannot be read: {exc}") from None
    try:
        return tomllib.loads(text)
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
    """Validate a TOML array of tables; the error names the file, the card and the field."""
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
