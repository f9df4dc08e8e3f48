"""Heroes of the Grid: the expansion's two extra modes, rule by rule.

Spec: the Rise of the Psycho Rangers rulebook (../shared/seeds/
heroes-of-the-grid-psycho-rangers-rulebook.txt), sections "Mastermind Mode" and "Psycho
Assault Mode"; each test's docstring cites its section by name.
Readings where the rulebook is silent are card_data/hotg/RULINGS.md ("Ruling MMn" / "PAn").
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tabletop_tui.engine import IllegalAction
from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.bot import HotgHeuristicBot
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.mastermind_bot import HotgMastermindBot
from tabletop_tui.games.hotg.models import Battle, Config, DeployCard, Slot
from tabletop_tui.games.hotg.rules import HotgRules, enemy_deck, set_enemy_deck, upd

sys.path.insert(0, str(Path(__file__).parent))
from conformance import (  # noqa: E402
    action_pool,
    check_determinism,
    check_illegal_rejected,
    check_save_load_replay,
    check_views_do_not_leak,
    random_playout,
)

R = HotgRules()
CAT = catalog()
MM = 3  # the Mastermind's seat in these games (names A, B, C, Evil)
Q = "quantrons"
PP = "putty_patrollers"


def mm_game(seed: int = 1, **kw) -> m.State:
    kw.setdefault("names", ("A", "B", "C", "Evil"))
    return R.new_game(Config(mode="mastermind", **kw), seed)


def calm(s: m.State, schemes=()) -> m.State:
    """An Action Phase with nothing pending: no decision, an empty board."""
    return upd(
        s,
        decision=None,
        queue=(),
        phase="action",
        deploying=(),
        deploy_target="",
        focus=0,
        schemes=tuple(schemes),
        battle=None,
        locations=tuple(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations),
    )


def play(s, seat, action):
    s2, ev = R.apply(s, seat, action)
    return s2, [e.text for e in ev]


def settle(s: m.State) -> m.State:
    """Let the Rangers decline every question (reactions, Cyber Slash, damage choices)."""
    for _ in range(200):
        if s.outcome is not None or s.decision is None or MM in R.to_act(s):
            return s
        seat = next(iter(R.to_act(s)))
        legal = R.legal_actions(s, seat)
        pick = next((a for a in legal if isinstance(a, m.Pass)), None)
        pick = pick or next((a for a in legal if isinstance(a, m.Draw) and a.count == 0), None)
        s, _ = R.apply(s, seat, pick or legal[0])
    raise AssertionError("the Rangers' questions do not end")


def qcard(name: str, copy: int = 1) -> str:
    return f"{Q}:{name}#{copy}"


def grid_battle(s: m.State, cells: dict[tuple[int, int], str], marker: int = 0) -> m.State:
    """A Mastermind battle at the first location, on the Rangers' turn, with this grid."""
    loc = s.locations[0].id
    s = upd(
        s,
        locations=(upd(s.locations[0], fs=((Q, 4),)), *s.locations[1:]),
        players=(upd(s.players[0], location=loc), *s.players[1:]),
    )
    slots = tuple(Slot(card=c, row=r, col=k) for (r, k), c in cells.items())
    b = Battle(
        location=loc,
        participants=(0,),
        lead=0,
        lead_ranger=s.players[0].rangers[0],
        slots=slots,
        pool=2,
        turn="rangers",
        layout="grid",
        marker=marker,
        grid_window_done=True,
    )
    return upd(s, phase="battle", battle=b, focus=0)


# ============================================================== Mastermind Mode: Game Setup
def test_the_mastermind_is_the_last_seat_and_the_others_play_the_rangers():
    """Mastermind Mode, Game Setup: choose which player will be the Mastermind player."""
    s = mm_game()
    assert R.seat_count(s.config) == 4
    assert s.config.mastermind_seat == MM
    assert len(s.players) == 3 and [p.name for p in s.players] == ["A", "B", "C"]
    v = R.view(s, 0)
    assert v.mode == "mastermind" and v.mastermind_seat == MM
    with pytest.raises(ValueError):
        Config(names=("Evil",), mode="mastermind")


def test_scheme_deck_of_ten_and_a_starting_hand_of_three():
    """Mastermind Mode, Game Setup: shuffle the ten scheme cards; the Mastermind draws three."""
    s = mm_game()
    every = s.schemes + s.scheme_deck + s.scheme_discard
    assert sorted(every) == sorted(CAT.scheme_instances()) and len(every) == 10
    d = s.decision
    # the first question is a deployment choice (hand still 3) or the first Action Phase's
    # hand limit (3 + 2 drawn)
    assert d is not None and d.asked == (MM,)
    assert len(s.schemes) == (3 if d.kind.startswith("mm_") else 5)


def test_mastermind_deployment_cards_replace_the_three_figure_cards():
    """Mastermind Mode, Game Setup: the four 3-figure foot soldier deployment cards are
    replaced by the four Mastermind deployment cards."""
    s = R.new_game(Config(names=("A", "B", "C", "Evil"), mode="mastermind"), 3)
    cards = [*s.deploy_deck, *s.deploy_discard, *s.deploying]
    fs = [c for c in cards if c.kind in ("fs", "mm")]
    assert len(fs) == 20
    assert sum(c.kind == "mm" for c in fs) == 4
    assert not any(c.kind == "fs" and c.figures == 3 for c in fs)
    # the standard game keeps them
    std = R.new_game(Config(names=("A", "B", "C")), 3)
    assert sum(c.kind == "fs" and c.figures == 3 for c in std.deploy_deck) == 4


# ============================================================== Mastermind Mode: Deployment
def _deck(s: m.State, *cards: DeployCard) -> m.State:
    return upd(s, deploy_deck=tuple(cards), deploy_discard=(), deployments_done=0)


def FS(back: str, n: int = 1, kind: str = PP) -> DeployCard:
    return DeployCard(kind="fs", fs_type=kind, figures=n, back=back)


MMCARD = DeployCard(kind="mm", back="mastermind", figures=2)


def test_mastermind_chooses_the_location_when_the_next_card_is_a_mastermind_card():
    """Mastermind Mode, Deployment: whenever the card after the one just revealed is a
    Mastermind card, the Mastermind picks which outer location this deployment targets."""
    s = calm(mm_game())
    a, b = s.locations[0].id, s.locations[2].id
    s = _deck(s, FS(a, 2), MMCARD, FS(a, 1), FS(a, 1), FS(a, 1), FS(a, 1), FS(a, 1))
    s = R._deployment_phase(s, [])
    d = s.decision
    assert d.kind == "mm_location" and R.to_act(s) == {MM}
    assert set(R.view(s, MM).decision.locations) == {lo.id for lo in s.locations}
    r = R.check(s, MM, m.ChooseLocation(location="hq"))
    assert r is not None and "Deployment" in r.rule
    s, _ = play(s, MM, m.ChooseLocation(location=b))
    assert dict(s.locations[2].fs) == {PP: 2}  # the 2 figures went where the Mastermind chose
    # now the Mastermind card itself: 2 figures of the Mastermind's choice, to the next back
    assert s.decision.kind == "mm_figures"
    s, ev = play(s, MM, m.DeployFigures(figures=(PP, "super_putty_patrollers")))
    # 1 + 1 from the Mastermind card, then 3 more 1-figure cards there
    assert dict(s.locations[0].fs) == {PP: 4, "super_putty_patrollers": 1}
    assert any("Mastermind deployment: Putty Patrollers, Super Putty" in e for e in ev)


def test_mastermind_figures_must_be_foot_soldiers_of_this_game():
    """Mastermind Mode, Deployment: the Mastermind chooses any two foot soldier figures."""
    s = calm(mm_game())
    a = s.locations[0].id
    s = _deck(s, MMCARD, FS(a), FS(a), FS(a), FS(a), FS(a))
    s = R._deployment_phase(s, [])
    assert s.decision.kind == "mm_figures"
    assert len(R.legal_actions(s, MM)) == 3
    with pytest.raises(IllegalAction):
        R.apply(s, MM, m.DeployFigures(figures=(Q, Q)))


def test_mastermind_cards_are_discarded_and_cycled_with_the_foot_soldier_cards():
    """Mastermind Mode, Deployment: Mastermind cards go to the discard pile and at the end of
    each Deployment Phase are shuffled with the foot soldier discards under the deck."""
    s = calm(mm_game())
    a = s.locations[0].id
    boss = DeployCard(kind="boss", back="boss", enemy="rita_repulsa")
    s = _deck(s, MMCARD, FS(a), FS(a), FS(a), FS(a), FS(a), boss)
    s = R._deployment_phase(s, [])
    s, _ = play(s, MM, m.DeployFigures(figures=(PP, PP)))
    assert s.phase == "action"
    assert s.deploy_discard == ()
    assert s.deploy_deck[:2] == (FS(a), boss)
    assert sorted(c.kind for c in s.deploy_deck[2:]) == ["fs"] * 4 + ["mm"]


# ============================================================== Mastermind Mode: Victory and Defeat
def _all_full(s: m.State) -> m.State:
    return upd(
        s,
        locations=tuple(
            upd(lo, fs=((PP, CAT.locations[lo.id].figure_limit),), panicked=True)
            for lo in s.locations
        ),
    )


def test_all_four_panicked_discards_the_command_center_energy_first():
    """Mastermind Mode, Victory and Defeat: four panicked outer locations are no instant
    loss here; once the Deployment Phase ends in that state, the energy left on the Command
    Center is thrown away instead, and only an empty Command Center means defeat."""
    s = _all_full(calm(mm_game()))
    a = s.locations[0].id
    s = upd(_deck(s, *[FS(a)] * 6), hq_energy=3)
    s = R._deployment_phase(s, [])
    assert s.outcome is None and s.hq_energy == 0
    s = _deck(upd(s, decision=None, phase="deployment"), *[FS(a)] * 6)
    s = R._deployment_phase(s, [])
    assert s.outcome is not None and s.outcome.winners == (MM,)


def test_standard_mode_still_loses_at_once_when_all_four_panic():
    """Standard mode is unchanged (base rules: all four panicked is a loss)."""
    s = R.new_game(Config(names=("A", "B", "C")), 1)
    s = _all_full(upd(s, locations=tuple(upd(lo, panicked=False) for lo in s.locations)))
    s = R._check_all_panicked(s, [])
    assert s.outcome is not None and s.outcome.winners == ()


def test_rangers_winning_lists_only_the_ranger_seats():
    """Mastermind Mode: the Rangers and the Mastermind play against each other."""
    s = R._win(calm(mm_game()), "test", [])
    assert s.outcome.winners == (0, 1, 2)


# ============================================================== Mastermind Mode: Battle (the grid)
def _start(s: m.State, deck_top: list[str], fs=((Q, 4),)) -> m.State:
    """Seat 0 starts a battle at the first location holding these foot soldiers."""
    loc = s.locations[0].id
    s = upd(
        s,
        locations=(upd(s.locations[0], fs=fs), *s.locations[1:]),
        players=(upd(s.players[0], location=loc), *s.players[1:]),
    )
    rest = [c for c in enemy_deck(s, Q) if c not in deck_top]
    s = set_enemy_deck(s, Q, (*deck_top, *rest))
    s, _ = play(s, 0, m.StartBattle())
    return settle(s)


def qgame(seed: int = 1) -> m.State:
    return calm(mm_game(seed, foot_soldiers=(Q, PP)))


def test_each_drawn_card_is_placed_by_the_mastermind_on_an_empty_space():
    """Mastermind Mode, Battle: as each enemy card is drawn the Mastermind chooses its
    space; each card must be placed in an empty space."""
    s = _start(qgame(), [qcard("q-blades"), qcard("q-blades", 2)], fs=((Q, 2),))
    d = s.decision
    assert d.kind == "grid_place" and R.to_act(s) == {MM}
    g = R.view(s, 0).battle.grid
    assert g.placing == "Q-Blades" and g.to_place == 2 and all(c.legal for c in g.cells)
    s, _ = play(s, MM, m.PlaceCard(row=1, col=1))
    r = R.check(s, MM, m.PlaceCard(row=1, col=1))
    assert r is not None and "empty space" in r.reason and "Mastermind Mode" in r.rule
    assert len(R.legal_actions(s, MM)) == 8
    g = R.view(s, 0).battle.grid
    assert not g.cells[4].legal and g.cells[4].slot == 0


def test_adjacency_is_orthogonal_with_no_gap():
    """Mastermind Mode, Battle: only cards directly next to each other (vertically or
    horizontally), with no empty space between, are adjacent (for GUARD and effects)."""
    s = grid_battle(
        qgame(),
        {
            (0, 0): qcard("q-blades"),
            (0, 2): qcard("q-blades", 2),
            (1, 0): qcard("phalanx-formation"),
            (1, 1): qcard("q-blades", 3),
        },
    )
    v = R.view(s, 0)
    by = {(c.row, c.col): c for c in v.battle.cards}
    assert set(by[(0, 0)].adjacent) == {by[(1, 0)].slot}  # (0,2) is not: a gap between
    assert set(by[(1, 0)].adjacent) == {by[(0, 0)].slot, by[(1, 1)].slot}
    assert by[(0, 2)].adjacent == ()
    # GUARD (Phalanx Formation) protects its neighbours only
    assert not by[(0, 0)].targetable and not by[(1, 1)].targetable
    assert by[(0, 2)].targetable
    r = R.check(s, 0, m.PlayCard(card=s.players[0].hand[0], target=by[(0, 0)].slot))
    assert r is not None


def test_never_more_than_nine_cards_on_the_grid():
    """Mastermind Mode, Battle: draws beyond the first nine cards are ignored."""
    s = qgame()
    loc = s.locations[0].id
    s = upd(
        s,
        locations=(upd(s.locations[0], fs=((Q, 4),), villains=("bones", "pudgy_pig")),),
        monsters=("bones", "pudgy_pig"),
    )
    s = upd(s, locations=(s.locations[0], *calm(mm_game()).locations[1:]))
    s = upd(s, players=(upd(s.players[0], location=loc), *s.players[1:]))
    s = set_enemy_deck(s, "bones", CAT.enemy_instances("bones"))
    s = set_enemy_deck(s, "pudgy_pig", CAT.enemy_instances("pudgy_pig"))
    s = upd(s, scheme_deck=())
    before = sum(len(c) for _, c in s.enemy_decks)
    s, _ = play(s, 0, m.StartBattle())
    s = settle(s)
    if s.decision.kind == "scheme_window":  # a Scheme drawn for the monster battle
        s, _ = play(s, MM, m.Pass())
    assert s.decision.kind == "grid_place"
    assert len(s.battle.to_place) == 9
    assert sum(len(c) for _, c in s.enemy_decks) == before - 9


def test_marker_on_a_fast_card_gives_the_mastermind_the_first_turn():
    """Mastermind Mode, Battle: the Mastermind places the combat marker on a card of their
    choice, and only takes the first turn if that card is FAST."""
    for slot, first in ((0, "enemies"), (1, "rangers")):
        s = _start(qgame(), [qcard("cyber-slash"), qcard("q-blades")], fs=((Q, 2),))
        s, _ = play(s, MM, m.PlaceCard(row=0, col=0))
        s, _ = play(s, MM, m.PlaceCard(row=0, col=1))
        assert s.decision.kind == "marker"
        assert all(c.marker_option for c in R.view(s, 0).battle.grid.cells if c.slot >= 0)
        s, ev = play(s, MM, m.PlaceMarker(slot=slot))
        s = settle(s)
        if first == "enemies":
            assert s.battle.slots[0].resolved  # Cyber Slash already resolved
        else:
            assert s.battle.turn == "rangers" and not any(sl.resolved for sl in s.battle.slots)


def test_the_rulebooks_combat_grid_example_step_by_step():
    """Mastermind Mode, Combat Grid Example: four Quantrons; Cyber Slash (top row, FAST)
    first; the marker to Phalanx Formation in the centre (A), defeated by the Rangers (B),
    resolves with nothing (C); then to Q-Blades bottom right, attacked but not defeated (D);
    then to the last card, Priority Target (E); the Rangers defeat Cyber Slash (F); Priority
    Target resolves and the Rangers take the final turn. (The Rangers' attacks are set on the
    grid directly: the dice are not the point of the example.)"""
    cs, pf, qb, pt = (
        qcard("cyber-slash"),
        qcard("phalanx-formation"),
        qcard("q-blades"),
        qcard("priority-target"),
    )
    s = qgame(4)
    s = upd(s, hq_energy=9, players=tuple(upd(p, deck=p.deck * 3) for p in s.players))
    s = _start(s, [cs, pf, qb, pt])
    for row, col in ((0, 1), (1, 1), (2, 2), (0, 0)):  # as drawn: CS, PF, QB, PT
        s, _ = play(s, MM, m.PlaceCard(row=row, col=col))
    CS, PF, QB, PT = 0, 1, 2, 3
    assert s.decision.kind == "marker"
    s, ev = play(s, MM, m.PlaceMarker(slot=CS))  # FAST: the Mastermind goes first
    assert any("FAST" in e for e in ev)
    s = settle(s)  # Cyber Slash resolves (the Rangers do not discard to cancel it)
    assert s.battle.slots[CS].resolved
    # after the enemy turn the Mastermind moves the marker: PT and PF are both nearest
    assert s.decision.kind == "marker" and set(s.decision.options) == {PF, PT}
    r = R.check(s, MM, m.PlaceMarker(slot=QB))
    assert r is not None and "nearest" in r.reason
    s, _ = play(s, MM, m.PlaceMarker(slot=PF))  # (A)
    assert s.battle.turn == "rangers" and s.battle.marker == PF
    s = upd(
        s,
        battle=upd(
            s.battle,
            slots=tuple(
                upd(sl, defeated=True) if k == PF else sl for k, sl in enumerate(s.battle.slots)
            ),
        ),
    )  # (B) the Rangers defeat Phalanx Formation
    s, _ = play(s, 0, m.Pass())
    s = settle(s)
    assert s.battle.slots[PF].resolved  # (C) it resolves with nothing
    assert s.decision.kind == "marker" and set(s.decision.options) == {QB, PT}
    s, _ = play(s, MM, m.PlaceMarker(slot=QB))
    s = upd(
        s,
        battle=upd(
            s.battle,
            slots=tuple(upd(sl, hits=1) if k == QB else sl for k, sl in enumerate(s.battle.slots)),
        ),
    )  # (D) attacked, not defeated
    s, _ = play(s, 0, m.Pass())
    s = settle(s)  # Q-Blades resolves; the marker goes to the last card by itself (E)
    assert s.battle.slots[QB].resolved and s.battle.marker == PT
    assert s.decision is None and s.battle.turn == "rangers"
    s = upd(
        s,
        battle=upd(
            s.battle,
            slots=tuple(
                upd(sl, defeated=True) if k == CS else sl for k, sl in enumerate(s.battle.slots)
            ),
        ),
    )  # (F) the Rangers defeat Cyber Slash
    s, _ = play(s, 0, m.Pass())
    s = settle(s)  # Priority Target resolves: the Rangers' final turn
    assert s.battle.slots[PT].resolved and s.battle.final and s.battle.turn == "rangers"
    s, ev = play(s, 0, m.Pass())
    assert s.battle is None and any("clean-up" in e for e in ev)


def test_the_enemy_turn_resolves_the_card_under_the_marker_not_reading_order():
    """Mastermind Mode, Battle: during each enemy turn resolve the card under the marker."""
    s = grid_battle(
        qgame(), {(0, 0): qcard("q-blades"), (2, 2): qcard("priority-target")}, marker=1
    )
    s = upd(s, battle=upd(s.battle, turn="enemies"))
    s = settle(R._run(s, []))
    assert s.battle.slots[1].resolved and not s.battle.slots[0].resolved


# ============================================================== Mastermind Mode: Scheme Cards
def test_two_schemes_at_each_action_phase_and_the_hand_limit_of_three():
    """Mastermind Mode, Scheme Cards: two more at the start of each Action Phase; over three,
    discard cards of the Mastermind's choice down to three."""
    s = calm(mm_game(), schemes=())
    s = upd(s, scheme_deck=CAT.scheme_instances(), scheme_discard=())
    s = R._start_action_phase(s, [])
    assert len(s.schemes) == 2 and s.decision is None
    s = R._start_action_phase(s, [])
    assert len(s.schemes) == 4 and s.decision.kind == "scheme_discard"
    assert R.to_act(s) == {MM}
    s, _ = play(s, MM, m.DiscardScheme(card=s.schemes[0]))
    assert len(s.schemes) == 3 and len(s.scheme_discard) == 1 and s.decision is None
    assert s.phase == "action" and R.to_act(s) == {0}


def test_the_discard_question_counts_down_as_the_mastermind_discards():
    """Mastermind Mode, Scheme Cards: five in hand, two to discard; after the first the
    question asks for the one left (it said two until the hand was down to three)."""
    s = calm(mm_game(), schemes=())
    s = upd(s, schemes=CAT.scheme_instances()[:3], scheme_deck=CAT.scheme_instances()[3:])
    s = R._start_action_phase(s, [])
    assert len(s.schemes) == 5 and s.decision.amount == 2
    assert "discard 2 Scheme cards" in s.decision.prompt
    s, _ = play(s, MM, m.DiscardScheme(card=s.schemes[0]))
    assert len(s.schemes) == 4 and s.decision.amount == 1
    assert "discard 1 Scheme card " in s.decision.prompt


def test_the_scheme_deck_is_reshuffled_from_the_discards():
    """Mastermind Mode, Scheme Cards: if the scheme deck runs out, shuffle the discards."""
    s = calm(mm_game(), schemes=())
    allc = CAT.scheme_instances()
    s = upd(s, scheme_deck=allc[:1], scheme_discard=allc[1:])
    s = R._draw_schemes(s, 2, "", [])
    assert len(s.schemes) == 2 and s.scheme_discard == () and len(s.scheme_deck) == 8


def test_one_scheme_when_the_rangers_battle_a_monster_or_boss():
    """Mastermind Mode, Scheme Cards: the Mastermind draws one more Scheme whenever the
    Rangers start a battle where a monster or the boss stands (not for foot soldiers only)."""
    s = qgame()
    s = upd(s, scheme_deck=CAT.scheme_instances(), scheme_discard=())
    loc = s.locations[0].id
    s1 = upd(
        s,
        locations=(upd(s.locations[0], fs=((Q, 1),)), *s.locations[1:]),
        players=(upd(s.players[0], location=loc), *s.players[1:]),
    )
    s2, _ = play(s1, 0, m.StartBattle())
    assert len(s2.schemes) == 0
    s3 = upd(s1, locations=(upd(s1.locations[0], villains=("bones",)), *s1.locations[1:]))
    s3 = upd(s3, enemy_decks=(*s3.enemy_decks, ("bones", CAT.enemy_instances("bones"))))
    s4, _ = play(s3, 0, m.StartBattle())
    assert len(s4.schemes) == 1


def _window(s: m.State, hand: list[str]) -> m.State:
    return upd(s, schemes=tuple(hand))


def test_schemes_only_at_their_timing_and_one_per_window():
    """Mastermind Mode, Scheme Cards: each scheme card indicates when it can be played, and
    the Mastermind cannot play multiple schemes in response to the same effect."""
    s = qgame()
    sap, tough = "scheme:sap-energy#1", "scheme:toughen-up#1"
    s = _start(_window(s, [sap, tough, "scheme:toughen-up#2"]), [qcard("q-blades")], fs=((Q, 1),))
    # before the grid: nothing in hand fits, so no window opens (Ruling MM6)
    assert s.decision.kind == "grid_place"
    s, _ = play(s, MM, m.PlaceCard(row=1, col=1))
    s, _ = play(s, MM, m.PlaceMarker(slot=0))
    s = settle(s)
    d = s.decision
    assert d.kind == "scheme_window" and d.trigger == "before_first_turn"
    r = R.check(s, MM, m.PlayScheme(card=sap))
    assert r is not None and "Scheme Cards" in r.rule
    mine = R.view(s, MM).schemes
    assert {x.id: x.playable for x in mine} == {
        sap: False,
        tough: True,
        "scheme:toughen-up#2": True,
    }
    s, ev = play(s, MM, m.PlayScheme(card=tough, target=0))
    assert R.health(s, 0) == 3 and R.view(s, 0).battle.cards[0].toughened == 1
    assert s.decision is None or s.decision.kind != "scheme_window"  # the window closed
    assert tough in s.scheme_discard


def test_sap_energy_drains_at_the_end_of_a_ranger_turn():
    """Scheme Sap Energy: at the end of any Ranger turn in a battle, drain 1 energy."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=("scheme:sap-energy#1",), battle=upd(s.battle, pool=3))
    s, _ = play(s, 0, m.Pass())
    assert s.decision.kind == "scheme_window" and s.decision.trigger == "end_ranger_turn"
    s, _ = play(s, MM, m.PlayScheme(card="scheme:sap-energy#1"))
    assert s.battle.pool == 2


def test_foul_the_odds_rerolls_all_dice_of_an_attack():
    """Scheme Foul the Odds: when any Ranger makes an attack, they reroll all their dice."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(s, schemes=("scheme:foul-the-odds#1",), battle=upd(s.battle, pool=6))
    attack = next(
        a
        for a in R.legal_actions(s, 0)
        if isinstance(a, m.PlayCard) and CAT.card(a.card).type == "attack" and CAT.card(a.card).dice
    )
    s, _ = play(s, 0, attack)
    s = settle(s)
    assert s.decision.kind == "scheme_window" and s.decision.trigger == "ranger_attack"
    first = s.battle.attack.rolled
    rng_before = s.rng
    s2, ev = play(s, MM, m.PlayScheme(card="scheme:foul-the-odds#1"))
    assert any("rerolls all dice" in e for e in ev)
    assert s2.rng != rng_before and len(s2.battle.last_roll if s2.battle else first) == len(first)


def test_shatter_defenses_takes_a_shield_off_the_revealed_card():
    """Scheme Shatter Defenses: when any Ranger reveals a card for defense, that card counts
    1 shield less."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    deck = s.players[0].deck
    top = next(c for c in deck if CAT.card(c).shields == 2 and not CAT.card(c).defense)
    s = upd(
        s, players=(upd(s.players[0], deck=(top, *[c for c in deck if c != top])), *s.players[1:])
    )
    s = upd(s, schemes=("scheme:shatter-defenses#1",))
    s = R._reveal(s, 0, 2, "test", [])
    assert s.decision.kind == "scheme_window" and s.decision.trigger == "defense_reveal"
    s, _ = play(s, MM, m.PlayScheme(card="scheme:shatter-defenses#1"))
    s = settle(s)
    # 2 shields - 1 = 1 against 2 damage: the card is discarded and 1 more card is revealed
    assert top in s.players[0].discard


def test_mastermind_orders_a_scheme_and_a_ranger_effect_resolving_at_once():
    """Mastermind Mode, Scheme Cards: a Scheme and a Ranger's card resolving together are
    put in order by the Mastermind."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    d = m.Decision(
        kind="reveal_window",
        prompt="",
        asked=(),
        seat=0,
        amount=2,
        card=s.players[0].deck[0],
        limit=2,
        double=True,
        malus=1,
    )
    s = R._settle_reveal(s, d, [])
    assert s.decision.kind == "order_effects" and R.to_act(s) == {MM}
    # against 2 damage: (2-1)*2 = 2 shields absorb it, the card is discarded; 2*2-1 = 3
    # shields stop it and the card goes to the bottom of the deck (§5.7)
    s_first = R.apply(s, MM, m.OrderEffects(scheme_first=True))[0]
    s_last = R.apply(s, MM, m.OrderEffects(scheme_first=False))[0]
    assert d.card in s_first.players[0].discard
    assert d.card not in s_last.players[0].discard


def test_insidious_doubt_discards_a_random_card_from_one_ranger():
    """Scheme Insidious Doubt: before the first turn, one Ranger discards a random card."""
    s = grid_battle(qgame(), {(1, 1): qcard("q-blades")})
    s = upd(
        s,
        schemes=("scheme:insidious-doubt#1",),
        queue=(m.Step(kind="scheme_window", ref="before_first_turn"),),
    )
    s = R._run(s, [])
    n = len(s.players[0].hand)
    s, _ = play(s, MM, m.PlayScheme(card="scheme:insidious-doubt#1", seat=0))
    assert len(s.players[0].hand) == n - 1 and len(s.players[0].discard) == 1


def test_dark_tactics_peeks_and_returns_cards_top_or_bottom():
    """Scheme Dark Tactics: before the grid is prepared, peek at the top 2 cards of any enemy
    deck and return each to the top or bottom, in any order; only the Mastermind sees them."""
    s = qgame()
    dt = "scheme:dark-tactics#1"
    s = _start(_window(s, [dt]), [qcard("q-blades"), qcard("cyber-slash")], fs=((Q, 1),))
    assert s.decision.trigger == "before_grid"
    s, _ = play(s, MM, m.PlayScheme(card=dt, deck=Q))
    assert s.decision.kind == "dark_tactics"
    assert R.view(s, MM).decision.peeked == ("Q-Blades", "Cyber Slash")
    assert R.view(s, 0).decision.peeked == () and R.view(s, 0).decision.picked == ()
    assert len(R.legal_actions(s, MM)) == 6
    s, _ = play(s, MM, m.Arrange(top=(qcard("cyber-slash"),), bottom=(qcard("q-blades"),)))
    assert s.battle.to_place == (qcard("cyber-slash"),)
    assert enemy_deck(s, Q)[-1] == qcard("q-blades")


# ============================================================== hidden information
def test_the_scheme_hand_is_hidden_from_the_rangers():
    """Mastermind Mode, Game Setup: the scheme hand belongs to the Mastermind (ARCHITECTURE:
    hidden information is shown only to the seat it belongs to)."""
    s = mm_game()
    for seat in (0, 1, 2, None):
        v = R.view(s, seat)
        assert v.schemes is None and v.scheme_count == len(s.schemes)
        assert "scheme:" not in v.model_dump_json().replace('"scheme_discard"', "")
    mine = R.view(s, MM)
    assert [x.id for x in mine.schemes] == list(s.schemes)
    variant = R.hidden_variant(s, 0, random.Random(5))
    assert R.view(variant, 0) == R.view(s, 0)


# ============================================================== bots and the kit
def _bot_game(mode: str, seed: int, names=("A", "B", "C", "Evil")) -> m.State:
    s = R.new_game(Config(names=names, mode=mode), seed)
    bot, rng = HotgHeuristicBot(), random.Random(seed)
    for _ in range(20000):
        if s.outcome is not None:
            return s
        seat = min(R.to_act(s))
        s, _ = R.apply(s, seat, bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, rng))
    raise AssertionError("the bot game does not end")


@pytest.mark.parametrize("seed", range(6))
def test_all_bot_mastermind_games_finish(seed):
    """Mastermind Mode: every seat, the Mastermind included, can be a bot."""
    s = _bot_game("mastermind", seed)
    assert s.outcome is not None


def test_mastermind_bot_only_answers_with_legal_actions():
    s = mm_game(2)
    bot = HotgMastermindBot()
    assert R.to_act(s) == {MM}
    a = bot.choose(R.view(s, MM), R.legal_actions(s, MM), MM, random.Random(0))
    assert R.check(s, MM, a) is None


class MastermindRules(HotgRules):
    """The registered hotg rules with a Mastermind Mode default (the kit plays defaults)."""

    mode = "mastermind"

    def default_config(self, names=None):
        if self.mode == "mastermind":
            return Config(names=("A", "B", "C", "Evil"), mode="mastermind")
        return Config(names=("A", "B", "C", "D"), mode=self.mode)


@pytest.fixture(scope="module")
def mm_playouts():
    rules = MastermindRules()
    return rules, [random_playout(rules, seed) for seed in range(8)]


def test_conformance_kit_in_mastermind_mode(mm_playouts, tmp_path):
    """The engine contract (tests/conformance.py) with the Mastermind's hidden hand."""
    rules, ps = mm_playouts
    pool = action_pool(rules, ps)
    assert sum(check_illegal_rejected(rules, p, pool) for p in ps) > 50
    for p in ps:
        check_determinism(rules, p)
    check_save_load_replay(rules, ps[0], tmp_path)
    altered = sum(check_views_do_not_leak(rules, p, every=2) for p in ps)
    assert altered > 0  # the Scheme hand really is re-dealt for the Rangers


# ============================================================== Psycho Assault Mode
class NoDeploy(HotgRules):
    """Setup only: the first Deployment Phase is left undone, to inspect the decks."""

    def _deployment_phase(self, s, ev):
        return s


def pa_game(seed: int = 1, names=("A", "B", "C"), deploy: bool = False, **kw) -> m.State:
    rules = R if deploy else NoDeploy()
    return rules.new_game(Config(names=names, mode="psycho_assault", **kw), seed)


def pa_calm(s: m.State) -> m.State:
    return upd(
        s,
        phase="action",
        decision=None,
        queue=(),
        battle=None,
        locations=tuple(upd(lo, fs=(), villains=(), panicked=False) for lo in s.locations),
        players=tuple(upd(p, location="hq") for p in s.players),
    )


def NEM(nid: str) -> DeployCard:
    return DeployCard(kind="nemesis", back="monster", enemy=nid)


def with_psychos(s: m.State, *nids: str) -> m.State:
    """These Psycho Rangers are the ones in play (weapons and Paths set aside)."""
    aside = tuple(c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).psycho in nids)
    return upd(s, nemeses=tuple(m.Nemesis(id=n) for n in nids), psycho_aside=aside)


def at(s: m.State, seat: int, loc: str) -> m.State:
    return upd(
        s, players=tuple(upd(p, location=loc) if i == seat else p for i, p in enumerate(s.players))
    )


def test_assault_setup_deployment_piles_and_a_seven_card_enemy_deck():
    """Psycho Assault Mode, Game Setup: five Psycho deployment cards at random, one in pile A,
    two in B, two in C, the boss card in D; the enemy deck holds seven cards, the chosen
    Psycho Rangers' weapons and Paths set aside (the sixth's removed)."""
    s = pa_game(3)
    d = s.deploy_deck
    assert len(d) == 26 and s.monsters == () and s.boss == "psycho_rangers"
    piles = (d[:6], d[6:13], d[13:20], d[20:])
    assert [sum(c.kind == "nemesis" for c in p) for p in piles] == [1, 2, 2, 0]
    assert [c.kind for c in piles[3]].count("psycho_boss") == 1
    assert not any(c.kind in ("monster", "boss") for c in d)
    assert len(enemy_deck(s, "psycho")) == 7
    chosen = {n.id for n in s.nemeses}
    assert len(chosen) == 5 and len(s.psycho_aside) == 10
    assert {CAT.enemy_card(c).psycho for c in s.psycho_aside} == chosen
    assert "rita_repulsa" not in dict(s.enemy_decks)


def test_assault_with_six_rangers_uses_all_six_two_per_pile():
    """Psycho Assault Mode, With Six Rangers: two Psycho cards each into piles A, B and C."""
    s = pa_game(2, names=("A", "B", "C", "D", "E", "F"))
    d = s.deploy_deck
    piles = (d[:7], d[7:14], d[14:21], d[21:])
    assert [sum(c.kind == "nemesis" for c in p) for p in piles] == [2, 2, 2, 0]
    assert len(s.nemeses) == 6 and len(s.psycho_aside) == 12


def _deploy(s: m.State, *cards: DeployCard) -> m.State:
    s = upd(s, deploy_deck=tuple(cards), deploy_discard=(), deployments_done=0)
    return upd(s, config=upd(s.config, deployments_per_round=4))


def test_a_psycho_hunts_the_ranger_of_its_colour_and_brings_its_weapon():
    """Psycho Assault Mode, Deployment: attach the card to a Ranger of its colour, place the
    figure (with the deployment's other figures) in that Ranger's location, and put its
    weapon card on top of the Psycho enemy deck."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red", "psycho_blue")
    a, b, c = (lo.id for lo in s.locations[:3])
    s = at(s, 0, c)  # Jason (red) at the third location
    s = _deploy(s, FS(a, 2), NEM("psycho_red"), FS(b), FS(b), FS(b), FS(b))
    s = R._deploy_one(s, [])
    red = next(n for n in s.nemeses if n.id == "psycho_red")
    assert red.attached_to == "jason" and red.status == "deployed"
    assert "psycho_red" in s.locations[2].villains and s.locations[2].fs_count == 2
    assert CAT.enemy_card(enemy_deck(s, "psycho")[0]).name == "Psycho Sword"
    assert not s.locations[2].panicked  # no automatic panic for a Psycho deployment
    v = R.view(s, 0)
    assert v.players[0].rangers[0].psycho_attached == ("psycho_red",)


def test_no_ranger_of_its_colour_then_the_team_chooses_one_without_a_psycho_card():
    """Psycho Assault Mode, Deployment: with no Ranger of the Psycho's colour in play, its
    card goes to a Ranger still without a Psycho card - the team picks which; if that
    Ranger is at the Command Center the Psycho goes to the card's target location."""
    s = with_psychos(pa_calm(pa_game()), "psycho_green", "psycho_pink")
    a = s.locations[0].id
    s = upd(
        s,
        nemeses=(upd(s.nemeses[0], status="deployed", attached_to="jason"), s.nemeses[1]),
    )
    s = _deploy(s, FS(a), NEM("psycho_pink"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert s.decision is not None and s.decision.kind == "psycho_attach"
    assert set(s.decision.rangers) == set(s.config.rangers) - {"jason"}  # Jason has one
    seat = next(iter(R.to_act(s)))
    assert R.check(s, seat, m.AttachPsycho(ranger="jason")) is not None
    s, _ = R.apply(s, seat, m.AttachPsycho(ranger="billy"))
    pink = next(n for n in s.nemeses if n.id == "psycho_pink")
    assert pink.attached_to == "billy"
    assert "psycho_pink" in s.locations[0].villains  # Billy is at the Command Center
    assert s.deploy_ranger == ""  # the choice was for this Psycho only


def test_a_single_ranger_of_its_colour_takes_the_card_without_asking():
    """Psycho Assault Mode, Deployment: the card goes to a Ranger of the Psycho's colour -
    with only one such Ranger nobody is asked."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    a = s.locations[0].id
    s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert s.decision is None
    red = next(n for n in s.nemeses if n.id == "psycho_red")
    assert red.attached_to == "jason"


def test_a_psycho_from_the_command_center_case_passes_panicked_locations():
    """Psycho Assault Mode, Deployment: with its Ranger at the Command Center the Psycho
    goes where the next card's back points, as a normal deployment does; the expansion's
    introduction has nemeses follow the monster rules for panicked locations, so (base
    §4.1) it goes on clockwise to the first location not panicked. Its foot soldiers
    still go to the card's location."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    a = s.locations[0].id
    s = upd(s, locations=(upd(s.locations[0], fs=((PP, 1),), panicked=True), *s.locations[1:]))
    s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert "psycho_red" not in s.locations[0].villains
    assert s.locations[0].fs_count == 2  # the deployment's foot soldier went there
    assert "psycho_red" in s.locations[1].villains
    assert not s.locations[1].panicked  # one Psycho does not panic a location


def test_a_psycho_joins_its_ranger_even_in_a_panicked_location():
    """Psycho Assault Mode, Deployment: the Psycho is placed in its Ranger's own location,
    panicked or not (the mode's own placement rule, not the card's target)."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    a, c = s.locations[0].id, s.locations[2].id
    s = upd(
        s,
        locations=(
            *s.locations[:2],
            upd(s.locations[2], fs=((PP, 1),), panicked=True),
            *s.locations[3:],
        ),
    )
    s = at(s, 0, c)
    s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), FS(a), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert "psycho_red" in s.locations[2].villains


def test_a_psycho_over_the_figure_limit_pushes_foot_soldiers_clockwise():
    """Psycho Assault Mode, Deployment: the Psycho is placed even over the figure limit;
    excess foot soldiers move to the next outer location clockwise that is not full."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    lo0 = s.locations[0]
    limit = CAT.locations[lo0.id].figure_limit
    s = upd(s, locations=(upd(lo0, fs=((PP, limit),)), *s.locations[1:]))
    s = at(s, 0, lo0.id)
    s = _deploy(s, FS(lo0.id), NEM("psycho_red"), FS(lo0.id), FS(lo0.id), FS(lo0.id))
    s = R._deploy_one(s, [])
    assert "psycho_red" in s.locations[0].villains
    assert s.locations[0].figures == limit  # 1 + limit foot soldiers + the Psycho, less 2
    assert s.locations[1].fs_count == 2


def test_two_psychos_in_one_location_panic_it():
    """Psycho Assault Mode, Deployment: any time two or more Psycho Rangers occupy the same
    location, it becomes panicked."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red", "psycho_black")
    a = s.locations[0].id
    s = at(at(s, 0, a), 1, a)
    s = _deploy(s, FS(a), NEM("psycho_red"), FS(a), NEM("psycho_black"), FS(a), FS(a))
    s = R._deploy_one(s, [])
    assert not s.locations[0].panicked
    s = R._deploy_one(s, [])
    assert s.locations[0].panicked


def _pa_battle(s: m.State, psychos: tuple[str, ...], fs: int = 4) -> m.State:
    a = s.locations[0].id
    s = with_psychos(s, *psychos)
    s = upd(
        s,
        nemeses=tuple(
            upd(n, status="deployed", attached_to=s.config.rangers[k % len(s.config.rangers)])
            for k, n in enumerate(s.nemeses)
        ),
        locations=(upd(s.locations[0], villains=psychos, fs=((PP, fs),)), *s.locations[1:]),
    )
    s = at(s, 0, a)
    s = upd(s, players=tuple(upd(p, hand=p.hand[:5]) for p in s.players))
    s, _ = play(s, 0, m.StartBattle())
    return settle(s)


def test_two_cards_per_psycho_in_the_first_row_with_one_or_two():
    """Psycho Assault Mode, Battle: two Psycho cards per Psycho Ranger; with one or two, all
    in the first row, then the foot soldier row as in a normal battle."""
    s = _pa_battle(pa_calm(pa_game()), ("psycho_red",))
    rows = {}
    for sl in s.battle.slots:
        rows.setdefault(sl.row, []).append(CAT.enemy_deck_of[sl.card.split("#")[0]])
    assert rows[0] == ["psycho", "psycho"] and rows[1] == [PP] * 4
    assert s.battle.attached == (("psycho_red", "jason"),)


def test_three_or_more_psychos_fill_four_then_the_second_row():
    """Psycho Assault Mode, Battle: with three or more, the first four Psycho cards in the
    first row, the rest in the second, then foot soldiers up to four cards in that row."""
    s = _pa_battle(pa_calm(pa_game()), ("psycho_red", "psycho_blue", "psycho_black"))
    rows = {}
    for sl in s.battle.slots:
        rows.setdefault(sl.row, []).append(CAT.enemy_deck_of[sl.card.split("#")[0]])
    assert rows[0] == ["psycho"] * 4
    assert sorted(rows[1]) == sorted(["psycho", "psycho", PP, PP])


def test_at_most_eight_psycho_cards():
    """Psycho Assault Mode, Battle: up to a maximum of eight cards."""
    five = ("psycho_red", "psycho_blue", "psycho_black", "psycho_pink", "psycho_yellow")
    s = pa_calm(pa_game())
    s = upd(s, psycho_aside=())
    s = _pa_battle(s, five)
    deck = s.enemy_decks
    n = sum(CAT.enemy_deck_of[sl.card.split("#")[0]] == "psycho" for sl in s.battle.slots)
    assert n <= 8 and deck


def test_a_psycho_is_defeated_with_two_cards_under_it():
    """Psycho Assault Mode, Defeating Psycho Rangers: two cards under the deployment card at
    the end of a battle defeat it: flipped face down, weapon and Path set aside, the rest
    shuffled back, three hit tokens on the experience track."""
    s = _pa_battle(pa_calm(pa_game()), ("psycho_red",), fs=0)
    sword = next(
        c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).name == "Psycho Sword"
    )
    strike = "psycho:psycho-strike#1"
    red = next(n for n in s.nemeses if n.id == "psycho_red")
    s = upd(
        s,
        nemeses=(upd(red, under=(strike,)),),
        psycho_aside=tuple(c for c in s.psycho_aside if c != sword),
    )
    slots = (Slot(card=sword, row=0, col=0, defeated=True),)
    s = upd(s, battle=upd(s.battle, slots=slots, turn="rangers"), power=upd(s.power, experience=0))
    s = R._cleanup(s, [])
    red = next(n for n in s.nemeses if n.id == "psycho_red")
    assert red.status == "defeated" and red.under == ()
    assert sword in s.psycho_aside and strike in enemy_deck(s, "psycho")
    assert s.power.experience == 3
    assert "psycho_red" not in s.locations[0].villains
    assert s.outcome is None  # not before the boss deployment
    assert R.view(s, 0).players[0].rangers[0].psycho_face_down == ("psycho_red",)


def test_two_psychos_defeated_in_one_battle_clear_the_foot_soldiers():
    """Psycho Assault Mode, Defeating Psycho Rangers: if two or more are defeated in a single
    battle, the remaining foot soldiers there return to the supply."""
    s = _pa_battle(pa_calm(pa_game()), ("psycho_red", "psycho_blue"), fs=3)
    ns = tuple(
        upd(
            n,
            under=("psycho:psycho-strike#1",)
            if n.id == "psycho_red"
            else ("psycho:psycho-strike#2",),
        )
        for n in s.nemeses
    )
    slots = (
        Slot(card="psycho:nemesis-drain#1", row=0, col=0, defeated=True),
        Slot(card="psycho:nemesis-drain#2", row=0, col=1, defeated=True),
    )
    s = upd(s, nemeses=ns, battle=upd(s.battle, slots=slots))
    s = R._cleanup(s, [])
    assert all(n.status == "defeated" for n in s.nemeses)
    assert s.locations[0].fs == ()


def test_a_shared_psycho_card_goes_where_it_counts_after_the_owned_cards():
    """Psycho Assault Mode, Defeating Psycho Rangers: a weapon or Path goes under its own
    Psycho; a shared card may go under any Psycho present (a choice: Ruling 20, the one
    closest to defeat). Closest is judged once the owned cards are placed: a shared card
    placed first, under red, was wasted when red's own Sword came next (red had 3, blue 1)."""
    s = _pa_battle(pa_calm(pa_game()), ("psycho_red", "psycho_blue"), fs=0)
    sword = next(
        c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).name == "Psycho Sword"
    )
    ns = tuple(
        upd(n, under=("psycho:psycho-strike#1",)) if n.id == "psycho_red" else n for n in s.nemeses
    )
    slots = (  # the shared card in the first slot, red's own card after it
        Slot(card="psycho:nemesis-drain#1", row=0, col=0, defeated=True),
        Slot(card=sword, row=0, col=1, defeated=True),
    )
    s = upd(
        s,
        nemeses=ns,
        battle=upd(s.battle, slots=slots),
        psycho_aside=tuple(c for c in s.psycho_aside if c != sword),
    )
    s = R._cleanup(s, [])
    status = {n.id: n.status for n in s.nemeses}
    assert status["psycho_red"] == "defeated", status
    assert status["psycho_blue"] == "deployed", status
    blue = next(n for n in s.nemeses if n.id == "psycho_blue")
    assert blue.under == ("psycho:nemesis-drain#1",), blue.under


def test_end_of_round_psychos_follow_their_rangers():
    """Psycho Assault Mode, End of the Round: each Psycho Ranger moves to its attached
    Ranger's location."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    a, b = s.locations[0].id, s.locations[1].id
    s = upd(
        s,
        nemeses=(upd(s.nemeses[0], status="deployed", attached_to="jason"),),
        locations=(upd(s.locations[0], villains=("psycho_red",)), *s.locations[1:]),
    )
    s = at(s, 0, b)
    s = R._assault_move_back(s, [])
    assert "psycho_red" in s.locations[1].villains and not s.locations[0].villains
    del a


def test_end_of_round_overflow_moves_foot_soldiers_or_the_psycho():
    """Psycho Assault Mode, End of the Round: over the limit, excess foot soldiers go to other
    locations; if that is impossible the Psycho moves clockwise to a location below its
    limit."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    b = s.locations[1].id
    limit = CAT.locations[b].figure_limit
    s = upd(
        s,
        nemeses=(upd(s.nemeses[0], status="deployed", attached_to="jason"),),
        locations=(
            upd(s.locations[0], villains=("psycho_red",)),
            upd(s.locations[1], fs=((PP, limit),)),
            *s.locations[2:],
        ),
    )
    s1 = R._assault_move_back(at(s, 0, b), [])
    assert "psycho_red" in s1.locations[1].villains and s1.locations[1].figures == limit
    # a location holding only Psycho Rangers at its limit: no foot soldier can make room,
    # so the Psycho goes on clockwise to the next location below its limit
    others = (("psycho_blue", "psycho_black", "psycho_pink", "bones", "knasty_knight") * 2)[:limit]
    crowd = tuple(
        upd(lo, villains=others, fs=()) if k == 1 else lo for k, lo in enumerate(s.locations)
    )
    s2 = R._assault_move_back(at(upd(s, locations=crowd), 0, b), [])
    assert "psycho_red" not in s2.locations[1].villains
    assert "psycho_red" in s2.locations[2].villains


def test_boundary_end_of_round_a_psycho_fills_a_location_to_exactly_its_limit():
    """Psycho Assault Mode, End of the Round, the boundary: a Psycho following its Ranger to
    a location one figure short of its limit lands there (it is then exactly full, not
    over), even when no foot soldier is there to make room."""
    s = with_psychos(pa_calm(pa_game()), "psycho_red")
    b = s.locations[1].id
    limit = CAT.locations[b].figure_limit
    others = (("psycho_blue", "psycho_black", "psycho_pink", "bones", "knasty_knight") * 2)[
        : limit - 1
    ]
    s = upd(
        s,
        nemeses=(upd(s.nemeses[0], status="deployed", attached_to="jason"),),
        locations=(
            upd(s.locations[0], villains=("psycho_red",)),
            upd(s.locations[1], villains=others, fs=()),
            *s.locations[2:],
        ),
    )
    s = R._assault_move_back(at(s, 0, b), [])
    assert "psycho_red" in s.locations[1].villains and s.locations[1].figures == limit
    assert "psycho_red" not in s.locations[2].villains


def test_boss_deployment_brings_every_psycho_back():
    """Psycho Assault Mode, Boss Deployment: all five to the next card's location, their
    cards shuffled back, foot soldiers removed, panicked and full for the rest of the game,
    defeated ones flipped face up, weapons and Paths shuffled in."""
    s = pa_calm(pa_game())
    ids = [n.id for n in s.nemeses]
    s = upd(
        s,
        nemeses=(
            upd(s.nemeses[0], status="defeated", attached_to="jason"),
            *(
                upd(n, status="deployed", attached_to="zack", under=("psycho:psycho-strike#1",))
                if k == 1
                else upd(n, status="deployed", attached_to="billy")
                for k, n in enumerate(s.nemeses[1:], 1)
            ),
        ),
        locations=(
            upd(s.locations[0], villains=(ids[1],)),
            upd(s.locations[1], fs=((PP, 3),)),
            *s.locations[2:],
        ),
        psycho_aside=s.psycho_aside[:4],
    )
    s = upd(
        s,
        psycho_aside=(*s.psycho_aside,),
    )
    deck_before = len(enemy_deck(s, "psycho"))
    target = s.locations[1].id
    s = R._place_villain(s, DeployCard(kind="psycho_boss", back="boss", enemy="psycho"), target, [])
    lo = s.locations[1]
    assert set(lo.villains) == set(ids) and lo.fs == () and lo.panicked and lo.locked_full
    assert not s.locations[0].villains
    assert all(n.status == "deployed" and n.under == () for n in s.nemeses)
    assert s.psycho_aside == () and len(enemy_deck(s, "psycho")) == deck_before + 1 + 4
    assert s.psycho_boss_deployed


def test_boss_battle_two_rows_of_three_and_all_must_fall():
    """Psycho Assault Mode, Boss Battle: two rows of three enemy cards; the Rangers win only
    when all the Psycho Rangers are defeated, including those defeated before."""
    s = pa_calm(pa_game())
    ids = tuple(n.id for n in s.nemeses)
    s = upd(s, psycho_boss_deployed=True, psycho_aside=())
    s = upd(s, nemeses=tuple(upd(n, status="deployed", attached_to="jason") for n in s.nemeses))
    s = set_enemy_deck(s, "psycho", CAT.enemy_instances("psycho"))
    a = s.locations[0].id
    s = upd(
        s,
        locations=(
            upd(s.locations[0], villains=ids, locked_full=True, panicked=True),
            *s.locations[1:],
        ),
    )
    s = at(s, 0, a)
    s, _ = play(s, 0, m.StartBattle())
    s = settle(s)
    assert s.battle.layout == "psycho_boss"
    assert sorted((sl.row, sl.col) for sl in s.battle.slots) == [
        (r, c) for r in range(2) for c in range(3)
    ]
    # all but one already defeated; the last falls
    last = ids[-1]
    s = upd(
        s,
        nemeses=tuple(
            upd(n, status="defeated") if n.id != last else upd(n, under=("psycho:psycho-strike#1",))
            for n in s.nemeses
        ),
    )
    slots = tuple(upd(sl, defeated=True) if k == 0 else sl for k, sl in enumerate(s.battle.slots))
    s = upd(s, battle=upd(s.battle, slots=slots, villains=ids))
    s = R._cleanup(s, [])
    assert s.outcome is not None and s.outcome.winners == (0, 1, 2)


@pytest.mark.parametrize("seed", range(4))
def test_all_bot_psycho_assault_games_finish(seed):
    """Psycho Assault Mode: the Ranger bot plays it to the end (4 and 6 Rangers)."""
    names = ("A", "B", "C", "D", "E", "F") if seed % 2 else ("A", "B", "C", "D")
    s = _bot_game("psycho_assault", seed, names=names)
    assert s.outcome is not None


def test_conformance_kit_in_psycho_assault_mode(tmp_path):
    """The engine contract (tests/conformance.py) in Psycho Assault Mode."""
    rules = MastermindRules()
    rules.mode = "psycho_assault"
    ps = [random_playout(rules, seed) for seed in range(6)]
    pool = action_pool(rules, ps)
    assert sum(check_illegal_rejected(rules, p, pool) for p in ps) > 20
    for p in ps:
        check_determinism(rules, p)
        check_views_do_not_leak(rules, p, every=3)
    check_save_load_replay(rules, ps[0], tmp_path)
