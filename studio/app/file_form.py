"""Actions that need the level as a file (solve, upload, submit a lock) on a level its
format cannot hold yet (a ChronoShift map whose wall border was painted over): each
says so the way Save does, naming the level and the problem, instead of failing."""

from __future__ import annotations


def unwritable_text(document, error: Exception) -> str:
    """Save's words for a level that cannot be written."""
    return (f"{document.display_name()} cannot be written as a {document.game.name} level: {error}\n"
            f"The level is still open and unchanged.")


def say_unwritable(window, document, action: str, error: Exception) -> None:
    """A message box: "Cannot ACTION", the level and why it cannot be a file."""
    window.show_error(f"Cannot {action}", unwritable_text(document, error))


def file_form(window, document, action: str) -> bytes | None:
    """The level as its file; None after saying why it cannot be one."""
    try:
        return document.game.save(document.level)
    except ValueError as error:  # LevelFormatError, LevelLimitError
        say_unwritable(window, document, action, error)
        return None
