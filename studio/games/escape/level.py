"""The Escape level as pure data: what an .esx file holds, and what the editor edits.

Cells are indexed row-major, ``index = y * width + x``. The flags of the file
format are not stored: in a saved level they follow from the two tile layers
(see ``esx.implied_flags``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.core.errors import LevelLimitError
from studio.games.escape.tiles import MAX_BOTS, T, is_bomb

MAX_SIDE = 100
MAX_CELLS = 2048

NORMAL = 0
BIZARRO = 1
LAYER_NAMES = ("normal", "bizarro")


@dataclass(frozen=True)
class BotPlacement:
    cell: int
    kind: int  # bot type as stored: 0..4, or 5 + fuse for a bomb


@dataclass
class EscapeLevel:
    width: int
    height: int
    title: str = "Untitled"
    author: str = ""
    player: tuple[int, int] = (0, 0)
    tiles: list[int] = field(default_factory=list)
    otiles: list[int] = field(default_factory=list)
    dests: list[int] = field(default_factory=list)
    bots: list[BotPlacement] = field(default_factory=list)
    # The bytes this level was read from, so an unedited level saves unchanged.
    source: bytes | None = field(default=None, compare=False, repr=False)

    @classmethod
    def blank(cls, width: int, height: int, title: str = "Untitled", author: str = "") -> "EscapeLevel":
        check_size(width, height)
        n = width * height
        return cls(width, height, title, author, (0, 0), [int(T.FLOOR)] * n, [int(T.FLOOR)] * n, [0] * n, [])

    # -- geometry ------------------------------------------------------
    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def layer(self, layer: int) -> list[int]:
        return self.otiles if layer == BIZARRO else self.tiles

    # -- contents --------------------------------------------------------
    def bot_at(self, cell: int) -> int | None:
        """The bot order number (position in ``bots``) of the bot on a cell, or None."""
        for number, bot in enumerate(self.bots):
            if bot.cell == cell:
                return number
        return None

    def copy(self) -> "EscapeLevel":
        return EscapeLevel(
            self.width, self.height, self.title, self.author, self.player,
            list(self.tiles), list(self.otiles), list(self.dests), list(self.bots), self.source,
        )

    def bots_in_file_order(self) -> list[BotPlacement]:
        """Bombs after every other bot, as the format demands; otherwise the order is kept."""
        return [b for b in self.bots if not is_bomb(b.kind)] + [b for b in self.bots if is_bomb(b.kind)]


def check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise LevelLimitError(f"An Escape level is 1 to {MAX_SIDE} cells wide and high, not {width}x{height}.")
    if width * height > MAX_CELLS:
        raise LevelLimitError(
            f"An Escape level holds at most {MAX_CELLS} cells; {width}x{height} is {width * height}."
        )


def check_bot_count(count: int) -> None:
    if count > MAX_BOTS:
        raise LevelLimitError(f"An Escape level holds at most {MAX_BOTS} bots and bombs.")
