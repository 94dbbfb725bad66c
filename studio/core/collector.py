"""The cyclic garbage collector paused while a search runs.

A search allocates millions of small tuples (states, edges, heap entries) and
keeps most of them, so Python's collector, which runs after every 700 new
containers and now and then walks every object alive, spent a fifth of a
ChronoShift search's time finding nothing to free: states hold no cycles (a
whole Escape solve leaves about a thousand cyclic objects behind). So it is
off while any search runs and comes back when the last one ends (searches
may run in threads); reference counting frees everything else as usual.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager

_lock = threading.Lock()
_running = 0
_was_enabled = True


@contextmanager
def collector_paused():
    global _running, _was_enabled
    with _lock:
        if _running == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _was_enabled:
                gc.enable()
