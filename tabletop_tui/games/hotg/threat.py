"""How likely the next Deployment Phase is to end the game, for the bots' planning.

The standard game is lost the moment all four outer locations are panicked (base rules
§3), and most of the bot's losses happen in a Deployment Phase: the boss (or a monster)
panics a free location and the foot soldiers that overflow the full ones fill the last.
`loss_chance` plays the next phase's deployments on a plain model of the board (figure
counts only, no Mastodon, no enemy effects) over a fixed set of sampled deployment decks,
so the same board always gets the same answer, and returns the share of samples in which
every location ends up panicked.

What is sampled (base rules §2.4, §4.1): each deployment reveals a foot soldier card (its
figures) and sends it to the location on the back of the card after it; the monsters'
cards sit at a random place in piles B and C, the boss's in pile D, so a villain still to
come arrives with a known chance in each deployment (`arrival_chances`).

Counted (`segments`, the View's `deploy_segments`): the revealed cards go under the deck
in batches at the end of each phase, so the next phase's cards come from the deck's
segments in turn, each shuffled, the top card having the back that shows; uncounted, from
all the foot soldier cards in play.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from .cards import catalog

SAMPLES = 48  # sampled deployment phases per board (fixed seeds: the same board, the same answer)
PILE = 5  # foot soldier cards per pile (A, B, C, D)


def villain_slots(done: int, first: int) -> list[int]:
    """The deployments (1-based, counted over the game) that may still bring a villain whose
    card lies in a pile of 5 foot soldier cards: at its place j = 1..6 there it comes with
    deployment `first` + j - 1 (the card before it is the last of the pile above), all
    equally likely; those up to `done` are past (it is not on the board yet)."""
    slots = [first + j for j in range(PILE + 1)]
    return [n for n in slots if n > done]


@cache
def _cards(fs_types: tuple[str, ...], heavy: bool) -> tuple[tuple[int, str], ...]:
    """The foot soldier deployment cards in play: (figures, location on the back)."""
    out = []
    for f in catalog().fs_deployments:
        if f.foot_soldier in fs_types:
            out += [(k, f.back) for k in f.cards(heavy)]
    return tuple(out)


@cache
def _samples(fs_types: tuple[str, ...], heavy: bool, n: int) -> tuple[tuple, ...]:
    """Fixed decks: for each sample the order of the foot soldier cards, and a uniform draw
    in [0, 1) per villain (its place in its pile)."""
    rng = random.Random(15)
    cards = list(_cards(fs_types, heavy))
    out = []
    for _ in range(SAMPLES):
        rng.shuffle(cards)
        out.append((tuple(cards[: n + 1]), tuple(rng.random() for _ in range(3))))
    return tuple(out)


@lru_cache(maxsize=512)
def counted_samples(segments: tuple, next_back: str, n: int) -> tuple[tuple, ...] | None:
    """Fixed decks as `_samples`, the cards drawn from the counted deck: each segment's
    cards ((figures, back) pairs) shuffled, segments in order, and the first card one of
    the top segment's with `next_back` (the back that shows) where it has one. None when
    the segments hold fewer than the `n` + 1 cards a phase looks at."""
    if sum(len(seg) for seg in segments) < n + 1:
        return None
    rng = random.Random(15)
    out = []
    for _ in range(SAMPLES):
        cards: list = []
        for k, seg in enumerate(segments):
            part = list(seg)
            rng.shuffle(part)
            if k == 0 and next_back:
                i = next((i for i, c in enumerate(part) if c[1] == next_back), 0)
                part.insert(0, part.pop(i))
            cards += part
            if len(cards) > n:
                break
        out.append((tuple(cards[: n + 1]), tuple(rng.random() for _ in range(3))))
    return tuple(out)


def _place_fs(figs, villains, panicked, limits, locked, start, n) -> bool:
    """Foot soldiers one at a time, clockwise past full locations; True once all panic."""
    for _ in range(n):
        for k in range(4):
            i = (start + k) % 4
            if locked[i] or figs[i] + villains[i] >= limits[i]:
                continue
            figs[i] += 1
            if figs[i] + villains[i] >= limits[i]:
                panicked[i] = True
                if all(panicked):
                    return True
            break
    return False


def loss_chance(
    locations: tuple[tuple[str, int, int, bool, bool], ...],
    villains_due: tuple[tuple[int, ...], ...],
    done: int,
    deployments: int,
    fs_types: tuple[str, ...],
    heavy: bool,
    segments: tuple | None = None,
    next_back: str = "",
) -> float:
    """The share of sampled next Deployment Phases that panic all four locations.

    `locations`: (id, foot soldiers, villain figures, panicked, locked full) clockwise;
    `villains_due`: for each villain still to come, the deployments (1-based over the game)
    it may come with, uniformly; `done`: deployments made so far in the game; `segments`
    and `next_back`: the counted deck (`counted_samples`; None: not counted)."""
    ids = [lo[0] for lo in locations]
    index = {x: i for i, x in enumerate(ids)}
    limits = [catalog().locations[x].figure_limit for x in ids]
    lost = 0
    samples = None
    if segments is not None:
        samples = counted_samples(segments, next_back, deployments)
    if samples is None:
        samples = _samples(fs_types, heavy, deployments)
    for cards, draws in samples:
        figs = [lo[1] for lo in locations]
        vill = [lo[2] for lo in locations]
        panicked = [lo[3] for lo in locations]
        locked = [lo[4] for lo in locations]
        # the deployment each villain comes with in this sample
        when = [
            slots[min(len(slots) - 1, int(u * len(slots)))]
            for slots, u in zip(villains_due, draws, strict=False)
            if slots
        ]
        gone = False
        for d in range(deployments):
            n = done + d + 1
            figures, _ = cards[d]
            target = index.get(cards[d + 1][1], 0)
            if _place_fs(figs, vill, panicked, limits, locked, target, figures):
                gone = True
                break
            for w in when:
                if w != n:
                    continue
                dest = next(
                    ((target + k) % 4 for k in range(4) if not panicked[(target + k) % 4]), -1
                )
                if dest < 0:
                    gone = True
                    break
                vill[dest] += 1
                panicked[dest] = True
                if all(panicked):
                    gone = True
                    break
            if gone:
                break
        lost += gone
    return lost / SAMPLES


def incoming(
    ids: tuple[str, ...],
    n: int,
    fs_types: tuple[str, ...],
    heavy: bool,
    segments: tuple | None = None,
    next_back: str = "",
) -> tuple[float, ...]:
    """Foot soldier figures the next phase's `n` deployments aim at each location of
    `ids` (before any overflow), averaged over the same samples as `loss_chance`."""
    samples = counted_samples(segments, next_back, n) if segments is not None else None
    if samples is None:
        samples = _samples(fs_types, heavy, n)
    where = {x: i for i, x in enumerate(ids)}
    out = [0.0] * len(ids)
    for cards, _ in samples:
        for d in range(n):
            i = where.get(cards[d + 1][1])
            if i is not None:
                out[i] += cards[d][0]
    return tuple(x / len(samples) for x in out)
