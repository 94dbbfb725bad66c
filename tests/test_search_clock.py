"""The searches' clock (core.search_space.Stopper): a search whose expansions are slow
looks at the clock after every one, so it stops within one expansion of its timeout
(looking every 64, a one-second novelty search on mylevels/fig3.1, 5.6 ms an expansion,
ran 1.43 s); one whose expansions are quick looks every few dozen; ``max_expanded``
stops it at exactly that many; and the small searches that shorten a solution
(core.shortcuts) look at it as often, counting their expansions together. The clock here is a fake that each
expansion moves on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from studio.core import search_space
from studio.core.search_space import Edge, Expansion, Stopper
from studio.core.shortcuts import SHORTCUT_EXPANSIONS, shorten
from studio.core.solver import search


class _EndlessLine:
    """States 0, 1, 2... with no goal; each expansion moves the fake clock on."""

    def __init__(self, clock: SimpleNamespace, seconds_per_expansion: float):
        self.clock, self.pace = clock, seconds_per_expansion
        self.expansions = 0

    def start(self):
        return 0

    def expand(self, state):
        self.expansions += 1
        self.clock.now += self.pace
        return Expansion([Edge(1, state + 1, "none", 1)])

    def atoms(self, state, parent):
        return [state]

    def unfold(self, state, label):
        return (label,)


@pytest.fixture
def clock(monkeypatch):
    fake = SimpleNamespace(now=1000.0, reads=0)

    def perf_counter():
        fake.reads += 1
        return fake.now

    monkeypatch.setattr(search_space, "time", SimpleNamespace(perf_counter=perf_counter))
    return fake


@pytest.mark.parametrize("method", ["astar", "novelty", "bfs"])
def test_slow_expansions_stop_within_one_expansion_of_the_timeout(clock, method):
    space = _EndlessLine(clock, seconds_per_expansion=0.02)
    result = search(space, method=method, timeout=0.1)
    assert result.stopped == "timeout" and not result.solved
    assert 5 <= space.expansions <= 6, space.expansions  # (0.1 s of 0.02 s expansions; 64 before)
    assert result.seconds == pytest.approx(0.1, abs=0.021)


@pytest.mark.parametrize("method", ["astar", "novelty", "bfs"])
def test_quick_expansions_look_at_the_clock_every_few_dozen(clock, method):
    space = _EndlessLine(clock, seconds_per_expansion=1e-5)
    result = search(space, method=method, timeout=0.5)
    assert result.stopped == "timeout"
    assert result.seconds == pytest.approx(0.5, abs=Stopper.CHECK_EVERY * 1e-5)
    assert clock.reads < 3 * space.expansions / Stopper.CHECK_EVERY + 10, (clock.reads, space.expansions)


@pytest.mark.parametrize("method", ["astar", "novelty", "bfs"])
def test_max_expanded_stops_at_exactly_that_many(clock, method):
    space = _EndlessLine(clock, seconds_per_expansion=1e-6)
    result = search(space, method=method, max_expanded=100)
    assert result.expanded == 100 and result.stopped == "timeout"


def test_shortening_a_solution_stops_within_one_slow_expansion_of_the_timeout(clock):
    """Each state of the path gets a small search of up to SHORTCUT_EXPANSIONS: it looks at
    the clock too, not only between them (300 slow expansions ran 0.3 s past the time
    limit on tutorial/lev1526, where daleks chase)."""
    space = _EndlessLine(clock, seconds_per_expansion=0.02)
    path = ((0, None),) + tuple((state, 1) for state in range(1, 20))
    stopper = Stopper(0.1, None, None, 1.0)
    assert shorten(space, path, stopper) == path  # (a line has no shortcuts)
    assert space.expansions <= 0.1 / 0.02 + 2, space.expansions
    assert SHORTCUT_EXPANSIONS > 0.1 / 0.02 + 2
