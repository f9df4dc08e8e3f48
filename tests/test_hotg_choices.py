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
from test_hotg_rules import (  # noqa: E402
    ENGULF,
    FODDER,
    LEAP,
    LEAP2,
    PP,
    SP,
    battle,
    card,
    game,
    give,
)

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
    """Meteor Smash: before rolling, its player may discard 1 hand card for +1 die (or +1
    energy: tests/test_hotg_issue37.py)."""
    s = game(rangers=("carlos", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP]], pool=2), 0)
    smash = card("carlos", "meteor-smash")
    a, b = card("carlos", "lunar-lance"), card("carlos", "rising-moon")
    s = give(s, 0, hand=[smash, a, b])
    s, _ = R.apply(s, 0, m.PlayCard(card=smash, target=0, boost=True))
    assert s.decision.kind == "discard_from_hand" and s.decision.amount == 1
    s, _ = R.apply(s, 0, m.Pick(card=a))
    assert s.players[0].hand == (b,) and a in s.players[0].discard
    assert s.decision.kind == "energy_or_die"
    s, ev = R.apply(s, 0, m.Pass())  # the die
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
        if t.decision is not None and t.decision.kind == "optimism":  # Ashley's, kept
            t, _ = R.apply(t, 0, m.Pass())
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


# ============================================================== session 7: the last engine picks
def _until(s: m.State, seat: int, action: m.Action, kind: str, seeds: int = 60) -> m.State:
    """Apply `action` under successive RNG seeds until it leaves a `kind` question."""
    for seed in range(seeds):
        t, _ = R.apply(upd(s, rng=upd(s.rng, seed=seed)), seat, action)
        if t.decision is not None and t.decision.kind == kind:
            return t
    raise AssertionError(f"no {kind} question in {seeds} seeds")


def test_tyranno_slash_rerolls_the_dice_its_player_names_or_none():
    """Tyranno Slash: its player "may reroll any number of this attack's dice" (card facts;
    Ruling 22: was always the missed dice). The question lists Pass and each set of dice."""
    s = game()  # jason first
    s = _tough(battle(s, [[LEAP, LEAP2]], pool=2), 0, 1)
    slash = card("jason", "tyranno-slash")
    s = give(s, 0, hand=[slash, card("jason", "block"), card("jason", "power-sword")])
    s, ev = R.apply(s, 0, m.PlayCard(card=slash, target=0))
    d = s.decision
    assert d.kind == "reroll" and d.asked == (0,) and d.source == "Tyranno Slash"
    first = s.battle.attack.rolled
    assert len(first) == 3 and any(e.kind == "dice" and e.data.get("dice") for e in ev)
    legal = R.legal_actions(s, 0)
    sets = [tuple(sorted(a.dice)) for a in legal if isinstance(a, m.Dice)]
    assert m.Pass() in legal and (0, 1, 2) in sets and len(sets) == len(set(sets))
    assert R.check(s, 0, m.Dice(dice=(7,))) is not None  # no such die
    assert R.check(s, 0, m.Dice(dice=(0, 0))) is not None  # a die once
    _bot_answers(s)
    kept, _ = R.apply(s, 0, m.Pass())
    assert kept.battle.last_roll == first  # passing keeps the roll as it is
    t, ev = R.apply(s, 0, m.Dice(dice=(0,)))
    assert t.battle.last_roll[1:] == first[1:]  # only the named die was rolled again
    assert t.rng != s.rng and any("rerolled" in e.text for e in ev)


def test_hot_blooded_asks_carlos_with_two_cards_or_fewer_only():
    """Carlos's Hot Blooded: once per attack, holding 2 or fewer cards, he may reroll any or
    all of the attack's dice (§9 Space Rangers; was: his misses, automatically)."""
    s = game(rangers=("carlos", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP]], pool=3), 0)
    smash = card("carlos", "meteor-smash")
    few = give(s, 0, hand=[smash, card("carlos", "rising-moon")])
    t, _ = R.apply(few, 0, m.PlayCard(card=smash, target=0))
    assert t.decision.kind == "reroll" and t.decision.source == "Hot Blooded"
    assert isinstance(_bot_answers(t), (m.Pass, m.Dice))
    many = give(s, 0, hand=[smash, *(card("carlos", n) for n in ("rising-moon", "lunar-lance"))])
    many = give(many, 0, hand=[*many.players[0].hand, card("carlos", "moon-fang-piercer")])
    t, _ = R.apply(many, 0, m.PlayCard(card=smash, target=0))
    assert t.decision is None or t.decision.kind != "reroll"


def test_optimism_may_be_kept_for_a_later_miss():
    """Ashley's Optimism: once per battle, gain 1 energy when an attack roll shows a miss.
    Once per battle, so her player picks the miss (Ruling 22; was: the first, always)."""
    s = game(rangers=("jason", "ashley", "billy", "zack"))
    s = _tough(battle(s, [[LEAP, LEAP2]], seats=(0, 1), pool=3), 0, 1)
    sword = card("jason", "power-sword")
    s = give(s, 0, hand=[sword])
    t = _until(s, 0, m.PlayCard(card=sword, target=0), "optimism")
    assert t.decision.asked == (1,)  # Ashley's player, not the attacker
    pool = t.battle.pool
    assert _bot_answers(t) == m.UseAbility(ranger="ashley")
    kept, _ = R.apply(t, 1, m.Pass())
    assert kept.battle.pool == pool and "ashley" not in kept.battle.used_abilities
    used, ev = R.apply(t, 1, m.UseAbility(ranger="ashley"))
    assert "ashley" in used.battle.used_abilities and any("Optimism" in e.text for e in ev)


def test_power_axe_splashes_with_the_two_dice_its_player_picks():
    """Power Axe: after rolling, pick 2 of its dice; their combined hits go to every card
    adjacent to the target (card facts; Ruling 23: was the best 2, always)."""
    s = game(rangers=("zack", "jason", "billy", "trini"))
    s = _tough(battle(s, [[LEAP, SWARM, LEAP2]], pool=3), 0, 1, 2)
    axe = card("zack", "power-axe")
    s = give(s, 0, hand=[axe])
    t = _until(s, 0, m.PlayCard(card=axe, target=1), "axe_dice")
    rolled = t.battle.attack.rolled
    assert t.decision.prompt.startswith("Power Axe") and t.decision.asked == (0,)
    picks = [a for a in R.legal_actions(t, 0) if isinstance(a, m.Dice)]
    assert len(picks) > 1 and all(len(a.dice) == 2 for a in picks)
    assert R.check(t, 0, m.Dice(dice=(0,))) is not None  # two dice, no fewer
    _bot_answers(t)
    low = min(picks, key=lambda a: sum(rolled[i] for i in a.dice))
    u, _ = R.apply(t, 0, low)
    want = -50 + sum(rolled[i] for i in low.dice)
    assert u.battle.slots[0].hits == want and u.battle.slots[2].hits == want


def test_counter_jab_star_hit_goes_to_the_card_its_player_picks():
    """Counter Jab ★: revealed for defence, deal 1 hit to an enemy card of your choice
    (card facts; Ruling 23: was the card closest to defeat)."""
    s = game(rangers=("billy", "jason", "trini", "zack"))
    s = _tough(battle(s, [[LEAP, LEAP2]], pool=0), 0, 1)
    jab = card("billy", "counter-jab")
    s = give(s, 0, deck=[jab, card("billy", "mighty-maces"), card("billy", "block")])
    s = R._run(upd(s, queue=(m.Step(kind="reveal", seat=0, amount=3, source="test"),)), [])
    d = s.decision
    assert d.kind == "choose_target" and d.then == "star_hit" and d.asked == (0,)
    assert set(d.options) == {0, 1} and not d.optional
    assert R.check(s, 0, m.Pass()) is not None
    _bot_answers(s)
    t, _ = R.apply(s, 0, m.Target(slot=1))
    assert t.battle.slots[1].hits == -49 and t.battle.slots[0].hits == -50
    assert jab in t.players[0].discard  # the reveal went on: 1 shield against 3 damage


def test_sabertooth_strike_second_attack_goes_where_its_player_says_or_nowhere():
    """Sabertooth Strike: if it defeats the target, its player may at once attack with 2
    dice (card facts: "may"; Ruling 23: was the card closest to defeat, always)."""
    s = game(rangers=("trini", "jason", "billy", "zack"))
    s = battle(s, [[FODDER, LEAP, LEAP2]], pool=2)
    s = _tough(s, 1, 2)
    strike = card("trini", "sabertooth-strike")
    s = give(s, 0, hand=[strike])
    t = _until(s, 0, m.PlayCard(card=strike, target=0), "choose_target")
    d = t.decision
    assert d.then == "second_attack" and d.optional and d.amount == 2
    assert set(d.options) == {1, 2}  # the defeated card is no target
    assert m.Pass() in R.legal_actions(t, 0)
    _bot_answers(t)
    none, _ = R.apply(t, 0, m.Pass())
    assert none.battle.slots[1].hits == -50 and none.battle.slots[2].hits == -50
    for seed in range(40):  # a second roll with a hit
        u, _ = R.apply(upd(t, rng=upd(t.rng, seed=seed)), 0, m.Target(slot=2))
        if u.battle.slots[2].hits != -50:
            break
    assert u.battle.slots[2].hits > -50 and u.battle.slots[1].hits == -50


def _effect(s: m.State, effect: dict, source: str) -> m.State:
    step = m.Step(kind="effect", effect=effect, slot=-1, source=source)
    return R._run(upd(s, queue=(step,)), [])


def test_three_different_rangers_are_named_by_the_team():
    """Psycho Axe: "3 different Rangers" each discard their highest-cost card; with 4
    Rangers in the battle which 3 is the team's call (Ruling 16; was: the fewest cards)."""
    s = battle(game(), [[LEAP]], seats=(0, 1, 2, 3), fs=((PP, 1),))
    axe = {"do": "discard", "what": "hand_highest_cost", "target": "three_different"}
    s = _effect(s, axe, "Psycho Axe")
    d = s.decision
    assert d.kind == "choose_ranger" and d.then == "three_different" and d.asked == (0,)
    assert set(d.options) == {0, 1, 2, 3}
    assert R.check(s, 0, m.Pass()) is not None
    _bot_answers(s)
    hands = [len(p.hand) for p in s.players]
    for seat in (3, 1):
        s, _ = R.apply(s, 0, m.ChooseRanger(seat=seat))
        assert seat not in s.decision.options
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=2))
    assert s.decision is None
    assert [len(p.hand) for p in s.players] == [hands[0], *(h - 1 for h in hands[1:])]


def test_three_rangers_or_fewer_all_discard_without_a_question():
    """With 3 Rangers in the battle "3 different Rangers" names them all: nothing to ask."""
    s = battle(game(), [[LEAP]], seats=(0, 1, 2), fs=((PP, 1),))
    hands = [len(p.hand) for p in s.players]
    s = _effect(s, {"do": "discard", "what": "hand_highest_cost", "target": "three_different"}, "x")
    assert s.decision is None
    assert [len(p.hand) for p in s.players] == [h - 1 for h in hands[:3]] + hands[3:]


def test_shadow_binding_leaves_the_card_its_player_keeps():
    """Rita's Shadow Binding (2nd printing, Ruling 3): the Ranger holding the most cards
    keeps 1 card of their choice and discards the rest (was: the most shields)."""
    s = battle(game(), [[LEAP]], seats=(0, 1), fs=((PP, 1),))
    keep = card("jason", "block")
    s = give(s, 0, hand=[card("jason", "power-sword"), keep, card("jason", "tyranno-slash")])
    s = give(s, 1, hand=[card("zack", "power-axe")])
    binding = {"do": "discard", "what": "hand_keep_one", "target": "most_hand"}
    s = _effect(s, binding, "Shadow Binding")
    d = s.decision
    assert d.kind == "keep_one" and d.asked == (0,) and d.seat == 0
    assert {a.card for a in R.legal_actions(s, 0)} == set(s.players[0].hand)
    _bot_answers(s)
    s, _ = R.apply(s, 0, m.Pick(card=keep))
    assert s.players[0].hand == (keep,) and len(s.players[0].discard) == 2


def test_a_drain_s_hand_discards_are_the_team_s_and_the_player_s_choice():
    """§5.5 Draining, step 3: for each energy still owed "a participating Ranger discards 1
    card": the team names the Ranger, who picks the card (Ruling 17; was: the biggest hand,
    its lowest card)."""
    s = battle(game(), [[ENGULF]], seats=(0, 1), fs=((SP, 1),), pool=0)
    s = upd(s, players=tuple(upd(p, stored=0) for p in s.players))
    s = R._drain(s, 1, "Engulf", [])
    d = s.decision
    assert d.kind == "choose_ranger" and d.then == "drain" and d.asked == (0,)
    assert set(d.options) == {0, 1} and R.check(s, 0, m.Pass()) is not None
    _bot_answers(s)
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=1))
    assert s.decision.kind == "discard_from_hand" and s.decision.asked == (1,)
    gone = s.players[1].hand[-1]
    _bot_answers(s)
    s, _ = R.apply(s, 1, m.Pick(card=gone))
    assert s.decision is None and s.players[1].discard[-1] == gone
    assert len(s.players[0].hand) == 5 and len(s.players[1].hand) == 4
