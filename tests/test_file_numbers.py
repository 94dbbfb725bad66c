"""Numbers in level files: one parser (core.numbers) with a length limit and a range per field,
used by every text format; huge and Unicode numbers are refused with the line, never a ValueError."""

from __future__ import annotations

import pytest

from studio.core.errors import LevelFormatError
from studio.core.numbers import MAX_DIGITS, is_ascii_number, parse_int
from studio.games.chrono.superfun import load_superfun
from studio.games.escape import esp
from studio.games.intricacy.lockfile import load_lock
from studio.games.laby.labyfile import load_laby

HUGE = "9" * 5000  # past Python's 4,300-digit int() limit

LOCK = """\
intricacy lock 1
size: 2

   # # # A
  # . . . A
 # . . S h #
# . . . / . #
 # o + - . #
  # . w w #
   # # # #

spring S 1,-1 -> A 3,-3 natural 1
"""
CHRONO = "2D SuperFun!\n+++++\n+Sb-+\n+++++\n\nbutton (2, 1) -> gate (3, 1)\n"
LABY = "color 1 0 0 0 500 500 500\nhighscore 12 bob\nmap\n30\nend\n"


def refusal(load, text: str) -> LevelFormatError:
    with pytest.raises(LevelFormatError) as caught:
        load(text.encode("utf-8"))
    return caught.value


def test_parse_int_takes_ascii_digits_within_the_field():
    assert parse_int("0042", "x", 0, 100) == 42
    assert parse_int("-3", "q", -9, 9) == -3
    assert is_ascii_number("1" * MAX_DIGITS) and not is_ascii_number("1" * (MAX_DIGITS + 1))


@pytest.mark.parametrize("text, words", [
    ("²", "the digits 0-9"), ("٣", "the digits 0-9"), ("1_000", "the digits 0-9"), (" 7", "the digits 0-9"),
    ("-3", "the digits 0-9"), ("", "the digits 0-9"), (HUGE, f"more than {MAX_DIGITS} digits"),
    ("101", "from 0 to 100, not 101"),
])
def test_parse_int_refuses_what_is_not_a_number_of_the_field(text, words):
    with pytest.raises(LevelFormatError) as caught:
        parse_int(text, "the width", 0, 100, line=7)
    assert caught.value.line == 7 and words in str(caught.value) and "the width" in str(caught.value)
    assert len(str(caught.value)) < 200  # a huge value is quoted shortened


@pytest.mark.parametrize("old, new, line", [
    ("size: 2", "size: ²", 2), ("size: 2", "size: ٣", 2), ("size: 2", f"size: {HUGE}", 2),
    ("natural 1", f"natural {HUGE}", 12), ("S 1,-1", f"S {HUGE},-1", 12), ("A 3,-3", "A 3,-٣", 12),
])
def test_lock_numbers(old, new, line):
    error = refusal(load_lock, LOCK.replace(old, new))
    assert error.line == line, str(error)


@pytest.mark.parametrize("old, new", [("(2, 1)", f"({HUGE}, 1)"), ("(3, 1)", "(3, ١)"), ("(2, 1)", "(², 1)")])
def test_chrono_link_numbers(old, new):
    assert refusal(load_superfun, CHRONO.replace(old, new)).line == 6


@pytest.mark.parametrize("old, new", [
    ("highscore 12", f"highscore {HUGE}"), ("highscore 12", "highscore ١٢"), ("highscore 12", f"highscore {2**31}"),
    ("color 1 0", f"color 1 {HUGE}"), ("color 1", f"color {HUGE}"), ("500 500 500", "500 500 ５００"),
])
def test_laby_numbers(old, new):
    error = refusal(load_laby, LABY.replace(old, new))
    assert error.line == (2 if old.startswith("highscore") else 1), str(error)


@pytest.mark.parametrize("web_id", ["²", "٣", HUGE, str(2**31)])
def test_player_file_header_numbers(web_id):
    text = "\n".join([esp.MAGIC_LINE, web_id, "0", "0"] + ["0"] * 8 + ["Ada", esp.SOLUTIONS_LINE,
                                                                       esp.RATINGS_LINE, esp.PREFS_LINE, ""])
    with pytest.raises(LevelFormatError) as caught:
        esp.loads(text)
    assert caught.value.line == 2
