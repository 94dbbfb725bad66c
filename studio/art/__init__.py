"""Qt: a game's view and art when they are too large for one ``view.py`` in its package
(Escape's: studio/art/escape/). The game names its view lazily (``Game.view``), so
nothing under ``core/`` or ``games/`` imports this package, or Qt, at all."""
