"""Exporting a game without building it: which levels, their checks (stored solution,
solver, unsolvable, broken), the staged bundle, the generated spec, and the
`studio export-game` command's refusals and --check-only. (Builds: test_export_build.py.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.game import game_by_id
from studio.export.build import refusal
from studio.export.bundle import StageError, hidden_imports, slug, spec_text, stage_collection, studio_excludes
from studio.export.levels import SOLVER_SOURCE, ExportError, check_level, gather_levels
from studio.games.escape.esx import save_esx
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T
from studio.player.collection import load_collection

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


@pytest.fixture
def walled_in(tmp_path) -> Path:
    """An Escape level whose exit a wall cuts off: nothing solves it."""
    level = EscapeLevel.blank(5, 3, "Walled In", "Tester")
    for y in range(3):
        level.tiles[level.index(2, y)] = T.BLUE
    level.tiles[level.index(4, 1)] = T.EXIT
    path = tmp_path / "walled-in.esx"
    path.write_bytes(save_esx(level))
    return path


def studio_command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "studio", "export-game", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


# -- which levels ----------------------------------------------------------------------------

def test_a_folder_gives_its_levels_by_name():
    game, files = gather_levels([LEVELS / "escape"])
    assert game.id == "escape"
    assert [f.name for f in files] == sorted(p.name for p in (LEVELS / "escape").glob("*.esx"))


def test_a_playlist_s_first_level_alone_gives_the_playlist():
    game, files = gather_levels([LEVELS / "laby" / "05-spiral.laby"])
    assert game.id == "laby"
    assert [f.name for f in files] == ["05-spiral.laby", "06-hedge-garden.laby", "07-crypt.laby"]


def test_several_files_are_taken_in_the_order_given():
    chosen = [LEVELS / "laby" / "03-any-door.laby", LEVELS / "laby" / "01-first-steps.laby"]
    assert gather_levels(chosen)[1] == chosen


@pytest.mark.parametrize("paths, message", [
    ([LEVELS / "laby", LEVELS / "escape" / "01-first-steps.esx"], "of several: Escape, Labyrinthos"),
    ([LEVELS / "missing"], "no such file or folder"),
    ([LEVELS / "escape" / "SOLUTIONS.md", LEVELS / "escape" / "01-first-steps.esx"], "no game reads"),
    ([], "name the levels"),
])
def test_what_cannot_be_exported_is_said(paths, message):
    with pytest.raises(ExportError, match=message):
        gather_levels(paths)


# -- checking each level ------------------------------------------------------------------------

def test_a_stored_solution_ships_with_its_level():
    check = check_level(LEVELS / "escape" / "02-red-blocks.esx")
    assert check.shippable and check.title == "One at a Time"
    assert check.solution == "RRRDRRRRRDDLD" and check.source == "stored (solutions.esp)"


def test_the_solver_finds_one_for_a_level_with_none_stored():
    check = check_level(LEVELS / "laby" / "03-any-door.laby")
    assert check.shippable and check.source == SOLVER_SOURCE and len(check.solution) == 7


def test_an_unsolvable_level_is_refused_unless_overridden(walled_in):
    check = check_level(walled_in, solve_timeout=20)
    assert check.unsolvable and not check.error and not check.shippable
    assert "proved it cannot be won" in check.unsolvable
    assert "walled-in.esx" in refusal([check], allow_unsolvable=False)
    assert refusal([check], allow_unsolvable=True) == ""


def test_a_broken_level_is_never_shipped(tmp_path):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"not a level")
    check = check_level(broken)
    assert check.error.startswith("not a valid level")
    assert "cannot be played" in refusal([check], allow_unsolvable=True)


# -- the bundle and its spec ----------------------------------------------------------------------

def test_the_staged_bundle_reads_back(tmp_path):
    game, files = gather_levels([LEVELS / "chrono"])
    checks = [check_level(path) for path in files[:3]]
    icon = ROOT / "resources" / "icons" / "studio.svg"
    collection = stage_collection(checks, game, "Time Trials", "Ann", icon, tmp_path / "game")
    again = load_collection(tmp_path / "game")
    assert again == collection and again.game_id == "chrono" and again.icon == "icon.svg"
    assert [level.file for level in again.levels] == [f"levels/{path.name}" for path in files[:3]]
    assert all(again.level_path(level).read_bytes() == path.read_bytes() for level, path in zip(again.levels, files))
    assert [level.solution for level in again.levels] == [check.solution for check in checks]


def test_an_icon_must_be_png_or_svg(tmp_path):
    text = tmp_path / "icon.txt"
    text.write_text("x")
    game, files = gather_levels([LEVELS / "chrono" / "01-coin-and-home.txt"])
    with pytest.raises(StageError, match="PNG or an SVG"):
        stage_collection([check_level(files[0])], game, "G", "", text, tmp_path / "game")


def test_the_spec_leaves_the_studio_out(tmp_path):
    game = game_by_id("escape")
    text = spec_text(game, "escape-game", tmp_path / "game")
    compile(text, "escape-game.spec", "exec")
    excludes = studio_excludes(game)
    for module in ("studio.app", "studio.editor.scene", "studio.editor.tools", "studio.commands", "studio.cli",
                   "studio.core.solver", "studio.games.escape.solve", "studio.games.escape.lint",
                   "studio.games.chrono", "studio.export", "studio.playtest.dock"):
        assert module in excludes, module
    for module in ("studio.editor.pixmaps", "studio.games.escape", "studio.art.escape.view",
                   "studio.games.escape.playtest", "studio.playtest.board"):
        assert module not in excludes, module
    assert {"studio.games.escape.playtest", "studio.art.escape.view", "studio.games.escape.progress"} <= \
        set(hidden_imports(game))


def test_program_names():
    assert slug("Tom's Escape: Part 2!") == "toms-escape-part-2"
    assert slug("???") == "game"


# -- the command ------------------------------------------------------------------------------------

def test_check_only_prints_a_line_per_level():
    done = studio_command(str(LEVELS / "intricacy"), "--check-only", "--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 8 and all(line["solution"] and not line["error"] for line in lines)


def test_an_unsolvable_level_stops_the_command_before_any_build(walled_in, tmp_path):
    done = studio_command(str(walled_in), "-o", str(tmp_path / "out"), "--name", "G", "--solve-timeout", "20")
    assert done.returncode == 1
    assert "no known solution" in done.stderr and "--allow-unsolvable" in done.stderr
    assert not (tmp_path / "out" / "g").exists()


@pytest.mark.parametrize("args, message", [
    (["--check-only-not"], "unrecognized"),
    (["-o", "x"], "-o DIR and --name NAME"),
    (["-o", "x", "--name", "G", "--icon", "nope.png"], "no such file"),
])
def test_bad_arguments_exit_2(args, message):
    done = studio_command(str(LEVELS / "laby"), *args)
    assert done.returncode == 2 and message in done.stderr
