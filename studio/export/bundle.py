"""The folder an exported game carries (``game/``: the levels, ``collection.json``, the icon)
and the PyInstaller spec that packages it with the player shell. Pure Python, no Qt.

The spec is written afresh for each export (``spec_text``) and keeps the game small:
only the player shell, the board, and the one game's engine, formats, play-test adapter,
art and progress go in; the studio's editor, solver, CLI and the other games stay out;
Qt's plugins are cut to the ones a keyboard-driven window needs, and system libraries
that only the dropped plugins needed go with them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import studio
from studio.core.game import Game, all_games
from studio.export.levels import LevelCheck
from studio.player.collection import Collection, CollectionLevel

GAME_FOLDER = "game"  # inside the bundle, found by studio.player.main
LEVELS_FOLDER = "levels"
ICON_SUFFIXES = (".png", ".svg")
SHIPPED_MODULES_FILE = "shipped-modules.txt"  # written by the spec beside the build: what went in
# Written by the spec too: shared libraries a shipped one needs that this machine lacks (so
# they cannot ship), one "NAME NEEDED-BY" a line; empty when nothing is missing.
MISSING_LIBRARIES_FILE = "missing-libraries.txt"

# Parts of the studio an exported game never runs: leaving them out keeps it small, and a
# player never sees an editor. (Modules a shipped one imports only inside a function, such
# as a view's editor scene, would otherwise be pulled in.)
STUDIO_EXCLUDES = (
    "studio.app", "studio.model", "studio.commands", "studio.cli", "studio.__main__", "studio.server",
    "studio.export", "studio.core.solver", "studio.core.search_space", "studio.core.search_methods",
    "studio.core.solve_runner", "studio.core.shortcuts", "studio.core.collection",
)
# Of these packages only the listed modules ship: the art helpers the games' views draw
# with, and the play-test's board with its session and keys (not its dock).
SHIPPED_PARTS = {"editor": ("pixmaps", "hex_geometry"), "playtest": ("board", "session", "keymap")}
OTHER_EXCLUDES = (
    "tkinter", "unittest", "pydoc", "doctest", "pdb", "xmlrpc", "http.server", "qtawesome",
    "numpy", "numba", "llvmlite", "PyQt5", "PyQt6", "PySide2", "pytest", "hypothesis", "IPython",
    # hashlib's MD5 works without OpenSSL (its builtin _md5); OpenSSL alone is 4.6 MB.
    "_hashlib", "ssl", "_ssl", "decimal", "_decimal", "lzma", "_lzma", "bz2", "_bz2", "csv", "_csv",
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtOpenGL", "PySide6.QtSql",
    "PySide6.QtTest", "PySide6.QtDBus", "PySide6.QtXml", "PySide6.QtConcurrent", "PySide6.QtPrintSupport",
)


class StageError(ValueError):
    """The icon or a level cannot be put in the bundle; the message says why."""


def slug(name: str) -> str:
    """The program's file name for a game's name: "Tom's Escape!" -> "toms-escape"."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
    return text or "game"


def stage_collection(checks: list[LevelCheck], game: Game, name: str, author: str, icon: Path | None,
                     folder: Path) -> Collection:
    """Copy the levels (and icon) into ``folder`` with ``collection.json``; the collection."""
    if icon is not None and Path(icon).suffix.lower() not in ICON_SUFFIXES:
        raise StageError(f"{Path(icon).name}: the icon must be a PNG or an SVG file")
    if icon is not None and not Path(icon).is_file():
        raise StageError(f"{icon}: no such icon file")
    if folder.exists():
        shutil.rmtree(folder)
    (folder / LEVELS_FOLDER).mkdir(parents=True)
    levels, names = [], set()
    for number, check in enumerate(checks, start=1):
        file_name = check.path.name
        if file_name in names:  # two levels of one name from two folders: number the later
            file_name = f"{number:02d}-{file_name}"
        names.add(file_name)
        shutil.copyfile(check.path, folder / LEVELS_FOLDER / file_name)
        levels.append(CollectionLevel(f"{LEVELS_FOLDER}/{file_name}", check.title, check.solution, check.source,
                                      check.hint))
    icon_name = ""
    if icon is not None:
        icon_name = "icon" + Path(icon).suffix.lower()
        shutil.copyfile(icon, folder / icon_name)
    collection = Collection(name, game.id, tuple(levels), author, icon_name, folder)
    collection.save()
    return collection


def studio_excludes(game: Game) -> list[str]:
    """The studio's modules an exported game of ``game`` leaves out."""
    package = Path(studio.__file__).parent
    parts = sorted(f"studio.{folder}.{path.stem}" for folder, kept in SHIPPED_PARTS.items()
                   for path in (package / folder).glob("*.py") if path.stem not in kept + ("__init__",))
    others = [f"studio.{home}.{other.id}" for other in all_games() if other.id != game.id for home in ("games", "art")]
    ability_modules = [ref.module for ref in (game.lint, game.solve, game.solve_options, game.generate)
                       if ref is not None]
    shipped = {ref.module for ref in (game.playtest, game.view) if ref is not None}
    return list(STUDIO_EXCLUDES) + parts + others + [m for m in dict.fromkeys(ability_modules) if m not in shipped]


def hidden_imports(game: Game) -> list[str]:
    """What the player imports by name at run time: the game's plugin, its play-test
    adapter and art (Lazy references) and its progress store."""
    found = [f"studio.games.{game.id}"]
    found += [ref.module for ref in (game.playtest, game.view, game.progress) if ref is not None]
    return list(dict.fromkeys(found))


def spec_text(game: Game, program: str, game_folder: Path) -> str:
    """The PyInstaller spec of one export. (The icon is the window's, set at run time: a
    Linux program file carries none.)"""
    package_root = Path(studio.__file__).resolve().parent.parent
    script = Path(studio.__file__).resolve().parent / "player" / "__main__.py"
    values = {
        "SCRIPT": str(script), "PATHEX": str(package_root), "GAME_FOLDER": str(game_folder),
        "BUNDLE_FOLDER": GAME_FOLDER, "NAME": program, "HIDDEN": hidden_imports(game),
        "EXCLUDES": studio_excludes(game) + list(OTHER_EXCLUDES), "SHIPPED": SHIPPED_MODULES_FILE,
        "MISSING": MISSING_LIBRARIES_FILE,
    }
    settings = "\n".join(f"{key} = {value!r}" for key, value in values.items())
    return SPEC_HEADER.format(game=game.name) + settings + "\n" + SPEC_BODY


SPEC_HEADER = """# -*- mode: python ; coding: utf-8 -*-
# PyInstaller spec of an exported {game} game, written by studio.export.bundle for this export.
# pyinstaller --noconfirm THIS.spec  builds a one-folder program; THIS --self-test checks it.
"""

SPEC_BODY = r'''
import os
from PyInstaller.depend.bindepend import get_imports

# Qt plugins a keyboard-driven window needs: the X11, Wayland-less display (xcb), the
# offscreen one (--self-test), SVG and the common picture formats for the icon.
KEEP_PLUGINS = {
    "platforms": {"libqxcb.so", "libqoffscreen.so", "libqminimal.so"},
    "imageformats": {"libqsvg.so", "libqico.so", "libqjpeg.so", "libqgif.so"},
    "iconengines": {"libqsvgicon.so"},
    "platforminputcontexts": {"libcomposeplatforminputcontextplugin.so"},
}
QT_PREFIX = "PySide6/Qt/"


def wanted_qt(dest):
    """Keep a Qt file? Plugins by KEEP_PLUGINS; no translations (the game is in one language)."""
    if not dest.startswith(QT_PREFIX):
        return True
    rest = dest[len(QT_PREFIX):]
    if rest.startswith("translations/"):
        return False
    if rest.startswith("plugins/"):
        parts = rest.split("/")
        return len(parts) == 3 and parts[2] in KEEP_PLUGINS.get(parts[1], ())
    return True


a = Analysis(
    [SCRIPT],
    pathex=[PATHEX],
    binaries=[],
    datas=[(GAME_FOLDER, BUNDLE_FOLDER)],
    hiddenimports=HIDDEN,
    hookspath=[],
    hooksconfig={},
    runtime_hooks=[],
    excludes=EXCLUDES,
    noarchive=False,
    optimize=1,
)

a.datas = [entry for entry in a.datas if wanted_qt(entry[0])]
binaries = [entry for entry in a.binaries if wanted_qt(entry[0])]
# Shared libraries stay only when something kept needs them (ldd's whole closure): the
# plugins dropped above took GTK, OpenSSL and Wayland's libraries with them.
roots = [entry for entry in binaries if entry[2] == "EXTENSION" or "/plugins/" in entry[0]
         or os.path.basename(entry[0]).startswith("libpython")]
needed, missing = set(), {}
for dest, source, kind in roots:
    for name, found in get_imports(source):
        needed.add(os.path.basename(name))
        if found is None:  # not on this machine: the game cannot carry it
            missing.setdefault(os.path.basename(name), dest)
a.binaries = [entry for entry in binaries
              if entry in roots or os.path.basename(entry[0]) in needed]


def resolves(link, links, present, seen=()):
    """Does the symbolic link ``link`` (a bundle path) lead to a file or folder that ships?"""
    target = links[link]
    if target in present or any(path.startswith(target + "/") for path in present):
        return True
    return target in links and target not in seen and resolves(target, links, present, seen + (link,))


# PyInstaller links Qt's libraries beside the program (SYMLINK entries, among the datas);
# a link to a library left out above would dangle.
present = {dest for dest, source, kind in a.binaries + a.datas if kind != "SYMLINK"}
links = {dest: os.path.normpath(os.path.join(os.path.dirname(dest), source))
         for dest, source, kind in a.binaries + a.datas if kind == "SYMLINK"}
a.datas = [entry for entry in a.datas if entry[2] != "SYMLINK" or resolves(entry[0], links, present)]
a.binaries = [entry for entry in a.binaries if entry[2] != "SYMLINK" or resolves(entry[0], links, present)]
with open(os.path.join(workpath, MISSING), "w") as listing:
    listing.write("".join(f"{name} {dest}\n" for name, dest in sorted(missing.items())))

with open(os.path.join(workpath, SHIPPED), "w") as listing:
    listing.write("\n".join(sorted(name for name, *_ in a.pure)) + "\n")

pyz = PYZ(a.pure)
exe = EXE(
    pyz,
    a.scripts,
    [],
    exclude_binaries=True,
    name=NAME,
    debug=False,
    bootloader_ignore_signals=False,
    strip=True,
    upx=False,
    console=True,
)
coll = COLLECT(exe, a.binaries, a.datas, strip=True, upx=False, name=NAME)
'''
