"""ChronoShift engine speed: turns per second replaying every action string of the corpus's
expected.jsonl (and the bundled levels' solutions), and states per second of a one-clone
breadth-first search, the kind of work a solver does.

Run: python benchmarks/chrono_engine.py
Prints the figures; no target is set by the issue. Levels are loaded before timing.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpus" / "chrono"


def replay_jobs():
    from studio.games.chrono.solution import pad_by_replay_rule, parse_actions
    from studio.games.chrono.superfun import load_superfun

    jobs, levels = [], {}
    if CORPUS.is_dir():
        for line in (CORPUS / "expected.jsonl").read_text().splitlines():
            case = json.loads(line)
            if case["level"] not in levels:
                levels[case["level"]] = load_superfun((CORPUS / "levels" / case["level"]).read_bytes())
            jobs.append((levels[case["level"]], pad_by_replay_rule(case["solution"])))
    for path in sorted((ROOT / "levels" / "chrono").glob("*.txt")):
        level = load_superfun(path.read_bytes())
        jobs.append((level, pad_by_replay_rule(parse_actions(level.solution_text))))
    return jobs


def time_replays(jobs, rounds: int = 5) -> tuple[float, int]:
    from studio.games.chrono.engine import initial_state, step

    turns = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for level, actions in jobs:
            state = initial_state(level)
            for action in actions:
                if state.finished:
                    break
                state = step(state, action).state
                turns += 1
    return time.perf_counter() - start, turns


def time_search(level, limit: int = 20000) -> tuple[float, int]:
    """Breadth-first over one clone's states (no time travel), up to ``limit`` states."""
    from studio.games.chrono.engine import initial_state, step

    start_state = initial_state(level)
    seen = {start_state.world}
    queue = deque([start_state])
    start = time.perf_counter()
    while queue and len(seen) < limit:
        state = queue.popleft()
        for action in "NESWH":
            after = step(state, action).state
            if after.finished or after.clone_count > 1:
                continue
            key = replace(after.world, turn=0)
            if key not in seen:
                seen.add(key)
                queue.append(after)
    return time.perf_counter() - start, len(seen)


def main() -> int:
    from studio.games.chrono.superfun import load_superfun

    jobs = replay_jobs()
    seconds, turns = time_replays(jobs)
    print(f"replay: {len(jobs)} action strings x 5, {turns} turns in {seconds:.2f} s: {turns / seconds:,.0f} turns/s")
    roomy = load_superfun(b"2D SuperFun!\n++++++++++\n+S   c  G+\n+ c  b  -+\n+   c  _ +\n+ o   p  +\n"
                          b"++++++++++\n\nbutton (5, 2) -> gate (8, 2)\nbutton (2, 4) -> gate (7, 3)\n")
    seconds, states = time_search(roomy)
    print(f"search: {states} one-clone states in {seconds:.2f} s: {states / seconds:,.0f} states/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
