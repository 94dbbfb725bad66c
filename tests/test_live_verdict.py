"""The live verdict: the solver decides the level while the designer draws, in a process of
its own; the newest version wins; an undo brings an earlier verdict back at once; an edit
that breaks the level is named with a link that undoes it; and the verdicts agree with a
plain breadth-first search on small levels."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from studio.core.game import game_by_id, game_for_path
from studio.core.live_solver import LiveSolver, is_solvable, is_unsolvable, verdict_text
from studio.games.escape.tiles import T
from studio.model import commands
from tests.breadth_first import shortest_by_breadth_first

ROOT = Path(__file__).resolve().parent.parent
FIRST_STEPS = ROOT / "levels" / "escape" / "01-first-steps.esx"
WAIT_MS = 60_000


def decide(solver: LiveSolver, path: Path, timeout: float = 10.0) -> tuple[dict, float | None]:
    """The final verdict on a level, and the seconds until the first one (a solution
    found while the search goes on, or the final one)."""
    game = game_for_path(path)
    started = time.monotonic()
    solver.submit(path.name, game.id, path.read_bytes(), timeout)
    first = None
    while time.monotonic() < started + 60:
        for key, record in solver.poll():
            if key == path.name:
                first = first if first is not None else time.monotonic() - started
                if not record.get("searching"):
                    return record, first
        time.sleep(0.01)
    raise AssertionError(f"no verdict on {path.name}")


def breadth_first(path: Path, limit: int = 200_000) -> int | None:
    """The shortest winning number of moves by a plain search over the engine, None when
    no position within ``limit`` wins (the levels given are small enough to be exhausted)."""
    game = game_for_path(path)
    return shortest_by_breadth_first(game, game.load(path.read_bytes()), limit)


# (ChronoShift's positions carry the actions recorded so far, so a plain search never ends there.)
SMALL = sorted((ROOT / "levels" / "laby").glob("*.laby"))[:4] + sorted((ROOT / "levels" / "escape").glob("0[1-5]-*.esx"))


@pytest.fixture(scope="module")
def solver():
    solver = LiveSolver()
    yield solver
    solver.close()


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_the_verdict_agrees_with_breadth_first_search(solver, path):
    record, _first = decide(solver, path)
    shortest = breadth_first(path)
    if shortest is None:
        assert is_unsolvable(record), verdict_text(record, 10)
    else:
        assert is_solvable(record) and record["optimal"] and record["length"] == shortest, verdict_text(record, 10)


def test_an_unsolvable_level_is_proven_so(solver, tmp_path):
    path = tmp_path / "walled.laby"
    path.write_bytes(b"map\n3102\nend\n")  # the objective behind a wall
    record, _first = decide(solver, path)
    assert breadth_first(path) is None and is_unsolvable(record)
    assert verdict_text(record, 5) == "no solution (proven)"


def test_only_the_newest_version_is_decided(solver):
    game = game_by_id("escape")
    data = FIRST_STEPS.read_bytes()
    for version in range(5):
        solver.submit(f"v{version}", game.id, data, 10.0)
    keys = []
    deadline = time.monotonic() + 60
    while solver.pending is not None and time.monotonic() < deadline:
        keys += [key for key, record in solver.poll() if not record.get("searching")]
        time.sleep(0.01)
    assert keys[-1] == "v4" and len(keys) <= 2  # the first may finish before the others arrive
    assert solver.pending is None


def test_the_tutorial_gets_its_verdicts_within_2_s_and_none_is_wrong(solver, corpus_dir):
    """The 22 levels of Escape's tutorial, each checked as the studio checks it (5 s to search):
    a verdict within 2 s for at least 18, never "no solution" (all can be won), every solution
    found winning on the engine, and no proven shortest longer than a known solution."""
    import json

    from studio.core.playtest_adapter import adapter_for, verify_moves

    known: dict[str, int] = {}
    for line in (corpus_dir / "escape" / "solutions.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry["level"].startswith("levels/tutorial/") and entry["verdict"] == "won":
            name = entry["level"].rsplit("/", 1)[1]
            known[name] = min(known.get(name, entry["length"]), entry["length"])
    decide(solver, FIRST_STEPS)  # the worker started and its search readied, as a designer's first check does
    game = game_by_id("escape")
    adapter = adapter_for(game)
    quick = 0
    for path in sorted((corpus_dir / "escape" / "levels" / "tutorial").glob("*.esx")):
        record, first = decide(solver, path, timeout=5.0)
        quick += first <= 2.0
        assert not is_unsolvable(record) and is_solvable(record), (path.name, verdict_text(record, 5))
        level = game.load(path.read_bytes())
        assert verify_moves(adapter, level, adapter.parse_moves(record["solution"])).outcome.kind == "won"
        if record["optimal"] and path.name in known:
            assert record["length"] <= known[path.name], path.name
    assert quick >= 18


def test_verdict_words():
    assert verdict_text({"solved": True, "optimal": True, "length": 34}, 5) == "solvable, shortest 34 moves (proven)"
    assert verdict_text({"solved": True, "optimal": False, "length": 41}, 5) == \
        "solvable in 41 moves (shortest not proven)"
    assert verdict_text({"solved": False, "optimal": False}, 5) == "not decided in 5 s"


# -- in the window ------------------------------------------------------------------------------------
def test_an_edit_that_breaks_the_level_is_named_and_undone_in_one_click(qtbot, settings, tmp_path):
    from tests.gui_helpers import show_main_window

    settings.set_value("live_verdict/enabled", True)
    window = show_main_window(qtbot, settings)
    path = tmp_path / "first.esx"
    path.write_bytes(FIRST_STEPS.read_bytes())
    pane = window.open_file(path)
    live, dock = window.solving.live_verdict, window.solving.problems_dock
    qtbot.waitUntil(lambda: "Solvable, shortest 28 moves (proven)" in live.label.text(), timeout=WAIT_MS)
    assert "Solvable, shortest 28 moves" in dock.verdict.text()
    document = pane.document
    exit_cell = next(i for i, tile in enumerate(document.level.tiles) if tile == T.EXIT)
    document.undo_stack.push(commands.PaintStroke(document, {exit_cell: (int(T.BLUE), 0, 0)}, stroke=1))
    qtbot.waitUntil(lambda: "No solution (proven)" in live.label.text(), timeout=WAIT_MS)
    assert "Paint made the level unsolvable" in live.label.text() and 'href="undo:0"' in dock.verdict.text()
    dock.verdict.linkActivated.emit("undo:0")  # the link's click
    assert document.undo_stack.index() == 0
    qtbot.waitUntil(lambda: "Solvable, shortest 28" in live.label.text(), timeout=2_000)  # from the cache
    assert live.solver.pending is None


def test_the_preference_turns_it_off(qtbot, settings, tmp_path):
    from tests.gui_helpers import show_main_window

    window = show_main_window(qtbot, settings)  # (off in the tests' settings)
    window.open_file(FIRST_STEPS)
    qtbot.wait(500)
    live = window.solving.live_verdict
    assert live.label.text() == "" and live.solver is None and not window.solving.problems_dock.verdict.isVisible()


def test_a_deliberately_long_intended_solution_reports_the_shortcut(qtbot, settings, tmp_path):
    from studio.app.intended import parting
    from studio.core.playtest_adapter import LevelContext, adapter_for
    from studio.playtest.dock import PARTING
    from tests.gui_helpers import show_main_window

    game = game_by_id("escape")
    adapter = adapter_for(game)
    path = tmp_path / "first.esx"
    path.write_bytes(FIRST_STEPS.read_bytes())
    shortest, _first = decide_once(path)
    long_way = (adapter.parse_moves("RL") + adapter.parse_moves(shortest["solution"]))  # a detour first
    adapter.save_solution(LevelContext(game.load(path.read_bytes()), path.read_bytes(), path), long_way, "Mine")
    settings.set_value("live_verdict/enabled", True)
    window = show_main_window(qtbot, settings)
    window.open_file(path)
    live = window.solving.live_verdict
    qtbot.waitUntil(lambda: "A shortcut" in live.label.text(), timeout=WAIT_MS)
    assert f"a {shortest['length']}-move solution; yours takes {shortest['length'] + 2}" in live.label.text()
    window.solving.problems_dock.verdict.linkActivated.emit("replay:shortcut")
    dock = window.playtest.dock
    session = dock.session
    found = adapter.parse_moves(shortest["solution"])
    assert session.timeline_moves == tuple(found) and session.position == parting(long_way, found)
    assert any(a.overlay == PARTING for a in dock.board.visible_annotations())
    assert dock.board.caption.startswith("Here the shortcut parts from your solution")


def decide_once(path: Path) -> tuple[dict, float | None]:
    solver = LiveSolver()
    try:
        return decide(solver, path)
    finally:
        solver.close()


def test_a_verdict_is_kept_only_for_one_that_says_more():
    from studio.app.live_verdict import says_more

    unproven = {"solved": True, "optimal": False, "length": 40, "solution": "x" * 40}
    shorter = {**unproven, "length": 30, "solution": "x" * 30}
    proven = {**shorter, "optimal": True}
    undecided = {"solved": False, "optimal": False, "length": 0}
    assert says_more(unproven, undecided) and says_more(shorter, unproven) and says_more(proven, shorter)
    assert not says_more(unproven, shorter) and not says_more(shorter, proven) and not says_more(undecided, unproven)
    assert not says_more({**proven, "searching": True}, unproven) and not says_more({"error": "bad"}, undecided)


def test_the_solve_windows_result_reaches_the_status_bar(qtbot, settings):
    """A longer search in the Solve window tells the live verdict what it found: the status
    bar then no longer says less than the window does."""
    from studio.app.solve_dialog import SolveDialog
    from tests.gui_helpers import show_main_window

    settings.set_value("live_verdict/enabled", True)
    window = show_main_window(qtbot, settings)
    window.open_file(FIRST_STEPS)
    live = window.solving.live_verdict
    qtbot.waitUntil(lambda: live.current_md5 is not None, timeout=WAIT_MS)
    live._stop_solver()  # (its own verdict never comes: what the window finds must show)
    assert "Solvable" not in live.label.text()
    dialog = SolveDialog(window.current_pane().document, window.playtest, window, timeout=60)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=WAIT_MS)
    assert dialog.result["optimal"] and dialog.result["length"] == 28
    assert "Solvable, shortest 28 moves (proven)" in live.label.text()
