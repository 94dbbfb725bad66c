"""The compiled flood's walks where daleks or hugbots act (search.flood with
``_chasers_stay``): a step is taken as a walk without the engine only where every chaser
stays put, and the reference engine agrees, step by step, at positions all over levels
with chasers (hand-made, built here, and the random hugbot levels). Skips without numba;
the corpus parts skip without the corpus."""

from __future__ import annotations

import random

import pytest

from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, fuzz_present, load_level
from tests.test_escape_compiled import compiled_usable
from tests.test_solver import level_with_chasers

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                "is set: there is no compiled search to test")

# A dalek in a pocket above the room, open only to its right: it stays wherever the player
# walks in the room's two left columns (it tries left, into the wall, or down, into the
# wall), and steps right as soon as he is further right than it.
POCKETED_DALEK = ["##########",
                  "##D.######",
                  "##########",
                  "#@.......#",
                  "#........#",
                  "##########"]


class Flooded:
    """search.flood at a start, on arrays of its own: ``answer`` (the region's hash, the
    number of moves that change something, a winning move's label or -1), ``rows`` (seen,
    queue, came, edges), ``ctl``, ``kept`` (the positions after the first of those moves)
    and the start's arrays (``layers``, ``bots``, ``geometry``, ``counters``, ``scratch``)."""

    def __init__(self, state):
        import numpy as np

        from studio.games.escape.compiled import search, start_arrays

        self.layers, self.bots, self.geometry, self.counters = start_arrays(state)
        cells = self.layers.shape[1]
        work = np.zeros((2, 4, cells), dtype=np.uint8)
        work[0] = self.layers
        self.rows = np.zeros((4, 10 * cells + 8), dtype=np.int64)
        self.ctl = np.zeros(search.CTL_SIZE, dtype=np.int64)
        self.kept = (np.zeros((search.KEPT_MOVES,) + self.layers.shape, np.uint8),
                     np.zeros((search.KEPT_MOVES,) + self.bots.shape, self.bots.dtype),
                     np.zeros((search.KEPT_MOVES,) + self.counters.shape, self.counters.dtype))
        self.scratch = np.zeros(9 * cells + 64, np.int64)
        self.answer = search.flood(work[0], self.bots.copy(), self.counters.copy(), self.geometry, self.scratch,
                                   work[1], self.bots.copy(), self.counters.copy(), self.ctl,
                                   np.ones(cells, dtype=np.uint64), *self.rows, *self.kept)


def flood_at(state):
    """The compiled flood at ``state``: its region's cells and how each was reached
    (cell * 8 + direction); no cells where it met a winning move (it stops there)."""
    from studio.games.escape.compiled import search

    flooded = Flooded(state)
    if flooded.answer[2] >= 0:
        return [], flooded.rows[2]
    return [int(cell) for cell in flooded.rows[1][:flooded.ctl[search.REGION_SIZE]]], flooded.rows[2]


def walks_checked(state, where: str) -> int:
    """Every cell of the flood's region but its first was reached by a step that, on the
    reference engine, moves the player there and changes nothing else; the steps checked."""
    from studio.games.escape.engine import step
    from studio.games.escape.solve import _with_player

    region, came = flood_at(state)
    if not region:
        return 0
    assert region[0] == state.player
    for cell in region[1:]:
        how = int(came[cell])
        after = step(_with_player(state, how // 8), how % 8, False)
        assert after.moved and after.state.player == cell and not after.state.dead and not after.state.won, \
            f"{where}: the step to {cell} is no walk"
        assert (after.state.tiles, after.state.otiles, after.state.flags, after.state.bots) == \
            (state.tiles, state.otiles, state.flags, state.bots), f"{where}: the step to {cell} changed more"
    return len(region) - 1


def wander(state, moves: int, seed: int):
    """The positions along random moves from ``state`` on the reference engine (until one
    ends the game)."""
    from studio.games.escape.engine import step

    chance = random.Random(seed)
    positions = [state]
    for _ in range(moves):
        after = step(state, chance.randint(1, 4), False)
        if after.state.dead or after.state.won:
            break
        state = after.state
        positions.append(state)
    return positions


def has_chasers(state) -> bool:
    from studio.games.escape.tiles import Bot

    return any(kind in (Bot.DALEK, Bot.HUGBOT) for kind, _, _ in state.bots)


def test_a_pocketed_dalek_leaves_the_player_walks_only_where_it_stays_put():
    from studio.games.escape.engine import initial_state

    level = level_with_chasers(POCKETED_DALEK)
    state = initial_state(level)
    region, _ = flood_at(state)
    assert sorted(region) == sorted(level.index(x, y) for x in (1, 2) for y in (3, 4))
    assert walks_checked(state, "pocketed dalek") == 3


def test_walks_where_chasers_act_are_walks_on_the_reference_engine_on_hand_made_levels():
    if not corpus_present():
        pytest.skip("../shared/corpus/escape is absent")
    from studio.core.errors import LevelFormatError
    from studio.games.escape.engine import initial_state

    checked = levels = 0
    for path in sorted((ESCAPE / "levels").glob("*/*.esx")):
        try:
            start = initial_state(load_level(path))
        except LevelFormatError:
            continue
        if not has_chasers(start) or start.dead or start.won:
            continue
        levels += 1
        for number, state in enumerate(wander(start, 60, seed=len(path.name))):
            checked += walks_checked(state, f"{path.name} after {number} random moves")
    assert levels >= 5 and checked > 200, (levels, checked)


def test_walks_where_chasers_act_are_walks_on_the_reference_engine_on_random_hugbot_levels():
    if not fuzz_present():
        pytest.skip("../shared/corpus/escape/fuzz is absent")
    from studio.games.escape.engine import initial_state

    checked = levels = 0
    for path in sorted((FUZZ / "levels").glob("hugbot-*.esx")):
        start = initial_state(load_level(path))
        if not has_chasers(start) or start.dead or start.won:
            continue
        levels += 1
        for number, state in enumerate(wander(start, 25, seed=levels)):
            checked += walks_checked(state, f"{path.name} after {number} random moves")
    assert levels >= 50 and checked > 500, (levels, checked)
