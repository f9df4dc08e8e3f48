"""Heroes of the Grid: Legal moves and the checks behind them (each rejection names its rule).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Rejection
from . import models as m
from .effects import (
    ACTIVE_ABILITIES,
)
from .models import (
    HQ,
    Action,
    Decision,
    NextAttack,
    State,
)
from .state_ops import (
    MM_DECISIONS,
    _cat,
    _first_copies,
    _no,
    _other_copy,
    card_cost,
    hand_size,
    loc_index,
    mastodon_types,
    passive_on,
    shared,
    upd,
)

_PHASE_MOVES: list = []
_FOCUS: dict[int, Action] = {}
_MOVES: dict[str, Action] = {}


def _phase_moves() -> tuple:
    """The Action Phase's moves that take no number or place (built on first use)."""
    if not _PHASE_MOVES:
        _PHASE_MOVES.append(
            (
                shared(m.StartBattle),
                shared(m.Recover),
                shared(m.Recover, hq_token=True),
                shared(m.EndPhase),
                shared(m.Move, to=HQ),
                shared(m.Move, to=HQ, power_up=True),
            )
        )
    return _PHASE_MOVES[0]


def _focus(seat: int) -> Action:
    got = _FOCUS.get(seat)
    if got is None:
        got = _FOCUS[seat] = shared(m.Focus, seat=seat)
    return got


_PLAYS: dict[tuple, Action] = {}


def _play_card(card: str, target: int, x: int, boost: bool) -> Action:
    """`shared(m.PlayCard, ...)` with a plain key: a battle's legal moves try every card,
    X, option and target."""
    key = (card, target, x, boost)
    got = _PLAYS.get(key)
    if got is None:
        if len(_PLAYS) > 20_000:  # a bound for long-running servers
            _PLAYS.clear()
        got = _PLAYS[key] = shared(m.PlayCard, card=card, target=target, x=x, boost=boost)
    return got


_OTHERS: dict[tuple[int, int], tuple[Action, ...]] = {}


def _focus_others(players: int, seat: int) -> tuple[Action, ...]:
    """Focus on each other seat, in seat order (asked at every Action Phase move)."""
    got = _OTHERS.get((players, seat))
    if got is None:
        got = _OTHERS[players, seat] = tuple([_focus(i) for i in range(players) if i != seat])
    return got


#: id(locations tuple) -> (that tuple, {location: moves to the other outer locations}):
#: the Action Phase moves no figure, so its states share one locations tuple
_AWAY: dict[int, tuple] = {}


def _moves_away(locations: tuple, here: str) -> list[Action]:
    got = _AWAY.get(id(locations))
    if got is None or got[0] is not locations:
        if len(_AWAY) > 1024:
            _AWAY.clear()
        got = _AWAY[id(locations)] = (locations, {})
    moves = got[1].get(here)
    if moves is None:
        moves = got[1][here] = [_move(lo.id) for lo in locations if lo.id != here]
    return moves


def _move(to: str) -> Action:
    got = _MOVES.get(to)
    if got is None:
        got = _MOVES[to] = shared(m.Move, to=to)
    return got


def _any_zords(players: tuple) -> bool:
    for p in players:  # a loop: asked at every Action Phase move
        if p.zords:
            return True
    return False


class CheckRules:
    def _candidates(self, s: State, seat: int) -> list[Action]:
        if s.decision is not None and s.decision.kind in MM_DECISIONS:
            return self._mm_candidates(s, s.decision)
        cat = _cat(s)
        p = s.players[seat]
        d = s.decision
        out: list[Action] = []
        if d is not None:
            if d.kind == "assign_damage":
                return [shared(m.ChooseRanger, seat=o) for o in d.options]
            if d.kind == "prep_draw":
                room = min(1, hand_size(s, seat) - len(p.hand), len(p.deck))
                return [shared(m.Draw, count=k) for k in range(max(0, room) + 1)]
            if d.kind == "draw_more":
                return [shared(m.Draw, count=0), shared(m.Draw, count=1)]
            if d.kind == "choose_ranger":
                return [*(shared(m.ChooseRanger, seat=o) for o in d.options), shared(m.Pass)]
            if d.kind == "drain_stored":
                return [shared(m.ChooseRanger, seat=o) for o in d.options]
            if d.kind == "tutor":
                return [
                    *(shared(m.Pick, card=c) for c in _first_copies(tuple(sorted(p.deck)))),
                    shared(m.Pass),
                ]
            if d.kind == "to_top":
                picks = [shared(m.Pick, card=c) for c in _first_copies(p.discard)]
                return [*picks, shared(m.Pass)] if d.optional or not picks else picks
            if d.kind == "discard_some":
                return [*(shared(m.Pick, card=c) for c in _first_copies(p.hand)), shared(m.Pass)]
            if d.kind == "peek_top":
                return [shared(m.Pick, card=c) for c in _first_copies(d.picked)]
            if d.kind in ("energy_or_die", "bottom_deck"):
                return [shared(m.Pick, card=d.card), shared(m.Pass)]
            if d.kind in ("hand_to_top", "discard_from_hand"):
                picks = [shared(m.Pick, card=c) for c in _first_copies(p.hand)]
                return [*picks, shared(m.Pass)] if d.optional else picks
            if d.kind == "recover":
                picks = _first_copies(p.discard, d.picked)
                return [*(shared(m.Pick, card=c) for c in picks), shared(m.Pass)]
            if d.kind == "cyber_slash":
                return [*(shared(m.Pick, card=c) for c in _first_copies(p.hand)), shared(m.Pass)]
            # reaction windows
            out += self._reaction_plays(s, seat, d)
            if d.kind == "damage_window":
                out += [
                    shared(m.UseZord, zord=z)
                    for z in self._team_zords(s)
                    if z in ("mega_v5", "mega_voyager")
                ]
            if s.battle is not None and s.battle.mega_v1_card is not None:  # Mega V1
                out += [
                    shared(m.UseZord, zord=z)
                    for z in self._team_zords(s)
                    if self._zord_def(s, z).ability == "battle_energy"
                ]
            out += [shared(m.FlipToken), shared(m.GiveEnergy), shared(m.Pass)]
            return out
        if s.phase == "action":
            out += [shared(m.Focus, seat=i) for i in range(len(s.players)) if i != seat]
            for lo in [HQ, *(lo.id for lo in s.locations)]:
                out.append(shared(m.Move, to=lo))
                if lo == HQ:
                    out.append(shared(m.Move, to=lo, power_up=True))
            out += [
                shared(m.StartBattle),
                shared(m.Recover),
                shared(m.Recover, hq_token=True),
                shared(m.EndPhase),
            ]
            out += self._zord_candidates(s)
            return out
        if s.phase == "battle":
            b = s.battle
            out += [shared(m.Focus, seat=i) for i in b.participants if i != seat]
            for c in _first_copies(p.hand):
                card = cat.card(c)
                if card.type == "reaction" and card.trigger != "attack":
                    continue
                xs, targets, boosts = _play_shape(card, b)
                for t in targets:
                    for x in xs:
                        for bo in boosts:
                            out.append(shared(m.PlayCard, card=c, target=t, x=x, boost=bo))
            if b.granted:
                out += [shared(m.GrantedAttack, target=t) for t in range(len(b.slots))]
            out += [shared(m.FlipToken), shared(m.GiveEnergy), shared(m.Pass)]
            out += [shared(m.UseAbility, ranger=r) for r in p.rangers]
            out += self._zord_candidates(s)
        return out

    def _legal_action_phase(self, s: State, seat: int) -> list[Action]:
        """The Action Phase's legal moves read straight off the state, in the order of
        `_candidates`: the same answer as checking each candidate (`_check_action_phase`),
        which random playouts spend most of their time asking for. The test
        test_hotg_fast_legal_moves_match_the_checks compares the two."""
        start, recover, recover_hq, end, to_hq, power_up = _phase_moves()
        p = s.players[seat]
        if s.hq_tokens >= 1:
            out = list(_focus_others(len(s.players), seat))
        else:
            out = [
                _focus(i) for i, other in enumerate(s.players) if i != seat and other.tokens >= 1
            ]
        if p.tokens >= 1:  # MOVE, BATTLE and RECOVER flip one of the Ranger's tokens
            here = p.location
            enemies_at_hq = bool(s.hq_enemies or s.hq_villains)
            if here != HQ:
                out.append(to_hq)
                if not enemies_at_hq and s.config.headquarters != "astro_megaship":
                    out.append(power_up)
            out += _moves_away(s.locations, here)
            if enemies_at_hq if here == HQ else s.locations[loc_index(s, here)].figures:
                out.append(start)
            out.append(recover)
        if s.hq_tokens >= 1:
            out.append(recover_hq)
        out.append(end)
        if s.power.megazord or s.power.unclaimed or _any_zords(s.players):
            out += [z for z in self._zord_candidates(s) if self._check_zord(s, seat, z) is None]
        return out

    def _legal_battle(self, s: State, seat: int) -> list[Action]:
        """A battle's legal moves (no question pending), in the order of `_candidates`:
        a card play's target-free checks run once per card, X and option, and its targets
        are tried only when those pass (the candidates' checks share them the same way).
        test_hotg_fast_legal_moves_match_the_checks compares the two."""
        b = s.battle
        p = s.players[seat]
        cat = _cat(s)
        check = self._check_battle
        out = [
            a for a in [_focus(i) for i in b.participants if i != seat] if check(s, seat, a) is None
        ]
        for c in _first_copies(p.hand):
            card = cat.card(c)
            if card.type == "reaction" and card.trigger != "attack":
                continue
            xs, targets, boosts = _play_shape(card, b)
            if not targets:
                continue
            # what the card's play allows for each X and option (the target aside) ...
            allowed, base = [], None
            for x in xs:
                for bo in boosts:
                    got = self._check_play(s, seat, _play_card(c, targets[0], x, bo), True)
                    if not isinstance(got, Rejection):
                        allowed.append((x, bo))
                        base = got  # the same for every X and option: it reads the card
            if base is None:
                continue
            # ... and which targets it may take (the same for every X and option)
            x0, bo0 = allowed[0]
            for t in targets:
                probe = _play_card(c, t, x0, bo0)
                if self._check_play_target(s, seat, probe, *base) is None:
                    out += [_play_card(c, t, x, bo) for x, bo in allowed]
        rest: list[Action] = []
        if b.granted:
            rest += [shared(m.GrantedAttack, target=t) for t in range(len(b.slots))]
        rest += [shared(m.FlipToken), shared(m.GiveEnergy), shared(m.Pass)]
        rest += [shared(m.UseAbility, ranger=r) for r in p.rangers]
        rest += self._zord_candidates(s)
        out += [a for a in rest if check(s, seat, a) is None]
        return out

    def _zord_candidates(self, s: State) -> list[Action]:
        out: list[Action] = []
        for z in self._team_zords(s):
            ability = self._zord_def(s, z).ability
            if ability == "fs_to_experience":  # each figure type there, the most first
                out += [
                    shared(m.UseZord, zord=z, location=lo.id, figure=f)
                    for lo in s.locations
                    for f in mastodon_types(lo)
                ]
            elif ability == "megazord_token":
                out += [shared(m.UseZord, zord=z, location=lo.id) for lo in s.locations]
            else:
                out.append(shared(m.UseZord, zord=z))
        return out

    def _zord_def(self, s: State, z: str):
        cat = _cat(s)
        return cat.zords.get(z) or cat.megazords[z]

    def _team_zords(self, s: State) -> list[str]:
        out = [z for p in s.players for z in p.zords]
        out += s.power.unclaimed  # summoned, its receiver not named yet: the team's all the same
        if s.power.megazord:
            out.append(s.power.megazord)
        return out

    def _reaction_plays(self, s: State, seat: int, d: Decision) -> list[Action]:
        cat = _cat(s)
        out: list[Action] = []
        for c in _first_copies(s.players[seat].hand, d.picked):
            card = cat.card(c)
            if card.type == "reaction" and card.cost == "X" and d.trigger == "attack":
                out += [shared(m.PlayCard, card=c, x=x) for x in range(1, 4)]  # Astro Blaster
            elif card.type == "reaction":
                out.append(shared(m.PlayCard, card=c))
        return out

    def _check(self, s: State, seat: int, a: Action, memo: dict | None = None) -> Rejection | None:
        """`memo`: shared by the checks of one `legal_actions` call (card plays' target-free
        checks)."""
        d = s.decision
        if d is not None and d.kind in MM_DECISIONS:
            return self._check_mm(s, seat, a, d)
        if d is not None:
            return self._check_decision(s, seat, a, d)
        if s.phase == "action":
            return self._check_action_phase(s, seat, a)
        if s.phase == "battle":
            return self._check_battle(s, seat, a, memo)
        return _no("Round structure", "Nothing to do now.")

    def _check_decision(self, s: State, seat: int, a: Action, d: Decision) -> Rejection | None:
        p = s.players[seat]
        cat = _cat(s)
        if d.kind == "assign_damage":
            if not isinstance(a, m.ChooseRanger):
                return _no("Damage to Rangers (§5.7)", "Choose which Ranger suffers the damage.")
            if a.seat not in d.options:
                return _no("Damage to Rangers (§5.7)", "That Ranger cannot take this damage.")
            return None
        if d.kind == "prep_draw":
            if not isinstance(a, m.Draw):
                return _no("Ranger preparation (§5.1)", "Draw a card, or stop drawing.")
            room = min(1, hand_size(s, seat) - len(p.hand), len(p.deck))
            if not 0 <= a.count <= max(0, room):
                return _no(
                    "Ranger preparation (§5.1)",
                    "Draw one card at a time (Draw 1), up to the hand size, or stop (Draw 0).",
                )
            return None
        if d.kind == "draw_more":
            if not isinstance(a, m.Draw) or a.count not in (0, 1):
                return _no(d.source, "Draw one card (Draw 1), or stop drawing (Draw 0).")
            if a.count and not self._can_draw(s, seat, d.hand_cap, d.anyone):
                return _no(d.source, "Your hand is full (or your deck is empty).")
            return None
        if d.kind in ("energy_or_die", "bottom_deck"):
            if isinstance(a, m.Pass) or (isinstance(a, m.Pick) and a.card == d.card):
                return None
            if d.kind == "bottom_deck":
                return _no(d.source, "Put the card on the bottom of your deck (pick it), or pass.")
            return _no(d.source, "Take the energy (pick the card) or keep the die (pass).")
        if d.kind == "peek_top":
            if not isinstance(a, m.Pick) or a.card not in d.picked:
                return _no(d.source, "Pick which of your 2 top cards goes on top of your deck.")
            return None
        if d.kind == "hand_to_top":
            if d.optional and isinstance(a, m.Pass):  # Rising Moon: any number, none too
                return None
            if not isinstance(a, m.Pick) or a.card not in p.hand:
                return _no(d.source, "Put a card from your hand on top of your deck.")
            return _other_copy(p.hand, a.card)
        if d.kind == "discard_from_hand":
            if not isinstance(a, m.Pick) or a.card not in p.hand:
                return _no(d.source, "Choose a card from your hand to discard.")
            return _other_copy(p.hand, a.card)
        if d.kind in ("tutor", "to_top", "discard_some"):
            pile = {"tutor": tuple(sorted(p.deck)), "to_top": p.discard, "discard_some": p.hand}[
                d.kind
            ]
            if isinstance(a, m.Pass):
                if d.kind == "to_top" and not d.optional and p.discard:
                    return _no(d.source, f"Put {d.amount} card(s) from your discard pile on top.")
                return None
            if not isinstance(a, m.Pick) or a.card not in pile:
                where = {
                    "tutor": "your deck",
                    "to_top": "your discard pile",
                    "discard_some": "your hand",
                }
                return _no(d.source, f"Choose a card from {where[d.kind]}, or pass.")
            return _other_copy(pile, a.card)
        if d.kind == "drain_stored":
            if not isinstance(a, m.ChooseRanger) or a.seat not in d.options:
                return _no(d.source, "A drain: name a Ranger in the battle with stored energy.")
            return None
        if d.kind == "choose_ranger":
            if isinstance(a, m.Pass):
                if d.then in ("enemy_discard", "three_different", "drain"):
                    return _no(d.source, "An enemy effect: name the Ranger who discards.")
                return None
            if not isinstance(a, m.ChooseRanger) or a.seat not in d.options:
                return _no(d.source, "Choose a Ranger in the battle, or pass.")
            return None
        if d.kind in ("recover", "cyber_slash"):
            if isinstance(a, m.Pass):
                return None
            if not isinstance(a, m.Pick):
                return _no("RECOVER (§4.2)", "Pick a card, or pass.")
            if d.kind == "cyber_slash":
                if a.card not in p.hand:
                    return _no("Cyber Slash", "Discard a card from your own hand.")
                return _other_copy(p.hand, a.card)
            if a.card not in p.discard or a.card in d.picked:
                return _no("RECOVER (§4.2)", "Pick a card from your discard pile.")
            if (no := _other_copy(p.discard, a.card, d.picked)) is not None:
                return no
            used = sum(cat.card(c).shields for c in d.picked)
            if used + cat.card(a.card).shields > d.limit:
                return _no(
                    "RECOVER (§4.2)", f"RECOVER takes back cards worth at most {d.limit} shields."
                )
            return None
        # reaction windows
        if isinstance(a, m.Pass):
            return None
        if isinstance(a, (m.FlipToken, m.GiveEnergy)):
            return self._check_energy(s, seat, a)
        if isinstance(a, m.UseZord):
            if (
                d.kind in ("reaction_window", "damage_window", "reveal_window")
                and a.zord in self._team_zords(s)
                and self._zord_def(s, a.zord).ability == "battle_energy"
            ):  # Mega V1 answers the reaction just played in this window
                return self._check_zord(s, seat, a)
            if d.kind != "damage_window" or a.zord not in ("mega_v5", "mega_voyager"):
                return _no("Zords (§6)", "Only damage-reducing Zords answer damage.")
            if a.location:
                return _no("Zords (§6)", "This Zord takes no location.")
            if a.zord not in self._team_zords(s):
                return _no("Zords (§6)", "The team does not have that Zord.")
            if a.zord == "mega_voyager":
                return (
                    None
                    if s.power.voyager > 0
                    else _no("Mega Voyager", "The Mega Voyager has no energy left.")
                )
            if a.zord in s.power.exhausted:
                return _no("Zords (§6)", "That Zord is exhausted until the end of the round.")
            return None
        if not isinstance(a, m.PlayCard):
            return _no("Reactions (§5.8)", "Play a reaction or pass.")
        if a.card not in p.hand:
            return _no("Reactions (§5.8)", "That card is not in your hand.")
        if a.card in d.picked:
            return _no("Reactions (§5.8)", "Each card answers a trigger once (Ruling 30).")
        if (no := _other_copy(p.hand, a.card, d.picked)) is not None:
            return no
        card = cat.card(a.card)
        if card.type != "reaction":
            return _no("Reactions (§5.8)", "Only reactions can be played now.")
        want = {
            "damage_window": ("damage",),
            "reveal_window": ("any_reveal", "own_reveal"),
        }.get(d.kind, (d.trigger,))
        if card.trigger not in want:
            return _no("Reactions (§5.8)", f"{card.name} answers another trigger.")
        if card.trigger == "own_reveal" and seat != d.seat:
            return _no("Reactions (§5.8)", f"{card.name} answers only your own defence reveal.")
        if d.kind == "reveal_window" and (
            (card.trigger == "any_reveal" and d.double)
            or (card.trigger == "own_reveal" and d.to_hand)
        ):
            return _no("Reactions (§5.8)", "That has already been done to this card.")
        if a.target is not None or a.boost:
            return _no("Reactions (§5.8)", "A reaction takes no target or option.")
        if card.cost == "X":  # Astro Blaster, answering any Ranger's attack
            if not 1 <= a.x <= 3:
                return _no("Astro Blaster", "Pay 1-3 energy.")
            return self._check_cost(s, a.card, a.x)
        if a.x:
            return _no("Energy (§5.5)", "Only X-cost cards take an X.")
        return self._check_cost(s, a.card, 0)

    def _check_cost(self, s: State, card: str, x: int) -> Rejection | None:
        cost = card_cost(s, card, x)
        if passive_on(s, "ravenous_hunger") and cost > 0:
            return _no(
                "Ravenous Hunger",
                "While Ravenous Hunger is in play, only cards costing 0 can be played.",
            )
        if cost > s.battle.pool:
            return _no(
                "Energy (§5.5)", f"It costs {cost} energy; the shared pool holds {s.battle.pool}."
            )
        return None

    def _check_energy(self, s: State, seat: int, a: Action) -> Rejection | None:
        b = s.battle
        if b is None or seat not in b.participants:
            return _no("Energy (§5.5)", "Only a Ranger in the battle adds energy to its pool.")
        p = s.players[seat]
        if isinstance(a, m.FlipToken) and p.tokens < 1:
            return _no("Energy (§5.5)", "You have no unused action token to flip.")
        if isinstance(a, m.GiveEnergy) and p.stored < 1:
            return _no("Energy (§5.5)", "You have no stored energy.")
        return None

    def _check_action_phase(self, s: State, seat: int, a: Action) -> Rejection | None:
        p = s.players[seat]
        cat = _cat(s)
        if isinstance(a, m.EndPhase):
            return None
        if isinstance(a, m.Focus):
            if not 0 <= a.seat < len(s.players) or a.seat == seat:
                return _no("Taking actions (§4.2)", "Hand the turn to another Ranger.")
            if s.players[a.seat].tokens < 1 and s.hq_tokens < 1:
                return _no("Taking actions (§4.2)", "That Ranger has no action token left.")
            return None
        if isinstance(a, m.UseZord):
            return self._check_zord(s, seat, a)
        if isinstance(a, m.Recover) and a.hq_token:
            if s.hq_tokens < 1:
                return _no("Player count (§2)", "No Command Center action token is left.")
            return None
        if isinstance(a, (m.Move, m.StartBattle, m.Recover)) and p.tokens < 1:
            return _no(
                "Taking actions (§4.2)", "Flip an unused action token to act: you have none left."
            )
        if isinstance(a, m.Move):
            if a.to != HQ and loc_index(s, a.to) < 0:
                return _no("MOVE (§4.2)", "No such location.")
            if a.to == p.location:
                return _no("MOVE (§4.2)", "MOVE takes you to another location.")
            if a.power_up and (a.to != HQ or s.config.headquarters == "astro_megaship"):
                return _no("MOVE (§4.2)", "You power up only by moving to the Command Center.")
            if a.power_up and (s.hq_enemies or s.hq_villains):
                return _no(
                    "Command Center Assault",
                    "No one can power up while enemies are at the Command Center.",
                )
            return None
        if isinstance(a, m.StartBattle):
            if p.location == HQ:
                if s.hq_enemies or s.hq_villains:
                    return None
                return _no("BATTLE (§4.2)", "Battle at an outer location holding enemies.")
            lo = s.locations[loc_index(s, p.location)]
            if lo.figures == 0:
                return _no("BATTLE (§4.2)", f"There are no enemies at {cat.locations[lo.id].name}.")
            return None
        if isinstance(a, m.Recover):
            return None
        return _no(
            "Action Phase (§4.2)", "MOVE, BATTLE or RECOVER (or hand the turn to a teammate)."
        )

    def _check_zord(self, s: State, seat: int, a: m.UseZord) -> Rejection | None:
        if a.zord not in self._team_zords(s):
            return _no("Zords (§6)", "The team has not summoned that Zord.")
        zd = self._zord_def(s, a.zord)
        if a.zord == "mega_voyager" or zd.ability in ("reduce_damage",):
            return _no("Zords (§6)", f"{zd.name} is used when a Ranger would suffer damage.")
        if a.zord in s.power.exhausted:
            return _no("Zords (§6)", f"{zd.name} is exhausted until the end of the round.")
        in_battle = s.phase == "battle"
        if (
            zd.ability
            in (
                "next_attack_dice",
                "battle_draw",
                "battle_energy",
                "next_attack_hits",
            )
            and not in_battle
        ):
            return _no("Zords (§6)", f"{zd.name} is used during a battle.")
        if zd.ability == "battle_energy" and s.battle.mega_v1_card is None:
            return _no(zd.name, "It answers a maneuver or reaction just played.")
        if zd.ability in ("fs_to_experience", "megazord_token"):
            i = loc_index(s, a.location)
            if i < 0:
                return _no("Zords (§6)", "Choose an outer location.")
            if zd.ability == "fs_to_experience":
                # any location, the battle's own too (FAQ: the figure leaves, its card stays
                # in the combat), and after the Megazord (the figure goes to the supply)
                if s.locations[i].fs_count < 1:
                    return _no("Mastodon", "No foot soldier figure is there.")
                if a.figure not in mastodon_types(s.locations[i]):
                    return _no("Mastodon", "Name a foot soldier type with a figure there.")
            elif a.figure:
                return _no("Zords (§6)", "Only the Mastodon takes a figure.")
            elif s.power.megazord_token == a.location:
                return _no("Dino Megazord", "The token is already there.")
        elif a.location or a.figure:
            return _no("Zords (§6)", "This Zord takes no location.")
        if zd.ability in ("discard_to_top", "cycle_discard") and not s.players[seat].discard:
            return _no("Zords (§6)", "Your discard pile is empty.")
        return None

    def _check_battle(
        self, s: State, seat: int, a: Action, memo: dict | None = None
    ) -> Rejection | None:
        b = s.battle
        p = s.players[seat]
        cat = _cat(s)
        if isinstance(a, m.Focus):
            allowed = b.extra.seats if (b.played and b.extra) else b.participants
            if a.seat == seat or a.seat not in allowed:
                return _no("Ranger turn (§5.3)", "Hand the turn to another Ranger in this battle.")
            return None
        if isinstance(a, m.Pass):
            return None
        if isinstance(a, (m.FlipToken, m.GiveEnergy)):
            return self._check_energy(s, seat, a)
        if isinstance(a, m.UseZord):
            return self._check_zord(s, seat, a)
        if isinstance(a, m.UseAbility):
            if a.ranger not in p.rangers:
                return _no("Character abilities", "Use your own Ranger's ability.")
            ability = cat.rangers[a.ranger].ability
            if ability not in ACTIVE_ABILITIES or ability == "double_strike":
                return _no(
                    "Character abilities",
                    f"{cat.rangers[a.ranger].ability_name} triggers by itself.",
                )
            if a.ranger in b.used_abilities:
                return _no("Character abilities", "Once per battle: already used.")
            if seat not in b.participants:
                return _no(
                    "Character abilities (§5.1)",
                    "Abilities affect only battles the Ranger takes part in.",
                )
            if ability in ("strategize", "ready_to_rock") and not any(
                s.players[i].deck for i in b.participants
            ):
                return _no(cat.rangers[a.ranger].ability_name, "No Ranger here has a deck left.")
            return None
        if isinstance(a, m.GrantedAttack):
            if not b.granted or b.granted[0] != seat or b.played:
                return _no("Orbital Dropkick", "No free attack is waiting for you.")
            return self._check_target(s, a.target, NextAttack(), seat)
        if not isinstance(a, m.PlayCard):
            return _no("Ranger turn (§5.3)", "Play an attack or maneuver, or pass.")
        if memo is not None:
            key = (a.card, a.x, a.boost, a.target is None)
            base = memo.get(key)
            if base is None:
                base = memo[key] = self._check_play(s, seat, a)
        else:
            base = self._check_play(s, seat, a)
        if isinstance(base, Rejection):
            return base
        return self._check_play_target(s, seat, a, *base)

    def _check_play(self, s: State, seat: int, a: m.PlayCard, first_copy: bool = False):
        """A card play's checks that do not depend on its target: a Rejection, or what the
        target check needs (whether it takes one, whether it stuns, whether it ignores
        GUARD). The same for every target, so `legal_actions` asks once per card, X and
        option. `first_copy`: the caller took the card from `_first_copies` of the hand
        (it is in the hand, and the copy a move names)."""
        b = s.battle
        p = s.players[seat]
        cat = _cat(s)
        if seat not in b.participants:
            return _no("Ranger turn (§5.3)", "Only Rangers in the battle play cards.")
        if not first_copy:
            if a.card not in p.hand:
                return _no("Ranger turn (§5.3)", "That card is not in your hand.")
            if (no := _other_copy(p.hand, a.card)) is not None:
                return no
        card = cat.card(a.card)
        if card.type == "reaction":
            if card.trigger != "attack":
                return _no("Reactions (§5.8)", f"{card.name} is played when its trigger happens.")
            if a.target is not None or a.boost:
                return _no("Reactions (§5.8)", "Astro Blaster takes no target.")
            if not 1 <= a.x <= 3:
                return _no("Astro Blaster", "Pay 1-3 energy.")
            return self._check_cost(s, a.card, a.x) or ("none", False, False)
        if b.played:
            if not b.extra or seat not in b.extra.seats:
                return _no("Ranger turn (§5.3)", "One attack or maneuver per Ranger turn.")
            if b.extra.name and card.name != b.extra.name:
                return _no("Double Strike", f"Only another {b.extra.name}.")
        if card.cost != "X" and a.x:
            return _no("Energy (§5.5)", "Only X-cost cards take an X.")
        boost = card.boost
        if a.boost:
            if boost is None:
                return _no("Combat cards", f"{card.name} has no option.")
            others = len(p.hand) - 1
            if boost.do == "boost_alt_cost" and others < boost.n:
                return _no(card.name, f"Discard {boost.n} other cards to play it without energy.")
            if boost.do in ("boost_hand_to_top", "boost_discard_hand") and others < 1:
                return _no(card.name, "You need another card in hand.")
            if boost.do == "boost_discard_top" and not p.deck:
                return _no(card.name, "Your deck is empty.")
        if not (a.boost and boost is not None and boost.do == "boost_alt_cost"):
            r = self._check_cost(s, a.card, a.x)
            if r:
                return r
            if a.boost and boost is not None and boost.do in ("after_play", "second_attack"):
                if card_cost(s, a.card, a.x) + boost.pay > b.pool:
                    return _no(card.name, f"The option costs {boost.pay} more energy.")
        stun = any(e.do == "stun" for e in card.effects)
        needs_target = card.type == "attack" or stun
        ignore = any(e.do == "ignore_guard" for e in card.effects)
        return ("target" if needs_target else "none", stun, ignore)

    def _check_play_target(
        self, s: State, seat: int, a: m.PlayCard, takes: str, stun: bool, ignore: bool
    ) -> Rejection | None:
        b = s.battle
        if takes == "none":
            if a.target is None:
                return None
            if _cat(s).card(a.card).type == "reaction":
                return _no("Reactions (§5.8)", "Astro Blaster takes no target.")
            return _no("Combat cards", "A maneuver takes no target.")
        if a.target is None:
            return _no("Attacking enemies (§5.6)", "Choose a target.")
        if stun:
            if not 0 <= a.target < len(b.slots) or b.slots[a.target].defeated:
                return _no("Satellite Stunner", "Choose an undefeated enemy card.")
            return None
        buffs = b.buffs
        if ignore and not buffs.ignore_guard:  # the card's own "ignore GUARD"
            buffs = upd(buffs, ignore_guard=True)
        return self._check_target(s, a.target, buffs, seat)

    def _check_target(
        self, s: State, target: int, buffs: NextAttack, seat: int
    ) -> Rejection | None:
        b = s.battle
        if not 0 <= target < len(b.slots):
            return _no("Attacking enemies (§5.6)", "No such enemy card.")
        if b.slots[target].defeated:
            return _no("Attacking enemies (§5.6)", "That card is already defeated.")
        if not buffs.ignore_guard and self._guarded(s, target):
            return _no("GUARD (§5.6)", "That card is guarded by an adjacent GUARD card.")
        return None


def _play_shape(card, b) -> tuple:
    """The X values, targets and boost options a card's play may name in this battle: the
    candidates and the fast legal list walk the same ones."""
    xs = range(0, b.pool + 1) if card.cost == "X" else (0,)  # X: whatever the pool pays
    targets = (
        range(len(b.slots))
        if card.type == "attack" or any(e.do == "stun" for e in card.effects)
        else (None,)
    )
    boosts = (False, True) if card.boost is not None else (False,)
    return xs, targets, boosts
