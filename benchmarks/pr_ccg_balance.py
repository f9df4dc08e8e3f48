"""Deck balance of the Power Rangers CCG (2008): every pairing of the shipped decks.

    python benchmarks/pr_ccg_balance.py [--games 2000] [--seed 0] [--workers 2]
                                        [--cards DIR] [--write card_data/pr-ccg-2008/BALANCE.md]

For each unordered pair of distinct decks (A, B), A being the first named (deck files
in name order), it plays `--games` seeded games between two heuristic bots through the
real rules engine (tabletop_tui.selfplay.play_headless). Even-numbered games put A in
seat 1, odd-numbered games in seat 2, so the seat advantage cancels out. A draw (both
players must draw from empty decks in the same Step 1) is a win for neither deck: it is
counted apart. A pairing meets the target when A's wins over all games AND A's share of
the decided games both lie between 40% and 60% (A's score with a draw as half a win is
in the JSON too). Prints a markdown table, then JSON; `--write` also writes the table, the
method and the date to a markdown file.

`--confirm-seed S` plays every pairing again on a second, disjoint range of seeds and
reports the lowest and highest share there, to show the table is not an accident of its
seeds.

It also plays `--vs-random` games (default 400) of the heuristic bot against RandomBot,
cycling through every ordered pairing of decks (a deck against itself too) with the
heuristic bot in seat 1 and seat 2 in turn; the issue asks it to win at least 65%.
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
from tabletop_tui.games.pr_ccg_2008.cards import catalog  # noqa: E402
from tabletop_tui.selfplay import play_headless  # noqa: E402

GAME = "pr-ccg-2008"
LOW, HIGH = 0.40, 0.60
CHUNK = 250


def _init(cards: str | None) -> None:
    set_cards_dir(Path(cards) if cards else None)


def _play(task: tuple[str, str, int, int]) -> tuple[str, str, dict]:
    """Play games seed .. seed + count - 1 of one pairing; tally them for deck A."""
    a, b, seed, count = task
    tally = {"a": 0, "b": 0, "draw": 0, "unfinished": 0, "actions": 0}
    for n in range(seed, seed + count):
        a_seat = n % 2
        decks = [a, b] if a_seat == 0 else [b, a]
        r = play_headless(GAME, n, ["heuristic", "heuristic"], config={"decks": decks})
        tally["actions"] += r.actions
        if r.outcome == "draw":
            tally["draw"] += 1
        elif r.outcome == "unfinished":
            tally["unfinished"] += 1
        elif a_seat in r.winners:
            tally["a"] += 1
        else:
            tally["b"] += 1
    return a, b, tally


def _against_random(task: tuple[list[tuple[str, str]], int, int]) -> dict:
    """Games seed .. seed + count - 1 of the heuristic bot against RandomBot."""
    pairs, seed, count = task
    tally = {"games": 0, "wins": 0, "draws": 0, "unfinished": 0}
    for n in range(seed, seed + count):
        seat = n % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        decks = list(pairs[(n // 2) % len(pairs)])
        r = play_headless(GAME, n, kinds, config={"decks": decks})
        tally["games"] += 1
        tally["wins"] += seat in r.winners
        tally["draws"] += r.outcome == "draw"
        tally["unfinished"] += r.outcome == "unfinished"
    return tally


def run(games: int, seed: int, workers: int, cards: str | None, vs_random: int = 400) -> dict:
    _init(cards)
    decks = [d.info for d in catalog().card_set.decks]
    names = {d.id: d.name for d in decks}
    pairs = list(itertools.combinations([d.id for d in decks], 2))
    tasks = [
        (a, b, seed + start, min(CHUNK, games - start))
        for a, b in pairs
        for start in range(0, games, CHUNK)
    ]
    ordered = [(a.id, b.id) for a in decks for b in decks]
    random_tasks = [
        (ordered, seed + start, min(CHUNK, vs_random - start))
        for start in range(0, vs_random, CHUNK)
    ]
    totals = {p: {"a": 0, "b": 0, "draw": 0, "unfinished": 0, "actions": 0} for p in pairs}
    started = time.perf_counter()
    if workers > 1:
        with get_context("spawn").Pool(workers, initializer=_init, initargs=(cards,)) as pool:
            randoms = pool.map_async(_against_random, random_tasks)
            results = list(pool.imap_unordered(_play, tasks))
            randoms = randoms.get()
    else:
        randoms = [_against_random(t) for t in random_tasks]
        results = [_play(t) for t in tasks]
    vs = {k: sum(t[k] for t in randoms) for k in ("games", "wins", "draws", "unfinished")}
    vs["win_rate"] = round(vs["wins"] / vs["games"], 4) if vs["games"] else None
    for a, b, tally in results:
        for key, value in tally.items():
            totals[a, b][key] += value
    rows = []
    for (a, b), t in totals.items():
        decided = t["a"] + t["b"]
        share = t["a"] / decided if decided else 0.5
        rows.append(
            {
                "a": a,
                "b": b,
                "a_name": names[a],
                "b_name": names[b],
                "games": games,
                "a_wins": t["a"],
                "b_wins": t["b"],
                "draws": t["draw"],
                "unfinished": t["unfinished"],
                "a_share_of_decided": round(share, 4),
                "a_win_rate": round(t["a"] / games, 4),
                "a_score_draw_half": round((t["a"] + t["draw"] / 2) / games, 4),
                "mean_actions": round(t["actions"] / games, 1),
                "ok": LOW <= share <= HIGH
                and LOW <= t["a"] / games <= HIGH
                and not t["unfinished"],
            }
        )
    return {
        "game": GAME,
        "bot": "heuristic (tabletop_tui.games.pr_ccg_2008.bot:PrCcgBot) in both seats",
        "games_per_pairing": games,
        "seed": seed,
        "target": f"first-named deck's wins over all games and share of decided games in [{LOW:.0%}, {HIGH:.0%}]",
        "all_ok": all(r["ok"] for r in rows),
        "pairings": rows,
        "heuristic_vs_random": vs,
        "seconds": round(time.perf_counter() - started, 1),
    }


def table(report: dict) -> str:
    lines = [
        "| A (first named) | B | A wins | B wins | draws | A share of decided | A wins / all | in 40-60% |",
        "|---|---|---:|---:|---:|---:|---:|:---:|",
    ]
    for r in report["pairings"]:
        lines.append(
            f"| {r['a_name']} | {r['b_name']} | {r['a_wins']} | {r['b_wins']} | {r['draws']} "
            f"| {r['a_share_of_decided']:.1%} | {r['a_win_rate']:.1%} | {'yes' if r['ok'] else 'NO'} |"
        )
    return "\n".join(lines)


def balance_md(report: dict) -> str:
    today = dt.date.today().isoformat()
    return f"""# Deck balance: Power Rangers CCG (2008)

Measured {today} with `python benchmarks/pr_ccg_balance.py --games {report["games_per_pairing"]} --seed {report["seed"]} --write card_data/pr-ccg-2008/BALANCE.md`.

**Method.** Every unordered pairing of the shipped decks (A is the deck whose file comes
first by name) plays {report["games_per_pairing"]:,} seeded games through the real rules
engine, the rulebook's rules with no opening hand (Damage is drawn from the loser's deck into
their hand; a player who must draw and cannot loses). Both seats are the heuristic bot
(`tabletop_tui.games.pr_ccg_2008.bot:PrCcgBot`: expected-Damage card choice against the
opponent's unseen cards, best element at step 6A, occasional bluffs). A sits in seat 1 in
even-numbered games and in seat 2 in odd-numbered ones, so the seat advantage cancels.

**Draws** (both players must draw from an empty deck at the same Step 1) are a win for
neither deck. They are counted apart, and a pairing meets the target only when both A's wins
over *all* games (the issue's wording: "wins between 40% and 60% of 2,000 games") and A's
share of the *decided* games lie between 40% and 60%.

{table(report)}

Target met in every pairing: **{"yes" if report["all_ok"] else "NO"}**.

{confirm_line(report)}

{vs_random_line(report)}

The decks were tuned by a local search over their values, Damage and Battle Elements that
played every pairing on other seeds (mostly 20000 onwards), then checked here.
"""


def confirm_line(report: dict) -> str:
    again = report.get("confirm")
    if not again:
        return ""
    shares = [r["a_share_of_decided"] for r in again["pairings"]]
    wins = [r["a_win_rate"] for r in again["pairings"]]
    return (
        f"Confirmation on seeds {again['seed']}-{again['seed'] + again['games_per_pairing'] - 1}: "
        f"A's share of decided games ranges from {min(shares):.1%} to {max(shares):.1%} and "
        f"A's wins over all games from {min(wins):.1%} to {max(wins):.1%}; "
        f"target met in every pairing: **{'yes' if again['all_ok'] else 'NO'}**."
    )


def vs_random_line(report: dict) -> str:
    vs = report["heuristic_vs_random"]
    if not vs["games"]:
        return ""
    return (
        f"Heuristic bot against RandomBot: {vs['wins']} wins in {vs['games']} games "
        f"({vs['win_rate']:.1%}; {vs['draws']} draws), every ordered pairing of decks in turn, "
        "the heuristic bot in each seat half the time (target: at least 65%)."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cards", help="a card folder to balance instead of the shipped one")
    parser.add_argument("--vs-random", type=int, default=400, help="games against RandomBot")
    parser.add_argument("--confirm-seed", type=int, help="replay every pairing from this seed too")
    parser.add_argument("--write", help="also write the table and method to this markdown file")
    args = parser.parse_args()
    report = run(args.games, args.seed, args.workers, args.cards, args.vs_random)
    if args.confirm_seed is not None:
        report["confirm"] = run(args.games, args.confirm_seed, args.workers, args.cards, 0)
    print(table(report))
    print()
    if report.get("confirm"):
        print(confirm_line(report))
        print()
    if report["heuristic_vs_random"]["games"]:
        print(vs_random_line(report))
        print()
    print(json.dumps(report, indent=2))
    if args.write:
        Path(args.write).write_text(balance_md(report), encoding="utf-8")


if __name__ == "__main__":
    main()
