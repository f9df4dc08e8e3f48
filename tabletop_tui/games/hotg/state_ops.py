"""Heroes of the Grid: constants and small helpers on the State, shared by every rules
module (states are immutable: each helper returns a new one)."""

from __future__ import annotations

from typing import Any, TypeVar

from ... import cards as _cards
from ...engine import Model, Rejection, replace_at
from ...engine.common import refused as _no
from ...engine.fast import evolve
from .cards import Catalog, catalog
from .models import (
    Battle,
    Decision,
    Location,
    State,
)

M = TypeVar("M", bound=Model)

HAND = 5
EXPERIENCE_MAX = 6
MONSTER_DEFEAT = 4
BOSS_DEFEAT = 6
PSYCHO_BOSS_DEFEAT = 2


_SHARED: dict[tuple, Any] = {}


def shared(cls: type[M], **fields: Any) -> M:
    """The frozen model `cls(**fields)`, built (and validated) once and shared from then on:
    legal_actions offers the same moves state after state, every new game deals the same
    deployment cards, and battles queue the same steps (validating each anew cost more
    than the step itself)."""
    key = (cls, *fields.items())
    got = _SHARED.get(key)
    if got is None:
        if len(_SHARED) > 20_000:  # a bound for long-running servers; never met in play
            _SHARED.clear()
        got = _SHARED[key] = cls(**fields)
    return got


_last_cat: list = [None, None, None]  # (config, --cards override, catalog) of the last call


def _cat(s: State) -> Catalog:
    cfg, override = s.config, _cards._override
    if _last_cat[0] is cfg and _last_cat[1] is override:
        return _last_cat[2]
    cat = catalog(cfg.cards_dir)
    _last_cat[:] = [cfg, override, cat]
    return cat


class SlotInfo:
    """What the rules keep asking about one battle's enemy cards (adjacency, GUARD, the
    PASSIVEs in play), worked out once per slots tuple: states share unchanged tuples."""

    __slots__ = ("slots", "cat", "adjacent", "guarded", "passives")

    def __init__(self, slots: tuple, cat: Catalog):
        self.slots, self.cat = slots, cat
        self.adjacent = tuple(
            [k for k, o in enumerate(slots) if abs(o.row - me.row) + abs(o.col - me.col) == 1]
            for me in slots
        )
        guard = [not sl.defeated and "GUARD" in cat.enemy_card(sl.card).keywords for sl in slots]
        self.guarded = tuple(
            "GUARD" not in cat.enemy_card(sl.card).keywords
            and any(guard[k] for k in self.adjacent[i])
            for i, sl in enumerate(slots)
        )
        self.passives = frozenset(
            cat.enemy_card(sl.card).passive for sl in slots if not sl.defeated
        )

    @classmethod
    def alike(cls, other: SlotInfo, slots: tuple) -> SlotInfo:
        """`other`'s answers for another slots tuple of the same cards, places and defeats."""
        new = cls.__new__(cls)
        new.slots, new.cat = slots, other.cat
        new.adjacent, new.guarded, new.passives = other.adjacent, other.guarded, other.passives
        return new


_SLOT_INFO: dict[int, SlotInfo] = {}
#: by what the answers read (card, place, defeated), for a slots tuple seen first: a hit
#: or a resolved card makes a new tuple whose answers are the same
_SLOT_INFO_BY_CARDS: dict[tuple, SlotInfo] = {}


def slot_info(s: State) -> SlotInfo:
    slots = s.battle.slots
    cat = _cat(s)
    got = _SLOT_INFO.get(id(slots))
    if got is not None and got.slots is slots and got.cat is cat:
        return got
    if len(_SLOT_INFO) > 4096:
        _SLOT_INFO.clear()
    if len(_SLOT_INFO_BY_CARDS) > 4096:
        _SLOT_INFO_BY_CARDS.clear()
    key = (id(cat), *[(sl.card, sl.row, sl.col, sl.defeated) for sl in slots])
    same = _SLOT_INFO_BY_CARDS.get(key)
    if same is None or same.cat is not cat:
        same = _SLOT_INFO_BY_CARDS[key] = SlotInfo(slots, cat)
    got = _SLOT_INFO[id(slots)] = SlotInfo.alike(same, slots)
    return got


#: `model.model_copy(update=kw)` without its generic overhead (no validation either):
#: states are copied on every step, so this is the engine's hot path (the engine's
#: `evolve` itself, not a call around it)
upd = evolve


# -- small state helpers ---------------------------------------------------------------------
def ask(s: State, seat: int, kind: str, **fields) -> State:
    """The state with a question pending for one seat (the seat asked answers it)."""
    return upd(s, decision=Decision(kind=kind, asked=(seat,), seat=seat, **fields))


def pl(s: State, i: int, **kw) -> State:
    return upd(s, players=replace_at(s.players, i, upd(s.players[i], **kw)))


def loc_index(s: State, loc: str) -> int:
    for i, lo in enumerate(s.locations):
        if lo.id == loc:
            return i
    return -1


def set_loc(s: State, i: int, **kw) -> State:
    return upd(s, locations=replace_at(s.locations, i, upd(s.locations[i], **kw)))


def bt(s: State, **kw) -> State:
    return upd(s, battle=upd(s.battle, **kw))


def lead_seat(b: Battle) -> int:
    """Who answers for the team in a battle: the lead Ranger's player while still in it,
    else the first participant."""
    return b.lead if b.lead in b.participants else b.participants[0]


def set_slot(s: State, i: int, **kw) -> State:
    b = s.battle
    return bt(s, slots=replace_at(b.slots, i, upd(b.slots[i], **kw)))


def _first_copies(cards: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    """Copies of a card are the same card (Ruling 31): moves name only the first copy of
    each in the pile (leaving out `skip`), so each choice is offered once."""
    firsts: dict[str, str] = {}
    for c in cards:
        if c not in skip:
            firsts.setdefault(c.split("#")[0], c)
    return list(firsts.values())


def _other_copy(cards: tuple[str, ...], card: str, skip: tuple[str, ...] = ()) -> Rejection | None:
    """The check side of `_first_copies`: naming a later copy is refused."""
    firsts = _first_copies(cards, skip)
    if card in firsts:
        return None
    first = next(c for c in firsts if c.split("#")[0] == card.split("#")[0])
    return _no("Copies of a card (Ruling 31)", f"Use the first copy, {first}: copies are the same.")


def _pile(piles: tuple[tuple[str, tuple[str, ...]], ...], deck: str) -> tuple[str, ...]:
    return next((cards for d, cards in piles if d == deck), ())


def _set_pile(s: State, field: str, deck: str, cards: tuple[str, ...]) -> State:
    rest = tuple((d, c) for d, c in getattr(s, field) if d != deck)
    return upd(s, **{field: (*rest, (deck, cards))})


def enemy_deck(s: State, deck: str) -> tuple[str, ...]:
    return _pile(s.enemy_decks, deck)


def set_enemy_deck(s: State, deck: str, cards: tuple[str, ...]) -> State:
    return _set_pile(s, "enemy_decks", deck, cards)


def enemy_discard(s: State, deck: str) -> tuple[str, ...]:
    return _pile(s.enemy_discards, deck)


def set_enemy_discard(s: State, deck: str, cards: tuple[str, ...]) -> State:
    return _set_pile(s, "enemy_discards", deck, cards)


def shuffle(s: State, items) -> tuple[tuple, State]:
    out, rng = s.rng.shuffled(tuple(items))
    return out, upd(s, rng=rng)


_ADD_FS: dict[tuple, tuple[tuple[str, int], ...]] = {}


def add_fs(fs: tuple[tuple[str, int], ...], kind: str, n: int) -> tuple[tuple[str, int], ...]:
    """Foot soldier counts by type (sorted, none zero) with `n` more of `kind`; remembered,
    as deployment asks the same few sums every round."""
    key = (fs, kind, n)
    got = _ADD_FS.get(key)
    if got is None:
        d = dict(fs)
        d[kind] = d.get(kind, 0) + n
        got = tuple((k, v) for k, v in sorted(d.items()) if v > 0)
        if len(_ADD_FS) > 4096:
            _ADD_FS.clear()
        _ADD_FS[key] = got
    return got


def hand_size(s: State, seat: int) -> int:
    p = s.players[seat]
    size = 7 if len(p.rangers) == 2 else HAND
    i = loc_index(s, p.location)
    if (
        i >= 0
        and s.locations[i].side_b
        and _cat(s).locations[p.location].b_effect == "hand_size_minus_2"
    ):
        size -= 2
    return size


def seat_of(s: State, ranger: str) -> int:
    for i, p in enumerate(s.players):
        if ranger in p.rangers:
            return i
    return -1


def is_full(s: State, lo: Location) -> bool:
    return lo.locked_full or lo.figures >= _cat(s).locations[lo.id].figure_limit


def card_cost(s: State, card: str, x: int = 0) -> int:
    c = _cat(s).card(card)
    base = x if c.cost == "X" else c.cost
    if passive_on(s, "witch_curse") and (c.type == "attack" or s.config.witch_curse_all_cards):
        base += 1
    return base


def passive_on(s: State, passive: str) -> bool:
    if s.battle is None:
        return False
    return passive in slot_info(s).passives


def mm_seat(s: State) -> int | None:
    """Mastermind Mode: the Mastermind's seat (the last one); None in the other modes."""
    return s.config.mastermind_seat


SCHEME_HAND = 3
GRID = 3
#: decisions answered by their own candidates/check/answer (the Mastermind's, and the
#: team's choice of Ranger for a Psycho's deployment card in Psycho Assault Mode)
MM_DECISIONS = frozenset(
    {
        "deploy_window",
        "hq_power_up",
        "surf_spot",
        "park_figure",
        "give_zord",
        "fs_pick",
        "add_target",
        "divide_hits",
        "choose_target",
        "reroll",
        "axe_dice",
        "optimism",
        "keep_one",
        "strategize",
        "strategize_draw",
        "strategize_put",
        "psycho_attach",
        "mm_location",
        "mm_figures",
        "grid_place",
        "marker",
        "scheme_window",
        "scheme_discard",
        "dark_tactics",
        "order_effects",
    }
)


def hand_shown(s: State, viewer: int | None, owner: int) -> bool:
    """Whether `viewer` sees `owner`'s hand: always their own; the others' when hands are
    open - and in Mastermind Mode never the Mastermind (nor a spectator's screen, which
    the Mastermind may be watching): the Rangers' hands are secrets from the enemy."""
    if viewer == owner:
        return True
    if s.config.hidden_hands:
        return False
    mm = s.config.mastermind_seat
    return mm is None or (viewer is not None and viewer != mm)


def hands_public(s: State) -> bool:
    """Every seat sees every hand, so the shared log may name a card taken into one."""
    return not s.config.hidden_hands and s.config.mastermind_seat is None


def best_value(s: State, card: str) -> tuple:
    c = _cat(s).card(card)
    return (c.shields, 0 if c.cost == "X" else c.cost)


def deck_segments(s: State) -> tuple[int, ...]:
    """The deployment deck's segments, top first, as card counts: each a set of cards the
    table knows but not their order. At the end of each Deployment Phase its foot soldier
    cards (face up in the discard pile) are shuffled and put under the deck (base rules
    §4.1); so from the bottom up the deck holds the last phases' batches, and above them
    the rest of an older batch, or the cards never revealed (with the villain cards still
    to come) until the first batch comes up.

    A batch's size is in `deploy_batches`: one card a deployment, one fewer where a
    deployment discarded none (a Psycho card on top of the deck in Psycho Assault Mode).
    The phases it does not cover (a save from before it) count as full batches."""
    deck, n, known = s.deploy_deck, s.config.deployments_per_round, s.deploy_batches
    unrecorded = max(0, len(s.history) - len(known))
    rest, sizes = len(deck), []
    for k in range(len(known) + unrecorded - 1, -1, -1):  # the newest batch first
        size = known[k - unrecorded] if k >= unrecorded else n
        if rest <= size:
            break
        if any(c.kind not in ("fs", "mm") for c in deck[rest - size : rest]):
            break  # a villain card below: not a batch (a deck the rules did not build)
        rest -= size
        if size:
            sizes.append(size)
    return ((rest,) if rest else ()) + tuple(reversed(sizes))


def scheme_discard_prompt(extra: int) -> str:
    """The discard question, asked again after each card with the count left."""
    cards = "Scheme cards" if extra > 1 else "Scheme card"
    return f"Mastermind: discard {extra} {cards} (hand limit {SCHEME_HAND})"


def mastodon_types(lo) -> list[str]:
    """The foot soldier types the Mastodon may take at a location, the most numerous first
    (ties in the location's order): the first is the suggested pick."""
    return [f for f, n in sorted(lo.fs, key=lambda t: -t[1]) if n > 0]
