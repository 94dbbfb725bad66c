"""The README's pictures of the drawing tools and the layout, taken at 1366x768 from the X
screen of a virtual display (Xvfb), as a designer with a small laptop screen sees them.

Run (needs xvfb and imagemagick's `import`): python docs/make_tools_screenshots.py
It starts Xvfb on display :96, drives a studio window with fresh settings (mouse moves
and clicks on the canvas, as a designer would) and writes docs/tools-*.png.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DISPLAY = ":96"
SCREEN = "1366x768x24"
LEVELS = ROOT / "levels"


class Shots:
    def __init__(self, app, window):
        self.app, self.window = app, window

    def settle(self, seconds: float = 0.6) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.processEvents()
            time.sleep(0.02)

    def take(self, name: str) -> None:
        self.settle()
        target = ROOT / "docs" / f"tools-{name}.png"
        subprocess.run(["import", "-display", DISPLAY, "-window", "root", str(target)], check=True)
        print(f"wrote {target}")

    # -- the mouse on the canvas ---------------------------------------------------------
    def point(self, pane, x: int, y: int):
        from PySide6.QtCore import QPointF

        from studio.editor.scene import CELL

        return pane.view.mapFromScene(QPointF((x + 0.5) * CELL, (y + 0.5) * CELL))

    def mouse(self, pane, kind: str, x: int, y: int) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        viewport, at = pane.view.viewport(), self.point(pane, x, y)
        if kind == "move":
            QTest.mouseMove(viewport, at)
        elif kind == "press":
            QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
        else:
            QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
        self.app.processEvents()

    def drag_to(self, pane, start, end, release: bool = True) -> None:
        from PySide6.QtCore import QEvent, QPointF, Qt
        from PySide6.QtGui import QMouseEvent

        self.mouse(pane, "move", *start)
        self.mouse(pane, "press", *start)
        viewport, at = pane.view.viewport(), self.point(pane, *end)
        move = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(viewport.mapToGlobal(at)),
                           Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        self.app.sendEvent(viewport, move)
        if release:
            self.mouse(pane, "release", *end)


def blank_level(window, width: int, height: int):
    from studio.core.game import game_by_id
    from studio.games.escape.tiles import T
    from studio.model.document import LevelDocument

    game = game_by_id("escape")
    level = game.new_level(width, height)
    for x in range(width):
        level.tiles[level.index(x, 0)] = level.tiles[level.index(x, height - 1)] = int(T.BLUE)
    for y in range(height):
        level.tiles[level.index(0, y)] = level.tiles[level.index(width - 1, y)] = int(T.BLUE)
    level.title = "Drawing Tools"
    return window.add_document(LevelDocument(game, level))


def scenes(shots: Shots) -> None:
    from PySide6.QtCore import QRect

    from studio.app.play_placement import IN_PLACE
    from studio.games.escape.tiles import T

    window = shots.window
    palette = window.palette_dock

    # 1. The default layout at 1366x768: the canvas first, the overview under the palette.
    window.open_file(LEVELS / "escape" / "17-grand-tour.esx")
    shots.take("layout")

    # 2. Shapes: a line and an outline drawn, an ellipse being dragged (its ghost shown).
    pane = blank_level(window, 26, 15)
    pane.view.fit_to_window()
    shots.settle(0.3)
    palette.select("tile", int(T.GREY))
    window.set_tool("line")
    shots.drag_to(pane, (2, 2), (10, 12))
    palette.select("tile", int(T.RED))
    window.set_tool("outline")
    shots.drag_to(pane, (12, 2), (16, 6))
    palette.select("tile", int(T.GOLD))
    window.set_tool("ellipse")
    shots.drag_to(pane, (13, 7), (24, 13), release=False)
    shots.take("shapes")
    shots.mouse(pane, "release", 24, 13)

    # 3. Select same tile: every red cell selected together, then the selection flipped.
    window.set_tool("same")
    shots.mouse(pane, "move", 12, 2)
    shots.mouse(pane, "press", 12, 2)
    shots.mouse(pane, "release", 12, 2)
    shots.take("select-same")

    # 4. The stamp: part of the wires level copied and following the cursor.
    pane = window.open_file(LEVELS / "escape" / "10-wires.esx")
    pane.view.fit_to_window()
    shots.settle(0.3)
    pane.scene.set_selection(QRect(1, 1, 4, 3))
    window.copy()
    shots.mouse(pane, "move", 6, 4)
    window.paste()
    shots.mouse(pane, "move", 7, 5)
    shots.take("stamp")
    pane.scene.tool.cancel(pane.scene)

    # 5. Rotate: a quarter turn, the wires turning with their cells.
    pane.scene.set_selection(QRect(1, 1, 5, 4))
    window.drawing.actions["rotate_cw"].trigger()
    shots.take("rotate")

    # 6. Playing in place: the board takes the canvas's room; Esc goes back.
    window.playtest.placement.actions[IN_PLACE].trigger()
    window.open_file(LEVELS / "escape" / "17-grand-tour.esx")
    window.playtest.start()
    shots.take("play-in-place")
    window.playtest.placement.actions[IN_PLACE].trigger()
    window.playtest.placement.show_editor()

    # 7. A hex lock: the magic wand took the pivot with its arms, turned a sixth clockwise, and
    # the stamp (Ctrl+C, Ctrl+V) follows the cursor with the copy.
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent

    from studio.editor.hex_geometry import hex_centre

    def at_hex(pane, kind, q, r, button=Qt.MouseButton.NoButton):
        viewport = pane.view.viewport()
        point = pane.view.mapFromScene(hex_centre(q, r))
        shots.app.sendEvent(viewport, QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)),
                                                  button, button, Qt.KeyboardModifier.NoModifier))
        shots.app.processEvents()

    window.playtest.dock.hide()  # (the canvas's room for the lock)
    pane = window.open_file(LEVELS / "intricacy" / "05-pivots.lock")
    shots.settle(0.3)
    window.set_tool("wand")
    at_hex(pane, QEvent.Type.MouseButtonPress, 2, -2, Qt.MouseButton.LeftButton)
    at_hex(pane, QEvent.Type.MouseButtonRelease, 2, -2, Qt.MouseButton.LeftButton)
    window.drawing.actions["rotate_cw"].trigger()
    window.copy()
    window.paste()
    at_hex(pane, QEvent.Type.MouseMove, -1, 0)
    shots.take("hex")
    pane.scene.tool_key(Qt.Key.Key_Escape)

    # 8. Edit > Preferences > Shortcuts.
    from studio.app.preferences import PreferencesDialog
    from studio.app.preferences_shortcuts import ShortcutsPage

    dialog = PreferencesDialog(window.settings, window)
    page = next(p for p in dialog.pages if isinstance(p, ShortcutsPage))
    dialog.tabs.setCurrentWidget(page)
    page.filter.setText("select")
    dialog.resize(560, 520)
    dialog.show()
    shots.take("shortcuts")
    dialog.reject()


def main() -> int:
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", SCREEN, "-nolisten", "tcp"])
    try:
        time.sleep(1.5)
        os.environ["DISPLAY"] = DISPLAY
        os.environ.pop("QT_QPA_PLATFORM", None)
        from PySide6.QtCore import QSettings

        from studio.app.launch import make_application
        from studio.app.settings import StudioSettings

        app = make_application()
        from studio.app.main_window import MainWindow

        settings = StudioSettings(QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"),
                                            QSettings.Format.IniFormat))
        window = MainWindow(settings)
        window.ask_save_changes = lambda name: __import__("PySide6.QtWidgets").QtWidgets.QMessageBox.StandardButton.Discard
        window.show()
        # The Community dock opens from View > Community (it is not part of the default layout).
        community = getattr(window, "community", None)
        if community is not None:
            community.dock.hide()
        shots = Shots(app, window)
        shots.settle(1.0)
        scenes(shots)
        window.close()
        return 0
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    raise SystemExit(main())
