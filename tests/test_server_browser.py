"""The sharing server's web pages in a real browser: Debian's chromium, headless, driven by
Selenium through chromium-driver, against a live `studio serve` on 127.0.0.1.

Skips (with the reason) when chromium or its driver is not installed
(``apt-get install chromium chromium-driver``). Set STUDIO_SCREENSHOT_DIR to keep
the screenshots (the README's come from here).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra has it)")

from tests.browser_support import make_browser, needs_chromium  # noqa: E402
from tests.server_support import LEVELS, Client, Database, start_server  # noqa: E402

pytestmark = needs_chromium

LASERS = LEVELS / "escape" / "05-lasers.esx"
LASERS_SOLUTION = "RRDURRRRRRDDDDLLLLLLDRRRRRRDDRR"


@pytest.fixture
def browser(tmp_path):
    driver = make_browser(tmp_path / "chromium")
    yield driver
    driver.quit()


@pytest.fixture
def shared_level(tmp_path):
    """A live server holding one Escape level with ratings, comments and two speedruns."""
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path)
    anonymous = Client(server.url)
    author, ann, bob = (anonymous.sign_up(name) for name in ("tom7", "ann", "bob"))
    status, uploaded = author.upload(LASERS, LASERS_SOLUTION)
    assert status == 201, uploaded
    level = f"/api/levels/{uploaded['id']}"
    ann.post(level + "/ratings", {"difficulty": 4, "style": 8, "cooked": False})
    bob.post(level + "/ratings", {"difficulty": 6, "style": 9, "cooked": True})
    ann.post(level + "/comments", {"text": "Shading the laser with the gold block is a lovely idea."})
    bob.post(level + "/comments", {"text": "Cooked: I slipped past the second laser without the block."})
    assert bob.post(level + "/speedruns", {"solution": "L" + LASERS_SOLUTION})[0] == 201
    yield server, uploaded
    server.stop()


def test_level_page_shows_picture_ratings_speedruns_comments_and_download(browser, shared_level, tmp_path):
    from selenium.webdriver.common.by import By

    server, uploaded = shared_level
    browser.get(f"{server.url}/levels/{uploaded['id']}")
    assert browser.find_element(By.ID, "title").text == "In the Line of Fire"
    picture = browser.find_element(By.ID, "picture")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", picture) > 100
    ratings = browser.find_element(By.ID, "ratings").text
    assert "5.0 / 10" in ratings and "8.5 / 10" in ratings and "50% of players" in ratings
    rows = browser.find_elements(By.CSS_SELECTOR, "#speedruns tr")[1:]
    assert [row.text.split()[:3] for row in rows] == [["1", "tom7", "31"], ["2", "bob", "32"]]
    comments = browser.find_element(By.ID, "comments").text
    assert "lovely idea" in comments and "Cooked: I slipped" in comments
    download = browser.find_element(By.ID, "download")
    assert download.get_attribute("download") == LASERS.name
    # The link gives the uploaded bytes (fetched by the page itself, as the browser would save them).
    fetched = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(r => r.arrayBuffer()).then(b => done(Array.from(new Uint8Array(b))));",
        download.get_attribute("href"))
    assert bytes(fetched) == LASERS.read_bytes()
    save_screenshot(browser, tmp_path, "server-level-page.png")


def test_collection_page_lists_the_level_with_its_thumbnail_and_record(browser, shared_level, tmp_path):
    from selenium.webdriver.common.by import By

    server, uploaded = shared_level
    browser.get(server.url + "/")
    assert browser.current_url.endswith("/collections/triage")
    row = browser.find_element(By.CSS_SELECTOR, "#levels tr:nth-child(2)")
    assert "In the Line of Fire" in row.text and "31 moves by tom7" in row.text and "tom7" in row.text
    thumbnail = row.find_element(By.CSS_SELECTOR, "img.thumb")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", thumbnail) > 10
    save_screenshot(browser, tmp_path, "server-collection-page.png")
    row.find_element(By.LINK_TEXT, "In the Line of Fire").click()
    assert browser.current_url.endswith(f"/levels/{uploaded['id']}")


def test_the_api_docs_run_under_the_content_security_policy_from_the_servers_own_files(browser, shared_level,
                                                                                     tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = shared_level
    browser.get(server.url + "/docs")
    WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".opblock"))
    assert "Puzzle Level Studio sharing server" in browser.find_element(By.CSS_SELECTOR, ".title").text
    paths = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".opblock-summary-path")]
    assert "/api/levels/{level_id}/speedruns" in paths and "/api/accounts/me/password" in paths
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(name.startswith(server.url) for name in loaded), loaded
    refused = [entry for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]
    assert not refused, refused
    save_screenshot(browser, tmp_path, "server-api-docs.png")


def save_screenshot(browser, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    assert browser.save_screenshot(str(path)) and path.stat().st_size > 5_000
    keep = os.environ.get("STUDIO_SCREENSHOT_DIR")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / name)


def test_a_player_signs_in_on_the_web_rates_calls_it_cooked_and_comments(browser, shared_level, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    def after(click, element_id: str):
        """Click, then the element of the next page (a form's answer loads a page)."""
        old = browser.find_element(By.TAG_NAME, "html")
        click()
        WebDriverWait(browser, 20).until(lambda b: old != b.find_element(By.TAG_NAME, "html")
                                         and b.find_elements(By.ID, element_id))
        return browser.find_element(By.ID, element_id)

    server, uploaded = shared_level
    Client(server.url).sign_up("webber", "a web password")
    browser.get(f"{server.url}/levels/{uploaded['id']}")
    assert not browser.find_elements(By.ID, "rate")  # the forms need an account
    after(browser.find_element(By.ID, "sign-in").click, "submit")
    browser.find_element(By.NAME, "name").send_keys("webber")
    browser.find_element(By.NAME, "password").send_keys("a wrong password")
    assert "Wrong name or password" in after(browser.find_element(By.ID, "submit").click, "error").text
    browser.find_element(By.NAME, "name").send_keys("webber")
    browser.find_element(By.NAME, "password").send_keys("a web password")
    assert after(browser.find_element(By.ID, "submit").click, "viewer").text == "webber"
    assert browser.current_url.endswith(f"/levels/{uploaded['id']}")  # back where the player was
    session = browser.get_cookie("studio_session")
    assert session["httpOnly"] and session["secure"] and session["sameSite"] == "Lax"

    rate = browser.find_element(By.ID, "rate")
    Select(rate.find_element(By.NAME, "difficulty")).select_by_visible_text("9")
    Select(rate.find_element(By.NAME, "style")).select_by_visible_text("7")
    rate.find_element(By.NAME, "cooked").click()
    assert after(rate.find_element(By.TAG_NAME, "button").click, "done").text == "Your rating is saved."
    averages = Client(server.url).get(f"/api/levels/{uploaded['id']}/ratings")[1]
    assert averages["count"] == 3 and averages["cooked"] == round(2 / 3, 2)  # ann's, bob's and this one
    rate = browser.find_element(By.ID, "rate")  # the form shows the player's own rating, to change
    assert Select(rate.find_element(By.NAME, "difficulty")).first_selected_option.text == "9"
    assert rate.find_element(By.NAME, "cooked").is_selected()

    form = browser.find_element(By.ID, "comment")
    form.find_element(By.NAME, "text").send_keys("Rated from the web page: <b>not bold</b>")
    assert after(form.find_element(By.TAG_NAME, "button").click, "done").text == "Your comment is posted."
    assert "Rated from the web page: <b>not bold</b>" in browser.find_element(By.ID, "comments").text
    save_screenshot(browser, tmp_path, "server-level-page-signed-in.png")
    after(browser.find_element(By.ID, "sign-out").click, "sign-in")
    assert browser.get_cookie("studio_session") is None
