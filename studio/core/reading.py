"""Reading a file the user named: only a regular file, and never more than its format allows.

Every place that reads a level or a player file (the CLI, the GUI's Open, recent
files, drag and drop, a playlist's next level) goes through ``read_file``, so a
FIFO named ``x.esx`` or a link to ``/dev/zero`` is refused at once with a clear
message instead of blocking or reading without end. Pure Python, no Qt.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

DEFAULT_MAX_BYTES = 16 << 20  # for a caller that names no format's own cap

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device (character special file)"),
    (stat.S_ISBLK, "a device (block special file)"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableFileError(OSError):
    """A file the studio will not read; ``str()`` (and ``strerror``) says why, without the path."""

    def __init__(self, reason: str, path: str | Path | None = None):
        super().__init__(reason)
        self.strerror = reason
        self.filename = None if path is None else str(path)

    def __str__(self) -> str:
        return self.strerror


def describe_size(size: int) -> str:
    """E.g. "512 bytes", "3.2 MB"."""
    if size < 1000:
        return f"{size} bytes"
    for unit, scale in (("kB", 1e3), ("MB", 1e6), ("GB", 1e9)):
        if size < scale * 1000 or unit == "GB":
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"


def read_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES, what: str = "a file") -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed).

    Raises UnreadableFileError for anything else (a folder, a FIFO, a device, a socket)
    and for a file of more than ``max_bytes`` (``what`` names the kind of file in that
    message, e.g. "a ChronoShift level"); OSError as the system gives it otherwise (no such
    file, permission denied).
    """
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a regular file")
            raise UnreadableFileError(f"this is {kind}, not a regular file: only files are read", path)
        if info.st_size > max_bytes:
            raise UnreadableFileError(_too_big(info.st_size, max_bytes, what), path)
        chunks, total = [], 0
        # Read to the end but never past the cap: /proc files say they hold 0 bytes.
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise UnreadableFileError(_too_big(None, max_bytes, what), path)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_big(size: int | None, max_bytes: int, what: str) -> str:
    found = f"{describe_size(size)}" if size is not None else f"more than {describe_size(max_bytes)}"
    return f"the file holds {found}; {what} is at most {describe_size(max_bytes)}"


def read_level(path: str | Path, game) -> bytes:
    """The bytes of a level file of ``game`` (a core.game.Game), within its ``max_file_bytes``."""
    article = "an" if game.name[:1].lower() in "aeiou" else "a"
    return read_file(path, game.max_file_bytes, f"{article} {game.name} level")
