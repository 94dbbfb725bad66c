"""Solving ChronoShift levels: a search over sequences of clones (core.solver).

A solution is one recording per clone, ``R1 ... Rk``, each ending with ``T``.
In time jump ``j`` clones ``1 .. j`` act: clone ``j`` is the one the player
controls and the earlier ones replay their recordings exactly. A clone's
action on turn ``t`` is the same letter in every jump it takes part in, so
the search plays all ``k`` jumps side by side, turn by turn: a search state
holds the world of every jump at the same turn, and an edge gives each clone
still outside the time machine one action, applied (by the engine's
``play_turn``, played lean: lean_turn.py) in every jump that clone is part of. The current clone's
choices are thus searched with the earlier clones' actions fixed in each
jump, and a clone's recording is checked against every later jump as it is
made (a later clone pushing a crate in its way, a gate it no longer finds
open, its ``T`` off the machine: a paradox there prunes the branch).

An edge costs one letter per clone that acts, so the A* search (cost plus an
admissible bound, ``lower_bound``) finds a solution with the fewest letters.
The bound: every clone still out walks home (in each jump it is out in,
around what is closed there for good: ways.py) and enters the machine; on
top of that the largest of: the detour of the clone that fetches a goal not
taken most cheaply, the turns a clone must stand on a button holding a
gate open while another crosses it (holding.py: it shows that some clones
must wait, which plain distances never do), and the detours of the clones
that have touched nothing yet to a cell where they would (touches.py). A
clone that enters the machine having touched nothing, on the way the search
reached the state by at its cost, ends the branch: without that clone the
other jumps play the same, so a solution a clone fewer is shorter. The numbers of clones ``1 ..
max_clones`` are searched together (a start state leads to each at no cost),
and no jump may last more than ``max_turns`` turns. So ``optimal`` means shortest *within those bounds*
(the solve record says ``bounded: true``), and an exhausted search proves
only that no solution exists within them. With a timeout, the exact search
gets most of it (``PROOF_SHARE``); if it has not finished, the novelty search
of core.solver (``atoms``: each clone's cell, crate, open gate, pressed button,
used passage, taken goal and clone home, jump by jump) spends the rest looking
for any solution, reported not optimal.

Reductions: a move blocked before any crate is considered (by a wall, the
edge, a closed gate or passage) in every jump the clone is part of is never
tried: it is the same as waiting. A jump before the last one that has taken
every goal is pruned: goals stay taken, so it would end with them, and the game
would be won there (the search with fewer clones finds that solution, cheaper). The same worlds at a later turn
reached at no lower cost are skipped (the transposition hook). Worlds are
numbered once (worlds.py), so states hash as tuples of small integers, and
one jump's turn is remembered by (world, actions), since the early jumps
recur under many states.
"""

from __future__ import annotations

from studio.core.collector import collector_paused
from studio.core.solver import NONE, Edge, Expansion, SearchResult, reporting_solution_text, solve
from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import HOLD, MOVES, TIME_MACHINE
from studio.games.chrono.glyphs import Glyph
from studio.games.chrono.holding import Holding, world_bound
from studio.games.chrono.touches import Touches
from studio.games.chrono.ways import FAR
from studio.games.chrono.worlds import ON_MACHINE, PARADOX, WorldTable

DEFAULT_MAX_CLONES = 3
DEFAULT_MAX_TURNS = 40
_ROOT = "start"
PROOF_SHARE = 0.8  # of the timeout for the exact search (what solves these levels); the rest for novelty

# Options `studio solve` offers for this game (see core.solve_runner): flag -> (type, default, help).
SOLVE_OPTIONS = {
    "max_clones": (int, DEFAULT_MAX_CLONES, "ChronoShift: search solutions with at most N clones"),
    "max_turns": (int, DEFAULT_MAX_TURNS, "ChronoShift: no time jump lasts more than N turns"),
}


def _choices_of(bits: int) -> tuple:
    """The actions of ``WorldTable.choice_bits``'s bits: the open moves in the order of
    MOVES, the wait, and the time machine when the clone is on it."""
    moves = tuple(move for number, move in enumerate(MOVES) if bits & (1 << number))
    return moves + (HOLD, TIME_MACHINE) if bits & ON_MACHINE else moves + (HOLD,)


_CHOICES = tuple(_choices_of(bits) for bits in range(2 * ON_MACHINE))  # by choice bits


class LaterTurns:
    """What expanding the worlds at ``turn`` covers: the same worlds at any later turn."""

    __slots__ = ("turn",)

    def __init__(self, turn: int):
        self.turn = turn

    def get(self, turn: int) -> int | None:
        return 0 if turn >= self.turn else None


class ChronoSpace:
    """The search space of one ChronoShift level (core.solver.SearchSpace).

    A state is ``(turn, worlds)``: the number (in ``self.table``) of the world of each
    time jump ``1 .. k`` after ``turn`` turns (a finished jump keeps its last world; the
    worlds are kept at turn 0 so that equal worlds at different turns compare equal)."""

    def __init__(self, level, max_clones: int = DEFAULT_MAX_CLONES, max_turns: int = DEFAULT_MAX_TURNS):
        self.board = Board.from_level(level)
        self.crates = frozenset(i for i, g in enumerate(level.glyphs) if g == Glyph.CRATE)
        self.max_clones = max(1, max_clones)
        self.max_turns = max(1, max_turns)
        self.table = WorldTable(self.board)
        self.holding = Holding(self.board)
        self.touches = Touches(self.board, self.holding.ways, self.holding.crate_fields)
        self._facts: dict[int, tuple | None] = {}  # world number -> _world_facts's answer
        self._bounds: dict[tuple, tuple | None] = {}  # worlds -> _bound_of's answer
        # state -> the clones that have touched something on the way the search reached it at
        # its best cost so far (bits), set when lower_bound is asked of it during the expansion
        # of its parent, whose own bits expand leaves in _parent_touched
        self._touched: dict = {}
        self._parent_touched = 0
        # state -> the least cost lower_bound was asked of it at: a way there that the search
        # took, or that showed it worthless at that cost; expand offers no edge to a state
        # known at no more (the search would drop it: core.search_methods).
        self._costs: dict = {}
        self._parent_cost: int | None = 0  # (None: a state the search did not reach, expanded)
        self._edge_cost = 0
        self._held_extras: dict[tuple, int] = {}  # (world, its clones' ways home) -> held_extra
        self._goal_extras: dict[tuple, int | None] = {}  # (last world, ways home) -> goal_extra

    def worlds(self, state) -> tuple[World, ...]:
        """The worlds of a state, jump by jump."""
        return () if state == _ROOT else tuple(self.table.worlds[number] for number in state[1])

    # -- core.solver.SearchSpace --------------------------------------------------------------
    def start(self):
        self._costs.clear()  # (a new search: what the last one reached says nothing to it)
        return _ROOT

    def expand(self, state) -> Expansion:
        table = self.table
        touched = self._parent_touched = 0 if state == _ROOT else self._touched.get(state, -1)  # (-1: every bit)
        reached = self._costs
        self._parent_cost = 0 if state == _ROOT else reached.get(state)
        if state == _ROOT:
            self._edge_cost = 0
            return Expansion([Edge(0, (0, tuple(table.number(World.at_start(self.board, j, self.crates))
                                                 for j in range(1, clones + 1))), NONE, None)
                              for clones in range(1, self.max_clones + 1)])
        turn, numbers = state
        if turn >= self.max_turns:
            return Expansion([])
        count = len(numbers)
        home = table.home[numbers[-1]]  # a clone enters the machine on the same turn in every jump
        over, all_goals, choice_bits = table.over, table.all_goals, table.choice_bits
        after_turn, turns_of = table.after, table.turns_of
        # Clone by clone: once clone c's action is chosen, jump c (clones 0 .. c) can be played,
        # so a paradox there prunes every choice of the later clones at once.
        partials = [((), ())]  # (actions of clones 0 .. c, worlds of jumps 0 .. c after the turn)
        for clone in range(count):
            before = numbers[clone]
            if over[before]:  # every clone of it is home: the one choice is None
                partials = [(actions + (None,), played + (before,)) for actions, played in partials]
                continue
            if clone in home:
                choices = (None,)
            else:
                # The actions worth trying (_CHOICES): a move blocked (by a wall, the edge, a
                # closed gate or passage) in every jump the clone is part of changes nothing a
                # wait does not; the time machine only where the clone is on it in every jump.
                # A clone that has touched nothing would enter it for nothing (lower_bound).
                opened, on_machine = 0, ON_MACHINE if touched >> clone & 1 else 0
                for jump in range(clone, count):
                    bits = choice_bits[numbers[jump]][clone]
                    opened |= bits
                    on_machine &= bits
                choices = _CHOICES[(opened & ~ON_MACHINE) | on_machine]
            turns = turns_of[before]  # (table.after's memory, read here: most turns are in it)
            if clone == count - 1:
                break  # the last clone's choices make the edges themselves, below
            grown = []
            for actions, played in partials:
                for action in choices:
                    chosen = actions + (action,)
                    after = turns.get(chosen)
                    if after is None:
                        after = after_turn(before, chosen)
                    if after == PARADOX:
                        continue
                    if all_goals[after]:
                        continue  # the goals are taken for this jump, which ends before the last: won with fewer clones
                    grown.append((chosen, played + (after,)))
            partials = grown
        else:  # (the last jump is over: the state is won or lost, never expanded)
            return Expansion([])
        cost = self._edge_cost = count - len(home)
        outcome_of = table.outcome
        new_edge = tuple.__new__  # Edge(...) without the Python-level __new__ of a NamedTuple: tens per state
        next_turn = turn + 1
        # Most of a state's successors were reached before from another state, at no more
        # cost: dropped here, before their edges are made (four in five on the campaign).
        limit = -1 if self._parent_cost is None else self._parent_cost + cost  # (-1: every edge)
        edges = []
        for actions, played in partials:
            for action in choices:
                chosen = actions + (action,)
                after = turns.get(chosen)
                if after is None:
                    after = after_turn(before, chosen)
                if after != PARADOX:
                    successor = (next_turn, played + (after,))
                    if reached.get(successor, limit + 1) > limit:
                        edges.append(new_edge(Edge, (cost, successor, outcome_of[after], chosen)))
        return Expansion(edges, LaterTurns(turn))

    def atoms(self, state, parent=None) -> list:
        """The facts of a state for novelty search (core.solver): what each jump holds."""
        found = []
        for jump, world in enumerate(self.worlds(state)):
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

    def unfold(self, state, label) -> tuple:
        """An edge's single moves, as many as it costs: (clone, letter) for each clone that acts."""
        return () if label is None else tuple((clone, action) for clone, action in enumerate(label)
                                             if action is not None)

    def lower_bound(self, state) -> int | None:
        """Letters still needed, at least: each clone out walks home and enters; on top of
        that, the largest of: the detour to a goal not taken (for the clone it costs least),
        the time a clone spends holding a gate open for another (see holding.py), and the
        detours of the clones that have touched nothing yet (touches.py). None when a clone
        has entered the machine without touching anything (a solution a clone fewer is
        shorter) or the state cannot be won."""
        if state == _ROOT:
            return 0
        if self._parent_cost is not None:
            self._costs[state] = self._parent_cost + self._edge_cost
        turn, numbers = state
        # Half the states generated repeat the worlds of another at some other turn: what
        # the bound needs of the worlds is remembered by them.
        known = self._bounds.get(numbers, self)
        if known is self:
            known = self._bounds[numbers] = self._bound_of(numbers)
        if known is None:
            return None
        total, extra, longest, touching, home, detours = known
        touched = self._parent_touched | touching
        self._touched[state] = touched
        if home & ~touched or turn + longest > self.max_turns:
            return None  # (a clone home that touched nothing: a clone fewer does better)
        more = 0
        for bit, detour in detours:  # each clone out: what its detour adds to its way home
            if not touched & bit:
                if detour is None:
                    return None  # it can touch nothing any more: a clone fewer does as well
                more += detour
        return total + (extra if extra > more else more)

    def _world_facts(self, number: int) -> tuple | None:
        """(what the world asks, its clones on a touching cell, its clones home (bits), each
        clone's way home and its detour (by clone; 0 for a clone home)) of a world whose jump
        is not over; None when it can no longer be won."""
        world = self.table.worlds[number]
        asked = world_bound(self.holding.needs(world))
        if asked is None:
            return None
        homes = [asked.home.get(clone, 0) for clone in range(len(world.clones))]
        detours = self.touches.detours(world, self.holding.ways.closed_for_good(world))
        return asked, self.touches.mask(world), sum(1 << clone for clone in world.home), homes, detours

    def _bound_of(self, numbers: tuple) -> tuple | None:
        """What lower_bound needs of a state with these worlds at any turn, or None when they
        cannot be won: the letters of every clone's way home, the largest of the holding and
        goal extras, the turns the clone furthest from home still needs, the clones on a
        touching cell in some jump and the clones home (bits), and for each clone out, its
        bit and what its detour adds to its way home (None when it can touch nothing)."""
        over, facts = self.table.over, self._facts
        parts = []
        touching = 0
        for number in numbers:
            if not over[number]:
                found = facts.get(number, self)
                if found is self:
                    found = facts[number] = self._world_facts(number)
                if found is None:
                    return None
                parts.append(found)
                touching |= found[1]
        # A clone out is out in every jump from its own on, none of which is over.
        first = len(numbers) - len(parts)
        last = parts[-1]
        backs = {}
        detours = []
        for clone in last[0].home:
            steps, detour = 0, FAR
            for part in parts[clone - first if clone > first else 0:]:
                if part[3][clone] > steps:
                    steps = part[3][clone]
                if part[4][clone] < detour:
                    detour = part[4][clone]
            backs[clone] = steps
            detours.append((1 << clone, None if detour >= FAR else detour - steps if detour > steps else 0))
        longest = max(backs.values()) + 1
        total = sum(backs.values()) + len(backs)
        # The extras depend on a world and the ways home of its clones out only, and
        # recur for many states (about seven times each on the corpus): remembered so.
        extra = 0
        held_extras = self._held_extras
        for part, number in zip(parts, numbers[first:]):
            asked = part[0]
            if asked.holds:
                key = (number, *[backs[clone] for clone in asked.home])
                held = held_extras.get(key)
                if held is None:
                    held = held_extras[key] = held_extra(asked.holds, backs)
                if held > extra:
                    extra = held
        if last[0].goals:
            key = (numbers[-1], *backs.values())  # (backs has the clones out of the last world, in order)
            fetched = self._goal_extras.get(key, self)
            if fetched is self:
                fetched = self._goal_extras[key] = goal_extra(last[0].goals, backs)
            if fetched is None:
                return None
            if fetched > extra:
                extra = fetched
        return total, extra, longest, touching, last[2], tuple(detours)


def held_extra(holds: tuple, backs: dict) -> int:
    """The most extra letters a crosser and the clone holding its gate spend together
    (WorldBound.holds; ``backs``: each clone out -> its way home)."""
    extra = 0
    for crosser, options in holds:
        crosser_back = backs[crosser]
        held = min([(letters - backs[holder] if letters > backs[holder] else 0)
                    + (crossing - crosser_back if crossing > crosser_back else 0)
                    for holder, letters, crossing in options])
        extra = max(extra, held)
    return extra


def goal_extra(goals: tuple, backs: dict) -> int | None:
    """The most extra letters fetching a goal not taken costs, for the clone it costs
    least (WorldBound.goals); None when nobody can fetch one."""
    extra = 0
    for fetchers in goals:
        cheapest = None
        for clone, fetch, holds in fetchers:
            cost = max(0, fetch - backs[clone]) + held_extra(holds, backs)
            if cheapest is None or cost < cheapest:
                cheapest = cost
        if cheapest is None:
            return None
        extra = max(extra, cheapest)
    return extra


def letters_of(moves: tuple) -> str:
    """The solution's letters from its single moves (``unfold``'s (clone, letter), turn by
    turn): clone by clone."""
    clones = 1 + max((clone for clone, _ in moves), default=-1)
    return "".join(letter for each in range(clones) for clone, letter in moves if clone == each)


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                max_clones: int = DEFAULT_MAX_CLONES, max_turns: int = DEFAULT_MAX_TURNS,
                cores: int = 1) -> SearchResult:
    """A solution of a ``ChronoLevel`` with the fewest letters (N E S W H T, clone by clone,
    without the replay rule's waits), among those with at most ``max_clones`` clones
    and ``max_turns`` turns per time jump; ``optimal`` is relative to those bounds.
    One search on one core (``cores`` is accepted and unused)."""
    # The collector stays off until the space's tables are gone too: they are what it
    # would walk through first once back on.
    with collector_paused():
        space = ChronoSpace(level, max_clones, max_turns)
        # No novelty probe first: the A* proves every corpus level in seconds.
        result = solve(space, timeout=timeout, cancel=cancel, progress=reporting_solution_text(progress, letters_of),
                       proof_share=PROOF_SHARE, probe_share=0)
        result.bounds = {"bounded": True, "max_clones": space.max_clones, "max_turns": space.max_turns}
        del space
    result.solution = letters_of(result.moves)
    result.moves = tuple(result.solution)
    return result


__all__ = ["ChronoSpace", "solve_level", "letters_of", "SOLVE_OPTIONS", "DEFAULT_MAX_CLONES", "DEFAULT_MAX_TURNS"]
