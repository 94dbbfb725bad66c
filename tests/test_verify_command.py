"""`studio verify`: verdicts as JSON lines or a table, from --solution, a player file, or none."""

from __future__ import annotations

import argparse
import json

import pytest

from studio.commands import verify
from studio.games.escape.esx import save_esx
from tests.escape_corpus import ESCAPE, corpus_present
from tests.test_escape_rules import make_level

FIELDS = {"level", "game", "md5", "solution", "index", "length", "verdict", "moves"}


def run(capsys, *argv):
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    code = verify.run(parser.parse_args(list(argv)))
    out = capsys.readouterr().out
    return code, out


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture
def level_file(tmp_path):
    path = tmp_path / "walk.esx"
    path.write_bytes(save_esx(make_level("P.E\n...\nL..")))
    return str(path)


def test_solution_given_as_letters_is_played_to_its_verdict(capsys, level_file):
    code, out = run(capsys, level_file, "--solution", "RR", "--json")
    [result] = json_lines(out)
    assert set(result) == FIELDS and code == 0
    assert result["game"] == "escape" and result["level"] == level_file and len(result["md5"]) == 32
    assert (result["solution"], result["index"], result["length"]) == (None, 0, 2)
    assert (result["verdict"], result["moves"]) == ("won", 2)


def test_dead_and_open_verdicts_and_the_exit_status(capsys, level_file):
    code, out = run(capsys, level_file, "--solution", "d", "--json")
    assert (json_lines(out)[0]["verdict"], json_lines(out)[0]["moves"]) == ("dead", 1) and code == 1
    code, out = run(capsys, level_file, "--solution", "R U", "--json")  # the U hits the edge
    assert (json_lines(out)[0]["verdict"], json_lines(out)[0]["moves"]) == ("open", 2) and code == 1


def test_bad_move_letters_are_an_argument_error(capsys, level_file):
    assert run(capsys, level_file, "--solution", "RX")[0] == 2


def test_without_solutions_each_level_is_loaded_and_the_empty_solution_played(capsys, level_file, tmp_path):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"ESXL\x00")
    code, out = run(capsys, level_file, str(broken), str(tmp_path / "missing.esx"), "--json")
    ok, bad, missing = json_lines(out)
    assert (ok["verdict"], ok["index"], ok["length"], ok["moves"]) == ("open", None, 0, 0)
    assert bad["verdict"] == "error" and bad["error"] and bad["moves"] is None
    assert missing["verdict"] == "error" and missing["md5"] is None
    assert code == 1


def test_table_and_summary_line(capsys, level_file):
    code, out = run(capsys, level_file, "--solution", "RR")
    lines = out.splitlines()
    assert lines[0].split() == ["LEVEL", "SOLUTION", "#", "LENGTH", "VERDICT", "AT"]
    assert "won" in lines[1].split()
    assert lines[-1] == "1 files; 1 solutions: 1 won, 0 dead, 0 open, 0 error"


@pytest.mark.skipif(not corpus_present(), reason="../shared/corpus is absent")
def test_whole_corpus_with_the_player_file_in_worker_processes(capsys):
    records = [json.loads(line) for line in open(ESCAPE / "solutions.jsonl")]
    files = sorted({str(ESCAPE / r["level"]) for r in records})
    code, out = run(capsys, *files, "--solutions", str(ESCAPE / "player.esp"), "--json", "--jobs", "2")
    got = {(r["md5"], r["index"]): r for r in json_lines(out)}
    for record in records:
        result = got[(record["md5"], record["index"])]
        assert result["solution"] == record["name"] and result["length"] == record["length"]
        if record["verdict"] == "badlevel":
            assert result["verdict"] == "error" and result["error"]
        else:
            assert (result["verdict"], result["moves"]) == (record["verdict"], record["moves"])
    assert code == 1  # the malformed levels


def test_a_damaged_stored_solution_is_an_error_of_its_own_level_only(capsys, tmp_path):
    """Each level's stored solutions are decoded when it is verified (esp.SolutionIndex): one
    whose binary form is damaged makes that level's line an error naming the player file's
    line, and the other levels' solutions are still played, in workers as in one process."""
    import base64
    import hashlib

    from studio.games.escape.esp import NamedSolution, encode_named_solution

    walks = []
    for number in range(3):
        path = tmp_path / f"walk{number}.esx"
        path.write_bytes(save_esx(make_level("P.E\n...\nL.." + "\n..." * number)))  # three distinct files
        walks.append(path)
    md5s = [hashlib.md5(p.read_bytes()).hexdigest() for p in walks]
    good = base64.b64encode(encode_named_solution(NamedSolution(0, "walk", "me", (4, 4)))).decode()
    lines = ["ESPt", "0", "0", "0"] + ["0"] * 8 + ["me", "-- solutions",
             f"{md5s[0]} * {good}", "!", f"{md5s[1]} * AAAA", "!", f"{md5s[2]} * {good}", "!",
             "-- ratings", "-- prefs", ""]
    player = tmp_path / "player.esp"
    player.write_text("\n".join(lines) + "\n", encoding="latin-1")
    for jobs in ("0", "2"):
        code, out = run(capsys, *map(str, walks), "--solutions", str(player), "--json", "--jobs", jobs)
        first, damaged, third = json_lines(out)
        assert (first["verdict"], third["verdict"]) == ("won", "won")
        assert damaged["verdict"] == "error" and "bad solution" in damaged["error"] and "17" in damaged["error"]
        assert code == 1
