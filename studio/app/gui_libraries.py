"""The start-up check for the system libraries Qt's X11 (xcb) platform plugin needs.

On a fresh Linux desktop ``pip install`` brings Qt but not every X11 library its
xcb plugin links against (libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1 are the
usual ones missing), and Qt then aborts with a long message naming none of them.
This check reads the plugin's ELF dependencies, follows them the way the dynamic
loader does (RUNPATH, LD_LIBRARY_PATH, /etc/ld.so.conf, the default folders), and
when some cannot be found says in one line which packages to install, for the
distribution it runs on. Pure Python: it must run before Qt is started.
"""

from __future__ import annotations

import ctypes
import glob
import mmap
import os
import struct
import sys
from pathlib import Path

# soname -> its package on (Debian/Ubuntu, Fedora/RHEL, Arch, openSUSE).
PACKAGES: dict[str, tuple[str, str, str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor", "libxcb-cursor0"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm", "libxcb-icccm4"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms", "libxcb-keysyms1"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image", "libxcb-image0"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil",
                                "libxcb-render-util0"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util", "libxcb-util1"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11", "libxkbcommon-x11-0"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon", "libxkbcommon0"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb", "libxcb-xkb1"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb", "libxcb-randr0"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb", "libxcb-shape0"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb", "libxcb", "libxcb-shm0"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb", "libxcb-sync1"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb", "libxcb-xfixes0"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb", "libxcb", "libxcb-render0"),
    "libxcb.so.1": ("libxcb1", "libxcb", "libxcb", "libxcb1"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11", "libX11-xcb1"),
    "libX11.so.6": ("libx11-6", "libX11", "libx11", "libX11-6"),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd", "libGL1"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd", "libEGL1"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig", "libfontconfig1"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus", "libdbus-1-3"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2", "glib2", "libglib-2_0-0"),
}
# (name, install command, column of PACKAGES, os-release ids that use it)
DISTRIBUTIONS = (
    ("Debian/Ubuntu", "sudo apt-get install", 0, {"debian", "ubuntu", "linuxmint", "pop", "raspbian"}),
    ("Fedora", "sudo dnf install", 1, {"fedora", "rhel", "centos", "rocky", "almalinux"}),
    ("Arch", "sudo pacman -S", 2, {"arch", "manjaro", "endeavouros"}),
    ("openSUSE", "sudo zypper install", 3, {"opensuse", "suse", "opensuse-leap", "opensuse-tumbleweed", "sles"}),
)
DEFAULT_DIRS = ("/lib64", "/usr/lib64", "/lib", "/usr/lib")
DT_NEEDED, DT_STRTAB, DT_RPATH, DT_RUNPATH = 1, 5, 15, 29
PT_LOAD, PT_DYNAMIC = 1, 2


def elf_dependencies(path: Path) -> tuple[list[str], list[str]]:
    """(DT_NEEDED sonames, RUNPATH/RPATH folders with $ORIGIN expanded) of an ELF file;
    ([], []) for a file that is not one (or is damaged)."""
    try:
        with open(path, "rb") as file:  # mapped, not read: Qt's libraries are tens of megabytes
            data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return [], []
    with data:
        return _dynamic_section(data, path)


def _dynamic_section(data, path: Path) -> tuple[list[str], list[str]]:
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return [], []
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    try:
        if wide:
            phoff, = struct.unpack_from(order + "Q", data, 0x20)
            phentsize, phnum = struct.unpack_from(order + "HH", data, 0x36)
            header, entry = order + "IIQQQQQQ", order + "qQ"
        else:
            phoff, = struct.unpack_from(order + "I", data, 0x1C)
            phentsize, phnum = struct.unpack_from(order + "HH", data, 0x2A)
            header, entry = order + "IIIIIIII", order + "iI"
        loads, dynamic = [], None
        for number in range(phnum):
            fields = struct.unpack_from(header, data, phoff + number * phentsize)
            if wide:
                kind, _, offset, vaddr, _, filesz = fields[:6]
            else:
                kind, offset, vaddr, _, filesz = fields[:5]
            if kind == PT_LOAD:
                loads.append((vaddr, offset, filesz))
            elif kind == PT_DYNAMIC:
                dynamic = (offset, filesz)
        if dynamic is None:
            return [], []
        entries, size = [], struct.calcsize(entry)
        for position in range(dynamic[0], dynamic[0] + dynamic[1], size):
            tag, value = struct.unpack_from(entry, data, position)
            if tag == 0:
                break
            entries.append((tag, value))
        strtab = next(value for tag, value in entries if tag == DT_STRTAB)
        base = next(offset + strtab - vaddr for vaddr, offset, filesz in loads if vaddr <= strtab < vaddr + filesz)
    except (struct.error, StopIteration):
        return [], []

    def text(at: int) -> str:
        end = data.find(b"\0", base + at)
        return data[base + at:end].decode("utf-8", "replace")

    needed = [text(value) for tag, value in entries if tag == DT_NEEDED]
    origin = str(Path(path).resolve().parent)
    folders = [folder.replace("$ORIGIN", origin).replace("${ORIGIN}", origin)
               for tag, value in entries if tag in (DT_RPATH, DT_RUNPATH) for folder in text(value).split(":") if folder]
    return needed, folders


def system_library_dirs() -> list[str]:
    """The folders the dynamic loader searches: LD_LIBRARY_PATH, /etc/ld.so.conf (with its
    includes) and the defaults."""
    folders = [f for f in os.environ.get("LD_LIBRARY_PATH", "").split(":") if f]
    folders += _ld_so_conf(Path("/etc/ld.so.conf"), set())
    return folders + list(DEFAULT_DIRS)


def _ld_so_conf(path: Path, seen: set) -> list[str]:
    if path in seen:
        return []
    seen.add(path)
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError:
        return []
    folders = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line.startswith("include "):
            pattern = line.split(None, 1)[1]
            if not pattern.startswith("/"):
                pattern = str(path.parent / pattern)
            for included in sorted(glob.glob(pattern)):
                folders += _ld_so_conf(Path(included), seen)
        elif line:
            folders.append(line)
    return folders


def missing_libraries(binary: Path, search_dirs: list[str]) -> list[str]:
    """The sonames ``binary`` needs, directly or through the libraries it needs, that none
    of its RUNPATH folders nor ``search_dirs`` holds; in the order first met."""
    missing, seen = [], set()
    pending = [(Path(binary), [])]
    while pending:
        current, inherited = pending.pop(0)
        needed, own = elf_dependencies(current)
        folders = own + inherited
        for soname in needed:
            if soname in seen:
                continue
            seen.add(soname)
            found = next((Path(d) / soname for d in folders + search_dirs if (Path(d) / soname).exists()), None)
            if found is None:
                missing.append(soname)
            else:
                pending.append((found, own))  # a library found through RPATH passes it on (as ld.so does)
    return missing


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin in the installed PySide6 (None when there is none)."""
    try:
        import importlib.util

        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for candidate in (Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so",
                          Path(folder) / "plugins" / "platforms" / "libqxcb.so"):
            if candidate.is_file():
                return candidate
    return None


def uses_xcb(environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will start on its X11 (xcb) plugin: Linux with an X display, and neither
    another platform asked for nor a Wayland session (Qt prefers its Wayland plugin there)."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    wayland = environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland"
    return bool(environ.get("DISPLAY")) and not wayland


def distribution_ids(os_release: Path = Path("/etc/os-release")) -> set[str]:
    """ID and ID_LIKE of /etc/os-release, lower case."""
    ids: set[str] = set()
    try:
        lines = os_release.read_text(errors="replace").splitlines()
    except OSError:
        return ids
    for line in lines:
        key, _, value = line.partition("=")
        if key in ("ID", "ID_LIKE"):
            ids.update(value.strip().strip('"').lower().split())
    return ids


def install_line(missing: list[str], ids: set[str]) -> str:
    """One line: what is missing and the command that installs it on this distribution
    (every distribution's command when it is not one we know)."""
    def packages(column: int) -> str:
        names = []
        for soname in missing:
            name = PACKAGES[soname][column] if soname in PACKAGES else soname
            if name not in names:
                names.append(name)
        return " ".join(names)

    known = [d for d in DISTRIBUTIONS if d[3] & ids]
    if known:
        _, command, column, _ = known[0]
        how = f"install them with: {command} {packages(column)}"
    else:
        how = "install them with: " + "; ".join(f"{name}: {command} {packages(column)}"
                                                for name, command, column, _ in DISTRIBUTIONS)
    return (f"studio: cannot open the window: Qt's X11 support needs {', '.join(missing)}, "
            f"not installed on this system; {how} (the sub-commands work without them: studio --help)")


def check_gui_libraries(environ=os.environ, plugin: Path | None = None, search_dirs: list[str] | None = None,
                        os_release: Path = Path("/etc/os-release")) -> str | None:
    """The line to print instead of starting Qt when its xcb plugin would fail to load; None
    when all is well (or Qt will not use xcb). With ``search_dirs`` None the system's folders
    are searched and each library not found there is also tried through the loader itself,
    so a folder this check does not know about never stops the studio from starting."""
    if not uses_xcb(environ):
        return None
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return None
    system = search_dirs is None
    missing = missing_libraries(plugin, system_library_dirs() if system else list(search_dirs))
    if system:
        missing = [soname for soname in missing if not _loadable(soname)]
    return install_line(missing, distribution_ids(os_release)) if missing else None


def _loadable(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True
