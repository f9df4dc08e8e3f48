"""Heroes of the Grid: Questions answered by their own moves, checks and answers
(MM_DECISIONS): the Mastermind's choices and the team's own (Mastodon window, Blade Blaster,
strategize...).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from itertools import permutations

from ...engine import Event, Rejection, event
from . import models as m
from .choices import CHOICE_DECISIONS
from .models import (
    Action,
    Decision,
    Slot,
    State,
)
from .state_ops import (
    GRID,
    SCHEME_HAND,
    _cat,
    _first_copies,
    _no,
    _other_copy,
    ask,
    best_value,
    bt,
    enemy_deck,
    loc_index,
    mm_seat,
    pl,
    scheme_discard_prompt,
    set_enemy_deck,
    shared,
    upd,
)


def _park_types(s: State, d: Decision) -> list[str]:
    """Angel Grove Park B: the foot soldier types with a figure there, in its order."""
    return [f for f, n in s.locations[loc_index(s, d.trigger)].fs if n > 0]


def _drop_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


class QuestionRules:
    def _mm_candidates(self, s: State, d: Decision) -> list[Action]:
        if d.kind in CHOICE_DECISIONS:
            return self._choice_candidates(s, d)
        if d.kind == "deploy_window":
            return [*self._mastodon_options(s), shared(m.Pass)]
        if d.kind == "hq_power_up":
            return [shared(m.PowerUp), shared(m.Pass)]
        if d.kind == "surf_spot":  # the most valuable card first (the old fixed pick)
            pile = _first_copies(s.players[d.seat].discard)
            pile = sorted(pile, key=lambda c: best_value(s, c), reverse=True)
            return [*(shared(m.Pick, card=c) for c in pile), shared(m.Pass)]
        if d.kind == "fs_pick":
            return [shared(m.FightFigures, figures=o) for o in self._fs_options(s)]
        if d.kind == "park_figure":  # in the location's order: its first, the old pick
            return [shared(m.ChooseFigure, figure=f) for f in _park_types(s, d)]
        if d.kind == "give_zord":  # the fewest Zords first (the old pick)
            return [shared(m.ChooseRanger, seat=i) for i in d.options]
        if d.kind == "add_target":
            return [*(shared(m.Target, slot=i) for i in self._more_targets(s)), shared(m.Pass)]
        if d.kind == "divide_hits":
            return [shared(m.Target, slot=i) for i in self._hit_options(s, d.picked)]
        if d.kind == "choose_target":
            picks = [shared(m.Target, slot=i) for i in d.options]
            return [*picks, shared(m.Pass)] if d.optional else picks
        if d.kind == "strategize":
            return [
                *(shared(m.ChooseRanger, seat=i) for i in range(len(s.players))),
                shared(m.Pass),
            ]
        if d.kind == "strategize_draw":
            p = s.players[d.seat]
            return [shared(m.Draw, count=k) for k in range(min(3, len(p.deck)) + 1)]
        if d.kind == "strategize_put":
            return [shared(m.Pick, card=c) for c in _first_copies(s.players[d.seat].hand)]
        if d.kind == "psycho_attach":
            return [shared(m.AttachPsycho, ranger=r) for r in d.rangers]
        if d.kind == "mm_location":
            return [shared(m.ChooseLocation, location=lo.id) for lo in s.locations]
        if d.kind == "mm_figures":
            types = sorted(s.config.foot_soldiers)
            return [
                shared(m.DeployFigures, figures=(types[0], types[0])),
                shared(m.DeployFigures, figures=(types[0], types[1])),
                shared(m.DeployFigures, figures=(types[1], types[1])),
            ]
        if d.kind == "grid_place":
            return [shared(m.PlaceCard, row=r, col=c) for r in range(GRID) for c in range(GRID)]
        if d.kind == "marker":
            return [shared(m.PlaceMarker, slot=i) for i in range(len(s.battle.slots))]
        if d.kind == "scheme_window":
            return [*self._scheme_play_options(s, d), shared(m.Pass), shared(m.HoldSchemes)]
        if d.kind == "scheme_discard":
            return [shared(m.DiscardScheme, card=c) for c in s.schemes]
        if d.kind == "dark_tactics":
            cards = d.picked
            out = []
            seen_keys = set()
            n = len(cards)
            for mask in range(2**n):
                top = [c for k, c in enumerate(cards) if mask >> k & 1]
                bottom = [c for k, c in enumerate(cards) if not mask >> k & 1]
                for tp in permutations(top):
                    for bp in permutations(bottom):
                        key = (tp, bp)
                        if key not in seen_keys:
                            seen_keys.add(key)
                            out.append(shared(m.Arrange, top=tp, bottom=bp))
            return out
        if d.kind == "order_effects":
            return [
                shared(m.OrderEffects, scheme_first=True),
                shared(m.OrderEffects, scheme_first=False),
            ]
        return []

    def _check_mm(self, s: State, seat: int, a: Action, d: Decision) -> Rejection | None:
        if d.kind in CHOICE_DECISIONS:
            return self._check_choice(s, seat, a, d)
        cat = _cat(s)
        if d.kind == "add_target":
            if isinstance(a, m.Pass):
                return None
            if not isinstance(a, m.Target) or a.slot not in self._more_targets(s):
                return _no(
                    "Blade Blaster (§9)",
                    "Add another enemy card you could attack (not guarded, not chosen), or pass.",
                )
            return None
        if d.kind == "divide_hits":
            if not isinstance(a, m.Target) or a.slot not in self._hit_options(s, d.picked):
                return _no("Blade Blaster (§9)", "Give the hit to one of the targets you chose.")
            return None
        if d.kind == "choose_target":
            if isinstance(a, m.Pass) and d.optional:
                return None
            if not isinstance(a, m.Target) or a.slot not in d.options:
                more = ", or pass" if d.optional else ""
                return _no(d.source, f"Give the hit(s) to one of the enemy cards offered{more}.")
            return None
        if d.kind == "fs_pick":
            if not isinstance(a, m.FightFigures) or a.figures not in self._fs_options(s):
                return _no(
                    "Enemy preparation (§5.2)",
                    "Pick the foot soldiers that fight (up to 4), grouped by type in the "
                    "order their decks are drawn.",
                )
            return None
        if d.kind == "surf_spot":
            if isinstance(a, m.Pass):
                return None
            pile = s.players[d.seat].discard
            if not isinstance(a, m.Pick) or a.card not in pile:
                return _no("Surf Spot", "Pick a card of your discard pile, or pass.")
            return _other_copy(pile, a.card)
        if d.kind == "park_figure":
            if not isinstance(a, m.ChooseFigure) or a.figure not in _park_types(s, d):
                return _no(
                    "Angel Grove Park (B side)",
                    "Choose a foot soldier type with a figure here: one of them moves on.",
                )
            return None
        if d.kind == "give_zord":
            if not isinstance(a, m.ChooseRanger) or a.seat not in d.options:
                return _no(
                    "Zords (§6)",
                    "Its Ranger is not in the game: choose the player who receives it.",
                )
            return None
        if d.kind == "hq_power_up":
            if not isinstance(a, (m.PowerUp, m.Pass)):
                return _no("Command Center Assault (§7)", "Power up now, or pass.")
            return None
        rule = "Astro Megaship"
        if d.kind == "strategize":
            if isinstance(a, m.Pass):
                return None
            if not isinstance(a, m.ChooseRanger) or not 0 <= a.seat < len(s.players):
                return _no(rule, "Choose the Ranger (in any location) who strategizes, or pass.")
            return None
        if d.kind == "strategize_draw":
            n = min(3, len(s.players[d.seat].deck))
            if not isinstance(a, m.Draw) or not 0 <= a.count <= n:
                return _no(rule, f"Draw 0-{n} cards.")
            return None
        if d.kind == "strategize_put":
            hand = s.players[d.seat].hand
            if not isinstance(a, m.Pick) or a.card not in hand:
                return _no(rule, "Put a card from your hand on top of your deck.")
            return _other_copy(hand, a.card)
        rule = "Mastermind Mode"
        if d.kind == "deploy_window":
            if isinstance(a, m.Pass):
                return None
            if (
                not isinstance(a, m.UseZord)
                or a.zord not in self._team_zords(s)
                or (self._zord_def(s, a.zord).ability != "fs_to_experience")
            ):
                return _no(
                    "Deployment (§4.1, FAQ)",
                    "Between deployments only the Mastodon may be used; or pass.",
                )
            return self._check_zord(s, seat, a)
        if d.kind == "psycho_attach":
            if not isinstance(a, m.AttachPsycho) or a.ranger not in d.rangers:
                names = ", ".join(cat.rangers[r].name for r in d.rangers)
                if d.then == "boss":
                    return _no(
                        "Psycho Rangers (Boss Version), Deployment",
                        f"Each Ranger takes at least one card: this one goes to one of: {names}",
                    )
                return _no(
                    "Psycho Assault Mode, Deployment",
                    f"The Psycho's deployment card goes to one of: {names}",
                )
            return None
        if d.kind == "mm_location":
            if not isinstance(a, m.ChooseLocation):
                return _no(f"{rule}, Deployment", "Choose one of the four outer locations.")
            if loc_index(s, a.location) < 0:
                return _no(f"{rule}, Deployment", "Choose one of the four outer locations.")
            return None
        if d.kind == "mm_figures":
            if not isinstance(a, m.DeployFigures):
                return _no(f"{rule}, Deployment", "Choose two foot soldier figures to deploy.")
            if not set(a.figures) <= set(s.config.foot_soldiers) or list(a.figures) != sorted(
                a.figures
            ):
                return _no(
                    f"{rule}, Deployment",
                    "Choose two figures of this game's foot soldier types (listed in order).",
                )
            return None
        if d.kind == "grid_place":
            if not isinstance(a, m.PlaceCard):
                return _no(f"{rule}, Battle", "Place the enemy card on the combat grid.")
            if not (0 <= a.row < GRID and 0 <= a.col < GRID):
                return _no(f"{rule}, Battle", "The combat grid is 3x3.")
            if (a.row, a.col) not in self._grid_free(s):
                return _no(
                    f"{rule}, Battle",
                    "Each card must be placed in an empty space: never two cards in one space.",
                )
            return None
        if d.kind == "marker":
            if not isinstance(a, m.PlaceMarker):
                return _no(f"{rule}, Battle", "Place the combat marker on an enemy card.")
            if a.slot not in self._marker_options(s):
                if s.battle.marker < 0:
                    return _no(f"{rule}, Battle", "Place the combat marker on an enemy card.")
                return _no(
                    f"{rule}, Battle",
                    "Move the combat marker to the nearest enemy card not resolved yet.",
                )
            return None
        if d.kind == "scheme_window":
            if isinstance(a, (m.Pass, m.HoldSchemes)):
                return None
            if not isinstance(a, m.PlayScheme):
                return _no(f"{rule}, Scheme Cards", "Play a Scheme card, or pass.")
            if a.card not in s.schemes:
                return _no(f"{rule}, Scheme Cards", "That Scheme is not in your hand.")
            sc = cat.scheme(a.card)
            if sc.timing != d.trigger:
                return _no(
                    f"{rule}, Scheme Cards",
                    f"{sc.name} is played: {sc.timing_text[0].lower()}{sc.timing_text[1:]}",
                )
            want = {
                (o.target, o.seat, o.deck)
                for o in self._scheme_play_options(s, d)
                if o.card == a.card
            }
            if (a.target, a.seat, a.deck) not in want:
                return _no(f"{rule}, Scheme Cards", f"{sc.name}: {sc.text} Choose a valid target.")
            return None
        if d.kind == "scheme_discard":
            if not isinstance(a, m.DiscardScheme) or a.card not in s.schemes:
                return _no(
                    f"{rule}, Scheme Cards",
                    f"Discard Scheme cards of your choice down to {SCHEME_HAND}.",
                )
            return None
        if d.kind == "dark_tactics":
            if not isinstance(a, m.Arrange) or sorted(a.top + a.bottom) != sorted(d.picked):
                return _no("Dark Tactics", "Return each peeked card to the top or the bottom.")
            return None
        if d.kind == "order_effects":
            if not isinstance(a, m.OrderEffects):
                return _no(
                    f"{rule}, Scheme Cards",
                    "The Mastermind chooses the order of the Scheme and the Ranger effect.",
                )
            return None
        return _no(rule, "Nothing to do now.")

    def _answer_mm(self, s: State, a: Action, d: Decision, ev: list[Event]) -> State:
        if d.kind in CHOICE_DECISIONS:
            return self._answer_choice(s, a, d, ev)
        cat = _cat(s)
        mm = mm_seat(s)
        s = upd(s, decision=None)
        if d.kind == "strategize":
            if not isinstance(a, m.ChooseRanger):
                return s
            ev.append(event(text=f"Strategize: {s.players[a.seat].name} may draw up to 3"))
            return ask(
                s,
                a.seat,
                "strategize_draw",
                prompt="Strategize: draw up to 3 cards (then put as many back on top)",
            )
        if d.kind == "strategize_draw":
            if not a.count:
                return s
            defeats = s.players[d.seat].defeats
            s = self._draw(s, d.seat, a.count, ev)
            if s.outcome is not None or s.players[d.seat].defeats != defeats:
                return s  # drew their last card: defeated, nothing left to put back
            return ask(
                s,
                d.seat,
                "strategize_put",
                amount=a.count,
                prompt=f"Strategize: put {a.count} card(s) from your hand on top of your "
                "deck (the last one chosen ends on top)",
            )
        if d.kind == "strategize_put":
            p = s.players[d.seat]
            hand = list(p.hand)
            hand.remove(a.card)
            s = pl(s, d.seat, hand=tuple(hand), deck=(a.card, *p.deck))
            if d.amount > 1 and hand:
                return upd(s, decision=upd(d, amount=d.amount - 1))
            ev.append(event(text=f"{p.name} puts the cards back on top", seat=d.seat))
            return s
        if d.kind == "add_target":
            att = s.battle.attack
            if isinstance(a, m.Target):
                s = bt(s, attack=upd(att, targets=(*att.targets, a.slot)))
                ev.append(
                    event(
                        text=f"  also targets {cat.enemy_card(s.battle.slots[a.slot].card).name}",
                    )
                )
                if self._more_targets(s):
                    return upd(s, decision=d)
            return s
        if d.kind == "divide_hits":
            return self._divide_hits(s, (*d.picked, str(a.slot)), d.amount, ev)
        if d.kind == "choose_target":
            if not isinstance(a, m.Target):
                return s
            return self._aimed_hits(s, d, a.slot, ev)
        if d.kind == "fs_pick":
            names = ", ".join(cat.decks[f].name for f in a.figures)
            ev.append(
                event(text=f"The lead Ranger picks the foot soldiers: {names}", kind="battle")
            )
            s = bt(s, fs_order=a.figures, fs_picked=True)
            return self._enemy_prep(s, ev)
        if d.kind == "surf_spot":  # the card (or none), then the rest of the move
            s = upd(s, decision=None)
            if isinstance(a, m.Pick):
                s = self._surf_spot_card(s, d.seat, a.card, ev)
            stage = "to" if d.then == "from" else "arrived"
            return self._move_on(s, d.seat, d.trigger, False, stage, ev)
        if d.kind == "park_figure":  # the figure, then the rest of the round's end
            s = self._park_moves(s, loc_index(s, d.trigger), a.figure, ev)
            if s.outcome is not None:
                return s
            return self._end_round_rest(s, ev)
        if d.kind == "give_zord":
            s = upd(s, power=upd(s.power, unclaimed=_drop_one(s.power.unclaimed, d.source)))
            return self._give_zord(s, a.seat, d.source, ev)
        if d.kind == "psycho_attach" and d.then == "boss":  # then the next card, or deploy
            ev.append(
                event(
                    text=f"The team attaches {cat.nemeses[d.source].name}'s card to "
                    f"{cat.rangers[a.ranger].name}",
                    kind="deploy",
                    seat=d.asked[0],
                )
            )
            s = self._set_nemesis(s, d.source, attached_to=a.ranger)
            return self._continue_deployment(s, ev)
        if d.kind == "hq_power_up":
            if isinstance(a, m.PowerUp):
                s = self._power_up(s, d.asked[0], ev)
            if len(d.asked) > 1:
                return upd(s, decision=upd(d, asked=d.asked[1:]))
            return s
        if d.kind == "deploy_window":
            if isinstance(a, m.UseZord):
                s = self._use_zord(s, d.asked[0], a, ev)
                if s.outcome is not None:
                    return s
            return self._continue_deployment(s, ev)
        if isinstance(a, m.AttachPsycho):
            ev.append(
                event(
                    text=f"The team chooses {cat.rangers[a.ranger].name} for the Psycho's card",
                    kind="deploy",
                    seat=d.asked[0],
                )
            )
            s = upd(s, deploy_ranger=a.ranger)
            return self._continue_deployment(s, ev)
        if isinstance(a, m.ChooseLocation):
            ev.append(
                event(
                    text=f"The Mastermind directs this deployment to {cat.locations[a.location].name}",
                    kind="deploy",
                    seat=mm,
                )
            )
            s = upd(s, deploy_target=a.location)
            return self._continue_deployment(s, ev)
        if isinstance(a, m.DeployFigures):
            s = upd(s, deploy_figures=a.figures)
            return self._continue_deployment(s, ev)
        if isinstance(a, m.PlaceCard):
            b = s.battle
            card, rest = b.to_place[0], b.to_place[1:]
            s = bt(s, slots=(*b.slots, Slot(card=card, row=a.row, col=a.col)), to_place=rest)
            ev.append(
                event(
                    text=f"The Mastermind places {cat.enemy_card(card).name} at row {a.row + 1}, "
                    f"column {a.col + 1}",
                    kind="battle",
                    seat=mm,
                    data={"row": a.row, "col": a.col},
                )
            )
            return self._ask_grid(s)
        if isinstance(a, m.PlaceMarker):
            first = s.battle.marker < 0
            s = bt(s, marker=a.slot)
            name = cat.enemy_card(s.battle.slots[a.slot].card).name
            ev.append(
                event(
                    text=f"The Mastermind {'places' if first else 'moves'} the combat marker "
                    f"on {name}",
                    kind="battle",
                    seat=mm,
                    data={"slot": a.slot},
                )
            )
            return self._resume(s, d.then, None, ev)
        if isinstance(a, m.DiscardScheme):
            s = upd(
                s,
                schemes=tuple(c for c in s.schemes if c != a.card),
                scheme_discard=(*s.scheme_discard, a.card),
            )
            ev.append(
                event(
                    text=f"The Mastermind discards {cat.scheme(a.card).name}",
                    kind="scheme",
                    seat=mm,
                )
            )
            if len(s.schemes) > SCHEME_HAND:
                extra = len(s.schemes) - SCHEME_HAND
                return upd(s, decision=upd(d, amount=extra, prompt=scheme_discard_prompt(extra)))
            return self._resume(s, d.then, None, ev)
        if isinstance(a, m.Arrange):
            deck_id = d.source
            rest = enemy_deck(s, deck_id)
            s = set_enemy_deck(s, deck_id, (*a.top, *rest, *a.bottom))
            ev.append(
                event(
                    text=f"Dark Tactics: {len(a.top)} card(s) back on top, {len(a.bottom)} to the "
                    "bottom",
                    kind="scheme",
                    seat=mm,
                )
            )
            return self._resume(s, d.then, d.held, ev)
        if isinstance(a, m.OrderEffects):
            ev.append(
                event(
                    text="The Mastermind resolves "
                    + ("Shatter Defenses first" if a.scheme_first else "the Ranger's card first"),
                    kind="scheme",
                    seat=mm,
                )
            )
            held = upd(d.held, scheme_first=a.scheme_first)
            return self._settle_reveal(s, held, ev, ordered=True)
        if isinstance(a, m.Pass):  # no Scheme in this window
            return self._resume(s, d.then, d.held, ev)
        if isinstance(a, m.HoldSchemes):  # ... nor in any other window of this battle
            # No event: the log is public, and a Mastermind who has given up their Schemes
            # for the battle must look the same to the Rangers as one who just passed (MM6).
            s = bt(s, schemes_held=True)
            return self._resume(s, d.then, d.held, ev)
        assert isinstance(a, m.PlayScheme)
        return self._play_scheme(s, a, d, ev)
