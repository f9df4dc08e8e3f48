"""Army Of Zero, every rule of the rulebook (summarised in tabletop_tui/reference/army-of-zero.md).

Section names in rejections and comments are the rulebook's: "Setting Up",
"Playing The Game" steps 1-8, "Victory".
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from ...engine import Event, Outcome, Rejection, Rng, Rules, Seat
from ...engine.common import OTHER, Closed, game_over, interned, waiting_pair, with_seat
from ...engine.fast import evolve, make
from ...engine.rng import Deal
from .cards import Character, character_index, load_characters, shipped_characters
from .models import (
    Action,
    ChooseCombat,
    CombatCard,
    Config,
    Exchange,
    PlaceCharacter,
    PlaceRest,
    Roll,
    SeatState,
    SeatView,
    State,
    Test,
    View,
)

SQUAD_SIZE = 10
_ATTACK = ChooseCombat(card="attack")
_DEFEND = ChooseCombat(card="defend")
_PLACE_REST = PlaceRest()
_NOBODY: frozenset[int] = frozenset()
_place = interned(PlaceCharacter)
#: the refusals before any rule of the game is read
_closed = Closed(
    over="Victory",
    seats="The Rules",
    no_seat="There is no seat {number}: Army Of Zero is for two players",
)


@cache
def _deck(cards_dir: str | None) -> tuple[Character, ...]:
    return load_characters(Path(cards_dir)) if cards_dir else shipped_characters()


def _index(state: State) -> dict[str, Character]:
    return character_index(state.config.cards_dir)


def _score(roll: Roll, fighters: list[Character]) -> str:
    """'Ceznor 2+2=4': whose roll, the die, the ability and the total."""
    return f"{fighters[roll.seat].name.split()[-1]} {roll.die}{roll.modifier:+d}={roll.total}"


class ArmyOfZeroRules(Rules[Config, State, Action, View]):
    game_id = "army-of-zero"
    title = "Army Of Zero"
    min_seats = 2
    max_seats = 2

    # -- setting up ------------------------------------------------------------
    def new_game(self, config: Config, seed: int) -> State:
        """Setting Up: shuffle the 84 characters, deal 10 face down to each player."""
        deck = _deck(config.cards_dir)
        shuffled, rng = Rng(seed=seed).shuffled([c.id for c in deck])
        seats = tuple(
            make(SeatState, unplaced=shuffled[i * SQUAD_SIZE : (i + 1) * SQUAD_SIZE])
            for i in range(2)
        )
        return make(State, config=config, rng=rng, seats=seats)

    # -- who acts --------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[Seat]:
        a, b = state.seats
        if state.phase == "order":
            return waiting_pair(not a.laid_down, not b.laid_down)
        if state.phase == "battle":
            return waiting_pair(a.choice is None, b.choice is None)
        return _NOBODY

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        me = state.seats[seat]
        if state.phase == "order":
            return [_place(c) for c in me.unplaced] + [_PLACE_REST]
        out: list[Action] = []
        if me.attacks_in_hand > 0:
            out.append(_ATTACK)
        if me.defend_in_hand:
            out.append(_DEFEND)
        return out

    def probe_actions(self, state: State, seat: Seat) -> list[Action]:
        """A screen asks about each Combat Card and placing each character still unplaced."""
        unplaced = state.seats[seat].unplaced
        return [
            ChooseCombat(card="attack"),
            ChooseCombat(card="defend"),
            PlaceRest(),
            *(PlaceCharacter(card=c) for c in unplaced),
        ]

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        refused = _closed(state, seat)
        if refused is not None:
            return refused
        me = state.seats[seat]
        if isinstance(action, PlaceCharacter | PlaceRest):
            if state.phase != "order":
                return Rejection(
                    rule="Setting Up",
                    reason="A Squad Pile keeps its order once it is face down on the table",
                )
            if me.laid_down:
                return Rejection(
                    rule="Setting Up", reason="Your Squad Pile is already on the table"
                )
            if isinstance(action, PlaceCharacter) and action.card not in me.unplaced:
                return Rejection(
                    rule="Setting Up",
                    reason=f"{action.card} is not one of your characters to place",
                )
            return None
        if isinstance(action, ChooseCombat):
            if state.phase != "battle":
                return Rejection(
                    rule="Playing The Game",
                    reason="Combat Cards are played only during a confrontation; order your squad first",
                )
            if me.choice is not None:
                return Rejection(
                    rule="Step 1", reason="You have already put a Combat Card face down this round"
                )
            if action.card == "attack" and me.attacks_in_hand == 0:
                return Rejection(
                    rule="Step 1",
                    reason="No character may attack more than twice in a row: after two attacks you must defend",
                )
            if action.card == "defend" and not me.defend_in_hand:
                return Rejection(rule="Step 1", reason="Your Defend Card is not in your hand")
            return None
        return Rejection(rule="The Rules", reason="That is not an Army Of Zero action")

    # -- applying --------------------------------------------------------------
    def _resolve(self, state: State, seat: Seat, action: Action):
        if isinstance(action, ChooseCombat):
            return self._choose(state, seat, action.card)
        return self._place(state, seat, action)

    def _place(self, state: State, seat: int, action: PlaceCharacter | PlaceRest):
        me = state.seats[seat]
        if isinstance(action, PlaceRest):
            squad, unplaced = me.squad + me.unplaced, ()
        else:
            squad = me.squad + (action.card,)
            unplaced = tuple(c for c in me.unplaced if c != action.card)
        if len(unplaced) == 1:  # the last card has only one place to go
            squad, unplaced = squad + unplaced, ()
        done = not unplaced
        me = evolve(me, squad=squad, unplaced=unplaced, laid_down=done)
        state = with_seat(state, seat, me)
        name = state.config.names[seat]
        events: list[Event] = []
        if done:
            events.append(
                make(
                    Event,
                    text=f"{name} puts their Squad Pile of {len(squad)} face down.",
                    kind="squad",
                    seat=seat,
                    barrier=True,
                )
            )
            state = self._battle_once_laid_down(state, events)
        return state, tuple(events)

    def _battle_once_laid_down(self, state: State, events: list[Event]) -> State:
        """Once both Squad Piles are face down, the battle begins with a confrontation."""
        if all(s.laid_down for s in state.seats):
            state, more = self._start_confrontation(evolve(state, phase="battle"))
            events.extend(more)
        return state

    def _start_confrontation(self, state: State):
        """Playing The Game: both piles flip their top character, and those two fight."""
        idx = _index(state)
        seats = tuple(evolve(s, fighter=s.squad[0], squad=s.squad[1:]) for s in state.seats)
        number = state.confrontation + 1
        a, b = (idx[s.fighter] for s in seats)  # type: ignore[index]
        text = f"Confrontation {number}: {a.name} faces {b.name}."
        state = evolve(state, seats=seats, confrontation=number, exchange=0, last=None)
        return state, (
            make(Event, text=text, kind="reveal", barrier=True, data={"fighters": [a.id, b.id]}),
        )

    def _choose(self, state: State, seat: int, card: CombatCard):
        me = state.seats[seat]
        if card == "attack":
            me = evolve(
                me,
                choice=card,
                attacks_in_hand=me.attacks_in_hand - 1,
                table=me.table + ("attack",),
            )
        else:
            me = evolve(me, choice=card, defend_in_hand=False, table=me.table + ("defend",))
        state = with_seat(state, seat, me)
        chose = make(
            Event,
            text=f"{state.config.names[seat]} puts a Combat Card face down.",
            kind="commit",
            seat=seat,
        )
        if any(s.choice is None for s in state.seats):
            return state, (chose,)
        state, events = self._exchange(state)
        return state, (chose, *events)

    def _roll(self, dice: Deal, seat: int, fighter: Character, ability: str) -> Roll:
        """One die of an exchange (`Rng.d6`, drawn from the exchange's one Deal)."""
        die = dice.randint(1, 6)
        return make(Roll, seat=seat, ability=ability, modifier=fighter.stat(ability), die=die)

    def _exchange(self, state: State):
        """Steps 1 (reveal) to 8 for one round of combat, once both cards are down."""
        idx = _index(state)
        names = state.config.names
        fighters = [idx[s.fighter] for s in state.seats]  # type: ignore[index]
        cards: tuple[CombatCard, CombatCard] = (state.seats[0].choice, state.seats[1].choice)  # type: ignore[assignment]
        number = state.exchange + 1
        dice = Deal(state.rng)  # the exchange's rolls, one Rng for all of them at the end
        tests: list[Test] = []
        steps: list[int] = [1]
        killed: list[int] = []
        events: list[Event] = [
            make(
                Event,
                text=f"Reveal: {names[0]} {cards[0].upper()}, {names[1]} {cards[1].upper()}.",
                kind="reveal",
                barrier=True,
                data={"cards": list(cards)},
            )
        ]

        def blow(attacker: int, step: int) -> None:
            """Step 6 (and each half of step 5): WEAPON against ARMOUR; a draw kills."""
            defender = OTHER[attacker]
            w = self._roll(dice, attacker, fighters[attacker], "weapon")
            a = self._roll(dice, defender, fighters[defender], "armour")
            lands = w.total >= a.total
            if lands:
                killed.append(defender)
            verdict = (
                f"{fighters[defender].name} is slain"
                if lands
                else f"{fighters[defender].name}'s armour holds"
            )
            text = f"Step {step}: WEAPON {_score(w, fighters)} vs ARMOUR {_score(a, fighters)}: {verdict}."
            tests.append(
                make(
                    Test,
                    step=step,
                    kind="weapon",
                    rolls=(w, a),
                    winner=attacker if lands else defender,
                    text=text,
                )
            )

        if cards == ("defend", "defend"):
            steps.append(2)
            events.append(
                make(Event, text="Step 2: both hold back, circling warily. No combat.", kind="step")
            )
        elif "defend" in cards:
            attacker = cards.index("attack")
            defender = OTHER[attacker]
            steps.append(3)
            c_att = self._roll(dice, attacker, fighters[attacker], "combat")
            c_def = self._roll(dice, defender, fighters[defender], "combat")
            hit = c_att.total >= c_def.total
            text = f"Step 3: COMBAT {_score(c_att, fighters)} vs {_score(c_def, fighters)}: " + (
                f"{fighters[attacker].name} lands a blow."
                if hit
                else f"{fighters[defender].name} fends it off."
            )
            tests.append(
                make(
                    Test,
                    step=3,
                    kind="combat",
                    rolls=(c_att, c_def),
                    winner=attacker if hit else defender,
                    text=text,
                )
            )
            if hit:
                steps.append(6)
                blow(attacker, 6)
        else:
            steps.append(4)
            s0 = self._roll(dice, 0, fighters[0], "speed")
            s1 = self._roll(dice, 1, fighters[1], "speed")
            if s0.total == s1.total:
                text = f"Step 4: SPEED {_score(s0, fighters)} vs {_score(s1, fighters)}: a tie, both blows land at once."
                tests.append(
                    make(Test, step=4, kind="speed", rolls=(s0, s1), winner=None, text=text)
                )
                steps.append(5)
                blow(0, 5)
                blow(1, 5)
            else:
                faster = 0 if s0.total > s1.total else 1
                text = (
                    f"Step 4: SPEED {_score(s0, fighters)} vs {_score(s1, fighters)}: "
                    f"{fighters[faster].name} strikes first."
                )
                tests.append(
                    make(Test, step=4, kind="speed", rolls=(s0, s1), winner=faster, text=text)
                )
                steps.append(6)
                blow(faster, 6)
        for t in tests:
            events.append(make(Event, text=t.text, kind="roll", data={"step": t.step}))

        steps.append(8 if killed else 7)  # step 8 ends the confrontation, step 7 goes on
        exchange = make(
            Exchange,
            number=number,
            cards=cards,
            tests=tuple(tests),
            killed=tuple(killed),
            steps=tuple(steps),
        )
        rng = dice.rng
        if killed:
            state = evolve(state, rng=rng, exchange=number, last=exchange)
            state, more = self._end_confrontation(state, killed)
            events.extend(more)
            state = evolve(state, last=exchange)  # the next confrontation starts with none
        else:
            seats = tuple(self._step7(s) for s in state.seats)
            state = evolve(state, rng=rng, exchange=number, last=exchange, seats=seats)
        return state, tuple(events)

    @staticmethod
    def _step7(s: SeatState) -> SeatState:
        """Step 7: a Defend Card picks everything up; an Attack Card stays on the table."""
        if s.choice == "defend":
            return evolve(s, choice=None, attacks_in_hand=2, defend_in_hand=True, table=())
        return evolve(s, choice=None)

    def _end_confrontation(self, state: State, killed: list[int]):
        """Step 8, then the next confrontation, the next phase, or Victory."""
        idx = _index(state)
        names = state.config.names
        events: list[Event] = []
        seats = []
        for i, s in enumerate(state.seats):
            update = {
                "choice": None,
                "attacks_in_hand": 2,
                "defend_in_hand": True,
                "table": (),
                "fighter": None,
            }
            if i in killed:
                update["defeated"] = s.defeated + (s.fighter,)
                events.append(
                    make(
                        Event,
                        text=f"{idx[s.fighter].name} ({names[i]}) is defeated.",
                        kind="defeat",
                        seat=i,
                    )
                )
            else:
                update["survivors"] = s.survivors + (s.fighter,)
            seats.append(evolve(s, **update))
        state = evolve(state, seats=tuple(seats))
        if all(s.squad for s in state.seats):
            state, more = self._start_confrontation(state)
            return state, tuple(events) + more
        left = [s.alive for s in state.seats]
        if not any(left):
            outcome = Outcome(winners=(), summary="The last characters fell together: a draw.")
        elif not all(left):
            winner = 0 if left[0] else 1
            outcome = Outcome(
                winners=(winner,),
                summary=f"{names[winner]} has defeated all ten of {names[OTHER[winner]]}'s characters.",
            )
        else:
            outcome = None
        if outcome is not None:
            state, over = game_over(state, outcome)
            return state, (*events, over)
        # A squad pile is empty: gather survivors and unused characters, reorder secretly.
        seats = []
        for s in state.seats:
            pool = s.survivors + s.squad
            laid = len(pool) <= 1
            seats.append(
                evolve(
                    s,
                    survivors=(),
                    squad=pool if laid else (),
                    unplaced=() if laid else pool,
                    laid_down=laid,
                )
            )
        state = evolve(
            state, seats=tuple(seats), phase="order", phase_number=state.phase_number + 1
        )
        events.append(
            make(
                Event,
                text=f"A Squad Pile is empty. Phase {state.phase_number}: both gather their characters "
                f"({left[0]} and {left[1]}) and secretly reorder.",
                kind="phase",
                barrier=True,
            )
        )
        state = self._battle_once_laid_down(state, events)
        return state, tuple(events)

    # -- reading ---------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> View:
        idx = _index(state)

        def cards(ids) -> tuple[Character, ...]:
            return tuple(idx[i] for i in ids)

        views = []
        for i, s in enumerate(state.seats):
            mine = seat == i
            pending = s.choice is not None
            # Until the reveal, others see the hand as it was before the card went down.
            attacks = (
                s.attacks_in_hand + (s.choice == "attack")
                if pending and not mine
                else s.attacks_in_hand
            )
            defend = True if pending and not mine else s.defend_in_hand
            views.append(
                make(
                    SeatView,
                    name=state.config.names[i],
                    unplaced=cards(s.unplaced) if mine else (),
                    squad=cards(s.squad) if mine else (),
                    squad_count=len(s.squad),
                    unplaced_count=len(s.unplaced),
                    laid_down=s.laid_down,
                    fighter=idx[s.fighter] if s.fighter else None,
                    survivors=cards(s.survivors),
                    defeated=cards(s.defeated),
                    attacks_in_hand=attacks,
                    defend_in_hand=defend,
                    table=s.table[:-1] if pending and not mine else s.table,
                    has_chosen=pending,
                    choice=s.choice if mine else None,
                    alive=s.alive,
                )
            )
        return make(
            View,
            viewer=seat,
            phase=state.phase,
            phase_number=state.phase_number,
            confrontation=state.confrontation,
            exchange=state.exchange,
            seats=tuple(views),  # type: ignore[arg-type]
            last=state.last,
            to_act=tuple(sorted(self.to_act(state))),
            outcome=state.outcome,
        )

    def describe(self, action: Action) -> str:
        if isinstance(action, PlaceCharacter):
            return f"place {action.card} next on the Squad Pile"
        if isinstance(action, PlaceRest):
            return "lay down the rest of the squad in the order shown"
        return f"play the {action.card.title()} Card"

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal what `observer` cannot see: other seats' unrevealed cards, order and choice."""
        idx = _index(state)
        in_play = {
            c
            for s in state.seats
            for c in (*s.unplaced, *s.squad, *s.survivors, *s.defeated, s.fighter)
            if c
        }
        unused = [c for c in idx if c not in in_play]
        rng.shuffle(unused)
        seats = list(state.seats)
        for i, s in enumerate(state.seats):
            if observer == i:
                continue
            # Cards never turned face up may be any unused card; survivors that went back
            # into the pile were seen, so keep them, but their order is secret.
            hidden = [c for c in s.unplaced + s.squad]
            seen = self._seen(state, i)
            swapped = [c if c in seen or not unused else unused.pop() for c in hidden]
            rng.shuffle(swapped)
            n = len(s.unplaced)
            update = {"unplaced": tuple(swapped[:n]), "squad": tuple(swapped[n:])}
            if s.choice is not None:
                before_attacks = s.attacks_in_hand + (s.choice == "attack")
                choice = rng.choice(["attack", "defend"] if before_attacks else ["defend"])
                table = s.table[:-1] + (choice,)
                update.update(
                    choice=choice,
                    table=table,
                    attacks_in_hand=before_attacks - (choice == "attack"),
                    defend_in_hand=choice != "defend",
                )
            seats[i] = evolve(s, **update)
        return evolve(state, seats=tuple(seats))

    @staticmethod
    def _seen(state: State, seat: int) -> set[str]:
        """Characters of `seat` that have been face up: every one that survived a confrontation."""
        s = state.seats[seat]
        # A card in the current pile has been seen iff it survived an earlier phase. We do
        # not store that set, so treat every card of a later phase's pile as seen.
        return set(s.unplaced + s.squad) if state.phase_number > 1 else set()
