"""Escape player files (.esp) and binary solutions, against the corpus's real player file."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.errors import LevelFormatError
from studio.games.escape import esp
from studio.games.escape.esp import NamedSolution, moves_to_text, text_to_moves

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
SOLUTIONS = CORPUS / "escape" / "solutions.jsonl"
RECORDS = [json.loads(line) for line in SOLUTIONS.read_text().splitlines()] if SOLUTIONS.is_file() else []
MD5 = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def player_text(corpus_dir) -> str:
    return (corpus_dir / "escape" / "player.esp").read_text(encoding="latin-1")


# -- moves --------------------------------------------------------------------------

def test_moves_and_letters():
    assert text_to_moves("UDLR") == (1, 2, 3, 4)
    assert text_to_moves("u d\nl r") == (1, 2, 3, 4)
    assert moves_to_text((4, 4, 1)) == "RRU"
    with pytest.raises(LevelFormatError, match="'X' is not a move"):
        text_to_moves("UX")
    with pytest.raises(LevelFormatError, match="0 is not a move"):
        moves_to_text((1, 0))


@given(st.lists(st.integers(1, 4), max_size=3000))
def test_binary_solutions_round_trip(moves):
    moves = tuple(moves)
    assert esp.decode_solution(esp.encode_solution(moves)) == moves
    assert text_to_moves(moves_to_text(moves)) == moves


def test_binary_solution_errors():
    with pytest.raises(LevelFormatError, match="move count -1"):
        esp.decode_solution((-1).to_bytes(4, "big", signed=True) + b"\x00")
    with pytest.raises(LevelFormatError, match="move 1 has direction 7"):
        esp.decode_solution((2).to_bytes(4, "big") + bytes([0x01, 0x00, 0x02, 0x01, 0x07]))
    with pytest.raises(LevelFormatError):
        esp.decode_solution(b"\x00\x00")


@given(st.integers(-2**31, 2**31 - 1), st.text(st.characters(max_codepoint=255), max_size=20),
       st.text(st.characters(max_codepoint=255), max_size=20), st.lists(st.integers(1, 4), max_size=200),
       st.booleans())
def test_named_solutions_round_trip(date, name, author, moves, bookmark):
    solution = NamedSolution(date, name, author, tuple(moves), bookmark)
    assert esp.decode_named_solution(esp.encode_named_solution(solution)) == solution


# -- the corpus ---------------------------------------------------------------------

def test_corpus_player_file_writes_back_unchanged(player_text):
    player = esp.loads(player_text)
    assert player.name == "Tom 7"
    assert player.dumps() == player_text
    assert esp.loads(player_text.encode("latin-1")).to_bytes() == player_text.encode("latin-1")


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['md5'][:8]}-{r['index']}")
def test_corpus_solution_matches_its_record(record, player_text):
    player = esp.loads(player_text)
    solution = player.solutions_for(record["md5"])[record["index"]]
    assert solution.text == record["moves_udlr"]
    assert len(solution.moves) == record["length"]
    assert (solution.name, solution.author) == (record["name"], record["author"])
    assert esp.decode_solution(bytes.fromhex(record["solution_hex"])) == solution.moves


def test_corpus_sets_keep_their_order(player_text):
    player = esp.loads(player_text)
    md5s = [s.md5 for s in player.sets]
    assert md5s == [line.split()[0] for line in player_text.splitlines() if line[:32] in md5s and " * " in line]
    assert player.solutions_for(md5s[0].upper()) == player.solutions_for(md5s[0])
    assert player.solutions_for("f" * 32) == []


def test_solutions_by_level_give_what_solutions_for_gives(player_text):
    player = esp.loads(player_text)
    # a second set for one level (in capitals, a copy merged by hand), repeating a solution
    first = player.sets[0]
    extra = NamedSolution(7, "Extra", "Me", (1, 2, 3))
    player.sets.append(esp.SolutionSet(first.md5.upper(), [first.solutions[0], extra]))
    index = player.solutions_by_level()
    assert set(index) == {s.md5.lower() for s in player.sets}
    for md5, solutions in index.items():
        assert solutions == player.solutions_for(md5)
    assert index[first.md5.lower()] == first.solutions + [extra]


def test_adding_a_solution_changes_only_its_set(player_text):
    player = esp.loads(player_text)
    md5 = player.sets[3].md5
    added = NamedSolution(1234, "Mine", "Me", text_to_moves("UURRDL"), bookmark=True)
    player.add_solution(md5, added)
    player.add_solution(MD5, added)
    text = player.dumps()
    again = esp.loads(text)
    assert again.solutions_for(md5)[-1] == added
    assert again.solutions_for(MD5) == [added]
    old_lines, new_lines = player_text.splitlines(), text.splitlines()
    assert len(new_lines) == len(old_lines) + 3  # one more line in set 3, and a new two-line set
    original = esp.loads(player_text)
    assert again.solutions_for(md5)[:-1] == original.solutions_for(md5)
    for solution_set in original.sets:
        if solution_set.md5 != md5:
            assert again.solutions_for(solution_set.md5) == solution_set.solutions


# -- new files and round trips --------------------------------------------------------

def test_a_new_player_file_round_trips():
    player = esp.new_player_file("Ada")
    text = player.dumps()
    assert text.splitlines()[0] == "ESPt" and "Ada" in text.splitlines()
    assert esp.loads(text).dumps() == text
    player.add_solution(MD5, NamedSolution(1, "First", "Ada", (1, 2)))
    player.add_solution(MD5, NamedSolution(2, "Second", "Ada", (3, 4), True))
    again = esp.loads(player.dumps())
    assert [s.name for s in again.solutions_for(MD5)] == ["First", "Second"]
    assert again.dumps() == player.dumps()


def test_windows_line_ends_and_the_old_single_solution_form_round_trip():
    old = base64.b64encode(esp.encode_solution((4, 4, 2))).decode()
    lines = ["ESPt", "7", "1", "2"] + ["x"] * 8 + ["Bo", "-- solutions", f"{MD5} {old}",
             "-- ratings", f"{MD5} AAAA", "-- prefs", "AAAA"]
    text = "\r\n".join(lines) + "\r\n"
    player = esp.loads(text)
    assert player.solutions_for(MD5)[0].moves == (4, 4, 2)
    assert player.dumps() == text
    player.add_solution(MD5, NamedSolution(0, "n", "a", (1,)))  # rewritten in today's form
    assert esp.loads(player.dumps()).solutions_for(MD5)[1].moves == (1,)


# -- bad input ---------------------------------------------------------------------------

def _file(*solution_lines: str, prefs: str = "") -> str:
    return "\n".join(["ESPt", "0", "0", "0"] + ["0"] * 8 + ["P", "-- solutions", *solution_lines,
                     "-- ratings", "-- prefs", prefs]) + "\n"


GOOD = base64.b64encode(esp.encode_named_solution(NamedSolution(0, "n", "a", (1, 2)))).decode()


@pytest.mark.parametrize(
    "text, line, problem",
    [
        ("ESPx\n", 1, "not an Escape player file"),
        ("ESPt\nzero\n", 2, "web id should be a number"),
        ("ESPt\n0\n0\n", 4, "ends where a sequence number"),
        (_file().replace("-- solutions", "-- solution"), 14, "expected the line '-- solutions'"),
        (_file("nonsense * AAAA"), 15, "starting with a level's MD5"),
        (_file(f"{MD5} * {GOOD}", "  !!!!", "!"), 16, "not valid base64"),
        (_file(f"{MD5} * {GOOD}", f"{GOOD}", "!"), 16, "one indented base64 line"),
        (_file(f"{MD5} * AAAA", "!"), 15, "bad solution"),
        (_file(f"{MD5} + {GOOD}", "!"), 15, r"starts with 'MD5 \* BASE64'"),
        (_file(f"{MD5} * {GOOD}"), 16, "set of line 15 is not closed with '!'"),
        (_file(f"{MD5} * {GOOD}", f"{MD5} * {GOOD}"), 16, "set of line 15 is not closed"),
        (_file(f"{MD5} * {GOOD}").replace("-- ratings\n-- prefs\n\n", ""), 16, "ends where the line '!'"),
        (_file(prefs="not base64!"), 17, "not valid base64"),
        (_file() + "more\n", 18, "unexpected text after the preferences"),
        (_file().replace("-- ratings", f"-- ratings\n{MD5}"), 16, "rating line"),
    ],
)
def test_bad_player_files_name_the_line(text, line, problem):
    with pytest.raises(LevelFormatError, match=problem) as raised:
        esp.loads(text)
    assert raised.value.line == line


@given(st.text(max_size=300))
def test_no_text_crashes_the_parser(text):
    try:
        esp.loads(text)
    except LevelFormatError:
        pass


def test_bad_md5_is_refused_when_adding():
    with pytest.raises(ValueError):
        esp.new_player_file("A").add_solution("abc", NamedSolution(0, "", "", ()))


# -- the index verification reads: each level's solutions decoded when asked for ------------

def test_solution_index_gives_what_solutions_by_level_gives(player_text, tmp_path):
    path = tmp_path / "player.esp"
    # a second set for the first level, in capitals, repeating a solution (a hand-merged copy)
    first_md5 = next(line.split()[0] for line in player_text.splitlines() if " * " in line)
    extra = base64.b64encode(esp.encode_named_solution(NamedSolution(7, "Extra", "Me", (1, 2, 3)))).decode()
    repeated = next(line.split()[2] for line in player_text.splitlines() if line.startswith(first_md5))
    merged = player_text.replace("-- ratings", f"{first_md5.upper()} * {repeated}\n  {extra}\n!\n-- ratings", 1)
    path.write_text(merged, encoding="latin-1")
    eager = esp.read_player_file(path).solutions_by_level()
    index = esp.read_solution_index(path)
    assert len(index) == len(eager)
    for md5, solutions in eager.items():
        assert index.get(md5.upper()) == solutions
    assert [s.name for s in index.get(first_md5)][-1] == "Extra"
    assert index.get("f" * 32) == ()
    # read from the solutions' headers, every set counted (a repeated solution twice)
    sets = esp.read_player_file(path).sets
    assert index.total_moves() == sum(len(s.moves) for solution_set in sets for s in solution_set.solutions)


def test_solution_index_names_a_damaged_solution_when_its_level_is_asked_for(tmp_path):
    other = "f" * 32
    path = tmp_path / "player.esp"
    path.write_text(_file(f"{MD5} * AAAA", "!", f"{other} * {GOOD}", "!"), encoding="latin-1")
    index = esp.read_solution_index(path)  # the lines and the base64 are sound
    assert index.get(other)[0].moves == (1, 2)  # another level's solutions still play
    with pytest.raises(LevelFormatError, match="bad solution") as raised:
        index.get(MD5)
    assert raised.value.line == 15


def test_solution_index_refuses_damaged_lines_at_once(tmp_path):
    path = tmp_path / "player.esp"
    path.write_text(_file(f"{MD5} * {GOOD}", "  !!!!", "!"), encoding="latin-1")
    with pytest.raises(LevelFormatError, match="not valid base64"):
        esp.read_solution_index(path)
