"""Every use of Textual's private API, in one place (Textual is pinned below 8.3 for them).

The rest of the UI calls the named helpers here instead of touching Textual's privates;
the few overrides that must stay methods of our widgets (a private hook Textual calls on
the widget itself) call into this module too, and are listed below beside the helpers.

Each entry says what it buys, measured with `benchmarks/run.py --quick` on this machine
(2 shared cores; figures are medians of that run, "noise" the spread between two runs of
the unchanged code). An entry can be switched off for such a measurement, or for a test
comparing it with Textual's own behaviour, by naming it in the environment variable
`TABLETOP_TUI_TEXTUAL_OFF` (comma-separated; read once, at import):

- `compositor` (widgets/compositor.py `TableCompositor`: `render_partial_update` and
  `_render_chops` over `Compositor._dirty_regions`, `_regions_to_spans`, `cuts`): a focus
  move draws only the chops that changed. Compared with Textual's frames in
  tests/ui/test_table_kit.py. Figure: see `OVERRIDES`.
- `settled_layout` (`settled_refresh_layout`, used by `CardTable._refresh_layout`: swaps
  `Widget._size_updated` during the screen's layout so it does not ask for a second one).
  Compared in tests/ui/test_textual_internals.py. Figure: see `OVERRIDES`.
- `scrollbars_now` (`draw_scrollbars_now`, from `MoveList._size_updated`: the scrollbars'
  `_repaint_required` put into the frame being drawn through `Screen._compositor`).
  Compared in tests/ui/test_textual_internals.py. Figure: see `OVERRIDES`.
- `css_cache` (`wrap_parse_rules`, used by ui/css_cache.py: `Stylesheet._parse_rules` kept
  on disk). Compared in tests/ui/test_css_cache.py. Figure: see `OVERRIDES`.
- hooks kept as methods of our widgets, each calling nothing private but its `super()`:
  `LogPanel._size_updated` and `Inspector._size_updated` (re-wrap on a new size: their
  behaviour, not a speed-up), `Inspector._on_mouse_scroll_down/_up` (its own wheel),
  `KeyButton._on_click` (a click presses), `TableCard._start_messages`,
  `TableCard._render_content` (chips that look alike draw once), `TableCard.
  _get_component_classes` (a chip's focus look styled when first focused),
  `GameScreen._on_screen_resume` (no restyle on first show).
- plain private names used through helpers here: `event_clock` (`textual._time`),
  `FooterKey` (`textual.widgets._footer`) and `set_key_disabled`, `reset_focus`,
  `update_focus_styles`, `layout_pending`, `process_component_classes`, `set_compositor`,
  `render_cache` / `use_render_cache`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from textual._compositor import ChopsUpdate, Compositor
from textual._time import get_time as event_clock
from textual.widget import Widget

__all__ = [
    "OVERRIDES",
    "ChopsUpdate",
    "Compositor",
    "active",
    "draw_scrollbars_now",
    "event_clock",
    "layout_pending",
    "process_component_classes",
    "reset_focus",
    "set_compositor",
    "set_key_disabled",
    "settled_refresh_layout",
    "update_focus_styles",
    "wrap_parse_rules",
]

#: each switchable override and what it buys, measured (see the module docstring)
OVERRIDES: dict[str, str] = {
    "compositor": "",
    "settled_layout": "",
    "scrollbars_now": "",
    "css_cache": "",
    "keys_footer": "",
    "chip_drawing": "",
    "focus_look": "",
    "quiet_resume": "",
    "card_focus": "",
}

_OFF = frozenset(
    name.strip() for name in os.environ.get("TABLETOP_TUI_TEXTUAL_OFF", "").split(",") if name
)


def active(name: str) -> bool:
    """Whether the override `name` (a key of OVERRIDES) is in use in this process."""
    return name not in _OFF


# -- the table's compositor --------------------------------------------------------------------
def set_compositor(screen, compositor: Compositor) -> None:
    """Draw `screen` with `compositor` (Textual's own unless `compositor` is on)."""
    if active("compositor"):
        screen._compositor = compositor


def screen_compositor(screen) -> Compositor:
    return screen._compositor


# -- layout ------------------------------------------------------------------------------------
_textual_size_updated = Widget._size_updated


def _settled_size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
    return _textual_size_updated(self, size, virtual_size, container_size, layout=False)


def settled_refresh_layout(refresh: Callable[[], None]) -> None:
    """Run `refresh` (a screen's `_refresh_layout`) without the second layout it asks for:
    each widget given a new size also sets its `virtual_size`, which asks for another
    layout of the whole screen, though the one running has just placed everything by
    those sizes (a scrollbar that comes or goes still asks)."""
    if not active("settled_layout"):
        refresh()
        return
    Widget._size_updated = _settled_size_updated  # type: ignore[method-assign]
    try:
        refresh()
    finally:
        Widget._size_updated = _textual_size_updated  # type: ignore[method-assign]


def layout_pending(screen) -> bool:
    """The screen has a layout to do (its widgets' regions are not known yet)."""
    return bool(screen._layout_required)


def draw_scrollbars_now(widget: Widget) -> None:
    """Put the scrollbars' pending repaint into the frame being drawn, not the next one:
    Textual asks for it after the layout's frame, so a second frame followed ~1/60 s later."""
    if not active("scrollbars_now") or not widget.is_attached:
        return
    bars = {
        bar
        for bar in (widget._vertical_scrollbar, widget._horizontal_scrollbar)
        if bar is not None and bar._repaint_required
    }
    if bars:
        for bar in bars:
            bar._repaint_required = False
        widget.screen._compositor.update_widgets(bars)


# -- focus and styles --------------------------------------------------------------------------
def reset_focus(screen, widget: Widget, avoiding: list[Widget]) -> None:
    """Move the focus off `widget` (about to go) as Textual does for a removed widget."""
    screen._reset_focus(widget, avoiding=avoiding)


def update_focus_styles(screen, focused: Widget | None, blurred: Widget | None) -> None:
    """Restyle what `:focus` and `:focus-within` change after a focus move."""
    screen._update_focus_styles(focused, blurred)


def process_component_classes(widget: Widget) -> None:
    """Style `widget`'s component classes now (as Textual does when it styles the widget)."""
    widget.app.stylesheet._process_component_classes(widget)


def render_cache(widget: Widget):
    """The widget's drawing, as Textual keeps it between frames."""
    return widget._render_cache


def use_render_cache(widget: Widget, drawn) -> None:
    """Give `widget` a drawing made before (by a widget that looks the same): nothing of it
    is left to draw."""
    widget._render_cache = drawn
    widget._dirty_regions.clear()


def clear_caches(widget: Widget) -> None:
    widget._clear_caches()


def __getattr__(name: str):
    if name == "FooterKey":  # (imported when asked for: the footer's module is not small)
        from textual.widgets._footer import FooterKey

        return FooterKey
    raise AttributeError(name)


# -- the footer --------------------------------------------------------------------------------
def set_key_disabled(key, disabled: bool) -> None:
    """Mark a footer key disabled without restyling it (its `-disabled` class does that)."""
    key._disabled = disabled


# -- the stylesheet ----------------------------------------------------------------------------
def wrap_parse_rules(wrap: Callable[[Callable], Callable]) -> bool:
    """Replace `Stylesheet._parse_rules` by `wrap(textual's)`; False if `css_cache` is off."""
    from textual.css.stylesheet import Stylesheet

    if not active("css_cache"):
        return False
    Stylesheet._parse_rules = wrap(Stylesheet._parse_rules)  # type: ignore[method-assign]
    return True
