"""The "Shortcuts" page of Preferences: every command's keys, changeable, kept in the
settings (only those changed from the studio's own), and put back on the actions at every
start (``install_shortcuts``). A key given to two commands is refused with a message
naming the other one, so each key does one thing.

Settings: ``shortcuts/ACTION_ID`` = the key sequences, "; " between them ("" for none).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout, QHeaderView, QKeySequenceEdit, QLineEdit, QPushButton, QTableWidget, QTableWidgetItem,
    QVBoxLayout, QWidget,
)

from studio.app.dialogs import problem_label

PREFIX = "shortcuts/"
SEPARATOR = "; "


def _text(sequences) -> str:
    return SEPARATOR.join(s.toString(QKeySequence.SequenceFormat.PortableText) for s in sequences if not s.isEmpty())


def _sequences(text: str) -> list[QKeySequence]:
    return [QKeySequence(part) for part in text.split(SEPARATOR) if part.strip()]


def named_actions(window) -> dict[str, QAction]:
    """The window's commands that have a name (the registry's), in its order."""
    return {name: action for name, action in window.actions.actions.items() if name}


class ShortcutKeeper:
    """The studio's own keys, remembered before the user's are put on the actions."""

    def __init__(self, window):
        self.window = window
        self.defaults = {name: list(action.shortcuts()) for name, action in named_actions(window).items()}
        self.apply_saved()

    def apply_saved(self) -> None:
        settings = self.window.settings
        for name, action in named_actions(self.window).items():
            saved = settings.value(PREFIX + name)
            sequences = _sequences(saved) if isinstance(saved, str) else self.defaults.get(name, [])
            set_keys(action, sequences)

    def store(self, name: str, sequences: list[QKeySequence]) -> None:
        """Keep a command's keys (forgotten when they are the studio's own again)."""
        settings = self.window.settings
        if _text(sequences) == _text(self.defaults.get(name, [])):
            settings.qsettings.remove(PREFIX + name)
        else:
            settings.set_value(PREFIX + name, _text(sequences))
        set_keys(self.window.actions[name], sequences)


def set_keys(action: QAction, sequences: list[QKeySequence]) -> None:
    """Put keys on an action, its tooltip naming the first as the registry's do."""
    old = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setShortcuts(sequences)
    tip = action.toolTip()
    if old and tip.endswith(f" ({old})"):
        tip = tip[: -len(f" ({old})")]
    new = sequences[0].toString(QKeySequence.SequenceFormat.NativeText) if sequences else ""
    action.setToolTip(f"{tip} ({new})" if new else tip)


def install_shortcuts(window) -> ShortcutKeeper:
    """Remember the studio's keys and put the user's saved ones on the actions (call it once
    every action exists)."""
    return ShortcutKeeper(window)


class ShortcutsPage(QWidget):
    title = "Shortcuts"

    def __init__(self, settings, parent=None):
        super().__init__(parent)
        self.window = parent.parentWidget() if parent is not None else None
        self.keeper: ShortcutKeeper = getattr(self.window, "shortcuts", None)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Find a command or a key…")
        self.filter.textChanged.connect(self._filter)
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["Command", "Keys"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.editors: dict[str, QKeySequenceEdit] = {}
        actions = named_actions(self.window) if self.window is not None else {}
        for row, (name, action) in enumerate(actions.items()):
            self.table.insertRow(row)
            item = QTableWidgetItem(action.text().replace("&", "").split("\t")[0].rstrip("…"))
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(action.statusTip() or action.toolTip())
            self.table.setItem(row, 0, item)
            editor = QKeySequenceEdit(action.shortcut())
            editor.setObjectName(f"keys_{name}")
            editor.setClearButtonEnabled(True)
            editor.keySequenceChanged.connect(lambda _=None: self.check())
            self.table.setCellWidget(row, 1, editor)
            self.editors[name] = editor
        reset = QPushButton("Reset All to the Studio's Keys")
        reset.clicked.connect(self.reset_all)
        self.problem = problem_label()
        buttons = QHBoxLayout()
        buttons.addWidget(self.problem, 1)
        buttons.addWidget(reset)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def _filter(self, text: str) -> None:
        text = text.lower()
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            name = item.data(Qt.ItemDataRole.UserRole)
            keys = self.editors[name].keySequence().toString(QKeySequence.SequenceFormat.NativeText)
            found = " ".join((item.text(), item.toolTip(), name.replace("_", " "), keys)).lower()
            self.table.setRowHidden(row, text not in found)

    def reset_all(self) -> None:
        defaults = self.keeper.defaults if self.keeper is not None else {}
        for name, editor in self.editors.items():
            found = defaults.get(name, [])
            editor.setKeySequence(found[0] if found else QKeySequence())

    def chosen(self, name: str) -> list[QKeySequence]:
        """The keys a row asks for: the one entered, and the studio's other keys for the command
        when the first is unchanged (Redo's Ctrl+Shift+Z beside Ctrl+Y)."""
        entered = self.editors[name].keySequence()
        defaults = self.keeper.defaults.get(name, []) if self.keeper is not None else []
        if defaults and entered == defaults[0]:
            return list(defaults)
        return [entered] if not entered.isEmpty() else []

    def check(self) -> str | None:
        """A key asked for by two commands, said in the page; None when each key does one thing."""
        owners: dict[str, str] = {}
        for name in self.editors:
            for sequence in self.chosen(name):
                key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
                if key in owners:
                    actions = self.window.actions
                    problem = (f"{sequence.toString(QKeySequence.SequenceFormat.NativeText)} is given to both "
                               f"“{_label(actions[owners[key]])}” and “{_label(actions[name])}”: "
                               f"a key does one thing.")
                    self.problem.setText(problem)
                    return problem
                owners[key] = name
        self.problem.setText("")
        return None

    def apply(self, window) -> None:
        if self.keeper is None or self.check() is not None:
            return  # (a clash is said on the page; the keys stay as they were)
        for name in self.editors:
            self.keeper.store(name, self.chosen(name))


def _label(action: QAction) -> str:
    return action.text().replace("&", "").split("\t")[0].rstrip("…")
