"""The `tabletop-tui` command.

Every error is one line on stderr, `tabletop-tui: error: ...`, with exit status 2 and no
traceback. Textual is imported only by the commands that open the UI, so `list`,
`selfplay` and `cards` start fast; the engine, pydantic and the card loader only by the
commands that use them, so `tabletop-tui` alone draws the launcher without them.
"""

from __future__ import annotations

from .startup import collector_paused

# The command line's own imports run with the collector paused, as Textual's do (startup.py):
# its young passes over the modules being made took ~4.5 ms of the 30 ms these imports cost
# (thread CPU, medians of 8 starts) before anything is drawn.
with collector_paused():
    import argparse
    import dataclasses
    import importlib
    import json
    import os
    import sys
    from dataclasses import dataclass
    from pathlib import Path
    from typing import TYPE_CHECKING, Any, NoReturn

    from . import __version__
    from .games import GAMES, GameInfo, get_rules, playable_ids, unknown_game_message
    from .limits import MAX_NAME, MAX_SEED, name_problem

if TYPE_CHECKING:
    from .engine.match import Dealt, SeatSpec

PROG = "tabletop-tui"
#: Heroes of the Grid's named difficulties (games/hotg/models.py DIFFICULTIES; named here so
#: the parser needs no game module)
DIFFICULTY_NAMES = ("easier", "standard")
DIFFICULTY_HELP = (
    "hotg: easier (4 deployments a round and the lighter foot soldier cards) or standard "
    "(the printed game, the default)"
)
PLAIN_HELP = "play by text: plain lines out, one typed command per line in (no full screen)"
CURSOR_HELP = (
    "full screen: show the terminal's cursor and keep it on the focused card, for a braille "
    "display or a screen reader (the same as TABLETOP_TUI_CURSOR=focus)"
)
MAX_GAMES = 1_000_000
DEMO_DELAY = 0.6


class CliError(Exception):
    """A problem with what the user asked for: one line, exit status 2."""


# -- card files per game (for `cards validate` and `cards schema`) -------------------------------
@dataclass(frozen=True)
class CardFile:
    name: str
    #: the TOML array-of-tables key, one table per card
    key: str
    #: "module:Model" of one record
    model: str
    #: rules the JSON Schema cannot express (checked by the model's validators)
    note: str = ""
    #: one [key] table per file (a deck), not an array of [[key]] tables
    single: bool = False


@dataclass(frozen=True)
class CardSet:
    #: "module:function" taking the game's card folder, returning the validated cards
    loader: str
    files: tuple[CardFile, ...]


CARD_SETS: dict[str, CardSet] = {
    "army-of-zero": CardSet(
        "tabletop_tui.games.army_of_zero.cards:load_characters",
        (
            CardFile(
                "characters.toml",
                "character",
                "tabletop_tui.games.army_of_zero.cards:Character",
                "One character card. SPEED + COMBAT + WEAPON + ARMOUR must add up to 0; "
                "ids must be unique; a deck needs at least 20 characters.",
            ),
        ),
    ),
    "pr-ccg-2008": CardSet(
        "tabletop_tui.games.pr_ccg_2008.cards:load_cards",
        (
            CardFile(
                "elements.toml",
                "element",
                "tabletop_tui.games.pr_ccg_2008.cards:Element",
                "One Battle Element: id (lowercase letters), name, and a one-letter symbol shown "
                "beside its colour. At least two elements; every card needs a value for each.",
            ),
            CardFile(
                "pool-*.toml",
                "card",
                "tabletop_tui.games.pr_ccg_2008.cards:Card",
                "One card of the pool (one pool-<era>.toml per era of the show); card ids are "
                "unique across the pool. battle_elements names the element(s) the OPPONENT "
                "must use; values holds this card's value in every element of elements.toml; "
                "hand_cost is paid with that many other cards from hand; damage is how many "
                "cards the loser draws; rarity is common, uncommon or rare; era is one of the "
                "show's seasons (mighty-morphin ... jungle-fury). Pool records have no copies. "
                "Each deck-<id>.toml holds one deck, checked too: a [deck] table (id, name, "
                "blurb) and [deck.cards] of pool card id = copies, exactly 20 cards.",
            ),
            CardFile(
                "deck-*.toml",
                "deck",
                "tabletop_tui.games.pr_ccg_2008.cards:DeckTable",
                "One deck: a [deck] table (id, name, blurb) and [deck.cards] of pool card id = "
                "copies. Exactly 20 cards; at most 3 copies of a common, 2 of an uncommon, 1 of "
                "a rare (RULINGS.md ruling 8); every id names a pool card. Decks saved by the "
                "deck builder have the same shape (the id may be left out).",
                single=True,
            ),
        ),
    ),
    "zoobotz": CardSet(
        "tabletop_tui.games.zoobotz.cards:load_cards",
        (
            CardFile(
                "*.toml",
                "card",
                "tabletop_tui.games.zoobotz.cards:Card",
                "One card of the pool (every *.toml but deck-*.toml): kind bot (cost and value "
                "1-6), program (on_play effects only, then discarded) or module (stays in play). "
                "Effects: on_play, start_of_turn, end_of_turn, when_dealt_risk (Botz), "
                "when_you_delete_risk (the last two only draw or gain a fixed RESEARCH); ongoing "
                "modifiers. Each deck-<id>.toml holds one deck, checked too: a [deck] table (id, "
                "name, plan, blurb) and [deck.cards] of card id = copies, 40+ cards, at most 4 "
                "copies.",
            ),
        ),
    ),
    "zeo-dbg": CardSet(
        "tabletop_tui.games.zeo_dbg.cards:load_cards",
        (
            CardFile(
                "*.toml [[card]]",
                "card",
                "tabletop_tui.games.zeo_dbg.cards:Card",
                "One card: starter, stun, blaster, signature item, zord, master, serpentera "
                "section, or a main-deck hero, villain, equipment, maneuver, crystal or "
                "location (cost 2-5). Abilities, Blocks, Battle rewards and triggers are lists "
                "of effects; the card text is generated from them. Card ids are unique across "
                "all files; each character's Signature Item and Zord/Master must exist and name "
                "it as owner.",
            ),
            CardFile(
                "*.toml [[character]]",
                "character",
                "tabletop_tui.games.zeo_dbg.cards:Character",
                "One character: team heroes or villains, two sides, four slot colours (a "
                "Villain's fourth is the orange Master slot), a triggered or static ability on "
                "the first side and an activated one on the flipped side.",
            ),
        ),
    ),
    "hotg": CardSet(
        "tabletop_tui.games.hotg.cards:load_cards",
        (
            CardFile(
                "rangers.toml",
                "ranger",
                "tabletop_tui.games.hotg.cards:RangerDef",
                "One Ranger: colour, character ability (as effects) and a 10-card combat deck "
                "of attacks, maneuvers and reactions (cost, shields, dice, effects).",
            ),
            CardFile(
                "enemies.toml [[deck]]",
                "deck",
                "tabletop_tui.games.hotg.cards:EnemyDeck",
                "One enemy deck (a foot soldier type, a monster, the boss, the Psycho Rangers): "
                "its cards with health, keywords and effects.",
            ),
            CardFile(
                "enemies.toml [[nemesis]]",
                "nemesis",
                "tabletop_tui.games.hotg.cards:Nemesis",
                "One Psycho Ranger: its colour, weapon and path cards.",
            ),
            CardFile(
                "board.toml [[location]]",
                "location",
                "tabletop_tui.games.hotg.cards:LocationDef",
                "One outer location: the foot soldier type that brings it, figure limit, B side.",
            ),
            CardFile(
                "board.toml [[zord]]",
                "zord",
                "tabletop_tui.games.hotg.cards:ZordDef",
                "One Zord (and, under [[megazord]], the two Megazords). board.toml also holds "
                "[dice] faces and the [[fs_deployment]] foot soldier deployment cards.",
            ),
        ),
    ),
}


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def card_file_schema(game_id: str) -> dict[str, Any]:
    """JSON Schema of a game's card file(s), built from the pydantic models that load them."""
    from pydantic import create_model

    card_set = _card_set(game_id)
    schemas = {}
    for spec in card_set.files:
        record = _load(spec.model)
        model = create_model(
            f"{record.__name__}File",
            __doc__=f"{GAMES[game_id].title}: {spec.name}, one [[{spec.key}]] table per card.",
            **{spec.key: (record if spec.single else list[record], ...)},
        )
        schema = model.model_json_schema()
        record_schema = schema.get("$defs", {}).get(record.__name__)
        if record_schema is not None and spec.note:
            record_schema.setdefault("description", spec.note)
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **schema,
            "title": f"{game_id} {spec.name}",
        }
        schemas[spec.name] = schema
    if len(schemas) == 1:
        return next(iter(schemas.values()))
    return {"title": f"{game_id} card files", "files": schemas}


def _card_set(game_id: str) -> CardSet:
    info = _game(game_id)
    card_set = CARD_SETS.get(game_id)
    if card_set is None:
        raise CliError(f"{info.id} ({info.title}) has no card data yet: it is coming soon")
    return card_set


# -- argument types ---------------------------------------------------------------------------
def _whole(what: str, low: int, high: int, note: str = ""):
    """A parser of a whole number from `low` to `high` for the option `what`."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"bad {what} '{text}': use a whole number from {low} to {high}{note}"
            )
        return value

    return parse


def _decimal(what: str, low: float, high: float, advice: str):
    """A parser of a number from `low` to `high` for the option `what`; `advice` says how."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"bad {what} '{text}': {advice}")
        return value

    return parse


_seed = _whole("seed", 0, MAX_SEED)
_games = _whole("number of games", 1, MAX_GAMES)
_port = _whole("port", 0, 65535, " (0: any free port)")
_sessions = _whole("number of sessions", 1, 1000)
_delay = _decimal("delay", 0.0, 60.0, "use seconds from 0 to 60, e.g. 0.5")
_seconds = _decimal("idle timeout", 0.0, 7 * 24 * 3600, "use seconds, 0 or more (0: never)")
_login_grace = _decimal("login grace time", 1.0, 600.0, "use seconds from 1 to 600")


def _web_port(text: str) -> int:
    value = _port(text)
    if value == 0:
        raise argparse.ArgumentTypeError("bad port '0': the web server needs a fixed port")
    return value


def _days(text: str) -> float:
    """A number of days (fractions allowed), 0 or more, up to ten years."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3650:
        raise argparse.ArgumentTypeError(f"bad number of days '{text}': use 0 to 3650 (0: never)")
    return value


def _rate(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        value = -1
    if not 0 <= value <= 100_000:
        raise argparse.ArgumentTypeError(
            f"bad rate limit '{text}': connections per minute, 0 or more (0: no limit)"
        )
    return value


def _public_url(text: str) -> str:
    from urllib.parse import urlsplit

    url = urlsplit(text)
    try:
        url.port  # noqa: B018 - (a bad port raises)
    except ValueError:
        url = url._replace(netloc="")
    if url.scheme not in ("http", "https") or not url.hostname or url.path not in ("", "/"):
        raise argparse.ArgumentTypeError(
            f"bad public URL '{text}': use http(s)://HOST[:PORT] without a path"
        )
    return text.rstrip("/")


def _file(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"'{text}' is not a file")
    return path


def _folder(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"'{text}' is not a folder")
    return path


def _split(text: str, what: str) -> list[str]:
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise CliError(f"bad {what} '{text}': give a comma-separated list without empty entries")
    return items


# -- the games --------------------------------------------------------------------------------
def _game(game_id: str) -> GameInfo:
    info = GAMES.get(game_id)
    if info is None:
        raise CliError(unknown_game_message(game_id))
    return info


def _playable(game_id: str):
    info = _game(game_id)
    rules = get_rules(game_id)
    if rules is None:
        raise CliError(
            f"{info.id} ({info.title}) is coming soon and cannot be played yet; "
            f"playable now: {', '.join(playable_ids())}"
        )
    return rules


def _seat_range(rules) -> str:
    lo, hi = rules.min_seats, rules.max_seats
    return f"{lo} seat{'s' * (lo != 1)}" if lo == hi else f"{lo} to {hi} seats"


def _kinds(rules, text: str, option: str, bots_only: bool = False) -> list[str]:
    """Seat kinds as saved (engine/levels.py): bot and bot:normal are "heuristic"."""
    from .engine.levels import canonical_kind

    kinds = []
    for item in _split(text, f"{option} list"):
        try:
            kinds.append(canonical_kind(item, bots_only=bots_only))
        except ValueError as exc:
            raise CliError(f"bad seat '{item}' in {option} '{text}': {exc}") from None
    if not rules.min_seats <= len(kinds) <= rules.max_seats:
        raise CliError(
            f"{rules.game_id} needs {_seat_range(rules)}; {option} '{text}' gives {len(kinds)}"
        )
    return kinds


def _names(rules, text: str, count: int | None) -> list[str]:
    names = _split(text, "--names list")
    if count is not None and len(names) != count:
        raise CliError(f"--names '{text}' gives {len(names)} names for {count} seats")
    if not rules.min_seats <= len(names) <= rules.max_seats:
        raise CliError(
            f"{rules.game_id} needs {_seat_range(rules)}; --names '{text}' gives {len(names)}"
        )
    for name in names:
        if len(name) > MAX_NAME:
            raise CliError(f"name '{name}' is too long: at most {MAX_NAME} characters")
        problem = name_problem(name)
        if problem:
            raise CliError(f"bad name {ascii(name)} in --names: {problem}")
    if len({n.casefold() for n in names}) != len(names):
        raise CliError(f"--names '{text}': every seat needs a different name")
    return names


def _default_name(kind: str, number: int) -> str:
    names = {"human": "Player", "heuristic": "Bot", "random": "Random bot"}
    names |= {"bot:easy": "Easy bot", "bot:hard": "Hard bot"}
    return names[kind] + f" {number}"


def seat_specs(rules, seats: str | None, names: str | None) -> list[SeatSpec] | None:
    from .engine.match import SeatSpec

    """Seats from `--seats` and `--names`; None when neither is given (the UI asks)."""
    if seats is None and names is None:
        return None
    kinds = _kinds(rules, seats, "--seats") if seats is not None else None
    given = _names(rules, names, len(kinds) if kinds else None) if names is not None else None
    if kinds is None:
        kinds = ["human"] * len(given or ())
    return [
        SeatSpec(name=given[i] if given else _default_name(kind, i + 1), kind=kind)
        for i, kind in enumerate(kinds)
    ]


def config_overrides(rules) -> dict[str, Any]:
    """Settings the CLI passes into a game's Config: the `--cards` folder where it has one."""
    from .cards import cards_override

    override = cards_override()
    if override is None or "cards_dir" not in rules.config_type.model_fields:
        return {}
    from .cards import card_dir

    return {"cards_dir": str(card_dir(rules.game_id, override).resolve())}


def _preflight(
    rules, seats: list[SeatSpec] | None, seed: int | None, extra: dict | None = None
) -> Dealt:
    """Deal a game before the UI starts, so bad card files are one line here, not a crash
    there; the app starts from this deal when it plays that seed (`play --seed N`).
    `extra`: more Config fields (`--decks`, `--sealed`)."""
    count = len(seats) if seats else rules.min_seats
    names = [s.name for s in seats] if seats else [f"Player {i + 1}" for i in range(count)]
    try:
        config = rules.config_type(names=tuple(names), **config_overrides(rules), **(extra or {}))
    except Exception as exc:  # a pydantic ValidationError from the game's settings
        raise CliError(f"bad settings for {rules.game_id}: {_first_line(exc)}") from None
    from .engine.match import deal

    try:
        return deal(rules, config, seed or 0)
    except ValueError as exc:  # e.g. a deck that breaks a deck rule
        raise CliError(f"{rules.game_id}: {_first_line(exc)}") from None


def _load_save(path: Path, game_id: str | None = None):
    from .engine.match import Match

    match = Match.load(path)  # SaveError names the file and the problem; the file is not touched
    if game_id is not None and match.rules.game_id != game_id:
        raise CliError(f"{path}: is a save of '{match.rules.game_id}', not '{game_id}'")
    return match


def _run_app(**kwargs: Any) -> int:
    try:
        from .ui.app import TabletopApp
    except ImportError as exc:
        raise CliError(f"the terminal UI cannot start: {exc}") from None
    from .paths import clean_leftovers

    clean_leftovers()
    game = kwargs.get("game")
    rules = get_rules(game) if game else None
    overrides = config_overrides(rules) if rules is not None else {}
    overrides = {**overrides, **(kwargs.pop("config", None) or {})}
    if overrides:
        kwargs["config"] = overrides  # e.g. the --cards folder, recorded in the save
    app = TabletopApp(**kwargs)
    app.run()
    return int(getattr(app, "return_code", 0) or 0)


def _run_plain(**kwargs: Any) -> int:
    """Play by text (issue 41): lines out, typed commands in; never imports Textual."""
    from .plain import run_plain

    game = kwargs.get("game")
    rules = get_rules(game) if game else None
    overrides = config_overrides(rules) if rules is not None else {}
    overrides = {**overrides, **(kwargs.pop("config", None) or {})}
    return run_plain(config=overrides, **kwargs)


# -- commands ---------------------------------------------------------------------------------
def cmd_launcher(args: argparse.Namespace) -> int:
    if getattr(args, "plain", False):
        from .plain.launcher import run_plain_launcher

        return run_plain_launcher()
    return _run_app()


def cmd_list(args: argparse.Namespace) -> int:
    rows = [("ID", "TITLE", "PLAYERS", "STATUS")] + [
        (g.id, g.title, g.players, g.status) for g in GAMES.values()
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[3]]))
    return 0


def _difficulty(rules, args: argparse.Namespace) -> dict:
    """`--difficulty easier|standard` as the Config fields it names (Heroes of the Grid)."""
    level = getattr(args, "difficulty", None)
    if level is None:
        return {}
    if rules.game_id != "hotg":
        raise CliError(f"--difficulty is for hotg, not {rules.game_id}")
    if getattr(args, "load", None) is not None:
        raise CliError("--load takes the difficulty from the save; drop --difficulty")
    from .games.hotg.models import DIFFICULTIES

    return dict(DIFFICULTIES[level])


def _deck_options(rules, args: argparse.Namespace, seats: list[SeatSpec] | None) -> dict:
    """`--decks` and `--sealed` as Config fields (PR CCG 2008, the game with a deck builder
    and sealed play here); a deck that cannot be played is refused naming its rule."""
    decks, sealed = getattr(args, "decks", None), getattr(args, "sealed", False)
    if decks is None and not sealed:
        return {}
    if rules.game_id != "pr-ccg-2008":
        raise CliError(f"--decks and --sealed are for pr-ccg-2008, not {rules.game_id}")
    if args.load is not None:
        raise CliError("--load takes the decks from the save; drop --decks/--sealed")
    if sealed and decks is not None:
        raise CliError("sealed play builds the decks from the packs: drop --decks or --sealed")
    if sealed:
        humans = any(s.kind == "human" for s in seats or ())
        if getattr(args, "plain", False) and (humans or not seats):
            raise CliError("sealed play needs the full screen to build a deck: drop --plain")
        return {"sealed_packs": 4}
    from .decklists.pr_ccg_2008 import find_saved, saved_decks
    from .games.pr_ccg_2008.cards import catalog

    cat = catalog(config_overrides(rules).get("cards_dir"))
    pool = {c.id: c for c in cat.card_set.pool}
    shipped = {d.info.id for d in cat.card_set.decks}
    count = len(seats) if seats else rules.min_seats
    names = _split(decks, "--decks")
    if len(names) != count:
        raise CliError(f"--decks: {count} seats need {count} decks, not {len(names)}")
    out: list = []
    for name in names:
        if name in shipped:
            out.append(name)
            continue
        found = find_saved(name, pool)
        if found is None:
            mine = ", ".join(d.path.stem for d in saved_decks(pool)) or "none saved yet"
            raise CliError(
                f"--decks: no deck '{name}' (shipped: {', '.join(sorted(shipped))}; yours: {mine})"
            )
        if not found.ok:
            raise CliError(f"--decks: {found.report()}")
        out.append(found.custom())
    return {"decks": tuple(out)}


def cmd_play(args: argparse.Namespace) -> int:
    # the game's rules, models and first deal, made without the collector (startup.py);
    # the app itself starts with it on (it pauses it again until its first frame)
    with collector_paused():
        rules = _playable(args.game)
        if args.load is None:
            seats = seat_specs(rules, args.seats, args.names)
        decks = _deck_options(rules, args, seats if args.load is None else None)
        decks |= _difficulty(rules, args)
        seed = args.seed
        # the app plays the check's deal: without --seed, the seed the app would draw is drawn
        # here (kept off screen all the same), so the game is not dealt a second time
        sealed = bool(decks.get("sealed_packs"))
        if args.load is None and seed is None and seats is not None:
            if not sealed and not args.plain:
                import random

                seed = random.randrange(1, 100000)  # (as the app draws one: ui/app.py)
        if args.load is None:
            dealt = _preflight(rules, seats, seed, decks)
    if args.load is not None:
        if args.seats is not None or args.names is not None:
            raise CliError("--load takes the seats and names from the save; drop --seats/--names")
        _load_save(args.load, rules.game_id)
        if args.plain:
            return _run_plain(load=args.load)
        return _run_app(game=rules.game_id, load=args.load)
    if args.plain:
        return _run_plain(game=rules.game_id, seats=seats, seed=args.seed, config=decks)
    # (not in sealed play, where the human players build their decks first, nor without
    # seats, where the setup screen opens)
    given = seed is not None and seats is not None and not sealed
    return _run_app(
        game=rules.game_id,
        seats=seats,
        seed=seed,
        seed_given=args.seed is not None,
        dealt=dealt if given else None,
        config=decks,
    )


def cmd_resume(args: argparse.Namespace) -> int:
    from .paths import autosave_dir, unfinished_games

    which = args.which
    game_id = None
    if which is not None and not which.isdigit():
        game_id = _playable(which).game_id
    games = unfinished_games(game_id)
    if args.list:
        if which is not None and game_id is None:
            raise CliError("give --list alone or with a game id, not with a number")
        return _print_unfinished(games, game_id)
    of = f" of {game_id}" if game_id else ""
    if not games:
        raise CliError(f"no autosaved game{of} to resume in {autosave_dir()}")
    if which is None or game_id is not None:
        chosen = games[0]
    else:
        number = int(which)
        if not 1 <= number <= len(games):
            count = f"{len(games)} unfinished game{'s' * (len(games) != 1)}"
            raise CliError(
                f"no game #{which}: there {'is' if len(games) == 1 else 'are'} {count} "
                f"(see '{PROG} resume --list')"
            )
        chosen = games[number - 1]
    if chosen.problem is not None:
        from .engine.match import SaveError

        raise SaveError(f"{chosen.path}: {chosen.problem}")
    match = _load_save(chosen.path)
    print(f"Resuming {chosen.label()} ({chosen.path})", flush=True)
    if args.plain:
        return _run_plain(load=chosen.path)
    return _run_app(game=match.rules.game_id, load=chosen.path)


def _print_unfinished(games, game_id: str | None) -> int:
    from .paths import autosave_dir

    if not games:
        of = f" of {game_id}" if game_id else ""
        print(f"No unfinished games{of} in {autosave_dir()}.")
        return 0
    rows = [("#", "GAME", "PLAYERS", "MOVES", "LAST PLAYED")]
    for number, game in enumerate(games, 1):
        if game.problem is not None:
            rows.append((str(number), "?", "(cannot be resumed)", "", game.when))
        else:
            moves = str(game.moves)
            rows.append((str(number), game.game, ", ".join(game.players), moves, game.when))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row, game in zip(rows, [None, *games], strict=True):
        cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2])]
        line = "  ".join([*cells, row[3].rjust(widths[3]), row[4]])
        if game is None:
            print(f"{line}  FILE")
        else:
            why = f": {game.problem}" if game.problem is not None else ""
            print(f"{line}  {game.path.name}{why}")
    print(f"'{PROG} resume N' continues game N; files are in {autosave_dir()}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    rules = _playable(args.game)
    from .engine.match import SeatSpec

    seats = [SeatSpec(name=f"Bot {i + 1}", kind="heuristic") for i in range(rules.min_seats)]
    dealt = _preflight(rules, seats, args.seed)
    return _run_app(
        game=rules.game_id,
        seats=seats,
        seed=args.seed,
        dealt=dealt if args.seed is not None else None,
        demo_delay=DEMO_DELAY if args.delay is None else args.delay,
        exit_at_end=args.exit_at_end,
        autosave=False,  # a show, not a player's game: it joins no resume list
    )


def cmd_replay(args: argparse.Namespace) -> int:
    from .tables.replay import Replay

    replay = Replay(_load_save(args.file))  # SaveError: one line naming the file
    if args.print:
        for index in range(len(replay)):
            print(replay.text(index), end="\n\n")
        return 0
    if not 0 <= args.at < len(replay):
        raise CliError(f"{args.file}: --at {args.at}: the game has steps 0 to {len(replay) - 1}")
    if args.plain:
        from .plain.replay import run_plain_replay

        return run_plain_replay(replay, args.at)
    try:
        from .ui.app import TabletopApp
    except ImportError as exc:
        raise CliError(f"the terminal UI cannot start: {exc}") from None
    TabletopApp(replay=replay, replay_at=args.at, autosave=False).run()
    return 0


def cmd_screenshots(args: argparse.Namespace) -> int:
    try:
        from .ui.screenshots import generate_screenshots
    except ImportError as exc:
        raise CliError(f"screenshots need the terminal UI: {exc}") from None
    out = Path(args.dir)
    if out.exists() and not out.is_dir():
        raise CliError(f"'{out}' is not a folder")
    paths = generate_screenshots(out)
    for path in paths:
        print(path)
    print(f"{len(paths)} screenshots written to {out}")
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = _playable(args.game)
    kinds = (
        _kinds(rules, args.bots, "--bots", bots_only=True)
        if args.bots is not None
        else ["heuristic"] * rules.min_seats
    )
    config = _difficulty(rules, args)
    _preflight(rules, _bot_seats(kinds), args.seed, config)
    from .selfplay import play_headless

    wins = [0] * len(kinds)
    draws = losses = actions = 0
    ms = 0.0
    for number in range(args.games):
        result = play_headless(rules.game_id, args.seed + number, kinds, config=config or None)
        if args.json:
            print(result.model_dump_json(), flush=True)
        winners = list(result.winners)
        for seat in winners:
            wins[seat] += 1
        draws += result.outcome == "draw"
        losses += result.outcome == "loss"
        actions += result.actions
        ms += result.ms
    if not args.json:
        n = args.games
        last = args.seed + n - 1
        seeds = f"seed {args.seed}" if n == 1 else f"seeds {args.seed}-{last}"
        print(f"{rules.title}: {n} game{'s' * (n != 1)}, {seeds}, {' vs '.join(kinds)}")
        for seat, kind in enumerate(kinds):
            print(f"  seat {seat + 1} ({kind}): {wins[seat]} wins ({100 * wins[seat] / n:.1f}%)")
        print(f"  draws: {draws} ({100 * draws / n:.1f}%)")
        if losses:
            print(f"  losses (co-operative): {losses} ({100 * losses / n:.1f}%)")
        print(f"  {actions / n:.1f} actions and {ms / n:.1f} ms per game on average")
    return 0


def _serve_common(args: argparse.Namespace) -> list[str]:
    """The checked --game, and the app arguments every served session gets."""
    if args.game is not None:
        _playable(args.game)
    return ["--cards", str(args.cards.resolve())] if args.cards is not None else []


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    app_args = _serve_common(args)
    auth = args.auth
    if auth is None:  # inferred from the files given
        if args.password_file is not None and args.authorized_keys is not None:
            raise CliError("give --auth password or --auth keys, not both files")
        auth = (
            "password"
            if args.password_file is not None
            else "keys"
            if args.authorized_keys is not None
            else "none"
        )
    if args.password_file is not None and auth != "password":
        raise CliError(f"--password-file needs --auth password (not --auth {auth})")
    if args.authorized_keys is not None and auth != "keys":
        raise CliError(f"--authorized-keys needs --auth keys (not --auth {auth})")
    try:
        from .serve.security import ServeError
        from .serve.ssh import DEFAULT_LIMITS, SSHServeConfig, run_ssh
        from .tables.service import DAY
    except ImportError as exc:
        missing = getattr(exc, "name", None) or "asyncssh"
        raise CliError(
            f"serve ssh needs the 'serve' extra (missing: {missing}): "
            ".venv/bin/pip install '.[serve]' (or pip install 'tabletop-tui[serve]')"
        ) from None
    config = SSHServeConfig(
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        auth=auth,
        authorized_keys=args.authorized_keys,
        password_file=args.password_file,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        game=args.game,
        rate_limit=args.rate_limit,
        max_startups=args.max_startups,
        login_grace=args.login_grace,
        max_per_address=args.max_per_address,
        app_args=app_args,
        table_limits=dataclasses.replace(
            DEFAULT_LIMITS,
            keep_finished=args.keep_finished * DAY,
            max_finished=args.max_finished,
            table_expiry=args.expire_tables * DAY,
            max_tables_per_source=args.tables_per_source,
            bot_tables_per_hour=args.bot_tables_per_hour,
        ),
        input_rate=args.input_rate,
    )
    try:
        return run_ssh(config)
    except ServeError as exc:
        raise CliError(str(exc)) from None


def cmd_serve_web(args: argparse.Namespace) -> int:
    app_args = _serve_common(args)
    from .serve.security import ServeError
    from .serve.web import WebServeConfig, run_web

    config = WebServeConfig(
        host=args.host,
        port=args.port,
        game=args.game,
        app_args=app_args,
        max_sessions=args.max_sessions,
        auth=args.auth,
        token_file=args.token_file,
        public_url=args.public_url,
    )
    try:
        return run_web(config)
    except ServeError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None


def _bot_seats(kinds: list[str]) -> list[SeatSpec]:
    from .engine.match import SeatSpec

    return [SeatSpec(name=_default_name(k, i + 1), kind=k) for i, k in enumerate(kinds)]  # type: ignore[arg-type]


def cmd_cards_validate(args: argparse.Namespace) -> int:
    card_set = _card_set(args.game)
    from .cards import card_dir

    folder = card_dir(args.game, args.dir)
    if not folder.is_dir():
        if os.path.lexists(folder):
            raise CliError(f"{folder}: not a folder (a file, or a link to nothing or to itself)")
        raise CliError(f"{folder}: no such folder")
    cards = _load(card_set.loader)(folder)
    files = ", ".join(f.name for f in card_set.files)
    noun = card_set.files[0].key if len(card_set.files) == 1 else "card"
    print(f"{args.game}: {len(cards)} {noun}s valid in {folder.resolve()} ({files})")
    return 0


def cmd_cards_schema(args: argparse.Namespace) -> int:
    print(json.dumps(card_file_schema(args.game), indent=2))
    return 0


# -- the parser -------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


class _Skipped:
    """Stands in for the parser of a command that is not being run (`build_parser(only=...)`):
    whatever is added to it is dropped."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        return None

    def set_defaults(self, **kwargs: Any) -> None:
        return None

    def add_parser(self, *args: Any, **kwargs: Any) -> _Skipped:
        return self

    def add_subparsers(self, *args: Any, **kwargs: Any) -> _Skipped:
        return self


#: every command of `build_parser` (a test holds them equal to the parser's)
COMMANDS = ("list", "play", "resume", "selfplay", "demo", "replay", "screenshots", "serve", "cards")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `only`, one command of COMMANDS is built and the others
    are left out (parsing a command line that starts with that command gives the same answer;
    building all of them took ~6 ms CPU of a game screen's first frame through `play`)."""
    cards_help = "play with your own card files from DIR instead of the shipped ones"
    common = _Parser(add_help=False)
    # repeated on every command (SUPPRESS keeps a value given before the command)
    common.add_argument(
        "--cards", metavar="DIR", type=_folder, default=argparse.SUPPRESS, help=cards_help
    )
    common.add_argument(
        "--braille-cursor", action="store_true", default=argparse.SUPPRESS, help=CURSOR_HELP
    )

    parser = _Parser(
        prog=PROG,
        description="Five tabletop games in the terminal. With no command, opens the launcher.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("--cards", metavar="DIR", type=_folder, default=None, help=cards_help)
    parser.add_argument("--plain", action="store_true", help=PLAIN_HELP)
    parser.add_argument("--braille-cursor", action="store_true", help=CURSOR_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, help: str, func) -> argparse.ArgumentParser:
        if only not in (None, name):
            return _Skipped()  # type: ignore[return-value]
        p = sub.add_parser(name, help=help, description=help, parents=[common])
        p.set_defaults(func=func)
        return p

    command("list", "list the games with their ids, players and status", cmd_list)

    p = command("play", "play a game (hot-seat, or against bots)", cmd_play)
    p.add_argument("game", metavar="GAME", help="game id (see 'tabletop-tui list')")
    p.add_argument(
        "--seats",
        metavar="KINDS",
        help="comma-separated seat kinds: human, bot (the normal level; = heuristic), "
        "bot:easy, bot:normal, bot:hard, random; e.g. human,bot:hard",
    )
    p.add_argument("--names", metavar="NAMES", help="comma-separated player names, e.g. Ann,Bob")
    p.add_argument("--seed", metavar="N", type=_seed, help="seed for a repeatable game")
    p.add_argument("--load", metavar="FILE", type=Path, help="continue a saved game")
    p.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=PLAIN_HELP)
    p.add_argument(
        "--decks",
        metavar="DECKS",
        help="pr-ccg-2008: a deck per seat, comma-separated: a shipped deck id (guardians, "
        "invaders, prism, swarm, colossi) or a deck saved in the deck builder (its name)",
    )
    p.add_argument(
        "--sealed",
        action="store_true",
        help="pr-ccg-2008: sealed play; each player opens 4 booster packs and builds a "
        "20-card deck from them (a bot builds its own)",
    )
    p.add_argument("--difficulty", choices=DIFFICULTY_NAMES, help=DIFFICULTY_HELP)

    p = command(
        "resume",
        "continue a game in progress: the one played last, number N of --list, or the "
        "last one of GAME",
        cmd_resume,
    )
    p.add_argument(
        "which",
        metavar="N|GAME",
        nargs="?",
        help="a number from 'resume --list', or a game id (default: the game played last)",
    )
    p.add_argument(
        "--list", action="store_true", help="list the games in progress, played last first"
    )
    p.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=PLAIN_HELP)

    p = command("selfplay", "play bot games headless and report the results", cmd_selfplay)
    p.add_argument("game", metavar="GAME")
    p.add_argument("--difficulty", choices=DIFFICULTY_NAMES, help=DIFFICULTY_HELP)
    p.add_argument("--games", metavar="N", type=_games, default=10, help="games (default 10)")
    p.add_argument(
        "--seed", metavar="S", type=_seed, default=0, help="seed of the first game (default 0)"
    )
    p.add_argument(
        "--bots",
        metavar="KINDS",
        help="comma-separated bot kinds per seat: bot (= bot:normal = heuristic), bot:easy, "
        "bot:hard, random (default: the normal bot everywhere)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON line per game")

    p = command("demo", "bots play every seat in the real UI", cmd_demo)
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", metavar="N", type=_seed)
    p.add_argument(
        "--delay",
        metavar="S",
        type=_delay,
        help=f"seconds between bot moves (default {DEMO_DELAY})",
    )
    p.add_argument("--exit-at-end", action="store_true", help="quit when the game is over")

    p = command("replay", "step through a saved game (finished: every hand shown)", cmd_replay)
    p.add_argument("file", metavar="FILE", type=Path, help="a save or autosave file")
    p.add_argument("--print", action="store_true", help="print every step as text, no UI")
    p.add_argument(
        "--at", type=int, default=0, metavar="N", help="open at step N (0: the deal; a bookmark)"
    )
    p.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=PLAIN_HELP)

    p = command("screenshots", "regenerate the SVG screenshots", cmd_screenshots)
    p.add_argument("dir", metavar="DIR", nargs="?", default="screenshots")

    serve = (_Skipped() if only not in (None, "serve") else sub).add_parser(
        "serve", help="serve the games over SSH or the web (for demos)", parents=[common]
    )
    serve_sub = serve.add_subparsers(
        dest="serve_command", metavar="{ssh,web}", parser_class=_Parser
    )
    serve_sub.required = True
    p = serve_sub.add_parser(
        "ssh",
        help="an SSH server: every connection gets its own terminal and game",
        description="An SSH server for demos: every connection gets its own pseudo-terminal "
        "and app process, and nothing else (no shell, commands, file transfer or forwarding).",
        parents=[common],
    )
    p.set_defaults(func=cmd_serve_ssh)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=2222, help="port (default 2222; 0: any free port)")
    p.add_argument(
        "--host-key",
        metavar="FILE",
        type=lambda text: Path(text).expanduser(),
        help="host private key, made on first run if missing "
        "(default: ssh_host_ed25519_key in the data folder)",
    )
    p.add_argument(
        "--auth",
        choices=("none", "password", "keys"),
        help="none (anyone may connect; the default), password, or keys",
    )
    p.add_argument(
        "--authorized-keys",
        metavar="FILE",
        type=_file,
        help="public keys allowed to connect, OpenSSH authorized_keys format; "
        'user="NAME" binds a key to a name, a key without one saves apart (--auth keys)',
    )
    p.add_argument(
        "--password-file",
        metavar="FILE",
        type=_file,
        help="USER:PASSWORD lines; USER * lets in anyone, with saves kept only for "
        "that connection (--auth password)",
    )
    p.add_argument(
        "--max-sessions", metavar="N", type=_sessions, default=20, help="at most N players (20)"
    )
    p.add_argument(
        "--idle-timeout",
        metavar="SECONDS",
        type=_seconds,
        default=900.0,
        help="close a session after this long without a key (default 900; 0: never)",
    )
    p.add_argument(
        "--rate-limit",
        metavar="N",
        type=_rate,
        default=30,
        help="new connections per minute from one address (default 30; 0: no limit)",
    )
    p.add_argument(
        "--max-startups",
        metavar="N",
        type=_whole("number of connections", 1, 1000),
        default=20,
        help="connections still logging in, at most (20); when full, the one that has got "
        "least far is closed",
    )
    p.add_argument(
        "--login-grace",
        metavar="SECONDS",
        type=_login_grace,
        default=20.0,
        help="seconds a connection has to log in (default 20)",
    )
    p.add_argument(
        "--max-per-address",
        metavar="N",
        type=_whole("number per address", 0, 1000, " (0: no limit)"),
        default=5,
        help="logged-in connections, and players, from one address (default 5; 0: no limit)",
    )
    p.add_argument(
        "--keep-finished",
        metavar="DAYS",
        type=_days,
        default=30.0,
        help="finished tables stay in the archive, replayable, this long (default 30; "
        "0: no age limit)",
    )
    p.add_argument(
        "--max-finished",
        metavar="N",
        type=_whole("number of finished tables", 0, 100_000),
        default=500,
        help="finished tables kept in the archive at most, the newest (default 500)",
    )
    p.add_argument(
        "--expire-tables",
        metavar="DAYS",
        type=_days,
        default=14.0,
        help="an unfinished table nobody is at for this long is removed (default 14; 0: never)",
    )
    p.add_argument(
        "--tables-per-source",
        metavar="N",
        type=_whole("number of tables", 0, 1000, " (0: no limit)"),
        default=10,
        help="unfinished tables made from one address (under --auth keys: one key), "
        "whatever the names (default 10; 0: no limit)",
    )
    p.add_argument(
        "--bot-tables-per-hour",
        metavar="N",
        type=_whole("number of tables", 0, 1000),
        default=6,
        help="tables of bots alone one address (or key) may make per hour (default 6)",
    )
    p.add_argument(
        "--input-rate",
        metavar="BYTES",
        type=_whole("input rate", 0, 10**7, " (0: no limit)"),
        default=1024,
        help="typed bytes per second a session's app is sent after a 4 KB burst; the rest "
        "waits (default 1024; 0: no limit)",
    )
    p.add_argument("--game", metavar="GAME", help="open this game's setup, not the launcher")
    p = serve_sub.add_parser(
        "web",
        help="a web server (textual-serve): every browser tab gets its own game",
        description="Serve the games in a web browser with textual-serve (the 'web' extra). "
        "Only pages of this server may open a game; beyond loopback a token is needed.",
        parents=[common],
    )
    p.set_defaults(func=cmd_serve_web)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_web_port, default=8000, help="port (default 8000)")
    p.add_argument(
        "--max-sessions", metavar="N", type=_sessions, default=20, help="at most N apps (20)"
    )
    p.add_argument(
        "--auth",
        choices=("none", "token"),
        help="token: the page needs ?token=... once (the default beyond loopback); "
        "none: anyone who reaches the address (the default on loopback)",
    )
    p.add_argument(
        "--token-file",
        metavar="FILE",
        type=_file,
        help="the token is this file's first line (default: a new random token, printed)",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        type=_public_url,
        help="the address browsers use, e.g. behind a proxy: https://games.example.org",
    )
    p.add_argument("--game", metavar="GAME", help="open this game's setup, not the launcher")

    cards = (_Skipped() if only not in (None, "cards") else sub).add_parser(
        "cards", help="check card files, or print their JSON Schema", parents=[common]
    )
    cards_sub = cards.add_subparsers(
        dest="cards_command", metavar="{validate,schema}", parser_class=_Parser
    )
    cards_sub.required = True
    p = cards_sub.add_parser(
        "validate", help="load and validate a game's card files", parents=[common]
    )
    p.set_defaults(func=cmd_cards_validate)
    p.add_argument("game", metavar="GAME")
    p.add_argument(
        "dir",
        metavar="DIR",
        nargs="?",
        type=Path,
        help="folder of card files (default: --cards, else the shipped cards)",
    )
    p = cards_sub.add_parser(
        "schema", help="print the JSON Schema of a game's card files", parents=[common]
    )
    p.set_defaults(func=cmd_cards_schema)
    p.add_argument("game", metavar="GAME")
    return parser


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip() or type(exc).__name__).splitlines()[0]


def _fail(message: str) -> int:
    print(f"{PROG}: error: {' '.join(message.split())}", file=sys.stderr, flush=True)
    return 2


def _lenient_output() -> None:
    """File names are bytes: one that is not UTF-8 (a surrogate escape in Python) is printed
    as a backslash escape instead of ending the command."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass


def _users_error(exc: Exception) -> bool:
    """A problem with what was asked (one line, status 2): a CliError, a broken save or card
    file. Their classes are looked up only where loaded: a command that never imported the
    engine or the card loader cannot have raised their errors."""
    kinds: list[type] = [CliError]
    for module, name in (
        ("tabletop_tui.engine.match", "SaveError"),
        ("tabletop_tui.cards", "CardDataError"),
    ):
        loaded = sys.modules.get(module)
        if loaded is not None:
            kinds.append(getattr(loaded, name))
    return isinstance(exc, tuple(kinds))


def _internal_error(exc: Exception) -> int:
    """A bug: still one line, with a way to see the traceback."""
    if os.environ.get("TABLETOP_TUI_DEBUG"):
        raise exc
    return _fail(
        f"internal error: {type(exc).__name__}: {_first_line(exc)} "
        "(set TABLETOP_TUI_DEBUG=1 to see the traceback)"
    )


#: what `build_parser().parse_args([])` gives: `tabletop-tui` alone opens the launcher
#: without building the parser of every command (~3 ms CPU of the launcher's first frame)
NO_ARGUMENTS = {"cards": None, "plain": False, "braille_cursor": False, "command": None}


def main(argv: list[str] | None = None) -> int:
    _lenient_output()
    try:
        given = sys.argv[1:] if argv is None else argv
        if not given:
            args = argparse.Namespace(**NO_ARGUMENTS)
        else:  # (only the command named first is built: `play` skips the others' ~6 ms)
            args = build_parser(given[0] if given[0] in COMMANDS else None).parse_args(argv)
        if args.cards is not None or "tabletop_tui.cards" in sys.modules:
            from .cards import set_cards_dir  # (also back to none, in a process run twice)

            set_cards_dir(args.cards)
        if args.braille_cursor:  # (the app reads it: ui/cursor.py)
            os.environ["TABLETOP_TUI_CURSOR"] = "focus"
        return args.func(args) if getattr(args, "func", None) else cmd_launcher(args)
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `selfplay --json | head -1`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if _users_error(exc):
            return _fail(str(exc))
        return _internal_error(exc)


if __name__ == "__main__":
    sys.exit(main())
