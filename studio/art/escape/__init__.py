"""Escape's Qt part, too large for one view.py: the view (view: what Game.view names),
the drawing helpers (drawing), the tiles (map_tiles, circuit_tiles), the bots and player
(bots), and ``EscapeArt`` that draws and caches them (art)."""
