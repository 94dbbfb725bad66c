"""core.collection.CollectionCheck without the solver: levels go to the workers in parts,
every level gets its row, and cancelling still accounts for every level."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.collection import PART_WITHOUT_SOLVER, CollectionCheck, level_files
from studio.core.verifying import verify_file
from tests.escape_corpus import ESCAPE, corpus_present

pytestmark = pytest.mark.skipif(not corpus_present(), reason="needs ../shared/corpus/escape")


def _run(check: CollectionCheck) -> list[dict]:
    rows = []
    while not check.finished:
        rows += check.poll(0.5)
    return rows


def test_without_the_solver_levels_go_in_parts_and_each_gets_its_row():
    files = level_files(ESCAPE / "levels" / "regression") + level_files(ESCAPE / "levels" / "tutorial")
    player = str(ESCAPE / "player.esp")
    check = CollectionCheck(files, player, None, jobs=2)
    assert len(check._parts) == -(-len(files) // PART_WITHOUT_SOLVER)  # (ceiling division)
    rows = {row["level"]: row for row in _run(check)}
    assert check.done == check.total == len(files) and set(rows) == {str(f) for f in files}
    for path in files:
        won = [r["length"] for r in verify_file(str(path), solutions=player) if r["verdict"] == "won"]
        assert rows[str(path)]["shortest_known"] == (min(won) if won else None)
        assert rows[str(path)]["solver_length"] is None  # (no solver)


def test_with_the_solver_each_level_is_a_task_of_its_own():
    files = level_files(Path(__file__).resolve().parent.parent / "levels" / "escape")[:3]  # (quickly solved)
    check = CollectionCheck(files, None, 5.0, jobs=2)
    assert len(check._parts) == len(files)
    rows = _run(check)
    assert len(rows) == 3 and all(row["solver_length"] for row in rows)


def test_cancelling_parts_counts_every_level():
    files = level_files(ESCAPE / "levels" / "regression") * 4
    check = CollectionCheck(files, None, None, jobs=1)
    check.cancel()
    rows = _run(check)
    assert check.done == check.total == len(files)
    assert len(rows) < len(files)  # the parts no worker had taken were skipped
