"""The HotG move list's grouping on its own, over random games: at most `TOP_LEVEL_CAP`
entries at the top level, a card listed once, and every legal move reachable through the
follow-up prompts (each path ending on exactly one move). A kind of action the screen has
never heard of still becomes a choice list."""

from __future__ import annotations

from typing import Literal

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.core import Model
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.games.hotg.models import Config
from tabletop_tui.ui.games.hotg.moves import (
    TOP_LEVEL_CAP,
    Pending,
    build_groups,
    card_names,
    dedupe_copies,
    prompt_options,
)

RULES = get_rules("hotg")


def _leaves(view, pending: Pending, depth: int = 0) -> list:
    """Every move the prompts can end on, answering each question every possible way."""
    assert depth < 8, "the prompts never narrow down"
    if len(pending.actions) == 1:
        return list(pending.actions)
    title, options = prompt_options(view, pending, RULES)
    assert title and len(options) >= 2, (title, pending.actions)
    out = []
    for label, narrowed in options:
        assert label and len(narrowed.actions) < len(pending.actions)
        out += _leaves(view, narrowed, depth + 1)
    return out


def _states(seed: int, steps: int, **config):
    state = RULES.new_game(Config(**config), seed)
    bots = make_bot("hotg", "heuristic"), make_bot("hotg", "random")
    for step in range(steps):
        seats = RULES.to_act(state)
        if not seats:
            return
        seat = min(seats)
        view = RULES.view(state, seat)
        legal = RULES.legal_actions(state, seat)
        yield view, legal
        bot = bots[step % 3 == 0 and view.battle is not None]  # a random move now and then
        action = bot.choose(view, legal, seat, bot_rng(seed, step, seat))
        state, _ = RULES.apply(state, seat, action)


def test_groups_stay_under_the_cap_and_reach_every_move():
    most = 0
    games = (
        (2, {"names": ("A", "B")}),
        (1, {"mode": "mastermind"}),
        (3, {"mode": "psycho_assault"}),
    )
    for seed, config in games:
        for view, legal in _states(seed, 400, **config):
            groups = build_groups(view, legal, RULES)
            assert 0 < len(groups) <= TOP_LEVEL_CAP
            cards = [g.ident for g in groups if g.card_key]
            assert len(cards) == len(set(cards)), cards  # a card is listed once
            names = card_names(view)
            reached = [a for g in groups for a in _leaves(view, Pending("", g.actions))]
            assert sorted(map(repr, reached)) == sorted(map(repr, dedupe_copies(legal, names)))
            most = max(most, len(legal))
    assert most >= 50  # the 52 Blade Blaster moves: one entry, then prompts


def test_blade_blasters_many_actions_are_one_entry_asking_x_first():
    for view, legal in _states(2, 400, names=("A", "B")):
        blaster = [a for a in legal if "blade-blaster" in str(getattr(a, "card", ""))]
        xs = {a.x for a in blaster}
        if len(xs) > 1 and len({a.target for a in blaster}) > 1:
            groups = [
                g for g in build_groups(view, legal, RULES) if "Blade Blaster" in g.label.plain
            ]
            assert len(groups) == 1
            title, options = prompt_options(
                view, Pending("Blade Blaster", groups[0].actions), RULES
            )
            assert title.startswith("Choose X")
            assert [label for label, _ in options] == [f"X = {x}" for x in sorted(xs)]
            title, options = prompt_options(view, options[-1][1], RULES)
            assert title == "Choose the target"
            return
    raise AssertionError("no Blade Blaster with a choice of X and target came up")


class Summon(Model):
    """A kind of action the screen was written without (as the engine may add)."""

    kind: Literal["summon_thing"] = "summon_thing"
    slot: int
    power: int


class FakeRules:
    def describe(self, action) -> str:
        return f"Summon {action.slot}/{action.power}"


def test_an_unknown_decision_still_becomes_a_choice_list():
    view = next(v for v, _ in _states(1, 5))
    legal = [Summon(slot=s, power=p) for s in range(4) for p in range(5)]
    groups = build_groups(view, legal, FakeRules())
    assert len(groups) <= TOP_LEVEL_CAP
    reached = [a for g in groups for a in _leaves_with(view, g.actions, FakeRules())]
    assert sorted(map(repr, reached)) == sorted(map(repr, legal))


def _leaves_with(view, actions, rules) -> list:
    if len(actions) == 1:
        return list(actions)
    _, options = prompt_options(view, Pending("", tuple(actions)), rules)
    assert len(options) >= 2
    return [a for _, narrowed in options for a in _leaves_with(view, narrowed.actions, rules)]


def test_a_reroll_question_lists_each_set_of_dice_with_its_faces():
    """Ruling 22 (issue 15): the attacker names the dice to reroll; the move list shows each
    set with the die faces as glyphs (no colour needed) and Pass keeps the roll."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from test_hotg_rules import LEAP, battle, card, game, give

    from tabletop_tui.games.hotg import models as m

    s = battle(game(), [[LEAP]], pool=2)
    slash = card("jason", "tyranno-slash")
    s = give(s, 0, hand=[slash])
    s, _ = RULES.apply(s, 0, m.PlayCard(card=slash, target=0))
    assert s.decision.kind == "reroll"
    view, legal = RULES.view(s, 0), RULES.legal_actions(s, 0)
    labels = [g.label.plain for g in build_groups(view, legal, RULES)]
    assert "» Pass (keep these dice)" in labels
    rolls = [x for x in labels if x.startswith("⚄ Reroll ")]
    assert len(rolls) == len(legal) - 1
    # one die is named by its place ("die 2"), never as if it were two dice (QA session 14)
    singles = [a for a in legal if isinstance(a, m.Dice) and len(a.dice) == 1]
    assert singles and len([x for x in rolls if x.startswith("⚄ Reroll die ")]) == len(singles)
    assert all(x.startswith("⚄ Reroll dice ") for x in rolls if "," in x.split("(")[0])
    assert all(any(f in x for f in ("○", "¤")) for x in rolls)
    reached = [
        a for g in build_groups(view, legal, RULES) for a in _leaves_with(view, g.actions, RULES)
    ]
    assert sorted(map(repr, reached)) == sorted(map(repr, legal))


def test_an_x_card_with_only_x_0_left_says_so_before_it_is_played():
    """Cards "X" (reference "X": you choose how much energy to pay): with no energy the only
    play is X = 0, asked about by no prompt. QA: "Play Blade Blaster → 2 Engulf" was played
    with X=0 and dealt no hits, the label never having said X=0."""
    from tabletop_tui.games.hotg.models import PlayCard
    from tabletop_tui.ui.games.hotg.moves import action_label

    for view, legal in _states(1, 100, names=("A", "B")):
        plays = [a for a in legal if isinstance(a, PlayCard) and "blade-blaster" in a.card]
        if plays and {a.x for a in plays} == {0}:
            label = action_label(view, plays[0], RULES, card_names(view)).plain
            assert "X=0" in label, label
            return
    raise AssertionError("no Blade Blaster with only X = 0 came up")


def test_each_card_of_the_discard_piles_says_whose_pile_it_is():
    """The discard piles are one zone of cards, every player's (public); QA: with two
    players' piles in it, nothing on a card's line said whose it was."""
    from tabletop_tui.ui.games.hotg.cards import discard_infos

    for view, _ in _states(2, 400, names=("A", "B")):
        if all(p.discard for p in view.players):
            infos = discard_infos(view)
            for p in view.players:
                mine = [i for i in infos if i.key.startswith(f"discard-{p.seat}-")]
                assert len(mine) == len(p.discard)
                assert all(f"P{p.seat + 1}" in i.marks.split() for i in mine), mine[0].marks
            return
    raise AssertionError("no two discard piles came up")
