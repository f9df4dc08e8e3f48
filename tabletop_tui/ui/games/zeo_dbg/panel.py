"""Zeo's move panel: the cards that have moves now, one row a card (copies of a card in hand
share a row), folded into one row per zone past `MOVE_CAP` rows; a question's answers, one
row each (two copies of a card are one answer). Each row keeps its key while it is shown, and
the rows are listed in key order. A mixin of `ZeoScreen`."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from ....games.zeo_dbg.models import Choose, EndMain, EndTurn, View
from ...widgets.card_menu import MenuEntry
from ...widgets.table import CardInfo, chip_text
from .moves import (
    MOVE_CAP,
    ZONE_NAMES,
    FollowUp,
    Row,
    card_key,
    end_label,
    entry_for,
    menu_for,
    zone_of,
)


def key_rank(key: str) -> tuple:
    """Where a row with this key stands in the move panel: 1-9 in order, then letters, then
    the rows without a key."""
    if key.isdigit():
        return (0, int(key), "")
    return (1, 0, key) if key else (2, 0, "")


class MovePanel:
    """The move panel's rows, built from the seat's legal moves (see the module)."""

    def move_rows(self) -> list[Row]:
        """The rows the move panel shows now (for tests and the keys)."""
        return list(self._rows)

    def _build_rows(self, view: View, seat: int | None) -> list[Row]:
        legal = self.legal_now()
        if seat is None or not legal or self.waiting:
            return []
        if self.mode == "decision" or (self.mode == "pick" and view.decision is not None):
            return self._option_rows(view, seat, legal)
        groups: dict[str, list[Row]] = {}
        seen: dict[tuple, str] = {}
        hand = dict(view.seats[seat].hand)
        for key, actions in self._by_card.items():
            if key is None:
                continue
            zone = zone_of(view, seat, key)
            kinds = tuple(sorted({a.kind for a in actions}))
            if key in hand:  # copies of one card in hand share a row
                sig = (hand[key].id, kinds)
                if sig in seen:
                    continue
                seen[sig] = key
            groups.setdefault(zone, []).append(self._card_row(view, seat, key, actions, hand))
        general = [
            Row("end", end_label(a), action=a)
            for a in self._by_card.get(None, ())
            if isinstance(a, (EndMain, EndTurn))
        ]
        general += [
            Row(f"opt:{a.option}", Text(f"☞ {a.option}"), action=a)
            for a in self._by_card.get(None, ())
            if isinstance(a, Choose)
        ]
        order = ["offer", "hand", "grid", "stacks", "seat", "bay", "lair", "played", "table"]
        folded: set[str] = set()
        while (
            sum(1 if z in folded else len(r) for z, r in groups.items()) + len(general) > MOVE_CAP
        ):
            open_zones = [z for z in groups if z not in folded and len(groups[z]) > 1]
            if not open_zones:
                break
            folded.add(max(open_zones, key=lambda z: len(groups[z])))
        rows: list[Row] = []
        for zone in sorted(groups, key=order.index):
            if zone in folded:
                n = len(groups[zone])
                label = Text.assemble(
                    ("▸ ", "bold"), (ZONE_NAMES[zone], "bold"), f": {n} cards with moves (go there)"
                )
                rows.append(Row(f"zone:{zone}", label, zone=zone))
            else:
                rows += groups[zone]
        return rows + general

    def _card_row(self, view: View, seat: int, key: str, actions: list, hand: dict) -> Row:
        info = self._infos.get(key)
        if info is not None:
            label = chip_text(info)
        else:
            label = Text(key)
        copies = 0
        if key in hand:
            copies = sum(1 for f in hand.values() if f.id == hand[key].id)
        if copies > 1:
            label.append(f" ×{copies}", style="bold")
        words = []
        for entry in menu_for(view, seat, actions):
            plain = entry.label.plain if isinstance(entry.label, Text) else entry.label
            words.append(plain.split(" it")[0])
        label.append("  " + " · ".join(dict.fromkeys(words)), style="dim")
        return Row(f"card:{key}", label, card=key)

    def _option_rows(self, view: View, seat: int, legal: list) -> list[Row]:
        rows = []
        said: set[str] = set()
        for action in legal:
            entry = entry_for(view, seat, action)
            label = entry.label if isinstance(entry.label, Text) else Text(entry.label)
            if label.plain in said:
                continue  # two copies of one card are one answer ("Block with X from hand")
            said.add(label.plain)
            ident = f"opt:{getattr(action, 'option', None) or getattr(action, 'character', '')}"
            rows.append(Row(ident, label, action=action))
        if len(rows) > MOVE_CAP:
            rest = rows[MOVE_CAP - 1 :]
            more = FollowUp(
                "More answers",
                tuple(MenuEntry(r.label, r.action, ident=r.ident) for r in rest),
            )
            rows = rows[: MOVE_CAP - 1] + [
                Row("more", Text(f"… {len(rest)} more answers (a menu)", style="bold"), action=more)
            ]
        return rows

    def _show_rows(self, view: View, seat: int | None) -> None:
        rows = self._build_rows(view, seat)
        shown = tuple((r.ident, r.label.plain) for r in rows)
        options = self._move_list()
        if options is None:  # (no seat has sat yet: nobody to show moves to)
            self._rows = rows
            return
        options.display = seat is not None
        title = {
            "decision": "Answer",
            "pick": "Choose",
            "main": "Cards with moves",
            "end": "End Phase",
            "wait": "Waiting",
            "over": "Game over",
        }.get(self.mode, "Moves")
        if options.border_title != title:  # (setting it repaints the panel, same or not)
            options.border_title = title
        if shown == self._rows_shown:
            return
        self._rows_shown = shown
        wanted = {"end": "e"}
        self._row_key_of = self._row_keys.assign([r.ident for r in rows], wanted)
        # listed in key order: a row keeps its key while shown, so after a move the keys
        # left are not in the order the rows were built in ("2) … 1) … 3)")
        rows = sorted(rows, key=lambda r: key_rank(self._row_key_of.get(r.ident, "")))
        self._rows = rows
        keep = options.highlighted
        options.clear_options()
        if not rows:
            empty = {
                "wait": "Watching: the moves show in the log."
                if self.watching
                else "Not your turn: the moves appear when it is.",
                "over": "The game is over.",
            }.get(self.mode, "Nothing to do.")
            options.add_option(Option(Text(empty, style="dim"), id="none", disabled=True))
            return
        items = []
        for n, row in enumerate(rows):
            key = self._row_key_of.get(row.ident, "")
            label = Text(f"{key}) " if key else "   ", style="bold")
            label.append_text(row.label)
            items.append(Option(label, id=str(n)))
        options.add_options(items)
        options.highlighted = keep if keep is not None and keep < len(rows) else 0

    def _row_card(self, n: int | None) -> CardInfo | None:
        """The card a row of the move panel opens or uses, if it is on the table."""
        if n is None or not 0 <= n < len(self._rows):
            return None
        row = self._rows[n]
        key = row.card
        view, seat = self._view, self.session.on_screen
        if key is None and row.action is not None and view is not None and seat is not None:
            key = card_key(view, seat, row.action)
        if key is None and view is not None and view.attack is not None:
            return self._attack_card(view)  # "Do not Block": the card that attacks
        return self._infos.get(key) if key else None

    def _attack_card(self, view: View) -> CardInfo | None:
        """The card on the table whose attack is waiting for a Block (the active player's
        play area first, where an attack card lies once played)."""
        name = view.attack.source.split(" (")[0]
        found = [i for i in self._infos.values() if not i.hidden and i.face.title == name]
        found.sort(key=lambda i: "play area" not in i.zone)
        return found[0] if found else None

    def _inspect_row(self, n: int | None) -> None:
        self._focused_info = self._row_card(n)
        self.inspect_now()
