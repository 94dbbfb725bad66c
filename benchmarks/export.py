"""Exporting a game: build time and size of the packaged folder, and what dominates each.

Run: python benchmarks/export.py [levels/escape] [--keep DIR]
Needs pyinstaller (pip install -e ".[package]"). Targets (issue 15): the build under
90 s on the 2-core machine, the folder under 120 MB.

Time: wall clock and CPU seconds (this process and its children: PyInstaller, its
helper processes, the self-test) for the whole export, and the wall time of its stages,
read from PyInstaller's log (each INFO line starts with the milliseconds since it
started). On a machine shared with other work, the wall time grows with the load; the
CPU time does not. Size: the folder by component.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 90
TARGET_BYTES = 120_000_000
# PyInstaller log markers that start each stage, in order.
STAGES = (
    ("start", "PyInstaller:"),
    ("analysing the standard library", "Analyzing modules for base_library.zip"),
    ("analysing the player and Qt", "Analyzing " + str(ROOT / "studio" / "player" / "__main__.py")),
    ("module hooks", "Processing module hooks (post-graph stage)"),
    ("finding shared libraries", "Looking for dynamic libraries"),
    ("archives and program", "checking PYZ"),
    ("copying and stripping", "Building COLLECT"),
    ("end", "Build complete"),
)
ICU_DATA = "ICU data (Qt's Unicode tables)"
_TIMESTAMP = re.compile(r"^(\d+) (INFO|WARNING|DEBUG|ERROR):")


def stage_times(lines: list[str]) -> list[tuple[str, float]]:
    """(stage, seconds) from the log's millisecond stamps."""
    starts = {}
    for line in lines:
        stamp = _TIMESTAMP.match(line)
        if not stamp:
            continue
        for name, marker in STAGES:
            if name not in starts and marker in line:
                starts[name] = int(stamp.group(1)) / 1000
    found = [(name, starts[name]) for name, _ in STAGES if name in starts]
    return [(name, following - at) for (name, at), (_, following) in zip(found, found[1:])]


def component(relative: str) -> str:
    parts = relative.split("/")
    name = parts[-1]
    if "libicudata" in name:
        return ICU_DATA
    if relative.startswith("_internal/PySide6/Qt/plugins/"):
        return "Qt plugins"
    if relative.startswith("_internal/PySide6/Qt/lib/"):
        return "Qt libraries (Core, Gui, Widgets, ICU code...)"
    if relative.startswith(("_internal/PySide6/", "_internal/shiboken6/")):
        return "PySide6 bindings"
    if relative.startswith("_internal/game/"):
        return "the levels (game/)"
    if "libpython" in name or relative.startswith("_internal/python") or name == "base_library.zip":
        return "Python (libpython, its extension modules)"
    if len(parts) == 1:
        return "the program (bootloader and Python modules)"
    return "system libraries (X11, xcb, fontconfig, glib, dbus...)"


def sizes(folder: Path) -> dict[str, int]:
    found: dict[str, int] = defaultdict(int)
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            found[component(str(path.relative_to(folder)))] += path.stat().st_size
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("levels", nargs="?", default=str(ROOT / "levels" / "escape"))
    parser.add_argument("--keep", metavar="DIR", help="build here and keep the game (default: a temporary folder)")
    args = parser.parse_args()
    from studio.export.build import export_game

    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="export-benchmark-") as scratch:
        out = Path(args.keep or scratch)
        cpu_before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        result = export_game([args.levels], out, "Benchmark Game", "Puzzle Level Studio",
                             ROOT / "resources" / "icons" / "studio.svg", log=lines.append)
        wall = time.monotonic() - start
        cpu = sum(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime for before, after in
                  zip(cpu_before, (resource.getrusage(resource.RUSAGE_SELF),
                                   resource.getrusage(resource.RUSAGE_CHILDREN))))
        parts = sizes(result.app.parent)
    load = os.getloadavg()[0]
    print(f"Exported {result.levels} levels of {args.levels}")
    print(f"build: {wall:.1f} s wall (target under {TARGET_SECONDS} s), {cpu:.1f} s CPU; "
          f"PyInstaller {result.build_seconds:.1f} s; load average {load:.1f} on {os.cpu_count()} cores")
    for name, seconds in stage_times(lines):
        print(f"  {seconds:6.1f} s  {name}")
    print(f"size: {result.bytes / 1e6:.1f} MB (target under {TARGET_BYTES / 1e6:.0f} MB), "
          f"{len(result.modules)} Python modules")
    for name, size in parts.items():
        print(f"  {size / 1e6:6.1f} MB  {name}")
    qt = sum(size for name, size in parts.items() if name.startswith(("Qt ", "PySide6")) or name == ICU_DATA)
    print(f"size dominated by Qt: {qt / 1e6:.0f} MB, {qt / result.bytes:.0%} (of which ICU's Unicode data "
          f"{parts.get(ICU_DATA, 0) / 1e6:.0f} MB)")
    stages = stage_times(lines)
    if stages:
        analysis = sum(seconds for name, seconds in stages if name.startswith("analysing"))
        print(f"time dominated by PyInstaller's analysis of the imports: {analysis:.0f} of "
              f"{sum(seconds for _, seconds in stages):.0f} s")
    return 0 if wall < TARGET_SECONDS and result.bytes < TARGET_BYTES else 1


if __name__ == "__main__":
    raise SystemExit(main())
