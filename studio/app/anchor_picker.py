"""The anchor of a resize: nine buttons, one per corner, side and the middle; the part of
the level at the chosen one stays in place and the level grows or shrinks away from it."""

from __future__ import annotations

import inspect

from PySide6.QtWidgets import QButtonGroup, QGridLayout, QToolButton, QWidget

PLACES = (("top-left", "top", "top-right"), ("left", "middle", "right"),
          ("bottom-left", "bottom", "bottom-right"))


def resizes_with_anchor(level) -> bool:
    """Whether the level's ``resized`` takes where its old corner lands (``left``, ``top``)."""
    try:
        return "left" in inspect.signature(level.resized).parameters
    except (TypeError, ValueError):
        return False


def anchored_offset(anchor: tuple[int, int], old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    """(left, top): where the old top-left cell lands so the anchor (column, row, each 0 to 2)
    stays put; growing by an odd number from the middle puts the extra cell right or below."""
    column, row = anchor
    return (new[0] - old[0]) * column // 2, (new[1] - old[1]) * row // 2


class AnchorPicker(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        for row, names in enumerate(PLACES):
            for column, name in enumerate(names):
                button = QToolButton()
                button.setCheckable(True)
                button.setFixedSize(24, 24)
                button.setToolTip(f"Keep the {name} in place")
                button.setObjectName(f"anchor_{name}")
                self.group.addButton(button, row * 3 + column)
                grid.addWidget(button, row, column)
        self.group.idToggled.connect(self._mark)
        self.set_anchor((0, 0))

    def set_anchor(self, anchor: tuple[int, int]) -> None:
        self.group.button(anchor[1] * 3 + anchor[0]).setChecked(True)

    def anchor(self) -> tuple[int, int]:
        chosen = self.group.checkedId()
        return chosen % 3, chosen // 3

    def _mark(self, button_id: int, checked: bool) -> None:
        self.group.button(button_id).setText("●" if checked else "")
