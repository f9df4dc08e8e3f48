"""Sealed play on one keyboard (RULINGS 9): before the game, each human seat in turn passes
the keyboard behind the usual curtain, sees only the packs it opened, and builds its deck in
the deck builder; a bot seat's deck is built by the sealed heuristic inside the rules
("auto"). Then the game starts with those decks in its Config, so its saves replay them.

`start_sealed` is the app's pre-game hook for this game (registry.PREGAME): it takes over a
start whose Config asks for sealed packs and whose human seats have no deck built yet.
"""

from __future__ import annotations

from ....games.pr_ccg_2008.cards import catalog
from ....games.pr_ccg_2008.models import AUTO_DECK, CustomDeck
from ....games.pr_ccg_2008.sealed import opened_counts, sealed_pools

NOTE = "Sealed play: open your {packs} packs and build a 20-card deck from them."
#: the curtains before the game: no game exists yet, so none is autosaved
UNSAVED = "the game starts, and is autosaved, once every deck is built."


def start_sealed(app, game_id: str, seats, seed: int, replace: bool, options: dict, seed_given):
    """Run the building, then start the game; False when this start is not one to take over."""
    packs = int(options.get("sealed_packs") or 0)
    if not packs:
        return False
    if getattr(app, "_sealed_built", False):
        return False  # the decks are built: this is the start they were built for
    # (only now: a game that is not sealed must start without the builder and its files)
    from ...screens.curtain import CurtainScreen
    from .decks import PrCcgDeckBuilder

    humans = [i for i, s in enumerate(seats) if s.kind == "human"]
    cat = catalog(options.get("cards_dir"))
    pools = sealed_pools(cat, seed, packs)
    decks = [AUTO_DECK] * len(seats)

    def build(k: int) -> None:
        if k == len(humans):
            config = {**options, "decks": tuple(decks)}
            app._sealed_built = True
            try:
                app.start_game(
                    game_id, seats, seed, replace=replace, config=config, seed_given=seed_given
                )
            except ValueError as exc:  # (cannot happen: the builder checked the decks)
                app.notify(str(exc), title="Cannot start the sealed game", severity="error")
            finally:
                app._sealed_built = False
            return
        seat = humans[k]
        name = seats[seat].name

        def built(deck: CustomDeck | None) -> None:
            if deck is None:
                app.notify("Sealed game not started.", severity="warning")
                return
            decks[seat] = deck
            build(k + 1)

        def builder(_=None) -> None:
            screen = PrCcgDeckBuilder(
                options.get("cards_dir"), sealed=(name, opened_counts(pools[seat]))
            )
            app.push_screen(screen, built)

        if len(humans) > 1:  # pass the keyboard: the other seat must not see these packs
            app.push_screen(
                CurtainScreen(name, seat, note=NOTE.format(packs=packs), unsaved=UNSAVED), builder
            )
        else:
            builder()

    build(0)
    return True
