"""Heroes of the Grid: Damage to Rangers (base rules §5.7) and a Ranger's defeat (§4.3).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event, event
from ...engine.fast import make
from .models import (
    HQ,
    Decision,
    State,
    Step,
)
from .state_ops import (
    HAND,
    MM_DECISIONS,
    _cat,
    bt,
    mm_seat,
    passive_on,
    pl,
    shared,
    shuffle,
    upd,
)


def damage_question(s: State, seat: int, amount: int) -> str:
    """The damage window's question, asked again with what is left after each reducer."""
    return f"{s.players[seat].name} will suffer {amount} damage: reduce it first?"


class DamageRules:
    def _ask_damage(self, s: State, step: Step, ev: list[Event]) -> State:
        b = s.battle
        options = tuple(b.participants)
        if step.ref.startswith("not:") and len(options) > 1:
            options = tuple(i for i in options if i != int(step.ref[4:]))
        if not options:
            return s
        if len(options) == 1:
            return self._damage(s, options[0], step.amount, step.source, ev)
        return upd(
            s,
            decision=make(
                Decision,
                kind="assign_damage",
                asked=(s.battle.lead if s.battle.lead in options else options[0],),
                options=options,
                amount=step.amount,
                source=step.source,
                prompt=f"{step.source}: which Ranger suffers {step.amount} damage?",
            ),
        )

    def _damage(self, s: State, seat: int, amount: int, src: str, ev: list[Event]) -> State:
        b = s.battle
        if b is None or seat not in b.participants or amount <= 0:
            return s
        ev.append(
            event(
                text=f"{src}: {s.players[seat].name} suffers {amount} damage",
                kind="damage",
                seat=seat,
            )
        )
        cat = _cat(s)
        asked = []
        for i in [seat, *(j for j in b.participants if j != seat)]:
            if any(
                cat.card(c).type == "reaction"
                and cat.card(c).trigger == "damage"
                and self._check_cost(s, c, 0) is None
                for c in s.players[i].hand
            ):
                asked.append(i)
        zords = self._team_zords(s)
        if (
            ("mega_v5" in zords and "mega_v5" not in s.power.exhausted)
            or ("mega_voyager" in zords and s.power.voyager > 0)
        ) and not asked:
            asked.append(seat)
        if asked:
            return upd(
                s,
                decision=make(
                    Decision,
                    kind="damage_window",
                    asked=tuple(asked),
                    seat=seat,
                    amount=amount,
                    source=src,
                    prompt=damage_question(s, seat, amount),
                ),
            )
        return upd(
            s, queue=(shared(Step, kind="reveal", seat=seat, amount=amount, source=src), *s.queue)
        )

    def _reveal(self, s: State, seat: int, amount: int, src: str, ev: list[Event]) -> State:
        """Reveal the top card for defence; ★ effects; then the reveal reactions (§5.7)."""
        cat = _cat(s)
        p = s.players[seat]
        if s.battle is None or seat not in s.battle.participants or amount <= 0 or not p.deck:
            return s
        c = p.deck[0]
        card = cat.card(c)
        s = pl(s, seat, deck=p.deck[1:])
        shields = card.shields - (1 if passive_on(s, "path_of_venom") else 0)
        ev.append(
            event(
                text=f"  {p.name} reveals {card.name} ({card.shields} shields) against {amount}",
                kind="defense",
                seat=seat,
                barrier=True,
                data={"card": c, "remaining": amount},
            )
        )
        held = make(
            Decision,
            kind="reveal_window",
            asked=(),
            seat=seat,
            amount=amount,
            card=c,
            source=src,
            prompt=f"{p.name} revealed {card.name}: react?",
        )
        return self._reveal_effects(s, held, 0, shields, ev)

    def _reveal_effects(
        self, s: State, held: Decision, start: int, shields: int, ev: list[Event]
    ) -> State:
        """The revealed card's ★ effects from the `start`-th on (a ★ hit of the player's
        choice asks, then comes back here), then the reveal reactions."""
        amount = held.amount
        card = _cat(s).card(held.card)
        for k, e in enumerate(card.defense):
            if k < start:
                continue
            if e.do == "hit_any":  # "an enemy card of your choice" (Ruling 23)
                s, asked = self._star_hit(s, held, k, e.n, shields, ev)
                if asked:
                    return s
            elif e.do == "gain_energy":
                ev.append(event(text=f"  ★ {card.name}: +{e.n} energy", kind="defense"))
                s = self._gain(s, e.n)
            elif e.do == "shield_or_energy":
                if shields < amount and shields + e.n >= amount:
                    shields += e.n
                    ev.append(event(text=f"  ★ {card.name}: +{e.n} shield", kind="defense"))
                else:
                    s = self._gain(s, e.n)
                    ev.append(event(text=f"  ★ {card.name}: +{e.n} energy", kind="defense"))
            elif e.do == "pay_for_shields" and s.battle.pool >= 1 and shields < amount:
                s = bt(s, pool=s.battle.pool - 1)
                shields += e.n
                ev.append(
                    event(
                        text=f"  ★ {card.name}: pay 1 energy for +{e.n} shields",
                        kind="defense",
                    )
                )
        if s.battle is None or s.outcome:
            return s
        d = upd(held, picked=(), limit=max(shields, 0))
        if mm_seat(s) is not None and s.schemes:  # Shatter Defenses
            return self._scheme_window(s, "defense_reveal", "reveal", ev, held=d)
        return self._reveal_reactions(s, d, ev)

    def _reveal_reactions(self, s: State, d: Decision, ev: list[Event]) -> State:
        cat = _cat(s)
        seat = d.seat
        if s.battle is None or seat not in s.battle.participants:
            return s
        asked = []
        for i in s.battle.participants:
            for h in s.players[i].hand:
                hc = cat.card(h)
                if (
                    hc.type == "reaction"
                    and (hc.trigger == "any_reveal" or (hc.trigger == "own_reveal" and i == seat))
                    and self._check_cost(s, h, 0) is None
                ):
                    asked.append(i)
                    break
        if asked:
            return upd(s, decision=upd(d, asked=tuple(asked)))
        return self._settle_reveal(s, d, ev)

    def _settle_reveal(
        self, s: State, d: Decision, ev: list[Event], ordered: bool = False
    ) -> State:
        cat = _cat(s)
        seat, c = d.seat, d.card
        if d.malus and d.double and not ordered:
            # a Scheme and a Ranger card resolve at once: the Mastermind orders them
            return upd(
                s,
                decision=Decision(
                    kind="order_effects",
                    asked=(mm_seat(s),),
                    held=d,
                    prompt="Mastermind: Shatter Defenses and a Ranger's card resolve at once - "
                    "which first?",
                ),
            )
        if d.double:
            shields = (d.limit - d.malus) * 2 if d.scheme_first else d.limit * 2 - d.malus
        else:
            shields = d.limit - d.malus
        shields = max(shields, 0)
        p = s.players[seat]
        remaining = d.amount
        if shields > remaining:
            if d.to_hand:
                s = pl(s, seat, hand=(*p.hand, c))
            else:
                s = pl(s, seat, deck=(*p.deck, c))
            ev.append(
                event(
                    text=f"  {cat.card(c).name} stops it"
                    + (" (to hand)" if d.to_hand else " (to the bottom of the deck)"),
                    kind="defense",
                )
            )
            return self._check_defeat(s, seat, ev)
        if d.to_hand:
            s = pl(s, seat, hand=(*p.hand, c))
        else:
            s = pl(s, seat, discard=(*p.discard, c))
        remaining -= shields
        s = self._check_defeat(s, seat, ev)
        if (
            remaining > 0
            and s.outcome is None
            and s.battle is not None
            and seat in s.battle.participants
        ):
            s = upd(
                s,
                queue=(
                    shared(Step, kind="reveal", seat=seat, amount=remaining, source=d.source),
                    *s.queue,
                ),
            )
        return s

    def _check_defeat(self, s: State, seat: int, ev: list[Event]) -> State:
        """A Ranger whose deck is empty is defeated and respawns at the Command Center (§4.3)."""
        p = s.players[seat]
        if p.deck or s.outcome:
            return s
        if s.hq_energy == 0:
            return self._lose(
                s, f"{p.name} was defeated with no energy left on the Command Center.", ev
            )
        s = upd(s, hq_energy=s.hq_energy - 1)
        cards, s = shuffle(s, p.hand + p.discard)
        hs = 7 if len(p.rangers) == 2 else HAND
        s = pl(
            s,
            seat,
            location=HQ,
            deck=cards[hs:],
            hand=cards[:hs],
            discard=(),
            stored=len(p.rangers),
            defeats=p.defeats + 1,
        )
        ev.append(
            event(
                text=f"{p.name} is DEFEATED and respawns at the Command Center (Command Center energy: {s.hq_energy})",
                kind="defeat",
                seat=seat,
                barrier=True,
            )
        )
        b = s.battle
        if b is not None and seat in b.participants:
            parts = tuple(i for i in b.participants if i != seat)
            kw: dict[str, Any] = {"participants": parts}
            if b.lead == seat and parts:
                kw["lead"] = parts[0]
                kw["lead_ranger"] = s.players[parts[0]].rangers[0]
                ev.append(
                    event(
                        text=f"The lead Ranger token passes to {s.players[parts[0]].name}",
                        kind="battle",
                    )
                )
            s = bt(s, **kw)
            if (
                s.decision is not None
                and s.decision.kind != "recover"
                and s.decision.kind not in MM_DECISIONS
            ):
                asked = tuple(i for i in s.decision.asked if i in parts)
                s = upd(
                    s,
                    decision=upd(s.decision, asked=asked)
                    if asked and s.decision.seat != seat
                    else None,
                )
            if not parts:
                ev.append(event(text="Every Ranger in the battle is defeated", kind="battle"))
                return upd(s, queue=(), decision=None)
        return s
