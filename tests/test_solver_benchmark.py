"""benchmarks/solver.py --folder: the solver measured on any folder of levels (a real
collection, such as the one issue 20 holds out), with no corpus needed."""

from __future__ import annotations

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
