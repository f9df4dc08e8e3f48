"""Deck balance of the Power Rangers CCG (2008): every pairing of the shipped decks, each
shipped deck against sealed decks, and sealed decks against each other.

    python benchmarks/pr_ccg_balance.py [--games 1000] [--sealed-games 400] [--seed 0]
                                        [--workers 1] [--cards DIR] [--write FILE]

Every game is played between two heuristic bots (the registry's "heuristic" bot, each
seeing only its seat's View) through the real rules engine, with seeds `seed ..`:

- **Shipped pairings.** For each unordered pair of distinct decks (A, B), A being the first
  named (deck files in name order), `--games` games; even-numbered games put A in seat 1,
  odd-numbered ones in seat 2, so the seat advantage cancels. A deck's score *against the
  field* is its wins over all its games against the other shipped decks.
- **Shipped deck against sealed.** Each shipped deck plays `--sealed-games` games against a
  deck the sealed heuristic builds from 4 random packs (opened from the game's seed; RULINGS
  9), seats swapped the same way.
- **Sealed against sealed.** `--sealed-games` games of real sealed play (`sealed_packs = 4`,
  both decks built by the heuristic from their own packs).

A draw (both players must draw from an empty deck in the same Step 1) is a win for no one.
Besides wins it records the game length in rounds and the **comeback** figure: in games that
reach round 6, the player with fewer cards left in their deck (their life) when round 6
begins is *behind after round 5*; how often that player still wins (games level then are
left out). A higher comeback share means a lead is less decisive: a less swingy game.

Prints markdown tables, then JSON; `--write FILE` writes the tables and the command to FILE
(card_data/pr-ccg-2008/BALANCE.md quotes them with the method and the before/after notes).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.cards import set_cards_dir  # noqa: E402
from tabletop_tui.engine.bots import bot_rng  # noqa: E402
from tabletop_tui.games import get_rules, make_bot  # noqa: E402
from tabletop_tui.games.pr_ccg_2008.cards import catalog  # noqa: E402
from tabletop_tui.games.pr_ccg_2008.models import Config, CustomDeck  # noqa: E402
from tabletop_tui.games.pr_ccg_2008.sealed import (  # noqa: E402
    DEFAULT_PACKS,
    build_deck,
    sealed_pools,
)

GAME = "pr-ccg-2008"
SEALED = "sealed"
#: no shipped deck should win more than this share of its games against the field
HIGH = 0.60
CHUNK = 250
COMEBACK_ROUND = 6
#: a blow of this much Damage takes a quarter of a 20-card deck at once
BIG_BLOW = 5


def _init(cards: str | None) -> None:
    set_cards_dir(Path(cards) if cards else None)


def _deck(choice: str, seed: int, seat: int):
    """For SEALED a deck built from the packs this seed opens; against one, a shipped deck as
    a list under another name, so neither bot can look its opponent's list up (a sealed deck
    is secret; the bot reads a shipped deck's list by its name)."""
    if choice != SEALED:
        deck = catalog().card_set.deck(choice)
        cards = tuple((c.id, c.copies) for c in deck.cards)
        return CustomDeck(name=f"{deck.info.name} (as a list)", cards=cards)
    opened = sealed_pools(catalog(), seed, DEFAULT_PACKS)[seat]
    return CustomDeck(name="Sealed", cards=build_deck(catalog(), opened))


def play_one(config: Config, seed: int) -> dict:
    """One bot game: its winners, rounds, and who was behind when round 6 began."""
    rules = get_rules(GAME)
    state = rules.new_game(config, seed)
    bots = [make_bot(GAME, "heuristic") for _ in range(2)]
    behind = None
    blow = 0  # the largest Damage dealt by one card in the game
    step = 0
    while True:
        to_act = rules.to_act(state)
        if not to_act:
            break
        for seat in sorted(to_act):
            if seat not in rules.to_act(state):
                continue
            legal = rules.legal_actions(state, seat)
            action = bots[seat].choose(
                rules.view(state, seat), legal, seat, bot_rng(seed, step, seat)
            )
            state, _ = rules.apply(state, seat, action)
            step += 1
            if state.last is not None and state.last.winner is not None:
                blow = max(blow, state.last.damage)
            if behind is None and state.round == COMEBACK_ROUND and state.outcome is None:
                a, b = (len(s.deck) for s in state.seats)
                behind = 0 if a < b else 1 if b < a else -1
    out = state.outcome
    return {
        "winners": list(out.winners) if out else [],
        "rounds": state.round,
        "behind": behind,
        "blow": blow,
    }


def _tally() -> dict:
    return {"a": 0, "b": 0, "draw": 0, "rounds": 0, "behind": 0, "comeback": 0, "big": 0}


def _play(task: tuple[str, str, int, int]) -> tuple[str, str, dict]:
    """Games seed .. seed + count - 1 of one pairing; tallied for deck A."""
    a, b, seed, count = task
    tally = _tally()
    for n in range(seed, seed + count):
        a_seat = n % 2
        if a == SEALED and b == SEALED:
            config = Config(sealed_packs=DEFAULT_PACKS)
        elif SEALED in (a, b):
            decks = [_deck(a, n, a_seat), _deck(b, n, 1 - a_seat)]
            config = Config(decks=tuple(decks if a_seat == 0 else decks[::-1]))
        else:
            config = Config(decks=(a, b) if a_seat == 0 else (b, a))
        r = play_one(config, n)
        tally["rounds"] += r["rounds"]
        tally["big"] += r["blow"] >= BIG_BLOW
        if not r["winners"]:
            tally["draw"] += 1
        elif a_seat in r["winners"]:
            tally["a"] += 1
        else:
            tally["b"] += 1
        if r["behind"] is not None and r["behind"] >= 0:
            tally["behind"] += 1
            tally["comeback"] += r["behind"] in r["winners"]
    return a, b, tally


def _tasks(pairs, seed: int, games: int):
    return [
        (a, b, seed + start, min(CHUNK, games - start))
        for a, b in pairs
        for start in range(0, games, CHUNK)
    ]


def run(games: int, sealed_games: int, seed: int, workers: int, cards: str | None) -> dict:
    _init(cards)
    decks = [d.info for d in catalog().card_set.decks]
    names = {d.id: d.name for d in decks}
    names[SEALED] = "Sealed (bot-built)"
    shipped = list(itertools.combinations([d.id for d in decks], 2))
    vs_sealed = [(d.id, SEALED) for d in decks]
    tasks = _tasks(shipped, seed, games) + _tasks(
        vs_sealed + [(SEALED, SEALED)], seed, sealed_games
    )
    started = time.perf_counter()
    if workers > 1:
        with get_context("spawn").Pool(workers, initializer=_init, initargs=(cards,)) as pool:
            results = list(pool.imap_unordered(_play, tasks))
    else:
        results = [_play(t) for t in tasks]
    totals: dict[tuple[str, str], dict] = {}
    for a, b, tally in results:
        into = totals.setdefault((a, b), _tally())
        for key, value in tally.items():
            into[key] += value
    rows = []
    for (a, b), t in totals.items():
        n = t["a"] + t["b"] + t["draw"]
        decided = t["a"] + t["b"]
        rows.append(
            {
                "a": a,
                "b": b,
                "a_name": names[a],
                "b_name": names[b],
                "games": n,
                "a_wins": t["a"],
                "b_wins": t["b"],
                "draws": t["draw"],
                "a_win_rate": round(t["a"] / n, 4),
                "a_share_of_decided": round(t["a"] / decided, 4) if decided else 0.5,
                "mean_rounds": round(t["rounds"] / n, 2),
                "big_blow_games": t["big"],
                "behind_after_5": t["behind"],
                "comebacks": t["comeback"],
                "comeback_rate": round(t["comeback"] / t["behind"], 4) if t["behind"] else None,
            }
        )
    order = {p: i for i, p in enumerate(shipped + vs_sealed + [(SEALED, SEALED)])}
    rows.sort(key=lambda r: order[r["a"], r["b"]])
    field = []
    for d in decks:
        wins = games_ = 0
        for r in rows:
            if SEALED in (r["a"], r["b"]):
                continue
            if r["a"] == d.id:
                wins, games_ = wins + r["a_wins"], games_ + r["games"]
            elif r["b"] == d.id:
                wins, games_ = wins + r["b_wins"], games_ + r["games"]
        sealed_row = next(r for r in rows if r["a"] == d.id and r["b"] == SEALED)
        field.append(
            {
                "deck": d.id,
                "name": d.name,
                "field_games": games_,
                "field_wins": wins,
                "field_win_rate": round(wins / games_, 4) if games_ else None,
                "vs_sealed_win_rate": sealed_row["a_win_rate"],
                "ok": games_ > 0 and wins / games_ <= HIGH,
            }
        )
    shipped_rows = [r for r in rows if SEALED not in (r["a"], r["b"])]
    return {
        "game": GAME,
        "bot": "heuristic (the registry's PR CCG bot) in both seats",
        "games_per_pairing": games,
        "sealed_games": sealed_games,
        "seed": seed,
        "target": f"no shipped deck wins more than {HIGH:.0%} of its games against the field",
        "all_ok": all(f["ok"] for f in field),
        "highest_pairing_share": max(
            max(r["a_win_rate"], r["b_wins"] / r["games"]) for r in shipped_rows
        ),
        "highest_decided_share": max(
            max(r["a_share_of_decided"], 1 - r["a_share_of_decided"]) for r in shipped_rows
        ),
        "shipped_overall": _overall(shipped_rows),
        "sealed_overall": _overall([r for r in rows if r["a"] == SEALED]),
        "field": field,
        "pairings": rows,
        "seconds": round(time.perf_counter() - started, 1),
    }


def _overall(rows: list[dict]) -> dict:
    games = sum(r["games"] for r in rows)
    behind = sum(r["behind_after_5"] for r in rows)
    return {
        "games": games,
        "mean_rounds": round(sum(r["mean_rounds"] * r["games"] for r in rows) / games, 2)
        if games
        else None,
        "draws": sum(r["draws"] for r in rows),
        "big_blow_rate": round(sum(r["big_blow_games"] for r in rows) / games, 4)
        if games
        else None,
        "comeback_rate": round(sum(r["comebacks"] for r in rows) / behind, 4) if behind else None,
    }


def table(report: dict) -> str:
    lines = [
        "| A | B | games | A wins | B wins | draws | A wins / all | rounds | comeback |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["pairings"]:
        cb = "-" if r["comeback_rate"] is None else f"{r['comeback_rate']:.1%}"
        lines.append(
            f"| {r['a_name']} | {r['b_name']} | {r['games']} | {r['a_wins']} | {r['b_wins']} "
            f"| {r['draws']} | {r['a_win_rate']:.1%} | {r['mean_rounds']:.1f} | {cb} |"
        )
    lines += [
        "",
        "| deck | wins against the field | of games | share | against sealed | at most 60% |",
        "|---|---:|---:|---:|---:|:---:|",
    ]
    for f in report["field"]:
        lines.append(
            f"| {f['name']} | {f['field_wins']} | {f['field_games']} | {f['field_win_rate']:.1%} "
            f"| {f['vs_sealed_win_rate']:.1%} | {'yes' if f['ok'] else 'NO'} |"
        )
    s, z = report["shipped_overall"], report["sealed_overall"]
    lines += [
        "",
        f"Shipped decks: {s['games']} games, {s['mean_rounds']} rounds on average, "
        f"comeback {s['comeback_rate']:.1%}, a blow of {BIG_BLOW}+ Damage in "
        f"{s['big_blow_rate']:.1%} of games. Sealed against sealed: {z['games']} games, "
        f"{z['mean_rounds']} rounds, comeback {z['comeback_rate']:.1%}, a blow of {BIG_BLOW}+ "
        f"in {z['big_blow_rate']:.1%}. Highest share of one deck in one shipped pairing: "
        f"{report['highest_pairing_share']:.1%} of all games, "
        f"{report['highest_decided_share']:.1%} of decided ones.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--sealed-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cards", help="a card folder to balance instead of the shipped one")
    parser.add_argument("--write", help="also write the tables to this markdown file")
    args = parser.parse_args()
    report = run(args.games, args.sealed_games, args.seed, args.workers, args.cards)
    print(table(report))
    print()
    print(json.dumps(report, indent=2))
    if args.write:
        today = dt.date.today().isoformat()
        Path(args.write).write_text(
            f"Measured {today}: `python benchmarks/pr_ccg_balance.py --games {args.games} "
            f"--sealed-games {args.sealed_games} --seed {args.seed}`\n\n{table(report)}\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
