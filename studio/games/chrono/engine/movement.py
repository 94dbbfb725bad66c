"""Clones walking and pushing crates, all at once.

Every move is judged against the field as it was at the start of the turn:
a move into a wall, a closed gate or a closed one-time passage is blocked; a
move into a crate pushes it, Sokoban-style, when the field behind it is free
(no wall, closed gate or passage, another crate or a clone), and is blocked
otherwise; so two clones pushing one crate towards each other are both
blocked (the README's "parallel directions are safe"). Clones never block
each other: any number may share a field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.games.chrono.engine.actions import is_move
from studio.games.chrono.engine.board import Board
from studio.games.chrono.engine.events import Blocked, Moved, Pushed
from studio.games.chrono.engine.state import CRATES_COLLIDE, PUSH_CONFLICT, Paradox, World
from studio.games.chrono.glyphs import Glyph


@dataclass
class Motion:
    """What the clones' moves of one turn do."""

    cells: list[int]  # every clone's cell after the turn
    crates: frozenset[int]
    events: list = field(default_factory=list)
    paradoxes: list[Paradox] = field(default_factory=list)


def why_closed(board: Board, world: World, cell: int | None) -> str | None:
    """Why nothing can enter ``cell`` this turn, or None when it is open."""
    if cell is None:
        return "the edge of the level"
    glyph = board.glyph(cell)
    if glyph == Glyph.WALL:
        return "a wall"
    if board.is_gate(cell) and cell not in world.open_gates:
        return "a closed gate"
    if board.is_passage(cell) and cell in world.passages:
        return "a closed one-time passage"
    return None


def _occupied(world: World, cell: int) -> str | None:
    """Whether a crate pushed onto ``cell`` would land on something."""
    if cell in world.crates:
        return "another crate"
    clones = [n for n, at in world.active_clones() if at == cell]
    return f"clone {clones[0] + 1}" if clones else None


def move_clones(board: Board, world: World, actions: dict[int, str], turn: int) -> Motion:
    """Move every clone that has a move in ``actions`` (clone number -> action)."""
    motion = Motion(list(world.clones), world.crates)
    pushes: dict[int, list[tuple[int, str]]] = {}  # crate cell -> (clone, direction)
    for clone, action in actions.items():
        if not is_move(action):
            continue
        frm = world.clones[clone]
        to = board.neighbour(frm, action)
        closed = why_closed(board, world, to)
        if closed is None and to in world.crates:
            behind = board.neighbour(to, action)
            blocker = why_closed(board, world, behind) or _occupied(world, behind)
            if blocker is not None:
                motion.events.append(Blocked(clone, frm, to, f"the crate cannot move: behind it is {blocker}"))
                continue
            pushes.setdefault(to, []).append((clone, action))
        elif closed is not None:
            motion.events.append(Blocked(clone, frm, to if to is not None else frm, closed))
            continue
        motion.cells[clone] = to
        motion.events.append(Moved(clone, frm, to))
    _push_crates(board, world, pushes, turn, motion)
    return motion


def _push_crates(board: Board, world: World, pushes, turn: int, motion: Motion) -> None:
    moved: dict[int, int] = {}  # crate cell -> its new cell
    for crate, pushers in sorted(pushes.items()):
        directions = sorted({action for _clone, action in pushers})
        clones = tuple(sorted(clone for clone, _action in pushers))
        if len(directions) > 1:
            x, y = board.xy(crate)
            motion.paradoxes.append(Paradox(
                PUSH_CONFLICT, turn, clones, crate,
                f"Clones {_names(clones)} push the crate at ({x}, {y}) in different directions at once "
                f"({', '.join(directions)}): which way it goes cannot be decided."))
            continue
        moved[crate] = board.neighbour(crate, directions[0])
        motion.events.append(Pushed(crate, moved[crate], clones))
    arrivals: dict[int, list[int]] = {}
    for crate, to in moved.items():
        arrivals.setdefault(to, []).append(crate)
    for to, crates in sorted(arrivals.items()):
        if len(crates) > 1:
            x, y = board.xy(to)
            motion.paradoxes.append(Paradox(
                CRATES_COLLIDE, turn, (), to, f"Two crates are pushed onto ({x}, {y}) in the same turn."))
    motion.crates = frozenset(world.crates.difference(moved)) | frozenset(moved.values())


def _names(clones) -> str:
    return " and ".join(str(c + 1) for c in clones)
