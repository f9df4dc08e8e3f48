"""ZOOBOTZ cards as table-kit cards: every Bot in play (value, RISK, USED/UNUSED, SHIELD),
every module, the discard piles and the hand, each built from the seat's View only."""

from __future__ import annotations

import re

from rich.text import Text

from ....engine.grammar import owner as possessive
from ....games.zoobotz.models import BotView, SeatView, View
from ....games.zoobotz.models import CardFace as ZCard
from ...seats import seat_tag
from ...widgets import CardFace
from ...widgets.table import CardInfo

GAME = "zoobotz"
KIND_LETTER = {"bot": "B", "program": "P", "module": "M"}
KIND_NAME = {"bot": "Bot", "program": "Program", "module": "Module"}
#: a Bot's state: glyph, short letters, word (never colour alone)
UNUSED_MARK = ("○", "un", "UNUSED")
USED_MARK = ("●", "US", "USED")
SHIELD_MARK = ("◈", "SH", "SHIELD")
FRESH_MARK = ("✧", "nw", "new")
#: the game's terms a card's text may use; the inspector explains those it finds
KEYWORDS = ("HACK", "SHIELD", "RESEARCH", "RISK", "USE", "USED", "UNUSED", "INVEST", "ARMOR")
_WORD = re.compile(r"\b[A-Z]{3,}\b")


def bot_mark(bot: BotView) -> tuple[str, str, str]:
    if bot.shielding:
        return SHIELD_MARK
    return USED_MARK if bot.used else UNUSED_MARK


def keywords(card: ZCard, in_play: bool = False) -> tuple[str, ...]:
    found = set(_WORD.findall(card.text))
    if in_play:
        found |= {"RISK"}
    return (KIND_NAME[card.kind], *(k for k in KEYWORDS if k in found))


def card_face(card: ZCard, bot: BotView | None = None, cost: int | None = None) -> CardFace:
    """A ZOOBOTZ card in the collection's one card look."""
    bits = [KIND_NAME[card.kind], f"COST {card.cost if cost is None else cost}"]
    if card.value is not None:
        bits.append(f"value {card.value}")
    extra: tuple = tuple(card.text.splitlines()) or (Text("No abilities.", style="dim"),)
    if bot is not None:
        glyph, _, word = bot_mark(bot)
        line = Text.assemble(
            ("In play: ", "bold"),
            f"value {bot.value} · RISK {bot.risk}/{bot.value} · {glyph} {word}",
        )
        if bot.fresh:
            line.append(f" · {FRESH_MARK[0]} new")
        if bot.armor:
            line.append(f" · armor {bot.armor}")
        if bot.hack:
            line.append(f" · HACK+{bot.hack}")
        extra += (line,)
    return CardFace(
        title=card.name,
        letter=KIND_LETTER[card.kind],
        kind=f"zb-{card.kind}",
        subtitle=" · ".join(bits),
        extra=extra,
        note=card.flavor,
    )


def bot_marks(bot: BotView) -> str:
    glyph, letters, _ = bot_mark(bot)
    marks = f"v{bot.value} R{bot.risk}/{bot.value} {glyph}{letters}"
    if bot.fresh:
        marks += f" {FRESH_MARK[0]}"
    return marks


def owner_of(view: View, seat: int) -> str:
    return f"{seat_tag(seat)} {view.seats[seat].name}"


def risk_pips(bot: BotView) -> str:
    """RISK against the value: a filled pip per RISK, an empty one per point left."""
    return "■" * min(bot.risk, bot.value) + "□" * max(0, bot.value - bot.risk)


def bot_state(bot: BotView) -> Text:
    """USED, UNUSED or SHIELD in a word as well as its glyph (and new, if played this turn)."""
    glyph, _, word = bot_mark(bot)
    text = Text(f"{glyph} {word}", style="bold")
    if bot.shielding:
        text.append(" (USED)")
    if bot.fresh:
        text.append(f" {FRESH_MARK[0]} new", style="italic")
    return text


def bot_frame(bot: BotView) -> tuple:
    """A Bot in play as its card frame shows it, under its name: value, RISK as pips against
    the value, its state in words, and what its modules add."""
    lines = [
        Text.assemble("value ", (str(bot.value), "bold")),
        Text.assemble("RISK ", (risk_pips(bot), "bold"), f" {bot.risk}/{bot.value}"),
        bot_state(bot),
    ]
    extra = [f"armor {bot.armor}" if bot.armor else "", f"HACK+{bot.hack}" if bot.hack else ""]
    if any(extra):
        lines.append(Text("⚙ " + " · ".join(e for e in extra if e), style="dim"))
    return tuple(lines)


def marks_meaning(bot: BotView) -> str:
    """What a Bot's short marks say ("v3 R1/3 ○un ✧"), in words: the compact card line."""
    glyph, letters, word = bot_mark(bot)
    said = [
        f"v{bot.value}: value {bot.value}",
        f"R{bot.risk}/{bot.value}: RISK {bot.risk} of {bot.value} (at {bot.value} it is discarded)",
        f"{glyph}{letters}: {word}" + (" (USED to SHIELD)" if bot.shielding else ""),
    ]
    if bot.fresh:
        said.append(f"{FRESH_MARK[0]}: new, can't be USED this turn")
    if bot.armor:
        said.append(f"armor {bot.armor}")
    if bot.hack:
        said.append(f"HACK+{bot.hack}")
    return " · ".join(said)


def framed(lines: tuple, **fields) -> CardInfo:
    """A card with its own lines for a card frame, its top border saying COST in a word (not
    a bare number beside the value)."""
    if fields.get("cost"):
        fields["label"] = f"[{fields['face'].letter}] COST {fields['cost']}"
    return CardInfo(frame=lines, **fields)


def bot_info(view: View, seat: int, bot: BotView, actionable: bool = False) -> CardInfo:
    return framed(
        bot_frame(bot),
        key=bot.instance,
        face=card_face(bot.card, bot),
        game_id=GAME,
        zone=f"{possessive(view.seats[seat].name)} Botz in play",
        owner=owner_of(view, seat),
        cost=str(bot.card.cost),
        keywords=keywords(bot.card, in_play=True),
        marks=bot_marks(bot),
        actionable=actionable,
        data=("bot", seat),
    )


def module_info(view: View, seat: int, inst: str, card: ZCard) -> CardInfo:
    text = card.text.replace("\n", " ")
    return framed(
        (Text("⚙ Module in play", style="italic"), Text(text or "No abilities.", style="dim")),
        key=inst,
        face=card_face(card),
        game_id=GAME,
        zone=f"{possessive(view.seats[seat].name)} modules in play",
        owner=owner_of(view, seat),
        cost=str(card.cost),
        keywords=keywords(card),
        marks="⚙ module",
        data=("module", seat),
    )


def seat_cards(view: View, seat: int, s: SeatView, usable: set[str]) -> list[CardInfo]:
    """A seat's side of the table: its Botz, then its modules."""
    cards = [bot_info(view, seat, b, b.instance in usable) for b in s.botz]
    cards += [module_info(view, seat, inst, f) for inst, f in s.modules]
    return cards


def hand_info(view: View, seat: int, inst: str, card: ZCard, cost: int | None) -> CardInfo:
    return CardInfo(
        key=inst,
        face=card_face(card, cost=cost),
        game_id=GAME,
        zone="your hand",
        owner=owner_of(view, seat),
        cost=str(card.cost if cost is None else cost),
        keywords=keywords(card),
        data=("hand", seat),
    )


def hidden_hand(view: View, seat: int, s: SeatView) -> list[CardInfo]:
    """Another seat's hand: face down, one card each, where and whose only."""
    n = s.hand_count
    return [
        CardInfo(
            key=f"hand-{seat}-{k}",
            face=CardFace(title="", letter="?", hidden=True),
            game_id=GAME,
            zone=f"{possessive(s.name)} hand (card {k + 1} of {n})",
            owner=owner_of(view, seat),
            data=("their-hand", seat),
        )
        for k in range(n)
    ]


def discard_cards(view: View) -> list[CardInfo]:
    """Every discard pile, newest first (public)."""
    out = []
    for seat, s in enumerate(view.seats):
        for n, card in enumerate(reversed(s.discard)):
            out.append(
                CardInfo(
                    key=f"discard-{seat}-{len(s.discard) - n}",
                    face=card_face(card),
                    game_id=GAME,
                    zone=f"{possessive(s.name)} discard pile ({n + 1} from the top)",
                    owner=owner_of(view, seat),
                    cost=str(card.cost),
                    keywords=keywords(card),
                    marks=seat_tag(seat),
                    data=("discard", seat),
                )
            )
    return out
