"""The generic search (core.solver) and Escape's solver, on levels whose shortest
solutions are known by construction; timeouts, cancellation, unsolvable levels."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings, strategies as st

from studio.core.solver import Edge, EngineSpace, Expansion, search
from studio.games.escape.engine import initial_state, play_solution
from studio.games.escape.esp import text_to_moves
from studio.games.escape.level import BotPlacement, EscapeLevel
from studio.games.escape.solve import EscapeSpace, solve_level
from studio.games.escape.tiles import Bot, T


def build(rows: list[str], bots=(), dests=None) -> EscapeLevel:
    """A level from text: '#' blue wall, '.' floor, 'E' exit, '@' player, 'r' red block,
    'g' grey block, 'o' hole, 'L' laser, 'p' panel, 't' trap, 'T' transporter, 'z' electric,
    'N' ON switch, ',' rough, '$' gold."""
    tiles_of = {"#": T.BLUE, ".": T.FLOOR, "E": T.EXIT, "@": T.FLOOR, "r": T.RED, "g": T.GREY, "o": T.HOLE,
                "L": T.LASER, "p": T.PANEL, "t": T.TRAP1, "T": T.TRANSPORT, "z": T.ELECTRIC, "N": T.ON,
                ",": T.ROUGH, "$": T.GOLD}
    height, width = len(rows), len(rows[0])
    level = EscapeLevel.blank(width, height)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            level.tiles[level.index(x, y)] = int(tiles_of[ch])
            if ch == "@":
                level.player = (x, y)
    for cell, dest in (dests or {}).items():
        level.dests[cell] = dest
    level.bots = [BotPlacement(cell, int(kind)) for cell, kind in bots]
    return level


def check_solution(level, result):
    """The solution found wins, and its length is the cost the search proved."""
    assert result.solved
    verdict = play_solution(initial_state(level), text_to_moves(result.solution))
    assert verdict.verdict == "won" and verdict.moves == result.length
    if result.optimal:
        assert result.depth == result.length


OPEN_ROOM = ["@.....",
             "......",
             ".....E"]


def test_open_room_is_manhattan_distance():
    level = build(OPEN_ROOM)
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.optimal and result.length == 7


def test_a_block_that_can_only_be_pushed_towards_the_exit_is_proven_unsolvable():
    # Blocks never go onto exits, and nothing can get behind the block to pull it back.
    level = build(["#######",
                   "#@.r.E#",
                   "###.###",
                   "#######"])
    result = solve_level(level, timeout=10)
    assert not result.solved and result.optimal  # proven unsolvable


def test_grey_block_fills_the_hole():
    level = build(["#########",
                   "#@.g.o.E#",
                   "#########"])
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.optimal and result.length == 6  # push, push, push (fills), walk, walk, walk


@pytest.mark.parametrize("method", ["astar", "bfs"])
def test_single_moves_and_walks_agree_on_the_shortest_length(method):
    level = build(["#########",
                   "#@..r...#",
                   "#.#.#.#.#",
                   "#...g.oE#",
                   "#########"])
    best = solve_level(level, timeout=20)
    other = solve_level(level, timeout=20, method=method, walks=False)
    check_solution(level, best)
    check_solution(level, other)
    assert best.optimal and other.optimal and best.length == other.length


def test_traps_are_not_walks():
    # Stepping off a trap turns it into a hole, so the trap can be crossed once only.
    level = build(["#######",
                   "#@t..E#",
                   "#######"])
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.length == 4


def test_a_laser_forces_the_long_way_round():
    level = build(["####L####",
                   "#@.....E#",
                   "#.#####.#",
                   "#.......#",
                   "#########"])
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.optimal and result.length == 10  # the short way crosses the beam


def test_a_transporter_is_one_move():
    level = build(["#######",
                   "#@.T#E#",
                   "#####.#",
                   "#######"], dests={3 + 7: 2 * 7 + 5})
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.optimal and result.solution == "RRU"


def test_unsolvable_without_an_exit_is_proven_at_once():
    level = build(["@...", "...."])
    result = solve_level(level, timeout=10)
    assert not result.solved and result.optimal and result.expanded == 0


@pytest.mark.parametrize("rows", [
    ["#########", "#@......#", "#.......#", "#......E#", "#########"],
    ["#########", "#@.....E#", "#.......#", "#.......#", "#########"],
])
def test_with_a_dalek_walks_agree_with_plain_breadth_first(rows):
    level = build(rows, bots=[(3 * 9 + 2, Bot.DALEK)])
    best = solve_level(level, timeout=20)
    plain = solve_level(level, timeout=20, method="bfs", walks=False, bound=False)
    assert best.optimal and plain.optimal and best.solved == plain.solved
    if best.solved:
        check_solution(level, best)
        assert best.length == plain.length


def test_timeout_returns_quickly_with_what_it_has():
    level = build(["@.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.r",
                   "r.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.r",
                   "r.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.#"])  # no exit reachable... except none at all: make one far away
    level.tiles[level.index(13, 5)] = int(T.EXIT)
    result = solve_level(level, timeout=0.3, method="astar")
    assert result.seconds < 3
    if not result.solved:
        assert result.stopped == "timeout" and not result.optimal


def test_cancel_stops_the_search():
    level = build(["@.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.r",
                   "r.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.r",
                   "r.r.r.r.r.r.r.",
                   ".r.r.r.r.r.r.E"])
    cancel = threading.Event()
    cancel.set()
    result = solve_level(level, cancel=cancel, method="astar")
    assert result.stopped == "cancelled" or result.solved


def test_progress_is_reported():
    level = build(["@" + "." * 19] + ["." * 20] * 10 + ["." * 19 + "E"])
    reports = []
    space = EscapeSpace(initial_state(level), walks=False, bound=False)
    search(space, method="bfs", progress=reports.append, progress_every=0.0)
    assert reports and all(r.expanded > 0 and r.depth >= 0 for r in reports)


class _Line:
    """A toy space: states are integers, moves +1/+2 cost their size, the goal is n."""

    def __init__(self, n):
        self.n = n

    def start(self):
        return 0

    def expand(self, state):
        edges = []
        for step in (1, 2):
            if state + step <= self.n:
                edges.append(Edge(step, state + step, "won" if state + step == self.n else "none", step))
        return Expansion(edges)

    def unfold(self, state, label):
        return (label,) * label


@given(st.integers(min_value=1, max_value=40))
@settings(max_examples=25, deadline=None)
def test_macro_edges_count_single_moves(n):
    result = search(_Line(n))
    assert result.solved and result.optimal
    assert result.length == n and sum(1 for _ in result.moves) == n


def test_engine_space_bfs_matches_astar():
    level = build(["@..#", ".#.#", "...E"])
    state = initial_state(level)
    from studio.games.escape.engine import step

    space = EngineSpace(state, lambda s, m: step(s, m, False), (1, 2, 3, 4))
    a = search(space, method="bfs")
    b = search(space, method="astar")
    assert a.length == b.length == 5
