"""Heroes of the Grid: Enemy turns and enemy card effects (base rules §5.3, §10-11).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event
from ...engine.fast import make
from .effects import (
    EnemyEffect,
)
from .models import (
    HQ,
    PSYCHOS,
    Decision,
    State,
    Step,
)
from .state_ops import (
    _cat,
    add_fs,
    best_value,
    bt,
    lead_seat,
    loc_index,
    passive_on,
    pl,
    seat_of,
    set_slot,
    shared,
    upd,
)


class EnemyRules:
    def _enemy_turn(self, s: State, ev: list[Event]) -> State:
        cat = _cat(s)
        b = s.battle
        order = sorted(range(len(b.slots)), key=lambda i: (b.slots[i].row, b.slots[i].col))
        active = next((i for i in order if not b.slots[i].resolved), None)
        if b.layout == "grid":  # Mastermind Mode: the card under the combat marker
            active = b.marker if 0 <= b.marker and not b.slots[b.marker].resolved else None
        if active is None:
            return bt(s, turn="rangers", final=True)
        sl = b.slots[active]
        card = cat.enemy_card(sl.card)
        s = set_slot(s, active, resolved=True)
        steps: list[Step] = []
        if sl.defeated:
            ev.append(
                event(
                    text=f"Enemy turn: {card.name} is defeated and does nothing",
                    kind="enemy",
                )
            )
            if passive_on(s, "path_of_flame"):
                ev.append(
                    event(
                        text="Path of Flame: a defeated card resolves: 3 damage",
                        kind="enemy",
                    )
                )
                steps.append(shared(Step, kind="damage", amount=3, source="Path of Flame"))
        else:
            ev.append(
                event(
                    text=f"Enemy turn: {card.name}: {card.text}",
                    kind="enemy",
                    data={"slot": active},
                )
            )
            steps += [
                make(Step, kind="effect", effect=e.model_dump(), slot=active, source=card.name)
                for e in card.effects
            ]
        steps.append(shared(Step, kind="end_enemy_turn"))
        return upd(s, queue=(*steps, *s.queue))

    def _rangers_in_battle(self, s: State) -> list[str]:
        return [r for i in s.battle.participants for r in s.players[i].rangers]

    def _enemy_effect(self, s: State, e: EnemyEffect, step: Step, ev: list[Event]) -> State:
        cat = _cat(s)
        b = s.battle
        if not b.participants:
            return s
        src = step.source
        if e.do == "damage":
            amount = e.n
            if e.per_fs:
                lo = s.locations[loc_index(s, b.location)] if b.location != HQ else None
                amount += lo.fs_count if lo else sum(n for _, n in s.hq_enemies)
            if e.psycho_double:
                lo = s.locations[loc_index(s, b.location)] if b.location != HQ else None
                if lo and sum(v in PSYCHOS for v in lo.villains) >= 2:
                    amount = 6
            if step.slot >= 0:  # Flanking: not on [PSYCHO] effects (no card deals them)
                amount += self._flanking(s, step.slot)
            steps: list[Step] = []
            if e.unless_discard:
                asked = tuple(i for i in b.participants if s.players[i].hand)
                if asked:
                    return upd(
                        s,
                        decision=Decision(
                            kind="cyber_slash",
                            asked=asked,
                            amount=amount,
                            source=src,
                            prompt=f"{src}: discard a card to cancel {amount} damage, or pass",
                        ),
                    )
            seats = self._targets(s, e.target, step.ref)
            if e.target == "other_than_attached" and seats:
                me = seat_of(s, step.ref)
                steps = [shared(Step, kind="damage", amount=amount, source=src, ref=f"not:{me}")]
            elif e.target == "two_different":
                if len(b.participants) == 1:
                    steps = [
                        Step(kind="damage", seat=b.participants[0], amount=amount, source=src)
                    ] * min(2, len(self._rangers_in_battle(s)))
                else:
                    steps = [
                        shared(Step, kind="damage", amount=amount, source=src),
                        shared(Step, kind="damage", amount=amount, source=src, ref="different"),
                    ]
            elif seats is None:
                steps = [shared(Step, kind="damage", amount=amount, source=src)] * e.times
            else:
                steps = [
                    shared(Step, kind="damage", seat=i, amount=amount, source=src)
                    for i in seats
                    for _ in range(e.times)
                ]
            return upd(s, queue=(*steps, *s.queue))
        if e.do == "drain":
            return self._drain(s, e.n, src, ev)
        if e.do == "discard":
            if e.target == "other_than_attached":  # "another Ranger": the team names one
                others = tuple(
                    dict.fromkeys(
                        i for i in b.participants for r in s.players[i].rangers if r != step.ref
                    )
                )
                if len(others) > 1:
                    return upd(
                        s,
                        decision=Decision(
                            kind="choose_ranger",
                            asked=(lead_seat(b),),
                            options=others,
                            then="enemy_discard",
                            trigger=e.what,
                            source=src,
                            prompt=f"{src}: which other Ranger discards ({e.what.replace('_', ' ')})?",
                        ),
                    )
            if e.target == "three_different" and len(self._rangers_in_battle(s)) > 3:
                return self._ask_three_different(s, e.what, src, (), ev)  # Ruling 16
            seats = self._targets(s, e.target, step.ref) or []
            for i in seats:
                s = self._enemy_discard(s, i, e.what, src, ev)
                if s.outcome or s.battle is None or s.decision is not None:
                    return s
            return s
        if e.do == "deploy_fs":
            fs_type = (
                cat.enemy_deck_of[b.slots[step.slot].card.split("#")[0]]
                if step.slot >= 0
                else "super_putty_patrollers"
            )
            if b.location == HQ:
                return upd(s, hq_enemies=add_fs(s.hq_enemies, fs_type, e.n))
            ev.append(
                event(
                    text=f"{src}: {e.n} {cat.decks[fs_type].name} deployed here",
                    kind="enemy",
                )
            )
            return self._place_fs(s, b.location, fs_type, e.n, ev)
        if e.do == "regenerate":
            deck = cat.enemy_deck_of[b.slots[step.slot].card.split("#")[0]]
            for k, sl in enumerate(b.slots):
                if sl.defeated and cat.enemy_deck_of[sl.card.split("#")[0]] == deck:
                    s = set_slot(s, k, defeated=False, hits=0)
                    ev.append(
                        event(
                            text=f"{src}: {cat.enemy_card(sl.card).name} is no longer defeated",
                            kind="enemy",
                        )
                    )
            return s
        if e.do == "psycho":
            steps = []
            for nid, ranger in s.battle.attached:
                if any(n.id == nid and n.status == "defeated" for n in s.nemeses):
                    continue
                ev.append(
                    event(
                        text=f"PSYCHO: {cat.nemeses[nid].name} ({cat.rangers[ranger].name}): {cat.nemeses[nid].text}",
                        kind="enemy",
                    )
                )
                steps += [
                    Step(
                        kind="effect",
                        effect=pe.model_dump(),
                        slot=-1,
                        source=cat.nemeses[nid].name,
                        ref=ranger,
                    )
                    for pe in cat.nemeses[nid].psycho
                ]
            return upd(s, queue=(*steps, *s.queue))
        return s

    def _targets(self, s: State, target: str, ref: str) -> list[int] | None:
        """Seats hit by an effect (one entry per Ranger: 2 Rangers of a player count twice);
        None: the team chooses (§5.7)."""
        b = s.battle
        parts = list(b.participants)
        if not parts:
            return []
        by_ranger = [(i, r) for i in parts for r in s.players[i].rangers]
        lead = lead_seat(b)
        if target == "choose":
            return None
        if target == "lead":
            return [lead]
        if target == "each":
            return [i for i, _ in by_ranger]
        if target == "others":
            return [i for i, r in by_ranger if r != b.lead_ranger]
        if target == "most_hand":
            return [max(parts, key=lambda i: (len(s.players[i].hand), i == lead, -i))]
        if target == "fewest_deck":
            return [min(parts, key=lambda i: (len(s.players[i].deck), i != lead, i))]
        if target == "three_different":
            ranked = sorted(by_ranger, key=lambda t: (len(s.players[t[0]].hand), t[0]))
            return [i for i, _ in ranked[:3]]
        if target == "attached":
            i = seat_of(s, ref)
            return [i] if i in parts else []
        if target == "other_than_attached":  # the team's pick (Ruling 15): the biggest deck
            others = [j for j, r in by_ranger if r != ref]
            if not others:
                return []
            return [max(others, key=lambda j: (len(s.players[j].deck), -j))]
        return None

    def _drain(self, s: State, n: int, src: str, ev: list[Event]) -> State:
        """Drain: the pool, then stored energy, then 1 hand card per energy (§5.5)."""
        b = s.battle
        take = min(n, b.pool)
        s = bt(s, pool=b.pool - take)
        ev.append(event(text=f"{src}: drain {take} from the pool", kind="enemy"))
        # the rest: stored energy, then a hand card per energy; whose is the team's pick
        # and the card the player's (Ruling 17)
        return self._drain_stored(s, n - take, src, ev)

    def _enemy_discard(self, s: State, i: int, what: str, src: str, ev: list[Event]) -> State:
        cat = _cat(s)
        p = s.players[i]
        if what in ("deck_top", "deck_bottom"):
            if not p.deck:
                return s
            c = p.deck[0] if what == "deck_top" else p.deck[-1]
            deck = p.deck[1:] if what == "deck_top" else p.deck[:-1]
            s = pl(s, i, deck=deck, discard=(*p.discard, c))
            ev.append(
                event(
                    text=f"{src}: {p.name} discards {cat.card(c).name} from their deck",
                    kind="enemy",
                    seat=i,
                )
            )
            return self._check_defeat(s, i, ev)
        if not p.hand:
            return s
        if what == "hand_random":
            k, rng = s.rng.randint(0, len(p.hand) - 1)
            s = upd(s, rng=rng)
            gone = [p.hand[k]]
        elif what == "hand_highest_cost":
            gone = [max(p.hand, key=lambda c: (best_value(s, c)[1], best_value(s, c)[0]))]
        elif what == "hand_highest_shield":
            gone = [max(p.hand, key=lambda c: best_value(s, c))]
        else:  # hand_keep_one: the card kept is the player's choice
            asked = self._ask_keep_one(s, i, src, ev)
            if asked is not None:
                return asked
            gone = list(p.hand[1:])
        hand = list(p.hand)
        for c in gone:
            hand.remove(c)
        ev.append(
            event(
                text=f"{src}: {p.name} discards {', '.join(cat.card(c).name for c in gone)}",
                kind="enemy",
                seat=i,
                barrier=what == "hand_random",
            )
        )
        return pl(s, i, hand=tuple(hand), discard=(*p.discard, *gone))
