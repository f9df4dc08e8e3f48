"""Log lines about a seat named "You", said to that player.

The rules write about seats by name in the third person ("Ana plays Hex Imp", "Ana puts
their pile down"). Every guided first game names its player "You", and "You plays Hex Imp"
is the first thing a new player reads; `second_person` turns such a line into "You play Hex
Imp", "You put your pile down". It knows the few shapes the games' log lines take (a verb
right after the name, more verbs joined by "and", "but" or commas, "their", the name as an
owner), not English at large: a line it does not recognise is left as it was.
"""

from __future__ import annotations

import re

#: the seat name that is spoken to
YOU = "You"

_IRREGULAR = {
    "has": "have",
    "is": "are",
    "was": "were",
    "does": "do",
    "goes": "go",
    "doesn't": "don't",
    "isn't": "aren't",
    "wasn't": "weren't",
    "hasn't": "haven't",
}
#: verbs that also follow "and", "but" or a comma with the same subject in the games' lines
_MORE_VERBS = frozenset(
    "loses wins draws respawns stores shuffles deals takes gains discards invests keeps "
    "pays returns moves plays puts reveals ends flips adds uses suffers".split()
) | frozenset(_IRREGULAR)
_SIBILANT = ("sses", "shes", "ches", "xes", "zzes")
#: words after the name that are the same for every person, with more of the clause to come
_SAME = frozenset("had must may can cannot will could would did".split())

_NAME = re.compile(r"\bYou(?:'s\b|(?![\w']))")
_WORD = re.compile(r" ([A-Za-z']+)")
_JOINED = re.compile(r"(\band |\bbut |, |: )([A-Za-z']+)")
_CLAUSE_END = re.compile(r"[;!?]|\.(?:\s|$)")


def _plain(verb: str) -> str | None:
    """The plural form of a third-person verb, or None when `verb` is not one."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if len(low) < 3 or not low.endswith("s") or low.endswith("ss"):
        return None
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + ("Y" if verb[-3:].isupper() else "y")
    if low.endswith(_SIBILANT):
        return verb[:-2]
    return verb[:-1]


def _rest_of_clause(rest: str) -> str:
    """The words after the first verb, up to the end of the clause: further verbs of the
    same subject in the plural, "their" as "your"."""
    end = _CLAUSE_END.search(rest)
    cut = end.start() if end else len(rest)
    clause, after = rest[:cut], rest[cut:]

    def joined(m: re.Match) -> str:
        word = m.group(2)
        plain = _plain(word) if word.lower() in _MORE_VERBS else None
        return m.group(1) + (plain or word)

    clause = _JOINED.sub(joined, clause)
    clause = re.sub(r"\btheir\b", "your", clause)
    return clause + after


def second_person(text: str) -> str:
    """`text` with each "You <verb>s" said to the player (the same object if unchanged)."""
    if YOU not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _NAME.finditer(text):
        if m.start() < pos:
            continue
        out.append(text[pos : m.start()])
        if m.group().endswith("'s"):
            before = text[: m.start()].rstrip()
            opens = not before or before[-1] in ".:!?"
            out.append("Your" if opens else "your")
            pos = m.end()
            continue
        word = _WORD.match(text, m.end())
        plain = _plain(word.group(1)) if word else None
        if plain is None and word and word.group(1) in _SAME:
            plain = word.group(1)
        if plain is None:
            out.append(m.group())
            pos = m.end()
            continue
        out.append(f"{YOU} {plain}")
        rest = text[word.end() :]
        end = _CLAUSE_END.search(rest)
        cut = end.start() if end else len(rest)
        out.append(_rest_of_clause(rest[:cut]))
        pos = word.end() + cut
    out.append(text[pos:])
    changed = "".join(out)
    return text if changed == text else changed


def owner(name: str) -> str:
    """`name` as the owner of something: "Ana's", or "your" for the seat spoken to."""
    return "your" if name == YOU else f"{name}'s"


def article(words: str) -> str:
    """ "a" or "an" before `words`, by their first letter ("an Army Of Zero action")."""
    return "an" if words[:1].lower() in "aeiou" else "a"


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards", "0 cards" (a plural made with an s)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
