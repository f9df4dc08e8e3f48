"""Zeo setup (rulebook "Setup"): characters dealt or chosen, the Villains' choice of who
goes first, then the table: Starter decks, hands, the opening Grid, the stacks, the HP."""

from __future__ import annotations

from ...engine import Event, Rng
from ...engine.fast import make
from .cards import catalog
from .models import (
    DEAL,
    GRID_SIZE,
    HEROES,
    MAX_HP,
    TEAM_NAMES,
    VILLAINS,
    Config,
    Option,
    Player,
    State,
    Team,
)
from .table import (
    LONE_ENERGY,
    _cat,
    _name,
    draw,
    hand_size,
)


class SetupPhase:
    """ZeoRules' setup methods (a mixin: see rules.py)."""

    # -- setup ---------------------------------------------------------------------------------
    def new_game(self, config: Config, seed: int) -> State:
        """Setup: choose characters (or deal 2 of your team's and pick 1), then the table."""
        cat = catalog(config.cards_dir)
        rng = Rng(seed=seed)
        teams = config.teams
        # the chosen characters were checked by Config (models.py), in the players' words
        chosen = [c for c in config.characters if c != DEAL]
        players = [make(Player, character=c if c != DEAL else "") for c in config.characters]
        for team in (VILLAINS, HEROES):
            pool = [
                c
                for c in cat.team_characters(TEAM_NAMES[team].lower(), config.serpentera)
                if c not in chosen
            ]
            pool_shuffled, rng = rng.shuffled(pool)
            deck = list(pool_shuffled)
            for i, c in enumerate(config.characters):
                if c == DEAL and teams[i] == team:
                    players[i] = players[i].model_copy(update={"offer": tuple(deck[:2])})
                    deck = deck[2:]
        state = make(State, config=config, rng=rng, players=tuple(players))
        if all(p.character for p in state.players):
            state = self._characters_chosen(state, [])
        return state

    def _characters_chosen(self, state: State, ev: list) -> State:
        """Setup: with two Villain players, they choose which of them goes first (the
        Villain side always does); then the table is dealt."""
        villains = [s for s, t in enumerate(state.config.teams) if t == VILLAINS]
        if len(villains) < 2:
            return self._setup_table(state, ev)
        return self._ask(
            state,
            villains[0],
            "first",
            "Which Villain goes first?",
            [Option(id=str(s), label=f"{_name(state, s)} goes first") for s in villains],
        )

    def _setup_table(self, state: State, ev: list) -> State:
        cat = _cat(state)
        cfg = state.config
        rng = state.rng
        players = list(state.players)
        for i, p in enumerate(players):
            team = "heroes" if cfg.teams[i] == HEROES else "villains"
            starters = [
                f"{c.id}#{i}.{k}"
                for c in cat.of_kind("starter")
                if c.team == team
                for k in range(c.copies)
            ]
            deck, rng = rng.shuffled(starters)
            players[i] = p.model_copy(update={"deck": deck, "offer": ()})
        state = state.model_copy(update={"players": tuple(players), "rng": rng})
        for i in range(len(players)):
            state = draw(state, i, hand_size(state, i), ev)
        rng = state.rng
        main = [
            f"{c.id}#{k}"
            for c in cat.cards.values()
            if c.kind in ("hero", "villain", "equipment", "maneuver", "crystal", "location")
            for k in range(c.copies)
        ]
        main_deck, rng = rng.shuffled(sorted(main))
        # the opening Grid: at most 2 cards of any type; set extras aside, then shuffle them back
        grid, aside, deck = [], [], list(main_deck)
        while len(grid) < GRID_SIZE and deck:
            c = deck.pop(0)
            kind = cat.card(c).kind
            if sum(cat.card(g).kind == kind for g in grid) >= 2:
                aside.append(c)
            else:
                grid.append(c)
        if aside:
            deck, rng = rng.shuffled(deck + aside)
            deck = list(deck)
        in_play = [p.character for p in players]
        heroes_in = [c for c in in_play if cat.characters[c].team == "heroes"]
        villains_in = [c for c in in_play if cat.characters[c].team == "villains"]
        zords = sorted(
            c.id for c in cat.of_kind("zord") if not c.promo and c.owner not in heroes_in
        )
        masters = sorted(
            c.id for c in cat.of_kind("master") if not c.promo and c.owner not in villains_in
        )
        zords_s, rng = rng.shuffled([f"{z}#0" for z in zords])
        masters_s, rng = rng.shuffled([f"{m}#0" for m in masters])
        zords_s = zords_s[: 5 if len(heroes_in) == 1 else 4]
        masters_s = masters_s[: 5 if len(villains_in) == 1 else 4]
        hp, energy = [MAX_HP, MAX_HP], [0, 0]
        if cfg.format == "2v1":
            lone = HEROES if cfg.lone == "heroes" else VILLAINS
            hp[lone] = 15
            # the rulebook gives the lone player 15 HP and a 4-card hand, nothing more: the
            # Energy head start is a named setting, off by default (DESIGN.md Ruling 1)
            if cfg.lone_head_start:
                energy[lone] = LONE_ENERGY[lone]
        state = state.model_copy(
            update={
                "rng": rng,
                "grid": tuple(grid),
                "main_deck": tuple(deck),
                "blasters": tuple(f"zeo-blaster#{k}" for k in range(12)),
                "stuns": tuple(f"stun#{k}" for k in range(12)),
                "zord_stack": zords_s,
                "master_stack": masters_s,
                "teams": (Team(hp=hp[0], energy=energy[0]), Team(hp=hp[1], energy=energy[1])),
                "slot": 0,
            }
        )
        ev.append(Event(text="The Grid is dealt", kind="grid", barrier=True))
        return self._start_turn(state, ev, first=True)
