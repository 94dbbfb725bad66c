"""Intricacy's metagame rules one at a time (README, "Full details of the metagame mechanics"),
each on a small game worked out by hand."""

from __future__ import annotations

import pytest

from studio.games.intricacy.metagame import LockRecord, Metagame, MetagameError, Note, normal_codename


def game_of(*codenames) -> Metagame:
    game = Metagame()
    for codename in codenames:
        game.register(codename)
    return game


def solved_by_three(game: Metagame, target: int, solvers=("CCC", "DDD", "EEE")) -> list[int]:
    """Each solver puts a lock in slot 0 and declares ``target`` behind it; the notes' ids."""
    notes = []
    for solver in solvers:
        if game.lock_in(solver, 0) is None:
            game.place_lock(solver, 0)
        notes.append(game.declare(solver, target, 0, "d"))
    return notes


# ---- codenames ------------------------------------------------------------------------------

def test_a_codename_is_three_letters_kept_in_capitals():
    game = Metagame()
    assert game.register("abc") == "ABC"
    assert normal_codename("xYz") == "XYZ"
    for bad in ("AB", "ABCD", "A1C", "A C", "", "ÄBC", "ab\n"):
        with pytest.raises(MetagameError, match="exactly three letters"):
            game.register(bad)
    assert game.players == ["ABC"]


def test_codenames_are_unique_ignoring_case():
    game = game_of("Bob")
    with pytest.raises(MetagameError, match="taken"):
        game.register("BOB")
    with pytest.raises(MetagameError, match="taken"):
        game.register("bob")
    assert game.lock_in("bOb", 0) is None  # any case names the same player


# ---- slots ----------------------------------------------------------------------------------

def test_three_slots_and_placing_over_a_lock_retires_it():
    game = game_of("AAA")
    first = game.place_lock("AAA", 1)
    second = game.place_lock("AAA", 1)
    assert game.locks[first].retired and not game.locks[second].retired
    assert game.lock_in("AAA", 1).id == second
    for bad in (-1, 3, "1", True):
        with pytest.raises(MetagameError, match="0, 1 or 2"):
            game.place_lock("AAA", bad)


def test_retiring_empties_the_slot_and_an_empty_slot_cannot_be_retired():
    game = game_of("AAA")
    lock = game.place_lock("AAA", 2)
    assert game.retire("AAA", 2) == lock
    assert game.lock_in("AAA", 2) is None and game.locks[lock].retired
    with pytest.raises(MetagameError, match="empty"):
        game.retire("AAA", 2)


def test_an_unknown_player_is_named():
    with pytest.raises(MetagameError, match="no player ZZZ"):
        game_of("AAA").place_lock("zzz", 0)


# ---- access (ii): solved and declared -------------------------------------------------------

def test_declaring_a_solution_accesses_the_slot():
    game = game_of("AAA", "BBB")
    target = game.place_lock("AAA", 0)
    game.place_lock("BBB", 2)
    assert not game.accesses("BBB", "AAA", 0)
    note = game.declare("BBB", target, 2, "dde")
    assert game.accesses("BBB", "AAA", 0)
    assert game.notes[note] == Note(note, "BBB", target, game.lock_in("BBB", 2).id, "dde")


def test_declaring_is_refused_by_each_rule():
    game = game_of("AAA", "BBB")
    target = game.place_lock("AAA", 0)
    own = game.place_lock("BBB", 0)
    with pytest.raises(MetagameError, match="own lock"):
        game.declare("BBB", own, 0)
    with pytest.raises(MetagameError, match="slot 1 is empty"):
        game.declare("BBB", target, 1)
    with pytest.raises(MetagameError, match="no lock 99"):
        game.declare("BBB", 99, 0)
    game.declare("BBB", target, 0)
    with pytest.raises(MetagameError, match="already declared"):
        game.declare("BBB", target, 0)
    retired = game.place_lock("AAA", 1)
    game.retire("AAA", 1)
    with pytest.raises(MetagameError, match="retired"):
        game.declare("BBB", retired, 0)
    assert len(game.notes) == 1


def test_a_note_cannot_be_secured_behind_a_public_lock():
    game = game_of("AAA", "BBB", "CCC", "DDD", "EEE")
    behind = game.place_lock("AAA", 0)
    solved_by_three(game, behind)
    for solver in ("CCC", "DDD", "EEE"):
        game.retire(solver, 0)
    assert game.is_public(behind)
    target = game.place_lock("BBB", 0)
    with pytest.raises(MetagameError, match="public"):
        game.declare("AAA", target, 0)


# ---- reading and access (i) -----------------------------------------------------------------

def test_a_player_reads_the_notes_in_a_lock_they_access():
    game = game_of("AAA", "BBB", "CCC")
    a_lock = game.place_lock("AAA", 0)
    c_lock = game.place_lock("CCC", 0)
    game.place_lock("BBB", 0)
    note_in_b = game.declare("BBB", a_lock, 0)  # B's note on A's lock, behind B's lock
    assert game.notes_read("BBB") == {note_in_b} and game.notes_read("CCC") == set()
    game.declare("CCC", game.lock_in("BBB", 0).id, 0)  # C solves B's lock: C reads what is in it
    assert note_in_b in game.notes_read("CCC")
    assert game.notes_read("AAA") == set()  # A accesses nothing of B's or C's
    assert c_lock in game.locks


def test_three_notes_read_on_a_lock_access_it_even_through_a_chain():
    # C, D and E each declare A's lock behind their own; B solves C's, D's and E's locks and so
    # reads the three notes on A's lock: B accesses A's slot by (i) without solving it.
    game = game_of("AAA", "BBB", "CCC", "DDD", "EEE")
    target = game.place_lock("AAA", 0)
    notes = solved_by_three(game, target)
    game.place_lock("BBB", 0)
    for holder in ("CCC", "DDD"):
        game.declare("BBB", game.lock_in(holder, 0).id, 0)
    assert not game.accesses("BBB", "AAA", 0)
    game.declare("BBB", game.lock_in("EEE", 0).id, 0)
    assert set(notes) <= game.notes_read("BBB")
    assert game.accesses("BBB", "AAA", 0) and game.earns_point("BBB", "AAA", 0)


def test_two_notes_read_are_not_enough():
    game = game_of("AAA", "BBB", "CCC", "DDD")
    target = game.place_lock("AAA", 0)
    solved_by_three(game, target, ("CCC", "DDD"))
    game.retire("CCC", 0)
    game.retire("DDD", 0)
    assert not game.accesses("BBB", "AAA", 0) and not game.is_public(target)


# ---- retiring, public notes and public locks ------------------------------------------------

def test_retiring_a_lock_makes_its_notes_public_and_read_by_every_player():
    game = game_of("AAA", "BBB", "CCC")
    target = game.place_lock("AAA", 0)
    behind = game.place_lock("BBB", 1)
    note = game.declare("BBB", target, 1)
    assert note not in game.notes_read("CCC")
    game.retire("BBB", 1)
    assert game.is_note_public(note)
    late = game.register("LTE")  # registered after the retirement, reads it too
    assert all(note in game.notes_read(player) for player in ("AAA", "BBB", "CCC", late))
    assert game.notes[note].behind_lock_id == behind  # the note stays behind the retired lock


def test_replacing_a_lock_retires_it_too():
    game = game_of("AAA", "BBB")
    target = game.place_lock("AAA", 0)
    game.place_lock("BBB", 0)
    note = game.declare("BBB", target, 0)
    game.place_lock("BBB", 0)
    assert game.is_note_public(note) and note in game.notes_read("AAA")
    assert game.notes_behind(game.lock_in("BBB", 0).id) == []  # the note did not move to the new lock


def test_three_public_notes_make_a_lock_public_and_accessed_by_every_player():
    game = game_of("AAA", "BBB", "CCC", "DDD", "EEE")
    target = game.place_lock("AAA", 0)
    solved_by_three(game, target)
    game.retire("CCC", 0)
    game.retire("DDD", 0)
    assert not game.is_public(target)
    game.retire("EEE", 0)
    assert game.is_public(target)
    late = game.register("NEW")
    for player in ("BBB", "CCC", "DDD", "EEE", late):
        assert game.accesses(player, "AAA", 0)
    assert game.slot_views("BBB")["AAA"][0].public


# ---- access (iii): empty slots --------------------------------------------------------------

def test_an_empty_slot_is_accessed_once_every_locked_slot_is():
    game = game_of("AAA", "BBB")
    first = game.place_lock("AAA", 0)
    second = game.place_lock("AAA", 1)
    game.place_lock("BBB", 0)
    assert [game.accesses("BBB", "AAA", s) for s in range(3)] == [False, False, False]
    game.declare("BBB", first, 0)
    assert [game.accesses("BBB", "AAA", s) for s in range(3)] == [True, False, False]
    game.declare("BBB", second, 0)
    assert [game.accesses("BBB", "AAA", s) for s in range(3)] == [True, True, True]


def test_every_slot_of_a_player_with_no_locks_is_accessed():
    game = game_of("AAA", "BBB")
    game.place_lock("AAA", 0)
    assert [game.accesses("AAA", "BBB", s) for s in range(3)] == [True, True, True]
    assert game.score("AAA", "BBB") == 3 - 0
    assert game.score("BBB", "AAA") == -3


def test_a_player_holds_their_own_slots_but_never_scores_on_them():
    game = game_of("AAA")
    game.place_lock("AAA", 0)
    assert game.accesses("AAA", "AAA", 0) and game.points("AAA", "AAA") == 0
    assert game.scores("AAA") == {}


# ---- scores ---------------------------------------------------------------------------------

def test_scores_count_accessed_slots_both_ways():
    game = game_of("AAA", "BBB")
    a0, a1 = game.place_lock("AAA", 0), game.place_lock("AAA", 1)
    b0 = game.place_lock("BBB", 0)
    game.place_lock("BBB", 1)
    game.place_lock("BBB", 2)
    assert game.scores("AAA") == {"BBB": 0}
    game.declare("BBB", a0, 1)  # B's note behind B's slot-1 lock, which A does not access
    # B accesses A's slot 0 only; A's slot 2 is empty but A's slot 1 is not accessed.
    assert game.score("BBB", "AAA") == 1 and game.score("AAA", "BBB") == -1
    game.declare("BBB", a1, 1)  # now slot 2 (empty) follows: 3 points
    assert game.score("BBB", "AAA") == 3
    # A solves B's slot 0 and secures the note behind A's slot 0, which B accesses, so B reads
    # it: A accesses B's slot 0 by (ii) alone, for no point.
    game.declare("AAA", b0, 0)
    assert game.accesses("AAA", "BBB", 0) and game.scores("AAA") == {"BBB": 0 - 3}


def test_no_point_for_a_declared_solution_whose_note_the_owner_has_read():
    game = game_of("AAA", "BBB")
    a0 = game.place_lock("AAA", 0)
    b0 = game.place_lock("BBB", 0)
    game.place_lock("AAA", 1)
    game.place_lock("AAA", 2)
    game.place_lock("BBB", 1)
    game.place_lock("BBB", 2)
    note = game.declare("BBB", a0, 0)  # behind B's slot 0 lock
    assert game.score("BBB", "AAA") == 1
    game.declare("AAA", b0, 1)  # A solves B's slot-0 lock and so reads B's note on A's lock
    assert note in game.notes_read("AAA")
    assert game.accesses("BBB", "AAA", 0) and not game.earns_point("BBB", "AAA", 0)
    # A: 1 point for B's slot 0 (B has not read A's note, behind A's slot 1); B: access, no point.
    assert game.score("AAA", "BBB") == 1 and game.score("BBB", "AAA") == -1


def test_reading_three_notes_scores_even_when_the_owner_read_your_note():
    game = game_of("AAA", "BBB", "CCC", "DDD", "EEE")
    target = game.place_lock("AAA", 0)
    game.place_lock("AAA", 1)
    game.place_lock("AAA", 2)
    solved_by_three(game, target)
    game.retire("CCC", 0)
    game.retire("DDD", 0)
    game.retire("EEE", 0)
    game.place_lock("BBB", 0)
    note = game.declare("BBB", target, 0)
    game.retire("BBB", 0)  # the owner A reads B's note now, but B has read three public notes
    assert note in game.notes_read("AAA") and game.earns_point("BBB", "AAA", 0)


# ---- stored state ---------------------------------------------------------------------------

def test_a_state_rebuilt_from_its_records_says_the_same():
    game = game_of("AAA", "BBB", "CCC")
    target = game.place_lock("AAA", 0)
    game.place_lock("BBB", 0)
    game.place_lock("CCC", 1)
    game.declare("BBB", target, 0, "dd")
    game.declare("CCC", game.lock_in("BBB", 0).id, 1)
    game.place_lock("BBB", 0)
    again = Metagame.from_records(game.players, game.locks.values(), game.notes.values())
    for player in game.players:
        assert again.notes_read(player) == game.notes_read(player)
        assert again.scores(player) == game.scores(player)
        assert again.slot_views(player) == game.slot_views(player)


def test_records_that_break_the_rules_are_refused():
    with pytest.raises(MetagameError, match="two locks"):
        Metagame.from_records(["AAA"], [LockRecord(1, "AAA", 0), LockRecord(2, "AAA", 0)], [])
    with pytest.raises(MetagameError, match="behind its author's own"):
        Metagame.from_records(["AAA", "BBB"], [LockRecord(1, "AAA", 0), LockRecord(2, "BBB", 0)],
                              [Note(1, "BBB", 1, 1)])


# ---- a lock as other players get it ---------------------------------------------------------

def test_a_lock_is_served_without_its_solution_line_and_otherwise_unchanged():
    from pathlib import Path

    from studio.games.intricacy.lockfile import load_lock
    from studio.games.intricacy.metagame import split_solution

    data = (Path(__file__).resolve().parent.parent / "levels" / "intricacy" / "02-balls.lock").read_bytes()
    served, solution = split_solution(data)
    assert solution == "weeeexa"
    assert served == data.replace(b"solution: weeeexa\n", b"")
    level = load_lock(served)
    assert level.solution == "" and level.lock == load_lock(data).lock
    assert split_solution(served) == (served, "")
    # A map or description line that happens to read "solution:" is not the header's.
    tricky = data.replace(b"solution: weeeexa\n", b"description: x\n solution: not this one\n")
    assert split_solution(tricky) == (tricky, "")
