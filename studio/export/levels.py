"""Which levels an export ships, and whether each can be shipped. Pure Python, no Qt.

``gather_levels(paths)`` turns what the designer named into level files in order: a
folder gives its levels by file name, a level that names the one after it (a
Labyrinthos playlist's ``nextlevel``) given alone gives the whole playlist from it,
and other files are taken as given. Every level must be of one game.

``check_level(path)`` loads a level, lists its lint errors, and finds the solution
shipped with it for ``--self-test``: the first stored solution that wins it (the
level's own, or one from a player file beside it such as ``levels/escape/solutions.esp``),
else one the game's solver finds now. A level that loads but that nothing solves is
"unsolvable": the export refuses it unless the designer overrides that.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from studio.core.collection import level_files
from studio.core.errors import LevelFormatError
from studio.core.game import Game, game_for_path
from studio.core.hints import shortest_hint_solution
from studio.core.playtest_adapter import LevelContext, adapter_for, verify_moves
from studio.core.problems import lint_level, problem_place
from studio.core.reading import read_level
from studio.player.collection import level_title

DEFAULT_SOLVE_TIMEOUT = 30.0
HINT_MAP_SECONDS = 3.0  # for a shortest solution to ship for hints (core.hints)
SOLVER_SOURCE = "found by the solver at export"
NEXT_LEVEL_PROPERTY = "nextlevel"  # a level naming the file that follows it makes a playlist


class ExportError(ValueError):
    """What the designer named cannot be exported; the message says why."""


@dataclass
class LevelCheck:
    path: Path
    title: str = ""
    solution: str = ""  # the game's move text of a winning solution
    source: str = ""  # where the solution came from
    hint: str = ""  # the shortest solution known, for the exported game's Hint key (core.hints)
    lint_errors: list[str] = field(default_factory=list)
    error: str = ""  # the level cannot be read or played: never shipped
    unsolvable: str = ""  # why no solution is known: shipped only when the designer overrides

    @property
    def shippable(self) -> bool:
        return not self.error and not self.unsolvable

    def as_dict(self) -> dict:
        return {"level": str(self.path), "title": self.title, "solution": self.solution, "source": self.source,
                "hint": self.hint,
                "lint_errors": list(self.lint_errors), "error": self.error, "unsolvable": self.unsolvable}


def playlist_from(path: Path, game: Game) -> list[Path]:
    """``path`` and the levels following it by their next-level property, while the files
    exist, stopping before a level seen already or one outside the playlist's folder."""
    found = [path]
    while True:
        try:
            properties = game.load(read_level(found[-1], game)).properties()
        except (OSError, LevelFormatError, AttributeError):
            break
        following = str(properties.get(NEXT_LEVEL_PROPERTY) or "").strip()
        candidate = _in_playlist_folder(path, found[-1].parent, following, game)
        if candidate is None or candidate.resolve() in {p.resolve() for p in found}:
            break
        found.append(candidate)
    return found


def _in_playlist_folder(first: Path, beside: Path, name: str, game: Game) -> Path | None:
    """The level file ``name`` (a next-level property, taken from a file: not trusted) names
    beside ``beside``, when it is a regular file of ``game`` inside the folder of the
    playlist's ``first`` level; None for an absolute path, a ``..`` or a link leading out
    (``../../../etc/passwd`` would otherwise be shipped or read), or another game's file."""
    if not name or "\0" in name or Path(name).is_absolute():
        return None
    candidate = beside / name
    try:
        folder, target = first.resolve().parent, candidate.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return None
    if folder not in target.parents or not target.is_file() or getattr(game_for_path(target), "id", None) != game.id:
        return None
    return candidate


def gather_levels(paths, playlists: bool = True) -> tuple[Game, list[Path]]:
    """The game and the level files, in order; ExportError says what is wrong. With
    ``playlists`` false a level given alone is just that level."""
    paths = [Path(p) for p in paths]
    if not paths:
        raise ExportError("name the levels to export: level files, a folder, or a playlist's first level")
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = level_files(path)
            if not found:
                raise ExportError(f"{path}: the folder holds no level of any game")
            files += found
        elif not path.is_file():
            raise ExportError(f"{path}: no such file or folder")
        elif game_for_path(path) is None:
            raise ExportError(f"{path.name}: no game reads files of this name")
        elif len(paths) == 1 and playlists:
            files += playlist_from(path, game_for_path(path))
        else:
            files.append(path)
    unique: list[Path] = []
    for file in files:
        if file.resolve() not in {known.resolve() for known in unique}:
            unique.append(file)
    games = {game_for_path(file).id: game_for_path(file) for file in unique}
    if len(games) > 1:
        names = ", ".join(sorted(game.name for game in games.values()))
        raise ExportError(f"an exported game plays one game; these levels are of several: {names}")
    return next(iter(games.values())), unique


def check_level(path: Path, solve_timeout: float | None = DEFAULT_SOLVE_TIMEOUT) -> LevelCheck:
    path = Path(path)
    check = LevelCheck(path, level_title(None, path))
    game = game_for_path(path)
    adapter = adapter_for(game) if game is not None else None
    if adapter is None:
        check.error = "no game that can be played reads this file"
        return check
    try:
        data = read_level(path, game)  # a regular file within the game's size cap
        level = game.load(data)
    except OSError as error:
        check.error = f"cannot be read: {error.strerror or error}"
        return check
    except LevelFormatError as error:
        check.error = f"not a valid level: {error}"
        return check
    check.title = level_title(level, path)
    check.lint_errors = [f"{problem_place(level, problem)}: {problem.message}"
                         for problem in lint_level(game, level) if problem.severity == "error"]
    try:
        adapter.initial_state(level)
    except ValueError as error:
        check.error = f"cannot be played: {error}"
        return check
    try:
        stored = adapter.load_solutions(LevelContext(level, data, path))
    except (LevelFormatError, OSError) as error:
        stored = []
        check.lint_errors.append(f"its stored solutions cannot be read: {error}")
    for solution in stored:
        verdict = verify_moves(adapter, level, solution.moves)
        if verdict.outcome.kind == "won":
            check.solution = adapter.moves_text(tuple(solution.moves)[:verdict.moves])
            check.source = f"stored ({solution.source})"
            break
    else:
        _solve(check, game, adapter, level, solve_timeout, bool(stored))
    if check.solution:
        shipped = adapter.parse_moves(check.solution)
        check.hint = adapter.moves_text(shortest_hint_solution(game, adapter, level, shipped, HINT_MAP_SECONDS))
    return check


def _solve(check: LevelCheck, game: Game, adapter, level, timeout: float | None, had_stored: bool) -> None:
    from studio.core.solve_runner import solve_file

    stored_note = "no stored solution wins it" if had_stored else "it has no stored solution"
    if game.solve is None:
        check.unsolvable = f"{stored_note}, and {game.name} has no solver"
        return
    record = solve_file(str(check.path), timeout=timeout, cores=os.cpu_count() or 1)
    if record.get("solved"):
        moves = adapter.parse_moves(record["solution"])
        verdict = verify_moves(adapter, level, moves)
        if verdict.outcome.kind == "won":
            check.solution = adapter.moves_text(tuple(moves)[:verdict.moves])
            check.source = SOLVER_SOURCE
            return
    if record.get("error"):
        check.unsolvable = f"{stored_note}, and the solver failed: {record['error']}"
    elif record.get("optimal"):
        check.unsolvable = f"{stored_note}, and the solver proved it cannot be won"
    else:
        check.unsolvable = f"{stored_note}, and the solver found none" + (f" in {timeout:g} s" if timeout else "")
