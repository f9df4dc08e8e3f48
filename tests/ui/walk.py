"""Walking the focus over every card on a table-kit screen, and what must stay hidden."""

from __future__ import annotations

import random

from tabletop_tui.ui.widgets.inspector import inspect_plain
from tabletop_tui.ui.widgets.table import CardInfo, Zone

from .helpers import screen_text


def shown(widget) -> bool:
    return all(getattr(n, "display", True) for n in widget.ancestors_with_self)


async def walk_cards(pilot) -> list[tuple[CardInfo, str]]:
    """Focus every card of every shown zone with the keys (Tab to a zone, then arrows);
    returns each card and the inspector's text while it had focus."""
    screen = pilot.app.screen
    zones = [z for z in screen.query(Zone) if shown(z) and z.cards]
    seen: list[tuple[CardInfo, str]] = []
    for zone in zones:
        zone.focus_card(zone.cards[0].info.key)
        await pilot.pause()
        for n in range(len(zone.cards)):
            if n:
                await pilot.press("right")
                await pilot.pause()
            focused = pilot.app.focused
            assert focused is zone.cards[n], f"arrow keys did not reach card {n} of {zone.id}"
            seen.append((focused.info, inspect_plain(screen.inspector().info)))
    return seen


def card_names(model) -> set[str]:
    """Names of every card in a View (dicts with an id and a name)."""
    names: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, dict):
            if "id" in node and "name" in node and isinstance(node["name"], str):
                names.add(node["name"])
            for value in node.values():
                visit(value)
        elif isinstance(node, list | tuple):
            for value in node:
                visit(value)

    visit(model.model_dump(mode="json"))
    return names


def hidden_names(rules, state, seat: int, variants: int = 3) -> set[str]:
    """Card names other seats see (now, or in a re-dealt hidden variant) that `seat` does not."""
    mine = card_names(rules.view(state, seat))
    others: set[str] = set()
    seats = range(len(rules.seat_names(state)))
    for k in range(variants + 1):
        s = state if k == 0 else rules.hidden_variant(state, seat, random.Random(k))
        for other in seats:
            if other != seat:
                others |= card_names(rules.view(s, other))
    return others - mine


async def assert_nothing_hidden_shown(pilot, walked, secret: set[str]) -> None:
    """No hidden card's name on screen or in the inspector. The log is left out: it tells
    what the rules made public at the time (a card revealed, then invested face down)."""
    from tabletop_tui.ui.widgets import LogPanel

    assert secret, "nothing is hidden from this seat: the check would prove nothing"
    app = pilot.app
    logs = list(app.screen.query(LogPanel))
    for log in logs:
        log.display = False
    await pilot.pause()
    text = screen_text(app) + "\n".join(t for _, t in walked)
    for log in logs:
        log.display = True
    leaked = sorted(name for name in secret if name in text)
    assert not leaked, f"hidden cards shown to the wrong seat: {leaked}"
