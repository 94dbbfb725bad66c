"""The database: an engine for a URL (SQLite in WAL mode, or PostgreSQL), the schema
brought up to date by Alembic's migrations, and sessions.

With no URL the server keeps an SQLite file in the user's data folder. SQLite is
opened in WAL mode with a busy timeout, so readers never wait for the writer and
a killed process leaves only committed transactions behind.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Any fixed number: every server process on one PostgreSQL takes this lock while it migrates.
MIGRATION_LOCK = 0x5714D10


def user_data_dir() -> Path:
    """The folder for the server's own files, by the platform's convention."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "PuzzleLevelStudio"


def default_database_url() -> str:
    return f"sqlite:///{user_data_dir() / 'server.sqlite3'}"


def make_engine(url: str, connections: int = 10) -> Engine:
    """An engine for ``url`` keeping up to ``connections`` connections (and a few more for work
    outside requests); an SQLite file's folder is created, and the file opened in WAL mode.
    Waiting for a connection is short: the server admits no more requests than it has."""
    pool = {"pool_size": connections, "max_overflow": 4, "pool_timeout": 10}
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               **(pool if path and path != ":memory:" else {}))
        event.listen(engine, "connect", _sqlite_pragmas)
        WriteGate().watch(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, **pool)


class WriteGate:
    """One SQLite writer at a time in this process, waiting in a lock instead of SQLite's busy
    handler. SQLite lets one transaction write at a time anyway; its other writers sleep and
    poll (up to a tenth of a second a try), so a burst of writes from many threads crawled and
    starved. A connection takes the gate before its transaction's first write and gives it
    back when it returns to the pool (after its commit or rollback)."""

    WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN IMMEDIATE")

    def __init__(self):
        self._lock = threading.Lock()

    def watch(self, engine: Engine) -> None:
        event.listen(engine, "before_cursor_execute", self._before_execute)
        event.listen(engine.pool, "checkin", self._returned)
        event.listen(engine.pool, "invalidate", self._invalidated)

    def _before_execute(self, connection, _cursor, statement: str, *_args) -> None:
        info = connection.info
        if not info.get("writing") and statement.lstrip()[:15].upper().startswith(self.WRITES):
            self._lock.acquire()
            info["writing"] = True

    def _returned(self, _dbapi_connection, record) -> None:
        if record is not None and record.info.pop("writing", False):
            self._lock.release()

    def _invalidated(self, _dbapi_connection, record, _exception) -> None:
        self._returned(_dbapi_connection, record)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a commit acknowledged survives a crash of the machine too
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (safe with several processes starting at once)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
