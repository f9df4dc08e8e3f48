"""Heroes of the Grid: the rules issue 15 found played wrong, one scenario each.

Sources: the expansion rulebook (../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt,
cited by its section headings) and the base rules digest
(../shared/research/heroes-of-the-grid-base-rules.md, cited "§N"); readings of our own are
card_data/hotg/RULINGS.md ("Ruling N").
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_rules import FLANK, FODDER, LEAP, LEAP2, PUMMEL, battle, card, game, give  # noqa: E402

R = HotgRules()
CAT = catalog()


def _dice_rolled(events: list) -> list[int]:
    return [len(e.data["dice"]) for e in events if e.kind == "dice" and "dice" in e.data]


# ============================================================== next-attack bonuses (§9)
def test_an_attack_card_s_next_attack_bonus_reaches_the_following_attack():
    """§9 Jason: Power Sword gives the next attack by any Ranger in the battle +2 dice;
    Power Daggers lets a chosen Ranger play a card at once (issue: Daggers, Sword, then
    Reckless Blow rolled 2 dice instead of 4)."""
    s = game(names=("a", "b", "c", "d"))  # jason, zack, billy, trini
    s = battle(s, [[LEAP, LEAP2, FODDER]], seats=(0, 1, 3), pool=9)
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    daggers, sword = card("trini", "power-daggers"), card("jason", "power-sword")
    blow = card("zack", "reckless-blow")
    s = give(s, 3, hand=[daggers])
    s = give(s, 0, hand=[sword])
    s = give(s, 1, hand=[blow])
    s, _ = R.apply(s, 0, m.Focus(seat=3))
    s, ev = R.apply(s, 3, m.PlayCard(card=daggers, target=0))
    assert _dice_rolled(ev) == [4]
    s, _ = R.apply(s, s.focus, m.Focus(seat=0)) if s.focus != 0 else (s, ())
    s, ev = R.apply(s, 0, m.PlayCard(card=sword, target=0))
    assert _dice_rolled(ev) == [5]  # the Daggers gave no bonus: the Sword rolls its own 5
    assert s.battle.buffs.dice == 2
    # the next Rangers' turn: Zack's Reckless Blow takes the Sword's +2
    s = upd(
        s,
        battle=upd(s.battle, turn="rangers", played=False, extra=None),
        queue=(),
        decision=None,
        focus=1,
    )
    s, ev = R.apply(s, 1, m.PlayCard(card=blow, target=0))
    assert _dice_rolled(ev) == [4]
    assert s.battle.buffs.dice == 0  # used up


def test_lead_the_charge_and_pierce_defenses_wait_for_the_next_attack():
    """§9 Jason's Lead the Charge (+1 die to the next attack) and the Space Red deck's
    Pierce Defenses (the next attack ignores GUARD): both are attacks whose bonus waits."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=9)
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    charge = card("jason", "lead-the-charge")
    s = give(s, 0, hand=[charge])
    s, ev = R.apply(s, 0, m.PlayCard(card=charge, target=0))
    assert _dice_rolled(ev) == [2] and s.battle.buffs.dice == 1
    s2 = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "ashley"))
    s2 = battle(s2, [[LEAP, LEAP2]], seats=(0,), pool=9)
    s2 = upd(s2, battle=upd(s2.battle, slots=tuple(upd(sl, hits=-50) for sl in s2.battle.slots)))
    pierce = card("andros", "pierce-defenses")
    s2 = give(s2, 0, hand=[pierce])
    s2, _ = R.apply(s2, 0, m.PlayCard(card=pierce, target=0))
    assert s2.battle.buffs.ignore_guard


# ============================================================== nemeses and panic
def _board(s: m.State, **per_location) -> m.State:
    """Set each outer location (by index "l0".."l3") to a dict of Location fields."""
    locs = list(s.locations)
    for key, kw in per_location.items():
        k = int(key[1:])
        locs[k] = upd(locs[k], **kw)
    return upd(s, locations=tuple(locs))


def _empty(s: m.State) -> m.State:
    return upd(
        s,
        locations=tuple(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations),
    )


def test_the_psycho_rangers_boss_passes_panicked_locations_clockwise():
    """Expansion, introduction: nemeses follow the monster rules for deployment and panicked
    locations; §4.1: a monster aimed at a panicked location goes clockwise to the next one
    that is not panicked."""
    s = _empty(game(names=("a", "b", "c", "d"), boss="psycho_rangers"))
    s = _board(s, l1={"panicked": True, "villains": ("bones",)})
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    s = R._place_villain(s, boss, s.locations[1].id, [])
    assert not any(v.startswith("psycho") for v in s.locations[1].villains)
    assert len(s.locations[2].villains) == 5 and s.locations[2].locked_full


def test_the_psycho_assault_boss_passes_panicked_locations_clockwise():
    """Psycho Assault Mode, Boss Deployment, with the expansion's rule that nemeses follow
    the monster rules for panicked locations (§4.1: clockwise to one not panicked)."""
    s = _empty(R.new_game(m.Config(names=("a", "b", "c"), mode="psycho_assault"), 2))
    s = _board(s, l0={"panicked": True, "fs": (("putty_patrollers", 5),)})
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    s = R._place_villain(s, boss, s.locations[0].id, [])
    assert s.locations[0].fs and not s.locations[0].villains
    assert len(s.locations[1].villains) == 5 and s.locations[1].panicked


def test_psychos_leaving_a_location_empty_clear_its_panic():
    """Psycho Assault Mode, End of the Round and Boss Deployment: Psychos move away; a
    location left with no enemy figure is no longer panicked (Ruling 12, base §5.4 step 5)."""
    s = _empty(R.new_game(m.Config(names=("a", "b", "c"), mode="psycho_assault"), 2))
    b = s.locations[1].id
    two = tuple(n.id for n in s.nemeses[:2])
    s = upd(
        s,
        nemeses=tuple(
            upd(n, status="deployed", attached_to=("jason" if k == 0 else "zack")) if k < 2 else n
            for k, n in enumerate(s.nemeses)
        ),
        players=tuple(upd(p, location=b) for p in s.players),
    )
    s = _board(s, l0={"villains": two, "panicked": True})
    moved = R._assault_move_back(s, [])
    assert not moved.locations[0].villains and not moved.locations[0].panicked
    # the boss gathers them elsewhere: the emptied location is calm again too
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    gathered = R._place_villain(s, boss, s.locations[2].id, [])
    assert not gathered.locations[0].villains and not gathered.locations[0].panicked


# ============================================================== 2-player mode (§2)
def test_a_two_ranger_player_flipping_a_token_in_battle_may_draw_up_to_hand_size():
    """§2, 2-player mode: a token flipped in battle gives 3 energy and lets the player
    draw up to their maximum hand size (7), one card at a time, stopping when they like."""
    s = game(names=("a", "b"))  # 2 players x 2 Rangers
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=0)
    p = s.players[0]
    s = give(s, 0, hand=p.hand[:4], deck=p.hand[4:] + p.deck)
    s, _ = R.apply(s, 0, m.FlipToken())
    assert s.battle.pool == 3
    assert s.decision.kind == "draw_more" and R.to_act(s) == {0}
    assert set(R.legal_actions(s, 0)) == {m.Draw(count=0), m.Draw(count=1)}
    s, _ = R.apply(s, 0, m.Draw(count=1))
    assert len(s.players[0].hand) == 5 and s.decision.kind == "draw_more"
    s, _ = R.apply(s, 0, m.Draw(count=0))  # stop at 5
    assert len(s.players[0].hand) == 5 and s.decision is None
    # a second flip draws to the limit and then stops asking
    s, _ = R.apply(s, 0, m.FlipToken())
    s, _ = R.apply(s, 0, m.Draw(count=1))
    s, _ = R.apply(s, 0, m.Draw(count=1))
    assert len(s.players[0].hand) == 7 and s.decision is None


def test_a_token_draw_in_a_reaction_window_returns_to_that_window():
    """§2 2-player mode and §5.5 (a token may be flipped at any time in battle): the draw
    it allows happens, then the reaction question that was open is asked again."""
    s = game(names=("a", "b"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=0)
    p = s.players[0]
    block = next(c for c in p.hand + p.deck if "block" in c)
    rest = [c for c in p.hand + p.deck if c != block]
    s = give(s, 0, hand=[block, *rest[:2]], deck=rest[2:])
    window = m.Decision(kind="damage_window", asked=(0,), seat=0, amount=3, prompt="")
    s = upd(s, decision=window)
    s, _ = R.apply(s, 0, m.FlipToken())
    assert s.decision.kind == "draw_more" and s.decision.held == window
    s, _ = R.apply(s, 0, m.Draw(count=0))
    assert s.decision == window


def test_a_one_ranger_player_flipping_a_token_draws_nothing():
    """§5.5: a single Ranger's flip gives 2 energy only."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0,), pool=0)
    hand = s.players[0].hand[:2]
    s = give(s, 0, hand=hand)
    s, _ = R.apply(s, 0, m.FlipToken())
    assert s.battle.pool == 2 and s.decision is None and s.players[0].hand == hand


# ============================================================== the Mastodon (§4.1, FAQ)
def _with_mastodon(s: m.State) -> m.State:
    return upd(s, players=(upd(s.players[0], zords=("mastodon",)), *s.players[1:]))


def test_the_mastodon_may_be_used_between_deployments():
    """§4.1 (FAQ): the Mastodon may be used during the deployment step, though not between
    revealing a card and placing its figures: the team is asked before each deployment."""
    s = game(names=("a", "b", "c", "d"))
    s = _empty(_with_mastodon(s))
    s = _board(s, l2={"fs": (("putty_patrollers", 2),)})
    s = upd(s, phase="action", decision=None, queue=())
    s, _ = R.apply(s, s.focus, m.EndPhase())
    assert s.phase == "deployment" and s.decision.kind == "deploy_window"
    assert s.deployments_done == 0 and s.decision.amount == 5
    legal = R.legal_actions(s, s.focus)
    assert m.Pass() in legal
    use = m.UseZord(zord="mastodon", location=s.locations[2].id, figure="putty_patrollers")
    assert use in legal
    assert (
        m.UseZord(zord="mastodon", location=s.locations[0].id, figure="putty_patrollers")
        not in legal
    )
    s, _ = R.apply(s, s.focus, m.Pass())
    # one deployment later the team is asked again
    assert s.decision.kind == "deploy_window" and s.deployments_done == 1
    before = s.power.experience
    s, ev = R.apply(s, s.focus, use)
    assert s.power.experience == before + 1 or s.power.zord_deck != ()
    assert "mastodon" in s.power.exhausted
    # exhausted: no more windows this round, the deployments run to the Action Phase
    assert s.phase == "action" and s.decision is None


def test_no_mastodon_window_without_a_ready_mastodon_or_a_figure():
    """§4.1: deployment runs by itself when the team could do nothing between two
    deployments (no ready Mastodon, or no foot soldier on the board to take)."""
    s = _empty(game(names=("a", "b", "c", "d")))
    s = upd(s, phase="action", decision=None, queue=())
    s, _ = R.apply(s, s.focus, m.EndPhase())
    assert s.phase == "action" and s.decision is None  # no Mastodon: five deployments
    t = _empty(_with_mastodon(game(names=("a", "b", "c", "d"))))
    t = upd(t, phase="action", decision=None, queue=())
    t, _ = R.apply(t, t.focus, m.EndPhase())
    # the board was empty: the first window comes once a deployment has put figures down
    assert t.decision.kind == "deploy_window" and t.deployments_done == 1
    u = _empty(_with_mastodon(game(names=("a", "b", "c", "d"))))
    u = _board(u, l1={"fs": (("putty_patrollers", 1),)})
    u = upd(u, phase="action", decision=None, queue=(), power=upd(u.power, exhausted=("mastodon",)))
    u = R._deployment_phase(u, [])
    assert u.phase == "action"  # exhausted: never asked


# ============================================================== Command Center Assault (§7)
PP = "putty_patrollers"


def test_cc_assault_foot_soldiers_bound_for_a_panicked_location_attack_the_cc():
    """§7 Command Center B side: an enemy that would be deployed to a panicked location
    goes to the Command Center instead (foot soldiers too)."""
    s = _empty(game(headquarters="command_center_assault"))
    s = _board(s, l1={"panicked": True, "villains": ("bones",)})
    s = R._place_fs(s, s.locations[1].id, PP, 2, [])
    assert dict(s.hq_enemies)[PP] == 2 and not s.locations[1].fs
    # a location that is not panicked takes them as usual
    s = R._place_fs(s, s.locations[2].id, PP, 1, [])
    assert dict(s.locations[2].fs)[PP] == 1


def test_cc_assault_the_boss_brings_its_deployment_s_foot_soldiers():
    """§7: when the boss is deployed, the boss and all foot soldiers of that deployment
    always go to the Command Center (RULINGS.md 28 had kept the foot soldiers out)."""
    s = _empty(game(headquarters="command_center_assault"))
    target = s.locations[0].id
    fs = m.DeployCard(kind="fs", fs_type=PP, figures=2, back=target)
    boss = m.DeployCard(kind="boss", back="boss", enemy="rita_repulsa")
    nxt = m.DeployCard(kind="fs", fs_type=PP, figures=1, back=target)
    s = upd(s, deploy_deck=(fs, boss, nxt), phase="deployment")
    s = R._deploy_one(s, [])
    assert s.hq_villains == ("rita_repulsa",) and dict(s.hq_enemies)[PP] == 2
    assert all(not lo.fs for lo in s.locations)


def test_cc_assault_clearing_the_cc_lets_the_rangers_there_power_up():
    """§7: a Ranger at the Command Center when its last enemy is defeated may power up at
    once (each one chooses; passing keeps the hand)."""
    s = game(headquarters="command_center_assault")
    s = upd(s, phase="action", focus=0, hq_enemies=((PP, 1),), decision=None, queue=())
    s = upd(
        s, players=tuple(upd(p, location="hq") if i < 2 else p for i, p in enumerate(s.players))
    )
    s, _ = R.apply(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind == "prep_draw":
        s, _ = R.apply(s, next(iter(R.to_act(s))), m.Draw(count=0))
    assert s.battle is not None and s.battle.location == "hq"
    # finish it: every enemy card defeated by hand, then clean-up
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, defeated=True) for sl in s.battle.slots)))
    s = upd(s, hq_enemies=())
    ev: list = []
    s = R._cleanup(s, ev)
    assert s.decision.kind == "hq_power_up" and s.decision.asked[:2] == (0, 1)
    assert set(R.legal_actions(s, 0)) == {m.PowerUp(), m.Pass()}
    p = s.players[0]
    s = give(s, 0, hand=p.hand[:1], discard=p.hand[1:])
    s, _ = R.apply(s, 0, m.PowerUp())
    assert len(s.players[0].hand) == 5 and s.players[0].discard == ()
    before = s.players[1].hand
    s, _ = R.apply(s, 1, m.Pass())
    assert s.players[1].hand == before and (s.decision is None or 1 not in s.decision.asked)


# ============================================================== item 8 of the issue
def test_fast_cards_go_left_in_each_row_of_the_psycho_boss_layout():
    """Expansion, Psycho Rangers (Boss Version), Battle: two rows of three; base §5.2: a
    FAST card goes to the left end of its row (the literal reading, Ruling 13)."""
    s = _empty(game(names=("a", "b", "c", "d"), boss="psycho_rangers"))
    s = R._place_villain(
        s, m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho"), s.locations[0].id, []
    )
    strike = "psycho:psycho-strike#1"  # FAST
    others = ["psycho:nemesis-drain#1", "psycho:psycho-burst#1", "psycho:nemesis-drain#2"]
    deck = (
        others[0],
        others[1],
        strike,
        others[2],
        "psycho:psycho-burst#2",
        "psycho:psycho-assault#1",
    )
    from tabletop_tui.games.hotg.rules import set_enemy_deck

    s = set_enemy_deck(s, "psycho", deck)
    s = upd(s, players=tuple(upd(p, location=s.locations[0].id) for p in s.players))
    s = upd(s, phase="action", decision=None, queue=(), focus=0)
    s, _ = R.apply(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind == "prep_draw":
        s, _ = R.apply(s, s.decision.asked[0], m.Draw(count=0))
    first = sorted((sl for sl in s.battle.slots if sl.row == 0), key=lambda sl: sl.col)
    assert [sl.card for sl in first] == [strike, others[0], others[1]]


def test_lion_shield_strikes_back_at_non_attack_hits_with_flanking():
    """§10 Knasty Knight, Lion Shield: a Ranger who deals hits to it suffers them all, not
    only from attacks (a splash counts: Ruling 19 revised); Flanking adds +1 to that
    damage (FAQ, quoted in §10 Putty Patrollers)."""
    s = battle(
        game(rangers=("zack", "jason", "billy", "trini")),
        [["knasty_knight:lion-shield#1", LEAP], [FLANK]],
        fs=((PP, 2),),
        villains=("knasty_knight",),
        pool=5,
    )
    sweep = card("zack", "sweeping-strike")
    s = give(s, 0, hand=[sweep])
    slots = tuple(upd(sl, hits=-50) if k == 1 else sl for k, sl in enumerate(s.battle.slots))
    # Covert Tactics' GUARD waiver lets the attack reach the card beside the Lion Shield
    s = upd(s, battle=upd(s.battle, slots=slots, buffs=m.NextAttack(ignore_guard=True)))
    s, ev = R.apply(s, 0, m.PlayCard(card=sweep, target=1))  # the splash hits the Lion Shield
    texts = [e.text for e in ev]
    assert any("Lion Shield: Player 1 suffers 2 damage" in t for t in texts), texts


def test_path_of_frost_drains_a_bigger_pool_to_two_when_the_battle_starts():
    """§11 Psycho Blue, Path of Frost: the shared pool holds at most 2, the rest drained -
    a pool of 3 (two Rangers' preparation) already in place drops to 2."""
    s = game(names=("a", "b"))
    s = battle(s, [["psycho:path-of-frost#1", LEAP]], pool=3, turn="prep")
    s = R._battle_start(s, [])
    assert s.battle.pool == 2


def test_astro_megaship_recover_lets_a_chosen_ranger_strategize():
    """Expansion, Astro Megaship: RECOVER there may strategize - a Ranger in any location
    draws up to three cards, then puts as many from hand on top of the deck."""
    s = game(names=("a", "b", "c", "d"), headquarters="astro_megaship")
    s = upd(s, phase="action", decision=None, queue=(), focus=0)
    s = upd(s, players=(upd(s.players[0], location="hq"), *s.players[1:]))
    s, _ = R.apply(s, 0, m.Recover())
    if s.decision is not None and s.decision.kind == "recover":
        s, _ = R.apply(s, 0, m.Pass())
    assert s.decision.kind == "strategize" and R.to_act(s) == {0}
    assert m.ChooseRanger(seat=2) in R.legal_actions(s, 0) and m.Pass() in R.legal_actions(s, 0)
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=2))  # a Ranger at another location
    assert s.decision.kind == "strategize_draw" and R.to_act(s) == {2}
    hand, deck = s.players[2].hand, s.players[2].deck
    s, _ = R.apply(s, 2, m.Draw(count=2))
    assert s.players[2].hand == hand + deck[:2]
    assert s.decision.kind == "strategize_put" and s.decision.amount == 2
    a, b = s.players[2].hand[0], s.players[2].hand[1]
    s, _ = R.apply(s, 2, m.Pick(card=a))
    s, _ = R.apply(s, 2, m.Pick(card=b))
    assert s.decision is None and s.players[2].deck[:2] == (b, a)
    assert len(s.players[2].hand) == len(hand)


def test_recover_elsewhere_does_not_strategize():
    """Expansion, Astro Megaship: only a RECOVER made at the Megaship strategizes."""
    s = game(names=("a", "b", "c", "d"), headquarters="astro_megaship")
    s = upd(s, phase="action", decision=None, queue=(), focus=0)
    s = upd(s, players=(upd(s.players[0], location=s.locations[0].id), *s.players[1:]))
    s, _ = R.apply(s, 0, m.Recover())
    if s.decision is not None and s.decision.kind == "recover":
        s, _ = R.apply(s, 0, m.Pass())
    assert s.decision is None


# ============================================================== hidden information in the log
def test_the_log_does_not_name_a_card_taken_into_a_hidden_hand():
    """Mastermind Mode, Game Setup (the Mastermind plays against the Rangers) and §9 Billy's
    Knowledge Is Power (a Ranger takes a card from their deck): the Rangers' hands are
    hidden from the Mastermind, so the shared log must not name the card either."""
    from test_hotg_modes import calm, mm_game

    s = calm(mm_game())
    s = battle(s, [[LEAP, LEAP2]], seats=(2,), pool=3)  # seat 2 plays Billy
    kip = card("billy", "knowledge-is-power")
    s = give(s, 2, hand=[kip])
    s, ev = R.apply(s, 2, m.PlayCard(card=kip))
    while s.decision is not None and 2 in R.to_act(s):  # the Ranger answers their own choice
        s, more = R.apply(s, 2, R.legal_actions(s, 2)[0])
        ev += more
    taken = [c for c in s.players[2].hand if c != kip]
    assert taken, "a card came into the hand"
    name = CAT.card(taken[0]).name
    assert name != "Knowledge Is Power"
    assert name not in " ".join(e.text for e in ev)
    assert R.view(s, 3).players[2].hand is None  # the Mastermind does not see it
    assert R.view(s, 0).players[2].hand is not None  # a teammate does (open hands)


def test_open_hands_in_a_standard_game_may_be_named_in_the_log():
    """§9 Knowledge Is Power in a standard game with open hands: nothing is hidden, so the
    log names the card taken (the View shows it to every seat anyway)."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(2,), pool=3)
    kip = card("billy", "knowledge-is-power")
    s = give(s, 2, hand=[kip])
    s, ev = R.apply(s, 2, m.PlayCard(card=kip))
    while s.decision is not None and 2 in R.to_act(s):
        s, more = R.apply(s, 2, R.legal_actions(s, 2)[0])
        ev += more
    got = [c for c in s.players[2].hand if c != kip][0]
    assert any(CAT.card(got).name in e.text for e in ev)


# ============================================================== choices back to the players
def test_knowledge_is_power_a_chosen_ranger_takes_a_card_of_their_choice():
    """§9 Billy, Knowledge Is Power: a chosen Ranger may look through their deck for any
    card, take it, then shuffle (Ruling 24 used to pick the strongest attack for them)."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(2, 0), pool=3)
    kip = card("billy", "knowledge-is-power")
    s = give(s, 2, hand=[kip])
    s, _ = R.apply(s, 2, m.PlayCard(card=kip))
    assert s.decision.kind == "choose_ranger" and set(s.decision.options) == {0, 2}
    s, _ = R.apply(s, 2, m.ChooseRanger(seat=0))  # Jason searches his deck
    assert s.decision.kind == "tutor" and R.to_act(s) == {0}
    want = next(c for c in s.players[0].deck if "block" in c)
    seen = {c.id for c in R.view(s, 0).decision.deck_cards}
    assert want in seen and R.view(s, 2).decision.deck_cards == ()  # only the searcher
    assert m.Pick(card=want) in R.legal_actions(s, 0) and m.Pass() in R.legal_actions(s, 0)
    s, _ = R.apply(s, 0, m.Pick(card=want))
    assert want in s.players[0].hand and want not in s.players[0].deck


def test_tenacity_puts_two_discards_of_your_choice_on_top_in_your_order():
    """§9 Trini, Tenacity: put 2 cards from the discard pile on top of the deck, in any
    order (Ruling 24 used to choose the highest-shield cards)."""
    s = game(names=("a", "b", "c", "d"))  # seat 3: Trini
    s = battle(s, [[LEAP, LEAP2]], seats=(3,), pool=3)
    ten = card("trini", "tenacity")
    low, high, mid = (
        card("trini", "blade-blaster"),
        card("trini", "power-daggers"),
        card("trini", "precise-strike"),
    )
    deck = [c for c in s.players[3].hand + s.players[3].deck if c not in (ten, low, high, mid)]
    s = give(s, 3, hand=[ten], discard=[low, high, mid], deck=deck)
    calm = tuple(upd(sl, resolved=True) for sl in s.battle.slots)  # no enemy turn follows
    s = upd(s, battle=upd(s.battle, slots=calm))
    s, _ = R.apply(s, 3, m.PlayCard(card=ten))
    assert s.decision.kind == "to_top" and m.Pass() not in R.legal_actions(s, 3)
    s, _ = R.apply(s, 3, m.Pick(card=low))
    s, _ = R.apply(s, 3, m.Pick(card=mid))
    assert s.players[3].deck[:2] == (mid, low) and high in s.players[3].discard


def test_triceratops_puts_up_to_two_discards_on_top():
    """§6 Triceratops: any Ranger puts up to 2 cards from their discard pile on top of
    their deck, in any order - stopping after one is allowed."""
    s = game(names=("a", "b", "c", "d"))
    s = upd(s, phase="action", decision=None, queue=(), focus=2)
    s = upd(
        s,
        players=tuple(
            upd(p, zords=("triceratops",)) if i == 2 else p for i, p in enumerate(s.players)
        ),
    )
    a, b = card("billy", "blade-blaster"), card("billy", "power-lance")
    rest = [c for c in s.players[2].hand + s.players[2].deck if c not in (a, b)]
    s = give(s, 2, hand=rest[:5], deck=rest[5:], discard=[a, b])
    s, _ = R.apply(s, 2, m.UseZord(zord="triceratops"))
    assert s.decision.kind == "to_top" and m.Pass() in R.legal_actions(s, 2)
    s, _ = R.apply(s, 2, m.Pick(card=b))
    s, _ = R.apply(s, 2, m.Pass())
    assert s.players[2].deck[0] == b and s.players[2].discard == (a,) and s.decision is None


def test_the_lead_ranger_picks_which_foot_soldiers_fight_and_the_first_deck():
    """§5.2: with more than 4 figures the lead Ranger picks which 4 fight; with two foot
    soldier types the lead Ranger picks which deck is drawn first (Ruling 13 automated
    both)."""
    s = _empty(game(names=("a", "b", "c", "d")))
    loc = s.locations[0].id
    s = _board(s, l0={"fs": (("putty_patrollers", 3), ("super_putty_patrollers", 3))})
    s = upd(s, phase="action", decision=None, queue=(), focus=0)
    s = upd(s, players=(upd(s.players[0], location=loc), *s.players[1:]))
    s, _ = R.apply(s, 0, m.StartBattle())
    while s.decision.kind == "prep_draw":
        s, _ = R.apply(s, s.decision.asked[0], m.Draw(count=0))
    assert s.decision.kind == "fs_pick" and R.to_act(s) == {0}
    legal = R.legal_actions(s, 0)
    one_three = m.FightFigures(figures=("super_putty_patrollers",) * 3 + ("putty_patrollers",))
    assert one_three in legal and len(legal) == 6  # splits 1-3, 2-2, 3-1, either deck first
    s, _ = R.apply(s, 0, one_three)
    decks = [CAT.enemy_deck_of[sl.card.split("#")[0]] for sl in s.battle.slots]
    assert sorted(decks) == sorted(one_three.figures)


def test_blade_blaster_divides_its_hits_among_targets_chosen_up_front():
    """§9 / §5.6 (FAQ): Blade Blaster deals hits equal to the energy spent, divided among
    any number of targets chosen up front (Ruling 23 used to spill them by itself)."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2, PUMMEL, FODDER]], seats=(0,), pool=4)
    bb = card("jason", "blade-blaster")
    s = give(s, 0, hand=[bb])
    s, _ = R.apply(s, 0, m.PlayCard(card=bb, target=0, x=4))
    assert s.decision.kind == "add_target"
    # not the first target again, nor Putty Pummel (guarded by the Cannon Fodder beside it)
    assert set(R.legal_actions(s, 0)) == {m.Target(slot=1), m.Target(slot=3), m.Pass()}
    s, _ = R.apply(s, 0, m.Target(slot=1))
    if s.decision is not None and s.decision.kind == "add_target":
        s, _ = R.apply(s, 0, m.Pass())
    assert s.decision.kind == "divide_hits"
    s, _ = R.apply(s, 0, m.Target(slot=0))
    s, _ = R.apply(s, 0, m.Target(slot=0))  # 2 hits defeat a Leaping Attack (health 2)
    # only one target is left to choose from: the other 2 hits go to it
    assert s.battle.slots[0].defeated and s.battle.slots[1].defeated


def test_astro_blaster_answers_another_ranger_s_attack():
    """§11 Space Rangers, Astro Blaster (reaction, X up to 3): when any Ranger attacks it
    adds +1 hit per energy - now also on a teammate's attack (Ruling 26 allowed only your
    own turn)."""
    s = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "ashley"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0, 1), pool=5)
    blaster = card("tj", "astro-blaster")
    strike = card("andros", "pierce-defenses")
    s = give(s, 1, hand=[blaster])
    s = give(s, 0, hand=[strike])
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    s, _ = R.apply(s, 0, m.PlayCard(card=strike, target=0))
    assert s.decision.kind == "reaction_window" and s.decision.trigger == "attack"
    assert m.PlayCard(card=blaster, x=2) in R.legal_actions(s, 1)
    s, ev = R.apply(s, 1, m.PlayCard(card=blaster, x=2))
    assert s.battle.pool == 3
    while s.decision is not None and s.decision.kind == "reaction_window":
        s, more = R.apply(s, s.decision.asked[0], m.Pass())
        ev += more
    fixed = [e.data["fixed"] for e in ev if e.kind == "dice" and "fixed" in e.data]
    assert fixed == [2]


def test_saber_toothed_tiger_and_mega_v4_draws_are_chosen_card_by_card():
    """§6 Saber-Toothed Tiger: each Ranger in the battle may draw up to 2; §11 Mega V4:
    gain 1 energy, any Ranger may draw any number - each draw is the player's choice."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0, 1), pool=0)
    s = upd(
        s,
        players=tuple(
            upd(p, zords=("saber_toothed_tiger", "mega_v4")) if i == 0 else p
            for i, p in enumerate(s.players)
        ),
    )
    h0, h1 = len(s.players[0].hand), len(s.players[1].hand)
    s, _ = R.apply(s, 0, m.UseZord(zord="saber_toothed_tiger"))
    assert s.decision.kind == "draw_more" and s.decision.asked == (0, 1)
    s, _ = R.apply(s, 0, m.Draw(count=1))
    s, _ = R.apply(s, 0, m.Draw(count=0))  # Jason stops at 1
    s, _ = R.apply(s, 1, m.Draw(count=1))
    s, _ = R.apply(s, 1, m.Draw(count=1))  # Zack takes both: the window closes
    assert len(s.players[0].hand) == h0 + 1 and len(s.players[1].hand) == h1 + 2
    assert s.decision is None
    s, _ = R.apply(s, 0, m.UseZord(zord="mega_v4"))
    assert s.battle.pool == 1 and s.decision.kind == "choose_ranger"
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=1))
    for _ in range(2):  # no limit but the deck (3 cards left: the last would defeat him)
        s, _ = R.apply(s, 1, m.Draw(count=1))
    s, _ = R.apply(s, 1, m.Draw(count=0))
    assert len(s.players[1].hand) == h1 + 4 and s.decision is None


def test_every_action_kind_has_a_description():
    """The log and move list describe every action the rules accept (the new ones too)."""
    import typing

    union = typing.get_args(typing.get_args(m.Action)[0])
    samples = {
        "fight": m.FightFigures(figures=("quantrons",)),
        "target": m.Target(slot=0),
        "power_up": m.PowerUp(),
    }
    for cls in union:
        kind = cls.model_fields["kind"].default
        if kind in samples:
            assert R.describe(samples[kind])
    assert set(samples) <= {cls.model_fields["kind"].default for cls in union}


def test_strategize_and_ready_to_rock_are_the_player_s_choices():
    """§9 Billy, Strategize: a chosen Ranger draws 1, then puts 1 card from hand on top;
    §11 Cassie, Ready to Rock: any Ranger discards their deck's top card, then puts any
    discard on top (Ruling 24 used to pick the acting Ranger and the cards)."""
    s = game(names=("a", "b", "c", "d"))
    s = battle(s, [[LEAP, LEAP2]], seats=(2, 0), pool=0)
    s, _ = R.apply(s, 2, m.UseAbility(ranger="billy"))
    assert s.decision.kind == "choose_ranger" and set(s.decision.options) == {0, 2}
    deck_top = s.players[0].deck[0]
    s, _ = R.apply(s, 2, m.ChooseRanger(seat=0))
    assert deck_top in s.players[0].hand and s.decision.kind == "hand_to_top"
    back = s.players[0].hand[0]
    s, _ = R.apply(s, 0, m.Pick(card=back))
    assert s.players[0].deck[0] == back and s.decision is None
    t = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "cassie"))
    t = battle(t, [[LEAP, LEAP2]], seats=(1,), pool=0)
    keep = t.players[1].deck[3]
    t = give(t, 1, discard=[keep], deck=[c for c in t.players[1].deck if c != keep])
    t, _ = R.apply(t, 1, m.UseAbility(ranger="cassie"))
    top = t.players[1].deck[0]
    t, _ = R.apply(t, 1, m.ChooseRanger(seat=1))
    assert t.decision.kind == "to_top" and top in t.players[1].discard
    t, _ = R.apply(t, 1, m.Pick(card=keep))
    assert t.players[1].deck[0] == keep
