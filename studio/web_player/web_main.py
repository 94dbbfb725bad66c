"""The web game's Python side, run by Brython: the page (player.js) sends each command as a
"studio-call" event holding {"name", "args"} in JSON, and reads the answer, JSON text, from
studioEngine.answer: a frame of core.web_play to draw, or {"error": words} (a damaged level
never raises into the page). Events, not direct calls: Brython imports a module only
inside a handler it has bound, and the studio imports some modules when first used."""

import web_stand_ins  # noqa: F401 (first: the stand-ins for modules a page never needs)

import binascii
import json
import sys

from browser import document, window

from studio.core.web_play import WebSession
from web_modules import GAME_ID

__import__("studio.games." + GAME_ID)
GAME = sys.modules["studio.games." + GAME_ID].GAME
GAME.playtest.resolve()  # the rules and how to draw them, before the first level is opened
GAME.web_scene.resolve()
_session = [None]


def _where(error):
    """The error and the lines it passed through (the traceback module is slow to load here)."""
    lines, trace = [], error.__traceback__
    while trace is not None:
        lines.append(f"  {trace.tb_frame.f_code.co_filename}, line {trace.tb_lineno}")
        trace = trace.tb_next
    return "\n".join([f"{type(error).__name__}: {error}"] + lines)


def open_level(data_b64, hint):
    session = WebSession(GAME, binascii.a2b_base64(str(data_b64).encode("ascii")), str(hint or ""))
    _session[0] = session
    return dict(session.frame(), keys=session.keys(), controls=session.controls())


def player_file(wins, player):
    """The player's wins as the game's own progress file, when it has one (Escape: a .esp)."""
    make = getattr(GAME.web_scene.resolve(), "progress_file", None)
    if make is None:
        return {"error": "this game keeps no progress file"}
    name, data = make(wins, str(player or ""))
    return {"name": name, "base64": binascii.b2a_base64(data, newline=False).decode("ascii")}


def _current():
    if _session[0] is None:
        raise ValueError("no level is open")
    return _session[0]


COMMANDS = {
    "open": open_level,
    "press": lambda index: _current().press(int(index)),
    "undo": lambda: _current().undo(),
    "redo": lambda: _current().redo(),
    "restart": lambda: _current().restart(),
    "hint": lambda: _current().hint(),
    "playText": lambda text: _current().play_text(str(text)),
    "keysOf": lambda text: {"keys": _current().key_indices(str(text))},
    "solution": lambda: {"text": _current().solution(), "moves": _current().position},
    "playerFile": player_file,
}


def _call(event):
    try:
        request = json.loads(str(event.detail))
        answer = COMMANDS[request["name"]](*request["args"])
    except Exception as error:  # the page shows the words and keeps the player's progress
        window.console.error(_where(error))
        answer = {"error": str(error) or type(error).__name__}
    window.studioEngine.answer = json.dumps(answer)


document.bind("studio-call", _call)
window.studioEngineReady()
