"""What a solution needs (core.analysis) and how hard a level is (core.difficulty): every
effect the analysis reports is checked against a plain breadth-first search of the level
with and without the element, the difficulty's shortest length against the same search,
and `studio analyse --json` prints the fields the issue names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from studio.core.analysis import (
    BROKEN, EASIER, HARDER, NOTHING, SOLVABLE, UNDECIDED, UNSOLVABLE, analyse_level_bytes, effect, elements_of,
)
from studio.core.difficulty import measure
from studio.core.game import all_games, game_by_id, game_for_path
from tests.breadth_first import shortest_by_breadth_first as bfs_shortest

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def record(solved: bool, optimal: bool, length: int = 0, error: str | None = None) -> dict:
    found = {"solved": solved, "optimal": optimal, "length": length}
    if error:
        found["error"] = error
    return found


@pytest.mark.parametrize("base, variant, expected", [
    (record(True, True, 10), record(True, True, 10), (NOTHING, True)),
    (record(True, True, 10), record(True, False, 7), (EASIER, True)),
    (record(True, False, 10), record(True, True, 7), (EASIER, False)),
    (record(True, True, 10), record(True, True, 14), (HARDER, True)),
    (record(True, True, 10), record(True, False, 14), (HARDER, False)),
    (record(True, True, 10), record(False, True), (UNSOLVABLE, True)),
    (record(True, True, 10), record(False, False), (UNDECIDED, False)),
    (record(False, True), record(True, False, 5), (SOLVABLE, True)),
    (record(False, True), record(False, True), (NOTHING, True)),
    (record(False, False), record(True, True, 5), (UNDECIDED, False)),
    (record(True, True, 10), record(False, False, error="no exit"), (BROKEN, True)),
])
def test_an_effect_is_certain_only_where_proofs_back_it(base, variant, expected):
    assert effect(base, variant) == expected


@pytest.mark.parametrize("game", [g for g in all_games() if g.elements is not None], ids=lambda g: g.id)
def test_every_element_of_every_bundled_level_can_be_taken_out(game):
    listed = 0
    for path in sorted((LEVELS / game.id).iterdir()):
        if not game.matches(path):
            continue
        level = game.load(path.read_bytes())
        original = game.save(level)
        for element in elements_of(game, level):
            listed += 1
            assert element.cells and element.kind and element.where
            without = game.save(element.remove(level.copy()))
            assert without != original, f"{path.name}: removing the {element.name} changed nothing"
            game.load(without)  # a level the game reads back
        assert game.save(level) == original, f"{path.name}: an element's removal edited the level itself"
    assert listed > 0


CHECKED = [LEVELS / "escape" / "14-bots.esx", LEVELS / "escape" / "04-gold-blocks.esx",
           LEVELS / "intricacy" / "06-springs-give.lock", LEVELS / "laby" / "07-crypt.laby"]
# (ChronoShift's time travel makes too many positions for a plain search: its analysis is checked
# against the solver's own proofs in the CLI test below)


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.name)
def test_each_effect_agrees_with_breadth_first_search(path):
    game = game_for_path(path)
    analysis = analyse_level_bytes(game.id, path.read_bytes(), str(path), timeout=20, element_timeout=10,
                                   path=str(path))
    level = game.load(path.read_bytes())
    shortest = bfs_shortest(game, level)
    assert analysis["solvable"] is True and analysis["proven"]
    assert analysis["shortest"] == shortest
    if game.id != "laby":  # (a maze keeps high scores, not solutions)
        assert analysis["intended"] is not None and analysis["intended"] >= shortest
    rows = analysis["elements"]
    elements = elements_of(game, level)
    assert [row["where"] for row in rows] == [element.where for element in elements]
    for row, element in zip(rows, elements):
        without = bfs_shortest(game, game.load(game.save(element.remove(level.copy()))))
        expected = (UNSOLVABLE if without is None else
                    NOTHING if without == shortest else EASIER if without < shortest else HARDER)
        assert row["certain"], f"{element.name}: undecided on a small level"
        assert row["effect"] == expected, f"{element.name}: {row['effect']}, breadth-first search says {expected}"
        assert row["length"] == without


def test_a_shorter_solution_than_the_designers_is_a_shortcut(tmp_path):
    """A player file beside the level holding a longer winning solution: the analysis says
    the intended length and the solver's shorter one as the shortcut."""
    from studio.core.playtest_adapter import LevelContext, adapter_for

    source = LEVELS / "escape" / "04-gold-blocks.esx"
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes())
    game = game_by_id("escape")
    level = game.load(path.read_bytes())
    adapter = adapter_for(game)
    start = game.engine.initial_state(level)
    bump = next(move for move in game.engine.moves if game.engine.step(start, move).state == start)
    plain = analyse_level_bytes(game.id, path.read_bytes(), str(path), timeout=20, element_timeout=1, path=str(path))
    assert plain["intended"] is None  # no player file beside this copy
    moves = (bump, bump) + tuple(adapter.parse_moves(plain["solution"]))
    adapter.save_solution(LevelContext(level, path.read_bytes(), path), moves, "the long way")
    found = analyse_level_bytes(game.id, path.read_bytes(), str(path), timeout=20, element_timeout=1, path=str(path))
    assert found["intended"] == plain["shortest"] + 2
    assert found["shortcut"] == plain["shortest"]
    assert "the long way" in found["intended_source"]


# (not ChronoShift's: time travel makes too many positions for a plain search here)
MEASURED = [p for p in sorted(LEVELS.glob("*/*")) if game_for_path(p) is not None and game_for_path(p).id != "chrono"]


@pytest.mark.parametrize("path", MEASURED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_difficulty_s_shortest_length_is_breadth_first_search_s(path):
    game = game_for_path(path)
    level = game.load(path.read_bytes())
    found = measure(game.engine, level, seconds=20)
    if found is None or not found.exact_path:
        pytest.skip(f"{path.name}: too many positions to reach a win breadth first in this test's budget")
    assert found.shortest == bfs_shortest(game, level, limit=2_000_000)
    assert 0 <= found.dead_ends <= 1 and 0 <= found.forced <= 1 and found.branching >= 1
    assert 0 <= found.score <= 100


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(width=st.integers(5, 15), height=st.integers(5, 15), seed=st.text(max_size=6))
def test_a_generated_maze_has_no_dead_ends_and_the_shortest_way_through(width, height, seed):
    """A maze can always be walked back: no position is a dead end, and the measured shortest
    length is a breadth-first search's."""
    game = game_by_id("laby")
    level = game.generate.resolve()(width, height, seed)
    found = measure(game.engine, level)
    shortest = bfs_shortest(game, level)
    if shortest is None:
        assert found is None
        return
    assert found.complete and found.exact_path and found.shortest == shortest
    assert found.dead_ends == 0


def test_dead_ends_are_counted_where_a_push_cannot_be_undone():
    """A grey block pushed against the wall can never come back: the Escape tutorial's block
    levels have dead ends; a plain walk to the exit has none."""
    escape = game_by_id("escape")
    blocks = measure(escape.engine, escape.load((LEVELS / "escape" / "02-red-blocks.esx").read_bytes()))
    walk = measure(escape.engine, escape.load((LEVELS / "escape" / "01-first-steps.esx").read_bytes()))
    assert blocks.dead_ends > 0.05
    assert walk.dead_ends == 0


def test_studio_analyse_json_prints_one_line_per_level_with_the_issue_s_fields(tmp_path):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"not a level")
    paths = [str(LEVELS / "chrono" / "06-buttons-cancel-out.txt"), str(LEVELS / "intricacy" / "02-balls.lock"),
             str(broken)]
    done = subprocess.run([sys.executable, "-m", "studio", "analyse", *paths, "--timeout", "10",
                           "--element-timeout", "3", "--json"], capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["level"] for line in lines] == paths
    chrono, lock, bad = lines
    for found in (chrono, lock):
        for key in ("solvable", "shortest", "proven", "intended", "shortcut", "elements", "difficulty"):
            assert key in found, key
        assert found["solvable"] and found["proven"] and found["intended"] == found["shortest"]
        assert found["shortcut"] is None
        for row in found["elements"]:
            assert set(row) >= {"cells", "kind", "effect"}
        for key in ("score", "shortest", "positions", "dead_ends", "branching", "forced", "searched"):
            assert key in found["difficulty"], key
    assert {row["effect"] for row in chrono["elements"]} == {EASIER, UNSOLVABLE}
    assert "error" in bad and "Traceback" not in done.stderr
    assert done.returncode == 1  # one level could not be analysed


def test_studio_analyse_refuses_bad_arguments_with_a_message(tmp_path):
    done = subprocess.run([sys.executable, "-m", "studio", "analyse", str(LEVELS / "laby" / "01-first-steps.laby"),
                           "--solutions", str(tmp_path / "missing.esp")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no such file" in done.stderr


def test_verify_collection_rows_carry_the_difficulty_of_solved_levels():
    from studio.core.collection import check_level

    row = check_level(str(LEVELS / "escape" / "04-gold-blocks.esx"), None, 5.0)
    assert row["solver_length"] == row["difficulty_inputs"]["shortest"]
    assert 0 < row["difficulty"] <= 100 and row["difficulty"] == row["difficulty_inputs"]["score"]
    assert check_level(str(LEVELS / "escape" / "04-gold-blocks.esx"), None, None)["difficulty"] is None


def test_a_crafted_useless_block_is_reported_as_nothing_and_a_needed_one_as_needed():
    """A corridor to the exit with a grey block off to the side (useless) and a hole in the
    way that only a grey block fills (needed)."""
    from studio.games.escape.esx import save_esx
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(7, 4, "Crafted", "Tester")
    level.tiles = [int(T.BLUE)] * (7 * 4)
    for x in range(7):
        level.tiles[level.index(x, 1)] = int(T.FLOOR)
    level.tiles[level.index(6, 1)] = int(T.EXIT)
    level.tiles[level.index(4, 1)] = int(T.HOLE)
    level.tiles[level.index(2, 1)] = int(T.GREY)  # pushed into the hole: needed
    level.tiles[level.index(3, 2)] = int(T.FLOOR)
    level.tiles[level.index(3, 3)] = int(T.GREY)  # in a pocket of its own: useless
    level.player = (0, 1)
    game = game_by_id("escape")
    found = analyse_level_bytes("escape", save_esx(level), "crafted", timeout=10, element_timeout=5)
    effects = {row["where"]: (row["kind"], row["effect"]) for row in found["elements"]}
    assert effects["(3, 3)"] == ("grey block", NOTHING)
    assert effects["(2, 1)"] == ("grey block", UNSOLVABLE)
    assert effects["(4, 1)"] == ("hole", UNSOLVABLE)  # (the block left in the way stops at the exit)
    assert found["shortest"] == bfs_shortest(game, game.load(save_esx(level))) == 6
