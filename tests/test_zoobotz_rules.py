"""ZOOBOTZ, scenario by scenario from the rulebook (its FAQs are part of the rules; our own
summary is tabletop_tui/reference/zoobotz.md).

Each test's docstring names the rulebook section (or FAQ) it checks; the readings chosen
where the rulebook is silent are in card_data/zoobotz/RULINGS.md and cited as "Ruling N".
The tests never use the shipped pool (it is tuned for balance): a small card folder with
one card per effect kind is written to a temporary directory, and most scenarios build a
`State` by hand, so every outcome is fixed by the test rather than by a shuffle.
"""

from __future__ import annotations

import pytest
import zoobotz_helpers as kit
from zoobotz_helpers import (
    END,
    KEEP,
    RULES,
    bot,
    bot_at,
    c,
    ends,
    ids,
    legal,
    play,
    rejected,
    seat,
    table,
    texts,
)

from tabletop_tui.games.zoobotz.cards import catalog
from tabletop_tui.games.zoobotz.models import (
    Bottom,
    Choose,
    Config,
    CustomDeck,
    Hack,
    Invest,
    Play,
    Research,
    Shield,
    State,
)

# the kit's pytest fixtures, by their names
cards_dir, cfg, cfg3 = kit.cards_dir, kit.cfg, kit.cfg3


def test_the_test_card_folder_loads(cards_dir):
    """Deck Building: the kit deck is a legal 40-card deck of the kit pool."""
    cat = catalog(cards_dir)
    assert cat.decks["kit"].size == 40
    assert cat.card("v3#1.9").value == 3


# -- GAME_OVERVIEW, Deck Building ---------------------------------------------------------------
def test_two_to_six_players(cards_dir):
    """GAME_OVERVIEW: 2-6 Players. Each seat gets a deck; 1 or 7 players is refused."""
    for n in range(2, 7):
        config = Config(names=tuple(f"P{i}" for i in range(n)), cards_dir=cards_dir)
        assert RULES.seat_count(config) == n and len(config.decks) == n
    for n in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            Config(names=tuple(f"P{i}" for i in range(n)))
    with pytest.raises(ValueError, match="need 3 decks"):
        Config(names=("a", "b", "c"), decks=("kit", "kit"))


def test_decks_need_40_cards_and_at_most_4_copies(cards_dir):
    """Deck Building: at least 40 cards, up to 4 copies of any card (a player's own deck)."""
    good = tuple(
        (k, 4) for k in ("v1", "v2", "v3", "v4", "v6", "deal", "alarm", "shell", "fang", "line")
    )
    state = RULES.new_game(
        Config(cards_dir=cards_dir, decks=(CustomDeck(name="Mine", cards=good), "kit")), 1
    )
    assert len(state.seats[0].deck) + len(state.seats[0].hand) == 40
    short = CustomDeck(name="Short", cards=good[:-1] + (("line", 3),))
    with pytest.raises(ValueError, match="39 cards: a deck needs at least 40"):
        RULES.new_game(Config(cards_dir=cards_dir, decks=(short, "kit")), 1)
    five = CustomDeck(name="Five", cards=good + (("v1", 1),))
    with pytest.raises(ValueError, match="listed twice"):
        RULES.new_game(Config(cards_dir=cards_dir, decks=(five, "kit")), 1)
    five = CustomDeck(name="Five", cards=good[:-1] + (("line", 5),))
    with pytest.raises(ValueError, match="at most 4"):
        RULES.new_game(Config(cards_dir=cards_dir, decks=(five, "kit")), 1)


def test_reaching_10_research_wins_at_once(cfg):
    """Objectives: reaching 10 RESEARCH (or more) wins, and it wins at once."""
    state = table(cfg, seat(0, botz=[bot("v4")], invested=4, research=7), seat(1))
    state, events = play(state, 0, Research(bot=ids(state, 0)[0], cards=4))
    assert state.seats[0].research == 11
    assert RULES.outcome(state).winners == (0,)
    assert RULES.to_act(state) == frozenset()
    assert "wins" in texts(events)
    rejected(state, 0, END, "Objectives")


def test_boundary_a_custom_deck_name_of_1_to_60_characters():
    """Deck Building (a deck a player builds and names): the name holds 1 to 60
    characters, both ends included."""
    cards = (("v1", 4),)
    for name in ("A", "x" * 60):
        assert CustomDeck(name=name, cards=cards).name == name
    for name in ("", "x" * 61):
        with pytest.raises(ValueError):
            CustomDeck(name=name, cards=cards)


# -- GAME_SETUP --------------------------------------------------------------------------------
def test_setup_shuffle_and_draw_a_6_card_hand(cfg):
    """Setup: players shuffle their 40+ card decks and draw a 6 card starting hand."""
    state = RULES.new_game(cfg, 3)
    assert state.phase == "mulligan" and state.first_player is None
    for i, s in enumerate(state.seats):
        assert len(s.hand) == 6 and len(s.deck) == 34
        assert s.research == 0 and s.botz == () and s.invested == ()  # everyone starts at 0
        assert sorted(s.hand + s.deck) == sorted(catalog(cfg.cards_dir).instances("kit", i))
    orders = {RULES.new_game(cfg, seed).seats[0].deck for seed in range(8)}
    assert len(orders) == 8, "the shuffle comes from the seed"
    assert RULES.new_game(cfg, 3) == state


def test_setup_send_chosen_cards_to_the_bottom_in_order_then_draw_to_6(cfg):
    """Setup: send chosen cards from the starting hand to the bottom of the deck in any order,
    then draw until the hand has 6 cards. Everyone does it at the same time (Ruling 16)."""
    state = RULES.new_game(cfg, 4)
    assert RULES.to_act(state) == frozenset({0, 1})
    hand, deck = state.seats[0].hand, state.seats[0].deck
    state, _ = play(state, 0, Bottom(card=hand[4]), Bottom(card=hand[1]))
    s = state.seats[0]
    assert s.deck[-2:] == (hand[4], hand[1]), "in the order chosen, last one at the very bottom"
    assert len(s.hand) == 4 and s.bottomed == 2
    state, events = play(state, 0, KEEP)
    s = state.seats[0]
    assert len(s.hand) == 6 and s.hand[4:] == deck[:2] and s.mulligan_done
    assert RULES.to_act(state) == frozenset({1})
    assert RULES.view(state, 1).seats[0].bottomed == 2, "how many went to the bottom is public"


def test_setup_send_to_bottom_only_once(cfg):
    """Setup: the starting hand is set once; no more cards go to the bottom after that."""
    state = RULES.new_game(cfg, 4)
    state, _ = play(state, 0, KEEP)
    rejected(state, 0, Bottom(card=state.seats[0].hand[0]), "GAME_SETUP")
    rejected(state, 0, KEEP, "GAME_SETUP")
    state, _ = play(state, 1, KEEP)
    assert state.phase == "main"
    rejected(state, state.active, Bottom(card=state.seats[state.active].hand[0]), "GAME_SETUP")
    rejected(state, state.active, KEEP, "GAME_SETUP")


def test_setup_main_actions_wait_for_the_starting_hands(cfg):
    """Setup comes before the turns: no investing while starting hands are being set."""
    state = RULES.new_game(cfg, 4)
    rejected(state, 0, Invest(card=state.seats[0].hand[0]), "GAME_SETUP")
    rejected(state, 0, END, "GAME_SETUP")


def _started(config: Config, seed: int) -> State:
    state = RULES.new_game(config, seed)
    for i in range(len(state.seats)):
        state, _ = play(state, i, KEEP)
    return state


def test_setup_first_player_at_random_from_the_seed(cfg):
    """Setup: the First Player is determined at random (seeded: the same seed, the same one)."""
    firsts = {_started(cfg, seed).first_player for seed in range(30)}
    assert firsts == {0, 1}
    assert _started(cfg, 11).first_player == _started(cfg, 11).first_player
    state = _started(cfg, 11)
    assert state.active == state.first_player and state.turn == 1


def test_setup_first_player_does_not_draw_on_their_first_turn(cfg):
    """Setup: the first player skips the draw of their very first turn; the next player does
    draw on theirs."""
    state = _started(cfg, 2)
    first = state.active
    assert len(state.seats[first].hand) == 6 and len(state.seats[first].deck) == 34
    state, events = play(state, first, END)
    second = state.active
    assert second != first
    assert len(state.seats[second].hand) == 7 and len(state.seats[second].deck) == 33
    assert "draws a card" in texts(events)
    state, _ = play(state, second, END)
    assert len(state.seats[first].hand) == 7, "from their second turn on, the first player draws"


# -- 01: Before Turn ---------------------------------------------------------------------------
def test_before_turn_unuse_all_your_botz_and_invested_cards(cfg):
    """01 Before Turn: every Bot and invested card of yours becomes UNUSED again (the FAQ says
    this is not optional)."""
    state = table(
        cfg,
        seat(0),
        seat(1, botz=[bot("v3", 1, used=True), bot("v4", 1, shielding=True)], invested=3, used=3),
    )
    state, _ = play(state, 0, END)
    s = state.seats[1]
    assert state.active == 1
    assert all(not b.used and not b.shielding for b in s.botz)
    assert s.invested_used == 0 and s.invested_unused == 3


def test_before_turn_draw_is_required(cfg):
    """01 Before Turn: draw a card from your deck (FAQ: drawing at the start of each turn is
    required: there is no action to skip it)."""
    state = table(cfg, seat(0), seat(1, hand=[c("v1", 1)]))
    top = state.seats[1].deck[0]
    state, events = play(state, 0, END)
    assert state.seats[1].hand[-1] == top and len(state.seats[1].deck) == 9
    assert any(e.kind == "draw" and e.barrier for e in events), "a draw is an undo barrier"


def test_a_player_who_should_draw_but_cannot_loses(cfg):
    """FAQ (empty deck): a player who has to draw with no card left loses. With two players
    the other one wins."""
    state = table(cfg, seat(0), seat(1, deck=()))
    state, events = play(state, 0, END)
    assert RULES.outcome(state).winners == (0,)
    assert "Player 2 should draw but their deck is empty" in texts(events)


def test_an_effect_draw_from_an_empty_deck_loses_too(cfg):
    """FAQ (deck runs out), Ruling 5: a card that says draw makes you draw; if you can't, you lose."""
    dump = c("draw")
    state = table(cfg, seat(0, hand=[dump], deck=[c("v1")]), seat(1))
    state, events = play(state, 0, Play(card=dump))
    assert RULES.outcome(state).winners == (1,)
    assert "draws a card" in texts(events), "the one card left is drawn first"


def test_with_three_players_a_loser_is_out_and_the_others_play_on(cfg3):
    """GAME_OVERVIEW with 3+ players (Ruling 6): a player who loses is out, their cards leave
    play (to their discard) and the others play on; their turns are skipped."""
    state = table(
        cfg3,
        seat(0),
        seat(1, deck=(), botz=[bot("v3", 1, used=True)], invested=2, modules=[c("chip", 1)]),
        seat(2),
    )
    state, events = play(state, 0, END)
    b = state.seats[1]
    assert b.out and b.botz == () and b.invested == () and b.modules == ()
    assert len(b.discard) == 4
    assert RULES.outcome(state) is None
    assert state.active == 2, "Bo is out: Cy plays next"
    assert "Bo should draw but their deck is empty" in texts(events)
    state, _ = play(state, 2, END)
    assert state.active == 0
    rejected(state, 1, END, "GAME_OVERVIEW")
    assert RULES.legal_actions(state, 1) == []


def test_the_last_player_left_wins(cfg3):
    """GAME_OVERVIEW with 3+ players: the last player left wins."""
    state = table(cfg3, seat(0), seat(1, out=True, deck=()), seat(2, deck=()))
    state, events = play(state, 0, END)
    assert RULES.outcome(state).winners == (0,)
    assert "Ann wins" in texts(events)


def test_an_out_player_cannot_be_hacked_nor_stop_research(cfg3):
    """GAME_OVERVIEW with 3+ players (Ruling 6): an out player's Botz left play with them."""
    state = table(cfg3, seat(0, botz=[bot("v3")], invested=2), seat(1, out=True), seat(2))
    attacker = ids(state, 0)[0]
    legal(state, 0, Research(bot=attacker, cards=2))
    assert not [a for a in RULES.legal_actions(state, 0) if isinstance(a, Hack)]


# -- 02: Start Turn, simultaneous effects ------------------------------------------------------
def test_start_of_turn_effects_happen_after_the_draw(cfg):
    """02 Start Turn: start-of-turn abilities resolve here, after the draw of 01."""
    state = table(cfg, seat(0), seat(1, modules=[c("reader", 1)]))
    state, events = play(state, 0, END)
    assert len(state.seats[1].hand) == 2
    lines = [e.text for e in events if e.kind == "draw"]
    assert lines == ["Player 2 draws a card.", "Player 2 draws a card (Reader)."]
    assert state.phase == "main"


def test_simultaneous_effects_the_active_player_chooses_the_order(cfg):
    """FAQ (simultaneous things): the player whose turn it is picks the order (Ruling 3).
    Here two start-of-turn effects: Reader and Grant."""
    state = table(cfg, seat(0), seat(1, modules=[c("reader", 1), c("grant", 1)]))
    state, _ = play(state, 0, END)
    decision = state.decision
    assert decision is not None and decision.kind == "order" and decision.seat == 1
    assert RULES.to_act(state) == frozenset({1})
    assert [o.label.split(" (")[0] for o in decision.options] == ["Reader", "Grant"]
    rejected(state, 1, END, "TURN_OVERVIEW")
    state, events = play(state, 1, Choose(option="2"))
    assert [e.kind for e in events if e.kind in ("research", "draw")] == ["research", "draw"]
    assert state.phase == "main" and state.decision is None


def test_choosing_one_of_three_simultaneous_effects_keeps_the_other_two(cfg):
    """FAQ (simultaneous things), Ruling 3, with three at once: the effect the active player
    picks resolves first, and both others still resolve after it."""
    state = table(cfg, seat(0), seat(1, modules=[c("reader", 1), c("grant", 1), c("reader", 1)]))
    state, _ = play(state, 0, END)
    assert state.decision.kind == "order" and len(state.decision.options) == 3
    research = state.seats[1].research
    state, events = play(state, 1, Choose(option="2"))
    kinds = [e.kind for e in events if e.kind in ("research", "draw")]
    assert kinds == ["research", "draw", "draw"]
    assert len(state.seats[1].hand) == 3 and state.seats[1].research > research


def test_identical_simultaneous_effects_need_no_ordering(cfg):
    """FAQ (order of simultaneous things), Ruling 3: the same ability twice resolves without asking."""
    state = table(cfg, seat(0), seat(1, modules=[c("reader", 1), c("reader", 1)]))
    state, _ = play(state, 0, END)
    assert state.decision is None and len(state.seats[1].hand) == 3


# -- 03: Investing -----------------------------------------------------------------------------
def test_invest_once_per_turn(cfg):
    """COST: investing is once per turn; the FAQ confirms a second invest is not allowed."""
    a, b = c("v1"), c("v2")
    state = table(cfg, seat(0, hand=[a, b]), seat(1))
    state, _ = play(state, 0, Invest(card=a))
    assert state.seats[0].invested[-1] == a and state.seats[0].invested_unused == 1
    rejected(state, 0, Invest(card=b), "FAQs")


def test_invested_cards_are_usable_at_once_and_worth_1_cost(cfg):
    """COST: a card invested this turn can pay at once, and each one pays 1 COST."""
    a, one = c("v2"), c("v1")
    state = table(cfg, seat(0, hand=[a, one]), seat(1))
    rejected(state, 0, Play(card=one), "COST")
    state, _ = play(state, 0, Invest(card=a), Play(card=one))
    assert state.seats[0].invested_used == 1 and ids(state, 0) == [one]


def test_investing_reveals_the_card_then_it_lies_face_down(cfg):
    """COST: reveal the card and send it to your invested cards UNUSED face down (Ruling 1);
    FAQ: nobody may look through face-down invested cards."""
    a = c("v6")
    state = table(cfg, seat(0, hand=[a], invested=2), seat(1))
    state, events = play(state, 0, Invest(card=a))
    (event,) = events
    assert "reveals Vanilla Six" in event.text and event.barrier
    mine, theirs = RULES.view(state, 0).seats[0], RULES.view(state, 1).seats[0]
    assert mine.invested[-1].name == "Vanilla Six"
    assert theirs.invested == () and theirs.invested_count == 3 and theirs.invested_unused == 3
    assert RULES.view(state, None).seats[0].invested == ()


def test_investing_playing_and_using_are_not_required(cfg):
    """FAQ: none of invest, play or USE is compulsory: the turn can end at once."""
    state = table(cfg, seat(0, hand=[c("v1")], botz=[bot("v2")], invested=1), seat(1))
    legal(state, 0, END)
    state, _ = play(state, 0, END)
    assert state.active == 1


# -- 03: Playing cards -------------------------------------------------------------------------
def test_play_a_card_by_using_unused_invested_cards_equal_to_its_cost(cfg):
    """COST: playing a card turns as many UNUSED invested cards to USED as its COST."""
    three = c("v3")
    state = table(cfg, seat(0, hand=[three], invested=4, used=1), seat(1))
    rejection = rejected(
        table(cfg, seat(0, hand=[three], invested=4, used=2), seat(1)), 0, Play(card=three), "COST"
    )
    assert "COST is 3" in rejection.reason
    state, events = play(state, 0, Play(card=three))
    s = state.seats[0]
    assert s.invested_used == 4 and s.hand == () and ids(state, 0) == [three]
    assert "plays Vanilla Three (COST 3)" in texts(events)


def test_play_multiple_cards_per_turn(cfg):
    """FAQ: any number of cards may be played in one turn."""
    cards = [c("v1"), c("v1"), c("v2")]
    state = table(cfg, seat(0, hand=cards, invested=4), seat(1))
    state, _ = play(state, 0, *(Play(card=x) for x in cards))
    assert len(state.seats[0].botz) == 3 and state.seats[0].invested_unused == 0


def test_invested_cards_cannot_be_used_toward_the_next_card_on_their_own(cfg):
    """FAQ: invested cards can't be set aside (USED on their own) for a later card: there is
    no such action; invested cards change to USED only when a card is played or a Bot RESEARCHes."""
    state = table(cfg, seat(0, hand=[c("v3"), c("v1")], botz=[bot("v2")], invested=2), seat(1))
    kinds = {a.kind for a in RULES.legal_actions(state, 0)}
    assert kinds == {"invest", "play", "research", "shield", "end"}
    assert all(a.cards >= 0 for a in RULES.legal_actions(state, 0) if isinstance(a, Research))


def test_no_limits_on_hand_botz_or_invested_cards(cfg):
    """FAQ: no limit to the cards in hand, the Botz in play, or the invested cards."""
    hand = [c("v1") for _ in range(15)]
    state = table(
        cfg, seat(0, hand=hand, botz=[bot("v1") for _ in range(12)], invested=20), seat(1)
    )
    state, _ = play(state, 0, *(Play(card=x) for x in hand[:10]))
    assert len(state.seats[0].botz) == 22 and len(state.seats[0].hand) == 5
    state = ends(state, 2)
    assert len(state.seats[0].hand) == 6


# -- 03: USING Botz ----------------------------------------------------------------------------
def test_botz_cannot_be_used_the_turn_they_are_played(cfg):
    """FAQ: a Bot waits a turn before it can be USED; from the owner's next turn on, it can."""
    new = c("v3")
    state = table(cfg, seat(0, hand=[new], invested=3), seat(1, botz=[bot("v2", 1, used=True)]))
    state, _ = play(state, 0, Play(card=new))
    for action in (
        Research(bot=new, cards=0),
        Shield(bot=new),
        Hack(bot=new, target=ids(state, 1)[0]),
    ):
        rejected(state, 0, action, "FAQs")
    state = ends(state, 2)
    legal(state, 0, Shield(bot=new))


def test_use_multiple_botz_and_a_bot_again_once_unused(cfg):
    """FAQ: several Botz may be USED in a turn, and one Bot again after something makes it
    UNUSED."""
    reset = c("unuse-mine")
    state = table(cfg, seat(0, hand=[reset], botz=[bot("v2"), bot("v3")], invested=6), seat(1))
    a, b = ids(state, 0)
    state, _ = play(state, 0, Research(bot=a, cards=2), Research(bot=b, cards=3))
    rejected(state, 0, Research(bot=a, cards=0), "TURN_OVERVIEW")
    # both Botz are USED: Reset asks which to UNUSE
    state, _ = play(state, 0, Play(card=reset))
    assert state.decision.kind == "target" and {o.id for o in state.decision.options} == {a, b}
    state, _ = play(state, 0, Choose(option=a), Research(bot=a, cards=1))
    assert state.seats[0].research == 6


def test_nothing_is_played_or_used_on_another_players_turn(cfg):
    """FAQ: nothing is played or USED on someone else's turn."""
    theirs = c("v1", 1)
    state = table(cfg, seat(0), seat(1, hand=[theirs], botz=[bot("v2", 1)], invested=2))
    assert RULES.to_act(state) == frozenset({0}) and RULES.legal_actions(state, 1) == []
    for action in (Invest(card=theirs), Play(card=theirs), Shield(bot=ids(state, 1)[0]), END):
        rejected(state, 1, action, "FAQs")


def test_only_your_own_botz_can_be_used(cfg):
    """03: USE chosen UNUSED Bot of yours."""
    state = table(cfg, seat(0, invested=2), seat(1, botz=[bot("v2", 1)]))
    rejected(state, 0, Shield(bot=ids(state, 1)[0]), "TURN_OVERVIEW")


# -- RESEARCH ----------------------------------------------------------------------------------
def test_research_uses_invested_cards_up_to_the_bots_value(cfg):
    """RESEARCH: the Bot and up to its value in invested cards are USED, 1 RESEARCH per card."""
    state = table(cfg, seat(0, botz=[bot("v3")], invested=5, used=1), seat(1))
    b = ids(state, 0)[0]
    assert [a.cards for a in RULES.legal_actions(state, 0) if isinstance(a, Research)] == [
        0,
        1,
        2,
        3,
    ]
    rejected(state, 0, Research(bot=b, cards=4), "RESEARCH")
    state, events = play(state, 0, Research(bot=b, cards=3))
    s = state.seats[0]
    assert s.research == 3 and s.invested_used == 4 and s.botz[0].used
    assert "gains 3 RESEARCH (3/10)" in texts(events)
    small = table(cfg, seat(0, botz=[bot("v3")], invested=2), seat(1))
    rejected(small, 0, Research(bot=ids(small, 0)[0], cards=3), "RESEARCH")


def test_research_for_zero(cfg):
    """FAQ: a RESEARCH with no invested cards (for 0) is allowed."""
    state = table(cfg, seat(0, botz=[bot("v3")]), seat(1))
    state, _ = play(state, 0, Research(bot=ids(state, 0)[0], cards=0))
    assert state.seats[0].research == 0 and bot_at(state, 0, 0).used


# -- SHIELD --------------------------------------------------------------------------------------
def test_shield_stays_while_the_bot_stays_used(cfg):
    """FAQ: a shielding Bot keeps shielding for as long as it stays USED - through the
    opponent's turn, until its owner's Before Turn UNUSEs it."""
    state = table(cfg, seat(0, botz=[bot("v3")]), seat(1))
    state, events = play(state, 0, Shield(bot=ids(state, 0)[0]), END)
    assert bot_at(state, 0, 0).shielding and bot_at(state, 0, 0).used
    assert RULES.view(state, 1).seats[0].shielded
    state, _ = play(state, 1, END)
    assert not bot_at(state, 0, 0).shielding and not bot_at(state, 0, 0).used


def test_an_opposing_shield_stops_your_research(cfg):
    """SHIELD: your shield stops the other side's RESEARCH; your own Botz still can."""
    state = table(
        cfg,
        seat(0, botz=[bot("v3"), bot("v2")], invested=2),
        seat(1, botz=[bot("v2", 1)], invested=2),
    )
    shield, researcher = ids(state, 0)
    state, _ = play(state, 0, Shield(bot=shield))
    legal(state, 0, Research(bot=researcher, cards=2))
    state, _ = play(state, 0, END)
    theirs = ids(state, 1)[0]
    assert not [a for a in RULES.legal_actions(state, 1) if isinstance(a, Research)]
    rejected(state, 1, Research(bot=theirs, cards=1), "SHIELD")


def test_shield_blocks_research_on_the_opponents_turn(cfg):
    """SHIELD: the other side gets no RESEARCH for as long as your shield stands."""
    state = table(
        cfg,
        seat(0, botz=[bot("v3", 0, shielding=True)]),
        seat(1, botz=[bot("v2", 1)], invested=2),
        active=1,
    )
    theirs = ids(state, 1)[0]
    rejection = rejected(state, 1, Research(bot=theirs, cards=1), "SHIELD")
    assert "SHIELD" in rejection.reason
    rejected(state, 1, Research(bot=theirs, cards=0), "SHIELD")
    legal(state, 1, Shield(bot=theirs))


def test_shield_must_be_hacked_before_your_other_used_botz(cfg):
    """SHIELD: while your SHIELD is up, opponents must HACK it rather than your other USED Botz."""
    state = table(
        cfg,
        seat(0, botz=[bot("v3", shielding=True), bot("v2", used=True), bot("v4")]),
        seat(1, botz=[bot("v4", 1)]),
        active=1,
    )
    shield, used, unused = ids(state, 0)
    me = ids(state, 1)[0]
    hacks = [a for a in RULES.legal_actions(state, 1) if isinstance(a, Hack)]
    assert hacks == [Hack(bot=me, target=shield)]
    assert "HACK a SHIELD instead" in rejected(state, 1, Hack(bot=me, target=used), "SHIELD").reason
    rejected(state, 1, Hack(bot=me, target=unused), "FAQs")


def test_with_several_shields_the_attacker_chooses(cfg):
    """SHIELD: with multiple Botz USED to SHIELD, the opposing Player chooses which to HACK."""
    state = table(
        cfg,
        seat(0, botz=[bot("v3", shielding=True), bot("v2", shielding=True)]),
        seat(1, botz=[bot("v6", 1)]),
        active=1,
    )
    me = ids(state, 1)[0]
    targets = {a.target for a in RULES.legal_actions(state, 1) if isinstance(a, Hack)}
    assert targets == set(ids(state, 0))
    state, _ = play(state, 1, Hack(bot=me, target=ids(state, 0)[1]))
    assert [b.card.split("#")[0] for b in state.seats[0].botz] == ["v3"]


def test_a_shield_ends_when_its_bot_is_unused(cfg):
    """SHIELD + Ruling 8: UNUSE ends shielding; then the owner's other USED Botz can be HACKed."""
    breach = c("unuse-theirs")
    state = table(
        cfg,
        seat(0, hand=[breach], botz=[bot("v3")]),
        seat(1, botz=[bot("v4", 1, shielding=True), bot("v2", 1, used=True)]),
    )
    shield, used = ids(state, 1)
    state, _ = play(state, 0, Play(card=breach))
    assert state.decision.kind == "target"
    assert {o.id for o in state.decision.options} == {shield, used}, "USED opposing Botz"
    state, events = play(state, 0, Choose(option=shield))
    assert not bot_at(state, 1, 0).used and not bot_at(state, 1, 0).shielding
    me = ids(state, 0)[0]
    assert {a.target for a in RULES.legal_actions(state, 0) if isinstance(a, Hack)} == {used}
    legal(state, 0, Research(bot=me, cards=0))


def test_three_players_each_opponents_shield_counts(cfg3):
    """SHIELD with 3+ players (Ruling 7): any opposing shield stops your RESEARCH; you may HACK
    one opponent's shield or the USED Botz of an opponent without a shield."""
    state = table(
        cfg3,
        seat(0, botz=[bot("v6")], invested=3),
        seat(1, botz=[bot("v2", 1, shielding=True), bot("v3", 1, used=True)]),
        seat(2, botz=[bot("v2", 2, used=True), bot("v3", 2)]),
    )
    me = ids(state, 0)[0]
    targets = {a.target for a in RULES.legal_actions(state, 0) if isinstance(a, Hack)}
    assert targets == {ids(state, 1)[0], ids(state, 2)[0]}
    rejected(state, 0, Research(bot=me, cards=3), "SHIELD")


# -- HACK ------------------------------------------------------------------------------------------
def test_hack_each_deals_risk_equal_to_its_value_at_the_same_time(cfg):
    """HACK: the two Botz hit each other at the same time, each for RISK equal to its own
    value."""
    state = table(cfg, seat(0, botz=[bot("v4")]), seat(1, botz=[bot("v6", 1, used=True)]))
    me, them = ids(state, 0)[0], ids(state, 1)[0]
    state, events = play(state, 0, Hack(bot=me, target=them))
    assert bot_at(state, 1, 0).risk == 4
    assert state.seats[0].botz == () and state.seats[0].discard == (me,)
    assert "HACK" in texts(events)
    state = table(cfg, seat(0, botz=[bot("v3")]), seat(1, botz=[bot("v2", 1, used=True)]))
    me, them = ids(state, 0)[0], ids(state, 1)[0]
    state, _ = play(state, 0, Hack(bot=me, target=them))
    assert bot_at(state, 0, 0).risk == 2 and bot_at(state, 0, 0).used
    assert state.seats[1].discard == (them,)


def test_a_bot_whose_risk_reaches_its_value_goes_to_the_discard_at_once(cfg):
    """SHIELD section: a Bot whose RISK reaches its value leaves play for its owner's discard
    at once - both Botz of a HACK can go together."""
    state = table(
        cfg, seat(0, botz=[bot("v3", risk=1)]), seat(1, botz=[bot("v3", 1, used=True, risk=1)])
    )
    me, them = ids(state, 0)[0], ids(state, 1)[0]
    state, events = play(state, 0, Hack(bot=me, target=them))
    assert state.seats[0].botz == () and state.seats[1].botz == ()
    assert state.seats[0].discard == (me,) and state.seats[1].discard == (them,)
    assert sum(e.kind == "destroy" for e in events) == 2
    assert RULES.view(state, 1).seats[0].discard[0].name == "Vanilla Three", "discards are public"


def test_boundary_shield_risk_exactly_equal_to_its_value_discards_the_bot(cfg):
    """SHIELD section, the boundary: RISK *equal* to the Bot's value (not only above it) sends
    it to the discard. Two Vanilla Threes HACK each other for exactly 3: both go."""
    state = table(cfg, seat(0, botz=[bot("v3")]), seat(1, botz=[bot("v3", 1, used=True)]))
    me, them = ids(state, 0)[0], ids(state, 1)[0]
    state, events = play(state, 0, Hack(bot=me, target=them))
    assert state.seats[0].botz == () and state.seats[1].botz == ()
    assert state.seats[0].discard == (me,) and state.seats[1].discard == (them,)
    assert sum(e.kind == "destroy" for e in events) == 2


def test_boundary_hack_adds_the_hackers_hack_bonus(cfg):
    """HACK with an ongoing hack bonus (RULINGS.md, Ruling 9): the Bot HACKing deals its
    value plus its bonus, which here lands exactly on the target's value. Fang (value 2,
    +1 when it HACKs) puts 3 RISK on a Vanilla Three, which goes; without the bonus it
    would stay with 2."""
    state = table(cfg, seat(0, botz=[bot("fang")]), seat(1, botz=[bot("v3", 1, used=True)]))
    fang, them = ids(state, 0)[0], ids(state, 1)[0]
    state, _ = play(state, 0, Hack(bot=fang, target=them))
    assert state.seats[1].botz == () and state.seats[1].discard == (them,)
    assert state.seats[0].discard == (fang,)  # 3 RISK back on a value of 2


def test_a_modules_ongoing_bonus_counts_for_every_bot_in_its_own_number():
    """Modules' ongoing abilities (scope: all your Botz): Armor Plating adds armor, Upgrade
    Chip value and Attack Script hack bonus to every Bot of yours, each to its own number
    and to no other."""
    from tabletop_tui.games.zoobotz.effects import seat_stats

    cat = catalog()
    botz = (bot("servo-sparrow"), bot("pixel-penguin"))
    values = [cat.card(b.card).value for b in botz]
    for module, bonus in (
        ("armor-plating", (0, 1, 0)),
        ("upgrade-chip", (1, 0, 0)),
        ("attack-script", (0, 0, 1)),
    ):
        stats = seat_stats(cat.card, seat(0, botz=botz, modules=[c(module)]))
        for st, value in zip(stats, values, strict=True):
            assert (st.value - value, st.armor, st.hack) == bonus, module


def test_boundary_cost_discounts_for_botz_only_or_any_card_floor_at_one():
    """Ongoing cost discounts: one "for Botz" takes COST off Botz only, one "for any card" off
    every card; a discounted COST never drops below 1 (a card costing 0 stays 0)."""
    from types import SimpleNamespace as Card

    from tabletop_tui.games.zoobotz.effects import discounted, discounts

    bot4, plan3, free = (Card(kind=k, cost=n) for k, n in (("bot", 4), ("plan", 3), ("bot", 0)))
    assert [discounted(x, (0, 1)) for x in (bot4, plan3)] == [3, 3]
    assert [discounted(x, (1, 0)) for x in (bot4, plan3)] == [3, 2]
    assert discounted(bot4, (1, 3)) == 1 and discounted(free, (1, 1)) == 0
    cat = catalog()
    line = seat(0, modules=[c("assembly-line")])
    assert discounts(cat.card, line) == (0, 1)


def test_a_player_knocked_out_loses_their_waiting_abilities_only(cfg3):
    """RULINGS.md, Ruling 6 (3+ players): the abilities still waiting of a player who is out
    are dropped; the other players' abilities wait on."""
    from tabletop_tui.games.zoobotz.effects import knock_out
    from tabletop_tui.games.zoobotz.models import Job

    state = table(cfg3, seat(0), seat(1), seat(2))
    jobs = tuple(Job(source=c("v1", s), controller=s, trigger="end_of_turn") for s in (0, 1, 2))
    state = state.model_copy(update={"queue": jobs})
    state = knock_out(state, 1, "test:", [])
    assert state.seats[1].out
    assert [j.controller for j in state.queue] == [0, 2]


def test_boundary_gaining_no_research_is_not_gaining():
    """RESEARCH, read as the FAQ reads 0 RISK: an effect worth 0 RESEARCH is no gain (it
    changes nothing and says nothing); 1 is a gain."""
    from tabletop_tui.games.zoobotz.effects import gain_research

    state = table(kit.Config(cards_dir=None), seat(0), seat(1))
    ev = []
    assert gain_research(state, 0, 0, ev) is state and ev == []
    assert gain_research(state, 0, 1, ev).seats[0].research == 1 and ev


def test_boundary_deleting_risk_from_a_bot_with_none_is_not_deleting(cfg):
    """FAQ (removing 0 RISK is not removing RISK): deleting RISK from a Bot that has none
    does nothing and says nothing; from a Bot with 1 RISK it deletes that 1."""
    from tabletop_tui.games.zoobotz.effects import delete_risk

    state = table(cfg, seat(0, botz=[bot("v3"), bot("v3", risk=1)]), seat(1))
    clean, hurt = ids(state, 0)
    card_of = catalog(cfg.cards_dir).card
    ev = []
    assert delete_risk(card_of, state, 0, [clean], 2, ev) == state and ev == []
    state = delete_risk(card_of, state, 0, [hurt], 2, ev)
    assert bot_at(state, 0, 1).risk == 0 and len(ev) == 1


def test_moving_risk_takes_it_from_the_named_bot_to_the_named_bot(cfg):
    """FAQ (moving RISK is neither dealing nor deleting it): the RISK leaves exactly the Bot
    it is moved from - here the second Bot of its seat - and lands on the one named."""
    from tabletop_tui.games.zoobotz.effects import move_risk

    state = table(cfg, seat(0, botz=[bot("v6"), bot("v6", risk=2)]), seat(1, botz=[bot("v6", 1)]))
    second = ids(state, 0)[1]
    (theirs,) = ids(state, 1)
    state = move_risk(catalog(cfg.cards_dir).card, state, second, theirs, 1, [])
    assert [b.risk for b in state.seats[0].botz] == [0, 1]
    assert bot_at(state, 1, 0).risk == 1


def test_an_ability_of_two_effects_resolves_both_in_order():
    """Card abilities resolve every effect written, in order: Seed Funding (shipped cards)
    gives one more INVEST this turn, then draws a card."""
    shipped = kit.Config(cards_dir=None)
    deck = [c("servo-sparrow") for _ in range(3)]
    funding = c("seed-funding")
    state = table(shipped, seat(0, hand=[funding], deck=deck), seat(1, deck=deck))
    before = state.invests_left
    state, _ = play(state, 0, Play(card=funding))
    assert state.invests_left == before + 1
    assert state.seats[0].hand == (deck[0],)


def test_move_risk_from_this_bot_reads_that_bots_own_risk(cfg):
    """Effect move_risk (this) at the end of the turn: the RISK is taken from the Bot the
    ability is on, wherever it sits in the line-up (here second, behind a Bot with none)."""
    state = table(
        cfg,
        seat(0, botz=[bot("v6"), bot("move-this", risk=2)]),
        seat(1, botz=[bot("v6", 1)]),
    )
    state, _ = play(state, 0, END)
    assert [b.risk for b in state.seats[0].botz] == [0, 1]
    assert bot_at(state, 1, 0).risk == 1


def test_boundary_a_bot_cannot_be_used_the_turn_it_is_played(cfg):
    """USE TO RESEARCH (Botz can't be USED the turn played): a Bot played this turn offers
    no USE and is refused; one played the turn before may RESEARCH."""
    state = table(
        cfg,
        seat(0, botz=[bot("v3", played_turn=5), bot("v3", played_turn=4)], invested=2),
        seat(1),
        turn=5,
    )
    fresh, older = ids(state, 0)
    assert RULES.usable(state, 0) == [1]
    moves = RULES.legal_actions(state, 0)
    assert Research(bot=older, cards=1) in moves
    assert not [a for a in moves if getattr(a, "bot", None) == fresh]
    assert RULES.check(state, 0, Research(bot=fresh, cards=1)) is not None


def test_boundary_a_discounted_bot_costing_exactly_the_unused_cards_is_offered(cfg):
    """COST with an ongoing discount for Botz: a Bot whose discounted
    COST equals the UNUSED invested cards can be played, and the legal moves offer it; one
    more and it cannot."""
    four = c("v4")
    state = table(cfg, seat(0, hand=[four], invested=3, modules=[c("line")]), seat(1))
    assert RULES.check(state, 0, Play(card=four)) is None
    assert Play(card=four) in RULES.legal_actions(state, 0)
    short = table(cfg, seat(0, hand=[four], invested=2, modules=[c("line")]), seat(1))
    assert Play(card=four) not in RULES.legal_actions(short, 0)


def test_boundary_no_moves_for_a_seat_past_the_last(cfg):
    """Setup: seats are numbered from 0 to players - 1; a seat past the last has no moves
    (and is no crash)."""
    state = table(cfg, seat(0), seat(1))
    assert RULES.legal_actions(state, 2) == []


def test_botz_cannot_hack_unused_or_allied_botz(cfg):
    """FAQ: a HACK never targets an UNUSED Bot or one on your own side."""
    state = table(
        cfg, seat(0, botz=[bot("v3"), bot("v2", used=True)]), seat(1, botz=[bot("v2", 1)])
    )
    me, ally = ids(state, 0)
    assert "ally" in rejected(state, 0, Hack(bot=me, target=ally), "FAQs").reason
    assert "UNUSED" in rejected(state, 0, Hack(bot=me, target=ids(state, 1)[0]), "FAQs").reason
    assert not [a for a in RULES.legal_actions(state, 0) if isinstance(a, Hack)]


def test_hack_a_used_bot_whose_owner_has_no_shield(cfg):
    """HACK: with no SHIELD in the way, any USED opposing Bot is a target."""
    state = table(
        cfg, seat(0, botz=[bot("v3")]), seat(1, botz=[bot("v2", 1, used=True), bot("v2", 1)])
    )
    me, (used, unused) = ids(state, 0)[0], ids(state, 1)
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, Hack)] == [
        Hack(bot=me, target=used)
    ]
    state, _ = play(state, 0, Hack(bot=me, target=used))
    assert ids(state, 1) == [unused]


def test_discards_are_public_and_hands_are_not(cfg):
    """FAQ: every discard pile is open to everyone at all times. Hands are hidden."""
    state = table(cfg, seat(0, hand=[c("v4")], discard=[c("v6")]), seat(1, discard=[c("v2", 1)]))
    view = RULES.view(state, 1)
    assert view.seats[0].discard[0].name == "Vanilla Six" and view.seats[0].hand == ()
    assert view.seats[0].hand_count == 1 and RULES.view(state, 0).seats[0].hand[0][1].value == 4


def test_boundary_each_turn_allows_exactly_one_invest(cfg):
    """INVEST: once per turn. The next player's turn opens with one INVEST to make; after
    it, no second."""
    hand = [c("v1", 1), c("v2", 1)]
    state = table(cfg, seat(0), seat(1, hand=hand))
    state, _ = play(state, 0, END)
    assert state.active == 1 and state.invests_left == 1
    assert Invest(card=hand[0]) in RULES.legal_actions(state, 1)
    state, _ = play(state, 1, Invest(card=hand[0]))
    assert Invest(card=hand[1]) not in RULES.legal_actions(state, 1)


# -- 04: End Turn ----------------------------------------------------------------------------------
def test_end_turn_effects_then_the_next_player(cfg):
    """04 End Turn: end-of-turn abilities resolve, then the next player's turn begins."""
    state = table(cfg, seat(0, modules=[c("watch")]), seat(1, botz=[bot("v3", 1)]))
    state, events = play(state, 0, END)
    assert bot_at(state, 1, 0).risk == 1 and state.active == 1
    assert texts(events).index("ends their turn") < texts(events).index("dealt 1 RISK")


# -- the FAQ on RISK: moving and 0 ---------------------------------------------------------------
def test_moving_risk_is_not_deleting_risk(cfg):
    """FAQ: moving RISK is not deleting it - a 'whenever you delete RISK' card
    doesn't fire on a move, and does on a delete (Ruling 10)."""
    shift, patch = c("move"), c("heal-one")
    state = table(
        cfg,
        seat(0, hand=[shift, patch], botz=[bot("v4", risk=3)], modules=[c("recycler")]),
        seat(1, botz=[bot("v6", 1)]),
    )
    hand = len(state.seats[0].hand)
    state, events = play(state, 0, Play(card=shift))
    assert bot_at(state, 0, 0).risk == 1 and bot_at(state, 1, 0).risk == 2
    assert len(state.seats[0].hand) == hand - 1, "no draw from Recycler"
    state, events = play(state, 0, Play(card=patch))
    assert bot_at(state, 0, 0).risk == 0
    assert "draws a card (Recycler)" in texts(events)


def test_zero_risk_is_not_dealing_or_deleting_risk(cfg):
    """FAQ: dealing or removing 0 RISK counts as neither - armor that cuts 1 RISK to 0
    fires no 'dealt RISK' ability, and deleting from Botz with no RISK fires no 'delete' one."""
    # Guard: value 3, armor 1, "whenever this Bot is dealt RISK: draw a card"
    state = table(cfg, seat(0, botz=[bot("v1")]), seat(1, botz=[bot("guard", 1, used=True)]))
    state, events = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert bot_at(state, 1, 0).risk == 0 and "Guard is dealt no RISK" in texts(events)
    assert state.seats[1].hand == () and "draws" not in texts(events)
    state = table(cfg, seat(0, botz=[bot("v2")]), seat(1, botz=[bot("guard", 1, used=True)]))
    state, events = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert bot_at(state, 1, 0).risk == 1 and len(state.seats[1].hand) == 1
    # deleting RISK from Botz that have none deletes nothing: no Recycler draw
    sweep = c("heal-all")
    state = table(cfg, seat(0, hand=[sweep], modules=[c("recycler")], botz=[bot("v2")]), seat(1))
    state, events = play(state, 0, Play(card=sweep))
    assert state.seats[0].hand == () and "draws" not in texts(events)
