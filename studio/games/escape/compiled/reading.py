"""Compiled reading of Escape's run-length encoded arrays, as rle.read_rle reads them, for
loading.py: a process that has started the compiled engine loads thousands of levels for
`studio verify`, and decoding their arrays bit by bit in Python was most of that work.

Only a plainly well-formed array is decoded here (zero-width values, all 0, included: an
all-floor layer is stored so); for anything else (a header out of range, a zero-width
counter, a run past the array's length, the file ending early) the answer is -1, and the
file is left to esx.load_esx, which names the problem. So a damaged file is described
exactly as before.
"""

from numba import njit

from studio.games.escape.compiled import point_cache_at_machine_code_folder
from studio.games.escape.rle import DEFAULT_FRAME_BITS, MAX_VALUE_BITS

point_cache_at_machine_code_folder()  # (before any function here is decorated)

NOT_PLAIN = -1


@njit(cache=True)
def _field(data, pos, count):
    """``count`` bits from bit ``pos``, most significant first (the caller checks the end)."""
    value = 0
    for bit in range(pos, pos + count):
        value = (value << 1) | ((data[bit >> 3] >> (7 - (bit & 7))) & 1)
    return value


@njit(cache=True)
def decode_runs(data, byte_offset, out):
    """Fill ``out`` (its length is the array's) with the array starting at ``byte_offset``
    of ``data`` (bytes as uint8); the bit position after it, or NOT_PLAIN."""
    length = out.shape[0]
    end = data.shape[0] * 8
    pos = byte_offset * 8
    if pos + 8 > end:
        return NOT_PLAIN
    header = _field(data, pos, 8)
    pos += 8
    frame_bits = DEFAULT_FRAME_BITS
    if header & 0x80:
        value_bits = header & 0x3F
        if header & 0x40:
            if pos + 5 > end:
                return NOT_PLAIN
            frame_bits = _field(data, pos, 5)
            pos += 5
    elif header <= 4:
        value_bits = 8 * header
    else:
        return NOT_PLAIN
    if value_bits > MAX_VALUE_BITS or frame_bits == 0:
        return NOT_PLAIN
    filled = 0
    while filled < length:
        if pos + frame_bits > end:
            return NOT_PLAIN
        run = _field(data, pos, frame_bits)
        pos += frame_bits
        if run:  # one value, repeated
            if filled + run > length or pos + value_bits > end:
                return NOT_PLAIN
            value = _field(data, pos, value_bits)
            pos += value_bits
            out[filled:filled + run] = value
            filled += run
        else:  # a literal stretch: a count, then that many values
            if pos + frame_bits > end:
                return NOT_PLAIN
            count = _field(data, pos, frame_bits)
            pos += frame_bits
            if count == 0 or filled + count > length or pos + count * value_bits > end:
                return NOT_PLAIN
            for index in range(filled, filled + count):
                out[index] = _field(data, pos, value_bits)
                pos += value_bits
            filled += count
    return pos
