"""The Labyrinthos, Intricacy and ChronoShift solvers on small levels built here, and the
JSON records of `studio solve` for each game (ChronoShift's bounds given as options)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from studio.core.game import game_by_id
from studio.core.solve_runner import solve_level_bytes, solver_for
from studio.games.chrono.solution import play_solution as chrono_replay
from studio.games.chrono.solve import letters_of, solve_level as chrono_solve
from studio.games.chrono.superfun import save_superfun
from studio.games.intricacy.engine import initial_state as lock_start, parse_moves as lock_moves
from studio.games.intricacy.engine import play_solution as lock_replay
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lockfile import load_lock
from studio.games.intricacy.solve import solve_level as intricacy_solve
from studio.games.laby.engine import initial_state as laby_start, parse_moves as laby_moves
from studio.games.laby.engine import play_solution as laby_replay
from studio.games.laby.labyfile import save_laby
from studio.games.laby.level import LabyLevel
from studio.games.laby.solve import solve_level as laby_solve
from studio.games.laby.squares import Square
from tests.chrono_helpers import make_level
from tests.intricacy_helpers import block, hook, make_lock

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"level", "game", "solved", "optimal", "length", "solution", "states", "seconds"}


def test_every_game_has_a_solver():
    for game_id in ("escape", "laby", "intricacy", "chrono"):
        assert solver_for(game_by_id(game_id)) is not None


# -- Labyrinthos ------------------------------------------------------------------------------

def laby_maze() -> LabyLevel:
    """A wall with one gap at the bottom between the spawn (0, 0) and the objective (4, 0)."""
    level = LabyLevel.blank(5, 3)
    level.squares[level.index(0, 0)] = Square.SPAWN
    level.squares[level.index(4, 0)] = Square.OBJECTIVE
    level.squares[level.index(2, 0)] = level.squares[level.index(2, 1)] = Square.WALL
    return level


def test_laby_breadth_first_finds_the_shortest_path():
    level = laby_maze()
    result = laby_solve(level)
    assert result.solved and result.optimal and result.length == 8  # down 2, right 4, up 2
    assert laby_replay(laby_start(level), laby_moves(result.solution)).verdict == "won"


def test_laby_cut_maze_is_proven_unsolvable():
    level = laby_maze()
    level.squares[level.index(2, 2)] = Square.WALL
    result = laby_solve(level)
    assert not result.solved and result.optimal
    no_start = LabyLevel.blank(2, 1, fill=Square.WALL)
    assert laby_solve(no_start).optimal and not laby_solve(no_start).solved


# -- Intricacy --------------------------------------------------------------------------------

def test_intricacy_bundled_lock_is_solved_shortest():
    level = load_lock((ROOT / "levels" / "intricacy" / "02-balls.lock").read_bytes())
    result = intricacy_solve(level, timeout=30)
    assert result.solved and result.optimal and result.length == 7 == len(result.solution)
    assert lock_replay(lock_start(level.lock), lock_moves(result.solution)).verdict == "won"


def test_intricacy_open_lock_and_stuck_lock():
    opened = intricacy_solve(IntricacyLevel(make_lock(hook(0, 0, 0), size=2)))
    assert opened.solved and opened.optimal and opened.length == 0
    stuck = intricacy_solve(IntricacyLevel(make_lock(hook(0, 0, 0), block("A", (3, -3), (3, -2)), size=2)))
    assert not stuck.solved and stuck.optimal and stuck.stopped == "done"  # every state seen


def test_intricacy_respects_cancel():
    level = load_lock((ROOT / "levels" / "intricacy" / "06-springs-give.lock").read_bytes())
    cancel = threading.Event()
    cancel.set()
    result = intricacy_solve(level, cancel=cancel)
    assert not result.solved and not result.optimal and result.stopped == "cancelled"


# -- ChronoShift ------------------------------------------------------------------------------

def test_chrono_one_clone_shortest():
    level = make_level("+++++", "+S  +", "+   +", "+  G+", "+++++")
    result = chrono_solve(level, timeout=30)
    assert result.solved and result.optimal and result.length == 9 and result.solution.endswith("T")
    assert chrono_replay(level, result.solution).verdict == "won"
    assert result.bounds == {"bounded": True, "max_clones": 3, "max_turns": 40}


def test_chrono_needs_a_helper_from_the_past():
    """The gate to the goal opens only while someone stands on the button: an earlier clone."""
    level = make_level("++++++", "+S  b+", "+++-++", "+++G++", "++++++", links=[((4, 1), (3, 2))])
    alone = chrono_solve(level, timeout=30, max_clones=1)
    assert not alone.solved and alone.optimal  # proven: not with one clone (within the bounds)
    result = chrono_solve(level, timeout=30, max_clones=2)
    assert result.solved and result.optimal and result.solution.count("T") == 2
    assert chrono_replay(level, result.solution).verdict == "won"


def test_chrono_turn_bound_limits_the_search():
    level = make_level("+++++", "+S  +", "+   +", "+  G+", "+++++")
    result = chrono_solve(level, timeout=30, max_turns=6)  # the way there and back takes 8 turns
    assert not result.solved and result.optimal


def test_chrono_letters_are_gathered_clone_by_clone():
    assert letters_of(((0, "E"), (1, "S"), (0, "T"), (1, "N"), (1, "T"))) == "ETSNT"


# -- studio solve --json ----------------------------------------------------------------------

def _studio(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_solve_json_for_each_game(tmp_path):
    (tmp_path / "maze.laby").write_bytes(save_laby(laby_maze()))
    (tmp_path / "lock.lock").write_bytes((ROOT / "levels" / "intricacy" / "02-balls.lock").read_bytes())
    helper = make_level("++++++", "+S  b+", "+++-++", "+++G++", "++++++", links=[((4, 1), (3, 2))])
    (tmp_path / "helper.txt").write_bytes(save_superfun(helper))
    files = [str(tmp_path / name) for name in ("maze.laby", "lock.lock", "helper.txt")]
    done = _studio("solve", "--json", "--timeout", "30", "--max-clones", "2", "--max-turns", "12", *files)
    assert done.returncode == 0, done.stderr
    laby, lock, chrono = [json.loads(line) for line in done.stdout.splitlines()]
    for record, game in ((laby, "laby"), (lock, "intricacy"), (chrono, "chrono")):
        assert FIELDS <= set(record) and record["game"] == game and record["solved"] and record["optimal"]
        assert record["length"] == len(record["solution"])
    assert laby["length"] == 8 and set(laby["solution"]) <= set("UDLR")
    assert lock["length"] == 7
    assert chrono["bounded"] is True and chrono["max_clones"] == 2 and chrono["max_turns"] == 12
    assert "bounded" not in laby


def test_solve_text_says_the_bounds(tmp_path):
    level = make_level("+++++", "+S  +", "+++++", "+ G +", "+++++")
    (tmp_path / "walled.txt").write_bytes(save_superfun(level))
    done = _studio("solve", "--max-clones", "1", str(tmp_path / "walled.txt"))
    assert "unsolvable within the search bounds" in done.stdout
    assert _studio("solve", "--max-clones", "0", str(tmp_path / "walled.txt")).returncode == 2


def test_options_go_only_to_the_games_that_declare_them():
    data = save_laby(laby_maze())
    record = solve_level_bytes("laby", data, "maze.laby", 10, options={"max_clones": 2})
    assert record["solved"] and record["length"] == 8
