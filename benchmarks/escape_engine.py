"""Escape engine speed: moves per second replaying every corpus solution, and the wall
time of `studio verify` over the whole corpus.

Run: python benchmarks/escape_engine.py [--profile]
Target (issue 3): at least 100,000 moves per second on the 2-core machine, engine only
(levels and solutions already loaded, no events recorded: what verification and the
solver use). The rate with events recorded (what the play-test dock uses) is shown too.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.escape_corpus import ESCAPE, corpus_present, solution_records  # noqa: E402

TARGET = 100_000


def load_jobs():
    """(start state, moves) for every corpus solution of a level that loads."""
    from studio.core.errors import LevelFormatError
    from studio.games.escape.engine import initial_state
    from studio.games.escape.esp import loads
    from studio.games.escape.esx import load_esx

    player = loads((ESCAPE / "player.esp").read_bytes())
    jobs = []
    for record in solution_records():
        try:
            level = load_esx((ESCAPE / record["level"]).read_bytes())
        except LevelFormatError:
            continue
        moves = player.solutions_for(record["md5"])[record["index"]].moves
        jobs.append((initial_state(level), tuple(moves)))
    return jobs


def replay(jobs, events: bool) -> int:
    """Play every solution by the verdict procedure; the number of moves stepped."""
    from studio.games.escape.engine import step

    count = 0
    for state, moves in jobs:
        for move in moves:
            count += 1
            result = step(state, move, events)
            if result.moved:
                state = result.state
                if result.outcome != "none":
                    break
    return count


def moves_per_second(jobs, events: bool, seconds: float = 2.0) -> tuple[float, int]:
    replay(jobs, events)  # warm up
    best = 0.0
    total = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        count = replay(jobs, events)
        elapsed = time.perf_counter() - start
        total += count
        best = max(best, count / elapsed)
    return best, count


def verify_wall_time() -> tuple[float, int]:
    files = sorted(str(p) for p in (ESCAPE / "levels").glob("*/*.esx"))
    command = [sys.executable, "-m", "studio", "verify", *files,
               "--solutions", str(ESCAPE / "player.esp"), "--json"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"studio verify failed ({done.returncode}): {done.stderr}")
    return elapsed, len(files)


def main(argv: list[str]) -> int:
    if not corpus_present():
        print("the corpus (../shared/corpus/escape) is absent", file=sys.stderr)
        return 2
    jobs = load_jobs()
    if "--profile" in argv:
        import cProfile
        import pstats

        cProfile.runctx("replay(jobs, False)", globals(), {"jobs": jobs}, "/tmp/escape_engine.prof")
        pstats.Stats("/tmp/escape_engine.prof").sort_stats("tottime").print_stats(20)
        return 0
    rate, moves = moves_per_second(jobs, events=False)
    rate_events, _ = moves_per_second(jobs, events=True)
    print(f"engine: {len(jobs)} solutions, {moves} moves per replay: "
          f"{rate:,.0f} moves/s (target {TARGET:,}), {rate_events:,.0f} moves/s with events")
    wall, files = verify_wall_time()
    print(f"studio verify, {files} corpus files with player.esp: {wall:.2f} s wall time")
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
