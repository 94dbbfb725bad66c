"""The player shell's look: a dark frame (levels' colours read best on it) whose text
grows with the window, so the game reads the same in a small window and full screen."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

BACKGROUND = "#15171b"
PANEL = "#1f232a"
TEXT = "#dfe3ea"
MUTED = "#8a909a"
ACCENT = "#4a90e2"
SOLVED = "#8ee6a5"
WARNING = "#ffb3ad"

# The text size, in pixels, for a window of this height; never below MIN_TEXT_PX.
REFERENCE_HEIGHT = 720
REFERENCE_TEXT_PX = 17
MIN_TEXT_PX = 12


def text_px(window_height: int) -> int:
    return max(MIN_TEXT_PX, round(REFERENCE_TEXT_PX * window_height / REFERENCE_HEIGHT))


def style_sheet(px: int) -> str:
    """The whole shell's style for a base text size of ``px`` pixels."""
    return f"""
QWidget {{ background: {BACKGROUND}; color: {TEXT}; font-size: {px}px; }}
QLabel {{ background: transparent; }}
#title_name {{ font-size: {px * 3}px; font-weight: 700; }}
#title_author, #muted, #keys_help {{ color: {MUTED}; }}
#keys_help {{ font-size: {round(px * 0.8)}px; }}
#screen_heading {{ font-size: {round(px * 1.5)}px; font-weight: 700; }}
QPushButton {{ background: {PANEL}; border: 2px solid #2c323b; border-radius: {px // 2}px;
               padding: {px // 2}px {px}px; font-size: {round(px * 1.2)}px; }}
QPushButton:focus {{ border-color: {ACCENT}; background: #243246; }}
QLineEdit {{ background: {PANEL}; border: 2px solid #2c323b; border-radius: {px // 3}px; padding: {px // 4}px; }}
QLineEdit:focus {{ border-color: {ACCENT}; }}
QListWidget {{ background: {BACKGROUND}; border: none; outline: none; }}
QListWidget::item {{ border: 2px solid transparent; border-radius: {px // 2}px; padding: {px // 3}px; }}
QListWidget::item:selected {{ border-color: {ACCENT}; background: #243246; color: {TEXT}; }}
#play_header {{ font-size: {round(px * 1.2)}px; font-weight: 600; }}
#play_outcome[kind="won"] {{ color: {SOLVED}; font-weight: 600; }}
#play_outcome[kind="dead"] {{ color: {WARNING}; font-weight: 600; }}
#play_hint {{ color: #9cc8ff; font-weight: 600; }}
#win_panel {{ background: rgba(24, 32, 28, 235); border: 2px solid #2f6b43; border-radius: {px}px; }}
#win_panel QWidget {{ background: transparent; }}
#win_headline {{ color: {SOLVED}; font-size: {round(px * 2)}px; font-weight: 700; }}
#win_table {{ font-family: monospace; }}
"""


def apply_palette(app) -> None:
    """Fusion with a dark palette: the parts the style sheet does not reach (scroll bars)."""
    app.setStyle("Fusion")
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, colour in ((roles.Window, BACKGROUND), (roles.WindowText, TEXT), (roles.Base, PANEL),
                         (roles.Text, TEXT), (roles.Button, PANEL), (roles.ButtonText, TEXT),
                         (roles.Highlight, ACCENT), (roles.HighlightedText, "#ffffff")):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
