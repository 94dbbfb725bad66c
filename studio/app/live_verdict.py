"""The live verdict: after each edit, the solver decides the level beside the designer.

The current level's file form is checked once the document has been quiet for
``DEBOUNCE_MS``, in a worker process of its own (core.live_solver), each newer version
stopping the search of the one before. Verdicts are kept by the level's content (its
MD5), so an undo shows the old verdict at once. The verdict shows in the status bar
and at the top of the Problems dock; when an edit turns a solvable level unsolvable,
both name it ("Paint made the level unsolvable") with a link that undoes it.
Edit > Preferences > Solver turns it off and sets how long each check may take.
"""

from __future__ import annotations

import hashlib
import html
from collections import OrderedDict

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel

from studio.app.intended import Intended, intended_solution, parting, shortcut_words
from studio.core.live_solver import LiveSolver, is_solvable, is_unsolvable, verdict_text
from studio.core.solve_runner import solver_for
from studio.editor.lifetimes import later

DEBOUNCE_MS = 300
POLL_MS = 100
CACHE_SIZE = 512  # versions remembered (a record is a few hundred bytes)
ENABLED_KEY, BUDGET_KEY = "live_verdict/enabled", "live_verdict/seconds"
DEFAULT_SECONDS = 5
UNDO_LINK = "undo:"
REPLAY_LINK = "replay:shortcut"


class LiveVerdict(QObject):
    def __init__(self, window, problems_dock):
        super().__init__(window)
        self.window = window
        self.problems_dock = problems_dock
        self.solver: LiveSolver | None = None  # started with the first check
        self.cache: OrderedDict[str, dict] = OrderedDict()
        self.document = None
        self.current_md5: str | None = None
        self.checked: dict[str, int] = {}  # MD5 -> the undo index it was seen at, for the current document
        self.shortcut: tuple[tuple, Intended] | None = None  # (the solver's moves, the designer's solution)
        self.label = QLabel()
        self.label.setObjectName("live_verdict")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.linkActivated.connect(self._link)
        self.label.setToolTip("The solver's verdict on the level as it is now (Edit > Preferences > Solver)")
        window.statusBar().addPermanentWidget(self.label)
        problems_dock.verdict.linkActivated.connect(self._link)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.check)
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        window.tabs.currentChanged.connect(lambda _index: self.follow(window.current_pane()))
        window.installEventFilter(self)  # the window closing ends the worker (a cancelled close restarts it)
        self.follow(window.current_pane())

    def eventFilter(self, watched, event) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self._stop_solver()
        return super().eventFilter(watched, event)

    # -- settings ---------------------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return bool(self.window.settings.value(ENABLED_KEY, True, bool))

    @property
    def seconds(self) -> float:
        return float(self.window.settings.value(BUDGET_KEY, DEFAULT_SECONDS) or DEFAULT_SECONDS)

    def settings_changed(self) -> None:
        if not self.enabled:
            self._stop_solver()
            self._show("", "")
        self.current_md5 = None
        self.check()

    # -- following the current level -----------------------------------------------------------
    def follow(self, pane) -> None:
        document = pane.document if pane is not None else None
        if document is self.document:
            return
        if self.document is not None:
            try:
                self.document.changed.disconnect(self._debounce.start)
            except (RuntimeError, TypeError):
                pass
        self.document, self.current_md5, self.checked = document, None, {}
        if document is not None:
            document.changed.connect(self._debounce.start)
        later(self, self.check)

    def check(self) -> None:
        """Decide the current level as it is now: from the cache, else in the worker."""
        document = self.document
        if document is None or not self.enabled or solver_for(document.game) is None:
            self._show("", "")
            return
        try:
            data = document.game.save(document.level)
        except ValueError as error:  # a level its format cannot hold yet
            self._show(f"Not checked: {error}", "")
            return
        md5 = hashlib.md5(data).hexdigest()
        index = document.undo_stack.index()
        if md5 == self.current_md5:
            return
        self.current_md5 = md5
        self.checked.setdefault(md5, index)
        if md5 in self.cache:
            self.cache.move_to_end(md5)
            self._show_verdict(md5)
            return
        if self.solver is None or not self.solver.alive:
            self.solver = LiveSolver()
        self.solver.submit(md5, document.game.id, data, self.seconds)
        self._show("Checking the level…", "")
        self._poll.start()

    def _collect(self) -> None:
        if self.solver is None:
            self._poll.stop()
            return
        for md5, record in self.solver.poll():
            if record.get("searching"):  # a solution found while the search goes on: shown, not kept
                if md5 == self.current_md5:
                    self._show(self._words(record), "")
                continue
            self._keep(md5, record)
        if self.solver.pending is None:
            self._poll.stop()

    def learn(self, md5: str, record: dict) -> None:
        """A verdict found elsewhere on the version ``md5`` (the Solve window's longer search):
        kept, and shown, when it says more than the one held."""
        self._keep(md5, record)

    def _keep(self, md5: str, record: dict) -> None:
        held = self.cache.get(md5)
        if held is not None and not says_more(record, held):
            return
        self.cache[md5] = record
        self.cache.move_to_end(md5)
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)
        if md5 == self.current_md5:
            self._show_verdict(md5)

    # -- showing -------------------------------------------------------------------------------------
    def _show_verdict(self, md5: str) -> None:
        record = self.cache[md5]
        breaker = self._breaking_edit(md5) if is_unsolvable(record) else self._shortcut(record)
        self._show(self._words(record), breaker)

    def _shortcut(self, record: dict) -> str:
        """Rich text on a solution shorter than the designer's, with a link replaying it."""
        self.shortcut = None
        playtest = getattr(self.window, "playtest", None)
        if not record.get("solved") or playtest is None or self.document is None:
            return ""
        adapter = playtest.adapter(self.document.game)
        if adapter is None:
            return ""
        try:
            data = self.document.game.save(self.document.level)
        except ValueError:
            return ""
        intended = intended_solution(adapter, self.document, data, playtest.sessions.get(self.document))
        if intended is None or record["length"] >= intended.length:
            return ""
        self.shortcut = (adapter.parse_moves(record["solution"]), intended)
        return f'{html.escape(shortcut_words(record["length"], intended))}: <a href="{REPLAY_LINK}">replay it</a>'

    def _words(self, record: dict) -> str:
        text = verdict_text(record, self.seconds)
        return text[:1].upper() + text[1:]

    def _breaking_edit(self, md5: str) -> str:
        """Rich text naming the edits since the last solvable version, with a link undoing them."""
        stack = self.document.undo_stack
        index = self.checked.get(md5, stack.index())
        earlier = [(at, key) for key, at in self.checked.items() if at < index and is_solvable(self.cache.get(key))]
        if not earlier:
            return ""
        solvable_at = max(earlier)[0]
        edits = [stack.text(i) for i in range(solvable_at, index)]
        if not edits:
            return ""
        what = edits[0] if len(edits) == 1 else f"The last {len(edits)} edits ({edits[-1]}, …)"
        return (f"{html.escape(what)} made the level unsolvable: "
                f'<a href="{UNDO_LINK}{solvable_at}">undo {"it" if len(edits) == 1 else "them"}</a>')

    def _show(self, text: str, breaker: str) -> None:
        rich = html.escape(text) + (f"<br>{breaker}" if breaker else "")
        self.label.setText(html.escape(text) + (f" — {breaker}" if breaker else ""))
        self.problems_dock.show_verdict(rich)

    def _link(self, link: str) -> None:
        if link.startswith(UNDO_LINK) and self.document is not None:
            self.document.undo_stack.setIndex(int(link[len(UNDO_LINK):]))
        elif link == REPLAY_LINK and self.shortcut is not None:
            self.replay_shortcut()

    def replay_shortcut(self) -> bool:
        """The shortcut in the play-test, stopped where it parts from the designer's solution
        (marked on the board); Space replays the rest."""
        playtest = self.window.playtest
        found, intended = self.shortcut
        playtest.start()
        session = playtest.session_for(self.document)
        if session is None or not session.playable:
            return False
        session.load_moves(found, f"Solver's shortcut ({len(found)} moves)", "the live verdict")
        shared = parting(intended.moves, found)
        session.parting = (shared, f"Here the shortcut parts from your solution ({intended.source}): "
                                   f"its move {shared + 1} differs. Space replays the rest.")
        session.seek(shared)
        return True

    def _stop_solver(self) -> None:
        self._poll.stop()
        if self.solver is not None:
            self.solver.close()
            self.solver = None


def says_more(record: dict, held: dict) -> bool:
    """Does ``record`` tell more of a level than ``held``: a solution where it had none, a
    shorter one, or a proof where it had none?"""
    if record.get("error") or record.get("searching"):
        return False
    if not held.get("solved") and not is_unsolvable(held):
        return bool(record.get("solved")) or is_unsolvable(record)
    if record.get("solved") and held.get("solved"):
        return record["length"] < held["length"] or (bool(record.get("optimal")) and not held.get("optimal"))
    return False
