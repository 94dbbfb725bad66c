"""The sharing server refuses what an attacker would try: a blank speedrun, invisible characters
in a title, a forged X-Forwarded-For, an old token, loosely typed bodies; its answers carry
the browser's security headers and its API docs load nothing from elsewhere; a huge level's
picture is drawn within a memory cap. Against a live `studio serve` on 127.0.0.1."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, WINNING, Client, Database, escape_variant, start_server,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hardening")
    database = Database("sqlite", folder)
    process = start_server(database, folder, "--accounts-per-hour", "1000", "--uploads-per-hour", "1000")
    yield process
    process.stop()


_names = iter(range(10**6))


def player(server) -> Client:
    return Client(server.url).sign_up(f"hard{next(_names)}")


@pytest.mark.parametrize("game", ["chrono", "intricacy"])
def test_a_blank_speedrun_is_refused_not_played_from_the_file(server, game):
    author, runner = player(server), player(server)
    path, solution = WINNING[game]
    status, level = author.upload(path, solution)  # "": the file's own stored solution
    assert status == 201, level
    for blank in (" ", "\n\t ", ""):
        status, body = runner.post(f"/api/levels/{level['id']}/speedruns", {"solution": blank})
        assert status == 422, (blank, body)
    assert [run["player"] for run in runner.get(f"/api/levels/{level['id']}/speedruns")[1]] == [author_name(author)]


def author_name(client: Client) -> str:
    return client.get("/api/accounts/me")[1]["name"]


def test_an_edited_title_loses_control_and_bidirectional_characters_as_an_upload_does(server):
    author = player(server)
    status, level = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(1, "Edit"))
    assert status == 201
    status, edited = author.request("PATCH", f"/api/levels/{level['id']}", {
        "title": "\u202eevil\u202c Title\x07\x1b[31m", "description": "line one\x00"})
    assert status == 422  # a NUL is refused outright
    status, edited = author.request("PATCH", f"/api/levels/{level['id']}", {
        "title": " \u202eReversed\u202c \u200fTitle\x07\x1b[31m ", "description": "one\u2066\x08\r\ntwo\n\u202d"})
    assert status == 200, edited
    assert edited["title"] == "Reversed Title[31m"
    assert edited["description"] == "one\ntwo"


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_named_proxy(tmp_path):
    database = Database("sqlite", tmp_path)
    plain = start_server(database, tmp_path, "--accounts-per-hour", "2")
    try:
        anonymous = Client(plain.url)
        answers = [anonymous.post("/api/accounts", {"name": f"rot{n}", "password": "a password"},
                                  headers={"X-Forwarded-For": f"198.18.0.{n}"})[0] for n in range(3)]
        assert answers == [201, 201, 429]  # rotating the header does not dodge the limit
    finally:
        plain.stop()
    proxied = start_server(database, tmp_path, "--accounts-per-hour", "2", "--trusted-proxy", "127.0.0.1")
    try:
        anonymous = Client(proxied.url)
        answers = [anonymous.post("/api/accounts", {"name": f"proxied{n}", "password": "a password"},
                                  headers={"X-Forwarded-For": f"198.18.1.{n}"})[0] for n in range(3)]
        assert answers == [201, 201, 201]  # behind a proxy, each client is its own address
    finally:
        proxied.stop()


def test_tokens_expire_and_a_new_password_signs_out_every_other_token(tmp_path):
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path, "--token-days", str(2 / 86400))  # two seconds
    try:
        anonymous = Client(server.url)
        first = anonymous.sign_up("changer", "old password")
        second = Client(server.url, anonymous.post("/api/sessions", {"name": "changer", "password": "old password"})[1]["token"])
        status, body = first.request("PUT", "/api/accounts/me/password", {"password": "wrong one", "new_password": "new password"})
        assert status == 401 and "current password is wrong" in body["detail"]
        status, body = first.request("PUT", "/api/accounts/me/password", {"password": "old password", "new_password": "short"})
        assert status == 422
        status, _ = first.request("PUT", "/api/accounts/me/password", {"password": "old password", "new_password": "new password"})
        assert status == 204
        assert first.get("/api/accounts/me")[0] == 200
        status, body = second.get("/api/accounts/me")
        assert status == 401 and "not valid" in body["detail"]
        assert anonymous.post("/api/sessions", {"name": "changer", "password": "old password"})[0] == 401
        assert anonymous.post("/api/sessions", {"name": "changer", "password": "new password"})[0] == 200
        time.sleep(2.5)
        status, body = first.get("/api/accounts/me")
        assert status == 401 and "expired" in body["detail"]
    finally:
        server.stop()


@pytest.mark.parametrize("body", [
    {"difficulty": "5", "style": 5, "cooked": False},
    {"difficulty": 5, "style": 5, "cooked": "yes"},
    {"difficulty": True, "style": 5, "cooked": False},
    {"difficulty": 5.0, "style": 5, "cooked": False},
    {"difficulty": 5, "style": 5, "cooked": False, "stars": 3},
])
def test_ratings_are_strict(server, body):
    author, rater = player(server), player(server)
    status, level = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(next(_names), "Strict"))
    assert status == 201
    status, answer = rater.post(f"/api/levels/{level['id']}/ratings", body)
    assert status == 422, answer
    assert rater.post(f"/api/levels/{level['id']}/ratings", {"difficulty": 5, "style": 5, "cooked": False})[0] == 200


@pytest.mark.parametrize("path, method, body", [
    ("/api/intricacy/codename", "PUT", {"codename": "ABC", "admin": True}),
    ("/api/intricacy/codename", "PUT", {"codename": 123}),
    ("/api/intricacy/locks/1/solutions", "POST", {"solution": "abc", "behind_slot": "0"}),
    ("/api/intricacy/locks/1/solutions", "POST", {"solution": " ", "behind_slot": 0}),
    ("/api/intricacy/slots/0", "PUT", {"data_base64": "AAAA", "extra": 1}),
])
def test_intricacy_bodies_are_strict(server, path, method, body):
    status, answer = player(server).request(method, path, body)
    assert status == 422, answer


def test_pages_api_and_docs_carry_security_headers_and_docs_load_only_from_here(server):
    import urllib.request

    for path in ("/collections/triage", "/api/levels", "/docs", "/openapi.json", "/no/such/page"):
        try:
            response = urllib.request.urlopen(server.url + path)
        except urllib.error.HTTPError as error:
            response = error
        headers = response.headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
        assert "script-src 'self'" in headers["Content-Security-Policy"], path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["Referrer-Policy"] == "same-origin", path
    page = urllib.request.urlopen(server.url + "/docs").read().decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(source.startswith("/docs/") for source in sources), sources
    assert "<script>" not in page  # no inline script: the policy allows none
    for source in sources:
        assert urllib.request.urlopen(server.url + source).status == 200, source


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the worker's limits from /proc")
def test_a_huge_level_is_drawn_smaller_by_a_worker_with_a_memory_cap(tmp_path):
    """A 500 by 500 labyrinth at 24 pixels a cell would be 12,000 pixels a side (600 MB); the
    server's drawing process draws it at most 4,096 pixels a side, under its address-space cap."""
    level = tmp_path / "huge.laby"
    made = subprocess.run([sys.executable, "-m", "studio", "generate", "--game", "laby", "--width", "500",
                           "--height", "500", "--seed", "huge", "-o", str(level)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    worker = subprocess.Popen([sys.executable, "-m", "studio.commands.render_worker"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        picture = tmp_path / "huge.png"
        worker.stdin.write(json.dumps({"file": str(level), "output": str(picture), "scale": 24}) + "\n")
        worker.stdin.flush()
        assert json.loads(worker.stdout.readline()) == {"ok": True}
        limits = open(f"/proc/{worker.pid}/limits").read()
        address_space = next(line for line in limits.splitlines() if line.startswith("Max address space"))
        assert address_space.split()[3] == str(1536 << 20)
    finally:
        worker.stdin.close()
        worker.wait(timeout=30)
    header = picture.read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    assert max(width, height) <= 4096 and min(width, height) >= 3500


def test_web_forms_refuse_a_post_without_the_pages_csrf_token_or_from_another_site(server):
    import urllib.parse
    import urllib.request

    author = player(server)
    status, level = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(next(_names), "Forms"))
    assert status == 201
    with urllib.request.urlopen(server.url + "/sign-in") as answer:
        page = answer.read().decode()
        cookie = answer.headers["Set-Cookie"]  # Secure: urllib's cookie jar keeps it for https only
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert f"studio_csrf={csrf}" in cookie and "HttpOnly" in cookie and "Secure" in cookie

    def post(path: str, fields: dict, headers=None) -> int:
        request = urllib.request.Request(server.url + path, data=urllib.parse.urlencode(fields).encode(),
                                         headers={"Content-Type": "application/x-www-form-urlencoded",
                                                  "Cookie": f"studio_csrf={csrf}", **(headers or {})})
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    rating = {"difficulty": "5", "style": "5"}
    assert post(f"/levels/{level['id']}/rate", rating) == 403  # no token
    assert post(f"/levels/{level['id']}/rate", {**rating, "csrf": "x" * 32}) == 403  # not the page's
    assert post(f"/levels/{level['id']}/rate", {**rating, "csrf": csrf},
                {"Origin": "http://attacker.example"}) == 403
    assert post(f"/levels/{level['id']}/rate", {**rating, "csrf": csrf}) == 401  # the page's, but not signed in
    assert post("/sign-in", {"name": "nobody", "password": "x" * 8, "csrf": csrf, "next": "//evil.example/"}) == 401


def test_after_signing_in_a_page_goes_back_only_to_a_path_of_this_site():
    from studio.server.routers.web_forms import local_path

    assert local_path("/levels/3") == "/levels/3"
    for elsewhere in ("https://evil.example/", "//evil.example/x", "/\\evil.example", "levels/3", ""):
        assert local_path(elsewhere) == "/"
