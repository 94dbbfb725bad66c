"""Play-test speed: what one key press costs, headless and on screen.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/playtest.py
Prints: the adapter's cost per move (step + annotations + motions) over the
corpus solutions; the board's paint time per frame on the largest corpus
level, still and mid-tween, at a dock-sized and a full-screen board; and a
whole key press through the dock (session, labels, first frame).
Target: a key press and every tween frame well under a 60 Hz frame (16 ms).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = ROOT.parent / "shared" / "corpus" / "escape"


def corpus_runs():
    from studio.games.escape.esx import load_esx
    from studio.games.escape.esp import text_to_moves

    if not ESCAPE.is_dir():
        raise SystemExit("needs ../shared/corpus beside the project")
    for line in (ESCAPE / "solutions.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record["verdict"] != "badlevel":
            yield load_esx((ESCAPE / record["level"]).read_bytes()), text_to_moves(record["moves_udlr"])


def adapter_cost() -> None:
    from studio.games.escape.playtest import EscapePlaytest

    adapter = EscapePlaytest()
    runs = list(corpus_runs())
    moves = 0
    started = time.perf_counter()
    for level, solution in runs:
        state = adapter.initial_state(level)
        for move in solution:
            report = adapter.step(state, move)
            adapter.annotations(report.state, report)
            if report.changed:
                adapter.motions(report)
            state = report.state
            moves += 1
            if report.outcome.finished:
                break
    elapsed = time.perf_counter() - started
    print(f"adapter: {moves} moves of {len(runs)} corpus solutions, "
          f"{elapsed / moves * 1e6:.0f} µs per move (step + annotations + motions)")


def largest_run():
    return max(corpus_runs(), key=lambda run: run[0].width * run[0].height)


def board_paint() -> None:
    from PySide6.QtGui import QImage

    from studio.app.launch import make_application
    from studio.games.escape.playtest import EscapePlaytest
    from studio.playtest.board import PlayBoard

    make_application()
    adapter = EscapePlaytest()
    level, solution = largest_run()
    board = PlayBoard()
    board.set_painter(__import__("studio.art.escape.view", fromlist=["x"]).make_play_painter())
    board.set_overlays(adapter.overlays(), {spec.id for spec in adapter.overlays()})
    state = adapter.initial_state(level)
    reports = []
    for move in solution:
        report = adapter.step(state, move)
        if report.changed:
            reports.append(report)
        state = report.state
        if report.outcome.finished:
            break
    for width, height in ((420, 360), (1600, 1000)):
        board.resize(width, height)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)

        def frame_ms(report, progress, animate):
            board.show_state(report.state, report.outcome, adapter.annotations(report.state, report),
                             report if animate else None, adapter.motions(report) if animate else (), 1000)
            if animate:
                board._animation.stop()  # draw the chosen frame, not the timer's
                board._frame_report, board._frame_motions = report, tuple(adapter.motions(report))
                board._progress = progress
            started = time.perf_counter()
            board.render(image)
            return (time.perf_counter() - started) * 1000

        first, still, tween = [], [], []
        for report in reports[:20]:
            first.append(frame_ms(report, 1.0, False))  # the tile layer of a new state is drawn and cached
            still.append(frame_ms(report, 1.0, False))  # the same state again (a resize, a focus change)
            tween.append(frame_ms(report, 0.5, True))
        print(f"board {width}x{height}, {level.width}x{level.height} cells: new state {statistics.median(first):.1f} ms, "
              f"repaint {statistics.median(still):.1f} ms, tween frame {statistics.median(tween):.1f} ms (median of 20)")


def key_press() -> None:
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    import tempfile

    from studio.app.launch import make_application
    from studio.app.main_window import MainWindow
    from studio.app.settings import StudioSettings
    from studio.games.escape.esx import save_esx

    app = make_application()
    level, solution = largest_run()
    folder = Path(tempfile.mkdtemp())
    path = folder / "big.esx"
    path.write_bytes(save_esx(level))
    window = MainWindow(StudioSettings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)))
    window.resize(1400, 900)
    window.show()
    window.open_file(path)
    window.playtest.actions["playtest"].trigger()
    app.processEvents()
    dock = window.playtest.dock
    keys = {1: Qt.Key.Key_Up, 2: Qt.Key.Key_Down, 3: Qt.Key.Key_Left, 4: Qt.Key.Key_Right}
    times = []
    for move in solution[:60]:
        started = time.perf_counter()
        QTest.keyClick(dock.board, keys[move])
        dock.board.repaint()
        times.append((time.perf_counter() - started) * 1000)
        dock.board.finish_animation()
    print(f"key press through the dock ({len(times)} moves): median {statistics.median(times):.1f} ms, "
          f"worst {max(times):.1f} ms (session, labels and the first frame painted)")
    window.close()


if __name__ == "__main__":
    adapter_cost()
    board_paint()
    key_press()
