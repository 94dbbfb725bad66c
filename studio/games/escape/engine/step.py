"""One move of Escape: the player's motion, then the bots', then the bombs', then
the verdict (dead, won, or neither)."""

from __future__ import annotations

from studio.games.escape.engine.bombs import bombs_tick, clear_last_explosions
from studio.games.escape.engine.bots import bots_take_turns
from studio.games.escape.engine.events import Killed, Moved
from studio.games.escape.engine.lasers import laser_that_sees
from studio.games.escape.engine.moves import move_entity
from studio.games.escape.engine.state import EXPLODED, EscapeState, StepResult
from studio.games.escape.engine.tilesets import WALKABLE
from studio.games.escape.engine.turn import PLAYER, Turn
from studio.games.escape.tiles import Bot, T

_EXIT, _BOMB = int(T.EXIT), int(Bot.BOMB)
# Tiles whose edge effect (a grey panel firing, a trap decaying) makes a step more than a walk.
_EDGE_TILES = frozenset({int(T.PANEL), int(T.TRAP1), int(T.TRAP2)})
# Open ground with no edge effect: with nobody about, walking onto it changes nothing else.
_PLAIN_GROUND = bytes(int(WALKABLE[t] and t not in _EDGE_TILES) for t in range(64))


def step(state: EscapeState, direction: int, events: bool = True) -> StepResult:
    """Play one move (1 up, 2 down, 3 left, 4 right) from ``state``.

    A move that changes nothing returns the same state with ``moved`` false;
    bots and bombs only act after a move that did something. With
    ``events=False`` no events are recorded (faster, for verification and search).
    """
    if state.dead or state.won or not 1 <= direction <= 4:
        return StepResult(state, False, _outcome(state), ())
    if not state.bots:
        walked = _plain_walk(state, direction, events)
        if walked is not None:
            return walked
    turn = Turn(state, events)
    outcome = advance(turn, direction)
    if outcome is None:
        return StepResult(state, False, "none", tuple(turn.events or ()))
    new = turn.freeze(outcome == "dead", outcome == "won")
    # (tuple.__new__ skips the NamedTuple's Python-level __new__: this is the hot path)
    return tuple.__new__(StepResult, (new, True, outcome, tuple(turn.events) if turn.events else ()))


def advance(turn: Turn, direction: int) -> str | None:
    """Play one move (1-4) on the turn's board in place: "none", "won" or "dead", or
    None for a move that changed nothing (the board is then as it was: every rule
    refuses a move before it changes anything). ``play_solution`` keeps one board for
    a whole solution this way, with no copy and freeze a move."""
    if not move_entity(turn, PLAYER, direction):
        return None
    if turn.pending:
        turn.end_motion()
    types = turn.bot_type
    if types:
        if EXPLODED in types:
            clear_last_explosions(turn)
        bots_take_turns(turn)
        if max(types) >= _BOMB:
            bombs_tick(turn)
    if _death(turn) is None:
        return "won" if turn.tiles[turn.guy] == _EXIT else "none"
    return "dead"


def _plain_walk(state: EscapeState, direction: int, events: bool) -> StepResult | None:
    """The commonest move, with no bots about: the player walks from open ground onto open
    ground and nothing else can change, so no scratch board is needed. None for any other move."""
    tiles, here = state.tiles, state.player
    there = state.board.neighbours[direction][here]
    if there < 0 or not _PLAIN_GROUND[tiles[there]] or tiles[here] in _EDGE_TILES:
        return None
    laser = laser_that_sees(tiles, state.board.width, there)
    won = laser is None and tiles[there] == _EXIT
    new = tuple.__new__(EscapeState, (tiles, state.otiles, state.flags, there, (), laser is not None, won, state.board))
    outcome = "dead" if laser is not None else ("won" if won else "none")
    log = ((Moved("player", here, there),) + ((laser,) if laser else ())) if events else ()
    return tuple.__new__(StepResult, (new, True, outcome, log))


def _outcome(state: EscapeState) -> str:
    return "dead" if state.dead else ("won" if state.won else "none")


def danger_in_place(state: EscapeState):
    """What would kill the player if Escape looked at ``state`` as it stands: a live bot on
    his cell or a laser that sees him (a ``Killed`` event), else None.

    A LOOK WITHOUT A MOVE. Escape only judges the player after a move that changed
    something, so a level may start with him in a laser's line, and he lives as long as
    he stays put. The original does look, though, at a position no move has changed:
    a solution whose moves all change nothing ends dead there (see ``play_solution``).
    After a move that changed something it agrees with the state's ``dead``.
    """
    guy = state.player
    types, cells = (), ()
    if state.bots:
        types, cells = [b[0] for b in state.bots], [b[1] for b in state.bots]
        for number, (kind, cell) in enumerate(zip(types, cells)):
            if cell == guy and kind >= 0:
                return Killed("bot", guy, (), number)
    return laser_that_sees(state.tiles, state.board.width, guy, cells, types)


def _death(turn):
    """What kills the player at the end of the move, if anything (also logged)."""
    if turn.killed is not None:
        return turn.killed
    guy = turn.guy
    if turn.bot_type:
        neighbours = turn.neighbours
        for cell in turn.blasts:
            if cell == guy or any(n[cell] == guy for n in neighbours[1:]):
                turn.kill(Killed("bomb", cell))
                return turn.killed
        if guy in turn.bot_cell:
            bot = turn.bot_at(guy)
            if bot >= 0:
                turn.kill(Killed("bot", guy, (), bot))
                return turn.killed
    laser = laser_that_sees(turn.tiles, turn.width, guy, turn.bot_cell, turn.bot_type)
    if laser is not None:
        turn.kill(laser)
    return laser
