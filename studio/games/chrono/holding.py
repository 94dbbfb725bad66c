"""What one time jump's world asks of its clones, for the solver's lower bound: their
ways home, the ways to fetch the goals, and the gates someone else must hold open.

Take a gate closed but for its linked buttons that press at all (the board's
``pressable``: a crate plate presses nothing in a level without crates) and are not
pressed for good, these all plain buttons (crate buttons included: clones press them
too), in a jump without crates: a gate that starts closed, or one that starts open
whose one-time button has been pressed in this jump (it stays active until the jump
ends, and so turns the gate for good). It is open at the end of a turn only when an
odd number of those plain buttons, so at least one, has a clone on it then. A clone that ends a turn on the gate is not on a button, so another
clone of that jump stands on a linked button at the end of that very turn,
and afterwards still has to walk home and enter the machine.

When such a gate lies on every way a clone still has to go (a *cut*: with
the gate taken out, walls and cells closed for good separate the two ends;
see ways.py), we know when that clone is on the gate at the earliest, and so
how long the holder stays out at the least: until then, or until it has
walked to the button if that is longer, plus the way home from the button.
The ways a clone still has to go: home, in every jump it is out in; and in
the last jump, for a goal not taken, to the goal and from there home (by
some clone: the solver takes the cheapest). While the jump has crates, a
crate pushed onto the goal takes it too, so the clone may instead go only as
far as the field behind a crate beside the goal, step onto the crate's field
as it pushes, and go home from there.

The crosser, for its part, is on the gate no earlier than the holder is on the
button, and then still has the gate's way home to go. Each such requirement
bounds the extra letters, beyond every clone's own way home, of two different
clones (the one crossing, the one holding), so the solver adds the largest of
them to its plain bound.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import EAST, MOVES, NORTH, SOUTH, WEST
from studio.games.chrono.glyphs import PLAIN_BUTTONS, Glyph
from studio.games.chrono.ways import FAR, Ways


_OPPOSITE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}


class Needs(NamedTuple):
    """What one world asks (see ``Holding.needs``)."""

    home: dict  # clone out -> steps home
    crossings: tuple  # (clone, gate, turns until it can be on the gate, the gate's way home): gates on every way home
    goals: dict  # goal not taken -> {clone: (steps there and home, ((gate, turns), ...))}
    holders: dict  # held gate -> ((clone, steps to a button, the button's way home), ...)


class Holding:
    def __init__(self, board: Board):
        self.board = board
        self.ways = Ways(board)
        self._crate_reach: dict[frozenset, frozenset] = {}  # crates -> the fields they can be pushed to
        self._held_gates: dict[frozenset, dict] = {}  # one-time buttons pressed -> held_gates' answer

    def held_gates(self, pressed_once: frozenset) -> dict:
        """The gates that need a holder (see the module docstring) while the one-time buttons
        ``pressed_once`` are pressed, each with its plain buttons. A pressed one-time button
        stays active until the jump ends, so it turns its gates for good: a gate that starts
        open is closed but while a plain button is held, once its one-time button is pressed."""
        found = self._held_gates.get(pressed_once)
        if found is None:
            board = self.board
            found = self._held_gates[pressed_once] = {}
            for gate in board.gates:
                links = [b for b in board.gate_buttons.get(gate, ()) if b in board.pressable]
                flips = sum(1 for b in links if b in pressed_once)  # (once per link, as devices.py counts)
                buttons = tuple(b for b in links if b not in pressed_once)
                closed = (gate in board.initially_open) == (flips % 2 == 1)
                if closed and buttons and {board.glyph(b) for b in buttons} <= PLAIN_BUTTONS:
                    found[gate] = buttons
        return found

    def needs(self, world: World) -> Needs | None:
        """What ``world`` asks of its clones out, or None when some clone can no longer get
        home. Goals matter only in the last jump: one nobody can fetch has no fetchers."""
        ways, start = self.ways, self.board.start
        closed = ways.closed_for_good(world)
        gates = {} if world.crates else self.held_gates(world.pressed_once)  # a crate could hold a button
        out = [(clone, cell) for clone, cell in enumerate(world.clones) if clone not in world.home]
        home, crossings = {}, []
        for clone, cell in out:
            cuts = ways.cuts(cell, start, closed, gates)
            home[clone] = ways.steps(cell, start, closed)
            if cuts is None or home[clone] >= FAR:
                return None
            crossings += [(clone, gate, ways.steps(cell, gate, closed), ways.steps(gate, start, closed))
                          for gate in cuts]
        goals = {}
        for goal in self.board.goals - world.goals_taken:
            home_cuts = ways.cuts(goal, start, closed, gates)
            goals[goal] = fetchers = {}
            if home_cuts is None:
                continue  # nobody can fetch it in this jump (which is fine unless it is the last)
            goal_home = ways.steps(goal, start, closed)
            for clone, cell in out:
                cuts = ways.cuts(cell, goal, closed, gates)
                if cuts is None:
                    continue
                there = ways.steps(cell, goal, closed)
                fetch = there + goal_home
                if world.crates:  # no crossings then: ``gates`` is empty
                    fetch = min(fetch, self._fetch_by_pushing(cell, goal, closed, world.crates))
                fetchers[clone] = (fetch, tuple(
                    (gate, ways.steps(cell, gate, closed)) for gate in cuts) + tuple(
                    (gate, there + ways.steps(goal, gate, closed)) for gate in home_cuts))
        holders = {gate: self._holders(buttons, out, closed) for gate, buttons in gates.items()}
        return Needs(home, tuple(crossings), goals, holders)

    def _fetch_by_pushing(self, cell: int, goal: int, closed: frozenset, crates: frozenset) -> int:
        """The least a clone walks from ``cell`` to push a crate onto ``goal`` and go home:
        to the field behind a crate beside the goal, one step onto the crate's field, home.
        Only fields some crate can be pushed to count (walls alone considered)."""
        ways, board, start = self.ways, self.board, self.board.start
        reachable = self.crate_fields(crates)
        best = FAR
        for action in MOVES:
            beside = board.neighbour(goal, action)
            behind = board.neighbour(beside, action) if beside is not None else None
            if beside in reachable and behind is not None and board.glyph(behind) != Glyph.WALL:
                best = min(best, ways.steps(cell, behind, closed) + 1 + ways.steps(beside, start, closed))
        return best

    def crate_fields(self, crates: frozenset) -> frozenset:
        """Every field a crate starting on ``crates`` can be pushed to, counting only walls: a
        push from c to c + d needs c - d and c + d not walls."""
        found = self._crate_reach.get(crates)
        if found is None:
            board, seen = self.board, set(crates)
            queue = deque(crates)
            while queue:
                cell = queue.popleft()
                for action, back in _OPPOSITE.items():
                    to, frm = board.neighbour(cell, action), board.neighbour(cell, back)
                    if (to is not None and frm is not None and to not in seen
                            and board.glyph(to) != Glyph.WALL and board.glyph(frm) != Glyph.WALL):
                        seen.add(to)
                        queue.append(to)
            found = self._crate_reach[crates] = frozenset(seen)
        return found

    def _holders(self, buttons: tuple, out: list, closed: frozenset) -> tuple:
        ways, start = self.ways, self.board.start
        found = []
        for button in buttons:
            button_home = ways.steps(button, start, closed)
            for clone, cell in out:
                walk = ways.steps(cell, button, closed)
                if walk < FAR and button_home < FAR:
                    found.append((clone, walk, button_home))
        return tuple(found)


class WorldBound(NamedTuple):
    """A world's ``Needs`` as the solver's bound reads them, state after state. The crosser
    is on the gate at some turn ``t``, at least ``turns`` from now and at least the holder's
    walk to the button; until then the holder stays out. So the holder spends ``t + the
    button's way home`` letters and the crosser ``t + the gate's way home``, each beyond its
    own way home (at least 0), two different clones, the fewest over the holders and their
    buttons. The ways home (``backs``) depend on every jump of the state, the rest only on
    this world, so it is worked out here once: each requirement holds its crosser and the
    candidate holders with the letters before that subtraction (a goal's crossings leave the
    crosser's part out: its fetch counts its walk)."""

    home: dict  # clone out -> steps home
    holds: tuple  # per crossing: (crosser, ((holder, letters, crosser's letters), ...)), never empty
    goals: tuple  # per goal not taken: ((clone, fetch, (holds, ...)), ...) for each clone that can fetch it


def world_bound(needs: Needs | None) -> WorldBound | None:
    """``needs`` compiled (None when some crossing has nobody to hold its gate: such a world
    can no longer be won, whatever the other jumps hold)."""
    if needs is None:
        return None
    holds = []
    for crosser, gate, turns, gate_home in needs.crossings:
        options = _hold_letters(needs.holders[gate], turns, crosser, gate_home)
        if not options:
            return None
        holds.append((crosser, options))
    goals = []
    for fetchers in needs.goals.values():
        can_fetch = []
        for clone, (fetch, crossings) in fetchers.items():
            held = tuple((clone, _hold_letters(needs.holders[gate], turns, clone, None)) for gate, turns in crossings)
            if all(options for _, options in held):
                can_fetch.append((clone, fetch, held))
        goals.append(tuple(can_fetch))
    return WorldBound(needs.home, tuple(holds), tuple(goals))


def _hold_letters(holders: tuple, turns: int, crosser: int, gate_home: int | None) -> tuple:
    """((holder, letters, crosser's letters), ...) for holding a gate ``turns`` from now for
    ``crosser``, by each holder and button (``holders``: that gate's entry of
    ``Needs.holders``); the crosser's letters 0 when ``gate_home`` is None."""
    found = []
    for holder, walk, button_home in holders:
        if holder != crosser:
            on_gate = walk if walk > turns else turns
            found.append((holder, on_gate + button_home, 0 if gate_home is None else on_gate + gate_home))
    return tuple(found)
