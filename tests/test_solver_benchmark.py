"""benchmarks/solver.py --folder: the solver measured on any folder of levels (a real
collection, such as the one issue 20 holds out), with no corpus needed."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from studio.games.escape.esx import save_esx
from tests.playtest_levels import LASER, text_level

ROOT = Path(__file__).resolve().parent.parent


def test_a_folder_of_levels_is_measured_as_a_set_and_a_damaged_file_is_named_not_fatal(tmp_path):
    collection = tmp_path / "collection"
    (collection / "part two").mkdir(parents=True)
    (collection / "laser.esx").write_bytes(save_esx(text_level(LASER, title="Laser")))
    (collection / "part two" / "walk.esx").write_bytes(save_esx(text_level(["#####", "#@.X#", "#####"])))
    (collection / "damaged.esx").write_bytes(b"ESXL and then nothing")

    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "solver.py"), "--folder", str(collection),
                          "--timeout", "5", "--cores", "1", "--json"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)

    assert run.returncode == 0, run.stderr
    assert f"left out {collection / 'damaged.esx'}:" in run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    levels = {line["level"]: line for line in lines if "level" in line}
    assert set(levels) == {"laser.esx", "part two/walk.esx"}
    assert all(line["set"] == "collection" and line["solved"] and line["optimal"] for line in levels.values())
    assert levels["laser.esx"]["length"] == 3
    assert levels["part two/walk.esx"]["length"] == 2
    summary = lines[-1]["summary"]
    assert list(summary) == ["collection"]
    assert summary["collection"]["levels"] == 2
    assert summary["collection"]["solved"] == 2
    assert summary["collection"]["solved_share"] == 1.0


def _benchmark_module():
    spec = importlib.util.spec_from_file_location("solver_benchmark", ROOT / "benchmarks" / "solver.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_baseline_is_run_on_every_level_and_a_proven_unsolvable_level_is_not_beyond_it(tmp_path):
    collection = tmp_path / "collection"
    collection.mkdir()
    (collection / "walk.esx").write_bytes(save_esx(text_level(["#####", "#@.X#", "#####"])))
    (collection / "shut.esx").write_bytes(save_esx(text_level(["#####", "#@.##", "###X#", "#####"])))

    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "solver.py"), "--folder", str(collection),
                          "--timeout", "5", "--cores", "1", "--json", "--baseline"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)

    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    levels = {line["level"]: line for line in lines if "level" in line}
    assert levels["walk.esx"]["baseline_solved"] is True
    assert levels["shut.esx"]["baseline_solved"] is False and levels["shut.esx"]["unsolvable"]
    counts = lines[-1]["summary"]["collection"]
    assert (counts["baseline_solved"], counts["beyond_baseline"], counts["beyond_baseline_share"]) == (1, 0, None)


def test_the_levels_beyond_the_baseline_count_apart_from_those_it_solves():
    benchmark = _benchmark_module()
    counts = dict.fromkeys(benchmark.BASELINE_COUNTS, 0)
    # (baseline, proven unsolvable, known solvable, solved by the solver within the goal)
    for level in ((True, False, True, True), (False, False, True, True), (False, False, False, False),
                  (False, True, False, False), (None, False, True, False)):
        benchmark.count_baseline(counts, *level)
    assert counts == {"baseline_solved": 1, "beyond_baseline": 2, "beyond_baseline_solved": 1,
                      "known_beyond_baseline": 1, "known_beyond_baseline_solved": 1}
