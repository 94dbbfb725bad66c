"""A search never runs without the fast solver just because this machine has not compiled
it yet (Game.prepare_solver, core.solve_runner): `studio solve` on a fresh install says it
compiles Escape's search first, then solves within the time limit the tutorial levels the
Python search alone misses; the Solve dialog says so while it waits; a cancel ends the
wait at once and leaves the compiling to finish for the next search."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time

import pytest

from studio.games.escape.solve import COMPILING_NOTE
from tests.escape_corpus import ESCAPE, corpus_present
from tests.test_escape_compiled import compiled_usable


@pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON is set: "
                    "there is nothing to compile")
@pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
def test_studio_solve_on_a_fresh_machine_compiles_the_fast_search_first(tmp_path):
    """Tutorial lev161: the compiled search finds it in a third of a second, the Python
    search alone not in 10 s (as `studio solve` did on a fresh install, before)."""
    level = ESCAPE / "levels" / "tutorial" / "lev161.esx"
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # (a machine that has compiled nothing)
    command = [sys.executable, "-m", "studio", "solve", str(level), "--timeout", "3", "--json"]

    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert f"studio solve: {COMPILING_NOTE}" in first.stderr
    record = json.loads(first.stdout)
    assert record["solved"], record
    assert record["seconds"] < 3.5  # (the time limit is the search's: the compiling came first)

    again = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert COMPILING_NOTE not in again.stderr  # (compiled once a machine)
    assert json.loads(again.stdout)["solved"]


def test_a_cancel_ends_the_wait_for_the_compiling_and_leaves_it_running(monkeypatch, tmp_path):
    from studio.games.escape import compiled
    from studio.games.escape.compiled import searching

    monkeypatch.setattr(compiled, "machine_code_folder", lambda: tmp_path)
    started = []

    def slow_compile():  # (a process that takes its time, as the compiling does)
        started.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]))
        return started[-1]

    monkeypatch.setattr(searching, "_start_compiling", slow_compile)
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    began = time.perf_counter()
    try:
        assert searching.compile_and_wait(cancel) is False
        assert time.perf_counter() - began < 2.0
        assert started[0].poll() is None  # (still compiling: the next search will have it)
    finally:
        started[0].kill()
        started[0].wait()


def test_the_solve_dialog_says_what_it_waits_for_before_the_search(qtbot, window):
    from pathlib import Path

    from studio.app.solve_dialog import SolveDialog

    window.open_file(Path(__file__).resolve().parent.parent / "levels" / "escape" / "02-red-blocks.esx")
    dialog = SolveDialog(window.current_pane().document, window.playtest, window, timeout=10, start=False)
    qtbot.addWidget(dialog)

    class Waiting:  # (the worker's messages, as core.solve_runner.SolveProcess.poll gives them)
        finished = False

        def poll(self):
            return [("note", COMPILING_NOTE)]

        def kill(self):
            pass

    dialog.process = Waiting()
    dialog.poll()
    assert dialog.status.text().startswith("Compiling the Escape solver's fast search")
    assert dialog.progress.format() == "preparing"


def test_a_search_cancelled_before_it_found_anything_says_so():
    from studio.app.solve_dialog import describe_result

    record = {"solved": False, "optimal": False, "states": 64, "seconds": 0.2, "length": 0, "stopped": "cancelled"}
    assert describe_result(record) == "Search cancelled before it found a solution (64 states in 0.2 s)."
    assert describe_result(dict(record, stopped="timeout")).startswith("No solution found in time")


def test_a_compile_that_fails_is_not_waited_for_again(monkeypatch, tmp_path):
    """Every search would wait half a minute for nothing: once compiling has failed for this
    version on this machine, the searches go without at once. A compile that was killed
    (a shutdown, a stopped job) is no failure: the next search tries again."""
    from studio.games.escape import compiled
    from studio.games.escape.compiled import searching

    monkeypatch.setattr(compiled, "machine_code_folder", lambda: tmp_path)
    monkeypatch.setattr(searching, "ready", lambda: False)
    started = []

    def compile_ending(code: str):
        def start():
            started.append(subprocess.Popen([sys.executable, "-c", code]))
            return started[-1]
        return start

    monkeypatch.setattr(searching, "_start_compiling", compile_ending("import os, signal; os.kill(os.getpid(), 9)"))
    assert searching.compile_and_wait() is False
    assert not (tmp_path / searching.COMPILE_FAILED).exists()
    monkeypatch.setattr(searching, "_start_compiling", compile_ending("import sys; sys.exit(3)"))
    assert searching.compile_and_wait() is False and len(started) == 2
    assert (tmp_path / searching.COMPILE_FAILED).exists()
    assert searching.compile_and_wait() is False and len(started) == 2  # (not tried again)


def test_no_cache_folder_means_no_compile_and_no_wait(monkeypatch, tmp_path):
    from studio.games.escape import compiled
    from studio.games.escape.compiled import searching

    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setattr(compiled, "machine_code_folder", lambda: blocker / "cache")  # (cannot be made)
    monkeypatch.setattr(searching, "_start_compiling", lambda: pytest.fail("compiled where nothing is kept"))
    began = time.perf_counter()
    assert searching.compile_and_wait() is False
    assert time.perf_counter() - began < 1.0
