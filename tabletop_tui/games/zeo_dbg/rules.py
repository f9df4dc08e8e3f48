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

from ...engine import Outcome, Rules, Seat
from .attacks import AttacksAndBlocks
from .checks import Checks
from .interpreter import Interpreter
from .main_phase import MainPhase
from .models import (
    GRID_SIZE,
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
    settle_bay,
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
    min_seats = 2
    max_seats = 4
    config_type = Config
    state_type = State
    view_type = View
    action_type = Action

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
        return [a for a in self._candidates(state, seat) if self.check(state, seat, a) is None]

    def _candidates(self, state: State, seat: int) -> list:
        if state.phase == "setup" and state.decision is None:
            return [Pick(character=c) for c in state.players[seat].offer]
        if state.attack is not None:
            return [Choose(option=o.id) for o in self.block_options(state, seat)]
        if state.decision is not None:
            return [Choose(option=o.id) for o in state.decision.options]
        p = state.players[seat]
        if state.phase == "end":
            return [DiscardAttached(slot=i) for i in range(4)] + [EndTurn()]
        out: list = [Play(card=c) for c in p.hand]
        for c in p.hand:
            out += [Attach(card=c, slot=i) for i in range(4)]
            out.append(AttachTile(card=c))
        out += [Buy(source="grid", index=i) for i in range(GRID_SIZE)]
        out += [Buy(source=s) for s in ("blaster", "item", "own", "stack", "serpentera")]
        out += [Battle(index=i) for i in range(GRID_SIZE)]
        out += [Battle(slot=i) for i in range(4)]
        out += [Activate(source="character"), Activate(source="bay"), Activate(source="serpentera")]
        out += [Activate(source="slot", index=i) for i in range(4)]
        out += [Activate(source="zord", index=i) for i in range(len(state.bay))]
        out += [DestroyBlaster(card=c) for c in p.played if c.startswith("zeo-blaster#")]
        out += [DiscardAttached(slot=i) for i in range(4)]
        out.append(EndMain())
        return out

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome


__all__ = ["LAIR_HEAL", "ZeoRules", "settle_bay"]
