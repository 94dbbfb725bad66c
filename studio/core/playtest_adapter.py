"""What a game provides to be play-tested: the adapter interface.

Pure Python (no Qt), so a game's adapter, which lives in its own package beside
its engine (``studio/games/NAME/playtest.py``), can import these data classes and
still run headless; the Qt play-test (``studio/playtest``) drives it.

How a game plugs in
-------------------
1. Write an adapter class implementing ``PlaytestAdapter`` below, in a module
   of your game that does not import Qt, and a factory returning one.
2. Name the factory on your ``Game``: ``playtest=Lazy("studio.games.NAME.playtest:make_adapter")``.
   The play-test finds it through ``adapter_for(game)``; a game without it
   simply cannot be play-tested (the dock says so).
3. Give your ``view.py`` (``Game.view``) a ``make_play_painter()`` returning a
   ``BoardPainter`` (Qt; see its description below), which draws a state, the
   tween between two states, and nothing else: annotations are drawn by the
   play-test itself from the ``Annotation`` records your adapter returns.

The flow: the session takes a snapshot of the document's level, asks
``initial_state(level)``, and on each key looks the key up in ``keys()`` and
calls ``step(state, move)``, which returns a ``StepReport``. A report whose
``changed`` is false (a move into a wall) is not recorded; its annotations and
``blocked_text`` (what stopped it, in words) are still shown. ``annotations(state, report)`` and
``motions(report)`` are asked for what to draw. States must be immutable and
hashable: the undo history is a list of them and is never copied.

Everything a game shows about the rules (why the player died, what blocked a
push) comes from its engine's events through these methods; nothing in
``studio/playtest`` knows any game.

Optional hooks
--------------
An adapter may also provide these; the dock asks with ``getattr`` and does
without when they are missing (Escape provides none of them):

``par(level) -> int | None``
    The fewest moves that win the level (None: it cannot be won). Shown beside
    the move counter ("Move 3 · par 16").
``win_offer(context, state, moves) -> WinOffer | None``
    After a win played by hand (never while replaying a loaded solution): what
    the dock's win panel shows, inline under the board: the level's score table
    with the new score at the rank it would take, a name entry whose "Save
    score" stores the win through ``save_solution`` (so it is an undoable edit
    of the level), and the playlist's next level to open. None: no panel.
``record_properties: tuple[str, ...]``
    Level properties that record play (high scores, stored solutions) and do
    not change it: editing them does not make a running test stale, and the
    test's snapshot follows them (so a second save adds to the first).
``solution_name_label: str``
    The label of the name asked when saving a solution (default "Name of the
    solution:"; Labyrinthos: "Your name:").
``solution_named_after_player: bool``
    The name saved with a solution is the player's: the dock offers the last
    name used (kept in the settings) instead of a dated name.

When a saved solution belongs in the level (``SavedSolution.properties``) and
the level's file holds everything else already (no other unsaved edits, the
test not out of date), the dock saves the file at once, as Escape's player
files are written at once; otherwise it records the edit and says to save.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Hashable, Protocol, Sequence

# Outcome kinds: the game goes on, the level is solved, the player lost.
PLAYING, WON, DEAD = "playing", "won", "dead"


@dataclass(frozen=True)
class MoveKey:
    """A key that plays a move. ``key`` is a QKeySequence string ("Up", "Space",
    "T", "Shift+Left"); ``move`` is what ``step`` receives; ``label`` says what
    the move does, for the dock's key help ("up", "wait", "time jump")."""

    key: str
    move: Hashable
    label: str


@dataclass(frozen=True)
class Outcome:
    """Where the game stands after a move: ``kind`` is PLAYING, WON or DEAD;
    ``reason`` says why the player died ("shot by the laser at (4, 2)"), or
    anything else worth saying about a win (empty otherwise)."""

    kind: str = PLAYING
    reason: str = ""
    ending: str = ""  # the word for how a DEAD game ended ("paradox" in ChronoShift); "" says "dead"

    @property
    def finished(self) -> bool:
        return self.kind != PLAYING


@dataclass(frozen=True)
class StepReport:
    """One move tried from ``before``: the resulting ``state`` (``before`` itself
    when nothing changed), whether anything changed, the outcome, and the
    engine's events (kept for ``annotations`` and ``motions``; the play-test
    never looks inside them)."""

    before: Any
    move: Hashable
    state: Any
    changed: bool
    outcome: Outcome
    events: tuple = ()


@dataclass(frozen=True)
class OverlaySpec:
    """One kind of annotation, toggled from the View menu. ``colour`` is how its
    annotations are drawn unless they name their own."""

    id: str
    label: str
    tip: str
    colour: str
    default: bool = True
    # (colour, words) for each colour its annotations use, for the dock's legend;
    # empty: the one ``colour``, named by ``label``.
    legend: tuple[tuple[str, str], ...] = ()

    def legend_entries(self) -> tuple[tuple[str, str], ...]:
        return self.legend or ((self.colour, self.label),)


# Annotation shapes the play board knows how to draw. Cells are the game's
# cell numbers; the BoardPainter's ``cell_rect`` places them, so hex grids work too.
BEAM = "beam"  # a glowing line through the centres of ``cells``, first to last
RING = "ring"  # a circle around each of ``cells``
CROSS = "cross"  # an X over each of ``cells`` (what stopped something)
ARROW = "arrow"  # a fat arrow inside cells[0] pointing along ``vector`` (a piece that could not move)
LINK = "link"  # a curved arrow from cells[0] to cells[1] (a destination that fired)
STEP = "step"  # a short straight arrow from cells[0] towards cells[1] (a move to come)
AREA = "area"  # a translucent wash over each of ``cells`` (a blast)
SHAPES = (BEAM, RING, CROSS, ARROW, LINK, STEP, AREA)


@dataclass(frozen=True)
class Annotation:
    """Something drawn over the board to explain a move. ``overlay`` is the id of
    its OverlaySpec; ``label`` is a short text shown beside cells[0] (may be
    empty); ``vector`` (dx, dy) in cells is the direction of an ARROW."""

    overlay: str
    shape: str
    cells: tuple[int, ...]
    label: str = ""
    colour: str = ""
    vector: tuple[float, float] | None = None


@dataclass(frozen=True)
class Motion:
    """Something that moved during a step, for the animation: ``sprite`` is the
    game's own key for it (the BoardPainter knows how to draw it), ``path`` the
    cells it passed through in order, and ``jumps`` the indices i where the
    step from path[i-1] to path[i] is a teleport (shown as a blink, not a slide)."""

    sprite: Hashable
    path: tuple[int, ...]
    jumps: tuple[int, ...] = ()


@dataclass(frozen=True)
class LevelContext:
    """What solution storage needs to know about the level being tested.

    ``level`` is the snapshot played; ``level_bytes`` its file form as the game
    saves it (what a save would write now); ``path`` the level's file, if any;
    ``older_md5s`` the MD5 digests of the file form of earlier versions of this
    level the studio has seen (the file on disk when the document has unsaved
    edits, versions played or saved before), newest first.
    """

    level: Any
    level_bytes: bytes
    path: Path | None = None
    older_md5s: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoredSolution:
    """A solution found in storage. ``current`` is false when it was recorded on
    an older version of the level (the dock flags it and re-verifies it);
    ``source`` says where it is kept, for the user ("player.esp", "the level's
    Solution field")."""

    name: str
    author: str
    moves: tuple
    source: str
    current: bool = True


@dataclass(frozen=True)
class SavedSolution:
    """What ``save_solution`` did. ``message`` is shown in the status bar. When the
    solution belongs inside the level itself, ``properties`` holds the level
    properties to set: the dock applies them as an undoable edit of the document.
    ``path`` is the file written, if any. ``stored_name`` is the name as the game
    keeps it, when that differs from the name given (one word for a high score)."""

    message: str
    path: Path | None = None
    properties: dict[str, object] | None = None
    stored_name: str = ""


@dataclass(frozen=True)
class SolutionFiles:
    """How a game keeps solutions in files of their own, for the dock's file
    dialogs; ``None`` from ``solution_files()`` means the solution lives in the
    level (no file to choose)."""

    description: str  # "Escape player files"
    patterns: tuple[str, ...]  # ("*.esp",)


@dataclass(frozen=True)
class ScoreRow:
    """One line of a level's score table: ``rank`` from 1, the ``score`` as shown,
    the ``player``; ``new`` marks the score just played (its player is empty until
    saved)."""

    rank: int
    score: str
    player: str
    new: bool = False


@dataclass(frozen=True)
class WinOffer:
    """What the dock's win panel shows after a win played by hand.

    ``headline``: the win in a few words ("16 moves: par!"). ``rows``: the level's
    table, best first, with the new score at the rank it would take (``new``
    true). ``score_heading``: the table's score column ("Moves"). ``name_hint``:
    a note on names ("one word: spaces become _"). ``next_level`` and
    ``next_level_name``: the playlist's following level file, when it exists,
    and its title for the button.
    """

    headline: str
    rows: tuple[ScoreRow, ...] = ()
    score_heading: str = "Score"
    name_hint: str = ""
    next_level: Path | None = None
    next_level_name: str = ""

    @property
    def new_row(self) -> ScoreRow | None:
        return next((row for row in self.rows if row.new), None)


class PlaytestAdapter(Protocol):
    """A game's play-test adapter (pure Python). ``game_id`` is the Game's id."""

    game_id: str

    def initial_state(self, level: Any) -> Hashable:
        """The start of play for a snapshot of the document's level. May raise
        ValueError (or LevelFormatError) with a message when the level cannot be
        played; the dock shows the message."""

    def keys(self) -> Sequence[MoveKey]:
        """Every key that plays a move: the arrows and the game's own keys."""

    def step(self, state: Hashable, move: Hashable) -> StepReport:
        """Play one move; pure. A finished state stays finished (changed false)."""

    def outcome(self, state: Hashable) -> Outcome:
        """The outcome of a state reached without a report (the start)."""

    def status_text(self, state: Hashable) -> str:
        """A line or two about the state that matters for play (Escape: heart
        framers left and the bots' order)."""

    def overlays(self) -> Sequence[OverlaySpec]:
        """The kinds of annotation this game draws, in View-menu order."""

    def annotations(self, state: Hashable, report: StepReport | None) -> Sequence[Annotation]:
        """What to draw over ``state``. ``report`` is the step that led to it (or a
        refused move tried from it, with ``changed`` false), or None at the start
        and when the history is scrubbed to a state from elsewhere. Include
        annotations that follow from the state alone (bots' next moves) in any case."""

    def blocked_text(self, report: StepReport) -> str:
        """What stopped the move, or part of it, and where, in words: "the grey block
        at (5, 2) cannot move: steel block at (6, 2) behind it". For a refused move
        (``changed`` false) it says why nothing happened; for a move that went ahead,
        what in it was stopped (a clone that bumped into a wall), else "". The dock
        shows it on the board and in the status bar."""

    def motions(self, report: StepReport) -> Sequence[Motion]:
        """What moved during a changed step, for the tween. Purely cosmetic: the
        board always ends on ``report.state``."""

    def moves_text(self, moves: Sequence[Hashable]) -> str:
        """The moves as text, to show the recording and copy it ("UURD")."""

    def parse_moves(self, text: str) -> tuple:
        """The inverse of ``moves_text``; ValueError naming the bad character."""

    # -- solution storage ------------------------------------------------------
    def solution_files(self) -> SolutionFiles | None:
        """Where solutions go: files of their own (Escape: player files), or None
        when they live in the level (ChronoShift: the Solution field)."""

    def load_solutions(self, context: LevelContext, source: Path | None = None) -> list[StoredSolution]:
        """The stored solutions for this level: from ``source`` when the user chose a
        file, else from where the game keeps them by default. Older versions'
        solutions (``context.older_md5s``) come back with ``current`` false. Raises
        LevelFormatError for an unreadable file."""

    def save_solution(self, context: LevelContext, moves: Sequence[Hashable], name: str,
                      target: Path | None = None) -> SavedSolution:
        """Store ``moves`` under ``name``: into ``target`` when the user chose a file,
        else the default place (creating it when missing). Raises ValueError when
        it cannot (e.g. the level has no file yet and no target is given), OSError
        when the file cannot be written."""


# ---------------------------------------------------------------------------
# The BoardPainter (Qt; made by the game's view.py, ``make_play_painter()``).
# Described here as text so this module stays free of Qt:
#
#   class BoardPainter:
#       def board_rect(self, state) -> QRectF
#           The board's extent in board units (any unit; the dock scales it to fit).
#       def cell_rect(self, state, cell: int) -> QRectF
#           A cell's rectangle in board units (for a hex, its bounding box):
#           annotations are placed on it. Cell 0 must exist: its width sets
#           the scale of the annotations' strokes.
#       def paint(self, painter: QPainter, state, frame: Frame | None, device_cell: int) -> None
#           Draw ``state`` in board units (the painter is already scaled).
#           ``device_cell`` is about how many device pixels a cell covers, to pick
#           cached pixmap sizes. ``frame`` is None for a still picture, else a tween
#           from ``frame.report.before`` to ``state``: ``frame.motions`` and
#           ``frame.progress`` in [0, 1]. At progress 1 it must look exactly like
#           the still picture of ``state``.
#       def paint_outcome(self, painter, state, outcome: Outcome) -> None   (optional)
#           A touch on the board for a finished game (a faded player, a glow).
#
# ``studio.playtest.board.Frame`` is the frame class.
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    """A solution played from the start: how it ends and at which move (1-based;
    the length when it never finishes)."""

    outcome: Outcome
    moves: int

    @property
    def text(self) -> str:
        return describe_outcome(self.outcome, self.moves, finished_only=False)


def describe_outcome(outcome: Outcome, move_count: int, finished_only: bool = True) -> str:
    """"playing", "won at move N", "dead at move N: why" ("paradox at move N" where the game
    names its ending so), or, for a solution that never finishes, "open after N moves"
    when ``finished_only`` is false."""
    if outcome.kind == WON:
        return f"won at move {move_count}" + (f": {outcome.reason}" if outcome.reason else "")
    if outcome.kind == DEAD:
        ending = outcome.ending or "dead"
        return f"{ending} at move {move_count}" + (f": {outcome.reason}" if outcome.reason else "")
    if not finished_only:
        return f"open after {move_count} moves"
    return "playing"


def verify_moves(adapter: PlaytestAdapter, level: Any, moves: Sequence[Hashable]) -> Verification:
    """Play ``moves`` from the level's start. Every move counts, even one that
    changes nothing; play stops at the first finished outcome."""
    state = adapter.initial_state(level)
    for count, move in enumerate(moves, start=1):
        report = adapter.step(state, move)
        state = report.state
        if report.outcome.finished:
            return Verification(report.outcome, count)
    return Verification(adapter.outcome(state), len(moves))


def adapter_for(game) -> PlaytestAdapter | None:
    """The game's (core.game.Game) adapter, made by its ``playtest`` factory, or None without one."""
    return None if game.playtest is None else game.playtest.resolve()()


__all__ = [
    "PLAYING", "WON", "DEAD", "MoveKey", "Outcome", "StepReport", "OverlaySpec", "Annotation", "Motion",
    "LevelContext", "StoredSolution", "SavedSolution", "SolutionFiles", "ScoreRow", "WinOffer", "PlaytestAdapter",
    "Verification",
    "describe_outcome", "verify_moves", "adapter_for", "SHAPES",
    "BEAM", "RING", "CROSS", "ARROW", "LINK", "STEP", "AREA",
]
