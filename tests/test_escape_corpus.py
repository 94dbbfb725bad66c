"""The Escape engine against the original: every stored solution's verdict, and the
whole state after every move of every trace (../shared/corpus/escape)."""

from __future__ import annotations

import pytest

from tests.escape_corpus import (
    ESCAPE, compare_trace, corpus_present, solution_records, trace_files, trace_level,
)

pytestmark = pytest.mark.skipif(not corpus_present(), reason="../shared/corpus is absent (it ships only "
                                "beside the project's own checkout)")

SOLUTIONS = solution_records()
TRACES = trace_files()


@pytest.fixture(scope="module")
def player_file():
    from studio.games.escape.esp import loads

    return loads((ESCAPE / "player.esp").read_bytes())


@pytest.mark.parametrize("record", SOLUTIONS, ids=[f"{r['level'].split('/')[-1]}-{r['index']}" for r in SOLUTIONS])
def test_solution_verdict_matches_original(record, player_file):
    from studio.games.escape.verify import verify_level

    solution = player_file.solutions_for(record["md5"])[record["index"]]
    assert solution.name == record["name"] and len(solution.moves) == record["length"]
    results = verify_level(str(ESCAPE / record["level"]), moves=solution.moves)
    assert len(results) == 1
    got = results[0]
    if record["verdict"] == "badlevel":
        assert got["verdict"] == "error"
        assert got["error"]  # the loader names the broken rule
    else:
        assert (got["verdict"], got["moves"]) == (record["verdict"], record["moves"])


@pytest.mark.parametrize("path", TRACES, ids=[f"{trace_level(p).name}-{p.name[:8]}" for p in TRACES])
def test_trace_state_matches_original_after_every_move(path):
    done, total, difference = compare_trace(path)
    assert difference is None, f"{done}/{total} moves agree; {difference}"
