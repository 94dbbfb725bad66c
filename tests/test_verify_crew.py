"""`studio verify`'s sharing of a large job between cores while an engine starts
(studio/commands/verify_crew.py): the results in order and the same as verifying each file
in turn, when the crew reads some parts and this process the rest; when a crew worker dies
or a process sharing the playing dies (its parts are done here); and a spool cut short in
the middle of a record. Levels made here, one solution given for all (no corpus needed)."""

from __future__ import annotations

import os
import sys
import tempfile
import time

import pytest

from studio.commands import verify_crew
from studio.core.verifying import verify_file
from studio.games.escape.esx import encode_esx
from tests.test_escape_rules import make_level

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the crew forks: Linux only")

MOVES = (4, 4, 4, 2)  # right three times, then down


@pytest.fixture
def parts(tmp_path):
    """60 level files in parts of 4: won or open by MOVES, and one damaged."""
    rows = ["P...\n...E", "P..E", "P.o.", "P...\n....", "P.E."]
    tasks = []
    for number in range(60):
        path = tmp_path / f"{number:02d}.esx"
        data = encode_esx(make_level(rows[number % len(rows)]))
        path.write_bytes(data[:20] if number == 33 else data)
        tasks.append((str(path), None, MOVES, True))
    return [tasks[first:first + 4] for first in range(0, len(tasks), 4)]


def each_in_turn(parts) -> list[list[dict]]:
    return [verify_file(path, solutions, moves) for part in parts for path, solutions, moves, _ in part]


def slow_start(notify) -> bool:
    time.sleep(0.3)  # (the crew reads meanwhile)
    return True


def quick_start(notify) -> bool:
    return True  # (the crew has read little or nothing: the sharing processes read the rest)


@pytest.mark.parametrize("start", [slow_start, quick_start])
def test_the_results_come_in_order_and_as_each_file_verified_in_turn(parts, start):
    got = list(verify_crew.verify_with_crew(parts, 2, [start], print))
    assert got == each_in_turn(parts)
    verdicts = [result["verdict"] for results in got for result in results]
    assert {"won", "open", "error"} <= set(verdicts)


def test_parts_of_a_crew_worker_that_died_are_read_here(parts, monkeypatch):
    parent, real = os.getpid(), verify_crew.prepare_part

    def dies_on_the_third_part(tasks, **options):
        if os.getpid() != parent and tasks == parts[2]:
            os._exit(1)
        return real(tasks, **options)

    monkeypatch.setattr(verify_crew, "prepare_part", dies_on_the_third_part)
    assert list(verify_crew.verify_with_crew(parts, 2, [slow_start], print)) == each_in_turn(parts)


def test_the_share_of_a_process_that_died_while_playing_is_played_here(parts, monkeypatch):
    parent, real = os.getpid(), verify_crew._finished

    def dies_in_a_helper(all_parts, read, numbers):
        if os.getpid() != parent:
            os._exit(1)
        return real(all_parts, read, numbers)

    monkeypatch.setattr(verify_crew, "_finished", dies_in_a_helper)
    assert list(verify_crew.verify_with_crew(parts, 3, [slow_start], print)) == each_in_turn(parts)


def test_a_child_that_cannot_write_its_spool_stops_quietly_and_its_parts_are_done_here(parts, monkeypatch, capfd):
    parent, real = os.getpid(), verify_crew._send

    def disk_full(spool, number, value):
        if os.getpid() != parent:
            raise OSError(28, "No space left on device")
        real(spool, number, value)

    monkeypatch.setattr(verify_crew, "_send", disk_full)
    assert list(verify_crew.verify_with_crew(parts, 2, [slow_start], print)) == each_in_turn(parts)
    assert "Traceback" not in capfd.readouterr().err


def test_a_record_cut_short_is_left_out():
    with tempfile.TemporaryFile() as spool:
        verify_crew._send(spool.fileno(), 0, ["whole"])
        verify_crew._send(spool.fileno(), 5, {"also": "whole"})
        end = os.lseek(spool.fileno(), 0, os.SEEK_CUR)
        verify_crew._send(spool.fileno(), 7, list(range(1000)))
        os.ftruncate(spool.fileno(), end + 30)  # (a worker stopped while writing it)
        assert verify_crew._received(spool) == {0: ["whole"], 5: {"also": "whole"}}
