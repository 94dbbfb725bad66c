"""The ``.lock`` text format: a readable, diff-friendly picture of a lock.

Described in full in docs/intricacy-lock-format.md. In short::

    intricacy lock 1
    title: Hook and bolt
    author: Puzzle Level Studio
    size: 2
    description: The bolt is held in by the hook. Move the hook away.
    solution: z

       # # # A
      # . . . A
     # . . S h #
    # . . . / . #
     # . . . . #
      # . . . #
       # # # #

    spring S 1,-1 -> A 3,-3 natural 1

One map row per line, hexes two columns apart, each row shifted half a hex from
the one above (pointy-top hexes). ``load_lock`` refuses a damaged file with a
LevelFormatError naming the line and the broken rule; ``save_lock`` gives an
unchanged lock's own bytes back, and writes the canonical form of a changed one.
"""

from __future__ import annotations

import re

from studio.core.errors import LevelFormatError
from studio.core.numbers import parse_int, shown
from studio.games.intricacy.editing import canonical
from studio.games.intricacy.hexgrid import (
    DIRECTIONS, DIRECTION_OF, EAST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST, WEST, Hex, components, distance,
    hexagon,
)
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lock import (
    BALL, BLOCK, HOOK, MAX_SIZE, MIN_SIZE, PIVOT, WRENCH, Lock, Piece, Spring, bolthole, format_hex, lock_problems,
    spring_problems,
)

MAGIC = "intricacy lock 1"
HEADER_KEYS = ("title", "author", "size", "description", "solution")
EMPTY, WALL, BALL_CHAR, PIVOT_CHAR, HOOK_CHAR, WRENCH_CHAR = ".", "#", "o", "+", "h", "w"
ARM_AXES = {"-": (EAST, WEST), "/": (NORTH_EAST, SOUTH_WEST), "\\": (NORTH_WEST, SOUTH_EAST)}
ARM_CHAR = {EAST: "-", WEST: "-", NORTH_EAST: "/", SOUTH_WEST: "/", NORTH_WEST: "\\", SOUTH_EAST: "\\"}
MAX_SOLUTION_MOVES = 10_000  # far beyond a real lock's; `studio verify` plays it in about a second
# Numbers are ASCII digits, checked by core.numbers for their length and range.
# \Z and match(), not fullmatch(): Brython's fullmatch loses the groups (a web game runs this).
SPRING_LINE = re.compile(
    r"spring (\S) (-?[0-9]+),(-?[0-9]+) -> (\S) (-?[0-9]+),(-?[0-9]+) natural ([0-9]+)\Z"
)


def column_of(h: Hex, size: int) -> int:
    """The text column of hex ``h`` in the map of a size ``size`` lock."""
    return 2 * h.q + h.r + 2 * (size + 1)


def _row_hexes(size: int) -> list[list[Hex]]:
    radius = size + 1
    rows: list[list[Hex]] = [[] for _ in range(2 * radius + 1)]
    for h in hexagon(radius):
        rows[h.r + radius].append(h)
    return rows


# -- writing ----------------------------------------------------------------------------------
def map_lines(lock: Lock) -> list[str]:
    """The lock's picture, one string per row, frame included, without trailing spaces."""
    glyphs = _glyphs(lock)
    lines = []
    for row in _row_hexes(lock.size):
        chars: list[str] = []
        for h in row:
            column = column_of(h, lock.size)
            chars.extend(" " * (column - len(chars)))
            chars.append(glyphs.get(h, EMPTY))
        lines.append("".join(chars).rstrip())
    return lines


def _glyphs(lock: Lock) -> dict[Hex, str]:
    glyphs: dict[Hex, str] = {}
    hole = set(bolthole(lock.size))
    for h in hexagon(lock.size + 1):
        if distance(h) == lock.size + 1 and h not in hole:
            glyphs[h] = WALL
    for h in lock.walls:
        glyphs[h] = WALL
    for piece in lock.pieces:
        if piece.kind == BLOCK:
            for h in piece.hexes:
                glyphs[h] = piece.label
        elif piece.kind == BALL:
            glyphs[piece.centre] = BALL_CHAR
        elif piece.kind == WRENCH:
            for h in piece.hexes:
                glyphs[h] = WRENCH_CHAR
        else:
            glyphs[piece.centre] = PIVOT_CHAR if piece.kind == PIVOT else HOOK_CHAR
            for h, arm in piece.arm_hexes().items():
                glyphs[h] = ARM_CHAR[arm]
    return glyphs


def _piece_name(lock: Lock, index: int) -> str:
    piece = lock.pieces[index]
    return piece.label if piece.kind == BLOCK else PIVOT_CHAR


def save_lock(level: IntricacyLevel) -> bytes:
    """The file for a level: the bytes it was read from while it is unchanged (so a file
    written by hand keeps its spacing), else the canonical form."""
    if level.source is not None and _same_as_source(level):
        return level.source
    return encode_lock(level)


def _same_as_source(level: IntricacyLevel) -> bool:
    try:
        read = load_lock(level.source)
    except LevelFormatError:  # a source that no longer reads: the level is written afresh
        return False
    fields = ("title", "author", "description", "solution")
    return (canonical(level.lock) == read.lock
            and all(getattr(level, name) == getattr(read, name) for name in fields))


def encode_lock(level: IntricacyLevel) -> bytes:
    """The canonical form of a level, whatever it was read from."""
    lock = canonical(level.lock)
    lines = [MAGIC]
    if level.title:
        lines.append(f"title: {level.title}")
    if level.author:
        lines.append(f"author: {level.author}")
    lines.append(f"size: {lock.size}")
    if level.description:
        # An empty line would end the header: the description keeps its other lines.
        first, *rest = [line.rstrip() for line in level.description.split("\n") if line.strip()] or [""]
        lines.append(f"description: {first}")
        lines += [f" {line}" for line in rest]
    if level.solution:
        lines.append(f"solution: {level.solution}")
    lines.append("")
    lines += map_lines(lock)
    if lock.springs:
        lines.append("")
        for spring in lock.springs:
            lines.append(
                f"spring {_piece_name(lock, spring.root)} {format_hex(spring.root_anchor)} -> "
                f"{_piece_name(lock, spring.end)} {format_hex(spring.end_anchor)} natural {spring.natural}"
            )
    return ("\n".join(lines) + "\n").encode("utf-8")


# -- reading ----------------------------------------------------------------------------------
def load_lock(data: bytes) -> IntricacyLevel:
    """Read a .lock file; LevelFormatError (with the line number) for anything damaged."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LevelFormatError(f"the file is not UTF-8 text (byte {error.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].strip() != MAGIC:
        raise LevelFormatError(f"an Intricacy lock file starts with the line '{MAGIC}'", 1)
    number = 1
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    last_key = None
    # Header: "key: value" lines up to the first blank line; indented lines continue the description.
    while number < len(lines) and lines[number].strip():
        line = lines[number]
        number += 1
        if line.startswith(" ") and last_key == "description":
            header["description"] += "\n" + line[1:]
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in HEADER_KEYS:
            raise LevelFormatError(
                f"expected a header line 'key: value' with key one of {', '.join(HEADER_KEYS)}, got {shown(line.strip())}",
                number)
        if key in header:
            raise LevelFormatError(f"'{key}' is given twice", number)
        header[key] = value.strip()
        header_lines[key] = number
        last_key = key
    if "size" not in header:
        raise LevelFormatError("the header has no 'size:' line (the lock's size, "
                               f"{MIN_SIZE} to {MAX_SIZE})", number + 1)
    size = parse_int(header["size"], "the size", MIN_SIZE, MAX_SIZE, header_lines["size"])
    while number < len(lines) and not lines[number].strip():
        number += 1
    rows = _row_hexes(size)
    if number + len(rows) > len(lines):
        raise LevelFormatError(f"the map of a size {size} lock has {len(rows)} rows; the file ends first",
                               len(lines) + 1)
    map_start = number + 1
    glyphs = _read_map(lines[number:number + len(rows)], rows, size, map_start)
    number += len(rows)
    lock = _build_lock(glyphs, size, map_start)
    springs: list[tuple[Spring, int]] = []
    for index in range(number, len(lines)):
        line = lines[index].rstrip()
        if not line:
            continue
        springs.append((_read_spring(line, lock, index + 1), index + 1))
    lock = lock.with_changes(springs=tuple(spring for spring, _ in springs))
    for problem, line_number in _problems_with_lines(lock, springs, map_start):
        raise LevelFormatError(problem, line_number)
    solution = header.get("solution", "")
    if solution:
        from studio.games.intricacy.engine import parse_moves

        try:
            moves = parse_moves(solution)
        except ValueError as error:
            raise LevelFormatError(f"the solution: {error}", header_lines["solution"]) from None
        if len(moves) > MAX_SOLUTION_MOVES:
            raise LevelFormatError(f"the solution has {len(moves)} moves; a lock's solution has at most "
                                   f"{MAX_SOLUTION_MOVES}", header_lines["solution"])
    return IntricacyLevel(canonical(lock), header.get("title", ""), header.get("author", ""),
                          header.get("description", ""), solution, source=data)


def _read_map(lines: list[str], rows: list[list[Hex]], size: int, first_line: int) -> dict[Hex, str]:
    glyphs: dict[Hex, str] = {}
    hole = set(bolthole(size))
    for offset, (line, row) in enumerate(zip(lines, rows)):
        number = first_line + offset
        line = line.rstrip()
        columns = {column_of(h, size): h for h in row}
        for column, ch in enumerate(line):
            if ch == " ":
                continue
            h = columns.get(column)
            if h is None:
                raise LevelFormatError(
                    f"{ch!r} at column {column + 1} is not on a hex of this row: row {offset + 1} of a size {size} "
                    f"lock has hexes at columns {', '.join(str(c + 1) for c in sorted(columns))}", number)
            glyphs[h] = ch
        for h in row:
            column = column_of(h, size)
            ch = glyphs.get(h)
            if ch is None:
                raise LevelFormatError(f"row {offset + 1} has no hex at column {column + 1} (the row is too short "
                                       f"or misaligned)", number)
            on_frame = distance(h) == size + 1 and h not in hole
            if on_frame and ch != WALL:
                raise LevelFormatError(f"column {column + 1} is on the frame around the lock and must be '#', "
                                       f"not {ch!r}", number)
            if not on_frame and ch not in ".#ohw+-/\\" and not ("A" <= ch <= "Z"):
                raise LevelFormatError(
                    f"{ch!r} at column {column + 1} means nothing in a lock: use . # A-Z o + - / \\ h w", number)
            if ch == WALL and h in hole:
                raise LevelFormatError(f"column {column + 1} is in the bolthole, which cannot hold a wall", number)
    return {h: ch for h, ch in glyphs.items() if distance(h) <= size or h in hole}


def _where(h: Hex, size: int, map_line: int) -> tuple[int, str]:
    """The file line and the column of hex ``h`` in a map starting at line ``map_line``."""
    return map_line + h.r + size + 1, f"column {column_of(h, size) + 1}"


def _build_lock(glyphs: dict[Hex, str], size: int, map_line: int) -> Lock:
    walls = frozenset(h for h, ch in glyphs.items() if ch == WALL)
    pieces: list[Piece] = []
    letters = sorted({ch for ch in glyphs.values() if "A" <= ch <= "Z"})
    for letter in letters:
        hexes = frozenset(h for h, ch in glyphs.items() if ch == letter)
        parts = components(hexes)
        if len(parts) > 1:
            line, where = _where(min(parts[1]), size, map_line)
            raise LevelFormatError(f"block {letter} is in {len(parts)} separate parts ({where}): a block's "
                                   f"hexes must touch", line)
        pieces.append(Piece(BLOCK, hexes, label=letter))
    for h in sorted(h for h, ch in glyphs.items() if ch == BALL_CHAR):
        pieces.append(Piece(BALL, frozenset({h})))
    centres = {h: ch for h, ch in glyphs.items() if ch in (PIVOT_CHAR, HOOK_CHAR)}
    arms: dict[Hex, set[int]] = {h: set() for h in centres}
    for h in sorted(h for h, ch in glyphs.items() if ch in ARM_AXES):
        owners = [h - DIRECTIONS[d] for d in ARM_AXES[glyphs[h]] if (h - DIRECTIONS[d]) in centres]
        line, where = _where(h, size, map_line)
        if not owners:
            raise LevelFormatError(f"the arm {glyphs[h]!r} at {where} points at no pivot or hook: '-' joins a "
                                   f"centre east or west of it, '/' north-east or south-west, '\\' north-west "
                                   f"or south-east", line)
        if len(owners) > 1:
            raise LevelFormatError(f"the arm {glyphs[h]!r} at {where} lies between two centres and could belong "
                                   f"to either", line)
        arms[owners[0]].add(DIRECTION_OF[h - owners[0]])
    hooks = sorted(h for h, ch in centres.items() if ch == HOOK_CHAR)
    if len(hooks) > 1:
        line, where = _where(hooks[1], size, map_line)
        raise LevelFormatError(f"a lock has one hook; a second 'h' is at {where}", line)
    for h in sorted(h for h, ch in centres.items() if ch == PIVOT_CHAR):
        pieces.append(Piece(PIVOT, frozenset({h}), frozenset(arms[h])))
    for h in hooks:
        if len(arms[h]) != 1:
            line, where = _where(h, size, map_line)
            raise LevelFormatError(f"the hook at {where} must have exactly one arm beside it, not {len(arms[h])}",
                                   line)
        pieces.append(Piece(HOOK, frozenset({h}), frozenset(arms[h])))
    wrench = frozenset(h for h, ch in glyphs.items() if ch == WRENCH_CHAR)
    if wrench:
        parts = components(wrench)
        if len(parts) > 1:
            line, where = _where(min(parts[1]), size, map_line)
            raise LevelFormatError(f"the wrench is in {len(parts)} separate parts ({where}): its hexes must touch",
                                   line)
        pieces.append(Piece(WRENCH, wrench))
    return Lock(size, walls, tuple(pieces))


def _read_spring(line: str, lock: Lock, number: int) -> Spring:
    found = SPRING_LINE.match(line.strip())
    if found is None:
        raise LevelFormatError(f"expected a spring line 'spring A q,r -> B q,r natural N', got {shown(line.strip())}",
                               number)
    root_name, rq, rr, end_name, eq, er, natural = found.groups()
    reach = lock.size + 1  # no hex of the lock lies further from its centre
    rq, rr, eq, er = (parse_int(text, f"the spring's {which} coordinate", -reach, reach, number)
                      for text, which in zip((rq, rr, eq, er), ("root q", "root r", "end q", "end r")))
    root_hex, end_hex = Hex(rq, rr), Hex(eq, er)
    root = _piece_named(lock, root_name, root_hex, number, "root")
    end = _piece_named(lock, end_name, end_hex, number, "end")
    # Past the largest natural length by far; spring_problems names the limit when it is broken.
    return Spring(root, end, root_hex, end_hex, parse_int(natural, "the natural length", 0, 10**6, number))


def _piece_named(lock: Lock, name: str, h: Hex, number: int, role: str) -> int:
    for index, piece in enumerate(lock.pieces):
        if piece.kind == BLOCK and piece.label == name and h in piece.hexes:
            return index
        if piece.kind == PIVOT and name == PIVOT_CHAR and h == piece.centre:
            return index
    what = f"a hex of block {name}" if "A" <= name <= "Z" else ("a pivot's centre" if name == PIVOT_CHAR else None)
    if what is None:
        raise LevelFormatError(f"the spring's {role} {name!r} is neither a block letter nor '+' (a pivot)", number)
    raise LevelFormatError(f"the spring's {role} {format_hex(h)} is not {what}", number)


def _problems_with_lines(lock: Lock, springs: list[tuple[Spring, int]], map_line: int):
    """Every broken rule of the lock, each with the line to blame (a spring's own line)."""
    for spring, line in springs:
        single = lock.with_changes(springs=(spring,))
        for problem in spring_problems(single):
            yield problem.replace("spring 1", "this spring"), line
    for problem in lock_problems(lock):
        yield problem, (springs[-1][1] if "spring" in problem and springs else map_line)


def describe(level: IntricacyLevel) -> str:
    lock = level.lock
    kinds = [p.kind for p in lock.pieces]
    return (f"size {lock.size}, {kinds.count(BLOCK)} blocks, {kinds.count(BALL)} balls, {kinds.count(PIVOT)} pivots, "
            f"{len(lock.springs)} springs" + (", hook" if HOOK in kinds else "") + (", wrench" if WRENCH in kinds else ""))
