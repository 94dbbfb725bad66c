"""Errors shared by every game: a file that breaks a rule of its format."""


class LevelFormatError(ValueError):
    """A level file that cannot be read; the message names the broken rule."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class LevelLimitError(ValueError):
    """An edit that would take a level past its game's limits."""
