"""The Intricacy Metagame window against a live sharing server on 127.0.0.1: codename, a lock
put in a slot from the editor, another player's lock picked into the play-test, opened and
declared, notes and scores, retiring; a codename to register; offline, a clear message.
Set STUDIO_SCREENSHOT_DIR to keep a screenshot (under Xvfb with QT_QPA_PLATFORM=xcb)."""

from __future__ import annotations

import base64

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from studio.app.metagame_window import ACCESSED, NOT_ACCESSED  # noqa: E402
from studio.games.intricacy.metagame import split_solution  # noqa: E402
from tests.screenshot_support import keep_screenshot  # noqa: E402
from tests.server_support import LEVELS, Client, Database, free_port, start_server  # noqa: E402

LOCKS = sorted((LEVELS / "intricacy").glob("0*.lock"))
WAIT_MS = 60_000


@pytest.fixture
def live_server(tmp_path):
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path)
    yield server
    server.stop()


def sign_in_as(window, url: str, client: Client, name: str, library) -> None:
    """What the Community dock's sign-in leaves in the settings."""
    settings = window.settings
    settings.set_value("community/url", url)
    settings.set_value("community/token", client.token or "")
    settings.set_value("community/name", name)
    settings.set_value("community/library", str(library))


def put_lock(player: Client, slot: int, path) -> int:
    status, body = player.request("PUT", f"/api/intricacy/slots/{slot}",
                                  {"data_base64": base64.b64encode(path.read_bytes()).decode()})
    assert status == 200, body
    return body["lock_id"]


def slot_item(view, codename: str, slot: int):
    for index in range(view.players.topLevelItemCount()):
        top = view.players.topLevelItem(index)
        if top.text(0) == codename:
            return top.child(slot)
    return None


def test_metagame_window_plays_against_a_live_server(window, qtbot, live_server, tmp_path, monkeypatch):
    server = live_server
    anonymous = Client(server.url)
    ann, bob, cat = anonymous.sign_up("ann"), anonymous.sign_up("bob"), anonymous.sign_up("cat")
    bob_lock = put_lock(bob, 0, LOCKS[2])
    put_lock(bob, 1, LOCKS[3])
    put_lock(cat, 2, LOCKS[4])
    sign_in_as(window, server.url, ann, "ann", tmp_path / "library")

    controller = window.metagame
    play_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Play")
    assert controller.action in play_menu.actions()
    controller.action.trigger()
    view = controller.view
    qtbot.waitUntil(lambda: view.codename.text() == "Codename: ANN" and view.players.topLevelItemCount() == 2,
                    timeout=WAIT_MS)
    assert not view.codename_box.isVisible()
    assert [view.slot_labels[s].text() for s in range(3)] == ["empty", "empty", "empty"]
    assert slot_item(view, "BOB", 0).text(1) == f"lock {bob_lock}" and slot_item(view, "BOB", 0).text(2) == NOT_ACCESSED
    assert slot_item(view, "BOB", 2).text(1) == "empty"
    # ANN has no lock: BOB and CAT access her three empty slots; she accesses none of theirs.
    assert view.players.topLevelItem(0).text(3) == "-3"
    assert not view.place_buttons[0].isEnabled()  # no lock being edited

    # Put the lock being edited in slot 0 (it carries its solution).
    window.open_file(LOCKS[0])
    qtbot.waitUntil(lambda: view.place_buttons[0].isEnabled(), timeout=WAIT_MS)
    view.place_buttons[0].click()
    qtbot.waitUntil(lambda: view.slot_labels[0].text().startswith("lock "), timeout=WAIT_MS)
    assert view.retire_buttons[0].isEnabled() and not view.retire_buttons[1].isEnabled()
    assert view.behind.count() == 1 and view.behind.currentData() == 0

    # Pick BOB's lock: it opens in the play-test; opening it offers "Declare".
    view.players.setCurrentItem(slot_item(view, "BOB", 0))
    assert view.pick.isEnabled() and not view.declare.isEnabled()
    view.pick.click()
    qtbot.waitUntil(lambda: window.current_pane() is not None and window.current_pane().document.path is not None
                    and window.current_pane().document.path.name == f"lock-{bob_lock}.lock", timeout=WAIT_MS)
    picked = window.current_pane().document
    assert not picked.level.solution  # BOB's solution is not sent to pickers
    session = window.playtest.sessions[picked]
    for move in session.adapter.parse_moves(split_solution(LOCKS[2].read_bytes())[1]):
        session.play(move)
    qtbot.waitUntil(lambda: view.declare.isEnabled(), timeout=WAIT_MS)
    assert f"BOB's lock {bob_lock}" in view.solved.text()
    view.declare.click()
    qtbot.waitUntil(lambda: view.notes.rowCount() == 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: slot_item(view, "BOB", 0).text(2) == ACCESSED, timeout=WAIT_MS)
    assert view.notes.item(0, 0).text() == "ANN" and view.notes.item(0, 3).text() == "no"
    # ANN: BOB's slot 0 (BOB has not read her note); BOB: none of ANN's (her slot 0 is locked).
    bob_row = next(view.players.topLevelItem(i) for i in range(2) if view.players.topLevelItem(i).text(0) == "BOB")
    assert bob_row.text(3) == "+1"
    assert not view.declare.isEnabled()
    keep_screenshot(view, "metagame-window.png")

    # Retire slot 0: the note behind it becomes public.
    monkeypatch.setattr(controller, "confirm_retire", lambda slot: True)
    view.retire_buttons[0].click()
    qtbot.waitUntil(lambda: view.slot_labels[0].text() == "empty" and view.notes.rowCount() == 1
                    and view.notes.item(0, 3).text() == "yes", timeout=WAIT_MS)
    assert "retired" in view.status.text() or "players" in view.status.text()


def test_metagame_window_registers_a_codename(window, qtbot, live_server, tmp_path):
    player = Client(live_server.url).sign_up("longname")
    sign_in_as(window, live_server.url, player, "longname", tmp_path)
    view = window.metagame.open()
    qtbot.waitUntil(lambda: view.codename_box.isVisible(), timeout=WAIT_MS)
    assert "Register a codename" in view.status.text()
    view.codename_field.setText("lng")
    view.codename_field.returnPressed.emit()
    qtbot.waitUntil(lambda: view.codename.text() == "Codename: LNG" and not view.codename_box.isVisible(),
                    timeout=WAIT_MS)


def test_metagame_window_offline_and_signed_out(window, qtbot, tmp_path):
    sign_in_as(window, f"http://127.0.0.1:{free_port()}", Client("", token="a token"), "ann", tmp_path)
    view = window.metagame.open()
    qtbot.waitUntil(lambda: view.status.text().startswith("Offline:"), timeout=WAIT_MS)
    assert "cannot reach the server" in view.status.text()
    assert view.players.topLevelItemCount() == 0 and view.codename.text() == "Codename: —"
    window.settings.set_value("community/token", "")
    view.refresh.click()
    assert view.status.text().startswith("Sign in to the server first")

