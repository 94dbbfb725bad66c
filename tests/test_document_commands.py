"""The document and its undo commands, without widgets."""

from pathlib import Path

import pytest

from studio.core.errors import LevelLimitError
from studio.games.escape import GAME
from studio.games.escape.level import BIZARRO, NORMAL, EscapeLevel
from studio.games.escape.tiles import T
from studio.model import commands
from studio.model.document import LevelDocument


@pytest.fixture
def document(qapp):
    return LevelDocument(GAME, EscapeLevel.blank(6, 4))


def paint(document, cell, tile, stroke, layer=NORMAL):
    level = document.level
    bundle = level.bundle_with_value(level.cell_bundle(cell), layer, tile)
    document.undo_stack.push(commands.PaintStroke(document, {cell: bundle}, stroke))


def test_paint_stroke_merges_into_one_undo_step(document):
    for cell in (0, 1, 2):
        paint(document, cell, T.RED, stroke=7)
    paint(document, 3, T.BLUE, stroke=8)
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.level.tiles[:4] == [T.RED, T.RED, T.RED, T.FLOOR]
    document.undo_stack.undo()
    assert document.level.tiles[:4] == [T.FLOOR] * 4
    document.undo_stack.redo()
    assert document.level.tiles[:3] == [T.RED] * 3


def test_stroke_repainting_a_cell_restores_its_first_value_on_undo(document):
    paint(document, 0, T.RED, stroke=1)
    paint(document, 0, T.GOLD, stroke=1)
    assert document.level.tiles[0] == T.GOLD
    document.undo_stack.undo()
    assert document.level.tiles[0] == T.FLOOR


def test_bizarro_layer_edits_leave_normal_layer_alone(document):
    paint(document, 5, T.EXIT, stroke=1, layer=BIZARRO)
    assert document.level.otiles[5] == T.EXIT and document.level.tiles[5] == T.FLOOR


def test_cells_changed_names_exactly_the_painted_cells(document):
    seen = []
    document.cellsChanged.connect(seen.append)
    paint(document, 4, T.RED, stroke=1)
    assert seen == [[4]]


def test_dirty_flag_follows_the_undo_stack(document):
    changes = []
    document.modifiedChanged.connect(changes.append)
    paint(document, 0, T.RED, stroke=1)
    assert document.is_modified
    document.undo_stack.undo()
    assert not document.is_modified
    assert changes == [True, False]


def test_properties_change_is_undoable(document):
    document.undo_stack.push(commands.ChangeProperties(document, {"title": "Lasers", "author": "Me"}))
    assert (document.level.title, document.level.author) == ("Lasers", "Me")
    document.undo_stack.undo()
    assert (document.level.title, document.level.author) == ("Untitled", "")


def test_resize_keeps_top_left_and_is_undoable(document):
    paint(document, document.level.index(1, 1), T.RED, stroke=1)
    paint(document, document.level.index(5, 3), T.BLUE, stroke=2)
    document.undo_stack.push(commands.ResizeLevel(document, 3, 2))
    level = document.level
    assert (level.width, level.height) == (3, 2)
    assert level.tiles[level.index(1, 1)] == T.RED
    assert T.BLUE not in level.tiles
    document.undo_stack.undo()
    assert (document.level.width, document.level.height) == (6, 4)
    assert document.level.tiles[document.level.index(5, 3)] == T.BLUE


def test_resize_past_escape_limits_is_refused(document):
    with pytest.raises(LevelLimitError, match="2048"):
        commands.ResizeLevel(document, 50, 50)
    with pytest.raises(LevelLimitError):
        commands.ResizeLevel(document, 101, 1)


def test_bots_are_placed_bombs_last_and_limited_to_fifteen(document):
    level = document.level
    document.undo_stack.push(commands.PlaceBot(document, level.entities_with_bot(0, 5 + 3)))
    document.undo_stack.push(commands.PlaceBot(document, level.entities_with_bot(1, 1)))
    assert [b.kind for b in document.level.bots] == [1, 8]
    for cell in range(2, 15):
        document.undo_stack.push(commands.PlaceBot(document, document.level.entities_with_bot(cell, 2)))
    assert len(document.level.bots) == 15
    with pytest.raises(LevelLimitError, match="15"):
        document.level.entities_with_bot(20, 2)


def test_bot_renumbering_moves_it_in_the_order(document):
    for cell in range(3):
        document.undo_stack.push(commands.PlaceBot(document, document.level.entities_with_bot(cell, 2)))
    document.undo_stack.push(commands.RenumberBot(document, document.level.entities_with_bot_number(2, 0)))
    assert [b.cell for b in document.level.bots] == [2, 0, 1]
    document.undo_stack.undo()
    assert [b.cell for b in document.level.bots] == [0, 1, 2]


def test_empty_edits_are_not_pushed(document):
    level = document.level
    assert not commands.push_if_changed(document, commands.FillRectangle(document, {0: level.cell_bundle(0)}))
    assert document.undo_stack.count() == 0


def test_save_is_atomic_and_marks_clean(document, tmp_path: Path):
    paint(document, 0, T.EXIT, stroke=1)
    target = tmp_path / "level.esx"
    document.save(target)
    assert not document.is_modified
    assert document.path == target
    assert [p.name for p in tmp_path.iterdir()] == ["level.esx"]  # no temporary left behind
    reopened = LevelDocument.open(target)
    assert reopened.level == document.level


def test_failed_save_leaves_the_old_file_whole(document, tmp_path: Path, monkeypatch):
    target = tmp_path / "level.esx"
    document.save(target)
    before = target.read_bytes()
    paint(document, 0, T.EXIT, stroke=1)

    def disk_full(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("studio.core.files.os.replace", disk_full)
    with pytest.raises(OSError):
        document.save()
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["level.esx"]
    assert document.is_modified
