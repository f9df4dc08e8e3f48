"""The legal moves, numbered and grouped by card, and a typed move matched to one of them.

Numbers follow the grouped order, which depends only on the move list: while the list is
the same, so are the numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OTHER = "Other moves"


@dataclass(frozen=True)
class Move:
    number: int
    action: object
    text: str
    card: str | None


def card_in(text: str, names: list[str]) -> str | None:
    """The card a move's words name: the longest known name in them (whole words)."""
    low = text.lower()
    for name in names:  # longest first
        if re.search(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)", low):
            return name
    return None


def number_moves(actions: list, texts: list[str], card_names: set[str]) -> list[Move]:
    """The moves grouped by the card their words name (groups in order of first move, moves
    without a card last), numbered from 1 in that order. Moves in the very same words (two
    copies of one card in hand) are offered once."""
    names = sorted((n for n in card_names if len(n) > 2), key=len, reverse=True)
    groups: dict[str | None, list[tuple[object, str]]] = {}
    seen: set[str] = set()
    for action, text in zip(actions, texts, strict=True):
        if text.lower() in seen:  # a second copy of a card adds no move (as on the screen)
            continue
        seen.add(text.lower())
        groups.setdefault(card_in(text, names), []).append((action, text))
    order = [g for g in groups if g is not None] + ([None] if None in groups else [])
    moves: list[Move] = []
    for card in order:
        for action, text in groups[card]:
            moves.append(Move(len(moves) + 1, action, text, card))
    return moves


def listing(moves: list[Move]) -> list[str]:
    """The numbered list, a heading per card where several moves share it."""
    lines: list[str] = []
    current: object = object()
    counts: dict[str | None, int] = {}
    for m in moves:
        counts[m.card] = counts.get(m.card, 0) + 1
    grouped = any(c > 1 for k, c in counts.items() if k is not None)
    for m in moves:
        if grouped and m.card != current:
            lines.append(f"{m.card or OTHER}:")
            current = m.card
        lines.append(f"{'  ' if grouped else ''}{m.number}. {m.text}")
    return lines


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+|[^\w\s]", text.lower())


def matches(typed: str, text: str) -> bool:
    """Whether `typed` abbreviates `text`: each typed word starts a word of the move, in
    order (so `play rep` is `play Repair Bay`)."""
    want, have = _words(typed), _words(text)
    if not want:
        return False
    i = 0
    for word in want:
        while i < len(have) and not have[i].startswith(word):
            i += 1
        if i == len(have):
            return False
        i += 1
    return True


def find(typed: str, moves: list[Move]) -> list[Move]:
    """The moves `typed` may mean: its number, the exact words, or an abbreviation. Moves
    whose words are all the same (two copies of a card) count as one."""
    typed = typed.strip()
    if typed.isdigit():
        n = int(typed)
        return [m for m in moves if m.number == n]
    exact = [m for m in moves if m.text.lower() == typed.lower()]
    found = exact or [m for m in moves if matches(typed, m.text)]
    if len({m.text.lower() for m in found}) == 1:
        return found[:1]
    return found


#: a list longer than this folds each card's many moves into one entry (the screen's cap:
#: choices of X, target or slot are follow-up questions, so the top level lists a card once)
FOLD_OVER = 15
#: a card with more moves than this is one entry of a folded list
FOLD_AT = 3


@dataclass(frozen=True)
class Entry:
    """One numbered line of `moves`: a move, or a card whose moves are asked about next."""

    number: int
    moves: tuple[Move, ...]
    card: str | None

    @property
    def text(self) -> str:
        if len(self.moves) == 1:
            return self.moves[0].text
        return f"{self.card}: {len(self.moves)} moves (type {self.number} to choose one)"


def entries(moves: list[Move]) -> list[Entry]:
    """The numbered entries of `moves`: each move its own, unless the list is long; then a
    card with many moves is one entry (its moves in their grouped order)."""
    counts: dict[str | None, int] = {}
    for m in moves:
        counts[m.card] = counts.get(m.card, 0) + 1
    fold = len(moves) > FOLD_OVER
    out: list[Entry] = []
    done: set[str] = set()
    for m in moves:
        if fold and m.card is not None and counts[m.card] > FOLD_AT:
            if m.card in done:
                continue
            done.add(m.card)
            group = tuple(x for x in moves if x.card == m.card)
            out.append(Entry(len(out) + 1, group, m.card))
        else:
            out.append(Entry(len(out) + 1, (m,), m.card))
    return out


def entry_listing(items: list[Entry]) -> list[str]:
    """The numbered entries, a heading per card where several single moves share it."""
    lines: list[str] = []
    counts: dict[str | None, int] = {}
    for e in items:
        if len(e.moves) == 1:
            counts[e.card] = counts.get(e.card, 0) + 1
    grouped = any(c > 1 for k, c in counts.items() if k is not None)
    current: object = object()
    for e in items:
        single = len(e.moves) == 1
        if grouped and single and e.card != current:
            lines.append(f"{e.card or OTHER}:")
            current = e.card
        if not single:
            current = object()
        indent = "  " if grouped and single else ""
        lines.append(f"{indent}{e.number}. {e.text}")
    return lines
