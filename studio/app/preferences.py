"""Edit > Preferences: one dialog of pages, each page a widget in its own module.

A page is a QWidget class with a ``title``, built as ``Page(settings, parent)``, whose
``apply(window)`` stores its values (through the studio's settings) and applies them
to the open window; an optional ``check()`` returns why its values cannot be taken
(the dialog then stays open on it) or None. Add a page by naming it in ``PAGES``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QTabWidget, QVBoxLayout

from studio.app.dialogs import ok_cancel_buttons
from studio.core.lazy import Lazy
from studio.editor.lifetimes import run_modal

OPENING_SIZE = (560, 520)  # at least; a 1366x768 screen has room for it
PAGES = (
    Lazy("studio.app.preferences_files:FilesPage"),
    Lazy("studio.app.preferences_shortcuts:ShortcutsPage"),
    Lazy("studio.app.preferences_solver:SolverPage"),
)


class PreferencesDialog(QDialog):
    def __init__(self, settings, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.tabs = QTabWidget()
        self.pages = [page.resolve()(settings, self) for page in PAGES]
        for page in self.pages:
            self.tabs.addTab(page, page.title)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(ok_cancel_buttons(self))
        # Room for a dozen commands of the shortcuts' list at once (its size hint shows six).
        self.resize(max(self.sizeHint().width(), OPENING_SIZE[0]), max(self.sizeHint().height(), OPENING_SIZE[1]))

    def accept(self) -> None:
        # A page may refuse what was entered (a key given to two commands): it says why, and
        # the dialog stays open on it.
        for page in self.pages:
            check = getattr(page, "check", None)
            if check is not None and check() is not None:
                self.tabs.setCurrentWidget(page)
                return
        super().accept()

    def apply(self, window) -> None:
        for page in self.pages:
            page.apply(window)


def open_preferences(window) -> bool:
    """Show the dialog; on OK, every page applies its values. True when accepted."""
    dialog = PreferencesDialog(window.settings, window)
    if not run_modal(dialog):
        return False
    dialog.apply(window)
    return True
