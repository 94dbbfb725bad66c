"""Escape's play-test adapter (studio.core.playtest_adapter.PlaytestAdapter), pure Python.

It turns the engine's events into the dock's words and annotations: why the
player died, what stopped a push, which destinations fired, where each bot
goes next. Solutions are kept in player files (.esp) beside the level, keyed
by the MD5 of the level file's bytes. The board is drawn by
``view.EscapePlayPainter``.
"""

from __future__ import annotations

import getpass
import hashlib
import time
from pathlib import Path
from typing import Sequence

from studio.core.errors import LevelFormatError
from studio.core.files import write_atomic
from studio.games.escape.blockage import explain_refusal
from studio.games.escape.engine import DOWN, LEFT, RIGHT, UP, EscapeState, initial_state, step
from studio.games.escape.engine.bots import bots_take_turns
from studio.games.escape.engine.events import (
    Blocked, Exploded, Killed, Moved, PanelFired, Pushed, Swapped, Teleported,
)
from studio.games.escape.engine.state import DESTROYED, EXPLODED
from studio.games.escape.engine.turn import Turn
from studio.games.escape.esp import NamedSolution, moves_to_text, new_player_file, read_player_file, text_to_moves
from studio.games.escape.tiles import Bot, T, bot_name
from studio.core.playtest_adapter import (
    AREA, ARROW, BEAM, CROSS, DEAD, LINK, PLAYING, RING, STEP, WON, Annotation, LevelContext, Motion, MoveKey,
    Outcome, OverlaySpec, SavedSolution, SolutionFiles, StepReport, StoredSolution,
)

# (dx, dy) of each direction, for arrows
VECTORS = {UP: (0.0, -1.0), DOWN: (0.0, 1.0), LEFT: (-1.0, 0.0), RIGHT: (1.0, 0.0)}
PLAYER_SPRITE = "player"
MAX_BOTS_LISTED = 6  # the status line stays short; the board numbers every bot
DEFAULT_PLAYER_FILE = "player.esp"

OVERLAYS = (
    OverlaySpec("laser", "Laser That Killed", "The beam from the laser that killed the player", "#ff453a"),
    OverlaySpec("killer", "Bot or Bomb That Killed", "The bot or the bomb blast that killed the player", "#ff9f0a"),
    OverlaySpec("blocked", "Blocked Moves",
                "A cross on what stopped the last move, and an arrow on a piece that could not be pushed",
                "#ffd60a"),
    OverlaySpec("fired", "Destinations Fired",
                "Panels and transporters that fired this move, with arrows to their destinations", "#64d2ff"),
    OverlaySpec("bots_next", "Bots' Next Moves",
                "Where each bot steps next if the player stays where he is", "#bf5af2"),
    OverlaySpec("bot_pushes", "Pushes by Bots",
                "A curved arrow from each block, bot or player a bot pushed this move to where it went, "
                "named after the bot", "#30d158"),
)


def _xy(state: EscapeState, cell: int) -> str:
    return "({}, {})".format(*state.board.xy(cell))


def bot_label(state: EscapeState, index: int, kind: int | None = None) -> str:
    """E.g. "bot 2 (Dalek)": bots are numbered from 1, as in the editor's bots list."""
    kind = state.bots[index][0] if kind is None else kind
    return f"bot {index + 1} ({bot_kind_name(kind, state.bots[index][2])})"


def bot_kind_name(kind: int, data: int = -1) -> str:
    if kind >= Bot.BOMB:
        return "Bomb, lit: {} to go".format(data) if data >= 0 else f"Bomb, fuse {kind - Bot.BOMB}"
    if kind in (DESTROYED, EXPLODED):
        return "gone"
    return bot_name(kind)


def _bot_index(what: str) -> int | None:
    """The bot number of an event's "bot N" (from 0), else None."""
    return int(what[4:]) if what.startswith("bot ") else None


def bots_next_moves(state: EscapeState) -> list[tuple[int, int, int]]:
    """(bot, from, to) of the first step each bot would take if the player stayed put:
    the bots' half of a turn played on a scratch copy of ``state``."""
    if state.finished or not state.bots:
        return []
    turn = Turn(state, True)
    bots_take_turns(turn)
    first: dict[int, tuple[int, int, int]] = {}
    for event in turn.events:
        if isinstance(event, (Moved, Teleported)):
            bot = _bot_index(event.what)
            if bot is not None and bot not in first:
                first[bot] = (bot, event.frm, event.to)
    return [first[bot] for bot in sorted(first)]


def _transporter_between(state: EscapeState, frm: int, dest: int) -> int:
    """The transporter next to ``frm`` whose destination is ``dest`` (the one walked into)."""
    for direction in (UP, DOWN, LEFT, RIGHT):
        cell = state.board.neighbours[direction][frm]
        if cell >= 0 and state.tiles[cell] == T.TRANSPORT and state.dests[cell] == dest:
            return cell
    return frm


class EscapePlaytest:
    game_id = "escape"

    # -- playing -----------------------------------------------------------------
    def initial_state(self, level) -> EscapeState:
        px, py = level.player
        if not level.contains(px, py):
            raise ValueError(f"the player start ({px}, {py}) is outside the level")
        return initial_state(level)

    def keys(self) -> list[MoveKey]:
        return [MoveKey("Up", UP, "up"), MoveKey("Down", DOWN, "down"),
                MoveKey("Left", LEFT, "left"), MoveKey("Right", RIGHT, "right")]

    def step(self, state: EscapeState, move: int) -> StepReport:
        result = step(state, move)
        return StepReport(state, move, result.state, result.moved, self._outcome(result.state, result.events),
                          result.events)

    def outcome(self, state: EscapeState) -> Outcome:
        return self._outcome(state, ())

    def _outcome(self, state: EscapeState, events) -> Outcome:
        if state.won:
            return Outcome(WON)
        if not state.dead:
            return Outcome(PLAYING)
        killed = next((e for e in events if isinstance(e, Killed)), None)
        return Outcome(DEAD, self._why(state, killed, events) if killed else "")

    def _why(self, state: EscapeState, killed: Killed, events) -> str:
        if killed.cause == "laser":
            return f"shot by the laser at {_xy(state, killed.at)}"
        if killed.cause == "bot" and killed.bot >= 0:
            return f"caught by {bot_label(state, killed.bot, self._kind_before_death(state, killed.bot))}"
        if killed.cause == "bomb":
            bomb = self._bomb_at(events, killed.at)
            return f"in the blast of bomb {bomb + 1}" if bomb is not None else "in a bomb blast"
        return killed.cause

    @staticmethod
    def _kind_before_death(state: EscapeState, bot: int) -> int:
        kind = state.bots[bot][0]
        return kind if kind >= 0 else Bot.DALEK

    @staticmethod
    def _bomb_at(events, cell: int) -> int | None:
        return next((e.bot for e in events if isinstance(e, Exploded) and e.at == cell), None)

    def status_text(self, state: EscapeState) -> str:
        lines = []
        hearts = state.tiles.count(T.HEARTFRAMER)
        sleeping = T.SLEEPINGDOOR in state.tiles
        if hearts:
            lines.append(f"Heart framers left: {hearts}" + (" (the sleeping doors wake when all are taken)"
                                                             if sleeping else ""))
        elif sleeping:
            lines.append("Heart framers left: 0")
        live = [(i, kind, cell, data) for i, (kind, cell, data) in enumerate(state.bots) if kind >= 0]
        if live:
            shown = live[:MAX_BOTS_LISTED]
            order = ", ".join(f"{i + 1} {bot_kind_name(kind, data)} {_xy(state, cell)}" for i, kind, cell, data in shown)
            more = len(live) - len(shown)
            lines.append(f"Bots in order: {order}" + (f" and {more} more" if more else ""))
        return "\n".join(lines)

    # -- explaining ----------------------------------------------------------------
    def overlays(self) -> tuple[OverlaySpec, ...]:
        return OVERLAYS

    def annotations(self, state: EscapeState, report: StepReport | None) -> list[Annotation]:
        found: list[Annotation] = []
        if report is not None:
            before = report.before
            swapped = {e.cell for e in report.events if isinstance(e, Swapped)}
            for event in report.events:
                found += self._explain(before, state, report, event, swapped)
            if not report.changed and not any(isinstance(e, Blocked) for e in report.events):
                found += self._refusal_marks(report)
        for bot, frm, to in bots_next_moves(state):
            found.append(Annotation("bots_next", STEP, (frm, to)))
        return list(dict.fromkeys(found))  # one of each (a panel may fire twice in a move)

    def blocked_text(self, report: StepReport) -> str:
        if report.changed:
            return ""
        refusal = explain_refusal(report.before, report.move, report.events)
        return refusal.text if refusal is not None else ""

    @staticmethod
    def _refusal_marks(report: StepReport) -> list[Annotation]:
        """A walk into a wall, a taken exit or a bot that cannot be pushed (no event says so)."""
        refusal = explain_refusal(report.before, report.move, report.events)
        if refusal is None:
            return []
        if refusal.cell < 0:
            return [Annotation("blocked", ARROW, (refusal.at,), "edge", vector=VECTORS.get(report.move))]
        return [Annotation("blocked", CROSS, (refusal.cell,))]

    def _explain(self, before: EscapeState, state: EscapeState, report: StepReport, event, swapped) -> list[Annotation]:
        if isinstance(event, Killed):
            if event.cause == "laser":
                return [Annotation("laser", BEAM, (event.at,) + tuple(event.cells)),
                        Annotation("laser", RING, (event.at,), "laser")]
            if event.cause == "bot" and event.bot >= 0:
                return [Annotation("killer", RING, (event.at,), f"bot {event.bot + 1}")]
            if event.cause == "bomb":
                bomb = self._bomb_at(report.events, event.at)
                blast = next((e.cells for e in report.events if isinstance(e, Exploded) and e.at == event.at), ())
                label = f"bomb {bomb + 1}" if bomb is not None else "bomb"
                return [Annotation("killer", AREA, tuple(blast)), Annotation("killer", RING, (event.at,), label)]
        elif isinstance(event, Blocked):
            if event.by_cell != event.at:
                ax, ay = before.board.xy(event.at)
                bx, by = before.board.xy(event.by_cell)
                vector = (float(bx - ax), float(by - ay))
            else:  # the board's edge, or an LR/UD block pushed across its axis
                vector = VECTORS.get(report.move, (0.0, 0.0))
            return [Annotation("blocked", ARROW, (event.at,), event.what, vector=vector),
                    Annotation("blocked", CROSS, (event.by_cell,))]
        elif isinstance(event, PanelFired):
            marks = [Annotation("fired", LINK, (event.panel, event.dest))]
            if event.dest in swapped:
                marks.append(Annotation("fired", RING, (event.dest,)))
            return marks
        elif isinstance(event, Teleported):
            transporter = _transporter_between(before, event.frm, event.to)
            return [Annotation("fired", LINK, (transporter, event.to)), Annotation("fired", RING, (event.to,))]
        elif isinstance(event, Pushed) and event.by.startswith("bot ") and event.to >= 0:
            return [Annotation("bot_pushes", LINK, (event.frm, event.to), f"bot {_bot_index(event.by) + 1}")]
        return []

    def motions(self, report: StepReport) -> list[Motion]:
        """Paths of the player, the bots and the blocks that moved, in event order."""
        before = report.before
        paths: dict[object, list[int]] = {}
        jumps: dict[object, list[int]] = {}
        blocks: list[tuple[int, list[int]]] = []  # (tile, path) of pushed blocks
        for event in report.events:
            if isinstance(event, Moved) and (event.what == PLAYER_SPRITE or _bot_index(event.what) is not None):
                sprite = PLAYER_SPRITE if event.what == PLAYER_SPRITE else ("bot", _bot_index(event.what))
                path = paths.setdefault(sprite, [event.frm])
                if path[-1] != event.frm:
                    path.append(event.frm)
                path.append(event.to)
            elif isinstance(event, Teleported):
                sprite = PLAYER_SPRITE if event.what == PLAYER_SPRITE else ("bot", _bot_index(event.what))
                path = paths.setdefault(sprite, [event.frm])
                transporter = _transporter_between(before, event.frm, event.to)
                if path[-1] != transporter:
                    path.append(transporter)
                jumps.setdefault(sprite, []).append(len(path))
                path.append(event.to)
            elif isinstance(event, Pushed) and event.what != PLAYER_SPRITE and _bot_index(event.what) is None:
                if event.to < 0:
                    continue
                for tile, path in blocks:
                    if path[-1] == event.frm:
                        path.append(event.to)
                        break
                else:
                    blocks.append((before.tiles[event.frm], [event.frm, event.to]))
        motions = [Motion(sprite, tuple(path), tuple(jumps.get(sprite, ()))) for sprite, path in paths.items()]
        motions += [Motion(("tile", tile), tuple(path)) for tile, path in blocks]
        return motions

    # -- text ------------------------------------------------------------------------
    def moves_text(self, moves: Sequence[int]) -> str:
        return moves_to_text(moves)

    def parse_moves(self, text: str) -> tuple[int, ...]:
        return text_to_moves(text)

    # -- solutions in player files -----------------------------------------------------
    def solution_files(self) -> SolutionFiles:
        return SolutionFiles("Escape player files", ("*.esp",))

    def load_solutions(self, context: LevelContext, source: Path | None = None) -> list[StoredSolution]:
        if source is not None:
            files = [Path(source)]
        elif context.path is not None:
            files = sorted(path for path in Path(context.path).parent.glob("*.esp") if path.is_file())
        else:
            files = []
        current = level_md5(context.level_bytes)
        older = [md5 for md5 in context.older_md5s if md5 != current]
        found: list[StoredSolution] = []
        for file in files:
            try:
                player = read_player_file(file)
            except (LevelFormatError, OSError) as error:
                raise LevelFormatError(f"{file.name}: {getattr(error, 'strerror', None) or error}") from None
            for md5, is_current in [(current, True)] + [(md5, False) for md5 in older]:
                for solution in player.solutions_for(md5):
                    found.append(StoredSolution(solution.name, solution.author, solution.moves, file.name, is_current))
        return found

    def save_solution(self, context: LevelContext, moves: Sequence[int], name: str,
                      target: Path | None = None) -> SavedSolution:
        if target is None:
            if context.path is None:
                raise ValueError("save the level first: its solutions are kept in a player file beside it")
            target = default_player_file(Path(context.path).parent)
        target = Path(target)
        player = read_player_file(target) if target.exists() else new_player_file(_player_name())
        moves = tuple(int(move) for move in moves)
        moves_to_text(moves)  # refuses anything but the four directions, naming it
        solution = NamedSolution(int(time.time()) & 0x7FFFFFFF, name, player.name, moves)
        player.add_solution(level_md5(context.level_bytes), solution)
        write_atomic(target, player.to_bytes())
        return SavedSolution(f"Saved the solution “{name}” ({len(moves)} moves) to {target.name}", target)


def level_md5(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


def default_player_file(folder: Path) -> Path:
    """The player file beside a level: player.esp if present, else the first .esp there,
    else a new player.esp."""
    preferred = folder / DEFAULT_PLAYER_FILE
    if preferred.exists():
        return preferred
    existing = sorted(folder.glob("*.esp"))
    return existing[0] if existing else preferred


def _player_name() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    try:
        name.encode("latin-1")
    except UnicodeEncodeError:
        name = ""
    return name or "Studio"


def make_adapter() -> EscapePlaytest:
    return EscapePlaytest()
