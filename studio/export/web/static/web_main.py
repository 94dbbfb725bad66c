"""The web game's Python side, run by Brython: the page (player.js) calls these functions
with plain values and gets JSON text back, a frame of core.web_play to draw. An error in a
level (a damaged file) comes back as {"error": words}, never as an exception in the page."""

import base64
import importlib
import json
import traceback

from browser import window

from studio.core.web_play import WebSession
from web_modules import MODULES

# Brython cannot import a module while it runs a call from the page (a key press, a click: no
# Python frame is under way), and the studio imports some modules inside functions (a game's
# Lazy references, its loader): every shipped module is imported now, while the page loads.
for _name in MODULES:
    importlib.import_module(_name)

_session = [None]


def _answer(call):
    def run(*args):
        try:
            return json.dumps(call(*args))
        except Exception as error:  # the page shows the words and keeps the player's progress
            window.console.error(traceback.format_exc())
            message = str(error) or type(error).__name__
            return json.dumps({"error": message})
    return run


def _game(game_id):
    return importlib.import_module("studio.games." + str(game_id)).GAME


def open_level(game_id, data_b64, hint):
    session = WebSession(_game(game_id), base64.b64decode(str(data_b64)), str(hint or ""))
    _session[0] = session
    return dict(session.frame(), keys=session.keys())


def press(index):
    return _session[0].press(int(index))


def play_text(text):
    return _session[0].play_text(str(text))


def seek(position):
    return _session[0].seek(int(position))


def solution():
    return {"text": _session[0].solution(), "moves": _session[0].position}


def player_file(game_id, wins_json, player):
    """The player's wins as the game's own progress file, when it has one (Escape: a .esp)."""
    scene = _game(game_id).web_scene.resolve()
    make = getattr(scene, "progress_file", None)
    if make is None:
        return {"error": "this game keeps no progress file"}
    name, data = make(json.loads(str(wins_json)), str(player or ""))
    return {"name": name, "base64": base64.b64encode(data).decode("ascii")}


engine = window.studioEngine
engine.open = _answer(open_level)
engine.press = _answer(press)
engine.undo = _answer(lambda: _session[0].undo())
engine.redo = _answer(lambda: _session[0].redo())
engine.restart = _answer(lambda: _session[0].restart())
engine.hint = _answer(lambda: _session[0].hint())
engine.playText = _answer(play_text)
engine.seek = _answer(seek)
engine.solution = _answer(solution)
engine.playerFile = _answer(player_file)
window.studioEngineReady()
