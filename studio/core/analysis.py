"""What a level's solution needs: the solver decides the level, then the level without each
of its elements in turn (a bot, a block, a panel, a crate, a spring...), and says what each
removal does: nothing (a red herring, or decoration), easier (a shorter solution), harder,
unsolvable, or (for a level with no solution) solvable.

A game lists its elements with ``Game.elements(level)``: ``Element``s, each able to make
a copy of the level without it. ``analyse_level_bytes`` runs the whole analysis and returns
the record `studio analyse --json` prints: the verdict (``solvable``, ``shortest``,
``proven``), the designer's ``intended`` length and a ``shortcut`` past it, the
``elements`` with their effects, and the ``difficulty`` with its inputs (core.difficulty).
Pure Python, no Qt.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Callable

from studio.core import difficulty
from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.core.intended import shortest_winning, stored_solutions
from studio.core.playtest_adapter import adapter_for
from studio.core.solve_runner import _record, solve_level_bytes

NOTHING, EASIER, HARDER, UNSOLVABLE, SOLVABLE, UNDECIDED, BROKEN = (
    "nothing", "easier", "harder", "unsolvable", "solvable", "undecided", "unplayable")

EFFECT_WORDS = {
    NOTHING: "nothing: a red herring or decoration",
    EASIER: "easier without it",
    HARDER: "harder without it",
    UNSOLVABLE: "the level needs it",
    SOLVABLE: "solvable without it",
    UNDECIDED: "not decided in time",
    BROKEN: "the level cannot be played without it",
}


@dataclass(frozen=True)
class Element:
    """One thing in a level that a solution may need. ``cells`` are editor cells ((x, y), or
    (q, r) hexes) for selecting it; ``remove(level)`` is a copy of the level without it."""

    kind: str
    where: str
    cells: tuple
    remove: Callable[[Any], Any] = field(compare=False, repr=False)

    @property
    def name(self) -> str:
        return f"{self.kind} at {self.where}"


def cell_words(cells) -> str:
    """ "(4, 5)", or "(4, 5) and 3 more" for a group."""
    first = f"({cells[0][0]}, {cells[0][1]})"
    return first if len(cells) == 1 else f"{first} and {len(cells) - 1} more"


def verdict_words(record: dict) -> str:
    if record["solvable"] is None:
        return "not decided in time"
    if not record["solvable"]:
        return "no solution (proven)"
    if record["proven"]:
        return f"solvable, shortest {record['shortest']} moves (proven)"
    return f"solvable in {record['shortest']} moves (shortest not proven)"


def elements_of(game, level) -> list[Element]:
    return [] if game.elements is None else list(game.elements.resolve()(level))


def effect(base: dict, variant: dict) -> tuple[str, bool]:
    """What removing an element did, given the solver's records of the level before and
    after: (effect, certain). Certain only where proofs back it."""
    if variant.get("error"):
        return BROKEN, True
    if base["solved"]:
        if variant["solved"]:
            change = (variant["length"] > base["length"]) - (variant["length"] < base["length"])
            if change < 0:  # found shorter: certain when the level's own length was proven
                return EASIER, bool(base["optimal"])
            if change > 0:
                return HARDER, bool(variant["optimal"])
            return NOTHING, bool(base["optimal"] and variant["optimal"])
        if variant["optimal"]:
            return UNSOLVABLE, True
        return UNDECIDED, False
    if base["optimal"]:  # proven unsolvable
        if variant["solved"]:
            return SOLVABLE, True
        return (NOTHING, True) if variant["optimal"] else (UNDECIDED, False)
    return UNDECIDED, False


def _solve_variant(task) -> dict:
    game_id, data, name, timeout = task
    return solve_level_bytes(game_id, data, name, timeout, cores=1)


def analyse_level_bytes(game_id: str, data: bytes, name: str, *, timeout: float, element_timeout: float,
                        path: str | None = None, solutions: Path | None = None, jobs: int = 1,
                        progress: Callable[[int, int, str], None] | None = None, cancel=None) -> dict:
    """The analysis record of one level (see the module docstring). ``progress(done, total,
    text)`` hears of each step; ``cancel`` (an Event) stops between and inside searches,
    the record then saying ``stopped: "cancelled"``. ``jobs`` above 1 solves the variants in
    that many worker processes."""
    game = game_by_id(game_id)
    try:
        level = game.load(data)
    except LevelFormatError as error:
        return _record(name, game.id, error=str(error))
    elements = elements_of(game, level)
    total = len(elements) + 2
    report = progress or (lambda done, total, text: None)
    report(0, total, "solving the level")
    base = solve_level_bytes(game_id, data, name, timeout, cancel=cancel, cores=1)
    record = _verdict_fields(name, game.id, base)
    if base.get("error"):
        return record
    record.update(_intended_fields(game, level, data, path, solutions, base))
    rows = _element_rows(game, level, elements, base, element_timeout, jobs, report, cancel)
    if _stopped(cancel):
        record.update(elements=rows, difficulty=None, stopped="cancelled")
        return record
    record["elements"] = rows
    report(total - 1, total, "measuring the difficulty")
    measured = difficulty_of(game, level, base, cancel)
    record["difficulty"] = None if measured is None else measured.as_dict()
    if measured is not None and measured.exact_path:
        _take_proof(game, record, measured)
    report(total, total, "done")
    return record


def _stopped(cancel) -> bool:
    return cancel is not None and cancel.is_set()


def _verdict_fields(name: str, game_id: str, base: dict) -> dict:
    record = {"level": name, "game": game_id}
    if base.get("error"):
        record["error"] = base["error"]
        return record
    solvable = True if base["solved"] else (False if base["optimal"] else None)
    record.update(solvable=solvable, shortest=base["length"] if base["solved"] else None,
                  proven=bool(base["optimal"]), solution=base["solution"], states=base["states"],
                  seconds=round(base["seconds"], 2))
    return record


def _intended_fields(game, level, data: bytes, path, solutions, base: dict) -> dict:
    adapter = adapter_for(game)
    if adapter is None:
        return {"intended": None, "shortcut": None}
    candidates = stored_solutions(adapter, level, data, path, solutions)
    intended = shortest_winning(adapter, level, candidates)
    if intended is None:
        return {"intended": None, "shortcut": None}
    shortcut = base["length"] if base["solved"] and base["length"] < intended.length else None
    return {"intended": intended.length, "intended_source": intended.source,
            "intended_moves": adapter.moves_text(intended.moves), "shortcut": shortcut}


def _element_rows(game, level, elements: list[Element], base: dict, timeout: float, jobs: int,
                  report, cancel) -> list[dict]:
    tasks, rows = [], []
    for element in elements:
        row = {"kind": element.kind, "where": element.where, "cells": [list(c) for c in element.cells]}
        try:
            data = game.save(element.remove(level.copy()))
            game.load(data)
        except (LevelFormatError, ValueError) as error:
            row.update(effect=BROKEN, certain=True, length=None, note=str(error))
            data = None
        rows.append(row)
        tasks.append(None if data is None else (game.id, data, row["where"], timeout))
    done = 1
    for index, record in _solved(tasks, jobs, cancel):
        done += 1
        if record is not None:
            found, certain = effect(base, record)
            rows[index].update(effect=found, certain=certain, length=record["length"] if record["solved"] else None,
                               proven=bool(record["optimal"]))
            if record.get("error"):
                rows[index]["note"] = record["error"]
        report(done, len(elements) + 2, f"without the {elements[index].name}")
    return rows


def _solved(tasks: list, jobs: int, cancel):
    """(index, record) for each task in turn (None tasks: (index, None)), stopping on cancel."""
    if jobs <= 1 or sum(task is not None for task in tasks) < 2:
        for index, task in enumerate(tasks):
            if _stopped(cancel):
                return
            if task is None:
                yield index, None
                continue
            game_id, data, name, timeout = task
            record = solve_level_bytes(game_id, data, name, timeout, cancel=cancel, cores=1)
            if record.get("stopped") == "cancelled":
                return
            yield index, record
        return
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        futures = [None if task is None else pool.submit(_solve_variant, task) for task in tasks]
        for index, future in enumerate(futures):
            yield index, None if future is None else future.result()


def _take_proof(game, record: dict, measured) -> None:
    """The difficulty's map of positions reached a win breadth first: its solution is
    proven shortest, whatever the solver could prove in its time."""
    record["proven"] = True
    record["solvable"] = True
    if record["shortest"] is None or measured.shortest < record["shortest"]:
        adapter = adapter_for(game)
        record["shortest"] = measured.shortest
        if adapter is not None:
            record["solution"] = adapter.moves_text(measured.shortest_moves)
        if record.get("intended") and measured.shortest < record["intended"]:
            record["shortcut"] = measured.shortest


def difficulty_of(game, level, base: dict, cancel=None, seconds: float = difficulty.DEFAULT_SECONDS):
    """The level's core.difficulty.Difficulty given the solver's record ``base`` of it (its
    solution and states searched), or None when it cannot be measured."""
    if game.engine is None:
        return None
    solution, adapter = None, adapter_for(game)
    if base["solved"] and adapter is not None:
        try:  # (the play-test's moves are the engine's, with ChronoShift's waits after a jump written out)
            solution = tuple(adapter.parse_moves(base["solution"]))
        except ValueError:
            solution = None
    return difficulty.measure(game.engine, level, solution, cancel=cancel, searched=base["states"], seconds=seconds,
                              length=base["length"] if base["solved"] else None)
