"""A load of players on the sharing server, for benchmarks/server_load.py and the load tests.

Each client is a player of its own (an account, an address in X-Forwarded-For) that keeps one
HTTP/1.1 connection to one of the server processes and, without pause, sends a realistic mix
of requests (``MIX``): lists, downloads, ratings, comments, speedruns
and uploads of new levels. A 503 is honoured as a real client would: it waits the
``Retry-After`` it was given (at most ``MAX_RETRY_WAIT``). Every write the server
acknowledged is remembered, so a test can look for each one after a crash.

Only 127.0.0.1 is ever addressed; every run is bounded in time and in requests.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import time
from dataclasses import dataclass, field

from tests.server_support import ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, Client, escape_variant

HOST = "127.0.0.1"  # never anywhere else
MAX_REQUESTS = 2_000_000
MAX_RETRY_WAIT = 60.0
SLOW_SECONDS = 10.0  # an answer later than this counts as a stall
# kind: share of the requests (a site's traffic is mostly reading).
MIX = {"list": 25, "download": 35, "rate": 12, "comment": 10, "speedrun": 10, "upload": 8}
WRITES = ("rate", "comment", "speedrun", "upload")


class Connection:
    """One HTTP/1.1 keep-alive connection, with as little client work per request as possible
    (the client shares the machine's two cores with the servers it measures)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"",
                      headers: str = "") -> tuple[int, bytes, dict]:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n{headers}"
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        message = head.encode() + b"\r\n" + body
        reused = self.writer is not None
        try:
            status_line = await self._send(message)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not reused:
                raise
            # The server closed a connection left idle (as after a 503's wait), before any answer
            # came: send again on a new one, as browsers and HTTP libraries do.
            self.close()
            status_line = await self._send(message)
        answer_headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            answer_headers[name.strip().lower().decode()] = value.strip().decode()
        length = int(answer_headers.get("content-length", 0))
        payload = await self.reader.readexactly(length) if length else b""
        if answer_headers.get("connection", "").lower() == "close":
            self.close()
        return int(status_line.split()[1]), payload, answer_headers

    async def _send(self, message: bytes) -> bytes:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        self.writer.write(message)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        return status_line

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Tally:
    """One kind of request's answers: latencies of the successful ones, counts of the rest."""

    def __init__(self):
        self.latencies: list[float] = []
        self.in_window = 0  # successful answers that came before the run's end
        self.statuses: dict[str, int] = {}
        self.slowest = 0.0
        self.first_error = ""

    def add(self, status, seconds: float, ok: bool, detail: bytes = b"", in_window: bool = True) -> None:
        self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
        self.slowest = max(self.slowest, seconds)
        if ok:
            self.latencies.append(seconds)
            self.in_window += in_window
        elif status != 503 and not self.first_error:
            self.first_error = f"{status} {detail[:200]!r}"

    def summary(self, seconds: float) -> dict:
        ordered = sorted(self.latencies)

        def pick(share: float):
            return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1) if ordered else None

        return {"ok": len(ordered), "per_second": round(self.in_window / seconds, 1), "p50_ms": pick(0.5),
                "p99_ms": pick(0.99), "max_ms": round(1000 * self.slowest, 1), "statuses": self.statuses,
                "first_error": self.first_error}


@dataclass
class Acknowledged:
    """Every write the server answered as done, to look for after a crash."""
    uploads: dict = field(default_factory=dict)  # level id -> MD5 of the bytes sent
    comments: dict = field(default_factory=dict)  # comment id -> (level id, text)
    ratings: set = field(default_factory=set)  # (account name, level id)
    speedruns: dict = field(default_factory=dict)  # (account name, level id) -> shortest length acknowledged

    def count(self) -> int:
        return len(self.uploads) + len(self.comments) + len(self.ratings) + len(self.speedruns)


@dataclass
class Seeded:
    accounts: list  # (name, token)
    level_ids: list


def seed(database_url: str, url: str, accounts: int, levels: int, prefix: str = "load") -> Seeded:
    """``accounts`` players, each signed in (clients share them round robin), and ``levels``
    levels to download, rate and race on, uploaded through the API. The accounts and their
    tokens are written straight into the database: a thousand sign-ups through the API would
    cost the server five minutes of Argon2 before the load began."""
    import secrets

    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    from studio.server.auth import hash_password, token_digest
    from studio.server.models import Account, Token

    password_hash = hash_password("a password of the load")
    engine = create_engine(database_url)
    made = []
    try:
        with Session(engine) as session:
            for n in range(accounts):
                account = Account(name=f"{prefix}{n}", name_key=f"{prefix}{n}".lower(),
                                  password_hash=password_hash, moderator=False)
                session.add(account)
                session.flush()
                token = secrets.token_urlsafe(32)
                session.add(Token(token_hash=token_digest(token), account_id=account.id))
                made.append((account.name, token))
            session.commit()
    finally:
        engine.dispose()
    level_ids = []
    for n in range(levels):
        uploader = Client(url, made[n % len(made)][1])
        status, body = uploader.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(n, f"Seed {prefix}"),
                                       headers={"X-Forwarded-For": f"198.19.255.{n % 256}"})
        if status != 201:
            raise RuntimeError(f"seeding failed: {status} {body}")
        level_ids.append(body["id"])
    return Seeded(made, level_ids)


def upload_bodies(count: int, tag: str) -> list[tuple[bytes, str]]:
    """Uploads of levels no one uploaded before (retitled tutorial levels: the same solution
    wins), with their files' MD5s; made beforehand, so building one never stalls the clients."""
    import hashlib

    bodies = []
    for serial in range(count):
        data = escape_variant(serial, f"Load {tag}")
        body = json.dumps({"game": "escape", "filename": "load.esx", "solution": ESCAPE_FIRST_SOLUTION,
                           "data_base64": base64.b64encode(data).decode()}).encode()
        bodies.append((body, hashlib.md5(data).hexdigest()))
    return bodies


@dataclass
class Run:
    """A run's answers. Rates count the answers that came within its ``seconds``; those to the
    requests still waiting at the end count in the statuses and latencies only."""
    seconds: float
    tallies: dict
    acknowledged: Acknowledged

    def summary(self) -> dict:
        kinds = {kind: tally.summary(self.seconds) for kind, tally in self.tallies.items()}
        statuses: dict[str, int] = {}
        for tally in self.tallies.values():
            for status, count in tally.statuses.items():
                statuses[status] = statuses.get(status, 0) + count
        ok = sum(tally.in_window for tally in self.tallies.values())
        return {"seconds": round(self.seconds, 1), "ok_per_second": round(ok / self.seconds, 1),
                "statuses": statuses, "slowest_ms": round(1000 * max(t.slowest for t in self.tallies.values()), 1),
                "kinds": kinds}


async def run_mix(ports: list[int], seeded: Seeded, clients: int, seconds: float,
                  bodies: list[tuple[bytes, str]], kill=None) -> Run:
    """``clients`` players at once for ``seconds``; ``kill``: (after seconds, function) called
    once in the middle of the run (a SIGKILL of a server, say)."""
    tallies = {kind: Tally() for kind in MIX}
    acknowledged = Acknowledged()
    kinds, weights = list(MIX), list(MIX.values())
    deadline = time.monotonic() + seconds
    sent = 0

    async def player(number: int) -> None:
        nonlocal sent
        rng = random.Random(number)
        connection = Connection(ports[number % len(ports)])
        name, token = seeded.accounts[number % len(seeded.accounts)]
        # Each player at an address of its own (the servers trust 127.0.0.1 as their proxy), as
        # players on the internet are: the limits per address count each one's own requests.
        address = f"X-Forwarded-For: 198.{18 + number // 65536 % 2}.{number // 256 % 256}.{number % 256}\r\n"
        auth = f"Authorization: Bearer {token}\r\n"
        while time.monotonic() < deadline and sent < MAX_REQUESTS:
            sent += 1
            kind = rng.choices(kinds, weights)[0]
            level = rng.choice(seeded.level_ids)
            method, path, body, memo = request_for(kind, level, rng, bodies, number)
            started = time.perf_counter()
            try:
                status, answer, headers = await connection.request(
                    method, path, body, address + (auth if method == "POST" else ""))
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                connection.close()
                tallies[kind].add(type(error).__name__, time.perf_counter() - started, False)
                await asyncio.sleep(1.0)  # a server that went away: try again in a second
                continue
            took = time.perf_counter() - started
            ok = status in (200, 201)
            tallies[kind].add(status, took, ok, answer, in_window=time.monotonic() <= deadline)
            if ok and kind in WRITES:
                remember(acknowledged, kind, name, level, answer, memo)
            if status == 503:
                wait = min(MAX_RETRY_WAIT, float(headers.get("retry-after", 1)), deadline - time.monotonic())
                await asyncio.sleep(max(0.0, wait))
        connection.close()

    async def killer() -> None:
        if kill is not None:
            await asyncio.sleep(kill[0])
            kill[1]()

    await asyncio.gather(killer(), *(player(n) for n in range(clients)))
    return Run(seconds, tallies, acknowledged)


def request_for(kind: str, level: int, rng: random.Random, bodies: list, number: int):
    """(method, path, body, what to remember of it) for one request of ``kind``."""
    if kind == "list":
        return "GET", f"/api/levels?limit={rng.choice((20, 50, 100))}", b"", None
    if kind == "download":
        return "GET", f"/api/levels/{level}/file", b"", None
    if kind == "rate":
        body = json.dumps({"difficulty": rng.randint(1, 10), "style": rng.randint(1, 10), "cooked": rng.random() < 0.1})
        return "POST", f"/api/levels/{level}/ratings", body.encode(), None
    if kind == "comment":
        text = f"Played it on client {number}: {rng.random():.6f}"
        return "POST", f"/api/levels/{level}/comments", json.dumps({"text": text}).encode(), text
    if kind == "speedrun":
        return "POST", f"/api/levels/{level}/speedruns", json.dumps({"solution": ESCAPE_FIRST_SOLUTION}).encode(), None
    if not bodies:  # out of prepared uploads: send a list instead of stalling on making one
        return "GET", "/api/levels?limit=20", b"", None
    body, md5 = bodies.pop()
    return "POST", "/api/levels", body, md5


def remember(acknowledged: Acknowledged, kind: str, name: str, level: int, answer: bytes, memo) -> None:
    if kind == "upload" and memo is not None:
        acknowledged.uploads[json.loads(answer)["id"]] = memo
    elif kind == "comment":
        acknowledged.comments[json.loads(answer)["id"]] = (level, memo)
    elif kind == "rate":
        acknowledged.ratings.add((name, level))
    elif kind == "speedrun":
        length = json.loads(answer)["length"]
        key = (name, level)
        acknowledged.speedruns[key] = min(length, acknowledged.speedruns.get(key, length))


async def burst(port: int, path: str, requests: int, limit: float) -> tuple[dict, float]:
    """``requests`` requests sent at once, each on a new connection: the count of each status
    (or error) and the seconds until the last answer (at most ``limit``)."""

    async def one() -> str:
        connection = Connection(port)
        try:
            status, _, _ = await connection.request("GET", path, headers="Connection: close\r\n")
            return str(status)
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            return type(error).__name__
        finally:
            connection.close()

    began = time.monotonic()
    try:
        answers = await asyncio.wait_for(asyncio.gather(*(one() for _ in range(requests))), limit)
    except asyncio.TimeoutError:
        answers = ["no answer in time"]
    counts: dict[str, int] = {}
    for answer in answers:
        counts[answer] = counts.get(answer, 0) + 1
    return counts, time.monotonic() - began


def missing_writes(database_url: str, acknowledged: Acknowledged) -> list[str]:
    """Each acknowledged write the database lacks, in words (none: every one survived)."""
    from sqlalchemy import create_engine, select

    from studio.server.models import Account, Comment, Level, Rating, Speedrun

    engine = create_engine(database_url)
    missing = []
    try:
        with engine.connect() as connection:
            md5s = dict(connection.execute(select(Level.id, Level.md5)).all())
            missing += [f"upload {i}" for i, md5 in acknowledged.uploads.items() if md5s.get(i) != md5]
            comments = {row.id: (row.level_id, row.text) for row in
                        connection.execute(select(Comment.id, Comment.level_id, Comment.text))}
            missing += [f"comment {i}" for i, memo in acknowledged.comments.items() if comments.get(i) != memo]
            names = dict(connection.execute(select(Account.id, Account.name)).all())
            ratings = {(names[a], level) for a, level in connection.execute(select(Rating.account_id, Rating.level_id))}
            missing += [f"rating {key}" for key in acknowledged.ratings if key not in ratings]
            best = {(names[a], level): length for a, level, length in
                    connection.execute(select(Speedrun.account_id, Speedrun.level_id, Speedrun.length))}
            missing += [f"speedrun {key}" for key, length in acknowledged.speedruns.items()
                        if best.get(key, length + 1) > length]
    finally:
        engine.dispose()
    return missing


def sqlite_integrity(path) -> str:
    """``PRAGMA integrity_check``'s answer: "ok" for an intact file."""
    import sqlite3

    with sqlite3.connect(path) as connection:
        return "; ".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
