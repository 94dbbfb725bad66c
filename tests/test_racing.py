"""Solving one level on two cores (core.racing): the second process's answer is kept only
when it is better, never called shortest, and a proof here stops the race at once."""

from __future__ import annotations

import time
from pathlib import Path

from studio.core.racing import better_of, race
from studio.core.search_space import SearchResult


def _found(length: int, optimal: bool = False, **fields) -> SearchResult:
    return SearchResult(True, optimal, tuple("R" * length), **fields)


def _nothing(**fields) -> SearchResult:
    return SearchResult(False, False, (), stopped="timeout", **fields)


# Module-level, so the spawned racer process can import them.
def racer_finding_seven(label: str, *, timeout: float, cancel) -> SearchResult:
    return _found(7, expanded=100, first_found=0.5)


def racer_that_waits_to_be_stopped(label: str, *, timeout: float, cancel) -> SearchResult:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not cancel.is_set():
        time.sleep(0.01)
    return _nothing()


def racer_that_fails(label: str, *, timeout: float, cancel) -> SearchResult:
    raise ValueError("a bug in the racer")


def test_the_shorter_solution_wins_and_is_never_called_shortest():
    assert better_of(_found(5), _found(7)).length == 5
    chosen = better_of(_found(9, expanded=10, depth=4), _found(7, optimal=True, expanded=3))
    assert chosen.length == 7 and not chosen.optimal
    assert chosen.expanded == 13 and chosen.depth == 4  # the counts of both, the bound of the proving search
    assert better_of(_nothing(), _found(7)).length == 7
    assert better_of(_found(5), None).length == 5
    assert not better_of(_nothing(), _nothing()).solved


def test_a_racer_in_another_process_supplies_the_solution_this_one_lacked():
    result = race(lambda: _nothing(expanded=40), racer_finding_seven, ("level",), timeout=5)
    assert result.solved and result.length == 7 and not result.optimal
    assert result.expanded == 140
    assert result.first_found is not None and result.first_found >= 0.5  # counted from the race's start


def test_a_proof_here_stops_the_racer_without_waiting_for_it():
    started = time.monotonic()
    result = race(lambda: _found(3, optimal=True), racer_that_waits_to_be_stopped, ("level",), timeout=60)
    assert result.optimal and result.length == 3
    assert time.monotonic() - started < 10  # neither the racer's 60 s nor a wait for its answer


def test_a_racer_that_fails_leaves_this_answer(capfd):
    result = race(lambda: _found(11), racer_that_fails, ("level",), timeout=5)
    assert result.length == 11
    assert "a bug in the racer" in capfd.readouterr().err  # reported, not swallowed


def test_escape_levels_solved_on_two_cores_agree_with_one():
    from studio.games.escape.esx import load_esx
    from studio.games.escape.solve import solve_level
    for path in sorted((Path(__file__).resolve().parent.parent / "levels" / "escape").glob("*.esx"))[:3]:
        level = load_esx(path.read_bytes())
        one, two = solve_level(level, timeout=30), solve_level(level, timeout=30, cores=2)
        assert (two.solved, two.optimal, two.length) == (one.solved, one.optimal, one.length), path.name
