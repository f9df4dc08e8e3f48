"""The cooperative bot's Action Phase: the team planner (who stays, moves, battles where),
the boss round and the deployment threat (threat.py) it weighs. Mixed into the bot class.
"""

from __future__ import annotations

from .bot_decisions import DRAW_KEEP
from .cards import catalog
from .models import (
    PSYCHOS,
    EndPhase,
    Focus,
    Move,
    Pass,
    Recover,
    StartBattle,
    UseZord,
    View,
)

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
BOSS_REFRESH = 4  # away from the boss with fewer cards and 2 tokens: power up on the way


class TeamPlanner:
    """The Action Phase for the whole team (every seat reaches the same plan)."""

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
        """What a location state is worth to the team (higher = safer). With `incoming_w`:
        less by that much per figure the next phase is expected to send here beyond its
        room (`threat.incoming`: those panic it or overflow to the next location)."""
        room = max(0.0, lo.figure_limit - fs - villains)
        over = 0.0
        if self.incoming_w > 0:
            over = self.incoming_w * max(0.0, self._incoming(v).get(lo.id, 0.0) - room)
        if not panicked:
            return UNPANICKED + ROOM * room * self._room_scale(v) - over
        return ROOM_PANICKED * room - over  # room there still takes the figures aimed at it

    def _incoming(self, v: View) -> dict:
        """Figures the next Deployment Phase aims at each location (`threat.incoming`),
        from the counted deck with `count_cards`; worked out once per View."""
        if self._incoming_for[0] is v:
            return self._incoming_for[1]
        from .threat import incoming

        cat = catalog()
        ids = tuple(lo.id for lo in v.locations)
        fs = tuple(sorted({cat.locations[x].foot_soldier for x in ids}))
        segs = v.deploy_segments if self.count_cards and v.deploy_segments else None
        got = incoming(
            ids, v.deployments_per_round, fs, v.heavy_deployments, segs, v.next_deploy_back
        )
        self._incoming_for = (v, dict(zip(ids, got, strict=True)))
        return self._incoming_for[1]

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
        counted = (None, "")
        if self.count_cards and v.deploy_segments:
            counted = (v.deploy_segments, v.next_deploy_back)
        return tuple(due), done, v.deployments_per_round, fs, v.heavy_deployments, *counted

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
            due, done, n, fs, heavy, segments, back = args
            got = loss_chance(locs, due, done, n, fs, heavy, segments, back)
            if len(self._risk_cache) > 4096:
                self._risk_cache.clear()
            self._risk_cache[key] = got
        return got

    def _team_plan(self, v: View, keep: list | None = None):
        """Best (value, {seat: location or None}) for the rest of the round. `keep`: a list
        that receives every plan scored, as (value, order, plan)."""
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
                if keep is not None:
                    keep.append((total, len(keep), tuple(assign)))
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
        got = self._leftover_first(v, do)
        if got is not None:
            return got
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
            if p.tokens >= 1 and p.location == "hq" and not self._stays_put(v, p):
                target = max(v.locations, key=lambda lo: self._loc_score(v, lo))
                got = do(p.seat, Move(to=target.id))
                if got is not None:
                    return got
        return EndPhase()

    def _leftover_first(self, v: View, do):
        """A mode's own use of the tokens left once the plan is done (None: the usual)."""
        return None

    def _stays_put(self, v: View, p) -> bool:
        """A Ranger at the Command Center with a token left stays there (False: it goes
        out to the neediest location, the usual)."""
        return False

    # ------------------------------------------------------------------ the boss
    # The boss must fall within a round or two of arriving: once it is on the board with
    # both monsters, three locations are panicked and the next deployments fill the last.
    # So once it is here the whole team goes there and battles it with every token.

    #: the modes where the whole team goes for the boss once it is on the board (session
    #: 12: in Psycho Assault Mode the location where every Psycho gathered)
    boss_modes: tuple[str, ...] = ("standard",)

    def _boss_location(self, v: View):
        if v.mode not in self.boss_modes:
            return None
        if v.mode == "psycho_assault":
            if not v.psycho_boss_deployed:
                return None
            return next(
                (lo for lo in v.locations if lo.locked_full and set(lo.villains) & set(PSYCHOS)),
                None,
            )
        if v.boss != "rita_repulsa":
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
