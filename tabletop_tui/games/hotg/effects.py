"""The effect vocabulary of Heroes of the Grid, and the card text generated from it.

Two small closed vocabularies, each a pydantic model with a `do` verb plus the few
parameters that verb uses (a validator rejects parameters a verb does not read, so a
typo in card_data/hotg/*.toml names the card and the field):

* `RangerEffect`: what a combat card does when played (`effects`) or when revealed for
  defence (`defense`, the ★ special defence). Reactions carry a `trigger`.
* `EnemyEffect`: what an enemy card does when it resolves, and the [PSYCHO] effects of
  the Psycho Ranger deployment cards.

Passive enemy effects and character abilities are named hooks (PASSIVES, ABILITIES),
interpreted by the rules modules (attacks.py, enemies.py...). `card_text` / `enemy_text`
turn the data into the words shown to players, so the text and the behaviour never
disagree.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Literal

from pydantic import Field, model_validator

from ...engine import Model
from ...engine.grammar import plural

RangerVerb = Literal[
    "gain_energy",  # gain n energy into the shared pool
    "extra_play",  # who ("self"/"other"/"any") may play 1 card right away
    "next_attack",  # the next attack this battle gets +n dice (and/or ignores GUARD)
    "reroll_dice",  # after the roll the attacker may reroll any of its dice, once
    "ignore_guard",  # this attack may target a guarded card
    "hits_per_energy",  # X cost: deal X hits (excess spills to the next card in reading order)
    "after_play",  # the card goes to the deck top / is shuffled in instead of the discard
    "hit_target",  # reaction: n hits to the target of the attack just resolved
    "discard_to_top",  # put n cards from your discard pile on top of your deck
    "second_attack",  # when the target is defeated / survives: another n-dice attack
    "hit_any",  # n hits to an enemy card (the engine picks the weakest)
    "tutor",  # take the best card of your deck into your hand, then shuffle it
    "revealed_to_hand",  # reaction: the card you just revealed goes to your hand
    "reduce_damage",  # reaction: reduce the damage about to be suffered by n
    "boost_discard_top",  # option: discard the top card of your deck for +n dice
    "dice_if_discard",  # +n dice when your discard pile holds at least `at_least` cards
    "splash_adjacent",  # n hits (or the best `best_dice` dice) to adjacent cards
    "splash_far",  # n hits (or best dice) to up to `targets` cards not adjacent
    "roll_energy",  # roll n dice, gain energy equal to the hits
    "discard_top_to_hand",  # the top card of a discard pile goes to hand
    "astro_blaster",  # reaction: the attack ignores GUARD and gets +1 hit per energy (max n)
    "dice_minus_hand",  # -1 die per other card in your hand
    "boost_hand_to_top",  # option: put 1 card from hand on top of your deck first
    "hand_to_top_any",  # put any number of hand cards on top of your deck (one at a time)
    "peek_reorder",  # each Ranger in the battle may reorder the 2 top cards of their deck
    "draw",  # draw n cards
    "boost_discard_hand",  # option: discard n hand cards for +1 die (or +`energy` energy)
    "boost_alt_cost",  # option: discard n hand cards instead of paying the energy cost
    "hits_from_shields",  # hits = shields of your top deck card (+ a hand card)
    "add_dice",  # reaction: +n dice to the attack that just rolled a miss
    "grant_attack",  # next Ranger turn: a free n-dice attack with `splash` hits adjacent
    "double_shields",  # reaction: the revealed card's shields are doubled
    "pay_for_shields",  # ★: pay 1 energy for +n shields
    "shield_or_energy",  # ★: +n shield if that stops the damage, else gain n energy
    "stun",  # put hits on up to 2 foot soldier cards (or 1 other) up to 1 below health
]

_PARAMS: dict[str, set[str]] = {
    "gain_energy": {"n"},
    "extra_play": {"who", "reroll", "dice_to_hits"},
    "next_attack": {"n", "ignore_guard"},
    "reroll_dice": set(),
    "ignore_guard": set(),
    "hits_per_energy": set(),
    "after_play": {"to", "pay", "when"},
    "hit_target": {"n"},
    "discard_to_top": {"n"},
    "second_attack": {"n", "when", "pay"},
    "hit_any": {"n"},
    "tutor": set(),
    "revealed_to_hand": set(),
    "reduce_damage": {"n"},
    "boost_discard_top": {"n"},
    "dice_if_discard": {"n", "at_least"},
    "splash_adjacent": {"n", "best_dice", "each"},
    "splash_far": {"n", "best_dice", "each", "targets", "on_miss"},
    "roll_energy": {"n"},
    "discard_top_to_hand": set(),
    "astro_blaster": {"n"},
    "dice_minus_hand": set(),
    "boost_hand_to_top": set(),
    "hand_to_top_any": set(),
    "peek_reorder": set(),
    "draw": {"n"},
    "boost_discard_hand": {"n", "energy"},
    "boost_alt_cost": {"n"},
    "hits_from_shields": {"hand"},
    "add_dice": {"n"},
    "grant_attack": {"n", "splash"},
    "double_shields": set(),
    "pay_for_shields": {"n"},
    "shield_or_energy": {"n"},
    "stun": set(),
}
#: verbs that give a card an optional mode: PlayCard(boost=True) uses it
BOOSTS = {"boost_discard_top", "boost_hand_to_top", "boost_discard_hand", "boost_alt_cost"}

_DEFAULTS = {
    "n": 0,
    "who": "self",
    "reroll": False,
    "dice_to_hits": False,
    "ignore_guard": False,
    "to": "top",
    "pay": 0,
    "when": "always",
    "at_least": 0,
    "best_dice": 0,
    "each": False,
    "targets": 1,
    "on_miss": False,
    "hand": False,
    "splash": 0,
    "energy": 0,
}


class RangerEffect(Model):
    do: RangerVerb
    n: int = 0
    who: Literal["self", "other", "any"] = "self"
    reroll: bool = False
    dice_to_hits: bool = False
    ignore_guard: bool = False
    to: Literal["top", "shuffle"] = "top"
    pay: int = 0
    when: Literal["always", "defeat", "survive"] = "always"
    at_least: int = 0
    best_dice: int = 0
    each: bool = False
    targets: int = 1
    on_miss: bool = False
    hand: bool = False
    splash: int = 0
    #: boost_discard_hand: the discard buys this much energy instead of the die, if chosen
    energy: int = 0

    @model_validator(mode="after")
    def _params(self) -> "RangerEffect":
        allowed = _PARAMS[self.do]
        for name, default in _DEFAULTS.items():
            if name not in allowed and getattr(self, name) != default:
                raise ValueError(f"'{self.do}' does not take '{name}'")
        return self


EnemyVerb = Literal["damage", "drain", "discard", "deploy_fs", "regenerate", "psycho"]
EnemyTarget = Literal[
    "choose",
    "lead",
    "most_hand",
    "fewest_deck",
    "each",
    "others",
    "two_different",
    "three_different",
    "attached",
    "other_than_attached",
]
DiscardWhat = Literal[
    "deck_top",
    "deck_bottom",
    "hand_random",
    "hand_highest_cost",
    "hand_highest_shield",
    "hand_keep_one",
]


class EnemyEffect(Model):
    do: EnemyVerb
    n: int = 0
    target: EnemyTarget = "choose"
    #: the same Ranger suffers it this many times ("3 damage, twice")
    times: int = 1
    #: +1 damage per foot soldier figure at this location (Swarm Attack)
    per_fs: bool = False
    #: cancelled if any Ranger in the battle discards 1 card from hand (Cyber Slash)
    unless_discard: bool = False
    #: doubled if 2 or more Psycho Rangers are at this location (Psycho Assault)
    psycho_double: bool = False
    what: DiscardWhat = "deck_top"

    @model_validator(mode="after")
    def _params(self) -> "EnemyEffect":
        if self.do in ("damage", "drain", "deploy_fs") and self.n < 1:
            raise ValueError(f"'{self.do}' needs n >= 1")
        if self.do not in ("damage", "discard") and self.target != "choose":
            raise ValueError(f"'{self.do}' takes no target")
        return self


Passive = Literal[
    "flanking",
    "lion_shield",
    "teleport",
    "ravenous_hunger",
    "witch_curse",
    "path_of_flame",
    "path_of_stone",
    "path_of_frost",
    "path_of_venom",
    "path_of_thorns",
    "path_of_cruelty",
]
PASSIVE_TEXT: dict[str, str] = {
    "flanking": "While in play, damage dealt by each other enemy card is +1.",
    "lion_shield": "While in play, a Ranger who deals hits to this card suffers that much damage.",
    "teleport": "While in play, no hits can be dealt to other Madame Woe cards.",
    "ravenous_hunger": "While in play, Rangers may only play cards costing 0.",
    "witch_curse": "While in play, combat cards cost 1 more energy.",
    "path_of_flame": "While in play, each time a defeated enemy card resolves, deal 3 damage.",
    "path_of_stone": "While in play, every other enemy card has +1 health.",
    "path_of_frost": "While in play, the shared energy pool holds at most 2; the excess drains.",
    "path_of_venom": "While in play, cards revealed for defence have 1 shield less.",
    "path_of_thorns": "While in play, a Ranger attacking this card or one adjacent suffers 2 damage.",
    "path_of_cruelty": "While in play, the first card each Ranger plays costs them the top card of their deck.",
}

Ability = Literal[
    "leadership",
    "double_strike",
    "strategize",
    "quick_shot",
    "hip_hop_kido",
    "covert_tactics",
    "hot_blooded",
    "level_headed",
    "optimism",
    "ready_to_rock",
]
#: abilities the team triggers with a UseAbility action (the others trigger by themselves)
ACTIVE_ABILITIES = {
    "leadership",
    "double_strike",
    "strategize",
    "covert_tactics",
    "level_headed",
    "ready_to_rock",
}
ABILITY_TEXT: dict[str, str] = {
    "leadership": "Once per battle: the next attack may roll any of its dice again, once.",
    "double_strike": "Once per battle, after you play a card: play another card with the same name.",
    "strategize": "Once per battle: a Ranger draws 1 card, then puts 1 card from hand on top of the deck.",
    "quick_shot": "At the start of each battle: deal 1 hit to an enemy card (automatic).",
    "hip_hop_kido": "Once per battle, after your attack defeats a card: 1 hit to a card adjacent to it (automatic).",
    "covert_tactics": "Once per battle: the next attack may ignore GUARD.",
    "hot_blooded": "Once per attack, holding 2 or fewer cards: you may roll any of your attack's dice again.",
    "level_headed": "Once per battle: the next attack turns up to 2 of its dice into fixed hits.",
    "optimism": "Once per battle, when an attack rolls a miss: gain 1 energy (automatic).",
    "ready_to_rock": "Once per battle: a Ranger discards the top card of their deck, then puts the best card of their discard pile on top.",
}

ZordAbility = Literal[
    "next_attack_dice",
    "fs_to_experience",
    "discard_to_top",
    "battle_draw",
    "battle_energy",
    "cycle_discard",
    "next_attack_hits",
    "energy_and_draw",
    "reduce_damage",
    "megazord_token",
    "voyager_shield",
]
ZORD_TEXT: dict[str, str] = {
    "next_attack_dice": "Exhaust: the next attack this battle gets +{n} dice.",
    "fs_to_experience": "Exhaust: move 1 foot soldier figure from any location to the experience track (to the supply once the Megazord is here).",
    "discard_to_top": "Exhaust: a Ranger puts up to {n} cards from their discard pile on top of their deck.",
    "battle_draw": "Exhaust in a battle: each Ranger in it draws up to {n} cards (a player with two Rangers, twice as many).",
    "battle_energy": "Exhaust when a Ranger plays a maneuver or reaction: gain {n} energy; "
    "that Ranger may put the card on the bottom of their deck instead of the discard pile.",
    "cycle_discard": "Exhaust: a Ranger discards up to {n} hand cards, then puts twice as many from the discard pile on top of the deck.",
    "next_attack_hits": "Exhaust: once the next attack this battle has rolled, its lowest die comes off for +{n} hits.",
    "energy_and_draw": "Exhaust at any time: gain {n} energy (lost outside a battle); a Ranger of your choice draws as many cards as they like.",
    "reduce_damage": "Exhaust when a Ranger would suffer damage: reduce it by {n}.",
    "megazord_token": "Exhaust: put the Megazord token on a location; at the start of each battle there, 1 hit to each enemy card.",
    "voyager_shield": "Holds up to {n} energy, refilled each Action Phase: spend 1 to reduce damage by 3.",
}

LOCATION_B_TEXT: dict[str, str] = {
    "recover_9": "RECOVER here recovers cards worth up to 9 shields instead of 6.",
    "end_round_fs_moves": "End of each round: 1 foot soldier here moves to the next clockwise non-panicked location.",
    "battle_start_draw_put_back": "Start of each battle here: each Ranger draws 1 card, then puts 1 card from hand on top of their deck.",
    "hand_size_minus_2": "Rangers here have a maximum hand size 2 lower; excess cards are discarded at once.",
    "move_discard_to_bottom": "A Ranger moving to or from here may put 1 card of their choice from their discard pile on the bottom of their deck.",
    "move_discard_top": "A Ranger moving to or from here discards the top card of their deck (this can defeat them).",
}


def ranger_effect_text(e: RangerEffect) -> str:
    match e.do:
        case "gain_energy":
            return f"Gain {e.n} energy."
        case "extra_play":
            who = {"self": "You", "other": "Another Ranger", "any": "A Ranger"}[e.who]
            extra = ""
            if e.reroll:
                extra = "; if it is an attack, you may roll any of its dice again"
            if e.dice_to_hits:
                extra = "; if it is an attack, its dice become fixed hits"
            return f"{who} may play 1 card right away{extra}."
        case "next_attack":
            parts = []
            if e.n:
                parts.append(f"gets +{plural(e.n, 'die')}".replace("dies", "dice"))
            if e.ignore_guard:
                parts.append("may ignore GUARD")
            return f"The next attack this battle {' and '.join(parts)}."
        case "reroll_dice":
            return "After the roll you may roll any of its dice again, once."
        case "ignore_guard":
            return "May ignore GUARD."
        case "hits_per_energy":
            return (
                "Deal 1 hit per energy paid; hits beyond the target's health go to the next card."
            )
        case "after_play":
            where = "on top of your deck" if e.to == "top" else "shuffled into your deck"
            cond = " if it defeated its target" if e.when == "defeat" else ""
            pay = f" by paying {e.pay} energy" if e.pay else ""
            return f"Afterwards it goes {where}{cond}{pay} instead of the discard pile."
        case "hit_target":
            return f"After another Ranger's attack: deal {plural(e.n, 'hit')} to its target."
        case "discard_to_top":
            return f"Put up to {plural(e.n, 'card')} from your discard pile on top of your deck."
        case "second_attack":
            cond = "defeats" if e.when == "defeat" else "does not defeat"
            pay = f" pay {e.pay} energy to" if e.pay else ""
            return f"If it {cond} the target:{pay} attack again with {e.n} dice."
        case "hit_any":
            return f"Deal {plural(e.n, 'hit')} to an enemy card."
        case "tutor":
            return "Take a card of your choice from your deck into your hand, then shuffle it."
        case "revealed_to_hand":
            return "When you reveal a card for defence: put it into your hand."
        case "reduce_damage":
            return f"When a Ranger would suffer damage: reduce it by {e.n}."
        case "boost_discard_top":
            return f"Option: discard the top card of your deck for +{e.n} dice."
        case "dice_if_discard":
            return f"+{e.n} die if your discard pile holds {e.at_least} or more cards."
        case "splash_adjacent":
            amount = f"the hits of {e.best_dice} of its dice" if e.best_dice else plural(e.n, "hit")
            return f"Also deal {amount} to {'each card' if e.each else 'a card'} adjacent to the target."
        case "splash_far":
            amount = f"the hits of {e.best_dice} of its dice" if e.best_dice else plural(e.n, "hit")
            cond = "If any die missed: " if e.on_miss else ""
            return f"{cond}Deal {amount} to {'each of ' if e.each else ''}up to {e.targets} card(s) not adjacent to the target."
        case "roll_energy":
            return f"Roll {e.n} dice; gain 1 energy per hit."
        case "discard_top_to_hand":
            return (
                "Start of battle: a Ranger moves the top card of their discard pile to their hand."
            )
        case "astro_blaster":
            return f"The next attack may ignore GUARD and gets +1 hit per energy paid (max {e.n})."
        case "dice_minus_hand":
            return "-1 die for each other card in your hand."
        case "boost_hand_to_top":
            return "Option: first put 1 card from your hand on top of your deck."
        case "draw":
            return f"Draw {plural(e.n, 'card')}."
        case "peek_reorder":
            return (
                "Each Ranger in the battle may look at the 2 top cards of their deck and put "
                "them back in either order."
            )
        case "hand_to_top_any":
            return "Then put any number of cards from your hand on top of your deck."
        case "boost_discard_hand":
            gain = f" or +{e.energy} energy (your choice, after the discard)" if e.energy else ""
            return f"Option: discard {plural(e.n, 'hand card')} for +1 die{gain}."
        case "boost_alt_cost":
            return f"Option: discard {plural(e.n, 'hand card')} instead of paying its energy."
        case "hits_from_shields":
            extra = " plus 1 card from your hand" if e.hand else ""
            return f"Reveal your top deck card{extra}: deal hits equal to their shields."
        case "add_dice":
            return f"When an attack rolls a miss: it rolls {e.n} more dice."
        case "grant_attack":
            return f"On the next Ranger turn you may attack with {e.n} dice, then deal {plural(e.splash, 'hit')} to each card adjacent to its target."
        case "double_shields":
            return "When any Ranger reveals a card for defence: double its shields."
        case "pay_for_shields":
            return f"★ You may pay 1 energy: +{e.n} shields."
        case "shield_or_energy":
            return f"★ Counts +{e.n} shield, or gain {e.n} energy."
        case "stun":
            return "Put hits on up to 2 foot soldier cards, or 1 other enemy card, until each is 1 hit from defeat."
    return e.do  # pragma: no cover


def enemy_effect_text(e: EnemyEffect) -> str:
    who = {
        "choose": "a Ranger",
        "lead": "the lead Ranger",
        "most_hand": "the Ranger with the most cards in hand",
        "fewest_deck": "the Ranger with the fewest cards in deck",
        "each": "each Ranger",
        "others": "each other Ranger",
        "two_different": "each of 2 different Rangers",
        "three_different": "3 different Rangers",
        "attached": "the attached Ranger",
        "other_than_attached": "another Ranger",
    }[e.target]
    match e.do:
        case "damage":
            amount = f"{e.n} damage"
            if e.per_fs:
                amount += " +1 per foot soldier here"
            if e.psycho_double:
                amount += " (6 if 2+ Psycho Rangers are here)"
            twice = " twice" if e.times == 2 else ""
            unless = ", unless a Ranger discards 1 card" if e.unless_discard else ""
            return f"{amount} to {who}{twice}{unless}."
        case "drain":
            return f"Drain {e.n} energy."
        case "discard":
            what = {
                "deck_top": "the top card of their deck",
                "deck_bottom": "the bottom card of their deck",
                "hand_random": "a random card from hand",
                "hand_highest_cost": "their highest-cost card in hand",
                "hand_highest_shield": "their highest-shield card in hand",
                "hand_keep_one": "their hand but 1 card",
            }[e.what]
            return f"{who[0].upper()}{who[1:]} discards {what}."
        case "deploy_fs":
            return f"Deploy {plural(e.n, 'foot soldier')} here."
        case "regenerate":
            return "Every defeated card of this monster in this battle is no longer defeated."
        case "psycho":
            return "Resolve all PSYCHO effects."
    return e.do  # pragma: no cover


def card_text(effects: tuple[RangerEffect, ...], defense: tuple[RangerEffect, ...] = ()) -> str:
    parts = [ranger_effect_text(e) for e in effects]
    parts += [
        ("" if d.do in ("pay_for_shields", "shield_or_energy") else "★ ") + ranger_effect_text(d)
        for d in defense
    ]
    return " ".join(parts)


def enemy_text(effects: tuple[EnemyEffect, ...], passive: str | None = None) -> str:
    parts = [PASSIVE_TEXT[passive]] if passive else []
    parts += [enemy_effect_text(e) for e in effects]
    return " ".join(parts) if parts else "No effect."


# -- Mastermind Mode: Scheme cards and Mastermind deployment cards ----------------------------
SchemeTiming = Literal[
    "before_grid",
    "before_first_turn",
    "defense_reveal",
    "ranger_attack",
    "end_ranger_turn",
]
SCHEME_TIMING_TEXT: dict[str, str] = {
    "before_grid": "Before the combat grid is prepared.",
    "before_first_turn": "Before the first turn of any battle.",
    "defense_reveal": "When any Ranger reveals a card for defense.",
    "ranger_attack": "When any Ranger makes an attack.",
    "end_ranger_turn": "At the end of any Ranger turn in a battle.",
}
SchemeVerb = Literal["toughen", "shatter", "drain", "reroll_all", "discard_random", "peek"]


class SchemeEffect(Model):
    """What a Scheme does: `n` is the amount (health, shields, energy, cards)."""

    do: SchemeVerb
    n: int = Field(default=1, ge=1, le=3)


def scheme_effect_text(e: SchemeEffect) -> str:
    n = e.n
    return {
        "toughen": f"Attach it to an enemy card; that card has +{n} health.",
        "shatter": f"That revealed card counts {plural(n, 'shield')} less.",
        "drain": f"Drain {n} energy.",
        "reroll_all": "That Ranger must reroll all of their dice.",
        "discard_random": f"One Ranger discards {plural(n, 'random card')} from hand.",
        "peek": f"Peek at the top {n} cards of any enemy deck; return each to the top or the "
        "bottom, in any order.",
    }[e.do]


#: which timing each Scheme effect needs (a data check: the pair must make sense)
SCHEME_TIMING_OF: dict[str, tuple[str, ...]] = {
    "toughen": ("before_first_turn",),
    "shatter": ("defense_reveal",),
    "drain": ("end_ranger_turn",),
    "reroll_all": ("ranger_attack",),
    "discard_random": ("before_first_turn", "before_grid", "end_ranger_turn"),
    "peek": ("before_grid",),
}


def mastermind_deployment_text(figures: int) -> str:
    return (
        f"The Mastermind chooses any {plural(figures, 'foot soldier figure')} to deploy to the "
        "location shown by the next deployment card. When this card is the next card, the "
        "Mastermind chooses the location of the current deployment."
    )
