"""Why a ZOOBOTZ move is good, from the seat's View (engine/coach.py).

Cards named come from the seat's own hand and the Botz in play (face up for everyone);
numbers are the values, RISK and research points the View shows.

`grade` measures a Main Phase move against the hard bot's pick the way the hard bot weighs
its own candidates: both played out by the normal bot on tables rebuilt from the seat's View
(the cards it cannot see dealt at random), scored a few turns on (bot_hard.score).
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from .bot_hard import MARGIN, ZoobotzHardBot
from .bot_hard import WIN as WIN_POINTS
from .models import (
    Bottom,
    BotView,
    CardFace,
    Choose,
    EndTurn,
    Hack,
    Invest,
    Keep,
    Play,
    Research,
    Shield,
    View,
)


def _hand(view: View, seat: int, instance: str) -> CardFace | None:
    return dict(view.seats[seat].hand).get(instance)


def _bot(view: View, instance: str) -> tuple[int, BotView] | None:
    for i, s in enumerate(view.seats):
        for b in s.botz:
            if b.instance == instance:
                return i, b
    return None


def reason(view: View, seat: int, action, legal: list) -> Reason:
    me = view.seats[seat]
    if isinstance(action, Play):
        face = _hand(view, seat, action.card)
        name = face.name if face else "a card"
        why = f"costs {face.cost}" if face else ""
        if face is not None and face.kind == "bot" and face.value is not None:
            why += f"; a Bot of value {face.value}: USE it from your next turn"
        elif face is not None and face.text:
            why += f"; {' '.join(face.text.split())[:60]}"
        why += f" (you have {me.invested_unused} invested card(s) unused)"
        return Reason(f"Play {name}", why, name)
    if isinstance(action, Invest):
        face = _hand(view, seat, action.card)
        name = face.name if face else "a card"
        return Reason(
            f"Invest {name}",
            f"one more card to pay with ({me.invested_count} invested so far)",
            name,
        )
    if isinstance(action, Research):
        hit = _bot(view, action.bot)
        name = hit[1].card.name if hit else "a Bot"
        return Reason(
            f"USE {name} to RESEARCH with {action.cards} card(s)",
            f"your research stands at {me.research} of {view.goal}; the Bot's value "
            f"{hit[1].value if hit else '?'} caps the cards it may use",
            name,
        )
    if isinstance(action, Hack):
        mine, target = _bot(view, action.bot), _bot(view, action.target)
        name = mine[1].card.name if mine else "your Bot"
        tname = target[1].card.name if target else "their Bot"
        why = f"value {mine[1].value if mine else '?'}"
        if target is not None:
            owner = view.seats[target[0]].name
            why += f" against {owner}'s {tname} (value {target[1].value}, RISK {target[1].risk})"
        return Reason(f"USE {name} to HACK {tname}", why, tname)
    if isinstance(action, Shield):
        hit = _bot(view, action.bot)
        name = hit[1].card.name if hit else "your Bot"
        return Reason(
            f"USE {name} to SHIELD",
            "while it SHIELDs, the other players' Botz cannot RESEARCH",
            name,
        )
    if isinstance(action, Bottom):
        face = _hand(view, seat, action.card)
        name = face.name if face else "a card"
        return Reason(
            f"Send {name} to the bottom",
            f"costs {face.cost}: the dearest card of your opening hand" if face else "",
            name,
        )
    if isinstance(action, Keep):
        return Reason("Keep the hand", f"{me.hand_count} cards you can start with")
    if isinstance(action, EndTurn):
        used = sum(1 for b in me.botz if not b.used and not b.fresh)
        why = "no Bot left to USE" if not used else "nothing left that the coach rates worth it"
        return Reason("End the turn", why)
    if isinstance(action, Choose):
        d = view.decision
        label = action.option
        if d is not None:
            label = next((o.label for o in d.options if o.id == action.option), label)
        return Reason(f"Choose {label}", d.prompt if d is not None else "")
    return Reason(str(action))


# -- grading the seat's own move -----------------------------------------------------------
#: sampled tables for a grade (the hard bot's own choice takes 4; more steady the numbers)
GRADE_SAMPLES = 8


def _named(view: View, seat: int, action, legal: list) -> str:
    return reason(view, seat, action, legal).headline


def grade(view: View, seat: int, played, legal: list, rng: random.Random) -> str | None:
    """A Main Phase move against the hard bot's pick, both rolled out on the same sampled
    tables; None when it is the pick, as good within the hard bot's margin, or no Main Phase
    move (questions and the mulligan are not graded)."""
    if view.decision is not None or view.phase != "main" or played not in legal:
        return None
    if len(legal) < 2:
        return None
    pick = ZoobotzHardBot().choose(view, legal, seat, rng)  # the coach's advice, same dice
    if pick == played:
        return None
    judge = ZoobotzHardBot(samples=GRADE_SAMPLES)
    totals = judge.rollout_totals(view, seat, [pick, played], random.Random(rng.getrandbits(64)))
    if totals is None:
        return None
    gap = (totals[0] - totals[1]) / judge.samples
    if gap < MARGIN:
        return None
    return (
        f"{_named(view, seat, played, legal)} gave up {gap:.1f} against "
        f"{_named(view, seat, pick, legal)} (RESEARCH lead {judge.horizon} turns on, a win "
        f"{WIN_POINTS:.0f}; {judge.samples} tables dealt from the cards you cannot see)"
    )
