"""Heroes of the Grid's legal moves, grouped so a card is listed once.

The engine lists one action per card copy, X value, target and option (Blade Blaster alone
can be 50 of them). Here they become `Group`s: one per card name, or one per other move;
a group with several actions is resolved by follow-up prompts, one per field that still
differs (X first, then the target, then the option), so the top level stays short. Any
action the screen does not know (a decision added to the engine later) still gets a label
from the rules' own description and the same prompts, field by field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ....games.hotg.models import (
    Arrange,
    AttachPsycho,
    ChooseFigure,
    ChooseLocation,
    ChooseRanger,
    DeployFigures,
    Dice,
    DiscardScheme,
    Draw,
    EndPhase,
    FightFigures,
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Move,
    OrderEffects,
    Pass,
    Pick,
    PlaceCard,
    PlaceMarker,
    PlayCard,
    PlayScheme,
    PowerUp,
    Recover,
    StartBattle,
    Target,
    UseAbility,
    UseZord,
    View,
)
from .cards import CARD_LETTERS, FIGURE_TAGS, nice, owner_of, place_name, seat_label

#: a die face by its hits, as a glyph (a miss, one hit, two hits)
DIE_FACES = {0: "○", 1: "¤", 2: "¤¤"}
#: the most entries the move list shows at the top level of any decision: one fewer than its
#: ten keys (keys.LIST_KEYS), for the key that made the last move rests a move, so every row
#: has a key (with 15 rows and nine keys, rows past the ninth, a Pass among them, had none)
TOP_LEVEL_CAP = 9
#: the order fields are asked in when a group still holds several actions
FIELD_ORDER = (
    "kind",
    "card",
    "x",
    "target",
    "slot",
    "seat",
    "to",
    "location",
    "zord",
    "figure",
    "boost",
)
FIELD_PROMPTS = {
    "kind": "Which move?",
    "card": "Which card?",
    "x": "Choose X (energy to pay)",
    "target": "Choose the target",
    "slot": "Choose the enemy card",
    "seat": "Choose the player",
    "to": "Where to?",
    "location": "Where?",
    "zord": "Which Zord?",
    "boost": "With its option?",
    "power_up": "Power up on arrival?",
    "hq_token": "Whose action token?",
    "ranger": "Which Ranger?",
    "count": "How many?",
    "figures": "Which figures?",
    "figure": "Which foot soldier? (the first is the suggestion)",
    "row": "Which row?",
    "col": "Which column?",
    "deck": "Which enemy deck?",
    "scheme_first": "Which first?",
    "dice": "Which dice?",
}
#: where a kind of move goes in the list
ORDER = (
    AttachPsycho,
    PlaceCard,
    PlaceMarker,
    ChooseLocation,
    DeployFigures,
    PlayScheme,
    DiscardScheme,
    Move,
    StartBattle,
    Recover,
    PlayCard,
    GrantedAttack,
    ChooseRanger,
    FightFigures,
    ChooseFigure,
    Target,
    Dice,
    Pick,
    PowerUp,
    Draw,
    UseAbility,
    UseZord,
    GiveEnergy,
    FlipToken,
    Focus,
    Pass,
    EndPhase,
)


def order(action) -> int:
    for n, kind in enumerate(ORDER):
        if isinstance(action, kind):
            return n
    return len(ORDER)


@dataclass(frozen=True)
class Group:
    """One top-level move: a card (all its plays), or one other move."""

    ident: str
    label: Text
    actions: tuple
    #: the table card it belongs to (the card chip's key), if any
    card_key: str = ""
    #: asked before the move is made, "" for none (single actions only)
    confirm: str = ""


@dataclass(frozen=True)
class Pending:
    """Actions still to choose between: the follow-up prompts narrow them to one."""

    title: str
    actions: tuple = field(default=())


# -- names of things in a View ------------------------------------------------------------------
def card_names(view: View) -> dict[str, str]:
    """Card instance id -> name, for every combat card or Scheme the View shows."""
    names: dict[str, str] = {}
    d = view.decision
    for p in view.players:
        for c in (p.hand or ()) + p.discard:
            names[c.id] = c.name
    if d is not None:
        for c in d.deck_cards:
            names[c.id] = c.name
        if d.card is not None:
            names[d.card.id] = d.card.name
    for sc in (view.schemes or ()) + view.scheme_discard:
        names[sc.id] = sc.name
    return names


def card_type_letter(view: View, card_id: str) -> str:
    for p in view.players:
        for c in (p.hand or ()) + p.discard:
            if c.id == card_id:
                return CARD_LETTERS.get(c.type, "?")
    return "S" if any(sc.id == card_id for sc in view.schemes or ()) else "?"


def _x_cost(view: View, card_id: str) -> bool:
    """The card costs X: the energy paid is its size, so X = 0 is worth saying."""
    for p in view.players:
        for c in p.hand or ():
            if c.id == card_id:
                return c.cost == "X"
    return False


def enemy_name(view: View, slot: int | None) -> str:
    if slot is None or view.battle is None:
        return "no target"
    for c in view.battle.cards:
        if c.slot == slot:
            return f"{slot + 1} {c.name}"
    return f"card {slot + 1}"


def ranger_name(view: View, rid: str) -> str:
    found = owner_of(view, rid)
    return found[1].name if found else nice(rid)


def zord_name(view: View, zid: str) -> str:
    return {z: n for z, n, _ in view.zord_names}.get(zid, nice(zid))


def value_label(view: View, name: str, value, names: dict[str, str]) -> str:
    """One value of one action field in words ("X = 3", "2 Putty Patroller", ...)."""
    if name == "x":
        return f"X = {value}"
    if name in ("target", "slot"):
        return enemy_name(view, value)
    if name == "seat":
        return "nobody" if value is None else seat_label(view, value)
    if name in ("to", "location"):
        return place_name(view, value) if value else "here"
    if name == "boost":
        return "with its option" if value else "without its option"
    if name == "power_up":
        return "and power up there" if value else "without powering up"
    if name == "hq_token":
        return "a Command Center token" if value else "your own action token"
    if name == "ranger":
        return ranger_name(view, value)
    if name == "zord":
        return zord_name(view, value)
    if name == "card":
        return names.get(value, nice(str(value).split("#")[0].split(":")[-1]))
    if name == "figures":
        return " + ".join(FIGURE_TAGS.get(f, nice(f)) for f in value)
    if name == "figure":
        return FIGURE_TAGS.get(value, nice(value))
    if name in ("row", "col"):
        return f"{'row' if name == 'row' else 'column'} {value + 1}"
    if name == "deck":
        return nice(value) if value else "no deck"
    if name == "scheme_first":
        return "the Scheme first" if value else "the Ranger's card first"
    if name == "count":
        return str(value)
    return str(value)


# -- labels ------------------------------------------------------------------------------------
def chip(view: View, card_id: str, names: dict[str, str]) -> Text:
    return Text.assemble(
        (f"[{card_type_letter(view, card_id)}]", "reverse"),
        " ",
        (names.get(card_id, card_id), "bold"),
    )


def action_label(view: View, action, rules, names: dict[str, str]) -> Text:
    """The whole move in words, for the last prompt and the log of choices."""
    match action:
        case Move():
            label = Text.assemble("→ MOVE to ", (place_name(view, action.to), "bold"))
            if action.power_up:
                label.append(" and power up")
            return label
        case StartBattle():
            return Text("⚔ BATTLE here")
        case Recover():
            return Text("♥ RECOVER" + (" (Command Center token)" if action.hq_token else ""))
        case EndPhase():
            return Text("» End the Action Phase", style="bold")
        case Pass():
            kind = view.decision.kind if view.decision is not None else ""
            if kind == "energy_or_die":
                return Text("» Pass (keep the +1 die)", style="bold")
            if kind in ("reroll", "optimism"):
                keep = "these dice" if kind == "reroll" else "Optimism for a later miss"
                return Text(f"» Pass (keep {keep})", style="bold")
            if view.decision is None and view.battle is not None:
                return Text("» Pass (end the Rangers' turn)", style="bold")
            return Text("» Pass", style="bold")
        case PlayCard():
            label = Text("▶ Play ")
            label.append_text(chip(view, action.card, names))
            if action.x or _x_cost(view, action.card):
                label.append(f" X={action.x}" + ("" if action.x else " (nothing paid)"))
            if action.target is not None:
                label.append(f" → {enemy_name(view, action.target)}")
            if action.boost:
                label.append(" (option)")
            return label
        case GrantedAttack():
            return Text(f"▶ Free attack → {enemy_name(view, action.target)}")
        case Focus():
            return Text(f"☞ Hand the turn to {seat_label(view, action.seat)}")
        case ChooseRanger():
            if view.decision is not None and view.decision.kind == "drain_stored":
                return Text(f"⚡ {seat_label(view, action.seat)} loses 1 stored energy")
            if view.decision is not None and view.decision.kind == "give_zord":
                return Text(f"⚙ {seat_label(view, action.seat)} receives the Zord")
            return Text(f"☞ {seat_label(view, action.seat)} takes it")
        case FlipToken():
            return Text("⚡ Flip an action token for energy")
        case GiveEnergy():
            return Text("⚡ Add your stored energy to the pool")
        case UseZord():
            label = Text.assemble("⚙ Zord ", (zord_name(view, action.zord), "bold"))
            if action.location:
                label.append(f" at {place_name(view, action.location)}")
            if action.figure:
                label.append(f" taking a {FIGURE_TAGS.get(action.figure, nice(action.figure))}")
            return label
        case UseAbility():
            return Text(f"✦ {ranger_name(view, action.ranger)}'s ability")
        case Draw():
            d = view.decision
            if d is not None and d.kind in ("prep_draw", "draw_more"):
                return Text("▤ Draw a card" if action.count else "▤ Stop drawing")
            return Text(f"▤ Draw {action.count}")
        case Pick():
            kind = view.decision.kind if view.decision is not None else ""
            if kind == "energy_or_die":
                return Text(f"⚡ +{view.decision.amount} energy instead of the +1 die")
            verb = {
                "strategize_put": "☞ Put on top of the deck ",
                "to_top": "☞ Put on top of the deck ",
                "hand_to_top": "☞ Put on top of the deck ",
                "peek_top": "☞ Put on top of the deck ",
                "bottom_deck": "☞ Put on the bottom of the deck ",
                "surf_spot": "☞ Put on the bottom of the deck ",
                "tutor": "☞ Take from the deck ",
                "discard_some": "☞ Discard ",
                "cyber_slash": "☞ Discard ",
                "keep_one": "☞ Keep (discard the rest) ",
            }.get(kind, "☞ Take back ")
            label = Text(verb)
            label.append_text(chip(view, action.card, names))
            return label
        case Target():
            d = view.decision
            verb = "Hit" if d is not None and d.kind == "divide_hits" else "Also target"
            if d is not None and d.kind == "choose_target" and d.then == "second_attack":
                verb = f"Second attack ({d.amount} dice) on"
            elif d is not None and d.kind == "choose_target" and d.then == "star_hit":
                verb = "★ Hit"
            return Text(f"⌖ {verb} {enemy_name(view, action.slot)}")
        case Dice():
            att = view.battle.attack if view.battle is not None else None
            rolled = att.rolled if att is not None else ()
            faces = " ".join(
                DIE_FACES.get(rolled[i], "?") if i < len(rolled) else "?" for i in action.dice
            )
            # (the dice by their place in the roll: "die 2" is the second die, not two dice)
            which = ("die " if len(action.dice) == 1 else "dice ") + ", ".join(
                str(i + 1) for i in action.dice
            )
            d = view.decision
            if d is not None and d.kind == "axe_dice":
                total = sum(rolled[i] for i in action.dice if i < len(rolled))
                return Text(f"⚄ Splash with {which} ({faces}: {total} hit(s) each)")
            return Text(f"⚄ Reroll {which} ({faces})")
        case FightFigures():
            tags = " ".join(FIGURE_TAGS.get(f, f) for f in action.figures)
            return Text(f"⚔ These fight, drawn in this order: {tags}")
        case ChooseFigure():
            tag = FIGURE_TAGS.get(action.figure, nice(action.figure))
            return Text(f"→ A {tag} moves on clockwise")
        case PowerUp():
            return Text("♥ Power up now (the Command Center is clear)")
        case AttachPsycho():
            return Text(f"☠ The Psycho's card goes to {ranger_name(view, action.ranger)}")
        case ChooseLocation():
            return Text.assemble("⌖ Deploy at ", (place_name(view, action.location), "bold"))
        case DeployFigures():
            return Text(f"▼ Deploy {value_label(view, 'figures', action.figures, names)}")
        case PlaceCard():
            return Text(f"▦ Place at row {action.row + 1}, column {action.col + 1}")
        case PlaceMarker():
            return Text(f"◉ Combat marker on {enemy_name(view, action.slot)}")
        case PlayScheme():
            label = Text.assemble("✸ Scheme ", (names.get(action.card, action.card), "bold"))
            if action.target is not None:
                label.append(f" → {enemy_name(view, action.target)}")
            if action.seat is not None:
                label.append(f" → {seat_label(view, action.seat)}")
            if action.deck:
                label.append(f" → {nice(action.deck)}")
            return label
        case DiscardScheme():
            return Text(f"⌫ Discard Scheme {names.get(action.card, action.card)}")
        case OrderEffects():
            first = "the Scheme" if action.scheme_first else "the Ranger's card"
            return Text(f"⇅ Resolve {first} first")
        case Arrange():
            return Text(f"⇅ {rules.describe(action)}")
    return Text(describe_any(action, rules))


def describe_any(action, rules) -> str:
    """The rules' words for an action; for one they cannot name yet, its kind and fields."""
    try:
        return rules.describe(action)
    except (KeyError, AttributeError, TypeError, ValueError):
        fields = ", ".join(f"{k} {v}" for k, v in fields_of(action).items() if k != "kind")
        return f"{action.kind.replace('_', ' ').capitalize()}: {fields}"


# -- grouping ----------------------------------------------------------------------------------
def fields_of(action) -> dict:
    return {name: getattr(action, name) for name in type(action).model_fields}


def _norm(action, names: dict[str, str]) -> tuple:
    """An action with its card instance replaced by the card's name: copies compare equal."""
    out = []
    for name, value in fields_of(action).items():
        if name == "card":
            value = names.get(value, value)
        out.append((name, repr(value)))
    return tuple(out)


def dedupe_copies(actions, names: dict[str, str]) -> list:
    """One action per distinct move: a second copy of a card in hand adds nothing."""
    seen: set[tuple] = set()
    out = []
    for action in actions:
        key = _norm(action, names)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def group_ident(action, names: dict[str, str]) -> str:
    card = getattr(action, "card", None)
    if isinstance(card, str):
        return f"{action.kind}:{names.get(card, card)}"
    return f"{action.kind}:{_norm(action, names)}"


def group_label(view: View, actions: tuple, rules, names: dict[str, str]) -> Text:
    first = actions[0]
    if len(actions) == 1:
        return action_label(view, first, rules, names)
    if isinstance(first, PlayCard):
        label = Text("▶ Play ")
        label.append_text(chip(view, first.card, names))
        label.append(" …", style="dim")
        return label
    if isinstance(first, PlayScheme):
        return Text.assemble("✸ Scheme ", (names.get(first.card, first.card), "bold"), " …")
    if len({a.kind for a in actions}) == 1:
        return merge_kind_label(view, first.kind, actions, rules, names)
    return Text(f"… {len(actions)} more moves", style="dim")


def merge_kind_label(view: View, kind: str, actions: tuple, rules, names) -> Text:
    first = action_label(view, actions[0], rules, names).plain
    head = first.split(" → ")[0]
    for sep in (" to ", " at ", " on "):
        head = head.split(sep)[0]
    return Text.assemble(head, (f" … ({len(actions)} choices)", "dim"))


def card_key_of(view: View, action, names: dict[str, str]) -> str:
    card = getattr(action, "card", None)
    if isinstance(card, str):
        if isinstance(action, PlayScheme | DiscardScheme):
            return f"scheme-{card}"
        return f"hand-{card}"
    return ""


def build_groups(view: View, legal: list, rules, cap: int = TOP_LEVEL_CAP) -> list[Group]:
    """The legal moves as at most `cap` top-level groups, a card's plays in one."""
    names = card_names(view)
    actions = sorted(dedupe_copies(legal, names), key=order)
    by_ident: dict[str, list] = {}
    for action in actions:
        by_ident.setdefault(group_ident(action, names), []).append(action)
    idents = list(by_ident)
    if len(idents) > cap:  # fold single moves of one kind together, the biggest kind first
        kinds: dict[str, list[str]] = {}
        for ident in idents:
            if len(by_ident[ident]) == 1 and ":" in ident:
                kinds.setdefault(ident.split(":")[0], []).append(ident)
        for kind, members in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            if len(idents) <= cap or len(members) < 2:
                break
            merged = [a for i in members for a in by_ident.pop(i)]
            by_ident[f"{kind}:*"] = merged
            first = idents.index(members[0])
            idents = [i for i in idents if i not in members]
            idents.insert(min(first, len(idents)), f"{kind}:*")
    if len(idents) > cap:  # still too many: the rest behind one entry
        rest = idents[cap - 1 :]
        by_ident["more:*"] = [a for i in rest for a in by_ident.pop(i)]
        idents = idents[: cap - 1] + ["more:*"]
    groups = []
    for ident in idents:
        acts = tuple(by_ident[ident])
        if ident.endswith(":*") and ident != "more:*":
            label = merge_kind_label(view, ident.split(":")[0], acts, rules, names)
        else:
            label = group_label(view, acts, rules, names)
        groups.append(
            Group(
                ident=ident,
                label=label,
                actions=acts,
                card_key=card_key_of(view, acts[0], names) if ident != "more:*" else "",
            )
        )
    return groups


def follow_field(actions, names: dict[str, str]) -> tuple[str, ...] | None:
    """The fields that still differ between `actions`, in the order they are asked."""
    if len(actions) < 2:
        return None
    if len({a.kind for a in actions}) > 1:
        return ("kind",)
    values: dict[str, set] = {}
    for action in actions:
        for name, value in fields_of(action).items():
            if name == "card":
                value = names.get(value, value)
            values.setdefault(name, set()).add(repr(value))
    differing = [n for n, vs in values.items() if len(vs) > 1]
    rank = {n: i for i, n in enumerate(FIELD_ORDER)}
    return tuple(sorted(differing, key=lambda n: (rank.get(n, len(rank)), n)))


def prompt_options(view: View, pending: Pending, rules) -> tuple[str, list[tuple[str, Pending]]]:
    """The next follow-up question for `pending`: its title and (label, narrowed) options."""
    names = card_names(view)
    actions = pending.actions
    fields = follow_field(actions, names) or ()
    if not fields:
        return pending.title, []
    name = fields[0]
    buckets: dict[str, list] = {}
    labels: dict[str, str] = {}
    for action in actions:
        if name == "kind":
            key = action.kind
            labels[key] = action_label(view, action, rules, names).plain
        else:
            value = getattr(action, name)
            if name == "card":
                value = names.get(value, value)
            key = repr(value)
            labels[key] = value_label(view, name, getattr(action, name), names)
        buckets.setdefault(key, []).append(action)
    options = []
    for key, acts in buckets.items():
        label = labels[key]
        if len(acts) == 1 and name != "x":  # the last choice: say the whole move
            label = action_label(view, acts[0], rules, names).plain
        elif len(acts) > 1 and name == "kind":
            label = merge_kind_label(view, key, tuple(acts), rules, names).plain
        options.append((label, Pending(f"{pending.title} · {labels[key]}", tuple(acts))))
    return FIELD_PROMPTS.get(name, f"Choose {name.replace('_', ' ')}"), options


def confirm_question(view: View, seat: int, action) -> str:
    """A question before a move that throws something of value away, or ""."""
    if isinstance(action, EndPhase):
        left = sum(p.tokens for p in view.players if p.seat != view.mastermind_seat)
        if left:
            return f"End the Action Phase with {left} action token(s) unused?"
    if isinstance(action, Pass) and view.decision is None and view.battle is not None:
        b = view.battle
        if b.pool and not b.played:
            return f"End the Rangers' turn without playing a card ({b.pool}⚡ in the pool)?"
    if isinstance(action, DiscardScheme):
        return "Discard this Scheme for good?"
    return ""
