"""The PyInstaller side of an export without a real build: the written spec run against a
stand-in Analysis (what it keeps, the dangling links it drops, the libraries this machine
lacks that it lists), the warning those become, and Cancel ending PyInstaller's process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
import types
from pathlib import Path

import pytest

from studio.core.game import game_by_id
from studio.export.build import WARNING_PREFIX, missing_library_warnings
from studio.export.bundle import MISSING_LIBRARIES_FILE, SHIPPED_MODULES_FILE, spec_text

ROOT = Path(__file__).resolve().parent.parent
XCB_PLUGIN = "PySide6/Qt/plugins/platforms/libqxcb.so"


class FakeAnalysis:
    """What the spec reads and rewrites of PyInstaller's Analysis."""

    def __init__(self, scripts, **options):
        self.options = options
        self.scripts = []
        self.pure = [("studio.player.main", "main.py", "PYMODULE"), ("studio.player.window", "window.py", "PYMODULE")]
        self.binaries = [
            (XCB_PLUGIN, "/qt/libqxcb.so", "BINARY"),  # a kept plugin: a root
            ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/qt/libQt6XcbQpa.so.6", "BINARY"),  # the plugin needs it
            ("PySide6/Qt/lib/libQt6Network.so.6", "/qt/libQt6Network.so.6", "BINARY"),  # nothing kept needs it
            ("PySide6/Qt/plugins/tls/libqopensslbackend.so", "/qt/libqopensslbackend.so", "BINARY"),  # cut plugin
        ]
        self.datas = [
            ("libQt6XcbQpa.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6", "SYMLINK"),  # PyInstaller's top-level links
            ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
            ("PySide6/Qt/translations/qt_de.qm", "/qt/qt_de.qm", "DATA"),
            ("game/collection.json", "/staged/collection.json", "DATA"),
        ]


def fake_imports(source):
    if source == "/qt/libqxcb.so":  # ldd's closure: one found, one this machine lacks
        return {("libQt6XcbQpa.so.6", "/qt/libQt6XcbQpa.so.6"), ("libxcb-icccm.so.4", None)}
    return set()


@pytest.fixture
def run_spec(tmp_path, monkeypatch):
    """Run the spec of an Escape export as PyInstaller would, on FakeAnalysis; its namespace."""
    bindepend = types.ModuleType("PyInstaller.depend.bindepend")
    bindepend.get_imports = fake_imports
    for name in ("PyInstaller", "PyInstaller.depend"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.depend.bindepend", bindepend)
    text = spec_text(game_by_id("escape"), "escape-game", tmp_path / "game")
    namespace = {"Analysis": FakeAnalysis, "PYZ": lambda *a, **k: None, "EXE": lambda *a, **k: None,
                 "COLLECT": lambda *a, **k: None, "workpath": str(tmp_path)}
    exec(compile(text, "escape-game.spec", "exec"), namespace)
    return namespace


def test_the_spec_keeps_what_the_kept_plugins_need_and_no_dangling_link(run_spec):
    a = run_spec["a"]
    assert [dest for dest, *_ in a.binaries] == [XCB_PLUGIN, "PySide6/Qt/lib/libQt6XcbQpa.so.6"]
    assert [dest for dest, *_ in a.datas] == ["libQt6XcbQpa.so.6", "game/collection.json"]


def test_the_spec_lists_the_modules_shipped_and_the_libraries_missing(run_spec, tmp_path):
    assert (tmp_path / SHIPPED_MODULES_FILE).read_text().split() == ["studio.player.main", "studio.player.window"]
    assert (tmp_path / MISSING_LIBRARIES_FILE).read_text() == f"libxcb-icccm.so.4 {XCB_PLUGIN}\n"


def test_a_missing_library_becomes_a_warning(tmp_path):
    listing = tmp_path / MISSING_LIBRARIES_FILE
    assert missing_library_warnings(listing) == []  # no list (an older spec): nothing to say
    listing.write_text("")
    assert missing_library_warnings(listing) == []
    listing.write_text(f"libxcb-icccm.so.4 {XCB_PLUGIN}\nlibxcb-keysyms.so.1 {XCB_PLUGIN}\n")
    [warning] = missing_library_warnings(listing)
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1 (needed by libqxcb.so)" in warning
    assert "window opens only on machines that have them" in warning and WARNING_PREFIX == "warning: "


CANCELLED_BUILD = textwrap.dedent("""
    import pathlib, sys
    sys.executable = sys.argv[1]  # PyInstaller's stand-in: run_pyinstaller runs "python -m PyInstaller ..."
    from studio.export.build import run_pyinstaller
    spec = pathlib.Path(sys.argv[2])
    try:
        run_pyinstaller(spec, spec.parent / "dist", spec.parent / "work", print,
                        lambda percent, stage: print("progress", percent, flush=True))
    except KeyboardInterrupt:
        print("cancelled", flush=True)
        sys.exit(1)
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGTERM, a shell script and /proc")
def test_cancel_ends_pyinstaller_s_process_too(tmp_path):
    # The dialog's Cancel sends SIGTERM to `studio export-game`, which must end PyInstaller's process.
    pid_file = tmp_path / "pyinstaller.pid"
    fake = tmp_path / "fake-python"
    fake.write_text(f'#!/bin/sh\necho $$ > "{pid_file}"\necho "1 INFO: Initializing module dependency graph..."\n'
                    "exec sleep 120\n")
    fake.chmod(0o755)
    spec = tmp_path / "game.spec"
    spec.write_text("# a spec\n")
    command = subprocess.Popen([sys.executable, "-u", "-c", CANCELLED_BUILD, str(fake), str(spec)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in command.stdout:
            if line.startswith("progress 20"):  # PyInstaller's stand-in is running
                break
        pid = int(pid_file.read_text())
        command.terminate()
        out, _ = command.communicate(timeout=30)
    finally:
        command.kill()
    assert command.returncode == 1 and "cancelled" in out
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists(), "PyInstaller's process outlived the cancelled export"
