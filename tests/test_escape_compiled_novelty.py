"""The compiled novelty facts (ordering.novelty_class): given that the parent marked every
pair of its own changes (``parent_paired``), a position looks only at the pairs with a
change its parent lacked, and that is exact: along random play, on a level whose button
toggles hundreds of cells and on the random levels with panels and wires, each position's
class and every fact marked are the same as when it looks at every pair. Skips without
numba; the corpus parts skip without the corpus."""

from __future__ import annotations

import random

import pytest

from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, fuzz_present, load_level
from tests.test_escape_compiled import compiled_usable

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                "is set: there is no compiled search to test")


def classes_along_random_play(state, moves: int, seed: int) -> tuple[int, int]:
    """Play ``moves`` random moves from ``state`` (again from the start after a death or a
    win), and judge each position after its parent, once skipping the pairs its parent
    marked and once looking at them all, in two novelty tables: every answer and both
    tables must agree. The positions judged, and how many of them skipped some pairs."""
    import numpy as np

    from studio.games.escape.compiled import start_arrays
    from studio.games.escape.compiled.ordering import ATOM_BITS, novelty_class
    from studio.games.escape.engine import step

    rng = random.Random(seed)
    start = start_arrays(state)
    L0, B0 = start[0], start[1]
    skipping, looking = np.zeros(1 << ATOM_BITS, np.uint8), np.zeros(1 << ATOM_BITS, np.uint8)
    changes = np.zeros((2, 4, 64), np.int64)
    parent, parent_arrays, parent_class = state, start, None
    judged = skipped = 0
    for _ in range(moves):
        child = step(parent, rng.randint(1, 4), False).state
        if child.dead or child.won:
            parent, parent_arrays, parent_class = state, start, None
            continue
        arrays = start_arrays(child)
        paired = parent_class is not None and parent_class > 0
        answers = []
        for table, scratch, told_paired in ((skipping, changes[0], paired), (looking, changes[1], False)):
            scratch[2, 0] = 0
            answers.append(novelty_class(arrays[0], arrays[1], arrays[3], parent_arrays[0], parent_arrays[1],
                                         parent_arrays[3], L0, B0, table, 0, parent_class is not None,
                                         told_paired, scratch))
        assert answers[0] == answers[1], f"move {judged}: class {answers[0]} skipping pairs, {answers[1]} not"
        assert np.array_equal(skipping, looking), f"move {judged}: the facts marked differ"
        judged += 1
        skipped += paired
        parent, parent_arrays, parent_class = child, arrays, answers[0]
    return judged, skipped


@pytest.mark.skipif(not corpus_present(), reason="../shared/corpus/escape is absent")
def test_skipping_the_pairs_a_parent_marked_changes_nothing_where_a_button_toggles_hundreds_of_cells():
    from studio.games.escape.engine import initial_state

    state = initial_state(load_level(ESCAPE / "levels" / "mylevels" / "fig3.1.esx"))
    judged, skipped = classes_along_random_play(state, 1500, seed=7)
    assert judged > 1000 and skipped > judged // 2, (judged, skipped)


@pytest.mark.skipif(not fuzz_present(), reason="../shared/corpus/escape/fuzz is absent")
def test_skipping_the_pairs_a_parent_marked_changes_nothing_on_the_random_levels_with_panels_and_wires():
    from studio.core.errors import LevelFormatError
    from studio.games.escape.engine import initial_state

    levels = sorted(path for path in (FUZZ / "levels").glob("*.esx") if path.name.startswith(("panels", "wires")))
    assert levels, "no random levels with panels or wires"
    total = 0
    for index, path in enumerate(levels[::10]):
        try:
            state = initial_state(load_level(path))
        except LevelFormatError:
            continue
        judged, _ = classes_along_random_play(state, 600, seed=index)
        total += judged
    assert total > 5000, total
