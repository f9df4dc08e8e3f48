"""Zeo card effects as data: a small closed vocabulary and the card text generated from it.

The keywords are the rulebook's (Heal, Attack, Block, Battle, Stun: see its "Main Phase in
Detail" and "Zeo Rules Clarifications" sections). One-shot effects
(`do = ...`) resolve in the order written; the interpreter is interpreter.py.

    damage            deal N damage to the opposing team (inside an Attack: to the target's team)
    lose_hp           your team loses N HP (Sword of Damocles "if negated")
    heal              Heal N for your team (never above 30)
    energy            your team gains N Energy (never above 20)
    drain_energy      the opposing team loses N Energy
    draw              draw N cards
    shards            gain N Shards
    give_stun         the target foe (targeted) / each foe gains a Stun
    foe_discard       the target foe / each foe discards N cards from hand (their choice)
    foe_discard_attached  the target foe / each foe discards 1 attached card (or a Zord/Master)
    destroy           destroy 1 card in your hand / discard pile / both / played this turn
    gain_blaster      gain the top Zeo Blaster
    ready             ready another card attached to you / 1 Zord / every Zord
    attach_from_grid  attach a Hero/Villain from The Grid to an empty slot (Love Arrows, Power Disc)
    gain_zm           gain your own Zord/Master, else the stack's top (Zeo Sub-Crystal 5)
    copy              copy and resolve the activated ability of another attached card or Zord
    refresh_grid      put 1 non-adversary Grid card in the main deck discard pile, refill The Grid
    battle_draw       the next time you Battle this turn, draw N after the reward (Regroup)
    attack            an Attack: targeted or not, "each targeted foe", its parts, "If negated"

A card too odd for the vocabulary gets a flag on the card (Defector's attach, Trey's
destroy-the-attacker Block), interpreted by name in interpreter.py and attacks.py.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from typing import Annotated, Literal

from pydantic import Field

from ...engine import Model

Amount = Annotated[int, Field(ge=1, le=10)]


class Damage(Model):
    do: Literal["damage"] = "damage"
    amount: Amount


class LoseHp(Model):
    do: Literal["lose_hp"] = "lose_hp"
    amount: Amount


class Heal(Model):
    do: Literal["heal"] = "heal"
    amount: Amount


class GainEnergy(Model):
    do: Literal["energy"] = "energy"
    amount: Amount


class DrainEnergy(Model):
    do: Literal["drain_energy"] = "drain_energy"
    amount: Amount


class Draw(Model):
    do: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=1, le=4)] = 1


class GainShards(Model):
    do: Literal["shards"] = "shards"
    amount: Amount


class GiveStun(Model):
    do: Literal["give_stun"] = "give_stun"


class FoeDiscard(Model):
    do: Literal["foe_discard"] = "foe_discard"
    count: Annotated[int, Field(ge=1, le=2)] = 1


class FoeDiscardAttached(Model):
    do: Literal["foe_discard_attached"] = "foe_discard_attached"


class Destroy(Model):
    do: Literal["destroy"] = "destroy"
    where: Literal["hand", "discard", "hand_or_discard", "played"] = "hand_or_discard"
    #: "you may destroy": a "none" option is offered
    optional: bool = True


class GainBlaster(Model):
    do: Literal["gain_blaster"] = "gain_blaster"


class Ready(Model):
    do: Literal["ready"] = "ready"
    what: Literal["attached", "zord", "all_zords"] = "attached"


class AttachFromGrid(Model):
    do: Literal["attach_from_grid"] = "attach_from_grid"
    kind: Literal["hero", "villain"]


class GainZordOrMaster(Model):
    do: Literal["gain_zm"] = "gain_zm"


class CopyAbility(Model):
    do: Literal["copy"] = "copy"


class RefreshGrid(Model):
    do: Literal["refresh_grid"] = "refresh_grid"


class BattleDraw(Model):
    do: Literal["battle_draw"] = "battle_draw"
    count: Annotated[int, Field(ge=1, le=3)] = 2


Inner = Annotated[
    Damage
    | LoseHp
    | Heal
    | GainEnergy
    | DrainEnergy
    | Draw
    | GainShards
    | GiveStun
    | FoeDiscard
    | FoeDiscardAttached
    | Destroy
    | GainBlaster
    | Ready
    | AttachFromGrid
    | GainZordOrMaster
    | CopyAbility
    | RefreshGrid
    | BattleDraw,
    Field(discriminator="do"),
]

#: effects that act on foes: inside an Attack they are what a Block negates
FOE_EFFECTS = ("damage", "drain_energy", "give_stun", "foe_discard", "foe_discard_attached")


class Attack(Model):
    """An Attack. All parts are negated together; `if_negated` resolves anyway when a Block
    negates it (for "each targeted foe": when at least one foe Blocks)."""

    do: Literal["attack"] = "attack"
    #: "target foe": only the target may Block; False: either foe may Block it
    targeted: bool = False
    #: "each targeted foe": one Attack per foe, each Blocked (or not) separately
    each: bool = False
    effects: tuple[Inner, ...] = Field(min_length=1)
    if_negated: tuple[Inner, ...] = ()
    #: Defender Wheel: the target must Block if an attached/Zord/character Block is affordable
    forced_block: bool = False


Effect = Annotated[Attack | Inner, Field(discriminator="do")]


class Ability(Model):
    """An activated ability: pay `cost` Energy (once per turn; an attached card exhausts)."""

    cost: Annotated[int, Field(ge=0, le=10)] = 0
    effects: tuple[Effect, ...] = Field(min_length=1)


class Block(Model):
    """A Block: pay `cost` Energy to negate an Attack aimed at you, then resolve `reward`."""

    cost: Annotated[int, Field(ge=0, le=10)] = 0
    #: the hand icon: may be used from the hand as well as attached
    from_hand: bool = False
    reward: tuple[Inner, ...] = ()
    #: "discard this card" (a Zord Block exhausts instead)
    discard: bool = True
    #: Trey of Triforia: after the Attack fully resolves, destroy the attached card that made it
    destroy_attacker: bool = False


# -- card text ----------------------------------------------------------------------------------
def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def effect_text(e, in_attack: str = "") -> str:
    """One effect in the rulebook's words. `in_attack`: "target" or "each" or "team"."""
    foe = {"target": "the target", "each": "each targeted foe", "team": "each foe"}.get(
        in_attack, "each foe"
    )
    match e.do:
        case "damage":
            return f"deal {e.amount} damage"
        case "lose_hp":
            return f"you lose {e.amount} HP"
        case "heal":
            return f"Heal {e.amount}"
        case "energy":
            return f"gain {e.amount} Energy"
        case "drain_energy":
            return f"the opposing team loses {e.amount} Energy"
        case "draw":
            return f"draw {_n(e.count, 'card')}"
        case "shards":
            return f"gain {_n(e.amount, 'Shard')}"
        case "give_stun":
            return f"{foe} gains a Stun"
        case "foe_discard":
            return f"{foe} discards {_n(e.count, 'card')}"
        case "foe_discard_attached":
            return f"{foe} discards 1 attached card"
        case "destroy":
            where = {
                "hand": "your hand",
                "discard": "your discard pile",
                "hand_or_discard": "your hand or discard pile",
                "played": "your play area",
            }[e.where]
            return f"{'you may ' if e.optional else ''}destroy 1 card in {where}"
        case "gain_blaster":
            return "gain a Zeo Blaster"
        case "ready":
            return {
                "attached": "ready another card attached to your character",
                "zord": "ready 1 Zord",
                "all_zords": "ready all Zords",
            }[e.what]
        case "attach_from_grid":
            kind = "Hero" if e.kind == "hero" else "Villain"
            return f"attach a {kind} from The Grid to an empty slot, then discard this card"
        case "gain_zm":
            return "gain a Zord (Heroes) or Master (Villains): your own first (not a buy)"
        case "copy":
            return "copy and resolve the activated ability of another attached card or Zord"
        case "refresh_grid":
            return (
                "put 1 non-adversary card of The Grid in the main deck discard pile, "
                "then refill The Grid"
            )
        case "battle_draw":
            return f"the next time you Battle this turn, draw {_n(e.count, 'card')}"
        case "attack":
            mode = "each" if e.each else ("target" if e.targeted else "team")
            head = (
                "Attack each targeted foe"
                if e.each
                else ("Attack target foe" if e.targeted else "Attack")
            )
            body = " and ".join(effect_text(x, mode) for x in e.effects)
            text = f"{head}: {body[0].upper()}{body[1:]}."
            if e.forced_block:
                text += " The target must Block this if able (attached, Zord or character Block)."
            if e.if_negated:
                neg = " and ".join(effect_text(x) for x in e.if_negated)
                text += f" If negated, {neg}."
            return text
    return e.do  # pragma: no cover


def effects_text(effects) -> str:
    parts = [effect_text(e) for e in effects]
    out = []
    for p in parts:
        p = p.rstrip(".")
        out.append(p[0].upper() + p[1:])
    return ". ".join(out) + "." if out else ""


def ability_text(ability: Ability | None) -> str:
    if ability is None:
        return ""
    return f"Activate ({ability.cost} Energy): {effects_text(ability.effects)}"


def block_text(block: Block | None) -> str:
    if block is None:
        return ""
    head = "Block" + (" [hand]" if block.from_hand else "")
    text = f"{head} ({block.cost} Energy): Negate an Attack on you."
    if block.reward:
        text += " " + effects_text(block.reward)
    if block.destroy_attacker:
        text += " After the Attack resolves, destroy the attached card that made it."
    if block.discard:
        text += " Discard this card."
    return text
