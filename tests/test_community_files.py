"""The Community dock reads level files as every other reader does: regular files only,
within the game's cap, so a FIFO or device under a level's name never blocks it."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from studio.app.community.controller import _holds, level_bytes
from studio.core.game import game_by_id

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "escape" / "01-first-steps.esx"


@pytest.fixture
def fifo(tmp_path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "level.esx"
    os.mkfifo(path)
    return path


def test_a_download_is_compared_with_regular_files_only(tmp_path, fifo):
    data = LEVEL.read_bytes()
    same, other = tmp_path / "same.esx", tmp_path / "other.esx"
    same.write_bytes(data)
    other.write_bytes(data + b"x")
    assert _holds(same, data) and not _holds(other, data)
    started = time.monotonic()
    assert not _holds(fifo, data)
    assert time.monotonic() - started < 5


def test_an_upload_of_a_level_saved_as_a_fifo_sends_what_saving_would_write(fifo):
    game = game_by_id("escape")
    level = game.load(LEVEL.read_bytes())
    document = SimpleNamespace(path=fifo, is_modified=False, game=game, level=level)
    started = time.monotonic()
    assert level_bytes(document) == game.save(level)
    assert time.monotonic() - started < 5
