"""A cooperative heuristic bot for Heroes of the Grid: it plays whichever seat the team
hands it, from that seat's View and the legal actions only.

Action phase (the seat acting for the team):
1. battle where it stands when enemies are there and its deck can take a few hits;
2. otherwise move to the location that most needs Rangers (nearly full, holding a monster
   or the boss, or panicked with only foot soldiers left to clear), powering up at the
   Command Center when the deck runs thin;
3. RECOVER when the deck is thin and nothing is worth a move;
4. hand the turn to the next teammate with tokens; end the phase when nobody has any.

Battles: draw to a safe hand size, use Zords and abilities that add dice or energy, then
play the attack with the best chance to defeat the most dangerous card still to resolve
(or the biggest expected damage); reactions that cut damage are played when damage is
big enough, damage goes to the Ranger with the deepest deck.
"""

from __future__ import annotations

import random

from .models import (
    ChooseRanger,
    Draw,
    EndPhase,
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Move,
    Pass,
    Pick,
    PlayCard,
    Recover,
    StartBattle,
    UseAbility,
    UseZord,
    View,
)

HIT_PER_DIE = 0.83
PAIR_BONUS = 1.0
READY = 3
THREAT = {"FAST": 1.0}


class HotgBot:
    name = "heuristic"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        if view.mastermind_seat == seat:  # Mastermind Mode: the evil seat has its own bot
            from .mastermind_bot import HotgMastermindBot

            return HotgMastermindBot().choose(view, legal, seat, rng)
        d = view.decision
        if d is not None:
            return self._decision(view, legal, seat)
        if view.phase == "action":
            return self._action_phase(view, legal, seat)
        if view.phase == "battle":
            return self._battle(view, legal, seat)
        return legal[0]

    # ------------------------------------------------------------------ decisions
    def _decision(self, v: View, legal: list, seat: int):
        d = v.decision
        me = v.players[seat]
        kinds = {a.kind for a in legal}
        if d.kind == "assign_damage":
            best = max(d.options, key=lambda i: (v.players[i].deck_count, -i))
            return ChooseRanger(seat=best)
        if d.kind == "prep_draw":
            room = max(a.count for a in legal if isinstance(a, Draw))
            keep = 4 if me.deck_count > 7 else 3
            n = max(0, min(room, me.deck_count - keep))
            return Draw(count=n)
        if d.kind == "recover":
            picks = [a for a in legal if isinstance(a, Pick)]
            if not picks:
                return Pass()
            cards = {c.id: c for c in me.discard}
            best = max(picks, key=lambda a: (cards[a.card].shields, cards[a.card].dice))
            return best
        if d.kind == "cyber_slash":
            picks = [a for a in legal if isinstance(a, Pick)]
            if picks and d.amount >= 3 and me.hand is not None:
                cards = {c.id: c for c in me.hand}
                return min(picks, key=lambda a: (cards[a.card].shields, cards[a.card].dice))
            return Pass()
        plays = [a for a in legal if isinstance(a, PlayCard)]
        hand = {c.id: c for c in (me.hand or ())}
        if d.kind == "damage_window":
            if d.amount >= 2:
                if plays:
                    return max(plays, key=lambda a: hand[a.card].shields if a.card in hand else 0)
                zords = [a for a in legal if isinstance(a, UseZord)]
                if zords:
                    return zords[0]
            return Pass()
        if d.kind == "reveal_window":
            card = d.card
            for a in plays:
                c = hand.get(a.card)
                if c is None:
                    continue
                if c.trigger == "any_reveal" and card and 0 < card.shields < d.amount:
                    return a
                if c.trigger == "own_reveal" and card and card.type == "attack" and card.dice >= 3:
                    return a
            return Pass()
        if plays and d.kind == "reaction_window":
            return plays[0]
        if "pass" in kinds:
            return Pass()
        return legal[0]

    # ------------------------------------------------------------------ action phase
    def _loc_score(self, v: View, loc) -> float:
        """How much a location needs Rangers now."""
        if loc.figures == 0:
            return -1.0
        free = loc.figure_limit - loc.figures
        if not loc.panicked:
            score = 2.0 + loc.figures / loc.figure_limit * 2 + (2.0 if free <= 2 else 0.0)
        elif not loc.villains:
            score = 4.5 - 0.6 * max(0, loc.figures - 4)  # one battle may clear it: no more panic
        else:
            score = 1.5 + 0.3 * sum(n for _, n in loc.foot_soldiers)
        if loc.villains:
            score += 1.0
            if v.boss in loc.villains or (
                v.boss == "psycho_rangers" and any(n.id in loc.villains for n in v.nemeses)
            ):
                score += 2.0 + (1.0 if v.boss_progress >= 2 else 0.0)
        return score

    def _action_phase(self, v: View, legal: list, seat: int):
        me = v.players[seat]
        legal_keys = {repr(a) for a in legal}
        # Zords outside battle
        order = sorted(v.locations, key=lambda lo: -self._loc_score(v, lo))
        for a in legal:
            if not isinstance(a, UseZord):
                continue
            if a.zord in ("mastodon", "dino_megazord") and order and a.location == order[0].id:
                return a
            if a.zord in ("triceratops", "mega_v2") and len(me.discard) >= 3:
                return a
        want = self._want(v, seat)
        if want is not None and repr(want) in legal_keys:
            return want
        if want is not None:  # not allowed after all: the next best thing this seat can do
            for a in legal:
                if isinstance(a, (StartBattle, Recover)) and not getattr(a, "hq_token", False):
                    return a
        # hand the turn forward (never back: the phase always ends)
        for a in legal:
            if isinstance(a, Focus) and a.seat > seat and self._want(v, a.seat) is not None:
                return a
        for a in legal:
            if isinstance(a, Recover) and a.hq_token and len(me.discard) >= 2:
                return a
        return EndPhase()

    def _want(self, v: View, seat: int):
        """What this seat would do with an action token, or None."""
        me = v.players[seat]
        if me.tokens < 1:
            return None
        here = next((lo for lo in v.locations if lo.id == me.location), None)
        if me.location == "hq" and (v.hq_enemies or v.hq_villains):
            return StartBattle()
        ready = (
            me.hand_count + max(0, min(me.hand_size - me.hand_count, me.deck_count - 3)) >= READY
        )
        if here is not None and here.figures > 0 and me.deck_count >= 3 and ready:
            return StartBattle()
        if (me.deck_count <= 3 or not ready) and len(me.discard) >= 3:
            if (
                me.tokens >= 2
                and v.headquarters != "astro_megaship"
                and me.location != "hq"
                and not v.hq_enemies
                and not v.hq_villains
            ):
                return Move(to="hq", power_up=True)
            return Recover()
        scored = []
        for lo in v.locations:
            s = self._loc_score(v, lo)
            if s < 0 or lo.id == me.location:
                continue
            there = sum(p.location == lo.id for p in v.players if p.seat != seat)
            s += PAIR_BONUS if there == 1 else -3.0 * max(0, there - 1)
            scored.append((s, lo.id))
        if me.tokens >= 2 and scored:
            return Move(to=max(scored)[1])
        if here is not None and here.figures > 0:
            return StartBattle()
        if me.discard and me.deck_count < 8:
            return Recover()
        if scored and (here is None or here.figures == 0):
            return Move(to=max(scored)[1])  # be in place for the next round
        return None

    # ------------------------------------------------------------------ battle
    def _card_threat(self, c) -> float:
        t = 1.0
        if not c.resolved:
            t += 1.5
        if "PASSIVE" in c.keywords:
            t += 1.0
        if c.deck not in ("putty_patrollers", "super_putty_patrollers", "quantrons"):
            t += 1.0
        if "GUARD" in c.keywords:
            t += 0.3
        return t

    def _battle(self, v: View, legal: list, seat: int):
        b = v.battle
        me = v.players[seat]
        cards = {c.slot: c for c in b.cards}
        # zords and abilities that only help
        for a in legal:
            if isinstance(a, UseZord) and a.zord in (
                "tyrannosaurus",
                "pterodactyl",
                "mega_v1",
                "mega_v3",
                "mega_v4",
                "saber_toothed_tiger",
            ):
                if a.zord == "saber_toothed_tiger" and me.deck_count < 6:
                    continue
                return a
            if isinstance(a, UseAbility):
                ranger = next(r for r in me.rangers if r.id == a.ranger)
                if ranger.id in ("jason", "andros", "tj"):
                    return a
        best, best_score = self._best_play(v, legal, me, cards)
        # more energy for a better card: stored energy first, then an action token
        kinds = {a.kind for a in legal}
        for kind, extra in (("give_energy", 1), ("flip_token", 3 if len(me.rangers) == 2 else 2)):
            if kind not in kinds or (b.played and not b.extra_play_seats):
                continue
            richer = self._richer(v, extra)
            _, score = self._best_play(richer, self._fake_legal(richer, legal, me), me, cards)
            if score >= best_score + (0.8 if kind == "flip_token" else 0.3):
                return GiveEnergy() if kind == "give_energy" else FlipToken()
        # would a teammate do better? (the turn only moves forward in the participants'
        # order, so the bot never hands it back and forth)
        if best is None or best_score < 1.0:
            order = list(b.extra_play_seats if b.played else b.participants)
            mine = order.index(seat) if seat in order else -1
            for a in legal:
                if not isinstance(a, Focus) or a.seat not in order or order.index(a.seat) <= mine:
                    continue
                other = v.players[a.seat]
                if other.hand and any(
                    c.type == "attack" and (c.cost in ("0", "X") or int(c.cost) <= b.pool)
                    for c in other.hand
                ):
                    return a
        if best is not None:
            return best
        return Pass()

    def _best_play(self, v: View, legal: list, me, cards):
        best, best_score = None, 0.0
        hand = {c.id: c for c in (me.hand or ())}
        for a in legal:
            if isinstance(a, PlayCard):
                c = hand.get(a.card)
                if c is None:
                    continue
                score = self._play_score(v, c, a, cards)
            elif isinstance(a, GrantedAttack):
                score = self._hit_score(3 * HIT_PER_DIE, cards[a.target])
            else:
                continue
            if score > best_score:
                best, best_score = a, score
        return best, best_score

    def _richer(self, v: View, extra: int) -> View:
        return v.model_copy(
            update={"battle": v.battle.model_copy(update={"pool": v.battle.pool + extra})}
        )

    def _fake_legal(self, v: View, legal: list, me) -> list:
        """The plays that would be legal with a bigger pool (costs only; targets as now)."""
        targets = sorted(
            {a.target for a in legal if isinstance(a, PlayCard) and a.target is not None}
        )
        out = [a for a in legal if isinstance(a, PlayCard)]
        for c in me.hand or ():
            if c.type != "attack" or c.cost in ("X", "0"):
                continue
            if int(c.cost) <= v.battle.pool:
                out += [PlayCard(card=c.id, target=t) for t in targets]
        return out

    def _hit_score(self, expected: float, t) -> float:
        need = t.health - t.hits
        threat = self._card_threat(t)
        if expected >= need:
            return 3 + threat * 2 - (expected - need) * 0.1
        return threat * expected / max(need, 1)

    def _play_score(self, v: View, c, a: PlayCard, cards) -> float:
        b = v.battle
        if c.type == "maneuver":
            if "stun" in c.text.lower() or "1 hit from defeat" in c.text:
                t = cards.get(a.target)
                return 2.5 if t and not t.defeated else 0
            text = c.text
            extra = "may play 1 card right away" in text
            if extra and ("Another Ranger" in text or "A Ranger" in text):
                extra = len(b.participants) > 1 or "A Ranger" in text
            value = 0.4 if "Gain" in text else 0.2
            if extra:
                value += 2.2
            if "attack with" in text:  # Orbital Dropkick: a free attack later
                value += 2.0
            if "Draw" in text or "Take a card" in text:
                value += 0.6
            return value
        if c.type == "reaction":  # Astro Blaster on our turn: only with energy to spare
            return 0.5 + a.x * 0.3 if b.pool >= 3 else 0
        t = cards.get(a.target)
        if t is None or t.defeated:
            return 0
        dice = c.dice + b.next_attack.dice
        fixed = c.hits + b.next_attack.hits + (a.x if c.cost == "X" else 0)
        if a.boost:
            dice += 1
        expected = dice * HIT_PER_DIE + fixed
        score = self._hit_score(expected, t)
        if c.cost == "X":
            score -= 0.2 * a.x if expected > t.health - t.hits + 1 else 0
        elif c.cost not in ("0",):
            score -= 0.1 * int(c.cost)
        return score
