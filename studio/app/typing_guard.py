"""Typed text never turns into tool shortcuts.

The editor's tools answer single keys (B brush, F fill…) anywhere in the window.
While a text field has the keyboard, every key without Ctrl, Alt or Meta is the
field's. A panel marked with ``keep_typing(widget)`` (the Community dock, with its
comment box) keeps them too: a click anywhere on it, even on a disabled field,
takes the keyboard from the canvas, so text typed after a missed click goes
nowhere instead of switching tools and painting.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QWidget

KEEPS_TYPING = "keepsTyping"  # the dynamic property keep_typing sets
COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                     | Qt.KeyboardModifier.MetaModifier)
EDITING_KEYS = {Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Left,
                Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Space}


def keep_typing(widget: QWidget) -> None:
    """Mark ``widget`` as a panel whose keys are never shortcuts; it takes focus on a click."""
    widget.setProperty(KEEPS_TYPING, True)
    widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)


def is_text_entry(widget: QWidget | None) -> bool:
    if isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox)):
        return not getattr(widget, "isReadOnly", lambda: False)()
    return isinstance(widget, QComboBox) and widget.isEditable()


def typing_panel(widget: QWidget | None) -> QWidget | None:
    while widget is not None:
        if widget.property(KEEPS_TYPING):
            return widget
        widget = widget.parentWidget()
    return None


class TypingGuard(QObject):
    """An application event filter: plain keys go to text fields and typing panels, never
    to the window's shortcuts; a click on a typing panel moves the keyboard there."""

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride:
            focus = QApplication.focusWidget()
            typed = event.text().isprintable() and bool(event.text()) or event.key() in EDITING_KEYS
            if typed and not (event.modifiers() & COMMAND_MODIFIERS) and (is_text_entry(focus) or typing_panel(focus)):
                event.accept()  # the key goes to the focused widget as a key press
                return True
        elif kind == QEvent.Type.MouseButtonPress and isinstance(watched, QWidget):
            panel = typing_panel(watched)
            if panel is not None and typing_panel(QApplication.focusWidget()) is not panel:
                target = watched if watched.isEnabled() and watched.focusPolicy() & Qt.FocusPolicy.ClickFocus else panel
                target.setFocus(Qt.FocusReason.MouseFocusReason)
        return False


def install_typing_guard(window: QWidget) -> TypingGuard:
    """Guard the whole application for as long as ``window`` lives."""
    guard = TypingGuard(window)
    QApplication.instance().installEventFilter(guard)
    return guard
