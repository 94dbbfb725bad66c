"""Escape's 60 tiles: their numbers (the file format's values), names and help text."""

from enum import IntEnum


class T(IntEnum):
    FLOOR = 0
    RED = 1
    BLUE = 2
    GREY = 3
    GREEN = 4
    EXIT = 5
    HOLE = 6
    GOLD = 7
    LASER = 8
    PANEL = 9
    STOP = 10
    RIGHT = 11
    LEFT = 12
    UP = 13
    DOWN = 14
    ROUGH = 15
    ELECTRIC = 16
    ON = 17
    OFF = 18
    TRANSPORT = 19
    BROKEN = 20
    LR = 21
    UD = 22
    ZERO = 23
    ONE = 24
    NS = 25
    NE = 26
    NW = 27
    SE = 28
    SW = 29
    WE = 30
    BUTTON = 31
    BLIGHT = 32
    RLIGHT = 33
    GLIGHT = 34
    BLACK = 35
    BUP = 36
    BDOWN = 37
    RUP = 38
    RDOWN = 39
    GUP = 40
    GDOWN = 41
    BSPHERE = 42
    RSPHERE = 43
    GSPHERE = 44
    SPHERE = 45
    TRAP2 = 46
    TRAP1 = 47
    BPANEL = 48
    RPANEL = 49
    GPANEL = 50
    STEEL = 51
    BSTEEL = 52
    RSTEEL = 53
    GSTEEL = 54
    HEARTFRAMER = 55
    SLEEPINGDOOR = 56
    TRANSPONDER = 57
    NSWE = 58
    REMOTE = 59


NUM_TILES = 60

# (display name, tooltip) per tile, in the editor's order.
TILE_INFO: dict[int, tuple[str, str]] = {
    T.FLOOR: ("Floor", "Free passage."),
    T.RED: ("Red block", "Pushed by the player; moves only over floor and panels."),
    T.BLUE: ("Blue block", "Invincible and immobile."),
    T.GREY: ("Grey block", "Like red, but can be pushed into a hole to fill it."),
    T.GREEN: ("Green block", "Pushed one space onto floor, then turns blue."),
    T.EXIT: ("Exit", "Reach it to solve the level."),
    T.HOLE: ("Hole", "Impassable until a grey block fills it."),
    T.GOLD: ("Gold block", "Flies when pushed until something stops it; the player stays."),
    T.LASER: ("Laser", "Kills the player when it sees him at the end of a move."),
    T.PANEL: ("Panel", "Swaps its destination with the bizarro layer when pressed or released."),
    T.STOP: ("Stop sign", "Decorative blue block."),
    T.RIGHT: ("Right arrow", "Decorative blue block."),
    T.LEFT: ("Left arrow", "Decorative blue block."),
    T.UP: ("Up arrow", "Decorative blue block."),
    T.DOWN: ("Down arrow", "Decorative blue block."),
    T.ROUGH: ("Rough floor", "The player walks on it; blocks cannot be pushed onto it."),
    T.ELECTRIC: ("Electric floor", "Consumes blocks pushed into it; blocks the player."),
    T.ON: ("On switch", "Pressing it turns it off, and all electric floor into floor."),
    T.OFF: ("Off switch", "A spent switch: an inert blue block."),
    T.TRANSPORT: ("Transporter", "Sends the player to its destination."),
    T.BROKEN: ("Broken block", "Pressing against it turns it into floor."),
    T.LR: ("Left-right block", "Pushed only horizontally, never onto panels."),
    T.UD: ("Up-down block", "Pushed only vertically, never onto panels."),
    T.ZERO: ("0 block", "Pressing against it swaps left-right and up-down blocks."),
    T.ONE: ("1 block", "Pressing against it swaps left-right and up-down blocks."),
    T.NS: ("Wire NS", "Wire north-south; pushable, presses panels."),
    T.NE: ("Wire NE", "Wire north-east; pushable, presses panels."),
    T.NW: ("Wire NW", "Wire north-west; pushable, presses panels."),
    T.SE: ("Wire SE", "Wire south-east; pushable, presses panels."),
    T.SW: ("Wire SW", "Wire south-west; pushable, presses panels."),
    T.WE: ("Wire WE", "Wire west-east; pushable, presses panels."),
    T.BUTTON: ("Button", "Pressing it pulses the connected wires."),
    T.BLIGHT: ("Blue light", "A pulse toggles blue floors up and down."),
    T.RLIGHT: ("Red light", "A pulse toggles red floors up and down."),
    T.GLIGHT: ("Green light", "A pulse toggles green floors up and down."),
    T.BLACK: ("Black space", "Impassable; lasers pass through."),
    T.BUP: ("Blue floor (up)", "A blue wall until a blue light toggles it."),
    T.BDOWN: ("Blue floor (down)", "Like rough until a blue light toggles it."),
    T.RUP: ("Red floor (up)", "A red wall until a red light toggles it."),
    T.RDOWN: ("Red floor (down)", "Like rough until a red light toggles it."),
    T.GUP: ("Green floor (up)", "A green wall until a green light toggles it."),
    T.GDOWN: ("Green floor (down)", "Like rough until a green light toggles it."),
    T.BSPHERE: ("Blue sphere", "Flies like gold; rows of spheres pass the push along; presses blue panels."),
    T.RSPHERE: ("Red sphere", "Flies like gold; rows of spheres pass the push along; presses red panels."),
    T.GSPHERE: ("Green sphere", "Flies like gold; rows of spheres pass the push along; presses green panels."),
    T.SPHERE: ("Grey sphere", "Flies like gold; rows of spheres pass the push along."),
    T.TRAP2: ("Hidden trap", "Becomes a visible trap when the player steps off it."),
    T.TRAP1: ("Trap", "Becomes a hole when the player steps off it."),
    T.BPANEL: ("Blue panel", "A panel that only a blue sphere or blue steel presses."),
    T.RPANEL: ("Red panel", "A panel that only a red sphere or red steel presses."),
    T.GPANEL: ("Green panel", "A panel that only a green sphere or green steel presses."),
    T.STEEL: ("Steel block", "Rows of steel push as one unit; otherwise like red."),
    T.BSTEEL: ("Blue steel", "Steel that presses blue panels."),
    T.RSTEEL: ("Red steel", "Steel that presses red panels."),
    T.GSTEEL: ("Green steel", "Steel that presses green panels."),
    T.HEARTFRAMER: ("Heart framer", "Collect them all to wake what sleeps."),
    T.SLEEPINGDOOR: ("Sleeping door", "An exit that wakes when the last heart framer is taken."),
    T.TRANSPONDER: ("Transponder", "Beams a pulse to the transponder it faces; pushable."),
    T.NSWE: ("Cross-over wire", "Carries north-south and west-east current separately; pushed like a wire."),
    T.REMOTE: ("Remote panel", "A panel pressed by a pulse of electricity; not pushable."),
}


def tile_name(tile: int) -> str:
    return TILE_INFO[tile][0]


def tile_tooltip(tile: int) -> str:
    return TILE_INFO[tile][1]


# Tiles that have a destination (the link tool's sources).
LINKED_TILES = frozenset({T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL, T.TRANSPORT, T.REMOTE})
PANELS = frozenset({T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL})

# The flags a cell's panels imply (bit 1 normal layer, bit 2 bizarro; bits 4/8 and
# 16/32 their colour: neither grey, low blue, high green, both red), as byte tables
# for bytes.translate: loading and starting a level do this for every cell.
_PANEL_COLOUR = {T.PANEL: 0b00, T.BPANEL: 0b01, T.GPANEL: 0b10, T.RPANEL: 0b11}
_NORMAL_PANEL_FLAGS = bytes(1 | _PANEL_COLOUR[t] << 2 if t in _PANEL_COLOUR else 0 for t in range(256))
_BIZARRO_PANEL_FLAGS = bytes(2 | _PANEL_COLOUR[t] << 4 if t in _PANEL_COLOUR else 0 for t in range(256))


def panel_flags(tiles, otiles) -> bytes:
    """The flags array the two tile layers imply (tiles are 0..255: a loaded level's are)."""
    count = len(tiles)
    normal = int.from_bytes(bytes(tiles).translate(_NORMAL_PANEL_FLAGS), "big")
    bizarro = int.from_bytes(bytes(otiles).translate(_BIZARRO_PANEL_FLAGS), "big")
    return (normal | bizarro).to_bytes(count, "big")


class Bot(IntEnum):
    BROKEN = 0
    DALEK = 1
    HUGBOT = 2
    DALEK_ASLEEP = 3
    HUGBOT_ASLEEP = 4
    BOMB = 5  # BOMB + n is a bomb with a fuse of n turns


MAX_FUSE = 10
MAX_BOTS = 15

BOT_INFO: dict[int, tuple[str, str]] = {
    Bot.BROKEN: ("Broken bot", "Does nothing; can be pushed like a block over most floors."),
    Bot.DALEK: ("Dalek", "Chases the player; kills him by walking into him."),
    Bot.HUGBOT: ("Hugbot", "Chases the player and pushes him."),
    Bot.DALEK_ASLEEP: ("Sleeping dalek", "Wakes when the last heart framer is taken."),
    Bot.HUGBOT_ASLEEP: ("Sleeping hugbot", "Wakes when the last heart framer is taken."),
}


def is_bomb(bot_type: int) -> bool:
    return bot_type >= Bot.BOMB


def bot_name(bot_type: int) -> str:
    if is_bomb(bot_type):
        return f"Bomb (fuse {bot_type - Bot.BOMB})"
    return BOT_INFO[bot_type][0]


def bot_tooltip(bot_type: int) -> str:
    if is_bomb(bot_type):
        return "Lit by pushing; explodes when its fuse runs out, destroying what is next to it."
    return BOT_INFO[bot_type][1]
