"""Escape player files (.esp, text form) and the binary solution format.

A player file keeps the player's solutions keyed by the MD5 of each level
file. Parsing keeps every line the studio does not edit as text, so an
unedited file is written back character for character.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field, replace

from studio.core.errors import LevelFormatError
from studio.core.numbers import is_ascii_number, parse_int, shown
from studio.core.reading import read_file
from studio.games.escape.rle import BitReader, BitWriter, read_rle, write_rle

MAGIC_LINE = "ESPt"
SOLUTIONS_LINE = "-- solutions"
RATINGS_LINE = "-- ratings"
PREFS_LINE = "-- prefs"
END_OF_SET = "!"
IGNORED_HEADER_LINES = 8
TEXT_ENCODING = "latin-1"  # names are bytes in the file; latin-1 round-trips any of them
MAX_MOVES = 100_000  # 100 times the longest real solution (914); plays in under a second
MAX_FILE_BYTES = 64 << 20  # a player file holds every level's solutions; real ones are a few MB
INT32 = (-2**31, 2**31 - 1)
DEFAULT_NAME = "Untitled"

UP, DOWN, LEFT, RIGHT = 1, 2, 3, 4
MOVE_LETTERS = {UP: "U", DOWN: "D", LEFT: "L", RIGHT: "R"}
LETTER_MOVES = {letter: move for move, letter in MOVE_LETTERS.items()}

_MD5 = re.compile(r"[0-9a-fA-F]{32}")


# -- moves and binary solutions -------------------------------------------------------

def moves_to_text(moves) -> str:
    """Directions 1-4 as 'UDLR' letters."""
    try:
        return "".join(MOVE_LETTERS[move] for move in moves)
    except KeyError as error:
        raise LevelFormatError(f"{error.args[0]!r} is not a move (1 up, 2 down, 3 left, 4 right)") from None


def text_to_moves(text: str) -> tuple[int, ...]:
    """'UDLR' letters (any case; spaces ignored) as directions 1-4."""
    try:
        return tuple(LETTER_MOVES[letter] for letter in text.upper() if not letter.isspace())
    except KeyError as error:
        raise LevelFormatError(f"{error.args[0]!r} is not a move (U, D, L or R)") from None


def _read_moves(reader: BitReader) -> tuple[int, ...]:
    count = reader.int32("move count")
    if not 0 <= count <= MAX_MOVES:
        raise LevelFormatError(f"the move count {count} is outside 0..{MAX_MOVES}")
    moves = read_rle(reader, count, "moves")
    if moves and not (min(moves) >= UP and max(moves) <= RIGHT):
        number = next(i for i, move in enumerate(moves) if not UP <= move <= RIGHT)
        raise LevelFormatError(f"move {number} has direction {moves[number]}, outside 1..4")
    return tuple(moves)


def decode_solution(data: bytes) -> tuple[int, ...]:
    """The binary form: int32 move count, then the moves as one RLE array."""
    return _read_moves(BitReader(data))


def encode_solution(moves) -> bytes:
    writer = BitWriter()
    writer.int32(len(moves))
    write_rle(writer, list(moves))
    return writer.getvalue()


@dataclass(frozen=True)
class NamedSolution:
    date: int
    name: str
    author: str
    moves: tuple[int, ...]
    bookmark: bool = False
    # The base64 text this was read from; reused when writing if it still decodes to the same.
    source: str | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        return moves_to_text(self.moves)


def decode_named_solution(data: bytes) -> NamedSolution:
    reader = BitReader(data)
    date = reader.int32("solution date")
    name = reader.raw(reader.int32("solution name length"), "solution name")
    author = reader.raw(reader.int32("solution author length"), "solution author")
    body = reader.raw(reader.int32("solution length"), "solution")
    bookmark = reader.int32("bookmark flag") if reader.byte_offset < len(data) else 0
    return NamedSolution(
        date, name.decode(TEXT_ENCODING), author.decode(TEXT_ENCODING), decode_solution(body), bool(bookmark)
    )


def encode_named_solution(solution: NamedSolution) -> bytes:
    writer = BitWriter()
    writer.int32(solution.date)
    for text in (solution.name, solution.author):
        encoded = _encode_text(text)
        writer.int32(len(encoded))
        writer.raw(encoded)
    body = encode_solution(solution.moves)
    writer.int32(len(body))
    writer.raw(body)
    writer.int32(int(solution.bookmark))
    return writer.getvalue()


def _encode_text(text: str) -> bytes:
    try:
        return text.encode(TEXT_ENCODING)
    except UnicodeEncodeError as error:
        raise LevelFormatError(f"{text[error.start]!r} cannot be stored in a player file") from None


def _b64decode(text: str, line: int) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise LevelFormatError(f"{shown(text)} is not valid base64", line) from None


def _solution_text(solution: NamedSolution) -> str:
    if solution.source is not None:
        try:
            if decode_named_solution(base64.b64decode(solution.source)) == solution:
                return solution.source
        except (LevelFormatError, binascii.Error, ValueError):
            pass
    return base64.b64encode(encode_named_solution(solution)).decode("ascii")


def _parse_solution(text: str, line: int, old_form: bool, player: str) -> NamedSolution:
    return _decode_solution_data(_b64decode(text, line), text, line, old_form, player)


def _decode_solution_data(data: bytes, text: str, line: int, old_form: bool, player: str) -> NamedSolution:
    try:
        if old_form:  # a bare binary solution, from before solutions had names
            return NamedSolution(0, DEFAULT_NAME, player, decode_solution(data), source=None)
        solution = decode_named_solution(data)
    except LevelFormatError as error:
        raise LevelFormatError(f"bad solution: {error}", line) from None
    return replace(solution, source=text)


# -- the player file -----------------------------------------------------------------

@dataclass
class SolutionSet:
    md5: str
    solutions: list[NamedSolution]
    # The lines this set was read from, and the solutions they held: reused while unchanged.
    lines: list[str] | None = field(default=None, repr=False)
    read_as: tuple[NamedSolution, ...] = field(default=(), repr=False)

    def to_lines(self) -> list[str]:
        if self.lines is not None and tuple(self.solutions) == self.read_as:
            return list(self.lines)
        if not self.solutions:
            return []
        texts = [_solution_text(solution) for solution in self.solutions]
        return [f"{self.md5} * {texts[0]}"] + [f"  {text}" for text in texts[1:]] + [END_OF_SET]


@dataclass
class PlayerFile:
    header: list[str]  # the magic, web id, two sequence numbers and eight ignored lines
    name: str
    sets: list[SolutionSet] = field(default_factory=list)
    ratings: list[str] = field(default_factory=list)  # kept as text: the studio does not use them
    prefs: str | None = ""
    trailing_lines: list[str] = field(default_factory=list)  # blank lines after the preferences
    newline: str = "\n"
    final_newline: bool = True

    def _sets_for(self, md5: str) -> list[SolutionSet]:
        md5 = md5.lower()
        return [s for s in self.sets if s.md5.lower() == md5]

    def solutions_for(self, md5: str) -> list[NamedSolution]:
        """The level's solutions in the file's order. A file may hold several sets for one
        level (two copies merged by hand, say): they count as one, each solution once."""
        merged: list[NamedSolution] = []
        earlier: set[NamedSolution] = set()  # a set, not the list: a big file's merge stays linear
        for solution_set in self._sets_for(md5):
            merged += [solution for solution in solution_set.solutions if solution not in earlier]
            earlier.update(solution_set.solutions)
        return merged

    def solutions_by_level(self) -> dict[str, list[NamedSolution]]:
        """Every level's solutions at once (lowercase MD5 -> what ``solutions_for`` gives),
        in one pass: what a collection's verification looks up, level after level."""
        merged: dict[str, list[NamedSolution]] = {}
        earlier: dict[str, set[NamedSolution]] = {}
        for solution_set in self.sets:
            md5 = solution_set.md5.lower()
            seen = earlier.setdefault(md5, set())
            merged.setdefault(md5, []).extend(s for s in solution_set.solutions if s not in seen)
            seen.update(solution_set.solutions)
        return merged

    def add_solution(self, md5: str, solution: NamedSolution) -> None:
        """Add a solution to the level's set; several sets for the level become one."""
        if not _MD5.fullmatch(md5):
            raise ValueError(f"{md5!r} is not an MD5 in 32 hex digits")
        found = self._sets_for(md5)
        if not found:
            self.sets.append(SolutionSet(md5.lower(), [solution]))
            return
        if len(found) > 1:
            found[0].solutions = self.solutions_for(md5)
            merged_away = {id(s) for s in found[1:]}
            self.sets = [s for s in self.sets if id(s) not in merged_away]
        found[0].solutions.append(solution)

    def dumps(self) -> str:
        lines = [*self.header, self.name, SOLUTIONS_LINE]
        for solution_set in self.sets:
            lines += solution_set.to_lines()
        lines += [RATINGS_LINE, *self.ratings, PREFS_LINE]
        if self.prefs is not None:
            lines.append(self.prefs)
        lines += self.trailing_lines
        text = self.newline.join(lines)
        return text + self.newline if self.final_newline else text

    def to_bytes(self) -> bytes:
        return self.dumps().encode(TEXT_ENCODING)


def new_player_file(name: str) -> PlayerFile:
    """An empty player file: no web id, no solutions, no ratings, empty preferences."""
    _encode_text(name)
    if "\n" in name or "\r" in name:
        raise ValueError("a player name is one line")
    return PlayerFile([MAGIC_LINE, "0", "0", "0"] + ["0"] * IGNORED_HEADER_LINES, name)


def read_player_file(path) -> PlayerFile:
    """The player file at ``path``: a regular file of at most MAX_FILE_BYTES (core.reading);
    OSError when it cannot be read, LevelFormatError when it is damaged."""
    return loads(read_file(path, MAX_FILE_BYTES, "an Escape player file"))


def loads(data: str | bytes, decode: bool = True) -> PlayerFile:
    """Parse a player file; a broken rule raises LevelFormatError with its line number.
    (``decode=False`` leaves each solution's binary form undecoded: for SolutionIndex.)"""
    text = data.decode(TEXT_ENCODING) if isinstance(data, (bytes, bytearray)) else data
    newline = "\r\n" if "\r\n" in text else "\n"
    final_newline = text.endswith(newline)
    lines = text.split(newline)
    if final_newline:
        lines.pop()
    return _Parser(lines, decode).parse(newline, final_newline)


class SolutionIndex:
    """A player file's solutions by level MD5 (what ``PlayerFile.solutions_by_level`` gives),
    each level's decoded when it is first asked for: a collection's verification reads the
    file in every worker process, and each worker wants only its own levels' solutions.
    The file's lines and base64 are checked at once; a solution whose binary form is
    damaged raises LevelFormatError (naming its line) when its level is asked for."""

    def __init__(self, sets: list[tuple[str, list[tuple]]]):
        self._undecoded: dict[str, list[list[tuple]]] = {}
        for md5, solutions in sets:
            self._undecoded.setdefault(md5.lower(), []).append(solutions)
        self._decoded: dict[str, list[NamedSolution]] = {}

    def __len__(self) -> int:
        return len(self._undecoded)

    def total_moves(self) -> int:
        """The moves of every solution in the file, read from their headers without decoding
        them (a damaged header counts 0): how much playing a verification has before it."""
        total = 0
        for sets in self._undecoded.values():
            for solutions in sets:
                for data, _, _, old_form, _ in solutions:
                    total += _move_count(data, old_form)
        return total

    def get(self, md5: str, default=()):
        md5 = md5.lower()
        if md5 not in self._decoded:
            if md5 not in self._undecoded:
                return default
            merged: list[NamedSolution] = []
            earlier: set[NamedSolution] = set()
            for undecoded in self._undecoded[md5]:
                solutions = [_decode_solution_data(*parts) for parts in undecoded]
                merged += [solution for solution in solutions if solution not in earlier]
                earlier.update(solutions)
            self._decoded[md5] = merged
        return self._decoded[md5]


def _move_count(data: bytes, old_form: bool) -> int:
    at = 0
    if not old_form:  # date, then name, author and the solution itself, each length first
        at = 4
        for _ in range(2):
            at += 4 + int.from_bytes(data[at:at + 4], "big", signed=True)
        at += 4
    count = int.from_bytes(data[at:at + 4], "big", signed=True)
    return count if 0 <= count <= MAX_MOVES and at + 4 <= len(data) else 0


def read_solution_index(path) -> SolutionIndex:
    """The solutions of the player file at ``path`` by level, decoded as they are asked for
    (``SolutionIndex``); OSError when it cannot be read, LevelFormatError when its lines are
    damaged."""
    player = loads(read_file(path, MAX_FILE_BYTES, "an Escape player file"), decode=False)
    return SolutionIndex([(s.md5, s.solutions) for s in player.sets])


class _Parser:
    def __init__(self, lines: list[str], decode: bool = True):
        self.lines = lines
        self.number = 0  # of the line last taken, counting from 1
        # False: a solution is kept as its parts for _decode_solution_data (SolutionIndex)
        self.decode = decode

    def solution(self, text: str, old_form: bool, player: str):
        if self.decode:
            return _parse_solution(text, self.number, old_form, player)
        return (_b64decode(text, self.number), text, self.number, old_form, player)

    def take(self, what: str) -> str:
        if self.number >= len(self.lines):
            raise LevelFormatError(f"the file ends where {what} should be", self.number + 1)
        self.number += 1
        return self.lines[self.number - 1]

    def peek(self) -> str | None:
        return self.lines[self.number] if self.number < len(self.lines) else None

    def fail(self, message: str):
        raise LevelFormatError(message, self.number)

    def parse(self, newline: str, final_newline: bool) -> PlayerFile:
        if self.take("the magic line") != MAGIC_LINE:
            self.fail(f"not an Escape player file: the first line is not {MAGIC_LINE!r}")
        header = [MAGIC_LINE]
        for what in ("the web id", "a sequence number", "a sequence number"):
            value = self.take(what)
            if not is_ascii_number(value.strip(), signed=True):
                self.fail(f"{what} should be a number, not {shown(value)}")
            parse_int(value.strip(), what, *INT32, self.number)  # checked, kept as written
            header.append(value)
        header += [self.take("an ignored header line") for _ in range(IGNORED_HEADER_LINES)]
        name = self.take("the player's name")
        if self.take(f"the line {SOLUTIONS_LINE!r}") != SOLUTIONS_LINE:
            self.fail(f"expected the line {SOLUTIONS_LINE!r}")
        player = PlayerFile(header, name, newline=newline, final_newline=final_newline)
        while (line := self.take(f"the line {RATINGS_LINE!r}")) != RATINGS_LINE:
            player.sets.append(self.solution_set(line, name))
        while (line := self.take(f"the line {PREFS_LINE!r}")) != PREFS_LINE:
            parts = line.split()
            if len(parts) != 2 or not _MD5.fullmatch(parts[0]):
                self.fail("a rating line should be an MD5 and base64 data")
            _b64decode(parts[1], self.number)
            player.ratings.append(line)
        player.prefs = self.peek()
        if player.prefs is not None:
            self.take("the preferences")
            _b64decode(player.prefs.strip(), self.number)
        if any(rest.strip() for rest in self.lines[self.number:]):
            self.number += 1
            self.fail("unexpected text after the preferences")
        player.trailing_lines = self.lines[self.number:]
        return player

    def solution_set(self, first: str, player: str) -> SolutionSet:
        start = self.number - 1
        parts = first.split()
        if not parts or not _MD5.fullmatch(parts[0]):
            self.fail(f"expected a solution set starting with a level's MD5, not {shown(first)}")
        md5 = parts[0]
        if len(parts) == 2:  # the old single-solution form; a closing '!' is optional
            solutions = [self.solution(parts[1], True, player)]
            if self.peek() == END_OF_SET:
                self.take(END_OF_SET)
        elif len(parts) == 3 and parts[1] == "*":
            solutions = [self.solution(parts[2], False, player)]
            while (line := self.take(f"the line {END_OF_SET!r} closing the set")) != END_OF_SET:
                if line in (RATINGS_LINE, PREFS_LINE) or _MD5.match(line):
                    self.fail(f"the solution set of line {start + 1} is not closed with {END_OF_SET!r}")
                if not line.startswith(" ") or len(line.split()) != 1:
                    self.fail("a further solution should be one indented base64 line")
                solutions.append(self.solution(line.strip(), False, player))
        else:
            self.fail("a solution set starts with 'MD5 * BASE64'")
        return SolutionSet(md5, solutions, self.lines[start:self.number], tuple(solutions))
