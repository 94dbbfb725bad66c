"""What the web player draws of a ChronoShift state (core.web_play): each cell's glyph as it
stands (gates open or shut, used passages broken, a taken goal gone), the time machine with
the clones home in it, crates and clones, and the slides of a step. Sprite keys name
pictures the export draws with the studio's art (studio.games.chrono.view.web_sprite):
"g<glyph>", "broken", "machine", "crate", "c<clone>" and, for the clone played, "C<clone>"."""

from __future__ import annotations

from studio.core.web_play import along
from studio.games.chrono.glyphs import Glyph

DRAWN_CLONES = 32  # clones drawn with their own number; later ones share a colour and get a label


def sprite_keys(level=None) -> list[str]:
    keys = [f"g{int(glyph)}" for glyph in Glyph] + ["broken", "machine", "crate"]
    return keys + [f"{kind}{number}" for kind in "cC" for number in range(DRAWN_CLONES)]


def _ground(state, cell: int) -> str:
    board, world = state.board, state.world
    glyph = board.glyph(cell)
    if board.is_gate(cell):
        glyph = Glyph.OPEN_GATE if cell in world.open_gates else Glyph.CLOSED_GATE
    elif board.is_passage(cell) and cell in world.passages:
        return "broken"
    elif glyph == Glyph.GOAL and cell in world.goals_taken:
        glyph = Glyph.FLOOR
    return f"g{int(glyph)}"


def _clone(number: int, current: bool) -> dict:
    kind = "C" if current else "c"
    if number < DRAWN_CLONES:
        return {"key": f"{kind}{number}"}
    return {"key": f"C{number % 8}", "label": str(number + 1)}


def scene(state, report=None) -> dict:
    board, world = state.board, state.world
    home = len(world.home)
    actors = [{"id": "machine", "key": "machine", "cell": board.start, "label": str(home) if home else ""}]
    actors += [{"id": f"crate{cell}", "key": "crate", "cell": cell} for cell in sorted(world.crates)]
    actors += [dict(_clone(number, number == world.current), id=f"clone{number}", cell=cell)
               for number, cell in world.active_clones()]
    mark = None
    if state.status == "won":
        mark = {"kind": "won", "cell": board.start}
    elif state.paradox is not None:
        mark = {"kind": "dead", "cell": state.paradox.cell}
    return {"width": board.width, "height": board.height, "actors": actors, "effects": [], "mark": mark}


def ground(state) -> list[str]:
    """Each cell's glyph as it stands, row by row."""
    return [_ground(state, cell) for cell in range(state.board.width * state.board.height)]


def ground_key(state):
    """What the ground depends on: the gates, the used passages and the goals taken."""
    world = state.world
    return state.board, world.open_gates, world.passages, world.goals_taken


def motions(adapter, state, report) -> list[dict]:
    moved = []
    for motion in adapter.motions(report):
        kind, number = motion.sprite
        # a crate's motion is named by the cell it ends on, as its actor is
        moved.append(dict(along(motion.path, motion.jumps), id=f"{kind}{number}"))
    return moved
