"""A player's own decks for the games with a deck builder (ZOOBOTZ, Power Rangers CCG 2008):
TOML files in the data folder, read without ever raising.

    <data_dir>/decks/<game>/<name>.toml

    [deck]
    name = "My Deck"
    [deck.cards]
    card-id = 2

The same shape as the shipped `card_data/<game>/deck-*.toml`. Reading a folder of them never
raises: a file that is not TOML, lacks a table, names an unknown card or breaks the game's
deck rules comes back with its problems listed, so the setup screen and the command line can
say what is wrong with which file and carry on. Each game's module here (`pr_ccg_2008.py`, `zoobotz.py`)
names its folder, its deck rules and the comment at the head of its files; the rest is here.
Kept free of Textual (the command line reads these files too).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from ..engine.match import write_atomic
from ..paths import data_dir

#: the value a saved deck has in the setup screen's deck choice
SAVED_PREFIX = "saved:"
MAX_NAME = 60

Entries = tuple[tuple[str, int], ...]


def file_stem(name: str) -> str:
    """A safe file name for a deck name: lowercase letters, digits and dashes, at most 40."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")[:40].strip("-")
    return stem or "deck"


def clean_name(name: str) -> str:
    """A deck name without control characters, at most 60 long."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]


@dataclass(frozen=True)
class SavedDeck:
    """One deck file as read. A game subclasses it to name its Config deck (`custom_type`)."""

    path: Path
    name: str
    cards: Entries
    #: why it can't be played (empty: a legal deck)
    problems: tuple[str, ...] = ()

    #: the game's CustomDeck model
    custom_type: ClassVar[Callable[..., Any]]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    @property
    def choice(self) -> str:
        """Its value among the setup screen's deck choices."""
        return SAVED_PREFIX + self.path.stem

    def custom(self) -> Any:
        """The deck as it enters the game Config (and so every save of the game)."""
        return self.custom_type(name=self.name, cards=self.cards)

    def report(self) -> str:
        return f"{self.path}: " + "; ".join(self.problems)


def _key(card_id: str) -> str:
    return card_id if re.fullmatch(r"[A-Za-z0-9_-]+", card_id) else json.dumps(card_id)


def deck_text(
    name: str,
    cards: dict[str, int] | Entries,
    header: list[str],
    note: Callable[[str], str] = lambda card_id: "",
) -> str:
    """A deck file: the game's `header` comment lines, then the name and the cards with
    copies (each line ending in `note(card_id)`, a comment or nothing)."""
    entries = list(cards.items()) if isinstance(cards, dict) else list(cards)
    lines = [
        *header,
        "",
        "[deck]",
        # A JSON string without \u escapes of astral characters is a valid TOML basic string.
        f"name = {json.dumps(clean_name(name), ensure_ascii=False)}",
        "",
        "[deck.cards]",
    ]
    lines += [f"{_key(cid)} = {copies}{note(cid)}" for cid, copies in entries if copies > 0]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class DeckFolder:
    """One game's folder of saved decks."""

    #: the folder's name under `<data_dir>/decks/`
    game: str
    #: the game's deck rules: (card id, copies) pairs and the pool -> what breaks them
    rules: Callable[[Entries, dict], list[str]]
    #: the game's SavedDeck (it knows the game's CustomDeck)
    deck_type: type[SavedDeck]

    def path(self) -> Path:
        return data_dir() / "decks" / self.game

    def deck_path(self, name: str) -> Path:
        return self.path() / f"{file_stem(name)}.toml"

    def read(self, path: Path, pool: dict) -> SavedDeck:
        """Read one deck file; problems are returned, never raised."""
        path = Path(path)
        stem = path.stem

        def broken(problem: str, name: str = stem) -> SavedDeck:
            return self.deck_type(path=path, name=name, cards=(), problems=(problem,))

        import tomllib  # (here: a game that reads no deck file needs no TOML parser)

        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            return broken("not a text file (is it a deck?)")
        except tomllib.TOMLDecodeError as exc:
            return broken(f"not valid TOML ({exc})")
        except OSError as exc:
            return broken(f"cannot be read ({exc.strerror or exc})")
        deck = raw.get("deck")
        if not isinstance(deck, dict):
            return broken("no [deck] table")
        name = deck.get("name", stem)
        if not isinstance(name, str) or not name.strip():
            return broken("field 'name': a deck needs a name (text)")
        name = clean_name(name) or stem
        cards = deck.get("cards")
        if not isinstance(cards, dict):
            return broken("no [deck.cards] table (card id = copies)", name)
        entries: list[tuple[str, int]] = []
        problems: list[str] = []
        for card_id, copies in cards.items():
            if isinstance(copies, bool) or not isinstance(copies, int):
                problems.append(f"field 'cards.{card_id}': copies must be a whole number")
                continue
            entries.append((str(card_id), copies))
        problems += self.rules(tuple(entries), pool)
        return self.deck_type(path=path, name=name, cards=tuple(entries), problems=tuple(problems))

    def saved(self, pool: dict) -> list[SavedDeck]:
        """Every deck file in the folder, sorted by name; a missing folder is no decks."""
        try:
            paths = sorted(p for p in self.path().glob("*.toml") if p.is_file())
        except OSError:
            return []
        return sorted((self.read(p, pool) for p in paths), key=lambda d: d.name.lower())

    def write(self, name: str, text: str) -> Path:
        """Save a deck file's `text` (atomically) under its sanitised name; returns the file."""
        if not clean_name(name):
            raise ValueError("give the deck a name first")
        path = self.deck_path(name)
        write_atomic(path, text)
        return path

    def find(self, key: str, pool: dict) -> SavedDeck | None:
        """A saved deck by its file stem or its name (any case)."""
        wanted = key.removeprefix(SAVED_PREFIX)
        for deck in self.saved(pool):
            if deck.path.stem in (wanted, file_stem(wanted)) or deck.name.lower() == wanted.lower():
                return deck
        return None

    def resolve(self, choice: str, pool: dict) -> Any:
        """A setup screen deck choice as a Config deck: a shipped deck id, or a saved deck's
        list (the game's CustomDeck).

        Raises ValueError naming the file and the problem when a saved deck is (now) unusable.
        """
        if not choice.startswith(SAVED_PREFIX):
            return choice
        path = self.path() / f"{choice[len(SAVED_PREFIX) :]}.toml"
        if not path.is_file():
            raise ValueError(f"{path}: the saved deck is gone")
        deck = self.read(path, pool)
        if not deck.ok:
            raise ValueError(deck.report())
        return deck.custom()
