"""The play-test dock: the board, the move counter and outcome, the replay controls,
and saving and loading solutions. It shows one PlaytestSession at a time (the
controller, app/playtest_integration.py, picks which) and knows no game: everything
comes from the session's adapter.

By role: the widgets and what they show are ``DockView`` (dock_view.py), saving and
loading solutions and scores ``DockSolutions`` (dock_solutions.py); this module wires
a session to them and takes the commands (keys, buttons, menus).
"""

from __future__ import annotations

from PySide6.QtCore import Signal

from studio.core.game import game_by_id
from studio.core.playtest_adapter import RING, Annotation, Outcome, OverlaySpec
from studio.playtest.dock_solutions import DockSolutions, RecordedScore
from studio.playtest.dock_view import REPLAY_SPEEDS, DockView
from studio.playtest.session import PlaytestSession

PARTING = "parting"  # the dock's own mark (no game's): where a loaded shortcut parts from the designer's way
PARTING_SPEC = OverlaySpec(PARTING, "Where the Shortcut Parts", "Where the solver's shortcut leaves your solution",
                           "#ff9df5")


class PlaytestDock(DockSolutions, DockView):
    """Beside the editor: play the level being edited."""

    leaveRequested = Signal()  # Esc: focus back to the editor
    message = Signal(str)  # for the status bar
    solutionSaved = Signal(object)  # SavedSolution
    openLevelRequested = Signal(object)  # a Path: the playlist's next level, to open and play

    def __init__(self, parent=None):
        super().__init__("Play-Test", parent)
        self.setObjectName("playtest_dock")
        self.session: PlaytestSession | None = None
        self.board_painters: dict[str, object] = {}
        self.enabled_overlays: set[str] = set()
        self.animate = True
        self.animation_ms = 140
        self.settings = None  # StudioSettings, set by the controller: the player's name is kept there
        self._offer_key = None  # (session, history entry) the win panel's offer was made for
        self._offer = None
        self._recorded: RecordedScore | None = None  # the score saved from the win panel
        self.last_command = None  # the undo command of the last solution stored in the level
        self.last_save_note = ""  # what became of it ("Saved into x.laby.")
        self.blocked_words = ""  # why the last move tried did nothing (shown until the next one)
        self._build()
        self.show_session(None, "Press P (or the Play-Test button) to play the level you are editing.")

    # -- which session -------------------------------------------------------------------
    def show_session(self, session: PlaytestSession | None, placeholder: str = "") -> None:
        if self.session is not None:
            self.session.pause()  # a replay does not go on unseen
            for signal, slot in self._session_connections():
                signal.disconnect(slot)
        self.session = session
        self._offer_key = self._offer = None  # (the key holds the session it was made for)
        self.board.placeholder = placeholder or "No level to play"
        if session is None:
            self.board.set_painter(None)
            self.board.show_state(None, Outcome(), [])
            self.board.set_move_keys([])
            self.refresh()
            return
        adapter = session.adapter
        if adapter.game_id not in self.board_painters:
            self.board_painters[adapter.game_id] = game_by_id(adapter.game_id).view.resolve().make_play_painter()
        self.board.set_painter(self.board_painters[adapter.game_id])
        self.board.set_move_keys(adapter.keys())
        self.board.set_overlays(tuple(adapter.overlays()) + (PARTING_SPEC,), self.enabled_overlays | {PARTING})
        self.board.placeholder = session.error or placeholder or "No level to play"
        for signal, slot in self._session_connections():
            signal.connect(slot)
        self.speed_box.setCurrentIndex(self._speed_index(session.speed))
        self._show_current(None)

    def _session_connections(self):
        session = self.session
        return [(session.changed, self._show_current), (session.refused, self._refused),
                (session.staleChanged, self._stale_changed), (session.replayingChanged, self._replaying_changed),
                (session.recordsChanged, self._records_changed),
                (session.document.undo_stack.indexChanged, self._undo_index_changed)]

    def set_enabled_overlays(self, enabled: set[str]) -> None:
        self.enabled_overlays = set(enabled)
        self.board.enabled_overlays = set(enabled) | {PARTING}
        self.board.update()

    # -- commands (keys, buttons and menus come here) -----------------------------------------
    def play(self, move) -> None:
        if self.session is not None:
            self.board.finish_animation()
            self.session.play(move)

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.pause()
            self.session.redo()

    def restart(self) -> None:
        if self.session is not None:
            self.session.restart()

    def to_end(self) -> None:
        if self.session is not None:
            self.session.pause()
            self.session.seek(self.session.length)

    def toggle_replay(self) -> None:
        if self.session is not None:
            self.session.toggle_replay()

    def restart_on_new_version(self, keep_moves: bool = False) -> None:
        if self.session is None:
            return
        result = self.session.restart_on_new_version(keep_moves=keep_moves)
        if result is not None:
            self.message.emit(f"Your moves on the new version: {result.text}")
        self.board.setFocus()

    def _slider_moved(self, value: int) -> None:
        if self.session is not None and value != self.session.position:
            self.session.pause()
            self.session.seek(value)

    def _speed_chosen(self, index: int) -> None:
        if self.session is not None:
            self.session.set_speed(self.speed_box.itemData(index))

    @staticmethod
    def _speed_index(speed: float) -> int:
        return min(range(len(REPLAY_SPEEDS)), key=lambda i: abs(REPLAY_SPEEDS[i][1] - speed))

    # -- showing ----------------------------------------------------------------------------
    def _show_current(self, report) -> None:
        session = self.session
        self.blocked_words = ""
        if session is None or not session.playable:
            self.board.show_state(None, Outcome(), [])
            self.refresh()
            return
        adapter = session.adapter
        entry = session.current
        annotations = adapter.annotations(entry.state, entry.report)
        animate = report is not None and report.changed and self.animate and not self._replay_too_fast()
        motions = adapter.motions(report) if animate else ()
        caption = _sentence(adapter.blocked_text(entry.report)) if entry.report is not None else ""
        marks = self._parting_marks(session)
        if marks:
            annotations, caption = list(annotations) + marks, session.parting[1]
        self.board.show_state(entry.state, session.outcome, annotations, report if animate else None, motions,
                              self._tween_ms(), caption)
        if caption and report is not None and not session.replaying:
            self.message.emit(caption)
        self.refresh()

    @staticmethod
    def _parting_marks(session) -> list[Annotation]:
        """At the move where a loaded solution parts from the designer's: a ring on what moves next."""
        if session.parting is None or session.position != session.parting[0] or not session.can_redo():
            return []
        motions = session.adapter.motions(session.history[session.position + 1].report)
        return [Annotation(PARTING, RING, (motions[0].path[0],), "parts here")] if motions else []

    def _tween_ms(self) -> int:
        duration = self.animation_ms
        if self.session is not None and self.session.replaying:  # never longer than a replay step
            duration = min(duration, int(800 / self.session.speed))
        return duration

    def _replay_too_fast(self) -> bool:
        return self.session is not None and self.session.replaying and self.session.speed > 30

    def _refused(self, report) -> None:
        session = self.session
        if report is None:
            key_map = self.board.key_map
            self.message.emit(f"The game is over: {key_map.first_key('restart')} restarts, "
                              f"{key_map.first_key('undo')} undoes the last move.")
            return
        # Show why nothing happened (a blocked push) over the unchanged state.
        annotations = session.adapter.annotations(report.state, report)
        self.blocked_words = _sentence(session.adapter.blocked_text(report)) or "Nothing happened."
        self.board.show_state(report.state, session.outcome, annotations, caption=self.blocked_words)
        self.message.emit(f"Blocked: {self.blocked_words}")
        self.refresh()

    def _stale_changed(self, stale: bool) -> None:
        self.refresh()

    def _replaying_changed(self, replaying: bool) -> None:
        self.refresh()


def _sentence(words: str) -> str:
    """"the wall at (2, 3) is in the way" as a sentence."""
    words = words.strip()
    if not words:
        return ""
    return words[0].upper() + words[1:] + ("" if words.endswith((".", "!", "?")) else ".")
