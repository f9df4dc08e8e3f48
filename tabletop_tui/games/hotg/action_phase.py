"""Heroes of the Grid: the Action Phase (base rules §4.2): MOVE, RECOVER, the end of the round;
Zords, abilities, draws and the experience track (§6).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event, replace_at
from . import models as m
from .models import (
    HQ,
    Decision,
    State,
)
from .state_ops import (
    EXPERIENCE_MAX,
    _cat,
    add_fs,
    ask,
    best_value,
    bt,
    hand_size,
    loc_index,
    pl,
    seat_of,
    set_loc,
    upd,
)


def _b_side(s: State, loc: str) -> bool:
    """Is `loc` an outer location played on its B side (whose effect may act on a move)?"""
    for lo in s.locations:
        if lo.id == loc:
            return lo.side_b
    return False


class ActionPhaseRules:
    def _move(self, s: State, seat: int, a: m.Move, ev: list[Event]) -> State:
        cat = _cat(s)
        p = s.players[seat]
        where = "the Command Center" if a.to == HQ else cat.locations[a.to].name
        if s.config.headquarters == "astro_megaship" and a.to == HQ:
            where = "the Astro Megaship"
        if _b_side(s, p.location) or _b_side(s, a.to):  # a B side may act on the move
            s = pl(s, seat, tokens=p.tokens - 1)
            ev.append(event(text=f"{p.name} moves to {where}", seat=seat))
            return self._move_on(s, seat, a.to, a.power_up, "from", ev)
        # the same state, the player copied once
        s = pl(s, seat, tokens=p.tokens - 1, location=a.to)
        ev.append(event(text=f"{p.name} moves to {where}", seat=seat))
        return self._move_on(s, seat, a.to, a.power_up, "arrived", ev)

    def _move_on(
        self, s: State, seat: int, to: str, power_up: bool, stage: str, ev: list[Event]
    ) -> State:
        """The rest of a move from `stage`: "from" (the B side left acts), "to" (the Ranger
        arrives, the B side reached acts), "arrived" (power up, the Astro Megaship, the hand
        size). A Surf Spot question stops it; its answer comes back here (`then`)."""
        if stage == "from":
            s = self._location_move_effect(s, seat, s.players[seat].location, ev, to, power_up)
            if s.decision is not None:
                return s
            stage = "to"
        if stage == "to":
            s = pl(s, seat, location=to)
            s = self._location_move_effect(s, seat, to, ev, to, power_up)
            if s.outcome or s.decision is not None:
                return s
        if power_up:
            s = self._power_up(s, seat, ev)
        if to == HQ and s.config.headquarters == "astro_megaship":
            ev.append(event(text="Astro Megaship: a free RECOVER", seat=seat))
            return self._begin_recover(s, seat, ev)
        return self._trim_hand(s, seat, ev)

    def _location_move_effect(
        self, s: State, seat: int, loc: str, ev: list[Event], to: str, power_up: bool
    ) -> State:
        i = loc_index(s, loc)
        if i < 0 or not s.locations[i].side_b:
            return s
        effect = _cat(s).locations[loc].b_effect
        p = s.players[seat]
        if effect == "move_discard_top" and p.deck:
            ev.append(event(text=f"K0-35: {p.name} discards the top card of their deck", seat=seat))
            s = pl(s, seat, deck=p.deck[1:], discard=(*p.discard, p.deck[0]))
            return self._check_defeat(s, seat, ev)
        if effect == "move_discard_to_bottom" and p.discard:
            if not power_up:  # "may": which card, or none, is the mover's pick
                return ask(
                    s,
                    seat,
                    "surf_spot",
                    trigger=to,
                    then="from" if loc != to else "to",
                    source="Surf Spot",
                    prompt="Surf Spot: put a card from your discard pile on the bottom of "
                    "your deck, or pass",
                )
            # powering up shuffles the discard pile into the deck anyway: no question
            return self._surf_spot_card(s, seat, max(p.discard, key=lambda c: best_value(s, c)), ev)
        return s

    def _surf_spot_card(self, s: State, seat: int, card: str, ev: list[Event]) -> State:
        p = s.players[seat]
        d = list(p.discard)
        d.remove(card)
        ev.append(
            event(
                text=f"Surf Spot: {p.name} puts a discarded card on the bottom of their deck",
                seat=seat,
            )
        )
        return pl(s, seat, discard=tuple(d), deck=(*p.deck, card))

    def _power_up(self, s: State, seat: int, ev: list[Event]) -> State:
        p = s.players[seat]
        cards, rng = s.rng.shuffled(p.deck + p.hand + p.discard)
        hs = hand_size(s, seat)
        p = upd(
            p,
            hand=cards[:hs],
            deck=cards[hs:],
            discard=(),
            stored=max(p.stored, 1) if len(p.rangers) == 1 else len(p.rangers),
        )
        # (the shuffle and the player in one copy of the state)
        s = upd(s, rng=rng, players=replace_at(s.players, seat, p))
        ev.append(
            event(
                text=f"{p.name} powers up: shuffles, draws {hs}, stores energy",
                seat=seat,
                barrier=True,
            )
        )
        return s

    def _trim_hand(
        self, s: State, seat: int, ev: list[Event], then: str = "", rest: tuple[int, ...] = ()
    ) -> State:
        """Angel Grove High B: the player discards down to the lower hand size, choosing the
        cards (`then="prep"`: the preparation draws of `rest` follow)."""
        p = s.players[seat]
        hs = hand_size(s, seat)
        if len(p.hand) <= hs:
            return s
        n = len(p.hand) - hs
        ev.append(
            event(
                text=f"Angel Grove High: {p.name} discards {n} card(s) down to {hs}",
                seat=seat,
            )
        )
        return self._ask_discard(s, seat, n, "Angel Grove High", then=then, rest=rest)

    def _ask_discard(
        self,
        s: State,
        seat: int,
        n: int,
        why: str,
        then: str = "",
        rest: tuple[int, ...] = (),
    ) -> State:
        """Discard `n` cards of the player's choice from hand, one at a time."""
        p = s.players[seat]
        n = min(n, len(p.hand))
        if n <= 0:
            return s
        return ask(
            s,
            seat,
            "discard_from_hand",
            amount=n,
            source=why,
            then=then,
            options=rest,
            prompt=f"{why}: discard {n} card{'s' if n != 1 else ''} of your choice from "
            "your hand, one at a time",
        )

    def _begin_recover(self, s: State, seat: int, ev: list[Event]) -> State:
        p = s.players[seat]
        i = loc_index(s, p.location)
        limit = (
            9
            if i >= 0
            and s.locations[i].side_b
            and _cat(s).locations[p.location].b_effect == "recover_9"
            else 6
        )
        ev.append(event(text=f"{p.name} RECOVERs (cards worth up to {limit} shields)", seat=seat))
        if not p.discard:
            return self._finish_recover(s, seat, (), ev)
        return ask(
            s,
            seat,
            "recover",
            limit=limit,
            prompt=f"RECOVER: pick discarded cards worth up to {limit} shields",
        )

    def _finish_recover(
        self, s: State, seat: int, picked: tuple[str, ...], ev: list[Event]
    ) -> State:
        p = s.players[seat]
        discard = list(p.discard)
        for c in picked:
            discard.remove(c)
        deck, rng = s.rng.shuffled(p.deck + picked)
        cap = len(p.rangers)
        p = upd(p, deck=deck, discard=tuple(discard), stored=cap if p.stored < cap else p.stored)
        # the shuffle, the player and the answered question in one copy of the state
        s = upd(s, rng=rng, players=replace_at(s.players, seat, p), decision=None)
        ev.append(
            event(
                text=f"{p.name} shuffles {len(picked)} card(s) into their deck and stores energy",
                seat=seat,
                barrier=True,
            )
        )
        if s.config.headquarters == "astro_megaship" and p.location == HQ:
            return upd(
                s,
                decision=Decision(
                    kind="strategize",
                    asked=(seat,),
                    prompt="Astro Megaship: strategize? Choose a Ranger in any location "
                    "(they draw up to 3, then put as many on top), or pass",
                ),
            )
        return s

    def _end_round(self, s: State, ev: list[Event]) -> State:
        cat = _cat(s)
        if s.config.headquarters == "command_center_assault" and (s.hq_enemies or s.hq_villains):
            return self._lose(
                s, "Enemies hold the Command Center at the end of the Action Phase.", ev
            )
        # Angel Grove Park B: 1 foot soldier moves clockwise (Ruling 9: before the refresh)
        for i, lo in enumerate(s.locations):
            if lo.side_b and cat.locations[lo.id].b_effect == "end_round_fs_moves" and lo.fs:
                kinds = [f for f, n in lo.fs if n > 0]
                room = any(not s.locations[(i + k) % 4].panicked for k in range(1, 4))
                if len(kinds) > 1 and room:  # which type moves is the team's pick
                    names = " or ".join(cat.decks[f].name for f in kinds)
                    return upd(
                        s,
                        decision=Decision(
                            kind="park_figure",
                            asked=(s.focus,),
                            trigger=lo.id,
                            prompt=f"{cat.locations[lo.id].name}: which foot soldier moves on "
                            f"to the next location clockwise ({names})?",
                        ),
                    )
                s = self._park_moves(s, i, kinds[0], ev)
                if s.outcome:
                    return s
        return self._end_round_rest(s, ev)

    def _park_moves(self, s: State, i: int, kind: str, ev: list[Event]) -> State:
        """Angel Grove Park B: a `kind` figure from location `i` to the next clockwise
        location not panicked (none moves if every other one is)."""
        cat = _cat(s)
        for k in range(1, 4):
            j = (i + k) % 4
            if not s.locations[j].panicked:
                s = set_loc(s, i, fs=add_fs(s.locations[i].fs, kind, -1))
                if not s.locations[i].figures and not s.locations[i].locked_full:
                    s = set_loc(s, i, panicked=False)
                ev.append(
                    event(
                        text=f"Angel Grove Park: 1 {cat.decks[kind].name} moves to "
                        f"{cat.locations[s.locations[j].id].name}",
                    )
                )
                return self._place_fs(s, s.locations[j].id, kind, 1, ev)
        return s

    def _end_round_rest(self, s: State, ev: list[Event]) -> State:
        """The end of the round after Angel Grove Park B: the Psychos go back to their
        Rangers, the tokens refresh, the next Deployment Phase."""
        if s.config.mode == "psycho_assault":  # after the boss deployment too (Ruling PA4)
            s = self._assault_move_back(s, ev)
        # (a player or the power track with nothing to refresh is kept as it is)
        players = tuple(
            [p if p.tokens == p.max_tokens else upd(p, tokens=p.max_tokens) for p in s.players]
        )
        # (the refresh and the Deployment Phase's start in one copy of the state)
        return self._deployment_phase(
            s,
            ev,
            players=players,
            hq_tokens=s.hq_tokens_max,
            power=upd(s.power, exhausted=()) if s.power.exhausted else s.power,
            round=s.round + 1,
        )

    def _use_zord(self, s: State, seat: int, a: m.UseZord, ev: list[Event]) -> State:
        cat = _cat(s)
        zd = self._zord_def(s, a.zord)
        p = s.players[seat]
        if a.zord != "mega_voyager":
            s = upd(s, power=upd(s.power, exhausted=(*s.power.exhausted, a.zord)))
        ev.append(event(text=f"{p.name} uses {zd.name}", seat=seat))
        ab = zd.ability
        if ab == "next_attack_dice":
            return bt(s, buffs=upd(s.battle.buffs, dice=s.battle.buffs.dice + zd.n))
        if ab == "next_attack_hits":
            return bt(s, buffs=upd(s.battle.buffs, die_for_hits=zd.n))
        if ab == "battle_energy":  # Mega V1: the maneuver or reaction just played
            owner, played = s.battle.mega_v1_card
            s = bt(self._gain(s, zd.n), mega_v1_card=None)
            if played not in s.players[owner].discard:  # (gone to the deck top, say)
                return s
            name = _cat(s).card(played).name
            return ask(
                s,
                owner,
                "bottom_deck",
                card=played,
                held=s.decision,
                source=zd.name,
                prompt=f"{zd.name}: put {name} on the bottom of your deck instead of "
                "the discard pile?",
            )
        if ab == "energy_and_draw":  # Mega V4, at any time: any Ranger may draw any number
            if s.battle is not None:  # outside a battle there is no pool: the energy is lost
                s = self._gain(s, zd.n)
            options = tuple(range(len(s.players)))
            return upd(
                s,
                decision=Decision(
                    kind="choose_ranger",
                    asked=(seat,),
                    options=options,
                    then="draw_more",
                    source=zd.name,
                    prompt=f"{zd.name}: which Ranger may draw any number of cards?",
                ),
            )
        if ab == "battle_draw":  # Saber-Toothed Tiger: each Ranger here may draw up to n
            return self._ask_draw_more(
                s, tuple(s.battle.participants), zd.n, None, zd.name, per_ranger=True
            )
        if ab == "discard_to_top":  # Triceratops: up to n, in any order
            return self._ask_to_top(s, seat, zd.n, zd.name, optional=True)
        if ab == "cycle_discard":  # Mega V2: discard up to 2, then twice as many on top
            if not p.hand:
                return s
            return ask(
                s,
                seat,
                "discard_some",
                amount=2,
                optional=True,
                source=zd.name,
                prompt=f"{zd.name}: discard up to 2 cards from your hand (then put twice "
                "as many from your discard pile on top of your deck)",
            )
        if ab == "fs_to_experience":
            i = loc_index(s, a.location)
            lo = s.locations[i]
            s = set_loc(s, i, fs=add_fs(lo.fs, a.figure, -1))  # the team's pick
            if s.locations[i].figures == 0 and not s.locations[i].locked_full:
                s = set_loc(s, i, panicked=False)
            # after the Megazord the track is no longer used: the figure goes to the supply
            where = "the supply" if s.power.megazord else "the experience track"
            ev.append(
                event(
                    text=f"Mastodon: a {cat.decks[a.figure].name} figure leaves "
                    f"{cat.locations[lo.id].name} for {where}",
                )
            )
            return self._gain_experience(s, 1, ev)
        if ab == "megazord_token":
            ev.append(event(text=f"The Megazord token moves to {cat.locations[a.location].name}"))
            return upd(s, power=upd(s.power, megazord_token=a.location))
        if ab in ("reduce_damage", "voyager_shield"):
            cut = 3 if ab == "voyager_shield" else zd.n
            if ab == "voyager_shield":
                s = upd(s, power=upd(s.power, voyager=s.power.voyager - 1))
            return self._reduce_damage(s, cut, ev)
        return s  # pragma: no cover

    def _use_ability(self, s: State, seat: int, ranger: str, ev: list[Event]) -> State:
        cat = _cat(s)
        r = cat.rangers[ranger]
        s = bt(s, used_abilities=(*s.battle.used_abilities, ranger))
        ev.append(event(text=f"{r.name}: {r.ability_name}", seat=seat))
        b = s.battle
        if r.ability == "leadership":
            return bt(s, buffs=upd(b.buffs, reroll=True))
        if r.ability == "covert_tactics":
            return bt(s, buffs=upd(b.buffs, ignore_guard=True))
        if r.ability == "level_headed":
            return bt(s, buffs=upd(b.buffs, dice_for_hits=2))
        if r.ability in ("strategize", "ready_to_rock"):
            # "a chosen Ranger" / "any Ranger": the player names one in the battle
            options = tuple(i for i in b.participants if s.players[i].deck)
            what = (
                "draws 1, then puts a card from hand on top"
                if r.ability == "strategize"
                else "discards the top card of their deck, then puts any discard on top"
            )
            return upd(
                s,
                decision=Decision(
                    kind="choose_ranger",
                    asked=(seat,),
                    options=options,
                    then=r.ability,
                    source=r.ability_name,
                    prompt=f"{r.ability_name}: which Ranger {what}?",
                ),
            )
        return s

    def _ask_hand_to_top(self, s: State, seat: int, why: str) -> State:
        if not s.players[seat].hand:
            return s
        return ask(
            s,
            seat,
            "hand_to_top",
            amount=1,
            source=why,
            prompt=f"{why}: put a card from your hand on top of your deck",
        )

    def _can_draw(self, s: State, seat: int, hand_cap: bool, anyone: bool = False) -> bool:
        """`anyone`: any Ranger, in the battle or not, in a battle or not (Mega V4)."""
        p = s.players[seat]
        return (
            s.outcome is None
            and (anyone or (s.battle is not None and seat in s.battle.participants))
            and bool(p.deck)
            and (not hand_cap or len(p.hand) < hand_size(s, seat))
        )

    def _ask_tutor(self, s: State, seat: int, why: str) -> State:
        if not s.players[seat].deck:
            return s
        return ask(
            s,
            seat,
            "tutor",
            source=why,
            prompt=f"{why}: take a card of your choice from your deck (it is then "
            "shuffled), or pass",
        )

    def _ask_to_top(self, s: State, seat: int, n: int, why: str, optional: bool) -> State:
        """Put `n` (`optional`: up to n) discarded cards on top of the deck, one at a time
        in the order chosen (the last one ends on top)."""
        if n <= 0 or not s.players[seat].discard:
            return s
        return ask(
            s,
            seat,
            "to_top",
            amount=n,
            optional=optional,
            source=why,
            prompt=f"{why}: put {'up to ' if optional else ''}{n} card(s) from your discard "
            "pile on top of your deck, one at a time (the last ends on top)",
        )

    def _ask_draw_more(
        self,
        s: State,
        seats: tuple[int, ...],
        allowance: int,
        held: Decision | None,
        why: str,
        hand_cap: bool = False,
        anyone: bool = False,
        per_ranger: bool = False,
    ) -> State:
        """Each of `seats` in turn may draw one card at a time, up to `allowance` cards
        (0: any number; `hand_cap`: up to the hand size), and stop whenever they like;
        the question this interrupted (`held`) comes back after."""
        seats = tuple(i for i in seats if self._can_draw(s, i, hand_cap, anyone))
        if not seats:
            return upd(s, decision=held)
        # "each Ranger": a player with two Rangers draws for both (Ruling 5)
        amount = allowance * len(s.players[seats[0]].rangers) if per_ranger else allowance
        return upd(
            s,
            decision=Decision(
                kind="draw_more",
                asked=seats,
                seat=seats[0],
                amount=amount,
                limit=allowance,
                hand_cap=hand_cap,
                anyone=anyone,
                per_ranger=per_ranger,
                held=held,
                source=why,
                prompt=f"{why}: draw a card, or stop" + (f" (up to {amount})" if allowance else ""),
            ),
        )

    def _draw(self, s: State, seat: int, n: int, ev: list[Event]) -> State:
        p = s.players[seat]
        n = min(n, len(p.deck))
        if n <= 0:
            return s
        s = pl(s, seat, hand=p.hand + p.deck[:n], deck=p.deck[n:])
        ev.append(event(text=f"{p.name} draws {n}", seat=seat, barrier=True))
        return self._check_defeat(s, seat, ev)

    def _gain_experience(self, s: State, n: int, ev: list[Event]) -> State:
        if s.power.megazord:
            return s
        for _ in range(n):
            xp = s.power.experience + 1
            if xp >= EXPERIENCE_MAX:
                s = upd(s, power=upd(s.power, experience=0))
                ev.append(event(text="The experience track is full", kind="zord"))
                s = self._summon_zord(s, ev)
            else:
                s = upd(s, power=upd(s.power, experience=xp))
        return s

    def _summon_zord(self, s: State, ev: list[Event]) -> State:
        cat = _cat(s)
        pw = s.power
        if not pw.zord_deck or pw.megazord:
            return s
        z, rest = pw.zord_deck[0], pw.zord_deck[1:]
        s = upd(s, power=upd(pw, zord_deck=rest, level=pw.level + 1))
        if z in cat.megazords:
            s = upd(
                s,
                power=upd(
                    s.power, megazord=z, experience=0, voyager=5 if z == "mega_voyager" else 0
                ),
            )
            ev.append(
                event(
                    text=f"The {cat.megazords[z].name} is summoned! Any Ranger may use it.",
                    kind="zord",
                    barrier=True,
                )
            )
            return s
        owner = seat_of(s, cat.zords[z].ranger or "")
        if owner < 0:  # its Ranger is not playing: the team names who receives it (§6)
            ev.append(
                event(
                    text=f"Zord summoned: {cat.zords[z].name}, for the Ranger the team names",
                    kind="zord",
                    barrier=True,
                )
            )
            return upd(s, power=upd(s.power, unclaimed=(*s.power.unclaimed, z)))
        return self._give_zord(s, owner, z, ev)

    def _give_zord(self, s: State, owner: int, z: str, ev: list[Event]) -> State:
        cat = _cat(s)
        s = pl(s, owner, zords=(*s.players[owner].zords, z))
        ev.append(
            event(
                text=f"Zord summoned: {cat.zords[z].name} joins {s.players[owner].name}",
                kind="zord",
                barrier=True,
            )
        )
        return s

    def _zord_receivers(self, s: State) -> tuple[int, ...]:
        """The players who may receive an unclaimed Zord, the suggested one first: the
        fewest Zords, then seat order (the pick the engine used to make)."""
        return tuple(sorted(range(len(s.players)), key=lambda i: (len(s.players[i].zords), i)))

    def _ask_unclaimed(self, s: State) -> State:
        """A Zord whose Ranger is not in the game (§6: the team's choice of Ranger): once
        the work in hand has settled, the player acting for the team names who receives
        it."""
        z = s.power.unclaimed[0]
        return upd(
            s,
            decision=Decision(
                kind="give_zord",
                asked=(s.focus,),
                options=self._zord_receivers(s),
                source=z,
                prompt=f"{_cat(s).zords[z].name} is summoned and its Ranger is not in the "
                "game: which player receives it?",
            ),
        )
