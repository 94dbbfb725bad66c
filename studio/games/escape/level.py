"""The Escape level as pure data: what an .esx file holds, and what the editor edits.

Cells are indexed row-major, ``index = y * width + x``. The flags of the file
format are not stored: in a saved level they follow from the two tile layers
(see ``esx.implied_flags``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.core.errors import LevelLimitError
from studio.games.escape.tiles import LINKED_TILES, MAX_BOTS, T, is_bomb
from studio.games.escape.turning import turned_tile

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

    def entity_kind_at(self, cell: int) -> tuple[str, int] | None:
        """For the eyedropper: the palette kind and value of the bot on a cell."""
        number = self.bot_at(cell)
        return None if number is None else ("bot", self.bots[number].kind)

    def copy(self) -> "EscapeLevel":
        return EscapeLevel(
            self.width, self.height, self.title, self.author, self.player,
            list(self.tiles), list(self.otiles), list(self.dests), list(self.bots), self.source,
        )

    # -- the editing protocol (studio.core.grid.EditableGrid) --------------------
    # A cell's bundle is everything a cell holds that moves with it when a
    # selection is moved or copied: its tile on each layer and its destination.
    layer_count = 2
    layer_names = LAYER_NAMES
    empty_value = int(T.FLOOR)  # what the eraser paints
    link_source_hint = "Only a panel, transporter or remote has a destination: click one first."

    def empty_bundle(self) -> tuple[int, int, int]:
        return (int(T.FLOOR), int(T.FLOOR), 0)

    def cell_bundle(self, index: int) -> tuple[int, int, int]:
        return (self.tiles[index], self.otiles[index], self.dests[index])

    def set_cell_bundle(self, index: int, bundle: tuple[int, int, int]) -> None:
        self.tiles[index], self.otiles[index], self.dests[index] = bundle

    def bundle_with_value(self, bundle: tuple[int, int, int], layer: int, value: int) -> tuple[int, int, int]:
        tile, otile, dest = bundle
        return (tile, value, dest) if layer == BIZARRO else (value, otile, dest)

    def transformed_bundle(self, bundle: tuple[int, int, int], transform: str) -> tuple[int, int, int]:
        """The cell's tiles turned as the selection holding them is flipped or rotated (an
        arrow turns with it; see turning.py); the editor moves the destination itself."""
        tile, otile, dest = bundle
        return (turned_tile(tile, transform), turned_tile(otile, transform), dest)

    def bundle_value(self, bundle: tuple[int, int, int], layer: int) -> int:
        return bundle[1] if layer == BIZARRO else bundle[0]

    def bundle_with_link(self, bundle: tuple[int, int, int], target: int) -> tuple[int, int, int]:
        return (bundle[0], bundle[1], target)

    def bundle_link(self, bundle: tuple[int, int, int]) -> int | None:
        if bundle[0] in LINKED_TILES or bundle[1] in LINKED_TILES:
            return bundle[2]
        return None

    def entity_state(self) -> tuple:
        return (self.player, tuple(self.bots))

    def set_entity_state(self, state: tuple) -> None:
        self.player, bots = state
        self.bots = list(bots)

    # Entities (the player and the bots) change through whole new entity states,
    # so one undo command serves every entity edit.
    def entities_with_player(self, cell: int) -> tuple:
        return (self.xy(cell), tuple(self.bots))

    def entities_with_bot(self, cell: int, kind: int) -> tuple:
        """Place a bot (or replace the kind of the one there); bombs go after the other bots."""
        return self.entities_with([(cell, kind)])

    def entities_with(self, placements: list[tuple[int, int]]) -> tuple:
        """Entities with bots of the given kinds placed on the given cells (replacing any there)."""
        bots = list(self.bots)
        for cell, kind in placements:
            number = next((n for n, bot in enumerate(bots) if bot.cell == cell), None)
            if number is not None:
                bots[number] = BotPlacement(cell, kind)
            else:
                bots.append(BotPlacement(cell, kind))
        check_bot_count(len(bots))
        return (self.player, tuple(_bombs_last(bots)))

    def entities_without_bot(self, cell: int) -> tuple:
        return self.entities_without({cell})

    def entities_without(self, cells: set[int]) -> tuple:
        """Entities with the bots on the given cells removed (the player start stays)."""
        return (self.player, tuple(b for b in self.bots if b.cell not in cells))

    def entities_with_bot_number(self, cell: int, number: int) -> tuple:
        """Give the bot on a cell a new place in the bot order (bombs still after the others)."""
        current = self.bot_at(cell)
        bots = list(self.bots)
        if current is None:
            return self.entity_state()
        bot = bots.pop(current)
        bots.insert(max(0, min(number, len(bots))), bot)
        return (self.player, tuple(_bombs_last(bots)))

    def entities_after_move(self, moves: dict[int, int]) -> tuple:
        """Entities when the cells ``moves`` maps from are moved onto the cells it maps to.

        Bots on a source move along; bots already on a target that is overwritten go.
        """
        sources = set(moves)
        bots = []
        for bot in self.bots:
            if bot.cell in sources:
                bots.append(BotPlacement(moves[bot.cell], bot.kind))
            elif bot.cell not in moves.values():
                bots.append(bot)
        player = self.player
        player_cell = self.index(*player)
        if player_cell in sources:
            player = self.xy(moves[player_cell])
        return (player, tuple(bots))

    def properties(self) -> dict[str, object]:
        return {"title": self.title, "author": self.author}

    def set_properties(self, values: dict[str, object]) -> None:
        for name, value in values.items():
            if name not in ("title", "author"):
                raise KeyError(name)
            setattr(self, name, str(value))

    def resized(self, width: int, height: int, left: int = 0, top: int = 0) -> "EscapeLevel":
        """A copy of the level resized with its old top-left cell at (left, top) of the new one
        (0, 0: the top-left corner kept); what falls outside is dropped."""
        check_size(width, height)
        new = EscapeLevel.blank(width, height, self.title, self.author)

        def moved(index: int) -> int | None:
            x, y = self.xy(index)
            x, y = x + left, y + top
            return y * width + x if 0 <= x < width and 0 <= y < height else None

        for index in range(self.width * self.height):
            target = moved(index)
            if target is None:
                continue
            tile, otile, dest = self.cell_bundle(index)
            new_dest = moved(dest)
            new.tiles[target], new.otiles[target], new.dests[target] = tile, otile, new_dest if new_dest is not None else 0
        new.bots = [BotPlacement(moved(b.cell), b.kind) for b in self.bots if moved(b.cell) is not None]
        px, py = self.player[0] + left, self.player[1] + top
        new.player = (px, py) if new.contains(px, py) else (0, 0)
        return new


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


def _bombs_last(bots: list[BotPlacement]) -> list[BotPlacement]:
    return [b for b in bots if not is_bomb(b.kind)] + [b for b in bots if is_bomb(b.kind)]
