"""The start-up check for the X11 libraries Qt's xcb plugin needs (studio.app.gui_libraries):
with libxcb-cursor0, libxcb-icccm4 and libxcb-keysyms1 hidden it prints one line naming the
packages for the distribution, instead of letting Qt abort."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from studio.app import gui_libraries
from studio.app.gui_libraries import check_gui_libraries, elf_dependencies, install_line, uses_xcb

HIDDEN = ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")
X11 = {"DISPLAY": ":0"}


@pytest.fixture
def plugin() -> Path:
    found = gui_libraries.xcb_plugin()
    if found is None or not sys.platform.startswith("linux"):
        pytest.skip("this PySide6 has no xcb platform plugin (not Linux)")
    return found


def library_folder_without(tmp_path: Path, hidden: tuple[str, ...]) -> Path:
    """One folder linking every library of the system's folders but ``hidden``: the system
    as the loader sees it, with those libraries uninstalled."""
    folder = tmp_path / "lib"
    folder.mkdir()
    for directory in gui_libraries.system_library_dirs():
        if not os.path.isdir(directory):
            continue
        for name in os.listdir(directory):
            link = folder / name
            if name not in hidden and not link.exists() and not link.is_symlink():
                link.symlink_to(Path(directory) / name)
    return folder


def os_release(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "os-release"
    path.write_text(text)
    return path


def test_the_plugin_needs_the_libraries_a_fresh_desktop_lacks(plugin):
    needed, folders = elf_dependencies(plugin)
    assert {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"} <= set(needed)
    assert folders, "the plugin finds Qt's own libraries through its RUNPATH"


def test_hidden_libraries_are_named_with_the_debian_packages(plugin, tmp_path):
    folder = library_folder_without(tmp_path, HIDDEN)
    debian = os_release(tmp_path, 'PRETTY_NAME="Debian GNU/Linux 12"\nID=debian\n')
    line = check_gui_libraries(X11, plugin, [str(folder)], debian)
    assert line is not None and "\n" not in line
    for soname in HIDDEN:
        assert soname in line
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in line
    assert "dnf" not in line  # the distribution's own command only


def test_ubuntu_is_debian_like_and_fedora_gets_its_own_names(plugin, tmp_path):
    folder = library_folder_without(tmp_path, HIDDEN)
    ubuntu = os_release(tmp_path, "ID=ubuntu\nID_LIKE=debian\n")
    assert "sudo apt-get install libxcb-cursor0" in check_gui_libraries(X11, plugin, [str(folder)], ubuntu)
    fedora = os_release(tmp_path, "ID=fedora\n")
    line = check_gui_libraries(X11, plugin, [str(folder)], fedora)
    assert "sudo dnf install xcb-util-cursor xcb-util-wm xcb-util-keysyms" in line


def test_an_unknown_distribution_gets_every_command():
    line = install_line(list(HIDDEN), {"gentoo"})
    for command in ("sudo apt-get install libxcb-cursor0", "sudo dnf install xcb-util-cursor",
                    "sudo pacman -S xcb-util-cursor", "sudo zypper install libxcb-cursor0"):
        assert command in line
    assert "\n" not in line


def test_nothing_is_said_when_nothing_is_hidden(plugin, tmp_path):
    if check_gui_libraries(X11, plugin) is not None:
        pytest.skip("this machine itself lacks some of the libraries")
    folder = library_folder_without(tmp_path, ())
    assert check_gui_libraries(X11, plugin, [str(folder)]) is None


def test_the_check_applies_only_where_qt_uses_xcb():
    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux")
    assert not uses_xcb({}, "linux")
    assert not uses_xcb({"DISPLAY": ":0"}, "darwin")


def test_the_studio_prints_the_line_and_exits_instead_of_aborting(monkeypatch, capsys, plugin, tmp_path):
    from studio.app import launch

    folder = library_folder_without(tmp_path, HIDDEN)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    # The system as the check sees it has the libraries hidden (and the loader cannot find them either).
    monkeypatch.setattr(gui_libraries, "system_library_dirs", lambda: [str(folder)])
    monkeypatch.setattr(gui_libraries, "_loadable", lambda soname: False)
    assert launch.run_gui([]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("studio: cannot open the window") and "libxcb-cursor.so.0" in error
    assert "\n" not in error
