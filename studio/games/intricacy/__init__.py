"""Intricacy: locks of blocks, springs, pivots and balls picked with a hook and a wrench,
on a hex grid. Registers the game plugin.

Pure Python except ``view.py``: ``hexgrid`` (axial hex geometry), ``lock`` (the lock
model and its limits), ``editing`` (edits as pure functions), ``level`` (what the
studio edits), ``physics`` (the README's turn algorithm, part by part), ``engine``
(states, moves, ``step``), ``lockfile`` (the .lock format), ``verify``, ``colouring``.
"""

from studio.core.game import Game, LevelSizeRule, PaletteItem, register
from studio.core.lazy import Lazy
from studio.games.intricacy.engine import INTRICACY_ENGINE
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lock import MAX_SIZE, MIN_SIZE

from studio.games.intricacy.level import (  # palette values: what the hex brush paints
    ERASE, PAINT_ARM as ARM, PAINT_BALL as BALL, PAINT_BLOCK as BLOCK, PAINT_HOOK as HOOK,
    PAINT_PIVOT as PIVOT, PAINT_WRENCH as WRENCH, WALL,
)

_PALETTE = (
    (ERASE, "Empty hex", "Erases what is on the hex: a wall, a ball, a pivot (at its centre) or an arm, "
                          "the hook, one hex of a block or of the wrench."),
    (WALL, "Wall", "A fixed hex, solid like the frame. Not in the bolthole."),
    (BLOCK, "Block", "A stroke paints one block: it starts a new block, or grows the block it starts on. "
                     "A block moves only if a spring ends on it; otherwise it is stationary."),
    (BALL, "Ball", "A one-hex piece that anything may push."),
    (PIVOT, "Pivot", "A fixed centre that turns; give it arms with the Arm brush."),
    (ARM, "Arm", "An arm on a hex beside a pivot or the hook (start the stroke on the centre when "
                 "several are near). The hook's one arm moves here."),
    (HOOK, "Hook", "The player's one-armed pivot: moves and turns. One per lock."),
    (WRENCH, "Wrench", "The player's block that keeps moving until blocked. One per lock; paint its hexes."),
)


def palette() -> list[PaletteItem]:
    return [PaletteItem("tile", value, name, tip, "Lock") for value, name, tip in _PALETTE]


# A lock is a hexagon: its "width" and "height" are both the hexes across its middle row, 2n + 1.
NEW_LOCK_SIZE = LevelSizeRule(
    default=(9, 9), minimum=2 * MIN_SIZE + 1, maximum=2 * MAX_SIZE + 1, step=2, equal=True, unit="hexes",
    note=(f"A lock is a hexagon: {2 * MIN_SIZE + 1} to {2 * MAX_SIZE + 1} hexes across its middle row, "
          f"an odd number (size {MIN_SIZE} to {MAX_SIZE} around the centre hex), as tall as it is wide."),
)


def _load(data: bytes) -> IntricacyLevel:
    from studio.games.intricacy.lockfile import load_lock

    return load_lock(data)


def _save(level: IntricacyLevel) -> bytes:
    from studio.games.intricacy.lockfile import save_lock

    return save_lock(level)


GAME = register(
    Game(
        id="intricacy",
        name="Intricacy",
        file_patterns=("*.lock",),
        new_level=lambda width, height: IntricacyLevel.blank(width, height),
        load=_load,
        save=_save,
        palette=palette,
        view=Lazy("studio.games.intricacy.view"),
        web_scene=Lazy("studio.games.intricacy.web_scene"),
        max_file_bytes=256 << 10,  # a size 8 map is 17 lines of 35 characters; the rest, a header and springs
        new_level_size=NEW_LOCK_SIZE,
        engine=INTRICACY_ENGINE,
        playtest=Lazy("studio.games.intricacy.playtest:make_adapter"),
        verify=Lazy("studio.games.intricacy.verify:verify_level"),
        parse_moves=Lazy("studio.games.intricacy.engine:parse_moves"),
        lint=Lazy("studio.games.intricacy.lint:lint_level"),
        solve=Lazy("studio.games.intricacy.solve:solve_level"),
        elements=Lazy("studio.games.intricacy.elements:elements"),
        progress=Lazy("studio.games.intricacy.progress:make_progress"),
    )
)
