"""Broken bots never act, so the order they stand in the bot list does not matter: a
position whose broken bots are the same cells in another order plays the same. The
searches count such positions as one (compiled: boards.board_hash; Python:
solve.EscapeSpace.transposition). Shown here on the reference engine, along random play
on every random corpus level with two broken bots or more and on mylevels/broko: the
start with its broken bots' order reversed reaches, move for move, the same position but
for that order, and both searches' keys say so; positions that differ in more than that
order have different keys. The corpus parts skip without the corpus."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from studio.games.escape.engine.state import DESTROYED
from studio.games.escape.tiles import Bot
from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, fuzz_present, load_level
from tests.test_escape_compiled import compiled_usable, random_levels

BROKEN = int(Bot.BROKEN)


def broken_reversed(state):
    """``state`` with the broken bots' order reversed, every other bot in its slot."""
    slots = [i for i, bot in enumerate(state.bots) if bot[0] == BROKEN]
    bots = list(state.bots)
    for slot, bot in zip(slots, reversed([state.bots[i] for i in slots])):
        bots[slot] = bot
    return state._replace(bots=tuple(bots))


def without_broken_order(state) -> tuple:
    """What the position is but for the order of its broken and destroyed bots (a broken
    bot blown up keeps its slot, so those differ too)."""
    inert = (BROKEN, DESTROYED)
    return (state.tiles, state.otiles, state.flags, state.player, state.dead, state.won,
            tuple(bot for bot in state.bots if bot[0] not in inert),
            tuple(sorted(bot for bot in state.bots if bot[0] in inert)))


def play_both(state, moves: int, seed: int, keys_seen: dict) -> int:
    """Random play from ``state`` and from it with its broken bots reversed (again from the
    start after a death or a win): the same position but for that order after every
    move, with equal keys; ``keys_seen`` maps each key to the position it stands for, so
    that two different positions with one key fail. How many moves changed the order."""
    from studio.games.escape.engine import step
    from studio.games.escape.solve import EscapeSpace

    rng = random.Random(seed)
    space = EscapeSpace(state, bound=False)
    hashing = _compiled_hash()
    mirrored_start = broken_reversed(state)
    ours, theirs = state, mirrored_start
    differing = 0
    for move in range(moves):
        direction = rng.randint(1, 4)
        ours, theirs = step(ours, direction, False).state, step(theirs, direction, False).state
        seen = without_broken_order(ours)
        assert seen == without_broken_order(theirs), f"move {move}: the two plays differ beyond the broken bots' order"
        differing += ours.bots != theirs.bots
        for key_of in (space.transposition, hashing):
            key = key_of(ours)
            assert key == key_of(theirs), f"move {move}: one position, two keys"
            assert keys_seen.setdefault((key_of is hashing, key), seen) == seen, f"move {move}: two positions, one key"
        if ours.dead or ours.won:
            ours, theirs = state, mirrored_start
    return differing


def _compiled_hash():
    """The compiled search's key of a position's board (its player aside), or a stand-in
    that always agrees where numba is missing (the Python key is still tested)."""
    if not compiled_usable():
        return lambda state: 0
    from studio.games.escape.compiled import start_arrays
    from studio.games.escape.compiled.boards import board_hash

    def key(state):
        arrays = start_arrays(state)
        if arrays is None:  # (a dead or won position is never a search's key)
            return ("ended", without_broken_order(state))
        return int(board_hash(arrays[0], arrays[1])), state.player
    return key


def _broken_count(state) -> int:
    return sum(bot[0] == BROKEN for bot in state.bots)


@pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent")
def test_the_random_levels_play_the_same_whatever_their_broken_bots_order():
    from studio.core.errors import LevelFormatError
    from studio.games.escape.engine import initial_state

    levels, differing, keys_seen = 0, 0, {}
    for index, path in enumerate(sorted((FUZZ / "levels").glob("*.esx"))):
        try:
            state = initial_state(load_level(path))
        except LevelFormatError:
            continue
        if _broken_count(state) < 2:
            continue
        levels += 1
        differing += play_both(state, 200, seed=index, keys_seen=keys_seen)
    assert levels > 100, levels
    assert differing > 10000, differing  # (the two plays' bot lists did differ, nearly all along)


@pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
def test_a_level_of_five_broken_bots_pushed_onto_panels_plays_the_same_whatever_their_order():
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "mylevels" / "broko.esx"))
    assert _broken_count(state) == 5
    assert play_both(state, 3000, seed=1, keys_seen={}) > 2000


def test_bots_other_than_broken_keep_their_order_in_the_keys():
    """Two daleks swapped are another position (they move in bot order); two broken bots
    swapped are not, and a broken bot moved is."""
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.solve import EscapeSpace

    state = initial_state(EscapeLevel.blank(6, 4))
    space = EscapeSpace(state, bound=False)
    keys = [space.transposition, _compiled_hash()]

    def placed(*bots):
        return state._replace(bots=tuple(bots))

    dalek, broken = int(Bot.DALEK), BROKEN
    for key in keys:
        assert key(placed((dalek, 7, 0), (dalek, 9, 0))) != key(placed((dalek, 9, 0), (dalek, 7, 0))) \
            or key is keys[1] and not compiled_usable()
        assert key(placed((broken, 7, 0), (dalek, 8, 0), (broken, 9, 0))) == \
            key(placed((broken, 9, 0), (dalek, 8, 0), (broken, 7, 0)))
        assert key(placed((broken, 7, 0), (broken, 9, 0))) != key(placed((broken, 7, 0), (broken, 10, 0))) \
            or key is keys[1] and not compiled_usable()


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(level=random_levels(), data=st.data())
def test_random_levels_with_broken_bots_play_the_same_whatever_their_order(level, data):
    """Hypothesis's small random levels (every tile kind, a player that may start on a
    bot), two bots or more made broken."""
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import BotPlacement

    assume(len(level.bots) >= 2)
    made = data.draw(st.integers(2, len(level.bots)))
    level.bots = [BotPlacement(bot.cell, BROKEN) for bot in level.bots[:made]] + level.bots[made:]
    play_both(initial_state(level), 60, seed=data.draw(st.integers(0, 1000)), keys_seen={})
