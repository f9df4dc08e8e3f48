"""Heroes of the Grid: the Rangers' cards: attacks, maneuvers, hits on enemy cards (base rules
§5.6, §5.8).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event
from ...engine.core import replace_at
from ...engine.fast import make
from ...engine.rng import Deal
from . import models as m
from .choices import CHOICE_TARGETS
from .models import (
    HQ,
    Attack,
    Decision,
    NextAttack,
    State,
    Step,
)
from .state_ops import (
    _cat,
    add_fs,
    ask,
    best_value,
    bt,
    card_cost,
    loc_index,
    mm_seat,
    passive_on,
    pl,
    set_loc,
    set_slot,
    shared,
    shuffle,
    upd,
)


class RangerCardRules:
    def _cut_short(self, s: State, seat: int, card: str) -> State:
        """A play that stops half-way (its Ranger defeated by its own cost, the battle over)
        still leaves its card in the discard pile, after any respawn: no card leaves the game."""
        if s.outcome:
            return s
        return pl(s, seat, discard=(*s.players[seat].discard, card))

    def _play(self, s: State, seat: int, a: m.PlayCard, ev: list[Event]) -> State:
        cat = _cat(s)
        card = cat.card(a.card)
        b = s.battle
        p = s.players[seat]
        extra = b.extra if b.played else None
        boost = card.boost if a.boost else None
        cost = (
            0 if boost is not None and boost.do == "boost_alt_cost" else card_cost(s, a.card, a.x)
        )
        played = dict(pool=b.pool - cost, played=True, extra=None)
        # Mega V1 answers a maneuver (an attack ends the moment of the card before)
        played["mega_v1_card"] = (seat, a.card) if card.type == "maneuver" else None
        if extra and extra.ability_of:
            played["used_abilities"] = (*b.used_abilities, extra.ability_of)
        # Path of Cruelty: the first card each Ranger plays this battle (read off the slots)
        cruelty = passive_on(s, "path_of_cruelty") and seat not in b.have_played
        if not cruelty:  # (recorded below otherwise, after its discard)
            played["have_played"] = (*b.have_played, seat)
        # the cost, the card out of the hand and the play's record in one copy of the state
        s = upd(
            s,
            battle=upd(b, **played),
            players=replace_at(
                s.players, seat, upd(p, hand=tuple(c for c in p.hand if c != a.card))
            ),
        )
        xs = f" (X={a.x})" if card.cost == "X" else ""
        ev.append(
            event(
                text=f"{p.name} plays {card.name}{xs}",
                seat=seat,
                kind="card",
                data={"card": a.card, "target": a.target},
            )
        )
        if cruelty:
            q = s.players[seat]
            if q.deck:
                ev.append(
                    event(
                        text=f"Path of Cruelty: {q.name} discards the top card of their deck",
                        kind="enemy",
                    )
                )
                s = pl(s, seat, deck=q.deck[1:], discard=(*q.discard, q.deck[0]))
                s = self._check_defeat(s, seat, ev)
                if s.outcome or s.battle is None or seat not in s.battle.participants:
                    return s
            s = bt(s, have_played=(*s.battle.have_played, seat))
        # option costs; discards of the player's choice (Lunar Lance, Meteor Smash) are asked
        # for before anything else of the play happens (`ask` heads the queue)
        discards = 0
        reward = boost is not None and boost.do == "boost_discard_hand" and boost.energy > 0
        if boost is not None:
            q = s.players[seat]
            if boost.do in ("boost_alt_cost", "boost_discard_hand"):
                discards = boost.n if boost.do == "boost_alt_cost" else 1
            elif boost.do == "boost_hand_to_top":
                top = max(q.hand, key=lambda c: best_value(s, c))
                s = pl(s, seat, hand=tuple(c for c in q.hand if c != top), deck=(top, *q.deck))
            elif boost.do == "boost_discard_top":
                s = pl(s, seat, deck=q.deck[1:], discard=(*q.discard, q.deck[0]))
                s = self._check_defeat(s, seat, ev)
                if s.outcome or s.battle is None or seat not in s.battle.participants:
                    return self._cut_short(s, seat, a.card)
        ask = (
            (
                Step(
                    kind="ask",
                    ref="discard_for_reward" if reward else "discard_from_hand",
                    seat=seat,
                    amount=discards,
                    source=card.name,
                ),
            )
            if discards
            else ()
        )
        if card.type == "maneuver":
            s = upd(s, queue=(*ask, *s.queue))  # (no maneuver has such a discard today)
            for e in card.effects:
                s = self._maneuver_effect(s, seat, e, a, ev)
                if s.outcome or s.battle is None:
                    return self._cut_short(s, seat, a.card)
            return upd(
                s,
                queue=(
                    *s.queue,
                    shared(Step, kind="card_done", seat=seat, ref=a.card, amount=int(a.boost)),
                ),
            )
        # an attack
        bonus_dice = 0
        q = s.players[seat]
        for e in card.effects:
            if e.do == "dice_if_discard" and len(q.discard) >= e.at_least:
                bonus_dice += e.n
            if e.do == "dice_minus_hand":
                bonus_dice -= max(0, len(q.hand) - discards)
            if e.do == "boost_discard_top" and a.boost:
                bonus_dice += e.n
            if e.do == "boost_discard_hand" and a.boost:
                bonus_dice += e.n
        hits = card.hits
        if any(e.do == "hits_per_energy" for e in card.effects):
            hits += a.x
        if any(e.do == "hits_from_shields" for e in card.effects):
            if q.deck:
                hits += cat.card(q.deck[0]).shields
                ev.append(
                    event(
                        text=f"  reveals {cat.card(q.deck[0]).name} from the deck top",
                        barrier=True,
                    )
                )
            if any(e.do == "hits_from_shields" and e.hand for e in card.effects) and q.hand:
                hits += max(cat.card(c).shields for c in q.hand)
        att = make(
            Attack,
            seat=seat,
            card=a.card,
            target=a.target,
            dice=max(0, card.dice + bonus_dice),
            hits=hits,
            ignore_guard=any(e.do == "ignore_guard" for e in card.effects),
            reroll=any(e.do == "reroll_dice" for e in card.effects) or bool(extra and extra.reroll),
            dice_to_hits=bool(extra and extra.dice_to_hits),
            boost=a.boost,
            x=a.x,
        )
        s = self._launch_attack(s, att, ev)
        if ask:
            s = upd(s, queue=(*ask, *s.queue))
        # "the next attack this battle gets ...": this attack has taken the waiting
        # bonuses, so the card's own bonus waits for the one after it
        for e in card.effects:
            if e.do == "next_attack":
                s = self._maneuver_effect(s, seat, e, a, ev)
        return s

    def _launch_attack(self, s: State, att: Attack, ev: list[Event]) -> State:
        b = s.battle
        buffs = b.buffs
        att = upd(
            att,
            dice=att.dice + buffs.dice,
            hits=att.hits + buffs.hits,
            reroll=att.reroll or buffs.reroll,
        )
        if buffs.dice_for_hits:
            k = min(buffs.dice_for_hits, att.dice)
            att = upd(att, dice=att.dice - k, hits=att.hits + k)
        if buffs.die_for_hits:  # Mega V3 acts after the roll (`_roll_done`)
            att = upd(att, die_for_hits=buffs.die_for_hits)
        steps = []
        cat = _cat(s)
        # Path of Thorns: attacking it or a card adjacent to it costs 2 damage
        for k, sl in enumerate(s.battle.slots):
            if (
                not sl.defeated
                and cat.enemy_card(sl.card).passive == "path_of_thorns"
                and (k == att.target or att.target in self._adjacent(s, k))
            ):
                steps.append(
                    shared(Step, kind="damage", seat=att.seat, amount=2, source="Path of Thorns")
                )
        card = cat.card(att.card) if att.card else None
        if card is not None and any(e.do == "hits_per_energy" for e in card.effects):
            att = upd(att, targets=(att.target,))
            steps.append(shared(Step, kind="targets"))  # Blade Blaster: every target up front
        steps.append(shared(Step, kind="window", ref="attack"))  # Astro Blaster, any Ranger
        steps += [
            shared(Step, kind="roll"),
            shared(Step, kind="hits"),
            shared(Step, kind="after_attack"),
        ]
        if mm_seat(s) is not None:  # Foul the Odds: "when any Ranger makes an attack"
            steps.insert(-2, shared(Step, kind="scheme_window", ref="ranger_attack"))
        if att.card:
            steps.append(
                shared(Step, kind="card_done", seat=att.seat, ref=att.card, amount=int(att.boost))
            )
        else:
            steps.append(shared(Step, kind="card_done", seat=att.seat, ref=""))
        # the buffs taken, the attack and its steps in one copy of the state
        return upd(s, battle=upd(b, buffs=shared(NextAttack), attack=att), queue=(*steps, *s.queue))

    def _roll(self, s: State, n: int) -> tuple[tuple[int, ...], State]:
        out, rng = self._roll_faces(s, n)
        return out, upd(s, rng=rng) if n else s

    def _roll_faces(self, s: State, n: int):
        """`_roll`'s faces and generator, the state left to the caller to copy."""
        faces = _cat(s).dice
        deal = Deal(s.rng)  # (the same rolls as `Rng.d6` in a row, one Rng at the end)
        return tuple([faces[deal.randint(1, 6) - 1] for _ in range(n)]), deal.rng

    @staticmethod
    def _faces(rolled: tuple[int, ...]) -> str:
        return " ".join({0: "○", 1: "¤", 2: "¤¤"}.get(v, str(v)) for v in rolled) or "-"

    def _attack_roll(self, s: State, ev: list[Event]) -> State:
        att = s.battle.attack
        if att is None:
            return s
        changes = {}
        if att.dice_to_hits:
            rolled = (1,) * att.dice
        elif att.dice:  # `_roll`, with the roll and the attack in one copy of the state
            rolled, changes["rng"] = self._roll_faces(s, att.dice)
        else:
            rolled = ()
        s = upd(s, battle=upd(s.battle, attack=upd(att, rolled=rolled)), **changes)
        # "may reroll any dice" (Ruling 22): the attacker picks the dice, per source
        sources = self._reroll_sources(s) if rolled and not att.dice_to_hits else ()
        if sources:
            ev.append(
                event(
                    text=f"  roll {self._faces(rolled)}",
                    kind="dice",
                    barrier=True,
                    data={"dice": list(rolled), "fixed": att.hits},
                )
            )
        return self._ask_reroll(s, sources, ev)

    def _attack_hits(self, s: State, ev: list[Event]) -> State:
        att = s.battle.attack
        if att is None:
            return s
        total = sum(att.rolled) + att.hits
        target = att.target
        if len(att.targets) > 1:  # Blade Blaster: the attacker divides the hits
            return self._divide_hits(s, (), total, ev)
        s = self._deal_hits(s, target, total, att.seat, ev)
        return self._after_hits(s, ev)

    def _hit_options(self, s: State, picked: tuple[str, ...]) -> list[int]:
        """The chosen targets the next hit may go to: those the hits given so far would not
        defeat yet (all the undefeated ones once every target is covered)."""
        b = s.battle
        given = [int(g) for g in picked]
        alive = [t for t in b.attack.targets if not b.slots[t].defeated]
        short = [t for t in alive if b.slots[t].hits + given.count(t) < self.health(s, t)]
        return short or alive

    def _more_targets(self, s: State) -> list[int]:
        att = s.battle.attack
        if att is None:
            return []
        buffs = shared(NextAttack, ignore_guard=att.ignore_guard)
        return [
            i
            for i in range(len(s.battle.slots))
            if i not in att.targets and self._check_target(s, i, buffs, att.seat) is None
        ]

    def _divide_hits(self, s: State, given: tuple[str, ...], total: int, ev: list[Event]) -> State:
        """Blade Blaster: the hits go one at a time to the targets chosen up front; when
        only one target is left to choose from, the rest go to it. Each target then takes
        its hits at once, in the order first given."""
        options = self._hit_options(s, given)
        left = total - len(given)
        if left > 0 and len(options) > 1:
            att = s.battle.attack
            return ask(
                s,
                att.seat,
                "divide_hits",
                amount=total,
                picked=given,
                prompt=f"Blade Blaster: {left} hit(s) left to divide - which target takes "
                "the next one?",
            )
        s = upd(s, decision=None)
        att = s.battle.attack
        if left > 0 and options:
            given = (*given, *(str(options[0]),) * left)
        order: list[int] = []
        for g in given:
            if int(g) not in order:
                order.append(int(g))
        for t in order:
            s = self._deal_hits(s, t, given.count(str(t)), att.seat, ev)
            if s.battle is None or s.outcome:
                return s
        return self._after_hits(s, ev)

    def _after_hits(self, s: State, ev: list[Event]) -> State:
        """An attack's hits are dealt: its follow-ups (splashes, a second attack, Hip-Hop
        Kido)."""
        cat = _cat(s)
        if s.battle is None or s.outcome:
            return s
        att = s.battle.attack
        card = cat.card(att.card) if att.card else None
        effects = card.effects if card else ()
        target = att.target
        defeated = s.battle.slots[target].defeated
        s = bt(s, attack=upd(att, defeated_target=defeated))
        rolled = sorted(att.rolled, reverse=True)
        # the attacker aims the splashes (and Hip-Hop Kido): asked once this step is done
        asks: list[Step] = []
        name = card.name if card else ""
        for e in effects:
            if e.do == "splash_adjacent":
                amount = sum(rolled[: e.best_dice]) if e.best_dice else e.n
                adj = [k for k in self._adjacent(s, target) if not s.battle.slots[k].defeated]
                if e.each and e.best_dice:  # Power Axe: the attacker picks the dice
                    asks.append(
                        shared(
                            Step,
                            kind="ask",
                            ref="axe_dice",
                            seat=att.seat,
                            slot=target,
                            source=name,
                        )
                    )
                elif e.each:
                    for k in adj:
                        s = self._deal_hits(s, k, amount, att.seat, ev)
                else:  # one hit at a time, each to an adjacent card of the attacker's choice
                    ask = shared(
                        Step, kind="ask", ref="splash_adjacent", seat=att.seat, slot=target
                    )
                    asks.append(upd(ask, amount=amount, source=name))
            elif e.do == "splash_far" and (not e.on_miss or 0 in att.rolled):
                amount = sum(rolled[: e.best_dice]) if e.best_dice else e.n
                ask = shared(Step, kind="ask", ref="splash_far", seat=att.seat, slot=target)
                asks.append(upd(ask, amount=amount, source=name, effect={"picks": e.targets}))
            elif e.do == "second_attack":
                go = (e.when == "defeat" and defeated) or (
                    e.when == "survive" and not defeated and att.boost
                )
                if go and e.when == "defeat":  # Sabertooth Strike: "may", at a chosen card
                    ask = shared(Step, kind="ask", ref="second_attack", seat=att.seat, amount=e.n)
                    asks.append(upd(ask, source=name))
                elif go:
                    if e.pay:
                        s = bt(s, pool=s.battle.pool - e.pay)
                    t = target if not defeated else self._next_target(s)
                    if t is not None:
                        rolled2, s = self._roll(s, e.n)
                        ev.append(
                            event(
                                text=f"  second attack: {self._faces(rolled2)}",
                                kind="dice",
                                barrier=True,
                            )
                        )
                        s = self._deal_hits(s, t, sum(rolled2), att.seat, ev)
            if s.battle is None or s.outcome:
                return s
        if att.splash:
            for k in self._adjacent(s, target):
                if not s.battle.slots[k].defeated:
                    s = self._deal_hits(s, k, att.splash, att.seat, ev)
        # Hip-Hop Kido: Zack may give 1 hit to a card adjacent to the one he defeated
        p = s.players[att.seat]
        if defeated and "zack" in p.rangers and "zack" not in s.battle.used_abilities:
            asks.append(
                shared(Step, kind="ask", ref="hip_hop_kido", seat=att.seat, slot=target, amount=1)
            )
        if asks:
            s = upd(s, queue=(*asks, *s.queue))
        return s

    def _target_step(self, s: State, step: Step, ev: list[Event]) -> State:
        """A queued splash / Hip-Hop Kido / Quick Shot reaches the front: ask its aim."""
        b = s.battle
        if step.ref == "quick_shot":
            opts = tuple(range(len(b.slots)))
            return self._ask_target(
                s,
                step.seat,
                opts,
                1,
                1,
                True,
                "quick_shot",
                "Quick Shot",
                "Quick Shot: give 1 hit to an enemy card of your choice (not an attack), or pass",
                ev,
            )
        adj = tuple(self._adjacent(s, step.slot))
        if step.ref == "hip_hop_kido":
            return self._ask_target(
                s,
                step.seat,
                adj,
                1,
                1,
                True,
                "hip_hop_kido",
                "Hip-Hop Kido",
                "Hip-Hop Kido: give 1 hit to an enemy card adjacent to the one defeated, or pass",
                ev,
            )
        if step.ref == "splash_adjacent":
            return self._ask_target(
                s,
                step.seat,
                adj,
                1,
                step.amount,
                False,
                "splash_adjacent",
                step.source,
                f"{step.source}: give 1 hit to an enemy card adjacent to the target",
                ev,
            )
        far = tuple(k for k in range(len(b.slots)) if k != step.slot and k not in adj)
        picks = (step.effect or {}).get("picks", 1)
        return self._ask_target(
            s,
            step.seat,
            far,
            step.amount,
            picks,
            True,
            "splash_far",
            step.source,
            f"{step.source}: give {step.amount} hit(s) to an enemy card not adjacent to the "
            f"target (up to {picks} different cards), or pass",
            ev,
        )

    def _ask_target(
        self,
        s: State,
        seat: int,
        options: tuple[int, ...],
        amount: int,
        picks: int,
        optional: bool,
        then: str,
        source: str,
        prompt: str,
        ev: list[Event],
    ) -> State:
        """Ask `seat` which card of `options` takes `amount` hits (`picks` times); with one
        card left and no way to decline, the hits simply go there."""
        while True:
            if s.outcome or s.battle is None or picks <= 0 or amount <= 0:
                return s
            live = tuple(k for k in options if not s.battle.slots[k].defeated)
            if not live:
                return s
            if optional or len(live) > 1:
                return ask(
                    s,
                    seat,
                    "choose_target",
                    options=live,
                    amount=amount,
                    limit=picks,
                    optional=optional,
                    then=then,
                    source=source,
                    prompt=prompt,
                )
            s = self._deal_hits(s, live[0], amount, seat, ev)
            picks -= 1

    def _aimed_hits(self, s: State, d: Decision, slot: int, ev: list[Event]) -> State:
        """The hits of a `choose_target` question go to `slot`; ask again while any are left."""
        s = upd(s, decision=None)
        if d.then in CHOICE_TARGETS:
            return self._choice_target(s, d, slot, ev)
        if d.then == "hip_hop_kido":
            s = bt(s, used_abilities=(*s.battle.used_abilities, "zack"))
        name = _cat(s).enemy_card(s.battle.slots[slot].card).name
        ev.append(event(text=f"  {d.source}: {d.amount} hit(s) on {name}", kind="battle"))
        s = self._deal_hits(s, slot, d.amount, d.seat, ev)
        if s.outcome or s.battle is None:
            return s
        if s.battle.turn == "prep" and self._all_defeated(s):  # Quick Shot took the last one
            return self._cleanup(upd(s, queue=()), ev)
        options = tuple(k for k in d.options if d.then != "splash_far" or k != slot)
        return self._ask_target(
            s, d.seat, options, d.amount, d.limit - 1, d.optional, d.then, d.source, d.prompt, ev
        )

    def _next_target(self, s: State) -> int | None:
        """The engine's pick for an extra target: a targetable card closest to defeat."""
        b = s.battle
        cands = [
            i for i in range(len(b.slots)) if not b.slots[i].defeated and not self._guarded(s, i)
        ]
        return self._weakest(s, None, cands) if cands else None

    def _flanking(self, s: State, source: int) -> int:
        """Flanking: +1 damage per undefeated Flanking card other than the one dealing it."""
        cat = _cat(s)
        return sum(
            1
            for k, sl in enumerate(s.battle.slots)
            if k != source and not sl.defeated and cat.enemy_card(sl.card).passive == "flanking"
        )

    def _deal_hits(self, s: State, i: int, n: int, by: int | None, ev: list[Event]) -> State:
        """`n` hits on slot `i`; `by` is the seat of the Ranger dealing them (None: a Zord),
        the one Lion Shield strikes back at."""

        cat = _cat(s)
        b = s.battle
        sl = b.slots[i]
        card = cat.enemy_card(sl.card)
        if sl.defeated or n <= 0:
            return s
        deck = cat.enemy_deck_of[sl.card.split("#")[0]]
        # Teleport: no hits to the other Madame Woe cards
        for k, o in enumerate(b.slots):
            if (
                k != i
                and not o.defeated
                and cat.enemy_card(o.card).passive == "teleport"
                and cat.enemy_deck_of[o.card.split("#")[0]] == deck
            ):
                ev.append(event(text=f"  Teleport: {card.name} cannot be hit", kind="enemy"))
                return s
        hits = sl.hits + n
        health = self.health(s, i)
        ev.append(
            event(
                text=f"  {n} hit(s) on {card.name} ({min(hits, health)}/{health})",
                kind="hits",
                data={"slot": i},
            )
        )
        if card.passive == "lion_shield" and by is not None:
            # §10: every hit a Ranger deals to it comes back as damage, Flanking included (FAQ)
            back = n + self._flanking(s, i)
            s = upd(
                s,
                queue=(
                    shared(Step, kind="damage", seat=by, amount=back, source="Lion Shield"),
                    *s.queue,
                ),
            )
        if hits >= health:
            s = set_slot(s, i, hits=0, defeated=True)
            ev.append(
                event(text=f"  {card.name} is DEFEATED", kind="defeat_enemy", data={"slot": i})
            )
            if cat.decks[deck].kind == "foot_soldier":
                s = self._fs_defeated(s, deck, ev)
        else:
            s = set_slot(s, i, hits=hits)
        return s

    def _fs_defeated(self, s: State, fs_type: str, ev: list[Event]) -> State:
        b = s.battle
        if b.location == HQ:
            s = upd(s, hq_enemies=add_fs(s.hq_enemies, fs_type, -1))
        else:
            i = loc_index(s, b.location)
            lo = s.locations[i]
            if dict(lo.fs).get(fs_type, 0) < 1:
                return s
            s = set_loc(s, i, fs=add_fs(lo.fs, fs_type, -1))
        return self._gain_experience(s, 1, ev)

    def _maneuver_effect(self, s: State, seat: int, e, a: m.PlayCard, ev: list[Event]) -> State:
        b = s.battle
        if e.do == "gain_energy":
            return self._gain(s, e.n)
        if e.do == "roll_energy":
            rolled, s = self._roll(s, e.n)
            ev.append(
                event(
                    text=f"  roll {self._faces(rolled)}: +{sum(rolled)} energy",
                    kind="dice",
                    barrier=True,
                )
            )
            return self._gain(s, sum(rolled))
        if e.do == "discard_to_top":  # Tenacity: put n discards on top, in any order
            return self._ask_to_top(s, seat, e.n, _cat(s).card(a.card).name, optional=False)
        if e.do == "draw":
            return self._draw(s, seat, e.n, ev)
        if e.do == "hand_to_top_any":  # Rising Moon: none, some or all of the hand, in turn
            if not s.players[seat].hand or seat not in s.battle.participants:
                return s
            name = _cat(s).card(a.card).name
            return ask(
                s,
                seat,
                "hand_to_top",
                optional=True,
                then="any_number",  # (the views carry `then`, not `optional`)
                source=name,
                prompt=f"{name}: put a card from your hand on top of your deck (as many "
                "as you like, one at a time), or pass",
            )
        if e.do == "tutor":  # Knowledge Is Power: a chosen Ranger searches their deck
            name = _cat(s).card(a.card).name
            return upd(
                s,
                decision=Decision(
                    kind="choose_ranger",
                    asked=(seat,),
                    options=tuple(s.battle.participants),
                    then="tutor",
                    source=name,
                    prompt=f"{name}: which Ranger looks through their deck for a card?",
                ),
            )
        if e.do == "grant_attack":
            return bt(s, granted=(seat, e.n, e.splash))
        if e.do == "next_attack":
            return bt(
                s,
                buffs=upd(
                    b.buffs,
                    dice=b.buffs.dice + e.n,
                    ignore_guard=b.buffs.ignore_guard or e.ignore_guard,
                ),
            )
        if e.do == "stun":
            cat = _cat(s)
            targets = [a.target]
            if (
                cat.decks[cat.enemy_deck_of[b.slots[a.target].card.split("#")[0]]].kind
                == "foot_soldier"
            ):
                others = [
                    k
                    for k, sl in enumerate(b.slots)
                    if k != a.target
                    and not sl.defeated
                    and cat.decks[cat.enemy_deck_of[sl.card.split("#")[0]]].kind == "foot_soldier"
                ]
                k = self._weakest(s, None, others)
                if k is not None:
                    targets.append(k)
            for t in targets:
                h = self.health(s, t) - 1
                if s.battle.slots[t].hits < h:
                    s = set_slot(s, t, hits=h)
                    ev.append(
                        event(
                            text=f"  {cat.enemy_card(b.slots[t].card).name} is 1 hit from defeat",
                        )
                    )
            return s
        return s

    def _put_played_card(self, s: State, step: Step) -> State:
        """A played card's place once it has resolved: the discard pile, or where its
        "after play" text sends it (the top of the deck, shuffled in)."""
        card = _cat(s).card(step.ref)
        seat = step.seat
        p = s.players[seat]
        dest = "discard"
        att = s.battle.attack
        for e in card.effects:
            if e.do == "after_play":
                if e.pay and not step.amount:
                    continue
                if e.when == "defeat" and not (att and att.defeated_target):
                    continue
                dest = e.to
                if e.pay:
                    s = bt(s, pool=max(0, s.battle.pool - e.pay))
        if dest == "top":
            return pl(s, seat, deck=(step.ref, *p.deck))
        if dest == "shuffle":
            deck, s = shuffle(s, (*p.deck, step.ref))
            return pl(s, seat, deck=deck)
        return pl(s, seat, discard=(*p.discard, step.ref))

    def _card_done(self, s: State, step: Step, ev: list[Event]) -> State:
        cat = _cat(s)
        seat = step.seat
        if step.ref:
            card = cat.card(step.ref)
            s = self._put_played_card(s, step)
            extra = None
            for e in card.effects:
                if e.do == "extra_play":
                    parts = s.battle.participants
                    seats = {
                        "self": (seat,),
                        "other": tuple(i for i in parts if i != seat),
                        "any": parts,
                    }[e.who]
                    if len(s.players[seat].rangers) == 2 and e.who == "other":
                        seats = parts  # the player's other Ranger counts (2-player mode)
                    if seats:
                        extra = m.Extra(seats=seats, reroll=e.reroll, dice_to_hits=e.dice_to_hits)
            # Double Strike: another card of the same name
            q = s.players[seat]
            if (
                extra is None
                and "trini" in q.rangers
                and "trini" not in s.battle.used_abilities
                and seat in s.battle.participants
            ):
                if any(cat.card(c).name == card.name for c in q.hand):
                    extra = m.Extra(seats=(seat,), name=card.name, ability_of="trini")
            s = bt(s, attack=None)
            if extra is not None and seat in s.battle.participants:
                ev.append(event(text="  an extra card may be played", kind="battle"))
                s = bt(s, extra=extra)
                if s.focus not in extra.seats:
                    s = upd(s, focus=extra.seats[0])
                return s
        else:
            s = bt(s, attack=None)
        return upd(s, queue=(*s.queue, shared(Step, kind="end_ranger_turn")))
