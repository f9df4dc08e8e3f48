"""Issue 38, bot levels: seat kinds (`bot:easy`, older saves' kinds), make_bot per level per
game, every level keeps to its legal actions, and Zeo's
racing rule (no heal that cannot change the race)."""

from __future__ import annotations

import pytest
from zeo_helpers import R as ZEO
from zeo_helpers import attach, game, player, team

from tabletop_tui.engine.bots import RandomBot, bot_rng
from tabletop_tui.engine.levels import LEVELS, Blunders, canonical_kind, level_of
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import GAMES, get_rules, make_bot
from tabletop_tui.games.zeo_dbg.bot import Params, Race, ZeoBot
from tabletop_tui.games.zeo_dbg.models import Activate
from tabletop_tui.selfplay import game_config


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("bot", "heuristic"),
        ("heuristic", "heuristic"),
        ("bot:normal", "heuristic"),
        ("bot:easy", "bot:easy"),
        ("BOT:Hard", "bot:hard"),
        ("random", "random"),
        ("human", "human"),
    ],
)
def test_seat_kinds_as_typed_and_as_older_saves_hold_them(typed, saved):
    """`bot` stays the normal level, saved as "heuristic" as before levels existed."""
    assert canonical_kind(typed) == saved
    assert SeatSpec(name="A", kind=typed).kind == saved


def test_a_bad_level_is_named_in_the_error():
    with pytest.raises(ValueError, match="unknown bot level 'expert'.*easy, normal, hard"):
        canonical_kind("bot:expert")
    with pytest.raises(ValueError, match="'human'"):
        canonical_kind("human", bots_only=True)
    with pytest.raises(ValueError):
        SeatSpec(name="A", kind="bot:expert")


def test_levels_of_the_kinds():
    assert [level_of(k) for k in ("bot:easy", "bot", "heuristic", "bot:hard")] == [
        "easy",
        "normal",
        "normal",
        "hard",
    ]
    assert level_of("random") is None and level_of("human") is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_make_bot_per_level(game_id):
    """Normal is the game's own bot exactly as `heuristic` was; easy and hard say their level."""
    normal = make_bot(game_id, "bot:normal")
    assert type(normal) is type(make_bot(game_id, "heuristic")) is type(make_bot(game_id, "bot"))
    assert make_bot(game_id, "bot:easy").name == "easy"
    assert make_bot(game_id, "bot:hard").name == "hard"
    assert isinstance(make_bot(game_id, "random"), RandomBot)


def test_easy_blunders_come_from_the_bots_own_rng():
    """The same seed gives the same move; over many seeds some moves are random ones."""

    class First:
        name = "first"

        def choose(self, view, legal, seat, rng):
            return legal[0]

    easy = Blunders(First(), 0.3)
    picks = [easy.choose(None, list(range(10)), 0, bot_rng(7, step, 0)) for step in range(200)]
    again = [easy.choose(None, list(range(10)), 0, bot_rng(7, step, 0)) for step in range(200)]
    assert picks == again
    assert 20 < sum(p != 0 for p in picks) < 100


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_keeps_to_its_legal_actions(game_id, level):
    """A short playout (200 actions) with every seat at this level: each move is one of the
    seat's legal actions, and the bot saw only its seat's view."""
    rules = get_rules(game_id)
    seats = 2 if rules.min_seats < 2 <= rules.max_seats else rules.min_seats
    state = rules.new_game(game_config(rules, seats=seats), 3)
    bots = [make_bot(game_id, f"bot:{level}") for _ in range(seats)]
    for step in range(200 if game_id != "hotg" or level == "easy" else 40):
        to_act = rules.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal, seat, bot_rng(3, step, seat))
        assert action in legal
        state, _ = rules.apply(state, seat, action)


# -- Zeo's race ------------------------------------------------------------------------------


def _ahead_with_a_heal_ready():
    """Villain seat 0 in its Main Phase with only a heal-only ability (Corroding Fang, Heal 3
    for 2 Energy) to use: 20 HP against the Heroes' 6, dealing 4.5 a turn and taking 1.5."""
    state = game()
    state, _ = attach(state, 0, 0, "corroding-fang")
    state = player(state, 0, hand=())
    state = team(team(state, 0, hp=20, energy=4), 1, hp=6)
    return state.model_copy(update={"hp_history": ((26, 24), (26, 18), (24, 12), (22, 6))})


def test_race_estimate():
    race = Race(my_hp=20, foe_hp=6, dealt=4.5, taken=1.5)
    assert race.ahead and not race.heal_matters(3)  # we win in 2 turns, they need 14
    losing = Race(my_hp=8, foe_hp=10, dealt=3, taken=3)  # 4 turns against 3
    assert not losing.ahead and losing.heal_matters(3)  # 11 HP last 4 turns: a tie
    hopeless = Race(my_hp=4, foe_hp=20, dealt=2, taken=4)  # 10 turns against 1
    assert not hopeless.heal_matters(3)


def test_zeo_bot_does_not_heal_when_it_cannot_change_the_race():
    """Issue 38: the racing bot leaves the heal (it wins the race anyway) where the bot
    before the race (Params(race=False)) healed at 20 HP."""
    state = _ahead_with_a_heal_ready()
    legal = ZEO.legal_actions(state, 0)
    heal = next(a for a in legal if isinstance(a, Activate) and a.source == "slot")
    view = ZEO.view(state, 0)
    assert ZeoBot(Params(race=False)).choose(view, legal, 0, bot_rng(0, 0, 0)) == heal
    assert ZeoBot().choose(view, legal, 0, bot_rng(0, 0, 0)) != heal


def test_zeo_bot_attacks_instead_of_healing_when_ahead():
    state = _ahead_with_a_heal_ready()
    state, _ = attach(state, 0, 1, "cogsoldier-squad")
    legal = ZEO.legal_actions(state, 0)
    chosen = ZeoBot().choose(ZEO.view(state, 0), legal, 0, bot_rng(0, 0, 0))
    assert isinstance(chosen, Activate) and chosen.source == "slot" and chosen.index == 1


def test_zeo_bot_still_heals_when_the_heal_can_turn_the_race():
    state = _ahead_with_a_heal_ready()
    state = team(team(state, 0, hp=8), 1, hp=10)
    state = state.model_copy(update={"hp_history": ((20, 22), (17, 19), (14, 16), (11, 13))})
    legal = ZEO.legal_actions(state, 0)
    heal = next(a for a in legal if isinstance(a, Activate) and a.source == "slot")
    assert ZeoBot().choose(ZEO.view(state, 0), legal, 0, bot_rng(0, 0, 0)) == heal


# -- levels at shared tables -----------------------------------------------------------------


def test_the_tables_protocol_takes_bot_levels():
    """A shared table's seat may be a bot of any level (saved kinds); a made-up level is
    refused when the message is parsed, before the service sees it."""
    from pydantic import ValidationError

    from tabletop_tui.tables.protocol import HandToBot, SeatRequest

    assert [SeatRequest(name="A", kind=k).kind for k in ("bot:easy", "bot:hard")] == [
        "bot:easy",
        "bot:hard",
    ]
    assert HandToBot(type="hand_to_bot", seat=0, kind="bot:hard").kind == "bot:hard"
    with pytest.raises(ValidationError):
        SeatRequest(name="A", kind="bot:expert")


async def test_a_shared_table_seats_an_easy_and_a_hard_bot(tmp_path):
    """Through the real table service: the seats are saved with their level and each plays
    with its level's bot until the game ends."""
    import asyncio

    from tables_helpers import Harness

    async with Harness(tmp_path) as h:
        player = await h.connect("eve")
        seats = [("Easy", "bot:easy"), ("Hard", "bot:hard")]
        code = (await player.client.create("army-of-zero", seats, seed=5)).table.code
        table = h.service.tables[code]
        assert [table.bots[i].name for i in (0, 1)] == ["easy", "hard"]
        assert [s.kind for s in table.match.seats] == ["bot:easy", "bot:hard"]
        for _ in range(4000):
            if table.over:
                break
            await asyncio.sleep(0.005)
        assert table.over
        await player.client.close()


# -- the hard levels -------------------------------------------------------------------------


def test_aoz_best_order_sacrifices_a_weak_character_to_win_the_rest():
    """Three positions, their strongest first: my weakest (row 2) loses to anyone, so the
    best total puts it against their best and my two good ones below (the horse-race trick):
    -1 + 0.6 + 0.65 = 0.25, where strongest first gives 0.2 + 0.5 - 1 = -0.3."""
    from tabletop_tui.games.army_of_zero.bot import best_order

    values = [
        [0.2, 0.6, 0.7],  # my best: even with their best, wins against the others
        [-0.1, 0.5, 0.65],
        [-1.0, -1.0, -1.0],  # my worst loses to anyone
    ]
    assert best_order(values) == [2, 0, 1]
    assert best_order([[1.0, 0.0], [0.0, 1.0]]) == [0, 1]
    # more characters than positions: the weakest sits out
    assert best_order([[0.5], [-0.5]]) == [0]


def test_aoz_hard_remembers_the_opponent_s_fighters_and_forgets_them_in_a_new_game():
    rules = get_rules("army-of-zero")
    state = rules.new_game(game_config(rules, seats=2), 4)
    hard = make_bot("army-of-zero", "bot:hard")
    for step in range(60):
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        state, _ = rules.apply(
            state, seat, hard.choose(rules.view(state, seat), legal, seat, bot_rng(4, step, seat))
        )
    assert hard.remembered and all(
        c in {x for s in state.seats for x in (*s.squad, *s.survivors, *s.defeated, s.fighter)}
        for c in hard.remembered
    )
    fresh = rules.new_game(game_config(rules, seats=2), 5)
    hard.choose(rules.view(fresh, 0), rules.legal_actions(fresh, 0), 0, bot_rng(5, 0, 0))
    assert hard.remembered == set()


def test_pr_ccg_hard_reads_the_opponent_from_its_unseen_cards_only():
    """The spread of answers the hard bot expects adds up to 1 and holds only cards of the
    opponent's deck list not in its discard pile (or nothing)."""
    from tabletop_tui.games.pr_ccg_2008.bot import PrCcgHardBot, unseen_cards

    rules = get_rules("pr-ccg-2008")
    state = rules.new_game(game_config(rules, seats=2), 2)
    view = rules.view(state, 0)
    answers = PrCcgHardBot(samples=200)._answers(view.seats[0], view.seats[1], bot_rng(2, 0, 0))
    assert abs(sum(p for _, p in answers) - 1.0) < 1e-9
    possible = {c.id for c, _ in unseen_cards(view.seats[1])}
    assert all(card is None or card.id in possible for card, _ in answers)


def test_zoobotz_sampled_tables_show_the_seat_its_own_view():
    """Every table the hard bot samples looks to its seat exactly like the real one, in 2-4
    player games at every Main Phase choice; the hidden cards are dealt from the unseen."""
    from tabletop_tui.games.zoobotz.bot import ZoobotzBot
    from tabletop_tui.games.zoobotz.bot_hard import view_to_state

    rules = get_rules("zoobotz")
    rebuilt = 0
    for seed in range(3):
        state = rules.new_game(game_config(rules, seats=2 + seed), seed)
        bot = ZoobotzBot()
        for step in range(120):
            if rules.outcome(state) is not None:
                break
            seat = min(rules.to_act(state))
            view = rules.view(state, seat)
            sample = view_to_state(view, seat, bot_rng(seed, step, seat))
            if sample is not None:
                assert rules.view(sample, seat) == view
                rebuilt += 1
            legal = rules.legal_actions(state, seat)
            state, _ = rules.apply(
                state, seat, bot.choose(view, legal, seat, bot_rng(seed, step, seat))
            )
    assert rebuilt > 100
