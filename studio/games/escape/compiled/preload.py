"""Imported by core.racing's fork server (racing.racing_context) before it forks the Escape
solver's second-core searches: it loads the compiled search's machine code once there, so
each racer forked starts searching at once, where a spawned one spent about half a second
of every level's time importing numba and loading the code.

Only code already compiled is loaded (``compiling.ready``): compiling is
Game.prepare_solver's work, never the fork server's. Importing this never fails: a racer
forked without the code loads it itself, as a spawned one does.
"""

try:
    from studio.games.escape.compiled.compiling import compile_now, ready

    if ready():
        compile_now()  # (with the code in the cache, a search of a two-move level: loads it all)
except Exception:  # noqa: BLE001 - the racers load it themselves
    pass
