"""Players choose their Rangers at setup (base rules, Setup: each player takes a Ranger of
their choice); a seat that does not choose is dealt one from the default team."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop_tui.games.hotg.models import ALL_RANGERS, Config
from tabletop_tui.games.hotg.rules import HotgRules

FOUR = ("A", "B", "C", "D")


def test_no_picks_keeps_the_default_team():
    assert Config(names=FOUR).rangers == ALL_RANGERS[:4]
    assert Config(names=FOUR, ranger_picks=("", "", "", "")).rangers == ALL_RANGERS[:4]


def test_a_pick_is_kept_and_the_others_fill_from_the_default_team_without_repeats():
    config = Config(names=FOUR, ranger_picks=("", "ashley", "", "jason"))
    assert config.rangers == ("zack", "ashley", "billy", "jason")
    state = HotgRules().new_game(config, seed=3)
    assert [p.rangers for p in state.players] == [("zack",), ("ashley",), ("billy",), ("jason",)]


def test_two_players_each_pick_their_first_ranger_and_get_a_second_one():
    """Base rules: with one or two players each runs two Rangers."""
    config = Config(names=("A", "B"), ranger_picks=("tj", ""))
    assert config.rangers == ("tj", "jason", "zack", "billy")
    both = Config(names=("A", "B"), ranger_picks=("tj", "cassie"))
    assert both.rangers == ("tj", "jason", "cassie", "zack")
    alone = Config(names=("A",), ranger_picks=("ashley",))
    assert alone.rangers == ("ashley", "jason")


def test_named_rangers_win_over_picks():
    """A config naming its Rangers (saves, selfplay) is kept as it is."""
    config = Config(names=("A", "B"), rangers=("billy", "kimberly"), ranger_picks=("tj", ""))
    assert config.rangers == ("billy", "kimberly")


def test_the_mastermind_seat_picks_no_ranger():
    config = Config(names=FOUR, mode="mastermind", ranger_picks=("cassie", "", "", "andros"))
    assert config.rangers == ("cassie", "jason", "zack")


def test_the_same_ranger_twice_is_refused_in_words():
    with pytest.raises(ValidationError, match="distinct"):
        Config(names=FOUR, ranger_picks=("jason", "jason", "", ""))
