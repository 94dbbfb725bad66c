"""The ChronoShift editor driven through its real widgets: paint, links between buttons and gates,
the time machine, selections, the properties dialog, and undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from studio.games.chrono.glyphs import Glyph
from studio.games.chrono.superfun import load_superfun
from tests.gui_helpers import cell_point, click, drag, open_at_actual_size, show_main_window

LEVEL = """2D SuperFun!
++++++++++
+S  b   -+
+   o   _+
+  c   G-+
++++++++++

button (4, 1) -> gate (8, 1)

Description: An editor test.
Solution:
 EE T
"""


@pytest.fixture
def level_file(tmp_path) -> Path:
    path = tmp_path / "chrono.txt"
    path.write_text(LEVEL)
    return path


@pytest.fixture
def window(qtbot, settings, level_file):
    window = show_main_window(qtbot, settings, 1000, 700)
    open_at_actual_size(window, level_file)
    return window


def choose(window, glyph: Glyph):
    assert window.palette_dock.select("tile", int(glyph))


def links_of(pane):
    level = pane.document.level
    return [(level.xy(s), level.xy(t)) for s, t in pane.scene.links_item.links()]


def test_the_level_opens_with_chronoshifts_palette_and_tools(qtbot, window):
    pane = window.current_pane()
    assert pane.document.game.id == "chrono"
    assert window.tool_actions["player"].isEnabled() and not window.tool_actions["bot"].isEnabled()
    assert window.palette_dock.select("tile", int(Glyph.ONE_TIME_PASSAGE))
    assert links_of(pane) == [((4, 1), (8, 1))]


def test_a_brush_stroke_paints_glyphs_and_undoes_as_one_step(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, Glyph.WALL)
    window.set_tool("brush")
    drag(pane, [(2, 2), (3, 2), (3, 3)])
    assert [level.glyph_at(x, y) for x, y in ((2, 2), (3, 2), (3, 3))] == [Glyph.WALL] * 3
    assert level.glyph_at(3, 3) == Glyph.WALL  # the crate there was painted over
    assert pane.document.undo_stack.count() == 1
    window.actions["undo"].trigger()
    assert level.glyph_at(3, 3) == Glyph.CRATE and level.glyph_at(2, 2) == Glyph.FLOOR


def test_painting_over_a_button_drops_its_links_and_undo_brings_them_back(qtbot, window):
    pane = window.current_pane()
    choose(window, Glyph.FLOOR)
    click(pane, 4, 1)
    assert links_of(pane) == [] and pane.document.level.links == {}
    window.actions["undo"].trigger()
    assert links_of(pane) == [((4, 1), (8, 1))]


def test_the_link_tool_links_a_button_to_several_gates_and_unlinks_with_undo(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    window.set_tool("link")
    click(pane, 4, 1)  # the button
    click(pane, 8, 2)  # a second gate
    click(pane, 8, 3)  # a third
    assert links_of(pane) == [((4, 1), (8, 1)), ((4, 1), (8, 2)), ((4, 1), (8, 3))]
    assert level.links[level.index(4, 1)] == (level.index(8, 1), level.index(8, 2), level.index(8, 3))
    click(pane, 8, 1)  # linked already: the click removes it
    assert links_of(pane) == [((4, 1), (8, 2)), ((4, 1), (8, 3))]
    stack = pane.document.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == ["Add link", "Add link", "Remove link"]
    window.actions["undo"].trigger()
    assert ((4, 1), (8, 1)) in links_of(pane)
    for _ in range(3):
        window.actions["undo"].trigger()
    assert links_of(pane) == [((4, 1), (8, 1))]
    assert load_superfun(pane.document.game.save(level)).links == level.links


def test_the_link_tool_switches_buttons_and_refuses_what_cannot_link(qtbot, window):
    pane = window.current_pane()
    window.set_tool("link")
    click(pane, 2, 2)  # floor: not a button
    assert "Only a button" in window.statusBar().currentMessage()
    click(pane, 4, 1)
    click(pane, 5, 3)  # floor: not a gate
    assert "links only to gates" in window.statusBar().currentMessage()
    click(pane, 4, 2)  # the one-time button: it becomes the source
    click(pane, 8, 1)
    assert links_of(pane) == [((4, 1), (8, 1)), ((4, 2), (8, 1))]
    assert pane.scene.links_item.highlight == pane.document.level.index(4, 2)


def test_arrows_show_for_the_selected_button_when_links_are_hidden(qtbot, window):
    pane = window.current_pane()
    window.actions["show_links"].setChecked(False)
    assert not pane.scene.show_links
    drag(pane, [(4, 1), (4, 1)], button=Qt.MouseButton.RightButton)
    level = pane.document.level
    assert pane.scene.links_item.selected == level.index(4, 1)
    image = pane.view.viewport().grab().toImage()
    # The arrow runs along row 1 from the button to the gate, in the highlight colour (amber).
    y = cell_point(pane, 6, 1).y()
    colours = [image.pixelColor(x, y) for x in range(cell_point(pane, 5, 1).x(), cell_point(pane, 7, 1).x())]
    assert any(c.red() > 220 and 150 < c.green() < 230 and c.blue() < 120 for c in colours)
    drag(pane, [(1, 1), (3, 3)], button=Qt.MouseButton.RightButton)
    assert pane.scene.links_item.selected is None


def test_the_time_machine_moves_with_the_player_start_tool(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    window.set_tool("player")
    click(pane, 2, 3)
    assert level.xy(level.start) == (2, 3)
    rows = pane.document.game.save(level).decode().splitlines()
    assert (rows[2], rows[4]) == ("+   b   -+", "+ Sc   G-+")
    window.actions["undo"].trigger()
    assert level.xy(level.start) == (1, 1)


def test_moving_a_selection_carries_a_buttons_links(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    drag(pane, [(4, 1), (4, 1)], button=Qt.MouseButton.RightButton)
    assert pane.move_selection(0, 1) is None
    assert level.glyph_at(4, 2) == Glyph.BUTTON and level.glyph_at(4, 1) == Glyph.FLOOR
    assert level.links == {level.index(4, 2): (level.index(8, 1),)}
    window.actions["undo"].trigger()
    assert level.links == {level.index(4, 1): (level.index(8, 1),)} and level.glyph_at(4, 2) == Glyph.ONE_TIME_BUTTON


def test_the_properties_dialog_edits_the_description_in_several_lines(qtbot, window, monkeypatch):
    from studio.app import dialogs
    from studio.app.property_fields import MultilineField

    pane = window.current_pane()

    def fake_exec(dialog):
        field = dialog.fields["description"]
        assert isinstance(field, MultilineField) and field.value() == "An editor test."
        field.set_value("First line\nsecond line")
        dialog.accept()
        return True

    monkeypatch.setattr(dialogs.PropertiesDialog, "exec", fake_exec)
    window.edit_properties()
    level = pane.document.level
    assert level.description == "First line\nsecond line"
    assert "Description: First line\n second line\nSolution:\n EE T\n" in pane.document.game.save(level).decode()
    window.actions["undo"].trigger()
    assert pane.document.level.description == "An editor test."


def test_saving_writes_what_was_read_when_nothing_changed(qtbot, window, level_file):
    pane = window.current_pane()
    pane.document.save()
    assert level_file.read_text() == LEVEL


def test_the_properties_dialog_refuses_a_solution_with_a_bad_letter(qtbot, window):
    from studio.app.dialogs import PropertiesDialog

    dialog = PropertiesDialog(window.current_pane().document.level, window)
    dialog.fields["solution"].set_value("EE X")
    dialog.accept()
    assert dialog.result() == 0 and "'X' is not an action" in dialog.problem.text()


def test_the_generic_link_helpers_keep_escapes_one_destination(qtbot):
    from studio.core.grid import bundle_toggling_link, is_link_source, link_targets, links_many
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(5, 5)
    level.tiles[3] = T.PANEL
    level.dests[3] = 7
    bundle = level.cell_bundle(3)
    assert not links_many(level) and is_link_source(level, bundle) and link_targets(level, bundle) == (7,)
    assert link_targets(level, bundle_toggling_link(level, bundle, 9)) == (9,)
    assert link_targets(level, level.cell_bundle(4)) == () and not is_link_source(level, level.cell_bundle(4))
