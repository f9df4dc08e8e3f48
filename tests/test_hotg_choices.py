"""Heroes of the Grid: choices the engine used to make for the players, given back (issue 15).

Each scenario cites the card or rule whose words leave the choice to the player: the card
texts are in ../shared/research/heroes-of-the-grid-card-facts.json, the base rules in
../shared/research/heroes-of-the-grid-base-rules.md ("§N"); our readings are
card_data/hotg/RULINGS.md ("Ruling N"). The bot must answer every new question too.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import HotgHeuristicBot
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_rules import FODDER, LEAP, LEAP2, PP, battle, card, game, give  # noqa: E402

SWARM = f"{PP}:swarm-attack#1"

R = HotgRules()


def _bot_answers(s: m.State) -> m.Action:
    """The bot's answer to the pending question is one of the legal actions."""
    seat = s.decision.asked[0]
    legal = R.legal_actions(s, seat)
    a = HotgHeuristicBot().choose(R.view(s, seat), legal, seat, random.Random(0))
    assert a in legal
    return a


def _tough(s: m.State, *slots: int) -> m.State:
    """Enemy cards that survive anything (hits already far below zero)."""
    return upd(
        s,
        battle=upd(
            s.battle,
            slots=tuple(
                upd(sl, hits=-50) if i in slots else sl for i, sl in enumerate(s.battle.slots)
            ),
        ),
    )


def _start(s: m.State) -> m.State:
    """Run the start-of-battle effects (§5.2) and the work they queue."""
    ev: list = []
    return R._run(R._battle_start(s, ev), ev)


# ============================================================== discards of your choice
def test_lunar_lance_discards_the_two_cards_its_player_picks():
    """Lunar Lance: its player may discard 2 hand cards instead of paying its energy; the
    card says which cards nowhere, so the player picks them (was: the two lowest)."""
    s = game(rangers=("carlos", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP, LEAP2]], pool=0), 0, 1)
    lance = card("carlos", "lunar-lance")
    keep, best, other = (
        card("carlos", "meteor-smash"),
        card("carlos", "moon-fang-piercer"),
        card("carlos", "rising-moon"),
    )
    s = give(s, 0, hand=[lance, keep, best, other])
    s, _ = R.apply(s, 0, m.PlayCard(card=lance, target=0, boost=True))
    d = s.decision
    assert d.kind == "discard_from_hand" and d.amount == 2 and d.asked == (0,)
    assert R.check(s, 0, m.Pick(card=lance)) is not None  # already played: not in hand
    s, _ = R.apply(s, 0, m.Pick(card=best))  # even the best card, if the player wants
    assert s.decision.kind == "discard_from_hand" and s.decision.amount == 1
    _bot_answers(s)
    s, ev = R.apply(s, 0, m.Pick(card=other))
    assert s.players[0].hand == (keep,)
    assert best in s.players[0].discard and other in s.players[0].discard
    assert any(e.kind == "dice" for e in ev)  # the attack went on once the cost was paid


def test_meteor_smash_discards_the_card_its_player_picks_for_its_extra_die():
    """Meteor Smash: before rolling, its player may discard 1 hand card for +1 die."""
    s = game(rangers=("carlos", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP]], pool=2), 0)
    smash = card("carlos", "meteor-smash")
    a, b = card("carlos", "lunar-lance"), card("carlos", "rising-moon")
    s = give(s, 0, hand=[smash, a, b])
    s, _ = R.apply(s, 0, m.PlayCard(card=smash, target=0, boost=True))
    assert s.decision.kind == "discard_from_hand" and s.decision.amount == 1
    s, ev = R.apply(s, 0, m.Pick(card=a))
    assert s.players[0].hand == (b,) and a in s.players[0].discard
    rolled = [len(e.data["dice"]) for e in ev if e.kind == "dice" and "dice" in e.data]
    assert rolled == [3]  # 2 dice + 1 for the discard


def test_angel_grove_high_b_trims_the_hand_with_cards_the_player_picks():
    """Angel Grove High (B side): hand size 2 lower there, the excess discarded at once;
    which cards go is the player's choice (was: the lowest-value ones)."""
    s = game()  # locations: industrial district, angel grove park, angel grove high, ...
    agh = 2
    assert s.locations[agh].id == "angel_grove_high"
    s = upd(
        s,
        phase="action",
        focus=0,
        locations=tuple(
            upd(lo, side_b=True) if k == agh else lo for k, lo in enumerate(s.locations)
        ),
    )
    hand = s.players[0].hand
    assert len(hand) == 5
    s, _ = R.apply(s, 0, m.Move(to="angel_grove_high"))
    d = s.decision
    assert d.kind == "discard_from_hand" and d.amount == 2 and d.source == "Angel Grove High"
    assert R.legal_actions(s, 0) == [m.Pick(card=c) for c in dict.fromkeys(hand)]
    s, _ = R.apply(s, 0, m.Pick(card=hand[0]))
    s, _ = R.apply(s, 0, m.Pick(card=hand[1]))
    assert s.decision is None and s.players[0].hand == hand[2:]
    assert s.players[0].discard[-2:] == hand[:2]


# ============================================================== Telekinesis
def test_telekinesis_lets_its_player_name_the_ranger_who_takes_a_discard_back():
    """Telekinesis: at the start of a battle any Ranger (one, named by its player) moves the
    top card of their own discard pile to their hand; its player may also name nobody."""
    s = game(rangers=("andros", "jason", "billy", "zack"))
    s = battle(s, [[LEAP]], seats=(0, 1), fs=((PP, 1),), turn="prep")
    tk = card("andros", "telekinesis")
    weak, strong = card("jason", "lead-the-charge"), card("andros", "spiral-saber")
    s = give(s, 0, hand=[tk], discard=[strong])
    s = give(s, 1, discard=[weak])
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._open_window(s, "battle_start", [])
    s, _ = R.apply(s, 0, m.PlayCard(card=tk))
    d = s.decision
    assert d.kind == "choose_ranger" and d.then == "telekinesis" and set(d.options) == {0, 1}
    assert R.view(s, 0).decision.then == "telekinesis"
    assert _bot_answers(s) == m.ChooseRanger(seat=0)  # the bot takes the better card back
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=1))  # the player may choose otherwise
    assert weak in s.players[1].hand and strong in s.players[0].discard
    assert s.players[0].discard[-1] == tk  # Telekinesis itself goes once resolved


def test_telekinesis_may_name_nobody():
    """Telekinesis says "may": passing leaves every discard pile as it was."""
    s = game(rangers=("andros", "jason", "billy", "zack"))
    s = battle(s, [[LEAP]], seats=(0,), fs=((PP, 1),), turn="prep")
    tk, saber = card("andros", "telekinesis"), card("andros", "spiral-saber")
    s = give(s, 0, hand=[tk], discard=[saber])
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._open_window(s, "battle_start", [])
    s, _ = R.apply(s, 0, m.PlayCard(card=tk))
    s, _ = R.apply(s, 0, m.Pass())
    assert s.players[0].discard == (saber, tk) and saber not in s.players[0].hand


# ============================================================== Industrial District B
def test_industrial_district_b_asks_each_ranger_which_card_goes_back_on_top():
    """Industrial District (B side): at the start of each battle there every Ranger draws 1
    card, then puts 1 card from hand on top of their deck: the Ranger chooses which."""
    s = game()
    assert s.locations[0].id == "industrial_district"
    s = upd(s, locations=(upd(s.locations[0], side_b=True), *s.locations[1:]))
    s = battle(s, [[LEAP]], seats=(0, 1), fs=((PP, 1),), turn="prep")
    s = upd(s, locations=(upd(s.locations[0], side_b=True), *s.locations[1:]))
    hand0 = s.players[0].hand
    s = _start(s)
    d = s.decision
    assert d.kind == "hand_to_top" and d.asked == (0,) and d.source == "Industrial District"
    assert len(s.players[0].hand) == len(hand0) + 1
    chosen = s.players[0].hand[0]
    s, _ = R.apply(s, 0, m.Pick(card=chosen))
    assert s.players[0].deck[0] == chosen
    assert s.decision.kind == "hand_to_top" and s.decision.asked == (1,)
    _bot_answers(s)


# ============================================================== hits the player aims
def test_quick_shot_hits_the_enemy_card_kimberly_picks_or_none():
    """Kimberly's Quick Shot: at the start of every battle she may deal 1 hit to an enemy
    card of her choice (was: the card closest to defeat, always)."""
    s = game(rangers=("kimberly", "jason", "billy", "zack"))
    s = battle(s, [[LEAP, FODDER, LEAP2]], fs=((PP, 3),), turn="prep")
    s = _start(s)
    d = s.decision
    assert d.kind == "choose_target" and d.then == "quick_shot" and d.optional
    assert set(d.options) == {0, 1, 2}
    assert m.Pass() in R.legal_actions(s, 0)
    _bot_answers(s)
    s2, _ = R.apply(s, 0, m.Target(slot=2))
    assert s2.battle.slots[2].hits == 1 or s2.battle.slots[2].defeated
    assert all(sl.hits == 0 and not sl.defeated for sl in s2.battle.slots[:2])
    s3, _ = R.apply(s, 0, m.Pass())
    assert all(sl.hits == 0 and not sl.defeated for sl in s3.battle.slots)


def test_sweeping_strike_splash_goes_to_the_adjacent_card_its_player_picks():
    """Sweeping Strike: after it resolves, 1 hit to an enemy card adjacent to the target;
    with two adjacent cards the attacker picks one (§5.6 adjacency; was: the weakest)."""
    s = game(rangers=("zack", "jason", "billy", "trini"))
    s = _tough(battle(s, [[LEAP, SWARM, LEAP2]], pool=3), 0, 1, 2)
    sweep = card("zack", "sweeping-strike")
    s = give(s, 0, hand=[sweep])
    s, _ = R.apply(s, 0, m.PlayCard(card=sweep, target=1))
    d = s.decision
    assert d.kind == "choose_target" and d.then == "splash_adjacent" and not d.optional
    assert set(d.options) == {0, 2}
    assert R.check(s, 0, m.Target(slot=1)) is not None  # the target itself is not adjacent
    assert R.check(s, 0, m.Pass()) is not None  # the splash is not optional
    before = s.battle.slots[2].hits
    s, _ = R.apply(s, 0, m.Target(slot=2))
    assert s.battle.slots[2].hits == before + 1 and s.battle.slots[0].hits == -50


def test_a_splash_with_one_card_in_reach_needs_no_question():
    """A splash with a single adjacent card has nothing to choose: the hit goes there."""
    s = game(rangers=("zack", "jason", "billy", "trini"))
    s = _tough(battle(s, [[LEAP, SWARM]], pool=3), 0, 1)
    sweep = card("zack", "sweeping-strike")
    s = give(s, 0, hand=[sweep])
    s, _ = R.apply(s, 0, m.PlayCard(card=sweep, target=0))
    assert s.decision is None or s.decision.kind != "choose_target"
    assert s.battle.slots[1].hits == -49


def test_trick_shot_far_hit_may_go_to_any_card_not_adjacent_or_be_declined():
    """Trick Shot: on a roll with a miss, 1 hit to a card not adjacent to the target; "up to"
    cards, so the attacker may decline (Lion Shield strikes back, Ruling 19)."""
    s = game(rangers=("ashley", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP, SWARM, LEAP2]], pool=3), 0, 1, 2)
    shot = card("ashley", "trick-shot")
    s = give(s, 0, hand=[shot])
    for seed in range(40):  # a roll with a miss (the die has 2 blank faces of 6)
        t = upd(s, rng=upd(s.rng, seed=seed))
        t, _ = R.apply(t, 0, m.PlayCard(card=shot, target=0))
        if t.decision is not None and t.decision.kind == "choose_target":
            break
    else:
        raise AssertionError("no roll with a miss in 40 seeds")
    d = t.decision
    assert d.then == "splash_far" and d.optional and d.options == (2,)
    assert m.Pass() in R.legal_actions(t, 0)
    t2, _ = R.apply(t, 0, m.Pass())
    assert t2.battle.slots[2].hits == -50


# ============================================================== Ruling 16: "another Ranger"
def test_psycho_green_s_other_ranger_discard_is_named_by_the_team():
    """Psycho Green's [PSYCHO] effect: the attached Ranger and "another Ranger" each discard
    the top card of their deck; which other Ranger is the team's call (Ruling 16; was: the
    one with the biggest deck), asked of the lead Ranger."""
    s = game()  # jason, zack, billy, trini
    s = battle(s, [[LEAP]], seats=(0, 1, 2), fs=((PP, 1),))
    effect = {"do": "discard", "what": "deck_top", "target": "other_than_attached"}
    step = m.Step(kind="effect", effect=effect, slot=-1, source="Psycho Green", ref="jason")
    s = upd(s, queue=(step,))
    s = R._run(s, [])
    d = s.decision
    assert d.kind == "choose_ranger" and d.then == "enemy_discard" and d.asked == (0,)
    assert set(d.options) == {1, 2}  # not Jason, the attached Ranger
    assert R.check(s, 0, m.Pass()) is not None  # somebody must discard
    _bot_answers(s)
    top = s.players[2].deck[0]
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=2))
    assert s.players[2].discard[-1] == top and s.players[2].deck[0] != top
