"""Power Rangers: Heroes of the Grid + Rise of the Psycho Rangers, standard mode.

The spec: the expansion rulebook (../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt,
cited by section name) and the base rules digest
(../shared/research/heroes-of-the-grid-base-rules.md, sections cited as "§4.1" etc.).
Where they are silent, card_data/hotg/RULINGS.md says what this code does ("Ruling N").

Shape of the machine:
* `State.phase`: deployment (automatic) -> action (the team acts) -> battle -> action ...
* Work that needs no input runs from `State.queue` (enemy effects, damage, attack stages);
  a question for the players is `State.decision`, answered by an ordinary action.
* `to_act` is one seat: the one asked by the decision, else `State.focus` (the team hands
  the turn around with `Focus`).
* Rejections name the rule section they enforce.
"""

from __future__ import annotations

from ...engine import Event, Rejection, Rules, Seat, event
from . import models as m
from .action_phase import ActionPhaseRules
from .attacks import RangerCardRules
from .battle import BattleRules
from .checks import CheckRules
from .choices import ChoiceRules
from .damage import DamageRules
from .deployment import DeploymentRules
from .enemies import EnemyRules
from .mastermind import MastermindRules
from .models import (
    Action,
    Attack,
    Config,
    State,
    Step,
    View,
)
from .psycho_assault import PsychoAssaultRules
from .questions import QuestionRules
from .setup import SetupRules
from .state_ops import (  # noqa: F401 - used by the tests and bots through rules
    MM_DECISIONS,
    _cat,
    _no,
    bt,
    enemy_deck,
    enemy_discard,
    loc_index,
    mm_seat,
    passive_on,
    pl,
    set_enemy_deck,
    set_enemy_discard,
    shared,
    upd,
)
from .views import ViewRules

_NOBODY: frozenset[Seat] = frozenset()
#: the answers of `to_act` for each seat (asked on every move): one shared frozen set each
_ONLY = {seat: frozenset({seat}) for seat in range(8)}
_DEFAULT_CONFIG: dict[None, Config] = {}


class HotgRules(
    SetupRules,
    DeploymentRules,
    PsychoAssaultRules,
    MastermindRules,
    QuestionRules,
    ChoiceRules,
    CheckRules,
    ActionPhaseRules,
    BattleRules,
    EnemyRules,
    DamageRules,
    RangerCardRules,
    ViewRules,
    Rules[Config, State, Action, View],
):
    game_id = "hotg"
    title = "Power Rangers: Heroes of the Grid"
    min_seats = 1
    max_seats = 6
    #: co-operative: an outcome with no winners is the team's loss, never a draw (Mastermind
    #: Mode names the Mastermind as the winner instead)
    cooperative = True
    #: 2 (issue 33): a Mastermind Scheme window opens only when a Scheme in hand can be
    #: played there, so a save from version 1 may hold answers to windows that no longer open
    #: 3 (issue 37): Mastodon, Mega V3/V4, Saber-Toothed Tiger, X, Psycho panic as written
    #: 4 (issue 37): Rising Moon's put-back, Strategic Defense's peek, Meteor Smash's energy
    #: option and Mega V1's timing as printed: new questions, and Mega V1 refused where a
    #: version-3 save may have used it
    #: 5 (issue 37): Psycho Assault with Command Center Assault (PA8): Psychos go to the
    #: Command Center, so a version-4 save of that pair may replay differently
    #: 6 (issue 37 item 9): picks given back to the team (a drain's stored energy...): new
    #: questions, so a version-5 save may answer one that is not there
    #: 7 (issue 37 item 9, the last picks): the Mastodon's `UseZord` names its figure, and
    #: Angel Grove Park B, an absent Ranger's Zord and the Psycho boss's cards ask the team
    version = 7

    def default_config(self, names: list[str] | None = None) -> Config:
        """The default config, validated once: its checks read nothing but its own fields,
        and a frozen config is shared safely (a random playout starts thousands of games)."""
        if names is not None:
            return super().default_config(names)
        got = _DEFAULT_CONFIG.get(None)
        if got is None:
            got = _DEFAULT_CONFIG[None] = Config()
        return got

    def to_act(self, state: State) -> frozenset[Seat]:
        if state.outcome is not None:
            return _NOBODY
        seat = state.decision.asked[0] if state.decision is not None else state.focus
        return _ONLY.get(seat) or frozenset({seat})

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if state.outcome is not None or seat != (
            state.decision.asked[0] if state.decision is not None else state.focus
        ):  # not in to_act(state)
            return []
        if state.decision is None and state.phase == "action":
            return self._legal_action_phase(state, seat)
        if state.decision is None and state.phase == "battle":
            return self._legal_battle(state, seat)
        memo: dict = {}
        return [
            a for a in self._candidates(state, seat) if self._check(state, seat, a, memo) is None
        ]

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        if state.outcome is not None:
            return _no("Victory and defeat", "The game is over.")
        if seat not in self.to_act(state):
            who = next(iter(self.to_act(state)))
            if who == mm_seat(state):
                return _no("Mastermind Mode", "The Mastermind is choosing now.")
            if seat == mm_seat(state):
                return _no("Mastermind Mode", "The Rangers are acting now.")
            return _no("Taking actions", f"{state.players[who].name} is acting for the team now.")
        return self._check(state, seat, action)

    def _resolve(self, state: State, seat: Seat, action: Action) -> tuple[State, tuple[Event, ...]]:
        ev: list[Event] = []
        s = self._do(state, seat, action, ev)
        s = self._run(s, ev)
        return s, tuple(ev)

    def _do(self, s: State, seat: int, a: Action, ev: list[Event]) -> State:
        if s.decision is not None and s.decision.kind in MM_DECISIONS:
            return self._answer_mm(s, a, s.decision, ev)
        cat = _cat(s)
        name = s.players[seat].name
        d = s.decision
        kind = type(a)  # (an action of this game's union: checked, or offered by legal_actions)
        if kind is m.Focus:
            ev.append(event(text=f"{s.players[a.seat].name} acts for the team", seat=a.seat))
            return upd(s, focus=a.seat)
        if kind is m.FlipToken:
            pair = len(s.players[seat].rangers) == 2
            gain = 3 if pair else 2
            s = pl(s, seat, tokens=s.players[seat].tokens - 1)
            s = self._gain(s, gain)
            ev.append(event(text=f"{name} flips an action token: +{gain} energy", seat=seat))
            if pair:  # §2, 2-player mode: the flip also lets the player draw up to hand size
                return self._ask_draw_more(s, (seat,), 0, d, "Token flipped", hand_cap=True)
            return s
        if kind is m.GiveEnergy:
            s = pl(s, seat, stored=s.players[seat].stored - 1)
            s = self._gain(s, 1)
            ev.append(event(text=f"{name} adds stored energy to the pool", seat=seat))
            return s
        if kind is m.UseZord:
            return self._use_zord(s, seat, a, ev)
        if d is not None:
            return self._answer(s, seat, a, d, ev)
        if kind is m.EndPhase:
            ev.append(event(text="The team ends the Action Phase", kind="phase"))
            return self._end_round(s, ev)
        if kind is m.Move:
            return self._move(s, seat, a, ev)
        if kind is m.Recover:
            if a.hq_token:
                s = upd(s, hq_tokens=s.hq_tokens - 1)
            else:
                s = pl(s, seat, tokens=s.players[seat].tokens - 1)
            return self._begin_recover(s, seat, ev)
        if kind is m.StartBattle:
            s = pl(s, seat, tokens=s.players[seat].tokens - 1)
            return self._begin_battle(s, seat, ev)
        if kind is m.Pass:
            ev.append(event(text=f"{name} ends the Rangers' turn", seat=seat))
            return upd(s, queue=(*s.queue, shared(Step, kind="end_ranger_turn")))
        if kind is m.UseAbility:
            return self._use_ability(s, seat, a.ranger, ev)
        if kind is m.GrantedAttack:
            g = s.battle.granted
            s = bt(s, granted=None, played=True)
            att = Attack(seat=seat, target=a.target, dice=g[1], splash=g[2])
            ev.append(event(text=f"{name}: Orbital Dropkick attack", seat=seat))
            return self._launch_attack(s, att, ev)
        if kind is m.PlayCard:
            card = cat.card(a.card)
            if card.type == "reaction":  # Astro Blaster on your own turn
                return self._play_reaction(s, seat, a, ev)
            return self._play(s, seat, a, ev)
        raise AssertionError(f"unhandled {a!r}")  # pragma: no cover

    def _gain(self, s: State, n: int) -> State:
        pool = s.battle.pool + n
        if passive_on(s, "path_of_frost"):
            pool = min(pool, 2)
        return bt(s, pool=pool)
