"""Building and copying frozen models on the engine's hot path without revalidating them:
every use of pydantic's internals, in one place (pydantic is pinned to the minor version
the comparison tests run on).

Pydantic validates every `Model(...)` call and `model_copy` goes through `copy.copy`; a
random playout makes hundreds of thousands of both. Inputs from outside (a config, a save,
an action, card files) are validated once at the boundary; values the rules compute
themselves are already of the declared types, so these helpers skip validation and give
models equal to validated ones, with the same field order (JSON and repr follow it) and
the same set of explicitly given fields.

The overrides, each switchable by naming it in `TABLETOP_TUI_PYDANTIC_OFF` (comma-separated,
read at import; for measuring and for the comparison tests), with what each buys in
`benchmarks/run.py --quick --parts engine` (random playouts, actions per CPU second; four
runs of the unchanged code spread about 8%: Army Of Zero 55-60k, PR CCG 55-60k, ZOOBOTZ
44-47k, Zeo 23-24k, Heroes of the Grid 16.6-18.1k; Dec 2026, pydantic 2.14):

- `fast_models`: `make`, `evolve` and `built` set a model's `__dict__`, fields-set, extra
  and private slots through pydantic's own slot descriptors (`object.__new__`, no
  validation). Off (`cls(**values)` and pydantic's `model_copy`): Army Of Zero 37k, PR CCG
  38k, ZOOBOTZ 35k, Zeo 17.6k, Heroes of the Grid 14.0k, i.e. these make the engine
  1.2-1.6 times as fast. Kept.
- `plain_field_reads`: takes `BaseModel.__getattr__` off for the whole process (given back
  to any model class with private attributes or extra fields, before or after this
  module). Off, two runs: Army Of Zero 49-52k, PR CCG 50-52k, ZOOBOTZ 36-39k, Zeo 19-22k,
  Heroes of the Grid 13-15k, i.e. it buys 11-17% of the engine's speed, above the noise.
  Kept, with its process-wide reach: no model of this project needs the hook, and
  tests/test_engine_fast.py holds the models that do.

One use of pydantic's internals lives elsewhere, as it must run before pydantic builds its
first validator: `startup.skip_plugin_loader` stands in for `pydantic.plugin._loader` while
plugins are off: it keeps `importlib.metadata` out of a game screen's first frame (about
8 ms), and tests/test_startup_imports.py compares it with pydantic's own loader (no plugins
while they are off; pydantic's loader, searching the installed packages, once asked for).

tests/test_engine_fast.py compares both with pydantic's own way: `make` and `event` with
validated models, `evolve` with `model_copy`, and seeded random games of every game played
in a fresh process with both switched off, state by state.
"""

from __future__ import annotations

import os
from copy import deepcopy
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)

#: each of pydantic's internals used here, and what it buys (see the module docstring)
OVERRIDES: dict[str, str] = {
    "fast_models": "make/evolve/built unvalidated: the engine 1.2-1.6x as fast",
    "plain_field_reads": "BaseModel.__getattr__ off: the engine 11-17% faster",
}
_OFF = frozenset(
    name.strip() for name in os.environ.get("TABLETOP_TUI_PYDANTIC_OFF", "").split(",") if name
)


def active(name: str) -> bool:
    """Whether the override `name` (a key of OVERRIDES) is in use in this process."""
    return name not in _OFF


_new = object.__new__
# The slots every pydantic model has, set straight through their descriptors (what
# object.__setattr__ would look up on every call).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_MUTABLE = (dict, list, set)
_REQUIRED = object()


class _Spec:
    """What `make` needs to know about a model class, worked out once."""

    __slots__ = ("template", "required", "mutable")

    def __init__(self, cls: type[BaseModel]):
        #: every field in declaration order, with its default (or a marker when required)
        self.template: dict[str, Any] = {}
        self.required: set[str] = set()
        #: fields whose default is a dict, list or set: each instance gets its own
        self.mutable: dict[str, Any] = {}
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:
                raise TypeError(f"{cls.__name__}.{name}: default factories are not supported")
            if info.default is PydanticUndefined:
                self.template[name] = _REQUIRED
                self.required.add(name)
            else:
                self.template[name] = info.default
                if isinstance(info.default, _MUTABLE):
                    self.mutable[name] = info.default


_PLANS: dict[tuple, tuple] = {}


def _plan(cls: type[BaseModel], names: tuple[str, ...]) -> tuple:
    """What `make` does for one class and one set of given field names, worked out (and
    checked) once: the template, the shared fields-set, the defaults to copy."""
    spec = _Spec(cls)
    unknown = sorted(set(names) - spec.template.keys())
    if unknown:
        raise TypeError(f"{cls.__name__}: no field named {', '.join(unknown)}")
    missing = sorted(spec.required - set(names))
    if missing:
        raise TypeError(f"{cls.__name__}: field '{missing[0]}' is required")
    fresh = tuple((name, d) for name, d in spec.mutable.items() if name not in names)
    return spec.template, set(names), fresh


def built(cls: type[M], data: dict[str, Any], given: set[str]) -> M:
    """A model of `cls` holding `data` (every field, in declaration order, of the field
    types) with `given` as its explicitly set fields: what validation would give, unchecked."""
    new = _new(cls)
    _set_dict(new, data)
    _set_fields_set(new, given)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def make(cls: type[M], /, **values: Any) -> M:
    """`cls(**values)` for values already of the field types (computed by the rules).

    The given names are checked the first time a class is built with them; the set of
    given fields is shared by the models built alike, as `evolve` shares it (nobody changes
    a frozen model's set)."""
    key = (cls, *values)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 4096:  # a bound: the rules build a few hundred shapes
            _PLANS.clear()
        plan = _PLANS[key] = _plan(cls, key[1:])
    template, given, fresh = plan
    data = {**template, **values}  # keeps the fields' declaration order
    for name, default in fresh:  # each instance gets its own dict, list or set
        data[name] = deepcopy(default) if default else type(default)()
    return built(cls, data, given)


def evolve(model: M, /, **changes: Any) -> M:
    """`model.model_copy(update=changes)` without its generic overhead; unchanged fields
    (sub-states, tuples) are shared with the original, which is safe as models are frozen.

    Field names are not checked here (it is the hottest call of a playout): the golden
    playouts and the conformance kit catch a misspelt one."""
    new = _new(type(model))
    _set_dict(new, {**model.__dict__, **changes})
    given = model.__pydantic_fields_set__
    # the set is shared when nothing new was given: no one changes a frozen model's set
    if not changes.keys() <= given:
        given = given | changes.keys()
    _set_fields_set(new, given)
    _set_extra(new, None)
    _set_private(new, model.__pydantic_private__)
    return new


# -- reading fields ------------------------------------------------------------------------------
# Pydantic's BaseModel defines `__getattr__` (for private attributes and extra fields). Any
# `__getattr__` in a class's bases makes CPython route EVERY attribute read of its instances
# through a slower hook (and the interpreter cannot specialise them): `state.players` costs
# about twice what it would, and the rules read fields on every line. No model of this
# project has private attributes or extra fields, so the hook is taken off BaseModel and
# put back only on the model classes that need it (any that have private attributes or
# allow extra fields, now or defined later): they behave exactly as before, and every
# other model reads its fields the plain way (a missing one raises AttributeError naming it).
_PYDANTIC_GETATTR = BaseModel.__dict__.get("__getattr__")


def _needs_getattr(cls: type[BaseModel]) -> bool:
    return bool(getattr(cls, "__private_attributes__", None)) or (
        cls.model_config.get("extra") == "allow"
    )


def _give_back(cls: type[BaseModel]) -> None:
    # (looked up in the bases' own dicts: pydantic's metaclass answers getattr itself)
    if _needs_getattr(cls) and not any("__getattr__" in vars(k) for k in cls.__mro__):
        cls.__getattr__ = _PYDANTIC_GETATTR  # type: ignore[attr-defined]


def _plain_field_reads() -> None:
    if not active("plain_field_reads"):
        return
    if _PYDANTIC_GETATTR is None or "__getattr__" not in BaseModel.__dict__:
        return  # a pydantic without the hook, or done already
    del BaseModel.__getattr__
    stack = list(BaseModel.__subclasses__())
    while stack:  # the model classes defined before this module
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        _give_back(cls)
    init_subclass = BaseModel.__dict__["__pydantic_init_subclass__"].__func__

    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        init_subclass(cls, **kwargs)
        _give_back(cls)

    BaseModel.__pydantic_init_subclass__ = classmethod(__pydantic_init_subclass__)  # type: ignore[assignment]


_plain_field_reads()

if not active("fast_models"):  # pydantic's own way, for measuring and comparing

    def make(cls: type[M], /, **values: Any) -> M:  # type: ignore[no-redef]
        return cls(**values)

    def evolve(model: M, /, **changes: Any) -> M:  # type: ignore[no-redef]
        return BaseModel.model_copy(model, update=changes)
