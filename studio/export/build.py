"""Building an exported game: check the levels, stage the bundle, write the spec, run
PyInstaller in a child process, measure the result. Pure Python, no Qt.

``export_game`` reports as it goes through two callbacks: ``log(line)`` (its own lines
and PyInstaller's) and ``progress(percent, stage)``. `studio export-game` prints them;
the studio's Export Game dialog runs that command in a QProcess and reads them back
(``PROGRESS_PREFIX`` lines), so a build never blocks the studio and Cancel ends it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from studio.export.bundle import (
    GAME_FOLDER, MISSING_LIBRARIES_FILE, SHIPPED_MODULES_FILE, slug, spec_text, stage_collection,
)
from studio.export.levels import DEFAULT_SOLVE_TIMEOUT, ExportError, LevelCheck, check_level, gather_levels

PROGRESS_PREFIX = "export-progress "
WARNING_PREFIX = "warning: "  # a log line the dialog shows beside the result, not only in the log
CHECKS_SHARE = 15  # percent of the bar for checking the levels
# PyInstaller's log lines that mark its stages, and how far along each one is.
BUILD_STAGES = (
    ("Initializing module dependency graph", 20, "analysing the player's modules"),
    ("Processing module hooks", 35, "collecting Qt"),
    ("Looking for dynamic libraries", 55, "collecting libraries"),
    ("Building PYZ", 70, "archiving Python modules"),
    ("Building EXE", 78, "writing the program"),
    ("Building COLLECT", 82, "assembling the folder"),
    ("Build complete", 98, "built"),
)


@dataclass
class ExportResult:
    app: Path
    levels: int
    bytes: int
    seconds: float
    build_seconds: float
    checks: list[LevelCheck] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)  # the Python modules shipped
    self_test: list[dict] = field(default_factory=list)  # the built program's --self-test lines
    warnings: list[str] = field(default_factory=list)  # built, but something the designer should know

    def as_json(self) -> str:
        return json.dumps({"app": str(self.app), "levels": self.levels, "bytes": self.bytes,
                           "seconds": round(self.seconds, 1)})


def progress_line(percent: int, stage: str) -> str:
    """How the command tells the dialog where it is."""
    return PROGRESS_PREFIX + json.dumps({"percent": percent, "stage": stage})


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in Path(folder).rglob("*") if path.is_file() and not path.is_symlink())


def check_levels(files: list[Path], solve_timeout: float | None, log, progress) -> list[LevelCheck]:
    checks = []
    for number, path in enumerate(files, start=1):
        progress(round(CHECKS_SHARE * (number - 1) / len(files)), f"checking {path.name}")
        check = check_level(path, solve_timeout)
        checks.append(check)
        if check.error:
            log(f"  {path.name}: ERROR: {check.error}")
        elif check.unsolvable:
            log(f"  {path.name}: UNSOLVABLE: {check.unsolvable}")
        else:
            log(f"  {path.name}: “{check.title}”, solved by a solution {check.source}")
        for problem in check.lint_errors:
            log(f"  {path.name}: lint error {problem}")
    return checks


def refusal(checks: list[LevelCheck], allow_unsolvable: bool) -> str:
    """Why these levels cannot be shipped ("" when they can)."""
    broken = [f"{check.path.name}: {check.error}" for check in checks if check.error]
    if broken:
        return "these levels cannot be played:\n  " + "\n  ".join(broken)
    unsolved = [f"{check.path.name}: {check.unsolvable}" for check in checks if check.unsolvable]
    if unsolved and not allow_unsolvable:
        return ("these levels have no known solution (ship them anyway with --allow-unsolvable):\n  "
                + "\n  ".join(unsolved))
    return ""


def export_blockers() -> list[str]:
    """What this studio lacks to build a game, each in words with its fix; empty when nothing."""
    if getattr(sys, "frozen", False):
        return ["the packaged studio cannot build games: export from the studio installed with Python "
                "(pip install puzzle-level-studio)"]
    if importlib.util.find_spec("PyInstaller") is None:
        return ["PyInstaller, which builds the game, is not installed; install it with "
                "'pip install pyinstaller'"]
    return []


def export_game(paths, out_dir: Path, name: str, author: str = "", icon: Path | None = None,
                allow_unsolvable: bool = False, solve_timeout: float | None = DEFAULT_SOLVE_TIMEOUT,
                work_dir: Path | None = None, log: Callable[[str], None] = print,
                progress: Callable[[int, str], None] = lambda percent, stage: None) -> ExportResult:
    """Check, stage and build; ExportError says why a game cannot be exported."""
    start = time.monotonic()
    if not name.strip():
        raise ExportError("the game needs a name")
    game, files = gather_levels(paths)
    log(f"Exporting “{name}”: {len(files)} {game.name} level{'s' * (len(files) != 1)}")
    checks = check_levels(files, solve_timeout, log, progress)
    problem = refusal(checks, allow_unsolvable)
    if problem:
        raise ExportError(problem)
    # Checked after the levels, so a designer without PyInstaller still learns what to fix first.
    blockers = export_blockers()
    if blockers:
        raise ExportError("; ".join(blockers))
    program = slug(name)
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    scratch = None
    if work_dir is None:
        scratch = tempfile.TemporaryDirectory(prefix=f"export-{program}-")
        work_dir = Path(scratch.name)
    work_dir = Path(work_dir).resolve()
    try:
        progress(CHECKS_SHARE, "staging the levels")
        collection = stage_collection(checks, game, name.strip(), author.strip(), Path(icon) if icon else None,
                                      work_dir / GAME_FOLDER)
        spec = work_dir / f"{program}.spec"
        spec.write_text(spec_text(game, program, work_dir / GAME_FOLDER), encoding="utf-8")
        log(f"Spec: {spec}")
        build_start = time.monotonic()
        run_pyinstaller(spec, out_dir, work_dir / "pyinstaller", log, progress)
        build_seconds = time.monotonic() - build_start
        listing = work_dir / "pyinstaller" / program / SHIPPED_MODULES_FILE  # PyInstaller's workpath
        modules = listing.read_text().split() if listing.is_file() else []
        warnings = missing_library_warnings(work_dir / "pyinstaller" / program / MISSING_LIBRARIES_FILE)
    finally:
        if scratch is not None:
            scratch.cleanup()
    app = out_dir / program / program
    if not app.is_file():
        raise ExportError(f"PyInstaller made no {app}")
    size = folder_bytes(app.parent)
    log(f"Built {app}: {size / 1e6:.1f} MB, {len(modules)} Python modules, in {build_seconds:.0f} s")
    for warning in warnings:
        log(WARNING_PREFIX + warning)
    progress(99, "self-test of the built game")
    unsolvable = {Path(level.file).name for check, level in zip(checks, collection.levels) if check.unsolvable}
    verdicts = run_self_test(app, log)
    for run, found in (("self-test", verdicts), ("self-test by hints", run_self_test(app, log, hints=True))):
        failed = [v for v in found if v.get("verdict") != "won" and v.get("level") not in unsolvable]
        if failed or len(found) != len(checks):
            raise ExportError(f"the built game fails its {run} ({len(failed)} of {len(checks)} levels); "
                              f"see the log. It is left in {app.parent} to look into")
    progress(100, "done")
    return ExportResult(app, len(checks), size, time.monotonic() - start, build_seconds, checks, modules, verdicts,
                        warnings)


def missing_library_warnings(listing: Path) -> list[str]:
    """What the spec's list of missing shared libraries means for the player (none: [])."""
    try:
        rows = [line.split(maxsplit=1) for line in listing.read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError:
        return []
    if not rows:
        return []
    names = ", ".join(row[0] for row in rows)
    needers = ", ".join(sorted({Path(row[1]).name for row in rows if len(row) > 1}))
    return [f"this machine lacks {names} (needed by {needers}), so the game cannot carry "
            f"{'them' if len(rows) > 1 else 'it'}: its window opens only on machines that have "
            f"{'them' if len(rows) > 1 else 'it'} (the offscreen --self-test passes without). "
            "Install the missing libraries here and export again."]


def run_self_test(app: Path, log, timeout: float = 600, hints: bool = False) -> list[dict]:
    """The built program's ``--self-test`` lines (it runs offscreen by itself); with
    ``hints``, of its self-test by hints alone (``--hints``)."""
    try:
        done = subprocess.run([str(app), "--self-test", *(["--hints"] if hints else [])], capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ExportError(f"the built game's self-test did not run: {error}") from None
    verdicts = []
    for line in done.stdout.splitlines():
        log(f"self-test{' by hints' if hints else ''}: {line}")
        try:
            verdicts.append(json.loads(line))
        except ValueError:
            pass
    if done.returncode != 0 and not verdicts:
        log(done.stderr.strip())
    return verdicts


def run_pyinstaller(spec: Path, dist: Path, work: Path, log, progress) -> None:
    """PyInstaller in a child process, its log passed on; a SIGTERM to this process
    (the dialog's Cancel) ends the child too."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "INFO",
               "--distpath", str(dist), "--workpath", str(work), str(spec)]
    if shutil.which("strip") is None:
        log("note: no 'strip' program found; the libraries stay unstripped (larger)")
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             cwd=spec.parent, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    previous = signal.getsignal(signal.SIGTERM)

    def stop(signum, frame):
        child.terminate()
        raise KeyboardInterrupt

    in_main_thread = hasattr(signal, "SIGTERM") and _main_thread()
    if in_main_thread:
        signal.signal(signal.SIGTERM, stop)
    try:
        for line in child.stdout:
            line = line.rstrip()
            log(line)
            for marker, percent, stage in BUILD_STAGES:
                if marker in line:
                    progress(percent, stage)
        status = child.wait()
    except BaseException:
        child.terminate()
        child.wait()
        raise
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    if status != 0:
        raise ExportError(f"PyInstaller failed (exit status {status}); its log says why")


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()
