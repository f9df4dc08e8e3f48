"""The cooperative bot's battle choices: which card to play on which enemy, energy, token
flips, handing the turn to a teammate. Scored by the exact chance to defeat the target.
"""

from __future__ import annotations

import re
from functools import cache

from .cards import catalog
from .models import (
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Pass,
    PlayCard,
    UseAbility,
    UseZord,
    View,
)

HIT_PER_DIE = 0.83
FOOT_SOLDIERS = ("putty_patrollers", "super_putty_patrollers", "quantrons")
FS_KILL = 2.0  # a foot soldier card defeated removes its figure from the board
FS_KILL_AT_VILLAIN = 0.5
ENERGY_COST = 0.12  # score per energy a play spends
FLIP_AT_VILLAIN = True  # flip action tokens for energy against monsters / the boss
MONSTER_KILL = 2.5
BOSS_KILL = 4.0
DANGER_W = 0.5  # value per point of harm a card would still do
FLIP_GAIN = 1.5
PARTIAL = 0.35  # credit for hits that do not defeat the target (lost at clean-up)
PLAY_MIN = 0.0  # a card is worth keeping for the next battle below this score
FOCUS_GAIN = 0.05  # the turn goes to a teammate whose best play scores this much more
FACES = tuple(catalog().dice)  # the combat die (board.toml), hits per face


@cache
def kill_chance(dice: int, fixed: int, need: int) -> float:
    """P(dice of the combat die + fixed hits >= need)."""
    if fixed >= need:
        return 1.0
    dist = {0: 1.0}
    for _ in range(max(0, dice)):
        nxt: dict[int, float] = {}
        for s, q in dist.items():
            for f in FACES:
                nxt[s + f] = nxt.get(s + f, 0.0) + q / len(FACES)
        dist = nxt
    return sum(q for s, q in dist.items() if s + fixed >= need)


class BattleChoices:
    """A Rangers' turn in battle: one scoring for every participant."""

    # ------------------------------------------------------------------ battle
    def _enemy_danger(self, v: View, c) -> float:
        """Damage-like harm the card still does this battle if left alone."""
        if c.defeated:
            return 0.0
        b = v.battle
        text = c.text
        danger = 0.0
        if not c.resolved:
            nums = [int(x) for x in re.findall(r"(\d+) damage", text)]
            dmg = float(sum(nums))
            if "twice" in text:
                dmg *= 2
            if "per foot soldier" in text:
                loc = next((lo for lo in v.locations if lo.id == b.location), None)
                dmg += sum(n for _, n in loc.foot_soldiers) if loc else 2
            if "each Ranger" in text or "each other Ranger" in text or "each of 2" in text:
                dmg *= max(1, min(2, len(b.participants)))
            danger += dmg
            m = re.search(r"[Dd]rain (\d+)", text)
            if m:
                danger += 0.8 * int(m.group(1))
            if "discard" in text:
                danger += 1.5 * (len(b.participants) if "ach Ranger" in text else 1)
            if "Deploy" in text:
                danger += 3.0  # a new figure on the board
            if "no longer defeated" in text:
                danger += 4.0
        if c.name == "Flanking":
            danger += sum(
                1.0 for o in b.cards if o.slot != c.slot and not o.defeated and not o.resolved
            )
        if c.name in ("Ravenous Hunger", "Witch's Curse"):
            danger += 3.0
        return danger

    def _objective(self, v: View, c) -> float:
        """What defeating the card is worth beyond the harm it would do."""
        if c.deck in FOOT_SOLDIERS:
            # at a monster's location its defeat clears the foot soldiers anyway
            return FS_KILL_AT_VILLAIN if v.battle.villains else FS_KILL
        if c.deck == v.boss or c.deck == "psycho":
            return BOSS_KILL
        return MONSTER_KILL

    def _blocks(self, v: View, c) -> float:
        """Extra value of a card that protects others (Teleport, GUARD)."""
        b = v.battle
        if c.defeated:
            return 0.0
        extra = 0.0
        if c.name == "Teleport":
            extra += sum(
                0.8 for o in b.cards if o.deck == c.deck and o.slot != c.slot and not o.defeated
            )
        if "GUARD" in c.keywords:
            extra += 0.3 * sum(1 for o in b.cards if not o.defeated and not o.targetable)
        return extra

    def _target_value(self, v: View, c) -> float:
        return self._objective(v, c) + DANGER_W * self._enemy_danger(v, c) + self._blocks(v, c)

    def _attack_score(self, v: View, t, dice: int, fixed: int) -> float:
        if t is None or t.defeated:
            return 0.0
        if t.name == "Lion Shield":
            return 0.0
        need = t.health - t.hits
        value = self._target_value(v, t)
        p = kill_chance(dice, fixed, need)
        mean = dice * HIT_PER_DIE + fixed
        partial = min(1.0, mean / max(need, 1)) * (0.0 if v.battle.final_turn else PARTIAL)
        # Teleport: other Madame Woe cards cannot be hit while it stands
        if any(
            o.name == "Teleport" and not o.defeated and o.deck == t.deck and o.slot != t.slot
            for o in v.battle.cards
        ):
            return 0.0
        return p * value + (1 - p) * partial * value

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
            if kind == "flip_token" and (me.tokens < 1 or not self._flip_ok(v)):
                continue
            richer = self._richer(v, extra)
            _, score = self._best_play(richer, self._fake_legal(richer, legal, me), me, cards)
            if score >= best_score + (FLIP_GAIN if kind == "flip_token" else 0.3):
                return GiveEnergy() if kind == "give_energy" else FlipToken()
        # would a teammate play better? (one scoring for every seat, so the turn settles)
        order = list(b.extra_play_seats if b.played else b.participants)
        if seat in order and len(order) > 1:
            scores = {i: self._estimate(v, i) for i in order}
            top = max(order, key=lambda i: (scores[i], -order.index(i)))
            if top != seat and scores[top] > scores[seat] + FOCUS_GAIN:
                f = Focus(seat=top)
                if any(isinstance(a, Focus) and a.seat == top for a in legal):
                    return f
        if best is not None and best_score >= PLAY_MIN:
            return best
        return Pass()

    def _flip_ok(self, v: View) -> bool:
        """Flip a token for energy only late in the round or when the battle is at stake."""
        b = v.battle
        live = sum(1 for c in b.cards if not c.defeated)
        return live <= 2 or (FLIP_AT_VILLAIN and bool(b.villains))

    def _estimate(self, v: View, i: int) -> float:
        """Best play score a seat could make now, from the view (same for every viewer)."""
        p = v.players[i]
        if p.hand is None:
            return 0.0
        b = v.battle
        cards = {c.slot: c for c in b.cards}
        fake = []
        targets = [c.slot for c in b.cards if c.targetable]
        for c in p.hand:
            if c.type == "reaction" and c.trigger != "attack":
                continue
            if c.cost == "X":
                for x in range(0, min(b.pool, 4) + 1):
                    fake += [PlayCard(card=c.id, target=t, x=x) for t in targets]
            elif int(c.cost) <= b.pool:
                if c.type == "attack" or "stun" in c.text.lower():
                    fake += [PlayCard(card=c.id, target=t) for t in targets]
                else:
                    fake.append(PlayCard(card=c.id))
        _, score = self._best_play(v, fake, p, cards)
        return score

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
                score = self._attack_score(v, cards.get(a.target), 3, 0)
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

    @staticmethod
    def _attack_roll(v: View, c, a: PlayCard) -> tuple[int, int]:
        """(dice, fixed hits) of attack card `c` played as `a`: its own, the battle's bonus
        to the next attack, X paid and a boost."""
        b = v.battle
        dice = c.dice + b.next_attack.dice
        fixed = c.hits + b.next_attack.hits + (a.x if c.cost == "X" else 0)
        if a.boost:
            dice += 2 if "+2 dice" in c.text else 1
        return dice, fixed

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
        dice, fixed = self._attack_roll(v, c, a)
        score = self._attack_score(v, t, dice, fixed)
        if "attack again" in c.text or "Also deal 1 hit" in c.text:
            score += 0.4
        if c.cost == "X":
            score -= ENERGY_COST * a.x
        elif c.cost not in ("0",):
            score -= ENERGY_COST * int(c.cost)
        if a.boost and "discard the top card" in c.text:
            score -= 0.4
        return score
