"""Diff the Escape engine against the original's traces: for each trace in
../shared/corpus/escape/traces, print the first move where the engine's state
differs, and which fields (tiles, bizarro tiles, flags, player, bots).

    python benchmarks/escape_trace_diff.py [-v] [TRACE-NAME-PREFIX...]
    python benchmarks/escape_trace_diff.py --fuzz [-v] [LEVEL-NAME-PART...]

``--fuzz`` does the same for the random levels' runs (../shared/corpus/escape/fuzz,
one trace per run, named LEVEL#INDEX) and ends with the first differences grouped
by the fields that differ, so the rule to look at next is the biggest group.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.escape_corpus import (  # noqa: E402
    compare_states, compare_trace, corpus_present, fuzz_level, fuzz_present, fuzz_traces, trace_files,
    trace_level,
)


def _compare(run):
    """compare_* that reports a crash as a difference: one broken rule must not hide the others."""
    try:
        return run()
    except Exception as e:
        return 0, -1, f"crash: {type(e).__name__}: {e}"


def hand_made(argv: list[str], wanted: list[str]) -> int:
    agree = total = 0
    for path in trace_files():
        if wanted and not any(path.name.startswith(w) or w in str(trace_level(path)) for w in wanted):
            continue
        done, moves, diff = _compare(lambda: compare_trace(path))
        total += 1
        level = trace_level(path).relative_to(trace_level(path).parents[2])
        if diff is None:
            agree += 1
            if "-v" in argv:
                print(f"ok   {path.name} {level} ({moves} moves)")
        else:
            print(f"FAIL {path.name} {level}: {done}/{moves} moves agree; {diff}")
    print(f"{agree}/{total} traces agree")
    return 0 if agree == total else 1


def _kind_of_difference(diff: str) -> str:
    """The fields a first difference names, without the cells and values ("bot, tiles")."""
    fields = re.findall(r"(?:^|; )(moved|guy|bot \d+|bots|tiles|otiles|flags|dead|won|crash)", diff.split(": ", 1)[-1])
    return ", ".join(sorted({re.sub(r" \d+$", "", f) for f in fields})) or diff


def fuzz(argv: list[str], wanted: list[str]) -> int:
    if not fuzz_present():
        print("the fuzz corpus (../shared/corpus/escape/fuzz) is absent", file=sys.stderr)
        return 2
    agree = total = 0
    kinds = Counter()
    for name, index, states in fuzz_traces():
        if wanted and not any(w in name for w in wanted):
            continue
        done, moves, diff = _compare(lambda: compare_states(fuzz_level(name), states))
        total += 1
        if diff is None:
            agree += 1
            if "-v" in argv:
                print(f"ok   {name}#{index} ({moves} moves)")
        else:
            kinds[_kind_of_difference(diff)] += 1
            print(f"FAIL {name}#{index}: {done}/{moves} moves agree; {diff}")
    for kind, count in kinds.most_common():
        print(f"{count:5} first differ in {kind}")
    print(f"{agree}/{total} fuzz runs agree state by state")
    return 0 if agree == total else 1


def main(argv: list[str]) -> int:
    if not corpus_present():
        print("the corpus (../shared/corpus/escape) is absent", file=sys.stderr)
        return 2
    wanted = [a for a in argv if not a.startswith("-")]
    return fuzz(argv, wanted) if "--fuzz" in argv else hand_made(argv, wanted)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
