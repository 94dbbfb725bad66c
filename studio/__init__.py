"""Puzzle Level Studio: design and play-test levels of turn-based tile puzzles."""

__version__ = "0.1.0"
