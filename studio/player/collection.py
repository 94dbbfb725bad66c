"""The collection an exported game plays: its name, author, icon, game and levels in order,
with a solution shipped for each level (for ``--self-test``). Pure Python, no Qt.

An exported game holds a folder with ``collection.json`` (written by ``studio.export``),
the level files and the icon. Play Collection in the studio makes a ``Collection`` of
level files straight away (``from_files``), with no solutions.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from studio.core.errors import LevelFormatError
from studio.core.reading import read_level

MANIFEST = "collection.json"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class CollectionLevel:
    """One level: its file (relative to the collection's folder, or absolute), its title,
    a winning solution as the game's move text with where it came from, and the shortest
    solution known at export (``hint``: the path the Hint key follows, core.hints)."""

    file: str
    title: str
    solution: str = ""
    solution_source: str = ""
    hint: str = ""


@dataclass(frozen=True)
class Collection:
    name: str
    game_id: str
    levels: tuple[CollectionLevel, ...]
    author: str = ""
    icon: str = ""  # a file in ``folder`` (PNG or SVG), or empty
    folder: Path = field(default=Path("."), compare=False)

    def level_path(self, level: CollectionLevel) -> Path:
        return self.folder / level.file

    def icon_path(self) -> Path | None:
        return self.folder / self.icon if self.icon else None

    def to_json(self) -> str:
        data = {"format": FORMAT_VERSION, "name": self.name, "author": self.author, "game": self.game_id,
                "icon": self.icon, "levels": [asdict(level) for level in self.levels]}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def save(self) -> Path:
        path = self.folder / MANIFEST
        path.write_text(self.to_json(), encoding="utf-8")
        return path


def load_collection(folder: str | Path) -> Collection:
    """The collection in ``folder``; LevelFormatError says what is wrong with its manifest."""
    folder = Path(folder)
    path = folder / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        levels = tuple(CollectionLevel(str(entry["file"]), str(entry.get("title", "")),
                                       str(entry.get("solution", "")), str(entry.get("solution_source", "")),
                                       str(entry.get("hint", "")))
                       for entry in data["levels"])
        collection = Collection(str(data["name"]), str(data["game"]), levels, str(data.get("author", "")),
                                str(data.get("icon", "")), folder)
    except OSError as error:
        raise LevelFormatError(f"{path}: {error.strerror or error}") from None
    except (ValueError, KeyError, TypeError) as error:
        raise LevelFormatError(f"{path}: not a game collection ({error})") from None
    if not levels:
        raise LevelFormatError(f"{path}: the collection has no level")
    return collection


def from_files(name: str, game_id: str, files, author: str = "", icon: str | Path = "") -> Collection:
    """A collection of level files as they are (Play Collection): absolute paths, titles
    read from the levels when they can be; ``icon`` a PNG or SVG file (or none)."""
    from studio.core.game import game_by_id

    game = game_by_id(game_id)
    levels = []
    for file in files:
        path = Path(file).resolve()
        try:
            title = level_title(game.load(read_level(path, game)), path)
        except (OSError, LevelFormatError):
            title = level_title(None, path)
        levels.append(CollectionLevel(str(path), title))
    return Collection(name, game_id, tuple(levels), author, str(Path(icon).resolve()) if icon else "", Path("/"))


def level_title(level, path: str | Path) -> str:
    """The level's own title (Escape's and Intricacy's title, Labyrinthos's name), else its
    file name made readable: "01-coin-and-home.txt" -> "Coin and home"."""
    try:
        properties = level.properties() if level is not None else {}
    except AttributeError:
        properties = {}
    for key in ("title", "name"):
        text = str(properties.get(key) or "").strip()
        if text:
            return text
    stem = re.sub(r"^[\d\s._-]+", "", Path(path).stem) or Path(path).stem
    words = re.sub(r"[-_]+", " ", stem).strip()
    return words[:1].upper() + words[1:]


def md5_of(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()
