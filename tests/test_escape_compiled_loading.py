"""The compiled engine's reading of level files (studio/games/escape/compiled/reading.py and
loading.py) held to the Python loader it stands in for: rle.read_rle, esx.load_esx,
engine.initial_state and compiled_player's packing. On every corpus and random level, on
whatever write_rle writes, on random and damaged bytes: what the compiled reading takes is
what the Python reading gives, and what it leaves (None) the Python reading decides. Then
FilePlays, the verdicts of a file loaded so. Skipped without numba or with
STUDIO_PURE_PYTHON set; the corpus tests without the corpus."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.escape_corpus import ESCAPE, FUZZ, corpus_present, fuzz_present, solution_records
from tests.test_escape_compiled import NO_CORPUS, compiled_usable, moves_of

pytestmark = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON is "
                                "set: there is no compiled engine to test")
needs_corpus = pytest.mark.skipif(not corpus_present(), reason=NO_CORPUS)


def corpus_files() -> list[Path]:
    files = sorted((ESCAPE / "levels").glob("*/*.esx")) if corpus_present() else []
    return files + (sorted((FUZZ / "levels").glob("*.esx")) if fuzz_present() else [])


@pytest.fixture(scope="module")
def engine():
    """The compiled engine started in this process; afterwards the process is as before (its
    ``play_solutions`` back to the reference), for the other test modules."""
    from studio.games.escape import compiled

    saved = compiled._started
    assert compiled.start_engine()
    yield compiled
    compiled._started = saved


def python_read(data: bytes, length: int):
    """rle.read_rle: (values, bit position after) or the LevelFormatError."""
    from studio.core.errors import LevelFormatError
    from studio.games.escape import rle

    reader = rle.BitReader(data)
    try:
        return rle.read_rle(reader, length), reader.pos
    except LevelFormatError as e:
        return e


def compiled_read(data: bytes, byte_offset: int, length: int):
    """reading.decode_runs: (values, bit position after, at the next byte as read_rle leaves
    its reader), or None for an array it leaves to the Python reading."""
    import numpy as np

    from studio.games.escape.compiled.reading import decode_runs

    values = np.empty(length, dtype=np.int64)
    stop = decode_runs(np.frombuffer(data, dtype=np.uint8), byte_offset, values)
    return None if stop < 0 else (values.tolist(), (stop + 7) & ~7)


def load_or_error(data: bytes):
    from studio.core.errors import LevelFormatError
    from studio.games.escape.esx import load_esx

    try:
        return load_esx(data, remember=False)
    except LevelFormatError as e:
        return str(e)


# --- the array reader (reading.py) ---------------------------------------------------------------

def arrays():
    """Values of one bit width (0 to 32), often in runs, as a level's layers are."""
    def of_width(bits: int):
        value = st.integers(0, (1 << bits) - 1)
        runs = st.lists(st.tuples(value, st.integers(1, 40)), max_size=30)
        return runs.map(lambda pairs: [v for v, count in pairs for _ in range(count)])
    return st.integers(0, 32).flatmap(of_width)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=arrays(), offset=st.integers(0, 3))
def test_the_compiled_reader_decodes_what_write_rle_writes(engine, values, offset):
    from studio.games.escape import rle

    writer = rle.BitWriter()
    rle.write_rle(writer, values)
    data = bytes(range(offset)) + writer.getvalue() + b"\x00\x07"  # (bytes before and after it)
    got = compiled_read(data, offset, len(values))
    assert got is not None, "a well-formed array was left to the Python reading"
    want = python_read(data[offset:], len(values))
    assert got == (want[0], want[1] + 8 * offset)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=48), length=st.integers(0, 120))
def test_the_compiled_reader_takes_nothing_the_python_reading_refuses(engine, data, length):
    got = compiled_read(data, 0, length)
    want = python_read(data, length)
    if got is not None:
        assert not isinstance(want, Exception), f"taken, but the Python reading says: {want}"
        assert got == want


# --- loading a whole file ---------------------------------------------------------------------------

def packed_by_reference(engine, data: bytes):
    """The arrays compiled_player packs from load_esx and initial_state (or the error)."""
    from studio.games.escape.engine import initial_state

    level = load_or_error(data)
    if isinstance(level, str):
        return level
    made = []
    real = engine._player_of
    engine._player_of = lambda *arrays: made.append(arrays)
    try:
        engine.compiled_player(initial_state(level))
    finally:
        engine._player_of = real
    return made[0]


def same_arrays(got, want) -> bool:
    return all(a.dtype == b.dtype and a.shape == b.shape and (a == b).all() for a, b in zip(got, want))


@needs_corpus
def test_every_corpus_level_loads_to_the_start_the_reference_packs(engine):
    taken = 0
    for path in corpus_files():
        data = path.read_bytes()
        want, got = packed_by_reference(engine, data), engine._load_start(data)
        if isinstance(want, str):
            assert got is None, f"{path}: taken, but load_esx says: {want}"
            continue
        assert got is not None, f"{path}: a level load_esx takes was left to it (every real one is plain)"
        assert same_arrays(got, want), f"{path}: the compiled loading packs another start"
        taken += 1
    assert taken > 600


@needs_corpus
def test_damaged_copies_are_taken_only_as_load_esx_takes_them(engine):
    # Bits flipped, bytes set, files cut short or lengthened, at random over every corpus
    # level: a copy is refused by both, taken by both with the same start, or left to
    # load_esx (never taken where load_esx refuses it).
    rng = random.Random(20)
    taken = refused = 0
    for path in corpus_files():
        original = path.read_bytes()
        for _ in range(6):
            data = bytearray(original)
            kind = rng.randrange(4)
            if kind == 0:
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            elif kind == 1:
                data[rng.randrange(len(data))] = rng.randrange(256)
            elif kind == 2:
                del data[rng.randrange(len(data)):]
            else:
                data += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
            data = bytes(data)
            got, want = engine._load_start(data), packed_by_reference(engine, data)
            if got is None:
                refused += isinstance(want, str)
                continue
            assert not isinstance(want, str), f"{path}: a damaged copy was taken, but load_esx says: {want}"
            assert same_arrays(got, want), f"{path}: a damaged copy loads to another start"
            taken += 1
    assert taken > 1000 and refused > 1000  # (both kinds were met)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200).map(lambda tail: b"ESXL" + tail))
def test_random_bytes_after_the_magic_are_never_taken_where_load_esx_refuses(engine, data):
    got, want = engine._load_start(data), packed_by_reference(engine, data)
    if got is not None:
        assert not isinstance(want, str), want
        assert same_arrays(got, want)


def test_file_player_is_none_before_the_engine_starts(monkeypatch, engine):
    from studio.games.escape.esx import encode_esx
    from studio.games.escape.level import EscapeLevel

    data = encode_esx(EscapeLevel.blank(3, 2))
    assert engine.file_player(data) is not None
    monkeypatch.setattr(engine, "_started", False)
    assert engine.file_player(data) is None
    monkeypatch.setattr(engine, "_started", True)
    assert engine.file_player(b"ESXL not a level") is None


# --- FilePlays: the verdicts of a file loaded by the compiled engine --------------------------------

@needs_corpus
def test_levels_verified_in_a_process_with_the_engine_give_the_originals_verdicts(engine):
    from studio.core.verifying import Deferred
    from studio.games.escape.verify import FilePlays, prepare_level

    player_file = str(ESCAPE / "player.esp")
    got = {}
    for level in sorted({record["level"] for record in solution_records()}):
        item = prepare_level(str(ESCAPE / level), player_file)
        if isinstance(item, Deferred):
            assert isinstance(item.play, FilePlays), f"{level} was not loaded by the compiled engine"
            item = item.finish()
        got.update({(r["md5"], r["index"]): (r["verdict"], r["moves"]) for r in item})
    assert got == {(r["md5"], r["index"]): ("error", None) if r["verdict"] == "badlevel"
                   else (r["verdict"], r["moves"]) for r in solution_records()}


@needs_corpus
def test_a_solution_the_compiled_engine_hands_back_is_played_on_the_reference(engine):
    from studio.games.escape.engine import initial_state, play_solution
    from studio.games.escape.verify import prepare_level

    record = next(r for r in solution_records() if r["verdict"] == "won")
    moves = moves_of(record)
    odd = moves[:1] + (300,) + moves[1:]  # (a move outside a byte: the compiled engine gives it back)
    path = ESCAPE / record["level"]
    (got,) = prepare_level(str(path), moves=odd).finish()
    want = play_solution(initial_state(load_or_error(path.read_bytes())), odd)
    assert (got["verdict"], got["moves"]) == (want.verdict, want.moves) == ("won", len(moves) + 1)
