"""What the web player draws of a Labyrinthos state (core.web_play): each square in the
level's colours and the player's mark in the colour of the square under it. Sprite keys
name pictures the export draws with the studio's art (studio.games.laby.view.web_sprite):
"s<square>-<foreground>-<background>" and "p-<colour>", a colour written "r.g.b"."""

from __future__ import annotations

from studio.core.web_play import along
from studio.games.laby.squares import Square


def colour_text(colour) -> str:
    return ".".join(str(int(part)) for part in colour)


def parse_colour(text: str) -> tuple[int, int, int]:
    red, green, blue = (int(part) for part in text.split("."))
    return red, green, blue


def square_key(square: int, colours) -> str:
    foreground, background = colours[square]
    return f"s{int(square)}-{colour_text(foreground)}-{colour_text(background)}"


def player_key(square: int, colours) -> str:
    return f"p-{colour_text(colours[square][0])}"


def sprite_keys(level) -> list[str]:
    colours = tuple(level.colour_pair(square) for square in Square)
    return sorted({square_key(square, colours) for square in Square} | {player_key(square, colours) for square in Square})


def scene(state, report=None) -> dict:
    board = state.board
    player = {"id": "player", "key": player_key(board.squares[state.player], board.colours), "cell": state.player}
    return {"width": board.width, "height": board.height, "actors": [player], "effects": [],
            "mark": {"kind": "won", "cell": state.player} if state.won else None}


def ground(state) -> list[str]:
    """Each square in the level's colours, row by row."""
    board = state.board
    return [square_key(square, board.colours) for square in board.squares]


def ground_key(state):
    """The squares never change in play: the page draws them once."""
    return state.board


def motions(adapter, state, report) -> list[dict]:
    return [dict(along(motion.path, motion.jumps), id="player") for motion in adapter.motions(report)]
