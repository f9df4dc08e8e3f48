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


def moment_topics(view) -> tuple[str, ...]:
    """The topics of the moment a seat's View shows, most specific first: the pending
    decision's kind, then the phase (read duck-typed: this package knows no game's models)."""
    topics = []
    decision = getattr(view, "decision", None)
    if decision is not None and getattr(decision, "kind", None):
        topics.append(str(decision.kind))
    phase = getattr(view, "phase", None)
    if phase:
        topics.append(str(phase))
    return tuple(topics)


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
    """What a keyword or card type means in play, from the game's reference (one text per
    rule), as plain text for the card box (`plain_text`)."""
    ref = load(game_id)
    if ref is None:
        return None
    entry = ref.keywords().get(slug(keyword))
    return plain_text(entry.body) if entry is not None else None


_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s")
_MARKS = (
    (re.compile(r"`([^`]+)`"), r"\1"),  # code
    (re.compile(r"\*\*(\S(?:.*?\S)?)\*\*"), r"\1"),  # strong
    (re.compile(r"(?<![\w*])\*(\S(?:.*?\S)?)\*(?![\w*])"), r"\1"),  # emphasis
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),  # a link: its words
)


@cache
def plain_text(body: str) -> str:
    """A reference entry's Markdown as plain text: the lines of a paragraph joined (the file
    wraps them at 100 columns, the card box wraps them again at its own width), list items
    and paragraphs on lines of their own, no code or emphasis marks."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", body.strip()):
        lines: list[str] = []
        for line in paragraph.splitlines():
            if lines and not _ITEM.match(line):
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.strip())
        out.append("\n".join(lines))
    text = "\n".join(out)
    for pattern, keep in _MARKS:
        text = pattern.sub(keep, text)
    return text
