"""The solver proves the shortest solution of every level of our own collections
(levels/ for all four games), and for Escape it matches the stored solutions, which
build_levels.py found shortest by breadth-first search."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from studio.core.game import game_for_path
from studio.core.solve_runner import solve_file
from studio.games.escape import esp

LEVELS = Path(__file__).resolve().parent.parent / "levels"
LEVEL_FILES = sorted(path for path in LEVELS.glob("*/*")
                     if path.name[:2].isdigit() and game_for_path(str(path)) is not None)


def test_every_collection_is_covered():
    assert {path.parent.name for path in LEVEL_FILES} == {"escape", "chrono", "intricacy", "laby"}


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_level_is_solved_and_proven_shortest(path):
    record = solve_file(str(path), timeout=60)
    assert "error" not in record
    assert record["solved"] and record["optimal"], f"{path.name}: {record}"
    if path.suffix == ".esx":
        stored = esp.loads((LEVELS / "escape" / "solutions.esp").read_bytes())
        lengths = {len(s.moves) for s in stored.solutions_for(hashlib.md5(path.read_bytes()).hexdigest())}
        assert record["length"] == min(lengths)
