"""The coach (issue 38, "A coach"): the hard bot's move for a seat and a reason, from that
seat's view and legal actions only.

- The same advice, word for word, when the cards the seat cannot see are dealt otherwise
  (`Rules.hidden_variant` re-deals hands, decks and face-down cards, keeping the view).
- A reason never names a card the seat cannot see: every card name in it is in the view.
- The coach's dice never come from the secret seed.
- The plain front end's `hint` prints the advice; `hint play` plays it, marked "(coached)".
- A shared table's coach is off unless its maker allows it.
"""

from __future__ import annotations

import io
import random
import re

import pytest

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.engine.coach import Advice, advise, coach_rng
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.plain.hint import advice_for
from tabletop_tui.plain.play import PlainGame
from tabletop_tui.tables.client import LocalSeat
from tabletop_tui.tables.table import Table, TableError
from tabletop_tui.ui.session import Session

GAMES = ("army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg")


def card_names(game: str) -> set[str]:
    """Every card name the game knows (shown or hidden)."""
    if game == "army-of-zero":
        from tabletop_tui.games.army_of_zero.cards import shipped_characters

        return {c.name for c in shipped_characters()}
    if game == "pr-ccg-2008":
        from tabletop_tui.games.pr_ccg_2008.cards import catalog

        return {c.name for c in catalog().index.values()}
    if game == "zoobotz":
        from tabletop_tui.games.zoobotz.cards import catalog

        return {c.name for c in catalog().cards.values()}
    if game == "zeo-dbg":
        from tabletop_tui.games.zeo_dbg.cards import catalog

        cat = catalog()
        return {c.name for c in cat.cards.values()} | {c.name for c in cat.characters.values()}
    from tabletop_tui.games.hotg.cards import catalog

    cat = catalog()
    return {c.name for c in cat.combat.values()} | {c.name for c in cat.enemy.values()}


def positions(game: str, count: int = 12, seed: int = 7, stride: int = 5):
    """(match, seat) at `count` moments of a game played by quick bots: every `stride`
    actions, the first seat to act."""
    rules = get_rules(game)
    match = Match(rules, rules.config_type(), seed)
    rng = random.Random(seed)
    bot, other = make_bot(game, "quick"), RandomBot()
    found = 0
    for step in range(4000):
        acting = sorted(match.to_act())
        if not acting or found >= count:
            return
        seat = acting[0]
        if step % stride == 0:
            found += 1
            yield match, seat
        legal = match.legal_actions(seat)
        chooser = other if step % 7 == 0 else bot  # (a few odd moves: more varied tables)
        match.play(seat, chooser.choose(match.view(seat), legal, seat, rng))


def coach_of(match: Match, seat: int) -> Advice:
    """The advice as the screen and `hint` ask it: the seat's view and moves, the step."""
    advice = advice_for(Session(match=match), seat)
    assert advice is not None
    return advice


@pytest.mark.parametrize("game", GAMES)
def test_the_same_advice_whatever_the_hidden_cards(game):
    rules = get_rules(game)
    changed = 0
    for match, seat in positions(game, count=8):
        state = match.states[-1]
        advice = coach_of(match, seat)
        assert advice.action in match.legal_actions(seat)
        for k in range(3):
            variant = rules.hidden_variant(state, seat, random.Random(k))
            changed += variant != state
            match.states[-1] = variant
            try:
                again = coach_of(match, seat)
            finally:
                match.states[-1] = state
            assert (again.action, again.text) == (advice.action, advice.text)
    assert changed, "no hidden card was ever re-dealt: the test proved nothing"


@pytest.mark.parametrize("game", GAMES)
def test_a_reason_names_only_cards_the_seat_can_see(game):
    names = card_names(game)
    assert names
    said = 0
    for match, seat in positions(game, count=12, seed=11):
        advice = coach_of(match, seat)
        shown = match.view(seat).model_dump_json()
        named = {n for n in names if n in advice.text}
        said += bool(named)
        assert all(n in shown for n in named), (advice.text, named)
        if advice.reason.card is not None:
            assert advice.reason.card in shown
        assert advice.reason.headline
    assert said, "no reason named a card: the test proved nothing"


def test_the_coach_s_dice_are_not_the_seed():
    """The same moment in two games of different seeds: the coach's rng is the same."""
    assert coach_rng(4, 1).random() == coach_rng(4, 1).random()
    assert coach_rng(4, 1).random() != coach_rng(5, 1).random()


def test_a_reason_is_a_line_or_two():
    """Two lines of an 80-column screen's advice box at most."""
    for game in GAMES:
        for match, seat in positions(game, count=10, seed=3):
            text = coach_of(match, seat).text
            assert len(text) <= 2 * 78, text


def test_zeo_says_what_a_buy_costs_and_gains():
    """The issue's example: a Buy names the card and what it costs of the Shards held."""
    rules = get_rules("zeo-dbg")
    for match, seat in positions("zeo-dbg", count=60, stride=1, seed=5):
        legal = match.legal_actions(seat)
        view = match.view(seat)
        advice = advise("zeo-dbg", rules.describe, view, legal, seat, len(match.actions))
        if advice.reason.headline.startswith("Buy ") and view.shards:
            assert f"of your {view.shards}" in advice.reason.why
            assert advice.reason.card in advice.reason.headline
            return
    pytest.fail("the coach never suggested a Buy")


# -- the plain front end ------------------------------------------------------------------------
def _plain(game: str, lines: str, seed: int = 3) -> tuple[str, Session]:
    rules = get_rules(game)
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    session = Session.new(rules.game_id, seats, seed, autosave=False)
    out = io.StringIO()
    PlainGame(session, io.StringIO(lines), out).run()
    return out.getvalue(), session


def test_plain_hint_prints_the_coach_s_advice():
    text, session = _plain("zeo-dbg", "hint\nquit\n")
    match = session.match
    assert "Coach: Choose " in text  # (the first move: a character of the two dealt)
    assert all(a.seat != 0 for a in match.actions)  # a hint plays nothing (the bot picked)
    assert "hint play: play it" in text


def test_plain_hint_play_plays_it_marked_coached():
    text, session = _plain("pr-ccg-2008", "hint\nhint play\nquit\n")
    match = session.match
    mine = next(i for i, a in enumerate(match.actions) if a.seat == 0)
    assert "(coached)" in text
    assert any(e.text.endswith("(coached)") for e in match.events[mine + 1])
    # a secret choice says nothing else about it: only that the seat took the coach's move
    assert not any(
        "coached" in e.text for i, b in enumerate(match.events) if i != mine + 1 for e in b
    )


def test_plain_help_lists_hint():
    text, _ = _plain("army-of-zero", "help\nquit\n")
    assert "hint play" in text and "hint last" in text


def test_plain_hint_last_measures_a_pr_ccg_card():
    """PR CCG's bot scores each card (expected Damage less the cards spent): a card played
    below the best is measured against it, in those numbers."""
    rules = get_rules("pr-ccg-2008")
    for seed in range(20):
        match = Match(rules, rules.config_type(), seed)
        seat = 0
        legal = match.legal_actions(seat)
        from tabletop_tui.engine.coach import grade

        for action in legal:
            said = grade("pr-ccg-2008", match.view(seat), seat, action, legal, 0)
            if said is not None:
                assert said.startswith("Playing ") and "gave up" in said
                return
    pytest.fail("no card below the best in 20 deals")


# -- shared tables ---------------------------------------------------------------------------
def _table(coach: bool | None = None) -> tuple[Table, LocalSeat]:
    rules = get_rules("pr-ccg-2008")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]
    extra = {} if coach is None else {"coach": coach}
    table = Table("T1", rules, rules.config_type(), 5, seats, run_bots=False, **extra)
    ann, ben = LocalSeat(table, "ann"), LocalSeat(table, "ben")
    ann.sit(0)
    ben.sit(1)
    assert table.started  # (auto start: every seat taken)
    return table, ann


def test_a_table_s_coach_is_off_by_default():
    table, ann = _table()
    assert table.coach is False and table.info().coach is False
    from tabletop_tui.tables.protocol import Create

    assert Create(type="create", game="pr-ccg-2008", seats=[{"name": "A"}]).coach is False
    action = table.match.legal_actions(0)[0]
    error = ann.act(action, coached=True)
    assert error is not None and error.code == "no-coach"
    assert not table.match.actions  # refused: nothing played


def test_a_coached_move_is_marked_for_everyone_where_allowed():
    table, ann = _table(coach=True)
    heard: list = []
    table.slots[1].listener.on_message = heard.append  # (Ben's connection)
    action = table.match.legal_actions(0)[0]
    assert ann.act(action, coached=True) is None
    lines = [line.text for m in heard if getattr(m, "type", "") == "event" for line in m.events]
    assert any(line.endswith("(coached)") for line in lines), lines
    with pytest.raises(TableError):  # a watcher still cannot act, coached or not
        table.act(object(), {}, coached=True)  # type: ignore[arg-type]


def test_zeo_grades_a_cheaper_buy_against_the_dearest():
    """Zeo's bot rates Grid cards mostly by their price: a cheaper buy is measured against
    the dearest affordable one, both named from The Grid the seat sees."""
    from tabletop_tui.engine.coach import grade
    from tabletop_tui.games.zeo_dbg.models import Buy

    for match, seat in positions("zeo-dbg", count=200, stride=1, seed=5):
        view, legal = match.view(seat), match.legal_actions(seat)
        buys = [a for a in legal if isinstance(a, Buy) and a.source == "grid"]
        prices = {a: view.grid[a.index].price for a in buys}
        if len(set(prices.values())) < 2:
            continue
        cheap = min(buys, key=lambda a: prices[a])
        dear = max(buys, key=lambda a: prices[a])
        said = grade("zeo-dbg", view, seat, cheap, legal, len(match.actions))
        gap = prices[dear] - prices[cheap]
        assert said is not None and said.startswith(f"Buying {view.grid[cheap.index].card.name}")
        assert f"{gap} Shard" in said and view.grid[dear.index].card.name in said
        assert grade("zeo-dbg", view, seat, dear, legal, len(match.actions)) is None
        return
    pytest.fail("never two Grid cards of different prices to buy")


def test_plain_hint_is_off_where_the_table_did_not_allow_the_coach():
    """A shared table's session says whether its maker allowed the coach (RemoteSession's
    `coach_allowed`); plain's hint then gives no advice and plays nothing."""
    rules = get_rules("pr-ccg-2008")
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    session = Session.new(rules.game_id, seats, 3, autosave=False)
    session.coach_allowed = False  # type: ignore[attr-defined]
    out = io.StringIO()
    PlainGame(session, io.StringIO("hint\nhint play\nquit\n"), out).run()
    text = out.getvalue()
    assert text.count("The coach is off at this table") == 2
    assert "Coach:" not in text and all(a.seat != 0 for a in session.match.actions)


def test_pr_ccg_play_nothing_with_one_card_in_hand_reads_as_english():
    """Play-test: round 1 with one card in hand, the coach said "you keep all 1 cards"."""
    from tabletop_tui.games.pr_ccg_2008.coach import reason
    from tabletop_tui.games.pr_ccg_2008.models import Config, PlayNothing

    match = Match(get_rules("pr-ccg-2008"), Config(), 5)
    seat = min(match.to_act())
    view = match.view(seat)
    legal = match.legal_actions(seat)
    nothing = next(a for a in legal if isinstance(a, PlayNothing))
    assert view.seats[seat].hand_count == 1
    said = reason(view, seat, nothing, legal)
    assert "all 1 cards" not in said.why and "your one card" in said.why


#: an id as the rules write it: snake_case, or a place and an id ("trini:power-daggers")
_ID_TOKEN = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+:[a-z-]+\b")


@pytest.mark.parametrize(
    ("mode", "seats"), [("standard", 2), ("psycho_assault", 2), ("mastermind", 3)]
)
def test_every_hotg_move_has_a_reason_in_names(mode, seats):
    """Issue 38: a reason states what the view backs; issue 36: names, never ids. Every
    move a bot picks in Heroes of the Grid (battles, dice, targets, Zords, the Psycho's card,
    the Mastermind's moves) gets the game's own reason, never the rules' wording of the move
    ("Target card 1", "Deploy at ernies_juice_bar"), and no id shows in it."""
    from tabletop_tui.engine.bots import bot_rng
    from tabletop_tui.games.hotg import coach

    rules = get_rules("hotg")
    kinds: set[str] = set()
    for seed in range(2):
        names = tuple(f"P{i}" for i in range(seats))
        state = rules.new_game(rules.config_type(names=names, mode=mode), seed)
        bots = [make_bot("hotg", "bot:easy") for _ in names]
        for step in range(2500):
            if rules.outcome(state) is not None:
                break
            seat = min(rules.to_act(state))
            legal = list(rules.legal_actions(state, seat))
            view = rules.view(state, seat)
            action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
            if len(legal) > 1:
                said = coach.reason(view, seat, action, legal)
                assert said is not None, rules.describe(action)
                text = f"{said.headline} {said.why}"
                assert not _ID_TOKEN.search(text), text
                kinds.add(type(action).__name__)
            state, _ = rules.apply(state, seat, action)
    asked = {"Target", "Dice", "FightFigures", "PlaceCard", "PlaceMarker", "AttachPsycho"}
    assert kinds & asked, f"none of {asked} came up: the test proved nothing ({kinds})"


def test_the_fallback_reason_names_what_the_view_names():
    """A move no game reason covers is said in the rules' words with every id its view
    names replaced by the name (engine/coach.py `explain`)."""
    from tabletop_tui.engine.coach import explain

    rules = get_rules("hotg")
    state = rules.new_game(rules.config_type(names=("A", "B")), 0)
    view = rules.view(state, 0)
    location = view.locations[0]
    reason = explain("no-such-game", lambda a: f"deploy at {location.id}", view, 0, None, [])
    assert reason.headline == f"Deploy at {location.name}"


def test_zeo_reason_says_what_an_ability_does_and_reads_on():
    """An Activate reason gives the ability's effect, not the card's text from its first
    part on, and a reason goes on after a card's sentence without ".;"."""
    from tabletop_tui.games.zeo_dbg.cards import catalog
    from tabletop_tui.games.zeo_dbg.coach import _ability, _short

    axes = next(c for c in catalog().cards.values() if c.name == "Tide Axes")
    assert _ability(axes.text).startswith("Draw 1 card. Gain 2 Energy")
    two_parts = (
        "Widow (Scheming): Gain 1 Energy. | Widow (Empowered): Activate (2 Energy): Gain 1 Shard."
    )
    assert _ability(two_parts) == "Gain 1 Shard."
    assert _ability("Heal 2.") == "Heal 2."
    assert _short("When played: Heal 2.") == "When played: Heal 2"
