"""The cooperative bot in Psycho Assault Mode: where the Psycho Rangers will stand.

In that mode each Psycho follows the Ranger holding its card at the end of the round, and
two Psychos in one location panic it; in 18 of 40 traced bot games (AUDIT.md session 11)
the last location fell that way, often as Rangers walked their Psychos into the same clean
location. Mixed into the bot class ahead of the team planner; other modes are unchanged.

Session 13 adds the mode's own planning, each part behind a switch (all off; AUDIT.md
session 13): `psycho_plan` (the end-of-round move on the board the plan's battles leave,
leftover tokens, the Psycho card's Ranger), `psycho_battle` (battles against Psychos as
their cards), `psycho_threat` (the deployment threat with the gathering) and
`psycho_siege` (the battles at the gathering after it).
"""

from __future__ import annotations

from collections import Counter

from .bot_planner import DMG_FS, KILL_PER_CARD, PLAYS_PER_BATTLE, VILLAIN_FS_KILL
from .cards import catalog
from .models import PSYCHOS, Move, View

#: all four outer locations panicked by the Psychos' move: the game is lost
ALL_PANICKED = 1000.0


class PsychoAssaultPlanner:
    #: what each location the Psychos' end-of-round move would panic costs the team
    #: planner (0: off, the planner as in standard mode)
    psycho_spread = 0.0
    #: what each battle at a location holding Psycho Rangers is worth besides the planner's
    #: own estimate (two cards under a Psycho defeat it, three experience; 0: off)
    psycho_hunt_w = 0.0
    #: count a location that the Psychos' move would fill as panicked too (False: only
    #: two Psychos together)
    psycho_full = False
    #: a Psycho card with no Ranger of its colour goes first to a Ranger whose own
    #: colour's Psycho is not still to come (False: the most cards left, as before)
    psycho_attach_spread = False

    #: session 13: the team planner plays the Psychos' end-of-round move on the board its
    #: battles leave (pairs and full locations panic, a location a Psycho leaves empty
    #: calms down), a token left over ends a Ranger's round where its Psychos do least
    #: harm (the Command Center keeps them where they are), and a Psycho card goes to the
    #: Ranger where its deployment does least harm (False: off)
    psycho_plan = False
    #: the weight of that move's change in the board's value (`_loc_value`)
    psycho_plan_w = 1.0
    #: a leftover token moves a Ranger only for at least this much board value
    psycho_leftover_margin = 1.0
    #: from this round on (the boss card comes in round 4 or so), each location short of
    #: two left unpanicked by a gathering of the Psychos right after the round costs this
    psycho_boss_eve = 0.0
    psycho_boss_eve_round = 3
    #: figures a Psycho card's deployment brings besides the Psycho (its next card's
    #: foot soldiers, by a guess)
    PSYCHO_DEPLOY_FS = 2

    #: session 13: the team planner models a battle against Psychos as their own cards
    #: (two drawn per Psycho, two defeated under a Psycho defeat it; two defeated in one
    #: battle clear the foot soldiers) instead of a monster's (False: off)
    psycho_battle = False
    #: what a Psycho's defeat is worth besides the room it frees (three experience)
    psycho_defeat_w = 3.0
    #: Psycho cards defeated per combat card played (their health is 3-5, as a monster's)
    PSYCHO_KILL = 0.3
    #: cards a Ranger loses to each Psycho card left standing in a battle (they deal 2-5
    #: damage; the monster model's DMG_V is 1): past a group's cards, Rangers are defeated
    PSYCHO_DMG = 1.0
    _last_fallen: tuple = ()
    #: after the gathering (the boss card), the team planner weighs battles there with its
    #: other battles (`_pa_siege_round`) instead of sending everyone (`boss_modes`) or no
    #: one (the default) (False: off)
    psycho_siege = False
    #: what each Psycho card defeated at the gathering is worth (ten win the game)
    psycho_siege_w = 4.0
    #: what each Ranger defeated there costs (a Command Center energy)
    psycho_siege_defeat = 6.0  # the Psychos the last `_group_round` defeats (ids)

    #: session 13: the deployment threat (threat.py, `risk_w`) in this mode too: the next
    #: phase's foot soldiers, and the Psychos' gathering (the boss card, in pile D) as a
    #: villain that panics the first unpanicked location it reaches (False: off, as before)
    psycho_threat = False
    #: the first deployment of the game that may bring the boss card
    PSYCHO_BOSS_FIRST = 15

    def _threat_args(self, v: View, done: int | None = None):
        if not (
            self.psycho_threat
            and v.mode == "psycho_assault"
            and self.risk_w > 0
            and v.headquarters != "command_center_assault"
        ):
            return super()._threat_args(v, done)
        from .threat import villain_slots

        if done is None:
            done = v.round * v.deployments_per_round
        due = []
        if not v.psycho_boss_deployed:
            due.append(tuple(villain_slots(done, self.PSYCHO_BOSS_FIRST)))
        cat = catalog()
        fs = tuple(sorted({cat.locations[lo.id].foot_soldier for lo in v.locations}))
        return tuple(due), done, v.deployments_per_round, fs, v.heavy_deployments, None, ""

    def _pa_on(self, v: View) -> bool:
        return self.psycho_plan and v.mode == "psycho_assault" and not v.psycho_boss_deployed

    def _pa_value(self, v: View, board: list, count: list) -> float:
        """The board's value for the planner: per location (foot soldiers, panicked) and
        the Psychos standing there."""
        return sum(
            self._loc_value(v, lo, fs, n, panicked)
            for lo, (fs, panicked), n in zip(v.locations, board, count, strict=True)
        )

    def _pa_move(
        self, v: View, ends: dict, board: list | None = None, gone: set | frozenset = frozenset()
    ) -> tuple:
        """The Psychos' end-of-round move (expansion rulebook, Psycho Assault Mode, End of
        the Round) on `board` ((foot soldiers, panicked) per location; default: as it is),
        each Psycho going to `ends[its Ranger]` ("hq": it stays). Returns (board after,
        Psychos per location after, change in `_pa_value`, all four panicked)."""
        locs = v.locations
        if board is None:
            board = [(float(sum(k for _, k in lo.foot_soldiers)), lo.panicked) for lo in locs]
        fs = [b[0] for b in board]
        pan = [b[1] for b in board]
        count = [sum(1 for x in lo.villains if x in PSYCHOS and x not in gone) for lo in locs]
        other = [sum(1 for x in lo.villains if x not in PSYCHOS) for lo in locs]
        limit = [lo.figure_limit for lo in locs]
        idx = {lo.id: k for k, lo in enumerate(locs)}
        where = {
            x: k for k, lo in enumerate(locs) for x in lo.villains if x in PSYCHOS and x not in gone
        }
        before = self._pa_value(v, list(zip(fs, pan, strict=True)), count)

        def figs(k: int) -> float:
            return round(fs[k]) + count[k] + other[k]

        for n in v.nemeses:
            if n.status != "deployed" or not n.attached_to or n.id not in where:
                continue
            here, to = where[n.id], idx.get(ends.get(n.attached_to, "hq"))
            if to is None or to == here:
                continue  # at the Command Center its Ranger leaves it where it is
            count[here] -= 1
            if pan[here] and figs(here) == 0:
                pan[here] = False  # no enemy figure left: calm (Ruling 12)
            if figs(to) + 1 > limit[to]:
                spare = sum(max(0, limit[k] - figs(k)) for k in range(4) if k != to)
                if round(fs[to]) >= 1 and spare >= min(round(fs[to]), figs(to) + 1 - limit[to]):
                    count[to] += 1
                    while figs(to) > limit[to] and round(fs[to]) >= 1:
                        fs[to] -= 1  # the excess foot soldiers go clockwise
                        for j in range(1, 4):
                            k = (to + j) % 4
                            if figs(k) < limit[k]:
                                fs[k] += 1
                                pan[k] = pan[k] or figs(k) >= limit[k]
                                break
                else:
                    to = next(
                        (
                            (to + j) % 4
                            for j in range(1, 4)
                            if figs((to + j) % 4) < limit[(to + j) % 4]
                        ),
                        to,
                    )
                    count[to] += 1
            else:
                count[to] += 1
            where[n.id] = to
            if count[to] >= 2 or figs(to) >= limit[to]:
                pan[to] = True
        after_board = list(zip(fs, pan, strict=True))
        delta = self._pa_value(v, after_board, count) - before
        return after_board, count, delta, all(pan)

    def _pa_plan_delta(self, v: View, plan: tuple, groups_cache: dict) -> float:
        """What the Psychos' move after `plan`'s battles changes on the board, for the team
        planner (the loss: `ALL_PANICKED`)."""
        ends: dict = {}
        groups: dict = {}
        for p, (loc, moved) in zip(v.players, plan, strict=True):
            for r in p.rangers:
                ends[r.id] = loc or p.location
            if loc is not None:
                groups.setdefault(loc, []).append((p, moved))
        board = [(float(sum(k for _, k in lo.foot_soldiers)), lo.panicked) for lo in v.locations]
        gone: set = set()  # Psychos the plan's battles defeat
        for loc, members in groups.items():
            key = (loc, tuple(sorted((p.seat, m) for p, m in members)))
            if key not in groups_cache:
                k = next(i for i, x in enumerate(v.locations) if x.id == loc)
                lo = v.locations[k]
                end = None
                if lo.figures > 0:
                    tokens = sum(max(0, p.tokens - m) for p, m in members)
                    cards = sum(self._cards(p) for p, _ in members)
                    seats = tuple(p.seat for p, _ in members)
                    _, _, nb = self._group_round(v, lo, seats, tokens, cards, v.hq_energy)
                    if nb:
                        end = (self._last_end, self._last_fallen)
                groups_cache[key] = (k, end)
            k, end = groups_cache[key]
            if end is not None:
                board[k] = end[0]
                gone |= set(end[1])
        after, count, delta, lost = self._pa_move(v, ends, board, gone)
        cost = self.psycho_boss_eve * max(0, 2 - self._pa_safe_after_gathering(v, after, count))
        return self.psycho_plan_w * delta - (ALL_PANICKED if lost else 0.0) - cost

    def _pa_safe_after_gathering(self, v: View, board: list, count: list) -> int:
        """Locations still unpanicked if the boss card came now (expansion rulebook, Psycho
        Assault Mode, Boss Deployment): the Psychos gather at an unpanicked location,
        which stays panicked; a location that held only Psychos is left empty and calms
        down (Ruling 12). 0 only once the boss card may come (`psycho_boss_eve`'s rounds)."""
        if v.round < self.psycho_boss_eve_round:
            return 2
        unpanicked = sum(1 for _, panicked in board if not panicked)
        calm = sum(
            1
            for lo, (fs, panicked), n in zip(v.locations, board, count, strict=True)
            if panicked and round(fs) == 0 and all(x in PSYCHOS for x in lo.villains)
        )
        return max(0, unpanicked - 1) + calm

    def _pa_ends(self, v: View) -> dict:
        """Where each Ranger is now ("hq" or an outer location)."""
        return {r.id: p.location for p in v.players for r in p.rangers}

    def _pa_leftover(self, v: View, p) -> tuple:
        """(gain, where) for a Ranger with a token left once the plan is done: the
        Command Center (its Psychos stay where they are) or, from there, an outer
        location, if its Psychos' move then does more good than where it is now."""
        ends = self._pa_ends(v)
        mine = [r.id for r in p.rangers]

        def move_delta(where: str) -> float:
            e = dict(ends)
            for r in mine:
                e[r] = where
            _, _, d, lost = self._pa_move(v, e)
            return d - (ALL_PANICKED if lost else 0.0)

        stay = move_delta(p.location)
        opts = [] if p.location == "hq" else ["hq"]
        if p.location == "hq":
            opts = [lo.id for lo in v.locations]
        best = (0.0, "")
        for where in opts:
            gain = move_delta(where) - stay
            if gain > best[0] + 1e-9:
                best = (gain, where)
        return best

    def _leftover_first(self, v: View, do):
        if not self._pa_on(v):
            return super()._leftover_first(v, do)
        for p in v.players:
            if p.tokens < 1 or p.location == "hq":
                continue
            gain, where = self._pa_leftover(v, p)
            if where == "hq" and gain >= self.psycho_leftover_margin:
                power = v.headquarters == "command_center"
                got = do(p.seat, Move(to="hq", power_up=power))
                if got is not None:
                    return got
        return None

    def _stays_put(self, v: View, p) -> bool:
        if not self._pa_on(v):
            return super()._stays_put(v, p)
        ends = self._pa_ends(v)
        if not any(
            n.attached_to == r.id and n.status == "deployed" for n in v.nemeses for r in p.rangers
        ):
            return False
        # the neediest location (where it would go) against staying, for its Psychos
        target = max(v.locations, key=lambda lo: self._loc_score(v, lo))
        e = dict(ends)
        for r in p.rangers:
            e[r.id] = target.id
        _, _, d, lost = self._pa_move(v, e)
        _, _, d0, lost0 = self._pa_move(v, ends)
        go = d - (ALL_PANICKED if lost else 0.0)
        stay = d0 - (ALL_PANICKED if lost0 else 0.0)
        return stay > go + self.psycho_leftover_margin

    def _pa_attach(self, v: View, choices: list):
        """The Ranger who takes a Psycho card (the team's choice): its deployment lands at
        that Ranger's location (at the next card's from the Command Center), so the one
        whose location loses least value to the Psycho and its foot soldiers; ties: the
        most cards left, as before."""
        owner = {r.id: p for p in v.players for r in p.rangers}
        locs = {lo.id: k for k, lo in enumerate(v.locations)}
        board = [(float(sum(k for _, k in lo.foot_soldiers)), lo.panicked) for lo in v.locations]
        count = [sum(1 for x in lo.villains if x in PSYCHOS) for lo in v.locations]
        base = self._pa_value(v, board, count)

        def harm(a) -> float:
            where = owner[a.ranger].location
            if where not in locs:
                where = v.next_deploy_back
                k = locs.get(where)
                if k is None:
                    return 0.0
                for j in range(4):  # a panicked location is passed clockwise (Ruling PA3)
                    if not v.locations[(k + j) % 4].panicked:
                        k = (k + j) % 4
                        break
            else:
                k = locs[where]
            b = list(board)
            c = list(count)
            lo = v.locations[k]
            fs = b[k][0] + self.PSYCHO_DEPLOY_FS
            c[k] += 1
            full = fs + c[k] + len(lo.villains) - count[k] >= lo.figure_limit
            b[k] = (min(fs, float(lo.figure_limit)), b[k][1] or full or c[k] >= 2)
            return base - self._pa_value(v, b, c)

        return min(
            choices,
            key=lambda a: (
                round(harm(a), 3),
                -(owner[a.ranger].deck_count + owner[a.ranger].hand_count),
                choices.index(a),
            ),
        )

    def _psycho_cost(self, v: View, plan: tuple) -> float:
        """Panics that the end-of-round move would cause if the Rangers end where `plan`
        puts them ((location or None, moved) per seat; None: where they are now)."""
        end = {}
        for p, (loc, _moved) in zip(v.players, plan, strict=True):
            for r in p.rangers:
                end[r.id] = loc or p.location
        count: Counter[str] = Counter()
        for n in v.nemeses:
            if n.status != "deployed" or not n.attached_to:
                continue
            here = next((lo.id for lo in v.locations if n.id in lo.villains), None)
            if here is None:
                continue
            to = end.get(n.attached_to, "hq")
            count[here if to == "hq" else to] += 1
        battling = {loc for loc, _moved in plan if loc}
        new = 0
        panicked = 0
        for lo in v.locations:
            arriving = count[lo.id] - sum(1 for x in lo.villains if x in PSYCHOS)
            fs = sum(k for _, k in lo.foot_soldiers)
            full = (
                self.psycho_full
                and lo.id not in battling
                and arriving > 0
                and fs + count[lo.id] >= lo.figure_limit
            )
            if lo.panicked:
                panicked += 1
            elif count[lo.id] >= 2 or full:
                new += 1
                panicked += 1
        cost = self.psycho_spread * new
        if new and panicked == len(v.locations):
            cost += ALL_PANICKED
        return cost

    def _team_plan(self, v: View, keep: list | None = None):
        if self._pa_on(v):
            scored: list = []
            super()._team_plan(v, scored)
            cache: dict = {}
            stay = tuple((None, 0) for _ in v.players)
            base = self._pa_plan_delta(v, stay, cache)
            best = (0.0, None)
            for total, order, plan in scored:
                t = total + self._pa_plan_delta(v, plan, cache) - base
                if keep is not None:
                    keep.append((t, order, plan))
                if t > best[0] + 1e-9:
                    best = (t, plan)
            return best
        if v.mode != "psycho_assault" or self.psycho_spread <= 0 or v.psycho_boss_deployed:
            return super()._team_plan(v, keep)
        scored: list = []
        super()._team_plan(v, scored)
        stay = tuple((None, 0) for _ in v.players)
        base = self._psycho_cost(v, stay)
        best = (0.0, None)
        for total, order, plan in scored:
            t = total - (self._psycho_cost(v, plan) - base)
            if keep is not None:
                keep.append((t, order, plan))
            if t > best[0] + 1e-9:
                best = (t, plan)
        return best

    def _pa_battle_round(self, v: View, lo, seats: tuple, tokens: int, cards: float):
        """`_group_round` at a location where Psychos stand (Psycho Assault Mode, Battle and
        Defeating Psycho Rangers): each battle draws two cards per Psycho present (at most
        eight) beside the foot soldiers; cards defeated go under the Psychos (the fewest
        still needed first), two under defeat one (three experience), two defeated in one
        battle clear the foot soldiers. Sets `_last_end` and `_last_fallen` (ids)."""
        under = {n.id: len(n.under) for n in v.nemeses}
        psy = sorted((x for x in lo.villains if x in PSYCHOS), key=lambda x: (-under.get(x, 0), x))
        need = {x: max(0.0, 2.0 - under.get(x, 0)) for x in psy}
        other = len(lo.villains) - len(psy)
        fs = float(sum(n for _, n in lo.foot_soldiers))
        panicked = lo.panicked
        before = self._loc_value(v, lo, fs, len(lo.villains), panicked)
        g = len(seats)
        quality = 1.0 + 0.12 * (min(g, 3) - 1)
        alive = list(psy)
        fallen: list[str] = []
        defeats = 0.0
        spent = 0.0
        battles = 0
        c = cards
        while tokens > 0 and (fs >= 0.5 or alive) and c >= 1.0:
            battles += 1
            tokens -= 1
            plays = min(PLAYS_PER_BATTLE + 0.5 * (g - 1), c)
            p_cards = min(8.0, 2.0 * len(alive))
            fs_cards = min(fs, 4.0)
            if alive:
                kp = min(p_cards, self.PSYCHO_KILL * plays * quality)
                kf = min(fs_cards, VILLAIN_FS_KILL * plays * quality)
            else:
                kp = 0.0
                kf = min(fs_cards, KILL_PER_CARD * plays * quality)
            dmg = DMG_FS * (fs_cards - kf) + self.PSYCHO_DMG * (p_cards - kp)
            short = max(0.0, plays + dmg - c)
            defeats += min(float(g), short / max(1.0, c / g))
            now = 0
            for x in list(alive):  # the one closest to defeat first
                take = min(kp, need[x])
                need[x] -= take
                kp -= take
                if need[x] <= 1e-9:
                    alive.remove(x)
                    fallen.append(x)
                    now += 1
            spent += plays + dmg
            c -= plays + dmg
            fs -= kf
            cleared = now >= 2
            if cleared:
                fs = 0.0  # two Psychos fell in one battle: the foot soldiers flee
            if not alive and not other and fs < 0.5 and (cleared or fs_cards - kf < 0.35):
                fs = 0.0
                panicked = False
        after = self._loc_value(v, lo, fs, len(alive) + other, panicked)
        gain = after - before + self.psycho_defeat_w * len(fallen)
        gain -= self.psycho_siege_defeat * defeats
        if defeats > v.hq_energy:
            gain -= ALL_PANICKED
        self._last_end = (fs, panicked)
        self._last_fallen = tuple(fallen)
        return gain, spent, battles

    def _pa_siege_round(self, v: View, lo, seats: tuple, tokens: int, cards: float):
        """`_group_round` at the Psychos' gathering (Psycho Assault Mode, Boss Battle): each
        battle lays out two rows of three Psycho cards whatever the number left; cards
        defeated go under the Psychos and stay there across battles (two defeat one); all
        of them defeated wins. A Ranger whose cards run out is defeated (one Command Center
        energy; with none left the game is lost)."""
        under = {n.id: len(n.under) for n in v.nemeses}
        alive = [x for x in lo.villains if x in PSYCHOS]
        need = sum(max(0, 2 - under.get(x, 0)) for x in alive)
        g = len(seats)
        quality = 1.0 + 0.12 * (min(g, 3) - 1)
        c = cards
        spent = killed = defeats = 0.0
        battles = 0
        while tokens > 0 and killed < need and c >= 1.0:
            battles += 1
            tokens -= 1
            plays = min(PLAYS_PER_BATTLE + 0.5 * (g - 1), c)
            kp = min(6.0, need - killed, self.PSYCHO_KILL * plays * quality)
            dmg = self.PSYCHO_DMG * (6.0 - kp)
            short = max(0.0, plays + dmg - c)
            defeats += min(float(g), short / max(1.0, c / g))
            killed += kp
            spent += plays + dmg
            c -= plays + dmg
        gain = self.psycho_siege_w * killed
        if need and killed >= need - 1e-9:
            gain += ALL_PANICKED  # every Psycho down: the game is won
        gain -= self.psycho_siege_defeat * defeats
        if defeats > v.hq_energy:
            gain -= ALL_PANICKED
        self._last_end = (0.0, lo.panicked)
        return gain, spent, battles

    def _group_round(self, v: View, lo, seats: tuple, tokens: int, cards: float, hq: int):
        self._last_fallen = ()
        if (
            self.psycho_siege
            and v.mode == "psycho_assault"
            and v.psycho_boss_deployed
            and lo.locked_full
            and any(x in PSYCHOS for x in lo.villains)
        ):
            return self._pa_siege_round(v, lo, seats, tokens, cards)
        if self.psycho_battle and self._pa_on(v) and any(x in PSYCHOS for x in lo.villains):
            return self._pa_battle_round(v, lo, seats, tokens, cards)
        gain, spent, battles = super()._group_round(v, lo, seats, tokens, cards, hq)
        if (
            v.mode == "psycho_assault"
            and self.psycho_hunt_w
            and any(x in PSYCHOS for x in lo.villains)
        ):
            gain += self.psycho_hunt_w * battles
        return gain, spent, battles

    def _decision(self, v: View, legal: list, seat: int):
        d = v.decision
        if d is not None and d.kind == "psycho_attach" and self._pa_on(v):
            return self._pa_attach(v, [a for a in legal if a.kind == "psycho_attach"])
        if not (self.psycho_attach_spread and d is not None and d.kind == "psycho_attach"):
            return super()._decision(v, legal, seat)
        cat = catalog()
        pending = {cat.nemeses[n.id].color for n in v.nemeses if n.status == "set_aside"}
        owner = {r.id: (p, r) for p in v.players for r in p.rangers}
        choices = [a for a in legal if a.kind == "psycho_attach"]

        def key(a):
            p, r = owner[a.ranger]
            return (
                r.color not in pending,  # no second card coming to this Ranger by colour
                p.deck_count + p.hand_count,
                -choices.index(a),
            )

        return max(choices, key=key)
