"""Heroes of the Grid: how often can a far stronger team win? An ORACLE, never a bot.

    python benchmarks/hotg_oracle.py [--seeds 20] [--seed-from 0] [--jobs 1]
        [--battle-oracle [--foresee all|boss|before_boss]] [--no-plan-oracle]
        [--mode standard|psycho_assault]

Issue 15 asks the default bot to win 40% of standard 4-Ranger games. Before tuning the bot
further, this measures an upper estimate of what play can do under the printed reading.

The oracle CHEATS, on purpose: it sees the true State, hidden deck orders and the seeded
RNG included, so it knows exactly how every die will roll after each choice. Two parts,
each switchable. `--battle-oracle`: every battle choice (card, target, energy, flip, whose
turn, damage, draws) is played out on the true State to the end of the battle and the best
`search.battle_value` is kept, so it picks the plays whose dice will hit. The plan oracle
(on unless `--no-plan-oracle`): at each Action Phase choice (which Ranger does what: stay and battle, move where, RECOVER, power
up, Zords, end the phase) and each Mastodon window between deployments, it plays every
candidate followed by the heuristic bot to the end of the game, on a copy of the true
State, and keeps the best ending (a win; else the later round, more of the boss's and
monsters' cards down, more Command Center energy). Battles are played by the default
`HotgBot`. With exact rollouts this is at least as good as the heuristic on every seed
(rollout policy improvement), and its foresight of the dice makes it stronger than any
fair policy built the same way. It is never a seat bot: it reads what no player can see.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.games.hotg.bot import HotgBot, HotgHeuristicBot  # noqa: E402
from tabletop_tui.games.hotg.models import (  # noqa: E402
    ALL_RANGERS,
    Config,
    Focus,
    Move,
    Recover,
    State,
)
from tabletop_tui.games.hotg.rules import HotgRules  # noqa: E402

RULES = HotgRules()
POLICY = HotgHeuristicBot()


def ending(s: State) -> tuple:
    """Higher is better: a win, then the round reached, the villain cards down, energy."""
    if s.outcome is not None and s.outcome.summary.startswith("The Rangers win"):
        return (1, -s.round, 0, 0)
    if s.config.mode == "psycho_assault":  # Psychos down after their gathering count most
        down = sum(n.status == "defeated" for n in s.nemeses)
        under = sum(len(n.under) for n in s.nemeses)
        gathered = 10 * s.psycho_boss_deployed
        return (0, s.round, gathered + (down * 3 + under) * (4 if gathered else 1), s.hq_energy)
    boss = sum(len(c) for d, c in s.enemy_discards if d == s.boss)
    others = sum(len(c) for d, c in s.enemy_discards if d != s.boss)
    return (0, s.round, boss * 4 + others + 10 * len(s.defeated), s.hq_energy)


def play_out(s: State, limit: int = 6000) -> State:
    n = 0
    while s.outcome is None and n < limit:
        seat = next(iter(RULES.to_act(s)))
        legal = RULES.legal_actions(s, seat)
        a = (
            legal[0]
            if len(legal) == 1
            else POLICY.choose(RULES.view(s, seat), legal, seat, random.Random(n))
        )
        s, _ = RULES._resolve(s, seat, a)
        n += 1
    return s


def _useful(s: State, seat: int, a) -> bool:
    if isinstance(a, Focus):
        return False
    p = s.players[seat]
    if isinstance(a, Move):
        if a.to == "hq":
            return a.power_up
        lo = next((x for x in s.locations if x.id == a.to), None)
        return lo is not None and (sum(n for _, n in lo.fs) > 0 or bool(lo.villains))
    if isinstance(a, Recover):
        return len(p.discard) >= 2
    return True


def macros(s: State, seat: int) -> list[tuple]:
    """Every sensible (seat, action) the team could take now, as action sequences."""
    out: list[tuple] = []
    legal = RULES.legal_actions(s, seat)
    out += [(a,) for a in legal if _useful(s, seat, a)]
    if s.phase == "action" and s.decision is None:
        for f in legal:
            if isinstance(f, Focus):
                s1, _ = RULES.apply(s, seat, f)
                for a in RULES.legal_actions(s1, f.seat):
                    if _useful(s1, f.seat, a) and a.kind != "end_phase":
                        out.append((f, a))
    return out


BATTLE_ORACLE = False  # --battle-oracle: battle choices foresee the dice too
PLAN_ORACLE = True  # --no-plan-oracle: the Action Phase is the default bot's


MODE = "standard"  # --mode: the game mode (psycho_assault: session 13)

#: which battles foresee the dice: "all", "boss" (only battles where the boss stands),
#: "before_boss" (only battles before the boss is on the board)
FORESEE = "all"


def _foresee(s: State) -> bool:
    if FORESEE == "all":
        return True
    boss_here = any(s.boss in lo.villains for lo in s.locations if lo.id == s.battle.location)
    boss_on_board = any(s.boss in lo.villains for lo in s.locations) or s.boss in s.defeated
    if FORESEE == "boss":
        return boss_here
    return not boss_on_board


def battle_oracle(bot, s: State, seat: int, legal: list):
    """Every legal battle choice played out on the true State (the dice it will roll
    included) to the end of the battle; the best `battle_value` is kept."""
    from tabletop_tui.games.hotg.search import battle_value, rollout_battle

    best, best_v = None, None
    h = bot._battle(RULES.view(s, seat), legal, seat) if s.decision is None else None
    cands = ([h] if h is not None else []) + list(legal)
    for a in cands[:40]:
        s1, _ = RULES.apply(s, seat, a)
        v = battle_value(s, rollout_battle(RULES, s1, POLICY, random.Random(0)))
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best


def oracle_game(seed: int) -> dict:
    config = Config(names=tuple(f"P{i + 1}" for i in range(4)), rangers=ALL_RANGERS[:4], mode=MODE)
    bot = HotgBot()
    s = RULES.new_game(config, seed)
    steps = 0
    searched = 0
    t0 = time.process_time()
    while s.outcome is None and steps < 20_000:
        seat = next(iter(RULES.to_act(s)))
        legal = RULES.legal_actions(s, seat)
        choose_here = PLAN_ORACLE and (
            (s.phase == "action" and s.decision is None)
            or (s.decision is not None and s.decision.kind == "deploy_window")
        )
        if choose_here and len(legal) > 1:
            best, best_key = None, None
            for mac in macros(s, seat):
                s1, who = s, seat
                for a in mac:
                    s1, _ = RULES.apply(s1, who, a)
                    if isinstance(a, Focus):
                        who = a.seat
                key = ending(play_out(s1))
                if best_key is None or key > best_key:
                    best, best_key = (mac, s1), key
            searched += 1
            s = best[1]
            steps += len(best[0])
            continue
        if (
            BATTLE_ORACLE
            and s.phase == "battle"
            and s.battle is not None
            and len(legal) > 1
            and _foresee(s)
        ):
            a = battle_oracle(bot, s, seat, legal)
        else:
            a = bot.choose(RULES.view(s, seat), legal, seat, random.Random(steps))
        s, _ = RULES.apply(s, seat, a)
        steps += 1
    boss = sum(len(c) for d, c in s.enemy_discards if d == s.boss)
    return {
        "seed": seed,
        "win": bool(s.outcome and s.outcome.summary.startswith("The Rangers win")),
        "round": s.round,
        "boss_cards": boss,
        "villains_defeated": list(s.defeated),
        "psychos_gathered": s.psycho_boss_deployed,
        "psychos_down": sum(n.status == "defeated" for n in s.nemeses),
        "summary": s.outcome.summary[:80] if s.outcome else "unfinished",
        "searched": searched,
        "cpu_s": round(time.process_time() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--seed-from", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--battle-oracle", action="store_true")
    ap.add_argument("--no-plan-oracle", action="store_true")
    ap.add_argument("--foresee", default="all", choices=("all", "boss", "before_boss"))
    ap.add_argument("--mode", default="standard", choices=("standard", "psycho_assault"))
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE: a bot switch")
    args = ap.parse_args()
    if args.set:
        from hotg_bot import set_attrs

        set_attrs(tuple(tuple(x.split("=", 1)) for x in args.set))
    global BATTLE_ORACLE, PLAN_ORACLE, FORESEE, MODE
    MODE = args.mode
    FORESEE = args.foresee
    BATTLE_ORACLE, PLAN_ORACLE = args.battle_oracle, not args.no_plan_oracle
    seeds = list(range(args.seed_from, args.seed_from + args.seeds))
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = []
            for r in pool.imap_unordered(oracle_game, seeds):
                results.append(r)
                print(json.dumps(r), file=sys.stderr, flush=True)
    else:
        results = []
        for seed in seeds:
            results.append(oracle_game(seed))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    wins = sum(r["win"] for r in results)
    print(
        json.dumps(
            {
                "oracle": "clairvoyant (cheats: sees the dice and the decks)",
                "battle_oracle": BATTLE_ORACLE,
                "plan_oracle": PLAN_ORACLE,
                "foresee": FORESEE,
                "games": len(results),
                "wins": wins,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
