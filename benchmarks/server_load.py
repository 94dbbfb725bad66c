"""Load on the sharing server: downloaders and uploaders against `studio serve` on this machine.

Run: python benchmarks/server_load.py [--seconds 30] [--downloaders 100] [--uploaders 10]
         [--pg postgresql+psycopg://...]   (default: $STUDIO_TEST_PG; without one, SQLite only)
Needs the server extra (pip install -e ".[server]").

Two runs: SQLite with one server process, then PostgreSQL with two server processes
sharing the database (the client spreads requests over both, as a load balancer would).
Each run seeds 40 levels, then for ``--seconds``: every downloader fetches a random
level's file again and again over its own keep-alive connection; every uploader
uploads new, distinct levels (verified by the server: each is a retitled tutorial
level with its winning solution). Prints requests per second, p50/p99/max latency
and errors for each kind, and one JSON line per run.

Bounded: traffic goes only to 127.0.0.1, each run stops after ``--seconds`` (at most
300) and at most MAX_REQUESTS requests, and the servers are stopped at the end.
Target: download p99 under 200 ms, zero errors.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, Client, Database, ServerProcess, escape_variant,
)

HOST = "127.0.0.1"  # never anywhere else
MAX_SECONDS = 300
MAX_REQUESTS = 2_000_000
SEED_LEVELS = 40
PREPARED_UPLOADS = 2_000  # more than the uploaders send in 30 s here
SERVER_OPTIONS = ("--uploads-per-hour", "10000000", "--accounts-per-hour", "1000")


class Connection:
    """One HTTP/1.1 keep-alive connection, as little client work per request as possible
    (the client shares the machine's two cores with the servers it measures)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: str = "") -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n{headers}"
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        payload = await self.reader.readexactly(length) if length else b""
        if not status_line:
            raise ConnectionError("the server closed the connection")
        return int(status_line.split()[1]), payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Tally:
    def __init__(self):
        self.latencies: list[float] = []
        self.errors = 0
        self.first_error = ""

    def summary(self, seconds: float) -> dict:
        ordered = sorted(self.latencies)
        pick = (lambda q: round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)) if ordered else (lambda q: None)
        return {"requests": len(ordered), "per_second": round(len(ordered) / seconds, 1), "p50_ms": pick(0.5),
                "p99_ms": pick(0.99), "max_ms": round(1000 * ordered[-1], 1) if ordered else None,
                "mean_ms": round(1000 * statistics.fmean(ordered), 1) if ordered else None,
                "errors": self.errors, "first_error": self.first_error}


async def run_load(ports: list[int], tokens: list[str], level_ids: list[int], downloaders: int, uploaders: int,
                   seconds: float) -> dict:
    downloads, uploads = Tally(), Tally()
    # Made beforehand: building a level in the client would stall its downloaders' clocks.
    bodies = [upload_body(serial) for serial in range(PREPARED_UPLOADS)]
    deadline = time.monotonic() + seconds
    sent = 0

    async def downloader(number: int) -> None:
        nonlocal sent
        connection = Connection(ports[number % len(ports)])
        rng = random.Random(number)
        while time.monotonic() < deadline and sent < MAX_REQUESTS:
            sent += 1
            started = time.perf_counter()
            try:
                status, body = await connection.request("GET", f"/api/levels/{rng.choice(level_ids)}/file")
                ok = status == 200 and body
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                ok, status = False, repr(error)
                connection.close()
                connection = Connection(connection.port)
            record(downloads, ok, started, status)
        connection.close()

    async def uploader(number: int) -> None:
        nonlocal sent
        connection = Connection(ports[number % len(ports)])
        serial = 0
        while time.monotonic() < deadline and sent < MAX_REQUESTS:
            sent += 1
            body = bodies.pop() if bodies else upload_body(PREPARED_UPLOADS + number * 1_000_000 + serial)
            serial += 1
            started = time.perf_counter()
            try:
                status, answer = await connection.request(
                    "POST", "/api/levels", body, f"Authorization: Bearer {tokens[number % len(tokens)]}\r\n")
                ok = status == 201
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                ok, status, answer = False, repr(error), b""
                connection.close()
                connection = Connection(connection.port)
            record(uploads, ok, started, f"{status} {answer[:200]!r}")
        connection.close()

    def record(tally: Tally, ok: bool, started: float, status) -> None:
        if ok:
            tally.latencies.append(time.perf_counter() - started)
        else:
            tally.errors += 1
            tally.first_error = tally.first_error or str(status)

    began = time.monotonic()
    await asyncio.gather(*(downloader(n) for n in range(downloaders)), *(uploader(n) for n in range(uploaders)))
    elapsed = time.monotonic() - began
    return {"seconds": round(elapsed, 1), "downloads": downloads.summary(elapsed), "uploads": uploads.summary(elapsed)}


def upload_body(serial: int) -> bytes:
    """An upload of a level no one uploaded before (a retitled tutorial level: same solution)."""
    data = escape_variant(10_000_000 + serial, f"Load {os.getpid()}")
    return json.dumps({"game": "escape", "filename": "load.esx", "solution": ESCAPE_FIRST_SOLUTION,
                       "data_base64": base64.b64encode(data).decode()}).encode()


def seed(url: str, uploaders: int) -> tuple[list[str], list[int]]:
    """Accounts for the uploaders (one each) and SEED_LEVELS levels to download."""
    anonymous = Client(url)
    clients = [anonymous.sign_up(f"loader{n}") for n in range(uploaders)]
    level_ids = []
    for n in range(SEED_LEVELS):
        status, body = clients[n % len(clients)].upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION,
                                                         data=escape_variant(n, "Seed"))
        if status != 201:
            raise SystemExit(f"seeding failed: {status} {body}")
        level_ids.append(body["id"])
    return [client.token for client in clients], level_ids


def scenario(name: str, kind: str, servers: int, args, folder: Path) -> dict | None:
    if kind == "postgresql":
        if not args.pg:
            print(f"{name}: skipped (no PostgreSQL: give --pg URL or set STUDIO_TEST_PG)")
            return None
        os.environ["STUDIO_TEST_PG"] = args.pg
    folder.mkdir(parents=True, exist_ok=True)
    database = Database(kind, folder)
    processes = []
    try:
        for number in range(servers):
            processes.append(ServerProcess(database.url, folder / f"server{number}.log", *SERVER_OPTIONS).start())
        ports = [int(process.url.rsplit(":", 1)[1]) for process in processes]
        tokens, level_ids = seed(processes[0].url, args.uploaders)
        result = asyncio.run(run_load(ports, tokens, level_ids, args.downloaders, args.uploaders, args.seconds))
    finally:
        for process in processes:
            process.stop()
        database.drop()
    result = {"scenario": name, "servers": servers, "downloaders": args.downloaders, "uploaders": args.uploaders,
              **result}
    report(result)
    return result


def report(result: dict) -> None:
    print(f"\n{result['scenario']}: {result['servers']} server process(es), {result['downloaders']} downloaders, "
          f"{result['uploaders']} uploaders, {result['seconds']} s")
    for kind in ("downloads", "uploads"):
        r = result[kind]
        print(f"  {kind:9} {r['requests']:7} ok  {r['per_second']:8.1f} req/s  p50 {r['p50_ms']} ms  "
              f"p99 {r['p99_ms']} ms  max {r['max_ms']} ms  errors {r['errors']}"
              + (f" (first: {r['first_error']})" if r["errors"] else ""))
    print(json.dumps(result))


def _fast_event_loop() -> None:
    """uvloop when it is installed (the server extra has it): the client's own overhead is
    part of every latency measured."""
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


def main() -> int:
    _fast_event_loop()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--downloaders", type=int, default=100)
    parser.add_argument("--uploaders", type=int, default=10)
    parser.add_argument("--pg", default=os.environ.get("STUDIO_TEST_PG"), help="a PostgreSQL URL (a database is made in it)")
    parser.add_argument("--only", choices=("sqlite", "postgresql"), help="run one scenario")
    args = parser.parse_args()
    args.seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    with tempfile.TemporaryDirectory(prefix="studio-load-") as folder:
        results = []
        if args.only in (None, "sqlite"):
            results.append(scenario("SQLite", "sqlite", 1, args, Path(folder) / "sqlite"))
        if args.only in (None, "postgresql"):
            results.append(scenario("PostgreSQL", "postgresql", 2, args, Path(folder) / "pg"))
    failed = [r for r in results if r and (r["downloads"]["errors"] or r["uploads"]["errors"])]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
