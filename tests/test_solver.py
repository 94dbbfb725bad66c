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


def agrees_with_plain_search(level, method: str = "astar") -> int | None:
    """Solve with walks and the bound, and by plain breadth-first search over single
    moves: both proven, the same verdict and length. The length, or None if unsolvable."""
    best = solve_level(level, timeout=20, method=method)
    plain = solve_level(level, timeout=20, method="bfs", walks=False, bound=False)
    assert best.optimal and plain.optimal and best.solved == plain.solved
    if not best.solved:
        return None
    check_solution(level, best)
    assert best.length == plain.length
    return best.length


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
    agrees_with_plain_search(level, method="auto")


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


# -- the gate bound (reach.py): a panel far away must be pressed before the exit opens --

def _gated_level():
    """The stop sign between the player and the exit swaps with floor when the red block
    lands on the panel at the far end: walk 3, push, walk 6 = 10 moves."""
    level = build(["##########",
                   "#pr...@.E#",
                   "#.#.#.##.#",
                   "##########"])
    stop = level.index(7, 1)
    level.tiles[stop] = int(T.STOP)
    level.otiles[stop] = int(T.FLOOR)
    level.dests[level.index(1, 1)] = stop
    return level


def _all_positions(level):
    """Every position reachable with single moves, and each one's true moves to a win."""
    from studio.games.escape.engine import step

    start = initial_state(level)
    successors, queue, seen = {}, [start], {start}
    for state in queue:
        successors[state] = []
        for direction in (1, 2, 3, 4):
            result = step(state, direction, False)
            if result.moved and result.outcome != "dead":
                successors[state].append(result.state)
                if result.state not in seen and not result.state.won:
                    seen.add(result.state)
                    queue.append(result.state)
                elif result.state.won:
                    successors.setdefault(result.state, [])
    to_win = {state: 0 for state in successors if state.won}
    changed = True
    while changed:  # (small graphs: plain relaxation to a fixed point)
        changed = False
        for state, nexts in successors.items():
            best = min((to_win[n] + 1 for n in nexts if n in to_win), default=None)
            if best is not None and best < to_win.get(state, 1 << 30):
                to_win[state] = best
                changed = True
    return start, successors, to_win


def test_the_gate_bound_counts_the_walk_to_the_panel():
    level = _gated_level()
    space = EscapeSpace(initial_state(level))
    assert space.relaxation.gates is not None
    assert space.lower_bound(space.start()) == 10  # the plain relaxation said 2
    assert agrees_with_plain_search(level) == 10


@pytest.mark.parametrize("rows, stop", [
    (["##########", "#pr...@.E#", "#.#.#.##.#", "##########"], (7, 1)),
    (["#########", "#p.r..@.#", "#.g.o...#", "#.....#E#", "#########"], (7, 2)),
    (["#########", "#.r..@..#", "#.g.o.p.#", "#...p.#E#", "#########"], (7, 2)),
])
def test_the_gate_bound_never_exceeds_the_true_distance(rows, stop):
    # (every position of small levels: the bound against the true distance to a win)
    level = build(rows)
    stop = level.index(*stop)
    level.tiles[stop] = int(T.STOP)
    level.otiles[stop] = int(T.FLOOR)
    for cell in range(len(level.tiles)):
        if level.tiles[cell] == T.PANEL:
            level.dests[cell] = stop
    start, successors, to_win = _all_positions(level)
    space = EscapeSpace(start)
    assert space.relaxation.gates is not None and len(successors) > 10
    for state in successors:
        bound = space.lower_bound(state)
        if state in to_win:
            assert bound is not None and bound <= to_win[state]
    assert agrees_with_plain_search(level) == to_win[start]


# -- a boxed-in dalek does not stop walks (solve._boxed) --

@pytest.mark.parametrize("rows, boxed", [
    # green blocks with nothing a block can go onto behind them: the dalek never moves
    (["#########", "#@.....E#", "####G####", "####G####", "###GDG###", "#########"], True),
    # the dalek can push the green block above it into the corridor, then chase
    (["#########", "#@......#", "###G#####", "###D#..E#", "#.......#", "#########"], False),
])
def test_a_boxed_dalek_leaves_walks_alone_and_lengths_agree_with_plain_search(rows, boxed):
    from studio.games.escape.solve import _quiet

    grid = [row.replace("G", "#").replace("D", ".") for row in rows]
    level = build(grid)
    width = len(rows[0])
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "G":
                level.tiles[level.index(x, y)] = int(T.GREEN)
            elif ch == "D":
                level.bots = [BotPlacement(y * width + x, int(Bot.DALEK))]
    state = initial_state(level)
    assert _quiet(state) == boxed
    agrees_with_plain_search(level)


# Chasers that box each other in: each one's only way out is onto the other, with a wall
# behind it (a hugbot cannot push it there; a dalek would fuse with it).
BOXED_PAIRS = [
    (["########", "#@....E#", "########", "#HH#####", "########"], True),
    # the pocket one cell longer: the right-hand hugbot walks off, the other pushes it
    (["########", "#@....E#", "########", "#HH.####", "########"], False),
    # daleks fuse: a dalek next to another is never boxed in by it
    (["########", "#@....E#", "########", "#DD#####", "########"], False),
]


def level_with_chasers(rows: list[str]):
    grid = [row.replace("H", ".").replace("D", ".") for row in rows]
    level = build(grid)
    width = len(rows[0])
    level.bots = [BotPlacement(y * width + x, int(Bot.HUGBOT if ch == "H" else Bot.DALEK))
                  for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in "HD"]
    return level


@pytest.mark.parametrize("rows, boxed", BOXED_PAIRS)
def test_chasers_boxed_in_by_each_other_leave_walks_alone_and_lengths_agree_with_plain_search(rows, boxed):
    from studio.games.escape.solve import _quiet

    level = level_with_chasers(rows)
    assert _quiet(initial_state(level)) == boxed
    assert agrees_with_plain_search(level) == 5


# -- pushes that certainly move nothing are not played (walks.QuietRegion.stuck) --

def test_pushes_against_walls_are_skipped_and_lengths_agree_with_plain_search():
    from studio.games.escape.walks import BoardBits, QuietRegion

    level = build(["########",
                   "#r@..r.#",
                   "#.g..#.#",
                   "#..o..E#",
                   "########"])
    state = initial_state(level)
    bits = BoardBits(state.board)
    moves = {(cell, direction) for _, cell, direction in QuietRegion(bits, state).engine_moves(bits)}
    red_by_the_wall, red_in_the_open = level.index(1, 1), level.index(5, 1)
    assert (red_by_the_wall + 1, 3) not in moves  # pushing it left, into the wall
    assert (red_in_the_open - 1, 4) in moves  # pushing it right, onto floor
    assert agrees_with_plain_search(level) is not None


# -- frozen blocks and heart framers in the relaxation (reach.py) --

def _with_tiles(rows, extra):
    """``build`` with extra letters: 'G' green block, 'H' heart framer, 'Z' sleeping door."""
    tiles = {"G": T.GREEN, "H": T.HEARTFRAMER, "Z": T.SLEEPINGDOOR}
    level = build([row.translate(str.maketrans({k: "#" for k in extra})) for row in rows])
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in extra:
                level.tiles[level.index(x, y)] = int(tiles[ch])
    return level


def test_a_wall_of_green_blocks_is_frozen_but_a_loose_one_is_not():
    from studio.games.escape.reach import frozen_blocks

    level = _with_tiles(["GGGGGGG",
                         "G@..G.G",
                         "G..G..G",
                         "G....EG",
                         "GGGGGGG"], "G")
    frozen = frozen_blocks(initial_state(level))
    border = {level.index(x, y) for y in range(5) for x in range(7) if x in (0, 6) or y in (0, 4)}
    assert border <= frozen
    assert level.index(4, 1) not in frozen and level.index(3, 2) not in frozen  # pushable into the room


@pytest.mark.parametrize("rows", [
    ["GGGGGGG", "G@..G.G", "G..G..G", "G....EG", "GGGGGGG"],
    ["#######", "#H.@.Z#", "#.###.#", "#...H.#", "#######"],
    ["########", "#H..@.E#", "#.##G#.#", "#..Z...#", "########"],
])
def test_frozen_blocks_and_hearts_keep_the_bound_below_the_true_distance(rows):
    level = _with_tiles(rows, "GHZ")
    start, successors, to_win = _all_positions(level)
    space = EscapeSpace(start)
    for state in successors:
        if state in to_win:
            bound = space.lower_bound(state)
            assert bound is not None and bound <= to_win[state]
    assert agrees_with_plain_search(level) == to_win[start]


def test_a_sleeping_door_counts_the_walk_to_the_last_heart_framer():
    level = _with_tiles(["#########",
                         "#H....@Z#",
                         "#########"], "HZ")
    space = EscapeSpace(initial_state(level))
    assert space.lower_bound(space.start()) == 11  # 5 to the heart framer, 6 back to the door
    result = solve_level(level, timeout=10)
    check_solution(level, result)
    assert result.optimal and result.length == 11
