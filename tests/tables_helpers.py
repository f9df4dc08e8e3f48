"""Helpers for the table tests: a service on a private unix socket, recording clients,
a driver that plays a table to its end with random legal actions, and the leak check."""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tabletop_tui.engine.match import Match
from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.protocol import DEFAULT_LIMITS, Events, Limits, Message, ViewUpdate
from tabletop_tui.tables.service import TableService
from tabletop_tui.tables.table import Table


@dataclass
class Player:
    """A real socket client and everything it was sent."""

    user: str
    client: TableClient
    views: list[ViewUpdate] = field(default_factory=list)
    events: list[Events] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)

    def record(self, message: Message) -> None:
        self.messages.append(message)
        if isinstance(message, ViewUpdate):
            self.views.append(message)
        elif isinstance(message, Events):
            self.events.append(message)


class Harness:
    def __init__(self, save_dir: Path, limits: Limits = DEFAULT_LIMITS):
        self.folder = Path(tempfile.mkdtemp(prefix="tt-"))  # short: unix socket paths are
        self.service = TableService(save_dir, limits)

    async def __aenter__(self) -> Harness:
        await self.service.start(self.folder / "tables.sock")
        return self

    async def __aexit__(self, *exc) -> None:
        await self.service.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    async def connect(self, user: str) -> Player:
        ticket = self.service.issue_ticket(user)
        player = Player(user, None)  # type: ignore[arg-type]
        player.client = await TableClient.connect(
            self.service.socket_path, ticket, on_message=player.record
        )
        return player


async def play_out(
    table: Table,
    players: dict[int, Player],
    rng: random.Random,
    on_step=None,
    max_steps: int = 5000,
) -> int:
    """Each human seat to act picks a random legal action from the view it was sent, and sends
    it over its socket; bots play themselves inside the service. Returns human actions sent."""
    sent = 0
    for _ in range(max_steps * 20):
        if table.over:
            return sent
        humans = sorted(table.match.to_act() - table.bots.keys())
        if not humans:
            await asyncio.sleep(0.001)  # a bot's turn
            continue
        seat = rng.choice(humans)
        player = players[seat]
        update = await player.client.wait_view(lambda v: v.revision == table.revision)
        assert update.seat == seat
        error = await player.client.act(rng.choice(update.legal), expect=update.revision)
        assert error is None, error
        sent += 1
        if on_step is not None:
            await on_step(sent)
    raise AssertionError("the game did not end")


def dump(state) -> dict:
    return state.model_dump(mode="json")


def check_views(rules, states: list, views: list[ViewUpdate], seat: int | None) -> int:
    """Every view a client got is exactly `view(state, seat)` of the replayed state at that
    step, and a hidden variant of that state (another seat's cards re-dealt) gives the same
    message: it holds nothing the seat may not see. Returns how many variants changed what
    some other seat would see (proof the check is not vacuous)."""
    altered = 0
    count = len(rules.seat_names(states[0]))
    for k, update in enumerate(views):
        assert update.seat == seat
        state = states[update.step]
        assert update.view == dump(rules.view(state, seat))
        if seat is None:
            assert update.legal == [] and update.public is None
        else:
            assert update.public == dump(rules.view(state, None))
        if k % 2:
            continue
        for r in range(2):
            variant = rules.hidden_variant(state, seat, random.Random(r * 1000 + k))
            assert dump(rules.view(variant, seat)) == update.view, (
                f"seat {seat} was sent something that differs with other seats' hidden cards"
            )
            if seat is not None and update.legal:
                legal = [rules.dump_action(a) for a in rules.legal_actions(variant, seat)]
                assert legal == update.legal, "the legal actions depend on hidden cards"
            others = [o for o in range(count) if o != seat]
            if any(rules.view(variant, o) != rules.view(state, o) for o in others):
                altered += 1
    return altered


async def replayed_states(table: Table) -> tuple[Match, list]:
    """The table's autosave read back from disk, and its replayed states, which must equal the
    live game's action by action."""
    await table.flush()
    loaded = Match.load(table.save_path)  # type: ignore[arg-type]
    assert loaded.actions == table.match.actions
    states = list(loaded.replay())
    assert len(states) == len(table.match.states)
    for replayed, live in zip(states, table.match.states, strict=True):
        assert dump(replayed) == dump(live)
    return loaded, states
