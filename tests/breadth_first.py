"""A plain breadth-first search over a game's engine: the yardstick the solver, the live
verdict, the analysis and the difficulty are checked against on small levels."""

from __future__ import annotations

from collections import deque

from studio.core.playtest_adapter import WON, adapter_for


def shortest_by_breadth_first(game, level, limit: int = 300_000) -> int | None:
    """The fewest winning moves, None when no position wins (``limit`` positions at most:
    the levels given must be small enough to be exhausted)."""
    adapter = adapter_for(game)
    if adapter.outcome(adapter.initial_state(level)).kind == WON:  # (a lock with no bolt is open at once)
        return 0
    engine = game.engine
    start = engine.initial_state(level)
    seen, frontier = {start}, deque([(start, 0)])
    while frontier:
        state, depth = frontier.popleft()
        for move in engine.moves:
            result = engine.step(state, move)
            if result.outcome == "won":
                return depth + 1
            if result.outcome not in ("none", "playing") or result.state in seen:
                continue
            seen.add(result.state)
            assert len(seen) < limit, "too large a level for this check"
            frontier.append((result.state, depth + 1))
    return None
