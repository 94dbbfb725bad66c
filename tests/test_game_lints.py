"""The lint rules of Labyrinthos, Intricacy and ChronoShift, one small level per rule,
and `studio lint --json` for each game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from studio.core.game import game_by_id
from studio.core.problems import cell_position, lint_level, problem_place
from studio.games.chrono.lint import lint_level as chrono_lint
from studio.games.chrono.superfun import save_superfun
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lint import lint_level as intricacy_lint
from studio.games.intricacy.lockfile import save_lock
from studio.games.laby.labyfile import save_laby
from studio.games.laby.level import LabyLevel
from studio.games.laby.lint import lint_level as laby_lint
from studio.games.laby.squares import Square
from tests.chrono_helpers import make_level
from tests.intricacy_helpers import block, hook, make_lock, spring

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"level", "game", "rule", "severity", "message", "cell", "x", "y"}


def rules(problems) -> dict:
    return {p.rule: p for p in problems}


# -- Labyrinthos ------------------------------------------------------------------------------

def maze() -> LabyLevel:
    level = LabyLevel.blank(5, 3)
    level.squares[level.index(0, 0)] = Square.SPAWN
    level.squares[level.index(4, 2)] = Square.OBJECTIVE
    return level


def test_laby_good_maze_has_no_problems():
    assert laby_lint(maze()) == []
    assert lint_level(game_by_id("laby"), maze()) == []


def test_laby_walls_cut_the_way_to_the_objective():
    level = maze()
    for y in range(3):
        level.squares[level.index(2, y)] = Square.WALL
    problem = rules(laby_lint(level))["no-path"]
    assert problem.severity == "error" and problem.cell == level.index(0, 0)
    assert "(0, 0)" in problem.message


def test_laby_no_objective_and_no_start():
    level = maze()
    level.squares[level.index(4, 2)] = Square.PATH
    assert rules(laby_lint(level))["no-objective"].severity == "error"
    walls = LabyLevel.blank(3, 3, fill=Square.WALL)
    assert {"no-start", "no-objective"} <= set(rules(laby_lint(walls)))


def test_laby_without_spawn_starts_on_the_last_path_square_as_info():
    level = maze()
    level.squares[level.index(0, 0)] = Square.PATH
    level.squares[level.index(3, 2)] = Square.WALL
    problem = rules(laby_lint(level))["no-spawn"]
    assert problem.severity == "info" and problem.cell == level.index(2, 2)  # the last path square
    assert "(2, 2)" in problem.message


# -- Intricacy --------------------------------------------------------------------------------
# A size-2 lock: its bolthole is the hexes (3, -3) and (3, -2).

def test_intricacy_empty_bolthole():
    level = IntricacyLevel(make_lock(hook(0, 0, 0), size=2))
    problem = rules(intricacy_lint(level))["empty-bolthole"]
    assert cell_position(level, problem.cell) == (3, -3)
    assert problem_place(level, problem) == "(3, -3)"


def test_intricacy_stationary_block_in_the_bolthole_never_leaves():
    level = IntricacyLevel(make_lock(hook(0, 0, 0), block("A", (3, -3), (3, -2)), size=2))
    problem = rules(intricacy_lint(level))["bolthole-stuck"]
    assert problem.severity == "error" and "Block A" in problem.message
    assert cell_position(level, problem.cell) == (3, -3)


def sprung_bolt(*others):
    """Block A in the bolthole on a spring at its natural length from the stationary block S."""
    pieces = (block("S", (1, -1)), block("A", (3, -3), (3, -2))) + others
    return IntricacyLevel(make_lock(*pieces, springs=[spring(0, 1, (1, -1), (3, -3), 2)], size=2))


def test_intricacy_nothing_can_reach_the_bolthole():
    problem = rules(intricacy_lint(sprung_bolt()))["unreachable-bolthole"]  # no hook, no wrench
    assert problem.severity == "error" and cell_position(sprung_bolt(), problem.cell) == (3, -3)
    assert intricacy_lint(sprung_bolt(hook(-1, 1, 0))) == []  # the hook can push it


def test_intricacy_bundled_locks_have_no_problems():
    from studio.games.intricacy.lockfile import load_lock

    for path in sorted((ROOT / "levels" / "intricacy").glob("*.lock")):
        assert intricacy_lint(load_lock(path.read_bytes())) == [], path.name


# -- ChronoShift ------------------------------------------------------------------------------

def test_chrono_good_level_has_no_problems():
    level = make_level("+++++", "+S b+", "++-++", "+ G +", "+++++", links=[((3, 1), (2, 2))])
    assert chrono_lint(level) == []


def test_chrono_unlinked_button_and_gate():
    level = make_level("+++++", "+S b+", "++-++", "+ G +", "+++++")
    found = rules(chrono_lint(level))
    assert found["unlinked-button"].cell == level.index(3, 1)
    assert found["unlinked-gate"].cell == level.index(2, 2) and "wall" in found["unlinked-gate"].message


def test_chrono_goal_walled_off_is_unreachable_but_a_gate_is_not_a_wall():
    walled = make_level("+++++", "+S  +", "+++++", "+ G +", "+++++")
    problem = rules(chrono_lint(walled))["unreachable-goal"]
    assert problem.severity == "error" and problem.cell == walled.index(2, 3)
    gated = make_level("+++++", "+S b+", "++-++", "+ G +", "+++++", links=[((3, 1), (2, 2))])
    assert "unreachable-goal" not in rules(chrono_lint(gated))


def test_chrono_no_goal():
    level = make_level("+++++", "+S  +", "+++++")
    assert rules(chrono_lint(level))["no-goal"].cell == level.start


# -- studio lint --json -----------------------------------------------------------------------

def test_lint_json_for_each_game(tmp_path):
    laby = maze()
    for y in range(3):
        laby.squares[laby.index(2, y)] = Square.WALL
    (tmp_path / "cut.laby").write_bytes(save_laby(laby))
    lock = IntricacyLevel(make_lock(hook(0, 0, 0), size=2), "Empty")
    (tmp_path / "empty.lock").write_bytes(save_lock(lock))
    chrono = make_level("+++++", "+S  +", "+++++", "+ G +", "+++++")
    (tmp_path / "walled.txt").write_bytes(save_superfun(chrono))
    files = [str(tmp_path / name) for name in ("cut.laby", "empty.lock", "walled.txt")]
    done = subprocess.run([sys.executable, "-m", "studio", "lint", "--json", *files], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    records = {json.loads(line)["game"]: json.loads(line) for line in done.stdout.splitlines()}
    assert done.returncode == 1, done.stderr
    assert all(FIELDS <= set(record) for record in records.values())
    assert records["laby"]["rule"] == "no-path" and (records["laby"]["x"], records["laby"]["y"]) == (0, 0)
    assert records["intricacy"]["rule"] == "empty-bolthole"
    assert (records["intricacy"]["x"], records["intricacy"]["y"]) == (3, -3)  # the hex's q and r
    assert records["chrono"]["rule"] == "unreachable-goal" and (records["chrono"]["x"], records["chrono"]["y"]) == (2, 3)


def test_lint_info_alone_does_not_fail(tmp_path):
    level = maze()
    level.squares[level.index(0, 0)] = Square.PATH
    (tmp_path / "nospawn.laby").write_bytes(save_laby(level))
    done = subprocess.run([sys.executable, "-m", "studio", "lint", str(tmp_path / "nospawn.laby")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "info:" in done.stdout and "[no-spawn]" in done.stdout
