"""Small mutation testing of the rules modules: do the fast rules tests notice a changed rule?

    python benchmarks/mutants.py [--game zoobotz] [--max 150] [--list] [--json out.json]
                                 [--rerun out.json] [--timeout 90]

For each game it reads the rules modules with `ast` and makes one mutant per site:

* a comparison operator flipped at its boundary: `<` <-> `<=`, `>` <-> `>=`, `==` <-> `!=`;
* a small integer constant (0..10, not a bool, not inside an f-string) moved by one: n -> n+1
  and, for n > 0, n -> n-1.

Each mutant is written into a private copy of the package (a temp folder holding
`tabletop_tui/`, `card_data/`, `tests/` and `pyproject.toml`, put first on PYTHONPATH); the
real tree is never edited, so other people's work in progress is safe and nothing needs
restoring after Ctrl-C (the copy is deleted on the way out, error or not). The copy's file is
put back after each mutant. Then the game's fast rules tests run (`TESTS` below, with
`-x -q -p no:randomly -n 0`), one pytest at a time. A mutant is *caught* when they fail (or
time out), *survived* when they pass. The golden digests (tests/test_golden_playouts.py) are
left out on purpose: they are a net, not the guard of each rule.

`--max N` keeps at most N mutants per game, sampled evenly over the game's files in order (the
same N always gives the same sample). `--list` prints the mutants without running anything.
`--json` writes the results; `--rerun` runs again only the survivors of such a file (to see
which new tests catch them), found again by their source line, and prints the same report.

Scope, per game: the modules that decide what is legal and what happens. Left out:
`bot*.py`, `mastermind_bot.py`, `search*.py`, `threat.py` and `coach.py` (players and the
coach's reasons, not rules: their own tests and benchmarks judge them), `cards.py`
(loading and validating card files: a bad file
fails there with its own message), `views.py` (what a seat sees, printed text), and the
effects modules of Zeo and Heroes of the Grid, which only declare the vocabulary and generate
card text (ZOOBOTZ's `effects.py` is in: it is that game's effect interpreter). Inside the
modules kept, views are left out too: the `view`, `describe` and `hidden_variant` methods and
the `...View` models (see `SKIP_FUNCTIONS`), choices between two wordings, the effect
records and bounded types a card file is validated against (ZOOBOTZ's vocabulary), and PR
CCG's sealed deck heuristic (a bot's choice of cards) and deck builder figures
(`SKIP_FILE_FUNCTIONS`).

Survivors shown equivalent are listed in `EQUIVALENT` (file, the stripped source line, the
mutation, and why no rule can tell them apart; two equal mutations on one line share an
entry); the report prints them apart from the real survivors. A survivor not listed there
needs a test named for its rule.

Cost: a mutant takes one pytest start plus the game's tests (3-14 s unmutated; a survivor
runs them all, a caught one stops at the first failure). Dec 7 2026, one game at a time on
two cores shared at load 5-13: Army Of Zero's 112 sites 12 min, PR CCG's 122 sites 4 min,
ZOOBOTZ `--max 100` 7.5 min, Zeo `--max 100` 6 min, Heroes of the Grid `--max 80` 10 min;
`--rerun` of the survivors a few minutes.

Last report (Dec 7 2026, after the survivors' tests; caught / equivalent / survived):
Army Of Zero all 112: 110 / 2 / 0. PR CCG all 122: 119 / 3 / 0. ZOOBOTZ `--max 100`: 2 of
them out of scope since (dead code removed, a move's wording), 87 / 11 / 0 of the other 98.
Zeo `--max 100`: 95 / 5 / 0. Heroes of the Grid `--max 80`: 73 / 7 / 0.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tokenize
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tabletop_tui" / "games"

#: left out of every game (see the docstring for why)
SKIP_NAMES = {"__init__.py", "cards.py", "views.py", "threat.py", "mastermind_bot.py", "coach.py"}
SKIP_PREFIXES = ("bot", "search")
#: effects modules that only declare a vocabulary and print card text
SKIP_GAME_FILES = {("zeo_dbg", "effects.py"), ("hotg", "effects.py")}
#: functions inside rules modules that are views too: what a seat sees, how a move reads, the
#: conformance kit's re-deal of hidden cards (tests/test_conformance.py guards those), and
#: Army Of Zero's `_seen`, used by that re-deal only
SKIP_FUNCTIONS = {"view", "describe", "hidden_variant", "_seen"}
#: functions (or module constants) left out of one file: PR CCG's sealed deck heuristic (a
#: bot building its deck from its packs: a player's choices, like bot*.py; that the deck it
#: builds keeps RULINGS 8 and 9 is held by test_pr_ccg_decks.py all the same), the deck
#: builder's figures (a deck's cost curve and element spread, shown on screen: views) and
#: ZOOBOTZ's `_pretty` (a move's wording: a view)
SKIP_FILE_FUNCTIONS: dict[tuple[str, str], set[str]] = {
    ("pr_ccg_2008", "sealed.py"): {
        "_powers",
        "_field_weights",
        "card_score",
        "build_deck",
        "CURVE",
        "COST_CHARGE",
    },
    ("pr_ccg_2008", "decks.py"): {"curve", "element_spread"},
    # a move's wording when the card folder is not the default one
    ("zoobotz", "rules.py"): {"_pretty"},
}

#: the fast rules tests of each game (the golden digests are not among them)
TESTS: dict[str, list[str]] = {
    "army_of_zero": ["tests/test_army_of_zero_rules.py"],
    "pr_ccg_2008": [
        "tests/test_pr_ccg_rules.py",
        "tests/test_pr_ccg_cards.py",
        # the deck rules and sealed packs (decks.py, sealed.py: RULINGS 8 and 9)
        "tests/test_pr_ccg_decks.py",
        "tests/test_pr_ccg_boundaries.py",
    ],
    "zoobotz": [
        "tests/test_zoobotz_rules.py",
        "tests/test_zoobotz_effects.py",
        "tests/test_zoobotz_cards.py",
        "tests/test_zoobotz_boundaries.py",
    ],
    "zeo_dbg": [
        "tests/test_zeo_rules.py",
        "tests/test_zeo_rulings.py",
        "tests/test_zeo_cards.py",
        "tests/test_zeo_legal_moves.py",
        "tests/test_zeo_boundaries.py",
        "tests/test_zeo_issue37.py",  # the 2v1 lone team's start
    ],
    "hotg": [
        "tests/test_hotg_rules.py",
        "tests/test_hotg_fixes.py",
        "tests/test_hotg_choices.py",
        "tests/test_hotg_cards.py",
        "tests/test_hotg_card_count.py",
        "tests/test_hotg_mastermind_handovers.py",
        "tests/test_hotg_ranger_picks.py",
        "tests/test_hotg_modes.py",
        "tests/test_hotg_issue37.py",
        "tests/test_hotg_issue37_picks.py",
        "tests/test_hotg_boundaries.py",
        "tests/test_hotg_psycho_boss_end.py",  # Psycho Assault's End of the Round
        # the fast legal-move lists against the checks' own candidates (`_candidates`)
        "tests/test_hotg_fast_paths.py",
    ],
}
#: extra pytest arguments per game: the slow whole-game tests of HotG's rules files stay out
EXTRA_ARGS: dict[str, list[str]] = {
    "hotg": [
        "--deselect",
        "tests/test_hotg_modes.py::test_conformance_kit_in_mastermind_mode",
        # seeded bot games of Psycho Assault (the rules tests of that file stay)
        "--deselect",
        "tests/test_hotg_psycho_boss_end.py::test_easier_psycho_assault_bot_game_ends_after_the_boss",
    ],
}

FLIP = {
    ast.Lt: ("<", "<="),
    ast.LtE: ("<=", "<"),
    ast.Gt: (">", ">="),
    ast.GtE: (">=", ">"),
    ast.Eq: ("==", "!="),
    ast.NotEq: ("!=", "=="),
}
SMALL = range(0, 11)

#: (file under games/, stripped source line, mutation) -> why it is equivalent
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (
        "army_of_zero/rules.py",
        "faster = 0 if s0.total > s1.total else 1",
        "> -> >=",
    ): "equal SPEED totals took the step 5 branch just above; here the totals differ",
    (
        "army_of_zero/rules.py",
        'if action.card == "defend" and not me.defend_in_hand:',
        "== -> !=",
    ): "the Defend Card is out of hand only while it lies face down, when the check above "
    "already refuses any second card; the line can never refuse anything",
    (
        "pr_ccg_2008/rules.py",
        "winner = 0 if powers[0] > powers[1] else 1",
        "> -> >=",
    ): "equal powers are the draw handled just above; here they differ",
    ("pr_ccg_2008/models.py", "round: int = 1", "1 -> 0"): "no State is made without a round "
    "(new_game passes round=0, each round its number)",
    ("pr_ccg_2008/models.py", "round: int = 1", "1 -> 2"): "as 1 -> 0: the default is never used",
    (
        "hotg/battle.py",
        "if guard > 10_000:  # pragma: no cover - a rules bug, not a game state",
        "> -> >=",
    ): "a runaway-loop guard: no game reaches 10,000 queued steps in one settle",
    (
        "hotg/rules.py",
        "_ONLY = {seat: frozenset({seat}) for seat in range(8)}",
        "8 -> 9",
    ): "a table of one-seat answers for seats 0-7; a game has at most 7 seats, so one more "
    "entry is never read",
    (
        "hotg/state_ops.py",
        "if _last_cat[0] is cfg and _last_cat[1] is override:",
        "1 -> 0",
    ): "a one-entry cache of the card catalog: the mutant only misses the cache and loads "
    "the same catalog again (slower, same answer)",
    (
        "zeo_dbg/models.py",
        'data = {**data, "format": {2: "1v1", 3: "2v1", 4: "2v2"}.get(len(names), "1v1")}',
        "2 -> 3",
    ): "with key 2 gone, two names fall to the default, which is 1v1 too",
    (
        "zeo_dbg/models.py",
        'data = {**data, "format": {2: "1v1", 3: "2v1", 4: "2v2"}.get(len(names), "1v1")}',
        "2 -> 1",
    ): "as 2 -> 3: two names get 1v1 from the default",
    ("zeo_dbg/models.py", "active: int = 0", "0 -> 1"): "the first Start Phase sets the "
    "active seat from the turn order before anyone acts; setup does not read it",
    (
        "zeo_dbg/checks.py",
        "c = state.grid[action.index] if action.index < len(state.grid) else None",
        "< -> <=",
    ): "the action's index is bounded to 0-5 and The Grid always has 6 spaces",
    (
        "zeo_dbg/checks.py",
        "s = p.slots[action.index] if action.index < 4 else None",
        "4 -> 3",
    ): "slot 3 (orange) only ever holds the player's own Master, and no Master card has an "
    "activated ability: refused under the same rule either way (a Master with an ability in "
    "the card data would make this mutant matter)",
    (
        "zeo_dbg/rules.py",
        'if state.config.serpentera and p.character == "venjix" and p.serpentera < 3:',
        "3 -> 4",
    ): "a pre-filter of the legal-move list: the move it lets through is checked again "
    "(`unsure`), so only speed changes",
    ("zeo_dbg/rules.py", "if p.serpentera >= 3:", "3 -> 2"): "as above: the activation it "
    "lets through is checked again before it is offered",
    (
        "zeo_dbg/rules.py",
        '_ACTIVATE_ZORD = tuple(make(Activate, source="zord", index=i) for i in range(5))',
        "5 -> 6",
    ): "a table of prebuilt moves read for indexes below the Bay's size (at most 5)",
    ("zeo_dbg/setup.py", "deck = deck[2:]", "2 -> 3"): "the deal skips one more character of "
    "the shuffled pool: every offer is still two distinct characters of the team, only which "
    "ones the seed deals changes (the golden digests see that)",
    (
        "zeo_dbg/table.py",
        "if new > old and seat == state.active:",
        "> -> >=",
    ): "a Heal at full HP adds 0 to the turn's healing; once it is 2 or more no Stun stays "
    "among the cards played (each goes back as it is played), so the extra call finds none",
    ("hotg/models.py", "defeats: int = 0", "0 -> 1"): "the rules only compare a player's "
    "defeats with its own value a moment before (questions.py), never with a number",
    ("zeo_dbg/turns.py", "win = VILLAINS if v.energy > h.energy else HEROES", "> -> >="): (
        "equal Energy is the draw of the branch after; here the totals differ"
    ),
    ("zeo_dbg/turns.py", "win = VILLAINS if v.hp > h.hp else HEROES", "> -> >="): (
        "equal HP goes to the Energy comparison first; here the totals differ"
    ),
    ("zoobotz/effects.py", "armor: int = 0", "0 -> 1"): "every Stats is made with its armor "
    "given (`_stats`): the default is never used",
    ("zoobotz/effects.py", "hack: int = 0", "0 -> 1"): "every Stats is made with its hack "
    "bonus given (`_stats`): the default is never used",
    ("zoobotz/effects.py", 'got = _IDS[instance] = instance.split("#", 1)[0]', "1 -> 2"): (
        "an instance id holds one '#': splitting once or twice gives the same card id"
    ),
    ("zoobotz/effects.py", 'got = _IDS[instance] = instance.split("#", 1)[0]', "1 -> 0"): (
        "the whole instance id comes back instead of the card id, and every card lookup "
        "takes either (the docstring says so): only the memo's keys change"
    ),
    ("zoobotz/effects.py", "sources.append((-1, mod))", "1 -> 2"): "a module's modifier has "
    "no carrying Bot: -1 and -2 both fail `owner >= 0` and match no Bot's index",
    ("zoobotz/effects.py", "sources.append((-1, mod))", "1 -> 0"): "the owner is read only "
    "by `this` and `other_yours` modifiers, and every Module's in the card data reaches all "
    "your Botz (`all_yours`): a Module's modifier counted as Bot 0's changes nothing",
    (
        "zoobotz/effects.py",
        "if len(_IDS) > 65_536:  # a bound for long-running servers",
        "> -> >=",
    ): "a memo's size bound no game reaches",
    ("zoobotz/effects.py", "if n <= 0:", "<= -> <"): "(move_risk) the Bot RISK moves from "
    "always holds some: `this` is checked before, a chosen one is offered only with RISK "
    "(Ruling 13), nothing happens between the pick and the move, and an amount is at least "
    "1; so n is never 0 here (test_zoobotz_boundaries.py holds 0 and 1 at the pick)",
    ("zoobotz/effects.py", "if job.step + 1 < len(effects):", "1 -> 0"): "a job kept one step "
    "past its last effect is dropped by the rules' run loop (`job.step >= len(...)`) before "
    "anything else happens",
    ("zoobotz/models.py", "played_turn: int = 0", "0 -> 1"): "the rules always give the turn "
    "a Bot is played on (rules.py makes every BotInPlay with played_turn=state.turn)",
    ("zoobotz/models.py", "invested_used: int = 0", "0 -> 1"): "each seat's first turn "
    "starts with invested_used=0 (`_begin_turn`) before it can INVEST or pay a COST; until "
    "then only the view reads it",
    ("zoobotz/models.py", "active: int = 0", "0 -> 1"): "the mulligan asks every seat "
    "(`to_act`), and the first turn sets the active seat (`_begin_turn`) before it is read",
    ("zoobotz/models.py", "invests_left: int = 0", "0 -> 1"): "every turn begins with "
    "invests_left=1 set by the rules; before the first turn (the mulligan) no INVEST is offered "
    "or checked",
    ("zoobotz/rules.py", "for k in range(1, n + 1):", "1 -> 2"): "(the `n + 1` one) k = n "
    "already comes back to the active seat, which is never out while the game goes on, so "
    "k = n + 1 is never reached",
    (
        "zoobotz/rules.py",
        "replace_seat(state, seat, evolve(s, botz=botz, invested_used=0)),",
        "0 -> 1",
    ): "the turn of a player with an empty deck: the failed draw right after knocks them out "
    "(their invested cards leave play, invested_used back to 0) or ends the game",
    ("zoobotz/rules.py", "for k in range(1, n + 1):", "1 -> 0"): "(the `n + 1` one; the "
    "`range(1` one gives the turn back to the active seat and is caught) k = n is the active "
    "seat itself, never the next one while the game goes on: as 1 -> 2",
    (
        "zoobotz/rules.py",
        'kinds = {(j.source.split("#", 1)[0], j.trigger, j.controller) for j in queue}',
        "1 -> 2",
    ): "an instance id holds one '#': splitting once or twice gives the same card id",
    ("zoobotz/rules.py", "invests_left=1,", "1 -> 2"): "(the empty-deck turn's one; the other "
    "is caught) that player is knocked out before any INVEST, and the next turn sets it again",
    ("zoobotz/rules.py", "invests_left=1,", "1 -> 0"): "as 1 -> 2 (the empty-deck turn only)",
    ("hotg/battle.py", "for kind in self._fs_picks(s, fs, 4):", "4 -> 5"): "`_fs_picks` caps "
    "the row at 4 itself (`min(room, 4)`), and a lead Ranger's pick is one of `_fs_options`, "
    "which hold 4 figures at most",
    ("zoobotz/rules.py", "if job.step >= len(effects_of(card_of, job)):", ">= -> >"): "no job "
    "is ever left at a step equal to its length: resolving the last effect clears `current`",
    (
        "zoobotz/rules.py",
        'events.append(event(text=text, kind="draw", seat=seat, barrier=n > 0))',
        "0 -> 1",
    ): "only where a screen pauses after a one-card draw changes (the event's barrier "
    "flag); the state and the event text are the same",
    (
        "zoobotz/rules.py",
        'events.append(event(text=text, kind="draw", seat=seat, barrier=n > 0))',
        "> -> >=",
    ): "as 0 -> 1 on this line: only the event's barrier flag changes (a screen's pause)",
    (
        "hotg/enemies.py",
        "asked=(b.lead if b.lead in b.participants else b.participants[0],),",
        "0 -> 1",
    ): "the lead is always a participant: participants are set with the lead at the battle's "
    "start and only shrink on a defeat, which hands the lead on (damage.py), so the fallback "
    "is never read",
    ("hotg/battle.py", "room = 4 if n <= 2 else 4 - len(row2)", "2 -> 1"): "with exactly 2 "
    "Psychos the line above leaves the second row empty, so `4 - len(row2)` is 4 as well",
    (
        "hotg/psycho_assault.py",
        "for k in range(1, 4)",
        "4 -> 5",
    ): "k = 4 is the location the Psycho is leaving for, which is at or over its limit, so "
    "the `figures < limit` test never picks it",
    ("zeo_dbg/interpreter.py", "if s is not None and not s.ready and i != own_slot", "!= -> =="): (
        "the only card that readies (Theo's ability) readies a Zord: no card data reaches the "
        "attached-card branch"
    ),
    (
        "zeo_dbg/interpreter.py",
        "state = _pl(state, seat, played=tuple(c for c in p.played if c != option))",
        "!= -> ==",
    ): "every destroy effect in the card data takes from the hand or the discard pile, so the "
    "branch for a card in play is never reached",
    (
        "zeo_dbg/rules.py",
        'if state.config.serpentera and p.character == "venjix" and p.serpentera < 3:',
        "< -> <=",
    ): "as 3 -> 4 on this line: a pre-filter whose move is checked again (`unsure`)",
    (
        "zeo_dbg/interpreter.py",
        'state.model_copy(update={"jobs": (trig, *state.jobs[1:])}), trig, eff, ev',
        "1 -> 2",
    ): "(Kat's attach trigger inside Love Arrows / Power Disc) the mutant drops the job just "
    "behind the attaching card's own. An Activate is legal only with the queue empty, so the "
    "only job that can be there is a copier's (Robocupid, Zedd's Revenge, Impursonator) that "
    "copied the Power Disc: already past its one effect and without a marker, it would be "
    "dropped next with nothing to do (`_after_job`)",
    (
        "zeo_dbg/interpreter.py",
        'return state.model_copy(update={"jobs": state.jobs[1:]})',
        "1 -> 2",
    ): "(the end of Kat's attach trigger) as 1 -> 2 of the trigger's loop just above: the job "
    "dropped with it is the Power Disc's own, which `_advance` puts back in front, or a "
    "copier's finished job without a marker",
    (
        "zeo_dbg/interpreter.py",
        'return self._run(state.model_copy(update={"jobs": (new, *state.jobs[1:])}), ev)',
        "1 -> 2",
    ): "(a foe's discard answered, from hand or attached) the job behind an Attack's effects "
    "is the card's own, which `_close_attack` moved past its one effect (the Attack) and which "
    "has no marker; every card making a foe discard has one part (targeted, or Double Strike "
    "against one team) and no if-negated effects, so nothing else waits there",
    (
        "zeo_dbg/interpreter.py",
        'new = job.model_copy(update={"step": job.step + 1, "sub": 0, "done": 0, **update})',
        "0 -> 1",
    ): "(the `done` one; the `sub` one is caught by Double Strike) `done` counts the cards a "
    "foe has discarded for one 'discard N', and every such effect in the card data is the "
    "first of its Attack, a fresh job: no step advances into one",
    ("zeo_dbg/models.py", "energy: int = 0", "0 -> 1"): "set-up gives both teams their "
    "Energy (0, or the lone team's head start); the default is never read",
    ("zeo_dbg/models.py", "shards: int = 0", "0 -> 1"): "set-up and each turn's start set "
    "the Shards; the default is never read",
    (
        "zeo_dbg/setup.py",
        "masters_s = masters_s[: 5 if len(villains_in) == 1 else 4]",
        "4 -> 5",
    ): "with two Villains, two of the six Masters are their own, so only 4 are left to stack",
    ("hotg/psycho_assault.py", "for k in range(1, 4)", "1 -> 0"): "k = 0 is the location "
    "being relieved (or left), which is at its limit in both loops, so it is skipped anyway",
    ("hotg/deployment.py", "calm: int = -1,", "1 -> 2"): "-1 and -2 both name no location "
    "(location indexes are 0-3)",
    ("hotg/enemies.py", "if step.slot >= 0", "0 -> 1"): "the only card that deploys foot "
    "soldiers, Regrow, is a Super Putty card: its own deck and the fallback name one type",
    ("hotg/enemies.py", "return [i for i, _ in ranked[:3]]", "3 -> 4"): "reached only with 3 "
    "Rangers or fewer in the battle (with more the team names them, Ruling 16)",
    ("hotg/models.py", "tokens: int = 2", "2 -> 3"): "set-up gives every player their "
    "tokens (3 with 1-3 players, else 2); the default is never read",
    ("hotg/models.py", "slot: int = -1", "1 -> 0"): "both places that make an effect step "
    "name its slot (the enemy card's, or -1 for a [PSYCHO] effect); no other step reads it",
    ("hotg/models.py", "deploy_window: int = -1", "1 -> 0"): "every Deployment Phase (the "
    "first, at set-up, too) sets it to -1 before reading it",
    ("hotg/questions.py", "for mask in range(2**n):", "2 -> 3"): "only the low n bits of a "
    "mask are read, so the masks past 2**n repeat arrangements the list already holds once",
    (
        "hotg/questions.py",
        "if not (0 <= a.row < GRID and 0 <= a.col < GRID):",
        "< -> <=",
    ): "a row or column of 3 is refused on the next line all the same: no free space of the "
    "grid has it",
    (
        "hotg/rules.py",
        "_ONLY = {seat: frozenset({seat}) for seat in range(8)}",
        "8 -> 7",
    ): "seat 7 never exists (at most 7 seats, 0-6); `to_act` builds the set when the table "
    "lacks it anyway",
    (
        "hotg/state_ops.py",
        "if len(_SHARED) > 20_000:  # a bound for long-running servers; never met in play",
        "> -> >=",
    ): "a cache bound no game reaches",
    (
        "hotg/state_ops.py",
        "def card_cost(s: State, card: str, x: int = 0) -> int:",
        "0 -> 1",
    ): "every caller passes X",
    ("hotg/battle.py", "s = bt(s, attack=upd(att, dice=max(0, att.dice - 1)))", "0 -> 1"): (
        "Meteor Smash prints 2 dice and its +1 die is already added: the attack holds 3 "
        "here, so the floor never binds"
    ),
    ("hotg/action_phase.py", "amount=1,", "1 -> 0"): "(the hand-to-top question) its answer "
    "is one card whatever the amount (battle.py); only the view shows the number",
    (
        "hotg/attacks.py",
        "if s.outcome or s.battle is None or picks <= 0 or amount <= 0:",
        "<= -> <",
    ): "(the `amount` one) every caller asks for a positive number of hits: 1 (Quick Shot, "
    "Hip-Hop Kido, a splash beside), a card's printed splash, or the question's own amount",
    (
        "hotg/battle.py",
        'and self._check_cost(s, c, 1 if card.cost == "X" else 0) is None',
        "0 -> 1",
    ): "X is read only for a card whose cost is X (`card_cost`): a printed cost ignores it",
    ("hotg/checks.py", "if len(_PLAYS) > 20_000:  # a bound for long-running servers", "> -> >="): (
        "a memo's size bound no game reaches"
    ),
    (
        "hotg/deployment.py",
        'changes["focus"] = next((i for i, p in enumerate(s.players) if p.tokens), 0)',
        "0 -> 1",
    ): "tokens are dealt at set-up and refreshed at each round's end, before the Deployment "
    "Phase, which spends none: a player with a token is always found, the default never used",
    ("hotg/models.py", "hq_tokens_max: int = 0", "0 -> 1"): "set-up gives it (2 with 4 "
    "players, else 0); the default is never read",
    (
        "hotg/questions.py",
        "return [f for f, n in s.locations[loc_index(s, d.trigger)].fs if n > 0]",
        "> -> >=",
    ): "a location's foot soldier counts never hold a 0 (`add_fs`, through which every change "
    "goes, drops them)",
    ("hotg/choices.py", "limit=1,", "1 -> 0"): "the ★ hit and the second attack answer one "
    "target each through `_choice_target`, which never reads the question's limit",
}


@dataclass
class Mutant:
    game: str
    path: str  # relative to the repository root
    line: int
    col: int
    end_col: int
    old: str
    new: str
    source_line: str
    status: str = ""
    seconds: float = 0.0

    @property
    def label(self) -> str:
        return f"{self.path}:{self.line}: {self.old} -> {self.new}"

    def key(self) -> tuple[str, str, str]:
        rel = self.path.split("tabletop_tui/games/", 1)[-1]
        return (rel, self.source_line, f"{self.old} -> {self.new}")


def rules_files(game: str) -> list[Path]:
    out = []
    for path in sorted((PACKAGE / game).glob("*.py")):
        name = path.name
        if name in SKIP_NAMES or name.startswith(SKIP_PREFIXES):
            continue
        if (game, name) in SKIP_GAME_FILES:
            continue
        out.append(path)
    return out


def _docstring_ids(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _skipped_ids(tree: ast.AST, functions: set[str] = frozenset()) -> set[int]:
    """Nodes inside f-strings and annotations (printed text and types, not rules), choices
    between two texts (`"s" if n > 1 else ""`), view functions (`SKIP_FUNCTIONS`, and the
    file's own `functions`) and the models of views (classes named `...View`)."""
    skip_functions = SKIP_FUNCTIONS | functions
    ids = set()
    for node in ast.walk(tree):
        roots = []
        if isinstance(node, ast.JoinedStr):
            roots.append(node)
        elif isinstance(node, ast.FunctionDef) and node.name in skip_functions:
            roots.append(node)
        elif _assigns(node) & functions:
            roots.append(node)  # a module constant of the file's own list
        elif isinstance(node, ast.ClassDef) and node.name.endswith("View"):
            roots.append(node)
        elif isinstance(node, ast.IfExp) and _texty(node.body) and _texty(node.orelse):
            roots.append(node)  # "card" or "cards": wording, not a rule
        elif _vocabulary(node):
            roots.append(node)  # the bounds a card file is validated against (as cards.py)
        elif isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
        elif isinstance(node, ast.arg) and node.annotation is not None:
            roots.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            roots.append(node.returns)
        for root in roots:
            ids.update(id(n) for n in ast.walk(root))
    return ids


def _assigns(node: ast.AST) -> set[str]:
    """The names an assignment statement binds (`X = ...`, `X: T = ...`)."""
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    return set()


def _vocabulary(node: ast.AST) -> bool:
    """An effect record of a card file's vocabulary (a class with a `do` field) or a bounded
    type (`Annotated[int, Field(ge=1, le=6)]`): card data validation, not a rule."""
    if isinstance(node, ast.ClassDef):
        return any(
            isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.target.id == "do"
            for s in node.body
        )
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Annotated"
    )


def _texty(node: ast.expr) -> bool:
    """A string, an f-string, or strings added together."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _texty(node.left) and _texty(node.right)
    return False


def _line_offsets(text: str) -> list[int]:
    offsets = [0]
    for line in text.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    return offsets


def find_mutants(game: str, path: Path) -> list[Mutant]:
    text = path.read_text()
    tree = ast.parse(text)
    lines = text.splitlines()
    rel = str(path.relative_to(ROOT))
    functions = SKIP_FILE_FUNCTIONS.get((game, path.name), set())
    skip = _docstring_ids(tree) | _skipped_ids(tree, functions)
    # operator tokens by position: ast has no positions for the operators of a Compare
    ops = [
        (tok.start, tok.end, tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type == tokenize.OP and tok.string in {"<", "<=", ">", ">=", "==", "!="}
    ]
    found: list[Mutant] = []

    def add(line: int, col: int, end_col: int, old: str, new: str) -> None:
        found.append(Mutant(game, rel, line, col, end_col, old, new, lines[line - 1].strip()))

    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators, strict=True):
                if type(op) in FLIP:
                    old, new = FLIP[type(op)]
                    start = (left.end_lineno, left.end_col_offset)
                    stop = (right.lineno, right.col_offset)
                    for tok_start, tok_end, string in ops:
                        if string == old and start <= tok_start and tok_end <= stop:
                            add(tok_start[0], tok_start[1], tok_end[1], old, new)
                            break
                left = right
        elif (
            isinstance(node, ast.Constant)
            and type(node.value) is int
            and node.value in SMALL
            and node.lineno == node.end_lineno
        ):
            old = text[
                _line_offsets(text)[node.lineno - 1] + node.col_offset : _line_offsets(text)[
                    node.lineno - 1
                ]
                + node.end_col_offset
            ]
            if old != str(node.value):
                continue  # 0x10, 1_000: leave odd spellings alone
            add(node.lineno, node.col_offset, node.end_col_offset, old, str(node.value + 1))
            if node.value > 0:
                add(node.lineno, node.col_offset, node.end_col_offset, old, str(node.value - 1))
    found.sort(key=lambda m: (m.line, m.col, m.new))
    return found


def sample(mutants: list[Mutant], limit: int | None) -> list[Mutant]:
    if limit is None or len(mutants) <= limit:
        return mutants
    step = len(mutants) / limit
    return [mutants[int(i * step)] for i in range(limit)]


def relocate(game: str, rows: list[Mutant]) -> list[Mutant]:
    """The same mutants in today's files: found again by file, source line and mutation (the
    tree moves under us: lines shift as others edit). A mutant whose line is gone, or that
    is out of scope now, is dropped with a note."""
    now: dict[tuple[str, str, str], list[Mutant]] = {}
    for path in rules_files(game):
        for m in find_mutants(game, path):
            now.setdefault(m.key(), []).append(m)
    out: list[Mutant] = []
    for row in rows:
        # the nearest site with that text not taken yet (a line repeated in a view model
        # now out of scope must not come back as its twin in the state model)
        found = [m for m in now.get(row.key(), []) if all(m is not o for o in out)]
        if not found:
            print(f"  gone or out of scope now: {row.label}    | {row.source_line}")
            continue
        # (and on that line the same column: `range(1, n + 1)` has two 1 -> 0 of one key)
        out.append(min(found, key=lambda m: (abs(m.line - row.line), abs(m.col - row.col))))
    return out


def apply(text: str, m: Mutant) -> str:
    lines = text.splitlines(keepends=True)
    line = lines[m.line - 1]
    # columns from ast and tokenize are in characters of the decoded line
    assert line[m.col : m.end_col] == m.old, (m.label, line)
    lines[m.line - 1] = line[: m.col] + m.new + line[m.end_col :]
    return "".join(lines)


def make_copy(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "snapshots")
    shutil.copytree(ROOT / "tabletop_tui", into / "tabletop_tui", ignore=ignore)
    shutil.copytree(ROOT / "card_data", into / "card_data", ignore=ignore)
    shutil.copytree(ROOT / "tests", into / "tests", ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")


def pytest_command(game: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",
        *EXTRA_ARGS.get(game, []),
        *TESTS[game],
    ]


def environment(copy: Path, write_bytecode: bool) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy)
    env["TABLETOP_TUI_HOME"] = str(copy / "home")
    if write_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_tests(game: str, copy: Path, timeout: float, write_bytecode: bool = False) -> str:
    try:
        done = subprocess.run(
            pytest_command(game),
            cwd=copy,
            env=environment(copy, write_bytecode),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return "passed" if done.returncode == 0 else "failed"


def check_copy_is_imported(copy: Path) -> None:
    probe = [sys.executable, "-c", "import tabletop_tui; print(tabletop_tui.__file__)"]
    out = subprocess.run(
        probe, cwd=copy, env=environment(copy, False), capture_output=True, text=True
    )
    where = Path(out.stdout.strip()).resolve()
    if copy.resolve() not in where.parents:
        raise SystemExit(f"the copy is not the package imported ({where}); refusing to run")


def forget_bytecode(path: Path) -> None:
    for pyc in (path.parent / "__pycache__").glob(path.stem + ".*.pyc"):
        pyc.unlink()


def run_game(game: str, mutants: list[Mutant], copy: Path, timeout: float) -> list[Mutant]:
    start = time.monotonic()
    base = run_tests(game, copy, timeout * 3, write_bytecode=True)
    took = time.monotonic() - start
    if base != "passed":
        print(f"{game}: the tests fail without any mutant ({base}); skipped", flush=True)
        return []
    limit = max(timeout, 5 * took)
    print(f"{game}: tests pass unmutated in {took:.1f}s; {len(mutants)} mutants", flush=True)
    for i, m in enumerate(mutants, 1):
        target = copy / m.path
        original = target.read_text()
        target.write_text(apply(original, m))
        forget_bytecode(target)
        t0 = time.monotonic()
        try:
            outcome = run_tests(game, copy, limit)
        finally:
            target.write_text(original)
            forget_bytecode(target)
        m.seconds = round(time.monotonic() - t0, 2)
        if outcome == "passed":
            m.status = "equivalent" if m.key() in EQUIVALENT else "survived"
        else:
            m.status = "caught" if outcome == "failed" else "caught (timeout)"
        if m.status != "caught":
            print(f"  [{i}/{len(mutants)}] {m.status}: {m.label}", flush=True)
    return mutants


def report(results: dict[str, list[Mutant]]) -> None:
    print("\ngame           made  caught  survived  equivalent")
    for game, ms in results.items():
        caught = sum(m.status.startswith("caught") for m in ms)
        survived = [m for m in ms if m.status == "survived"]
        equiv = [m for m in ms if m.status == "equivalent"]
        print(f"{game:<14} {len(ms):>4}  {caught:>6}  {len(survived):>8}  {len(equiv):>10}")
    for ms in results.values():
        for m in ms:
            if m.status == "survived":
                print(f"SURVIVED {m.label}    | {m.source_line}")
            elif m.status == "equivalent":
                print(f"equivalent {m.label}: {EQUIVALENT[m.key()]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(TESTS), action="append")
    ap.add_argument("--max", type=int, default=None, help="mutants per game, sampled evenly")
    ap.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    ap.add_argument("--json", type=Path, help="write the results here")
    ap.add_argument("--rerun", type=Path, help="run only the survivors of this --json file")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per test run, at least")
    a = ap.parse_args()
    games = a.game or sorted(TESTS)

    chosen: dict[str, list[Mutant]] = {}
    if a.rerun:
        old = json.loads(a.rerun.read_text())
        for game in games:
            rows = [Mutant(**row) for row in old.get(game, [])]
            chosen[game] = relocate(game, [m for m in rows if not m.status.startswith("caught")])
    else:
        for game in games:
            every = [m for path in rules_files(game) for m in find_mutants(game, path)]
            chosen[game] = sample(every, a.max)
            print(f"{game}: {len(every)} mutation sites, {len(chosen[game])} chosen", flush=True)
    if a.list:
        for ms in chosen.values():
            for m in ms:
                print(f"{m.label}    | {m.source_line}")
        return

    # Ctrl-C and kill both leave through the `with` below, which deletes the copy
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    results: dict[str, list[Mutant]] = {}
    with tempfile.TemporaryDirectory(prefix="tabletop-mutants-") as tmp:
        copy = Path(tmp)
        make_copy(copy)
        check_copy_is_imported(copy)
        try:
            for game in games:
                results[game] = run_game(game, chosen[game], copy, a.timeout)
        finally:
            report(results)
            if a.json:
                rows = {g: [asdict(m) for m in ms] for g, ms in results.items()}
                a.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
