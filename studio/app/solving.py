"""Putting solving and checking into the main window: ``install_solving(window)`` adds
the Problems dock (following the current tab), the Solve menu with "Solve Level…"
and "Verify Collection…" (through the window's ActionRegistry), and the dock's
toggle in the View menu.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMenu

from studio.app.actions import ActionSpec
from studio.app.file_form import file_form
from studio.app.live_verdict import LiveVerdict
from studio.app.problems_dock import ProblemsDock
from studio.core.game import all_games

PROBLEMS_HEIGHT = 110

SPECS = {
    "solve": ActionSpec("&Solve Level…", "fa5s.magic", "F5",
                        "Search a shortest solution of the level as it is now"),
    "analyse": ActionSpec("&Analyse Level…", "fa5s.microscope", "Ctrl+F5",
                          "What each element of the level does for its solution, and how hard the level is"),
    "verify_collection": ActionSpec("&Verify Collection…", "fa5s.tasks", "Shift+F5",
                                    "Play every stored solution of a folder of levels and run the solver on them"),
}


class SolvingController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.dialogs = []  # open Solve and Verify Collection dialogs (kept alive while shown)
        self.problems_dock = ProblemsDock(window)
        self.problems_dock.cellsActivated.connect(self.select_cells)
        # Under the level only: the side columns (palette, play-test) keep their full height.
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems_dock)
        if not window.restoreDockWidget(self.problems_dock):
            # A strip under the level: the editor and the play-test keep their height.
            window.resizeDocks([self.problems_dock], [PROBLEMS_HEIGHT], Qt.Orientation.Vertical)
        registry = window.actions
        self.actions = {key: registry.add(key, spec) for key, spec in SPECS.items()}
        self.actions["solve"].triggered.connect(self.solve)
        self.actions["analyse"].triggered.connect(self.analyse)
        # (not connected directly: ``triggered`` passes ``checked``, which would stand for the folder)
        self.actions["verify_collection"].triggered.connect(lambda: self.verify_collection())
        window.addActions(list(self.actions.values()))
        self._make_menus()
        window.tabs.currentChanged.connect(lambda index: self._current_tab_changed())
        self._current_tab_changed()
        self.live_verdict = LiveVerdict(window, self.problems_dock)

    def _make_menus(self) -> None:
        bar = self.window.menuBar()
        menu = QMenu("&Solve", self.window)
        menu.addActions([self.actions["solve"], self.actions["analyse"], self.actions["verify_collection"]])
        menu.addSeparator()
        menu.addAction(self.problems_dock.toggleViewAction())
        help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
        bar.insertMenu(help_menu, menu) if help_menu else bar.addMenu(menu)
        view_menu = next((a.menu() for a in bar.actions() if a.text().replace("&", "") == "View"), None)
        if view_menu is not None:
            view_menu.addAction(self.problems_dock.toggleViewAction())

    def _current_tab_changed(self) -> None:
        pane = self.window.current_pane()
        document = pane.document if pane is not None else None
        self.problems_dock.show_document(document)
        # Only whether the game names a solver: importing it can wait for the first Solve.
        solvable = document is not None and document.game.solve is not None
        self.actions["solve"].setEnabled(solvable)
        self.actions["analyse"].setEnabled(solvable)

    def select_cells(self, cells: list) -> None:
        """Select a problem's cells, all together (a region's), and bring them into view."""
        pane = self.window.current_pane()
        if pane is None:
            return
        pane.scene.select_cells(cells)  # (a hex scene numbers its cells itself)
        pane.view.centre_on_selection()
        pane.focus_canvas()

    def solve(self):
        from studio.app.solve_dialog import SolveDialog

        pane = self.window.current_pane()
        if pane is None or file_form(self.window, pane.document, "solve the level") is None:
            return None
        dialog = SolveDialog(pane.document, getattr(self.window, "playtest", None), self.window)
        self._keep(dialog)
        return dialog

    def analyse(self):
        from studio.app.analyse_dialog import AnalyseDialog

        pane = self.window.current_pane()
        if pane is None or file_form(self.window, pane.document, "analyse the level") is None:
            return None
        dialog = AnalyseDialog(pane.document, self.window)
        dialog.cellsChosen.connect(lambda cells, document=pane.document: self.select_level_cells(document, cells))
        self._keep(dialog)
        return dialog

    def select_level_cells(self, document, cells: list) -> None:
        """Select cells given as (x, y), or (q, r) hexes, on ``document``'s tab."""
        pane = next((p for p in self.window.panes() if p.document is document), None)
        if pane is None:
            return
        self.window.tabs.setCurrentWidget(pane)
        numbers = getattr(pane.scene, "cell_numbers", None)
        if numbers is not None:
            chosen = [numbers[cell] for cell in map(tuple, cells) if cell in numbers]
        else:
            chosen = [y * document.level.width + x for x, y in cells]
        pane.scene.select_cells(chosen)
        pane.view.centre_on_selection()

    def verify_collection(self, folder: str | None = None):
        from studio.app.verify_collection import VerifyCollectionDialog

        if folder is None:
            pane = self.window.current_pane()
            if pane is not None and pane.document.path is not None:
                folder = str(pane.document.path.parent)
        dialog = VerifyCollectionDialog(folder, self.window, solution_patterns=self._solution_patterns())
        self._keep(dialog)
        return dialog

    def _solution_patterns(self) -> tuple[str, ...]:
        """File patterns of the games that keep solutions apart from levels (the play-test
        adapters say), so the collection check can pass them to the verifiers."""
        playtest = getattr(self.window, "playtest", None)
        patterns: list[str] = []
        if playtest is not None:
            for game in all_games():
                adapter = playtest.adapter(game)
                files = adapter.solution_files() if adapter is not None else None
                if files is not None:
                    patterns += [p for p in files.patterns if p not in patterns]
        return tuple(patterns)

    def _keep(self, dialog) -> None:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # its widgets and solver process go with it
        self.dialogs.append(dialog)
        dialog.finished.connect(lambda _=0, d=dialog: self.dialogs.remove(d) if d in self.dialogs else None)
        dialog.show()


def install_solving(window) -> SolvingController:
    """Add solving and checking to ``window`` (a studio MainWindow); returns its controller."""
    return SolvingController(window)
