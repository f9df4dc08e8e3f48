"""A heuristic Zeo bot that plays from its own View and the legal actions only.

Each call returns the first step of a short plan for the turn:

1. answer questions: Block whenever a Block is offered and the Attack matters; destroy
   Stuns and Starters; discard the least useful card; copy the strongest ability;
2. attach cards with an activated ability or a Block once the deck has grown (after its
   first few turns) or when the team has Energy to spend; a Signature Item always attaches;
3. play every other card for Shards and Energy;
4. activate abilities, Attacks first, while the team has Energy (keeping a little for Blocks);
5. Battle adversaries when several are in The Grid, the team is hurt, or nothing better is
   affordable; otherwise buy the best affordable card (own Zord/Master and Signature Item
   first, then the dearest Grid card matching its slots, then a Zeo Blaster);
6. end the Main Phase, discard nothing, end the turn.

The race (`race`): from the HP history both teams can see, the bot estimates how many turns
each team needs to bring the other to 0 at the damage rates of the last few turns. It does
not activate an ability that only heals when the heal cannot change who wins that race (it
wins it anyway, or loses it even with the heal), and when it is ahead in the race it presses:
Attacks score higher and it keeps no Energy back for Blocks.

Card abilities are public: the bot reads them from the card set by id.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .cards import catalog
from .models import (
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    DestroyBlaster,
    EndMain,
    EndTurn,
    Pick,
    Play,
    View,
)

_JUNK = ("stun", "starter")


def _attack_power(effects) -> int:
    """Rough value of an ability: damage counts double, every other effect 1."""
    total = 0
    for e in effects:
        if e.do == "attack":
            total += 2 * sum(getattr(x, "amount", 1) for x in e.effects) + 1
        elif e.do == "damage":
            total += 2 * e.amount
        elif e.do in ("heal", "energy", "shards", "drain_energy"):
            total += e.amount
        elif e.do == "draw":
            total += 2 * e.count
        else:
            total += 2
    return total


def _damage(effects) -> int:
    """Damage a list of effects deals to the other team (Attacks and direct damage)."""
    total = 0
    for e in effects or ():
        if e.do == "attack":
            total += sum(getattr(x, "amount", 0) for x in e.effects if x.do == "damage")
        elif e.do == "damage":
            total += e.amount
    return total


def _healing(effects) -> int:
    return sum(e.amount for e in effects or () if e.do == "heal")


@dataclass(frozen=True)
class Params:
    #: turns of deck building before attaching ordinary cards
    build_turns: int = 3
    #: Energy kept back for Blocks when the bot has a Block ready
    block_reserve: int = 2
    #: Battle when at least this many adversaries are in The Grid
    battle_at: int = 1
    #: race (see the module notes); False plays as the bot did before it raced
    race: bool = True
    #: turns of HP history the race reads (each team's turns within them)
    race_window: int = 6
    #: score added to an Attack ability when the bot is ahead in the race
    press: int = 4


@dataclass(frozen=True)
class Race:
    """Both teams' HP and the damage each took per turn over the last turns (HP history)."""

    my_hp: int
    foe_hp: int
    #: damage the foes took per turn (ours to them) and we took per turn (theirs to us)
    dealt: float
    taken: float

    def turns_to_win(self, extra_hp: int = 0) -> tuple[float, float]:
        """(turns until the foes are at 0, turns until we are at 0 with `extra_hp` more)."""
        mine = math.ceil(self.foe_hp / self.dealt) if self.dealt > 0 else math.inf
        theirs = math.ceil((self.my_hp + extra_hp) / self.taken) if self.taken > 0 else math.inf
        return mine, theirs

    @property
    def ahead(self) -> bool:
        mine, theirs = self.turns_to_win()
        return mine < math.inf and mine <= theirs

    def heal_matters(self, amount: int) -> bool:
        """Whether healing `amount` can change who wins the race: only when we are losing
        it and the heal brings our time to fall to at least theirs."""
        mine, theirs = self.turns_to_win()
        if theirs >= mine:  # we win it (or nobody hurts us): a heal changes nothing
            return False
        return self.turns_to_win(amount)[1] >= mine


def race(view: View, seat: int, window: int) -> Race | None:
    """The race from `view.hp_history` (one (Villains, Heroes) pair per finished turn and
    the HP now); None while fewer than three turns have been played."""
    mine = view.seats[seat].team
    points = [*view.hp_history, (view.teams[0].hp, view.teams[1].hp)][-(window + 1) :]
    if len(points) < 4:
        return None
    turns = len(points) - 1

    def lost(team: int) -> float:
        return sum(max(0, a[team] - b[team]) for a, b in zip(points, points[1:], strict=False))

    return Race(
        my_hp=view.teams[mine].hp,
        foe_hp=view.teams[1 - mine].hp,
        dealt=lost(1 - mine) / turns,
        taken=lost(mine) / turns,
    )


class ZeoBot:
    name = "heuristic"

    def __init__(self, params: Params | None = None):
        self.p = params or Params()

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        cat = catalog()
        first = legal[0]
        if isinstance(first, Pick):
            return first
        if isinstance(first, Choose):
            return self._answer(view, legal, seat, cat)
        me = view.seats[seat]
        team = view.teams[me.team]
        if view.phase == "end":
            return next(a for a in legal if isinstance(a, EndTurn))
        my_turns = view.turn // len(view.seats) if view.format == "2v2" else view.turn // 2
        kinds = {a.kind for a in legal}
        # 2. attach
        if "attach" in kinds or "attach_tile" in kinds:
            for a in legal:
                if isinstance(a, AttachTile):
                    return a
            best = None
            for a in legal:
                if not isinstance(a, Attach):
                    continue
                card = cat.card(a.card)
                if card.kind in _JUNK or card.kind == "blaster":
                    continue
                useful = card.ability is not None or card.block is not None
                if not useful:
                    continue
                score = _attack_power(card.ability.effects) if card.ability else 3
                if card.kind == "signature" or card.kind == "crystal":
                    score += 5
                if my_turns >= self.p.build_turns or team.energy >= 6:
                    if best is None or score > best[0]:
                        best = (score, a)
            if best is not None:
                return best[1]
        # 3. play everything else
        for a in legal:
            if isinstance(a, Play):
                return a
        # 4. activate
        acts = [a for a in legal if isinstance(a, Activate)]
        if acts:
            best = None
            for a in acts:
                score, cost = self._ability_score(view, seat, a, cat)
                if score is None:
                    continue
                if best is None or score > best[0]:
                    best = (score, a)
            if best is not None:
                return best[1]
        # 5. Battle or buy
        battles = [a for a in legal if isinstance(a, Battle)]
        adversaries = sum(1 for g in view.grid if g.card is not None and g.adversary)
        hurt = team.hp <= 20
        for a in battles:
            if a.slot is not None:
                return a
        now = self._race(view, seat, "battle")
        buys = [a for a in legal if isinstance(a, Buy)]
        buy = self._best_buy(view, seat, buys, cat, self._race(view, seat, "buy"))
        if now is not None and now.ahead:
            # pressing: Shards go to the deck (more Attacks), not to an adversary's reward,
            # unless that reward does more than heal
            battles = [
                a
                for a in battles
                if not {e.do for e in cat.cards[view.grid[a.index].card.id].battle_reward}
                <= {"heal"}
            ]
            fight = bool(battles) and (buy is None or buy[0] < 4)
        else:
            if now is not None:
                hurt = hurt and now.heal_matters(3)
            fight = bool(battles) and (
                adversaries >= 2
                or hurt
                or buy is None
                or (buy[0] < 4 and adversaries >= self.p.battle_at)
            )
        if fight:
            # the dearest adversary we can afford
            return max(battles, key=lambda a: view.grid[a.index].price or 0)
        if buy is not None:
            return buy[1]
        for a in legal:
            if isinstance(a, DestroyBlaster) and any(g.card is None for g in view.grid):
                return a
        return next(a for a in legal if isinstance(a, EndMain))

    # -- helpers -----------------------------------------------------------------------------
    def _race(self, view: View, seat: int, use: str) -> Race | None:
        """The race for one use of it ("ability", "battle" or "buy"); None without it."""
        return race(view, seat, self.p.race_window) if self.p.race else None

    def _ability_score(self, view: View, seat: int, a: Activate, cat):
        me = view.seats[seat]
        team = view.teams[me.team]
        if a.source == "character":
            ab = cat.characters[me.character.id].ability
        elif a.source == "slot":
            card = cat.cards[me.character.slots[a.index].card.id]
            ab = card.ability
        elif a.source == "zord":
            ab = cat.cards[view.bay.slots[a.index].card.id].ability
        elif a.source == "bay":
            return (6 if view.bay.side == "megazord" else 3), view.bay.ability_cost
        else:
            return 12, 4
        if ab is None:
            return None, 0
        effs = ab.effects
        dos = {e.do for e in effs}
        if dos <= {"heal"} and team.hp >= 28:
            return None, 0
        now = self._race(view, seat, "ability")
        if now is not None and dos <= {"heal", "energy", "shards"} and "heal" in dos:
            healing = sum(e.amount for e in effs if e.do == "heal")
            if not now.heal_matters(healing):
                return None, 0
        if "attach_from_grid" in dos:
            want = effs[0].kind
            if not any(g.card is not None and g.card.kind == want for g in view.grid):
                return None, 0
        if "refresh_grid" in dos:
            return None, 0
        score = _attack_power(effs) - ab.cost
        pressing = now is not None and now.ahead
        if pressing and dos & {"attack", "damage"}:
            score += self.p.press
        if team.energy - ab.cost < self.p.block_reserve and "attack" not in dos and not pressing:
            score -= 2
        return score, ab.cost

    def _best_buy(self, view: View, seat: int, buys: list, cat, now: Race | None = None):
        me = view.seats[seat]
        slots = me.character.slots if me.character else ()
        colours = {s.colour for s in slots}
        best = None
        for a in buys:
            if a.source in ("own", "stack"):
                score = 9.0 if a.source == "own" else 7.5
            elif a.source == "item":
                score = 8.0
            elif a.source == "serpentera":
                score = 8.5
            elif a.source == "blaster":
                score = 2.5
            else:
                g = view.grid[a.index]
                card = cat.cards[g.card.id]
                score = card.cost + 0.5 * card.shards + 0.3 * card.energy
                if card.kind == "location":
                    score += 1.5
                if card.attach_to_character:
                    score -= 1
                if card.colour in colours or card.any_colour or "rainbow" in colours:
                    score += 1
                if now is not None:
                    effects = [
                        *(card.on_play or ()),
                        *(card.ability.effects if card.ability else ()),
                    ]
                    if now.ahead:
                        score += 0.5 * _damage(effects)
                    if _healing(effects) and not now.heal_matters(_healing(effects)):
                        score -= 0.5 * _healing(effects)
            if best is None or score > best[0]:
                best = (score, a)
        return best

    def _slot_for(self, view: View, d, ids: list[str], seat: int, cat) -> str:
        """Where a card placed for us goes: a slot of its own colour if it has one, else the
        slot whose colour our own cards (hand and discard pile) fill least often. On a
        foe's character, the slot their cards would fill most often."""
        target = int(ids[0].split(":")[0])
        ch = view.seats[target].character
        card = cat.card(d.card)
        colours = {o: ch.slots[int(o.split(":")[1])].colour for o in ids}
        if target == seat and not card.any_colour:
            same = [o for o in ids if colours[o] == card.colour]
            if same:
                return same[0]
        me = view.seats[target]
        mine = [f.colour for f in me.discard] + [f.colour for _, f in me.hand]

        def fills(o: str) -> int:
            return 99 if colours[o] == "rainbow" else mine.count(colours[o])

        if view.seats[target].team != view.seats[seat].team:
            return max(ids, key=fills)
        return min(ids, key=fills)

    def _answer(self, view: View, legal: list, seat: int, cat):
        d = view.decision
        ids = [a.option for a in legal]
        if d is None:
            return legal[0]
        if d.kind == "block":
            blocks = [o for o in ids if o != "decline"]
            if not blocks:
                return Choose(option="decline")
            att = view.attack
            dmg = 0
            if att is not None:
                dmg = sum(int(w) for w in att.text.split() if w.isdigit())
            if (
                dmg >= 2
                or view.teams[view.seats[seat].team].hp <= 10
                or "Stun" in (att.text if att else "")
            ):
                return Choose(option=blocks[0])
            return Choose(option="decline") if "decline" in ids else Choose(option=blocks[0])
        if d.kind in ("destroy", "discard"):

            def junk(o: str) -> float:
                if o == "none":
                    return 5
                card = cat.card(o)
                if card.kind == "stun":
                    return 0
                if card.kind == "starter":
                    return 1 + (0.5 if card.on_play else 0)
                return 10 + (card.cost or 0)

            return Choose(option=min(ids, key=junk))
        if d.kind == "discard_attached":
            return Choose(option=ids[0])
        if d.kind == "attach_grid":
            return Choose(option=max(ids, key=lambda o: view.grid[int(o)].card.cost or 0))
        if d.kind == "character":
            mine = view.seats[seat].team
            foes = [o for o in ids if view.seats[int(o)].team != mine]
            return Choose(option=(foes or ids)[0])
        if d.kind == "slot":
            return Choose(option=self._slot_for(view, d, ids, seat, cat))
        if d.kind == "target":
            return Choose(option=ids[0])
        if d.kind == "copy":
            label = {o.id: o.label for o in d.options}
            return Choose(
                option=max(
                    ids, key=lambda o: ("damage" in label.get(o, ""), "Attack" in label.get(o, ""))
                )
            )
        if d.kind == "refresh":
            return Choose(option="refill" if "refill" in ids else ids[0])
        return Choose(option=ids[0])
