"""Breadth-first search for a shortest way to open a lock (for designing and checking locks).

States are hashable, so the visited set holds them directly. The search is
bounded by ``max_states`` so a hard lock never runs away with the machine.

A turn is played as ``engine.step`` plays it, phase by phase (``tools_phase``, then
``springs_phase``), and the springs phase is remembered: most moves leave the lock
after the tools phase in a position other moves reached too (the hook back where it
was, a push blocked), and the springs phase of a position is always the same, so it
is worked out once per position instead of once per move (on the bundled locks,
a seventh as often). tests/test_intricacy_search.py holds this to a plain breadth-first
search over ``engine.step``.

Most of the rest went on the tools phase's physics, two thirds of the time on locks of
eight blocks and four springs, though most hook moves touch nothing: the hook steps or
turns into empty hexes. Such a move is played without the physics (``free_hook_move``:
the hook alone moves, nothing is pushed), the others as the engine plays them.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from studio.games.intricacy.engine import MOVE_LETTERS, NO_MOTION, LockState, initial_state, springs_phase, tools_phase
from studio.games.intricacy.lock import Lock


MONITOR_EVERY = 64
# The remembered springs phases are forgotten all at once past this many positions, so
# the memory stays within a bound (below the visited set's) on a search of millions.
SETTLED_LIMIT = 1 << 18


def free_cells(state: LockState, memory: dict) -> frozenset:
    """The hexes the hook may enter without touching anything: open, and no other piece's.
    ``memory``: the answers by the other pieces (which most moves leave as they were)."""
    board = state.board
    others = state.pieces[:board.hook] + state.pieces[board.hook + 1:]
    free = memory.get(others)
    if free is None:
        taken = set()
        for piece in others:
            taken |= piece.cells()
        free = memory[others] = board.open - taken
    return free


def free_hook_move(state: LockState, move, free: frozenset, memory: dict) -> LockState | None:
    """The tools phase of a hook move whose hexes entered are all ``free``: the hook alone
    moves (nothing can be pushed, and no spring hangs on the hook); None for any other
    move, or while the wrench is moving (the physics settles both at once). ``memory``:
    the hook moved and the hexes it enters, by (hook, move)."""
    board = state.board
    if move.tool != "hook" or board.hook is None or (state.momentum != NO_MOTION and board.wrench is not None):
        return None
    hook = state.pieces[board.hook]
    known = memory.get((hook, move))
    if known is None:
        moved = hook.turned(move.motion) if move.turning else hook.moved(move.motion)
        known = memory[(hook, move)] = (moved, moved.cells() - hook.cells())
    moved, entered = known
    if not entered <= free:
        return None
    pieces = state.pieces[:board.hook] + (moved,) + state.pieces[board.hook + 1:]
    return LockState(board, pieces, state.springs, NO_MOTION)


class SearchResult(NamedTuple):
    solution: str | None  # move letters, or None when none was found within the bounds
    states: int  # distinct states seen
    complete: bool  # True when every reachable state (within max_moves) was explored
    expanded: int = 0  # states whose moves were tried


def shortest_solution(lock: Lock, max_moves: int = 60, max_states: int = 200_000, letters: str | None = None,
                      monitor=None) -> SearchResult:
    """``monitor(expanded, depth)``, when given, is called every ``MONITOR_EVERY`` states
    expanded; returning True stops the search there (a timeout, a cancel): the result
    is then neither solved nor complete."""
    start = initial_state(lock)
    if start.is_open():
        return SearchResult("", 1, True, 0)
    moves = [(letter, MOVE_LETTERS[letter]) for letter in (letters or "".join(MOVE_LETTERS))]
    if lock.wrench is None:
        moves = [(l, m) for l, m in moves if m.tool != "wrench"]
    if lock.hook is None:
        moves = [(l, m) for l, m in moves if m.tool != "hook"]
    parents = {start: None}
    settled: dict = {}  # a position after the tools phase -> the same after the springs phase
    frees: dict = {}  # the pieces but the hook -> the hexes free for it (free_cells)
    hook_moves: dict = {}  # (hook, move) -> (the hook moved, the hexes it enters)
    queue = deque([(start, 0)])
    expanded = 0
    while queue:
        state, depth = queue.popleft()
        expanded += 1
        if monitor is not None and expanded % MONITOR_EVERY == 0 and monitor(expanded, depth):
            return SearchResult(None, len(parents), False, expanded)
        if depth >= max_moves:
            continue
        free = free_cells(state, frees) if lock.hook is not None else frozenset()
        for letter, move in moves:
            after_tools = free_hook_move(state, move, free, hook_moves) or tools_phase(state, move)[0]
            nxt = settled.get(after_tools)
            if nxt is None:
                nxt = springs_phase(after_tools)[0]
                if len(settled) >= SETTLED_LIMIT:
                    settled.clear()
                    frees.clear()
                settled[after_tools] = nxt
            if nxt in parents:
                continue
            parents[nxt] = (state, letter)
            if nxt.is_open():
                path = []
                while parents[nxt] is not None:
                    nxt, letter = parents[nxt]
                    path.append(letter)
                return SearchResult("".join(reversed(path)), len(parents), False, expanded)
            if len(parents) >= max_states:
                return SearchResult(None, len(parents), False, expanded)
            queue.append((nxt, depth + 1))
    return SearchResult(None, len(parents), True, expanded)
