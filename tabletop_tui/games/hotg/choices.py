"""Heroes of the Grid: choices the card texts leave to the players that the engine used to
make for them (issue 15, session 7): which dice to reroll (Ruling 22), Optimism now or
later, Power Axe's two dice, Sabertooth Strike's second attack and Counter Jab's ★ hit
(Ruling 23), the "3 different Rangers" of Psycho Axe / Psycho Slinger (Ruling 16), the card
Shadow Binding leaves in hand and the hand cards a drain takes (Ruling 17).

A part of `HotgRules` (rules.py), which mixes these classes together: the questions here
are ordinary `Decision`s answered by ordinary actions (`Dice`, `Target`, `ChooseRanger`,
`Pick`, `UseAbility`, `Pass`).
"""

from __future__ import annotations

from ...engine import Event, Rejection, event
from . import models as m
from .models import Decision, NextAttack, State, Step
from .state_ops import _cat, _first_copies, _no, ask, bt, lead_seat, pl, seat_of, shared, upd

#: decisions this module puts, checks and answers (routed here by questions.py)
CHOICE_DECISIONS = frozenset({"reroll", "axe_dice", "optimism", "keep_one"})
#: `choose_target` questions whose answer this module resolves
CHOICE_TARGETS = frozenset({"second_attack", "star_hit"})
#: queued `ask` steps this module turns into questions
CHOICE_ASKS = frozenset({"second_attack", "axe_dice"})


def reroll_options(rolled: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every different set of dice one may reroll (dice showing the same face are alike, so
    the first ones of each face stand for them), leaving out the empty set (Pass)."""
    by_face: dict[int, list[int]] = {}
    for i, v in enumerate(rolled):
        by_face.setdefault(v, []).append(i)
    out: list[tuple[int, ...]] = [()]
    for face in sorted(by_face):
        idx = by_face[face]
        out = [acc + tuple(idx[:n]) for acc in out for n in range(len(idx) + 1)]
    return [tuple(sorted(x)) for x in out if x]


def pair_options(rolled: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Two dice of the roll, one pair per different pair of faces."""
    seen: set[tuple[int, int]] = set()
    out: list[tuple[int, ...]] = []
    for i in range(len(rolled)):
        for j in range(i + 1, len(rolled)):
            key = (min(rolled[i], rolled[j]), max(rolled[i], rolled[j]))
            if key not in seen:
                seen.add(key)
                out.append((i, j))
    return out


class ChoiceRules:
    # ------------------------------------------------------------------ candidates / check
    def _choice_candidates(self, s: State, d: Decision) -> list[m.Action]:
        if d.kind == "reroll":
            rolled = s.battle.attack.rolled if s.battle and s.battle.attack else ()
            return [shared(m.Pass), *(shared(m.Dice, dice=x) for x in reroll_options(rolled))]
        if d.kind == "axe_dice":
            return [shared(m.Dice, dice=x) for x in pair_options(s.battle.attack.rolled)]
        if d.kind == "optimism":
            return [m.UseAbility(ranger="ashley"), m.Pass()]
        if d.kind == "keep_one":
            return [m.Pick(card=c) for c in _first_copies(s.players[d.seat].hand)]
        return []

    def _check_choice(self, s: State, seat: int, a: m.Action, d: Decision) -> Rejection | None:
        att = s.battle.attack if s.battle else None
        n = len(att.rolled) if att else 0
        if d.kind == "reroll":
            if isinstance(a, m.Pass):
                return None
            if (
                not isinstance(a, m.Dice)
                or not a.dice
                or len(set(a.dice)) != len(a.dice)
                or any(not 0 <= i < n for i in a.dice)
            ):
                return _no(d.source, "Name the dice of this roll to reroll (each once), or pass.")
            if tuple(a.dice) not in reroll_options(att.rolled):
                return _no(
                    d.source,
                    "Dice showing the same face are alike: name the first ones of each face.",
                )
            return None
        if d.kind == "axe_dice":
            if (
                not isinstance(a, m.Dice)
                or len(a.dice) != 2
                or a.dice[0] == a.dice[1]
                or any(not 0 <= i < n for i in a.dice)
            ):
                return _no(
                    "Power Axe", "Pick 2 dice of the roll: their hits go to each adjacent card."
                )
            if tuple(a.dice) not in pair_options(att.rolled):
                return _no("Power Axe", "Dice showing the same face are alike: pick another pair.")
            return None
        if d.kind == "optimism":
            if isinstance(a, m.Pass) or (isinstance(a, m.UseAbility) and a.ranger == "ashley"):
                return None
            return _no("Optimism", "Gain 1 energy for this miss now, or keep Optimism (pass).")
        if d.kind == "keep_one":
            hand = s.players[d.seat].hand
            if not isinstance(a, m.Pick) or a.card not in hand:
                return _no(d.source, "Choose the one card of your hand you keep.")
            return None
        return _no("Moves", "Nothing to do now.")

    def _answer_choice(self, s: State, a: m.Action, d: Decision, ev: list[Event]) -> State:
        s = upd(s, decision=None)
        if d.kind == "reroll":
            if isinstance(a, m.Dice):
                att = s.battle.attack
                again, s = self._roll(s, len(a.dice))
                rolled = list(att.rolled)
                for i, v in zip(a.dice, again, strict=True):
                    rolled[i] = v
                s = bt(s, attack=upd(att, rolled=tuple(rolled)))
                ev.append(
                    event(
                        text=f"  {d.source}: {len(a.dice)} dice rerolled: {self._faces(again)}",
                        kind="dice",
                        barrier=True,
                    )
                )
            return self._ask_reroll(s, tuple(x for x in d.then.split("|") if x), ev)
        if d.kind == "axe_dice":
            att = s.battle.attack
            amount = sum(att.rolled[i] for i in a.dice)
            ev.append(event(text=f"  Power Axe: {amount} hit(s) to each adjacent card"))
            return self._splash_each(s, d.options, amount, att.seat, ev)
        if d.kind == "optimism":
            if isinstance(a, m.UseAbility):
                s = bt(s, used_abilities=(*s.battle.used_abilities, "ashley"))
                s = self._gain(s, 1)
                ev.append(event(text="  Optimism: a miss, +1 energy", kind="battle"))
            return self._open_window(s, "roll_miss", ev)
        # keep_one
        p = s.players[d.seat]
        gone = list(p.hand)
        gone.remove(a.card)
        cat = _cat(s)
        ev.append(
            event(
                text=f"{d.source}: {p.name} keeps 1 card and discards "
                + ", ".join(cat.card(c).name for c in gone),
                kind="enemy",
                seat=d.seat,
            )
        )
        return pl(s, d.seat, hand=(a.card,), discard=(*p.discard, *gone))

    # ------------------------------------------------------------------ rerolls (Ruling 22)
    def _reroll_sources(self, s: State) -> tuple[str, ...]:
        """Who lets this attack reroll: its card, Take Aim or Leadership; Hot Blooded."""
        att = s.battle.attack
        cat = _cat(s)
        out = []
        if att.reroll:
            card = cat.card(att.card) if att.card else None
            own = card is not None and any(e.do == "reroll_dice" for e in card.effects)
            out.append(card.name if own else "Reroll")
        p = s.players[att.seat]
        if "carlos" in p.rangers and len(p.hand) <= 2:
            out.append("Hot Blooded")
        return tuple(out)

    def _ask_reroll(self, s: State, sources: tuple[str, ...], ev: list[Event]) -> State:
        """Ask the attacker which dice to reroll, once per source; then the roll stands."""
        att = s.battle.attack
        if not sources or not att.rolled or att.dice_to_hits:
            return self._roll_done(s, ev)
        src, rest = sources[0], sources[1:]
        return ask(
            s,
            att.seat,
            "reroll",
            source=src,
            then="|".join(rest),
            prompt=f"{src}: reroll any of these dice ({self._faces(att.rolled)}), or pass",
        )

    def _roll_done(self, s: State, ev: list[Event]) -> State:
        """The roll is final: log it; a miss wakes Optimism and the roll-miss reactions."""
        att = s.battle.attack
        rolled = att.rolled
        s = bt(s, last_roll=rolled)
        ev.append(
            event(
                text=f"  roll {self._faces(rolled)} + {att.hits} fixed",
                kind="dice",
                barrier=True,
                data={"dice": list(rolled), "fixed": att.hits},
            )
        )
        if att.die_for_hits and rolled:
            # Mega V3, "after rolling": 1 die off for +2 hits. The lowest die: 2 hits are
            # never fewer than one die shows, so no other pick (nor passing) does better
            k = rolled.index(min(rolled))
            s = bt(
                s,
                attack=upd(
                    att,
                    rolled=rolled[:k] + rolled[k + 1 :],
                    hits=att.hits + att.die_for_hits,
                    die_for_hits=0,
                ),
            )
            ev.append(
                event(
                    text=f"  Mega V3: the {self._faces((rolled[k],))} die is removed for "
                    f"+{att.die_for_hits} hits",
                    kind="battle",
                )
            )
        if 0 not in rolled:  # the roll showed a miss, before Mega V3 took a die
            return s
        if "ashley" in self._rangers_in_battle(s) and "ashley" not in s.battle.used_abilities:
            who = seat_of(s, "ashley")
            return ask(
                s,
                who,
                "optimism",
                source="Optimism",
                prompt="Optimism (once per battle): this roll has a miss - gain 1 energy "
                "now, or keep it for a later miss?",
            )
        return self._open_window(s, "roll_miss", ev)

    # ------------------------------------------------------------------ attack follow-ups
    def _choice_ask(self, s: State, step: Step, ev: list[Event]) -> State:
        """A queued Sabertooth Strike second attack or Power Axe splash reaches the front."""
        b = s.battle
        if step.ref == "second_attack":
            free = shared(NextAttack)
            opts = tuple(
                k for k in range(len(b.slots)) if self._check_target(s, k, free, step.seat) is None
            )
            if not opts:
                return s
            return ask(
                s,
                step.seat,
                "choose_target",
                options=opts,
                amount=step.amount,
                limit=1,
                optional=True,
                then="second_attack",
                source=step.source,
                prompt=f"{step.source}: the target is defeated - make a second attack with "
                f"{step.amount} dice at an enemy card of your choice, or pass",
            )
        # axe_dice: Power Axe, the two dice whose hits go to each adjacent card
        adj = tuple(k for k in self._adjacent(s, step.slot) if not b.slots[k].defeated)
        rolled = b.attack.rolled
        if not adj:
            return s
        pairs = pair_options(rolled)
        if len(pairs) <= 1:  # nothing to choose: all the dice, or both of two
            amount = sum(sorted(rolled, reverse=True)[:2])
            return self._splash_each(s, adj, amount, step.seat, ev)
        return ask(
            s,
            step.seat,
            "axe_dice",
            options=adj,
            source=step.source,
            prompt=f"{step.source}: pick 2 dice of the roll ({self._faces(rolled)}); their "
            "hits go to each card adjacent to the target",
        )

    def _splash_each(
        self, s: State, slots: tuple[int, ...], amount: int, seat: int, ev: list[Event]
    ) -> State:
        for k in slots:
            if s.battle is None or s.outcome:
                return s
            if not s.battle.slots[k].defeated:
                s = self._deal_hits(s, k, amount, seat, ev)
        return s

    def _choice_target(self, s: State, d: Decision, slot: int, ev: list[Event]) -> State:
        """A `choose_target` answer for a second attack or a ★ hit."""
        if d.then == "second_attack":
            rolled, s = self._roll(s, d.amount)
            name = _cat(s).enemy_card(s.battle.slots[slot].card).name
            ev.append(
                event(
                    text=f"  {d.source}: second attack on {name}: {self._faces(rolled)}",
                    kind="dice",
                    barrier=True,
                )
            )
            return self._deal_hits(s, slot, sum(rolled), d.seat, ev)
        # star_hit: Counter Jab's ★ hit, then the rest of the reveal
        name = _cat(s).enemy_card(s.battle.slots[slot].card).name
        ev.append(event(text=f"  ★ {d.source}: {d.amount} hit on {name}", kind="defense"))
        s = self._deal_hits(s, slot, d.amount, d.seat, ev)
        held = d.held
        if s.battle is None or s.outcome or held is None:
            return s
        return self._reveal_effects(s, held, int(held.picked[0]), held.limit, ev)

    def _star_hit(
        self, s: State, held: Decision, k: int, n: int, shields: int, ev: list[Event]
    ) -> tuple[State, bool]:
        """★ "deal N hits to an enemy card of your choice": asked when there is a choice.
        Returns (state, asked)."""
        b = s.battle
        live = tuple(i for i, sl in enumerate(b.slots) if not sl.defeated)
        if not live:
            return s, False
        name = _cat(s).card(held.card).name
        if len(live) == 1:
            ev.append(event(text=f"  ★ {name}: {n} hit", kind="defense"))
            return self._deal_hits(s, live[0], n, held.seat, ev), False
        resume = upd(held, picked=(str(k + 1),), limit=shields)
        return (
            ask(
                s,
                held.seat,
                "choose_target",
                options=live,
                amount=n,
                limit=1,
                then="star_hit",
                source=name,
                held=resume,
                prompt=f"★ {name}: give {n} hit to an enemy card of your choice",
            ),
            True,
        )

    # ------------------------------------------------------------------ enemy effects
    def _ask_three_different(
        self, s: State, what: str, src: str, picked: tuple[str, ...], ev: list[Event]
    ) -> State:
        """Psycho Axe / Psycho Slinger: "3 different Rangers" each discard; with more than 3
        Rangers in the battle the team names them (the lead Ranger's player is asked)."""
        b = s.battle
        if s.outcome or b is None or len(picked) >= 3:
            return s
        left: list[int] = []
        for i in b.participants:
            if picked.count(str(i)) < len(s.players[i].rangers):
                left.append(i)
        if not left:
            return s
        lead = lead_seat(b)
        n = 3 - len(picked)
        return upd(
            s,
            decision=Decision(
                kind="choose_ranger",
                asked=(lead,),
                options=tuple(left),
                then="three_different",
                trigger=what,
                picked=picked,
                source=src,
                prompt=f"{src}: which Ranger discards ({what.replace('_', ' ')})? "
                f"{n} more of 3 different Rangers",
            ),
        )

    def _three_different_pick(self, s: State, d: Decision, seat: int, ev: list[Event]) -> State:
        s = self._enemy_discard(s, seat, d.trigger, d.source, ev)
        return self._ask_three_different(s, d.trigger, d.source, (*d.picked, str(seat)), ev)

    def _ask_keep_one(self, s: State, i: int, src: str, ev: list[Event]) -> State | None:
        """Shadow Binding (2nd printing): the Ranger keeps 1 card of their choice. None when
        there is nothing to choose (the hand holds copies of one card at most)."""
        p = s.players[i]
        if len(_first_copies(p.hand)) <= 1:
            return None
        return ask(
            s,
            i,
            "keep_one",
            source=src,
            prompt=f"{src}: keep 1 card of your choice; the rest of your hand is discarded",
        )

    def _drain_stored(self, s: State, n: int, src: str, ev: list[Event]) -> State:
        """§5.5 Draining, step 2: stored energy of the Rangers in the battle pays what the
        pool could not. The team names whose goes, one energy at a time (the lead Ranger's
        player is asked); no question when one Ranger holds it or all of it goes anyway.
        Then step 3 (`_drain_cards`) for whatever is still owed."""
        b = s.battle
        if n <= 0 or s.outcome or b is None:
            return s
        holders = tuple(i for i in b.participants if s.players[i].stored)
        if len(holders) > 1 and sum(s.players[i].stored for i in holders) > n:
            lead = lead_seat(b)
            return upd(
                s,
                decision=Decision(
                    kind="drain_stored",
                    asked=(lead,),
                    options=holders,
                    amount=n,
                    source=src,
                    prompt=f"{src}: {n} energy still owed - whose stored energy goes next?",
                ),
            )
        for i in holders:
            while n and s.players[i].stored:
                s = self._drain_one_stored(s, i, src, ev)
                n -= 1
        return self._drain_cards(s, n, src, ev)

    def _drain_one_stored(self, s: State, seat: int, src: str, ev: list[Event]) -> State:
        p = s.players[seat]
        ev.append(event(text=f"  {p.name} loses 1 stored energy ({src})", seat=seat))
        return pl(s, seat, stored=p.stored - 1)

    def _drain_cards(self, s: State, n: int, src: str, ev: list[Event]) -> State:
        """§5.5 Draining, step 3: for each energy still owed a Ranger in the battle discards a
        card from hand; the team names the Ranger (the lead Ranger's player is asked) and
        that Ranger's player picks the card."""
        b = s.battle
        if n <= 0 or s.outcome or b is None:
            return s
        holders = tuple(i for i in b.participants if s.players[i].hand)
        if not holders:
            return s
        if len(holders) == 1:
            return self._drain_from(s, holders[0], n, src, ev)
        lead = lead_seat(b)
        return upd(
            s,
            decision=Decision(
                kind="choose_ranger",
                asked=(lead,),
                options=holders,
                then="drain",
                amount=n,
                source=src,
                prompt=f"{src}: {n} energy still owed - which Ranger discards a card from hand?",
            ),
        )

    def _drain_from(self, s: State, seat: int, n: int, src: str, ev: list[Event]) -> State:
        """`seat` discards the drain's next card: of their choice when the hand offers one."""
        p = s.players[seat]
        if len(_first_copies(p.hand)) <= 1:
            c = p.hand[0]
            s = pl(s, seat, hand=p.hand[1:], discard=(*p.discard, c))
            ev.append(event(text=f"  {p.name} discards {_cat(s).card(c).name} ({src})", seat=seat))
            return self._drain_cards(s, n - 1, src, ev)
        s = self._ask_discard(s, seat, 1, src, then="drain")
        return upd(s, decision=upd(s.decision, limit=n - 1))
