"""Play on the sharing server: a level uploaded to a live `studio serve` plays on its page in
headless chromium (the web export's player, the studio's engine under Brython, sprites drawn
by the render worker), and a signed-in player's win there is accepted as a speedrun, verified
by the server. Without chromium only the HTTP checks run."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.browser_support import make_browser, needs_chromium, wait_for  # noqa: E402
from tests.server_support import LASERS_SOLUTION, LEVELS, Client, serve_one_level  # noqa: E402

ARROWS = {"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}


@pytest.fixture
def served(tmp_path):
    server, uploaded = serve_one_level(tmp_path, "tom7")
    yield server, uploaded["id"]
    server.stop()


def _get(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_play_page_and_its_files_are_served_with_a_policy_that_lets_brython_run(served):
    server, level = served
    status, headers, page = _get(f"{server.url}/levels/{level}/play/")
    assert status == 200 and b"<title>In the Line of Fire</title>" in page
    assert "script-src 'self' 'unsafe-eval'" in headers["content-security-policy"]
    status, headers, manifest = _get(f"{server.url}/levels/{level}/play/game.js")
    data = json.loads(manifest.decode()[len("window.studioGame = "):].rstrip().rstrip(";"))
    assert data["game"] == "escape" and data["levels"][0]["solution"] == "" and data["server"]["player"] == ""
    assert data["sprites"]["places"]["player"] and data["author"] == "tom7"
    status, headers, atlas = _get(f"{server.url}/levels/{level}/play/sprites.png")
    assert status == 200 and atlas.startswith(b"\x89PNG")
    status, _, package = _get(f"{server.url}/levels/{level}/play/studio.js")
    assert status == 200 and b"studio.games.escape.engine" in package and b"PySide6" not in package
    assert _get(f"{server.url}/levels/{level}/play/secrets.txt")[0] == 404
    assert _get(f"{server.url}/levels/{level}/play/..%2Fgame.js")[0] == 404
    _, _, level_page = _get(f"{server.url}/levels/{level}")
    assert f'href="/levels/{level}/play/"'.encode() in level_page


def _upload_lock(server, name: str) -> int:
    from studio.export.levels import check_level

    lock = sorted((LEVELS / "intricacy").glob("*.lock"))[0]  # The bolt: "z"
    status, uploaded = Client(server.url).sign_up(name).upload(lock, check_level(lock).solution, game="intricacy")
    assert status == 201, uploaded
    return uploaded["id"]


def test_a_lock_plays_on_its_page_with_its_pieces_drawn_by_the_render_worker(served):
    server, _ = served
    level = _upload_lock(server, "locksmith")
    status, _, page = _get(f"{server.url}/levels/{level}/play/")
    assert status == 200 and b"pieces.js" in page and b"controls.js" in page
    status, _, script = _get(f"{server.url}/levels/{level}/play/game.js")
    places = json.loads(script.decode().split("=", 1)[1].rstrip(";\n "))["sprites"]["places"]
    assert any(key.startswith("ground-2-") for key in places) and all(len(place) == 4 for place in places.values())
    status, headers, atlas = _get(f"{server.url}/levels/{level}/play/sprites.png")
    assert status == 200 and atlas.startswith(b"\x89PNG")
    _, _, level_page = _get(f"{server.url}/levels/{level}")
    assert f'href="/levels/{level}/play/"'.encode() in level_page


@needs_chromium
def test_a_lock_uploaded_is_picked_on_its_page(served, tmp_path):
    server, _ = served
    level = _upload_lock(server, "picker")
    browser = make_browser(tmp_path / "chromium", (1280, 800))
    try:
        browser.get(f"{server.url}/levels/{level}/play/")
        wait_for(browser, "return typeof page !== 'undefined' && !!page.frame", timeout=60)
        browser.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'z'}))")
        wait_for(browser, "return !document.getElementById('win-panel').hidden")
        assert "Solved in 1 moves" in browser.find_element("id", "win-text").text
        errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert not errors, errors
    finally:
        browser.quit()


@needs_chromium
def test_a_level_uploaded_is_won_on_its_page_and_the_win_is_accepted_as_a_speedrun(served, tmp_path):
    from selenium.webdriver.common.by import By

    server, level = served
    Client(server.url).sign_up("webber", "a web password")
    browser = make_browser(tmp_path / "chromium", (1280, 800))
    try:
        browser.get(f"{server.url}/sign-in?next=/levels/{level}")
        browser.find_element(By.NAME, "name").send_keys("webber")
        browser.find_element(By.NAME, "password").send_keys("a web password")
        browser.find_element(By.ID, "submit").click()
        wait_for(browser, "return !!document.getElementById('play')")
        browser.find_element(By.ID, "play").click()
        wait_for(browser, "return typeof page !== 'undefined' && !!page.frame", timeout=60)
        assert browser.find_element(By.ID, "level-title").text == "1. In the Line of Fire"
        for letter in LASERS_SOLUTION:
            browser.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}))",
                                   ARROWS[letter])
        wait_for(browser, "return !document.getElementById('win-panel').hidden")
        assert "webber" in browser.find_element(By.ID, "win-server").text
        browser.find_element(By.ID, "win-speedrun").click()
        wait_for(browser, "return document.getElementById('win-server').textContent.startsWith('Speedrun accepted')")
        assert browser.find_element(By.ID, "win-server").text.startswith("Speedrun accepted: 31 moves")
        keep = __import__("os").environ.get("STUDIO_SCREENSHOT_DIR")
        if keep:
            browser.save_screenshot(str(Path(keep) / "server-play-win.png"))
        refused = [entry for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]
        assert not refused, refused
    finally:
        browser.quit()
    status, table = Client(server.url).get(f"/api/levels/{level}/speedruns")
    assert status == 200 and {"player": "webber", "length": 31} in [
        {"player": run["player"], "length": run["length"]} for run in table]
