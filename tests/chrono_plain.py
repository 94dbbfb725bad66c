"""Plain uniform-cost search over the ChronoShift engine, to hold the solver to: it knows
nothing of the solver's bound, move filtering, dominance or transpositions. A state is the
world of every time jump at one turn (jump j holds clones 1 .. j; a clone's action on a
turn is the same letter in each jump it is in, as a recording replays), and each turn
tries every letter N E S W H T for every clone outside the machine, through the engine's
own turn. A turn costs one letter per clone out (waiting inside the machine is free), a
paradox in any jump ends the branch, and a solution with k clones is one whose jump k ends
with the goal taken and no earlier jump does."""

from __future__ import annotations

import heapq

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import ACTIONS
from studio.games.chrono.engine.turn import play_turn
from studio.games.chrono.glyphs import Glyph


def plain_shortest(level, max_clones: int, max_turns: int, at_most: int | None = None) -> int | None:
    """The fewest letters of a solution with at most ``max_clones`` clones and ``max_turns``
    turns per jump (None: none, or none within ``at_most`` letters)."""
    board = Board.from_level(level)
    crates = frozenset(cell for cell, glyph in enumerate(level.glyphs) if glyph == Glyph.CRATE)
    best = None
    for clones in range(1, max_clones + 1):
        cap = at_most if best is None else best - 1
        start = tuple(World.at_start(board, jump, crates) for jump in range(1, clones + 1))
        cost_of = {start: 0}
        queue = [(0, 0, start)]
        pushed = 0
        while queue:
            cost, _, worlds = heapq.heappop(queue)
            if cost_of[worlds] != cost:
                continue
            last = worlds[-1]
            if len(last.home) == clones:
                best = cost
                break
            out = [clone for clone in range(clones) if clone not in last.home]
            if last.turn >= max_turns or (cap is not None and cost + len(out) > cap):
                continue  # every clone out still has to enter the machine
            for letters in _every_choice(len(out)):
                after = _turn(board, worlds, dict(zip(out, letters)))
                if after is not None and cost + len(out) < cost_of.get(after, cost + len(out) + 1):
                    cost_of[after] = cost + len(out)
                    pushed += 1
                    heapq.heappush(queue, (cost + len(out), pushed, after))
    return best


def _every_choice(count: int) -> list[tuple]:
    choices = [()]
    for _ in range(count):
        choices = [chosen + (action,) for chosen in choices for action in ACTIONS]
    return choices


def _turn(board: Board, worlds: tuple, actions: dict) -> tuple | None:
    """Every jump's world after one turn, or None when a jump has a paradox, a jump before
    the last ends with the goal taken (the game is won there), or the last jump ends
    without it (time would jump again)."""
    after = []
    last = len(worlds) - 1
    for jump, world in enumerate(worlds):
        if len(world.home) == jump + 1:  # this jump is over
            after.append(world)
            continue
        played = play_turn(board, world, {c: a for c, a in actions.items() if c <= jump and c not in world.home})
        if played.paradoxes:
            return None
        new = played.world
        if len(new.home) == jump + 1:
            won = bool(board.goals) and new.goals_taken == board.goals
            if won != (jump == last):
                return None
        after.append(new)
    return tuple(after)
