"""A cooperative heuristic bot for Heroes of the Grid: it plays whichever seat the team
hands it, from that seat's View and the legal actions only (with hidden hands it plans
from hand counts).

Action phase, planned for the whole team on every call (so whichever seat is asked
reaches the same plan and hands the turn to the Ranger who should act):
1. the free Command Center RECOVER tokens go to the Ranger with the biggest discard pile;
   a Ranger too weak to fight RECOVERs first;
2. every Ranger with tokens stays or moves to one outer location; each plan is scored by
   a cheap simulation of the groups' battles there (cards in hand and drawable, tokens,
   foot soldier cards defeated per card played, damage taken) and the board it leaves
   (unpanicked locations and their room, monster / boss progress). Monsters are fought
   only by groups: one battle against a monster costs about one Ranger defeat;
3. the best plan is executed moves first (most urgent location first), then battles;
4. leftover tokens RECOVER or bring Rangers from the Command Center into place.
The boss decides the game: it lands on an unpanicked location, so with both monsters
still up three locations are panicked for good and the next deployments fill the fourth.
Once it is on the board the whole team goes there (a Ranger low on cards powers up on the
way) and battles it with every token. (Keeping tokens to power up the round before it
comes, or counting on a monster's defeat to clear its location, lost more games to the
boss's own deployment: clearing foot soldiers then matters more.)

Issue 15, session 7: the last unpanicked location is the team's life. Room there counts
2.5 times once the villains still to come would leave at most one location unpanicked
(`last_safe_scale`), and in the boss round, while it has 3 or fewer free places, a Ranger
clears it before the rest take on the boss (`guard_room`). Tried and off by default
(measured on 20 seeds, no gain): searching the preparation draw of villain battles
(`search_prep`), hunting the monsters with the whole team before the boss comes
(`hunt_from`: monsters fall, but the board fills elsewhere).

Issue 15, session 8: the deployment threat. `threat.loss_chance` plays the next Deployment
Phase on a plain model of the board (48 fixed sampled decks, the villains still to come at
their possible places in piles B-D) and gives the chance that it panics all four locations.
The team planner subtracts `risk_w` times the change in that chance its plan makes, and in
the boss round a battle that lowers it by `safety_gain` or more comes before the boss (never
a Ranger alone against a monster). Measured in card_data/hotg/AUDIT.md, session 8.

Issue 15, session 9: a battle at a monster's location before the boss comes defeats about
one Ranger (traced: 0.75 defeats in 0.9 such battles a game in round 3), and each defeat
spends one of the Command Center energy the boss battles need, so the team planner counts
`villain_defeat_w` for each one when that is switched on (off by default: fewer
games were lost to the Command Center's energy, but no more were won). Measured in
card_data/hotg/AUDIT.md, session 9.

Battles: the attack to play is scored by the exact chance to defeat its target (the die
of board.toml) times what defeating it is worth: a foot soldier figure off the board, a
monster or boss card, plus the harm the card would still do (damage, drain, discards,
Regrow's new figure, Flanking, Teleport's shield). One scoring for every participant, so
the turn goes to the teammate with the best play. Reactions cut damage, damage goes to
the Ranger with the deepest deck, prep draws leave 2 cards in the deck (4 against a
monster or the boss).

Search (`HotgBot`, the seat bot: search 3, top 5; `HotgHeuristicBot` is the heuristic
alone, the rollout policy): on a Rangers' turn in battle the
bot rebuilds N States from its View (`search.view_to_state`: hidden deck orders, enemy
decks and the deployment deck below its top sampled from the catalog), applies each
candidate (the heuristic's choice, the `top_k` best card plays by the heuristic score,
Pass, stored energy, an action token flip, handing the turn to a teammate, Zords,
abilities) and plays the battle out with the heuristic; the candidate with the best total
`search.battle_value` (figures off the board, unpanicked locations, monster / boss cards
in their discard piles, Ranger cards left, tokens, Command Center energy, win / loss) is
played, thinking at most `THINK_STEPS` rollout steps a decision. `plan_search=N` does
the same for action-phase choices (each Ranger's battle, moves to the neediest locations, a move to join a teammate, RECOVER, power up) with
rollouts to the next round's action phase, from round `plan_from` on (slower, and worse:
7 wins in 200 games planned from round 3 against 19 without, measured with the heavy
deployment cards, so off by default).
"""

from __future__ import annotations

import random
import re
from functools import cache

from .cards import catalog
from .models import (
    ChooseRanger,
    Dice,
    Draw,
    EndPhase,
    FightFigures,
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Move,
    Pass,
    Pick,
    PlayCard,
    PowerUp,
    Recover,
    StartBattle,
    Target,
    UseAbility,
    UseZord,
    View,
)

HIT_PER_DIE = 0.83


def _shields_then_cost(card) -> tuple[int, int]:
    """What a hand card is worth to keep when the bot picks one: shields first, then cost
    (an X card counts as 0)."""
    return card.shields, 0 if card.cost == "X" else int(card.cost)
DRAW_KEEP = 2  # cards left in the deck when drawing at battle preparation
DRAW_KEEP_VILLAIN = 4  # the same against a monster or the boss
KILL_PER_CARD = 0.6  # foot soldier cards defeated per combat card played
VILLAIN_KILL = 0.3  # monster / boss cards defeated per combat card played
VILLAIN_FS_KILL = 0.25  # foot soldier cards defeated per card played beside a villain
PLAYS_PER_BATTLE = 4.0
DMG_FS = 0.5  # cards lost per foot soldier card left to resolve
DMG_V = 1.0
UNPANICKED = 8.0
ROOM = 2.0
ROOM_PANICKED = 0.5
BOSS_W = 4.0
MONSTER_W = 0.5
MOVE_COST = 0.5
CARD_COST = 0.25
WEAK = 2
MIN_VILLAIN_GROUP = 2  # Rangers needed before a monster / boss battle is worth it
VILLAIN_ALONE = 6.0
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
BOSS_REFRESH = 4  # away from the boss with fewer cards and 2 tokens: power up on the way
DRAW_KEEP_BOSS = 2  # cards left in the deck when drawing for a boss battle
#: rollout steps one searched decision may play (about 1 s of one core here, well under
#: the 2 s a decision the issue allows; a step count keeps bot games reproducible)
THINK_STEPS = 2500
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


def _unique(items: list) -> list:
    """`items` without repeats (compared by repr: actions are models), first kept."""
    seen: set[str] = set()
    out = []
    for x in items:
        if repr(x) not in seen:
            seen.add(repr(x))
            out.append(x)
    return out


def _best_by_rollouts(
    v: View, cands: list, samples: int, rng: random.Random, score, budget: int = THINK_STEPS
):
    """The candidate with the best total `score(state, candidate, k)` over `samples` States
    sampled from `v`; a None score (not legal in that sample) counts -1e6. Ties: the first.

    Thinking stops within `budget` rollout steps (a clock would make games differ from run
    to run): no new sample starts that would not finish in time, and a sample cut short
    compares only the candidates it scored (the first candidate, the heuristic's own
    choice, is always scored)."""
    from .search import STEPS, view_to_state

    totals = [0.0] * len(cands)
    start = STEPS[0]
    scored = len(cands)
    for k in range(samples):
        base = view_to_state(v, random.Random(rng.getrandbits(64)))
        for i, c in enumerate(cands):
            if i and STEPS[0] - start > budget:
                scored = min(scored, i)
                break
            got = score(base, c, k)
            totals[i] += -1e6 if got is None else got
        spent = STEPS[0] - start
        if scored < len(cands) or spent * (k + 2) / (k + 1) > budget:
            break
    return cands[max(range(scored), key=lambda i: (totals[i], -i))]


class HotgHeuristicBot:
    """The heuristic alone (fast: the rollout policy of the search, and the tests')."""

    name = "heuristic"
    #: search the preparation draw of monster / boss battles too (with `search`)
    search_prep = False
    #: in the boss round, clear the last unpanicked location first while it has at most
    #: this much room (-1: never)
    guard_room = 3
    #: room at unpanicked locations, times this when at most one stays safe (1.0: off)
    last_safe_scale = 2.5
    #: from this round on (0: never), before the boss lands, the whole team hunts a monster
    #: as it does the boss (a defeated monster clears its location)
    hunt_from = 0
    #: what losing in the next Deployment Phase costs in the team planner, times its chance
    #: (`threat.loss_chance`; 0: off)
    risk_w = 40.0
    #: in the boss round, a battle that lowers that chance by this much comes first (0: off)
    safety_gain = 0.2
    #: hunt only while the chance of losing in the next Deployment Phase stays this low
    hunt_risk = 0.0
    #: from this round on, a token left at the end of the round powers up (0: never)
    leftover_power_up = 0
    #: the Mastodon between deployments goes where it most lowers that chance
    mastodon_threat = False
    #: at most this many Rangers take on the boss (0: the whole team)
    boss_group = 0
    #: what each battle at a monster's location costs the team planner besides cards: it
    #: defeats about one Ranger (one Command Center energy, which the boss battles need);
    #: 6 kept that energy but won 8 of 200 held-out games against 10 of 200 without (off)
    villain_defeat_w = 0.0

    def __init__(
        self,
        search: int = 0,
        top_k: int = 4,
        plan_search: int = 0,
        plan_from: int = 1,
    ) -> None:
        """`search` = sampled hidden states per battle decision (0: the heuristic alone);
        `top_k` = card plays kept for rollouts (besides Pass, energy, Focus, the heuristic's);
        `plan_search` = sampled states per action-phase decision, each candidate played out
        to the next round's action phase (0: the team planner alone), from round
        `plan_from` on."""
        self.search = search
        self.top_k = top_k
        self.plan_search = plan_search
        self.plan_from = plan_from
        self._pending: tuple | None = None  # plan search: ((seat, signature), action)
        self._risk_cache: dict = {}
        self._last_end: tuple = (0.0, False)
        if search:
            self.name = f"search{search}"

    def choose(self, view: View, legal: list, seat: int, rng: random.Random):
        if view.mastermind_seat == seat:  # Mastermind Mode: the evil seat has its own bot
            from .mastermind_bot import HotgMastermindBot

            return HotgMastermindBot().choose(view, legal, seat, rng)
        d = view.decision
        if d is not None:
            if (
                d.kind == "prep_draw"
                and self.search
                and self.search_prep
                and view.mode == "standard"
                and view.battle is not None
                and view.battle.villains
                and len(legal) > 1
            ):
                return self._search_prep(view, legal, seat, rng)
            return self._decision(view, legal, seat)
        if view.phase == "action":
            if self.plan_search and view.mode == "standard" and view.round >= self.plan_from:
                return self._search_action(view, legal, seat, rng)
            return self._action_phase(view, legal, seat)
        if view.phase == "battle":
            if self.search and view.mode == "standard" and view.battle is not None:
                return self._search_battle(view, legal, seat, rng)
            return self._battle(view, legal, seat)
        return legal[0]

    # ------------------------------------------------------------------ search
    def _candidates(self, v: View, legal: list, seat: int) -> list:
        me = v.players[seat]
        cards = {c.slot: c for c in v.battle.cards}
        hand = {c.id: c for c in (me.hand or ())}
        out = [self._battle(v, legal, seat)]
        scored = []
        for a in legal:
            if isinstance(a, PlayCard) and a.card in hand:
                scored.append((self._play_score(v, hand[a.card], a, cards), repr(a), a))
            elif isinstance(a, GrantedAttack):
                scored.append((self._attack_score(v, cards.get(a.target), 3, 0), repr(a), a))
            elif isinstance(a, (Pass, FlipToken, GiveEnergy, Focus, UseZord, UseAbility)):
                out.append(a)
        scored.sort(key=lambda t: (-t[0], t[1]))
        out += [a for _, _, a in scored[: self.top_k]]
        return _unique(out)

    def _search_action(self, v: View, legal: list, seat: int, rng: random.Random):
        from .rules import HotgRules
        from .search import rollout_round, round_score

        sig = (v.round, tuple(p.tokens for p in v.players), v.hq_tokens)
        pending = self._pending
        if pending is not None and pending[0] == (seat, sig):
            self._pending = None
            if any(repr(a) == repr(pending[1]) for a in legal):
                return pending[1]
        h = self._action_phase(v, legal, seat)
        macros: list[tuple] = [(h,)]
        ranked = sorted(v.locations, key=lambda lo: -self._loc_score(v, lo))
        for p in v.players:
            if p.tokens < 1:
                continue
            acts: list = []
            at = next((lo for lo in v.locations if lo.id == p.location), None)
            if at is not None and at.figures > 0:
                acts.append(StartBattle())
            if p.tokens >= 2:
                acts += [Move(to=lo.id) for lo in ranked[:3] if lo.id != p.location][:2]
            else:  # a last token: join a teammate who can still start a battle there
                acts += [
                    Move(to=q.location)
                    for q in v.players
                    if q.seat != p.seat and q.tokens > 0 and q.location not in ("hq", p.location)
                ][:1]
            if len(p.discard) >= 3:
                acts.append(Recover())
                if p.location != "hq" and v.headquarters != "astro_megaship":
                    acts.append(Move(to="hq", power_up=True))
            for a in acts:
                macros.append((a,) if p.seat == seat else (Focus(seat=p.seat), a))
        uniq = _unique(macros)
        if len(uniq) == 1:
            return h
        rules = HotgRules()
        policy = HotgHeuristicBot()

        def score(base, mac, k):
            s1 = base
            try:
                who = seat
                for a in mac:
                    s1, _ = rules.apply(s1, who, a)
                    if isinstance(a, Focus):
                        who = a.seat
            except Exception:  # noqa: BLE001 - not legal in this sample
                return None
            return round_score(rollout_round(rules, s1, policy, random.Random(k), v.round))

        mac = _best_by_rollouts(v, uniq, self.plan_search, rng, score)
        if not any(repr(mac[0]) == repr(a) for a in legal):
            return h
        if len(mac) == 2:  # hand the turn over, and remember what that seat should do
            self._pending = ((mac[0].seat, sig), mac[1])
        return mac[0]

    def _rollouts(self, v: View, cands: list, seat: int, rng: random.Random):
        from .rules import HotgRules
        from .search import battle_value, rollout_battle

        if len(cands) == 1:
            return cands[0]
        rules = HotgRules()
        policy = HotgHeuristicBot()

        def score(base, a, k):
            try:
                s1, _ = rules.apply(base, seat, a)
            except Exception:  # noqa: BLE001 - not legal in this sample
                return None
            return battle_value(base, rollout_battle(rules, s1, policy, random.Random(k)))

        return _best_by_rollouts(v, cands, self.search, rng, score)

    def _search_prep(self, v: View, legal: list, seat: int, rng: random.Random):
        """Against a monster or the boss, one more card in hand (attack) or left in the deck
        (defence): both played out, the heuristic's pick first."""
        h = self._decision(v, legal, seat)
        return self._rollouts(v, _unique([h, *legal]), seat, rng)

    def _search_battle(self, v: View, legal: list, seat: int, rng: random.Random):
        """The Rangers' turn: the heuristic's play, the top card plays, Pass, energy and
        Focus, each applied to sampled states and the battle played out."""
        return self._rollouts(v, self._candidates(v, legal, seat), seat, rng)

    # ------------------------------------------------------------------ decisions
    def _decision(self, v: View, legal: list, seat: int):
        d = v.decision
        me = v.players[seat]
        kinds = {a.kind for a in legal}
        if d.kind == "assign_damage":
            best = max(d.options, key=lambda i: (v.players[i].deck_count, -i))
            return ChooseRanger(seat=best)
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

    # ------------------------------------------------------------------ action phase
    # The team plans the rest of the round: every Ranger with tokens stays or moves to one
    # outer location, then each group battles there with its tokens; plans are compared by
    # a cheap simulation of those battles and a score of the board they leave.

    def _power(self, p) -> float:
        """Cards this seat can bring to its next battle: its hand plus its prep draw."""
        room = max(0, p.hand_size - p.hand_count)
        return p.hand_count + min(room, max(0, p.deck_count - DRAW_KEEP))

    def _cards(self, p) -> float:
        return p.hand_count + max(0, p.deck_count - DRAW_KEEP)

    def _room_scale(self, v: View) -> float:
        """Room at unpanicked locations is worth more once the villains still to come would
        leave at most one of them unpanicked: that one's room is all the board has left."""
        if self.last_safe_scale == 1.0:
            return 1.0
        placed = set(v.defeated_villains) | set(v.hq_villains)
        for lo in v.locations:
            placed |= set(lo.villains)
        coming = sum(1 for x in (*v.monsters, v.boss) if x not in placed)
        safe = sum(1 for lo in v.locations if not lo.panicked)
        return self.last_safe_scale if safe - coming <= 1 else 1.0

    def _loc_value(self, v: View, lo, fs: float, villains: int, panicked: bool) -> float:
        """What a location state is worth to the team (higher = safer)."""
        room = max(0.0, lo.figure_limit - fs - villains)
        if not panicked:
            return UNPANICKED + ROOM * room * self._room_scale(v)
        return ROOM_PANICKED * room  # room there still takes the foot soldiers aimed at it

    def _group_round(self, v: View, lo, seats: tuple, tokens: int, cards: float, hq: int):
        """Simulate a group's battles at `lo` for the rest of the round.

        Returns (board value gained, cards spent, battles)."""
        fs = float(sum(n for _, n in lo.foot_soldiers))
        nv = len(lo.villains)
        panicked = lo.panicked
        before = self._loc_value(v, lo, fs, nv, panicked)
        g = len(seats)
        quality = 1.0 + 0.12 * (min(g, 3) - 1)
        progress = 0.0
        spent = 0.0
        battles = 0
        c = cards
        while tokens > 0 and (fs >= 0.5 or nv) and c >= 1.0:
            battles += 1
            tokens -= 1
            plays = min(PLAYS_PER_BATTLE + 0.5 * (g - 1), c)
            fs_cards = min(fs, 4.0)
            if nv:
                v_cards = 4.0
                kv = min(v_cards, VILLAIN_KILL * plays * quality)
                kf = min(fs_cards, VILLAIN_FS_KILL * plays * quality)
                dmg = DMG_FS * (fs_cards - kf) + DMG_V * (v_cards - kv)
                progress += kv
            else:
                kf = min(fs_cards, KILL_PER_CARD * plays * quality)
                dmg = DMG_FS * (fs_cards - kf)
            spent += plays + dmg / max(1, g) * g
            c -= plays + dmg
            fs -= kf
            if nv == 0 and fs < 0.5 and fs_cards - kf < 0.35:
                fs = 0.0
                panicked = False
            if not nv and fs <= 0:
                break
        after = self._loc_value(v, lo, fs, nv, panicked)
        gain = after - before
        if nv:
            boss = v.boss in lo.villains
            gain += progress * (BOSS_W * (1 + v.boss_progress / 4) if boss else MONSTER_W)
            if g < MIN_VILLAIN_GROUP:
                gain -= VILLAIN_ALONE
            if not boss:
                gain -= self.villain_defeat_w * battles
        self._last_end = (fs, panicked)  # the planner's board after this group's battles
        return gain, spent, battles

    # ------------------------------------------------------------------ threat
    def _threat_args(self, v: View, done: int | None = None):
        """What `threat.loss_chance` needs besides the board, or None where it does not
        apply (other modes, Command Center Assault). `done`: deployments made in the game
        (default: all of this round's, as in the Action Phase)."""
        if self.risk_w <= 0 or v.mode != "standard" or v.headquarters == "command_center_assault":
            return None
        from .threat import villain_slots

        placed = set(v.defeated_villains) | set(v.hq_villains)
        for lo in v.locations:
            placed |= set(lo.villains)
        if done is None:
            done = v.round * v.deployments_per_round
        pending = [x for x in v.monsters if x not in placed]
        due = []
        if len(pending) == 2:
            due.append(tuple(villain_slots(done, 5)))
        if pending:
            due.append(tuple(villain_slots(done, 10)))
        if v.boss not in placed and v.boss == "rita_repulsa":
            due.append(tuple(villain_slots(done, 15)))
        cat = catalog()
        fs = tuple(sorted({cat.locations[lo.id].foot_soldier for lo in v.locations}))
        return tuple(due), done, v.deployments_per_round, fs, v.heavy_deployments

    def _mastodon_by_threat(self, v: View, zords: list, left: int):
        """Between deployments (FAQ): the figure whose removal most lowers the chance that
        the rest of this Deployment Phase panics every location; kept for later while that
        gains nothing, used at the last window. None: no estimate here (other modes)."""
        n = v.deployments_per_round
        done = (v.round - 1) * n + (n - left)
        args = self._threat_args(v, done)
        if args is None or not zords:
            return None
        args = (*args[:2], left, *args[3:])
        now = tuple((float(sum(k for _, k in lo.foot_soldiers)), lo.panicked) for lo in v.locations)
        r0 = self._risk(v, now, args)
        best, best_r = None, r0
        for a in zords:
            i = next((k for k, lo in enumerate(v.locations) if lo.id == a.location), None)
            if i is None or now[i][0] < 1:
                continue
            board = list(now)
            empty = now[i][0] <= 1 and not v.locations[i].villains  # Ruling 12: no panic
            board[i] = (now[i][0] - 1, now[i][1] and not empty)
            r = self._risk(v, tuple(board), args)
            if r < best_r - 1e-9 or (best is None and left <= 1):
                best, best_r = a, r
        if best is not None and (best_r < r0 - 0.02 or left <= 1):
            return best
        return Pass()

    def _risk(self, v: View, board: tuple, args) -> float:
        """Chance that the next Deployment Phase panics every location, for `board`: per
        location (foot soldiers, panicked), villain figures as they are now."""
        from .threat import loss_chance

        locs = tuple(
            (lo.id, int(round(fs)), len(lo.villains), panicked, lo.locked_full)
            for lo, (fs, panicked) in zip(v.locations, board, strict=True)
        )
        key = (locs, args)
        got = self._risk_cache.get(key)
        if got is None:
            due, done, n, fs, heavy = args
            got = loss_chance(locs, due, done, n, fs, heavy)
            if len(self._risk_cache) > 4096:
                self._risk_cache.clear()
            self._risk_cache[key] = got
        return got

    def _team_plan(self, v: View):
        """Best (value, {seat: location or None}) for the rest of the round."""
        locs = [lo for lo in v.locations]
        players = list(v.players)
        choices = []
        for p in players:
            opts = []
            at = next((lo for lo in locs if lo.id == p.location), None)
            if at is not None:
                opts.append((at.id, 0))
            if p.tokens >= 2:
                opts += [(lo.id, 1) for lo in locs if lo.id != p.location and lo.figures > 0]
            if not opts:
                opts.append((None, 0))
            choices.append(opts)
        cache: dict = {}
        ends: dict = {}  # group key -> (foot soldiers, panicked) at its location after
        best = (0.0, None)
        targs = self._threat_args(v)
        now = tuple((float(sum(n for _, n in lo.foot_soldiers)), lo.panicked) for lo in locs)
        base_risk = self._risk(v, now, targs) if targs is not None else 0.0

        def rec(i, assign):
            nonlocal best
            if i == len(players):
                total = 0.0
                groups: dict = {}
                for p, (loc, moved) in zip(players, assign, strict=True):
                    if loc is not None:
                        groups.setdefault(loc, []).append((p, moved))
                for loc, members in groups.items():
                    key = (loc, tuple(sorted((p.seat, m) for p, m in members)))
                    if key not in cache:
                        lo = next(x for x in locs if x.id == loc)
                        if lo.figures == 0:
                            cache[key] = 0.0
                        else:
                            tokens = sum(max(0, p.tokens - m) for p, m in members)
                            cards = sum(self._cards(p) for p, _ in members)
                            seats = tuple(p.seat for p, _ in members)
                            gain, spent, nb = self._group_round(
                                v, lo, seats, tokens, cards, v.hq_energy
                            )
                            if nb:
                                ends[key] = self._last_end
                            moves = sum(m for _, m in members)
                            cache[key] = (
                                gain - CARD_COST * spent - MOVE_COST * moves
                                if nb
                                else -MOVE_COST * moves
                            )
                    total += cache[key]
                if targs is not None:
                    board = list(now)
                    for loc, members in groups.items():
                        key = (loc, tuple(sorted((p.seat, m) for p, m in members)))
                        if key in ends:
                            board[next(k for k, x in enumerate(locs) if x.id == loc)] = ends[key]
                    total -= self.risk_w * (self._risk(v, tuple(board), targs) - base_risk)
                if total > best[0] + 1e-9:
                    best = (total, tuple(assign))
                return
            for o in choices[i]:
                assign.append(o)
                rec(i + 1, assign)
                assign.pop()

        rec(0, [])
        return best

    def _action_phase(self, v: View, legal: list, seat: int):
        me = v.players[seat]
        legal_keys = {repr(a) for a in legal}

        def do(who, act):
            if who == seat:
                return act if repr(act) in legal_keys else None
            f = Focus(seat=who)
            return f if repr(f) in legal_keys else None

        for a in legal:
            if not isinstance(a, UseZord):
                continue
            if a.zord in ("mastodon", "dino_megazord"):
                target = max(v.locations, key=lambda lo: self._loc_score(v, lo))
                if a.location == target.id:
                    return a
            if a.zord in ("triceratops", "mega_v2") and len(me.discard) >= 3:
                return a
        # the free Command Center RECOVER first, for the Ranger who gains most
        if v.hq_tokens > 0:
            need = [
                (-len(p.discard), self._power(p), p.seat)
                for p in v.players
                if len(p.discard) >= 2 and p.hand_count + p.deck_count < 9
            ]
            if need:
                got = do(min(need)[2], Recover(hq_token=True))
                if got is not None:
                    return got
        # a Ranger too weak to fight recovers first (if it can still battle after)
        for p in v.players:
            if p.tokens >= 2 and self._power(p) < WEAK and len(p.discard) >= 2:
                at = next((lo for lo in v.locations if lo.id == p.location), None)
                if at is not None and at.figures > 0:
                    got = do(p.seat, Recover())
                    if got is not None:
                        return got
        boss = self._boss_location(v)
        if boss is not None:
            got = self._boss_mode(v, boss, do)
            if got is not None:
                return got
        elif self.hunt_from and v.round >= self.hunt_from and self._hunt_ok(v):
            prey = self._monster_location(v)
            if prey is not None:
                got = self._boss_mode(v, prey, do)
                if got is not None:
                    return got
        value, plan = self._team_plan(v)
        if plan is not None:
            players = list(v.players)
            groups: dict = {}
            for p, (loc, _moved) in zip(players, plan, strict=True):
                if loc is not None:
                    groups.setdefault(loc, []).append(p)
            urgency = {}
            for loc, members in groups.items():
                lo = next(x for x in v.locations if x.id == loc)
                cards = sum(self._cards(p) for p in members)
                seats = tuple(p.seat for p in members)
                urgency[loc] = self._group_round(v, lo, seats, 1, cards, v.hq_energy)[0]
            # moves first (the most urgent location first), so that battles include
            # everyone planned there
            movers = [
                (urgency.get(loc, 0.0), -p.seat, p.seat, loc)
                for p, (loc, moved) in zip(players, plan, strict=True)
                if moved and p.tokens >= 2
            ]
            for _, _, who, loc in sorted(movers, reverse=True):
                got = do(who, Move(to=loc))
                if got is not None:
                    return got
            ranked = []
            for loc, members in groups.items():
                lo = next(x for x in v.locations if x.id == loc)
                if lo.figures == 0:
                    continue
                leader = max(
                    (p for p in members if p.tokens > 0),
                    key=lambda p: (p.deck_count, self._power(p), -p.seat),
                    default=None,
                )
                if leader is not None:
                    ranked.append((urgency[loc], leader.seat))
            for _, who in sorted(ranked, reverse=True):
                got = do(who, StartBattle())
                if got is not None:
                    return got
        # leftover tokens: RECOVER for the next round, or get in place for it
        if self.leftover_power_up and v.round >= self.leftover_power_up:
            # from the round before the boss on: a last token powers up (a whole deck
            # back, not 6 shields), as the Rangers move to the boss next round anyway
            for p in v.players:
                if (
                    p.tokens >= 1
                    and p.location != "hq"
                    and v.headquarters == "command_center"
                    and p.hand_count + p.deck_count <= 8
                ):
                    got = do(p.seat, Move(to="hq", power_up=True))
                    if got is not None:
                        return got
        for p in v.players:
            if p.tokens >= 1 and p.discard and p.hand_count + p.deck_count < 8:
                got = do(p.seat, Recover())
                if got is not None:
                    return got
        for p in v.players:
            if p.tokens >= 1 and p.location == "hq":
                target = max(v.locations, key=lambda lo: self._loc_score(v, lo))
                got = do(p.seat, Move(to=target.id))
                if got is not None:
                    return got
        return EndPhase()

    # ------------------------------------------------------------------ the boss
    # The boss must fall within a round or two of arriving: once it is on the board with
    # both monsters, three locations are panicked and the next deployments fill the last.
    # So once it is here the whole team goes there and battles it with every token.

    def _boss_location(self, v: View):
        if v.mode != "standard" or v.boss != "rita_repulsa":
            return None
        return next((lo for lo in v.locations if v.boss in lo.villains), None)

    def _guard_last_safe(self, v: View, boss, do):
        """The boss round's other way to lose: the last unpanicked location fills in the
        next deployment. While it has little room, a Ranger there (or one who can get there
        and still battle) clears it before the rest of the team takes on the boss."""
        safe = [lo for lo in v.locations if not lo.panicked and lo.id != boss.id]
        if len(safe) != 1:
            return None
        lo = safe[0]
        if lo.figures == 0 or lo.figure_limit - lo.figures > self.guard_room:
            return None
        here = [p for p in v.players if p.location == lo.id and p.tokens > 0]
        if here:
            p = max(here, key=lambda p: (p.hand_count + p.deck_count, -p.seat))
            return do(p.seat, StartBattle())
        movers = [p for p in v.players if p.tokens >= 2 and p.location != boss.id]
        if not movers:
            movers = [p for p in v.players if p.tokens >= 2]
        if movers:
            p = max(movers, key=lambda p: (p.hand_count + p.deck_count, -p.seat))
            return do(p.seat, Move(to=lo.id))
        return None

    def _hunt_ok(self, v: View) -> bool:
        """Hunting leaves the rest of the board as it is: only while the next Deployment
        Phase is unlikely to end the game on it (`hunt_risk`; 0: always)."""
        targs = self._threat_args(v)
        if targs is None or self.hunt_risk <= 0:
            return True
        now = tuple((float(sum(n for _, n in lo.foot_soldiers)), lo.panicked) for lo in v.locations)
        return self._risk(v, now, targs) <= self.hunt_risk

    def _monster_location(self, v: View):
        """The monster the team hunts before the boss comes: the one closest to defeat (its
        discard pile), then the one with the fewest foot soldiers beside it."""
        if v.mode != "standard":
            return None
        done = dict(v.enemy_discards)
        spots = [
            (len(done.get(x, ())), -lo.figures, lo)
            for lo in v.locations
            for x in lo.villains
            if x in v.monsters
        ]
        if not spots:
            return None
        return max(spots, key=lambda t: (t[0], t[1]))[2]

    def _clear_for_safety(self, v: View, boss, do):
        """Once the boss is on the board, a battle that makes the next Deployment Phase
        much safer (`threat.loss_chance` down by `safety_gain` or more) comes before the
        boss battle: its Ranger is the one that lowers the chance most (within 0.05: the
        one already there, then the most cards)."""
        targs = self._threat_args(v)
        if targs is None or self.safety_gain <= 0:
            return None
        locs = list(v.locations)
        now = tuple((float(sum(n for _, n in lo.foot_soldiers)), lo.panicked) for lo in locs)
        r0 = self._risk(v, now, targs)
        if r0 < self.safety_gain:
            return None
        best = None
        for k, lo in enumerate(locs):
            if lo.id == boss.id or lo.figures == 0 or not lo.foot_soldiers:
                continue
            here = [q for q in v.players if q.location == lo.id]
            for p in v.players:
                moved = p.location != lo.id
                if p.tokens < (2 if moved else 1):
                    continue
                group = here + ([p] if moved else [])
                if lo.villains and len(group) < MIN_VILLAIN_GROUP:
                    continue  # alone against a monster: a respawn, hardly a figure less
                cards = sum(self._cards(q) for q in group)
                seats = tuple(q.seat for q in group)
                _, _, nb = self._group_round(v, lo, seats, 1, cards, v.hq_energy)
                if not nb:
                    continue
                board = list(now)
                board[k] = self._last_end
                gain = r0 - self._risk(v, tuple(board), targs)
                key = (round(gain, 1), not moved, self._cards(p), -p.seat)
                if gain >= self.safety_gain and (best is None or key > best[0]):
                    best = (key, p, lo, moved)
        if best is None:
            return None
        _, p, lo, moved = best
        return do(p.seat, Move(to=lo.id) if moved else StartBattle())

    def _boss_mode(self, v: View, boss, do):
        if self.safety_gain > 0:
            got = self._clear_for_safety(v, boss, do)
            if got is not None:
                return got
        if self.guard_room >= 0:
            got = self._guard_last_safe(v, boss, do)
            if got is not None:
                return got
        there = [p for p in v.players if p.location == boss.id]
        # tokens left at the boss once everyone has come: one must start the battle
        left = sum(p.tokens for p in there) + sum(
            p.tokens - 1 for p in v.players if p.location != boss.id and p.tokens >= 2
        )
        # Rangers elsewhere: broke ones power up first if they can still come, then all come
        # (at most `boss_group` of them, the most cards first, when that is set)
        coming = list(v.players)
        if self.boss_group:
            room = max(0, self.boss_group - len(there))
            coming = sorted(
                (p for p in coming if p.location != boss.id),
                key=lambda p: (-(p.hand_count + p.deck_count), p.seat),
            )[:room]
        for p in coming:
            if p.location == boss.id or p.tokens < 1 or (p.tokens == 1 and left < 1):
                continue
            cards = p.hand_count + p.deck_count
            if (
                p.location != "hq"
                and p.tokens >= 2
                and cards < BOSS_REFRESH
                and v.headquarters != "astro_megaship"
            ):
                got = do(p.seat, Move(to="hq", power_up=True))
                if got is not None:
                    return got
            got = do(p.seat, Move(to=boss.id))
            if got is not None:
                return got
        lead = max(
            (p for p in there if p.tokens > 0),
            key=lambda p: (p.hand_count + p.deck_count, p.tokens, -p.seat),
            default=None,
        )
        if lead is not None:
            return do(lead.seat, StartBattle())
        return None

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
            if top != seat and scores[top] > scores[seat] + 0.05:
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
            dice += 2 if "+2 dice" in c.text else 1
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


SEARCH = 3  # sampled hidden states per battle decision of the default bot
TOP_K = 5  # card plays kept for its rollouts


class HotgBot(HotgHeuristicBot):
    """The seat bot (`bot` / `heuristic` seats, `selfplay`): the strongest we have, the
    heuristic with rollout search of the Rangers' battle decisions (benchmarks/hotg_bot.py
    measures it; well under 2 s of thinking per decision)."""

    def __init__(
        self, search: int = SEARCH, top_k: int = TOP_K, plan_search: int = 0, plan_from: int = 1
    ) -> None:
        super().__init__(search=search, top_k=top_k, plan_search=plan_search, plan_from=plan_from)
