"""Region edits of a lock (the editor's selection): copy, erase, paste and move, pure Python."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from studio.core.errors import LevelLimitError
from studio.games.intricacy.editing import canonical, erase
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lockfile import load_lock
from studio.games.intricacy.regions import copy_region, erase_region, first_hex, move_region, paste_fragment
from tests.intricacy_helpers import ball, block, hook, make_lock, pivot, spring, wrench

LEVELS = sorted((Path(__file__).resolve().parent.parent / "levels" / "intricacy").glob("*.lock"))


def hexes(*pairs) -> set:
    return {Hex(*p) for p in pairs}


def pieces_by_kind(lock, kind):
    return [p for p in lock.pieces if p.kind == kind]


def sample_lock():
    """Block A with a spring from a pivot (one arm), a ball, walls, the hook."""
    return canonical(make_lock(
        block("A", (0, 0), (1, 0)), pivot(-2, 0, 1), ball(0, 2), hook(-2, 3, 0),
        springs=[spring(1, 0, (-2, 0), (0, 0), 2)], walls=[(2, 2), (3, 1)],
    ))


def test_a_fragment_holds_walls_pieces_and_the_springs_inside_relative_to_its_first_hex():
    lock = sample_lock()
    region = hexes((-2, 0), (-1, 0), (0, 0), (1, 0), (2, 2))
    fragment = copy_region(lock, region)
    assert fragment.origin == first_hex(region) == Hex(-2, 0)
    assert fragment.hexes == {h - Hex(-2, 0) for h in region}
    assert fragment.walls == {Hex(4, 2)}
    kinds = sorted((p.kind, tuple(sorted(p.hexes))) for p in fragment.pieces)
    assert kinds == [("block", (Hex(2, 0), Hex(3, 0))), ("pivot", (Hex(0, 0),))]
    (kept,) = fragment.springs
    assert (kept.root_anchor, kept.end_anchor, kept.natural) == (Hex(0, 0), Hex(2, 0), 2)
    assert (fragment.width, fragment.height) == (6, 3)  # (2, 2) lies three hexes right of (1, 0)


def test_a_block_cut_by_the_region_edge_gives_its_part_and_springs_out_of_the_region_stay_behind():
    lock = sample_lock()
    fragment = copy_region(lock, hexes((1, 0), (0, 2)))
    assert sorted(p.kind for p in fragment.pieces) == ["ball", "block"]
    assert fragment.springs == ()
    part = next(p for p in fragment.pieces if p.kind == "block")
    assert len(part.hexes) == 1


def test_erasing_a_region_is_the_eraser_on_each_hex():
    lock = sample_lock()
    region = hexes((-2, 0), (1, 0), (2, 2), (0, 2))
    expected = lock
    for h in sorted(region):
        expected = erase(expected, h)
    assert erase_region(lock, region) == expected
    assert not pieces_by_kind(erase_region(lock, region), "pivot") and Hex(2, 2) not in expected.walls


def test_pasting_renames_a_block_whose_letter_is_taken_and_keeps_its_spring():
    lock = sample_lock()
    fragment = copy_region(lock, hexes((-2, 0), (-1, 0), (0, 0), (1, 0)))
    pasted = paste_fragment(lock, fragment, Hex(-1, -2))
    blocks = {p.label: p.hexes for p in pieces_by_kind(pasted, "block")}
    assert blocks == {"A": hexes((0, 0), (1, 0)), "B": hexes((1, -2), (2, -2))}
    assert len(pieces_by_kind(pasted, "pivot")) == 2 and len(pasted.springs) == 2
    new_spring = next(s for s in pasted.springs if s.root_anchor == Hex(-1, -2))
    assert new_spring.end_anchor == Hex(1, -2) and new_spring.natural == 2
    assert not pasted.problems()


def test_pasting_overwrites_what_is_under_it_and_a_pasted_hook_replaces_the_lock_s():
    lock = sample_lock()
    fragment = copy_region(lock, hexes((-2, 3), (-1, 3)))  # the hook and its arm
    pasted = paste_fragment(lock, fragment, Hex(-1, 2))  # its arm lands on the ball
    (the_hook,) = pieces_by_kind(pasted, "hook")
    assert the_hook.centre == Hex(-1, 2) and the_hook.arm_hexes() == {Hex(0, 2): 0}
    assert not pieces_by_kind(pasted, "ball")


def test_pasting_outside_the_lock_or_a_wall_into_the_bolthole_is_refused():
    lock = sample_lock()
    fragment = copy_region(lock, hexes((0, 0), (1, 0)))
    with pytest.raises(LevelLimitError, match="outside"):
        paste_fragment(lock, fragment, Hex(4, 0))
    wall = copy_region(lock, hexes((2, 2)))
    with pytest.raises(LevelLimitError, match="bolthole"):
        paste_fragment(lock, wall, Hex(5, -5))


def test_moving_along_a_spring_keeps_it_and_moving_across_it_drops_it():
    lock = sample_lock()
    block_a = hexes((0, 0), (1, 0))
    along, dropped = move_region(lock, block_a, Hex(1, 0))
    assert dropped == 0
    (moved_spring,) = along.springs
    assert moved_spring.end_anchor == Hex(1, 0) and moved_spring.natural == 2
    across, dropped = move_region(lock, block_a, Hex(0, 1))
    assert dropped == 1 and across.springs == ()
    assert pieces_by_kind(across, "block")[0].hexes == hexes((0, 1), (1, 1))


def test_moving_past_the_edge_is_refused():
    lock = sample_lock()
    with pytest.raises(LevelLimitError, match="edge of the lock"):
        move_region(lock, hexes((3, 1)), Hex(1, 0))


def test_moving_the_hook_and_the_wrench_keeps_one_of_each():
    lock = canonical(make_lock(hook(0, 0, 0), wrench((-2, 2), (-1, 2))))
    moved, _ = move_region(lock, hexes((0, 0), (1, 0), (-2, 2), (-1, 2)), Hex(-1, 0))
    assert pieces_by_kind(moved, "hook")[0].centre == Hex(-1, 0)
    assert pieces_by_kind(moved, "wrench")[0].hexes == hexes((-3, 2), (-2, 2))


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from(LEVELS), data=st.data())
def test_cutting_whole_pieces_and_pasting_them_back_gives_the_lock_again(level, data):
    """A region made of whole pieces (and walls), no spring crossing its edge: erase then paste
    at its own origin is the identity."""
    lock = load_lock(level.read_bytes()).lock
    chosen = data.draw(st.sets(st.sampled_from(range(len(lock.pieces))), min_size=1))
    walls = data.draw(st.sets(st.sampled_from(sorted(lock.walls)))) if lock.walls else set()
    region = set(walls)
    for index in chosen:
        region |= lock.pieces[index].cells()
    assume(not any((s.root_anchor in region) != (s.end_anchor in region) for s in lock.springs))
    assume(all(lock.piece_at(h) in chosen for h in region - walls))  # no other piece's arm inside
    fragment = copy_region(lock, region)
    assert paste_fragment(erase_region(lock, region), fragment, fragment.origin) == lock
