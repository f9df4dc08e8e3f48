"""Heroes of the Grid, issue 37: the last rules applied harsher than written, and the last
picks the engine made for the team, one scenario each.

Sources: the base rules digest (../shared/research/heroes-of-the-grid-base-rules.md, cited
"§N", its FAQ notes marked there), the card texts in the facts file
(../shared/research/heroes-of-the-grid-card-facts.md/json) and the expansion rulebook
(../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt, cited by section); our own
readings are card_data/hotg/RULINGS.md ("Ruling N").
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.effects import ABILITY_TEXT, ZORD_TEXT, ranger_effect_text
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_modes import FS, NEM, _deploy, at, pa_calm, pa_game, with_psychos  # noqa: E402
from test_hotg_rules import LEAP, LEAP2, SP, battle, card, game, give  # noqa: E402

R = HotgRules()
CAT = catalog()
PP = "putty_patrollers"


def _zords(s: m.State, seat: int, *zords: str) -> m.State:
    return upd(
        s,
        players=tuple(upd(p, zords=zords) if i == seat else p for i, p in enumerate(s.players)),
    )


def _calm_action(s: m.State) -> m.State:
    return upd(s, phase="action", battle=None, decision=None, queue=(), focus=0)


def _tough(s: m.State) -> m.State:
    """Every enemy card far from defeat, so an attack's hits can be read off its slot."""
    return upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))


# ============================================================== 1-2: the Mastodon (§6, FAQ)
def test_mastodon_still_works_after_the_megazord_and_sends_the_figure_to_the_supply():
    """§6 Mastodon: exhaust to take a foot soldier figure from any location. Only the
    experience track stops once the Megazord is here (§5.6: defeated foot soldiers no longer
    go onto it); the Zord itself keeps working, and its figure goes to the supply."""
    s = _calm_action(_zords(game(names=("a", "b", "c", "d")), 0, "mastodon"))
    lo = s.locations[1]
    s = upd(
        s,
        locations=(s.locations[0], upd(lo, fs=((PP, 2),)), *s.locations[2:]),
        power=upd(s.power, megazord="dino_megazord", experience=0),
    )
    use = m.UseZord(zord="mastodon", location=lo.id, figure=PP)
    assert use in R.legal_actions(s, 0)
    s, ev = R.apply(s, 0, use)
    assert s.locations[1].fs_count == 1 and s.power.experience == 0
    assert any("the supply" in e.text for e in ev)


def test_mastodon_may_take_a_figure_from_the_battle_s_own_location():
    """FAQ (§6 table): the Mastodon moves only the figure, never an enemy card of the combat,
    so the battle's own location is as open to it as any other; the cards stay in play."""
    s = _zords(game(names=("a", "b", "c", "d")), 0, "mastodon")
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=0)
    here = s.battle.location
    use = m.UseZord(zord="mastodon", location=here, figure=s.locations[0].fs[0][0])
    assert use in R.legal_actions(s, 0)
    xp = s.power.experience
    s, _ = R.apply(s, 0, use)
    assert s.locations[0].fs_count == 3 and len(s.battle.slots) == 2
    assert s.power.experience == xp + 1 or s.power.level > 0


# ============================================================== 3: Mega V3 (§11)
def test_mega_v3_removes_a_die_after_the_roll_not_before():
    """§11 Mega V3: when a Ranger attacks, AFTER rolling they may remove 1 die to add 2
    hits. The attack rolls all its dice; then its lowest die comes off for +2 hits."""
    s = _zords(game(names=("a", "b", "c", "d")), 0, "mega_v3")  # billy is seat 2
    s = _tough(battle(s, [[LEAP, LEAP2]], seats=(2,), pool=9))
    attack = card("billy", "mighty-maces")  # 3 dice, no other effect on the attack
    s = give(s, 2, hand=[attack])
    s, _ = R.apply(s, 2, m.UseZord(zord="mega_v3"))
    before = s.battle.slots[0].hits
    s, ev = R.apply(s, 2, m.PlayCard(card=attack, target=0))
    rolls = [e.data["dice"] for e in ev if e.kind == "dice" and "dice" in e.data]
    dice = CAT.card(attack).dice
    assert len(rolls[0]) == dice  # every die is rolled ...
    dealt = s.battle.slots[0].hits - before
    assert dealt == sum(rolls[0]) - min(rolls[0]) + 2 + CAT.card(attack).hits  # ... then one off
    assert any("Mega V3" in e.text for e in ev)


# ============================================================== 4: Mega V4 (§11)
def test_mega_v4_may_be_used_outside_a_battle():
    """§11 Mega V4: exhaust at any time: gain 1 energy; any Ranger may draw any number of
    cards. Outside a battle there is no pool (§5.5: it exists only in a battle), so the
    energy is lost, and the draw is any Ranger's, wherever they are."""
    s = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "ashley"))
    s = _calm_action(_zords(s, 0, "mega_v4"))
    use = m.UseZord(zord="mega_v4")
    assert use in R.legal_actions(s, 0)
    s, _ = R.apply(s, 0, use)
    assert s.decision.kind == "choose_ranger" and s.decision.options == (0, 1)
    h1 = len(s.players[1].hand)
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=1))
    s, _ = R.apply(s, 1, m.Draw(count=1))
    s, _ = R.apply(s, 1, m.Draw(count=1))
    s, _ = R.apply(s, 1, m.Draw(count=0))
    assert len(s.players[1].hand) == h1 + 2 and s.decision is None
    assert "mega_v4" in s.power.exhausted and s.phase == "action"


# ============================================================== 5: Tyranno Slash (§9)
def test_tyranno_slash_offers_any_dice_and_its_text_says_so():
    """§9 Jason: Tyranno Slash may reroll any number of its dice - not only misses. So a
    roll with no miss may still be rerolled (a ¤ for a chance at ¤¤), and the card text
    shown must not promise "missed dice"; Leadership and Hot Blooded read the same way."""
    slash = card("jason", "tyranno-slash")
    text = " ".join(ranger_effect_text(e) for e in CAT.card(slash).effects)
    assert "missed" not in text and "any of" in text
    assert "missed" not in ABILITY_TEXT["leadership"] + ABILITY_TEXT["hot_blooded"]
    s = _tough(battle(game(names=("a", "b", "c", "d")), [[LEAP, LEAP2]], seats=(0,), pool=9))
    s = give(s, 0, hand=[slash])
    s, _ = R.apply(s, 0, m.PlayCard(card=slash, target=0))
    assert s.decision.kind == "reroll"
    s = upd(s, battle=upd(s.battle, attack=upd(s.battle.attack, rolled=(1, 2, 1))))
    assert m.Dice(dice=(0,)) in R.legal_actions(s, 0)  # no miss, still the player's pick


# ============================================================== 6: X (§5.5)
def test_x_is_bounded_by_the_pool_not_by_six():
    """§5.5 X-cost cards: the player chooses X and pays it. No cap of 6: with 9 energy in
    the pool Blade Blaster may be paid 9, and 10 is refused as more than the pool."""
    bb = card("jason", "blade-blaster")
    s = _tough(battle(game(names=("a", "b", "c", "d")), [[LEAP, LEAP2]], seats=(0,), pool=9))
    s = give(s, 0, hand=[bb])
    legal = R.legal_actions(s, 0)
    assert m.PlayCard(card=bb, target=0, x=9) in legal
    assert m.PlayCard(card=bb, target=0, x=10) not in legal
    assert R.check(s, 0, m.PlayCard(card=bb, target=0, x=10)) is not None


# ============================================================== 7: Saber-Toothed Tiger (§6)
def test_saber_toothed_tiger_lets_each_ranger_of_a_pair_draw_two():
    """§6 Saber-Toothed Tiger: each Ranger in the battle may draw up to 2 cards. A player
    running two Rangers draws for both (Ruling 5: "each Ranger" effects count the pair
    twice): up to 4 into their one hand."""
    s = _zords(game(names=("a", "b")), 0, "saber_toothed_tiger")
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=0)
    h = len(s.players[0].hand)
    s, _ = R.apply(s, 0, m.UseZord(zord="saber_toothed_tiger"))
    for _ in range(4):
        assert s.decision is not None and s.decision.kind == "draw_more"
        s, _ = R.apply(s, 0, m.Draw(count=1))
    assert len(s.players[0].hand) == h + 4 and s.decision is None
    assert "twice as many" in ZORD_TEXT["battle_draw"]


# ============================================================== 11: Psycho panic (PA3)
def test_a_psycho_s_deployment_that_fills_a_location_does_not_panic_it():
    """Psycho Assault Mode, Deployment: locations do not become panicked automatically when
    a Psycho Ranger is deployed (only two Psychos in one place panic it). A deployment that
    brings the Ranger's location to its limit leaves it calm by default (Ruling PA3); the
    setting `psycho_fill_panics` keeps the older reading, where it panics as a full one."""
    for fill_panics in (False, True):
        s = with_psychos(pa_calm(pa_game(psycho_fill_panics=fill_panics)), "psycho_red")
        lo0 = s.locations[0]
        limit = CAT.locations[lo0.id].figure_limit
        s = upd(s, locations=(upd(lo0, fs=((PP, limit - 2),)), *s.locations[1:]))
        s = at(s, 0, lo0.id)
        s = _deploy(s, FS(lo0.id), NEM("psycho_red"), FS(lo0.id), FS(lo0.id), FS(lo0.id))
        s = R._deploy_one(s, [])
        assert "psycho_red" in s.locations[0].villains
        assert s.locations[0].figures == limit  # full: its foot soldier and the Psycho
        assert s.locations[0].panicked is fill_panics


# ============================================================== 8: card texts as printed
def _bot_answer(s: m.State) -> m.Action:
    import random

    from tabletop_tui.games.hotg.bot import HotgHeuristicBot

    seat = s.decision.asked[0]
    legal = R.legal_actions(s, seat)
    a = HotgHeuristicBot().choose(R.view(s, seat), legal, seat, random.Random(0))
    assert a in legal
    return a


def test_rising_moon_puts_back_any_number_of_hand_cards_before_the_extra_play():
    """Rising Moon (card facts): draw 1, then put as many hand cards as you like on top of
    your deck, then any Ranger may play a card at once. "Any number" runs from none (Pass
    at once) to the whole hand (the question ends by itself when the hand is empty)."""
    moon = card("carlos", "rising-moon")
    a, b = card("carlos", "lunar-lance"), card("carlos", "meteor-smash")
    top = card("carlos", "astro-blaster")
    base = game(rangers=("carlos", "jason", "billy", "zack"))
    base = battle(base, [[LEAP, LEAP2]], seats=(0,), pool=2)
    base = give(base, 0, hand=[moon, a, b], deck=[top, card("carlos", "covering-strike")])
    # the whole hand goes back, one card at a time (the last one put back is on top)
    s, _ = R.apply(base, 0, m.PlayCard(card=moon))
    d = s.decision
    assert d is not None and d.kind == "hand_to_top" and d.optional
    assert top in s.players[0].hand  # the draw came first
    legal = R.legal_actions(s, 0)
    assert m.Pass() in legal and m.Pick(card=a) in legal
    _bot_answer(s)
    for c in (a, b, top):
        s, _ = R.apply(s, 0, m.Pick(card=c))
    assert s.players[0].hand == () and s.players[0].deck[:3] == (top, b, a)
    assert s.decision is None and s.battle.extra is not None  # then the extra play
    # none goes back: Pass at once keeps the hand as drawn
    s, _ = R.apply(base, 0, m.PlayCard(card=moon))
    s, _ = R.apply(s, 0, m.Pass())
    assert set(s.players[0].hand) == {a, b, top} and s.battle.extra is not None
    assert "any number" in CAT.card(moon).text


def test_strategic_defense_lets_each_ranger_in_the_battle_reorder_their_top_two_cards():
    """Strategic Defense (card facts): at the start of a battle gain 1 energy, and every
    Ranger may look at the 2 top cards of their deck and put them back in either order
    (Ruling 26: the Rangers in the battle). A deck of one card has nothing to reorder; the
    peeked cards are shown to their own player only."""
    sd = card("tj", "strategic-defense")
    t1, t2 = card("tj", "precision-tactics"), card("tj", "precision-tactics", 2)
    j1, j2 = card("jason", "lead-the-charge"), card("jason", "power-sword")
    s = game(rangers=("tj", "jason", "billy", "zack"))
    s = battle(s, [[LEAP]], seats=(0, 1, 2), fs=((PP, 1),), turn="prep", pool=0)
    s = give(s, 0, hand=[sd], deck=[card("tj", "strategic-defense", 2), t1, t2])
    s = give(s, 1, deck=[j1, j2])
    s = give(s, 2, deck=[card("billy", "blade-blaster")])  # one card: not asked
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._open_window(s, "battle_start", [])
    s, _ = R.apply(s, 0, m.PlayCard(card=sd))
    assert s.battle.pool == 1
    d = s.decision
    assert d.kind == "peek_top" and d.asked == (0,)
    assert R.view(s, 0).decision.picked == s.players[0].deck[:2]
    assert R.view(s, 1).decision.picked == ()  # the other players do not see them
    first, second = s.players[0].deck[:2]
    _bot_answer(s)
    s, _ = R.apply(s, 0, m.Pick(card=second))  # the second card goes on top
    assert s.players[0].deck[:2] == (second, first)
    assert s.decision.kind == "peek_top" and s.decision.asked == (1,)
    s, _ = R.apply(s, 1, m.Pick(card=j1))  # kept as it was
    assert s.players[1].deck == (j1, j2)
    assert s.decision is None or s.decision.kind != "peek_top"
    assert "2 top cards" in CAT.card(sd).text


def test_meteor_smash_s_discard_buys_a_die_or_an_energy_of_its_player_s_choice():
    """Meteor Smash (card facts): before the roll its player may discard 1 hand card for
    either +1 energy or +1 die. The choice comes after the discard: +1 energy leaves the
    attack its 2 printed dice and adds 1 to the pool; +1 die rolls 3 and leaves the pool."""
    smash = card("carlos", "meteor-smash")
    a, b = card("carlos", "lunar-lance"), card("carlos", "rising-moon")
    base = game(rangers=("carlos", "jason", "billy", "zack"))
    base = _tough(battle(base, [[LEAP]], pool=2))
    base = give(base, 0, hand=[smash, a, b])
    s, _ = R.apply(base, 0, m.PlayCard(card=smash, target=0, boost=True))
    s, _ = R.apply(s, 0, m.Pick(card=a))
    d = s.decision
    assert d is not None and d.kind == "energy_or_die" and d.asked == (0,)
    energy = m.Pick(card=smash)
    assert set(R.legal_actions(s, 0)) == {energy, m.Pass()}
    _bot_answer(s)
    for answer, dice, pool in ((energy, 2, 3), (m.Pass(), 3, 2)):
        t, ev = R.apply(s, 0, answer)
        rolled = [len(e.data["dice"]) for e in ev if e.kind == "dice" and "dice" in e.data]
        assert rolled == [dice] and t.battle.pool == pool
    assert "+1 energy" in CAT.card(smash).text


def test_mega_v1_answers_a_maneuver_or_reaction_and_may_bottom_deck_it():
    """Mega V1 (§11 Zords, card facts): it is exhausted when any Ranger plays a maneuver or
    a reaction, for 1 energy, and that Ranger may put the card on the bottom of their deck
    instead of the discard pile. Not before such a card, not after an attack, and not once
    the Rangers' turn has ended (Ruling 27)."""
    v1 = m.UseZord(zord="mega_v1")
    moon = card("carlos", "rising-moon")
    smash = card("carlos", "meteor-smash")
    base = _zords(game(rangers=("carlos", "jason", "billy", "zack")), 0, "mega_v1")
    base = _tough(battle(base, [[LEAP, LEAP2]], seats=(0,), pool=0))
    deck = [card("carlos", "astro-blaster"), card("carlos", "covering-strike")]
    base = give(base, 0, hand=[moon, smash], deck=deck)
    assert v1 not in R.legal_actions(base, 0)  # no card played yet
    s, _ = R.apply(base, 0, m.PlayCard(card=smash, target=0))
    if s.decision is not None and s.decision.kind == "reroll":  # (Hot Blooded)
        s, _ = R.apply(s, 0, m.Pass())
    assert s.decision is None and v1 not in R.legal_actions(s, 0)  # an attack
    s, _ = R.apply(base, 0, m.PlayCard(card=moon))
    s, _ = R.apply(s, 0, m.Pass())  # (Rising Moon's put-back: none)
    assert moon in s.players[0].discard and v1 in R.legal_actions(s, 0)
    t, _ = R.apply(s, 0, v1)
    assert t.battle.pool == 1 and "mega_v1" in t.power.exhausted
    d = t.decision
    assert d is not None and d.kind == "bottom_deck" and d.asked == (0,)
    assert set(R.legal_actions(t, 0)) == {m.Pick(card=moon), m.Pass()}
    _bot_answer(t)
    u, _ = R.apply(t, 0, m.Pick(card=moon))
    assert u.players[0].deck[-1] == moon and moon not in u.players[0].discard
    u, _ = R.apply(t, 0, m.Pass())  # the card may stay in the discard pile
    assert moon in u.players[0].discard and u.decision is None
    # the Rangers' turn over, the moment has passed
    s, _ = R.apply(s, 0, m.Pass())
    assert v1 not in R.legal_actions(s, s.decision.asked[0] if s.decision else s.focus)


def test_mega_v1_answers_a_reaction_inside_its_window():
    """Mega V1 also answers a reaction: played in the start-of-battle window, the Zord is
    offered in that window, and its bottom-of-deck question goes back to the window."""
    v1 = m.UseZord(zord="mega_v1")
    sd = card("tj", "strategic-defense")
    s = _zords(game(rangers=("tj", "jason", "billy", "zack")), 0, "mega_v1")
    s = battle(s, [[LEAP]], seats=(0, 1), fs=((PP, 1),), turn="prep", pool=0)
    s = give(s, 0, hand=[sd, card("tj", "strategic-defense", 2)], deck=[])
    s = give(s, 1, hand=[card("jason", "block")], deck=[])
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._open_window(s, "battle_start", [])
    assert v1 not in R.legal_actions(s, 0)
    s, _ = R.apply(s, 0, m.PlayCard(card=sd))
    assert s.decision.kind == "reaction_window"
    assert v1 in R.legal_actions(s, s.decision.asked[0])
    s, _ = R.apply(s, s.decision.asked[0], v1)
    assert s.decision.kind == "bottom_deck" and s.decision.asked == (0,)
    s, _ = R.apply(s, 0, m.Pick(card=sd))
    assert s.players[0].deck == (sd,) and s.battle.pool == 2
    assert s.decision is not None and s.decision.kind == "reaction_window"


# ============================================================== 10: Command Center Assault
def _pa_cca(**kw) -> m.State:
    return pa_calm(pa_game(headquarters="command_center_assault", **kw))


def test_cc_assault_a_psycho_bound_for_a_panicked_location_attacks_the_command_center():
    """Expansion, Psycho Assault Deployment: a Psycho whose Ranger is at the Command Center
    goes where the next card points, as a normal deployment would. Base §7 (Command Center
    Assault): a normal deployment to a panicked location goes to the Command Center instead.
    Combined (Ruling PA8): the Psycho attacks the Command Center; without the B side it
    passes the panicked location clockwise (Ruling PA3)."""
    for assault in (True, False):
        s = _pa_cca() if assault else pa_calm(pa_game())
        s = with_psychos(s, "psycho_red")
        a = s.locations[0].id
        s = upd(s, locations=(upd(s.locations[0], panicked=True), *s.locations[1:]))
        s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), FS(a), FS(a), FS(a))
        s = R._deploy_one(s, [])
        in_locations = [lo.id for lo in s.locations if "psycho_red" in lo.villains]
        if assault:
            assert s.hq_villains == ("psycho_red",) and in_locations == []
            assert s.hq_enemies  # its foot soldier too (§7)
        else:
            assert s.hq_villains == () and in_locations == [s.locations[1].id]


def test_cc_assault_the_psycho_boss_deployment_gathers_them_at_the_command_center():
    """Base §7: the boss always goes to the Command Center with its deployment's foot
    soldiers. The Psycho Assault boss deployment gathers every Psycho Ranger in one place,
    sends that place's foot soldiers back to the supply and makes it panicked and full:
    combined (Ruling PA8) the place is the Command Center, which has no limit and never
    panics, so only its foot soldiers leave; no outer location changes."""
    s = _pa_cca()
    ids = tuple(n.id for n in s.nemeses)
    s = upd(
        s,
        nemeses=tuple(upd(n, status="deployed", attached_to="jason") for n in s.nemeses),
        locations=(upd(s.locations[0], villains=(ids[0],)), *s.locations[1:]),
        hq_enemies=((PP, 2),),
    )
    before = [(lo.panicked, lo.locked_full) for lo in s.locations]
    target = s.locations[1].id
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    s = R._place_villain(s, boss, target, [])
    assert set(s.hq_villains) == set(ids) and s.hq_enemies == ()
    assert all(not lo.villains for lo in s.locations)
    assert [(lo.panicked, lo.locked_full) for lo in s.locations] == before
    assert s.psycho_boss_deployed and s.outcome is None
    # the Rangers battle them there (two rows of three), and lose if they stay
    s = at(s, 0, "hq")
    s, _ = R.apply(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind in ("prep_draw", "fs_pick"):
        s, _ = R.apply(s, s.decision.asked[0], R.legal_actions(s, s.decision.asked[0])[0])
    assert s.battle.location == "hq" and s.battle.layout == "psycho_boss"


# ============================================================== 9: picks given back
def test_a_drain_s_stored_energy_is_taken_from_the_rangers_the_team_names():
    """§5.5 Draining, step 2: when the pool runs short, stored energy of the Rangers in the
    battle pays the rest; the rule names no order, so the team says whose goes (the lead
    Ranger's player is asked, one energy at a time; the first Ranger in the battle, the old
    fixed pick, is listed first). No question when one Ranger holds stored energy or when
    all of it goes anyway."""
    eng = f"{SP}:engulf#1"
    s = battle(game(), [[eng]], seats=(0, 1, 2), fs=((SP, 1),), pool=0)
    s = upd(s, players=tuple(upd(p, stored=1) for p in s.players))
    s = R._drain(s, 2, "Engulf", [])
    d = s.decision
    assert d.kind == "drain_stored" and d.asked == (s.battle.lead,) and d.amount == 2
    assert R.legal_actions(s, d.asked[0])[0] == m.ChooseRanger(seat=0)
    assert set(d.options) == {0, 1, 2} and R.check(s, d.asked[0], m.Pass()) is not None
    assert _bot_answer(s) == m.ChooseRanger(seat=0)  # the bots keep the old pick
    s, _ = R.apply(s, d.asked[0], m.ChooseRanger(seat=2))
    assert s.players[2].stored == 0 and s.decision.kind == "drain_stored"
    assert s.decision.options == (0, 1) and s.decision.amount == 1
    s, _ = R.apply(s, s.decision.asked[0], m.ChooseRanger(seat=1))
    assert s.decision is None and [p.stored for p in s.players[:3]] == [1, 0, 0]
    assert all(len(p.hand) == 5 for p in s.players[:3])  # nothing owed from the hands
    # all of it goes (2 owed, 2 stored): no question
    s = battle(game(), [[eng]], seats=(0, 1), fs=((SP, 1),), pool=0)
    s = upd(s, players=tuple(upd(p, stored=1) for p in s.players))
    s = R._drain(s, 2, "Engulf", [])
    assert s.decision is None and [p.stored for p in s.players[:2]] == [0, 0]


def test_surf_spot_b_lets_the_mover_pick_the_discard_for_the_deck_bottom_or_none():
    """Surf Spot B side (base rules, location table): a Ranger moving to or from it may put
    1 card of their discard pile on the bottom of their deck. Which card, or none, is the
    mover's pick (the card the engine used to send, the most valuable, is listed first and
    is the bots' answer); after the answer the move goes on. Moving to the Command Center
    to power up shuffles the discard pile into the deck anyway: no question then."""
    s = game(foot_soldiers=("quantrons", "putty_patrollers"), b_sides=("surf_spot",))
    s = _calm_action(upd(s, focus=0))
    one, two = card("jason", "tyranno-slash"), card("jason", "blade-blaster")
    s = give(s, 0, hand=list(s.players[0].hand))
    s = upd(s, players=(upd(s.players[0], discard=(one, two)), *s.players[1:]))
    deck = s.players[0].deck
    s, _ = R.apply(s, 0, m.Move(to="surf_spot"))
    d = s.decision
    assert d is not None and d.kind == "surf_spot" and d.asked == (0,)
    legal = R.legal_actions(s, 0)
    assert set(legal) == {m.Pick(card=one), m.Pick(card=two), m.Pass()} and legal[-1] == m.Pass()
    assert _bot_answer(s) == legal[0]
    s, _ = R.apply(s, 0, m.Pick(card=two))
    p = s.players[0]
    assert s.decision is None and p.location == "surf_spot"
    assert p.deck == (*deck, two) and p.discard == (one,)
    # moving away may be declined
    s, _ = R.apply(s, 0, m.Move(to="hq"))
    assert s.decision.kind == "surf_spot" and s.decision.options == ()
    s, _ = R.apply(s, 0, m.Pass())
    assert s.players[0].discard == (one,) and s.players[0].location == "hq"
