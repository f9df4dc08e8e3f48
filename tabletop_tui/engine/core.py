"""The contract every game implements.

The engine never names a game. A game supplies a `Rules` subclass; everything
else (Match, bots, the UI, the conformance kit) talks to games only through it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

Seat = int


class Model(BaseModel):
    """Frozen, strict base for states, actions and views: copies share structure."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def replace_at(items: tuple, index: int, item) -> tuple:
    """A copy of `items` with one entry changed: states are immutable, seats are tuples."""
    return (*items[:index], item, *items[index + 1 :])


class Rejection(Model):
    """Why an action is illegal: the rule that forbids it, in words a player reads."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class IllegalAction(Exception):
    def __init__(self, rejection: Rejection):
        super().__init__(str(rejection))
        self.rejection = rejection


class Event(Model):
    """Something that happened, for the log and for animations.

    `barrier` marks new information (a draw, shuffle, roll or reveal): undo stops there.
    """

    text: str
    kind: str = "info"
    seat: Seat | None = None
    barrier: bool = False
    data: dict[str, Any] = {}


class Outcome(Model):
    winners: tuple[Seat, ...] = ()
    summary: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners


ConfigT = TypeVar("ConfigT", bound=BaseModel)
StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", bound=BaseModel)


class Rules(ABC, Generic[ConfigT, StateT, ActionT, ViewT]):
    """A game's rules as pure functions over immutable states."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    config_type: ClassVar[type[BaseModel]]
    state_type: ClassVar[type[BaseModel]]
    view_type: ClassVar[type[BaseModel]]
    action_type: ClassVar[Any]
    #: bumped when a rules change makes old saves replay differently
    version: ClassVar[int] = 1

    _action_adapter: ClassVar[TypeAdapter | None] = None

    # -- actions as data ---------------------------------------------------
    @classmethod
    def action_adapter(cls) -> TypeAdapter:
        if cls.__dict__.get("_action_adapter") is None:
            cls._action_adapter = TypeAdapter(cls.action_type)
        return cls._action_adapter  # type: ignore[return-value]

    def parse_action(self, data: Any) -> ActionT:
        return self.action_adapter().validate_python(data)

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        return self.action_adapter().dump_python(action, mode="json")

    # -- the contract ------------------------------------------------------
    def seat_count(self, config: ConfigT) -> int:
        """One seat per name when the config names its players, else the minimum."""
        names = getattr(config, "names", None)
        return len(names) if names is not None else self.min_seats

    def default_config(self, names: list[str] | None = None) -> ConfigT:
        return self.config_type() if names is None else self.config_type(names=tuple(names))  # type: ignore[return-value]

    @abstractmethod
    def new_game(self, config: ConfigT, seed: int) -> StateT: ...

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[Seat]: ...

    @abstractmethod
    def legal_actions(self, state: StateT, seat: Seat) -> list[ActionT]: ...

    @abstractmethod
    def check(self, state: StateT, seat: Seat, action: ActionT) -> Rejection | None: ...

    @abstractmethod
    def _resolve(
        self, state: StateT, seat: Seat, action: ActionT
    ) -> tuple[StateT, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> tuple[StateT, tuple[Event, ...]]:
        rejection = self.check(state, seat, action)
        if rejection is not None:
            raise IllegalAction(rejection)
        return self._resolve(state, seat, action)

    @abstractmethod
    def view(self, state: StateT, seat: Seat | None) -> ViewT: ...

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    @abstractmethod
    def describe(self, action: ActionT) -> str: ...

    def seat_names(self, state: StateT) -> tuple[str, ...]:
        return tuple(state.config.names)  # type: ignore[attr-defined]

    def hidden_variant(self, state: StateT, observer: Seat | None, rng: random.Random) -> StateT:
        """A state the observer cannot tell apart from `state` (hidden parts re-dealt).

        The conformance kit checks that `view(variant, observer) == view(state, observer)`,
        which proves views leak nothing. Games without hidden information return `state`.
        """
        return state
