"""What the Intricacy Metagame window does, over the sharing server's /api/intricacy
(docs/server.md): show your codename, slots, the other players' slots with your access and
scores, and the notes you have read; put the lock being edited in a slot or retire one; pick
another player's lock into the play-test and, once it opens, declare the solution.

It uses the Community dock's server address and sign-in (settings ``community/url`` and
``community/token``). Every call is asynchronous (Qt's network stack, ``CommunityClient``),
so the GUI never waits on the network; a failure is said in the window's status line, and
offline the window says so and keeps what it last showed.
"""

from __future__ import annotations

import base64
import copy
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from studio.app.community.client import Call, CallsInFlight, CommunityClient
from studio.app.community.controller import DEFAULT_SERVER, default_library, level_bytes
from studio.app.file_form import say_unwritable
from studio.app.metagame_window import MetagameWindow
from studio.core.files import write_atomic
from studio.core.playtest_adapter import WON

API = "/api/intricacy"
GAME_ID = "intricacy"  # the metagame is Intricacy's: only its locks go in slots


class MetagameController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.settings = window.settings
        self.client = CommunityClient(parent=self)
        self.calls = CallsInFlight(self)
        self.calls.busyChanged.connect(lambda busy: self.view is not None and self.view.set_busy(busy))
        self.view: MetagameWindow | None = None
        self.codename: str | None = None
        self.picked: dict[Path, dict] = {}  # file of a picked lock -> its slot entry
        self.watched: set = set()  # play-test sessions whose wins are followed
        self.action = QAction("Intricacy &Metagame…", self)
        self.action.setStatusTip("Codenames, lock slots, notes and scores on the sharing server")
        self.action.triggered.connect(self.open)
        self._add_to_menu()
        window.tabs.currentChanged.connect(lambda _index: self._update_place())

    def _add_to_menu(self) -> None:
        bar = self.window.menuBar()
        menus = {a.text().replace("&", ""): a.menu() for a in bar.actions() if a.menu() is not None}
        menu = menus.get("Play") or menus.get("View")
        if menu is not None:
            menu.addSeparator()
            menu.addAction(self.action)

    # -- the window -----------------------------------------------------------------------
    def open(self) -> MetagameWindow:
        if self.view is None:
            view = self.view = MetagameWindow(self.window)
            view.refreshRequested.connect(self.refresh)
            view.registerRequested.connect(self.register)
            view.placeRequested.connect(self.place)
            view.retireRequested.connect(self.retire)
            view.pickRequested.connect(self.pick)
            view.declareRequested.connect(self.declare)
        self.view.show()
        self.view.raise_()
        self._update_place()
        self.refresh()
        return self.view

    def _connect(self) -> bool:
        """Take the Community dock's server and token; False (said in the window) when not signed in."""
        url = str(self.settings.value("community/url", DEFAULT_SERVER) or DEFAULT_SERVER).rstrip("/")
        self.client.base_url = url
        self.client.token = str(self.settings.value("community/token", "") or "")
        name = str(self.settings.value("community/name", "") or "")
        self.view.set_server(url, name if self.client.token else "")
        if not self.client.token:
            self.view.say("Sign in to the server first, in the Community dock (View > Community); "
                          "the metagame plays under your account.")
        return bool(self.client.token)

    def _call(self, what: str, method: str, path: str, body=None, on_success=None, on_failure=None) -> Call:
        call = self.calls.add(self.client.call(what, method, API + path, body))
        call.failed.connect(on_failure or self._failed)
        if on_success is not None:
            call.succeeded.connect(on_success)
        return call

    def _failed(self, status: int, message: str) -> None:
        if status == 0:
            self.view.say(f"Offline: {message} The window shows what it last read from the server.")
        elif status == 401:
            self.view.say(f"{message} Sign in again in the Community dock (View > Community).")
        else:
            self.view.say(message)

    # -- reading ---------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.view is None or not self._connect():
            return
        self.view.say("Reading the metagame…")
        self._call("Your codename", "GET", "/codename", None, self._have_codename, self._no_codename)

    def _no_codename(self, status: int, message: str) -> None:
        if status == 403:
            self.codename = None
            self.view.show_codename(None, needs_registration=True)
            self.view.say("Register a codename to play: three letters, chosen once.")
        else:
            self._failed(status, message)

    def _have_codename(self, answer: dict) -> None:
        self.codename = answer["codename"]
        self.view.show_codename(self.codename)
        state: dict = {}

        def arrived(key: str, value) -> None:
            state[key] = value
            if len(state) == 3:
                self._show(state["players"], state["scores"], state["notes"])
        self._call("The players' slots", "GET", "/players", None, lambda value: arrived("players", value))
        self._call("Your scores", "GET", "/scores", None, lambda value: arrived("scores", value))
        self._call("The notes you have read", "GET", "/notes", None, lambda value: arrived("notes", value))

    def _show(self, players: list, scores: list, notes: list) -> None:
        mine = next((p for p in players if p["codename"] == self.codename), {"slots": [None] * 3})
        self.view.show_own_slots(mine["slots"])
        self.view.show_players([p for p in players if p["codename"] != self.codename],
                               {row["codename"]: row["score"] for row in scores})
        self.view.show_notes(notes)
        total = sum(row["score"] for row in scores)
        self.view.say(f"{len(players)} players; your scores add up to {total:+d}. "
                      f"{len(notes)} note{'s' if len(notes) != 1 else ''} read.")

    # -- acting ----------------------------------------------------------------------------
    def register(self, codename: str) -> None:
        if self._connect():
            self._call("Register the codename", "PUT", "/codename", {"codename": codename},
                       lambda answer: (self.view.say(f"Registered as {answer['codename']}."), self.refresh()))

    def _current_lock(self):
        pane = self.window.current_pane()
        if pane is None or pane.document.game.id != GAME_ID:
            return None
        return pane.document

    def _update_place(self) -> None:
        if self.view is not None:
            self.view.set_can_place(self._current_lock() is not None,
                                    "Open (or switch to) an Intricacy lock to put it in a slot.")

    def place(self, slot: int) -> None:
        document = self._current_lock()
        if document is None or not self._connect():
            self._update_place()
            return
        try:
            data, source = self._lock_with_solution(document)
        except ValueError as error:  # a lock its file cannot hold yet
            say_unwritable(self.window, document, "put the lock in a slot", error)
            return
        name = document.display_name()
        self._call(f"Put {name} in slot {slot}", "PUT", f"/slots/{slot}",
                   {"data_base64": base64.b64encode(data).decode()},
                   lambda answer: (self.view.say(f"{name} is lock {answer['lock_id']} in your slot {slot} "
                                                 f"(verified with {source})."), self.refresh()))

    def _lock_with_solution(self, document) -> tuple[bytes, str]:
        """The lock's file with a solution: its own, else the moves that opened it in the play-test."""
        if document.level.solution:
            return level_bytes(document), "its stored solution"
        session = self._session(document)
        if session is not None and session.outcome.kind == WON and not session.stale:
            level = copy.deepcopy(document.level)
            level.solution = session.adapter.moves_text(session.moves)
            return document.game.save(level), "the play-test's moves"
        return level_bytes(document), "no solution"  # the server says what is missing

    def retire(self, slot: int) -> None:
        if not self._connect() or not self.confirm_retire(slot):
            return
        self._call(f"Retire slot {slot}", "DELETE", f"/slots/{slot}", None,
                   lambda answer: (self.view.say(f"Lock {answer['lock_id']} retired from slot {slot}: "
                                                 f"the notes behind it are public now."), self.refresh()))

    def confirm_retire(self, slot: int) -> bool:
        answer = QMessageBox.question(
            self.view, "Retire Lock", f"Retire the lock in slot {slot}? Every note secured behind it becomes "
                                      "public, read by every player.")
        return answer == QMessageBox.StandardButton.Yes

    def pick(self, lock_id: int) -> None:
        entry = self.view.slot_entry(lock_id)
        if entry is None or not self._connect():
            return
        self._call(f"Fetch lock {lock_id}", "GET", f"/locks/{lock_id}", None,
                   lambda data: self._picked(entry, data))

    def _picked(self, entry: dict, data) -> None:
        path = self.folder / f"lock-{entry['lock_id']}.lock"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, bytes(data))
        except OSError as error:
            self.view.say(f"Cannot write {path}: {error.strerror or error}")
            return
        self.picked[path.resolve()] = entry
        pane = self.window.open_file(path)
        if pane is None:
            return
        self.window.playtest.start()
        session = self._session(pane.document)
        if session is not None and session not in self.watched:
            self.watched.add(session)
            session.changed.connect(lambda _report, session=session: self._played(session))
            session.destroyed.connect(lambda _=None, session=session: self.watched.discard(session))
        self.view.say(f"{entry['owner']}'s lock {entry['lock_id']} is in the play-test: open it!")

    @property
    def folder(self) -> Path:
        library = self.settings.value("community/library", "") or default_library()
        return Path(library) / "intricacy-metagame"

    def _session(self, document):
        playtest = getattr(self.window, "playtest", None)
        return playtest.sessions.get(document) if playtest is not None else None

    def _played(self, session) -> None:
        path = session.document.path
        entry = self.picked.get(path.resolve()) if path is not None else None
        if entry is None or self.view is None or session.outcome.kind != WON:
            return
        self.view.show_solved({**entry, "moves": session.adapter.moves_text(session.moves)})
        self.view.say(f"Opened {entry['owner']}'s lock {entry['lock_id']}: declare it behind one of your slots.")

    def declare(self, slot: int) -> None:
        solved = self.view.solved_lock
        if solved is None or not self._connect():
            return

        def declared(note: dict) -> None:
            self.view.show_solved(None)
            self.view.say(f"Declared: your note on {note['lock_owner']}'s lock {note['lock_id']} is secured "
                          f"behind your lock {note['behind_lock_id']} (slot {slot}).")
            self.refresh()
        self._call(f"Declare lock {solved['lock_id']}", "POST", f"/locks/{solved['lock_id']}/solutions",
                   {"solution": solved["moves"], "behind_slot": slot}, declared)


def install_metagame(window) -> MetagameController:
    """Add Play > Intricacy Metagame to ``window`` (a studio MainWindow); returns its controller."""
    return MetagameController(window)
