"""Writing files safely: a crash, a full disk or a power cut never leaves a half-written level.

``write_atomic`` writes a temporary file beside the target, flushes it to the
disk, renames it over the target and flushes the folder, so the name always
holds either the old bytes or the new ones. It also:

- refuses a read-only file (the rename itself would only need the folder's
  permission, so without this check a read-only level would be replaced);
- refuses to replace anything but a regular file (a FIFO, a folder, or a device
  such as ``/dev/null`` that a link names: run as root, the rename would replace it);
- writes through a symbolic link to the file it names, leaving the link alone;
- keeps the replaced file's mode and, where the system allows, its owner and group;
- on request keeps the version it replaces as one backup, ``name.ext~``.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

BACKUP_SUFFIX = "~"
NEW_FILE_MODE = 0o644


class ReadOnlyFileError(PermissionError):
    """The file exists and is read-only; saving under another name is the way out."""

    def __init__(self, path: str | Path):
        super().__init__(f"{Path(path).name} is read-only: the studio does not replace it (save it under "
                         f"another name, or make it writable first)")
        self.strerror = str(self.args[0])
        self.filename = str(path)

    def __str__(self) -> str:
        return self.strerror


class NotAFileError(OSError):
    """Something other than a regular file (a FIFO, a folder, a device) has the name: a save
    never replaces it."""

    def __init__(self, path: str | Path, kind: str):
        super().__init__(f"{Path(path).name} is {kind}, not a regular file: the studio saves over files only "
                         f"(save under another name)")
        self.strerror = str(self.args[0])
        self.filename = str(path)

    def __str__(self) -> str:
        return self.strerror


def backup_path(path: str | Path) -> Path:
    """Where the version a save replaces is kept: ``name.ext~`` beside it."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def resolve_link(path: str | Path) -> Path:
    """The file a save to ``path`` writes: the final target of a symbolic link, else ``path``."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def is_read_only(path: str | Path) -> bool:
    """Whether the file exists and must not be written: no write permission, or (for the
    owner, who may always write as root) its owner's write bit cleared."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    return not os.access(path, os.W_OK) or not info.st_mode & stat.S_IWUSR


def write_atomic(path: str | Path, data: bytes, backup: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (see the module docstring); returns the file
    written (the link's target when ``path`` is a symbolic link). Raises ReadOnlyFileError
    for a read-only file, OSError when the disk or the folder refuses."""
    target = resolve_link(path)
    try:
        old = os.stat(target)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise NotAFileError(target, _kind(old.st_mode))
    if old is not None and is_read_only(target):
        raise ReadOnlyFileError(target)
    folder = target.parent
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        if old is not None:
            os.chmod(temp_name, stat.S_IMODE(old.st_mode))
            _keep_owner(temp_name, old)
        else:
            os.chmod(temp_name, NEW_FILE_MODE)
        staged_backup = _stage_backup(target) if backup and old is not None else None
        try:
            os.replace(temp_name, target)
        except BaseException:
            _remove(staged_backup)
            raise
        if staged_backup is not None:
            os.replace(staged_backup, backup_path(target))
    except BaseException:
        _remove(temp_name)
        raise
    sync_folder(folder)
    return target


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a file")


def _remove(name: str | Path | None) -> None:
    if name is not None:
        try:
            os.unlink(name)
        except FileNotFoundError:
            pass


def _keep_owner(temp_name: str, old: os.stat_result) -> None:
    """Give the new file the old one's owner and group; only root may give a file away,
    so for others the group alone is tried (a group the user belongs to)."""
    if not hasattr(os, "chown") or (old.st_uid, old.st_gid) == (os.getuid(), os.getgid()):
        return
    for uid in (old.st_uid, -1):
        try:
            os.chown(temp_name, uid, old.st_gid)
            return
        except PermissionError:
            continue


def _stage_backup(target: Path) -> Path:
    """A hidden copy of ``target``'s current version, renamed to ``target~`` once the new one
    is in place: a hard link where the file system has them (instant: the old file itself),
    else a copy."""
    backup = backup_path(target)
    staging = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    _remove(staging)
    try:
        os.link(target, staging)
    except OSError:
        shutil.copy2(target, staging)
    return staging


def sync_folder(folder: str | Path) -> None:
    """Flush a folder's entries to the disk, so a rename in it survives a power cut
    (a no-op where folders cannot be opened, as on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
