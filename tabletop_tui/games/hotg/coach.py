"""Why a Heroes of the Grid move is good, from the seat's View (engine/coach.py).

The board is public (locations, figures, enemy cards in a battle, the energy pool); a card
is named only from the seat's own hand as its View shows it. Every move a seat can be asked
for has a reason here, the Mastermind's too; where the View cannot back one (a card it does
not show), the engine gives the move in the rules' words with the View's names for its ids.

`grade` (on request: engine/coach.py `grade_last`) measures the player's own attack in a
battle against the attack the bot scores best there (bot_battle.py), naming both chances
to defeat the target, which the dice, the hits and the target's health on the table give
exactly; other moves are not graded (the Action Phase planner scores whole team plans, not
one seat's move).
"""

from __future__ import annotations

import random

from ...engine.coach import Reason
from . import models as m
from .cards import catalog

#: a played attack is graded only when the bot scores its best attack this much higher
#: (bot_battle.py's play score: the chance to defeat the target times what that is worth,
#: less the energy spent)
GRADE_GAP = 0.3


def _location(view: m.View, lid: str) -> m.LocationView | None:
    return next((loc for loc in view.locations if loc.id == lid), None)


def _figures(loc: m.LocationView) -> str:
    soldiers = sum(n for _, n in loc.foot_soldiers)
    parts = []
    if soldiers:
        parts.append(f"{soldiers} foot soldier{'s' * (soldiers != 1)}")
    if loc.villains:
        parts.append(f"{len(loc.villains)} villain{'s' * (len(loc.villains) != 1)}")
    return " and ".join(parts) or "no enemies"


def _hand_card(view: m.View, seat: int, instance: str) -> m.CardView | None:
    """The card `instance` as the View shows it: the seat's hand, then the public discard
    piles, the card a question is about and the deck cards a search shows its seat."""
    for p in view.players:
        if p.seat == seat and p.hand:
            hit = next((c for c in p.hand if c.id == instance), None)
            if hit is not None:
                return hit
    for p in view.players:
        hit = next((c for c in p.discard if c.id == instance), None)
        if hit is not None:
            return hit
    decision = view.decision
    if decision is not None:
        for card in (decision.card, *decision.deck_cards):
            if card is not None and card.id == instance:
                return card
    return None


def _me(view: m.View, seat: int) -> m.PlayerView | None:
    return next((p for p in view.players if p.seat == seat), None)


def _ranger(view: m.View, rid: str) -> tuple[m.PlayerView | None, m.RangerView | None]:
    """(the player, the Ranger) of Ranger id `rid`; (None, None) when no player has it."""
    for p in view.players:
        for r in p.rangers:
            if r.id == rid:
                return p, r
    return None, None


def reason(view: m.View, seat: int, action, legal: list) -> Reason | None:
    if isinstance(action, m.PlayCard):
        card = _hand_card(view, seat, action.card)
        if card is None:
            return Reason("Play a card")
        why = f"cost {card.cost}"
        if card.dice:
            why += f", {card.dice} dice"
        if card.shields:
            why += f", {card.shields} shield{'s' * (card.shields != 1)}"
        battle = view.battle
        if battle is not None:
            why += f"; the pool holds {battle.pool} energy"
            if action.target is not None:
                target = _enemy(view, action.target)
                if target is not None:
                    why += f"; aimed at {target.name} ({target.health} health)"
        return Reason(f"Play {card.name}", why, card.name)
    if isinstance(action, m.Move):
        loc = _location(view, action.to)
        name = loc.name if loc else action.to
        if loc is None:
            return Reason(f"MOVE to {name}" + (" and power up" if action.power_up else ""))
        why = f"{_figures(loc)} there, {loc.figures} of {loc.figure_limit} figures"
        if loc.full or loc.panicked:
            why += "; it is full" if loc.full else "; it is in panic"
        return Reason(f"MOVE to {name}", why, name)
    if isinstance(action, m.StartBattle):
        me = _me(view, seat)
        loc = _location(view, me.location) if me is not None else None
        if loc is None:
            return Reason("BATTLE")
        return Reason(f"BATTLE at {loc.name}", f"{_figures(loc)} there", loc.name)
    if isinstance(action, m.Recover):
        me = _me(view, seat)
        if me is None:
            return Reason("RECOVER")
        return Reason(
            "RECOVER",
            f"{me.hand_count} of {me.hand_size} cards in hand, "
            f"{me.stored_energy} of {me.max_stored} stored energy",
        )
    if isinstance(action, m.EndPhase):
        me = _me(view, seat)
        left = f"{me.tokens} action token(s) unused" if me is not None else ""
        return Reason("End the Action Phase", left)
    if isinstance(action, m.Pass):
        battle = view.battle
        why = f"the pool holds {battle.pool} energy" if battle is not None else ""
        return Reason("Pass", why)
    if isinstance(action, m.Focus):
        other = _me(view, action.seat)
        if other is None:
            return None
        return Reason(
            f"Hand the turn to {other.name}",
            f"{other.tokens} action token(s), {other.hand_count} cards in hand, at "
            + (
                _location(view, other.location).name
                if _location(view, other.location)
                else "the Command Center"
            ),
        )
    if isinstance(action, m.UseAbility):
        _owner, ranger = _ranger(view, action.ranger)
        if ranger is None:
            return None
        return Reason(f"Use {ranger.name}'s {ranger.ability_name}", ranger.ability_text[:70])
    if isinstance(action, m.GiveEnergy):
        me = _me(view, seat)
        pool = view.battle.pool if view.battle is not None else 0
        stored = me.stored_energy if me is not None else 0
        return Reason("Add your stored energy to the pool", f"{stored} stored, {pool} in the pool")
    if isinstance(action, m.Pick):
        card = _hand_card(view, seat, action.card)
        if card is None:
            return None
        return Reason(f"Pick {card.name}", f"cost {card.cost}, {card.type}", card.name)
    if isinstance(action, m.Draw):
        me = _me(view, seat)
        if me is None:
            return None
        return Reason(
            f"Draw {action.count}", f"{me.hand_count} of {me.hand_size} cards in hand now"
        )
    if isinstance(action, m.Target):
        return _target_reason(view, action)
    if isinstance(action, m.Dice):
        return _dice_reason(view, action)
    if isinstance(action, m.FightFigures):
        kinds = ", ".join(_figure_name(f) for f in action.figures)
        return Reason(
            f"Let these fight: {kinds}", f"{len(action.figures)} foot soldier card(s) drawn"
        )
    if isinstance(action, m.UseZord):
        name, text = next(((n, t) for z, n, t in view.zord_names if z == action.zord), ("", ""))
        if not name:
            return None
        where = _location(view, action.location) if action.location else None
        headline = f"Use {name}" + (f" at {where.name}" if where is not None else "")
        return Reason(headline, text[:70], name)
    if isinstance(action, m.AttachPsycho):
        owner, ranger = _ranger(view, action.ranger)
        if ranger is None:
            return None
        return Reason(
            f"Give the Psycho's card to {ranger.name}",
            f"{owner.name}: {owner.hand_count} cards in hand, {owner.stored_energy} stored energy",
        )
    return _mastermind_reason(view, action)


def _scheme(view: m.View, instance: str) -> m.SchemeView | None:
    return next((c for c in view.schemes or () if c.id == instance), None)


def _enemy(view: m.View, slot: int | None) -> m.EnemyCardView | None:
    if view.battle is None or slot is None:
        return None
    return next((c for c in view.battle.cards if c.slot == slot), None)


def _mastermind_reason(view: m.View, action) -> Reason | None:
    """The Mastermind's moves (Mastermind Mode), from the Mastermind's own View."""
    if isinstance(action, m.ChooseLocation):
        loc = _location(view, action.location)
        if loc is None:
            return None
        why = f"{_figures(loc)} there, {loc.figures} of {loc.figure_limit} figures"
        rangers = len(loc.rangers)
        why += f", {rangers} Ranger{'s' * (rangers != 1)} there" if rangers else ", no Ranger there"
        return Reason(f"Deploy at {loc.name}", why, loc.name)
    if isinstance(action, m.DeployFigures):
        kinds = " and ".join(_figure_name(f) for f in action.figures)
        return Reason(f"Deploy {kinds}")
    if isinstance(action, m.PlaceCard):
        grid = view.battle.grid if view.battle is not None else None
        placing = grid.placing if grid is not None and grid.placing else "the card"
        where = f"row {action.row + 1}, column {action.col + 1}"
        left = grid.to_place if grid is not None else 0
        return Reason(
            f"Place {placing} at {where}",
            f"{left} card{'s' * (left != 1)} to place" if left else "",
            placing if grid else None,
        )
    if isinstance(action, m.PlaceMarker):
        card = _enemy(view, action.slot)
        if card is None:
            return None
        return Reason(f"Put the combat marker on {card.name}", _health_left(card), card.name)
    if isinstance(action, m.PlayScheme | m.DiscardScheme):
        scheme = _scheme(view, action.card)
        if scheme is None:
            return None
        if isinstance(action, m.DiscardScheme):
            return Reason(f"Discard {scheme.name}", f"{len(view.schemes or ())} Schemes held")
        why = scheme.text[:70]
        target = _enemy(view, getattr(action, "target", None))
        if target is not None:
            why = f"on {target.name}: " + why
        return Reason(f"Play {scheme.name}", why, scheme.name)
    if isinstance(action, m.ChooseRanger):
        player = _me(view, action.seat)
        if player is None:
            return None
        return Reason(
            f"{player.name} takes it",
            f"{player.hand_count} cards in hand, {player.stored_energy} stored energy",
        )
    return None  # (the engine's fallback: the move in the rules' words)


def _figure_name(figure: str) -> str:
    """A foot soldier type by its deck's name in the public card set."""
    deck = catalog().decks.get(figure)
    return deck.name if deck is not None else figure.replace("_", " ").title()


def _health_left(card: m.EnemyCardView) -> str:
    return f"{card.health - card.hits} of its {card.health} health left"


def _target_reason(view: m.View, action: m.Target) -> Reason | None:
    card = _enemy(view, action.slot)
    if card is None:
        return None
    return Reason(f"Target {card.name}", f"{_health_left(card)}, {_kind(card)}", card.name)


def _dice_reason(view: m.View, action: m.Dice) -> Reason | None:
    attack = view.battle.attack if view.battle is not None else None
    if attack is None:
        return None
    rolled = attack.rolled
    shown = [rolled[i] for i in action.dice if i < len(rolled)]
    which = ", ".join(str(i + 1) for i in action.dice)
    decision = view.decision
    if decision is not None and decision.kind == "axe_dice":
        return Reason(f"Splash with dice {which}", f"{sum(shown)} hit(s) to each adjacent card")
    if not action.dice:
        return Reason("Keep the roll", f"{sum(rolled)} hit(s) rolled")
    misses = sum(1 for h in shown if h == 0)
    return Reason(
        f"Reroll {'die' if len(action.dice) == 1 else 'dice'} {which}",
        f"{misses} of the {len(shown)} show a miss; {sum(rolled)} hit(s) rolled",
    )


def _kind(card: m.EnemyCardView) -> str:
    """What an enemy card is, from its public deck."""
    from .bot_battle import FOOT_SOLDIERS

    return "a foot soldier card" if card.deck in FOOT_SOLDIERS else "a villain card"


def _attacks(view: m.View, seat: int, legal: list) -> list[tuple]:
    """Every attack the seat may make now, as the bot scores it (bot_battle.py): (score,
    chance to defeat the target, the action, what attacks, the target's card)."""
    from .bot import HotgHeuristicBot, kill_chance

    bot = HotgHeuristicBot()
    me = _me(view, seat)
    slots = {c.slot: c for c in view.battle.cards}
    hand = {c.id: c for c in (me.hand or ())} if me is not None else {}
    out = []
    for a in legal:
        if isinstance(a, m.PlayCard) and a.card in hand and hand[a.card].type == "attack":
            card, target = hand[a.card], slots.get(a.target)
            if target is None or target.defeated:
                continue
            dice, fixed = bot._attack_roll(view, card, a)
            score, name = bot._play_score(view, card, a, slots), card.name
        elif isinstance(a, m.GrantedAttack) and a.target in slots:
            target = slots[a.target]
            if target.defeated:
                continue
            dice, fixed = 3, 0
            score, name = bot._attack_score(view, target, 3, 0), "the free attack"
        else:
            continue
        chance = kill_chance(dice, fixed, target.health - target.hits)
        out.append((score, chance, a, name, target))
    return out


def grade(view: m.View, seat: int, played, legal: list, rng: random.Random) -> str | None:
    """An attack the player made against the attack the bot scores best in that place (its
    chance to defeat the target from the dice and hits, times what defeating it is worth,
    less the energy spent); None for other moves or when the two are close."""
    if view.battle is None or not isinstance(played, (m.PlayCard, m.GrantedAttack)):
        return None
    options = _attacks(view, seat, legal)
    mine = next((o for o in options if repr(o[2]) == repr(played)), None)
    if mine is None:
        return None
    best = max(options, key=lambda o: (o[0], o[1]))
    if best[0] - mine[0] < GRADE_GAP:
        return None
    _, p, _, name, target = mine
    _, q, _, best_name, best_target = best
    said = (
        f"{name} at {target.name} had a {p:.0%} chance to defeat it; "
        f"{best_name} at {best_target.name} had {q:.0%}"
    )
    if q > p + 0.005:
        return said
    if best_target.slot != target.slot:
        kind = _kind(best_target)
        return f"{said}, and the bot values defeating {best_target.name} ({kind}) more"
    return None  # the same target, no likelier: the difference is not one the line can show
