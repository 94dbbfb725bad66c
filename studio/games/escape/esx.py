"""Escape level files (.esx): read with every check the original makes, write compactly.

Player files key solutions by the MD5 of a level's bytes, so a level that
still equals what its source bytes decode to is saved as those very bytes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from studio.core.errors import LevelFormatError
from studio.games.escape.level import MAX_CELLS, MAX_SIDE, BotPlacement, EscapeLevel
from studio.games.escape.rle import BitReader, BitWriter, read_rle, write_rle
from studio.games.escape.tiles import MAX_BOTS, NUM_TILES, is_bomb, panel_flags

MAGIC = b"ESXL"
MAX_BOT_TYPE = 15
TEXT_ENCODING = "latin-1"  # maps every byte to one character and back, so any title round-trips

def implied_flags(level: EscapeLevel) -> list[int]:
    """The flags array an editor stores: panel bits and colours, as the two tile layers say."""
    return list(panel_flags(level.tiles, level.otiles))


# -- reading ---------------------------------------------------------------------

def load_esx(data: bytes, remember: bool = True) -> EscapeLevel:
    """Decode an .esx file; any rule it breaks raises LevelFormatError naming that rule.
    ``remember``: keep what it decodes to, so that saving the level unchanged writes these
    very bytes without decoding them again (pointless when it is only played)."""
    data = bytes(data)
    level = _decode(data)
    level.source = data
    if remember:
        _remember(level.source, level)
    return level


def _decode(data: bytes) -> EscapeLevel:
    if data[:4] != MAGIC:
        raise LevelFormatError("not an Escape level: the file does not start with 'ESXL'")
    reader = BitReader(data, 4)
    width = reader.int32("width")
    height = reader.int32("height")
    _check_size(width, height)
    title = reader.raw(reader.int32("title length"), "title")
    author = reader.raw(reader.int32("author length"), "author")
    player = (reader.int32("player start"), reader.int32("player start"))
    cells = width * height
    tiles = read_rle(reader, cells, "tile array")
    otiles = read_rle(reader, cells, "bizarro tile array")
    dests = read_rle(reader, cells, "destination array")
    flags = read_rle(reader, cells, "flags array")
    bots: list[BotPlacement] = []
    if reader.byte_offset < len(data):  # the bot count is optional
        count = reader.int32("bot count")
        if not 0 <= count <= MAX_BOTS:
            raise LevelFormatError(f"the bot count {count} is outside 0..{MAX_BOTS}")
        bot_cells = read_rle(reader, count, "bot cell array")
        bot_types = read_rle(reader, count, "bot type array")
        bots = [BotPlacement(cell, kind) for cell, kind in zip(bot_cells, bot_types)]

    level = EscapeLevel(
        width, height, title.decode(TEXT_ENCODING), author.decode(TEXT_ENCODING),
        player, tiles, otiles, dests, bots,
    )
    # The checks run in the order the format's list of corrupt files names them.
    _check_tiles(level)
    _check_dests(level)
    _check_flags(level, flags)
    _check_start(level)
    _check_bots(level)
    return level


# -- checks shared by reading and writing --------------------------------------------

def _check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise LevelFormatError(f"the size {width}x{height} is outside 1..{MAX_SIDE} per side")
    if width * height > MAX_CELLS:
        raise LevelFormatError(f"the size {width}x{height} has more than {MAX_CELLS} cells")


# byte -> 0 for a tile's value, 255 for any other: one C pass finds a bad value (a
# collection's verification loads thousands of levels)
_NOT_A_TILE = bytes(0 if value < NUM_TILES else 255 for value in range(256))


def _check_tiles(level: EscapeLevel) -> None:
    for name, layer in (("tile", level.tiles), ("bizarro tile", level.otiles)):
        try:
            bad = 255 in bytes(layer).translate(_NOT_A_TILE)
        except ValueError:  # a value outside 0..255
            bad = True
        if bad:
            cell = next(i for i, t in enumerate(layer) if not 0 <= t < NUM_TILES)
            raise LevelFormatError(
                f"{name} value {layer[cell]} at cell {level.xy(cell)} is outside 0..{NUM_TILES - 1}"
            )


def _check_dests(level: EscapeLevel) -> None:
    cells = len(level.dests)
    if min(level.dests) < 0 or max(level.dests) >= cells:
        cell = next(i for i, d in enumerate(level.dests) if not 0 <= d < cells)
        raise LevelFormatError(
            f"the destination {level.dests[cell]} of cell {level.xy(cell)} lies outside the level"
        )


def _check_flags(level: EscapeLevel, flags: list[int]) -> None:
    expected = implied_flags(level)
    if flags != expected:
        cell = next(i for i, (f, e) in enumerate(zip(flags, expected)) if f != e)
        raise LevelFormatError(
            f"the flags disagree with the tiles at cell {level.xy(cell)} "
            f"(stored {flags[cell]}, the tiles imply {expected[cell]})"
        )


def _check_start(level: EscapeLevel) -> None:
    x, y = level.player
    if not level.contains(x, y):
        raise LevelFormatError(f"the player start ({x}, {y}) lies outside the level")


def _check_bots(level: EscapeLevel) -> None:
    seen: dict[int, int] = {}
    first_bomb = None
    for number, bot in enumerate(level.bots):
        if not 0 <= bot.cell < level.width * level.height:
            raise LevelFormatError(f"bot {number} lies outside the level (cell {bot.cell})")
        if not 0 <= bot.kind <= MAX_BOT_TYPE:
            raise LevelFormatError(f"bot {number} has type {bot.kind}, outside 0..{MAX_BOT_TYPE}")
        if bot.cell in seen:
            raise LevelFormatError(
                f"bots {seen[bot.cell]} and {number} share the cell {level.xy(bot.cell)}"
            )
        seen[bot.cell] = number
        if is_bomb(bot.kind):
            first_bomb = number if first_bomb is None else first_bomb
        elif first_bomb is not None:
            raise LevelFormatError(f"bomb {first_bomb} precedes the non-bomb bot {number}")


def check_level(level: EscapeLevel) -> None:
    """Raise LevelFormatError if the level could not be written as a valid .esx file."""
    _check_size(level.width, level.height)
    cells = level.width * level.height
    for name in ("tiles", "otiles", "dests"):
        if len(getattr(level, name)) != cells:
            raise LevelFormatError(f"the level's {name} hold {len(getattr(level, name))} cells, not {cells}")
    _check_tiles(level)
    _check_dests(level)
    _check_start(level)
    if len(level.bots) > MAX_BOTS:
        raise LevelFormatError(f"the level has {len(level.bots)} bots; at most {MAX_BOTS} fit")
    _check_bots(level)


# -- writing ---------------------------------------------------------------------

def save_esx(level: EscapeLevel) -> bytes:
    """The file for a level: its source bytes if it is unchanged since loading, else a fresh encoding."""
    if level.source is not None and _snapshot(level) == _source_snapshot(level.source):
        return level.source
    return encode_esx(level)


def encode_esx(level: EscapeLevel) -> bytes:
    """A fresh encoding of the level, ignoring its source bytes.

    A bomb before a non-bomb is refused rather than reordered: bot order decides
    who moves first, so silently reordering would save a level that plays
    differently from the one on screen.
    """
    check_level(level)
    writer = BitWriter()
    writer.raw(MAGIC)
    writer.int32(level.width)
    writer.int32(level.height)
    for name, text in (("title", level.title), ("author", level.author)):
        encoded = _encode_text(name, text)
        writer.int32(len(encoded))
        writer.raw(encoded)
    writer.int32(level.player[0])
    writer.int32(level.player[1])
    write_rle(writer, [int(t) for t in level.tiles])
    write_rle(writer, [int(t) for t in level.otiles])
    write_rle(writer, [int(d) for d in level.dests])
    write_rle(writer, implied_flags(level))
    if not level.bots:
        return writer.getvalue()  # the bot count is optional; Escape's own levels often omit it
    writer.int32(len(level.bots))
    write_rle(writer, [bot.cell for bot in level.bots])
    write_rle(writer, [bot.kind for bot in level.bots])
    return writer.getvalue()


def _encode_text(name: str, text: str) -> bytes:
    try:
        return text.encode(TEXT_ENCODING)
    except UnicodeEncodeError as error:
        bad = text[error.start]
        raise LevelFormatError(f"the {name} holds {bad!r}, a character Escape files cannot store") from None


# -- the unchanged-level cache ---------------------------------------------------------
# Snapshots of what recently seen source bytes decode to, so save_esx compares
# instead of decoding again. Snapshots are tuples: later edits cannot alter them.

_CACHE_SIZE = 64
_snapshots: OrderedDict[bytes, tuple | None] = OrderedDict()
_snapshots_lock = threading.Lock()  # levels may be loaded from worker threads


def _snapshot(level: EscapeLevel) -> tuple:
    return (
        level.width, level.height, level.title, level.author, tuple(level.player),
        tuple(level.tiles), tuple(level.otiles), tuple(level.dests), tuple(level.bots),
    )


def _remember(source: bytes, level: EscapeLevel | None) -> tuple | None:
    snapshot = None if level is None else _snapshot(level)
    with _snapshots_lock:
        _snapshots[source] = snapshot
        _snapshots.move_to_end(source)
        while len(_snapshots) > _CACHE_SIZE:
            _snapshots.popitem(last=False)
    return snapshot


def _source_snapshot(source: bytes) -> tuple | None:
    with _snapshots_lock:
        if source in _snapshots:
            _snapshots.move_to_end(source)
            return _snapshots[source]
    try:
        return _remember(source, _decode(source))
    except LevelFormatError:  # source bytes that do not decode: the level counts as changed
        return _remember(source, None)
