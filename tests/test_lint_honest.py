"""A lint that does not cry wolf: no problem on any level of the official Escape tutorial nor
of our bundled collections; a panel matters when a block can arrive on its target (the
tutorial's lev202 and lev162); a region the player never reaches is one problem whose
cells the Problems dock selects together."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.game import game_for_path
from studio.core.problems import lint_level, problem_record
from studio.core.reading import read_level
from studio.games.escape.esx import load_esx, save_esx
from studio.games.escape.lint import lint_level as escape_lint
from studio.games.escape.tiles import T
from tests.conftest import corpus_path
from tests.test_escape_lint import room

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p for p in (ROOT / "levels").rglob("*") if p.is_file() and game_for_path(p) is not None)
CORPUS = corpus_path()
TUTORIAL = sorted((CORPUS / "escape" / "levels" / "tutorial").glob("*.esx")) if CORPUS else []


def problems_of(path: Path):
    game = game_for_path(path)
    return lint_level(game, game.load(read_level(path, game)))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_levels_have_no_problem(path):
    found = [p for p in problems_of(path) if p.severity != "info"]
    assert found == [], [p.message for p in found]


@pytest.mark.skipif(not TUTORIAL, reason="../shared/corpus is absent (it ships only beside the project's own checkout)")
@pytest.mark.parametrize("path", TUTORIAL, ids=lambda p: p.name)
def test_the_official_tutorial_has_no_problem(path):
    assert [p.message for p in problems_of(path)] == []


def test_lev202_panel_target_where_a_grey_block_is_pushed(corpus_dir):
    level = load_esx((corpus_dir / "escape" / "levels" / "tutorial" / "lev202.esx").read_bytes())
    target = level.index(14, 3)
    assert level.tiles[target] == level.otiles[target] == T.FLOOR  # floor on both layers now...
    assert not [p for p in escape_lint(level) if p.rule == "link-does-nothing"]  # ...but a block can arrive


def panel_room():
    """A room with a panel at (3, 2) swapping (5, 1), floor on both layers."""
    level = room()
    panel = level.index(3, 2)
    level.tiles[panel] = int(T.PANEL)
    level.dests[panel] = level.index(5, 1)
    return level, panel


def test_a_panel_matters_once_a_block_can_be_pushed_onto_its_target():
    level, panel = panel_room()
    assert [p.cell for p in escape_lint(level) if p.rule == "link-does-nothing"] == [panel]
    level.tiles[level.index(2, 3)] = int(T.GREY)  # a grey block that can be pushed there
    assert not [p for p in escape_lint(level) if p.rule == "link-does-nothing"]


def test_a_block_walled_off_from_the_target_does_not_count():
    level, panel = panel_room()
    for y in range(1, 4):  # a permanent wall down column 4: the block beyond it never gets to (2, 1)
        level.tiles[level.index(4, y)] = int(T.BLACK)
    level.tiles[level.index(6, 3)] = int(T.GREY)
    level.tiles[level.index(1, 3)] = int(T.EXIT)
    level.dests[panel] = level.index(2, 1)
    assert [p.cell for p in escape_lint(level) if p.rule == "link-does-nothing"] == [panel]
    level.tiles[level.index(4, 2)] = int(T.FLOOR)  # a gap in the wall: now it can
    assert not [p for p in escape_lint(level) if p.rule == "link-does-nothing"]


def walled_off_room():
    """Exits, a transporter and a heart framer in a closet the player never gets near."""
    level = room(10, 6)
    for y in range(1, 5):
        level.tiles[level.index(5, y)] = int(T.BLACK)
    level.tiles[level.index(8, 4)] = int(T.FLOOR)
    level.tiles[level.index(4, 4)] = int(T.EXIT)  # the player's exit, on his side
    things = {(7, 1): T.EXIT, (8, 1): T.EXIT, (7, 3): T.TRANSPORT, (8, 2): T.HEARTFRAMER}
    for (x, y), tile in things.items():
        level.tiles[level.index(x, y)] = int(tile)
    return level, sorted(level.index(x, y) for x, y in things)


def test_a_region_out_of_reach_is_one_problem_holding_its_cells():
    level, cells = walled_off_room()
    found = [p for p in escape_lint(level) if p.rule == "unreachable"]
    assert len(found) == 1
    problem = found[0]
    assert list(problem.cells) == cells and problem.cell == cells[0]
    assert "2 exits" in problem.message and "a transporter" in problem.message and "a heart framer" in problem.message
    assert problem_record(level, problem)["cells"] == cells


def test_worstcase_reports_far_fewer_unreachable_lines(corpus_dir):
    level = load_esx((corpus_dir / "escape" / "levels" / "regression" / "worstcase.esx").read_bytes())
    unreachable = [p for p in escape_lint(level) if p.rule == "unreachable"]
    covered = sum(len(p.all_cells) for p in unreachable)
    assert len(unreachable) < covered  # some region holds several things, said once


def test_the_problems_dock_selects_a_regions_cells_together(qtbot, window, tmp_path):
    level, cells = walled_off_room()
    path = tmp_path / "closet.esx"
    path.write_bytes(save_esx(level))
    pane = window.open_file(path)
    dock = window.solving.problems_dock
    dock.refresh()
    items = [dock.tree.topLevelItem(i) for i in range(dock.tree.topLevelItemCount())]
    region = next(item for item in items if item.text(2) == "unreachable")
    dock.tree.itemDoubleClicked.emit(region, 0)
    assert pane.scene.selected_cells() == cells
    assert pane.scene.selection_mask == frozenset(cells)  # scattered cells, not their rectangle
    assert pane.scene.selection_shape_item.isVisible() and not pane.scene.selection_item.isVisible()
    assert pane.view.hasFocus()


def test_studio_lint_takes_folders_as_their_level_files(capsys, tmp_path):
    # `studio lint levels/` checks every bundled level (a README or player file there is no level).
    from studio.cli import main

    assert main(["lint", str(ROOT / "levels")]) == 0
    assert capsys.readouterr().out.strip().endswith(f"{len(BUNDLED)} levels checked: no problems found")
    (tmp_path / "notes.txt.bak").write_text("not a level")
    assert main(["lint", str(tmp_path)]) == 1
    assert "no level file" in capsys.readouterr().out
