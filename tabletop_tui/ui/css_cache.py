"""Parsed stylesheets kept between runs.

Textual parses every stylesheet the first time a process applies it: our app.tcss and the
game's sheet, and the default CSS of each widget class on screen (Textual's own too). That
is some 15 ms of a game screen's first frame, the same work every start; unpickling the
parsed rules takes a sixth of that. So each parse is kept on disk under the data folder,
in a file named after where the sheet is read from, with everything the parse depends on
(the CSS text, its flags, the theme's variables, Textual's parser and Python), compared
in full when it is read back: a changed sheet or theme is parsed again and replaces it.
Only parses that succeeded are kept; a cache that cannot be read or written is not used,
and Textual parses as it always does.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
from pathlib import Path

import textual
from textual.css.stylesheet import Stylesheet

from .textual_internals import active, wrap_parse_rules

#: bumped when what the cache holds changes shape
CACHE_FORMAT = 1
_installed = False


def css_cache_dir() -> Path:
    from ..paths import data_dir

    return data_dir() / "cache" / "css"


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _file(parts: tuple) -> Path:
    """One file per place a sheet is read from (a file, a widget's DEFAULT_CSS): named after
    it, so no hash has to be worked out; what it holds is checked when it is read."""
    css, read_from, is_default_rules, tie_breaker, scope = parts
    where, name = (read_from if isinstance(read_from, tuple) else (str(read_from), ""))[:2]
    # (with its folder: the five games' sheets are each a screen.tcss, and under one name
    # they replaced one another, so a game started after another parsed its sheet again)
    place = "-".join(Path(str(where)).parts[-2:])
    label = f"{place}-{name}-{int(bool(is_default_rules))}-{tie_breaker}-{scope}"
    return css_cache_dir() / f"{_UNSAFE.sub('_', label)[:150]}.pickle"


_textual_code: tuple | None = None


def _textual_stamp() -> tuple:
    """Which Textual parsed: its folder and the size and time of the modules that make the
    rules (`textual.__version__` would read the package metadata on every call)."""
    global _textual_code
    if _textual_code is None:
        folder = Path(textual.__file__).parent
        files = ("css/parse.py", "css/stylesheet.py", "css/styles.py", "css/model.py")
        _textual_code = (
            str(folder),
            *((s.st_size, s.st_mtime_ns) for s in map(os.stat, (folder / f for f in files))),
        )
    return _textual_code


def _stamp(stylesheet: Stylesheet, parts: tuple) -> tuple:
    """What a parse depends on besides the code of this module: compared in full on load."""
    variables = getattr(stylesheet, "_variables", None)
    return (CACHE_FORMAT, _textual_stamp(), sys.version_info[:2], variables, parts)


def _load(path: Path, stamp: tuple) -> list | None:
    try:
        with open(path, "rb") as handle:
            kept, rules = pickle.load(handle)
    except Exception:  # missing, half written, or from another version: parse again
        return None
    return rules if kept == stamp and isinstance(rules, list) else None


def _store(path: Path, stamp: tuple, rules: list) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_bytes(pickle.dumps((stamp, rules), protocol=5))
        os.replace(temp, path)
    except Exception:  # a read-only data folder, rules pickle cannot take: no cache
        return


def install() -> None:
    """Give every Stylesheet of this process the disk cache (once; idempotent). Textual's
    own in-memory cache is asked first, so a sheet parsed in this process is not read
    again; a reparse (a new theme, a game's sheet added) finds the parses on disk."""
    global _installed
    if _installed:
        return

    def wrap(parse):
        def _parse_rules(
            self: Stylesheet,
            css: str,
            read_from,
            is_default_rules: bool = False,
            tie_breaker: int = 0,
            scope: str = "",
        ) -> list:
            if not active("css_cache"):  # (switched off after install: Textual's parse)
                return parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            parts = (css, read_from, is_default_rules, tie_breaker, scope)
            memory = getattr(self, "_parse_cache", None)
            if memory is not None and parts in memory:
                return memory[parts]
            path, stamp = _file(parts), _stamp(self, parts)
            rules = _load(path, stamp)
            if rules is None:
                rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
                if not any(rule.errors for rule in rules):
                    _store(path, stamp, rules)
            elif memory is not None:
                memory[parts] = rules
            return rules

        return _parse_rules

    wrap_parse_rules(wrap)  # (Textual's private method: see ui/textual_internals.py)
    _installed = True
