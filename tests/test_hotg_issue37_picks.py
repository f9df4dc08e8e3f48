"""Heroes of the Grid, issue 37 item 9 (the last picks): the figure the Mastodon takes, the
figure Angel Grove Park B moves on, the Ranger who receives a Zord whose own Ranger is not
in the game and the Rangers the Psycho boss's deployment cards go to are the team's
choices, asked with the engine's old pick listed first (the suggestion and the bots'
answer).

Sources: the base rules digest (../shared/research/heroes-of-the-grid-base-rules.md, cited
"§N"), the location and Zord texts in card_data/hotg/board.toml and the expansion rulebook
(../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt, cited by section); our
readings are card_data/hotg/RULINGS.md ("Ruling N").
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.games.hotg import models as m
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.rules import HotgRules, loc_index, upd

sys.path.insert(0, str(Path(__file__).parent))
from test_hotg_issue37 import _bot_answer, _calm_action, _zords  # noqa: E402
from test_hotg_modes import FS, _deploy  # noqa: E402
from test_hotg_rules import PP, SP, clear_board, game  # noqa: E402

R = HotgRules()
CAT = catalog()


def _with_fs(s: m.State, k: int, fs, **kw) -> m.State:
    return upd(
        s,
        locations=tuple(upd(lo, fs=fs, **kw) if i == k else lo for i, lo in enumerate(s.locations)),
    )


# ============================================================== the Mastodon (§6)
def test_the_mastodon_takes_the_foot_soldier_type_the_team_names():
    """§6 Mastodon: exhaust to move 1 foot soldier figure from any location to the
    experience track. Where two types stand, which figure goes is the team's pick; the
    most numerous type (the engine's old pick) is offered first, and a use naming no type,
    or one with no figure there, is refused."""
    s = _calm_action(_zords(clear_board(game(names=("a", "b", "c", "d"))), 0, "mastodon"))
    s = _with_fs(s, 1, ((PP, 1), (SP, 2)))
    here = s.locations[1].id
    uses = [a for a in R.legal_actions(s, 0) if isinstance(a, m.UseZord) and a.location == here]
    assert uses == [
        m.UseZord(zord="mastodon", location=here, figure=SP),
        m.UseZord(zord="mastodon", location=here, figure=PP),
    ]
    assert R.check(s, 0, m.UseZord(zord="mastodon", location=here)) is not None
    empty = s.locations[2].id
    assert R.check(s, 0, m.UseZord(zord="mastodon", location=empty, figure=PP)) is not None
    s, ev = R.apply(s, 0, m.UseZord(zord="mastodon", location=here, figure=PP))
    assert s.locations[1].fs == ((SP, 2),) and s.power.experience == 1
    assert any("Putty Patrollers figure leaves" in e.text for e in ev)


def test_the_mastodon_between_deployments_offers_each_type_too():
    """§4.1 (FAQ): the Mastodon may be used between deployments; the window offers the same
    choice of figure type (the most numerous first) besides passing."""
    s = _zords(clear_board(game(names=("a", "b", "c", "d"))), 0, "mastodon")
    s = _with_fs(s, 2, ((PP, 2), (SP, 1)))
    s = _deploy(upd(s, phase="deployment", focus=0), FS(s.locations[0].id), FS("x"), FS("x"))
    s = R._continue_deployment(s, [])
    assert s.decision is not None and s.decision.kind == "deploy_window"
    here = s.locations[2].id
    legal = R.legal_actions(s, 0)
    assert legal[:2] == [
        m.UseZord(zord="mastodon", location=here, figure=PP),
        m.UseZord(zord="mastodon", location=here, figure=SP),
    ]
    assert legal[-1] == m.Pass() and _bot_answer(s) in legal


# ============================================================== Angel Grove Park B
class _RoundEndOnly(HotgRules):
    """The end of the round without the Deployment Phase that follows it."""

    def _deployment_phase(self, s, ev, **changes):
        return upd(s, **changes, phase="deployment")


def _park(fs) -> tuple[m.State, int]:
    s = upd(clear_board(game(1)), phase="action", focus=1, decision=None, queue=())
    park = loc_index(s, "angel_grove_park")
    return _with_fs(s, park, fs, side_b=True), park


def test_angel_grove_park_b_moves_the_foot_soldier_type_the_team_names():
    """Angel Grove Park B: at the end of each round 1 foot soldier there moves to the next
    clockwise location not panicked (Ruling 9: before the refresh). With two types there,
    which one moves is the team's pick: the player acting for the team is asked, the
    location's first type (the engine's old pick) listed first; the round then ends as
    usual (tokens refreshed, the next Deployment Phase)."""
    rules = _RoundEndOnly()
    s, park = _park(((PP, 2), (SP, 1)))
    s = upd(s, players=tuple(upd(p, tokens=0) for p in s.players))
    s = rules._end_round(s, [])
    d = s.decision
    assert d is not None and d.kind == "park_figure" and d.asked == (1,)
    legal = rules.legal_actions(s, 1)
    assert legal == [m.ChooseFigure(figure=PP), m.ChooseFigure(figure=SP)]
    assert _bot_answer(s) == legal[0]
    assert rules.check(s, 1, m.ChooseFigure(figure="quantrons")) is not None
    s, _ = rules.apply(s, 1, m.ChooseFigure(figure=SP))
    nxt = s.locations[(park + 1) % 4]
    assert s.locations[park].fs == ((PP, 2),) and nxt.fs == ((SP, 1),)
    assert s.phase == "deployment" and all(p.tokens == p.max_tokens for p in s.players)


def test_angel_grove_park_b_asks_nothing_with_one_type_or_nowhere_to_go():
    """Angel Grove Park B: with one foot soldier type there the figure is that type, and
    with every other location panicked no figure moves: no question either way."""
    rules = _RoundEndOnly()
    s, park = _park(((SP, 2),))
    s = rules._end_round(s, [])
    assert s.decision is None and s.locations[(park + 1) % 4].fs == ((SP, 1),)
    s, park = _park(((PP, 1), (SP, 1)))
    s = upd(
        s,
        locations=tuple(
            lo if i == park else upd(lo, panicked=True) for i, lo in enumerate(s.locations)
        ),
    )
    s = rules._end_round(s, [])
    assert s.decision is None and s.locations[park].fs == ((PP, 1), (SP, 1))


# ============================================================== a Zord without its Ranger (§6)
def test_a_zord_whose_ranger_is_absent_goes_to_the_ranger_the_team_names():
    """§6: a summoned Zord goes to its matching Ranger, or, if that Ranger is not in the
    game, to a Ranger of the team's choice. Once the work in hand settles, the player
    acting for the team names the receiver; the engine's old pick (the fewest Zords, then
    seat order) is offered first."""
    s = game(names=("a", "b", "c", "d"))  # Jason, Zack, Billy, Trini: no Kimberly
    assert "kimberly" not in s.config.rangers
    s = _calm_action(_zords(clear_board(s), 1, "mastodon"))
    s = _with_fs(s, 0, ((PP, 2),))
    s = upd(s, power=upd(s.power, experience=5, zord_deck=("pterodactyl", "dino_megazord")))
    s, ev = R.apply(s, 0, m.UseZord(zord="mastodon", location=s.locations[0].id, figure=PP))
    d = s.decision
    assert d is not None and d.kind == "give_zord" and d.asked == (0,)
    # the choices are seats (players), so the question names players, not Rangers
    assert "which player receives it?" in d.prompt and "which Ranger" not in d.prompt
    assert s.power.unclaimed == ("pterodactyl",) and s.power.level == 1
    legal = R.legal_actions(s, 0)
    assert legal == [m.ChooseRanger(seat=i) for i in (0, 2, 3, 1)]
    assert _bot_answer(s) == legal[0]
    assert R.check(s, 0, m.ChooseRanger(seat=5)) is not None
    s, _ = R.apply(s, 0, m.ChooseRanger(seat=3))
    assert s.players[3].zords == ("pterodactyl",) and s.power.unclaimed == ()
    assert s.decision is None and s.phase == "action"


def test_a_zord_of_a_ranger_in_the_game_goes_to_that_ranger_unasked():
    """§6: a Zord whose Ranger is playing goes to that Ranger: nothing to ask."""
    s = _calm_action(_zords(clear_board(game(names=("a", "b", "c", "d"))), 1, "mastodon"))
    s = _with_fs(s, 0, ((PP, 2),))
    s = upd(s, power=upd(s.power, experience=5, zord_deck=("triceratops", "dino_megazord")))
    s, _ = R.apply(s, 0, m.UseZord(zord="mastodon", location=s.locations[0].id, figure=PP))
    assert s.decision is None and s.players[2].zords == ("triceratops",)


# ============================================================== the Psycho boss (expansion)
def _boss_deployment(names=("a", "b", "c", "d")) -> m.State:
    s = clear_board(game(names=names, boss="psycho_rangers"))
    a, b = s.locations[0].id, s.locations[1].id
    boss = m.DeployCard(kind="psycho_boss", back="boss", enemy="psycho")
    s = _deploy(upd(s, phase="deployment", focus=2), FS(a), boss, FS(b), FS(b), FS(b))
    return R._continue_deployment(s, [])


def test_the_psycho_boss_cards_go_to_the_rangers_the_team_names_each_at_least_one():
    """Expansion, Psycho Rangers (Boss Version), Deployment: the five deployment cards are
    attached to the Rangers, each Ranger at least one, some more than one. Which Ranger
    takes which is the team's pick, card by card (the engine's old pick, Ruling 20, first);
    once the cards left only just cover the Rangers still without one, only those are
    offered, and a last forced card is not asked."""
    s = _boss_deployment()
    team = s.config.rangers
    asked = []
    while s.decision is not None and s.decision.kind == "psycho_attach":
        d = s.decision
        assert d.asked == (2,) and d.then == "boss"
        legal = R.legal_actions(s, 2)
        assert {a.ranger for a in legal} == set(d.rangers)
        asked.append((d.source, d.rangers))
        if len(asked) == 1:  # all four may take the first card
            assert set(d.rangers) == set(team)
            assert _bot_answer(s) == legal[0]
            s, _ = R.apply(s, 2, m.AttachPsycho(ranger="billy"))
        elif len(asked) == 2:  # 4 cards left for 3 bare Rangers: anyone still
            assert set(d.rangers) == set(team)
            assert R.view(s, 0).decision.psycho == d.source
            s, _ = R.apply(s, 2, m.AttachPsycho(ranger="billy"))
        else:  # 3 cards for 3 bare Rangers: Billy is no longer offered
            assert "billy" not in d.rangers and len(d.rangers) == 5 - len(asked) + 1
            assert R.check(s, 2, m.AttachPsycho(ranger="billy")) is not None
            s, _ = R.apply(s, 2, legal[-1])
    assert len(asked) == 4  # the fifth card had one Ranger left
    assert s.locations[1].villains and s.decision is None
    load = {r: sum(n.attached_to == r for n in s.nemeses) for r in team}
    assert load["billy"] == 2 and all(load[r] == 1 for r in team if r != "billy")
    assert all(n.status == "deployed" for n in s.nemeses)


def test_the_psycho_boss_with_five_rangers_asks_for_four_cards_one_each():
    """Boss Version, Deployment: five Rangers and five cards, each Ranger at least one: one
    card each. The team names the Ranger of each card but the last, from the Rangers still
    without one (5, 4, 3, then 2 of them)."""
    s = _boss_deployment(("a", "b", "c", "d", "e"))
    sizes = []
    while s.decision is not None and s.decision.kind == "psycho_attach":
        sizes.append(len(s.decision.rangers))
        s, _ = R.apply(s, s.decision.asked[0], R.legal_actions(s, s.decision.asked[0])[-1])
    assert sizes == [5, 4, 3, 2]
    assert sorted(n.attached_to for n in s.nemeses) == sorted(s.config.rangers)


# ============================================================== how the screen asks them
def test_the_move_list_words_each_pick_with_the_suggestion_first():
    """The screen's move list (ui/games/hotg/moves.py) and the plain front end word the new
    answers from the View alone, the suggested answer first: the Mastodon's figure type,
    Angel Grove Park B's figure, the Zord's receiver."""
    from tabletop_tui.plain.describe import Describer
    from tabletop_tui.ui.games.hotg.moves import build_groups

    def labels(s, seat):
        v = R.view(s, seat)
        return [g.label.plain for g in build_groups(v, R.legal_actions(s, seat), R)]

    s = _calm_action(_zords(clear_board(game(names=("a", "b", "c", "d"))), 0, "mastodon"))
    s = _with_fs(s, 1, ((PP, 1), (SP, 2)))
    zord = [t for t in labels(s, 0) if "Mastodon" in t]
    assert zord == [
        f"⚙ Zord Mastodon at {CAT.locations[s.locations[1].id].name} taking a S.Putty",
        f"⚙ Zord Mastodon at {CAT.locations[s.locations[1].id].name} taking a Putty",
    ]
    rules = _RoundEndOnly()
    p, _ = _park(((PP, 2), (SP, 1)))
    p = rules._end_round(p, [])
    assert labels(p, 1) == ["→ A Putty moves on clockwise", "→ A S.Putty moves on clockwise"]
    words = Describer("hotg", list(p.config.names)).named
    assert [words(R.describe(a)) for a in R.legal_actions(p, 1)] == [
        "Move a Putty Patrollers figure on",
        "Move a Super Putty Patrollers figure on",
    ]
    z = _calm_action(_zords(clear_board(game(names=("a", "b", "c", "d"))), 1, "mastodon"))
    z = _with_fs(z, 0, ((PP, 2),))
    z = upd(z, power=upd(z.power, experience=5, zord_deck=("pterodactyl", "dino_megazord")))
    z, _ = R.apply(z, 0, m.UseZord(zord="mastodon", location=z.locations[0].id, figure=PP))
    assert [t.split(" (")[0] for t in labels(z, 0)][0].endswith("receives the Zord")


# ============================================================== handing the turn over (§4.2)
def test_handing_the_turn_back_and_forth_never_traps_the_game():
    """§4.2: there is no turn order; the team decides which Ranger acts next (Ruling 7). A
    hand-over (`Focus`) is that decision, not an action of the rules, so the team may
    change its mind as often as a table talking it over; but it never traps the game: the
    turn goes only to a Ranger who can act (an action token left, or the Command Center's),
    and whoever holds it can always end the phase (in a battle: pass)."""
    s = _calm_action(clear_board(game(names=("a", "b"))))
    s = upd(s, hq_tokens=0)
    for _ in range(3):  # back and forth: the state is the same each time it comes back
        s2, _ = R.apply(s, 0, m.Focus(seat=1))
        assert m.EndPhase() in R.legal_actions(s2, 1)
        back, _ = R.apply(s2, 1, m.Focus(seat=0))
        assert back == s
    spent = upd(s, players=(s.players[0], upd(s.players[1], tokens=0)))
    assert R.check(spent, 0, m.Focus(seat=1)) is not None  # nobody to hand it to
    assert m.Focus(seat=1) not in R.legal_actions(spent, 0)
