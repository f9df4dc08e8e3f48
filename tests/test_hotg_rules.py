"""Heroes of the Grid + Rise of the Psycho Rangers, scenario by scenario.

Sources: the base rules digest (../shared/research/heroes-of-the-grid-base-rules.md, cited
"§N") and the Rise of the Psycho Rangers rulebook (../shared/seeds/, cited by its section
headings). Readings chosen where the
rules are silent are card_data/hotg/RULINGS.md, cited as "Ruling N". Most scenarios build
the battle or board by hand from a real game, so the outcome is fixed by the test.
"""

from __future__ import annotations

import pytest

from tabletop_tui.engine import IllegalAction
from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import HotgHeuristicBot
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.models import Battle, Config, Slot
from tabletop_tui.games.hotg.rules import (
    HotgRules,
    enemy_deck,
    enemy_discard,
    loc_index,
    set_enemy_discard,
    upd,
)

R = HotgRules()
CAT = catalog()


def game(seed: int = 1, **kw) -> m.State:
    return R.new_game(Config(**kw), seed)


def card(ranger: str, name: str, copy: int = 1) -> str:
    return f"{ranger}:{name}#{copy}"


def clear_board(s: m.State) -> m.State:
    return upd(
        s, locations=tuple(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations)
    )


def battle(
    s: m.State,
    enemies: list[list[str]],
    seats=(0,),
    pool: int = 2,
    villains: tuple[str, ...] = (),
    fs: tuple[tuple[str, int], ...] = (("putty_patrollers", 4),),
    turn: str = "rangers",
) -> m.State:
    """A battle at the first outer location, on the Rangers' turn, with this sequence."""
    s = clear_board(s)
    loc = s.locations[0].id
    s = upd(s, locations=(upd(s.locations[0], fs=fs, villains=villains), *s.locations[1:]))
    players = list(s.players)
    for i in seats:
        players[i] = upd(players[i], location=loc)
    s = upd(s, players=tuple(players))
    slots = tuple(
        Slot(card=c, row=r, col=k) for r, row in enumerate(enemies) for k, c in enumerate(row)
    )
    b = Battle(
        location=loc,
        participants=tuple(seats),
        lead=seats[0],
        lead_ranger=s.players[seats[0]].rangers[0],
        slots=slots,
        pool=pool,
        turn=turn,
        villains=villains,
    )
    return upd(s, phase="battle", battle=b, focus=seats[0], decision=None, queue=())


def give(s: m.State, seat: int, hand=None, deck=None, discard=None) -> m.State:
    p = s.players[seat]
    kw = {}
    if hand is not None:
        kw["hand"] = tuple(hand)
    if deck is not None:
        kw["deck"] = tuple(deck)
    if discard is not None:
        kw["discard"] = tuple(discard)
    return upd(s, players=(*s.players[:seat], upd(p, **kw), *s.players[seat + 1 :]))


def play(s, seat, action):
    s2, ev = R.apply(s, seat, action)
    return s2, [e.text for e in ev]


PP = "putty_patrollers"
SP = "super_putty_patrollers"
LEAP = f"{PP}:leaping-attack#1"
LEAP2 = f"{PP}:leaping-attack#2"
FODDER = f"{PP}:cannon-fodder#1"
FLANK = f"{PP}:flanking#1"
ENGULF = f"{SP}:engulf#1"
PUMMEL = f"{SP}:putty-pummel#1"


# ============================================================== setup (§2)
def test_setup_follows_the_player_count_table():
    """§2 Player-count changes: tokens, Command Center energy and the CC tokens per count."""
    s4 = game(names=("a", "b", "c", "d"))
    assert [p.tokens for p in s4.players] == [2] * 4
    assert s4.hq_energy == 4 and s4.hq_tokens == 2
    s3 = game(names=("a", "b", "c"))
    assert [p.tokens for p in s3.players] == [3] * 3 and s3.hq_energy == 4 and s3.hq_tokens == 0
    s5 = game(names=tuple("abcde"))
    assert s5.hq_energy == 3 and s5.players[0].tokens == 2
    six = game(
        names=tuple("abc"), rangers=("jason", "zack", "billy", "trini", "kimberly", "andros")
    )
    assert six.hq_energy == 0 and six.players[0].tokens == 3


def test_two_rangers_per_player_share_a_20_card_deck_and_hand_7():
    """§2 2-player mode: one shared 20-card deck, hand size 7, 2 stored energy (Ruling 5)."""
    s = game(names=("a", "b"))
    p = s.players[0]
    assert len(p.rangers) == 2
    assert len(p.hand) + len(p.deck) + len(p.discard) == 20
    assert len(p.hand) == 7 and p.stored == 2
    assert s.hq_energy == 2 and p.tokens == 3


def test_outer_locations_are_those_of_the_two_foot_soldier_types_in_random_order():
    """§2.2, §2.6: the 4 outer locations belong to the 2 foot soldier types; random clockwise order."""
    orders = set()
    for seed in range(8):
        s = game(seed, foot_soldiers=("putty_patrollers", "quantrons"))
        ids = {lo.id for lo in s.locations}
        assert ids == {"ernies_juice_bar", "angel_grove_park", "surf_spot", "k0_35"}
        orders.add(tuple(lo.id for lo in s.locations))
    assert len(orders) > 1


def test_deployment_deck_has_piles_a_to_d():
    """§2.4: 20 foot soldier cards in 4 piles; monsters in B and C, the boss in D: the boss
    cannot come out in the first round, and no monster in its first 5 deployments (pile A)."""
    for seed in range(10):
        s = game(seed)
        kinds = [c.kind for c in s.deploy_deck]
        assert kinds.count("boss") == 1
        assert sum(c.kind == "fs" for c in s.deploy_deck) == 20
        boss_at = kinds.index("boss")  # pile D: positions 17-22 before the 5-6 cards used
        assert 11 <= boss_at <= 17
        monsters_left = kinds.count("monster")
        assert monsters_left in (1, 2)  # pile A holds none; the 5th card may reveal pile B's
        # the first phase used 5 foot soldier cards, now cycled to the bottom
        assert all(c.kind == "fs" for c in s.deploy_deck[-5:])


def test_foot_soldier_cards_show_1_2_2_2_3_figures_per_back_or_the_easier_reading():
    """Ruling 2: five cards per location back, one of them a 3-figure card (expansion
    rulebook, Mastermind Mode, Game Setup: four 3-figure cards among the 20); by default
    the others show 1, 2, 2, 2 figures (the likeliest printing: the 6-Ranger rule of §2
    turns 1-figure cards into 3), with the easier setting 1, 1, 1, 2."""

    def per_back(s: m.State) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for c in s.deploy_deck:
            if c.kind == "fs":
                out.setdefault(c.back, []).append(c.figures)
        return {k: sorted(v) for k, v in out.items()}

    heavy, light = per_back(game(3)), per_back(game(3, heavy_deployments=False))
    assert len(light) == len(heavy) == 4
    assert all(v == [1, 1, 1, 2, 3] for v in light.values())
    assert all(v == [1, 2, 2, 2, 3] for v in heavy.values())
    # the setting reaches the View, so a bot rebuilding the game from it deals the same cards
    assert R.view(game(3), 0).heavy_deployments
    assert not R.view(game(3, heavy_deployments=False), 0).heavy_deployments


def test_the_first_deployment_is_kept_for_the_log():
    """§4 Round structure: the game starts with a Deployment Phase before anyone acts; its
    narration is kept (State.opening, View.opening) so players see how the board came to
    be."""
    s = game(4)
    opening = R.view(s, 0).opening
    assert opening[0] == "Round 1: Deployment Phase"
    deployed = [t for t in opening if t.startswith("Deployment: ")]
    assert len(deployed) == s.config.deployments_per_round
    assert opening[-1] == "Round 1: Action Phase"


def test_zord_deck_holds_five_zords_and_the_megazord_last():
    """§2.3, §2.6: the Rangers' Zords, topped up to 5, then a Megazord at the bottom."""
    s = game(rangers=("jason", "zack", "billy", "trini"))
    deck = s.power.zord_deck
    assert len(deck) == 6 and deck[-1] == "dino_megazord"
    assert {"tyrannosaurus", "mastodon", "triceratops", "saber_toothed_tiger"} <= set(deck)
    space = game(rangers=("andros", "carlos", "tj", "ashley"))
    assert space.power.zord_deck[-1] == "mega_voyager"


# ============================================================== deployment (§4.1)
def test_foot_soldiers_overflow_clockwise_and_panic_a_full_location():
    """§4.1 example: a location with limit 5 holding 4 figures receives 2: one is placed,
    it panics, the other goes to the next clockwise location with room."""
    s = clear_board(game())
    i = loc_index(s, "ernies_juice_bar") if loc_index(s, "ernies_juice_bar") >= 0 else 0
    lo = s.locations[i]
    limit = CAT.locations[lo.id].figure_limit
    s = upd(
        s,
        locations=tuple(
            upd(x, fs=((PP, limit - 1),)) if k == i else x for k, x in enumerate(s.locations)
        ),
    )
    ev = []
    s = R._place_fs(s, lo.id, PP, 2, ev)
    assert s.locations[i].figures == limit and s.locations[i].panicked
    assert s.locations[(i + 1) % 4].figures == 1
    assert any("PANIC" in e.text for e in ev)


def _with_figures(s: m.State, counts: dict[int, int]) -> m.State:
    return upd(
        s,
        locations=tuple(
            upd(x, fs=((PP, counts[k]),)) if k in counts else x for k, x in enumerate(s.locations)
        ),
    )


def test_boundary_4_1_a_location_at_exactly_its_figure_limit_is_full():
    """§4.1 placement rules, the boundary: the figure count *reaching* the limit makes a
    location full and panics it (one figure short does neither). The View shows it full,
    and the panic check used after a Psycho's placement fires at the limit itself."""
    s = clear_board(game())
    limit = CAT.locations[s.locations[0].id].figure_limit
    s = _with_figures(s, {0: limit, 1: limit - 1})
    view = R.view(s, 0)
    assert view.locations[0].full and not view.locations[1].full
    s = R._check_panic(s, 0, [])
    assert s.locations[0].panicked
    s = R._check_panic(s, 1, [])
    assert not s.locations[1].panicked


def test_boundary_psycho_assault_overflow_goes_clockwise_past_a_full_location():
    """Psycho Assault Mode, Deployment (excess foot soldiers) with §4.1's overflow: a foot
    soldier pushed out of the last outer location goes to the next one clockwise, wrapping
    round to the first; a location holding exactly its limit is skipped."""
    s = clear_board(game())
    limits = [CAT.locations[lo.id].figure_limit for lo in s.locations]
    over = {2: limits[2] + 1, 0: 0}
    skipped = R._assault_overflow(_with_figures(s, {**over, 3: limits[3]}), 2, [])
    assert skipped.locations[2].figures == limits[2]
    assert skipped.locations[3].figures == limits[3]
    assert skipped.locations[0].fs_count == 1
    room = R._assault_overflow(_with_figures(s, {**over, 3: limits[3] - 1}), 2, [])
    assert room.locations[3].figures == limits[3] and room.locations[0].fs_count == 0


def test_boundary_2_six_rangers_take_six_zords_before_the_megazord():
    """§2 and §6, the Zord deck: topped up to 5 Zords, or 6 with 6 Rangers, Megazord last."""
    assert len(game().power.zord_deck) == 5 + 1
    six = game(names=tuple("abcdef")).power.zord_deck
    assert len(six) == 6 + 1 and six[-1] == "dino_megazord"


def test_boundary_4_3_a_player_of_two_rangers_comes_back_with_seven_cards():
    """§4.3 defeat with §2's two-Ranger players: a defeated player who controls two Rangers
    draws a hand of 7 (one who controls one draws 5)."""
    s = game(names=("a", "b"), rangers=("jason", "zack", "billy", "trini"))
    cards = s.players[0].hand + s.players[0].deck
    assert len(cards) > 8
    s = upd(s, players=(upd(s.players[0], hand=cards, deck=(), discard=()), *s.players[1:]))
    s = R._check_defeat(s, 0, [])
    assert len(s.players[0].hand) == 7 and len(s.players[0].deck) == len(cards) - 7


def test_boundary_a_discard_of_no_cards_asks_nothing():
    """§4.2 (a discard of the player's choice): with nothing to discard, no question is
    asked: the state goes on as it was."""
    s = upd(game(), phase="action", decision=None, queue=(), focus=0)
    assert R._ask_discard(s, 0, 0, "test") is s
    empty = upd(s, players=(upd(s.players[0], hand=()), *s.players[1:]))
    assert R._ask_discard(empty, 0, 2, "test") is empty
    asked = R._ask_discard(s, 0, 1, "test")
    assert asked.decision is not None and asked.decision.seat == 0


def test_boundary_astro_megaship_strategize_draws_up_to_exactly_three():
    """Expansion, Astro Megaship: a strategizing Ranger draws up to three cards (three is
    allowed, four is not), then puts that many back on top one at a time (the count goes
    down by one each)."""
    s = game(names=("a", "b", "c", "d"), headquarters="astro_megaship")
    s = upd(s, phase="action", decision=None, queue=(), focus=0)
    s = upd(s, players=(upd(s.players[0], location="hq"), *s.players[1:]))
    s, _ = R.apply(s, 0, m.Recover())
    if s.decision is not None and s.decision.kind == "recover":
        s, _ = R.apply(s, 0, m.Pass())
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=2))
    assert s.decision.kind == "strategize_draw" and len(s.players[2].deck) >= 4
    assert R.check(s, 2, m.Draw(count=4)) is not None
    assert R.check(s, 2, m.Draw(count=3)) is None and R.check(s, 2, m.Draw(count=0)) is None
    s, _ = R.apply(s, 2, m.Draw(count=3))
    for left in (3, 2, 1):
        assert s.decision.kind == "strategize_put" and s.decision.amount == left
        s, _ = R.apply(s, 2, m.Pick(card=s.players[2].hand[0]))
    assert s.decision is None or s.decision.kind != "strategize_put"


def test_boundary_path_of_frost_leaves_a_pool_of_exactly_two_alone():
    """§11 Psycho Blue, Path of Frost, the boundary: the shared pool holds at most 2, so a
    pool of exactly 2 is not drained (nothing to announce); 3 drops to 2."""
    s = game(names=("a", "b"))
    ev = []
    s2 = R._battle_start(battle(s, [["psycho:path-of-frost#1", LEAP]], pool=2, turn="prep"), ev)
    assert s2.battle.pool == 2 and not any("drained" in e.text for e in ev)
    ev = []
    s3 = R._battle_start(battle(s, [["psycho:path-of-frost#1", LEAP]], pool=3, turn="prep"), ev)
    assert s3.battle.pool == 2 and any("drained" in e.text for e in ev)


def test_boundary_6_mega_voyager_refills_to_five_each_action_phase():
    """§6 with the Mega Voyager's card: its shield energy is refilled to 5 when each Action
    Phase begins; with any other Megazord nothing is stored."""
    s = upd(game(), phase="deployment", decision=None, queue=())
    voyager = upd(s, power=upd(s.power, megazord="mega_voyager", voyager=1))
    assert R._start_action_phase(voyager, []).power.voyager == 5
    dino = upd(s, power=upd(s.power, megazord="dino_megazord", voyager=0))
    assert R._start_action_phase(dino, []).power.voyager == 0


def test_boundary_6_summoning_the_mega_voyager_stores_five_energy():
    """§6, the last card of the Zord deck: the Mega Voyager comes in holding 5 energy (its
    shield); the Dino Megazord stores none."""
    for megazord, stored in (("mega_voyager", 5), ("dino_megazord", 0)):
        s = game()
        s = upd(s, power=upd(s.power, zord_deck=(megazord,), megazord="", voyager=0))
        s = R._summon_zord(s, [])
        assert s.power.megazord == megazord and s.power.voyager == stored


def test_monster_skips_panicked_locations_and_panics_its_own():
    """§4.1: a monster sent to a panicked location goes to the next non-panicked one clockwise,
    which becomes panicked."""
    s = clear_board(game())
    s = upd(s, locations=(upd(s.locations[0], panicked=True, fs=((PP, 1),)), *s.locations[1:]))
    s = R._place_villain(
        s, m.DeployCard(kind="monster", back="monster", enemy="bones"), s.locations[0].id, []
    )
    assert "bones" not in s.locations[0].villains
    assert s.locations[1].villains == ("bones",) and s.locations[1].panicked


def test_all_four_outer_locations_panicked_is_a_loss():
    """§3 LOSE: all 4 outer locations panicked at the same moment."""
    s = clear_board(game())
    s = upd(
        s,
        locations=tuple(upd(lo, panicked=k < 3, fs=((PP, 1),)) for k, lo in enumerate(s.locations)),
    )
    s = R._place_villain(
        s, m.DeployCard(kind="monster", back="monster", enemy="bones"), s.locations[3].id, []
    )
    assert s.outcome is not None and s.outcome.winners == ()
    assert "panicked" in s.outcome.summary
    assert R.to_act(s) == frozenset()


def test_a_monster_card_is_revealed_with_the_card_before_it():
    """§4.1 step 2: the next card is a monster: reveal it too; both go to the location on the
    back of the card after it; foot soldiers are placed first."""
    s = clear_board(game())
    target = s.locations[2].id
    deck = (
        m.DeployCard(kind="fs", fs_type=PP, figures=2, back=s.locations[0].id),
        m.DeployCard(kind="monster", back="monster", enemy="bones"),
        m.DeployCard(kind="fs", fs_type=PP, figures=1, back=target),
    )
    s = upd(s, deploy_deck=deck, deploy_discard=())
    s = R._deploy_one(s, [])
    lo = s.locations[2]
    assert lo.fs == ((PP, 2),) and lo.villains == ("bones",) and lo.panicked
    assert len(s.deploy_deck) == 1 and len(s.deploy_discard) == 1


def test_six_rangers_turn_one_figure_cards_into_three():
    """§2 6-Ranger rules: a foot soldier card that would deploy exactly 1 figure deploys 3."""
    s = clear_board(game(names=tuple("abcdef")))
    deck = (
        m.DeployCard(kind="fs", fs_type=PP, figures=1, back="x"),
        m.DeployCard(kind="fs", fs_type=PP, figures=2, back=s.locations[1].id),
    )
    s = R._deploy_one(upd(s, deploy_deck=deck), [])
    assert s.locations[1].fs_count == 3


def test_six_rangers_rule_and_the_count_hold_on_every_deployment_path():
    """§2 6-Ranger rules and §4.1, on both ways the engine deploys (cards in a row, and one
    card asking nothing): a 1-figure card deploys 3, a 2-figure card 2, and each deployment
    counts once towards the round's total."""
    s = clear_board(game(names=tuple("abcdef")))
    deck = (
        m.DeployCard(kind="fs", fs_type=PP, figures=1, back="x"),
        m.DeployCard(kind="fs", fs_type=PP, figures=2, back=s.locations[1].id),
        m.DeployCard(kind="fs", fs_type=PP, figures=2, back=s.locations[2].id),
    )
    s = upd(s, deploy_deck=deck, deployments_done=0)
    row = R._deploy_plain(s, [])
    assert [lo.fs_count for lo in row.locations] == [0, 3, 2, 0] and row.deployments_done == 2
    one = R._deploy_one(s, [], count=True)
    assert [lo.fs_count for lo in one.locations] == [0, 3, 0, 0] and one.deployments_done == 1


def test_foot_soldier_deployment_cards_cycle_under_the_deck():
    """§4.1 end of the phase: the used foot soldier cards go under the deck; the deck never runs out."""
    s = game(3)
    before = len(s.deploy_deck)
    s2 = R._deployment_phase(upd(s, phase="deployment"), [])
    if s2.outcome is None:
        used_villains = sum(c.kind != "fs" for c in s.deploy_deck) - sum(
            c.kind != "fs" for c in s2.deploy_deck
        )
        assert len(s2.deploy_deck) == before - used_villains
        assert s2.deploy_discard == ()


# ============================================================== action phase (§4.2)
def test_move_spends_a_token_and_power_up_refreshes_the_ranger():
    """§4.2 MOVE; power up at the Command Center: shuffle hand and discard into the deck,
    draw 5, take 1 energy."""
    s = game()
    s = upd(s, phase="action", focus=0)
    loc = s.locations[0].id
    s, _ = play(s, 0, m.Move(to=loc))
    assert s.players[0].tokens == 1 and s.players[0].location == loc
    p = s.players[0]
    s = give(s, 0, hand=p.hand[:2], discard=p.hand[2:], deck=p.deck)
    s = upd(s, players=(upd(s.players[0], stored=0), *s.players[1:]))
    s, ev = play(s, 0, m.Move(to="hq", power_up=True))
    p = s.players[0]
    assert p.location == "hq" and len(p.hand) == 5 and p.discard == () and p.stored == 1
    assert any("powers up" in e for e in ev)


def test_no_token_no_action():
    """§4.2: to act, a Ranger flips a face-up action token; without one the move is refused."""
    s = upd(game(), phase="action", focus=0)
    s = upd(s, players=(upd(s.players[0], tokens=0), *s.players[1:]))
    r = R.check(s, 0, m.Move(to=s.locations[0].id))
    assert r is not None and "token" in r.reason
    with pytest.raises(IllegalAction):
        R.apply(s, 0, m.Move(to=s.locations[0].id))


def test_battle_needs_enemies_here():
    """§4.2 BATTLE: only at an outer location holding enemy figures."""
    s = upd(clear_board(game()), phase="action", focus=0)
    s = upd(s, players=(upd(s.players[0], location=s.locations[0].id), *s.players[1:]))
    r = R.check(s, 0, m.StartBattle())
    assert r is not None and r.rule.startswith("BATTLE")


def test_team_chooses_who_acts():
    """§4.2: no turn order: the team picks the acting Ranger (Focus), Ruling 7."""
    s = upd(game(), phase="action", focus=0)
    assert R.to_act(s) == frozenset({0})
    s, _ = play(s, 0, m.Focus(seat=2))
    assert R.to_act(s) == frozenset({2})
    assert R.legal_actions(s, 0) == []


def test_boundary_4_2_focus_passes_to_a_ranger_with_at_least_one_token():
    """§4.2 (Ruling 7): the turn may be handed to another Ranger who still has an action
    token - exactly one is enough, none is not - and never to yourself."""
    s = upd(game(), phase="action", focus=0, hq_tokens=0)
    tokens = {0: 2, 1: 1, 2: 0, 3: 2}
    s = upd(s, players=tuple(upd(p, tokens=tokens[i]) for i, p in enumerate(s.players)))
    focus = sorted(a.seat for a in R.legal_actions(s, 0) if isinstance(a, m.Focus))
    assert focus == [1, 3]
    assert R.check(s, 0, m.Focus(seat=1)) is None
    assert R.check(s, 0, m.Focus(seat=2)) is not None
    assert R.check(s, 0, m.Focus(seat=0)) is not None


def test_boundary_seats_run_to_seven_six_players_and_the_mastermind():
    """§2 (1-6 players) with Mastermind Mode's extra seat: a move may name seats 0 to 6,
    so the seventh seat (the Mastermind at a table of six) is reachable and an eighth is
    not."""
    assert m.Focus(seat=6).seat == 6
    with pytest.raises(ValueError):
        m.Focus(seat=7)


def test_k0_35_side_b_discards_the_deck_top_of_a_ranger_moving_there():
    """Expansion location K0-35, side B: a Ranger who moves there discards the top card of
    their deck - at whichever place round the board it lies, the first one included."""
    s = upd(game(), phase="action", focus=0)
    k0 = upd(s.locations[0], id="k0_35", side_b=True, fs=(), villains=(), panicked=False)
    s = upd(s, locations=(k0, *s.locations[1:]))
    top = s.players[0].deck[0]
    s, _ = play(s, 0, m.Move(to="k0_35"))
    assert s.players[0].discard[-1] == top and top not in s.players[0].deck


def test_mastodon_moves_exactly_one_foot_soldier_to_the_experience_track():
    """§6 Zords, the Mastodon: one foot soldier leaves the chosen location for the experience
    track - one figure off the board, one step up the track."""
    s = upd(clear_board(game()), phase="action", focus=0, decision=None, queue=())
    s = upd(s, players=(upd(s.players[0], zords=("mastodon",)), *s.players[1:]))
    s = upd(s, locations=(upd(s.locations[0], fs=((PP, 2),)), *s.locations[1:]))
    xp = s.power.experience
    s, _ = play(s, 0, m.UseZord(zord="mastodon", location=s.locations[0].id, figure=PP))
    assert s.power.experience == xp + 1 and s.locations[0].fs_count == 1


class _RoundEndOnly(HotgRules):
    """The end of the round without the Deployment Phase that follows it."""

    def _deployment_phase(self, s, ev, **changes):
        return upd(s, **changes)


def test_angel_grove_park_side_b_moves_one_foot_soldier_clockwise_at_round_end():
    """Angel Grove Park, side B (Ruling 9: before the refresh): at the end of the round one
    foot soldier there moves to the next outer location clockwise - one leaves, one
    arrives."""
    s = upd(clear_board(game(1)), phase="action", focus=0, decision=None, queue=())
    park = loc_index(s, "angel_grove_park")
    s = upd(
        s,
        locations=tuple(
            upd(lo, side_b=True, fs=((PP, 2),)) if k == park else lo
            for k, lo in enumerate(s.locations)
        ),
    )
    s = _RoundEndOnly()._end_round(s, [])
    assert s.locations[park].fs_count == 1
    assert s.locations[(park + 1) % 4].fs_count == 1


def test_recover_takes_back_up_to_six_shields():
    """§4.2 RECOVER: discarded cards worth up to 6 shields go back into the deck; +1 energy."""
    s = upd(game(), phase="action", focus=0)
    disc = [card("jason", "power-sword"), card("jason", "block"), card("jason", "block", 2)]
    s = give(s, 0, discard=disc)
    s = upd(s, players=(upd(s.players[0], stored=0), *s.players[1:]))
    deck0 = len(s.players[0].deck)
    s, _ = play(s, 0, m.Recover())
    assert s.decision.kind == "recover" and s.decision.limit == 6
    s, _ = play(s, 0, m.Pick(card=disc[0]))
    s, _ = play(s, 0, m.Pick(card=disc[1]))
    assert s.decision is None  # 3 + 3 = 6: nothing else fits
    p = s.players[0]
    assert len(p.deck) == deck0 + 2 and p.discard == (disc[2],) and p.stored == 1


def test_recover_limit_is_nine_at_ernies_juice_bar_b():
    """§8 Ernie's Juice Bar B side: RECOVER up to 9 shields."""
    s = game(b_sides=("ernies_juice_bar",))
    i = loc_index(s, "ernies_juice_bar")
    s = upd(
        s,
        phase="action",
        focus=0,
        players=(upd(s.players[0], location="ernies_juice_bar"), *s.players[1:]),
    )
    s = give(s, 0, discard=[card("jason", "block")])
    s, _ = play(s, 0, m.Recover())
    assert i >= 0 and s.decision.limit == 9


def test_command_center_tokens_with_four_players_recover_only():
    """§2 4 players: 2 action tokens on the Command Center, for RECOVER only."""
    s = upd(game(), phase="action", focus=0)
    s = upd(s, players=(upd(s.players[0], tokens=0), *s.players[1:]))
    assert R.check(s, 0, m.Recover(hq_token=True)) is None
    s, _ = play(s, 0, m.Recover(hq_token=True))
    assert s.hq_tokens == 1


def test_end_of_round_refreshes_tokens_and_zords_then_deploys():
    """§4 END_OF_ROUND: flip all tokens up, ready exhausted Zords; then the next deployment."""
    s = upd(game(), phase="action", focus=0)
    s = upd(
        s,
        players=tuple(upd(p, tokens=0) for p in s.players),
        power=upd(s.power, exhausted=("mastodon",)),
    )
    s, ev = play(s, 0, m.EndPhase())
    if s.outcome is None:
        assert s.round == 2 and all(p.tokens == 2 for p in s.players)
        assert s.power.exhausted == () and s.hq_tokens == 2
        assert any("Deployment" in e for e in ev)


# ============================================================== battles (§5)
def test_start_battle_prepares_pool_draws_and_sequence():
    """§5.1-5.2: the shared pool gets 2 energy; every Ranger there takes part; draws up to the
    hand size; then the combat sequence (foot soldier row, at most 4 cards)."""
    s = clear_board(game())
    loc = s.locations[0].id
    s = upd(s, locations=(upd(s.locations[0], fs=((PP, 6),)), *s.locations[1:]))
    s = upd(
        s,
        phase="action",
        focus=0,
        players=tuple(upd(p, location=loc) if i < 2 else p for i, p in enumerate(s.players)),
    )
    s = give(s, 1, hand=s.players[1].hand[:3])
    s, _ = play(s, 0, m.StartBattle())
    b = s.battle
    assert b.participants == (0, 1) and b.lead == 0 and b.pool == 2
    assert s.decision.kind == "prep_draw" and s.decision.asked == (1,)
    # one card at a time, choosing after each whether to stop (§5.1)
    assert R.legal_actions(s, 1) == [m.Draw(count=0), m.Draw(count=1)]
    s, _ = play(s, 1, m.Draw(count=1))
    assert len(s.players[1].hand) == 4 and s.decision.kind == "prep_draw"
    s, _ = play(s, 1, m.Draw(count=1))
    assert len(s.players[1].hand) == 5
    assert len(s.battle.slots) == 4 and all(sl.row == 0 for sl in s.battle.slots)


def test_fast_cards_go_left_and_enemies_go_first():
    """§5.2 FAST goes to the left end; §5.3 with a FAST card the enemies take the first turn."""
    s = game()
    row = R._fast_left(s, [PUMMEL, ENGULF, f"{SP}:putty-pummel#2"])
    assert row[0] == ENGULF
    s = battle(s, [[ENGULF, PUMMEL]], fs=((SP, 2),), turn="prep")
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._run(s, [])
    assert s.battle.slots[0].resolved  # Engulf resolved on the enemies' first turn
    assert s.battle.turn == "rangers"


def test_guard_protects_adjacent_cards():
    """§5.6 GUARD: orthogonally adjacent non-GUARD cards cannot be targeted by attacks;
    Arrow Shot ignores GUARD."""
    s = battle(
        game(rangers=("kimberly", "jason", "billy", "zack")), [[LEAP, FODDER, LEAP2]], fs=((PP, 3),)
    )
    s = give(s, 0, hand=[card("kimberly", "flying-kick"), card("kimberly", "arrow-shot")])
    r = R.check(s, 0, m.PlayCard(card=card("kimberly", "flying-kick"), target=0))
    assert r is not None and r.rule.startswith("GUARD")
    assert R.check(s, 0, m.PlayCard(card=card("kimberly", "flying-kick"), target=1)) is None
    assert R.check(s, 0, m.PlayCard(card=card("kimberly", "arrow-shot"), target=0)) is None


def test_attack_hits_defeat_a_card_and_feed_the_experience_track():
    """§5.6: hits >= health defeats the card; a defeated foot soldier's figure goes to the
    experience track."""
    s = battle(game(rangers=("trini", "jason", "billy", "zack")), [[LEAP, LEAP2]], fs=((PP, 2),))
    s = give(s, 0, hand=[card("trini", "precise-strike")])
    xp = s.power.experience
    s, ev = play(s, 0, m.PlayCard(card=card("trini", "precise-strike"), target=0))
    assert s.battle.slots[0].defeated
    assert s.locations[0].fs_count == 1 and s.power.experience == xp + 1
    assert any("DEFEATED" in e for e in ev)


def test_dice_come_from_the_state_rng_and_count_hits():
    """§5.6 Rolling: dice faces are 0/1/2 hits; the same state rolls the same dice."""
    s = battle(game(), [[PUMMEL]], fs=((SP, 1),))
    s = give(s, 0, hand=[card("jason", "lead-the-charge")])
    a = m.PlayCard(card=card("jason", "lead-the-charge"), target=0)
    s1, ev1 = R.apply(s, 0, a)
    s2, ev2 = R.apply(s, 0, a)
    assert ev1 == ev2
    roll = next(e for e in ev1 if e.kind == "dice")
    assert len(roll.data["dice"]) == 2 and all(v in (0, 1, 2) for v in roll.data["dice"])


def test_boundary_mammoth_slam_adds_a_die_from_exactly_four_discards():
    """§5.6 with Mammoth Slam's text: one more die when its player's discard pile holds at
    least 4 cards: exactly 4 adds it, 3 do not."""
    slam = card("zack", "mammoth-slam")
    base = battle(game(rangers=("zack", "jason", "billy", "trini")), [[PUMMEL]], fs=((SP, 1),))
    dice = []
    for n in (3, 4):
        s = give(base, 0, hand=[slam], discard=base.players[0].deck[:n])
        _, ev = R.apply(s, 0, m.PlayCard(card=slam, target=0))
        dice.append(len(next(e for e in ev if e.kind == "dice").data["dice"]))
    assert dice == [2, 3]


def test_boundary_5_7_one_damage_is_suffered_and_none_is_not():
    """§5.7: any damage from 1 up is suffered (the window opens on it); 0 is no damage."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),))
    s = give(s, 0, hand=[card("jason", "block")])
    ev = []
    hurt = R._damage(s, 0, 1, "test", ev)
    assert hurt.decision is not None and any("suffers 1 damage" in e.text for e in ev)
    ev = []
    assert R._damage(s, 0, 0, "test", ev) is s and ev == []


def test_boundary_11_astro_blaster_pays_one_to_exactly_three_energy():
    """§11 Space Rangers, Astro Blaster (X up to 3): X may be 1, 2 or 3 - 3 is allowed,
    0 and 4 are not - whether played on its player's own turn or in answer to a teammate's
    attack (the reaction window)."""
    s = game(names=("a", "b"), rangers=("andros", "carlos", "tj", "ashley"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0, 1), pool=5)
    blaster = card("tj", "astro-blaster")
    strike = card("andros", "pierce-defenses")
    own = give(s, 0, hand=[blaster])
    assert R.check(own, 0, m.PlayCard(card=blaster, x=3)) is None
    offered = {a.x for a in R.legal_actions(own, 0) if getattr(a, "card", None) == blaster}
    assert offered == {1, 2, 3}
    for x in (0, 4):
        assert R.check(own, 0, m.PlayCard(card=blaster, x=x)).rule == "Astro Blaster"
    s = give(give(s, 1, hand=[blaster]), 0, hand=[strike])
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, hits=-50) for sl in s.battle.slots)))
    s, _ = R.apply(s, 0, m.PlayCard(card=strike, target=0))
    assert s.decision.kind == "reaction_window"
    assert R.check(s, 1, m.PlayCard(card=blaster, x=3)) is None
    for x in (0, 4):
        assert R.check(s, 1, m.PlayCard(card=blaster, x=x)).rule == "Astro Blaster"


def test_boundary_phalanx_formation_health_is_the_foot_soldiers_here_at_least_one():
    """§10 enemy cards, Phalanx Formation (health X, X = foot soldiers at this location):
    with 3 foot soldiers here its health is 3; with none it still has 1."""
    phalanx = "quantrons:phalanx-formation#1"
    for here, health in ((3, 3), (0, 1)):
        s = battle(game(), [[phalanx]], fs=(("quantrons", here),) if here else ())
        assert R.health(s, 0) == health


def test_boundary_5_5_a_drain_takes_the_only_card_kind_without_asking():
    """§5.5 Draining, step 3 (Ruling 17: the player picks the card): when the hand holds one
    kind of card only (one card, or copies of one) there is nothing to choose, so it goes
    at once; with two kinds the player is asked."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),), pool=0)
    block = card("jason", "block")
    one = give(s, 0, hand=[block])
    ev = []
    after = R._drain_from(one, 0, 1, "test", ev)
    assert after.decision is None and after.players[0].hand == ()
    assert after.players[0].discard[-1] == block
    two = give(s, 0, hand=[block, card("jason", "lead-the-charge")])
    assert R._drain_from(two, 0, 1, "test", []).decision.kind == "discard_from_hand"


def test_level_headed_turns_up_to_two_dice_of_the_next_attack_into_hits():
    """§11 Space Rangers, T.J.'s Level Headed (once per battle): the next attack turns up to
    2 of its dice into fixed hits (the buff it leaves says 2)."""
    s = battle(game(rangers=("tj", "andros", "carlos", "ashley")), [[LEAP, LEAP2]], pool=5)
    s = R._use_ability(s, 0, "tj", [])
    assert s.battle.buffs.dice_for_hits == 2


def test_shadow_binding_with_one_card_kind_keeps_one_copy_without_asking():
    """Shadow Binding, 2nd printing (all but 1 card discarded, the kept one the player's):
    with copies of one card only there is nothing to choose, so one copy stays in hand and
    the others go."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),))
    copies = [card("jason", "block", 1), card("jason", "block", 2)]
    s = give(s, 0, hand=copies)
    s = R._enemy_discard(s, 0, "hand_keep_one", "test", [])
    assert s.decision is None
    assert s.players[0].hand == (copies[0],) and s.players[0].discard[-1] == copies[1]


def test_swarm_attack_adds_one_damage_per_foot_soldier_at_the_battle():
    """§10 enemy cards, Swarm Attack (1 damage, +1 per foot soldier here): at a location
    with 3 foot soldiers it deals 4, counted from that location's figures."""
    swarm = f"{PP}:swarm-attack#1"
    s = battle(game(), [[swarm]], fs=((PP, 3),))
    s = give(s, 0, hand=[card("jason", "block")])
    s, _ = play(s, 0, m.Pass())
    assert s.decision.kind == "damage_window" and s.decision.amount == 4


def test_eye_lasers_on_a_lone_player_hits_each_of_their_rangers_once():
    """§10 enemy cards, Eye Lasers (3 damage to each of 2 different Rangers), one player in
    the battle: a player with one Ranger takes it once; a player controlling two Rangers
    takes it twice, once for each."""
    eye = "bones:eye-lasers#1"
    for kw, hits in (
        ({}, 1),
        ({"names": ("a", "b"), "rangers": ("jason", "zack", "billy", "trini")}, 2),
    ):
        s = give(battle(game(**kw), [[eye]], fs=((PP, 1),)), 0, hand=[])
        s, ev = play(s, 0, m.Pass())
        assert sum("suffers 3 damage" in e for e in ev) == hits


def test_boundary_cleanup_leftover_energy_goes_one_each_while_it_lasts():
    """§5 clean-up, leftover energy (Ruling 15): 1 stored energy to each Ranger in the
    battle who has none, lead first - a pool of exactly 1 reaches the lead only."""
    s = battle(game(), [[LEAP]], seats=(0, 1), fs=((PP, 1),), pool=1)
    s = upd(s, players=tuple(upd(p, stored=0) for p in s.players))
    s = R._cleanup(s, [])
    assert [p.stored for p in s.players[:2]] == [1, 0]


def test_boundary_tough_stuff_pays_for_shields_with_exactly_one_energy():
    """§5.7 special defence, Tough Stuff's star (pay 1 energy for 2 more shields): a pool of
    exactly 1 pays it; an empty pool cannot."""
    tough = card("cassie", "tough-stuff")
    paid = []
    for pool in (0, 1):
        s = battle(game(rangers=("cassie", "andros", "carlos", "tj")), [[LEAP]], pool=pool)
        s = give(s, 0, hand=[], deck=[tough, card("cassie", "tough-stuff", 2)])
        ev = []
        s = R._reveal(s, 0, 5, "test", ev)
        paid.append((s.battle.pool, any("pay 1 energy" in e.text for e in ev)))
    assert paid == [(0, False), (0, True)]


def test_path_of_venom_takes_one_shield_off_each_revealed_card():
    """§11 Psycho Yellow, Path of Venom: each card revealed for defence counts 1 shield
    less - a 2-shield card no longer stops 2 damage, so 1 damage goes on to the next card."""
    tough = card("cassie", "tough-stuff")
    venom = "psycho:path-of-venom#1"
    left = []
    for row in ([LEAP], [venom, LEAP]):
        s = battle(game(rangers=("cassie", "andros", "carlos", "tj")), [row], pool=0)
        s = give(s, 0, hand=[], deck=[tough, card("cassie", "tough-stuff", 2)])
        s = R._reveal(s, 0, 2, "test", [])
        left.append([q.amount for q in s.queue if q.kind == "reveal"])
    assert left == [[], [1]]


def test_orbital_dropkick_grants_its_player_a_three_dice_attack_with_splash():
    """§11, Cassie's Orbital Dropkick (an attack of 3 dice with splash 1, instead of playing a
    card): it waits for the player who played it, and the attack launched has those dice
    and that splash."""
    s = game(names=("a", "b"), rangers=("cassie", "andros", "carlos", "tj"))
    s = battle(s, [[LEAP, LEAP2]], seats=(0, 1), fs=((PP, 1),))
    s = upd(s, battle=upd(s.battle, granted=(0, 3, 1)))
    assert R.check(s, 0, m.GrantedAttack(target=0)) is None
    other = upd(s, focus=1)
    assert R.check(other, 1, m.GrantedAttack(target=0)).rule == "Orbital Dropkick"
    s, _ = R.apply(s, 0, m.GrantedAttack(target=0))
    assert (s.battle.attack.dice, s.battle.attack.splash) == (3, 1)


def test_boundary_lunar_lance_paid_with_exactly_two_other_cards():
    """Lunar Lance's option (discard 2 hand cards instead of paying its energy): exactly 2
    other cards in hand are enough; with 1 the option is refused."""
    lance = card("carlos", "lunar-lance")
    others = [card("carlos", "meteor-smash"), card("carlos", "rising-moon")]
    s = battle(game(rangers=("carlos", "jason", "billy", "zack")), [[LEAP, LEAP2]], pool=0)
    play_it = m.PlayCard(card=lance, target=0, boost=True)
    assert R.check(give(s, 0, hand=[lance, *others]), 0, play_it) is None
    assert R.check(give(s, 0, hand=[lance, others[0]]), 0, play_it) is not None


def test_enemy_turn_resolves_in_reading_order_and_defeated_cards_do_nothing():
    """§5.3: the active card is the first unresolved in reading order; a defeated card still
    takes its turn but does nothing; then the Rangers' turn."""
    s = battle(game(), [[LEAP, LEAP2]], fs=((PP, 2),))
    s = upd(
        s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], defeated=True), s.battle.slots[1]))
    )
    s, ev = play(s, 0, m.Pass())
    assert s.battle.slots[0].resolved and not s.battle.slots[1].resolved
    assert any("does nothing" in e for e in ev)
    assert s.battle.turn == "rangers"


def test_damage_is_assigned_by_the_team_and_revealed_card_by_card():
    """§5.7: the team picks who takes an untargeted damage; reveal: shields > damage -> bottom;
    = -> discard and stop; < -> discard and continue."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),), seats=(0, 1))
    s = give(
        s,
        1,
        hand=[],
        deck=[
            card("zack", "mammoth-slam"),
            card("zack", "reckless-blow"),
            card("zack", "power-axe"),
        ],
    )
    s = give(s, 0, hand=[])  # no reaction to offer: straight to the reveal
    s, _ = play(s, 0, m.Pass())
    assert s.decision.kind == "assign_damage" and set(s.decision.options) == {0, 1}
    s, ev = play(s, 0, m.ChooseRanger(seat=1))
    p = s.players[1]
    # 3 damage: Mammoth Slam (2) discarded, Reckless Blow (1) = 1 left: discarded, stop
    assert p.discard == (card("zack", "mammoth-slam"), card("zack", "reckless-blow"))
    assert p.deck == (card("zack", "power-axe"),)


def test_block_reduces_damage_before_the_reveal():
    """§5.7 Reductions: Block (reaction) reduces the damage by 3 before any card is revealed."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),))
    deck = s.players[0].deck
    s = give(s, 0, hand=[card("jason", "block")])
    s, _ = play(s, 0, m.Pass())
    assert s.decision.kind == "damage_window" and s.decision.amount == 3
    s, ev = play(s, 0, m.PlayCard(card=card("jason", "block")))
    assert s.decision is None and s.players[0].deck == deck
    assert card("jason", "block") in s.players[0].discard


def test_a_reduced_damage_window_asks_about_what_is_left():
    """§5.7 Reductions: several reducers may be played before the reveal, so after Block the
    window stays open and its question names the damage still to come, not the first amount."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),))
    s = give(s, 0, hand=[card("jason", "block"), card("jason", "block")])
    s = R._damage(s, 0, 5, "test", [])
    assert s.decision.kind == "damage_window" and "5 damage" in s.decision.prompt
    s, _ = play(s, 0, m.PlayCard(card=card("jason", "block")))
    assert s.decision.kind == "damage_window" and s.decision.amount == 2
    assert "2 damage" in s.decision.prompt and "5" not in s.decision.prompt


def test_star_special_defence_resolves_on_reveal():
    """§5.7 Special defence: Mighty Maces' ★ gains 1 energy when revealed for defence."""
    s = battle(
        game(rangers=("billy", "jason", "trini", "zack")), [[LEAP, LEAP2]], fs=((PP, 2),), pool=0
    )
    s = give(s, 0, hand=[], deck=[card("billy", "mighty-maces"), card("billy", "counter-jab")])
    s, ev = play(s, 0, m.Pass())
    assert any("★" in e for e in ev)
    assert s.battle.pool == 1


def test_drain_takes_pool_then_stored_energy_then_cards():
    """§5.5 Draining: the shared pool, then stored energy, then 1 hand card per energy."""
    s = battle(game(), [[ENGULF]], fs=((SP, 1),), pool=0)
    s = upd(s, players=(upd(s.players[0], stored=1), *s.players[1:]))
    s = R._drain(s, 2, "test", [])
    assert s.players[0].stored == 0 and len(s.players[0].hand) == 5
    # the card is the player's choice (Ruling 17): asked, then gone from the hand
    d = s.decision
    assert d.kind == "discard_from_hand" and d.asked == (0,) and d.then == "drain"
    gone = s.players[0].hand[2]
    s, _ = R.apply(s, 0, m.Pick(card=gone))
    assert len(s.players[0].hand) == 4 and s.players[0].discard[-1] == gone


def test_flip_token_adds_two_energy():
    """§5.5: a Ranger in the battle flips an unused action token for 2 energy."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),), pool=0)
    s, _ = play(s, 0, m.FlipToken())
    assert s.battle.pool == 2 and s.players[0].tokens == 1
    s, _ = play(s, 0, m.GiveEnergy())
    assert s.battle.pool == 3 and s.players[0].stored == 0


def test_card_costs_energy_from_the_pool():
    """§5.3, §5.5: a card's cost is paid from the shared pool; too little energy is refused."""
    s = battle(game(), [[PUMMEL]], fs=((SP, 1),), pool=2)
    s = give(s, 0, hand=[card("jason", "power-sword")])
    r = R.check(s, 0, m.PlayCard(card=card("jason", "power-sword"), target=0))
    assert r is not None and "energy" in r.reason


def test_one_card_per_ranger_turn_unless_a_card_allows_more():
    """§5.3: the active Ranger plays 1 attack or maneuver; Team Tactics lets another play."""
    s = battle(game(), [[LEAP, LEAP2, FODDER]], fs=((PP, 3),), seats=(0, 1))
    s = give(s, 0, hand=[card("jason", "team-tactics")])
    s, _ = play(s, 0, m.PlayCard(card=card("jason", "team-tactics")))
    assert s.battle.extra is not None and s.battle.extra.seats == (1,)
    assert R.to_act(s) == frozenset({1})
    assert s.battle.pool == 3


def test_ranger_defeat_respawns_at_the_command_center():
    """§4.3: an empty deck defeats the Ranger: -1 Command Center energy, figure to the CC,
    new deck, 5 cards; the lead token passes on."""
    s = battle(game(), [[LEAP, LEAP2]], fs=((PP, 2),), seats=(0, 1))
    s = give(
        give(s, 0, deck=[card("jason", "team-tactics")], hand=[], discard=s.players[0].hand),
        1,
        hand=[],
    )
    energy = s.hq_energy
    s, _ = play(s, 0, m.Pass())
    s, ev = play(s, 0, m.ChooseRanger(seat=0))
    p = s.players[0]
    assert p.location == "hq" and len(p.hand) == 5 and s.hq_energy == energy - 1
    assert s.battle.participants == (1,) and s.battle.lead == 1
    assert any("DEFEATED" in e for e in ev)


def test_defeat_with_no_command_center_energy_loses():
    """§3 LOSE: a Ranger defeated while the Command Center has 0 energy."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),))
    s = upd(give(s, 0, deck=[card("jason", "team-tactics")], hand=[]), hq_energy=0)
    s, _ = play(s, 0, m.Pass())
    assert s.outcome is not None and s.outcome.winners == ()
    assert "no energy" in s.outcome.summary


def test_last_enemy_card_gives_a_final_ranger_turn_then_clean_up():
    """§5.3 Ending the battle: after the last enemy card resolves, one final Ranger turn."""
    s = battle(game(), [[FODDER]], fs=((PP, 1),))
    s = give(s, 0, hand=[], deck=[card("jason", "power-sword"), *s.players[0].deck])
    s, _ = play(s, 0, m.Pass())
    assert s.battle is not None and s.battle.final and s.battle.turn == "rangers"
    s, ev = play(s, 0, m.Pass())
    assert s.battle is None and s.phase == "action"
    assert any("clean-up" in e for e in ev)


def test_battle_ends_at_once_when_every_enemy_card_is_defeated():
    """§5.3: the battle ends at once if every enemy card is defeated; §5.4 panic removal."""
    s = battle(game(rangers=("trini", "jason", "billy", "zack")), [[LEAP]], fs=((PP, 1),))
    s = upd(s, locations=(upd(s.locations[0], panicked=True), *s.locations[1:]))
    s = give(s, 0, hand=[card("trini", "precise-strike")])
    s, ev = play(s, 0, m.PlayCard(card=card("trini", "precise-strike"), target=0))
    assert s.battle is None and not s.locations[0].panicked
    assert any("no longer panicked" in e for e in ev)


def test_leftover_energy_is_shared_out_at_clean_up():
    """§5.4 step 1: participants take up to 1 stored energy each from the pool (Ruling 15)."""
    s = battle(game(), [[LEAP]], fs=((PP, 1),), seats=(0, 1), pool=3)
    s = upd(s, players=tuple(upd(p, stored=0) for p in s.players))
    s = R._cleanup(s, [])
    assert [p.stored for p in s.players[:2]] == [1, 1] and s.players[2].stored == 0


def test_monster_defeated_with_four_discards_summons_a_zord():
    """§5.4 step 3: a monster with >= 4 cards in its discard pile is defeated: its figure and
    the foot soldiers there leave; a Zord is summoned (§6)."""
    s = battle(game(), [["bones:skeleton-sword#1"], [LEAP]], fs=((PP, 2),), villains=("bones",))
    s = set_enemy_discard(
        s, "bones", ("bones:eye-lasers#1", "bones:eye-lasers#2", "bones:grave-digger-slash#1")
    )
    s = upd(
        s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], defeated=True), s.battle.slots[1]))
    )
    s = R._cleanup(s, [])
    assert s.locations[0].villains == () and s.locations[0].fs == ()
    assert "bones" in s.defeated and s.power.level == 1
    # (its Ranger may be out of the game: then it waits for the team to name a receiver)
    assert sum(len(p.zords) for p in s.players) + len(s.power.unclaimed) == 1


def test_boss_defeated_with_six_discards_wins():
    """§3 WIN, §5.4 step 4: the boss with >= 6 cards in its discard pile at clean-up."""
    s = battle(game(), [["rita_repulsa:cruel-laughter#1"]], fs=(), villains=("rita_repulsa",))
    five = (
        "rita_repulsa:chain-lightning#1",
        "rita_repulsa:chain-lightning#2",
        "rita_repulsa:wicked-hex#1",
        "rita_repulsa:wicked-hex#2",
        "rita_repulsa:witch-s-curse#1",
    )
    s = set_enemy_discard(s, "rita_repulsa", five)
    s = upd(s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], defeated=True),)))
    s = R._cleanup(s, [])
    assert s.outcome is not None and s.outcome.winners == (0, 1, 2, 3)


def test_undefeated_monster_cards_go_back_and_fs_cards_always_do():
    """§5.4 step 2: all foot soldier cards and undefeated monster cards are shuffled back."""
    s = battle(
        game(),
        [["bones:skeleton-sword#1", "bones:eye-lasers#1"], [LEAP]],
        fs=((PP, 1),),
        villains=("bones",),
    )
    s = upd(
        s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], defeated=True), *s.battle.slots[1:]))
    )
    n_pp = len(enemy_deck(s, PP))
    s = R._cleanup(s, [])
    assert enemy_discard(s, "bones") == ("bones:skeleton-sword#1",)
    assert "bones:eye-lasers#1" in enemy_deck(s, "bones")
    assert len(enemy_deck(s, PP)) == n_pp + 1


def test_experience_track_full_summons_a_zord():
    """§6: 6 defeated foot soldiers fill the experience track: reveal a Zord, power +1."""
    s = game()
    s = upd(s, power=upd(s.power, experience=5))
    s = R._gain_experience(s, 1, [])
    assert s.power.experience == 0 and s.power.level == 1
    # (its Ranger may be out of the game: then it waits for the team to name a receiver)
    assert sum(len(p.zords) for p in s.players) + len(s.power.unclaimed) == 1


def test_megazord_arrives_last_and_stops_the_track():
    """§6 Megazord: the last Zord card; afterwards the experience track is no longer used."""
    s = game(rangers=("jason", "zack", "billy", "trini"))
    s = upd(s, power=upd(s.power, zord_deck=("dino_megazord",), level=5))
    s = R._summon_zord(s, [])
    assert s.power.megazord == "dino_megazord" and s.power.level == 6
    s2 = R._gain_experience(s, 6, [])
    assert s2.power.experience == 0 and s2.power == s.power


def test_flanking_adds_one_damage_to_other_cards():
    """§10 Putty Patrollers, Flanking (PASSIVE): damage dealt by other enemy cards is +1."""
    s = battle(game(), [[FLANK, LEAP]], fs=((PP, 2),))
    s = upd(
        s, battle=upd(s.battle, slots=(upd(s.battle.slots[0], resolved=True), s.battle.slots[1]))
    )
    s, _ = play(s, 0, m.Pass())
    d = s.decision
    amount = d.amount
    assert amount == 4  # Leaping Attack 3 + Flanking 1


def test_lion_shield_reflects_hits_to_the_attacker():
    """§10 Knasty Knight, Lion Shield: a Ranger who deals hits to it suffers that damage (Ruling 19)."""
    s = battle(
        game(rangers=("trini", "jason", "billy", "zack")),
        [["knasty_knight:lion-shield#1"]],
        fs=(),
        villains=("knasty_knight",),
    )
    s = give(s, 0, hand=[card("trini", "precise-strike")])
    s, ev = play(s, 0, m.PlayCard(card=card("trini", "precise-strike"), target=0))
    assert any("Lion Shield: Player 1 suffers 2 damage" in e for e in ev)


def test_witch_curse_raises_attack_costs():
    """§10 Rita, Witch's Curse: +1 energy cost (attack cards, Ruling 4)."""
    s = battle(
        game(),
        [["rita_repulsa:witch-s-curse#1", LEAP]],
        fs=((PP, 1),),
        villains=("rita_repulsa",),
        pool=1,
    )
    s = give(s, 0, hand=[card("jason", "tyranno-slash"), card("jason", "team-tactics")])
    assert R.check(s, 0, m.PlayCard(card=card("jason", "tyranno-slash"), target=1)) is not None
    assert R.check(s, 0, m.PlayCard(card=card("jason", "team-tactics"))) is None


# ============================================================== Psycho Rangers: monster version
def test_psycho_monster_setup_deck_and_deployment_cards():
    """Expansion, Monster Version, Game Setup: 1 or 2 Psycho Rangers replace monsters; the
    Psycho deck drops Psycho Assault and the absent Psycho Rangers' weapon and Path: 8 or 10."""
    for n, size in ((1, 8), (2, 10)):
        s = game(psycho_monsters=n)
        assert len(enemy_deck(s, "psycho")) == size
        assert not any(c.startswith("psycho:psycho-assault") for c in enemy_deck(s, "psycho"))
        assert (
            len([c for c in s.deploy_deck if c.kind == "nemesis"])
            + sum(x.status != "set_aside" for x in s.nemeses)
            == n
        )
        assert len(s.nemeses) == n


def test_psycho_card_attached_to_the_lead_and_absent_weapons_go_under():
    """Expansion, Monster Version, Battle: the deployment card is attached to the lead
    Ranger; a weapon/Path of a Psycho Ranger not in the battle goes to the bottom."""
    s = game(psycho_monsters=1)
    nid = s.nemeses[0].id
    other = next(p for p in m.PSYCHOS if p != nid)
    other_weapon = next(
        c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).psycho == other
    )
    s = set_enemy_deck_for_test(s, (other_weapon, *enemy_deck(s, "psycho")))
    s = clear_board(s)
    loc = s.locations[0].id
    s = upd(s, locations=(upd(s.locations[0], villains=(nid,), panicked=True), *s.locations[1:]))
    s = upd(s, phase="action", focus=0, players=(upd(s.players[0], location=loc), *s.players[1:]))
    s = give(s, 0, hand=s.players[0].hand)  # full hand: no draw decision
    s, ev = play(s, 0, m.StartBattle())
    assert s.battle.attached == ((nid, s.players[0].rangers[0]),)
    assert other_weapon not in [sl.card for sl in s.battle.slots]
    assert any("goes to the bottom" in e for e in ev)


def set_enemy_deck_for_test(s, cards):
    from tabletop_tui.games.hotg.rules import set_enemy_deck

    return set_enemy_deck(s, "psycho", tuple(cards))


def test_psycho_effects_resolve_on_the_attached_ranger():
    """Expansion, Battle: 'resolve all effects' resolves the [PSYCHO] effect of the attached
    deployment card (Psycho Red: 4 damage to the attached Ranger)."""
    s = battle(
        game(psycho_monsters=1), [["psycho:psycho-strike#1"]], fs=(), villains=("psycho_red",)
    )
    s = upd(
        s,
        battle=upd(s.battle, attached=(("psycho_red", s.players[0].rangers[0]),)),
        nemeses=(m.Nemesis(id="psycho_red", status="deployed"),),
    )
    s = give(s, 0, hand=[])
    s, ev = play(s, 0, m.Pass())
    assert any("PSYCHO: Psycho Red" in e for e in ev)
    assert any("suffers 4 damage" in e for e in ev)


def test_defeated_psycho_cards_go_under_the_card_and_four_defeat_it():
    """Expansion, Monster Version: defeated Psycho cards go under the deployment card, not a
    discard pile; at 4 the Psycho Ranger is defeated: weapon and Path leave the game, the
    other cards go back into the Psycho deck."""
    s = game(psycho_monsters=1)
    nid = s.nemeses[0].id
    weapon = [c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).psycho == nid]
    shared = ["psycho:psycho-strike#1", "psycho:psycho-strike#2", "psycho:nemesis-drain#1"]
    s = battle(s, [[weapon[0], *shared]], fs=(), villains=(nid,))
    s = upd(s, nemeses=(m.Nemesis(id=nid, status="deployed"),))
    s = upd(s, battle=upd(s.battle, slots=tuple(upd(sl, defeated=True) for sl in s.battle.slots)))
    s = R._cleanup(s, [])
    n = s.nemeses[0]
    assert n.status == "defeated" and n.under == ()
    deck = enemy_deck(s, "psycho")
    assert weapon[0] not in deck and weapon[1] not in deck
    assert all(c in deck for c in shared)
    assert nid in s.defeated and s.locations[0].villains == ()


def test_nemeses_count_as_monsters_for_panic():
    """Expansion, Integrating: nemeses follow the monster deployment and panic rules."""
    s = clear_board(game(psycho_monsters=1))
    nid = s.nemeses[0].id
    s = R._place_villain(
        s, m.DeployCard(kind="nemesis", back="monster", enemy=nid), s.locations[0].id, []
    )
    assert s.locations[0].villains == (nid,) and s.locations[0].panicked
    assert s.nemeses[0].status == "deployed"


# ============================================================== Psycho Rangers: boss version
def test_psycho_boss_setup_five_psychos_and_17_cards():
    """Expansion, Boss Version, Game Setup: 5 random Psycho Rangers; the deck drops the sixth's
    weapon and Path: 17 cards; 6 Rangers use all six and 19 cards."""
    s = game(boss="psycho_rangers")
    assert len(s.nemeses) == 5 and len(enemy_deck(s, "psycho")) == 17
    assert any(c.kind == "psycho_boss" for c in s.deploy_deck)
    six = game(names=tuple("abcdef"), boss="psycho_rangers")
    assert len(six.nemeses) == 6 and len(enemy_deck(six, "psycho")) == 19


def test_psycho_boss_deployment_attaches_all_and_locks_the_location():
    """Expansion, Boss Version, Deployment: every Ranger gets at least one deployment card;
    the figures go to the next card's location; its foot soldiers leave; it is panicked and
    full for the rest of the game."""
    s = clear_board(game(boss="psycho_rangers"))
    s = upd(
        s,
        locations=(upd(s.locations[1], fs=((PP, 2),)), *s.locations[1:]) if False else s.locations,
    )
    s = upd(
        s,
        locations=tuple(
            upd(lo, fs=((PP, 2),)) if k == 1 else lo for k, lo in enumerate(s.locations)
        ),
    )
    s = R._deploy_psycho_boss(s, s.locations[1].id, [])
    lo = s.locations[1]
    assert lo.fs == () and lo.panicked and lo.locked_full and len(lo.villains) == 5
    attached = [n.attached_to for n in s.nemeses]
    assert set(attached) == set(s.config.rangers)
    s2 = R._place_fs(s, lo.id, PP, 1, [])
    assert s2.locations[1].fs == ()  # full for the rest of the game


def test_psycho_boss_battle_two_rows_of_three_and_two_defeat_each():
    """Expansion, Boss Version, Battle: two rows of three; [PSYCHO] effects of every
    deployment card attached to Rangers there; a Psycho Ranger with 2 cards under its
    deployment card is defeated; all defeated wins."""
    s = clear_board(game(boss="psycho_rangers"))
    s = R._deploy_psycho_boss(s, s.locations[0].id, [])
    loc = s.locations[0].id
    s = upd(s, phase="action", focus=0, players=(upd(s.players[0], location=loc), *s.players[1:]))
    s, _ = play(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind == "prep_draw":
        s, _ = play(s, s.decision.asked[0], m.Draw(count=0))
    b = s.battle
    if b is not None:
        assert b.layout == "psycho_boss"
        assert sorted({(sl.row, sl.col) for sl in b.slots}) == [
            (r, c) for r in range(2) for c in range(3)
        ]
        me = s.players[0].rangers[0]
        assert all(r == me for _, r in b.attached)
    # defeat: 2 cards under -> defeated; all defeated -> win
    s = battle(
        s,
        [["psycho:psycho-strike#1", "psycho:psycho-strike#2"]],
        fs=(),
        villains=tuple(n.id for n in s.nemeses),
    )
    s = upd(
        s,
        battle=upd(
            s.battle,
            layout="psycho_boss",
            slots=tuple(upd(sl, defeated=True) for sl in s.battle.slots),
        ),
    )
    s = upd(
        s,
        nemeses=(upd(s.nemeses[0], under=()), *(upd(n, status="defeated") for n in s.nemeses[1:])),
    )
    s = R._cleanup(s, [])
    assert s.nemeses[0].status == "defeated"
    assert s.outcome is not None and s.outcome.winners


def test_psycho_boss_absent_weapon_of_defeated_psycho_goes_under():
    """Expansion, Boss Version, Defeating: a weapon/Path of a defeated Psycho Ranger drawn
    goes to the bottom and the next card is drawn."""
    s = game(boss="psycho_rangers")
    nid = s.nemeses[0].id
    weapon = next(c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).psycho == nid)
    s = set_enemy_deck_for_test(s, (weapon, "psycho:psycho-strike#1"))
    got, s2 = R._draw_from(s, "psycho", 1, {n.id for n in s.nemeses[1:]}, [])
    assert got == ["psycho:psycho-strike#1"] and enemy_deck(s2, "psycho") == (weapon,)


# ============================================================== boards and options
def test_astro_megaship_gives_a_free_recover_but_no_power_up():
    """Expansion, Astro Megaship: moving there gives a free RECOVER; no power up."""
    s = upd(game(headquarters="astro_megaship"), phase="action", focus=0)
    s = upd(s, players=(upd(s.players[0], location=s.locations[0].id), *s.players[1:]))
    s = give(s, 0, discard=[card("jason", "block")])
    assert R.check(s, 0, m.Move(to="hq", power_up=True)) is not None
    s, _ = play(s, 0, m.Move(to="hq"))
    assert s.decision is not None and s.decision.kind == "recover"
    assert s.players[0].tokens == 1


def test_k0_35_b_side_discards_the_top_card_when_moving():
    """§8 K0-35 B: moving to or from it discards the top card of the deck."""
    s = game(foot_soldiers=("quantrons", "putty_patrollers"), b_sides=("k0_35",))
    s = upd(s, phase="action", focus=0)
    deck = len(s.players[0].deck)
    s, ev = play(s, 0, m.Move(to="k0_35"))
    assert len(s.players[0].deck) == deck - 1 and any("K0-35" in e for e in ev)


def test_command_center_assault_enemy_at_the_cc_loses_at_end_of_phase():
    """§7 Command Center B: enemies at the Command Center at the end of the Action Phase lose."""
    s = upd(
        game(headquarters="command_center_assault"), phase="action", focus=0, hq_enemies=((PP, 1),)
    )
    s, _ = play(s, 0, m.EndPhase())
    assert s.outcome is not None and "Command Center" in s.outcome.summary


def test_hidden_hands_show_only_your_own():
    """Issue #6 co-op hot-seat: hands are open to the team by default; the option hides them."""
    s = game()
    assert all(p.hand is not None for p in R.view(s, 0).players)
    h = game(hidden_hands=True)
    v = R.view(h, 1)
    assert v.players[1].hand is not None and v.players[0].hand is None
    assert v.players[0].hand_count == len(h.players[0].hand)


def test_config_rejects_bad_team_sizes():
    """§2: 1-6 players, 2-6 Rangers, 1 or 2 Rangers each; Psycho Rangers are monsters or boss."""
    with pytest.raises(ValueError):
        Config(names=("a", "b", "c"), rangers=("jason", "zack"))
    with pytest.raises(ValueError):
        Config(psycho_monsters=1, boss="psycho_rangers")
    with pytest.raises(ValueError):
        Config(foot_soldiers=("quantrons", "quantrons"))


# ============================================================== whole games
@pytest.mark.parametrize(
    "kw", [{}, {"boss": "psycho_rangers"}, {"psycho_monsters": 2}, {"names": ("solo",)}]
)
def test_an_all_bot_game_finishes(kw):
    """Issue #6: a whole game with every seat played by the cooperative bot must finish."""
    import random

    bot = HotgHeuristicBot()
    s = game(5, **kw)
    for step in range(4000):
        if R.outcome(s):
            break
        seat = next(iter(R.to_act(s)))
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(step))
        s, _ = R.apply(s, seat, a)
    assert R.outcome(s) is not None
    assert R.to_act(s) == frozenset()


def test_view_describes_board_battle_and_decision():
    """The View carries every field the screens need (board, power board, battle grid)."""
    s = battle(game(), [[LEAP, FODDER]], fs=((PP, 2),))
    v = R.view(s, 0)
    assert len(v.locations) == 4 and v.locations[0].figures == 2
    assert v.battle is not None and len(v.battle.cards) == 2
    assert v.battle.cards[0].active and v.battle.cards[0].targetable is False  # guarded
    assert v.experience_max == 6 and v.hq_energy == s.hq_energy
    assert v.next_deploy_back
    assert R.describe(m.PlayCard(card=card("jason", "block"))) == "Play Block"


def test_hidden_hands_views_do_not_leak():
    """Issue #6 hidden-hands option: a seat's view is the same whatever the other seats hold
    (conformance kit check, run here on the option the default config leaves off)."""
    import random

    from conformance import check_views_do_not_leak, random_playout

    class HiddenHands(HotgRules):
        def default_config(self, names=None):
            return Config(hidden_hands=True)

    rules = HiddenHands()
    altered = sum(check_views_do_not_leak(rules, random_playout(rules, seed)) for seed in range(3))
    assert altered > 0
    s = game(hidden_hands=True)
    variant = rules.hidden_variant(s, 0, random.Random(1))
    assert R.view(variant, 0) == R.view(s, 0)


def test_a_reaction_card_answers_a_trigger_once():
    """§5.8 reactions (any number per trigger) and Ruling 30: two Telekinesis cannot fetch
    each other back forever."""
    s = battle(
        game(rangers=("andros", "jason", "billy", "zack")), [[LEAP]], fs=((PP, 1),), turn="prep"
    )
    t1, t2 = card("andros", "telekinesis"), card("andros", "telekinesis", 2)
    s = give(s, 0, hand=[t1, t2], discard=[card("andros", "spiral-saber")])
    s = upd(s, queue=(m.Step(kind="start_turns"),))
    s = R._open_window(s, "battle_start", [])
    assert s.decision.kind == "reaction_window" and s.decision.asked == (0,)
    s, _ = play(s, 0, m.PlayCard(card=t1))
    assert s.decision.kind == "choose_ranger" and s.decision.then == "telekinesis"
    s, _ = play(s, 0, m.ChooseRanger(seat=0))
    assert card("andros", "spiral-saber") in s.players[0].hand
    s, _ = play(s, 0, m.PlayCard(card=t2))
    s, _ = play(s, 0, m.ChooseRanger(seat=0))
    assert t1 in s.players[0].hand  # fetched back by the second copy...
    r = R.check(s, 0, m.PlayCard(card=t1))
    assert r is not None and "once" in r.reason  # ...but it cannot answer this trigger again
    s, _ = play(s, 0, m.Pass())
    assert s.decision is None and s.battle.turn == "rangers"


def test_command_center_assault_battle_at_the_command_center():
    """§7 Command Center B: Rangers at the Command Center can battle the enemies there."""
    s = upd(
        game(headquarters="command_center_assault"), phase="action", focus=0, hq_enemies=((PP, 2),)
    )
    assert R.check(s, 0, m.StartBattle()) is None
    s, _ = play(s, 0, m.StartBattle())
    while s.decision is not None and s.decision.kind == "prep_draw":
        s, _ = play(s, s.decision.asked[0], m.Draw(count=0))
    assert s.battle is not None and s.battle.location == "hq"
    assert len(s.battle.slots) == 2
    assert R.view(s, 0).hq_enemies == ((PP, 2),)


def test_a_ranger_defeated_by_their_own_card_s_cost_keeps_the_card():
    """§4.3: a Ranger whose deck empties is defeated at once, even by Reckless Blow's boost
    (discard the top card of your deck); the respawn shuffles hand and discard pile into a
    new deck, and the card played still goes to the discard pile. (It used to vanish: Zack
    ended a game with 9 cards.)"""
    s = game(2)
    assert s.players[1].rangers == ("zack",)
    cards = list(CAT.deck_instances("zack"))
    blow = card("zack", "reckless-blow")
    rest = [c for c in cards if c != blow]
    s = battle(s, [[FODDER]], seats=(1, 0))
    s = give(s, 1, hand=[blow, *rest[:4]], deck=rest[4:5], discard=rest[5:])
    energy = s.hq_energy
    s, log = play(s, 1, m.PlayCard(card=blow, target=0, boost=True))
    p = s.players[1]
    assert any("Player 2 is DEFEATED" in t for t in log)
    assert s.hq_energy == energy - 1 and p.location == "hq" and 1 not in s.battle.participants
    assert p.discard == (blow,)
    assert sorted((*p.deck, *p.hand, *p.discard)) == sorted(cards)


def test_copies_of_a_card_are_offered_once_and_named_by_the_first_copy():
    """Ruling 31: with Knowledge Is Power #2 before #1 in hand, the move plays #2; naming
    #1 is refused with the ruling, so the legal moves and the checks agree."""
    s = game(2)
    first, second = card("billy", "knowledge-is-power", 2), card("billy", "knowledge-is-power", 1)
    s = battle(s, [[FODDER]], seats=(2,))
    s = give(s, 2, hand=[first, card("billy", "mighty-maces"), second])
    plays = [a for a in R.legal_actions(s, 2) if isinstance(a, m.PlayCard)]
    assert [a.card for a in plays].count(first) == 1
    assert second not in {a.card for a in plays}
    assert R.check(s, 2, m.PlayCard(card=first)) is None
    no = R.check(s, 2, m.PlayCard(card=second))
    assert no is not None and "Ruling 31" in no.rule and first in no.reason


def test_a_card_that_defeats_the_last_enemy_still_goes_to_the_discard_pile():
    """Base rules §5.3-5.4: a played card goes to its Ranger's discard pile once it resolves,
    also when it defeats the last enemy card and the battle goes straight to clean-up. (The
    card used to vanish: seed 0 lost one of Cy's cards in round 1.) No card leaves a
    Ranger's 10-card deck, hand and discard pile over whole bot-played games."""
    from tabletop_tui.engine.bots import bot_rng

    rules = HotgRules()
    bot = HotgHeuristicBot()
    for seed in range(4):
        s = rules.new_game(Config(names=("A", "B", "C", "D")), seed)
        for step in range(3000):
            if rules.outcome(s) is not None:
                break
            seat = min(rules.to_act(s))
            action = bot.choose(
                rules.view(s, seat), rules.legal_actions(s, seat), seat, bot_rng(seed, step, seat)
            )
            s, _ = rules.apply(s, seat, action)
            if s.phase == "action":
                for p in s.players:
                    assert len(p.deck) + len(p.hand) + len(p.discard) == 10 * len(p.rangers), (
                        seed,
                        step,
                        p.name,
                    )
