"""The studio's dark Fusion look: levels' colours read best on a dark frame."""

from PySide6.QtGui import QColor, QPalette


def apply_dark_theme(app) -> None:
    app.setStyle("Fusion")
    palette = QPalette()
    base, window, text = QColor(37, 39, 44), QColor(47, 50, 56), QColor(223, 227, 234)
    roles = QPalette.ColorRole
    palette.setColor(roles.Window, window)
    palette.setColor(roles.WindowText, text)
    palette.setColor(roles.Base, base)
    palette.setColor(roles.AlternateBase, window)
    palette.setColor(roles.ToolTipBase, QColor(60, 63, 70))
    palette.setColor(roles.ToolTipText, text)
    palette.setColor(roles.Text, text)
    palette.setColor(roles.Button, window)
    palette.setColor(roles.ButtonText, text)
    palette.setColor(roles.Highlight, QColor(64, 128, 220))
    palette.setColor(roles.HighlightedText, QColor(255, 255, 255))
    palette.setColor(roles.Link, QColor(110, 170, 255))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(disabled, role, QColor(120, 124, 132))
    app.setPalette(palette)
