"""Heroes of the Grid's setup options (the form the launcher shows before a game)."""

from __future__ import annotations

from ....games.hotg.models import DIFFICULTIES
from ...setup_options import SetupOption


def _rangers() -> tuple[tuple[str, str], ...]:
    from ....games.hotg.cards import catalog

    team = {"mighty_morphin": "MMPR", "space": "Space"}
    out = [("Default team", "")]
    for r in catalog().rangers.values():
        out.append((f"{r.name.split()[0]} ({r.color.title()}, {team[r.team]})", r.id))
    return tuple(out)


def _checked_rangers(picks: tuple) -> tuple:
    """Two seats on one Ranger, refused in plain words before the game is built."""
    seen: dict[str, int] = {}
    for seat, pick in enumerate(picks):
        if pick and pick in seen:
            raise ValueError(f"Seats {seen[pick] + 1} and {seat + 1} both chose the same Ranger")
        seen.setdefault(pick, seat)
    return tuple(picks)


SETUP_OPTIONS = (
    SetupOption(
        "ranger_picks",
        "Ranger",
        _rangers,
        per_seat=True,
        default=("",) * 6,
        convert=_checked_rangers,
        help="With 1 or 2 players each runs a second Ranger from the default team. "
        "In Mastermind Mode the last seat plays the villains and its pick is not used.",
    ),
    SetupOption(
        "mode",
        "Mode",
        (
            ("Standard", "standard"),
            ("Psycho Assault (the Psycho Rangers are the villains)", "psycho_assault"),
            ("Mastermind (the last seat plays the villains)", "mastermind"),
        ),
        default="standard",
        help="Mastermind Mode: the last seat filled is the Mastermind, the others Rangers.",
    ),
    SetupOption(
        "headquarters",
        "Headquarters",
        (
            ("Command Center", "command_center"),
            ("Command Center Assault (B side)", "command_center_assault"),
            ("Astro Megaship (expansion)", "astro_megaship"),
        ),
        default="command_center",
    ),
    SetupOption(
        "boss",
        "Boss",
        (("Rita Repulsa", "rita_repulsa"), ("The Psycho Rangers", "psycho_rangers")),
        default="rita_repulsa",
    ),
    SetupOption(
        "psycho_monsters",
        "Psycho Rangers as monsters",
        (("None", "0"), ("One", "1"), ("Two", "2")),
        default="0",
        help="They replace normal monsters (not with the Psycho Rangers as the boss).",
    ),
    SetupOption(
        "foot_soldiers",
        "Foot soldiers",
        (
            ("Putty Patrollers + Super Putties", "putty_patrollers,super_putty_patrollers"),
            ("Putty Patrollers + Quantrons", "putty_patrollers,quantrons"),
            ("Super Putties + Quantrons", "super_putty_patrollers,quantrons"),
        ),
        default="putty_patrollers,super_putty_patrollers",
        convert=lambda v: tuple(v.split(",")),
    ),
    SetupOption(
        "hidden_hands",
        "Hands",
        (("Open to the team", "open"), ("Hidden (curtains)", "hidden")),
        default="open",
        convert=lambda v: v == "hidden",
    ),
    SetupOption(
        "difficulty",
        "Difficulty",
        (
            ("Easier: 4 deployments a round, lighter foot soldier cards", "easier"),
            ("Standard: the printed game", "standard"),
            ("Custom: the two settings below", "custom"),
        ),
        default="standard",
        help="Sets the two settings below; changing either of them makes it Custom.",
        presets={
            name: {
                "deployments_per_round": str(mix["deployments_per_round"]),
                "heavy_deployments": "heavy" if mix["heavy_deployments"] else "light",
            }
            for name, mix in DIFFICULTIES.items()
        },
    ),
    SetupOption(
        "deployments_per_round",
        "Deployments per round",
        (("5 (standard)", "5"), ("4 (easier)", "4")),
        default="5",
    ),
    SetupOption(
        "heavy_deployments",
        "Foot soldier cards",
        (
            ("Standard: cards of 1-2-2-2-3 figures", "heavy"),
            ("Easier: cards of 1-1-1-2-3 figures", "light"),
        ),
        default="heavy",
        convert=lambda v: v == "heavy",
        help="How many figures the deployment cards show: the likeliest printed reading, "
        "or a lighter one for an easier game (RULINGS.md 2).",
    ),
    SetupOption(
        "megazord",
        "Megazord",
        (
            ("By the team (Dino for Mighty Morphin, Mega Voyager for Space)", "auto"),
            ("Dino Megazord", "dino_megazord"),
            ("Mega Voyager", "mega_voyager"),
        ),
        default="auto",
        help="A mixed team gets one at random unless you choose.",
    ),
    SetupOption(
        "witch_curse_all_cards",
        "Rita's Witch's Curse",
        (("Raises attack cards' cost", "attacks"), ("Raises every card's cost", "all")),
        default="attacks",
        convert=lambda v: v == "all",
        help="Two printings disagree; RULINGS.md 4 explains the default.",
    ),
    SetupOption(
        "psycho_fill_panics",
        "Psycho Assault: a Psycho filling a location",
        (("Does not panic it (as written)", "calm"), ("Panics it as any full location", "panic")),
        default="calm",
        convert=lambda v: v == "panic",
        help="The expansion says a Psycho Ranger's deployment panics no location by itself "
        "(RULINGS.md PA3); the other reading is a harder game.",
    ),
)
