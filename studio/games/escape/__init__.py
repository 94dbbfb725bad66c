"""Escape: Tom 7's tile puzzle with its bizarro layer. Registers the game plugin."""

from studio.core.game import Game, PaletteItem, register
from studio.core.lazy import Lazy
from studio.games.escape.engine import ESCAPE_ENGINE
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import BOT_INFO, MAX_FUSE, NUM_TILES, Bot, bot_name, bot_tooltip, tile_name, tile_tooltip


def _load(data: bytes) -> EscapeLevel:
    from studio.games.escape.esx import load_esx

    return load_esx(data)


def _save(level: EscapeLevel) -> bytes:
    from studio.games.escape.esx import save_esx

    return save_esx(level)


def palette() -> list[PaletteItem]:
    items = [PaletteItem("tile", t, tile_name(t), tile_tooltip(t), "Tiles") for t in range(NUM_TILES)]
    items += [PaletteItem("bot", b, bot_name(b), bot_tooltip(b), "Bots") for b in BOT_INFO]
    items += [
        PaletteItem("bot", Bot.BOMB + fuse, bot_name(Bot.BOMB + fuse), bot_tooltip(Bot.BOMB + fuse), "Bombs")
        for fuse in range(MAX_FUSE + 1)
    ]
    return items


GAME = register(
    Game(
        id="escape",
        name="Escape",
        file_patterns=("*.esx",),
        new_level=lambda width, height: EscapeLevel.blank(width, height),
        load=_load,
        save=_save,
        palette=palette,
        view=Lazy("studio.art.escape.view"),
        max_file_bytes=1 << 20,  # 2048 cells of four 32-bit arrays are 32 kB; titles take the rest
        engine=ESCAPE_ENGINE,
        playtest=Lazy("studio.games.escape.playtest:make_adapter"),
        verify=Lazy("studio.games.escape.verify:verify_level"),
        prepare_verify=Lazy("studio.games.escape.verify:prepare_level"),
        verify_engine=Lazy("studio.games.escape.verify:plan_engine"),
        parse_moves=Lazy("studio.games.escape.verify:parse_moves"),
        lint=Lazy("studio.games.escape.lint:lint_level"),
        solve=Lazy("studio.games.escape.solve:solve_level"),
        elements=Lazy("studio.games.escape.elements:elements"),
        web_scene=Lazy("studio.games.escape.web_scene"),
        prepare_solver=Lazy("studio.games.escape.solve:prepare_solver"),
        progress=Lazy("studio.games.escape.progress:make_progress"),
    )
)
