"""The unvalidated builders of tabletop_tui.engine.fast give models indistinguishable from
validated ones (the golden playouts rely on it for whole games)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Event, Model, Outcome
from tabletop_tui.engine.fast import evolve, make


class Inner(Model):
    a: int
    b: tuple[str, ...] = ()


class Outer(Model):
    name: str
    inner: Inner
    tags: dict[str, int] = {}
    flag: bool = False


def test_make_equals_the_validated_model():
    inner = Inner(a=1, b=("x",))
    built = make(Outer, inner=inner, name="n")  # keyword order differs from field order
    validated = Outer(name="n", inner=inner)
    assert built == validated
    assert built.model_dump_json() == validated.model_dump_json()
    assert repr(built) == repr(validated)
    assert built.model_fields_set == validated.model_fields_set == {"name", "inner"}


def test_make_copies_mutable_defaults():
    one, two = make(Event, text="a"), make(Event, text="b")
    assert one.data == {} and one.data is not two.data
    assert one == Event(text="a")


def test_make_refuses_unknown_and_missing_fields():
    with pytest.raises(TypeError, match="no field named colour"):
        make(Inner, a=1, colour="red")
    with pytest.raises(TypeError, match="'a' is required"):
        make(Inner, b=())


def test_evolve_equals_model_copy_and_shares_the_rest():
    outer = Outer(name="n", inner=Inner(a=1), tags={"k": 2})
    new = evolve(outer, flag=True)
    old_style = outer.model_copy(update={"flag": True})
    assert new == old_style
    assert new.model_dump_json() == old_style.model_dump_json()
    assert new.model_fields_set == old_style.model_fields_set
    assert new.inner is outer.inner
    assert outer.flag is False  # the original is untouched


def test_evolved_models_stay_frozen():
    out = evolve(Outcome(winners=(0,)), summary="won")
    with pytest.raises(Exception, match="frozen"):
        out.summary = "changed"  # type: ignore[misc]


def test_model_copy_matches_pydantics_own_copy():
    """Model.model_copy takes evolve's path; the result is what pydantic's generic copy
    gives, shallow and deep."""
    from pydantic import BaseModel

    outer = Outer(name="n", inner=Inner(a=1), tags={"k": 2})
    for update in ({"flag": True}, {}, None):
        ours = outer.model_copy(update=update)
        theirs = BaseModel.model_copy(outer, update=update)
        assert ours == theirs
        assert ours.model_fields_set == theirs.model_fields_set
        assert ours.model_dump_json() == theirs.model_dump_json()
    deep = outer.model_copy(deep=True)
    assert deep == outer and deep.inner is not outer.inner


def test_make_checks_each_shape_of_a_class_on_its_own():
    """make works a plan out once per class and set of given names: a second call with
    those names gives an equal model with its own mutable defaults, and another set of
    names is checked afresh (a missing required field still refused)."""
    first = make(Outer, name="a", inner=Inner(a=1))
    again = make(Outer, name="a", inner=Inner(a=1))
    assert first == again and first.tags is not again.tags
    assert again.model_fields_set == {"name", "inner"}
    tagged = make(Outer, name="a", inner=Inner(a=1), tags={"k": 1})
    assert tagged == Outer(name="a", inner=Inner(a=1), tags={"k": 1})
    assert tagged.model_fields_set == {"name", "inner", "tags"}
    with pytest.raises(TypeError, match="'inner' is required"):
        make(Outer, name="a")


def test_models_read_fields_without_pydantics_fallback_hook():
    """engine.fast takes pydantic's `__getattr__` off the models that need none (every
    model of the games): fields read the plain way, and a missing attribute still raises
    AttributeError naming it."""
    from pydantic import BaseModel

    assert not any("__getattr__" in vars(k) for k in Outer.__mro__)
    assert "__getattr__" not in vars(BaseModel)
    outer = Outer(name="n", inner=Inner(a=1))
    assert outer.inner.a == 1 and outer.flag is False
    with pytest.raises(AttributeError, match="colour"):
        outer.colour  # noqa: B018


def test_models_with_private_attributes_or_extra_fields_keep_pydantics_hook():
    """Models that use what the hook is for (private attributes, extra fields), defined
    before or after the engine, read them exactly as pydantic intends."""
    from pydantic import BaseModel, ConfigDict, PrivateAttr

    class Secret(BaseModel):
        a: int = 1
        _secret: int = PrivateAttr(default=5)

    class MoreSecret(Secret):
        b: int = 2

    class Open(BaseModel):
        model_config = ConfigDict(extra="allow")

    secret = MoreSecret()
    assert Secret()._secret == 5 and secret._secret == 5 and secret.b == 2
    secret._secret = 7
    assert secret._secret == 7
    assert Open(colour="red").colour == "red"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="size"):
        Open().size  # type: ignore[attr-defined]  # noqa: B018


def test_models_defined_before_the_engine_keep_pydantics_hook():
    """A model with private attributes made before the engine is imported gets the hook
    back when the engine takes it off pydantic (a fresh process: here it is imported)."""
    import subprocess
    import sys

    code = (
        "from pydantic import BaseModel, PrivateAttr\n"
        "class Early(BaseModel):\n"
        "    _n: int = PrivateAttr(default=3)\n"
        "import tabletop_tui.engine\n"
        "print(Early()._n)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "3"


@pytest.mark.parametrize(
    "fields",
    [
        {"text": "a"},
        {"text": "a", "kind": "deploy"},
        {"text": "a", "seat": 2, "barrier": True},
        {"text": "a", "kind": "info", "data": {"n": 1}},
        {"text": "a", "kind": "k", "seat": None, "barrier": False, "data": {}},
    ],
)
def test_event_equals_the_validated_event(fields):
    """engine.event (the rules' cheap way to log what happened) gives the Event validation
    gives: the same fields in the same order, the same JSON and the same given fields,
    and an own data dict when none is given."""
    from tabletop_tui.engine import event

    built, validated = event(**fields), Event(**fields)
    assert built == validated
    assert built.model_dump_json() == validated.model_dump_json()
    assert list(built.__dict__) == list(validated.__dict__)
    assert built.model_fields_set == validated.model_fields_set
    assert event(text="b").data is not event(text="c").data


_PLAYOUTS = """
import hashlib, json, random, sys
from tabletop_tui.engine import fast
from tabletop_tui.games import get_rules, playable_ids
out = {"off": sorted(n for n in fast.OVERRIDES if not fast.active(n))}
for game_id in playable_ids():
    rules = get_rules(game_id)
    rng, digest = random.Random(7), hashlib.sha256()
    state = rules.new_game(rules.default_config(), 7)
    for _ in range(400):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = rules.legal_actions(state, seat)
        state, events = rules.apply(state, seat, legal[rng.randrange(len(legal))])
        digest.update(repr(state).encode())
        digest.update(json.dumps([e.model_dump(mode="json") for e in events]).encode())
        digest.update(repr(sorted(state.model_fields_set)).encode())
    out[game_id] = digest.hexdigest()
print(json.dumps(out))
"""


def test_the_fast_paths_play_every_game_as_pydantic_itself_does():
    """Both of pydantic's internals used by engine.fast (`fast_models`: make/evolve without
    validation; `plain_field_reads`: BaseModel's `__getattr__` taken off) against pydantic's
    own way, switched off in a fresh process: seeded random games of every game give the
    same states (repr), events (JSON) and explicitly set fields, step by step."""
    import json
    import os
    import subprocess
    import sys

    from tabletop_tui.engine import fast

    def play(off: str) -> dict:
        env = {**os.environ, "TABLETOP_TUI_PYDANTIC_OFF": off}
        done = subprocess.run(
            [sys.executable, "-c", _PLAYOUTS], capture_output=True, text=True, env=env, check=True
        )
        return json.loads(done.stdout)

    ours, theirs = play(""), play(",".join(fast.OVERRIDES))
    assert ours.pop("off") == [] and theirs.pop("off") == sorted(fast.OVERRIDES)
    assert len(ours) >= 5
    assert ours == theirs
