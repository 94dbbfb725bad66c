"""The .laby text format, read and written as Labyrinthos's manual describes it.

    # comments and blank lines are ignored
    name <level name>            (once at most; any characters)
    author <author name>         (once at most)
    nextlevel <file name>        (once at most)
    color <square> <FR> <FG> <FB> <BR> <BG> <BB>    (values 0-1000; a square once at most)
    highscore <score> <player>   (as many as wanted; the player is one word)
    map
    <rows of 0 path, 1 wall, 2 objective, 3 spawn, all of one length>
    end

Keywords come in any order before ``map``; ``end`` closes the map and the file
(whatever follows is ignored). A level read and saved unchanged keeps its
bytes; a changed level is written over its source's lines, so comments, blank
lines, the keyword order and untouched lines stay as the designer left them.
"""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

from studio.core.errors import LevelFormatError
from studio.core.numbers import is_ascii_number, parse_int, shown
from studio.games.laby.level import MAX_SIDE, HighScore, LabyLevel
from studio.games.laby.squares import COLOUR_SCALE, SQUARE_WORDS, Square

KEYWORDS = ("name", "author", "nextlevel", "color", "highscore", "map")
_SINGLE = ("name", "author", "nextlevel")
# \Z and match(), not fullmatch(): Brython's fullmatch loses the groups (the web game runs this).
_KEYWORD_LINE = re.compile(r"(\S+)(?:\s+(.*))?\Z")
_ROW = re.compile(r"[0-3]+")
_DIGITS_TO_SQUARES = bytes.maketrans(b"0123", b"\x00\x01\x02\x03")
_SQUARES_TO_DIGITS = bytes.maketrans(b"\x00\x01\x02\x03", b"0123")
_BOM = "\ufeff"
MAX_SCORE = 2**31 - 1  # moves; the game keeps scores in C ints


@dataclass
class _Layout:
    """Where things stood in a source file, so a changed level is written over it."""

    newline: str = "\n"
    bom: str = ""
    header: list[tuple[str, str, object]] = field(default_factory=list)  # (role, line, parsed value)
    map_line: str = "map"
    rows: list[str] = field(default_factory=list)  # each row's line as written
    notes: list[tuple[int, str]] = field(default_factory=list)  # (rows before it, line) inside the map
    separated: bool = False  # squares written with spaces between them
    end_line: str = "end"
    after_end: str = "\n"  # the end line's newline and everything after it, verbatim


# -- reading -----------------------------------------------------------------------

def load_laby(data: bytes) -> LabyLevel:
    """Read a .laby file; a broken rule raises LevelFormatError with its line number."""
    level, layout = _decode(data)
    _remember(data, level, layout)
    level.source = data
    return level


def _decode(data: bytes) -> tuple[LabyLevel, _Layout]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise LevelFormatError("the file is not UTF-8 text", line) from None
    layout = _Layout(newline="\r\n" if "\r\n" in text else "\n")
    if text.startswith(_BOM):
        layout.bom, text = _BOM, text[1:]
    seen: dict[str, int] = {}  # keyword (or "color N") -> line where it was given
    values: dict[str, str] = {}
    colours: dict[int, tuple] = {}
    scores: list[HighScore] = []
    rows: list[bytes] = []
    first_row_line = 0
    in_map = False
    parts = text.split("\n")
    offset = 0  # of the current line in ``text``
    for line_number, raw in enumerate(parts, start=1):
        line = raw[:-1] if raw.endswith("\r") else raw
        stripped = line.strip()
        if not in_map:
            if not stripped or stripped.startswith("#"):
                layout.header.append(("note", line, None))
            else:
                keyword, argument = _split_keyword(stripped)
                if keyword == "map":
                    if argument:
                        raise LevelFormatError("'map' stands alone on its line; the rows follow on the next lines",
                                               line_number)
                    layout.map_line = line
                    in_map = True
                else:
                    role, parsed = _read_keyword(keyword, argument, line_number, seen)
                    layout.header.append((role, line, parsed))
                    if role in _SINGLE:
                        values[role] = parsed
                    elif role == "color":
                        colours[parsed[0]] = parsed[1]
                    else:
                        scores.append(parsed)
        elif not stripped or stripped.startswith("#"):
            layout.notes.append((len(rows), line))
        elif stripped == "end":
            if not rows:
                raise LevelFormatError("the map has no rows between 'map' and 'end'", line_number)
            layout.end_line = line
            layout.after_end = text[offset + len(line):]  # the end line's own line break onwards
            break
        else:
            row = _read_row(stripped, line_number)
            if not rows:
                first_row_line = line_number
                layout.separated = " " in stripped or "\t" in stripped
            elif len(row) != len(rows[0]):
                raise LevelFormatError(
                    f"this row has {len(row)} squares but the first row (line {first_row_line}) has "
                    f"{len(rows[0])}: every row of the map has the same length", line_number)
            rows.append(row)
            layout.rows.append(line)
        offset += len(raw) + 1
    else:
        last = len(parts) - (parts[-1] == "")  # the last line that has anything, even a break
        if not in_map:
            raise LevelFormatError("the file has no map: after the keywords comes a line 'map', "
                                   "the rows of squares, and a line 'end'", max(last, 1))
        raise LevelFormatError("the map is not closed: its last row is followed by a line 'end'", max(last, 1))
    width, height = len(rows[0]), len(rows)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise LevelFormatError(f"the map is {width}x{height} squares; the studio edits levels up to "
                               f"{MAX_SIDE}x{MAX_SIDE}", first_row_line)
    level = LabyLevel(width, height, bytearray(b"".join(rows)),
                      values.get("name", ""), values.get("author", ""), values.get("nextlevel", ""),
                      colours, tuple(scores))
    return level, layout


def _split_keyword(stripped: str) -> tuple[str, str]:
    match = _KEYWORD_LINE.match(stripped)
    return match.group(1), (match.group(2) or "").strip()


def _read_keyword(keyword: str, argument: str, line: int, seen: dict[str, int]) -> tuple[str, object]:
    if keyword in _SINGLE:
        if keyword in seen:
            raise LevelFormatError(f"'{keyword}' is given twice (first on line {seen[keyword]}); "
                                   f"a level has one {keyword}", line)
        seen[keyword] = line
        return keyword, argument
    if keyword == "color":
        square, pair = _read_colour(argument, line)
        key = f"color {square}"
        if key in seen:
            raise LevelFormatError(f"the colours of {SQUARE_WORDS[Square(square)]} squares are given twice "
                                   f"(first on line {seen[key]})", line)
        seen[key] = line
        return "color", (square, pair)
    if keyword == "highscore":
        return "highscore", _read_high_score(argument, line)
    if keyword == "end":
        raise LevelFormatError("'end' comes before 'map': the map's rows go between 'map' and 'end'", line)
    raise LevelFormatError(f"unknown keyword {shown(keyword)}; a level file knows "
                           f"{', '.join(KEYWORDS[:-1])} and {KEYWORDS[-1]}", line)


def _read_colour(argument: str, line: int) -> tuple[int, tuple]:
    usage = (f"'color' takes a square (0 path, 1 wall, 2 objective, 3 spawn) and six values from 0 to "
             f"{COLOUR_SCALE}: foreground red, green, blue, then background red, green, blue")
    fields = argument.split()
    if len(fields) != 7 or not all(is_ascii_number(f) for f in fields):
        raise LevelFormatError(usage, line)
    square = parse_int(fields[0], "the square of 'color'", 0, 10**9, line)
    if square not in tuple(Square):
        raise LevelFormatError(f"'color' names square {square}, but squares are 0 path, 1 wall, "
                               f"2 objective and 3 spawn", line)
    values = []
    for text in fields[1:]:
        value = parse_int(text, "a colour value", 0, 10**9, line)
        if value > COLOUR_SCALE:
            raise LevelFormatError(f"colour value {value} is above {COLOUR_SCALE}; values run from 0 to "
                                   f"{COLOUR_SCALE}", line)
        values.append(value)
    return square, (tuple(values[:3]), tuple(values[3:]))


def _read_high_score(argument: str, line: int) -> HighScore:
    fields = argument.split()
    if len(fields) != 2 or not is_ascii_number(fields[0]):
        raise LevelFormatError("'highscore' takes a score (a number of moves) and a player name "
                               "without spaces", line)
    return HighScore(parse_int(fields[0], "a high score", 0, MAX_SCORE, line), fields[1])


def _read_row(stripped: str, line: int) -> bytes:
    squares = stripped.replace(" ", "").replace("\t", "")
    if not _ROW.fullmatch(squares):
        bad = next(ch for ch in squares if ch not in "0123")
        raise LevelFormatError(f"{bad!r} is not a square: map rows hold 0 (path), 1 (wall), 2 (objective) "
                               f"and 3 (spawn), and the map ends with a line 'end'", line)
    return squares.encode("ascii").translate(_DIGITS_TO_SQUARES)


# -- writing -----------------------------------------------------------------------

def save_laby(level: LabyLevel) -> bytes:
    """The file for a level: its source bytes when unchanged, else its source's lines updated
    (or a fresh file when it has no readable source)."""
    if level.source is not None:
        decoded = _source_decoded(level.source)
        if decoded is not None:
            content, layout = decoded
            if content == level.content():
                return level.source
            return _rewrite(level, layout).encode("utf-8")
    return encode_laby(level)


def encode_laby(level: LabyLevel) -> bytes:
    """A fresh file for a level, ignoring its source: keywords, then the map."""
    lines = [f"{keyword} {getattr(level, keyword)}" for keyword in _SINGLE if getattr(level, keyword)]
    lines += [_colour_line(level, square) for square in sorted(level.colours)]
    lines += [_high_score_line(entry) for entry in level.high_scores]
    lines.append("map")
    lines += [_row_text(level, y, separated=False) for y in range(level.height)]
    lines.append("end")
    return ("\n".join(lines) + "\n").encode("utf-8")


def _rewrite(level: LabyLevel, layout: _Layout) -> str:
    """The source's lines with what changed replaced, what was removed dropped, what is new added."""
    out: list[str] = []
    written: set[str] = set()
    colours_written: set[int] = set()
    scores_left = Counter(level.high_scores)
    last_score_at = -1
    last_keyword_at = -1  # new keywords go after the source's last one (its comments and blanks stay after)
    for role, line, parsed in layout.header:
        if role == "note":
            out.append(line)
            continue
        if role in _SINGLE:
            value = getattr(level, role)
            if value and role not in written:
                out.append(line if value == parsed else f"{role} {value}")
            written.add(role)
        elif role == "color":
            square, pair = parsed
            if square in level.colours and square not in colours_written:
                out.append(line if _filled_pair(level, square) == pair else _colour_line(level, square))
            colours_written.add(square)
        elif scores_left[parsed] > 0:  # a high score: kept while the level still has it
            scores_left[parsed] -= 1
            out.append(line)
            last_score_at = len(out)
        last_keyword_at = len(out)
    new_scores = []
    for entry in level.high_scores:  # those the source's lines did not hold, in the level's order
        if scores_left[entry] > 0:
            scores_left[entry] -= 1
            new_scores.append(_high_score_line(entry))
    if last_score_at >= 0:  # new high scores join the old ones
        out[last_score_at:last_score_at] = new_scores
        last_keyword_at += len(new_scores) if last_keyword_at >= last_score_at else 0
        new_scores = []
    added = [f"{keyword} {getattr(level, keyword)}" for keyword in _SINGLE
             if getattr(level, keyword) and keyword not in written]
    added += [_colour_line(level, square) for square in sorted(level.colours) if square not in colours_written]
    added += new_scores
    at = last_keyword_at if last_keyword_at >= 0 else len(out)
    out[at:at] = added
    out.append(layout.map_line)
    same_size = (level.height == len(layout.rows)
                 and level.width == len(layout.rows[0].replace(" ", "").replace("\t", "").strip()))
    notes = list(layout.notes)
    for y in range(level.height):
        while notes and notes[0][0] <= y:
            out.append(notes.pop(0)[1])
        fresh = _row_text(level, y, layout.separated)
        if same_size and _squares_of(layout.rows[y]) == fresh.replace(" ", ""):
            out.append(layout.rows[y])
        else:
            out.append(fresh)
    out += [line for _, line in notes]
    out.append(layout.end_line)
    return layout.bom + layout.newline.join(out) + layout.after_end


def _squares_of(row_line: str) -> str:
    return row_line.strip().replace(" ", "").replace("\t", "")


def _row_text(level: LabyLevel, y: int, separated: bool) -> str:
    digits = bytes(level.squares[y * level.width:(y + 1) * level.width]).translate(_SQUARES_TO_DIGITS).decode("ascii")
    return " ".join(digits) if separated else digits


def _filled_pair(level: LabyLevel, square: int) -> tuple:
    """A square's colour pair with the game's defaults for an unset half, as a file line holds it."""
    foreground, background = level.colour_pair(square)
    return (tuple(foreground), tuple(background))


def _colour_line(level: LabyLevel, square: int) -> str:
    foreground, background = _filled_pair(level, square)
    return "color " + " ".join(str(v) for v in (square, *foreground, *background))


def _high_score_line(entry: HighScore) -> str:
    return f"highscore {entry.score} {entry.player}"


# -- what recently seen source bytes decode to -------------------------------------------
# So saving compares the level with its source without parsing the file again.

_DECODED: OrderedDict[bytes, tuple[tuple, _Layout] | None] = OrderedDict()
_DECODED_KEPT = 8


def _source_decoded(source: bytes) -> tuple[tuple, _Layout] | None:
    if source not in _DECODED:
        try:
            level, layout = _decode(source)
        except LevelFormatError:  # a source that no longer decodes: the level is written fresh
            _remember(source, None, None)
        else:
            _remember(source, level, layout)
    _DECODED.move_to_end(source)
    return _DECODED[source]


def _remember(source: bytes, level: LabyLevel | None, layout: _Layout | None) -> None:
    _DECODED[source] = None if level is None else (level.content(), layout)
    _DECODED.move_to_end(source)
    while len(_DECODED) > _DECODED_KEPT:
        _DECODED.popitem(last=False)
