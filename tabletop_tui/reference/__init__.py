"""The project's own rules reference for each game, one Markdown file per game id.

Written by us (the publishers' rulebooks are the authority, never shipped). Each `##`/`###`
heading carries an id and optionally the help topics that open it:

    ## The Battle Phase {#battle topics=battle,block}

The help screen opens the section whose topics match the moment (the pending decision first,
then the phase); inspectors read keyword meanings from the `### Name {#kw-slug}` sections, so
each rule has one text. Pure Python: no Textual, no Rich.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*(?:\{#([a-z0-9-]+)((?:\s+[a-z]+=[^\s}]*)*)\s*\})?\s*$")


class ReferenceError(ValueError):
    """A reference file that breaks the format: names the file, the line and the problem."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int  # 2 for a chapter, 3 for a section inside it
    body: str  # Markdown, without the heading
    topics: tuple[str, ...] = ()
    parent: str | None = None

    def text(self) -> str:
        """The section as plain-ish Markdown with its own heading, for showing alone."""
        return f"{'#' * self.level} {self.title}\n\n{self.body}".rstrip() + "\n"


@dataclass(frozen=True)
class Reference:
    game_id: str
    title: str
    intro: str
    sections: tuple[Section, ...]
    _by_id: dict[str, Section] = field(default_factory=dict, compare=False, repr=False)
    _keywords: dict[str, Section] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({s.id: s for s in self.sections})
        self._keywords.update({s.id[3:]: s for s in self.sections if s.id.startswith("kw-")})

    def section(self, section_id: str) -> Section | None:
        return self._by_id.get(section_id)

    def children(self, section_id: str) -> list[Section]:
        return [s for s in self.sections if s.parent == section_id]

    def for_topics(self, topics: Iterable[str]) -> Section | None:
        """The section for the most specific topic that some section lists (first wins)."""
        for topic in topics:
            if topic.startswith("#"):  # a section named by id
                if topic[1:] in self._by_id:
                    return self._by_id[topic[1:]]
                continue
            for s in self.sections:
                if topic in s.topics:
                    return s
        return None

    def keywords(self) -> dict[str, Section]:
        """Keyword and card-type entries by slug (`guard` for `kw-guard`), built once: the
        inspector asks for them on every card it shows."""
        return self._keywords

    def search(self, query: str) -> list[Section]:
        """Sections whose title or text hold every word of the query, title hits first."""
        words = [w for w in re.findall(r"\w+", query.lower()) if w]
        if not words:
            return list(self.sections)
        in_title = [s for s in self.sections if all(w in s.title.lower() for w in words)]
        in_body = [
            s
            for s in self.sections
            if s not in in_title and all(w in (s.title + " " + s.body).lower() for w in words)
        ]
        return in_title + in_body


def slug(name: str) -> str:
    """The id part of a keyword: "First Strike" -> "first-strike"."""
    cleaned = re.sub(r"[^a-z0-9 -]", "", name.lower().replace("_", " "))
    return re.sub(r"[\s-]+", "-", cleaned).strip("-")


def parse(text: str, game_id: str, source: str = "") -> Reference:
    """Read one reference file; every problem names the source and line."""
    where = source or f"{game_id}.md"
    title = ""
    intro: list[str] = []
    sections: list[Section] = []
    current: dict | None = None
    chapter: str | None = None
    seen: set[str] = set()

    def close() -> None:
        if current is not None:
            body = "\n".join(current.pop("lines")).strip()
            sections.append(Section(body=body, **current))

    in_fence = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match is None:
            (current["lines"] if current is not None else intro).append(line)
            continue
        hashes, name, section_id, attrs = match.groups()
        level = len(hashes)
        if level == 1:
            if title:
                raise ReferenceError(f"{where}:{number}: a second title ('# {name}')")
            title = name
            continue
        if not section_id:
            raise ReferenceError(f"{where}:{number}: the heading '{name}' has no {{#id}}")
        if section_id in seen:
            raise ReferenceError(f"{where}:{number}: the id '{section_id}' is used twice")
        seen.add(section_id)
        topics: tuple[str, ...] = ()
        for attr in (attrs or "").split():
            key, _, value = attr.partition("=")
            if key != "topics":
                raise ReferenceError(f"{where}:{number}: unknown attribute '{key}'")
            topics = tuple(t for t in value.split(",") if t)
        close()
        if level == 2:
            chapter = section_id
        current = {
            "id": section_id,
            "title": name,
            "level": level,
            "topics": topics,
            "parent": chapter if level == 3 else None,
            "lines": [],
        }
    close()
    if not title:
        raise ReferenceError(f"{where}: no '# Title' line")
    if not sections:
        raise ReferenceError(f"{where}: no sections")
    return Reference(game_id, title, "\n".join(intro).strip(), tuple(sections))


def _text(game_id: str) -> str | None:
    """A shipped reference file's text (None when the game has none): beside this module, or
    through the package's resources where it is not a plain file (a zipped install)."""
    name = f"{game_id}.md"
    try:
        return Path(__file__).with_name(name).read_text("utf-8")
    except OSError:
        pass
    from importlib import resources

    try:
        return resources.files(__name__).joinpath(name).read_text("utf-8")
    except (FileNotFoundError, OSError):
        return None


@cache
def load(game_id: str) -> Reference | None:
    """The shipped reference of a game, or None when it has none."""
    text = _text(game_id)
    if text is None:
        return None
    return parse(text, game_id, f"tabletop_tui/reference/{game_id}.md")


@cache
def keyword_titles(game_id: str) -> tuple[str, ...]:
    """The titles of a game's keyword and card-type entries (`{#kw-...}` headings), in file
    order: those of `load(game_id).keywords()`, read from the headings alone. A screen that
    looks for keywords in card text needs the words, not the whole reference parsed."""
    text = _text(game_id)
    return () if text is None else keyword_titles_in(text)


def keyword_titles_in(text: str) -> tuple[str, ...]:
    """The `{#kw-...}` heading titles of a reference file's text, as `parse` reads them."""
    titles: list[str] = []
    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and line.startswith("##"):
            match = _HEADING.match(line)
            if match is not None and (match.group(3) or "").startswith("kw-"):
                titles.append(match.group(2))
    return tuple(titles)


def keyword_text(game_id: str, keyword: str) -> str | None:
    """What a keyword or card type means in play, from the game's reference (one text per rule)."""
    ref = load(game_id)
    if ref is None:
        return None
    entry = ref.keywords().get(slug(keyword))
    return plain(entry.body) if entry is not None else None


_INLINE = re.compile(r"`([^`]+)`|\*\*(\S(?:.*?\S)?)\*\*|\*(\S(?:.*?\S)?)\*")
_LIST_ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s")


def plain(markdown: str) -> str:
    """A glossary entry as an inspector shows it: one line a paragraph or list item (the
    file's own line breaks are only for its width) and no `code` or *emphasis* marks."""
    out: list[str] = []
    joining = False
    for line in markdown.splitlines():
        if not line.strip():
            joining = False
            continue
        if joining and not _LIST_ITEM.match(line):
            out[-1] += " " + line.strip()
        else:
            out.append(line.strip())
        joining = True
    return _INLINE.sub(lambda m: m.group(1) or m.group(2) or m.group(3), "\n".join(out))
