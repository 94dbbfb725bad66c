"""The maze generator and `studio generate`: same arguments, same bytes; every maze can be won."""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from studio.commands import generate as generate_command
from studio.core.errors import LevelLimitError
from studio.core.game import game_by_id
from studio.core.generation import games_that_generate, generate
from studio.games.laby.generator import generate_level
from studio.games.laby.labyfile import load_laby, save_laby
from studio.games.laby.solver import distances_from, par
from studio.games.laby.squares import Square
from tests.conftest import PROJECT_ROOT


def test_same_arguments_give_the_same_level_and_others_differ():
    first = save_laby(generate_level(30, 20, "gargamel"))
    assert save_laby(generate_level(30, 20, "gargamel")) == first
    assert save_laby(generate_level(30, 20, "Gargamel")) != first
    assert save_laby(generate_level(31, 20, "gargamel")) != first


def test_the_maze_for_a_seed_never_changes():
    # Shared as "the 30x20 maze with seed gargamel", it must stay the same maze everywhere.
    data = save_laby(generate_level(30, 20, "gargamel"))
    assert hashlib.sha256(data).hexdigest() == "5c7676dcc4c0b45544368761ee2799e528fd1b980b327dde08777d8c13baad30"


def check_maze(level) -> None:
    squares = level.squares
    assert squares.count(Square.SPAWN) == 1
    assert squares.count(Square.OBJECTIVE) >= 1
    spawn = level.spawn_cell()
    assert squares[spawn] == Square.SPAWN
    distance = distances_from(level.width, level.height, squares, spawn)
    open_squares = [i for i, s in enumerate(squares) if s != Square.WALL]
    assert sorted(distance) == open_squares, "every open square is reachable: no sealed pockets"
    # The objective lies as far from the spawn as any square can.
    assert par(level) == max(distance.values()) > 0


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 40), st.integers(1, 40), st.text(max_size=30))
def test_every_maze_has_a_spawn_an_objective_and_a_path_between(width, height, seed):
    if width * height < 2:
        with pytest.raises(LevelLimitError):
            generate_level(width, height, seed)
        return
    level = generate_level(width, height, seed)
    assert (level.width, level.height) == (width, height)
    check_maze(level)
    assert load_laby(save_laby(level)).content() == level.content()


def test_a_maze_is_mostly_corridors_with_a_few_loops():
    level = generate_level(41, 41, "loops")
    walls = level.squares.count(Square.WALL)
    assert 0.35 < walls / len(level.squares) < 0.6
    assert par(level) > 41  # far from a straight line across


@pytest.mark.parametrize("width, height", [(2, 1), (1, 2), (2, 2), (1, 30), (30, 1), (500, 3)])
def test_tiny_and_thin_mazes(width, height):
    check_maze(generate_level(width, height, "thin"))


def test_sizes_beyond_the_limits_are_refused():
    for width, height in ((1, 1), (0, 5), (501, 5)):
        with pytest.raises(LevelLimitError):
            generate_level(width, height, "x")


def test_seed_text_may_be_anything():
    for seed in ("", " ", "line\nbreak", "ünïcödé ☃", "\udcff"):
        level = generate_level(9, 9, seed)
        check_maze(level)
        assert "\n" not in level.name


def test_the_game_names_its_generator():
    game = game_by_id("laby")
    assert game in games_that_generate()
    assert save_laby(generate(game, 12, 8, "s")) == save_laby(generate_level(12, 8, "s"))
    assert game_by_id("escape") not in games_that_generate()


# -- studio generate -----------------------------------------------------------------------------

def run_generate(capsys, *argv):
    parser = argparse.ArgumentParser()
    generate_command.add_arguments(parser)
    code = generate_command.run(parser.parse_args(list(argv)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_generate_writes_the_same_file_twice(capsys, tmp_path):
    first, second = tmp_path / "a.laby", tmp_path / "b.laby"
    code, out, _ = run_generate(capsys, "--game", "laby", "--width", "25", "--height", "15", "--seed", "gargamel",
                                "-o", str(first), "--json")
    assert code == 0
    assert json.loads(out) == {"game": "laby", "output": str(first), "width": 25, "height": 15,
                               "seed": "gargamel", "bytes": first.stat().st_size}
    code, out, _ = run_generate(capsys, "--width", "25", "--height", "15", "--seed", "gargamel", "-o", str(second))
    assert code == 0 and "25x15 Labyrinthos level" in out
    assert first.read_bytes() == second.read_bytes()
    check_maze(load_laby(first.read_bytes()))


def test_generate_without_a_seed_reports_the_one_it_drew(capsys, tmp_path):
    target = tmp_path / "m.laby"
    code, out, _ = run_generate(capsys, "-o", str(target), "--json")
    seed = json.loads(out)["seed"]
    assert code == 0 and seed
    assert target.read_bytes() == save_laby(generate_level(20, 20, seed))


def test_generate_explains_what_it_cannot_do(capsys, tmp_path):
    code, _, err = run_generate(capsys, "--game", "escape", "-o", str(tmp_path / "x.esx"))
    assert code == 2 and "Escape has no level generator" in err
    code, _, err = run_generate(capsys, "--game", "nosuch", "-o", str(tmp_path / "x.laby"))
    assert code == 2 and "unknown game 'nosuch'" in err
    code, _, err = run_generate(capsys, "-o", str(tmp_path / "x.txt2"))
    assert code == 2 and "--game" in err
    code, out, err = run_generate(capsys, "--game", "laby", "--width", "0", "-o", str(tmp_path / "x.laby"), "--json")
    assert code == 1 and "1 to 500 squares" in err and "error" in json.loads(out)
    assert not (tmp_path / "x.laby").exists()
    code, _, err = run_generate(capsys, "--game", "laby", "-o", str(tmp_path / "no" / "such" / "dir.laby"))
    assert code == 1 and "dir.laby" in err


def test_generate_is_a_subcommand_of_studio(tmp_path):
    outputs = []
    for name in ("one.laby", "two.laby"):
        target = tmp_path / name
        subprocess.run([sys.executable, "-m", "studio", "generate", "--game", "laby", "--width", "11",
                        "--height", "7", "--seed", "same", "-o", str(target)],
                       cwd=PROJECT_ROOT, check=True, capture_output=True)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
