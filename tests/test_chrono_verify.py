"""`studio verify` on ChronoShift levels made in the test (the corpus has its own tests)."""

from __future__ import annotations

import json

from studio.cli import main

SOLVED = "2D SuperFun!\n+++++\n+S  +\n+  G+\n+++++\n\nnothing\n\nDescription: Walk.\nSolution:\n EE SW WN T\n"


def verify(capsys, *args):
    code = main(["verify", "--json", *map(str, args)])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_stored_solution_is_played(tmp_path, capsys):
    path = tmp_path / "walk.txt"
    path.write_text(SOLVED)
    code, [result] = verify(capsys, path)
    assert code == 0
    assert {k: result[k] for k in ("game", "solution", "index", "length", "verdict", "moves", "score", "clones")} == {
        "game": "chrono", "solution": "EESWWNT", "index": 0, "length": 7, "verdict": "won", "moves": 7,
        "score": 7, "clones": 1}


def test_given_letters_replace_the_stored_solution(tmp_path, capsys):
    path = tmp_path / "walk.txt"
    path.write_text(SOLVED)
    code, [result] = verify(capsys, path, "--solution", "ee sw")
    assert code == 1 and (result["solution"], result["verdict"], result["moves"], result["score"]) == ("EESW", "open", 4, 4)


def test_a_level_without_a_solution_just_loads(tmp_path, capsys):
    path = tmp_path / "bare.txt"
    path.write_text("2D SuperFun!\n+++\n+S+\n+++\n")
    code, [result] = verify(capsys, path)
    assert code == 0 and (result["verdict"], result["index"]) == ("open", None)


def test_a_bad_file_or_solution_is_an_error_with_the_reason(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("2D SuperFun!\n+++\n+S \n+++\n")
    code, [result] = verify(capsys, path)
    assert code == 1 and result["verdict"] == "error" and result["error"].startswith("line 3:")
    path.write_text(SOLVED.replace("EE SW", "EE SX"))
    code, [result] = verify(capsys, path)
    assert code == 1 and result["verdict"] == "error" and "'X' is not an action" in result["error"]


def test_the_table_counts_paradoxes(tmp_path, capsys):
    path = tmp_path / "trap.txt"
    path.write_text("2D SuperFun!\n++++++\n+Sp  +\n++++++\n\nnothing\n\nSolution: EH\n")
    code = main(["verify", str(path)])
    out = capsys.readouterr().out
    assert code == 1 and "paradox" in out and "1 paradox" in out.splitlines()[-1]
