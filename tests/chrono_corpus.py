"""Reading the ChronoShift conformance corpus (../shared/corpus/chrono) and comparing the
engine's results with the original's: the hand-made levels' expected.jsonl and the random
levels' fuzz/expected.jsonl. Used by tests/test_chrono_corpus.py, tests/test_chrono_fuzz.py,
tests/test_chrono_rules.py (the fuzz cases that pin a rule) and benchmarks/chrono_fuzz_diff.py."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

CHRONO = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "chrono"
FUZZ = CHRONO / "fuzz"
FUZZ2 = CHRONO / "fuzz2"  # a second, larger batch from the same generator with another seed
BATCHES = {"fuzz": FUZZ, "fuzz2": FUZZ2}
ABSENT = "../shared/corpus/chrono is absent (it ships only beside the project's own checkout)"
RESULT_FIELDS = ("complete", "paradox", "score", "clones")


def fuzz_present(batch: str = "fuzz") -> bool:
    return (BATCHES[batch] / "expected.jsonl").is_file()


def fuzz_cases(batch: str = "fuzz") -> list[dict]:
    """The original's result for each random level's action string, in the file's order."""
    if not fuzz_present(batch):
        return []
    return [json.loads(line) for line in (BATCHES[batch] / "expected.jsonl").read_text().splitlines() if line.strip()]


@lru_cache(maxsize=None)
def fuzz_level(name: str):
    """A random level of either batch (their file names differ: fuzz2's carry its seed)."""
    from studio.games.chrono.superfun import load_superfun

    folder = FUZZ if (FUZZ / name).is_file() else FUZZ2
    return load_superfun((folder / name).read_bytes())


def our_result(replay) -> dict:
    """A replay (solution.Replay) in the corpus's fields."""
    return {"complete": replay.verdict == "won", "paradox": replay.verdict == "paradox",
            "score": replay.score, "clones": replay.clones}


@dataclass(frozen=True)
class Comparison:
    case: dict  # the corpus line: level, solution and the original's result
    ours: dict  # our result in the same fields
    replay: object  # solution.Replay: where and how our play stopped

    @property
    def agrees(self) -> bool:
        return self.ours == {key: self.case[key] for key in RESULT_FIELDS}


def compare_fuzz_case(case: dict) -> Comparison:
    from studio.games.chrono.solution import play_solution

    replay = play_solution(fuzz_level(case["level"]), case["solution"])
    return Comparison(case, our_result(replay), replay)


def find_fuzz_case(level: str, solution: str) -> dict:
    """The corpus line for ``level`` played with ``solution`` (KeyError when there is none)."""
    for case in fuzz_cases("fuzz") + fuzz_cases("fuzz2"):
        if case["level"] == level and case["solution"] == solution:
            return case
    raise KeyError(f"{level} {solution} is in neither fuzz/ nor fuzz2/expected.jsonl")


def verdict_words(result: dict) -> str:
    """A result's fields in words: "paradox, score 7, 1 clone"."""
    verdict = "complete" if result["complete"] else "paradox" if result["paradox"] else "open"
    return f"{verdict}, score {result['score']}, {result['clones']} clone{'s' * (result['clones'] != 1)}"
