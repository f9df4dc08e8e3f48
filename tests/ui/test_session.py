"""The hot-seat rules on their own: who gets the keyboard, and when the curtain falls."""

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games.army_of_zero.models import ChooseCombat, PlaceRest
from tabletop_tui.ui.session import Session


def _session(kinds, seed=4):
    seats = [SeatSpec(name=f"P{i}", kind=k) for i, k in enumerate(kinds)]
    return Session.new("army-of-zero", seats, seed, autosave=False)


def test_two_humans_curtain_before_the_first_secret_and_between_seats():
    s = _session(["human", "human"])
    assert s.on_screen is None
    assert s.needs_curtain() == 0  # nobody on screen yet: hand the keyboard to seat 1
    s.on_screen = 0
    assert s.needs_curtain() is None  # seat 1 may still act: no curtain
    s.act(0, PlaceRest())
    assert s.needs_curtain() == 1  # seat 1's squad is secret from seat 0


def test_the_seat_on_screen_keeps_the_keyboard_when_it_may_act():
    s = _session(["human", "human"])
    s.on_screen = 1
    s.act(1, PlaceRest())
    s.on_screen = 0
    s.act(0, PlaceRest())
    # Both choose a Combat Card at once: seat 0 is on screen and goes first, no curtain.
    assert s.match.to_act() == frozenset({0, 1})
    assert s.needs_curtain() is None
    s.act(0, ChooseCombat(card="defend"))
    assert s.needs_curtain() == 1


def test_one_human_never_sees_a_curtain():
    s = _session(["human", "heuristic"])
    assert s.on_screen == 0
    assert s.needs_curtain() is None
    assert s.next_bot() == 1
    s.play_bot(1)
    assert s.needs_curtain() is None


def test_all_bots_render_the_public_view():
    s = _session(["random", "heuristic"])
    assert s.viewer() is None
    assert s.next_human() is None
    while not s.over:
        s.play_bot(s.next_bot())
    assert s.match.outcome() is not None


def test_undo_walks_back_over_the_bot_to_the_humans_move():
    s = _session(["human", "heuristic"])
    while s.next_bot() is not None:
        s.play_bot(1)  # the bot lays its squad down (a barrier: its pile is fixed)
    placed = s.match.legal_actions(0)[0]
    s.act(0, placed)
    assert s.undo() == 1
    assert s.match.undo() == 0  # the bot's laid-down pile cannot be taken back


def test_seats_in_one_group_pass_the_keyboard_without_a_curtain():
    """Co-op with open hands: nothing is hidden between the seats of one group."""
    s = _session(["human", "human"])
    s.groups = {0: 0, 1: 0}
    assert s.needs_curtain() is None and s.on_screen == 0  # nothing secret at all
    s.act(0, PlaceRest())
    assert s.needs_curtain() is None and s.on_screen == 1


def test_seats_in_different_groups_still_get_the_curtain():
    """The Mastermind's Schemes are hidden from the Rangers: a curtain between the groups,
    and at the start, before anyone has seen anything."""
    s = _session(["human", "human"])
    s.groups = {0: 0, 1: 1}
    assert s.needs_curtain() == 0 and s.on_screen is None
    s.on_screen = 0
    s.act(0, PlaceRest())
    assert s.needs_curtain() == 1 and s.on_screen == 0
