"""Running the sharing server for tests: a real `studio serve` process on 127.0.0.1 at a free
port, on a fresh SQLite file or (when ``STUDIO_TEST_PG`` names one) a fresh PostgreSQL
database; a small JSON client; distinct level files to upload."""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LEVELS = PROJECT_ROOT / "levels"
ESCAPE_FIRST = LEVELS / "escape" / "01-first-steps.esx"
ESCAPE_FIRST_SOLUTION = "RRRDDLDDRRRRRUULLUURRRRDDDDD"

# One bundled level per game with a solution that wins it ("" : the file's own stored solution).
WINNING = {
    "escape": (ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION),
    "chrono": (LEVELS / "chrono" / "01-coin-and-home.txt", ""),
    "intricacy": (LEVELS / "intricacy" / "01-the-bolt.lock", ""),
    "laby": (LEVELS / "laby" / "01-first-steps.laby", "RRRRRRRDDLLLLLLL"),
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_urls() -> list:
    """pytest params: SQLite always, PostgreSQL when STUDIO_TEST_PG names a server."""
    pg = os.environ.get("STUDIO_TEST_PG")
    return ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
        not pg, reason="STUDIO_TEST_PG is not set (e.g. postgresql+psycopg://postgres@/postgres?host=/var/run/postgresql)"))]


class Database:
    """A fresh database of a kind, dropped afterwards (PostgreSQL) or left in tmp (SQLite)."""

    def __init__(self, kind: str, tmp_path: Path):
        self.kind = kind
        self._pg_admin = None
        if kind == "sqlite":
            self.url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
            return
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        admin_url = make_url(os.environ["STUDIO_TEST_PG"])
        self.name = f"studio_test_{uuid.uuid4().hex[:12]}"
        self._pg_admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with self._pg_admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{self.name}"'))
        self.url = admin_url.set(database=self.name).render_as_string(hide_password=False)

    def drop(self) -> None:
        if self._pg_admin is None:
            return
        from sqlalchemy import text

        with self._pg_admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        self._pg_admin.dispose()


class ServerProcess:
    """`studio serve` in a subprocess; ``url`` is its address once ``start`` returns."""

    def __init__(self, database_url: str | None, log_path: Path, *options: str, env: dict | None = None):
        """``database_url`` None: no ``--db`` (the server's default); ``env``: more environment."""
        self.database_url = database_url
        self.log_path = log_path
        self.options = options
        self.env = env or {}
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> "ServerProcess":
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONUNBUFFERED="1", **self.env)
        database = ["--db", self.database_url] if self.database_url is not None else []
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "studio", "serve", "--port", str(port), *database, *self.options],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, cwd=PROJECT_ROOT)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}): {self.log_path.read_text()[-2000:]}")
            try:
                if Client(self.url).get("/api/health")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s: {self.log_path.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """JSON over HTTP with the standard library; answers (status, parsed body or bytes)."""

    def __init__(self, url: str, token: str | None = None, timeout: float = 60.0):
        self.url = url
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body=None, raw: bytes | None = None, headers=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        all_headers = {"Content-Type": "application/json"} if data is not None else {}
        if self.token:
            all_headers["Authorization"] = f"Bearer {self.token}"
        all_headers.update(headers or {})
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, _parse(response.read(), response.headers.get("Content-Type", ""))
        except urllib.error.HTTPError as error:
            return error.code, _parse(error.read(), error.headers.get("Content-Type", ""))

    def get(self, path: str):
        return self.request("GET", path)

    def post_oversized(self, path: str, body: bytes, chunked: bool = False):
        """POST a body the server may refuse before it is all sent (as an early 413 does), and read
        the answer anyway: urllib gives up with a broken pipe once the server closes its side.
        ``chunked`` sends it in chunks of 256 KiB with no Content-Length to refuse it by."""
        host, port = self.url.split("//", 1)[1].rsplit(":", 1)
        if chunked:
            size = 0x40000
            framing = "Transfer-Encoding: chunked"
            body = b"".join(b"%x\r\n%s\r\n" % (len(body[at:at + size]), body[at:at + size])
                            for at in range(0, len(body), size)) + b"0\r\n\r\n"
        else:
            framing = f"Content-Length: {len(body)}"
        with socket.create_connection((host, int(port)), timeout=self.timeout) as connection:
            connection.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                               f"{framing}\r\nConnection: close\r\n\r\n".encode())
            try:
                connection.sendall(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server answered early and closed; its answer is still waiting to be read
            answer = b""
            try:
                while chunk := connection.recv(65536):
                    answer += chunk
            except ConnectionResetError:
                pass
        head, _, payload = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        return status, _parse(payload, "application/json" if b"application/json" in head.lower() else "")

    def post(self, path: str, body=None, **kwargs):
        return self.request("POST", path, body, **kwargs)

    def sign_up(self, name: str, password: str = "correct horse") -> "Client":
        """Register ``name`` and sign in: a client carrying the account's token."""
        status, body = self.post("/api/accounts", {"name": name, "password": password})
        assert status == 201, body
        status, body = self.post("/api/sessions", {"name": name, "password": password})
        assert status == 200, body
        return Client(self.url, body["token"], self.timeout)

    def upload(self, path: Path, solution: str, game: str | None = None, data: bytes | None = None,
               filename: str | None = None, headers: dict | None = None):
        data = path.read_bytes() if data is None else data
        return self.post("/api/levels", {
            "game": game or next(g for g, (p, _) in WINNING.items() if p.suffix == path.suffix),
            "filename": filename or path.name, "data_base64": base64.b64encode(data).decode(), "solution": solution},
            headers=headers)


def _parse(data: bytes, content_type: str):
    if content_type.startswith("application/json"):
        return json.loads(data) if data else None
    return data


def escape_variant(number: int, title_prefix: str = "Variant") -> bytes:
    """Escape's first tutorial level retitled: the same solution wins, but its bytes (and MD5) differ."""
    from studio.core.game import game_by_id

    game = game_by_id("escape")
    level = game.load(ESCAPE_FIRST.read_bytes())
    level.title = f"{title_prefix} {number}"
    return game.save(level)


def start_server(database: Database, tmp_path: Path, *options: str) -> ServerProcess:
    return ServerProcess(database.url, tmp_path / "server.log", *options).start()


LASERS = LEVELS / "escape" / "05-lasers.esx"
LASERS_SOLUTION = "RRDURRRRRRDDDDLLLLLLDRRRRRRDDRR"


def serve_one_level(tmp_path: Path, author: str = "designer"):
    """A live SQLite server holding Escape's "In the Line of Fire", uploaded by ``author``:
    (the server, the upload's answer). Stop the server when done."""
    server = start_server(Database("sqlite", tmp_path), tmp_path)
    status, uploaded = Client(server.url).sign_up(author).upload(LASERS, LASERS_SOLUTION)
    assert status == 201, uploaded
    return server, uploaded
