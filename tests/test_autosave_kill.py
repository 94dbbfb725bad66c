"""No edit is lost to a kill: a real studio process makes an edit, autosaves it, is killed with
SIGKILL, and the next start offers the edit back; once saved, no recovery copy is left."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studio.games.escape.esx import load_esx
from tests.studio_driver import EDIT_TILE, EDITED_CELL

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")


def studio_environment(home: Path) -> dict:
    """The studio's settings and data folders inside ``home`` (as for a user whose HOME it is)."""
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               QT_QPA_PLATFORM="offscreen")
    settings = home / "config" / "PuzzleLevelStudio" / "Studio.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[files]\nautosave_seconds=1\n")  # the Preferences' autosave interval
    return env


def copies(home: Path) -> list[Path]:
    return sorted((home / "data").glob("**/recovery/session-*/*.json"))


def test_an_edit_survives_sigkill_and_is_recovered_at_the_next_start(tmp_path, level_file):
    home = tmp_path / "home"
    env = studio_environment(home)
    before = level_file.read_bytes()
    studio = subprocess.Popen([sys.executable, "-m", "tests.studio_driver", "edit", str(level_file)], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not copies(home) and time.monotonic() < deadline and studio.poll() is None:
            time.sleep(0.1)
        assert copies(home), f"no autosave appeared; the studio said: {studio.stderr.read() if studio.poll() else ''}"
    finally:
        studio.send_signal(signal.SIGKILL)
        studio.wait()
    assert studio.returncode == -signal.SIGKILL
    assert level_file.read_bytes() == before  # the edit never reached the level's file

    restarted = subprocess.run([sys.executable, "-m", "tests.studio_driver", "recover"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=120)
    lines = [line for line in restarted.stdout.splitlines() if line.startswith(("[", "{"))]
    assert restarted.returncode == 0 and len(lines) == 2, restarted.stdout + restarted.stderr
    recovered = [level for level in json.loads(lines[0]) if level["path"] == str(level_file)]
    assert recovered == [{"path": str(level_file), "modified": True, "tile": EDIT_TILE}]
    assert json.loads(lines[1]) == {"copies_left": 0}
    saved = load_esx(level_file.read_bytes())
    assert saved.tiles[saved.index(*EDITED_CELL)] == EDIT_TILE
