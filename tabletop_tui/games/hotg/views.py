"""Heroes of the Grid: What each seat sees (the View), action descriptions, and hidden-state
re-deals.

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

import random

from ...engine import Seat
from ...engine.common import redeal
from ...engine.fast import make
from . import models as m
from .effects import (
    ABILITY_TEXT,
    LOCATION_B_TEXT,
    ZORD_TEXT,
)
from .models import (
    HQ,
    Action,
    State,
    View,
)
from .state_ops import (
    BOSS_DEFEAT,
    EXPERIENCE_MAX,
    GRID,
    _cat,
    _first_copies,
    deck_segments,
    enemy_discard,
    hand_shown,
    hand_size,
    is_full,
    mm_seat,
    upd,
)


def _fs_words(fs_type: str) -> str:
    """A foot soldier type id in words ("super_putty_patrollers": Super Putty Patrollers)."""
    return fs_type.replace("_", " ").title()


_COUNTED: dict[int, tuple] = {}  # id(deploy deck) -> (deck, phases, n, batches, answer)


def counted_deck(s: State) -> tuple[tuple, int]:
    """The View's `deploy_segments` and `deploy_villains`: what the table knows of the
    deployment deck by remembering the cards revealed (`deck_segments`). Worked out once
    per deck tuple (states share an unchanged deck; bots ask for views by the thousand)."""
    deck, phases, n = s.deploy_deck, len(s.history), s.config.deployments_per_round
    batches = s.deploy_batches
    got = _COUNTED.get(id(deck))
    if got is not None and got[0] is deck and got[1:4] == (phases, n, batches):
        return got[4]
    segments, at, villains = [], 0, 0
    for size in deck_segments(s):
        part = deck[at : at + size]
        at += size
        villains += sum(c.kind not in ("fs", "mm") for c in part)
        segments.append(tuple(sorted((c.figures, c.back) for c in part if c.kind in ("fs", "mm"))))
    answer = (tuple(segments), villains)
    if len(_COUNTED) > 512:
        _COUNTED.clear()
    _COUNTED[id(deck)] = (deck, phases, n, batches, answer)
    return answer


# CardViews by catalog and card instance id: a card shows the same whoever looks, and a
# view lists dozens of them (hands, discard piles), so they are built once.
_CARD_VIEWS: dict[int, tuple] = {}


class ViewRules:
    def view(self, state: State, seat: Seat | None) -> View:
        s = state
        cat = _cat(s)
        b = s.battle

        held = _CARD_VIEWS.get(id(cat))
        if held is None or held[0] is not cat:
            held = _CARD_VIEWS[id(cat)] = (cat, {})
        cache = held[1]

        def card_view(c: str) -> m.CardView:
            got = cache.get(c)
            if got is not None:
                return got
            k = cat.card(c)
            got = cache[c] = make(
                m.CardView,
                id=c,
                name=k.name,
                type=k.type,
                cost=str(k.cost),
                shields=k.shields,
                dice=k.dice,
                hits=k.hits,
                text=k.text,
                trigger=k.trigger or "",
            )
            return got

        attached = {}
        for nid, r in b.attached if b else ():
            attached.setdefault(r, []).append(nid)
        for n in s.nemeses:
            if n.attached_to and n.status == "deployed":
                attached.setdefault(n.attached_to, [])
                if n.id not in attached[n.attached_to]:
                    attached[n.attached_to].append(n.id)
        players = []
        for i, p in enumerate(s.players):
            show = hand_shown(s, seat, i)
            players.append(
                make(
                    m.PlayerView,
                    seat=i,
                    name=p.name,
                    rangers=tuple(
                        make(
                            m.RangerView,
                            id=r,
                            name=cat.rangers[r].name,
                            title=cat.rangers[r].title,
                            color=cat.rangers[r].color,
                            ability_name=cat.rangers[r].ability_name,
                            ability_text=ABILITY_TEXT[cat.rangers[r].ability],
                            ability_used=bool(b and r in b.used_abilities),
                            zord=cat.rangers[r].zord,
                            psycho_attached=tuple(attached.get(r, ())),
                            psycho_face_down=tuple(
                                n.id
                                for n in s.nemeses
                                if n.attached_to == r and n.status == "defeated"
                            ),
                            psycho_under=tuple(
                                (n.id, tuple(cat.enemy_card(c).name for c in n.under))
                                for n in s.nemeses
                                if n.attached_to == r
                            ),
                        )
                        for r in p.rangers
                    ),
                    location=p.location,
                    hand=tuple(card_view(c) for c in p.hand) if show else None,
                    hand_count=len(p.hand),
                    hand_size=hand_size(s, i),
                    deck_count=len(p.deck),
                    discard=tuple(card_view(c) for c in p.discard),
                    stored_energy=p.stored,
                    max_stored=len(p.rangers),
                    tokens=p.tokens,
                    max_tokens=p.max_tokens,
                    zords=p.zords,
                    in_battle=bool(b and i in b.participants),
                    is_lead=bool(b and b.lead == i),
                    defeats=p.defeats,
                )
            )
        locations = []
        for k, lo in enumerate(s.locations):
            ld = cat.locations[lo.id]
            locations.append(
                make(
                    m.LocationView,
                    id=lo.id,
                    name=ld.name,
                    position=k,
                    figure_limit=ld.figure_limit,
                    figures=lo.figures,
                    foot_soldiers=lo.fs,
                    villains=lo.villains,
                    panicked=lo.panicked,
                    full=is_full(s, lo),
                    side="B" if lo.side_b else "A",
                    b_label=ld.b_label,
                    b_text=LOCATION_B_TEXT[ld.b_effect] if lo.side_b else "",
                    rangers=tuple(r for p in s.players if p.location == lo.id for r in p.rangers),
                    megazord_token=s.power.megazord_token == lo.id,
                    locked_full=lo.locked_full,
                )
            )
        battle = None
        if b is not None:
            order = sorted(range(len(b.slots)), key=lambda i: (b.slots[i].row, b.slots[i].col))
            active = next((i for i in order if not b.slots[i].resolved), -1)
            if b.layout == "grid":
                active = b.marker
            cards = []
            for i, sl in enumerate(b.slots):
                c = cat.enemy_card(sl.card)
                cards.append(
                    make(
                        m.EnemyCardView,
                        slot=i,
                        row=sl.row,
                        col=sl.col,
                        name=c.name,
                        deck=cat.enemy_deck_of[sl.card.split("#")[0]],
                        health=self.health(s, i),
                        hits=sl.hits,
                        keywords=c.keywords,
                        text=c.text,
                        defeated=sl.defeated,
                        resolved=sl.resolved,
                        active=i == active,
                        targetable=not sl.defeated
                        and (b.buffs.ignore_guard or not self._guarded(s, i)),
                        psycho=c.psycho or "",
                        toughened=sl.toughened,
                        adjacent=tuple(self._adjacent(s, i)),
                        card=sl.card,
                    )
                )
            battle = make(
                m.BattleView,
                location=b.location,
                layout=b.layout,
                rows=1 + max((sl.row for sl in b.slots), default=0),
                cols=1 + max((sl.col for sl in b.slots), default=0),
                cards=tuple(cards),
                pool=b.pool,
                turn=b.turn,
                final_turn=b.final,
                played=b.played,
                extra_play_seats=b.extra.seats if b.extra else (),
                granted_attack=b.granted is not None,
                next_attack=b.buffs,
                last_roll=b.last_roll,
                participants=b.participants,
                lead=b.lead,
                lead_ranger=b.lead_ranger,
                attached=b.attached,
                villains=b.villains,
                grid=self._grid_view(s) if b.layout == "grid" else None,
                extra=b.extra,
                granted=b.granted,
                attack=b.attack,
                have_played=b.have_played,
                round_started=b.round_started,
            )
        d = s.decision
        decision = None
        if d is not None:
            mine = seat is not None and seat == mm_seat(s)
            types = sorted(s.config.foot_soldiers)
            decision = make(
                m.DecisionView,
                kind=d.kind,
                prompt=d.prompt,
                asked=d.asked,
                seat=d.seat,
                amount=d.amount,
                card=card_view(d.card) if d.card else None,
                options=d.options,
                picked=d.picked
                if (d.kind != "dark_tactics" or mine) and (d.kind != "peek_top" or seat == d.seat)
                else (),
                limit=d.limit,
                trigger=d.trigger,
                locations=tuple(lo.id for lo in s.locations) if d.kind == "mm_location" else (),
                rangers=d.rangers,
                psycho=(
                    d.source  # the boss version: the card being attached
                    or next((c.enemy for c in s.deploying if c.kind == "nemesis"), "")
                )
                if d.kind == "psycho_attach"
                else "",
                then=d.then,
                figure_options=(
                    ((types[0], types[0]), (types[0], types[1]), (types[1], types[1]))
                    if d.kind == "mm_figures"
                    else ()
                ),
                peeked=tuple(cat.enemy_card(c).name for c in d.picked)
                if d.kind == "dark_tactics" and mine
                else (),
                malus=(d.held.malus if d.held else d.malus),
                deck_cards=tuple(
                    card_view(c) for c in _first_copies(tuple(sorted(s.players[d.seat].deck)))
                )
                if d.kind == "tutor" and seat == d.seat
                else (),
            )
        # the PSYCHO effects of the Psycho Ranger deployment cards face up (or being dealt
        # out now): the cards the players read
        showing = {n.id for n in s.nemeses if n.status != "set_aside"}
        showing |= {c.enemy for c in s.deploying if c.kind == "nemesis"}
        psycho_texts = tuple(
            (n, cat.nemeses[n].name, cat.nemeses[n].text)
            for n in sorted(showing)
            if n in cat.nemeses
        )
        zord_names = []
        for z in self._team_zords(s):
            zd = self._zord_def(s, z)
            zord_names.append((z, zd.name, ZORD_TEXT[zd.ability].format(n=zd.n)))
        nxt = s.deploy_deck[0] if s.deploy_deck else None
        segments, villains = counted_deck(s)
        if s.boss == "psycho_rangers":
            progress = sum(n.status == "defeated" for n in s.nemeses)
            goal = len(s.nemeses)
        else:
            progress, goal = len(enemy_discard(s, s.boss)), BOSS_DEFEAT
        return make(
            View,
            seat=seat,
            round=s.round,
            phase=s.phase,
            focus=s.focus,
            to_act=tuple(sorted(self.to_act(s))),
            headquarters=s.config.headquarters,
            hq_energy=s.hq_energy,
            hq_tokens=s.hq_tokens,
            hq_enemies=s.hq_enemies,
            hq_villains=s.hq_villains,
            hq_rangers=tuple(r for p in s.players if p.location == HQ for r in p.rangers),
            locations=tuple(locations),
            deploy_count=len(s.deploy_deck),
            next_deploy_back=(nxt.back if nxt.kind == "fs" else nxt.back) if nxt else "",
            deploy_discard=len(s.deploy_discard),
            deployments_per_round=s.config.deployments_per_round,
            heavy_deployments=s.config.heavy_deployments,
            opening=s.opening,
            experience=s.power.experience,
            experience_max=EXPERIENCE_MAX,
            power=s.power.level,
            power_max=len(s.config.rangers) + 1 if len(s.config.rangers) == 6 else 6,
            zord_deck=len(s.power.zord_deck),
            megazord=s.power.megazord,
            megazord_token=s.power.megazord_token,
            voyager_energy=s.power.voyager,
            exhausted_zords=s.power.exhausted,
            zord_names=tuple(zord_names),
            psycho_texts=psycho_texts,
            monsters=s.monsters,
            boss=s.boss,
            defeated_villains=s.defeated,
            boss_progress=progress,
            boss_goal=goal,
            nemeses=s.nemeses,
            players=tuple(players),
            battle=battle,
            decision=decision,
            outcome=s.outcome,
            history=s.history,
            deploy_batches=s.deploy_batches,
            mode=s.config.mode,
            mastermind_seat=mm_seat(s),
            schemes=tuple(self._scheme_view(s, c) for c in s.schemes)
            if seat is not None and seat == mm_seat(s)
            else None,
            scheme_count=len(s.schemes),
            scheme_deck=len(s.scheme_deck),
            scheme_discard=tuple(self._scheme_view(s, c) for c in s.scheme_discard),
            deploying=tuple(c.kind for c in s.deploying),
            deploy_target=s.deploy_target,
            psycho_aside=tuple(cat.enemy_card(c).name for c in s.psycho_aside),
            psycho_boss_deployed=s.psycho_boss_deployed,
            enemy_discards=s.enemy_discards,
            enemy_deck_counts=tuple((d, len(c)) for d, c in s.enemy_decks),
            deploy_segments=segments,
            deploy_villains=villains,
        )

    def _scheme_view(self, s: State, c: str) -> m.SchemeView:
        sc = _cat(s).scheme(c)
        d = s.decision
        playable = bool(
            d is not None
            and d.kind == "scheme_window"
            and c in s.schemes
            and any(o.card == c for o in self._scheme_play_options(s, d) if hasattr(o, "card"))
        )
        return make(
            m.SchemeView,
            id=c,
            name=sc.name,
            timing=sc.timing,
            timing_text=sc.timing_text,
            text=sc.text,
            playable=playable,
        )

    def _grid_view(self, s: State) -> m.GridView:
        cat = _cat(s)
        b = s.battle
        d = s.decision
        at = {(sl.row, sl.col): i for i, sl in enumerate(b.slots)}
        placing = d is not None and d.kind == "grid_place"
        marking = d is not None and d.kind == "marker"
        opts = set(self._marker_options(s)) if marking else set()
        cells = []
        for r in range(GRID):
            for c in range(GRID):
                i = at.get((r, c), -1)
                cells.append(
                    make(
                        m.GridCell,
                        row=r,
                        col=c,
                        slot=i,
                        legal=placing and i < 0,
                        marker=i >= 0 and i == b.marker,
                        marker_option=i in opts,
                    )
                )
        cur = cat.enemy_card(b.to_place[0]) if placing and b.to_place else None
        return make(
            m.GridView,
            cells=tuple(cells),
            placing=cur.name if cur else "",
            placing_text=cur.text if cur else "",
            placing_keywords=cur.keywords if cur else (),
            to_place=len(b.to_place),
            marker=b.marker,
        )

    def describe(self, action: Action) -> str:
        a = action
        if isinstance(a, m.PlayCard):
            name = a.card.split("#")[0].split(":")[1].replace("-", " ").title()
            t = f" -> card {a.target + 1}" if a.target is not None else ""
            x = f" X={a.x}" if a.x else ""
            return f"Play {name}{x}{t}" + (" (option)" if a.boost else "")
        if isinstance(a, m.Move):
            return f"MOVE to {a.to}" + (" and power up" if a.power_up else "")
        if isinstance(a, m.PlayScheme):
            name = a.card.split("#")[0].split(":")[1].replace("-", " ").title()
            t = f" on card {a.target + 1}" if a.target is not None else ""
            t += f" on seat {a.seat + 1}" if a.seat is not None else ""
            t += f" on the {a.deck} deck" if a.deck else ""
            return f"Scheme: {name}{t}"
        if isinstance(a, m.Arrange):
            return f"Dark Tactics: {len(a.top)} on top, {len(a.bottom)} to the bottom"
        if isinstance(a, m.UseZord):
            return (
                f"Use Zord {a.zord}"
                + (f" at {a.location}" if a.location else "")
                + (f" taking a {_fs_words(a.figure)}" if a.figure else "")
            )
        return {
            "focus": lambda: f"Hand the turn to seat {a.seat + 1}",
            "battle": lambda: "BATTLE",
            "recover": lambda: "RECOVER" + (" (Command Center token)" if a.hq_token else ""),
            "end_phase": lambda: "End the Action Phase",
            "granted_attack": lambda: f"Dropkick card {a.target + 1}",
            "pass": lambda: "Pass",
            "hold_schemes": lambda: "No Schemes for the rest of this battle",
            "flip_token": lambda: "Flip an action token for energy",
            "give_energy": lambda: "Add stored energy to the pool",
            "ability": lambda: f"Use {a.ranger}'s ability",
            "choose": lambda: f"Seat {a.seat + 1} takes it",
            "draw": lambda: f"Draw {a.count}",
            "pick": lambda: f"Pick {a.card.split('#')[0]}",
            "dice": lambda: "Dice " + ", ".join(str(i + 1) for i in a.dice),
            "power_up": lambda: "Power up now",
            "fight": lambda: "Foot soldiers that fight: " + ", ".join(a.figures),
            "target": lambda: f"Target card {a.slot + 1}",
            "mm_location": lambda: f"Deploy at {a.location}",
            "psycho_attach": lambda: f"Attach the Psycho's card to {a.ranger}",
            "figure": lambda: f"Move a {_fs_words(a.figure)} figure on",
            "mm_figures": lambda: f"Deploy {' + '.join(a.figures)}",
            "place": lambda: f"Place at row {a.row + 1}, column {a.col + 1}",
            "marker": lambda: f"Combat marker on card {a.slot + 1}",
            "discard_scheme": lambda: f"Discard {a.card.split('#')[0]}",
            "order": lambda: "Scheme first" if a.scheme_first else "Ranger's card first",
        }[a.kind]()

    def hidden_variant(self, state: State, observer: Seat | None, rng: random.Random) -> State:
        """Re-deal what nobody sees (deck orders, enemy decks, the deployment deck below its
        top card) and, with hidden hands, the other seats' hands."""
        s = state
        players = list(s.players)
        for i, p in enumerate(players):
            if not hand_shown(s, observer, i):
                hand, deck = redeal(rng, p.hand, p.deck)
                players[i] = upd(p, hand=hand, deck=deck)
            else:
                deck = list(p.deck)
                rng.shuffle(deck)
                players[i] = upd(p, deck=tuple(deck))
        decks = []
        for d, cards in s.enemy_decks:
            c = list(cards)
            rng.shuffle(c)
            decks.append((d, tuple(c)))
        # the deployment deck: its top card's back shows; each segment's order is unknown
        dd, at = [], 0
        for size in deck_segments(s):
            part = list(s.deploy_deck[at + (at == 0) : at + size])
            rng.shuffle(part)
            dd += part
            at += size
        out = upd(
            s,
            players=tuple(players),
            enemy_decks=tuple(decks),
            deploy_deck=s.deploy_deck[:1] + tuple(dd),
        )
        mm = mm_seat(s)
        if mm is not None:
            # the Scheme hand is the Mastermind's secret; the deck order is everybody's
            if observer != mm:
                schemes, deck = redeal(rng, s.schemes, s.scheme_deck)
                out = upd(out, schemes=schemes, scheme_deck=deck)
            else:
                (deck,) = redeal(rng, s.scheme_deck)
                out = upd(out, scheme_deck=deck)
        return out
