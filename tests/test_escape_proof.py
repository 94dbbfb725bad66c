"""The compiled exact search (studio/games/escape/compiled/proof.py, proving.py,
geography.py) and its use by the solver (shortest.py): every length it proves shortest is
the length plain breadth-first search over single moves finds on the reference engine
(and every level it proves unsolvable, breadth-first search exhausts); a known length is
proven or beaten; two boards with one hash are told apart byte for byte; the stronger
bound's rows are a function of the geography it keys them by. Skips without numba; the
corpus tests skip without the corpus."""

from __future__ import annotations

import random

import pytest

from tests.escape_corpus import ESCAPE, corpus_present, fuzz_level, fuzz_present, load_level
from tests.test_escape_compiled import compiled_usable

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                "is set: there is no compiled search to test")
needs_corpus = pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
needs_fuzz = pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent")

# Random levels breadth-first search finishes on (test_escape_solver_fuzz's): the longest
# shortest solutions per family, hugbots (the bound divides by them), panels (gates), wires.
WITH_SOLUTIONS = ("hugbot-2-123", "hugbot-2-25", "hugbot-2-45", "hugbot-2-85", "hugbot-2-31", "hugbot-2-111",
                  "panels-4-28", "panels-4-77", "panels-4-98", "panels-4-141", "panels-4-100",
                  "all-1-99", "all-1-143", "all-1-107", "wires-3-146", "wires-3-119")
UNSOLVABLE = ("hugbot-2-148", "hugbot-2-26", "all-1-120", "wires-3-77", "panels-4-44")
# Hand-made levels breadth-first search finishes on within seconds.
HAND_MADE = ("tutorial/lev151.esx", "tutorial/lev155.esx", "tutorial/lev160.esx", "tutorial/lev203.esx",
             "regression/heartf.esx", "regression/gpa.esx", "regression/panelab.esx")


@pytest.fixture(scope="module", autouse=True)
def compiled_code():
    """The machine code, compiled now if this machine has none (about a minute), so that
    no test's time limit goes on compiling."""
    from studio.games.escape import compiled
    from studio.games.escape.compiled.compiling import compile_now, ready

    saved = compiled._started
    assert compile_now(), "the compiled searches did not solve a two-move level"
    assert ready()
    yield
    compiled._started = saved


def breadth_first(level):
    from studio.games.escape.solve import solve_level

    plain = solve_level(level, timeout=60, method="bfs", walks=False, bound=False)
    assert plain.optimal, "breadth-first search did not finish"
    return plain


def proof_of(level, known_length=None, timeout: float = 60.0):
    from studio.games.escape.compiled.proving import prove_shortest
    from studio.games.escape.engine import initial_state

    proof = prove_shortest(initial_state(level), known_length=known_length, timeout=timeout)
    assert proof is not None, "numba is installed but the exact search could not start"
    return proof


def check_against_breadth_first(level) -> None:
    from studio.games.escape.engine import initial_state, play_solution

    plain = breadth_first(level)
    proof = proof_of(level)
    assert proof.proven, f"the exact search stopped ({proof.stopped}) on a level breadth-first search finishes"
    if not plain.solved:
        assert proof.moves is None and proof.length is None, "a solution to a level breadth-first search exhausts"
        return
    assert proof.length == plain.length, f"proven {proof.length} moves, breadth-first finds {plain.length}"
    verdict = play_solution(initial_state(level), proof.moves)
    assert (verdict.verdict, verdict.moves) == ("won", plain.length)
    # Given the length, it proves that length; given a longer one, it finds the shortest.
    again = proof_of(level, known_length=plain.length)
    assert again.proven and again.moves is None and again.length == plain.length
    longer = proof_of(level, known_length=plain.length + 3)
    assert longer.proven and longer.length == plain.length and len(longer.moves) == plain.length


@needs_fuzz
@pytest.mark.parametrize("name", WITH_SOLUTIONS + UNSOLVABLE)
def test_fuzz_proofs_are_breadth_first_lengths(name):
    check_against_breadth_first(fuzz_level(f"levels/{name}.esx"))


@needs_corpus
@pytest.mark.parametrize("name", HAND_MADE)
def test_hand_made_proofs_are_breadth_first_lengths(name):
    check_against_breadth_first(load_level(ESCAPE / "levels" / name))


def _proof_arrays():
    """A seeded exact search of a small level of blocks (its arrays, as proving.py has them)."""
    from studio.games.escape.compiled import start_arrays, start_engine
    from studio.games.escape.compiled.proving import _Geographies, _Proof, admissible_bound
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(5, 3)
    level.tiles[7] = int(T.GREY)
    level.tiles[4] = int(T.EXIT)
    start = initial_state(level)
    assert start_engine()
    arrays = start_arrays(start)
    return _Proof(arrays, admissible_bound(start), 100, 1 << 28, _Geographies(start, arrays))


def test_boards_with_one_hash_are_told_apart():
    """board_number takes the hash it is given: handed the start's hash with another board
    (a hash collision, made on purpose), it numbers that board anew, and the start's board
    with the start's hash is still the start's number."""
    import numpy as np

    from studio.games.escape.compiled import proof
    from studio.games.escape.compiled.boards import board_hash

    searching = _proof_arrays()
    L0, B0 = searching.L0, searching.B0
    h = np.uint64(board_hash(L0, B0))

    def number_of(L):
        return proof.board_number(L, B0, h, searching.boards, searching.numbers, searching.first, searching.pool,
                                  searching.offset, searching.references, searching.costs, searching.ctl)

    assert number_of(L0.copy()) == 0
    other = L0.copy()
    other[0, 7], other[0, 8] = other[0, 8], other[0, 7]  # (the grey block pushed one cell)
    assert number_of(other) == 1
    assert searching.ctl[proof.COLLISIONS] == 1
    assert number_of(L0.copy()) == 0


def test_a_board_is_its_record_and_no_other_board_is():
    """same_as_record reads a record as search._store keeps it (bots, reference board,
    differences) and says whether a board is its board: true for the board stored, false
    for it with one byte or one bot changed, with differences near and far from the
    reference (past search.NEAR, the record is kept against a reference of its own)."""
    import numpy as np

    from studio.games.escape.compiled import proof, search

    searching = _proof_arrays()
    L0, B0, m0 = searching.L0, searching.B0, searching.m0
    rng = np.random.default_rng(7)
    bots = np.array([[3], [2], [0]], dtype=np.int64)  # (a board with a bot, to compare bots too)
    kept = []
    for changes in (0, 1, 5, 3 * L0.shape[1]):
        L = L0.copy()
        for place in rng.choice(3 * L0.shape[1], size=changes, replace=False):
            L.reshape(L.size)[place] = rng.integers(0, 60)
        record = int(searching.ctl[search.COUNT])
        search._store(L0, L, bots, m0, searching.pool, searching.offset, searching.parent, searching.label,
                      searching.ctl, 0, 0, searching.references, 0)
        kept.append((record, L))
    for record, L in kept:
        def same(board, robots):
            return proof.same_as_record(board, robots, searching.pool, searching.offset, record,
                                        searching.references[0])

        assert same(L, bots)
        for place in (0, L.size // 3 - 1, 3 * L0.shape[1] - 1):
            other = L.copy()
            other.reshape(other.size)[place] ^= 1
            assert not same(other, bots)
        other_bots = bots.copy()
        other_bots[1, 0] += 1
        assert not same(L, other_bots)


def _positions(level, count: int, seed: int) -> list:
    """Positions of random play from the start (none decided)."""
    from studio.games.escape.engine import initial_state, step

    rng = random.Random(seed)
    state = initial_state(level)
    found = [state]
    for _ in range(count):
        result = step(state, rng.randint(1, 4), False)
        if result.state.dead or result.state.won:
            state = initial_state(level)
            continue
        state = result.state
        found.append(state)
    return found


@needs_corpus
@pytest.mark.parametrize("name", ("tutorial/lev163.esx", "tutorial/lev161.esx", "tutorial/lev575.esx",
                                  "regression/heartf.esx", "regression/panelab.esx", "regression/huggeneral.esx"))
def test_the_bound_is_a_function_of_the_geography(name):
    """Positions whose geographies (geography.signature) are the same bytes have the same
    reach.py bound for the player on every cell: what lets a row computed for one board
    stand for every board of that geography; and the row computed at once
    (proving.bound_row) is that bound, cell by cell."""
    from studio.games.escape.compiled import start_arrays, start_engine
    from studio.games.escape.compiled.geography import signature
    from studio.games.escape.compiled.proving import _Geographies, bound_row
    from studio.games.escape.engine import initial_state

    level = load_level(ESCAPE / "levels" / name)
    start = initial_state(level)
    assert start_engine()
    geographies = _Geographies(start, start_arrays(start))
    tables, info, geo_ctl = geographies.arrays[:3]
    sig = geographies.arrays[-1].copy()
    rows: dict[bytes, list] = {}
    for state in _positions(level, 3000, seed=len(name)):
        L, B, _, _ = start_arrays(state)
        signature(L, B, tables, info, geo_ctl, sig)
        row = [geographies.relaxation.moves_to_exit(state._replace(player=cell)) for cell in range(state.board.size)]
        assert bound_row(geographies.relaxation, state) == row
        known = rows.setdefault(bytes(sig), row)
        assert known == row, "two positions of one geography with different bounds"
    assert rows


@needs_corpus
@pytest.mark.parametrize("name, length", (("lev1526", 52), ("lev152", 46)))
def test_solve_proves_what_the_python_search_could_not(name, length):
    """Tutorial levels Python's A* left unproven in ten seconds: the solver proves them now
    (lev1526's first solution found is 56 moves: the exact search finds the 52)."""
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.esp import text_to_moves
    from studio.games.escape.solve import solve_level

    level = load_level(ESCAPE / "levels" / "tutorial" / f"{name}.esx")
    result = solve_level(level, timeout=20, cores=1)
    assert result.solved and result.optimal and result.length == length
    verdict = play_solution(initial_state(level), text_to_moves(result.solution))
    assert (verdict.verdict, verdict.moves) == ("won", length)


@needs_corpus
def test_a_proof_stops_by_its_deadline_though_its_arrays_must_grow():
    """regression/worstcase.esx fills half a gigabyte of tables within seconds: growing them
    takes a second, which the search does not start when its time would be up by then."""
    import time

    from studio.games.escape.compiled.proving import prove_shortest
    from studio.games.escape.engine import initial_state

    began = time.perf_counter()
    level = load_level(ESCAPE / "levels" / "regression" / "worstcase.esx")
    found = prove_shortest(initial_state(level), known_length=51, timeout=4.0)
    assert found is not None and not found.proven and found.stopped == "timeout"
    assert time.perf_counter() - began < 4.5
