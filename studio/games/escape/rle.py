"""Escape's bit streams and run-length encoded integer arrays (docs/escape-formats.md).

An array starts with a header byte giving the bit width of its values (and
perhaps the width ``F`` of its run counters); then runs (a count and one
value) and literal stretches (a zero, a count, then that many values) until
the array is full. The writer looks for the cheapest such encoding.
"""

from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

from studio.core.errors import LevelFormatError

MAX_VALUE_BITS = 32  # the original engine keeps values in 32-bit integers
DEFAULT_FRAME_BITS = 8


class BitReader:
    """Reads big-endian fields, most significant bit first, from a byte string."""

    def __init__(self, data: bytes, byte_offset: int = 0):
        self.data = data
        self.pos = byte_offset * 8  # in bits
        self.end = len(data) * 8

    @property
    def byte_offset(self) -> int:
        return self.pos >> 3

    def bits(self, count: int, what: str = "data") -> int:
        if count == 0:
            return 0
        start = self.pos
        stop = start + count
        if stop > self.end:
            raise LevelFormatError(f"the file ends in the middle of the {what}")
        self.pos = stop
        first = start >> 3
        last = (stop + 7) >> 3
        chunk = int.from_bytes(self.data[first:last], "big")
        return (chunk >> ((last << 3) - stop)) & ((1 << count) - 1)

    def bit_text(self, max_bits: int) -> str:
        """The next bits (at most ``max_bits``, from a byte boundary) as '0'/'1' characters.

        Slicing this and calling ``int(..., 2)`` is several times faster than
        bit arithmetic in Python; the cap keeps a huge file from being expanded.
        """
        first = self.pos >> 3
        chunk = self.data[first:first + (max_bits + 7) // 8]
        return format(int.from_bytes(chunk, "big"), f"0{len(chunk) * 8}b") if chunk else ""

    def align(self) -> None:
        self.pos = (self.pos + 7) & ~7

    def int32(self, what: str) -> int:
        """A signed big-endian 32-bit integer at a byte boundary."""
        self.align()
        value = self.bits(32, what)
        return value - (1 << 32) if value & 0x80000000 else value

    def raw(self, length: int, what: str) -> bytes:
        self.align()
        first = self.pos >> 3
        if length < 0:
            raise LevelFormatError(f"the {what} has a negative length ({length})")
        if first + length > len(self.data):
            raise LevelFormatError(f"the {what} runs past the end of the file")
        self.pos += length * 8
        return self.data[first:first + length]


class BitWriter:
    """Collects fields most significant bit first; whole bytes move to a bytearray."""

    def __init__(self):
        self.out = bytearray()
        self.pending = 0  # bits not yet flushed
        self.pending_bits = 0

    def bits(self, count: int, value: int) -> None:
        self.pending = (self.pending << count) | value
        self.pending_bits += count
        if self.pending_bits >= 64:
            spare = self.pending_bits & 7
            self.out += (self.pending >> spare).to_bytes(self.pending_bits >> 3, "big")
            self.pending &= (1 << spare) - 1
            self.pending_bits = spare

    def align(self) -> None:
        self.bits(-self.pending_bits % 8, 0)

    def int32(self, value: int) -> None:
        self.align()
        self.bits(32, value & 0xFFFFFFFF)

    def raw(self, data: bytes) -> None:
        self.align()
        self.bits(len(data) * 8, int.from_bytes(data, "big"))

    def getvalue(self) -> bytes:
        self.align()
        return bytes(self.out) + self.pending.to_bytes(self.pending_bits >> 3, "big")


# -- decoding ------------------------------------------------------------------

def read_rle(reader: BitReader, length: int, what: str = "array") -> list[int]:
    """Decode one RLE array of ``length`` values; the reader ends at the next byte boundary."""
    reader.align()
    # Worst case per value: a run of one (31 + 32 bits) or a literal stretch of one (62 + 32).
    text = reader.bit_text(13 + length * (2 * 31 + MAX_VALUE_BITS))
    base, end = reader.pos, len(text)
    if end < 8:
        raise LevelFormatError(f"the file ends in the middle of the {what} header")
    header = int(text[:8], 2)
    pos = 8
    if header & 0x80:
        value_bits = header & 0x3F
        frame_bits = DEFAULT_FRAME_BITS
        if header & 0x40:
            if end < 13:
                raise LevelFormatError(f"the file ends in the middle of the {what} header")
            frame_bits = int(text[8:13], 2)
            pos = 13
    elif header <= 4:
        value_bits = 8 * header
        frame_bits = DEFAULT_FRAME_BITS
    else:
        raise LevelFormatError(f"the {what} has an invalid header byte 0x{header:02x}")
    if value_bits > MAX_VALUE_BITS:
        raise LevelFormatError(f"the {what} has {value_bits}-bit values (at most {MAX_VALUE_BITS})")

    values, stop = _read_runs(text, pos, length, frame_bits, value_bits)
    if values is None:  # something is wrong: find out what, as the careful reading says it
        values, stop = _read_runs_checked(text, pos, length, frame_bits, value_bits, what)
    reader.pos = base + stop
    reader.align()
    return values


class _Numerals(dict):
    """Binary numerals of one width ('0'/'1' strings) -> their values: looked up when
    narrow (prefilled; a lookup is about twice as fast as ``int(text, 2)``), else computed."""

    def __missing__(self, numeral: str) -> int:
        return int(numeral, 2)  # (an empty numeral raises ValueError, as the reading wants)


@lru_cache(maxsize=None)
def _numerals(bits: int) -> _Numerals:
    table = _Numerals()
    if bits <= 12:
        table.update((format(value, f"0{bits}b"), value) for value in range(1 << bits))
    return table


@lru_cache(maxsize=None)
def _split_numerals(bits: int):
    """A function cutting a '0'/'1' string into numerals of ``bits`` characters (at C speed)."""
    return re.compile(f".{{{bits}}}").findall


def _read_runs(text: str, pos: int, length: int, frame_bits: int, value_bits: int):
    """The runs of a well-formed array (values, and the bit position after them), or
    (None, 0) for any other: the fast reading, with no check in the loop. Reading past
    ``text`` yields an empty numeral (which raises ValueError), too few values, or a
    position beyond the end."""
    if not frame_bits or not value_bits:
        return None, 0
    counters, numerals, split = _numerals(frame_bits), _numerals(value_bits), _split_numerals(value_bits)
    values: list[int] = []
    filled = 0
    try:
        while filled < length:
            stop = pos + frame_bits
            run = counters[text[pos:stop]]
            if run:
                filled += run
                if filled > length:  # (before a huge run is built)
                    return None, 0
                pos = stop + value_bits
                values += [numerals[text[stop:pos]]] * run
            else:
                pos = stop + frame_bits
                count = counters[text[stop:pos]]
                filled += count
                if not count or filled > length:
                    return None, 0
                stop = pos + count * value_bits
                values += map(numerals.__getitem__, split(text[pos:stop]))
                pos = stop
    except ValueError:
        return None, 0
    if pos > len(text) or len(values) != length:
        return None, 0
    return values, pos


def _read_runs_checked(text: str, pos: int, length: int, frame_bits: int, value_bits: int, what: str):
    """The runs read with every check, raising the first rule the array breaks."""
    end = len(text)
    values: list[int] = []
    while len(values) < length:
        if frame_bits == 0:
            raise LevelFormatError(f"the {what} has a run counter of width 0")
        if pos + frame_bits > end:
            raise LevelFormatError(f"the file ends in the middle of the {what}")
        run = int(text[pos:pos + frame_bits], 2)
        pos += frame_bits
        if run:
            count, stored = run, 1  # one value, repeated
        else:
            if pos + frame_bits > end:
                raise LevelFormatError(f"the file ends in the middle of the {what}")
            count = stored = int(text[pos:pos + frame_bits], 2)
            pos += frame_bits
            if count == 0:
                raise LevelFormatError(f"the {what} has a literal stretch of length 0")
        if len(values) + count > length:
            raise LevelFormatError(f"the {what} holds more than {length} values")
        stop = pos + stored * value_bits
        if stop > end:
            raise LevelFormatError(f"the file ends in the middle of the {what}")
        if not value_bits:  # zero-width values are all 0 (and int('', 2) would fail)
            values += [0] * count
        elif run:
            values += [int(text[pos:stop], 2)] * run
        else:
            values += [int(text[p:p + value_bits], 2) for p in range(pos, stop, value_bits)]
        pos = stop
    return values, pos


def decode_rle(data: bytes, length: int, what: str = "array") -> list[int]:
    return read_rle(BitReader(data), length, what)


# -- encoding ------------------------------------------------------------------

def write_rle(writer: BitWriter, values: list[int]) -> None:
    """Append the cheapest encoding this writer can find for ``values``."""
    if any(v < 0 for v in values):
        raise ValueError("Escape's RLE arrays hold only non-negative values")
    value_bits = max(values, default=0).bit_length()
    if value_bits > MAX_VALUE_BITS:
        raise ValueError(f"Escape's RLE values fit in {MAX_VALUE_BITS} bits")

    starts = _group_starts(values)
    plans: dict[int, tuple[int, list[tuple[int, int]]]] = {}

    def total(frame_bits: int) -> int:
        if frame_bits not in plans:
            cost, plan = _plan(starts, value_bits, frame_bits)
            plans[frame_bits] = (cost + _header_bits(frame_bits), plan)
        return plans[frame_bits][0]

    # The size is nearly always unimodal in the counter width: walk downhill
    # from a typical width, then compare with 8, whose header is shortest.
    widest = min(31, max(1, len(values).bit_length()))
    frame_bits = min(4, widest)
    while frame_bits > 1 and total(frame_bits - 1) < total(frame_bits):
        frame_bits -= 1
    while frame_bits < widest and total(frame_bits + 1) < total(frame_bits):
        frame_bits += 1
    if total(DEFAULT_FRAME_BITS) <= total(frame_bits):
        frame_bits = DEFAULT_FRAME_BITS
    plan = plans[frame_bits][1]

    writer.align()
    if frame_bits == DEFAULT_FRAME_BITS and value_bits % 8 == 0:
        writer.bits(8, value_bits // 8)
    elif frame_bits == DEFAULT_FRAME_BITS:
        writer.bits(8, 0x80 | value_bits)
    else:
        writer.bits(8, 0xC0 | value_bits)
        writer.bits(5, frame_bits)
    for start, stop in plan:
        if stop < 0:  # a run: ``-stop`` copies of values[start]
            writer.bits(frame_bits, -stop)
            writer.bits(value_bits, values[start])
        else:
            writer.bits(frame_bits, 0)
            writer.bits(frame_bits, stop - start)
            for value in values[start:stop]:
                writer.bits(value_bits, value)
    writer.align()


def encode_rle(values: list[int]) -> bytes:
    writer = BitWriter()
    write_rle(writer, values)
    return writer.getvalue()


def _header_bits(frame_bits: int) -> int:
    return 8 if frame_bits == DEFAULT_FRAME_BITS else 13


def _group_starts(values: list[int]) -> list[int]:
    """Where each stretch of equal neighbours starts, then the length of the array."""
    starts = [i for i in range(1, len(values)) if values[i] != values[i - 1]]
    return ([0] if values else []) + starts + [len(values)]


def _plan(starts: list[int], value_bits: int, frame_bits: int) -> tuple[int, list[tuple[int, int]]]:
    """Cheapest split of an array into runs and literal stretches, for one counter width.

    Works on groups of equal neighbours (``starts``, from _group_starts): each group is either spelled as runs
    or lies inside a literal stretch (cutting a group never pays, except
    where a counter overflows, which we accept). ``cost[k]`` is the fewest
    bits for the first ``k`` groups; the cheapest start for a literal stretch
    ending at group ``k`` comes from a sliding-window minimum of
    ``cost[i] - start(i) * value_bits``. Returns the cost and the pieces as
    (start, stop) for a literal stretch and (start, -count) for a run.
    """
    groups = len(starts) - 1
    longest = (1 << frame_bits) - 1
    run_cost = frame_bits + value_bits
    literal_cost = 2 * frame_bits
    infinity = float("inf")
    cost = [infinity] * (groups + 1)
    as_literal = [0] * (groups + 1)  # where the literal ending here starts, or -1 for runs
    cost[0] = 0
    window: deque[int] = deque()  # candidate literal starts, by increasing key
    for k in range(groups + 1):
        if k > 0:
            while window and starts[k] - starts[window[0]] > longest:
                window.popleft()
            if window:
                i = window[0]
                candidate = cost[i] + literal_cost + (starts[k] - starts[i]) * value_bits
                if candidate < cost[k]:
                    cost[k] = candidate
                    as_literal[k] = i
        if k == groups:
            break
        key = cost[k] - starts[k] * value_bits
        while window and cost[window[-1]] - starts[window[-1]] * value_bits >= key:
            window.pop()
        window.append(k)
        runs = -(-(starts[k + 1] - starts[k]) // longest)
        if cost[k] + runs * run_cost < cost[k + 1]:
            cost[k + 1] = cost[k] + runs * run_cost
            as_literal[k + 1] = -1

    plan: list[tuple[int, int]] = []
    k = groups
    while k > 0:
        if as_literal[k] >= 0:
            i = as_literal[k]
            plan.append((starts[i], starts[k]))
        else:
            i = k - 1
            stop = starts[k]
            while stop > starts[i]:  # a long group takes several runs
                count = min(longest, stop - starts[i])
                plan.append((stop - count, -count))
                stop -= count
        k = i
    plan.reverse()
    return int(cost[groups]), plan
