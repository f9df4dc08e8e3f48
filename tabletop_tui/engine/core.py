"""The contract every game implements.

The engine never names a game. A game supplies a `Rules` subclass; everything
else (Match, bots, the UI, the conformance kit) talks to games only through it.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Generic, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .fast import built, evolve

Seat = int


class Model(BaseModel):
    """Frozen, strict base for states, actions and views: copies share structure."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False):
        """Pydantic's copy (which does not validate `update` either) without its generic
        cost: the rules copy states on every move. A deep copy takes pydantic's path."""
        if deep:
            return super().model_copy(update=update, deep=True)
        return evolve(self, **update) if update else evolve(self)


def replace_at(items: tuple, index: int, item) -> tuple:
    """A copy of `items` with one entry changed: states are immutable, seats are tuples."""
    return (*items[:index], item, *items[index + 1 :])


def bounded(ge: int, le: int, *, rule: str, default: Any = ...) -> Any:
    """An action's number with static bounds, and the rule a value outside them breaks.

    Parsing (saves, the network) refuses such a value; `Rules.check` refuses it too, even
    in an action built without validation (`model_construct`).
    """
    return Field(default, ge=ge, le=le, json_schema_extra={"rule": rule})


class Rejection(Model):
    """Why an action is illegal: the rule that forbids it, in words a player reads."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class GameSetupError(Exception):
    """A game cannot be dealt from what it was given (its card files, a player's folder):
    raised by a game's setup, said to the player in one line. Card loading sits above the
    engine and raises its own kind of it (`cards.CardDataError`)."""


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


_UNSET: Any = object()
#: the defaults an event takes for a field left out: the model's own (`data` is a new dict)
_KIND, _SEAT, _BARRIER = (Event.model_fields[name].default for name in ("kind", "seat", "barrier"))
#: the fields-set of an event for each combination of optional fields given
_EVENT_GIVEN: dict[tuple[bool, bool, bool, bool], set[str]] = {}


def event(
    text: str,
    kind: str = _UNSET,
    seat: Seat | None = _UNSET,
    barrier: bool = _UNSET,
    data: dict[str, Any] = _UNSET,
) -> Event:
    """`Event(...)` for values the rules computed, without validation: the rules make one
    or more on every move (the model `make` gives, about a third cheaper: plain keyword
    parameters, no plan lookup). A field left out takes its default, as validation gives."""
    mask = (kind is not _UNSET, seat is not _UNSET, barrier is not _UNSET, data is not _UNSET)
    given = _EVENT_GIVEN.get(mask)
    if given is None:
        names = ("kind", "seat", "barrier", "data")
        given = _EVENT_GIVEN[mask] = {"text", *(n for n, g in zip(names, mask, strict=True) if g)}
    return built(
        Event,
        {
            "text": text,
            "kind": _KIND if kind is _UNSET else kind,
            "seat": _SEAT if seat is _UNSET else seat,
            "barrier": _BARRIER if barrier is _UNSET else barrier,
            "data": {} if data is _UNSET else data,
        },
        given,
    )


def _show(value: Any) -> str:
    """A short, safe description of a value from outside (huge ints cannot be printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of {value.bit_length()} bits"
    if isinstance(value, BaseModel):
        return f"a {type(value).__name__} of {type(value).__module__}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field_rejection(kind: type[BaseModel], exc: ValidationError) -> Rejection:
    """Name the rule a bad field breaks: its `bounded(rule=...)`, else the move itself."""
    err = exc.errors()[0]
    name = str(err["loc"][0]) if err.get("loc") else ""
    field = kind.model_fields.get(name)
    extra = field.json_schema_extra if field is not None else None
    rule = extra.get("rule") if isinstance(extra, dict) else None
    value, ctx = _show(err.get("input")), err.get("ctx") or {}
    if err["type"] == "greater_than_equal":
        reason = f"{name} must be at least {ctx.get('ge')}, not {value}"
    elif err["type"] == "less_than_equal":
        reason = f"{name} must be at most {ctx.get('le')}, not {value}"
    else:
        reason = f"{name or 'the move'}: {err['msg']} (got {value})"
    return Rejection(rule=str(rule or "Moves"), reason=reason)


def describe_plainly(action: Any) -> str:
    """An action in neutral words, for one a game cannot describe.

    A game words its legal actions; an illegal one read from a save or the network (a card
    id of another game, a battle with no target) may not fit those words, and naming it in
    the error must not crash.
    """
    if not isinstance(action, BaseModel):
        return _show(action)
    fields = ", ".join(f"{k}={_show(v)}" for k, v in action.__dict__.items() if k != "kind")
    return f"{getattr(action, 'kind', type(action).__name__)} ({fields})"


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


#: actions that passed `Rules.screen_action`, by id (see there); cleared when full
_SCREENED: dict[int, Any] = {}
_SCREENED_MAX = 4096


#: `Rules`' class attributes for its parameters, in their order
_TYPE_NAMES = ("config_type", "state_type", "action_type", "view_type")


def _take_types(cls: type) -> None:
    """`class XRules(Rules[Config, State, Action, View])` names its four types once: each
    one the class (or a base) does not set itself is taken from those parameters."""
    for base in cls.__dict__.get("__orig_bases__", ()):
        origin = get_origin(base)
        if not (isinstance(origin, type) and issubclass(origin, Rules)):
            continue
        for name, given in zip(_TYPE_NAMES, get_args(base), strict=False):
            if not isinstance(given, TypeVar) and not hasattr(cls, name):
                setattr(cls, name, given)


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
    _action_classes: ClassVar[frozenset[type] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Guard a game's own `check` with `screen`, so no game can forget the shared checks,
        and its `describe` with a plain fallback (see `describe_plainly`).

        Both are looked up along the MRO: a game may assemble its rules from mixins.
        The four model types come from the class's parameters (`_take_types`).
        """
        super().__init_subclass__(**kwargs)
        _take_types(cls)
        own = cls.check
        if not getattr(own, "screened", False) and not getattr(own, "__isabstractmethod__", 0):

            @functools.wraps(own)
            def check(self, state, seat, action):
                rejection = self.screen(seat, action)
                return rejection if rejection is not None else own(self, state, seat, action)

            check.screened = True  # type: ignore[attr-defined]
            cls.check = check  # type: ignore[method-assign]
        words = cls.describe
        if not getattr(words, "screened", False) and not getattr(words, "__isabstractmethod__", 0):

            @functools.wraps(words)
            def describe(self, action):
                if self.screen_action(action) is None:
                    try:
                        return words(self, action)
                    except Exception:  # an illegal action the game's words do not fit
                        pass
                return describe_plainly(action)

            describe.screened = True  # type: ignore[attr-defined]
            cls.describe = describe  # type: ignore[method-assign]
        legal = cls.legal_actions
        if not getattr(legal, "remembered", False) and not getattr(
            legal, "__isabstractmethod__", 0
        ):

            @functools.wraps(legal)
            def legal_actions(self, state, seat):
                # (`_remembered_legal`, spelt out: this runs on every move)
                memo = self.__dict__.get("_legal_memo")
                if memo is not None and memo[0] is state and memo[1] == seat:
                    if type(seat) is int:
                        return list(memo[2])
                out = legal(self, state, seat)
                if type(seat) is int:  # a seat 0.0 or True must meet the checks again
                    self._legal_memo = (state, seat, tuple(out))
                return out

            legal_actions.remembered = True  # type: ignore[attr-defined]
            cls.legal_actions = legal_actions  # type: ignore[method-assign]

    def _remembered_legal(self, state: StateT, seat: Seat) -> tuple | None:
        """The last legal_actions answer, if it was for this very state object and seat."""
        memo = self.__dict__.get("_legal_memo")
        if memo is not None and memo[0] is state and type(seat) is int and memo[1] == seat:
            return memo[2]
        return None

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

    @classmethod
    def action_classes(cls) -> frozenset[type]:
        """The model classes of the game's action union."""
        if cls.__dict__.get("_action_classes") is None:
            kind = cls.action_type
            if get_origin(kind) is Annotated:
                kind = get_args(kind)[0]
            cls._action_classes = frozenset(
                a for a in get_args(kind) or (kind,) if isinstance(a, type)
            )
        return cls._action_classes  # type: ignore[return-value]

    def screen(self, seat: Any, action: Any) -> Rejection | None:
        """The checks every game shares, run by `check` before the game's own.

        The action must be one of this game's action models (not another game's, not a
        dict), and its fields must pass their declared types and bounds strictly: an action
        built with `model_construct` skips validation, and a negative X or a slot past the
        end must not reach the rules. Bounds that depend on the state stay with the game.
        """
        if type(seat) is not int:
            return Rejection(rule="Seats", reason=f"A seat is a number, not {_show(seat)}")
        return self.screen_action(action)

    def screen_action(self, action: Any) -> Rejection | None:
        """`screen` without the seat: is this a well-formed action of this game?

        An action object that passed once is remembered (by identity, holding it so its id
        cannot be reused): the games hand out shared action objects from legal_actions, and
        a frozen model stays as it was checked."""
        kind = type(action)
        if kind not in self.action_classes():
            return Rejection(
                rule="Moves", reason=f"That is not a move of {self.title} ({_show(action)})"
            )
        if _SCREENED.get(id(action)) is action:
            return None
        try:
            kind.__pydantic_validator__.validate_python(action.__dict__, strict=True)
        except ValidationError as exc:
            return _field_rejection(kind, exc)
        if len(_SCREENED) >= _SCREENED_MAX:
            _SCREENED.clear()
        _SCREENED[id(action)] = action
        return None

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

    def probe_actions(self, state: StateT, seat: Seat) -> list[ActionT]:
        """Moves of `seat` a screen may ask about though they are not open now (a card in
        hand it cannot pay for): a shared table sends their refusals with the seat's view,
        since a remote screen has no state to check them on. Only the seat's own cards."""
        return []

    @abstractmethod
    def _resolve(
        self, state: StateT, seat: Seat, action: ActionT
    ) -> tuple[StateT, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> tuple[StateT, tuple[Event, ...]]:
        """`check`, then `_resolve`. The last legal_actions answer is remembered (for that
        very state object and seat, as frozen states never change): an action object taken
        from it is legal without checking it again, and asking again costs nothing."""
        memo = self.__dict__.get("_legal_memo")  # `_remembered_legal`, spelt out
        if memo is not None and memo[0] is state and memo[1] == seat and type(seat) is int:
            for offered in memo[2]:  # a loop: cheaper per move than any() over a generator
                if offered is action:
                    return self._resolve(state, seat, action)
        rejection = self.check(state, seat, action)
        if rejection is not None:
            raise IllegalAction(rejection)
        return self._resolve(state, seat, action)

    @abstractmethod
    def view(self, state: StateT, seat: Seat | None) -> ViewT: ...

    def outcome(self, state: StateT) -> Outcome | None:
        """Every game keeps its result in its state (`state.outcome`, None while it runs)."""
        return state.outcome  # type: ignore[attr-defined]

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
