"""Heroes of the Grid's move-list keys: a key means one move for as long as it is offered,
and a freed key waits before it means another (issue 36)."""

from __future__ import annotations

from ...widgets.card_menu import StableKeys

#: the move list's keys: 1-9, then 0. The list shows one row fewer than this at most
#: (moves.TOP_LEVEL_CAP), so even while the last move's key rests every row has a key.
LIST_KEYS = "1234567890"


class LastingKeys(StableKeys):
    """The move list's keys. A move keeps its key for as long as it is offered. A move new
    on the list takes the key it had when last offered if that is free (back after a
    question), else a key never used yet, else the key freed the longest ago; a list with
    none of the moves before (a new phase) starts afresh from the lowest keys. The key that
    made the last move rests until one more move is made: pressed twice, it never makes a
    second, different move."""

    def __init__(self, pool: str = LIST_KEYS):
        super().__init__(pool)
        #: each freed key, the longest freed first
        self.freed: list[str] = []
        #: the key each move had when last offered (it takes it again if free)
        self.last: dict[str, str] = {}

    def assign(  # type: ignore[override]
        self, idents, wanted: dict[str, str] | None = None, resting: str = ""
    ) -> dict[str, str]:
        idents = list(idents)
        if not any(ident in self.keys for ident in idents):  # a new list (a new phase)
            self.keys, self.freed = {}, []
        for ident, key in self.keys.items():
            if ident not in idents and key not in self.freed:
                self.freed.append(key)
        self.keys = {i: k for i, k in self.keys.items() if i in idents}
        taken = set(self.keys.values())
        self.freed = [k for k in self.freed if k not in taken]
        fresh = [k for k in self.pool if k not in taken and k not in self.freed and k != resting]
        free = fresh + [k for k in self.freed if k != resting]
        for ident in idents:
            if ident in self.keys or not free:
                continue
            key = self.last.get(ident, "")  # a move back on the list: its key of before
            key = free.pop(free.index(key)) if key in free else free.pop(0)
            if key in self.freed:
                self.freed.remove(key)
            self.keys[ident] = key
        self.last.update(self.keys)
        return {i: self.keys[i] for i in idents if i in self.keys}
