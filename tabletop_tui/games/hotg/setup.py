"""Heroes of the Grid: Game setup (base rules §2; the expansion's setup for each mode).

A part of `HotgRules` (rules.py), which mixes these classes together.
"""

from __future__ import annotations

from ...engine import Event
from ...engine.fast import make
from ...engine.rng import Deal, Rng
from . import models as m
from .cards import Catalog, catalog
from .models import (
    PSYCHOS,
    Config,
    DeployCard,
    Location,
    Nemesis,
    Player,
    Power,
    State,
)
from .state_ops import (
    HAND,
    SCHEME_HAND,
    shared,
    upd,
)

_FS_CARDS: dict[tuple, tuple] = {}


def _fs_cards(cat: Catalog, types: tuple[str, ...], heavy: bool) -> list[DeployCard]:
    """The foot soldier deployment cards of two types, in catalog order (every new game
    deals the same ones before shuffling them)."""
    key = (id(cat), types, heavy)
    got = _FS_CARDS.get(key)
    if got is None or got[0] is not cat:
        cards = [
            shared(DeployCard, kind="fs", fs_type=f.foot_soldier, figures=n, back=f.back)
            for f in cat.fs_deployments
            if f.foot_soldier in types
            for n in f.cards(heavy)
        ]
        got = _FS_CARDS[key] = (cat, cards)
    return list(got[1])


def _psychos_drawn(config: Config, n_rangers: int) -> bool:
    """Does set-up take Psycho Rangers from their shuffled order (a boss of five, Psycho
    Assault with five, Psycho monsters)? Its place in the draws is kept either way."""
    if config.boss == "psycho_rangers":
        return n_rangers != 6
    return bool(config.psycho_monsters) or (config.mode == "psycho_assault" and n_rangers != 6)


class SetupRules:
    def new_game(self, config: Config, seed: int) -> State:
        cat = catalog(config.cards_dir)
        # one Rng at the end, not one per shuffle (a seed from outside is validated)
        deal = Deal(make(Rng, seed=seed) if type(seed) is int else Rng(seed=seed))
        n_players, n_rangers, per = len(config.ranger_names), len(config.rangers), config.per_player
        tokens = 3 if n_players <= 3 else 2
        if n_rangers == 6:
            hq_energy = 0 if n_players == 3 else 2
        else:
            hq_energy = {1: 2, 2: 2, 3: 4, 4: 4, 5: 3}[n_players]
        players = []
        for i, name in enumerate(config.ranger_names):
            rangers = config.rangers[i * per : (i + 1) * per]
            deck: tuple[str, ...] = ()
            for r in rangers:
                deck += cat.deck_instances(r)
            deck = deal.shuffled(deck)
            hs = 7 if per == 2 else HAND
            players.append(
                make(
                    Player,
                    name=name,
                    rangers=rangers,
                    deck=deck[hs:],
                    hand=deck[:hs],
                    stored=per,
                    tokens=tokens,
                    max_tokens=tokens,
                )
            )
        # the four outer locations of the two foot soldier types, in random clockwise order
        locs = [lo for lo in cat.locations.values() if lo.foot_soldier in config.foot_soldiers]
        order = deal.shuffled(tuple(lo.id for lo in locs))
        locations = tuple(shared(Location, id=i, side_b=i in config.b_sides) for i in order)
        # monsters: 2 (Psycho Rangers replace some), the boss
        n_normal = 2 - config.psycho_monsters
        if config.monsters:
            monsters = config.monsters
        else:
            picked = deal.shuffled(m.MONSTERS)
            monsters = tuple(picked[:n_normal])
        pool_deal = deal.skip()  # the Psycho Rangers' order, shuffled only where they play
        nemeses: tuple[Nemesis, ...] = ()
        psycho_monsters: tuple[str, ...] = ()
        psycho_pool = pool_deal.shuffled(PSYCHOS) if _psychos_drawn(config, n_rangers) else ()
        if config.boss == "psycho_rangers":
            chosen = PSYCHOS if n_rangers == 6 else psycho_pool[:5]
            nemeses = tuple(shared(Nemesis, id=p) for p in chosen)
        elif config.psycho_monsters:
            psycho_monsters = tuple(psycho_pool[: config.psycho_monsters])
            nemeses = tuple(shared(Nemesis, id=p) for p in psycho_monsters)
        assault = config.mode == "psycho_assault"
        if assault:  # Psycho Assault Mode, Game Setup: five (six) Psycho Rangers, no monsters
            chosen = PSYCHOS if n_rangers == 6 else psycho_pool[:5]
            nemeses = tuple(shared(Nemesis, id=p) for p in chosen)
            monsters = ()
        # the deployment deck: piles A, B (+monster), C (+monster), D (+boss) (§2.4)
        fs_cards = _fs_cards(cat, config.foot_soldiers, config.heavy_deployments)
        if config.mode == "mastermind":
            # Mastermind Mode setup: the four 3-figure cards make way for the Mastermind's
            fs_cards = [c for c in fs_cards if c.figures != 3]
            fs_cards += [
                shared(
                    DeployCard,
                    kind="mm",
                    back="mastermind",
                    figures=cat.mastermind_deployment.figures,
                )
                for _ in range(cat.mastermind_deployment.count)
            ]
        fs_cards = deal.shuffled(fs_cards)
        villain_cards = [
            shared(DeployCard, kind="monster", back="monster", enemy=x) for x in monsters
        ]
        villain_cards += [
            shared(DeployCard, kind="nemesis", back="monster", enemy=x) for x in psycho_monsters
        ]
        if assault:
            villain_cards = [
                shared(DeployCard, kind="nemesis", back="monster", enemy=n.id) for n in nemeses
            ]
        villain_cards = deal.shuffled(villain_cards)
        boss_card = (
            shared(DeployCard, kind="psycho_boss", back="boss", enemy="psycho")
            if config.boss == "psycho_rangers" or assault
            else shared(DeployCard, kind="boss", back="boss", enemy=config.boss)
        )
        piles = [list(fs_cards[k * 5 : (k + 1) * 5]) for k in range(4)]
        if assault:  # one Psycho card in pile A, two in B, two in C (two each with six)
            split = (2, 2, 2) if n_rangers == 6 else (1, 2, 2)
            k = 0
            for pile, n in zip(piles[:3], split, strict=True):
                pile += villain_cards[k : k + n]
                k += n
        else:
            piles[1].append(villain_cards[0])
            piles[2].append(villain_cards[1])
        piles[3].append(boss_card)
        deck: tuple[DeployCard, ...] = ()
        for pile in piles:
            shuffled = deal.shuffled(pile)
            deck += shuffled
        # enemy decks: foot soldiers shuffled now; the others when first deployed (§2.5)
        decks = []
        for fs in config.foot_soldiers:
            cards = deal.shuffled(cat.enemy_instances(fs))
            decks.append((fs, cards))
        for x in monsters:
            decks.append((x, cat.enemy_instances(x)))
        if config.boss == "rita_repulsa" and not assault:
            decks.append(("rita_repulsa", cat.enemy_instances("rita_repulsa")))
        aside: tuple[str, ...] = ()
        if assault:
            # seven cards; the chosen Psycho Rangers' weapons and Paths are set aside
            keep = {n.id for n in nemeses}
            generic = tuple(
                c for c in cat.enemy_instances("psycho") if cat.enemy_card(c).psycho is None
            )
            aside = tuple(
                c for c in cat.enemy_instances("psycho") if cat.enemy_card(c).psycho in keep
            )
            cards = deal.shuffled(generic)
            decks.append(("psycho", cards))
        elif nemeses:
            keep = {n.id for n in nemeses}
            cards = tuple(
                c
                for c in cat.enemy_instances("psycho")
                if (cat.enemy_card(c).psycho or "") in keep
                or (
                    cat.enemy_card(c).psycho is None
                    and not (
                        config.boss != "psycho_rangers" and c.startswith("psycho:psycho-assault")
                    )
                )
            )
            decks.append(("psycho", cards))
        # the Zord deck: the Rangers' Zords, topped up at random to 5 (6), Megazord last (§6)
        n_zords = 6 if n_rangers == 6 else 5
        own = [cat.rangers[r].zord for r in config.rangers]
        others = deal.shuffled([z for z in cat.zords if z not in own])
        zords = deal.shuffled(own + list(others[: max(0, n_zords - len(own))]))
        teams = {cat.rangers[r].team for r in config.rangers}
        if config.megazord != "auto":
            mega = config.megazord
        elif teams == {"mighty_morphin"}:
            mega = "dino_megazord"
        elif teams == {"space"}:
            mega = "mega_voyager"
        else:
            k = deal.randint(0, 1)
            mega = ("dino_megazord", "mega_voyager")[k]
        state = make(
            State,
            config=config,
            rng=deal.rng,
            players=tuple(players),
            locations=locations,
            hq_energy=hq_energy,
            hq_tokens=2 if n_players == 4 else 0,
            hq_tokens_max=2 if n_players == 4 else 0,
            deploy_deck=deck,
            enemy_decks=tuple(decks),
            monsters=monsters + psycho_monsters,
            boss="psycho_rangers" if assault else config.boss,
            psycho_aside=aside,
            nemeses=nemeses,
            power=make(Power, zord_deck=(*zords, mega)),
        )
        if config.mode == "mastermind":
            # the Scheme deck, shuffled; the Mastermind's starting hand of three
            schemes = deal.shuffled(cat.scheme_instances())
            state = upd(
                state,
                rng=deal.rng,
                schemes=schemes[:SCHEME_HAND],
                scheme_deck=schemes[SCHEME_HAND:],
            )
        events: list[Event] = []
        state = self._deployment_phase(state, events)
        return upd(state, opening=tuple(e.text for e in events))
