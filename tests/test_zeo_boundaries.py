"""Power Rangers Zeo DBG: rules held at their exact boundary, each named for the rule a small
mutant of the rules modules (benchmarks/mutants.py, issue 35) changed without any other
rules test noticing. Quotes and section names are the rulebook's
(../shared/seeds/zeo-deck-building-game-rulebook.txt), paraphrased."""

from __future__ import annotations

import pytest
from zeo_helpers import R, act, attach, choose, energy, game, grid, hand, player, rejected, team

from tabletop_tui.games.zeo_dbg.models import Activate, Attached, AttachTile, Buy, Choose

V, H = 0, 1


def _attacked_hero(hero_energy: int):
    """A Villain Attack waiting on the Hero, who has Trey of Triforia (a Block of 2 Energy,
    no hand icon) attached and ready."""
    state = energy(game(), V, 5)
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state, trey = attach(state, H, 0, "trey-of-triforia")
    state = energy(state, H, hero_energy)
    state = act(state, V, Activate(source="slot", index=0))
    assert R.to_act(state) == {H}
    return state


def test_boundary_an_attached_block_with_exactly_its_energy():
    """Blocks: an attached card's Block is used by paying its activation cost; exactly its
    cost in Energy is enough (Trey of Triforia, 2), one less is not."""
    exact = [a.option for a in R.legal_actions(_attacked_hero(2), H)]
    short = [a.option for a in R.legal_actions(_attacked_hero(1), H)]
    assert "slot:0" in exact and "slot:0" not in short


def _bay(n: int, side: str, ready: bool):
    state = game().model_copy(update={"active": H})
    zords = ("skydancer-zord#0", "stonehorn-zord#0", "tidefin-zord#0")[:n]
    state = state.model_copy(
        update={"bay": tuple(Attached(card=z, ready=ready) for z in zords), "bay_side": side}
    )
    return energy(state, H, 10)


def test_the_red_battlezord_readies_only_when_a_zord_is_exhausted():
    """Red Battlezord and Zeo Megazord: its ability readies exhausted Zords, so with every
    Zord already ready there is nothing to ready and it is refused, as on the plain Bay."""
    for side in ("bay", "battlezord"):
        assert "no exhausted Zord" in rejected(_bay(3, side, True), H, Activate(source="bay"))
        assert R.check(_bay(3, side, False), H, Activate(source="bay")) is None


def test_boundary_serpentera_is_refused_by_the_check_itself_with_two_sections():
    """Serpentera Section Promo Rules: Serpentera is used only once complete (3 sections).
    With 2 the check itself refuses it, not only the legal-move list."""
    state = game(chars=("venjix", "renn"), serpentera=True)
    two = energy(player(state, V, serpentera=2, serpentera_ready=True), V, 10)
    assert "not complete" in rejected(two, V, Activate(source="serpentera"))
    three = energy(player(state, V, serpentera=3, serpentera_ready=True), V, 10)
    assert R.check(three, V, Activate(source="serpentera")) is None


def _attacked_villain(villain_energy: int):
    """A Hero Attack waiting on the Villain, who has Robocupid (copy another card's
    ability, 2 Energy) attached and ready; the Hero's Trey of Triforia Block is in play."""
    state = game().model_copy(update={"active": H})
    state = energy(state, H, 5)
    state, _ = attach(state, H, 0, "rescue-pilot")
    state, _ = attach(state, H, 1, "trey-of-triforia")
    state, _ = attach(state, V, 0, "robocupid")
    state = energy(state, V, villain_energy)
    state = act(state, H, Activate(source="slot", index=0))
    assert R.to_act(state) == {V}
    return state


def test_boundary_copying_a_block_with_exactly_the_copier_s_energy():
    """Robocupid copies another card's ability: a Block in play may be copied to answer an
    Attack when the team has exactly the copier's cost in Energy (2), not with 1."""
    exact = [a.option for a in R.legal_actions(_attacked_villain(2), V)]
    short = [a.option for a in R.legal_actions(_attacked_villain(1), V)]
    assert any("1:1" in o for o in exact) and not any("1:1" in o for o in short)
    assert "decline" in exact and "decline" in short


def test_copying_a_zord_s_block():
    """Robocupid copies another card's ability, a Zord's Block too: Zeo Zord 5 in the
    Heroes' Bay blocks for 0 Energy (heal 3), so the copying Villain takes no damage."""
    state = _attacked_villain(2)
    bay = (Attached(card="zeo-zord-5#0", ready=True),)
    state = state.model_copy(update={"bay": bay})
    options = [a.option for a in R.legal_actions(state, V)]
    zord = next(o for o in options if o.endswith("zord:0"))
    hp = state.teams[V].hp
    state = act(state, V, Choose(option=zord))
    assert state.attack is None and state.teams[V].hp >= hp


def test_both_teams_start_with_no_energy_and_the_first_player_with_no_shards():
    """Setup: the teams' Energy starts at 0 (the lone team's head start is a setting, off by
    default) and a turn starts with no Shards."""
    for fmt in ("1v1", "2v1", "2v2"):
        state = game(fmt)
        assert [t.energy for t in state.teams] == [0, 0] and state.shards == 0


def test_a_battle_names_one_of_the_six_grid_spaces():
    """Battling Adversary Cards: The Grid has 6 spaces (0-5); a Battle of a seventh space is
    refused before it reaches the table."""
    import pytest
    from pydantic import ValidationError

    from tabletop_tui.games.zeo_dbg.models import Battle

    assert Battle(index=5).index == 5
    with pytest.raises(ValidationError, match="less than or equal to 5"):
        Battle(index=6)


def test_teammates_are_dealt_four_different_characters():
    """Setup: each player is dealt two characters of their own team and keeps one; two
    teammates draw from one team's characters, so their offers never share one."""
    from tabletop_tui.games.zeo_dbg.models import Config

    for seed in range(6):
        state = R.new_game(Config(format="2v2"), seed)
        offers = [state.players[i].offer for i in range(4)]
        for a, b in ((0, 2), (1, 3)):
            assert len(offers[a]) == len(offers[b]) == 2
            assert not set(offers[a]) & set(offers[b])


def test_the_fifth_zord_of_the_bay_can_be_activated():
    """Zeo Zord Bay: it holds 5 Zords, and a ready Zord's ability may be activated
    whichever slot of the Bay it sits in, the fifth too."""
    zords = ("skydancer-zord#0", "stonehorn-zord#0", "tidefin-zord#0", "thornback-zord#0")
    state = game().model_copy(update={"active": H})
    fifth = "sunlance-zord#0"
    bay = (*(Attached(card=z, ready=False) for z in zords), Attached(card=fifth, ready=True))
    state = energy(state.model_copy(update={"bay": bay}), H, 20)
    assert Activate(source="zord", index=4) in R.legal_actions(state, H)


def test_the_opening_grid_may_hold_exactly_two_of_a_type():
    """Setup: the first Grid holds no more than two cards of one type - two is allowed, so
    over a few seeds some opening Grid shows a pair."""
    from collections import Counter

    from tabletop_tui.games.zeo_dbg.cards import catalog

    cat = catalog()
    most = [max(Counter(cat.card(c).kind for c in game(seed=s).grid).values()) for s in range(8)]
    assert max(most) == 2


def test_a_team_of_two_gets_four_zords_or_masters_a_lone_player_five():
    """Setup: the Zord and Master stacks hold 4 cards for a team of two and 5 for a lone
    player (2v1)."""
    duo = game("2v2")
    assert len(duo.zord_stack) == 4 and len(duo.master_stack) == 4
    lone = game("2v1")  # lone Hero
    assert len(lone.zord_stack) == 5 and len(lone.master_stack) == 4


def test_a_team_falls_at_exactly_zero_hp():
    """Winning the Game: a team whose HP reaches 0 loses; at 1 HP it is still in the game."""
    from tabletop_tui.games.zeo_dbg.table import hurt

    state = game()
    hp = state.teams[H].hp
    alive = hurt(state, H, hp - 1, [])
    assert alive.teams[H].hp == 1 and alive.outcome is None
    fallen = hurt(state, H, hp, [])
    assert fallen.teams[H].hp == 0 and fallen.outcome is not None


def test_an_attack_on_every_foe_makes_each_discard_only_one_attached_card():
    """Attacks and Discarding Attached Cards: "discard 1 attached card" on every foe takes
    one card from each, once: a Hero with two attached cards keeps the other, and nobody is
    asked a second time."""
    from zeo_helpers import choose, decline_all

    state = energy(game("2v2"), V, 5)
    state = player(
        state, V, character="voltara", slots=(None, Attached(card="double-strike#x"), None, None)
    )
    state, _ = attach(state, 1, 0, "pulse-rifle")
    state, _ = attach(state, 1, 1, "pulse-rifle")
    state, _ = attach(state, 3, 0, "pulse-rifle")
    state = decline_all(act(state, V, Activate(source="slot", index=1)))
    asked = []
    while state.decision is not None and state.decision.kind == "discard_attached":
        (seat,) = R.to_act(state)
        asked.append(seat)
        state = choose(state, state.decision.options[0].id)
    assert asked == [1, 3]
    assert sum(s is not None for s in state.players[1].slots) == 1


def test_a_card_that_sticks_to_a_character_is_not_offered_with_every_slot_full():
    """Buying cards, Defector (attaches to a character, stays until Battled): with no open
    slot on any character there is nowhere to attach it, so the move list does not offer
    it, while a plain card of the same price is."""
    from zeo_helpers import grid

    from tabletop_tui.games.zeo_dbg.models import Buy

    state = game().model_copy(update={"active": H, "shards": 10})
    state = grid(state, "defector", "rescue-pilot")
    for seat in (V, H):
        full = tuple(Attached(card=f"pulse-rifle#f{seat}{k}") for k in range(4))
        state = player(state, seat, slots=full)
    legal = R.legal_actions(state, H)
    assert Buy(source="grid", index=1) in legal
    assert Buy(source="grid", index=0) not in legal
    assert R.check(state, H, Buy(source="grid", index=0)) is not None


def test_a_card_stuck_in_the_fourth_slot_can_be_battled_off():
    """Singing Zap sticks to a character until its owner Battles it; a Hero's fourth slot
    may hold it as well as any other, and the move list offers that Battle."""
    from tabletop_tui.games.zeo_dbg.models import Battle

    state = game().model_copy(update={"active": H, "shards": 10})
    state, _ = attach(state, H, 3, "singing-zap", stuck=True)
    assert Battle(slot=3) in R.legal_actions(state, H)


def _robocupid_copying(choice: str):
    """The Villain activates Robocupid (slot 1) with Skydancer Zord in the Heroes' Bay and
    the Hero's character flipped, and copies `choice`."""
    state = team(energy(game(), V, 10), V, hp=20)
    state, _ = attach(state, V, 1, "robocupid")
    state = state.model_copy(update={"bay": (Attached(card="skydancer-zord#0", ready=True),)})
    state = player(state, H, flipped=True)
    state = act(state, V, Activate(source="slot", index=1))
    assert state.decision.kind == "copy"
    assert {o.id for o in state.decision.options} == {"zord:0", "char:1"}
    return choose(state, choice)


def test_a_copier_resolves_a_zord_s_whole_ability():
    """Specific Card Clarifications, Robocupid / Zedd's Revenge / Impursonator: a Zord in
    the Zord Bay is a card in play, and the copier resolves its whole ability (Skydancer
    Zord: Heal 4, Draw 1) for its own player, paying only its own cost (2)."""
    hand_before = len(game().players[V].hand)
    state = _robocupid_copying("zord:0")
    assert state.teams[V].hp == 24 and len(state.players[V].hand) == hand_before + 1
    assert state.teams[V].energy == 8 and state.bay[0].ready  # the Zord is not used up


def test_a_copier_resolves_a_flipped_character_s_ability_as_an_attack():
    """Specific Card Clarifications, the copiers: a flipped character card's activated
    ability is copied too, and an Attack copied is an Attack (Zeo Ranger V, Red: deal 4)."""
    state = _robocupid_copying("char:1")
    assert state.attack is not None and state.attack.source == "Robocupid (Zeo Ranger V, Red)"
    assert R.to_act(state) == {H}
    hp = state.teams[H].hp
    state = choose(state, "decline")
    assert state.teams[H].hp == hp - 4


def test_power_disc_attaches_once_when_kat_s_trigger_resolves_in_between():
    """Specific Card Clarifications, Love Arrows / Power Disc, with Kat ("when you attach a
    Hero: draw 1"): the attach trigger resolves inside the Power Disc's action, and then the
    action is over. With two Heroes in The Grid exactly one is attached, Kat draws exactly
    one card, the other Hero stays, and no second attach question follows."""
    state = energy(grid(game(chars=("gearwright", "kat")), "rescue-pilot", "dojo-sensei"), H, 5)
    state = state.model_copy(update={"active": H})
    state, disc = attach(state, H, 2, "power-disc")
    hand_before = len(state.players[H].hand)
    state = act(state, H, Activate(source="slot", index=2))
    assert state.decision.kind == "attach_grid" and len(state.decision.options) == 2
    state = choose(state, "0")
    assert state.decision.kind == "slot"
    state = choose(state, state.decision.options[0].id)
    p = state.players[H]
    assert state.decision is None and not state.jobs
    assert [s.card.split("#")[0] for s in p.slots if s is not None] == ["rescue-pilot"]
    assert state.grid[1] is not None and state.grid[1].startswith("dojo-sensei")
    assert len(p.hand) == hand_before + 1 and disc in p.discard


def test_double_strike_makes_the_foe_discard_an_attached_card_after_its_damage():
    """Card effects, Double Strike: the Attack deals 3 damage, then the foe discards 1
    attached card; the second effect of an Attack starts with its first foe again."""
    state = energy(game(), V, 10)
    state, _ = attach(state, V, 1, "double-strike")
    state, pilot = attach(state, H, 0, "rescue-pilot")
    hp = state.teams[H].hp
    state = act(state, V, Activate(source="slot", index=1))
    state = choose(state, "decline")
    assert state.teams[H].hp == hp - 3
    assert state.decision.kind == "discard_attached" and state.decision.seat == H
    state = choose(state, "slot:0")
    assert state.players[H].slots[0] is None and pilot in state.players[H].discard


def test_a_zord_tile_goes_to_the_zord_bay_and_a_master_tile_to_the_lair():
    """Zeo Zord Bay / The Lair: a Zord drawn from the deck is attached to the Zord Bay; a
    Master other than the Villain's own is attached to The Lair, never the other way."""
    state = game().model_copy(update={"active": H})
    state, (zord,) = hand(state, H, "stonehorn-zord")
    state = act(state, H, AttachTile(card=zord))
    assert [z.card for z in state.bay] == [zord] and state.lair == ()
    state = game()
    state, (master,) = hand(state, V, "rustmaw-unchained")
    state = act(state, V, AttachTile(card=master))
    assert state.lair == (master,) and state.bay == ()


def test_boundary_a_card_attached_to_a_character_with_two_open_slots_asks_which():
    """Defector and Singing Zap attach to a character: with exactly two open slots the buyer
    picks the slot (one open slot would be taken at once)."""
    state = grid(game(), "defector").model_copy(update={"active": H, "shards": 3})
    state, _ = attach(state, V, 0, "cogsoldier-squad")  # Gearwright: slots 1 and 2 open
    state = act(state, H, Buy(source="grid", index=0))
    assert state.decision.kind == "character"
    state = choose(state, "0")
    assert state.decision.kind == "slot"
    assert [o.id for o in state.decision.options] == ["0:1", "0:2"]
    state = choose(state, "0:2")
    assert (
        state.players[V].slots[2].card.startswith("defector") and state.players[V].slots[1] is None
    )


def test_a_save_of_rules_version_1_is_refused():
    """Issue 37 changed the 2v1 start (Additional Notes: the lone team's Energy), so the
    rules are version 2 and a version 1 save is refused naming both versions."""
    from tabletop_tui.engine.match import Match, SaveError

    data = Match(R, R.default_config(), 1).to_save()
    assert data.rules_version == 2
    old = data.model_copy(update={"rules_version": 1})
    with pytest.raises(SaveError, match="rules version 1; this build plays version 2"):
        Match.from_save(old, R)


def test_boundary_the_zeo_megazord_is_built_at_the_fifth_zord_not_the_fourth():
    """Red Battlezord and Zeo Megazord: the Bay flips to the Red Battlezord at 3 Zords and
    the Zeo Megazord is built with 5; a fourth Zord leaves it the Red Battlezord."""
    zords = ("zeo-zord-5", "skydancer-zord", "sunlance-zord", "stonehorn-zord", "tidefin-zord")
    state = game().model_copy(update={"active": H})
    sides = []
    for z in zords:
        state, (tile,) = hand(state, H, z)
        state = act(state, H, AttachTile(card=tile))
        sides.append(state.bay_side)
    assert sides == ["bay", "bay", "battlezord", "battlezord", "megazord"]
