"""Heroes of the Grid's things as table-kit cards, built from the seat's View only.

Combat cards (hands, discard piles, a searched deck), enemy cards in battle, Schemes,
Rangers, Zords, the locations and the figures on them: each becomes a `CardInfo` the
inspector can read in full, with its keywords explained by the rules reference.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from ....engine.grammar import owner as possessive
from ....games.hotg.models import (
    HQ,
    EnemyCardView,
    LocationView,
    PlayerView,
    RangerView,
    SchemeView,
    View,
)
from ....games.hotg.models import CardView as HCard
from ...widgets import CardFace
from ...widgets.table import CardInfo

GAME = "hotg"
#: Ranger colours: a style and a letter (never colour alone)
RANGER_COLOURS = {
    "red": ("red", "R"),
    "black": ("bright_black", "K"),
    "blue": ("blue", "B"),
    "yellow": ("yellow", "Y"),
    "pink": ("magenta", "P"),
    "green": ("green", "G"),
    "silver": ("white", "S"),
}
#: enemy figure types: a short tag for the board
FIGURE_TAGS = {
    "putty_patrollers": "Putty",
    "super_putty_patrollers": "S.Putty",
    "quantrons": "Quantron",
}
CARD_LETTERS = {"attack": "A", "maneuver": "M", "reaction": "R"}
#: what an enemy card is, by its deck: a letter for the chip and the keyword to explain
ENEMY_KINDS = {"foot": ("F", "Foot soldier"), "monster": ("M", "Monster"), "boss": ("B", "Boss")}


def nice(ident: str) -> str:
    return ident.replace("psycho_", "Psycho ").replace("_", " ").title()


def place_name(view: View, loc: str) -> str:
    if loc == HQ:
        return "Astro Megaship" if view.headquarters == "astro_megaship" else "Command Center"
    for location in view.locations:
        if location.id == loc:
            return location.name
    return nice(loc)


def player(view: View, seat: int | None) -> PlayerView | None:
    """The seat's Ranger panel; None for the Mastermind (who has none) or a spectator."""
    if seat is None or not 0 <= seat < len(view.players):
        return None
    return view.players[seat]


def seat_label(view: View, seat: int) -> str:
    p = player(view, seat)
    if seat == view.mastermind_seat or p is None:
        return "☠ the Mastermind"
    return f"P{seat + 1} {p.name}"


def ranger_style(r: RangerView) -> tuple[str, str]:
    return RANGER_COLOURS.get(r.color, ("bold", r.color[:1].upper()))


def ranger_chip(r: RangerView, short: bool = False) -> Text:
    style, letter = ranger_style(r)
    shown = r.name.split()[0] if short else r.name
    return Text.assemble((f"[{letter}]", f"reverse {style}"), (shown, f"bold {style}"))


def owner_of(view: View, rid: str) -> tuple[PlayerView, RangerView] | None:
    for p in view.players:
        for r in p.rangers:
            if r.id == rid:
                return p, r
    return None


# -- combat cards ------------------------------------------------------------------------------
def card_face(card: HCard) -> CardFace:
    bits = [card.type.title(), f"cost {card.cost}⚡"]
    if card.dice:
        bits.append(f"{card.dice}⚄")
    if card.hits:
        bits.append(f"{card.hits}⚔")
    bits.append(f"{card.shields}◇")
    extra: tuple = tuple(line for line in card.text.splitlines() if line) or (
        Text("No text.", style="dim"),
    )
    if card.trigger:
        extra += (Text(f"Reaction: {card.trigger.replace('_', ' ')}", style="italic"),)
    return CardFace(
        title=card.name,
        letter=CARD_LETTERS.get(card.type, "?"),
        kind=f"hotg-{card.type}",
        subtitle=" · ".join(bits),
        extra=extra,
    )


def card_keywords(card: HCard) -> tuple[str, ...]:
    words = [card.type.title()]
    if card.cost == "X":
        words.append("X")
    if card.dice:
        words.append("Dice")
    words.append("Shields")
    if "★" in card.text:
        words.append("Special defence")
    if "Option" in card.text:
        words.append("Option")
    return tuple(words)


def combat_info(
    card: HCard, key: str, zone: str, owner: str, actionable: bool = False, reason: str = ""
) -> CardInfo:
    return CardInfo(
        key=key,
        face=card_face(card),
        game_id=GAME,
        zone=zone,
        owner=owner,
        cost=f"{card.cost}⚡",
        keywords=card_keywords(card),
        marks=f"{card.cost}⚡",
        actionable=actionable,
        reason=reason,
        data=("card", card.id),
    )


def hand_infos(view: View, seat: int, usable: set[str], reason: str) -> list[CardInfo]:
    p = view.players[seat]
    owner = seat_label(view, seat)
    if p.hand is None:  # hidden from this viewer: face down
        return [
            CardInfo(
                key=f"hand-{seat}-{n}",
                face=CardFace(title="Combat card", letter="?", hidden=True),
                game_id=GAME,
                zone=f"{possessive(p.name)} hand",
                owner=owner,
            )
            for n in range(p.hand_count)
        ]
    return [
        combat_info(
            c,
            f"hand-{c.id}",
            f"{possessive(p.name)} hand",
            owner,
            c.name in usable,
            "" if c.name in usable else reason,
        )
        for c in p.hand
    ]


def discard_infos(view: View) -> list[CardInfo]:
    """Every discard pile, top card first (public); with several players' piles in the one
    zone, each card's line names its pile's owner (P1, P2, ...)."""
    out = []
    several = len(view.players) > 1
    for p in view.players:
        for n, c in enumerate(reversed(p.discard)):
            info = combat_info(
                c,
                f"discard-{p.seat}-{len(p.discard) - n}",
                f"{possessive(p.name)} discard pile ({n + 1} from the top)",
                seat_label(view, p.seat),
            )
            out.append(replace(info, marks=f"{info.marks} P{p.seat + 1}") if several else info)
    return out


# -- enemies -----------------------------------------------------------------------------------
def enemy_kind(view: View, e: EnemyCardView) -> tuple[str, str]:
    if e.deck in FIGURE_TAGS:
        return ENEMY_KINDS["foot"]
    if e.psycho or e.deck == "psycho":
        return ("P", "Nemesis")
    if e.deck == view.boss:
        return ENEMY_KINDS["boss"]
    return ENEMY_KINDS["monster"]


def enemy_marks(e: EnemyCardView) -> str:
    mark = "✝" if e.defeated else "▶" if e.active else "✔" if e.resolved else ""
    marks = f"♥{e.health} ⚔{e.hits}"
    if mark:
        marks = f"{mark} {marks}"
    if e.targetable:
        marks += " ◎"
    if e.keywords:
        marks += " " + " ".join(k.upper() for k in e.keywords)
    return marks


def enemy_info(view: View, e: EnemyCardView, actionable: bool = False) -> CardInfo:
    letter, kind = enemy_kind(view, e)
    b = view.battle
    state = []
    if e.defeated:
        state.append("✝ defeated")
    elif e.active:
        state.append("▶ resolves next on the enemies' turn")
    elif e.resolved:
        state.append("✔ resolved this enemy turn")
    if not e.defeated:
        state.append(
            "◎ attacks may target it" if e.targetable else "✘ attacks cannot target it now (GUARD)"
        )
    if e.toughened:
        state.append(f"+{e.toughened} health from Toughen Up!")
    extra: tuple = tuple(line for line in e.text.splitlines() if line) or (
        Text("No text.", style="dim"),
    )
    extra += (Text(" · ".join(state), style="italic"),)
    if e.psycho:
        extra += (Text(f"Psycho card of {nice(e.psycho)}", style="dim"),)
    where = f"the battle at {place_name(view, b.location)}" if b else "the battle"
    where += f", row {e.row + 1} column {e.col + 1}"
    owner = "the enemies"
    if view.mastermind_seat is not None:
        owner = "the enemies (played by ☠ the Mastermind)"
    keywords = tuple(k.upper() for k in e.keywords) + (kind, "Hits")
    if view.mastermind_seat is not None:
        keywords += ("Combat grid",)
    return framed(
        enemy_frame(e, kind),
        key=f"enemy-{e.slot}",
        face=CardFace(
            title=e.name,
            letter=letter,
            kind=f"hotg-{kind.lower()}",
            subtitle=f"{kind} · health ♥{e.health} · hits ⚔{e.hits} · card {e.slot + 1}",
            extra=extra,
        ),
        game_id=GAME,
        zone=where,
        owner=owner,
        keywords=keywords,
        marks=enemy_marks(e),
        actionable=actionable,
        data=("enemy", e.slot),
    )


def played_schemes(events) -> frozenset[str]:
    """The Schemes the Mastermind played, by the log's public events (the Scheme discard
    pile also holds those discarded unplayed for the hand limit)."""
    return frozenset(
        e.data["scheme"] for e in events if e.kind == "scheme" and "scheme" in (e.data or {})
    )


def framed(lines: tuple, **fields) -> CardInfo:
    """A card with its own lines for a card frame (under its name)."""
    return CardInfo(frame=lines, **fields)


def enemy_state(e: EnemyCardView) -> Text:
    """Where an enemy card stands in the enemies' turn, in words as well as a glyph."""
    if e.defeated:
        return Text("✝ defeated", style="bold")
    if e.active:
        return Text("▶ acts next", style="bold")
    if e.resolved:
        return Text("✔ resolved", style="bold")
    return Text("· waits its turn", style="dim")


def enemy_frame(e: EnemyCardView, kind: str) -> tuple:
    """An enemy card in a battle as its frame shows it, under its name: what it is and its
    place in the combat order, health and hits, whether it has acted, whether attacks can
    reach it, its keywords (each line short enough for the frame, never cut)."""
    numbers = Text.assemble(
        ("♥", "bold"),
        (str(e.health), "bold"),
        " health ",
        ("⚔", "bold"),
        (str(e.hits), "bold"),
        " hits",
    )
    lines = [Text(f"{kind} · card {e.slot + 1}", style="italic"), numbers, enemy_state(e)]
    if not e.defeated:
        lines.append(Text("◎ a target" if e.targetable else "✘ not a target"))
    if e.keywords:
        lines.append(Text(" ".join(k.upper() for k in e.keywords), style="dim"))
    return tuple(lines)


def placing_info(view: View, row: int, col: int) -> CardInfo:
    """The enemy card the Mastermind is placing, read from an empty space of the grid."""
    grid = view.battle.grid
    return CardInfo(
        key=f"placing-{row}-{col}",
        face=CardFace(
            title=grid.placing,
            letter="E",
            kind="hotg-enemy",
            subtitle=f"being placed ({grid.to_place} to place)",
            extra=tuple(line for line in grid.placing_text.splitlines() if line),
        ),
        game_id=GAME,
        zone=f"the Mastermind's hand of drawn enemy cards; this space: row {row + 1} "
        f"column {col + 1}",
        owner="the enemies (played by ☠ the Mastermind)",
        keywords=tuple(k.upper() for k in grid.placing_keywords) + ("Combat grid",),
    )


# -- the Mastermind's Schemes ----------------------------------------------------------------
def scheme_info(
    view: View, sc: SchemeView, key: str, zone: str, actionable: bool = False
) -> CardInfo:
    owner = "☠ the Mastermind"
    if view.mastermind_seat is not None:
        owner = seat_label(view, view.mastermind_seat)
    return CardInfo(
        key=key,
        face=CardFace(
            title=sc.name,
            letter="S",
            kind="hotg-scheme",
            subtitle=f"Scheme · {sc.timing_text}",
            extra=tuple(line for line in sc.text.splitlines() if line),
        ),
        game_id=GAME,
        zone=zone,
        owner=owner,
        keywords=("Scheme",),
        marks="✸ now" if sc.playable else "",
        actionable=actionable,
        data=("scheme", sc.id),
    )


def scheme_hand_infos(view: View, seat: int | None, usable: set[str]) -> list[CardInfo]:
    """The Scheme hand: faces for the Mastermind, backs for everyone else."""
    if view.schemes is not None and seat == view.mastermind_seat:
        return [
            scheme_info(view, sc, f"scheme-{sc.id}", "your Scheme hand", sc.name in usable)
            for sc in view.schemes
        ]
    owner = seat_label(view, view.mastermind_seat) if view.mastermind_seat is not None else ""
    return [
        CardInfo(
            key=f"scheme-back-{n}",
            face=CardFace(title="Scheme", letter="S", hidden=True),
            game_id=GAME,
            zone="the Mastermind's Scheme hand",
            owner=owner,
        )
        for n in range(view.scheme_count)
    ]


# -- Rangers, Zords, Psycho cards ----------------------------------------------------------------
def ranger_info(
    view: View, p: PlayerView, r: RangerView, key: str, zone: str, actionable: bool = False
) -> CardInfo:
    style, letter = ranger_style(r)
    extra: list = [
        Text.assemble((f"{r.ability_name}: ", "bold"), (r.ability_text, "italic")),
    ]
    if r.ability_used:
        extra.append(Text("ability used this battle", style="dim"))
    for psycho in r.psycho_attached:
        extra.append(Text(f"☠ {nice(psycho)}'s deployment card is attached", style="bold"))
    for psycho in r.psycho_face_down:
        extra.append(Text(f"▯ {nice(psycho)} (defeated, face down)", style="dim"))
    for psycho, under in r.psycho_under:
        if under:
            extra.append(Text(f"beneath {nice(psycho)}: {', '.join(under)}", style="dim"))
    extra.append(
        Text(
            f"◆ {p.tokens}/{p.max_tokens} action tokens · ⚡ {p.stored_energy}/{p.max_stored} "
            f"stored · ◫ {p.hand_count}/{p.hand_size} in hand · ▤ {p.deck_count} deck · "
            f"@ {place_name(view, p.location)}"
        )
    )
    marks = ""
    if r.ability_used:
        marks = "✦used"
    if r.psycho_attached:
        marks += " ☠" + str(len(r.psycho_attached))
    return CardInfo(
        key=key,
        face=CardFace(
            title=r.name,
            letter=letter,
            kind=f"hotg-ranger-{r.color}",
            subtitle=f"{r.title} · {r.color.title()} Ranger ({letter})",
            extra=tuple(extra),
        ),
        game_id=GAME,
        zone=zone,
        owner=seat_label(view, p.seat),
        keywords=("Action token", "Stored energy"),
        marks=marks.strip(),
        actionable=actionable,
        data=("ranger", r.id),
    )


def zord_info(view: View, p: PlayerView | None, zid: str, actionable: bool = False) -> CardInfo:
    names = {z: (n, t) for z, n, t in view.zord_names}
    name, text = names.get(zid, (nice(zid), ""))
    exhausted = zid in view.exhausted_zords
    keywords: tuple[str, ...] = ("Zord",) + (("Exhausted",) if exhausted else ())
    return CardInfo(
        key=f"zord-{zid}",
        face=CardFace(
            title=name,
            letter="Z",
            kind="hotg-zord",
            subtitle="Zord" + (" · exhausted" if exhausted else ""),
            extra=(text,) if text else (),
        ),
        game_id=GAME,
        zone=f"{possessive(p.name)} Zords" if p else "the Zords",
        owner=seat_label(view, p.seat) if p else "the team",
        keywords=keywords,
        marks="⚙" + (" ✖exh" if exhausted else ""),
        actionable=actionable,
        data=("zord", zid),
    )


def player_infos(view: View, p: PlayerView, usable: set[str]) -> list[CardInfo]:
    """A seat's panel: its Rangers' character cards, then its Zords."""
    cards = [
        ranger_info(
            view,
            p,
            r,
            f"ranger-{r.id}",
            f"{possessive(p.name)} Rangers",
            f"ranger:{r.id}" in usable,
        )
        for r in p.rangers
    ]
    cards += [zord_info(view, p, z, f"zord:{z}" in usable) for z in p.zords]
    for r in p.rangers:
        cards += psycho_infos(view, p, r)
    return cards


def psycho_text(view: View, psycho: str) -> str:
    """A Psycho Ranger deployment card's PSYCHO effect, as the View gives it."""
    return next((t for n, _, t in view.psycho_texts if n == psycho), "")


def deploying_psycho_info(view: View) -> CardInfo | None:
    """The Psycho Ranger card the team is placing (Psycho Assault Mode, Deployment): read
    while choosing the Ranger who takes it, since its PSYCHO effect will hit that Ranger."""
    d = view.decision
    if d is None or d.kind != "psycho_attach" or not d.psycho:
        return None
    return CardInfo(
        key=f"psycho-{d.psycho}",
        face=CardFace(
            title=nice(d.psycho),
            letter="☠",
            kind="hotg-nemesis",
            subtitle="Psycho Ranger deployment card · being deployed",
            extra=(
                Text(f"PSYCHO: {psycho_text(view, d.psycho)}", style="italic"),
                "The Ranger who takes this card suffers its PSYCHO effects in battle.",
            ),
        ),
        game_id=GAME,
        zone="the deployment",
        owner="the enemies",
        keywords=("PSYCHO", "Nemesis", "Deployment card"),
        data=("psycho", d.psycho),
    )


def psycho_infos(view: View, p: PlayerView, r: RangerView) -> list[CardInfo]:
    """Psycho Ranger deployment cards lying in front of a Ranger (Psycho Assault Mode)."""
    under = dict(r.psycho_under)
    out = []
    for psycho, defeated in [(x, False) for x in r.psycho_attached] + [
        (x, True) for x in r.psycho_face_down
    ]:
        extra: list = [f"Attached to {r.name}: its PSYCHO effects hit this Ranger in battle."]
        if defeated:
            extra = ["Defeated: the card lies face down and does nothing more."]
        else:
            extra.insert(0, Text(f"PSYCHO: {psycho_text(view, psycho)}", style="italic"))
        if under.get(psycho):
            extra.append("Beneath it: " + ", ".join(under[psycho]))
        out.append(
            CardInfo(
                key=f"psycho-{psycho}",
                face=CardFace(
                    title=nice(psycho),
                    letter="☠",
                    kind="hotg-nemesis",
                    subtitle="Psycho Ranger deployment card" + (" (defeated)" if defeated else ""),
                    extra=tuple(extra),
                ),
                game_id=GAME,
                zone=f"in front of {r.name}",
                owner="the enemies",
                keywords=("PSYCHO", "Nemesis", "Deployment card"),
                marks="▯ defeated" if defeated else f"→{r.name.split()[0]}",
                data=("psycho", psycho),
            )
        )
    return out


# -- the board ---------------------------------------------------------------------------------
def location_marks(loc: LocationView) -> str:
    marks = f"{loc.figures}/{loc.figure_limit}"
    if loc.panicked:
        marks += " ⚠P"
    elif loc.full:
        marks += " !F"
    if loc.side == "B":
        marks += " B"
    return marks


def location_info(view: View, loc: LocationView, actionable: bool = False) -> CardInfo:
    extra: list = []
    figures = [f"{FIGURE_TAGS.get(t, nice(t))} ×{n}" for t, n in loc.foot_soldiers if n]
    figures += [nice(v) for v in loc.villains]
    extra.append(f"Figures {loc.figures} of {loc.figure_limit}: " + (", ".join(figures) or "none"))
    if loc.panicked:
        extra.append(Text("⚠ PANICKED", style="bold reverse"))
    elif loc.full:
        extra.append(Text("! FULL: the next figure here panics it", style="bold"))
    if loc.side == "B":
        extra.append(Text(f"B side, {loc.b_label}: {loc.b_text}", style="italic"))
    if loc.megazord_token:
        extra.append("The Megazord token is here.")
    keywords = ["Figure limit"]
    if loc.panicked:
        keywords.append("Panicked")
    if loc.side == "B":
        keywords.append("B side")
    return CardInfo(
        key=f"loc-{loc.id}",
        face=CardFace(
            title=loc.name,
            letter=str(loc.position + 1),
            kind="hotg-location",
            subtitle=f"Location {loc.position + 1} (clockwise) · side {loc.side}",
            extra=tuple(extra),
        ),
        game_id=GAME,
        zone="the board",
        owner="",
        keywords=tuple(keywords),
        marks=location_marks(loc),
        actionable=actionable,
        data=("place", loc.id),
    )


def hq_info(view: View, actionable: bool = False) -> CardInfo:
    name = place_name(view, HQ)
    extra: list = [f"⚡ {view.hq_energy} energy (respawns defeated Rangers)"]
    if view.hq_tokens:
        extra.append(f"◆ {view.hq_tokens} Command Center action tokens (RECOVER only)")
    if view.hq_enemies or view.hq_villains:
        figures = [f"{FIGURE_TAGS.get(t, nice(t))} ×{n}" for t, n in view.hq_enemies if n]
        extra.append("Enemies here: " + ", ".join(figures + [nice(v) for v in view.hq_villains]))
    return CardInfo(
        key="loc-hq",
        face=CardFace(
            title=name, letter="H", kind="hotg-hq", subtitle="Headquarters", extra=tuple(extra)
        ),
        game_id=GAME,
        zone="the board, in the middle",
        keywords=("Command Center", "Power up"),
        marks=f"⚡{view.hq_energy}" + (f" ◆{view.hq_tokens}" if view.hq_tokens else ""),
        actionable=actionable,
        data=("place", HQ),
    )


def figure_infos(
    view: View,
    where: str,
    foot: tuple[tuple[str, int], ...],
    villains: tuple[str, ...],
    rangers: tuple[str, ...],
) -> list[CardInfo]:
    """The figures at one place: foot soldiers by type, monsters and bosses, Rangers."""
    name = place_name(view, where)
    out = []
    for ftype, count in foot:
        if count:
            out.append(
                CardInfo(
                    key=f"fig-{where}-{ftype}",
                    face=CardFace(
                        title=FIGURE_TAGS.get(ftype, nice(ftype)),
                        letter="F",
                        kind="hotg-foot",
                        subtitle=f"{nice(ftype)}: {count} foot soldier figure(s) here",
                        extra=("Each figure fought draws one card of its enemy deck.",),
                    ),
                    game_id=GAME,
                    zone=name,
                    owner="the enemies",
                    keywords=("Foot soldier",),
                    marks=f"×{count}",
                    data=("place", where),
                )
            )
    for villain in villains:
        boss = villain == view.boss or villain.startswith("psycho")
        kind = "Boss" if villain == view.boss else "Nemesis" if boss else "Monster"
        out.append(
            CardInfo(
                key=f"fig-{where}-{villain}",
                face=CardFace(
                    title=nice(villain),
                    letter=kind[0],
                    kind=f"hotg-{kind.lower()}",
                    subtitle=f"{kind} figure",
                    extra=("Battling here draws from its own enemy deck.",),
                ),
                game_id=GAME,
                zone=name,
                owner="the enemies",
                keywords=(kind,),
                marks=f"{kind[0]}!",
                data=("place", where),
            )
        )
    for rid in rangers:
        found = owner_of(view, rid)
        if found is None:
            continue
        p, r = found
        info = ranger_info(view, p, r, f"fig-{rid}", name)
        short = r.name.split()[0]
        out.append(
            replace(
                info,
                face=replace(info.face, title=short, subtitle=f"{r.name} · {info.face.subtitle}"),
            )
        )
    return out
