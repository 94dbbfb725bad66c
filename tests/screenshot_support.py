"""Keeping a screenshot from a GUI test: set STUDIO_SCREENSHOT_DIR. Under Xvfb with
QT_QPA_PLATFORM=xcb (and ImageMagick's ``import``) it is the real screen cut to the window;
otherwise the widget's own rendering."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def keep_screenshot(widget, name: str) -> Path | None:
    folder = os.environ.get("STUDIO_SCREENSHOT_DIR")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    target = Path(folder) / name
    if os.environ.get("DISPLAY") and shutil.which("import") and os.environ.get("QT_QPA_PLATFORM") == "xcb":
        from PySide6.QtWidgets import QApplication

        for _ in range(20):
            QApplication.processEvents()
        frame = widget.window().frameGeometry()
        crop = f"{frame.width()}x{frame.height()}+{frame.x()}+{frame.y()}"
        subprocess.run(["import", "-window", "root", "-crop", crop, str(target)], check=True, timeout=60)
    else:
        widget.grab().save(str(target))
    return target
