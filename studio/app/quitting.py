"""Quitting with unsaved levels: one question for all of them.

One unsaved level is asked about as closing its tab asks (Save, Discard, Cancel);
several are listed in a single dialog: Save All, Discard All or Cancel. A level
that cannot be saved (the designer cancels its Save As, or the disk refuses) keeps
the studio open, so no work is lost on the way out.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from studio.app.plain_text import message_box

MAX_LISTED = 12  # names in the dialog's text; the rest are counted


def ask_save_all(parent: QWidget, names: list[str]) -> QMessageBox.StandardButton:
    """Save All, Discard (shown as "Discard All") or Cancel, for several unsaved levels."""
    buttons = QMessageBox.StandardButton
    listed = "\n".join(f"  •  {name}" for name in names[:MAX_LISTED])
    more = len(names) - MAX_LISTED
    if more > 0:
        listed += f"\n  …and {more} more"
    box = message_box(parent, QMessageBox.Icon.Question, "Unsaved changes",
                      f"{len(names)} levels have unsaved changes:\n\n{listed}\n\nSave them before quitting?",
                      buttons.SaveAll | buttons.Discard | buttons.Cancel, buttons.SaveAll)
    box.button(buttons.Discard).setText("Discard All")
    box.button(buttons.SaveAll).setText("Save All")
    box.exec()
    return box.standardButton(box.clickedButton()) if box.clickedButton() else buttons.Cancel


def settle_unsaved_before_quit(window) -> bool:
    """Ask about every unsaved level at once and act on the answer; True when the studio
    may quit (all saved, or the designer chose to discard)."""
    unsaved = [pane for pane in window.panes() if pane.document.is_modified]
    if not unsaved:
        return True
    if len(unsaved) == 1:
        return window.resolve_unsaved(unsaved[0])
    buttons = QMessageBox.StandardButton
    answer = window.ask_save_all([pane.document.display_name() for pane in unsaved])
    if answer == buttons.Discard:
        return True
    if answer != buttons.SaveAll:
        return False
    for pane in unsaved:
        window.tabs.setCurrentWidget(pane)  # a Save As dialog says which level it is for
        if not window.save(pane):
            return False
    return True
