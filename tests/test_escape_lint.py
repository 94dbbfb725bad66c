"""Escape's lint rules, one level built per rule, and `studio lint`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from studio.core.game import game_by_id
from studio.core.problems import lint_level
from studio.games.escape.esx import save_esx
from studio.games.escape.level import BotPlacement, EscapeLevel
from studio.games.escape.lint import lint_level as escape_lint
from studio.games.escape.tiles import Bot, T

ROOT = Path(__file__).resolve().parent.parent


def room(width=8, height=5) -> EscapeLevel:
    """A walled room, the player at (1, 1), the exit at (width - 2, height - 2)."""
    level = EscapeLevel.blank(width, height)
    for x in range(width):
        level.tiles[level.index(x, 0)] = level.tiles[level.index(x, height - 1)] = int(T.BLUE)
    for y in range(height):
        level.tiles[level.index(0, y)] = level.tiles[level.index(width - 1, y)] = int(T.BLUE)
    level.player = (1, 1)
    level.tiles[level.index(width - 2, height - 2)] = int(T.EXIT)
    return level


def rules(level) -> dict:
    return {p.rule: p for p in escape_lint(level)}


def test_a_plain_room_has_no_problems():
    assert escape_lint(room()) == []
    assert lint_level(game_by_id("escape"), room()) == []


def test_no_exit():
    level = room()
    level.tiles[level.index(6, 3)] = int(T.FLOOR)
    problem = rules(level)["no-exit"]
    assert problem.severity == "error" and problem.cell == level.index(1, 1)


def test_sleeping_door_without_heart_framers_is_no_exit():
    level = room()
    level.tiles[level.index(6, 3)] = int(T.SLEEPINGDOOR)
    assert "heart framer" in rules(level)["no-exit"].message
    level.tiles[level.index(3, 3)] = int(T.HEARTFRAMER)
    assert "no-exit" not in rules(level)


def test_exit_behind_permanent_walls_is_unreachable():
    level = room()
    for x in range(1, 7):
        level.tiles[level.index(x, 2)] = int(T.BLACK)
    assert rules(level)["no-reachable-exit"].cell == level.index(1, 1)
    # ... but a wall of red blocks can be pushed away
    for x in range(1, 7):
        level.tiles[level.index(x, 2)] = int(T.RED)
    assert "no-reachable-exit" not in rules(level)


def test_hole_with_no_grey_block_walls_the_exit_in():
    level = room(8, 3)
    level.tiles[level.index(4, 1)] = int(T.HOLE)
    level.tiles[level.index(6, 1)] = int(T.EXIT)
    assert "no-reachable-exit" in rules(level)
    level.tiles[level.index(2, 1)] = int(T.GREY)
    assert "no-reachable-exit" not in rules(level)


def test_transporter_to_itself_and_into_a_wall():
    level = room()
    cell = level.index(3, 1)
    level.tiles[cell] = int(T.TRANSPORT)
    level.dests[cell] = cell
    assert rules(level)["link-to-itself"].cell == cell
    level.dests[cell] = level.index(0, 0)
    problem = rules(level)["link-does-nothing"]
    assert problem.cell == cell and "blue block at (0, 0)" in problem.message


def test_panel_swapping_identical_tiles_does_nothing():
    level = room()
    panel = level.index(3, 2)
    level.tiles[panel] = int(T.PANEL)
    level.dests[panel] = level.index(5, 1)  # floor on both layers
    assert rules(level)["link-does-nothing"].cell == panel
    level.otiles[level.index(5, 1)] = int(T.BLUE)
    assert "link-does-nothing" not in rules(level)
    level.dests[panel] = panel  # a panel swapping itself is fine when its bizarro tile differs
    level.otiles[panel] = int(T.RED)
    assert rules(level) == {}


def test_bomb_before_a_bot():
    level = room()
    level.bots = [BotPlacement(level.index(3, 2), int(Bot.BOMB) + 3), BotPlacement(level.index(5, 2), int(Bot.DALEK))]
    problem = rules(level)["bots-out-of-order"]
    assert problem.cell == level.index(3, 2) and "Bot 1 (dalek)" in problem.message


def test_bomb_nothing_can_push_is_never_lit():
    level = room()
    level.tiles = [int(T.BLACK) if t == T.BLUE else t for t in level.tiles]  # walls no bomb breaks
    bomb = level.index(3, 3)
    level.bots = [BotPlacement(bomb, int(Bot.BOMB) + 2)]
    assert "bomb-never-lit" not in rules(level)  # pushable from above
    for x in range(1, 7):  # fence it in with permanent walls around its row
        level.tiles[level.index(x, 2)] = int(T.BLACK)
    level.tiles[level.index(6, 3)] = int(T.FLOOR)
    level.tiles[level.index(6, 1)] = int(T.EXIT)
    problem = rules(level)["bomb-never-lit"]
    assert problem.cell == bomb and "fuse of 2" in problem.message


def test_heart_framer_out_of_reach():
    level = room()
    level.tiles[level.index(5, 1)] = int(T.BLACK)
    level.tiles[level.index(5, 2)] = int(T.BLACK)
    level.tiles[level.index(6, 2)] = int(T.BLACK)
    level.tiles[level.index(6, 1)] = int(T.HEARTFRAMER)
    problem = rules(level)["unreachable"]
    assert problem.cell == level.index(6, 1) and "heart framer" in problem.message


def test_bundled_levels_are_clean(tmp_path):
    for path in sorted((ROOT / "levels" / "escape").glob("*.esx")):
        from studio.games.escape.esx import load_esx

        assert escape_lint(load_esx(path.read_bytes())) == [], path.name


def test_lint_command_json(tmp_path):
    bad = room()
    bad.tiles[bad.index(6, 3)] = int(T.FLOOR)
    (tmp_path / "bad.esx").write_bytes(save_esx(bad))
    (tmp_path / "good.esx").write_bytes(save_esx(room()))
    (tmp_path / "broken.esx").write_bytes(b"garbage")
    done = subprocess.run([sys.executable, "-m", "studio", "lint", "--json", str(tmp_path / "good.esx"),
                           str(tmp_path / "bad.esx"), str(tmp_path / "broken.esx")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1, done.stderr
    found = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(Path(p["level"]).name, p["rule"]) for p in found] == [("bad.esx", "no-exit"), ("broken.esx", "unreadable")]
    assert found[0]["x"] == 1 and found[0]["y"] == 1 and found[0]["severity"] == "error"
    clean = subprocess.run([sys.executable, "-m", "studio", "lint", str(tmp_path / "good.esx")],
                           capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert clean.returncode == 0 and clean.stdout == "1 level checked: no problems found\n"


def test_a_start_in_a_lasers_line():
    """An error when no first move gets the player out of the line alive (fuzz all-1-33:
    every move blocked, Escape says dead), a warning when one does (sdead.esx teases so)."""
    level = room()
    level.tiles[level.index(1, 3)] = int(T.LASER)  # below the player, who starts at (1, 1)
    problem = rules(level)["start-in-laser"]
    assert problem.severity == "warning" and problem.all_cells == (level.index(1, 1), level.index(1, 3))
    level.tiles[level.index(2, 1)] = int(T.BLUE)  # right: a wall; down stays in the line
    assert rules(level)["start-in-laser"].severity == "error"
    level.tiles[level.index(1, 2)] = int(T.RED)  # the beam blocked: no problem
    assert "start-in-laser" not in rules(level)
