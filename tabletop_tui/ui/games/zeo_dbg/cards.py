"""Zeo cards as table-kit cards, built from the seat's View only.

Every public card on the Zeo table becomes a `CardInfo`: the six Grid cards, the tops of
the stacks (face down when the View gives no face), each character and its four slots, the
Zord Bay and its Zords, The Lair and its Masters, Locations, set-aside cards, the play area,
the hand and a teammate's hand. A foe's hand is one face-down card carrying its count.
Keys are places ("grid-2", "slot-1-3"), so a focused card keeps its place when the card
lying there changes.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from rich.text import Text

from ....engine.grammar import owner as possessive
from ....engine.grammar import plural
from ....games.zeo_dbg.models import CardFace as ZCard
from ....games.zeo_dbg.models import CharacterView, SeatView, SlotView, StackView, View
from ...widgets import CardFace
from ...widgets.table import CardInfo

GAME = "zeo-dbg"
TEAM_TAG = ("V", "H")
TEAM_GLYPH = ("▼", "▲")
READY, EXHAUSTED = "●", "○"
#: the Zord Bay holds up to five Zords
BAY_SLOTS = 5
#: a slot's colour: its letter and what it takes (rulebook "Attaching Cards")
SLOT_FITS = {
    "red": ("R", "Heroes"),
    "purple": ("P", "Villains"),
    "blue": ("B", "Equipment"),
    "green": ("G", "Maneuvers"),
    "orange": ("O", "your own Master"),
    "rainbow": ("*", "any card but Villains"),
    "white": ("Z", "a Zord"),
}


# -- faces ----------------------------------------------------------------------------------------
def _numbers(card: ZCard, ability: str, block: str, hand: str) -> str:
    """A card's Shards, Energy, ability cost and Block cost, each with its mark."""
    bits = []
    if card.shards:
        bits.append(f"+{card.shards}◆")
    if card.energy:
        bits.append(f"+{card.energy}⚡")
    if card.ability_cost is not None:
        bits.append(f"{ability}{card.ability_cost}⚡")
    if card.block_cost is not None:
        bits.append(f"{block}{card.block_cost}⚡" + (hand if card.block_from_hand else ""))
    return " ".join(bits)


def card_stats(card: ZCard) -> str:
    return _numbers(card, "ability ", "Block ", " ✋")


def kind_name(card: ZCard) -> str:
    return card.kind.replace("_", " ").title()


#: what a slot takes, short enough for a slot's box
SLOT_SHORT = {
    "red": "Heroes",
    "purple": "Villains",
    "blue": "Equipment",
    "green": "Maneuvers",
    "orange": "own Master",
    "rainbow": "not Villains",
    "white": "a Zord",
}


def power(card: ZCard) -> str:
    """A card's numbers in a few cells, for its frame: +N◆ Shards, +N⚡ Energy, ✦N⚡ an
    ability's cost, ◈N⚡ a Block's (✋ from the hand)."""
    return _numbers(card, "✦", "◈", "✋")


#: the start of a card text that its frame says otherwise (✦N⚡, "· Ongoing")
_SAID = re.compile(r"^(Ongoing\.\s*|(Activate|Block( \[hand\])?) \(\d+ Energy\):\s*)+")


def first_line(text: str) -> str:
    """The start of a card's text (its frame shows one line; the inspector all of it)."""
    line = next((line for line in text.splitlines() if line.strip()), "")
    return _SAID.sub("", line.strip())


def card_lines(card: ZCard, text: str | None = None) -> tuple:
    """A card frame's lines under the name: type, numbers, the start of its text."""
    kind = kind_name(card) + (" · Ongoing" if card.ongoing else "")
    lines: list = [Text(kind, style="italic")]
    numbers = power(card)
    if numbers:
        lines.append(Text(numbers, style="bold"))
    words = first_line(card.text if text is None else text)
    if words:
        lines.append(Text(words, style="dim"))
    return tuple(lines)


def card_face(card: ZCard, note: str = "", extra: tuple = ()) -> CardFace:
    """A Zeo card in the collection's one card look: type, cost, stats, text, reward."""
    bits = [kind_name(card)]
    if card.cost is not None:
        bits.append(f"cost {card.cost}◆")
    if card.battle_cost is not None:
        bits.append(f"Battle {card.battle_cost}◆")
    stats = card_stats(card)
    if stats:
        bits.append(stats)
    if card.ongoing:
        bits.append("Ongoing")
    lines: tuple = tuple(line for line in card.text.splitlines() if line) or (
        Text("No text.", style="dim"),
    )
    if card.battle_text:
        lines += (Text.assemble(("Battle reward: ", "bold"), card.battle_text),)
    return CardFace(
        title=card.name,
        letter=card.letter,
        kind=f"zeo-{card.colour}",
        subtitle=" · ".join(bits),
        extra=lines + extra,
        note=note,
    )


@cache
def _keyword_names() -> tuple[str, ...]:
    """The reference's keyword titles, longest first (so "Target foe" wins over "Target"),
    read from its headings: the first frame's cards need no parsed reference."""
    from ....reference import keyword_titles

    return tuple(sorted(keyword_titles(GAME), key=len, reverse=True))


@cache
def _pattern(word: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)


def keywords_in(*texts: str, kinds: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The card types and the reference's keywords named in these texts, once each."""
    found: list[str] = [k for k in kinds if k]
    blob = " ".join(texts)
    folded = blob.casefold()  # a word absent from it cannot match: its pattern is not built
    for word in _keyword_names():
        if word not in found and word.casefold() in folded and _pattern(word).search(blob):
            found.append(word)
    return tuple(found)


def card_keywords(card: ZCard) -> tuple[str, ...]:
    """A card's keywords, found once per card text: every redraw asks for every card on the
    table, and the search runs one pattern per keyword of the reference."""
    key = (
        card.id,
        card.text,
        card.battle_text,
        card.block_cost is not None,
        card.block_from_hand,
        card.ability_cost is not None,
        card.ongoing,
        kind_name(card),
    )
    found = _KEYWORDS.get(key)
    if found is None:
        found = _KEYWORDS[key] = _card_keywords(card)
    return found


_KEYWORDS: dict[tuple, tuple[str, ...]] = {}


def _card_keywords(card: ZCard) -> tuple[str, ...]:
    extra = []
    if card.block_cost is not None:
        extra.append("Block")
    if card.block_from_hand:
        extra.append("Hand")
    if card.ability_cost is not None:
        extra.append("Activate")
    if card.ongoing:
        extra.append("Ongoing")
    kinds = (kind_name(card), *extra)
    return keywords_in(card.text, card.battle_text, kinds=kinds)


def card_cost(card: ZCard, price: int | None = None, adversary: bool = False) -> str:
    if adversary:
        return f"Battle it for {price if price is not None else card.battle_cost}◆"
    cost = price if price is not None else card.cost
    if cost is None:
        return "" if card.kind == "character" else "not for sale"
    return f"{cost}◆"


def seat_mark(view: View, seat: int) -> str:
    """A seat's mark besides its colour: its team's glyph and letter, and its number (▼V1)."""
    team = view.seats[seat].team
    return f"{TEAM_GLYPH[team]}{TEAM_TAG[team]}{seat + 1}"


def who(view: View, seat: int) -> str:
    return f"{seat_mark(view, seat)} {view.seats[seat].name}"


def zeo_card(card: ZCard, key: str, zone: str, owner: str = "", marks: str = "", **kw) -> CardInfo:
    price = kw.pop("price", None)
    adversary = kw.pop("adversary", False)
    extra = kw.pop("extra", ())
    kw.setdefault("frame", card_lines(card))
    kw.setdefault("label", f"[{card.letter}]" + (f" {card.cost}◆" if card.cost is not None else ""))
    return CardInfo(
        key=key,
        face=card_face(card, extra=extra),
        game_id=GAME,
        zone=zone,
        owner=owner,
        cost=card_cost(card, price, adversary),
        keywords=card_keywords(card),
        marks=marks,
        **kw,
    )


def face_down(key: str, title: str, zone: str, owner: str = "", marks: str = "") -> CardInfo:
    return CardInfo(
        key=key,
        face=CardFace(title=title, letter="?", hidden=True),
        game_id=GAME,
        zone=zone,
        owner=owner,
        marks=marks,
    )


# -- the Grid and the stacks ----------------------------------------------------------------------
#: The Grid's spaces: a bought or defeated card leaves its space empty until the refill
GRID_SPACES = 6


def afford(view: View, price: int | None, adversary: bool, can: bool) -> tuple[str, str]:
    """Whether the seat on screen can buy or Battle a Grid card now: the frame's words and
    the chip's glyph ("" and "" when it is not that seat's Main Phase). `can`: the rules offer
    the move now."""
    if price is None:
        return "not for sale", "✗"
    if can:
        return ("✓ can Battle" if adversary else "✓ can buy"), "✓"
    short = price - view.shards
    if short > 0:
        return f"✗ {short}◆ short", "✗"
    return "✗ not now", "✗"


def grid_cards(
    view: View, live: frozenset[str] = frozenset(), acting: bool = False
) -> list[CardInfo]:
    """The six spaces of The Grid in their places (rulebook "Setup": one line of six cards
    from the main deck): an empty space stays where it is, empty, until the next refill.
    `acting`: the seat on screen is in its Main Phase (each card says whether it can be
    bought or Battled); `live`: the keys of the cards with a move now."""
    if view.phase == "setup" and not any(g.card for g in view.grid):
        return []  # (not dealt yet: the zone says so in one line)
    out = []
    spaces = {g.index: g for g in view.grid}
    for index in range(max(GRID_SPACES, len(view.grid))):
        g = spaces.get(index)
        key = f"grid-{index}"
        if g is None or g.card is None:
            out.append(
                CardInfo(
                    key=key,
                    face=CardFace(
                        title="empty",
                        letter="·",
                        kind="zeo-slot",
                        subtitle=f"Space {index + 1} of The Grid",
                        extra=("Refilled from the main deck at the next Start Phase.",),
                    ),
                    game_id=GAME,
                    zone=f"The Grid, space {index + 1} (empty)",
                    marks=f"#{index + 1}",
                    frame=(Text("until the", "dim"), Text("next refill", "dim")),
                    label=f"#{index + 1}",
                )
            )
            continue
        price = g.price if g.price is not None else g.card.cost
        mark = f"⚔{price}◆" if g.adversary else (f"{price}◆" if price is not None else "")
        lines = card_lines(g.card, g.card.battle_text if g.adversary else None)
        glyph = ""
        if acting:
            words, glyph = afford(view, price, g.adversary, key in live)
            lines += (Text(words, style="bold"),)
        elif g.adversary:
            lines += (Text("⚔ an adversary", style="bold"),)
        out.append(
            zeo_card(
                g.card,
                key,
                f"The Grid, space {index + 1}"
                + (" (an adversary of your team: Battle it)" if g.adversary else ""),
                "",
                marks=f"{mark}{glyph} #{index + 1}".strip(),
                price=g.price,
                adversary=g.adversary,
                frame=lines,
                label=f"#{index + 1} [{g.card.letter}] {mark}".strip(),
            )
        )
    return out


def _pile_label(letter: str, cost: str, count: int) -> str:
    """A pile's top border: the top card's type and cost, and how many cards it holds."""
    return " ".join(b for b in (f"[{letter}]", cost, f"×{count}") if b)


def _stack(key: str, label: str, stack: StackView, zone: str) -> CardInfo | None:
    if stack.count == 0:
        return None
    where = f"{zone} ({plural(stack.count, 'card')}), the top card"
    if stack.top is None:
        info = face_down(key, label, where, "", marks=f"×{stack.count}")
        return replace(info, label=_pile_label("?", "", stack.count))
    cost = card_cost(stack.top)
    return zeo_card(
        stack.top,
        key,
        where,
        "",
        marks=f"{cost} ×{stack.count}",
        frame=(Text(power(stack.top) or kind_name(stack.top), style="bold"),),
        label=_pile_label(stack.top.letter, cost, stack.count),
    )


def stack_cards(view: View) -> list[CardInfo]:
    """The piles beside The Grid, each with its count: the main deck (face down), its
    discard pile's top, the Zeo Blasters, the Stuns, the Zord and Master stacks (and the
    Serpentera Sections when in play)."""
    deck = view.main_deck.count
    out: list[CardInfo | None] = [
        replace(
            face_down(
                "stack-deck",
                "Main deck",
                f"the main deck, face down ({plural(deck, 'card')})",
                "",
                marks=f"×{deck}",
            ),
            label=_pile_label("?", "", deck),
        )
        if deck
        else None
    ]
    if view.main_discard:
        top = view.main_discard[-1]
        n = len(view.main_discard)
        out.append(
            zeo_card(
                top,
                "stack-discard",
                f"the main deck's discard pile ({plural(n, 'card')}), the top card "
                "(all of them: Discard piles, at the foot of the table)",
                "",
                marks=f"⌫×{n}",
                frame=(Text("main discard", style="dim"),),
                label=f"[{top.letter}] ⌫×{n}",
            )
        )
    out.append(_stack("stack-blasters", "Zeo Blasters", view.blasters, "the Zeo Blaster stack"))
    out.append(_stack("stack-stuns", "Stuns", view.stuns, "the Stun stack"))
    out.append(_stack("stack-zords", "Zord stack", view.zords, "the Zord stack"))
    out.append(_stack("stack-masters", "Master stack", view.masters, "the Master stack"))
    if view.serpentera is not None:
        out.append(
            _stack("stack-serpentera", "Serpentera", view.serpentera, "the Serpentera Sections")
        )
    return [c for c in out if c is not None]


# -- a seat: character, slots, Locations, set-aside cards -----------------------------------------
def slot_label(slot: SlotView, index: int) -> str:
    letter, _ = SLOT_FITS.get(slot.colour, ("?", "?"))
    return f"{index + 1}{letter}"


def character_info(view: View, seat: int, ch: CharacterView) -> CardInfo:
    s = view.seats[seat]
    side = "Ranger/Empowered side ⟲" if ch.flipped else "first side (flips later)"
    lines: list = [Text.assemble(("Showing: ", "bold"), f"{ch.side_name}, {side}")]
    lines += [line for line in ch.text.splitlines() if line] or [Text("No text.", style="dim")]
    if ch.other_text:
        lines.append(Text.assemble(("Other side: ", "bold"), ch.other_text))
    if ch.ability_cost is not None and ch.flipped:
        used = " (used this turn)" if ch.ability_used else ""
        lines.append(Text.assemble(("Ability: ", "bold"), f"{ch.ability_cost}⚡{used}"))
    lines.append(slots_line(tuple(sl.colour for sl in ch.slots)))
    if s.serpentera:
        lines.append(Text.assemble(("Serpentera Sections: ", "bold"), str(s.serpentera)))
    team = "Heroes" if s.team == 1 else "Villains"
    face = CardFace(
        title=ch.name,
        letter="★",
        kind=f"zeo-team-{s.team}",
        subtitle=f"Character · {team} · {ch.side_name}",
        extra=tuple(lines),
    )
    marks = "⟲" if ch.flipped else ""
    if ch.flipped and ch.ability_cost is not None:
        marks += f" {ch.ability_cost}⚡" + ("✓" if ch.ability_used else "")
    kinds = ("Flip", "Slot", "Empowered" if ch.flipped and s.team == 0 else "")
    return CardInfo(
        key=f"char-{seat}",
        face=face,
        game_id=GAME,
        zone=f"{possessive(s.name)} character",
        owner=who(view, seat),
        keywords=keywords_in(ch.text, ch.other_text, kinds=kinds),
        marks=marks.strip(),
    )


def slot_info(view: View, seat: int, k: int, slot: SlotView, key: str = "") -> CardInfo:
    """A slot of a character: the attached card, or the empty slot saying what fits it. Its
    frame is a box in the slot's colour (the letter on its border too) saying what it takes
    and what is attached, ready or exhausted."""
    s = view.seats[seat]
    label = slot_label(slot, k)
    letter, fits = SLOT_FITS.get(slot.colour, ("?", "?"))
    short = SLOT_SHORT.get(slot.colour, fits)
    key = key or f"slot-{seat}-{k}"
    box = f"[{letter}] {k + 1}"
    if slot.card is None:
        return CardInfo(
            key=key,
            face=CardFace(
                title=f"{label}: empty",  # (short: three or four seats share a line)
                letter=letter,
                kind="zeo-slot",
                subtitle=f"An empty {slot.colour} slot",
                extra=(f"Takes {fits}.",),
            ),
            game_id=GAME,
            zone=f"{possessive(s.name)} character, slot {label}",
            owner=who(view, seat),
            keywords=("Slot",),
            marks=f"takes {fits}",
            frame=(Text("any but" if slot.colour == "rainbow" else "takes", style="dim"),)
            + (Text("Villains" if slot.colour == "rainbow" else short, style="bold"),),
            label=box,
            tone=slot.colour,
        )
    state = READY if slot.ready else EXHAUSTED
    words = ["ready" if slot.ready else "exhausted"]
    if slot.stuck:
        words.append("stuck ⛓" + (f": Battle it for {slot.price}◆" if slot.price else ""))
    extra = (Text.assemble(("Attached: ", "bold"), f"slot {label}, {state} ", ", ".join(words)),)
    shown = f"{state}{'ready' if slot.ready else 'exhausted'}"
    if slot.stuck:
        shown = f"⛓stuck ⚔{slot.price}◆" if slot.price else "⛓ stuck"
    info = zeo_card(
        slot.card,
        key,
        f"{possessive(s.name)} character, slot {label} ({fits})",
        who(view, seat),
        marks=f"{label}{state}" + ("⛓" if slot.stuck else ""),
        extra=extra,
        frame=(Text(short, style="italic dim"), Text(shown, style="bold")),
        label=box,
        tone=slot.colour,
    )
    more = ("Ready" if slot.ready else "Exhausted",) + (("Stuck",) if slot.stuck else ())
    return _with_keywords(info, more)


def _with_keywords(info: CardInfo, more: tuple[str, ...]) -> CardInfo:
    return replace(info, keywords=info.keywords + tuple(k for k in more if k not in info.keywords))


def slot_cards(view: View, seat: int) -> list[CardInfo]:
    """A character's four slots, in order (none before a character is chosen)."""
    ch = view.seats[seat].character
    if ch is None:
        return []
    return [slot_info(view, seat, k, sl) for k, sl in enumerate(ch.slots)]


def seat_extras(view: View, seat: int) -> list[CardInfo]:
    """The rest of a seat's side of the table: the character card itself, Locations in play,
    the Signature Item and own Zord/Master set aside to be bought (once bought the Item lies in
    a slot), and the discard pile's top."""
    s = view.seats[seat]
    out: list[CardInfo] = []
    if s.character is not None:
        out.append(character_info(view, seat, s.character))
    for n, loc in enumerate(s.locations):
        out.append(
            zeo_card(
                loc, f"loc-{seat}-{n}", f"{possessive(s.name)} Locations (in play)", who(view, seat)
            )
        )
    for key, card, what in (("item", s.item, "Signature Item"), ("own", s.own, "own Zord/Master")):
        if card is not None:
            out.append(
                zeo_card(
                    card,
                    f"{key}-{seat}",
                    f"set aside for {s.name} ({what}, to be bought)",
                    who(view, seat),
                    marks=f"{card.cost}◆" if card.cost is not None else "set aside",
                )
            )
    if s.discard:
        n = len(s.discard)
        out.append(
            zeo_card(
                s.discard[-1],
                f"discard-{seat}",
                f"{possessive(s.name)} discard pile ({plural(n, 'card')}), the top card "
                "(all of them: Discard piles, at the foot of the table)",
                who(view, seat),
                marks=f"⌫×{n}",
            )
        )
    return out


def seat_cards(view: View, seat: int) -> list[CardInfo]:
    """A seat's side of the table in one list: character, its 4 slots, Locations, set-aside
    cards, the discard pile's top."""
    extras = seat_extras(view, seat)
    has_character = view.seats[seat].character is not None
    head, rest = (extras[:1], extras[1:]) if has_character else ([], extras)
    return head + slot_cards(view, seat) + rest


def played_cards(view: View) -> list[CardInfo]:
    """The active player's play area (public)."""
    if view.phase in ("setup", "over"):
        return []
    s = view.seats[view.active]
    return [
        zeo_card(
            face, inst, f"{possessive(s.name)} play area (played this turn)", who(view, view.active)
        )
        for inst, face in s.played
    ]


def discard_cards(view: View) -> list[CardInfo]:
    """Every discard pile in full (rulebook "Discarding Cards": a player's pile is public;
    "The Main Deck Discard Pile": anyone may look through it): the main deck's, then each
    player's, each card once from the top down with how many copies the pile holds."""
    piles = [("main", "the main deck's discard pile", "nobody", "", view.main_discard)]
    for i, s in enumerate(view.seats):
        tag = f"{seat_mark(view, i)} "
        piles.append((str(i), f"{possessive(s.name)} discard pile", who(view, i), tag, s.discard))
    out = []
    for name, where, owner, tag, pile in piles:
        counts: dict[str, int] = {}
        for face in pile:
            counts[face.id] = counts.get(face.id, 0) + 1
        seen: set[str] = set()
        for face in reversed(pile):
            if face.id in seen:
                continue
            seen.add(face.id)
            n = counts[face.id]
            out.append(
                zeo_card(
                    face,
                    f"pile-{name}-{face.id}",
                    f"{where}: {n} of {len(pile)} cards",
                    owner,
                    # (×N: N copies here; a pile's top card elsewhere says ⌫×size)
                    marks=(f"{tag}×{n}" if n > 1 else tag).strip(),
                )
            )
    return out


def hand_cards(view: View, seat: int, mine: bool) -> list[CardInfo]:
    """A hand the viewer may see (their own, or a teammate's: rulebook Pro Tip)."""
    s = view.seats[seat]
    zone = "your hand" if mine else f"{possessive(s.name)} hand (your teammate)"
    return [zeo_card(face, inst, zone, who(view, seat)) for inst, face in s.hand]


def hidden_hand(view: View, seat: int) -> CardInfo:
    s = view.seats[seat]
    return face_down(
        f"hand-{seat}",
        f"{possessive(s.name)} hand",
        f"{possessive(s.name)} hand ({s.hand_count} cards, hidden from your team)",
        who(view, seat),
        marks=f"×{s.hand_count}",
    )


def offer_cards(view: View, seat: int) -> list[CardInfo]:
    """Setup: the two dealt characters with their Signature Item and Zord/Master."""
    s = view.seats[seat]
    out = []
    for n, face in enumerate(s.offer):
        colours = dealt_slots(face.id)
        out.append(
            zeo_card(
                face,
                f"offer-{seat}-{n}",
                f"dealt to {s.name}: choose 1 of {len(s.offer)}",
                who(view, seat),
                data=face.id,
                extra=(slots_line(colours),) if colours else (),
                frame=(
                    Text("Character", style="italic"),
                    Text(" ".join(slot_box(c, k) for k, c in enumerate(colours)), style="bold"),
                    Text(first_line(face.text), style="dim"),
                ),
            )
        )
        if n < len(s.offer_cards):
            item, own = s.offer_cards[n]
            for part, card in (("item", item), ("own", own)):
                out.append(
                    zeo_card(
                        card,
                        f"offer-{part}-{seat}-{n}",
                        f"comes with {face.name} (if chosen)",
                        who(view, seat),
                    )
                )
    return out


def dealt_slots(character: str) -> tuple[str, ...]:
    """A dealt character's slot colours, read from the card list (the character is public
    card data: the View names it, the box prints its slots)."""
    from ....games.zeo_dbg.cards import catalog

    ch = catalog().characters.get(character)
    return tuple(ch.slots) if ch is not None else ()


def slot_box(colour: str, k: int) -> str:
    """A slot in a few cells: its number and colour letter ("1P")."""
    return f"{k + 1}{SLOT_FITS.get(colour, ('?', ''))[0]}"


def slots_line(colours: tuple[str, ...]) -> Text:
    """The inspector's line of a character's slots, each with what it takes."""
    fits = ", ".join(
        f"{slot_box(c, k)} takes {SLOT_FITS.get(c, ('', '?'))[1]}" for k, c in enumerate(colours)
    )
    return Text.assemble(("Slots: ", "bold"), fits)


# -- the Zord Bay and The Lair --------------------------------------------------------------------
def bay_cards(view: View) -> list[CardInfo]:
    bay = view.bay
    left = f"{bay.activations_left} Zord activation{'s' if bay.activations_left != 1 else ''} left"
    used = " (used this turn)" if bay.ability_used else ""
    face = CardFace(
        title=bay.side_name,
        letter="Z",
        kind="zeo-bay",
        subtitle=f"The Heroes' Zord Bay · side: {bay.side_name}",
        extra=(
            bay.text or "No text.",
            Text.assemble(("Ability: ", "bold"), f"{bay.ability_cost}⚡{used}"),
            Text.assemble(("This turn: ", "bold"), left),
            Text.assemble(("Zords: ", "bold"), f"{len(bay.slots)} of {BAY_SLOTS} slots filled"),
            "Stages: Zeo Zord Bay → Red Battlezord → Zeo Megazord.",
        ),
    )
    heroes = next((i for i, s in enumerate(view.seats) if s.team == 1), 1)
    out = [
        CardInfo(
            key="bay",
            face=face,
            game_id=GAME,
            zone="the Heroes' Zord Bay",
            owner="▲ the Heroes (both control it)" if view.format != "1v1" else who(view, heroes),
            keywords=keywords_in(bay.text, kinds=("Zord Bay", "Activate")),
            marks=f"{bay.ability_cost}⚡{'✓' if bay.ability_used else ''} "
            f"{bay.activations_left}↻ {len(bay.slots)}/{BAY_SLOTS} Zords",
            frame=(
                Text(f"{bay.activations_left}↻ left"),
                Text("✦ used" if bay.ability_used else f"✦{bay.ability_cost}⚡ ready", "bold"),
            ),
            label=f"[Z] Bay {len(bay.slots)}/{BAY_SLOTS}",
        )
    ]
    for k, slot in enumerate(bay.slots):
        if slot.card is None:
            continue
        state = READY if slot.ready else EXHAUSTED
        info = zeo_card(
            slot.card,
            f"bay-{k}",
            f"the Zord Bay, Zord slot Z{k + 1}",
            "▲ Heroes",
            marks=f"Z{k + 1}{state}",
            extra=(f"In the Zord Bay: {'ready' if slot.ready else 'exhausted'}.",),
            frame=(
                Text(first_line(slot.card.text) or power(slot.card), style="dim"),
                Text(f"{state} ready" if slot.ready else f"{state} used", style="bold"),
            ),
            label=f"[Z] Z{k + 1} {power(slot.card)}".strip(),
        )
        out.append(_with_keywords(info, ("Ready" if slot.ready else "Exhausted",)))
    for k in range(len(bay.slots), BAY_SLOTS):
        out.append(
            CardInfo(
                key=f"bay-{k}",
                face=CardFace(
                    title=f"slot Z{k + 1}: empty",
                    letter="Z",
                    kind="zeo-slot",
                    subtitle="An empty slot of the Zord Bay",
                    extra=("Takes a Zord the Heroes buy or attach.",),
                ),
                game_id=GAME,
                zone=f"the Zord Bay, Zord slot Z{k + 1}",
                owner="▲ Heroes",
                keywords=("Zord", "Slot"),
                marks="takes a Zord",
                frame=(Text("takes", style="dim"), Text("a Zord", style="bold")),
                label=f"[Z] Z{k + 1}",
                tone="white",
            )
        )
    return out


def lair_cards(view: View) -> list[CardInfo]:
    face = CardFace(
        title="The Lair",
        letter="L",
        kind="zeo-lair",
        subtitle="The Villains' Lair",
        extra=(view.lair_text or "No text.", f"Masters here: {len(view.lair)}."),
    )
    out = [
        CardInfo(
            key="lair",
            face=face,
            game_id=GAME,
            zone="the Villains' Lair",
            owner="▼ Villains (both control its Masters)",
            keywords=keywords_in(view.lair_text, kinds=("The Lair", "Master")),
            marks=plural(len(view.lair), "Master"),
            frame=(
                Text(plural(len(view.lair), "Master") + " here", style="bold"),
                Text(first_line(view.lair_text), style="dim"),
            ),
            label="[L]",
        )
    ]
    for n, master in enumerate(view.lair):
        out.append(zeo_card(master, f"lair-{n}", "The Lair (a Master)", "▼ Villains"))
    return out


def team_seat(seat: SeatView) -> str:
    return TEAM_TAG[seat.team]
