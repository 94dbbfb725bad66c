"""The searches for any solution after the A* (core.solver.solve): restricted weighted
A*, novelty given a guidance stage, pair novelty; and the Escape facts they use
(escape.novelty, escape.guide)."""

from __future__ import annotations

import pytest

from studio.core import solver
from studio.core.shortcuts import path_along, shorten
from studio.core.solver import Edge, Expansion, search, solve
from studio.games.escape.engine import initial_state, play_solution, step
from studio.games.escape.esp import text_to_moves
from studio.games.escape.guide import ObstacleGuide
from studio.games.escape.novelty import PositionFacts, circuit
from studio.games.escape.reach import Relaxation
from studio.games.escape.solve import EscapeSpace, solve_level
from studio.games.escape.tiles import Bot, T
from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, load_level
from tests.test_solver import build


class _Grid:
    """A toy space: (x, y) on an open plane, one move a step; the goal is (n, 0).
    ``disturbance`` is how far a state strays from the row y = 0."""

    def __init__(self, n: int):
        self.n = n

    def start(self):
        return (0, 0)

    def expand(self, state):
        x, y = state
        edges = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if -3 <= nx <= self.n + 3 and -3 <= ny <= 3:
                edges.append(Edge(1, (nx, ny), "won" if (nx, ny) == (self.n, 0) else "none", (dx, dy)))
        return Expansion(edges)

    def unfold(self, state, label):
        return (label,)

    def atoms(self, state, parent):
        return [state[0] * 100 + state[1]]

    def disturbance(self, state):
        return abs(state[1])


def test_a_restricted_search_finds_a_solution_but_proves_nothing():
    result = search(_Grid(6), admit=lambda state: state[1] == 0)
    assert result.solved and result.length == 6 and not result.optimal


def test_a_restricted_search_that_runs_out_proves_nothing():
    result = search(_Grid(6), admit=lambda state: state[0] <= 2)
    assert not result.solved and not result.optimal


def test_solve_falls_back_to_restricted_searches_after_the_proof_times_out(monkeypatch):
    calls = []
    real_search = solver.search

    def recording(space, **options):
        calls.append((options.get("method", "astar"), options.get("admit") is not None))
        if len(calls) <= 4:  # the two probes, the A* and the second novelty search find nothing in time
            return solver.SearchResult(False, False, (), expanded=5, stopped="timeout")
        return real_search(space, **options)

    monkeypatch.setattr(solver, "search", recording)
    result = solve(_Grid(5), timeout=10)
    assert calls[:5] == [("novelty", False), ("astar", False), ("astar", False), ("novelty", False),
                         ("astar", True)]
    # The restricted search's solution, then proven: the search for shorter ones ran out.
    assert result.solved and result.optimal and result.length == 5
    assert result.expanded > 20  # the phases' counts add up


def test_an_a_star_looking_only_for_shorter_solutions():
    nothing_shorter = search(_Grid(6), shorter_than=6)
    assert not nothing_shorter.solved and nothing_shorter.optimal
    shorter = search(_Grid(6), shorter_than=9)
    assert shorter.solved and shorter.optimal and shorter.length == 6


def test_solve_proves_the_probe_solution_shortest_or_finds_a_shorter_one(monkeypatch):
    real_search = solver.search
    detour = ((1, 0),) * 3 + ((0, 1), (1, 0), (1, 0), (0, -1))  # 7 moves to (5, 0)

    def probe_finds(found):
        def searching(space, **options):
            if options.get("method") == "novelty":
                return solver.SearchResult(True, False, found, expanded=3)
            return real_search(space, **options)
        return searching

    monkeypatch.setattr(solver, "search", probe_finds(((1, 0),) * 5))
    proven = solve(_Grid(5), timeout=10)
    assert proven.solved and proven.optimal and proven.length == 5 and proven.depth == 5
    assert proven.first_found is not None

    monkeypatch.setattr(solver, "search", probe_finds(detour))
    improved = solve(_Grid(5), timeout=10)
    assert improved.solved and improved.optimal and improved.length == 5


def test_the_time_the_proof_leaves_goes_to_shorter_solutions(monkeypatch):
    real_search = solver.search
    detour = ((1, 0),) * 3 + ((0, 1), (1, 0), (1, 0), (0, -1))  # 7 moves to (5, 0)
    calls = []

    def searching(space, **options):
        calls.append((options.get("method"), options.get("shorter_than")))
        if len(calls) == 1:
            return solver.SearchResult(True, False, detour, expanded=3)
        if options.get("method") == "astar":
            return solver.SearchResult(False, False, (), expanded=5, stopped="timeout")
        return real_search(space, **options)

    monkeypatch.setattr(solver, "search", searching)
    result = solve(_Grid(5), timeout=10)
    assert calls[:3] == [("novelty", None), ("astar", 7), ("novelty", 7)]
    assert result.solved and result.length == 5 and result.optimal and result.stopped == "done"


def test_cancelling_the_proof_keeps_the_probe_solution(monkeypatch):
    path = ((1, 0),) * 5

    def searching(space, **options):
        if options.get("method") == "novelty":
            return solver.SearchResult(True, False, path, expanded=3)
        return solver.SearchResult(False, False, (), expanded=7, stopped="cancelled")

    monkeypatch.setattr(solver, "search", searching)
    result = solve(_Grid(5), timeout=10)
    assert result.solved and not result.optimal and result.moves == path
    assert result.stopped == "cancelled" and result.expanded == 10


def test_novelty_is_judged_within_each_guidance_stage():
    space = _Grid(8)
    space.guidance = lambda state: (0 if state[0] >= 4 else 1, abs(8 - state[0]) + abs(state[1]))
    result = search(space, method="novelty")
    assert result.solved and result.length >= 8


# -- Escape: the facts behind those searches --

def test_disturbance_counts_moved_blocks_but_not_coloured_floors():
    level = build(["@r..E"])
    space = EscapeSpace(initial_state(level))
    start = space.start()
    pushed = step(start, 4, False).state
    assert space.disturbance(start) == 0
    assert space.disturbance(pushed) == 2  # the block's old cell and its new one
    level = build(["@...E"])
    level.tiles[level.index(2, 0)] = int(T.RUP)
    start = initial_state(level)
    facts = PositionFacts(start)
    lowered = start._replace(tiles=start.tiles.replace(bytes([T.RUP]), bytes([T.RDOWN])))
    assert facts.disturbance(lowered) == 0 and facts.changes(lowered)


def test_a_burning_fuse_is_a_new_fact():
    # A bomb pushed (and so lit) on an open floor: the player only waits afterwards.
    level = build(["@....", ".....", "....E"], bots=[(1, int(Bot.BOMB) + 3)])
    facts = PositionFacts(initial_state(level))
    lit = step(initial_state(level), 4, False).state
    waited = step(lit, 2, False).state
    assert lit.bots[0][1] == waited.bots[0][1] and lit.bots[0][2] != waited.bots[0][2]
    assert set(facts.atoms(waited, lit)) - set(facts.atoms(lit, None))


def test_changes_pair_the_player_with_what_he_moved():
    level = build(["@r...", ".....", "....E"])
    facts = PositionFacts(initial_state(level))
    pushed = step(initial_state(level), 4, False).state
    walked = step(step(pushed, 2, False).state, 4, False).state
    assert walked.tiles == pushed.tiles
    assert facts.changes(walked) != facts.changes(pushed)  # the same block, the player elsewhere


def test_the_circuit_names_the_light_each_button_reaches():
    level = build(["@....E"])
    for x, tile in ((1, T.BUTTON), (2, T.WE), (3, T.RLIGHT)):
        level.tiles[level.index(x, 0)] = int(tile)
    state = initial_state(level)
    assert circuit(state) == {(level.index(1, 0), level.index(3, 0))}
    level.tiles[level.index(2, 0)] = int(T.NS)  # a wire turned the wrong way carries nothing on
    assert circuit(initial_state(level)) == set()


def test_the_guide_counts_the_cells_in_the_way():
    open_way = initial_state(build(["@....E", "......"]))
    assert ObstacleGuide(Relaxation(open_way))(open_way) == (0, 5)
    level = build(["@....E", "......"])
    for x, y, tile in ((3, 0, T.RUP), (3, 1, T.RUP), (0, 1, T.BUTTON)):
        level.tiles[level.index(x, y)] = int(tile)
    gated = initial_state(level)
    assert ObstacleGuide(Relaxation(gated))(gated) == (1, 5)  # a raised floor a button may lower


def test_the_guide_counts_heart_framers_a_laser_sees_when_a_sleeping_door_is_the_way_out():
    def obstacles(rows, heart_at=(3, 0), door_at=(5, 1)):
        level = build(rows)
        level.tiles[level.index(*heart_at)] = int(T.HEARTFRAMER)
        level.tiles[level.index(*door_at)] = int(T.SLEEPINGDOOR)
        state = initial_state(level)
        return ObstacleGuide(Relaxation(state))(state)[0]

    seen = obstacles(["L.....", "@....."])
    assert seen == obstacles(["L#....", "@....."]) + 1  # a wall between the laser and the heart
    assert seen == obstacles(["......", "@....."]) + 1  # no laser at all
    # With an exit too, the heart framers need not be taken: they are nobody's way.
    assert obstacles(["L.....", "@...E."]) == obstacles(["L#....", "@...E."])


@pytest.mark.skipif(not corpus_present(), reason="needs ../shared/corpus (the conformance corpus)")
@pytest.mark.parametrize("name", ["k.esx", "k_easy.esx"])
def test_spheres_rolled_onto_panels_to_clear_the_lasers_off_heart_framers(name):
    """Letter series k: spheres must stop on panels that swap the lasers over the heart
    framers away. Beyond the novelty search in 30 s until the guide counted heart framers
    under fire; now a few hundred positions (a limit on states, the same on any machine)."""
    level = load_level(ESCAPE / "levels" / "mylevels" / name)
    result = solve_level(level, method="novelty", max_expanded=5_000)
    assert result.solved
    assert play_solution(initial_state(level), text_to_moves(result.solution)).verdict == "won"


@pytest.mark.parametrize("rows", [["@.r..", ".r.r.", "..r.E"], ["@....", "..g.#", "...oE"]])
def test_solutions_of_the_novelty_search_win(rows):
    level = build(rows)
    result = solve_level(level, timeout=2, method="novelty")
    assert result.solved and not result.optimal
    assert play_solution(initial_state(level), text_to_moves(result.solution)).verdict == "won"


def test_shortcuts_cut_the_detours_out_of_a_solution():
    space = _Grid(5)
    cells = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (3, 2), (4, 2), (5, 2), (5, 1), (5, 0)]
    path = ((cells[0], None),) + tuple((b, (b[0] - a[0], b[1] - a[1])) for a, b in zip(cells, cells[1:]))
    shorter = shorten(space, path, solver.Stopper(None, None, None, 1.0))
    assert solver.moves_along(space, shorter) == ((1, 0),) * 5
    assert shorter[0] == path[0] and shorter[-1][0] == (5, 0)


def _grid_play(state, move):
    after = (state[0] + move[0], state[1] + move[1])
    return after, "won" if after == (5, 0) else "none"


def test_moves_found_outside_the_space_are_followed_through_its_edges():
    detour = ((0, 1), (1, 0), (1, 0), (0, 0), (1, 0), (1, 0), (1, 0), (0, -1))  # (0, 0): a move that does nothing
    path = path_along(_Grid(5), detour, _grid_play)
    assert path[0] == ((0, 0), None) and path[-1][0] == (5, 0) and len(path) == 8
    assert solver.moves_along(_Grid(5), path) == tuple(move for move in detour if move != (0, 0))
    assert solver.moves_along(_Grid(5), shorten(_Grid(5), path, solver.Stopper(None, None, None, 1.0))) == \
        ((1, 0),) * 5
    assert path_along(_Grid(5), detour[:-1], _grid_play) is None  # it never wins
    assert path_along(_Grid(5), ((0, 5),) + detour, _grid_play) is None  # no such edge


def test_solve_given_a_solution_goes_straight_to_proving_or_shortening_it(monkeypatch):
    methods = []
    real_search = solver.search

    def searching(space, **options):
        methods.append((options.get("method"), options.get("shorter_than")))
        return real_search(space, **options)

    monkeypatch.setattr(solver, "search", searching)
    known = solver.SearchResult(True, False, ((1, 0),) * 3 + ((0, 1), (1, 0), (1, 0), (0, -1)), expanded=40,
                                first_found=0.25)
    result = solve(_Grid(5), timeout=10, known=known)
    assert methods[0] == ("astar", 7), "the probes ran although a solution was known"
    assert result.solved and result.optimal and result.length == 5
    assert result.first_found == 0.25 and result.expanded > 40


def test_solve_takes_the_shortcuts_in_what_the_probe_found(monkeypatch):
    real_search = solver.search
    cells = [(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 0)]
    path = ((cells[0], None),) + tuple((b, (b[0] - a[0], b[1] - a[1])) for a, b in zip(cells, cells[1:]))
    detour = tuple(label for _, label in path[1:])

    def searching(space, **options):
        if options.get("method") == "novelty" and options.get("shorter_than") is None:
            return solver.SearchResult(True, False, detour, expanded=3, path=path)
        return solver.SearchResult(False, False, (), expanded=5, stopped="timeout")  # nothing better

    monkeypatch.setattr(solver, "search", searching)
    result = solve(_Grid(5), timeout=2)
    assert result.solved and result.length == 5 and not result.optimal


def test_find_then_shorten_reports_every_solution_and_returns_the_shortest(monkeypatch):
    """The second core's search (core.racing): each solution reaches ``found`` as it is
    found, a shorter one after the first too, and the shortest is the answer."""
    lengths = iter((9, 7))

    def searching(space, **options):
        length = next(lengths, None)
        if length is None:  # nothing shorter than the last one: that one is shortest
            return solver.SearchResult(False, True, (), expanded=2)
        return solver.SearchResult(True, False, ((1, 0),) * length, expanded=3)

    monkeypatch.setattr(solver, "search", searching)
    heard: list[int] = []
    result = solver.find_then_shorten(_Grid(5), timeout=5, found=lambda moves: heard.append(len(moves)))
    assert heard == [9, 7]
    assert result.solved and result.length == 7 and result.optimal
    assert result.expanded == 3 + 3 + 2


def _facts_keep_their_promise(level) -> int:
    """Walk every child of the first positions of a level's search: what ``atoms`` leaves
    out given the parent must be among the parent's facts. The pairs checked."""
    space = EscapeSpace(initial_state(level))
    facts = PositionFacts(space.start())
    frontier, checked = [space.start()], 0
    for parent in (frontier[i] for i in range(60) if i < len(frontier)):
        whole_parent = set(facts.atoms(parent, None))
        for edge in space.expand(parent).edges:
            child = edge.state
            assert set(facts.atoms(child, None)) <= set(facts.atoms(child, parent)) | whole_parent
            if child not in frontier:
                frontier.append(child)
            checked += 1
    return checked


@pytest.mark.skipif(not corpus_present(), reason="needs ../shared/corpus (the conformance corpus)")
def test_facts_given_the_parent_leave_out_only_the_parents_on_wire_levels():
    """Circuits are only traced again when a wire, button or receiver changed: on the
    tutorial level whose wires are pushed about and on the random wire levels."""
    levels = [ESCAPE / "levels" / "tutorial" / "lev161.esx", *sorted((FUZZ / "levels").glob("wires-*.esx"))[:40]]
    assert sum(_facts_keep_their_promise(load_level(path)) for path in levels) > 500
