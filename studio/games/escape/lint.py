"""Escape level mistakes a designer wants to hear about (``studio lint``, the Problems dock).

Rules (each problem names its cell):
- ``no-exit`` / ``no-reachable-exit``: no exit at all, or none the player could ever
  reach from the start, even if every block got out of his way (reach.Relaxation);
- ``link-to-itself`` / ``link-does-nothing``: a transporter whose destination is
  its own cell or somewhere the player cannot stand, a panel or remote swapping a
  cell that holds the same tile on both layers where nothing could ever be pushed
  onto it or away (a panel matters when a block can arrive on its target, as the
  tutorial's "Panels" level has the player push a grey block there; a panel
  swapping its own cell is fine when its bizarro tile differs);
- ``bots-out-of-order``: a bomb placed before another bot (the game always moves
  bombs last, so the order shown is not the order played);
- ``bomb-never-lit``: a bomb nothing can push (so its fuse never starts) while no
  other bomb could be set off to blow it up;
- ``unreachable``: an exit, heart framer, switch, button, broken block or
  transporter the player could never get next to;
- ``start-in-laser``: the player starts where a laser sees him. Escape judges him
  only after a move that changed something, so he lives if that first move takes
  him out of the line (the regression level sdead.esx teases so), and a solution
  whose moves all change nothing ends dead (fuzz all-1-33). An error when no first
  move gets him out alive, else a warning.
"""

from __future__ import annotations

from studio.core.problems import Problem
from studio.games.escape.engine import initial_state, step
from studio.games.escape.engine.state import OPPOSITE
from studio.games.escape.engine.step import danger_in_place
from studio.games.escape.engine.tilesets import (
    BOMBABLE, PANEL_TILES, PLAIN_BLOCKS, SLIDERS, SPHERES, STEELS, WALKABLE,
)
from studio.games.escape.reach import EXIT, STAND, Relaxation
from studio.games.escape.tiles import LINKED_TILES, PANELS, T, bot_name, is_bomb, tile_name

# Tiles that move when pushed, and tiles a moving tile may ever come to rest on or leave.
MOVABLE = bytes(1 if PLAIN_BLOCKS[t] or SLIDERS[t] or SPHERES[t] or STEELS[t] or t in (T.GREEN, T.GOLD) else 0
                for t in range(64))
LANDABLE = bytes(1 if MOVABLE[t] or WALKABLE[t] or PANEL_TILES[t]
                 or t in (T.HOLE, T.ELECTRIC, T.TRANSPORT, T.BROKEN, T.HEARTFRAMER) else 0 for t in range(64))
# Things the player has to touch to use; one he can never get next to is a mistake.
TOUCHED = frozenset({T.EXIT, T.SLEEPINGDOOR, T.HEARTFRAMER, T.ON, T.ZERO, T.ONE, T.BROKEN,
                     T.BUTTON, T.TRANSPORT})


def lint_level(level) -> list[Problem]:
    state = initial_state(level)
    relaxation = Relaxation(state)
    codes = relaxation.codes(state)
    reachable = relaxation.reachable(codes, state.player)
    problems: list[Problem] = []
    problems += _exits(level, state, codes, reachable)
    problems += _links(level)
    problems += _bot_order(level)
    problems += _bombs(level, state, codes, reachable)
    problems += _unreachable(level, state, reachable)
    problems += _start_in_laser(state)
    return problems


def _name(tile: int) -> str:
    return tile_name(tile).lower()


def _exits(level, state, codes: bytes, reachable: set) -> list[Problem]:
    exits = [cell for cell in range(len(codes)) if codes[cell] & EXIT]
    if not exits:
        has_door = T.SLEEPINGDOOR in level.tiles or T.SLEEPINGDOOR in level.otiles
        why = ("its sleeping doors never wake: there is no heart framer" if has_door
               else "there is no exit")
        return [Problem("no-exit", f"The level cannot be won: {why}.", state.player, "error")]
    if not any(cell in reachable for cell in exits):
        return [Problem("no-reachable-exit",
                        "The player can never reach an exit from the start, even if every block "
                        "got out of his way.", state.player, "error")]
    return []


def _tile_traffic(level, swapped: set[int]) -> set[int]:
    """Cells whose tile may one day change by a tile moving onto or off it: the cells a
    pushed tile could ever get to from where movable tiles lie, through cells one could
    ever rest on (a cell some panel swaps counts its bizarro tile too). Judged
    generously: a lint must not cry wolf."""
    size = level.width * level.height
    bombs = any(is_bomb(bot.kind) for bot in level.bots)

    def layers(cell: int) -> tuple[int, ...]:
        return (level.tiles[cell], level.otiles[cell]) if cell in swapped else (level.tiles[cell],)

    def open_to_tiles(cell: int) -> bool:
        return any(LANDABLE[tile] or (bombs and BOMBABLE[tile]) for tile in layers(cell))

    pending = [cell for cell in range(size) if any(MOVABLE[tile] for tile in layers(cell))]
    found = set(pending)
    while pending:
        x, y = level.xy(pending.pop())
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < level.width and 0 <= ny < level.height:
                cell = ny * level.width + nx
                if cell not in found and open_to_tiles(cell):
                    found.add(cell)
                    pending.append(cell)
    return found


def _links(level) -> list[Problem]:
    problems = []
    swapped = {level.dests[cell] for cell in range(level.width * level.height)
               if {level.tiles[cell], level.otiles[cell]} & (PANELS | {T.REMOTE})}
    traffic = None  # computed at the first panel that needs it
    for cell in range(level.width * level.height):
        tiles = {level.tiles[cell], level.otiles[cell]} & LINKED_TILES
        if not tiles:
            continue
        dest = level.dests[cell]
        kind = _name(sorted(tiles)[0])
        if tiles & (PANELS | {T.REMOTE}) and level.tiles[dest] == level.otiles[dest]:
            traffic = _tile_traffic(level, swapped) if traffic is None else traffic
            if dest in traffic:
                continue  # a block pushed there is swapped: the panel matters
            x, y = level.xy(dest)
            where = "its own cell" if dest == cell else f"({x}, {y})"
            problems.append(Problem(
                "link-does-nothing",
                f"The {kind} swaps {where}, which holds {_name(level.tiles[dest])} on both layers: "
                f"pressing it changes nothing.", cell))
        elif T.TRANSPORT in tiles and dest == cell:
            problems.append(Problem("link-to-itself", "The transporter's destination is its own cell.", cell))
        elif T.TRANSPORT in tiles and not WALKABLE[level.tiles[dest]] and dest not in swapped:
            x, y = level.xy(dest)
            problems.append(Problem(
                "link-does-nothing",
                f"The transporter sends the player into the {_name(level.tiles[dest])} at ({x}, {y}).", cell))
    return problems


def _bot_order(level) -> list[Problem]:
    problems = []
    first_bomb = None
    for number, bot in enumerate(level.bots):
        if is_bomb(bot.kind):
            if first_bomb is None:
                first_bomb = number
        elif first_bomb is not None:
            bomb = level.bots[first_bomb]
            problems.append(Problem(
                "bots-out-of-order",
                f"Bot {number} ({bot_name(bot.kind).lower()}) comes after bomb {first_bomb}: bombs always "
                f"move after the other bots, so renumber it before the bombs.", bomb.cell))
    return problems


def _bombs(level, state, codes: bytes, reachable: set) -> list[Problem]:
    bombs = [bot for bot in level.bots if is_bomb(bot.kind)]
    if not bombs:
        return []
    neighbours = state.board.neighbours
    pushers = set(reachable)
    hugbots = any(not is_bomb(bot.kind) and bot.kind in (2, 4) for bot in level.bots)

    def pushable(cell: int) -> bool:
        if hugbots:
            return True  # a hugbot may push it from anywhere it can get to
        for direction in (1, 2, 3, 4):
            behind = neighbours[OPPOSITE[direction]][cell]
            beyond = neighbours[direction][cell]
            if behind >= 0 and beyond >= 0 and behind in pushers \
                    and (codes[beyond] & STAND or level.tiles[beyond] == T.ELECTRIC):
                return True
        return False

    lit = [bot for bot in bombs if pushable(bot.cell)]
    if lit:
        return []
    return [Problem("bomb-never-lit",
                    f"Nothing can ever push this bomb, so its fuse of {bot.kind - 5} never starts.", bot.cell)
            for bot in bombs]


def _unreachable(level, state, reachable: set) -> list[Problem]:
    """One problem per region the player can never get near (cells joined side by side),
    naming the things in it he would have to touch; its cells are those things."""
    near = set(reachable)
    neighbours = state.board.neighbours
    for cell in reachable:
        for table in neighbours[1:]:
            if table[cell] >= 0:
                near.add(table[cell])
    problems = []
    seen: set[int] = set()
    for start, tile in enumerate(level.tiles):
        if tile not in TOUCHED or start in near or start in seen:
            continue
        region, pending = {start}, [start]
        while pending:
            cell = pending.pop()
            for table in neighbours[1:]:
                other = table[cell]
                if other >= 0 and other not in near and other not in region:
                    region.add(other)
                    pending.append(other)
        seen |= region
        things = sorted(cell for cell in region if level.tiles[cell] in TOUCHED)
        problems.append(Problem("unreachable", _unreachable_message(level, things), things[0], cells=tuple(things)))
    return problems


def _unreachable_message(level, things: list[int]) -> str:
    if len(things) == 1:
        return f"The player can never get to the {_name(level.tiles[things[0]])} here."
    counts: dict[str, int] = {}
    for cell in things:
        name = _name(level.tiles[cell])
        counts[name] = counts.get(name, 0) + 1
    listed = [f"{count} {name}s" if count > 1 else f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
              for name, count in counts.items()]
    items = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    return f"The player can never get to this part of the level: {items}."


def _start_in_laser(state) -> list[Problem]:
    killer = danger_in_place(state)
    if killer is None or killer.cause != "laser":
        return []
    x, y = state.board.xy(killer.at)
    cells = (state.player, killer.at)
    gets_out = any(result.moved and result.outcome != "dead"
                   for result in (step(state, move, False) for move in (1, 2, 3, 4)))
    if gets_out:
        return [Problem("start-in-laser",
                        f"The player starts where the laser at ({x}, {y}) sees him: the first move that "
                        f"changes anything must take him out of its line, or he dies.", state.player,
                        "warning", cells=cells)]
    return [Problem("start-in-laser",
                    f"The player starts where the laser at ({x}, {y}) sees him, and no move gets him out "
                    f"of its line alive.", state.player, "error", cells=cells)]
