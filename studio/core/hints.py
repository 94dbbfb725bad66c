"""Hints for players: the next move of a shortest solution from where the player stands.

An exported game ships, per level, a shortest solution it knows (``shortest_hint_solution``
at export: the breadth-first map of core.difficulty when it reaches a win, else the
shipped solution). In play, ``HintGuide`` replays it once to know its positions; a hint is

- on that path: its next move;
- elsewhere: a breadth-first search from the position, for at most ``seconds``, back
  onto the path or to a win: the first move of that way;
- when the search finds no way (a dead end, or too far): "undo to move N", the last
  position of the player's history on the path (N = 0: restart).

Pure Python, no Qt: the adapter (core.playtest_adapter) plays the moves.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass
from typing import Hashable, Sequence

from studio.core.playtest_adapter import WON

SEARCH_SECONDS = 2.0
MAX_SEARCHED = 200_000


@dataclass(frozen=True)
class Hint:
    move: Hashable | None  # the move to play, or None
    text: str
    undo_to: int | None = None  # the history position to go back to, when there is no move


class HintGuide:
    """The hints for one level, given the adapter, the level and a winning solution."""

    def __init__(self, adapter, level, solution: Sequence):
        self.adapter = adapter
        self.moves = [key.move for key in adapter.keys()]
        self.moves = list(dict.fromkeys(self.moves))  # (several keys may play one move)
        self.solution = tuple(solution)
        state = adapter.initial_state(level)
        self.path: dict[Hashable, int] = {}  # position -> moves of the solution played to reach it
        for count, move in enumerate(self.solution):
            self.path.setdefault(state, count)
            report = adapter.step(state, move)
            state = report.state
            if report.outcome.kind == WON:
                self.solution = self.solution[:count + 1]
                break
        else:
            raise ValueError("the hint solution does not win the level")

    def hint(self, state, history: Sequence = (), seconds: float = SEARCH_SECONDS) -> Hint:
        """The hint at ``state``; ``history`` the positions the player went through, oldest
        first (for "undo to move N")."""
        if self.adapter.outcome(state).finished:
            return Hint(None, "The level is over: undo or restart to play on.")
        on_path = self.path.get(state)
        if on_path is not None:
            return self._on_path(on_path)
        way = self._search(state, seconds)
        if way is not None:
            move, length = way
            return Hint(move, f"Try {self._name(move)} ({length} more moves from here win).")
        for number in range(len(history) - 1, -1, -1):
            if history[number] in self.path:
                return Hint(None, f"No way on was found from here: undo to move {number}.", number)
        return Hint(None, "No way on was found from here: restart the level.", 0)

    def _on_path(self, count: int) -> Hint:
        move = self.solution[count]
        left = len(self.solution) - count
        return Hint(move, f"Try {self._name(move)} ({left} more move{'s' * (left != 1)} win).")

    def _name(self, move) -> str:
        label = next((key.label for key in self.adapter.keys() if key.move == move), None)
        return label or self.adapter.moves_text((move,))

    def _search(self, start, seconds: float) -> tuple[Hashable, int] | None:
        """(first move, moves to win) of a way from ``start`` to a win, through the path
        when it meets it; None when none is found within the time."""
        deadline = time.perf_counter() + seconds
        first: dict[Hashable, tuple[Hashable, int]] = {start: (None, 0)}
        queue = deque([start])
        while queue and len(first) < MAX_SEARCHED:
            if time.perf_counter() > deadline:
                return None
            state = queue.popleft()
            opening, depth = first[state]
            for move in self.moves:
                report = self.adapter.step(state, move)
                if not report.changed or report.state in first:
                    continue
                lead = move if opening is None else opening
                if report.outcome.kind == WON:
                    return lead, depth + 1
                if report.outcome.finished:
                    continue
                joined = self.path.get(report.state)
                if joined is not None:
                    return lead, depth + 1 + len(self.solution) - joined
                first[report.state] = (lead, depth + 1)
                queue.append(report.state)
        return None


def shortest_hint_solution(game, adapter, level, shipped: Sequence, seconds: float = 2.0) -> tuple:
    """The solution to ship for hints: a shortest one from core.difficulty's breadth-first
    map when it reaches a win within ``seconds``, else ``shipped`` (a winning solution)."""
    from studio.core.difficulty import measure

    from studio.core.playtest_adapter import verify_moves

    if game.engine is not None:
        found = measure(game.engine, level, None, seconds=seconds)
        if found is not None and found.exact_path and (not shipped or len(found.shortest_moves) <= len(shipped)):
            verdict = verify_moves(adapter, level, found.shortest_moves)  # (the engine's moves, played as the player's)
            if verdict.outcome.kind == WON:
                return tuple(found.shortest_moves)
    return tuple(shipped)


HINTS_FILE = "hints-used.json"


class HintsUsed:
    """How many hints the player took on each level (by the MD5 of its file), kept as JSON
    beside the player's progress: ``{"levels": {md5: count}}``."""

    def __init__(self, folder):
        from pathlib import Path

        self.path = Path(folder) / HINTS_FILE
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.counts = {str(k): int(v) for k, v in dict(data.get("levels", {})).items()}
        except (OSError, ValueError, TypeError, AttributeError):
            self.counts = {}  # none yet, or a damaged file: counting starts afresh

    def count(self, md5: str) -> int:
        return self.counts.get(md5, 0)

    def add(self, md5: str) -> int:
        """Count one more hint on the level and write the file (OSError when it cannot)."""
        from studio.core.files import write_atomic

        self.counts[md5] = self.count(md5) + 1
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps({"levels": self.counts}, indent=1).encode("utf-8"))
        return self.counts[md5]
