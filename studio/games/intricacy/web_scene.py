"""What the web player draws of an Intricacy lock (core.web_play): a scene of placed
pictures, not a grid of cells, since pieces sit on hexes and turn. Each piece is one
picture drawn by the studio's art at export (studio.games.intricacy.view.web_sprite),
placed by its reference point (a block's first hex, a pivot's centre) and turned in
steps of 60 degrees; springs are zigzags from drawing.spring_points, in the art's style.

Scene units are hex widths from the board's top-left corner. Sprite keys:
"<kind>-<colour>-<hexes>" for blocks and the wrench (offsets "q.r" from the first hex),
"ball-<colour>", "<pivot|hook>-<colour>-<arms>" (the arms' canonical turn),
"label-<colour>-<tenths of the radius>-<letter>", "momentum-<direction>",
"ground-<size>-<walls>", "bolthole-<size>" and "opened-<size>"."""

from __future__ import annotations

import math
from functools import lru_cache

from studio.games.intricacy.colouring import colours_by_kind
from studio.games.intricacy.drawing import (
    SPRING_COLOUR, SPRING_DOT, SPRING_HALO, SPRING_HALO_WIDTH, SPRING_WIDTH, centre, label_spots, spring_points,
)
from studio.games.intricacy.hexgrid import Hex, hexagon
from studio.games.intricacy.lock import BALL, BLOCK, TURNING_KINDS, WRENCH, bolthole

RADIUS = 1 / math.sqrt(3.0)  # a hex's corner radius when its width is one scene unit
KIND = "pieces"
BACKGROUND = "#3a3c42"  # round the frame, as studio render draws a lock


def hexes_text(hexes) -> str:
    return ",".join(f"{h.q}.{h.r}" for h in sorted(hexes))


def parse_hexes(text: str) -> list[Hex]:
    return [Hex(*(int(part) for part in pair.split("."))) for pair in text.split(",") if pair]


def canonical_arms(arms) -> tuple[str, int]:
    """The arms turned to their smallest spelling, and the turn (in 60-degree steps,
    clockwise) from that spelling to ``arms``."""
    spellings = [("".join(str(arm) for arm in sorted((arm - turn) % 6 for arm in arms)), turn) for turn in range(6)]
    return min(spellings)


def piece_key(piece, colour: int) -> tuple[str, int]:
    """(sprite key, turn in 60-degree steps) of a piece."""
    if piece.kind in TURNING_KINDS:
        arms, turn = canonical_arms(piece.arms)
        return f"{piece.kind}-{colour}-{arms}", turn
    if piece.kind == BALL:
        return f"ball-{colour}", 0
    first = min(piece.hexes)
    return f"{piece.kind}-{colour}-{hexes_text(h - first for h in piece.hexes)}", 0


def label_key(colour: int, scale: float, letter: str) -> str:
    return f"label-{colour}-{round(scale * 10)}-{letter}"


def ground_key_text(size: int, walls) -> str:
    return f"ground-{size}-{hexes_text(walls)}"


@lru_cache(maxsize=8)
def _corner(size: int) -> tuple[float, float]:
    """The board's top-left corner on the art's scene (the hexes round the frame included)."""
    hexes = hexagon(size + 2)
    return (min(centre(h, RADIUS)[0] for h in hexes) - 0.5, min(centre(h, RADIUS)[1] for h in hexes) - RADIUS)


def _place(point, corner) -> list[float]:
    return [round(point[0] - corner[0], 4), round(point[1] - corner[1], 4)]


def idle_moves(state, keys) -> set:
    """The moves of tools the lock lacks: the page offers no key for them."""
    board = state.board
    missing = {tool for tool, index in (("hook", board.hook), ("wrench", board.wrench)) if index is None}
    return {key.move for key in keys if key.move.tool in missing}


def sprite_keys(level) -> list[str]:
    """Every picture the level's lock can show."""
    lock = level.lock
    colours = colours_by_kind(lock.pieces, lock.springs)
    keys = {ground_key_text(lock.size, lock.walls), f"bolthole-{lock.size}", f"opened-{lock.size}"}
    keys |= {piece_key(piece, colours[index])[0] for index, piece in enumerate(lock.pieces)}  # one per turn too
    for index, (_x, _y, scale) in label_spots(lock.pieces, lock.springs, RADIUS).items():
        keys.add(label_key(colours[index], scale, lock.pieces[index].label))
    if lock.wrench is not None:
        keys |= {f"momentum-{direction}" for direction in range(6)}
    return sorted(keys)


_recent: list = []  # (state, scene) of the last few states: a step draws its state and the one before


def scene(state, report=None) -> dict:
    """The lock in the order the art paints it: blocks and the wrench, balls, springs,
    pivots and the hook, the wrench's momentum, letters, the bolthole's outline."""
    for known, drawn in _recent:
        if known is state:
            return drawn
    drawn = _scene(state)
    _recent[:] = _recent[-2:] + [(state, drawn)]
    return drawn


def _scene(state) -> dict:
    board, pieces, springs = state.board, state.pieces, state.springs
    corner = _corner(board.size)
    colours = colours_by_kind(pieces, springs)
    items = []
    order = [i for i, p in enumerate(pieces) if p.kind in (BLOCK, WRENCH)]
    order += [i for i, p in enumerate(pieces) if p.kind == BALL]
    for index in order:
        key, _turn = piece_key(pieces[index], colours[index])
        items.append({"id": f"p{index}", "key": key, "at": _place(centre(min(pieces[index].hexes), RADIUS), corner)})
    for number, spring in enumerate(springs):
        root, end = centre(spring.root_anchor, RADIUS), centre(spring.end_anchor, RADIUS)
        points = spring_points(root, end, spring.natural, RADIUS)
        items.append({"id": f"s{number}", "points": [_place(point, corner) for point in points],
                      "colour": SPRING_COLOUR, "halo": SPRING_HALO, "width": SPRING_WIDTH * RADIUS,
                      "halo_width": SPRING_HALO_WIDTH * RADIUS, "dot": SPRING_DOT * RADIUS})
    for index, piece in enumerate(pieces):
        if piece.kind in TURNING_KINDS:
            key, turn = piece_key(piece, colours[index])
            items.append({"id": f"p{index}", "key": key, "at": _place(centre(piece.centre, RADIUS), corner),
                          "angle": 60 * turn})
    wrench = board.wrench
    if state.momentum >= 0 and wrench is not None:
        hexes = pieces[wrench].hexes
        points = [centre(h, RADIUS) for h in hexes]
        middle = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        items.append({"id": "momentum", "key": f"momentum-{state.momentum}", "at": _place(middle, corner)})
    for index, (x, y, scale) in label_spots(pieces, springs, RADIUS).items():
        items.append({"id": f"l{index}", "key": label_key(colours[index], scale, pieces[index].label),
                      "at": _place((x, y), corner)})
    hole = bolthole(board.size)[0]
    items.append({"id": "bolthole", "key": f"{'opened' if state.is_open() else 'bolthole'}-{board.size}",
                  "at": _place(centre(hole, RADIUS), corner)})
    width, height = -2 * corner[0], -2 * corner[1]
    return {"kind": KIND, "width": round(width, 4), "height": round(height, 4), "background": BACKGROUND,
            "items": items, "actors": [], "effects": [], "mark": None}


def ground(state) -> dict:
    """The frame, floor and walls as one picture, and each cell's centre for the page's marks
    (cells are the play-test's: the hexes of ``hexagon(size + 2)`` in order)."""
    board = state.board
    corner = _corner(board.size)
    return {"key": ground_key_text(board.size, board.walls), "at": _place((0.0, 0.0), corner),
            "centres": [_place(centre(h, RADIUS), corner) for h in hexagon(board.size + 2)]}


def ground_key(state):
    """The walls never change in play: the page draws them once."""
    return state.board


def motions(adapter, state, report) -> list[dict]:
    """Where each picture or spring that changed stood before the step, for the page to
    slide and turn it from there."""
    before = {item["id"]: item for item in scene(report.before)["items"]}
    moved = []
    for item in scene(state)["items"]:
        old = before.get(item["id"])
        if old is None or old.get("key") != item.get("key"):
            continue  # a picture that changed (the bolthole opening) is drawn as it ends
        if "points" in item:
            if old["points"] != item["points"] and len(old["points"]) == len(item["points"]):
                moved.append({"id": item["id"], "points": old["points"]})
            continue
        angle = item.get("angle", 0)
        if item["id"].startswith("p"):
            index = int(item["id"][1:])
            old_arms, new_arms = report.before.pieces[index].arms, state.pieces[index].arms
            if old_arms != new_arms:  # turned one step; a symmetric piece's angle alone can't say which way
                angle -= 60 if report.before.pieces[index].turned(1).arms == new_arms else -60
        if old["at"] != item["at"] or angle != item.get("angle", 0):
            moved.append({"id": item["id"], "at": old["at"], "angle": angle})
    return moved
