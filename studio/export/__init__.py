"""Exporting a designer's levels as a packaged game of their own: which levels and their
checks (``levels``), the bundle's folder and PyInstaller spec (``bundle``), and the
build in a separate process (``build``). Pure Python, no Qt; never shipped in a game."""
