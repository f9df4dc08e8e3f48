"""Zeo turns (rulebook "Start Phase in Detail" and "End Phase in Detail"): the Start Phase,
the End Phase, the next player, and the game's end when the main deck runs out."""

from __future__ import annotations

from ...engine import Event, Outcome
from ...engine.fast import make
from .models import (
    HEROES,
    TEAM_NAMES,
    VILLAINS,
    Job,
    State,
)
from .table import (
    _cat,
    _name,
    _pl,
    draw,
    hand_size,
    masters_controlled,
    push,
    refill_grid,
    team_of,
    turn_order,
)


class TurnPhases:
    """ZeoRules' turns methods (a mixin: see rules.py)."""

    # -- turns ---------------------------------------------------------------------------------
    def _start_turn(self, state: State, ev: list, first: bool = False) -> State:
        active = turn_order(state)[state.slot]
        state = state.model_copy(
            update={
                "active": active,
                "phase": "main",
                "turn": state.turn + 1,
                "shards": 0,
                "bay_used": False,
                "zord_acts": 0,
                "healed": 0,
                "used": (),
                "battle_draws": (),
                "hp_history": state.hp_history + ((state.teams[0].hp, state.teams[1].hp),),
            }
        )
        p = state.players[active]
        ev.append(
            make(Event, text=f"Turn {state.turn}: {_name(state, active)}", kind="turn", seat=active)
        )
        # Start Phase: refill The Grid, flip stack tops, ready attached cards (not Zords)
        if not first:
            state = refill_grid(state, ev)
        for key, stack, label in (
            ("blaster_up", state.blasters, "Zeo Blaster"),
            ("zord_up", state.zord_stack, "Zord"),
            ("master_up", state.master_stack, "Master"),
        ):
            if not getattr(state, key) and stack:
                ev.append(
                    make(
                        Event, text=f"The top {label} is flipped face up", kind="grid", barrier=True
                    )
                )
        state = state.model_copy(update={"blaster_up": True, "zord_up": True, "master_up": True})
        slots = tuple(
            s.model_copy(update={"ready": True}) if s is not None else None for s in p.slots
        )
        state = _pl(state, active, slots=slots, char_used=False, serpentera_ready=True)
        # "start of turn" effects, in the order the player chooses
        cat = _cat(state)
        jobs = []
        for s in slots:
            if s is not None and s.stuck:
                card = cat.card(s.card)
                jobs.append(
                    make(Job, seat=active, effects=card.burden, source=card.name, marker="start")
                )
        if team_of(state, active) == VILLAINS:
            for m in masters_controlled(state, active):
                card = cat.card(m)
                jobs.append(
                    make(
                        Job,
                        seat=active,
                        effects=card.start_of_turn,
                        source=card.name,
                        marker="start",
                    )
                )
        for loc in p.locations:
            card = cat.card(loc)
            jobs.append(
                make(Job, seat=active, effects=card.start_of_turn, source=card.name, marker="start")
            )
        state = push(state, jobs)
        return self._run(state, ev)

    def _end_phase(self, state: State, ev: list) -> State:
        cat = _cat(state)
        seat = state.active
        jobs = [
            make(Job, seat=seat, effects=cat.card(loc).end_of_turn, source=cat.card(loc).name)
            for loc in state.players[seat].locations
        ]
        jobs.append(make(Job, seat=seat, effects=(), marker="adversaries"))
        state = state.model_copy(update={"phase": "end"})
        return self._run(push(state, jobs), ev)

    def _finish_turn(self, state: State, ev: list) -> State:
        seat = state.active
        p = state.players[seat]
        state = _pl(state, seat, discard=p.discard + p.played + p.hand, played=(), hand=())
        state = draw(state, seat, hand_size(state, seat), ev)
        if state.last_turn:
            return self._game_over_by_deck(state, ev)
        state = state.model_copy(update={"slot": (state.slot + 1) % 4})
        return self._start_turn(state, ev)

    def _game_over_by_deck(self, state: State, ev: list) -> State:
        v, h = state.teams
        if v.hp != h.hp:
            win = VILLAINS if v.hp > h.hp else HEROES
            why = "more Hit Points"
        elif v.energy != h.energy:
            win = VILLAINS if v.energy > h.energy else HEROES
            why = "equal HP, more Energy"
        else:
            win, why = None, "equal HP and Energy"
        winners = (
            () if win is None else tuple(s for s, t in enumerate(state.config.teams) if t == win)
        )
        summary = (
            "The main deck ran out: a draw (" + why + ")"
            if win is None
            else f"The main deck ran out: the {TEAM_NAMES[win]} win ({why})"
        )
        ev.append(make(Event, text=summary, kind="over"))
        return state.model_copy(
            update={"phase": "over", "outcome": Outcome(winners=winners, summary=summary)}
        )
