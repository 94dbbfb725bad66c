"""Solving ChronoShift levels: a search over sequences of clones (core.solver).

A solution is one recording per clone, ``R1 ... Rk``, each ending with ``T``.
In time jump ``j`` clones ``1 .. j`` act: clone ``j`` is the one the player
controls and the earlier ones replay their recordings exactly. A clone's
action on turn ``t`` is the same letter in every jump it takes part in, so
the search plays all ``k`` jumps side by side, turn by turn: a search state
holds the world of every jump at the same turn, and an edge gives each clone
still outside the time machine one action, applied (by the engine's own
``play_turn``) in every jump that clone is part of. The current clone's
choices are thus searched with the earlier clones' actions fixed in each
jump, and a clone's recording is checked against every later jump as it is
made (a later clone pushing a crate in its way, a gate it no longer finds
open, its ``T`` off the machine: a paradox there prunes the branch).

An edge costs one letter per clone that acts, so the A* search (cost plus an
admissible bound: every clone still out must walk back to the machine, and
some clone must fetch the farthest goal not taken) finds a solution with the
fewest letters. The numbers of clones ``1 .. max_clones`` are searched
together (a start state leads to each at no cost), and no jump may last more
than ``max_turns`` turns. So ``optimal`` means shortest *within those bounds*
(the solve record says ``bounded: true``), and an exhausted search proves
only that no solution exists within them. With a timeout, the exact search
gets most of it (``PROOF_SHARE``); if it has not finished, the novelty search
of core.solver (``atoms``: each clone's cell, crate, open gate, pressed button,
used passage, taken goal and clone home, jump by jump) spends the rest looking
for any solution, reported not optimal.

Reductions: a move into a wall or off the level (in every jump the clone is
part of) is never tried: it is the same as waiting. A jump that ends with every
goal taken before the last one is pruned (the game would be won there: the
search with fewer clones finds that solution, cheaper). The same worlds at a
later turn reached at no lower cost are skipped (the transposition hook), and
one jump's turn is remembered by (world, actions), since the early jumps recur
under many states.
"""

from __future__ import annotations

from collections import deque

from studio.core.solver import DEAD, NONE, WON, Edge, Expansion, SearchResult, solve
from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import HOLD, MOVES, TIME_MACHINE
from studio.games.chrono.engine.turn import play_turn
from studio.games.chrono.glyphs import Glyph

DEFAULT_MAX_CLONES = 3
DEFAULT_MAX_TURNS = 40
_ROOT = "start"
_FAR = 10**6
TURN_CACHE_SIZE = 400_000
PROOF_SHARE = 0.8  # of the timeout for the exact search (what solves these levels); the rest for novelty

# Options `studio solve` offers for this game (see core.solve_runner): flag -> (type, default, help).
SOLVE_OPTIONS = {
    "max_clones": (int, DEFAULT_MAX_CLONES, "ChronoShift: search solutions with at most N clones"),
    "max_turns": (int, DEFAULT_MAX_TURNS, "ChronoShift: no time jump lasts more than N turns"),
}


class LaterTurns:
    """What expanding the worlds at ``turn`` covers: the same worlds at any later turn."""

    __slots__ = ("turn",)

    def __init__(self, turn: int):
        self.turn = turn

    def get(self, turn: int) -> int | None:
        return 0 if turn >= self.turn else None


class ChronoSpace:
    """The search space of one ChronoShift level (core.solver.SearchSpace).

    A state is ``(turn, worlds)``: the world of each time jump ``1 .. k`` after
    ``turn`` turns (a finished jump keeps its last world; the worlds' own turn is
    kept at 0 so that equal worlds at different turns compare equal)."""

    def __init__(self, level, max_clones: int = DEFAULT_MAX_CLONES, max_turns: int = DEFAULT_MAX_TURNS):
        self.board = Board.from_level(level)
        self.crates = frozenset(i for i, g in enumerate(level.glyphs) if g == Glyph.CRATE)
        self.max_clones = max(1, max_clones)
        self.max_turns = max(1, max_turns)
        self._turns: dict = {}
        self.home_distance = self._distances_from(self.board.start)
        self.goal_distances = {goal: self._distances_from(goal) for goal in self.board.goals}
        # Moves that stay possible somewhere: into a wall or off the level is a wait, forever.
        self.moves_from = {}
        for cell in range(self.board.width * self.board.height):
            self.moves_from[cell] = tuple(
                action for action in MOVES
                if (there := self.board.neighbour(cell, action)) is not None and self.board.glyph(there) != Glyph.WALL)

    def _distances_from(self, origin: int) -> list[int]:
        """Steps from ``origin`` through everything but walls (gates open, crates away)."""
        board = self.board
        distance = [_FAR] * (board.width * board.height)
        distance[origin] = 0
        queue = deque([origin])
        while queue:
            cell = queue.popleft()
            for action in MOVES:
                there = board.neighbour(cell, action)
                if there is not None and distance[there] == _FAR and board.glyph(there) != Glyph.WALL:
                    distance[there] = distance[cell] + 1
                    queue.append(there)
        return distance

    # -- core.solver.SearchSpace --------------------------------------------------------------
    def start(self):
        return _ROOT

    def expand(self, state) -> Expansion:
        if state == _ROOT:
            return Expansion([Edge(0, (0, tuple(World.at_start(self.board, j, self.crates)
                                                 for j in range(1, clones + 1))), NONE, None)
                              for clones in range(1, self.max_clones + 1)])
        turn, worlds = state
        if turn >= self.max_turns:
            return Expansion([])
        count = len(worlds)
        home = worlds[-1].home  # a clone enters the machine on the same turn in every jump
        goals = self.board.goals
        # Clone by clone: once clone c's action is chosen, jump c (clones 0 .. c) can be played,
        # so a paradox there prunes every choice of the later clones at once.
        partials = [((), ())]  # (actions of clones 0 .. c, worlds of jumps 0 .. c after the turn)
        for clone in range(count):
            before = worlds[clone]
            over = len(before.home) == len(before.clones)
            choices = (None,) if clone in home else self._choices(worlds, clone)
            grown = []
            for actions, played in partials:
                for action in choices:
                    chosen = actions + (action,)
                    after = before if over else self._turn(before, chosen)
                    if after is None:
                        continue  # a paradox in this jump
                    if not over and len(after.home) == len(after.clones) and clone < count - 1 \
                            and goals and after.goals_taken == goals:
                        continue  # won with fewer clones: that search finds it cheaper
                    grown.append((chosen, played + (after,)))
            partials = grown
        cost = count - len(home)
        last = worlds[-1]
        edges = []
        for actions, played in partials:
            after = played[-1]
            outcome = NONE
            if after is not last and len(after.home) == len(after.clones):
                outcome = WON if goals and after.goals_taken == goals else DEAD
            edges.append(Edge(cost, (turn + 1, played), outcome, actions))
        return Expansion(edges, LaterTurns(turn))

    def _choices(self, worlds, clone: int) -> tuple:
        """The actions worth trying for a clone outside the machine. A move into a wall is a
        wait only when it is one in every jump the clone is part of."""
        cells = {worlds[jump].clones[clone] for jump in range(clone, len(worlds))}
        if len(cells) == 1:
            cell, = cells
            choices = self.moves_from[cell] + (HOLD,)
            return choices + (TIME_MACHINE,) if cell == self.board.start else choices
        return tuple(action for action in MOVES if any(action in self.moves_from[c] for c in cells)) + (HOLD,)

    def atoms(self, state, parent=None) -> list:
        """The facts of a state for novelty search (core.solver): what each jump holds."""
        if state == _ROOT:
            return []
        found = []
        for jump, world in enumerate(state[1]):
            found += [(jump, "at", clone, cell) for clone, cell in enumerate(world.clones)]
            found += [(jump, "crate", cell) for cell in world.crates]
            found += [(jump, "open", cell) for cell in world.open_gates]
            found += [(jump, "pressed", cell) for cell in world.pressed_once]
            found += [(jump, "passage", cell) for cell in world.passages]
            found += [(jump, "goal", cell) for cell in world.goals_taken]
            found += [(jump, "home", clone) for clone in world.home]
        return found

    def transposition(self, state):
        """The same worlds at a later turn, reached at no lower cost, have nothing new to try."""
        return None if state == _ROOT else (state[1], state[0])

    def _turn(self, world: World, actions: tuple) -> World | None:
        """The world after one turn of ``actions`` (one per clone, None when home), or None
        for a paradox. Remembered: the same early jump recurs under many states."""
        key = (world, actions)
        found = self._turns.get(key, self)
        if found is not self:
            return found
        result = play_turn(self.board, world, {c: a for c, a in enumerate(actions) if a is not None})
        after = None
        if not result.paradoxes:
            after = result.world  # kept at turn 0: the state holds the turn once, for all jumps
            after = World(0, after.clones, after.home, after.crates, after.open_gates,
                          after.pressed_once, after.passages, after.goals_taken)
        if len(self._turns) >= TURN_CACHE_SIZE:
            self._turns.clear()
        self._turns[key] = after
        return after

    def unfold(self, state, label) -> tuple:
        return () if label is None else (label,)

    def lower_bound(self, state) -> int | None:
        """Letters still needed, at least: each clone out walks home and enters; the goal
        farthest out of the way costs some clone the detour to it."""
        if state == _ROOT:
            return 0
        turn, worlds = state
        last = worlds[-1]
        home = self.home_distance
        total = 0
        longest = 0
        returns = {}
        for clone in range(len(worlds)):
            if clone in last.home:
                continue
            back = max(home[worlds[jump].clones[clone]] for jump in range(clone, len(worlds)))
            if back >= _FAR:
                return None
            returns[clone] = back
            total += back + 1
            longest = max(longest, back + 1)
        if turn + longest > self.max_turns:
            return None
        missing = self.board.goals - last.goals_taken
        if missing:
            if not returns:
                return None
            detour = 0
            for goal in missing:
                to_goal = self.goal_distances[goal]
                best = min(max(0, to_goal[last.clones[clone]] + home[goal] - returns[clone]) for clone in returns)
                if best >= _FAR:
                    return None
                detour = max(detour, best)
            total += detour
        return total


def letters_of(turns: tuple) -> str:
    """The solution's letters from the joint actions of each turn: clone by clone."""
    if not turns:
        return ""
    clones = len(turns[0])
    return "".join(action for clone in range(clones) for joint in turns
                   if (action := joint[clone]) is not None)


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                max_clones: int = DEFAULT_MAX_CLONES, max_turns: int = DEFAULT_MAX_TURNS) -> SearchResult:
    """A solution of a ``ChronoLevel`` with the fewest letters (N E S W H T, clone by clone,
    without the replay rule's waits), among those with at most ``max_clones`` clones
    and ``max_turns`` turns per time jump; ``optimal`` is relative to those bounds."""
    space = ChronoSpace(level, max_clones, max_turns)
    result = solve(space, timeout=timeout, cancel=cancel, progress=progress, proof_share=PROOF_SHARE)
    result.solution = letters_of(result.moves)
    result.moves = tuple(result.solution)
    result.bounds = {"bounded": True, "max_clones": space.max_clones, "max_turns": space.max_turns}
    return result


__all__ = ["ChronoSpace", "solve_level", "letters_of", "SOLVE_OPTIONS", "DEFAULT_MAX_CLONES", "DEFAULT_MAX_TURNS"]
