"""Headless chromium for the tests of web pages: Debian's chromium and chromium-driver driven
by Selenium, and a static file server on 127.0.0.1 for pages that need no studio server."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# CI sets STUDIO_REQUIRE_CHROMIUM=1 (it installs chromium first): there a missing browser fails.
needs_chromium = pytest.mark.skipif(
    not (CHROMIUM and DRIVER) and not os.environ.get("STUDIO_REQUIRE_CHROMIUM"),
    reason="chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
PHONE = (390, 844)  # a phone's CSS pixels, portrait
DESKTOP = (1280, 800)


def make_browser(profile: Path, size: tuple[int, int] = (1200, 1000), phone: bool = False):
    """A headless chromium of ``size``; ``phone``: touch and a phone's pixel ratio."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update", "--no-first-run",
                     f"--window-size={size[0]},{size[1]}", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 3.0, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(300)
    return driver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@contextmanager
def serve_folder(folder: Path):
    """A static web server of ``folder`` on 127.0.0.1; yields its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def wait_for(driver, script: str, timeout: float = 60.0, every: float = 0.1):
    """Poll ``script`` (JavaScript returning a value) until it is truthy; the value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} s for: {script}")
        time.sleep(every)
