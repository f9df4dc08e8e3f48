"""Power Rangers Deck-Building Game: Zeo - every rule of its rulebook ("Setup", "Playing the
Game", the three phases in detail, "Other Card Types", "Miscellaneous Rules" and the Zeo
clarifications). Rejections name the rulebook section they come from.

Flow: setup (deal 2 and pick 1, if asked) -> turns in the order Villain, Hero, Villain,
Hero. A turn is Start Phase (refill The Grid, flip stack tops, ready attached cards,
start-of-turn effects in the player's order), Main Phase (play, buy, attach, Battle,
activate, discard a ready attached card, in any order, until EndMain), End Phase
(end-of-turn effects, 1 damage per adversary in The Grid, discard attached cards at will,
then EndTurn: discard played cards and hand, draw up to 5).

The rules live in one module per phase, each a mixin of ZeoRules: setup.py, turns.py
(Start and End Phases), main_phase.py, attacks.py (Attacks and Blocks), interpreter.py
(card effects and the answers to their questions), checks.py (why a move is illegal) and
views.py, over the shared primitives of table.py. This module holds the contract's
remaining pieces (who acts, the legal moves).

Card abilities are data (effects.py) run by the interpreter: a stack of `Job`s inside the
State. A choice inside an effect is a `Decision` for one seat; an Attack is a
`PendingAttack` that makes each defending seat act in turn with a Block prompt. Every
defender always gets the prompt (with only "decline" when no Block is possible), so
declining never reveals whether a Block was available.

Rulings where the rulebook is silent are in card_data/zeo-dbg/DESIGN.md ("Rulings").
"""

from __future__ import annotations

from ...engine import Rules, Seat
from ...engine.fast import make
from .attacks import AttacksAndBlocks
from .checks import Checks
from .interpreter import Interpreter
from .main_phase import MainPhase
from .models import (
    GRID_SIZE,
    HEROES,
    Action,
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    Config,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
    State,
    View,
)
from .setup import SetupPhase
from .table import (
    LAIR_HEAL,
    SLOT_TAKES,
    _cat,
    battle_price,
    settle_bay,
    team_of,
    zm_price,
)
from .turns import TurnPhases
from .views import Views


class ZeoRules(
    SetupPhase,
    TurnPhases,
    Interpreter,
    AttacksAndBlocks,
    Checks,
    MainPhase,
    Views,
    Rules[Config, State, Action, View],
):
    """The Zeo rules: one class assembled from a mixin per phase (setup.py, turns.py,
    main_phase.py, attacks.py, interpreter.py, checks.py, views.py) over table.py."""

    game_id = "zeo-dbg"
    title = "Power Rangers Deck-Building Game: Zeo"
    #: 2 (issue 37): the lone 2v1 team starts at 0 Energy unless `lone_head_start`
    version = 2
    min_seats = 2
    max_seats = 4

    # -- the contract ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[Seat]:
        if state.outcome is not None:
            return frozenset()
        if state.phase == "setup" and state.decision is None:
            return frozenset(i for i, p in enumerate(state.players) if not p.character)
        if state.attack is not None:
            return frozenset({state.attack.waiting[0][0]})
        if state.decision is not None:
            return frozenset({state.decision.seat})
        return frozenset({state.active})

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        # The candidates are well-formed by construction (the shared `screen` would pass
        # them), so only the game's own checks run: the same list as `check` allows.
        if state.phase == "main" and state.attack is None and state.decision is None:
            return self._main_candidates(state, seat, checked=True)
        own = Checks.check
        return [a for a in self._candidates(state, seat) if own(self, state, seat, a) is None]

    def _candidates(self, state: State, seat: int) -> list:
        if state.phase == "setup" and state.decision is None:
            return [make(Pick, character=c) for c in state.players[seat].offer]
        if state.attack is not None:
            return [_choose(o.id) for o in self.block_options(state, seat)]
        if state.decision is not None:
            return [_choose(o.id) for o in state.decision.options]
        if state.phase == "end":
            slots = state.players[seat].slots
            return [*(_DISCARD[i] for i, s in enumerate(slots) if s is not None), _END_TURN]
        return self._main_candidates(state, seat)

    def _main_candidates(self, state: State, seat: int, checked: bool = False) -> list:
        """The Main Phase moves that may be legal now, in a fixed order; `check` decides.
        A move whose check would fail on a test read here already (an empty slot or Grid
        space, a Zord played from hand, a card the slot does not take, a price above the
        Shards, an ability not there, no exhausted Zord) is left out.

        `checked`: return the legal moves themselves. A move this list vouches for (every
        test of its check was read here: a Play, an Attach, a Grid card's Buy or Battle, the
        Zeo Blaster or Signature Item) is kept as it is; the others pass the Main Phase
        check (`_check_main`, what `check` runs once its common part passed). The tests of
        tests/test_zeo_legal_moves.py hold this to every move filtered by `check`."""
        p = state.players[seat]
        cat = _cat(state)
        card_of = cat.card
        slots = p.slots
        shards = state.shards
        filled = [i for i, s in enumerate(slots) if s is not None]
        empty = [i for i, s in enumerate(slots) if s is None]
        ch = cat.characters[p.character]
        colours = ch.slots
        hand = [(_hand_moves(c), card_of(c)) for c in p.hand]
        out: list = [moves[0] for moves, card in hand if card.kind not in _TILES]
        for moves, card in hand:
            if card.kind in _TILES:
                out.append(moves[5])  # a Zord or Master: re-attached (Bay, orange slot, Lair)
            elif empty:  # `slot_accepts`, with the character read once
                kind, any_colour = card.kind, card.any_colour
                for i in empty:
                    colour = colours[i]
                    if colour == "orange":
                        continue
                    if (
                        kind not in _NOT_RAINBOW
                        if colour == "rainbow"
                        else any_colour or SLOT_TAKES.get(colour) == kind
                    ):
                        out.append(moves[1 + i])
        unsure: set[int] = set()
        grid = state.grid
        hero = team_of(state, seat) == HEROES
        foe_kind = "villain" if hero else "hero"  # `adversary`: Battled, never bought
        cards = [(i, card_of(grid[i])) for i in range(min(GRID_SIZE, len(grid))) if grid[i]]
        for i, card in cards:
            if card.kind != foe_kind and card.cost <= shards:
                out.append(_BUY_GRID[i])
                if card.attach_to_character:  # is there a character with an open slot?
                    unsure.add(len(out) - 1)
        if state.blasters and state.blaster_up and card_of(state.blasters[0]).cost <= shards:
            out.append(_BUY_BLASTER)
        if not p.item_gained and cat.cards[ch.item].cost <= shards:
            out.append(_BUY_ITEM)
        if not p.own_gained:
            if zm_price(state, seat) <= shards:
                unsure.add(len(out))
                out.append(_BUY_OWN)
        elif (
            (state.zord_stack and state.zord_up)
            if hero
            else (state.master_stack and state.master_up)
        ) and zm_price(state, seat) <= shards:
            unsure.add(len(out))
            out.append(_BUY_STACK)
        if state.config.serpentera and p.character == "venjix" and p.serpentera < 3:
            unsure.add(len(out))
            out.append(_BUY_SERPENTERA)
        for i, card in cards:
            if card.kind == foe_kind and battle_price(state, seat, card) <= shards:
                out.append(_BATTLE_GRID[i])
        rest: list = [_BATTLE_SLOT[i] for i in filled if slots[i].stuck]
        if p.flipped and not p.char_used:
            rest.append(_ACTIVATE_CHARACTER)
        if hero and not state.bay_used and any(not z.ready for z in state.bay):
            rest.append(_ACTIVATE_BAY)
        if p.serpentera >= 3:
            rest.append(_ACTIVATE_SERPENTERA)
        rest += [_ACTIVATE_SLOT[i] for i in filled if slots[i].ready]
        rest += [_ACTIVATE_ZORD[i] for i in range(len(state.bay))]
        rest += [_destroy(c) for c in p.played if c.startswith("zeo-blaster#")]
        rest += [_DISCARD[i] for i in filled]
        if not checked:
            return [*out, *rest, _END_MAIN]
        own = self._check_main
        if unsure:
            out = [a for k, a in enumerate(out) if k not in unsure or own(state, seat, a) is None]
        out += [a for a in rest if own(state, seat, a) is None]
        out.append(_END_MAIN)
        return out


# The moves legal_actions offers, built once (actions are frozen, so they can be shared).
_BUY_GRID = tuple(make(Buy, source="grid", index=i) for i in range(GRID_SIZE))
_BUY_BLASTER, _BUY_ITEM, _BUY_OWN, _BUY_STACK, _BUY_SERPENTERA = (
    make(Buy, source=s) for s in ("blaster", "item", "own", "stack", "serpentera")
)
_BATTLE_GRID = tuple(make(Battle, index=i) for i in range(GRID_SIZE))
_BATTLE_SLOT = tuple(make(Battle, slot=i) for i in range(4))
_ACTIVATE_CHARACTER, _ACTIVATE_BAY, _ACTIVATE_SERPENTERA = (
    make(Activate, source=s) for s in ("character", "bay", "serpentera")
)
#: cards that leave the hand only by re-attaching (AttachTile), never by Play or Attach
_TILES = ("zord", "master")
#: what a rainbow slot does not take (`slot_accepts`)
_NOT_RAINBOW = ("villain", "zord", "master", "location", "section")
_ACTIVATE_SLOT = tuple(make(Activate, source="slot", index=i) for i in range(4))
_ACTIVATE_ZORD = tuple(make(Activate, source="zord", index=i) for i in range(5))
_DISCARD = tuple(make(DiscardAttached, slot=i) for i in range(4))
_END_MAIN, _END_TURN = make(EndMain), make(EndTurn)
#: per card instance: Play, Attach to slots 0-3, AttachTile
_HAND_MOVES: dict[str, tuple] = {}


def _hand_moves(card: str) -> tuple:
    moves = _HAND_MOVES.get(card)
    if moves is None:
        moves = _HAND_MOVES[card] = (
            make(Play, card=card),
            *(make(Attach, card=card, slot=i) for i in range(4)),
            make(AttachTile, card=card),
        )
    return moves


def _choose(option: str) -> Choose:
    return make(Choose, option=option)


def _destroy(card: str) -> DestroyBlaster:
    return make(DestroyBlaster, card=card)


__all__ = ["LAIR_HEAL", "ZeoRules", "settle_bay"]
