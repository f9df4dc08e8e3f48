"""Deck balance of ZOOBOTZ: every shipped deck against every other, heuristic bot vs bot.

    python benchmarks/zoobotz_balance.py [--games 1000] [--seed 0] [--workers 2]
                                         [--cards DIR] [--write card_data/zoobotz/BALANCE.md]

For each unordered pair of distinct decks (A, B), in deck-id order, it plays `--games`
seeded two-player games between two copies of the heuristic bot (ZoobotzBot) through the
real rules engine, each bot seeing only its View and the legal actions. Even-numbered
games put A in seat 1 and odd-numbered ones in seat 2, so the first-seat advantage
cancels out (the first player itself is chosen at random by the game). A game still
running after the step bound is counted apart as unfinished (none so far). The target:
every deck wins 35%-65% of its games against every other deck. Prints a markdown table,
then JSON; `--write` also writes the table, the method and the date to a markdown file.

It also reports the heuristic bot against RandomBot (`--vs-random N` two-player games,
decks rotating, seats alternating); the goal there is at least 65% for the bot.
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
from tabletop_tui.engine.bots import RandomBot, bot_rng  # noqa: E402
from tabletop_tui.games import get_rules  # noqa: E402
from tabletop_tui.games.zoobotz.bot import ZoobotzBot  # noqa: E402
from tabletop_tui.games.zoobotz.cards import catalog  # noqa: E402
from tabletop_tui.games.zoobotz.models import Config  # noqa: E402

GAME = "zoobotz"
LOW, HIGH = 0.35, 0.65
CHUNK = 250
STEP_BOUND = 5_000


def play(seed: int, decks: list[str], bots: list) -> tuple[int | None, int, int | None]:
    """One game: (winning seat or None, actions played, the first player)."""
    rules = get_rules(GAME, unfinished=True)
    config = Config(names=tuple(f"Seat {i + 1}" for i in range(len(decks))), decks=tuple(decks))
    state = rules.new_game(config, seed)
    step = 0
    while step < STEP_BOUND:
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
    outcome = rules.outcome(state)
    if outcome is None or not outcome.winners:
        return None, step, state.first_player
    return outcome.winners[0], step, state.first_player


def _init(cards: str | None) -> None:
    set_cards_dir(Path(cards) if cards else None)


def _play(task: tuple[str, str, int, int]) -> tuple[str, str, dict]:
    """Games seed .. seed + count - 1 of one pairing, tallied for deck A."""
    a, b, seed, count = task
    tally = {"a": 0, "b": 0, "unfinished": 0, "actions": 0, "first": 0}
    bots = [ZoobotzBot(), ZoobotzBot()]
    for n in range(seed, seed + count):
        a_seat = n % 2
        decks = [a, b] if a_seat == 0 else [b, a]
        winner, steps, first = play(n, decks, bots)
        tally["actions"] += steps
        tally["first"] += winner is not None and winner == first
        if winner is None:
            tally["unfinished"] += 1
        elif winner == a_seat:
            tally["a"] += 1
        else:
            tally["b"] += 1
    return a, b, tally


def _vs_random(task: tuple[int, int]) -> dict:
    seed, count = task
    decks = sorted(catalog().decks)
    tally = {"bot": 0, "random": 0, "unfinished": 0}
    for n in range(seed, seed + count):
        bot_seat = n % 2
        bots = [ZoobotzBot(), RandomBot()] if bot_seat == 0 else [RandomBot(), ZoobotzBot()]
        pair = [decks[n % len(decks)], decks[(n // len(decks)) % len(decks)]]
        winner, _, _ = play(n, pair, bots)
        key = "unfinished" if winner is None else "bot" if winner == bot_seat else "random"
        tally[key] += 1
    return tally


def run(games: int, seed: int, workers: int, cards: str | None, vs_random: int) -> dict:
    _init(cards)
    decks = {d.id: d.name for d in sorted(catalog().decks.values(), key=lambda d: d.id)}
    pairs = list(itertools.combinations(decks, 2))
    tasks = [
        (a, b, seed + start, min(CHUNK, games - start))
        for a, b in pairs
        for start in range(0, games, CHUNK)
    ]
    random_tasks = [
        (seed + start, min(CHUNK, vs_random - start)) for start in range(0, vs_random, CHUNK)
    ]
    totals = {p: {"a": 0, "b": 0, "unfinished": 0, "actions": 0, "first": 0} for p in pairs}
    versus = {"bot": 0, "random": 0, "unfinished": 0}
    started = time.perf_counter()
    if workers > 1:
        ctx = get_context("spawn")
        with ctx.Pool(workers, initializer=_init, initargs=(cards,)) as pool:
            results = list(pool.imap_unordered(_play, tasks))
            random_results = list(pool.imap_unordered(_vs_random, random_tasks))
    else:
        results = [_play(t) for t in tasks]
        random_results = [_vs_random(t) for t in random_tasks]
    for a, b, tally in results:
        for key, value in tally.items():
            totals[(a, b)][key] += value
    for tally in random_results:
        for key, value in tally.items():
            versus[key] += value
    seconds = time.perf_counter() - started
    rows = []
    for (a, b), t in totals.items():
        played = t["a"] + t["b"] + t["unfinished"]
        share = t["a"] / played if played else 0.0
        rows.append(
            {
                "a": a,
                "b": b,
                "games": played,
                "a_wins": t["a"],
                "b_wins": t["b"],
                "unfinished": t["unfinished"],
                "a_share": round(share, 4),
                "actions_per_game": round(t["actions"] / max(1, played), 1),
                "balanced": LOW <= share <= HIGH,
            }
        )
    overall = {d: [0, 0] for d in decks}
    for r in rows:
        overall[r["a"]][0] += r["a_wins"]
        overall[r["b"]][0] += r["b_wins"]
        overall[r["a"]][1] += r["games"]
        overall[r["b"]][1] += r["games"]
    played = sum(versus.values())
    games_total = sum(r["games"] for r in rows)
    first = sum(t["first"] for t in totals.values())
    return {
        "games_per_pair": games,
        "seed": seed,
        "decks": decks,
        "pairs": rows,
        "overall": {d: round(w / max(1, n), 4) for d, (w, n) in overall.items()},
        "all_balanced": all(r["balanced"] for r in rows),
        "first_player_share": round(first / max(1, games_total), 4),
        "vs_random": {**versus, "bot_share": round(versus["bot"] / max(1, played), 4)},
        "seconds": round(seconds, 1),
    }


def table(result: dict) -> str:
    decks = result["decks"]
    lines = [
        "| deck A | deck B | A wins | B wins | unfinished | A's share | in 35%-65% |",
        "|---|---|---:|---:|---:|---:|:---:|",
    ]
    for r in result["pairs"]:
        lines.append(
            f"| {decks[r['a']]} | {decks[r['b']]} | {r['a_wins']} | {r['b_wins']} | "
            f"{r['unfinished']} | {r['a_share']:.1%} | {'yes' if r['balanced'] else 'NO'} |"
        )
    lines += ["", "| deck | share of all its games won |", "|---|---:|"]
    for d, share in result["overall"].items():
        lines.append(f"| {decks[d]} | {share:.1%} |")
    return "\n".join(lines)


def markdown(result: dict) -> str:
    vs = result["vs_random"]
    return f"""# ZOOBOTZ deck balance

Written by `python benchmarks/zoobotz_balance.py --games {result["games_per_pair"]} --seed {result["seed"]} --vs-random {sum(vs[k] for k in ("bot", "random", "unfinished"))} --write card_data/zoobotz/BALANCE.md`
on {dt.date.today().isoformat()} ({result["seconds"]} s).

Method: every pair of shipped decks plays {result["games_per_pair"]} two-player games between two
copies of the heuristic bot (`tabletop_tui/games/zoobotz/bot.py`), each seeing only its own
View and legal actions, through the real rules engine. Deck A sits in seat 1 in even games
and in seat 2 in odd ones; the first player is chosen at random by the game, as the rules
say. Target: every deck wins 35%-65% against every other deck.

{table(result)}

All pairings within 35%-65%: **{"yes" if result["all_balanced"] else "NO"}**. The first
player won {result["first_player_share"]:.1%} of these games.

Heuristic bot against RandomBot ({sum(vs[k] for k in ("bot", "random", "unfinished"))} two-player games, decks rotating,
seats alternating): the bot wins **{vs["bot_share"]:.1%}** (goal: at least 65%).
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cards", default=None)
    parser.add_argument("--vs-random", type=int, default=400)
    parser.add_argument("--write", default=None)
    args = parser.parse_args()
    result = run(args.games, args.seed, args.workers, args.cards, args.vs_random)
    if args.write:
        Path(args.write).write_text(markdown(result), encoding="utf-8")
    print(table(result))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
