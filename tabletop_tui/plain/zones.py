"""The table's zones by name (`grid`, `bay`, `squad`, ...): one part of the seat's View each.

A zone is a few of the View's own fields, and a few fields of every seat; what a seat may
not see is not in its View, so a zone can never tell it. Names follow each game's screen
(Zeo's Grid, Zord Bay and Lair; Army Of Zero's squad and fight; HotG's board of
locations and its battle).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from .describe import SKIP, Describer, clause, is_card, label


@dataclass(frozen=True)
class Zone:
    #: what `help` says it shows
    title: str
    #: the View's own fields it tells, in this order
    top: tuple[str, ...] = ()
    #: fields of every seat (or player) it tells, a line per seat
    seat: tuple[str, ...] = ()


ZONES: dict[str, dict[str, Zone]] = {
    "army-of-zero": {
        "squad": Zone(
            "your squad in order, the cards still to place, everyone's counts",
            seat=("unplaced", "squad", "unplaced_count", "squad_count"),
        ),
        "fight": Zone(
            "the confrontation: fighters, laid-down cards, chosen Combat Cards",
            top=("phase", "confrontation", "exchange", "last"),
            seat=(
                "fighter",
                "laid_down",
                "table",
                "has_chosen",
                "choice",
                "attacks_in_hand",
                "defend_in_hand",
            ),
        ),
        "out": Zone(
            "who is out of the fight: survivors and the defeated",
            seat=("survivors", "defeated", "alive"),
        ),
    },
    "pr-ccg-2008": {
        "battle": Zone(
            "this round's battle: cards chosen, paid, locked in, the last result",
            top=("round", "phase", "battle_cards", "last", "last_cards"),
            seat=("selected", "paid", "locked", "element", "element_pending"),
        ),
        "discard": Zone(
            "every discard pile, and the deck and hand counts",
            seat=("deck_name", "deck_count", "hand_count", "discard"),
        ),
    },
    "zoobotz": {
        "board": Zone(
            "the Botz and Modules in play, invested cards, shields",
            top=("turn", "active", "invests_left", "goal", "decision"),
            seat=(
                "botz",
                "modules",
                "invested_count",
                "invested_unused",
                "invested",
                "shielded",
            ),
        ),
        "research": Zone("every player's research", seat=("research",)),
        "discard": Zone(
            "discard piles, cards out of the game, deck and hand counts",
            seat=("deck_count", "hand_count", "discard", "out", "bottomed"),
        ),
    },
    "zeo-dbg": {
        "grid": Zone(
            "the Grid: the cards to buy or battle, with their prices",
            top=("grid", "main_deck", "main_discard", "destroyed_count"),
        ),
        "bay": Zone("the Zord Bay and the Zord stack", top=("bay", "zords", "serpentera")),
        "lair": Zone("the Lair, its Masters and the shards", top=("lair_text", "lair", "masters")),
        "stacks": Zone(
            "the stacks: main deck, Blasters, Stuns, Zords, Masters",
            top=("main_deck", "blasters", "stuns", "zords", "masters", "shards"),
        ),
        "played": Zone(
            "each player's character, cards played, locations, slots",
            seat=("character", "played", "locations", "item", "own", "serpentera"),
        ),
        "teams": Zone("the teams' health and energy", top=("teams", "attack", "last_turn")),
    },
    "hotg": {
        "board": Zone(
            "the Command Center and every location, with who is there",
            top=("headquarters", "hq_energy", "hq_tokens", "hq_rangers", "hq_enemies"),
        ),
        "locations": Zone("every location, in order", top=("locations",)),
        "rangers": Zone(
            "every player's Rangers, place, energy and tokens",
            seat=(
                "rangers",
                "location",
                "hand_count",
                "deck_count",
                "stored_energy",
                "tokens",
                "zords",
                "in_battle",
                "is_lead",
                "defeats",
            ),
        ),
        "battle": Zone(
            "the battle being fought, and the choice waiting", top=("battle", "decision")
        ),
        "enemies": Zone(
            "the monsters, the boss, nemeses and the deployment",
            top=(
                "monsters",
                "boss",
                "boss_progress",
                "boss_goal",
                "defeated_villains",
                "nemeses",
                "deploy_count",
                "next_deploy_back",
                "deployments_per_round",
                "deploying",
                "enemy_deck_counts",
            ),
        ),
        "zords": Zone(
            "the Zords and the Megazord",
            top=("zord_deck", "megazord", "megazord_token", "exhausted_zords", "voyager_energy"),
        ),
        "schemes": Zone(
            "the Mastermind's schemes (a scheme's face only for the Mastermind)",
            top=("mode", "schemes", "scheme_count", "scheme_deck", "scheme_discard"),
        ),
    },
}


def zones_of(game_id: str) -> dict[str, Zone]:
    return ZONES.get(game_id, {})


def zone_help(game_id: str) -> list[str]:
    zones = zones_of(game_id)
    if not zones:
        return []
    width = max(len(n) for n in zones) + 2
    return ["This game's zones (type the name):"] + [
        f"  {name.ljust(width)}{zone.title}" for name, zone in zones.items()
    ]


def _title(item: BaseModel, fallback: str, d: Describer) -> tuple[str, set[str]]:
    """The item's name, or the name of the card it holds (a Grid slot); the fields used."""
    name = getattr(item, "name", None)
    if isinstance(name, str) and name:
        return name, {"name", "id"}
    for field in type(item).model_fields:
        value = getattr(item, field)
        if is_card(value):
            return value.name, {field}  # type: ignore[attr-defined]
        if isinstance(value, str) and value in d.names:
            return d.names[value], {field}
    return fallback, set()


def tell_zone(d: Describer, view: BaseModel, viewer: int | None, zone: Zone) -> list[str]:
    """The zone in sentences: its own fields first, then one line per seat."""
    d.learn(view)
    lines: list[str] = []
    for field in zone.top:
        if field not in type(view).model_fields:
            continue
        value = getattr(view, field)
        if (
            isinstance(value, (list, tuple))
            and value
            and all(isinstance(v, BaseModel) for v in value)
        ):
            lines.append(f"{label(field)}:")
            for i, item in enumerate(value, 1):
                title, used = _title(item, f"{label(field)} {i}", d)
                facts = []
                for name in type(item).model_fields:
                    if name in SKIP or name in used or name in ("index", "position", "seat"):
                        continue
                    said = d.inline(getattr(item, name), name)
                    if said:
                        facts.append(
                            label(name).lower()
                            if said == "yes"
                            else f"{label(name).lower()} {said}"
                        )
                lines.append(f"  {i}. {title}" + (f": {'; '.join(facts)}." if facts else "."))
            continue
        said = d.inline(value, field)
        if said:
            lines.append(f"{label(field)}: {clause(said)}.")
    if zone.seat:
        for group in ("seats", "players"):
            items = getattr(view, group, None)
            if not isinstance(items, (list, tuple)):
                continue
            for i, item in enumerate(items):
                seat = getattr(item, "seat", i)
                who = getattr(item, "name", None) or d.seat_name(seat)
                if seat == viewer and viewer is not None:
                    who += " (you)"
                facts = []
                for name in zone.seat:
                    if name not in type(item).model_fields:
                        continue
                    said = d.inline(getattr(item, name), name)
                    if said:
                        facts.append(label(name) if said == "yes" else f"{label(name)}: {said}")
                lines.append(
                    f"{who}: "
                    + (". ".join(f.rstrip(".") for f in facts) if facts else "nothing here")
                    + "."
                )
    return lines or ["Nothing there now."]
