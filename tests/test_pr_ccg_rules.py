"""Power Rangers CCG (2008), scenario by scenario from Bandai's rulebook (summarised in our
own words in tabletop_tui/reference/pr-ccg-2008.md).

Each test's docstring names the rulebook step it checks. The tests never use the shipped
decks (their cards are being redesigned): a small card folder is written to a temporary
directory, and most scenarios build a `State` directly with chosen hands and decks, so
every outcome is fixed by the test rather than by a shuffle.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_tui.engine import Event, IllegalAction, Rejection, Rng
from tabletop_tui.engine.match import Match
from tabletop_tui.games.pr_ccg_2008.cards import DECK_SIZE, catalog
from tabletop_tui.games.pr_ccg_2008.models import (
    CancelSelection,
    ChooseElement,
    Config,
    PayCard,
    PlayNothing,
    SeatState,
    SelectCard,
    State,
)
from tabletop_tui.games.pr_ccg_2008.rules import PrCcgRules

RULES = PrCcgRules()
NOTHING = PlayNothing()
CANCEL = CancelSelection()

# -- the test card set ------------------------------------------------------------------
ELEMENTS = ("red", "blue", "green")

#: (id, hand cost, battle elements, (red, blue, green) values, damage, copies)
KIT = (
    # filler: the same value in every element
    ("k-free", 0, ("red",), (3, 3, 3), 1, 6),
    # X against Y: only "own value in the element the OPPONENT's card names" makes X win
    ("k-x", 0, ("red",), (1, 8, 0), 2, 2),
    ("k-y", 0, ("blue",), (5, 9, 0), 3, 2),
    # multi-element cards: their owner picks the element the opponent must use
    ("k-multi", 0, ("red", "blue", "green"), (3, 3, 3), 2, 2),
    ("k-multi2", 0, ("blue", "green"), (6, 1, 7), 4, 2),
    # hand costs
    ("k-cost1", 1, ("green",), (5, 5, 5), 2, 2),
    ("k-cost2", 2, ("green",), (7, 7, 7), 3, 2),
    # as strong as k-free everywhere (a tie), but hits harder
    ("k-tie", 0, ("red",), (3, 3, 3), 5, 1),
    # beats anything above; Damage 3
    ("k-heavy", 0, ("red",), (9, 9, 9), 3, 1),
)
PLAIN = (("p-plain", 0, ("red",), (3, 3, 3), 1, 20),)
OTHER = (("o-plain", 0, ("blue",), (2, 2, 2), 1, 20),)


def _pool_toml(cards) -> str:
    out = []
    for card_id, cost, elements, values, damage, _copies in cards:
        names = ", ".join(f'"{e}"' for e in elements)
        vals = ", ".join(f"{e} = {v}" for e, v in zip(ELEMENTS, values, strict=True))
        out.append(
            f'[[card]]\nid = "{card_id}"\nname = "{card_id.title()}"\nhand_cost = {cost}\n'
            f"battle_elements = [{names}]\nvalues = {{ {vals} }}\ndamage = {damage}\n"
            'rarity = "common"\nera = "mighty-morphin"\n'
        )
    return "\n".join(out)


def _deck_toml(deck_id: str, name: str, cards) -> str:
    out = [f'[deck]\nid = "{deck_id}"\nname = "{name}"\n\n[deck.cards]']
    out += [f'"{card[0]}" = {card[-1]}' for card in cards]
    return "\n".join(out) + "\n"


def write_card_folder(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "elements.toml").write_text(
        "".join(
            f'[[element]]\nid = "{e}"\nname = "{e.title()}"\nletter = "{e[0].upper()}"\n\n'
            for e in ELEMENTS
        )
    )
    (folder / "pool-test.toml").write_text(_pool_toml(KIT + PLAIN + OTHER))
    for deck_id, cards in (("kit", KIT), ("plain", PLAIN), ("other", OTHER)):
        (folder / f"deck-{deck_id}.toml").write_text(_deck_toml(deck_id, deck_id.title(), cards))
    return folder


@pytest.fixture(scope="module")
def cards_dir(tmp_path_factory) -> str:
    return str(write_card_folder(tmp_path_factory.mktemp("pr-ccg-cards")))


@pytest.fixture(scope="module")
def kit(cards_dir) -> Config:
    """Both seats play the 'kit' deck (only its card kinds matter: states are built by hand)."""
    return Config(cards_dir=cards_dir, decks=("kit", "kit"))


def test_the_test_card_folder_loads(cards_dir):
    """Setup: the test folder is valid card data in the documented format (20-card decks)."""
    cat = catalog(cards_dir)
    assert cat.card_set.element_ids == ELEMENTS
    assert [d.info.id for d in cat.card_set.decks] == ["kit", "other", "plain"]
    for deck in cat.card_set.decks:
        assert len(deck.instances()) == DECK_SIZE == 20
    assert cat.card("k-x#7").values == {"red": 1, "blue": 8, "green": 0}


# -- helpers -------------------------------------------------------------------------------
def fillers(seat: int, n: int, tag: str = "d") -> tuple[str, ...]:
    """n distinct k-free cards, named so a test can tell where each one ended up."""
    return tuple(f"k-free#{seat}{tag}{i}" for i in range(1, n + 1))


def table(
    config: Config,
    hands: tuple[tuple[str, ...], tuple[str, ...]],
    decks: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None),
    discards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    round: int = 1,
) -> State:
    """Step 2 of a round: both players hold `hands`; decks default to 10 filler cards."""
    seats = tuple(
        SeatState(
            hand=hands[i],
            deck=fillers(i, 10) if decks[i] is None else decks[i],
            discard=discards[i],
        )
        for i in (0, 1)
    )
    return State(config=config, rng=Rng(seed=0), phase="select", round=round, seats=seats)


def play(state: State, seat: int, *actions) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, new = RULES.apply(state, seat, action)
        events.extend(new)
    return state, events


def select(card: str) -> SelectCard:
    return SelectCard(card=card)


def pay(card: str) -> PayCard:
    return PayCard(card=card)


def rejected(state: State, seat: int, action, rule: str) -> Rejection:
    """The action is refused for `rule`, by check and by apply, and the state is untouched."""
    before = state.model_dump(mode="json")
    rejection = RULES.check(state, seat, action)
    assert rejection is not None, f"{action!r} should be illegal for seat {seat}"
    assert rejection.rule == rule, rejection
    assert rejection.reason
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, seat, action)
    assert info.value.rejection == rejection
    assert state.model_dump(mode="json") == before
    key = RULES.dump_action(action)
    assert key not in [RULES.dump_action(a) for a in RULES.legal_actions(state, seat)]
    return rejection


def battle(config: Config, card0: str, card1: str, **kw) -> tuple[State, list[Event]]:
    """Both players hold one card and put it down (no Hand Cost): the reveal and what follows."""
    state = table(config, ((card0,), (card1,)), **kw)
    state, e0 = play(state, 0, select(card0))
    state, e1 = play(state, 1, select(card1))
    return state, e0 + e1


# -- Setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 77])
def test_setup_each_deck_is_20_cards_shuffled(cards_dir, seed):
    """Setup: each player shuffles their own 20-card deck."""
    config = Config(cards_dir=cards_dir, decks=("plain", "other"))
    state = RULES.new_game(config, seed)
    cat = catalog(cards_dir)
    for seat, deck_id in enumerate(("plain", "other")):
        s = state.seats[seat]
        instances = cat.card_set.deck(deck_id).instances()
        dealt = s.hand + s.deck
        assert len(dealt) == 20 and sorted(dealt) == sorted(instances)
        assert s.deck != instances[1:], "the deck was not shuffled"
        assert s.discard == () and s.selected is None and s.paid == () and not s.locked


def test_setup_different_seeds_shuffle_differently_and_the_same_seed_repeats(cards_dir):
    """Setup: the shuffle comes from the seed: same seed, same deck; new seed, new order."""
    config = Config(cards_dir=cards_dir, decks=("plain", "plain"))
    orders = {RULES.new_game(config, seed).seats[0].deck for seed in range(12)}
    assert len(orders) == 12
    assert RULES.new_game(config, 5) == RULES.new_game(config, 5)
    # the two seats' decks are shuffled independently
    state = RULES.new_game(config, 5)
    assert state.seats[0].hand + state.seats[0].deck != state.seats[1].hand + state.seats[1].deck


def test_setup_no_opening_hand_round_1_starts_with_step_1(cards_dir):
    """Setup + STEP 1: as written there is no opening hand; round 1 begins with both players
    drawing their top card, so each hand holds exactly 1 card and each deck 19."""
    assert Config().opening_hand == 0
    config = Config(cards_dir=cards_dir, decks=("plain", "other"))
    seed = 3
    state = RULES.new_game(config, seed)
    # the shuffles new_game made, card for card: the hand is the top card of each
    cat = catalog(cards_dir)
    order0, rng = Rng(seed=seed).shuffled(cat.card_set.deck("plain").instances())
    order1, _ = rng.shuffled(cat.card_set.deck("other").instances())
    for s, order in zip(state.seats, (order0, order1), strict=True):
        assert s.hand == order[:1]
        assert s.deck == order[1:]
    assert state.round == 1 and state.phase == "select"
    assert RULES.to_act(state) == {0, 1}
    assert RULES.outcome(state) is None


@pytest.mark.parametrize("n", [1, 4, 10])
def test_setup_house_rule_opening_hand_draws_n_before_round_1(cards_dir, n):
    """Setup (house rule "opening hand N"): N cards are drawn before round 1, then step 1
    draws one more."""
    config = Config(cards_dir=cards_dir, decks=("plain", "other"), opening_hand=n)
    state = RULES.new_game(config, 9)
    plain = RULES.new_game(Config(cards_dir=cards_dir, decks=("plain", "other")), 9)
    for s, base in zip(state.seats, plain.seats, strict=True):
        assert len(s.hand) == n + 1 and len(s.deck) == 19 - n
        # the same shuffle, the top N+1 cards in hand
        assert s.hand + s.deck == base.hand + base.deck
    assert state.round == 1


def test_boundary_setup_two_players_and_an_opening_hand_of_0_to_10():
    """Setup: a game for two players; the house rule "opening hand N" takes N from 0 (the
    rulebook's own setup) up to 10, both ends included."""
    assert RULES.min_seats == 2 and RULES.max_seats == 2
    assert Config(opening_hand=0).opening_hand == 0
    assert Config(opening_hand=10).opening_hand == 10
    for bad in (-1, 11):
        with pytest.raises(ValueError):
            Config(opening_hand=bad)


def test_setup_unknown_deck_is_refused(cards_dir):
    """Setup: each player uses one of the decks in the card folder."""
    with pytest.raises(ValueError, match="unknown deck 'nope'.*kit"):
        RULES.new_game(Config(cards_dir=cards_dir, decks=("kit", "nope")), 1)


# -- Step 1 ----------------------------------------------------------------------------------
def test_step1_both_players_draw_their_top_card_each_round(kit):
    """STEP 1: at the start of every round each player draws the top card of their deck."""
    state = table(kit, ((), ()), decks=(fillers(0, 5), fillers(1, 5)), round=1)
    # a bare hand can still play nothing (step 2 "if available")
    assert RULES.legal_actions(state, 0) == [NOTHING]
    state, _ = play(state, 0, NOTHING)
    state, events = play(state, 1, NOTHING)
    for seat in (0, 1):
        assert state.seats[seat].hand == fillers(seat, 1)
        assert state.seats[seat].deck == fillers(seat, 5)[1:]
    assert state.round == 2
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 1 and draws[0].barrier and "step 1" in draws[0].text.lower()


# -- Step 2 ----------------------------------------------------------------------------------
def test_step2_both_players_select_at_the_same_time(kit):
    """STEP 2: each player may select a card from hand, or none: both decide now."""
    hand0 = ("k-x#1", "k-cost1#1")
    hand1 = ("k-y#1",)
    state = table(kit, (hand0, hand1))
    assert RULES.to_act(state) == {0, 1}
    assert RULES.legal_actions(state, 0) == [select("k-x#1"), select("k-cost1#1"), NOTHING]
    assert RULES.legal_actions(state, 1) == [select("k-y#1"), NOTHING]
    # either player may lock in first
    later, _ = play(state, 1, NOTHING)
    assert RULES.to_act(later) == {0}
    assert RULES.legal_actions(later, 1) == []
    later, _ = play(state, 0, select("k-x#1"))
    assert RULES.to_act(later) == {1}


def test_step2_the_selection_and_payment_are_secret(kit):
    """STEP 2 / STEP 3: the card chosen and the cards paid stay face down until the count of
    three: the other seat (and a spectator) sees only whether the player is locked in."""
    hand0 = ("k-cost2#1", "k-free#a", "k-free#b", "k-x#1")
    state = table(kit, (hand0, ("k-y#1",)))
    start_theirs = RULES.view(state, 1).seats[0]
    steps = [select("k-cost2#1"), pay("k-free#a"), pay("k-free#b")]
    for n, action in enumerate(steps, 1):
        state, events = play(state, 0, action)
        for viewer in (1, None):
            seen = RULES.view(state, viewer).seats[0]
            assert seen.hand == () and seen.selected is None and seen.paid == ()
            assert seen.element is None and not seen.element_pending
            assert seen.hand_count == 4 and seen.discard == () and seen.deck_count == 10
            assert seen.locked == (n == 3)
            # nothing but the lock changes in what they see
            assert seen.model_copy(update={"locked": False}) == start_theirs
        for e in events:  # the shared log names no card either
            assert "k-" not in e.text.lower() and "Cost2" not in e.text
            assert not e.barrier
    mine = RULES.view(state, 0).seats[0]
    assert mine.selected is not None and mine.selected[0] == "k-cost2#1"
    assert [c for c, _ in mine.paid] == ["k-free#a", "k-free#b"]
    assert mine.locked


def test_step2_a_bluff_looks_exactly_like_a_played_card(kit):
    """STEP 4 (bluffing): to the opponent, locking in nothing is indistinguishable from
    locking in a card."""
    hand0 = ("k-cost1#1", "k-free#a")
    state = table(kit, (hand0, ("k-y#1",)))
    bluff, _ = play(state, 0, NOTHING)
    card, _ = play(state, 0, select("k-cost1#1"), pay("k-free#a"))
    assert bluff.seats[0].locked and card.seats[0].locked
    for viewer in (1, None):
        assert RULES.view(bluff, viewer) == RULES.view(card, viewer)
    assert RULES.view(bluff, 0) != RULES.view(card, 0)


def test_step2_a_secret_multi_element_card_is_not_given_away(kit):
    """STEP 2 / STEP 6A (regression): before the reveal the opponent cannot tell a locked-in
    card that names several Battle Elements from one that names one, or from a bluff (the
    view once flagged "element pending" for a face-down multi-element card)."""
    hand0 = ("k-multi#1", "k-x#1")
    state = table(kit, (hand0, ("k-y#1",)))
    multi, _ = play(state, 0, select("k-multi#1"))
    single, _ = play(state, 0, select("k-x#1"))
    bluff, _ = play(state, 0, NOTHING)
    for viewer in (1, None):
        seen = RULES.view(multi, viewer)
        assert not seen.seats[0].element_pending
        assert seen == RULES.view(single, viewer) == RULES.view(bluff, viewer)


def test_step2_views_hide_the_opponents_hand(kit):
    """STEP 1 / STEP 2: a hand is seen only by its owner; the others see its size."""
    state = table(kit, (("k-x#1", "k-y#1"), ("k-multi#1",)))
    other = table(kit, (("k-heavy#1", "k-tie#1"), ("k-multi#1",)))
    assert [c for c, _ in RULES.view(state, 0).seats[0].hand] == ["k-x#1", "k-y#1"]
    for viewer in (1, None):
        assert RULES.view(state, viewer).seats[0].hand == ()
        assert RULES.view(state, viewer).seats[0].hand_count == 2
        # a different hand of the same size looks the same to them
        assert RULES.view(state, viewer) == RULES.view(other, viewer)
    assert RULES.view(state, 0) != RULES.view(other, 0)


# -- Step 3 ----------------------------------------------------------------------------------
def test_step3_the_hand_cost_is_paid_with_other_cards(kit):
    """STEP 3: the Hand Cost is paid by moving that many OTHER cards from hand to the
    discard pile; the card being played cannot pay for itself."""
    hand0 = ("k-cost2#1", "k-free#a", "k-free#b")
    state = table(kit, (hand0, ("k-y#1",)))
    state, _ = play(state, 0, select("k-cost2#1"))
    assert RULES.legal_actions(state, 0) == [pay("k-free#a"), pay("k-free#b"), CANCEL]
    rejection = rejected(state, 0, pay("k-cost2#1"), "Step 3")
    assert "other cards" in rejection.reason
    state, _ = play(state, 0, pay("k-free#a"))
    rejected(state, 0, pay("k-free#a"), "Step 3")  # already paid
    rejected(state, 0, pay("k-y#1"), "Step 3")  # not in this hand
    state, _ = play(state, 0, pay("k-free#b"))
    # paid, but still face down in hand until the reveal
    assert state.seats[0].paid == ("k-free#a", "k-free#b")
    assert state.seats[0].hand == hand0 and state.seats[0].discard == ()


def test_step3_paying_before_selecting_is_refused(kit):
    """STEP 3: there is a Hand Cost to pay only once a card is selected."""
    state = table(kit, (("k-cost1#1", "k-free#a"), ("k-y#1",)))
    rejected(state, 0, pay("k-free#a"), "Step 3")


@pytest.mark.parametrize(
    ("hand", "playable"),
    [
        # cost 2 with only 1 other card: cannot be played
        (("k-cost2#1", "k-free#a"), {"k-free#a"}),
        # cost 2 with exactly 2 other cards: can (and cost 1 can too)
        (("k-cost2#1", "k-cost1#1", "k-free#a"), {"k-cost2#1", "k-cost1#1", "k-free#a"}),
        # cost 1 alone in hand: cannot
        (("k-cost1#1",), set()),
        # cost 1 with one other card, cost 2 without enough
        (("k-cost1#1", "k-cost2#1"), {"k-cost1#1"}),
    ],
)
def test_step3_a_card_whose_hand_cost_cannot_be_met_cannot_be_played(kit, hand, playable):
    """STEP 3: a card whose Hand Cost you cannot pay is unplayable: it is not offered, and
    selecting it is refused naming the cost."""
    state = table(kit, (hand, ("k-y#1",)))
    legal = RULES.legal_actions(state, 0)
    assert {a.card for a in legal if isinstance(a, SelectCard)} == playable
    assert NOTHING in legal
    for card in set(hand) - playable:
        rejection = rejected(state, 0, select(card), "Step 3")
        assert "Hand Cost" in rejection.reason


def test_step3_locking_happens_exactly_when_the_cost_is_paid(kit):
    """STEP 3 / STEP 4: a card is ready for the count of three once its whole Hand Cost is
    paid, not before (and then no more can be paid)."""
    hand0 = ("k-cost2#1", "k-free#a", "k-free#b", "k-free#c")
    state = table(kit, (hand0, ("k-y#1",)))
    state, events = play(state, 0, select("k-cost2#1"))
    assert not state.seats[0].locked and events == [] and RULES.to_act(state) == {0, 1}
    state, events = play(state, 0, pay("k-free#a"))
    assert not state.seats[0].locked and events == [] and RULES.to_act(state) == {0, 1}
    state, events = play(state, 0, pay("k-free#b"))
    assert state.seats[0].locked and RULES.to_act(state) == {1}
    assert [e.kind for e in events] == ["commit"] and events[0].seat == 0
    assert RULES.legal_actions(state, 0) == []
    for action in (pay("k-free#c"), CANCEL, NOTHING, select("k-free#c")):
        rejected(state, 0, action, "Step 4")


def test_step3_a_card_with_no_hand_cost_locks_at_once(kit):
    """STEP 3: a Hand Cost of 0 needs no payment: selecting the card commits it."""
    state = table(kit, (("k-x#1", "k-free#a"), ("k-y#1",)))
    state, events = play(state, 0, select("k-x#1"))
    assert state.seats[0].locked and state.seats[0].paid == ()
    assert [e.kind for e in events] == ["commit"]


def test_step3_cancel_before_locking_returns_the_cards(kit):
    """STEP 2 / STEP 3: until the cost is fully paid, the player may take the card back:
    the selected and the paid cards all stay in hand, and any choice is open again."""
    hand0 = ("k-cost2#1", "k-free#a", "k-free#b")
    start = table(kit, (hand0, ("k-y#1",)))
    state, _ = play(start, 0, select("k-cost2#1"), pay("k-free#a"))
    rejected(state, 0, NOTHING, "Step 2")  # cancel first
    rejected(state, 0, select("k-free#b"), "Step 2")  # one card at a time
    state, events = play(state, 0, CANCEL)
    assert events == []
    assert state == start
    assert RULES.legal_actions(state, 0) == RULES.legal_actions(start, 0)
    rejected(state, 0, CANCEL, "Step 2")  # nothing to cancel now
    # and a different choice works
    state, _ = play(state, 0, NOTHING)
    assert state.seats[0].locked and state.seats[0].selected is None


# -- Step 4 ----------------------------------------------------------------------------------
def test_step4_both_reveal_at_once_in_one_barrier_event(kit):
    """STEP 4: both put their cards down together on the count of three: one reveal, and
    only when the second player locks in; the Hand Costs go to the discard piles."""
    hand0 = ("k-cost1#1", "k-free#a")
    hand1 = ("k-cost2#1", "k-free#b", "k-free#c")
    state = table(kit, (hand0, hand1))
    state, first = play(state, 0, select("k-cost1#1"), pay("k-free#a"))
    assert not any(e.barrier for e in first) and not any(e.kind == "reveal" for e in first)
    state, events = play(state, 1, select("k-cost2#1"), pay("k-free#b"), pay("k-free#c"))
    reveals = [e for e in events if e.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].barrier
    assert reveals[0].data == {
        "cards": ["k-cost1#1", "k-cost2#1"],
        "paid": [["k-free#a"], ["k-free#b", "k-free#c"]],
    }
    assert events.index(reveals[0]) < min(i for i, e in enumerate(events) if e.kind == "roll")
    assert state.last.cards == ("k-cost1#1", "k-cost2#1")
    assert state.last.paid == (("k-free#a",), ("k-free#b", "k-free#c"))


def test_step4_playing_nothing_is_a_legal_bluff(kit):
    """STEP 4: "players have the option of bluffing ... by not putting down a card": nothing
    is always a legal choice, even with playable cards in hand."""
    state = table(kit, (("k-heavy#1", "k-x#1"), ("k-y#1",)))
    for seat in (0, 1):
        assert NOTHING in RULES.legal_actions(state, seat)
        assert RULES.check(state, seat, NOTHING) is None
    state, events = play(state, 0, NOTHING)
    assert state.seats[0].locked and state.seats[0].selected is None
    assert state.seats[0].hand == ("k-heavy#1", "k-x#1")
    assert [e.kind for e in events] == ["commit"]


# -- Step 5 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("player", [0, 1])
def test_step5_one_card_against_none_deals_its_damage(kit, player):
    """STEP 5: a card against no card inflicts its Damage (Step 6C): the opponent draws that
    many cards from the top of their deck into their hand."""
    bluffer = 1 - player
    hands = [(), ()]
    hands[player] = ("k-y#1", "k-free#keep")  # k-y: Damage 3
    hands[bluffer] = ("k-heavy#1",)  # would win a battle, but stays in hand
    state = table(kit, tuple(hands))
    deck = state.seats[bluffer].deck
    state, _ = play(state, bluffer, NOTHING)
    state, events = play(state, player, select("k-y#1"))
    assert state.last.cards[player] == "k-y#1" and state.last.cards[bluffer] is None
    assert state.last.winner == player and state.last.damage == 3 and state.last.drawn == 3
    # 3 damage cards, then step 1's card, from the top of the deck
    assert state.seats[bluffer].hand == ("k-heavy#1", *deck[:4])
    assert state.seats[bluffer].deck == deck[4:]
    assert state.seats[bluffer].discard == ()
    assert state.seats[player].discard == ("k-y#1",)
    assert state.seats[player].hand[0] == "k-free#keep" and len(state.seats[player].hand) == 2
    assert state.phase == "select" and state.round == 2
    assert any(e.kind == "defeat" and e.seat == bluffer for e in events)


def test_step5_the_damage_is_the_played_cards_own(kit):
    """STEP 5 / STEP 6C: the Damage is the amount on the card that was played."""
    for card, damage in (("k-free#1", 1), ("k-x#1", 2), ("k-tie#1", 5)):
        state = table(kit, ((card,), ("k-free#z",)))
        state, _ = play(state, 1, NOTHING)
        state, _ = play(state, 0, select(card))
        assert state.last.damage == damage
        assert len(state.seats[1].hand) == 1 + damage + 1


def test_step5_none_against_none_returns_to_step_1(kit):
    """STEP 5: if neither plays a card nothing happens and both return to step 1: both
    draw again, nothing is discarded, nobody takes Damage."""
    hands = (("k-x#1", "k-free#a"), ("k-y#1",))
    state = table(kit, hands)
    decks = tuple(s.deck for s in state.seats)
    state, _ = play(state, 0, NOTHING)
    state, events = play(state, 1, NOTHING)
    for seat in (0, 1):
        s = state.seats[seat]
        assert s.hand == hands[seat] + decks[seat][:1]
        assert s.deck == decks[seat][1:] and s.discard == ()
        assert not s.locked and s.selected is None and s.paid == ()
    assert state.last.winner is None and state.last.damage == 0
    assert state.round == 2 and state.phase == "select" and RULES.to_act(state) == {0, 1}
    assert [e.kind for e in events] == ["commit", "reveal", "step", "draw"]


# -- Step 6 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("x_seat", [0, 1])
def test_step6_single_element_power_is_own_value_in_the_opponents_element(kit, x_seat):
    """STEP 6A/6B: each card names the element the OPPONENT uses; each power is the player's
    own card's value in that element. k-x (names red; blue 8) meets k-y (names blue; red 5):
    k-x's player uses blue (8), k-y's player uses red (5): k-x wins. Reading the card's own
    element instead would give 1 vs 9."""
    cards = ["k-x#1", "k-y#1"] if x_seat == 0 else ["k-y#1", "k-x#1"]
    y_seat = 1 - x_seat
    state, events = battle(kit, *cards)
    # both name one element: no choice, the battle resolves at the reveal
    assert not any(e.kind == "step" and "6A" in e.text for e in events)
    last = state.last
    assert last.elements[x_seat] == "blue" and last.elements[y_seat] == "red"
    assert last.powers[x_seat] == 8 and last.powers[y_seat] == 5
    assert last.winner == x_seat and last.damage == 2 and last.drawn == 2
    assert len(state.seats[y_seat].hand) == 2 + 1
    assert len(state.seats[x_seat].hand) == 1
    assert state.phase == "select" and state.round == 2


def test_step6b_equal_values_are_a_draw_and_nothing_happens(kit):
    """STEP 6B: equal values are a draw: no Damage; the cards go to the discard piles and
    both return to step 1."""
    state, events = battle(kit, "k-free#1", "k-tie#1")
    assert state.last.powers == (3, 3)
    assert state.last.winner is None and state.last.damage == 0 and state.last.drawn == 0
    for seat, card in ((0, "k-free#1"), (1, "k-tie#1")):
        assert state.seats[seat].discard == (card,)
        assert state.seats[seat].hand == fillers(seat, 1)  # step 1's draw only
        assert len(state.seats[seat].deck) == 9
    assert "draw" in state.last.text.lower()
    assert not any(e.kind == "defeat" for e in events)


@pytest.mark.parametrize(
    ("choice", "winner"),
    # k-y (red 5, blue 9, green 0) must use the element k-multi's owner picks;
    # k-multi's owner uses blue (named by k-y) at 3
    [("green", 0), ("red", 1), ("blue", 1)],
)
def test_step6a_a_multi_element_card_lets_its_owner_choose(kit, choice, winner):
    """STEP 6A: a card listing several Battle Elements lets its owner pick which one applies:
    here a secret choice by the owner after the reveal."""
    state, events = battle(kit, "k-multi#1", "k-y#1")
    assert state.phase == "element" and state.last is None
    assert RULES.to_act(state) == {0}
    assert RULES.legal_actions(state, 0) == [ChooseElement(element=e) for e in ELEMENTS]
    assert RULES.legal_actions(state, 1) == []
    rejected(state, 1, ChooseElement(element="red"), "Step 6A")  # k-y names one element
    # the cards are face up for everybody now; the paid cards are in the discard piles
    for viewer in (0, 1, None):
        view = RULES.view(state, viewer)
        assert [c.id for c in view.battle_cards] == ["k-multi", "k-y"]
        assert view.seats[0].selected[0] == "k-multi#1"
        assert view.seats[0].element_pending and not view.seats[1].element_pending
    state, events = play(state, 0, ChooseElement(element=choice))
    assert state.phase == "select"
    assert state.last.elements == ("blue", choice)
    assert state.last.winner == winner
    reveals = [e for e in events if e.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].barrier and reveals[0].data["elements"][0] == choice


def test_boundary_step6a_the_second_players_multi_element_card_asks_only_them(kit):
    """STEP 6A, from the other seat: when only the second player's card names several
    Battle Elements, only that player chooses; a card naming exactly one element has nothing
    to choose, not even its own element."""
    state, _ = battle(kit, "k-y#1", "k-multi2#1")
    assert state.phase == "element" and RULES.to_act(state) == {1}
    refused = rejected(state, 0, ChooseElement(element="blue"), "Step 6A")
    assert "nothing to choose" in refused.reason
    state, _ = play(state, 1, ChooseElement(element="green"))
    assert state.phase == "select" and state.last.elements == ("green", "blue")


def test_step6a_both_multi_element_owners_choose_at_the_same_time(kit):
    """STEP 6A: when both cards name several elements both players choose, in secret and at
    the same time; the choices are revealed together and then the battle resolves."""
    state, _ = battle(kit, "k-multi#1", "k-multi2#1")
    assert state.phase == "element" and RULES.to_act(state) == {0, 1}
    assert RULES.legal_actions(state, 1) == [
        ChooseElement(element="blue"),
        ChooseElement(element="green"),
    ]
    rejected(state, 1, ChooseElement(element="red"), "Step 6A")  # not on k-multi2
    # seat 1 chooses first: seat 0 cannot see it
    state, events = play(state, 1, ChooseElement(element="green"))
    assert RULES.to_act(state) == {0} and state.phase == "element"
    assert [e.kind for e in events] == ["commit"] and not events[0].barrier
    assert "green" not in events[0].text.lower()
    for viewer in (0, None):
        seen = RULES.view(state, viewer).seats[1]
        assert seen.element is None and not seen.element_pending
    assert RULES.view(state, 1).seats[1].element == "green"
    rejected(state, 1, ChooseElement(element="blue"), "Step 6A")  # already chosen
    # seat 0 makes k-multi2's owner use blue (1); seat 0 uses green (7 vs k-multi's 3)
    state, events = play(state, 0, ChooseElement(element="blue"))
    reveals = [e for e in events if e.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].barrier
    assert reveals[0].data == {"elements": ["blue", "green"]}
    assert state.last.elements == ("green", "blue")
    assert state.last.powers == (3, 1)
    assert state.last.winner == 0 and state.last.damage == 2


def test_step6a_a_multi_element_card_against_a_bluff_needs_no_choice(kit):
    """STEP 5 before STEP 6: against no card there is no battle, so no element is chosen."""
    state = table(kit, (("k-multi#1",), ("k-y#1",)))
    state, _ = play(state, 1, NOTHING)
    state, _ = play(state, 0, select("k-multi#1"))
    assert state.phase == "select" and state.last.winner == 0 and state.last.damage == 2


def test_step6c_every_played_and_paid_card_goes_to_its_owners_discard(kit):
    """STEP 6C: after the battle every used card is discarded: the cards played and the cards
    paid for their Hand Cost, each to its owner's pile."""
    hand0 = ("k-cost2#1", "k-free#a", "k-free#b", "k-x#1")
    hand1 = ("k-cost1#1", "k-free#c", "k-y#1")
    state = table(kit, (hand0, hand1), discards=(("k-free#old",), ()))
    state, _ = play(state, 0, select("k-cost2#1"), pay("k-free#b"), pay("k-free#a"))
    state, _ = play(state, 1, select("k-cost1#1"), pay("k-free#c"))
    # k-cost2 (green 7) uses green named by k-cost1 (green 5): seat 0 wins, Damage 3
    assert state.last.powers == (7, 5) and state.last.winner == 0
    assert sorted(state.seats[0].discard) == sorted(
        ("k-free#old", "k-cost2#1", "k-free#a", "k-free#b")
    )
    assert sorted(state.seats[1].discard) == sorted(("k-cost1#1", "k-free#c"))
    assert state.seats[0].hand == ("k-x#1", *fillers(0, 1))
    assert state.seats[1].hand == ("k-y#1", *fillers(1, 4))
    for s in state.seats:
        assert s.selected is None and s.paid == () and not s.locked and s.element is None
    # every card is still somewhere, once
    for seat in (0, 1):
        s = state.seats[seat]
        assert len(s.hand + s.deck + s.discard) == len(set(s.hand + s.deck + s.discard))


# -- Winning the Game --------------------------------------------------------------------------
def test_damage_that_cannot_be_drawn_loses_at_once(kit):
    """Winning the Game: a player required to draw who cannot loses: must draw 3, has 2."""
    state, events = battle(kit, "k-heavy#1", "k-free#1", decks=(None, fillers(1, 2)))
    assert state.phase == "over"
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert RULES.outcome(state) == state.outcome
    assert RULES.to_act(state) == frozenset()
    assert RULES.legal_actions(state, 0) == [] and RULES.legal_actions(state, 1) == []
    assert state.last.winner == 0 and state.last.damage == 3 and state.last.drawn == 0
    assert events[-1].kind == "over" and events[-1].barrier
    rejected(state, 0, NOTHING, "Winning the Game")
    rejected(state, 1, NOTHING, "Winning the Game")
    # STEP 6C still happens: the played cards reach their discard piles (none left on the table)
    assert "k-heavy#1" in state.seats[0].discard and "k-free#1" in state.seats[1].discard
    assert all(s.selected is None for s in state.seats)


def test_damage_exactly_the_deck_then_step_1_loses(kit):
    """Winning the Game: Damage equal to the cards left is drawn in full; the next step 1
    finds that deck empty and its player loses."""
    state, _ = battle(kit, "k-heavy#1", "k-free#1", decks=(None, fillers(1, 3)))
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.last.drawn == 3
    assert state.seats[1].deck == () and set(fillers(1, 3)) <= set(state.seats[1].hand)


@pytest.mark.parametrize("empty", [0, 1])
def test_step1_a_player_who_cannot_draw_loses(kit, empty):
    """Winning the Game: at step 1 a player whose deck is empty cannot draw and loses."""
    decks = [fillers(0, 3), fillers(1, 3)]
    decks[empty] = ()
    state = table(kit, (("k-x#1",), ("k-y#1",)), decks=tuple(decks))
    state, _ = play(state, 0, NOTHING)
    state, events = play(state, 1, NOTHING)
    assert state.outcome is not None and state.outcome.winners == (1 - empty,)
    assert not state.outcome.is_draw and RULES.to_act(state) == frozenset()
    assert events[-1].kind == "over" and events[-1].barrier


def test_step1_both_decks_empty_is_a_draw(kit):
    """Winning the Game: when both players are due to draw and neither deck has a card, the
    game is a draw."""
    state = table(kit, (("k-x#1",), ("k-y#1",)), decks=((), ()))
    state, _ = play(state, 0, NOTHING)
    state, _ = play(state, 1, NOTHING)
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.winners == () and RULES.to_act(state) == frozenset()


def test_a_whole_game_reaches_an_outcome_with_decks_from_the_folder(cards_dir):
    """Winning the Game: repeating steps 1-6 ends when someone must draw and cannot."""
    config = Config(cards_dir=cards_dir, decks=("plain", "plain"))
    state = RULES.new_game(config, 11)
    # seat 0 always plays its card (Damage 1), seat 1 always bluffs: seat 1 runs out first
    for _ in range(100):
        if RULES.outcome(state):
            break
        state, _ = play(state, 1, NOTHING)
        state, _ = play(state, 0, select(state.seats[0].hand[0]))
    assert state.outcome.winners == (0,)
    assert state.seats[1].deck == ()


# -- Illegal actions, purity, secrecy ------------------------------------------------------------
def test_actions_from_the_wrong_phase_or_seat_are_refused_naming_the_rule(kit):
    """Turn Flow: an action that does not fit the step is refused with the rule's name, and
    changes nothing."""
    state = table(kit, (("k-multi#1", "k-free#a"), ("k-y#1",)))
    rejected(state, 0, ChooseElement(element="red"), "Step 6A")  # no battle yet
    rejected(state, 2, NOTHING, "Turn Flow")  # a two-player game
    rejected(state, 0, select("k-y#1"), "Step 2")  # the other player's card
    rejected(state, 0, select("k-nope#1"), "Step 2")
    state, _ = play(state, 0, select("k-multi#1"))
    rejected(state, 0, NOTHING, "Step 4")  # locked in
    state, _ = play(state, 1, select("k-y#1"))
    assert state.phase == "element"
    for seat in (0, 1):
        for action in (NOTHING, CANCEL, select("k-free#a"), pay("k-free#a")):
            rejected(state, seat, action, "Step 6A")
    rejected(state, 0, ChooseElement(element="purple"), "Step 6A")


def test_apply_never_mutates_its_input(kit):
    """Engine contract: apply returns a new state and leaves the one it was given as it was."""
    state = table(kit, (("k-cost1#1", "k-free#a", "k-multi#1"), ("k-multi2#1", "k-free#b")))
    script = [
        (0, select("k-cost1#1")),
        (0, CANCEL),
        (0, select("k-multi#1")),
        (1, select("k-multi2#1")),
        (1, ChooseElement(element="green")),
        (0, ChooseElement(element="blue")),
        (0, NOTHING),
        (1, NOTHING),
    ]
    for seat, action in script:
        before = state.model_dump(mode="json")
        new, _ = RULES.apply(state, seat, action)
        assert state.model_dump(mode="json") == before
        assert new is not state
        state = new
    assert state.round == 3


def test_views_never_show_the_opponents_secrets_before_the_reveal(kit):
    """STEP 2-4 and STEP 6A: through a whole round, the opponent's hand, selection, payment
    and element stay hidden until their reveal; the owner always sees their own."""
    state = table(
        kit,
        (
            ("k-multi#1", "k-free#a", "k-cost1#1"),
            ("k-multi2#1", "k-cost2#1", "k-free#b", "k-free#c"),
        ),
    )
    script = [
        (0, select("k-cost1#1")),
        (0, CANCEL),
        (1, select("k-cost2#1")),
        (1, pay("k-free#b")),
        (1, CANCEL),
        (1, select("k-multi2#1")),
        (0, select("k-multi#1")),
        (0, ChooseElement(element="red")),
        (1, ChooseElement(element="blue")),
    ]
    for seat, action in script:
        state, _ = play(state, seat, action)
        for owner in (0, 1):
            s = state.seats[owner]
            for viewer in (1 - owner, None):
                seen = RULES.view(state, viewer).seats[owner]
                assert seen.hand == () and seen.paid == () and seen.element is None
                if state.phase == "select":
                    assert seen.selected is None
                if state.phase == "element":  # the cards are face up, the elements not
                    assert seen.selected[0] == s.selected
            mine = RULES.view(state, owner).seats[owner]
            assert [c for c, _ in mine.hand] == list(s.hand)
            assert mine.element == s.element
    # after the second reveal everybody sees what was chosen
    assert state.last.elements == ("blue", "red")


def test_undo_stops_at_the_reveal(kit):
    """STEP 4: the reveal is new information: a payment can be taken back, a reveal cannot."""
    match = Match(RULES, kit, seed=1)
    match.states = [table(kit, (("k-cost1#1", "k-free#a"), ("k-y#1",)))]
    match.play(0, select("k-cost1#1"))
    assert match.undo(0) == 1
    match.play(0, select("k-cost1#1"))
    match.play(0, pay("k-free#a"))
    match.play(1, select("k-y#1"))
    assert match.undoable(1) == 0 and match.undoable(0) == 0


def test_describe_every_kind_of_action():
    """Log: every action has words for the log and the save-file error messages."""
    for action in (select("k-x#1"), pay("k-free#a"), CANCEL, NOTHING, ChooseElement(element="red")):
        assert RULES.describe(action)
        assert RULES.parse_action(RULES.dump_action(action)) == action
