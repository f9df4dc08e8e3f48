"""Every move the HotG move list offers has a key (issue 36 play-test): with nine keys and up
to fifteen rows, rows past the ninth (a Pass among them) were listed without one, and while
the last move's key rested a ninth row lost its key too."""

from __future__ import annotations

from tabletop_tui.ui.games.hotg.keys import LIST_KEYS, LastingKeys
from tabletop_tui.ui.games.hotg.moves import TOP_LEVEL_CAP, build_groups

from .test_hotg_moves import RULES, _states


def test_the_list_never_holds_more_rows_than_keys_free_while_one_rests():
    assert TOP_LEVEL_CAP <= len(LIST_KEYS) - 1
    assert len(set(LIST_KEYS)) == len(LIST_KEYS)


def test_every_row_has_a_key_over_random_games_even_with_the_last_key_resting():
    widest = 0
    games = ((2, {"names": ("A", "B")}), (1, {"mode": "mastermind"}), (5, {}))
    for seed, config in games:
        keys = LastingKeys()
        resting = ""
        for view, legal in _states(seed, 300, **config):
            groups = build_groups(view, legal, RULES)
            before = dict(keys.keys)
            given = keys.assign([g.ident for g in groups], resting=resting)
            keyless = [g.label.plain for g in groups if g.ident not in given]
            assert not keyless, (len(groups), keyless)
            # a resting key goes to no move that was not on the list already
            new = [i for i, k in given.items() if k == resting and i not in before]
            assert not new, new
            assert len(set(given.values())) == len(given)  # no key means two moves
            widest = max(widest, len(groups))
            # the move just made (any row): its key rests during the next list
            resting = given[groups[-1].ident]
    assert widest == TOP_LEVEL_CAP  # the lists did fill up to the cap
