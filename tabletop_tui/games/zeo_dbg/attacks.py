"""Zeo Attacks and Blocks (rulebook "Attacks", "Blocks" and the Zeo clarifications): an
Attack waits while each defender who may Block is asked, then resolves what was not
negated, its "if negated" text, and Trey of Triforia's destroy."""

from __future__ import annotations

from ...engine import Event, replace_at
from ...engine.fast import make
from .cards import Card
from .effects import Attack
from .models import (
    HEROES,
    Job,
    Option,
    PendingAttack,
    State,
)
from .table import (
    _cat,
    _name,
    _pl,
    foes,
    gain_energy,
    push,
    team_of,
)


class AttacksAndBlocks:
    """ZeoRules' attacks methods (a mixin: see rules.py)."""

    # -- attacks and blocks --------------------------------------------------------------------
    def _begin_attack(self, state: State, job: Job, e: Attack, ev: list) -> State:
        fs = foes(state, job.seat)
        if e.each:
            parts = tuple(fs)
        elif e.targeted:
            if len(fs) > 1:
                return self._ask(
                    state,
                    job.seat,
                    "target",
                    "Target which foe?",
                    [make(Option, id=str(f), label=_name(state, f)) for f in fs],
                )
            parts = (fs[0],)
        else:
            parts = (None,)
        return self._open_attack(state, job, e, parts, ev)

    def _open_attack(self, state: State, job: Job, e: Attack, parts, ev: list) -> State:
        fs = foes(state, job.seat)
        waiting = []
        for i, part in enumerate(parts):
            waiting += [(part, i)] if part is not None else [(f, i) for f in fs]
        ref = f"{job.seat}:{job.slot}" if job.slot is not None else ""
        ev.append(
            make(
                Event,
                text=f"{_name(state, job.seat)} Attacks with {job.source}",
                kind="attack",
                seat=job.seat,
            )
        )
        return state.model_copy(
            update={
                "attack": PendingAttack(
                    attacker=job.seat,
                    source=job.source,
                    source_ref=ref,
                    effects=e.effects,
                    if_negated=e.if_negated,
                    parts=tuple(parts),
                    waiting=tuple(waiting),
                    negated=(False,) * len(parts),
                    forced=e.forced_block,
                )
            }
        )

    def block_options(self, state: State, seat: int) -> list[Option]:
        """The Block prompt for `seat`: affordable Blocks in hand (hand icon), ready attached
        Blocks, ready Zord Blocks (Heroes), and "decline" unless forced (Defender Wheel)."""
        att = state.attack
        if att is None or not att.waiting or att.waiting[0][0] != seat:
            return []
        cat = _cat(state)
        energy = state.teams[team_of(state, seat)].energy
        p = state.players[seat]
        hand, forced_ok = [], []
        for c in dict.fromkeys(p.hand):
            b = cat.card(c).block
            if b and b.from_hand and b.cost <= energy:
                hand.append(
                    make(
                        Option,
                        id=f"hand:{c}",
                        label=f"Block with {cat.card(c).name} from hand ({b.cost} Energy)",
                    )
                )
        # ready attached cards, then ready Zords (Heroes): the same Block offer for each
        ready = [(f"slot:{i}", s.card) for i, s in enumerate(p.slots) if s is not None and s.ready]
        if team_of(state, seat) == HEROES:
            ready += [(f"zord:{i}", z.card) for i, z in enumerate(state.bay) if z.ready]
        for ident, card in ready:
            b = cat.card(card).block
            if b and b.cost <= energy:
                forced_ok.append(
                    make(
                        Option,
                        id=ident,
                        label=f"Block with {cat.card(card).name} ({b.cost} Energy)",
                    )
                )
        # Robocupid / Zedd's Revenge / Impursonator copying another card's Block ability
        for i, s in enumerate(p.slots):
            if s is None or not s.ready or s.stuck:
                continue
            c = cat.card(s.card)
            if not (c.ability and any(e.do == "copy" for e in c.ability.effects)):
                continue
            if c.ability.cost > energy:
                continue
            for ref, src in self._block_sources(state, exclude=(seat, i)):
                forced_ok.append(
                    make(
                        Option,
                        id=f"copy:{i}:{ref}",
                        label=f"Block with {c.name} copying {src.name} ({c.ability.cost} Energy)",
                    )
                )
        opts = hand + forced_ok
        if not (att.forced and forced_ok):
            opts.append(make(Option, id="decline", label="Do not Block"))
        return opts

    def _block_sources(self, state: State, exclude: tuple[int, int]) -> list[tuple[str, Card]]:
        """Block abilities in play a copier may copy: attached cards and Zords."""
        cat = _cat(state)
        out = []
        for s_i, p in enumerate(state.players):
            for j, s in enumerate(p.slots):
                if s is not None and (s_i, j) != exclude and cat.card(s.card).block:
                    out.append((f"{s_i}:{j}", cat.card(s.card)))
        for j, z in enumerate(state.bay):
            if cat.card(z.card).block:
                out.append((f"zord:{j}", cat.card(z.card)))
        return out

    def _answer_block(self, state: State, seat: int, option: str, ev: list) -> State:
        att = state.attack
        _, part = att.waiting[0]
        waiting = att.waiting[1:]
        if option == "decline":
            ev.append(make(Event, text=f"{_name(state, seat)} does not Block", seat=seat))
            state = state.model_copy(update={"attack": att.model_copy(update={"waiting": waiting})})
        else:
            cat = _cat(state)
            where, _, ref = option.partition(":")
            p = state.players[seat]
            cost = None
            #: a Block that says "discard this card" leaves its place now but reaches the
            #: discard pile only after its reward, the order the text is written in
            spent = None
            if where == "copy":
                i, _, src_ref = ref.partition(":")
                i = int(i)
                copier = cat.card(p.slots[i].card)
                card = dict(self._block_sources(state, exclude=(seat, i)))[src_ref]
                cost = copier.ability.cost
                gone = card.block.discard
                spent = p.slots[i].card if gone else None
                state = _pl(
                    state,
                    seat,
                    slots=replace_at(
                        p.slots, i, None if gone else p.slots[i].model_copy(update={"ready": False})
                    ),
                )
                ev.append(make(Event, text=f"{copier.name} copies {card.name}'s Block", seat=seat))
            elif where == "hand":
                card = cat.card(ref)
                spent = ref
                state = _pl(state, seat, hand=tuple(c for c in p.hand if c != ref))
            elif where == "slot":
                i = int(ref)
                card = cat.card(p.slots[i].card)
                if card.block.discard:
                    spent = p.slots[i].card
                    state = _pl(state, seat, slots=replace_at(p.slots, i, None))
                else:
                    state = _pl(
                        state,
                        seat,
                        slots=replace_at(
                            p.slots, i, p.slots[i].model_copy(update={"ready": False})
                        ),
                    )
            else:
                i = int(ref)
                card = cat.card(state.bay[i].card)
                state = state.model_copy(
                    update={
                        "bay": replace_at(
                            state.bay, i, state.bay[i].model_copy(update={"ready": False})
                        )
                    }
                )
            b = card.block
            state = gain_energy(state, team_of(state, seat), -(b.cost if cost is None else cost))
            ev.append(
                make(
                    Event,
                    text=f"{_name(state, seat)} Blocks with {card.name}",
                    kind="block",
                    seat=seat,
                )
            )
            negated = replace_at(att.negated, part, True)
            waiting = tuple(w for w in waiting if w[1] != part)
            state = state.model_copy(
                update={
                    "attack": att.model_copy(
                        update={
                            "waiting": waiting,
                            "negated": negated,
                            "destroy_source": att.destroy_source or b.destroy_attacker,
                        }
                    )
                }
            )
            # the Block's reward, resolved now (simple effects only: validated in cards.py)
            reward = make(Job, seat=seat, effects=b.reward, source=card.name)
            for eff in b.reward:
                state = self._step(
                    state.model_copy(update={"jobs": (reward, *state.jobs)}), reward, eff, ev
                )
                state = state.model_copy(update={"jobs": state.jobs[1:]})
                if state.outcome is not None:
                    return state
            if spent is not None:
                state = _pl(state, seat, discard=state.players[seat].discard + (spent,))
        if not state.attack.waiting:
            state = self._close_attack(state, ev)
        return self._run(state, ev)

    def _close_attack(self, state: State, ev: list) -> State:
        att = state.attack
        jobs = [
            make(Job, seat=att.attacker, effects=att.effects, source=att.source, target=part)
            for part, neg in zip(att.parts, att.negated, strict=True)
            if not neg
        ]
        if any(att.negated):
            ev.append(make(Event, text=f"{att.source}: the Attack is negated", kind="block"))
            jobs.append(make(Job, seat=att.attacker, effects=att.if_negated, source=att.source))
        if att.destroy_source and att.source_ref:
            jobs.append(make(Job, seat=att.attacker, effects=(), marker=f"trey:{att.source_ref}"))
        state = state.model_copy(update={"attack": None})
        front = state.jobs[0]
        state = self._advance(state, front)
        return push(state, jobs)
