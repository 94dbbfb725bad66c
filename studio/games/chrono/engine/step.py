"""The player's action for the current clone: one turn, the score, time jumps and the end.

Scoring, by the README: a point for each action of the current clone while it
is in the level (a move, even a blocked one, a wait, entering the time
machine); none for waiting inside the time machine; a point for each clone
created after the first. Asking for the time machine away from it is refused:
no turn passes and nothing is scored. So is anything but waiting once the
current clone is inside, until the earlier clones are home. A turn that ends in a paradox is not
played, so its action is not scored either.

When every clone is home the time jump ends: with every goal taken the level
is complete; otherwise time starts again, the clones so far replaying their
recordings and a new clone under the player's control.
"""

from __future__ import annotations

from dataclasses import replace

from studio.games.chrono.engine.actions import ACTIONS, HOLD, TIME_MACHINE
from studio.games.chrono.engine.events import Completed, ParadoxFound, Refused, TimeJump
from studio.games.chrono.engine.state import PARADOX, PLAYING, WON, ChronoState, StepResult, World
from studio.games.chrono.engine.turn import play_turn


def step(state: ChronoState, action: str) -> StepResult:
    if action not in ACTIONS:
        raise ValueError(f"{action!r} is not an action: one of {' '.join(ACTIONS)}")
    if state.finished:
        return StepResult(state, False, state.status)
    world, board = state.world, state.board
    current = world.current
    inside = current in world.home
    if inside and action != HOLD:
        refused = Refused(current, board.start, f"clone {current + 1} is in the time machine: "
                                                "wait until the earlier clones are home")
        return StepResult(state, False, PLAYING, (refused,))
    if action == TIME_MACHINE and world.clones[current] != board.start:
        x, y = board.xy(world.clones[current])
        refused = Refused(current, world.clones[current], f"clone {current + 1} is at ({x}, {y}), not on the time machine")
        return StepResult(state, False, PLAYING, (refused,))

    turn = world.turn + 1
    actions = {clone: state.recorded_action(clone, turn) for clone in range(current) if clone not in world.home}
    if not inside:
        actions[current] = action
    result = play_turn(board, world, actions)
    if result.paradoxes:
        paradox = result.paradoxes[0]
        events = tuple(result.events) + tuple(ParadoxFound(p) for p in result.paradoxes)
        return StepResult(replace(state, status=PARADOX, paradox=paradox), True, PARADOX, events)

    score = state.score + (0 if inside else 1)
    recorded = state.actions if inside else state.actions + (action,)
    new_world = result.world
    events = tuple(result.events)
    if len(new_world.home) < len(new_world.clones):
        return StepResult(replace(state, actions=recorded, world=new_world, score=score), True, PLAYING, events)
    if board.goals and new_world.goals_taken == board.goals:
        done = replace(state, actions=recorded, world=new_world, score=score, status=WON)
        return StepResult(done, True, WON, events + (Completed(score),))
    clones = current + 2
    jumped = replace(
        state, recordings=state.recordings + (recorded,), actions=(),
        world=World.at_start(board, clones, state.start_crates), score=score + 1,
    )
    return StepResult(jumped, True, PLAYING, events + (TimeJump(clones),))
