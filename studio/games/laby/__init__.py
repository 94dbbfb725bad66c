"""Labyrinthos 3000: walk a maze to its objective in as few moves as you can.
Registers the game plugin."""

from studio.core.game import Game, PaletteItem, register
from studio.core.lazy import Lazy
from studio.games.laby.engine import LABY_ENGINE
from studio.games.laby.level import LabyLevel
from studio.games.laby.squares import SQUARE_NAMES, SQUARE_TIPS, Square


def _load(data: bytes) -> LabyLevel:
    from studio.games.laby.labyfile import load_laby

    return load_laby(data)


def _save(level: LabyLevel) -> bytes:
    from studio.games.laby.labyfile import save_laby

    return save_laby(level)


def palette() -> list[PaletteItem]:
    return [PaletteItem("tile", int(square), SQUARE_NAMES[square], SQUARE_TIPS[square], "Squares")
            for square in Square]


GAME = register(
    Game(
        id="laby",
        name="Labyrinthos",
        file_patterns=("*.laby",),
        new_level=lambda width, height: LabyLevel.blank(width, height),
        load=_load,
        save=_save,
        palette=palette,
        view=Lazy("studio.games.laby.view"),
        max_file_bytes=4 << 20,  # a 500x500 map with spaces between squares is 0.5 MB
        engine=LABY_ENGINE,
        playtest=Lazy("studio.games.laby.playtest:make_adapter"),
        verify=Lazy("studio.games.laby.verify:verify_level"),
        parse_moves=Lazy("studio.games.laby.engine:parse_moves"),
        lint=Lazy("studio.games.laby.lint:lint_level"),
        solve=Lazy("studio.games.laby.solve:solve_level"),
        elements=Lazy("studio.games.laby.elements:elements"),
        web_scene=Lazy("studio.games.laby.web_scene"),
        generate=Lazy("studio.games.laby.generator:generate_level"),
        progress=Lazy("studio.games.laby.progress:make_progress"),
    )
)
