"""Editor speed: open and first paint, repaint after edits, memory after many edits.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/editor.py
Targets (issues 2 and 16): first paint < 150 ms, one-cell edit repainted < 5 ms at the
95th percentile (only that cell redrawn), whole-level fill and its undo < 50 ms each.
The live verdict (issue 41) is on, as in a fresh studio, its solver searching the level
throughout; ``--no-live-verdict`` measures without it (its target: within 10% of that).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.app.launch import make_application  # noqa: E402

EDITS = 100  # one-cell edits timed (enough for a 95th percentile)
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "escape" / "levels"


def largest_level() -> Path:
    from studio.games.escape.esx import load_esx
    from studio.core.errors import LevelFormatError

    best, best_cells = None, -1
    for path in sorted(CORPUS.rglob("*.esx")):
        try:
            level = load_esx(path.read_bytes())
        except LevelFormatError:
            continue
        if level.width * level.height > best_cells:
            best, best_cells = path, level.width * level.height
    if best is None:
        raise SystemExit("needs ../shared/corpus beside the project")
    return best


class CellCounter:
    """Wraps a cell painter to count the cells each repaint draws."""

    def __init__(self, inner):
        self.inner = inner
        self.count = 0

    def paint_cell(self, *args):
        self.count += 1
        self.inner.paint_cell(*args)

    def cell_pixmaps(self, level, indices, *args):
        """The scene's fast way: many cells copied from the art's pixmaps in one go."""
        found = self.inner.cell_pixmaps(level, indices, *args)
        if found is not None:
            self.count += len(indices)
        return found

    def __getattr__(self, name):
        return getattr(self.inner, name)


def settle(app: QApplication) -> float:
    start = time.perf_counter()
    app.processEvents()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    live = "--no-live-verdict" not in sys.argv[1:]
    app = make_application()
    from studio.app.main_window import MainWindow
    from studio.model import commands
    from studio.model.document import LevelDocument
    from studio.app.settings import StudioSettings
    from PySide6.QtCore import QSettings

    path = largest_level()
    import tempfile

    # Fresh settings: a first start, with the default docks and no remembered layout.
    settings_file = Path(tempfile.mkdtemp()) / "settings.ini"
    settings = StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    settings.set_value("live_verdict/enabled", live)
    settings.set_value("live_verdict/seconds", 120)  # its search goes on through the whole run
    window = MainWindow(settings)
    window.resize(1400, 1000)
    window.show()
    app.processEvents()

    start = time.perf_counter()
    document = LevelDocument.open(path)
    pane = window.add_document(document)
    pane.view.set_zoom(0.5)
    pane.view.viewport().repaint()
    first_paint = (time.perf_counter() - start) * 1000
    level = document.level
    print(f"level: {path.name} ({level.width}x{level.height}, {level.width * level.height} cells); "
          f"live verdict {'on, searching' if live else 'off'}")
    if live:  # the live verdict's worker busy with this level while the edits below are timed
        window.solving.live_verdict.check()
    print(f"open and first paint: {first_paint:.1f} ms (target < 150)")

    counter = CellCounter(pane.cell_painter)
    pane.scene.cell_painter = counter
    pane.view.set_zoom(0.5)
    pane.view.fit_to_window()
    for _ in range(3):  # let the window's own deferred fit and first paints finish
        settle(app)
        pane.view.viewport().repaint()

    one_cell, drawn = [], []
    for i in range(EDITS):
        cell = (i * 7) % (level.width * level.height)
        bundle = level.bundle_with_value(level.cell_bundle(cell), 0, 1 + i % 3)
        before = level.cell_bundle(cell)
        counter.count = 0
        start = time.perf_counter()
        document.undo_stack.push(commands.PaintStroke(document, {cell: bundle}, stroke=10_000 + i))
        app.processEvents()
        one_cell.append((time.perf_counter() - start) * 1000)
        drawn.append(counter.count)
        if os.environ.get("BENCH_VERBOSE"):
            print(f"  cell {level.xy(cell)} was {before}: {one_cell[-1]:.2f} ms, {counter.count} cells")
    p95 = statistics.quantiles(one_cell, n=20)[-1]
    print(f"one-cell edit, repainted: median {statistics.median(one_cell):.2f} ms, 95th percentile {p95:.2f} ms "
          f"(target < 5), worst {max(one_cell):.2f} ms; cells redrawn per edit: median {statistics.median(drawn):.0f}")
    print("  (the worst edits remove a panel whose destination arrow crosses the level: the cells under "
          "the arrow are repainted too; BENCH_VERBOSE=1 lists every edit)")

    fills, undos = [], []
    for tile in (3, 2, 15):
        everything = {i: level.bundle_with_value(level.cell_bundle(i), 0, tile) for i in range(level.width * level.height)}
        start = time.perf_counter()
        document.undo_stack.push(commands.FillRectangle(document, everything))
        app.processEvents()
        fills.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        document.undo_stack.undo()
        app.processEvents()
        undos.append((time.perf_counter() - start) * 1000)
    print(f"whole-level fill, repainted: median {statistics.median(fills):.1f} ms; its undo: median "
          f"{statistics.median(undos):.1f} ms (target < 50 each)")

    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for i in range(1000):
        cell = (i * 13) % (level.width * level.height)
        bundle = level.bundle_with_value(level.cell_bundle(cell), i % 2, 1 + i % 5)
        document.undo_stack.push(commands.PaintStroke(document, {cell: bundle}, stroke=20_000 + i))
    app.processEvents()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    print(f"memory for 1,000 undoable edits: {used / 1024:.0f} KiB ({document.undo_stack.count()} undo steps)")
    document.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main()
