"""Every square-grid editing tool, in toolbar order: the first ones (tools.py) and the
ones Tiled users reach for, each in its own module."""

from __future__ import annotations

from studio.editor.shapes import EllipseTool, LineTool, OutlineRectangleTool
from studio.editor.stamp import StampTool
from studio.editor.tools import (
    BotTool, BrushTool, EraserTool, FloodFillTool, LinkTool, PlayerStartTool, RectangleTool, SelectTool,
)
from studio.editor.wand import MagicWandTool, SelectSameTileTool

ALL_TOOLS = (BrushTool, StampTool, LineTool, RectangleTool, OutlineRectangleTool, EllipseTool, FloodFillTool,
             EraserTool, SelectTool, MagicWandTool, SelectSameTileTool, PlayerStartTool, BotTool, LinkTool)
