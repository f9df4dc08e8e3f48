"""The game screens' footer: KeysFooter (tabletop_tui/ui/keys_footer.py) under the name
their stylesheets and tests know."""

from __future__ import annotations

from ..keys_footer import KeysFooter


class TableFooter(KeysFooter):
    """Rebuilds its keys only when the keys shown change (see KeysFooter)."""
