"""Solving Escape levels: the search space the generic solver (core.solver) explores.

The reductions that make the search small:

- Walks. A move that changes nothing but the player's cell is a *walk*. From a
  position, the cells the player can reach by walks alone form a region, found
  by a breadth-first search over cells; the search then only branches on the
  moves that change something else (a push, a press, a pick-up, a win), each an
  edge costing the walk to it plus one. Costs stay in single moves, and the
  generic A* orders by them, so solutions are shortest in single moves, as a
  Sokoban solver searches pushes but counts moves.
- What counts as a walk, exactly: stepping onto floor-like ground (floor, rough,
  lowered floors, coloured panels, traps) or through a transporter to such a
  cell, from a cell that does nothing when left (grey panels fire and traps
  decay when left: never a walk), with no bot on the way, no laser seeing the
  new cell, no grey panel or exit there, and nothing else on the board that
  acts every move (hugbots, daleks, lit bombs, a bomb that just went off). In a
  position where something does act, each move is played by the engine and
  counted as a walk only when the resulting position differs in nothing but
  the player's cell.
- Transpositions. Two positions that differ only in the player's cell, where
  the second is a walk away from the first, need not both be searched: the
  first's expansion already reached the second at its walk cost (the region is
  reported to the search as *covered*).
- Pruning and the lower bound: ``reach.Relaxation`` (cells the player could
  ever stand on, exits he could ever take); a position from which no possible
  exit can be reached is dropped. Where it is sound (no bots, transporters,
  remotes, gold, spheres or steel), the bound also counts the walk to the panel
  or button that must open the way first (the gate bound, reach.py). The bound
  is admissible but not always consistent; the A* reopens a position reached
  more cheaply later, so solutions stay shortest.
- Proofs: once a solution is known, the compiled exact search (shortest.py,
  compiled/proof.py: this space's A*, positions compared byte for byte, never by hash
  alone) tries to prove it shortest, tens of times faster than the A* here.
- The searches for any solution (before the A*, and after it when it found
  nothing) use ``guide.ObstacleGuide`` (cells in the way now) and
  ``novelty.PositionFacts`` (novelty facts, and the disturbance that restricts
  weighted A*).
"""

from __future__ import annotations

import os
import time
from array import array

from studio.core.racing import can_race, race
from studio.core.search_space import cancelled
from studio.core.shortcuts import path_along
from studio.core.solver import (
    NONE, Edge, EngineSpace, Expansion, Progress, SearchResult, find_then_shorten, reporting_solution_text, search,
    solve,
)
from studio.games.escape.engine import initial_state, step
from studio.games.escape.engine.lasers import laser_that_sees
from studio.games.escape.engine.moves import ENTER, blocked
from studio.games.escape.engine.state import DESTROYED, EXPLODED, EscapeState
from studio.games.escape.esp import moves_to_text
from studio.games.escape.guide import ObstacleGuide
from studio.games.escape.novelty import PositionFacts
from studio.games.escape.reach import Relaxation
from studio.games.escape.shortest import PROOF_SHARE as PROOF_SHARE_COMPILED
from studio.games.escape.shortest import prove_known
from studio.games.escape.tiles import Bot, T
from studio.games.escape.walks import (
    BLOCK_STOPS, BOT_LANDS, PUSHED_ONE_CELL, BoardBits, LayerCosts, QuietRegion,
)

DIRECTIONS = (1, 2, 3, 4)
PROOF_SHARE = 0.45  # of the timeout for A* (core.solver.solve's), after the search for any solution
# of the time, at most, for the compiled search for any solution: it stops at its first, and
# what is left goes to shortening it (or, when it finds none, to Python's searches, which
# find solutions tens of times more slowly: the last tenth is theirs)
COMPILED_SHARE = 0.9
_INERT = (int(Bot.BROKEN), DESTROYED)
RACER_PRELOAD = "studio.games.escape.compiled.preload"  # (core.racing.racing_context)
RACER_NICENESS = 10  # the racer's shortening, beside the first process's proof (find_any_solution)
_FAR = 0xFFFF  # a cell the walk region does not reach (walks are far shorter: at most 2048 cells)

# The player stepping onto these changes nothing (traps decay only when left).
_QUIET_GROUND = bytearray(256)
for _tile in (T.FLOOR, T.ROUGH, T.RDOWN, T.GDOWN, T.BDOWN, T.BPANEL, T.RPANEL, T.GPANEL, T.TRAP1, T.TRAP2):
    _QUIET_GROUND[_tile] = 1
# Leaving these changes something (a grey panel fires, a trap decays).
_NOISY_TO_LEAVE = bytearray(256)
for _tile in (T.PANEL, T.TRAP1, T.TRAP2):
    _NOISY_TO_LEAVE[_tile] = 1
# The player walking into these does nothing at all: no need to ask the engine.
_NO_EFFECT = bytearray(256)
for _tile in range(64):
    if ENTER[_tile] is blocked or _tile == T.ELECTRIC:
        _NO_EFFECT[_tile] = 1
_TRANSPORT, _PANEL, _EXIT, _LASER = int(T.TRANSPORT), int(T.PANEL), int(T.EXIT), int(T.LASER)
_ACTIVE_BOTS = (int(Bot.DALEK), int(Bot.HUGBOT), EXPLODED)
_HUGBOT = int(Bot.HUGBOT)
# Pushing one of these blocks against one of these tiles does nothing (walks.py).
_PUSHED_ONE_CELL = bytearray(256)
for _tile in PUSHED_ONE_CELL:
    _PUSHED_ONE_CELL[_tile] = 1
_BLOCK_STOPS = bytearray(256)
for _tile in BLOCK_STOPS:
    _BLOCK_STOPS[_tile] = 1
_BOT_LANDS = bytearray(256)
for _tile in BOT_LANDS:
    _BOT_LANDS[_tile] = 1
_BOMB = int(Bot.BOMB)


def _broken_in_any_order(bots: tuple) -> tuple:
    """The bots, the broken and destroyed ones (which never act) sorted after the others:
    two positions whose broken bots stand on the same cells in another order are one (the
    compiled search's key does the same: compiled/boards.board_hash)."""
    inert = [bot for bot in bots if bot[0] in _INERT]
    if not inert:
        return bots
    return tuple(bot for bot in bots if bot[0] not in _INERT) + tuple(sorted(inert))


def _with_player(state: EscapeState, cell: int) -> EscapeState:
    return tuple.__new__(EscapeState, (state.tiles, state.otiles, state.flags, cell, state.bots,
                                       state.dead, state.won, state.board))


def _quiet(state: EscapeState) -> bool:
    """Does nothing on the board act on its own after a move (bots, fuses, blasts)?
    A hugbot or dalek boxed in (``_boxed``) does not: it cannot move while the
    player only walks, since walks change no tile."""
    chasers = []
    for kind, cell, data in state.bots:
        if kind in _ACTIVE_BOTS:
            if kind == EXPLODED:
                return False
            chasers.append((kind, cell))
        elif kind >= _BOMB and data >= 0:
            return False
    if not chasers:
        return True
    boxed = {cell for _, cell in chasers}
    shrinking = True
    while shrinking:  # the largest set of chasers each boxed in by walls and the others
        shrinking = False
        for kind, cell in chasers:
            if cell in boxed and not _boxed(state, cell, kind == _HUGBOT, boxed):
                boxed.discard(cell)
                shrinking = True
    return len(boxed) == len(chasers)


def _boxed(state: EscapeState, cell: int, hugbot: bool, fellows: set) -> bool:
    """Can a bot on ``cell`` not move in any direction, wherever the player stands? Each
    neighbour is off the board, a tile nobody enters, or a block pushed one cell (or a
    gold block) with nothing a block could go onto behind it (so the player is not
    there either); for a hugbot, also a bot among ``fellows`` (boxed in themselves) that
    it cannot push, with no ground a bot is pushed onto behind it (moves.push_bot; a
    dalek would fuse with it instead)."""
    tiles = state.tiles
    for table in state.board.neighbours[1:]:
        there = table[cell]
        if there < 0:
            continue
        tile = tiles[there]
        if ENTER[tile] is blocked:
            continue
        beyond = table[there]
        if hugbot and there in fellows and (beyond < 0 or not _BOT_LANDS[tiles[beyond]]):
            continue
        if not _PUSHED_ONE_CELL[tile]:
            return False
        if beyond >= 0 and not _BLOCK_STOPS[tiles[beyond]]:
            return False
    return True


class RegionCosts:
    """The walk cost from the expanded cell to each cell of its region, as ``get``."""

    __slots__ = ("costs",)

    def __init__(self, costs: array):
        self.costs = costs

    def get(self, cell: int) -> int | None:
        cost = self.costs[cell]
        return None if cost == _FAR else cost


class EscapeSpace:
    """The search space of one Escape level (core.solver.SearchSpace)."""

    def __init__(self, start: EscapeState, walks: bool = True, bound: bool = True):
        self._start = start
        self.walks = walks
        self._bits = None
        self._facts = PositionFacts(start)
        self.relaxation = Relaxation(start) if bound else None
        self.lower_bound = self.relaxation.moves_to_exit if bound else (lambda state: 0)
        if bound:
            self.guidance = ObstacleGuide(self.relaxation)
        if not walks:
            self._plain = EngineSpace(start, lambda s, m: step(s, m, False), DIRECTIONS)
            self.expand = self._plain.expand
            self.unfold = self._plain.unfold
            self.transposition = None

    def start(self) -> EscapeState:
        return self._start

    def transposition(self, state: EscapeState):
        bots = state.bots
        if bots:
            bots = _broken_in_any_order(bots)
        return (state.tiles, state.otiles, state.flags, bots, state.dead, state.won), state.player

    def atoms(self, state: EscapeState, parent: EscapeState | None):
        return self._facts.atoms(state, parent)

    def changes(self, state: EscapeState) -> tuple:
        return self._facts.changes(state)

    def disturbance(self, state: EscapeState) -> int:
        return self._facts.disturbance(state)

    def expand(self, state: EscapeState) -> Expansion:
        if not _quiet(state):
            edges: list = []
            costs = self._explore(state, edges, None)
            return Expansion(edges, RegionCosts(costs))
        bits = self._bits
        if bits is None or bits.width != state.board.width or bits.full.bit_length() != state.board.size:
            bits = self._bits = BoardBits(state.board)
        region = QuietRegion(bits, state)
        edges = []
        start = state.player
        placed = state
        for cost, cell, direction in region.engine_moves(bits):
            if placed.player != cell:
                placed = state if cell == start else _with_player(state, cell)
            result = step(placed, direction, False)
            if result.moved:
                edges.append(Edge(cost + 1, result.state, result.outcome, (cell, direction)))
        return Expansion(edges, LayerCosts(region.layers))

    def unfold(self, state: EscapeState, label) -> tuple:
        """The walk from the player's cell to ``label``'s cell, then its move."""
        cell, direction = label
        came_from: dict = {}
        self._explore(state, None, came_from)
        path = [direction]
        while cell != state.player:
            cell, move = came_from[cell]
            path.append(move)
        return tuple(reversed(path))

    def _explore(self, state: EscapeState, edges: list | None, came_from: dict | None) -> array:
        """Breadth-first over the player's walk region. Adds an edge for every other move
        that changes something (when ``edges`` is given); records how each cell was
        first reached (when ``came_from`` is given). Returns the walk costs."""
        board = state.board
        costs = array("H", (_FAR,)) * board.size
        start = state.player
        costs[start] = 0
        queue = [start]
        quiet = _quiet(state)
        tiles = state.tiles
        neighbours = board.neighbours
        dests = board.dests
        live_bots = {cell for kind, cell, _ in state.bots if kind >= 0}
        lasers = _LASER in tiles
        bot_cells = [cell for _, cell, _ in state.bots]
        bot_types = [kind for kind, _, _ in state.bots]

        def safe_to_stand(cell: int) -> bool:
            return (cell not in live_bots and tiles[cell] != _PANEL and tiles[cell] != _EXIT
                    and not (lasers and laser_that_sees(tiles, board.width, cell, bot_cells, bot_types)))

        for cell in queue:
            cost = costs[cell]
            next_cost = cost + 1
            placed = None
            leaves_quietly = quiet and not _NOISY_TO_LEAVE[tiles[cell]]
            for direction in DIRECTIONS:
                there = neighbours[direction][cell]
                if there < 0 or _NO_EFFECT[tiles[there]]:
                    continue
                if leaves_quietly:
                    target = -1
                    tile = tiles[there]
                    if _QUIET_GROUND[tile]:
                        if safe_to_stand(there):
                            target = there
                    elif tile == _TRANSPORT and there not in live_bots:
                        dest = dests[there]
                        if safe_to_stand(dest):
                            target = dest
                    if target >= 0:
                        if costs[target] == _FAR:
                            costs[target] = next_cost
                            queue.append(target)
                            if came_from is not None:
                                came_from[target] = (cell, direction)
                        continue
                if _PUSHED_ONE_CELL[tiles[there]]:
                    beyond = neighbours[direction][there]
                    if beyond < 0 or _BLOCK_STOPS[tiles[beyond]]:
                        continue  # a push that certainly moves nothing
                if placed is None:
                    placed = state if cell == start else _with_player(state, cell)
                result = step(placed, direction, False)
                if not result.moved:
                    continue
                new = result.state
                if not quiet and result.outcome == NONE and new.tiles is tiles \
                        and new.bots is state.bots and new.otiles is state.otiles and new.flags is state.flags:
                    target = new.player
                    if costs[target] == _FAR:
                        costs[target] = next_cost
                        queue.append(target)
                        if came_from is not None:
                            came_from[target] = (cell, direction)
                    continue
                if edges is not None:
                    edges.append(Edge(cost + 1, new, result.outcome, (cell, direction)))
        return costs


COMPILING_NOTE = ("compiling the Escape solver's fast search for this machine "
                  "(once for each version of the studio: about half a minute)")


def prepare_solver(notify=None, cancel=None) -> bool:
    """Game.prepare_solver: where numba is installed but the compiled search's machine code
    is not in this machine's cache yet, compile it and wait (about half a minute; else the
    searches until it is ready go without it: tutorial lev161 and lev845 went unsolved in
    10 s on a fresh install). False when the searches will do without it."""
    from studio.games.escape.compiled import installed

    if not installed():
        return False
    from studio.games.escape.compiled.compiling import compile_and_wait, ready

    if ready():
        return True
    if notify is not None:
        notify(COMPILING_NOTE)
    return compile_and_wait(cancel)


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                method: str = "auto", walks: bool = True, bound: bool = True,
                max_expanded: int | None = None, cores: int = 1) -> SearchResult:
    """Search a solution of an ``EscapeLevel``, shortest when it can be proven in time.

    ``method`` "auto" is the compiled search for any solution first, where it can run
    (``_solve_compiled_first``), then core.solver.solve: A* for ``PROOF_SHARE`` of the
    timeout to prove the solution found shortest or find a shorter one (with none found,
    a novelty search first, and after the A* the searches for any solution: novelty, and
    restricted by ``disturbance``); "astar", "novelty" and "bfs" run one search
    (core.solver.search). ``method="bfs"`` searches single moves: the plain
    breadth-first search. With ``cores`` above 1 (and a timeout), "auto" also runs
    ``find_any_solution`` in a second process beside it (core.racing), which goes on to
    shorten what it finds: the compiled search's two orders then run one a core, novelty
    first here and breadth-first there (on one core they take turns), and whichever finds
    first, this process builds on the find."""
    space = EscapeSpace(initial_state(level), walks=walks and method != "bfs", bound=bound)
    progress = reporting_solution_text(progress, moves_to_text)  # the best so far, replayable while searching
    if method == "auto" and cores > 1 and timeout is not None and can_race():
        result = race(lambda racing_progress, partner: _solve_compiled_first(
            space, walks, timeout, cancel, racing_progress, partner=partner),
            find_any_solution, (level, walks, bound, True, True), timeout=timeout, progress=progress,
            preload=(RACER_PRELOAD,))
    elif method == "auto":
        result = _solve_compiled_first(space, walks, timeout, cancel, progress)
    else:
        result = search(space, method=method, timeout=timeout, cancel=cancel, progress=progress,
                        max_expanded=max_expanded)
    result.solution = moves_to_text(result.moves)
    return result


def _solve_compiled_first(space: EscapeSpace, walks: bool, timeout: float | None, cancel, progress,
                          partner=None) -> SearchResult:
    """core.solver.solve, after the compiled search for any solution has had
    ``COMPILED_SHARE`` of the timeout (where it can run): with its solution, the compiled
    exact search (shortest.py) tries to prove it shortest first, and solve then only
    proves it shortest or looks for shorter ones. Times count from this call. On two
    cores (``partner``: core.racing's, the second process) the novelty search runs here
    alone, the breadth-first one there; a find by either ends both searches, and both
    processes build on it. (Novelty here: it finds first on most levels, and this process
    then builds on its own find.) The positions the compiled search looked at count in the
    result and in later progress reports, found or not."""
    started = time.perf_counter()
    known, looked = None, SearchResult(False, False)
    if walks and timeout is not None:
        known, looked, own = _compiled_or_theirs(space, timeout * COMPILED_SHARE, cancel,
                                                 partner and partner.best, progress=progress,
                                                 breadth_first=partner is None)
        if own and known is not None and partner is not None:
            partner.offer(known.moves)
    spent = time.perf_counter() - started
    if known is not None:
        known.first_found = spent
        if progress is not None:
            progress(Progress(known.expanded, known.generated, 0, 0, spent, known.length, phase="any",
                              best_moves=known.moves))
        proved = _proved(space, known, timeout - spent, cancel, progress, spent)
        spent = time.perf_counter() - started
        if proved is not None and proved.optimal:
            proved.seconds = spent
            proved.expanded += looked.expanded
            proved.generated += looked.generated
            return proved
        if proved is not None and partner is not None:
            partner.offer(proved.moves)  # (shorter: the other process shortens from it)
        known = proved or known
    result = solve(space, timeout=None if timeout is None else max(0.0, timeout - spent), cancel=cancel,
                   progress=_later(progress, spent, looked), proof_share=PROOF_SHARE, known=known)
    result.seconds += spent
    result.expanded += looked.expanded
    result.generated += looked.generated
    if known is None and result.first_found is not None:
        result.first_found += spent
    return result


def _proved(space: EscapeSpace, known: SearchResult, left: float, cancel, progress, spent: float
            ) -> SearchResult | None:
    """shortest.prove_known for its share of the time left (``known`` proven shortest, or
    a shorter solution), or None."""
    return prove_known(space.start(), known, left * PROOF_SHARE_COMPILED, cancel=cancel, progress=progress,
                       offset=spent, accept=lambda moves: _known_solution(space, moves))


def _later(progress, offset: float, before: SearchResult):
    """``progress``, its reports' seconds counted from ``offset`` seconds earlier and its
    counts from ``before``'s."""
    if progress is None or (offset <= 0 and not before.expanded):
        return progress

    def report(p: Progress) -> None:
        p.seconds += offset
        p.expanded += before.expanded
        p.generated += before.generated
        progress(p)
    return report


def find_any_solution(level, walks: bool, bound: bool, breadth_first_only: bool = False,
                      yields: bool = False, *, timeout: float, cancel=None, found=None, heard=None) -> SearchResult:
    """The second core's search (core.racing): the compiled search for any solution
    (compiled/search.py; ``breadth_first_only``: that order alone, beside
    ``_solve_compiled_first``'s novelty search) for ``COMPILED_SHARE`` of the timeout,
    where numba is installed, or until the first process finds one (``heard``), then
    core.solver.find_then_shorten on the level: the Python novelty search when neither
    found anything, else only the shortening of the solution found. With ``yields`` (a
    racer: this process is its own), the shortening runs at a lower priority: the first
    process is then proving the solution shortest (shortest.py), and on a machine busy
    with more than the two searches the proof must not share its core with this one."""
    started = time.perf_counter()
    start = initial_state(level)
    known = None
    space = EscapeSpace(start, walks=walks, bound=bound)
    looked = SearchResult(False, False)
    if walks:
        known, looked, own = _compiled_or_theirs(space, timeout * COMPILED_SHARE, cancel, heard,
                                                 novelty=not breadth_first_only)
        if own and known is not None and found is not None:
            found(known.moves)
        if known is not None:
            known.first_found = time.perf_counter() - started
            if yields:
                _lower_priority()
    left = max(0.0, timeout - (time.perf_counter() - started))
    result = find_then_shorten(space, timeout=left, cancel=cancel,
                               found=found, known=known)
    result.seconds = time.perf_counter() - started
    result.expanded += looked.expanded
    result.generated += looked.generated
    return result


def _lower_priority() -> None:
    try:
        os.nice(RACER_NICENESS)
    except (AttributeError, OSError):
        pass  # (no os.nice here: Windows)


def _compiled_or_theirs(space: EscapeSpace, timeout: float, cancel, theirs, progress=None, **orders) -> tuple:
    """``_compiled_solution`` as (the solution found or None, an unsolved result holding
    the counts of a search that found none, True); on two cores (``theirs``: the other
    process's shortest find so far) the search stops as soon as that process has one, and
    then its find is the solution (with this search's counts), and False. ``progress``
    hears how far the search has got."""
    nothing = SearchResult(False, False)
    if theirs is None:
        own = _compiled_solution(space, timeout, cancel, progress=progress, **orders)
    else:
        own = _compiled_solution(space, timeout, lambda: cancelled(cancel) or bool(theirs()), progress=progress,
                                 **orders)
    own = own if own is not None else nothing
    if own.solved:
        return own, nothing, True
    known = None if theirs is None or cancelled(cancel) or not theirs() else _known_solution(space, theirs())
    if known is None:
        return None, own, True
    known.expanded, known.generated = own.expanded, own.generated
    return known, nothing, False


def _compiled_solution(space: EscapeSpace, timeout: float, cancel, novelty: bool = True,
                       breadth_first: bool = True, progress=None) -> SearchResult | None:
    """A solution by the compiled search (in the orders asked for: searching.find_solution),
    checked on the reference engine, with its path through ``space``'s edges for
    core.shortcuts when it has one; unsolved, with the positions it looked at, when it
    found none in time; None when it did not run (numba missing, or its machine code not
    compiled yet: that is started in the background for the next search).
    ``progress`` hears core.solver's Progress reports of it ("any" phase), every quarter
    of a second: a Solve window would otherwise show nothing for most of the time limit."""
    from studio.games.escape.compiled import installed

    if not installed():
        return None
    from studio.games.escape.compiled.compiling import compile_in_background, ready
    from studio.games.escape.compiled.searching import find_solution

    if not ready():  # (compiling takes about a minute: this search goes on without it)
        compile_in_background()
        return None
    began = time.perf_counter()
    start = space.start()
    if space.lower_bound(start) is None:
        return None  # (the way out is shut for good: the A* proves it at once, this would search on)
    reports = None
    if progress is not None:
        def reports(expanded: int, stored: int, seconds: float) -> None:
            progress(Progress(expanded, stored, 0, 0, seconds, None, phase="any"))
    find = find_solution(start, timeout=timeout, cancel=cancel, novelty=novelty, breadth_first=breadth_first,
                         progress=reports)
    if find is None:
        return None
    seconds = time.perf_counter() - began
    known = None if find.moves is None else _known_solution(space, find.moves, find.expanded, find.stored, seconds)
    if known is None:  # (none found: or, never yet, one the reference engine does not take)
        return SearchResult(False, False, (), find.expanded, find.stored, seconds, stopped="timeout")
    return known


def _known_solution(space: EscapeSpace, moves: tuple, expanded: int = 0, stored: int = 0,
                    seconds: float = 0.0) -> SearchResult | None:
    """A solution found elsewhere (the compiled engine, the second process) as solve's
    ``known``: played on the reference engine first (None unless it wins), with its path
    through ``space``'s edges for core.shortcuts when it has one."""
    from studio.games.escape.engine import play_solution

    start = space.start()
    if play_solution(start, moves).verdict != "won":
        return None
    path = path_along(space, moves, _play) or ()
    return SearchResult(True, False, tuple(moves), expanded, stored, seconds, path=path)


def _play(state: EscapeState, direction: int) -> tuple:
    result = step(state, direction, False)
    return result.state, result.outcome


__all__ = ["EscapeSpace", "RegionCosts", "solve_level", "find_any_solution"]
