"""Run in the browser by tests/test_web_fidelity.py, not by pytest: the studio's Escape and
ChronoShift engines under Brython play the fuzz cases the test serves (cases.json), a chunk
at a time, and give back what the CPython fuzz tests compute of each."""

import base64
import json

from browser import window

from escape_states import compare_states
from studio.games.chrono.solution import play_solution as play_chrono
from studio.games.chrono.superfun import load_superfun
from studio.games.escape.engine import LETTER_DIRECTIONS, initial_state, play_solution
from studio.games.escape.esx import load_esx

CASES = json.loads(open("cases.json").read())
LOADERS = {"escape": load_esx, "chrono": load_superfun}
_levels = {}


def _level(kind, name):
    key = (kind, name)
    if key not in _levels:
        _levels[key] = LOADERS[kind](base64.b64decode(CASES["levels"][kind][name]))
    return _levels[key]


def _escape(case):
    level = _level("escape", case["level"])
    moves = [LETTER_DIRECTIONS[letter] for letter in case["moves_udlr"]]
    got = play_solution(initial_state(level), moves)
    result = {"verdict": got.verdict, "moves": got.moves}
    if case.get("trace"):
        result["difference"] = compare_states(level, case["trace"])[2]
    return result


def _chrono(case):
    replay = play_chrono(_level("chrono", case["level"]), case["solution"])
    return {"complete": replay.verdict == "won", "paradox": replay.verdict == "paradox",
            "score": replay.score, "clones": replay.clones}


def run(kind, start, count):
    play = _escape if kind == "escape" else _chrono
    results = []
    for case in CASES[kind][int(start):int(start) + int(count)]:
        try:
            results.append(play(case))
        except Exception as error:
            results.append({"error": f"{type(error).__name__}: {error}"})
    return json.dumps(results)


window.fuzzRun = run
window.fuzzReady = True
