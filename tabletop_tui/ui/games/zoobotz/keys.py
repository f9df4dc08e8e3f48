"""ZOOBOTZ's move keys p i r a d (issue 36): each acts on the focused card when it is the
right kind (a card of the hand, a Bot of yours); from any other zone it asks which, listing
only the cards or Botz the move may use now; when none may, the rules say why on the first.
A mixin of ZoobotzScreen (screen.py), which holds the View, the legal moves and the list."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from ....games.zoobotz.models import Hack, Invest, Play, Research, Shield
from .menus import Entry, Menu


class MoveKeys:
    """p Play, i Invest, r RESEARCH, a HACK, d SHIELD."""

    def _card_name(self, inst: str) -> str:
        hit = self._cards.get(inst)
        return hit[0].name if hit is not None else inst

    def _ask_which(self, title: str, kind: str, entries: list[Entry]) -> None:
        entries.append(Entry(Text("Back", style="dim"), None, None))
        self._open(Menu(title, tuple(entries), kind, ""))

    def _hand_move(self, kind: type, verb: str, label) -> None:
        inst = self._selected("h:")
        self.menu = None
        if inst is not None:
            self.submit(kind(card=inst))
            return
        legal = [a for a in self._legal() if isinstance(a, kind)]
        if legal:
            entries = [Entry(label(a), a, a.card) for a in legal]
            self._ask_which(f"{verb}: which card of your hand?", "card", entries)
            return
        hand = self._view.seats[self.session.on_screen].hand if self._view else ()
        if hand:
            self.submit(kind(card=hand[0][0]))  # none can: the rules say why
        else:
            self._say("Your hand is empty.")

    def _bot_move(self, rule: str, ask) -> str | None:
        """The focused Bot of yours; else ask (`ask()` opens the question, False when no
        Bot may make the move now: then the rules say why on the first one)."""
        inst = self._selected("b:")
        if inst is not None:
            return inst
        view, seat = self._view, self.session.on_screen
        botz = view.seats[seat].botz if view is not None and seat is not None else ()
        if not botz:
            self.set_message(
                Text(f"✘ {rule}: you have no Botz in play; play a Bot first.", style="bold red")
            )
            self.app.bell()
            return None
        if not ask():
            return botz[0].instance  # the rules say why it cannot
        return None

    def action_play(self) -> None:
        def label(a: Play) -> Text:
            cost = self._cards.get(a.card, (None, None, None))[2]
            return Text.assemble("▶ Play ", (self._card_name(a.card), "bold"), f" (COST {cost})")

        self._hand_move(Play, "Play", label)

    def action_invest(self) -> None:
        def label(a: Invest) -> Text:
            return Text.assemble(
                "⊞ Invest ", (self._card_name(a.card), "bold"), " face down, UNUSED"
            )

        self._hand_move(Invest, "Invest", label)

    def action_research(self) -> None:
        self.menu = None
        legal = [a for a in self._legal() if isinstance(a, Research)]
        best: dict[str, Research] = {}
        for a in legal:
            if a.bot not in best or a.cards > best[a.bot].cards:
                best[a.bot] = a

        def ask() -> bool:
            if not best:
                return False
            entries = [
                Entry(
                    Text.assemble(
                        "✚ USE ", (self._card_name(b), "bold"), f" to RESEARCH: +{a.cards}"
                    ),
                    a,
                    b,
                )
                for b, a in best.items()
            ]
            self._ask_which("RESEARCH: with which Bot?", "bot", entries)
            return True

        inst = self._bot_move("RESEARCH", ask)
        if inst is None:
            return
        if inst in best:
            self.submit(best[inst])
            return
        hit = self._cards.get(inst)
        value = hit[1].value if hit and hit[1] else 0
        unused = self._view.seats[self.session.on_screen].invested_unused if self._view else 0
        self.submit(Research(bot=inst, cards=min(value, unused)))  # the rules say why not

    def action_hack(self) -> None:
        self.menu = None
        card = self.focused_card()
        view, seat = self._view, self.session.on_screen
        data = card.info.data if card is not None and isinstance(card.info.data, tuple) else ()
        if data and data[0] == "bot" and data[1] != seat:
            self.action_click_bot(card.info.key)  # one of theirs: the HACKs that reach it
            return
        hacks = [a for a in self._legal() if isinstance(a, Hack)]

        def ask() -> bool:
            if not hacks or view is None or seat is None:
                return False
            mine = {b.instance: b for b in view.seats[seat].botz}
            entries = []
            for a in hacks:
                entry = self._hack_entry(a, mine.get(a.bot))
                label = Text.assemble("with ", (self._card_name(a.bot), "bold"), ": ")
                label.append_text(entry.label)
                entries.append(replace(entry, label=label))
            self._ask_which("HACK: which of your Botz, which target?", "hack", entries)
            return True

        inst = self._bot_move("HACK", ask)
        if inst is not None:
            self._hack_menu(inst)

    def action_shield(self) -> None:
        self.menu = None
        shields = [a for a in self._legal() if isinstance(a, Shield)]

        def ask() -> bool:
            if not shields:
                return False
            entries = [
                Entry(
                    Text.assemble("◈ USE ", (self._card_name(a.bot), "bold"), " to SHIELD"),
                    a,
                    a.bot,
                )
                for a in shields
            ]
            self._ask_which("SHIELD: with which Bot?", "bot", entries)
            return True

        inst = self._bot_move("SHIELD", ask)
        if inst is not None:
            self.submit(Shield(bot=inst))
