"""Pictures of levels for the web pages and the studio's browser: drawn by the code of
``studio render`` (the games' Qt art) in a long-lived worker process on Qt's offscreen
platform (``studio.commands.render_worker``), so the server itself never imports Qt;
cached on disk by the file's MD5 and the size, since a level's file never changes."""

from __future__ import annotations

import hashlib
import json
import tempfile
import threading
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path

from studio.core.files import write_atomic
from studio.server.verifier import WorkerProcess

SCALES = {"full": 24, "thumb": 6}  # pixels per cell


class RendererBusy(Exception):
    """Too many requests already wait for the drawing process."""


class Renderer:
    def __init__(self, cache_dir: Path, time_limit: float = 30.0, max_waiting: int = 8):
        self.cache_dir = Path(cache_dir)
        self.time_limit = time_limit
        self._one_at_a_time = threading.Lock()  # one drawing process, one picture at a time
        self._worker: WorkerProcess | None = None
        # Each waiting request holds one of the server's admitted places: the rest get 503.
        self.max_waiting = max_waiting
        self._waiting = 0
        self._count_lock = threading.Lock()

    def png(self, md5: str, filename: str, data: bytes, size: str) -> bytes | None:
        """The PNG of the level at ``size`` ("full" or "thumb"); None when it cannot be drawn;
        ``RendererBusy`` when ``max_waiting`` requests already wait for pictures to be drawn."""
        cached = self.cache_dir / f"{md5}-{size}.png"
        try:
            return cached.read_bytes()
        except OSError:
            pass
        with self._admitted():
            return self._draw_once(cached, filename, data, size)

    def sprites(self, md5: str, filename: str, data: bytes) -> tuple[bytes, dict] | None:
        """The web player's sprite atlas of the level and its manifest entry ({"size", "places"});
        None when it cannot be drawn; ``RendererBusy`` as for ``png``."""
        # "sprites2": the places carry each picture's size since placed scenes came
        atlas, places = self.cache_dir / f"{md5}-sprites2.png", self.cache_dir / f"{md5}-sprites2.json"
        try:
            return atlas.read_bytes(), json.loads(places.read_text())
        except (OSError, ValueError):
            pass
        with self._admitted(), self._one_at_a_time:
            if places.is_file():  # another request drew them while this one waited
                return atlas.read_bytes(), json.loads(places.read_text())
            with tempfile.TemporaryDirectory(prefix="studio-sprites-") as folder:
                out = Path(folder) / "sprites.png"
                answer = self._ask(filename, data, folder, {"kind": "sprites", "output": str(out)})
                if not (answer and answer.get("ok") and out.is_file()):
                    return None
                entry = {"size": answer["size"], "places": answer["places"]}
                self.cache_dir.mkdir(parents=True, exist_ok=True)
                write_atomic(atlas, out.read_bytes())
                write_atomic(places, json.dumps(entry).encode())
                return atlas.read_bytes(), entry

    @contextmanager
    def _admitted(self):
        with self._count_lock:
            if self._waiting >= self.max_waiting:
                raise RendererBusy(f"{self._waiting} pictures wait to be drawn; try again in a few seconds")
            self._waiting += 1
        try:
            yield
        finally:
            with self._count_lock:
                self._waiting -= 1

    def _draw_once(self, cached: Path, filename: str, data: bytes, size: str) -> bytes | None:
        with self._one_at_a_time:
            if cached.is_file():  # another request drew it while this one waited
                return cached.read_bytes()
            png = self._draw(filename, data, SCALES[size])
            if png is not None:
                self.cache_dir.mkdir(parents=True, exist_ok=True)
                write_atomic(cached, png)
            return png

    def _draw(self, filename: str, data: bytes, scale: int) -> bytes | None:
        with tempfile.TemporaryDirectory(prefix="studio-render-") as folder:
            out = Path(folder) / "level.png"
            answer = self._ask(filename, data, folder, {"output": str(out), "scale": scale})
            return out.read_bytes() if answer and answer.get("ok") and out.is_file() else None

    def _ask(self, filename: str, data: bytes, folder: str, request: dict) -> dict | None:
        """The worker's answer to ``request`` about the level (written into ``folder``); None
        when it overran or died (the next request gets a new worker). Holds _one_at_a_time."""
        level = Path(folder) / Path(filename).name
        level.write_bytes(data)
        if self._worker is None or self._worker.process.poll() is not None:
            self._worker = WorkerProcess("studio.commands.render_worker")
        answer = self._worker.ask(dict(request, file=str(level)), self.time_limit)
        if answer is None:
            self._worker.kill()
            self._worker = None
        return answer

    def close(self) -> None:
        with self._one_at_a_time:
            if self._worker is not None:
                self._worker.kill()
                self._worker = None


class FileCache:
    """The most recently downloaded level files of this process, kept in memory (thread-safe)."""

    def __init__(self, max_bytes: int = 64 << 20):
        self.max_bytes = max_bytes
        self._items: OrderedDict[int, tuple[bytes, str, str]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: int):
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: int, value: tuple[bytes, str, str]) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = value
            self._bytes += len(value[0])
            while self._bytes > self.max_bytes and self._items:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped[0])


def default_cache_dir(database_url: str) -> Path:
    """Beside an SQLite file; for another database, in the user's data folder."""
    from studio.server.database import user_data_dir

    if database_url.startswith("sqlite:///") and database_url[len("sqlite:///"):] not in ("", ":memory:"):
        return Path(database_url[len("sqlite:///"):]).parent / "server-images"
    return user_data_dir() / "server-images" / hashlib.sha1(database_url.encode()).hexdigest()[:12]
