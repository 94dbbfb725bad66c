"""Reading the Escape conformance corpus (../shared/corpus/escape) and diffing the
engine against the original's traces, the hand-made ones (traces/) and the random
levels' (fuzz/). Used by tests/test_escape_corpus.py, tests/test_escape_fuzz.py and
benchmarks/escape_trace_diff.py."""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from tests.escape_states import compare_states, describe_look, describe_state  # noqa: F401 (their home before)

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
ESCAPE = CORPUS / "escape"
FUZZ = ESCAPE / "fuzz"


def corpus_present() -> bool:
    return ESCAPE.is_dir()


@lru_cache(maxsize=None)
def level_files_by_md5() -> dict[str, Path]:
    found = {}
    for path in sorted((ESCAPE / "levels").glob("*/*.esx")):
        found[hashlib.md5(path.read_bytes()).hexdigest()] = path
    return found


def solution_records() -> list[dict]:
    if not corpus_present():
        return []
    with open(ESCAPE / "solutions.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]


def trace_files() -> list[Path]:
    if not corpus_present():
        return []
    return sorted((ESCAPE / "traces").glob("*.jsonl.gz"))


def read_trace(path: Path) -> list[dict]:
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


@lru_cache(maxsize=None)
def load_level(path: Path):
    from studio.games.escape.esx import load_esx

    return load_esx(path.read_bytes())


def trace_level(path: Path) -> Path:
    return level_files_by_md5()[path.name.split("-")[0]]


def compare_trace(path: Path):
    """Replay a trace's moves on the engine from the level file. Returns
    (moves that agreed, total moves, first difference as text or None)."""
    return compare_states(load_level(trace_level(path)), read_trace(path))


def fuzz_present() -> bool:
    return (FUZZ / "traces.jsonl.gz").is_file()


def fuzz_results() -> list[dict]:
    """The original's verdict for every fuzz run (results.jsonl), in file order."""
    if not fuzz_present():
        return []
    with open(FUZZ / "results.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]


def fuzz_traces():
    """Every fuzz run's trace: yields (level path below fuzz/, run index, states)."""
    with gzip.open(FUZZ / "traces.jsonl.gz", "rt") as f:
        for line in f:
            if line.strip():
                run = json.loads(line)
                yield run["level"], run["index"], run["states"]


def fuzz_level(name: str):
    """A fuzz level by its path below fuzz/ ("levels/all-1-0.esx")."""
    return load_level(FUZZ / name)


