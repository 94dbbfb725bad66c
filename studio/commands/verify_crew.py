"""`studio verify` on every core while this process starts an engine (Linux: fork).

A large verification whose game wants its engine started in the verifying process
(Game.verify_engine: Escape's compiled engine, half a second to start) goes in two
phases:

1. While this process starts the engine, a crew of forked workers reads the level files
   and their solutions (core.verifying.prepare_file, leaving the loading to the engine),
   taking parts from the front of the list, at the lowest priority (every level waits
   for the engine).
2. Once it has started, the crew is stopped. What it read is loaded and played, and what
   it had not read yet is read, loaded and played, by this process and forks of it,
   which inherit the started engine: one process per core, each taking every n-th part.
   A part the crew was reading is read again: that is sooner than waiting for it.

Each child writes its results to a spool file of its own, whole records one write each,
so a child never waits for this process to read (it is busy starting the engine) and one
stopped mid-record loses only that record. A part whose results never came (a child that
died) is done in this process. The results come back in the order of the parts.

Forking a process that has threads may deadlock the fork: ``usable`` says whether this
process may (Linux, one thread); elsewhere `studio verify` keeps its process pool.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import tempfile
import threading

from studio.core.verifying import finished, prepare_file, verify_file

_RECORD_HEADER = 8  # bytes of a record's length, before its pickle


def usable() -> bool:
    return sys.platform.startswith("linux") and threading.active_count() == 1


def prepare_part(tasks, loading: bool = True) -> list:
    """Each task's results, or a Deferred where the engine's process will play them (and,
    with ``loading`` False, load the level: core.verifying.prepare_file)."""
    return [prepare_file(*task, loading=loading) if defer else verify_file(*task) for *task, defer in tasks]


def verify_with_crew(parts: list, jobs: int, starters, notify):
    """Each file's finished results, in the order of ``parts`` (see the module docstring);
    ``starters`` are the games' engine starters, each called with ``notify``."""
    fork = multiprocessing.get_context("fork")
    jobs = max(1, min(jobs, len(parts)))
    claims = fork.Array("q", [0, len(parts)])  # the next part to take; the end of those left to take
    crew = [_start(fork, _read_from_front, (parts, claims)) for _ in range(jobs)]
    for start in starters:
        start(notify)
    with claims.get_lock():
        claims[1] = claims[0]  # nothing more for the crew
    read: dict[int, list] = {}
    for worker, spool in crew:
        worker.terminate()
        worker.join()
        read.update(_received(spool))
    shares = [range(core, len(parts), jobs) for core in range(jobs)]
    helpers = [(_start(fork, _finish_and_send, (parts, read, share)), share) for share in shares[1:]]
    done = {number: results for number, results in _finished(parts, read, shares[0])}
    for (helper, spool), share in helpers:
        helper.join()
        theirs = _received(spool)
        missing = [number for number in share if number not in theirs]  # (a helper that died)
        theirs.update(_finished(parts, read, missing))
        done.update(theirs)
    for number in range(len(parts)):
        yield from done.pop(number)


def _start(fork, target, args):
    spool = tempfile.TemporaryFile()
    process = fork.Process(target=_child, args=(target, *args, spool.fileno()), daemon=True)
    process.start()
    return process, spool


def _child(target, *args) -> None:
    # Ctrl-C reaches every process of the terminal's group: only this process's parent
    # answers it (its children are stopped as it ends), not each child with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        target(*args)
    except Exception:  # noqa: BLE001 - a full disk, say: the parent does this child's parts (and
        os._exit(1)  # meets any bug of the studio's there, reported on the level's line)


def _read_from_front(parts, claims, spool: int) -> None:
    if hasattr(os, "nice"):
        os.nice(19)
    while True:
        with claims.get_lock():
            number = claims[0]
            if number >= claims[1]:
                break
            claims[0] = number + 1
        # (the levels' loading is left to the processes with the engine: it loads them faster)
        _send(spool, number, prepare_part(parts[number], loading=False))


def _finished(parts, read: dict, numbers):
    """(number, each file's finished results) of each part numbered, read here if not yet."""
    for number in numbers:
        prepared = read[number] if number in read else prepare_part(parts[number])
        yield number, [finished(item) for item in prepared]


def _finish_and_send(parts, read, numbers, spool: int) -> None:
    for number, results in _finished(parts, read, numbers):
        _send(spool, number, results)


def _send(spool: int, number: int, value) -> None:
    data = pickle.dumps((number, value), protocol=pickle.HIGHEST_PROTOCOL)
    record = memoryview(len(data).to_bytes(_RECORD_HEADER, "little") + data)
    while record:
        record = record[os.write(spool, record):]


def _received(spool) -> dict:
    """The whole records of a child's spool (one cut short by its end is left out)."""
    spool.seek(0)
    data = spool.read()
    spool.close()
    records, at = {}, 0
    while at + _RECORD_HEADER <= len(data):
        size = int.from_bytes(data[at:at + _RECORD_HEADER], "little")
        at += _RECORD_HEADER
        if at + size > len(data):
            break
        number, value = pickle.loads(data[at:at + size])
        records[number] = value
        at += size
    return records
