"""The setup screen's choices for the Power Rangers CCG (2008): a deck per seat (the shipped
decks and the player's saved ones), constructed or sealed play, and the opening-hand house
rule. Registered in ui/registry.py (SETUP_OPTIONS), so the game screen need not carry them."""

from __future__ import annotations

from ...setup_options import SetupOption

SEALED_HELP = "Sealed: each player opens 4 booster packs and builds 20 cards from them."


def _pool(cards_dir: str | None = None):
    from ....games.pr_ccg_2008.cards import catalog

    cat = catalog(cards_dir)
    return cat, {c.id: c for c in cat.card_set.pool}


def deck_choices() -> tuple[tuple[str, str], ...]:
    from ....decklists.pr_ccg_2008 import saved_decks

    cat, pool = _pool()
    shipped = tuple((d.info.name, d.info.id) for d in cat.card_set.decks)
    saved = tuple((f"★ {d.name} (yours)", d.choice) for d in saved_decks(pool) if d.ok)
    return shipped + saved


def deck_blurb(choice) -> str:
    cat, _ = _pool()
    for d in cat.card_set.decks:
        if d.info.id == choice:
            return d.info.blurb
    return "A deck you built and saved in the deck builder (Ctrl+B)."


def deck_warnings() -> list[str]:
    from ....decklists.pr_ccg_2008 import saved_decks

    return [d.report() for d in saved_decks(_pool()[1]) if not d.ok]


def resolve_decks(values) -> tuple:
    from ....decklists.pr_ccg_2008 import resolve_choice

    pool = _pool()[1]
    return tuple(resolve_choice(str(v), pool) for v in values)


def _default_decks():
    ids = [d.info.id for d in _pool()[0].card_set.decks]
    return (ids[0], ids[1 % len(ids)])


class _LazyDefault(tuple):
    """Per-seat deck defaults, read from the card files only when setup opens."""

    def __getitem__(self, index):
        return _default_decks()[index]


def mode_blurb(value) -> str:
    return SEALED_HELP if str(value) != "0" else "Constructed: each seat plays the deck above."


SETUP_OPTIONS = (
    SetupOption(
        "decks",
        "Deck",
        deck_choices,
        per_seat=True,
        default=_LazyDefault(),
        convert=resolve_decks,
        warnings=deck_warnings,
        describe=deck_blurb,
    ),
    SetupOption(
        "sealed_packs",
        "Play",
        (("Constructed decks", "0"), ("Sealed: 4 packs", "4")),
        default="0",
        help=SEALED_HELP,
        describe=mode_blurb,
    ),
    SetupOption(
        "opening_hand",
        "Opening hand",
        tuple((f"{n} cards" if n else "0 (as written)", str(n)) for n in range(0, 8)),
        default="0",
        help="House rule: cards drawn before the first round.",
    ),
)
