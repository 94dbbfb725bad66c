"""Limits applied when a level is read, so a small file cannot ask for minutes of work or
gigabytes: ChronoShift's map size and solution length, the replay rule's waits, and a
player file's sets for one level merged."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from studio.core.errors import LevelFormatError
from studio.games.chrono.level import MAX_SIDE
from studio.games.chrono.solution import (
    MAX_CLONES, MAX_REPLAY_TURNS, pad_by_replay_rule, play_solution, replay_length,
)
from studio.games.chrono.superfun import load_superfun
from studio.games.chrono.verify import verify_level
from studio.games.escape import esp
from studio.games.escape.esp import NamedSolution

MD5 = "0123456789abcdef0123456789abcdef"


def chrono_map(width: int, height: int) -> str:
    inside = "+" + " " * (width - 2) + "+"
    rows = ["+" * width, "+S" + " " * (width - 3) + "+"] + [inside] * (height - 3) + ["+" * width]
    return "2D SuperFun!\n" + "\n".join(rows) + "\n"


def refusal(text: str) -> LevelFormatError:
    with pytest.raises(LevelFormatError) as caught:
        load_superfun(text.encode())
    return caught.value


def test_chrono_maps_up_to_the_editors_size_load_and_larger_ones_are_refused_at_once():
    assert load_superfun(chrono_map(MAX_SIDE, MAX_SIDE).encode()).width == MAX_SIDE
    started = time.perf_counter()
    wide = refusal(chrono_map(1000, 5))
    tall = refusal(chrono_map(5, 3000))
    assert time.perf_counter() - started < 1
    assert wide.line == 2 and "1000 fields wide" in str(wide)
    assert tall.line == MAX_SIDE + 2 and f"more than {MAX_SIDE} rows" in str(tall)


def test_a_solution_past_its_limits_is_refused_on_load_with_its_line():
    level = chrono_map(5, 5) + "\nnothing\n\nDescription: long\nSolution: " + "H" * 20_000 + "T" * 60_000 + "\n"
    started = time.perf_counter()
    error = refusal(level)
    assert time.perf_counter() - started < 1
    assert error.line == 11 and "Solution" in str(error) and f"at most {MAX_CLONES}" in str(error)
    long_one = chrono_map(5, 5) + "\nSolution:\n " + "H" * (MAX_REPLAY_TURNS + 1) + "\n"
    assert f"at most {MAX_REPLAY_TURNS}" in str(refusal(long_one))


def test_the_replay_rules_waits_count_towards_the_limit():
    letters = "H" * 1000 + "T" + "T" * 30  # each later clone waits ~1000 turns
    assert replay_length("HHT" + "T") == len(pad_by_replay_rule("HHT" + "T"))
    assert replay_length(letters) > MAX_REPLAY_TURNS
    with pytest.raises(ValueError, match="replay rule"):
        pad_by_replay_rule(letters)
    level = load_superfun(chrono_map(5, 5).encode())
    with pytest.raises(ValueError):
        play_solution(level, letters)


def test_verify_with_letters_past_the_limits_says_so_quickly(tmp_path):
    path = tmp_path / "level.txt"
    path.write_text(chrono_map(5, 5))
    started = time.perf_counter()
    [result] = verify_level(str(path), moves=tuple("H" * 20_000 + "T" * 60_000))
    assert time.perf_counter() - started < 2
    assert result["verdict"] == "error" and "at most" in result["error"]


def test_two_solution_sets_for_one_level_are_merged():
    first, second, again = (NamedSolution(1, "First", "Ada", (1, 2)), NamedSolution(2, "Second", "Ada", (3,)),
                            NamedSolution(1, "First", "Ada", (1, 2)))
    player = esp.new_player_file("Ada")
    player.sets = [esp.SolutionSet(MD5, [first]), esp.SolutionSet("f" * 32, [second]),
                   esp.SolutionSet(MD5.upper(), [second, again])]
    text = player.dumps()
    read = esp.loads(text)
    assert read.solutions_for(MD5) == [first, second]  # both sets, each solution once
    assert read.dumps() == text  # unchanged, the file keeps its bytes
    added = NamedSolution(3, "Third", "Ada", (4,))
    read.add_solution(MD5, added)
    merged = esp.loads(read.dumps())
    assert [s.md5.lower() for s in merged.sets] == [MD5, "f" * 32]
    assert merged.solutions_for(MD5) == [first, second, added]
    assert merged.solutions_for("f" * 32) == [second]


def test_a_lock_solution_past_its_limit_is_refused_on_load():
    from studio.games.intricacy.lockfile import MAX_SOLUTION_MOVES, load_lock

    text = (Path(__file__).resolve().parent.parent / "levels" / "intricacy" / "01-the-bolt.lock").read_text()
    [solution_line] = [line for line in text.splitlines() if line.startswith("solution:")]
    line_number = text.splitlines().index(solution_line) + 1
    long_one = text.replace(solution_line, "solution: " + "s" * (MAX_SOLUTION_MOVES + 1))
    with pytest.raises(LevelFormatError) as caught:
        load_lock(long_one.encode())
    assert caught.value.line == line_number and f"at most {MAX_SOLUTION_MOVES}" in str(caught.value)
    assert load_lock(text.replace(solution_line, "solution: " + "s" * MAX_SOLUTION_MOVES).encode())


def test_a_player_files_solution_past_the_move_limit_is_refused():
    from studio.games.escape.esp import MAX_MOVES, decode_solution, encode_solution

    assert len(decode_solution(encode_solution((1, 2) * (MAX_MOVES // 2)))) == MAX_MOVES
    with pytest.raises(LevelFormatError, match="move count"):
        decode_solution(encode_solution((1,) * (MAX_MOVES + 1)))


def test_merging_two_large_sets_for_one_level_takes_linear_time():
    # A list's `in` made the merge quadratic: two sets of 10,000 solutions took 22 s.
    count = 10_000
    solutions = [NamedSolution(i, f"s{i}", "Ada", (1, 2, 3)) for i in range(count)]
    player = esp.new_player_file("Ada")
    player.sets = [esp.SolutionSet(MD5, solutions[: count // 2] + solutions[:10]),
                   esp.SolutionSet(MD5, solutions[count // 2:] + solutions[:10])]
    started = time.perf_counter()
    merged = player.solutions_for(MD5)
    assert time.perf_counter() - started < 1
    assert merged == solutions[: count // 2] + solutions[:10] + solutions[count // 2:]
