"""The Python a web game runs: the studio modules one game needs, found by following their
imports from the web player's entry points, packed as a Brython package (one JavaScript
file), beside Brython itself from the ``brython`` package the studio depends on. Used by the
web export (studio.export.web) and the sharing server's Play pages; no Qt."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import studio

# The web player's page, scripts and Brython-side Python: data files, not studio modules.
STATIC = Path(studio.__file__).parent / "web_player"
BRYTHON_FILES = ("brython.js", "brython_stdlib.js")
PACKAGE_FILE = "studio.js"
# Layers a web game never runs (Qt, the editor, the server) and the Escape engine compiled by
# numba (the browser plays the pure one). A function may import them lazily; they stay out.
LEFT_OUT = ("studio.app", "studio.editor", "studio.art", "studio.player", "studio.playtest", "studio.server",
            "studio.commands", "studio.export", "studio.model", "studio.cli", "studio.games.escape.compiled",
            "studio.core.solver", "studio.core.solve_runner", "studio.core.analysis_runner",
            "studio.core.live_solver", "studio.core.racing")
ENTRY = ("studio.core.web_play", "studio.core.hints")
# The page's own Python (it talks to the browser, so it is a file of the page, not a studio module).
MAIN_MODULE = "web_main"
MODULES_MODULE = "web_modules"  # the game's id and the studio modules shipped
STAND_INS_MODULE = "web_stand_ins"


def brython_folder() -> Path:
    """Where the ``brython`` package keeps brython.js and its standard library."""
    import brython

    return Path(brython.__file__).parent / "data"


def _source(module: str) -> Path | None:
    root = Path(studio.__file__).parent.parent
    path = root.joinpath(*module.split("."))
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    return None


def _left_out(module: str) -> bool:
    return any(module == prefix or module.startswith(prefix + ".") for prefix in LEFT_OUT)


def _imports(path: Path) -> set[str]:
    """Every studio module ``path`` names in an import, at its top or inside a function (the
    studio imports absolutely; ``from X import Y`` may name a module X.Y)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("studio")}


def modules_for(game) -> list[str]:
    """The studio modules a web game of ``game`` runs, with their parent packages."""
    entries = list(ENTRY) + sorted(_imports(STATIC / f"{MAIN_MODULE}.py")) + [f"studio.games.{game.id}"]
    entries += [ref.module for ref in (game.playtest, game.web_scene) if ref is not None]
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        module = todo.pop()
        if module in seen or _left_out(module) or _source(module) is None:
            continue
        seen.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts))]
        todo += sorted(_imports(_source(module)))
    return sorted(seen)


def package_script(game) -> str:
    """The Brython package of ``game``'s modules and the page's own: ``__BRYTHON__.loadBrythonPackage({...})``."""
    main = (STATIC / f"{MAIN_MODULE}.py").read_text(encoding="utf-8")
    modules = modules_for(game)
    listing = f"GAME_ID = {game.id!r}\nMODULES = {modules!r}\n"
    stand_ins = (STATIC / f"{STAND_INS_MODULE}.py").read_text(encoding="utf-8")
    return package_of(modules, {MAIN_MODULE: main, MODULES_MODULE: listing, STAND_INS_MODULE: stand_ins})


def package_of(modules, sources: dict[str, str] | None = None) -> str:
    """The Brython package of studio ``modules`` and of top-level modules given by source."""
    files: dict[str, object] = {"$timestamp": 0}
    for module in modules:
        path = _source(module)
        entry = [".py", path.read_text(encoding="utf-8"), []]
        files[module] = entry + [1] if path.name == "__init__.py" else entry
    for name, source in (sources or {}).items():
        files[name] = [".py", source, []]
    return "__BRYTHON__.loadBrythonPackage(" + json.dumps(files, separators=(",", ":")) + ")\n"
