"""Heroes of the Grid: rules held at their exact boundary, each named for the rule a small
mutant of the rules modules (benchmarks/mutants.py, issue 35) changed without any other
rules test noticing.

Sources: the base rules digest (../shared/research/heroes-of-the-grid-base-rules.md, cited
"§N"), the card facts (../shared/research/heroes-of-the-grid-card-facts.json) and the
expansion rulebook (../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt); our
readings are card_data/hotg/RULINGS.md ("Ruling N").
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.rules import HotgRules, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_rules import LEAP, LEAP2, PP, battle, card, game, give  # noqa: E402

R = HotgRules()
CAT = catalog()


def _run(s: m.State, *steps: m.Step) -> tuple[m.State, list]:
    ev: list = []
    return R._run(upd(s, queue=(*steps, *s.queue)), ev), ev


def _psycho_black_other(names) -> tuple[m.State, list]:
    s = battle(game(names=names), [[LEAP]], seats=(0,), fs=((PP, 1),))
    effect = {"do": "damage", "n": 2, "target": "other_than_attached"}
    jason = s.players[0].rangers[0]
    return _run(s, m.Step(kind="effect", effect=effect, slot=-1, source="Psycho Black", ref=jason))


# ============================================================== Ruling 16: "another Ranger"
def test_psycho_black_s_other_ranger_is_the_attached_player_s_second_ranger_or_nobody():
    """Psycho Black's [PSYCHO] effect: 3 damage to the attached Ranger and 2 to another
    Ranger. Battling alone (Ruling 16): a player who runs two Rangers brings the second
    one, which is another Ranger, so that player suffers the 2 damage as well; a lone
    Ranger has no other Ranger in the battle, and the 2 damage falls on nobody (never back
    on the attached Ranger)."""
    s, ev = _psycho_black_other(("a",))  # one player: Jason and Zack
    d = s.decision
    assert d is not None and d.kind == "damage_window" and (d.seat, d.amount) == (0, 2)
    assert any("suffers 2 damage" in e.text for e in ev)
    s, ev = _psycho_black_other(("a", "b", "c", "d"))  # Jason alone
    assert s.decision is None and not any("damage" in e.text for e in ev)


# ============================================================== §5.6 hits and defeat
def test_a_defeated_enemy_card_gives_its_hit_tokens_back():
    """§5.6 Resolving hits: once its hit tokens reach its health the card is defeated,
    flipped face down where it lies, and its tokens go back to the supply."""
    s = battle(game(), [[LEAP, LEAP2]], pool=0)
    health = R.health(s, 0)
    s = R._deal_hits(s, 0, health + 2, 0, [])
    assert s.battle.slots[0].defeated and s.battle.slots[0].hits == 0


def test_path_of_stone_gives_every_other_enemy_card_one_more_health():
    """Psycho Black's Path of Stone (PASSIVE): while in play, every other enemy card has
    +1 health; its own health is as printed."""
    path = "psycho:path-of-stone#1"
    s = battle(game(), [[path, LEAP]], fs=((PP, 1),))
    assert R.health(s, 1) == CAT.enemy_card(LEAP).health + 1
    assert R.health(s, 0) == CAT.enemy_card(path).health


# ============================================================== card effects, exactly
def test_buster_rifle_deals_the_shields_of_the_top_card_of_the_deck():
    """T.J.'s Buster Rifle: reveal the top card of your deck; the attack deals hits equal
    to its shields (the top card, not the one under it)."""
    s = game(rangers=("andros", "carlos", "tj", "ashley"))
    s = battle(s, [[LEAP, LEAP2]], seats=(2,), pool=0)
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    rifle = card("tj", "buster-rifle")
    top, under = card("tj", "cosmic-cleave"), card("tj", "buster-rifle", 2)
    assert CAT.card(top).shields != CAT.card(under).shields
    s = give(s, 2, hand=[rifle], deck=[top, under, card("tj", "astro-axe")])
    before = s.battle.slots[0].hits
    s, _ = R.apply(s, 2, m.PlayCard(card=rifle, target=0))
    assert s.battle.slots[0].hits - before == CAT.card(top).shields


def test_hip_hop_kido_deals_exactly_one_hit_to_one_adjacent_card():
    """Zack's Hip-Hop Kido (once per battle): after his attack defeats an enemy card, 1 hit
    to an enemy card next to it - one hit, one card, and it may be declined."""
    s = battle(game(), [[LEAP, LEAP2, FODDER]], seats=(1,), pool=0)
    s = upd(
        s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], defeated=True), *s.battle.slots[1:]))
    )
    ask = m.Step(kind="ask", ref="hip_hop_kido", seat=1, slot=0, amount=1)
    s, _ = _run(s, ask)
    d = s.decision
    assert d is not None and d.kind == "choose_target" and d.amount == 1 and d.options == (1,)
    assert m.Pass() in R.legal_actions(s, 1)
    s, _ = R.apply(s, 1, m.Target(slot=1))
    assert s.battle.slots[1].hits == 1 and s.battle.slots[2].hits == 0
    assert s.decision is None and "zack" in s.battle.used_abilities


FODDER = "putty_patrollers:cannon-fodder#1"


# ============================================================== §5.7 damage, reduced
def test_mega_voyager_spends_one_energy_and_damage_cut_to_zero_ends_the_question():
    """§11 Mega Voyager: spend 1 of its energy to reduce any damage by 3. Damage of exactly
    3 comes down to 0: nothing is suffered and nothing more is asked; it has 4 left."""
    s = battle(game(), [[LEAP]], pool=0)
    s = upd(s, power=upd(s.power, megazord="mega_voyager", voyager=5))
    s = give(s, 0, hand=[])
    deck = s.players[0].deck
    s, _ = _run(s, m.Step(kind="damage", seat=0, amount=3, source="Leaping Attack"))
    assert s.decision is not None and s.decision.kind == "damage_window"
    assert s.decision.amount == 3
    s, _ = R.apply(s, 0, m.UseZord(zord="mega_voyager"))
    assert s.power.voyager == 4
    assert s.decision is None and s.players[0].deck == deck


def test_satellite_stunner_takes_two_foot_soldier_cards_to_one_short_of_defeat():
    """Cassie's Satellite Stunner: up to 2 foot soldier cards (or 1 monster or boss card)
    get hit tokens until each is 1 short of its health: the chosen foot soldier and a
    second, undefeated one."""
    s = game(rangers=("andros", "carlos", "tj", "cassie"))
    s = battle(s, [[LEAP, LEAP2, FODDER]], seats=(3,), pool=2)
    s = upd(
        s, battle=upd(s.battle, slots=(*s.battle.slots[:2], upd(s.battle.slots[2], defeated=True)))
    )
    stunner = card("cassie", "satellite-stunner")
    s = give(s, 3, hand=[stunner])
    s, _ = R.apply(s, 3, m.PlayCard(card=stunner, target=0))
    assert [sl.hits for sl in s.battle.slots[:2]] == [R.health(s, 0) - 1, R.health(s, 1) - 1]
    assert not any(sl.defeated for sl in s.battle.slots[:2])


# ============================================================== §5.2 the combat sequence
def _start(s: m.State, villains: tuple[str, ...], fs=((PP, 1),)) -> tuple[m.State, list]:
    """Everyone at the first location (these villains and foot soldiers there) starts a
    battle and draws nothing more: the state once the sequence is laid out."""
    here = s.locations[0].id
    s = upd(
        s,
        locations=(
            upd(s.locations[0], villains=villains, fs=fs, panicked=True),
            *(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations[1:]),
        ),
        players=tuple(upd(p, location=here) for p in s.players),
        phase="action",
        decision=None,
        queue=(),
        focus=0,
    )
    s, ev = R.apply(s, 0, m.StartBattle())
    events = list(ev)
    while s.decision is not None and s.decision.kind == "prep_draw":
        s, ev = R.apply(s, s.decision.asked[0], m.Draw(count=0))
        events += ev
    return s, events


def test_two_villains_at_one_location_each_lay_a_row_of_four():
    """§5.2 with Ruling 14: two villains at one location each draw a row of 4 cards from
    their own deck, above the foot soldier row; the narration names every row."""
    s = game()
    one, two = s.monsters  # (the game's two monsters, their decks shuffled at setup)
    s, ev = _start(s, (one, two))
    rows = {}
    for sl in s.battle.slots:
        rows.setdefault(sl.row, []).append(CAT.enemy_deck_of[sl.card.split("#")[0]])
    assert sorted([rows[0], rows[1]]) == sorted([[one] * 4, [two] * 4])
    line = next(e.text for e in ev if e.text.startswith("Combat sequence:"))
    assert line.count(" | ") == len(rows) - 1
    assert all(CAT.enemy_card(sl.card).name in line for sl in s.battle.slots)


def test_the_psycho_boss_battle_draws_exactly_six_cards():
    """Expansion, Psycho Rangers (Boss Version), Battle: two rows of three enemy cards,
    whatever the number of Psycho Rangers left: six cards leave the Psycho deck, no more."""
    from tabletop_tui.games.hotg.rules import enemy_deck, set_enemy_deck

    s = game(names=("a", "b", "c", "d"), boss="psycho_rangers")
    s = upd(s, locations=tuple(upd(lo, fs=(), villains=()) for lo in s.locations))
    s = R._place_villain(
        s, m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho"), s.locations[0].id, []
    )
    here = {n.id for n in s.nemeses}
    calm = [  # nothing FAST (no enemy turn first), no card that draws more
        c
        for c in CAT.enemy_instances("psycho")
        if "FAST" not in CAT.enemy_card(c).keywords
        and CAT.enemy_card(c).psycho in (here | {""})
        and CAT.enemy_card(c).name != "Psycho Assault"
    ]
    s = set_enemy_deck(s, "psycho", tuple(calm[:8]))
    villains = s.locations[0].villains
    s, _ = _start(s, villains, fs=())
    assert len(s.battle.slots) == 6 and len(enemy_deck(s, "psycho")) == 2


def test_mega_voyager_without_energy_is_refused_and_mega_v5_needs_none():
    """§11: the Mega Voyager reduces damage only by spending its energy, so with none left
    it cannot be used; Mega V5 (its own reducer) asks no energy of it."""
    s = battle(game(), [[LEAP]], pool=0)
    s = upd(s, power=upd(s.power, megazord="mega_voyager", voyager=0))
    s = upd(s, players=(upd(s.players[0], zords=("mega_v5",), hand=()), *s.players[1:]))
    s, _ = _run(s, m.Step(kind="damage", seat=0, amount=3, source="Leaping Attack"))
    assert s.decision.kind == "damage_window"
    assert R.check(s, 0, m.UseZord(zord="mega_voyager")) is not None
    assert R.check(s, 0, m.UseZord(zord="mega_v5")) is None


def test_one_psycho_defeated_in_a_battle_leaves_the_foot_soldiers():
    """Psycho Assault Mode, Defeating Psycho Rangers: only two or more defeated in a single
    battle send the foot soldiers there back to the supply; one leaves them in place."""
    from test_hotg_modes import _pa_battle, pa_calm, pa_game

    s = _pa_battle(pa_calm(pa_game()), ("psycho_red", "psycho_blue"), fs=3)
    ns = tuple(
        upd(n, under=("psycho:psycho-strike#1",)) if n.id == "psycho_red" else n for n in s.nemeses
    )
    slots = (m.Slot(card="psycho:nemesis-drain#1", row=0, col=0, defeated=True),)
    s = upd(s, nemeses=ns, battle=upd(s.battle, slots=slots))
    s = R._cleanup(s, [])
    status = {n.id: n.status for n in s.nemeses}
    assert status["psycho_red"] == "defeated" and status["psycho_blue"] == "deployed"
    assert s.locations[0].fs_count == 3


# ============================================================== rerolls and splashes
def _tough(s: m.State) -> m.State:
    return upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))


def test_hot_blooded_counts_exactly_two_cards_left_in_hand():
    """Carlos's Hot Blooded: with 2 or fewer cards in hand he may reroll his attack's dice.
    Exactly 2 cards left once the attack card is played is still few enough."""
    s = game(rangers=("carlos", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP]], pool=3))
    smash = card("carlos", "meteor-smash")
    s = give(s, 0, hand=[smash, card("carlos", "rising-moon"), card("carlos", "lunar-lance")])
    t, _ = R.apply(s, 0, m.PlayCard(card=smash, target=0))
    while t.decision is not None and t.decision.kind not in ("reroll",):
        t, _ = R.apply(t, t.decision.asked[0], R.legal_actions(t, t.decision.asked[0])[-1])
    assert len(t.players[0].hand) == 2
    assert t.decision is not None and t.decision.source == "Hot Blooded"


def test_power_axe_with_one_pair_of_faces_asks_nothing():
    """Power Axe: 2 of its dice give their hits to every card next to the target. When every
    pair of dice shows the same faces there is nothing to choose: no question, and the
    adjacent cards get that pair's hits."""
    from tabletop_tui.games.hotg.choices import pair_options

    s = game(rangers=("zack", "jason", "billy", "trini"))
    s = _tough(battle(s, [[LEAP, "putty_patrollers:swarm-attack#1", LEAP2]], pool=3))
    axe = card("zack", "power-axe")
    s = give(s, 0, hand=[axe])
    seen = 0
    for seed in range(200):
        t, ev = R.apply(upd(s, rng=upd(s.rng, seed=seed)), 0, m.PlayCard(card=axe, target=1))
        rolls = [e.data["dice"] for e in ev if e.kind == "dice" and "dice" in e.data]
        if not rolls or len(pair_options(tuple(rolls[-1]))) != 1:
            continue
        seen += 1
        assert t.decision is None or t.decision.kind != "axe_dice"
        pair = sum(sorted(rolls[-1], reverse=True)[:2])
        assert t.battle.slots[0].hits == -50 + pair == t.battle.slots[2].hits
        if seen >= 2:
            break
    assert seen


# ============================================================== deployment and Psycho cards
def test_cc_assault_overflow_tries_all_four_locations_before_the_command_center():
    """§4.1 overflow with Command Center Assault (§7): a figure for a full location goes on
    clockwise to the first location with room, the fourth one included; only when none of
    the four has room does it go to the Command Center."""
    s = game(names=("a", "b", "c", "d"), headquarters="command_center_assault")
    limits = [CAT.locations[lo.id].figure_limit for lo in s.locations]
    full = tuple(
        upd(lo, fs=((PP, limits[i]),) if i < 3 else (), villains=(), panicked=False)
        for i, lo in enumerate(s.locations)
    )
    s = upd(s, locations=full, hq_enemies=())
    t = R._place_fs(s, s.locations[0].id, PP, 1, [])
    assert t.locations[3].fs == ((PP, 1),) and t.hq_enemies == ()
    u = upd(s, locations=(*full[:3], upd(full[3], fs=((PP, limits[3]),))))
    u = R._place_fs(u, s.locations[0].id, PP, 1, [])
    assert u.hq_enemies == ((PP, 1),)


def test_psycho_assault_deals_double_with_exactly_two_psychos_here():
    """The Psycho Assault card: 3 damage, or 6 when two or more Psycho Rangers are at the
    battle's location - two exactly is enough."""
    s = battle(game(), [["psycho:psycho-assault#1"]], pool=0)
    here = s.locations[0]
    for psychos, dealt in ((("psycho_red",), 3), (("psycho_red", "psycho_blue"), 6)):
        t = upd(s, locations=(upd(here, villains=psychos), *s.locations[1:]))
        t = give(t, 0, hand=[])
        t, ev = _run(
            t,
            m.Step(
                kind="effect",
                effect={"do": "damage", "n": 3, "psycho_double": True},
                slot=0,
                source="Psycho Assault",
                seat=0,
            ),
        )
        assert any(e.text == f"Psycho Assault: Player 1 suffers {dealt} damage" for e in ev)


# ============================================================== more of §5 and the Psychos
def test_path_of_cruelty_discards_exactly_the_top_card_of_the_deck():
    """Psycho Green's Path of Cruelty (PASSIVE): the first time each Ranger plays a card in
    the battle, they discard the top card of their deck - that one card only."""
    s = _tough(battle(game(), [["psycho:path-of-cruelty#1", LEAP]], pool=3))
    sword = card("jason", "power-sword")
    deck = [card("jason", "block"), card("jason", "team-tactics"), card("jason", "block", 2)]
    s = give(s, 0, hand=[sword], deck=deck)
    s, _ = R.apply(s, 0, m.PlayCard(card=sword, target=1))
    p = s.players[0]
    assert p.deck[:2] == tuple(deck[1:]) and p.discard[0] == deck[0]


def test_each_ranger_in_the_battle_is_asked_to_draw_in_turn():
    """§5.1 Ranger preparation: each Ranger in the battle may draw up to their hand size,
    one at a time; when one stops, the next Ranger is asked - nobody is skipped."""
    s = game()
    s = upd(s, players=tuple(upd(p, hand=p.hand[:3]) for p in s.players))
    asked: list[int] = []
    here = s.locations[0].id
    s = upd(
        s,
        locations=(upd(s.locations[0], fs=((PP, 1),)), *s.locations[1:]),
        players=tuple(upd(p, location=here) for p in s.players),
        phase="action",
        decision=None,
        queue=(),
        focus=0,
    )
    s, _ = R.apply(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind == "prep_draw":
        asked.append(s.decision.asked[0])
        s, _ = R.apply(s, s.decision.asked[0], m.Draw(count=0))
    assert sorted(asked) == [0, 1, 2, 3]


def test_a_reveal_window_asks_each_ranger_holding_a_reveal_reaction():
    """§5.8 Reactions: a defence reveal lets every Ranger in the battle holding a matching
    reaction answer it - Kimberly's Acrobatics (her own reveal) and Cassie's Tough Stuff
    (anyone's): when the first passes, the second is still asked."""
    s = game(rangers=("kimberly", "cassie", "jason", "billy"))
    s = _tough(battle(s, [[LEAP]], seats=(0, 1), pool=0))
    s = give(s, 0, hand=[card("kimberly", "acrobatics")])
    s = give(s, 1, hand=[card("cassie", "tough-stuff")])
    s, _ = _run(s, m.Step(kind="reveal", seat=0, amount=3, source="test"))
    d = s.decision
    assert d is not None and d.kind == "reveal_window" and len(d.asked) == 2
    s, _ = R.apply(s, d.asked[0], m.Pass())
    assert s.decision is not None and s.decision.kind == "reveal_window"
    assert s.decision.asked == d.asked[1:]


def test_flanking_adds_one_to_the_first_card_of_the_sequence_too():
    """Putty Patrollers' Flanking (PASSIVE): each time another enemy card deals damage,
    +1 damage - whichever place that card has, the first one included."""
    flank = "putty_patrollers:flanking#1"
    s = battle(game(), [["putty_patrollers:leaping-attack#1", flank]], pool=0)
    s = give(s, 0, hand=[])
    leap = CAT.enemy_card(LEAP)
    effect = next(e for e in leap.effects if e.do == "damage")
    s, ev = _run(s, m.Step(kind="effect", effect=effect.model_dump(), slot=0, source=leap.name))
    assert any(f"suffers {effect.n + 1} damage" in e.text for e in ev)


def test_a_granted_attack_deals_only_what_its_dice_roll():
    """Cassie's Orbital Dropkick: the free attack it grants rolls 3 dice with no fixed
    hits of its own; the target takes what the dice show (no more)."""
    s = game(rangers=("cassie", "jason", "billy", "zack"))
    s = _tough(battle(s, [[LEAP, LEAP2]], pool=2))
    kick = card("cassie", "orbital-dropkick")
    s = give(s, 0, hand=[kick])
    s, _ = R.apply(s, 0, m.PlayCard(card=kick))
    assert s.battle.granted is not None
    before = s.battle.slots[1].hits
    s, ev = R.apply(s, 0, m.GrantedAttack(target=1))
    while s.decision is not None:
        s, more = R.apply(s, s.decision.asked[0], R.legal_actions(s, s.decision.asked[0])[-1])
        ev = (*ev, *more)
    rolls = [e.data["dice"] for e in ev if e.kind == "dice" and "dice" in e.data]
    assert s.battle.slots[1].hits - before == sum(rolls[-1])


# ============================================================== set-up (§2, expansion)
def test_mastermind_mode_needs_a_second_player():
    """Mastermind Mode, Game Setup: one player is the Mastermind, so a game needs at least
    one Ranger player besides: one name alone is refused, and the refusal says why."""
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="Mastermind Mode needs a Mastermind player"):
        m.Config(names=("Evil",), mode="mastermind")
    assert m.Config(names=("A", "Evil"), mode="mastermind").mastermind_seat == 1


def test_psycho_assault_with_five_rangers_takes_five_psychos():
    """Psycho Assault Mode, Game Setup: five Psycho Rangers at random (all six only with
    six Rangers) - five Rangers get five."""
    s = game(names=("a", "b", "c", "d", "e"), mode="psycho_assault")
    assert len(s.nemeses) == 5 and len({n.id for n in s.nemeses}) == 5
    six = game(names=("a", "b", "c", "d", "e", "f"), mode="psycho_assault")
    assert len(six.nemeses) == 6


def test_a_mixed_team_gets_either_megazord():
    """§2 Setup: a Mighty Morphin team takes the Dino Megazord, a Space team the Mega
    Voyager; a mixed team gets one of the two at random - over a few seeds, both."""
    team = ("jason", "andros", "zack", "carlos")
    got = {game(seed, rangers=team).power.zord_deck[-1] for seed in range(12)}
    assert got == {"dino_megazord", "mega_voyager"}


def test_command_center_tokens_only_with_exactly_four_players():
    """§2 (4 players): the Command Center adds 2 action tokens for the team; with 3 or 5
    players it has none."""
    for n, tokens in ((3, 0), (4, 2), (5, 0)):
        s = game(names=tuple("abcdef"[:n]))
        assert (s.hq_tokens, s.hq_tokens_max) == (tokens, tokens)


def test_the_mastermind_s_draw_says_how_many_schemes():
    """Mastermind Mode, Scheme Cards: at each Action Phase the Mastermind draws 2; the log
    says how many were drawn."""
    s = game(names=("A", "B", "C", "Evil"), mode="mastermind")
    s = upd(s, schemes=())
    ev: list = []
    s = R._draw_schemes(s, 2, "", ev)
    assert len(s.schemes) == 2
    assert any(e.text == "The Mastermind draws 2 Scheme cards" for e in ev)


def test_the_mastermind_deployment_card_offers_the_three_pairs_of_figures():
    """Mastermind Mode, Deployment: a Mastermind deployment card deploys 2 foot soldier
    figures of the Mastermind's choice: two of one type, one of each, two of the other."""
    s = game(names=("A", "B", "C", "Evil"), mode="mastermind")
    s = upd(s, decision=m.Decision(kind="mm_figures", asked=(3,), prompt="figures"))
    a, b = sorted(s.config.foot_soldiers)
    assert R.legal_actions(s, 3) == [
        m.DeployFigures(figures=(a, a)),
        m.DeployFigures(figures=(a, b)),
        m.DeployFigures(figures=(b, b)),
    ]


def test_a_one_row_sequence_is_narrated_with_its_cards():
    """§5.2: the combat sequence laid out is told to the table; a battle of foot soldiers
    alone is a single row, and the line names each of its cards."""
    s, ev = _start(game(), (), fs=((PP, 2),))
    assert {sl.row for sl in s.battle.slots} == {0}
    line = next(e.text for e in ev if e.text.startswith("Combat sequence:"))
    assert all(CAT.enemy_card(sl.card).name in line for sl in s.battle.slots)


# ============================================================== §4.2 power up, §6 Zords
def test_power_up_refills_one_stored_energy_per_ranger_for_a_two_ranger_player():
    """§4.2 power up: a Ranger with no energy stored takes 1; a player who runs two Rangers
    (a one-player game) stores up to 2, one per Ranger, so powering up with none gives 2."""
    s = upd(game(names=("a",)), phase="action", focus=0)
    assert len(s.players[0].rangers) == 2
    s, _ = R.apply(s, 0, m.Move(to=s.locations[0].id))
    s = upd(s, players=(upd(s.players[0], stored=0),))
    s, _ = R.apply(s, 0, m.Move(to="hq", power_up=True))
    assert s.players[0].stored == 2


def test_boundary_the_first_seat_s_zord_goes_to_it_unasked():
    """§6: a summoned Zord goes to its Ranger's player when that Ranger is playing, the
    player in the first seat (seat 0, Jason's Tyrannosaurus) as much as any other."""
    from test_hotg_issue37 import _calm_action, _zords
    from test_hotg_issue37_picks import _with_fs
    from test_hotg_rules import PP, clear_board

    s = _calm_action(_zords(clear_board(game(names=("a", "b", "c", "d"))), 1, "mastodon"))
    s = _with_fs(s, 0, ((PP, 2),))
    s = upd(s, power=upd(s.power, experience=5, zord_deck=("tyrannosaurus", "dino_megazord")))
    s, _ = R.apply(s, 0, m.UseZord(zord="mastodon", location=s.locations[0].id, figure=PP))
    assert s.decision is None and s.power.unclaimed == ()
    assert s.players[0].zords == ("tyrannosaurus",)


# ============================================================== Madame Woe's Teleport
def _woe_battle() -> m.State:
    """Teleport (slot 0), another Madame Woe card (slot 1), a Putty card (slot 2)."""
    cards = ["madame_woe:teleport#1", "madame_woe:braid-lash#1", LEAP]
    return battle(game(), [cards], pool=0)


def test_teleport_keeps_hits_off_the_other_madame_woe_cards_only():
    """Madame Woe's Teleport (card facts): while it is undefeated, the other cards of the
    Madame Woe deck take no hits; it takes hits itself, and a card of another enemy deck
    in the same battle takes them as usual."""
    s = _woe_battle()
    assert R._deal_hits(s, 1, 1, 0, []).battle.slots[1].hits == 0
    assert R._deal_hits(s, 0, 1, 0, []).battle.slots[0].hits == 1
    assert R._deal_hits(s, 2, 1, 0, []).battle.slots[2].hits == 1


# ============================================================== §11 Cassie, Cyber Slash
def test_ready_to_rock_discards_exactly_the_deck_s_top_card():
    """§11 Cassie, Ready to Rock: the chosen Ranger discards the top card of their deck (one
    card: the rest of the deck stays as it was), then puts a discard on top."""
    t = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "cassie"))
    t = battle(t, [[LEAP, LEAP2]], seats=(1,), pool=0)
    deck = t.players[1].deck
    t, _ = R.apply(t, 1, m.UseAbility(ranger="cassie"))
    t, _ = R.apply(t, 1, m.ChooseRanger(seat=1))
    assert t.players[1].deck == deck[1:] and t.players[1].discard[-1] == deck[0]


def test_cyber_slash_asks_each_ranger_in_turn_then_strikes():
    """Cyber Slash (card facts): 3 damage unless a Ranger in the battle discards a card; each
    player in the battle is asked in turn, and when all pass the damage follows."""
    s = battle(game(names=("a", "b", "c", "d")), [[LEAP, LEAP2]], seats=(0, 1))
    effect = {"do": "damage", "n": 3, "unless_discard": True}
    s, _ = _run(s, m.Step(kind="effect", effect=effect, slot=0, source="Cyber Slash"))
    assert s.decision.kind == "cyber_slash" and s.decision.asked == (0, 1)
    s, _ = R.apply(s, 0, m.Pass())
    assert s.decision.kind == "cyber_slash" and s.decision.asked == (1,)
    s, _ = R.apply(s, 1, m.Pass())
    assert (s.decision.kind, s.decision.amount) == ("assign_damage", 3)  # the 3 damage, once


# ============================================================== Ruling PA8 at the CC
def _psychos_fall_at_the_command_center(falling: int) -> m.State:
    """Psycho Assault with Command Center Assault: a battle at the Command Center against
    Psycho Red and Psycho Blue with a foot soldier there; `falling` of them hold their 2
    Psycho cards (the defeat threshold) when the battle is cleaned up."""
    from test_hotg_issue37 import _pa_cca
    from test_hotg_modes import with_psychos

    s = with_psychos(_pa_cca(), "psycho_red", "psycho_blue")
    psycho = CAT.enemy_instances("psycho")
    nemeses = tuple(
        upd(
            n,
            status="deployed",
            under=tuple(c for c in psycho if CAT.enemy_card(c).psycho == n.id)[:2]
            if k < falling
            else (),
        )
        for k, n in enumerate(s.nemeses)
    )
    s = battle(upd(s, nemeses=nemeses), [[LEAP, LEAP2]], seats=(0,))
    both = ("psycho_red", "psycho_blue")
    s = upd(s, battle=upd(s.battle, location="hq", villains=both), hq_villains=both)
    return R._cleanup(upd(s, hq_enemies=(("putty_patrollers", 1),)), [])


def test_boundary_two_psychos_falling_at_the_command_center_make_its_foot_soldiers_flee():
    """Ruling PA8 (Command Center Assault with Psycho Assault): when two Psycho Rangers are
    defeated in one battle at the Command Center its foot soldiers leave; one is not enough."""
    one = _psychos_fall_at_the_command_center(1)
    assert [n.status for n in one.nemeses] == ["defeated", "deployed"]
    assert one.hq_enemies == (("putty_patrollers", 1),)
    two = _psychos_fall_at_the_command_center(2)
    assert [n.status for n in two.nemeses] == ["defeated", "defeated"]
    assert two.hq_enemies == ()


# ============================================================== §5.5 energy
def test_boundary_stored_energy_and_a_token_for_the_pool_need_one_each():
    """§5.5 Energy: a Ranger in the battle moves stored energy into the pool, or flips an
    unused action token for energy: exactly 1 stored energy (or 1 token) is enough, 0 is
    refused naming the rule."""
    s = battle(game(), [[LEAP, LEAP2]], seats=(0,), pool=0)

    def player(stored: int, tokens: int) -> m.State:
        return upd(s, players=(upd(s.players[0], stored=stored, tokens=tokens), *s.players[1:]))

    assert R.check(player(1, 0), 0, m.GiveEnergy()) is None
    assert "no stored energy" in R.check(player(0, 1), 0, m.GiveEnergy()).reason
    assert R.check(player(0, 1), 0, m.FlipToken()) is None
    assert "no unused action token" in R.check(player(1, 0), 0, m.FlipToken()).reason


def test_cc_assault_a_psycho_joining_its_ranger_outside_brings_its_foot_soldiers_there():
    """Ruling PA8 (Command Center Assault with Psycho Assault): only a boss card sends a
    deployment's foot soldiers to the Command Center. A Psycho whose Ranger is at an outer
    location joins that Ranger there, and its deployment's foot soldier goes with it."""
    from test_hotg_issue37 import _pa_cca
    from test_hotg_modes import FS, NEM, _deploy, at, with_psychos

    s = with_psychos(_pa_cca(), "psycho_red")
    a, b = s.locations[0].id, s.locations[1].id
    s = at(s, 0, b)  # Jason, Psycho Red's Ranger
    s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert s.locations[1].villains == ("psycho_red",) and s.locations[1].fs == ((PP, 1),)
    assert s.hq_villains == () and s.hq_enemies == ()


# ============================================================== Path of Frost, the grid
def test_boundary_path_of_frost_caps_the_energy_pool_at_two():
    """Psycho Blue's Path of Frost (card facts, a PASSIVE): while it is in the battle the
    energy pool never holds more than 2; gaining energy stops at exactly 2 (without it the
    pool takes it all)."""
    frost = battle(game(), [["psycho:path-of-frost#1", LEAP]], seats=(0,), pool=1)
    assert R._gain(frost, 1).battle.pool == 2
    assert R._gain(frost, 3).battle.pool == 2
    plain = battle(game(), [[LEAP, LEAP2]], seats=(0,), pool=1)
    assert R._gain(plain, 3).battle.pool == 4


def test_boundary_the_combat_marker_goes_on_one_of_the_nine_grid_spaces():
    """Mastermind Mode, Battle: the combat grid is 3 by 3, so the marker names space 0-8;
    a tenth space is refused before it reaches the rules."""
    import pytest
    from pydantic import ValidationError

    assert m.PlaceMarker(slot=8).slot == 8
    with pytest.raises(ValidationError):
        m.PlaceMarker(slot=9)


def test_cc_assault_the_psycho_boss_deployment_s_foot_soldiers_go_to_the_command_center():
    """Ruling PA8 and base §7: the Psycho Rangers boss card is the boss, so its deployment's
    foot soldiers go to the Command Center with it (where the gathering sends them back to
    the supply), never to the location the card names."""
    from test_hotg_issue37 import _pa_cca
    from test_hotg_modes import FS, _deploy

    s = _pa_cca()
    ids = tuple(n.id for n in s.nemeses)
    s = upd(
        s,
        nemeses=tuple(upd(n, status="deployed", attached_to="jason") for n in s.nemeses),
        locations=(upd(s.locations[0], villains=(ids[0],)), *s.locations[1:]),
        hq_enemies=(),
    )
    a, b = s.locations[0].id, s.locations[1].id
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    s = _deploy(s, FS(b, 2), boss, FS(a), FS(a), FS(a), FS(a))
    ev: list = []
    s = R._deploy_one(s, ev)
    assert set(s.hq_villains) == set(ids)
    assert all(lo.fs == () for lo in s.locations)
    assert ev[0].text == "Deployment: 2 Putty Patrollers to the Command Center"
