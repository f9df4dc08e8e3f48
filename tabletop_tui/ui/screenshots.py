"""Scenes of every screen, from fixed seeds: the README's screenshots and the snapshot tests."""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.match import SeatSpec
from .app import TabletopApp

SIZES = {"80x24": (80, 24), "160x48": (160, 48)}
HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Bot", kind="heuristic")]


@dataclass(frozen=True)
class Scene:
    name: str
    make_app: Callable[[], TabletopApp]
    steps: Callable[[object], Awaitable[None]]


async def _settle(pilot, times: int = 3) -> None:
    """Pauses, then wall-clock ones: focus moves wait for a refresh (call_after_refresh), which
    a plain pause does not always bring, and a picture must not depend on that race."""
    for _ in range(times):
        await pilot.pause()
    _hold_cursors(pilot.app)
    for _ in range(2):
        await pilot.pause(0.05)
        await pilot.wait_for_scheduled_animations()


def _hold_cursors(app) -> None:
    """A text field's cursor blinks on a timer, so a picture taken a moment later could show
    it or not: the pictures hold every cursor still, and shown."""
    from textual.widgets import Input

    held = False
    for field in app.screen.query(Input):
        held = held or field.cursor_blink
        field.cursor_blink = False
    if held:
        app.screen.refresh()


async def _nothing(pilot) -> None:
    await _settle(pilot)


async def _ordering(pilot) -> None:
    await _settle(pilot)
    await pilot.press("down", "enter")
    await _settle(pilot)


async def _battle(pilot) -> None:
    """Lay down the squad, then fight a few rounds against the bot."""
    await _settle(pilot)
    await pilot.press("r")
    await _settle(pilot)
    for key in ("a", "enter", "d", "enter", "a", "enter"):
        await pilot.press(key)
        await _settle(pilot)


async def _reveal(pilot) -> None:
    await _settle(pilot)
    await pilot.press("r")
    await _settle(pilot)
    await pilot.press("a")
    await _settle(pilot)


async def _curtain(pilot) -> None:
    await _settle(pilot)
    await pilot.press("enter")  # first curtain: Alice takes the keyboard
    await _settle(pilot)
    await pilot.press("r")  # Alice lays down her squad: the curtain falls for Bob
    await _settle(pilot)


async def _help(pilot) -> None:
    await _settle(pilot)
    await pilot.press("r")
    await _settle(pilot)
    await pilot.press("question_mark")
    await _settle(pilot)


def _aoz(seats, seed=7) -> Callable[[], TabletopApp]:
    return lambda: TabletopApp(
        game="army-of-zero", seats=list(seats), seed=seed, bot_delay=0, autosave=False
    )


async def _pr_select(pilot) -> None:
    await _settle(pilot)
    await pilot.press("down")
    await _settle(pilot)


async def _pr_pay(pilot) -> None:
    """Select the first card with a Hand Cost, leaving the picker open."""
    await _settle(pilot)
    screen = pilot.app.screen
    seat = screen.session.on_screen
    view = screen.match.view(seat)
    costly = next(i for i, (_, c) in enumerate(view.seats[seat].hand) if c.hand_cost > 0)
    for _ in range(costly):
        await pilot.press("down")
    await pilot.press("enter")
    await _settle(pilot)


async def _pr_reveal(pilot) -> None:
    await _settle(pilot)
    for _ in range(6):  # select, then pay card by card until the reveal
        if type(pilot.app.screen).__name__ == "RevealScreen":
            break
        await pilot.press("enter")
        await _settle(pilot)


def _pr(seed=2, opening=5) -> Callable[[], TabletopApp]:
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bot", kind="random")]
    return lambda: TabletopApp(
        game="pr-ccg-2008",
        seats=seats,
        seed=seed,
        bot_delay=0,
        autosave=False,
        config={"opening_hand": opening},
    )


def _zb(players: int = 2, seed: int = 5, humans: int = 1) -> Callable[[], TabletopApp]:
    names = ["Alice", "Bot", "Cleo", "Dex", "Eve", "Finn"]
    seats = [
        SeatSpec(name=names[i], kind="human" if i < humans else "heuristic") for i in range(players)
    ]
    return lambda: TabletopApp(game="zoobotz", seats=seats, seed=seed, bot_delay=0, autosave=False)


async def _bot_drive(pilot, until, limit: int = 200, game: str = "zoobotz") -> None:
    """Let the heuristic bot choose for the seat on screen (through the screen) until `until`."""
    from ..engine.bots import bot_rng
    from ..games import make_bot
    from .registry import game_screen_class

    app = pilot.app
    bot = make_bot(game, "quick")
    screen_class = game_screen_class(game)
    for _ in range(limit):
        screen = app.screen
        name = type(screen).__name__
        if name in ("CurtainScreen", "RevealScreen"):
            await pilot.press("enter")
            await pilot.pause()
            continue
        if not isinstance(screen, screen_class) or screen.match.outcome() is not None:
            return
        seat = screen.session.on_screen
        if screen.waiting or seat is None or seat not in screen.match.to_act():
            await pilot.pause()
            continue
        if until(screen, seat):
            return
        match = screen.match
        choice = bot.choose(
            match.view(seat),
            match.legal_actions(seat),
            seat,
            bot_rng(match.seed, len(match.actions), seat),
        )
        screen.submit(choice)
        await pilot.pause()


def _until(game: str, cond, limit: int = 400):
    """Steps: the heuristic bot plays the seat on screen until `cond(screen, seat)`."""

    async def steps(pilot) -> None:
        await _settle(pilot)
        await _bot_drive(pilot, cond, limit=limit, game=game)
        await _settle(pilot)

    return steps


def _engine_moves(screen, game: str, until, margin: int, limit: int) -> list:
    """The moves `_bot_drive` would make through `screen` (bots first, then the seat on
    screen with the quick bot) until `until(match, seat)`, found on a copy of the match with
    no screen; all but the last `margin` of them."""
    from ..engine.bots import bot_rng
    from ..engine.match import Match
    from ..games import make_bot

    quick = make_bot(game, "quick")
    bots = screen.session.bots
    human = screen.session.on_screen
    match = screen.match
    shadow = Match.from_save(match.to_save(), match.rules)
    moves = []
    for _ in range(limit):
        acting = shadow.to_act()
        if not acting or shadow.outcome() is not None:
            return []  # never reached: the screen plays it all
        bot_seats = sorted(acting & frozenset(bots))
        if bot_seats:
            seat, chooser = bot_seats[0], bots[bot_seats[0]]
        else:  # the seat on screen keeps the keyboard while it may act (next_human)
            human = human if human in acting else min(acting)
            if until(shadow, human):
                return moves[: max(0, len(moves) - margin)]
            seat, chooser = human, quick
        rng = bot_rng(shadow.seed, len(shadow.actions), seat)
        choice = chooser.choose(shadow.view(seat), shadow.legal_actions(seat), seat, rng)
        shadow.play(seat, choice)
        moves.append((seat, choice))
    return []


def _ahead(game: str, until, margin: int = 8, limit: int = 400, on_screen=None):
    """Steps: the bot plays the seat on screen (`_bot_drive`) until `until(match, seat)`, but
    all but the last `margin` of those moves are made on the engine (no redraws); the screen
    makes the last ones itself, so the picture is the one a drive all the way gives, sooner. `on_screen(screen, seat)`: a
    stricter condition the screen plays on to (one that needs the screen, e.g. its mode)."""

    async def steps(pilot) -> None:
        await _settle(pilot)
        screen = pilot.app.screen
        for _ in range(200):  # a bot's turn already scheduled plays first
            if not screen.waiting:
                break
            await pilot.pause()
        for seat, choice in _engine_moves(screen, game, until, margin, limit):
            screen.match.play(seat, choice)
        screen.redraw()
        screen.advance()
        await _settle(pilot)
        await _bot_drive(
            pilot,
            on_screen or (lambda screen, seat: until(screen.match, seat)),
            limit=limit,
            game=game,
        )
        await _settle(pilot)

    return steps


def _zb_turns(turns: int):
    return _ahead(
        "zoobotz",
        lambda match, seat: match.view(seat).turn >= turns,
        margin=30,
        limit=200,
        on_screen=lambda screen, seat: (
            screen.match.view(seat).turn >= turns and screen.mode == "main"
        ),
    )


def _zb_can_hack(screen, seat) -> bool:
    from ..games.zoobotz.models import Hack

    view = screen.match.view(seat)
    return view.phase == "main" and any(
        isinstance(a, Hack) for a in screen.match.legal_actions(seat)
    )


async def _zb_hack(pilot) -> None:
    """The HACK targeting menu: only the Botz this Bot may HACK are offered."""
    from ..games.zoobotz.models import Hack

    await _settle(pilot)
    await _bot_drive(pilot, _zb_can_hack)
    screen = pilot.app.screen
    seat = screen.session.on_screen
    bot = next(a.bot for a in screen.match.legal_actions(seat) if isinstance(a, Hack))
    mine = screen.query_one("#zb-mine")  # your Botz, under the hand
    mine.focus_card()
    await pilot.pause()
    for _ in range(len(mine.cards) * 2):
        if pilot.app.focused.info.key == bot:
            break
        await pilot.press("down")
    await pilot.press("a")
    await _settle(pilot)


async def _zb_builder(pilot) -> None:
    """The deck builder from the launcher, a few cards added, a Bot highlighted."""
    await _settle(pilot)
    await pilot.press("down", "down", "b")
    await _settle(pilot)
    await pilot.press("plus", "plus", "down", "down", "plus", "down", "enter", "enter", "enter")
    await _settle(pilot)


async def _pr_builder(pilot) -> None:
    """PR CCG's deck builder from the launcher: a few copies added, one refused by its rule."""
    await _settle(pilot)
    await pilot.press("down", "b")
    await _settle(pilot)
    await pilot.press("plus", "plus", "down", "plus", "down", "down", "plus", "plus", "plus")
    await pilot.press("plus")
    await _settle(pilot)


def _zeo(seed: int = 7, humans: int = 1) -> Callable[[], TabletopApp]:
    seats = [
        SeatSpec(name="Vee", kind="human"),
        SeatSpec(name="Hugh", kind="human" if humans > 1 else "heuristic"),
    ]
    return lambda: TabletopApp(game="zeo-dbg", seats=seats, seed=seed, bot_delay=0, autosave=False)


async def fast_forward(pilot, game: str | None, limit: int, stop=None, kind: str = "quick") -> int:
    """Let the `kind` bot play every seat on the engine (no redraws) up to the last action
    before the game ends, or before the one after which `stop(view)` holds (`view`: the
    table's public View); the screen plays that action itself, so the picture is the one a
    whole drive gives. `game`: the bot's game (None: the screen's). Returns the moves made."""
    from ..engine.bots import bot_rng
    from ..games import make_bot

    app = pilot.app
    while type(app.screen).__name__ in ("CurtainScreen", "RevealScreen"):
        await pilot.press("enter")
        await pilot.pause()
    screen = app.screen
    for _ in range(200):  # a bot's turn already scheduled plays first
        if not screen.waiting:
            break
        await pilot.pause()
    match = screen.match
    bot = make_bot(game or match.rules.game_id, kind)
    made = 0
    for _ in range(limit):
        acting = sorted(match.to_act())
        if not acting or match.outcome() is not None:
            break
        seat = acting[0]
        choice = bot.choose(
            match.view(seat),
            match.legal_actions(seat),
            seat,
            bot_rng(match.seed, len(match.actions), seat),
        )
        after, _ = match.rules.apply(match.state, seat, choice)
        if match.rules.outcome(after) is not None:
            break  # the screen plays the last action itself
        if stop is not None and stop(match.rules.view(after, None)):
            break
        match.play(seat, choice)
        made += 1
    screen.redraw()
    screen.advance()
    await _settle(pilot)
    return made


def _to_game_over(game: str, limit: int):
    """Steps: the heuristic bot plays the seat on screen to the game-over screen."""

    async def steps(pilot) -> None:
        await _settle(pilot)
        await fast_forward(pilot, game, limit)
        await _bot_drive(pilot, lambda screen, seat: False, limit=limit, game=game)
        for _ in range(20):
            if type(pilot.app.screen).__name__ == "GameOverScreen":
                break
            await pilot.pause()
        await _settle(pilot)

    return steps


def _zeo_block(match, seat) -> bool:
    decision = match.view(seat).decision
    return decision is not None and decision.kind == "block" and decision.seat == seat


def _hotg(seed: int = 5, players: int = 4, **config) -> Callable[[], TabletopApp]:
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Finn"]
    seats = [SeatSpec(name=names[i], kind="human") for i in range(players)]
    return lambda: TabletopApp(
        game="hotg", seats=seats, seed=seed, bot_delay=0, autosave=False, config=config
    )


def _psycho_attached(match, seat) -> bool:
    view = match.view(seat)
    return view.phase == "action" and any(
        r.psycho_attached for p in view.players for r in p.rangers
    )


def _mastermind(seed: int = 3) -> Callable[[], TabletopApp]:
    seats = [
        SeatSpec(name="Ann", kind="heuristic"),
        SeatSpec(name="Ben", kind="heuristic"),
        SeatSpec(name="Mal", kind="human"),
    ]
    return lambda: TabletopApp(
        game="hotg",
        seats=seats,
        seed=seed,
        bot_delay=0,
        autosave=False,
        config={"mode": "mastermind"},
    )


def _mastermind_placing(match, seat) -> bool:
    view = match.view(seat)
    return (
        view.decision is not None
        and view.decision.kind == "grid_place"
        and view.battle is not None
        and sum(1 for c in view.battle.grid.cells if c.slot >= 0) >= 2
    )


def _hotg_battle(match, seat) -> bool:
    view = match.view(seat)
    return (
        view.battle is not None
        and view.battle.turn == "rangers"
        and view.decision is None
        and any(c.resolved for c in view.battle.cards)
    )


def _then_help(steps):
    """Steps, then `?`: our rules reference at the section for that moment."""

    async def both(pilot) -> None:
        await steps(pilot)
        await pilot.press("question_mark")
        await _settle(pilot)

    return both


def _learn(game: str):
    """Steps: pick the game on the launcher and press t for its guided first game."""
    from ..games import GAMES

    async def steps(pilot) -> None:
        await _settle(pilot)
        await pilot.press(*["down"] * list(GAMES).index(game), "t")
        await _settle(pilot, 4)

    return steps


def _replay(game: str, seed: int, at: float, eyes: int = 0) -> Callable[[], TabletopApp]:
    """A game played to its end by the quick bots, replayed on its table from the step at
    fraction `at` of the game, seen by everyone (eyes 0) or by seat eyes-1."""

    def make() -> TabletopApp:
        import random

        from ..engine.match import Match
        from ..games import get_rules, make_bot
        from ..tables.replay import Replay

        rules = get_rules(game)
        match = Match(rules, rules.config_type(names=("Alice", "Bob")), seed)
        bots = [make_bot(game, "quick"), make_bot(game, "quick")]
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.play(
                seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), seat, rng)
            )
        replay = Replay(match)
        return TabletopApp(replay=replay, replay_at=int(len(match.actions) * at), autosave=False)

    async def steps(pilot) -> None:
        await _settle(pilot)
        for _ in range(eyes):
            await pilot.press("tab")
        await _settle(pilot)

    make.steps = steps  # type: ignore[attr-defined]
    return make


SCENES = [
    Scene("launcher", lambda: TabletopApp(autosave=False), _nothing),
    Scene("learn-army-of-zero", lambda: TabletopApp(autosave=False), _learn("army-of-zero")),
    Scene("learn-zeo-dbg", lambda: TabletopApp(autosave=False), _learn("zeo-dbg")),
    Scene("learn-hotg", lambda: TabletopApp(autosave=False), _learn("hotg")),
    Scene("setup", lambda: TabletopApp(game="army-of-zero", seed=1234, autosave=False), _nothing),
    Scene(
        "replay-army-of-zero",
        _replay("army-of-zero", 5, 0.5),
        _replay("army-of-zero", 5, 0.5).steps,
    ),
    Scene(
        "replay-zeo-dbg",
        _replay("zeo-dbg", 5, 0.4, eyes=1),
        _replay("zeo-dbg", 5, 0.4, eyes=1).steps,
    ),
    Scene("army-of-zero-order", _aoz(VS_BOT), _ordering),
    Scene("army-of-zero", _aoz(VS_BOT), _battle),
    Scene("army-of-zero-reveal", _aoz(VS_BOT), _reveal),
    Scene("army-of-zero-curtain", _aoz(HUMANS), _curtain),
    Scene("army-of-zero-help", _aoz(VS_BOT), _help),
    Scene("army-of-zero-game-over", _aoz(VS_BOT, seed=11), _to_game_over("army-of-zero", 2000)),
    Scene("pr-ccg-2008", _pr(), _pr_select),
    Scene("pr-ccg-2008-pay", _pr(), _pr_pay),
    Scene("pr-ccg-2008-reveal", _pr(), _pr_reveal),
    Scene("zoobotz", _zb(2, seed=5), _zb_turns(7)),
    Scene("zoobotz-6p", _zb(6, seed=3), _zb_turns(14)),
    Scene("zoobotz-hack", _zb(2, seed=5), _zb_hack),
    Scene("pr-ccg-2008-decks", lambda: TabletopApp(autosave=False), _pr_builder),
    Scene("zoobotz-decks", lambda: TabletopApp(autosave=False), _zb_builder),
    Scene(
        "zeo-dbg",
        _zeo(),
        _ahead(
            "zeo-dbg",
            lambda match, seat: match.view(seat).turn >= 9,
            on_screen=lambda screen, seat: (
                screen.match.view(seat).turn >= 9 and screen.mode == "main"
            ),
        ),
    ),
    Scene("zeo-dbg-block", _zeo(), _ahead("zeo-dbg", _zeo_block)),
    Scene("zeo-dbg-help-block", _zeo(), _then_help(_ahead("zeo-dbg", _zeo_block))),
    Scene("zeo-dbg-game-over", _zeo(), _to_game_over("zeo-dbg", 3000)),
    Scene(
        "hotg",
        _hotg(),
        _ahead(
            "hotg",
            lambda match, seat: match.view(seat).round >= 2,
            limit=600,
            on_screen=lambda screen, seat: (
                screen.match.view(seat).round >= 2 and screen.mode == "act"
            ),
        ),
    ),
    Scene("hotg-battle", _hotg(), _ahead("hotg", _hotg_battle, limit=600)),
    Scene("hotg-help-battle", _hotg(), _then_help(_ahead("hotg", _hotg_battle, limit=600))),
    Scene("hotg-game-over", _hotg(), _to_game_over("hotg", 4000)),
    Scene(
        "hotg-mastermind-grid",
        _mastermind(),
        _until("hotg", lambda screen, seat: _mastermind_placing(screen.match, seat), limit=600),
    ),
    Scene(
        "hotg-psycho-assault",
        _hotg(mode="psycho_assault"),
        _ahead("hotg", _psycho_attached, limit=600),
    ),
]


def _game_screen(app):
    return next((s for s in reversed(app.screen_stack) if hasattr(s, "session")), None)


#: what each scene's name promises, beyond its game's screen: (test on the app, in words)
_PROMISES: dict[str, tuple[Callable[[object], bool], str]] = {
    "army-of-zero-order": (lambda app: _view(app).phase == "order", "squads being ordered"),
    "army-of-zero": (lambda app: _view(app).phase == "battle", "the fight under way"),
    "pr-ccg-2008": (
        lambda app: _view(app).phase == "select" and _view(app).seats[_seat(app)].selected is None,
        "a battle card to choose",
    ),
    "zoobotz": (
        lambda app: _view(app).turn >= 7 and _game_screen(app).mode == "main",
        "turn 7 or later, the seat's main phase",
    ),
    "zoobotz-hack": (
        lambda app: getattr(_game_screen(app).menu, "kind", None) == "hack",
        "the HACK targets' menu open",
    ),
    "zeo-dbg": (
        lambda app: _view(app).turn >= 9 and _game_screen(app).mode == "main",
        "turn 9 or later, a Main Phase",
    ),
    "hotg": (
        lambda app: _view(app).round >= 2 and _game_screen(app).mode == "act",
        "round 2 or later, a move to make",
    ),
    "pr-ccg-2008-pay": (
        lambda app: _view(app).seats[_seat(app)].selected is not None,
        "a card selected, its Hand Cost being paid",
    ),
    "zoobotz-6p": (lambda app: len(_view(app).seats) == 6, "six seats"),
    "zeo-dbg-block": (lambda app: _zeo_block(_match(app), _seat(app)), "a Block to decide"),
    "hotg-battle": (lambda app: _hotg_battle(_match(app), _seat(app)), "a battle under way"),
    "hotg-mastermind-grid": (
        lambda app: _mastermind_placing(_match(app), _seat(app)),
        "the Mastermind placing on the combat grid",
    ),
    "hotg-psycho-assault": (
        lambda app: _psycho_attached(_match(app), _seat(app)),
        "a Psycho Ranger attached",
    ),
}


def _match(app):
    return _game_screen(app).match


def _seat(app):
    return _game_screen(app).session.on_screen


def _view(app):
    return _match(app).view(_seat(app))


def reached(scene: Scene, app) -> str | None:
    """Why the app is not at the moment the scene is named for, or None: a snapshot of the
    wrong moment must fail, not be stored as the truth."""
    name = scene.name
    on_top = type(app.screen).__name__
    wanted = {
        "launcher": "LauncherScreen",
        "setup": "SetupScreen",
        "zoobotz-decks": "DeckBuilderScreen",
        "pr-ccg-2008-decks": "PrCcgDeckBuilder",
    }.get(name)
    for suffix, screen in (
        ("-curtain", "CurtainScreen"),
        ("-reveal", "RevealScreen"),
        ("-game-over", "GameOverScreen"),
    ):
        if name.endswith(suffix):
            wanted = screen
    if "-help" in name:
        wanted = "HelpScreen"
    if wanted is not None:
        return None if on_top == wanted else f"{name}: {on_top} on top, not {wanted}"
    game = _game_screen(app)
    if game is None:
        return f"{name}: no game screen"
    if name.startswith("replay-") and not type(game).__name__.startswith("Replay"):
        return f"{name}: {type(game).__name__} is not a replay"
    if name.startswith("learn-") and game.session.tutorial is None:
        return f"{name}: not a guided game"
    promise = _PROMISES.get(name)
    if promise is not None and not promise[0](app):
        return f"{name}: not at {promise[1]}"
    return None


async def capture(scene: Scene, size: tuple[int, int]) -> str:
    app = scene.make_app()
    async with app.run_test(size=size) as pilot:
        await scene.steps(pilot)
        problem = reached(scene, app)
        if problem is not None:
            raise RuntimeError(f"screenshot not taken: {problem}")
        return app.export_screenshot(title=f"tabletop-tui: {scene.name}")


def generate_screenshots(out_dir: Path) -> list[Path]:
    """Write every scene at every size as SVG; no real saves are touched."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    old_home = os.environ.get("TABLETOP_TUI_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TUI_HOME"] = home
        try:
            for scene in SCENES:
                for label, size in SIZES.items():
                    svg = asyncio.run(capture(scene, size))
                    name = (
                        f"{scene.name}.svg"
                        if label == "160x48" and scene.name == "launcher"
                        else f"{scene.name}-{label}.svg"
                    )
                    path = out_dir / name
                    path.write_text(svg, encoding="utf-8")
                    written.append(path)
        finally:
            if old_home is None:
                os.environ.pop("TABLETOP_TUI_HOME", None)
            else:
                os.environ["TABLETOP_TUI_HOME"] = old_home
    return written
