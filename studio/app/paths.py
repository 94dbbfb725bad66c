"""Where the studio's bundled folders are: ``levels/`` and ``resources/``.

Three ways the studio runs, one answer each:

- a PyInstaller bundle: the folders are unpacked beside the program, in
  ``sys._MEIPASS`` (see ``studio.spec``);
- a source checkout or an editable install: they lie beside the ``studio``
  package, at the top of the checkout;
- an installed wheel: only what was packaged inside ``studio/`` itself, if
  anything, so the package's own folder is the last place looked.

No Qt here, so the CLI and tests can use it headless.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # .../studio


def _roots() -> list[Path]:
    """The folders that may hold ``levels/`` and ``resources/``, best first."""
    roots = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    roots.append(_PACKAGE_DIR.parent)  # the checkout, beside the package
    roots.append(_PACKAGE_DIR)  # packaged inside the package
    return roots


def _find(name: str) -> Path:
    roots = _roots()
    for root in roots:
        candidate = root / name
        if candidate.is_dir():
            return candidate
    return roots[0] / name  # absent everywhere: the most likely place, for messages


def is_frozen() -> bool:
    """True when running from a PyInstaller bundle."""
    return bool(getattr(sys, "frozen", False) and getattr(sys, "_MEIPASS", None))


def levels_dir() -> Path:
    """The bundled levels folder (one sub-folder per game, e.g. ``levels/escape``)."""
    return _find("levels")


def resources_dir() -> Path:
    """The bundled resources folder (our own SVG art and other data files)."""
    return _find("resources")


def sample_level_path() -> Path | None:
    """The level the GUI opens when started with no file: the first bundled level of the
    first registered game (Escape's first tutorial level), else of any game; None when
    no level is bundled at all."""
    from studio.core.game import all_games

    levels = levels_dir()
    for game in all_games():
        folder = levels / game.id
        if folder.is_dir():
            files = sorted(p for p in folder.iterdir() if p.is_file() and game.matches(p))
            if files:
                return files[0]
    return None
