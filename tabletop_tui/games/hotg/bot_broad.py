"""A broader Action Phase planner for the cooperative bot (issue 15, session 13).

The team planner (bot_planner.py) lets each Ranger either stay and battle with all its
tokens or move once and battle with the rest, and judges a plan by the board it leaves for
the next Deployment Phase only. Its best plans are near ties (session 11), so rollouts
that chose among them found nothing better. This planner widens the candidate set and
looks one Deployment Phase further:

- each Ranger's *program* for the rest of the round is a short sequence of steps, one per
  action token: battle where it stands, move (to an outer location or to the Command
  Center to power up, base rules §4.2), RECOVER; so a Ranger may battle and then move to
  where it will fight next round, power up and come back out, or stay put;
- every combination of programs is scored by the cheap battle model of the old planner
  (`_group_round`) plus the chance that the next Deployment Phase panics every location
  (`threat.loss_chance`, from the counted deck when `count_cards` is on);
- the best few *distinct* plans (board left, where the Rangers stand, their cards) are
  scored again with an explicit two-phase model (`two_phase`): the next phase played on
  sampled decks, a simple model of the team's next round from where the plan leaves the
  Rangers (each clears foot soldiers where it stands, or moves and clears once; once the
  boss is down, everyone goes to it), then the phase after. Plans that leave the board
  one deployment from losing score lower.

Off by default (`planner_style` = ""); measured in card_data/hotg/AUDIT.md, session 13.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from .models import Move, Recover, StartBattle, View
from .threat import _place_fs, _samples, counted_samples

#: per battle in the response model: foot soldier figures one Ranger removes per card it
#: can play (at most 4 cards a battle); the benchmark's tally says about 1.9 a battle
RESPONSE_KILL = 0.5
RESPONSE_CARDS = 4.0  # cards one battle costs a Ranger in the response model
TWO_PHASE_SAMPLES = 24  # sampled decks for the two-phase model
MAX_COMBOS = 30000  # beyond this, programs are trimmed (repositioning moves first)


# ---------------------------------------------------------------------- pure model
def sequences(
    segments: tuple | None, next_back: str, n: int, fs_types: tuple, heavy: bool
) -> tuple[tuple, ...]:
    """Sampled card sequences long enough for two Deployment Phases of `n` deployments
    (2n + 1 cards: each deployment looks at the card after it), with the villains' draws;
    from the counted deck when `segments` holds enough cards."""
    got = counted_samples(segments, next_back, 2 * n) if segments else None
    if got is None:
        got = _samples(fs_types, heavy, 2 * n)
    return got[:TWO_PHASE_SAMPLES]


def play_phase(
    figs: list,
    vill: list,
    panicked: list,
    limits: list,
    locked: list,
    cards: tuple,
    first: int,
    n: int,
    when: list,
    boss_when: int,
    done: int,
) -> tuple[bool, bool]:
    """One Deployment Phase on the plain board model of `threat.loss_chance` (changed in
    place): `cards[first + d]` deploys with the back of `cards[first + d + 1]` naming the
    location (base rules §4.1); `when` lists the deployments (over the game) that bring a
    villain, `boss_when` the boss's. Returns (lost, the boss came)."""
    boss = False
    for d in range(n):
        k = done + d + 1
        figures = cards[first + d][0]
        target = cards[first + d + 1][1]
        if _place_fs(figs, vill, panicked, limits, locked, target, figures):
            return True, boss
        for w in when:
            if w != k:
                continue
            dest = next(((target + j) % 4 for j in range(4) if not panicked[(target + j) % 4]), -1)
            if dest < 0:
                return True, boss
            vill[dest] += 1
            panicked[dest] = True
            boss = boss or w == boss_when
            if all(panicked):
                return True, boss
    return False, boss


def respond(
    figs: list,
    vill: list,
    panicked: list,
    limits: list,
    rangers: list,
    boss_down: bool,
) -> None:
    """The team's next round, plainly (the board changed in place): `rangers` as
    (location index or -1, cards). Once the boss is down everyone goes to it, and at most
    one battle clears the last unpanicked location if it is nearly full. Otherwise each
    Ranger (the most cards first) clears foot soldiers at a location without a villain:
    twice where it stands, or once after a move, where that frees the most room where
    room matters most (an unpanicked location; a panicked one it empties)."""

    def kill(cards: float, fs: float) -> float:
        return min(fs, RESPONSE_KILL * min(RESPONSE_CARDS, cards))

    if boss_down:
        safe = [i for i in range(4) if not panicked[i]]
        if len(safe) == 1:
            i = safe[0]
            if limits[i] - figs[i] - vill[i] <= 3 and rangers:
                cards = max(c for _, c in rangers)
                figs[i] -= kill(cards, figs[i])
        return
    for at, cards in sorted(rangers, key=lambda t: -t[1]):
        best = None
        for i in range(4):
            if vill[i] or figs[i] <= 0:
                continue
            battles = 2 if i == at else 1
            c, fs, removed = cards, figs[i], 0.0
            for _ in range(battles):
                k = kill(c, fs)
                removed += k
                fs -= k
                c -= RESPONSE_CARDS
            if removed <= 0:
                continue
            if panicked[i]:
                worth = 0.5 * removed + (4.0 if fs < 0.5 else 0.0)
            else:
                room = limits[i] - figs[i]
                worth = removed * (1.0 + 3.0 / (room + 1.0))
            if best is None or worth > best[0]:
                best = (worth, i, removed)
        if best is not None:
            _, i, removed = best
            figs[i] = max(0.0, figs[i] - removed)
            if figs[i] < 0.5 and panicked[i] and not vill[i]:
                figs[i] = 0.0
                panicked[i] = False


def two_phase(
    board: tuple,
    limits: tuple,
    rangers: tuple,
    due: tuple,
    boss_due: int,
    boss_down: bool,
    done: int,
    n: int,
    samples: tuple,
    edge: int = 3,
) -> tuple[float, float, float]:
    """(lost in the next phase, lost in the one after, locations one deployment from
    panic after the next phase and the team's response) as shares / means over `samples`.

    `board`: per location (foot soldiers, villains, panicked, locked) clockwise, the
    locations' indices being the backs' (`samples` must name backs by index);
    `rangers`: (location index or -1, cards) after this round; `due`: per villain still
    to come, its possible deployments; `boss_due`: the index in `due` of the boss (-1)."""
    lost1 = lost2 = 0
    edgy = 0.0
    for cards, draws in samples:
        figs = [float(b[0]) for b in board]
        vill = [b[1] for b in board]
        panicked = [b[2] for b in board]
        locked = [b[3] for b in board]
        when = []
        boss_when = -1
        for j, (slots, u) in enumerate(zip(due, draws, strict=False)):
            if slots:
                w = slots[min(len(slots) - 1, int(u * len(slots)))]
                when.append(w)
                if j == boss_due:
                    boss_when = w
        figs = [int(round(x)) for x in figs]
        lost, came = play_phase(
            figs, vill, panicked, list(limits), locked, cards, 0, n, when, boss_when, done
        )
        if lost:
            lost1 += 1
            continue
        ff = [float(x) for x in figs]
        respond(ff, vill, panicked, list(limits), list(rangers), boss_down or came)
        edgy += sum(1 for i in range(4) if not panicked[i] and limits[i] - ff[i] - vill[i] <= edge)
        figs = [int(round(x)) for x in ff]
        lost, _ = play_phase(
            figs, vill, panicked, list(limits), locked, cards, n, n, when, boss_when, done + n
        )
        lost2 += lost
    k = max(1, len(samples))
    return lost1 / k, lost2 / k, edgy / k


@lru_cache(maxsize=64)
def indexed_samples(
    ids: tuple, segments: tuple | None, next_back: str, n: int, fs_types: tuple, heavy: bool
) -> tuple:
    """`sequences` with each card's back given as the index of its location in `ids`."""
    where = {x: i for i, x in enumerate(ids)}
    out = []
    for cards, draws in sequences(segments, next_back, n, fs_types, heavy):
        out.append((tuple((f, where.get(b, 0)) for f, b in cards), draws))
    return tuple(out)


def programs(
    tokens: int,
    at: str,
    outer: tuple,
    fought: tuple,
    power_up: bool,
    recover: bool,
) -> list[tuple]:
    """A Ranger's possible programs for the rest of the round, one step per token:
    ("B", loc) battle there, ("M", loc) move there, ("P",) move to the Command Center and
    power up, ("R",) RECOVER. `outer`: the outer locations; `fought`: those holding
    enemy figures (only there can a battle start, base rules §4.2); `at`: where the
    Ranger stands ("hq" for the Command Center)."""
    if tokens <= 0:
        return [()]
    out: list[tuple] = [()]
    here = at in fought
    others = [x for x in outer if x != at]
    if here:
        out.append((("B", at),) * tokens)
    for x in others:
        if tokens >= 2 and x in fought:
            out.append((("M", x),) + (("B", x),) * (tokens - 1))
        elif tokens == 1 or x not in fought:
            out.append((("M", x),))
    if power_up and at != "hq":
        out.append((("P",),))
    if recover:
        out.append((("R",),) if not here or tokens == 1 else (("R",), ("B", at)))
    if tokens >= 2:
        if here:
            out += [(("B", at), ("M", x)) for x in others]
            if power_up:
                out.append((("B", at), ("P",)))
        if power_up and at != "hq":
            out += [(("P",), ("M", x)) for x in outer]
    seen: set = set()
    uniq = []
    for prog in out:
        if prog not in seen:
            seen.add(prog)
            uniq.append(prog)
    return uniq


def plan_groups(plan: tuple, seats: tuple) -> dict:
    """Per location, the Rangers who battle there and how many battles each starts:
    {loc: ((seat, battles), ...)}."""
    out: dict = {}
    for seat, prog in zip(seats, plan, strict=True):
        n: dict = {}
        for step in prog:
            if step[0] == "B":
                n[step[1]] = n.get(step[1], 0) + 1
        for loc, k in n.items():
            out.setdefault(loc, []).append((seat, k))
    return {loc: tuple(sorted(m)) for loc, m in out.items()}


def end_location(at: str, prog: tuple) -> str:
    """Where a Ranger stands after its program."""
    for step in prog:
        if step[0] == "M":
            at = step[1]
        elif step[0] == "P":
            at = "hq"
    return at


def first_action(plan: tuple, seats: tuple, urgency: dict, at: dict, tokens: dict):
    """(seat, action) to take now for `plan`: moves that bring a Ranger to its battles (or
    to the Command Center to power up) come first, the most urgent location first; then
    battles, the most urgent first, led by a Ranger whose next step is to battle there;
    then the remaining steps (moves after battles, RECOVER). None: nothing left."""
    nxt = {s: prog[0] for s, prog in zip(seats, plan, strict=True) if prog}
    joins = []
    for s, prog in zip(seats, plan, strict=True):
        if prog and prog[0][0] in ("M", "P") and any(st[0] == "B" for st in prog[1:]):
            joins.append((urgency.get(prog[1][1], 0.0), -s, s, prog[0]))
    if joins:
        _, _, s, step = max(joins)
        return s, _step_action(step)
    battles = []
    for s, step in nxt.items():
        if step[0] == "B" and at[s] == step[1]:
            battles.append((urgency.get(step[1], 0.0), tokens[s], -s, s))
    if battles:
        return max(battles)[3], StartBattle()
    for s in sorted(nxt):
        step = nxt[s]
        if step[0] != "B":
            return s, _step_action(step)
    return None


def _step_action(step: tuple):
    if step[0] == "M":
        return Move(to=step[1])
    if step[0] == "P":
        return Move(to="hq", power_up=True)
    return Recover()


# ---------------------------------------------------------------------- the bot part
class BroadPlanner:
    """Mixed into the bot: the broad planner (`planner_style` = "broad")."""

    #: "" (the team planner) or "broad" (this planner, standard games before the boss)
    planner_style = ""
    #: weight of losing in the Deployment Phase after next (two-phase model)
    broad_risk2_w = 40.0
    #: weight per unpanicked location left within `broad_edge` figures of its limit
    #: after the next phase and the team's response
    broad_edge_w = 2.0
    broad_edge = 3
    #: a card restored by powering up or RECOVER, against CARD_COST for a card spent
    broad_card_w = 0.25
    #: distinct plans (the best by stage 1) scored again with the two-phase model
    broad_rescored = 16
    #: also in the boss's rounds (else the boss round's own rules play them)
    broad_boss = False

    def _broad_cards(self, p) -> float:
        """Cards a Ranger holds (hand and deck): what powering up would not add."""
        return float(p.hand_count + p.deck_count)

    def _broad_plan(self, v: View):
        """(score, plan): a program per player, best first by the two-stage score."""
        from .bot_planner import CARD_COST, MOVE_COST

        locs = list(v.locations)
        ids = tuple(lo.id for lo in locs)
        fought = tuple(lo.id for lo in locs if lo.figures > 0)
        power_ok = v.headquarters == "command_center"
        players = list(v.players)
        seats = tuple(p.seat for p in players)
        progs = []
        for p in players:
            rec = len(p.discard) >= 3 and p.hand_count + p.deck_count < 8
            progs.append(programs(p.tokens, p.location, ids, fought, power_ok, rec))
        total = 1
        for pr in progs:
            total *= len(pr)
        if total > MAX_COMBOS:  # trim: drop repositioning after a battle, then power-up tours
            progs = [[g for g in pr if not (len(g) == 2 and g[1][0] == "M")] for pr in progs]
        targs = self._threat_args(v)
        now = tuple((float(sum(n for _, n in lo.foot_soldiers)), lo.panicked) for lo in locs)
        base_risk = self._risk(v, now, targs) if targs is not None else 0.0
        group_cache: dict = {}
        scored = []
        for combo in itertools.product(*progs):
            groups = plan_groups(combo, seats)
            value = 0.0
            board = list(now)
            spent_by: dict = {}
            for loc, members in groups.items():
                key = (loc, members)
                got = group_cache.get(key)
                if got is None:
                    lo = locs[ids.index(loc)]
                    cards = sum(self._cards(players[seats.index(s)]) for s, _ in members)
                    tokens = sum(k for _, k in members)
                    gain, spent, nb = self._group_round(
                        v, lo, tuple(s for s, _ in members), tokens, cards, v.hq_energy
                    )
                    got = (gain - CARD_COST * spent if nb else 0.0, spent, self._last_end, nb)
                    group_cache[key] = got
                value += got[0]
                if got[3]:
                    board[ids.index(loc)] = got[2]
                for s, _ in members:
                    spent_by[s] = spent_by.get(s, 0.0) + got[1] / len(members)
            for p, prog in zip(players, combo, strict=True):
                for step in prog:
                    if step[0] in ("M", "P"):
                        value -= MOVE_COST
                    if step[0] == "P":
                        value += self.broad_card_w * (len(p.discard) + spent_by.get(p.seat, 0.0))
                    elif step[0] == "R":
                        value += self.broad_card_w * min(len(p.discard), 2.5)
            if targs is not None:
                value -= self.risk_w * (self._risk(v, tuple(board), targs) - base_risk)
            scored.append((value, combo, tuple(board), spent_by))
        scored.sort(key=lambda t: -t[0])
        if targs is None or not scored:
            return scored[0][:2] if scored else (0.0, None)
        return self._broad_stage2(v, scored, targs)

    def _broad_stage2(self, v: View, scored: list, targs) -> tuple:
        """The best distinct plans scored again with `two_phase`."""
        locs = list(v.locations)
        ids = tuple(lo.id for lo in locs)
        limits = tuple(lo.figure_limit for lo in locs)
        due, done, n, fs, heavy, segments, back = targs
        samples = indexed_samples(ids, segments, back, n, fs, heavy)
        placed = set(v.defeated_villains) | set(v.hq_villains)
        for lo in locs:
            placed |= set(lo.villains)
        boss_due = len(due) - 1 if v.boss not in placed and v.boss == "rita_repulsa" else -1
        boss_down = any(v.boss in lo.villains for lo in locs)
        seen: dict = {}
        best = None
        for value, combo, board, spent_by in scored:
            if len(seen) >= self.broad_rescored:
                break
            rangers = []
            for p, prog in zip(v.players, combo, strict=True):
                end = end_location(p.location, prog)
                cards = self._broad_cards(p) - spent_by.get(p.seat, 0.0)
                if any(st[0] == "P" for st in prog):
                    cards = float(p.hand_count + p.deck_count + len(p.discard))
                rangers.append((ids.index(end) if end in ids else -1, round(max(0.0, cards))))
            b = tuple(
                (int(round(f)), len(lo.villains), pan, lo.locked_full)
                for lo, (f, pan) in zip(locs, board, strict=True)
            )
            key = (b, tuple(sorted(rangers)))
            if key in seen:
                extra = seen[key]
            else:
                _, l2, edgy = two_phase(
                    b,
                    limits,
                    tuple(rangers),
                    due,
                    boss_due,
                    boss_down,
                    done,
                    n,
                    samples,
                    self.broad_edge,
                )
                extra = -self.broad_risk2_w * l2 - self.broad_edge_w * edgy
                seen[key] = extra
            total = value + extra
            if best is None or total > best[0] + 1e-9:
                best = (total, combo)
        return best

    def _broad_action(self, v: View, do):
        """The first action of the broad plan (through `do`, which hands the turn to the
        seat that should act), or None when the plan has nothing left to do."""
        _, plan = self._broad_plan(v)
        if plan is None:
            return None
        seats = tuple(p.seat for p in v.players)
        urgency = {}
        for lo in v.locations:
            urgency[lo.id] = self._loc_score(v, lo)
        at = {p.seat: p.location for p in v.players}
        tokens = {p.seat: p.tokens for p in v.players}
        got = first_action(plan, seats, urgency, at, tokens)
        if got is None:
            return None
        return do(*got)
