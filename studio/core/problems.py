"""Level mistakes found by a game's lint, and finding that lint. Pure Python, no Qt.

A game that can check its levels registers ``Game.extras["lint"]``: a callable or
"module:function" taking a level and returning a list of ``Problem``. Each problem
names its cell (so the Problems dock can select it), or has ``cell`` None when it
concerns the level as a whole.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Problem:
    rule: str  # a short identifier, e.g. "no-reachable-exit"
    message: str  # one sentence a designer understands
    cell: int | None = None  # row-major cell index, or None for the whole level
    severity: str = "warning"  # "error" (cannot be solved as it is) or "warning"

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


def extra_function(game, key: str) -> Callable | None:
    """The function a game registered as ``extras[key]`` (a callable or "module:function"),
    or None when it has none."""
    found = game.extras.get(key)
    if found is None or callable(found):
        return found
    module_name, _, name = found.partition(":")
    return getattr(importlib.import_module(module_name), name)


def lint_level(game, level) -> list[Problem]:
    """The game's lint problems for a level; [] when the game has no lint."""
    lint = extra_function(game, "lint")
    return [] if lint is None else list(lint(level))
