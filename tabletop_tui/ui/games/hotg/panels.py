"""Heroes of the Grid's text panels: the status line, the power board and decks beside the
table, and the game-over summary with its plot."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ....games.hotg.models import View
from .cards import nice, place_name


def next_back(view: View) -> str:
    back = view.next_deploy_back
    if back in ("monster", "boss", "nemesis", "psycho_boss"):
        return back.replace("_", " ").upper()
    return place_name(view, back) if back else "—"


def status_text(view: View, name: Callable[[int], str], compact: bool, width: int = 0) -> Text:
    """The line over the table: round, phase, who acts, then the team's counters. On a
    compact screen (no side panel) it adds the deployment deck, and `width` (the line's
    cells) packs its parts on lines of that width, a part never cut in two: at 80 columns
    it takes two lines, where one line hid Boss and Deploy behind "…" (issue 36)."""
    head = Text.assemble(("HotG", "bold"), f" Round {view.round} · {view.phase.title()}")
    if view.phase != "over":
        head.append(" · ▶ ")
        who = view.focus  # the acting Ranger, or the one seat a question waits on
        d = view.decision
        if d is not None and len(d.asked) == 1:
            who = d.asked[0]
        if who == view.mastermind_seat:
            head.append(f"☠ {name(who)} (Mastermind)", style="bold")
        else:
            head.append(f"P{who + 1} {view.players[who].name}", style="bold")
    panicked = sum(1 for loc in view.locations if loc.panicked)
    parts = [
        head,
        Text(f"CC ⚡{view.hq_energy}", style="bold"),
        Text(f"⚠{panicked}/4", style="bold" if panicked >= 3 else ""),
        Text(f"XP {view.experience}/{view.experience_max}"),
        Text(f"Power {view.power}/{view.power_max}"),
        Text(f"Boss {view.boss_progress}/{view.boss_goal}"),
    ]
    if compact:
        parts.insert(5, Text(f"Deploy {view.deploy_count} next: {next_back(view)}"))
    if view.mode == "mastermind":
        parts.append(Text(f"☠ Schemes {view.scheme_count}"))
    elif view.mode == "psycho_assault":
        parts.append(Text("Psycho Assault"))
    text = Text()
    used = 0
    for i, part in enumerate(parts):
        if i:
            if compact and width and used + 3 + part.cell_len > width:
                text.append("\n")
                used = 0
            else:
                # (after the turn a dim bar; then each bar as its part: ⚠3/4 bold with it)
                text.append(" │ ", style="dim" if i == 1 else part.style)
                used += 3
        text.append_text(part)
        used += part.cell_len
    return text


def deck_forecast(view: View) -> Text:
    """What a table that remembers the revealed cards knows of the deck (View
    `deploy_segments`): the cards on top, which the next deployments draw first, by the
    location on their backs with their figures; then how many were seen in the last phases.
    Players may count cards; the screen counts for them."""
    segments = view.deploy_segments
    text = Text()
    if not segments:
        return text
    top = segments[0]
    text.append(f"Top {len(top)} cards, order unknown", style="italic")
    if view.deploy_villains:
        text.append(f" (+{view.deploy_villains} villain)", style="italic")
    text.append(":\n")
    backs: dict[str, list[int]] = {}
    for figures, back in top:
        backs.setdefault(back, []).append(figures)
    for back, figures in backs.items():
        text.append(f" {place_name(view, back)}: ")
        text.append(" ".join(str(f) for f in sorted(figures)), style="bold")
        text.append(" figures\n" if len(figures) > 1 or figures[0] != 1 else " figure\n")
    if len(segments) > 1:
        under = sum(len(seg) for seg in segments[1:])
        text.append(f" then {under} seen in the last {len(segments) - 1} phase(s)\n", style="dim")
    return text


def info_text(view: View) -> Text:
    """The deployment deck, the power board, the villains (a large terminal's side panel)."""
    text = Text("Deployment deck\n", style="bold underline")
    text.append(f"{view.deploy_count} cards · next back: ")
    text.append(next_back(view), style="bold")
    text.append(f"\n{view.deployments_per_round} per round · {view.deploy_discard} used\n")
    if not view.heavy_deployments:
        text.append("easier cards: 1-1-1-2-3 figures\n")
    text.append_text(deck_forecast(view))
    text.append("Power board\n", style="bold underline")
    text.append(f"XP    {'★' * view.experience}{'☆' * (view.experience_max - view.experience)}\n")
    text.append(f"Power {'■' * view.power}{'□' * (view.power_max - view.power)}\n")
    text.append(f"Zord deck {view.zord_deck}")
    if view.megazord:
        text.append(f" · {nice(view.megazord)}")
    if view.megazord_token:
        text.append(f" · token at {place_name(view, view.megazord_token)}")
    text.append("\nVillains\n", style="bold underline")
    text.append(", ".join(nice(m) for m in view.monsters) or "—")
    text.append(f"\nBoss: {nice(view.boss)} {view.boss_progress}/{view.boss_goal}\n")
    if view.mode == "mastermind":
        text.append(f"☠ Schemes: hand {view.scheme_count} · deck {view.scheme_deck}\n")
    if view.psycho_aside:
        text.append("Set aside: " + ", ".join(view.psycho_aside) + "\n", style="dim")
    if view.defeated_villains:
        text.append("Defeated: " + ", ".join(nice(v) for v in view.defeated_villains), style="dim")
    return text


def summary_text(match) -> Text:
    view = match.view(None)
    text = Text(match.outcome().summary + "\n\n")
    text.append(
        f"Rounds: {view.round} · Command Center energy {view.hq_energy} · "
        f"boss {view.boss_progress}/{view.boss_goal}\n"
    )
    history = list(view.history)
    if view.phase == "over" and (not history or history[-1][0] != view.round):
        panicked = sum(1 for loc in view.locations if loc.panicked)
        history.append((view.round, panicked, view.hq_energy))
    if history:
        from ...widgets.plot import Series, line_plot  # (the game-over summary's only)

        text.append("\nPanicked locations and Command Center energy per round\n", style="bold")
        top = max(4, *(max(p, e) for _, p, e in history))
        text.append_text(
            line_plot(
                [
                    Series("panicked locations", [p for _, p, _ in history], "P", "red"),
                    Series("Command Center energy", [e for _, _, e in history], "E", "cyan"),
                ],
                height=6,
                width=44,
                x_label="round",
                y_max=top,
            )
        )
    text.append(f"\n\nActions: {len(match.actions)} · seed {match.seed}")
    return text
