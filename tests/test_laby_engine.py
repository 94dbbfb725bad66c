"""The Labyrinthos engine's rules, the par (shortest path) and `studio verify` on .laby files."""

from __future__ import annotations

import argparse
import json

import pytest
from hypothesis import given, settings, strategies as st

from studio.commands import verify
from studio.core.game import game_by_id
from studio.games.laby.engine import (
    DOWN, LEFT, RIGHT, UP, Blocked, LabyState, Moved, NoSpawnError, ReachedObjective, initial_state, moves_text,
    parse_moves, play_solution, step,
)
from studio.games.laby.labyfile import load_laby
from studio.games.laby.level import LabyLevel
from studio.games.laby.solver import par, shortest_solution


def maze(text: str) -> LabyLevel:
    return load_laby(b"map\n" + text.strip().encode() + b"\nend\n")


CORRIDOR = maze("""
3001
1101
2001
""")


def test_the_player_starts_on_the_spawn_and_walks_on_paths():
    state = initial_state(CORRIDOR)
    assert state.player == 0 and not state.won
    result = step(state, RIGHT)
    assert result.moved and result.outcome == "none"
    assert result.state.player == 1
    assert result.events == (Moved("player", 0, 1),)


def test_walls_and_the_edge_block_without_moving():
    state = initial_state(CORRIDOR)
    down = step(state, DOWN)
    assert not down.moved and down.state is state
    assert down.events == (Blocked("player", 0, 4),)
    up = step(state, UP)
    assert not up.moved and up.events == (Blocked("player", 0, -1),)
    left = step(state, LEFT)
    assert left.events == (Blocked("player", 0, -1),)


def test_reaching_an_objective_wins_and_nothing_moves_after():
    state = initial_state(CORRIDOR)
    for move in (RIGHT, RIGHT, DOWN, DOWN, LEFT):
        result = step(state, move)
        state = result.state
    assert result.outcome == "none"
    result = step(state, LEFT)
    assert result.outcome == "won" and result.state.won
    assert result.events == (Moved("player", 9, 8), ReachedObjective("player", 8))
    after = step(result.state, RIGHT)
    assert not after.moved and after.outcome == "won" and after.state is result.state


def test_any_of_several_objectives_wins():
    level = maze("202\n030")
    assert step(initial_state(level), UP).outcome == "none"  # the path between them
    state = step(initial_state(level), LEFT).state
    assert step(state, UP).outcome == "won"
    state = step(initial_state(level), RIGHT).state
    assert step(state, UP).outcome == "won"


def test_spawns_and_other_spawn_squares_are_walkable():
    level = maze("3032")
    verdict = play_solution(initial_state(level), (RIGHT, RIGHT, RIGHT))
    assert (verdict.verdict, verdict.score) == ("won", 3)


def test_the_score_counts_moves_that_moved_the_player():
    verdict = play_solution(initial_state(CORRIDOR), parse_moves("RRuDDdLL"))
    assert verdict.verdict == "won"
    assert verdict.moves == 8  # letters played, bumps included
    assert verdict.score == 6  # the two bumps cost nothing
    open_verdict = play_solution(initial_state(CORRIDOR), parse_moves("RR"))
    assert (open_verdict.verdict, open_verdict.moves, open_verdict.score) == ("open", 2, 2)


def test_states_are_immutable_hashable_and_equal_by_value():
    a = initial_state(CORRIDOR)
    b = initial_state(maze("3001\n1101\n2001"))
    assert a == b and hash(a) == hash(b)
    assert len({a, b, step(a, RIGHT).state}) == 2
    with pytest.raises(AttributeError):
        a.player = 3
    CORRIDOR.squares[1] = 1  # the level changes: the state's board does not
    try:
        assert step(a, RIGHT).moved
    finally:
        CORRIDOR.squares[1] = 0


def test_a_level_without_spawn_or_path_cannot_start():
    with pytest.raises(NoSpawnError, match="no spawn square and no path"):
        initial_state(maze("12"))


def test_moves_as_letters():
    assert parse_moves("u d, L r") == (UP, DOWN, LEFT, RIGHT)
    assert moves_text((UP, RIGHT)) == "UR"
    with pytest.raises(ValueError, match="'X' is not a move"):
        parse_moves("UX")


def test_the_registered_engine_follows_the_protocol():
    engine = game_by_id("laby").engine
    state = engine.initial_state(CORRIDOR)
    assert isinstance(state, LabyState)
    assert engine.step(state, RIGHT).state.player == 1
    assert set(engine.moves) == {UP, DOWN, LEFT, RIGHT}


def test_par_is_the_shortest_path_length():
    level = maze("""
30000
01110
00002
""")
    assert par(level) == 6
    solution = shortest_solution(level)
    verdict = play_solution(initial_state(level), solution)
    assert verdict.verdict == "won" and verdict.score == len(solution) == 6
    assert par(maze("3102")) is None
    assert par(maze("12")) is None


@st.composite
def random_mazes(draw):
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    squares = draw(st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 3]), min_size=width * height,
                            max_size=width * height))
    return LabyLevel(width, height, bytearray(squares))


def _engine_distance(level) -> int | None:
    """Breadth-first search over engine states: the solver must agree with the rules."""
    try:
        frontier = [initial_state(level)]
    except NoSpawnError:
        return None
    seen = set(frontier)
    depth = 0
    while frontier:
        depth += 1
        following = []
        for state in frontier:
            for move in (UP, DOWN, LEFT, RIGHT):
                result = step(state, move)
                if result.outcome == "won":
                    return depth
                if result.state not in seen:
                    seen.add(result.state)
                    following.append(result.state)
        frontier = following
    return None


@settings(max_examples=200, deadline=None)
@given(random_mazes())
def test_the_par_agrees_with_a_search_through_engine_states(level):
    assert par(level) == _engine_distance(level)


# -- studio verify ---------------------------------------------------------------------------

def run_verify(capsys, *argv):
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    code = verify.run(parser.parse_args(list(argv)))
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


@pytest.fixture
def corridor_file(tmp_path):
    path = tmp_path / "corridor.laby"
    path.write_bytes(b"name Corridor\nmap\n3001\n1101\n2001\nend\n")
    return str(path)


def test_verify_plays_a_winning_solution(capsys, corridor_file):
    code, [result] = run_verify(capsys, corridor_file, "--solution", "RRDDLLL", "--json")
    assert code == 0
    assert result["game"] == "laby" and result["level"] == corridor_file and len(result["md5"]) == 32
    assert (result["verdict"], result["moves"], result["length"], result["index"]) == ("won", 6, 7, 0)
    assert (result["score"], result["par"]) == (6, 6)


def test_verify_reports_open_and_fails(capsys, corridor_file):
    code, [result] = run_verify(capsys, corridor_file, "--solution", "RRD", "--json")
    assert code == 1 and (result["verdict"], result["moves"]) == ("open", 3)


def test_verify_without_a_solution_just_loads(capsys, corridor_file):
    code, [result] = run_verify(capsys, corridor_file, "--json")
    assert code == 0 and result["verdict"] == "open" and result["index"] is None and result["par"] == 6


def test_verify_names_what_is_wrong_with_a_broken_file(capsys, tmp_path):
    broken = tmp_path / "broken.laby"
    broken.write_bytes(b"name x\nmap\n30\n1\nend\n")
    code, [result] = run_verify(capsys, str(broken), "--solution", "R", "--json")
    assert code == 1 and result["verdict"] == "error"
    assert result["error"].startswith("line 4: this row has 1 squares")


def test_verify_rejects_a_bad_move_letter(capsys, corridor_file):
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    assert verify.run(parser.parse_args([corridor_file, "--solution", "RXD"])) == 2
    assert "'X' is not a move" in capsys.readouterr().err
