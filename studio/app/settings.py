"""Persistent settings: recent files and view options, kept with QSettings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 10


class StudioSettings:
    def __init__(self, settings: QSettings | None = None):
        self.qsettings = settings or QSettings("PuzzleLevelStudio", "Studio")

    def recent_files(self) -> list[str]:
        value = self.qsettings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [path for path in (value or []) if path]

    def add_recent_file(self, path: str | Path) -> list[str]:
        path = str(Path(path).resolve())
        files = [path] + [p for p in self.recent_files() if p != path]
        files = files[:MAX_RECENT]
        self.qsettings.setValue("recentFiles", files)
        return files

    def remove_recent_file(self, path: str) -> None:
        self.qsettings.setValue("recentFiles", [p for p in self.recent_files() if p != path])

    def value(self, key: str, default=None, kind=None):
        if kind is bool:
            value = self.qsettings.value(key, default)
            return value in (True, "true", "1", 1) if value is not None else default
        return self.qsettings.value(key, default, kind) if kind else self.qsettings.value(key, default)

    def set_value(self, key: str, value) -> None:
        self.qsettings.setValue(key, value)

    def remove(self, key: str) -> None:
        self.qsettings.remove(key)
