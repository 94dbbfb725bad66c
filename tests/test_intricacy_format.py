"""The .lock text format: exact round trips, the map's geometry, and damaged files refused
with the line and the reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from studio.core.errors import LevelFormatError, LevelLimitError
from studio.games.intricacy import editing
from studio.games.intricacy.hexgrid import Hex, hexagon
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lock import Lock
from studio.games.intricacy.lockfile import column_of, load_lock, map_lines, save_lock

GOOD = """\
intricacy lock 1
title: The bolt
author: Puzzle Level Studio
size: 2
description: The bolt is held in by the hook.
 Move the hook away.
solution: z

   # # # A
  # . . . A
 # . . S h #
# . . . / . #
 # o + - . #
  # . w w #
   # # # #

spring S 1,-1 -> A 3,-3 natural 1
"""


def test_a_good_file_reads_and_saves_as_the_same_bytes():
    level = load_lock(GOOD.encode())
    assert (level.title, level.author, level.solution) == ("The bolt", "Puzzle Level Studio", "z")
    assert level.description == "The bolt is held in by the hook.\nMove the hook away."
    lock = level.lock
    assert [p.kind for p in lock.pieces] == ["block", "block", "ball", "pivot", "hook", "wrench"]
    assert lock.pieces[0].hexes == {Hex(3, -3), Hex(3, -2)}
    assert lock.pieces[3].arms == {0}
    assert lock.pieces[5].hexes == {Hex(-1, 2), Hex(0, 2)}
    assert lock.springs[0].natural == 1 and lock.springs[0].root == 1


def test_round_trip_is_exact():
    text = GOOD
    level = load_lock(text.encode())
    assert save_lock(level).decode() == text
    assert load_lock(save_lock(level)).lock == level.lock


def test_crlf_and_missing_trailing_spaces_read_the_same():
    text = GOOD
    assert load_lock(text.replace("\n", "\r\n").encode()).lock == load_lock(text.encode()).lock


def test_map_columns_follow_the_documented_formula():
    level = IntricacyLevel(Lock(3))
    lines = map_lines(level.lock)
    assert len(lines) == 2 * 3 + 3
    for h in hexagon(4):
        row = lines[h.r + 4]
        assert row[column_of(h, 3)] in "#.", h
    assert lines[0].endswith(".") and lines[1].endswith(".")  # the bolthole at the top right


def _damaged(old: str, new: str) -> bytes:
    text = GOOD
    assert old in text
    return text.replace(old, new, 1).encode()


DAMAGED = [
    ("intricacy lock 1", "intricacy lock 2", 1, "starts with the line"),
    ("size: 2\n", "", 7, "no 'size:' line"),
    ("size: 2", "size: 9", 4, "size must be a whole number from 2 to 8"),
    ("size: 2", "size: two", 4, "not 'two'"),
    ("title: The bolt", "colour: red", 2, "expected a header line"),
    ("author: Puzzle Level Studio", "title: again", 3, "'title' is given twice"),
    ("solution: z", "solution: zk", 7, "'k' \\(character 2\\) is not a move"),
    ("  # . w w #\n   # # # #\n\nspring S 1,-1 -> A 3,-3 natural 1\n", "", 14, "the file ends first"),
    ("  # . . . A", "  # . . . A   x", 10, "not on a hex of this row"),
    ("  # . . . A", "  # . .", 10, "has no hex at column"),
    ("   # # # A", "   # . # A", 9, "must be '#'"),
    ("# . . . / . #", "# . . . / ? #", 12, "means nothing in a lock"),
    ("  # . . . A", "  # . . . #", 10, "bolthole, which cannot hold a wall"),
    (" # o + - . #", " # A + - . #", 13, "block A is in 2 separate parts"),
    (" # o + - . #", " # o . - . #", 13, "points at no pivot or hook"),
    (" # o + - . #", " # o + - + #", 13, "between two centres"),
    (" # o + - . #", " # o h - . #", 11, "a second 'h'"),
    (" # . . S h #", " # . . S h #", None, None),
    ("# . . . / . #", "# . . . . . #", 11, "exactly one arm beside it, not 0"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring S 1,-1 to A 3,-3", 17, "expected a spring line"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring S 0,0 -> A 3,-3 natural 1", 17, "is not a hex of block S"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring S 1,-1 -> A 3,-2 natural 1", 17, "not straight"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring S 1,-1 -> A 3,-3 natural 0", 17, "natural length is 0"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring S 1,-1 -> o 3,-3 natural 1", 17, "neither a block letter"),
    ("spring S 1,-1 -> A 3,-3 natural 1", "spring + 0,1 -> A 3,-3 natural 1", 17, "is not a pivot's centre"),
    (" # o + - . #", " # o + - + #", 13, "between two centres"),
    ("spring S 1,-1 -> A 3,-3 natural 1",
     "spring S 1,-1 -> A 3,-3 natural 1\nspring A 3,-3 -> S 1,-1 natural 1", 18, "loop"),
]


@pytest.mark.parametrize("old,new,line,phrase", DAMAGED)
def test_damaged_files_are_refused_with_line_and_reason(old, new, line, phrase):
    if phrase is None:
        load_lock(_damaged(old, new))
        return
    with pytest.raises(LevelFormatError) as caught:
        load_lock(_damaged(old, new))
    import re

    assert re.search(phrase, str(caught.value)), str(caught.value)
    assert caught.value.line == line, str(caught.value)


def test_not_utf8_is_refused():
    with pytest.raises(LevelFormatError, match="not UTF-8"):
        load_lock(b"intricacy lock 1\nsize: 2\n\xff\n")


def test_empty_file_is_refused():
    with pytest.raises(LevelFormatError, match="line 1"):
        load_lock(b"")


# -- random locks built with the editor's operations round-trip exactly ----------------------------
OPS = ("wall", "ball", "pivot", "arm", "hook", "block", "wrench", "spring", "erase")


@st.composite
def edits(draw):
    count = draw(st.integers(0, 25))
    found = []
    for _ in range(count):
        op = draw(st.sampled_from(OPS))
        q, r = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
        q2, r2 = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
        found.append((op, Hex(q, r), Hex(q2, r2), draw(st.integers(1, 4))))
    return found


def apply_edits(lock: Lock, steps) -> Lock:
    label = None
    for op, h, other, natural in steps:
        try:
            if op == "wall":
                lock = editing.place_wall(lock, h)
            elif op == "ball":
                lock = editing.place_ball(lock, h)
            elif op == "pivot":
                lock = editing.place_pivot(lock, h)
            elif op == "arm":
                lock = editing.add_arm(lock, h)
            elif op == "hook":
                lock = editing.place_hook(lock, h)
            elif op == "block":
                lock, label = editing.paint_block_hex(lock, h, label if natural > 1 else None)
            elif op == "wrench":
                lock = editing.paint_wrench_hex(lock, h)
            elif op == "spring":
                lock = editing.add_spring(lock, h, other, natural)
            else:
                lock = editing.erase(lock, h)
        except LevelLimitError:
            pass
        assert not lock.problems(), (op, h, lock.problems())
    return lock


@settings(max_examples=150, deadline=None)
@given(edits())
def test_edited_locks_stay_valid_and_round_trip(steps):
    lock = apply_edits(Lock(3), steps)
    level = IntricacyLevel(lock, "Random", "Hypothesis", "", "")
    data = save_lock(level)
    again = load_lock(data)
    assert again.lock == lock
    assert save_lock(again) == data
