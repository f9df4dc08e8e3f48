"""ZOOBOTZ, every rule and FAQ answer of the official rulebook (our summary for players is
tabletop_tui/reference/zoobotz.md).

Rejections cite the rulebook's sections (GAME_SETUP, TURN_OVERVIEW, COST, RESEARCH, SHIELD,
HACK, FAQs). Card effects are data interpreted by effects.py; the readings chosen where the
rulebook is silent are listed in card_data/zoobotz/RULINGS.md.

Turn flow: after setup (starting hands and the once-only send-to-bottom), a seeded first
player. Each turn: Before Turn (UNUSE all your Botz and invested cards, then draw; the
first player skips the draw of the first turn; a player who can't draw loses), Start Turn
(start-of-turn effects), the main part (invest once, play cards, USE Botz) until EndTurn,
then End Turn effects. Simultaneous effects wait in a queue; when they differ the active
player picks the order (a Decision). Only the active player ever acts.
"""

from __future__ import annotations

import random

from ...engine import Event, Rejection, Rng, Rules, Seat, event, replace_at
from ...engine.common import Closed, interned, redeal
from ...engine.common import refused as _no
from ...engine.fast import evolve, make
from .cards import Catalog, catalog
from .effects import (
    GOAL,
    TRIGGER_TEXT,
    Stats,
    alive,
    cost_of,
    deal_risk,
    discounted,
    discounts,
    draw,
    effects_of,
    find_bot,
    gain_research,
    opponents,
    replace_seat,
    resolve_step,
    seat_stats,
    set_bot,
    triggered,
)
from .effects import ability_text as _ability_text
from .models import (
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    Action,
    BotInPlay,
    Bottom,
    BotView,
    Choose,
    Config,
    Decision,
    EndTurn,
    Hack,
    Invest,
    Keep,
    Option,
    Play,
    Research,
    SeatState,
    SeatView,
    Shield,
    State,
    View,
)

_KEEP = Keep()
_END = EndTurn()
_NO_DISCOUNT = (0, 0)
_NOBODY: frozenset[int] = frozenset()
#: the active seat alone, as to_act returns it
_ONLY = tuple(frozenset((i,)) for i in range(MAX_SEATS))


_bottom = interned(Bottom)
_invest = interned(Invest)
_play = interned(Play)
_research = interned(Research)
_shield = interned(Shield)
_hack = interned(Hack)
_choose = interned(Choose)
#: the refusals before any rule of the game is read
_closed = Closed(
    over="Objectives", seats="GAME_OVERVIEW", no_seat="There is no seat {number} in this game"
)


def _cat(state: State) -> Catalog:
    return catalog(state.config.cards_dir)


def shielded(state: State, seat: int) -> bool:
    """A Bot of this seat is being USED to SHIELD."""
    return any(b.shielding for b in state.seats[seat].botz)


def research_blocked(state: State, seat: int) -> bool:
    """SHIELD: while an opposing Bot is being USED to SHIELD, your Botz can't RESEARCH."""
    return any(shielded(state, o) for o in opponents(state, seat))


def hack_targets(state: State, seat: int) -> list[str]:
    """HACK: each opponent's shields if they have any, else their USED Botz."""
    out: list[str] = []
    for o in opponents(state, seat):
        botz = state.seats[o].botz
        shields = [b.card for b in botz if b.shielding]
        out += shields if shields else [b.card for b in botz if b.used]
    return out


class ZoobotzRules(Rules[Config, State, Action, View]):
    game_id = "zoobotz"
    title = "ZOOBOTZ"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS

    # -- setting up -------------------------------------------------------------------------
    def new_game(self, config: Config, seed: int) -> State:
        """GAME_SETUP: each player shuffles their 40+ card deck and draws 6 cards."""
        cat = catalog(config.cards_dir)
        rng = Rng(seed=seed)
        seats = []
        for i, choice in enumerate(config.decks):
            cards, rng = rng.shuffled(cat.instances(choice, i))
            seats.append(make(SeatState, deck=cards[HAND_SIZE:], hand=cards[:HAND_SIZE]))
        return make(State, config=config, rng=rng, seats=tuple(seats))

    def _start_play(self, state: State, events: list[Event]) -> State:
        """GAME_SETUP: once every starting hand is set, the first player is chosen at random."""
        first, rng = state.rng.randint(0, len(state.seats) - 1)
        state = evolve(state, rng=rng, first_player=first)
        events.append(
            event(
                text=f"{state.config.names[first]} is chosen at random to go first "
                "(and doesn't draw on their first turn).",
                kind="start",
                barrier=True,
                data={"first": first},
            )
        )
        return self._begin_turn(state, first, events)

    # -- the turn ---------------------------------------------------------------------------
    def _next_seat(self, state: State) -> int:
        n = len(state.seats)
        for k in range(1, n + 1):
            seat = (state.active + k) % n
            if not state.seats[seat].out:
                return seat
        return state.active

    def _begin_turn(self, state: State, seat: int, events: list[Event]) -> State:
        """01 Before Turn: UNUSE all your Botz and invested cards, then draw; 02 Start Turn."""
        cat = _cat(state)
        turn = state.turn + 1
        s = state.seats[seat]
        name = state.config.names[seat]
        botz = tuple([evolve(b, used=False, shielding=False) if b.used else b for b in s.botz])
        events.append(
            event(
                text=f"Turn {turn}: {name}. UNUSE all Botz and invested cards.",
                kind="turn",
                seat=seat,
            )
        )
        skips_draw = turn == 1 and seat == state.first_player
        if skips_draw or s.deck:  # the usual turn: one new state, no lost player
            if skips_draw:
                s = evolve(s, botz=botz, invested_used=0)
                text = f"{name} goes first and doesn't draw."
                events.append(event(text=text, kind="turn", seat=seat))
            else:
                s = evolve(s, botz=botz, invested_used=0, deck=s.deck[1:], hand=s.hand + s.deck[:1])
                text = f"{name} draws a card."
                events.append(event(text=text, kind="draw", seat=seat, barrier=True))
            jobs = triggered(
                cat.card, state, seat, "start_of_turn", (*[b.card for b in s.botz], *s.modules)
            )
            # with nothing to resolve at the start of the turn, the main part begins at once
            return evolve(
                state,
                seats=replace_at(state.seats, seat, s),
                turn=turn,
                active=seat,
                invests_left=1,
                phase="start" if jobs else "main",
                current=None,
                queue=jobs,
                decision=None,
            )
        # an empty deck: the draw knocks the player out (or ends the game)
        state = evolve(
            replace_seat(state, seat, evolve(s, botz=botz, invested_used=0)),
            turn=turn,
            active=seat,
            invests_left=1,
            phase="start",
            current=None,
            queue=(),
            decision=None,
        )
        state = draw(state, seat, 1, events)
        if state.outcome is not None or state.seats[seat].out:
            return state
        raise AssertionError("a draw from an empty deck always knocks the player out")

    def _run(self, state: State, events: list[Event]) -> State:
        """Resolve queued effects until a question is open, the main part waits, or it's over."""
        card_of = _cat(state).card
        while True:
            if state.outcome is not None:
                return state
            if state.seats[state.active].out:  # the active player lost during their turn
                state = self._begin_turn(state, self._next_seat(state), events)
                continue
            if state.decision is not None:
                return state
            if state.current is None:
                queue = state.queue
                if queue:
                    kinds = {(j.source.split("#", 1)[0], j.trigger, j.controller) for j in queue}
                    if len(kinds) > 1:
                        return evolve(state, decision=self._order(state))
                    state = evolve(state, current=queue[0], queue=queue[1:])
                    continue
                if state.phase == "start":
                    return evolve(state, phase="main")
                if state.phase == "end":
                    state = self._begin_turn(state, self._next_seat(state), events)
                    continue
                return state
            job = state.current
            if job.step >= len(effects_of(card_of, job)):
                state = evolve(state, current=None)
                continue
            state, waiting = resolve_step(card_of, state, events)
            if waiting:
                return state

    def _order(self, state: State) -> Decision:
        """Simultaneous effects: the active player chooses which resolves next."""
        cat = _cat(state)
        names = state.config.names
        options = tuple(
            make(
                Option,
                id=str(n),
                label=f"{cat.card(j.source).name} ({names[j.controller]}): "
                + _ability_text(j.trigger, effects_of(cat.card, j)),
            )
            for n, j in enumerate(state.queue, 1)
        )
        return make(
            Decision,
            kind="order",
            seat=state.active,
            prompt="These happen at the same time: choose which resolves first.",
            options=options,
        )

    # -- who acts ---------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[Seat]:
        if state.outcome is not None:
            return _NOBODY
        if state.phase == "mulligan":
            return frozenset(i for i, s in enumerate(state.seats) if not s.mulligan_done)
        return _ONLY[state.active]

    def usable(self, state: State, seat: int) -> list[int]:
        """Indexes of the Botz of `seat` that may be USED now: UNUSED, not played this turn."""
        return [
            i
            for i, b in enumerate(state.seats[seat].botz)
            if not b.used and b.played_turn != state.turn
        ]

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if state.outcome is not None:
            return []
        s = state.seats[seat] if 0 <= seat < len(state.seats) else None
        if s is None:
            return []
        if state.phase == "mulligan":
            if s.mulligan_done:
                return []
            return [*(_bottom(c) for c in s.hand), _KEEP]
        if seat != state.active:
            return []
        if state.decision is not None:
            return [_choose(o.id) for o in state.decision.options]
        card = _cat(state).card
        hand = s.hand
        unused = len(s.invested) - s.invested_used
        out: list[Action] = [_invest(c) for c in hand] if state.invests_left > 0 else []
        botz = s.botz
        off = discounts(card, s) if botz or s.modules else _NO_DISCOUNT
        if off[0] or off[1]:
            out += [_play(c) for c in hand if discounted(card(c), off) <= unused]
        else:  # nothing in play discounts a COST
            out += [_play(c) for c in hand if card(c).cost <= unused]
        turn = state.turn
        ready = [i for i, b in enumerate(botz) if not b.used and b.played_turn != turn]
        if ready:
            # SHIELD and HACK in one pass over the opponents (research_blocked, hack_targets)
            blocked = False
            targets: list[str] = []
            for o, other in enumerate(state.seats):
                if o == seat or other.out:
                    continue
                shields = [b.card for b in other.botz if b.shielding]
                if shields:
                    blocked = True
                    targets += shields
                else:
                    targets += [b.card for b in other.botz if b.used]
            stats = () if blocked else seat_stats(card, s)  # RESEARCH values, if allowed
            for i in ready:
                bot = botz[i].card
                if not blocked:
                    out += [_research(bot, n) for n in range(min(stats[i].value, unused) + 1)]
                out.append(_shield(bot))
                out += [_hack(bot, t) for t in targets]
        out.append(_END)
        return out

    def probe_actions(self, state: State, seat: Seat) -> list[Action]:
        """A screen asks about playing or investing each card in hand, and SHIELD by each
        of the seat's Botz (their keys and the card box say the rule)."""
        s = state.seats[seat]
        return [
            *(_play(c) for c in s.hand),
            *(_invest(c) for c in s.hand),
            *(_shield(b.card) for b in s.botz),
        ]

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        refused = _closed(state, seat)
        if refused is not None:
            return refused
        s = state.seats[seat]
        if s.out:
            return _no("GAME_OVERVIEW", "You have lost and are out of the game")
        if state.phase == "mulligan":
            if not isinstance(action, Bottom | Keep):
                return _no(
                    "GAME_SETUP",
                    "Set your starting hand first: send cards to the bottom of your deck, or keep",
                )
            if s.mulligan_done:
                return _no(
                    "GAME_SETUP", "Your starting hand is set: cards go to the bottom only once"
                )
            if isinstance(action, Bottom) and action.card not in s.hand:
                return _no("GAME_SETUP", "That card is not in your starting hand")
            return None
        if isinstance(action, Bottom | Keep):
            return _no(
                "GAME_SETUP",
                "Cards go to the bottom of the deck only from the starting hand, before the first turn",
            )
        if seat != state.active:
            return _no("FAQs", "Cards can't be played or USED during an opposing Player's turn")
        if state.decision is not None:
            if not isinstance(action, Choose):
                return _no("TURN_OVERVIEW", f"First answer: {state.decision.prompt}")
            if action.option not in {o.id for o in state.decision.options}:
                return _no("TURN_OVERVIEW", f"'{action.option}' is not one of the choices")
            return None
        if isinstance(action, Choose):
            return _no("TURN_OVERVIEW", "There is no question to answer")
        if isinstance(action, EndTurn):
            return None
        cat = _cat(state)
        if isinstance(action, Invest):
            if action.card not in s.hand:
                return _no("COST", "That card is not in your hand")
            if state.invests_left <= 0:
                return _no("FAQs", "You can't invest multiple cards per turn (once per turn)")
            return None
        if isinstance(action, Play):
            if action.card not in s.hand:
                return _no("COST", "That card is not in your hand")
            cost = cost_of(cat.card, s, cat.card(action.card))
            if cost > s.invested_unused:
                return _no(
                    "COST",
                    f"Its COST is {cost} and you have {s.invested_unused} UNUSED invested card(s)",
                )
            return None
        if not isinstance(action, Research | Shield | Hack):
            return _no("TURN_OVERVIEW", "That is not a ZOOBOTZ move")
        # USE a Bot: RESEARCH, SHIELD or HACK
        where = find_bot(state, action.bot)
        if where is None or where[0] != seat:
            return _no("TURN_OVERVIEW", "That is not a Bot of yours in play")
        bot = s.botz[where[1]]
        if bot.used:
            return _no("TURN_OVERVIEW", "That Bot is USED: only an UNUSED Bot can be USED")
        if bot.played_turn == state.turn:
            return _no("FAQs", "Botz can't be USED the turn they're played")
        if isinstance(action, Research):
            if research_blocked(state, seat):
                return _no(
                    "SHIELD", "An opposing Bot is being USED to SHIELD: your Botz can't RESEARCH"
                )
            value = seat_stats(cat.card, s)[where[1]].value
            if action.cards > value:
                return _no("RESEARCH", f"A Bot RESEARCHes with up to its value ({value}) in cards")
            if action.cards > s.invested_unused:
                return _no("RESEARCH", f"You have {s.invested_unused} UNUSED invested card(s)")
            return None
        if isinstance(action, Shield):
            return None
        assert isinstance(action, Hack)
        target = find_bot(state, action.target)
        if target is None:
            return _no("HACK", "That Bot is not in play")
        owner = target[0]
        if owner == seat:
            return _no("FAQs", "Botz can't be USED to HACK ally Botz")
        if state.seats[owner].out:
            return _no("HACK", "That player is out of the game")
        victim = state.seats[owner].botz[target[1]]
        if not victim.used:
            return _no("FAQs", "Botz can't be USED to HACK UNUSED Botz")
        if not victim.shielding and shielded(state, owner):
            return _no(
                "SHIELD",
                f"{state.config.names[owner]} has a Bot USED to SHIELD: HACK a SHIELD instead",
            )
        return None

    # -- applying ---------------------------------------------------------------------------
    def _resolve(self, state: State, seat: Seat, action: Action):
        events: list[Event] = []
        kind = type(
            action
        )  # (an action of this game's union: checked, or offered by legal_actions)
        cat = _cat(state)
        name = state.config.names[seat]
        s = state.seats[seat]
        if kind is Bottom:
            s = evolve(
                s,
                hand=tuple([c for c in s.hand if c != action.card]),
                deck=s.deck + (action.card,),
                bottomed=s.bottomed + 1,
            )
            events.append(
                event(text=f"{name} sends a card to the bottom of their deck.", seat=seat)
            )
            return replace_seat(state, seat, s), tuple(events)
        if kind is Keep:
            n = HAND_SIZE - len(s.hand)
            s = evolve(s, hand=s.hand + s.deck[:n], deck=s.deck[n:], mulligan_done=True)
            state = replace_seat(state, seat, s)
            text = (
                f"{name} draws {n} card(s) back to a hand of {HAND_SIZE}."
                if n
                else f"{name} keeps their starting hand."
            )
            events.append(event(text=text, kind="draw", seat=seat, barrier=n > 0))
            if all(t.mulligan_done for t in state.seats):
                state = self._start_play(state, events)
                state = self._run(state, events)
            return state, tuple(events)
        if kind is Choose:
            decision = state.decision
            assert decision is not None
            if decision.kind == "order":
                index = int(action.option) - 1
                queue = state.queue
                state = evolve(
                    state,
                    decision=None,
                    current=queue[index],
                    queue=queue[:index] + queue[index + 1 :],
                )
            else:
                job = state.current
                assert job is not None
                label = next(o.label for o in decision.options if o.id == action.option)
                events.append(event(text=f"{name} chooses: {label}.", kind="choice", seat=seat))
                state = evolve(
                    state, decision=None, current=evolve(job, picks=(*job.picks, action.option))
                )
            return self._run(state, events), tuple(events)
        if kind is EndTurn:
            events.append(event(text=f"{name} ends their turn.", kind="turn", seat=seat))
            jobs = triggered(
                cat.card, state, seat, "end_of_turn", (*[b.card for b in s.botz], *s.modules)
            )
            if jobs or state.queue or state.current is not None:
                state = evolve(state, phase="end", queue=state.queue + jobs)
            else:  # nothing happens at the end of the turn: the next one begins
                state = self._begin_turn(state, self._next_seat(state), events)
            return self._run(state, events), tuple(events)
        if kind is Invest:
            s = evolve(
                s,
                hand=tuple([c for c in s.hand if c != action.card]),
                invested=s.invested + (action.card,),
            )
            state = evolve(
                state, seats=replace_at(state.seats, seat, s), invests_left=state.invests_left - 1
            )
            card = cat.card(action.card)
            events.append(
                event(
                    text=f"{name} reveals {card.name} and invests it face down, UNUSED.",
                    kind="invest",
                    seat=seat,
                    barrier=True,
                    data={"card": action.card},
                )
            )
            return state, tuple(events)
        if kind is Play:
            card = cat.card(action.card)
            cost = cost_of(cat.card, s, card)
            update: dict = {
                "hand": tuple([c for c in s.hand if c != action.card]),
                "invested_used": s.invested_used + cost,
            }
            if card.kind == "bot":
                update["botz"] = s.botz + (
                    make(BotInPlay, card=action.card, played_turn=state.turn),
                )
            elif card.kind == "module":
                update["modules"] = s.modules + (action.card,)
            else:
                update["discard"] = s.discard + (action.card,)
            state = replace_seat(state, seat, evolve(s, **update))
            events.append(
                event(
                    text=f"{name} plays {card.name} (COST {cost}).",
                    kind="play",
                    seat=seat,
                    barrier=True,
                    data={"card": action.card},
                )
            )
            if card.on_play:
                jobs = triggered(cat.card, state, seat, "on_play", (action.card,))
                if state.queue or state.current is not None:
                    state = evolve(state, queue=state.queue + jobs)
                else:  # the only ability waiting: it resolves at once
                    state = evolve(state, current=jobs[0])
                state = self._run(state, events)
            return state, tuple(events)
        # USE a Bot
        where = find_bot(state, action.bot)
        assert where is not None
        i = where[1]
        bot = s.botz[i]
        card = cat.card(action.bot)
        if kind is Research:
            botz = replace_at(s.botz, i, evolve(bot, used=True))
            s = evolve(s, botz=botz, invested_used=s.invested_used + action.cards)
            state = replace_seat(state, seat, s)
            events.append(
                event(
                    text=f"{name} USES {card.name} and {action.cards} invested card(s) to RESEARCH.",
                    kind="research",
                    seat=seat,
                )
            )
            state = gain_research(state, seat, action.cards, events)
            return state, tuple(events)
        if kind is Shield:
            state = set_bot(state, seat, i, evolve(bot, used=True, shielding=True))
            events.append(
                event(text=f"{name} USES {card.name} to SHIELD.", kind="shield", seat=seat)
            )
            return state, tuple(events)
        assert isinstance(action, Hack)
        owner, j = find_bot(state, action.target)  # type: ignore[misc]
        mine: Stats = seat_stats(cat.card, s)[i]
        theirs: Stats = seat_stats(cat.card, state.seats[owner])[j]
        state = set_bot(state, seat, i, evolve(bot, used=True))
        events.append(
            event(
                text=f"{name} USES {card.name} to HACK {cat.card(action.target).name} "
                f"({state.config.names[owner]}).",
                kind="hack",
                seat=seat,
                data={"bot": action.bot, "target": action.target},
            )
        )
        state = deal_risk(
            cat.card,
            state,
            [(action.target, mine.value + mine.hack), (action.bot, theirs.value)],
            events,
        )
        return self._run(state, events), tuple(events)

    # -- reading ----------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> View:
        cat = _cat(state)
        face = cat.face
        views = []
        for i, s in enumerate(state.seats):
            mine = seat == i
            stats = seat_stats(cat.card, s)
            botz = tuple(
                make(
                    BotView,
                    instance=b.card,
                    card=face(b.card),
                    value=st.value,
                    risk=b.risk,
                    used=b.used,
                    shielding=b.shielding,
                    fresh=b.played_turn == state.turn,
                    armor=st.armor,
                    hack=st.hack,
                )
                for b, st in zip(s.botz, stats, strict=True)
            )
            deck_name, _ = cat.deck_list(state.config.decks[i])
            views.append(
                make(
                    SeatView,
                    name=state.config.names[i],
                    deck_name=deck_name,
                    deck_count=len(s.deck),
                    hand_count=len(s.hand),
                    hand=tuple((c, face(c)) for c in s.hand) if mine else (),
                    discard=tuple(face(c) for c in s.discard),
                    botz=botz,
                    modules=tuple((m, face(m)) for m in s.modules),
                    invested_count=len(s.invested),
                    invested_unused=s.invested_unused,
                    invested=tuple(face(c) for c in s.invested) if mine else (),
                    research=s.research,
                    out=s.out,
                    mulligan_done=s.mulligan_done,
                    bottomed=s.bottomed,
                    shielded=any(b.shielding for b in s.botz),
                    costs=tuple(cost_of(cat.card, s, cat.card(c)) for c in s.hand) if mine else (),
                )
            )
        return make(
            View,
            viewer=seat,
            phase=state.phase,
            turn=state.turn,
            active=state.active,
            first_player=state.first_player,
            seats=tuple(views),
            invests_left=state.invests_left,
            decision=state.decision,
            goal=GOAL,
            to_act=tuple(sorted(self.to_act(state))),
            outcome=state.outcome,
        )

    def describe(self, action: Action) -> str:
        if isinstance(action, Bottom):
            return f"send {_pretty(action.card)} to the bottom of the deck"
        if isinstance(action, Keep):
            return "keep the hand (draw back to 6)"
        if isinstance(action, Invest):
            return f"invest {_pretty(action.card)}"
        if isinstance(action, Play):
            return f"play {_pretty(action.card)}"
        if isinstance(action, Research):
            return f"USE {_pretty(action.bot)} to RESEARCH with {action.cards} invested card(s)"
        if isinstance(action, Shield):
            return f"USE {_pretty(action.bot)} to SHIELD"
        if isinstance(action, Hack):
            return f"USE {_pretty(action.bot)} to HACK {_pretty(action.target)}"
        if isinstance(action, EndTurn):
            return "end the turn"
        option = action.option
        if "#" in option:  # a card in play: said by its name, never its id (issue 36)
            return f"choose {_pretty(option)}"
        if option.isdigit():  # simultaneous effects: the one to resolve next
            return f"resolve effect {option} of the list next"
        return f"choose {option}"

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal each other seat's hand, deck and invested card faces, keeping every count."""
        seats = list(state.seats)
        for i, s in enumerate(state.seats):
            if observer == i or s.out:
                continue
            hand, deck, invested = redeal(rng, s.hand, s.deck, s.invested)
            seats[i] = evolve(s, hand=hand, deck=deck, invested=invested)
        return evolve(state, seats=tuple(seats))


def _pretty(instance: str) -> str:
    try:
        return catalog().card(instance).name
    except Exception:  # a card folder the default catalog does not know
        return instance.split("#", 1)[0].replace("-", " ").title()


__all__ = ["ZoobotzRules", "TRIGGER_TEXT", "alive", "hack_targets", "research_blocked"]
