"""Escape engine speed: moves per second replaying every corpus solution, single-process
and on every core at once, and the wall time of `studio verify` over the whole corpus in
one process and with its worker processes.

Run: python benchmarks/escape_engine.py [--profile]
The compiled engine `studio verify` plays on (studio/games/escape/compiled) is timed the
same way, its players built beforehand.
Target (issue 3): at least 100,000 moves per second on the 2-core machine, engine only
(levels and solutions already loaded, no events recorded: what verification and the
solver use). The rate with events recorded (what the play-test dock uses) is shown too.
"""

from __future__ import annotations

import multiprocessing
import os
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


def replay_verdicts(jobs, events: bool = False) -> int:
    """Play every solution as `studio verify` does (play_solution: one working board for
    the whole solution, no frozen state a move); the moves played."""
    from studio.games.escape.engine import play_solution

    return sum(play_solution(state, moves).moves for state, moves in jobs)


def compiled_jobs(jobs):
    """(compiled player, moves) for each job, or None when the compiled engine is not here."""
    from studio.games.escape.compiled import compiled_player, start_engine

    if not start_engine():
        return None
    return [(compiled_player(state), moves) for state, moves in jobs]


def replay_compiled(players, events: bool = False) -> int:
    """Play every solution on the compiled engine (studio.games.escape.compiled), as
    `studio verify` does; the moves played."""
    return sum(play(moves)[1] for play, moves in players)


def moves_per_second(jobs, events: bool, seconds: float = 2.0, replay=replay) -> tuple[float, int]:
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


def _replay_worker(ready, go, seconds: float, out) -> None:
    """One process of the all-cores figure: load, wait for the others, replay for ``seconds``."""
    jobs = load_jobs()
    replay(jobs, False)
    ready.release()
    go.wait()
    moves, deadline = 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        moves += replay(jobs, False)
    out.put(moves)


def all_cores_rate(processes: int, seconds: float = 3.0) -> float:
    """Moves per second of ``processes`` replaying at once (what a process pool gets)."""
    context = multiprocessing.get_context("spawn")
    ready, go, out = context.Semaphore(0), context.Event(), context.Queue()
    workers = [context.Process(target=_replay_worker, args=(ready, go, seconds, out)) for _ in range(processes)]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.acquire()
    start = time.perf_counter()
    go.set()
    total = sum(out.get() for _ in workers)
    elapsed = time.perf_counter() - start
    for worker in workers:
        worker.join()
    return total / elapsed


def verify_wall_time(jobs: int | None = None) -> tuple[float, int]:
    files = sorted(str(p) for p in (ESCAPE / "levels").glob("*/*.esx"))
    command = [sys.executable, "-m", "studio", "verify", *files,
               "--solutions", str(ESCAPE / "player.esp"), "--json"] + ([f"--jobs={jobs}"] if jobs is not None else [])
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
    rate_verdicts, _ = moves_per_second(jobs, False, replay=replay_verdicts)
    print(f"verification (play_solution, one working board a solution): {rate_verdicts:,.0f} moves/s")
    players = compiled_jobs(jobs)
    if players is None:
        print("compiled engine: not installed here (numba), or STUDIO_PURE_PYTHON is set")
    else:
        rate_compiled, _ = moves_per_second(players, False, replay=replay_compiled)
        print(f"compiled engine (what studio verify plays on): {rate_compiled:,.0f} moves/s, "
              f"{rate_compiled / rate_verdicts:.1f} times play_solution")
    cores = os.cpu_count() or 1
    if cores > 1:
        together = all_cores_rate(cores)
        print(f"all {cores} cores at once: {together:,.0f} moves/s, {together / rate:.2f} times one process")
    wall_one, files = verify_wall_time(jobs=0)
    wall, _ = verify_wall_time()
    print(f"studio verify, {files} corpus files with player.esp: {wall_one:.2f} s wall time in one process, "
          f"{wall:.2f} s with its worker processes ({wall_one / wall:.2f} times as fast)")
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
