"""`studio export-web` and File > Export Web Game: check the levels as Export Game does, then
write a folder any static web server can serve (or a zip of it, for a host such as itch.io):
``index.html`` with the player's script and style, Brython, the game's Python modules, the
sprite atlas, a thumbnail per level and ``game.js`` (the levels' bytes, titles, shipped
solutions and hints). Nothing is fetched by the page's scripts, so it plays from a
double-clicked file as well as from a server."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import time
import zipfile
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Callable

from studio.export.build import check_levels, folder_bytes, refusal
from studio.export.bundle import ICON_SUFFIXES, slug
from studio.export.levels import DEFAULT_SOLVE_TIMEOUT, ExportError, LevelCheck, gather_levels
from studio.core.web_bundle import BRYTHON_FILES, PACKAGE_FILE, STATIC, brython_folder, package_script

MANIFEST = "game.js"  # a script, not JSON fetched: the page then plays from a double-clicked file too
MANIFEST_PREFIX = "window.studioGame = "
ATLAS = "sprites.png"
THUMBNAILS = "thumbnails"
PAGE_FILES = ("player.js", "annotations.js", "pieces.js", "controls.js", "player.css", "brython_fixes.js")
SERVICE_WORKER = "sw.js"
NO_ICON = "data:,"  # an empty picture: the browser asks the server for no favicon.ico


@dataclass
class WebExportResult:
    folder: Path
    levels: int
    bytes: int
    seconds: float
    zip: Path | None = None
    checks: list[LevelCheck] = field(default_factory=list)
    sizes: dict[str, int] = field(default_factory=dict)  # bytes per file, largest first

    def as_json(self) -> str:
        return json.dumps({"folder": str(self.folder), "zip": str(self.zip) if self.zip else None,
                           "index": str(self.folder / "index.html"), "levels": self.levels, "bytes": self.bytes,
                           "seconds": round(self.seconds, 1)})


def export_web(paths, out_dir: Path, name: str, author: str = "", icon: Path | None = None, as_zip: bool = False,
               solve_timeout: float | None = DEFAULT_SOLVE_TIMEOUT, log: Callable[[str], None] = print,
               progress: Callable[[int, str], None] = lambda percent, stage: None) -> WebExportResult:
    """Check the levels and write the web game; ExportError says why it cannot be made."""
    start = time.monotonic()
    if not name.strip():
        raise ExportError("the game needs a name")
    if icon is not None and (Path(icon).suffix.lower() not in ICON_SUFFIXES or not Path(icon).is_file()):
        raise ExportError(f"{icon}: the icon must be an existing PNG or SVG file")
    game, files = gather_levels(paths)
    if game.web_scene is None:
        raise ExportError(f"{game.name} levels cannot be played in a browser yet")
    log(f"Exporting “{name}” for the web: {len(files)} {game.name} level{'s' * (len(files) != 1)}")
    checks = check_levels(files, solve_timeout, log, progress)
    problem = refusal(checks, allow_unsolvable=False)
    if problem:
        raise ExportError(problem)
    progress(80, "drawing the sprites")
    folder = Path(out_dir).resolve() / slug(name)
    if folder.exists():
        shutil.rmtree(folder)
    (folder / THUMBNAILS).mkdir(parents=True)
    _write_game(folder, game, checks, name.strip(), author.strip(), Path(icon) if icon else None)
    archive = _zip(folder) if as_zip else None
    sizes = dict(sorted(((str(path.relative_to(folder)), path.stat().st_size) for path in folder.rglob("*")
                         if path.is_file()), key=lambda item: -item[1]))
    size = folder_bytes(folder)
    log(f"Wrote {folder}: {size / 1e6:.1f} MB" + (f", and {archive}" if archive else ""))
    progress(100, "done")
    return WebExportResult(folder, len(checks), size, time.monotonic() - start, archive, checks, sizes)


def _write_game(folder: Path, game, checks: list[LevelCheck], name: str, author: str, icon: Path | None) -> None:
    from studio.export.web.sprites import SPRITE_SIZE, sprite_atlas, thumbnail

    levels, loaded, titles = [], [], set()
    for number, check in enumerate(checks, start=1):
        data = check.path.read_bytes()
        level = game.load(data)
        loaded.append(level)
        thumb = f"{THUMBNAILS}/{number:03d}.png"
        (folder / thumb).write_bytes(thumbnail(game, level))
        file = check.path.name if check.path.name not in titles else f"{number:02d}-{check.path.name}"
        titles.add(file)
        levels.append({"file": file, "title": check.title, "solution": check.solution, "hint": check.hint,
                       "md5": hashlib.md5(data).hexdigest(), "thumbnail": thumb,
                       "data": base64.b64encode(data).decode("ascii")})
    atlas, places = sprite_atlas(game, loaded)
    (folder / ATLAS).write_bytes(atlas)
    icon_name = ""
    if icon is not None:
        icon_name = "icon" + icon.suffix.lower()
        shutil.copyfile(icon, folder / icon_name)
    scene = game.web_scene.resolve()
    identity = hashlib.md5("".join(level["md5"] for level in levels).encode() + name.encode()).hexdigest()[:12]
    manifest = {"format": 1, "id": f"{slug(name)}-{identity}", "name": name, "author": author, "game": game.id,
                "icon": icon_name, "progress_file": hasattr(scene, "progress_file"),
                "sprites": {"file": ATLAS, "size": SPRITE_SIZE, "places": places}, "levels": levels}
    text = json.dumps(manifest, ensure_ascii=False).replace("</", "<\\/")  # (a title may hold "</script>")
    (folder / MANIFEST).write_text(MANIFEST_PREFIX + text + ";\n", encoding="utf-8")
    page = (STATIC / "index.html").read_text(encoding="utf-8").replace("__TITLE__", escape(name))
    page = page.replace("__ICON__", icon_name or NO_ICON)
    (folder / "index.html").write_text(page, encoding="utf-8")
    for file in PAGE_FILES:
        shutil.copyfile(STATIC / file, folder / file)
    for file in BRYTHON_FILES:
        shutil.copyfile(brython_folder() / file, folder / file)
    (folder / PACKAGE_FILE).write_text(package_script(game), encoding="utf-8")
    _write_service_worker(folder)


def _write_service_worker(folder: Path) -> None:
    """sw.js, listing every file of the game and named by a digest of them all."""
    files = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes())
    listed = ["./"] + files
    text = (STATIC / SERVICE_WORKER).read_text(encoding="utf-8")
    text = text.replace("__FILES__", json.dumps(listed)).replace("__VERSION__", digest.hexdigest()[:16])
    (folder / SERVICE_WORKER).write_text(text, encoding="utf-8")


def read_manifest(folder: Path) -> dict:
    """The manifest of the web game in ``folder`` (game.js)."""
    text = (Path(folder) / MANIFEST).read_text(encoding="utf-8")
    return json.loads(text[len(MANIFEST_PREFIX):].rstrip().rstrip(";"))


def _zip(folder: Path) -> Path:
    """The game's files at the root of a zip (what itch.io and other hosts expect)."""
    archive = folder.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                packed.write(path, path.relative_to(folder).as_posix())
    return archive
