"""The play board: a widget that draws a game state with the game's BoardPainter,
tweens between states, draws the annotation overlays, and turns key presses
into requests (a move, restart, undo, redo, back to the editor).

It holds no game logic: the dock tells it what to show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from PySide6.QtCore import QEasingCurve, QEvent, QKeyCombination, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QColor, QFont, QFontMetricsF, QKeySequence, QPainter, QPainterPath, QPen, QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.core.playtest_adapter import (
    AREA, ARROW, BEAM, CROSS, LINK, RING, STEP, Annotation, Motion, MoveKey, Outcome, OverlaySpec, StepReport,
)
from studio.playtest.keymap import KeyMap

BACKGROUND = QColor("#1b1d22")
FOCUS_COLOUR = QColor("#4a90e2")
HALO = QColor(0, 0, 0, 170)
MARGIN = 10  # pixels around the board
CAPTION_COLOUR = QColor("#ffd60a")  # what stopped the last move, written over the board's foot


@dataclass(frozen=True)
class Frame:
    """One frame of the tween from ``report.before`` to ``report.state``."""

    report: StepReport
    motions: tuple[Motion, ...]
    progress: float


ARROW_KEYS = {Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right}


def _combination(sequence: str) -> QKeyCombination:
    return QKeySequence(sequence)[0]


class PlayBoard(QWidget):
    moveRequested = Signal(object)
    restartRequested = Signal()
    undoRequested = Signal()
    redoRequested = Signal()
    leaveRequested = Signal()
    replayToggleRequested = Signal()
    hintRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("play_board")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(180, 150)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.painter_impl = None
        self.state: Any = None
        self.outcome = Outcome()
        self.annotations: list[Annotation] = []
        self.overlay_specs: dict[str, OverlaySpec] = {}
        self.enabled_overlays: set[str] = set()
        self.placeholder = "No level to play"
        self.caption = ""  # what stopped the last move, in words
        self._frame_report: StepReport | None = None
        self._frame_motions: tuple[Motion, ...] = ()
        self._progress = 1.0
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._animation.valueChanged.connect(self._animation_step)
        self._animation.finished.connect(self._animation_done)
        self._keys: dict[QKeyCombination, tuple[str, Hashable]] = {}
        self.set_move_keys([])

    # -- what to show ---------------------------------------------------------------
    def set_painter(self, painter) -> None:
        self.painter_impl = painter
        self._tell_painter_overlays()
        self.update()

    def set_overlays(self, specs: Sequence[OverlaySpec], enabled: set[str]) -> None:
        self.overlay_specs = {spec.id: spec for spec in specs}
        self.enabled_overlays = set(enabled)
        self.update()

    @property
    def enabled_overlays(self) -> set[str]:
        return self._enabled_overlays

    @enabled_overlays.setter
    def enabled_overlays(self, enabled) -> None:
        self._enabled_overlays = set(enabled)
        self._tell_painter_overlays()

    def _tell_painter_overlays(self) -> None:
        """A painter whose drawing follows an overlay toggle (Intricacy's colouring mode) hears of each change."""
        hook = getattr(self.painter_impl, "set_enabled_overlays", None)
        if hook is not None:
            hook(set(self._enabled_overlays))

    def set_move_keys(self, keys: Sequence[MoveKey], hints: bool = False) -> None:
        """The game's keys first (a game may claim Space or Enter for moves), then the
        board's own on the keys left free: the game's KeyMap, as its help prints it
        (with the hint key when ``hints``)."""
        self.key_map = KeyMap(keys, hints)
        table: dict[QKeyCombination, tuple[str, Hashable]] = {}
        for sequence, action, move in self.key_map.table():
            table.setdefault(_combination(sequence), (action, move))
        self._keys = table

    def show_state(self, state, outcome: Outcome, annotations: Sequence[Annotation],
                   animate: StepReport | None = None, motions: Sequence[Motion] = (), duration_ms: int = 0,
                   caption: str = "") -> None:
        """Show ``state``; with ``animate`` (the step that reached it) and a duration,
        tween from the step's start. The state shown is always ``state``: the tween
        only draws the way there. ``caption``: what stopped the move, written on the board."""
        self.state = state
        self.caption = caption
        self.outcome = outcome
        self.annotations = list(annotations)
        self._animation.stop()
        if animate is not None and duration_ms > 0 and motions:
            self._frame_report, self._frame_motions, self._progress = animate, tuple(motions), 0.0
            self._animation.setDuration(duration_ms)
            self._animation.start()
        else:
            self._frame_report, self._frame_motions, self._progress = None, (), 1.0
        self.update()

    def finish_animation(self) -> None:
        if self._animation.state() == QVariantAnimation.State.Running:
            self._animation.stop()
            self._animation_done()

    @property
    def animating(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    def visible_annotations(self) -> list[Annotation]:
        """The annotations drawn now: those of enabled overlays."""
        return [a for a in self.annotations if a.overlay in self.enabled_overlays]

    def _animation_step(self, value) -> None:
        self._progress = float(value)
        self.update()

    def _animation_done(self) -> None:
        self._frame_report, self._frame_motions, self._progress = None, (), 1.0
        self.update()

    # -- keys ------------------------------------------------------------------------------
    def _request_for(self, event) -> tuple[str, Hashable] | None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        return self._keys.get(QKeyCombination(modifiers, Qt.Key(event.key())))

    def event(self, event) -> bool:
        # Take our keys before the window's shortcuts (Ctrl+Z must undo a move here, not an edit).
        # Arrows with modifiers are claimed too: Shift+Left must not expand the editor's selection.
        if event.type() == QEvent.Type.ShortcutOverride and (
                self._request_for(event) is not None or event.key() in ARROW_KEYS):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:
        request = self._request_for(event)
        if request is None:
            if event.key() in ARROW_KEYS:
                event.accept()
            else:
                super().keyPressEvent(event)
            return
        kind, move = request
        if kind == "move":
            self.moveRequested.emit(move)
        else:
            {"restart": self.restartRequested, "undo": self.undoRequested, "redo": self.redoRequested,
             "leave": self.leaveRequested, "replay": self.replayToggleRequested,
             "hint": self.hintRequested}[kind].emit()
        event.accept()

    def mousePressEvent(self, event) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mousePressEvent(event)

    def focusInEvent(self, event) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event) -> None:
        self.update()
        super().focusOutEvent(event)

    # -- painting ----------------------------------------------------------------------------
    def board_transform(self) -> tuple[float, QPointF] | None:
        """(scale, offset) mapping board units to widget pixels, the board fitted and centred."""
        if self.painter_impl is None or self.state is None:
            return None
        board = self.painter_impl.board_rect(self.state)
        if board.width() <= 0 or board.height() <= 0:
            return None
        area = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        scale = min(area.width() / board.width(), area.height() / board.height())
        offset = QPointF(area.center().x() - board.center().x() * scale, area.center().y() - board.center().y() * scale)
        return scale, offset

    def cell_rect_px(self, cell: int) -> QRectF:
        """A cell's rectangle in widget pixels."""
        scale, offset = self.board_transform()
        rect = self.painter_impl.cell_rect(self.state, cell)
        return QRectF(offset.x() + rect.x() * scale, offset.y() + rect.y() * scale, rect.width() * scale, rect.height() * scale)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), BACKGROUND)
        transform = self.board_transform()
        if transform is None:
            self._paint_placeholder(p)
            p.end()
            return
        scale, offset = transform
        cell_px = self.painter_impl.cell_rect(self.state, 0).width() * scale
        p.save()
        p.translate(offset)
        p.scale(scale, scale)
        board = self.painter_impl.board_rect(self.state)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 110))
        p.drawRect(board.adjusted(-3 / scale, -3 / scale, 5 / scale, 5 / scale))  # a soft drop shadow
        frame = Frame(self._frame_report, self._frame_motions, self._progress) if self._frame_report else None
        self.painter_impl.paint(p, self.state, frame, max(1, round(cell_px * self.devicePixelRatioF())))
        if frame is None and self.outcome.finished and hasattr(self.painter_impl, "paint_outcome"):
            self.painter_impl.paint_outcome(p, self.state, self.outcome)
        p.restore()
        fade = 1.0 if self._frame_report is None else max(0.0, (self._progress - 0.55) / 0.45)
        if fade > 0:
            p.setOpacity(fade)
            self._paint_annotations(p, cell_px)
            self._paint_caption(p)
            p.setOpacity(1.0)
        if self.hasFocus():
            p.setPen(QPen(FOCUS_COLOUR, 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        p.end()

    def _paint_caption(self, p: QPainter) -> None:
        """The caption in a dark box along the board's foot, wrapped to the width; along
        its top when what it explains is drawn in the lower half."""
        if not self.caption:
            return
        font = QFont(self.font())
        font.setBold(True)
        p.setFont(font)
        area = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        text_rect = p.boundingRect(area.adjusted(10, 0, -10, 0), flags, self.caption)
        box = QRectF(area.left(), area.bottom() - text_rect.height() - 10, area.width(), text_rect.height() + 10)
        marked = [self._centre(a.cells[0]).y() for a in self.visible_annotations() if a.cells and a.cells[0] >= 0]
        if any(y > self.height() * 0.55 for y in marked):
            box.moveTop(area.top())
        p.setPen(QPen(CAPTION_COLOUR.darker(160), 1))
        p.setBrush(QColor(20, 22, 27, 225))
        p.drawRoundedRect(box, 6, 6)
        p.setPen(CAPTION_COLOUR)
        p.drawText(box.adjusted(10, 0, -10, 0), flags, self.caption)

    def _paint_placeholder(self, p: QPainter) -> None:
        p.setPen(QColor("#8a909a"))
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.1)
        p.setFont(font)
        p.drawText(QRectF(self.rect()).adjusted(16, 16, -16, -16),
                   Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.placeholder)

    # -- annotations -----------------------------------------------------------------------------
    def _colour(self, annotation: Annotation) -> QColor:
        spec = self.overlay_specs.get(annotation.overlay)
        return QColor(annotation.colour or (spec.colour if spec else "#ffffff"))

    def _paint_annotations(self, p: QPainter, cell_px: float) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        shown = self.visible_annotations()
        # Washes first, lines next, marks on top, labels last: nothing hides a label.
        order = {AREA: 0, BEAM: 1, LINK: 2, STEP: 3, RING: 4, CROSS: 5, ARROW: 6}
        for annotation in sorted(shown, key=lambda a: order.get(a.shape, 9)):
            painter = getattr(self, f"_paint_{annotation.shape}", None)
            if painter is not None and all(c >= 0 for c in annotation.cells) and annotation.cells:
                painter(p, annotation, self._colour(annotation), cell_px)
        for annotation in shown:
            if annotation.label and annotation.cells and annotation.cells[0] >= 0:
                self._paint_label(p, self.cell_rect_px(annotation.cells[0]), annotation.label, self._colour(annotation))

    def _centre(self, cell: int) -> QPointF:
        return self.cell_rect_px(cell).center()

    @staticmethod
    def _stroke(p: QPainter, path: QPainterPath, colour: QColor, width: float) -> None:
        """A line with a dark halo under it, so it reads on any tile."""
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(HALO, width + 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)

    def _paint_area(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        wash = QColor(colour)
        wash.setAlpha(90)
        p.setPen(QPen(colour, max(1.0, cell_px * 0.04)))
        p.setBrush(wash)
        for cell in annotation.cells:
            p.drawRect(self.cell_rect_px(cell).adjusted(1, 1, -1, -1))

    def _paint_beam(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        points = [self._centre(cell) for cell in annotation.cells]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        glow = QColor(colour)
        glow.setAlpha(80)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(glow, max(6.0, cell_px * 0.5), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
        self._stroke(p, path, colour, max(2.5, cell_px * 0.14))
        p.setPen(QPen(QColor(255, 255, 255, 220), max(1.0, cell_px * 0.04), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)

    def _paint_ring(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        for cell in annotation.cells:
            rect = self.cell_rect_px(cell)
            grow = rect.width() * 0.06
            path = QPainterPath()
            path.addEllipse(rect.adjusted(-grow, -grow, grow, grow))
            self._stroke(p, path, colour, max(2.0, cell_px * 0.09))

    def _paint_cross(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        for cell in annotation.cells:
            rect = self.cell_rect_px(cell)
            inset = rect.width() * 0.24
            r = rect.adjusted(inset, inset, -inset, -inset)
            path = QPainterPath(r.topLeft())
            path.lineTo(r.bottomRight())
            path.moveTo(r.topRight())
            path.lineTo(r.bottomLeft())
            self._stroke(p, path, colour, max(2.5, cell_px * 0.12))

    def _paint_arrow(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        dx, dy = annotation.vector or (0.0, 0.0)
        length = math.hypot(dx, dy)
        if length == 0:
            return
        ux, uy = dx / length, dy / length
        centre = self._centre(annotation.cells[0])
        size = self.cell_rect_px(annotation.cells[0]).width()
        # a fat arrow across the piece, its head towards where it would not go
        tail, head_base, tip = -0.34 * size, 0.04 * size, 0.4 * size
        shaft, head = 0.1 * size, 0.26 * size
        def at(along: float, across: float) -> QPointF:
            return QPointF(centre.x() + ux * along - uy * across, centre.y() + uy * along + ux * across)
        polygon = QPolygonF([at(tail, -shaft), at(head_base, -shaft), at(head_base, -head), at(tip, 0),
                             at(head_base, head), at(head_base, shaft), at(tail, shaft)])
        p.setPen(QPen(HALO, max(2.0, cell_px * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.setBrush(colour)
        p.drawPolygon(polygon)

    def _arrow_head(self, p: QPainter, tip: QPointF, direction: QPointF, colour: QColor, size: float) -> None:
        length = math.hypot(direction.x(), direction.y()) or 1.0
        ux, uy = direction.x() / length, direction.y() / length
        back = QPointF(tip.x() - ux * size, tip.y() - uy * size)
        left = QPointF(back.x() - uy * size * 0.55, back.y() + ux * size * 0.55)
        right = QPointF(back.x() + uy * size * 0.55, back.y() - ux * size * 0.55)
        p.setPen(QPen(HALO, 1.5))
        p.setBrush(colour)
        p.drawPolygon(QPolygonF([tip, left, right]))

    def _paint_link(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        if len(annotation.cells) < 2 or annotation.cells[0] == annotation.cells[1]:
            return
        start, end = self._centre(annotation.cells[0]), self._centre(annotation.cells[1])
        dx, dy = end.x() - start.x(), end.y() - start.y()
        distance = math.hypot(dx, dy)
        # bend to one side so links between neighbours and crossing links stay apart
        control = QPointF((start.x() + end.x()) / 2 - dy * 0.22, (start.y() + end.y()) / 2 + dx * 0.22)
        # stop the curve short of the destination's centre so the head sits in the cell
        stop = min(0.3 * cell_px, distance * 0.3)
        to_end = QPointF(end.x() - control.x(), end.y() - control.y())
        norm = math.hypot(to_end.x(), to_end.y()) or 1.0
        tip = QPointF(end.x() - to_end.x() / norm * stop, end.y() - to_end.y() / norm * stop)
        path = QPainterPath(start)
        path.quadTo(control, tip)
        width = max(2.0, cell_px * 0.07)
        self._stroke(p, path, colour, width)
        p.setPen(QPen(HALO, 1.5))
        p.setBrush(colour)
        p.drawEllipse(start, width * 1.2, width * 1.2)
        self._arrow_head(p, tip, to_end, colour, max(7.0, cell_px * 0.28))

    def _paint_step(self, p: QPainter, annotation: Annotation, colour: QColor, cell_px: float) -> None:
        if len(annotation.cells) < 2 or annotation.cells[0] == annotation.cells[1]:
            return
        start, end = self._centre(annotation.cells[0]), self._centre(annotation.cells[1])
        direction = QPointF(end.x() - start.x(), end.y() - start.y())
        distance = math.hypot(direction.x(), direction.y())
        ux, uy = direction.x() / distance, direction.y() / distance
        begin = QPointF(start.x() + ux * cell_px * 0.3, start.y() + uy * cell_px * 0.3)
        tip = QPointF(end.x() - ux * cell_px * 0.12, end.y() - uy * cell_px * 0.12)
        path = QPainterPath(begin)
        path.lineTo(tip)
        width = max(2.0, cell_px * 0.08)
        self._stroke(p, path, colour, width)
        self._arrow_head(p, tip, direction, colour, max(7.0, cell_px * 0.3))

    def _paint_label(self, p: QPainter, rect: QRectF, text: str, colour: QColor) -> None:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        font.setBold(True)
        metrics = QFontMetricsF(font)
        width = metrics.horizontalAdvance(text) + 10
        height = metrics.height() + 4
        chip = QRectF(rect.center().x() - width / 2, rect.top() - height - 2, width, height)
        if chip.top() < 2:  # no room above: below the cell instead
            chip.moveTop(rect.bottom() + 2)
        chip.moveLeft(max(2.0, min(chip.left(), self.width() - width - 2)))
        p.setPen(QPen(HALO, 1))
        p.setBrush(colour)
        p.drawRoundedRect(chip, height / 2, height / 2)
        p.setFont(font)
        p.setPen(QColor("#111318"))
        p.drawText(chip, Qt.AlignmentFlag.AlignCenter, text)
