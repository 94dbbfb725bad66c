"""Whole numbers read from level files: one parser for every format, pure Python.

``int()`` alone is not safe on file text: it accepts Unicode digits ("٣"), spaces
and underscores ("1_000"), and raises a bare ValueError past 4,300 digits.
``parse_int`` takes only ASCII digits (and a leading minus where the field
allows one), refuses a number longer than its field could ever need before
converting it, and checks the field's range; each failure is a LevelFormatError
naming the field, the value (shortened) and the line.
"""

from __future__ import annotations

from studio.core.errors import LevelFormatError

# Longer than any field's largest value needs (int32 has 10 digits); leading zeros
# up to this length are allowed, as some editors pad numbers.
MAX_DIGITS = 20
_SHOWN = 24  # characters of a bad value quoted in a message


def shown(text: str) -> str:
    """``text`` quoted for a message, shortened when long."""
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "…")


def is_ascii_number(text: str, signed: bool = False) -> bool:
    """Whether ``text`` is ASCII digits (after one leading '-' when ``signed``), at most MAX_DIGITS."""
    digits = text[1:] if signed and text.startswith("-") else text
    return 0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()


def parse_int(text: str, what: str, minimum: int, maximum: int, line: int | None = None) -> int:
    """The whole number ``text`` holds, from ``minimum`` to ``maximum``; a negative value is
    allowed (with a leading '-') only when ``minimum`` is negative."""
    if not is_ascii_number(text, signed=minimum < 0):
        sign = "an optional '-' and " if minimum < 0 else ""
        too_long = len(text.lstrip("-")) > MAX_DIGITS
        reason = (f"it has more than {MAX_DIGITS} digits" if too_long and text.lstrip("-").isdigit()
                  else f"a number is {sign}the digits 0-9")
        raise LevelFormatError(f"{what} must be a whole number from {minimum} to {maximum}, not {shown(text)}: "
                               f"{reason}", line)
    value = int(text)
    if not minimum <= value <= maximum:
        raise LevelFormatError(f"{what} must be a whole number from {minimum} to {maximum}, not {value}", line)
    return value
