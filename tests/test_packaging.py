"""The PyInstaller app (studio.spec) builds, starts offscreen, opens a level and quits;
and studio.app.paths finds the bundled folders both from a checkout and from a bundle.

The build takes a while, so the build tests run only with STUDIO_BUILD_TEST=1
(``.ci/run`` builds the app through ``.ci/build-app`` instead):

    STUDIO_BUILD_TEST=1 python -m pytest tests/test_packaging.py
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.app import paths

ROOT = Path(__file__).resolve().parent.parent

needs_build = pytest.mark.skipif(
    os.environ.get("STUDIO_BUILD_TEST") != "1",
    reason="builds the PyInstaller app (minutes): set STUDIO_BUILD_TEST=1 to run",
)


def test_paths_from_a_checkout():
    assert paths.levels_dir() == ROOT / "levels"
    assert paths.resources_dir() == ROOT / "resources"
    assert paths.sample_level_path() == sorted((ROOT / "levels" / "escape").glob("01-*.esx"))[0]


def test_paths_inside_a_pyinstaller_bundle(tmp_path, monkeypatch):
    (tmp_path / "levels" / "escape").mkdir(parents=True)
    (tmp_path / "resources").mkdir()
    for name in ("02-b.esx", "01-a.esx"):
        (tmp_path / "levels" / "escape" / name).write_bytes(b"")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.is_frozen()
    assert paths.levels_dir() == tmp_path / "levels"
    assert paths.resources_dir() == tmp_path / "resources"
    assert paths.sample_level_path() == tmp_path / "levels" / "escape" / "01-a.esx"


def test_sample_falls_back_to_the_first_bundled_level(tmp_path, monkeypatch):
    (tmp_path / "levels" / "escape").mkdir(parents=True)
    (tmp_path / "levels" / "escape" / "intro.esx").write_bytes(b"")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.sample_level_path() == tmp_path / "levels" / "escape" / "intro.esx"


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail('PyInstaller is not installed: pip install -e . (it is one of the studio dependencies)')
    out = tmp_path_factory.mktemp("pyinstaller")
    subprocess.run(
        [
            sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
            "--distpath", str(out / "dist"), "--workpath", str(out / "build"),
            str(ROOT / "studio.spec"),
        ],
        cwd=ROOT, check=True, timeout=1800,
    )
    program = out / "dist" / "studio" / "studio"
    assert program.is_file(), f"PyInstaller made no {program}"
    return program


def _smoke(program: Path, *files: str) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [str(program), "--smoke-test", *files],
        env=env, capture_output=True, text=True, timeout=120, cwd=program.parent.parent,
    )
    assert done.returncode == 0, f"exit {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    assert "smoke test ok" in done.stdout, done.stdout + done.stderr
    return done.stdout


@needs_build
def test_app_opens_a_level_given_on_the_command_line(app):
    level = paths.sample_level_path()
    assert level is not None, "no bundled level to open"
    assert level.name in _smoke(app, str(level))


@needs_build
def test_app_opens_its_bundled_sample_without_arguments(app):
    out = _smoke(app)
    assert "01-" in out or ".esx" in out, out


@needs_build
def test_app_bundles_levels_resources_and_icon_fonts(app):
    internal = app.parent / "_internal"
    base = internal if internal.is_dir() else app.parent
    assert sorted((base / "levels" / "escape").glob("*.esx")), "levels/ not bundled"
    if any(p.is_file() for p in (ROOT / "resources").rglob("*")):
        assert (base / "resources").is_dir(), "resources/ not bundled"
    assert sorted((base / "qtawesome" / "fonts").glob("*.ttf")), "qtawesome's fonts not bundled"
