"""Answering the studio's modal dialogs from a test, as a user would: by clicking their buttons."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

POLL_MS = 30


def button_named(dialog: QWidget, text: str) -> QAbstractButton:
    """The dialog's button whose label (without its & shortcut mark) is ``text``."""
    for button in dialog.findChildren(QAbstractButton):
        if button.text().replace("&", "") == text and button.isVisible():
            return button
    labels = [button.text() for button in dialog.findChildren(QAbstractButton)]
    raise AssertionError(f"no button {text!r} in {type(dialog).__name__}: {labels}")


class DialogAnswers:
    """Answers the next modal dialogs in order; each answer is a button's label, or a function
    given the dialog. ``seen`` keeps each dialog answered (with its text, read before answering)."""

    def __init__(self, *answers: str | Callable[[QWidget], None]):
        self.answers = list(answers)
        self.seen: list[QWidget] = []
        self.texts: list[str] = []
        QTimer.singleShot(0, self._poll)

    def _poll(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None and dialog.isVisible() and self.answers:
            answer = self.answers.pop(0)
            self.seen.append(dialog)
            self.texts.append(getattr(dialog, "text", lambda: "")())
            if callable(answer):
                answer(dialog)
            else:
                button_named(dialog, answer).click()
        if self.answers:
            QTimer.singleShot(POLL_MS, self._poll)

    @property
    def done(self) -> bool:
        return not self.answers
