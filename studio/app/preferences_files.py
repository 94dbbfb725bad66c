"""The "Files" page of Preferences: how often open levels are autosaved, and whether a save
keeps a backup of the version it replaces. The settings' keys and defaults live here too."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QFormLayout, QSpinBox, QWidget

from studio.app.autosave import DEFAULT_INTERVAL_SECONDS

AUTOSAVE_KEY = "files/autosave_seconds"
BACKUP_KEY = "files/keep_backup"
RECOVERY_FOLDER_KEY = "files/recovery_folder"  # not on the page: tests and unusual set-ups set it
MAX_INTERVAL_SECONDS = 3600


def autosave_seconds(settings) -> int:
    """Seconds between autosaves (0: off)."""
    try:
        value = int(settings.value(AUTOSAVE_KEY, DEFAULT_INTERVAL_SECONDS))
    except (TypeError, ValueError):
        return DEFAULT_INTERVAL_SECONDS
    return min(max(value, 0), MAX_INTERVAL_SECONDS)


def keep_backup(settings) -> bool:
    return bool(settings.value(BACKUP_KEY, True, bool))


def recovery_folder(settings) -> Path:
    from studio.app.recovery import default_recovery_folder

    chosen = settings.value(RECOVERY_FOLDER_KEY, "")
    return Path(chosen) if chosen else default_recovery_folder()


class FilesPage(QWidget):
    title = "Files"

    def __init__(self, settings, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.interval = QSpinBox()
        self.interval.setRange(0, MAX_INTERVAL_SECONDS)
        self.interval.setSuffix(" s")
        self.interval.setSpecialValueText("Never")
        self.interval.setValue(autosave_seconds(settings))
        self.interval.setToolTip("How often the open levels with unsaved changes are copied to the recovery "
                                 "folder, from where the studio offers them back after a crash")
        self.backup = QCheckBox("Keep a backup of the version a save replaces (NAME.ext~)")
        self.backup.setChecked(keep_backup(settings))
        form = QFormLayout(self)
        form.addRow("&Autosave every:", self.interval)
        form.addRow("", self.backup)

    def apply(self, window) -> None:
        self.settings.set_value(AUTOSAVE_KEY, self.interval.value())
        self.settings.set_value(BACKUP_KEY, self.backup.isChecked())
        safety = getattr(window, "file_safety", None)
        if safety is not None:
            safety.preferences_changed()
