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
        if await goto_option(pilot, f"b:{best.bot}"):
            await pilot.press("r")
            return
    if invests and pressed % 3:
        if await goto_option(pilot, f"h:{invests[-1].card}"):
            await pilot.press("i")
            return
    if plays:
        if await goto_option(pilot, f"h:{plays[0].card}"):
            await pilot.press("p")
            return
    if hacks and pressed % 2:
        if await goto_option(pilot, f"b:{hacks[0].bot}"):
            await pilot.press("a")
            return
    await pilot.press("e")


async def zeo_key(pilot, pressed: int) -> str:
    """One Zeo move by keys: answer a question with 1, play everything, buy or Battle, end.

    Returns the kind of move made, so a test can count Blocks answered."""
    from tabletop_tui.games.zeo_dbg.models import Battle, Buy

    screen = pilot.app.screen
    seat = screen.session.on_screen
    mode = screen.mode
    if seat is None or mode in ("wait", "over"):
        await pilot.pause()
        return "wait"
    if mode in ("decision", "pick"):
        kind = screen.match.view(seat).decision
        await pilot.press("1")
        return f"answer:{kind.kind}" if kind is not None else "pick"
    if mode == "end":
        await pilot.press("e")
        return "end"
    legal = screen.match.legal_actions(seat)
    view = screen.match.view(seat)
    hand = dict(view.seats[seat].hand)
    # P leaves a card that could be attached for its ability or Block in the hand
    keep = {
        a.card
        for a in legal
        if a.kind in ("attach", "attach_tile")
        and a.card in hand
        and (
            a.kind == "attach_tile"
            or hand[a.card].ability_cost is not None
            or hand[a.card].block_cost is not None
        )
    }
    plays = [
        a.card
        for a in legal
        if a.kind == "play" and a.card in hand and (hand[a.card].shards or hand[a.card].energy)
    ]
    if any(c not in keep for c in plays):
        await pilot.press("P")
        return "play"
    if plays and pressed % 3:
        await pilot.press("p", "1")  # play a kept card after all
        return "play"
    if any(isinstance(a, Battle) for a in legal) and pressed % 2:
        await pilot.press("t", "1")
        return "battle"
    if any(isinstance(a, Buy) for a in legal) and pressed % 5:
        await pilot.press("b", "1")
        return "buy"
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
