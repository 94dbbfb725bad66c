"""Escape's Qt view (core.game.GameView): ``render_level`` (what ``studio render``
calls), the editor's cell painter and the play-test board's painter, all drawing with
the art beside it (tiles, bots and player as QPainter vectors, art.EscapeArt)."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPixmap, QRadialGradient

from studio.art.escape.art import EscapeArt, default_art
from studio.art.escape.drawing import UNITS, round_pen
from studio.editor.pixmaps import blit, device_pixel_ratio
from studio.games.escape.engine.panels import ground_under
from studio.games.escape.level import NORMAL, EscapeLevel
from studio.games.escape.tiles import LINKED_TILES, NUM_TILES, Bot, T, bot_name, tile_name


def render_level(level: EscapeLevel, layer: str = "normal", scale: int = 32, show_other_layer: bool = False,
                 show_bot_order: bool = False) -> QImage:
    """The game-generic entry point used by ``studio render``."""
    return default_art().render_level(level, layer, scale, show_other_layer, show_bot_order)


# ---------------------------------------------------------------------------
# the editor's view of the art (studio.editor.cell_painter.CellPainter)
# ---------------------------------------------------------------------------

class EscapeCellPainter:
    """Paints Escape cells and entities for the editor scene, from ``EscapeArt``'s pixmap cache."""

    # Above this many device pixels a cell is drawn as vectors: the cache would
    # hold huge pixmaps, and at such zooms only a few cells are visible anyway.
    VECTOR_ABOVE = 256

    def __init__(self, art: EscapeArt | None = None):
        self.art = art or default_art()

    def paint_cell(self, painter: QPainter, rect: QRectF, level: EscapeLevel, index: int, layer: int,
                   device_size: int) -> None:
        tile = level.layer(layer)[index]
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_tile(painter, rect, tile)
        else:
            blit(painter, rect, self.art.tile_pixmap(tile, device_size, device_pixel_ratio(painter)))

    def prepare(self, level: EscapeLevel, layer: int) -> None:
        """Before a repaint: find the bizarro layer's background, the tile it mostly holds.

        Levels fill the bizarro layer with floor or with wall; only what differs
        from that background is worth an inset, or every cell would carry one.
        """
        from collections import Counter

        self._bizarro_background = Counter(level.otiles).most_common(1)[0][0] if level.otiles else T.FLOOR

    def paint_ghost(self, painter: QPainter, rect: QRectF, level: EscapeLevel, index: int, layer: int,
                    device_size: int) -> None:
        """The other layer, faintly: editing the normal layer, bizarro tiles that stand out from
        their background as small corner insets; editing the bizarro layer, the whole normal
        layer as a faint veil, so the level's shape stays in view."""
        tile = level.layer(layer)[index]
        dpr = device_pixel_ratio(painter)
        if layer == NORMAL:
            blit(painter, rect, self.art.faint_pixmap(tile, device_size, dpr))
            return
        if tile == getattr(self, "_bizarro_background", T.FLOOR):
            return  # the usual case, and it draws nothing
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_other_layer_inset(painter, rect, tile, device_size, always=True)
        else:
            blit(painter, rect, self.art.inset_pixmap(tile, device_size, dpr))

    def cell_pixmaps(self, level: EscapeLevel, indices, layer: int, device_size: int, dpr: float):
        """The cached pixmap of each cell's tile, for the scene to copy to the screen (many cells
        at once, the art asked once per tile); None above VECTOR_ABOVE."""
        if device_size > self.VECTOR_ABOVE:
            return None
        tiles, found = level.layer(layer), {}
        for tile in set(tiles[index] for index in indices):
            found[tile] = self.art.tile_pixmap(tile, device_size, dpr)
        return [found[tiles[index]] for index in indices]

    def ghost_pixmaps(self, level: EscapeLevel, indices, layer: int, device_size: int, dpr: float):
        """``paint_ghost``'s pixmaps for many cells (None where it draws nothing)."""
        tiles = level.layer(layer)
        if layer == NORMAL:
            found = {tile: self.art.faint_pixmap(tile, device_size, dpr) for tile in set(tiles[i] for i in indices)}
        else:
            background = getattr(self, "_bizarro_background", T.FLOOR)
            found = {tile: None if tile == background else self.art.inset_pixmap(tile, device_size, dpr)
                     for tile in set(tiles[i] for i in indices)}
        return [found[tiles[index]] for index in indices]

    def paint_entities(self, painter: QPainter, cell_rect, level: EscapeLevel, layer: int, device_size: int) -> None:
        """Bots (numbered from 1, as in the bots list) and the player; faint on the bizarro layer,
        where they do not stand but the designer still wants to see them."""
        painter.save()
        painter.setOpacity(1.0 if layer == NORMAL else 0.4)
        vector = device_size > self.VECTOR_ABOVE
        dpr = device_pixel_ratio(painter)
        for number, bot in enumerate(level.bots):
            rect = cell_rect(bot.cell)
            if vector:
                self.art.draw_bot(painter, rect, bot.kind, number + 1)
            else:
                blit(painter, rect, self.art.bot_pixmap(bot.kind, device_size, number + 1, dpr))
        rect = cell_rect(level.index(*level.player))
        if vector:
            self.art.draw_player(painter, rect)
        else:
            blit(painter, rect, self.art.player_pixmap(device_size, dpr))
        painter.restore()

    def entity_cells(self, level: EscapeLevel) -> list[int]:
        return [bot.cell for bot in level.bots] + [level.index(*level.player)]

    def item_pixmap(self, item, size: int) -> QPixmap:
        return self.art.item_pixmap(item.kind, item.value, size)

    def item_name(self, kind: str, value: int) -> str:
        if kind == "tile":
            return tile_name(value) if 0 <= value < NUM_TILES else f"Unknown tile {value}"
        if kind == "bot":
            return bot_name(value) if 0 <= value <= Bot.BOMB + 10 else f"Unknown bot {value}"
        return "Player start" if kind == "player" else f"{kind} {value}"

    def describe_cell(self, level: EscapeLevel, index: int) -> str:
        """E.g. "(3, 4) Panel -> (7, 2) | bizarro: Red block | bot 2: Dalek | player start"."""
        x, y = level.xy(index)
        tile, otile = level.tiles[index], level.otiles[index]
        parts = [f"({x}, {y}) {self.item_name('tile', tile)}"]
        if tile in LINKED_TILES or otile in LINKED_TILES:
            parts[0] += " -> ({}, {})".format(*level.xy(level.dests[index]))
        if otile != T.FLOOR:
            parts.append(f"bizarro: {self.item_name('tile', otile)}")
        number = level.bot_at(index)
        if number is not None:
            parts.append(f"bot {number + 1}: {self.item_name('bot', level.bots[number].kind)}")
        if level.index(*level.player) == index:
            parts.append("player start")
        return " | ".join(parts)


def make_cell_painter() -> EscapeCellPainter:
    """What the editor scene asks a game's view module for."""
    return EscapeCellPainter(default_art())


# ---------------------------------------------------------------------------
# the play-test board's painter (studio.core.playtest_adapter, "BoardPainter")
# ---------------------------------------------------------------------------

class EscapePlayPainter:
    """Draws an engine state (``engine.EscapeState``) on the play-test board, and the
    tween of a step: the player, bots and pushed blocks slide along their paths,
    a transporter blinks its passenger across, destroyed bots fade out."""

    # Past this many device pixels the whole tile layer is not cached as one pixmap.
    LAYER_CACHE_PIXELS = 16_000_000

    def __init__(self, art: EscapeArt | None = None):
        self.art = art or default_art()
        self._layers: OrderedDict[tuple, QPixmap] = OrderedDict()

    def board_rect(self, state) -> QRectF:
        return QRectF(0, 0, state.width * UNITS, state.height * UNITS)

    def cell_rect(self, state, cell: int) -> QRectF:
        return QRectF((cell % state.width) * UNITS, (cell // state.width) * UNITS, UNITS, UNITS)

    def _cell_xy_rect(self, x: float, y: float) -> QRectF:
        return QRectF(x * UNITS, y * UNITS, UNITS, UNITS)

    # -- the tiles ---------------------------------------------------------------
    def _tile_layer(self, state, size: int) -> QPixmap | None:
        if state.width * state.height * size * size > self.LAYER_CACHE_PIXELS:
            return None
        key = (state.tiles, state.width, size)
        layer = self._layers.get(key)
        if layer is None:
            layer = QPixmap(state.width * size, state.height * size)
            layer.fill(QColor("#000000"))
            p = QPainter(layer)
            for cell, tile in enumerate(state.tiles):
                p.drawPixmap((cell % state.width) * size, (cell // state.width) * size, self.art.tile_pixmap(tile, size))
            p.end()
            self._layers[key] = layer
            if len(self._layers) > 6:  # the states either side of the one shown, at a size or two
                self._layers.popitem(last=False)
        else:
            self._layers.move_to_end(key)
        return layer

    def _paint_tiles(self, painter: QPainter, state, size: int) -> None:
        layer = self._tile_layer(state, size)
        if layer is not None:
            blit(painter, self.board_rect(state), layer)
            return
        for cell, tile in enumerate(state.tiles):
            blit(painter, self.cell_rect(state, cell), self.art.tile_pixmap(tile, size))

    # -- sprites -------------------------------------------------------------------
    @staticmethod
    def _along(state, motion, progress: float) -> tuple[float, float]:
        """Where a sprite is, in cells, ``progress`` of the way along its motion's path."""
        path = motion.path
        steps = len(path) - 1
        if steps <= 0:
            return float(path[0] % state.width), float(path[0] // state.width)
        t = min(max(progress, 0.0), 1.0) * steps
        i = min(int(t), steps - 1)
        f = t - i
        a, b = path[i], path[i + 1]
        ax, ay, bx, by = a % state.width, a // state.width, b % state.width, b // state.width
        if i + 1 in motion.jumps:  # a transporter: no slide, the passenger blinks across
            return (float(ax), float(ay)) if f < 0.5 else (float(bx), float(by))
        return ax + (bx - ax) * f, ay + (by - ay) * f

    @staticmethod
    def _bot_art(kind: int, data: int) -> int:
        """A lit bomb is drawn with the fuse it has left."""
        return Bot.BOMB + data if kind >= Bot.BOMB and data >= 0 else kind

    def _paint_blast(self, painter: QPainter, rect: QRectF, strength: float) -> None:
        centre = rect.center()
        radius = rect.width() * (0.35 + 0.5 * strength)
        gradient = QRadialGradient(centre, radius)
        gradient.setColorAt(0.0, QColor(255, 250, 200, int(235 * strength)))
        gradient.setColorAt(0.4, QColor(255, 150, 40, int(200 * strength)))
        gradient.setColorAt(1.0, QColor(200, 40, 0, 0))
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(gradient))
        painter.drawEllipse(centre, radius, radius)
        painter.restore()

    def paint(self, painter: QPainter, state, frame, device_cell: int) -> None:
        from studio.games.escape.engine.state import EXPLODED

        size = max(4, int(device_cell))
        self._paint_tiles(painter, state, size)
        progress = frame.progress if frame is not None else 1.0
        motions = {}
        if frame is not None:
            for motion in frame.motions:
                if isinstance(motion.sprite, tuple) and motion.sprite[0] == "tile":
                    end = motion.path[-1]
                    if state.tiles[end] not in (T.FLOOR, T.ELECTRIC):
                        blit(painter, self.cell_rect(state, end), self.art.tile_pixmap(ground_under(state.flags[end]), size))
                    x, y = self._along(state, motion, progress)
                    blit(painter, self._cell_xy_rect(x, y), self.art.tile_pixmap(motion.sprite[1], size))
                else:
                    motions[motion.sprite] = motion
        before_bots = frame.report.before.bots if frame is not None else ()
        for number, (kind, cell, data) in enumerate(state.bots):
            motion = motions.get(("bot", number))
            x, y = self._along(state, motion, progress) if motion else (cell % state.width, cell // state.width)
            rect = self._cell_xy_rect(x, y)
            if kind >= 0:
                blit(painter, rect, self.art.bot_pixmap(self._bot_art(kind, data), size, number + 1))
            elif kind == EXPLODED:  # a bomb that went off this turn
                self._paint_blast(painter, self.cell_rect(state, cell), progress)
            elif frame is not None and number < len(before_bots) and before_bots[number][0] >= 0:
                old_kind, _, old_data = before_bots[number]
                painter.save()
                painter.setOpacity(max(0.0, 1.0 - progress))
                blit(painter, rect, self.art.bot_pixmap(self._bot_art(old_kind, old_data), size, number + 1))
                painter.restore()
        motion = motions.get("player")
        x, y = self._along(state, motion, progress) if motion else (state.player % state.width, state.player // state.width)
        blit(painter, self._cell_xy_rect(x, y), self.art.player_pixmap(size))

    def paint_outcome(self, painter: QPainter, state, outcome) -> None:
        """A dead player is struck through in red; a winner glows gold."""
        rect = self.cell_rect(state, state.player)
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        centre = rect.center()
        if state.dead:
            gradient = QRadialGradient(centre, UNITS * 0.75)
            gradient.setColorAt(0.0, QColor(255, 40, 30, 150))
            gradient.setColorAt(1.0, QColor(255, 40, 30, 0))
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(gradient))
            painter.drawEllipse(centre, UNITS * 0.75, UNITS * 0.75)
            inset = UNITS * 0.2
            for pen in (round_pen(QColor(0, 0, 0, 190), 5.5), round_pen("#ff3b30", 3.2)):
                painter.setPen(pen)
                painter.drawLine(QPointF(rect.left() + inset, rect.top() + inset), QPointF(rect.right() - inset, rect.bottom() - inset))
                painter.drawLine(QPointF(rect.right() - inset, rect.top() + inset), QPointF(rect.left() + inset, rect.bottom() - inset))
        elif state.won:
            gradient = QRadialGradient(centre, UNITS * 0.9)
            gradient.setColorAt(0.55, QColor(255, 214, 10, 0))
            gradient.setColorAt(0.75, QColor(255, 214, 10, 170))
            gradient.setColorAt(1.0, QColor(255, 214, 10, 0))
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(gradient))
            painter.drawEllipse(centre, UNITS * 0.9, UNITS * 0.9)
        painter.restore()


def make_play_painter() -> EscapePlayPainter:
    """The play-test's BoardPainter for Escape (see studio.core.playtest_adapter)."""
    return EscapePlayPainter(default_art())


def web_sprite(key: str, size: int) -> QImage:
    """The picture of a web player's sprite key (studio.games.escape.web_scene), ``size`` square."""
    art = default_art()
    if key == "player":
        return art.player_pixmap(size).toImage()
    kind, number = key[0], int(key[1:])
    if kind == "t":
        return art.tile_pixmap(number, size).toImage()
    if kind == "b":
        return art.bot_pixmap(number, size).toImage()
    raise ValueError(f"no Escape sprite {key!r}")
