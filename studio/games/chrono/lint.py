"""ChronoShift level mistakes (``studio lint``, the Problems dock). Rules, each naming its cell:

- ``no-goal``: the level has no goal, so it can never be completed (error, at the
  time machine);
- ``unlinked-button``: a button linked to no gate does nothing (warning);
- ``unlinked-gate``: a gate no button is linked to never changes: a closed one is
  a wall, an open one plain floor (warning);
- ``unreachable-goal``: no way at all leads from the time machine to the goal,
  even with every gate open and every crate out of the way: only walls count
  (error);
- ``crate-button``: a crate button ('B' or 'P') is meant for crates only, but
  the original game presses it under a clone too, so it is a plain button: a
  level counting on clones leaving it alone breaks there (warning).
"""

from __future__ import annotations

from collections import deque

from studio.core.problems import Problem
from studio.games.chrono.engine.actions import MOVES
from studio.games.chrono.glyphs import CRATE_BUTTONS, Glyph, glyph_name, is_button, is_gate


def lint_level(level) -> list[Problem]:
    problems: list[Problem] = []
    goals = [cell for cell, glyph in enumerate(level.glyphs) if glyph == Glyph.GOAL]
    if not goals:
        problems.append(Problem("no-goal", "The level has no goal: it can never be completed.", level.start, "error"))
    linked_gates = {gate for gates in level.links.values() for gate in gates}
    has_crates = Glyph.CRATE in level.glyphs
    for cell, glyph in enumerate(level.glyphs):
        x, y = level.xy(cell)
        if glyph == Glyph.CRATE_PLATE and not has_crates:
            problems.append(Problem("inert-crate-plate", f"The crate plate at ({x}, {y}) presses nothing: in a level "
                                                         f"without crates the original game ignores it, whoever "
                                                         f"stands on it.", cell))
        elif glyph in CRATE_BUTTONS:
            problems.append(Problem("crate-button", f"The {glyph_name(glyph)} at ({x}, {y}) is pressed by a clone "
                                                    f"too, not only by a crate: the original game treats it as a "
                                                    f"plain button.", cell))
        if is_button(glyph) and not level.links.get(cell):
            problems.append(Problem("unlinked-button", f"The {glyph_name(glyph)} at ({x}, {y}) is linked to no gate: "
                                                       f"pressing it does nothing.", cell))
        elif is_gate(glyph) and cell not in linked_gates:
            stays = "a wall" if glyph == Glyph.CLOSED_GATE else "plain floor"
            problems.append(Problem("unlinked-gate", f"No button is linked to the {glyph_name(glyph)} at ({x}, {y}): "
                                                     f"it never changes, as good as {stays}.", cell))
    reachable = _reachable(level)
    for goal in goals:
        if goal not in reachable:
            x, y = level.xy(goal)
            problems.append(Problem("unreachable-goal", f"No way leads from the time machine to the goal at "
                                                        f"({x}, {y}), even with every gate open.", goal, "error"))
    return problems


def _reachable(level) -> set[int]:
    """Cells reachable from the time machine through everything but walls."""
    seen = {level.start}
    queue = deque([level.start])
    while queue:
        cell = queue.popleft()
        x, y = level.xy(cell)
        for dx, dy in MOVES.values():
            if level.contains(x + dx, y + dy):
                there = level.index(x + dx, y + dy)
                if there not in seen and level.glyphs[there] != Glyph.WALL:
                    seen.add(there)
                    queue.append(there)
    return seen


__all__ = ["lint_level"]
