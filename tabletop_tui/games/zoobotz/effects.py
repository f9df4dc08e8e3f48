"""ZOOBOTZ card effects as data: a small closed vocabulary, its card text, and its interpreter.

The vocabulary uses the rulebook's own words (../shared/seeds/zoobotz-rules.txt):

one-shot effects (`do = ...`), resolved in order when their trigger fires
    deal_risk      deal N RISK to chosen opposing Bot / to each opposing Bot
    delete_risk    delete N RISK from this Bot / chosen Bot of yours / each Bot of yours
    move_risk      move N RISK from this Bot / chosen Bot of yours to chosen opposing Bot
    unuse          UNUSE this Bot / chosen USED Bot of yours / chosen USED opposing Bot
    draw           draw N cards
    extra_invest   you may invest N more cards this turn
    gain_research  (you may) gain N RESEARCH

triggers (the card fields holding effects)
    on_play               when the card is played
    start_of_turn         at the start of its controller's turn
    end_of_turn           at the end of its controller's turn
    when_dealt_risk       whenever this Bot is dealt RISK (Botz only)
    when_you_delete_risk  whenever its controller deletes RISK

ongoing modifiers (`mod = ...`), true while the card is in play
    value_bonus    Botz have +N value
    armor          Botz are dealt N less RISK
    hack_bonus     Botz deal N more RISK when they HACK
    cost_discount  your Botz / cards cost N less (minimum 1)

Card text is generated from this data (`card_text`), so text and behaviour never disagree.
Effects that need a choice (which Bot, whether to gain RESEARCH) become a pending
`Decision` inside the State, answered by an ordinary `Choose` action; nothing blocks.
The interpreter (`resolve_step` and the table primitives below it) is pure: every
function takes a State and returns a new one, appending to an event list.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from collections.abc import Callable
from functools import lru_cache
from typing import Annotated, Literal, Protocol, get_args

from pydantic import Field

from ...engine import Event, Model, Outcome, event
from ...engine.common import game_over, with_seat
from ...engine.fast import evolve, make
from .models import BotInPlay, Decision, Job, Option, SeatState, State, Trigger

GOAL = 10

# -- the vocabulary --------------------------------------------------------------------------
Amount = Annotated[int, Field(ge=1, le=6)]


class DealRisk(Model):
    do: Literal["deal_risk"] = "deal_risk"
    amount: Amount
    target: Literal["chosen_opposing", "each_opposing"] = "chosen_opposing"


class DeleteRisk(Model):
    do: Literal["delete_risk"] = "delete_risk"
    amount: Amount
    target: Literal["this", "chosen_yours", "each_yours"] = "chosen_yours"


class MoveRisk(Model):
    do: Literal["move_risk"] = "move_risk"
    amount: Amount
    #: where the RISK comes from; it always goes to a chosen opposing Bot
    source: Literal["this", "chosen_yours"] = "chosen_yours"


class Unuse(Model):
    do: Literal["unuse"] = "unuse"
    target: Literal["this", "chosen_yours", "chosen_opposing"] = "chosen_yours"


class Draw(Model):
    do: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=1, le=3)] = 1


class ExtraInvest(Model):
    do: Literal["extra_invest"] = "extra_invest"
    count: Annotated[int, Field(ge=1, le=2)] = 1


class GainResearch(Model):
    do: Literal["gain_research"] = "gain_research"
    amount: Annotated[int, Field(ge=1, le=3)] = 1
    #: "you may gain": the controller chooses (a pending yes/no Decision)
    optional: bool = True


Effect = Annotated[
    DealRisk | DeleteRisk | MoveRisk | Unuse | Draw | ExtraInvest | GainResearch,
    Field(discriminator="do"),
]

Scope = Literal["this", "other_yours", "all_yours"]


class ValueBonus(Model):
    mod: Literal["value_bonus"] = "value_bonus"
    amount: Annotated[int, Field(ge=1, le=3)]
    scope: Scope = "all_yours"


class Armor(Model):
    mod: Literal["armor"] = "armor"
    amount: Annotated[int, Field(ge=1, le=3)]
    scope: Scope = "this"


class HackBonus(Model):
    mod: Literal["hack_bonus"] = "hack_bonus"
    amount: Annotated[int, Field(ge=1, le=3)]
    scope: Scope = "this"


class CostDiscount(Model):
    mod: Literal["cost_discount"] = "cost_discount"
    amount: Annotated[int, Field(ge=1, le=2)]
    cards: Literal["botz", "any"] = "botz"


Modifier = Annotated[ValueBonus | Armor | HackBonus | CostDiscount, Field(discriminator="mod")]

TRIGGERS: tuple[Trigger, ...] = get_args(Trigger)
#: triggers that can fire on another player's turn: their effects may not ask for a choice
REACTIONS: tuple[Trigger, ...] = ("when_dealt_risk", "when_you_delete_risk")
REACTION_EFFECTS = ("draw", "gain_research")

# -- card text -------------------------------------------------------------------------------
TRIGGER_TEXT: dict[str, str] = {
    "on_play": "When played",
    "start_of_turn": "Start of turn",
    "end_of_turn": "End of turn",
    "when_dealt_risk": "Whenever this Bot is dealt RISK",
    "when_you_delete_risk": "Whenever you delete RISK",
}

_WHERE = {
    "this": "this Bot",
    "chosen_yours": "chosen Bot of yours",
    "each_yours": "each Bot of yours",
    "chosen_opposing": "chosen opposing Bot",
    "each_opposing": "each opposing Bot",
}


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def effect_text(effect) -> str:
    """One effect in the rulebook's words, lower case (it follows a trigger)."""
    if isinstance(effect, DealRisk):
        return f"deal {effect.amount} RISK to {_WHERE[effect.target]}"
    if isinstance(effect, DeleteRisk):
        return f"delete {effect.amount} RISK from {_WHERE[effect.target]}"
    if isinstance(effect, MoveRisk):
        return f"move {effect.amount} RISK from {_WHERE[effect.source]} to chosen opposing Bot"
    if isinstance(effect, Unuse):
        return {
            "this": "UNUSE this Bot",
            "chosen_yours": "UNUSE chosen USED Bot of yours",
            "chosen_opposing": "UNUSE chosen USED opposing Bot",
        }[effect.target]
    if isinstance(effect, Draw):
        return f"draw {_cards(effect.count)}"
    if isinstance(effect, ExtraInvest):
        more = "1 more card" if effect.count == 1 else f"{effect.count} more cards"
        return f"you may invest {more} this turn"
    if isinstance(effect, GainResearch):
        return f"{'you may gain' if effect.optional else 'gain'} {effect.amount} RESEARCH"
    raise TypeError(f"not an effect: {effect!r}")


def modifier_text(mod) -> str:
    if isinstance(mod, CostDiscount):
        what = "Botz" if mod.cards == "botz" else "cards"
        return f"Your {what} cost {mod.amount} less (minimum 1)"
    subject = {"this": "This Bot", "other_yours": "Your other Botz", "all_yours": "Your Botz"}[
        mod.scope
    ]
    one = mod.scope == "this"
    if isinstance(mod, ValueBonus):
        return f"{subject} {'has' if one else 'have'} +{mod.amount} value"
    if isinstance(mod, Armor):
        return f"{subject} {'is' if one else 'are'} dealt {mod.amount} less RISK"
    if isinstance(mod, HackBonus):
        verb = "deals" if one else "deal"
        when = "it HACKs" if one else "they HACK"
        return f"{subject} {verb} {mod.amount} more RISK when {when}"
    raise TypeError(f"not a modifier: {mod!r}")


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def ability_text(trigger: str, effects) -> str:
    return f"{TRIGGER_TEXT[trigger]}: " + ", then ".join(effect_text(e) for e in effects) + "."


class CardLike(Protocol):
    """What the interpreter reads of a card. `cards.Card` has all of it; the card model is
    built from this vocabulary, so the effects name what they need instead of importing it."""

    name: str
    kind: str
    cost: int
    value: int | None
    on_play: tuple
    start_of_turn: tuple
    end_of_turn: tuple
    when_dealt_risk: tuple
    when_you_delete_risk: tuple
    ongoing: tuple


def card_text(card: CardLike) -> str:
    """The rules text printed on a card, generated from its effect data."""
    lines = [f"Ongoing: {_lower(modifier_text(m))}." for m in card.ongoing]
    for trigger in TRIGGERS:
        effects = getattr(card, trigger)
        if effects:
            lines.append(ability_text(trigger, effects))
    return "\n".join(lines)


# -- the interpreter ---------------------------------------------------------------------------
CardOf = Callable[[str], CardLike]


def card_name(card_of: CardOf, instance: str) -> str:
    return card_of(instance).name


#: `state` with one seat's part replaced (the engine's `with_seat`, by its name here)
replace_seat = with_seat


def alive(state: State) -> list[int]:
    return [i for i, s in enumerate(state.seats) if not s.out]


def opponents(state: State, seat: int) -> list[int]:
    return [i for i, s in enumerate(state.seats) if i != seat and not s.out]


class Stats(Model):
    """A Bot's numbers once every ongoing modifier in play is counted."""

    value: int
    armor: int = 0
    hack: int = 0


_IDS: dict[str, str] = {}


def _card_id(instance: str) -> str:
    """'card-id' of 'card-id#S.N' (a card lookup takes either)."""
    got = _IDS.get(instance)
    if got is None:
        if len(_IDS) > 65_536:  # a bound for long-running servers
            _IDS.clear()
        got = _IDS[instance] = instance.split("#", 1)[0]
    return got


def seat_stats(card_of: CardOf, seat: SeatState) -> tuple[Stats, ...]:
    """Stats of each Bot of a seat, in the order of `seat.botz` (ongoing modifiers).

    They depend only on which cards are in play, so they are remembered per line-up (of
    card ids, not copies): legal_actions, check, HACK and the sweep after RISK ask for
    them again and again."""
    return _by_line_up(_stats, card_of, seat)


def _by_line_up(cached, card_of: CardOf, seat: SeatState):
    """`cached(card_of, botz, modules)` for the card ids (not copies) of the seat's Botz
    and Modules in play: what its ongoing modifiers depend on."""
    known = _IDS.get
    botz = tuple([known(b.card) or _card_id(b.card) for b in seat.botz])
    modules = tuple([known(m) or _card_id(m) for m in seat.modules]) if seat.modules else ()
    try:
        return cached(card_of, botz, modules)
    except TypeError:  # a card lookup that can't be a cache key
        return cached.__wrapped__(card_of, botz, modules)


@lru_cache(maxsize=8192)
def _stats(card_of: CardOf, botz: tuple[str, ...], modules: tuple[str, ...]) -> tuple[Stats, ...]:
    cards = [card_of(b) for b in botz]
    value_all = armor_all = hack_all = 0
    sources: list[tuple[int, object]] = []  # (index of the Bot carrying it or -1, modifier)
    for i, card in enumerate(cards):
        for mod in card.ongoing:
            sources.append((i, mod))
    for m in modules:
        for mod in card_of(m).ongoing:
            sources.append((-1, mod))
    if not sources:
        return tuple(make(Stats, value=c.value, armor=0, hack=0) for c in cards)
    per = [[c.value or 0, 0, 0] for c in cards]
    for owner, mod in sources:
        if isinstance(mod, CostDiscount):
            continue
        slot = 0 if isinstance(mod, ValueBonus) else 1 if isinstance(mod, Armor) else 2
        amount = mod.amount  # type: ignore[attr-defined]
        scope = mod.scope  # type: ignore[attr-defined]
        if scope == "all_yours":
            if slot == 0:
                value_all += amount
            elif slot == 1:
                armor_all += amount
            else:
                hack_all += amount
        elif scope == "this":
            if owner >= 0:
                per[owner][slot] += amount
        else:  # other_yours
            for j in range(len(per)):
                if j != owner:
                    per[j][slot] += amount
    return tuple(
        make(Stats, value=v + value_all, armor=a + armor_all, hack=h + hack_all) for v, a, h in per
    )


def discounts(card_of: CardOf, seat: SeatState) -> tuple[int, int]:
    """The seat's cost_discount modifiers in play: (off any card, off Botz only)."""
    return _by_line_up(_discounts, card_of, seat)


@lru_cache(maxsize=8192)
def _discounts(card_of: CardOf, botz: tuple[str, ...], modules: tuple[str, ...]) -> tuple[int, int]:
    any_card = botz_only = 0
    for source in (*botz, *modules):
        for mod in card_of(source).ongoing:
            if isinstance(mod, CostDiscount):
                if mod.cards == "any":
                    any_card += mod.amount
                else:
                    botz_only += mod.amount
    return any_card, botz_only


def discounted(card: CardLike, off: tuple[int, int]) -> int:
    """The COST of `card` with the seat's `discounts` taken off (minimum 1)."""
    discount = off[0] + off[1] if card.kind == "bot" else off[0]
    if not discount:
        return card.cost
    return max(min(card.cost, 1), card.cost - discount)


def cost_of(card_of: CardOf, seat: SeatState, card: CardLike) -> int:
    """The COST to play `card` for this seat, after cost_discount modifiers."""
    return discounted(card, discounts(card_of, seat))


def find_bot(state: State, instance: str) -> tuple[int, int] | None:
    """(seat, index in its botz) of a Bot in play."""
    for s, seat in enumerate(state.seats):
        for i, bot in enumerate(seat.botz):
            if bot.card == instance:
                return s, i
    return None


def set_bot(state: State, seat: int, index: int, bot: BotInPlay) -> State:
    s = state.seats[seat]
    botz = list(s.botz)
    botz[index] = bot
    return replace_seat(state, seat, evolve(s, botz=tuple(botz)))


def bot_label(card_of: CardOf, state: State, seat: int, index: int) -> str:
    bot = state.seats[seat].botz[index]
    stats = seat_stats(card_of, state.seats[seat])[index]
    marks = "SHIELD" if bot.shielding else "USED" if bot.used else "UNUSED"
    return (
        f"{card_of(bot.card).name} ({state.config.names[seat]}, value {stats.value}, "
        f"RISK {bot.risk}, {marks})"
    )


# -- winning and losing ----------------------------------------------------------------------
def finish(state: State, winners: tuple[int, ...], summary: str, events: list[Event]) -> State:
    outcome = Outcome(winners=winners, summary=summary)
    state, over = game_over(state, outcome, decision=None, current=None, queue=())
    events.append(over)
    return state


def gain_research(state: State, seat: int, amount: int, events: list[Event]) -> State:
    if amount <= 0:
        return state
    s = state.seats[seat]
    total = s.research + amount
    state = replace_seat(state, seat, evolve(s, research=total))
    name = state.config.names[seat]
    events.append(
        event(
            text=f"{name} gains {amount} RESEARCH ({total}/{GOAL}).",
            kind="research",
            seat=seat,
        )
    )
    if total >= GOAL:
        state = finish(state, (seat,), f"{name} reaches {total} RESEARCH and wins!", events)
    return state


def knock_out(state: State, seat: int, reason: str, events: list[Event]) -> State:
    """A player loses. With one opponent left that opponent wins; otherwise the loser is out:
    their cards leave play (to their discard pile), their pending effects are dropped."""
    names = state.config.names
    rest = [i for i in alive(state) if i != seat]
    if len(rest) == 1:
        return finish(
            state, (rest[0],), f"{reason} {names[seat]} loses: {names[rest[0]]} wins!", events
        )
    s = state.seats[seat]
    left = tuple(b.card for b in s.botz) + s.modules + s.invested
    state = replace_seat(
        state,
        seat,
        evolve(
            s, out=True, botz=(), modules=(), invested=(), invested_used=0, discard=s.discard + left
        ),
    )
    events.append(
        event(
            text=f"{reason} {names[seat]} loses and is out; their cards leave play.",
            kind="defeat",
            seat=seat,
            barrier=True,
        )
    )
    update: dict = {"queue": tuple(j for j in state.queue if j.controller != seat)}
    if state.current is not None and state.current.controller == seat:
        update["current"] = None
        update["decision"] = None
    return evolve(state, **update)


def draw(state: State, seat: int, count: int, events: list[Event], why: str = "") -> State:
    """Draw `count` cards one by one; a player who should draw but can't loses (FAQ)."""
    s = state.seats[seat]
    name = state.config.names[seat]
    n = min(count, len(s.deck))
    if n:
        s = evolve(s, deck=s.deck[n:], hand=s.hand + s.deck[:n])
        state = replace_seat(state, seat, s)
        events.append(
            event(
                text=f"{name} draws {_cards(n)}{why}.",
                kind="draw",
                seat=seat,
                barrier=True,
            )
        )
    if n < count:
        state = knock_out(state, seat, f"{name} should draw but their deck is empty:", events)
    return state


# -- RISK --------------------------------------------------------------------------------------
def sweep(card_of: CardOf, state: State, events: list[Event]) -> State:
    """Any Bot whose RISK reaches its value goes from play to its owner's discard at once."""
    while True:
        changed = False
        for s, seat in enumerate(state.seats):
            if not seat.botz:
                continue
            stats = seat_stats(card_of, seat)
            gone = [b for b, st in zip(seat.botz, stats, strict=True) if b.risk >= st.value]
            if not gone:
                continue
            keep = tuple([b for b, st in zip(seat.botz, stats, strict=True) if b.risk < st.value])
            seat = evolve(seat, botz=keep, discard=seat.discard + tuple(b.card for b in gone))
            state = replace_seat(state, s, seat)
            for b in gone:
                events.append(
                    event(
                        text=f"{card_of(b.card).name} ({state.config.names[s]}) has RISK equal "
                        "to its value and goes to the discard.",
                        kind="destroy",
                        seat=s,
                        data={"card": b.card},
                    )
                )
            changed = True
            break  # the stats of the others may have changed: look again
        if not changed:
            return state


def triggered(card_of: CardOf, state: State, seat: int, trigger: str, sources) -> tuple[Job, ...]:
    hits = [src for src in sources if getattr(card_of(src), trigger)]
    if not hits:  # the usual answer, asked at every start and end of a turn
        return ()
    return tuple(
        [make(Job, source=src, controller=seat, trigger=trigger) for src in hits]  # type: ignore[arg-type]
    )


def deal_risk(
    card_of: CardOf, state: State, hits: list[tuple[str, int]], events: list[Event]
) -> State:
    """Deal RISK to Botz at the same time: armor first; 0 RISK is not dealing RISK (FAQ).
    `when_dealt_risk` abilities of the Botz dealt RISK are queued; then the sweep."""
    jobs: list[Job] = []
    for instance, amount in hits:
        where = find_bot(state, instance)
        if where is None:
            continue
        s, i = where
        bot = state.seats[s].botz[i]
        dealt = max(0, amount - seat_stats(card_of, state.seats[s])[i].armor)
        name = card_of(instance).name
        if dealt <= 0:
            events.append(event(text=f"{name} is dealt no RISK.", kind="risk", seat=s))
            continue
        state = set_bot(state, s, i, evolve(bot, risk=bot.risk + dealt))
        events.append(
            event(
                text=f"{name} ({state.config.names[s]}) is dealt {dealt} RISK "
                f"({bot.risk + dealt} RISK).",
                kind="risk",
                seat=s,
                data={"card": instance, "risk": dealt},
            )
        )
        if card_of(instance).when_dealt_risk:
            jobs.append(make(Job, source=instance, controller=s, trigger="when_dealt_risk"))
    state = sweep(card_of, state, events)
    if jobs:
        state = evolve(state, queue=state.queue + tuple(jobs))
    return state


def delete_risk(
    card_of: CardOf, state: State, seat: int, targets: list[str], amount: int, events: list[Event]
) -> State:
    """Delete RISK from Botz of `seat`; removing 0 RISK is not deleting RISK (FAQ)."""
    deleted = 0
    for instance in targets:
        where = find_bot(state, instance)
        if where is None:
            continue
        s, i = where
        bot = state.seats[s].botz[i]
        n = min(amount, bot.risk)
        if n <= 0:
            continue
        state = set_bot(state, s, i, evolve(bot, risk=bot.risk - n))
        events.append(
            event(
                text=f"{card_of(instance).name} has {n} RISK deleted ({bot.risk - n} RISK).",
                kind="heal",
                seat=s,
            )
        )
        deleted += n
    if deleted:
        s = state.seats[seat]
        sources = (*[b.card for b in s.botz], *s.modules)
        jobs = triggered(card_of, state, seat, "when_you_delete_risk", sources)
        if jobs:
            state = evolve(state, queue=state.queue + jobs)
    return state


def move_risk(
    card_of: CardOf, state: State, source: str, dest: str, amount: int, events: list[Event]
) -> State:
    """Move RISK from one Bot to another: neither deleting nor dealing RISK (FAQ)."""
    a = find_bot(state, source)
    b = find_bot(state, dest)
    if a is None or b is None:
        return state
    bot = state.seats[a[0]].botz[a[1]]
    n = min(amount, bot.risk)
    if n <= 0:
        events.append(event(text=f"{card_of(source).name} has no RISK to move.", kind="risk"))
        return state
    state = set_bot(state, a[0], a[1], evolve(bot, risk=bot.risk - n))
    target = state.seats[b[0]].botz[b[1]]
    state = set_bot(state, b[0], b[1], evolve(target, risk=target.risk + n))
    events.append(
        event(
            text=f"{n} RISK moves from {card_of(source).name} to {card_of(dest).name} "
            f"({target.risk + n} RISK).",
            kind="risk",
            seat=b[0],
        )
    )
    return sweep(card_of, state, events)


def unuse(card_of: CardOf, state: State, instance: str, events: list[Event]) -> State:
    where = find_bot(state, instance)
    if where is None:
        return state
    s, i = where
    bot = state.seats[s].botz[i]
    if not bot.used:
        return state
    state = set_bot(state, s, i, evolve(bot, used=False, shielding=False))
    events.append(
        event(
            text=f"{card_of(instance).name} ({state.config.names[s]}) is UNUSED.",
            kind="unuse",
            seat=s,
        )
    )
    return state


# -- resolving one effect ----------------------------------------------------------------------
def _opposing_botz(state: State, seat: int, used_only: bool = False) -> list[tuple[int, int]]:
    return [
        (o, i)
        for o in opponents(state, seat)
        for i, b in enumerate(state.seats[o].botz)
        if b.used or not used_only
    ]


def _own_botz(state: State, seat: int, *, used: bool = False, risky: bool = False):
    return [
        (seat, i)
        for i, b in enumerate(state.seats[seat].botz)
        if (b.used or not used) and (b.risk > 0 or not risky)
    ]


def _options(card_of: CardOf, state: State, where: list[tuple[int, int]]) -> tuple[Option, ...]:
    return tuple(
        make(Option, id=state.seats[s].botz[i].card, label=bot_label(card_of, state, s, i))
        for s, i in where
    )


def _choice(
    card_of: CardOf,
    state: State,
    job: Job,
    options: tuple[Option, ...],
    prompt: Callable[[], str],
    kind: str = "target",
) -> tuple[State, str | None, bool]:
    """(state, the pick, waiting): auto-pick a single target, ask when there are several.

    A yes/no question is always asked. No option at all: the effect does nothing. The
    prompt is worded only when the question is really asked.
    """
    if not options:
        return state, None, False
    if len(options) == 1 and kind == "target":
        return state, options[0].id, False
    decision = make(Decision, kind=kind, seat=job.controller, prompt=prompt(), options=options)  # type: ignore[arg-type]
    return evolve(state, decision=decision), None, True


def effects_of(card_of: CardOf, job: Job) -> tuple:
    return getattr(card_of(job.source), job.trigger)


def resolve_step(card_of: CardOf, state: State, events: list[Event]) -> tuple[State, bool]:
    """Resolve the next effect of the current job. Returns (state, waiting for a Decision).

    The job's `picks` hold the answers given so far to this effect's questions.
    """
    job = state.current
    assert job is not None
    effects = effects_of(card_of, job)
    effect = effects[job.step]
    seat = job.controller
    picks = job.picks
    source = card_of(job.source)

    def here() -> str:
        return f"{source.name}: {effect_text(effect)}"

    def ask(options, prompt, kind="target"):
        return _choice(card_of, state, job, options, lambda: f"{here()}. {prompt}", kind)

    if isinstance(effect, DealRisk):
        if effect.target == "each_opposing":
            hits = [
                (state.seats[o].botz[i].card, effect.amount) for o, i in _opposing_botz(state, seat)
            ]
            state = deal_risk(card_of, state, hits, events)
        else:
            if not picks:
                state, pick, waiting = ask(
                    _options(card_of, state, _opposing_botz(state, seat)), "Choose the Bot."
                )
                if waiting:
                    return state, True
                picks = (pick,) if pick else ()
            if picks:
                state = deal_risk(card_of, state, [(picks[0], effect.amount)], events)
    elif isinstance(effect, DeleteRisk):
        if effect.target == "this":
            state = delete_risk(card_of, state, seat, [job.source], effect.amount, events)
        elif effect.target == "each_yours":
            targets = [b.card for b in state.seats[seat].botz]
            state = delete_risk(card_of, state, seat, targets, effect.amount, events)
        else:
            if not picks:
                state, pick, waiting = ask(
                    _options(card_of, state, _own_botz(state, seat, risky=True)),
                    "Choose your Bot.",
                )
                if waiting:
                    return state, True
                picks = (pick,) if pick else ()
            if picks:
                state = delete_risk(card_of, state, seat, [picks[0]], effect.amount, events)
    elif isinstance(effect, MoveRisk):
        if effect.source == "this":
            if not picks:
                where = find_bot(state, job.source)
                picks = (job.source,) if where and state.seats[where[0]].botz[where[1]].risk else ()
                if not picks:
                    events.append(event(text=f"{here()}: no RISK to move.", kind="risk"))
        elif not picks:
            state, pick, waiting = ask(
                _options(card_of, state, _own_botz(state, seat, risky=True)),
                "Choose your Bot to move RISK from.",
            )
            if waiting:
                return state, True
            picks = (pick,) if pick else ()
        if len(picks) == 1:
            state, pick, waiting = ask(
                _options(card_of, state, _opposing_botz(state, seat)),
                "Choose the opposing Bot to move RISK to.",
            )
            if waiting:
                # remember the source while the target is chosen
                job = evolve(job, picks=picks)
                return evolve(state, current=job), True
            picks = (*picks, pick) if pick else ()
        if len(picks) == 2:
            state = move_risk(card_of, state, picks[0], picks[1], effect.amount, events)
    elif isinstance(effect, Unuse):
        if effect.target == "this":
            state = unuse(card_of, state, job.source, events)
        else:
            if not picks:
                where = (
                    _own_botz(state, seat, used=True)
                    if effect.target == "chosen_yours"
                    else _opposing_botz(state, seat, used_only=True)
                )
                state, pick, waiting = ask(_options(card_of, state, where), "Choose the Bot.")
                if waiting:
                    return state, True
                picks = (pick,) if pick else ()
            if picks:
                state = unuse(card_of, state, picks[0], events)
    elif isinstance(effect, Draw):
        state = draw(state, seat, effect.count, events, f" ({source.name})")
    elif isinstance(effect, ExtraInvest):
        if seat == state.active:
            state = evolve(state, invests_left=state.invests_left + effect.count)
            events.append(
                event(
                    text=f"{state.config.names[seat]} may invest {effect.count} more card(s) "
                    f"this turn ({source.name}).",
                    kind="invest",
                    seat=seat,
                )
            )
    elif isinstance(effect, GainResearch):
        if effect.optional and not picks:
            options = (
                make(Option, id="yes", label=f"Gain {effect.amount} RESEARCH"),
                make(Option, id="no", label="Don't"),
            )
            state, _, waiting = ask(options, "Gain the RESEARCH?", kind="confirm")
            return state, True
        if not effect.optional or picks[0] == "yes":
            state = gain_research(state, seat, effect.amount, events)
    else:  # pragma: no cover - the union is closed
        raise TypeError(effect)
    # the effect is done: move on (unless the job's controller has just left the game)
    if state.current is not None and state.outcome is None:
        if job.step + 1 < len(effects):
            state = evolve(state, current=evolve(job, step=job.step + 1, picks=()))
        else:  # that was the ability's last effect
            state = evolve(state, current=None)
    return state, False
