"""The coach in the plain front end: `hint`, `hint play`, `hint last` (engine/coach.py).

`hint` prints what the hard bot would play for the seat and why, from that seat's view and
moves only (the same advice as the full screen's C key); `hint play` plays it (the log marks
it "(coached)"); `hint last` measures the seat's own last move against the coach's pick,
where the game's bot scores its options.
"""

from __future__ import annotations

from ..engine import Rejection, Seat
from ..engine.coach import COACH_KIND, Advice, advise, grade_last

HINT_HELP = (
    "  hint          the coach: the hard bot's move for you, and why\n"
    "  hint play     play the coach's move (the log marks it coached)\n"
    "  hint last     your last move measured against the coach's pick"
)


def advice_for(session, seat: Seat, kind: str = COACH_KIND) -> Advice | None:
    """The coach's advice for `seat` now: from its view and legal moves, nothing more."""
    match = session.match
    if seat not in match.to_act():
        return None
    return advise(
        match.rules.game_id,
        match.rules.describe,
        match.view(seat),
        list(match.legal_actions(seat)),
        seat,
        len(match.actions),
        kind,
    )


def last_move_grade(session, seat: Seat) -> str:
    """The seat's last move against the coach's pick from the view it had then."""
    if not hasattr(session.match, "states"):  # (a shared table's seat keeps no past views)
        return "The coach measures moves in a game played here."
    if session.match.last_move_of(seat) is None:
        return "You have not moved yet."
    said = grade_last(session.match, seat)
    return said or "The coach has no measure to set your last move against (or agrees with it)."


def hint(game, seat: Seat, rest: str, kind: str = COACH_KIND) -> None:
    """The `hint` command of a `PlainGame` (plain/play.py)."""
    word = rest.strip().lower()
    if not getattr(game.session, "coach_allowed", True):
        game.say("The coach is off at this table: its maker did not allow it.")
        return
    if word in ("last", "l"):
        game.say(game.describer.named(last_move_grade(game.session, seat)))
        return
    advice = advice_for(game.session, seat, kind)
    if advice is None:
        game.say("No move of yours is open now: ask the coach on your move.")
        return
    if word in ("play", "p"):
        result = game.session.act(seat, advice.action, coached=True)
        if isinstance(result, Rejection):
            game.refused(result)
        else:
            game.events(result)
        return
    game.say(f"Coach: {game.describer.named(advice.text)}", "  (hint play: play it)")
