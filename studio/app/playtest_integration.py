"""Putting the play-test into the main window: ``install_playtest(window)`` adds the
dock, its actions (through the window's ActionRegistry), the Play menu, the
View menu's annotation toggles and animation settings, and the toolbar button.

The controller keeps one session per open document and shows the current
tab's in the dock.
"""

from __future__ import annotations

import hashlib

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QActionGroup, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QMenu, QToolBar

from studio.app.actions import ActionSpec
from studio.app.play_placement import PlayPlacement
from studio.core.game import all_games
from studio.core.playtest_adapter import adapter_for
from studio.playtest.dock import PlaytestDock
from studio.playtest.session import PlaytestSession

ANIMATION_SPEEDS = (("slow", "&Slow", 260), ("normal", "&Normal", 140), ("fast", "&Fast", 70))
DEFAULT_ANIMATION = "normal"

SPECS = {
    "playtest": ActionSpec("&Play-Test Level", "fa5s.play-circle", "P",
                           "Play the level being edited, in the Play-Test dock"),
    # The board takes these keys itself; the menu names the current game's (keymap.KeyMap).
    "playtest_restart": ActionSpec("&Restart", "fa5s.fast-backward", "", "Back to the start of the test"),
    "playtest_undo": ActionSpec("&Undo Move", "fa5s.step-backward", "", "Undo the last move played"),
    "playtest_redo": ActionSpec("Re&do Move", "fa5s.step-forward", "", "Redo the move undone"),
    "playtest_replay": ActionSpec("Replay / &Pause", "fa5s.play", "", "Replay the moves ahead, or pause"),
    "playtest_save": ActionSpec("&Save Solution…", "fa5s.save", "", "Save the moves played as a solution"),
    "playtest_save_as": ActionSpec("Save Solution &To…", "", "", "Save the moves played into a chosen file"),
    "playtest_load": ActionSpec("&Load Solution…", "fa5s.folder-open", "", "Replay a stored solution"),
    "playtest_animate": ActionSpec("&Animate Play-Test Moves", "", "", "Slide pieces between states", True, True),
}

# Play menu entries the board carries out, by their key map action.
BOARD_ACTIONS = {"playtest_restart": "restart", "playtest_undo": "undo", "playtest_redo": "redo",
                 "playtest_replay": "replay"}
# The versions of a level seen in play-tests (so solutions of older versions are flagged), for
# the levels played last: one settings key each, the oldest forgotten past this many.
VERSIONS_GROUP = "playtest/versions/"
VERSIONS_ORDER_KEY = "playtest/versions_order"
MAX_LEVELS_REMEMBERED = 200


class PlaytestController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.settings = window.settings
        self.sessions: dict[object, PlaytestSession] = {}
        self.adapters: dict[str, object] = {}
        self.dock = PlaytestDock(window)
        self.dock.settings = self.settings  # the player's name for scores is remembered there
        self.dock.leaveRequested.connect(self.focus_editor)
        self.dock.openLevelRequested.connect(self.open_and_play)
        self.dock.message.connect(lambda text: window.statusBar().showMessage(text, 8000))
        self.dock.visibilityChanged.connect(self._dock_visibility_changed)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        # (app/window_layout arranges the docks, the play-test's tab among them, and restores
        # the saved layout)
        self.placement = PlayPlacement(window, self.dock)
        self._make_actions()
        self._make_menus()
        self._load_settings()
        window.tabs.currentChanged.connect(lambda index: self._current_tab_changed())

    # -- actions and menus -------------------------------------------------------------------
    def _make_actions(self) -> None:
        registry = self.window.actions
        self.actions = {key: registry.add(key, spec) for key, spec in SPECS.items()}
        a = self.actions
        a["playtest"].triggered.connect(self.start)
        a["playtest_restart"].triggered.connect(self.dock.restart)
        a["playtest_undo"].triggered.connect(self.dock.undo)
        a["playtest_redo"].triggered.connect(self.dock.redo)
        a["playtest_replay"].triggered.connect(self.dock.toggle_replay)
        a["playtest_save"].triggered.connect(lambda: self.dock.save_solution_dialog())
        a["playtest_save_as"].triggered.connect(lambda: self.dock.save_solution_dialog(choose_file=True))
        a["playtest_load"].triggered.connect(lambda: self.dock.load_solution_dialog())
        a["playtest_animate"].toggled.connect(self._animation_changed)
        self.window.addAction(a["playtest"])  # P works from anywhere in the window

        self.speed_group = QActionGroup(self)
        self.speed_actions = {}
        for key, text, milliseconds in ANIMATION_SPEEDS:
            action = registry.add(f"playtest_speed_{key}", ActionSpec(text, "", "", f"Tween moves over {milliseconds} ms", True))
            action.setData(milliseconds)
            self.speed_group.addAction(action)
            self.speed_actions[key] = action
        self.speed_group.triggered.connect(lambda action: self._animation_changed())

        # One toggle per kind of annotation of every game that can be play-tested.
        self.overlay_actions: dict[str, dict[str, object]] = {}
        for game in all_games():
            adapter = self.adapter(game)
            if adapter is None:
                continue
            toggles = {}
            for spec in adapter.overlays():
                action = registry.add(f"playtest_overlay_{game.id}_{spec.id}",
                                      ActionSpec(spec.label, "", "", spec.tip, True, spec.default))
                action.setIcon(_swatch([colour for colour, _words in spec.legend_entries()]))
                action.toggled.connect(lambda checked, game_id=game.id: self._overlays_changed(game_id))
                toggles[spec.id] = action
            self.overlay_actions[game.id] = toggles

    def _make_menus(self) -> None:
        window, a = self.window, self.actions
        bar = window.menuBar()
        menus = {action.text().replace("&", ""): action for action in bar.actions()}
        view_menu = menus["View"].menu() if "View" in menus else bar.addMenu("&View")
        view_menu.addSeparator()
        annotations = view_menu.addMenu("Play-Test A&nnotations")
        several = len(self.overlay_actions) > 1
        for game_id, toggles in self.overlay_actions.items():
            if several:
                annotations.addSection(self.adapters_names.get(game_id, game_id))
            annotations.addActions(list(toggles.values()))
        view_menu.addAction(a["playtest_animate"])
        speed_menu = view_menu.addMenu("Play-Test Animation &Speed")
        speed_menu.addActions(list(self.speed_actions.values()))
        view_menu.addAction(self.dock.toggleViewAction())

        self.play_menu = QMenu("&Play", window)
        self.play_menu.addActions([a["playtest"]])
        self.play_menu.addActions(list(self.placement.actions.values()))
        self.play_menu.addSeparator()
        self.play_menu.addActions([a["playtest_restart"], a["playtest_undo"], a["playtest_redo"], a["playtest_replay"]])
        self.play_menu.addSeparator()
        self.play_menu.addActions([a["playtest_save"], a["playtest_save_as"], a["playtest_load"]])
        self.play_menu.aboutToShow.connect(self._update_actions)
        before = menus.get("Tools")
        if before is not None:
            bar.insertMenu(before, self.play_menu)
        else:
            bar.addMenu(self.play_menu)

        toolbar = window.findChild(QToolBar, "main_toolbar")
        if toolbar is not None:
            toolbar.addSeparator()
            toolbar.addAction(a["playtest"])

    @property
    def adapters_names(self) -> dict[str, str]:
        return {game.id: game.name for game in all_games()}

    def _update_actions(self) -> None:
        session = self.dock.session
        playable = session is not None and session.playable
        a = self.actions
        a["playtest"].setEnabled(self.window.current_pane() is not None)
        for key in ("playtest_restart", "playtest_load"):
            a[key].setEnabled(playable)
        a["playtest_undo"].setEnabled(playable and session.can_undo())
        a["playtest_redo"].setEnabled(playable and session.can_redo())
        a["playtest_replay"].setEnabled(playable and session.length > 0)
        for key in ("playtest_save", "playtest_save_as"):
            a[key].setEnabled(playable and bool(session.moves))
        a["playtest_save_as"].setEnabled(a["playtest_save_as"].isEnabled() and session.adapter.solution_files() is not None)
        self._name_board_keys()

    def _name_board_keys(self) -> None:
        """The Play menu names the keys the board plays by for the game shown (ChronoShift
        travels with Enter, so there Home restarts)."""
        key_map = self.dock.board.key_map
        for key, action in BOARD_ACTIONS.items():
            text = SPECS[key].text
            shortcut = key_map.first_key(action)
            self.actions[key].setText(f"{text}\t{shortcut}" if shortcut else text)

    # -- settings ------------------------------------------------------------------------------
    def _load_settings(self) -> None:
        settings = self.settings
        animate = settings.value("playtest/animate", None, bool)
        self.actions["playtest_animate"].setChecked(True if animate is None else animate)
        speed = settings.value("playtest/animation_speed", DEFAULT_ANIMATION) or DEFAULT_ANIMATION
        self.speed_actions.get(speed, self.speed_actions[DEFAULT_ANIMATION]).setChecked(True)
        for game_id, toggles in self.overlay_actions.items():
            for overlay_id, action in toggles.items():
                value = settings.value(f"playtest/overlay/{game_id}/{overlay_id}", None, bool)
                if value is not None:
                    action.setChecked(value)
        self._animation_changed()
        for game_id in self.overlay_actions:
            self._overlays_changed(game_id)

    def _animation_changed(self) -> None:
        animate = self.actions["playtest_animate"].isChecked()
        checked = self.speed_group.checkedAction()
        self.dock.animate = animate
        self.dock.animation_ms = int(checked.data()) if checked else 140
        self.settings.set_value("playtest/animate", animate)
        speed = next((key for key, action in self.speed_actions.items() if action is checked), DEFAULT_ANIMATION)
        self.settings.set_value("playtest/animation_speed", speed)

    def _overlays_changed(self, game_id: str) -> None:
        toggles = self.overlay_actions.get(game_id, {})
        for overlay_id, action in toggles.items():
            self.settings.set_value(f"playtest/overlay/{game_id}/{overlay_id}", action.isChecked())
        session = self.dock.session
        if session is not None and session.adapter.game_id == game_id:
            self.dock.set_enabled_overlays(self.enabled_overlays(game_id))

    def enabled_overlays(self, game_id: str) -> set[str]:
        return {key for key, action in self.overlay_actions.get(game_id, {}).items() if action.isChecked()}

    # -- sessions ---------------------------------------------------------------------------------
    def adapter(self, game):
        if game.id not in self.adapters:
            self.adapters[game.id] = adapter_for(game)
        return self.adapters[game.id]

    def session_for(self, document) -> PlaytestSession | None:
        session = self.sessions.get(document)
        if session is None:
            adapter = self.adapter(document.game)
            if adapter is None:
                return None
            session = PlaytestSession(adapter, document, self, self._stored_versions(document))
            session.versionsChanged.connect(lambda session=session: self._store_versions(session))
            self._store_versions(session)  # with the file's version, read as the session started
            self.sessions[document] = session
        return session

    def _versions_key(self, document) -> str | None:  # (under VERSIONS_GROUP)
        """A settings key per level file (a digest of its path: paths hold the '/' of settings groups)."""
        if document.path is None:
            return None
        return VERSIONS_GROUP + hashlib.sha1(str(document.path.resolve()).encode()).hexdigest()[:20]

    def _stored_versions(self, document) -> list[str]:
        key = self._versions_key(document)
        value = self.settings.value(key, []) if key else []
        return [value] if isinstance(value, str) else list(value or [])

    def _store_versions(self, session: PlaytestSession) -> None:
        """Keep the versions seen of the level, for the MAX_LEVELS_REMEMBERED levels played last."""
        key = self._versions_key(session.document)
        if not key:
            return
        self.settings.set_value(key, session.versions)
        order = [key] + [k for k in self._versions_order() if k != key]
        for forgotten in order[MAX_LEVELS_REMEMBERED:]:
            self.settings.remove(forgotten)
        self.settings.set_value(VERSIONS_ORDER_KEY, order[:MAX_LEVELS_REMEMBERED])

    def _versions_order(self) -> list[str]:
        """The levels' version keys, played last first; settings from before the order was
        kept list their keys as they are."""
        order = self.settings.value(VERSIONS_ORDER_KEY, None)
        if order is None:
            qsettings = self.settings.qsettings
            qsettings.beginGroup(VERSIONS_GROUP.rstrip("/"))
            order = [VERSIONS_GROUP + name for name in qsettings.childKeys()]
            qsettings.endGroup()
        return [order] if isinstance(order, str) else list(order or [])

    def start(self) -> None:
        """P: play the current level as it is now (a stale test restarts on the new version)."""
        pane = self.window.current_pane()
        if pane is None:
            self.window.statusBar().showMessage("Open a level to play-test it.", 5000)
            return
        self.placement.present()  # beside the editor, in its place, or in a window of its own
        session = self._bind(pane.document)
        if session is not None and session.stale:
            session.restart_on_new_version()
        self._update_actions()
        self.dock.board.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _bind(self, document) -> PlaytestSession | None:
        session = self.session_for(document)
        if session is None:
            self.dock.show_session(None, f"{document.game.name} levels cannot be play-tested yet.")
        elif self.dock.session is not session:
            self.dock.set_enabled_overlays(self.enabled_overlays(session.adapter.game_id))
            self.dock.show_session(session)
        return session

    def _current_tab_changed(self) -> None:
        open_documents = {pane.document for pane in self.window.panes()}
        for document in [d for d in self.sessions if d not in open_documents]:
            session = self.sessions.pop(document)
            if self.dock.session is session:
                self.dock.show_session(None)
            session.pause()
            session.deleteLater()
        pane = self.window.current_pane()
        if pane is None:
            self.dock.show_session(None, "Open a level to play-test it.")
        elif self.placement.shown():
            self._bind(pane.document)
        self._update_actions()

    def _dock_visibility_changed(self, visible: bool) -> None:
        if visible and self.dock.session is None and self.window.current_pane() is not None:
            self._bind(self.window.current_pane().document)

    def open_and_play(self, path) -> None:
        """The win panel's "Open next level": open it in the studio (or switch to its tab)
        and start a play-test on it."""
        pane = self.window.open_file(path)
        if pane is not None:
            self.start()

    def focus_editor(self) -> None:
        pane = self.window.current_pane()
        if pane is not None:
            pane.view.setFocus(Qt.FocusReason.ShortcutFocusReason)


def install_playtest(window) -> PlaytestController:
    """Add the play-test to ``window`` (a studio MainWindow); returns its controller."""
    return PlaytestController(window)


def _swatch(colours: list[str]) -> QIcon:
    """A menu icon showing an overlay's colours side by side."""
    pixmap = QPixmap(16, 16)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    width = 14 / len(colours)
    for index, colour in enumerate(colours):
        painter.fillRect(QRectF(1 + index * width, 3, width, 10), QColor(colour))
    painter.end()
    return QIcon(pixmap)
