"""The elements of an Escape level for core.analysis: each bot, each block, panel,
transporter, button, switch..., and each run of terrain (rough or electric floor, coloured
floors, wires) as one. Walls, decoration and the exits are not elements."""

from __future__ import annotations

from studio.core.analysis import Element, cell_words
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import LINKED_TILES, T, bot_name, tile_name

NOT_ELEMENTS = frozenset({T.FLOOR, T.BLUE, T.BLACK, T.STOP, T.RIGHT, T.LEFT, T.UP, T.DOWN, T.OFF, T.EXIT,
                          T.SLEEPINGDOOR})
WIRES = frozenset({T.NS, T.NE, T.NW, T.SE, T.SW, T.WE, T.NSWE})
# Terrain: a connected run of the same kind is one element (wires of any shape together).
TERRAIN = frozenset({T.ROUGH, T.ELECTRIC, T.BUP, T.BDOWN, T.RUP, T.RDOWN, T.GUP, T.GDOWN}) | WIRES


def elements(level: EscapeLevel) -> list[Element]:
    found = [_bot(level, number) for number in range(len(level.bots))]
    grouped: set[int] = set()
    for index, tile in enumerate(level.tiles):
        if tile in NOT_ELEMENTS or index in grouped or index == level.index(*level.player):
            continue
        cells = _run(level, index) if tile in TERRAIN else [index]
        grouped.update(cells)
        kind = "wire" if tile in WIRES else tile_name(tile).lower()
        xys = tuple(level.xy(cell) for cell in cells)
        found.append(Element(kind, cell_words(xys), xys, lambda lv, cells=tuple(cells): _floored(lv, cells)))
    return found


def _bot(level: EscapeLevel, number: int) -> Element:
    bot = level.bots[number]
    xy = level.xy(bot.cell)
    return Element(bot_name(bot.kind).lower(), cell_words((xy,)), (xy,),
                   lambda lv, number=number: _without_bot(lv, number))


def _without_bot(level: EscapeLevel, number: int) -> EscapeLevel:
    del level.bots[number]
    level.source = None
    return level


def _floored(level: EscapeLevel, cells) -> EscapeLevel:
    for cell in cells:
        if level.tiles[cell] in LINKED_TILES:
            level.dests[cell] = 0
        level.tiles[cell] = int(T.FLOOR)
    level.source = None
    return level


def _run(level: EscapeLevel, start: int) -> list[int]:
    """The cells of the same terrain connected to ``start`` (side by side)."""
    tile = level.tiles[start]
    same = (lambda t: t in WIRES) if tile in WIRES else (lambda t: t == tile)
    run, todo = [start], [start]
    seen = {start}
    while todo:
        x, y = level.xy(todo.pop())
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if level.contains(nx, ny):
                cell = level.index(nx, ny)
                if cell not in seen and same(level.tiles[cell]):
                    seen.add(cell)
                    run.append(cell)
                    todo.append(cell)
    return sorted(run)
