"""The player shell's window: the title screen, the level list and full-window play of
one collection, with the player's progress kept in a folder of their own.

Used by an exported game (``studio.player.main``) and, inside the studio, by Play >
Play Collection.
"""

from __future__ import annotations

import getpass
import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMainWindow, QStackedWidget

from studio.core.errors import LevelFormatError
from studio.core.files import write_atomic
from studio.core.game import game_by_id
from studio.core.hints import HintGuide, HintsUsed, shortest_hint_solution
from studio.core.progress import PlayedLevel, WinRecord, progress_store
from studio.core.reading import read_level
from studio.player.collection import Collection, level_title, md5_of
from studio.player.level_list import LevelListScreen
from studio.player.play_screen import PlayScreen
from studio.player.theme import style_sheet, text_px
from studio.player.thumbnails import thumbnail
from studio.player.title_screen import TitleScreen
from studio.core.playtest_adapter import adapter_for

PLAYER_SETTINGS = "player.json"
RESCALE_DELAY_MS = 60  # a window being dragged larger is restyled once it pauses
OPENING_SIZE = QSize(1024, 720)  # at most: a smaller screen gets SCREEN_SHARE of its free area
SCREEN_SHARE = 0.9


@dataclass
class LoadedLevel:
    """A level of the collection as read at start: its bytes' MD5 keys the progress."""

    file: str
    path: Path
    title: str
    md5: str = ""
    level: object = None
    error: str = ""


class PlayerWindow(QMainWindow):
    closed = Signal()

    def __init__(self, collection: Collection, progress_folder: Path, parent=None):
        super().__init__(parent)
        self.collection = collection
        self.progress_folder = Path(progress_folder)
        self.game = game_by_id(collection.game_id)
        self.adapter = adapter_for(self.game)
        if self.adapter is None:
            raise ValueError(f"{self.game.name} levels cannot be played")
        self.painter = self.game.view.resolve().make_play_painter()
        self.store = progress_store(self.game.id, self.progress_folder)
        self.levels = [self._load(entry) for entry in collection.levels]
        self.current = -1
        self.last_record: WinRecord | None = None
        self._thumbnails: dict[tuple, list] = {}
        self.player_name = self._remembered_name()

        self.setWindowTitle(collection.name)
        icon_path = collection.icon_path()
        self.icon = QIcon(str(icon_path)) if icon_path is not None and icon_path.is_file() else None
        if self.icon is not None:
            self.setWindowIcon(self.icon)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.title_screen = TitleScreen(collection.name, collection.author, self.icon)
        self.title_screen.set_player(self.player_name)
        self.title_screen.continueRequested.connect(self.continue_playing)
        self.title_screen.levelsRequested.connect(self.show_levels)
        self.title_screen.quitRequested.connect(self.close)
        self.title_screen.nameChanged.connect(self.set_player_name)
        self.level_list = LevelListScreen(collection.name)
        self.level_list.playRequested.connect(self.play_level)
        self.level_list.backRequested.connect(self.show_title)
        self.level_list.grid.heightChanged.connect(self._level_list_room_changed)
        self.play_screen = PlayScreen()
        self.play_screen.hint_source = self.hint_guide
        self.play_screen.hintShown.connect(self._hint_shown)
        self.hints_used = HintsUsed(self.progress_folder)
        self._guides: dict[int, object] = {}  # level index -> its HintGuide (None: no hint known)
        self.play_screen.won.connect(self._won)
        self.play_screen.leaveRequested.connect(self.show_levels)
        self.play_screen.win_screen.nextRequested.connect(self.next_level)
        for screen in (self.title_screen, self.level_list, self.play_screen):
            self.stack.addWidget(screen)
        self._rescale_timer = QTimer(self)
        self._rescale_timer.setSingleShot(True)
        self._rescale_timer.timeout.connect(self.rescale)
        self.resize(self.opening_size())
        self.rescale()
        notes = [note for note in (getattr(self.store, "note", ""),) if note]
        self.notes = notes  # said on the title screen: a progress file that could not be read
        self.show_title()

    # -- the levels ----------------------------------------------------------------------------
    def _load(self, entry) -> LoadedLevel:
        path = self.collection.level_path(entry)
        loaded = LoadedLevel(entry.file, path, entry.title or level_title(None, path))
        try:
            data = read_level(path, self.game)  # a regular file within the game's size cap
            loaded.md5 = md5_of(data)
            loaded.level = self.game.load(data)
        except OSError as error:
            loaded.error = f"{path.name} cannot be read: {error.strerror or error}"
        except LevelFormatError as error:
            loaded.error = f"{path.name} is not a valid level: {error}"
        return loaded

    def solved(self, index: int) -> bool:
        level = self.levels[index]
        return bool(level.md5) and self.store.solved(level.md5)

    def first_unsolved(self) -> int | None:
        return next((i for i in range(len(self.levels)) if not self.solved(i)), None)

    # -- screens -------------------------------------------------------------------------------
    def show_title(self) -> None:
        solved = sum(self.solved(i) for i in range(len(self.levels)))
        following = self.first_unsolved()
        self.title_screen.show_progress(solved, len(self.levels),
                                        self.levels[following].title if following is not None else "")
        if self.notes:
            self.title_screen.progress_label.setText(self.title_screen.progress_label.text() + "\n" +
                                                     "\n".join(self.notes))
        self.stack.setCurrentWidget(self.title_screen)
        self.title_screen.focus_first()

    def show_levels(self) -> None:
        self.stack.setCurrentWidget(self.level_list)
        self._fill_level_list()
        self.level_list.select(max(0, self.current))

    def _level_list_room_changed(self) -> None:
        if self.stack.currentWidget() is self.level_list:
            self._fill_level_list()

    def _fill_level_list(self) -> None:
        size = self.level_list.thumbnail_size(text_px(self.height()))
        self.level_list.apply_thumbnail_size(size, text_px(self.height()))
        self.level_list.set_levels([level.title for level in self.levels],
                                   [self.solved(i) for i in range(len(self.levels))], self._thumbnails_at(size))

    def _thumbnails_at(self, size: QSize) -> list:
        ratio = self.devicePixelRatioF()
        key = (size.width(), size.height(), ratio)
        if key not in self._thumbnails:
            pictures = []
            for level in self.levels:
                try:
                    state = self.adapter.initial_state(level.level) if level.level is not None else None
                except ValueError:
                    state = None
                pictures.append(thumbnail(self.painter, state, size.width(), size.height(), ratio)
                                if state is not None else None)
            self._thumbnails = {key: pictures}  # one size at a time
        return self._thumbnails[key]

    def continue_playing(self) -> None:
        following = self.first_unsolved()
        if following is None:
            self.show_levels()
        else:
            self.play_level(following)

    def play_level(self, index: int) -> None:
        if not 0 <= index < len(self.levels):
            return
        self.current = index
        level = self.levels[index]
        heading = f"{index + 1}/{len(self.levels)} · {level.title}"
        self.stack.setCurrentWidget(self.play_screen)
        if level.error:
            self.play_screen.show_message(heading, level.error)
            return
        self.play_screen.start(self.adapter, self.painter, self.game, level.level.copy()
                               if hasattr(level.level, "copy") else level.level, level.path, heading)

    def next_level(self) -> None:
        if self.current + 1 < len(self.levels):
            self.play_level(self.current + 1)
        else:
            self.show_title()

    # -- hints --------------------------------------------------------------------------------
    def hint_guide(self):
        """The current level's HintGuide: from the shortest solution shipped with it, else its
        shipped solution, else a shortest one found now by a short breadth-first search."""
        index = self.current
        if index not in self._guides:
            self._guides[index] = self._make_guide(index)
        return self._guides[index]

    def _make_guide(self, index: int):
        level, shipped = self.levels[index], self.collection.levels[index]
        if level.error:
            return None
        for text in (shipped.hint, shipped.solution):
            if text:
                try:
                    return HintGuide(self.adapter, level.level, self.adapter.parse_moves(text))
                except ValueError:
                    continue  # (a damaged manifest: the next source)
        found = shortest_hint_solution(self.game, self.adapter, level.level, ())
        return HintGuide(self.adapter, level.level, found) if found else None

    def _hint_shown(self, hint) -> None:
        level = self.levels[self.current]
        try:
            self.hints_used.add(level.md5)
        except OSError:
            pass  # the hint still stands; only its count is not kept

    # -- wins and the player ------------------------------------------------------------------
    def _won(self, moves) -> None:
        level = self.levels[self.current]
        played = PlayedLevel(level.path.name, level.md5, level.title, level.level)
        try:
            record = self.store.record_win(played, tuple(moves), self.adapter.moves_text(moves), self.player_name)
            details = f"{record.message}\nYour best: {record.best}"
            hints = self.hints_used.count(level.md5)
            if hints:
                details += f"\nHints taken on this level: {hints}"
        except (OSError, ValueError) as error:
            record = None
            details = f"Your progress could not be saved: {getattr(error, 'strerror', None) or error}"
        self.last_record = record
        following = self.levels[self.current + 1].title if self.current + 1 < len(self.levels) else None
        headline = "Solved!" if following is not None else "The last level is solved!"
        table = record.table if record is not None else ()
        # After the winning move's slide, so the player sees it land.
        QTimer.singleShot(self.play_screen.animation_ms, lambda: self._show_win(headline, details, table, following))

    def _show_win(self, headline: str, details: str, table, following) -> None:
        if self.stack.currentWidget() is not self.play_screen or self.play_screen.session is None \
                or self.play_screen.session.outcome.kind != "won":
            return  # the player moved on (undo, another level) before the slide ended
        self.play_screen.win_screen.show_win(headline, details, table, following)
        self.play_screen.place_win_screen()

    def _remembered_name(self) -> str:
        try:
            data = json.loads((self.progress_folder / PLAYER_SETTINGS).read_text(encoding="utf-8"))
            name = str(data.get("player", "")).strip()
        except (OSError, ValueError, AttributeError):
            name = ""
        if name:
            return name
        try:
            return getpass.getuser() or "Player"
        except (KeyError, OSError):
            return "Player"

    def set_player_name(self, name: str) -> None:
        if not name or name == self.player_name:
            return
        self.player_name = name
        try:
            self.progress_folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.progress_folder / PLAYER_SETTINGS, json.dumps({"player": name}).encode("utf-8"))
        except OSError:
            pass  # the name still holds for this session

    # -- size ----------------------------------------------------------------------------------
    def opening_size(self) -> QSize:
        """OPENING_SIZE, made to fit the screen (a small or HiDPI-scaled one) with room to spare."""
        screen = self.screen()
        if screen is None:
            return OPENING_SIZE
        area = screen.availableGeometry().size()
        return OPENING_SIZE.boundedTo(QSize(round(area.width() * SCREEN_SHARE), round(area.height() * SCREEN_SHARE)))

    def rescale(self) -> None:
        px = text_px(self.height())
        self.stack.setStyleSheet(style_sheet(px))
        self.title_screen.scale(px)
        if self.stack.currentWidget() is self.level_list:
            self._fill_level_list()
        self.play_screen.place_win_screen()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._rescale_timer.start(RESCALE_DELAY_MS)

    def closeEvent(self, event) -> None:
        self.set_player_name(self.title_screen.player_edit.text().strip())
        self.closed.emit()
        super().closeEvent(event)
