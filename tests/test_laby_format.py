"""The .laby format: what the manual's "Level format" says, round trips, and errors with line numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from studio.core.errors import LevelFormatError, LevelLimitError
from studio.core.game import game_by_id, game_for_path
from studio.games.laby.labyfile import encode_laby, load_laby, save_laby
from studio.games.laby.level import HighScore, LabyLevel
from studio.games.laby.squares import Square

SAMPLE = b"""# A small test maze
name The Little Crypt
author Someone Else
nextlevel second.laby

color 1 0 0 0 500 500 500
color 2 1000 1000 0 1000 0 0
highscore 12 bob
highscore 9 alice
map
30010
11010
# a comment inside the map
00002
end
"""


def errors_of(data: bytes) -> LevelFormatError:
    with pytest.raises(LevelFormatError) as caught:
        load_laby(data)
    return caught.value


def test_keywords_map_and_high_scores_are_read():
    level = load_laby(SAMPLE)
    assert (level.width, level.height) == (5, 3)
    assert (level.name, level.author, level.nextlevel) == ("The Little Crypt", "Someone Else", "second.laby")
    assert level.colours == {1: ((0, 0, 0), (500, 500, 500)), 2: ((1000, 1000, 0), (1000, 0, 0))}
    assert level.high_scores == (HighScore(12, "bob"), HighScore(9, "alice"))
    assert level.best_scores() == [HighScore(9, "alice"), HighScore(12, "bob")]
    assert bytes(level.squares) == bytes([3, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 2])


def test_keywords_come_in_any_order_and_names_keep_their_spaces():
    level = load_laby(b"highscore 3 zed\nauthor  A. N. Other \nname   Crypt #2: the return\nmap\n32\nend\n")
    assert level.name == "Crypt #2: the return"
    assert level.author == "A. N. Other"
    assert level.high_scores == (HighScore(3, "zed"),)


def test_an_unchanged_level_saves_its_very_bytes():
    assert save_laby(load_laby(SAMPLE)) == SAMPLE
    crlf = SAMPLE.replace(b"\n", b"\r\n")
    assert save_laby(load_laby(crlf)) == crlf
    odd = b"\xef\xbb\xbf  name x\n\n\nmap\n0 3\n2 0\nend\ngarbage after end is ignored\n\n"
    assert save_laby(load_laby(odd)) == odd


def test_what_follows_end_is_ignored():
    level = load_laby(b"map\n32\nend\nthis is not a row\nname nobody\n")
    assert level.name == "" and (level.width, level.height) == (2, 1)


def test_a_changed_level_keeps_comments_order_and_untouched_lines():
    level = load_laby(SAMPLE)
    level.squares[level.index(1, 0)] = Square.WALL
    level.name = "The Bigger Crypt"
    level.high_scores = level.with_high_score(7, "carol")
    text = save_laby(level).decode()
    assert text == SAMPLE.decode().replace("name The Little Crypt", "name The Bigger Crypt").replace(
        "highscore 9 alice\n", "highscore 9 alice\nhighscore 7 carol\n").replace("30010", "31010")
    assert load_laby(text.encode()).content() == level.content()


def test_removed_keywords_go_and_new_ones_come_before_the_map():
    level = load_laby(SAMPLE)
    level.set_properties({"author": "", "path_background": (0, 0, 200), "wall_background": None,
                          "wall_foreground": None})
    text = save_laby(level).decode()
    assert "author" not in text and "color 1 " not in text
    assert "color 0 1000 1000 1000 0 0 200\nmap\n" in text
    assert load_laby(text.encode()).content() == level.content()


def test_a_resized_level_rewrites_its_rows_in_the_source_style():
    level = load_laby(b"# spaced\nmap\n3 0 1\n# keep me\n0 1 2\nend\n")
    bigger = level.resized(4, 3)
    text = save_laby(bigger).decode()
    assert text == "# spaced\nmap\n3 0 1 0\n# keep me\n0 1 2 0\n0 0 0 0\nend\n"
    smaller = level.resized(2, 1)
    assert save_laby(smaller).decode() == "# spaced\nmap\n3 0\n# keep me\nend\n"


def test_a_fresh_file_has_keywords_then_the_map():
    level = LabyLevel.blank(3, 2, Square.WALL)
    level.squares[0], level.squares[5] = Square.SPAWN, Square.OBJECTIVE
    level.name, level.nextlevel = "Fresh", "next one.laby"
    level.set_properties({"objective_foreground": (1, 2, 3)})
    level.high_scores = (HighScore(4, "x"),)
    assert save_laby(level) == (b"name Fresh\nnextlevel next one.laby\ncolor 2 1 2 3 1000 0 0\n"
                                b"highscore 4 x\nmap\n311\n112\nend\n")
    assert load_laby(save_laby(level)).content() == level.content()


squares = st.integers(0, 3)
names = st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"), exclude_characters="\x85"),
                max_size=20).map(str.strip)
colours = st.none() | st.tuples(st.integers(0, 1000), st.integers(0, 1000), st.integers(0, 1000))


@st.composite
def levels(draw):
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    level = LabyLevel(width, height, bytearray(draw(st.lists(squares, min_size=width * height,
                                                             max_size=width * height))))
    level.set_properties({"name": draw(names), "author": draw(names), "nextlevel": draw(names)})
    for square in ("path", "wall", "objective", "spawn"):
        level.set_properties({f"{square}_foreground": draw(colours), f"{square}_background": draw(colours)})
    players = st.text("abcxyz_-0123456789", min_size=1, max_size=8)
    level.high_scores = tuple(HighScore(s, p) for s, p in draw(st.lists(st.tuples(st.integers(0, 99999), players),
                                                                        max_size=4)))
    return level


@settings(max_examples=150, deadline=None)
@given(levels())
def test_every_level_survives_a_save_and_load(level):
    data = encode_laby(level)
    again = load_laby(data)
    assert again.content() == level.content()
    assert save_laby(again) == data


@settings(max_examples=80, deadline=None)
@given(levels(), levels())
def test_editing_a_loaded_level_into_another_saves_that_other(original, edited):
    level = load_laby(encode_laby(original))
    level.width, level.height, level.squares = edited.width, edited.height, bytearray(edited.squares)
    level.name, level.author, level.nextlevel = edited.name, edited.author, edited.nextlevel
    level.colours, level.high_scores = dict(edited.colours), edited.high_scores
    assert load_laby(save_laby(level)).content() == edited.content()


@pytest.mark.parametrize("data, line, words", [
    (b"name a\ncolour 1 0 0 0 0 0 0\nmap\n3\nend\n", 2, "unknown keyword 'colour'"),
    (b"name a\n\nname b\nmap\n3\nend\n", 3, "'name' is given twice (first on line 1)"),
    (b"nextlevel a\nnextlevel b\nmap\n3\nend\n", 2, "'nextlevel' is given twice"),
    (b"color 1 0 0 0 0 0\nmap\n3\nend\n", 1, "six values"),
    (b"color 4 0 0 0 0 0 0\nmap\n3\nend\n", 1, "names square 4"),
    (b"color 1 0 0 0 0 0 1001\nmap\n3\nend\n", 1, "above 1000"),
    (b"color 1 0 0 0 0 0 -1\nmap\n3\nend\n", 1, "six values"),
    (b"color 1 1 1 1 1 1 1\ncolor 1 0 0 0 0 0 0\nmap\n3\nend\n", 2, "wall squares are given twice"),
    (b"highscore 12\nmap\n3\nend\n", 1, "'highscore' takes a score"),
    (b"highscore twelve bob\nmap\n3\nend\n", 1, "'highscore' takes a score"),
    (b"highscore 3 bob smith\nmap\n3\nend\n", 1, "without spaces"),
    (b"map now\n3\nend\n", 1, "'map' stands alone"),
    (b"end\nmap\n3\nend\n", 1, "'end' comes before 'map'"),
    (b"map\n300\n10\n002\nend\n", 3, "this row has 2 squares but the first row (line 2) has 3"),
    (b"map\n300\n# note\n\n1004\nend\n", 5, "'4' is not a square"),
    (b"map\n30x\nend\n", 2, "'x' is not a square"),
    (b"map\n# nothing\nend\n", 3, "the map has no rows"),
    (b"name a\nmap\n32\n00\n", 4, "not closed"),
    (b"name a\n", 1, "no map"),
    (b"", 1, "no map"),
    (b"name \xff\nmap\n3\nend\n", 1, "not UTF-8"),
])
def test_broken_files_are_reported_with_the_line(data, line, words):
    error = errors_of(data)
    assert error.line == line
    assert words in str(error) and str(error).startswith(f"line {line}: ")


def test_a_map_too_big_for_the_studio_is_refused_by_name():
    error = errors_of(b"map\n" + b"0" * 501 + b"\nend\n")
    assert "501x1" in str(error) and error.line == 2


def test_spawn_rules_first_spawn_counts_else_the_last_path():
    level = load_laby(b"map\n0103\n3002\nend\n")
    assert level.spawn_cell() == 3  # the first 3 reading row by row
    level = load_laby(b"map\n0102\n0011\nend\n")
    assert level.spawn_cell() == level.index(1, 1)  # no 3: the last 0 read
    assert load_laby(b"map\n12\nend\n").spawn_cell() is None


def test_the_game_is_registered_for_laby_files():
    game = game_by_id("laby")
    assert game_for_path("levels/Crypt.LABY") is game
    assert game.name == "Labyrinthos"
    assert [item.name for item in game.palette()] == ["Path", "Wall", "Objective", "Spawn"]
    level = game.new_level(4, 3)
    assert (level.width, level.height) == (4, 3) and set(level.squares) == {Square.PATH}
    assert game.load(game.save(level)).content() == level.content()
    with pytest.raises(LevelLimitError):
        game.new_level(0, 3)


def test_editing_protocol_and_reverse():
    level = LabyLevel.blank(3, 1)
    assert level.cell_bundle(0) == Square.PATH and level.bundle_link(0) is None
    assert level.bundle_with_value(0, 0, Square.OBJECTIVE) == Square.OBJECTIVE
    assert [level.reversed_bundle(s) for s in Square] == [Square.WALL, Square.PATH, Square.OBJECTIVE, Square.SPAWN]
    with pytest.raises(ValueError):
        level.bundle_with_value(0, 0, 7)


def test_properties_check_their_values():
    level = LabyLevel.blank(2, 2)
    with pytest.raises(ValueError, match="one line"):
        level.set_properties({"name": "two\nlines"})
    with pytest.raises(ValueError, match="0 to 1000"):
        level.set_properties({"wall_background": (0, 0, 1001)})
    with pytest.raises(ValueError, match="without spaces"):
        level.set_properties({"high_scores": [(3, "bob smith")]})
    with pytest.raises(KeyError):
        level.set_properties({"title": "Escape's name for it"})
    level.set_properties({"wall_background": (1, 2, 3)})
    assert level.colours == {1: (None, (1, 2, 3))}
    assert level.colour_pair(1) == ((1000, 1000, 1000), (1, 2, 3))
    level.set_properties({"wall_background": None})
    assert level.colours == {}


def test_new_keywords_follow_the_last_keyword_not_the_blank_line_before_the_map():
    level = load_laby(b"# header\nname A\n\n# the maze\nmap\n32\nend\n")
    level.nextlevel = "b.laby"
    level.high_scores = level.with_high_score(1, "me")
    assert save_laby(level) == b"# header\nname A\nnextlevel b.laby\nhighscore 1 me\n\n# the maze\nmap\n32\nend\n"
