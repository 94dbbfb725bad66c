"""Edit > Preferences > Solver: the live verdict on or off, and how long each check may take."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QSpinBox, QWidget

from studio.app.live_verdict import BUDGET_KEY, DEFAULT_SECONDS, ENABLED_KEY


class SolverPage(QWidget):
    title = "Solver"

    def __init__(self, settings, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.enabled = QCheckBox("Check the level while I draw (the live verdict)")
        self.enabled.setChecked(bool(settings.value(ENABLED_KEY, True, bool)))
        self.seconds = QSpinBox()
        self.seconds.setRange(1, 120)
        self.seconds.setSuffix(" s")
        self.seconds.setValue(int(float(settings.value(BUDGET_KEY, DEFAULT_SECONDS) or DEFAULT_SECONDS)))
        self.seconds.setToolTip("How long the solver may search each version of the level before it says "
                                "\"not decided\"")
        note = QLabel("After each edit the solver decides, in a process of its own, whether the level can "
                      "still be solved, and how short its shortest solution is. The verdict shows in the "
                      "status bar and at the top of the Problems dock.")
        note.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.enabled)
        form.addRow("Time for each check", self.seconds)
        form.addRow(note)

    def apply(self, window) -> None:
        self.settings.set_value(ENABLED_KEY, self.enabled.isChecked())
        self.settings.set_value(BUDGET_KEY, self.seconds.value())
        live = getattr(getattr(window, "solving", None), "live_verdict", None)
        if live is not None:
            live.settings_changed()
