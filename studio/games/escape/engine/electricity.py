"""Buttons, wires, cross-overs, remotes, transponders and lights.

Pressing a button sends a pulse out of each side into a wire whose end faces
it. A pulse follows the wire to its other end and on into the next tile; a
cross-over (NSWE) or a remote passes it straight on (a remote also fires like
a panel); a transponder beams it through the air, in the direction it was
travelling, to the first tile that blocks lasers (the player and bots block
it too): if that is a transponder (whoever stands on it) the pulse continues
beyond it in the same direction. A light reached by a pulse toggles its colour's floors; an even
number of pulses cancels out.
"""

from studio.games.escape.engine.events import Pressed, Pulse
from studio.games.escape.engine.panels import fire
from studio.games.escape.engine.state import OPPOSITE
from studio.games.escape.engine.tilesets import LASER_PASSES, LIGHT_FLOORS, WIRE_ENDS
from studio.games.escape.tiles import T

# wire tile -> {direction the pulse arrives travelling in: direction it leaves in}
WIRE_TURNS = {}
for _wire, (_a, _b) in WIRE_ENDS.items():
    WIRE_TURNS[int(_wire)] = {OPPOSITE[_a]: _b, OPPOSITE[_b]: _a}

_TOGGLES = {}
for _light, (_up, _down) in LIGHT_FLOORS.items():
    _TOGGLES[int(_light)] = bytes(range(64)).maketrans(bytes([_up, _down]), bytes([_down, _up]))


def press_button(turn, who: int, here: int, there: int, d: int) -> bool:
    """BUTTON: pulses go out of all four sides; lights toggle once per pulse received."""
    turn.log(Pressed("button", there, turn.name(who)))
    lights = {}
    for direction in (1, 2, 3, 4):
        cells = _send_pulse(turn, there, direction, lights)
        if cells:
            turn.log(Pulse(there, tuple(cells)))
    for light, count in lights.items():
        if count & 1:
            turn.tiles[:] = turn.tiles.translate(_TOGGLES[light])
    return True


def _send_pulse(turn, source: int, d: int, lights: dict) -> list:
    """Follow one pulse leaving ``source`` in direction ``d``; returns the cells it crossed."""
    tiles = turn.tiles
    neighbours = turn.neighbours
    cell = neighbours[d][source]
    crossed = []
    seen = set()
    while cell >= 0 and (cell, d) not in seen:
        seen.add((cell, d))
        tile = tiles[cell]
        turns = WIRE_TURNS.get(tile)
        if turns is not None:
            if d not in turns:
                break
            crossed.append(cell)
            d = turns[d]
        elif tile == T.NSWE:
            crossed.append(cell)
        elif tile == T.REMOTE:
            crossed.append(cell)
            fire(turn, cell)
        elif tile in _TOGGLES:
            crossed.append(cell)
            lights[tile] = lights.get(tile, 0) + 1
            break
        elif tile == T.TRANSPONDER:
            crossed.append(cell)
            receiver = _beam(turn, cell, d, crossed)
            if receiver < 0:
                break
            cell = receiver
        else:
            break
        cell = neighbours[d][cell]
    return crossed


def _beam(turn, cell: int, d: int, crossed: list) -> int:
    """A transponder beams in direction ``d``: the receiving transponder's cell, or -1."""
    tiles = turn.tiles
    step = turn.neighbours[d]
    cell = step[cell]
    while cell >= 0:
        tile = tiles[cell]
        if not LASER_PASSES[tile] or turn.occupied(cell):
            break
        crossed.append(cell)
        cell = step[cell]
    if cell >= 0 and tiles[cell] == T.TRANSPONDER:
        crossed.append(cell)
        return cell
    return -1
