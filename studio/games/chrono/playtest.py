"""ChronoShift's play-test adapter (studio.core.playtest_adapter.PlaytestAdapter), pure Python.

Keys: the arrows move the current clone, Space waits, Enter enters the time
machine (these take Enter's and Space's usual play-test jobs, restart and
replay, which stay on the dock's buttons). Earlier clones replay on their own; the status line counts the
clones, the time jumps and the score. A paradox ends the test and is drawn on
the board: which clone, where, and why in the outcome's reason.

Moves are the engine's actions, one per turn played, so waiting inside the
time machine for the earlier clones is a move too. As text they are written
as a Solution field holds them: one line per clone, without those waits (the
replay rule puts them back), and the level's Solution field is where a
winning recording is saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from studio.games.chrono.engine import MOVES, PARADOX, WON, ChronoState, initial_state, step
from studio.games.chrono.engine.actions import HOLD, TIME_MACHINE
from studio.games.chrono.engine.events import Blocked, GateChanged, Moved, ParadoxFound, Pushed, Refused, TimeJump
from studio.games.chrono.engine.state import TIME_PARADOX
from studio.games.chrono.solution import format_solution, pad_by_replay_rule, parse_actions, play_solution, strip_replay_padding
from studio.core.playtest_adapter import (
    ARROW, CROSS, DEAD, LINK, PLAYING, RING, STEP, Annotation, LevelContext, Motion, MoveKey, Outcome,
    OverlaySpec, SavedSolution, StepReport, StoredSolution,
)
from studio.core.playtest_adapter import WON as OUTCOME_WON

OVERLAYS = (
    OverlaySpec("paradox", "Paradox", "Where the last turn broke time: the clone or crate, the place, the reason",
                "#ff5f57"),
    OverlaySpec("blocked", "Bumps", "What stopped a clone's move on the last turn", "#ffd60a"),
    OverlaySpec("gates", "Gates", "Gates that opened or closed on the last turn, linked to their buttons", "#64d2ff"),
    OverlaySpec("echoes", "Next Moves", "Where each earlier clone goes on the coming turn", "#c9a6ff"),
)
VECTORS = {action: (float(dx), float(dy)) for action, (dx, dy) in MOVES.items()}


def _xy(state: ChronoState, cell: int) -> str:
    return "({}, {})".format(*state.board.xy(cell))


class ChronoPlaytest:
    game_id = "chrono"

    # -- playing ---------------------------------------------------------------------
    def initial_state(self, level) -> ChronoState:
        return initial_state(level)

    def keys(self) -> list[MoveKey]:
        return [MoveKey("Up", "N", "north"), MoveKey("Down", "S", "south"),
                MoveKey("Left", "W", "west"), MoveKey("Right", "E", "east"),
                MoveKey("Space", HOLD, "wait a turn"),
                MoveKey("Return", TIME_MACHINE, "enter the time machine"),
                MoveKey("Enter", TIME_MACHINE, "enter the time machine")]

    def step(self, state: ChronoState, move: str) -> StepReport:
        result = step(state, move)
        return StepReport(state, move, result.state, result.changed, self.outcome(result.state), result.events)

    def outcome(self, state: ChronoState) -> Outcome:
        if state.status == WON:
            jumps = state.clone_count - 1
            return Outcome(OUTCOME_WON, f"score {state.score}, {jumps} time jump{'s' * (jumps != 1)}")
        if state.status == PARADOX:
            return Outcome(DEAD, state.paradox.message, ending="paradox")  # as `studio verify` says
        return Outcome(PLAYING)

    def status_text(self, state: ChronoState) -> str:
        world = state.world
        clone = world.current + 1
        text = (f"Clone {clone} · turn {world.turn} · score {state.score} · "
                f"time jumps {state.clone_count - 1}")
        board = state.board
        if board.goals:
            text += " · goal " + ("taken" if world.goals_taken == board.goals else "not taken yet")
        if world.current in world.home and not state.finished:
            text += "\nIn the time machine: wait (Space) until the earlier clones are home."
        return text

    # -- what to draw ------------------------------------------------------------------
    def overlays(self) -> tuple[OverlaySpec, ...]:
        return OVERLAYS

    def annotations(self, state: ChronoState, report: StepReport | None) -> list[Annotation]:
        found: list[Annotation] = []
        for event in (report.events if report is not None else ()):
            if isinstance(event, ParadoxFound):
                found += self._paradox_marks(state, event.paradox)
            elif isinstance(event, Blocked) and event.by_cell != event.at:
                found.append(Annotation("blocked", CROSS, (event.by_cell,)))
            elif isinstance(event, Blocked):
                found.append(Annotation("blocked", ARROW, (event.at,), "edge", vector=VECTORS.get(report.move)))
            elif isinstance(event, Refused):
                found.append(Annotation("blocked", RING, (event.at,), "not here" if report.move == TIME_MACHINE else "wait"))
            elif isinstance(event, GateChanged):
                found.append(Annotation("gates", RING, (event.cell,), "opens" if event.open else "closes"))
                for button in state.board.gate_buttons.get(event.cell, ()):
                    found.append(Annotation("gates", LINK, (button, event.cell)))
        if not state.finished:
            found += self._next_moves(state)
        return found

    def blocked_text(self, report: StepReport) -> str:
        """Each clone that bumped into something this turn, and a refused time machine."""
        found = []
        board = report.before.board
        for event in report.events:
            if isinstance(event, Refused):
                found.append(event.reason)
            elif isinstance(event, Blocked):
                who = f"clone {event.clone + 1} at {_xy(report.before, event.at)}"
                crate = "the crate cannot move: behind it is "
                if event.reason.startswith(crate):
                    (ax, ay), (bx, by) = board.xy(event.at), board.xy(event.by_cell)
                    behind = (2 * bx - ax, 2 * by - ay)
                    inside = 0 <= behind[0] < board.width and 0 <= behind[1] < board.height
                    where = f" at ({behind[0]}, {behind[1]})" if inside else ""
                    found.append(f"{who} cannot push the crate at {_xy(report.before, event.by_cell)}: "
                                 f"behind it is {event.reason[len(crate):]}{where}")
                elif event.by_cell == event.at:
                    found.append(f"{who} bumped into {event.reason}")
                else:
                    found.append(f"{who} bumped into {event.reason} at {_xy(report.before, event.by_cell)}")
        return "; ".join(found)

    @staticmethod
    def _paradox_marks(state: ChronoState, paradox) -> list[Annotation]:
        label = (f"clone {' & '.join(str(c + 1) for c in paradox.clones)}: " if paradox.clones else "crate: ") + paradox.kind
        marks = [Annotation("paradox", RING, (paradox.cell,), label), Annotation("paradox", CROSS, (paradox.cell,))]
        if paradox.kind == TIME_PARADOX:
            marks.append(Annotation("paradox", STEP, (paradox.cell, state.board.start), "cannot get home"))
        return marks

    @staticmethod
    def _next_moves(state: ChronoState) -> list[Annotation]:
        """Each earlier clone's action on the coming turn: a step, or entering the machine."""
        marks = []
        world = state.world
        turn = world.turn + 1
        for clone in range(world.current):
            if clone in world.home:
                continue
            action = state.recorded_action(clone, turn)
            cell = world.clones[clone]
            if action in MOVES:
                target = state.board.neighbour(cell, action)
                if target is not None:
                    marks.append(Annotation("echoes", STEP, (cell, target), str(clone + 1)))
            elif action == TIME_MACHINE:
                marks.append(Annotation("echoes", RING, (cell,), f"{clone + 1} enters"))
        return marks

    def motions(self, report: StepReport) -> list[Motion]:
        if any(isinstance(event, TimeJump) for event in report.events):
            return []  # time starts again: everyone is back at the machine at once
        found = []
        for event in report.events:
            if isinstance(event, Moved):
                found.append(Motion(("clone", event.clone), (event.frm, event.to)))
            elif isinstance(event, Pushed):
                found.append(Motion(("crate", event.to), (event.frm, event.to)))
        return found

    def moves_text(self, moves: Sequence[str]) -> str:
        """As a Solution holds them: clones' lines apart, without the waits in the time machine."""
        return format_solution(strip_replay_padding("".join(moves)), per_clone_lines=False)

    def parse_moves(self, text: str) -> tuple[str, ...]:
        """Solution letters (spaces, line breaks and periods ignored), with the replay rule's waits."""
        return tuple(pad_by_replay_rule(parse_actions(text)))

    # -- the Solution field: where ChronoShift keeps a level's solution ----------------------
    def solution_files(self) -> None:
        return None

    def load_solutions(self, context: LevelContext, source: Path | None = None) -> list[StoredSolution]:
        level = context.level
        letters = parse_actions(level.solution_text)
        if not letters:
            return []
        author = level.metadata.text("Author")
        return [StoredSolution("Solution", author, tuple(pad_by_replay_rule(letters)), "the level's Solution field")]

    def save_solution(self, context: LevelContext, moves: Sequence[str], name: str,
                      target: Path | None = None) -> SavedSolution:
        letters = strip_replay_padding("".join(moves))
        replay = play_solution(context.level, letters)
        if replay.verdict != "won":
            raise ValueError("these moves do not complete the level: only a win is kept as its Solution")
        return SavedSolution(f"Solution field set: score {replay.score} with {replay.clones} "
                             f"clone{'s' * (replay.clones != 1)}", None, {"solution": format_solution(letters)})


def make_adapter() -> ChronoPlaytest:
    return ChronoPlaytest()
