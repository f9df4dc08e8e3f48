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
