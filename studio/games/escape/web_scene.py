"""What the web player draws of an Escape state (core.web_play): the tile on each cell, the
bots and the player, and the paths of the last step. Sprite keys name pictures the export
draws with the studio's own art (studio.art.escape.view.web_sprite): "t<tile>",
"b<bot kind>" (a lit bomb: BOMB + its fuse left) and "player"."""

from __future__ import annotations

from studio.core.web_play import along
from studio.games.escape.engine.panels import ground_under
from studio.games.escape.engine.state import EXPLODED
from studio.games.escape.tiles import BOT_INFO, MAX_FUSE, NUM_TILES, Bot

PLAYER = "player"


def sprite_keys(level=None) -> list[str]:
    """Every picture a level of this game can show."""
    keys = [f"t{tile}" for tile in range(NUM_TILES)]
    keys += [f"b{kind}" for kind in BOT_INFO] + [f"b{Bot.BOMB + fuse}" for fuse in range(MAX_FUSE + 1)]
    return keys + [PLAYER]


def _bot_art(kind: int, data: int) -> int:
    return int(Bot.BOMB) + data if kind >= Bot.BOMB and data >= 0 else int(kind)


def scene(state, report=None) -> dict:
    actors, effects = [], []
    before = report.before.bots if report is not None else ()
    for number, (kind, cell, data) in enumerate(state.bots):
        actor = {"id": f"bot{number}", "key": f"b{_bot_art(kind, data)}", "cell": cell, "label": str(number + 1)}
        if kind >= 0:
            actors.append(actor)
        elif kind == EXPLODED:
            effects.append({"kind": "blast", "cell": cell})
        elif number < len(before) and before[number][0] >= 0:  # destroyed this step: it fades out
            old_kind, _, old_data = before[number]
            actors.append(dict(actor, key=f"b{_bot_art(old_kind, old_data)}", fade=True))
    actors.append({"id": PLAYER, "key": PLAYER, "cell": state.player})
    mark = "dead" if state.dead else "won" if state.won else ""
    return {"width": state.width, "height": state.height, "actors": actors, "effects": effects,
            "mark": {"kind": mark, "cell": state.player} if mark else None}


def ground(state) -> list[str]:
    """The tile on each cell, row by row."""
    return [f"t{tile}" for tile in state.tiles]


def ground_key(state):
    """What the ground depends on, cheap to compare: the page redraws it only when this changes."""
    return state.tiles


def motions(adapter, state, report) -> list[dict]:
    """The adapter's motions with the web player's actor ids; a pushed block slides as a
    sprite of its own over what lies under its end."""
    moved = []
    for motion in adapter.motions(report):
        sprite = motion.sprite
        entry = along(motion.path, motion.jumps)
        if sprite == PLAYER:
            entry["id"] = PLAYER
        elif isinstance(sprite, tuple) and sprite[0] == "bot":
            entry["id"] = f"bot{sprite[1]}"
        elif isinstance(sprite, tuple) and sprite[0] == "tile":
            end = motion.path[-1]
            entry.update(id=f"block{len(moved)}", key=f"t{int(sprite[1])}", under=f"t{ground_under(state.flags[end])}")
        else:
            continue
        moved.append(entry)
    return moved


def progress_file(wins: list[dict], player: str) -> tuple[str, bytes]:
    """The web player's wins as a real Escape player file: (its name, its bytes). Each win is
    {"md5": of the level file, "title", "solution": UDLR text, "time": seconds}."""
    from studio.games.escape.esp import new_player_file, text_to_moves
    from studio.games.escape.progress import PLAYER_FILE, latin1_name, won_solution

    file = new_player_file(latin1_name(player))
    for win in wins:
        file.add_solution(str(win["md5"]), won_solution(str(win.get("title", "")), text_to_moves(str(win["solution"])),
                                                        player, win.get("time", 0)))
    return PLAYER_FILE, file.to_bytes()
