"""Small Escape levels drawn as text, for the play-test tests: one per annotation case."""

from __future__ import annotations

from studio.games.escape.level import BotPlacement, EscapeLevel
from studio.games.escape.tiles import Bot, T

LEGEND = {
    "#": T.BLUE, ".": T.FLOOR, "@": T.FLOOR, "X": T.EXIT, "L": T.LASER, "r": T.RED, "p": T.PANEL,
    "t": T.TRANSPORT, "h": T.HEARTFRAMER, "z": T.SLEEPINGDOOR, "g": T.GREY, "o": T.HOLE,
    "d": T.FLOOR, "b": T.FLOOR, "k": T.FLOOR,  # bots stand on floor: d dalek, k hugbot, b bomb
}
BOT_KINDS = {"d": Bot.DALEK, "k": Bot.HUGBOT, "b": Bot.BOMB}  # a bomb with a fuse of 0


def text_level(rows: list[str], dests: dict[tuple[int, int], tuple[int, int]] | None = None,
               title: str = "Test") -> EscapeLevel:
    """A level from rows of the legend's characters; ``dests`` links (x, y) -> (x, y)."""
    height, width = len(rows), len(rows[0])
    level = EscapeLevel.blank(width, height, title, "Tester")
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            cell = level.index(x, y)
            level.tiles[cell] = int(LEGEND[char])
            if char == "@":
                level.player = (x, y)
            if char in BOT_KINDS:
                level.bots.append(BotPlacement(cell, int(BOT_KINDS[char])))
    for (x, y), (dx, dy) in (dests or {}).items():
        level.dests[level.index(x, y)] = level.index(dx, dy)
    return level


LASER = ["#######",
         "#....L#",
         "#@..X.#",
         "#######"]  # up: the laser sees the player; right x3 wins

DALEK = ["######",
         "#@.d.#",
         "#....#",
         "#...X#",
         "######"]  # right: the dalek steps onto the player

BOMB = ["######",
        "#@b..#",
        "#....#",
        "#...X#",
        "######"]  # right: the pushed bomb (fuse 0) goes off beside the player

BLOCKED = ["######",
           "#@r#.#",
           "#....#",
           "#...X#",
           "######"]  # right: the red block cannot move into the wall

PANEL = ["#######",
         "#@p...#",
         "#.....#",
         "#....X#",
         "#######"]  # right: the panel fires, its destination (5, 2) swaps

TRANSPORTER = ["#######",
               "#@t...#",
               "#.....#",
               "#....X#",
               "#######"]  # right: the transporter sends the player to (4, 2)

HEARTS = ["#######",
          "#@h..z#",
          "#.....#",
          "#######"]  # right, right, right, right: take the heart, then the door wakes into an exit
