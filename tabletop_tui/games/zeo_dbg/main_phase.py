"""The Zeo Main Phase (rulebook "Main Phase in Detail"): playing, attaching, buying,
Battling and activating, applied once `check` has passed them."""

from __future__ import annotations

from ...engine import Event, Seat, replace_at
from ...engine.fast import make
from .effects import Damage, Draw, Ready, effects_text
from .models import (
    HEROES,
    VILLAINS,
    Action,
    Activate,
    Attach,
    Attached,
    AttachTile,
    Battle,
    Buy,
    Choose,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Job,
    Option,
    Pick,
    Play,
    State,
)
from .table import (
    BAY,
    SERPENTERA,
    _cat,
    _name,
    _pl,
    _trigger,
    attach_master_to_lair,
    attach_trigger,
    battle_price,
    destroy,
    foes,
    gain_energy,
    masters_controlled,
    open_slots,
    place_in_bay,
    push,
    return_stuns,
    team_of,
    zm_price,
)


class MainPhase:
    """ZeoRules' main phase methods (a mixin: see rules.py)."""

    # -- applying ------------------------------------------------------------------------------
    def _resolve(self, state: State, seat: Seat, action: Action):
        ev: list[Event] = []
        state = self._do(state, seat, action, ev)
        return state, tuple(ev)

    def _do(self, state: State, seat: int, action, ev: list) -> State:
        cat = _cat(state)
        if isinstance(action, Pick):
            state = _pl(state, seat, character=action.character)
            ev.append(make(Event, text=f"{_name(state, seat)} has chosen", seat=seat))
            if all(p.character for p in state.players):
                for i, p in enumerate(state.players):
                    ev.append(
                        make(
                            Event,
                            text=f"{_name(state, i)} plays {cat.characters[p.character].name}",
                            seat=i,
                        )
                    )
                state = self._characters_chosen(state, ev)
            return state
        if isinstance(action, Choose):
            if state.attack is not None:
                return self._answer_block(state, seat, action.option, ev)
            return self._answer(state, seat, action.option, ev)
        p = state.players[seat]
        team = team_of(state, seat)
        if isinstance(action, Play):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(state, seat, hand=tuple(hand), played=p.played + (action.card,))
            state = state.model_copy(update={"shards": state.shards + card.shards})
            state = gain_energy(state, team, card.energy)
            ev.append(
                make(Event, text=f"{_name(state, seat)} plays {card.name}", kind="play", seat=seat)
            )
            if card.kind == "stun" and state.healed >= 2:
                state = return_stuns(state, seat, ev)
            state = push(state, [make(Job, seat=seat, effects=card.on_play, source=card.name)])
            state = _trigger(state, seat, "play", card.kind)
            return self._run(state, ev)
        if isinstance(action, Attach):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(
                state,
                seat,
                hand=tuple(hand),
                slots=replace_at(p.slots, action.slot, make(Attached, card=action.card)),
            )
            ev.append(
                make(
                    Event,
                    text=f"{_name(state, seat)} attaches {card.name}",
                    kind="attach",
                    seat=seat,
                )
            )
            state = attach_trigger(state, seat, card)
            return self._run(state, ev)
        if isinstance(action, AttachTile):
            card = cat.card(action.card)
            hand = list(p.hand)
            hand.remove(action.card)
            state = _pl(state, seat, hand=tuple(hand))
            if card.kind == "zord":
                state = place_in_bay(state, action.card, ev, seat)
            elif card.id == cat.characters[p.character].own:
                state = self._place_zm(state, seat, action.card, own=True, ev=ev)
            else:
                state = attach_master_to_lair(state, seat, action.card, ev)
            return self._run(state, ev)
        if isinstance(action, Buy):
            return self._buy(state, seat, action, ev)
        if isinstance(action, Battle):
            return self._battle(state, seat, action, ev)
        if isinstance(action, Activate):
            return self._activate(state, seat, action, ev)
        if isinstance(action, DestroyBlaster):
            state = _pl(state, seat, played=tuple(c for c in p.played if c != action.card))
            state = destroy(state, action.card, ev)
            state = push(
                state,
                [
                    make(
                        Job,
                        seat=seat,
                        effects=cat.card(action.card).ability.effects,
                        source="Zeo Blaster",
                    )
                ],
            )
            return self._run(state, ev)
        if isinstance(action, DiscardAttached):
            s = p.slots[action.slot]
            state = _pl(
                state,
                seat,
                slots=replace_at(p.slots, action.slot, None),
                discard=p.discard + (s.card,),
            )
            ev.append(
                make(
                    Event, text=f"{_name(state, seat)} discards {cat.card(s.card).name}", seat=seat
                )
            )
            return state
        if isinstance(action, EndMain):
            ev.append(make(Event, text=f"{_name(state, seat)} ends the Main Phase", seat=seat))
            return self._end_phase(state, ev)
        if isinstance(action, EndTurn):
            return self._finish_turn(state, ev)
        raise AssertionError(action)  # pragma: no cover

    def _buy(self, state: State, seat: int, action: Buy, ev: list) -> State:
        cat = _cat(state)
        p = state.players[seat]
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src == "grid":
            inst = state.grid[action.index]
            card = cat.card(inst)
            state = state.model_copy(
                update={
                    "shards": state.shards - card.cost,
                    "grid": replace_at(state.grid, action.index, None),
                }
            )
            ev.append(
                make(Event, text=f"{_name(state, seat)} buys {card.name}", kind="buy", seat=seat)
            )
            if card.attach_to_character:
                opts = [
                    make(
                        Option,
                        id=str(i),
                        label=f"{_name(state, i)} "
                        f"({cat.characters[state.players[i].character].name})",
                    )
                    for i in self._open_characters(state)
                ]
                state = self._ask(
                    state,
                    seat,
                    "character",
                    f"Attach {card.name} to which character?",
                    opts,
                    card=inst,
                )
            elif card.kind == "location":
                state = _pl(state, seat, locations=p.locations + (inst,))
            else:
                state = _pl(state, seat, discard=p.discard + (inst,))
            state = _trigger(state, seat, "buy", card.kind)
            return self._run(state, ev)
        if src == "blaster":
            inst = state.blasters[0]
            state = state.model_copy(
                update={
                    "shards": state.shards - cat.card(inst).cost,
                    "blasters": state.blasters[1:],
                    "blaster_up": False,
                }
            )
            ev.append(
                make(Event, text=f"{_name(state, seat)} buys a Zeo Blaster", kind="buy", seat=seat)
            )
            return _pl(state, seat, discard=p.discard + (inst,))
        if src == "item":
            ch = cat.characters[p.character]
            item = cat.cards[ch.item]
            inst = f"{item.id}#0"
            state = state.model_copy(update={"shards": state.shards - item.cost})
            empty = open_slots(state, seat)
            ev.append(
                make(Event, text=f"{_name(state, seat)} buys {item.name}", kind="buy", seat=seat)
            )
            if len(empty) > 1:
                # "any empty slot ... no matter its color": which one is the player's call
                state = _pl(state, seat, item_gained=True)
                return self._ask_slot(state, seat, seat, empty, inst)
            if empty:
                state = _pl(
                    state,
                    seat,
                    item_gained=True,
                    slots=replace_at(p.slots, empty[0], make(Attached, card=inst)),
                )
                state = attach_trigger(state, seat, item)
            else:
                state = _pl(state, seat, item_gained=True, discard=p.discard + (inst,))
            return self._run(state, ev)
        if src in ("own", "stack"):
            price = zm_price(state, seat)
            state = state.model_copy(update={"shards": state.shards - price})
            if src == "own":
                inst = f"{cat.characters[p.character].own}#0"
                state = _pl(state, seat, own_gained=True)
            else:
                key = "zord" if hero else "master"
                stack = state.zord_stack if hero else state.master_stack
                inst = stack[0]
                state = state.model_copy(update={f"{key}_stack": stack[1:], f"{key}_up": False})
            ev.append(
                make(
                    Event,
                    text=f"{_name(state, seat)} buys {cat.card(inst).name}",
                    kind="buy",
                    seat=seat,
                )
            )
            state = self._place_zm(state, seat, inst, own=src == "own", ev=ev)
            return self._run(state, ev)
        # serpentera
        sid = SERPENTERA[p.serpentera]
        state = state.model_copy(update={"shards": state.shards - cat.cards[sid].cost})
        state = _pl(state, seat, serpentera=p.serpentera + 1)
        ev.append(
            make(
                Event,
                text=f"{_name(state, seat)} buys {cat.cards[sid].name}",
                kind="buy",
                seat=seat,
            )
        )
        if p.serpentera + 1 == 3:
            ev.append(make(Event, text="Serpentera is complete!", kind="flip", seat=seat))
        return state

    def _battle(self, state: State, seat: int, action: Battle, ev: list) -> State:
        """Battle: pay, resolve the reward first, then to the main deck discard pile. No
        refill until the next turn. Then "when you Battle" effects (Regroup draws 2)."""
        cat = _cat(state)
        p = state.players[seat]
        if action.index is not None:
            inst = state.grid[action.index]
            state = state.model_copy(update={"grid": replace_at(state.grid, action.index, None)})
        else:
            inst = p.slots[action.slot].card
            state = _pl(state, seat, slots=replace_at(p.slots, action.slot, None))
        card = cat.card(inst)
        price = battle_price(state, seat, card)
        state = state.model_copy(
            update={
                "shards": state.shards - price,
                "main_discard": state.main_discard + (inst,),
            }
        )
        reward = effects_text(card.battle_reward).rstrip(".")
        ev.append(
            make(
                Event,
                text=f"{_name(state, seat)} Battles {card.name} for {price} Shards"
                + (f"; reward: {reward}" if reward else ""),
                kind="battle",
                seat=seat,
            )
        )
        jobs = [make(Job, seat=seat, effects=card.battle_reward, source=card.name)]
        ch = cat.characters[p.character]
        if ch.trigger == "battle" and not p.flipped:
            jobs.append(make(Job, seat=seat, effects=ch.trigger_effects, source=ch.name))
        for loc in p.locations:
            jobs.append(
                make(Job, seat=seat, effects=cat.card(loc).on_battle, source=cat.card(loc).name)
            )
        if state.battle_draws:
            jobs.append(
                make(Job, seat=seat, effects=(Draw(count=state.battle_draws[0]),), source="Regroup")
            )
            state = state.model_copy(update={"battle_draws": state.battle_draws[1:]})
        # Queen Machina: her Battle ability works on the foes' turns too (once per Master,
        # resolved by a Villain who controls her)
        seen: set[str] = set()
        for f in foes(state, seat):
            if team_of(state, f) != VILLAINS:
                continue
            for m in masters_controlled(state, f):
                if cat.card(m).on_foe_battle and m not in seen:
                    seen.add(m)
                    jobs.append(
                        make(
                            Job, seat=f, effects=cat.card(m).on_foe_battle, source=cat.card(m).name
                        )
                    )
        state = push(state, jobs)
        return self._run(state, ev)

    def _activate(self, state: State, seat: int, action: Activate, ev: list) -> State:
        cat = _cat(state)
        p = state.players[seat]
        team = team_of(state, seat)
        src = action.source
        if src == "character":
            ch = cat.characters[p.character]
            state = gain_energy(state, team, -ch.ability.cost)
            state = _pl(state, seat, char_used=True)
            job = make(Job, seat=seat, effects=ch.ability.effects, source=ch.side_b)
        elif src == "slot":
            s = p.slots[action.index]
            card = cat.card(s.card)
            state = gain_energy(state, team, -card.ability.cost)
            state = _pl(
                state,
                seat,
                slots=replace_at(p.slots, action.index, s.model_copy(update={"ready": False})),
            )
            state = state.model_copy(update={"used": state.used + (s.card,)})
            job = make(
                Job, seat=seat, effects=card.ability.effects, source=card.name, slot=action.index
            )
        elif src == "zord":
            z = state.bay[action.index]
            card = cat.card(z.card)
            state = gain_energy(state, team, -card.ability.cost)
            state = state.model_copy(
                update={
                    "zord_acts": state.zord_acts + 1,
                    "used": state.used + (z.card,),
                    "bay": replace_at(
                        state.bay, action.index, z.model_copy(update={"ready": False})
                    ),
                }
            )
            job = make(Job, seat=seat, effects=card.ability.effects, source=card.name)
        elif src == "bay":
            name, _, cost, _ = BAY[state.bay_side]
            state = gain_energy(state, team, -cost)
            state = state.model_copy(update={"bay_used": True})
            effects: tuple = (
                (Ready(what="zord"),) if state.bay_side == "bay" else (Ready(what="all_zords"),)
            )
            if state.bay_side == "megazord":
                effects += (Damage(amount=4),)
            job = make(Job, seat=seat, effects=effects, source=name)
        else:
            ab = cat.cards["serpentera-scales"].ability
            state = gain_energy(state, team, -ab.cost)
            state = _pl(state, seat, serpentera_ready=False)
            job = make(Job, seat=seat, effects=ab.effects, source="Serpentera")
        ev.append(
            make(
                Event,
                text=f"{_name(state, seat)} activates {job.source}",
                kind="activate",
                seat=seat,
            )
        )
        return self._run(push(state, [job]), ev)
