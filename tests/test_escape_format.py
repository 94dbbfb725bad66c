"""Escape's RLE arrays and .esx level files: units, corpus conformance and properties."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.errors import LevelFormatError
from studio.games.escape import esx
from studio.games.escape.esx import encode_esx, implied_flags, load_esx, save_esx
from studio.games.escape.level import BotPlacement, EscapeLevel
from studio.games.escape.rle import BitReader, BitWriter, decode_rle, encode_rle, read_rle, write_rle
from studio.games.escape.tiles import NUM_TILES, T

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
LEVELS = CORPUS / "escape" / "levels"
LEVEL_FILES = sorted(LEVELS.glob("*/*.esx")) if LEVELS.is_dir() else []
# What the original refuses, and the rule each file breaks.
REFUSED = {
    "malformed/lev2641.esx": "bomb 2 precedes the non-bomb bot 3",
    "malformed/lev2642.esx": "bomb 2 precedes the non-bomb bot 3",
    "malformed/lev2643.esx": "share the cell",
    "malformed/lev2645.esx": "flags disagree with the tiles at cell (2, 6)",
    "malformed/lev2646.esx": "flags disagree with the tiles at cell (5, 2)",
    "malformed/lev2647.esx": "flags disagree with the tiles at cell (2, 1)",
    "mylevels/lev2.esx": "destination 237 of cell (0, 0) lies outside the level",
}


def level_id(path: Path) -> str:
    return path.relative_to(LEVELS).as_posix()


GOOD_FILES = [p for p in LEVEL_FILES if level_id(p) not in REFUSED]
BAD_FILES = [p for p in LEVEL_FILES if level_id(p) in REFUSED]


# -- RLE -----------------------------------------------------------------------------

def test_rle_decodes_a_real_solution():
    # A solution from the corpus: 3-bit values, and 3-bit counters given after the header byte.
    assert decode_rle(bytes.fromhex("c31c88b9d760"), 23) == [4] * 4 + [1] * 2 + [4] * 3 + [2] * 7 + [3] * 7


@pytest.mark.parametrize(
    "data, length, values",
    [
        (bytes([0x00, 0x05]), 5, [0] * 5),  # zero-width values
        (bytes([0x01, 0x03, 0x2A]), 3, [42] * 3),  # 8-bit values, 8-bit counters
        (bytes([0x01, 0x00, 0x02, 0x07, 0x09]), 2, [7, 9]),  # a literal stretch
        (bytes([0x02, 0x01, 0x01, 0x02]), 1, [0x0102]),  # 16-bit values
        (bytes([0x82, 0x04, 0b11000000]), 4, [3] * 4),  # 2-bit values
    ],
)
def test_rle_header_forms(data, length, values):
    assert decode_rle(data, length) == values


@pytest.mark.parametrize(
    "data, length, problem",
    [
        (bytes([0x05, 0x01, 0x00]), 1, "invalid header byte 0x05"),
        (bytes([0xA1, 0x01, 0, 0, 0, 0, 0]), 1, "33-bit values"),
        (bytes([0xC1, 0x00]), 1, "run counter of width 0"),
        (bytes([0x01, 0x00, 0x00]), 1, "literal stretch of length 0"),
        (bytes([0x01, 0x03, 0x07]), 2, "holds more than 2 values"),
        (bytes([0x01, 0x00, 0x03, 0x07]), 2, "holds more than 2 values"),
        (bytes([0x01, 0x02]), 2, "ends in the middle"),
        (bytes([0x01, 0x00, 0x02, 0x07]), 2, "ends in the middle"),
        (b"", 1, "ends in the middle"),
        (bytes([0xC1]), 1, "ends in the middle"),
    ],
)
def test_rle_errors_name_the_problem(data, length, problem):
    with pytest.raises(LevelFormatError, match=problem):
        decode_rle(data, length, "test array")


def _careful_decode(data: bytes, length: int):
    """What the careful reading alone makes of ``data``: the values, or the error's words."""
    from studio.games.escape import rle

    fast = rle._read_runs
    rle._read_runs = lambda *args: (None, 0)  # every array goes the careful way
    try:
        return decode_rle(data, length, "test array")
    except LevelFormatError as e:
        return str(e)
    finally:
        rle._read_runs = fast


def _decode_or_error(data: bytes, length: int):
    try:
        return decode_rle(data, length, "test array")
    except LevelFormatError as e:
        return str(e)


@settings(max_examples=600, deadline=None)
@given(st.binary(max_size=40), st.integers(0, 40))
def test_rle_fast_reading_agrees_with_the_careful_one_on_any_bytes(data, length):
    assert _decode_or_error(data, length) == _careful_decode(data, length)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4095), max_size=300), st.integers(0, 3))
def test_rle_fast_reading_agrees_on_encoded_arrays_and_their_damage(values, cut):
    data = encode_rle(values)
    assert _decode_or_error(data, len(values)) == values == _careful_decode(data, len(values))
    damaged = data[:len(data) - cut] if cut else data[:1] + bytes([data[-1] ^ 0x5A]) + data[1:]
    for length in (len(values), len(values) + 1, max(0, len(values) - 1)):
        assert _decode_or_error(damaged, length) == _careful_decode(damaged, length)


def test_rle_empty_array_is_just_a_header():
    assert encode_rle([]) == bytes([0x00])
    assert decode_rle(bytes([0x00]), 0) == []


def test_rle_encoding_is_compact():
    assert len(encode_rle([0] * 2048)) <= 6  # a handful of runs
    assert len(encode_rle([1] * 2048)) <= 6
    distinct = list(range(2048))
    assert len(encode_rle(distinct)) <= 2048 * 11 // 8 + 16  # 11-bit literals, little overhead
    mixed = [5] * 100 + list(range(40)) + [5] * 100
    assert decode_rle(encode_rle(mixed), len(mixed)) == mixed
    assert len(encode_rle(mixed)) < 50


def test_rle_reader_continues_at_the_next_byte():
    writer = BitWriter()
    write_rle(writer, [3, 3, 3, 1])
    writer.int32(-7)
    write_rle(writer, [9])
    reader = BitReader(writer.getvalue())
    assert read_rle(reader, 4) == [3, 3, 3, 1]
    assert reader.int32("number") == -7
    assert read_rle(reader, 1) == [9]
    assert reader.byte_offset == len(writer.getvalue())


def test_bit_reader_and_writer_agree():
    writer = BitWriter()
    fields = [(1, 1), (5, 17), (13, 4000), (32, 0xDEADBEEF), (3, 0), (64, 2**63 + 5), (7, 99)]
    for width, value in fields:
        writer.bits(width, value)
    reader = BitReader(writer.getvalue())
    assert [reader.bits(width) for width, _ in fields] == [value for _, value in fields]


@given(st.lists(st.one_of(st.integers(0, 3), st.integers(0, 2**32 - 1)), max_size=400), st.integers(1, 30))
def test_rle_round_trips(values, repeat):
    values = [v for v in values for _ in range(1 + v % repeat)]
    assert decode_rle(encode_rle(values), len(values)) == values


@given(st.binary(max_size=64), st.integers(0, 200))
def test_rle_never_crashes(data, length):
    try:
        values = decode_rle(data, length)
    except LevelFormatError:
        return
    assert len(values) == length


# -- building raw files, valid or not --------------------------------------------------

def raw_esx(width, height, tiles=None, otiles=None, dests=None, flags=None, bots=None,
            title=b"T", author=b"A", player=(0, 0), magic=b"ESXL") -> bytes:
    """An .esx file written field by field, with no checks, so tests can break any rule."""
    cells = width * height
    tiles = [0] * cells if tiles is None else tiles
    otiles = [0] * cells if otiles is None else otiles
    dests = [0] * cells if dests is None else dests
    if flags is None:  # what the tiles imply, counting tiles out of range as floor
        def valid(layer):
            return [t if 0 <= t < NUM_TILES else 0 for t in layer]
        flags = implied_flags(EscapeLevel(width, height, tiles=valid(tiles), otiles=valid(otiles)))
    writer = BitWriter()
    writer.raw(magic)
    writer.int32(width)
    writer.int32(height)
    for text in (title, author):
        writer.int32(len(text))
        writer.raw(text)
    writer.int32(player[0])
    writer.int32(player[1])
    for array in (tiles, otiles, dests, flags):
        write_rle(writer, array)
    if bots is not None:
        writer.int32(len(bots))
        write_rle(writer, [cell for cell, _ in bots])
        write_rle(writer, [kind for _, kind in bots])
    return writer.getvalue()


def test_a_raw_file_loads():
    level = load_esx(raw_esx(3, 2, tiles=[0, 1, 2, 3, 4, 5], title=b"Hi", author=b"Me", player=(2, 1),
                             bots=[(0, 1), (1, 5)]))
    assert (level.width, level.height, level.title, level.author, level.player) == (3, 2, "Hi", "Me", (2, 1))
    assert level.tiles == [0, 1, 2, 3, 4, 5]
    assert level.bots == [BotPlacement(0, 1), BotPlacement(1, 5)]


def test_a_file_may_end_before_the_bot_count():
    assert load_esx(raw_esx(2, 2)).bots == []


@pytest.mark.parametrize(
    "data, problem",
    [
        (raw_esx(2, 2, magic=b"ESXX"), "does not start with 'ESXL'"),
        (b"", "does not start with 'ESXL'"),
        (raw_esx(0, 5), "size 0x5 is outside 1..100"),
        (raw_esx(101, 1), "size 101x1 is outside 1..100"),
        (raw_esx(50, 50), "more than 2048 cells"),
        (raw_esx(2, 1, tiles=[0, 73]), r"tile value 73 at cell \(1, 0\) is outside 0..59"),
        (raw_esx(2, 1, otiles=[60, 0]), r"bizarro tile value 60 at cell \(0, 0\)"),
        (raw_esx(2, 2, dests=[0, 0, 4, 0]), r"destination 4 of cell \(0, 1\) lies outside the level"),
        (raw_esx(5, 3, flags=[0] * 9 + [1] + [0] * 5), r"flags disagree with the tiles at cell \(4, 1\)"),
        (raw_esx(2, 1, tiles=[0, int(T.BPANEL)], flags=[0, 1]), r"flags disagree .* \(1, 0\) \(stored 1, the tiles imply 5\)"),
        (raw_esx(2, 2, player=(2, 0)), r"player start \(2, 0\) lies outside"),
        (raw_esx(2, 2, player=(0, -1)), r"player start \(0, -1\) lies outside"),
        (raw_esx(2, 2, bots=[(0, 1), (1, 1), (2, 1), (9, 1)]), "bot 3 lies outside the level"),
        (raw_esx(2, 2, bots=[(0, 16)]), "bot 0 has type 16, outside 0..15"),
        (raw_esx(2, 2, bots=[(1, 1), (3, 2), (1, 0)]), r"bots 0 and 2 share the cell \(1, 0\)"),
        (raw_esx(2, 2, bots=[(0, 1), (1, 7), (2, 1)]), "bomb 1 precedes the non-bomb bot 2"),
        (raw_esx(5, 5, bots=[(i, 1) for i in range(16)]), "bot count 16 is outside 0..15"),
    ],
)
def test_corrupt_files_name_the_broken_rule(data, problem):
    with pytest.raises(LevelFormatError, match=problem):
        load_esx(data)


def test_lengths_past_the_end_are_refused():
    data = bytearray(raw_esx(2, 2, title=b"abc"))
    data[12:16] = (1000).to_bytes(4, "big")  # the title length
    with pytest.raises(LevelFormatError, match="title runs past the end"):
        load_esx(bytes(data))
    data[12:16] = (-1).to_bytes(4, "big", signed=True)
    with pytest.raises(LevelFormatError, match="title has a negative length"):
        load_esx(bytes(data))


def test_every_truncation_is_refused_except_before_the_bot_count():
    data = raw_esx(4, 3, tiles=list(range(12)), dests=[5] * 12, bots=[(1, 2), (3, 6)])
    without_bots = len(raw_esx(4, 3, tiles=list(range(12)), dests=[5] * 12))
    for length in range(len(data)):
        if length == without_bots:
            assert load_esx(data[:length]).bots == []
        else:
            with pytest.raises(LevelFormatError):
                load_esx(data[:length])


# -- saving ----------------------------------------------------------------------------

def test_saving_an_unchanged_level_returns_its_bytes_and_an_edit_does_not():
    data = raw_esx(3, 3, tiles=[1] * 9, title=b"Caf\xe9 \x01", bots=[(4, 2)])
    level = load_esx(data)
    assert level.title == "Caf\xe9 \x01"
    assert save_esx(level) is level.source
    copy = level.copy()
    assert save_esx(copy) == data
    copy.tiles[0] = int(T.EXIT)
    edited = save_esx(copy)
    assert edited != data
    assert load_esx(edited) == copy
    copy.tiles[0] = 1  # edited back: the original bytes again
    assert save_esx(copy) == data


def test_a_level_whose_source_is_garbage_is_encoded_afresh():
    level = EscapeLevel.blank(3, 2)
    level.source = b"not a level"
    assert load_esx(save_esx(level)) == level


def test_save_refuses_a_bomb_before_another_bot():
    level = EscapeLevel.blank(3, 1)
    level.bots = [BotPlacement(0, 5), BotPlacement(1, 1)]
    with pytest.raises(LevelFormatError, match="bomb 0 precedes the non-bomb bot 1"):
        save_esx(level)


@pytest.mark.parametrize(
    "change, problem",
    [
        (lambda level: setattr(level, "title", "snow \u2603"), "title holds '\u2603'"),
        (lambda level: setattr(level, "player", (5, 0)), "player start"),
        (lambda level: level.tiles.__setitem__(1, 60), "tile value 60"),
        (lambda level: level.dests.__setitem__(1, 9), "destination 9"),
        (lambda level: level.tiles.append(0), "tiles hold 7 cells, not 6"),
        (lambda level: setattr(level, "bots", [BotPlacement(i % 6, 1) for i in range(16)]), "at most 15"),
        (lambda level: setattr(level, "width", 0), "size 0x2"),
    ],
)
def test_save_refuses_what_escape_cannot_read(change, problem):
    level = EscapeLevel.blank(3, 2)
    change(level)
    with pytest.raises(LevelFormatError, match=problem):
        save_esx(level)


def test_implied_flags_follow_both_layers():
    level = EscapeLevel.blank(5, 1)
    level.tiles[:] = [T.PANEL, T.BPANEL, T.GPANEL, T.RPANEL, T.RED]
    level.otiles[:] = [T.RPANEL, T.FLOOR, T.PANEL, T.BPANEL, T.GPANEL]
    assert implied_flags(level) == [1 | 2 | 16 | 32, 1 | 4, 1 | 8 | 2, 1 | 4 | 8 | 2 | 16, 2 | 32]


# -- properties ------------------------------------------------------------------------

@st.composite
def levels(draw) -> EscapeLevel:
    text = st.text(st.characters(max_codepoint=255), max_size=30)
    if draw(st.integers(0, 4)) == 4:  # now and then as large as a level gets, filled at random
        width, height = draw(st.sampled_from([(100, 20), (45, 45), (64, 32), (1, 100)]))
        cells = width * height
        rnd = random.Random(draw(st.integers(0, 2**32)))  # much faster than st.randoms()
        spread = rnd.choice([2, 6, NUM_TILES])  # few kinds of tile make long runs
        tiles = [rnd.randrange(spread) for _ in range(cells)]
        otiles = [rnd.randrange(spread) for _ in range(cells)]
        dests = [rnd.randrange(cells) if rnd.random() < 0.1 else 0 for _ in range(cells)]
    else:
        width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
        cells = width * height
        tile = st.one_of(st.just(0), st.integers(0, NUM_TILES - 1))
        tiles = draw(st.lists(tile, min_size=cells, max_size=cells))
        otiles = draw(st.lists(tile, min_size=cells, max_size=cells))
        dests = draw(st.lists(st.one_of(st.just(0), st.integers(0, cells - 1)), min_size=cells, max_size=cells))
    bot_cells = draw(st.lists(st.integers(0, cells - 1), unique=True, max_size=min(15, cells)))
    kinds = draw(st.lists(st.integers(0, 15), min_size=len(bot_cells), max_size=len(bot_cells)))
    kinds.sort(key=lambda kind: kind >= 5)  # bombs last, as the format demands
    player = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    bots = [BotPlacement(c, k) for c, k in zip(bot_cells, kinds)]
    return EscapeLevel(width, height, draw(text), draw(text), player, tiles, otiles, dests, bots)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(levels())
def test_any_valid_level_round_trips(level):
    data = save_esx(level)
    loaded = load_esx(data)
    assert loaded == level
    assert save_esx(loaded) is loaded.source
    assert encode_esx(loaded) == data  # the encoder is deterministic


def _mutate(data: bytes, draw) -> bytes:
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["flip", "set", "cut", "insert", "delete"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if action == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif action == "set" and data:
            data[at] = draw(st.integers(0, 255))
        elif action == "cut":
            del data[at:]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif action == "delete":
            del data[at:at + draw(st.integers(1, 4))]
    return bytes(data)


def _load_or_refuse(data: bytes) -> None:
    try:
        level = load_esx(data)
    except LevelFormatError as error:
        assert str(error)
        return
    assert load_esx(save_esx(level)) == level


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_no_byte_string_crashes_the_loader(data):
    _load_or_refuse(data)
    _load_or_refuse(b"ESXL" + data)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(levels(), st.data())
def test_mutated_levels_never_crash_the_loader(level, data):
    _load_or_refuse(_mutate(encode_esx(level), data.draw))


@pytest.mark.skipif(not GOOD_FILES, reason="../shared/corpus is absent")
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LEVEL_FILES or [None]), st.data())
def test_mutated_corpus_levels_never_crash_the_loader(path, data):
    _load_or_refuse(_mutate(path.read_bytes(), data.draw))


# -- the corpus ------------------------------------------------------------------------

@pytest.mark.parametrize("path", GOOD_FILES, ids=level_id)
def test_corpus_level_loads_and_round_trips(path, corpus_dir):
    data = path.read_bytes()
    level = load_esx(data)
    assert level.source == data
    assert save_esx(level) == data  # unchanged: the very bytes
    fresh = level.copy()
    fresh.source = None
    encoded = save_esx(fresh)
    reloaded = load_esx(encoded)
    assert reloaded == level
    assert save_esx(reloaded) == encoded


@pytest.mark.parametrize("path", BAD_FILES, ids=level_id)
def test_corpus_level_is_refused_with_its_reason(path, corpus_dir):
    with pytest.raises(LevelFormatError, match=REFUSED[level_id(path)].replace("(", r"\(").replace(")", r"\)")):
        load_esx(path.read_bytes())


def test_corpus_has_the_files_we_expect(corpus_dir):
    names = {level_id(p) for p in LEVEL_FILES}
    assert set(REFUSED) <= names
    assert len(GOOD_FILES) > 100


def test_the_largest_corpus_level_loads_fast(corpus_dir):
    largest = max(LEVEL_FILES, key=lambda p: p.stat().st_size)
    data = largest.read_bytes()
    best = min(_time(lambda: esx.load_esx(data)) for _ in range(7))
    assert best < 0.010


def _time(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start
