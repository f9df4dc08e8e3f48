"""Heroes of the Grid: Psycho Assault Mode (expansion rulebook, section "Psycho Assault Mode").

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event, event
from .models import (
    HQ,
    PSYCHOS,
    State,
)
from .state_ops import (
    _cat,
    add_fs,
    enemy_deck,
    is_full,
    loc_index,
    seat_of,
    set_enemy_deck,
    set_loc,
    shuffle,
    upd,
)


class PsychoAssaultRules:
    def _assault_candidates(self, s: State, nid: str) -> list[str]:
        """Psycho Assault Mode, Deployment: the Rangers who may take a Psycho's deployment
        card - those of its colour, else those without a Psycho card, else any Ranger."""
        cat = _cat(s)
        rangers = list(s.config.rangers)
        color = [r for r in rangers if cat.rangers[r].color == cat.nemeses[nid].color]
        if color:
            return color
        free = [r for r in rangers if not any(n.attached_to == r for n in s.nemeses)]
        return free or rangers

    def _assault_attach(self, s: State, nid: str) -> str:
        """The Ranger who takes it: the only candidate, or the team's choice (asked before
        the deployment resolves; Ruling PA2's automatic pick only for a second Psycho
        revealed in the same deployment)."""
        rangers = list(s.config.rangers)
        cands = self._assault_candidates(s, nid)
        if s.deploy_ranger in cands:
            return s.deploy_ranger
        load = {r: sum(n.attached_to == r for n in s.nemeses) for r in rangers}
        return min(cands, key=lambda r: (load[r], rangers.index(r)))

    def _assault_where(self, s: State, ranger: str, target: str) -> str:
        """Where a Psycho's deployment goes: its Ranger's location, or the card's target
        when the Ranger is at the Command Center (the Psycho itself then passes panicked
        locations clockwise, Ruling PA3)."""
        loc = s.players[seat_of(s, ranger)].location
        return target if loc == HQ else loc

    def _assault_deploy(self, s: State, nid: str, target: str, ev: list[Event]) -> State:
        cat = _cat(s)
        ranger = self._assault_attach(s, nid)
        dest = s.players[seat_of(s, ranger)].location
        to_hq = False
        if dest == HQ:  # the card's location, as a normal deployment: past panicked ones
            # Command Center Assault (§7): a normal deployment bound for a panicked location
            # attacks the Command Center instead (Ruling PA8)
            to_hq = (
                s.config.headquarters == "command_center_assault"
                and s.locations[loc_index(s, target)].panicked
            )
            if not to_hq:
                dest = s.locations[self._unpanicked_from(s, target)].id  # clockwise (PA3)
        s = self._set_nemesis(s, nid, status="deployed", attached_to=ranger)
        s = upd(s, deploy_ranger="")
        i = loc_index(s, dest)
        if to_hq:
            s = upd(s, hq_villains=(*s.hq_villains, nid))
        else:
            s = set_loc(s, i, villains=(*s.locations[i].villains, nid))
        # its weapon goes on top of the Psycho enemy deck
        weapon = next(
            (
                c
                for c in s.psycho_aside
                if cat.enemy_card(c).psycho == nid and "PASSIVE" not in cat.enemy_card(c).keywords
            ),
            None,
        )
        if weapon:
            s = upd(s, psycho_aside=tuple(c for c in s.psycho_aside if c != weapon))
            s = set_enemy_deck(s, "psycho", (weapon, *enemy_deck(s, "psycho")))
        ev.append(
            event(
                text=f"Deployment: {cat.nemeses[nid].name} hunts {cat.rangers[ranger].name} at "
                + ("the Command Center" if to_hq else cat.locations[dest].name)
                + (
                    f"; {cat.enemy_card(weapon).name} goes on top of the Psycho deck"
                    if weapon
                    else ""
                ),
                kind="deploy",
                barrier=True,
                data={"villain": nid, "location": dest, "ranger": ranger},
            )
        )
        if to_hq:  # (no figure limit there, and it never panics)
            return s
        s = self._assault_overflow(s, i, ev)
        return self._assault_panic(s, i, ev)

    def _assault_overflow(self, s: State, i: int, ev: list[Event]) -> State:
        """Over its figure limit: excess foot soldiers move clockwise to the next outer
        location not at its limit (the supply when there is none)."""
        cat = _cat(s)
        limit = cat.locations[s.locations[i].id].figure_limit
        while s.locations[i].figures > limit and s.locations[i].fs:
            lo = s.locations[i]
            kind = max(lo.fs, key=lambda kv: kv[1])[0]
            s = set_loc(s, i, fs=add_fs(lo.fs, kind, -1))
            for k in range(1, 4):
                j = (i + k) % 4
                if not is_full(s, s.locations[j]):
                    s = set_loc(s, j, fs=add_fs(s.locations[j].fs, kind, 1))
                    ev.append(
                        event(
                            text=f"  overflow: 1 {cat.decks[kind].name} to "
                            f"{cat.locations[s.locations[j].id].name}",
                            kind="deploy",
                        )
                    )
                    s = self._check_panic(s, j, ev)
                    break
            else:
                ev.append(
                    event(text="  overflow: 1 foot soldier back to the supply", kind="deploy")
                )
        return s

    def _assault_panic(self, s: State, i: int, ev: list[Event], deployed: bool = True) -> State:
        """Two or more Psycho Rangers in one location panic it. A Psycho's deployment panics
        nothing else (Ruling PA3), unless `psycho_fill_panics`: a location it fills panics as
        any full one. A Psycho moving back to its Ranger (`deployed` False) is no deployment:
        a location it fills panics as usual."""
        lo = s.locations[i]
        if not lo.panicked and sum(v in PSYCHOS for v in lo.villains) >= 2:
            s = set_loc(s, i, panicked=True)
            ev.append(
                event(
                    text=f"{_cat(s).locations[lo.id].name}: two Psycho Rangers: PANIC",
                    kind="panic",
                )
            )
            return self._check_all_panicked(s, ev)
        if deployed and not s.config.psycho_fill_panics:
            return s
        return self._check_panic(s, i, ev)

    def _assault_defeat(self, s: State, nid: str, li: int, ev: list[Event]) -> State:
        """Psycho Assault Mode, Defeating Psycho Rangers."""
        cat = _cat(s)
        n = next(n for n in s.nemeses if n.id == nid)
        own = [c for c in n.under if cat.enemy_card(c).psycho == nid]
        back = [c for c in n.under if cat.enemy_card(c).psycho != nid]
        deck = enemy_deck(s, "psycho")
        own += [c for c in deck if cat.enemy_card(c).psycho == nid]
        deck = tuple(c for c in deck if cat.enemy_card(c).psycho != nid) + tuple(back)
        deck, s = shuffle(s, deck)
        s = set_enemy_deck(s, "psycho", deck)
        s = upd(s, psycho_aside=(*s.psycho_aside, *own))
        s = self._set_nemesis(s, nid, status="defeated", under=())
        s = upd(s, defeated=(*s.defeated, nid))
        ev.append(
            event(
                text=f"{cat.nemeses[nid].name} is DEFEATED! Its deployment card is flipped; its "
                f"weapon and Path are set aside; {len(back)} card(s) go back into the Psycho "
                "deck; 3 hit tokens go on the experience track",
                kind="victory",
                barrier=True,
            )
        )
        s = self._remove_villain(s, nid, li, ev, clear_fs=False)
        return self._gain_experience(s, 3, ev)

    def _assault_move_back(self, s: State, ev: list[Event]) -> State:
        """Psycho Assault Mode, End of the Round: each Psycho goes back to its Ranger, after
        the boss deployment too (the section has no exception; Ruling PA4)."""
        cat = _cat(s)
        for n in s.nemeses:
            if n.status != "deployed" or not n.attached_to:
                continue
            want = s.players[seat_of(s, n.attached_to)].location
            here = next((k for k, lo in enumerate(s.locations) if n.id in lo.villains), -1)
            to = loc_index(s, want)
            if here < 0 or to < 0 or to == here:
                continue  # the Ranger is at the Command Center: it stays (Ruling PA4)
            s = set_loc(s, here, villains=tuple(v for v in s.locations[here].villains if v != n.id))
            s = self._unpanic_if_empty(s, here, ev)
            limit = cat.locations[want].figure_limit
            lo = s.locations[to]
            if lo.locked_full or lo.figures + 1 > limit:  # the boss location counts as full
                # distribute the excess foot soldiers elsewhere, if there is room
                spare = sum(
                    max(0, cat.locations[o.id].figure_limit - o.figures)
                    for k, o in enumerate(s.locations)
                    if k != to and not o.locked_full
                )
                if lo.fs and spare >= min(lo.fs_count, lo.figures + 1 - limit):
                    s = set_loc(s, to, villains=(*lo.villains, n.id))
                    s = self._assault_overflow(s, to, ev)
                else:  # else clockwise to a location below its limit (Ruling PA5: none - stay)
                    to = next(
                        (
                            (to + k) % 4
                            for k in range(1, 4)
                            if not s.locations[(to + k) % 4].locked_full
                            and s.locations[(to + k) % 4].figures
                            < cat.locations[s.locations[(to + k) % 4].id].figure_limit
                        ),
                        to,
                    )
                    s = set_loc(s, to, villains=(*s.locations[to].villains, n.id))
            else:
                s = set_loc(s, to, villains=(*lo.villains, n.id))
            ev.append(
                event(
                    text=f"End of the round: {cat.nemeses[n.id].name} follows "
                    f"{cat.rangers[n.attached_to].name} to {cat.locations[s.locations[to].id].name}",
                    kind="deploy",
                )
            )
            s = self._assault_panic(s, to, ev, deployed=False)
            if s.outcome:
                return s
        return s

    def _assault_boss(self, s: State, target: str, ev: list[Event]) -> State:
        """Psycho Assault Mode, Boss Deployment: every Psycho Ranger comes back, together."""
        cat = _cat(s)
        ids = [n.id for n in s.nemeses]
        s = upd(
            s,
            locations=tuple(
                upd(lo, villains=tuple(v for v in lo.villains if v not in ids))
                for lo in s.locations
            ),
        )
        under = [c for n in s.nemeses for c in n.under]
        nemeses = tuple(
            upd(
                n,
                status="deployed",
                under=(),
                attached_to=n.attached_to or self._assault_attach(s, n.id),
            )
            for n in s.nemeses
        )
        s = upd(s, nemeses=nemeses)
        cards, s = shuffle(s, (*enemy_deck(s, "psycho"), *under, *s.psycho_aside))
        s = set_enemy_deck(s, "psycho", cards)
        s = upd(s, psycho_aside=(), psycho_boss_deployed=True)
        if s.config.headquarters == "command_center_assault":
            # §7: the boss goes to the Command Center; its foot soldiers leave (the mode's
            # step for the gathering place), and it has no limit and never panics (PA8)
            s = upd(
                s,
                hq_villains=(*(v for v in s.hq_villains if v not in ids), *ids),
                hq_enemies=(),
            )
            for k in range(4):
                s = self._unpanic_if_empty(s, k, ev)
            ev.append(
                event(
                    text="Deployment: ALL the Psycho Rangers attack the Command Center! "
                    "Defeated ones return; their cards are shuffled into the Psycho deck; "
                    "the foot soldiers there leave",
                    kind="deploy",
                    barrier=True,
                )
            )
            return s
        i = self._unpanicked_from(s, target)
        target = s.locations[i].id
        s = set_loc(s, i, fs=(), villains=tuple(ids), panicked=True, locked_full=True)
        for k in range(4):
            s = self._unpanic_if_empty(s, k, ev)
        ev.append(
            event(
                text=f"Deployment: ALL the Psycho Rangers gather at {cat.locations[target].name}! "
                "Defeated ones return; their cards are shuffled into the Psycho deck; the "
                "location is panicked and full for the rest of the game",
                kind="deploy",
                barrier=True,
            )
        )
        return self._check_all_panicked(s, ev)
