"""The cooperative bot's answers to the engine's questions (damage, draws, targets, picks,
the Mastodon between deployments): one method, `_decision`, mixed into the bot class.
"""

from __future__ import annotations

from .cards import catalog
from .models import (
    ChooseRanger,
    Dice,
    Draw,
    FightFigures,
    Pass,
    Pick,
    PlayCard,
    PowerUp,
    Target,
    UseAbility,
    UseZord,
    View,
)

DRAW_KEEP = 2  # cards left in the deck when drawing at battle preparation
DRAW_KEEP_VILLAIN = 4  # the same against a monster or the boss
DRAW_KEEP_BOSS = 2  # cards left in the deck when drawing for a boss battle


def _shields_then_cost(card) -> tuple[int, int]:
    """What a hand card is worth to keep when the bot picks one: shields first, then cost
    (an X card counts as 0)."""
    return card.shields, 0 if card.cost == "X" else int(card.cost)


class DecisionChoices:
    """Answers to `View.decision` questions (the team's and one player's picks)."""

    def _decision(self, v: View, legal: list, seat: int):
        d = v.decision
        me = v.players[seat]
        kinds = {a.kind for a in legal}
        if d.kind == "assign_damage":
            best = max(d.options, key=lambda i: (v.players[i].deck_count, -i))
            return ChooseRanger(seat=best)
        if d.kind in ("park_figure", "give_zord") or (
            d.kind == "psycho_attach" and d.then == "boss"
        ):  # the suggestion, listed first: the pick the engine used to make (issue 37)
            return legal[0]
        if d.kind == "psycho_attach":  # the Ranger with the most cards left takes the hunter
            owner = {r.id: p for p in v.players for r in p.rangers}
            choices = [a for a in legal if a.kind == "psycho_attach"]
            return max(
                choices,
                key=lambda a: (
                    owner[a.ranger].deck_count + owner[a.ranger].hand_count,
                    -choices.index(a),
                ),
            )
        if d.kind == "prep_draw":
            room = max(a.count for a in legal if isinstance(a, Draw))
            loc = next((lo for lo in v.locations if v.battle and lo.id == v.battle.location), None)
            keep = DRAW_KEEP_VILLAIN if loc is not None and loc.villains else DRAW_KEEP
            if loc is not None and v.boss in loc.villains:
                keep = DRAW_KEEP_BOSS
            n = max(0, min(room, me.deck_count - keep))
            return Draw(count=n)
        if d.kind == "deploy_window":  # the Mastodon: stop the next card panicking a place
            zords = [a for a in legal if isinstance(a, UseZord)]
            got = self._mastodon_by_threat(v, zords, d.amount) if self.mastodon_threat else None
            if got is not None:
                return got
            limit = {lo.id: lo for lo in v.locations}
            nxt = limit.get(v.next_deploy_back)
            for a in zords:
                lo = limit[a.location]
                if nxt is not None and lo.id == nxt.id and not lo.panicked:
                    if lo.figures >= lo.figure_limit - 2:
                        return a
            if zords and d.amount <= 1:  # the last chance this round
                best = max(v.locations, key=lambda lo: self._loc_score(v, lo))
                return next((a for a in zords if a.location == best.id), zords[0])
            return Pass()
        if d.kind == "strategize":  # the Ranger with the most cards in the deck
            seats = [a.seat for a in legal if isinstance(a, ChooseRanger)]
            best = max(seats, key=lambda i: (v.players[i].deck_count, -i))
            return ChooseRanger(seat=best) if v.players[best].deck_count > 3 else Pass()
        if d.kind == "strategize_draw":
            return Draw(count=max(a.count for a in legal if isinstance(a, Draw)))
        if d.kind == "strategize_put":  # shields on top (defence), attacks kept in hand
            hand = {c.id: c for c in (me.hand or ())}
            picks = [a for a in legal if isinstance(a, Pick)]
            return max(
                picks,
                key=lambda a: (
                    (hand[a.card].shields - hand[a.card].dice - hand[a.card].hits)
                    if a.card in hand
                    else 0
                ),
            )
        if d.kind in ("add_target", "divide_hits") and v.battle is not None:
            cards = {c.slot: c for c in v.battle.cards}
            given = [int(x) for x in d.picked]
            aims = [a for a in legal if isinstance(a, Target)]

            def need(a):  # hits still needed to defeat it (after hits given so far)
                c = cards[a.slot]
                return c.health - c.hits - given.count(a.slot)

            if d.kind == "add_target":  # one more target: the card closest to defeat
                att = v.battle.attack
                if aims and att is not None and len(att.targets) < 2:
                    return min(aims, key=lambda a: (need(a), a.slot))
                return Pass()
            live = [a for a in aims if need(a) > 0]
            return min(live or aims, key=lambda a: (need(a) <= 0, a.slot))
        if d.kind == "reroll":  # only the misses: a hit rerolled averages less (0.83)
            rolled = v.battle.attack.rolled if v.battle and v.battle.attack else ()
            misses = tuple(i for i, x in enumerate(rolled) if x == 0)
            return next((a for a in legal if isinstance(a, Dice) and a.dice == misses), Pass())
        if d.kind == "axe_dice":  # the best two, the worst two when a Lion Shield is in reach
            rolled = v.battle.attack.rolled
            cards = {c.slot: c for c in v.battle.cards}
            shield = any(cards[k].name == "Lion Shield" for k in d.options if k in cards)
            picks = [a for a in legal if isinstance(a, Dice)]
            sign = -1 if shield else 1
            return max(
                picks, key=lambda a: (sign * sum(rolled[i] for i in a.dice), -picks.index(a))
            )
        if d.kind == "optimism":
            return next((a for a in legal if isinstance(a, UseAbility)), Pass())
        if d.kind == "keep_one":  # the card the engine kept before: the most shields
            hand = {c.id: c for c in (me.hand or ())}
            picks = [a for a in legal if isinstance(a, Pick) and a.card in hand]
            return max(picks, key=lambda a: _shields_then_cost(hand[a.card]))
        if d.kind == "choose_target" and v.battle is not None and d.then == "second_attack":
            cards = {c.slot: c for c in v.battle.cards}
            aims = [a for a in legal if isinstance(a, Target)]
            if not aims:
                return Pass()
            return max(
                aims, key=lambda a: (self._attack_score(v, cards.get(a.slot), d.amount, 0), -a.slot)
            )
        if d.kind == "choose_target" and v.battle is not None:
            # a card these hits defeat first, then the one closest to defeat
            cards = {c.slot: c for c in v.battle.cards}
            aims = [a for a in legal if isinstance(a, Target)]
            if not aims:
                return Pass()

            def left(a):
                c = cards[a.slot]
                need = c.health - c.hits
                return (need > d.amount, need, a.slot)

            return min(aims, key=left)
        if d.kind == "fs_pick":  # the bigger group first, as many of it as fight
            picks = [a for a in legal if isinstance(a, FightFigures)]
            here = next((lo for lo in v.locations if v.battle and lo.id == v.battle.location), None)
            counts = dict(here.foot_soldiers) if here is not None else dict(v.hq_enemies)
            big = max(sorted(counts), key=lambda k: counts[k])
            return max(picks, key=lambda a: (a.figures[0] == big, a.figures.count(big)))
        if d.kind == "hq_power_up":
            return PowerUp() if len(me.discard) >= 2 else Pass()
        if d.kind == "draw_more":  # keep a few cards in the deck against defence reveals
            return Draw(count=1 if me.deck_count > DRAW_KEEP_VILLAIN else 0)
        if d.kind == "choose_ranger":  # the Ranger with the most cards in the deck
            seats = [a.seat for a in legal if isinstance(a, ChooseRanger)]
            if not seats:
                return Pass()
            if d.then == "three_different":  # the fewest cards in hand lose least
                return ChooseRanger(seat=min(seats, key=lambda i: (v.players[i].hand_count, i)))
            if d.then == "drain":  # the biggest hand gives the card
                return ChooseRanger(seat=max(seats, key=lambda i: (v.players[i].hand_count, -i)))
            if d.then == "telekinesis":  # the best top discard comes back

                def top(i):
                    c = v.players[i].discard[-1]
                    return (c.dice + c.hits, c.shields, -i)

                return ChooseRanger(seat=max(seats, key=top))
            return ChooseRanger(seat=max(seats, key=lambda i: (v.players[i].deck_count, -i)))
        if d.kind == "tutor":  # the strongest attack
            cards = {c.id: c for c in d.deck_cards}
            picks = [a for a in legal if isinstance(a, Pick) and a.card in cards]
            if not picks:
                return Pass()
            return max(
                picks,
                key=lambda a: (
                    cards[a.card].dice + cards[a.card].hits,
                    cards[a.card].shields,
                    a.card,
                ),
            )
        if d.kind == "surf_spot":  # the most valuable card (listed first): the old pick
            return next(a for a in legal if isinstance(a, Pick))
        if d.kind == "drain_stored":  # the first Ranger in the battle: the old fixed pick
            return next(a for a in legal if isinstance(a, ChooseRanger))
        if d.kind == "bottom_deck":  # Mega V1: one more card before a defeat
            return next(a for a in legal if isinstance(a, Pick))
        if d.kind == "energy_or_die":  # the die: the attack's value was counted with it
            return Pass()
        if d.kind == "peek_top":  # the better defence card on top (the next one revealed)
            picks = [a for a in legal if isinstance(a, Pick)]
            cat = catalog()
            return max(picks, key=lambda a: (cat.card(a.card).shields, -picks.index(a)))
        if d.kind == "hand_to_top" and Pass() in legal:
            return Pass()  # Rising Moon's optional put-back: keep the hand for the extra play
        if d.kind == "hand_to_top":  # the best card goes back on top (a shield for defence)
            hand = {c.id: c for c in (me.hand or ())}
            picks = [a for a in legal if isinstance(a, Pick) and a.card in hand]
            return max(picks, key=lambda a: (*_shields_then_cost(hand[a.card]), a.card))
        if d.kind in ("to_top", "discard_some", "discard_from_hand"):
            pile = {c.id: c for c in (me.discard if d.kind == "to_top" else (me.hand or ()))}
            picks = [a for a in legal if isinstance(a, Pick) and a.card in pile]
            if not picks:
                return Pass()

            def value(a):
                return (*_shields_then_cost(pile[a.card]), a.card)

            # on top: the best cards (last chosen ends on top, so the best goes last);
            # Mega V2's discards: the two lowest
            if d.kind == "to_top":
                return (
                    sorted(picks, key=value)[-d.amount]
                    if len(picks) >= d.amount
                    else max(picks, key=value)
                )
            return min(picks, key=value)
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
        if plays and d.kind == "reaction_window" and d.trigger != "attack":
            return plays[0]
        if "pass" in kinds:
            return Pass()
        return legal[0]
