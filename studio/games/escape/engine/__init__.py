"""The Escape engine: pure Python, no Qt.

``initial_state(level)`` gives the start of play; ``step(state, direction)``
plays one move and returns a ``StepResult(state, moved, outcome, events)``.
States are immutable and hashable. ``ESCAPE_ENGINE`` is the object the Game
registers (core.game.Engine protocol); ``play_solution`` is the formats
document's verdict procedure.

One module per kind of thing: ``moves`` (an entity's motion, dispatched on the
tile it walks into), ``walking`` (stepping on and off), ``blocks`` (pushes of
each kind of block, gold flight, sphere rows, steel trains), ``panels`` (edge
effect and the bizarro swap), ``switches`` (ON, 0/1, broken blocks),
``electricity`` (buttons, wires, transponders, remotes, lights), ``hearts``,
``bots`` (hugbots and daleks), ``bombs``, ``lasers``; ``step`` runs a move.

Rules the README leaves open, as the original plays them (each pinned by the
corpus traces, see benchmarks/escape_trace_diff.py; those the random levels showed,
by ``--fuzz`` and tests/test_escape_fuzz_rules.py):
- Every motion (the player's, then each bot's in bot order) ends with its own
  panel swaps; firings of one destination within a motion cancel in pairs.
- A panel's flag bit stays while a block covers it and after the block leaves.
- Bots do what the player does (push blocks and bots, press buttons, ON, 0/1 and
  broken blocks), except taking heart framers; hugbots never take transporters,
  daleks do. Nobody pushes or presses a tile someone stands on (after a swap), nor
  steps onto a transporter someone stands on.
- Hugbots push the player and bots; daleks crush the player and fuse with bots
  (the dalek becomes broken, the other is destroyed), also on landing from a
  transporter. Traps give way under bots too.
- Bots block lasers and transponder beams; a transponder receives a beam even
  with a bot on it. LR/UD blocks go only onto floor (not into electric floor).
- Pressing 0 or 1 swaps every LR/UD and flips the pressed block itself.
- Exits: nobody enters an exit someone stands on (no pushing, crushing or fusing
  there) and nobody is pushed onto one (moves.enter_exit).
- No bot walks into a cell where a bot stands on the player (a dalek crushed him,
  or a transporter sent him onto a bot); a dalek a transporter sends there fuses
  with that bot (moves.enter_open, moves.enter_transporter).
- The NSWE cross-over is pushed like the other wires (blocks.push_block).
- A solution whose moves never change anything ends dead if a laser saw the player
  at the start (verdict.play_solution, step.danger_in_place).
- Bombs: pushing lights a bomb with its full fuse (even one pushed into electric
  floor, which destroys it); on the bombs' turn (bot order, after all bots) a fuse
  at 0 explodes, else counts down. A blast reaches the bomb's cell and its four
  neighbours. A bomb caught in it whose turn is still to come gets fuse 0 (explodes
  later in the same pass); one whose turn has passed explodes at once, its data
  unchanged. Exploded bombs show as -3 for that turn, then -2.
"""

from studio.games.escape.engine.state import (
    DOWN, LEFT, LETTER_DIRECTIONS, RIGHT, UP, Board, EscapeState, StepResult, initial_state,
    state_from_arrays,
)
from studio.games.escape.engine.step import step
from studio.games.escape.engine.verdict import play_solution, Verdict


class EscapeEngine:
    """The Engine protocol of core.game for Escape."""

    def initial_state(self, level) -> EscapeState:
        return initial_state(level)

    def step(self, state: EscapeState, move: int) -> StepResult:
        return step(state, move)

    moves = (UP, DOWN, LEFT, RIGHT)


ESCAPE_ENGINE = EscapeEngine()

__all__ = [
    "Board", "EscapeState", "StepResult", "initial_state", "state_from_arrays", "step",
    "play_solution", "Verdict", "ESCAPE_ENGINE", "UP", "DOWN", "LEFT", "RIGHT", "LETTER_DIRECTIONS",
]
