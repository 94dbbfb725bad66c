"""Saving and loading solutions from the play-test dock, and the win panel's scores:
``DockSolutions``, a part of ``PlaytestDock`` (dock.py) that works on its session."""

from __future__ import annotations

import getpass
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox
from shiboken6 import isValid

from studio.core.errors import LevelFormatError
from studio.core.playtest_adapter import WON, StoredSolution, Verification, WinOffer, verify_moves
from studio.editor.lifetimes import run_modal

PLAYER_NAME_KEY = "playtest/player_name"


@dataclass(frozen=True)
class RecordedScore:
    """A score saved from the win panel: for which win (``key``), by which undo command
    (while it is applied, the panel shows the score saved), under which name."""

    key: tuple
    command: object
    name: str
    note: str
    offer: WinOffer


def saved_table(offer: WinOffer, name: str) -> WinOffer | None:
    """The offer made after the score was saved holds it twice: as the level's entry and
    as the would-be new score. Keep the entry (its true rank) and mark it; None when the
    table does not show it."""
    new = offer.new_row
    if new is None:
        return None
    rows, found = [], False
    for row in offer.rows:
        if row.new:
            continue
        rank = row.rank - 1 if row.rank > new.rank else row.rank
        mine = not found and row.player == name and row.score == new.score
        found = found or mine
        rows.append(replace(row, rank=rank, new=mine))
    return replace(offer, rows=tuple(rows)) if found else None


class DockSolutions:
    """Solutions and scores: the part of PlaytestDock that stores what was played."""

    def save_solution(self, name: str, target: Path | None = None):
        """Store the moves played up to now; returns the SavedSolution (raises on failure).

        A solution kept in the level is an undoable edit; when the level's file holds
        everything else already, the file is saved at once (as a solution file would
        be written), otherwise the edit waits for the designer's save."""
        session = self.session
        if session is None or not session.playable or not session.moves:
            raise ValueError("there are no moves to save yet")
        saved = session.adapter.save_solution(session.level_context(), session.moves, name, target)
        message = saved.message
        self.last_save_note = ""
        if saved.properties:
            self.last_save_note = self._store_in_level(saved.properties, saved.stored_name or name)
            message += f" — {self.last_save_note[0].lower()}{self.last_save_note[1:]}"
        elif session.stale or session.document.is_modified:
            message += " — for the level as played, which is not what its file holds yet: save the level to match"
        self.message.emit(message)
        self.solutionSaved.emit(saved)
        return saved

    def _store_in_level(self, properties: dict, name: str) -> str:
        """Apply a solution's level properties as an undoable edit, and save the file when
        nothing else is waiting to be saved; returns what happened, for the user."""
        from studio.model.commands import ChangeProperties

        session = self.session
        document = session.document
        writable = document.path is not None and not document.is_modified and not session.stale
        command = ChangeProperties(document, properties)
        command.setText(f"Record “{name}”")  # as the Undo History lists it
        document.undo_stack.push(command)
        self.last_command = command
        if not writable:
            if document.path is None:
                return "Recorded in the level; save the level to keep it."
            return "Recorded in the level with its other unsaved edits; save the level to keep it."
        try:
            document.save()
        except OSError as error:
            return f"Recorded, but {document.path.name} could not be written ({error.strerror or error}); " \
                   "save the level to keep it."
        return f"Saved into {document.path.name}."

    # -- the player's name (remembered between sessions) ---------------------------------------
    def player_name(self) -> str:
        """The last name a score or solution was saved under, else the login name."""
        remembered = self.settings.value(PLAYER_NAME_KEY, "") if self.settings is not None else ""
        if remembered:
            return str(remembered)
        try:
            return getpass.getuser()
        except (KeyError, OSError):
            return ""

    def remember_player_name(self, name: str) -> None:
        if self.settings is not None and name.strip():
            self.settings.set_value(PLAYER_NAME_KEY, name.strip())

    # -- the win panel -------------------------------------------------------------------------
    def _win_to_offer(self):
        """The offer for the position shown, if it is a win played by hand and the game makes one."""
        session = self.session
        if session is None or not session.playable or session.loaded is not None or session.replaying:
            return None, None
        make_offer = getattr(session.adapter, "win_offer", None)
        if make_offer is None or session.outcome.kind != WON or session.position == 0:
            return None, None
        key = (session, session.current)
        if key != self._offer_key:
            try:
                offer = make_offer(session.level_context(), session.state, session.moves)
            except ValueError:  # a level its format cannot hold yet: no score table to offer
                offer = None
            self._offer_key, self._offer = key, offer
        return key, self._offer

    def _update_win_panel(self) -> None:
        key, offer = self._win_to_offer()
        if offer is None:
            self.win_panel.hide()
            self.keys_label.show()
            return
        recorded = self._recorded
        if recorded is not None and recorded.key == key and self._still_applied(recorded.command):
            self.win_panel.show_saved(saved_table(offer, recorded.name) or recorded.offer, recorded.name,
                                      recorded.note)
            self.keys_label.hide()  # room for the table; the panel is about keys no more
            return
        session = self.session
        if session.stale:
            note, can_save = "The level was edited since this test started: restart it to play for a score.", False
        elif session.document.path is None:
            note, can_save = "The score is recorded in the level; save the level to keep it.", True
        elif session.document.is_modified:
            note, can_save = "The level has unsaved edits: the score joins them; save the level to keep it.", True
        else:
            note, can_save = f"Saving writes the score into {session.document.path.name}.", True
        if recorded is not None and recorded.key == key:
            note = "Your score was taken back (undone). " + note
        self.win_panel.show_offer(offer, self.player_name(), note, can_save)
        self.keys_label.hide()

    def _still_applied(self, command) -> bool:
        """Is the panel's saved score still in the level (not undone, not dropped from the stack)?"""
        stack = self.session.document.undo_stack
        for index in range(stack.index()):
            if stack.command(index) is command:
                return True
        return False

    def save_score(self, name: str) -> None:
        """The win panel's "Save score": the win stored through the adapter, the name remembered."""
        key, offer = self._win_to_offer()
        if offer is None:
            return
        self.remember_player_name(name)
        try:
            saved = self.save_solution(name or self.player_name())
        except (ValueError, OSError) as error:
            self.win_panel.note.setText(f"Cannot save the score: {getattr(error, 'strerror', None) or error}")
            return
        shown = saved.stored_name or name
        self._recorded = RecordedScore(key, self.last_command, shown, "✓ " + self.last_save_note, offer)
        self._update_win_panel()
        self.board.setFocus()

    def _undo_index_changed(self, index: int) -> None:
        # A command runs before the stack moves its index: look again once it has.
        # (A stack being destroyed with its document says so too: leave it alone.)
        if self._recorded is not None and self.session is not None and isValid(self.session.document.undo_stack):
            self._update_win_panel()

    def _records_changed(self) -> None:
        self._offer_key = None  # the table changed (a score saved or undone): ask again
        self.refresh()

    def save_solution_dialog(self, choose_file: bool = False) -> None:
        session = self.session
        if session is None or not session.moves:
            return
        session.pause()
        target = None
        files = session.adapter.solution_files()
        if choose_file and files is not None:
            start = str(session.document.path.parent) if session.document.path else ""
            chosen, _ = QFileDialog.getSaveFileName(
                self, "Save Solution to", start, f"{files.description} ({' '.join(files.patterns)})",
                options=QFileDialog.Option.DontConfirmOverwrite)  # solutions are added, nothing is overwritten
            if not chosen:
                return
            target = Path(chosen)
            if not target.suffix and files.patterns:
                target = target.with_suffix(files.patterns[0].lstrip("*"))
        adapter = session.adapter
        named_after_player = getattr(adapter, "solution_named_after_player", False)
        if named_after_player:
            default = self.player_name()
        else:
            default = f"{datetime.now():%Y-%m-%d %H:%M} ({session.position} moves)"
        label = getattr(adapter, "solution_name_label", "Name of the solution:")
        name, ok = QInputDialog.getText(self, "Save Solution", label, text=default)
        if not ok:
            return
        if named_after_player:
            self.remember_player_name(name)
        try:
            self.save_solution(name.strip() or default, target)
        except (ValueError, OSError) as error:
            box = QMessageBox(QMessageBox.Icon.Warning, "Cannot save the solution",
                              str(getattr(error, "strerror", None) or error), QMessageBox.StandardButton.Ok, self)
            box.setTextFormat(Qt.TextFormat.PlainText)  # the reason may quote a file's name or text
            box.exec()
        self.board.setFocus()

    def stored_solutions(self, source: Path | None = None) -> list[tuple[StoredSolution, Verification]]:
        """The stored solutions of the level being tested, each played on this version."""
        session = self.session
        context = session.level_context()
        found = session.adapter.load_solutions(context, source)
        return [(solution, verify_moves(session.adapter, session.snapshot, solution.moves)) for solution in found]

    def load_solution(self, solution: StoredSolution) -> Verification:
        """Replay a stored solution from the start (re-verified on the level as it is now)."""
        session = self.session
        if session.stale:
            session.restart_on_new_version()
        verification = session.load_moves(solution.moves, solution.name, solution.source,
                                          older_version=not solution.current)
        note = session.loaded.note
        self.message.emit(f"Loaded “{solution.name}”: {note}")
        self.board.setFocus()
        return verification

    def load_moves_text(self, text: str, name: str = "typed moves") -> Verification:
        session = self.session
        return session.load_moves(session.adapter.parse_moves(text), name, "typed")

    def load_solution_dialog(self) -> None:
        session = self.session
        if session is None or not session.playable:
            return
        session.pause()
        if session.stale:
            session.restart_on_new_version()
        from studio.playtest.solutions_dialog import SolutionsDialog

        dialog = SolutionsDialog(self, session.adapter.solution_files())
        run_modal(dialog)
        if dialog.chosen is not None:
            self.load_solution(dialog.chosen)
        self.board.setFocus()

    def list_solutions_for_dialog(self, source: Path | None):
        """For the dialog: the rows, or an error message."""
        try:
            return self.stored_solutions(source), ""
        except (LevelFormatError, OSError) as error:
            return [], str(getattr(error, "strerror", None) or error)
