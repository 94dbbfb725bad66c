"""File > Export Web Game: the same dialog as Export Game, running `studio export-web` for real
on two levels (the check, then the page written, with its zip), Open in Browser on the
written page, and a game that has no web player refused before anything runs."""

from __future__ import annotations

import zipfile
from pathlib import Path

from PySide6.QtCore import Qt

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = ROOT / "levels" / "escape"


def test_the_web_export_writes_the_page_and_its_zip_and_opens_it(window, qtbot, tmp_path, monkeypatch):
    from studio.app import export_dialog

    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File")
    assert "export_web_game" in [action.objectName() for action in file_menu.actions()]
    for name in ("02-red-blocks.esx", "01-first-steps.esx"):
        window.open_file(ESCAPE / name)
    window.exporting.actions["export_web_game"].trigger()
    dialog = window.exporting.dialogs[-1]
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Export Web Game" and dialog.zip_box.isVisibleTo(dialog)
    dialog.output_edit.setText(str(tmp_path / "out"))
    dialog.name_edit.setText("Two Steps")
    assert dialog.program_label.text() == f"The page: {tmp_path / 'out' / 'two-steps' / 'index.html'}"
    dialog.zip_box.setChecked(True)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None and dialog.process is None, timeout=300_000)
    index = tmp_path / "out" / "two-steps" / "index.html"
    assert index.is_file() and dialog.stage_label.text().startswith(f"Wrote {index}: 2 levels, ")
    with zipfile.ZipFile(tmp_path / "out" / "two-steps.zip") as packed:
        assert "index.html" in packed.namelist()
    opened = []
    monkeypatch.setattr(export_dialog.QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()))
    assert dialog.browser_button.isVisibleTo(dialog)
    qtbot.mouseClick(dialog.browser_button, Qt.MouseButton.LeftButton)
    assert opened == [str(index)]
    dialog.close()


def test_a_lock_exports_to_the_web_too(window, qtbot, tmp_path):
    window.open_file(ROOT / "levels" / "intricacy" / "01-the-bolt.lock")
    dialog = window.exporting.export_game(web=True)
    qtbot.addWidget(dialog)
    dialog.output_edit.setText(str(tmp_path / "out"))
    assert dialog.problem.text() == "" and dialog.export_button.isEnabled()
    dialog.close()
