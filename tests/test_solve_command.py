"""`studio solve`: the JSON record, worker processes for several files, exit status;
and the solver on the Escape tutorial levels of the corpus."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.games.escape.esx import save_esx
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T
from tests.conftest import corpus_path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"level", "game", "solved", "optimal", "length", "solution", "states", "seconds"}


def _studio(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_solve_json_for_several_levels(tmp_path):
    walled = EscapeLevel.blank(5, 3)
    walled.tiles[walled.index(4, 2)] = int(T.EXIT)
    walled.tiles[walled.index(3, 2)] = walled.tiles[walled.index(4, 1)] = int(T.BLUE)
    (tmp_path / "walled.esx").write_bytes(save_esx(walled))
    (tmp_path / "broken.esx").write_bytes(b"nope")
    files = [str(ROOT / "levels/escape/02-red-blocks.esx"), str(tmp_path / "walled.esx"), str(tmp_path / "broken.esx")]
    done = _studio("solve", "--json", "--timeout", "20", *files)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["level"] for r in records] == files
    solved, walled_in, broken = records
    assert FIELDS <= set(solved)
    assert solved["game"] == "escape" and solved["solved"] and solved["optimal"]
    assert solved["length"] == 13 == len(solved["solution"]) and set(solved["solution"]) <= set("UDLR")
    assert walled_in["solved"] is False and walled_in["optimal"] is True  # proven unsolvable
    assert broken["error"] and not broken["solved"]
    assert done.returncode == 1  # one level could not be read


def test_solve_text_and_exit_status():
    done = _studio("solve", "--timeout", "20", "levels/escape/07-transporters.esx")
    assert done.returncode == 0, done.stderr
    assert "solved in 9 moves, shortest" in done.stdout
    assert _studio("solve", "--timeout", "0", "levels/escape/07-transporters.esx").returncode == 2


def _tutorial(name: str) -> Path:
    return (corpus_path() or Path("/nonexistent")) / "escape" / "levels" / "tutorial" / name


def _stored_lengths(corpus: Path) -> dict[str, int]:
    lengths: dict[str, int] = {}
    for line in (corpus / "escape" / "solutions.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record["level"].startswith("levels/tutorial/") and record["verdict"] == "won":
            name = record["level"].rsplit("/", 1)[1]
            lengths[name] = min(lengths.get(name, 10**9), record["length"])
    return lengths


# Solved and proven in a few seconds; the whole tutorial is benchmarks/solver.py's job
# (or this test with STUDIO_SLOW_TESTS=1).
QUICK = ["lev151.esx", "lev153.esx", "lev155.esx", "lev160.esx", "lev162.esx", "lev203.esx", "lev204.esx",
         "lev410.esx", "lev411.esx"]
SLOW = ["lev152.esx", "lev1526.esx", "lev156.esx", "lev161.esx", "lev163.esx", "lev202.esx", "lev205.esx",
        "lev367.esx", "lev412.esx", "lev575.esx", "lev665.esx", "lev750.esx", "lev845.esx"]
slow = pytest.mark.skipif(not os.environ.get("STUDIO_SLOW_TESTS"), reason="slow: set STUDIO_SLOW_TESTS=1")


@pytest.mark.parametrize("name", ["lev367.esx", "lev845.esx"])
def test_the_novelty_search_solves_the_hardest_tutorial_levels(corpus_dir, name):
    """Steel trains under lasers (367); bombs lit by pushing and hugbots let out to press
    a button (845): beyond the A* in a minute, found by the novelty search in seconds.
    A limit on states rather than on time keeps the test the same on any machine."""
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.esp import text_to_moves
    from studio.games.escape.esx import load_esx
    from studio.games.escape.solve import solve_level

    level = load_esx(_tutorial(name).read_bytes())
    result = solve_level(level, method="novelty", max_expanded=60_000)
    assert result.solved and not result.optimal
    verdict = play_solution(initial_state(level), text_to_moves(result.solution))
    assert verdict.verdict == "won" and verdict.moves == result.length


@pytest.mark.parametrize("name", QUICK + [pytest.param(n, marks=slow) for n in SLOW])
def test_tutorial_level_is_solved(corpus_dir, name):
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.esp import text_to_moves
    from studio.games.escape.esx import load_esx
    from studio.games.escape.solve import solve_level

    level = load_esx(_tutorial(name).read_bytes())
    result = solve_level(level, timeout=60)
    assert result.solved, f"{name}: no solution in 60 s"
    verdict = play_solution(initial_state(level), text_to_moves(result.solution))
    assert verdict.verdict == "won" and verdict.moves == result.length
    stored = _stored_lengths(corpus_dir).get(name)
    if result.optimal:
        assert stored is None or result.length <= stored
    if name in QUICK:
        assert result.optimal
