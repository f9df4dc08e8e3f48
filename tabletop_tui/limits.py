"""Bounds on what a player or a file may give (a seed, a seat's name), here rather than in
the engine so the command line can check its arguments without importing the engine and
pydantic (`tabletop-tui` alone opens the launcher, which needs neither)."""

from __future__ import annotations

import unicodedata

MAX_SEED = 2**63 - 1
MAX_NAME = 24

#: control characters, lone surrogates and line or paragraph separators have no place in a name
_BAD_NAME_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a seat's name, or None when it can."""
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    for ch in name:
        if unicodedata.category(ch) in _BAD_NAME_CATEGORIES:
            return f"a name cannot hold the character U+{ord(ch):04X}"
    return None
