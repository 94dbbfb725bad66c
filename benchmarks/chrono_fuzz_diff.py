"""Diff the ChronoShift engine against the original's results on random levels
(../shared/corpus/chrono/fuzz/expected.jsonl): for each action string whose verdict
(complete, paradox or open), score or clone count differs, print the original's result,
ours, and where our play stopped (the letter, the time jump and turn, the paradox's kind,
place and clones), then the differences grouped by verdicts and the count that agree.

    python benchmarks/chrono_fuzz_diff.py [-v] [--hand-made | --fuzz2] [LEVEL-NAME-PART...]

``-v`` lists the agreeing cases too; ``--hand-made`` diffs the hand-made corpus's
expected.jsonl (../shared/corpus/chrono) instead, ``--fuzz2`` the second random batch. The original's results carry no turn,
so a difference in when is seen as a different score.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.chrono_corpus import CHRONO, Comparison, compare_fuzz_case, fuzz_cases, fuzz_present, our_result, verdict_words  # noqa: E402


def where_ours_stopped(compared: Comparison) -> str:
    """The letter, jump and turn at which our play ended, and why."""
    replay = compared.replay
    state = replay.state
    at = f"after letter {replay.moves} of {len(compared.case['solution'])}, jump {state.clone_count}"
    if replay.verdict == "paradox":
        paradox = replay.paradox
        x, y = state.board.xy(paradox.cell)
        who = f"clone {', '.join(str(c + 1) for c in paradox.clones)}" if paradox.clones else "no clone"
        return f"paradox {at}, turn {paradox.turn}: {paradox.kind} at ({x}, {y}), {who}"
    if replay.verdict == "won":
        return f"complete {at}, turn {state.world.turn}"
    return f"open {at}, turn {state.world.turn}"


def _verdict(result: dict) -> str:
    return "complete" if result["complete"] else "paradox" if result["paradox"] else "open"


def _hand_made_comparisons():
    from studio.games.chrono.solution import play_solution
    from studio.games.chrono.superfun import load_superfun

    levels = {}
    for line in (CHRONO / "expected.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["level"] not in levels:
            levels[case["level"]] = load_superfun((CHRONO / "levels" / case["level"]).read_bytes())
        replay = play_solution(levels[case["level"]], case["solution"])
        yield Comparison(case, our_result(replay), replay)


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    hand_made = "--hand-made" in argv
    batch = "fuzz2" if "--fuzz2" in argv else "fuzz"
    wanted = [a for a in argv if not a.startswith("-")]
    if not (CHRONO / "expected.jsonl").is_file() or not (hand_made or fuzz_present(batch)):
        print(f"the corpus ({CHRONO if hand_made else CHRONO / batch}) is absent", file=sys.stderr)
        return 2
    comparisons = _hand_made_comparisons() if hand_made else (compare_fuzz_case(case) for case in fuzz_cases(batch))
    agree = total = 0
    kinds = Counter()
    for compared in comparisons:
        case = compared.case
        if wanted and not any(w in case["level"] for w in wanted):
            continue
        total += 1
        if compared.agrees:
            agree += 1
            if verbose:
                print(f"ok   {case['level']} {case['solution']}: {verdict_words(case)}")
            continue
        kinds[f"original {_verdict(case)}, ours {_verdict(compared.ours)}"] += 1
        print(f"FAIL {case['level']} {case['solution']}\n"
              f"     original: {verdict_words(case)}\n"
              f"     ours:     {verdict_words(compared.ours)}; {where_ours_stopped(compared)}")
    for kind, count in kinds.most_common():
        print(f"{count:5} differ: {kind}")
    print(f"{agree}/{total} results agree (verdict, score and clones)")
    return 0 if agree == total else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
