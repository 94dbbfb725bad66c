"""Built exported games: one from each bundled collection builds with `studio export-game`,
is under 120 MB, ships no editor, solver or CLI, and passes its --self-test when run
with an empty environment and PATH (as on a machine without Python). Where Xvfb and
xdotool are installed, each opens its window on an X display with nothing in its
environment but DISPLAY and HOME, and the Escape game is won twice by key presses into
a player file in the user data folder that the studio's .esp reader reads back.

PyInstaller builds take about a minute each on the 2-core machine, so these run only
with STUDIO_EXPORT_TEST=1 (``.ci/export-game`` builds and self-tests the same four in CI):

    STUDIO_EXPORT_TEST=1 python -m pytest tests/test_export_build.py [-k escape]
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_BYTES = 120_000_000
GAMES = ("escape", "chrono", "intricacy", "laby")
NEVER_SHIPPED = ("studio.app", "studio.model", "studio.commands", "studio.cli", "studio.export", "studio.server",
                 "studio.editor.scene", "studio.editor.tools", "studio.editor.view", "studio.playtest.dock",
                 "studio.core.solver", "studio.core.solve_runner", "qtawesome")

pytestmark = pytest.mark.skipif(os.environ.get("STUDIO_EXPORT_TEST") != "1",
                                reason="builds four PyInstaller games (minutes): set STUDIO_EXPORT_TEST=1 to run")


@pytest.fixture(scope="module", params=GAMES)
def built(request, tmp_path_factory):
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail('PyInstaller is not installed: pip install -e . (it is one of the studio dependencies)')
    game = request.param
    out = tmp_path_factory.mktemp(f"export-{game}")
    done = subprocess.run(
        [sys.executable, "-m", "studio", "export-game", str(ROOT / "levels" / game), "-o", str(out / "dist"),
         "--name", f"{game} tutorial", "--author", "Tester", "--icon", str(ROOT / "resources/icons/studio.svg"),
         "--work", str(out / "work"), "--json"],
        capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    return game, result, out


def test_the_game_builds_small(built):
    game, result, out = built
    app = Path(result["app"])
    assert app == out / "dist" / f"{game}-tutorial" / f"{game}-tutorial" and app.is_file()
    assert result["levels"] == len([p for p in (ROOT / "levels" / game).iterdir() if p.suffix in
                                    (".esx", ".txt", ".lock", ".laby") and p.name != "README.md"])
    assert 0 < result["bytes"] < MAX_BYTES and result["seconds"] > 0
    dangling = [path for path in app.parent.rglob("*") if path.is_symlink() and not path.exists()]
    assert dangling == []
    missing = out / "work" / "pyinstaller" / f"{game}-tutorial" / "missing-libraries.txt"
    assert missing.is_file(), "the spec lists the shared libraries this machine lacks"


def test_it_ships_no_editor_solver_or_cli(built):
    game, result, out = built
    shipped = (out / "work" / "pyinstaller" / f"{game}-tutorial" / "shipped-modules.txt").read_text().split()
    assert f"studio.games.{game}.playtest" in shipped and "studio.player.window" in shipped
    studio = [m for m in shipped if m.startswith("studio.")]
    leaked = [m for m in shipped if m.startswith(NEVER_SHIPPED)]
    leaked += [m for m in studio if m.endswith((".solve", ".lint", ".generator"))
               or (m.startswith("studio.games.") and m.split(".")[2] != game)]
    assert leaked == []


def test_it_passes_its_self_test_with_an_empty_environment(built):
    game, result, out = built
    done = subprocess.run([result["app"], "--self-test"], env={}, capture_output=True, text=True, timeout=300,
                          cwd=out)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == result["levels"]
    assert all(line["verdict"] == "won" and line["moves"] > 0 for line in lines), lines


def test_its_window_opens_with_an_empty_environment(built):
    game, result, out = built
    done = subprocess.run([result["app"], "--smoke-test"], env={}, capture_output=True, text=True, timeout=120,
                          cwd=out)
    assert done.returncode == 0, done.stderr
    assert f"smoke test ok: {game} tutorial, {result['levels']} levels" in done.stdout


# -- on an X display (Xvfb), driven by xdotool ---------------------------------------------------

@pytest.fixture(scope="module")
def display():
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        pytest.skip("needs Xvfb and xdotool")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as number:
        name = ":" + number.readline().strip()
    yield name
    server.terminate()
    server.wait(10)


def xdotool(display: str, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env={"DISPLAY": display}, capture_output=True, text=True,
                          timeout=30).stdout.strip()


def open_game(app: str, display: str, home: Path, title: str) -> tuple[subprocess.Popen, str]:
    """The game started with only DISPLAY and HOME, and its window (focused)."""
    game = subprocess.Popen([app], env={"DISPLAY": display, "HOME": str(home)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and game.poll() is None:
        found = xdotool(display, "search", "--onlyvisible", "--name", f"^{title}$").split()
        if found:
            xdotool(display, "windowfocus", "--sync", found[-1])
            time.sleep(0.5)
            return game, found[-1]
        time.sleep(0.3)
    game.kill()
    _, errors = game.communicate()
    pytest.fail(f"no window (exit status {game.returncode}): {errors[-2000:]}")


def test_its_window_opens_on_a_display_with_only_display_and_home(built, display, tmp_path):
    game, result, out = built
    process, window = open_game(result["app"], display, tmp_path, f"{game} tutorial")
    try:
        assert process.poll() is None
        width, height = (int(n) for n in xdotool(display, "getwindowgeometry", "--shell", window).split("WIDTH=")[1]
                         .replace("HEIGHT=", " ").split()[:2])
        assert width <= 1280 and height <= 800  # within the screen
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.parametrize("built", ["escape"], indirect=True)  # no other game built for it
def test_two_wins_by_keys_fill_a_player_file_the_studio_reads(built, display, tmp_path):
    game, result, out = built
    from studio.games.escape import esp
    from studio.player.collection import md5_of

    bundled = json.loads((Path(result["app"]).parent / "_internal" / "game" / "collection.json").read_text())
    keys = {"U": "Up", "D": "Down", "L": "Left", "R": "Right"}
    process, window = open_game(result["app"], display, tmp_path, "escape tutorial")
    try:
        xdotool(display, "key", "Return")  # the title screen's Play: the first level
        for level in bundled["levels"][:2]:
            time.sleep(1)
            xdotool(display, "key", "--delay", "80", *(keys[letter] for letter in level["solution"]))
            time.sleep(1.5)  # the win screen, after the winning move's slide
            xdotool(display, "key", "Return")  # Enter: the next level
        time.sleep(1)
    finally:
        process.terminate()
        process.wait(10)
    [player_file] = (tmp_path / ".local" / "share").rglob("player.esp")  # the user data folder
    assert player_file.parent == tmp_path / ".local" / "share" / "Tester" / "escape tutorial"
    player = esp.loads(player_file.read_bytes())  # the studio's own reader
    for level in bundled["levels"][:2]:
        md5 = md5_of((ROOT / "levels" / "escape" / Path(level["file"]).name).read_bytes())
        assert [esp.moves_to_text(s.moves) for s in player.solutions_for(md5)] == [level["solution"]]
