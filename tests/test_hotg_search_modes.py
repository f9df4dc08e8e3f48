"""Heroes of the Grid: the battle search in the expansion's modes (search_modes.py).

The sampled States rebuilt from a Ranger's View in Psycho Assault Mode and Mastermind Mode
show that same View, hold the same cards as the true State, and take what the View hides
(deck orders, the Mastermind's Scheme hand) only from the cards the Rangers cannot see.
Spec: the Rise of the Psycho Rangers rulebook, sections "Psycho Assault Mode" and
"Mastermind Mode" (../shared/seeds/heroes-of-the-grid-psycho-rangers-rulebook.txt).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tabletop_tui.games.hotg import search
from tabletop_tui.games.hotg.bot import HotgBot, HotgHeuristicBot
from tabletop_tui.games.hotg.cards import catalog
from tabletop_tui.games.hotg.models import Config, State
from tabletop_tui.games.hotg.rules import HotgRules, upd
from tabletop_tui.games.hotg.search import rollout_battle, view_to_state

sys.path.insert(0, str(Path(__file__).parent))
from conformance import (  # noqa: E402
    Playout,
    check_determinism,
    check_save_load_replay,
    check_state_contract,
    check_views_do_not_leak,
)

R = HotgRules()
CAT = catalog()
NAMES = {"psycho_assault": ("A", "B", "C", "D"), "mastermind": ("A", "B", "C", "Evil")}


def _game(mode: str, seed: int) -> State:
    return R.new_game(Config(names=NAMES[mode], mode=mode), seed)


def _points(mode: str, seed: int, steps: int = 1500) -> list[tuple[State, int]]:
    """(State, Ranger seat) wherever a Ranger acts with nothing pending, along a heuristic
    game (the Mastermind's seat played by its own bot)."""
    s, bot, out = _game(mode, seed), HotgHeuristicBot(), []
    for k in range(steps):
        if s.outcome is not None:
            break
        seat = min(R.to_act(s))
        if (
            s.decision is None
            and not s.queue
            and s.phase in ("action", "battle")
            and seat != s.config.mastermind_seat
        ):
            out.append((s, seat))
        a = bot.choose(R.view(s, seat), R.legal_actions(s, seat), seat, random.Random(k))
        s, _ = R.apply(s, seat, a)
    return out


def _deploy_cards(s: State) -> list:
    return sorted(
        (c.kind, c.fs_type, c.figures, c.back, c.enemy) for c in s.deploy_deck + s.deploy_discard
    )


@pytest.mark.parametrize("mode", ["psycho_assault", "mastermind"])
def test_the_sampled_state_shows_the_ranger_the_same_view_and_holds_the_same_cards(mode):
    """Psycho Assault Mode / Mastermind Mode, Game Setup: the same decks, Psycho cards and
    Scheme cards as the true game, only in another order where nobody sees them."""
    points = _points(mode, seed=1)
    assert sum(s.phase == "battle" for s, _ in points) > 10
    for k, (s, seat) in enumerate(points):
        v = R.view(s, seat)
        rebuilt = view_to_state(v, random.Random(k))
        assert R.view(rebuilt, seat) == v
        assert {d: sorted(c) for d, c in rebuilt.enemy_decks} == {
            d: sorted(c) for d, c in s.enemy_decks
        }
        assert _deploy_cards(rebuilt) == _deploy_cards(s)
        assert rebuilt.nemeses == s.nemeses and rebuilt.psycho_aside == s.psycho_aside
        assert rebuilt.psycho_boss_deployed == s.psycho_boss_deployed
        assert rebuilt.scheme_discard == s.scheme_discard
        assert sorted(rebuilt.schemes + rebuilt.scheme_deck) == sorted(s.schemes + s.scheme_deck)
        if s.battle is not None:
            assert rebuilt.battle.marker == s.battle.marker
            assert rebuilt.battle.layout == s.battle.layout


def _mm_battle_point(seed: int = 2) -> tuple[State, int]:
    return next((s, seat) for s, seat in _points("mastermind", seed) if s.phase == "battle")


def test_the_mastermind_s_scheme_hand_is_sampled_from_the_unknown_schemes_only():
    """Mastermind Mode, Scheme Cards: the hand is the Mastermind's secret. Built from a
    Ranger's View, the sampled hand has the right size, never holds a discarded Scheme,
    varies from sample to sample, and does not follow the true hand: a State whose hidden
    hand is re-dealt gives the very same samples."""
    s, seat = _mm_battle_point()
    assert s.schemes and R.view(s, seat).schemes is None
    discard = set(s.scheme_discard)
    unknown = set(CAT.scheme_instances()) - discard
    hands = set()
    for k in range(30):
        got = view_to_state(R.view(s, seat), random.Random(k))
        assert len(got.schemes) == len(s.schemes) and len(got.scheme_deck) == len(s.scheme_deck)
        assert set(got.schemes) <= unknown and not set(got.schemes) & set(got.scheme_deck)
        hands.add(tuple(sorted(got.schemes)))
    assert len(hands) > 3 and hands != {tuple(sorted(s.schemes))}
    # another true hand (from the same unknown cards), the same View, the same samples
    pool = list(s.schemes + s.scheme_deck)
    other = tuple(c for c in pool if c not in s.schemes)[: len(s.schemes)]
    rest = tuple(c for c in pool if c not in other)
    assert set(other) != set(s.schemes)
    swapped = upd(s, schemes=other, scheme_deck=rest)
    assert R.view(swapped, seat) == R.view(s, seat)
    for k in range(5):
        a = view_to_state(R.view(s, seat), random.Random(k))
        b = view_to_state(R.view(swapped, seat), random.Random(k))
        assert a == b


def test_built_from_the_mastermind_s_own_view_the_hand_is_kept():
    s, _ = _mm_battle_point()
    mm = s.config.mastermind_seat
    got = view_to_state(R.view(s, mm), random.Random(0))
    assert got.schemes == s.schemes
    assert sorted(got.scheme_deck) == sorted(s.scheme_deck)


def test_the_psycho_deck_leaves_out_the_cards_under_and_set_aside():
    """Psycho Assault Mode: the cards under a Psycho's deployment card and the weapons and
    Paths set aside are not in the Psycho enemy deck (nor the cards of Psychos not in play)."""
    checked = 0
    for s, seat in _points("psycho_assault", seed=6):
        if not any(n.under for n in s.nemeses) or not s.psycho_aside:
            continue
        got = view_to_state(R.view(s, seat), random.Random(checked))
        deck = set(dict(got.enemy_decks)["psycho"])
        assert not deck & {c for n in s.nemeses for c in n.under}
        assert not deck & set(got.psycho_aside)
        playing = {n.id for n in s.nemeses}
        assert all(CAT.enemy_card(c).psycho in (None, *playing) for c in deck)
        checked += 1
    assert checked > 3


def test_cards_under_a_psycho_count_in_the_battle_value_of_psycho_assault_only():
    """Psycho Assault Mode, Defeating Psycho Rangers: two cards under its deployment card
    defeat a Psycho, so each is progress; a standard State is scored as before."""
    s, _ = next(p for p in _points("psycho_assault", seed=1) if p[0].nemeses)
    n = next(n for n in s.nemeses if n.status != "defeated")
    card = next(c for c in CAT.enemy_instances("psycho") if CAT.enemy_card(c).psycho is None)

    def with_under(cards: tuple) -> State:
        return upd(
            s,
            nemeses=tuple(
                upd(x, status="deployed", under=cards) if x is n else x for x in s.nemeses
            ),
        )

    base, under = with_under(()), with_under((card,))
    assert search.battle_value(base, under) == pytest.approx(search.W_PSYCHO_CARD)
    std = upd(base, config=Config(names=("A", "B", "C", "D")))
    assert search.battle_value(std, upd(under, config=std.config)) == 0.0


@pytest.mark.parametrize("mode", ["psycho_assault", "mastermind"])
def test_the_search_runs_in_the_mode_and_plays_only_legal_actions(mode):
    """The seat bot searches the Rangers' battle decisions in the expansion's modes too; in
    Mastermind Mode its rollouts play the Mastermind with the Mastermind bot."""
    bot = HotgBot(search=1, top_k=2)
    bot.search_modes = (mode,)  # Psycho Assault is off by default (measured: no gain)
    s = _game(mode, 4)
    searched = 0
    for k in range(900):
        if s.outcome is not None:
            break
        seat = min(R.to_act(s))
        legal = R.legal_actions(s, seat)
        before = search.STEPS[0]
        a = bot.choose(R.view(s, seat), legal, seat, random.Random(k))
        assert any(repr(a) == repr(x) for x in legal), (k, a)
        searched += search.STEPS[0] > before
        s, _ = R.apply(s, seat, a)
    assert searched > 10


def test_by_default_the_search_runs_in_standard_and_mastermind_games_only():
    assert HotgBot.search_modes == ("standard", "mastermind")


@pytest.mark.parametrize("mode", ["psycho_assault", "mastermind"])
def test_with_the_mode_switched_off_the_bot_plays_the_heuristic_there(mode):
    points = [p for p in _points(mode, seed=5) if p[0].phase == "battle"][:20]
    assert points
    bot = HotgBot()
    bot.search_modes = ("standard",)
    heuristic = HotgHeuristicBot()
    for s, seat in points:
        v, legal = R.view(s, seat), R.legal_actions(s, seat)
        before = search.STEPS[0]
        assert repr(bot.choose(v, legal, seat, random.Random(0))) == repr(
            heuristic.choose(v, legal, seat, random.Random(0))
        )
        assert search.STEPS[0] == before


def test_a_mastermind_rollout_plays_the_battle_to_its_end():
    """Mastermind Mode, Battle: the rollout policy answers the Mastermind's combat marker
    and Scheme windows on the sampled State, so the battle ends."""
    s, seat = _mm_battle_point()
    sampled = view_to_state(R.view(s, seat), random.Random(0))
    end = rollout_battle(R, sampled, HotgHeuristicBot(), random.Random(0), limit=4000)
    assert end.outcome is not None or end.battle is None


def test_the_psycho_gathering_is_the_boss_location_only_with_the_switch_on():
    """Psycho Assault Mode, Boss Deployment: every Psycho gathers at one location, panicked
    and full for the rest of the game. With `boss_modes` naming the mode the team planner
    takes that location for the boss's; off by default (measured: no gain)."""
    s, seat = _points("psycho_assault", seed=1)[0]
    ids = tuple(n.id for n in s.nemeses)
    locs = (upd(s.locations[0], fs=(), villains=ids, panicked=True, locked_full=True),)
    gathered = upd(s, locations=locs + s.locations[1:], psycho_boss_deployed=True)
    v = R.view(gathered, seat)
    bot = HotgHeuristicBot()
    assert bot._boss_location(v) is None
    bot.boss_modes = ("standard", "psycho_assault")
    assert bot._boss_location(v).id == s.locations[0].id
    before = upd(gathered, psycho_boss_deployed=False)
    assert bot._boss_location(R.view(before, seat)) is None


class ModeRules(HotgRules):
    """The hotg rules with a mode's default config (the kit replays default configs)."""

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def default_config(self, names=None):
        return Config(names=NAMES.get(self.mode, ("A", "B", "C", "D")), mode=self.mode)


@pytest.mark.parametrize("mode", ["standard", "psycho_assault", "mastermind"])
def test_games_of_the_searching_bot_pass_the_conformance_kit(mode, tmp_path):
    """The engine contract (tests/conformance.py) along a game played by the seat bot with
    the battle search on in the mode: every state keeps the contract, every move is
    legal, and the game replays, saves, loads and hides what it hid before."""
    rules = ModeRules(mode)
    bot = HotgBot(search=1, top_k=2)
    bot.search_modes = (mode,)
    s = rules.new_game(rules.default_config(), 7)
    playout = Playout(seed=7, states=[s])
    before = search.STEPS[0]
    for k in range(400):
        check_state_contract(rules, s)
        if s.outcome is not None:
            break
        seat = min(rules.to_act(s))
        a = bot.choose(rules.view(s, seat), rules.legal_actions(s, seat), seat, random.Random(k))
        assert rules.check(s, seat, a) is None
        s, _ = rules.apply(s, seat, a)
        playout.states.append(s)
        playout.log.append((seat, a))
    assert search.STEPS[0] > before  # the search did play rollouts
    check_determinism(rules, playout)
    check_save_load_replay(rules, playout, tmp_path)
    check_views_do_not_leak(rules, playout, every=20, variants=2)
