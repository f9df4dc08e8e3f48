"""Building and copying frozen models on the engine's hot path without revalidating them.

Pydantic validates every `Model(...)` call and `model_copy` goes through `copy.copy`; a
random playout makes hundreds of thousands of both. Inputs from outside (a config, a save,
an action, card files) are validated once at the boundary; values the rules compute
themselves are already of the declared types, so these helpers skip validation and give
models equal to validated ones, with the same field order (JSON and repr follow it) and
the same set of explicitly given fields.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)

_setattr = object.__setattr__
_MUTABLE = (dict, list, set)
#: per model class: its fields in order as (name, default, default is mutable)
_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _fields(cls: type[BaseModel]) -> tuple[tuple[str, Any, bool], ...]:
    out = _FIELDS.get(cls)
    if out is None:
        entries = []
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:
                raise TypeError(f"{cls.__name__}.{name}: default factories are not supported")
            entries.append((name, info.default, isinstance(info.default, _MUTABLE)))
        out = _FIELDS[cls] = tuple(entries)
    return out


def make(cls: type[M], /, **values: Any) -> M:
    """`cls(**values)` for values already of the field types (computed by the rules)."""
    data: dict[str, Any] = {}
    for name, default, mutable in _fields(cls):
        if name in values:
            data[name] = values[name]
        elif default is PydanticUndefined:
            raise TypeError(f"{cls.__name__}: field '{name}' is required")
        else:
            data[name] = default.copy() if mutable else default
    if not values.keys() <= data.keys():
        unknown = sorted(set(values) - data.keys())
        raise TypeError(f"{cls.__name__}: no field named {', '.join(unknown)}")
    new = cls.__new__(cls)
    _setattr(new, "__dict__", data)
    _setattr(new, "__pydantic_fields_set__", set(values))
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", None)
    return new


def evolve(model: M, /, **changes: Any) -> M:
    """`model.model_copy(update=changes)` without its generic overhead; unchanged fields
    (sub-states, tuples) are shared with the original, which is safe as models are frozen."""
    cls = type(model)
    if not changes.keys() <= cls.__pydantic_fields__.keys():
        unknown = sorted(set(changes) - cls.__pydantic_fields__.keys())
        raise TypeError(f"{cls.__name__}: no field named {', '.join(unknown)}")
    data = model.__dict__.copy()
    data.update(changes)
    new = cls.__new__(cls)
    _setattr(new, "__dict__", data)
    _setattr(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | changes.keys())
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", model.__pydantic_private__)
    return new
