"""Intricacy's metagame through the HTTP API of a real `studio serve` process on 127.0.0.1:
a scripted game whose scores after each step are worked out by hand from the README's rules,
and each refusal (codenames, locks without a working solution, wrong solutions, the rules)."""

from __future__ import annotations

import base64

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed: pip install -e '.[server]'")

from studio.games.intricacy.engine import initial_state, parse_moves, play_solution  # noqa: E402
from studio.games.intricacy.lockfile import load_lock  # noqa: E402
from studio.games.intricacy.metagame import split_solution  # noqa: E402
from tests.server_support import LEVELS, Client, Database, database_urls, start_server  # noqa: E402

LOCKS = sorted((LEVELS / "intricacy").glob("0*.lock"))


@pytest.fixture(scope="module", params=database_urls())
def server(request, tmp_path_factory):
    database = Database(request.param, tmp_path_factory.mktemp(f"intricacy-{request.param}"))
    process = start_server(database, tmp_path_factory.mktemp("log"), "--accounts-per-hour", "1000")
    yield process
    process.stop()
    database.drop()


def lock_bytes(number: int) -> bytes:
    return LOCKS[number - 1].read_bytes()


def solution_of(number: int) -> str:
    return split_solution(lock_bytes(number))[1]


def put_lock(player: Client, slot: int, data: bytes):
    return player.request("PUT", f"/api/intricacy/slots/{slot}", {"data_base64": base64.b64encode(data).decode()})


def placed(player: Client, slot: int, number: int) -> int:
    status, body = put_lock(player, slot, lock_bytes(number))
    assert status == 200, body
    return body["lock_id"]


def declare(player: Client, lock_id: int, solution: str, behind_slot: int):
    return player.post(f"/api/intricacy/locks/{lock_id}/solutions", {"solution": solution, "behind_slot": behind_slot})


def declared(player: Client, lock_id: int, number: int, behind_slot: int) -> int:
    status, body = declare(player, lock_id, solution_of(number), behind_slot)
    assert status == 201, body
    return body["id"]


def scores_of(player: Client) -> dict:
    status, body = player.get("/api/intricacy/scores")
    assert status == 200, body
    return {row["codename"]: row["score"] for row in body}


def slots_seen(player: Client) -> dict:
    status, body = player.get("/api/intricacy/players")
    assert status == 200, body
    return {row["codename"]: row["slots"] for row in body}


def check_scores(players: dict, expected: dict) -> None:
    """``expected[x][y]``: x's score against y, as worked out by hand; each player's own table."""
    for codename, player in players.items():
        assert scores_of(player) == expected[codename], codename


def test_a_scripted_game_scores_by_the_readme(server):
    anonymous = Client(server.url)
    ann, bob, cat, eve = (anonymous.sign_up(name) for name in ("ann", "bob", "cat", "eve"))
    dee = anonymous.sign_up("dee-player")  # not three letters: registers a codename
    assert dee.request("PUT", "/api/intricacy/codename", {"codename": "dee"}) == (200, {"codename": "DEE"})
    players = {"ANN": ann, "BOB": bob, "CAT": cat, "DEE": dee, "EVE": eve}
    for codename, player in players.items():
        assert player.get("/api/intricacy/codename") == (200, {"codename": codename})

    # Nobody has a lock: every player accesses every (empty) slot of every other, by (iii).
    check_scores(players, {x: {y: 0 for y in players if y != x} for x in players})

    # 1. ANN places two locks. Nobody accesses them, nor so ANN's empty slot 2; ANN accesses the
    # three empty slots of each player with no lock: ANN +3 against each, the rest 0 among them.
    a0, a1 = placed(ann, 0, 1), placed(ann, 1, 2)
    check_scores(players, {
        "ANN": {"BOB": 3, "CAT": 3, "DEE": 3, "EVE": 3},
        "BOB": {"ANN": -3, "CAT": 0, "DEE": 0, "EVE": 0},
        "CAT": {"ANN": -3, "BOB": 0, "DEE": 0, "EVE": 0},
        "DEE": {"ANN": -3, "BOB": 0, "CAT": 0, "EVE": 0},
        "EVE": {"ANN": -3, "BOB": 0, "CAT": 0, "DEE": 0},
    })

    # 2. BOB places a lock and declares ANN's first lock behind it. BOB accesses ANN's slot 0 by
    # (ii) and ANN has not read the note (it is in BOB's lock): 1 point; ANN gets none of BOB's.
    b0 = placed(bob, 0, 3)
    note_bob = declared(bob, a0, 1, 0)
    check_scores(players, {
        "ANN": {"BOB": -1, "CAT": 3, "DEE": 3, "EVE": 3},
        "BOB": {"ANN": 1, "CAT": 3, "DEE": 3, "EVE": 3},
        "CAT": {"ANN": -3, "BOB": -3, "DEE": 0, "EVE": 0},
        "DEE": {"ANN": -3, "BOB": -3, "CAT": 0, "EVE": 0},
        "EVE": {"ANN": -3, "BOB": -3, "CAT": 0, "DEE": 0},
    })

    # 3. CAT reads three notes on ANN's first lock. One player may declare a lock once, so the
    # three notes take three solvers besides its owner: DEE and EVE declare it too, each behind a
    # lock of their own; CAT then solves BOB's, DEE's and EVE's locks and so reads the notes in
    # them. CAT accesses ANN's slot 0 by (i), without having solved that lock.
    d0, e0 = placed(dee, 0, 4), placed(eve, 0, 5)
    note_dee, note_eve = declared(dee, a0, 1, 0), declared(eve, a0, 1, 0)
    placed(cat, 0, 6)
    assert slots_seen(cat)["ANN"][0]["accessed"] is False
    for lock_id, number in ((b0, 3), (d0, 4), (e0, 5)):
        declared(cat, lock_id, number, 0)
    assert {note_bob, note_dee, note_eve} <= {note["id"] for note in cat.get("/api/intricacy/notes")[1]}
    assert slots_seen(cat)["ANN"][0] == {"slot": 0, "lock_id": a0, "public": False, "accessed": True}
    # ANN: nobody's slot (reads nothing). BOB, DEE, EVE: ANN's slot 0 by (ii), unread by ANN.
    # CAT: ANN's slot 0 by (i); each of BOB's, DEE's, EVE's by (ii), notes unread (in CAT's lock),
    # and so their two empty slots by (iii): 3 against each.
    check_scores(players, {
        "ANN": {"BOB": -1, "CAT": -1, "DEE": -1, "EVE": -1},
        "BOB": {"ANN": 1, "CAT": -3, "DEE": 0, "EVE": 0},
        "CAT": {"ANN": 1, "BOB": 3, "DEE": 3, "EVE": 3},
        "DEE": {"ANN": 1, "BOB": 0, "CAT": -3, "EVE": 0},
        "EVE": {"ANN": 1, "BOB": 0, "CAT": -3, "DEE": 0},
    })

    # 4. ANN retires her second lock. Her slots 1 and 2 are empty, and everyone else accesses her
    # only locked slot: 3 points each against ANN.
    assert ann.request("DELETE", "/api/intricacy/slots/1") == (200, {"slot": 1, "lock_id": a1})
    check_scores(players, {
        "ANN": {"BOB": -3, "CAT": -3, "DEE": -3, "EVE": -3},
        "BOB": {"ANN": 3, "CAT": -3, "DEE": 0, "EVE": 0},
        "CAT": {"ANN": 3, "BOB": 3, "DEE": 3, "EVE": 3},
        "DEE": {"ANN": 3, "BOB": 0, "CAT": -3, "EVE": 0},
        "EVE": {"ANN": 3, "BOB": 0, "CAT": -3, "DEE": 0},
    })

    # 5. BOB retires his lock: his note on ANN's lock becomes public and everyone reads it, ANN
    # too, so BOB's access to ANN's slot 0 (by (ii) alone) no longer scores: 2 for BOB against
    # ANN (her empty slots). BOB has no lock left: everyone accesses his three empty slots.
    assert bob.request("DELETE", "/api/intricacy/slots/0")[0] == 200
    public = next(note for note in ann.get("/api/intricacy/notes")[1] if note["id"] == note_bob)
    assert public["public"] and public["author"] == "BOB" and public["solution"] == solution_of(1)
    check_scores(players, {
        "ANN": {"BOB": 1, "CAT": -3, "DEE": -3, "EVE": -3},
        "BOB": {"ANN": -1, "CAT": -3, "DEE": -3, "EVE": -3},
        "CAT": {"ANN": 3, "BOB": 3, "DEE": 3, "EVE": 3},
        "DEE": {"ANN": 3, "BOB": 3, "CAT": -3, "EVE": 0},
        "EVE": {"ANN": 3, "BOB": 3, "CAT": -3, "DEE": 0},
    })


def test_codenames_three_letters_unique_and_registered_once(server):
    anonymous = Client(server.url)
    assert anonymous.get("/api/intricacy/players")[0] == 401
    long_name = anonymous.sign_up("longname")
    status, body = long_name.get("/api/intricacy/players")
    assert status == 403 and "register a codename" in body["detail"]
    assert long_name.get("/api/intricacy/codename")[0] == 403
    for bad in ("ab", "abcd", "a1c"):
        status, body = long_name.request("PUT", "/api/intricacy/codename", {"codename": bad})
        assert status == 422 and "three letters" in body["detail"]
    assert long_name.request("PUT", "/api/intricacy/codename", {"codename": "Lng"}) == (200, {"codename": "LNG"})
    assert long_name.request("PUT", "/api/intricacy/codename", {"codename": "lng"}) == (200, {"codename": "LNG"})
    status, body = long_name.request("PUT", "/api/intricacy/codename", {"codename": "OTH"})
    assert status == 409 and "registered once" in body["detail"]

    other = anonymous.sign_up("another")
    status, body = other.request("PUT", "/api/intricacy/codename", {"codename": "lNG"})
    assert status == 409 and "taken" in body["detail"]
    # A three-letter account name is that account's codename, and no one else's.
    zed = anonymous.sign_up("Zed")
    status, body = other.request("PUT", "/api/intricacy/codename", {"codename": "ZED"})
    assert status == 409 and "another account's name" in body["detail"]
    status, body = zed.request("PUT", "/api/intricacy/codename", {"codename": "ZZZ"})
    assert status == 409 and "account name, ZED" in body["detail"]
    assert zed.get("/api/intricacy/codename") == (200, {"codename": "ZED"})
    # An account named after a codename registered before it existed chooses another.
    assert other.request("PUT", "/api/intricacy/codename", {"codename": "qqq"}) == (200, {"codename": "QQQ"})
    late = anonymous.sign_up("Qqq")
    status, body = late.get("/api/intricacy/codename")
    assert status == 409 and "taken by another player" in body["detail"]
    assert late.request("PUT", "/api/intricacy/codename", {"codename": "qqr"}) == (200, {"codename": "QQR"})


def test_a_lock_goes_in_a_slot_only_with_a_solution_that_opens_it(server):
    owner = Client(server.url).sign_up("own")
    data = lock_bytes(1)
    without, solution = split_solution(data)
    status, body = put_lock(owner, 0, without)
    assert status == 422 and "carries no solution" in body["detail"]
    status, body = put_lock(owner, 0, data.replace(f"solution: {solution}".encode(), b"solution: s"))
    assert status == 422 and "cannot go in a slot" in body["detail"] and "not solved" in body["detail"]
    status, body = put_lock(owner, 0, b"intricacy lock 1\nsize: 99\nsolution: z\n\n")
    assert status == 422 and "does not load" in body["detail"]
    assert owner.request("PUT", "/api/intricacy/slots/0", {"data_base64": "%%%"})[0] == 422
    assert owner.request("PUT", "/api/intricacy/slots/3", {"data_base64": "eA=="})[0] == 422

    lock_id = placed(owner, 2, 1)
    status, served = owner.get(f"/api/intricacy/locks/{lock_id}")
    assert status == 200 and served == without and b"solution:" not in served  # the owner's solution stays hidden
    lock = load_lock(served)  # what a picker gets loads, and the owner's solution opens it
    assert play_solution(initial_state(lock.lock), parse_moves(solution)).verdict == "won"
    assert owner.get("/api/intricacy/locks/999999")[0] == 404
    status, body = owner.request("DELETE", "/api/intricacy/slots/1")
    assert status == 409 and "empty" in body["detail"]


def test_declaring_is_verified_by_the_engine_and_refused_by_the_rules(server):
    anonymous = Client(server.url)
    owner, solver = anonymous.sign_up("opp"), anonymous.sign_up("sol")
    target = placed(owner, 0, 2)
    status, body = declare(solver, target, solution_of(2), 0)
    assert status == 409 and "empty" in body["detail"]  # no lock of the solver's own to secure it behind
    placed(solver, 0, 3)
    status, body = declare(solver, target, "s", 0)
    assert status == 422 and f"does not open lock {target}" in body["detail"]
    status, body = declare(solver, target, "k", 0)
    assert status == 422 and "cannot be read" in body["detail"]
    status, body = declare(owner, target, solution_of(2), 0)
    assert status == 409 and "own lock" in body["detail"]
    assert declare(solver, 999999, "s", 0)[0] == 404
    status, note = declare(solver, target, solution_of(2), 0)
    assert status == 201 and note["lock_owner"] == "OPP" and note["author"] == "SOL" and not note["public"]
    status, body = declare(solver, target, solution_of(2), 0)
    assert status == 409 and "already declared" in body["detail"]
    # The note stays behind the lock it was secured behind, even when a new lock takes the slot.
    placed(solver, 0, 4)
    notes = {n["id"]: n for n in owner.get("/api/intricacy/notes")[1]}
    assert notes[note["id"]]["behind_lock_id"] == note["behind_lock_id"] and notes[note["id"]]["public"]


def test_changes_at_the_same_time_keep_the_rules(server):
    """Requests racing each other: one codename for two accounts, eight locks into one slot,
    declarations behind a slot while it is being retired. Each is judged on the state it changes."""
    from concurrent.futures import ThreadPoolExecutor

    anonymous = Client(server.url)
    first, second = anonymous.sign_up("racer-one"), anonymous.sign_up("racer-two")
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda c: c.request("PUT", "/api/intricacy/codename", {"codename": "rac"})[0],
                                (first, second)))
    assert sorted(answers) == [200, 409]

    owner, solver = anonymous.sign_up("rco"), anonymous.sign_up("rcs")
    numbers = [1, 2, 3, 4, 5, 6, 1, 2]
    with ThreadPoolExecutor(4) as pool:
        ids = list(pool.map(lambda number: placed(owner, 0, number), numbers))
    slots = slots_seen(owner)["RCO"]
    assert len(set(ids)) == 8 and slots[0]["lock_id"] in ids and slots[1:] == [None, None]

    target = slots[0]["lock_id"]
    number = numbers[ids.index(target)]  # which bundled lock ended up in the slot
    placed(solver, 0, 3)
    with ThreadPoolExecutor(2) as pool:
        retire = pool.submit(solver.request, "DELETE", "/api/intricacy/slots/0")
        declaring = pool.submit(declare, solver, target, solution_of(number), 0)
        retired, note = retire.result(), declaring.result()
    assert retired[0] == 200
    if note[0] == 201:  # declared first: secured behind the lock, now retired, so public
        assert note[1]["behind_lock_id"] == retired[1]["lock_id"]
        assert next(n for n in owner.get("/api/intricacy/notes")[1] if n["id"] == note[1]["id"])["public"]
    else:  # retired first: nothing to secure the note behind
        assert note[0] == 409 and "empty" in note[1]["detail"]


def test_placing_locks_counts_against_the_hourly_upload_limit(tmp_path):
    database = Database("sqlite", tmp_path)
    process = start_server(database, tmp_path, "--uploads-per-hour", "2")
    try:
        player = Client(process.url).sign_up("lim")
        placed(player, 0, 1)
        status, body = put_lock(player, 1, lock_bytes(1).replace(b"solution: z", b"solution: s"))
        assert status == 422  # refused, and counted: the engine played it
        status, body = put_lock(player, 1, lock_bytes(2))
        assert status == 429 and "too many lock placements" in body["detail"]
    finally:
        process.stop()
