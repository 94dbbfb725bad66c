"""Level mistakes found by a game's lint, and finding that lint. Pure Python, no Qt.

A game that can check its levels names its lint as ``Game.lint``: a function taking a
level and returning a list of ``Problem``. Each problem
names its cell (so the Problems dock can select it), or has ``cell`` None when it
concerns the level as a whole. A square-grid level numbers its cells row by row; a
hex level (one with ``hexes()``, core.hexes) by their place in ``hexes()``, as the
hex editor does: ``cell_position`` and ``problem_record`` turn either into
coordinates, (x, y) or the hex's axial (q, r).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    rule: str  # a short identifier, e.g. "no-reachable-exit"
    message: str  # one sentence a designer understands
    cell: int | None = None  # row-major cell index, or None for the whole level
    severity: str = "warning"  # "error" (cannot be solved as it is), "warning" or "info"
    # Every cell of a problem that spans several (a region the player never reaches), the
    # first being ``cell``; the Problems dock selects them together. Empty: just ``cell``.
    cells: tuple[int, ...] = ()

    @property
    def all_cells(self) -> tuple[int, ...]:
        """The problem's cells: ``cells``, else ``cell`` alone, else none."""
        return self.cells or (() if self.cell is None else (self.cell,))

    def where(self, width: int) -> str:
        """"(x, y)" of the cell, or "level"."""
        if self.cell is None:
            return "level"
        return f"({self.cell % width}, {self.cell // width})"

    def as_dict(self, width: int) -> dict:
        x = y = None
        if self.cell is not None:
            x, y = self.cell % width, self.cell // width
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "cell": self.cell, "x": x, "y": y}


def cell_position(level, cell: int | None) -> tuple[int, int] | None:
    """(x, y) of a square-grid level's cell, (q, r) of a hex level's; None for None."""
    if cell is None:
        return None
    hexes = getattr(level, "hexes", None)
    if callable(hexes):
        q, r = hexes()[cell]
        return q, r
    width = getattr(level, "width", 1)
    return cell % width, cell // width


def problem_place(level, problem: Problem) -> str:
    """"(x, y)" (a hex's "(q, r)") of the problem's cell, or "level"."""
    position = cell_position(level, problem.cell)
    return "level" if position is None else f"({position[0]}, {position[1]})"


def problem_record(level, problem: Problem) -> dict:
    """The problem as `studio lint --json` fields: rule, severity, message, cell, x, y
    (for a hex level x and y are the hex's axial q and r), and ``cells``, every cell of
    the problem (one for most, all of a region for some)."""
    position = cell_position(level, problem.cell)
    x, y = position if position is not None else (None, None)
    return {"rule": problem.rule, "severity": problem.severity, "message": problem.message,
            "cell": problem.cell, "x": x, "y": y, "cells": list(problem.all_cells)}


def lint_level(game, level) -> list[Problem]:
    """The problems ``game`` (a core.game.Game) finds in a level; [] when it has no lint."""
    return [] if game.lint is None else list(game.lint.resolve()(level))
