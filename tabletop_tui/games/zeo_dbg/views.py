"""What each Zeo seat may see (a View), how a move reads, and the hidden-information
variant the conformance kit compares views against."""

from __future__ import annotations

import random

from ...engine import Seat
from ...engine.common import redeal
from ...engine.fast import make
from .cards import catalog
from .effects import effects_text
from .models import (
    TEAM_NAMES,
    Action,
    Activate,
    Attach,
    AttachTile,
    AttackView,
    Battle,
    Buy,
    CharacterView,
    Choose,
    Decision,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    GridCardView,
    Pick,
    Play,
    SeatView,
    SlotView,
    StackView,
    State,
    TeamView,
    View,
    ZordBayView,
)
from .table import (
    BAY,
    LAIR_TEXT,
    SERPENTERA,
    _cat,
    adversary,
    battle_price,
    team_of,
    turn_order,
)


class Views:
    """ZeoRules' views methods (a mixin: see rules.py)."""

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> View:
        cat = _cat(state)
        seats = []
        for i, p in enumerate(state.players):
            # Playing the Game, Pro Tip: teammates may look at each other's hands (and, at
            # setup, coordinate their picks), so a seat sees its teammate's cards as its own
            mine = seat is not None and team_of(state, seat) == team_of(state, i)
            ch_view = None
            everyone = all(q.character for q in state.players)
            if p.character and (state.phase != "setup" or everyone or mine):
                ch = cat.characters[p.character]
                ch_view = make(
                    CharacterView,
                    id=ch.id,
                    name=ch.name,
                    side_name=ch.side_b if p.flipped else ch.side_a,
                    flipped=p.flipped,
                    text=ch.text_b if p.flipped else ch.text_a,
                    other_text=ch.text_a if p.flipped else ch.text_b,
                    ability_cost=ch.ability.cost,
                    ability_used=p.char_used,
                    slots=tuple(
                        make(
                            SlotView,
                            colour=ch.slots[k],
                            card=cat.face(s.card) if s else None,
                            instance=s.card if s else "",
                            ready=s.ready if s else True,
                            stuck=s.stuck if s else False,
                            price=battle_price(state, i, cat.card(s.card))
                            if s is not None and s.stuck
                            else None,
                        )
                        for k, s in enumerate(p.slots)
                    ),
                )
            item = own_face = None
            if p.character and state.phase != "setup":
                ch = cat.characters[p.character]
                item = None if p.item_gained else cat.face(ch.item)
                own_face = None if p.own_gained else cat.face(ch.own)
            seats.append(
                make(
                    SeatView,
                    name=state.config.names[i],
                    team=state.config.teams[i],
                    character=ch_view,
                    hand_count=len(p.hand),
                    hand=tuple((c, cat.face(c)) for c in p.hand) if mine else (),
                    deck_count=len(p.deck),
                    discard=tuple(cat.face(c) for c in p.discard),
                    played=tuple((c, cat.face(c)) for c in p.played),
                    locations=tuple(cat.face(c) for c in p.locations),
                    item=item,
                    own=own_face,
                    serpentera=p.serpentera,
                    offer=tuple(cat.character_face(c) for c in p.offer) if mine else (),
                    offer_cards=tuple(
                        (cat.face(cat.characters[c].item), cat.face(cat.characters[c].own))
                        for c in p.offer
                    )
                    if mine
                    else (),
                    picked=bool(p.character),
                )
            )
        grid = []
        for i, c in enumerate(state.grid):
            if c is None:
                grid.append(make(GridCardView, index=i, card=None))
                continue
            card = cat.card(c)
            adv = seat is not None and adversary(state, seat, card)
            price = None
            if seat is not None:
                price = battle_price(state, seat, card) if adv else card.cost
            grid.append(make(GridCardView, index=i, card=cat.face(c), adversary=adv, price=price))
        name, acts, cost, text = BAY[state.bay_side]
        bay = make(
            ZordBayView,
            side=state.bay_side,
            side_name=name,
            text=text,
            ability_cost=cost,
            ability_used=state.bay_used,
            activations_left=max(0, acts - state.zord_acts),
            slots=tuple(
                make(
                    SlotView, colour="white", card=cat.face(z.card), instance=z.card, ready=z.ready
                )
                for z in state.bay
            ),
        )
        decision = None
        prompt = ""
        dseat = None
        if state.attack is not None and state.attack.waiting:
            dseat = state.attack.waiting[0][0]
            prompt = f"{state.config.names[dseat]} decides whether to Block"
            if seat == dseat:
                decision = Decision(
                    kind="block",
                    seat=dseat,
                    prompt=f"Block {state.attack.source}?",
                    options=tuple(self.block_options(state, dseat)),
                )
        elif state.decision is not None:
            dseat = state.decision.seat
            prompt = state.decision.prompt
            if seat == dseat:
                decision = state.decision
        attack = None
        if state.attack is not None:
            att = state.attack
            attack = make(
                AttackView,
                attacker=att.attacker,
                source=att.source,
                text=effects_text(att.effects)
                + (f" If negated: {effects_text(att.if_negated)}" if att.if_negated else ""),
                parts=att.parts,
                waiting_on=dseat,
            )
        venjix = any(p.character == "venjix" for p in state.players)
        serp = None
        if state.config.serpentera and venjix:
            n = next(p.serpentera for p in state.players if p.character == "venjix")
            serp = make(StackView, count=3 - n, top=cat.face(SERPENTERA[n]) if n < 3 else None)

        def stack(cards, up):
            return make(
                StackView, count=len(cards), top=cat.face(cards[0]) if cards and up else None
            )

        return make(
            View,
            viewer=seat,
            format=state.config.format,
            phase=state.phase,
            turn=state.turn,
            active=state.active,
            turn_order=turn_order(state),
            turn_slot=state.slot,
            seats=tuple(seats),
            teams=tuple(
                make(
                    TeamView, name=TEAM_NAMES[t], hp=state.teams[t].hp, energy=state.teams[t].energy
                )
                for t in (0, 1)
            ),
            grid=tuple(grid),
            main_deck=make(StackView, count=len(state.main_deck)),
            main_discard=tuple(cat.face(c) for c in state.main_discard),
            destroyed_count=len(state.destroyed),
            blasters=stack(state.blasters, state.blaster_up),
            stuns=stack(state.stuns, True),
            zords=stack(state.zord_stack, state.zord_up),
            masters=stack(state.master_stack, state.master_up),
            serpentera=serp,
            bay=bay,
            lair=tuple(cat.face(m) for m in state.lair),
            lair_text=LAIR_TEXT,
            shards=state.shards,
            decision=decision,
            decision_seat=dseat,
            decision_prompt=prompt,
            attack=attack,
            last_turn=state.last_turn,
            hp_history=state.hp_history,
            to_act=tuple(sorted(self.to_act(state))),
            outcome=state.outcome,
        )

    def describe(self, action: Action) -> str:
        def nm(inst: str) -> str:
            try:
                return catalog().card(inst).name
            except Exception:
                return inst

        match action:
            case Pick():
                return f"choose {action.character}"
            case Play():
                return f"play {nm(action.card)}"
            case Buy():
                return f"buy {action.source}" + (
                    f" {action.index + 1}" if action.source == "grid" else ""
                )
            case Attach():
                return f"attach {nm(action.card)} to slot {action.slot + 1}"
            case AttachTile():
                return f"re-attach {nm(action.card)}"
            case Battle():
                return (
                    f"Battle Grid card {action.index + 1}"
                    if action.index is not None
                    else f"Battle the card in slot {action.slot + 1}"
                )
            case Activate():
                return f"activate {action.source}" + (
                    f" {action.index + 1}" if action.source in ("slot", "zord") else ""
                )
            case DestroyBlaster():
                return "destroy a Zeo Blaster"
            case DiscardAttached():
                return f"discard the card in slot {action.slot + 1}"
            case EndMain():
                return "end the Main Phase"
            case EndTurn():
                return "end the turn"
            case Choose():
                return f"choose {action.option}"
        return str(action)

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal the foes' hands and decks (keeping counts) and the face-down cards; the
        observer's own and teammate's hands are seen, so they stay."""
        players = list(state.players)
        for i, p in enumerate(state.players):
            if observer is not None and team_of(state, observer) == team_of(state, i):
                continue
            hand, deck = redeal(rng, p.hand, p.deck)
            players[i] = p.model_copy(update={"hand": hand, "deck": deck})
        deck = list(state.main_deck)
        rng.shuffle(deck)
        upd = {"players": tuple(players), "main_deck": tuple(deck)}
        for key, up in (
            ("blasters", state.blaster_up),
            ("zord_stack", state.zord_up),
            ("master_stack", state.master_up),
        ):
            cards = list(getattr(state, key))
            keep = cards[:1] if up else []
            rest = cards[len(keep) :]
            rng.shuffle(rest)
            upd[key] = tuple(keep + rest)
        return state.model_copy(update=upd)
