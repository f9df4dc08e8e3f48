"""The bots' estimate of losing in the next Deployment Phase (games/hotg/threat.py): every
outer location panicked at once loses (base rules §3); foot soldiers overflow clockwise past
full locations and a villain panics the location it lands on (§4.1)."""

from __future__ import annotations

from tabletop_tui.games.hotg.threat import loss_chance, villain_slots

FS = ("putty_patrollers", "super_putty_patrollers")
# clockwise, with figure limits 5, 6, 6, 5
IDS = ("ernies_juice_bar", "angel_grove_park", "industrial_district", "angel_grove_high")


def board(*rows):
    return tuple((i, fs, v, p, False) for i, (fs, v, p) in zip(IDS, rows, strict=True))


def test_an_empty_board_survives_five_deployments_without_villains():
    # 5 cards of at most 3 figures cannot fill four empty locations (22 places)
    empty = board((0, 0, False), (0, 0, False), (0, 0, False), (0, 0, False))
    assert loss_chance(empty, (), 20, 5, FS, True) == 0.0


def test_three_panicked_full_locations_and_a_short_fourth_always_lose():
    # every overflow goes to the last location, which has room for 2 of about 10 figures
    full = board((5, 0, True), (5, 1, True), (5, 1, True), (3, 0, False))
    assert loss_chance(full, (), 20, 5, FS, True) == 1.0


def test_a_coming_boss_makes_a_board_riskier():
    # two panicked monster locations, two free ones: the boss panics one of them (§4.1)
    two_free = board((2, 1, True), (2, 1, True), (0, 0, False), (0, 0, False))
    without = loss_chance(two_free, (), 15, 5, FS, True)
    with_boss = loss_chance(two_free, (tuple(villain_slots(15, 15)),), 15, 5, FS, True)
    assert with_boss > without


def test_the_same_board_gets_the_same_answer():
    b = board((3, 1, True), (4, 0, False), (1, 0, False), (2, 1, True))
    due = (tuple(villain_slots(15, 15)),)
    assert loss_chance(b, due, 15, 5, FS, True) == loss_chance(b, due, 15, 5, FS, True)


def test_villain_slots_follow_the_piles():
    # base rules §2.4: a monster card somewhere among pile B's 6 cards comes with one of
    # deployments 5-10; once deployment 7 is past, only 8-10 are left
    assert villain_slots(0, 5) == [5, 6, 7, 8, 9, 10]
    assert villain_slots(7, 5) == [8, 9, 10]
