"""The Power Rangers CCG (2008) heuristic bot: legal, view-only, bluffs, beats RandomBot."""

from __future__ import annotations

import ast
import inspect
import itertools
import random
import typing

import pytest

from tabletop_tui.engine.bots import RandomBot, bot_rng
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.pr_ccg_2008 import bot as bot_module
from tabletop_tui.games.pr_ccg_2008.bot import (
    PrCcgBot,
    element_against,
    pick,
    powers,
    unseen_cards,
)
from tabletop_tui.games.pr_ccg_2008.cards import catalog
from tabletop_tui.games.pr_ccg_2008.models import (
    CancelSelection,
    ChooseElement,
    PayCard,
    PlayNothing,
    SelectCard,
    State,
    View,
)
from tabletop_tui.selfplay import game_config, run_many

GAME = "pr-ccg-2008"
STEP_BOUND = 2_000


@pytest.fixture(scope="module")
def rules():
    return get_rules(GAME)


def deck_pairs() -> list[tuple[str, str]]:
    ids = [d.info.id for d in catalog().card_set.decks]
    return list(itertools.combinations(ids, 2))


def bot_game(rules, seed: int, decks, kinds=("heuristic", "heuristic")):
    """Play one game; yield (state, seat, view, legal, action) for every heuristic move."""
    bots = [make_bot(GAME, k) for k in kinds]
    state = rules.new_game(game_config(rules, {"decks": list(decks)}), seed)
    step = 0
    while rules.to_act(state):
        assert step < STEP_BOUND, "the game did not finish"
        for seat in sorted(rules.to_act(state)):
            if seat not in rules.to_act(state):
                continue
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            action = bots[seat].choose(view, legal, seat, bot_rng(seed, step, seat))
            if isinstance(bots[seat], PrCcgBot):
                yield state, seat, view, legal, action
            state, _ = rules.apply(state, seat, action)
            step += 1
    assert rules.outcome(state) is not None


def test_registry_makes_the_heuristic_bot():
    bot = make_bot(GAME, "heuristic")
    assert isinstance(bot, PrCcgBot) and bot.name == "heuristic"
    assert isinstance(make_bot(GAME, "random"), RandomBot)


def test_bot_sees_a_view_and_nothing_else():
    params = inspect.signature(PrCcgBot.choose).parameters
    assert list(params) == ["self", "view", "legal", "seat", "rng"]
    hints = typing.get_type_hints(PrCcgBot.choose)
    assert hints["view"] is View and hints["rng"] is random.Random
    assert all(value is not State for value in vars(bot_module).values())
    tree = ast.parse(inspect.getsource(bot_module))
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not {m for m in imported if m.split(".")[0] in ("textual", "rich")}


def test_only_legal_actions_in_every_phase(rules):
    kinds_seen = set()
    for n, decks in enumerate(deck_pairs()):
        for kinds in (("heuristic", "heuristic"), ("heuristic", "random")):
            for _, _, view, legal, action in bot_game(rules, 100 + n, decks, kinds):
                assert action in legal
                kinds_seen.add((view.phase, action.kind))
    assert {("select", "select"), ("select", "pay"), ("select", "nothing")} <= kinds_seen
    assert ("element", "element") in kinds_seen


def test_never_takes_a_selection_back_and_games_finish(rules):
    """Select then pay until locked: no select/cancel loop, every game ends in bounds."""
    for n, decks in enumerate(deck_pairs()):
        for seed in (7 * n, 7 * n + 1):
            selecting = {}
            for state, seat, _view, _legal, action in bot_game(rules, seed, decks):
                assert not isinstance(action, CancelSelection)
                if isinstance(action, SelectCard):
                    selecting[seat] = action.card
                if isinstance(action, PayCard):
                    assert state.seats[seat].selected == selecting[seat]


def test_same_view_same_choice_whatever_is_hidden(rules):
    """Re-dealing the opponent's hidden hand, deck and choice changes nothing."""
    checked = 0
    shuffler = random.Random(7)
    decks = deck_pairs()[0]
    for state, seat, view, legal, _action in bot_game(rules, 3, decks):
        variant = rules.hidden_variant(state, seat, shuffler)
        assert rules.view(variant, seat) == view
        again = PrCcgBot().choose(
            rules.view(variant, seat), rules.legal_actions(variant, seat), seat, random.Random(1)
        )
        assert again == PrCcgBot().choose(view, legal, seat, random.Random(1))
        checked += 1
    assert checked > 10


def test_element_choice_leaves_the_opponent_weakest():
    cards = [c for d in catalog().card_set.decks for c in d.cards]
    multi = [c for c in cards if len(c.battle_elements) > 1]
    assert multi, "no shipped card names several Battle Elements"
    for mine in multi:
        for theirs in cards:
            chosen = element_against(mine, theirs)
            assert chosen in mine.battle_elements
            assert theirs.values[chosen] == min(theirs.values[e] for e in mine.battle_elements)
            a, b = powers(mine, theirs)
            assert b == theirs.values[chosen]
            assert a == min(mine.values[e] for e in theirs.battle_elements)


def test_element_phase_action(rules):
    for n, decks in enumerate(deck_pairs()):
        for _, seat, view, _legal, action in bot_game(rules, 300 + n, decks):
            if view.phase == "element":
                mine, theirs = view.battle_cards[seat], view.battle_cards[1 - seat]
                assert action == ChooseElement(element=element_against(mine, theirs))
                return
    pytest.fail("no element phase in any game")


def test_it_bluffs_sometimes(rules):
    """Holding an affordable card with a Hand Cost, it sometimes shows nothing or its cheapest."""
    bluffs = strong = 0
    for n, decks in enumerate(deck_pairs() * (40 // len(deck_pairs()))):
        for _, seat, view, legal, action in bot_game(rules, 500 + n, decks):
            me = view.seats[seat]
            if view.phase != "select" or me.selected is not None:
                continue
            hand = dict(me.hand)
            playable = [hand[a.card] for a in legal if isinstance(a, SelectCard)]
            if not any(c.hand_cost for c in playable):
                continue
            strong += 1
            cheapest = min(c.hand_cost for c in playable)
            if isinstance(action, PlayNothing) or hand[action.card].hand_cost == cheapest:
                bluffs += 1
    assert strong > 50
    assert 0 < bluffs < strong


def test_pick_bluffs_with_some_seeds_only(rules):
    state = rules.new_game(rules.default_config(), 1)
    view = rules.view(state, 0)
    cards = sorted(catalog().card_set.deck(state.config.decks[0]).cards, key=lambda c: c.hand_cost)
    hand = [cards[-1], *cards[:4]]
    unseen = unseen_cards(view.seats[1])
    picks = [pick(hand, 15, 4, 15, unseen, random.Random(i)) for i in range(400)]
    assert len(set(picks)) >= 2  # usually the best card, sometimes a bluff
    assert all(p is None or hand[p].hand_cost <= len(hand) - 1 for p in picks)


def test_beats_random_bot_more_often_than_not():
    """60 seeded games, the heuristic bot in seat 1 for half and seat 2 for the rest."""
    wins = 0
    for seat, start in ((0, 900), (1, 930)):
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        wins += sum(seat in r.winners for r in run_many(GAME, 30, start, kinds))
    assert wins > 30, f"heuristic won only {wins} of 60 against RandomBot"


def test_selfplay_takes_the_deck_choice():
    from tabletop_tui.selfplay import play_headless

    decks = list(deck_pairs()[-1])
    rules = get_rules(GAME)
    assert game_config(rules, {"decks": decks}).decks == tuple(decks)
    assert game_config(rules, None) == rules.default_config()
    first = play_headless(GAME, 5, ["heuristic", "heuristic"], config={"decks": decks})
    again = play_headless(GAME, 5, ["heuristic", "heuristic"], config={"decks": decks})
    assert first.outcome != "unfinished"
    assert first.model_dump(exclude={"ms"}) == again.model_dump(exclude={"ms"})
    with pytest.raises(ValueError):
        play_headless(GAME, 5, ["random", "random"], config={"decks": ["no-such", decks[0]]})
