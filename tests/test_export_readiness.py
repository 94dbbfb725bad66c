"""Export Game works after the README's install: PyInstaller is one of the studio's own
dependencies; where it is missing, the dialog says so as it opens, names the fix and keeps
Export disabled with the reason on it; the game's name follows the chosen levels until the
designer types one. And, with STUDIO_EXPORT_TEST=1 (a PyInstaller build, a minute or two;
`.ci/run` runs it in its fresh environment installed by the README's test command), the
bundled Escape collection exported from the dialog, driven as a designer would, passes its
self-test with an empty environment."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.export import build

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = ROOT / "levels" / "escape"


def test_pyinstaller_is_one_of_the_studios_own_dependencies():
    requirements = importlib.metadata.requires("puzzle-level-studio") or []
    plain = [r for r in requirements if re.match(r"pyinstaller\b", r, re.I) and "extra ==" not in r]
    assert plain, requirements
    assert importlib.util.find_spec("PyInstaller") is not None
    assert build.export_blockers() == []


@pytest.fixture
def without_pyinstaller(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(build.importlib.util, "find_spec",
                        lambda name, *args: None if name == "PyInstaller" else real(name, *args))


def test_without_pyinstaller_the_dialog_says_so_before_the_build_and_export_stays_disabled(
        window, qtbot, tmp_path, without_pyinstaller):
    window.open_file(ESCAPE / "01-first-steps.esx")
    dialog = window.exporting.export_game()
    qtbot.addWidget(dialog)
    dialog.output_edit.setText(str(tmp_path / "out"))
    assert dialog.collection.paths() and dialog.name_edit.text()  # everything else is ready
    assert not dialog.export_button.isEnabled()
    assert "pip install pyinstaller" in dialog.export_button.toolTip()
    assert "PyInstaller" in dialog.problem.text() and "pip install pyinstaller" in dialog.problem.text()
    dialog.start()  # as a keyboard shortcut would: nothing runs
    assert dialog.process is None


def test_the_name_follows_the_chosen_levels_until_the_designer_types_one(window, qtbot, tmp_path):
    from studio.core.game import game_by_id

    window.open_file(ESCAPE / "01-first-steps.esx")
    dialog = window.exporting.export_game()
    qtbot.addWidget(dialog)
    assert dialog.name_edit.text() == "Escape Levels"
    dialog.collection.set_paths([])
    dialog.collection.add_paths([ROOT / "levels" / "laby"])
    assert dialog.name_edit.text() == f"{game_by_id('laby').name} Levels"
    dialog.name_edit.selectAll()
    qtbot.keyClicks(dialog.name_edit, "My Mazes")
    dialog.collection.set_paths([])
    dialog.collection.add_paths([ESCAPE])
    assert dialog.name_edit.text() == "My Mazes"


@pytest.mark.skipif(os.environ.get("STUDIO_EXPORT_TEST") != "1",
                    reason="builds a PyInstaller game (a minute or two): set STUDIO_EXPORT_TEST=1 to run")
def test_the_bundled_escape_collection_exported_from_the_dialog_passes_its_self_test(window, qtbot, tmp_path):
    dialog = window.exporting.export_game()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.collection.set_paths([])
    assert dialog.collection.add_paths([ESCAPE])
    dialog.name_edit.selectAll()
    qtbot.keyClicks(dialog.name_edit, "First Steps")
    dialog.author_edit.setText("Tester")
    dialog.output_edit.setText(str(tmp_path / "out"))
    assert dialog.export_button.isEnabled(), dialog.export_button.toolTip()
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.process is None and dialog.phase == "" and dialog.stage_label.text()
                    not in ("Checking the levels…", "Building…") and dialog.result is not None
                    or "failed" in dialog.stage_label.text() or "Not exported" in dialog.stage_label.text(),
                    timeout=1_200_000)
    assert dialog.stage_label.text().startswith("Built "), (dialog.problem.text(), dialog.log.toPlainText()[-3000:])
    app = Path(dialog.result["app"])
    assert app == tmp_path / "out" / "first-steps" / "first-steps"
    done = subprocess.run([str(app), "--self-test"], env={}, capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 17 and all(line["verdict"] == "won" for line in lines), lines
