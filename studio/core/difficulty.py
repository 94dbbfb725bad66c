"""How hard a level is, measured on its positions: the game's engine plays every move from
the start, breadth first, as far as a budget allows, and the measures come from that map.

- ``shortest``: the fewest moves that win (from the map when it reaches a win, else the
  solution given);
- ``positions``: the positions reachable (all of them when ``complete``);
- ``dead_ends``: the share of positions from which no win can be reached any more (a
  mistake that cannot be undone except by restarting), deaths not counted;
- ``branching``: along a shortest solution, the mean number of moves that keep to some
  shortest solution (1.0: one way only), or when the map is too small to say, the mean
  number of moves that do not lose the level;
- ``forced``: the share of a shortest solution's moves that were the only move not losing.

``score`` folds them, with the solver's ``searched`` states, into one number
(``difficulty_score``). Pure Python, no Qt.
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import asdict, dataclass, field

PLAYING_OUTCOMES = frozenset({"none", "playing", ""})
MAX_POSITIONS = 150_000
DEFAULT_SECONDS = 5.0


@dataclass
class Difficulty:
    score: float
    shortest: int
    positions: int
    complete: bool  # every reachable position was visited
    dead_ends: float
    branching: float
    forced: float
    exact_path: bool  # the shortest solution came from the map (branching counts shortest ways)
    searched: int = 0  # states the solver expanded, when it ran

    shortest_moves: tuple | None = field(default=None, repr=False)  # engine moves, when exact_path

    def as_dict(self) -> dict:
        found = asdict(self)
        del found["shortest_moves"]
        return found


class PositionMap:
    """The positions reached from the start, breadth first: ``children[i]`` the distinct
    positions one move away (deaths and wins included, unexpanded), ``depth[i]`` the moves
    to reach it, ``ended[i]`` "won", "lost" or None; ``expanded`` how many were expanded."""

    def __init__(self, engine, level, max_positions: int, seconds: float, cancel=None):
        self.engine = engine
        start = engine.initial_state(level)
        self.ids = {start: 0}
        self.states = [start]
        self.depth = [0]
        self.ended: list[str | None] = [None]
        self.children: list[list[int]] = [[]]
        self.child_moves: list[list] = [[]]  # the move to each child
        self.expanded = [False]
        self.complete = False
        self.full_depth = -1  # every position of this depth or less was expanded
        self._explore(max_positions, time.perf_counter() + seconds, cancel)

    def _id(self, state, outcome: str, depth: int) -> int:
        found = self.ids.get(state)
        if found is None:
            found = self.ids[state] = len(self.states)
            self.states.append(state)
            self.depth.append(depth)
            self.ended.append(None if outcome in PLAYING_OUTCOMES else ("won" if outcome == "won" else "lost"))
            self.children.append([])
            self.child_moves.append([])
            self.expanded.append(False)
        return found

    def _explore(self, max_positions: int, deadline: float, cancel) -> None:
        queue = deque([0])
        moves = self.engine.moves
        while queue:
            node = queue[0]
            if len(self.states) >= max_positions or time.perf_counter() > deadline or _cancelled(cancel):
                return
            queue.popleft()
            self.full_depth = self.depth[node] - 1
            state, kids = self.states[node], self.children[node]
            for move in moves:
                result = self.engine.step(state, move)
                if result.state == state:
                    continue
                before = len(self.states)
                child = self._id(result.state, result.outcome, self.depth[node] + 1)
                if child not in kids:
                    kids.append(child)
                    self.child_moves[node].append(move)
                if len(self.states) > before and self.ended[child] is None:
                    queue.append(child)
            self.expanded[node] = True
        self.complete = True
        self.full_depth = max(self.depth)

    def distances_to_win(self) -> list[float]:
        """Moves from each position to the nearest win within the map (inf: none found)."""
        parents: list[list[int]] = [[] for _ in self.states]
        for node, kids in enumerate(self.children):
            for child in kids:
                parents[child].append(node)
        distance = [math.inf] * len(self.states)
        queue = deque(i for i, ended in enumerate(self.ended) if ended == "won")
        for node in queue:
            distance[node] = 0
        while queue:
            node = queue.popleft()
            for parent in parents[node]:
                if distance[parent] == math.inf:
                    distance[parent] = distance[node] + 1
                    queue.append(parent)
        return distance

    def may_win(self) -> list[bool]:
        """Whether a win may still be reached from each position: a win, or a position not
        expanded yet (unknown), reachable within the map."""
        parents: list[list[int]] = [[] for _ in self.states]
        for node, kids in enumerate(self.children):
            for child in kids:
                parents[child].append(node)
        hopeful = [ended == "won" or (ended is None and not self.expanded[node])
                   for node, ended in enumerate(self.ended)]
        queue = deque(i for i, flag in enumerate(hopeful) if flag)
        while queue:
            node = queue.popleft()
            for parent in parents[node]:
                if not hopeful[parent]:
                    hopeful[parent] = True
                    queue.append(parent)
        return hopeful


def _cancelled(cancel) -> bool:
    if cancel is None:
        return False
    return cancel.is_set() if hasattr(cancel, "is_set") else bool(cancel())


def measure(engine, level, solution: tuple | None = None, *, max_positions: int = MAX_POSITIONS,
            seconds: float = DEFAULT_SECONDS, cancel=None, searched: int = 0,
            length: int | None = None) -> Difficulty | None:
    """The level's difficulty, or None when it cannot be measured: no win in the map and no
    winning ``solution`` given (the game's moves, as its engine takes them; ``length`` its
    length as the game counts it, when that is not its number of moves)."""
    positions = PositionMap(engine, level, max_positions, seconds, cancel)
    distance = positions.distances_to_win()
    hopeful = positions.may_win()
    expanded = [i for i, done in enumerate(positions.expanded) if done]
    dead = sum(1 for i in expanded if not hopeful[i])
    dead_share = dead / len(expanded) if expanded else 0.0
    start_distance = distance[0]
    exact = start_distance != math.inf and start_distance <= positions.full_depth + 1
    shortest_moves = None
    if exact:
        path, shortest_moves = _shortest_path(positions, distance)
        branching, forced = _choices_on_map(positions, path, distance, hopeful)
        shortest = int(start_distance)
    else:
        if not solution:
            return None
        states = _states_along(engine, level, solution)
        if states is None:
            return None
        branching, forced = _choices_by_playing(engine, positions, states, hopeful)
        shortest = length if length is not None else len(states)
    measured = Difficulty(**_inputs(shortest, positions, dead_share, branching, forced, exact, searched))
    measured.shortest_moves = shortest_moves
    return measured


def _inputs(shortest, positions, dead_share, branching, forced, exact, searched) -> dict:
    inputs = dict(shortest=shortest, positions=len(positions.states), complete=positions.complete,
                  dead_ends=round(dead_share, 4), branching=round(branching, 3), forced=round(forced, 4),
                  exact_path=exact, searched=searched)
    inputs["score"] = difficulty_score(shortest, searched, dead_share, branching, forced, exact)
    return inputs


def difficulty_score(shortest: int, searched: int, dead_ends: float, branching: float, forced: float,
                     exact_path: bool) -> float:
    """One number, about 0 (a walk to the exit) to 100 (long, hard to search, unforgiving):
    the solution's length and the solver's effort weigh most, dead ends add, many equally
    short ways (known only from a map that reached the win) and forced moves take away.
    The weights rank the designers' own orders best (benchmarks/difficulty.py); the
    count of positions is left out, as it is mostly the map's budget."""
    freedom = math.log2(max(branching, 1.0)) if exact_path else 0.0
    raw = (math.log2(1 + shortest) + 0.5 * math.log2(1 + searched) + 8.0 * dead_ends
           - 2.0 * freedom - 0.5 * forced)
    return round(max(0.0, min(100.0, 4.0 * raw)), 1)


def _shortest_path(positions: PositionMap, distance: list[float]) -> tuple[list[int], tuple]:
    """The positions of a shortest solution and its moves."""
    path, moves = [0], []
    while distance[path[-1]] > 0:
        here = path[-1]
        child, move = next((c, m) for c, m in zip(positions.children[here], positions.child_moves[here])
                           if distance[c] == distance[here] - 1)
        path.append(child)
        moves.append(move)
    return path, tuple(moves)


def _choices_on_map(positions: PositionMap, path: list[int], distance, hopeful) -> tuple[float, float]:
    ways = forced = 0
    for here in path[:-1]:
        kids = positions.children[here]
        ways += sum(1 for c in kids if distance[c] == distance[here] - 1)
        forced += sum(1 for c in kids if positions.ended[c] != "lost" and hopeful[c]) == 1
    steps = max(1, len(path) - 1)
    return ways / steps, forced / steps


def _states_along(engine, level, solution: tuple) -> list | None:
    """The positions a winning solution passes through (before each move), None if it does not win."""
    state = engine.initial_state(level)
    states = []
    for move in solution:
        states.append(state)
        result = engine.step(state, move)
        state = result.state
        if result.outcome == "won":
            return states
        if result.outcome not in PLAYING_OUTCOMES:
            return None
    return None


def _choices_by_playing(engine, positions: PositionMap, states: list, hopeful) -> tuple[float, float]:
    safe_total = forced = 0
    for state in states:
        safe = set()
        for move in engine.moves:
            result = engine.step(state, move)
            if result.state == state or (result.outcome not in PLAYING_OUTCOMES and result.outcome != "won"):
                continue
            known = positions.ids.get(result.state)
            if known is not None and not hopeful[known]:
                continue
            safe.add(result.state)
        safe_total += len(safe)
        forced += len(safe) == 1
    steps = max(1, len(states))
    return safe_total / steps, forced / steps


def inputs_text(found: dict) -> str:
    """A difficulty and its inputs, in words (a Difficulty's ``as_dict``)."""
    more = "" if found["complete"] else " or more"
    ways = "ways on at each step of a shortest solution" if found["exact_path"] else "moves that do not lose, on average"
    return (f"Difficulty {found['score']:g} of 100, from: shortest {found['shortest']} moves; "
            f"{found['searched']:,} states searched by the solver; {found['dead_ends']:.0%} of "
            f"{found['positions']:,} positions{more} dead ends; {found['branching']:.2f} {ways}; "
            f"{found['forced']:.0%} of its moves forced.")
