"""Every use of Textual's private API, in one place (Textual is pinned below 8.3 for them).

The rest of the UI calls the named helpers here instead of touching Textual's privates;
the overrides that must stay methods of our widgets (private hooks Textual calls on the
widget itself) are listed here too, and each asks `active(name)`: naming an override in
the environment variable `TABLETOP_TUI_TEXTUAL_OFF` (comma-separated, read at import)
puts Textual's own behaviour back, for measuring it and for the comparison tests
(tests/ui/test_textual_internals.py drives the Heroes of the Grid and Zeo tables with and
without each one and compares every widget's region and whole frames after each key;
tests/ui/test_table_kit.py compares the compositor's partial frames with Textual's).

Measured Dec 2026 (Textual 8.2.8, two shared cores) with `benchmarks/run.py --quick --parts
startup,cards` (Army Of Zero and Heroes of the Grid tables), `--parts startup --runs 9`,
and `benchmarks/tables_redraw_bench.py` for a pushed table update. Noise, from four to six
runs of the unchanged code: focus key CPU/bare about +-0.15 (1.01-1.26 Army Of Zero 80x24,
1.01-1.08 at 160x48, 1.16-1.29 Heroes 160x48); game screen first frame CPU/bare 1.48-1.64
(Army Of Zero), 1.76-1.85 (Heroes); CPU per pushed update 29.7-31.0 ms.

Kept (the figure is the same measure with the override off):

- `compositor` (widgets/compositor.py `TableCompositor`: `render_partial_update` and
  `_render_chops` over `Compositor._dirty_regions`, `_regions_to_spans`, `cuts`; installed
  by `set_compositor`): a focus move draws only the chops that changed. Off: focus key
  CPU/bare 1.35-1.59 (Army Of Zero 160x48), 1.66-2.09 (Heroes), ms/bare up to 3.4 and 5.2.
- `card_focus` (`CardTable.set_focus`, using `update_focus_styles` and `layout_pending`):
  a focus move between two cards without Textual's Blur/Focus round. Off: focus key
  9-15 times the bare app's time (1.1-1.4 with it), CPU/bare 1.66-1.92.
- `chip_drawing` (`TableCard._render_content`, with `render_cache`/`use_render_cache`):
  chips that look alike draw once. Off: focus key CPU/bare 1.41 (Army Of Zero 160x48) and
  1.46 (Heroes 160x48), against 1.01-1.08 and 1.16-1.29.
- `settled_layout` (`settled_refresh_layout`, from `CardTable._refresh_layout`: swaps
  `Widget._size_updated` during the screen's layout): no second layout of the whole screen
  after each one. Below noise in run.py (no layout on its focus keys); a pushed table
  update: 33.0 ms CPU and 6.0 KB to the terminal off, 29.7-31.0 ms and 4.2-4.8 KB on.
- `quiet_resume` (`GameScreen._on_screen_resume`: `ScreenResume.refresh_styles` off the
  first time a game screen is shown, its widgets styled as they mounted a moment before):
  Textual styles every widget of the table a second time before the first frame. Measured
  where it happens (Dec 2026, `Stylesheet.apply` timed in the `play GAME --seats human,bot`
  process at 120x40, three runs each): styles applied 123 -> 66 (Army Of Zero), 169 -> 89
  (Zeo), 192 -> 103 (Heroes); CPU ms in them 44-46 -> 29-37, 57-63 -> 44-46, 55-66 -> 44.
  The whole first frame's CPU moves by less than its noise (paired runs: sd ~25 ms).
- `css_cache` (ui/css_cache.py over `Stylesheet._parse_rules`, installed by
  `wrap_parse_rules`): each stylesheet parsed in an earlier run (app.tcss, the game's, every
  widget's DEFAULT_CSS: some 150 parses before a table's first frame) is read back from the
  data folder. Measured where it happens (Dec 2026, `_parse_rules` timed in the Heroes of the
  Grid `play` process, 120x40): 20.4-20.6 ms CPU parsing off, 7.3-7.4 ms reading back on.
  Dropped once (issue 35) when whole first frames showed no gain beyond their noise (two
  runs of nine, CPU/bare 1.51-1.59 off against 1.58-1.64), back for issue 36's budget.

- `css_prime` (`prime_default_css`, from `GameScreen._post_register`: the default CSS of the
  widget classes a game's first frame mounts, `Widget._css_bases` read through
  `DOMNode._get_default_css`, added before the screen is styled). Textual parses the whole
  stylesheet again and maps its rules again after each class it meets for the first time:
  8-10 times before a table's first frame (12-16 ms parsing and 11-17 ms mapping, CPU, in
  the `play GAME --seats human,bot` process at 120x40, Dec 2026); primed, once.

Dropped, their gain now below the noise (Textual's own way is used): drawing scrollbars
in the layout's frame (`MoveList._size_updated`, scrollbar
`_repaint_required`; within noise in both benchmarks), and the footer that rebuilt its keys
in place would be dropped too, but is kept for what it shows (below).

Kept although below noise: `keys_footer` (ui/keys_footer.py `KeysFooter.bindings_changed`,
`FooterKey` and `set_key_disabled`: the footer rebuilds its keys only when the keys shown
change, and then in place). Off, focus keys and first frames are within noise; but
Textual's own footer, rebuilt while a modal (the help) covers the game screen, leaves the
game's footer keys unlaid (width 0: an empty footer behind the help, a snapshot changes).
The comparison test found a difference the other way, kept as a strict xfail: after a
resize that changes the keys shown (Heroes of the Grid 80x24 -> 120x36) the keys given in
place keep the widths of the keys they showed before.

Also dropped: a chip's focus look styled only when it first takes the focus
(`TableCard._get_component_classes`, `Stylesheet._process_component_classes`; off: first
frames 1.53 / 1.75, within noise).

Private names used without a speed-up, for behaviour: `event_clock` (`textual._time`:
the clock Textual stamps key events with), `reset_focus` (a zone removing the focused
chip), `clear_caches` (MoveList re-measuring its options), and hooks of our widgets calling
only their `super()`: `LogPanel._size_updated`, `Inspector._size_updated` (re-wrap on a
new size), `Inspector._on_mouse_scroll_down/_up` (its own wheel), `KeyButton._on_click`
(a click presses), `TableCard._start_messages` (the card's class given after styling);
and `option_line` (`OptionList._index_to_line`: the line of a list's highlighted option,
where ui/cursor.py puts the terminal's cursor for a braille display, only with that on).
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
    "event_clock",
    "layout_pending",
    "option_line",
    "prime_default_css",
    "reset_focus",
    "set_compositor",
    "set_key_disabled",
    "settled_refresh_layout",
    "update_focus_styles",
]

#: each switchable override and what it buys, measured (see the module docstring)
OVERRIDES: dict[str, str] = {
    "compositor": "focus key CPU/bare 1.35-2.09 off, 1.01-1.29 on",
    "card_focus": "focus key 9-15x the bare app's time off, 1.1-1.4x on",
    "chip_drawing": "focus key CPU/bare 1.41-1.46 off (160x48), 1.01-1.29 on",
    "settled_layout": "pushed update 33.0 ms CPU off, 29.7-31.0 on",
    "keys_footer": "below noise; kept for what it shows (see the module docstring)",
    "quiet_resume": "game screen first frame: no second styling of every widget (see above)",
    "css_cache": "stylesheets parsed in an earlier run read back: parse CPU ~20 -> ~7 ms",
    "css_prime": "a game's first frame parses the stylesheet once, not 8-10 times: ~20 ms CPU",
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


# -- focus and styles --------------------------------------------------------------------------
def reset_focus(screen, widget: Widget, avoiding: list[Widget]) -> None:
    """Move the focus off `widget` (about to go) as Textual does for a removed widget."""
    screen._reset_focus(widget, avoiding=avoiding)


def update_focus_styles(screen, focused: Widget | None, blurred: Widget | None) -> None:
    """Restyle what `:focus` and `:focus-within` change after a focus move."""
    screen._update_focus_styles(focused, blurred)


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


def option_line(option_list, index: int) -> int | None:
    """The first line of option `index` in an OptionList's whole content (measuring the
    options first if they changed, as the list's own scrolling does); None if not shown."""
    return option_list._index_to_line.get(index)


def __getattr__(name: str):
    if name == "FooterKey":  # (imported when asked for: the footer's module is not small)
        from textual.widgets._footer import FooterKey

        return FooterKey
    raise AttributeError(name)


# -- stylesheets -------------------------------------------------------------------------------
def wrap_parse_rules(wrap: Callable[[Callable], Callable]) -> bool:
    """Replace `Stylesheet._parse_rules` by `wrap(textual's)`; False if `css_cache` is off."""
    from textual.css.stylesheet import Stylesheet

    if not active("css_cache"):
        return False
    Stylesheet._parse_rules = wrap(Stylesheet._parse_rules)  # type: ignore[method-assign]
    return True


def system_widgets() -> tuple[type[Widget], ...]:
    """The widgets Textual gives every screen (its toasts and tooltip)."""
    from textual.widgets._toast import ToastRack
    from textual.widgets._tooltip import Tooltip

    return (ToastRack, Tooltip)


def prime_default_css(app, classes) -> None:
    """Add the default CSS of these widget classes (and of their bases) to the app's
    stylesheet now, as Textual adds it when it registers the first widget of each class.
    Textual parses the whole stylesheet again (and maps its rules again, ~3 ms here) at the
    next styling after each class it has not seen: a game's first frame did it 8 to 10 times,
    one class at a time. Given together before the screen is styled, they are parsed once."""
    if not active("css_prime"):
        return
    from types import SimpleNamespace

    from textual.dom import DOMNode

    stylesheet = app.stylesheet
    for cls in classes:
        node = SimpleNamespace(_node_bases=cls._css_bases(cls))
        for read_from, css, tie_breaker, scope in DOMNode._get_default_css(node):  # type: ignore[arg-type]
            stylesheet.add_source(
                css,
                read_from=read_from,
                is_default_css=True,
                tie_breaker=tie_breaker,
                scope=scope,
            )


# -- the footer --------------------------------------------------------------------------------
def set_key_disabled(key, disabled: bool) -> None:
    """Mark a footer key disabled without restyling it (its `-disabled` class does that)."""
    key._disabled = disabled
