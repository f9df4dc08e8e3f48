"""Heroes of the Grid: the Deployment Phase (base rules §4.1): deploying cards, overflow,
panic, the Psycho Rangers boss deployment, and the end of the game.

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, Outcome, event
from ...engine.core import replace_at
from ...engine.fast import make
from . import models as m
from .models import (
    HQ,
    Action,
    Decision,
    DeployCard,
    State,
)
from .state_ops import (
    _cat,
    add_fs,
    enemy_deck,
    is_full,
    loc_index,
    mastodon_types,
    mm_seat,
    set_enemy_deck,
    set_loc,
    shuffle,
    upd,
)


def _all_panicked(locs: list) -> bool:
    for lo in locs:
        if not lo.panicked:
            return False
    return True


def _fill(
    cat,
    locs: list,
    start: int,
    kind: str,
    n: int,
    ev: list[Event],
    check_all: bool,
    over: bool,
    calm: int = -1,
) -> tuple[bool, bool]:
    """`_place_fs` outside Command Center Assault, on a list of the locations: foot soldiers
    one at a time from `start`, a full location sending them clockwise (§4.1).
    (any location changed, the last outer location panicked: the Rangers lose). `over`:
    the game was over already (one figure is placed, as before). `calm`: the location (index)
    a Psycho Ranger's deployment fills without panicking it (Ruling PA3)."""
    placed = False
    left = n
    # every outer location panicked? (changes only when a placement below panics one)
    all_panicked = check_all and not over and _all_panicked(locs)
    while left > 0:
        took = 1  # figures placed this time round
        for k in range(4):
            i = (start + k) % 4
            lo = locs[i]
            limit = cat.locations[lo.id].figure_limit
            figures = lo.figures
            if lo.locked_full or figures >= limit:
                continue
            if not over and not all_panicked:
                # the next figures come here too while it has room: placed together, as
                # one at a time would (the location fills, if it does, with the last)
                took = min(left, limit - figures)
            fs = add_fs(lo.fs, kind, took)
            # _check_panic, on the local list (one copy of the location): `took` more
            panic = not lo.panicked and figures + took >= limit and i != calm
            lo = upd(lo, fs=fs, panicked=True) if panic else upd(lo, fs=fs)
            if k:
                name = cat.locations[lo.id].name
                for _ in range(took):
                    ev.append(event(text=f"  overflow: 1 to {name}", kind="deploy"))
            if panic:
                ev.append(event(text=f"{cat.locations[lo.id].name} is full: PANIC", kind="panic"))
            locs[i] = lo
            placed = True
            if check_all and not over and (panic or all_panicked):
                all_panicked = _all_panicked(locs)
                if all_panicked:
                    return placed, True
            break
        else:
            ev.append(
                event(
                    text="  every location is full: the figure stays in the supply",
                    kind="deploy",
                )
            )
        left -= took
        if over:
            break
    return placed, False


class DeploymentRules:
    def _deployment_phase(self, s: State, ev: list[Event], **changes) -> State:
        """`changes`: the caller's own, made in the same copy of the state."""
        s = upd(s, **changes, phase="deployment", deployments_done=0, deploy_window=-1)
        ev.append(event(text=f"Round {s.round}: Deployment Phase", kind="phase"))
        return self._continue_deployment(s, ev)

    def _continue_deployment(self, s: State, ev: list[Event]) -> State:
        """Deploy until the round's count is done; a Mastermind choice pauses it (the answer
        resumes here)."""
        plain = self._plain_deployments(s)
        while s.deployments_done < s.config.deployments_per_round:
            if plain and not s.deploying:
                s = self._deploy_plain(s, ev)
                if s.outcome or s.deployments_done >= s.config.deployments_per_round:
                    break
            window = {}  # set with the deployment's own changes (one copy of the state)
            if not s.deploying and s.deploy_window != s.deployments_done:
                window = {"deploy_window": s.deployments_done}
                if self._mastodon_options(s):  # FAQ: the Mastodon between deployments
                    left = s.config.deployments_per_round - s.deployments_done
                    return upd(
                        s,
                        **window,
                        decision=Decision(
                            kind="deploy_window",
                            asked=(s.focus,),
                            amount=left,
                            prompt=f"Before the next deployment ({left} left this round): "
                            "use the Mastodon, or pass",
                        ),
                    )
            done = s.deployments_done
            if s.deploying:
                s = self._deploy_resume(s, ev)
            else:  # (a deployment that asks nothing counts itself in its own copy)
                s = self._deploy_one(s, ev, window, s.decision is None)
            if s.decision is not None and not s.outcome:
                return s
            if s.deployments_done == done:
                s = upd(s, deployments_done=done + 1)
            if s.outcome:
                return s
        if s.outcome:
            return s
        # the foot soldier cards cycle under the deck
        if mm_seat(s) is None:  # the usual end: one copy of the state
            cards, rng = s.rng.shuffled(s.deploy_discard)
            panicked = sum(lo.panicked for lo in s.locations)
            return self._start_action_phase(
                s,
                ev,
                rng=rng,
                deploy_deck=s.deploy_deck + cards,
                deploy_discard=(),
                deploy_batches=(*s.deploy_batches, len(cards)),
                history=(*s.history, (s.round, panicked, s.hq_energy)),
            )
        cards, s = shuffle(s, s.deploy_discard)
        batches = (*s.deploy_batches, len(cards))
        s = upd(s, deploy_deck=s.deploy_deck + cards, deploy_discard=(), deploy_batches=batches)
        if mm_seat(s) is not None and all(lo.panicked for lo in s.locations):
            # Mastermind Mode, Victory and Defeat
            if s.hq_energy == 0:
                return self._lose(
                    s,
                    "All four outer locations are panicked at the end of deployment and no "
                    "energy is left on the Command Center.",
                    ev,
                )
            ev.append(
                event(
                    text=f"All four outer locations are panicked: the Command Center's "
                    f"{s.hq_energy} energy is discarded",
                    kind="panic",
                    barrier=True,
                )
            )
            s = upd(s, hq_energy=0)
        panicked = sum(lo.panicked for lo in s.locations)
        s = upd(s, history=(*s.history, (s.round, panicked, s.hq_energy)))
        return self._start_action_phase(s, ev)

    def _start_action_phase(self, s: State, ev: list[Event], **changes) -> State:
        """`changes`: the caller's own (none read here), made in the same copy."""
        changes["phase"] = "action"
        if s.power.megazord == "mega_voyager":
            changes["power"] = upd(s.power, voyager=5)
        ev.append(event(text=f"Round {s.round}: Action Phase", kind="phase"))
        changes["focus"] = next((i for i, p in enumerate(s.players) if p.tokens), 0)
        s = upd(s, **changes)
        if mm_seat(s) is not None:
            s = self._draw_schemes(s, 2, "", ev)
        return s

    def _plain_deployments(self, s: State) -> bool:
        """Can this Deployment Phase take `_deploy_plain`? No Mastermind, no Psycho Assault,
        no Command Center Assault, no question between deployments (no Mastodon on the
        team: its Zords do not change while the figures are placed), the game going on."""
        if (
            s.outcome is not None
            or mm_seat(s) is not None
            or s.config.mode == "psycho_assault"
            or s.config.headquarters == "command_center_assault"
        ):
            return False
        return all(self._zord_def(s, z).ability != "fs_to_experience" for z in self._team_zords(s))

    def _deploy_plain(self, s: State, ev: list[Event]) -> State:
        """The deployments in a row that are foot soldier cards alone (no villain card under
        them, a next card showing the location): `_deploy_one` and `_place_fs` for each,
        with the deck, the discard and the locations kept here and the state copied once
        at the end (or when the Rangers lose). The same states and events as those; the
        first card of another kind is left to them."""
        cat = _cat(s)
        per_round = s.config.deployments_per_round
        six = len(s.config.rangers) == 6
        deck, discard, locs = s.deploy_deck, s.deploy_discard, list(s.locations)
        where = {lo.id: i for i, lo in enumerate(locs)}  # (placing moves no location)
        done, window = s.deployments_done, s.deploy_window
        changes: dict = {}
        moved = lost = False
        while done < per_round and len(deck) > 1:
            top, nxt = deck[0], deck[1]
            if top.kind != "fs" or nxt.kind not in ("fs", "mm") or not nxt.back:
                break
            target = nxt.back
            if window != done:
                window = changes["deploy_window"] = done
            deck, discard = deck[1:], (*discard, top)
            n = 3 if six and top.figures == 1 else top.figures  # 6-Ranger rule
            ev.append(
                event(
                    text=f"Deployment: {n} {cat.decks[top.fs_type].name} to "
                    f"{cat.locations[target].name}",
                    kind="deploy",
                    barrier=True,
                    data={"fs": top.fs_type, "count": n, "location": target},
                )
            )
            start = where.get(target, -1)
            placed, lost = _fill(cat, locs, start, top.fs_type, n, ev, True, False)
            moved = moved or placed
            done += 1
            if lost:
                break
        if done == s.deployments_done:
            return s
        changes.update(deploying=(), deploy_target="", deploy_figures=(), deploy_deck=deck)
        changes["deploy_discard"] = discard
        if moved:
            changes["locations"] = tuple(locs)
        if not lost:
            return upd(s, **changes, deployments_done=done)
        # as `_place_fs` and `_continue_deployment` do it: the defeat, then the count
        s = self._lose(upd(s, **changes), "All four outer locations are panicked at once.", ev)
        return upd(s, deployments_done=done)

    def _mastodon_options(self, s: State) -> list[Action]:
        """The team's legal Mastodon uses now (ready, a foot soldier on the board)."""
        out: list[Action] = []
        for z in self._team_zords(s):
            if self._zord_def(s, z).ability == "fs_to_experience":
                out += [
                    a
                    for lo in s.locations
                    for f in mastodon_types(lo)
                    if self._check_zord(
                        s, s.focus, a := m.UseZord(zord=z, location=lo.id, figure=f)
                    )
                    is None
                ]
        return out

    def _deploy_one(
        self, s: State, ev: list[Event], window: dict | None = None, count: bool = False
    ) -> State:
        """Reveal the next deployment card (with any villain cards under it). `window`:
        changes the caller has not made yet, made with this deployment's. `count`: a
        deployment that asks no question adds itself to `deployments_done` (it asks none
        where it goes straight to the board: no Mastermind, no Psycho Assault)."""
        deck = s.deploy_deck
        if not deck:
            cards, s = shuffle(s, s.deploy_discard)
            deck, s = cards, upd(s, deploy_discard=())
        top, rest = deck[0], deck[1:]
        extra: list[DeployCard] = []
        while rest and rest[0].kind not in ("fs", "mm"):
            extra.append(rest[0])
            rest = rest[1:]
        target = rest[0].back if rest else (top.back or s.locations[0].id)
        if mm_seat(s) is not None and (
            (rest and rest[0].kind == "mm") or (not rest and top.kind == "mm")
        ):
            target = ""  # Mastermind Mode: the Mastermind chooses any outer location
        changes = {"deploy_deck": rest, **(window or {})}
        if (
            target
            and top.kind != "mm"
            and s.config.mode != "psycho_assault"
            and not any(c.kind == "psycho_boss" for c in extra)
        ):
            # no question to ask (see _deploy_question): straight to the board
            if count:
                changes["deployments_done"] = s.deployments_done + 1
            return self._deploy_cards(s, ev, (top, *extra), target, s.deploy_figures, changes)
        s = upd(s, deploying=(top, *extra), deploy_target=target, **changes)
        return self._deploy_resume(s, ev)

    def _deploy_resume(self, s: State, ev: list[Event]) -> State:
        asked = self._deploy_question(s)
        if asked is not None:
            return asked
        return self._deploy_cards(s, ev, s.deploying, s.deploy_target, s.deploy_figures, {})

    def _deploy_question(self, s: State) -> State | None:
        """The state waiting on a choice this deployment needs first, if it needs one."""
        cat = _cat(s)
        top = s.deploying[0]
        villains = [c for c in s.deploying if c.kind not in ("fs", "mm")]
        mm = mm_seat(s)
        if not s.deploy_target:
            return upd(
                s,
                decision=Decision(
                    kind="mm_location",
                    asked=(mm,),
                    prompt="Mastermind: the next card is a Mastermind deployment card - "
                    "choose the outer location of this deployment",
                ),
            )
        if top.kind == "mm" and not s.deploy_figures:
            return upd(
                s,
                decision=Decision(
                    kind="mm_figures",
                    asked=(mm,),
                    amount=top.figures,
                    prompt=f"Mastermind deployment: choose {top.figures} foot soldier figures "
                    f"to deploy to {cat.locations[s.deploy_target].name}",
                ),
            )
        if s.config.mode == "psycho_assault" and not s.deploy_ranger:
            first = next((v for v in villains if v.kind == "nemesis"), None)
            cands = self._assault_candidates(s, first.enemy) if first is not None else []
            if len(cands) > 1:  # "attach it to any Ranger ...": the team chooses
                names = ", ".join(cat.rangers[r].name for r in cands)
                return upd(
                    s,
                    decision=Decision(
                        kind="psycho_attach",
                        asked=(s.focus,),
                        rangers=tuple(cands),
                        prompt=f"{cat.nemeses[first.enemy].name} is deployed: which Ranger "
                        f"takes its deployment card? ({names})",
                    ),
                )
        if s.config.mode != "psycho_assault" and any(c.kind == "psycho_boss" for c in villains):
            return self._ask_boss_attach(s)
        return None

    def _boss_attach_plan(self, s: State) -> dict[str, str]:
        """Psycho Rangers (boss version): the suggested Ranger for each Psycho deployment
        card, keeping those the team has already placed: by colour to a Ranger still
        without one, then to the Ranger with the fewest, in Ranger order (Ruling 20)."""
        cat = _cat(s)
        rangers = list(s.config.rangers)
        load = {r: 0 for r in rangers}
        plan = {n.id: n.attached_to for n in s.nemeses if n.attached_to}
        for r in plan.values():
            load[r] += 1
        pending = [n.id for n in s.nemeses if not n.attached_to]
        for nid in list(pending):
            match = [
                r for r in rangers if cat.rangers[r].color == cat.nemeses[nid].color and not load[r]
            ]
            if match:
                load[match[0]] += 1
                plan[nid] = match[0]
                pending.remove(nid)
        for nid in pending:
            r = min(rangers, key=lambda r: (load[r], rangers.index(r)))
            load[r] += 1
            plan[nid] = r
        return plan

    def _boss_attach_options(self, s: State) -> tuple[str, ...]:
        """The Rangers who may take the next Psycho deployment card (boss version: each
        Ranger gets at least one, so once the cards left only just cover the Rangers still
        without one, only those), the suggested one first."""
        rangers = list(s.config.rangers)
        have = {n.attached_to for n in s.nemeses if n.attached_to}
        left = sum(1 for n in s.nemeses if not n.attached_to)
        bare = [r for r in rangers if r not in have]
        allowed = bare if left <= len(bare) else rangers
        nid = next(n.id for n in s.nemeses if not n.attached_to)
        best = self._boss_attach_plan(s)[nid]
        return (best, *(r for r in allowed if r != best))

    def _ask_boss_attach(self, s: State) -> State | None:
        """Psycho Rangers (boss version), Deployment: the team attaches the five (six)
        deployment cards, each Ranger at least one; asked card by card while more than
        one Ranger may take it (the rest follow the suggestion)."""
        cat = _cat(s)
        while any(not n.attached_to for n in s.nemeses):
            nid = next(n.id for n in s.nemeses if not n.attached_to)
            options = self._boss_attach_options(s)
            if len(options) > 1:
                names = ", ".join(cat.rangers[r].name for r in options)
                return upd(
                    s,
                    decision=Decision(
                        kind="psycho_attach",
                        asked=(s.focus,),
                        rangers=options,
                        source=nid,
                        then="boss",
                        prompt=f"The Psycho Rangers appear: which Ranger takes "
                        f"{cat.nemeses[nid].name}'s deployment card? ({names})",
                    ),
                )
            s = self._set_nemesis(s, nid, attached_to=options[0])
        return None

    def _deploy_cards(
        self,
        s: State,
        ev: list[Event],
        deploying: tuple[DeployCard, ...],
        target: str,
        figures: tuple[str, ...],
        changes: dict,
    ) -> State:
        """Put a deployment's figures on the board; `changes` are made in the same copy."""
        cat = _cat(s)
        top = deploying[0]
        villains = [c for c in deploying if c.kind not in ("fs", "mm")]
        if top.kind in ("fs", "mm"):
            changes["deploy_discard"] = (*s.deploy_discard, top)
        changes.update(deploying=(), deploy_target="", deploy_figures=())
        assault = s.config.mode == "psycho_assault"
        if assault or top.kind != "fs":
            s, changes = upd(s, **changes), {}
        calm = False
        if assault:
            first = next((v for v in villains if v.kind == "nemesis"), None)
            if first is not None:  # the other figures of this deployment go with the Psycho
                target = self._assault_where(s, self._assault_attach(s, first.enemy), target)
                calm = not s.config.psycho_fill_panics  # Ruling PA3
        if top.kind == "mm":
            names = ", ".join(cat.decks[f].name for f in figures)
            ev.append(
                event(
                    text=f"Mastermind deployment: {names} to {cat.locations[target].name}",
                    kind="deploy",
                    barrier=True,
                    data={"figures": list(figures), "location": target},
                )
            )
            for f in figures:
                s = self._place_fs(s, target, f, 1, ev)
                if s.outcome:
                    return s
        if top.kind == "fs":
            n = top.figures
            if len(s.config.rangers) == 6 and n == 1:
                n = 3  # 6-Ranger rule
            fs_name = cat.decks[top.fs_type].name
            with_boss = s.config.headquarters == "command_center_assault" and any(
                v.kind == "boss"
                or (v.kind == "psycho_boss" and s.config.mode == "psycho_assault")  # PA8
                for v in villains
            )
            where = "the Command Center" if with_boss else cat.locations[target].name
            ev.append(
                event(
                    text=f"Deployment: {n} {fs_name} to {where}",
                    kind="deploy",
                    barrier=True,
                    data={"fs": top.fs_type, "count": n, "location": HQ if with_boss else target},
                )
            )
            if with_boss:  # §7: the boss and its deployment's foot soldiers attack the CC
                s = self._to_hq(upd(s, **changes), top.fs_type, n, "they come with the boss", ev)
            else:  # (the deployment's changes made with the figures')
                s = self._place_fs(s, target, top.fs_type, n, ev, changes, calm=calm)
            if s.outcome:
                return s
        for v in villains:
            s = self._place_villain(s, v, target, ev)
            if s.outcome:
                return s
        return s

    def _to_hq(self, s: State, kind: str, n: int, why: str, ev: list[Event]) -> State:
        s = upd(s, hq_enemies=add_fs(s.hq_enemies, kind, n))
        ev.append(
            event(
                text=f"  {n} {_cat(s).decks[kind].name} to the Command Center ({why})",
                kind="deploy",
            )
        )
        return s

    def _place_fs(
        self,
        s: State,
        target: str,
        kind: str,
        n: int,
        ev: list[Event],
        changes: dict | None = None,
        calm: bool = False,
    ) -> State:
        """Foot soldiers one at a time; a full location sends them clockwise (§4.1). With
        Command Center Assault one bound for a panicked location goes to the Command
        Center instead (§7).

        Deployment runs every round and is most of a random playout, so the locations
        change in a local list and the state is rebuilt once (and before any step that
        reads the whole state: the Command Center, a defeat). `changes`: the caller's own
        (none of the locations), made in the same copy. `calm`: a Psycho Ranger's
        deployment, which does not panic `target` by filling it (Ruling PA3)."""
        cat = _cat(s)
        assault = s.config.headquarters == "command_center_assault"
        check_all = mm_seat(s) is None  # Mastermind Mode checks at the end of deployment
        locs = list(s.locations)
        start = loc_index(s, target)
        if not assault:
            placed, lost = _fill(
                cat,
                locs,
                start,
                kind,
                n,
                ev,
                check_all,
                s.outcome is not None,
                start if calm else -1,
            )
            if placed:
                s = upd(s, locations=tuple(locs), **(changes or {}))
            elif changes:
                s = upd(s, **changes)
            if lost:
                s = self._lose(s, "All four outer locations are panicked at once.", ev)
            return s
        # Command Center Assault: one figure at a time
        if changes:
            s = upd(s, **changes)
        dirty = False
        for _ in range(n):
            placed = False
            for k in range(4):
                i = (start + k) % 4
                lo = locs[i]
                limit = cat.locations[lo.id].figure_limit
                if lo.panicked:
                    if dirty:
                        s, dirty = upd(s, locations=tuple(locs)), False
                    s = self._to_hq(s, kind, 1, f"{cat.locations[lo.id].name} is panicked", ev)
                    placed = True
                    break
                if lo.locked_full or lo.figures >= limit:
                    continue
                fs = add_fs(lo.fs, kind, 1)
                # _check_panic, on the local list (one copy of the location)
                after = len(lo.villains) + sum([c for _, c in fs])
                panic = not lo.panicked and (lo.locked_full or after >= limit)
                lo = upd(lo, fs=fs, panicked=True) if panic else upd(lo, fs=fs)
                if k:
                    name = cat.locations[lo.id].name
                    ev.append(event(text=f"  overflow: 1 to {name}", kind="deploy"))
                if panic:
                    ev.append(
                        event(text=f"{cat.locations[lo.id].name} is full: PANIC", kind="panic")
                    )
                locs[i], dirty = lo, True
                if check_all and s.outcome is None and all(x.panicked for x in locs):
                    s, dirty = upd(s, locations=tuple(locs)), False
                    s = self._lose(s, "All four outer locations are panicked at once.", ev)
                placed = True
                break
            if not placed:
                s = upd(s, hq_enemies=add_fs(s.hq_enemies, kind, 1))
                ev.append(
                    event(
                        text="  every location is full: 1 to the Command Center",
                        kind="deploy",
                    )
                )
            if s.outcome:
                break
        return upd(s, locations=tuple(locs)) if dirty else s

    def _check_panic(self, s: State, i: int, ev: list[Event]) -> State:
        lo = s.locations[i]
        if not lo.panicked and is_full(s, lo):
            s = set_loc(s, i, panicked=True)
            ev.append(event(text=f"{_cat(s).locations[lo.id].name} is full: PANIC", kind="panic"))
        return self._check_all_panicked(s, ev)

    def _check_all_panicked(self, s: State, ev: list[Event]) -> State:
        if mm_seat(s) is not None:
            return s  # Mastermind Mode: checked at the end of the Deployment Phase
        if s.outcome is None and all(lo.panicked for lo in s.locations):
            return self._lose(s, "All four outer locations are panicked at once.", ev)
        return s

    def _lose(self, s: State, why: str, ev: list[Event]) -> State:
        ev.append(event(text=f"DEFEAT: {why}", kind="outcome"))
        mm = mm_seat(s)
        return upd(
            s,
            outcome=make(
                Outcome,
                winners=() if mm is None else (mm,),
                summary=f"The Rangers lose{'' if mm is None else ': the Mastermind wins'}. {why}",
            ),
            phase="over",
            decision=None,
            queue=(),
        )

    def _win(self, s: State, why: str, ev: list[Event]) -> State:
        ev.append(event(text=f"VICTORY: {why}", kind="outcome"))
        return upd(
            s,
            outcome=Outcome(
                winners=tuple(range(len(s.players))), summary=f"The Rangers win! {why}"
            ),
            phase="over",
            decision=None,
            queue=(),
        )

    def _place_villain(self, s: State, v: DeployCard, target: str, ev: list[Event]) -> State:
        cat = _cat(s)
        if v.kind == "psycho_boss":
            if s.config.mode == "psycho_assault":
                return self._assault_boss(s, target, ev)
            return self._deploy_psycho_boss(s, target, ev)
        if v.kind == "nemesis" and s.config.mode == "psycho_assault":
            return self._assault_deploy(s, v.enemy, target, ev)
        name = cat.nemeses[v.enemy].name if v.kind == "nemesis" else cat.decks[v.enemy].name
        start = loc_index(s, target)
        dest = -1
        if v.kind == "boss" and s.config.headquarters == "command_center_assault":
            dest = -2
        else:
            for k in range(4):
                i = (start + k) % 4
                if not s.locations[i].panicked:
                    dest = i
                    break
            if dest < 0 and s.config.headquarters == "command_center_assault":
                dest = -2
            if dest < 0 and mm_seat(s) is not None:
                dest = start  # Mastermind Mode: all panicked is no defeat; it goes there
        # (the figure, the shuffle and the enemy deck in one copy of the state)
        if dest == -2 or (
            s.config.headquarters == "command_center_assault" and s.locations[start].panicked
        ):
            changes: dict = {"hq_villains": (*s.hq_villains, v.enemy)}
            ev.append(
                event(
                    text=f"Deployment: {name} attacks the Command Center!",
                    kind="deploy",
                    barrier=True,
                )
            )
        elif dest < 0:
            return self._check_all_panicked(s, ev)
        else:
            lo = s.locations[dest]
            new = upd(lo, villains=(*lo.villains, v.enemy), panicked=True)
            changes = {"locations": replace_at(s.locations, dest, new)}
            ev.append(
                event(
                    text=f"Deployment: {name} to {cat.locations[lo.id].name}: PANIC",
                    kind="deploy",
                    barrier=True,
                    data={"villain": v.enemy, "location": lo.id},
                )
            )
        deck_id = "psycho" if v.kind == "nemesis" else v.enemy
        cards, changes["rng"] = s.rng.shuffled(enemy_deck(s, deck_id))
        rest = tuple([(d, c) for d, c in s.enemy_decks if d != deck_id])  # set_enemy_deck
        s = upd(s, **changes, enemy_decks=(*rest, (deck_id, cards)))
        if v.kind == "nemesis":
            s = self._set_nemesis(s, v.enemy, status="deployed")
        return self._check_all_panicked(s, ev)

    def _unpanic_if_empty(self, s: State, i: int, ev: list[Event]) -> State:
        """A panicked location left with no enemy figure is no longer panicked (Ruling 12)."""
        lo = s.locations[i]
        if lo.panicked and lo.figures == 0 and not lo.locked_full:
            s = set_loc(s, i, panicked=False)
            ev.append(event(text=f"{_cat(s).locations[lo.id].name} is no longer panicked"))
        return s

    def _unpanicked_from(self, s: State, target: str) -> int:
        """Where a monster-like figure lands: the target, or clockwise past panicked
        locations (§4.1); the target itself when all four are panicked (Mastermind Mode).
        Nemeses follow this rule too (expansion, the paragraph before "Monster Version")."""
        start = loc_index(s, target)
        for k in range(4):
            i = (start + k) % 4
            if not s.locations[i].panicked:
                return i
        return start

    def _set_nemesis(self, s: State, nid: str, **kw) -> State:
        return upd(s, nemeses=tuple(upd(n, **kw) if n.id == nid else n for n in s.nemeses))

    def _deploy_psycho_boss(self, s: State, target: str, ev: list[Event]) -> State:
        """Expansion, Psycho Rangers (Boss Version), Deployment."""
        cat = _cat(s)
        # the deployment cards where the team attached them (`_ask_boss_attach`; any not
        # asked follow the suggestion: Ruling 20), every Ranger at least one
        plan = self._boss_attach_plan(s)
        s = upd(
            s,
            nemeses=tuple(upd(n, attached_to=plan[n.id], status="deployed") for n in s.nemeses),
        )
        i = self._unpanicked_from(s, target)
        lo = s.locations[i]
        s = set_loc(
            s,
            i,
            fs=(),
            villains=(*lo.villains, *(n.id for n in s.nemeses)),
            panicked=True,
            locked_full=True,
        )
        cards, s = shuffle(s, enemy_deck(s, "psycho"))
        s = set_enemy_deck(s, "psycho", cards)
        attached = ", ".join(
            f"{cat.nemeses[n.id].name} -> {cat.rangers[n.attached_to].name}" for n in s.nemeses
        )
        ev.append(
            event(
                text=f"Deployment: the PSYCHO RANGERS appear at {cat.locations[lo.id].name}! "
                f"Its foot soldiers leave; it is panicked and full for the rest of the game. ({attached})",
                kind="deploy",
                barrier=True,
            )
        )
        return self._check_all_panicked(s, ev)
