"""A heuristic Mastermind for Heroes of the Grid's Mastermind Mode.

It plays only the Mastermind seat, from that seat's View and the legal actions (HotgBot
hands the Mastermind seat to it). The plan:

* deployment: send Mastermind deployments to the location closest to panicking (fewest
  free figure spaces, Rangers absent), two figures of the type already most common there;
* the combat grid: GUARD cards where they touch the most cards (the centre first), other
  cards next to a GUARD card, else next to the most cards;
* the combat marker: first on the most damaging FAST card (the enemies then go first),
  else on the most damaging card; moves to the most damaging undefeated option;
* Schemes: Shatter Defenses and Sap Energy whenever they can be played, Foul the Odds on a
  good roll, Toughen Up! on the most dangerous card, Insidious Doubt on the biggest hand,
  Dark Tactics puts the most damaging cards on top; discards keep the strongest Schemes.
"""

from __future__ import annotations

import random
import re

from .models import (
    Arrange,
    ChooseLocation,
    DeployFigures,
    DiscardScheme,
    OrderEffects,
    Pass,
    PlaceCard,
    PlaceMarker,
    PlayScheme,
    View,
)

#: keep the Schemes first in this list when discarding
SCHEME_RANK = (
    "shatter-defenses",
    "sap-energy",
    "foul-the-odds",
    "toughen-up",
    "insidious-doubt",
    "dark-tactics",
)
HIT_PER_DIE = 0.83


def _damage(text: str) -> int:
    return sum(int(n) for n in re.findall(r"(\d+) damage", text))


def _key(card: str) -> str:
    return card.split("#")[0].split(":")[-1]


class HotgMastermindBot:
    name = "mastermind"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        d = view.decision
        if d is None or not legal:
            return legal[0]
        kinds = {a.kind for a in legal}
        try:
            if "mm_location" in kinds:
                return self._location(view, legal)
            if "mm_figures" in kinds:
                return self._figures(view, legal)
            if "place" in kinds:
                return self._place(view, legal)
            if "marker" in kinds:
                return self._marker(view, legal)
            if "discard_scheme" in kinds:
                return self._discard(legal)
            if "arrange" in kinds:
                return self._arrange(view, legal)
            if "order" in kinds:
                return OrderEffects(scheme_first=True)
            if d.kind == "scheme_window":
                return self._scheme(view, legal)
        except (IndexError, KeyError, ValueError):  # pragma: no cover - never stall a game
            pass
        return legal[0]

    # ------------------------------------------------------------------ deployment
    def _location(self, v: View, legal: list):
        locs = {lo.id: lo for lo in v.locations}

        def score(a: ChooseLocation):
            lo = locs[a.location]
            room = lo.figure_limit - lo.figures
            return (lo.panicked, room <= 0, room, len(lo.rangers))

        return min((a for a in legal if isinstance(a, ChooseLocation)), key=score)

    def _figures(self, v: View, legal: list):
        target = next((lo for lo in v.locations if lo.id == v.deploy_target), None)
        have = dict(target.foot_soldiers) if target else {}
        return max(
            (a for a in legal if isinstance(a, DeployFigures)),
            key=lambda a: sum(have.get(f, 0) for f in a.figures),
        )

    # ------------------------------------------------------------------ combat grid
    def _place(self, v: View, legal: list):
        g = v.battle.grid
        filled = {(c.row, c.col): c.slot for c in g.cells if c.slot >= 0}
        cards = {c.slot: c for c in v.battle.cards}
        guard_cells = {rc for rc, i in filled.items() if "GUARD" in cards[i].keywords}

        def near(r: int, c: int) -> list[tuple[int, int]]:
            return [
                (r + dr, c + dc)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < 3 and 0 <= c + dc < 3
            ]

        guard = "GUARD" in g.placing_keywords

        def score(a: PlaceCard):
            ns = near(a.row, a.col)
            if guard:
                return (len(ns), sum(n in filled for n in ns))
            return (sum(n in guard_cells for n in ns), sum(n in filled for n in ns), -len(ns))

        return max((a for a in legal if isinstance(a, PlaceCard)), key=score)

    def _threat(self, c) -> float:
        if c.defeated:
            return -10.0
        return _damage(c.text) + 0.5 * ("FAST" in c.keywords) + 0.1 * (c.health - c.hits)

    def _marker(self, v: View, legal: list):
        cards = {c.slot: c for c in v.battle.cards}
        opts = [a for a in legal if isinstance(a, PlaceMarker)]
        if v.battle.grid and v.battle.grid.marker < 0:
            fast = [a for a in opts if "FAST" in cards[a.slot].keywords]
            if fast:
                return max(fast, key=lambda a: self._threat(cards[a.slot]))
        return max(opts, key=lambda a: self._threat(cards[a.slot]))

    # ------------------------------------------------------------------ Schemes
    def _discard(self, legal: list):
        def rank(a: DiscardScheme) -> int:
            k = _key(a.card)
            return SCHEME_RANK.index(k) if k in SCHEME_RANK else len(SCHEME_RANK)

        return max((a for a in legal if isinstance(a, DiscardScheme)), key=rank)

    def _scheme(self, v: View, legal: list):
        plays = [a for a in legal if isinstance(a, PlayScheme)]
        if not plays:
            return Pass()
        b = v.battle
        by = {}
        for a in plays:
            by.setdefault(_key(a.card), []).append(a)
        if "shatter-defenses" in by:
            return by["shatter-defenses"][0]
        if "sap-energy" in by and b is not None and (b.pool > 0 or len(v.players) > 0):
            return by["sap-energy"][0]
        if "foul-the-odds" in by and b is not None:
            roll = b.last_roll
            if roll and sum(roll) > HIT_PER_DIE * len(roll) + 0.5:
                return by["foul-the-odds"][0]
        if "toughen-up" in by and b is not None:
            cards = {c.slot: c for c in b.cards}
            return max(by["toughen-up"], key=lambda a: self._threat(cards[a.target]))
        if "insidious-doubt" in by:
            return max(by["insidious-doubt"], key=lambda a: v.players[a.seat].hand_count)
        if "dark-tactics" in by and b is not None:
            decks = set(b.villains)
            pick = [a for a in by["dark-tactics"] if a.deck in decks]
            if pick:
                return pick[0]
        return Pass()

    def _arrange(self, v: View, legal: list):
        # keep the peeked cards on top in the order given (the first is the most recent top)
        options = [a for a in legal if isinstance(a, Arrange)]
        full = [a for a in options if not a.bottom]
        return full[0] if full else options[0]
