"""Escape's art: every tile, bot, bomb and the player draws something of its own, and
levels render to images of the right size (also through `studio render`)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from studio.commands import render
from studio.core.game import PaletteItem
from studio.games.escape.level import BIZARRO, BotPlacement, EscapeLevel
from studio.games.escape.tiles import MAX_FUSE, NUM_TILES, Bot, T
from studio.art.escape.view import EscapeArt, make_cell_painter, render_level

SIZE = 32
BOT_KINDS = [int(b) for b in (Bot.BROKEN, Bot.DALEK, Bot.HUGBOT, Bot.DALEK_ASLEEP, Bot.HUGBOT_ASLEEP)]
BOMBS = [Bot.BOMB + fuse for fuse in range(MAX_FUSE + 1)]


@pytest.fixture
def art(qapp) -> EscapeArt:
    return EscapeArt()


def image_bytes(image: QImage) -> bytes:
    image = image.convertToFormat(QImage.Format_ARGB32)
    return bytes(image.constBits())


def opaque_fraction(image: QImage) -> float:
    image = image.convertToFormat(QImage.Format_ARGB32)
    opaque = sum(1 for y in range(image.height()) for x in range(image.width()) if image.pixelColor(x, y).alpha() > 0)
    return opaque / (image.width() * image.height())


def test_every_tile_is_opaque_and_unlike_every_other_tile(art):
    pictures = {}
    for tile in range(NUM_TILES):
        image = art.tile_pixmap(tile, SIZE).toImage()
        assert (image.width(), image.height()) == (SIZE, SIZE)
        assert opaque_fraction(image) == 1.0, f"tile {tile} leaves holes"
        pictures[tile] = image_bytes(image)
    same = [(a, b) for a in pictures for b in pictures if a < b and pictures[a] == pictures[b]]
    assert same == []  # in particular, nothing but floor looks like floor


def test_every_bot_and_bomb_draws_something_of_its_own(art):
    floor = image_bytes(art.tile_pixmap(T.FLOOR, SIZE).toImage())
    pictures = {}
    for kind in BOT_KINDS + BOMBS:
        image = art.bot_pixmap(kind, SIZE).toImage()
        assert 0.1 < opaque_fraction(image) < 1.0, f"bot {kind} should stand on a transparent background"
        on_floor = art.item_pixmap("bot", kind, SIZE).toImage()
        assert image_bytes(on_floor) != floor
        pictures[kind] = image_bytes(image)
    assert len(set(pictures.values())) == len(pictures)


def test_player_and_order_badge_show(art):
    assert 0.1 < opaque_fraction(art.player_pixmap(SIZE).toImage()) < 1.0
    plain = image_bytes(art.bot_pixmap(Bot.DALEK, 48).toImage())
    numbered = image_bytes(art.bot_pixmap(Bot.DALEK, 48, order=3).toImage())
    assert plain != numbered


def test_pixmaps_are_cached_per_tile_and_size(art):
    assert art.tile_pixmap(T.RED, 24) is art.tile_pixmap(T.RED, 24)
    assert art.tile_pixmap(T.RED, 48).width() == 48
    assert art.tile_pixmap(T.RED, 48, dpr=2.0).width() == 96  # device pixels for a high-DPI screen


def test_drawing_is_vector_so_any_rect_works(art):
    image = QImage(100, 60, QImage.Format_ARGB32_Premultiplied)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    art.draw_tile(painter, QRectF(10, 10, 80, 40), T.GOLD)  # not square, not at the origin
    painter.end()
    assert image.pixelColor(0, 0) == QColor("#000000")
    assert image.pixelColor(50, 30) != QColor("#000000")


def small_level() -> EscapeLevel:
    level = EscapeLevel.blank(5, 3)
    level.tiles[1] = T.RED
    level.tiles[7] = T.EXIT
    level.otiles[1] = T.BLUE
    level.player = (0, 2)
    level.bots = [BotPlacement(3, Bot.DALEK), BotPlacement(13, Bot.BOMB + 4)]
    return level


def cell_image(image: QImage, x: int, y: int, scale: int) -> bytes:
    return image_bytes(image.copy(x * scale, y * scale, scale, scale))


def test_render_level_draws_tiles_bots_and_player(qapp):
    level = small_level()
    image = render_level(level, scale=20)
    assert (image.width(), image.height()) == (100, 60)
    floor_cell = cell_image(image, 4, 0, 20)
    for x, y in ((1, 0), (2, 1), (3, 0), (3, 2), (0, 2)):  # red, exit, dalek, bomb, player
        assert cell_image(image, x, y, 20) != floor_cell


def test_render_level_bizarro_layer_shows_its_own_tiles_and_no_entities(qapp):
    level = small_level()
    normal = render_level(level, layer="normal", scale=16)
    bizarro = render_level(level, layer="bizarro", scale=16)
    assert cell_image(bizarro, 1, 0, 16) != cell_image(normal, 1, 0, 16)  # blue there, red here
    floor_cell = cell_image(bizarro, 4, 0, 16)
    assert cell_image(bizarro, 3, 0, 16) == floor_cell  # the dalek stands on the normal layer only
    with_insets = render_level(level, layer="bizarro", scale=16, show_other_layer=True)
    assert cell_image(with_insets, 2, 1, 16) != cell_image(bizarro, 2, 1, 16)  # the exit, small, in a corner


def test_cell_painter_for_the_editor(qapp):
    level = small_level()
    painter_api = make_cell_painter()
    image = QImage(64, 32, QImage.Format_ARGB32_Premultiplied)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    painter_api.paint_cell(painter, QRectF(0, 0, 32, 32), level, 1, 0, 32)
    painter_api.paint_cell(painter, QRectF(32, 0, 32, 32), level, 1, BIZARRO, 32)
    painter.end()
    assert cell_image(image, 0, 0, 32) != cell_image(image, 1, 0, 32)
    assert sorted(painter_api.entity_cells(level)) == [3, 10, 13]
    assert painter_api.item_pixmap(PaletteItem("tile", T.GOLD, "Gold block", ""), 40).width() == 40
    assert painter_api.item_name("bot", Bot.BOMB + 7) == "Bomb (fuse 7)"
    assert painter_api.describe_cell(level, 1) == "(1, 0) Red block | bizarro: Blue block"
    assert painter_api.describe_cell(level, 3) == "(3, 0) Floor | bot 1: Dalek"


def run_render(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    render.add_arguments(parser)
    return render.run(parser.parse_args(argv))


def test_render_command_writes_a_png_of_a_corpus_level(qapp, corpus_dir, tmp_path):
    level_path = corpus_dir / "escape" / "levels" / "tutorial" / "lev151.esx"
    out = tmp_path / "lev151.png"
    assert run_render([str(level_path), "-o", str(out), "--scale", "10"]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    from studio.games.escape.esx import load_esx

    level = load_esx(level_path.read_bytes())
    assert (image.width(), image.height()) == (level.width * 10, level.height * 10)
    assert run_render([str(level_path), "-o", str(tmp_path / "b.png"), "--layer", "bizarro", "--other-layer"]) == 0


def test_render_command_refuses_a_bad_file_in_one_line(qapp, tmp_path, capsys):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"ESXL\x00")
    out = tmp_path / "out.png"
    assert run_render([str(broken), "-o", str(out)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(str(broken)) and error.count("\n") == 1
    assert not out.exists()
    assert run_render([str(tmp_path / "missing.esx"), "-o", str(out)]) == 1
    assert run_render([str(tmp_path / "level.unknown"), "-o", str(out)]) == 1


def test_render_command_runs_headless_without_an_application(corpus_dir, tmp_path):
    """In a fresh process with no display: the command makes its own offscreen application."""
    level_path = corpus_dir / "escape" / "levels" / "tutorial" / "lev151.esx"
    out = tmp_path / "headless.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    code = (
        "import argparse, sys\n"
        "from studio.commands import render\n"
        "p = argparse.ArgumentParser(); render.add_arguments(p)\n"
        "sys.exit(render.run(p.parse_args(sys.argv[1:])))\n"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run([sys.executable, "-c", code, str(level_path), "-o", str(out), "--json"],
                            cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert '"width"' in result.stdout
    assert not QImage(str(out)).isNull()
