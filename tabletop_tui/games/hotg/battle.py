"""Heroes of the Grid: A battle (base rules §5): preparation, the combat sequence, reaction
windows, the work queue, turns and clean-up.

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event
from ...engine.core import replace_at
from ...engine.fast import make
from . import models as m
from .choices import CHOICE_ASKS
from .damage import damage_question
from .effects import (
    EnemyEffect,
)
from .models import (
    HQ,
    PSYCHOS,
    Action,
    Battle,
    Decision,
    Slot,
    State,
    Step,
)
from .state_ops import (
    BOSS_DEFEAT,
    GRID,
    MONSTER_DEFEAT,
    PSYCHO_BOSS_DEFEAT,
    _cat,
    ask,
    bt,
    card_cost,
    enemy_deck,
    enemy_discard,
    hand_size,
    hands_public,
    lead_seat,
    loc_index,
    mm_seat,
    passive_on,
    pl,
    seat_of,
    set_enemy_deck,
    set_enemy_discard,
    set_loc,
    shared,
    shuffle,
    slot_info,
    upd,
)


def _no_tokens(players: tuple) -> bool:
    """No player has an action token left (a loop: asked after every Action Phase move)."""
    for p in players:
        if p.tokens:
            return False
    return True


class BattleRules:
    def _adjacent(self, s: State, i: int) -> list[int]:
        return list(slot_info(s).adjacent[i])

    def _guarded(self, s: State, i: int) -> bool:
        return slot_info(s).guarded[i]

    def health(self, s: State, i: int) -> int:
        cat = _cat(s)
        b = s.battle
        c = cat.enemy_card(b.slots[i].card)
        h = c.health
        if c.health_x == "fs_here":
            lo = s.locations[loc_index(s, b.location)] if b.location != HQ else None
            h = lo.fs_count if lo else 0
            h = max(h, 1)
        for k, sl in enumerate(b.slots):
            if k != i and not sl.defeated and cat.enemy_card(sl.card).passive == "path_of_stone":
                h += 1
        return h + b.slots[i].toughened

    def _begin_battle(self, s: State, seat: int, ev: list[Event]) -> State:
        cat = _cat(s)
        loc = s.players[seat].location
        participants = (
            seat,
            *(i for i, p in enumerate(s.players) if p.location == loc and i != seat),
        )
        lead_ranger = s.players[seat].rangers[0]
        pool = 3 if len(s.players[seat].rangers) == 2 else 2
        where = "the Command Center" if loc == HQ else cat.locations[loc].name
        ev.append(
            event(
                text=f"BATTLE at {where}: {', '.join(s.players[i].name for i in participants)}; "
                f"{s.players[seat].name} leads. Shared pool: {pool} energy",
                kind="battle",
            )
        )
        s = upd(
            s,
            phase="battle",
            focus=seat,
            battle=make(
                Battle,
                location=loc,
                participants=participants,
                lead=seat,
                lead_ranger=lead_ranger,
                pool=pool,
                round_started=s.round,
            ),
        )
        if mm_seat(s) is not None:
            villains = s.hq_villains if loc == HQ else s.locations[loc_index(s, loc)].villains
            if villains:  # Scheme Cards: 1 more when a battle starts against a monster or boss
                s = self._draw_schemes(s, 1, "prep_draw", ev)
                if s.decision is not None:
                    return s
        return self._ask_prep_draw(s, tuple(i for i in participants), ev)

    def _ask_prep_draw(self, s: State, seats: tuple[int, ...], ev: list[Event]) -> State:
        asked = tuple(
            i for i in seats if len(s.players[i].hand) < hand_size(s, i) and s.players[i].deck
        )
        if asked:
            return upd(
                s,
                decision=Decision(
                    kind="prep_draw",
                    asked=asked,
                    prompt="Ranger preparation: draw a card (up to your hand size), or stop",
                ),
            )
        return self._enemy_prep(s, ev)

    def _fs_here(self, s: State) -> tuple[tuple[str, int], ...]:
        b = s.battle
        if b.location == HQ:
            return s.hq_enemies
        return s.locations[loc_index(s, b.location)].fs

    def _fs_options(self, s: State) -> list[tuple[str, ...]]:
        """§5.2: up to 4 figures fight (the lead Ranger picks which) and the lead Ranger
        picks which deck is drawn first: each split of the 4, in either order."""
        counts = [(k, n) for k, n in self._fs_here(s) if n > 0]
        if len(counts) != 2:
            return []
        (ka, na), (kb, nb) = counts
        total = min(4, na + nb)
        out: list[tuple[str, ...]] = []
        for a in range(max(0, total - nb), min(total, na) + 1):
            for order in ((ka,) * a + (kb,) * (total - a), (kb,) * (total - a) + (ka,) * a):
                if order not in out:
                    out.append(order)
        return out

    def _fs_picks(self, s: State, fs: tuple[tuple[str, int], ...], room: int) -> list[str]:
        """The foot soldier types whose cards are drawn, in order: the lead Ranger's pick,
        else (one type) as many figures as there are, up to the room."""
        b = s.battle
        if b.fs_picked:
            return list(b.fs_order[:room])
        picks: list[str] = []
        for kind, n in sorted(fs, key=lambda kv: -kv[1]):
            picks += [kind] * n
        return picks[: min(room, 4)]

    def _draw_from(
        self, s: State, deck_id: str, n: int, villains: set[str], ev: list[Event]
    ) -> tuple[list[str], State]:
        """Draw n enemy cards; Psycho weapons/Paths of absent Psycho Rangers go under (expansion)."""
        cat = _cat(s)
        cards = list(enemy_deck(s, deck_id))
        out: list[str] = []
        skipped = 0
        while len(out) < n and cards and skipped <= len(cards):
            c = cards.pop(0)
            owner = cat.enemy_card(c).psycho
            if owner and owner not in villains:
                cards.append(c)
                skipped += 1
                ev.append(
                    event(
                        text=f"{cat.enemy_card(c).name}: {cat.nemeses[owner].name} is not here; it goes to the bottom",
                        kind="enemy",
                    )
                )
                continue
            out.append(c)
        return out, set_enemy_deck(s, deck_id, tuple(cards))

    def _enemy_prep(self, s: State, ev: list[Event]) -> State:
        b = s.battle
        grid = mm_seat(s) is not None
        if grid and not b.grid_window_done:
            s = bt(s, grid_window_done=True)
            s = self._scheme_window(s, "before_grid", "enemy_prep", ev)
            if s.decision is not None:
                return s
            b = s.battle
        if b.location == HQ:
            fs, villains = s.hq_enemies, s.hq_villains
        else:
            lo = s.locations[loc_index(s, b.location)]
            fs, villains = lo.fs, lo.villains
        if not b.fs_picked and self._fs_options(s):
            lead = lead_seat(b)
            return upd(
                s,
                decision=make(
                    Decision,
                    kind="fs_pick",
                    asked=(lead,),
                    prompt="Lead Ranger: which foot soldiers fight (up to 4), and which deck "
                    "is drawn first?",
                ),
            )
        rows: list[list[str]] = []
        psycho_boss = s.boss == "psycho_rangers" and any(v in PSYCHOS for v in villains)
        assault = s.config.mode == "psycho_assault"
        if assault and not s.psycho_boss_deployed:
            psycho_boss = False
        present_psychos = {v for v in villains if v in PSYCHOS}
        layout = "standard"
        if assault and not psycho_boss and present_psychos:
            # Psycho Assault Mode, Battle: 2 cards per Psycho Ranger (at most 8) in rows
            n = len(present_psychos)
            cards, s = self._draw_from(s, "psycho", min(8, 2 * n), present_psychos, ev)
            row1, row2 = (cards, []) if n <= 2 else (cards[:4], cards[4:])
            fs_cards = []
            room = 4 if n <= 2 else 4 - len(row2)
            for kind in self._fs_picks(s, fs, room):
                got, s = self._draw_from(s, kind, 1, present_psychos, ev)
                fs_cards += got
            rows = [self._fast_left(s, row1), self._fast_left(s, row2 + fs_cards)]
        elif psycho_boss:
            layout = "psycho_boss"
            cards, s = self._draw_from(s, "psycho", 6, present_psychos, ev)
            rows = [self._fast_left(s, cards[:3]), self._fast_left(s, cards[3:6])]
        elif grid:
            # Mastermind Mode: draw as usual, but never more than nine cards (Battle)
            budget = GRID * GRID
            groups = []
            for v in villains:
                deck_id = "psycho" if v in PSYCHOS else v
                if deck_id not in groups:
                    groups.append(deck_id)
            for deck_id in groups:
                cards, s = self._draw_from(s, deck_id, min(4, budget), present_psychos, ev)
                budget -= len(cards)
                rows.append(cards)
            fs_cards = []
            for kind in self._fs_picks(s, fs, min(4, budget)):
                got, s = self._draw_from(s, kind, 1, present_psychos, ev)
                fs_cards += got
            rows.append(fs_cards)
        else:
            groups: list[str] = []
            for v in villains:
                deck_id = "psycho" if v in PSYCHOS else v
                if deck_id not in groups:
                    groups.append(deck_id)
            for deck_id in groups:
                cards, s = self._draw_from(s, deck_id, 4, present_psychos, ev)
                rows.append(self._fast_left(s, cards))
            # the foot soldier row: up to 4 figures, picked by the lead Ranger (§5.2)
            fs_cards = []
            for kind in self._fs_picks(s, fs, 4):
                got, s = self._draw_from(s, kind, 1, present_psychos, ev)
                fs_cards += got
            rows.append(self._fast_left(s, fs_cards))
        rows = [r for r in rows if r]
        slots = tuple(
            shared(Slot, card=c, row=r, col=k)
            for r, row in enumerate(rows)
            for k, c in enumerate(row)
        )
        if grid:
            layout, slots = "grid", ()
            s = bt(s, to_place=tuple(c for row in rows for c in row))
        attached: tuple[tuple[str, str], ...] = ()
        if psycho_boss or (assault and present_psychos):
            members = {r for i in b.participants for r in s.players[i].rangers}
            attached = tuple(
                (n.id, n.attached_to)
                for n in s.nemeses
                if n.status == "deployed" and n.attached_to in members
            )
        else:
            attached = tuple((v, b.lead_ranger) for v in villains if v in PSYCHOS)
        s = bt(
            s, slots=slots, layout=layout, attached=attached, villains=tuple(villains), turn="prep"
        )
        if grid:
            n = len(s.battle.to_place)
            ev.append(
                event(
                    text=f"{n} enemy card{'s' if n != 1 else ''} drawn for the combat grid",
                    kind="battle",
                    barrier=True,
                )
            )
            if not n:
                return self._cleanup(s, ev)
            return self._ask_grid(s)
        return self._battle_start(s, ev)

    def _battle_start(self, s: State, ev: list[Event]) -> State:
        """The layout is ready: narrate it, then the start-of-battle effects (§5.2)."""
        cat = _cat(s)
        b = s.battle
        slots, attached = b.slots, b.attached
        nrows = 1 + max((sl.row for sl in slots), default=-1)
        names = " | ".join(
            " ".join(
                cat.enemy_card(sl.card).name
                for sl in sorted(slots, key=lambda sl: sl.col)
                if sl.row == r
            )
            for r in range(nrows)
            if any(sl.row == r for sl in slots)
        )
        what = "Combat grid" if b.layout == "grid" else "Combat sequence"
        ev.append(event(text=f"{what}: {names}", kind="battle", barrier=True))
        for nid, r in attached:
            ev.append(
                event(
                    text=f"{cat.nemeses[nid].name}'s deployment card is attached to {cat.rangers[r].name}",
                    kind="battle",
                )
            )
        if not slots:
            return self._cleanup(s, ev)
        if passive_on(s, "path_of_frost") and s.battle.pool > 2:
            ev.append(
                event(
                    text=f"Path of Frost: the shared pool is drained to 2 (-{s.battle.pool - 2})",
                    kind="enemy",
                )
            )
            s = bt(s, pool=2)
        # "at the start of battle" effects
        members = [r for i in b.participants for r in s.players[i].rangers]
        # questions to the players, asked in this order before the battle-start reactions
        asks: list[Step] = []
        if "kimberly" in members:  # Quick Shot: she aims it, or passes
            asks.append(shared(Step, kind="ask", ref="quick_shot", seat=seat_of(s, "kimberly")))
        if s.power.megazord_token and s.power.megazord_token == b.location:
            ev.append(event(text="Dino Megazord: 1 hit to each enemy card", kind="battle"))
            for i in range(len(s.battle.slots)):
                if not s.battle.slots[i].defeated:
                    s = self._deal_hits(s, i, 1, None, ev)
        li = loc_index(s, b.location)
        if (
            li >= 0
            and s.locations[li].side_b
            and cat.locations[b.location].b_effect == "battle_start_draw_put_back"
        ):
            # each Ranger draws 1, then puts a card of their choice from hand on top
            for i in b.participants:
                s = self._draw(s, i, 1, ev)
                if s.outcome or s.battle is None:
                    return s
            where = cat.locations[b.location].name
            asks += [
                shared(Step, kind="ask", ref="put_back", seat=i, source=where)
                for i in s.battle.participants
            ]
        if self._all_defeated(s):
            return self._cleanup(s, ev)
        first = (shared(Step, kind="start_turns"),)
        if mm_seat(s) is not None:
            first = (shared(Step, kind="scheme_window", ref="before_first_turn"), *first)
        if asks:
            window = shared(Step, kind="window", ref="battle_start")
            return upd(s, queue=(*s.queue, *asks, window, *first))
        s = upd(s, queue=(*s.queue, *first))
        return self._open_window(s, "battle_start", ev)

    def _fast_left(self, s: State, cards: list[str]) -> list[str]:
        """Lay cards left to right; each FAST card goes to the left end (§5.2, literal reading)."""
        row: list[str] = []
        for c in cards:
            if "FAST" in _cat(s).enemy_card(c).keywords:
                row.insert(0, c)
            else:
                row.append(c)
        return row

    def _weakest(
        self, s: State, exclude: set[int] | None, pool: list[int] | None = None
    ) -> int | None:
        """The engine's pick for automatic hits: the card closest to defeat, then reading order."""
        b = s.battle
        cands = pool if pool is not None else list(range(len(b.slots)))
        cands = [i for i in cands if not b.slots[i].defeated and (not exclude or i not in exclude)]
        if not cands:
            return None
        return min(
            cands,
            key=lambda i: (self.health(s, i) - b.slots[i].hits, b.slots[i].row, b.slots[i].col),
        )

    def _all_defeated(self, s: State) -> bool:
        for sl in s.battle.slots:  # a loop: asked at every step of a battle
            if not sl.defeated:
                return False
        return True

    def _open_window(self, s: State, trigger: str, ev: list[Event], exclude: int = -1) -> State:
        b = s.battle
        cat = _cat(s)
        asked = []
        for i in b.participants:
            if i == exclude:
                continue
            for c in s.players[i].hand:
                card = cat.card(c)
                if (
                    card.type == "reaction"
                    and card.trigger == trigger
                    and self._check_cost(s, c, 1 if card.cost == "X" else 0) is None
                ):
                    asked.append(i)
                    break
        if not asked:
            return s
        return upd(
            s,
            decision=Decision(
                kind="reaction_window",
                asked=tuple(asked),
                trigger=trigger,
                prompt=f"Reactions: {trigger.replace('_', ' ')}",
            ),
        )

    def _play_reaction(self, s: State, seat: int, a: m.PlayCard, ev: list[Event]) -> State:
        cat = _cat(s)
        card = cat.card(a.card)
        p = s.players[seat]
        cost = card_cost(s, a.card, a.x)
        s = upd(  # the cost and the card out of the hand in one copy of the state
            s,
            battle=upd(s.battle, pool=s.battle.pool - cost, mega_v1_card=(seat, a.card)),
            players=replace_at(
                s.players, seat, upd(p, hand=tuple(c for c in p.hand if c != a.card))
            ),
        )
        ev.append(
            event(
                text=f"{p.name} plays {card.name}",
                seat=seat,
                kind="card",
                data={"card": a.card},
            )
        )
        d = s.decision
        telekinesis: tuple[int, ...] = ()
        peek: tuple[int, ...] = ()
        for e in card.effects:
            if e.do == "reduce_damage":
                s = self._reduce_damage(s, e.n, ev)
            elif e.do == "gain_energy":
                s = self._gain(s, e.n)
            elif e.do == "peek_reorder":  # Strategic Defense: each deck of 2+ cards, in turn
                peek = tuple(i for i in s.battle.participants if len(s.players[i].deck) >= 2)
            elif e.do == "discard_top_to_hand":
                # Telekinesis: its player names the Ranger in the battle who takes the top
                # card of their discard pile (asked once the card has resolved, below)
                telekinesis = tuple(i for i in s.battle.participants if s.players[i].discard)
            elif e.do == "astro_blaster":
                b = s.battle
                if b.attack is not None:  # answering an attack already aimed: +X hits to it
                    s = bt(s, attack=upd(b.attack, hits=b.attack.hits + min(a.x, e.n)))
                else:  # before your own attack: it also ignores GUARD when aiming
                    hits = b.buffs.hits + min(a.x, e.n)
                    s = bt(s, buffs=upd(b.buffs, ignore_guard=True, hits=hits))
            elif e.do == "hit_target":
                att = s.battle.attack
                if att is not None and not s.battle.slots[att.target].defeated:
                    s = self._deal_hits(s, att.target, e.n, seat, ev)
            elif e.do == "add_dice":
                att = s.battle.attack
                if att is not None:
                    rolled, s = self._roll(s, e.n)
                    s = bt(
                        s,
                        attack=upd(att, rolled=att.rolled + rolled),
                        last_roll=att.rolled + rolled,
                    )
                    ev.append(
                        event(
                            text=f"  +{e.n} dice: {self._faces(rolled)}",
                            kind="dice",
                            barrier=True,
                        )
                    )
            elif e.do == "double_shields":
                s = upd(s, decision=upd(s.decision, double=True))
            elif e.do == "revealed_to_hand":
                s = upd(s, decision=upd(s.decision, to_hand=True))
        q = s.players[seat]  # the card goes to the discard pile once it has resolved
        if not telekinesis:  # (Telekinesis: once the Ranger is named)
            s = pl(s, seat, discard=(*q.discard, a.card))
        if d is not None and s.decision is not None and s.decision.kind == d.kind:
            s = upd(s, decision=upd(s.decision, picked=(*s.decision.picked, a.card)))
        if (
            d is not None
            and s.decision is not None
            and s.decision.kind == "damage_window"
            and s.decision.amount <= 0
        ):
            s = upd(s, decision=None)
        if peek:  # the window it answered waits until every Ranger has reordered
            return self._ask_peek(s, peek, s.decision, card.name)
        if telekinesis:  # the window it answered waits until the Ranger is named
            s = upd(
                s,
                decision=Decision(
                    kind="choose_ranger",
                    asked=(seat,),
                    options=telekinesis,
                    then="telekinesis",
                    source=card.name,
                    card=a.card,
                    held=s.decision,
                    prompt=f"{card.name}: which Ranger takes the top card of their discard "
                    "pile into their hand?",
                ),
            )
        return s

    def _ask_reward(self, s: State, seat: int, why: str) -> State:
        """Meteor Smash, its card discarded: +1 die (already counted) or the energy."""
        att = s.battle.attack
        gain = next(e.energy for e in _cat(s).card(att.card).effects if e.energy)
        return ask(
            s,
            seat,
            "energy_or_die",
            card=att.card,
            amount=gain,
            source=why,
            prompt=f"{why}: the discard gives +{gain} energy or +1 die: which?",
        )

    def _ask_peek(self, s: State, seats: tuple[int, ...], held: Decision | None, why: str) -> State:
        """Strategic Defense: the first of `seats` looks at their 2 top cards (shown to
        them alone) and picks the one on top; then the next; then the held window."""
        seats = tuple(i for i in seats if len(s.players[i].deck) >= 2)
        if not seats:
            return upd(s, decision=held)
        seat = seats[0]
        return ask(
            s,
            seat,
            "peek_top",
            options=seats[1:],
            picked=s.players[seat].deck[:2],
            held=held,
            source=why,
            prompt=f"{why}: which of your 2 top cards goes on top of your deck?",
        )

    def _reduce_damage(self, s: State, n: int, ev: list[Event]) -> State:
        d = s.decision
        amount = max(0, d.amount - n)
        ev.append(event(text=f"  damage reduced by {n}: {amount} left", kind="damage"))
        if amount == 0:
            return upd(s, decision=None)
        return upd(s, decision=upd(d, amount=amount, prompt=damage_question(s, d.seat, amount)))

    def _answer(self, s: State, seat: int, a: Action, d: Decision, ev: list[Event]) -> State:
        cat = _cat(s)
        if d.kind == "assign_damage":
            s = upd(s, decision=None)
            if s.queue and s.queue[0].kind == "damage" and s.queue[0].ref == "different":
                s = upd(s, queue=(upd(s.queue[0], ref=f"not:{a.seat}"), *s.queue[1:]))
            return self._damage(s, a.seat, d.amount, d.source, ev)
        if d.kind == "prep_draw":  # §5.1: one card at a time, choosing after each to stop
            s = self._draw(s, seat, a.count, ev) if a.count else s
            s = upd(s, decision=None)
            if s.outcome or s.battle is None or not s.battle.participants:
                return s
            p = s.players[seat]
            if (
                a.count
                and seat in s.battle.participants
                and p.deck
                and len(p.hand) < hand_size(s, seat)
            ):
                return upd(s, decision=d)
            rest = tuple(i for i in d.asked[1:] if i in s.battle.participants)
            if s.players[seat].location == s.battle.location:
                s = self._trim_hand(s, seat, ev, then="prep", rest=rest)
                if s.decision is not None:
                    return s
            return self._ask_prep_draw(s, rest, ev) if rest else self._enemy_prep(s, ev)
        if d.kind == "discard_from_hand":
            p = s.players[seat]
            hand = list(p.hand)
            hand.remove(a.card)
            s = pl(s, seat, hand=tuple(hand), discard=(*p.discard, a.card))
            ev.append(
                event(
                    text=f"  {p.name} discards {cat.card(a.card).name} ({d.source})",
                    seat=seat,
                )
            )
            if d.amount > 1 and hand:
                return upd(s, decision=upd(d, amount=d.amount - 1))
            s = upd(s, decision=None)
            if d.then == "reward" and s.battle is not None and s.battle.attack is not None:
                return self._ask_reward(s, seat, d.source)
            if d.then == "drain":  # §5.5: the next energy still owed
                return self._drain_cards(s, d.limit, d.source, ev)
            if d.then == "prep" and s.battle is not None and not s.outcome:
                rest = tuple(i for i in d.options if i in s.battle.participants)
                return self._ask_prep_draw(s, rest, ev) if rest else self._enemy_prep(s, ev)
            return s
        if d.kind == "drain_stored":  # §5.5 step 2: the named Ranger's, then the rest
            s = self._drain_one_stored(upd(s, decision=None), a.seat, d.source, ev)
            return self._drain_stored(s, d.amount - 1, d.source, ev)
        if d.kind == "choose_ranger":
            s = upd(s, decision=d.held)  # Telekinesis: the reaction window it answered
            if d.then == "telekinesis":
                if isinstance(a, m.ChooseRanger):
                    p = s.players[a.seat]
                    ev.append(
                        event(
                            text=f"  {p.name} takes {cat.card(p.discard[-1]).name} from "
                            "their discard pile into their hand",
                            seat=a.seat,
                        )
                    )
                    s = pl(s, a.seat, discard=p.discard[:-1], hand=(*p.hand, p.discard[-1]))
                q = s.players[d.asked[0]]  # Telekinesis itself has resolved
                return pl(s, d.asked[0], discard=(*q.discard, d.card))
            if d.then == "enemy_discard" and isinstance(a, m.ChooseRanger):
                return self._enemy_discard(s, a.seat, d.trigger, d.source, ev)
            if d.then == "three_different" and isinstance(a, m.ChooseRanger):
                return self._three_different_pick(s, d, a.seat, ev)
            if d.then == "drain" and isinstance(a, m.ChooseRanger):
                return self._drain_from(s, a.seat, d.amount, d.source, ev)
            if not isinstance(a, m.ChooseRanger):
                return s
            if d.then == "tutor":
                return self._ask_tutor(s, a.seat, d.source)
            if d.then == "strategize":  # Billy: draw 1, then 1 from hand on top
                s = self._draw(s, a.seat, 1, ev)
                if s.battle is None or a.seat not in s.battle.participants:
                    return s
                return self._ask_hand_to_top(s, a.seat, d.source)
            if d.then == "ready_to_rock":  # Cassie: the deck's top card off, a discard on top
                p = s.players[a.seat]
                s = pl(s, a.seat, deck=p.deck[1:], discard=(*p.discard, p.deck[0]))
                ev.append(
                    event(
                        text=f"  {p.name} discards {cat.card(p.deck[0]).name} from their deck",
                    )
                )
                s = self._check_defeat(s, a.seat, ev)
                if s.battle is None or a.seat not in s.battle.participants:
                    return s
                return self._ask_to_top(s, a.seat, 1, d.source, optional=False)
            return self._ask_draw_more(s, (a.seat,), 0, None, d.source, anyone=True)
        if d.kind == "bottom_deck":
            if isinstance(a, m.Pick):
                p = s.players[d.seat]
                rest = list(p.discard)
                rest.remove(d.card)
                s = pl(s, d.seat, discard=tuple(rest), deck=(*p.deck, d.card))
                ev.append(
                    event(
                        text=f"  {p.name} puts {cat.card(d.card).name} on the bottom of their deck",
                        seat=d.seat,
                    )
                )
            return upd(s, decision=d.held)
        if d.kind == "energy_or_die":
            s = upd(s, decision=None)
            if isinstance(a, m.Pick):  # the energy instead of the die
                att = s.battle.attack
                s = bt(s, attack=upd(att, dice=max(0, att.dice - 1)))
                ev.append(event(text=f"  {d.source}: +{d.amount} energy (not +1 die)", seat=seat))
                return self._gain(s, d.amount)
            return s
        if d.kind == "peek_top":
            p = s.players[seat]
            if a.card != p.deck[0]:  # the second card goes on top
                s = pl(s, seat, deck=(p.deck[1], p.deck[0], *p.deck[2:]))
            ev.append(event(text=f"  {p.name} looks at the 2 top cards of their deck", seat=seat))
            return self._ask_peek(s, d.options, d.held, d.source)
        if d.kind == "hand_to_top":
            if not isinstance(a, m.Pick):  # (an optional put-back: no more cards)
                return upd(s, decision=None)
            p = s.players[seat]
            hand = list(p.hand)
            hand.remove(a.card)
            ev.append(event(text=f"  {p.name} puts a card from hand on top of their deck"))
            s = pl(s, seat, hand=tuple(hand), deck=(a.card, *p.deck))
            # Rising Moon: "any number", asked again until the player passes or the hand is out
            return upd(s, decision=d if d.optional and hand else None)
        if d.kind == "tutor":
            s = upd(s, decision=None)
            if not isinstance(a, m.Pick):
                return s
            p = s.players[seat]
            rest = list(p.deck)
            rest.remove(a.card)
            deck, s = shuffle(s, rest)
            what = cat.card(a.card).name if hands_public(s) else "a card"
            ev.append(
                event(
                    text=f"  {p.name} takes {what} from their deck and shuffles it",
                    barrier=True,
                )
            )
            return self._check_defeat(pl(s, seat, deck=deck, hand=(*p.hand, a.card)), seat, ev)
        if d.kind == "to_top":
            if not isinstance(a, m.Pick):
                return upd(s, decision=None)
            p = s.players[seat]
            rest = list(p.discard)
            rest.remove(a.card)
            s = pl(s, seat, discard=tuple(rest), deck=(a.card, *p.deck))
            ev.append(
                event(
                    text=f"  {p.name} puts {cat.card(a.card).name} on top of their deck",
                    seat=seat,
                )
            )
            if d.amount > 1 and rest:
                return upd(s, decision=upd(d, amount=d.amount - 1))
            return upd(s, decision=None)
        if d.kind == "discard_some":
            p = s.players[seat]
            if isinstance(a, m.Pick):
                hand = list(p.hand)
                hand.remove(a.card)
                s = pl(s, seat, hand=tuple(hand), discard=(*p.discard, a.card))
                ev.append(event(text=f"  {p.name} discards {cat.card(a.card).name}", seat=seat))
                picked = (*d.picked, a.card)
                if len(picked) < d.amount and hand:
                    return upd(s, decision=upd(d, picked=picked))
            else:
                picked = d.picked
            s = upd(s, decision=None)
            return self._ask_to_top(s, seat, 2 * len(picked), d.source, optional=False)
        if d.kind == "draw_more":
            s = upd(s, decision=d.held)
            if a.count:
                s = self._draw(s, seat, 1, ev)  # a defeat here also settles the held question
                left = d.amount - 1 if d.amount else 0
                more = (left > 0 or not d.amount) and self._can_draw(s, seat, d.hand_cap, d.anyone)
                if more:
                    return upd(s, decision=upd(d, amount=left, held=s.decision))
            if s.outcome is not None or s.battle is None:
                return s
            rest = tuple(i for i in d.asked[1:] if i in s.battle.participants)
            return self._ask_draw_more(
                s, rest, d.limit, s.decision, d.source, d.hand_cap, per_ranger=d.per_ranger
            )
        if d.kind == "recover":
            if isinstance(a, m.Pass):
                return self._finish_recover(s, seat, d.picked, ev)
            p = s.players[seat]
            picked = (*d.picked, a.card)
            used = sum(cat.card(c).shields for c in picked)
            left = [
                c for c in p.discard if c not in picked and cat.card(c).shields <= d.limit - used
            ]
            if not left:
                return self._finish_recover(s, seat, picked, ev)
            return upd(s, decision=upd(d, picked=picked))
        if d.kind == "cyber_slash":
            if isinstance(a, m.Pick):
                p = s.players[seat]
                s = pl(
                    s,
                    seat,
                    hand=tuple(c for c in p.hand if c != a.card),
                    discard=(*p.discard, a.card),
                )
                ev.append(
                    event(
                        text=f"{p.name} discards {cat.card(a.card).name}: Cyber Slash is cancelled",
                        seat=seat,
                    )
                )
                return upd(s, decision=None)
            if len(d.asked) > 1:
                return upd(s, decision=upd(d, asked=d.asked[1:]))
            s = upd(s, decision=None)
            return upd(
                s, queue=(shared(Step, kind="damage", amount=d.amount, source=d.source), *s.queue)
            )
        # reaction windows
        if isinstance(a, m.PlayCard):
            return self._play_reaction(s, seat, a, ev)
        # Pass: the next asked seat, or close the window
        if d.kind in ("damage_window",):
            if len(d.asked) > 1:
                return upd(s, decision=upd(d, asked=d.asked[1:]))
            s = upd(s, decision=None)
            return upd(
                s,
                queue=(
                    shared(Step, kind="reveal", seat=d.seat, amount=d.amount, source=d.source),
                    *s.queue,
                ),
            )
        if d.kind == "reveal_window":
            if len(d.asked) > 1:
                return upd(s, decision=upd(d, asked=d.asked[1:]))
            s = upd(s, decision=None)
            return self._settle_reveal(s, d, ev)
        if len(d.asked) > 1:
            return upd(s, decision=upd(d, asked=d.asked[1:]))
        return upd(s, decision=None)

    def _run(self, s: State, ev: list[Event]) -> State:
        guard = 0
        while s.outcome is None and s.decision is None:
            guard += 1
            if guard > 10_000:  # pragma: no cover - a rules bug, not a game state
                raise AssertionError("hotg: the work queue does not settle")
            if (
                s.phase == "battle"
                and s.battle is not None
                and (
                    not s.battle.participants
                    or (s.battle.slots and s.battle.turn != "prep" and self._all_defeated(s))
                )
            ):
                # the last enemy card fell mid-resolution: the card that did it still goes
                # to its place (discard, top of the deck...) before clean-up drops the queue
                for pending in s.queue:
                    if pending.kind == "card_done" and pending.ref:
                        s = self._put_played_card(s, pending)
                s = upd(s, queue=())
                s = self._cleanup(s, ev)
                continue
            if s.queue:
                step, rest = s.queue[0], s.queue[1:]
                s = upd(s, queue=rest)
                s = self._step(s, step, ev)
                continue
            if s.phase == "battle" and s.battle is not None and s.battle.turn == "enemies":
                s = self._enemy_turn(s, ev)
                continue
            if s.phase == "action" and s.hq_tokens == 0 and _no_tokens(s.players):
                ev.append(event(text="No action token is left", kind="phase"))
                s = self._end_round(s, ev)
                continue
            if s.phase == "battle" and s.battle is not None and s.battle.turn == "rangers":
                if s.focus not in s.battle.participants:
                    s = upd(s, focus=s.battle.participants[0])
            break
        if s.power.unclaimed and s.decision is None and s.outcome is None:
            return self._ask_unclaimed(s)  # the work settled: who receives the new Zord
        return s

    def _ask_step(self, s: State, step: Step, ev: list[Event]) -> State:
        """A queued question reaches the front: put it to its player (if still possible)."""
        seat = step.seat
        if seat is None or seat not in s.battle.participants:
            return s
        if step.ref == "discard_from_hand":
            return self._ask_discard(s, seat, step.amount, step.source)
        if step.ref == "discard_for_reward":  # Meteor Smash: then +1 die or +1 energy
            return self._ask_discard(s, seat, step.amount, step.source, then="reward")
        if step.ref == "put_back":  # Industrial District B
            return self._ask_hand_to_top(s, seat, step.source)
        if step.ref in CHOICE_ASKS:  # Sabertooth Strike, Power Axe (choices.py)
            return self._choice_ask(s, step, ev)
        return self._target_step(s, step, ev)

    def _step(self, s: State, step: Step, ev: list[Event]) -> State:
        if s.battle is None and step.kind not in ():
            return s
        k = step.kind
        if k == "scheme_window":
            return self._scheme_window(s, step.ref, "", ev)
        if k == "window":
            return self._open_window(s, step.ref, ev)
        if k == "ask":
            return self._ask_step(s, step, ev)
        if k == "targets":
            if not self._more_targets(s):
                return s
            att = s.battle.attack
            return ask(
                s,
                att.seat,
                "add_target",
                prompt="Blade Blaster: its hits may be divided among targets chosen now - "
                "add another target, or pass",
            )
        if k == "start_turns":
            fast = any("FAST" in _cat(s).enemy_card(sl.card).keywords for sl in s.battle.slots)
            if s.battle.layout == "grid":  # only the card under the combat marker counts
                sl = s.battle.slots[s.battle.marker]
                fast = "FAST" in _cat(s).enemy_card(sl.card).keywords
            if fast:
                ev.append(event(text="A FAST card: the enemies take the first turn", kind="battle"))
                return bt(s, turn="enemies")
            return self._ranger_turn(s, ev)
        if k == "effect":
            return self._enemy_effect(s, EnemyEffect.model_validate(step.effect), step, ev)
        if k == "damage":
            if step.seat is None:
                return self._ask_damage(s, step, ev)
            return self._damage(s, step.seat, step.amount, step.source, ev)
        if k == "reveal":
            return self._reveal(s, step.seat, step.amount, step.source, ev)
        if k == "end_enemy_turn":
            b = s.battle
            if all(sl.resolved for sl in b.slots):
                ev.append(
                    event(
                        text="The last enemy card has resolved: the Rangers take a final turn",
                        kind="battle",
                    )
                )
                s = bt(s, final=True)
            elif b.layout == "grid":
                # Mastermind Mode: the marker moves to the nearest unresolved card
                opts = self._marker_options(s)
                if len(opts) == 1:
                    s = bt(s, marker=opts[0])
                    name = _cat(s).enemy_card(b.slots[opts[0]].card).name
                    ev.append(
                        event(
                            text=f"The combat marker moves to {name} (the only nearest card)",
                            kind="battle",
                            data={"slot": opts[0]},
                        )
                    )
                else:
                    return upd(
                        s,
                        decision=Decision(
                            kind="marker",
                            asked=(mm_seat(s),),
                            then="move",
                            options=tuple(opts),
                            prompt="Mastermind: move the combat marker to the nearest enemy "
                            "card not resolved yet",
                        ),
                    )
            return self._ranger_turn(s, ev)
        if k == "roll":
            return self._attack_roll(s, ev)
        if k == "hits":
            return self._attack_hits(s, ev)
        if k == "after_attack":
            att = s.battle.attack
            if att is None or s.battle.slots[att.target].defeated:
                return s
            return self._open_window(s, "after_attack", ev, exclude=att.seat)
        if k == "card_done":
            return self._card_done(s, step, ev)
        if k == "end_ranger_turn":
            b = s.battle
            if mm_seat(s) is not None and step.amount == 0 and s.schemes:
                return upd(
                    s,
                    queue=(
                        shared(Step, kind="scheme_window", ref="end_ranger_turn"),
                        shared(Step, kind="end_ranger_turn", amount=1),
                        *s.queue,
                    ),
                )
            if b.final:
                return self._cleanup(s, ev)
            return bt(s, turn="enemies", extra=None, played=False, mega_v1_card=None)
        return s  # pragma: no cover

    def _ranger_turn(self, s: State, ev: list[Event]) -> State:
        b = s.battle
        focus = lead_seat(b)
        ev.append(event(text="The Rangers' turn" + (" (final)" if b.final else ""), kind="turn"))
        return upd(  # (one copy of the state)
            s,
            battle=upd(b, turn="rangers", played=False, extra=None, mega_v1_card=None),
            focus=focus if s.focus not in b.participants else s.focus,
        )

    def _cleanup(self, s: State, ev: list[Event]) -> State:
        cat = _cat(s)
        b = s.battle
        if b is None:
            return s
        ev.append(event(text="Battle clean-up", kind="battle"))
        # 1. leftover energy: 1 stored energy each (Ruling 7: in seat order)
        pool = b.pool
        for i in b.participants:
            cap = len(s.players[i].rangers)
            while pool and s.players[i].stored < cap:
                s = pl(s, i, stored=s.players[i].stored + 1)
                pool -= 1
        # 2. enemy cards
        psycho_defeated: list[str] = []
        for sl in b.slots:
            deck = cat.enemy_deck_of[sl.card.split("#")[0]]
            kind = cat.decks[deck].kind
            if kind == "foot_soldier" or not sl.defeated:
                s = set_enemy_deck(s, deck, (*enemy_deck(s, deck), sl.card))
            elif kind == "nemesis":
                psycho_defeated.append(sl.card)
            else:
                s = set_enemy_discard(s, deck, (*enemy_discard(s, deck), sl.card))
        for deck in sorted({cat.enemy_deck_of[sl.card.split("#")[0]] for sl in b.slots}):
            cards, s = shuffle(s, enemy_deck(s, deck))
            s = set_enemy_deck(s, deck, cards)
        # Psycho cards go under the deployment cards (expansion)
        present = [
            v
            for v in b.villains
            if v in PSYCHOS and any(n.id == v and n.status == "deployed" for n in s.nemeses)
        ]
        assault = s.config.mode == "psycho_assault"
        threshold = PSYCHO_BOSS_DEFEAT if b.layout == "psycho_boss" or assault else MONSTER_DEFEAT
        fallen = 0
        # a weapon or Path goes under its own Psycho; the shared cards after them, so that
        # "closest to defeat" counts the owned cards (never a card wasted on a Psycho its own
        # card defeats anyway)
        psycho_defeated.sort(key=lambda c: cat.enemy_card(c).psycho not in present)
        for c in psycho_defeated:
            owner = cat.enemy_card(c).psycho
            if owner not in present:
                if not present:
                    s = set_enemy_deck(s, "psycho", (*enemy_deck(s, "psycho"), c))
                    continue
                # Ruling 13: the present Psycho Ranger closest to defeat
                under = {n.id: len(n.under) for n in s.nemeses}
                below = [p for p in present if under[p] < threshold] or present
                owner = max(below, key=lambda p: (under[p], -present.index(p)))
            n = next(n for n in s.nemeses if n.id == owner)
            s = self._set_nemesis(s, owner, under=(*n.under, c))
        li = loc_index(s, b.location)
        # 3. monster defeat; 4. boss defeat
        won = False
        for v in b.villains:
            if v in PSYCHOS:
                n = next(n for n in s.nemeses if n.id == v)
                if n.status == "deployed" and len(n.under) >= threshold:
                    if assault:
                        s = self._assault_defeat(s, v, li, ev)
                        fallen += 1
                    else:
                        s = self._defeat_nemesis(s, v, li, boss=b.layout == "psycho_boss", ev=ev)
                continue
            kind = cat.decks[v].kind
            if kind == "monster" and len(enemy_discard(s, v)) >= MONSTER_DEFEAT:
                s = self._remove_villain(s, v, li, ev, clear_fs=True)
                ev.append(event(text=f"{cat.decks[v].name} is DEFEATED!", kind="victory"))
                s = upd(s, defeated=(*s.defeated, v))
                s = self._summon_zord(s, ev)
            if kind == "boss" and len(enemy_discard(s, v)) >= BOSS_DEFEAT:
                won = True
        if fallen >= 2 and li < 0 and s.hq_enemies:  # at the Command Center (PA8)
            s = upd(s, hq_enemies=())
            ev.append(
                event(
                    text="Two Psycho Rangers fell in one battle: the foot soldiers here flee",
                    kind="victory",
                )
            )
        if fallen >= 2 and li >= 0 and s.locations[li].fs:
            # Psycho Assault Mode: two or more defeated in one battle clear the foot soldiers
            s = set_loc(s, li, fs=())
            ev.append(
                event(
                    text="Two Psycho Rangers fell in one battle: the foot soldiers here flee",
                    kind="victory",
                )
            )
        if (
            s.boss == "psycho_rangers"
            and s.nemeses
            and all(n.status == "defeated" for n in s.nemeses)
            and (not assault or s.psycho_boss_deployed)
        ):
            won = True
        # 5. panic removal
        if li >= 0:
            lo = s.locations[li]
            if lo.panicked and lo.figures == 0 and not lo.locked_full:
                s = set_loc(s, li, panicked=False)
                ev.append(
                    event(
                        text=f"{cat.locations[lo.id].name} is no longer panicked",
                        kind="battle",
                    )
                )
        s = upd(s, battle=None, phase="action", queue=(), decision=None)
        if won:
            return self._win(s, "The boss is defeated!", ev)
        if b.location == HQ and not (s.hq_enemies or s.hq_villains):
            # §7: the Command Center is clear; each Ranger there may power up at once
            here = tuple(i for i, p in enumerate(s.players) if p.location == HQ)
            ev.append(event(text="The Command Center is clear of enemies", kind="battle"))
            if here:
                s = upd(
                    s,
                    decision=Decision(
                        kind="hq_power_up",
                        asked=here,
                        prompt="The Command Center is clear: power up now?",
                    ),
                )
        return s

    def _remove_villain(self, s: State, v: str, li: int, ev: list[Event], clear_fs: bool) -> State:
        if li < 0:
            hv = list(s.hq_villains)
            if v in hv:
                hv.remove(v)
            return upd(s, hq_villains=tuple(hv), hq_enemies=() if clear_fs else s.hq_enemies)
        lo = s.locations[li]
        vs = list(lo.villains)
        if v in vs:
            vs.remove(v)
        return set_loc(s, li, villains=tuple(vs), fs=() if clear_fs else lo.fs)

    def _defeat_nemesis(self, s: State, nid: str, li: int, boss: bool, ev: list[Event]) -> State:
        cat = _cat(s)
        n = next(n for n in s.nemeses if n.id == nid)
        gone = [c for c in n.under if cat.enemy_card(c).psycho == nid]
        back = [c for c in n.under if cat.enemy_card(c).psycho != nid]
        deck = tuple(c for c in enemy_deck(s, "psycho") if cat.enemy_card(c).psycho != nid) + tuple(
            back
        )
        deck, s = shuffle(s, deck)
        s = set_enemy_deck(s, "psycho", deck)
        s = self._set_nemesis(s, nid, status="defeated", under=())
        s = upd(s, defeated=(*s.defeated, nid))
        ev.append(
            event(
                text=f"{cat.nemeses[nid].name} is DEFEATED! (its weapon and Path leave the game; "
                f"{len(back)} card(s) go back into the Psycho deck)",
                kind="victory",
                barrier=True,
            )
        )
        del gone
        if boss:
            return self._remove_villain(s, nid, li, ev, clear_fs=False)
        s = self._remove_villain(s, nid, li, ev, clear_fs=True)
        return self._summon_zord(s, ev)
