"""A seat named "You" (every guided first game) is spoken to in the second person.

The rules write their log about a seat by name ("Ana plays Hex Imp"); with the name "You"
that read "You plays Hex Imp" all through the first game a new player sees."""

import pytest

from tabletop_tui.engine.grammar import YOU, second_person

CASES = [
    # verbs after the name, each spelling the rules use
    ("You plays Hex Imp.", "You play Hex Imp."),
    (
        "1..2..3! You plays nothing; Bot plays Hex Imp.",
        "1..2..3! You play nothing; Bot plays Hex Imp.",
    ),
    ("You has chosen", "You have chosen"),
    ("You is locked in.", "You are locked in."),
    ("You does not Block", "You do not Block"),
    ("You reaches 11 RESEARCH and wins!", "You reach 11 RESEARCH and win!"),
    ("You chooses: Turbo Meerkat.", "You choose: Turbo Meerkat."),
    ("You USES Vulture Virus to SHIELD.", "You USE Vulture Virus to SHIELD."),
    ("You RECOVERs (cards worth up to 6 shields)", "You RECOVER (cards worth up to 6 shields)"),
    ("You Attacks with Iron Overlord", "You Attack with Iron Overlord"),
    ("You carries on", "You carry on"),
    ("You passes", "You pass"),
    # the rest of the sentence about the same seat
    ("You puts their Squad Pile of 10 face down.", "You put your Squad Pile of 10 face down."),
    ("You goes first and doesn't draw.", "You go first and don't draw."),
    (
        "You had to draw from an empty deck and loses.",
        "You had to draw from an empty deck and lose.",
    ),
    (
        "You must draw 2 but has 0 card(s) left: Bot wins.",
        "You must draw 2 but have 0 card(s) left: Bot wins.",
    ),
    (
        "You is DEFEATED and respawns at the Command Center",
        "You are DEFEATED and respawn at the Command Center",
    ),
    (
        "You powers up: shuffles, draws 7, stores energy",
        "You power up: shuffle, draw 7, store energy",
    ),
    # the name as an owner or an object
    (
        "Step 5: You's Oak Warden meets no card and deals 2 Damage.",
        "Step 5: Your Oak Warden meets no card and deals 2 Damage.",
    ),
    (
        "Bot has defeated all ten of You's characters.",
        "Bot has defeated all ten of your characters.",
    ),
    (
        "Bot must draw 3 but has 2 card(s) left: You wins.",
        "Bot must draw 3 but has 2 card(s) left: You win.",
    ),
    ("BATTLE at Ernie's Juice Bar: You; You leads.", "BATTLE at Ernie's Juice Bar: You; You lead."),
    # other seats and words that merely end in s are left alone
    (
        "Bot plays Shade Trooper and its ability draws 1.",
        "Bot plays Shade Trooper and its ability draws 1.",
    ),
    ("Reveal: You ATTACK, Bot ATTACK.", "Reveal: You ATTACK, Bot ATTACK."),
    ("You plays Hex Imp; Bot shuffles their deck.", "You play Hex Imp; Bot shuffles their deck."),
    ("Younger Bot plays", "Younger Bot plays"),
]


@pytest.mark.parametrize(("said", "meant"), CASES)
def test_a_line_about_you_is_said_to_you(said, meant):
    assert second_person(said) == meant


def test_a_line_without_you_is_returned_unchanged():
    line = "Bot plays Hex Imp and draws 2."
    assert second_person(line) is line


def test_the_name_is_the_one_the_guided_games_use():
    import tomllib
    from pathlib import Path

    folder = Path(__file__).parents[1] / "tabletop_tui" / "reference"
    guided = sorted(folder.glob("*.tutorial.toml"))
    assert guided, "no guided games found"
    for path in guided:
        names = tomllib.loads(path.read_text())["names"]
        assert names[0] == YOU, path.name


def test_a_guided_game_logs_its_player_in_the_second_person():
    """A Match with a seat named "You" logs "You play"; the same game with another name
    keeps the rules' own words (the save holds actions only, so nothing else changes)."""
    from tabletop_tui.engine.bots import bot_rng
    from tabletop_tui.engine.match import Match, SeatSpec
    from tabletop_tui.games import get_rules, make_bot

    rules = get_rules("pr-ccg-2008")
    logs = {}
    for name in (YOU, "Ana"):
        config = rules.default_config([name, "Bot"])
        match = Match(rules, config, 3, seats=[SeatSpec(name=name), SeatSpec(name="Bot")])
        bot = make_bot("pr-ccg-2008", "heuristic")
        for step in range(40):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            choice = bot.choose(
                match.view(seat), match.legal_actions(seat), seat, bot_rng(3, step, seat)
            )
            match.play(seat, choice)
        logs[name] = [e.text for e in match.log_lines()]
    assert any("Ana plays" in line for line in logs["Ana"])
    assert not any(f"{YOU} plays" in line for line in logs[YOU])
    assert any(f"{YOU} play " in line for line in logs[YOU])
    assert len(logs[YOU]) == len(logs["Ana"])


def test_an_owner_is_you_or_a_name():
    from tabletop_tui.engine.grammar import owner

    assert owner(YOU) == "your" and owner("Ana") == "Ana's"


def test_a_plural_takes_its_s_at_every_count_but_one():
    from tabletop_tui.engine.grammar import plural

    assert [plural(n, "Shard") for n in (0, 1, 2)] == ["0 Shards", "1 Shard", "2 Shards"]


def test_a_broken_saves_message_reads_an_army_of_zero_action():
    """A save whose action is not one of the game's said "is not a Army Of Zero action"."""
    from tabletop_tui.engine.grammar import article
    from tabletop_tui.engine.match import LoggedAction, Match, SaveError
    from tabletop_tui.games import get_rules

    assert article("Army Of Zero") == "an" and article("ZOOBOTZ") == "a"
    rules = get_rules("army-of-zero")
    save = Match(rules, rules.default_config(), 1).to_save()
    bad = LoggedAction(seat=0, action={"type": "nonsense"})
    broken = save.model_copy(update={"actions": [bad]})
    with pytest.raises(SaveError, match="is not an Army Of Zero action"):
        Match.from_save(broken, rules, source="x.json")
