"""Start-up without the cyclic garbage collector walking what the imports build.

Importing pydantic and Textual makes a few hundred thousand objects (modules, classes,
functions, compiled styles) that live as long as the process, and next to no garbage. With
the collector on, it walks them again and again while they are made: about a hundred young
passes, and through the command line a full pass too, tens of ms of a first frame. Our
heavy imports run inside `collector_paused()`, which turns it off for the import only and
then moves what exists into the permanent generation (`gc.freeze`), so later passes skip it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No collection inside the block; afterwards every object made so far is frozen (never
    walked, never freed: right for modules and classes). A process that turned the collector
    off itself keeps it off."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


#: PYDANTIC_DISABLE_PLUGINS values that turn every plugin off (pydantic's own list)
PLUGINS_OFF = ("__all__", "1", "true")
LOADER = "pydantic.plugin._loader"


def skip_plugin_loader() -> None:
    """Pydantic imports its plugin loader when it builds its first validator, and the loader
    imports `importlib.metadata` (several ms of a first frame) before it reads the switch
    that turns plugins off. Until someone asks for plugins with the switch on, a stand-in
    answers "no plugins", as the loader would; with the switch off it loads the real one."""
    import sys
    import types

    if LOADER in sys.modules:
        return
    stand_in = types.ModuleType(LOADER, "Answers pydantic's plugin lookups while plugins are off.")

    def get_plugins():
        import os

        if os.getenv("PYDANTIC_DISABLE_PLUGINS") in PLUGINS_OFF:
            return ()
        if sys.modules.get(LOADER) is stand_in:
            del sys.modules[LOADER]
        import importlib

        return importlib.import_module(LOADER).get_plugins()

    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    sys.modules[LOADER] = stand_in
