"""Escape's Qt art: the drawing helpers (drawing), the tiles (map_tiles, circuit_tiles),
the bots and player (bots), and ``EscapeArt`` that draws and caches them (art)."""
