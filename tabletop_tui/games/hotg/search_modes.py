"""The expansion's modes in the battle search's sampled States (`search.view_to_state`).

Psycho Assault Mode: the Psycho deployment cards in front of the Rangers (`View.nemeses`,
with the enemy cards beneath them) and the weapons and Paths set aside are public, so they
are copied; the Psycho enemy deck holds every other card of the Psychos in play plus the
seven generic ones, in a sampled order; the Psycho cards still to come and the boss card are
put back into the deployment deck.

Mastermind Mode: the Rangers see only how many Scheme cards the Mastermind holds and how
many are left in the deck, and the discard pile. The hand and the deck are sampled from the
Schemes not in the discard pile (the Mastermind's own View shows the hand, which is then
kept). The Mastermind's deployment cards replace the 3-figure foot soldier cards in the
deployment deck. Every helper here reads the View alone, so nothing hidden can leak in; in
a standard game each one changes nothing and draws nothing from the sampler.
"""

from __future__ import annotations

import random

from .cards import catalog
from .models import DeployCard, View

MASTERMIND_NAME = "Mastermind"  # the View does not name the Mastermind's player


def config_kw(view: View) -> dict:
    """Config fields that differ from a standard game's."""
    if view.mode == "psycho_assault":  # the Psychos replace monsters and boss in the setup
        return {"boss": "rita_repulsa"}
    if view.mode == "mastermind":
        return {"names": (*(p.name for p in view.players), MASTERMIND_NAME)}
    return {}


def deploy_fs(view: View, fs_cards: list[DeployCard]) -> list[DeployCard]:
    """The foot soldier deployment cards of the mode (Mastermind Mode, Setup: the four
    3-figure cards make way for the Mastermind's deployment cards)."""
    if view.mode != "mastermind":
        return fs_cards
    mm = catalog().mastermind_deployment
    return [c for c in fs_cards if c.figures != 3] + [
        DeployCard(kind="mm", back="mastermind", figures=mm.figures) for _ in range(mm.count)
    ]


def deploy_villains(view: View, villains: list[DeployCard], rng: random.Random) -> list[DeployCard]:
    """The villain deployment cards still to come: in Psycho Assault Mode the Psychos not
    deployed yet (in a sampled order) and the boss card until it is revealed."""
    if view.mode != "psycho_assault":
        return villains
    out = [
        DeployCard(kind="nemesis", back="monster", enemy=n.id)
        for n in view.nemeses
        if n.status == "set_aside"
    ]
    rng.shuffle(out)
    if not view.psycho_boss_deployed:
        out.append(DeployCard(kind="psycho_boss", back="boss", enemy="psycho"))
    return out


def psycho_aside(view: View) -> tuple[str, ...]:
    """The set-aside weapons and Paths as card instances (the View names them; each Psycho's
    own cards have names of their own)."""
    if not view.psycho_aside:
        return ()
    cat = catalog()
    by_name = {
        cat.enemy_card(c).name: c
        for c in cat.enemy_instances("psycho")
        if cat.enemy_card(c).psycho is not None
    }
    return tuple(by_name[name] for name in view.psycho_aside)


def off_deck(view: View) -> set[str]:
    """Enemy cards the View places outside the enemy decks besides the discard piles and the
    battle: in Psycho Assault Mode the cards under the Psychos' deployment cards, those set
    aside, and the own cards of Psychos not in this game."""
    if view.mode != "psycho_assault":
        return set()
    cat = catalog()
    playing = {n.id for n in view.nemeses}
    out = {c for n in view.nemeses for c in n.under} | set(psycho_aside(view))
    out |= {
        c
        for c in cat.enemy_instances("psycho")
        if cat.enemy_card(c).psycho is not None and cat.enemy_card(c).psycho not in playing
    }
    return out


def state_extras(view: View, rng: random.Random) -> dict:
    """State fields of the mode: the Psychos' cards, or the Scheme cards (the hand and the
    deck dealt from those not in the public discard pile)."""
    if view.mode == "psycho_assault":
        return {
            "psycho_aside": psycho_aside(view),
            "psycho_boss_deployed": view.psycho_boss_deployed,
        }
    if view.mode != "mastermind":
        return {}
    discard = tuple(c.id for c in view.scheme_discard)
    unknown = [c for c in catalog().scheme_instances() if c not in discard]
    if view.schemes is not None:  # the Mastermind's own View: its hand is known
        hand = tuple(c.id for c in view.schemes)
        unknown = [c for c in unknown if c not in hand]
        rng.shuffle(unknown)
        deck = tuple(unknown[: view.scheme_deck])
    else:
        rng.shuffle(unknown)
        hand = tuple(unknown[: view.scheme_count])
        deck = tuple(unknown[view.scheme_count : view.scheme_count + view.scheme_deck])
    return {"schemes": hand, "scheme_deck": deck, "scheme_discard": discard}


def battle_extras(view: View) -> dict:
    """Battle fields of Mastermind Mode's combat grid: the marker, and the before-the-grid
    Scheme window already offered once the grid holds cards."""
    b = view.battle
    if b is None or b.grid is None:
        return {}
    return {"marker": b.grid.marker, "grid_window_done": bool(b.cards) or b.turn != "prep"}
