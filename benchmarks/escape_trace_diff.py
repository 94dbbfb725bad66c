"""Diff the Escape engine against the original's traces: for each trace in
../shared/corpus/escape/traces, print the first move where the engine's state
differs, and which fields (tiles, bizarro tiles, flags, player, bots).

    python benchmarks/escape_trace_diff.py [TRACE-NAME-PREFIX...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.escape_corpus import compare_trace, corpus_present, trace_files, trace_level  # noqa: E402


def main(argv: list[str]) -> int:
    if not corpus_present():
        print("the corpus (../shared/corpus/escape) is absent", file=sys.stderr)
        return 2
    wanted = [a for a in argv if not a.startswith("-")]
    agree = total = 0
    for path in trace_files():
        if wanted and not any(path.name.startswith(w) or w in str(trace_level(path)) for w in wanted):
            continue
        try:
            done, moves, diff = compare_trace(path)
        except Exception as e:  # report and go on: one broken rule must not hide the others
            done, moves, diff = 0, -1, f"crash: {type(e).__name__}: {e}"
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


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
