"""Zeo rules, one scenario per section of the rulebook (Power Rangers Deck-Building Game:
Zeo, rulebook sections named in each test).

Each docstring paraphrases the rule the test checks and names its section."""

from __future__ import annotations

from collections import Counter

import pytest
from zeo_helpers import (
    R,
    act,
    attach,
    choose,
    decline_all,
    energy,
    events,
    game,
    grid,
    hand,
    inst,
    player,
    rejected,
    team,
)

from tabletop_tui.games.zeo_dbg.cards import catalog
from tabletop_tui.games.zeo_dbg.effects import Ability, Attack, FoeDiscard
from tabletop_tui.games.zeo_dbg.models import (
    Activate,
    Attach,
    Attached,
    AttachTile,
    Battle,
    Buy,
    Config,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
)
from tabletop_tui.games.zeo_dbg.rules import LAIR_HEAL

CAT = catalog()
V, H = 0, 1


def end_turn(state):
    state = act(state, state.active, EndMain())
    return act(state, state.active, EndTurn())


def shards(state, n):
    return state.model_copy(update={"shards": n})


def no_adversaries(state):
    return grid(
        state,
        "pulse-rifle",
        "field-medkit",
        "arc-shield",
        "power-cell",
        "focus-breath",
        "tactical-retreat",
    )


# -- Setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fmt", "lone", "order"),
    [
        ("1v1", "heroes", [0, 1, 0, 1, 0]),
        ("2v2", "heroes", [0, 1, 2, 3, 0]),
        ("2v1", "heroes", [0, 1, 2, 1, 0]),
        ("2v1", "villains", [0, 1, 0, 2, 0]),
    ],
)
def test_sequence_of_play_is_always_villain_hero_villain_hero(fmt, lone, order):
    """Setup: the Villains start, and whatever the number of players the turns alternate
    Villain, Hero, Villain, Hero. The lone 2v1 player takes both of their team's turns."""
    state = no_adversaries(game(fmt, lone=lone))
    seen = []
    for _ in range(5):
        seen.append(state.active)
        state = no_adversaries(end_turn(state))
    assert seen == order
    teams = [state.config.teams[s] for s in seen]
    assert teams == [0, 1, 0, 1, 0]


def test_lone_player_starts_at_15_hp_and_draws_4():
    """Additional Notes on 2v1: the lone player starts at 15 HP (the cap stays 30) and
    holds a hand of 4 instead of 5, at setup and after every turn."""
    state = game("2v1", lone="heroes")
    assert state.teams[H].hp == 15 and state.teams[V].hp == 30
    assert [len(p.hand) for p in state.players] == [5, 4, 5]
    state = no_adversaries(end_turn(state))  # Hero's turn
    assert state.active == 1
    state = end_turn(state)
    assert len(state.players[1].hand) == 4
    state = team(state, H, hp=29)
    state, _ = hand(state, 1, "first-aid")
    state = state.model_copy(update={"active": 1})
    state = act(state, 1, Play(card=state.players[1].hand[0]))
    assert state.teams[H].hp == 30  # the maximum is still 30


def test_status_tracker_maxima():
    """Status Trackers: "Your maximum HP is 30 and your maximum Energy is 20." Healing above
    the maximum does nothing."""
    state = game()
    state = team(state, V, hp=30, energy=19)
    state, cards = hand(state, V, "repair-bay", "dark-charge")
    state = act(state, V, Play(card=cards[0]))
    assert state.teams[V].hp == 30
    state = act(state, V, Play(card=cards[1]))
    assert state.teams[V].energy == 20


def test_deal_two_characters_and_pick_one():
    """Setup: each player may be dealt two characters of their own team and keep one. The
    other team sees neither the offer nor the pick."""
    state = R.new_game(Config(), 4)
    assert state.phase == "setup" and R.to_act(state) == {0, 1}
    v_offer, h_offer = state.players[0].offer, state.players[1].offer
    assert len(v_offer) == 2 and all(CAT.characters[c].team == "villains" for c in v_offer)
    assert len(h_offer) == 2 and all(CAT.characters[c].team == "heroes" for c in h_offer)
    assert R.view(state, 1).seats[0].offer == ()
    assert len(R.view(state, 0).seats[0].offer) == 2
    assert "Choose 1" in rejected(state, 0, Pick(character=h_offer[0]))
    state = act(state, 0, Pick(character=v_offer[1]))
    assert R.view(state, 1).seats[0].character is None
    state = act(state, 1, Pick(character=h_offer[0]))
    assert state.phase == "main" and state.players[0].character == v_offer[1]
    assert len(state.players[0].hand) == 5


def test_setup_each_player_starts_with_their_own_teams_starter_deck():
    """Setup: each player takes the Starter deck of their own team (Villain or Hero
    Starters), shuffled, and draws from it."""
    state = game("2v2")
    for seat, p in enumerate(state.players):
        team_name = "heroes" if state.config.teams[seat] == H else "villains"
        cards = [CAT.card(c) for c in p.hand + p.deck]
        assert cards and all(c.kind == "starter" and c.team == team_name for c in cards)


@pytest.mark.parametrize("seed", range(12))
def test_opening_grid_has_at_most_two_of_a_type(seed):
    """Setup: the first Grid holds no more than two cards of one type; the extras are set
    aside and shuffled back, so all 75 cards are still in the main deck or The Grid."""
    state = game(seed=seed)
    kinds = Counter(CAT.card(c).kind for c in state.grid)
    assert len(state.grid) == 6 and max(kinds.values()) <= 2
    assert len(state.main_deck) + 6 == 75


def test_setup_stacks_and_set_aside_cards():
    """Setup: Zeo Blaster stack face down with its top flipped; Stun stack face up; the
    other Zords and Masters in 2 stacks (4 each, 5 with one player on that team) with their
    tops flipped; your Signature Item and Zord/Master set aside for you only."""
    state = game()
    view = R.view(state, 0)
    assert view.blasters.count == 12 and view.blasters.top.name == "Zeo Blaster"
    assert view.stuns.count == 12
    assert view.zords.count == 5 and view.masters.count == 5
    assert view.zords.top is not None and view.masters.top is not None
    assert "zeo-zord-5#0" not in state.zord_stack
    assert "iron-overlord#0" not in state.master_stack
    assert view.seats[0].item.name == "Overlord Wrench"
    assert view.seats[1].own.name == "Zeo Zord 5"
    big = game("2v2")
    assert len(big.zord_stack) == 4 and len(big.master_stack) == 4


# -- Start Phase ---------------------------------------------------------------------------------
def test_start_phase_refills_grid_flips_tops_and_readies_attached_not_zords():
    """Start Phase: refill The Grid to 6 cards; flip face-down stack tops; ready every card
    attached to your character - "Do not ready Zords attached to the Zord Bay"."""
    state = game()
    state = state.model_copy(
        update={
            "grid": (None, *state.grid[1:3], None, *state.grid[4:]),
            "blaster_up": False,
            "zord_up": False,
            "bay": (Attached(card="skydancer-zord#0", ready=False),),
        }
    )
    state, card = attach(state, H, 1, "pulse-rifle", ready=False)
    state = end_turn(state)
    assert state.active == H
    assert None not in state.grid
    assert state.blaster_up and state.zord_up
    assert state.players[H].slots[1].ready
    assert not state.bay[0].ready


def test_start_of_turn_effects_resolve_in_the_players_order():
    """Start Phase: when several start-of-turn effects are due, the player picks their order.
    Masters in The Lair belong to both Villains."""
    state = no_adversaries(game())
    state = state.model_copy(update={"lair": ("voltara-ascendant#0", "rustmaw-unchained#0")})
    state = team(state, V, hp=20, energy=0)
    state = no_adversaries(end_turn(state))
    state = end_turn(state)
    assert state.active == V and state.decision.kind == "order"
    labels = [o.label for o in state.decision.options]
    assert any("Voltara" in lb for lb in labels) and any("Rustmaw" in lb for lb in labels)
    second = state.decision.options[1].id
    state = choose(state, second)
    assert state.decision is None
    assert state.teams[V].energy == 1 and state.teams[V].hp == 21


# -- Main Phase ----------------------------------------------------------------------------------
def test_playing_cards_gives_shards_and_energy_and_starter_text():
    """How to Play / Quick Reference: playing generates Shards and Energy ("If they have both,
    you get both"); Starter text with no activation cost takes effect when played."""
    state = team(game(), V, hp=25, energy=0)
    state, cards = hand(state, V, "zeo-blaster", "repair-bay", "cog-drill")
    for c in cards:
        state = act(state, V, Play(card=c))
    assert state.shards == 2 and state.teams[V].energy == 1 and state.teams[V].hp == 27
    assert state.players[V].played == tuple(cards)


def test_villains_may_not_buy_heroes():
    """Buying Cards: neither team may buy the other side's characters from The Grid (a
    Hero team cannot buy Villains and the reverse); those are Battled instead."""
    state = shards(grid(game(), "dojo-sensei", "cogsoldier-squad"), 10)
    assert "Villains may not buy Heroes" in rejected(state, V, Buy(source="grid", index=0))
    state = act(state, V, Buy(source="grid", index=1))
    assert state.grid[1] is None and state.shards == 8
    assert state.players[V].discard[-1].startswith("cogsoldier-squad#")
    assert "empty" in rejected(state, V, Buy(source="grid", index=1))


def test_buying_needs_enough_shards():
    """Buying Cards: the total price of what you buy may not exceed the Shards you
    generated this turn."""
    state = shards(grid(game(), "sword-of-damocles"), 4)
    assert "costs 5" in rejected(state, V, Buy(source="grid", index=0))


def _exact_and_one_short(state, seat, action, price):
    """The action is legal with exactly `price` Shards (leaving none: offered among the legal
    moves too) and refused one short."""
    assert "Shards" in rejected(shards(state, price - 1), seat, action)
    assert action not in R.legal_actions(shards(state, price - 1), seat)
    assert action in R.legal_actions(shards(state, price), seat)
    return act(shards(state, price), seat, action)


def test_boundary_buying_cards_with_exactly_the_shards_it_costs():
    """Buying Cards, the boundary: the price may *equal* the Shards generated this turn, for
    every source: a Grid card, the Zeo Blaster (Zeo Blasters), the Signature Item (Signature
    Item Cards), your own Master or one from the stack (Master Cards), a Serpentera Section
    (Serpentera Section Promo Rules); one Shard short is refused."""
    state = grid(game(), "sword-of-damocles")
    state = _exact_and_one_short(state, V, Buy(source="grid", index=0), 5)
    assert state.shards == 0 and state.players[V].discard[-1].startswith("sword-of-damocles#")
    blaster = CAT.card(game().blasters[0]).cost
    state = _exact_and_one_short(game(), V, Buy(source="blaster"), blaster)
    assert state.shards == 0 and not state.blaster_up
    item = CAT.cards[CAT.characters[game().players[V].character].item]
    state = _exact_and_one_short(game(), V, Buy(source="item"), item.cost)
    assert state.shards == 0
    state = _exact_and_one_short(game(), V, Buy(source="own"), 7)
    assert state.shards == 0 and state.players[V].own_gained
    state = player(game(), V, own_gained=True)
    state = _exact_and_one_short(state, V, Buy(source="stack"), 7)
    assert state.shards == 0 and len(state.lair) == 1
    venjix = game(chars=("venjix", "renn"), serpentera=True)
    tail = CAT.cards["serpentera-tail"].cost
    state = _exact_and_one_short(venjix, V, Buy(source="serpentera"), tail)
    assert state.shards == 0 and state.players[V].serpentera == 1


def test_boundary_battling_with_exactly_the_shards_it_costs():
    """Battling Adversary Cards, the boundary: a Battle cost equal to the Shards on hand is
    paid (leaving none); one Shard short is refused."""
    state = game().model_copy(update={"active": H})
    state = team(grid(state, "rivet-sniper"), H, hp=20)
    cost = CAT.cards["rivet-sniper"].battle_cost
    state = _exact_and_one_short(state, H, Battle(index=0), cost)
    assert state.shards == 0 and state.grid[0] is None


def test_boundary_setup_the_number_of_players_names_the_format():
    """Setup: two players play 1v1, three 2v1, four 2v2 (named players and no format
    given: the count decides)."""
    formats = {n: Config(names=tuple("abcd"[:n])).format for n in (2, 3, 4)}
    assert formats == {2: "1v1", 3: "2v1", 4: "2v2"}


def test_boundary_setup_two_to_four_players_and_four_slots():
    """Setup: 1v1, 2v1 or 2v2, so two to four players; a character card has four slots
    (0-3), so a Battle of an attached card names slot 0 to 3 and no other."""
    assert R.min_seats == 2 and R.max_seats == 4
    assert Battle(slot=3).slot == 3
    with pytest.raises(ValueError):
        Battle(slot=4)


def test_boundary_setup_seats_are_numbered_from_zero_to_players_minus_one():
    """Setup: a 1v1 game has seats 0 and 1; seat 2 (the third, as players count) is no seat at all."""
    state = game()
    assert "no seat 3: this table has 2" in rejected(state, 2, EndMain())
    assert "no seat 0: this table has 2" in rejected(state, -1, EndMain())


def test_boundary_master_cards_only_your_own_master_needs_the_orange_slot():
    """Master Cards: your own Master goes to your orange slot, so it cannot come in while
    that slot is taken; any other Master goes to The Lair whatever your orange slot holds."""
    state, _ = attach(game(), V, 3, "iron-overlord")
    own, _ = hand(state, V, "iron-overlord")
    assert "orange slot is taken" in rejected(own, V, AttachTile(card=own.players[V].hand[0]))
    other, _ = hand(state, V, "voltara-ascendant")
    assert R.check(other, V, AttachTile(card=other.players[V].hand[0])) is None


def test_one_zeo_blaster_per_turn():
    """Zeo Blasters: buying the top Blaster leaves the next one face down until the next
    turn, hence one a turn."""
    state = shards(game(), 10)
    state = act(state, V, Buy(source="blaster"))
    assert len(state.blasters) == 11 and not state.blaster_up
    assert "one a turn" in rejected(state, V, Buy(source="blaster"))


def test_signature_item_attaches_when_gained_or_is_discarded():
    """Signature Item Cards: a bought Signature Item attaches at once to an empty slot of
    the player's choice, of any colour, or goes to the discard pile when no slot is empty.
    Nobody else may buy it."""
    state = shards(game(), 10)
    state = act(state, V, Buy(source="item"))
    assert state.decision.kind == "slot"  # the player picks the slot (never the orange one)
    assert [o.id for o in state.decision.options] == ["0:0", "0:1", "0:2"]
    state = choose(state, "0:2")
    assert state.players[V].slots[2].card == "overlord-wrench#0"
    assert "already" in rejected(state, V, Buy(source="item"))
    full = shards(game(), 10)
    for i in range(3):
        full, _ = attach(full, V, i, "cogsoldier-squad")
    full = act(full, V, Buy(source="item"))
    assert "overlord-wrench#0" in full.players[V].discard


def test_own_zord_first_and_teammate_discount():
    """Zords: a Hero gains their own Zord before buying from the stack, and pays 2 Shards
    less while the teammate controls their personal Zord."""
    state = game("2v2")
    state = state.model_copy(update={"active": 1, "shards": 7})
    assert "own Zord before" in rejected(state, 1, Buy(source="stack"))
    assert R.view(state, 1).seats[1].own.cost == 7
    state = state.model_copy(update={"bay": (Attached(card="stonehorn-zord#0"),), "shards": 5})
    state = act(state, 1, Buy(source="own"))  # costs 5: Mara (seat 3) controls her Zord
    assert state.shards == 0 and len(state.bay) == 2 and state.players[1].own_gained
    state = shards(state, 5)
    state = act(state, 1, Buy(source="stack"))
    assert len(state.bay) == 3
    assert "one a turn" in rejected(shards(state, 9), 1, Buy(source="stack"))


def test_master_prices_teammate_and_character_discounts():
    """Master Cards: a Villain pays 2 Shards less for Masters while the teammate controls
    their own Master (in their orange slot), as Heroes do for Zords; The Cog Regent's
    static ability takes 1 more off (while not flipped)."""
    from tabletop_tui.games.zeo_dbg.table import zm_price

    state = game("2v2")
    assert zm_price(state, 0) == 7
    mate_own = CAT.characters[state.players[2].character].own
    state, _ = attach(state, 2, 3, mate_own)
    assert zm_price(state, 0) == 5
    regent = game(chars=("cog-regent", "renn"))
    assert zm_price(regent, V) == 6
    assert zm_price(player(regent, V, flipped=True), V) == 7


def test_boundary_mara_battles_for_one_less_but_never_below_one():
    """Mara Quill's static ability: Battles cost her 1 Shard less, down to 1 at least: a
    Battle cost of 2 becomes exactly 1."""
    from tabletop_tui.games.zeo_dbg.table import battle_price

    state = game(chars=("gearwright", "mara"))
    squad = CAT.cards["cogsoldier-squad"]
    assert squad.battle_cost == 2
    assert battle_price(state, H, squad) == 1
    for cost, paid in ((1, 1), (3, 2)):
        assert battle_price(state, H, squad.model_copy(update={"battle_cost": cost})) == paid


def test_each_turn_records_both_teams_hp_villains_first():
    """Status Trackers: the table notes both teams' HP as each turn starts (Villains, then
    Heroes), the history the HP chart shows."""
    state = team(team(no_adversaries(game()), V, hp=28), H, hp=25)
    state = R._start_turn(state, [])
    assert state.hp_history[-1] == (28, 25)


def test_heroes_cannot_buy_masters_and_villains_cannot_buy_zords():
    """Buying Cards: the Zord stack is for Heroes only, the Master stack for Villains only."""
    state = shards(player(game(), V, own_gained=True), 10)
    state = act(state, V, Buy(source="stack"))
    assert state.lair and CAT.card(state.lair[0]).kind == "master"


def test_attach_to_a_matching_slot_only():
    """Attaching Cards: attach "to a slot that matches the card's color"; Signature Items and
    Zeo Sub-Crystals match all colours; attaching gives no Shards or Energy."""
    state = game().model_copy(update={"active": H})
    state, cards = hand(state, H, "pulse-rifle", "zeo-sub-crystal-3-blue", "cogsoldier-squad")
    assert "does not match a red slot" in rejected(state, H, Attach(card=cards[0], slot=0))
    state = act(state, H, Attach(card=cards[0], slot=1))
    state = act(state, H, Attach(card=cards[1], slot=0))
    assert state.players[H].slots[0].card == cards[1]
    assert state.shards == 0 and state.teams[H].energy == 0
    assert "not empty" in rejected(state, H, Attach(card=cards[2], slot=0))
    assert "does not match" in rejected(state, H, Attach(card=cards[2], slot=3))


def test_battle_pays_resolves_reward_first_then_main_deck_discard():
    """Battling Adversary Cards: pay the Battle cost, resolve the reward, move the adversary
    to the main deck discard pile; its space stays empty until the next player's Start
    Phase. A card that is not an adversary cannot be Battled."""
    state = game().model_copy(update={"active": H, "shards": 5})
    state = team(grid(state, "rivet-sniper", "pulse-rifle"), H, hp=20)
    assert "only Battle adversary" in rejected(state, H, Battle(index=1))
    state = act(state, H, Battle(index=0))
    assert state.shards == 1 and state.teams[H].hp == 22
    assert state.grid[0] is None and state.main_discard[-1].startswith("rivet-sniper#")


def test_boundary_regroup_draws_on_the_next_battle_only():
    """Battling Adversary Cards with Regroup (When you Battle this turn, draw 2): the draw
    comes with the first Battle after it is played, once; a second Battle draws nothing
    more."""
    state = grid(game(), "rivet-sniper", "rivet-sniper").model_copy(
        update={"active": H, "shards": 10}
    )
    state, (regroup,) = hand(state, H, "regroup")
    state = act(state, H, Play(card=regroup))
    state = act(state, H, Battle(index=0))
    assert len(state.players[H].hand) == 2 and state.battle_draws == ()
    state = act(state, H, Battle(index=1))
    assert len(state.players[H].hand) == 2


def test_activate_pays_energy_exhausts_and_once_per_turn():
    """Main Phase: activate by "paying the Energy cost ... then exhaust the card";
    "Activated abilities may only be used once per turn"."""
    state = game()
    state, card = attach(state, V, 0, "cogsoldier-squad")
    cost = CAT.cards["cogsoldier-squad"].ability.cost
    state = energy(state, V, cost - 1)
    assert f"costs {cost} Energy" in rejected(state, V, Activate(source="slot", index=0))
    state = energy(state, V, 3)
    state = decline_all(act(state, V, Activate(source="slot", index=0)))
    assert state.teams[V].energy == 3 - cost and state.teams[H].hp == 28
    assert not state.players[V].slots[0].ready
    assert "exhausted" in rejected(state, V, Activate(source="slot", index=0))


def test_discard_ready_attached_in_main_any_in_end_phase():
    """Discarding Attached Cards: in the Main Phase only a ready card; in the End Phase any
    number of attached cards, ready or exhausted. Not your Masters."""
    state = game()
    state, card = attach(state, V, 0, "cogsoldier-squad", ready=False)
    assert "only a ready card" in rejected(state, V, DiscardAttached(slot=0))
    state = player(state, V, slots=(*state.players[V].slots[:3], Attached(card="iron-overlord#0")))
    state = act(no_adversaries(state), V, EndMain())
    assert "Zords or Masters" in rejected(state, V, DiscardAttached(slot=3))
    state = act(state, V, DiscardAttached(slot=0))
    assert card in state.players[V].discard


# -- End Phase -----------------------------------------------------------------------------------
def test_end_phase_damage_per_adversary_is_not_an_attack():
    """End Phase: "Take 1 damage for each adversary card in The Grid ... This is not an Attack
    and therefore cannot be blocked." """
    state = grid(game(), "dojo-sensei", "junior-cadet", "rivet-sniper")
    state, cards = hand(state, H, "junior-cadet")
    state = energy(state, H, 5)
    state = act(state, V, EndMain())
    assert state.teams[V].hp == 28 and state.attack is None
    assert R.to_act(state) == {V}


def test_end_turn_discards_everything_and_draws_five_reshuffling_only_when_needed():
    """End Phase / Shuffling Your Deck: discard played cards and hand, refill to 5; shuffle the
    discard pile only at the moment a draw needs it."""
    state = no_adversaries(game())
    p = state.players[V]
    state = player(state, V, deck=p.deck[:2], discard=p.deck[2:])
    state, cards = hand(state, V, "cog-drill", "stun")
    state = act(state, V, Play(card=cards[0]))
    state = act(state, V, EndMain())
    new, texts = events(state, V, EndTurn())
    q = new.players[V]
    assert len(q.hand) == 5 and q.played == ()
    assert any("shuffles" in t for t in texts)
    assert cards[0] in q.deck + q.hand and cards[1] in q.deck + q.hand
    # with a big enough deck there is no shuffle
    state2 = act(no_adversaries(game()), V, EndMain())
    _, texts2 = events(state2, V, EndTurn())
    assert not any("shuffles" in t for t in texts2)


# -- Character cards: flipping -------------------------------------------------------------------
def test_four_filled_slots_flip_and_hero_gains_own_zord():
    """Anatomy of a Character Card: four filled slots flip the character, for good. Zords:
    a Hero who flips this way also gains their own Zord."""
    state = game().model_copy(update={"active": H})
    for i, c in enumerate(("dojo-sensei", "pulse-rifle", "field-medkit")):
        state, _ = attach(state, H, i, c)
    state, cards = hand(state, H, "focus-breath")
    state = act(state, H, Attach(card=cards[0], slot=3))
    assert state.players[H].flipped and state.players[H].own_gained
    assert [z.card for z in state.bay] == ["zeo-zord-5#0"]
    state = act(state, H, DiscardAttached(slot=3))
    assert state.players[H].flipped
    assert "flipped side" not in (R.check(state, H, Activate(source="character")) or "")


def test_flipping_does_not_give_a_second_zord():
    """Zords: "A Hero player may buy their Zord prior to this ... but they will not earn
    another Zord when flipping"."""
    state = game().model_copy(update={"active": H})
    state = player(state, H, own_gained=True)
    state = state.model_copy(update={"bay": (Attached(card="zeo-zord-5#0"),)})
    for i, c in enumerate(("dojo-sensei", "pulse-rifle", "field-medkit")):
        state, _ = attach(state, H, i, c)
    state, cards = hand(state, H, "focus-breath")
    state = act(state, H, Attach(card=cards[0], slot=3))
    assert state.players[H].flipped and len(state.bay) == 1


def test_character_ability_only_on_flipped_side_once_per_turn():
    """Anatomy of a Character Card / Activated Abilities: the flipped side has the activated
    ability; "You don't exhaust your character card ... but the once per turn rule still
    applies"."""
    state = energy(game(), V, 10)
    assert "flipped side" in rejected(state, V, Activate(source="character"))
    state = player(state, V, flipped=True)
    state = decline_all(act(state, V, Activate(source="character")))
    assert state.teams[H].hp == 26 and state.teams[V].energy == 7
    assert "once per turn" in rejected(state, V, Activate(source="character"))


# -- Masters and The Lair ------------------------------------------------------------------------
def test_own_master_goes_to_orange_slot_others_to_the_lair_which_heals():
    """Master Cards / The Lair: your own Master attaches to your orange slot; other Masters
    go to The Lair, and attaching one there "immediately triggers a healing effect"."""
    state = team(shards(game(), 7), V, hp=20)
    state = act(state, V, Buy(source="own"))
    assert state.players[V].slots[3].card == "iron-overlord#0"
    assert state.lair == () and state.teams[V].hp == 20
    state = shards(state, 7)
    state = act(state, V, Buy(source="stack"))
    assert len(state.lair) == 1 and state.teams[V].hp == 20 + LAIR_HEAL


def test_both_villains_resolve_the_lair_masters():
    """The Lair: every Master placed there works for each Villain on that Villain's turn."""
    state = no_adversaries(game("2v2"))
    state = state.model_copy(update={"lair": ("voltara-ascendant#0",)})
    state = energy(state, V, 0)
    for _ in range(2):
        state = no_adversaries(end_turn(state))
    assert state.active == 2 and state.teams[V].energy == 1


# -- Attacks and Blocks --------------------------------------------------------------------------
def test_targeted_attack_only_the_target_may_block():
    """Blocks: only the foe an Attack targets may Block it."""
    state = energy(game("2v2"), V, 5)
    state, _ = attach(state, V, 2, "defender-wheel")  # blue slot
    state = act(state, V, Activate(source="slot", index=2))
    assert state.decision.kind == "target"
    state = choose(state, "3")
    assert R.to_act(state) == {3}
    assert R.legal_actions(state, 1) == []


def test_non_targeted_attack_either_defender_may_block_once():
    """Blocks: "A non-targeted Attack ... may be Blocked by either teammate"; "Only one Block
    card may be used per Attack"."""
    state = energy(game("2v2"), V, 5)
    state = energy(state, H, 5)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state, h1 = hand(state, 1, "arc-shield")
    state, h3 = hand(state, 3, "arc-shield")
    state = act(state, V, Activate(source="slot", index=0))
    assert R.to_act(state) == {1}
    state = choose(state, "decline")
    assert R.to_act(state) == {3}
    state = choose(state, f"hand:{h3[0]}")
    assert state.attack is None and R.to_act(state) == {V}
    assert state.teams[H].hp == 30 and state.teams[H].energy == 3
    assert h3[0] in state.players[3].discard and h1[0] in state.players[1].hand


def test_once_the_first_defender_blocks_the_teammate_is_not_asked():
    """Blocks: only one Block card may be used per Attack, so when the first defender asked
    Blocks a non-targeted Attack, the teammate is not asked at all."""
    state = energy(energy(game("2v2"), V, 5), H, 5)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state, h1 = hand(state, 1, "arc-shield")
    state, h3 = hand(state, 3, "arc-shield")
    state = act(state, V, Activate(source="slot", index=0))
    assert R.to_act(state) == {1}
    state = choose(state, f"hand:{h1[0]}")
    assert state.attack is None and R.to_act(state) == {V}
    assert h3[0] in state.players[3].hand and state.teams[H].hp == 30


def test_defender_always_gets_the_block_prompt_and_declining_reveals_nothing():
    """Tips on Playing: "When you are attacked and don't have any Blocks ... don't give away
    that you are defenseless." The defender is always asked; others never see their options."""
    base = energy(game(), V, 5)
    base, _ = attach(base, V, 0, "cogsoldier-squad")
    without, _ = hand(base, H, "ranger-training")
    with_block, cards = hand(energy(base, H, 3), H, "arc-shield")
    views = []
    for state in (without, with_block):
        state = act(state, V, Activate(source="slot", index=0))
        assert R.to_act(state) == {H}
        views.append(R.view(state, V))
        opts = [a.option for a in R.legal_actions(state, H)]
        assert "decline" in opts
        after = choose(state, "decline")
        assert after.teams[H].hp == 28
    assert views[0].decision is None and views[0].attack == views[1].attack
    assert views[0].decision_prompt == views[1].decision_prompt


def test_block_from_hand_needs_the_hand_icon_and_energy_and_discards():
    """Blocks: "Block cards with the Hand icon" may be used from the hand; "pay the activation
    cost"; "you must discard the Block card". A Block is not playing the card."""
    state = energy(game(), V, 5)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state, cards = hand(state, H, "arc-shield", "trey-of-triforia")
    state = energy(state, H, 1)
    state = act(state, V, Activate(source="slot", index=0))
    assert [a.option for a in R.legal_actions(state, H)] == ["decline"]  # 1 Energy, cost 2
    state = energy(state, H, 2)
    opts = [a.option for a in R.legal_actions(state, H)]
    assert opts == [f"hand:{cards[0]}", "decline"]  # Trey has no hand icon
    state = team(choose(state, f"hand:{cards[0]}"), H)
    assert state.teams[H].energy == 0 and state.teams[H].hp == 30
    assert cards[0] in state.players[H].discard and state.players[H].played == ()


def test_attacker_turn_goes_on_after_the_block():
    """Blocks are an interrupt: after the Block the attacker's Main Phase continues."""
    state = energy(game(), V, 6)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state, _ = attach(state, V, 1, "gearclaw-brute")
    state = decline_all(act(state, V, Activate(source="slot", index=0)))
    assert state.phase == "main" and R.to_act(state) == {V}
    assert R.check(state, V, Activate(source="slot", index=1)) is None


def test_each_targeted_foe_blocks_separately():
    """Attacks: an "each targeted foe" Attack is one Attack per foe; each foe may Block
    only the part aimed at them, and one foe's Block does not cover the other."""
    state = energy(game("2v2"), V, 6)
    state = energy(state, H, 3)
    state, _ = attach(state, V, 0, "volt-overseer")
    state, cards = hand(state, 1, "arc-shield")
    state = act(state, V, Activate(source="slot", index=0))
    assert R.to_act(state) == {1}
    state = choose(state, f"hand:{cards[0]}")
    assert R.to_act(state) == {3}
    stuns = len(state.stuns)
    state = choose(state, "decline")
    assert state.teams[H].hp == 30 + 0 - 2 + 0  # Arc Shield healed 1 at full HP: nothing
    assert len(state.stuns) == stuns - 1
    assert state.players[3].discard[-1].startswith("stun#")


# -- Zord Bay ------------------------------------------------------------------------------------
def _hero_with_zords(n: int, ready: bool = True):
    state = game().model_copy(update={"active": H})
    zords = (
        "skydancer-zord#0",
        "stonehorn-zord#0",
        "tidefin-zord#0",
        "thornback-zord#0",
        "sunlance-zord#0",
    )[:n]
    return energy(
        state.model_copy(update={"bay": tuple(Attached(card=z, ready=ready) for z in zords)}), H, 20
    )


def test_boundary_zeo_zord_bay_holds_exactly_five_zords():
    """Zeo Zord Bay, the boundary: it has 5 slots: a fifth Zord still comes in (re-attached
    from hand, bought as your own, or from the stack); with 5 there, none does."""
    for n, full in ((4, False), (5, True)):
        state, (zord,) = hand(_hero_with_zords(n), H, "sunlance-zord")
        tile = AttachTile(card=zord)
        own = Buy(source="own")
        stack = Buy(source="stack")
        stacked = player(shards(state, 20), H, own_gained=True)
        if full:
            assert "only 5 slots" in rejected(state, H, tile)
            assert "only 5 slots" in rejected(shards(state, 20), H, own)
            assert "only 5 slots" in rejected(stacked, H, stack)
        else:
            assert R.check(state, H, tile) is None
            assert R.check(shards(state, 20), H, own) is None
            assert R.check(stacked, H, stack) is None


def test_a_zord_drawn_into_hand_may_be_re_attached_to_the_bay():
    """Miscellaneous Rules with Zeo Zord Bay: a Zord drawn from your deck is not played but
    re-attached to the Bay; the legal moves offer exactly that."""
    state, (zord,) = hand(_hero_with_zords(1), H, "sunlance-zord")
    moves = R.legal_actions(state, H)
    assert AttachTile(card=zord) in moves and Play(card=zord) not in moves


def test_boundary_red_battlezord_activation_costs_exactly_two_energy():
    """Red Battlezord and Zeo Megazord: the Red Battlezord's ability costs 2 Energy (the plain
    Bay's costs 1): exactly 2 is enough, 1 is not."""
    state = _hero_with_zords(3, ready=False).model_copy(update={"bay_side": "battlezord"})
    assert "Energy" in rejected(energy(state, H, 1), H, Activate(source="bay"))
    state = act(energy(state, H, 2), H, Activate(source="bay"))
    assert state.teams[H].energy == 0 and all(z.ready for z in state.bay)


def test_red_battlezord_at_three_zords_exhausts_them_and_allows_three_activations():
    """Red Battlezord and Zeo Megazord: "As soon as you have 3 Zords attached ... exhaust all
    attached Zords without activating them and FLIP"; it allows 3 activations a turn."""
    state = shards(_hero_with_zords(2), 7)
    state = act(state, H, Buy(source="own"))
    assert state.bay_side == "battlezord" and not any(z.ready for z in state.bay)
    state = act(state, H, Activate(source="bay"))
    assert all(z.ready for z in state.bay)
    state = act(state, H, Activate(source="zord", index=0))  # Skydancer: Heal 3
    state = decline_all(act(state, H, Activate(source="zord", index=1)))  # Stonehorn: Attack
    assert "is a Block" in rejected(state, H, Activate(source="zord", index=2))  # Zeo Zord 5
    state = state.model_copy(update={"bay": (*state.bay, Attached(card="tidefin-zord#0"))})
    state = act(state, H, Activate(source="zord", index=3))
    assert state.zord_acts == 3
    state = state.model_copy(update={"bay": (*state.bay, Attached(card="thornback-zord#0"))})
    assert state.bay_side == "battlezord"
    assert "3 Zord activation" in rejected(state, H, Activate(source="zord", index=4))


def test_zord_bay_allows_one_activation_and_zords_never_ready_on_their_own():
    """Zeo Zord Bay: with the plain Bay, a Hero activates at most one Zord a turn; Zords
    are readied only by the Bay's own ability, once a turn."""
    state = _hero_with_zords(2)
    state = act(state, H, Activate(source="zord", index=0))
    assert "1 Zord activation" in rejected(state, H, Activate(source="zord", index=1))
    state = act(state, H, Activate(source="bay"))
    assert state.decision.kind == "ready"
    state = choose(state, "zord:0")
    assert state.bay[0].ready
    assert "once a turn" in rejected(state, H, Activate(source="bay"))


def test_zeo_megazord_at_five_readies_all_and_deals_four_unblockable():
    """Red Battlezord and Zeo Megazord: with 5 Zords the Zeo Megazord's ability "lets you
    ready ALL Zords and deals 4 unblockable damage", once per turn."""
    state = _hero_with_zords(5, ready=False).model_copy(update={"bay_side": "battlezord"})
    from tabletop_tui.games.zeo_dbg.rules import settle_bay

    state = settle_bay(state, [])
    assert state.bay_side == "megazord"
    state = act(state, H, Activate(source="bay"))
    assert state.attack is None and state.teams[V].hp == 26
    assert all(z.ready for z in state.bay) and state.teams[H].energy == 17
    assert "once a turn" in rejected(state, H, Activate(source="bay"))


def test_boundary_zeo_megazord_allows_exactly_five_zord_activations():
    """Red Battlezord and Zeo Megazord: the Zeo Megazord side allows 5 Zord activations a
    turn: a fifth is allowed, a sixth is not."""
    state = _hero_with_zords(5).model_copy(update={"bay_side": "megazord"})
    assert R.check(state.model_copy(update={"zord_acts": 4}), H, Activate(source="zord")) is None
    sixth = state.model_copy(update={"zord_acts": 5})
    assert "5 Zord activation" in rejected(sixth, H, Activate(source="zord"))


def test_the_lair_heals_one_when_a_master_is_attached():
    """The Lair: attaching a Master there triggers a healing effect; its amount is our
    balance choice, 1 HP (card_data/zeo-dbg/BALANCE.md)."""
    assert LAIR_HEAL == 1
    state = player(team(shards(game(), 7), V, hp=20), V, own_gained=True)
    state = act(state, V, Buy(source="stack"))
    assert len(state.lair) == 1 and state.teams[V].hp == 21


def test_boundary_zeo_megazord_stands_with_exactly_five_zords_and_a_sixth_is_discarded():
    """Red Battlezord and Zeo Megazord with Zeo Zord Bay, the boundary: with exactly 5 Zords
    the Zeo Megazord stays built; a Zord gained while 5 are attached has no slot and goes
    to the discard pile."""
    from tabletop_tui.games.zeo_dbg.table import place_in_bay, settle_bay

    state = _hero_with_zords(5).model_copy(update={"bay_side": "megazord"})
    assert settle_bay(state, []).bay_side == "megazord"
    extra = inst("skydancer-zord")
    full = place_in_bay(state, extra, [], seat=H)
    assert len(full.bay) == 5 and full.players[H].discard[-1] == extra
    four = state.model_copy(update={"bay": state.bay[:4], "bay_side": "battlezord"})
    placed = place_in_bay(four, extra, [], seat=H)
    assert len(placed.bay) == 5 and placed.bay_side == "megazord"


def test_losing_zords_reverts_the_megazord_but_never_unflips_the_bay():
    """Red Battlezord and Zeo Megazord: under 5 Zords the Megazord falls back to the Red
    Battlezord at once, but dropping under 3 Zords never turns the Bay back over."""
    from tabletop_tui.games.zeo_dbg.rules import settle_bay

    state = _hero_with_zords(5).model_copy(update={"bay_side": "megazord"})
    state = settle_bay(state.model_copy(update={"bay": state.bay[:4]}), [])
    assert state.bay_side == "battlezord"
    state = settle_bay(state.model_copy(update={"bay": state.bay[:1]}), [])
    assert state.bay_side == "battlezord"


def test_upgrade_mid_turn_does_not_reset_the_activation_count():
    """Red Battlezord and Zeo Megazord: an upgrade during the turn keeps the Zord
    activations already spent; they count against the new limit."""
    state = shards(_hero_with_zords(2), 7)
    state = act(state, H, Activate(source="zord", index=0))
    state = act(state, H, Buy(source="own"))
    assert state.bay_side == "battlezord" and state.zord_acts == 1
    assert R.view(state, H).bay.activations_left == 2


# -- Stuns, Zeo Blasters, destroyed pile, Locations -----------------------------------------------
def test_stuns_return_when_you_heal_two_or_more_that_turn():
    """Stun Cards: healing 2 or more HP in the turn sends back every Stun played that turn,
    and a single Heal effect may do it alone."""
    state = team(game(), V, hp=20)
    state, cards = hand(state, V, "stun", "stun", "repair-bay")
    state = act(act(state, V, Play(card=cards[0])), V, Play(card=cards[1]))
    stuns = len(state.stuns)
    state = act(state, V, Play(card=cards[2]))
    assert len(state.stuns) == stuns + 2 and state.players[V].played == (cards[2],)


def test_boundary_stun_played_after_exactly_two_healed_goes_straight_back():
    """Stun Cards, the boundary: once the team has healed 2 HP this turn (exactly 2 is
    enough), a Stun played after that returns to the Stun stack at once; after 1, it stays."""
    state, (stun,) = hand(game(), V, "stun")
    stuns = len(state.stuns)
    back = act(state.model_copy(update={"healed": 2}), V, Play(card=stun))
    assert stun not in back.players[V].played and len(back.stuns) == stuns + 1
    kept = act(state.model_copy(update={"healed": 1}), V, Play(card=stun))
    assert stun in kept.players[V].played and len(kept.stuns) == stuns


def test_boundary_defector_with_a_single_open_slot_attaches_there_without_asking():
    """Specific Card Clarifications, Defector: the buyer names the character and, when
    there is a choice, the slot; with exactly one open slot there is nothing to ask."""
    state = shards(grid(game(), "defector"), 10).model_copy(update={"active": H})
    for i in (0, 1):
        state, _ = attach(state, V, i, "cogsoldier-squad")
    state = choose(act(state, H, Buy(source="grid", index=0)), str(V))
    assert state.decision is None or state.decision.kind != "slot"
    assert state.players[V].slots[2].stuck
    assert state.players[V].slots[2].card.startswith("defector#")


def test_stun_does_not_return_after_a_heal_of_one_or_at_full_hp():
    """Stun Cards / Healing: at 30 HP a Heal "does not resolve as healing"."""
    state = team(game(), V, hp=30)
    state, cards = hand(state, V, "stun", "repair-bay")
    state = act(act(state, V, Play(card=cards[0])), V, Play(card=cards[1]))
    assert cards[0] in state.players[V].played


def test_gaining_a_stun_from_an_empty_stack_is_ignored():
    """Stun Cards: with the Stun stack empty, an effect that would give a Stun does
    nothing."""
    state = energy(game(), V, 5).model_copy(update={"stuns": ()})
    state = player(state, V, flipped=True, character="hexcoil")
    before = state.players[H].discard
    state = decline_all(act(state, V, Activate(source="character")))
    assert state.players[H].discard == before


def test_destroyed_zeo_blaster_goes_to_the_bottom_and_refreshes_the_grid():
    """Zeo Blasters: destroyed "for its text ability" during the turn it is played; "a Zeo
    Blaster that is destroyed for any reason ... is returned to the bottom of the Zeo Blaster
    stack"."""
    state = game()
    state, cards = hand(state, V, "zeo-blaster")
    state = act(state, V, Play(card=cards[0]))
    state = state.model_copy(update={"grid": (None, *state.grid[1:])})
    top = state.main_deck[0]
    state = act(state, V, DestroyBlaster(card=cards[0]))
    assert state.blasters[-1] == cards[0] and cards[0] not in state.destroyed
    assert state.decision.kind == "refresh"
    state = choose(state, "refill")
    assert state.grid[0] == top


def test_destroying_a_zeo_blaster_leaves_the_other_played_cards_in_play():
    """Zeo Blasters: destroying the Blaster takes only that card out of play; whatever else
    was played this turn stays where it is."""
    state, (blaster, stun) = hand(game(), V, "zeo-blaster", "stun")
    state = act(act(state, V, Play(card=stun)), V, Play(card=blaster))
    state = act(state, V, DestroyBlaster(card=blaster))
    assert state.players[V].played == (stun,) and state.blasters[-1] == blaster


def test_boundary_serpentera_is_complete_with_its_third_section():
    """Serpentera Section Promo Rules: the third Section bought completes Serpentera (and
    says so); the second does not."""
    state = game(chars=("venjix", "renn"), serpentera=True)
    state = player(shards(state, 20), V, serpentera=1)
    _, second = events(state, V, Buy(source="serpentera"))
    assert not any("complete" in e for e in second)
    state = player(shards(state, 20), V, serpentera=2)
    assert Activate(source="serpentera") not in R.legal_actions(energy(state, V, 10), V)
    state, third = events(state, V, Buy(source="serpentera"))
    assert any("Serpentera is complete" in e for e in third)
    assert Buy(source="serpentera") not in R.legal_actions(shards(state, 20), V)
    assert Activate(source="serpentera") in R.legal_actions(energy(state, V, 10), V)


def test_gaining_a_zeo_blaster_takes_only_the_top_one():
    """Zeo Blasters, gained by an ability (Techie Orla): the top Blaster of the stack goes
    to the player's discard pile; the rest of the stack stays as it was."""
    state = energy(game().model_copy(update={"active": H}), H, 5)
    state, _ = attach(state, H, 1, "techie-orla")
    stack = state.blasters
    state = act(state, H, Activate(source="slot", index=1))
    assert state.blasters == stack[1:]
    assert state.players[H].discard[-1] == stack[0]


def test_destroyed_cards_go_to_the_destroyed_pile_and_stuns_stay_there():
    """Destroyed Pile: a destroyed card leaves play for the destroyed pile (not the main
    deck discard pile), and a destroyed Stun never goes back to its stack."""
    state = energy(game().model_copy(update={"active": H}), H, 5)
    state = player(state, H, flipped=True, character="dax")
    state, cards = hand(state, H, "stun", "ranger-training")
    stuns = len(state.stuns)
    state = act(state, H, Activate(source="character"))
    state = choose(state, cards[0])
    assert cards[0] in state.destroyed and len(state.stuns) == stuns


def test_locations_are_ongoing_and_only_for_their_controller():
    """Locations: "stay in play and continue to work for you"; "they only work for you, never
    for your teammate"."""
    state = no_adversaries(game("2v2"))
    state = shards(grid(state, "harbor-watchtower"), 5)
    state = act(state, V, Buy(source="grid", index=0))
    assert state.players[V].locations and state.players[V].discard == ()
    state = energy(no_adversaries(state), V, 0)
    state = no_adversaries(end_turn(state))  # Hero 1
    state = no_adversaries(end_turn(state))  # Villain 2 (teammate): no Energy from it
    assert state.active == 2 and state.teams[V].energy == 0
    state = no_adversaries(end_turn(state))
    state = end_turn(state)  # Villain 1 again: +1
    assert state.active == 0 and state.teams[V].energy == 1
    assert state.players[V].locations  # still in play after the turn


def test_discard_one_attached_card_falls_back_to_a_zord():
    """Discarding Attached Cards: a player told to discard an attached card with nothing on
    their character discards one of their team's Zords (or Masters) instead."""
    state = energy(game(), V, 5)
    # Countess Voltara (purple, green, green, orange) with Double Strike in a green slot
    state = player(
        state, V, character="voltara", slots=(None, Attached(card="double-strike#x"), None, None)
    )
    state = state.model_copy(update={"bay": (Attached(card="skydancer-zord#0"),)})
    state = act(state, V, Activate(source="slot", index=1))
    state = choose(state, "decline")
    assert state.decision.kind == "discard_attached" and R.to_act(state) == {H}
    assert [o.id for o in state.decision.options] == ["zord:0"]
    state = choose(state, "zord:0")
    assert state.bay == () and "skydancer-zord#0" in state.players[H].discard


def _double_strike_in_2v2(hero_slots: dict[int, str | None]):
    """2v2, a Villain's Double Strike (an Attack on every foe: damage, then discard an
    attached card) ready to activate; each Hero holds the attached card named here."""
    state = energy(game("2v2"), V, 5)
    state = player(
        state, V, character="voltara", slots=(None, Attached(card="double-strike#x"), None, None)
    )
    for seat, card_id in hero_slots.items():
        if card_id:
            state, _ = attach(state, seat, 0, card_id)
    return decline_all(act(state, V, Activate(source="slot", index=1)))


def test_boundary_an_attack_on_every_foe_makes_each_foe_discard_an_attached_card():
    """Attacks and Discarding Attached Cards, two foes: an unblocked Attack on every foe
    that says "discard 1 attached card" asks the first Hero, then the second, each once; a
    Hero with nothing to discard is passed over, never the one after."""
    state = _double_strike_in_2v2({1: "pulse-rifle", 3: "pulse-rifle"})
    for seat in (1, 3):
        assert state.decision.kind == "discard_attached" and R.to_act(state) == {seat}
        state = choose(state, "slot:0")
    assert state.decision is None
    assert state.players[1].slots[0] is None and state.players[3].slots[0] is None
    state = _double_strike_in_2v2({1: None, 3: "pulse-rifle"})
    assert state.decision.kind == "discard_attached" and R.to_act(state) == {3}


def test_boundary_an_attack_on_every_foe_makes_each_foe_discard_from_hand(monkeypatch):
    """Attacks and Discarding Cards, two foes: "discard 1" on every foe asks each Hero for
    exactly one card from hand (the count starts again for the second foe)."""
    cat = catalog(game("2v2").config.cards_dir)  # the catalog the rules read
    strike = cat.cards["double-strike"]
    one = strike.model_copy(
        update={"ability": Ability(cost=3, effects=(Attack(effects=(FoeDiscard(count=1),)),))}
    )
    monkeypatch.setitem(cat.cards, "double-strike", one)
    state = _double_strike_in_2v2({})
    for seat in (1, 3):
        assert state.decision.kind == "discard" and R.to_act(state) == {seat}
        state = choose(state, state.decision.options[0].id)
    assert state.decision is None


def test_discard_one_attached_card_falls_back_to_a_villains_masters():
    """Discarding Attached Cards, for a Villain with nothing on their character but their
    own Master: they discard a Master they control, their own (orange slot) or one of The
    Lair's, their choice; the others stay where they are."""
    state = energy(game().model_copy(update={"active": H}), H, 5)
    state = player(state, H, slots=(None, Attached(card="double-strike#x"), None, None))
    state, own = attach(state, V, 3, "iron-overlord")
    lair = ("rustmaw-unchained#0", "widow-matriarch#0", "queen-machina#0")
    state = state.model_copy(update={"lair": lair})
    state = decline_all(act(state, H, Activate(source="slot", index=1)))
    assert state.decision.kind == "discard_attached" and R.to_act(state) == {V}
    assert [o.id for o in state.decision.options] == ["slot:3", "lair:0", "lair:1", "lair:2"]
    state = choose(state, "lair:1")
    assert state.lair == (lair[0], lair[2]) and state.players[V].slots[3].card == own
    assert state.players[V].discard[-1] == lair[1]


# -- Game end ------------------------------------------------------------------------------------
def test_a_team_at_zero_hp_loses():
    """How to Win: a team brought down to 0 HP loses."""
    state = energy(team(game(), H, hp=2), V, 5)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state = decline_all(act(state, V, Activate(source="slot", index=0)))
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert R.to_act(state) == frozenset() and R.legal_actions(state, V) == []


@pytest.mark.parametrize(
    ("hp", "en", "winners"),
    [((20, 25), (0, 0), (1,)), ((25, 25), (5, 3), (0,)), ((25, 25), (4, 4), ())],
)
def test_empty_main_deck_ends_the_game_after_that_turn(hp, en, winners):
    """How to Win: if The Grid cannot be refilled, the turn is finished and the game ends;
    more HP wins, then more Energy on a tie (and otherwise a draw)."""
    state = no_adversaries(game())
    state = state.model_copy(update={"main_deck": (), "grid": (None, *state.grid[1:])})
    state = team(team(state, V, hp=hp[0], energy=en[0]), H, hp=hp[1], energy=en[1])
    state = end_turn(state)
    assert state.last_turn and state.active == H and state.outcome is None
    state = act(state, H, EndMain())
    state = act(state, H, EndTurn())
    assert state.outcome is not None and state.outcome.winners == winners


# -- Serpentera promo ----------------------------------------------------------------------------
def test_serpentera_sections_8_9_10_then_its_ability():
    """Serpentera Section Promo Rules: sections in a stack, 8 on top and 10 at the bottom;
    General Venjix may buy the top card; with the Head, Serpentera's ability may be used,
    turned 90 degrees, and it refreshes at the start of your turn."""
    state = game(chars=("venjix", "renn"), serpentera=True)
    assert R.view(state, 0).serpentera.top.cost == 8
    for cost in (8, 9, 10):
        state = shards(state, cost)
        state = act(state, V, Buy(source="serpentera"))
        assert state.shards == 0
    assert "complete" in rejected(shards(state, 20), V, Buy(source="serpentera"))
    state = energy(state, V, 10)
    state = decline_all(act(state, V, Activate(source="serpentera")))
    assert state.teams[H].hp == 24
    assert "used this turn" in rejected(state, V, Activate(source="serpentera"))
    state = end_turn(no_adversaries(state))
    state = end_turn(no_adversaries(state))
    assert state.players[V].serpentera_ready
    other = game(chars=("gearwright", "renn"), serpentera=True)
    assert "Only General Venjix" in rejected(shards(other, 10), V, Buy(source="serpentera"))


def test_venjix_needs_the_promo_option():
    """Serpentera promo: General Venjix is in the game only with the promo option."""
    with pytest.raises(ValueError, match="promo"):
        game(chars=("venjix", "renn"))
    assert "venjix" not in CAT.team_characters("villains", False)
    assert "venjix" in CAT.team_characters("villains", True)


def test_view_hides_other_hands_and_shows_the_table():
    """Pro Tip / hot seat: hands are hidden from other seats (counts only); the status
    trackers, discard piles and The Grid are public."""
    state = game()
    view = R.view(state, V)
    assert len(view.seats[V].hand) == 5 and view.seats[H].hand == ()
    assert view.seats[H].hand_count == 5
    assert len(view.grid) == 6 and view.teams[V].hp == 30 and view.teams[H].max_energy == 20
    assert view.seats[V].character.slots[3].colour == "orange"
    assert inst("x").startswith("x#")


def test_refill_has_no_type_limit_after_setup():
    """Start Phase in Detail: the two-of-a-type cap is for the opening Grid only; refills
    take whatever comes."""
    state = no_adversaries(game())
    tops = tuple(inst("pulse-rifle") for _ in range(3))
    state = state.model_copy(
        update={"grid": (None, None, None, *state.grid[3:]), "main_deck": tops + state.main_deck}
    )
    state = end_turn(state)
    kinds = Counter(CAT.card(c).kind for c in state.grid)
    assert state.grid[:3] == tops and kinds["equipment"] >= 3


def test_zords_in_the_bay_are_controlled_by_both_heroes():
    """Zords / Control vs Own: both Heroes control every Zord in the Bay, so either may
    activate one, whoever attached it."""
    state = game("2v2")
    state = state.model_copy(
        update={
            "active": 3,
            "bay": (Attached(card="zeo-zord-5#0"), Attached(card="tidefin-zord#0")),
        }
    )
    state = energy(state, H, 5)
    hand_before = len(state.players[3].hand)
    state = act(state, 3, Activate(source="zord", index=1))
    assert len(state.players[3].hand) == hand_before + 2
    assert "Only Heroes" in rejected(
        state.model_copy(update={"active": 0}), 0, Activate(source="zord", index=0)
    )
