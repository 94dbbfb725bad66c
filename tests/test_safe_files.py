"""Reading only regular files within a size cap (core.reading), and saving that never loses the
old version, a read-only file, a link or a file's owner and mode (core.files)."""

from __future__ import annotations

import os
import stat
import time

import pytest

from studio.core.files import NotAFileError, ReadOnlyFileError, backup_path, write_atomic
from studio.core.game import all_games, game_by_id
from studio.core.reading import UnreadableFileError, read_file, read_level

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "level.esx"
    path.write_bytes(b"ESXL" + bytes(200))
    assert read_file(path, 1000) == b"ESXL" + bytes(200)


def test_a_fifo_is_refused_at_once_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "x.esx"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(UnreadableFileError, match="named pipe"):
        read_file(fifo)
    assert time.perf_counter() - started < 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_dev_zero_is_refused_at_once(tmp_path):
    link = tmp_path / "z.txt"
    link.symlink_to("/dev/zero")
    with pytest.raises(UnreadableFileError, match="device"):
        read_file(link)


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "d.laby").mkdir()
    with pytest.raises(OSError):
        read_file(tmp_path / "d.laby")


@pytest.mark.parametrize("game", [game.id for game in all_games()])
def test_each_format_has_its_size_cap(tmp_path, game):
    game = game_by_id(game)
    path = tmp_path / ("big" + game.file_patterns[0][1:])
    path.write_bytes(b"x" * (game.max_file_bytes + 1))
    with pytest.raises(UnreadableFileError) as caught:
        read_level(path, game)
    assert f"{game.name} level is at most" in str(caught.value)
    path.write_bytes(b"x" * 10)
    assert read_level(path, game) == b"x" * 10


@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="no /proc")
def test_a_file_claiming_no_size_is_still_read_only_up_to_the_cap():
    assert len(read_file("/proc/self/environ", 1 << 20)) > 0
    with pytest.raises(UnreadableFileError, match="more than"):
        read_file("/proc/self/environ", 4)


# -- saving -------------------------------------------------------------------------------------

def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "level.laby"
    path.write_bytes(b"old")
    path.chmod(0o444)
    with pytest.raises(ReadOnlyFileError, match="read-only"):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["level.laby"]


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a fifo"])
def test_a_save_never_replaces_anything_but_a_file(tmp_path, kind):
    # The rename replaced whatever had the name: a FIFO, or (run as root, through a link) a
    # device such as /dev/null. A device is not made here; a link to a FIFO takes the same path.
    special = tmp_path / ("level.laby" if kind != "link to a fifo" else "pipe")
    if kind == "folder":
        special.mkdir()
    else:
        os.mkfifo(special)
    path = tmp_path / "level.laby"
    if kind == "link to a fifo":
        path.symlink_to(special)
    with pytest.raises(NotAFileError, match="not a regular file"):
        write_atomic(path, b"new", backup=True)
    assert not stat.S_ISREG(os.stat(path).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"level.laby", special.name})


def test_saving_through_a_link_writes_the_file_it_names(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "level.txt"
    target.write_bytes(b"old")
    link = tmp_path / "level.txt"
    link.symlink_to(target)
    assert write_atomic(link, b"new") == target
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_the_files_mode_and_owner_are_kept(tmp_path):
    path = tmp_path / "level.lock"
    path.write_bytes(b"old")
    path.chmod(0o640)
    if os.getuid() == 0:  # only root can give a file away: test the owner then
        os.chown(path, 1234, 2345)
    write_atomic(path, b"new")
    info = path.stat()
    assert stat.S_IMODE(info.st_mode) == 0o640
    if os.getuid() == 0:
        assert (info.st_uid, info.st_gid) == (1234, 2345)


def test_the_folder_is_flushed_after_the_rename(tmp_path, monkeypatch):
    flushed = []
    real_fsync = os.fsync

    def record(fd):
        flushed.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr("studio.core.files.os.fsync", record)
    write_atomic(tmp_path / "level.esx", b"data")
    assert flushed == [False, True]  # the file's data, then the folder's entry


def test_one_backup_of_the_version_replaced_is_kept_when_asked(tmp_path):
    path = tmp_path / "level.esx"
    write_atomic(path, b"first", backup=True)
    assert not backup_path(path).exists()  # nothing was replaced
    write_atomic(path, b"second", backup=True)
    write_atomic(path, b"third", backup=True)
    assert backup_path(path).name == "level.esx~"
    assert backup_path(path).read_bytes() == b"second" and path.read_bytes() == b"third"
    write_atomic(path, b"fourth")
    assert backup_path(path).read_bytes() == b"second"  # no backup asked: the old one stays as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["level.esx", "level.esx~"]


def test_a_failed_save_leaves_neither_temporary_files_nor_a_backup(tmp_path, monkeypatch):
    path = tmp_path / "level.esx"
    path.write_bytes(b"old")

    def disk_full(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("studio.core.files.os.replace", disk_full)
    with pytest.raises(OSError):
        write_atomic(path, b"new", backup=True)
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["level.esx"]
