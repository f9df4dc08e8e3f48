"""A Footer that rebuilds its keys only when the keys shown change, and then in place.

Moving the focus from card to card, or the launcher's highlight from game to game,
re-announces the screen's bindings each time; Textual's Footer then rebuilds every key
widget, which was most of the cost of such a key press. The keys shown are the same, so
nothing needs rebuilding. When they do change (a game's turn passes and its `e` and `P`
keys come or go) the key widgets already there are given the new keys, those left over are
hidden and kept, and only keys beyond them are mounted: Textual would remove and mount
every key, each mount styling a widget and asking for another layout of the screen. (A
module of its own, outside the widgets package, so the launcher can use it without loading
the game widgets.)
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer

from .textual_internals import FooterKey, active, set_key_disabled


class KeysFooter(Footer):
    _signature: tuple = ()

    def watch_compact(self, compact: bool) -> None:
        # A key's width depends on the footer's look (compact keys have no padding), set
        # by the keys' component classes: restyling a key does not tell Textual its width
        # changed. Keys given in place keep their widget, so each is measured again once
        # restyled (Textual's own footer makes new keys).
        for key in self.children:
            if type(key) is FooterKey:
                key.call_after_refresh(key.refresh, layout=True)

    def _shown_keys(self, screen) -> tuple:
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen) -> None:
        if not active("keys_footer"):
            super().bindings_changed(screen)
            return
        signature = self._shown_keys(screen)
        if signature == self._signature and self.children:
            return
        self._signature = signature
        if not self._keys_in_place(screen):
            super().bindings_changed(screen)

    def _keys_in_place(self, screen) -> bool:
        """Show the screen's keys with the key widgets already here; False when this footer
        cannot (not built yet, grouped keys, another screen's announcement): Textual's way."""
        if not (self.is_attached and screen is self.screen and screen.app.app_focus):
            return False
        keys = list(self.children)
        if not keys or not all(
            type(k) is FooterKey and not k.has_class("-grouped", "-command-palette") for k in keys
        ):
            return False
        wanted: list[tuple] = []
        seen: set[str] = set()
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue  # (Textual's footer shows one key an action)
            if binding.group is not None:
                return False
            seen.add(binding.action)
            wanted.append((binding, enabled, tooltip))
        if not wanted:
            return False
        app = self.app
        for key, (binding, enabled, tooltip) in zip(keys, wanted, strict=False):
            _give_key(
                key,
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                tooltip,
            )
        for key in keys[len(wanted) :]:
            if key.display:
                key.display = False
        more = [
            FooterKey(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
            for binding, enabled, tooltip in wanted[len(keys) :]
        ]
        if more:
            self.mount_all(more, after=keys[-1])
        return True


def _give_key(
    key: FooterKey,
    name: str,
    display: str,
    description: str,
    action: str,
    enabled: bool,
    tooltip: str,
) -> None:
    """Make `key` show another binding; the screen is laid out again only if its width
    changes (or it was hidden)."""
    old = (key.key_display, key.description)
    key.key = name
    key.key_display = display
    key.description = description
    key.action = action
    set_key_disabled(key, not enabled)
    if key.tooltip != (tooltip or None):
        key.tooltip = tooltip or None
    key.set_class(not enabled, "-disabled")
    width_changed = cell_len(old[0] + old[1]) != cell_len(display + description)
    if not key.display:
        key.display = True
    elif (display, description) != old:
        key.refresh(layout=width_changed)
