"""The two colouring modes: by kind, and touching pieces always different."""

from __future__ import annotations

from hypothesis import given, settings

from studio.games.intricacy.colouring import (
    KIND_COLOURS, PROPER_COLOUR_COUNT, STATIONARY_BLOCK, colours_by_kind, proper_colours, touching,
)
from studio.games.intricacy.lock import Lock
from tests.intricacy_helpers import ball, block, hook, make_lock, pivot, spring, wrench
from tests.test_intricacy_format import apply_edits, edits


def test_colours_by_kind_tell_stationary_blocks_apart():
    lock = make_lock(block("A", (0, 0)), block("B", (2, 0)), ball(0, 2), pivot(-2, 0, 0), hook(0, -2, 0),
                     wrench((2, 2)), springs=[spring(0, 1, (0, 0), (2, 0), 2)])
    assert colours_by_kind(lock.pieces, lock.springs) == [
        STATIONARY_BLOCK, KIND_COLOURS["block"], KIND_COLOURS["ball"], KIND_COLOURS["pivot"],
        KIND_COLOURS["hook"], KIND_COLOURS["wrench"]]


def test_touching_pieces_get_different_colours():
    # A ring of balls round a block: every ball touches the block and two other balls.
    ring = [ball(q, r) for q, r in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))]
    lock = make_lock(block("A", (0, 0)), *ring)
    colours = proper_colours(lock.pieces)
    for index, others in enumerate(touching(lock.pieces)):
        assert all(colours[index] != colours[other] for other in others)
    assert touching(lock.pieces)[0] == set(range(1, 7))


@settings(max_examples=80, deadline=None)
@given(edits())
def test_proper_colouring_of_any_edited_lock(steps):
    lock = apply_edits(Lock(3), steps)
    colours = proper_colours(lock.pieces)
    assert all(0 <= c < PROPER_COLOUR_COUNT for c in colours)
    for index, others in enumerate(touching(lock.pieces)):
        assert all(colours[index] != colours[other] for other in others)
