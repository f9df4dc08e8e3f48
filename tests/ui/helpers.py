"""Driving the app like a player: keys only."""

from __future__ import annotations

from tabletop_tui.ui.app import TabletopApp


def screen_name(app: TabletopApp) -> str:
    return type(app.screen).__name__


def screen_text(app: TabletopApp) -> str:
    """The visible text of the current screen (SVG spaces turned back into spaces)."""
    svg = app.export_screenshot()
    return svg.replace("&#160;", " ")


async def settle(pilot, times: int = 2) -> None:
    for _ in range(times):
        await pilot.pause()


def saved_app(match, path) -> TabletopApp:
    """An app opening `match` from a save at `path` (a position set up on the engine)."""
    match.save(path)
    return TabletopApp(load=path, bot_delay=0, autosave=False)


async def past_curtains(pilot) -> None:
    """Settle, then clear every hand-over curtain up to the game screen."""
    await settle(pilot)
    while screen_name(pilot.app) == "CurtainScreen":
        await pilot.press("enter")
        await settle(pilot)


async def play_to_end(pilot, limit: int = 3000, until=None) -> int:
    """Answer every screen with keys until the game-over screen (or until `until(app)` holds on
    a game screen); returns keys pressed."""
    app = pilot.app
    for pressed in range(limit):
        name = screen_name(app)
        if name == "GameOverScreen":
            return pressed
        if until is not None and name.endswith("Screen") and hasattr(app.screen, "session"):
            if not app.screen.waiting and until(app):
                return pressed
        if name in ("RevealScreen", "CurtainScreen"):
            await pilot.press("enter")
        elif name == "CardMenu":  # a card's moves, or a question: the first move, or yes
            await pilot.press("enter")
        elif name == "PrCcgScreen":
            screen = app.screen
            if screen.waiting:
                await pilot.pause()
                continue
            seat = screen.session.on_screen
            legal = screen.match.legal_actions(seat) if seat is not None else []
            kinds = {a.kind for a in legal}
            if "element" in kinds:
                await pilot.press("1")
            elif "select" in kinds and pressed % 4:
                await pilot.press("enter")
            elif "pay" in kinds:
                await pilot.press("enter")
            else:
                await pilot.press("n")
        elif name == "ZoobotzScreen":
            if app.screen.waiting:
                await pilot.pause()
                continue
            await zoobotz_key(pilot, pressed)
        elif name == "ZeoScreen":
            if app.screen.waiting:
                await pilot.pause()
                continue
            await zeo_key(pilot, pressed)
        elif name == "HotgScreen":
            await hotg_key(pilot)
        elif name == "ArmyOfZeroScreen":
            screen = app.screen
            if screen.waiting:
                await pilot.pause()
                continue
            if screen.match.view(None).phase == "order":
                await pilot.press("r")
            else:
                attack_ok = (
                    screen.match.view(screen.session.on_screen)
                    .seats[screen.session.on_screen]
                    .attacks_in_hand
                    > 0
                )
                await pilot.press("a" if attack_ok and pressed % 3 else "d")
        await pilot.pause()
    raise AssertionError(f"no game over after {limit} keys; on {screen_name(app)}")


async def goto_option(pilot, option_id: str, widget: str = "#zb-list") -> bool:
    """Move the highlight of an OptionList to `option_id` with the arrow keys only."""
    from textual.widgets import OptionList

    options = pilot.app.screen.query_one(widget, OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    if option_id not in ids:
        return False
    for _ in range(len(ids) * 2):
        here = options.highlighted
        if here is not None and ids[here] == option_id:
            return True
        target = ids.index(option_id)
        await pilot.press("down" if here is None or here < target else "up")
    return options.highlighted is not None and ids[options.highlighted] == option_id


async def goto_card(pilot, key: str, zones=("#zb-hand", "#zb-mine")) -> bool:
    """Focus the card `key` of one of these zones with the arrow keys (entering the zone on
    its first card when the focus is elsewhere, as Tab does)."""
    from tabletop_tui.ui.widgets.table import Zone

    screen = pilot.app.screen
    for selector in zones:
        zone = screen.query_one(selector, Zone)
        keys = [c.info.key for c in zone.cards]
        if key in keys and zone.display:
            break
    else:
        return False
    if getattr(pilot.app.focused, "parent", None) is not zone:
        zone.focus_card(keys[0])
        await pilot.pause()
    target = keys.index(key)
    for _ in range(len(keys) * 2):
        focused = pilot.app.focused
        here = keys.index(focused.info.key) if focused in zone.cards else -1
        if here == target:
            return True
        await pilot.press("down" if here < target else "up")
        await pilot.pause()
    return getattr(pilot.app.focused, "info", None) is not None and (
        pilot.app.focused.info.key == key
    )


async def zoobotz_key(pilot, pressed: int) -> None:
    """One ZOOBOTZ move by keys: keep the hand, answer questions, invest, play, USE, end."""
    from tabletop_tui.games.zoobotz.models import Hack, Invest, Play, Research

    screen = pilot.app.screen
    seat = screen.session.on_screen
    mode = screen.mode
    if seat is None or mode in ("wait", "set", "over"):
        await pilot.pause()
        return
    if screen.menu is not None:
        await pilot.press("1")
        return
    if mode == "mulligan":
        await pilot.press("e")
        return
    if mode == "decision":
        await pilot.press("1")
        return
    legal = screen.match.legal_actions(seat)
    research = [a for a in legal if isinstance(a, Research) and a.cards > 0]
    plays = [a for a in legal if isinstance(a, Play)]
    invests = [a for a in legal if isinstance(a, Invest)]
    hacks = [a for a in legal if isinstance(a, Hack)]
    if research:
        best = max(research, key=lambda a: a.cards)
        if await goto_card(pilot, best.bot):
            await pilot.press("r")
            return
    if invests and pressed % 3:
        if await goto_card(pilot, invests[-1].card):
            await pilot.press("i")
            return
    if plays:
        if await goto_card(pilot, plays[0].card):
            await pilot.press("p")
            return
    if hacks and pressed % 2:
        if await goto_card(pilot, hacks[0].bot):
            await pilot.press("a")
            return
    await pilot.press("e")


async def zeo_key(pilot, pressed: int) -> str:
    """One Zeo move by keys, reading only the screen (its View and its move panel): answer a
    question with 1, play everything with P once a turn, then buy or Battle through a row's
    number key, sometimes play or attach what P kept, else end with e.

    Returns the kind of move made, so a test can count Blocks answered."""
    screen = pilot.app.screen
    seat = screen.session.on_screen
    mode = screen.mode
    view = screen._view
    if seat is None or mode in ("wait", "over") or view is None:
        await pilot.pause()
        return "wait"
    if mode in ("decision", "pick"):
        kind = view.decision
        await pilot.press("1")
        return f"answer:{kind.kind}" if kind is not None else "pick"
    if mode == "end":
        await pilot.press("e")
        return "end"
    keys = screen._row_key_of
    rows = [(keys[r.ident], r.label.plain) for r in screen.move_rows() if r.ident in keys]
    turn = (view.turn, seat)
    if getattr(screen, "_driver_played", None) != turn and any("▶ Play" in t for _, t in rows):
        screen._driver_played = turn
        await pilot.press("P")
        return "play"
    spend = [k for k, t in rows if "⚔ Battle" in t or "$ Buy" in t]
    other = [k for k, t in rows if "▶ Play" in t or "⊕ Attach" in t or "✦ Activate" in t]
    if other and pressed % 3 == 0:
        await pilot.press(other[0])
        return "play"
    if spend and pressed % 5:
        choice = spend[pressed % len(spend)]
        battle = any(k == choice and "⚔ Battle" in t for k, t in rows)
        await pilot.press(choice)
        return "battle" if battle else "buy"
    await pilot.press("e")
    return "end"


async def play_some(pilot, keys: int) -> None:
    """Play `keys` keys of a game the way play_to_end does, then stop on the game screen."""
    try:
        await play_to_end(pilot, limit=keys)
    except AssertionError:
        pass  # no game over yet: that is the point
    for _ in range(20):
        if screen_name(pilot.app) not in ("RevealScreen", "CurtainScreen", "CardMenu"):
            break
        await pilot.press("enter")
        await settle(pilot)


def screen_lines(app) -> list[str]:
    """The screen as lines of plain text, rebuilt from the SVG's positioned runs of text."""
    import html
    import re

    svg = app.export_screenshot()
    rows: dict[int, list[tuple[float, str]]] = {}
    run = re.compile(
        r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
        r'clip-path="url\(#[^)]*line-(\d+)\)">(.*?)</text>'
    )
    for x, line, text in run.findall(svg):
        rows.setdefault(int(line), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    lines = []
    for n in sorted(rows):
        line = ""
        for x, text in sorted(rows[n]):
            col = round(x / 12.2)
            line = line.ljust(col)[:col] + text
        lines.append(line.rstrip())
    return lines


async def drain_menus(pilot, limit: int = 8) -> int:
    """Answer follow-up prompts and questions with Enter (the first choice, or yes)."""
    answered = 0
    for _ in range(limit):
        await pilot.pause()
        if screen_name(pilot.app) != "CardMenu":
            break
        await pilot.press("enter")
        answered += 1
    return answered


async def hotg_key(pilot) -> str:
    """One move by keys: answer with the first move listed, battle where you stand, play the first playable card
    from the hand (Enter on it, then the first choice of each follow-up prompt), else move
    towards enemies, else end or pass (saying yes when asked)."""
    app = pilot.app
    if screen_name(app) == "CardMenu":
        await drain_menus(pilot)
        return "answer"
    screen = app.screen
    seat = screen.session.on_screen
    mode = screen.mode
    if seat is None or mode in ("wait", "over") or screen.waiting:
        await pilot.pause()
        return "wait"
    if mode == "decision":  # the first move of the list, by the number shown beside it
        await pilot.press(screen.key_of(screen.groups[0]) if screen.groups else "1")
        await drain_menus(pilot)
        return "answer"
    from tabletop_tui.games.hotg.models import Move, PlayCard, StartBattle

    legal = screen.match.legal_actions(seat)
    if mode == "battle":
        if any(isinstance(a, PlayCard) for a in legal):
            await pilot.press("p")
            await pilot.pause()
            await pilot.press("enter")
            await drain_menus(pilot)
            return "play"
        await pilot.press("e")
        await drain_menus(pilot)
        return "pass"
    if any(isinstance(a, StartBattle) for a in legal):
        await pilot.press("b")
        return "battle"
    view = screen.match.view(seat)
    crowded = {loc.id for loc in view.locations if loc.figures}
    moves = [a for a in legal if isinstance(a, Move) and a.to in crowded and not a.power_up]
    if moves:
        await pilot.press("m")
        await settle(pilot, 1)
        menu = app.screen
        if screen_name(app) == "CardMenu":
            entry = next(e for e in menu.entries if moves[0] in e.action.actions)
            await pilot.press(menu.key_of(entry))
            await drain_menus(pilot)
        return "move"
    await pilot.press("e")
    await drain_menus(pilot)
    return "end"


def top_level_moves(app) -> int:
    """How many moves the screen offers at once in a list: a card's menu, or ZOOBOTZ's list
    while it asks (a card's moves, a question)."""
    screen = app.screen
    if screen_name(app) == "CardMenu":
        return len(screen.entries)
    from textual.widgets import OptionList

    lists = [o for o in screen.query(OptionList) if o.id == "zb-list" and o.display]
    return lists[0].option_count if lists else 0


async def play_by_the_cards(
    pilot, pass_keys: tuple[str, ...], limit: int = 4000
) -> tuple[int, int]:
    """Play a human seat to the game's end from what the screen shows, keys only: Enter on
    a card marked ▸ (something can be done with it), the first move of its menu (yes to a
    question), a numbered answer with 1; when no card can act, or acting changed nothing,
    the game's own keys (`pass_keys`, tried in turn). Returns the most moves any top-level
    list offered, and how many moves began with Enter on a card."""
    from tabletop_tui.ui.widgets.table import Zone

    from .walk import shown

    app = pilot.app
    most = 0
    stuck = 0
    last_count = -1
    by_card = 0
    card_from = None  # the action count when Enter was last pressed on a card
    for pressed in range(limit):
        name = screen_name(app)
        most = max(most, top_level_moves(app))
        if name == "GameOverScreen":
            return most, by_card
        if name in ("RevealScreen", "CurtainScreen", "CardMenu"):
            await pilot.press("enter")
            await pilot.pause()
            continue
        screen = app.screen
        if screen.waiting or screen.session.on_screen is None:
            await pilot.pause()
            continue
        count = len(screen.session.match.actions)  # progress only: no call on the match
        stuck = stuck + 1 if count == last_count else 0
        if card_from is not None and count > card_from:  # (after its menu, if any)
            by_card += 1
            card_from = None
        last_count = count
        if top_level_moves(app):  # a list asks (ZOOBOTZ): its first answer
            await pilot.press("1")
            await pilot.pause()
            continue
        cards = [c for z in screen.query(Zone) if shown(z) for c in z.cards if c.info.actionable]
        if cards and stuck < 2:
            card = cards[pressed % len(cards)]
            card.parent.focus_card(card.info.key)
            await pilot.pause()
            await pilot.press("enter")
            card_from = count
        else:
            card_from = None
            await pilot.press(pass_keys[(stuck // 2) % len(pass_keys)])
        await pilot.pause()
    raise AssertionError(f"no game over after {limit} keys; on {screen_name(app)}")


async def engine_until(pilot, stop, kind: str = "heuristic", limit: int = 3000) -> int:
    """Reach a position fast: the `kind` bot plays every seat on the engine (no redraws) up to
    the move after which `stop(view)` would hold (`view`: the table's public View); the screen
    then plays that move itself. Returns the moves made here."""
    from tabletop_tui.ui.screenshots import fast_forward

    return await fast_forward(pilot, None, limit, stop=stop, kind=kind)
