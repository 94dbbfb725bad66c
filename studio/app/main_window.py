"""The studio's main window: documents in tabs, tools, docks, menus and the status bar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QFileDialog, QLabel, QMainWindow, QMessageBox, QTabWidget, QToolBar,
)

from studio.app.actions import ActionRegistry, ActionSpec
from studio.app.dialogs import NewLevelDialog, PropertiesDialog
from studio.app.docks import BotsDock, PaletteDock, UndoDock
from studio.app.editor_pane import EditorPane
from studio.app.file_safety import install_file_safety
from studio.app.plain_text import ask, tooltip_text, warn
from studio.app.preferences import open_preferences
from studio.app.quitting import ask_save_all, settle_unsaved_before_quit
from studio.app.typing_guard import install_typing_guard
from studio.app.settings import StudioSettings
from studio.core.errors import LevelFormatError, LevelLimitError
from studio.core.game import all_games
from studio.core.properties import level_title
from studio.editor.lifetimes import later, lean_tool_buttons, run_modal
from studio.editor.stamp import start_paste
from studio.editor.toolbox import ALL_TOOLS
from studio.model import commands
from studio.model.document import LevelDocument
from studio.app.playtest_integration import install_playtest
from studio.app.solving import install_solving
from studio.app.drawing import install_designer_aids
from studio.app.open_dialog import choose_levels, fill_recent_menu
from studio.app.exporting import install_export
from studio.app.metagame_controller import install_metagame
from studio.app.community import install_community

ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class MainWindow(QMainWindow):
    documentAdded = Signal(object)  # the pane of a level just opened in a tab
    documentClosed = Signal(object)  # the pane of a level closed (saved or discarded)

    def __init__(self, settings: StudioSettings | None = None):
        super().__init__()
        self.settings = settings or StudioSettings()
        self.games = all_games()  # load the game plugins now, not on the first open
        self.clipboard = None  # the last copied clip (CellClip, or a hex level's), shared by the open levels
        self._default_tips = {}  # action -> its own (tooltip, status tip), while a reason replaces them
        self.setWindowTitle("Puzzle Level Studio")
        self.setAcceptDrops(True)
        self.resize(1280, 820)

        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabCloseRequested.connect(lambda index: self.close_pane(self.tabs.widget(index)))
        self.tabs.currentChanged.connect(self._current_tab_changed)
        self.setCentralWidget(self.tabs)

        self.actions = ActionRegistry(self)
        self._make_tool_actions()
        self._make_docks()
        self._make_menus_and_toolbars()
        self._make_status_bar()
        self._connect_actions()
        self._restore_view_settings()
        self._show_default_palette()
        self._update_actions()
        self.playtest = install_playtest(self)
        self.solving = install_solving(self)
        self.file_safety = install_file_safety(self)
        self.exporting = install_export(self)
        self.community = install_community(self)
        self.typing_guard = install_typing_guard(self)
        self.metagame = install_metagame(self)  # Play > Intricacy Metagame
        install_designer_aids(self)  # last: the layout of every dock and the user's keys on every action

    # -- construction ---------------------------------------------------------------
    def _make_tool_actions(self) -> None:
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions = {}
        for tool in ALL_TOOLS:
            spec = ActionSpec(tool.label, tool.icon, tool.shortcut, tool.tip, checkable=True)
            action = self.actions.add(f"tool_{tool.name}", spec)
            action.setData(tool.name)
            self.tool_group.addAction(action)
            self.tool_actions[tool.name] = action
        self.tool_actions["brush"].setChecked(True)
        self.tool_group.triggered.connect(lambda action: self.set_tool(action.data()))

    def _make_docks(self) -> None:
        self.palette_dock = PaletteDock(self)
        self.palette_dock.itemChosen.connect(self._palette_item_chosen)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette_dock)
        self.bots_dock = BotsDock(self)
        self.bots_dock.moveRequested.connect(self._renumber_bot)
        self.bots_dock.removeRequested.connect(self._remove_bot)
        self.bots_dock.cellActivated.connect(self._select_cell)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.bots_dock)
        self.undo_dock = UndoDock(self.undo_group, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.undo_dock)

    def _make_menus_and_toolbars(self) -> None:
        a = self.actions
        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        file_menu.addActions([a["new"], a["generate"], a["open"]])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([a["save"], a["save_as"], a["close"]])
        file_menu.addSeparator()
        file_menu.addAction(a["quit"])

        edit_menu = menu.addMenu("&Edit")
        edit_menu.addActions([a["undo"], a["redo"]])
        edit_menu.addSeparator()
        edit_menu.addActions([a["cut"], a["copy"], a["paste"], a["delete"]])
        edit_menu.addSeparator()
        edit_menu.addActions([a["select_all"], a["deselect"]])
        edit_menu.addAction(a["reverse_selection"])
        move_menu = edit_menu.addMenu("&Move Selection")
        move_menu.addActions([a[f"move_{d}"] for d in ARROWS])
        expand_menu = edit_menu.addMenu("E&xpand Pattern")
        expand_menu.addActions([a[f"expand_{d}"] for d in ARROWS])
        expand_menu.setToolTipsVisible(True)  # a disabled entry's tooltip says why (see _set_available)
        edit_menu.addSeparator()
        edit_menu.addAction(a["properties"])
        edit_menu.addAction(a["preferences"])

        view_menu = menu.addMenu("&View")
        view_menu.addActions([a["toggle_layer"], a["show_other_layer"], a["show_links"], a["show_grid"]])
        view_menu.addSeparator()
        view_menu.addActions([a["zoom_in"], a["zoom_out"], a["zoom_reset"], a["fit"]])
        view_menu.addSeparator()
        for dock in (self.palette_dock, self.bots_dock, self.undo_dock):
            view_menu.addAction(dock.toggleViewAction())

        tools_menu = menu.addMenu("&Tools")
        tools_menu.addActions(list(self.tool_actions.values()))

        main_bar = QToolBar("Main", self)
        main_bar.setObjectName("main_toolbar")
        main_bar.addActions([a["new"], a["open"], a["save"]])
        main_bar.addSeparator()
        main_bar.addActions([a["undo"], a["redo"]])
        main_bar.addSeparator()
        main_bar.addActions([a["cut"], a["copy"], a["paste"]])
        main_bar.addSeparator()
        main_bar.addActions([a["toggle_layer"], a["show_links"], a["show_grid"], a["zoom_in"], a["zoom_out"], a["fit"]])
        main_bar.addSeparator()
        main_bar.addAction(a["properties"])
        self.addToolBar(main_bar)
        tools_bar = QToolBar("Tools", self)
        tools_bar.setObjectName("tools_toolbar")
        tools_bar.addActions(list(self.tool_actions.values()))
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tools_bar)
        for bar in (main_bar, tools_bar):
            lean_tool_buttons(bar)
        # Actions without a menu entry still need the window to receive their shortcuts.
        self.addActions(list(a.actions.values()))

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.cell_label = QLabel()
        self.cell_label.setTextFormat(Qt.TextFormat.PlainText)
        self.layer_label = QLabel()
        self.zoom_label = QLabel()
        bar.addWidget(self.cell_label, 1)
        bar.addPermanentWidget(self.layer_label)
        bar.addPermanentWidget(self.zoom_label)

    def _connect_actions(self) -> None:
        a = self.actions
        a["new"].triggered.connect(self.new_level)
        a["generate"].triggered.connect(self.generate_level)
        a["reverse_selection"].triggered.connect(self.reverse_selection)
        a["open"].triggered.connect(self.open_dialog)
        a["save"].triggered.connect(lambda: self.save())
        a["save_as"].triggered.connect(lambda: self.save(ask_name=True))
        a["close"].triggered.connect(lambda: self.close_pane(self.current_pane()))
        a["quit"].triggered.connect(self.close)
        a["undo"].triggered.connect(self.undo_group.undo)
        a["redo"].triggered.connect(self.undo_group.redo)
        self.undo_group.canUndoChanged.connect(a["undo"].setEnabled)
        self.undo_group.canRedoChanged.connect(a["redo"].setEnabled)
        self.undo_group.undoTextChanged.connect(lambda text: a["undo"].setText(f"&Undo {text}".strip()))
        self.undo_group.redoTextChanged.connect(lambda text: a["redo"].setText(f"&Redo {text}".strip()))
        a["cut"].triggered.connect(self.cut)
        a["copy"].triggered.connect(self.copy)
        a["paste"].triggered.connect(self.paste)
        a["delete"].triggered.connect(lambda: self._with_pane(lambda pane: pane.erase()))
        a["select_all"].triggered.connect(self.select_all)
        a["deselect"].triggered.connect(lambda: self._with_pane(lambda pane: pane.scene.set_selection(None)))
        for name, (dx, dy) in ARROWS.items():
            a[f"move_{name}"].triggered.connect(lambda _=False, dx=dx, dy=dy: self._selection_op("move", dx, dy))
            a[f"expand_{name}"].triggered.connect(lambda _=False, dx=dx, dy=dy: self._selection_op("expand", dx, dy))
        a["properties"].triggered.connect(self.edit_properties)
        a["preferences"].triggered.connect(lambda: open_preferences(self))
        a["toggle_layer"].triggered.connect(lambda: self._with_pane(lambda pane: pane.scene.toggle_layer()))
        a["show_other_layer"].toggled.connect(self._view_option_changed)
        a["show_links"].toggled.connect(self._view_option_changed)
        a["show_grid"].toggled.connect(self._view_option_changed)
        a["zoom_in"].triggered.connect(lambda: self._with_pane(lambda pane: pane.view.zoom_in(pane.view.cursor_anchor())))
        a["zoom_out"].triggered.connect(lambda: self._with_pane(lambda pane: pane.view.zoom_out(pane.view.cursor_anchor())))
        a["zoom_reset"].triggered.connect(lambda: self._with_pane(lambda pane: pane.view.set_zoom(1.0)))
        a["fit"].triggered.connect(lambda: self._with_pane(lambda pane: pane.view.fit_to_window()))

    def _restore_view_settings(self) -> None:
        for key in ("show_other_layer", "show_links", "show_grid"):
            value = self.settings.value(f"view/{key}", None, bool)
            if value is not None:
                self.actions[key].setChecked(value)
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def _show_default_palette(self) -> None:
        """The first game's palette from the start, so it is there before any level is open
        (and its icons are drawn while the window starts, not when the first level opens)."""
        game = self.games[0]
        self.palette_dock.set_game(game, game.view.resolve().make_cell_painter())

    # -- panes -----------------------------------------------------------------------
    def current_pane(self) -> EditorPane | None:
        return self.tabs.currentWidget()

    def panes(self) -> list[EditorPane]:
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    def _with_pane(self, action) -> None:
        pane = self.current_pane()
        if pane is not None:
            action(pane)

    def add_document(self, document: LevelDocument) -> EditorPane:
        pane = EditorPane(document, self)
        self._apply_view_options(pane)
        self.undo_group.addStack(document.undo_stack)
        scene = pane.scene
        scene.hoverCellChanged.connect(lambda cell, pane=pane: self._show_cell(pane, cell))
        scene.layerChanged.connect(lambda layer: self._update_status())
        scene.valuePicked.connect(self._value_picked)
        scene.cellSelectionChanged.connect(self._update_actions)
        pane.view.zoomChanged.connect(lambda zoom: self._update_status())
        document.modifiedChanged.connect(lambda modified, pane=pane: self._update_titles())
        document.pathChanged.connect(self._update_titles)
        document.entitiesChanged.connect(lambda pane=pane: self._refresh_bots(pane))
        document.levelReplaced.connect(lambda pane=pane: self._refresh_bots(pane))
        document.propertiesChanged.connect(lambda pane=pane: self._refresh_palette_icons(pane))
        document.propertiesChanged.connect(self._update_titles)  # the tab shows the level's title
        # The status bar describes the cell under the cursor: an edit there (a link removed) changes it.
        document.changed.connect(lambda pane=pane: self._show_cell(pane, pane.scene.hover_cell))
        index = self.tabs.addTab(pane, document.display_name())
        self.tabs.setCurrentIndex(index)
        current = self.tool_group.checkedAction()
        pane.set_tool(current.data() if current else "brush")
        pane.scene.current_item = self.palette_dock.current_item()
        later(pane.view, pane.view.fit_to_window)
        pane.focus_canvas()  # the arrows and tool keys work without a click first
        self._update_titles()
        self.documentAdded.emit(pane)
        return pane

    def _current_tab_changed(self, index: int) -> None:
        pane = self.current_pane()
        if pane is not None:
            self.undo_group.setActiveStack(pane.document.undo_stack)
            self.palette_dock.set_game(pane.document.game, pane.cell_painter)
            pane.scene.current_item = self.palette_dock.current_item()
            current = self.tool_group.checkedAction()
            pane.set_tool(current.data() if current else "brush")
            self._label_tool_actions(pane)
            self._refresh_bots(pane)
            pane.focus_canvas()
        else:
            self.undo_group.setActiveStack(None)
        self._update_titles()
        self._update_actions()
        self._update_status()

    def _label_tool_actions(self, pane: EditorPane) -> None:
        """Each tool action shows the label and tip of the pane's own tool of that name (a hex
        level's "link" tool draws springs); a tool the pane lacks keeps the square one's."""
        defaults = {tool.name: tool for tool in ALL_TOOLS}
        for name, action in self.tool_actions.items():
            tool = pane.tools.get(name) or defaults[name]
            shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setText(tool.label)
            action.setToolTip(f"{tool.tip or tool.label} ({shortcut})" if shortcut else (tool.tip or tool.label))
            action.setStatusTip(tool.tip)

    # -- files -------------------------------------------------------------------------
    def new_level(self) -> None:
        dialog = NewLevelDialog(all_games(), self)
        if run_modal(dialog) and dialog.level is not None:
            self.add_document(LevelDocument(dialog.game(), dialog.level))

    def generate_level(self) -> None:
        """File > Generate: a generated level in a new untitled document."""
        from studio.app.generate_dialog import GenerateDialog

        dialog = GenerateDialog(self)
        if run_modal(dialog) and dialog.level is not None:
            self.add_document(LevelDocument(dialog.game(), dialog.level))

    def open_dialog(self) -> None:
        start = str(self.current_pane().document.path.parent) if self.current_pane() and self.current_pane().document.path else ""
        for path in choose_levels(self, start):  # with a preview: the level's picture and title
            self.open_file(path)

    def open_file(self, path: str | Path) -> EditorPane | None:
        """Open a level (or switch to it when already open); a bad file shows why and opens nothing."""
        path = Path(path)
        for pane in self.panes():
            if pane.document.path and pane.document.path.resolve() == path.resolve():
                self.tabs.setCurrentWidget(pane)
                return pane
        try:
            document = LevelDocument.open(path)
        except LevelFormatError as error:
            self.show_error("Cannot open level", f"{path.name} is not a valid level: {error}")
            return None
        except OSError as error:
            self.show_error("Cannot open level", f"{path}: {error.strerror or error}")
            self.settings.remove_recent_file(str(path.resolve()))
            return None
        self.settings.add_recent_file(path)
        return self.add_document(document)

    def save(self, pane: EditorPane | None = None, ask_name: bool = False) -> bool:
        pane = pane or self.current_pane()
        if pane is None:
            return False
        document = pane.document
        path = document.path
        if ask_name or path is None:
            patterns = " ".join(document.game.file_patterns)
            suggested = str(path) if path else document.display_name() + document.game.file_patterns[0][1:]
            chosen, _ = QFileDialog.getSaveFileName(self, "Save Level As", suggested, f"{document.game.name} ({patterns})")
            if not chosen:
                return False
            path = Path(chosen)
            if not path.suffix:
                path = path.with_suffix(document.game.file_patterns[0][1:])
        return self.file_safety.write(pane, path)  # read-only files, another program's change

    def close_pane(self, pane: EditorPane | None) -> bool:
        if pane is None:
            return True
        if pane.document.is_modified and not self.resolve_unsaved(pane):
            return False
        self.documentClosed.emit(pane)
        self.undo_group.removeStack(pane.document.undo_stack)
        self.tabs.removeTab(self.tabs.indexOf(pane))
        pane.document.release()
        pane.deleteLater()
        return True

    def resolve_unsaved(self, pane: EditorPane) -> bool:
        """Ask about unsaved changes; True when it is fine to close the level."""
        self.tabs.setCurrentWidget(pane)
        answer = self.ask_save_changes(pane.document.display_name())
        if answer == QMessageBox.StandardButton.Save:
            return self.save(pane)
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self, name: str) -> QMessageBox.StandardButton:
        buttons = QMessageBox.StandardButton
        return ask(self, "Unsaved changes", f"{name} has unsaved changes. Save them before closing?",
                   buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)

    ask_save_all = ask_save_all  # (names) -> Save All, Discard or Cancel; tests answer for it

    def closeEvent(self, event) -> None:
        if not settle_unsaved_before_quit(self):
            event.ignore()
            return
        self.settings.set_value("window/geometry", self.saveGeometry())
        self.settings.set_value("window/state", self.saveState())
        self.file_safety.closing()
        event.accept()

    def _fill_recent_menu(self) -> None:
        fill_recent_menu(self.recent_menu, self.settings.recent_files(), self.open_file)

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_file(url.toLocalFile())
        event.acceptProposedAction()

    # -- messages ------------------------------------------------------------------------
    def show_error(self, title: str, text: str) -> None:
        warn(self, title, text)  # plain text: messages quote file names and file contents

    def show_problem(self, text: str) -> None:
        """A refused edit (a limit of the game): said in the status bar, without a modal box."""
        self.statusBar().showMessage("⚠ " + text, 8000)

    # -- editing -------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        self.tool_actions[name].setChecked(True)
        self._with_pane(lambda pane: pane.set_tool(name))
        if name == "bot":
            item = self.palette_dock.current_item()
            if item is None or item.kind != "bot":
                self.palette_dock.select("bot", 1)

    def _palette_item_chosen(self, item) -> None:
        for pane in self.panes():
            pane.scene.current_item = item
        checked = self.tool_group.checkedAction()
        tool = checked.data() if checked else "brush"
        # Choosing a bot goes to the bot tool; choosing a tile leaves it for the brush.
        if item.kind == "bot" and tool != "bot":
            self.set_tool("bot")
        elif item.kind == "tile" and tool in ("bot", "eraser", "player", "link", "select", "stamp", "wand", "same"):
            self.set_tool("brush")
        self.statusBar().showMessage(f"Drawing with: {item.name}", 3000)

    def _value_picked(self, kind: str, value: int) -> None:
        self.palette_dock.select(kind, value)

    def _selection_op(self, op: str, dx: int, dy: int) -> None:
        pane = self.current_pane()
        if pane is None:
            return
        problem = pane.move_selection(dx, dy) if op == "move" else pane.expand_selection(dx, dy)
        if problem:
            self.show_problem(problem)

    def copy(self) -> None:
        pane = self.current_pane()
        if pane is not None and (clip := pane.copy()) is not None:
            self.clipboard = (pane.document.game.id, clip)
            self.statusBar().showMessage(f"Copied {clip.width}x{clip.height} cells", 3000)

    def cut(self) -> None:
        pane = self.current_pane()
        if pane is not None and (clip := pane.cut()) is not None:
            self.clipboard = (pane.document.game.id, clip)

    def paste(self) -> None:
        pane = self.current_pane()
        if pane is None or self.clipboard is None:
            return
        game_id, clip = self.clipboard
        if game_id != pane.document.game.id:
            self.show_problem("The clipboard holds cells of another game.")
            return
        if start_paste(self, pane, clip):  # the stamp under the cursor: a click puts it down
            return
        problem = pane.paste(clip)
        if problem:
            self.show_problem(problem)

    def select_all(self) -> None:
        self._with_pane(lambda pane: pane.select_all())

    def _select_cell(self, cell: int) -> None:
        if (pane := self.current_pane()) is not None:
            pane.scene.select_cells([cell])
            pane.view.centre_on_selection()

    def reverse_selection(self) -> None:
        pane = self.current_pane()
        if pane is not None and (problem := pane.reverse_selection()):
            self.show_problem(problem)

    def _refresh_palette_icons(self, pane: EditorPane) -> None:
        if pane is self.current_pane():
            self.palette_dock.refresh_icons()

    def edit_properties(self) -> None:
        pane = self.current_pane()
        if pane is None:
            return
        document = pane.document
        dialog = PropertiesDialog(document.level, self, folder=document.path.parent if document.path else None)
        if not run_modal(dialog):
            return
        changed, size = dialog.changed_properties(), dialog.new_size()
        if not changed and size is None:
            return
        stack = document.undo_stack
        stack.beginMacro("Change level properties")
        try:
            if changed:
                stack.push(commands.ChangeProperties(document, changed))
            if size is not None:
                stack.push(commands.ResizeLevel(document, *size))
        except LevelLimitError as error:
            self.show_problem(str(error))
        finally:
            stack.endMacro()

    def _renumber_bot(self, cell: int, number: int) -> None:
        pane = self.current_pane()
        if pane is not None:
            document = pane.document
            commands.push_if_changed(document, commands.RenumberBot(document, document.level.entities_with_bot_number(cell, number)))

    def _remove_bot(self, cell: int) -> None:
        pane = self.current_pane()
        if pane is not None:
            document = pane.document
            commands.push_if_changed(document, commands.RemoveBot(document, document.level.entities_without_bot(cell)))

    # -- views and status ---------------------------------------------------------------
    def _view_option_changed(self) -> None:
        for key in ("show_other_layer", "show_links", "show_grid"):
            self.settings.set_value(f"view/{key}", self.actions[key].isChecked())
        for pane in self.panes():
            self._apply_view_options(pane)

    def _apply_view_options(self, pane: EditorPane) -> None:
        pane.scene.set_show_other_layer(self.actions["show_other_layer"].isChecked())
        pane.scene.set_show_links(self.actions["show_links"].isChecked())
        pane.scene.set_show_grid(self.actions["show_grid"].isChecked())

    def _refresh_bots(self, pane: EditorPane) -> None:
        if pane is self.current_pane():
            self.bots_dock.show_level(pane.document.level, pane.cell_painter)
            self.bots_dock.setEnabled(pane.tool_available("bot"))

    def _update_titles(self) -> None:
        for index, pane in enumerate(self.panes()):
            mark = "*" if pane.document.is_modified else ""
            title = level_title(pane.document.level)
            title = "" if title == "Untitled" else title  # a new level's placeholder: show the file's name
            self.tabs.setTabText(index, (title or pane.document.display_name()) + mark)
            where = str(pane.document.path or "not saved yet")
            self.tabs.setTabToolTip(index, tooltip_text(f"{title}\n{where}" if title else where))
        pane = self.current_pane()
        if pane is None:
            self.setWindowTitle("Puzzle Level Studio")
            self.setWindowModified(False)
        else:
            self.setWindowTitle(f"{pane.document.display_name()}[*] — {pane.document.game.name} — Puzzle Level Studio")
            self.setWindowModified(pane.document.is_modified)

    def _update_actions(self) -> None:
        pane = self.current_pane()
        has_pane = pane is not None
        has_selection = has_pane and pane.scene.selection is not None
        for key in ("save", "save_as", "close", "properties", "toggle_layer", "zoom_in", "zoom_out", "zoom_reset", "fit", "select_all", "paste"):
            self.actions[key].setEnabled(has_pane)
        for key in ("cut", "copy", "delete", "deselect") + tuple(f"{op}_{d}" for op in ("move", "expand") for d in ARROWS):
            self.actions[key].setEnabled(has_selection)
        for name, action in self.tool_actions.items():
            action.setEnabled(has_pane and pane.tool_available(name))
        if has_pane:
            self.actions["toggle_layer"].setEnabled(pane.document.level.layer_count > 1)
        self.actions["reverse_selection"].setEnabled(has_selection and pane.can_reverse())
        # What the level has no use for is disabled, its tip saying why (a hex level: Expand Pattern, Show Grid).
        expand_problem = pane.expand_problem() if has_pane else None
        for direction in ARROWS:
            self._set_available(self.actions[f"expand_{direction}"], has_selection, expand_problem)
        self._set_available(self.actions["show_grid"], True, pane.grid_note() if has_pane else "")

    def _set_available(self, action, enabled: bool, reason: str | None) -> None:
        tips = self._default_tips.setdefault(action, (action.toolTip(), action.statusTip()))
        action.setEnabled(enabled and not reason)
        action.setToolTip(reason or tips[0])
        action.setStatusTip(reason or tips[1])

    def _show_cell(self, pane: EditorPane, cell: int) -> None:
        if cell < 0:
            self.cell_label.setText("")
            return
        self.cell_label.setText(pane.cell_painter.describe_cell(pane.document.level, cell))

    def _update_status(self) -> None:
        pane = self.current_pane()
        if pane is None:
            self.layer_label.setText("")
            self.zoom_label.setText("")
            return
        level = pane.document.level
        self.layer_label.setText(f"Layer: {level.layer_names[pane.scene.layer]}")
        self.zoom_label.setText(f"{round(pane.view.zoom * 100)}%")
