"""The Zeo effect interpreter: a stack of Jobs inside the State runs card effects in the
order written; a choice inside an effect is a Decision for one seat, answered by an
ordinary Choose action (the answers are here too)."""

from __future__ import annotations

from ...engine import Event, replace_at
from ...engine.fast import make
from .effects import effects_text
from .models import (
    HEROES,
    TEAM_NAMES,
    Attached,
    Decision,
    Job,
    Option,
    State,
)
from .table import (
    _bottom_foes,
    _card_name,
    _cat,
    _name,
    _pl,
    _trigger,
    adversary,
    attach_master_to_lair,
    attach_trigger,
    destroy,
    draw,
    gain_energy,
    gain_stun,
    heal,
    hurt,
    open_slots,
    place_in_bay,
    push,
    refill_grid,
    settle_bay,
    settle_flips,
    team_of,
    turn_order,
)


class Interpreter:
    """ZeoRules' interpreter methods (a mixin: see rules.py)."""

    # -- the interpreter -----------------------------------------------------------------------
    def _run(self, state: State, ev: list) -> State:
        while state.outcome is None and state.decision is None and state.attack is None:
            if not state.jobs:
                state = settle_flips(state, ev)
                break
            job = state.jobs[0]
            if job.marker == "start" and job.step == 0 and not job.ordered:
                rivals = [
                    j for j in state.jobs if j.marker == "start" and not j.ordered and j.step == 0
                ]
                if len({(j.source, j.effects) for j in rivals}) > 1:
                    state = state.model_copy(
                        update={
                            "decision": Decision(
                                kind="order",
                                seat=job.seat,
                                prompt="Resolve which start-of-turn effect next?",
                                options=tuple(
                                    make(
                                        Option,
                                        id=str(k),
                                        label=f"{j.source}: {effects_text(j.effects)}",
                                    )
                                    for k, j in enumerate(state.jobs)
                                    if j in rivals
                                ),
                            )
                        }
                    )
                    break
            if job.step >= len(job.effects):
                state = state.model_copy(update={"jobs": state.jobs[1:]})
                state = self._after_job(state, job, ev)
                continue
            state = self._step(state, job, job.effects[job.step], ev)
        return state

    def _after_job(self, state: State, job: Job, ev: list) -> State:
        if job.marker == "adversaries":
            n = sum(
                1
                for c in state.grid
                if c is not None and adversary(state, job.seat, _cat(state).card(c))
            )
            if n:
                state = hurt(
                    state,
                    team_of(state, job.seat),
                    n,
                    ev,
                    f" from {n} adversar{'y' if n == 1 else 'ies'} in The Grid",
                )
        elif job.marker.startswith("trey:"):
            _, seat, slot = job.marker.split(":")
            s = state.players[int(seat)].slots[int(slot)]
            if s is not None and not s.stuck:
                p = state.players[int(seat)]
                state = _pl(state, int(seat), slots=replace_at(p.slots, int(slot), None))
                ev.append(make(Event, text="Trey of Triforia: the attacking card is destroyed"))
                state = destroy(state, s.card, ev)
        return state

    def _advance(self, state: State, job: Job, **update) -> State:
        new = job.model_copy(update={"step": job.step + 1, "sub": 0, "done": 0, **update})
        return state.model_copy(update={"jobs": (new, *state.jobs[1:])})

    def _ask(self, state: State, seat: int, kind: str, prompt: str, options, card: str = ""):
        return state.model_copy(
            update={
                "decision": Decision(
                    kind=kind, seat=seat, prompt=prompt, options=tuple(options), card=card
                )
            }
        )

    def _step(self, state: State, job: Job, e, ev: list) -> State:
        """Resolve one effect of the front job (or ask the question it needs)."""
        seat = job.seat
        team = team_of(state, seat)
        cat = _cat(state)
        match e.do:
            case "attack":
                return self._begin_attack(state, job, e, ev)
            case "damage":
                why = f" from {job.source}" if job.source else ""
                if job.target is not None:
                    state = hurt(state, team_of(state, job.target), e.amount, ev, why)
                else:
                    state = hurt(state, 1 - team, e.amount, ev, why)
            case "lose_hp":
                state = hurt(state, team, e.amount, ev, f" from {job.source}" if job.source else "")
            case "heal":
                state = heal(state, seat, e.amount, ev)
            case "energy":
                state = gain_energy(state, team, e.amount)
                by = f"{job.source}: " if job.source else ""  # (the card whose text it is)
                ev.append(
                    make(Event, text=f"{by}{TEAM_NAMES[team]} gain {e.amount} Energy", seat=seat)
                )
            case "drain_energy":
                state = gain_energy(state, 1 - team, -e.amount)
                by = f"{job.source}: " if job.source else ""
                ev.append(make(Event, text=f"{by}{TEAM_NAMES[1 - team]} lose {e.amount} Energy"))
            case "draw":
                state = draw(state, seat, e.count, ev)
            case "shards":
                state = state.model_copy(update={"shards": state.shards + e.amount})
                ev.append(
                    make(
                        Event,
                        text=f"{_name(state, seat)} gains {e.amount} Shard"
                        f"{'s' if e.amount > 1 else ''} ({job.source})",
                        seat=seat,
                    )
                )
            case "give_stun":
                for f in _bottom_foes(state, job):
                    state = gain_stun(state, f, ev)
            case "gain_blaster":
                if state.blasters:
                    top = state.blasters[0]
                    state = state.model_copy(update={"blasters": state.blasters[1:]})
                    state = _pl(state, seat, discard=state.players[seat].discard + (top,))
                    ev.append(
                        make(Event, text=f"{_name(state, seat)} gains a Zeo Blaster", seat=seat)
                    )
            case "battle_draw":
                state = state.model_copy(update={"battle_draws": state.battle_draws + (e.count,)})
            case "gain_zm":
                state = self._gain_zm(state, seat, ev)
            case "foe_discard":
                targets = _bottom_foes(state, job)
                if job.sub < len(targets):
                    f = targets[job.sub]
                    hand = state.players[f].hand
                    if hand and job.done < e.count:
                        left = e.count - job.done
                        return self._ask(
                            state,
                            f,
                            "discard",
                            f"Discard {left} card{'s' if left > 1 else ''} from your hand"
                            + (f" ({job.done + 1} of {e.count})" if e.count > 1 else ""),
                            [make(Option, id=c, label=_card_name(state, c)) for c in hand],
                        )
                    new = job.model_copy(update={"sub": job.sub + 1, "done": 0})
                    return state.model_copy(update={"jobs": (new, *state.jobs[1:])})
            case "foe_discard_attached":
                targets = _bottom_foes(state, job)
                if job.sub < len(targets):
                    f = targets[job.sub]
                    opts = self._forced_discard_options(state, f)
                    if opts:
                        return self._ask(
                            state, f, "discard_attached", "Discard 1 attached card", opts
                        )
                    new = job.model_copy(update={"sub": job.sub + 1})
                    return state.model_copy(update={"jobs": (new, *state.jobs[1:])})
            case "destroy":
                p = state.players[seat]
                pools = {
                    "hand": p.hand,
                    "discard": p.discard,
                    "hand_or_discard": p.hand + p.discard,
                    "played": p.played,
                }[e.where]
                opts = [
                    make(
                        Option,
                        id=c,
                        label=f"{_card_name(state, c)} "
                        f"({'hand' if c in p.hand else 'discard' if c in p.discard else 'played'})",
                    )
                    for c in dict.fromkeys(pools)
                ]
                if opts:
                    if e.optional:
                        opts.append(make(Option, id="none", label="Destroy nothing"))
                    return self._ask(state, seat, "destroy", "Destroy 1 card", opts)
            case "ready":
                opts = self._ready_options(state, seat, e.what, job.slot)
                if e.what == "all_zords":
                    state = state.model_copy(
                        update={
                            "bay": tuple(z.model_copy(update={"ready": True}) for z in state.bay)
                        }
                    )
                    ev.append(make(Event, text="All Zords ready", kind="zord"))
                elif opts:
                    return self._ask(state, seat, "ready", "Ready which card?", opts)
            case "attach_from_grid":
                opts = self._attach_grid_options(state, seat, e.kind, job.slot)
                if opts:
                    return self._ask(
                        state, seat, "attach_grid", "Attach which card from The Grid?", opts
                    )
                state = self._discard_source(state, job, ev)
            case "copy":
                opts = self._copy_options(state, seat, job)
                if opts:
                    return self._ask(state, seat, "copy", "Copy which ability?", opts)
            case "refresh_grid":
                opts = [
                    make(Option, id=str(i), label=cat.card(c).name)
                    for i, c in enumerate(state.grid)
                    if c is not None and not adversary(state, seat, cat.card(c))
                ]
                if None in state.grid:
                    opts.append(make(Option, id="refill", label="Only refill the empty spaces"))
                if opts:
                    return self._ask(
                        state, seat, "refresh", "Zeo Blaster: replace which Grid card?", opts
                    )
        if state.outcome is not None:
            return state
        return self._advance(state, job)

    def _simple_trigger(self, state: State, seat: int, what: str, kind: str, ev: list):
        """Resolve a starting-side trigger at once (its effects need no choice)."""
        before = len(state.jobs)
        state = _trigger(state, seat, what, kind)
        if len(state.jobs) == before:
            return state
        trig = state.jobs[0]
        for eff in trig.effects:
            state = self._step(
                state.model_copy(update={"jobs": (trig, *state.jobs[1:])}), trig, eff, ev
            )
            if state.outcome is not None:
                return state
        return state.model_copy(update={"jobs": state.jobs[1:]})

    def _discard_source(self, state: State, job: Job, ev: list) -> State:
        """Love Arrows / Power Disc discard themselves as part of the action."""
        if job.slot is None:
            return state
        p = state.players[job.seat]
        s = p.slots[job.slot]
        if s is None or s.stuck:
            return state
        ev.append(make(Event, text=f"{_card_name(state, s.card)} is discarded", seat=job.seat))
        return _pl(
            state,
            job.seat,
            slots=replace_at(p.slots, job.slot, None),
            discard=p.discard + (s.card,),
        )

    def _gain_zm(self, state: State, seat: int, ev: list) -> State:
        """Zeo Sub-Crystal 5: gain your own Zord/Master, else the stack's top. Its
        clarification (Specific Card Clarifications) says this gain is outside the
        one-per-turn limit, so it leaves the stack's face as it was: a face-up stack stays
        buyable this turn, and a face-down top (bought earlier this turn) may still be gained."""
        cat = _cat(state)
        p = state.players[seat]
        ch = cat.characters[p.character]
        hero = team_of(state, seat) == HEROES
        if not p.own_gained:
            state = _pl(state, seat, own_gained=True)
            return self._place_zm(state, seat, f"{ch.own}#0", own=True, ev=ev)
        stack = state.zord_stack if hero else state.master_stack
        if not stack:
            return state
        key = "zord" if hero else "master"
        if not getattr(state, f"{key}_up"):
            # a face-down card comes to light: undo stops here
            ev.append(
                make(Event, text=f"The face-down top {key.title()} is revealed", barrier=True)
            )
        state = state.model_copy(update={f"{key}_stack": stack[1:]})
        return self._place_zm(state, seat, stack[0], own=False, ev=ev)

    def _place_zm(self, state: State, seat: int, inst: str, own: bool, ev: list) -> State:
        if team_of(state, seat) == HEROES:
            return place_in_bay(state, inst, ev, seat)
        if own:
            p = state.players[seat]
            state = _pl(state, seat, slots=replace_at(p.slots, 3, make(Attached, card=inst)))
            ev.append(
                make(
                    Event, text=f"{_card_name(state, inst)} attaches to the orange slot", seat=seat
                )
            )
            return state
        return attach_master_to_lair(state, seat, inst, ev)

    # -- option lists for decisions ----------------------------------------------------------------
    def _forced_discard_options(self, state: State, seat: int) -> list[Option]:
        """ "Discard 1 attached card": from your character; if none, a Zord/Master you control.
        Defector and Singing Zap never leave this way."""
        cat = _cat(state)
        p = state.players[seat]
        opts = [
            make(Option, id=f"slot:{i}", label=cat.card(s.card).name)
            for i, s in enumerate(p.slots)
            if s is not None and not s.stuck and cat.card(s.card).kind != "master"
        ]
        if opts:
            return opts
        if team_of(state, seat) == HEROES:
            return [
                make(Option, id=f"zord:{i}", label=cat.card(z.card).name)
                for i, z in enumerate(state.bay)
            ]
        out = []
        s = p.slots[3]
        if s is not None and cat.card(s.card).kind == "master":
            out.append(make(Option, id="slot:3", label=cat.card(s.card).name))
        out += [
            make(Option, id=f"lair:{i}", label=cat.card(m).name) for i, m in enumerate(state.lair)
        ]
        return out

    def _ready_options(self, state: State, seat: int, what: str, own_slot) -> list[Option]:
        cat = _cat(state)
        if what == "zord":
            return [
                make(Option, id=f"zord:{i}", label=cat.card(z.card).name)
                for i, z in enumerate(state.bay)
                if not z.ready
            ]
        return [
            make(Option, id=f"slot:{i}", label=cat.card(s.card).name)
            for i, s in enumerate(state.players[seat].slots)
            if s is not None and not s.ready and i != own_slot
        ]

    def _attach_grid_options(self, state: State, seat: int, kind: str, own_slot) -> list[Option]:
        cat = _cat(state)
        p = state.players[seat]
        empty = [
            i
            for i, s in enumerate(p.slots)
            if s is None
            and i != own_slot
            and _cat(state).characters[p.character].slots[i] != "orange"
        ]
        if not empty:
            return []
        return [
            make(Option, id=str(i), label=cat.card(c).name)
            for i, c in enumerate(state.grid)
            if c is not None and cat.card(c).kind == kind
        ]

    def _copy_options(self, state: State, seat: int, job: Job) -> list[Option]:
        """Robocupid, Zedd's Revenge, Impursonator: another card's activated ability in play
        (attached to any character, or a Zord in the Zord Bay); never another copier."""
        cat = _cat(state)
        out = []
        for s_i, p in enumerate(state.players):
            for i, s in enumerate(p.slots):
                if s is None or (s_i == seat and i == job.slot):
                    continue
                c = cat.card(s.card)
                if c.ability and not any(x.do == "copy" for x in c.ability.effects):
                    out.append(
                        make(
                            Option,
                            id=f"{s_i}:{i}",
                            label=f"{c.name}: {effects_text(c.ability.effects)}",
                        )
                    )
        for i, z in enumerate(state.bay):
            c = cat.card(z.card)
            if c.ability:
                out.append(
                    make(
                        Option, id=f"zord:{i}", label=f"{c.name}: {effects_text(c.ability.effects)}"
                    )
                )
        # a flipped character card is a card in play with an activated ability too
        for s_i, p in enumerate(state.players):
            if p.character and p.flipped:
                ch = cat.characters[p.character]
                out.append(
                    make(
                        Option,
                        id=f"char:{s_i}",
                        label=f"{ch.side_b}: {effects_text(ch.ability.effects)}",
                    )
                )
        return out

    def _answer(self, state: State, seat: int, option: str, ev: list) -> State:
        d = state.decision
        state = state.model_copy(update={"decision": None})
        cat = _cat(state)
        if d.kind == "order":
            k = int(option)
            jobs = list(state.jobs)
            chosen = jobs.pop(k).model_copy(update={"ordered": True})
            return self._run(state.model_copy(update={"jobs": (chosen, *jobs)}), ev)
        if d.kind == "first":
            first = int(option)
            order = tuple(
                first if s == d.seat else d.seat if s == first else s for s in turn_order(state)
            )
            ev.append(
                make(Event, text=f"{_name(state, first)} goes first", kind="turn", seat=first)
            )
            return self._setup_table(state.model_copy(update={"order": order}), ev)
        if d.kind == "character":
            target = int(option)
            empty = open_slots(state, target)
            if len(empty) > 1:
                return self._ask_slot(state, seat, target, empty, d.card)
            return self._run(self._stick(state, seat, target, empty[0], d.card, ev), ev)
        if d.kind == "slot":
            target, _, slot = option.partition(":")
            target, slot = int(target), int(slot)
            card = cat.card(d.card)
            if card.kind == "signature":
                p = state.players[seat]
                state = _pl(
                    state, seat, slots=replace_at(p.slots, slot, make(Attached, card=d.card))
                )
                ev.append(
                    make(
                        Event,
                        text=f"{card.name} attaches to slot {slot + 1}",
                        kind="attach",
                        seat=seat,
                    )
                )
                return self._run(attach_trigger(state, seat, card), ev)
            if card.attach_to_character:
                return self._run(self._stick(state, seat, target, slot, d.card, ev), ev)
            job = state.jobs[0]
            return self._attach_from_grid(state, job, state.grid.index(d.card), slot, ev)
        job = state.jobs[0]
        e = job.effects[job.step]
        if d.kind == "target":
            return self._open_attack(state, job, e, (int(option),), ev)
        if d.kind == "discard":
            f = d.seat
            fp = state.players[f]
            hand = list(fp.hand)
            hand.remove(option)
            state = _pl(state, f, hand=tuple(hand), discard=fp.discard + (option,))
            ev.append(
                make(Event, text=f"{_name(state, f)} discards {cat.card(option).name}", seat=f)
            )
            # "Discard N": the same foe is asked again until N cards are gone (or the hand is)
            new = job.model_copy(update={"done": job.done + 1})
            return self._run(state.model_copy(update={"jobs": (new, *state.jobs[1:])}), ev)
        if d.kind == "discard_attached":
            state = self._discard_attached_forced(state, d.seat, option, ev)
            new = job.model_copy(update={"sub": job.sub + 1})
            return self._run(state.model_copy(update={"jobs": (new, *state.jobs[1:])}), ev)
        if d.kind == "destroy":
            if option != "none":
                p = state.players[seat]
                if option in p.hand:
                    hand = list(p.hand)
                    hand.remove(option)
                    state = _pl(state, seat, hand=tuple(hand))
                elif option in p.discard:
                    disc = list(p.discard)
                    disc.remove(option)
                    state = _pl(state, seat, discard=tuple(disc))
                else:
                    state = _pl(state, seat, played=tuple(c for c in p.played if c != option))
                state = destroy(state, option, ev)
            return self._run(self._advance(state, job), ev)
        if d.kind == "ready":
            where, _, i = option.partition(":")
            if where == "zord":
                state = state.model_copy(
                    update={
                        "bay": replace_at(
                            state.bay, int(i), state.bay[int(i)].model_copy(update={"ready": True})
                        )
                    }
                )
            else:
                p = state.players[seat]
                state = _pl(
                    state,
                    seat,
                    slots=replace_at(
                        p.slots, int(i), p.slots[int(i)].model_copy(update={"ready": True})
                    ),
                )
            ev.append(make(Event, text="A card is readied", seat=seat))
            return self._run(self._advance(state, job), ev)
        if d.kind == "attach_grid":
            gi = int(option)
            empty = [k for k in open_slots(state, seat) if k != job.slot]
            if len(empty) > 1:
                return self._ask_slot(state, seat, seat, empty, state.grid[gi])
            return self._attach_from_grid(state, job, gi, empty[0], ev)
        if d.kind == "copy":
            if option.startswith("char:"):
                ch = cat.characters[state.players[int(option[5:])].character]
                name, effects = ch.side_b, ch.ability.effects
            else:
                if option.startswith("zord:"):
                    inst = state.bay[int(option[5:])].card
                else:
                    s_i, i = option.split(":")
                    inst = state.players[int(s_i)].slots[int(i)].card
                name, effects = cat.card(inst).name, cat.card(inst).ability.effects
            ev.append(make(Event, text=f"{job.source} copies {name}", seat=seat))
            state = self._advance(state, job)
            copied = make(
                Job,
                seat=seat,
                effects=effects,
                source=f"{job.source} ({name})",
                slot=job.slot,
            )
            return self._run(push(state, [copied]), ev)
        if d.kind == "refresh":
            if option != "refill":
                gi = int(option)
                inst = state.grid[gi]
                state = state.model_copy(
                    update={
                        "grid": replace_at(state.grid, gi, None),
                        "main_discard": state.main_discard + (inst,),
                    }
                )
            state = refill_grid(state, ev)
            return self._run(self._advance(state, job), ev)
        raise AssertionError(d.kind)  # pragma: no cover

    def _ask_slot(self, state: State, seat: int, target: int, slots: list[int], inst: str) -> State:
        """`seat` picks which of `target`'s empty slots takes `inst`."""
        colours = _cat(state).characters[state.players[target].character].slots
        whose = "" if target == seat else f"{_name(state, target)}'s "
        return self._ask(
            state,
            seat,
            "slot",
            f"Attach {_card_name(state, inst)} to which {whose}slot?",
            [make(Option, id=f"{target}:{k}", label=f"slot {k + 1} ({colours[k]})") for k in slots],
            card=inst,
        )

    def _stick(self, state: State, seat: int, target: int, slot: int, inst: str, ev: list):
        """Defector / Singing Zap attach to the chosen character, to stay until Battled."""
        tp = state.players[target]
        state = _pl(
            state, target, slots=replace_at(tp.slots, slot, make(Attached, card=inst, stuck=True))
        )
        ev.append(
            make(
                Event,
                text=f"{_card_name(state, inst)} attaches to {_name(state, target)}'s character "
                f"(slot {slot + 1})",
                kind="attach",
                seat=seat,
            )
        )
        return state

    def _attach_from_grid(self, state: State, job: Job, gi: int, slot: int, ev: list) -> State:
        """Love Arrows / Power Disc: the Grid card goes to the chosen slot; an attach trigger
        (Kat) resolves, then a fourth filled slot flips the character, then the card that did
        it is discarded (Specific Card Clarifications)."""
        seat = job.seat
        inst = state.grid[gi]
        kind = _cat(state).card(inst).kind
        p = state.players[seat]
        state = state.model_copy(update={"grid": replace_at(state.grid, gi, None)})
        state = _pl(state, seat, slots=replace_at(p.slots, slot, make(Attached, card=inst)))
        ev.append(
            make(
                Event,
                text=f"{_name(state, seat)} attaches {_card_name(state, inst)} from The Grid",
                kind="attach",
                seat=seat,
            )
        )
        state = self._simple_trigger(state, seat, "attach", kind, ev)
        state = settle_flips(state, ev)
        state = self._discard_source(state, job, ev)
        return self._run(self._advance(state, job), ev)

    def _discard_attached_forced(self, state: State, seat: int, option: str, ev: list) -> State:
        cat = _cat(state)
        where, _, i = option.partition(":")
        p = state.players[seat]
        if where == "slot":
            inst = p.slots[int(i)].card
            state = _pl(state, seat, slots=replace_at(p.slots, int(i), None))
        elif where == "zord":
            inst = state.bay[int(i)].card
            state = state.model_copy(update={"bay": state.bay[: int(i)] + state.bay[int(i) + 1 :]})
            state = settle_bay(state, ev)
        else:
            inst = state.lair[int(i)]
            state = state.model_copy(
                update={"lair": state.lair[: int(i)] + state.lair[int(i) + 1 :]}
            )
        p = state.players[seat]
        state = _pl(state, seat, discard=p.discard + (inst,))
        ev.append(
            make(Event, text=f"{_name(state, seat)} discards {cat.card(inst).name}", seat=seat)
        )
        return state
