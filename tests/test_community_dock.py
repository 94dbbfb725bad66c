"""The Community dock against a live sharing server on 127.0.0.1: sign up, browse with
thumbnails, download into the library and open, rate, comment, upload the level being
edited with its play-test solution, submit a play-test as a speedrun; and offline, a
clear message instead of an error. Set STUDIO_SCREENSHOT_DIR to keep a screenshot
(under Xvfb with QT_QPA_PLATFORM=xcb, the whole screen)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, LASERS, LASERS_SOLUTION, LEVELS, Client, free_port, serve_one_level,
)

WAIT_MS = 60_000


@pytest.fixture
def live_server(tmp_path):
    server, uploaded = serve_one_level(tmp_path)
    yield server, uploaded
    server.stop()


def connect(window, url: str, library: Path):
    """The dock shown and pointed at ``url``; the window's error boxes collected, not shown."""
    window.errors = []
    window.show_error = lambda title, text: window.errors.append(f"{title}: {text}")
    controller = window.community
    window.settings.set_value("community/library", str(library))
    controller.dock.show()
    controller.dock.url.setText(url)
    controller._url_changed()  # as when the field loses focus
    return controller


def play(window, moves_text: str) -> None:
    window.playtest.start()
    session = window.playtest.sessions[window.current_pane().document]
    for move in session.adapter.parse_moves(moves_text):
        session.play(move)


def test_community_dock_round_trip(window, qtbot, live_server, tmp_path):
    server, uploaded = live_server
    controller = connect(window, server.url, tmp_path / "library")
    dock = controller.dock
    qtbot.waitUntil(lambda: dock.levels.topLevelItemCount() == 1, timeout=WAIT_MS)
    item = dock.levels.topLevelItem(0)
    assert "In the Line of Fire" in item.text(0) and item.text(1) == "designer" and "31 by designer" in item.text(3)
    qtbot.waitUntil(lambda: not item.icon(0).isNull(), timeout=WAIT_MS)  # the thumbnail arrived
    assert not dock.rate.isEnabled()  # rating needs an account

    dock.name.setText("player1")
    dock.password.setText("a long password")
    dock.register.click()
    qtbot.waitUntil(lambda: dock.signed_in, timeout=WAIT_MS)
    assert dock.account.text() == "Signed in as player1."
    qtbot.waitUntil(lambda: dock.levels.topLevelItemCount() == 1 and not controller.calls, timeout=WAIT_MS)

    assert dock.page_link.text() == "Select a level to open its web page."
    dock.levels.topLevelItem(0).setSelected(True)
    assert f'href="{server.url}/levels/{uploaded["id"]}"' in dock.page_link.text()  # it opens in the browser
    assert dock.page_link.openExternalLinks()
    dock.download.click()
    downloaded = tmp_path / "library" / "escape" / "05-lasers.esx"
    qtbot.waitUntil(lambda: window.errors or (window.current_pane() is not None
                    and window.current_pane().document.path == downloaded), timeout=WAIT_MS)
    assert not window.errors
    assert downloaded.read_bytes() == LASERS.read_bytes()

    dock.difficulty.setValue(7)
    dock.style.setValue(9)
    dock.cooked.setChecked(True)
    dock.rate.click()
    qtbot.waitUntil(lambda: dock.status.text().startswith("Rated In the Line of Fire"), timeout=WAIT_MS)
    anonymous = Client(server.url)
    level = f"/api/levels/{uploaded['id']}"
    assert anonymous.get(level + "/ratings")[1] == {"difficulty": 7.0, "style": 9.0, "cooked": 1.0, "count": 1}
    assert dock.status.text().endswith("9.0 style, from 1 rating.")  # not "over 1 ratings"

    qtbot.waitUntil(lambda: dock.levels.topLevelItemCount() == 1, timeout=WAIT_MS)
    dock.levels.topLevelItem(0).setSelected(True)
    dock.comment.setText("The second laser needs the gold block twice!")
    dock.post.click()
    qtbot.waitUntil(lambda: dock.status.text().startswith("Comment posted"), timeout=WAIT_MS)
    assert [c["text"] for c in anonymous.get(level + "/comments")[1]] == ["The second laser needs the gold block twice!"]

    # The downloaded level, play-tested and submitted as a speedrun: as short as the designer's,
    # so the earlier one keeps the record.
    play(window, LASERS_SOLUTION)
    dock.speedrun.click()
    qtbot.waitUntil(lambda: "verified: 31 moves" in dock.status.text() or not controller.calls, timeout=WAIT_MS)
    assert dock.status.text() == "Speedrun on In the Line of Fire verified: 31 moves, your best so far."
    assert [(run["player"], run["length"]) for run in anonymous.get(level + "/speedruns")[1]] == \
        [("designer", 31), ("player1", 31)]

    # A level of our own, uploaded with the play-test's moves as its solution.
    own = tmp_path / "work" / "first.esx"
    own.parent.mkdir()
    shutil.copy(ESCAPE_FIRST, own)
    window.open_file(own)
    play(window, ESCAPE_FIRST_SOLUTION)
    dock.upload.click()
    qtbot.waitUntil(lambda: dock.status.text().startswith("Uploaded first.esx as level"), timeout=WAIT_MS)
    assert "verified with the play-test's moves" in dock.status.text()
    md5 = hashlib.md5(own.read_bytes()).hexdigest()
    assert md5 in [entry["md5"] for entry in anonymous.get("/api/levels")[1]]
    qtbot.waitUntil(lambda: dock.levels.topLevelItemCount() == 2 and not controller.calls, timeout=WAIT_MS)
    dock.raise_()
    keep_screenshot(window, "community-dock.png")


def test_upload_takes_the_solution_stored_for_the_level_when_nothing_was_played(window, tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    for name in ("02-red-blocks.esx", "solutions.esp"):
        shutil.copy(LEVELS / "escape" / name, folder / name)
    window.open_file(folder / "02-red-blocks.esx")
    solution, source = window.community.solution_for(window.current_pane().document)
    assert solution == "RRRDRRRRRDDLD" and "solutions.esp" in source  # levels/escape/SOLUTIONS.md
    window.open_file(LEVELS / "chrono" / "01-coin-and-home.txt")
    solution, source = window.community.solution_for(window.current_pane().document)
    assert solution.replace(" ", "") == "EEESSWWWEEENNWWWT" and "Solution field" in source


def test_upload_after_a_win_and_a_saved_edit_uses_the_winning_moves_replayed(window, qtbot, live_server, tmp_path):
    """Win the play-test, change the title (the test is now 'edited since'), save, upload: the
    winning moves still win the saved level, so they are sent (issue 39)."""
    from studio.model.commands import ChangeProperties

    server, _ = live_server
    controller = connect(window, server.url, tmp_path / "library")
    dock = controller.dock
    qtbot.waitUntil(lambda: dock.levels.topLevelItemCount() == 1, timeout=WAIT_MS)
    dock.name.setText("winner")
    dock.password.setText("a long password")
    dock.register.click()
    qtbot.waitUntil(lambda: dock.signed_in, timeout=WAIT_MS)
    level = tmp_path / "levels" / "won.esx"
    level.parent.mkdir()
    shutil.copy(ESCAPE_FIRST, level)  # alone in its folder: no stored solution
    window.open_file(level)
    play(window, ESCAPE_FIRST_SOLUTION)
    document = window.current_pane().document
    session = window.playtest.sessions[document]
    assert session.outcome.kind == "won"
    document.undo_stack.push(ChangeProperties(document, {"title": "Won, then renamed"}))
    assert session.stale
    document.save()
    controller.upload_current()
    qtbot.waitUntil(lambda: dock.status.text().startswith("Uploaded won.esx as level"), timeout=WAIT_MS)
    assert "the play-test's moves (replayed on the level as saved)" in dock.status.text()
    listed = Client(server.url).get("/api/levels")[1]
    assert "Won, then renamed" in [entry["title"] for entry in listed]


def test_upload_with_no_win_known_asks_for_one_in_a_dialog_with_play_test_now(window, qtbot, tmp_path):
    level = tmp_path / "levels" / "unwon.esx"
    level.parent.mkdir()
    shutil.copy(ESCAPE_FIRST, level)
    window.open_file(level)
    controller = window.community
    controller.upload_current()
    box = controller.needs_a_win
    assert box.isVisible() and "win" in box.text() and "unwon" in box.text().lower()
    assert not controller.calls  # nothing was sent
    assert "needs a win" in controller.dock.status.text()
    play_now = next(button for button in box.buttons() if button.text() == "Play-test now")
    play_now.click()
    qtbot.waitUntil(lambda: window.current_pane().document in window.playtest.sessions, timeout=10_000)
    assert window.playtest.dock.isVisible()


def test_community_dock_offline_says_so_without_an_error(window, qtbot, tmp_path):
    controller = connect(window, f"http://127.0.0.1:{free_port()}", tmp_path / "library")  # nothing listens there
    dock = controller.dock
    qtbot.waitUntil(lambda: dock.status.text().startswith("Offline."), timeout=WAIT_MS)
    assert "cannot reach the server" in dock.status.text()
    qtbot.waitUntil(lambda: not dock.progress.isVisible(), timeout=WAIT_MS)
    dock.name.setText("someone")
    dock.password.setText("a long password")
    dock.sign_in.click()
    qtbot.waitUntil(lambda: dock.status.text().startswith("Offline. Sign in"), timeout=WAIT_MS)
    assert not dock.signed_in and dock.levels.topLevelItemCount() == 0
    dock.upload.setEnabled(True)  # as if signed in before going offline
    controller.client.token = "stale"
    controller.upload_current()
    assert dock.status.text() == "Open a level to upload it."


def keep_screenshot(window, name: str) -> None:
    folder = os.environ.get("STUDIO_SCREENSHOT_DIR")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    target = Path(folder) / name
    if os.environ.get("DISPLAY") and shutil.which("import") and os.environ.get("QT_QPA_PLATFORM") == "xcb":
        from PySide6.QtWidgets import QApplication

        for _ in range(20):
            QApplication.processEvents()
        subprocess.run(["import", "-window", "root", str(target)], check=True, timeout=60)
    else:
        window.grab().save(str(target))
