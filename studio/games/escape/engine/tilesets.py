"""Which tiles do what: the README's lists as lookup tables indexed by tile.

Each table is a ``bytes`` of 64 entries (1 = member), so ``TABLE[tile]`` is a
fast membership test in the hot paths.
"""

from studio.games.escape.tiles import T


def _table(*tiles) -> bytes:
    row = bytearray(64)
    for t in tiles:
        row[t] = 1
    return bytes(row)


# "All tiles block lasers except for ..."
LASER_PASSES = _table(T.FLOOR, T.ELECTRIC, T.ROUGH, T.RDOWN, T.GDOWN, T.BDOWN, T.TRAP2, T.TRAP1,
                      T.PANEL, T.BPANEL, T.GPANEL, T.RPANEL, T.BLACK, T.HOLE)

# "Here are the tiles that can be destroyed by bombs"
BOMBABLE = _table(T.EXIT, T.SLEEPINGDOOR, T.LASER, T.BROKEN, T.GREY, T.RED, T.GREEN, T.GOLD,
                  T.NS, T.WE, T.NW, T.NE, T.SW, T.SE, T.NSWE, T.TRANSPONDER, T.BUTTON,
                  T.BLIGHT, T.GLIGHT, T.RLIGHT, T.BLUE, T.STOP, T.HEARTFRAMER,
                  T.PANEL, T.RPANEL, T.GPANEL, T.BPANEL, T.REMOTE)

# Tiles an entity (player or bot) stands on.
WALKABLE = _table(T.FLOOR, T.ROUGH, T.RDOWN, T.GDOWN, T.BDOWN, T.TRAP2, T.TRAP1, T.EXIT,
                  T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL)

# Where the player or a bot may be pushed: open ground, but never onto an exit.
PUSHED_ONTO = _table(*(t for t in range(64) if WALKABLE[t] and t != T.EXIT))

PANEL_TILES = _table(T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL)

# Where a pushed block may come to rest ("only over FLOOR and the various panels").
BLOCK_LANDS = _table(T.FLOOR, T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL)

# Blocks that move one cell when pushed, the pusher following.
PLAIN_BLOCKS = _table(T.RED, T.GREY, T.NS, T.NE, T.NW, T.SE, T.SW, T.WE, T.NSWE, T.TRANSPONDER)
SLIDERS = _table(T.LR, T.UD)
SPHERES = _table(T.BSPHERE, T.RSPHERE, T.GSPHERE, T.SPHERE)
STEELS = _table(T.STEEL, T.BSTEEL, T.RSTEEL, T.GSTEEL)

# Wires: the directions (1 up, 2 down, 3 left, 4 right) each end points to.
WIRE_ENDS = {
    T.NS: (1, 2), T.NE: (1, 4), T.NW: (1, 3), T.SE: (2, 4), T.SW: (2, 3), T.WE: (3, 4),
}

# Coloured floors a light toggles: light -> (up tile, down tile).
LIGHT_FLOORS = {
    T.BLIGHT: (T.BUP, T.BDOWN),
    T.RLIGHT: (T.RUP, T.RDOWN),
    T.GLIGHT: (T.GUP, T.GDOWN),
}
