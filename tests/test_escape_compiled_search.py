"""The compiled search for any solution (studio/games/escape/compiled/search.py and
searching.py): every solution it hands back is one the reference engine plays to a win
(on corpus levels, on the random levels the original won, and on every random level it
solves within a short budget), it runs out of positions on a level with no way out, stops
when cancelled, and the second core's search uses it (its memory: test_escape_compiled_memory). Skips
without numba (or with STUDIO_PURE_PYTHON set); the corpus tests skip without the corpus."""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest

from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, fuzz_level, fuzz_present, fuzz_results, load_level
from tests.test_escape_compiled import compiled_usable
from tests.test_solver import BOXED_PAIRS, level_with_chasers

needs_compiled = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                    "is set: there is no compiled search to test")
needs_corpus = pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
needs_fuzz = pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent")
pytestmark = needs_compiled

# Corpus levels the compiled search solves well within a second (both orders).
QUICK = ("tutorial/lev151.esx", "tutorial/lev203.esx", "tutorial/lev410.esx", "tutorial/lev411.esx",
         "regression/heartf.esx", "regression/bomb_panels.esx", "regression/transponders.esx",
         "regression/remotes.esx", "mylevels/dal.esx", "mylevels/hel.esx")


@pytest.fixture(scope="module", autouse=True)
def compiled_search():
    """The search's machine code, compiled now if this machine has none (about a minute),
    so that no test's time limit goes on compiling."""
    from studio.games.escape import compiled
    from studio.games.escape.compiled.compiling import compile_now, ready

    saved = compiled._started  # (the search starts the engine: other modules expect it as they left it)
    assert compile_now(), "the compiled search did not solve a two-move level"
    assert ready()
    yield
    compiled._started = saved


def hand_made_levels() -> list:
    """The corpus's tutorial, regression and own levels that load (the original refuses
    the malformed ones too)."""
    from studio.core.errors import LevelFormatError

    paths = []
    for path in sorted((ESCAPE / "levels").glob("*/*.esx")):
        try:
            load_level(path)
        except LevelFormatError:
            continue
        paths.append(path)
    return paths


def find(state, **options):
    from studio.games.escape.compiled.searching import find_solution

    found = find_solution(state, **options)
    assert found is not None, "numba is installed but the compiled search could not start"
    return found


def assert_wins(state, moves, where: str) -> None:
    from studio.games.escape.engine import play_solution

    verdict = play_solution(state, moves)
    assert verdict.verdict == "won" and verdict.moves == len(moves), \
        f"{where}: the compiled search's solution ends {verdict.verdict} after {verdict.moves} of {len(moves)} moves"


@needs_corpus
@pytest.mark.parametrize("novelty", [True, False], ids=["novelty", "breadth-first"])
@pytest.mark.parametrize("name", QUICK)
def test_solutions_found_win_on_the_reference_engine(name, novelty):
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / name))
    found = find(state, timeout=20, novelty=novelty)
    assert found.moves is not None, f"{name}: no solution in {found.seconds:.1f} s ({found.expanded} positions)"
    assert_wins(state, found.moves, name)


def solved_in_one_order(state, order: int, seconds: float = 20):
    """The moves one of search.py's orders alone finds within ``seconds``, or None."""
    import numpy as np

    from studio.games.escape.compiled import searching, start_arrays
    from studio.games.escape.compiled.ordering import guide_graph
    from studio.games.escape.reach import Relaxation

    arrays = start_arrays(state)
    zob = np.random.default_rng(7).integers(1, 2 ** 63, size=(2, arrays[0].shape[1]),
                                            dtype=np.int64).astype(np.uint64)
    codes = np.frombuffer(Relaxation(state).codes(state), dtype=np.uint8).copy()
    search = searching._Search(arrays, zob, guide_graph(arrays[2], codes, arrays[0].shape[1]), order, 1.0)
    search.run_for(seconds, None)
    return search.moves() if search.found() else None


@needs_corpus
@pytest.mark.parametrize("order", ["NOVELTY", "NOVELTY_DEFERRED", "BREADTH_FIRST"])
@pytest.mark.parametrize("name", QUICK[::3])
def test_each_order_alone_finds_solutions_that_win(name, order):
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / name))
    moves = solved_in_one_order(state, getattr(search_module(), order))
    assert moves is not None, f"{name}: {order} found no solution"
    assert_wins(state, moves, name)


@needs_corpus
@pytest.mark.parametrize("name, order", [("tutorial/lev367.esx", "NOVELTY"), ("mylevels/idea2.esx", "NOVELTY_DEFERRED")])
def test_each_novelty_order_solves_a_level_the_other_wanders_on(name, order):
    """Measured: tutorial lev367 the novelty order solves in 0.1 s, while the deferred one
    (with breadth-first on the other core) found nothing in 10 s; mylevels/idea2 the
    deferred order solves in 0.3 to 1.5 s, the other in 15 s. So the two take turns."""
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / name))
    moves = solved_in_one_order(state, getattr(search_module(), order), seconds=10)
    assert moves is not None, f"{name}: {order} found no solution in 10 s"
    assert_wins(state, moves, name)


@needs_corpus
def test_breadth_first_turns_find_the_short_solution_the_novelty_order_wanders_past():
    """mylevels/cmaze (a field of steel to push a way through): the novelty order alone had
    not found its 24-move solution after 25,000 positions; the breadth-first turns find one
    after about 5,000 of their own."""
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "mylevels" / "cmaze.esx"))
    found = find(state, timeout=30)
    assert found.moves is not None
    assert_wins(state, found.moves, "cmaze")


@contextmanager
def searches_made(keep_walked_cells: bool = True):
    """The searching._Search objects made meanwhile, in a list; without
    ``keep_walked_cells``, each told at once that its set of walked cells is full."""
    from studio.games.escape.compiled import searching

    made = []
    original = searching._Search.__init__

    def recording(self, *args, **options):
        original(self, *args, **options)
        if not keep_walked_cells:
            self.ctl[search_module().WALKED_FULL] = 1
        made.append(self)
    searching._Search.__init__ = recording
    try:
        yield made
    finally:
        searching._Search.__init__ = original


def search_module():
    from studio.games.escape.compiled import search

    return search


def test_a_position_standing_in_a_region_already_searched_is_dropped_unsearched():
    """Three blocks in a closed room, no way out, searched to the end breadth-first: the
    same boards come again with the player elsewhere in a region searched already, and
    keeping those regions' cells drops them before their regions are flooded again; the
    search still ends having looked at everything."""
    from studio.games.escape.engine import initial_state
    from tests.test_solver import build

    state = initial_state(build(["#########", "#@..g...#", "#..g..g.#", "#.......#", "#########"]))
    floods = {}
    for keep in (True, False):
        with searches_made(keep) as made:
            found = find(state, timeout=60, novelty=False)
        assert found.moves is None and found.exhausted, keep
        floods[keep] = int(made[0].ctl[search_module().EXPANDED])
    assert floods[True] < floods[False], floods


def test_where_a_bot_moves_every_turn_each_position_is_kept_once_under_its_own_key():
    """A dalek loose in a closed room: nothing is ever quiet, so each walk region is the
    player's cell alone. Searched to the end breadth-first, every position is taken once and
    kept under its own key only: no region keys and no walked cells, which would cost
    lookups and find nothing."""
    from studio.games.escape.engine import initial_state

    state = initial_state(level_with_chasers(["#########", "#@......#", "#..###..#", "#..###..#", "#......D#",
                                              "#########"]))
    with searches_made() as made:
        found = find(state, timeout=60, novelty=False)
    assert found.moves is None and found.exhausted
    search, ctl = search_module(), made[0].ctl
    assert ctl[search.COUNT] > 50
    assert ctl[search.EXPANDED] == ctl[search.COUNT] == ctl[search.KEYS]
    assert ctl[search.WALKED] == 0 and ctl[search.DUPLICATES] == 0


@needs_fuzz
def test_every_random_level_the_original_won_is_solved_and_the_solution_wins():
    from studio.games.escape.engine import initial_state

    won = sorted({r["level"] for r in fuzz_results() if r["verdict"] == "won"})
    assert len(won) > 50
    unsolved = []
    for name in won:
        state = initial_state(fuzz_level(name))
        if state.won or state.dead:
            continue
        found = find(state, timeout=5)
        if found.moves is None:
            unsolved.append(name)
        else:
            assert_wins(state, found.moves, name)
    assert not unsolved, f"no solution found for {unsolved}"


@needs_fuzz
def test_whatever_it_finds_on_random_levels_wins_and_what_it_exhausts_has_no_solution():
    """Soundness on the first 150 random levels, a fifth of a second each: every solution
    wins on the reference engine; a level whose positions it ran out of has no solution
    the plain breadth-first search (single moves, the reference engine) finds either."""
    from studio.core.solver import search
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import EscapeSpace

    names = sorted(path.relative_to(FUZZ).as_posix() for path in (FUZZ / "levels").glob("*.esx"))[:150]
    solved = exhausted = 0
    for name in names:
        state = initial_state(fuzz_level(name))
        if state.won or state.dead:
            continue
        found = find(state, timeout=0.2)
        if found.moves is not None:
            solved += 1
            assert_wins(state, found.moves, name)
        elif found.exhausted:
            exhausted += 1
            plain = search(EscapeSpace(state, walks=False, bound=False), method="bfs", max_expanded=20_000)
            assert not plain.solved, f"{name}: searched to the end, but {plain.moves} wins"
    assert solved >= 10 and exhausted >= 100, (solved, exhausted)


def test_a_level_with_no_exit_is_searched_to_the_end():
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel

    state = initial_state(EscapeLevel.blank(6, 5))
    found = find(state, timeout=30)
    assert found.moves is None and found.exhausted


def test_a_cancel_stops_it_at_once():
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "tutorial" / "lev845.esx"))
    find(state, timeout=0.5)  # (machine code loaded: the next call measures only the search)
    began = time.perf_counter()
    asked = []

    def cancel() -> bool:
        asked.append(time.perf_counter())
        return len(asked) > 3

    found = find(state, timeout=30, cancel=cancel)
    assert found.moves is None and not found.exhausted
    assert time.perf_counter() - began < 2.0


@needs_corpus
def test_the_second_cores_search_starts_from_the_compiled_solution_and_shortens_it():
    from studio.games.escape.compiled.searching import find_solution
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import find_any_solution

    level = load_level(ESCAPE / "levels" / "tutorial" / "lev410.esx")
    compiled = find_solution(initial_state(level), timeout=10)
    heard = []
    result = find_any_solution(level, True, True, timeout=3, found=heard.append)
    assert heard[0] == compiled.moves, "the first solution heard of is not the compiled search's"
    assert result.solved and len(heard[-1]) == result.length <= len(compiled.moves)
    assert_wins(initial_state(level), result.moves, "lev410")


@needs_corpus
@pytest.mark.parametrize("name", ["tutorial/lev161.esx", "tutorial/lev845.esx", "regression/multibomb.esx",
                                  "regression/heartf.esx"])
def test_a_compiled_solution_is_followed_through_the_python_space_and_its_detours_cut(name):
    """The compiled search's walks are a little wider than solve.py's: its solution is
    still a path of EscapeSpace's edges (core.shortcuts.path_along), which the shortcuts
    then shorten."""
    from studio.core.search_space import Stopper, moves_along
    from studio.core.shortcuts import path_along, shorten
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import EscapeSpace, _compiled_solution, _play

    space = EscapeSpace(initial_state(load_level(ESCAPE / "levels" / name)))
    found = _compiled_solution(space, 10, None)
    assert found is not None and found.path, f"{name}: no path through the space's edges"
    # (its walks may take a few moves more where the compiled walks take a step solve.py's don't)
    assert_wins(space.start(), moves_along(space, found.path), name)
    shortened = moves_along(space, shorten(space, found.path, Stopper(20, None, None, 1.0)))
    assert_wins(space.start(), shortened, name)
    assert len(shortened) < found.length, f"{name}: the shortcuts cut nothing"
    assert path_along(space, found.moves[:-1], _play) is None  # (moves that stop short of the win)


@needs_corpus
def test_on_one_core_the_compiled_solution_comes_first_and_is_shortened_or_proven():
    """lev845 took the Python searches more than 10 s; the compiled one finds it in about a
    second, and the window hears of it at once. (Then the compiled exact search, shortest.py,
    may prove it shortest within the time: 1.6 million positions, about 7 s.)"""
    from studio.games.escape.engine import initial_state
    from studio.games.escape.solve import solve_level

    level = load_level(ESCAPE / "levels" / "tutorial" / "lev845.esx")
    reports = []
    result = solve_level(level, timeout=10, cores=1, progress=reports.append)
    assert result.solved and result.first_found < 5
    first = next(index for index, report in enumerate(reports) if report.best_moves)
    assert all(report.phase == "any" for report in reports[:first + 1]), "the compiled find was not reported first"
    assert result.length <= reports[first].best and result.seconds < 11
    assert_wins(initial_state(level), result.moves, "lev845")


@pytest.mark.parametrize("rows", [["@.r..E"], ["@.....", ".####.", "r....E"], ["#@.#", "#r.#", "#.E#"]])
def test_on_one_core_a_compiled_find_is_proven_shortest_by_the_a_star_as_before(rows):
    from tests.test_solver import build, check_solution

    level = build(rows)
    best = solve_level_on_one_core(level)
    plain = solve_level_on_one_core(level, method="bfs", walks=False, bound=False)
    assert best.optimal and plain.optimal and best.solved == plain.solved
    if best.solved:
        check_solution(level, best)
        assert best.length == plain.length


def test_a_level_whose_way_out_is_shut_for_good_is_proven_so_without_the_compiled_search(monkeypatch):
    """The exit walled in by blue walls: the relaxation's bound is None at the start, so the
    compiled search (which has no bound, and would search every position) is not started;
    the A* proves the level unsolvable."""
    from studio.games.escape.compiled import searching
    from tests.test_solver import build

    searched = []
    monkeypatch.setattr(searching, "find_solution", lambda *args, **options: searched.append(args))
    assert solve_level_on_one_core(build(["@....E"])).solved
    assert len(searched) == 1, "the compiled search is started where the exit can be reached"
    searched.clear()
    result = solve_level_on_one_core(build(["@.r..#E"]))
    assert not result.solved and result.optimal and searched == []


def solve_level_on_one_core(level, **options):
    from studio.games.escape.solve import solve_level

    return solve_level(level, timeout=20, cores=1, **options)


def least_obstacles_then_moves(layers, geometry, codes, player) -> int:
    """What ordering.guide computes, by Dijkstra in Python: the least (cells closed now,
    moves) over the ways from ``player`` to a cell that may ever be an exit, as
    obstacles * 4096 + moves (ordering.FAR * 4096 when there is none)."""
    import heapq

    from studio.games.escape.compiled.ordering import FAR, OPEN_NOW
    from studio.games.escape.reach import EXIT, STAND, TELEPORT

    best = {player: 0}
    heap = [(0, player)]
    while heap:
        here, cell = heapq.heappop(heap)
        if here > best[cell]:
            continue
        if codes[cell] & EXIT:
            return here
        for direction in range(1, 5):
            there = int(geometry[direction, cell])
            if there < 0:
                continue
            if codes[there] & TELEPORT and not codes[there] & STAND:
                there = int(geometry[0, there])
                if there < 0:
                    continue
            elif not codes[there] & (STAND | EXIT):
                continue
            step = here + 1 + (0 if OPEN_NOW[layers[0, there]] else 4096)
            if step < FAR * 4096 and step < best.get(there, FAR * 4096):
                best[there] = step
                heapq.heappush(heap, (step, there))
    return FAR * 4096


@needs_corpus
def test_the_guide_takes_the_fewest_obstacles_then_the_fewest_moves_on_every_hand_made_level():
    """From cells all over each level, on its start and on the start with every other
    closed cell opened (another set of closed cells: another of the guide's kept maps),
    and on the start again (its kept map, if the other did not take its slot)."""
    import numpy as np

    from studio.games.escape.compiled import start_arrays
    from studio.games.escape.compiled.ordering import OPEN_NOW, guide, guide_graph, guide_tables
    from studio.games.escape.engine import initial_state
    from studio.games.escape.reach import Relaxation
    from studio.games.escape.tiles import T

    checked = 0
    for path in hand_made_levels():
        state = initial_state(load_level(path))
        arrays = start_arrays(state)
        if arrays is None:
            continue
        layers, _, geometry, _ = arrays
        codes = np.frombuffer(Relaxation(state).codes(state), dtype=np.uint8).copy()
        cells = layers.shape[1]
        opened = layers.copy()
        closed = [cell for cell in range(cells) if not OPEN_NOW[layers[0, cell]]]
        opened[0, closed[::2]] = int(T.FLOOR)
        tables = guide_tables(guide_graph(geometry, codes, cells), maps=4)
        for board in (layers, opened, layers):
            for player in range(0, cells, max(1, cells // 40)):
                got = guide(board, player, tables)
                assert got == least_obstacles_then_moves(board, geometry, codes, player), f"{path.name}, cell {player}"
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("rows, boxed", BOXED_PAIRS)
def test_the_compiled_search_judges_chasers_boxed_in_as_solve_does(rows, boxed):
    from studio.games.escape.compiled import start_arrays
    from studio.games.escape.compiled.search import _quiet
    from studio.games.escape.engine import initial_state

    state = initial_state(level_with_chasers(rows))
    layers, bots, geometry, _ = start_arrays(state)
    assert _quiet(layers, bots, geometry) == boxed
    found = find(state, timeout=20)
    assert found.moves is not None
    assert_wins(state, found.moves, "the pocket level")


def test_a_search_before_its_machine_code_exists_goes_on_without_it_and_compiles_it_once(monkeypatch, tmp_path):
    """Compiling takes about half a minute, longer than a search is usually given: the
    search then goes on in Python, and a process of its own (which outlives the search)
    compiles the machine code, once a process, and not while another is at it (the
    process number in the folder's marker is alive)."""
    import os
    import subprocess

    from studio.games.escape import compiled
    from studio.games.escape.compiled import compiling
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.solve import _compiled_solution

    class Started:
        pid = os.getpid()  # (a process that is alive)

    started = []
    monkeypatch.setattr(compiling, "ready", lambda: False)
    monkeypatch.setattr(compiling, "_started", [])
    monkeypatch.setattr(compiled, "machine_code_folder", lambda: tmp_path)
    monkeypatch.setattr(subprocess, "Popen", lambda command, **options: started.append((command, options)) or Started())
    state = initial_state(EscapeLevel.blank(4, 3))
    assert _compiled_solution(state, 5.0, None) is None
    assert _compiled_solution(state, 5.0, None) is None
    assert len(started) == 1
    command, options = started[0]
    assert "compile_here_and_report()" in command[-1] and options["start_new_session"]
    assert (tmp_path / compiling.MARKER).read_text() == str(os.getpid())
    monkeypatch.setattr(compiling, "_started", [])  # another process, the first compile still going
    assert _compiled_solution(state, 5.0, None) is None
    assert len(started) == 1


@needs_corpus
def test_the_walk_region_at_each_corpus_start_is_solves_or_wider_by_moves_of_the_player_alone():
    """The compiled flood's region against solve.EscapeSpace's at the start of every hand-made
    level: the same cells, or more where a move the Python search plays as an edge changes
    nothing but the player's cell (the compiled search takes any such move as a walk); each
    extra cell is checked on the reference engine, by the move that reached it. The
    positions the flood keeps after its first moves (for the expansion, which would
    otherwise play them again) are those moves' own."""
    import numpy as np

    from studio.games.escape.compiled import search
    from studio.games.escape.engine import initial_state, step
    from studio.games.escape.solve import EscapeSpace, _with_player
    from tests.test_escape_compiled_walks import Flooded

    compared = widened = 0
    for path in hand_made_levels():
        state = initial_state(load_level(path))
        if state.won or state.dead:
            continue
        expansion = EscapeSpace(state).expand(state)
        python_region = {cell for cell in range(state.board.size) if expansion.covered.get(cell) is not None}
        flooded = Flooded(state)
        (_, edge_count, won), rows, ctl, kept = flooded.answer, flooded.rows, flooded.ctl, flooded.kept
        layers, bots, geometry, counters = flooded.layers, flooded.bots, flooded.geometry, flooded.counters
        cells = layers.shape[1]
        if won >= 0:
            continue  # (the flood stops at a winning move, its region unfinished)
        for k in range(min(edge_count, search.KEPT_MOVES)):  # each kept position is its move's
            edge = int(rows[3][k])
            again = (np.zeros_like(layers), bots.copy(), counters.copy())
            search._try(layers, bots, counters, geometry, flooded.scratch, *again, ctl, edge // 8, edge % 8)
            assert (again[0] == kept[0][k]).all() and (again[1] == kept[1][k]).all(), f"{path.name}: edge {edge}"
            assert again[2][search.GUY] == kept[2][k][search.GUY]
        region = {cell for cell in range(cells) if rows[0][cell] == ctl[search.EXPANDED]}
        assert ctl[search.REGION_SIZE] == len(region), path.name
        compared += 1
        assert python_region <= region, f"{path.name}: cells {sorted(python_region - region)} left out"
        for cell in region - python_region:
            widened += 1
            came = int(rows[2][cell])
            after = step(_with_player(state, came // 8), came % 8, False)
            assert after.moved and after.state.player == cell and not after.state.dead and not after.state.won
            assert (after.state.tiles, after.state.otiles, after.state.flags, after.state.bots) == \
                (state.tiles, state.otiles, state.flags, state.bots), f"{path.name}: the move to {cell} changed more"
    assert compared > 100 and widened > 0, (compared, widened)
