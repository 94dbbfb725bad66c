"""Each limit against abuse fires exactly at its number when a burst of requests arrives at
once, on SQLite and on PostgreSQL: checked and counted in one step, so no request slips
between another's check and its count. A live `studio serve` on 127.0.0.1."""

from __future__ import annotations

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, Client, Database, database_urls, escape_variant, start_server,
)


def at_once(count: int, action) -> list:
    """``action(n)`` for n in 0..count-1, all released together from their own threads."""
    start = threading.Barrier(count)

    def run(number: int):
        start.wait()
        return action(number)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def statuses(answers) -> Counter:
    return Counter(status for status, _ in answers)


@pytest.fixture(params=database_urls())
def live(request, tmp_path):
    """Start a server with the options given: ``live("--uploads-per-hour", "3")``."""
    database = Database(request.param, tmp_path)
    servers = []

    def start(*options: str):
        servers.append(start_server(database, tmp_path, *options))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
    database.drop()


def test_accounts_per_address_and_a_taken_name_counts_too(live):
    server = live("--accounts-per-hour", "10")
    anonymous = Client(server.url)
    answers = at_once(40, lambda n: anonymous.post("/api/accounts", {"name": f"burst{n}", "password": "a password"}))
    assert statuses(answers) == {201: 10, 429: 30}
    assert all("at most 10 an hour" in body["detail"] for status, body in answers if status == 429)

    other = live("--accounts-per-hour", "10", "--trusted-proxy", "127.0.0.1")
    Client(other.url).post("/api/accounts", {"name": "taken", "password": "a password"},
                           headers={"X-Forwarded-For": "198.18.0.1"})
    again = at_once(15, lambda n: Client(other.url).post("/api/accounts", {"name": "taken", "password": "other one"},
                                                         headers={"X-Forwarded-For": "198.18.0.2"}))
    assert statuses(again) == {409: 10, 429: 5}


def test_uploads_per_account_and_per_address(live):
    server = live("--uploads-per-hour", "5", "--accounts-per-hour", "100")
    anonymous = Client(server.url)
    player = anonymous.sign_up("uploader")
    levels = [escape_variant(n, "Burst") for n in range(15)]
    answers = at_once(15, lambda n: player.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=levels[n]))
    assert statuses(answers) == {201: 5, 429: 10}

    # The address has done 5 of its 20 (four times an account's): 15 more from new accounts.
    others = [anonymous.sign_up(f"neighbour{n}") for n in range(5)]
    more = [escape_variant(100 + n, "Burst") for n in range(20)]
    answers = at_once(20, lambda n: others[n % 5].upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=more[n]))
    assert statuses(answers) == {201: 15, 429: 5}
    assert sum("from your address" in body["detail"] for status, body in answers if status == 429) == 5


def test_comments_and_speedruns_per_account(live):
    server = live("--comments-per-hour", "6", "--speedruns-per-hour", "4")
    player = Client(server.url).sign_up("talker")
    status, level = player.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(1, "Talk"))
    assert status == 201
    path = f"/api/levels/{level['id']}"
    comments = at_once(20, lambda n: player.post(path + "/comments", {"text": f"comment {n}"}))
    assert statuses(comments) == {201: 6, 429: 14}
    runs = at_once(12, lambda n: player.post(path + "/speedruns", {"solution": ESCAPE_FIRST_SOLUTION}))
    assert statuses(runs) == {201: 4, 429: 8}
    refused = next(body for status, body in runs if status == 429)
    assert "at most 4 an hour per account" in refused["detail"]


def test_failed_sign_ins_per_address(live):
    server = live("--failed-sign-ins-per-hour", "10")
    anonymous = Client(server.url)
    answers = at_once(30, lambda n: anonymous.post("/api/sessions", {"name": f"nobody{n}", "password": "a guess!"}))
    assert statuses(answers) == {401: 10, 429: 20}  # exactly ten passwords were hashed


def test_failed_sign_ins_per_account_back_off_without_locking_the_owner_out(live):
    """Guesses at one account from many addresses: five are free, then each waits twice as long
    as the one before; the owner, with the right password, gets in once the wait is over."""
    server = live("--trusted-proxy", "127.0.0.1", "--failed-sign-ins-per-hour", "1000")
    Client(server.url).sign_up("victim", "the right password")

    def guess(n: int):
        return Client(server.url).post("/api/sessions", {"name": "victim", "password": f"guess number {n}"},
                                       headers={"X-Forwarded-For": f"198.18.1.{n}"})

    answers = at_once(12, guess)
    assert statuses(answers) == {401: 5, 429: 7}
    refused = next(body for status, body in answers if status == 429)
    assert "for this account" in refused["detail"] and "try again in 1 s" in refused["detail"]
    owner = Client(server.url)
    assert owner.post("/api/sessions", {"name": "victim", "password": "the right password"},
                      headers={"X-Forwarded-For": "198.18.2.1"})[0] == 429  # too soon after the last guess
    time.sleep(1.2)
    status, body = owner.post("/api/sessions", {"name": "victim", "password": "the right password"},
                              headers={"X-Forwarded-For": "198.18.2.1"})
    assert status == 200 and body["name"] == "victim"
    # A wrong guess now waits two seconds after the last failure, not one.
    assert guess(20)[0] == 401
    status, body = guess(21)
    assert status == 429 and "wait 2 s" in body["detail"]
