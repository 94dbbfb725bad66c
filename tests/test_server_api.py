"""The sharing server's HTTP API, end to end against a real `studio serve` process on
127.0.0.1: SQLite always, PostgreSQL too when STUDIO_TEST_PG names one."""

from __future__ import annotations

import base64
import hashlib

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, WINNING, Client, Database, database_urls, escape_variant, start_server,
)


@pytest.fixture(scope="module", params=database_urls())
def server(request, tmp_path_factory):
    database = Database(request.param, tmp_path_factory.mktemp(f"server-{request.param}"))
    process = start_server(database, tmp_path_factory.mktemp("log"), "--uploads-per-hour", "1000", "--accounts-per-hour", "1000")
    yield process
    process.stop()
    database.drop()


@pytest.fixture
def anonymous(server) -> Client:
    return Client(server.url)


_names = iter(range(10**6))


def new_player(client: Client, stem: str = "player") -> Client:
    return client.sign_up(f"{stem}{next(_names)}")


def test_round_trip_upload_list_download_rate_comment_speedrun(anonymous):
    author = new_player(anonymous, "author")
    status, health = anonymous.get("/api/health")
    assert status == 200 and health["status"] == "ok" and "escape" in health["games"]

    data = escape_variant(1, "Round trip")
    status, uploaded = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data)
    assert status == 201, uploaded
    assert uploaded["md5"] == hashlib.md5(data).hexdigest() and uploaded["collection"] == "triage"
    level_id = uploaded["id"]

    status, everything = anonymous.get("/api/levels?collection=&game=")
    assert status == 200 and level_id in [level["id"] for level in everything]
    status, listed = anonymous.get("/api/levels?collection=triage&game=escape")
    entry = next(level for level in listed if level["id"] == level_id)
    assert entry["title"] == "Round trip 1" and entry["author"] == author_name(author)
    assert entry["rating"] is None
    assert entry["speedrun"]["length"] == 28 and entry["speedrun"]["player"] == author_name(author)

    status, file_bytes = anonymous.get(f"/api/levels/{level_id}/file")
    assert status == 200 and file_bytes == data  # byte-identical

    rater, other = new_player(anonymous), new_player(anonymous)
    assert rater.post(f"/api/levels/{level_id}/ratings", {"difficulty": 2, "style": 9, "cooked": True})[0] == 200
    status, averages = other.post(f"/api/levels/{level_id}/ratings", {"difficulty": 6, "style": 5, "cooked": False})
    assert averages == {"difficulty": 4.0, "style": 7.0, "cooked": 0.5, "count": 2}
    # Rating again changes the player's rating instead of adding one.
    status, averages = rater.post(f"/api/levels/{level_id}/ratings", {"difficulty": 4, "style": 7, "cooked": False})
    assert averages == {"difficulty": 5.0, "style": 6.0, "cooked": 0.0, "count": 2}

    status, comment = rater.post(f"/api/levels/{level_id}/comments", {"text": "The corridor at the end is lovely."})
    assert status == 201 and comment["author"] == author_name(rater)
    status, comments = anonymous.get(f"/api/levels/{level_id}/comments")
    assert [c["text"] for c in comments] == ["The corridor at the end is lovely."]

    # A longer winning solution is verified but does not beat the author's record.
    longer = "L" + ESCAPE_FIRST_SOLUTION  # a bump into the wall first: one more move, still a win
    status, run = other.post(f"/api/levels/{level_id}/speedruns", {"solution": longer})
    assert status == 201 and run["length"] == 29 and run["improved"] and not run["record"]
    status, table = anonymous.get(f"/api/levels/{level_id}/speedruns")
    assert [(row["player"], row["length"]) for row in table] == [(author_name(author), 28), (author_name(other), 29)]
    status, run = other.post(f"/api/levels/{level_id}/speedruns", {"solution": ESCAPE_FIRST_SOLUTION})
    assert run["improved"] and not run["record"]  # equal length: the earlier keeps the record
    status, refused = other.post(f"/api/levels/{level_id}/speedruns", {"solution": "RRRR"})
    assert status == 422 and "does not win" in refused["detail"]


def test_a_level_is_found_by_the_md5_of_its_file(anonymous):
    """The Community dock finds the level it play-tested by its bytes, however many levels there are."""
    author = new_player(anonymous)
    data = escape_variant(5, "Found by MD5")
    status, uploaded = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data)
    assert status == 201, uploaded
    md5 = hashlib.md5(data).hexdigest()
    for query in (f"md5={md5}", f"md5={md5.upper()}&game=escape", f"md5={md5}&collection=triage"):
        status, found = anonymous.get(f"/api/levels?{query}")
        assert status == 200 and [level["id"] for level in found] == [uploaded["id"]], query
    assert anonymous.get(f"/api/levels?md5={md5}&game=laby") == (200, [])
    assert anonymous.get("/api/levels?md5=" + "0" * 32) == (200, [])


def author_name(client: Client) -> str:
    return client.get("/api/accounts/me")[1]["name"]


def test_unsolvable_or_broken_uploads_are_refused_with_the_reason(anonymous):
    author = new_player(anonymous)
    data = escape_variant(2, "Refused")
    status, body = author.upload(ESCAPE_FIRST, "RRRD", data=data)
    assert status == 422
    assert body["detail"] == "the solution does not win: after all 4 moves the level is not solved"
    status, body = author.upload(ESCAPE_FIRST, "RRRDDLDDRRRRRUULLUURRRRDDDDDX", data=data)
    assert status == 422 and "'X' is not a move" in body["detail"]
    status, body = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data[:40])
    assert status == 422 and body["detail"].startswith("the level does not load:")
    status, body = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data, filename="level.txt")
    assert status == 422 and ".esx" in body["detail"]
    # None of them was stored; the same file with a winning solution is, once.
    assert author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data)[0] == 201
    status, body = new_player(anonymous).upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data)
    assert status == 409 and hashlib.md5(data).hexdigest() in body["detail"]


@pytest.mark.parametrize("game", sorted(WINNING))
def test_every_game_uploads_and_downloads_its_exact_bytes(anonymous, game):
    path, solution = WINNING[game]
    author = new_player(anonymous)
    status, uploaded = author.upload(path, solution, game=game)
    if status == 409:  # the other database's run uploaded it to its own server; never here
        pytest.fail(f"{path.name} uploaded twice to one server")
    assert status == 201, uploaded
    assert anonymous.get(f"/api/levels/{uploaded['id']}/file") == (200, path.read_bytes())
    status, level = anonymous.get(f"/api/levels/{uploaded['id']}")
    assert level["game"] == game and level["filename"] == path.name


def test_a_file_name_beyond_latin_1_downloads_under_its_own_name(anonymous):
    """HTTP headers carry Latin-1 only: the name goes percent-encoded (RFC 6266), never a 500."""
    import urllib.parse
    import urllib.request

    author = new_player(anonymous)
    data = escape_variant(6, "Unicode name")
    status, uploaded = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=data, filename="迷路 ①.esx")
    assert status == 201, uploaded
    with urllib.request.urlopen(f"{anonymous.url}/api/levels/{uploaded['id']}/file", timeout=60) as response:
        assert response.status == 200 and response.read() == data
        disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="') and disposition.isascii()
    assert urllib.parse.unquote(disposition.split("filename*=UTF-8''", 1)[1]) == "迷路 ①.esx"
    assert anonymous.get(f"/api/levels/{uploaded['id']}")[1]["filename"] == "迷路 ①.esx"
    status, page = anonymous.get(f"/levels/{uploaded['id']}")
    assert status == 200 and "迷路 ①.esx".encode() in page


def test_only_the_author_edits_or_withdraws_and_only_moderators_move(server, anonymous, tmp_path):
    author, stranger = new_player(anonymous, "author"), new_player(anonymous)
    status, uploaded = author.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(3, "Owned"))
    level = f"/api/levels/{uploaded['id']}"
    assert stranger.request("PATCH", level, {"title": "Mine now"})[0] == 403
    assert stranger.post(level + "/withdraw")[0] == 403
    status, edited = author.request("PATCH", level, {"title": "Owned, renamed", "description": "Walk."})
    assert status == 200 and edited["title"] == "Owned, renamed" and edited["description"] == "Walk."
    for half_a_character in (b'{"description": "\\udfff"}', b'{"title": "x\\ud800"}'):  # no database stores one
        status, answer = author.request("PATCH", level, raw=half_a_character)
        assert status == 422 and "lone surrogate" in answer["detail"], (status, answer)

    assert author.post(level + "/collection", {"collection": "official"})[0] == 403
    moderator = new_player(anonymous, "moderator")
    grant_moderator(server, author_name(moderator))
    status, moved = moderator.post(level + "/collection", {"collection": "official"})
    assert status == 200 and moved["collection"] == "official"
    assert moderator.post(level + "/collection", {"collection": "attic"})[0] == 422
    official = anonymous.get("/api/levels?collection=official")[1]
    assert uploaded["id"] in [entry["id"] for entry in official]

    status, withdrawn = author.post(level + "/withdraw")
    assert status == 200 and withdrawn["collection"] == "withdrawn"
    assert anonymous.get(level + "/file")[0] == 200  # still downloadable by id


def grant_moderator(server, name: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "studio", "serve", "--db", server.database_url,
                           "--grant-moderator", name], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_sign_out_ends_the_token_and_bad_credentials_are_refused(anonymous):
    player = new_player(anonymous)
    assert player.get("/api/accounts/me")[0] == 200
    assert player.request("DELETE", "/api/sessions")[0] == 204
    status, body = player.get("/api/accounts/me")
    assert status == 401 and "sign in again" in body["detail"]
    name = author_name(new_player(anonymous))
    assert anonymous.post("/api/sessions", {"name": name, "password": "wrong password"})[0] == 401
    assert anonymous.post("/api/sessions", {"name": "nobody-at-all", "password": "whatever1"})[0] == 401
    assert anonymous.post("/api/accounts", {"name": name.upper(), "password": "another one"})[0] == 409


BAD_REQUESTS = [
    ("POST", "/api/accounts", b"{not json"),
    ("POST", "/api/accounts", b'{"name": "x", "password": "short"}'),
    ("POST", "/api/accounts", b'{"name": "../etc", "password": "long enough"}'),
    ("POST", "/api/accounts", b'{"name": 12, "password": null}'),
    ("POST", "/api/accounts", b'[1, 2, 3]'),
    ("POST", "/api/sessions", b'{"name": "a\\u0000b", "password": "long enough"}'),
    ("GET", "/api/levels/0", None),
    ("GET", "/api/levels/-5/file", None),
    ("GET", "/api/levels/abc", None),
    ("GET", "/api/levels/99999999999999999999999/file", None),
    ("GET", "/api/levels/123456/file", None),
    ("GET", "/api/levels/123456/image.png?size=huge", None),
    ("GET", "/api/levels?collection=attic", None),
    ("GET", "/api/levels?limit=100000", None),
    ("GET", "/api/levels?offset=-1", None),
    ("POST", "/api/levels/1/ratings", b'{"difficulty": 11, "style": 0}'),
    ("GET", "/levels/999999", None),
    ("GET", "/collections/attic", None),
    ("GET", "/collections/triage?game=%00", None),
    ("GET", "/api/levels?game=%00", None),
    ("GET", "/api/levels?game=chess", None),
    ("GET", "/api/levels?md5=not-an-md5", None),
    ("GET", "/api/levels?md5=" + "a" * 33, None),
    ("POST", "/api/sessions", b'{"name": "someone", "password": "pass\\u0000word"}'),
]


@pytest.mark.parametrize("method, path, body", BAD_REQUESTS)
def test_bad_input_gets_a_reason_never_a_500(anonymous, method, path, body):
    status, answer = anonymous.request(method, path, raw=body)
    assert 400 <= status < 500, (status, answer)
    if path.startswith("/api"):
        assert isinstance(answer["detail"], str) and answer["detail"]


def test_bad_uploads_and_feedback_from_a_signed_in_player_get_reasons(anonymous):
    player = new_player(anonymous)
    good = base64.b64encode(escape_variant(4, "Bad input")).decode()
    for body in (
        {"game": "chess", "filename": "a.esx", "data_base64": good, "solution": "R"},
        {"game": "escape", "filename": "../../a.esx", "data_base64": good, "solution": "R"},
        {"game": "escape", "filename": "line\u2028break.esx", "data_base64": good, "solution": "R"},
        {"game": "escape", "filename": "c1\x85control.esx", "data_base64": good, "solution": "R"},
        {"game": "escape", "filename": "a.esx", "data_base64": "%%%not base64", "solution": "R"},
        {"game": "escape", "filename": "a.esx", "data_base64": "", "solution": "R"},
        {"game": "escape", "filename": "a.esx", "data_base64": good, "solution": "R" * 100_001},
        {"game": "escape", "filename": "a.esx", "data_base64": good, "solution": "R" * 30_000},
        {"game": "escape", "filename": "a.esx", "data_base64": good},
        {"game": "escape", "filename": "a.esx", "data_base64": good, "solution": "R", "extra": 1},
        {"game": "escape", "filename": "a.esx", "data_base64": base64.b64encode(b"\0" * 300_000).decode()},
    ):
        status, answer = player.post("/api/levels", body)
        assert 400 <= status < 500 and answer["detail"], (body.get("filename"), status, answer)
    assert player.post("/api/levels/1/comments", {"text": "   "})[0] == 422
    assert player.post("/api/levels/1/comments", {"text": "x" * 2001})[0] == 422
    assert player.post("/api/levels/1/comments", {"text": "nul \x00 inside"})[0] == 422
    assert player.post("/api/levels/999999/speedruns", {"solution": "R"})[0] == 404


def test_request_size_is_capped(anonymous):
    status, answer = anonymous.post_oversized("/api/accounts", b"{" + b" " * (2 << 20) + b"}")
    assert status == 413 and "too large" in answer["detail"]


def test_a_streamed_body_is_capped_too(anonymous):
    """Without Content-Length (chunked), the body is counted as it arrives: 413, not FastAPI's 400."""
    status, answer = anonymous.post_oversized("/api/accounts", b"[" * (6 * 0x40000), chunked=True)
    assert status == 413 and "too large" in answer["detail"], answer


def test_openapi_lists_the_api(anonymous):
    status, schema = anonymous.get("/openapi.json")
    assert status == 200
    for path in ("/api/health", "/api/accounts", "/api/sessions", "/api/levels", "/api/levels/{level_id}/file",
                 "/api/levels/{level_id}/ratings", "/api/levels/{level_id}/comments",
                 "/api/levels/{level_id}/speedruns"):
        assert path in schema["paths"], path
    # The bearer token is declared where it is needed, and errors are described as they are sent.
    assert schema["components"]["securitySchemes"]["bearerToken"] == {
        "type": "http", "scheme": "bearer", "description": "the token from POST /api/sessions"}
    assert schema["paths"]["/api/levels"]["post"]["security"] == [{"bearerToken": []}]
    assert "security" not in schema["paths"]["/api/levels"]["get"]
    refused = schema["paths"]["/api/levels"]["post"]["responses"]["4XX"]["content"]["application/json"]["schema"]
    assert refused == {"$ref": "#/components/schemas/Problem"}
    assert schema["components"]["schemas"]["Problem"]["properties"]["detail"]["type"] == "string"
    assert "HTTPValidationError" not in schema["components"]["schemas"]  # 422s are {"detail": "..."} too


def test_upload_and_comment_rate_limits(tmp_path):
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path, "--uploads-per-hour", "2", "--comments-per-hour", "2")
    try:
        player = Client(server.url).sign_up("limited")
        statuses = [player.upload(ESCAPE_FIRST, "RRRD", data=escape_variant(n, "Limited"))[0] for n in range(3)]
        assert statuses == [422, 422, 429]  # refused uploads count too: verifying costs the server
        status, answer = player.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(9, "Limited"))
        assert status == 429 and "an hour" in answer["detail"]
        other = Client(server.url).sign_up("other")
        status, uploaded = other.upload(ESCAPE_FIRST, ESCAPE_FIRST_SOLUTION, data=escape_variant(10, "Limited"))
        assert status == 201
        comments = [player.post(f"/api/levels/{uploaded['id']}/comments", {"text": f"c{n}"})[0] for n in range(3)]
        assert comments == [201, 201, 429]
    finally:
        server.stop()


def test_an_address_is_limited_across_its_accounts(tmp_path):
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path, "--uploads-per-hour", "1",  # an address: 4 an hour
                          "--failed-sign-ins-per-hour", "2")
    try:
        players = [Client(server.url).sign_up(f"neighbour{n}") for n in range(5)]
        statuses = [player.upload(ESCAPE_FIRST, "RRRD", data=escape_variant(n, "Shared"))
                    for n, player in enumerate(players)]
        assert [status for status, _ in statuses] == [422, 422, 422, 422, 429]
        assert "from your address" in statuses[-1][1]["detail"]
        guesses = [Client(server.url).post("/api/sessions", {"name": "neighbour0", "password": f"wrong guess {n}"})
                   for n in range(3)]
        assert [status for status, _ in guesses] == [401, 401, 429]  # each guess costs an Argon2 hash
        assert "failed sign-ins" in guesses[-1][1]["detail"]
    finally:
        server.stop()
