"""Zeo: the rules fixed after the rule-by-rule audit (issue 16), each test naming the
rulebook section it checks, and the rulings of card_data/zeo-dbg/DESIGN.md it settles."""

from __future__ import annotations

from zeo_helpers import R, act, attach, choose, energy, game, hand, player

from tabletop_tui.games.zeo_dbg.cards import catalog
from tabletop_tui.games.zeo_dbg.effects import Ability, Attack, FoeDiscard
from tabletop_tui.games.zeo_dbg.models import Activate, Buy, Choose

CAT = catalog(None)  # the very object the rules read (functools.cache keys on the call)
V, H = 0, 1


def shards(state, n):
    return state.model_copy(update={"shards": n})


def hero_turn(state):
    return state.model_copy(update={"active": H})


# -- 7. "Discard N" ------------------------------------------------------------------------------
def test_discard_two_makes_the_foe_discard_two_cards(monkeypatch):
    """Miscellaneous Rules, Discarding Cards: a "discard" effect takes the number of cards it
    names from the hand; here an Attack that says discard 2 asks the foe twice."""
    brute = CAT.cards["gearclaw-brute"]
    two = brute.model_copy(
        update={
            "ability": Ability(
                cost=3, effects=(Attack(targeted=True, effects=(FoeDiscard(count=2),)),)
            )
        }
    )
    monkeypatch.setitem(CAT.cards, "gearclaw-brute", two)
    state = energy(game(), V, 5)
    state, _ = attach(state, V, 0, "gearclaw-brute")
    state, cards = hand(state, H, "junior-cadet", "dojo-sensei", "pulse-rifle")
    state = act(state, V, Activate(source="slot", index=0))
    state = choose(state, "decline")
    assert state.decision.kind == "discard" and "(1 of 2)" in state.decision.prompt
    state = choose(state, cards[1])
    assert state.decision.kind == "discard" and "(2 of 2)" in state.decision.prompt
    state = choose(state, cards[2])
    assert state.decision is None
    assert state.players[H].hand == (cards[0],)
    assert state.players[H].discard[-2:] == (cards[1], cards[2])


def test_discard_two_with_one_card_in_hand_discards_what_there_is(monkeypatch):
    """Zeo Rules Clarifications, Combination Attacks: what cannot be done is skipped, the rest
    still happens."""
    brute = CAT.cards["gearclaw-brute"]
    two = brute.model_copy(
        update={
            "ability": Ability(
                cost=3, effects=(Attack(targeted=True, effects=(FoeDiscard(count=2),)),)
            )
        }
    )
    monkeypatch.setitem(CAT.cards, "gearclaw-brute", two)
    state = energy(game(), V, 5)
    state, _ = attach(state, V, 0, "gearclaw-brute")
    state, cards = hand(state, H, "dojo-sensei")
    state = act(state, V, Activate(source="slot", index=0))
    state = choose(state, "decline")
    state = choose(state, cards[0])
    assert state.decision is None and state.players[H].hand == ()


# -- 4. a Block resolves in the order written ----------------------------------------------------
def test_block_reward_resolves_before_the_block_is_discarded():
    """Blocks: the Block card's effects happen in the order its text is written, and its
    text ends with "discard this card": Junior Cadet's draw comes first, so with an empty
    deck and discard pile it draws nothing and does not come back to the hand."""
    state = energy(game(), V, 5)
    state = energy(state, H, 5)
    state, _ = attach(state, V, 0, "rivet-sniper")
    state, cards = hand(state, H, "junior-cadet")
    state = player(state, H, deck=(), discard=())
    state = act(state, V, Activate(source="slot", index=0))
    state = act(state, H, Choose(option=f"hand:{cards[0]}"))
    assert state.players[H].hand == ()
    assert state.players[H].discard == (cards[0],)


def test_block_reward_draw_with_cards_left_draws_one_other_card():
    state = energy(energy(game(), V, 5), H, 5)
    state, _ = attach(state, V, 0, "rivet-sniper")
    state, cards = hand(state, H, "junior-cadet")
    top = state.players[H].deck[0]
    state = act(state, V, Activate(source="slot", index=0))
    state = act(state, H, Choose(option=f"hand:{cards[0]}"))
    assert state.players[H].hand == (top,) and state.players[H].discard[-1] == cards[0]


# -- 3. Zeo Sub-Crystal 5 ------------------------------------------------------------------------
def test_sub_crystal_5_gain_from_the_stack_leaves_it_buyable():
    """Specific Card Clarifications, Zeo Sub-Crystal 5 - Red: its gain is outside the
    one-a-turn limit, and the player may still buy another Zord the same turn."""
    state = hero_turn(energy(game(), H, 10))
    state = player(state, H, own_gained=True)
    state, _ = attach(state, H, 0, "zeo-sub-crystal-5-red")
    top, second = state.zord_stack[:2]
    state = act(state, H, Activate(source="slot", index=0))
    assert [z.card for z in state.bay] == [top]
    assert state.zord_up and state.zord_stack[0] == second
    state = act(shards(state, 7), H, Buy(source="stack"))
    assert [z.card for z in state.bay] == [top, second]


def test_sub_crystal_5_after_a_stack_purchase_still_gains():
    """Zeo Sub-Crystal 5 - Red: buying first and gaining after is the same pair of events in
    the other order, so the gain still happens while the stack's top is face down."""
    state = hero_turn(energy(game(), H, 10))
    state = player(state, H, own_gained=True)
    state, _ = attach(state, H, 0, "zeo-sub-crystal-5-red")
    top, second = state.zord_stack[:2]
    state = act(shards(state, 7), H, Buy(source="stack"))
    assert not state.zord_up
    new, ev = R.apply(state, H, Activate(source="slot", index=0))
    assert [z.card for z in new.bay] == [top, second]
    assert any(e.barrier for e in ev)  # a face-down card came to light
