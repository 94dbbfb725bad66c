"""How a level describes its named properties, so one dialog can edit any game's.

A level may offer ``property_specs() -> list[PropertySpec]``: which of its
``properties()`` the designer edits, in what order, and with what kind of field.
A level without it gets a text field for each of its properties.

Kinds and their values:
- "text": a one-line string.
- "multiline": a string of several lines (a description, a solution).
- "file": a file name (a string), relative to the level's folder when it lies there.
- "colour": ``None`` (the game's default, ``default``) or a (red, green, blue)
  tuple of ints from 0 to ``scale``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("text", "multiline", "file", "colour")


@dataclass(frozen=True)
class PropertySpec:
    name: str  # the key in properties()
    label: str
    kind: str = "text"
    tip: str = ""
    default: Any = None  # "colour": what None stands for
    scale: int = 255  # "colour": the largest component value
    file_filter: str = ""  # "file": the file dialog's filter, e.g. "Levels (*.laby)"
    row: str = ""  # specs sharing a row label are edited side by side on that row

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown property kind {self.kind!r}; known: {', '.join(KINDS)}")


def specs_of(level) -> list[PropertySpec]:
    """The level's own specs, or a text field for each of its properties."""
    describe = getattr(level, "property_specs", None)
    if describe is not None:
        return list(describe())
    return [PropertySpec(name, f"&{name.capitalize()}") for name in level.properties()]


def level_title(level) -> str:
    """The level's title as its game names it (its "title", else its "name"); "" when it has none."""
    values = level.properties()
    return str(values.get("title") or values.get("name") or "").strip()
