"""ZOOBOTZ card effects, one scenario per effect kind and trigger, the card text made from
the effect data, and whole games (replay, the conformance kit at four seats). The card
folder and table builders are in zoobotz_helpers.py, as for test_zoobotz_rules.py."""

from __future__ import annotations

import random

import zoobotz_helpers as kit
from zoobotz_helpers import (
    END,
    RULES,
    bot,
    bot_at,
    c,
    ids,
    play,
    rejected,
    seat,
    table,
)

from tabletop_tui.engine.match import Match
from tabletop_tui.games.zoobotz.cards import catalog
from tabletop_tui.games.zoobotz.effects import card_text
from tabletop_tui.games.zoobotz.models import (
    Choose,
    Config,
    Hack,
    Invest,
    Play,
    Research,
)
from tabletop_tui.games.zoobotz.rules import ZoobotzRules

# the kit's pytest fixtures, by their names
cards_dir, cfg, cfg3 = kit.cards_dir, kit.cfg, kit.cfg3


# -- effect kinds, one scenario each -------------------------------------------------------------
def test_effect_deal_risk_to_chosen_opposing_bot_asks_when_there_is_a_choice(cfg):
    """Effect deal_risk (chosen_opposing), trigger on_play: a pending Decision, never blocking."""
    dealer = c("deal")
    state = table(
        cfg, seat(0, hand=[dealer], invested=2), seat(1, botz=[bot("v3", 1), bot("v2", 1)])
    )
    state, _ = play(state, 0, Play(card=dealer))
    decision = state.decision
    assert decision.kind == "target" and decision.seat == 0
    assert "Dealer: deal 2 RISK to chosen opposing Bot" in decision.prompt
    assert RULES.legal_actions(state, 0) == [Choose(option=o.id) for o in decision.options]
    rejected(state, 0, END, "TURN_OVERVIEW")
    rejected(state, 0, Choose(option="nonsense"), "TURN_OVERVIEW")
    state, _ = play(state, 0, Choose(option=ids(state, 1)[1]))
    assert state.seats[1].botz[0].risk == 0 and len(state.seats[1].botz) == 1
    assert state.decision is None and state.phase == "main"
    rejected(state, 0, Choose(option="1"), "TURN_OVERVIEW")


def test_effect_with_one_possible_target_needs_no_question(cfg):
    """Effect targets (Ruling 13): one candidate is chosen at once; none: the effect does nothing."""
    dealer, dealer2 = c("deal"), c("deal")
    state = table(cfg, seat(0, hand=[dealer, dealer2], invested=4), seat(1, botz=[bot("v3", 1)]))
    state, _ = play(state, 0, Play(card=dealer))
    assert state.decision is None and bot_at(state, 1, 0).risk == 2
    empty = table(cfg, seat(0, hand=[dealer2], invested=2), seat(1))
    empty, _ = play(empty, 0, Play(card=dealer2))
    assert empty.decision is None and empty.phase == "main"


def test_effect_deal_risk_to_each_opposing_bot(cfg):
    """Effect deal_risk (each_opposing): every opposing Bot, USED or not, at the same time."""
    storm = c("deal-each")
    state = table(
        cfg,
        seat(0, hand=[storm], invested=1),
        seat(1, botz=[bot("v1", 1), bot("v3", 1, shielding=True)]),
    )
    state, events = play(state, 0, Play(card=storm))
    assert [b.risk for b in state.seats[1].botz] == [1]
    assert state.seats[1].discard[0].startswith("v1#") and state.seats[0].discard == (storm,)


def test_effect_delete_risk_from_this_bot_at_start_of_turn(cfg):
    """Effect delete_risk (this), trigger start_of_turn."""
    state = table(cfg, seat(0), seat(1, botz=[bot("heal-this", 1, risk=2)]))
    state, _ = play(state, 0, END)
    assert bot_at(state, 1, 0).risk == 1


def test_effect_delete_risk_from_chosen_and_each_bot_of_yours(cfg):
    """Effect delete_risk (chosen_yours: only Botz with RISK are offered; each_yours)."""
    patch, sweep = c("heal-one"), c("heal-all")
    state = table(
        cfg,
        seat(0, hand=[patch, sweep], botz=[bot("v4", risk=3), bot("v3"), bot("v2", risk=1)]),
        seat(1),
    )
    state, _ = play(state, 0, Play(card=patch))
    assert {o.id for o in state.decision.options} == {ids(state, 0)[0], ids(state, 0)[2]}
    state, _ = play(state, 0, Choose(option=ids(state, 0)[0]))
    assert [b.risk for b in state.seats[0].botz] == [1, 0, 1]
    state, _ = play(state, 0, Play(card=sweep))
    assert [b.risk for b in state.seats[0].botz] == [0, 0, 0]


def test_effect_move_risk_from_chosen_bot_of_yours_to_chosen_opposing_bot(cfg):
    """Effect move_risk (chosen_yours -> chosen opposing): two questions, then the move; a Bot
    that gets RISK equal to its value by a move goes to the discard."""
    shift = c("move")
    state = table(
        cfg,
        seat(0, hand=[shift], botz=[bot("v4", risk=3), bot("v3", risk=1)]),
        seat(1, botz=[bot("v2", 1), bot("v6", 1)]),
    )
    state, _ = play(state, 0, Play(card=shift))
    assert "move RISK from" in state.decision.prompt
    state, _ = play(state, 0, Choose(option=ids(state, 0)[0]))
    assert "move RISK to" in state.decision.prompt
    victim = ids(state, 1)[0]
    state, events = play(state, 0, Choose(option=victim))
    assert bot_at(state, 0, 0).risk == 1
    assert victim in state.seats[1].discard and len(state.seats[1].botz) == 1


def test_effect_move_risk_from_this_bot_at_end_of_turn(cfg):
    """Effect move_risk (this), trigger end_of_turn; armor doesn't cut moved RISK (Ruling 10)."""
    state = table(cfg, seat(0, botz=[bot("move-this", risk=2)]), seat(1, botz=[bot("shell", 1)]))
    state, _ = play(state, 0, END)
    assert bot_at(state, 0, 0).risk == 1 and bot_at(state, 1, 0).risk == 1


def test_effect_unuse_this_bot_at_end_of_turn(cfg):
    """Effect unuse (this), trigger end_of_turn: USED to RESEARCH, UNUSED before the opponent's
    turn, so it can't be HACKed."""
    state = table(cfg, seat(0, botz=[bot("unuse-this")], invested=2), seat(1, botz=[bot("v6", 1)]))
    state, _ = play(state, 0, Research(bot=ids(state, 0)[0], cards=2), END)
    assert not bot_at(state, 0, 0).used
    assert not [a for a in RULES.legal_actions(state, 1) if isinstance(a, Hack)]


def test_effect_draw(cfg):
    """Effect draw: cards come from the top of the deck into the hand."""
    dump = c("draw")
    state = table(cfg, seat(0, hand=[dump]), seat(1))
    top = state.seats[0].deck[:2]
    state, _ = play(state, 0, Play(card=dump))
    assert state.seats[0].hand == top


def test_effect_extra_invest(cfg):
    """Effect extra_invest: one more invest this turn (Ruling 15)."""
    funding, a, b, d = c("extra"), c("v1"), c("v2"), c("v3")
    state = table(cfg, seat(0, hand=[funding, a, b, d]), seat(1))
    state, _ = play(state, 0, Invest(card=a), Play(card=funding), Invest(card=b))
    assert state.seats[0].invested[-2:] == (a, b)
    rejected(state, 0, Invest(card=d), "FAQs")


def test_effect_gain_research_if_you_want(cfg):
    """Effect gain_research (optional): the controller says yes or no."""
    idea, idea2 = c("idea"), c("idea")
    state = table(cfg, seat(0, hand=[idea, idea2]), seat(1))
    state, _ = play(state, 0, Play(card=idea))
    assert state.decision.kind == "confirm"
    assert RULES.legal_actions(state, 0) == [Choose(option="yes"), Choose(option="no")]
    state, _ = play(state, 0, Choose(option="no"), Play(card=idea2), Choose(option="yes"))
    assert state.seats[0].research == 2


def test_effect_gain_research_can_win(cfg):
    """Effect gain_research (fixed), start_of_turn: reaching 10 wins at once (Objectives)."""
    state = table(cfg, seat(0), seat(1, modules=[c("grant", 1)], research=9))
    state, _ = play(state, 0, END)
    assert RULES.outcome(state).winners == (1,)


def test_trigger_when_dealt_risk_even_when_the_bot_goes(cfg):
    """Trigger when_dealt_risk (Ruling 11): it fires, on the opponent's turn too, even when the
    RISK sends the Bot to the discard; the owner draws."""
    state = table(cfg, seat(0, botz=[bot("v6")]), seat(1, botz=[bot("alarm", 1, used=True)]))
    hand = len(state.seats[1].hand)
    state, events = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert state.seats[1].botz == () and len(state.seats[1].hand) == hand + 1


def test_simultaneous_dealt_triggers_from_one_hack_are_ordered_by_the_active_player(cfg):
    """FAQ (simultaneous things: the active player orders) with triggers from one HACK."""
    state = table(cfg, seat(0, botz=[bot("alarm")]), seat(1, botz=[bot("alarm", 1, used=True)]))
    state, _ = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert state.decision.kind == "order" and state.decision.seat == 0
    state, _ = play(state, 0, Choose(option="2"))
    assert (
        state.decision is None and len(state.seats[1].hand) == 1 and len(state.seats[0].hand) == 1
    )


def test_modifier_value_bonus(cfg):
    """Ongoing value_bonus (all_yours, other_yours): a bigger value RESEARCHes with more cards."""
    state = table(
        cfg, seat(0, botz=[bot("coach"), bot("v2")], invested=5, modules=[c("chip")]), seat(1)
    )
    assert [b.value for b in RULES.view(state, 1).seats[0].botz] == [3, 4]
    helped = ids(state, 0)[1]
    cards = [
        a.cards
        for a in RULES.legal_actions(state, 0)
        if isinstance(a, Research) and a.bot == helped
    ]
    assert max(cards) == 4


def test_a_value_bonus_leaving_play_can_send_a_bot_to_the_discard(cfg):
    """A Bot whose RISK reaches its value goes to the discard (Ruling 12): when the
    Coach goes, the Bot it helped (value 3 -> 2) with RISK 2 goes too."""
    state = table(
        cfg,
        seat(0, botz=[bot("coach", used=True), bot("v2", risk=2)]),
        seat(1, botz=[bot("v6", 1)]),
        active=1,
    )
    coach, helped = ids(state, 0)
    state, events = play(state, 1, Hack(bot=ids(state, 1)[0], target=coach))
    assert state.seats[0].botz == () and set(state.seats[0].discard) == {coach, helped}


def test_modifier_armor(cfg):
    """Ongoing armor: the Bot is dealt that much less RISK."""
    state = table(cfg, seat(0, botz=[bot("v3")]), seat(1, botz=[bot("shell", 1, used=True)]))
    state, events = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert bot_at(state, 1, 0).risk == 2 and state.seats[0].botz == ()


def test_modifier_hack_bonus(cfg):
    """Ongoing hack_bonus: more RISK when this Bot HACKs; none extra when it is HACKed (Ruling 9)."""
    state = table(cfg, seat(0, botz=[bot("fang")]), seat(1, botz=[bot("v4", 1, used=True)]))
    fang = ids(state, 0)[0]
    state, _ = play(state, 0, Hack(bot=fang, target=ids(state, 1)[0]))
    assert bot_at(state, 1, 0).risk == 3 and state.seats[0].discard == (fang,)
    state = table(cfg, seat(0, botz=[bot("v6")]), seat(1, botz=[bot("fang", 1, used=True)]))
    state, _ = play(state, 0, Hack(bot=ids(state, 0)[0], target=ids(state, 1)[0]))
    assert bot_at(state, 0, 0).risk == 2


def test_modifier_cost_discount(cfg):
    """Ongoing cost_discount: your Botz cost 1 less, minimum 1; other cards cost the same."""
    four, one, storm = c("v4"), c("v1"), c("deal-each")
    state = table(cfg, seat(0, hand=[four, one, storm], invested=4, modules=[c("line")]), seat(1))
    assert RULES.view(state, 0).seats[0].costs == (3, 1, 1)
    state, _ = play(state, 0, Play(card=four), Play(card=one))
    assert state.seats[0].invested_unused == 0


# -- card text from the data ---------------------------------------------------------------------
def test_card_text_is_generated_from_the_effect_data(cards_dir):
    """Effects as data: the printed text is generated from the same records the rules run."""
    cat = catalog(cards_dir)
    expect = {
        "deal": "When played: deal 2 RISK to chosen opposing Bot.",
        "deal-each": "When played: deal 1 RISK to each opposing Bot.",
        "heal-this": "Start of turn: delete 1 RISK from this Bot.",
        "heal-all": "When played: delete 1 RISK from each Bot of yours.",
        "move": "When played: move 2 RISK from chosen Bot of yours to chosen opposing Bot.",
        "unuse-theirs": "When played: UNUSE chosen USED opposing Bot.",
        "draw": "When played: draw 2 cards.",
        "extra": "When played: you may invest 1 more card this turn.",
        "idea": "When played: you may gain 2 RESEARCH.",
        "grant": "Start of turn: gain 1 RESEARCH.",
        "alarm": "Whenever this Bot is dealt RISK: draw a card.",
        "recycler": "Whenever you delete RISK: draw a card.",
        "coach": "Ongoing: your other Botz have +1 value.",
        "shell": "Ongoing: this Bot is dealt 1 less RISK.",
        "fang": "Ongoing: this Bot deals 1 more RISK when it HACKs.",
        "line": "Ongoing: your Botz cost 1 less (minimum 1).",
        "v3": "",
    }
    for card_id, text in expect.items():
        assert card_text(cat.cards[card_id]) == text == cat.cards[card_id].text


# -- the whole game ------------------------------------------------------------------------------
def test_a_multiplayer_game_replays_from_its_log(cfg3, tmp_path):
    """The engine contract with 3 players: random legal play reaches an outcome; a save replays."""
    rng = random.Random(5)
    match = Match(RULES, cfg3, 9)
    while match.to_act():
        seat_ = min(match.to_act())
        actions = match.legal_actions(seat_)
        match.play(seat_, actions[rng.randrange(len(actions))])
    assert match.outcome() is not None
    replayed = list(match.replay())
    assert replayed[-1] == match.state


class FourSeats(ZoobotzRules):
    """The rules with a four-player default table, for the conformance kit."""

    def default_config(self, names=None) -> Config:
        return Config(names=tuple(names or ("Ann", "Bo", "Cy", "Di")))


def test_the_conformance_kit_with_four_players(tmp_path):
    """The engine contract (tests/conformance.py) at a 4-player table: playouts end, illegal
    actions are refused, same seed same game, saves replay, views leak no hidden card."""
    from conformance import (
        action_pool,
        check_determinism,
        check_illegal_rejected,
        check_save_load_replay,
        check_views_do_not_leak,
        random_playout,
    )

    rules = FourSeats()
    playouts = [random_playout(rules, seed) for seed in (0, 1, 2)]
    for p in playouts:
        check_determinism(rules, p)
        assert check_views_do_not_leak(rules, p, every=4, variants=2) > 0
    assert (
        sum(check_illegal_rejected(rules, p, action_pool(rules, playouts)) for p in playouts) > 50
    )
    check_save_load_replay(rules, playouts[0], tmp_path)
