"""The README's pictures of an exported game: its title screen, its level list and a win,
taken from the X screen of a virtual display (Xvfb) as a player would see them.

Run (needs xvfb and imagemagick's `import`): python docs/make_export_screenshots.py
It starts Xvfb on display :97, plays the Escape tutorial collection in the player shell
by key presses (progress in a temporary folder) and writes docs/export-*.png.
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
DISPLAY = ":97"
SCREEN = (1280, 800)


def shoot(app, name: str) -> None:
    for _ in range(20):  # let the window settle and paint
        app.processEvents()
        time.sleep(0.03)
    target = ROOT / "docs" / name
    subprocess.run(["import", "-display", DISPLAY, "-window", "root", str(target)], check=True)
    print(f"wrote {target}")


def main() -> int:
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"])
    try:
        time.sleep(1.5)
        os.environ["DISPLAY"] = DISPLAY
        os.environ.pop("QT_QPA_PLATFORM", None)
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        from studio.export.bundle import stage_collection
        from studio.export.levels import check_level, gather_levels
        from studio.player.main import make_application
        from studio.player.window import PlayerWindow

        with tempfile.TemporaryDirectory() as scratch:
            game, files = gather_levels([ROOT / "levels" / "escape"])
            collection = stage_collection([check_level(path) for path in files], game, "Escape: First Steps",
                                          "Puzzle Level Studio", ROOT / "resources" / "icons" / "studio.svg",
                                          Path(scratch) / "game")
            app = make_application(collection)
            window = PlayerWindow(collection, Path(scratch) / "progress")
            window.set_player_name("Ann")
            window.title_screen.set_player("Ann")
            window.setGeometry(0, 0, *SCREEN)
            window.show()
            window.activateWindow()
            shoot(app, "export-title.png")

            keys = {"U": Qt.Key.Key_Up, "D": Qt.Key.Key_Down, "L": Qt.Key.Key_Left, "R": Qt.Key.Key_Right}
            for index in range(3):  # three levels won by their solutions' keys, the last one shown
                window.play_level(index)
                for letter in collection.levels[index].solution:
                    QTest.keyClick(window.play_screen.board, keys[letter])
                    QTest.qWait(15)
                QTest.qWait(400)
            shoot(app, "export-win.png")
            QTest.keyClick(window.play_screen.win_screen, Qt.Key.Key_Escape)
            shoot(app, "export-levels.png")
            window.close()
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
