"""The "2D SuperFun!" format: exact round trips, the level model, and bad files refused with the reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from studio.core.errors import LevelFormatError, LevelLimitError
from studio.core.game import game_by_id, game_for_path
from studio.games.chrono.glyphs import Glyph
from studio.games.chrono.level import ChronoLevel
from studio.games.chrono.superfun import dump_superfun, load_superfun, looks_like_superfun, save_superfun
from tests.conftest import corpus_path

CORPUS = corpus_path()
CORPUS_LEVELS = sorted((CORPUS / "chrono" / "levels").glob("*.txt")) if CORPUS else []

SMALL = b"""2D SuperFun!
++++++
+S b_+
+  -G+
++++++

button (3, 1) -> gate (4, 1)
button (3, 1) -> gate (3, 2)

Description: A small level,
 over two lines.
 .
 And a third after an empty one.
Author: Someone
Solution:
 EE T
"""


def refusal(data: bytes) -> LevelFormatError:
    with pytest.raises(LevelFormatError) as caught:
        load_superfun(data)
    return caught.value


# -- round trips -------------------------------------------------------------------
@pytest.mark.skipif(not CORPUS_LEVELS, reason="../shared/corpus is absent")
@pytest.mark.parametrize("path", CORPUS_LEVELS, ids=lambda p: p.name)
def test_every_corpus_level_saves_as_the_same_bytes(path):
    data = path.read_bytes()
    assert save_superfun(load_superfun(data)) == data


def test_small_level_reads_every_section():
    level = load_superfun(SMALL)
    assert (level.width, level.height) == (6, 4)
    assert level.xy(level.start) == (1, 1)
    assert level.glyphs[level.start] == Glyph.FLOOR  # the time machine is kept apart
    assert level.glyph_at(3, 1) == Glyph.BUTTON and level.glyph_at(4, 2) == Glyph.GOAL
    assert level.links == {level.index(3, 1): (level.index(4, 1), level.index(3, 2))}
    assert level.description == "A small level,\nover two lines.\n\nAnd a third after an empty one."
    assert level.metadata.text("author") == "Someone"
    assert level.solution_text == "EE T"
    assert save_superfun(level) == SMALL


@pytest.mark.parametrize("text", [
    "2D SuperFun!\n+++\n+S+\n+++\n",  # no sections at all
    "2D SuperFun!\n+++\n+S+\n+++",  # no final newline
    "2D SuperFun!\r\n+++\r\n+S+\r\n+++\r\n\r\nnothing\r\n\r\nDescription: x\r\n",  # CRLF
    "2D SuperFun!\n+++\n+S+\n+++\n\nnothing\n\n\n",  # trailing blank lines
    "2D SuperFun!\n+++\n+S+\n+++\n\n\nDescription: links left out\n",  # metadata without a link section
    "2D SuperFun!\n++++\n+Sb+\n++-+\n++++\n\nbutton(2,1)->gate (2, 2)\n",  # a link spelt unusually
])
def test_layouts_survive_a_round_trip(text):
    data = text.encode()
    assert save_superfun(load_superfun(data)) == data


def test_editing_a_field_keeps_the_others_as_written():
    level = load_superfun(SMALL)
    level.set_properties({"description": "New words\nand more"})
    text = dump_superfun(level)
    assert "Description: New words\n and more\nAuthor: Someone\nSolution:\n EE T\n" in text
    assert load_superfun(text.encode()).description == "New words\nand more"


def test_new_links_follow_the_listed_ones_sorted():
    level = load_superfun(SMALL)
    button = level.index(3, 1)
    level.links[button] = level.links[button][1:]  # drop the first, as the link tool would
    level.glyphs[level.index(2, 2)] = Glyph.OPEN_GATE
    level.links[button] += (level.index(2, 2),)
    assert "button (3, 1) -> gate (3, 2)\nbutton (3, 1) -> gate (2, 2)\n" in dump_superfun(level)


def test_removing_every_link_writes_nothing_before_the_metadata():
    level = load_superfun(SMALL)
    level.links.clear()
    assert "+++++\n\nnothing\n\nDescription" in dump_superfun(level)


def test_blank_level_is_walled_with_a_time_machine_and_loads_back():
    level = ChronoLevel.blank(7, 5)
    data = save_superfun(level)
    assert data == b"2D SuperFun!\n+++++++\n+S    +\n+     +\n+     +\n+++++++\n"
    again = load_superfun(data)
    assert (again.width, again.height, again.start, again.glyphs) == (7, 5, level.start, level.glyphs)


def test_blank_level_limits():
    with pytest.raises(LevelLimitError):
        ChronoLevel.blank(2, 9)


def test_saving_refuses_a_level_it_could_not_read_back():
    level = load_superfun(SMALL)
    level.glyphs[level.index(4, 1)] = Glyph.FLOOR  # paint over a linked gate
    with pytest.raises(LevelFormatError, match=r"link to \(4, 1\).*not a gate"):
        save_superfun(level)


def test_the_game_claims_txt_files_and_sniffs_levels(tmp_path):
    game = game_by_id("chrono")
    assert game_for_path(tmp_path / "level.txt") is game
    assert looks_like_superfun(SMALL) and not looks_like_superfun(b"shopping list\n")
    assert game.load(game.save(game.new_level(5, 5))).width == 5
    assert {item.value for item in game.palette()} >= {int(g) for g in Glyph}


# -- bad files ------------------------------------------------------------------------
def test_a_file_without_the_magic_line_is_not_a_level():
    error = refusal(b"shopping list\neggs\n")
    assert error.line == 1 and "2D SuperFun!" in str(error)


def test_ragged_rows_are_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S +\n+++++\n")
    assert error.line == 3 and "equally wide" in str(error) and "4" in str(error)


def test_missing_border_wall_is_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S   \n+++++\n")
    assert error.line == 3 and "walled all round" in str(error) and "(4, 1)" in str(error)


def test_time_machine_on_the_border_is_refused():
    assert "walled all round" in str(refusal(b"2D SuperFun!\n++S++\n+   +\n+++++\n"))


def test_two_starts_are_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S  +\n+  S+\n+++++\n")
    assert error.line == 4 and "second time machine" in str(error) and "(1, 1)" in str(error)


def test_no_start_is_refused():
    assert "no time machine" in str(refusal(b"2D SuperFun!\n+++\n+ +\n+++\n"))


def test_unknown_glyph_is_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S x+\n+++++\n")
    assert error.line == 3 and "unknown glyph 'x' at (3, 1)" in str(error)


def test_a_link_from_a_non_button_is_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S c+\n+ - +\n+++++\n\nbutton (3, 1) -> gate (2, 2)\n")
    assert error.line == 7 and "from (3, 1)" in str(error) and "crate" in str(error) and "not a button" in str(error)


def test_a_link_to_a_non_gate_is_refused():
    error = refusal(b"2D SuperFun!\n+++++\n+S b+\n+++++\n\nbutton (3, 1) -> gate (0, 0)\n")
    assert error.line == 6 and "not a gate" in str(error)


def test_link_problems_are_refused_with_their_line():
    base = b"2D SuperFun!\n+++++\n+Sb-+\n+++++\n\n"
    assert "outside the 5x3 map" in str(refusal(base + b"button (2, 1) -> gate (9, 1)\n"))
    error = refusal(base + b"button (2, 1) -> gate (3, 1)\nbutton (2, 1) -> gate (3, 1)\n")
    assert error.line == 7 and "already given on line 6" in str(error)
    error = refusal(base + b"button (2, 1) -> gate (3, 1)\nbutton two -> gate three\n")
    assert error.line == 7 and "expected a link" in str(error)


def test_metadata_problems_are_refused_with_their_line():
    base = b"2D SuperFun!\n+++\n+S+\n+++\n\nnothing\n\n"
    assert refusal(base + b" indented first\n").line == 8
    error = refusal(base + b"Description: a\nDescription: b\n")
    assert error.line == 9 and "twice" in str(error)
    error = refusal(base + b"Description: a\n\nSolution: T\n")
    assert error.line == 10 and "one metadata paragraph" in str(error)
    assert "metadata field" in str(refusal(base + b"no colon here\n"))


def test_a_missing_map_and_bad_bytes_are_refused():
    assert refusal(b"2D SuperFun!\n\nnothing\n").line == 2
    error = refusal(b"2D SuperFun!\n+++\n+S+\n+++\n\nDescription: caf\xe9\n")
    assert error.line == 6 and "UTF-8" in str(error)


# -- the editing protocol ---------------------------------------------------------------
def test_bundles_carry_a_buttons_links_and_painting_a_non_button_drops_them():
    level = load_superfun(SMALL)
    button = level.index(3, 1)
    bundle = level.cell_bundle(button)
    assert level.bundle_is_link_source(bundle) and level.bundle_links(bundle) == (level.index(4, 1), level.index(3, 2))
    walled = level.bundle_with_value(bundle, 0, Glyph.WALL)
    assert walled == (Glyph.WALL, ()) and not level.bundle_is_link_source(walled)
    assert level.bundle_with_value(bundle, 0, Glyph.ONE_TIME_BUTTON)[1] == bundle[1]
    level.set_cell_bundle(button, level.bundle_with_links(bundle, ()))
    assert button not in level.links
    assert level.link_target_problem(button, level.index(1, 2)) and level.link_target_problem(button, level.index(4, 1)) is None


def test_resizing_keeps_the_top_left_and_walls_the_new_border():
    level = load_superfun(SMALL)
    bigger = level.resized(8, 5)
    assert save_superfun(bigger).startswith(b"2D SuperFun!\n++++++++\n+S b_+ +\n+  -G+ +\n++++++ +\n++++++++\n")
    assert bigger.links == {bigger.index(3, 1): (bigger.index(4, 1), bigger.index(3, 2))}
    smaller = level.resized(4, 3)
    assert save_superfun(smaller).startswith(b"2D SuperFun!\n++++\n+S +\n++++\n")
    assert smaller.links == {}


# -- a property: whatever the editor can build saves and reads back the same --------------
INSIDE_GLYPHS = [g for g in Glyph if g != Glyph.WALL] + [Glyph.WALL]


@st.composite
def levels(draw):
    width, height = draw(st.integers(3, 9)), draw(st.integers(3, 7))
    level = ChronoLevel.blank(width, height)
    inside = [i for i in range(width * height) if level.glyphs[i] != Glyph.WALL]
    for index in inside:
        level.glyphs[index] = int(draw(st.sampled_from(INSIDE_GLYPHS)))
    level.start = draw(st.sampled_from(inside))
    level.glyphs[level.start] = int(Glyph.FLOOR)
    buttons = [i for i in inside if level.glyphs[i] in (Glyph.BUTTON, Glyph.ONE_TIME_BUTTON, Glyph.CRATE_BUTTON, Glyph.CRATE_PLATE) and i != level.start]
    gates = [i for i in inside if level.glyphs[i] in (Glyph.CLOSED_GATE, Glyph.OPEN_GATE) and i != level.start]
    if buttons and gates:
        for button in draw(st.lists(st.sampled_from(buttons), unique=True, max_size=3)):
            level.links[button] = tuple(draw(st.lists(st.sampled_from(gates), unique=True, min_size=1, max_size=3)))
    description = draw(st.text(alphabet="ab .\n", max_size=20)).strip()
    level.set_properties({"description": description})
    return level


@settings(max_examples=150, deadline=None)
@given(levels())
def test_any_edited_level_reads_back_equal_and_saves_the_same_bytes(level):
    data = save_superfun(level)
    again = load_superfun(data)
    assert (again.width, again.height, again.glyphs, again.start) == (level.width, level.height, level.glyphs, level.start)
    assert sorted(again.link_pairs()) == sorted(level.link_pairs())  # new links are written sorted
    assert again.description == level.description
    assert save_superfun(again) == data
