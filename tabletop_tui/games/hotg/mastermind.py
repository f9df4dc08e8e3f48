"""Heroes of the Grid: Mastermind Mode (expansion rulebook, section "Mastermind Mode"):
Schemes, the combat grid and its marker.

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event
from . import models as m
from .effects import (
    SCHEME_TIMING_TEXT,
)
from .models import (
    Action,
    Decision,
    State,
)
from .state_ops import (
    GRID,
    SCHEME_HAND,
    _cat,
    bt,
    enemy_deck,
    mm_seat,
    pl,
    scheme_discard_prompt,
    set_enemy_deck,
    set_slot,
    shared,
    shuffle,
    upd,
)


class MastermindRules:
    def _draw_schemes(self, s: State, n: int, then: str, ev: list[Event]) -> State:
        """Scheme Cards: draw n (reshuffling the discards when the deck runs out); over the
        hand limit of three, the Mastermind discards (a decision; `then` resumes)."""
        drawn = 0
        for _ in range(n):
            if not s.scheme_deck:
                if not s.scheme_discard:
                    break
                cards, s = shuffle(s, s.scheme_discard)
                s = upd(s, scheme_deck=cards, scheme_discard=())
                ev.append(event(text="The Scheme discards are shuffled into a new deck"))
            s = upd(s, schemes=(*s.schemes, s.scheme_deck[0]), scheme_deck=s.scheme_deck[1:])
            drawn += 1
        ev.append(
            event(
                text=f"The Mastermind draws {drawn} Scheme card{'s' if drawn != 1 else ''}",
                kind="scheme",
                seat=mm_seat(s),
                barrier=True,
            )
        )
        return self._scheme_limit(s, then)

    def _scheme_limit(self, s: State, then: str) -> State:
        extra = len(s.schemes) - SCHEME_HAND
        if extra <= 0:
            return s
        return upd(
            s,
            decision=Decision(
                kind="scheme_discard",
                asked=(mm_seat(s),),
                amount=extra,
                then=then,
                prompt=scheme_discard_prompt(extra),
            ),
        )

    def _scheme_window(
        self, s: State, trigger: str, then: str, ev: list[Event], held: Decision | None = None
    ) -> State:
        """Offer the Mastermind a Scheme at this timing, but only when a Scheme in their hand
        can be played here (Ruling MM6): a window with nothing to play closes at once, like
        the auto-pass of a digital card game, so the keyboard is not handed over for it.
        Closed windows resume as a Pass would (`held`: the defence reveal waiting on it)."""
        mm = mm_seat(s)
        if mm is None or s.outcome is not None or s.battle is None:
            return s
        d = Decision(
            kind="scheme_window",
            asked=(mm,),
            trigger=trigger,
            then=then,
            held=held,
            prompt=f"Mastermind: play a Scheme? ({SCHEME_TIMING_TEXT[trigger]})",
        )
        # schemes_held: the Mastermind passes every window left in this battle
        if s.battle.schemes_held or not self._scheme_play_options(s, d):
            return self._resume(s, then, held, ev) if held is not None else s
        return upd(s, decision=d)

    def _resume(self, s: State, then: str, held: Decision | None, ev: list[Event]) -> State:
        """Carry on after a Mastermind decision closes."""
        if s.outcome is not None:
            return s
        if then == "deploy":
            return self._continue_deployment(s, ev)
        if then == "prep_draw" and s.battle is not None:
            return self._ask_prep_draw(s, s.battle.participants, ev)
        if then == "enemy_prep" and s.battle is not None:
            return self._enemy_prep(s, ev)
        if then == "reveal" and held is not None and s.battle is not None:
            return self._reveal_reactions(s, held, ev)
        if then == "start" and s.battle is not None:
            return self._battle_start(s, ev)
        if then == "move" and s.battle is not None:
            return self._ranger_turn(s, ev)
        return s

    def _grid_free(self, s: State) -> list[tuple[int, int]]:
        taken = {(sl.row, sl.col) for sl in s.battle.slots}
        return [(r, c) for r in range(GRID) for c in range(GRID) if (r, c) not in taken]

    def _marker_options(self, s: State) -> list[int]:
        """Where the combat marker may go: any card at first; after an enemy turn the
        nearest unresolved card in any direction (diagonals count: Ruling MM4)."""
        b = s.battle
        if b.marker < 0:
            return list(range(len(b.slots)))
        here = b.slots[b.marker]
        left = [i for i, sl in enumerate(b.slots) if not sl.resolved]
        if not left:
            return []

        def dist(i: int) -> int:
            o = b.slots[i]
            return max(abs(o.row - here.row), abs(o.col - here.col))

        near = min(dist(i) for i in left)
        return [i for i in left if dist(i) == near]

    def _scheme_play_options(self, s: State, d: Decision) -> list[Action]:
        cat = _cat(s)
        out: list[Action] = []
        b = s.battle
        for c in s.schemes:  # every copy: each is its own card
            sc = cat.scheme(c)
            if sc.timing != d.trigger:
                continue
            do = sc.effect.do
            if do == "toughen":
                out += [
                    shared(m.PlayScheme, card=c, target=i)
                    for i, sl in enumerate(b.slots)
                    if not sl.defeated
                ]
            elif do == "discard_random":
                out += [
                    shared(m.PlayScheme, card=c, seat=i)
                    for i in b.participants
                    if s.players[i].hand
                ]
            elif do == "peek":
                out += [
                    shared(m.PlayScheme, card=c, deck=dk) for dk, cards in s.enemy_decks if cards
                ]
            elif do == "reroll_all":
                if b.attack is not None and b.attack.rolled and not b.attack.dice_to_hits:
                    out.append(shared(m.PlayScheme, card=c))
            elif do == "shatter":
                if d.held is not None:
                    out.append(shared(m.PlayScheme, card=c))
            else:
                out.append(shared(m.PlayScheme, card=c))
        return out

    def _play_scheme(self, s: State, a: m.PlayScheme, d: Decision, ev: list[Event]) -> State:
        cat = _cat(s)
        mm = mm_seat(s)
        sc = cat.scheme(a.card)
        s = upd(
            s,
            schemes=tuple(c for c in s.schemes if c != a.card),
            scheme_discard=(*s.scheme_discard, a.card),
        )
        e = sc.effect
        held = d.held
        ev.append(
            event(
                text=f"SCHEME: the Mastermind plays {sc.name}: {sc.text}",
                kind="scheme",
                seat=mm,
                barrier=True,
                data={"scheme": a.card},
            )
        )
        b = s.battle
        if e.do == "toughen":
            sl = b.slots[a.target]
            s = set_slot(s, a.target, toughened=sl.toughened + e.n)
            ev.append(
                event(text=f"  {cat.enemy_card(sl.card).name} has +{e.n} health", kind="scheme")
            )
        elif e.do == "shatter":
            held = upd(held, malus=held.malus + e.n)
        elif e.do == "drain":
            s = self._drain(s, e.n, sc.name, ev)
        elif e.do == "reroll_all":
            att = b.attack
            rolled, s = self._roll(s, len(att.rolled))
            s = bt(s, attack=upd(att, rolled=rolled), last_roll=rolled)
            ev.append(
                event(
                    text=f"  {s.players[att.seat].name} rerolls all dice: {self._faces(rolled)}",
                    kind="dice",
                    barrier=True,
                    data={"dice": list(rolled), "fixed": att.hits},
                )
            )
        elif e.do == "discard_random":
            p = s.players[a.seat]
            for _ in range(e.n):
                if not p.hand:
                    break
                k, rng = s.rng.randint(0, len(p.hand) - 1)
                s = upd(s, rng=rng)
                c = p.hand[k]
                s = pl(s, a.seat, hand=p.hand[:k] + p.hand[k + 1 :], discard=(*p.discard, c))
                p = s.players[a.seat]
                ev.append(
                    event(
                        text=f"  {p.name} discards {cat.card(c).name} at random",
                        kind="scheme",
                        seat=a.seat,
                        barrier=True,
                    )
                )
        elif e.do == "peek":
            cards = enemy_deck(s, a.deck)
            top = cards[: e.n]
            s = set_enemy_deck(s, a.deck, cards[e.n :])
            return upd(
                s,
                decision=Decision(
                    kind="dark_tactics",
                    asked=(mm,),
                    picked=top,
                    source=a.deck,
                    then=d.then,
                    held=held,
                    prompt="Dark Tactics: return each card to the top or the bottom of the deck",
                ),
            )
        if s.outcome is not None or s.battle is None:
            return s
        return self._resume(s, d.then, held, ev)

    def _ask_grid(self, s: State) -> State:
        """Enemy preparation on the combat grid: the next card to place, then the marker."""
        b = s.battle
        mm = mm_seat(s)
        if b.to_place:
            name = _cat(s).enemy_card(b.to_place[0]).name
            return upd(
                s,
                decision=Decision(
                    kind="grid_place",
                    asked=(mm,),
                    source=b.to_place[0],
                    prompt=f"Mastermind: place {name} on an empty space of the combat grid",
                ),
            )
        return upd(
            s,
            decision=Decision(
                kind="marker",
                asked=(mm,),
                then="start",
                prompt="Mastermind: place the combat marker on an enemy card (the enemies go "
                "first only if it is FAST)",
            ),
        )
