"""A web game exported from the bundled collections, played in headless chromium: the page's
?self-test wins every level of all four games, two Escape levels are won by key
presses and stay solved after a reload, a phone plays by the on-screen pad, and a damaged
level says what is wrong. STUDIO_SCREENSHOT_DIR keeps the screenshots (the README's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.export.web.build import MANIFEST_PREFIX, read_manifest
from tests.browser_support import DESKTOP, PHONE, make_browser, needs_chromium, serve_folder, wait_for

pytest.importorskip("selenium", reason="selenium is not installed (the test extra has it)")
pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}


def _export(folder: Path, collection: str, name: str) -> Path:
    done = subprocess.run([sys.executable, "-m", "studio", "export-web", str(ROOT / "levels" / collection), "-o",
                           str(folder), "--name", name, "--json"], capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    return Path(json.loads(done.stdout)["folder"])


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    out = tmp_path_factory.mktemp("web-games")
    folders = {game: _export(out, game, name) for game, name in
               (("escape", "Escape Tour"), ("laby", "Laby Walk"), ("chrono", "Chrono Tour"), ("intricacy", "Locks"))}
    with serve_folder(out) as url:
        yield dict({game: f"{url}/{folder.name}/index.html" for game, folder in folders.items()}, folder=out)


@pytest.fixture
def browser(tmp_path):
    driver = make_browser(tmp_path / "chromium", DESKTOP)
    yield driver
    driver.quit()


def _shot(driver, name: str) -> None:
    keep = os.environ.get("STUDIO_SCREENSHOT_DIR")
    if keep:
        driver.save_screenshot(str(Path(keep) / name))


def _ready(driver) -> None:
    wait_for(driver, "return !document.getElementById('continue-button').disabled", timeout=60)


def _press(driver, key: str, shift: bool = False) -> None:
    driver.execute_script("document.getElementById('board').dispatchEvent(new KeyboardEvent('keydown', "
                          "{key: arguments[0], shiftKey: arguments[1], bubbles: true}))", key, shift)


def _moves(driver) -> str:
    return driver.find_element("id", "move-count").text


@pytest.mark.parametrize("game, count", [("escape", 17), ("laby", 7), ("chrono", 8), ("intricacy", 8)])
def test_the_self_test_wins_every_level_and_prints_a_json_line_for_each(games, browser, game, count):
    browser.get(games[game] + "?self-test")
    assert wait_for(browser, "return document.body.dataset.selfTest", timeout=120) == "passed"
    lines = [json.loads(line) for line in browser.find_element("id", "self-test").text.splitlines()]
    assert [line["verdict"] for line in lines[:-1]] == ["won"] * count
    assert all(set(line) == {"level", "verdict", "moves"} and line["moves"] > 0 for line in lines[:-1])
    assert lines[-1] == {"self_test": "done", "won": count, "levels": count}
    logged = [entry["message"] for entry in browser.get_log("browser")]
    assert sum('\\"verdict\\":\\"won\\"' in message for message in logged) == count  # the console has them too


def test_two_levels_won_by_keys_stay_solved_after_a_reload(games, browser):
    browser.get(games["escape"])
    _ready(browser)
    _shot(browser, "web-title.png")
    manifest = browser.execute_script("return page.manifest")
    browser.find_element("id", "continue-button").click()
    for number in (0, 1):
        assert browser.find_element("id", "level-title").text.startswith(f"{number + 1}. ")
        for letter in manifest["levels"][number]["solution"]:
            _press(browser, KEYS[letter])
            if number == 1 and letter == manifest["levels"][1]["solution"][8]:
                wait_for(browser, "return page.animation === null")
                _shot(browser, "web-level.png")
        wait_for(browser, "return !document.getElementById('win-panel').hidden")
        assert "Solved in" in browser.find_element("id", "win-text").text
        if number == 1:
            wait_for(browser, "return page.animation === null")
            _shot(browser, "web-win.png")
        _press(browser, "Enter")
    browser.refresh()
    _ready(browser)
    assert browser.find_element("id", "game-summary").text == "17 levels, 2 solved"
    assert browser.find_element("id", "download-progress").is_displayed()
    _the_player_file_holds_the_two_wins(browser, manifest)
    browser.find_element("id", "levels-button").click()
    marks = [item.text for item in browser.find_elements("css selector", "#level-list li")]
    assert "✓ solved, best 28 moves" in marks[0] and "✓ solved" in marks[1] and "not solved yet" in marks[2]
    browser.find_element("id", "levels-back").click()
    browser.find_element("id", "continue-button").click()  # the first level not solved yet
    assert browser.find_element("id", "level-title").text.startswith("3. ")


def _the_player_file_holds_the_two_wins(browser, manifest) -> None:
    """What Download player.esp saves: a real Escape player file with the two solutions."""
    import base64

    from studio.games.escape.esp import loads

    made = browser.execute_script("return call('playerFile', Object.values(loadProgress().solved), 'Player')")
    player = loads(base64.b64decode(made["base64"]))
    for level in manifest["levels"][:2]:
        assert len(player.solutions_for(level["md5"])[0].moves) == len(level["solution"])
    assert made["name"] == "player.esp" and not player.solutions_for(manifest["levels"][2]["md5"])


def test_undo_restart_and_a_refused_move_say_what_happened(games, browser):
    browser.get(games["escape"])
    _ready(browser)
    browser.find_element("id", "continue-button").click()
    _press(browser, "ArrowUp")  # a blue block is in the way
    assert "in the way" in browser.find_element("id", "outcome-line").text
    assert browser.execute_script("return page.frame.annotations.map(a => a.shape)") == ["cross"]  # drawn on it
    _press(browser, "ArrowDown")
    assert browser.find_element("id", "move-count").text == "1 move"
    _press(browser, "z")
    assert browser.find_element("id", "move-count").text == "0 moves"
    _press(browser, "y")
    _press(browser, "r")
    assert browser.find_element("id", "move-count").text == "0 moves"
    _press(browser, "h")
    assert browser.find_element("id", "hint-line").text.startswith("Hint: Try ")
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors  # (the drawing of the cross and the rest ran without a script error)


def test_a_phone_plays_by_the_pad_and_the_board_fits_the_screen(games, tmp_path):
    phone = make_browser(tmp_path / "phone", PHONE, phone=True)
    try:
        phone.get(games["laby"])
        _ready(phone)
        _shot(phone, "web-phone-title.png")
        phone.find_element("id", "continue-button").click()
        pad = phone.find_elements("css selector", "#pad button")
        assert [button.text for button in pad] == ["↑", "↓", "←", "→"] and pad[0].is_displayed()
        board = phone.find_element("id", "board")
        assert 0 < board.size["width"] <= PHONE[0]
        before = phone.find_element("id", "move-count").text
        solution = phone.execute_script("return page.manifest.levels[0].solution")
        for letter in solution:
            pad["UDLR".index(letter)].click()
            if letter == solution[4]:
                _shot(phone, "web-phone-level.png")
        assert before == "0 moves"
        wait_for(phone, "return !document.getElementById('win-panel').hidden")
        wait_for(phone, "return page.animation === null")
        _shot(phone, "web-phone-win.png")
    finally:
        phone.quit()


def test_a_lock_is_picked_by_keys_and_the_pages_keys_leave_the_games_alone(games, browser):
    """Intricacy's hook turns with R and moves with Z: there Backspace undoes and Home restarts;
    Shift+D moves the wrench where D moves the hook."""
    browser.get(games["intricacy"])
    _ready(browser)
    browser.execute_script("playLevel(7)")  # Gears: the hook turns freely
    assert "Backspace undo" in browser.find_element("id", "keys-help").text
    _press(browser, "r")
    assert _moves(browser) == "1 move" and browser.find_element("id", "win-panel").get_attribute("hidden")
    _press(browser, "z")  # hook SW, blocked here: nothing is undone
    assert _moves(browser) == "1 move" and browser.find_element("id", "outcome-line").text
    _press(browser, "q")
    assert _moves(browser) == "2 moves"
    _press(browser, "Backspace")
    assert _moves(browser) == "1 move"
    _press(browser, "Home")
    assert _moves(browser) == "0 moves"
    browser.execute_script("playLevel(6)")  # The wrench: DssXs
    for key, shift in (("D", True), ("s", False), ("s", False), ("X", True)):
        _press(browser, key, shift)
    wait_for(browser, "return page.animation === null")
    _shot(browser, "web-lock.png")
    _press(browser, "s")
    wait_for(browser, "return !document.getElementById('win-panel').hidden")
    assert "Solved in 5 moves" in browser.find_element("id", "win-text").text
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_a_phones_pad_for_a_lock_sits_as_the_keys_do_and_fits_the_screen(games, tmp_path):
    phone = make_browser(tmp_path / "phone", PHONE, phone=True)
    try:
        phone.get(games["intricacy"])
        _ready(phone)
        phone.execute_script("playLevel(0)")
        pad = phone.find_elements("css selector", "#pad button")
        assert len(pad) == 9 and all(0 <= button.rect["x"] and button.rect["x"] + button.rect["width"] <= PHONE[0]
                                      for button in pad)
        by_title = {button.get_attribute("title"): button for button in pad}
        hook_w, hook_e, wait = by_title["hook W"].rect, by_title["hook E"].rect, by_title["wait"].rect
        assert hook_w["y"] == wait["y"] == hook_e["y"] and hook_w["x"] < wait["x"] < hook_e["x"]  # A S D
        assert by_title["hook NW"].rect["y"] < wait["y"] < by_title["hook SW"].rect["y"]
        _shot(phone, "web-phone-lock.png")
        by_title["hook SW"].click()  # The bolt's solution: z
        wait_for(phone, "return !document.getElementById('win-panel').hidden")
    finally:
        phone.quit()


def test_once_loaded_over_http_the_game_opens_and_plays_with_the_server_gone(games, browser):
    folder = Path(games["folder"]) / "laby-walk"
    with serve_folder(folder) as url:
        browser.get(url + "/index.html")
        _ready(browser)
        wait_for(browser, "return navigator.serviceWorker.controller !== null", timeout=60)
    browser.refresh()  # the server has stopped: the service worker's cache answers
    _ready(browser)
    browser.find_element("id", "continue-button").click()
    for letter in browser.execute_script("return page.manifest.levels[0].solution"):
        _press(browser, KEYS[letter])
    wait_for(browser, "return !document.getElementById('win-panel').hidden")


def test_a_damaged_level_in_the_folder_is_named_and_the_rest_still_play(games, browser):
    folder = next(path for path in Path(games["folder"]).iterdir() if path.name == "escape-tour")
    manifest = read_manifest(folder)
    broken = dict(manifest, id="broken-copy", levels=[dict(manifest["levels"][0], data="RVNYTAAA")] + manifest["levels"][1:])
    copy = Path(games["folder"]) / "broken-copy"
    copy.mkdir(exist_ok=True)
    for path in folder.iterdir():
        if path.is_file() and path.name != "game.js":
            (copy / path.name).write_bytes(path.read_bytes())
    (copy / "thumbnails").mkdir(exist_ok=True)
    (copy / "game.js").write_text(MANIFEST_PREFIX + json.dumps(broken) + ";")
    browser.get(games["escape"].replace("escape-tour", "broken-copy"))
    _ready(browser)
    browser.find_element("id", "continue-button").click()
    assert browser.find_element("id", "outcome-line").text.startswith("This level cannot be played: ")
    browser.find_element("id", "play-back").click()
    browser.find_elements("css selector", "#level-list button")[1].click()
    _press(browser, "ArrowUp")
    assert browser.find_element("id", "level-title").text.startswith("2. ")
