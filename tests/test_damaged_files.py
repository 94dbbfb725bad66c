"""Property: no file crashes a reader. Real and bundled files of every format, damaged at
random (bytes flipped, inserted, deleted, lines repeated or swapped, numbers made huge or
Unicode, the file cut short), either load or are refused with the format's own
LevelFormatError, within a time and memory bound; a file that loads saves back as the very
same bytes.

About 3,000 examples in the ordinary run; ``--slow`` (or STUDIO_SLOW_TESTS=1) runs ten times
as many.
"""

from __future__ import annotations

import re
import time
import tracemalloc
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.games.escape.esp import loads as load_player_file
from tests.conftest import PROJECT_ROOT, corpus_path, slow_run

EXAMPLES = 600 * (10 if slow_run() else 1)  # per format
SECONDS = 2.0  # to read one damaged file (the largest real ones take milliseconds)
MEGABYTES = 64  # allocated at most while reading one

CORPUS = corpus_path()
LEVELS = PROJECT_ROOT / "levels"


def seeds(bundled: list[Path], corpus: list[str]) -> list[bytes]:
    """The bytes of the bundled files and, when the corpus is there, of its files."""
    found = list(bundled)
    if CORPUS is not None:
        for pattern in corpus:
            found += sorted(CORPUS.glob(pattern))
    return [path.read_bytes() for path in found]


def _format(game_id: str) -> tuple[Callable, Callable]:
    """A game's own reader and writer, as the studio uses them."""
    game = game_by_id(game_id)
    return game.load, game.save


# (format, seeds, load, save)
FORMATS: list[tuple[str, list[bytes], Callable, Callable]] = [
    ("escape .esx", seeds(sorted((LEVELS / "escape").glob("*.esx")), ["escape/levels/*/*.esx"]), *_format("escape")),
    ("escape .esp", seeds([LEVELS / "escape" / "solutions.esp"], ["escape/player.esp"]),
     load_player_file, lambda player: player.to_bytes()),
    ("chrono .txt", seeds(sorted((LEVELS / "chrono").glob("*.txt")), ["chrono/levels/*.txt"]), *_format("chrono")),
    ("laby .laby", seeds(sorted((LEVELS / "laby").glob("*.laby")), []), *_format("laby")),
    ("intricacy .lock", seeds(sorted((LEVELS / "intricacy").glob("*.lock")), []), *_format("intricacy")),
]

# -- damage ---------------------------------------------------------------------------------------

NUMBERS = re.compile(rb"[0-9]+")
STRANGE_NUMBERS = ["9" * 5000, "²", "٣", "-1", "1_000", "0" * 40 + "7", str(2**31), str(2**63)]


@st.composite
def damaged(draw, originals: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(originals)))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 4]))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "repeat line", "swap lines", "number", "cut",
                                     "digit", "blank", "line ends"]))
        at = draw(st.integers(0, len(data)))
        if kind == "digit":  # damage a file may survive: another number, spaces, other line ends
            digits = [i for i, byte in enumerate(data) if 48 <= byte <= 57]
            if digits:
                data[draw(st.sampled_from(digits))] = draw(st.integers(48, 57))
        elif kind == "blank":
            starts = [0] + [i + 1 for i, byte in enumerate(data) if byte == 10]
            where = draw(st.sampled_from(starts))
            data[where:where] = draw(st.sampled_from([b"\n", b" \n", b"# note\n", b"\t"]))
        elif kind == "line ends":
            data = bytearray(bytes(data).replace(b"\r\n", b"\n").replace(b"\n", draw(st.sampled_from([b"\n", b"\r\n"]))))
        elif kind == "flip" and data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16) | st.sampled_from(
                [b"\n", b"\r\n", b" ", b"\t", b"\x00", b"\xef\xbb\xbf", "é".encode(), b"<h1>"]))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 32))]
        elif kind in ("repeat line", "swap lines"):
            lines = bytes(data).split(b"\n")
            first, second = (draw(st.integers(0, len(lines) - 1)) for _ in range(2))
            if kind == "repeat line":
                lines.insert(second, lines[first])
            else:
                lines[first], lines[second] = lines[second], lines[first]
            data = bytearray(b"\n".join(lines))
        elif kind == "number":
            found = list(NUMBERS.finditer(bytes(data)))
            if found:
                match = draw(st.sampled_from(found))
                data[match.start():match.end()] = draw(st.sampled_from(STRANGE_NUMBERS)).encode()
        elif kind == "cut":
            del data[at:]
    return bytes(data)


def read_within_bounds(load: Callable, data: bytes):
    """``load(data)``: the level, or None when refused with LevelFormatError; fails past the bounds."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        level = load(data)
    except LevelFormatError:
        level = None
    finally:
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert seconds < SECONDS, f"{seconds:.1f} s to read {len(data)} bytes"
    assert peak < MEGABYTES << 20, f"{peak >> 20} MB to read {len(data)} bytes"
    return level


@pytest.mark.parametrize("name, originals, load, save", FORMATS, ids=[f[0] for f in FORMATS])
def test_a_damaged_file_loads_or_is_refused_with_the_formats_error(name, originals, load, save):
    assert originals, f"no {name} files to damage"

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(damaged(originals))
    def check(data: bytes) -> None:
        level = read_within_bounds(load, data)
        if level is not None:
            assert save(level) == data  # read and saved unchanged: the same bytes

    check()


@pytest.mark.parametrize("name, originals, load, save", FORMATS, ids=[f[0] for f in FORMATS])
def test_every_real_and_bundled_file_saves_as_the_same_bytes(name, originals, load, save):
    for data in originals:
        level = read_within_bounds(load, data)
        if level is not None:  # the corpus's malformed levels are refused
            assert save(level) == data


# Damage the property runs found once, kept so it stays handled.
FOUND = {
    "chrono .txt": [b"2D SuperFun!\n+++\n+S+\n+++\n\n\tnothing \n\nDescription: an indented 'nothing'\n"],
}


@pytest.mark.parametrize("name, data", [(name, data) for name, cases in FOUND.items() for data in cases])
def test_damage_found_before_is_still_handled(name, data):
    _, _, load, save = next(entry for entry in FORMATS if entry[0] == name)
    level = read_within_bounds(load, data)
    assert level is None or save(level) == data
