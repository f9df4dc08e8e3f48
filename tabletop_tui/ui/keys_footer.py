"""A Footer that rebuilds its keys only when the keys shown change.

Moving the focus from card to card, or the launcher's highlight from game to game,
re-announces the screen's bindings each time; Textual's Footer then rebuilds every key
widget, which was most of the cost of such a key press. The keys shown are the same, so
nothing needs rebuilding. (A module of its own, outside the widgets package, so the
launcher can use it without loading the game widgets.)
"""

from __future__ import annotations

from textual.widgets import Footer


class KeysFooter(Footer):
    _signature: tuple = ()

    def _shown_keys(self, screen) -> tuple:
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen) -> None:
        signature = self._shown_keys(screen)
        if signature == self._signature and self.children:
            return
        self._signature = signature
        super().bindings_changed(screen)
