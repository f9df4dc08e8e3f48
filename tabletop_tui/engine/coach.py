"""The coach: what the game's hard bot would do in a seat's place, and why, in a line or two.

The coach is handed exactly what a bot is handed, the seat's View and its legal actions,
and asks the hard level (`games.make_bot(game, "bot:hard")`, engine/levels.py) to choose.
The reason comes from the game's own `games/<game>/coach.py`, which reads the same View:
it says what the move is and what it gains or prevents in cards and numbers the seat can
see, never a claim it cannot show (a hidden card, a guess at the future).

Its dice are its own (`coach_rng`): they come from the move number and the seat, never from
the match seed, which is secret (it deals every hidden card) and which a remote seat does
not even have. Asking twice at the same moment gives the same advice.

A game's coach module provides

- `reason(view, seat, action, legal) -> Reason | None`: the headline ("Buy Zedd's
  Revenge"), the why ("4 Shards of your 5, ..."), and the card on the table the move acts
  on, if any; None: the move in the rules' own words (`describe`), with no reason;
- optionally `grade(view, seat, played, legal, rng) -> str | None`: the player's own move
  measured against the coach's pick, where the game's bot scores its options.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from .core import Seat

#: the bot level the coach asks (tests may ask a quicker one: `advise(..., kind="quick")`)
COACH_KIND = "bot:hard"


@dataclass(frozen=True)
class Reason:
    """What a game's coach module says about one move."""

    #: the move in a few words, naming its card: "Buy Zedd's Revenge"
    headline: str
    #: why, from the view only: "4 Shards, the dearest card you can afford in The Grid"
    why: str = ""
    #: the name of the card the move acts on, as the table shows it (highlighted there)
    card: str | None = None


@dataclass(frozen=True)
class Advice:
    seat: Seat
    #: the move count the advice was given at (stale once the table moved on)
    step: int
    action: Any
    reason: Reason

    @property
    def text(self) -> str:
        """The one or two lines shown: "Coach: Buy X — why"."""
        r = self.reason
        return f"{r.headline}: {r.why}" if r.why else r.headline


def coach_rng(step: int, seat: Seat) -> random.Random:
    """The coach's own dice: the move number and the seat, never the secret seed."""
    return random.Random(f"coach:{step}:{seat}")


def coach_module(game_id: str):
    """The game's `coach` module (next to its rules), or None when it has none."""
    from ..games import GAMES  # late: the engine knows no game

    info = GAMES.get(game_id)
    if info is None or info.rules_path is None:
        return None
    package = info.rules_path.partition(":")[0].rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.coach")
    except ModuleNotFoundError:
        return None


def hard_bot(game_id: str, kind: str = COACH_KIND):
    from ..games import make_bot  # late: the engine knows no game

    return make_bot(game_id, kind)


def explain(game_id: str, describe, view: Any, seat: Seat, action: Any, legal: list) -> Reason:
    """The game's reason for `action`; the rules' own words when the game has none."""
    module = coach_module(game_id)
    if module is not None:
        try:
            said = module.reason(view, seat, action, legal)
        except Exception:  # noqa: BLE001 - a reason must never cost the player the advice
            said = None
        if said is not None:
            return said
    from .names import named, names_in

    text = named(describe(action), names_in(view))  # names, never ids (issue 36)
    return Reason(headline=text[:1].upper() + text[1:])


def advise(
    game_id: str,
    describe,
    view: Any,
    legal: list,
    seat: Seat,
    step: int,
    kind: str = COACH_KIND,
) -> Advice | None:
    """What the bot of level `kind` would play for `seat` from `view` and `legal`, and why.
    `describe`: the rules' `describe` (the headline when a game's coach says nothing).
    None when the seat has no move to make."""
    if not legal:
        return None
    bot = hard_bot(game_id, kind)
    action = bot.choose(view, list(legal), seat, coach_rng(step, seat))
    return Advice(seat, step, action, explain(game_id, describe, view, seat, action, legal))


def grade(game_id: str, view: Any, seat: Seat, played: Any, legal: list, step: int) -> str | None:
    """The player's move `played` (from `view`, with `legal` open) against the coach's pick,
    in a line; None where the game's bot does not score its options (or they agree)."""
    module = coach_module(game_id)
    scorer = getattr(module, "grade", None) if module is not None else None
    if scorer is None:
        return None
    return scorer(view, seat, played, legal, coach_rng(step, seat))


def grade_last(match, seat: Seat) -> str | None:
    """`match`'s last move of `seat` against the coach's pick from the view the seat had
    then (a `Match`, which keeps every state); None where there is nothing to say."""
    step = match.last_move_of(seat)
    if step is None:
        return None
    rules = match.rules
    before = match.states[step]
    played = rules.parse_action(match.actions[step].action)
    legal = list(rules.legal_actions(before, seat))
    return grade(rules.game_id, rules.view(before, seat), seat, played, legal, step)
