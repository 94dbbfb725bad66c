"""What the Community dock does: sign in, browse, download into the library folder, rate,
comment, upload the level being edited with its solution, submit a play-test as a
speedrun. Every network call goes through ``CommunityClient`` (asynchronous, never
blocking the GUI) and shows progress in the dock; a failure is said in the dock's
status line, never in a modal box, so the studio works the same offline. Only an upload
with no known win asks, in a dialog, for one (with a button to play-test now).
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from urllib.parse import urlencode

from PySide6.QtCore import QObject, QStandardPaths, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QMessageBox

from studio.app.community.client import Call, CallsInFlight, CommunityClient
from studio.app.community.dock import THUMBNAIL, CommunityDock
from studio.app.file_form import say_unwritable
from studio.core.files import write_atomic
from studio.core.game import all_games
from studio.core.playtest_adapter import WON, LevelContext, adapter_for, verify_moves
from studio.core.reading import read_file, read_level

DEFAULT_SERVER = "http://127.0.0.1:8000"
LIST_LIMIT = 200


def default_library() -> Path:
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
    return Path(documents) / "Puzzle Level Studio" / "Community"


class CommunityController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.settings = window.settings
        self.games = {game.id: game for game in all_games()}
        self.client = CommunityClient(parent=self)
        self.calls = CallsInFlight(self)
        self.levels: list[dict] = []
        self.dock = CommunityDock(list(self.games.values()), window)
        self.calls.busyChanged.connect(lambda busy: self.dock.set_busy(busy))
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        # Opened from View > Community (restoreDockWidget cannot tell: it answers True for a dock
        # just added); a layout saved with it open shows it again (app/window_layout).
        self.dock.hide()
        self._add_to_view_menu()
        self._load_settings()
        d = self.dock
        d.signInRequested.connect(self.sign_in)
        d.registerRequested.connect(self.register)
        d.signOutRequested.connect(self.sign_out)
        d.refreshRequested.connect(self.refresh)
        d.downloadRequested.connect(self.download)
        d.rateRequested.connect(self.rate)
        d.commentRequested.connect(self.comment)
        d.uploadRequested.connect(self.upload_current)
        d.speedrunRequested.connect(self.submit_speedrun)
        d.url.editingFinished.connect(self._url_changed)
        d.visibilityChanged.connect(lambda visible: visible and not self.levels and self.refresh())

    def _add_to_view_menu(self) -> None:
        bar = self.window.menuBar()
        view_menu = next((a.menu() for a in bar.actions() if a.text().replace("&", "") == "View"), None)
        if view_menu is not None:
            view_menu.addAction(self.dock.toggleViewAction())

    def _load_settings(self) -> None:
        url = str(self.settings.value("community/url", DEFAULT_SERVER) or DEFAULT_SERVER)
        self.dock.url.setText(url)
        self.client.base_url = self.dock.server_url = url.rstrip("/")
        self.client.token = str(self.settings.value("community/token", "") or "")
        name = str(self.settings.value("community/name", "") or "")
        self.dock.name.setText(name)
        self.dock.set_signed_in(name if self.client.token else "")

    @property
    def library(self) -> Path:
        return Path(self.settings.value("community/library", "") or default_library())

    def _url_changed(self) -> None:
        url = self.dock.url.text().strip().rstrip("/") or DEFAULT_SERVER
        if url != self.client.base_url:
            self.client.base_url = url
            self.dock.server_url = url
            self.settings.set_value("community/url", url)
            self._forget_token()  # a token belongs to the server that gave it
            self.refresh()

    # -- calls ------------------------------------------------------------------------------
    def _call(self, what: str, method: str, path: str, body=None, on_success=None, quiet: bool = False) -> Call:
        """Start a call with the dock's progress bar (and, unless ``quiet``, its status line) following it."""
        self._url_changed()
        call = self.calls.add(self.client.call(what, method, path, body))
        if not quiet:
            self.dock.say(f"{what}…")
        call.progress.connect(lambda done, total: self.dock.set_busy(True, done, total))
        call.failed.connect(self._failed)
        if on_success is not None:
            call.succeeded.connect(on_success)
        return call

    def _failed(self, status: int, message: str) -> None:
        if status == 401 and self.client.token:
            self._forget_token()
            message += " (signed out: sign in again)"
        self.dock.say(("Offline. " if status == 0 else "") + message)

    # -- account ----------------------------------------------------------------------------
    def _credentials(self) -> dict | None:
        name, password = self.dock.name.text().strip(), self.dock.password.text()
        if not name or not password:
            self.dock.say("Give a name and a password first.")
            return None
        return {"name": name, "password": password}

    def sign_in(self) -> None:
        credentials = self._credentials()
        if credentials is not None:
            self._call("Sign in", "POST", "/api/sessions", credentials, self._signed_in)

    def register(self) -> None:
        credentials = self._credentials()
        if credentials is not None:
            self._call("Register", "POST", "/api/accounts", credentials,
                       lambda _: self._call("Sign in", "POST", "/api/sessions", credentials, self._signed_in))

    def _signed_in(self, answer: dict) -> None:
        self.client.token = answer["token"]
        self.settings.set_value("community/token", answer["token"])
        self.settings.set_value("community/name", answer["name"])
        self.dock.password.clear()
        self.dock.set_signed_in(answer["name"])
        self.dock.say(f"Signed in as {answer['name']}.")
        self.refresh(False)

    def sign_out(self) -> None:
        if self.client.token:
            self._call("Sign out", "DELETE", "/api/sessions", None, lambda _: self.dock.say("Signed out."))
        self._forget_token()

    def _forget_token(self) -> None:
        self.settings.set_value("community/token", "")
        self.dock.set_signed_in("")
        # Calls already started keep the token they were given; new ones go without.
        self.client.token = ""

    # -- browsing ---------------------------------------------------------------------------
    def refresh(self, announce: bool = True) -> None:
        """Load the list again; ``announce`` false keeps the status line (the message of what
        was just done) while the list follows it."""
        query = {"collection": self.dock.collection.currentData(), "limit": LIST_LIMIT}
        if self.dock.game.currentData():
            query["game"] = self.dock.game.currentData()
        self._call("Load the shared levels", "GET", "/api/levels?" + urlencode(query), None,
                   lambda levels: self._show_levels(levels, announce), quiet=not announce)

    def _show_levels(self, levels: list, announce: bool) -> None:
        self.levels = levels
        self.dock.show_levels(levels, {game_id: game.name for game_id, game in self.games.items()})
        if announce:
            self.dock.say(f"{len(levels)} level{'s' if len(levels) != 1 else ''} in "
                          f"{self.dock.collection.currentText().lower()}.")
        for level in levels:
            self._call(f"Picture of {level['title']}", "GET", f"/api/levels/{level['id']}/image.png?size=thumb",
                       None, lambda png, level_id=level["id"]: self._show_thumbnail(level_id, png), quiet=True)

    def _show_thumbnail(self, level_id: int, png) -> None:
        pixmap = QPixmap()
        if isinstance(png, bytes) and pixmap.loadFromData(png):
            scaled = pixmap.scaled(THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio,
                                   Qt.TransformationMode.FastTransformation)
            self.dock.set_thumbnail(level_id, QIcon(scaled))

    def download(self, level: dict) -> None:
        self._call(f"Download {level['title']}", "GET", f"/api/levels/{level['id']}/file", None,
                   lambda data: self._downloaded(level, data))

    def _downloaded(self, level: dict, data) -> None:
        if not isinstance(data, bytes) or hashlib.md5(data).hexdigest() != level["md5"]:
            self.dock.say(f"Download {level['title']}: the file arrived damaged (its MD5 differs); try again.")
            return
        path = self._library_path(level, data)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                write_atomic(path, data)
        except OSError as error:
            self.dock.say(f"Download {level['title']}: cannot write {path}: {error.strerror or error}")
            return
        self.dock.say(f"Downloaded {level['title']} into {path}.")
        self.window.open_file(path)

    def _library_path(self, level: dict, data: bytes) -> Path:
        """``LIBRARY/GAME/FILENAME``; another file already there keeps its name, and this one
        gets the level's id in its own."""
        game = self.games.get(level["game"])
        extension = game.file_patterns[0].lstrip("*") if game is not None else ""
        name = Path(level.get("filename") or f"level-{level['id']}{extension}").name
        path = self.library / level["game"] / name
        if path.exists() and not _holds(path, data):
            path = path.with_name(f"{path.stem}-{level['id']}{path.suffix}")
        return path

    def rate(self, level: dict, difficulty: int, style: int, cooked: bool) -> None:
        body = {"difficulty": difficulty, "style": style, "cooked": cooked}
        self._call(f"Rate {level['title']}", "POST", f"/api/levels/{level['id']}/ratings", body,
                   lambda averages: (self.dock.say(
                       f"Rated {level['title']}: now {averages['difficulty']:.1f} difficulty, "
                       f"{averages['style']:.1f} style, from {_count(averages['count'], 'rating')}."),
                                     self.refresh(False)))

    def comment(self, level: dict, text: str) -> None:
        def posted(_):
            self.dock.comment.clear()
            self.dock.say(f"Comment posted on {level['title']} (read them on its web page).")
        self._call(f"Comment on {level['title']}", "POST", f"/api/levels/{level['id']}/comments", {"text": text}, posted)

    # -- the level being edited ----------------------------------------------------------------
    def upload_current(self) -> None:
        pane = self.window.current_pane()
        if pane is None:
            self.dock.say("Open a level to upload it.")
            return
        document = pane.document
        try:
            data = level_bytes(document)
        except ValueError as error:  # a level its format cannot hold yet
            say_unwritable(self.window, document, "upload the level", error)
            return
        found = self.solution_for(document, data)
        if found is None:
            self._ask_for_a_win(document)
            return
        solution, source = found
        name = document.path.name if document.path else document.display_name() + document.game.file_patterns[0][1:]
        body = {"game": document.game.id, "filename": name, "solution": solution,
                "data_base64": base64.b64encode(data).decode()}

        def uploaded(answer: dict) -> None:
            self.dock.say(f"Uploaded {name} as level {answer['id']} into {answer['collection']}, "
                          f"verified with {source}.")
            self.refresh(False)
        self._call(f"Upload {name}", "POST", "/api/levels", body, uploaded)

    def solution_for(self, document, data: bytes | None = None) -> tuple[str, str] | None:
        """The moves to upload with the level and where they came from, in words: the play-test's
        latest moves when they win the level as it will be uploaded (replayed on it, so a test
        started before an edit still counts when the edit changed nothing they touch), else the
        first stored solution that wins it; None when nothing known wins it."""
        data = level_bytes(document) if data is None else data
        adapter = adapter_for(document.game)
        if adapter is None:  # no engine here to check with: the server plays what the level stores
            return "", "the solution stored in the level"
        try:
            level = document.game.load(data)
            adapter.initial_state(level)
        except ValueError:  # the server says what is wrong with it
            return "", "the solution stored in the level"
        candidates = []
        playtest = getattr(self.window, "playtest", None)
        session = playtest.session_for(document) if playtest is not None else None
        if session is not None:
            replayed = " (replayed on the level as saved)" if session.stale else ""
            candidates += [(moves, "the play-test's moves" + replayed)
                           for moves in (session.moves, session.timeline_moves) if moves]
        try:
            stored = adapter.load_solutions(LevelContext(level, data, document.path))
        except (ValueError, OSError):
            stored = []
        candidates += [(solution.moves, f"the solution stored in {solution.source}") for solution in stored]
        for moves, source in candidates:
            verdict = verify_moves(adapter, level, moves)
            if verdict.outcome.kind == WON:
                return adapter.moves_text(tuple(moves)[:verdict.moves]), source
        return None

    def _ask_for_a_win(self, document) -> None:
        """Say, in a dialog, that the server takes only levels shown to be won, and offer to play."""
        box = QMessageBox(QMessageBox.Icon.Information, "Upload Level",
                          f"The server takes a level only with moves that win it, and none are known for "
                          f"“{document.display_name()}” as it is: no play-test has won it since its last "
                          f"change, and no stored solution wins it.\n\nWin it in the play-test, then "
                          f"upload it again.", QMessageBox.StandardButton.Cancel, self.window)
        play = box.addButton("Play-test now", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(play)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        play.clicked.connect(lambda: self.window.actions["playtest"].trigger())
        self.needs_a_win = box  # for tests; the box deletes itself when closed
        box.open()
        self.dock.say("Not uploaded: the level needs a win first.")

    def submit_speedrun(self) -> None:
        pane = self.window.current_pane()
        playtest = getattr(self.window, "playtest", None)
        session = playtest.sessions.get(pane.document) if pane is not None and playtest is not None else None
        if session is None or not session.moves:
            self.dock.say("Play-test the level first (P): its moves are the speedrun.")
            return
        document = pane.document
        try:
            md5 = hashlib.md5(level_bytes(document)).hexdigest()
        except ValueError as error:
            say_unwritable(self.window, document, "submit the speedrun", error)
            return
        moves = session.adapter.moves_text(session.moves)

        def found(levels: list) -> None:
            match = next((level for level in levels if level["md5"] == md5), None)
            if match is None:
                self.dock.say("This level is not on the server (no shared level has its exact bytes): "
                              "upload it first.")
                return
            self._call(f"Speedrun on {match['title']}", "POST", f"/api/levels/{match['id']}/speedruns",
                       {"solution": moves}, lambda result: self._speedrun_done(match, result))
        query = urlencode({"game": document.game.id, "md5": md5})  # however many levels the server has
        self._call("Find this level on the server", "GET", f"/api/levels?{query}", None, found)

    def _speedrun_done(self, level: dict, result: dict) -> None:
        verdict = ("a new record!" if result["record"] else
                   "your best so far." if result["improved"] else f"your best stays {result['best']['length']} moves.")
        self.dock.say(f"Speedrun on {level['title']} verified: {result['length']} moves, {verdict}")
        self.refresh(False)


def _count(number: int, thing: str) -> str:
    """'1 rating', '3 ratings'."""
    return f"{number} {thing}{'s' if number != 1 else ''}"


def level_bytes(document) -> bytes:
    """The level as a file: the bytes on disk when it is saved and unchanged (so they match what
    others downloaded), else what saving it would write."""
    if document.path is not None and not document.is_modified:
        try:
            return read_level(document.path, document.game)  # a regular file within its cap
        except OSError:
            pass
    return document.game.save(document.level)


def _holds(path: Path, data: bytes) -> bool:
    """Does the regular file at ``path`` hold exactly ``data`` (a FIFO or device never does)?"""
    try:
        return read_file(path, len(data)) == data
    except OSError:  # (UnreadableFileError too: not a regular file, or larger than data)
        return False


def install_community(window) -> CommunityController:
    """Add the Community dock to ``window`` (a studio MainWindow); returns its controller."""
    return CommunityController(window)
