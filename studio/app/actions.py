"""The one registry of the studio's QActions: text, icon, shortcut and tip in one place.

Widgets look actions up by id; menus and toolbars are built from the same
objects, so a shortcut is defined once.
"""

from __future__ import annotations

from dataclasses import dataclass

import qtawesome as qta
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence


@dataclass(frozen=True)
class ActionSpec:
    text: str
    icon: str = ""
    shortcut: str | QKeySequence.StandardKey | tuple = ""
    tip: str = ""
    checkable: bool = False
    checked: bool = False


SPECS: dict[str, ActionSpec] = {
    # File
    "new": ActionSpec("&New…", "fa5s.file", QKeySequence.StandardKey.New, "Create a new level"),
    "generate": ActionSpec("&Generate…", "fa5s.dice", "Ctrl+Shift+N", "Generate a level from a seed"),
    "open": ActionSpec("&Open…", "fa5s.folder-open", QKeySequence.StandardKey.Open, "Open a level file"),
    "save": ActionSpec("&Save", "fa5s.save", QKeySequence.StandardKey.Save, "Save the level"),
    "save_as": ActionSpec("Save &As…", "", QKeySequence.StandardKey.SaveAs, "Save the level under a new name"),
    "close": ActionSpec("&Close", "", QKeySequence.StandardKey.Close, "Close the level"),
    "quit": ActionSpec("&Quit", "", QKeySequence.StandardKey.Quit, "Quit the studio"),
    # Edit
    "undo": ActionSpec("&Undo", "fa5s.undo", QKeySequence.StandardKey.Undo, "Undo the last edit"),
    "redo": ActionSpec("&Redo", "fa5s.redo", (QKeySequence.StandardKey.Redo, "Ctrl+Y"), "Redo"),
    "cut": ActionSpec("Cu&t", "fa5s.cut", QKeySequence.StandardKey.Cut, "Cut the selection"),
    "copy": ActionSpec("&Copy", "fa5s.copy", QKeySequence.StandardKey.Copy, "Copy the selection"),
    "paste": ActionSpec("&Paste", "fa5s.paste", QKeySequence.StandardKey.Paste,
                        "The copied cells follow the cursor: click (or Enter) puts them down, Esc stops"),
    "delete": ActionSpec("&Erase Selection", "fa5s.times", QKeySequence.StandardKey.Delete, "Erase the selected cells"),
    "select_all": ActionSpec("Select &All", "", QKeySequence.StandardKey.SelectAll, "Select the whole level"),
    "deselect": ActionSpec("&Deselect", "", "Ctrl+Shift+A", "Clear the selection"),
    "reverse_selection": ActionSpec("Re&verse Selection", "fa5s.adjust", "Ctrl+I",
                                    "Turn the selection's paths into walls and its walls into paths"),
    "move_left": ActionSpec("Move Selection Left", "", "Ctrl+Left"),
    "move_right": ActionSpec("Move Selection Right", "", "Ctrl+Right"),
    "move_up": ActionSpec("Move Selection Up", "", "Ctrl+Up"),
    "move_down": ActionSpec("Move Selection Down", "", "Ctrl+Down"),
    "expand_left": ActionSpec("Expand Pattern Left", "", "Shift+Left"),
    "expand_right": ActionSpec("Expand Pattern Right", "", "Shift+Right"),
    "expand_up": ActionSpec("Expand Pattern Up", "", "Shift+Up"),
    "expand_down": ActionSpec("Expand Pattern Down", "", "Shift+Down"),
    "properties": ActionSpec("Level &Properties…", "fa5s.sliders-h", "Ctrl+P", "Title, author and size"),
    "preferences": ActionSpec("Pre&ferences…", "fa5s.cog", "Ctrl+,",
                              "Autosave interval, backups and other settings of the studio"),
    # View
    "toggle_layer": ActionSpec("Switch &Layer (normal / bizarro)", "fa5s.exchange-alt", "Y", "Edit the other layer"),
    "show_other_layer": ActionSpec("Show Other Layer &Faintly", "", "", "", True, True),
    "show_links": ActionSpec("Show &Destinations", "fa5s.long-arrow-alt-right", "D", "Draw destination arrows", True, True),
    "show_grid": ActionSpec("Show &Grid", "fa5s.border-all", "G", "Draw cell borders", True, False),
    "zoom_in": ActionSpec("Zoom &In", "fa5s.search-plus", ("]", QKeySequence.StandardKey.ZoomIn), "Zoom in"),
    "zoom_out": ActionSpec("Zoom &Out", "fa5s.search-minus", ("[", QKeySequence.StandardKey.ZoomOut), "Zoom out"),
    "zoom_reset": ActionSpec("&Actual Size", "", "Ctrl+0", "Zoom to 100%"),
    "fit": ActionSpec("&Fit to Window", "fa5s.expand", "Ctrl+9", "Zoom to show the whole level"),
}


class ActionRegistry(QObject):
    def __init__(self, parent: QObject):
        super().__init__(parent)
        self.actions: dict[str, QAction] = {}
        for action_id, spec in SPECS.items():
            self.add(action_id, spec)

    def add(self, action_id: str, spec: ActionSpec) -> QAction:
        action = QAction(spec.text, self.parent())
        action.setObjectName(action_id)
        if spec.icon:
            action.setIcon(qta.icon(spec.icon, color="#dfe3ea", color_disabled="#6b7078"))
        shortcuts = spec.shortcut if isinstance(spec.shortcut, tuple) else (spec.shortcut,)
        sequences = []
        for shortcut in shortcuts:
            if not shortcut:
                continue
            found = QKeySequence.keyBindings(shortcut) if isinstance(shortcut, QKeySequence.StandardKey) else [QKeySequence(shortcut)]
            sequences += [s for s in found if s not in sequences]
        if sequences:
            action.setShortcuts(sequences)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        tip = spec.tip or spec.text.replace("&", "").rstrip("…")
        if sequences:
            tip += f" ({sequences[0].toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(spec.tip)
        action.setCheckable(spec.checkable)
        if spec.checkable:
            action.setChecked(spec.checked)
        self.actions[action_id] = action
        return action

    def __getitem__(self, action_id: str) -> QAction:
        return self.actions[action_id]
