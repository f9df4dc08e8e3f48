"""Heroes of the Grid card data: card_data/hotg/*.toml is complete, matches the facts file
(../shared/research/heroes-of-the-grid-card-facts.json, checked when present), and bad
data is rejected with an error naming the file, the record and the field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabletop_tui.cards import CardDataError
from tabletop_tui.games.hotg.cards import catalog, load_catalog, slug
from tabletop_tui.games.hotg.effects import PASSIVE_TEXT

CAT = catalog()
SHIPPED = Path(__file__).resolve().parent.parent / "card_data" / "hotg"
#: the numbers of the facts file (../shared/research/heroes-of-the-grid-card-facts.json),
#: copied into the repository so the check runs on a clean clone too
FACTS = Path(__file__).resolve().parent / "data" / "hotg_card_numbers.json"


def test_ten_rangers_with_ten_card_decks():
    assert set(CAT.rangers) == {
        "jason",
        "zack",
        "billy",
        "trini",
        "kimberly",
        "andros",
        "carlos",
        "tj",
        "ashley",
        "cassie",
    }
    for r in CAT.rangers.values():
        assert len(CAT.deck_instances(r.id)) == 10
        assert r.zord in CAT.zords
    assert sum(c.count for c in CAT.rangers["andros"].card if c.name == "Astro Blaster") == 1


def test_enemy_decks_have_their_sizes_and_keywords():
    sizes = {
        "putty_patrollers": 10,
        "super_putty_patrollers": 10,
        "quantrons": 10,
        "bones": 8,
        "knasty_knight": 8,
        "madame_woe": 8,
        "pudgy_pig": 8,
        "rita_repulsa": 8,
        "psycho": 19,
    }
    for deck, n in sizes.items():
        assert len(CAT.enemy_instances(deck)) == n, deck
    assert "FAST" in CAT.enemy["super_putty_patrollers:engulf"].keywords
    assert "GUARD" in CAT.enemy["pudgy_pig:salad-fork-stab"].keywords
    assert len(CAT.nemeses) == 6


def test_locations_figure_limits_and_links():
    limits = {
        "ernies_juice_bar": 5,
        "angel_grove_park": 6,
        "industrial_district": 6,
        "angel_grove_high": 5,
        "surf_spot": 5,
        "k0_35": 6,
    }
    assert {k: v.figure_limit for k, v in CAT.locations.items()} == limits
    assert CAT.locations["surf_spot"].foot_soldier == "quantrons"


def test_die_has_six_faces_of_0_1_2_hits():
    """RULINGS 1: 2 misses, 3 single hits, 1 double hit."""
    assert sorted(CAT.dice) == [0, 0, 1, 1, 1, 2]


def test_every_card_has_generated_text():
    for cid, c in CAT.combat.items():
        assert isinstance(c.text, str), cid
        if c.effects or c.defense:
            assert c.text, cid
    for cid, c in CAT.enemy.items():
        assert c.text and c.text != "No effect." or c.passive is None and not c.effects, cid
    assert (
        CAT.enemy["knasty_knight:blade-beam"].text
        == "4 damage to the lead Ranger. 2 damage to each other Ranger."
    )
    assert PASSIVE_TEXT["flanking"] in CAT.enemy["putty_patrollers:flanking"].text
    assert "★" in CAT.combat["billy:counter-jab"].text


def test_numbers_match_the_facts_file():
    facts = json.loads(FACTS.read_text("utf-8"))
    by_name = {r["id"].split("_")[-1]: r for r in facts["rangers"]}
    for rid, r in CAT.rangers.items():
        f = by_name[rid]
        assert r.ability_name == f["ability"]["name"]
        for fc in f["deck"]:
            c = CAT.combat[f"{rid}:{slug(fc['name'])}"]
            assert (c.count, c.type, c.cost, c.shields, c.dice) == (
                fc["count"],
                fc["type"],
                fc["cost"],
                fc["shields"],
                fc["dice"],
            ), (rid, fc["name"])
            assert c.hits == fc["fixed_hits"], (rid, fc["name"])
    for d in facts["enemy_decks"]:
        deck = "psycho" if d["kind"] == "nemesis" or d["id"] == "psycho_rangers_boss" else d["id"]
        for fc in d["cards"]:
            c = CAT.enemy[f"{deck}:{slug(fc['name'])}"]
            if fc["health"] != "X":
                assert c.health == fc["health"], fc["name"]
            assert set(c.keywords) == set(fc["keywords"]), fc["name"]


def _edited(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the shipped cards with the first `old` in `file` replaced by `new`."""
    folder = tmp_path / "hotg"
    shutil.copytree(SHIPPED, folder)
    p = folder / file
    text = p.read_text("utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), "utf-8")
    return folder


def test_bad_effect_parameter_names_the_file_card_and_field(tmp_path):
    folder = _edited(
        tmp_path,
        "rangers.toml",
        '{do = "gain_energy", n = 1}, {do = "extra_play", who = "other"}',
        '{do = "gain_energy", n = 1, who = "other"}',
    )
    with pytest.raises(CardDataError) as err:
        load_catalog(folder)
    msg = str(err.value)
    assert "rangers.toml" in msg and "Jason" in msg and "card" in msg and "who" in msg


def test_a_deck_of_nine_cards_is_rejected(tmp_path):
    folder = _edited(
        tmp_path,
        "rangers.toml",
        'name = "Team Tactics"\n  count = 2',
        'name = "Team Tactics"\n  count = 1',
    )
    with pytest.raises(CardDataError, match="10 cards"):
        load_catalog(folder)


def test_unknown_location_link_is_rejected(tmp_path):
    folder = _edited(tmp_path, "board.toml", 'back = "surf_spot"', 'back = "moon_base"')
    with pytest.raises(CardDataError, match="fs_deployment"):
        load_catalog(folder)


def test_bad_die_is_rejected(tmp_path):
    folder = _edited(tmp_path, "board.toml", "faces = [0, 1, 1, 0, 1, 2]", "faces = [0, 1]")
    with pytest.raises(CardDataError, match="dice"):
        load_catalog(folder)


def test_deployment_readings_need_one_number_per_card(tmp_path):
    """Ruling 2: both readings of a back list its five cards."""
    folder = _edited(
        tmp_path, "board.toml", "heavy_figures = [1, 2, 2, 2, 3]", "heavy_figures = [2, 2]"
    )
    with pytest.raises(CardDataError, match=r"board\.toml.*fs_deployment.*one number per card"):
        load_catalog(folder)
