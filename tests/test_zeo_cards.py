"""Zeo card data: validation, generated card text, and one scenario per card the rulebook
names (rulebook "Specific Card Clarifications" and elsewhere)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from zeo_helpers import (
    R,
    act,
    attach,
    choose,
    decline_all,
    energy,
    game,
    grid,
    hand,
    player,
    rejected,
    team,
)

from tabletop_tui.cards import CardDataError, card_dir
from tabletop_tui.games.zeo_dbg.cards import MAIN_KINDS, catalog, load_catalog
from tabletop_tui.games.zeo_dbg.models import (
    Activate,
    Attach,
    Attached,
    Battle,
    Buy,
    Choose,
    DiscardAttached,
    EndMain,
    EndTurn,
    Play,
)

CAT = catalog()
V, H = 0, 1


def shards(state, n):
    return state.model_copy(update={"shards": n})


def hero_turn(state):
    return state.model_copy(update={"active": H})


# -- data ----------------------------------------------------------------------------------------
def test_the_set_has_the_rulebooks_structure():
    """Contents / Basics: 75 main deck cards (2 of each, Locations and Zeo Crystals unique,
    costs 2-5), 40 Starters, 12 characters, 12 Signature Items, 12 Stuns, 12 Zeo Blasters,
    6 Zords, 6 Masters."""
    main = [c for c in CAT.cards.values() if c.kind in MAIN_KINDS]
    assert sum(c.copies for c in main) == 75
    assert all(2 <= c.cost <= 5 for c in main)
    assert sum(1 for c in main if c.kind == "crystal") == 5
    base = [ch for ch in CAT.characters.values() if not ch.promo]
    assert len(base) == 12 and len([c for c in CAT.of_kind("signature") if not c.promo]) == 12
    assert (
        len(CAT.of_kind("zord")) == 6
        and len([c for c in CAT.of_kind("master") if not c.promo]) == 6
    )
    for side in ("heroes", "villains"):
        starters = [c for c in CAT.of_kind("starter") if c.team == side]
        assert sum(c.copies for c in starters) == 10
        assert sum(c.copies for c in starters if c.shards == 1) == 7
        assert any(c.on_play and c.on_play[0].do == "heal" for c in starters)
        assert any(c.on_play and c.on_play[0].do == "battle_draw" for c in starters)


NAMED = [
    "Kat",
    "Jason Lee Scott, Gold Zeo Ranger",
    "General Venjix",
    "Sword of Damocles",
    "Computer Password",
    "Defector",
    "Singing Zap",
    "Robocupid",
    "Zedd's Revenge",
    "Impursonator",
    "Love Arrows",
    "Power Disc",
    "Defender Wheel",
    "Trey of Triforia",
    "Zeo Sub-Crystal 5 - Red",
    "Draining Power",
    "Queen Machina",
    "Zeo Zord 5",
    "Regroup",
    "Reconstruct",
    "Zeo Blaster",
    "Stun",
]


@pytest.mark.parametrize("name", NAMED)
def test_every_card_the_rulebook_names_is_in_the_set(name):
    names = {c.name for c in CAT.cards.values()} | {c.name for c in CAT.characters.values()}
    assert name in names


def test_card_text_is_generated_from_the_effects():
    sword = CAT.cards["sword-of-damocles"]
    assert sword.text == "Activate (4 Energy): Attack: Deal 7 damage. If negated, you lose 3 HP."
    assert "destroy 1 card in your hand or discard pile" in CAT.cards["computer-password"].text
    assert CAT.cards["arc-shield"].text.startswith("Block [hand] (2 Energy)")
    assert "Destroy this card" in CAT.cards["zeo-blaster"].text
    assert CAT.characters["kat"].text_a == "When you attach a Hero: Draw 1 card."
    for c in CAT.cards.values():
        if c.kind not in ("starter",):
            assert c.text, c.id


def test_a_bad_card_file_names_the_file_the_card_and_the_field(tmp_path: Path):
    for f in card_dir("zeo-dbg").glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "main-deck.toml"
    text = path.read_text().replace(
        'id = "pulse-rifle"\nname = "Pulse Rifle"\nkind = "equipment"\ncopies = 2\ncost = 3',
        'id = "pulse-rifle"\nname = "Pulse Rifle"\nkind = "equipment"\ncopies = 2\ncost = 7',
    )
    assert text != path.read_text()
    path.write_text(text)
    with pytest.raises(CardDataError) as err:
        load_catalog(tmp_path)
    msg = str(err.value)
    assert "main-deck.toml" in msg and "Pulse Rifle" in msg and "'cost'" in msg
    assert "2-5" in msg


def test_a_block_reward_needing_a_choice_is_refused(tmp_path: Path):
    for f in card_dir("zeo-dbg").glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "main-deck.toml"
    text = path.read_text().replace(
        'block = { cost = 2, from_hand = true, reward = [{ do = "heal", amount = 1 }] }',
        'block = { cost = 2, from_hand = true, reward = [{ do = "destroy" }] }',
    )
    path.write_text(text)
    with pytest.raises(CardDataError, match="Arc Shield.*block.*needs a choice"):
        load_catalog(tmp_path)


def test_missing_card_counts_are_reported(tmp_path: Path):
    for f in card_dir("zeo-dbg").glob("*.toml"):
        if f.name != "main-deck.toml":
            shutil.copy(f, tmp_path / f.name)
    with pytest.raises(CardDataError, match="main deck has 0 cards, not 75"):
        load_catalog(tmp_path)


# -- named cards ---------------------------------------------------------------------------------
def test_kat_draws_when_she_attaches_a_hero_not_her_teammate():
    """Ability Source: a "when you" trigger is its own player's only: Kat draws a card
    when she attaches a Hero, not when her teammate does."""
    state = game("2v2", chars=("gearwright", "kat", "voltara", "mara"))
    state = state.model_copy(update={"active": 1})
    state, cards = hand(state, 1, "dojo-sensei", "pulse-rifle")
    state = act(state, 1, Attach(card=cards[0], slot=0))
    assert len(state.players[1].hand) == 2  # attached 1, drew 1
    state = act(state, 1, Attach(card=cards[1], slot=2))
    assert len(state.players[1].hand) == 1  # Equipment: no draw
    state = state.model_copy(update={"active": 3})
    state, mcards = hand(state, 3, "junior-cadet")
    deck1 = len(state.players[1].deck)
    state = act(state, 3, Attach(card=mcards[0], slot=0))
    assert len(state.players[1].deck) == deck1 and len(state.players[3].hand) == 0


def test_kat_fourth_attach_draws_before_she_flips():
    """Anatomy of a Character Card: a trigger set off by the fourth attached card resolves
    first, then the character flips: Kat draws, then flips."""
    state = hero_turn(game(chars=("gearwright", "kat")))
    for i, c in ((0, "dojo-sensei"), (2, "pulse-rifle"), (3, "focus-breath")):
        state, _ = attach(state, H, i, c)
    state, cards = hand(state, H, "junior-cadet")
    new, ev = R.apply(state, H, Attach(card=cards[0], slot=1))
    texts = [e.text for e in ev]
    assert new.players[H].flipped and len(new.players[H].hand) == 1
    draw_at = next(i for i, t in enumerate(texts) if "draws" in t)
    flip_at = next(i for i, t in enumerate(texts) if "flips" in t)
    assert draw_at < flip_at


def test_jason_takes_any_type_but_villains_in_any_slot():
    """Specific Card Clarifications, Jason Lee Scott: his rainbow slots take cards of any
    type except Villains, whatever the slot."""
    state = hero_turn(game(chars=("gearwright", "jason-gold")))
    state, cards = hand(state, H, "pulse-rifle", "focus-breath", "cogsoldier-squad", "dojo-sensei")
    state = act(state, H, Attach(card=cards[0], slot=0))
    state = act(state, H, Attach(card=cards[1], slot=1))
    state = act(state, H, Attach(card=cards[3], slot=2))
    assert "but Villains" in rejected(state, H, Attach(card=cards[2], slot=3))


def test_sword_of_damocles_if_negated_you_still_lose_3():
    """Blocks: a Block stops the Sword of Damocles' 7 damage, but its "if negated" part
    still costs the attacker 3 HP."""
    base = energy(energy(game(), V, 10), H, 5)
    base, _ = attach(base, V, 2, "sword-of-damocles")
    state = decline_all(act(base, V, Activate(source="slot", index=2)))
    assert state.teams[H].hp == 23 and state.teams[V].hp == 30
    base, cards = hand(base, H, "arc-shield")
    state = act(base, V, Activate(source="slot", index=2))
    state = choose(state, f"hand:{cards[0]}")
    assert state.teams[H].hp == 30 and state.teams[V].hp == 27


def test_computer_password_negated_means_no_destroy():
    """Combination Attacks: a negated Attack loses every one of its parts, so Computer
    Password destroys nothing."""
    base = energy(energy(game(chars=("voltara", "renn")), V, 10), H, 5)
    base, _ = attach(base, V, 1, "computer-password")
    state = decline_all(act(base, V, Activate(source="slot", index=1)))
    assert state.teams[H].hp == 28 and state.decision.kind == "destroy"
    assert all(o.id != "none" for o in state.decision.options)
    target = state.decision.options[0].id
    state = choose(state, target)
    assert target in state.destroyed
    base, cards = hand(base, H, "arc-shield")
    state = act(base, V, Activate(source="slot", index=1))
    state = choose(state, f"hand:{cards[0]}")
    assert state.decision is None and state.destroyed == () and state.teams[H].hp == 30


@pytest.mark.parametrize(("card", "buyer", "victim"), [("defector", H, V), ("singing-zap", V, H)])
def test_defector_and_singing_zap_attach_and_leave_only_by_battle(card, buyer, victim):
    """Defector, Singing Zap: attached to a character, they "can ONLY be detached by Battle";
    "only the owner of that character can Battle the attached card"; without an open slot
    anywhere "it cannot be bought from The Grid"."""
    state = shards(grid(game(), card), 10).model_copy(update={"active": buyer})
    state = act(state, buyer, Buy(source="grid", index=0))
    assert state.decision.kind == "character"
    state = choose(state, str(victim))
    assert state.decision.kind == "slot" and state.decision.seat == buyer  # the buyer picks
    state = choose(state, f"{victim}:0")
    stuck = state.players[victim].slots[0]
    assert stuck.stuck and stuck.card.startswith(card)
    # the owner cannot discard it; forced discards skip it
    owner = state.model_copy(update={"active": victim, "shards": 10})
    assert "only when Battled" in rejected(owner, victim, DiscardAttached(slot=0))
    assert R._forced_discard_options(owner, victim) == [] or all(
        o.id != "slot:0" for o in R._forced_discard_options(owner, victim)
    )
    # the buyer cannot Battle it; the character's owner can
    assert "attached to your own character" in rejected(shards(state, 10), buyer, Battle(slot=0))
    energy_before = owner.teams[victim].energy
    owner = act(owner, victim, Battle(slot=0))
    assert owner.players[victim].slots[0] is None
    assert owner.main_discard[-1] == stuck.card
    renn = 1 if victim == H else 0  # Renn Okafor: "When you Battle: gain 1 Energy"
    assert owner.teams[victim].energy == energy_before + 2 + renn
    # no open slot on any character: it cannot be bought
    full = shards(grid(game(), card), 10).model_copy(update={"active": buyer})
    for seat in (V, H):
        for i in range(3 if seat == V else 4):
            full, _ = attach(full, seat, i, "pulse-rifle")
    assert "no legal target" in rejected(full, buyer, Buy(source="grid", index=0))


def test_defector_burden_costs_hp_at_the_start_of_the_owners_turn():
    state = game()
    state, _ = attach(state, H, 0, "defector", stuck=True)
    state = grid(state, "pulse-rifle")
    state = act(act(state, V, EndMain()), V, EndTurn())
    assert state.active == H and state.teams[H].hp == 29


@pytest.mark.parametrize(
    ("copier", "slot", "chars"),
    [
        ("robocupid", 0, ("gearwright", "renn")),
        ("impursonator", 1, ("gearwright", "renn")),
        ("zedds-revenge", 1, ("voltara", "renn")),
    ],
)
def test_copiers_gain_and_resolve_the_whole_ability_as_an_attack(copier, slot, chars):
    """Specific Card Clarifications, the copiers (Robocupid, Zedd's Revenge, Impursonator):
    they take over another card's whole activated ability and an Attack they copy is an
    Attack; they do not take on that card's type."""
    state = energy(game(chars=chars), V, 10)
    state, me = attach(state, V, slot, copier)
    state, foe_card = attach(state, H, 1, "pulse-rifle")  # a foe's attached Attack
    state = act(state, V, Activate(source="slot", index=slot))
    assert state.decision.kind == "copy"
    opt = next(o for o in state.decision.options if "Pulse Rifle" in o.label)
    state = choose(state, opt.id)
    assert state.attack is not None and R.to_act(state) == {H}  # it is an Attack: Block prompt
    state = choose(state, "decline")
    assert state.teams[H].hp == 27 and state.teams[V].energy == 8
    assert CAT.card(me).kind == CAT.cards[copier].kind  # its own type stays


@pytest.mark.parametrize(
    ("card", "kind", "chars", "slot"),
    [
        ("love-arrows", "villain", ("gearwright", "renn"), 2),
        ("power-disc", "hero", ("gearwright", "renn"), 1),
    ],
)
def test_love_arrows_and_power_disc_attach_from_the_grid_then_discard(card, kind, chars, slot):
    """Specific Card Clarifications, Love Arrows / Power Disc: a Villain / Hero from The
    Grid is attached at once, the card that did it is discarded in the same action, and the
    new card's ability works as usual."""
    seat = V if card == "love-arrows" else H
    state = energy(grid(game(chars=chars), "rivet-sniper", "rescue-pilot"), seat, 10)
    state = state.model_copy(update={"active": seat})
    state, me = attach(state, seat, slot, card)
    state = act(state, seat, Activate(source="slot", index=slot))
    assert state.decision.kind == "attach_grid"
    (opt,) = state.decision.options
    state = choose(state, opt.id)
    assert state.decision.kind == "slot"  # then the player picks the slot
    state = choose(state, state.decision.options[0].id)
    got = [s.card for s in state.players[seat].slots if s is not None]
    assert len(got) == 1 and CAT.card(got[0]).kind == kind
    assert me in state.players[seat].discard and state.grid[int(opt.id)] is None
    idx = next(i for i, s in enumerate(state.players[seat].slots) if s is not None)
    assert R.check(state, seat, Activate(source="slot", index=idx)) is None


def test_power_disc_filling_the_fourth_slot_flips_before_it_is_discarded():
    """Specific Card Clarifications, Love Arrows / Power Disc: when the new card fills the
    fourth slot, the character flips first and the Power Disc is discarded after."""
    state = hero_turn(energy(grid(game(chars=("gearwright", "kat")), "rescue-pilot"), H, 5))
    for i, c in ((0, "dojo-sensei"), (3, "focus-breath")):
        state, _ = attach(state, H, i, c)
    state, disc = attach(state, H, 2, "power-disc")
    hand_before = len(state.players[H].hand)
    state = act(state, H, Activate(source="slot", index=2))
    state = choose(state, "0")
    p = state.players[H]
    assert p.flipped and disc in p.discard and p.slots[2] is None
    assert len(p.hand) == hand_before + 1  # Kat: attached a Hero
    assert [z.card for z in state.bay] == ["skydancer-zord#0"]


def test_defender_wheel_forces_an_attached_block_but_not_a_hand_block():
    """Specific Card Clarifications, Defender Wheel: a hand Block never forces the target,
    nor does a Block they cannot pay for; an affordable attached, Zord or character Block
    must be used."""
    base = energy(game(), V, 10)
    base, _ = attach(base, V, 2, "defender-wheel")
    hand_only, cards = hand(energy(base, H, 5), H, "arc-shield")
    state = act(hand_only, V, Activate(source="slot", index=2))
    assert "decline" in [a.option for a in R.legal_actions(state, H)]
    zord = energy(base, H, 5).model_copy(update={"bay": (Attached(card="zeo-zord-5#0"),)})
    state = act(zord, V, Activate(source="slot", index=2))
    assert [a.option for a in R.legal_actions(state, H)] == ["zord:0"]
    assert "must Block" in rejected(state, H, Choose(option="decline"))
    trey, _ = attach(energy(base, H, 1), H, 0, "trey-of-triforia")  # its Block costs 2
    state = act(trey, V, Activate(source="slot", index=2))
    assert [a.option for a in R.legal_actions(state, H)] == ["decline"]


def test_trey_of_triforia_destroys_the_attacker_after_the_attack_resolves():
    """Specific Card Clarifications, Trey of Triforia: the attacking card is destroyed only
    once the whole Attack is over, so the Sword's "if negated" part happens first."""
    state = energy(energy(game(), V, 10), H, 5)
    state, sword = attach(state, V, 2, "sword-of-damocles")
    state, trey = attach(state, H, 0, "trey-of-triforia")
    state = act(state, V, Activate(source="slot", index=2))
    hand_before = len(state.players[H].hand)
    new, ev = R.apply(state, H, Choose(option="slot:0"))
    texts = [e.text for e in ev]
    assert new.teams[V].hp == 27 and new.teams[H].hp == 30
    assert sword in new.destroyed and new.players[V].slots[2] is None
    assert trey in new.players[H].discard and len(new.players[H].hand) == hand_before + 1
    lost = next(i for i, t in enumerate(texts) if "Villains take 3" in t)
    gone = next(i for i, t in enumerate(texts) if "is destroyed" in t)
    assert lost < gone


def test_zeo_sub_crystal_5_gains_a_zord_outside_the_one_a_turn_limit():
    """Specific Card Clarifications, Zeo Sub-Crystal 5 - Red: its gain is outside the
    one-a-turn limit on the stacks, so a purchase may follow in the same turn."""
    state = hero_turn(energy(game(), H, 10))
    state, _ = attach(state, H, 0, "zeo-sub-crystal-5-red")
    state = act(state, H, Activate(source="slot", index=0))
    assert [z.card for z in state.bay] == ["zeo-zord-5#0"] and state.players[H].own_gained
    assert state.shards == 0
    state = act(shards(state, 7), H, Buy(source="stack"))
    assert len(state.bay) == 2


def test_draining_power_is_not_targeted_so_either_foe_may_block():
    """Specific Card Clarifications, Draining Power: it targets nobody, so either foe may
    Block it."""
    state = energy(game("2v2", chars=("voltara", "renn", "gearwright", "mara")), V, 10)
    state = energy(state, H, 10)
    state, _ = attach(state, V, 1, "draining-power")
    state = act(state, V, Activate(source="slot", index=1))
    assert state.decision is None and state.attack.parts == (None,)
    assert R.to_act(state) == {1}
    state = choose(state, "decline")
    assert R.to_act(state) == {3}
    state = choose(state, "decline")
    assert state.teams[H].energy == 6 and state.teams[H].hp == 29


def test_queen_machina_works_on_the_foes_turn():
    """The Lair: Queen Machina's Battle ability works for the Villains on the Heroes' turns
    as well."""
    state = game(chars=("cog-regent", "renn"))
    state = player(state, V, slots=(None, None, None, Attached(card="queen-machina#0")))
    state = energy(hero_turn(shards(grid(state, "rivet-sniper"), 5)), V, 0)
    state = act(state, H, Battle(index=0))
    assert state.teams[V].energy == 2


def test_queen_machina_in_the_lair_counts_for_both_villains():
    state = game("2v2")
    state = state.model_copy(update={"lair": ("queen-machina#0",)})
    state = energy(hero_turn(shards(grid(state, "rivet-sniper"), 5)), V, 0)
    state = act(state, H, Battle(index=0))
    assert state.teams[V].energy == 2  # once: the team shares one tracker


def test_zeo_zord_5_blocks_on_a_villains_turn_and_exhausts():
    """Zeo Zord Bay: Zeo Zord 5 is a Block, so the Heroes use it on a Villain's turn."""
    state = energy(energy(team(game(), H, hp=20), V, 5), H, 5)
    state = state.model_copy(update={"bay": (Attached(card="zeo-zord-5#0"),)})
    state, _ = attach(state, V, 0, "cogsoldier-squad")
    state = act(state, V, Activate(source="slot", index=0))
    state = choose(state, "zord:0")
    cost = CAT.cards["zeo-zord-5"].block.cost
    assert state.teams[H].hp == 23 and state.teams[H].energy == 5 - cost
    assert state.bay[0].card == "zeo-zord-5#0" and not state.bay[0].ready


@pytest.mark.parametrize(("seat", "card"), [(V, "reconstruct"), (H, "regroup")])
def test_regroup_and_reconstruct_draw_two_after_the_battle_reward(seat, card):
    """Battling Adversary Cards: the starting deck's draw-2-when-you-Battle card waits
    until the Battle reward has resolved."""
    adversary = "dojo-sensei" if seat == V else "rivet-sniper"
    state = grid(game(), adversary).model_copy(update={"active": seat, "shards": 5})
    state, cards = hand(state, seat, card)
    state = act(state, seat, Play(card=cards[0]))
    assert len(state.players[seat].hand) == 0
    new, ev = R.apply(state, seat, Battle(index=0))
    texts = [e.text for e in ev]
    assert len(new.players[seat].hand) == 2
    reward = next(i for i, t in enumerate(texts) if "Heal" in t)
    drew = next(i for i, t in enumerate(texts) if "draws 2" in t)
    assert reward < drew


def test_serpentera_sections_are_8_9_10():
    """Serpentera Section Promo Rules: "3 Serpentera Section cards ... with 8 on top and 10 on
    the bottom"; the Scales card has the ability."""
    costs = [CAT.cards[c].cost for c in ("serpentera-tail", "serpentera-scales", "serpentera-head")]
    assert costs == [8, 9, 10]
    assert CAT.cards["serpentera-scales"].ability is not None
    assert CAT.characters["venjix"].promo


def test_stun_is_a_dead_card_that_cannot_be_bought():
    """Stun Cards: "They have a cost ... but they cannot be bought"; played, they give nothing."""
    stun = CAT.cards["stun"]
    assert stun.cost is not None and stun.shards == stun.energy == 0
    state, cards = hand(game(), V, "stun")
    state = act(state, V, Play(card=cards[0]))
    assert state.shards == 0


def test_end_of_turn_location():
    """Locations / End Phase: "Perform any 'at the end of your turn' actions" - Command Spire
    Heals 1 at the end of its controller's turn."""
    state = team(player(game(), V, locations=("command-spire#0",)), V, hp=20)
    state = grid(state, "pulse-rifle")
    state = act(state, V, EndMain())
    assert state.teams[V].hp == 21
    state = act(state, V, EndTurn())
    assert state.players[V].locations == ("command-spire#0",)


def test_a_copier_can_copy_a_block_and_it_counts_as_a_block():
    """Specific Card Clarifications, the copiers: a copied Block is a Block, so an attached
    copier may answer a Block prompt by copying a Block in play, paying its own Energy and
    resolving the whole Block text."""
    state = energy(energy(game(chars=("gearwright", "renn")), V, 5), V, 5)
    state, _ = attach(state, V, 0, "rivet-sniper")
    state = state.model_copy(update={"active": H})
    state, cup = attach(state, V, 1, "robocupid")
    state, _ = attach(state, H, 0, "trey-of-triforia")  # a Block in play (the foe's)
    state, _ = attach(state, H, 1, "pulse-rifle")
    state = energy(state, H, 5)
    state = act(state, H, Activate(source="slot", index=1))
    opts = [a.option for a in R.legal_actions(state, V)]
    assert "copy:1:1:0" in opts
    hand_before = len(state.players[V].hand)
    state = choose(state, "copy:1:1:0")
    assert state.attack is None and state.teams[V].hp == 30
    assert state.teams[V].energy == 5 - CAT.cards["robocupid"].ability.cost
    assert cup in state.players[V].discard  # Trey's "discard this card" discards the copier
    assert len(state.players[V].hand) == hand_before + 1  # Trey's reward: draw 1
    # Trey's own text: the attacking card (Pulse Rifle) is destroyed after the Attack
    assert state.players[H].slots[1] is None and any(
        c.startswith("pulse-rifle#") for c in state.destroyed
    )


def test_queen_machina_on_the_second_villains_character_triggers_too():
    state = game("2v2", chars=("gearwright", "renn", "cog-regent", "mara"))
    state = player(state, 2, slots=(None, None, None, Attached(card="queen-machina#0")))
    state = energy(hero_turn(shards(grid(state, "rivet-sniper"), 5)), V, 0)
    state = act(state, H, Battle(index=0))
    assert state.teams[V].energy == 2
