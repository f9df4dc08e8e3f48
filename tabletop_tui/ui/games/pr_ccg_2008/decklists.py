"""A player's own Power Rangers CCG (2008) decks: TOML files in the data folder, read without
ever raising.

    <data_dir>/decks/pr-ccg-2008/<name>.toml

    [deck]
    name = "My Deck"
    [deck.cards]
    MMP-01 = 2
    JGF-03 = 1

The same [deck]/[deck.cards] shape as the shipped `card_data/pr-ccg-2008/deck-*.toml`.
A file that is not TOML, lacks a table, names an unknown card or breaks a deck rule
(RULINGS 8: exactly 20 cards, copies by rarity) comes back with its problems listed, so the
setup screen and the command line can say what is wrong with which file. Kept free of
Textual.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ....engine.match import write_atomic
from ....games.pr_ccg_2008.cards import DECK_SIZE, Card
from ....games.pr_ccg_2008.decks import COPIES, deck_problems
from ....games.pr_ccg_2008.models import CustomDeck
from ....paths import data_dir

GAME_ID = "pr-ccg-2008"
#: the value a saved deck has in the setup screen's deck choice
SAVED_PREFIX = "saved:"
MAX_NAME = 60


def decks_dir() -> Path:
    return data_dir() / "decks" / GAME_ID


def file_stem(name: str) -> str:
    """A safe file name for a deck name: lowercase letters, digits and dashes, at most 40."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")[:40].strip("-")
    return stem or "deck"


def deck_path(name: str) -> Path:
    return decks_dir() / f"{file_stem(name)}.toml"


def clean_name(name: str) -> str:
    """A deck name without control characters, at most 60 long."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]


@dataclass(frozen=True)
class SavedDeck:
    path: Path
    name: str
    cards: tuple[tuple[str, int], ...]
    #: why it can't be played (empty: a legal deck)
    problems: tuple[str, ...] = ()

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

    def custom(self) -> CustomDeck:
        """The deck as it enters the game Config (and so every save of the game)."""
        return CustomDeck(name=self.name, cards=self.cards)

    def report(self) -> str:
        return f"{self.path}: " + "; ".join(self.problems)


def read_deck(path: Path, pool: dict[str, Card]) -> SavedDeck:
    """Read one deck file; problems are returned, never raised."""
    path = Path(path)
    stem = path.stem

    def broken(problem: str, name: str = stem) -> SavedDeck:
        return SavedDeck(path=path, name=name, cards=(), problems=(problem,))

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
    problems += deck_problems(tuple(entries), pool)
    return SavedDeck(path=path, name=name, cards=tuple(entries), problems=tuple(problems))


def saved_decks(pool: dict[str, Card]) -> list[SavedDeck]:
    """Every deck file in the folder, sorted by name; a missing folder is no decks."""
    try:
        paths = sorted(p for p in decks_dir().glob("*.toml") if p.is_file())
    except OSError:
        return []
    return sorted((read_deck(p, pool) for p in paths), key=lambda d: d.name.lower())


def _key(card_id: str) -> str:
    return card_id if re.fullmatch(r"[A-Za-z0-9_-]+", card_id) else json.dumps(card_id)


def deck_toml(
    name: str, cards: dict[str, int] | tuple[tuple[str, int], ...], pool: dict[str, Card]
) -> str:
    entries = list(cards.items()) if isinstance(cards, dict) else list(cards)
    limits = ", ".join(f"{n} of a {r} card" for r, n in COPIES.items())
    lines = [
        "# A Power Rangers CCG (2008) deck built in tabletop-tui's deck builder.",
        f"# Exactly {DECK_SIZE} cards; at most {limits} (RULINGS.md, ruling 8).",
        "",
        "[deck]",
        # A JSON string without \u escapes of astral characters is a valid TOML basic string.
        f"name = {json.dumps(clean_name(name), ensure_ascii=False)}",
        "",
        "[deck.cards]",
    ]
    for card_id, copies in entries:
        if copies > 0:
            card = pool.get(card_id)
            note = f"  # {card.name}" if card is not None else ""
            lines.append(f"{_key(card_id)} = {copies}{note}")
    return "\n".join(lines) + "\n"


def write_deck(
    name: str, cards: dict[str, int] | tuple[tuple[str, int], ...], pool: dict[str, Card]
) -> Path:
    """Save a deck (atomically) under its sanitised name; returns the file written."""
    if not clean_name(name):
        raise ValueError("give the deck a name first")
    path = deck_path(name)
    write_atomic(path, deck_toml(name, cards, pool))
    return path


def find_saved(key: str, pool: dict[str, Card]) -> SavedDeck | None:
    """A saved deck by its file stem or its name (any case), for `--decks`."""
    wanted = key.removeprefix(SAVED_PREFIX)
    for deck in saved_decks(pool):
        if deck.path.stem in (wanted, file_stem(wanted)) or deck.name.lower() == wanted.lower():
            return deck
    return None


def resolve_choice(choice: str, pool: dict[str, Card]) -> str | CustomDeck:
    """A setup screen deck choice as a Config deck: a shipped deck id, or a saved deck's list.

    Raises ValueError naming the file and the problem when a saved deck is (now) unusable."""
    if not choice.startswith(SAVED_PREFIX):
        return choice
    path = decks_dir() / f"{choice[len(SAVED_PREFIX) :]}.toml"
    if not path.is_file():
        raise ValueError(f"{path}: the saved deck is gone")
    deck = read_deck(path, pool)
    if not deck.ok:
        raise ValueError(deck.report())
    return deck.custom()
