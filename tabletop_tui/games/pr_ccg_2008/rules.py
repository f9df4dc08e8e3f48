"""Power Rangers Collectible Card Game (Bandai, 2008), Steps 1-6 of the rulebook.

The official rulebook is the spec (our summary: tabletop_tui/reference/pr-ccg-2008.md); rejections and comments cite its
steps. Rulings where it is silent are listed in card_data/pr-ccg-2008/RULINGS.md.
"""

from __future__ import annotations

import random

from ...engine import Event, Outcome, Rejection, Rng, Rules, Seat
from ...engine.common import (
    OTHER,
    Closed,
    game_over,
    interned,
    redeal,
    waiting_pair,
    with_seat,
)
from ...engine.fast import evolve, make
from .cards import Card, Catalog, catalog
from .decks import deck_list, deck_name, instances
from .models import (
    Action,
    Battle,
    CancelSelection,
    ChooseElement,
    Config,
    PayCard,
    PlayNothing,
    SeatState,
    SeatView,
    SelectCard,
    State,
    View,
)
from .sealed import build_deck, open_packs, opened_counts

_NOTHING = PlayNothing()
_CANCEL = CancelSelection()
_select = interned(SelectCard)
_pay = interned(PayCard)
_element = interned(ChooseElement)
#: the refusals before any rule of the game is read
_closed = Closed(
    over="Winning the Game",
    seats="Turn Flow",
    no_seat="There is no seat {number}: this game is for two players",
)


def _cat(state: State) -> Catalog:
    return catalog(state.config.cards_dir)


def _free(s: SeatState) -> tuple[str, ...]:
    """Cards in hand not set aside for this round's battle."""
    if s.selected is None:
        return s.hand
    taken = {s.selected, *s.paid}
    return tuple(c for c in s.hand if c not in taken)


class PrCcgRules(Rules[Config, State, Action, View]):
    game_id = "pr-ccg-2008"
    title = "Power Rangers Collectible Card Game (2008)"
    min_seats = 2
    max_seats = 2

    # -- setting up ------------------------------------------------------------
    def new_game(self, config: Config, seed: int) -> State:
        """Each player shuffles their deck; the house rule may deal an opening hand.

        In sealed play (RULINGS 9) each player first opens their packs from the same RNG;
        a deck must come from the cards its player opened ("auto": the sealed heuristic
        builds it). A deck that breaks a deck rule (RULINGS 8) is refused, naming the rule."""
        cat = catalog(config.cards_dir)
        rng = Rng(seed=seed)
        opened: tuple[dict[str, int] | None, ...] = (None, None)
        if config.sealed_packs:
            pools, rng = open_packs(cat, rng, config.sealed_packs)
            opened = tuple(opened_counts(p) for p in pools)
        seats = []
        for i, choice in enumerate(config.decks):
            if config.auto_deck(i):
                entries = build_deck(cat, opened[i])  # type: ignore[arg-type]
            else:
                entries = deck_list(cat, choice, opened[i])[1]
            cards, rng = rng.shuffled(instances(entries))
            n = config.opening_hand
            seats.append(make(SeatState, deck=cards[n:], hand=cards[:n]))
        state = make(State, config=config, rng=rng, seats=tuple(seats), round=0)
        state, _ = self._step1(state)
        return state

    def _step1(self, state: State) -> tuple[State, tuple[Event, ...]]:
        """Step 1: each player draws a card; one who cannot loses (both: a draw)."""
        names = state.config.names
        empty = [not s.deck for s in state.seats]
        if all(empty):
            out = Outcome(
                winners=(), summary="Both players had to draw from an empty deck: a draw."
            )
        elif any(empty):
            loser = empty.index(True)
            out = Outcome(
                winners=(OTHER[loser],),
                summary=f"{names[loser]} had to draw from an empty deck and loses.",
            )
        else:
            out = None
        if out is not None:
            state, over = game_over(state, out)
            return state, (over,)
        seats = tuple(
            make(SeatState, deck=s.deck[1:], hand=s.hand + (s.deck[0],), discard=s.discard)
            for s in state.seats
        )
        number = state.round + 1
        state = evolve(state, seats=seats, phase="select", round=number)
        text = f"Round {number}, step 1: both players draw a card."
        return state, (make(Event, text=text, kind="draw", barrier=True),)

    # -- who acts --------------------------------------------------------------
    def _needs_element(self, state: State, seat: int) -> bool:
        s = state.seats[seat]
        return (
            s.selected is not None
            and s.element is None
            and len(_cat(state).card(s.selected).battle_elements) > 1
        )

    def to_act(self, state: State) -> frozenset[Seat]:
        if state.phase == "select":
            a, b = state.seats
            return waiting_pair(not a.locked, not b.locked)
        if state.phase == "element":
            return frozenset(i for i in (0, 1) if self._needs_element(state, i))
        return frozenset()

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        s = state.seats[seat]
        cat = _cat(state)
        if state.phase == "element":
            return [_element(e) for e in cat.card(s.selected).battle_elements]  # type: ignore[arg-type]
        if s.selected is None:
            out: list[Action] = [
                _select(c) for c in s.hand if cat.card(c).hand_cost <= len(s.hand) - 1
            ]
            out.append(_NOTHING)
            return out
        return [_pay(c) for c in _free(s)] + [_CANCEL]

    def probe_actions(self, state: State, seat: Seat) -> list[Action]:
        """A screen asks about selecting, or paying with, each card in the seat's hand."""
        hand = state.seats[seat].hand
        return [_select(c) for c in hand] + [_pay(c) for c in hand] + [_NOTHING, _CANCEL]

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        refused = _closed(state, seat)
        if refused is not None:
            return refused
        s = state.seats[seat]
        cat = _cat(state)
        if isinstance(action, ChooseElement):
            if state.phase != "element":
                return Rejection(
                    rule="Step 6A",
                    reason="Battle Elements are chosen only when both players have played a card",
                )
            if s.selected is None or len(cat.card(s.selected).battle_elements) < 2:
                return Rejection(
                    rule="Step 6A",
                    reason="Your card names one Battle Element: there is nothing to choose",
                )
            if s.element is not None:
                return Rejection(rule="Step 6A", reason="You have already chosen the element")
            if action.element not in cat.card(s.selected).battle_elements:
                names = ", ".join(cat.card(s.selected).battle_elements)
                return Rejection(rule="Step 6A", reason=f"Your card lets you choose only {names}")
            return None
        if state.phase != "select":
            return Rejection(
                rule="Step 6A",
                reason="Cards are face up: choose a Battle Element, if yours names several",
            )
        if s.locked:
            return Rejection(rule="Step 4", reason="You are locked in for this round")
        if isinstance(action, PlayNothing):
            if s.selected is not None:
                return Rejection(
                    rule="Step 2",
                    reason="Take your selected card back first (cancel), then choose to play nothing",
                )
            return None
        if isinstance(action, SelectCard):
            if s.selected is not None:
                return Rejection(
                    rule="Step 2", reason="You have already selected a card for this battle"
                )
            if action.card not in s.hand:
                return Rejection(rule="Step 2", reason="That card is not in your hand")
            cost = cat.card(action.card).hand_cost
            if cost > len(s.hand) - 1:
                return Rejection(
                    rule="Step 3",
                    reason=f"Its Hand Cost is {cost} and you hold only {len(s.hand) - 1} other card(s): it cannot be played",
                )
            return None
        if isinstance(action, PayCard):
            if s.selected is None:
                return Rejection(
                    rule="Step 3", reason="Select the card to play before paying its Hand Cost"
                )
            if action.card == s.selected:
                return Rejection(
                    rule="Step 3",
                    reason="The Hand Cost is paid with other cards, not the card being played",
                )
            if action.card not in _free(s):
                return Rejection(rule="Step 3", reason="That card is not free in your hand")
            return None
        if isinstance(action, CancelSelection):
            if s.selected is None:
                return Rejection(rule="Step 2", reason="No card is selected")
            return None
        return Rejection(rule="Turn Flow", reason="That is not an action of this game")

    # -- applying --------------------------------------------------------------
    def _resolve(self, state: State, seat: Seat, action: Action):
        s = state.seats[seat]
        cat = _cat(state)
        name = state.config.names[seat]
        if isinstance(action, ChooseElement):
            s = evolve(s, element=action.element)
            state = with_seat(state, seat, s)
            chose = make(
                Event, text=f"{name} chooses a Battle Element in secret.", kind="commit", seat=seat
            )
            if self.to_act(state):
                return state, (chose,)
            state, events = self._battle(state, reveal_elements=True)
            return state, (chose, *events)
        if isinstance(action, CancelSelection):
            s = evolve(s, selected=None, paid=())
            return with_seat(state, seat, s), ()
        if isinstance(action, SelectCard):
            s = evolve(
                s, selected=action.card, paid=(), locked=cat.card(action.card).hand_cost == 0
            )
        elif isinstance(action, PayCard):
            paid = s.paid + (action.card,)
            s = evolve(s, paid=paid, locked=len(paid) == cat.card(s.selected).hand_cost)  # type: ignore[arg-type]
        else:  # PlayNothing
            s = evolve(s, selected=None, paid=(), locked=True)
        state = with_seat(state, seat, s)
        if not s.locked:
            return state, ()
        locked = make(Event, text=f"{name} is locked in.", kind="commit", seat=seat)
        if any(not t.locked for t in state.seats):
            return state, (locked,)
        state, events = self._reveal(state)
        return state, (locked, *events)

    def _reveal(self, state: State):
        """Step 4: both reveal on three; the Hand Cost payments go to the discard piles."""
        cat = _cat(state)
        names = state.config.names
        seats = []
        parts = []
        for i, s in enumerate(state.seats):
            taken = {s.selected, *s.paid} if s.selected else set()
            seats.append(
                evolve(
                    s, hand=tuple(c for c in s.hand if c not in taken), discard=s.discard + s.paid
                )
            )
            if s.selected:
                card = cat.card(s.selected)
                paid = f", paying {len(s.paid)}" if s.paid else ""
                parts.append(f"{names[i]} plays {card.name}{paid}")
            else:
                parts.append(f"{names[i]} plays nothing")
        state = evolve(state, seats=tuple(seats))
        cards = tuple(s.selected for s in state.seats)
        reveal = make(
            Event,
            text="1..2..3! " + "; ".join(parts) + ".",
            kind="reveal",
            barrier=True,
            data={"cards": list(cards), "paid": [list(s.paid) for s in state.seats]},
        )
        if cards[0] is None and cards[1] is None:
            battle = make(
                Battle,
                round=state.round,
                cards=cards,
                text="Step 5: neither played a card; nothing happens.",
            )
            return self._end_round(
                state, battle, (reveal, make(Event, text=battle.text, kind="step"))
            )
        if cards[0] is None or cards[1] is None:
            winner = 0 if cards[0] else 1
            card = cat.card(cards[winner])  # type: ignore[arg-type]
            battle = make(
                Battle,
                round=state.round,
                cards=cards,
                paid=tuple(s.paid for s in state.seats),
                winner=winner,
                damage=card.damage,  # type: ignore[arg-type]
                text=f"Step 5: {names[winner]}'s {card.name} meets no card and deals {card.damage} Damage.",
            )
            return self._end_round(
                state, battle, (reveal, make(Event, text=battle.text, kind="step"))
            )
        if any(self._needs_element(state, i) for i in (0, 1)):
            state = evolve(state, phase="element")
            return state, (
                reveal,
                make(
                    Event,
                    text="Step 6A: a card names several Battle Elements; its owner chooses one in secret.",
                    kind="step",
                ),
            )
        return self._battle(state, reveal_elements=False, before=(reveal,))

    def _battle(self, state: State, reveal_elements: bool, before: tuple[Event, ...] = ()):
        """Step 6: each player's power is their card's value in the element the other card names."""
        cat = _cat(state)
        names = state.config.names
        cards = [cat.card(s.selected) for s in state.seats]  # type: ignore[arg-type]
        # element[i] = the element seat i must use = the one named by the OTHER seat's card
        named = [s.element or cards[i].battle_elements[0] for i, s in enumerate(state.seats)]
        uses = (named[1], named[0])
        powers = (cards[0].values[uses[0]], cards[1].values[uses[1]])
        events = list(before)
        if reveal_elements:
            events.append(
                make(
                    Event,
                    text=f"Elements revealed: {names[0]} names {named[0].upper()}, {names[1]} names {named[1].upper()}.",
                    kind="reveal",
                    barrier=True,
                    data={"elements": list(named)},
                )
            )
        if powers[0] == powers[1]:
            winner = None
            text = (
                f"Step 6B: {cards[0].name} {uses[0].upper()} {powers[0]} vs {cards[1].name} "
                f"{uses[1].upper()} {powers[1]}: equal, a draw."
            )
            damage = 0
        else:
            winner = 0 if powers[0] > powers[1] else 1
            damage = cards[winner].damage
            text = (
                f"Step 6B: {cards[0].name} {uses[0].upper()} {powers[0]} vs {cards[1].name} "
                f"{uses[1].upper()} {powers[1]}: {names[winner]} wins and deals {damage} Damage."
            )
        battle = make(
            Battle,
            round=state.round,
            cards=(state.seats[0].selected, state.seats[1].selected),
            paid=tuple(s.paid for s in state.seats),  # type: ignore[arg-type]
            elements=uses,
            powers=powers,
            winner=winner,
            damage=damage,
            text=text,
        )
        events.append(make(Event, text=text, kind="roll"))
        return self._end_round(state, battle, tuple(events))

    def _end_round(self, state: State, battle: Battle, events: tuple[Event, ...]):
        """Step 6C: the loser draws the Damage; used cards go to the discard piles; back to step 1."""
        names = state.config.names
        more: list[Event] = []
        # Move all used cards to their discard piles, whatever happens next.
        seats = [
            evolve(
                s,
                discard=s.discard + ((s.selected,) if s.selected else ()),
                selected=None,
                paid=(),
                locked=False,
                element=None,
            )
            for s in state.seats
        ]
        if battle.winner is not None and battle.damage:
            loser = OTHER[battle.winner]
            s = seats[loser]
            if len(s.deck) < battle.damage:
                out = Outcome(
                    winners=(battle.winner,),
                    summary=f"{names[loser]} must draw {battle.damage} but has {len(s.deck)} card(s) left: {names[battle.winner]} wins.",
                )
                state, over = game_over(state, out, last=battle, seats=tuple(seats))
                return state, (*events, over)
            seats[loser] = evolve(
                s, deck=s.deck[battle.damage :], hand=s.hand + s.deck[: battle.damage]
            )
            battle = evolve(battle, drawn=battle.damage)
            more.append(
                make(
                    Event,
                    text=f"{names[loser]} takes {battle.damage} Damage: draws {battle.damage} card(s).",
                    kind="defeat",
                    seat=loser,
                )
            )
        state = evolve(state, seats=tuple(seats), last=battle)
        state, drawn = self._step1(state)
        return state, (*events, *more, *drawn)

    # -- reading ---------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> View:
        cat = _cat(state)
        card = cat.card
        views = []
        for i, s in enumerate(state.seats):
            mine = seat == i
            revealed = state.phase == "element"
            views.append(
                make(
                    SeatView,
                    name=state.config.names[i],
                    deck_name=deck_name(state.config, i, cat),
                    deck_count=len(s.deck),
                    hand_count=len(s.hand),
                    discard=tuple(card(c) for c in s.discard),
                    hand=tuple((c, card(c)) for c in s.hand) if mine else (),
                    selected=(s.selected, card(s.selected))
                    if s.selected and (mine or revealed)
                    else None,
                    paid=tuple((c, card(c)) for c in s.paid) if mine else (),
                    locked=s.locked,
                    element=s.element if mine else None,
                    # only once the cards are face up: before that it would tell the
                    # opponent whether the secret card names several elements
                    element_pending=revealed and self._needs_element(state, i),
                )
            )
        battle_cards = (None, None)
        if state.phase == "element":
            battle_cards = tuple(card(s.selected) for s in state.seats)  # type: ignore[assignment,arg-type]
        last_cards = (None, None)
        if state.last is not None:
            last_cards = tuple(card(c) if c else None for c in state.last.cards)  # type: ignore[assignment]
        return make(
            View,
            viewer=seat,
            phase=state.phase,
            round=state.round,
            seats=tuple(views),  # type: ignore[arg-type]
            elements=tuple((e.id, e.name, e.letter) for e in cat.card_set.elements),
            battle_cards=battle_cards,  # type: ignore[arg-type]
            last=state.last,
            last_cards=last_cards,  # type: ignore[arg-type]
            to_act=tuple(sorted(self.to_act(state))),
            outcome=state.outcome,
        )

    def describe(self, action: Action) -> str:
        if isinstance(action, SelectCard):
            return f"select {action.card} for battle"
        if isinstance(action, PayCard):
            return f"pay the Hand Cost with {action.card}"
        if isinstance(action, CancelSelection):
            return "take the selected card back"
        if isinstance(action, PlayNothing):
            return "play nothing this round"
        return f"choose {action.element.upper()} as the element"

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal other seats' hand and deck, keep every count; flip a secret element."""
        cat = _cat(state)
        seats = list(state.seats)
        for i, s in enumerate(state.seats):
            if observer == i:
                continue
            hand, deck = redeal(rng, s.hand, s.deck)
            update: dict = {"hand": hand, "deck": deck}
            if state.phase == "select" and s.selected is not None:
                # Keep the secret's shape: a selected card and payments among the new hand.
                mapping = dict(zip(s.hand, hand, strict=True))
                update["selected"] = mapping[s.selected]
                update["paid"] = tuple(mapping[c] for c in s.paid)
            if state.phase == "element" and s.element is not None:
                update["element"] = rng.choice(cat.card(s.selected).battle_elements)  # type: ignore[arg-type]
            seats[i] = evolve(s, **update)
        return evolve(state, seats=tuple(seats))


def card_of(state: State, instance: str) -> Card:
    return _cat(state).card(instance)
