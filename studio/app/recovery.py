"""The recovery folder: autosaved copies of levels with unsaved changes, kept until they are
saved or discarded, and found again after the studio was killed.

Each running studio writes into its own session folder, ``recovery/session-ID/``, held by a
lock file (QLockFile: the lock of a process that no longer runs is stale). An entry is a
level's bytes (``ID.level``, in its game's own format) and a description (``ID.json``: its
game, its file, when it was written), each written atomically, the description last, so an
entry is whole once its description exists. At start, the sessions whose lock can be taken
belong to a studio that ended without cleaning up: their entries are offered for recovery.
"""

from __future__ import annotations

import json
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QStandardPaths

from studio.core.files import write_atomic

SESSION_PREFIX = "session-"
LOCK_NAME = "lock"


def default_recovery_folder() -> Path:
    """``recovery`` in the studio's data folder (QStandardPaths.AppDataLocation)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location or Path.home() / ".puzzle-level-studio") / "recovery"


@dataclass(frozen=True)
class RecoveryEntry:
    """One autosaved level: where its two files are, and what it describes."""

    folder: Path
    entry_id: str
    game_id: str
    path: str | None  # the level's own file, None for a level never saved
    name: str  # what the tab showed
    saved_at: float  # time.time() of the autosave

    @property
    def data_file(self) -> Path:
        return self.folder / f"{self.entry_id}.level"

    @property
    def description_file(self) -> Path:
        return self.folder / f"{self.entry_id}.json"

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.saved_at))


def _lock(folder: Path) -> QLockFile:
    lock = QLockFile(str(folder / LOCK_NAME))
    lock.setStaleLockTime(0)  # stale only when its process is gone, however long it has run
    return lock


class RecoveryStore:
    """This studio's session folder, and the entries left by studios that ended uncleanly."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.session = self.root / f"{SESSION_PREFIX}{uuid.uuid4().hex}"
        self._lock: QLockFile | None = None
        self._orphan_locks: dict[Path, QLockFile] = {}

    def _open_session(self) -> None:
        if self._lock is None:
            self.session.mkdir(parents=True, exist_ok=True)
            self._lock = _lock(self.session)
            self._lock.tryLock(0)

    # -- this session's entries ------------------------------------------------------------
    def write(self, entry_id: str, data: bytes, game_id: str, path: str | None, name: str) -> RecoveryEntry:
        """Write (or replace) an entry; OSError when the folder refuses."""
        self._open_session()
        entry = RecoveryEntry(self.session, entry_id, game_id, path, name, time.time())
        write_atomic(entry.data_file, data)
        description = {"game": game_id, "path": path, "name": name, "saved_at": entry.saved_at}
        write_atomic(entry.description_file, json.dumps(description, indent=1).encode())
        return entry

    def remove(self, entry_id: str) -> None:
        for suffix in (".json", ".level"):  # the description first: a half-removed entry is no entry
            (self.session / f"{entry_id}{suffix}").unlink(missing_ok=True)

    def has(self, entry_id: str) -> bool:
        return (self.session / f"{entry_id}.json").is_file()

    def close(self) -> None:
        """The studio ends cleanly: its session folder goes, and the locks it holds are released."""
        self.release_orphans()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        shutil.rmtree(self.session, ignore_errors=True)

    # -- what studios that ended uncleanly left ---------------------------------------------
    def orphans(self) -> list[RecoveryEntry]:
        """Entries of sessions whose studio no longer runs, oldest first. Their sessions stay
        locked by this studio until ``release_orphans``, so no other studio offers them too."""
        found: list[RecoveryEntry] = []
        if not self.root.is_dir():
            return found
        for folder in sorted(self.root.glob(f"{SESSION_PREFIX}*")):
            if folder == self.session or not folder.is_dir():
                continue
            lock = self._orphan_locks.get(folder)
            if lock is None:
                lock = _lock(folder)
                if not lock.tryLock(0):
                    continue  # a running studio's session
                self._orphan_locks[folder] = lock
            found += _entries_in(folder)
        return sorted(found, key=lambda entry: entry.saved_at)

    def adopt(self, entry: RecoveryEntry, entry_id: str) -> RecoveryEntry:
        """Move an orphan entry into this session under ``entry_id`` (the recovered level's)."""
        self._open_session()
        adopted = RecoveryEntry(self.session, entry_id, entry.game_id, entry.path, entry.name, entry.saved_at)
        entry.data_file.replace(adopted.data_file)
        entry.description_file.replace(adopted.description_file)
        return adopted

    @staticmethod
    def discard(entry: RecoveryEntry) -> None:
        entry.description_file.unlink(missing_ok=True)
        entry.data_file.unlink(missing_ok=True)

    def release_orphans(self) -> None:
        """Unlock the orphan sessions; the emptied ones are removed, the others wait for a later start."""
        for folder, lock in self._orphan_locks.items():
            if not _entries_in(folder):
                lock.unlock()
                shutil.rmtree(folder, ignore_errors=True)
            else:
                lock.unlock()
        self._orphan_locks.clear()


def _entries_in(folder: Path) -> list[RecoveryEntry]:
    entries = []
    for description in folder.glob("*.json"):
        try:
            fields = json.loads(description.read_text(encoding="utf-8"))
            entry = RecoveryEntry(folder, description.stem, str(fields["game"]), fields.get("path"),
                                  str(fields.get("name") or "Untitled"), float(fields.get("saved_at") or 0))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # not one of ours, or damaged: left alone
        if entry.data_file.is_file():
            entries.append(entry)
    return entries
