"""The ChronoShift engine: pure Python, no Qt.

``initial_state(level)`` gives the start of play; ``step(state, action)``
plays the current clone's action (a letter N E S W H T) and returns a
``StepResult(state, changed, outcome, events)``. States are immutable and
hashable. ``CHRONO_ENGINE`` is the object the Game registers.

One module per part of the rules: ``movement`` (walking and Sokoban pushes),
``devices`` (buttons, gates, one-time passages), ``turn`` (one simultaneous
turn and the paradoxes it can cause), ``step`` (the player's action, scoring,
time jumps, completion).

Rules the READMEs leave open, or state otherwise than the original engine
plays them, as its results in the corpus pin them (``expected.jsonl`` for the
hand-made levels, ``fuzz/expected.jsonl`` for random ones; tests/test_chrono_rules.py
names the case that showed each):
- Entering the time machine away from it is refused without a turn passing
  and without a point.
- A one-time passage entered on turn t blocks entry from turn t + 1, and a
  clone still standing on it at the end of turn t + 1 is a paradox; things
  entering it together on one turn are fine.
- A crate on a closed gate or a closed one-time passage is no paradox (only a
  clone there is, whatever the original README says); it stays stuck until
  the gate opens (turn.py).
- A crate pushed onto the goal takes it, as a clone stepping onto it does
  (turn.py).
- The crate buttons 'B' and 'P' are plain buttons: a clone presses them too
  (devices.py).
- An earlier clone's recorded move may be blocked, or succeed, differently
  from when it was recorded; only its entering the time machine must still
  happen on the machine (else: a time paradox).
- Every move is judged on the field as it was when the turn began. A crate
  is not pushed onto a clone (the push is blocked); a clone walking onto the
  field a crate is pushed to in the same turn is a paradox, as is a crate
  pushed two ways at once (pushed towards each other, both pushes are blocked).
- The turn in which a paradox happens is not played and not scored.
"""

from studio.games.chrono.engine.actions import ACTIONS, HOLD, MOVES, TIME_MACHINE
from studio.games.chrono.engine.board import Board
from studio.games.chrono.engine.state import (
    PARADOX, PLAYING, WON, ChronoState, Paradox, StepResult, World, initial_state,
)
from studio.games.chrono.engine.step import step


class ChronoEngine:
    """The Engine protocol of core.game for ChronoShift."""

    moves = ACTIONS

    def initial_state(self, level) -> ChronoState:
        return initial_state(level)

    def step(self, state: ChronoState, move: str) -> StepResult:
        return step(state, move)


CHRONO_ENGINE = ChronoEngine()

__all__ = [
    "ACTIONS", "HOLD", "MOVES", "TIME_MACHINE", "Board", "ChronoState", "Paradox", "StepResult", "World",
    "PLAYING", "WON", "PARADOX", "initial_state", "step", "CHRONO_ENGINE",
]
