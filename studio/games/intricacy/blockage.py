"""Which of a turn's blockages to show, and what they say in words.

A turn's tool phase blocks the player's own force (the hook or the wrench); its
spring phase may hold a spring back. A spring that was already held before the
move (a bolt resting against the frame) is no news, so only blockages the move
made are shown: those of the tool phase, and spring blockages that the springs
alone, played from the position before the move, did not have.
"""

from __future__ import annotations

from studio.games.intricacy.engine import LockState, springs_phase
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lock import BLOCK, HOOK, PIVOT, TURNING_KINDS, WRENCH
from studio.games.intricacy.physics import FRAME, Blockage, Force

# hexgrid.DIRECTION_NAMES in words
DIRECTION_WORDS = dict(enumerate(("east", "south-east", "south-west", "west", "north-west", "north-east")))


def anchor_hex(piece) -> Hex:
    """Where to name or mark a piece: a pivot's (or the hook's) centre, else the hex
    nearest the piece's middle."""
    if piece.kind in TURNING_KINDS:
        return piece.centre
    cells = sorted(piece.hexes)
    q = sum(h.q for h in cells) / len(cells)
    r = sum(h.r for h in cells) / len(cells)
    return min(cells, key=lambda h: ((h.q - q) ** 2 + (h.r - r) ** 2 + (h.q - q) * (h.r - r), h))


def new_blockages(report) -> list[tuple[str, Blockage, tuple]]:
    """(phase, blockage, pieces at the phase's start) of each blockage the move made."""
    found = []
    tools, springs = report.events
    for blockage in tools.blockages:
        found.append((tools.phase, blockage, tools.pieces))
    standing = set(springs_phase(report.before)[1].blockages)
    for blockage in springs.blockages:
        if blockage not in standing:
            found.append((springs.phase, blockage, springs.pieces))
    return found


def piece_words(pieces, index: int) -> str:
    piece = pieces[index]
    h = anchor_hex(piece)
    if piece.kind == HOOK:
        return "the hook"
    if piece.kind == WRENCH:
        return "the wrench"
    if piece.kind == BLOCK and piece.label:
        return f"block {piece.label} at ({h.q}, {h.r})"
    return f"the {piece.kind} at ({h.q}, {h.r})"


def _motion_words(force: Force) -> str:
    if force.motion < 0:
        return "stay where it is"
    if force.is_torque:
        return "turn clockwise" if force.turn > 0 else "turn anticlockwise"
    return f"move {DIRECTION_WORDS[force.motion]}"


def _resisted_words(state: LockState, pieces, force: Force, at: Hex | None) -> str:
    if force.piece == FRAME:
        if at is None:
            return "the frame is in the way"
        kind = "wall" if at in state.board.walls else "frame"
        return f"the {kind} at ({at.q}, {at.r}) is in the way"
    piece = pieces[force.piece]
    name = piece_words(pieces, force.piece)
    if force.motion < 0:
        return f"{name} is in the way"
    if piece.kind == BLOCK and not force.is_torque:
        return f"{name} is fixed: no spring ends on it"
    if piece.kind == PIVOT and not force.is_torque:
        return f"{name} only turns"
    if piece.kind in (HOOK, WRENCH):  # a tool goes only where the player sends it
        h = anchor_hex(piece)
        return f"{name} at ({h.q}, {h.r}) is in the way"
    return f"{name} cannot {_motion_words(force)}"


def blockage_words(state: LockState, phase: str, blockage: Blockage, pieces) -> str:
    force = blockage.force
    subject = piece_words(pieces, force.piece) if force.piece != FRAME else "the frame"
    if phase == "springs":
        subject = f"the spring on {subject}"
        text = f"{subject} cannot push it {DIRECTION_WORDS[force.motion]}" if not force.is_torque \
            else f"{subject} cannot {_motion_words(force)}"
    else:
        text = f"{subject} cannot {_motion_words(force)}"
    blocker = blockage.blocker
    if blocker is None:
        return text
    if blockage.reason == "resisted":
        return f"{text}: {_resisted_words(state, pieces, blocker, blockage.blocker_at)}"
    if blockage.reason == "conflict":
        return f"{text}: {piece_words(pieces, blocker.piece)} would have to move two ways at once"
    if blocker.motion < 0:
        return f"{text}: {piece_words(pieces, blocker.piece)} is in the way"
    return f"{text}: {piece_words(pieces, blocker.piece)} would {_motion_words(blocker)} into the same place"


def blocked_text(report) -> str:
    """Every blockage the move made, in words; for a refused move with none, why nothing moved."""
    words = [blockage_words(report.before, phase, blockage, pieces)
             for phase, blockage, pieces in new_blockages(report)]
    if not words and not report.changed:
        move = report.move
        board = report.before.board
        tool = getattr(move, "tool", "")
        if tool == "wrench" and board.wrench is None:
            return "this lock has no wrench"
        if tool == "hook" and board.hook is None:
            return "this lock has no hook"
        if tool == "wrench" and getattr(move, "turning", False):
            return "the wrench does not turn"
        return "waiting changed nothing" if not tool else "nothing moved"
    return "; ".join(dict.fromkeys(words))
