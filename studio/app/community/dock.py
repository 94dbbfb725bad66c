"""The Community dock's widgets: the server and account, the browser of shared levels, what
to do with the selected one (download, rate, comment), and with the level being edited
(upload it, submit its play-test as a speedrun). The CommunityController does the work;
the dock only shows state and says what was asked."""

from __future__ import annotations

import html

import qtawesome as qta
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QDockWidget, QFormLayout, QFrame, QGridLayout, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QProgressBar, QPushButton, QScrollArea, QSpinBox, QToolButton, QTreeWidget, QTreeWidgetItem,
    QVBoxLayout, QWidget,
)

from studio.app.typing_guard import keep_typing

COLLECTIONS = (("triage", "Triage (new)"), ("official", "Official"), ("withdrawn", "Withdrawn"))
THUMBNAIL = QSize(64, 48)
LEVEL_ROLE = Qt.ItemDataRole.UserRole


class CommunityDock(QDockWidget):
    signInRequested = Signal()
    registerRequested = Signal()
    signOutRequested = Signal()
    refreshRequested = Signal()
    downloadRequested = Signal(dict)  # the level's entry as the server listed it
    rateRequested = Signal(dict, int, int, bool)
    commentRequested = Signal(dict, str)
    uploadRequested = Signal()
    speedrunRequested = Signal()

    def __init__(self, games, parent=None):
        super().__init__("Community", parent)
        self.setObjectName("community_dock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._account_box())
        layout.addWidget(self._browse_box(games), 1)
        layout.addWidget(self._level_box())
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.hide()
        self.status = QLabel("Not connected yet: sign in or refresh to reach the server.")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        # Its rows fit the right column's usual width (buttons stacked, combo boxes that shrink);
        # only a very short dock scrolls, and only up and down.
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setWidget(body)
        keep_typing(body)  # a click that misses the comment box never sends its text to the canvas
        self.setWidget(scroller)
        self.set_signed_in("")
        self._selection_changed()

    # -- construction -----------------------------------------------------------------
    def _account_box(self) -> QGroupBox:
        box = QGroupBox("Server and account")
        form = QFormLayout(box)
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:8000")
        self.name = QLineEdit()
        self.name.setPlaceholderText("name")
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("password (8 characters or more)")
        self.password.returnPressed.connect(self.signInRequested)
        self.sign_in = QPushButton("Sign In")
        self.register = QPushButton("Register")
        self.sign_out = QPushButton("Sign Out")
        self.sign_in.clicked.connect(self.signInRequested)
        self.register.clicked.connect(self.registerRequested)
        self.sign_out.clicked.connect(self.signOutRequested)
        self.account = QLabel()
        buttons = QGridLayout()
        buttons.addWidget(self.sign_in, 0, 0)
        buttons.addWidget(self.register, 0, 1)
        buttons.addWidget(self.sign_out, 1, 0)
        form.addRow("Server", self.url)
        form.addRow("Name", self.name)
        form.addRow("Password", self.password)
        form.addRow(buttons)
        form.addRow(self.account)
        return box

    def _browse_box(self, games) -> QGroupBox:
        box = QGroupBox("Shared levels")
        layout = QVBoxLayout(box)
        filters = QHBoxLayout()
        self.collection = QComboBox()
        for key, label in COLLECTIONS:
            self.collection.addItem(label, key)
        self.game = QComboBox()
        self.game.addItem("All games", "")
        for game in games:
            self.game.addItem(game.name, game.id)
        for combo in (self.collection, self.game):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
        self.refresh = QToolButton()
        self.refresh.setIcon(qta.icon("fa5s.sync-alt", color="#dfe3ea"))
        self.refresh.setToolTip("Refresh the list")
        self.refresh.clicked.connect(self.refreshRequested)
        self.collection.currentIndexChanged.connect(lambda _: self.refreshRequested.emit())
        self.game.currentIndexChanged.connect(lambda _: self.refreshRequested.emit())
        filters.addWidget(self.collection, 1)
        filters.addWidget(self.game, 1)
        filters.addWidget(self.refresh)
        self.levels = QTreeWidget()
        self.levels.setHeaderLabels(["Level", "Author", "Difficulty / style", "Record"])
        self.levels.setIconSize(THUMBNAIL)
        self.levels.setRootIsDecorated(False)
        self.levels.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.levels.itemSelectionChanged.connect(self._selection_changed)
        self.levels.itemDoubleClicked.connect(lambda item, _: self.downloadRequested.emit(item.data(0, LEVEL_ROLE)))
        self.download = QPushButton("Download and Open")
        self.download.clicked.connect(lambda: self._emit_for_selected(self.downloadRequested))
        self.server_url = ""  # the controller's; the selected level's web page is under it
        self.page_link = QLabel()
        self.page_link.setObjectName("community_page_link")
        self.page_link.setTextFormat(Qt.TextFormat.RichText)
        self.page_link.setOpenExternalLinks(True)
        self.page_link.setWordWrap(True)  # never widens the dock
        self.difficulty = _spin("Difficulty, 1 (easy) to 10 (hard)")
        self.style = _spin("Style, 1 (plain) to 10 (beautiful)")
        self.cooked = QCheckBox("Cooked")
        self.cooked.setToolTip("Solvable in a way the designer did not intend")
        self.rate = QPushButton("Rate")
        self.rate.clicked.connect(self._rate)
        rating = QGridLayout()  # two rows: narrow enough for the dock's column, no scroll bar
        rating.addWidget(QLabel("Difficulty"), 0, 0)
        rating.addWidget(self.difficulty, 0, 1)
        rating.addWidget(QLabel("Style"), 0, 2)
        rating.addWidget(self.style, 0, 3)
        rating.addWidget(self.cooked, 1, 0, 1, 2)
        rating.addWidget(self.rate, 1, 2, 1, 2)
        self.comment = QLineEdit()
        self.comment.setPlaceholderText("A comment on the selected level")
        self.comment.returnPressed.connect(self._comment)
        self.post = QPushButton("Post")
        self.post.clicked.connect(self._comment)
        commenting = QHBoxLayout()
        commenting.addWidget(self.comment, 1)
        commenting.addWidget(self.post)
        layout.addLayout(filters)
        layout.addWidget(self.levels, 1)
        layout.addWidget(self.download)
        layout.addWidget(self.page_link)
        layout.addLayout(rating)
        layout.addLayout(commenting)
        return box

    def _level_box(self) -> QGroupBox:
        box = QGroupBox("The level being edited")
        layout = QVBoxLayout(box)
        self.upload = QPushButton("Upload Level")
        self.upload.setToolTip("Share the current level with its solution: the play-test's moves, else the "
                               "first solution stored for it (player file or the level's own)")
        self.speedrun = QPushButton("Submit Play-Test as Speedrun")
        self.speedrun.setToolTip("Send the play-test's moves as a speedrun of this level (it must be on the server)")
        self.upload.clicked.connect(self.uploadRequested)
        self.speedrun.clicked.connect(self.speedrunRequested)
        layout.addWidget(self.upload)
        layout.addWidget(self.speedrun)
        return box

    # -- state --------------------------------------------------------------------------
    def set_signed_in(self, name: str) -> None:
        self.account.setText(f"Signed in as {name}." if name else "Not signed in: browsing and downloading "
                             "work without an account.")
        self.sign_out.setEnabled(bool(name))
        self.signed_in = bool(name)
        self._selection_changed()

    def show_levels(self, levels: list[dict], game_names: dict[str, str]) -> None:
        selected = self.selected_level()
        self.levels.clear()
        for level in levels:
            rating = level.get("rating")
            record = level.get("speedrun")
            item = QTreeWidgetItem([
                f"{level['title']}\n{game_names.get(level['game'], level['game'])}",
                level["author"],
                f"{rating['difficulty']:.1f} / {rating['style']:.1f} ({rating['count']})" if rating else "not rated",
                f"{record['length']} by {record['player']}" if record else "—",
            ])
            item.setData(0, LEVEL_ROLE, level)
            item.setSizeHint(0, QSize(THUMBNAIL.width() + 130, THUMBNAIL.height() + 6))
            self.levels.addTopLevelItem(item)
            if selected and selected["id"] == level["id"]:
                item.setSelected(True)
        for column in range(1, 4):
            self.levels.resizeColumnToContents(column)
        # The picture and the title (on two lines, the game under it), long titles elided.
        self.levels.setColumnWidth(0, THUMBNAIL.width() + 130)

    def set_thumbnail(self, level_id: int, icon) -> None:
        for index in range(self.levels.topLevelItemCount()):
            item = self.levels.topLevelItem(index)
            if item.data(0, LEVEL_ROLE)["id"] == level_id:
                item.setIcon(0, icon)

    def selected_level(self) -> dict | None:
        items = self.levels.selectedItems()
        return items[0].data(0, LEVEL_ROLE) if items else None

    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None:
        self.progress.setVisible(busy)
        self.progress.setRange(0, total if busy and total > 0 else 0)
        if total > 0:
            self.progress.setValue(done)

    def say(self, text: str) -> None:
        self.status.setText(text)

    # -- requests -----------------------------------------------------------------------
    def _selection_changed(self) -> None:
        level = self.selected_level()
        chosen = level is not None
        if chosen and self.server_url:
            url = f"{self.server_url}/levels/{int(level['id'])}"
            self.page_link.setText(f'<a href="{html.escape(url)}">Open its web page</a>')
            self.page_link.setToolTip(f"All its comments and speedruns: {url}")
        else:  # always a line, so the dock keeps its layout when a level is chosen
            self.page_link.setText("Select a level to open its web page.")
            self.page_link.setToolTip("")
        signed_in = getattr(self, "signed_in", False)
        self.download.setEnabled(chosen)
        why = "" if chosen and signed_in else ("Sign in to rate and comment" if chosen else
                                                 "Select a level" + ("" if signed_in else " and sign in")
                                                 + " to rate and comment")
        for widget in (self.rate, self.post, self.comment):
            widget.setEnabled(chosen and signed_in)
        self.comment.setPlaceholderText(why or "A comment on the selected level")
        self.upload.setEnabled(signed_in)
        self.speedrun.setEnabled(signed_in)

    def _emit_for_selected(self, signal) -> None:
        level = self.selected_level()
        if level is not None:
            signal.emit(level)

    def _rate(self) -> None:
        level = self.selected_level()
        if level is not None:
            self.rateRequested.emit(level, self.difficulty.value(), self.style.value(), self.cooked.isChecked())

    def _comment(self) -> None:
        level = self.selected_level()
        text = self.comment.text().strip()
        if level is not None and text:
            self.commentRequested.emit(level, text)


def _spin(tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, 10)
    spin.setValue(5)
    spin.setToolTip(tip)
    return spin
