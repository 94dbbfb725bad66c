"""The sharing server under failure: SIGKILL in the middle of a burst of uploads loses no
acknowledged upload and leaves none half-written; the schema the migrations build is the
models' schema; a solution that runs too long is refused, and the worker replaced."""

from __future__ import annotations

import hashlib
import sys
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, Client, Database, ServerProcess, database_urls, escape_variant,
)

UPLOADERS = 6
BURST_UPLOADS = 20  # the kill comes once this many are acknowledged (the others still in flight)
BURST_LIMIT = 120.0  # seconds, on a machine busy with other work


@pytest.mark.parametrize("kind", database_urls())
def test_sigkill_during_an_upload_burst_keeps_every_acknowledged_upload(kind, tmp_path):
    database = Database(kind, tmp_path)
    server = ServerProcess(database.url, tmp_path / "server.log", "--uploads-per-hour", "100000",
                           "--accounts-per-hour", "100").start()
    try:
        acknowledged: dict[int, str] = {}  # level id -> MD5 of the bytes sent
        lock = threading.Lock()
        stop = threading.Event()
        clients = [Client(server.url, timeout=10).sign_up(f"burst{n}") for n in range(UPLOADERS)]

        def upload_until_killed(number: int, client: Client) -> None:
            serial = 0
            while not stop.is_set():
                data = escape_variant(number * 100_000 + serial, "Burst")
                serial += 1
                try:
                    status, body = client.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data)
                except OSError:  # the server died under this request: not acknowledged
                    continue
                if status == 201:
                    with lock:
                        acknowledged[body["id"]] = hashlib.md5(data).hexdigest()

        threads = [threading.Thread(target=upload_until_killed, args=(n, c)) for n, c in enumerate(clients)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + BURST_LIMIT
        while len(acknowledged) < BURST_UPLOADS and time.monotonic() < deadline:
            time.sleep(0.05)
        server.kill()  # SIGKILL, with uploads in flight
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        assert len(acknowledged) >= 3, "the burst should have stored a few uploads before the kill"

        server.start()
        anonymous = Client(server.url)
        for level_id, md5 in acknowledged.items():
            status, data = anonymous.get(f"/api/levels/{level_id}/file")
            assert status == 200 and hashlib.md5(data).hexdigest() == md5, level_id
        # Nothing half-written: every level the server lists is whole, its bytes matching its MD5,
        # and it still loads (it was verified before it was stored).
        listed = anonymous.get("/api/levels?limit=500")[1]
        assert {level["id"] for level in listed} >= set(acknowledged)
        for level in listed:
            status, data = anonymous.get(f"/api/levels/{level['id']}/file")
            assert hashlib.md5(data).hexdigest() == level["md5"]
            assert level["speedrun"] is not None and level["speedrun"]["length"] == 28
    finally:
        server.stop()
        database.drop()


@pytest.mark.parametrize("kind", database_urls())
def test_the_migrations_build_exactly_the_models_schema(kind, tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from studio.server.database import make_engine, migrate
    from studio.server.models import Base

    database = Database(kind, tmp_path)
    engine = make_engine(database.url)
    try:
        migrate(engine)
        migrate(engine)  # a second start finds nothing to do
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
            if kind == "sqlite":
                assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        engine.dispose()
        database.drop()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG data folder is Linux's")
def test_with_no_db_the_server_keeps_a_wal_sqlite_file_in_the_user_data_folder(tmp_path):
    import sqlite3

    data_home = tmp_path / "data"
    server = ServerProcess(None, tmp_path / "server.log", env={"XDG_DATA_HOME": str(data_home)}).start()
    try:
        anonymous = Client(server.url)
        assert anonymous.get("/api/health")[1]["database"] == "sqlite"
        status, uploaded = anonymous.sign_up("keeper").upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION)
        assert status == 201, uploaded
        database = data_home / "PuzzleLevelStudio" / "server.sqlite3"
        with sqlite3.connect(database) as connection:
            assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert connection.execute("SELECT md5 FROM levels").fetchall() == [(uploaded["md5"],)]
    finally:
        server.stop()


def test_a_solution_that_runs_too_long_is_refused_and_the_worker_replaced():
    from studio.server.verifier import VerifierPool

    pool = VerifierPool(workers=1, time_limit=0.001)  # less than a worker takes to start
    try:
        answer = pool.check("escape", "a.esx", ESCAPE_FIRST.read_bytes(), ESCAPE_FIRST_SOLUTION)
        assert answer == {"ok": False, "reason": "the solution could not be played within 0.001 s"}
        pool.time_limit = 60
        answer = pool.check("escape", "a.esx", ESCAPE_FIRST.read_bytes(), ESCAPE_FIRST_SOLUTION)
        assert answer["ok"] and answer["length"] == 28 and answer["title"] == "First Steps"
    finally:
        pool.close()


def test_an_engine_error_refuses_the_level_instead_of_failing_the_server(monkeypatch):
    from studio.server import levelcheck

    def broken_verifier(game):
        def verify(path, solutions=None, moves=None):
            raise RecursionError("the engine recursed without end")
        return verify, lambda text: tuple(text)

    monkeypatch.setattr(levelcheck, "_verifier", broken_verifier)
    answer = levelcheck.check({"game": "escape", "filename": "a.esx", "data": ESCAPE_FIRST.read_bytes(),
                               "solution": "R", "max_moves": 10})
    assert answer["ok"] is False and "recursed without end" in answer["reason"]
