"""`studio verify` on .lock files: stored and given solutions, verdicts and damaged files."""

from __future__ import annotations

import json
from pathlib import Path

from studio.cli import main

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"


def _json_lines(capsys):
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def test_stored_solutions_win(capsys):
    files = sorted(str(p) for p in LEVELS.glob("*.lock"))
    assert main(["verify", "--json", *files]) == 0
    results = _json_lines(capsys)
    assert len(results) == len(files)
    for result in results:
        assert result["game"] == "intricacy" and result["verdict"] == "won"
        assert result["solution"] == "stored" and result["moves"] == result["length"]
        assert len(result["md5"]) == 32


def test_a_given_solution_that_does_not_open_is_open(capsys):
    path = str(LEVELS / "01-the-bolt.lock")
    assert main(["verify", "--json", "--solution", "a", path]) == 1
    [result] = _json_lines(capsys)
    assert (result["verdict"], result["moves"], result["solution"], result["length"]) == ("open", 1, "given", 1)


def test_a_given_solution_stops_counting_when_the_lock_opens(capsys):
    path = str(LEVELS / "01-the-bolt.lock")
    assert main(["verify", "--json", "--solution", "z d, d", path]) == 0
    [result] = _json_lines(capsys)
    assert (result["verdict"], result["moves"], result["length"]) == ("won", 1, 3)


def test_bad_move_letters_are_refused(capsys):
    assert main(["verify", "--solution", "zk", str(LEVELS / "01-the-bolt.lock")]) == 2
    assert "'k' (character 2) is not a move" in capsys.readouterr().err


def test_a_damaged_lock_is_an_error_with_its_line(tmp_path, capsys):
    damaged = tmp_path / "damaged.lock"
    damaged.write_text((LEVELS / "01-the-bolt.lock").read_text().replace("natural 1", "natural x"))
    assert main(["verify", "--json", str(damaged)]) == 1
    [result] = _json_lines(capsys)
    assert result["verdict"] == "error" and result["error"].startswith("line ")
    assert "spring line" in result["error"]


def test_a_lock_without_a_solution_just_loads(tmp_path, capsys):
    bare = tmp_path / "bare.lock"
    bare.write_text("\n".join(line for line in (LEVELS / "01-the-bolt.lock").read_text().splitlines()
                              if not line.startswith("solution:")) + "\n")
    assert main(["verify", "--json", str(bare)]) == 0
    [result] = _json_lines(capsys)
    assert (result["verdict"], result["solution"], result["index"], result["length"]) == ("open", None, None, 0)
