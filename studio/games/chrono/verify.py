"""ChronoShift's part of `studio verify`: play a level's solution by the corpus replay rule.

The solution is ``moves`` when given (``--solution LETTERS``), else the level's
own Solution field; a level without one plays the empty solution (verdict
"open": it loads). One result per level, with the fields:

``level`` (the path as given), ``game`` ("chrono"), ``md5`` (of the file),
``solution`` (the action letters played, N E S W H T), ``index`` (0, or null
when there was no solution), ``length`` (letters), ``verdict`` ("won",
"paradox", "open", or "error" with ``error`` saying why the file cannot be
read or the solution cannot be parsed), ``moves`` (letters played when play
stopped: at completion, at the paradox, or all of them), ``score`` and
``clones`` (as the game counts them), and for a paradox ``paradox`` (its
kind) and ``reason`` (which clone, where, why).
"""

from __future__ import annotations

from studio.core.errors import LevelFormatError
from studio.core.verifying import UnreadableLevelFile, read_level_file

GAME = "chrono"


def parse_moves(text: str) -> tuple[str, ...]:
    """``--solution`` letters N E S W H T (any case; spaces and periods ignored), one per action."""
    from studio.games.chrono.solution import parse_actions

    return tuple(parse_actions(text))


def verify_level(path: str, solutions: str | None = None, moves=None) -> list[dict]:
    from studio.games.chrono.solution import parse_actions, play_solution, solution_problem
    from studio.games.chrono.superfun import load_superfun

    base = {"level": path, "game": GAME, "md5": None, "solution": None, "index": None, "length": 0}
    if solutions is not None:
        return [dict(base, verdict="error", moves=None, score=None, clones=None,
                     error="ChronoShift levels hold their own Solution; give other letters with --solution")]
    try:
        data, base["md5"] = read_level_file(path)
    except UnreadableLevelFile as e:
        return [dict(base, verdict="error", moves=None, score=None, clones=None, error=str(e))]
    try:
        level = load_superfun(data)
        letters = parse_actions("".join(moves) if moves is not None else level.solution_text)
        problem = solution_problem(letters)
        if problem is not None:
            raise ValueError(problem)
    except (LevelFormatError, ValueError) as e:  # the file's or the letters' own problems only
        where = "" if isinstance(e, LevelFormatError) else "Solution: " if moves is None else "--solution: "
        return [dict(base, verdict="error", moves=None, score=None, clones=None, error=where + str(e))]
    replay = play_solution(level, letters)  # letters within limits: anything raised here is a bug
    has_solution = moves is not None or bool(letters)
    result = dict(base, solution=letters, index=0 if has_solution else None, length=len(letters),
                  verdict=replay.verdict, moves=replay.moves, score=replay.score, clones=replay.clones)
    if replay.paradox is not None:
        result.update(paradox=replay.paradox.kind, reason=replay.paradox.message)
    return [result]
