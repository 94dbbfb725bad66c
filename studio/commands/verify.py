"""`studio verify FILE... [--solutions PLAYER] [--solution MOVES] [--json]`: play levels'
solutions and report the verdicts.

Each game that can verify names its verifier as ``Game.verify`` (core.verifying
describes it and its result fields), and its move letters as ``Game.parse_moves``.

Solutions come from ``--solution`` (one, as letters U D L R, played on every FILE)
or from the player file ``--solutions`` (each level's stored solutions, matched by
the MD5 of its bytes, in the file's order). With neither, each level is just loaded
and the empty solution played: verdict "open" means it loads, "error" says why not.

Many files are verified in worker processes, one per core, with progress on stderr
when it is a terminal. Exit status: 0 when every solution played was won and every
file could be read; 1 otherwise; 2 for bad arguments; 3 when the studio met a bug of
its own (verdict "bug", its traceback on stderr), which is never a file's fault.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

from studio.commands import verify_crew
from studio.commands.verify_crew import prepare_part
from studio.core.game import all_games, game_for_path
from studio.core.verifying import BUG, finished, verify_file

PARALLEL_FROM = 16  # fewer files than this are verified in this process (workers cost a start-up)
VERDICTS = ("won", "dead", "open", "error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="level files to verify")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--solutions", metavar="PLAYER", help="a player file holding the levels' solutions")
    source.add_argument("--solution", metavar="MOVES", help="one solution to play on every FILE, as U D L R")
    parser.add_argument("--json", action="store_true", help="one JSON object per line instead of a table")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core when there are many files; "
                             "0 verifies in this process)")


def run(args: argparse.Namespace) -> int:
    files = list(args.files)
    solutions = getattr(args, "solutions", None)
    moves_text = getattr(args, "solution", None)
    if solutions is not None and not os.path.isfile(solutions):
        print(f"studio verify: {solutions}: no such player file", file=sys.stderr)
        return 2
    moves = None
    if moves_text is not None:
        moves = _parse_moves(moves_text, files)
        if isinstance(moves, str):
            print(f"studio verify: --solution: {moves}", file=sys.stderr)
            return 2

    jobs = getattr(args, "jobs", None)
    if jobs is None:
        jobs = (os.cpu_count() or 1) if len(files) >= PARALLEL_FROM else 0
    progress = _Progress(len(files)) if sys.stderr.isatty() else None
    tasks = [(path, solutions, moves) for path in files]

    results: list[dict] = []
    try:
        for file_results in _verify_all(tasks, jobs):
            for result in file_results:
                if args.json:
                    print(json.dumps(result))
                if result["verdict"] == BUG:
                    print(f"studio verify: {result['level']}: {result['error']}\n{result.get('traceback', '')}",
                          file=sys.stderr)
                results.append(result)
            if progress:
                progress.advance()
        if progress:
            progress.done()
        if not args.json:
            _print_table(results, len(files))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return _exit_status(results)


def _verify_task(task) -> list[dict]:
    return verify_file(*task)


def _verify_all(tasks, jobs: int):
    """Each file's results, in the order of ``tasks``, by worker processes. Where a game says
    its engine is worth starting for this work (Game.verify_engine, say Escape's compiled
    engine for many moves), the workers read its level files and this process loads and plays
    what they leave to it (core.verifying.Deferred): the engine starts once, here, while they
    go on; on Linux it then shares that work with forks of itself (verify_crew)."""
    if jobs <= 1 or len(tasks) < 2:
        for task in tasks:
            yield _verify_task(task)
        return
    size = max(1, len(tasks) // (jobs * 16))
    paths = [path for path, _, _ in tasks]
    games = [game_for_path(path) for path in paths]
    present = {game.id for game in games if game is not None}
    _, solutions, moves = tasks[0]
    starters, deferred = [], set()
    for game in all_games():
        if game.verify is None or game.id not in present:
            continue
        (game.prepare_verify or game.verify).resolve()  # imported once here, not in every worker
        if game.verify_engine is not None:
            start = game.verify_engine.resolve()([p for p, g in zip(paths, games) if g is game], solutions, moves)
            if start is not None:  # this process will play the game's solutions: the workers read
                starters.append(start)
                deferred.add(game.id)
    tasks = [task + (game is not None and game.id in deferred,) for task, game in zip(tasks, games)]
    parts = [tasks[first:first + size] for first in range(0, len(tasks), size)]
    if starters and verify_crew.usable():
        yield from verify_crew.verify_with_crew(parts, jobs, starters, _notify)
        return
    # (the workers give way to this process while it starts an engine: it has all their levels
    # to play, and to load, which its engine does faster)
    from concurrent.futures import ProcessPoolExecutor  # (not imported where the crew does the work)

    with ProcessPoolExecutor(max_workers=jobs, initializer=_give_way if starters else None) as pool:
        futures = [pool.submit(prepare_part, part, not starters) for part in parts]
        for start in starters:  # started while the workers read the first levels
            start(_notify)
        for prepared in _parts_in_order(futures, parts):
            yield from map(finished, prepared)


def _parts_in_order(futures, parts):
    """Each part's items, in order. This process reads a part no worker has taken yet
    itself, rather than wait: the next one when it is still queued, else the last queued
    one while a worker reads the next (the workers take parts in order, so those queued are
    the last ones; with its engine started, this process reads them quickest)."""
    mine: dict[int, list] = {}
    last = len(parts)  # parts[last:] are cancelled in the pool: this process's
    for number, future in enumerate(futures):
        if number not in mine and future.cancel():
            mine[number] = prepare_part(parts[number])
        while number not in mine and not future.done() and last - 1 > number and futures[last - 1].cancel():
            last -= 1
            mine[last] = prepare_part(parts[last])
        yield mine.pop(number) if number in mine else future.result()


def _notify(text: str) -> None:
    print(f"studio verify: {text}", file=sys.stderr, flush=True)


def _give_way() -> None:
    # The lowest priority: it only matters while this process starts an engine or plays,
    # which every level waits for (with nice 5 the start took 0.2 to 0.4 s longer, here).
    if hasattr(os, "nice"):
        os.nice(19)


def _parse_moves(text: str, files: list[str]):
    """The moves of --solution, parsed by the first file's game; an error as a string."""
    game = next((g for g in map(game_for_path, files) if g is not None), None)
    if game is None or game.parse_moves is None:
        return "none of the files belongs to a game whose moves can be given as text"
    try:
        return game.parse_moves.resolve()(text)
    except ValueError as e:
        return str(e)


def _print_table(results: list[dict], file_count: int) -> None:
    """One row per result; an error's reason follows its row."""
    rows = [("LEVEL", "SOLUTION", "#", "LENGTH", "VERDICT", "AT", "")]
    for r in results:
        rows.append((
            r["level"], "-" if r["solution"] is None else str(r["solution"]),
            "-" if r["index"] is None else str(r["index"]), str(r["length"]), r["verdict"],
            "-" if r["moves"] is None else str(r["moves"]), r.get("error") or "",
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(6)]
    right = (False, False, True, True, False, True)
    for row in rows:
        cells = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(row, widths, right)]
        print("  ".join(cells + [row[6]]).rstrip())
    print(summary(results, file_count))


def summary(results: list[dict], file_count: int) -> str:
    """E.g. "90 files; 94 solutions: 87 won, 0 dead, 2 open, 5 error; 3 files without one: 2 load, 1 error"."""
    played = [r for r in results if r["index"] is not None]
    unplayed = [r for r in results if r["index"] is None]
    counts = Counter(r["verdict"] for r in played)
    shown = list(VERDICTS) + sorted(set(counts) - set(VERDICTS))  # a game's own verdicts too, e.g. "paradox"
    text = f"{file_count} files; {len(played)} solutions: " + ", ".join(f"{counts[v]} {v}" for v in shown)
    if unplayed:
        errors = sum(1 for r in unplayed if r["verdict"] == "error")
        bugs = sum(1 for r in unplayed if r["verdict"] == BUG)
        text += f"; {len(unplayed)} files without one: {len(unplayed) - errors - bugs} load, {errors} error"
        text += f", {bugs} bug in the studio" if bugs else ""
    return text


def _exit_status(results: list[dict]) -> int:
    if any(r["verdict"] == BUG for r in results):
        return 3
    for r in results:
        if r["verdict"] == "error":
            return 1
        # A game that keeps solutions in the level file (ChronoShift) plays them without
        # --solution(s); any solution played (index set) must be won.
        if r["index"] is not None and r["verdict"] != "won":
            return 1
    return 0


class _Progress:
    def __init__(self, total: int):
        self.total = total
        self.count = 0

    def advance(self) -> None:
        self.count += 1
        sys.stderr.write(f"\rverify: {self.count}/{self.total} files")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * 40 + "\r")
        sys.stderr.flush()
