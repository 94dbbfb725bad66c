"""The "2D SuperFun!" level format of ChronoShift, read and written exactly.

A file is, line by line::

    2D SuperFun!
    +++++          the map: rows of glyphs up to the first empty line, all
    +S  +          as wide as the first, wall ('+') all round, one 'S'
    +++++
                   (empty line)
    button (1, 2) -> gate (3, 4)     the links, or "nothing"; may be left out
                   (empty line)      when no section follows
    Description: ...                 one paragraph of control-file fields

Coordinates are (x, y) from the top-left corner, from 0. Reading then writing
an unedited level gives back the same bytes: the level's ``layout`` keeps the
line endings, blank lines and the order and spelling of link lines, and each
metadata field keeps its lines. A file that breaks a rule raises
LevelFormatError naming the line and the rule.
"""

from __future__ import annotations

import re

from studio.core.errors import LevelFormatError
from studio.core.numbers import parse_int, shown
from studio.games.chrono.glyphs import TIME_MACHINE_CHAR, Glyph, glyph_for_char, glyph_name, is_button, is_gate
from studio.games.chrono.level import MAX_SIDE, ChronoLevel, Layout
from studio.games.chrono.metadata import parse_metadata
from studio.games.chrono.solution import action_letters, solution_problem

MAGIC = "2D SuperFun!"
NOTHING = "nothing"
_NUMBER = r"\s*([0-9]+)\s*"  # ASCII digits only: parse_int checks the length and the range
_LINK = re.compile(rf"^\s*button\s*\({_NUMBER},{_NUMBER}\)\s*->\s*gate\s*\({_NUMBER},{_NUMBER}\)\s*$")
_FIELD = re.compile(r"^[^\s:][^:]*:")


def link_line(button: tuple[int, int], gate: tuple[int, int]) -> str:
    return f"button ({button[0]}, {button[1]}) -> gate ({gate[0]}, {gate[1]})"


def looks_like_superfun(data: bytes) -> bool:
    """Whether ``data`` starts as a "2D SuperFun!" file (a cheap test of the first line)."""
    return data.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].rstrip(b"\r") == MAGIC.encode()


# -- reading --------------------------------------------------------------------------
def load_superfun(data: bytes) -> ChronoLevel:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LevelFormatError("the file is not UTF-8 text", line) from None
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    final_newline = len(lines) > 1 and lines[-1] == ""
    if final_newline:
        lines.pop()
    if not lines or lines[0] != MAGIC:
        raise LevelFormatError(f"not a ChronoShift level: the first line must be {MAGIC!r}", 1)

    position = 1
    map_rows: list[str] = []
    while position < len(lines) and lines[position] != "":
        if len(map_rows) == MAX_SIDE:
            raise LevelFormatError(f"the map has more than {MAX_SIDE} rows; the studio edits levels up to "
                                   f"{MAX_SIDE}x{MAX_SIDE}", position + 1)
        map_rows.append(lines[position])
        position += 1
    if not map_rows:
        raise LevelFormatError("the map is missing: it must follow the first line", 2)
    width, height, glyphs, start = _read_map(map_rows)
    level = ChronoLevel(width, height, glyphs, start)

    sections: list[tuple[int, list[str], tuple[str, ...]]] = []  # (first line index, lines, blank lines before)
    while position < len(lines):
        gap_start = position
        while position < len(lines) and lines[position].strip() == "":
            position += 1
        gap = tuple(lines[gap_start:position])
        if position == len(lines):
            sections.append((position, [], gap))  # only the trailing blank lines
            break
        first = position
        while position < len(lines) and lines[position].strip() != "":
            position += 1
        sections.append((first, lines[first:position], gap))

    layout = {"newline": newline, "final_newline": final_newline}
    trailer: tuple[str, ...] = ()
    if sections and not sections[-1][1]:
        trailer = sections.pop()[2]
    if sections and _is_links_section(sections[0][1]):
        first, body, gap = sections.pop(0)
        layout["gap_after_map"] = gap
        order, texts, style = _read_links(level, body, first + 1)
        layout.update(link_order=order, link_texts=texts, links_section=style)
        if style == NOTHING:
            layout["nothing_line"] = body[0]
        if sections:
            layout["gap_after_links"] = sections[0][2]
    else:
        layout["links_section"] = "omitted"
        if sections:
            layout["gap_after_map"] = sections[0][2]
    if sections:
        first, body, _gap = sections.pop(0)
        if not _FIELD.match(body[0]):
            raise LevelFormatError(
                "expected the links ('button (x, y) -> gate (x, y)' or 'nothing') or a metadata field 'Name: value', "
                f"found {shown(body[0])}", first + 1)
        level.metadata = parse_metadata(body, first + 1)
        _check_solution(level, first + 1)
    if sections:
        raise LevelFormatError("only one metadata paragraph may follow the links", sections[0][0] + 1)
    level.layout = Layout(trailer=trailer, **layout)
    return level


def _check_solution(level: ChronoLevel, first_line: int) -> None:
    """The Solution field within a solution's limits (its letters are checked when played)."""
    line = first_line
    for field in level.metadata.fields:
        if field.name.lower() == "solution":
            problem = solution_problem(action_letters(field.text))
            if problem is not None:
                raise LevelFormatError(f"Solution: {problem}", line)
        line += len(field.lines)


def _read_map(rows: list[str]) -> tuple[int, int, list[int], int]:
    width, height = len(rows[0]), len(rows)
    if width > MAX_SIDE:
        raise LevelFormatError(f"the map is {width} fields wide; the studio edits levels up to "
                               f"{MAX_SIDE}x{MAX_SIDE}", 2)
    glyphs: list[int] = []
    start: tuple[int, int] | None = None
    for y, row in enumerate(rows):
        line = y + 2
        if len(row) != width:
            raise LevelFormatError(f"the map's rows must be equally wide: this one is {len(row)}, the first is {width}", line)
        for x, char in enumerate(row):
            if char == TIME_MACHINE_CHAR:
                if start is not None:
                    raise LevelFormatError(
                        f"a second time machine 'S' at ({x}, {y}); the first is at ({start[0]}, {start[1]})", line)
                start = (x, y)
                glyph = Glyph.FLOOR
            else:
                glyph = glyph_for_char(char)
                if glyph is None:
                    raise LevelFormatError(f"unknown glyph {char!r} at ({x}, {y})", line)
            if (x in (0, width - 1) or y in (0, height - 1)) and (glyph != Glyph.WALL or char == TIME_MACHINE_CHAR):
                raise LevelFormatError(f"the map must be walled all round with '+', but ({x}, {y}) is {char!r}", line)
            glyphs.append(int(glyph))
    if start is None:
        raise LevelFormatError("the map has no time machine 'S'", 2)
    return width, height, glyphs, start[1] * width + start[0]


def _is_links_section(body: list[str]) -> bool:
    first = body[0].strip()
    return first == NOTHING or first.startswith("button")


def _read_links(level: ChronoLevel, body: list[str], first_line: int):
    """Fill ``level.links``; returns the listing order, unusual spellings and the section's style."""
    if [line.strip() for line in body] == [NOTHING]:
        return (), (), "nothing"
    order, texts = [], []
    seen: dict[tuple, int] = {}
    for offset, line in enumerate(body):
        number = first_line + offset
        match = _LINK.match(line)
        if match is None:
            what = "'nothing' must stand alone" if line.strip() == NOTHING else f"found {shown(line)}"
            raise LevelFormatError(f"expected a link 'button (x, y) -> gate (x, y)': {what}", number)
        bx, by, gx, gy = (parse_int(text, f"the {role} {axis}", 0, MAX_SIDE - 1, number)
                          for text, role, axis in zip(match.groups(), ("button", "button", "gate", "gate"), "xyxy"))
        for role, (x, y) in (("button", (bx, by)), ("gate", (gx, gy))):
            if not level.contains(x, y):
                raise LevelFormatError(f"the {role} ({x}, {y}) is outside the {level.width}x{level.height} map", number)
        button, gate = level.index(bx, by), level.index(gx, gy)
        if not is_button(level.glyphs[button]):
            raise LevelFormatError(f"a link from ({bx}, {by}), which is {_describe(level, button)}, not a button", number)
        if not is_gate(level.glyphs[gate]):
            raise LevelFormatError(f"a link to ({gx}, {gy}), which is {_describe(level, gate)}, not a gate", number)
        pair = ((bx, by), (gx, gy))
        if pair in seen:
            raise LevelFormatError(f"this link is already given on line {seen[pair]}", number)
        seen[pair] = number
        level.links[button] = (*level.links.get(button, ()), gate)
        order.append(pair)
        if line != link_line(*pair):
            texts.append((pair, line))
    return tuple(order), tuple(texts), "lines"


def _describe(level: ChronoLevel, index: int) -> str:
    if index == level.start:
        return "the time machine 'S'"
    glyph = level.glyphs[index]
    return f"{glyph_name(glyph)} {chr(glyph)!r}"


# -- writing --------------------------------------------------------------------------
def map_rows(level: ChronoLevel) -> list[str]:
    rows = []
    for y in range(level.height):
        row = [chr(level.glyphs[y * level.width + x]) for x in range(level.width)]
        if level.start // level.width == y:
            row[level.start % level.width] = TIME_MACHINE_CHAR
        rows.append("".join(row))
    return rows


def link_lines(level: ChronoLevel) -> list[str]:
    """The link lines: those read from the file in their order and spelling, then new ones sorted."""
    present = {(level.xy(b), level.xy(g)) for b, g in level.link_pairs()}
    texts = dict(level.layout.link_texts)
    ordered = [pair for pair in level.layout.link_order if pair in present]
    ordered += sorted(present - set(ordered))
    return [texts.get(pair, link_line(*pair)) for pair in ordered]


def dump_superfun(level: ChronoLevel) -> str:
    """The file's text (not checked; ``save_superfun`` refuses what it could not read back)."""
    layout = level.layout
    out = [MAGIC, *map_rows(level)]
    links = link_lines(level)
    meta = level.metadata.lines()
    if not links and (layout.links_section == "nothing" or (meta and layout.links_section != "omitted")):
        links = [layout.nothing_line]
    if links:
        out += [*layout.gap_after_map, *links]
        if meta:
            out += [*layout.gap_after_links, *meta]
    elif meta:
        out += [*layout.gap_after_map, *meta]
    out += layout.trailer
    return layout.newline.join(out) + (layout.newline if layout.final_newline else "")


def save_superfun(level: ChronoLevel) -> bytes:
    """The file's bytes; raises LevelFormatError when the level breaks a rule of the format
    (it would be refused when read back), naming it."""
    data = dump_superfun(level).encode("utf-8")
    load_superfun(data)
    return data
