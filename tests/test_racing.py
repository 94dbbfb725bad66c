"""Solving one level on two cores (core.racing): the second process's answer is kept only
when it is better, never called shortest, and a proof here stops the race at once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studio.core.racing import better_of, race, racing_context
from studio.core.search_space import SearchResult


def _found(length: int, optimal: bool = False, **fields) -> SearchResult:
    return SearchResult(True, optimal, tuple("R" * length), **fields)


def _nothing(**fields) -> SearchResult:
    return SearchResult(False, False, (), stopped="timeout", **fields)


# Module-level, so the spawned racer process can import them.
def racer_finding_seven(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    found(tuple("R" * 9))
    found(tuple("R" * 7))
    return _found(7, expanded=100, first_found=0.5)


def racer_that_waits_to_be_stopped(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not cancel.is_set():
        time.sleep(0.01)
    return _nothing()


def racer_that_fails(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    raise ValueError("a bug in the racer")


def racer_given_a_time_limit(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    return _found(7, generated=round(timeout * 1000))  # (the limit it was given, in ms: the answer adds it to ours, 0)


def test_the_shorter_solution_wins_and_is_never_called_shortest():
    assert better_of(_found(5), _found(7)).length == 5
    chosen = better_of(_found(9, expanded=10, depth=4), _found(7, optimal=True, expanded=3))
    assert chosen.length == 7 and not chosen.optimal
    assert chosen.expanded == 13 and chosen.depth == 4  # the counts of both, the bound of the proving search
    assert better_of(_nothing(), _found(7)).length == 7
    assert better_of(_found(5), None).length == 5
    assert not better_of(_nothing(), _nothing()).solved


def test_the_first_find_is_the_earlier_of_the_two_processes():
    kept_here = better_of(_found(5, first_found=6.0), _found(7, first_found=1.5))
    assert kept_here.length == 5 and kept_here.first_found == 1.5  # a solution existed at 1.5 s
    taken_there = better_of(_found(9, first_found=0.5), _found(7, first_found=2.0))
    assert taken_there.length == 7 and taken_there.first_found == 0.5
    assert better_of(_nothing(), _found(7, first_found=2.0)).first_found == 2.0
    assert better_of(_found(5, first_found=3.0), _nothing(first_found=None)).first_found == 3.0


def test_a_racer_in_another_process_supplies_the_solution_this_one_lacked():
    started = time.monotonic()
    result = race(lambda progress, partner: _nothing(expanded=40), racer_finding_seven, ("level",), timeout=5)
    assert result.solved and result.length == 7 and not result.optimal
    assert result.expanded == 140
    # when the racer said it found its first, counted from the race's start (its own 0.5 s is not)
    assert result.first_found is not None and 0 < result.first_found < time.monotonic() - started


def racer_that_finds_then_hangs(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    found(tuple("R" * 8))
    time.sleep(60)  # (deaf to the stop: the race gives up on its answer)
    return _nothing()


def test_a_find_the_racer_reported_is_kept_when_it_never_answers():
    started = time.monotonic()
    result = race(lambda progress, partner: _nothing(expanded=40), racer_that_finds_then_hangs, ("level",), timeout=1)
    assert result.solved and result.length == 8 and not result.optimal
    assert 0 < result.first_found < time.monotonic() - started < 30


def test_this_process_can_take_up_the_racers_find_while_it_searches():
    def waiting_for_the_racer(progress, partner) -> SearchResult:
        assert partner.best() in ((), tuple("R" * 9), tuple("R" * 7))  # (whatever has come so far)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(partner.best()) != 7:
            time.sleep(0.02)
        return _found(len(partner.best()), expanded=1)  # (built on it: here, the very same moves)

    result = race(waiting_for_the_racer, racer_finding_seven, ("level",), timeout=5)
    assert result.solved and result.length == 7 and result.expanded == 1  # (this one kept: as short)


def racer_shortening_what_it_hears(label: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not heard():
        time.sleep(0.01)
    shorter = heard()[:-1]  # (as if it had cut a detour out of it)
    found(shorter)
    return _found(len(shorter), expanded=5)


def test_the_racer_hears_what_this_process_finds_and_can_build_on_it():
    def offering_a_find(progress, partner) -> SearchResult:
        partner.offer(tuple("L" * 6))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not partner.best():
            time.sleep(0.02)
        assert partner.best() == tuple("L" * 5)
        return _found(6, expanded=1)

    result = race(offering_a_find, racer_shortening_what_it_hears, ("level",), timeout=20)
    assert result.solved and result.length == 5 and not result.optimal and result.expanded == 6


def test_reports_made_here_carry_the_racers_shorter_find():
    from studio.core.search_space import Progress

    reports = []

    def searching_here(progress, partner) -> SearchResult:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            progress(Progress(10, 10, 3, 3, 0.1, 12, "shortest", tuple("L" * 12)))
            if reports[-1].best == 7:
                break
            time.sleep(0.05)
        return _nothing()

    race(searching_here, racer_finding_seven, ("level",), timeout=5, progress=reports.append)
    assert reports[0].best in (12, 9, 7)
    assert reports[-1].best == 7 and reports[-1].best_moves == tuple("R" * 7)


def test_a_proof_here_stops_the_racer_without_waiting_for_it():
    started = time.monotonic()
    result = race(lambda progress, partner: _found(3, optimal=True), racer_that_waits_to_be_stopped, ("level",), timeout=60)
    assert result.optimal and result.length == 3
    assert time.monotonic() - started < 10  # neither the racer's 60 s nor a wait for its answer


def test_a_racer_that_fails_leaves_this_answer(tmp_path):
    # (in a process of its own: a fork server started by an earlier test writes to that test's stderr)
    done = _race_in_a_new_process(tmp_path, "lambda progress, partner: _found(11)", "racer_that_fails", ())
    assert done.stdout.split() == ["11"]
    assert "a bug in the racer" in done.stderr  # reported, not swallowed


def test_escape_levels_solved_on_two_cores_agree_with_one():
    from studio.games.escape.esx import load_esx
    from studio.games.escape.solve import solve_level
    for path in sorted((Path(__file__).resolve().parent.parent / "levels" / "escape").glob("*.esx"))[:3]:
        level = load_esx(path.read_bytes())
        one, two = solve_level(level, timeout=30), solve_level(level, timeout=30, cores=2)
        assert (two.solved, two.optimal, two.length) == (one.solved, one.optimal, one.length), path.name


# -- the studio's Solve worker races too, and closing the window stops both processes -------------

def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid``: a racer forked by a fork server is its grandchild."""
    found = _children(pid)
    for child in list(found):
        found.extend(_descendants(child))
    return found


def _gone(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_the_solve_worker_proves_a_level_with_its_racer_beside_it():
    from studio.core.solve_runner import SolveProcess

    data = (Path(__file__).resolve().parent.parent / "levels" / "escape" / "01-first-steps.esx").read_bytes()
    process = SolveProcess("escape", data, "first steps", timeout=30, cores=2)
    deadline = time.monotonic() + 60
    while not process.finished and time.monotonic() < deadline:
        process.poll()
        time.sleep(0.05)
    assert process.result["solved"] and process.result["optimal"], process.result


def test_closing_the_solve_window_stops_the_worker_and_its_racer():
    from studio.core.solve_runner import SolveProcess
    from tests.escape_corpus import ESCAPE

    level = ESCAPE / "levels" / "tutorial" / "lev845.esx"  # no solution in seconds: the race goes on
    if not level.is_file() or not Path("/proc/self/stat").is_file():
        pytest.skip("needs ../shared/corpus (the tutorial's lev845) and /proc")
    process = SolveProcess("escape", level.read_bytes(), "lev845", timeout=120, cores=2)
    worker = process._process.pid
    forked = racing_context().get_start_method() == "forkserver"  # (the racer is then the server's child)
    racers: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        racers = _descendants(worker)
        if set(racers) - set(_children(worker)) if forked else racers:
            break
        time.sleep(0.1)
    assert racers, "the worker started no racer"
    started = time.monotonic()
    process.kill()
    assert time.monotonic() - started < 5
    assert not process.running
    deadline = time.monotonic() + 5
    while not all(_gone(pid) for pid in racers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(_gone(pid) for pid in racers)


# -- where racers start: a fork server that has loaded what they need, where there is one ----------

_RACE_SCRIPT = """
from studio.core.racing import race
from tests.test_racing import {racer}, _found, _nothing

if __name__ == "__main__":
    result = race({here}, {racer}, ("colorsys",), timeout=20, preload={preload!r})
    print(result.length)
"""


def _race_in_a_new_process(folder: Path, here: str, racer: str, preload: tuple):
    """A race in a Python process of its own (``here``: the expression of this side), whose
    output is returned: the first race there starts the fork server, with ``preload``. The
    racer is given "colorsys" as its level."""
    script = folder / "race_here.py"
    script.write_text(_RACE_SCRIPT.format(here=here, racer=racer, preload=preload))
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    return done


def racer_reporting_the_preload(module: str, *, timeout: float, cancel, found, heard) -> SearchResult:
    return _found(1 if module in sys.modules else 2)  # (nothing here imports colorsys)


def test_racers_start_with_the_preloaded_modules_already_imported(tmp_path):
    if racing_context().get_start_method() != "forkserver":
        pytest.skip("racers are spawned here: no fork server to preload")
    done = _race_in_a_new_process(tmp_path, "lambda progress, partner: _nothing()", "racer_reporting_the_preload",
                                  ("colorsys",))
    assert done.stdout.split() == ["1"]  # the racer found colorsys imported: forked from the server
    plain = _race_in_a_new_process(tmp_path, "lambda progress, partner: _nothing()", "racer_reporting_the_preload",
                                   ())
    assert plain.stdout.split() == ["2"]  # (and not without the preload)


def test_frozen_builds_and_other_systems_spawn_their_racers(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert racing_context().get_start_method() == "spawn"
    monkeypatch.delattr(sys, "frozen")
    monkeypatch.setattr(sys, "platform", "win32")
    assert racing_context().get_start_method() == "spawn"


def test_the_escape_preload_loads_the_compiled_search_only_when_it_is_compiled():
    from studio.games.escape.compiled.compiling import ready

    # (the search's machine code is loaded once its run has a signature: numba loads on the first call)
    check = ("import sys, studio.games.escape.compiled.preload; "
             "search = sys.modules.get('studio.games.escape.compiled.search'); "
             "print(bool(search and search.run.signatures))")
    root = Path(__file__).resolve().parent.parent
    pure = subprocess.run([sys.executable, "-c", check], cwd=root, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "STUDIO_PURE_PYTHON": "1"})
    assert pure.returncode == 0 and pure.stdout.split() == ["False"], pure.stderr  # nothing to load, no error
    if not ready():
        pytest.skip("the compiled search is not compiled on this machine")
    loaded = subprocess.run([sys.executable, "-c", check], cwd=root, capture_output=True, text=True, timeout=120)
    assert loaded.returncode == 0 and loaded.stdout.split() == ["True"], loaded.stderr


@pytest.mark.parametrize("timeout, given", [(10, 9.8), (1, 0.95)])
def test_the_racer_stops_a_little_sooner_so_its_answer_is_in_when_this_process_ends(timeout, given):
    """It frees its own searches after its time is up (a tenth of a second or more after
    ten seconds of Python search) before it answers, which this process would wait for."""
    result = race(lambda progress, partner: _nothing(), racer_given_a_time_limit, ("level",), timeout=timeout)
    assert result.solved and result.generated == round(given * 1000)
