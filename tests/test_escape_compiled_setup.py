"""When the compiled Escape engine is used: never where numba cannot keep its machine code
(it would compile in every process), never with STUDIO_PURE_PYTHON, and a first compile is
announced; `studio verify` starts it only for work that pays for it (verify.plan_engine)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studio.games.escape import compiled
from studio.games.escape import verify as escape_verify


@pytest.fixture
def fresh_installed():
    compiled.installed.cache_clear()
    yield
    compiled.installed.cache_clear()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_cache_that_cannot_be_written_means_the_reference_engine(monkeypatch, tmp_path, fresh_installed):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(locked))
    assert not compiled.installed()


def test_a_cache_folder_that_cannot_be_made_means_the_reference_engine(monkeypatch, tmp_path, fresh_installed):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))  # its subfolders cannot be made
    assert not compiled.installed()


def test_pure_python_asked_for(monkeypatch, fresh_installed):
    monkeypatch.setenv("STUDIO_PURE_PYTHON", "1")
    assert not compiled.installed()
    assert escape_verify.plan_engine(["a.esx"], None, (1,) * 10**6) is None


def test_a_first_compile_is_announced(monkeypatch, fresh_installed):
    pytest.importorskip("numba")
    heard = []
    monkeypatch.setattr(compiled, "compiled_before", lambda: False)
    monkeypatch.setattr(compiled, "_started", False)  # (an earlier test's solve may have started it here)
    assert compiled.start_engine(heard.append)
    assert heard and "compiling the Escape engine" in heard[0]
    heard.clear()
    monkeypatch.setattr(compiled, "compiled_before", lambda: True)
    monkeypatch.setattr(compiled, "_started", False)
    assert compiled.start_engine(heard.append)
    assert heard == []


def test_the_engine_is_planned_only_for_enough_moves(fresh_installed, tmp_path):
    pytest.importorskip("numba")
    paths = [str(tmp_path / f"{n}.esx") for n in range(10)]
    few = (1,) * (escape_verify.COMPILED_FROM_MOVES // 20)
    many = (1,) * escape_verify.COMPILED_FROM_MOVES
    assert escape_verify.plan_engine(paths, None, few) is None
    assert escape_verify.plan_engine(paths, None, many) is compiled.start_engine
    assert escape_verify.plan_engine(paths, None, None) is None  # (nothing to play, few to load)
    # Loading levels counts too: the compiled engine loads them many times as fast.
    enough = escape_verify.COMPILED_FROM_MOVES // escape_verify.LOADING_MOVES
    many_paths = [str(tmp_path / f"{n}.esx") for n in range(enough)]
    assert escape_verify.plan_engine(many_paths, None, None) is compiled.start_engine
    assert escape_verify.plan_engine(many_paths[:enough * 3 // 4], None, None) is None
    assert escape_verify.plan_engine(many_paths[:enough * 3 // 4], None, (1,) * 100) is compiled.start_engine
    missing = str(Path(tmp_path) / "none.esp")
    assert escape_verify.plan_engine(paths, missing, None) is None  # (each level's line says why)


def test_a_numba_that_cannot_compile_the_rules_leaves_the_reference_engine(monkeypatch, fresh_installed):
    """A future numba that refuses the rules must not turn every level into a bug: the start
    fails once, says why, and the reference engine plays."""
    pytest.importorskip("numba")
    from studio.games.escape.engine import initial_state, play_solution
    from tests.test_escape_rules import make_level

    def refuses(*args, **kwargs):
        raise RuntimeError("typing failed")

    monkeypatch.setattr(compiled, "_started", False)
    monkeypatch.setattr(compiled, "_failed", False)
    monkeypatch.setattr(compiled, "compiled_player", refuses)
    monkeypatch.setattr(compiled, "_reference_moves", compiled.REFERENCE_MOVES_FIRST)
    heard = []
    assert not compiled.start_engine(heard.append)
    assert "cannot be used here" in heard[-1] and "typing failed" in heard[-1]
    start = initial_state(make_level("P.E"))
    reference = play_solution(start, (4, 4))
    assert compiled.play_solutions(start, [(4, 4)]) == [(reference.verdict, reference.moves)]
    assert not compiled.start_engine()  # (not tried again)


def test_machine_code_goes_to_the_cache_whichever_module_is_imported_first(tmp_path):
    """A process that imports compiled/search.py before the engine is started (a script, a
    test) still has numba keep the machine code in the user's cache, never beside the
    sources (where a packaged or read-only install could not keep it)."""
    pytest.importorskip("numba")
    import subprocess
    import sys

    package = Path(compiled.__file__).resolve().parent
    before = set(package.rglob("*.nbi"))
    script = ("import numpy as np\n"
              "from studio.games.escape.compiled import search\n"
              "search.board_hash(np.zeros((4, 3), dtype=np.uint8), np.zeros((3, 0), dtype=np.int64))\n")
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=package.parents[3], timeout=300)
    assert set(package.rglob("*.nbi")) == before
    assert any((tmp_path / "puzzle-level-studio" / "escape-engine").rglob("boards.board_hash-*.nbi"))
