"""Heroes of the Grid: the cooperative bot's win rate and the engine's speed.

    python benchmarks/hotg_bot.py [--seeds 200] [--rangers 4] [--speed-seconds 5]
        [--deployments 4] [--easier-deployments] [--difficulty easier|standard]
        [--cards-dir DIR] [--level easy|normal|hard] [--search 3] [--top-k 5] [--jobs 2]
        [--mode standard] [--max-game-s 0]
    python benchmarks/hotg_bot.py --table [--seeds 30] [--max-game-s 300]
        [--levels easy,normal,hard] [--modes standard,psycho_assault,mastermind]
        [--difficulties easier,standard] --speed-seconds 0 --jobs 1

1. Win rate: every seat played by HotgBot (the seat bot: the heuristic with rollout search,
   its team planner weighing the chance of losing in the next Deployment Phase, threat.py)
   in standard 4-Ranger games (4 players, Rita Repulsa, 2 random monsters), one game per
   seed; prints wins, the win rate, losses by cause, the round each game ends in and the
   average number of rounds (goal, issue 15: >= 40% wins under the default reading),
   and per round (averaged over the games that reach it; `RoundTally`) the battles by
   what they fought, the figures they removed, the Rangers they cost, the villain cards
   they took and the action tokens left unused.
   `--level easy|normal|hard`: every Ranger seat is that level's bot (games/__init__.py
   LEVEL_BOTS; overrides `--search` / `--top-k`). `--search N`: rollout search of battle
   decisions, N sampled hidden states each (0: the heuristic alone). `--set NAME=VALUE`
   (repeatable) sets a bot switch, a `HotgHeuristicBot` class attribute (e.g. `risk_w`),
   or `THINK_STEPS`, the search's budget.
   `--difficulty easier` is the Easier game of issue 38 (the easier foot soldier cards and
   four deployments a round), `standard` the printed one.
   `--deployments 4`, `--easier-deployments` (the setup option: deployment cards showing
   1, 1, 1, 2, 3 figures instead of the default 1, 2, 2, 2, 3; RULINGS.md 2) and
   `--cards-dir DIR` (a
   copy of card_data/hotg, e.g. with another die in board.toml) measure the inferred
   numbers' weight.
   `--max-game-s S`: a game that has used S CPU seconds stops and counts as unfinished
   (not a win; `unfinished` in the result).
2. `--table`: each level's win rate per mode and difficulty (issue 38), `--seeds` games a
   cell (seeds from `--seed-from`), every Ranger seat that level's bot (in Mastermind Mode
   HotgMastermindBot plays the Mastermind); a markdown table at the end, one JSON line per
   cell on stderr as it finishes. Measured: see "The level table" below.
3. Engine speed in bot-played 4-Ranger games: actions/s counting only the engine's time
   (new_game + to_act + legal_actions + apply; the bot's thinking and its view() are not
   counted), goal >= 3,000/s; the apply-only rate too. Printed as JSON; nothing asserted.

The bot goal on Easier (issue 38), `--seeds 200 --difficulty easier --level normal
--max-game-s 300 --jobs 1`, run as four chunks of the seeds 0-199 side by side on the
shared machine (load 7-11 on 2 cores): **109 of 200 wins (54.5%; goal 40%)**, none
unfinished, 5.46 rounds on average; endings: 109 the boss defeated, 72 a Ranger defeated
with no Command Center energy, 19 all four outer locations panicked. Seeds 0-19: 10 of 20
(7 of 20 were reported for the bot before the Focus fix below).

The level table (issue 38; `--table --max-game-s 180`; `games` a cell from seed 0, fewer
for the slow search levels; the normal / standard / Easier cell is the 200-seed goal run,
its think times from 36 of those games*). A "win" is the Rangers'; in Mastermind Mode
HotgMastermindBot plays the Mastermind. Think times are CPU seconds per decision (the
wall clock under that load was up to 9x longer: the hard level's slowest decision on
Easier took 8.2 s of wall clock for 0.92 s of CPU). Every decision of every level
stayed under 1.2 s of CPU, within the issue's 2 s.

| level | mode | difficulty | games | wins | win rate | unfinished | avg rounds | think CPU max / p95 (s) |
|---|---|---|---|---|---|---|---|---|
| easy | standard | easier | 50 | 6 | 12.0% | 0 | 5.26 | 0.018 / 0.001 |
| easy | standard | standard | 50 | 0 | 0.0% | 0 | 4.08 | 0.042 / 0.001 |
| easy | psycho_assault | easier | 50 | 0 | 0.0% | 0 | 5.94 | 0.06 / 0.001 |
| easy | psycho_assault | standard | 50 | 0 | 0.0% | 0 | 3.52 | 0.003 / 0.001 |
| easy | mastermind | easier | 50 | 7 | 14.0% | 0 | 5.52 | 0.003 / 0.001 |
| easy | mastermind | standard | 50 | 1 | 2.0% | 0 | 4.42 | 0.049 / 0.0 |
| normal | standard | easier | 200 | 109 | 54.5% | 0 | 5.46 | 0.608 / 0.099* |
| normal | standard | standard | 10 | 0 | 0.0% | 0 | 4.3 | 0.396 / 0.072 |
| normal | psycho_assault | easier | 50 | 0 | 0.0% | 0 | 5.94 | 0.025 / 0.001 |
| normal | psycho_assault | standard | 50 | 0 | 0.0% | 0 | 3.52 | 0.036 / 0.001 |
| normal | mastermind | easier | 10 | 8 | 80.0% | 0 | 5.7 | 0.456 / 0.087 |
| normal | mastermind | standard | 10 | 1 | 10.0% | 0 | 4.6 | 0.499 / 0.085 |
| hard | standard | easier | 36 | 23 | 63.9% | 0 | 5.53 | 0.981 / 0.236** |
| hard | standard | standard | 6 | 0 | 0.0% | 0 | 4.0 | 0.555 / 0.165 |
| hard | psycho_assault | easier | 50 | 0 | 0.0% | 0 | 5.94 | 0.053 / 0.001 |
| hard | psycho_assault | standard | 50 | 0 | 0.0% | 0 | 3.52 | 0.032 / 0.001 |
| hard | mastermind | easier | 6 | 5 | 83.3% | 0 | 5.33 | 1.186 / 0.213 |
| hard | mastermind | standard | 6 | 1 | 16.7% | 0 | 4.83 | 0.847 / 0.166 |

- The search is what the levels differ by: easy (the heuristic alone) wins 12% of
  Easier games where normal wins about 55%. The hard level (6 samples, top 6, the same
  step budget) won 23 of seeds 0-35 on Easier where normal won 20 of the same 36: a
  little stronger at most, not shown on these counts. (** run as three chunks of 12
  seeds; the p95 is the largest of the three chunks'.)
- Psycho Assault is searched by no level (HotgHeuristicBot.search_modes), so the three
  levels play the same games there; none wins one.
- No game hit the per-game CPU cap. Before this, Easier seed 3 never ended at the normal
  level: two Rangers with empty hands handed the battle turn back and forth (1,000+ Focus
  moves in a row), most likely also the hard game of the last session that ran past 10
  CPU minutes; the search now hands the turn only to a teammate the heuristic rates
  higher (bot.py `_candidates`), and that game ends in round 6 after 358 moves.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.games.hotg.bot import HotgBot, HotgHeuristicBot  # noqa: E402
from tabletop_tui.games.hotg.models import ALL_RANGERS, DIFFICULTIES, Config  # noqa: E402
from tabletop_tui.games.hotg.rules import HotgRules  # noqa: E402

SEARCH = 3  # sampled hidden states per battle decision (0 = the heuristic bot alone)
TOP_K = 5  # card plays kept for the rollouts
LEVEL = ""  # a bot level (easy / normal / hard) instead of SEARCH / TOP_K
MAX_GAME_S = 0.0  # a game stops unfinished after this much CPU time (0: no limit)


BOT_SET: tuple = ()  # (name, value) pairs set on the bot classes (`--set`)


def set_attrs(attrs: tuple) -> None:
    """`--set NAME=VALUE`: a switch of the bot (a HotgHeuristicBot class attribute, such as
    risk_w) or, for THINK_STEPS, the search's budget."""
    from tabletop_tui.games.hotg import bot

    for name, value in attrs:
        if name == "THINK_STEPS":
            bot.THINK_STEPS = int(value)
        else:
            old = getattr(HotgHeuristicBot, name)
            if isinstance(old, bool):
                new = value.lower() in ("1", "true", "yes")
            elif isinstance(old, tuple):  # e.g. plan_styles: a Python literal
                new = ast.literal_eval(value)
            else:
                new = type(old)(value)
            setattr(HotgHeuristicBot, name, new)


def _figures(s) -> int:
    return sum(n for lo in s.locations for _, n in lo.fs)


class RoundTally:
    """Where a game is won or lost, per round (`--rounds`): battles by what they fought,
    foot soldier figures they removed, Rangers defeated in them (Command Center energy
    spent), monster / boss cards they put in the discard piles, action tokens left unused
    at the end of the Action Phase, Mastodon uses between deployments."""

    def __init__(self) -> None:
        self.counts: collections.Counter[tuple[int, str]] = collections.Counter()
        self._open: tuple | None = None  # the battle under way: (kind, figures, energy, cards)
        self._figures = 0  # figures on the board at the last step of that battle

    def step(self, before, action, after) -> None:
        r = before.round
        if getattr(action, "kind", "") == "zord" and before.phase == "deployment":
            self.counts[(r, f"{action.zord}_between_deployments")] += 1
        if before.battle is None and after.battle is not None:
            here = next(lo for lo in before.locations if lo.id == after.battle.location)
            kind = "boss" if before.boss in here.villains else "monster" if here.villains else "fs"
            cards = sum(len(c) for _, c in before.enemy_discards)
            self._open = (kind, _figures(before), before.hq_energy, cards)
        if after.battle is not None:
            self._figures = _figures(after)
        if before.battle is not None and after.battle is None and self._open is not None:
            kind, figs, energy, cards = self._open
            if after.round == before.round:  # else the next deployment is already in
                self._figures = _figures(after)
            self.counts[(r, f"battles_{kind}")] += 1
            self.counts[(r, f"figures_removed_{kind}")] += figs - self._figures
            self.counts[(r, f"rangers_defeated_{kind}")] += energy - after.hq_energy
            self.counts[(r, f"villain_cards_{kind}")] += (
                sum(len(c) for _, c in after.enemy_discards) - cards
            )
            self._open = None
        if before.phase == "action" and (after.phase == "deployment" or after.round != r):
            self.counts[(r, "tokens_unused")] += sum(p.tokens for p in before.players)


def bot_game(
    rules: HotgRules,
    config: Config,
    seed: int,
    thinks: list[float] | None = None,
    cpu: list[float] | None = None,
    tally: RoundTally | None = None,
    max_cpu: float = 0.0,
) -> tuple[str, int, int]:
    """One game; each decision's thinking time (the bot's choose) goes to `thinks` (wall
    clock) and `cpu` (this process's CPU time: the same on an idle machine). With
    `max_cpu`, a game that has used that many CPU seconds stops "unfinished"."""
    if LEVEL:
        from tabletop_tui.games import make_bot

        bot = make_bot("hotg", f"bot:{LEVEL}")
    else:
        bot = HotgBot(search=SEARCH, top_k=TOP_K)
    state = rules.new_game(config, seed)
    steps = 0
    clock = time.perf_counter
    cpu_start = time.process_time()
    while state.outcome is None and steps < 20_000:
        if max_cpu and time.process_time() - cpu_start > max_cpu:
            break
        seat = next(iter(rules.to_act(state)))
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        t, c = clock(), time.process_time()
        action = bot.choose(view, legal, seat, random.Random(steps))
        if thinks is not None:
            thinks.append(clock() - t)
        if cpu is not None:
            cpu.append(time.process_time() - c)
        before = state
        state, _ = rules.apply(state, seat, action)
        if tally is not None:
            tally.step(before, action, state)
        steps += 1
    summary = state.outcome.summary if state.outcome else "unfinished"
    return summary, state.round, steps


def cause(summary: str) -> str:
    """One label per way a game ends."""
    if summary.startswith("The Rangers win"):
        return "win: the boss is defeated"
    if "panicked" in summary:
        return "loss: all four outer locations panicked"
    if "no energy left on the Command Center" in summary:
        return "loss: a Ranger defeated with no Command Center energy"
    if "hold the Command Center" in summary:
        return "loss: enemies hold the Command Center"
    return summary[:60]


def _one(job: tuple) -> tuple[str, int, int, float, list[float], list[float], dict]:
    seed, config, search, top_k, level, attrs, max_cpu = job
    global SEARCH, TOP_K, LEVEL
    SEARCH, TOP_K, LEVEL = search, top_k, level
    set_attrs(attrs)
    t = time.perf_counter()
    thinks: list[float] = []
    cpu: list[float] = []
    tally = RoundTally()
    summary, rnd, steps = bot_game(HotgRules(), config, seed, thinks, cpu, tally, max_cpu)
    return summary, rnd, steps, time.perf_counter() - t, thinks, cpu, dict(tally.counts)


def win_rate(seeds: int, rangers: int, jobs: int = 1, seed_from: int = 0, **config_kw) -> dict:
    seats = rangers + (config_kw.get("mode") == "mastermind")  # the Mastermind: one more
    config = Config(
        names=tuple(f"P{i + 1}" for i in range(seats)), rangers=ALL_RANGERS[:rangers], **config_kw
    )
    causes: collections.Counter[str] = collections.Counter()
    last_round: collections.Counter[int] = collections.Counter()
    rounds = 0
    wins = 0
    t0 = time.perf_counter()
    work = [
        (seed, config, SEARCH, TOP_K, LEVEL, BOT_SET, MAX_GAME_S)
        for seed in range(seed_from, seed_from + seeds)
    ]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_one, work, chunksize=1)
    else:
        results = []
        for w in work:  # one line per game on stderr, so a long run can be followed
            results.append(_one(w))
            r = results[-1]
            print(
                f"seed {w[0]}: {cause(r[0])}, round {r[1]}, {r[2]} steps, {r[3]:.1f} s",
                file=sys.stderr,
                flush=True,
            )
    game_seconds = 0.0
    thinks: list[float] = []
    cpus: list[float] = []
    per_round: collections.Counter[tuple[int, str]] = collections.Counter()
    for summary, rnd, _, dt, think, cpu, counts in results:
        per_round.update(counts)
        game_seconds += dt
        thinks += think
        cpus += cpu
        rounds += rnd
        wins += summary.startswith("The Rangers win")
        causes[cause(summary)] += 1
        last_round[rnd] += 1
    thinks.sort()
    cpus.sort()
    # per round, averaged over the games that reached it
    top = max(last_round, default=0)
    reached = {r: sum(n for k, n in last_round.items() if k >= r) for r in range(1, top + 1)}
    keys = sorted({k for _, k in per_round})
    by_round = {
        k: " ".join(f"{per_round[(r, k)] / n:.2f}" for r, n in reached.items() if n) for k in keys
    }
    return {
        "games": seeds,
        "seeds": f"{seed_from}..{seed_from + seeds - 1}",
        "config": config_kw,
        "wins": wins,
        "win_rate": round(wins / seeds, 3),
        "unfinished": causes["unfinished"],
        "goal": 0.4,
        "avg_rounds": round(rounds / seeds, 2),
        "endings": dict(causes.most_common()),
        "game_ends_in_round": dict(sorted(last_round.items())),
        "per_round_from_round_1": by_round,
        "seconds": round(time.perf_counter() - t0, 1),
        "seconds_per_game": round(game_seconds / seeds, 2),
        "decisions": len(thinks),
        "think_s_max": round(thinks[-1], 3) if thinks else 0.0,
        "think_s_p95": round(thinks[int(0.95 * (len(thinks) - 1))], 3) if thinks else 0.0,
        "think_s_mean": round(sum(thinks) / len(thinks), 4) if thinks else 0.0,
        "think_cpu_s_max": round(cpus[-1], 3) if cpus else 0.0,
        "think_cpu_s_p95": round(cpus[int(0.95 * (len(cpus) - 1))], 3) if cpus else 0.0,
        "bot": {
            "search": SEARCH,
            "top_k": TOP_K,
            "level": LEVEL or None,
            "set": dict(BOT_SET),
        },
    }


LEVELS = ("easy", "normal", "hard")
MODES = ("standard", "psycho_assault", "mastermind")


def level_table(
    seeds: int,
    rangers: int,
    seed_from: int,
    levels: tuple[str, ...] = LEVELS,
    modes: tuple[str, ...] = MODES,
    difficulties: tuple[str, ...] = tuple(DIFFICULTIES),
    jobs: int = 1,
) -> list[dict]:
    """`--table`: each level's win rate per mode and difficulty (issue 38), one cell per
    (level, mode, difficulty), `seeds` games a cell; a game past `MAX_GAME_S` CPU seconds
    counts as unfinished (not a win)."""
    global LEVEL
    cells = []
    for level in levels:
        for mode in modes:
            for difficulty in difficulties:
                LEVEL = level
                kw = dict(DIFFICULTIES[difficulty])
                if mode != "standard":
                    kw["mode"] = mode
                r = win_rate(seeds, rangers, jobs=jobs, seed_from=seed_from, **kw)
                cell = {"level": level, "mode": mode, "difficulty": difficulty, **r}
                cells.append(cell)
                print(json.dumps({"cell": cell}), file=sys.stderr, flush=True)
    return cells


def table_markdown(cells: list[dict]) -> str:
    """The cells as a markdown table."""
    lines = [
        "| level | mode | difficulty | games (seeds) | wins | win rate | unfinished | avg rounds |"
        " think CPU max / p95 (s) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for c in cells:
        lines.append(
            f"| {c['level']} | {c['mode']} | {c['difficulty']} | {c['games']} ({c['seeds']}) |"
            f" {c['wins']} |"
            f" {c['win_rate']:.1%} | {c['unfinished']} | {c['avg_rounds']} |"
            f" {c['think_cpu_s_max']} / {c['think_cpu_s_p95']} |"
        )
    return "\n".join(lines)


def speed(seconds: float) -> dict:
    """Engine time only (new_game, to_act, legal_actions, apply) in bot-played 4-Ranger games."""
    rules = HotgRules()
    config = Config()
    bot = HotgHeuristicBot()  # engine speed, not search speed
    clock = time.perf_counter
    actions = 0
    engine = 0.0
    applying = 0.0
    seed = 0
    while engine < seconds:
        t = clock()
        state = rules.new_game(config, seed)
        engine += clock() - t
        seed += 1
        while state.outcome is None and actions < 10**7:
            t = clock()
            seat = next(iter(rules.to_act(state)))
            legal = rules.legal_actions(state, seat)
            engine += clock() - t
            action = bot.choose(rules.view(state, seat), legal, seat, random.Random(actions))
            t = clock()
            state, _ = rules.apply(state, seat, action)
            dt = clock() - t
            engine += dt
            applying += dt
            actions += 1
    return {
        "games": seed,
        "actions": actions,
        "actions_per_s": round(actions / engine),
        "apply_only_per_s": round(actions / applying),
        "goal": 3000,
    }


def main() -> None:
    global SEARCH, TOP_K, LEVEL, BOT_SET, MAX_GAME_S
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--seed-from", type=int, default=0, help="first seed of the range")
    parser.add_argument("--rangers", type=int, default=4)
    parser.add_argument("--speed-seconds", type=float, default=5.0)
    parser.add_argument(
        "--deployments", type=int, default=5, help="deployments per round (4 = the easier game)"
    )
    parser.add_argument(
        "--easier-deployments",
        action="store_true",
        help="deployment cards 1, 1, 1, 2, 3 figures (the easier setting)",
    )
    parser.add_argument(
        "--cards-dir",
        default=None,
        help="a card_data/hotg copy, e.g. with another die in board.toml",
    )
    parser.add_argument(
        "--search", type=int, default=SEARCH, help="sampled states per battle decision, 0 = off"
    )
    parser.add_argument("--top-k", type=int, default=TOP_K)
    parser.add_argument("--level", default="", choices=("", "easy", "normal", "hard"))
    parser.add_argument(
        "--difficulty",
        default="",
        choices=("", "easier", "standard"),
        help="easier: --easier-deployments and --deployments 4; standard: the printed game",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a bot switch, e.g. risk_w=20 (a HotgHeuristicBot class attribute) or"
        " THINK_STEPS=3500",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the win rate")
    parser.add_argument(
        "--max-game-s",
        type=float,
        default=0.0,
        help="a game stops unfinished after this many CPU seconds (0: no limit)",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="each level's win rate per mode and difficulty (--seeds games a cell)",
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="--table: levels")
    parser.add_argument("--modes", default=",".join(MODES), help="--table: modes")
    parser.add_argument(
        "--difficulties", default=",".join(DIFFICULTIES), help="--table: difficulties"
    )
    parser.add_argument(
        "--mode",
        default="standard",
        choices=("standard", "psycho_assault", "mastermind"),
        help="the game mode (mastermind: HotgMastermindBot plays the Mastermind, the last seat;"
        " the battle search runs in standard and Mastermind games, HotgBot.search_modes)",
    )
    args = parser.parse_args()
    SEARCH, TOP_K, LEVEL, MAX_GAME_S = args.search, args.top_k, args.level, args.max_game_s
    if args.difficulty == "easier":
        args.easier_deployments, args.deployments = True, 4
    BOT_SET = tuple(tuple(x.split("=", 1)) for x in args.set)
    set_attrs(BOT_SET)
    if args.speed_seconds > 0:
        print(json.dumps({"speed": speed(args.speed_seconds)}, indent=2))
    if args.table:
        cells = level_table(
            args.seeds,
            args.rangers,
            args.seed_from,
            tuple(args.levels.split(",")),
            tuple(args.modes.split(",")),
            tuple(args.difficulties.split(",")),
            jobs=args.jobs,
        )
        print(json.dumps({"table": cells}, indent=2))
        print(table_markdown(cells))
        return
    kw: dict = {}
    if args.mode != "standard":
        kw["mode"] = args.mode
    if args.deployments != 5:
        kw["deployments_per_round"] = args.deployments
    if args.easier_deployments:
        kw["heavy_deployments"] = False
    if args.cards_dir:
        kw["cards_dir"] = args.cards_dir
    result = win_rate(args.seeds, args.rangers, jobs=args.jobs, seed_from=args.seed_from, **kw)
    print(json.dumps({"bot": result}, indent=2))
    print(
        f"HotgBot: {result['wins']}/{result['games']} wins ({result['win_rate']:.1%}, goal 40%), "
        f"seeds {result['seeds']}, average {result['avg_rounds']} rounds, think per decision"
        f" max {result['think_s_max']} s p95 {result['think_s_p95']} s (CPU: max"
        f" {result['think_cpu_s_max']} s p95 {result['think_cpu_s_p95']} s); endings: "
        + "; ".join(f"{k} x{n}" for k, n in result["endings"].items())
    )


if __name__ == "__main__":
    main()
