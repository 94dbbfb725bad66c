import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS = PROJECT_ROOT.parent / "shared" / "corpus"


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true",
                     help="run the slow tests and the long property runs (the same as STUDIO_SLOW_TESTS=1)")


def pytest_configure(config):
    if config.getoption("--slow"):
        os.environ["STUDIO_SLOW_TESTS"] = "1"  # the one switch the slow tests read


def slow_run() -> bool:
    """Whether this run includes the slow tests (--slow, or STUDIO_SLOW_TESTS=1)."""
    return bool(os.environ.get("STUDIO_SLOW_TESTS"))


@pytest.fixture
def corpus_dir() -> Path:
    """The conformance corpus beside the checkout; tests using it skip in a user's clone."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent (it ships only beside the project's own checkout)")
    return CORPUS


def corpus_path() -> Path | None:
    """For parametrising at collection time: the corpus folder, or None when absent."""
    return CORPUS if CORPUS.is_dir() else None


@pytest.fixture
def settings(tmp_path):
    """The studio's settings kept in the test's own folder, never the user's."""
    from PySide6.QtCore import QSettings

    from studio.app.preferences_files import RECOVERY_FOLDER_KEY
    from studio.app.settings import StudioSettings

    settings = StudioSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    settings.set_value(RECOVERY_FOLDER_KEY, str(tmp_path / "recovery"))  # autosaves stay in the test's folder
    # The live verdict's solver process only where a test asks for it (tests/test_live_verdict.py).
    settings.set_value("live_verdict/enabled", False)
    return settings


@pytest.fixture
def window(qtbot, settings):
    """A shown main window that never blocks on the unsaved-changes prompt."""
    from tests.gui_helpers import show_main_window

    return show_main_window(qtbot, settings)


@pytest.fixture
def level_file(tmp_path) -> Path:
    """A blank 12x8 Escape level with an exit in its bottom-right corner (test files may
    define their own ``level_file`` for other games)."""
    from studio.games.escape.esx import save_esx
    from studio.games.escape.level import EscapeLevel
    from studio.games.escape.tiles import T

    level = EscapeLevel.blank(12, 8, "Test", "Tester")
    level.tiles[level.index(11, 7)] = T.EXIT
    path = tmp_path / "test.esx"
    path.write_bytes(save_esx(level))
    return path
