"""ChronoShift: turn-based time travel with crates. Registers the game plugin.

Files: "2D SuperFun!" text levels (``superfun.py``), claimed by the pattern
``*.txt``. No other game reads ``.txt`` files, so the name decides; a text
file that is not a level is refused by the loader with the reason ("line 1:
not a ChronoShift level: the first line must be '2D SuperFun!'").
``superfun.looks_like_superfun`` tests the first line for callers that must
tell levels from other text files without loading them.
"""

from studio.core.game import Game, PaletteItem, register
from studio.core.lazy import Lazy
from studio.games.chrono.engine import CHRONO_ENGINE
from studio.games.chrono.glyphs import GLYPH_NAMES, GLYPH_TIPS, Glyph
from studio.games.chrono.level import ChronoLevel

# The palette's order: the map, then what opens and closes it, then what moves.
PALETTE_GROUPS = (
    ("Map", (Glyph.FLOOR, Glyph.WALL, Glyph.GOAL)),
    ("Gates", (Glyph.CLOSED_GATE, Glyph.OPEN_GATE, Glyph.ONE_TIME_PASSAGE)),
    ("Buttons", (Glyph.BUTTON, Glyph.ONE_TIME_BUTTON, Glyph.CRATE_BUTTON, Glyph.CRATE_PLATE)),
    ("Crates", (Glyph.CRATE,)),
)


def _load(data: bytes) -> ChronoLevel:
    from studio.games.chrono.superfun import load_superfun

    return load_superfun(data)


def _save(level: ChronoLevel) -> bytes:
    from studio.games.chrono.superfun import save_superfun

    return save_superfun(level)


def palette() -> list[PaletteItem]:
    return [PaletteItem("tile", int(glyph), GLYPH_NAMES[glyph].capitalize(), GLYPH_TIPS[glyph], group)
            for group, glyphs in PALETTE_GROUPS for glyph in glyphs]


GAME = register(
    Game(
        id="chrono",
        name="ChronoShift",
        file_patterns=("*.txt",),
        new_level=lambda width, height: ChronoLevel.blank(width, height),
        load=_load,
        save=_save,
        palette=palette,
        view=Lazy("studio.games.chrono.view"),
        max_file_bytes=1 << 20,  # a 100x100 map is 10 kB; the rest is links and a few paragraphs
        engine=CHRONO_ENGINE,
        playtest=Lazy("studio.games.chrono.playtest:make_adapter"),
        verify=Lazy("studio.games.chrono.verify:verify_level"),
        parse_moves=Lazy("studio.games.chrono.verify:parse_moves"),
        lint=Lazy("studio.games.chrono.lint:lint_level"),
        solve=Lazy("studio.games.chrono.solve:solve_level"),
        elements=Lazy("studio.games.chrono.elements:elements"),
        web_scene=Lazy("studio.games.chrono.web_scene"),
        solve_options=Lazy("studio.games.chrono.solve:SOLVE_OPTIONS"),
        progress=Lazy("studio.games.chrono.progress:make_progress"),
    )
)
