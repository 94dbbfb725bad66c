"""Labyrinthos's play-test adapter (studio.core.playtest_adapter.PlaytestAdapter), pure Python.

The dock shows the level's par (the fewest moves that win, by search) beside
the move counter, and the status line its best high score. A "solution" here is
a high-score entry: saving a winning walk adds ``highscore SCORE PLAYER`` to the
level (an undoable edit the dock applies, and saves into the file when nothing
else is unsaved). High scores keep no moves, so there are no stored solutions
to load.

The optional hooks of the protocol: ``par(level)``, ``win_offer`` (the win
panel: the high-score table, the name entry, the playlist's next level),
``record_properties`` (high scores do not make a test stale), and the name
asked on saving is the player's. Also ``high_score_table(level)`` and
``next_level(context)`` (the playlist's ``nextlevel`` file, when it exists).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from studio.games.laby.engine import (
    DOWN, LEFT, RIGHT, UP, Blocked, Board, LabyState, Moved, ReachedObjective, initial_state, moves_text,
    parse_moves, play_solution, step,
)
from studio.games.laby.level import HighScore, LabyLevel
from studio.games.laby.playlist import next_level_path
from studio.games.laby.solver import par as level_par
from studio.games.laby.squares import Square
from studio.core.errors import LevelFormatError
from studio.core.reading import read_level
from studio.core.playtest_adapter import (
    ARROW, BEAM, CROSS, PLAYING, RING, WON, Annotation, LevelContext, Motion, MoveKey, Outcome, OverlaySpec,
    SavedSolution, ScoreRow, StepReport, StoredSolution, WinOffer,
)

VECTORS = {UP: (0.0, -1.0), DOWN: (0.0, 1.0), LEFT: (-1.0, 0.0), RIGHT: (1.0, 0.0)}
EDGE_WORDS = {UP: "top", DOWN: "bottom", LEFT: "left", RIGHT: "right"}
PLAYER_SPRITE = "player"
SHORTEST_WAY_MAX_CELLS = 200 * 200  # above this the hint's search per move would slow play down
TABLE_ROWS = 10  # high scores shown in the win panel (the new one is shown even below them)

OVERLAYS = (
    OverlaySpec("blocked", "Bumps", "A cross on the wall (or an arrow at the edge) that stopped the last move",
                "#ffd60a"),
    OverlaySpec("objective", "Objective Reached", "A ring round the objective that won the level", "#8ee6a5"),
    OverlaySpec("shortest", "Shortest Way", "The shortest way from where the player stands to an objective",
                "#64d2ff", default=False),
)


def _xy(board: Board, cell: int) -> str:
    return "({}, {})".format(*board.xy(cell))


def _level_of(board: Board) -> LabyLevel:
    return LabyLevel(board.width, board.height, bytearray(board.squares))


def shortest_way(state: LabyState) -> tuple[int, ...]:
    """The cells of a shortest walk from the player to an objective (empty when there is none)."""
    from studio.games.laby.solver import shortest_solution

    board = state.board
    level = _level_of(board)
    # Start the search where the player stands: make that square the (only) spawn.
    level.squares = bytearray(b if b != Square.SPAWN else Square.PATH for b in level.squares)
    if level.squares[state.player] != Square.OBJECTIVE:
        level.squares[state.player] = Square.SPAWN
    moves = shortest_solution(level)
    if not moves:
        return ()
    cells = [state.player]
    for move in moves:
        cells.append(board.neighbour(cells[-1], move))
    return tuple(cells)


def player_word(name: str) -> str:
    """A name as a high-score entry keeps it: one word (the file splits on spaces)."""
    return "_".join(name.split()) or "player"


class LabyPlaytest:
    game_id = "laby"
    record_properties = ("high_scores",)
    solution_name_label = "Your name:"
    solution_named_after_player = True

    def __init__(self):
        # Per board: its par, and the level played (the play-test's snapshot, whose high
        # scores follow the document's: the status line reads the best score from it).
        self._facts: dict[Board, tuple[int | None, LabyLevel]] = {}

    # -- playing ---------------------------------------------------------------------
    def initial_state(self, level: LabyLevel) -> LabyState:
        state = initial_state(level)  # NoSpawnError (a ValueError) says why it cannot start
        self._facts[state.board] = (level_par(level), level)
        return state

    def keys(self) -> list[MoveKey]:
        return [MoveKey("Up", UP, "up"), MoveKey("Down", DOWN, "down"),
                MoveKey("Left", LEFT, "left"), MoveKey("Right", RIGHT, "right")]

    def step(self, state: LabyState, move: int) -> StepReport:
        result = step(state, move)
        return StepReport(state, move, result.state, result.moved, self._outcome(result.state), result.events)

    def outcome(self, state: LabyState) -> Outcome:
        return self._outcome(state)

    @staticmethod
    def _outcome(state: LabyState) -> Outcome:
        if state.won:
            return Outcome(WON, f"reached the objective at {_xy(state.board, state.player)}")
        return Outcome(PLAYING)

    def status_text(self, state: LabyState) -> str:
        par, level = self._facts.get(state.board) or (level_par(_level_of(state.board)), None)
        best = level.best_scores(1) if level is not None else []
        if par is None:
            return "No objective can be reached from the start: this level cannot be won."
        if not best:
            return "No high score yet"
        return f"Best score {best[0].score} by {best[0].player}"

    # -- what to draw ------------------------------------------------------------------
    def overlays(self) -> tuple[OverlaySpec, ...]:
        return OVERLAYS

    def annotations(self, state: LabyState, report: StepReport | None) -> list[Annotation]:
        found = []
        for event in (report.events if report is not None else ()):
            if isinstance(event, Blocked):
                if event.by_cell >= 0:
                    found.append(Annotation("blocked", CROSS, (event.by_cell,)))
                else:
                    found.append(Annotation("blocked", ARROW, (event.at,), "edge", vector=VECTORS[report.move]))
            elif isinstance(event, ReachedObjective):
                found.append(Annotation("objective", RING, (event.at,), "won"))
        board = state.board
        if not state.won and board.width * board.height <= SHORTEST_WAY_MAX_CELLS:
            way = shortest_way(state)
            if len(way) > 1:
                found.append(Annotation("shortest", BEAM, way, f"{len(way) - 1} to go"))
        return found

    def blocked_text(self, report: StepReport) -> str:
        blocked = next((e for e in report.events if isinstance(e, Blocked)), None)
        if blocked is None:
            return ""
        if blocked.by_cell < 0:
            return (f"the edge of the level is in the way: {_xy(report.before.board, blocked.at)} is on its "
                    f"{EDGE_WORDS[report.move]} edge")
        return f"the wall at {_xy(report.before.board, blocked.by_cell)} is in the way"

    def motions(self, report: StepReport) -> list[Motion]:
        return [Motion(PLAYER_SPRITE, (event.frm, event.to)) for event in report.events if isinstance(event, Moved)]

    def moves_text(self, moves: Sequence[int]) -> str:
        return moves_text(moves)

    def parse_moves(self, text: str) -> tuple[int, ...]:
        return parse_moves(text)

    # -- high scores, the level's own kind of stored solution -------------------------------
    def solution_files(self) -> None:
        return None  # they live in the level: its highscore lines

    def load_solutions(self, context: LevelContext, source: Path | None = None) -> list[StoredSolution]:
        return []  # a high score keeps the score, not the moves

    def save_solution(self, context: LevelContext, moves: Sequence[int], name: str,
                      target: Path | None = None) -> SavedSolution:
        """A winning walk becomes a high-score entry named after the player (spaces become _)."""
        level = context.level
        verdict = play_solution(initial_state(level), moves)
        if verdict.verdict != "won":
            raise ValueError("these moves do not reach an objective: only a win makes a high score")
        player = player_word(name)
        table = level.with_high_score(verdict.score, player)
        par = self._par(level)
        remark = "" if par is None else (" — par!" if verdict.score == par else f" (par {par})")
        return SavedSolution(f"High score {verdict.score} for {player}{remark}", None, {"high_scores": table}, player)

    # -- for the dock's win panel ------------------------------------------------------------
    def _par(self, level: LabyLevel) -> int | None:
        """The par, from what ``initial_state`` found when it is the same maze (no second search)."""
        try:
            facts = self._facts.get(initial_state(level).board)
        except ValueError:  # no spawn: no par either
            return None
        return facts[0] if facts is not None else level_par(level)

    def par(self, level: LabyLevel) -> int | None:
        return self._par(level)

    def win_offer(self, context: LevelContext, state: LabyState, moves: Sequence[int]) -> WinOffer | None:
        """The high-score table with this walk's score at the rank it would take (ties go to the
        scores already there), and the playlist's next level."""
        level = context.level
        verdict = play_solution(initial_state(level), moves)
        if verdict.verdict != "won":
            return None
        score = verdict.score
        par = self._par(level)
        if par is None or score > par:
            headline = f"Solved in {score} moves" + ("" if par is None else f" · par {par}")
        else:
            headline = f"Solved in {score} moves: par!"
        ranked = level.best_scores()
        rank = 1 + sum(1 for entry in ranked if entry.score <= score)
        rows = [ScoreRow(number, str(entry.score), entry.player) for number, entry in enumerate(ranked, start=1)]
        rows.insert(rank - 1, ScoreRow(rank, str(score), "", new=True))
        rows = [ScoreRow(number, row.score, row.player, row.new) for number, row in enumerate(rows, start=1)]
        shown = tuple(row for row in rows if row.rank <= TABLE_ROWS or row.new)
        following = self.next_level(context)
        return WinOffer(headline, shown, "Moves", "One word: spaces become _",
                        following, self._level_title(following) if following else "")

    @staticmethod
    def _level_title(path: Path) -> str:
        """The next level's name, for the button (its file name when it has none or cannot be read)."""
        try:
            from studio.games.laby import GAME
            from studio.games.laby.labyfile import load_laby

            return load_laby(read_level(path, GAME)).name or path.name
        except (OSError, LevelFormatError):
            return path.name

    @staticmethod
    def high_score_table(level: LabyLevel, count: int = 10) -> list[HighScore]:
        return level.best_scores(count)

    @staticmethod
    def next_level(context: LevelContext) -> Path | None:
        """The playlist's next level (``nextlevel``, beside this level's file), if it exists
        there: a name leading out of the level's folder is no next level (games.laby.playlist)."""
        if context.path is None:
            return None
        return next_level_path(context.path, context.level.nextlevel)


def make_adapter() -> LabyPlaytest:
    return LabyPlaytest()
