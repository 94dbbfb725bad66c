"""`studio serve` as a server for Escape's own client: every action the client takes, spoken
byte for byte as it speaks them (tests/escape_game_client.py), on SQLite and PostgreSQL,
against a live server process; what the game sends shows on the web pages and the JSON API,
and what the API holds reaches the game."""

from __future__ import annotations

import hashlib

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from studio.games.escape.esp import encode_solution, text_to_moves  # noqa: E402
from tests.escape_game_client import ClientError, GameClient, read_answer  # noqa: E402
from tests.server_support import (  # noqa: E402
    ESCAPE_FIRST_SOLUTION, LEVELS, Client, Database, database_urls, escape_variant, start_server,
)

SOLUTION = encode_solution(text_to_moves(ESCAPE_FIRST_SOLUTION))


@pytest.fixture(scope="module", params=database_urls())
def server(request, tmp_path_factory):
    database = Database(request.param, tmp_path_factory.mktemp(f"escape-{request.param}"))
    process = start_server(database, tmp_path_factory.mktemp("log"), "--uploads-per-hour", "1000",
                           "--accounts-per-hour", "1000", "--comments-per-hour", "3")
    yield process
    process.stop()
    database.drop()


_numbers = iter(range(10**6))


def _player(server, name: str = "Player") -> GameClient:
    player = GameClient.of(server.url, f"{name} {next(_numbers)}")
    ok, answer = player.register()
    assert ok and int(answer) > 0, answer
    return player


def _index(player: GameClient, collection: str) -> tuple[list[str], list[list[str]]]:
    """(folders, level lines split in words) of a collection's index."""
    lines = player.get(f"/{collection}.txt").decode().splitlines()
    folders, files = int(lines[2]), int(lines[3])
    assert len(lines) == 5 + folders + files
    return lines[5:5 + folders], [line.split() for line in lines[5 + folders:]]


def test_the_answers_keep_the_clients_rules(server):
    player = GameClient.of(server.url)
    raw = player.get_raw("/COLLECTIONS")
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert raw.split()[1] == b"200" and b"\r\nContent-Length: " in head and b"\r\nConnection: close" in head
    assert b"keep-alive" not in head.lower()
    lines = read_answer(raw).decode().splitlines()
    assert lines[0] == "2" and lines[1].startswith("official ") and lines[2].startswith("triage ")
    assert all(int(line.split()[1]) <= 201609050 for line in lines[1:])  # offered to the client
    upgrade = player.get("/linux/UPGRADE").decode().splitlines()
    assert upgrade[0] == "0" and int(upgrade[3]) <= 201609050  # no file, nothing newer: never replaces itself
    with pytest.raises(ClientError):
        player.get("/nowhere.txt")  # a 404: the client's error, never a level list


def test_a_level_uploaded_through_the_api_is_downloaded_by_the_game_with_its_md5(server):
    designer = Client(server.url).sign_up(f"designer{next(_numbers)}")
    data = escape_variant(next(_numbers), "Api Level")
    status, uploaded = designer.upload(LEVELS / "escape" / "01-first-steps.esx", ESCAPE_FIRST_SOLUTION, data=data)
    assert status == 201, uploaded
    player = GameClient.of(server.url)
    folders, levels = _index(player, "triage")
    line = next(words for words in levels if words[1] == uploaded["md5"])
    assert line[0].count("/") == 1 and " " not in line[0] and ".." not in line[0] and line[0].endswith(".esx")
    assert len(line) == 11 and line[9] == str(len(ESCAPE_FIRST_SOLUTION))  # the author's solution: the record
    assert any(folder.split()[0] == line[0].split("/")[0] for folder in folders)
    md5 = line[1]
    got = player.get(f"/triage/{md5[:2]}/{md5[2:]}")
    assert hashlib.md5(got).hexdigest() == md5 == uploaded["md5"] and got == data
    with pytest.raises(ClientError):
        player.get(f"/official/{md5[:2]}/{md5[2:]}")  # not in that collection
    assert md5 not in player.get("/official.txt").decode()


def test_register_upload_rate_comment_and_speed_record_land_where_the_web_shows_them(server):
    author = _player(server, "Tom Seven!")
    level = escape_variant(next(_numbers), "Game Upload")
    ok, answer = author.upload(level, SOLUTION, "My first level & more")
    assert ok, answer
    md5 = hashlib.md5(level).hexdigest()
    status, found = Client(server.url).get(f"/api/levels?md5={md5}")
    assert status == 200 and len(found) == 1
    web = found[0]
    assert web["author"].startswith("Tom_Seven") and web["collection"] == "triage"
    _, detail = Client(server.url).get(f"/api/levels/{web['id']}")
    assert detail["description"] == "My first level & more"
    ok, answer = author.upload(level, SOLUTION, "again")
    assert not ok and "already on the server" in answer  # the same file twice

    player = _player(server)
    ok, best = player.call("rate", f"md={md5}&diff=7&style=9&rigid=4&cooked=1&solved=1")
    assert ok and best == str(len(ESCAPE_FIRST_SOLUTION))
    ok, answer = player.call("ping", f"md={md5}")
    assert ok and answer == "level exists!"
    ok, answer = player.call("comment", f"md={md5}&comment=Lovely+%26+tricky%21&spoiler=0")
    assert ok and answer.startswith("added comment #")
    ok, _ = player.call("comment", f"md={md5}&comment=Go+right+first&spoiler=1")
    assert ok
    ok, answer = player.upload_solution(md5, SOLUTION)
    assert ok, answer
    _, runs = Client(server.url).get(f"/api/levels/{web['id']}/speedruns")
    assert len(runs) == 2 and {run["length"] for run in runs} == {len(ESCAPE_FIRST_SOLUTION)}

    _, page = Client(server.url).get(f"/levels/{web['id']}")
    page = page.decode()
    assert "7.0 / 10" in page and "9.0 / 10" in page  # the rating, on the level's page
    assert "Lovely &amp; tricky!" in page and "Go right first" in page.split('class="spoiler"', 1)[1]
    _, comments = Client(server.url).get(f"/api/levels/{web['id']}/comments")
    assert [c["spoiler"] for c in comments] == [False, True]
    folders, levels = _index(player, "triage")
    line = next(words for words in levels if words[1] == md5)
    assert line[0].startswith(web["author"] + "/") and line[2:5] == ["1", "7", "9"] and line[5:8] == ["4", "1", "1"]
    assert line[10] == str(author.web_id)


def test_the_game_gets_fail_in_words_for_what_the_api_refuses(server):
    player = _player(server)
    stranger = GameClient.of(server.url, "Nobody")
    stranger.web_id, stranger.seql, stranger.seqh = player.web_id, player.seql + 1, player.seqh
    ok, answer = stranger.call("ping", "md=" + "0" * 32)
    assert not ok and answer.startswith("fail ") and "register" in answer
    ok, answer = player.call("ping", "md=" + "0" * 32)
    assert not ok and "no such level" in answer
    ok, answer = player.call("rate", "md=../../etc&diff=1&style=1&rigid=1&cooked=0&solved=0")
    assert not ok and "md" in answer
    ok, answer = player.upload(escape_variant(next(_numbers), "Broken"), b"\x00\x00\x00\x05\xff", "x")
    assert not ok and "solution" in answer
    ok, answer = player.upload(escape_variant(next(_numbers), "Loses"), encode_solution(text_to_moves("UUUU")), "x")
    assert not ok and answer.startswith("fail ")
    level = escape_variant(next(_numbers), "Limits")
    assert player.upload(level, SOLUTION, "")[0]
    md5 = hashlib.md5(level).hexdigest()
    said = [player.call("comment", f"md={md5}&comment=number+{n}&spoiler=0") for n in range(4)]
    assert [ok for ok, _ in said] == [True, True, True, False]  # --comments-per-hour 3, as for the API
    assert "comment" in said[-1][1]
    other = _player(server)
    ok, answer = other.call("deletefromgame", f"md={md5}&pass=&text=")
    assert not ok and "author" in answer
    ok, _ = player.call("deletefromgame", f"md={md5}&pass=&text=gone")
    assert ok and md5 not in player.get("/triage.txt").decode()


def test_a_player_whose_name_is_taken_gets_an_account_of_its_own(server):
    web = Client(server.url).sign_up(f"clash{next(_numbers)}")
    _, me = web.get("/api/accounts/me")
    game = GameClient.of(server.url, me["name"])
    ok, web_id = game.register()
    assert ok and int(web_id) > 0
    level = escape_variant(next(_numbers), "Clash")
    assert game.upload(level, SOLUTION, "")[0]
    _, found = Client(server.url).get(f"/api/levels?md5={hashlib.md5(level).hexdigest()}")
    assert found[0]["author"] == f"{me['name']}-2"  # the web account keeps its name
    status, _ = Client(server.url).post("/api/sessions", {"name": f"{me['name']}-2", "password": "anything at all"})
    assert status == 401  # the game's account has no password: it signs in from the game only


def test_paths_stay_put_and_only_escape_levels_are_listed(server):
    author = _player(server)
    assert author.upload(escape_variant(next(_numbers), "Same Title"), SOLUTION, "")[0]
    _, levels = _index(author, "triage")
    before = {words[1]: words[0] for words in levels}
    same = escape_variant(10**6 + next(_numbers), "Same Title Twin")
    assert author.upload(same, SOLUTION, "")[0]
    _, levels = _index(author, "triage")
    after = {words[1]: words[0] for words in levels}
    assert all(after[md5] == path for md5, path in before.items())  # nothing already listed moved
    designer = Client(server.url).sign_up(f"mazer{next(_numbers)}")
    status, maze = designer.upload(LEVELS / "laby" / "01-first-steps.laby", "RRRRRRRDDLLLLLLL")
    assert status in (201, 409), maze
    _, levels = _index(author, "triage")
    assert all(words[0].endswith(".esx") for words in levels)
    assert not any(words[1] == (maze or {}).get("md5") for words in levels)


def test_a_title_used_twice_by_one_author_gets_the_later_levels_id():
    from studio.server.escape_client import level_paths

    paths = level_paths([(3, "ann", "Twin"), (9, "ann", "Twin"), (4, "bob", "Twin"), (5, "ann", "a/../b c")])
    assert paths == {3: "ann/Twin.esx", 9: "ann/Twin-9.esx", 4: "bob/Twin.esx", 5: "ann/a_._b_c.esx"}
    assert all(".." not in path and " " not in path for path in paths.values())


def test_the_registration_limit_answers_fail_as_the_client_reads_it(tmp_path):
    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path, "--accounts-per-hour", "2")
    try:
        said = [GameClient.of(server.url, f"Many {n}").register() for n in range(3)]
        assert [ok for ok, _ in said] == [True, True, False] and "account" in said[-1][1]
    finally:
        server.stop()


def test_refusals_before_any_route_are_fail_answers_for_the_clients_rpcs_only():
    """Too large or too busy: the JSON API gets 413 or 503; the client's RPCs status 200 and
    ``fail`` with the words, which it shows (it reads any other status as "404")."""
    from studio.server.escape_client import rpc_failure

    answer = rpc_failure({"path": "/f/a/escape/upload"}, "the request is too large: at most 1048576 bytes")
    assert answer["status"] == 200 and answer["body"] == b"fail the request is too large: at most 1048576 bytes\n"
    assert (b"content-length", str(len(answer["body"])).encode()) in answer["headers"]
    assert rpc_failure({"path": "/api/levels"}, "busy") is None and rpc_failure({"path": "/COLLECTIONS"}, "x") is None


def test_more_game_clients_than_the_server_works_for_at_once_are_all_answered(tmp_path):
    """48 clients at once, each its own connection per request as the game makes them, against
    a server handling 4 requests at a time: every one gets a whole index the client accepts."""
    from concurrent.futures import ThreadPoolExecutor

    database = Database("sqlite", tmp_path)
    server = start_server(database, tmp_path, "--max-active-requests", "4")
    try:
        author = _player(server)
        assert author.upload(escape_variant(next(_numbers), "Crowded"), SOLUTION, "")[0]
        expected = author.get("/triage.txt")

        def update(_number: int) -> bool:
            player = GameClient.of(server.url)
            return player.get("/COLLECTIONS").startswith(b"2\n") and player.get("/triage.txt") == expected

        with ThreadPoolExecutor(48) as pool:
            assert all(pool.map(update, range(96)))
    finally:
        server.stop()
