"""Built exported games: one from each bundled collection builds with `studio export-game`,
is under 120 MB, ships no editor, solver or CLI, and passes its --self-test when run
with an empty environment and PATH (as on a machine without Python).

PyInstaller builds take about a minute each on the 2-core machine, so these run only
with STUDIO_EXPORT_TEST=1 (``.ci/export-game`` builds and self-tests the same four in CI):

    STUDIO_EXPORT_TEST=1 python -m pytest tests/test_export_build.py [-k escape]
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
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
        pytest.fail('PyInstaller is not installed: pip install -e ".[package]"')
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
