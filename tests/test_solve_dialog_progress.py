"""The Solve dialog is no black box: the best solution found so far comes with the search's
progress reports and is shown and replayable at once; the bound is said in plain words;
a progress bar runs against the time limit."""

from __future__ import annotations

from pathlib import Path

from studio.app.solve_dialog import SolveDialog, progress_text
from studio.core.solver import NONE, WON, Edge, Expansion, SearchResult, reporting_solution_text, search
from studio.core.solver import _phase_progress
from studio.core.search_space import Progress

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "escape" / "02-red-blocks.esx"


class DetourSpace:
    """A corridor of 200 steps to a goal, and from the start a costly jump straight to
    another: A* finds the jump first and keeps searching for the shorter way."""

    def start(self):
        return 0

    def expand(self, state):
        if state == 0:
            return Expansion([Edge(300, "far", WON, "J"), Edge(1, 1, NONE, "s")])
        if state == 200:
            return Expansion([Edge(1, "near", WON, "s")])
        return Expansion([Edge(1, state + 1, NONE, "s")])

    def unfold(self, state, label):
        return (label,)


def test_the_search_reports_the_moves_of_its_best_solution_while_it_runs():
    reports = []
    result = search(DetourSpace(), method="astar", progress=reports.append, progress_every=0)
    assert result.solved and result.length == 201
    with_best = [p for p in reports if p.best is not None]
    assert with_best and all(p.best == 300 and p.best_moves == ("J",) for p in with_best)


def test_a_phase_carries_the_best_solution_found_before_it():
    reports = []
    known = SearchResult(True, False, moves=(1, 2, 3))
    report = _phase_progress(reports.append, [], 5.0, "shortest", known)
    report(Progress(10, 10, 2, 2, 1.0, None))
    assert reports[0].best == 3 and reports[0].best_moves == (1, 2, 3) and reports[0].seconds == 6.0
    texts = []
    reporting_solution_text(texts.append, lambda moves: "".join("UDL"[m - 1] for m in moves))(reports[0])
    assert texts[0].best_solution == "UDL"


def test_plain_words_for_the_bound():
    start = progress_text({"phase": "shortest", "expanded": 1200, "bound": 0, "best": None, "seconds": 0.3})
    assert "shorter than 0" not in start and "at least 0" not in start
    assert progress_text({"phase": "shortest", "expanded": 5, "bound": 37, "best": None}).endswith(
        "Every solution needs at least 37 moves.")
    assert "Best so far: 48 moves" in progress_text({"phase": "shorter", "expanded": 5, "bound": 30, "best": 48})
    assert progress_text({"phase": "any", "expanded": 5, "bound": 0, "best": None}).startswith("Looking for any")
    # the second core's find, while this one still looks for any solution
    assert progress_text({"phase": "any", "expanded": 5, "bound": 0, "best": 110}).startswith("Best so far: 110 moves")


def test_the_best_so_far_is_shown_and_replayable_before_the_search_ends(qtbot, window):
    window.open_file(LEVEL)
    dialog = SolveDialog(window.current_pane().document, window.playtest, window, timeout=60, start=False)
    qtbot.addWidget(dialog)
    dialog.start()
    dialog._timer.stop()  # drive the reports by hand; the worker's own result is not awaited
    dialog.process.kill()
    assert not dialog.replay_button.isEnabled()
    best = "RRLL"  # any moves will do: the play-test replays what it is given
    dialog._show_progress({"phase": "shorter", "expanded": 900, "generated": 900, "depth": 3, "bound": 3,
                           "seconds": 12.4, "best": 4, "best_solution": best})
    assert dialog.solution_text.toPlainText() == best
    assert dialog.replay_button.isEnabled() and dialog.copy_button.isEnabled()
    assert dialog.progress.value() == 124 and dialog.progress.maximum() == 600
    assert dialog.progress.format() == "12 s of 60 s"
    assert dialog.replay()
    session = window.playtest.session_for(dialog.document)
    assert session.loaded is not None and "best so far" in session.loaded.name
    assert len(session.timeline_moves) == 4
