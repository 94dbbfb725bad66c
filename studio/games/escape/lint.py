"""Escape level mistakes a designer wants to hear about (``studio lint``, the Problems dock).

Rules (each problem names its cell):
- ``no-exit`` / ``no-reachable-exit``: no exit at all, or none the player could ever
  reach from the start, even if every block got out of his way (reach.Relaxation);
- ``link-to-itself`` / ``link-does-nothing``: a transporter whose destination is
  its own cell or somewhere the player cannot stand, a panel or remote swapping a
  cell that holds the same tile on both layers (a panel swapping its own cell is
  fine when its bizarro tile differs: it turns itself into that tile);
- ``bots-out-of-order``: a bomb placed before another bot (the game always moves
  bombs last, so the order shown is not the order played);
- ``bomb-never-lit``: a bomb nothing can push (so its fuse never starts) while no
  other bomb could be set off to blow it up;
- ``unreachable``: an exit, heart framer, switch, button, broken block or
  transporter the player could never get next to.
"""

from __future__ import annotations

from studio.core.problems import Problem
from studio.games.escape.engine import initial_state
from studio.games.escape.engine.state import OPPOSITE
from studio.games.escape.engine.tilesets import WALKABLE
from studio.games.escape.reach import EXIT, STAND, Relaxation
from studio.games.escape.tiles import LINKED_TILES, PANELS, T, bot_name, is_bomb, tile_name

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


def _links(level) -> list[Problem]:
    problems = []
    swapped = {level.dests[cell] for cell in range(level.width * level.height)
               if {level.tiles[cell], level.otiles[cell]} & (PANELS | {T.REMOTE})}
    for cell in range(level.width * level.height):
        tiles = {level.tiles[cell], level.otiles[cell]} & LINKED_TILES
        if not tiles:
            continue
        dest = level.dests[cell]
        kind = _name(sorted(tiles)[0])
        if tiles & (PANELS | {T.REMOTE}) and level.tiles[dest] == level.otiles[dest]:
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
    near = set(reachable)
    neighbours = state.board.neighbours
    for cell in reachable:
        for table in neighbours[1:]:
            if table[cell] >= 0:
                near.add(table[cell])
    problems = []
    for cell, tile in enumerate(level.tiles):
        if tile in TOUCHED and cell not in near:
            problems.append(Problem("unreachable",
                                    f"The player can never get to the {_name(tile)} here.", cell))
    return problems
