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


@pytest.fixture
def compiling_here(monkeypatch, tmp_path):
    """compiled/compiling.py with its folder in ``tmp_path``, the machine code never ready,
    and ``started``: the processes it started, each a stand-in running ``stand_in[0]`` (at
    first, one that takes its time)."""
    from studio.games.escape import compiled
    from studio.games.escape.compiled import compiling

    monkeypatch.setattr(compiled, "machine_code_folder", lambda: tmp_path)
    monkeypatch.setattr(compiling, "ready", lambda: False)
    started, stand_in = [], ["import time; time.sleep(30)"]

    def start(folder):
        started.append(subprocess.Popen([sys.executable, "-c", stand_in[0]]))
        (folder / compiling.MARKER).write_text(str(started[-1].pid))
        return started[-1]

    monkeypatch.setattr(compiling, "_start_compiling", start)
    monkeypatch.setattr(compiling, "started", started, raising=False)
    monkeypatch.setattr(compiling, "stand_in", stand_in, raising=False)
    yield compiling
    for process in started:
        process.kill()
        process.wait()


def test_a_cancel_ends_the_wait_for_the_compiling_and_leaves_it_running(compiling_here):
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    began = time.perf_counter()
    assert compiling_here.compile_and_wait(cancel) is False
    assert time.perf_counter() - began < 2.0
    assert compiling_here.started[0].poll() is None  # (still compiling: the next search will have it)


def test_a_wait_joins_the_compile_another_process_has_under_way(compiling_here, tmp_path, monkeypatch):
    """A search started while another process compiles (say the Solve dialog's, during the
    one the studio started) waits for that one instead of compiling a second time."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / compiling_here.MARKER).write_text(str(other.pid))
        threading.Timer(0.3, other.kill).start()  # (it ends without the machine code)
        assert compiling_here.compile_and_wait() is False
        assert compiling_here.started == []
        other.wait()
        readiness = iter([False, False, True])
        monkeypatch.setattr(compiling_here, "ready", lambda: next(readiness))
        other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        (tmp_path / compiling_here.MARKER).write_text(str(other.pid))
        assert compiling_here.compile_and_wait() is True and compiling_here.started == []
    finally:
        other.kill()
        other.wait()


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


def test_a_compile_that_fails_is_not_waited_for_again_for_a_day(compiling_here, tmp_path, monkeypatch):
    """Every search would wait half a minute for nothing: once compiling has failed on this
    machine, the searches go without at once for a day. A compile that was killed (a
    shutdown, a stopped job) is no failure: the next search tries again."""
    compiling = compiling_here
    monkeypatch.setattr(compiling, "compile_now", lambda: 1 / 0)  # (whatever stops numba)
    assert compiling.compile_here_and_report() == 3
    assert (tmp_path / compiling.FAILED).exists()
    assert compiling.compile_and_wait() is False and compiling.started == []
    a_day_ago = time.time() - compiling.FAILED_FOR_SECONDS - 60
    os.utime(tmp_path / compiling.FAILED, (a_day_ago, a_day_ago))
    compiling.stand_in[0] = "import os; os.kill(os.getpid(), 9)"  # (killed)
    assert compiling.compile_and_wait() is False and len(compiling.started) == 1
    assert compiling.compile_and_wait() is False and len(compiling.started) == 2  # (tried again)


def test_no_cache_folder_means_no_compile_and_no_wait(monkeypatch, tmp_path):
    from studio.games.escape import compiled
    from studio.games.escape.compiled import compiling

    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setattr(compiled, "machine_code_folder", lambda: blocker / "cache")  # (cannot be made)
    monkeypatch.setattr(compiling, "_start_compiling", lambda folder: pytest.fail("compiled where nothing is kept"))
    began = time.perf_counter()
    assert compiling.compile_and_wait() is False
    assert time.perf_counter() - began < 1.0


def test_the_studio_readies_every_solver_in_the_background_and_a_failure_changes_nothing(monkeypatch):
    from studio.core import solve_runner

    readied = []

    class Ability:  # (a game's Lazy prepare_solver, resolved)
        def __init__(self, name, fails=False):
            self.name, self.fails = name, fails

        def resolve(self):
            def prepare(notify=None, cancel=None):
                readied.append((self.name, notify, cancel))
                if self.fails:
                    raise OSError("the disk is full")
                return True
            return prepare

    class Game:
        def __init__(self, name, fails=False, solver=True):
            self.prepare_solver = Ability(name, fails) if solver else None

    games = [Game("first", fails=True), Game("no solver", solver=False), Game("last")]
    monkeypatch.setattr(solve_runner, "all_games", lambda: games)
    thread = solve_runner.prepare_solvers_in_background()
    thread.join(timeout=5)
    assert not thread.is_alive() and thread.daemon
    assert readied == [("first", None, None), ("last", None, None)]  # (the failure did not stop the rest)
