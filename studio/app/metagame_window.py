"""The Intricacy Metagame window's widgets: your codename and three lock slots, the other
players' slots with your access to each and your score against them, the lock you solved
(to declare it behind one of your slots), and the notes you have read.

The MetagameController (app/metagame_controller.py) talks to the server; this window only
shows what it is given and says what was asked, through its signals.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QProgressBar, QPushButton, QSplitter, QTableWidget, QTableWidgetItem, QTreeWidget, QTreeWidgetItem,
    QVBoxLayout, QWidget,
)

from studio.games.intricacy.metagame import SLOT_COUNT

LOCK_ROLE = Qt.ItemDataRole.UserRole
ACCESSED, NOT_ACCESSED = "✔ accessed", "✘ not accessed"


def lock_words(slot: dict | None) -> str:
    if slot is None:
        return "empty"
    return f"lock {slot['lock_id']}" + (" (public)" if slot["public"] else "")


def signed(score: int) -> str:
    return f"{score:+d}" if score else "0"


class MetagameWindow(QWidget):
    refreshRequested = Signal()
    registerRequested = Signal(str)  # the codename asked for
    placeRequested = Signal(int)  # slot: put the lock being edited there
    retireRequested = Signal(int)
    pickRequested = Signal(int)  # lock id: open it in the play-test
    declareRequested = Signal(int)  # slot to secure the note behind

    def __init__(self, parent=None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("metagame_window")
        self.setWindowTitle("Intricacy Metagame")
        self.resize(760, 720)
        layout = QVBoxLayout(self)
        layout.addLayout(self._top_row())
        layout.addWidget(self._codename_box())
        layout.addWidget(self._slots_box())
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self._players_box())
        splitter.addWidget(self._declare_box())
        splitter.addWidget(self._notes_box())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(2, 2)
        layout.addWidget(splitter, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.hide()
        self.status = QLabel("Not connected yet.")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        self.own_slots: list = [None] * SLOT_COUNT
        self.show_solved(None)
        self.set_can_place(False, "Open an Intricacy lock to put it in a slot.")

    # -- construction -----------------------------------------------------------------
    def _top_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.codename = QLabel("Codename: —")
        font = self.codename.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.codename.setFont(font)
        self.server = QLabel()
        self.server.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refresh = QPushButton("Refresh")
        self.refresh.clicked.connect(self.refreshRequested)
        row.addWidget(self.codename)
        row.addStretch(1)
        row.addWidget(self.server)
        row.addWidget(self.refresh)
        return row

    def _codename_box(self) -> QGroupBox:
        box = QGroupBox("Register a codename")
        row = QHBoxLayout(box)
        self.codename_field = QLineEdit()
        self.codename_field.setMaxLength(3)
        self.codename_field.setPlaceholderText("ABC")
        self.codename_field.setMaximumWidth(80)
        register = QPushButton("Register")
        register.clicked.connect(lambda: self.registerRequested.emit(self.codename_field.text().strip()))
        self.codename_field.returnPressed.connect(register.click)
        row.addWidget(QLabel("Your account name is not three letters: choose a codename (three letters, once)."))
        row.addWidget(self.codename_field)
        row.addWidget(register)
        self.codename_box = box
        box.hide()
        return box

    def _slots_box(self) -> QGroupBox:
        box = QGroupBox("Your lock slots")
        grid = QGridLayout(box)
        self.slot_labels, self.place_buttons, self.retire_buttons = [], [], []
        for slot in range(SLOT_COUNT):
            label = QLabel()
            place = QPushButton("Put Current Lock Here")
            retire = QPushButton("Retire")
            place.clicked.connect(lambda _=False, slot=slot: self.placeRequested.emit(slot))
            retire.clicked.connect(lambda _=False, slot=slot: self.retireRequested.emit(slot))
            grid.addWidget(QLabel(f"Slot {slot}"), slot, 0)
            grid.addWidget(label, slot, 1)
            grid.addWidget(place, slot, 2)
            grid.addWidget(retire, slot, 3)
            self.slot_labels.append(label)
            self.place_buttons.append(place)
            self.retire_buttons.append(retire)
        grid.setColumnStretch(1, 1)
        return box

    def _players_box(self) -> QGroupBox:
        box = QGroupBox("Other players: their slots, your access, your score against them")
        layout = QVBoxLayout(box)
        self.players = QTreeWidget()
        self.players.setHeaderLabels(["Player / slot", "Lock", "Your access", "Your score"])
        self.players.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.players.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.players.itemDoubleClicked.connect(lambda item, _column: self._pick(item))
        self.players.itemSelectionChanged.connect(self._selection_changed)
        self.pick = QPushButton("Pick This Lock (Play-Test)")
        self.pick.clicked.connect(lambda: self._pick(self.players.currentItem()))
        layout.addWidget(self.players, 1)
        layout.addWidget(self.pick, 0, Qt.AlignmentFlag.AlignRight)
        return box

    def _declare_box(self) -> QGroupBox:
        box = QGroupBox("Declare a solution")
        row = QHBoxLayout(box)
        self.solved = QLabel()
        self.solved.setWordWrap(True)
        self.behind = QComboBox()
        self.behind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.declare = QPushButton("Declare")
        self.declare.clicked.connect(lambda: self.declareRequested.emit(self.behind.currentData()))
        row.addWidget(self.solved, 1)
        row.addWidget(QLabel("behind"))
        row.addWidget(self.behind)
        row.addWidget(self.declare)
        return box

    def _notes_box(self) -> QGroupBox:
        box = QGroupBox("Notes you have read")
        layout = QVBoxLayout(box)
        self.notes = QTableWidget(0, 5)
        self.notes.setHorizontalHeaderLabels(["Author", "Lock solved", "Behind lock", "Public", "Solution"])
        self.notes.verticalHeader().hide()
        self.notes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.notes.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.notes)
        return box

    # -- what the controller shows ------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.setText(text)

    def set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)

    def set_server(self, url: str, account: str) -> None:
        self.server.setText(f"{url} — {account}" if account else f"{url} — not signed in")

    def show_codename(self, codename: str | None, needs_registration: bool = False) -> None:
        self.codename.setText(f"Codename: {codename}" if codename else "Codename: —")
        self.codename_box.setVisible(needs_registration)

    def show_own_slots(self, slots: list) -> None:
        self.own_slots = list(slots)
        for slot, entry in enumerate(self.own_slots):
            self.slot_labels[slot].setText(lock_words(entry))
            self.retire_buttons[slot].setEnabled(entry is not None)
        self.behind.clear()
        for slot, entry in enumerate(self.own_slots):
            if entry is not None and not entry["public"]:
                self.behind.addItem(f"slot {slot} ({lock_words(entry)})", slot)
        self._update_declare()

    def set_can_place(self, can: bool, why: str = "") -> None:
        for button in self.place_buttons:
            button.setEnabled(can)
            button.setToolTip("" if can else why)

    def show_players(self, players: list, scores: dict) -> None:
        """``players``: the other players as the server lists them; ``scores``: codename -> score."""
        self.players.clear()
        for player in players:
            top = QTreeWidgetItem([player["codename"], "", "", signed(scores.get(player["codename"], 0))])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            # An empty slot is accessed once every slot holding a lock is (the README's case iii).
            every_lock = all(entry["accessed"] for entry in player["slots"] if entry is not None)
            for slot, entry in enumerate(player["slots"]):
                accessed = entry["accessed"] if entry is not None else every_lock
                child = QTreeWidgetItem([f"slot {slot}", lock_words(entry), ACCESSED if accessed else NOT_ACCESSED, ""])
                if entry is not None:
                    child.setData(0, LOCK_ROLE, {"owner": player["codename"], **entry})
                top.addChild(child)
            self.players.addTopLevelItem(top)
            top.setExpanded(True)
        self._selection_changed()

    def show_notes(self, notes: list) -> None:
        self.notes.setRowCount(len(notes))
        for row, note in enumerate(notes):
            cells = (note["author"], f"{note['lock_owner']}'s lock {note['lock_id']}", f"lock {note['behind_lock_id']}",
                     "yes" if note["public"] else "no", note["solution"])
            for column, text in enumerate(cells):
                self.notes.setItem(row, column, QTableWidgetItem(text))
        self.notes.resizeColumnsToContents()

    def show_solved(self, solved: dict | None) -> None:
        """``solved``: the lock picked from the server and solved in the play-test
        ({lock_id, owner, slot, moves}), or None."""
        self.solved_lock = solved
        if solved is None:
            self.solved.setText("Pick another player's lock and open it in the play-test; once it opens, "
                                "declare the solution here, behind one of your own non-public locks.")
        else:
            self.solved.setText(f"You opened {solved['owner']}'s lock {solved['lock_id']} (slot {solved['slot']}) "
                                f"in {len(solved['moves'])} moves: {solved['moves']}")
        self._update_declare()

    # -- inside -----------------------------------------------------------------------
    def _update_declare(self) -> None:
        self.declare.setEnabled(self.solved_lock is not None and self.behind.count() > 0)
        self.declare.setToolTip("" if self.behind.count() else "Put a lock of your own in a slot first: "
                                "the note is secured behind it.")

    def _selection_changed(self) -> None:
        item = self.players.currentItem()
        self.pick.setEnabled(item is not None and item.data(0, LOCK_ROLE) is not None)

    def _pick(self, item) -> None:
        entry = item.data(0, LOCK_ROLE) if item is not None else None
        if entry is not None:
            self.pickRequested.emit(entry["lock_id"])

    def slot_entry(self, lock_id: int) -> dict | None:
        """The other player's slot holding ``lock_id``, as last shown."""
        for index in range(self.players.topLevelItemCount()):
            top = self.players.topLevelItem(index)
            for child_index in range(top.childCount()):
                entry = top.child(child_index).data(0, LOCK_ROLE)
                if entry is not None and entry["lock_id"] == lock_id:
                    return entry
        return None
