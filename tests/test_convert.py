"""`studio convert IN OUT`, called directly on files in a temporary folder."""

from __future__ import annotations

import argparse
import json
import os
import shutil

import pytest

from studio.commands import convert
from studio.games.escape.esx import load_esx, save_esx
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    convert.add_arguments(parser)
    return convert.run(parser.parse_args(list(argv)))


@pytest.fixture
def level_file(tmp_path):
    level = EscapeLevel.blank(5, 4, "Convert me", "Tester")
    level.tiles[7] = int(T.EXIT)
    path = tmp_path / "in.esx"
    path.write_bytes(save_esx(level))
    return path


def test_an_unchanged_level_keeps_its_bytes(level_file, tmp_path):
    out = tmp_path / "out.esx"
    assert run(str(level_file), str(out)) == 0
    assert out.read_bytes() == level_file.read_bytes()
    assert sorted(os.listdir(tmp_path)) == ["in.esx", "out.esx"]  # no temporary file left


def test_a_corpus_level_converts_to_the_same_bytes(corpus_dir, tmp_path):
    source = corpus_dir / "escape" / "levels" / "tutorial" / "lev162.esx"
    copy = tmp_path / "lev162.esx"
    shutil.copyfile(source, copy)
    out = tmp_path / "copy.esx"
    assert run(str(copy), str(out)) == 0
    assert out.read_bytes() == source.read_bytes()


def test_converting_over_itself_works(level_file):
    before = level_file.read_bytes()
    assert run(str(level_file), str(level_file)) == 0
    assert level_file.read_bytes() == before


def test_json_reports_the_result(level_file, tmp_path, capsys):
    assert run(str(level_file), str(tmp_path / "o.esx"), "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "escape" and report["unchanged"] is True
    assert report["bytes"] == level_file.stat().st_size


def test_a_bad_file_prints_one_line_and_leaves_the_output_alone(tmp_path, capsys):
    bad = tmp_path / "bad.esx"
    bad.write_bytes(b"ESXL\x00\x00\x00\x00\x00\x00\x00\x01")  # width 0
    out = tmp_path / "out.esx"
    out.write_bytes(b"keep me")
    assert run(str(bad), str(out)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"{bad}: ") and "size" in err
    assert out.read_bytes() == b"keep me"


@pytest.mark.parametrize(
    "source_name, target_name, blamed, reason",
    [
        ("missing.esx", "out.esx", "missing.esx", "No such file"),
        ("level.dat", "out.esx", "level.dat", "no game reads"),  # .txt is ChronoShift's
        ("in.esx", "out.png", "out.png", "saved as *.esx"),
    ],
)
def test_unusable_paths_are_reported(tmp_path, capsys, level_file, source_name, target_name, blamed, reason):
    if source_name == "in.esx":
        source = level_file
    else:
        source = tmp_path / source_name
        if source_name.endswith(".dat"):
            source.write_text("hello")
    assert run(str(source), str(tmp_path / target_name)) == 1
    err = capsys.readouterr().err
    assert err.startswith(str(tmp_path / blamed) + ": ") and reason in err
    assert not (tmp_path / target_name).exists()


def test_an_unwritable_output_is_reported(level_file, tmp_path, capsys):
    target = tmp_path / "no such folder" / "out.esx"
    assert run(str(level_file), str(target)) == 1
    assert capsys.readouterr().err.startswith(f"{target}: ")


def test_an_edited_level_is_encoded_afresh(level_file, tmp_path):
    level = load_esx(level_file.read_bytes())
    level.tiles[0] = int(T.BLUE)
    level.source = None
    level_file.write_bytes(save_esx(level))
    out = tmp_path / "out.esx"
    assert run(str(level_file), str(out)) == 0
    assert load_esx(out.read_bytes()) == level
