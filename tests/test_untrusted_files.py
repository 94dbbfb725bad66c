"""Files that are not what they claim: a FIFO or a link to /dev/zero named as a level makes
every command say so at once; a playlist's next level stays in its folder; a bug in the
studio met while verifying is reported as a bug, never as the file's error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core import verifying
from studio.core.playtest_adapter import LevelContext
from studio.core.verifying import verify_file
from studio.games.laby.labyfile import load_laby
from studio.games.laby.playlist import next_level_path
from studio.games.laby.playtest import LabyPlaytest

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


def studio(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))


@posix_only
@pytest.mark.parametrize("name", ["x.esx", "x.txt", "x.laby", "x.lock"])
def test_every_command_refuses_a_fifo_at_once(tmp_path, name):
    fifo = tmp_path / name
    os.mkfifo(fifo)
    for command in (["lint", str(fifo)], ["verify", str(fifo), "--json"], ["solve", str(fifo), "--json"],
                    ["render", str(fifo), "-o", str(tmp_path / "x.png")], ["convert", str(fifo), str(fifo)]):
        done = studio(*command, timeout=30)  # before: blocked forever waiting for a writer
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert "named pipe" in done.stdout + done.stderr, (command, done.stdout, done.stderr)


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_dev_zero_is_refused_by_verify(tmp_path):
    link = tmp_path / "zero.esx"
    link.symlink_to("/dev/zero")
    [result] = verify_file(str(link))
    assert result["verdict"] == "error" and "device" in result["error"]


@posix_only
def test_a_fifo_as_the_player_file_is_an_error_of_that_level(tmp_path, level_file):
    fifo = tmp_path / "player.esp"
    os.mkfifo(fifo)
    [result] = verify_file(str(level_file), solutions=str(fifo))
    assert result["verdict"] == "error" and "named pipe" in result["error"]


def test_a_bug_met_while_verifying_is_reported_as_a_bug(tmp_path, level_file, monkeypatch, capsys):
    def broken_verifier(path, solutions=None, moves=None):
        raise MemoryError("out of memory")

    real_game_for_path = verifying.game_for_path

    class BrokenLazy:
        def resolve(self):
            return broken_verifier

    def game_with_broken_verifier(path):
        from dataclasses import replace

        return replace(real_game_for_path(path), verify=BrokenLazy())

    monkeypatch.setattr(verifying, "game_for_path", game_with_broken_verifier)
    [result] = verify_file(str(level_file))
    assert result["verdict"] == "bug" and "MemoryError" in result["error"] and "bug in the studio" in result["error"]
    assert "Traceback" in result["traceback"]

    from studio.commands import verify as verify_command

    monkeypatch.setattr(verify_command, "verify_file", verify_file)
    status = verify_command.run(verify_command.argparse.Namespace(
        files=[str(level_file)], solutions=None, solution=None, json=True, jobs=0))
    out, err = capsys.readouterr()
    assert status == 3 and json.loads(out)["verdict"] == "bug" and "MemoryError" in err


def test_the_files_own_errors_stay_ordinary_errors(tmp_path):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"ESXL\x00")
    [result] = verify_file(str(broken))
    assert result["verdict"] == "error"


# -- a playlist's next level ----------------------------------------------------------------------

@pytest.fixture
def playlist(tmp_path) -> Path:
    folder = tmp_path / "playlist"
    (folder / "more").mkdir(parents=True)
    for name in ("01.laby", "02.laby", "more/03.laby"):
        (folder / name).write_text("name Level\nmap\n30\nend\n")
    (tmp_path / "outside.laby").write_text("name Outside\nmap\n30\nend\n")
    return folder


@pytest.mark.parametrize("nextlevel, expected", [
    ("02.laby", "02.laby"), ("more/03.laby", "more/03.laby"),
    ("../outside.laby", None), ("../../../proc/self/environ", None), ("/etc/passwd", None),
    ("more/../../outside.laby", None), ("missing.laby", None), ("more", None), ("", None),
])
def test_nextlevel_is_confined_to_the_playlists_folder(playlist, nextlevel, expected):
    found = next_level_path(playlist / "01.laby", nextlevel)
    assert (None if found is None else found.relative_to(playlist).as_posix()) == expected


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_link_leading_out_of_the_folder_is_no_next_level(playlist):
    (playlist / "sneaky.laby").symlink_to(playlist.parent / "outside.laby")
    assert next_level_path(playlist / "01.laby", "sneaky.laby") is None


def test_the_win_offers_no_level_outside_the_playlist(playlist):
    path = playlist / "01.laby"
    path.write_text("name First\nnextlevel ../../../proc/self/environ\nmap\n30\nend\n")
    level = load_laby(path.read_bytes())
    context = LevelContext(level, path.read_bytes(), path)
    assert LabyPlaytest.next_level(context) is None
    path.write_text("name First\nnextlevel 02.laby\nmap\n30\nend\n")
    context = LevelContext(load_laby(path.read_bytes()), path.read_bytes(), path)
    assert LabyPlaytest.next_level(context) == playlist / "02.laby"


@pytest.mark.parametrize("nextlevel, expected", [
    ("more/03.laby", ["01.laby", "more/03.laby"]),
    ("../outside.laby", ["01.laby"]), ("../../../proc/self/environ", ["01.laby"]),
    ("../../../../../../etc/passwd", ["01.laby"]), ("/etc/passwd", ["01.laby"]),
    ("more/../../outside.laby", ["01.laby"]), ("sneaky.laby", ["01.laby"]),
])
def test_an_exported_playlist_stays_in_its_folder(playlist, nextlevel, expected):
    # Export and Play Collection's Add Playlist followed nextlevel anywhere: a path out of the
    # folder was shipped, and one to a file no game reads stopped the export with AttributeError.
    from studio.export.levels import gather_levels

    if hasattr(os, "symlink"):
        (playlist / "sneaky.laby").symlink_to(playlist.parent / "outside.laby")
    (playlist / "01.laby").write_text(f"name First\nnextlevel {nextlevel}\nmap\n30\nend\n")
    game, files = gather_levels([playlist / "01.laby"])
    assert game.id == "laby"
    assert [file.relative_to(playlist).as_posix() for file in files] == expected


@posix_only
def test_an_exported_playlist_skips_a_fifo_named_as_its_next_level(playlist):
    from studio.export.levels import gather_levels

    os.mkfifo(playlist / "pipe.laby")
    (playlist / "01.laby").write_text("name First\nnextlevel pipe.laby\nmap\n30\nend\n")
    assert [file.name for file in gather_levels([playlist / "01.laby"])[1]] == ["01.laby"]


def test_a_chrono_engine_bug_is_a_bug_not_the_levels_error(monkeypatch):
    # ChronoShift's verifier caught every ValueError around the replay, the engine's included.
    from studio.games.chrono import solution

    def broken_step(state, action):
        raise ValueError("a bug in the engine")

    monkeypatch.setattr(solution, "step", broken_step)
    [result] = verify_file(str(ROOT / "levels" / "chrono" / "02-one-time-button.txt"))
    assert result["verdict"] == "bug" and "a bug in the engine" in result["error"]
    [result] = verify_file(str(ROOT / "levels" / "chrono" / "02-one-time-button.txt"), moves=tuple("EEX"))
    assert result["verdict"] == "error" and "not an action" in result["error"]  # the letters' own problem
