"""Pushing blocks: one function per kind of block.

Each takes the turn, the pusher (``who``), the pusher's cell ``here``, the
block's cell ``there`` and the direction, and returns whether anything moved.
"""

from studio.games.escape.engine.events import Blocked, Consumed, Moved, Pushed
from studio.games.escape.engine.panels import lift_block, set_block_down
from studio.games.escape.engine.tilesets import BLOCK_LANDS, SPHERES, STEELS
from studio.games.escape.engine.walking import walk
from studio.games.escape.tiles import T, tile_name

_ELECTRIC, _HOLE, _FLOOR, _GREY = int(T.ELECTRIC), int(T.HOLE), int(T.FLOOR), int(T.GREY)


def _blocked(turn, block: int, at: int, by_cell: int) -> bool:
    if turn.events is not None:
        turn.events.append(Blocked(tile_name(block).lower(), at, by_cell))
    return False


def _pushed(turn, who: int, block: int, frm: int, to: int) -> None:
    if turn.events is not None:
        turn.events.append(Pushed(tile_name(block).lower(), frm, to, turn.name(who)))


def _come_to_rest(turn, block: int, cell: int) -> None:
    """A moved block stops on ``cell``: electric floor eats it, a hole swallows grey,
    anything else (floor or panel) takes it."""
    under = turn.tiles[cell]
    if under == _ELECTRIC:
        turn.log(Consumed(tile_name(block).lower(), cell, "electric"))
    elif under == _HOLE:
        turn.tiles[cell] = _FLOOR
        turn.log(Consumed(tile_name(block).lower(), cell, "hole"))
    else:
        set_block_down(turn, block, cell)


def push_block(turn, who: int, here: int, there: int, d: int) -> bool:
    """Red, grey, wires and transponders: one cell onto floor or a panel (grey also into
    a hole; anything into electric floor, which eats it); the pusher follows.

    THE CROSS-OVER MOVES TOO. The README calls NSWE a cross-over wire and says nothing
    of pushing it; the original pushes it exactly like the other wires (fuzz
    all-1-108 run 2)."""
    block = turn.tiles[there]
    beyond = turn.neighbours[d][there]
    if beyond < 0:
        return _blocked(turn, block, there, there)
    under = turn.tiles[beyond]
    if not (BLOCK_LANDS[under] or under == _ELECTRIC or (under == _HOLE and block == _GREY)):
        return _blocked(turn, block, there, beyond)
    if turn.occupied(beyond):
        return _blocked(turn, block, there, beyond)
    lift_block(turn, there)
    _come_to_rest(turn, block, beyond)
    _pushed(turn, who, block, there, beyond)
    walk(turn, who, here, there)
    return True


def push_green(turn, who: int, here: int, there: int, d: int) -> bool:
    """Green: one cell, only onto floor, where it turns into a blue block."""
    beyond = turn.neighbours[d][there]
    if beyond < 0 or turn.tiles[beyond] != _FLOOR or turn.occupied(beyond):
        return _blocked(turn, T.GREEN, there, there if beyond < 0 else beyond)
    lift_block(turn, there)
    turn.tiles[beyond] = T.BLUE
    _pushed(turn, who, T.GREEN, there, beyond)
    walk(turn, who, here, there)
    return True


def push_slider(turn, who: int, here: int, there: int, d: int) -> bool:
    """LR and UD: only along their axis, and only onto floor (never onto panels, nor
    into electric floor)."""
    block = turn.tiles[there]
    horizontal = d >= 3
    if horizontal != (block == T.LR):
        return _blocked(turn, block, there, there)
    beyond = turn.neighbours[d][there]
    if beyond < 0:
        return _blocked(turn, block, there, there)
    if turn.tiles[beyond] != _FLOOR or turn.occupied(beyond):
        return _blocked(turn, block, there, beyond)
    lift_block(turn, there)
    turn.tiles[beyond] = block
    _pushed(turn, who, block, there, beyond)
    walk(turn, who, here, there)
    return True


def fly(turn, who: int, start: int, d: int) -> bool:
    """Gold flight: the block at ``start`` flies over floor and panels until something
    stops it (electric floor stops and eats it). The pusher stays put."""
    block = turn.tiles[start]
    nxt = turn.neighbours[d]
    tiles = turn.tiles
    end = start
    while True:
        ahead = nxt[end]
        if ahead < 0:
            break
        under = tiles[ahead]
        if not (BLOCK_LANDS[under] or under == _ELECTRIC) or turn.occupied(ahead):
            break
        end = ahead
        if under == _ELECTRIC:
            break
    if end == start:
        ahead = nxt[start]
        return _blocked(turn, block, start, start if ahead < 0 else ahead)
    lift_block(turn, start)
    _come_to_rest(turn, block, end)
    if turn.events is not None:
        turn.events.append(Moved(tile_name(block).lower(), start, end))
        turn.events.append(Pushed(tile_name(block).lower(), start, end, turn.name(who)))
    return True


def push_gold(turn, who: int, here: int, there: int, d: int) -> bool:
    return fly(turn, who, there, d)


def push_sphere_chain(turn, who: int, here: int, there: int, d: int) -> bool:
    """Spheres: the push passes along a touching row of spheres, and the last one flies."""
    nxt = turn.neighbours[d]
    last = there
    while True:
        ahead = nxt[last]
        if ahead < 0 or not SPHERES[turn.tiles[ahead]] or turn.occupied(ahead):
            break
        last = ahead
    return fly(turn, who, last, d)


def push_steel_train(turn, who: int, here: int, there: int, d: int) -> bool:
    """Steel: a touching row of steel blocks moves one cell as a unit, like red."""
    nxt = turn.neighbours[d]
    tiles = turn.tiles
    train = [there]
    while True:
        ahead = nxt[train[-1]]
        if ahead < 0 or not STEELS[tiles[ahead]] or turn.occupied(ahead):
            break
        train.append(ahead)
    front = nxt[train[-1]]
    if front < 0:
        return _blocked(turn, tiles[train[-1]], train[-1], train[-1])
    under = tiles[front]
    if not (BLOCK_LANDS[under] or under == _ELECTRIC) or turn.occupied(front):
        return _blocked(turn, tiles[train[-1]], train[-1], front)
    for cell in reversed(train):
        ahead = nxt[cell]
        block = lift_block(turn, cell)
        _come_to_rest(turn, block, ahead)
        _pushed(turn, who, block, cell, ahead)
    walk(turn, who, here, there)
    return True
