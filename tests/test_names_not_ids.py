"""Names, never ids (issue 36): the F2 list and the replay titles say a card by its name
("place Thegn Saltmarsh next on the Squad Pile", not "place AOZ-65 ..."), named from the
acting seat's own View; an outcome said to a seat named You speaks in the second person."""

from __future__ import annotations

import random
import re

from tabletop_tui.engine.match import Match
from tabletop_tui.engine.names import describe_all_seen, describe_seen, named, names_in
from tabletop_tui.games import get_rules
from tabletop_tui.tables.replay import Replay

#: an id as the games write them: AOZ-67, GRD-09#1, data-dodo#2.1, hand:junior-cadet#t2
ID = re.compile(r"\bAOZ-\d+|\b[A-Z]{3}-\d\d|[a-z]+(?:-[a-z0-9]+)*#\w[\w.]*")


def _finished(game: str, seed: int = 3, names=None) -> Match:
    rules = get_rules(game)
    config = rules.default_config()
    if names is not None:
        config = config.model_copy(update={"names": names})
    match = Match(rules, config, seed)
    rng = random.Random(seed)
    while match.to_act() and len(match.actions) < 3000:
        seat = rng.choice(sorted(match.to_act()))
        match.play(seat, rng.choice(match.legal_actions(seat)))
    assert match.outcome() is not None
    return match


def test_the_squad_ordering_moves_name_each_character():
    rules = get_rules("army-of-zero")
    state = rules.new_game(rules.default_config(), 5)
    legal = rules.legal_actions(state, 0)
    view = rules.view(state, 0)
    raw = [rules.describe(a) for a in legal]
    assert any(ID.search(r) for r in raw)  # the rules' own words carry the id
    words = describe_all_seen(rules, legal, view)
    assert not any(ID.search(w) for w in words)
    first = view.seats[0].unplaced[0]
    assert f"place {first.name} next on the Squad Pile" in words
    assert words[0] == describe_seen(rules, legal[0], view)


def test_the_pr_ccg_moves_name_the_card_in_hand():
    rules = get_rules("pr-ccg-2008")
    config = rules.default_config().model_copy(update={"opening_hand": 5})
    state = rules.new_game(config, 2)
    view = rules.view(state, 0)
    legal = rules.legal_actions(state, 0)
    words = describe_all_seen(rules, legal, view)
    cid, card = view.seats[0].hand[0]
    assert "#" in cid and f"select {card.name} for battle" in words
    assert not any(ID.search(w) for w in words)


def test_an_id_a_view_does_not_show_stays_an_id():
    """A seat's View names only what it sees: the other squad's order is not in it."""
    rules = get_rules("army-of-zero")
    state = rules.new_game(rules.default_config(), 5)
    theirs = rules.view(state, 1).seats[1].unplaced[0]
    mine = names_in(rules.view(state, 0))
    assert theirs.id not in mine
    assert named(f"place {theirs.id}", mine) == f"place {theirs.id}"
    # a place written before the id is said after the name
    assert named("choose hand:x#1", {"x#1": "Junior Cadet"}) == "choose Junior Cadet (hand)"


def test_replay_titles_name_the_cards_in_every_game():
    for game in ("army-of-zero", "pr-ccg-2008", "zeo-dbg"):
        replay = Replay(_finished(game))
        raw = [s.action for s in replay.steps if s.action and ID.search(s.action)]
        assert raw, game  # the game's describer says ids: the titles must name them
        titles = [replay.heading(i) for i in range(len(replay))]
        assert not [t for t in titles if ID.search(t)], game


def test_the_replay_title_names_the_character_placed():
    match = _finished("army-of-zero")
    replay = Replay(match)
    step = next(s for s in replay.steps if s.action and s.action.startswith("place AOZ-"))
    card = step.action.split()[1]
    name = names_in(match.rules.view(replay.steps[step.index - 1].state, step.seat))[card]
    assert replay.heading(step.index).endswith(f"place {name} next on the Squad Pile")


def test_game_over_said_to_a_seat_named_you_in_the_replay_and_the_finished_list():
    from tabletop_tui.paths import SavedGame
    from tabletop_tui.ui.screens.launcher import FinishedScreen

    match = _finished("army-of-zero", seed=3, names=("You", "Bot"))
    summary = match.outcome().summary
    assert "You's" in summary or "You has" in summary  # the rules speak in the third person
    text = Replay(match).text(len(match.actions))
    assert "You's" not in text and "You has" not in text
    assert "your characters" in text or "You have" in text
    game = SavedGame(
        path=None, modified=0.0, game="army-of-zero", players=("You", "Bot"), result=summary
    )
    line = str(FinishedScreen.line(None, game))
    assert "You's" not in line and "You has" not in line
