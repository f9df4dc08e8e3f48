"""Heroes of the Grid's setup options (the form the launcher shows before a game)."""

from __future__ import annotations

from ...setup_options import SetupOption

SETUP_OPTIONS = (
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
        "deployments_per_round",
        "Deployments per round",
        (("5 (standard)", "5"), ("4 (easier)", "4")),
        default="5",
    ),
    SetupOption(
        "heavy_deployments",
        "Difficulty (foot soldier cards)",
        (
            ("Standard: cards of 1-2-2-2-3 figures", "heavy"),
            ("Easier: cards of 1-1-1-2-3 figures", "light"),
        ),
        default="heavy",
        convert=lambda v: v == "heavy",
        help="How many figures the deployment cards show: the likeliest printed reading, "
        "or a lighter one for an easier game (RULINGS.md 2).",
    ),
)
