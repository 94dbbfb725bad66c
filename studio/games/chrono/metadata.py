"""The metadata paragraph of a level: fields in the style of Debian control files.

A field starts with ``Name: value``; lines that start with a space or a tab
continue it, and a continuation line of just ``.`` stands for an empty line.
Each field keeps the lines it was read from, so an unedited field is written
back byte for byte; only a field given new text is formatted afresh.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from studio.core.errors import LevelFormatError
from studio.core.numbers import shown

_FIELD_START = re.compile(r"^([^\s:][^:]*):(.*)$")


@dataclass(frozen=True)
class Field:
    name: str
    lines: tuple[str, ...]  # the field's lines as written, the first being "Name: ..."

    @property
    def text(self) -> str:
        """The value as plain text: continuation lines unindented, " ." as an empty line."""
        first = _FIELD_START.match(self.lines[0]).group(2).strip()
        rest = []
        for line in self.lines[1:]:
            body = line[1:].rstrip()
            rest.append("" if body.strip() == "." else body)
        if not first and rest:
            return "\n".join(rest)
        return "\n".join([first, *rest])

    @classmethod
    def from_text(cls, name: str, text: str) -> "Field":
        """A field holding ``text``: its first line beside the name, the others indented."""
        lines = text.split("\n")
        head = f"{name}: {lines[0]}" if lines[0] else f"{name}:"
        return cls(name, (head, *(f" {line}" if line.strip() else " ." for line in lines[1:])))


@dataclass(frozen=True)
class Metadata:
    fields: tuple[Field, ...] = ()

    def field(self, name: str) -> Field | None:
        """The field of that name (names are case-insensitive, as in control files)."""
        wanted = name.lower()
        return next((f for f in self.fields if f.name.lower() == wanted), None)

    def text(self, name: str) -> str:
        found = self.field(name)
        return found.text if found is not None else ""

    def with_text(self, name: str, text: str) -> "Metadata":
        """The metadata with one field set to ``text`` (in its old place), or removed when empty."""
        text = text.rstrip("\n")
        old = self.field(name)
        if old is not None and old.text == text:
            return self
        new = Field.from_text(old.name if old else name, text) if text.strip() else None
        fields = []
        for f in self.fields:
            if f is old:
                if new is not None:
                    fields.append(new)
            else:
                fields.append(f)
        if old is None and new is not None:
            fields.append(new)
        return Metadata(tuple(fields))

    def lines(self) -> list[str]:
        return [line for f in self.fields for line in f.lines]


def parse_metadata(lines: list[str], first_line_number: int) -> Metadata:
    """Read one paragraph; ``first_line_number`` is the file line of ``lines[0]`` (for messages)."""
    fields: list[Field] = []
    current: list[str] = []
    seen: dict[str, int] = {}
    for offset, line in enumerate(lines):
        number = first_line_number + offset
        if line[:1] in (" ", "\t"):
            if not current:
                raise LevelFormatError("a continuation line (starting with a space) comes before any field", number)
            current.append(line)
            continue
        match = _FIELD_START.match(line)
        if match is None:
            raise LevelFormatError(f"expected a metadata field 'Name: value', found {shown(line)}", number)
        name = match.group(1)
        if name.lower() in seen:
            raise LevelFormatError(f"the field {shown(name)} is given twice (first on line {seen[name.lower()]})", number)
        seen[name.lower()] = number
        if current:
            fields.append(Field(_FIELD_START.match(current[0]).group(1), tuple(current)))
        current = [line]
    if current:
        fields.append(Field(_FIELD_START.match(current[0]).group(1), tuple(current)))
    return Metadata(tuple(fields))
