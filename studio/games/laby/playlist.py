"""A playlist's next level: ``nextlevel`` names a file beside the level, and nothing else.

The name comes from the level file, so it is not trusted: an absolute path, ``..`` or a
link that leads out of the level's folder would let a downloaded level make the studio
read (and offer to open) any file, ``../../../proc/self/environ`` say. Only a regular
``.laby`` file inside the level's folder (or a folder below it) is a next level.
"""

from __future__ import annotations

from pathlib import Path

LEVEL_SUFFIX = ".laby"


def next_level_path(level_path: str | Path, nextlevel: str) -> Path | None:
    """The file ``nextlevel`` names beside the level at ``level_path``, or None when it names
    nothing there (see the module docstring)."""
    if not nextlevel or Path(nextlevel).is_absolute() or "\0" in nextlevel:
        return None
    folder = Path(level_path).resolve().parent
    candidate = folder / nextlevel
    try:
        target = candidate.resolve()  # links followed: where the file really is
    except (OSError, RuntimeError):  # a loop of links
        return None
    if folder not in target.parents or target.suffix.lower() != LEVEL_SUFFIX or not target.is_file():
        return None
    return candidate
