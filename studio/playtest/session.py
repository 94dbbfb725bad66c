"""One play-test of one document: a snapshot of its level and the history of play.

No widgets here. The history is a list of entries (a state and the step that
led to it) with a position in it: what lies before the position is the undo
list, what lies after is the redo list, and the moves up to the position are
the recorded solution. A loaded solution is simply a history whose redo list
holds all its moves; replaying it walks the position forward on a timer, and
scrubbing sets the position. Playing a move that differs from the next one in
the history cuts the redo list off, as any undo stack does.

The snapshot remembers the document's revision: an edit of the level makes the
session stale, and the dock offers to restart on the new version.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from PySide6.QtCore import QObject, QTimer, Signal

from studio.core.playtest_adapter import (
    LevelContext, Outcome, PlaytestAdapter, StepReport, Verification, describe_outcome,
)
from studio.core.errors import LevelFormatError
from studio.core.reading import read_level

MAX_REMEMBERED_VERSIONS = 20
DEFAULT_REPLAY_SPEED = 6.0  # moves per second


@dataclass(frozen=True)
class Entry:
    """A state in the history and the step that reached it (None for the start)."""

    state: Any
    report: StepReport | None = None


@dataclass(frozen=True)
class LoadedSolution:
    """The solution being replayed: its name, where it came from, what playing it
    on this version gives, and whether it was recorded on an older version."""

    name: str
    source: str
    verification: Verification
    older_version: bool = False

    @property
    def note(self) -> str:
        verdict = self.verification.text
        if self.older_version:
            return f"recorded on an older version; here it is {verdict}"
        return verdict


class PlaytestSession(QObject):
    # The history or position changed; the argument is the StepReport to animate
    # (one step forward) or None (a jump: undo, scrub, restart).
    changed = Signal(object)
    refused = Signal(object)  # a move that changed nothing (its StepReport) or None (the game is over)
    staleChanged = Signal(bool)
    replayingChanged = Signal(bool)
    versionsChanged = Signal()  # ``versions`` gained an MD5 (the controller keeps them in the settings)
    recordsChanged = Signal()  # the snapshot's record properties (high scores) followed an edit of the document

    def __init__(self, adapter: PlaytestAdapter, document, parent: QObject | None = None,
                 versions: Sequence[str] = ()):
        super().__init__(parent)
        self.adapter = adapter
        self.document = document
        self.history: list[Entry] = []
        self.position = 0
        self.error = ""  # why the level cannot be played, if it cannot
        self.last_refused: StepReport | None = None
        self.loaded: LoadedSolution | None = None
        # (moves shared, words) where a loaded solution parts from the designer's, to mark there
        self.parting: tuple[int, str] | None = None
        # MD5s of the file form of this level's versions seen (played, saved, on disk), newest first
        self.versions: list[str] = list(versions)[:MAX_REMEMBERED_VERSIONS]
        self.speed = DEFAULT_REPLAY_SPEED
        self._stale = False
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._replay_tick)
        self._remember_file_on_disk()
        self._take_snapshot()
        document.changed.connect(self._document_changed)

    # -- the level -----------------------------------------------------------------
    def _take_snapshot(self) -> None:
        level = self.document.level
        self.snapshot = level.copy() if hasattr(level, "copy") else copy.deepcopy(level)
        self.snapshot_revision = self.document.revision
        self._snapshot_bytes: bytes | None = None
        self._par: tuple[int | None] | None = None  # computed on first use
        self.history, self.position, self.last_refused, self.loaded = [], 0, None, None
        try:
            self.history = [Entry(self.adapter.initial_state(self.snapshot))]
            self.error = ""
        except ValueError as error:  # LevelFormatError is a ValueError
            self.error = f"This level cannot be played: {error}"
        self._set_stale(False)

    def _remember_file_on_disk(self) -> None:
        path = self.document.path
        if path is not None and path.is_file():
            try:
                self.remember_version(hashlib.md5(read_level(path, self.document.game)).hexdigest())
            except OSError:
                pass

    @property
    def snapshot_bytes(self) -> bytes:
        """The snapshot in the game's file form (what saving it would write)."""
        if self._snapshot_bytes is None:
            game = self.document.game
            try:
                self._snapshot_bytes = game.save(self.snapshot)
            except ValueError as error:  # a level its format cannot hold yet
                raise LevelFormatError(f"the level as played cannot be written as a {game.name} level: {error}") \
                    from error
        return self._snapshot_bytes

    def remember_version(self, md5: str) -> None:
        if self.versions[:1] == [md5]:
            return
        self.versions = [md5] + [v for v in self.versions if v != md5][:MAX_REMEMBERED_VERSIONS - 1]
        self.versionsChanged.emit()

    def level_context(self) -> LevelContext:
        current = hashlib.md5(self.snapshot_bytes).hexdigest()
        self.remember_version(current)
        self._remember_file_on_disk()
        older = tuple(v for v in self.versions if v != current)
        return LevelContext(self.snapshot, self.snapshot_bytes, self.document.path, older)

    @property
    def stale(self) -> bool:
        """Has the level been edited since this test started?"""
        return self._stale

    def _set_stale(self, stale: bool) -> None:
        if stale != self._stale:
            self._stale = stale
            self.staleChanged.emit(stale)

    @property
    def record_properties(self) -> tuple[str, ...]:
        """Properties that record play (high scores) rather than change it (the adapter's, optional)."""
        return tuple(getattr(self.adapter, "record_properties", ()))

    @property
    def par(self) -> int | None:
        """The fewest moves that win the snapshot, when the adapter can tell (its optional ``par``)."""
        if self._par is None:
            find_par = getattr(self.adapter, "par", None)
            self._par = (find_par(self.snapshot) if find_par is not None and self.history else None,)
        return self._par[0]

    def _document_changed(self) -> None:
        if self.document.revision == self.snapshot_revision or self._same_as_snapshot():
            self._set_stale(False)  # e.g. the edit was undone
        else:
            self._set_stale(True)
        self._follow_records()  # even on a stale test: a score saved from it adds to the level's

    def _follow_records(self) -> None:
        """Give the snapshot the document's record properties (a high score saved or undone),
        so what is stored next adds to them and the level's file form matches."""
        names = self.record_properties
        if not names:
            return
        try:
            current = self.document.level.properties()
            ours = self.snapshot.properties()
        except AttributeError:
            return
        changed = {name: current[name] for name in names if name in current and current[name] != ours.get(name)}
        if changed:
            self.snapshot.set_properties(changed)
            self._snapshot_bytes = None
            self.recordsChanged.emit()

    def _same_as_snapshot(self) -> bool:
        """Does the document's level equal the snapshot again? Compared through the
        EditableGrid protocol (cells, entities, properties), far cheaper than saving."""
        level, snapshot = self.document.level, self.snapshot
        try:
            if (level.width, level.height) != (snapshot.width, snapshot.height):
                return False
            if level.entity_state() != snapshot.entity_state():
                return False
            records = self.record_properties
            edited, played = level.properties(), snapshot.properties()
            if {k: v for k, v in edited.items() if k not in records} != \
                    {k: v for k, v in played.items() if k not in records}:
                return False
            return all(level.cell_bundle(i) == snapshot.cell_bundle(i) for i in range(level.width * level.height))
        except AttributeError:  # a level that is not an EditableGrid: any edit makes the test stale
            return False

    # -- where play stands ------------------------------------------------------------
    @property
    def playable(self) -> bool:
        return bool(self.history)

    @property
    def current(self) -> Entry | None:
        return self.history[self.position] if self.history else None

    @property
    def state(self):
        return self.current.state if self.history else None

    @property
    def moves(self) -> tuple:
        """The moves up to the position: the recorded solution."""
        return tuple(entry.report.move for entry in self.history[1:self.position + 1])

    @property
    def timeline_moves(self) -> tuple:
        """Every move in the history, including the redo list."""
        return tuple(entry.report.move for entry in self.history[1:])

    @property
    def length(self) -> int:
        """The number of moves in the whole history."""
        return max(0, len(self.history) - 1)

    @property
    def outcome(self) -> Outcome:
        entry = self.current
        if entry is None:
            return Outcome()
        return entry.report.outcome if entry.report is not None else self.adapter.outcome(entry.state)

    @property
    def outcome_text(self) -> str:
        return describe_outcome(self.outcome, self.position)

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < self.length

    # -- playing -----------------------------------------------------------------------
    def play(self, move: Hashable) -> StepReport | None:
        """Play ``move`` from the current state. A move that changes nothing is not
        recorded (``refused`` carries it, for its annotations); a finished game
        refuses every move (returns None)."""
        if not self.history:
            return None
        self.pause()
        if self.outcome.finished:
            self.refused.emit(None)
            return None
        if self.can_redo() and self.history[self.position + 1].report.move == move:
            self.position += 1  # the same move as the one the history goes on with: keep the rest
            self.last_refused = None
            report = self.current.report
            self.changed.emit(report)
            return report
        report = self.adapter.step(self.state, move)
        if not report.changed:
            self.last_refused = report
            self.refused.emit(report)
            return report
        del self.history[self.position + 1:]
        self.parting = None  # the timeline is the player's own from here
        self.history.append(Entry(report.state, report))
        self.position += 1
        self.last_refused = None
        self.loaded = None  # the timeline is now the player's own
        self.changed.emit(report)
        return report

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.pause()
        return self.seek(self.position - 1)

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.position += 1
        self.last_refused = None
        self.changed.emit(self.current.report)
        return True

    def seek(self, position: int) -> bool:
        """Jump to move ``position`` of the history (0 is the start)."""
        position = max(0, min(position, self.length))
        if position == self.position and self.last_refused is None:
            return False
        self.position = position
        self.last_refused = None
        self.changed.emit(None)
        return True

    def restart(self) -> None:
        """Back to the start. On a stale session, a fresh start on the level as it is
        now; otherwise the moves made stay in the redo list."""
        self.pause()
        if self._stale or not self.history:
            self.restart_on_new_version()
        else:
            self.position, self.last_refused = 0, None
            self.changed.emit(None)

    def restart_on_new_version(self, keep_moves: bool = False) -> Verification | None:
        """Take a new snapshot of the document's level. With ``keep_moves`` the moves
        recorded so far are loaded as a replay on the new version."""
        self.pause()
        moves = self.moves if keep_moves else ()
        self._take_snapshot()
        result = None
        if moves and self.history:
            result = self.load_moves(moves, "your moves", "this test")
        self.changed.emit(None)
        return result

    # -- replaying -----------------------------------------------------------------------
    def load_moves(self, moves: Sequence[Hashable], name: str, source: str,
                   older_version: bool = False) -> Verification:
        """Replace the history with ``moves`` played from the start (every move counts,
        even one that changes nothing, as the verdict does; play stops when the game
        is over) and go to the start, ready to replay."""
        self.pause()
        if not self.history:
            raise ValueError(self.error or "nothing to play")
        state = self.history[0].state
        history = [self.history[0]]
        verification = None
        for count, move in enumerate(moves, start=1):
            report = self.adapter.step(state, move)
            state = report.state
            history.append(Entry(state, report))
            if report.outcome.finished:
                verification = Verification(report.outcome, count)
                break
        if verification is None:
            verification = Verification(self.adapter.outcome(state), len(moves))
        self.history, self.position, self.last_refused = history, 0, None
        self.loaded = LoadedSolution(name, source, verification, older_version)
        self.parting = None
        self.changed.emit(None)
        return verification

    @property
    def replaying(self) -> bool:
        return self._timer.isActive()

    def play_replay(self) -> None:
        """Walk forward through the redo list at ``speed`` moves per second (from the
        start when already at the end)."""
        if not self.history or self.length == 0:
            return
        if not self.can_redo():
            self.seek(0)
        self._timer.start(max(15, round(1000 / self.speed)))
        self.replayingChanged.emit(True)

    def pause(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self.replayingChanged.emit(False)

    def toggle_replay(self) -> None:
        self.pause() if self.replaying else self.play_replay()

    def set_speed(self, moves_per_second: float) -> None:
        self.speed = max(0.25, float(moves_per_second))
        if self._timer.isActive():
            self._timer.setInterval(max(15, round(1000 / self.speed)))

    def _replay_tick(self) -> None:
        if not self.redo() or not self.can_redo():
            self.pause()
