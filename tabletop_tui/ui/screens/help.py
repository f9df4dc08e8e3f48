"""Help: this screen's keys and the game's rules reference, opened at the section for the moment.

A contents list on the left, the chosen section on the right, `/` to search. The text comes
from `tabletop_tui.reference` (our own summary of each game), the same text the inspectors
use for keywords.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ...reference import Reference, load
from .base import BaseModal

KEYS_ID = "keys-here"


def keys_markdown(keys: list[tuple[str, str]]) -> str:
    rows = "\n".join(f"| `{key}` | {what} |" for key, what in keys)
    return f"## Keys on this screen\n\n| key | what it does |\n|---|---|\n{rows}\n"


class HelpScreen(BaseModal):
    BINDINGS = [
        Binding("escape", "back", "Close", priority=True),
        Binding("q,question_mark", "close", "Close help"),
        Binding("slash", "search", "Search"),
        Binding("g", "glossary", "Keywords"),
        Binding("j", "move(1)", "Down", show=False),
        Binding("k", "move(-1)", "Up", show=False),
    ]

    def __init__(
        self,
        title: str,
        keys: list[tuple[str, str]],
        game_id: str | None,
        topics: tuple[str, ...] = (),
    ):
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.game_id = game_id
        self.reference: Reference | None = load(game_id) if game_id else None
        start = self.reference.for_topics(topics) if self.reference else None
        #: the id of the section on the right (KEYS_ID: the key table)
        self.shown_section = start.id if start is not None else KEYS_ID
        self._listed: list[str] = []

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog help"):
            yield Static(Text(f"{self.title_text}: rules and help", style="bold"), id="help-title")
            yield Input(placeholder="search the rules (Esc: back)", id="help-search")
            with Horizontal(id="help-panes"):
                yield OptionList(id="help-contents")
                with VerticalScroll(id="help-body"):
                    yield Markdown("", id="help-text")
            yield Static(
                Text("↑↓ contents · / search · g keywords · Esc, q or ?: close", style="dim"),
                id="help-footer",
            )

    def on_mount(self) -> None:
        self.query_one("#help-search").display = False
        self._fill_contents(None)
        self._show(self.shown_section)
        self.query_one("#help-contents").focus()

    def _entries(self, query: str | None) -> list[tuple[str, str]]:
        """(id, label) of the contents: the keys first, then every section (or the hits)."""
        entries = [] if query else [(KEYS_ID, "Keys on this screen")]
        if self.reference is not None:
            sections = self.reference.search(query) if query else list(self.reference.sections)
            for s in sections:
                indent = "  " if s.level == 3 and not query else ""
                entries.append((s.id, f"{indent}{s.title}"))
        return entries

    def _fill_contents(self, query: str | None) -> None:
        contents = self.query_one("#help-contents", OptionList)
        entries = self._entries(query)
        self._listed = [sid for sid, _ in entries]
        contents.clear_options()
        if not entries:
            contents.add_option(Option(f"Nothing matches '{query}'", disabled=True))
            return
        contents.add_options([Option(label, id=sid) for sid, label in entries])
        if self.shown_section in self._listed:
            contents.highlighted = self._listed.index(self.shown_section)
        else:
            contents.highlighted = 0

    def section_markdown(self, section_id: str) -> str:
        if section_id == KEYS_ID or self.reference is None:
            text = keys_markdown(self.keys)
            if self.reference is None and self.game_id is None:
                text += "\nEach game's rules are one key away: press `?` inside a game.\n"
            return text
        section = self.reference.section(section_id)
        if section is None:
            return keys_markdown(self.keys)
        parts = [section.text()]
        if section.level == 2:  # a chapter shows its sections too
            parts += [child.text() for child in self.reference.children(section.id)]
        if section_id == "about" or section is self.reference.sections[0]:
            parts.insert(0, f"# {self.reference.title}\n\n{self.reference.intro}\n")
        return "\n".join(parts)

    def _show(self, section_id: str) -> None:
        self.shown_section = section_id
        self.query_one("#help-text", Markdown).update(self.section_markdown(section_id))
        self.query_one("#help-body", VerticalScroll).scroll_home(animate=False)

    # -- events and keys ----------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.shown_section:
            self._show(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._show(event.option.id)
            self.query_one("#help-body").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill_contents(event.value.strip() or None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self._listed:
            self._show(self._listed[0])
        self.query_one("#help-contents").focus()

    def action_search(self) -> None:
        search = self.query_one("#help-search", Input)
        search.display = True
        search.focus()

    def action_glossary(self) -> None:
        if self.reference is None:
            return
        keywords = self.reference.section("keywords")
        if keywords is not None:
            self._fill_contents(None)
            self._show(keywords.id)
            contents = self.query_one("#help-contents", OptionList)
            contents.highlighted = self._listed.index(keywords.id)

    def action_move(self, delta: int) -> None:
        contents = self.query_one("#help-contents", OptionList)
        if delta > 0:
            contents.action_cursor_down()
        else:
            contents.action_cursor_up()

    def action_back(self) -> None:
        """Esc leaves the search first (keeping the hits), then closes."""
        search = self.query_one("#help-search", Input)
        if search.has_focus:
            search.display = False
            self.query_one("#help-contents").focus()
            return
        if search.value:
            search.value = ""
            search.display = False
            self._fill_contents(None)
            return
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
